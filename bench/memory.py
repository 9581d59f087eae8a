"""Peak memory of urilint dump and check on 1x, 2x and 4x copies of the docs corpus.

Issue 16's target is memory independent of corpus size: a linter that streams its reports holds
one file (per worker) at a time, however many files there are.  The corpus (the shared docs
corpus, ``--corpus`` for another folder) is copied four times into a temporary folder; the 1x run
reads copy 1, 2x reads copies 1-2 and 4x copies 1-4 (real copies: discovery sees ordinary
files).  Each command runs with ``-j 1`` and ``-j 2``, ``--isolated``, output to /dev/null:

* ``urilint dump``, as text and as JSON;
* ``urilint check`` in every output format: json, full (the default report, with source
  lines), concise, sarif, junit and github.  ``--commands`` picks some (their keys:
  dump, dump-json, check-json, check-full, ...).

Two numbers per run:

* *peak RSS*: the largest single process of the run (the main process or one worker), exact,
  from ``os.wait4``.  The command is started through a tiny launcher (``python -S``, a few MB),
  because Linux carries the RSS of the process that forks into its child's peak; the launcher's
  floor is shown on the ``python -c pass`` line;
* *tree RSS*: the summed RSS of the main process and its workers, sampled every 20 ms (Linux;
  a page shared after a fork counts in every process, so this overstates).

The table gives both at each size and their growth (4x / 1x); growth above 1.25x is flagged
GROWS and the target line FAILs.  Without the corpus the suite says so and stops (exit 0);
``--quick`` uses a generated corpus of 20 small Markdown files per copy, at 1x and 2x.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from bench import common
from bench.latency import README_MD, urilint_argv

#: glibc's thresholds for giving freed memory back (--tuned-malloc): allocations from 64 KiB up
#: get their own mapping, and a free heap top of 64 KiB is trimmed.
TUNED_MALLOC = {"MALLOC_MMAP_THRESHOLD_": "65536", "MALLOC_TRIM_THRESHOLD_": "65536"}

MAX_GROWTH = 1.25
FULL_SIZES = (1, 2, 4)
QUICK_SIZES = (1, 2)
QUICK_FILES = 20  # urilint -j N only starts workers for 16 files or more

#: (key, label, arguments after ``urilint``): every output format of dump and check
COMMANDS: Tuple[Tuple[str, str, Tuple[str, ...]], ...] = (
    ("dump", "urilint dump", ("dump", "--isolated")),
    ("dump-json", "urilint dump --output-format json", ("dump", "--isolated", "--output-format", "json")),
    *((f"check-{fmt}", f"urilint check --output-format {fmt}",
       ("check", "--isolated", "--exit-zero", "--output-format", fmt))
      for fmt in ("json", "full", "concise", "sarif", "junit", "github")),
)


def corpus_size(root: Path) -> Tuple[int, int]:
    files = [p for p in root.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)


def write_quick_corpus(root: Path) -> None:
    """A few small Markdown files with clean and reported links (the latency suite's README,
    plus a line with findings so check has something to report)."""
    root.mkdir(parents=True)
    for i in range(QUICK_FILES):
        (root / f"page{i:02d}.md").write_text(
            README_MD + f"\nOld link: <HTTP://Example.COM:80/page/{i}>\n", encoding="utf-8")


def make_copies(source: Optional[Path], tmp: Path, copies: int) -> List[Path]:
    """``copies`` real copies of ``source`` (or of the quick corpus) under ``tmp``."""
    out = []
    for i in range(1, copies + 1):
        target = tmp / f"copy{i}"
        if source is None:
            write_quick_corpus(target)
        else:
            shutil.copytree(source, target, symlinks=True)
        out.append(target)
    return out


@dataclass(frozen=True)
class Measured:
    peak_kib: Optional[int]
    tree_kib: Optional[int]
    seconds: Optional[float]
    problem: str


def measure(argv: Sequence[str], cwd: str, repeat: int, env: Optional[Dict[str, str]] = None) -> Measured:
    """Median over ``repeat`` runs of each number (1 run by default: memory is steady)."""
    peaks, trees, walls = [], [], []
    for _ in range(repeat):
        run = common.run_peak_rss(argv, cwd, timeout=3600, env=env)
        problem = run.problem((0,))
        if problem:
            return Measured(None, None, None, problem)
        if run.max_rss_kib is not None:
            peaks.append(run.max_rss_kib)
        if run.tree_rss_kib:
            trees.append(run.tree_rss_kib)
        walls.append(run.wall)
    return Measured(int(statistics.median(peaks)) if peaks else None,
                    int(statistics.median(trees)) if trees else None, statistics.median(walls), "")


def mib(kib: Optional[int]) -> str:
    return "-" if kib is None else f"{kib / 1024:.1f}"


def growth(values: Sequence[Optional[int]]) -> Optional[float]:
    first, last = values[0], values[-1]
    return last / first if first and last else None


def run(argv: Sequence[str]) -> int:
    parser = common.make_parser("memory", __doc__.splitlines()[0] if __doc__ else "memory")
    parser.add_argument("--corpus", metavar="DIR", help=f"the folder to copy (default {common.DOCS_CORPUS})")
    parser.add_argument("--jobs", default="1,2", metavar="LIST", help="job counts, comma-separated (default 1,2)")
    parser.add_argument("--commands", metavar="KEYS", help="comma-separated command keys (default: all)")
    parser.add_argument("--tuned-malloc", action="store_true",
                        help="also run every command with glibc's mmap and trim thresholds at 64 KiB "
                             f"({', '.join(f'{k}={v}' for k, v in TUNED_MALLOC.items())}): what of the growth "
                             "is the allocator keeping freed memory, not live objects")
    args = parser.parse_args(argv)
    wanted = {k.strip() for k in args.commands.split(",")} if args.commands else {key for key, _, _ in COMMANDS}
    commands = [c for c in COMMANDS if c[0] in wanted]
    repeat = common.repeat_of(args, default=1, quick_default=1)
    sizes = QUICK_SIZES if args.quick else FULL_SIZES
    jobs = [int(j) for j in args.jobs.split(",") if j.strip()]

    common.stdout_line("# memory: peak RSS of urilint dump and check as the corpus grows")
    common.stdout_line(common.environment_line())
    source: Optional[Path] = None
    if not args.quick:
        source = common.corpus_folder(args)
        if source is None:
            return 0
    urilint, note = urilint_argv()
    with tempfile.TemporaryDirectory(prefix="urilint-memory-") as tmp:
        copies = make_copies(source, Path(tmp), max(sizes))
        files, size = corpus_size(copies[0])
        what = f"{source}" if source is not None else "a generated corpus (--quick)"
        weight = f"{size / common.MB:.1f} MB" if size >= common.MB else f"{size / common.KB:.0f} KB"
        common.stdout_line(f"corpus: {files:,} files, {weight} per copy, copied from {what}; "
                           f"sizes {', '.join(f'{s}x' for s in sizes)}; jobs {', '.join(map(str, jobs))}"
                           + (f"; {note}" if note else ""))
        floor = common.run_peak_rss([sys.executable, "-c", "pass"], tmp)
        common.stdout_line(f"floor: python -c pass through the launcher peaks at {mib(floor.max_rss_kib)} MiB")
        results: Dict[Tuple[str, int], List[Measured]] = {}
        variants = [("", None)] + ([(" [malloc 64K]", {**os.environ, **TUNED_MALLOC})] if args.tuned_malloc else [])
        for suffix, env in variants:
            for key, _, args_ in commands:
                for j in jobs:
                    results[(key + suffix, j)] = [
                        measure([*urilint, *args_, "-j", str(j), *map(str, copies[:s])], tmp, repeat, env)
                        for s in sizes]
                    if not args.quick:
                        print(f"# measured {key}{suffix} -j {j}", file=sys.stderr, flush=True)
        commands = [(key + suffix, label + suffix, a) for suffix, _ in variants for key, label, a in commands]

    headers = ["command", "jobs", *(f"peak MiB @{s}x" for s in sizes), f"peak {sizes[-1]}x/1x",
               *(f"tree MiB @{s}x" for s in sizes), f"tree {sizes[-1]}x/1x",
               *(f"s @{s}x" for s in sizes), "flag"]
    body = []
    verdicts = []
    for key, label, _ in commands:
        for j in jobs:
            row = results[(key, j)]
            problem = next((m.problem for m in row if m.problem), "")
            peak = growth([m.peak_kib for m in row])
            tree = growth([m.tree_kib for m in row])
            grows = peak is not None and peak > MAX_GROWTH
            body.append([label, str(j), *(mib(m.peak_kib) for m in row), common.fmt_ratio(peak),
                         *(mib(m.tree_kib) for m in row), common.fmt_ratio(tree),
                         *("-" if m.seconds is None else f"{m.seconds:.1f}" for m in row),
                         problem or ("GROWS" if grows else "flat")])
            verdicts.append(common.verdict(
                f"{label} -j {j}: peak RSS at {sizes[-1]}x <= {MAX_GROWTH:g}x peak RSS at 1x", peak,
                None if peak is None else not grows, problem))
    right = [False, True, *(True for _ in range(3 * len(sizes) + 2)), False]
    common.stdout_line("\n## peak RSS (MiB = 1024 KiB; peak = largest single process, exact; "
                       "tree = main process + workers, sampled)\n")
    common.stdout_line(common.render_table(headers, body, right))
    common.stdout_line("\n## targets (issue 16: memory independent of corpus size)\n")
    for line in verdicts:
        common.stdout_line(line)
    return 0
