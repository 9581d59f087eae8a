"""A file's minimal edits (fixes written through escapes) are checked together, in layers, not
one whole-file scan per fix: the same edits as checking each alone, in a bounded number of
scans whatever the number of fixes."""

from __future__ import annotations

import json
from typing import Callable, List, Optional, Tuple

import pytest

from urilint import pipeline, scanners
from urilint.finding import Edit
from urilint.scanners import notebook as notebook_scanner
from urilint.scanners import python as python_scanner
from urilint.settings import Settings

EVERY_RULE = Settings(select=frozenset({"ALL"}))


def _notebook(*cells: Tuple[str, str]) -> str:
    """A notebook of (cell type, source) cells, each source a list of lines."""
    return json.dumps({"cells": [{"cell_type": kind, "metadata": {}, "source": source.splitlines(True),
                                  **({"outputs": [], "execution_count": None} if kind == "code" else {})}
                                 for kind, source in cells],
                       "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1) + "\n"


def _edits_checked_alone(text: str, fmt: str, settings: Settings) -> List[Tuple[str, int, Optional[Edit], str]]:
    """The findings' edits as checking each edit on its own text gives them (the reference)."""
    form = scanners.get(fmt)
    plan_of = {}
    out = []
    for c in pipeline._all_candidates(text, form, settings):
        key = (c.in_code, c.partial)
        plan = plan_of.setdefault(key, pipeline._plan(settings, pipeline.SOURCE, c.in_code, c.partial))
        findings, _hidden = pipeline.check_hiding(c.uri, plan, c.context)
        for f in pipeline._file_findings(form, text, c, findings, settings):
            out.append((f.code, f.start, f.edit, f.applicability))
    return sorted(out, key=lambda x: (x[1], x[0]))


def _edits(text: str, fmt: str, settings: Settings) -> List[Tuple[str, int, Optional[Edit], str]]:
    return [(f.code, f.start, f.edit, f.applicability) for f in pipeline.check_text(text, fmt, settings)]


ROWS = [
    pytest.param('<a href="HTTP://Example.COM:80/a?x=1&amp;y=2 b">t</a>\n' * 3, "html", id="html-entities"),
    pytest.param('<a href="https://x.io/a b?q=1&amp;r=2">t</a> <img src="HTTP://X.io/&lt;">\n', "html",
                 id="html-edits-that-need-escapes"),
    pytest.param('<a href="?{,&amp;&amp;$X">t</a>\n<a href="<data:text/plain;base64 ,aGVsbG8=>">t</a>\n'
                 '<a href="ht\ttp://a@b@x.io//  \u2026!#"x y">t</a>\n', "html", id="html-stray-quotes"),
    pytest.param("- <HTTP://x.io:80/a\\_b>\n- [t](HTTP://y.io/a\\_b c)\n", "markdown", id="markdown-escapes"),
    pytest.param('["HTTP:\\/\\/x.io:80\\/a", "https:\\/\\/y.io\\/a b"]\n', "json", id="json-escapes"),
    pytest.param('a: "HTTP://x.io:80/a\\/b"\nb: "https://y.io/%7e\\/c d"\n', "yaml", id="yaml-escapes"),
    pytest.param('URLS = [\n    "HTTP://x.io:80/a\\x2db",\n    "HTTP://y.io:80/" "a c",\n'
                 '    f"HTTPS://z.io/{x}"\n    r"HTTP://w.io/a\\b",\n]\n',
                 "python", id="python-escapes-and-concatenation"),
    pytest.param('A = "HTTP://x.io/a\\x20b" "HTTP://y.io/\\u00e9 c"  # two URIs in one group\n', "python",
                 id="python-two-edits-in-one-group"),
    pytest.param('<a href="HTTP://x.io/a&#47;b">t</a><a href="HTTP://y.io:80/a&#x2F;b">t</a>\n', "html",
                 id="html-numeric-entities"),
    # encoding the "\u00e9" after a backslash makes the backslash escape the "%": that edit fails
    # its check (the row's other edits pass)
    pytest.param("[r]: <https://x.io/?a=1&amp;b=\\\u00e9>\n\n- <HTTP://y.io:80/a\\_b>\n", "markdown",
                 id="markdown-an-edit-that-fails"),
    pytest.param(_notebook(("markdown", "- <HTTP://x.io:80/a\\_b>\n- [t](HTTP://y.io/a\\_b c) \u00e9\n"),
                           ("code", 'U = ["HTTP://x.io:80/a\\x2db", "HTTP://y.io:80/" "a c"]\n'),
                           ("code", "!curl HTTP://z.io:80/a%7e\nx = 'HTTP://w.io/\\u00e9 b'\n")),
                 "notebook", id="notebook-cells-of-three-formats"),
    # the Markdown cell's "\u00e9" after a backslash: its encoding fails the cell's own check
    pytest.param(_notebook(("markdown", "[r]: <https://x.io/?a=1&amp;b=\\\u00e9>\n\n- <HTTP://y.io:80/a\\_b>\n"),
                           ("code", 'A = ("HTTP://x.io/a\\x20b" "HTTP://y.io/a\\x20b")\n')),
                 "notebook", id="notebook-edits-that-fail-together-or-alone"),
    # "add /" is an insertion, written into the JSON string before the character after it
    pytest.param(_notebook(("markdown", "- <https://x.io?a=1&amp;b=2> a\\_b\n- [t](https://y.io#c&amp;d)\n")),
                 "notebook", id="notebook-insertions-through-entities"),
]


@pytest.mark.parametrize("text, fmt", ROWS)
@pytest.mark.parametrize("settings", [pytest.param(Settings(), id="default"), pytest.param(EVERY_RULE, id="all")])
def test_edits_checked_together_are_those_checked_alone(text: str, fmt: str, settings: Settings) -> None:
    assert _edits(text, fmt, settings) == _edits_checked_alone(text, fmt, settings)


def test_the_rows_exercise_minimal_edits() -> None:
    # (each row has an edit that is checked, or the comparison above would be vacuous; and one
    # has an edit that fails its check)
    for param in ROWS:
        text, fmt = param.values
        edits = _edits(str(text), str(fmt), EVERY_RULE)
        assert any(e is not None and a != "display-only" for _, _, e, a in edits), param.id
    text = "[r]: <https://x.io/?a=1&amp;b=\\\u00e9>\n"
    found = {f.code: f.edit for f in pipeline.check_text(text, "markdown", EVERY_RULE)}
    candidate = pipeline._all_candidates(text, scanners.get("markdown"), EVERY_RULE)[0]
    assert found["URI110"] is None
    assert pipeline._minimal_edit_unchecked(text, candidate, "https://x.io/?a=1&b=\\%C3%A9") is not None


def _calls_of(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> List[int]:
    """A list that grows by one at each call of ``owner.name`` (left working as it was)."""
    calls: List[int] = []
    real = getattr(owner, name)

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def _html_links(n: int) -> str:
    return "".join(f'<a href="HTTP://Example.COM:80/a/{i}?x=1&amp;y=2">t</a>\n' for i in range(n))


def _python_literals(n: int) -> str:
    return "URLS = [\n" + "".join(f'    "HTTP://Example.COM:80/a/{i}\\x2db",\n' for i in range(n)) + "]\n"


def _notebook_literals(n: int) -> str:
    return _notebook(("code", _python_literals(n // 2)), ("markdown", "No link.\n"),
                     ("code", _python_literals(n - n // 2)))


@pytest.mark.parametrize("fmt, build, owner, name", [
    # one scan to read the file, one per layer of edits (three fixes a URI): not one per fix
    pytest.param("html", _html_links, scanners, "scan", id="html-scans"),
    # the precheck, then one compilation per layer of edits
    pytest.param("python", _python_literals, python_scanner, "syntax_error", id="python-compilations"),
    # the notebook read once (load is cached), then once per layer of edits
    pytest.param("notebook", _notebook_literals, notebook_scanner, "_loads", id="notebook-parses"),
    pytest.param("notebook", _notebook_literals, python_scanner, "syntax_error", id="notebook-compilations"),
])
def test_a_file_of_many_fixes_is_read_a_bounded_number_of_times(
        monkeypatch: pytest.MonkeyPatch, fmt: str, build: Callable[[int], str], owner: object, name: str) -> None:
    calls = _calls_of(monkeypatch, owner, name)
    for n in (10, 300):
        calls.clear()
        found = pipeline.check_text(build(n), fmt, EVERY_RULE)
        assert sum(f.edit is not None for f in found) == 3 * n  # every fix kept
        assert len(calls) <= 1 + 3 + pipeline.ALONE_CHECKS, (n, len(calls))


@pytest.mark.parametrize("text, fmt", ROWS)
def test_fixing_the_rows_twice_changes_nothing_more(text: str, fmt: str) -> None:
    once = pipeline.fix_text(text, fmt, EVERY_RULE, unsafe=True)
    twice = pipeline.fix_text(once.text, fmt, EVERY_RULE, unsafe=True)
    assert twice.text == once.text


@pytest.mark.parametrize("edits, expected", [
    pytest.param([(4, 5, "X"), (1, 2, "Y")], "aYcdXf", id="any-order"),
    pytest.param([(1, 3, "Z"), (2, 4, "W")], "aZdef", id="an-overlapping-one-is-dropped"),
    pytest.param([(3, 3, "I"), (3, 4, "R")], "abcIRef", id="an-insertion-before-a-replacement"),
    pytest.param([], "abcdef", id="none"),
])
def test_apply_edits(edits: List[Edit], expected: str) -> None:
    from urilint.finding import apply_edits

    assert apply_edits("abcdef", edits) == expected


def test_edits_that_fail_together_are_checked_alone_up_to_a_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each candidate's edit fails when checked with the others (the stand-in check says so), so
    # each is checked alone: the first ALONE_CHECKS keep their fix, the rest have none.
    real = pipeline._failed_together

    def together_fails(format, text, proposed, ids):  # type: ignore[no-untyped-def]
        return list(ids) if len(proposed) > 1 else real(format, text, proposed, ids)

    monkeypatch.setattr(pipeline, "_failed_together", together_fails)
    n = pipeline.ALONE_CHECKS + 4
    text = "".join(f'<a href="https://x{i}.io/a b?x=1&amp;y=2">t</a>\n' for i in range(n))
    found = [f for f in pipeline.check_text(text, "html", Settings()) if f.code == "URI101"]
    assert len(found) == n
    assert [f.edit is not None for f in found] == [True] * pipeline.ALONE_CHECKS + [False] * 4
    assert all(f.applicability == "display-only" for f in found if f.edit is None)


def _proposals(text: str) -> List[Tuple[object, str, Edit]]:
    from urilint.scanners import python

    out = []
    for c in pipeline._all_candidates(text, scanners.get("python"), EVERY_RULE):
        for f in pipeline.check_hiding(c.uri, pipeline._plan(EVERY_RULE, pipeline.SOURCE, False, ""), c.context)[0]:
            edit = python.propose_edit(text, c, f.fix) if f.fix is not None else None
            if edit is not None and f.code == "URI201":
                out.append((c, f.fix, edit))
    return out


def test_python_edits_in_one_literal_group_fail_together() -> None:
    # Each expects the group's value with its own edit only: together, neither reads as intended
    # (each is then checked alone, and passes).
    from urilint.scanners import python

    text = 'A = ("HTTP://x.io/a\\x20b" "HTTP://y.io/a\\x20b")\n'
    proposals = _proposals(text)
    assert len(proposals) == 2
    assert python.failed_edits(text, proposals) == [0, 1]  # type: ignore[arg-type]
    assert python.failed_edits(text, proposals[:1]) == []  # type: ignore[arg-type]
    assert python.failed_edits(text, proposals[1:]) == []  # type: ignore[arg-type]


def test_python_edits_that_break_the_module_all_fail() -> None:
    from urilint.scanners import python

    text = 'URLS = [\n    "HTTP://x.io/" "a",\n    "HTTP://y.io/" "b",\n]\n'
    proposals = _proposals(text)
    assert len(proposals) == 2
    assert python.failed_edits(text, proposals) == []  # type: ignore[arg-type]
    c, new_uri, (s, e, r) = proposals[1]
    broken = proposals[:1] + [(c, new_uri, (s, e + 20, r))]  # (it eats the closing quote)
    assert python.failed_edits(text, broken) == [0, 1]  # type: ignore[arg-type]
