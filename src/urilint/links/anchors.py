"""The anchors a document defines: the fragments a link to it may name.  Pure: text in, set out.

- Markdown: ATX and setext headings (slugged by the ``anchor-style``, see :mod:`.slugs`), after
  rendering their inline markup to text (:func:`heading_text`); ``{#id}`` attribute lists, on
  headings and on any other element; any ``id=`` of raw HTML and ``<a name=...>``.  Code blocks
  define nothing.  Included files (pymdownx.snippets) are the index's business
  (:func:`snippet_includes`): it reads them.
- reStructuredText: ``.. _label:`` targets, inline targets ``_`label```, ``:name:`` options
  and section titles, each turned into an id as docutils does (:func:`docutils_id`).
- HTML: every ``id=`` and the ``name=`` of ``<a>``.

Where renderers disagree on a heading (an image's alt text, an emoji shortcode), every reading
is kept: a link is reported only when no reading defines its fragment.
"""

from __future__ import annotations

import re
import unicodedata
from html import unescape
from typing import Callable, Dict, FrozenSet, Iterable, List, Mapping, Optional, Set, Tuple

from ..rfc3986 import lazy
from ..scanners.html import ATTRIBUTE, START_TAG
from ..scanners.markdown import _blocks
from .slugs import Slugger

#: Target formats whose anchors :func:`anchors` knows.
DOCUMENT_FORMATS: Tuple[str, ...] = ("markdown", "rst", "html")

# --- HTML ----------------------------------------------------------------------------------
_COMMENT = lazy.compile(r"<!--.*?(?:-->|\Z)", re.S)


def html_anchors(text: str) -> Set[str]:
    """Every ``id`` attribute, and the ``name`` of each ``<a>`` (HTML: "the indicated part of
    the document" is the element with that id, or the ``a`` element with that name)."""
    out: Set[str] = set()
    if "id" not in text and "name" not in text and "ID" not in text:
        return out
    if "<!--" in text:
        text = _COMMENT.sub(" ", text)
    for tag in START_TAG.finditer(text):
        a0, a1 = tag.span(2)
        if text.find("=", a0, a1) < 0:
            continue
        is_a = tag.group(1).lower() == "a"
        for attr in ATTRIBUTE.finditer(text, a0, a1):
            name = attr.group(1).lower()
            if name == "id" or (is_a and name == "name"):
                value = next((g for g in attr.group(2, 3, 4) if g is not None), None)
                if value:
                    out.add(unescape(value).strip(" \t\r\n\f"))
    out.discard("")
    return out


# --- Markdown headings ---------------------------------------------------------------------
_ATX_OPEN = lazy.compile(r"#{1,6}(?:[ \t]+|$)")
_SETEXT_LINE = lazy.compile(r"(?: {0,3}>[ \t]?)*[ \t]*(?:=+|-+)[ \t]*(?:\r\n|\r|\n|$)")
_QUOTE_MARKS = lazy.compile(r"^(?: {0,3}>[ \t]?)+", re.M)
#: ``{#id}``, ``{: #id .class }``: an attribute list closing a heading (kramdown, attr_list).
_ATTR_LIST = lazy.compile(r"\{:?[ \t]*((?:[^{}\s]+[ \t]+)*?)#([^\s{}#.]+)[^{}]*\}[ \t]*")
_EMOJI_SHORTCODE = lazy.compile(r":[a-z0-9_+-]+:")
_ENTITY = lazy.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_AUTOLINK = lazy.compile(r"<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\x00-\x20<>]*)>")
_EMAIL = lazy.compile(r"<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9.-]+)>")
_HTML_TAG = lazy.compile(r"""</?[A-Za-z][A-Za-z0-9-]*[^<>"']*(?:(?:"[^"<>]*"|'[^'<>]*')[^<>"']*)*>""")
_BACKTICKS = lazy.compile(r"`+")
_ASCII_PUNCT = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


def _is_punct(ch: str) -> bool:
    return ch in _ASCII_PUNCT or unicodedata.category(ch)[0] in "PS"


