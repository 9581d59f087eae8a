"""Property tests: no format's scanner raises on any text, and every candidate maps back."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from urilint.scanners import FORMATS, extract

# Text built from the pieces scanners care about, so random draws hit the interesting paths.
PIECES = st.sampled_from([
    "http://a.example/", "https://b.example/x_(y)", "mailto:m@x.example", "urn:x:y", "<", ">", "[", "]",
    "(", ")", "![", "](", "]:", "`", "```", "~~~", "\n", "\r\n", "\r", " ", "    ", "\t", "- ", "1. ",
    "> ", "#", "*", "_", "\\", "&amp;", "&#x41;", '"', "'", "<!--", "-->", "<a href=\"", "<script>",
    "</script>", "---\n", "+++\n", "key: ", "k = ", "# ", ".. _t: ", "`t <", ">`_", "::", "{", "}",
    ":", "//", "é", "🍄", "\u2028", "\x00", "www.x.example", "x", "-\n",
])
TEXTS = st.lists(PIECES, max_size=60).map("".join)


@settings(max_examples=150, deadline=None)
@given(text=TEXTS, include_code=st.booleans())
def test_no_scanner_raises_and_every_candidate_maps_back(text: str, include_code: bool) -> None:
    for format in FORMATS:
        if format == "python":
            continue  # the Python scanner has its own tests
        cands = extract(text, format, include_code=include_code)
        assert [c.start for c in cands] == sorted(c.start for c in cands)
        for c in cands:
            assert 0 <= c.start <= c.end <= len(text)
            assert include_code or not c.in_code
            if c.is_verbatim:
                assert text[c.start:c.end] == c.uri
            else:
                for i in range(len(c.uri) + 1):
                    assert c.start <= c.to_source(i) <= c.end


LF_PIECES = st.sampled_from([
    "http://a.example/", "<http://w.example/a\n  b>", "[t](http://l.example/)", "[r]: /def\n", "`c`",
    "```\nhttp://code.example/\n```\n", "\n", "\n\n", " ", "    ", "- ", "> ", "é", "x", "key: ",
    '"http://q.example/"', "<a href=\"/h\">", "http://h.example/a-\nb", "  - ", "\t", "<div>\n",
    "</div>\n", "~~~\n", "1) ", ">", "    code http://ic.example/\n", "<!-- http://c.example/ -->",
    "---\nu: http://fm.example/\n---\n", "# h http://hd.example/\n", "===\n",
])


@settings(max_examples=100, deadline=None)
@given(text=st.lists(LF_PIECES, max_size=30).map("".join))
def test_crlf_and_cr_files_give_the_lf_positions(text: str) -> None:
    from urilint.scanners.positions import LineIndex

    for format in ("text", "markdown", "rst", "html", "yaml"):
        expected = [(c.uri, LineIndex.of(text).line_col(c.start)) for c in extract(text, format)]
        for newline in ("\r\n", "\r"):
            other = text.replace("\n", newline)
            index = LineIndex.of(other)
            got = [(c.uri, index.line_col(c.start)) for c in extract(other, format)]
            assert got == expected, (format, newline)
