"""Core metadata files (PKG-INFO, METADATA): headers as text, the description in its markup."""

from __future__ import annotations

from typing import List

import pytest

from urilint.pipeline import check_text
from urilint.scanners import extract, format_for_path
from urilint.scanners.positions import LineIndex

P = pytest.param


def _metadata(content_type: str, body: str) -> str:
    header = f"Description-Content-Type: {content_type}\n" if content_type else ""
    return ("Metadata-Version: 2.4\nName: demo\nVersion: 1.0\nHome-page: https://demo.example.org/\n"
            f"Project-URL: Source, https://git.example.org/demo\n{header}\n{body}")


@pytest.mark.parametrize("name", ["PKG-INFO", "demo-1.0/PKG-INFO", "demo-1.0.dist-info/METADATA"])
def test_the_files_are_metadata(name: str) -> None:
    assert format_for_path(name) == "metadata"


# The description's markup hides what plain text would report: a table's pipes, a code block,
# an escape (apprise's README tables, rfc3986's code blocks).
QUIET = [
    P("text/markdown", "| [Mastodon](https://a.example.org/) | mastodon:// or mastodons://| (TCP) 80 |\n"
      "|---|---|---|\n", id="markdown-table"),
    P("text/markdown", 'Run `uri = b"http://h.example/get?utf8=\\xe2\\x98\\x83"` first.\n', id="markdown-code-span"),
    P("text/markdown", "jira://APIKey/\\*Schedule\n", id="markdown-escape"),
    P("text/x-rst", '.. code-block:: python\n\n    uri = b"http://h.example/get?utf8=\\xe2\\x98\\x83"\n', id="rst-code-block"),
    P("", 'Example::\n\n    uri = b"http://h.example/get?utf8=\\xe2\\x98\\x83"\n', id="rst-by-default"),
]
# What each part still reports, at the file's own positions.
REPORTED = [
    P("text/markdown", "See [docs](https//docs.example.org/).\n", "URI108", id="markdown-link-typo"),
    P("text/x-rst", "See `docs <https//docs.example.org/>`_.\n", "URI108", id="rst-link-typo"),
    P("text/plain", 'Run `uri = b"http://h.example/get?utf8=\\xe2\\x98\\x83"` first.\n', "URI101",
      id="plain-text-has-no-code-span"),
    P("text/markdown", "Download: http://256.1.2.3/x\n", "URI104", id="bare-uri-in-the-description"),
    P("text/markdown", "postgres://admin:Zq7pw8Lk4r2Tx9@db.prod.internal/app\n", "URI301", id="a-password"),
]


def test_the_tables_are_balanced() -> None:
    assert len(REPORTED) <= len(QUIET)


def _codes(text: str) -> List[str]:
    return [f.code for f in check_text(text, "metadata")]


@pytest.mark.parametrize(("content_type", "body"), QUIET)
def test_the_description_is_read_in_its_markup(content_type: str, body: str) -> None:
    text = _metadata(content_type, body)
    assert _codes(text) == []
    assert _codes(text.replace("Metadata-Version", "Not-Metadata")) != []  # read as text, it would be


@pytest.mark.parametrize(("content_type", "body", "code"), REPORTED)
def test_the_description_still_reports(content_type: str, body: str, code: str) -> None:
    text = _metadata(content_type, body)
    findings = check_text(text, "metadata")
    assert [f.code for f in findings] == [code]
    assert text.index(body) <= findings[0].start < text.index(body) + len(body)


def test_the_headers_are_read_as_text_at_their_positions() -> None:
    text = _metadata("text/markdown", "# Demo\n").replace("Home-page: https://demo.example.org/",
                                                         "Home-page: \u00e9t\u00e9 http://256.1.2.3/x")
    index = LineIndex.of(text)
    findings = check_text(text, "metadata")
    assert [(f.code, index.line_col(f.start)) for f in findings] == [("URI104", (4, 23))]
    uris = [c.uri for c in extract(text, "metadata")]
    assert uris == ["http://256.1.2.3/x", "https://git.example.org/demo"]


def test_crlf_line_endings() -> None:
    text = _metadata("text/markdown", "See [docs](https//docs.example.org/).\n").replace("\n", "\r\n")
    assert _codes(text) == ["URI108"]