def _closing_run(s: str, pos: int, run: int) -> int:
    """CommonMark 6.1: the start of the next backtick run of exactly ``run`` from ``pos``, or -1.

    Callers remember a length that has no closer (as the Markdown scanner does): linear."""
    j = s.find("`", pos)
    while j >= 0:
        k = _BACKTICKS.match(s, j).end()  # type: ignore[union-attr]
        if k - j == run:
            return j
        j = s.find("`", k)
    return -1


def _pairs(s: str, open_ch: str, close_ch: str) -> Dict[int, int]:
    """Each ``open_ch`` of ``s`` mapped to its matching ``close_ch`` (escapes respected): one
    stack pass, so a heading of ten thousand ``[`` costs ten thousand steps."""
    out: Dict[int, int] = {}
    stack: List[int] = []
    j, n = 0, len(s)
    while j < n:
        c = s[j]
        if c == "\\":
            j += 2
            continue
        if c == open_ch:
            stack.append(j)
        elif c == close_ch and stack:
            out[stack.pop()] = j
        j += 1
    return out


def _code_content(s: str) -> str:
    # CommonMark 6.1: line endings become spaces; one space is stripped from each side when
    # both sides have one and the content is not all spaces.
    s = s.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")
    if len(s) >= 2 and s[0] == " " and s[-1] == " " and s.strip(" "):
        s = s[1:-1]
    return s


def _underscore_pairs(pieces: List[str], runs: List[Tuple[int, bool, bool]]) -> None:
    """Drop ``_`` runs that pair up as emphasis (CommonMark 6.2, simplified: nearest opener)."""
    openers: List[int] = []
    for k, can_open, can_close in runs:
        if can_close and openers:
            o = openers.pop()
            pieces[o] = pieces[k] = ""
            continue
        if can_open:
            openers.append(k)


