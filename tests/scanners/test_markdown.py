"""The Markdown scanner: one table per rule of the issue, and as many texts it must stay quiet on."""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from urilint.scanners import extract
from urilint.scanners.markdown import parse

P = pytest.param


def found(text: str, include_code: bool = False) -> List[Tuple[str, str]]:
    return [(c.uri, c.context) for c in extract(text, "markdown", include_code=include_code)]


FINDS = [
    P("[a](http://x.example/)", [("http://x.example/", "markdown-link")], id="inline-link"),
    P('[a](http://x.example/ "title")', [("http://x.example/", "markdown-link")], id="link-title"),
    P("[a](http://x.example/ 'title')", [("http://x.example/", "markdown-link")], id="link-single-title"),
    P("[a](http://x.example/ (title))", [("http://x.example/", "markdown-link")], id="link-paren-title"),
    P("![a](http://x.example/i.png)", [("http://x.example/i.png", "markdown-image")], id="image"),
    P("[a](</my uri>)", [("/my uri", "markdown-link")], id="angle-destination-with-space"),
    P("[a](foo(and(bar)))", [("foo(and(bar))", "markdown-link")], id="balanced-parens"),
    P("[a](foo\\)\\:)", [("foo):", "markdown-link")], id="backslash-escapes"),
    P("[a](foo%20b&auml;)", [("foo%20bä", "markdown-link")], id="entity"),
    P("[![i](http://i.example/)](http://l.example/)",
      [("http://i.example/", "markdown-image"), ("http://l.example/", "markdown-link")], id="image-in-link"),
    P("[r]: http://ref.example/ 'T'", [("http://ref.example/", "reference-definition")], id="definition"),
    P("[r]:\n  <http://ref.example/>", [("http://ref.example/", "reference-definition")], id="definition-next-line"),
    P("> [r]: http://q.example/", [("http://q.example/", "reference-definition")], id="definition-in-quote"),
    P("<http://auto.example/>", [("http://auto.example/", "autolink")], id="autolink"),
    P("<foo@bar.example>", [("mailto:foo@bar.example", "autolink")], id="email-autolink"),
    P("see http://bare.example/.", [("http://bare.example/", "bare")], id="bare"),
    P("**http://bare.example/**", [("http://bare.example/", "bare")], id="bare-in-strong"),
    P("| a | http://t.example/|", [("http://t.example/", "bare")], id="bare-in-table"),
    P("# Head http://h.example/", [("http://h.example/", "bare")], id="bare-in-heading"),
    P('<a href="http://h.example/?a=1&amp;b=2">x</a>', [("http://h.example/?a=1&b=2", "html-attribute")], id="inline-html-href"),
    P('<div>\n<img src="http://i.example/x.png">\n</div>', [("http://i.example/x.png", "html-attribute")], id="html-block-src"),
    P("---\nurl: http://fm.example/\n---\ntext", [("http://fm.example/", "front-matter")], id="yaml-front-matter"),
    P("+++\nurl = 'http://fm.example/'\n+++\n", [("http://fm.example/", "front-matter")], id="toml-front-matter"),
    P("text <ftp://foo.example.\n  com/rfc/> more", [("ftp://foo.example.com/rfc/", "angle")], id="appendix-c-wrap"),
    P("- item http://li.example/\n\n    continued http://li2.example/",
      [("http://li.example/", "bare"), ("http://li2.example/", "bare")], id="list-continuation-is-text"),
    P("[a][r]\n\n[r]: http://r.example/", [("http://r.example/", "reference-definition")], id="reference-link"),
    P("http://a.example/\\_b", [("http://a.example/_b", "bare")], id="bare-escape-resolved"),
    P("* item\nlazy\n```\ncode\n```\nhttp://after.example/", [("http://after.example/", "bare")], id="text-after-fence-after-list"),
    P("```\r\n   ```\r\nhttp://after-crlf.example/", [("http://after-crlf.example/", "bare")], id="crlf-fence-closed-by-3-spaces"),
    P('* [P](#p)\n  <ul>\n    <li><a href="#s">S</a></li>\n  </ul>\n* [Q](#q)\n',
      [("#p", "markdown-link"), ("#s", "html-attribute"), ("#q", "markdown-link")], id="html-block-ends-with-its-list-item"),
    P("see http://a.example/x\\`y`", [("http://a.example/x", "bare")], id="backslash-escaping-the-stop-is-not-uri"),
    P("A claim.[^1]\n\n[^1]: See http://fn.example/x.", [("http://fn.example/x", "bare")], id="url-in-footnote-text"),
    # 6.7: a backslash before a line ending inside a paragraph is a hard line break, not the URI's.
    P("para\n    http://x.example/caf\u00e9\\\nnext", [("http://x.example/caf\u00e9", "bare")], id="hard-break-backslash"),
    P("see http://x.example/a.\\\r\nnext", [("http://x.example/a", "bare")], id="hard-break-crlf-after-punctuation"),
    P("> see http://x.example/a\\\n> next", [("http://x.example/a", "bare")], id="hard-break-in-quote"),
    # ... but at the end of a block the backslash is literal text.
    P("see http://x.example/a\\", [("http://x.example/a\\", "bare")], id="backslash-at-end-of-text"),
    P("see http://x.example/a\\\n\nnext", [("http://x.example/a\\", "bare")], id="backslash-at-end-of-paragraph"),
    P("# see http://x.example/a\\\nnext", [("http://x.example/a\\", "bare")], id="backslash-at-end-of-heading"),
    P("<http://x.example/a\\\nb>", [("http://x.example/a", "bare")], id="hard-break-is-no-angle-wrap"),
    # 5.2: an empty list item does not interrupt a paragraph: "*" is the paragraph's next line.
    P("see http://x.example/a\\\n*\nnext", [("http://x.example/a", "bare")], id="empty-item-is-paragraph-text"),
]

