"""The command line: the only module that touches sys, the terminal and the disk."""

from __future__ import annotations

import argparse
import os
import sys
from typing import List, Optional, Sequence, TextIO

from . import __version__
from .rfc3986 import RULES, normalize, resolve, validate
from .rules import RULES as LINT_RULES
from .rules import lookup
from .rules.base import Rule

DOCS_URL = "https://github.com/urilint/urilint/blob/main/README.md#rules"


def rule_table() -> str:
    """The Markdown rule table README.md carries (a test keeps the two identical)."""
    lines = ["| code | name | summary | default | fix |", "| --- | --- | --- | --- | --- |"]
    for r in LINT_RULES:
        summary = r.summary.replace("|", "\\|")
        default = "on" if r.default else "off"
        lines.append(f"| {r.code} | {r.name} | {summary} | {default} | {r.fix_safety} |")
    return "\n".join(lines)


def rule_doc(rule: Rule) -> str:
    head = f"# {rule.code} {rule.name}\n\n{rule.summary}.\n\nReference: {rule.reference}\n"
    flags = f"On by default: {'yes' if rule.default else 'no'}.  Fix: {rule.fix_safety}.\n\n"
    return head + flags + rule.doc


def _cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    for r in LINT_RULES:
        print(f"{r.code}  {r.name:<32} {'' if r.default else '(off) '}{r.summary}", file=out)
    return 0


def _cmd_rule(args: argparse.Namespace, out: TextIO) -> int:
    rule = lookup(args.code)
    if rule is None:
        print(f"urilint: no rule {args.code!r}; `urilint rules` lists them", file=sys.stderr)
        return 2
    print(rule_doc(rule), file=out)
    return 0


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
    p = sub.add_parser("rules", help="list every rule")
    p.set_defaults(func=_cmd_rules)
    p = sub.add_parser("rule", help="show a rule's documentation")
    p.add_argument("code", help="a code (URI301) or a name (password-in-userinfo)")
    p.set_defaults(func=_cmd_rule)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        ret: int = args.func(args, sys.stdout)
    except BrokenPipeError:
        # The reader went away (`urilint rules | head`): stop quietly, as Unix tools do.
        devnull = open(os.devnull, "w")
        os.dup2(devnull.fileno(), sys.stdout.fileno())
        return 1
    return ret


if __name__ == "__main__":
    raise SystemExit(main())
