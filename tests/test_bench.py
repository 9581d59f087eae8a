"""The benchmark runner itself (bench/): it runs, prints the expected rows, survives missing peers.

No timing is asserted here: only that each suite runs in ``--quick`` mode, exits 0 and prints a
table with every expected row, each row holding either a number or the reason it has none
("not installed").  The peers are optional (the ``bench`` extra), so every check accepts both;
``BENCH_HIDE_PEERS`` forces the "not installed" path even where the extra is installed.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from typing import Dict, List, Optional, Sequence

import pytest

from bench import common
from tests.conftest import CORPORA, ROOT, need_shared

PEER_MODULES = "rfc3986,rfc3987,uritools,ada_url"

# Row labels (as each row starts) of the three core tables, by table heading.
CORE_TABLES = {
    "validity check": ["urilint.is_valid", "urilint.validate", "rfc3986", "rfc3987", "uritools",
                       "ada-url", "urllib.parse.urlsplit (floor)"],
    "normalize": ["urilint.normalize", "rfc3986", "ada-url"],
    "parse / split": ["urilint.parse", "rfc3986", "uritools", "urllib.parse.urlsplit"],
}
TARGETS = ["is_valid >= 10x rfc3986", "is_valid faster than rfc3987", "within 2x of ada-url",
           "normalize >= 5x rfc3986"]
ADVERSARIAL_CLASSES = ["pct-run", "bracket-run", "colon-run", "ipv6-like-host", "at-run",
                       "authority-at-run", "long-valid-path", "pct-zz-run", "dotted-host"]
FUNCTIONS = ["is_valid", "validate", "normalize", "parse"]


def run_bench(args: Sequence[str], hide: str = "", timeout: float = 120) -> "subprocess.CompletedProcess[str]":
    env = dict(os.environ)
    env.pop(common.HIDE_PEERS_ENV, None)
    if hide:
        env[common.HIDE_PEERS_ENV] = hide
    return subprocess.run([sys.executable, "-m", "bench", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


#: The tests that read the quick run of all suites (the ``all_quick`` fixture, tests/conftest.py)
#: share an xdist group, so the session makes it once.
ALL_QUICK = pytest.mark.xdist_group("bench-all-quick")


def quick_output(all_quick: Dict[str, str], suite: str) -> str:
    """The stdout of ``suite`` in the quick run of all suites; it exited 0."""
    out = all_quick[suite]
    assert f"# suite {suite} exited with" not in out, out
    return out


def table_rows(output: str, heading: str) -> List[str]:
    """The body lines of the first table under a "## <heading>..." line."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("## " + heading))
    rule = next(i for i in range(start, len(lines)) if lines[i].startswith("---"))
    body = []
    for line in lines[rule + 1:]:
        if not line.strip():
            break
        body.append(line)
    return body


def row_for(rows: Sequence[str], label: str) -> Optional[str]:
    return next((r for r in rows if r.startswith(label)), None)


def assert_core_output(out: str, peers_hidden: bool) -> None:
    for heading, labels in CORE_TABLES.items():
        rows = table_rows(out, heading)
        assert len(rows) == len(labels), (heading, rows)
        for label in labels:
            row = row_for(rows, label)
            assert row is not None, f"no {label!r} row under {heading!r}:\n" + "\n".join(rows)
            cells = re.split(r"\s{2,}", row)
            measured = re.fullmatch(r"[0-9,]+", cells[1]) is not None  # the URIs/s column
            if label.startswith(("urilint.", "urllib.")):
                assert measured, row  # always measurable: no peer needed
            elif peers_hidden:
                assert not measured and "not installed" in cells[-1], row
            else:
                assert measured or "not installed" in cells[-1], row
    verdicts = table_free_lines(out, "## targets")
    for claim in TARGETS:
        line = next((v for v in verdicts if claim in v), None)
        assert line is not None, f"no target line for {claim!r}"
        assert line.split()[0] in (("SKIP",) if peers_hidden else ("PASS", "FAIL", "SKIP")), line


