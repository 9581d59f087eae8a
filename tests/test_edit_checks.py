"""A file's minimal edits (fixes written through escapes) are checked together, in layers, not
one whole-file scan per fix: the same edits as checking each alone, in a bounded number of
scans whatever the number of fixes."""

from __future__ import annotations

from typing import List, Optional, Tuple

import pytest

from urilint import pipeline, scanners
from urilint.finding import Edit
from urilint.settings import Settings

EVERY_RULE = Settings(select=frozenset({"ALL"}))


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
    pytest.param('<a href="HTTP://x.io/a&#47;b">t</a><a href="HTTP://y.io:80/a&#x2F;b">t</a>\n', "html",
                 id="html-numeric-entities"),
    # encoding the "\u00e9" after a backslash makes the backslash escape the "%": that edit fails
    # its check (the row's other edits pass)
    pytest.param("[r]: <https://x.io/?a=1&amp;b=\\\u00e9>\n\n- <HTTP://y.io:80/a\\_b>\n", "markdown",
                 id="markdown-an-edit-that-fails"),
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
        assert any(e is not None and a != "display-only" for _, _, e, a in _edits(str(text), str(fmt), EVERY_RULE)), param.id
    text = "[r]: <https://x.io/?a=1&amp;b=\\\u00e9>\n"
    found = {f.code: f.edit for f in pipeline.check_text(text, "markdown", EVERY_RULE)}
    assert found["URI110"] is None and pipeline._minimal_edit_unchecked(
        text, pipeline._all_candidates(text, scanners.get("markdown"), EVERY_RULE)[0], "https://x.io/?a=1&b=\\%C3%A9") is not None


def test_a_file_of_many_fixes_is_scanned_a_bounded_number_of_times(monkeypatch: pytest.MonkeyPatch) -> None:
    scans: List[int] = []
    real_scan = scanners.scan

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        scans.append(1)
        return real_scan(*args, **kwargs)

    monkeypatch.setattr(scanners, "scan", counted)
    for n in (10, 300):
        scans.clear()
        text = "".join(f'<a href="HTTP://Example.COM:80/a/{i}?x=1&amp;y=2">t</a>\n' for i in range(n))
        found = pipeline.check_text(text, "html", EVERY_RULE)
        assert sum(f.edit is not None for f in found) == 3 * n  # every fix kept
        # one scan to read the file, one per layer of edits (three fixes a URI): not one per fix
        assert len(scans) <= 1 + 3 + pipeline.ALONE_CHECKS, (n, len(scans))


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
