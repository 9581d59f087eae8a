"""Fixes that never change meaning (issue 15, part 1): a literal the program continues is not a
whole URI, a fix in a program's literal is unsafe, a suppressed finding is never fixed, and a
line break in a wrapped link is joined, never percent-encoded."""

from __future__ import annotations

from typing import List, Optional, Tuple

import pytest

from urilint.pipeline import check_text, fix_text, keeper, lint
from urilint.settings import Settings

P = pytest.param
ALL = Settings(select=frozenset({"ALL"}))


def codes(text: str, fmt: str = "python", settings: Settings = ALL) -> List[Tuple[str, Optional[str]]]:
    return [(f.code, f.applicability) for f in check_text(text, fmt, settings)]


CONTINUED_QUIET = [
    P('URL = "http://localhost:" + str(port) + "/api"\n', id="empty-port-continued"),
    P('U = "https://user:" + pw + "@host"\n', id="userinfo-split"),
    P('U = "https://" + host\n', id="no-host-yet"),
    P('U = "https://example.com" + path\n', id="empty-path-continued"),
    P('U = "https://example.com/a/." + x\n', id="dot-segment-continued"),
    P('U = "http://example.com:80" + "80/"\n', id="port-continued"),
    P('U = "https://h:%d/" % port\n', id="percent-format"),
    P('U = "https://h:{}/".format(port)\n', id="str-format"),
    P('U = "".join(["https://", host])\n', id="join-elements-are-not-continued-but-no-host"),
    P('U = base + "/../x"\n', id="relative-continued"),
    P('U = (\n    "https://h:"\n    + str(p)\n)\n', id="continued-on-the-next-line"),
    # What a string is tested to start or end with is a part of one (ansible's get_url module).
    P("ok = url.startswith('ftp:/')\n", id="startswith"),
    P("ok = url.startswith(('file:/', 'ftp:/'))\n", id="startswith-a-tuple"),
    P("u = url.removeprefix(\n    'https://h:')\n", id="removeprefix-next-line"),
    P("ok = host.endswith('.example.com:80/')\n", id="endswith"),
]
CONTINUED_REPORTED = [
    P('U = "https://a b/" + x\n', [("URI101", "display-only")], id="space-is-a-space-anywhere"),
    P('U = "HTTP://h:" + p\n', [("URI201", "display-only")], id="scheme-case-before-an-open-end"),
    P('U = x + "https://u:Xk9mQ2vL7pR4wZt8@db.internal/"\n', [("URI301", "display-only")], id="secret-after-an-open-start"),
    P('U = "https://h:/x"\n', [("URI207", "unsafe")], id="whole-literal-still-judged"),
    P("ok = url.startswith('https://a b/')\n", [("URI101", "display-only")], id="space-in-a-prefix"),
    P("ok = url.startswith(p) and u == 'ftp:/x.example/'\n", [("URI108", "unsafe")], id="after-a-closed-call"),
    P("ok = url.startswith('HTTP://h')\n", [("URI201", "display-only")], id="scheme-case-in-a-prefix"),
    P("ok = startswith_('ftp:/x.example/')\n", [("URI108", "unsafe")], id="a-function-named-alike"),
]


@pytest.mark.parametrize("text", CONTINUED_QUIET)
def test_a_literal_the_program_continues_is_not_judged_by_its_ends(text: str) -> None:
    assert all(a == "display-only" for _, a in codes(text)), "a continued literal is never fixed"
    assert not {c for c, _ in codes(text)} & {"URI205", "URI206", "URI207", "URI208", "URI104", "URI105", "URI108"}


@pytest.mark.parametrize(("text", "expected"), CONTINUED_REPORTED)
def test_what_a_continued_literal_holds_is_still_judged(text: str, expected: list) -> None:  # type: ignore[type-arg]
    assert codes(text) == expected


FIX_SAFETY = [
    P('x = "HTTP://h.example/a"\n', "python", "unsafe", id="python-literal-unsafe"),
    P('# see HTTP://h.example/a\n', "python", "safe", id="python-comment-safe"),
    P('"""Docs: HTTP://h.example/a."""\n', "python", "safe", id="python-docstring-safe"),
    P("See [a](HTTP://h.example/a).\n", "markdown", "safe", id="markdown-link-safe"),
    P("url: HTTP://h.example/a\n", "yaml", "safe", id="config-value-safe"),
]


@pytest.mark.parametrize(("text", "fmt", "applicability"), FIX_SAFETY)
def test_a_fix_in_a_programs_literal_is_at_most_unsafe(text: str, fmt: str, applicability: str) -> None:
    assert {a for c, a in codes(text, fmt) if c == "URI201"} == {applicability}


