"""HTML (and XML, SVG): URL-bearing attributes, entity-decoded, and text content as prose.

Comments, ``<script>`` and ``<style>`` are skipped; so are the contents of ``<pre>``, ``<code>``,
``<kbd>``, ``<samp>`` and ``<tt>``, which are code: examples, keyboard input, sample output (all
are reported with ``in_code`` when code is included).  The Markdown scanner reuses
:func:`scan_region` for HTML blocks and :func:`tag_candidates` for inline tags.

Tags are matched by small regexes whose alternatives start with distinct characters (a quoted
value, or one character that is neither a quote nor ``>``), so no input makes them backtrack.
"""

from __future__ import annotations

import re
from typing import List, Optional, Tuple

from ..candidate import Candidate
from ..rfc3986 import lazy
from .base import HASH_COMMENT, HTML_COMMENT, Format, code_aware
from .escapes import build, entity_replacements
from .text import ProseStyle, Spans, scan_prose

#: Attributes whose value is one URI (HTML 4.01 appendix "index of attributes" with type %URI;,
#: the HTML Living Standard's URL attributes, SVG/XLink, and XML namespace names).
URL_ATTRIBUTES = frozenset({
    "href", "src", "action", "cite", "data", "poster", "background", "formaction", "icon",
    "manifest", "longdesc", "usemap", "codebase", "classid", "profile", "xlink:href",
    "itemtype", "itemid", "xmlns", "dynsrc", "lowsrc",
})
#: Attributes whose value is a list of URIs separated by whitespace.
URL_LIST_ATTRIBUTES = frozenset({"ping", "archive"})
#: Attributes whose value is a comma-separated list of "URL descriptor" (HTML "srcset").
SRCSET_ATTRIBUTES = frozenset({"srcset", "imagesrcset"})