def heading_text(inline: str, *, image_alt: bool = False, emoji_shortcodes: bool = False, _depth: int = 0) -> str:
    """The text content of a Markdown heading's inline markup, as a renderer's HTML holds it.

    Code spans give their content, links their text, autolinks their address; raw HTML tags
    and emphasis markers vanish; escapes and entities are decoded.  Images give nothing (an
    ``<img>`` has no text content) unless ``image_alt``; ``emoji_shortcodes`` renders
    ``:name:`` as an emoji (which every slug style then drops).

    It is longer than usual because it is one linear pass whose branches share the cursor, the
    pending plain run and the lazily built bracket tables; split into functions, each would take
    and return all of them (a candidate for a small reader class, like markdown's _Inline)."""
    pieces: List[str] = []
    runs: List[Tuple[int, bool, bool]] = []
    s = inline
    n = len(s)
    i = 0
    plain_start = 0
    brackets = _pairs(s, "[", "]") if "[" in s else {}
    parens: Optional[Dict[int, int]] = None
    no_closer_from: Dict[int, int] = {}  # backtick run length -> no such run after this offset
    last_comment_close = s.rfind("-->")  # no comment opened after it can close

    def flush(upto: int) -> None:
        if upto > plain_start:
            pieces.append(s[plain_start:upto])

    while i < n:
        c = s[i]
        if c == "\\" and i + 1 < n and s[i + 1] in _ASCII_PUNCT:
            flush(i)
            pieces.append(s[i + 1])
            i += 2
            plain_start = i
            continue
        if c == "`":
            run = _BACKTICKS.match(s, i).end() - i  # type: ignore[union-attr]
            known_missing = no_closer_from.get(run, n + 1) <= i
            close = -1 if known_missing else _closing_run(s, i + run, run)
            if close < 0:
                no_closer_from[run] = i
                i += run
                continue
            flush(i)
            pieces.append(_code_content(s[i + run:close]))
            i = close + run
            plain_start = i
            continue
        if c == "[" or (c == "!" and i + 1 < n and s[i + 1] == "["):
            image = c == "!"
            b0 = i + 1 if image else i
            b1 = brackets.get(b0, -1)
            if b1 < 0:
                i += 1
                continue
            after = b1 + 1
            if after < n and s[after] == "(":
                if parens is None:
                    parens = _pairs(s, "(", ")")
                p1 = parens.get(after, -1)
                end = p1 + 1 if p1 >= 0 else -1
            elif after < n and s[after] == "[":
                r1 = brackets.get(after, -1)
                end = r1 + 1 if r1 >= 0 else -1
            else:
                end = after if image else -1  # a shortcut reference: brackets only
            if end < 0:
                i += 1
                continue
            flush(i)
            inner = (heading_text(s[b0 + 1:b1], image_alt=image_alt, emoji_shortcodes=emoji_shortcodes,
                                  _depth=_depth + 1) if _depth < 4 else s[b0 + 1:b1])
            if not image or image_alt:
                pieces.append(inner)
            i = end
            plain_start = i
            continue
        if c == "<":
            m = _AUTOLINK.match(s, i) or _EMAIL.match(s, i)
            if m is not None:
                flush(i)
                pieces.append(m.group(1))
                i = plain_start = m.end()
                continue
            if s.startswith("<!--", i) and i + 4 <= last_comment_close:
                close_comment = s.find("-->", i + 4)
                if close_comment >= 0:
                    flush(i)
                    i = plain_start = close_comment + 3
                    continue
            m = _HTML_TAG.match(s, i)
            if m is not None:
                flush(i)
                i = plain_start = m.end()
                continue
        elif c == "&":
            m = _ENTITY.match(s, i)
            if m is not None:
                flush(i)
                pieces.append(unescape(m.group(0)))
                i = plain_start = m.end()
                continue
        elif c == "_":
            j = i
            while j < n and s[j] == "_":
                j += 1
            before = s[i - 1] if i > 0 else " "
            after_ch = s[j] if j < n else " "
            left = not after_ch.isspace() and (not _is_punct(after_ch) or before.isspace() or _is_punct(before))
            right = not before.isspace() and (not _is_punct(before) or after_ch.isspace() or _is_punct(after_ch))
            flush(i)
            runs.append((len(pieces), left and (not right or _is_punct(before)),
                         right and (not left or _is_punct(after_ch))))
            pieces.append(s[i:j])
            i = plain_start = j
            continue
        elif c == ":" and emoji_shortcodes:
            m = _EMOJI_SHORTCODE.match(s, i)
            if m is not None:
                flush(i)
                i = plain_start = m.end()
                continue
        i += 1
    flush(n)
    _underscore_pairs(pieces, runs)
    return "".join(pieces)


def _strip_closing_hashes(content: str) -> str:
    """4.2: an optional closing sequence of ``#`` after a space (or alone) is not content."""
    content = content.rstrip(" \t")
    bare = content.rstrip("#")
    if bare != content and (not bare or bare[-1] in " \t"):
        content = bare.rstrip(" \t")
    return content


def _underline_outside(text: str, p0: int, p1: int) -> bool:
    """Whether the setext-looking line at ``p1`` sits left of the list item holding the
    paragraph at ``p0``: then it cannot continue that item, and is a thematic break (4.3)."""
    line_start = max(text.rfind("\n", 0, p0), text.rfind("\r", 0, p0)) + 1
    prefix = _QUOTE_MARKS.sub("", text[line_start:p0])
    if not prefix.strip(" \t"):
        return False  # the paragraph is not inside a list item
    under = _QUOTE_MARKS.sub("", text[p1:p1 + len(prefix) + 8])
    return len(under) - len(under.lstrip(" ")) < len(prefix)