def table_free_lines(out: str, heading: str) -> List[str]:
    """The non-blank lines after the line that starts with ``heading``."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    return [line for line in lines[start + 1:] if line.strip()]


@pytest.mark.parametrize(
    "hide, corpus_args, corpus_note",
    [
        pytest.param("", [], "", id="peers-as-installed"),
        pytest.param(PEER_MODULES, ["--corpus", "does-not-exist"], "built-in sample",
                     id="peers-hidden-builtin-corpus"),
    ],
)
def test_core_quick(hide: str, corpus_args: List[str], corpus_note: str) -> None:
    proc = run_bench(["core", "--quick", *corpus_args], hide=hide)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert_core_output(proc.stdout, peers_hidden=bool(hide))
    assert corpus_note in proc.stdout


def test_core_quick_reads_the_docs_corpus() -> None:
    need_shared(CORPORA / "docs")
    proc = run_bench(["core", "--quick"])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    corpus_line = next(line for line in proc.stdout.splitlines() if line.startswith("corpus:"))
    assert "Markdown files under" in corpus_line and "300 distinct" in corpus_line, corpus_line


@pytest.mark.slow
@ALL_QUICK
def test_adversarial_quick(all_quick: Dict[str, str]) -> None:
    rows = table_rows(quick_output(all_quick, "adversarial"), "seconds per MB")
    assert len(rows) == len(ADVERSARIAL_CLASSES) * len(FUNCTIONS)
    seen: Dict[str, List[str]] = {}
    for row in rows:
        cells = row.split()
        seen.setdefault(cells[0], []).append(cells[1])
        assert cells[-1] in ("ok", "SUPERLINEAR"), row
        assert all(re.fullmatch(r"[0-9.e+-]+", c) for c in cells[2:-1]), row
    assert seen == {c: FUNCTIONS for c in ADVERSARIAL_CLASSES}


@pytest.mark.parametrize(
    "args, code, expected",
    [
        pytest.param(["--list"], 0, ["core ", "adversarial ", "findings ", "latency ", "memory ", "all "],
                     id="list"),
        pytest.param(["no-such-suite"], 2, [], id="unknown-suite"),
    ],
)
def test_dispatcher(args: List[str], code: int, expected: List[str]) -> None:
    proc = run_bench(args, hide=PEER_MODULES + ",valgrind")
    assert proc.returncode == code, proc.stdout + proc.stderr
    for text in expected:
        assert text in proc.stdout


@pytest.mark.slow
@ALL_QUICK
def test_all_runs_every_suite_in_quick_mode(all_quick: Dict[str, str]) -> None:
    # every suite in --quick mode, one after the other, each exiting 0 (valgrind is hidden: the
    # instructions suite's counting has its own test, and takes seconds of valgrind per child)
    from bench.__main__ import suite_names
    assert list(all_quick) == suite_names()
    for name in all_quick:
        out = quick_output(all_quick, name)
        assert out.startswith(f"# {name}: ") and "\n## " in out, name  # its title, and a table at least
    assert "## targets" in all_quick["findings"] and "## targets" in all_quick["memory"]


@pytest.mark.parametrize(
    "text, uris",
    [
        pytest.param("see http://a.example/b.", ["http://a.example/b"], id="trailing-period"),
        pytest.param("[x](../y.md#z) and [t](<a.md> \"title\")", ["../y.md#z", "a.md"], id="md-links"),
        pytest.param("<https://a.example/p?q=1>", ["https://a.example/p?q=1"], id="angle-autolink"),
        pytest.param("[x](https://a.example/b)", ["https://a.example/b", "https://a.example/b"],
                     id="both-patterns-dedupe-later"),
        pytest.param("write to mailto:me@example.com, please", ["mailto:me@example.com"], id="mailto"),
        pytest.param("no links here: a:b, ./c", [], id="none"),
    ],
)
def test_extract_uris(text: str, uris: List[str]) -> None:
    assert list(common.extract_uris(text)) == uris


def test_hidden_peer_reports_not_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(common.HIDE_PEERS_ENV, "json")
    peer = common.import_peer("json")
    assert peer.module is None and "not installed" in peer.problem
    monkeypatch.delenv(common.HIDE_PEERS_ENV)
    assert common.import_peer("json").module is not None
    assert "not installed" in common.import_peer("no_such_module_for_bench").problem


def test_ensure_bytecode_replaces_a_pyc_the_importer_would_refuse() -> None:
    """A .pyc whose recorded mtime matches its source but whose recorded size does not (the
    source saved twice within a second) is refused by the importer on every run: the timed
    processes would compile that module from source.  ensure_bytecode must write it again."""
    import importlib.util
    import struct

    import urilint.globs as module

    source = module.__file__
    assert source is not None
    pyc = importlib.util.cache_from_source(source)
    common.ensure_bytecode()
    with open(pyc, "rb") as f:
        data = bytearray(f.read())
    size = os.stat(source).st_size
    assert struct.unpack("<I", data[12:16])[0] == size
    data[12:16] = struct.pack("<I", size + 1)  # the same mtime, a stale size
    with open(pyc, "wb") as f:
        f.write(data)
    common.ensure_bytecode()
    with open(pyc, "rb") as f:
        assert struct.unpack("<I", f.read(16)[12:16])[0] == size
