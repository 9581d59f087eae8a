"""Start tags the strict pattern cannot read are read as the HTML tokenizer reads them: up to
the first ">" outside a quoted value, a quote opening a value only after "=".  Their URL
attributes are found, their inside is never prose, and a fix never rewrites their names."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import List, Tuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urilint import pipeline
from urilint.scanners import extract
from urilint.scanners import html as html_scanner
from urilint.settings import Settings

P = pytest.param
EVERY_RULE = Settings(select=frozenset({"ALL"}))


def found(text: str) -> List[Tuple[str, str]]:
    return [(c.uri, c.context) for c in extract(text, "html")]


FINDS = [
    P("<img src='https://x.io/a'b' alt=y>", [("https://x.io/a", "html-attribute")], id="no-blank-after-a-value"),
    P('<a href="http://x.io/a>b" x">t</a>', [("http://x.io/a>b", "html-attribute")], id="quote-in-a-name"),
    P("<p><img src='https://x.io/'X' alt=y> see http://y.io/ ok</p>",
      [("https://x.io/", "html-attribute"), ("http://y.io/", "bare")], id="prose-after-the-tag"),
    P("<a x='y'z href=http://x.io/>t</a>", [("http://x.io/", "html-attribute")], id="unquoted-after-a-glued-name"),
    P("<img\nsrc='https://x.io/'\n'alt=y>", [("https://x.io/", "html-attribute")], id="across-lines"),
    P("caf\u00e9 <img src='https://x.io/\u00e9'b'> http://y.io/",
      [("https://x.io/\u00e9", "html-attribute"), ("http://y.io/", "bare")], id="non-ascii-before"),
]
MUST_NOT_FIND = [
    P("<img title='x'b' alt='see http://x.io/'>", id="value-after-a-glued-name"),
    P("<a x='y'z see http://x.io/ ok", id="unterminated-tag-is-dropped"),
    P("if a<b then http://x.io/ ok", id="letter-after-lt-opens-a-tag"),
    P("<b<b<b http://x.io/", id="one-long-name"),
    P("<a x='y'\"http://x.io/\">", id="quoted-url-in-a-name"),
    P("<a x=\"y\"'http://x.io/'>", id="single-quoted-url-in-a-name"),
]


@pytest.mark.parametrize("text, expected", FINDS)
def test_finds(text: str, expected: List[Tuple[str, str]]) -> None:
    assert found(text) == expected


@pytest.mark.parametrize("text", MUST_NOT_FIND)
def test_must_not_find(text: str) -> None:
    assert found(text) == []


def test_tables_are_balanced() -> None:
    assert len(MUST_NOT_FIND) >= len(FINDS)


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.events: List[Tuple[str, ...]] = []

    def handle_starttag(self, tag: str, attrs: List[Tuple[str, object]]) -> None:
        self.events.append((tag, *(name for name, _ in attrs)))

    def handle_endtag(self, tag: str) -> None:
        self.events.append(("/" + tag,))


def tags(text: str) -> List[Tuple[str, ...]]:
    parser = _Tags()
    parser.feed(text)
    parser.close()
    return parser.events


@pytest.mark.parametrize("text", [
    P("<img src='http://x.io/a'\\\\%7E' alt=x>\n", id="backslashes-in-a-name"),
    P("<img src='HTTP://x.io:443/'\\`/./' alt=x>\n", id="backtick-in-a-name"),
    P("<img src='https://x.io/'%41]' alt=x>\n", id="triplet-in-a-name"),
])
def test_a_fix_never_rewrites_a_tags_names(text: str) -> None:
    """Cases the fix property found (a URI read as prose across a tag's names): the fixed
    text has the same tags and attribute names, as the standard library's parser reads them."""
    once = pipeline.fix_text(text, "html", EVERY_RULE, unsafe=True).text
    assert tags(once) == tags(text)
    assert pipeline.fix_text(once, "html", EVERY_RULE, unsafe=True).text == once  # (idempotent)


_PARTS = st.sampled_from(["%7e", "%7E", "%5F", "%41", "%e9", "%20", "%%", " ", "\\", "\\\\", "'", '"', "&amp;",
                          "&#47;", "<", ">", "/../", "/./", "?q=", "#", "a", "\u00e9", "{x}", "|", "]", "[", "`", "="])
_URI = st.builds(lambda s, h, p: s + h + "".join(p),
                 st.sampled_from(["https://", "HTTP://", "http://", "ahttp://", "http:/", "ftp://"]),
                 st.sampled_from(["x.io", "X.IO", "x.io:80", "x.io:443", "u:p@x.io", "x.io:", "x.io/"]),
                 st.lists(_PARTS, max_size=5))


def _escaped(value: str, escape: bool) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;") if escape else value


_DOCUMENT = st.builds(
    lambda a, escape, b, c, d, e: (f'<p><a href="{_escaped(a, escape)}">x</a> see {b} <img src=\'{c}\' alt=x> '
                                   f'<a href={d.replace(" ", "")}>y</a><!-- {e} --></p>\n'),
    _URI, st.booleans(), _URI, _URI, _URI, _URI)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_DOCUMENT)
