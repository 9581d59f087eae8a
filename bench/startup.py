"""Where the start-up of one ``urilint check`` goes: imports, class and pattern building, the check.

The ``latency`` suite times whole processes against issue 16's targets (one small Markdown
file at most 6x ``python -c pass``, one Python file with no URI literal at most 8x).  This suite
says why a run costs what it does, so a target that is missed is missed with a measurement:
each of its runs is a fresh interpreter (``-c`` with a small probe) that wraps three standard
library hooks before urilint is imported and then runs ``urilint.cli.main`` on one file:

* the time spent building urilint's classes (``builtins.__build_class__`` for a class body of
  a urilint module; records are ``typing.NamedTuple`` classes, which cost about a tenth of a
  frozen dataclass to define on 3.11, and no dataclass is left on the start-up path);
* the time spent compiling regular expressions (``re._compile`` on a cache miss);
* how many modules were loaded, urilint's own and the others.

and the probe's wall and CPU time from its first line to the end of ``main`` (the interpreter's
own start-up, ``python -c pass``, is timed beside it).  The table gives medians over ``--runs``
fresh processes; the "urilint itself" line is the run minus the standard-library floor the
``latency`` suite measures.  Numbers are for reading, not for tests: no target here.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Sequence, Tuple

from bench import common
from bench.latency import FILES, FLOOR

#: Runs in the child: hooks first, then urilint's command line on argv[1]; one JSON line out.
PROBE = r"""
import json, sys, time, resource
t0, c0 = time.perf_counter(), time.process_time()
import builtins, re
spent = {"classes": [0.0, 0], "regex": [0.0, 0]}
def timed(key, fn):
    def wrapper(*args, **kwargs):
        t = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[key][0] += time.perf_counter() - t
            spent[key][1] += 1
    return wrapper
_build_class = builtins.__build_class__
depth = [0]
def build_class(body, name, *bases, **kwargs):
    if depth[0] or not getattr(body, "__module__", "").startswith("urilint"):
        return _build_class(body, name, *bases, **kwargs)
    depth[0] += 1  # a class built while building one (a NamedTuple's base) is in its time
    try:
        return timed("classes", _build_class)(body, name, *bases, **kwargs)
    finally:
        depth[0] -= 1
builtins.__build_class__ = build_class
_compile = re._compile
def counted(pattern, flags):
    key = (type(pattern), pattern, flags)
    cached = key in re._cache if hasattr(re, "_cache") else False
    if cached:
        return _compile(pattern, flags)
    return timed("regex", _compile)(pattern, flags)
re._compile = counted
before = set(sys.modules)
t1 = time.perf_counter()
import io, contextlib
from urilint.cli import main
t2 = time.perf_counter()
with contextlib.redirect_stdout(io.StringIO()):
    code = main(["check", "--isolated", sys.argv[1]])
t3, c3 = time.perf_counter(), time.process_time()
new = set(sys.modules) - before
print(json.dumps({
    "total": t3 - t0, "cpu": c3 - c0, "import": t2 - t1, "main": t3 - t2, "code": code,
    "classes": spent["classes"], "regex": spent["regex"],
    "own": sum(1 for m in new if m == "urilint" or m.startswith("urilint.")),
    "other": sum(1 for m in new if not (m == "urilint" or m.startswith("urilint."))),
}))
"""
FULL_RUNS = 9
QUICK_RUNS = 1


def measure(path: Path, runs: int) -> List[Dict[str, Any]]:
    out = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", PROBE, str(path)], cwd=str(path.parent), capture_output=True,
                              text=True, timeout=120)
        lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
        if done.returncode != 0 or not lines:
            raise SystemExit(f"startup probe failed on {path.name} (exit {done.returncode}):\n{done.stderr[-2000:]}")
        out.append(json.loads(lines[-1]))
    return out


def interpreter_ms(runs: int, cwd: str) -> Tuple[float, float]:
    """Median wall and CPU milliseconds of ``python -c pass`` and of the standard-library floor."""
    bare = [common.run_process([sys.executable, "-c", "pass"], cwd, timeout=60) for _ in range(runs)]
    floor = [common.run_process([sys.executable, "-c", "import " + FLOOR], cwd, timeout=60) for _ in range(runs)]
    return (statistics.median(r.cpu or r.wall for r in bare) * 1000,
            statistics.median(r.cpu or r.wall for r in floor) * 1000)


def rows_for(name: str, samples: Sequence[Dict[str, Any]], bare_ms: float, floor_ms: float) -> List[List[str]]:
    def med(key: str, index: int = -1) -> float:
        return statistics.median((s[key][index] if index >= 0 else s[key]) for s in samples)

    cpu = med("cpu") * 1000 + bare_ms  # the probe starts after the interpreter's own start-up
    parts = [
        ("whole run, CPU (probe + python -c pass)", cpu, f"{cpu / bare_ms:.1f}x python -c pass"),
        ("  python -c pass", bare_ms, "the interpreter alone"),
        ("  standard-library floor (its part of the run)", floor_ms - bare_ms, "latency suite's FLOOR"),
        ("  importing urilint.cli (wall)", med("import") * 1000,
         f"{statistics.median(s['own'] for s in samples):.0f} urilint modules, "
         f"{statistics.median(s['other'] for s in samples):.0f} others"),
        ("    building urilint's classes", med("classes", 0) * 1000,
         f"{statistics.median(s['classes'][1] for s in samples):.0f} classes"),
        ("    compiling regular expressions", med("regex", 0) * 1000,
         f"{statistics.median(s['regex'][1] for s in samples):.0f} patterns"),
        ("  main() on the file (wall)", med("main") * 1000, "reading, scanning, checking, reporting"),
        ("urilint itself: whole run minus the floor", cpu - floor_ms,
         f"{(cpu - floor_ms) / bare_ms:.1f}x python -c pass"),
    ]
    return [[name if i == 0 else "", label, f"{ms:.1f}", note] for i, (label, ms, note) in enumerate(parts)]


def run(argv: Sequence[str]) -> int:
    parser = common.make_parser("startup", __doc__.splitlines()[0] if __doc__ else "startup")
    parser.add_argument("--runs", type=int, default=None, metavar="N",
                        help=f"fresh processes per file (default {FULL_RUNS}; {QUICK_RUNS} with --quick)")
    args = parser.parse_args(argv)
    runs = max(1, args.runs if args.runs is not None else
               common.repeat_of(args, default=FULL_RUNS, quick_default=QUICK_RUNS))
    common.stdout_line("# startup: where one urilint check's start-up goes")
    common.stdout_line(common.environment_line())
    common.stdout_line(common.ensure_bytecode())
    body: List[List[str]] = []
    with tempfile.TemporaryDirectory(prefix="urilint-startup-") as tmp:
        folder = Path(tmp)
        bare_ms, floor_ms = interpreter_ms(runs, tmp)
        for name, text, _ in FILES:
            if name not in ("README.md", "nouri.py"):
                continue
            (folder / name).write_text(text, encoding="utf-8")
            body.extend(rows_for(name, measure(folder / name, runs), bare_ms, floor_ms))
    common.stdout_line(f"\n## medians of {runs} fresh processes per file (ms)\n")
    common.stdout_line(common.render_table(["file", "part", "ms", "note"], body, [False, False, True, False]))
    common.stdout_line("\nThe hooks add their own small cost to the two lines they time; read them as shares.")
    return 0
