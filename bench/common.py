"""Helpers every suite shares: options, timing, peers, tables, verdicts and the URI corpus.

Timing follows :mod:`timeit`'s method: the garbage collector is off while a run is timed, a run
repeats the work until it lasts at least ``min_time`` (so short inputs are not lost in timer
noise), and of ``repeat`` runs the *best* is reported (the least disturbed by the rest of the
machine) with the median beside it so noise shows.  Every callable is timed the same way, called
once per item from the same plain loop, so peers and urilint pay the same call overhead.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import math
import multiprocessing
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from types import ModuleType
from typing import IO, Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, TypeVar

_T = TypeVar("_T")

KB = 1024
MB = 1024 * 1024

#: Where the shared docs corpus sits beside a developer's or CI's clone (``../shared``).
REPO_ROOT = Path(__file__).resolve().parent.parent
DOCS_CORPUS = REPO_ROOT.parent / "shared" / "corpora" / "docs"

#: Comma-separated peer module names to treat as absent, so the "not installed" path of the
#: runner can be exercised on a machine that has the bench extra (tests/test_bench.py uses it).
HIDE_PEERS_ENV = "BENCH_HIDE_PEERS"


# -- options --------------------------------------------------------------------------------
def make_parser(suite: str, description: str) -> argparse.ArgumentParser:
    """An argument parser with the options every suite must accept (``all`` forwards them)."""
    parser = argparse.ArgumentParser(prog=f"python -m bench {suite}", description=description)
    add_common_arguments(parser)
    return parser


def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quick", action="store_true",
                        help="a tiny, fast run that checks the runner works (numbers are not meaningful)")
    parser.add_argument("--repeat", type=int, default=None, metavar="N",
                        help="timed runs per measurement; the best is reported (default: per suite)")


def repeat_of(args: argparse.Namespace, default: int = 5, quick_default: int = 1) -> int:
    """``--repeat`` if given, else the suite's default for a full or a ``--quick`` run."""
    if args.repeat is not None:
        return max(1, int(args.repeat))
    return quick_default if args.quick else default


# -- the machine ----------------------------------------------------------------------------
def environment_line() -> str:
    """Which interpreter, machine and urilint produced the numbers."""
    return (f"Python {platform.python_version()} ({platform.python_implementation()}) on "
            f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs; "
            f"urilint {dist_version('urilint')}")


def ensure_bytecode() -> str:
    """Compile urilint's modules to ``__pycache__`` as an installed package has them, and say so.

    A start-up measurement is about an installed tool; pip compiles a wheel's modules at
    install time, but an editable install in an environment with PYTHONDONTWRITEBYTECODE set
    (CI images often set it) would compile every module from source in every timed run and
    measure the compiler instead.  Every module is compiled again (``force``): compileall
    takes a ``.pyc`` for current when its recorded mtime matches, but the importer also compares
    the source's size, so a file saved twice within a second kept a ``.pyc`` that every timed
    run refused and compiled from source again (seen: 3.5 ms a run for one edited module)."""
    import compileall
    import importlib.util

    spec = importlib.util.find_spec("urilint")
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    for folder in folders:
        compileall.compile_dir(folder, quiet=1, force=True)
    flag = " (PYTHONDONTWRITEBYTECODE is set here)" if os.environ.get("PYTHONDONTWRITEBYTECODE") else ""
    return f"bytecode: urilint's modules compiled before timing{flag}; peers are installed wheels, already compiled"


def dist_version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "?"


# -- peers ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Peer:
    """An optional peer library: its module when importable, else why not."""

    module_name: str
    dist: str
    module: Optional[ModuleType]
    problem: str  #: "" when the module imported

    @property
    def available(self) -> bool:
        return self.module is not None

    @property
    def label(self) -> str:
        version = dist_version(self.dist) if self.available else ""
        return f"{self.dist} {version}".strip()


