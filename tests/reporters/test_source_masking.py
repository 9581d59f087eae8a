"""Source lines are masked by the position of each secret, not by what the line looks like.

The ``full`` and ``junit`` outputs print each finding's source line, ``--diff`` prints changed
and context lines.  When a secret is spelled with escapes (``&#64;``, ``\\u0040``, ``\\/``),
split by an implicit concatenation or wrapped over two lines, no look at the line alone finds
it; the candidates' piece maps do (:func:`urilint.masking.hidden_spans`).

Every secret holds the marker ``Zq7``; every file also holds a fixable URI, so that ``--diff``
shows the secret's line as context or as a changed line.
"""

from __future__ import annotations

import difflib
import io
import sys
from pathlib import Path
from typing import List, Tuple

import pytest

from urilint import reporters
from urilint.cli import main
from urilint.masking import hidden_spans, masked_diff
from urilint.pipeline import check_text, fix_text
from urilint.report import Report, RunResult, place
from urilint.reporters import common
from urilint.settings import Settings

MARK = "Zq7"
ALL = Settings(select=frozenset({"ALL"}))
FIX = "HTTP://Example.COM:80/a"

# (format, text): the secret is spelled so that the line alone does not show it is one.
ESCAPED: List[Tuple[str, str]] = [
    ("html", f'<a href="postgres://admin:{MARK}pw1&#64;db.vendor.io/x">db</a> {FIX}\n'),
    ("html", f'<a href="postgres://admin:{MARK}pw2&#x40;db.vendor.io/x">db</a> {FIX}\n'),
    ("html", f'<a href="postgres://admin:{MARK}pw3&commat;db.vendor.io/x">db</a> {FIX}\n'),
    ("html", f'<a href="postgres://admin:{MARK}p&#x77;4@db.vendor.io/x">db</a> {FIX}\n'),
    ("json", f'{{"a": "postgres://admin:{MARK}jpw1\\u0040db.vendor.io/x", "b": "{FIX}"}}\n'),
    ("json", f'{{"a": "postgres:\\/\\/admin:{MARK}jpw2@db.vendor.io\\/x", "b": "{FIX}"}}\n'),
    ("python", f'A = "postgres://admin:{MARK}py1\\u0040db.vendor.io/x"  # {FIX}\n'),
    ("python", f'B = "postgres://admin:{MARK}py2" "@db.vendor.io/x"  # {FIX}\n'),
    ("python", f'C = ("postgres://admin:{MARK}py3"\n     "@db.vendor.io/x")  # {FIX}\n'),
    ("python", f'D = ("postgres://admin:{MARK}p"\n     "y4x@db.vendor.io/x")  # {FIX}\n'),
    ("markdown", f"See <postgres://admin:{MARK}md1\n@db.vendor.io/x> and {FIX}\n"),
    ("markdown", f"See [db](postgres://admin:{MARK}md2&#64;db.vendor.io/x) and {FIX}\n"),
    ("toml", f'url = "postgres://admin:{MARK}toml1\\u0040db.vendor.io/x"  # {FIX}\n'),
    ("yaml", f'url: "postgres://admin:{MARK}yaml1\\x40db.vendor.io/x"  # {FIX}\n'),
    ("yaml", f"url: postgres://admin:{MARK} yaml2@db.vendor.io/x  # {FIX}\n"),
]
CASES = [pytest.param(fmt, text, id=f"{fmt}-{i}") for i, (fmt, text) in enumerate(ESCAPED)]
# Lines with no secret: nothing is masked, whatever they look like.
CLEAN: List[Tuple[str, str]] = [
    ("html", f'<a href="https://vendor.io/a&#64;b">x</a> {FIX}\n'),
    ("json", f'{{"a": "https:\\/\\/vendor.io\\/task-attached-to-a-different-loop", "b": "{FIX}"}}\n'),
    ("python", f'A = "postgres://admin:{{pw}}" "@db.vendor.io/x"  # {FIX}\n'),
    ("python", f'B = ("https://vendor.io/a"\n     "/b")  # {FIX}\n'),
    ("markdown", f"See <https://vendor.io/a\n/b> and {FIX}\n"),
    ("toml", f'url = "https://vendor.io/\\u0041b"  # {FIX}\n'),
    ("yaml", f'url: "postgres://admin:${{DB_PASSWORD}}\\x40db.vendor.io/x"  # {FIX}\n'),
    ("yaml", f"url: https://vendor.io/a b@c  # {FIX}\n"),
    ("text", f"see https://vendor.io/#section-access_token and {FIX}\n"),
    ("text", f"see https://vendor.io/sk-learn-preprocessing-standard-scaler-guide and {FIX}\n"),
    ("text", f"see https://shop.vendor.io/?code=US and {FIX}\n"),
    ("text", f"see https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX {FIX}\n"),
    ("text", f"see https://api.telegram.org/bot<token>/getMe and {FIX}\n"),
    ("text", f"see https://discord.com/channels/123456789012345678/123456789012345678 {FIX}\n"),
    ("text", f"see https://vendor.io/access%5Ftoken/docs and {FIX}\n"),
    ("text", f"see https://vendor.io/;jsessionid=${{SESSION}} and {FIX}\n"),
]
CLEAN_CASES = [pytest.param(fmt, text, id=f"{fmt}-{i}") for i, (fmt, text) in enumerate(CLEAN)]


