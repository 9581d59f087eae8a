"""The issue 16 suites (latency, findings, memory, parallel) and the python suite's repeated runs.

As in test_bench.py: each suite runs in ``--quick`` mode as a subprocess, and the tests check
that it exits 0, prints every expected row with a number (or the reason it has none) and
computes every ratio and target line.  No timing is asserted: PASS and FAIL are both fine.
"""

from __future__ import annotations

import re
from typing import Dict, List, Sequence

import pytest

from tests.test_bench import ALL_QUICK, quick_output, run_bench, table_free_lines, table_rows

NUMBER = re.compile(r"[0-9][0-9,.]*(e[+-][0-9]+)?")
RATIO = re.compile(r"[0-9][0-9.]*x")
VERDICT = re.compile(r"(PASS|FAIL)  ")

pytestmark = pytest.mark.slow  # each runs a benchmark suite in a subprocess


def cells(row: str) -> List[str]:
    """A table row's cells (columns are separated by two spaces or more)."""
    return re.split(r"\s{2,}", row.strip())


def verdicts(out: str, heading: str, expected: Sequence[str]) -> List[str]:
    """The target lines under ``heading``: one per expected claim, each PASS or FAIL."""
    lines = table_free_lines(out, heading)
    found = []
    for claim in expected:
        line = next((v for v in lines if claim in v), None)
        assert line is not None, f"no target line for {claim!r}:\n" + "\n".join(lines)
        assert VERDICT.match(line), line
        found.append(line)
    return found


# -- latency ---------------------------------------------------------------------------------
# (file, command) of every row, in order; the peers' rows are the ones BENCH_HIDE_PEERS can hide.
LATENCY_ROWS = [("-", "python -c pass"), ("-", "stdlib floor")]
for _file, _kind in (("README.md", "docs"), ("mkdocs.yml", "docs"), ("client.py", "python"),
                     ("nouri.py", "python")):
    LATENCY_ROWS.append((_file, "urilint check"))
    if _kind == "docs":
        LATENCY_ROWS.append((_file, "lychee --dump --offline"))
    else:
        LATENCY_ROWS += [(_file, "ruff check --no-cache --isolated"), (_file, "flake8 alone (plugin hidden)"),
                         (_file, "flake8 + urilint"), (_file, "flake8 FILE (console script)")]
PEER_COMMANDS = ("lychee --dump --offline", "ruff check --no-cache --isolated")
LATENCY_TARGETS = [
    "one small Markdown file: urilint check <= 6x python -c pass (median wall)",
    "one small Markdown file: urilint check <= 6x python -c pass (median CPU)",
    "one Python file with no URI literal: urilint check <= 8x python -c pass (median wall)",
    "one Python file with no URI literal: urilint check <= 8x python -c pass (median CPU)",
    "flake8 + urilint <= 1.3x flake8 alone (no URI literal) (median wall)",
    "flake8 + urilint <= 1.3x flake8 alone (no URI literal) (median CPU)",
    "flake8 + urilint <= 1.3x flake8 alone (a few URIs) (median wall)",
    "flake8 + urilint <= 1.3x flake8 alone (a few URIs) (median CPU)",
]


@pytest.mark.parametrize(
    "hide",
    [
        # (the quick run of all suites hides no latency peer)
        pytest.param("", id="peers-as-installed", marks=ALL_QUICK),
        pytest.param("lychee,ruff", id="peers-hidden"),
    ],
)
def test_latency_quick(hide: str, request: pytest.FixtureRequest) -> None:
    if hide:
        proc = run_bench(["latency", "--quick"], hide=hide)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        out = proc.stdout
    else:
        out = quick_output(request.getfixturevalue("all_quick"), "latency")
    rows = table_rows(out, "whole process on one small file")
    assert [tuple(cells(r)[:2]) for r in rows] == LATENCY_ROWS, "\n".join(rows)
    for row in rows:
        c = cells(row)
        measured = all(NUMBER.fullmatch(v) for v in c[3:7]) and all(RATIO.fullmatch(v) for v in c[7:9])
        if c[1] in PEER_COMMANDS:
            if hide:
                assert not measured and "not installed" in c[-1], row
            else:
                assert measured or "not installed" in c[-1], row
        else:
            assert measured, row  # urilint, flake8 and the baseline need no peer
    # The baseline row is the unit of every ratio; the URI-free file has no candidate at all.
    assert cells(rows[0])[7:9] == ["1.00x", "1.00x"], rows[0]
    assert "0 URI candidates" in next(r for r in rows if r.startswith("nouri.py") and "urilint check" in r)
    versus = table_rows(out, "side by side")
    assert len(versus) == 8, versus
    for row in versus:
        c = cells(row)
        peer_row = "lychee" in c[0] or "ruff" in c[0]
        assert all(RATIO.fullmatch(v) for v in c[1:]) or (peer_row and c[1:] == ["-", "-"]), row
        if hide and peer_row:
            assert c[1:] == ["-", "-"], row
    # "alone" really runs without the plugin; --select does not keep flake8 from loading it.
    assert ("urilint imported? flake8 alone (plugin hidden): no; flake8 + urilint: yes; "
            "flake8 --select=E,F,W: yes") in out
    verdicts(out, "## targets", LATENCY_TARGETS)