def markdown_headings(text: str) -> List[Tuple[str, Optional[str]]]:
    """Each heading's inline source and the id of its closing attribute list (``{#id}``,
    ``{: #id .class}``; None without one), in document order.

    The block structure is the Markdown scanner's: a heading inside a code block or an HTML
    block is no heading."""
    out: List[Tuple[str, Optional[str]]] = []
    for p0, p1 in _blocks(text).paragraphs:
        chunk = text[p0:p1]
        m = _ATX_OPEN.match(chunk)
        if m is not None and "\n" not in chunk and "\r" not in chunk:
            content = _strip_closing_hashes(chunk[m.end():])
        elif p1 < len(text) and _SETEXT_LINE.match(text, p1) and not _underline_outside(text, p0, p1):
            content = _QUOTE_MARKS.sub("", chunk)
            content = " ".join(line.strip(" \t") for line in content.splitlines())
        else:
            continue
        content = content.strip(" \t")
        brace = content.rfind("{")
        a = _ATTR_LIST.fullmatch(content, brace) if brace >= 0 else None
        out.append((content, a.group(2) if a is not None else None))
    return out


def _outside_code(text: str) -> str:
    """``text`` with its code blocks blanked (a ``<a id>`` shown in a fence defines nothing)."""
    code = _blocks(text).code
    if not code:
        return text
    parts: List[str] = []
    pos = 0
    for c0, c1 in code:
        parts.append(text[pos:c0])
        pos = max(pos, c1)
    parts.append(text[pos:])
    return "\n".join(parts)


#: An attribute list anywhere in the text: after a paragraph, an image, a list item, a table
#: cell, inline after ``**strong**`` (Python-Markdown's attr_list, kramdown's IAL ``{: #id}``).
_ANY_ATTR_LIST = lazy.compile(r"\{:?[ \t]*(?:[^{}\s]+[ \t]+)*?#([^\s{}#.]+)[^{}\r\n]*\}")
_CODE_SPAN = lazy.compile(r"(`+)(?!`).*?(?<!`)\1(?!`)", re.S)


def attribute_list_ids(text: str) -> Set[str]:
    """The ids of every attribute list outside code (``{#id}``, ``{ #id .class }``,
    ``{: #id}``): an attr_list or kramdown renderer gives them to the element they follow,
    a heading or not."""
    if "{" not in text or "#" not in text:
        return set()
    prose = _outside_code(text)
    if "`" in prose:
        prose = _CODE_SPAN.sub(" ", prose)
    return {m.group(1) for m in _ANY_ATTR_LIST.finditer(prose)}


#: pymdownx.snippets: ``--8<-- "file.md"`` includes a file (any run of "-" around "8<"; a line
#: starting with ";" is escaped, not included); a block between two bare ``--8<--`` lines lists
#: one file per line.  The preprocessor runs before Markdown, so fences do not stop it.
_SNIPPET_LINE = lazy.compile(
    r"""^[ \t]*(;*)-+8<-+[ \t]+(?:"((?!")[^"\r\n]*(?:\\"[^"\r\n]*)*)"|'((?!')[^'\r\n]*(?:\\'[^'\r\n]*)*)')[ \t]*$""",
    re.M)
_SNIPPET_FENCE = lazy.compile(r"^[ \t]*(;*)-+8<-+[ \t]*$", re.M)


def snippet_includes(text: str) -> List[Tuple[int, int, Tuple[str, ...]]]:
    """The pymdownx.snippets includes of a Markdown text: (start, end, files) of each
    including line or block, in order.  A file keeps its name only: a line range or a section
    (``file.md:3:10``, ``file.md:intro``) selects part of it, and its anchors count whole."""
    if "8<" not in text:
        return []
    out: List[Tuple[int, int, Tuple[str, ...]]] = []
    for m in _SNIPPET_LINE.finditer(text):
        if not m.group(1):
            out.append((m.start(), m.end(), (_snippet_name(m.group(2) or m.group(3)),)))
    fences = [m for m in _SNIPPET_FENCE.finditer(text)]
    for opening, closing in zip(fences[::2], fences[1::2]):
        if opening.group(1) or closing.group(1):
            continue
        names = tuple(_snippet_name(line.strip()) for line in text[opening.end():closing.start()].splitlines()
                      if line.strip() and not line.strip().startswith(";"))
        out.append((opening.start(), closing.end(), names))
    out.sort()
    return out