def reports_of(fmt: str, text: str, hidden: bool = True) -> List[Report]:
    findings = check_text(text, fmt, ALL)
    assert findings, text
    return place(f"f.{fmt}", text, findings, hidden=hidden_spans(text, fmt, ALL) if hidden else ())


@pytest.mark.parametrize(("fmt", "text"), CASES)
def test_the_source_spells_the_secret_so_the_line_net_misses_it(fmt: str, text: str) -> None:
    """Without the candidates' spans some line still shows the marker: the cases are real."""
    assert MARK in text
    shown = [r.line for r in reports_of(fmt, text, hidden=False)]
    shown.append(masked_diff("f", text, fix_text(text, fmt, ALL).text))
    assert any(MARK in line for line in shown), shown


@pytest.mark.parametrize(("fmt", "text"), CASES)
@pytest.mark.parametrize("output", reporters.FORMATS)
def test_no_output_shows_an_escaped_secret(fmt: str, text: str, output: str) -> None:
    reports = reports_of(fmt, text)
    assert {"URI301", "URI304"} & {r.code for r in reports}, "the secret is found, or the test proves nothing"
    rendered = reporters.render(output, RunResult(tuple(reports), (), 1))
    assert MARK not in rendered


@pytest.mark.parametrize(("fmt", "text"), CASES)
def test_the_diff_masks_escaped_secrets_in_changed_and_context_lines(fmt: str, text: str) -> None:
    old = text + text  # the second copy's fix makes the first copy's lines context (or changed)
    fixed = fix_text(old, fmt, ALL, unsafe=True).text
    diff = masked_diff("f", old, fixed, hidden_spans(old, fmt, ALL), hidden_spans(fixed, fmt, ALL))
    assert diff.startswith("--- a/f\n+++ b/f\n@@ ")
    assert "http://example.com/a" in diff, "the fix is in the diff"
    assert MARK not in diff


@pytest.mark.parametrize(("fmt", "text"), CLEAN_CASES)
def test_a_line_without_a_secret_is_shown_as_it_is(fmt: str, text: str) -> None:
    assert hidden_spans(text, fmt, ALL) == []
    lines = text.splitlines()
    assert all(r.line == lines[r.row - 1] for r in reports_of(fmt, text)), text
    fixed = fix_text(text, fmt, ALL).text
    assert masked_diff("f", text, fixed, hidden_spans(text, fmt, ALL), hidden_spans(fixed, fmt, ALL)) == "".join(
        difflib.unified_diff(text.splitlines(keepends=True), fixed.splitlines(keepends=True), "a/f", "b/f"))


def test_a_secret_split_over_pieces_masks_each_piece_and_keeps_the_quotes() -> None:
    text = f'D = ("postgres://admin:{MARK}p"\n     "y4x@db.vendor.io/x")  # {FIX}\n'
    lines = {r.row: r.line for r in reports_of("python", text)}
    assert lines[1] == 'D = ("postgres://admin:****"'
    assert lines[2] == f'     "****@db.vendor.io/x")  # {FIX}'


@pytest.mark.parametrize(("old", "new"), [
    pytest.param("a\nb\nHTTP://X/\nc\n", "a\nb\nhttp://x/\nc\n", id="one-change"),
    pytest.param("a\r\nHTTP://X/\r\nb\nc", "a\r\nhttp://x/\r\nb\nc", id="crlf-no-final-newline"),
    pytest.param("x\nHTTP://X/", "x\nhttp://x/", id="no-final-newline"),
    pytest.param("".join(f"l{i}\n" for i in range(20)) + "HTTP://X/\n" + "".join(f"m{i}\n" for i in range(20))
                 + "HTTP://Y/\n", "".join(f"l{i}\n" for i in range(20)) + "http://x/\n"
                 + "".join(f"m{i}\n" for i in range(20)) + "http://y/\n", id="two-hunks"),
    pytest.param("a\n", "a\n", id="no-change"),
    pytest.param("", "x\n", id="from-empty"),
    pytest.param("a\x0bb\nHTTP://X/\n", "a\x0bb\nhttp://x/\n", id="vertical-tab-splits-lines"),
])
def test_masked_diff_is_a_unified_diff(old: str, new: str) -> None:
    """Without secrets the diff is difflib's, but every line ends with one "\\n"."""
    expected = "".join(line.rstrip("\r\n") + "\n" for line in difflib.unified_diff(
        old.splitlines(keepends=True), new.splitlines(keepends=True), "a/f.txt", "b/f.txt"))
    assert masked_diff("f.txt", old, new) == expected


