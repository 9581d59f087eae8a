"""Suppression comments, the fixer and baselines (pure functions)."""

from __future__ import annotations

from typing import List, Tuple

import pytest

from urilint import baseline
from urilint.pipeline import check_text
from urilint.finding import FileFinding, merge_spans
from urilint.fixer import Reader, _follow, _inside, _sticking_out, apply_edits, fix, select_edits
from urilint.pipeline import fix_text
from urilint.placeholders import DEFAULT_SYNTAXES
from urilint.report import place
from urilint.settings import Settings
from urilint.suppress import apply

# The fixtures are bare URIs: normalization is selected explicitly (by default it speaks only in
# link targets), so suppression, fixing and baselines see 2xx findings.
S = Settings(extend_select=frozenset({"URI2"}))


def codes(text: str, fmt: str) -> list:  # type: ignore[type-arg]
    return [f.code for f in apply(text, fmt, check_text(text, fmt, S))]


@pytest.mark.parametrize(
    ("text", "fmt", "expected"),
    [
        pytest.param("see HTTP://a.example/\n", "text", ["URI201"], id="no-comment"),
        pytest.param("see HTTP://a.example/  # urilint: ignore\n", "yaml", [], id="hash-ignore"),
        pytest.param("see HTTP://a.example/  # urilint: ignore[URI201]\n", "toml", [], id="hash-ignore-code"),
        pytest.param("see HTTP://a.example/  # urilint: ignore[URI3]\n", "ini", ["URI201"], id="hash-other-code"),
        pytest.param("<!-- urilint-disable-next-line URI201 -->\nHTTP://a.example/\n", "markdown", [], id="md-next-line"),
        pytest.param("<!-- urilint-disable-next-line URI3 -->\nHTTP://a.example/\n", "markdown", ["URI201"],
                     id="md-next-line-other"),
        pytest.param("<!-- urilint-disable -->\nHTTP://a.example/\n<!-- urilint-enable -->\nHTTP://b.example/\n",
                     "markdown", ["URI201"], id="md-range"),
        pytest.param("x\n<!-- urilint-disable-file -->\nHTTP://a.example/\n", "html", [], id="disable-file"),
        pytest.param("HTTP://a.example/\n<!-- urilint-disable-file URI3 -->\n", "markdown", ["URI201"],
                     id="disable-file-other-code"),
    ],
)
def test_suppressions(text: str, fmt: str, expected: list) -> None:  # type: ignore[type-arg]
    assert codes(text, fmt) == expected


def test_select_edits_dedupes_and_drops_overlaps() -> None:
    text = "HTTP://A.example/ and http://b.example:80/"
    findings = check_text(text, "text", S)
    edits = select_edits(findings, unsafe=False)
    assert len(edits) == 2  # URI201 and URI202 share one edit
    assert apply_edits(text, edits) == "http://a.example/ and http://b.example/"
    assert select_edits([], unsafe=False) == []


@pytest.mark.parametrize(
    ("text", "unsafe", "expected"),
    [
        pytest.param("a HTTP://A.example:80/./x b\n", False, "a http://a.example/x b\n", id="safe"),
        pytest.param("a https://x.example/a\\b\n", False, "a https://x.example/a\\b\n", id="unsafe-not-applied"),
        pytest.param("a https://x.example/a\\b\n", True, "a https://x.example/a%5Cb\n", id="unsafe-applied"),
        pytest.param("é HTTP://X.example/\r\nnext\r\n", False, "é http://x.example/\r\nnext\r\n", id="crlf-kept"),
        pytest.param("pw postgres://u:s3cr3t@DB.example/x\n", True, "pw postgres://u:s3cr3t@DB.example/x\n",
                     id="secret-never-fixed"),
    ],
)
def test_fix_text(text: str, unsafe: bool, expected: str) -> None:
    result = fix_text(text, "text", S, unsafe=unsafe)
    assert result.text == expected
    again = fix_text(result.text, "text", S, unsafe=unsafe)
    assert again.text == result.text and again.fixed == 0


@pytest.mark.parametrize("regions, edits, expected", [
    pytest.param([(5, 10)], [(6, 7, "%5B")], [(5, 12)], id="growth-inside"),
    pytest.param([(5, 10)], [(0, 2, "")], [(3, 8)], id="shrink-before"),
    pytest.param([(5, 10)], [(10, 10, "/")], [(5, 11)], id="insertion-at-end-is-inside"),
    pytest.param([(5, 10)], [(12, 13, "xx")], [(5, 10)], id="edit-after-moves-nothing"),
    pytest.param([(0, 3), (5, 10)], [(1, 2, "abc"), (6, 8, "")], [(0, 5), (7, 10)], id="two-regions"),
])
def test_regions_follow_edits(regions: list, edits: list, expected: list) -> None:  # type: ignore[type-arg]
    assert _follow(regions, edits) == expected