# -- findings --------------------------------------------------------------------------------
FINDINGS_CASES = ["svg-data-uri-wrapped", "md-link-spaces", "html-href-spaces", "md-bad-uris", "py-bad-uris",
                  "html-entity-uris", "py-escaped-uris", "py-concatenated-uris", "nb-escaped-uris",
                  "nb-markdown-insertions", "html-interfering-fixes", "fstring-fields-in-url", "fstring-fields-around-url"]
REPORTED_KINDS = ["upper-case scheme", "default port", "space in the path", "encoded unreserved",
                  "password in userinfo", "empty path", "unknown scheme", "non-ASCII path"]


def test_the_interfering_fixes_case_has_fixes_that_interfere() -> None:
    # (else it would time a fixer whose rounds all read stable, not the halving)
    from bench.findings import EVERY_RULE, html_interfering_fixes
    from urilint.pipeline import lint

    result = lint(html_interfering_fixes(3), "html", EVERY_RULE, fix=True, unsafe=True)
    assert "a fix was skipped: it would have changed how the text around a URI reads" in result.notices
    assert result.fixed >= 3 * 3  # each block's clean link: scheme, host, port


@ALL_QUICK
def test_findings_quick(all_quick: Dict[str, str]) -> None:
    out = quick_output(all_quick, "findings")
    rows = table_rows(out, "microseconds per unit")
    assert [r.split()[0] for r in rows] == FINDINGS_CASES
    for row in rows:
        c = row.split()
        assert all(NUMBER.fullmatch(v) for v in c[3:9]), row  # three sizes, two ratios, N
        assert re.fullmatch(r"[0-9]+/[0-9]+/[0-9]+", c[9]), row  # reports at each size
        assert c[-1] in ("ok", "SUPERLINEAR"), row
    # The cases with one bad URI per unit report more at each size; the ones that grow a single
    # URI report it once (one finding per rule per URI; base64 whitespace is no finding at all).
    reports = {r.split()[0]: [int(n) for n in r.split()[9].split("/")] for r in rows}
    for case in ("md-bad-uris", "py-bad-uris", "html-entity-uris", "py-escaped-uris", "py-concatenated-uris",
                 "nb-escaped-uris", "nb-markdown-insertions", "html-interfering-fixes"):
        assert reports[case][0] < reports[case][1] < reports[case][2], (case, reports[case])
    for case in ("md-link-spaces", "html-href-spaces"):
        assert reports[case][0] == reports[case][1] == reports[case][2] >= 1, (case, reports[case])
    clean = table_rows(out, "urilint.check per URI")
    assert [cells(r)[0] for r in clean] == ["clean", *REPORTED_KINDS]
    for row in clean:
        c = cells(row)
        assert all(NUMBER.fullmatch(v) for v in c[1:4]) and RATIO.fullmatch(c[4]), row
        assert c[1] == ("0.00" if c[0] == "clean" else "1.00"), row  # exactly one finding per URI
    parts = table_rows(out, "where a reported URI's time goes")
    assert [cells(r)[0] for r in parts] == ["clean", *REPORTED_KINDS]
    for row in parts:
        c = cells(row)
        # whole, fast-path test, analysis, selected rules, secret spans, rest, then x clean
        assert len(c) == 8 and all(NUMBER.fullmatch(v) for v in c[1:7]) and RATIO.fullmatch(c[7]), row
        assert float(c[1]) > 0 and float(c[2]) > 0, row
    for fmt in ("markdown", "python"):
        steps = table_rows(out, f"where a reported URI's time goes in a {fmt} file")
        assert [cells(r)[0] for r in steps] == ["clean", *REPORTED_KINDS], fmt
        for row in steps:
            c = cells(row)
            # whole, scan, checks, placed, file's secrets, reports (line net), then x clean
            assert len(c) == 8 and all(NUMBER.fullmatch(v) for v in c[1:7]) and RATIO.fullmatch(c[7]), row
            assert float(c[1]) > 0 and float(c[2]) > 0, row
    assert re.search(r"The reported path's floor .*: [0-9.]+ us per URI against [0-9.]+ us for a clean one, "
                     r"[0-9][0-9.]*x\.", out), out
    for fmt in ("markdown", "python"):
        in_files = table_rows(out, f"a {fmt} file of")
        assert [cells(r)[0] for r in in_files] == ["clean", *REPORTED_KINDS], fmt
        for row in in_files:
            c = cells(row)
            assert all(NUMBER.fullmatch(v) for v in c[1:4]) and RATIO.fullmatch(c[4]), row
            assert c[1] == ("0.00" if c[0] == "clean" else "1.00"), row  # exactly one report per line
    verdicts(out, "## targets", [f"a reported URI ({kind}) costs <= 3x a clean one" for kind in REPORTED_KINDS]
             + [f"a reported URI ({kind}) in a {fmt} file costs <= 3x a clean one"
                for fmt in ("markdown", "python") for kind in REPORTED_KINDS])



