"""The command line: the only module that touches sys, the terminal and the disk."""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional, Sequence, TextIO

from . import __version__
from .rfc3986 import RULES, normalize, resolve, validate


def _cmd_validate(args: argparse.Namespace, out: TextIO) -> int:
    ret = 0
    for uri in args.uri:
        problems = validate(uri, args.rule)
        if not problems:
            print(f"{uri}: valid {args.rule}", file=out)
            continue
        ret = 1
        for p in problems:
            print(f"{uri}", file=out)
            print(" " * p.offset + "^", file=out)
            print(f"column {p.offset + 1}: {p.message} [{p.rule}]", file=out)
    return ret


def _cmd_normalize(args: argparse.Namespace, out: TextIO) -> int:
    for uri in args.uri:
        print(normalize(uri), file=out)
    return 0


def _cmd_resolve(args: argparse.Namespace, out: TextIO) -> int:
    print(resolve(args.base, args.ref, strict=not args.non_strict), file=out)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="urilint", description=__doc__)
    parser.add_argument("--version", action="version", version=f"urilint {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    p = sub.add_parser("validate", help="check URIs against RFC 3986 Appendix A, with a caret at each problem")
    p.add_argument("uri", nargs="+")
    p.add_argument("--rule", choices=RULES, default="URI-reference")
    p.set_defaults(func=_cmd_validate)
    p = sub.add_parser("normalize", help="print the RFC 3986 section 6 normal form of URIs")
    p.add_argument("uri", nargs="+")
    p.set_defaults(func=_cmd_normalize)
    p = sub.add_parser("resolve", help="resolve a reference against a base URI (RFC 3986 section 5.2)")
    p.add_argument("base")
    p.add_argument("ref")
    p.add_argument("--non-strict", action="store_true", help="read 'http:g' as relative to an http base")
    p.set_defaults(func=_cmd_resolve)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    ret: int = args.func(args, sys.stdout)
    return ret


if __name__ == "__main__":
    raise SystemExit(main())