def test_fixes_keep_the_tags(text: str) -> None:
    """Property: whatever URIs an HTML text holds, its fixes leave its tags and attribute names
    as the standard library's parser reads them."""
    once = pipeline.fix_text(text, "html", EVERY_RULE, unsafe=True).text
    assert tags(once) == tags(text)
    assert pipeline.fix_text(once, "html", EVERY_RULE, unsafe=True).text == once  # (idempotent)


# -- template tags in an HTML file: code, not markup --------------------------------------------
# (Sphinx's basic/layout.html builds a link in a Jinja statement: '<a href="' + pathto(x) + '">'.)
IN_A_TEMPLATE_TAG = [
    P("""{%- set p = '<a href="' + pathto('copyright') + '">' -%}""", "' + pathto('copyright') + '",
      id="jinja-statement"),
    P("""{{ '<a href="http://x.io/a b">x</a>' | safe }}""", "http://x.io/a b", id="jinja-expression"),
    P("""{# <a href="http://x.io/a b">old</a> #}""", "http://x.io/a b", id="jinja-comment"),
    P("""<a href="{{ url_for('a', b='c d') }}">x</a>""", "{{ url_for('a', b='c d') }}", id="value-is-an-expression"),
]
OUTSIDE_TEMPLATE_TAGS = [
    P("""{% if a %}<a href="http://x.io/a b">x</a>{% endif %}""", "http://x.io/a b", id="between-two-tags"),
    P("""<a href="http://x.io/a b">{{ title }}</a>""", "http://x.io/a b", id="before-an-expression"),
    P("""{% if a %} <a href="http://x.io/a b">""", "http://x.io/a b", id="after-a-statement"),
    P("""<p>{{ unclosed <a href="http://x.io/a b">x</a></p>""", "http://x.io/a b", id="unclosed-expression"),
    P("""<a href="http://x.io/{{ a }} b">x</a>""", "http://x.io/{{ a }} b", id="tag-inside-the-value"),
    P("""{% blocktrans %}\n<a href="http://x.io/a b">\n{% endblocktrans %}""", "http://x.io/a b",
      id="between-block-tags"),
    P("""<a href="{{ base }}/a b">x</a>""", "{{ base }}/a b", id="starts-with-an-expression"),
]


def test_template_tables_are_balanced() -> None:
    assert len(IN_A_TEMPLATE_TAG) <= len(OUTSIDE_TEMPLATE_TAGS)


@pytest.mark.parametrize(("text", "uri"), IN_A_TEMPLATE_TAG)
def test_a_candidate_in_a_template_tag_is_code(text: str, uri: str) -> None:
    assert [c.in_code for c in extract(text, "html", include_code=True) if c.uri == uri] == [True]
    assert uri not in [c.uri for c in extract(text, "html")]


@pytest.mark.parametrize(("text", "uri"), OUTSIDE_TEMPLATE_TAGS)
def test_a_candidate_outside_template_tags_is_markup(text: str, uri: str) -> None:
    assert [c.in_code for c in extract(text, "html", include_code=True) if c.uri == uri] == [False]


def test_template_tags_stay_linear() -> None:
    text = "{% x " * 100_000 + '<a href="http://x.io/">' + "{{" * 100_000
    spans = html_scanner.template_spans(text)
    assert spans.starts == () and [c.uri for c in extract(text, "html")] == ["http://x.io/"]
