"""Instructions per reported URI against a clean one: counted by valgrind, not timed.

The ``findings`` suite holds issue 16's "a reported URI costs at most 3x a clean one" in
seconds, and on a shared machine the same row moves by 10-15% between runs: a row near the
line (the default port: 2.97x in one run, 3.08x in the next) cannot say whether a change
helped.  This suite counts the instructions the same work executes, which repeat exactly
whatever else the machine is doing: each row's workload runs in a child Python under
``valgrind --tool=callgrind`` at two sizes, and the difference of the two totals, divided by
the URIs (times the passes) between them, is the cost of one URI, imports and warm-up taken
out.  The rows are ``findings``'s: ``urilint.check`` on N distinct URIs of one kind (clean, or
each with one finding), and the same URIs one per line of a Markdown and a Python file through
the pipeline ``urilint check`` runs on a file (``findings.pipeline``).

Instructions are not seconds: the reported path runs more distinct code, with more branches
and allocations per instruction, so its time ratio is higher than its instruction ratio
(bench/README.md gives the two side by side).  The table is a diagnostic for changes, not a
target; no verdict is printed.  Without valgrind every row says so.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import List, Optional, Sequence, Tuple

from bench import common
from bench.findings import CLEAN, EVERY_RULE, REPORTED, file_text, pipeline, uris

#: Where a row's URIs are checked: one call of ``urilint.check`` each, or a file of them.
LEVELS = ("check", "markdown", "python")
#: The warm-up's URIs (imports done, patterns compiled, plans made) are not the timed ones.
WARM_UP = 20
_TOTAL = re.compile(r"refs:\s*([0-9,]+)")


def workload(level: str, template: str, n: int, passes: int) -> int:
    """What a child runs under valgrind: a warm-up, then ``passes`` over ``n`` URIs of
    ``template`` (the findings suite's repeated runs see each URI again, as here)."""
    import urilint

    warm = template.replace("{i}", "w{i}")
    if level == "check":
        for u in uris(warm, WARM_UP):
            urilint.check(u, settings=EVERY_RULE)
        items = uris(template, n)
        total = 0
        for _ in range(passes):
            for u in items:
                total += len(urilint.check(u, settings=EVERY_RULE))
        return total
    pipeline(file_text(level, warm, WARM_UP), level)
    text = file_text(level, template, n)
    return sum(pipeline(text, level) for _ in range(passes))


def count(valgrind: str, level: str, template: str, n: int, passes: int) -> Optional[int]:
    """Instructions one child executes (None when it failed)."""
    code = (f"import sys; sys.path.insert(0, {str(common.REPO_ROOT)!r}); from bench.instructions import workload; "
            f"workload({level!r}, {template!r}, {n}, {passes})")
    # A fixed hash seed: with Python's random one, the order of sets and dicts of strings moved
    # the counts of one code by 1-2% between runs (clean: 79.5k to 80.6k).
    proc = subprocess.run([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", code],
                          capture_output=True, text=True, timeout=1800, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = _TOTAL.search(proc.stderr)
    return int(found.group(1).replace(",", "")) if proc.returncode == 0 and found else None


def per_uri(valgrind: str, level: str, template: str, sizes: Tuple[int, int], passes: int) -> Optional[float]:
    """Instructions per URI: the difference between the two sizes' totals."""
    small, large = (count(valgrind, level, template, n, passes) for n in sizes)
    if small is None or large is None:
        return None
    return (large - small) / ((sizes[1] - sizes[0]) * passes)


def run(argv: Sequence[str]) -> int:
    parser = common.make_parser("instructions", __doc__.splitlines()[0] if __doc__ else "instructions")
    parser.add_argument("--uris", type=int, default=None, metavar="N",
                        help="URIs between the two sizes (default 300; 40 with --quick)")
    parser.add_argument("--levels", default=None, metavar="LIST",
                        help=f"comma-separated among {', '.join(LEVELS)} (default all; check with --quick)")
    parser.add_argument("--jobs", type=int, default=2, metavar="N", help="children under valgrind at once")
    args = parser.parse_args(argv)
    n = args.uris or (40 if args.quick else 300)
    passes = 1 if args.quick else 3
    sizes = (max(1, n // 3), max(1, n // 3) + n)
    levels = [lv for lv in (args.levels or ("check" if args.quick else ",".join(LEVELS))).split(",") if lv]
    unknown = [lv for lv in levels if lv not in LEVELS]
    if unknown:
        parser.error(f"unknown level(s): {', '.join(unknown)}")
    rows = [("clean", CLEAN)] + list(REPORTED[1:2] if args.quick else REPORTED)

    common.stdout_line("# instructions: what a reported URI executes against a clean one")
    common.stdout_line(common.environment_line())
    valgrind = common.tool_binary("valgrind")  # (BENCH_HIDE_PEERS=valgrind: as if absent)
    common.stdout_line(f"valgrind: {valgrind or 'not installed'}; {n:,} URIs between the sizes {sizes[0]:,} "
                       f"and {sizes[1]:,}, {passes} pass(es) over them; instructions are exact, not sampled"
                       + ("  [--quick: one reported row, one pass]" if args.quick else ""))
    jobs = [(lv, kind, t) for lv in levels for kind, t in rows]
    if valgrind is None:
        counts: List[Optional[float]] = [None] * len(jobs)
    else:
        with ThreadPoolExecutor(max(1, args.jobs)) as pool:
            counts = list(pool.map(lambda j: per_uri(valgrind, j[0], j[2], sizes, passes), jobs))
    for level in levels:
        body = []
        clean: Optional[float] = None
        for (lv, kind, _), value in zip(jobs, counts):
            if lv != level:
                continue
            clean = value if kind == "clean" else clean
            shown = f"{value / 1000:.1f}" if value is not None else ("not installed" if valgrind is None else "failed")
            body.append([kind, shown, common.fmt_ratio(value / clean if value is not None and clean else None)])
        where = "urilint.check per URI" if level == "check" else f"per URI line of a {level} file"
        common.stdout_line(f"\n## {where}: thousands of instructions\n")
        common.stdout_line(common.render_table(["URIs", "k instructions", "x clean"], body, [False, True, True]))
    return 0
