"""Python sources: flake8 with and without the urilint plugin, and urilint check, on the stdlib.

Issue 5's targets, on the running interpreter's standard library (``sysconfig.get_paths()
["stdlib"]`` without site-packages, about 1,800 ``.py`` files; ``--quick`` takes the first 12):

* wall time of ``flake8`` with its default plugins, and of the same run with urilint's plugin,
  at ``-j1`` and at flake8's default job count: urilint may add at most 15%;
* wall time of ``urilint check`` on the same files (``-j1`` and its default jobs): at most a
  third of flake8's own time at the same job count.

Both flake8 runs go through one small launcher (``python -c``) that starts flake8's own
``main``; for the run "without urilint" it drops urilint from flake8's plugin discovery, so both
runs pay the same start-up and differ only by the plugin.  Every tool gets the same explicit list
of files, runs in an empty temporary folder with ``--isolated`` (no configuration), and writes to
/dev/null.  Each command runs ``--repeat`` times (3 by default, 1 with ``--quick``), taking
turns (without, with, check, then the other way round), and the table reports the median run
(the best beside it) with the median CPU time (user + system of the process and its workers,
``os.wait4``); the targets hold the medians.

A second table breaks urilint's own time down in-process, per step of the Python scanner: the
pre-filter, the lexer, the compile that confirms a module with candidates parses, the scan as a
whole and ``check_text`` (scan + rules).  libcst's share is reported from ``sys.modules``: the
scanner does not import it (see ``urilint/scanners/python.py``, "Why no full parse").
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
import tokenize
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from bench import common

# Runs flake8's own entry point; with "--without-urilint" first, urilint is removed from the
# plugins flake8 discovers (forked worker processes inherit the patched finder).
LAUNCHER = r"""
import sys
from flake8.plugins import finder
if sys.argv[1] == "--without-urilint":
    _find = finder.find_plugins
    finder.find_plugins = lambda *a, **k: [p for p in _find(*a, **k) if p.package != "urilint"]
from flake8.main.cli import main
main(sys.argv[2:])
"""
QUICK_FILES = 12
MAX_ADDED = 0.15  # flake8 + urilint <= 1.15 x flake8
MAX_CHECK_SHARE = 1 / 3  # urilint check <= flake8 / 3


def stdlib_files(limit: Optional[int]) -> List[Path]:
    root = Path(sysconfig.get_paths()["stdlib"])
    files = sorted(p for p in root.rglob("*.py")
                   if not {"site-packages", "dist-packages", "__pycache__"} & set(p.parts))
    return files[:limit] if limit else files


def has_urilint_plugin() -> str:
    """"" when flake8 will load urilint's plugin, else why not."""
    code = "from flake8.plugins import finder; import sys; sys.exit(0 if any(p.package == 'urilint' " \
           "for p in finder._find_importlib_plugins()) else 3)"
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=120)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"cannot run flake8: {exc}"
    if done.returncode == 3:
        return "flake8 does not list the urilint plugin (reinstall: pip install -e .)"
    return "" if done.returncode == 0 else f"flake8 failed: {done.stderr.decode(errors='replace')[-200:]}"


Command = List[str]


def commands(files: Sequence[Path], jobs: Optional[int]) -> Dict[str, Command]:
    paths = [str(p) for p in files]
    j = [f"-j{jobs}"] if jobs else []
    flake8 = [sys.executable, "-c", LAUNCHER]
    return {
        "flake8": [*flake8, "--without-urilint", "--isolated", "--exit-zero", *j, *paths],
        "flake8+urilint": [*flake8, "--with-urilint", "--isolated", "--exit-zero", *j, *paths],
        "urilint check": [sys.executable, "-m", "urilint", "check", "--isolated", "--exit-zero",
                          "--output-format", "concise", *(["-j", str(jobs)] if jobs else []), *paths],
    }