def test_regions_confine_edits_and_catch_a_uri_that_grew() -> None:
    regions = merge_spans([(5, 10), (0, 3), (8, 12), (12, 14)])
    assert regions == [(0, 3), (5, 14)]
    assert _inside([(1, 2, ""), (4, 5, ""), (5, 14, "x"), (13, 15, "")], regions) == [(1, 2, ""), (5, 14, "x")]
    assert _sticking_out(regions, [(0, 3), (6, 9)]) == set()
    assert _sticking_out(regions, [(5, 15), (2, 4)]) == {0, 1}


def test_fix_never_moves_where_a_uri_ends() -> None:
    # Percent-encoding the first "[" would let the re-read URI balance one more "]" (fuzz finding).
    # The "[/]" in it reads as an optional part of a syntax description by default, so the
    # fuzz finding is replayed without that placeholder syntax.  The host's lone surrogate is
    # replaced by "Q": a non-ASCII host is never percent-encoded, so no fix would be tried.  (The
    # fuzz input's NULs are "\x01" here: a NUL now ends a bare URI, as the end of a C string.)
    text = '\n"VH\udcc7\x01[]H\x0b*\n"VH://2C*\'\'\'\x0f[VVQH:\udcc7\x01[/]]]]]`/'
    settings = Settings(placeholders=DEFAULT_SYNTAXES - {"optional"})
    result = fix_text(text, "markdown", settings, unsafe=True)
    assert result.text == text and result.notices == ("a fix was skipped: it would have changed how the text around a URI reads",)
    # With it, "[/]" is a slot: the brackets around it are encoded and the URI still ends where it did.
    fixed = fix_text(text, "markdown", Settings(), unsafe=True).text
    assert fixed == text.replace("\x0f[VV", "%0F%5BVV").replace("[/]]", "[/]%5D")
    assert fix_text(fixed, "markdown", Settings(), unsafe=True).text == fixed


def _edit_reader(reads_after: List[Tuple[int, int]]) -> Reader:
    """A text "aaa bbb" whose two URIs each offer an edit ("bbb" -> "BBB", "aaa" -> "AAA"),
    and whose URIs read as ``reads_after`` once "BBB" is written."""

    def finding(start: int, end: int, fix: str) -> FileFinding:
        return FileFinding("URI201", "n", "m", start, end, "u", "bare", False, (start, end, fix), "safe", (start, end))

    def findings(text: str) -> List[FileFinding]:
        return ([finding(0, 3, "AAA")] if "aaa" in text else []) + ([finding(4, 7, "BBB")] if "bbb" in text else [])

    reads: List[str] = []

    def spans(text: str) -> List[Tuple[int, int]]:
        reads.append(text)
        assert len(reads) < 50, "the fixer keeps reading the same texts"  # (it looped forever)
        return reads_after if "BBB" in text else [(0, 3), (4, 7)]

    return Reader(findings, spans)


@pytest.mark.parametrize(("reads_after", "expected"), [
    # Writing "BBB" makes the first URI reach past its region: no edit is in that region, so
    # the fixer finds the culprit by trying each edit alone (it looped forever: fuzz finding).
    pytest.param([(0, 4), (4, 7)], "AAA bbb", id="a-region-without-edits-grows"),
    pytest.param([(0, 3), (3, 7)], "AAA bbb", id="the-edited-uri-grows"),
    pytest.param([(0, 3), (4, 7)], "AAA BBB", id="nothing-moves"),
])
def test_an_edit_that_changes_another_uri_is_dropped(reads_after: List[Tuple[int, int]], expected: str) -> None:
    result = fix("aaa bbb", _edit_reader(reads_after))
    assert result.text == expected
    skipped = expected != "AAA BBB"
    assert bool(result.notices) is skipped
    assert len(set(result.notices)) == len(result.notices)  # each notice once


def test_an_html_fix_that_would_change_the_text_around_it_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    # Decoding the "%7e" at the end of the prose URI would make its "~" trailing punctuation:
    # that fix is dropped, the others are applied.  The links' tags are malformed (a value glued
    # to the next name): read as a browser's tokenizer reads them, their fixes change their
    # values only (read as prose once, they ran into each other's quotes).
    import urilint.fixer

    rounds: List[int] = []
    real_read = urilint.fixer._Reading.read

    def counted(*args):  # type: ignore[no-untyped-def]
        rounds.append(1)
        assert len(rounds) < 50, "the fixer keeps applying the same edits"  # (it looped forever)
        return real_read(*args)

    monkeypatch.setattr(urilint.fixer._Reading, "read", counted)
    text = ('<a href="ht\ttp://a@b@maker.ifttt.com//  \u2026!#"x y">t</a>\n'
            '<a href="<data:text/plain;base64 ,aGVsbG8gd29y bGQ=>">t</a>\n'
            '<a href="{+base}.*//&"Z/  #token=.}">t</a>\n'
            '<a href="?{,&amp;&amp;$X">t</a>\n'
            '<p>see http://x.io/a%7e.</p>\n')
    result = fix_text(text, "html", S, unsafe=True)
    assert result.text == (text.replace("//  \u2026", "//%20%20\u2026")
                           .replace('"<data:text/plain;base64 ,aGVsbG8gd29y bGQ=>"',
                                    '"./%3Cdata:text/plain;base64%20,aGVsbG8gd29y%20bGQ=%3E"')
                           .replace("?{,", "?%7B,"))
    assert result.notices == ("a fix was skipped: it would have changed how the text around a URI reads",)