# -- instructions ----------------------------------------------------------------------------
@pytest.mark.parametrize("level", ["check", "markdown", "python"])
def test_each_instructions_row_runs_the_findings_it_claims(level: str) -> None:
    """The counted workload reports each reported row's URIs once each, the clean row's never
    (else the counts would compare other work)."""
    from bench.findings import CLEAN, REPORTED
    from bench.instructions import workload

    assert workload(level, CLEAN, 3, 2) == 0
    for kind, template in REPORTED:
        assert workload(level, template, 3, 2) == 6, kind


@pytest.mark.parametrize("hide", [pytest.param("", id="valgrind"), pytest.param("valgrind", id="without-valgrind")])
def test_instructions_quick(hide: str) -> None:
    import shutil

    proc = run_bench(["instructions", "--quick"], hide=hide)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = table_rows(proc.stdout, "urilint.check per URI: thousands of instructions")
    assert [cells(r)[0] for r in rows] == ["clean", "default port"]
    counted = not hide and shutil.which("valgrind") is not None
    for row in rows:
        c = cells(row)
        if counted:
            assert NUMBER.fullmatch(c[1]) and float(c[1]) > 0 and RATIO.fullmatch(c[2]), row
        else:
            assert c[1:] == ["not installed", "-"], row
    assert "## per URI line" not in proc.stdout  # (--quick counts the check level alone)

# -- memory ----------------------------------------------------------------------------------
MEMORY_COMMANDS = ["urilint dump", "urilint dump --output-format json",
                   *(f"urilint check --output-format {fmt}" for fmt in ("json", "full", "concise", "sarif", "junit",
                                                                          "github"))]


@ALL_QUICK
def test_memory_quick(all_quick: Dict[str, str]) -> None:
    out = quick_output(all_quick, "memory")
    rows = table_rows(out, "peak RSS")
    assert [tuple(cells(r)[:2]) for r in rows] == [(c, j) for c in MEMORY_COMMANDS for j in ("1", "2")]
    for row in rows:
        c = cells(row)
        # peak at 1x and 2x, growth; tree at 1x and 2x, growth; seconds at 1x and 2x; flag
        assert all(NUMBER.fullmatch(v) for v in c[2:4]) and RATIO.fullmatch(c[4]), row
        assert all(NUMBER.fullmatch(v) for v in c[5:7] + c[8:10]), row
        assert c[10] in ("flat", "GROWS"), row
    assert re.search(r"floor: python -c pass through the launcher peaks at [0-9.]+ MiB", out)
    verdicts(out, "## targets", [f"{c} -j {j}: peak RSS at 2x <= 1.25x peak RSS at 1x"
                                 for c in MEMORY_COMMANDS for j in ("1", "2")])