def import_peer(module_name: str, dist: Optional[str] = None) -> Peer:
    """Import a peer without crashing when it is absent or broken (it is an optional extra)."""
    dist = dist or module_name
    hidden = {n.strip() for n in os.environ.get(HIDE_PEERS_ENV, "").split(",") if n.strip()}
    if module_name in hidden or dist in hidden:
        return Peer(module_name, dist, None, f"not installed (hidden by {HIDE_PEERS_ENV})")
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return Peer(module_name, dist, None, 'not installed (pip install -e ".[bench]")')
    except Exception as exc:  # a peer that fails to import must not take the suite down
        return Peer(module_name, dist, None, f"import failed: {type(exc).__name__}: {exc}")
    return Peer(module_name, dist, module, "")


# -- timing ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Timing:
    """Seconds for one pass of a callable over ``items`` inputs: best and median of ``runs``."""

    best: float
    median: float
    runs: int
    items: int

    @property
    def rate(self) -> float:
        """Items per second at the best run."""
        return self.items / self.best if self.best > 0 else math.inf


def _timed_passes(fn: Callable[[Any], Any], items: Sequence[Any], loops: int) -> float:
    start = time.perf_counter()
    for _ in range(loops):
        for item in items:
            fn(item)
    return time.perf_counter() - start


class _GcOff:
    """Garbage collector off while timing (as timeit does), restored afterwards."""

    def __enter__(self) -> None:
        self.was_enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.was_enabled:
            gc.enable()


def calibrate(fn: Callable[[Any], Any], items: Sequence[Any], min_time: float) -> Tuple[int, float]:
    """timeit's autorange: 1, 2, 5, 10, 20 ... passes until a run lasts ``min_time``.

    Returns the number of passes per run and the seconds per pass of the last (timed) try."""
    loops = 1
    while True:
        elapsed = _timed_passes(fn, items, loops)
        if elapsed >= min_time or loops >= 1_000_000:
            return loops, elapsed / loops
        loops = loops * 5 // 2 if str(loops)[0] == "2" else loops * 2


def time_calls(fn: Callable[[Any], Any], items: Sequence[Any], repeat: int = 5,
               min_time: float = 0.2) -> Timing:
    """Time ``fn(item)`` for every item; each of ``repeat`` runs lasts at least ``min_time``.

    ``fn`` must not raise: wrap a peer that raises on bad input the way its user would (the
    ``try`` is then part of its cost).  Call :func:`first_pass` first to find out.
    """
    return time_interleaved([fn], items, repeat, min_time)[0]


def time_interleaved(fns: Sequence[Callable[[Any], Any]], items: Sequence[Any], repeat: int = 5,
                     min_time: float = 0.2) -> List[Timing]:
    """Time several callables on the same items, taking turns run by run.

    On a shared machine the load changes over a suite; when the callables to be compared take
    turns (run 1 of each, then run 2 of each ...), a busy spell hits all of them alike instead
    of skewing one ratio.
    """
    with _GcOff():
        calibrated = [calibrate(fn, items, min_time) for fn in fns]
        runs = [[per_pass] for _, per_pass in calibrated]
        for _ in range(repeat - 1):
            for i, fn in enumerate(fns):
                loops = calibrated[i][0]
                runs[i].append(_timed_passes(fn, items, loops) / loops)
    return [Timing(min(r), statistics.median(r), len(r), len(items)) for r in runs]


def first_pass(fn: Callable[[Any], Any], items: Sequence[Any]) -> Tuple[List[Any], str]:
    """Call ``fn`` once on every item (a warm-up); its results, or "" and the first exception."""
    results = []
    for item in items:
        try:
            results.append(fn(item))
        except Exception as exc:
            return [], f"raised {type(exc).__name__} on {shorten(repr(item), 60)}"
    return results, ""


def run_isolated(fn: Callable[[], _T], timeout: float) -> Optional[_T]:
    """Run ``fn`` in a forked child and return its result (any picklable value), or None after
    ``timeout`` seconds.

    A pathological input must not hang the whole suite; it is reported as "> timeout" instead.
    Where fork is unavailable (Windows) ``fn`` runs in this process, without a time limit.
    """
    if "fork" not in multiprocessing.get_all_start_methods():
        return fn()
    ctx = multiprocessing.get_context("fork")
    receiver, sender = ctx.Pipe(duplex=False)

    def child() -> None:
        sender.send(fn())
        sender.close()

    proc = ctx.Process(target=child, daemon=True)
    proc.start()
    sender.close()
    try:
        if receiver.poll(timeout):
            value: _T = receiver.recv()
            return value
        return None
    except EOFError:  # the child died without an answer
        raise RuntimeError(f"benchmark child exited with code {proc.exitcode}") from None
    finally:
        if proc.is_alive():
            proc.terminate()
        proc.join()
        receiver.close()