MUST_NOT_FIND = [
    P("`http://code.example/`", id="code-span"),
    P("``a ` http://code.example/``", id="double-backtick-span"),
    P("```\nhttp://fenced.example/\n```", id="fenced"),
    P("~~~~\nhttp://fenced.example/\n~~~~", id="tilde-fenced"),
    P("    http://indented.example/", id="indented-code"),
    P("- a\n\n      http://list-code.example/", id="indented-code-in-list"),
    P("<!-- http://comment.example/ -->", id="html-comment-block"),
    P("a <!-- http://comment.example/ --> b", id="html-comment-inline"),
    P("<script>\nvar u = 'http://s.example/';\n</script>", id="script-block"),
    P("<pre>\nhttp://pre.example/\n</pre>", id="html-pre-block"),
    P("[link](/my uri)", id="spaces-in-raw-destination"),
    P("[link] (/uri)", id="space-before-paren"),
    P("www.example.com", id="www"),
    P("someone@example.com", id="email"),
    P("key:value and 12:30", id="key-value-time"),
    P("\\[foo](/uri)", id="escaped-bracket"),
    P("[foo`](/uri)`", id="code-span-wins"),
    P('<a title="http://t.example/">x</a>', id="non-url-attribute"),
    P("[foo]: /url 'title\n\nwith blank line'\n\n[foo]", id="definition-broken-title"),
    P("    [foo]: /url", id="indented-definition"),
    P("```\n[foo]: /url\n```", id="definition-in-fence"),
    P("Foo\n[bar]: /baz", id="definition-cannot-interrupt"),
    P("<m:abc> <foo.bar.baz>", id="not-autolinks"),
    P("- `x`\n  ```\n  http://listfence.example/\n  ```", id="fence-in-list"),
    P("> ```\n> http://quotefence.example/\n> ```", id="fence-in-quote"),
    P("xsl:template and C:\\path", id="prose-lookalikes"),
    P("[a][missing]", id="undefined-reference"),
    P("* item `x`\nlazy line\n```\n<http://fence-after-list.example/> init\n```", id="fence-after-lazy-list-line"),
    P("```\r\n    ```\r\nhttp://still-code.example/\r\n```\r\n", id="crlf-fence-not-closed-by-4-spaces"),
    P("*     code http://item-code.example/ [x](y)\n", id="list-item-starting-with-indented-code"),
    P("`http://in-code.example/a\\`", id="backslash-before-closing-tick-stays-in-code-span"),
    P("For example:[^note]\n\n[^note]: Some text.", id="footnote-after-registered-scheme"),
    # A hard line break's backslash is not a URI's: only the scheme is left before it.
    P("see http://\\\nnext", id="hard-break-after-scheme-and-slashes"),
    P("see https:\\\nnext", id="hard-break-after-scheme"),
    P("write to mailto:\\\r\nnext", id="hard-break-after-mailto-crlf"),
    P("    http://indented.example/a\\\n    next", id="hard-break-in-indented-code"),
    P("```\nhttp://fenced.example/a\\\nb\n```", id="hard-break-in-fenced-code"),
    P("<!-- http://comment.example/a\\\nb -->", id="hard-break-in-html-comment"),
    P("para\n*\n`http://in-code.example/`", id="code-span-after-empty-item-line"),
    P("<p://\\\nx>", id="hard-break-in-angles-leaves-only-the-scheme"),
]


