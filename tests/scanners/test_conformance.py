"""Conformance: CommonMark 0.31.2 and cmark-gfm link examples; linkify-it as a second opinion.

The expected destinations are rendered hrefs, so our candidates are rendered the same way before
comparing: each link, image and autolink in document order (opening bracket first, so a link
precedes the image inside it), a reference link takes its definition's destination, a link
nested in an image's description is dropped (the renderer turns it into alt text), and the
destination is percent-encoded as cmark's ``houdini_escape_href`` does.  Bare URIs (GFM's
extended autolinks) count only in the GFM examples: CommonMark itself has none.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Tuple
from urllib.parse import quote

import pytest

from tests.conftest import CORPORA, need_shared
from urilint.scanners import extract
from urilint.scanners.markdown import parse

CONFORMANCE = CORPORA / "conformance"
#: cmark's href-safe characters (houdini_href_e.c): everything else is percent-encoded as UTF-8.
HREF_SAFE = "-_.+!*'(),%#@?=;:/&$~"
BARE_CONTEXTS = frozenset({"bare", "quoted", "angle"})

# Deviations, by design (the issue: "No scheme, no candidate").  GFM's extended autolinks turn
# "www." names and bare e-mail addresses into links by *adding* a scheme; RFC 3986 section 4.5
# calls those suffix references, and a reader of the source sees no URI.  Each row: example ->
# how many expected destinations come from such an added scheme (all of them in the example,
# unless noted).  Every CommonMark example and every other GFM destination must match.
DEVIATIONS: Dict[int, int] = {
    621: 1,  # www.commonmark.org
    622: 1,  # www.commonmark.org/help
    623: 2,  # www.commonmark.org. / www.commonmark.org/a.b.
    624: 4,  # www.google.com/search?q=Markup+(business), four bracket variants
    625: 1,  # www.google.com/search?q=(business))+ok
    626: 2,  # www.google.com/search?q=commonmark&hl=en / ...&hl;
    627: 1,  # www.commonmark.org/he<lp
    629: 1,  # foo@bar.baz (mailto: added)
    630: 1,  # hello+xyz@mail.example
    631: 2,  # a.b-c_d@a.b, twice
    19: 5,   # of 17: scyther@pokemon.com, www.github.com, www.github.com/á, www.google.com/a_b,
             # a.w@b.c; the twelve URIs with a scheme match
}


def load(name: str) -> List[Dict[str, Any]]:
    data: List[Dict[str, Any]] = json.loads(need_shared(CONFORMANCE / name).read_text())
    return data


def encode(uri: str) -> str:
    return quote(uri, safe=HREF_SAFE)


def rendered_destinations(markdown: str, with_bare: bool) -> List[str]:
    doc = parse(markdown)
    items: List[Tuple[int, str]] = []
    for link in doc.links:
        if link.in_image:
            continue
        dest = link.destination if link.destination is not None else doc.definitions[link.label or ""]
        items.append((link.opener, dest.uri))
    if with_bare:
        items += [(c.start, c.uri) for c in doc.candidates if c.context in BARE_CONTEXTS]
    items.sort(key=lambda item: item[0])
    return [encode(uri) for _, uri in items]


def added_scheme(destination: str, markdown: str) -> bool:
    """A destination whose scheme the GFM renderer added (www. and e-mail autolinks)."""
    if destination.startswith("mailto:"):
        return "mailto:" not in markdown.lower()
    return destination.startswith("http://www.") and "http://www." not in markdown


def is_gfm(example: Dict[str, Any]) -> bool:
    return "xtension" in example["section"]


def test_commonmark_examples_all_agree() -> None:
    examples = [e for e in load("markdown_links.json") if not is_gfm(e)]
    failures = [(e["example"], rendered_destinations(e["markdown"], False), e["expected_destinations"])
                for e in examples
                if rendered_destinations(e["markdown"], False) != e["expected_destinations"]]
    assert failures == []
    assert len(examples) == 158


def test_gfm_autolink_examples_agree_but_for_the_deviations() -> None:
    examples = [e for e in load("markdown_links.json") if is_gfm(e)]
    assert len(examples) == 14
    agree = 0
    for e in examples:
        expected = e["expected_destinations"]
        kept = [d for d in expected if not added_scheme(d, e["markdown"])]
        assert len(expected) - len(kept) == DEVIATIONS.get(e["example"], 0), e["example"]
        assert rendered_destinations(e["markdown"], True) == kept, e["example"]
        agree += kept == expected
    assert agree == 3  # 628, and the two "must not link" examples, agree in full


@pytest.mark.parametrize("context", ["markdown-link", "markdown-image", "reference-definition", "autolink"])
def test_conformance_corpus_exercises_every_link_context(context: str) -> None:
    contexts = {c.context for e in load("markdown_links.json") for c in extract(e["markdown"], "markdown")}
    assert context in contexts


# linkify-it is a second opinion, not the verdict.  It finds "fuzzy" links without a scheme
# (google.com, 4.4.4.4, //localhost, e-mail addresses), which our rules refuse; and it refuses
# some scheme-bearing strings that our rules must hand to the linter so a rule can report them:
#   http://.example.com, http://-example.com, http://#, http://##  (bad hosts: URI rules report)
#   hppt://example.com                                            (typo: unknown-scheme rule)
#   mailto:bar                                                    (registered scheme)
#   _http://example.com, http://example.com_                      ("_" is not a scheme char /
#                                                                  trailing punctuation)
# and where its first match differs on a URI with a scheme:
#   http://foo.com/blah_blah_"doublequoted"   Appendix C: the double quote delimits
#   http://foo.com/blah_blah_'singlequoted'   the trailing "'" is punctuation (issue's list)
LINKIFY_AGREE = 80
LINKIFY_NOT_LINKS_AGREE = 30
NO_SCHEME_DISAGREEMENTS = 35  # linkify's fuzzy links: "google.com", "a@b.com", "//host" ...


def test_linkify_links_second_opinion() -> None:
    examples = load("linkify_links.json")
    agree = no_scheme = 0
    disagreements = []
    for e in examples:
        got = [c.uri for c in extract(e["text"], "text")]
        expected = e["expected"][0]
        if got and got[0] == expected:
            agree += 1
        elif ":" not in expected.split("/", 1)[0] or expected.startswith("//"):
            no_scheme += 1  # linkify's fuzzy link: no scheme, no candidate
        else:
            disagreements.append((e["text"], got[:1], expected))
    assert (agree, no_scheme) == (LINKIFY_AGREE, NO_SCHEME_DISAGREEMENTS)
    assert disagreements == [
        ('http://foo.com/blah_blah_"doublequoted"', ["http://foo.com/blah_blah"],
         'http://foo.com/blah_blah_"doublequoted"'),
        ("http://foo.com/blah_blah_'singlequoted'", ["http://foo.com/blah_blah_'singlequoted"],
         "http://foo.com/blah_blah_'singlequoted'"),
    ]


def test_linkify_not_links_second_opinion() -> None:
    examples = load("linkify_not_links.json")
    found = {e["text"]: [c.uri for c in extract(e["text"], "text")] for e in examples}
    assert sum(1 for uris in found.values() if not uris) == LINKIFY_NOT_LINKS_AGREE
    assert {t: u for t, u in found.items() if u} == {
        "http://.example.com": ["http://.example.com"],
        "http://-example.com": ["http://-example.com"],
        "hppt://example.com": ["hppt://example.com"],
        "_http://example.com": ["http://example.com"],
        "http://example.com_": ["http://example.com"],
        "http://#": ["http://#"],
        "http://##": ["http://##"],
        "mailto:bar": ["mailto:bar"],
    }