SUPPRESSED = [
    P('x = "HTTP://Example.COM/"  # noqa: URI201\n', "python", id="noqa-one-code"),
    P("u: HTTP://Example.COM/  # urilint: ignore[URI201]\n", "yaml", id="hash-ignore"),
    P("<!-- urilint-disable-next-line URI201 -->\n[a](HTTP://Example.COM/)\n", "markdown", id="html-directive"),
]


@pytest.mark.parametrize(("text", "fmt"), SUPPRESSED)
def test_a_suppressed_finding_is_never_fixed_by_another_rules_fix(text: str, fmt: str) -> None:
    result = lint(text, fmt, ALL, fix=True, unsafe=True)
    assert result.text == text
    assert [f.code for f in result.findings] == ["URI202"]  # still reported, without a fix
    assert all(f.edit is None for f in result.findings)


def test_per_file_ignores_keep_their_fixes_out_too() -> None:
    text = "u: HTTP://Example.COM/\n"
    result = fix_text(text, "yaml", ALL, unsafe=True, keep=keeper("yaml", frozenset({"URI201"})))
    assert result.text == text


def test_unsuppressed_findings_still_fix() -> None:
    text = "u: HTTP://Example.COM/\n"
    assert lint(text, "yaml", ALL, fix=True).text == "u: http://example.com/\n"


WRAPPED = [
    P("<https://github.\n  com/o/r>\n", "text", "<https://github.com/o/r>\n", id="angle-wrapped"),
    P('<a href="https://example.com/a\n   b">x</a>\n', "html", '<a href="https://example.com/ab">x</a>\n',
      id="href-with-a-line-break"),
]


@pytest.mark.parametrize(("text", "fmt", "fixed"), WRAPPED)
def test_a_line_break_is_joined_never_encoded(text: str, fmt: str, fixed: str) -> None:
    result = fix_text(text, fmt, ALL, unsafe=True)
    assert "%0A" not in result.text and "%0D" not in result.text
    assert result.text in (fixed, text)


# A "<" that a space inside the line keeps from closing as a delimited URI (RFC 3986 Appendix C
# joins line breaks only): the URI is read as bare text up to the space, but where its writer
# meant it to end is unknown, so nothing that depends on its end is judged or fixed.
CUT_IN_ANGLE_QUIET = [
    P("See <https://exa mple.com/> here.\n", "markdown", id="space-in-host"),
    P("See <https://exa mple.com/> here.\n", "text", id="space-in-host-text"),
    P("<https://example.com:80 /x>\n", "markdown", id="space-after-port"),
    P("<URL:https://example.com/a/. b>\n", "text", id="url-prefix-dot-segment"),
    P("- <https://example.com /a>\n", "rst", id="rst-space-before-path"),
    P("# see <https://example.com /a>\n", "python", id="python-comment"),
    P('def f():\n    """See <https://exa mple.com/> here."""\n', "python", id="python-docstring"),
    P('x = "see <https://exa mple.com/> \\u0041"\n', "python", id="python-literal-with-an-escape"),
    P('k = "see <https://exa mple.com/> \\u0041"\n', "toml", id="toml-value-with-an-escape"),
    P("a: 1  # see <https://exa mple.com/> here\n", "yaml", id="yaml-comment"),
    P(".. see <https://exa mple.com/> here\n", "rst", id="rst-comment"),
    P("---\nurl: see <https://exa mple.com/> here\n---\n# T\n", "markdown", id="markdown-front-matter"),
]
CUT_IN_ANGLE_JUDGED = [
    P("<https://example.com>\n", "markdown", "URI208", id="closed-angle-is-whole"),
    P("<https://example.com\n  >\n", "text", "URI208", id="wrapped-angle-is-whole"),
    P("<https://example.com here\n", "markdown", "URI208", id="no-closing-bracket"),
    P("<https://example.com x\n>\n", "text", "URI208", id="closing-bracket-on-a-later-line"),
    P("<https://example.com> b>\n", "markdown", "URI208", id="closed-before-the-space"),
    P("x https://example.com <y z>\n", "markdown", "URI208", id="not-opened-by-the-bracket"),
]


@pytest.mark.parametrize(("text", "fmt"), CUT_IN_ANGLE_QUIET)
def test_a_uri_cut_inside_angle_brackets_is_not_judged_by_its_end(text: str, fmt: str) -> None:
    assert not {c for c, _ in codes(text, fmt)} & {"URI104", "URI105", "URI205", "URI206", "URI207", "URI208"}
    assert fix_text(text, fmt, ALL, unsafe=True).text == text


@pytest.mark.parametrize(("text", "fmt", "code"), CUT_IN_ANGLE_JUDGED)
def test_a_whole_uri_near_angle_brackets_is_still_judged(text: str, fmt: str, code: str) -> None:
    assert code in {c for c, _ in codes(text, fmt)}
