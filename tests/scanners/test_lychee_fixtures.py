"""lychee's own fixtures (../shared/corpora/conformance/lychee_fixtures): 31 small Markdown, HTML,
Quarto, R Markdown and text inputs that a link checker must cope with.  They carry no
expectations of their own; these are ours, each read against its file by hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import List, Tuple

import pytest

from tests.conftest import CORPORA, need_shared
from urilint.checker import check
from urilint.scanners import decode, extract, format_for_path
from urilint.scanners.positions import LineIndex

FIXTURES = CORPORA / "conformance" / "lychee_fixtures"

Row = Tuple[int, int, str, str]  # 1-based row and column, context, uri


def rows(path: Path, include_code: bool = False) -> List[Row]:
    text = decode(path.read_bytes()).text
    index = LineIndex.of(text)
    out = []
    for c in extract(text, format_for_path(path.name), include_code=include_code):
        row, col = index.line_col(c.start)
        out.append((row, col, c.context, c.uri))
    return out


def test_every_fixture_is_read() -> None:
    files = sorted(p for p in need_shared(FIXTURES).iterdir() if p.is_file())
    assert len(files) == 31
    found = {p.name: rows(p) for p in files}
    assert sum(len(r) for r in found.values()) > 90
    assert [name for name, r in found.items() if not r] == ["TEST_CODE_BLOCKS.md", "TEST_WIKI.md"]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # Fenced blocks (with and without an info string) and code spans are code.
        pytest.param("TEST_CODE_BLOCKS.md", [], id="code-blocks"),
        # Quarto and R Markdown are Markdown: the fence with "{.bash}" and the span are code.
        pytest.param("TEST_QUARTO.qmd", [(5, 13, "autolink", "https://example.com")], id="quarto"),
        pytest.param("TEST_RMARKDOWN.Rmd", [(6, 13, "autolink", "https://example.com")], id="rmarkdown"),
        # <pre>, <code>, <samp> and <kbd> text is code; a tag inside <pre> is still a live link;
        # <script> is skipped; <var> names a variable in prose.
        pytest.param("TEST_VERBATIM.html", [(11, 16, "html-attribute", "http://www.example.com/pre/a"),
                                            (16, 10, "bare", "http://www.example.com/var")], id="verbatim"),
        # An attribute value is exact: its final "." is part of it (prose would drop it).
        pytest.param("LINK_PERIOD.html", [(1, 10, "html-attribute", "https://www.example.com/smth.")], id="period"),
        # Malformed hrefs are found as written, for the rules to report.
        pytest.param("TEST_HTML5_MALFORMED_LINKS.html",
                     [(5, 14, "html-attribute", "https;//example.com/malformed_one"),
                      (6, 14, "html-attribute", "https://example]org/malformed_two"),
                      (7, 14, "html-attribute", "https://example.com/valid")], id="malformed-hrefs"),
        pytest.param("TEST_SCHEMES.txt", [(1, 1, "bare", "slack://channel?id=123"),
                                          (2, 1, "bare", "file:///test_folder/test_file"),
                                          (3, 1, "bare", "https://example.com")], id="schemes"),
        pytest.param("TEST_EMAIL_QUERY_PARAMS.md",
                     [(1, 34, "markdown-link", "mailto:hello@example.org?subject=%5BHello%5D")], id="mailto-query"),
    ],
)
def test_fixture_candidates(name: str, expected: List[Row]) -> None:
    assert rows(need_shared(FIXTURES) / name) == expected


def test_code_is_found_on_request() -> None:
    found = rows(need_shared(FIXTURES) / "TEST_CODE_BLOCKS.md", include_code=True)
    assert [uri for _, _, _, uri in found] == ["http://127.0.0.1/block", "http://127.0.0.1/bash",
                                               "http://127.0.0.1/inline"]


@pytest.mark.parametrize(
    ("uri", "codes"),
    [
        pytest.param("https;//example.com/malformed_one", ["URI108"], id="semicolon-for-colon"),
        pytest.param("https://example]org/malformed_two", ["URI107"], id="bracket-in-host"),
        pytest.param("https://example.com/valid", [], id="valid"),
        pytest.param("https://www.example.com/smth.", [], id="final-period-is-valid"),
    ],
)
def test_the_malformed_hrefs_are_reported(uri: str, codes: List[str]) -> None:
    assert sorted({f.code for f in check(uri, context="html-attribute")}) == codes