@dataclass
class Runs:
    """The timed runs of one command: wall and CPU seconds per run, or why it has none."""

    label: str
    files: int
    wall: List[float] = field(default_factory=list)
    cpu: List[float] = field(default_factory=list)
    note: str = ""

    @property
    def median(self) -> Optional[float]:
        return statistics.median(self.wall) if self.wall and not self.note else None

    @property
    def cpu_median(self) -> Optional[float]:
        return statistics.median(self.cpu) if self.cpu and not self.note else None


def measure(files: Sequence[Path], jobs: Optional[int], repeat: int) -> Dict[str, Runs]:
    """Wall and CPU times of the three commands, ``repeat`` rounds taking turns (the order
    reversed every other round, so neither side always runs right after the other)."""
    cmds = commands(files, jobs)
    runs = {key: Runs(key, len(files)) for key in cmds}
    order = list(cmds)
    with tempfile.TemporaryDirectory() as cwd:
        for r in range(repeat):
            for key in (order if r % 2 == 0 else order[::-1]):
                if runs[key].note:
                    continue
                done = common.run_process(cmds[key], cwd, timeout=3600)
                runs[key].note = done.problem((0,))
                runs[key].wall.append(done.wall)
                if done.cpu is not None:
                    runs[key].cpu.append(done.cpu)
    return runs


def print_wall_table(results: Dict[str, Dict[str, Runs]]) -> None:
    headers = ["command", "jobs", "files", "runs", "median s", "best s", "CPU median s", "vs flake8",
               "CPU vs flake8", "note"]
    body = []
    for jobs, rows in results.items():
        base, base_cpu = rows["flake8"].median, rows["flake8"].cpu_median
        for key, row in rows.items():
            t = row.median
            if t is None:
                body.append([key, jobs, "-", str(len(row.wall)), "-", "-", "-", "-", "-", row.note])
                continue
            cpu = row.cpu_median
            body.append([key, jobs, str(row.files), str(len(row.wall)), f"{t:.2f}", f"{min(row.wall):.2f}",
                         "-" if cpu is None else f"{cpu:.2f}", f"{t / base:.2f}x" if base else "-",
                         f"{cpu / base_cpu:.2f}x" if cpu is not None and base_cpu else "-", row.note])
    # On a loaded machine the wall clock mostly measures the neighbours; CPU time (summed over
    # the workers, so not a parallel run's latency) shows the work each command did.
    print("\n## wall time on the standard library (seconds: median run, best run, median CPU; "
          "'vs flake8' = median / flake8's median, wall and CPU)\n")
    print(common.render_table(headers, body, [False, True, True, True, True, True, True, True, True, False]))


def targets(results: Dict[str, Dict[str, Runs]]) -> List[str]:
    lines = []
    for jobs, rows in results.items():
        base, plugin, check = (rows[k].median for k in ("flake8", "flake8+urilint", "urilint check"))
        ratio = plugin / base if plugin and base else None
        lines.append(common.verdict(f"flake8 + urilint <= {1 + MAX_ADDED:.2f}x flake8 ({jobs}, median)", ratio,
                                    None if ratio is None else ratio <= 1 + MAX_ADDED,
                                    rows["flake8+urilint"].note or rows["flake8"].note))
        share = check / base if check and base else None
        lines.append(common.verdict(f"urilint check <= 1/3 of flake8 ({jobs}, median)", share,
                                    None if share is None else share <= MAX_CHECK_SHARE,
                                    rows["urilint check"].note or rows["flake8"].note))
    return lines


# -- in-process breakdown -------------------------------------------------------------------
def read_texts(files: Sequence[Path]) -> List[str]:
    """The files as flake8 reads them (PEP 263 cookie, BOM), undecodable ones skipped."""
    texts = []
    for path in files:
        try:
            with tokenize.open(path) as handle:
                texts.append(handle.read())
        except (OSError, SyntaxError, UnicodeDecodeError):
            continue
    return texts