def test_a_change_inside_a_secret_still_makes_a_hunk() -> None:
    old, new = f"u postgres://u:{MARK}aa@h/\n", f"u postgres://u:{MARK}bb@h/\n"
    diff = masked_diff("f", old, new, hidden_spans(old, "text", ALL), hidden_spans(new, "text", ALL))
    assert "-u postgres://u:****@h/\n+u postgres://u:****@h/\n" in diff


# --- fixes: an edit never shows a password ------------------------------------------------------
# A URI whose password is a dummy (one letter, the user name again, a default word) is not
# reported, yet the password is masked wherever the URI is shown, and the URI is not fixed: a
# fix's replacement text would show it.  A placeholder is no password: fixes keep it.
DUMMY_PASSWORDS = ["p", "guest", "changeme", "tiger", "123456", "[secure]", "admin", f"{MARK}real99x"]


@pytest.mark.parametrize("password", DUMMY_PASSWORDS)
@pytest.mark.parametrize("fmt", ["text", "markdown", "python", "yaml", "json"])
def test_no_edit_shows_a_password(password: str, fmt: str) -> None:
    uri = f"HTTP://admin:{password}@Example.COM:80/./a"
    text = {"text": f"see {uri} now\n", "markdown": f"see <{uri}> now\n", "python": f'URL = "{uri}"\n',
            "yaml": f"url: {uri}\n", "json": f'{{"url": "{uri}"}}\n'}[fmt]
    findings = check_text(text, fmt, ALL)
    assert findings
    assert all(f.edit is None for f in findings), "a URI with a password is not fixed"
    reports = place("f", text, findings, hidden=hidden_spans(text, fmt, ALL))
    for output in ("json", "sarif"):
        rendered = reporters.render(output, RunResult(tuple(reports), (), 1))
        assert f":{password}@" not in rendered
    assert all(f":{password}@" not in r.line for r in reports)


@pytest.mark.parametrize("password", ["****", "{pw}", "${DB_PASSWORD}", "xxx", "..."])
def test_a_placeholder_password_does_not_stop_a_fix(password: str) -> None:
    text = f"see HTTP://admin:{password}@Example.COM:80/a now\n"
    reports = place("f", text, check_text(text, "text", ALL), hidden=hidden_spans(text, "text", ALL))
    fixed = [r for r in reports if common.edits(r)]
    if fixed:  # a placeholder the fix keeps as it is
        assert all(password in e.content for r in fixed for e in r.edits)
    assert fix_text(text, "text", ALL).text.count(password) == 1


def test_an_edit_over_a_hidden_span_is_not_shown() -> None:
    """The net under the checker's rule: place() drops an edit that rewrites a hidden span."""
    text = "see HTTP://Example.COM/a now\n"
    [finding] = [f for f in check_text(text, "text", ALL) if f.code == "URI201"]
    assert finding.edit is not None
    [shown] = place("f", text, [finding])
    assert shown.edits
    s, e, _ = finding.edit
    [hidden] = place("f", text, [finding], hidden=[(s + 1, s + 2)])
    assert hidden.edits == ()
    [apart] = place("f", text, [finding], hidden=[(e + 1, e + 3)])
    assert apart.edits == shown.edits


def test_cli_outputs_never_show_an_escaped_secret(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    suffix = {"html": "html", "json": "json", "python": "py", "markdown": "md", "toml": "toml", "yaml": "yaml",
              "text": "txt"}
    for i, (fmt, text) in enumerate(ESCAPED):
        (tmp_path / f"f{i}.{suffix[fmt]}").write_text(text, encoding="utf-8")
    base = ["check", "--isolated", "--select", "ALL", "-j", "1", "."]
    outputs = []
    for argv in ([*base, "--output-format", "full"], [*base, "--output-format", "junit"],
                 [*base, "--diff"], [*base, "--diff", "--unsafe-fixes"]):
        main(argv)
        outputs.append(capsys.readouterr().out)
    sys.stdin = io.TextIOWrapper(io.BytesIO(ESCAPED[0][1].encode()))
    try:
        main([*base[:-1], "--stdin-filename", "x.html"])
    finally:
        sys.stdin = sys.__stdin__
    outputs.append(capsys.readouterr().out)
    assert all(MARK not in out for out in outputs)
