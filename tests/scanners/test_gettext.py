"""gettext catalogs: strings joined and C-decoded before they are read, comments as prose."""

from __future__ import annotations

from typing import List, Tuple

import pytest

from urilint import pipeline
from urilint.settings import Settings
from urilint.scanners import extract, get

P = pytest.param


def found(text: str) -> List[Tuple[str, str, str]]:
    """(URI, context, exact source slice) of every candidate."""
    return [(c.uri, c.context, text[c.start:c.end]) for c in extract(text, "gettext")]


FINDS = [
    P('msgid "See https://a.example/x for more"\nmsgstr ""\n', [("https://a.example/x", "bare", "https://a.example/x")],
      id="msgid-prose"),
    P('msgid ""\nmsgstr ""\n"Report-Msgid-Bugs-To: https://a.example/issues\\n"\n',
      [("https://a.example/issues", "bare", "https://a.example/issues")], id="header-newline-escape"),
    P('msgstr ""\n"https://a.example/very/long/"\n"path/é"\n',
      [("https://a.example/very/long/path/é", "bare", 'https://a.example/very/long/"\n"path/é')], id="joined-strings"),
    P('msgstr ""\n"https://a.example/a"\n  \t "b"\n', [("https://a.example/ab", "bare", 'https://a.example/a"\n  \t "b')],
      id="joined-after-blanks"),
    P('msgid "<a href=\\"https://a.example/\\">x</a>"\n', [("https://a.example/", "quoted", "https://a.example/")],
      id="escaped-quotes"),
    P('msgid "https://a.example/\\101\\x42"\n', [("https://a.example/AB", "bare", "https://a.example/\\101\\x42")],
      id="octal-and-hex-escapes"),
    P('msgstr[0] "one: https://a.example/1"\nmsgstr[1] "many: https://a.example/n"\n',
      [("https://a.example/1", "bare", "https://a.example/1"), ("https://a.example/n", "bare", "https://a.example/n")],
      id="plural-forms"),
    P("# Translator: see https://a.example/guide.\nmsgid \"x\"\n", [("https://a.example/guide", "comment", "https://a.example/guide")],
      id="translator-comment"),
    P('#~ msgid "old https://a.example/o"\n', [("https://a.example/o", "bare", "https://a.example/o")], id="obsolete-entry"),
    # An obsolete entry's strings are joined as an active entry's are (pydata-sphinx-theme's).
    P('#~ msgid ""\n#~ "<a href=\\"https://pydata-sphinx-"\n#~ "theme.example.io/\\">x</a>"\n',
      [("https://pydata-sphinx-theme.example.io/", "quoted", 'https://pydata-sphinx-"\n#~ "theme.example.io/')],
      id="obsolete-entry-joined"),
    P('#~ msgid "see http://exa"\r#~ "mple.com/a b"\r#~ msgstr "x"\r',
      [("http://example.com/a", "bare", 'http://exa"\r#~ "mple.com/a')], id="obsolete-entry-lone-cr"),
    P('msgctxt "https://a.example/c"\nmsgid "x"\n', [("https://a.example/c", "bare", "https://a.example/c")], id="context"),
]

MUST_NOT_FIND = [
    P('msgid "https://a.example/"\nmsgstr "https://b.example/"\n', [("https://a.example/", "bare", "https://a.example/"),
                                                                       ("https://b.example/", "bare", "https://b.example/")],
      id="keywords-are-not-joined"),
    P('msgid "a"\n\nmsgid "https://b.example/"\n', [("https://b.example/", "bare", "https://b.example/")], id="entries-apart"),
    P("#: src/app.py:12 src/views.py:140\nmsgid \"x\"\n", [], id="references"),
    P("#, python-format, fuzzy\nmsgid \"%(host)s:%(port)d\"\n", [], id="flags-and-formats"),
    P('msgid "Time: 12:30"\n', [], id="time"),
    P('msgid "key:value"\n', [], id="key-value"),
    P('msgid "unterminated https://a.example/\n"next"\n', [], id="unterminated-string"),
    P('msgid "C:\\\\path\\\\to"\n', [], id="windows-path"),
    P('"Content-Type: text/plain; charset=UTF-8\\n"\n', [], id="header-field"),
    P('msgid "fi%6Ce:///etc/passwd"\n', [], id="percent-encoded-scheme"),
    P('#~ msgid "https://a.example/"\n#~ msgstr "https://b.example/"\n',
      [("https://a.example/", "bare", "https://a.example/"), ("https://b.example/", "bare", "https://b.example/")],
      id="obsolete-keywords-are-not-joined"),
    P('#~ msgid "https://a.example/"\n"https://b.example/"\n',
      [("https://a.example/", "bare", "https://a.example/"), ("https://b.example/", "bare", "https://b.example/")],
      id="obsolete-and-active-are-not-joined"),
    P('#~ msgid "https://a.example/"\n# see https://c.example/\n#~ "x"\n',
      [("https://a.example/", "bare", "https://a.example/"), ("https://c.example/", "comment", "https://c.example/")],
      id="a-comment-between-ends-the-value"),
]


@pytest.mark.parametrize("text, expected", FINDS)
def test_finds(text: str, expected: List[Tuple[str, str, str]]) -> None:
    assert found(text) == expected


@pytest.mark.parametrize("text, expected", MUST_NOT_FIND)
def test_must_not_find(text: str, expected: List[Tuple[str, str, str]]) -> None:
    assert found(text) == expected


def test_tables_are_balanced() -> None:
    assert len(MUST_NOT_FIND) >= len(FINDS)


def test_a_fix_in_a_joined_value_edits_its_own_string() -> None:
    text = 'msgstr ""\n"see HTTP://A.example/x"\n"/y\\n"\n'
    result = pipeline.lint(text, get("gettext"), Settings(extend_select=frozenset({"URI2"})), fix=True)
    assert result.text == 'msgstr ""\n"see http://a.example/x"\n"/y\\n"\n'
