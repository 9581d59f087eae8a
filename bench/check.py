"""The rule pass on real URIs: urilint.check vs is_valid and detect-secrets' basic-auth plugin.

Issue 3's target: check() on a valid, normalized URI costs close to is_valid(), because a clean
URI takes a fast path that skips per-rule work.  The table times, on the same corpus of distinct
URIs as the core suite:

* ``urilint.check`` with the default selection (the linter's real per-URI cost);
* ``urilint.check`` with every rule selected (``ALL``), which disables the fast path for no URI
  but runs every rule on the rest;
* ``urilint.is_valid`` (the floor check() is held to);
* detect-secrets' ``BasicAuthDetector().analyze_string`` (its regex for ``user:password@``),
  the closest peer for the credential part of the job.

A second table runs the same functions on the URIs check() reports, the slow path.
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Sequence, Tuple

import urilint
from urilint.settings import Settings

from bench import common

ALL = Settings(select=frozenset({"ALL"}))


def candidates() -> List[Tuple[str, str, Optional[Callable[[str], Any]], str]]:
    out: List[Tuple[str, str, Optional[Callable[[str], Any]], str]] = [
        ("check", "urilint.check (default rules)", urilint.check, ""),
        ("check_all", "urilint.check (ALL rules)", lambda s: urilint.check(s, settings=ALL), ""),
        ("is_valid", "urilint.is_valid", urilint.is_valid, ""),
    ]
    peer = common.import_peer("detect_secrets", "detect-secrets")
    if peer.module is not None:
        from detect_secrets.plugins.basic_auth import BasicAuthDetector

        detector = BasicAuthDetector()
        out.append(("basic_auth", f"{peer.label} BasicAuthDetector", lambda s: list(detector.analyze_string(s)), ""))
    else:
        out.append(("basic_auth", "detect-secrets BasicAuthDetector", None, peer.problem))
    return out


def table(title: str, items: Sequence[str], repeat: int, min_time: float) -> dict:  # type: ignore[type-arg]
    cands = candidates()
    timed = [(k, label, fn) for k, label, fn, _ in cands if fn is not None]
    timings = dict(zip((k for k, _, _ in timed), common.time_interleaved([fn for _, _, fn in timed], items,
                                                                          repeat, min_time)))
    rows = {k: common.Row(label, timings.get(k), problem) for k, label, _, problem in cands}
    refs = [rows["check"]]
    common.print_throughput_table(title, list(rows.values()), refs)
    return rows


def run(argv: Sequence[str]) -> int:
    parser = common.make_parser("check", __doc__.splitlines()[0] if __doc__ else "check")
    parser.add_argument("--limit", type=int, default=50_000, metavar="N", help="at most N distinct URIs")
    parser.add_argument("--min-time", type=float, default=None, metavar="S")
    args = parser.parse_args(argv)
    repeat = common.repeat_of(args)
    min_time = args.min_time if args.min_time is not None else (0.005 if args.quick else 0.2)
    corpus = common.corpus_for(args)
    items = corpus.uris
    flagged = [s for s in items if urilint.check(s)]
    common.stdout_line("# check: the rule pass per URI")
    common.stdout_line(common.environment_line())
    common.stdout_line(f"corpus: {corpus.description}; check() reports {len(flagged):,} of them")
    rows = table("all corpus URIs ('check x' = how many times as fast as check)", items, repeat, min_time)
    if flagged:
        table("only the URIs check() reports (slow path)", flagged, repeat, min_time)
    ratio_valid = common.ratio(rows["check"], rows["is_valid"])
    print()
    print(common.verdict("urilint.check costs close to is_valid (check at least 1/3 of is_valid's speed)",
                         ratio_valid, None if ratio_valid is None else ratio_valid >= 1 / 3))
    ratio_da = common.ratio(rows["check"], rows["basic_auth"])
    print(common.verdict("urilint.check vs detect-secrets BasicAuthDetector (info)", ratio_da,
                         None if ratio_da is None else True, rows["basic_auth"].note))
    return 0