def _timed(fn: Callable[[str], object], texts: Sequence[str], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for text in texts:
            fn(text)
        best = min(best, time.perf_counter() - start)
    return best


def breakdown(texts: Sequence[str], repeat: int) -> List[List[str]]:
    from urilint.pipeline import check_text
    from urilint.scanners import python as scanner

    lexed = [t for t in texts if scanner.may_hold_uri(t)]
    with_candidates = [t for t in lexed if scanner.scan_python(t)]
    steps: List[Tuple[str, Callable[[str], object], Sequence[str]]] = [
        ("pre-filter (may_hold_uri), every file", scanner.may_hold_uri, texts),
        ("lex, files that pass the pre-filter", scanner.lex, lexed),
        ("compile to confirm the parse, files with candidates", scanner.syntax_error, with_candidates),
        ("scan_python, every file", scanner.scan_python, texts),
        ("check_text (scan + rules + fix edits), every file", lambda t: check_text(t, "python"), texts),
    ]
    total = None
    rows = []
    for label, fn, items in steps:
        spent = _timed(fn, items, repeat)
        if label.startswith("check_text"):
            total = spent
        rows.append([label, str(len(items)), f"{spent:.3f}"])
    for row in rows:
        row.append(f"{float(row[2]) / total * 100:.0f}%" if total else "-")
    rows.append(["libcst (reading each candidate literal), every file", str(len(texts)),
                 f"{_libcst_seconds(texts, scanner):.3f}", "-"])
    if total:
        rows[-1][3] = f"{float(rows[-1][2]) / total * 100:.0f}%"
    return rows


def _libcst_seconds(texts: Sequence[str], scanner: object) -> float:
    """Time spent inside libcst_value during one scan of every file (libcst's share)."""
    module: Any = scanner
    original = module.libcst_value
    spent = [0.0]

    def timed(text: str, group: object) -> object:
        start = time.perf_counter()
        try:
            return original(text, group)
        finally:
            spent[0] += time.perf_counter() - start

    module.libcst_value = timed
    try:
        for text in texts:
            module.scan_python(text)
    finally:
        module.libcst_value = original
    return spent[0]


def run(argv: Sequence[str]) -> int:
    parser = common.make_parser("python", __doc__.splitlines()[0] if __doc__ else "python")
    parser.add_argument("--files", type=int, default=None, metavar="N",
                        help=f"only the first N stdlib files (sorted; --quick: {QUICK_FILES})")
    parser.add_argument("--jobs", default="1,default", metavar="LIST",
                        help="job counts to measure, comma-separated: numbers and/or 'default' (default: 1,default)")
    args = parser.parse_args(argv)
    repeat = common.repeat_of(args, default=3, quick_default=1)
    files = stdlib_files(args.files or (QUICK_FILES if args.quick else None))
    size = sum(p.stat().st_size for p in files)

    common.stdout_line("# python: flake8 + urilint and urilint check on the standard library")
    common.stdout_line(common.environment_line() + f"; flake8 {common.dist_version('flake8')}")
    common.stdout_line(f"corpus: {len(files):,} .py files ({size / common.MB:.1f} MB) under "
                       f"{sysconfig.get_paths()['stdlib']} (site-packages excluded)")
    common.stdout_line(f"timing: {repeat} runs of each command, taking turns; median reported"
                       + ("  [--quick: numbers are not meaningful]" if args.quick else ""))
    problem = has_urilint_plugin()
    if problem:
        common.stdout_line(f"note: {problem}")

    results: Dict[str, Dict[str, Runs]] = {}
    for item in (j.strip() for j in args.jobs.split(",") if j.strip()):
        jobs = None if item == "default" else int(item)
        label = f"-j{jobs}" if jobs else f"default ({os.cpu_count()} CPUs)"
        results[label] = measure(files, jobs, repeat)
        if problem:
            results[label]["flake8+urilint"] = Runs("flake8+urilint", len(files), note=problem)
    print_wall_table(results)

    print("\n## urilint's own time in-process, by step (seconds, best run)\n")
    # One pass per step unless asked for more: the wall table's repeats are the expensive part.
    rows = breakdown(read_texts(files), 1 if args.repeat is None else max(1, args.repeat))
    print(common.render_table(["step", "files", "seconds", "of check_text"], rows, [False, True, True, True]))

    common.stdout_line("\n## targets (issue 5)\n")
    for line in targets(results):
        common.stdout_line(line)
    return 0
