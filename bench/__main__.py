"""``python -m bench SUITE [options]``: run one benchmark suite, or ``all`` of them.

Suites are found, not registered: every module ``bench/<name>.py`` that defines ``run`` is one
(except ``common`` and names starting with ``_``).  See the package docstring for the protocol.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from pathlib import Path
from typing import Callable, List, Optional, Sequence

from bench import common

NOT_SUITES = frozenset({"common"})


def suite_names() -> List[str]:
    """Every suite module in bench/, sorted by name."""
    here = str(Path(__file__).resolve().parent)
    return sorted(m.name for m in pkgutil.iter_modules([here])
                  if not m.name.startswith("_") and m.name not in NOT_SUITES)


def load_suite(name: str) -> Callable[[Sequence[str]], int]:
    module = importlib.import_module(f"bench.{name}")
    run = getattr(module, "run", None)
    if not callable(run):
        raise SystemExit(f"bench/{name}.py has no run(argv) -> int")
    return run  # type: ignore[no-any-return]


def summary(name: str) -> str:
    doc = importlib.import_module(f"bench.{name}").__doc__ or ""
    return doc.strip().splitlines()[0] if doc.strip() else ""


def run_all(argv: Sequence[str]) -> int:
    """Run every suite with the common options only (suite-specific ones differ per suite)."""
    parser = argparse.ArgumentParser(prog="python -m bench all",
                                     description="Run every suite with the options they all accept.")
    common.add_common_arguments(parser)
    args = parser.parse_args(argv)
    forwarded: List[str] = []
    if args.quick:
        forwarded.append("--quick")
    if args.repeat is not None:
        forwarded += ["--repeat", str(args.repeat)]
    status = 0
    for name in suite_names():
        common.stdout_line(f"\n# suite: {name}")
        rc = load_suite(name)(forwarded)
        if rc != 0:
            common.stdout_line(f"# suite {name} exited with {rc}")
        status = status or rc
    return status


def main(argv: Optional[Sequence[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    names = suite_names()
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip() if __doc__ else "")
        print("\nsuites: " + ", ".join([*names, "all"]) + "   (python -m bench --list; "
              "python -m bench SUITE --help)")
        return 0 if argv else 2
    if argv[0] == "--list":
        for name in names:
            print(f"{name:14} {summary(name)}")
        print(f"{'all':14} every suite above, in this order")
        return 0
    suite, rest = argv[0], argv[1:]
    if suite == "all":
        return run_all(rest)
    if suite not in names:
        print(f"unknown suite {suite!r}; suites: {', '.join([*names, 'all'])}", file=sys.stderr)
        return 2
    return load_suite(suite)(rest)


if __name__ == "__main__":
    sys.exit(main())