@pytest.mark.parametrize("text, expected", FINDS)
def test_finds(text: str, expected: List[Tuple[str, str]]) -> None:
    assert found(text) == expected


@pytest.mark.parametrize("text", MUST_NOT_FIND)
def test_must_not_find(text: str) -> None:
    assert found(text) == []


def test_tables_are_balanced() -> None:
    assert len(FINDS) == len(MUST_NOT_FIND)


@pytest.mark.parametrize("text, expected", [
    P("`http://c.example/`", [("http://c.example/", "bare")], id="code-span"),
    P("```\nhttp://f.example/\n```", [("http://f.example/", "bare")], id="fence"),
    P("    http://i.example/", [("http://i.example/", "bare")], id="indented"),
    P("<!-- http://c.example/ -->", [("http://c.example/", "comment")], id="comment-block"),
    P("a <!-- http://c.example/ --> b", [("http://c.example/", "comment")], id="comment-inline"),
])
def test_code_included_on_request(text: str, expected: List[Tuple[str, str]]) -> None:
    cands = extract(text, "markdown", include_code=True)
    assert [(c.uri, c.context) for c in cands] == expected
    assert all(c.in_code for c in cands)


def test_source_spans_are_the_destination_as_written() -> None:
    text = "x [a](<http://x.example/a\\>b>) y"
    (c,) = extract(text, "markdown")
    assert c.uri == "http://x.example/a>b"
    assert text[c.start:c.end] == "http://x.example/a\\>b"
    assert not c.is_verbatim
    assert c.source_span(0, 4) == (c.start, c.start + 4)


def test_email_autolink_maps_to_its_address() -> None:
    text = "<foo@bar.example>"
    (c,) = extract(text, "markdown")
    assert c.uri == "mailto:foo@bar.example"
    assert (c.start, c.end) == (1, 16)
    assert c.to_source(0) == 1 and c.to_source(len("mailto:f")) == 2


def test_unused_definitions_are_still_candidates() -> None:
    doc = parse("[a]: /one\n[a]: /two\n")
    assert [c.uri for c in doc.candidates] == ["/one", "/two"]
    assert doc.definitions["a"].uri == "/one"


def test_link_text_is_not_prose() -> None:
    assert found("[http://text.example/](/local)") == [("/local", "markdown-link")]


def test_in_image_marks_links_rendered_as_alt_text() -> None:
    doc = parse("![[[foo](uri1)](uri2)](uri3)")
    links = {(link.destination.uri, link.in_image) for link in doc.links if link.destination}
    assert links == {("uri1", True), ("uri3", False)}


ADVERSARIAL = [
    P("[" * 100_000, id="100k-open-brackets"),
    P("]" * 100_000, id="100k-close-brackets"),
    P("[" * 50_000 + "]" * 50_000, id="nested-brackets"),
    P("[a](" * 50_000, id="unclosed-links"),
    P("[a](b" + "(" * 100_000, id="100k-parens-in-destination"),
    P("(" * 100_000, id="100k-parens"),
    P("<" * 100_000, id="100k-angles"),
    P("<a " * 50_000, id="unclosed-tags"),
    P("`" * 100_000, id="100k-backticks"),
    P("` `` ``` " * 20_000, id="mixed-backtick-runs"),
    P("```\n" + "x\n" * 100_000, id="unterminated-fence"),
    P("- " * 50_000 + "x", id="deep-list-markers"),
    P("> " * 50_000 + "x", id="deep-quotes"),
    P("a" * 10_000_000, id="10MB-no-newline"),
    P("[x]: <" * 50_000, id="unclosed-definitions"),
    P("[a]: /u\n" * 20_000 + "[a]" * 20_000, id="many-references"),
    P("*[a](b)" * 30_000 + "[" * 30_000, id="links-then-openers"),
    P("<!--" * 50_000, id="unclosed-comments"),
    P('[a](b "' * 30_000, id="unclosed-titles"),
]