_SNIPPET_PART = lazy.compile(r"(.+?\.\w+)(?::[\w-]*)+")


def _snippet_name(name: str) -> str:
    name = name.replace('\\"', '"').replace("\\'", "'").strip()
    part = _SNIPPET_PART.fullmatch(name) if "://" not in name else None
    return part.group(1) if part is not None else name


#: mkdocstrings (``::: package.module``) and mkdocs-click blocks: headings generated at build
#: time, so the page's anchors are not all in its source.
_GENERATED_BLOCK = lazy.compile(r"^:::[ \t]+[\w.-]+[ \t]*$", re.M)


def has_generated_headings(text: str) -> bool:
    """Whether a Markdown page builds headings from a ``::: identifier`` block (its anchors
    cannot be read from its text)."""
    return ":::" in text and _GENERATED_BLOCK.search(text) is not None


def markdown_anchors(text: str, style: str = "github") -> Set[str]:
    """The anchors of a Markdown document under ``style`` (see :mod:`.slugs`)."""
    headings = markdown_headings(text)
    out = html_anchors(_outside_code(text)) if "<" in text else set()
    customs = {custom for _, custom in headings if custom is not None}
    out |= customs
    out |= attribute_list_ids(text)
    readings = [(False, False)]
    if any("![" in h for h, _ in headings):
        readings.append((True, False))
    if any(_EMOJI_SHORTCODE.search(h) for h, _ in headings):
        readings.append((False, True))
    for image_alt, emoji in readings:
        slugger = Slugger(style)
        if style == "mkdocs":
            for explicit in customs:
                slugger.reserve(explicit)  # attr_list ids are set before the toc numbers headings
        for content, custom in headings:
            if custom is not None and style == "mkdocs":
                continue  # attr_list: the explicit id replaces the slug
            # GitHub and GitLab show an attribute list as text, and slug it with the rest.
            out.add(slugger.slug(heading_text(content, image_alt=image_alt, emoji_shortcodes=emoji)))
    out.discard("")
    return out


# --- reStructuredText ----------------------------------------------------------------------
_RST_TARGET = lazy.compile(r"^\.\.[ \t]+_(`(?:[^`\\]|\\.)[^`\\]*(?:\\.[^`\\]*)*`"
                           r"|(?:[^:\\]|\\.)[^:\\]*(?:\\.[^:\\]*)*):(?:[ \t]|$)", re.M)
_RST_INLINE_TARGET = lazy.compile(r"(?<![\w`])_`([^`]+)`")
_RST_NAME_OPTION = lazy.compile(r"^[ \t]+:name:[ \t]+(\S.*?)[ \t]*$", re.M)
_RST_ADORNMENT = lazy.compile(r"([!-/:-@\[-`{-~])\1*[ \t]*$")
_RST_ROLE = lazy.compile(r":[A-Za-z0-9_.+-]+:(?=`)|(?<=`):[A-Za-z0-9_.+-]+:")
_RST_EMBEDDED = lazy.compile(r"<[^<>`]*>(?=`)")
# docutils.nodes.make_id: these letters have no NFKD decomposition but a plain-Latin reading.
_ID_DIGRAPHS = {0xDF: "sz", 0xE6: "ae", 0x153: "oe", 0x238: "db", 0x239: "qp"}
_ID_LETTERS = dict(zip(
    (0xF8, 0x111, 0x127, 0x131, 0x142, 0x167, 0x180, 0x183, 0x188, 0x18C, 0x192, 0x199, 0x19A,
     0x19E, 0x1A5, 0x1AB, 0x1AD, 0x1B4, 0x1B6, 0x1E5, 0x225, 0x234, 0x235, 0x236, 0x237, 0x23C,
     0x23F, 0x240, 0x247, 0x249, 0x24B, 0x24D, 0x24F),
    "odhiltbbcdfklnpttyzgzlntjcszejqry"))
_NON_ID = lazy.compile(r"[^a-z0-9]+")
_NON_ID_AT_ENDS = lazy.compile(r"^[-0-9]+|-+$")