# A start tag: a name, then quoted values or single characters other than quotes and "<>"
# (stopping at the next "<" keeps failed attempts from overlapping: linear overall).
START_TAG = lazy.compile(r"""<([A-Za-z][A-Za-z0-9:_.-]*)([^<>"']*(?:(?:"[^"]*"|'[^']*')[^<>"']*)*)>""")
END_TAG = lazy.compile(r"</[A-Za-z][A-Za-z0-9:_.-]*\s*>")
#: Where a tag's name ends (13.2.5.8): at a blank, "/" or ">".
_NAME_END = lazy.compile(r"[\t\n\f\r />]")
# One attribute inside a start tag; the value groups are double-quoted, single-quoted, bare.
ATTRIBUTE = lazy.compile(r"""([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")
_SRCSET_ITEM = lazy.compile(r"[^\s,]\S*")
_WHITESPACE_ITEM = lazy.compile(r"\S+")
# Elements whose content is not prose (HTML raw text elements, and code).
_RAW = {"script": "</script", "style": "</style", "pre": "</pre", "code": "</code",
        "kbd": "</kbd", "samp": "</samp", "tt": "</tt", "textarea": "</textarea", "xmp": "</xmp"}
#: Elements whose text is code (an example, keyboard input, sample output) but whose tags are
#: still markup.
_VERBATIM = frozenset({"pre", "code", "kbd", "samp", "tt"})
#: Text inside HTML: entities are decoded; a URI cannot run into a tag.
HTML_PROSE = ProseStyle(decoder=entity_replacements, entity_stops=True)


def attribute_candidate(text: str, start: int, end: int, context: str = "html-attribute",
                        in_code: bool = False) -> Candidate:
    """One attribute value ``text[start:end]`` as a candidate: trimmed, entities decoded.

    HTML strips leading and trailing ASCII whitespace from a URL attribute's value."""
    while start < end and text[start] in " \t\r\n\f":
        start += 1
    while end > start and text[end - 1] in " \t\r\n\f":
        end -= 1
    uri, pieces = build(text, start, end, entity_replacements(text, start, end))
    return Candidate(uri, start, end, context, in_code, pieces)


def tag_candidates(text: str, match: "re.Match[str]", in_code: bool = False) -> List[Candidate]:
    """The URL attributes of one start tag (a :data:`START_TAG` match)."""
    return attribute_candidates(text, *match.span(2), in_code=in_code)


def attribute_candidates(text: str, a0: int, a1: int, in_code: bool = False) -> List[Candidate]:
    """The URL attributes of the attributes ``text[a0:a1]`` of one start tag."""
    out: List[Candidate] = []
    if a0 == a1 or text.find("=", a0, a1) < 0:
        return out
    for attr in ATTRIBUTE.finditer(text, a0, a1):
        name = attr.group(1).lower()
        group = 2 if attr.group(2) is not None else 3 if attr.group(3) is not None else 4
        if attr.group(group) is None:
            continue
        v0, v1 = attr.span(group)
        if name in URL_ATTRIBUTES:
            out.append(attribute_candidate(text, v0, v1, in_code=in_code))
        elif name in SRCSET_ATTRIBUTES:
            out.extend(_srcset(text, v0, v1, in_code))
        elif name in URL_LIST_ATTRIBUTES:
            for item in _WHITESPACE_ITEM.finditer(text, v0, v1):
                out.append(attribute_candidate(text, item.start(), item.end(), in_code=in_code))
    return out


def _srcset(text: str, start: int, end: int, in_code: bool) -> List[Candidate]:
    """HTML "srcset": ``url [descriptor], url [descriptor]``; a URL itself may hold commas,
    so a URL is a whitespace-free run and only commas at its end separate entries."""
    out: List[Candidate] = []
    pos = start
    while pos < end:
        item = _SRCSET_ITEM.search(text, pos, end)
        if item is None:
            break
        u0, u1 = item.span()
        ends_entry = text[u1 - 1] == ","
        while u1 > u0 and text[u1 - 1] == ",":
            u1 -= 1
        if u1 > u0:
            out.append(attribute_candidate(text, u0, u1, in_code=in_code))
        if ends_entry:
            pos = item.end()
            continue
        comma = text.find(",", item.end(), end)  # the descriptor runs to the next comma
        pos = end if comma < 0 else comma + 1
    return out


def special_end(text: str, pos: int, end: int) -> Optional[Tuple[int, str]]:
    """At ``<!--``, ``<!X``, ``<?`` or ``<![CDATA[``: (end, kind) of that construct, else None.

    Unterminated constructs run to ``end`` (as browsers read them)."""
    if text.startswith("<!--", pos):
        close = text.find("-->", pos + 4, end)
        return (end if close < 0 else close + 3), "comment"
    if text.startswith("<![CDATA[", pos):
        close = text.find("]]>", pos, end)
        return (end if close < 0 else close + 3), "cdata"
    if text.startswith("<?", pos) or (text.startswith("<!", pos)):
        close = text.find(">", pos, end)
        return (end if close < 0 else close + 1), "declaration"
    return None


def scan_region(text: str, start: int, end: int, include_code: bool = False) -> List[Candidate]:
    """Every candidate of the HTML in ``text[start:end]``."""
    out: List[Candidate] = []
    skipped: List[Tuple[int, int]] = []  # tags, comments, raw text: not prose
    code: List[Tuple[int, int, str]] = []  # (start, end, context) to scan when code is included
    tags: List[Tuple[int, int]] = []  # start tags (inside <pre> they are markup, not code)
    pos = text.find("<", start, end)
    while 0 <= pos < end:
        nxt = pos + 1
        special = special_end(text, pos, end)
        if special is not None:
            nxt, kind = special
            skipped.append((pos, nxt))
            if kind == "comment":
                code.append((pos + 4, max(pos + 4, nxt - 3), "comment"))
        else:
            m = START_TAG.match(text, pos, end)
            if m is not None:
                nxt = m.end()
                skipped.append((pos, nxt))
                tags.append((pos, nxt))
                out.extend(tag_candidates(text, m))
                name = m.group(1).lower()
                if name in _RAW and not m.group(0).endswith("/>"):
                    close = _find_ci(text, _RAW[name], nxt, end)
                    stop = end if close < 0 else close
                    skipped.append((nxt, stop))
                    code.append((nxt, stop, "bare"))
                    if name not in _VERBATIM:
                        nxt = stop  # raw text: no tags inside (a <pre>'s <a href> is a link)
            else:
                e = END_TAG.match(text, pos, end)
                if e is not None:
                    nxt = e.end()
                    skipped.append((pos, nxt))
                elif pos + 1 < end and text[pos + 1].isascii() and text[pos + 1].isalpha():
                    nxt = _loose_tag(text, pos, end, out)
                    skipped.append((pos, nxt))
        pos = text.find("<", nxt, end)
    out.extend(scan_prose(text, start, end, style=HTML_PROSE, excluded=Spans.of(skipped)))
    if include_code:
        markup = Spans.of(tags)
        for c0, c1, context in code:
            for cand in scan_prose(text, c0, c1, style=HTML_PROSE, excluded=markup):
                out.append(cand._replace(context="comment" if context == "comment" else cand.context, in_code=True))
    return out


def _loose_tag(text: str, pos: int, end: int, out: List[Candidate]) -> int:
    """At a "<" and a letter that START_TAG could not read ('<img src="a"b" alt=x>'): a start
    tag all the same, as the HTML tokenizer reads it (HTML Living Standard 13.2.5.6-13.2.5.39).
    It runs to the first ">" outside a quoted attribute value, and a quote opens a value only
    after "=" and blanks (elsewhere it is part of a name).  Its URL attributes are added to
    ``out``; returns where it ends, ``end`` when nothing closes it (a browser drops a tag the
    text ends in).  Its inside is never prose: a fix found there would rewrite attribute
    names.  One pass with jumps, each search's answer kept until passed: linear."""
    m = _NAME_END.search(text, pos + 1, end)
    if m is None:
        return end
    name_end = i = m.start()
    gt = eq = -2  # the next ">" and "=" at or after i, once looked for
    while True:
        if gt < i:
            gt = text.find(">", i, end)
            if gt < 0:
                return end
        if eq != -1 and eq < i:  # (-1: no "=" is left)
            eq = text.find("=", i, end)
        if eq < 0 or gt < eq:
            break
        j = eq + 1
        while j < end and text[j] in " \t\n\f\r":
            j += 1
        if j < end and text[j] in "\"'":
            close = text.find(text[j], j + 1, end)
            if close < 0:
                return end
            i = close + 1
        else:
            i = j
    out.extend(attribute_candidates(text, name_end, gt))
    return gt + 1


def _find_ci(text: str, needle: str, start: int, end: int) -> int:
    """Case-insensitive ``find`` of an ASCII end tag (``</SCRIPT`` closes ``<script>`` too)."""
    pos = text.find("</", start, end)
    n = len(needle)
    while pos >= 0:
        if text[pos:pos + n].lower() == needle:
            return pos
        pos = text.find("</", pos + 2, end)
    return -1


#: A template engine's tags, as Jinja, Django, Nunjucks, Liquid and Vue write them in an HTML
#: file: statements, expressions and comments.  What they hold is the template's code.
_TEMPLATE_TAGS = (("{%", "%}"), ("{{", "}}"), ("{#", "#}"))


def template_spans(text: str) -> Spans:
    """The template tags of an HTML file (each closed; one pass per kind of tag)."""
    spans: List[Tuple[int, int]] = []
    for opener, closer in _TEMPLATE_TAGS:
        pos = text.find(opener)
        while pos >= 0:
            close = text.find(closer, pos + 2)
            if close < 0:
                break  # (no later opener is closed either)
            spans.append((pos, close + 2))
            pos = text.find(opener, close + 2)
    return Spans.of(spans)


def scan(text: str, include_code: bool = False) -> List[Candidate]:
    """An HTML file's candidates.  One that lies inside a template tag is code, not markup:
    Sphinx's layout builds '<a href="' + pathto('copyright') + '">' in a ``{% set %}``.  (One
    that only starts in a tag, ``href="{{ base }}/a b"``, is the page's link.)"""
    found = scan_region(text, 0, len(text), include_code)
    if not found or "{" not in text or not any(text.find(o) >= 0 for o, _ in _TEMPLATE_TAGS):
        return found
    return template_spans(text).mark_code(found, include_code)


FORMAT = Format("html", code_aware(scan), suppressions=frozenset({HASH_COMMENT, HTML_COMMENT}), links=True)