# -- whole processes ------------------------------------------------------------------------
def tool_binary(name: str, *hide_names: str) -> Optional[str]:
    """A peer's command-line tool: the one beside this interpreter (the venv's), else on PATH.

    None when it is absent or hidden by ``BENCH_HIDE_PEERS`` (under ``name`` or any of
    ``hide_names``, e.g. the distribution that ships it)."""
    hidden = {n.strip() for n in os.environ.get(HIDE_PEERS_ENV, "").split(",") if n.strip()}
    if hidden & {name, *hide_names}:
        return None
    here = Path(sys.executable).parent / (f"{name}.exe" if os.name == "nt" else name)
    return str(here) if here.exists() else shutil.which(name)


@dataclass(frozen=True)
class ProcessRun:
    """One finished child process: what it cost and how it ended."""

    wall: float  #: seconds from spawning to reaping
    #: user + system CPU seconds of the child and every descendant it waited for (None where
    #: ``os.wait4`` is missing, i.e. Windows)
    cpu: Optional[float]
    #: peak resident set of the largest single process of the tree, in KiB (wait4's
    #: ru_maxrss: the child's own peak or that of a descendant it waited for, never a sum)
    max_rss_kib: Optional[int]
    #: peak of the summed RSS of the child and its live descendants, sampled (KiB; None unless
    #: asked for and /proc is there).  A page shared after a fork counts in every process.
    tree_rss_kib: Optional[int]
    returncode: int
    stderr: str
    timed_out: bool = False

    def problem(self, ok_codes: Sequence[int] = (0,)) -> str:
        """"" when the run ended with an accepted exit code, else why it failed."""
        if self.timed_out:
            return "timed out"
        if self.returncode in ok_codes:
            return ""
        return f"exit {self.returncode}: {shorten(self.stderr.strip(), 80)}"