def docutils_id(name: str) -> str:
    """docutils' ``make_id``: lowercase, special Latin letters read plainly, other non-ASCII
    dropped (NFKD), runs of anything but ``[a-z0-9]`` to one ``-``, leading digits and
    hyphens and trailing hyphens stripped (ids match ``[a-z](-?[a-z0-9]+)*``)."""
    s = name.lower().translate(_ID_DIGRAPHS).translate(_ID_LETTERS)
    s = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode("ascii")
    s = _NON_ID.sub("-", " ".join(s.split()))
    return _NON_ID_AT_ENDS.sub("", s)


def _rst_title_text(title: str) -> str:
    """A section title's text: embedded URIs and role names go, escapes are decoded."""
    title = _RST_EMBEDDED.sub("", title)
    title = _RST_ROLE.sub("", title)
    return re.sub(r"\\(.)", r"\1", title)


def _rst_titles(lines: List[str]) -> Iterable[str]:
    """Section titles: a line of text under an optional overline and over an underline made of
    one repeated punctuation character, at least as long as the title or 4 long (docutils
    takes a shorter underline of 4 or more, with a warning)."""
    n = len(lines)
    for i in range(n - 1):
        title = lines[i]
        under = lines[i + 1]
        if not title.strip() or not _RST_ADORNMENT.match(under) or _RST_ADORNMENT.match(title.strip()):
            continue
        width = len(under.rstrip())
        over = i > 0 and lines[i - 1].rstrip() == under.rstrip()
        if not over and (title[0] in " \t" or (i > 0 and lines[i - 1].strip())):
            continue  # an indented line, or the last line of a paragraph
        if over and i > 1 and lines[i - 2].strip():
            continue
        if width < len(title.strip()) and width < 4:
            continue
        yield title.strip()


def rst_anchors(text: str) -> Set[str]:
    """The ids a reStructuredText document's HTML carries (docutils, Sphinx)."""
    out: Set[str] = set()
    for m in _RST_TARGET.finditer(text):
        label = m.group(1)
        if label.startswith("`"):
            label = label[1:-1]
        label = re.sub(r"\\(.)", r"\1", label)
        if label != "_":
            out.add(docutils_id(label))
    for m in _RST_INLINE_TARGET.finditer(text):
        out.add(docutils_id(m.group(1)))
    for m in _RST_NAME_OPTION.finditer(text):
        out.add(docutils_id(m.group(1)))
    for title in _rst_titles(text.splitlines()):
        out.add(docutils_id(_rst_title_text(title)))
    if "<" in text and "raw::" in text:
        out |= html_anchors(text)
    out.discard("")
    return out


def _markdown(text: str, style: str) -> FrozenSet[str]:
    return frozenset(markdown_anchors(text, style))


def _rst(text: str, style: str) -> FrozenSet[str]:
    return frozenset(rst_anchors(text))


def _html(text: str, style: str) -> FrozenSet[str]:
    return frozenset(html_anchors(text))


#: The anchor reader of each document kind (the kinds of index.DOCUMENT_SUFFIXES).
_READERS: Mapping[str, Callable[[str, str], FrozenSet[str]]] = {"markdown": _markdown, "rst": _rst, "html": _html}
#: The kinds whose renderers include other files (the index reads them): where the includes are.
INCLUDES: Mapping[str, Callable[[str], List[Tuple[int, int, Tuple[str, ...]]]]] = {"markdown": snippet_includes}
#: The kinds whose pages may build headings at build time: whether a text does.
BUILT_HEADINGS: Mapping[str, Callable[[str], bool]] = {"markdown": has_generated_headings}


def anchors(text: str, format: str, style: str = "github") -> FrozenSet[str]:
    """The anchors a document of ``format`` ("markdown", "rst" or "html") defines."""
    reader = _READERS.get(format)
    if reader is None:
        raise ValueError(f"no anchors for format {format!r}; expected one of {', '.join(DOCUMENT_FORMATS)}")
    return reader(text, style)