def test_memory_tuned_malloc_adds_a_row_per_command() -> None:
    proc = run_bench(["memory", "--quick", "--tuned-malloc", "--commands", "dump,check-json", "--jobs", "1"])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = table_rows(proc.stdout, "peak RSS")
    assert [cells(r)[0] for r in rows] == ["urilint dump", "urilint check --output-format json",
                                           "urilint dump [malloc 64K]", "urilint check --output-format json [malloc 64K]"]
    assert all(NUMBER.fullmatch(cells(r)[2]) for r in rows), rows


def test_memory_skips_a_missing_corpus() -> None:
    proc = run_bench(["memory", "--corpus", "does-not-exist"])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "skipped: does-not-exist is not present" in proc.stdout
    assert "## peak RSS" not in proc.stdout


# -- parallel --------------------------------------------------------------------------------
PARALLEL_COMMANDS = ["urilint dump", "urilint dump --output-format json", "urilint check --output-format json",
                     "urilint check --output-format full"]


@ALL_QUICK
def test_parallel_quick(all_quick: Dict[str, str]) -> None:
    out = quick_output(all_quick, "parallel")
    rows = table_rows(out, "wall time")
    assert [cells(r)[0] for r in rows] == PARALLEL_COMMANDS
    for row in rows:
        c = cells(row)
        assert all(NUMBER.fullmatch(v) for v in c[1:7]) and RATIO.fullmatch(c[7]), row
    verdicts(out, "## targets", [f"{c}: -j 2 >= 1.6x as fast as -j 1" for c in PARALLEL_COMMANDS])


def test_parallel_skips_a_missing_corpus() -> None:
    proc = run_bench(["parallel", "--corpus", "does-not-exist"])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "skipped: does-not-exist is not present" in proc.stdout and "## wall time" not in proc.stdout


# -- python: repeated runs, medians ----------------------------------------------------------
def test_python_reports_the_median_of_repeated_runs() -> None:
    proc = run_bench(["python", "--quick", "--repeat", "3", "--jobs", "1", "--files", "3"])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = table_rows(proc.stdout, "wall time on the standard library")
    assert [cells(r)[0] for r in rows] == ["flake8", "flake8+urilint", "urilint check"]
    for row in rows:
        c = cells(row)
        assert c[3] == "3", row  # runs
        assert all(NUMBER.fullmatch(v) for v in c[4:7]) and all(RATIO.fullmatch(v) for v in c[7:9]), row
    lines = table_free_lines(proc.stdout, "## targets")
    assert sum(1 for line in lines if VERDICT.match(line) and "median" in line) == 2, lines


STARTUP_PARTS = ["whole run, CPU (probe + python -c pass)", "python -c pass",
                 "standard-library floor (its part of the run)", "importing urilint.cli (wall)",
                 "building urilint's classes", "compiling regular expressions", "main() on the file (wall)",
                 "urilint itself: whole run minus the floor"]


@ALL_QUICK
def test_startup_quick(all_quick: Dict[str, str]) -> None:
    out = quick_output(all_quick, "startup")
    rows = table_rows(out, "medians of")
    assert len(rows) == 2 * len(STARTUP_PARTS), rows
    # Columns by the rule line under the header ("-----  ----  ..."): the parts are indented.
    rule = next(line for line in out.splitlines() if line.startswith("---"))
    starts = [m.start() for m in re.finditer(r"-+", rule)]
    for i, row in enumerate(rows):
        file, part = row[:starts[1]].strip(), row[starts[1]:starts[2]].strip()
        ms = row[starts[2]:starts[3]].strip()
        assert part == STARTUP_PARTS[i % len(STARTUP_PARTS)], row
        assert file == ("" if i % len(STARTUP_PARTS) else ["README.md", "nouri.py"][i // len(STARTUP_PARTS)]), row
        assert NUMBER.fullmatch(ms.lstrip("-")), row
    # The probe really counted what it hooked: urilint's modules, some classes, some patterns.
    assert re.search(r"[1-9][0-9]* urilint modules", out)
    assert re.search(r"[1-9][0-9]* classes", out) and re.search(r"[1-9][0-9]* patterns", out)