def _children(pid: int) -> List[int]:
    """Direct children of ``pid`` from /proc (every thread's ``children`` file)."""
    out: List[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/children", encoding="ascii") as handle:
                out += [int(c) for c in handle.read().split()]
        except (OSError, ValueError):
            continue
    return out


def _rss_kib(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0  # gone, or a zombie (no VmRSS line)


def tree_rss_kib(pid: int, include_root: bool = True) -> int:
    """Summed RSS of ``pid`` (unless ``include_root`` is false) and all its live descendants,
    now (KiB)."""
    total, todo, seen = 0, [pid], set()
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        if current != pid or include_root:
            total += _rss_kib(current)
        todo += _children(current)
    return total


class _TreeSampler(threading.Thread):
    """Polls :func:`tree_rss_kib` until stopped and keeps the peak."""

    def __init__(self, pid: int, interval: float, include_root: bool) -> None:
        super().__init__(daemon=True)
        self.pid, self.interval, self.include_root, self.peak = pid, interval, include_root, 0
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            self.peak = max(self.peak, tree_rss_kib(self.pid, self.include_root))
            self.done.wait(self.interval)


def can_sample_tree() -> bool:
    """Whether /proc lists children (Linux with CONFIG_PROC_CHILDREN, the usual kernels)."""
    return os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children")


def run_process(cmd: Sequence[str], cwd: Optional[str] = None, timeout: float = 600.0,
                stdout: Optional[IO[Any]] = None, sample_tree: bool = False,
                env: Optional[Dict[str, str]] = None, sample_root: bool = True) -> ProcessRun:
    """Run ``cmd`` to the end and measure it: wall time, CPU time and peak RSS.

    The child is reaped with ``os.wait4``, whose resource usage is that child's own (plus its
    reaped descendants'), so the CPU time is exact and unaffected by anything else this process
    runs.  Output goes to ``stdout`` (default /dev/null) and stderr to a temporary file, never
    to a pipe nobody reads while the child runs.  After ``timeout`` seconds the child is killed.

    ``max_rss_kib`` here is at least this process's own RSS: a child forked (or vforked) from
    it starts with a copy of its memory, and Linux keeps that copy's peak across ``exec``.
    :func:`run_peak_rss` measures without that floor.  With ``sample_tree`` the summed RSS of
    the child's tree is polled every 20 ms (without the child itself unless ``sample_root``).
    """
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        # A session of its own, so a time-out kills the whole tree (workers, a launched command).
        proc = subprocess.Popen(list(cmd), cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                stdout=stdout if stdout is not None else subprocess.DEVNULL, stderr=err,
                                start_new_session=os.name == "posix")
        sampler = (_TreeSampler(proc.pid, 0.02, sample_root)
                   if sample_tree and can_sample_tree() else None)
        if sampler is not None:
            sampler.start()
        fired = threading.Event()

        def kill() -> None:
            fired.set()
            try:
                if os.name == "posix":
                    os.killpg(proc.pid, signal.SIGKILL)
                else:
                    proc.kill()
            except OSError:  # already gone
                pass

        killer = threading.Timer(timeout, kill)
        killer.start()
        cpu: Optional[float] = None
        rss: Optional[int] = None
        try:
            if hasattr(os, "wait4"):
                _, status, usage = os.wait4(proc.pid, 0)
                wall = time.perf_counter() - start
                proc.returncode = os.waitstatus_to_exitcode(status)  # reaped: Popen must not wait again
                cpu = usage.ru_utime + usage.ru_stime
                # ru_maxrss is KiB on Linux and bytes on macOS
                rss = usage.ru_maxrss // 1024 if sys.platform == "darwin" else usage.ru_maxrss
            else:
                proc.wait()
                wall = time.perf_counter() - start
        finally:
            killer.cancel()
            if sampler is not None:
                sampler.done.set()
                sampler.join()
        err.seek(0)
        stderr = err.read().decode("utf-8", errors="replace")
    return ProcessRun(wall, cpu, rss, sampler.peak if sampler is not None else None,
                      proc.returncode, stderr, fired.is_set())


#: Forks, execs argv[2:], reaps it with wait4 and writes "ru_maxrss cpu_seconds" to argv[1].
#: Started with ``python -S`` it is a few MB, so the command's peak RSS is measured from that
#: floor instead of from the (larger) benchmark process's.
PEAK_RSS_LAUNCHER = r"""
import os, sys
pid = os.fork()
if pid == 0:
    try:
        os.execvp(sys.argv[2], sys.argv[2:])
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as out:
    out.write("%d %r" % (usage.ru_maxrss, usage.ru_utime + usage.ru_stime))
code = os.waitstatus_to_exitcode(status)
sys.exit(code if code >= 0 else 128 - code)
"""


def run_peak_rss(cmd: Sequence[str], cwd: Optional[str] = None, timeout: float = 600.0,
                 sample_tree: bool = True, env: Optional[Dict[str, str]] = None) -> ProcessRun:
    """Like :func:`run_process`, through :data:`PEAK_RSS_LAUNCHER`: ``max_rss_kib`` and ``cpu``
    are the command's own (its largest process; its tree's CPU), wall time includes the
    launcher's start-up, and the tree sample leaves the launcher out."""
    if not hasattr(os, "fork") or not hasattr(os, "wait4"):
        return run_process(cmd, cwd, timeout, sample_tree=sample_tree)
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "usage"
        run = run_process([sys.executable, "-S", "-c", PEAK_RSS_LAUNCHER, str(report), *cmd], cwd,
                          timeout, sample_tree=sample_tree, sample_root=False, env=env)
        try:
            maxrss, cpu = report.read_text(encoding="ascii").split()
        except (OSError, ValueError):  # killed, or the launcher failed: keep what run_process saw
            return run
    rss = int(maxrss) // 1024 if sys.platform == "darwin" else int(maxrss)
    return ProcessRun(run.wall, float(cpu), rss, run.tree_rss_kib, run.returncode, run.stderr,
                      run.timed_out)


# -- tables ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    """One line of a table: a timed callable, or a note saying why it has no time."""

    label: str
    timing: Optional[Timing]
    note: str = ""


def fmt_int(value: float) -> str:
    return f"{value:,.0f}" if math.isfinite(value) else "inf"


def fmt_ratio(value: Optional[float]) -> str:
    if value is None or not math.isfinite(value):
        return "-"
    return f"{value:.2f}x" if value < 10 else f"{value:.1f}x"


def shorten(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def render_table(headers: Sequence[str], body: Sequence[Sequence[str]], right: Sequence[bool]) -> str:
    """Plain-text columns, separated by two spaces, numbers right-aligned."""
    widths = [max(len(h), *(len(r[i]) for r in body)) if body else len(h) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        out = [c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right)]
        return "  ".join(out).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(headers), rule, *(line(r) for r in body)])


def ratio(numerator: Optional[Row], denominator: Row) -> Optional[float]:
    """How many times as fast ``numerator`` is as ``denominator`` (None when either is missing)."""
    if numerator is None or numerator.timing is None or denominator.timing is None:
        return None
    return numerator.timing.rate / denominator.timing.rate


def print_throughput_table(title: str, rows: Sequence[Row], refs: Sequence[Row],
                           note_header: str = "result") -> None:
    """A table of URIs/s with one ratio column per reference row (``ref ÷ row`` in speed).

    A ratio above 1 means the reference (a urilint function) is that many times as fast as the
    row's callable.  Rows without a timing show their note ("not installed", "raised ...").
    """
    headers = ["implementation", "URIs/s", "us/URI", "median +%",
               *(f"{r.label.split('.', 1)[-1]} x" for r in refs), note_header]
    body = []
    for row in rows:
        if row.timing is None:
            body.append([row.label, "-", "-", "-", *("-" for _ in refs), row.note])
            continue
        t = row.timing
        spread = (t.median / t.best - 1) * 100 if t.best > 0 else 0.0
        body.append([row.label, fmt_int(t.rate), f"{t.best / t.items * 1e6:.2f}", f"{spread:.0f}",
                     *(fmt_ratio(ratio(ref, row)) for ref in refs), row.note])
    right = [False, True, True, True, *(True for _ in refs), False]
    print(f"\n## {title}\n")
    print(render_table(headers, body, right))
    if refs:
        print(f"\n('<fn> x' = how many times as fast urilint.<fn> is as that row; best of "
              f"{max((r.timing.runs for r in rows if r.timing), default=0)} runs)")


def verdict(claim: str, value: Optional[float], passed: Optional[bool], why_missing: str = "") -> str:
    """One target line: PASS / FAIL, or SKIP when a side could not be measured."""
    if passed is None or value is None:
        return f"SKIP  {claim}: {why_missing or 'not measured'}"
    return f"{'PASS' if passed else 'FAIL'}  {claim}: {fmt_ratio(value)}"


# -- the URI corpus -------------------------------------------------------------------------
# A deliberately simple extraction, documented in bench/README.md (a later issue replaces it
# with urilint.extract).  Two patterns, each a single character class repeated, so linear:
#  * a scheme followed by "://" and everything up to whitespace, a quote, a backtick, a bracket
#    or a parenthesis (so a URL inside "(...)" or "[...](...)" ends where its Markdown does;
#    URLs that really contain parentheses are cut there), plus "mailto:" addresses;
#  * the destination of a Markdown inline link, "](dest)" or "](<dest>)": this brings in the
#    relative references ("../x.md", "#anchor") that real docs are full of.
# Trailing prose punctuation is stripped from absolute URLs ("see http://a/b.").
ABSOLUTE_URI_RE = re.compile(r"""[A-Za-z][A-Za-z0-9+.-]*://[^\s<>"'`()\[\]{}|\\^]+|mailto:[^\s<>"'`()\[\]]+""")
MARKDOWN_LINK_RE = re.compile(r"\]\(<?([^\s()<>]+)>?(?:\s[^)]*)?\)")
TRAILING_PUNCTUATION = ".,;:!?*_~"

#: A small built-in sample (valid, invalid, relative, IP literals, odd encodings) used by
#: ``--quick`` and whenever the docs corpus is absent (a user's clone has no ../shared).
BUILTIN_URIS: Tuple[str, ...] = (
    "https://example.com/",
    "http://www.example.org/a/b/c?x=1&y=2#frag",
    "HTTP://Example.COM:80/a/./b/../c/%7euser",
    "https://github.com/python/cpython/blob/main/Lib/urllib/parse.py#L42",
    "https://en.wikipedia.org/wiki/Uniform_Resource_Identifier",
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "mailto:John.Doe@example.com",
    "news:comp.infosystems.www.servers.unix",
    "tel:+1-816-555-1212",
    "telnet://192.0.2.16:80/",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "http://[::1]:8080/index.html",
    "http://[v7.fe80::1]/",
    "http://user:secret@example.com/private",
    "https://example.com/search?q=%E2%82%AC&lang=en",
    "https://example.com/%zz",
    "http://exa mple.com/",
    "http://[::1/",
    "http://example.com:80a/",
    "http://[fe80::1%25en0]/",
    "https://example.com/a|b",
    "http://例え.jp/パス",
    "//cdn.example.com/lib.js",
    "/absolute/path?query",
    "relative/path.md",
    "../up/one.md#section",
    "./same.md",
    "#anchor-only",
    "?query-only",
    "",
    "a:b:c",
    "1http://bad-scheme.example/",
    "http://a/b/c/./../../g",
    "https://docs.python.org/3/library/urllib.parse.html#urllib.parse.urlsplit",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
    "https://kubernetes.io/docs/concepts/overview/",
    "http://256.256.256.256/",
    "file:///etc/hosts",
    "data:text/plain;base64,SGVsbG8=",
)


@dataclass(frozen=True)
class Corpus:
    uris: Tuple[str, ...]
    description: str


def extract_uris(text: str) -> Iterator[str]:
    """The URI references the documented regexes find in one Markdown text, in order."""
    for m in ABSOLUTE_URI_RE.finditer(text):
        yield m.group(0).rstrip(TRAILING_PUNCTUATION)
    for m in MARKDOWN_LINK_RE.finditer(text):
        yield m.group(1)


def load_docs_corpus(root: Path, limit: int) -> Optional[Corpus]:
    """Distinct URI references from ``root/**/*.md`` (files in sorted order), at most ``limit``.

    None when ``root`` is absent.  Stops reading files once ``limit`` distinct URIs are found,
    so a small limit is cheap.
    """
    if not root.is_dir():
        return None
    seen: dict[str, None] = {}  # insertion-ordered set: deterministic corpus order
    files = sorted(root.rglob("*.md"))
    read = 0
    for path in files:
        if len(seen) >= limit:
            break
        read += 1
        for uri in extract_uris(path.read_text(encoding="utf-8", errors="replace")):
            if uri:
                seen.setdefault(uri, None)
    uris = tuple(seen)[:limit]
    absolute = sum(1 for u in uris if "://" in u or u.startswith("mailto:"))
    desc = (f"{len(uris):,} distinct URI references ({absolute:,} absolute, {len(uris) - absolute:,} "
            f"relative or other) from {read:,} of {len(files):,} Markdown files under {root}")
    return Corpus(uris, desc)


def corpus_for(args: argparse.Namespace, quick_limit: int = 300) -> Corpus:
    """The docs corpus, or the built-in sample when ``--corpus`` is absent (said in the text)."""
    root = Path(args.corpus) if getattr(args, "corpus", None) else DOCS_CORPUS
    limit = quick_limit if args.quick else int(getattr(args, "limit", 50_000))
    corpus = load_docs_corpus(root, limit)
    if corpus is None or not corpus.uris:
        return Corpus(BUILTIN_URIS, f"built-in sample of {len(BUILTIN_URIS)} URI references "
                                    f"({root} is not present)")
    return corpus


def corpus_folder(args: argparse.Namespace) -> Optional[Path]:
    """The folder a whole-process suite copies (``--corpus``, else the docs corpus); None, said
    as ``skipped``, when it is absent (``../shared`` is beside CI and developer clones only)."""
    source = Path(args.corpus) if getattr(args, "corpus", None) else DOCS_CORPUS
    if source.is_dir():
        return source
    stdout_line(f"skipped: {source} is not present (../shared is only beside CI and "
                "developer clones; --corpus DIR measures another folder)")
    return None


def stdout_line(text: str = "") -> None:
    """Print and flush, so progress shows while a long suite runs under a pipe."""
    print(text)
    sys.stdout.flush()