@pytest.mark.parametrize("text", ADVERSARIAL)
def test_adversarial_input_finishes(text: str) -> None:
    for c in extract(text, "markdown"):
        assert c.start <= c.end


@pytest.mark.parametrize("text", [
    P("* [Title](http://a.example/) - Author", id="list-line"),
    P("[a](x)[b](y) ![i](z.png) and [](./e) and [f]()", id="several"),
    P("[a\nb](http://wrapped-text.example/)", id="text-over-lines"),
    P("[a](http://x.example/?a=1&amp;b=2)", id="entity-in-destination"),
])
def test_fast_path_agrees_with_the_full_procedure(text: str) -> None:
    from urilint.scanners import markdown as md

    fast_doc = md.MarkdownDocument()
    assert md._simple_links(text, 0, len(text), fast_doc) is not None
    full_doc = md.MarkdownDocument()
    md._Inline(text, 0, len(text), {}, full_doc, False).run()
    assert fast_doc.candidates == full_doc.candidates and fast_doc.candidates


@pytest.mark.parametrize("text", [
    P("[a](b c)", id="space-in-destination"),
    P("[a](b(c))", id="parens-in-destination"),
    P("[a] [b](c)", id="lone-brackets"),
    P("[a](b) <c>", id="angle"),
    P("[a\\]](b)", id="backslash"),
    P("[[a](b)](c)", id="nested"),
    P('[a](b "t")', id="title"),
])
def test_fast_path_declines_what_it_cannot_decide(text: str) -> None:
    from urilint.scanners import markdown as md

    assert md._simple_links(text, 0, len(text), md.MarkdownDocument()) is None


# -- links inside image descriptions ----------------------------------------------------------
# A tree of images, links and text, written as Markdown: a link is inside an image's
# description exactly when an image is among its ancestors.  (No link inside a link: CommonMark
# makes the outer one text.)
def _tree(draw: st.DrawFn, depth: int, in_link: bool, counter: List[int]) -> Tuple[str, List[Tuple[str, bool]]]:
    parts: List[str] = []
    expected: List[Tuple[str, bool]] = []
    for _ in range(draw(st.integers(0, 3 if depth else 0))):
        kind = draw(st.sampled_from(["text", "image"] if in_link else ["text", "image", "link"]))
        if kind == "text":
            parts.append(draw(st.sampled_from(["x", " y ", "z"])))
            continue
        inner, inner_expected = _tree(draw, depth - 1, in_link or kind == "link", counter)
        counter[0] += 1
        uri = f"http://a.example/{counter[0]}"
        parts.append(("![" if kind == "image" else "[") + inner + f"]({uri})")
        expected.append((uri, False))
        expected.extend((u, inside or kind == "image") for u, inside in inner_expected)
    return "".join(parts), expected


@st.composite
def _markdown_tree(draw: st.DrawFn) -> Tuple[str, List[Tuple[str, bool]]]:
    return _tree(draw, 4, False, [0])


@hsettings(max_examples=400, deadline=None)
@given(case=_markdown_tree())
def test_in_image_marks_every_link_under_an_image(case: Tuple[str, List[Tuple[str, bool]]]) -> None:
    text, expected = case
    doc = parse(text)
    got = sorted((link.destination.uri, link.in_image) for link in doc.links if link.destination)
    assert got == sorted(expected), text


@pytest.mark.parametrize("text, inside", [
    P("![ [a](http://a/) ![ [b](http://b/) ](http://w/) ](http://x/)",
      {"http://a/": True, "http://b/": True, "http://w/": True, "http://x/": False},
      id="a-link-before-an-inner-image"),
    P("![" * 3000 + "x" + "](http://a/)" * 3000, {"http://a/": None}, id="images-nested-3000-deep"),
])
def test_in_image_on_known_rows(text: str, inside: Dict[str, Optional[bool]]) -> None:
    doc = parse(text)
    links = [link for link in doc.links if link.destination]
    for uri, flag in inside.items():
        flags = {link.in_image for link in links if link.destination.uri == uri}  # type: ignore[union-attr]
        if flag is None:  # every level but the outermost is inside an image
            assert [link.in_image for link in links].count(False) == 1 and len(links) == 3000
        else:
            assert flags == {flag}, uri