def test_fix_respects_suppressions() -> None:
    text = "HTTP://A.example/  # urilint: ignore\nHTTP://B.example/\n"
    result = fix_text(text, "yaml", S, keep=lambda t, f: apply(t, "yaml", f))
    assert result.text == "HTTP://A.example/  # urilint: ignore\nhttp://b.example/\n"


def test_code_blocks_are_never_fixed_by_default() -> None:
    text = "Link HTTP://A.example/\n\n```\nHTTP://B.example/\n```\n\n`HTTP://C.example/`\n"
    result = fix_text(text, "markdown", S)
    assert result.text == "Link http://a.example/\n\n```\nHTTP://B.example/\n```\n\n`HTTP://C.example/`\n"


def test_baseline_round_trip_reports_only_new() -> None:
    old = "a postgres://u:s3cr3t@db.example/x\nb HTTP://A.example/\n"
    reports = place("f.md", old, check_text(old, "text", S))
    data = baseline.dumps(reports)
    assert "s3cr3t" not in data and "db.example" not in data and "HTTP" not in data
    known = baseline.loads(data)
    moved = "new line\n" + old  # edits elsewhere do not churn the baseline
    assert baseline.new_only(place("f.md", moved, check_text(moved, "text", S)), known) == []
    added = moved + "c HTTP://C.example/\n"
    new = baseline.new_only(place("f.md", added, check_text(added, "text", S)), known)
    assert [r.code for r in new] == ["URI201", "URI202"] and all(r.row == 4 for r in new)


def test_bad_baseline() -> None:
    with pytest.raises(baseline.BaselineError):
        baseline.loads("{}")
    with pytest.raises(baseline.BaselineError):
        baseline.loads("not json")


@pytest.mark.parametrize(
    ("fmt", "text", "expected"),
    [
        pytest.param("html", '<a href="HTTP://Example.COM/?a=1&amp;b=2">x</a>\n',
                     '<a href="http://example.com/?a=1&amp;b=2">x</a>\n', id="html-entity-kept"),
        pytest.param("html", '<a href="https://x.example/a&amp;b/%7e">x</a>\n',
                     '<a href="https://x.example/a&amp;b/~">x</a>\n', id="html-decode-after-entity"),
        pytest.param("markdown", "[x](HTTP://Example.COM/a\\_b)\n", "[x](http://example.com/a\\_b)\n",
                     id="markdown-escape-kept"),
        pytest.param("json", '{"u": "HTTP:\\/\\/Example.COM\\/a"}\n', '{"u": "http:\\/\\/example.com\\/a"}\n',
                     id="json-case-across-escapes"),
        # A change of length across escapes has no exact writer: no fix rather than a guess.
        pytest.param("json", '{"u": "https:\\/\\/x.example\\/%7e\\/..\\/b"}\n',
                     '{"u": "https:\\/\\/x.example\\/%7e\\/..\\/b"}\n', id="json-length-change-not-fixed"),
        pytest.param("markdown", "<https://x.example/a\\_b>\n", "<https://x.example/a\\_b>\n",
                     id="autolink-backslash-untouched"),
    ],
)
def test_fixes_through_escapes_are_exact(fmt: str, text: str, expected: str) -> None:
    result = fix_text(text, fmt, S)
    assert result.text == expected
    assert fix_text(result.text, fmt, S).text == result.text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("[k-dev]: (https://g.example/dev)\n", "[k-dev]: https://g.example/dev\n", id="definition-in-parens"),
        pytest.param("[t]: [https://d.example/x?a=1]\n", "[t]: https://d.example/x?a=1\n", id="definition-in-brackets"),
        pytest.param('See [a]("https://x.example/") now.\n', "See [a](https://x.example/) now.\n", id="link-in-quotes"),
        pytest.param('<a href="(https://h.example/)">x</a>\n', '<a href="https://h.example/">x</a>\n', id="html-attribute"),
        pytest.param("[t](\u200b\u200bhttps://z.example/j/5)\n", "[t](https://z.example/j/5)\n", id="zero-width-spaces"),
    ],
)
def test_wrapped_link_target_is_unwrapped_as_an_unsafe_fix(text: str, expected: str) -> None:
    fmt = "html" if text.startswith("<a") else "markdown"
    assert fix_text(text, fmt, S).text == text  # unsafe: not applied by --fix alone
    result = fix_text(text, fmt, S, unsafe=True)
    assert result.text == expected
    assert fix_text(result.text, fmt, S, unsafe=True).text == result.text


def test_fix_of_many_slashes_is_idempotent() -> None:
    # Found by fuzz_fixer: URI108's "three slashes" fix removed three of many slashes per round.
    text = "x ws:///////////////////////Va?3 y"
    all_rules = Settings(select=frozenset({"ALL"}))
    once = fix_text(text, "text", all_rules, unsafe=True)
    assert fix_text(once.text, "text", all_rules, unsafe=True).text == once.text
