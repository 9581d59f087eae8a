"""Markdown (CommonMark 0.31 with GFM autolinks): every link destination and URI a reader sees.

Two passes, as CommonMark itself reads a document (spec, "Appendix: A parsing strategy"):

1. *Blocks*, one cheap pass over the lines: fenced and indented code, HTML blocks, ATX headings,
   list items and block quotes (only as far as they change what is code), and paragraphs.  Link
   reference definitions are read at the start of each paragraph (spec 4.7).  A line that starts
   with a letter is plain paragraph text and costs one dictionary-free test.
2. *Inlines*, per paragraph, only where a paragraph holds a ``]``, a backtick or a ``<``: code
   spans, autolinks, raw HTML, and links and images by the spec's "look for link or image"
   procedure (6.3), with its precedence rules.  Then the prose scanner (Appendix C, GFM's
   extended autolinks when they carry a scheme) reads what is left, skipping code, link text
   ("link text is not scanned as prose") and the link syntax itself.  The text of inline raw
   HTML code elements (``<code>``, ``<pre>``, ``<kbd>``, ``<samp>``, ``<tt>``, up to their end
   tag or the end of the paragraph) is code, as a code span is; a link inside one is still a
   link, since it renders as one.

Speed, without giving up the spec: fences are closed by one search, a paragraph made only of
plain ``[text](url)`` links is read by one regex (the procedure would find the same links), a
paragraph's parentheses are matched once, and paragraphs with nothing to look at are skipped
after a few ``str.find`` calls.

Candidates report the source text: a destination's span is the destination as written, and its
``uri`` has backslash escapes and entity references resolved (pieces map it back).  The renderer's
percent-encoding is not applied: a linter must see what the author wrote.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import accumulate, islice
from typing import Dict, List, NamedTuple, Optional, Tuple, Union

from ..candidate import Candidate
from ..rfc3986 import lazy
from . import config as _config
from . import html as _html
from .base import HASH_COMMENT, HTML_COMMENT, Format, code_aware
from .escapes import build, entity_replacements, markdown_replacements
from .markdown_markup import keeps_markup
from .text import ProseStyle, Spans, scan_prose

#: Markdown prose: escapes and entities are decoded; a table's "|" ends a bare URI.
MARKDOWN_PROSE = ProseStyle(decoder=markdown_replacements, stops="|", backslash_escapes=True, mentions=True,
                            entity_stops=True)

# --- block structure (CommonMark 0.31 chapters 4 and 5) --------------------------------------
_QUOTE_PREFIX = lazy.compile(r"(?: {0,3}>[ \t]?)*")  # 5.1 block quote markers
_INDENT = lazy.compile(r"[ \t]*")
# 4.5: an opening code fence; backtick fences take no backtick in their info string.
_FENCE_OPEN = lazy.compile(r"(`{3,})[^`\r\n]*$|(~{3,})[^\r\n]*$")
_ATX = lazy.compile(r"#{1,6}(?:[ \t]|$)")  # 4.2
_THEMATIC = lazy.compile(r"(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$")  # 4.1
_SETEXT = lazy.compile(r"(?:=+|-+)[ \t]*$")  # 4.3
_AFTER_BULLET = ("", " ", "\t")  # 5.2: what may follow "-", "+" or "*" in a list marker
_ORDERED = lazy.compile(r"([0-9]{1,9})[.)](?=[ \t]|$)")
# 4.6: the start conditions of HTML blocks 1-6 (7 is checked with the tag patterns).
_HTML_RAW = lazy.compile(r"<(?:script|pre|style|textarea)(?:[ \t>]|$)", re.I)
_HTML_RAW_END = lazy.compile(r"</(?:script|pre|style|textarea)>", re.I)
_HTML_BLOCK_TAGS = (
    "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|"
    "dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h1|h2|h3|h4|h5|"
    "h6|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|"
    "option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul")
_HTML_BLOCK6 = lazy.compile(r"</?(?:" + _HTML_BLOCK_TAGS + r")(?:[ \t>]|/>|$)", re.I)
_HTML_TAG_LINE = lazy.compile(
    r"""(?:<[A-Za-z][A-Za-z0-9-]*(?:[ \t]+[A-Za-z_:][A-Za-z0-9_.:-]*"""
    r"""(?:[ \t]*=[ \t]*(?:[^ \t"'=<>`]+|'[^']*'|"[^"]*"))?)*[ \t]*/?>|</[A-Za-z][A-Za-z0-9-]*[ \t]*>)[ \t]*$""")
#: First characters of a line that may start something other than paragraph text.
_BLOCK_STARTERS = frozenset(" \t>-+*_=#<`~0123456789")
_MARKER_STARTS = frozenset("-+*0123456789")  # 5.2: bullets and ordered list markers

# --- inlines (CommonMark 0.31 chapter 6) ------------------------------------------------------
_SPECIAL = lazy.compile(r"[\\`<\[\]]")
_BACKTICKS = lazy.compile(r"`+")
_ASCII_PUNCT = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
# 6.5: an autolink's scheme (2-32 characters) and body, and an e-mail autolink.
_AUTOLINK = lazy.compile(r"<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\x00-\x20<>]*)>")
_EMAIL_AUTOLINK = lazy.compile(
    r"<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
    r"(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)>")
# 6.6: raw HTML (open and closing tags; comments and the rest via html.special_end).
_INLINE_OPEN_TAG = lazy.compile(
    r"""<[A-Za-z][A-Za-z0-9-]*((?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*"""
    r"""(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*)\s*/?>""")
_INLINE_CLOSE_TAG = lazy.compile(r"</[A-Za-z][A-Za-z0-9-]*\s*>")
_TAG_NAME = lazy.compile(r"</?([A-Za-z][A-Za-z0-9-]*)")
#: Inline HTML elements whose text is code: what they hold is an example, as in a code span.
HTML_CODE_ELEMENTS = frozenset({"code", "pre", "kbd", "samp", "tt"})
#: Characters that cannot follow the "<" of an autolink, an e-mail autolink or raw HTML.
# A link whose text holds no bracket, backtick, "<" or backslash and whose destination holds no
# space, parenthesis, "<" or backslash (no title): the common case, see _simple_links.
_SIMPLE_LINK = lazy.compile(r"(!?)\[[^\[\]\\`<>]*\]\(([^\s()<>\\]*)\)")
_NOT_AFTER_LT = frozenset(" \t\r\n<>()[]\\\",;:@")
# 6.3: link destinations and titles.
_WS_ONE_NEWLINE = lazy.compile(r"[ \t]*(?:\r\n|\r|\n)?[ \t]*")
_POINTY_DEST = lazy.compile(r"<([^<>\\\r\n]*(?:\\[^\r\n][^<>\\\r\n]*)*)>")
_PAREN_OR_ESCAPE = lazy.compile(r"\\[!-/:-@\[-`{-~]|[()]")
_DEST_STOP = lazy.compile(r"[ \x00-\x1f\x7f]")
_TITLE = {'"': lazy.compile(r'"([^"\\]*(?:\\[\s\S][^"\\]*)*)"'),
          "'": lazy.compile(r"'([^'\\]*(?:\\[\s\S][^'\\]*)*)'"),
          "(": lazy.compile(r"\(([^()\\]*(?:\\[\s\S][^()\\]*)*)\)")}
_LABEL_WS = lazy.compile(r"[ \t\r\n]+")
_LABEL = lazy.compile(r"\[(?:[^\\\[\]]|\\[\s\S]){0,%d}\]" % 999)
_LINE_END = lazy.compile(r"[ \t]*(?:\r\n|\r|\n|$)")
#: 4.7: a link label holds at most 999 characters.
MAX_LABEL = 999


class Link(NamedTuple):
    """One link, image or autolink as the renderer would see it (for conformance tests)."""

    kind: str  #: "link", "image" or "autolink"
    opener: int  #: offset of its "[", "![" or "<"
    destination: Optional[Candidate]  #: None for a reference link (see ``label``)
    label: Optional[str] = None  #: the normalized label of a reference link
    in_image: bool = False  #: inside an image's description (rendered as alt text, not a link)


class MarkdownDocument:
    """What the scan found: candidates for the linter, links and definitions for conformance."""

    __slots__ = ("candidates", "links", "definitions")

    def __init__(self) -> None:
        self.candidates: List[Candidate] = []
        self.links: List[Link] = []
        self.definitions: Dict[str, Candidate] = {}


def normalize_label(label: str) -> str:
    """4.7: labels match case-insensitively (Unicode case fold) with whitespace collapsed."""
    return _LABEL_WS.sub(" ", label.strip(" \t\r\n")).casefold()


def _lines(text: str) -> Tuple[List[str], List[int]]:
    """The lines of ``text`` (without their endings) and the offset where each starts."""
    if "\r" not in text:
        lines = text.split("\n")
        # Each line starts one past the end of the previous one (accumulate runs in C).
        starts = list(accumulate([len(line) + 1 for line in lines[:-1]], initial=0))
        return lines, starts
    lines, starts = [], []
    pos = 0
    for m in re.finditer(r"\r\n|\r|\n", text):
        lines.append(text[pos:m.start()])
        starts.append(pos)
        pos = m.end()
    lines.append(text[pos:])
    starts.append(pos)
    return lines, starts


def _width(indent: str) -> int:
    """Columns of leading whitespace; a tab advances to the next multiple of 4 (spec 2.2)."""
    if "\t" not in indent:
        return len(indent)
    col = 0
    for ch in indent:
        col = col + 4 - col % 4 if ch == "\t" else col + 1
    return col


class _Blocks:
    """The result of the block pass."""

    __slots__ = ("paragraphs", "code", "html", "front_matter")

    def __init__(self) -> None:
        self.paragraphs: List[Tuple[int, int]] = []  # inline content ranges
        self.code: List[Tuple[int, int]] = []  # fenced and indented code
        self.html: List[Tuple[int, int]] = []  # HTML blocks
        self.front_matter: Optional[Tuple[int, int, str]] = None  # (start, end, "yaml" | "toml")


def _front_matter(lines: List[str], starts: List[int], text: str) -> Tuple[int, Optional[Tuple[int, int, str]]]:
    """YAML (``---``) or TOML (``+++``) front matter at the very top: (next line, range)."""
    if not lines or lines[0].rstrip() not in ("---", "+++"):
        return 0, None
    fence = lines[0].rstrip()
    closers = ("---", "...") if fence == "---" else ("+++",)
    for i in range(1, len(lines)):
        if lines[i].rstrip() in closers:
            end = starts[i]
            return i + 1, (starts[1], end, "yaml" if fence == "---" else "toml")
    return 0, None  # no closing fence: a thematic break, not front matter


class _BlockState:
    """What the block pass keeps between lines: CommonMark's open blocks, as far as they matter
    to what is code, HTML or paragraph text."""

    __slots__ = ("text", "starts", "out", "leaf", "para", "prev_blank", "lists", "quote",
                 "indented_start", "indented_end", "skip_to", "jump_fences")

    def __init__(self, text: str, starts: List[int]) -> None:
        self.text = text
        self.starts = starts
        self.out = _Blocks()
        #: The open fence or HTML block: it sees each line before any other handler does.
        self.leaf: Optional[Union[_Fence, _HtmlBlock]] = None
        self.para = -1  # offset where the open paragraph's content starts, or -1
        self.prev_blank = True
        self.lists: List[int] = []  # content columns of the open list items, innermost last
        self.quote = 0  # block quote depth of the previous line
        self.indented_start = -1  # start of the open indented code block, or -1
        self.indented_end = 0
        self.skip_to = 0  # lines before this one are in a fence already found by one search
        self.jump_fences = "\r" not in text  # _fence_close reads LF text only


def _blocks(text: str) -> _Blocks:
    """The block pass: one visit per line, most lines decided by their first character."""
    lines, starts = _lines(text)
    st = _BlockState(text, starts)
    first, st.out.front_matter = _front_matter(lines, starts, text)
    rows = iter(range(first, len(lines)))
    leaf: Optional[Union[_Fence, _HtmlBlock]] = None  # st.leaf, kept at hand
    for i in rows:
        line = lines[i]
        ls = starts[i]
        if leaf is not None:
            taken = leaf.feed(st, line, ls)
            leaf = st.leaf
            if taken:
                continue
        if not line or line.isspace():
            # _blank_line, written out: a quarter of all lines are blank.
            if st.para >= 0:
                _close_paragraph(st, ls)
            st.prev_blank = True
        elif line[0] not in _BLOCK_STARTERS:
            _text_line(st, ls)
        elif _block_line(st, i, line, ls):
            leaf = st.leaf
            if st.skip_to > i + 1:
                # The line opened a fence whose end one search found: jump over its lines.
                skip = st.skip_to - i - 1
                next(islice(rows, skip, skip), None)
    _finish(st)
    return st.out


def _close_paragraph(st: _BlockState, end: int) -> None:
    """End the open paragraph, if any, at ``end`` (the start of the line that ends it)."""
    if st.para >= 0:
        st.out.paragraphs.append((st.para, end))
        st.para = -1


def _close_indented_code(st: _BlockState) -> None:
    if st.indented_start >= 0:
        st.out.code.append((st.indented_start, st.indented_end))
        st.indented_start = -1


def _finish(st: _BlockState) -> None:
    """At the end of the text every open block ends."""
    end = len(st.text)
    if st.leaf is not None:
        st.leaf.close(st, end)
    _close_indented_code(st)
    _close_paragraph(st, end)


def _blank_line(st: _BlockState, ls: int) -> None:
    """A blank line (or one of only block quote markers) ends the paragraph (4.8)."""
    _close_paragraph(st, ls)
    st.prev_blank = True


def _text_line(st: _BlockState, ls: int) -> None:
    """Plain text at column 0: it ends indented code, and lists and quotes after a blank line."""
    if st.indented_start >= 0:
        _close_indented_code(st)
    if st.prev_blank:
        st.lists.clear()
        st.quote = 0
    if st.para < 0:
        st.para = ls
    st.prev_blank = False


def _block_line(st: _BlockState, i: int, line: str, ls: int) -> bool:
    """The general case: block quote markers (5.1), the open list items the indentation keeps
    (5.2), indented code (4.4), then whatever starts after the indentation.  Returns whether
    a fence or an HTML block started."""
    stripped = line.lstrip(" \t")
    in_paragraph = st.para >= 0 and not st.prev_blank
    if in_paragraph and stripped[0] not in _BLOCK_STARTERS:
        return False  # indented text inside an open paragraph: a continuation line (4.8)
    ind = len(line) - len(stripped)
    if stripped[0] == ">" and (ind < 4 or "\t" in line[:ind]):
        q = _QUOTE_PREFIX.match(line).end()  # type: ignore[union-attr]
        depth = line.count(">", 0, q)
        ind = _INDENT.match(line, q).end()  # type: ignore[union-attr]
    else:
        q = depth = 0
    if depth != st.quote:
        _quote_depth(st, depth, ls)
        in_paragraph = st.para >= 0 and not st.prev_blank  # a deeper quote ended it
    if ind == len(line):
        _blank_line(st, ls)
        return False
    width = ind - q if "\t" not in line[q:ind] else _width(line[q:ind])
    lists = st.lists
    if not in_paragraph:
        while lists and lists[-1] > width:
            lists.pop()
    if width - (lists[-1] if lists else 0) >= 4:
        # 4.4: indented code, unless the line continues a paragraph (4.8, a lazy line).
        if not in_paragraph:
            if st.indented_start < 0:
                st.indented_start = ls
            st.indented_end = ls + len(line)
        st.prev_blank = False
        return False
    if st.indented_start >= 0:
        _close_indented_code(st)
    opened = _line_starts(st, i, line, ls, ind, q, depth, width)
    st.prev_blank = False
    return opened


def _quote_depth(st: _BlockState, depth: int, ls: int) -> None:
    """5.1: the line's block quote depth differs from the previous line's."""
    deeper = depth > st.quote
    if deeper:
        _close_paragraph(st, ls)
    if st.prev_blank or deeper:
        st.lists.clear()
    if depth or st.prev_blank or st.para < 0:
        st.quote = depth  # else a lazy continuation line (5.1): the quote stays open


def _line_starts(st: _BlockState, i: int, line: str, ls: int, ind: int, q: int, depth: int,
                 width: int) -> bool:
    """What starts at ``ind``: list markers, as many as four (a list item may open on a line
    that is also a fence, a heading ...), then a leaf block or paragraph text.  Returns whether
    a fence or an HTML block started."""
    pos = ind
    for _ in range(4):
        ch = line[pos] if pos < len(line) else ""
        if ch in "`~":
            m = _FENCE_OPEN.match(line, pos)
            if m is not None:
                _open_fence(st, i, m, pos == ind, width, depth)
                return True
        elif ch == "#":
            if _ATX.match(line, pos):
                if st.para >= 0:
                    _close_paragraph(st, ls)
                st.out.paragraphs.append((ls + pos, ls + len(line)))  # a heading's inlines
                return False
        elif ch == "<":
            if _open_html_block(st, line, ls, pos, pos == ind, width, depth):
                return True
        elif ch in "-*_=+":
            # A setext underline makes the paragraph a heading (4.3); a thematic break (4.1),
            # three "-", "*" or "_" at least, ends it.  Either is the whole line.
            if ((st.para >= 0 and not st.prev_blank and ch in "=-" and _SETEXT.match(line, pos))
                    or (ch in "-*_" and line.count(ch, pos) > 2 and _THEMATIC.match(line, pos))):
                _close_paragraph(st, ls)
                return False
        content = _list_item(st, line, ls, pos, ind, q, width) if ch in _MARKER_STARTS else 0
        if content < 0:
            return False
        if content:
            pos = content
            continue
        if st.para < 0:
            st.para = ls + pos
        return False
    return False


def _interrupt(st: _BlockState, ls: int, first: bool, width: int) -> None:
    """A fence or an HTML block starts: it ends the paragraph, and it is never a lazy line, so
    when it is the line's first block it also ends the list items it is left of."""
    _close_paragraph(st, ls)
    if first:
        lists = st.lists
        while lists and lists[-1] > width:
            lists.pop()


def _open_fence(st: _BlockState, i: int, m: "re.Match[str]", first: bool, width: int,
                depth: int) -> None:
    """4.5: an opening code fence.  When no container can end it, one search finds its end."""
    starts, text = st.starts, st.text
    _interrupt(st, starts[i], first, width)
    char = "`" if m.group(1) else "~"
    length = len(m.group(1) or m.group(2))
    col = st.lists[-1] if st.lists else 0
    start = starts[i + 1] if i + 1 < len(starts) else len(text)
    if not (st.jump_fences and not col and not depth):
        st.leaf = _Fence(char, length, col, depth, start)
        return
    close = _fence_close(text, start - 1, char, length)
    if close < 0:
        st.out.code.append((start, len(text)))
        st.skip_to = len(starts)
    else:
        k = bisect_right(starts, close) - 1
        st.out.code.append((start, starts[k]))
        st.skip_to = k + 1


def _open_html_block(st: _BlockState, line: str, ls: int, pos: int, first: bool, width: int,
                     depth: int) -> bool:
    """4.6: whether an HTML block starts at ``pos`` (it may end on the same line)."""
    end_re, blank_ends = _html_block_start(line, pos, st.para >= 0 and not st.prev_blank)
    if end_re is None and not blank_ends:
        return False
    _interrupt(st, ls, first, width)
    start = ls + pos
    if end_re is not None and end_re.search(line, pos + 1):
        st.out.html.append((start, ls + len(line)))
    else:
        st.leaf = _HtmlBlock(end_re, start, st.lists[-1] if st.lists and not depth else 0)
    return True


def _list_item(st: _BlockState, line: str, ls: int, pos: int, ind: int, q: int, width: int) -> int:
    """5.2: a list item, if its marker is at ``pos``.  Returns 0 when there is none, -1 when
    one opens with nothing to look at after it (an empty item, or indented code), and else
    the offset where its content starts."""
    if line[pos] in "-+*":
        if line[pos + 1:pos + 2] not in _AFTER_BULLET:
            return 0
        m_end = pos + 1
    else:
        m = _ORDERED.match(line, pos)
        if m is None:
            return 0
        if st.para >= 0 and not st.prev_blank and m.group(1) != "1":
            return 0  # only "1." may interrupt a paragraph (5.2)
        m_end = m.end()
    after = _INDENT.match(line, m_end).end()  # type: ignore[union-attr]
    if st.para >= 0 and not st.prev_blank and after == len(line):
        return 0  # an empty item may not interrupt a paragraph either (5.2): the line is text
    if st.para >= 0:
        _close_paragraph(st, ls)
    spaces = after - m_end if "\t" not in line[m_end:after] else _width(line[m_end:after])
    marker_col = width + (m_end - pos) if pos == ind else _width(line[q:m_end])
    content_col = marker_col + (spaces if 1 <= spaces <= 4 else 1)
    lists = st.lists
    while lists and lists[-1] >= content_col:
        lists.pop()
    lists.append(content_col)
    if after == len(line):
        return -1
    if spaces >= 5:
        # 5.2 rule 2: the item starts with indented code ("*     code").
        st.indented_start = ls + m_end + 1
        st.indented_end = ls + len(line)
        return -1
    return after


class _Fence:
    """An open fenced code block (4.5): it takes every line up to its closing fence, or up to
    the first line that ends the block quote or list item holding it."""

    __slots__ = ("char", "length", "col", "quote", "start")

    def __init__(self, char: str, length: int, col: int, quote: int, start: int) -> None:
        self.char, self.length = char, length  # the fence: "`" or "~", and how many
        self.col = col  # content column of the list item holding it (0: none)
        self.quote = quote  # block quote depth of the opening fence
        self.start = start  # the code starts on the line after the opening fence

    def feed(self, st: _BlockState, line: str, ls: int) -> bool:
        """Take ``line`` (True), or end and leave the line to the other handlers (False)."""
        q = _QUOTE_PREFIX.match(line).end() if self.quote else 0  # type: ignore[union-attr]
        rest = line[q:]
        stripped = rest.lstrip(" \t")
        indent = _width(rest[:len(rest) - len(stripped)])
        # 4.5: a closing fence is indented at most 3 spaces (inside its container).
        if (indent - self.col <= 3 and stripped.startswith(self.char * self.length)
                and not stripped.strip(self.char).strip()):
            self.close(st, ls)
            st.prev_blank = True
            return True
        if rest.strip() and (line.count(">", 0, q) < self.quote or (self.col and indent < self.col)):
            # The container that held the fence ended, and the fence with it (spec 5.2).
            self.close(st, ls)
            return False
        return True

    def close(self, st: _BlockState, end: int) -> None:
        st.out.code.append((self.start, end))
        st.leaf = None


class _HtmlBlock:
    """An open HTML block (4.6): it takes every line up to its end condition (kinds 1-5) or a
    blank line (kinds 6 and 7), or up to the end of the list item holding it."""

    __slots__ = ("end", "start", "col")

    def __init__(self, end: Optional["re.Pattern[str]"], start: int, col: int) -> None:
        self.end = end  # the end condition; None: a blank line ends the block
        self.start = start
        self.col = col  # content column of the list item holding it (0: none)

    def feed(self, st: _BlockState, line: str, ls: int) -> bool:
        """Take ``line`` (True), or end and leave the line to the other handlers (False)."""
        blank = not line or line.isspace()
        if self.end is None and blank:
            self.close(st, ls)
            st.prev_blank = True
            return True
        if self.col and not blank and _width(line[:len(line) - len(line.lstrip(" \t"))]) < self.col:
            # The list item that held the block ended, and the block with it (5.2).
            self.close(st, ls)
            return False
        if self.end is not None and self.end.search(line):
            self.close(st, ls + len(line))
            st.prev_blank = True
        return True

    def close(self, st: _BlockState, end: int) -> None:
        st.out.html.append((self.start, end))
        st.leaf = None


def _html_block_start(line: str, pos: int, in_paragraph: bool) -> Tuple[Optional["re.Pattern[str]"], bool]:
    """4.6: (end condition, ends-at-blank-line) of an HTML block starting at ``pos``, if any."""
    if _HTML_RAW.match(line, pos):
        return _HTML_RAW_END, False
    if line.startswith("<!--", pos):
        return _COMMENT_END, False
    if line.startswith("<?", pos):
        return _PI_END, False
    if line.startswith("<![CDATA[", pos):
        return _CDATA_END, False
    if line.startswith("<!", pos) and pos + 2 < len(line) and line[pos + 2].isalpha():
        return _DECL_END, False
    if _HTML_BLOCK6.match(line, pos):
        return None, True
    if not in_paragraph and _HTML_TAG_LINE.match(line, pos):
        return None, True
    return None, False


# 4.5: a closing fence (at most 3 spaces of indentation, then only spaces), after a newline.
_FENCE_CLOSE = {"`": lazy.compile(r"\n {0,3}(`{3,})[ \t]*(?=\n|\Z)"),
                "~": lazy.compile(r"\n {0,3}(~{3,})[ \t]*(?=\n|\Z)")}


def _fence_close(text: str, pos: int, char: str, length: int) -> int:
    """Offset of the first character of the line that closes a fence, or -1 (LF text only)."""
    pattern = _FENCE_CLOSE[char]
    m = pattern.search(text, pos)
    while m is not None and len(m.group(1)) < length:
        m = pattern.search(text, m.end())
    return -1 if m is None else m.start() + 1


_COMMENT_END = lazy.compile(r"-->")
_PI_END = lazy.compile(r"\?>")
_CDATA_END = lazy.compile(r"\]\]>")
_DECL_END = lazy.compile(r">")


# --- link reference definitions (4.7) ---------------------------------------------------------
def _label_end(text: str, pos: int, end: int) -> int:
    """At ``[``: the offset just past the matching ``]`` of a link label, or -1 (6.3, 4.7).

    A label holds no unescaped bracket, at most 999 characters, and not only whitespace."""
    m = _LABEL.match(text, pos, end)
    if m is None or not text[pos + 1:m.end() - 1].strip(" \t\r\n"):
        return -1
    return m.end()


class _Destinations:
    """Raw link destinations (6.3) of one paragraph, found without rescanning.

    A raw destination runs to the first space or control character, or to a ``)`` that closes
    nothing, and its parentheses must balance.  The parentheses of the paragraph are matched
    once (a stack pass); a destination is then read by jumping over its balanced pairs, so a
    paragraph of ten thousand ``[a](`` costs ten thousand steps, not a hundred million."""

    def __init__(self, text: str, start: int, end: int) -> None:
        self.text, self.start, self.end = text, start, end
        self.built = False  # the parentheses are matched at the first destination holding "("
        self.pos: List[int] = []  # offsets of unescaped "(" and ")"
        self.is_open: List[bool] = []
        self.match: List[int] = []  # for "(": index of its ")", or -1
        self.depth: List[int] = []  # for "(": how deep its pair nests (1 = no inner pair)
        self.ws_from = self.ws_at = -1  # memo: no space or control in [ws_from, ws_at)

    def _build(self) -> None:
        self.built = True
        stack: List[int] = []
        for m in _PAREN_OR_ESCAPE.finditer(self.text, self.start, self.end):
            c = m.group()
            if c == "(":
                stack.append(len(self.pos))
                self.pos.append(m.start())
                self.is_open.append(True)
                self.match.append(-1)
                self.depth.append(1)
            elif c == ")":
                k = len(self.pos)
                self.pos.append(m.start())
                self.is_open.append(False)
                self.match.append(-1)
                self.depth.append(0)
                if stack:
                    o = stack.pop()
                    self.match[o] = k
                    if stack:
                        parent = stack[-1]
                        self.depth[parent] = max(self.depth[parent], self.depth[o] + 1)

    def _next_ws(self, p: int) -> int:
        if not (self.ws_from <= p <= self.ws_at):
            m = _DEST_STOP.search(self.text, p, self.end)
            self.ws_from, self.ws_at = p, (m.start() if m is not None else self.end)
        return self.ws_at

    def raw(self, p: int) -> Optional[int]:
        """The end of a raw destination starting at ``p`` (None: unbalanced, or empty)."""
        stop = self._next_ws(p)
        text = self.text
        if text.find("(", p, stop) < 0 and text.find("\\", p, stop) < 0:
            close = text.find(")", p, stop)  # the common case: no pair to jump over
            end = stop if close < 0 else close
            return end if end > p else None
        if not self.built:
            self._build()
        end = stop
        k = bisect_right(self.pos, p - 1)
        pos, is_open, match = self.pos, self.is_open, self.match
        while k < len(pos) and pos[k] < stop:
            if not is_open[k]:
                end = pos[k]  # a ")" that closes nothing ends the destination
                break
            j = match[k]
            if j < 0 or pos[j] >= stop or self.depth[k] > 32:
                return None  # unbalanced before the destination ends (or nested past 32)
            k = j + 1
        return end if end > p else None


def _destination(text: str, pos: int, end: int,
                 dests: Optional[_Destinations] = None) -> Optional[Tuple[int, int, int]]:
    """6.3: a link destination at ``pos``: (start, end) of its text and where it ends."""
    if pos < end and text[pos] == "<":
        m = _POINTY_DEST.match(text, pos, end)
        if m is None:
            return None
        return m.start(1), m.end(1), m.end()
    if dests is None:
        dests = _Destinations(text, pos, end)
    stop = dests.raw(pos)
    return None if stop is None else (pos, stop, stop)


def _title(text: str, pos: int, end: int) -> int:
    """6.3: the end of a link title at ``pos``, or -1."""
    if pos >= end or text[pos] not in _TITLE:
        return -1
    m = _TITLE[text[pos]].match(text, pos, end)
    return -1 if m is None else m.end()


def _ws_end(text: str, pos: int, end: int) -> int:
    m = _WS_ONE_NEWLINE.match(text, pos, end)
    return m.end() if m is not None else pos


def _line_end(text: str, pos: int, end: int) -> int:
    """Past the line ending when only spaces or tabs follow ``pos`` on its line, else -1."""
    i = pos
    while i < end and text[i] in " \t":
        i += 1
    if i == end:
        return end
    if text[i] == "\n":
        return i + 1
    if text[i] == "\r":
        return i + 2 if text.startswith("\r\n", i) else i + 1
    return -1


def _definition(text: str, pos: int, end: int,
                dests: Optional[_Destinations] = None) -> Optional[Tuple[str, int, int, int]]:
    """4.7: a definition at ``pos``: (normalized label, dest start, dest end, where it ends)."""
    label_end = _label_end(text, pos, end)
    if label_end < 0 or label_end >= end or text[label_end] != ":":
        return None
    p = _ws_end(text, label_end + 1, end)
    dest = _destination(text, p, end, dests)
    if dest is None or (dest[0] == dest[1] and text[p] != "<"):
        return None  # a destination not in <...> cannot be empty
    d0, d1, after = dest
    label = normalize_label(text[pos + 1:label_end - 1])
    # A title needs whitespace before it and nothing but spaces after it on its line.
    t = _ws_end(text, after, end)
    if after < t < end and text[t] in _TITLE:
        title_end = _title(text, t, end)
        if title_end >= 0:
            stop = _line_end(text, title_end, end)
            if stop >= 0:
                return label, d0, d1, stop
    # Without a (valid) title, the destination must end its line (examples 209 and 210).
    stop = _line_end(text, after, end)
    return (label, d0, d1, stop) if stop >= 0 else None


# --- the inline pass ---------------------------------------------------------------------------
class _Opener(NamedTuple):
    pos: int  # offset of "[" (or of "!" for an image)
    image: bool
    depth: int  # index in the bracket stack


def _destination_candidate(text: str, d0: int, d1: int, context: str) -> Candidate:
    uri, pieces = build(text, d0, d1, markdown_replacements(text, d0, d1))
    return Candidate(uri, d0, d1, context, False, pieces)


def _inline_link_tail(text: str, pos: int, end: int,
                      dests: Optional[_Destinations] = None) -> Optional[Tuple[int, int, int]]:
    """6.3: after ``](`` at ``pos``: (dest start, dest end, offset past ``)``) or None."""
    p = _ws_end(text, pos, end)
    if p < end and text[p] == ")":
        return p, p, p + 1
    dest = _destination(text, p, end, dests)
    if dest is None:
        return None
    d0, d1, after = dest
    t = _ws_end(text, after, end)
    if t < end and text[t] == ")":
        return d0, d1, t + 1
    if t == after:
        return None  # a title must be separated from the destination by whitespace
    title_end = _title(text, t, end)
    if title_end < 0:
        return None
    t = _ws_end(text, title_end, end)
    if t < end and text[t] == ")":
        return d0, d1, t + 1
    return None


class _Inline:
    """The inline pass over one paragraph's content (6.3 "look for link or image")."""

    def __init__(self, text: str, start: int, end: int, definitions: Dict[str, Candidate],
                 doc: MarkdownDocument, include_code: bool) -> None:
        self.text, self.start, self.end = text, start, end
        self.definitions = definitions
        self.doc = doc
        self.include_code = include_code
        self.excluded: List[Tuple[int, int]] = []
        self.code_spans: List[Tuple[int, int]] = []
        #: The text of inline HTML code elements (<code>, <kbd> ...): links inside them stay
        #: links (they render as links), the rest is code.
        self.html_code: List[Tuple[int, int]] = []
        self._open_code: Optional[Tuple[str, int, int]] = None  # (name, text start, depth)
        self.comments: List[Tuple[int, int]] = []
        self.dests: Optional[_Destinations] = None  # built at the first "](" of the paragraph

    def run(self) -> None:
        """One walk over the paragraph's special characters: escapes, code spans, autolinks
        and raw HTML, and the stack of "[" openers that "]" closes into links and images."""
        text, end = self.text, self.end
        stack: List[_Opener] = []
        link_floor = 0  # "[" openers below this depth are inactive: links hold no links
        pos = self.start
        no_closer_from: Dict[int, int] = {}  # backtick run length -> no such run after here
        last_escape = -2
        # (link, index in doc.links, index in links_here of the first link it holds: its own
        # for a link, the first of its description's for an image)
        links_here: List[Tuple[Link, int, int]] = []
        for m in _SPECIAL.finditer(text, self.start, end):
            i = m.start()
            if i < pos:
                continue
            c = text[i]
            if c == "\\":
                if i + 1 < end and text[i + 1] in _ASCII_PUNCT:
                    last_escape = i + 1
                    pos = i + 2
                continue
            if c == "`":
                pos = self._code_span(i, no_closer_from)
                continue
            if c == "<":
                pos = self._angle(i)
                continue
            if c == "[":
                image = i > self.start and text[i - 1] == "!" and last_escape != i - 1
                stack.append(_Opener(i - 1 if image else i, image, len(stack)))
                pos = i + 1
                continue
            # c == "]"
            pos = i + 1
            if not stack:
                continue
            opener = stack.pop()
            inactive = not opener.image and opener.depth < link_floor
            found = None if inactive else self._link_after(opener, i)
            if found is None:
                link_floor = min(link_floor, len(stack))
                continue
            pos = self._add_link(opener, found, links_here)
            link_floor = len(stack) if not opener.image else min(link_floor, len(stack))
        if self._open_code is not None:
            # An element left open runs to the end of the paragraph (the HTML parser closes it there).
            self.html_code.append((self._open_code[1], end))
            self._open_code = None

    def _code_span(self, i: int, no_closer_from: Dict[int, int]) -> int:
        """6.1: at a backtick run, a code span (excluded from prose) or a literal run; where
        to go on.  ``no_closer_from`` remembers, per run length, where no closer follows."""
        text, end = self.text, self.end
        run_end = _BACKTICKS.match(text, i, end).end()  # type: ignore[union-attr]
        length = run_end - i
        known_missing = no_closer_from.get(length, end + 1) <= run_end
        close = -1 if known_missing else self._closing_backticks(run_end, length)
        if close < 0:
            no_closer_from[length] = run_end
            return run_end
        self.excluded.append((i, close + length))
        self.code_spans.append((run_end, close))
        return close + length

    def _add_link(self, opener: _Opener, found: Tuple[int, Optional[Candidate], Optional[str]],
                  links_here: List[Tuple[Link, int, int]]) -> int:
        """Record the link or image that ``opener`` starts; returns where it ends."""
        link_end, dest, label = found
        link = Link("image" if opener.image else "link", opener.pos, dest, label)
        # Link text is not read as prose, and neither is the link's syntax.
        self.excluded.append((opener.pos, link_end))
        first = len(links_here)
        if opener.image:
            # Whatever formed inside an image's description renders as its alt text.  The walk
            # back visits the links directly inside this image and steps over what an image
            # among them holds (marked when that one closed): images nested n deep cost n
            # steps, not n squared (a file of "![" * n + "x" + "](u)" * n took minutes).
            k = first - 1
            while k >= 0:
                inner, idx, inner_first = links_here[k]
                if inner.opener <= opener.pos:
                    break
                if not inner.in_image:
                    replaced = Link(inner.kind, inner.opener, inner.destination, inner.label, True)
                    links_here[k] = (replaced, idx, inner_first)
                    self.doc.links[idx] = replaced
                first = inner_first
                k = inner_first - 1
        links_here.append((link, len(self.doc.links), first))
        self.doc.links.append(link)
        if dest is not None:
            self.doc.candidates.append(dest)
        return link_end

    def _closing_backticks(self, pos: int, length: int) -> int:
        """6.1: the start of the next backtick run of exactly ``length``, or -1."""
        text, end = self.text, self.end
        j = text.find("`", pos, end)
        while j >= 0:
            run_end = _BACKTICKS.match(text, j, end).end()  # type: ignore[union-attr]
            if run_end - j == length:
                return j
            j = text.find("`", run_end, end)
        return -1

    def _angle(self, i: int) -> int:
        """At ``<``: an autolink (6.5), raw HTML (6.6), or a plain "<"; where to go on."""
        text, end = self.text, self.end
        if i + 1 >= end or text[i + 1] in _NOT_AFTER_LT:
            return i + 1  # "< b", "<<": nothing of 6.5 or 6.6 starts here
        m = _AUTOLINK.match(text, i, end)
        if m is not None:
            a0, a1 = m.span(1)
            uri, pieces = build(text, a0, a1, entity_replacements(text, a0, a1))
            cand = Candidate(uri, a0, a1, "autolink", False, pieces)
            self.doc.candidates.append(cand)
            self.doc.links.append(Link("autolink", i, cand))
            self.excluded.append((i, m.end()))
            return m.end()
        m = _EMAIL_AUTOLINK.match(text, i, end)
        if m is not None:
            # An e-mail autolink is a link to "mailto:" + address (6.5); the scheme is implied.
            a0, a1 = m.span(1)
            uri, pieces = build(text, a0, a1, [(a0, a0, "mailto:")])
            cand = Candidate(uri, a0, a1, "autolink", False, pieces)
            self.doc.candidates.append(cand)
            self.doc.links.append(Link("autolink", i, cand))
            self.excluded.append((i, m.end()))
            return m.end()
        special = _html.special_end(text, i, end)
        if special is not None:
            close, kind = special
            if kind == "comment" and not text.startswith(("<!-->", "<!--->"), i):
                if text.find("-->", i + 4, end) < 0:
                    return i + 1  # an unclosed comment is text (6.6)
                self.comments.append((i + 4, close - 3))
            elif text.find(">" if kind == "declaration" else "]]>", i, end) < 0:
                return i + 1
            self.excluded.append((i, close))
            return close
        m = _INLINE_OPEN_TAG.match(text, i, end)
        if m is not None:
            tag = _html.START_TAG.match(text, i, m.end())
            if tag is not None:
                self.doc.candidates.extend(_html.tag_candidates(text, tag))
            self.excluded.append((i, m.end()))
            if not m.group(0).endswith("/>"):
                self._code_element(i, m.end(), opens=True)
            return m.end()
        m = _INLINE_CLOSE_TAG.match(text, i, end)
        if m is not None:
            self.excluded.append((i, m.end()))
            self._code_element(i, m.end(), opens=False)
            return m.end()
        return i + 1

    def _code_element(self, i: int, tag_end: int, opens: bool) -> None:
        """Track inline HTML code elements at a tag: the outermost one's text is code, up to
        its own end tag (the same name nests)."""
        name = _TAG_NAME.match(self.text, i, tag_end).group(1).lower()  # type: ignore[union-attr]
        if name not in HTML_CODE_ELEMENTS:
            return
        current = self._open_code
        if opens:
            if current is None:
                self._open_code = (name, tag_end, 1)
            elif current[0] == name:
                self._open_code = (name, current[1], current[2] + 1)
        elif current is not None and current[0] == name:
            if current[2] > 1:
                self._open_code = (name, current[1], current[2] - 1)
            else:
                self.html_code.append((current[1], i))
                self._open_code = None

    def _link_after(self, opener: _Opener, close: int) -> Optional[Tuple[int, Optional[Candidate], Optional[str]]]:
        """At the ``]`` of an active opener: (end, destination, label) of the link, or None."""
        text, end = self.text, self.end
        j = close + 1
        context = "markdown-image" if opener.image else "markdown-link"
        if j < end and text[j] == "(":
            if self.dests is None:
                self.dests = _Destinations(text, self.start, end)
            tail = _inline_link_tail(text, j + 1, end, self.dests)
            if tail is not None:
                d0, d1, after = tail
                return after, _destination_candidate(text, d0, d1, context), None
        text_start = opener.pos + (2 if opener.image else 1)
        if j < end and text[j] == "[":
            label_end = _label_end(text, j, end)
            if label_end >= 0:
                label = normalize_label(text[j + 1:label_end - 1])
                return (label_end, None, label) if label in self.definitions else None
            if text.startswith("[]", j):
                if close - text_start <= MAX_LABEL:
                    label = normalize_label(text[text_start:close])
                    if label and label in self.definitions:
                        return j + 2, None, label
                return None
        if close - text_start > MAX_LABEL:
            return None
        label = normalize_label(text[text_start:close])
        if label and label in self.definitions and _label_end(text, text_start - 1, close + 1) == close + 1:
            return close + 1, None, label
        return None


def _simple_links(text: str, r0: int, r1: int, doc: MarkdownDocument) -> Optional[List[Tuple[int, int]]]:
    """The fast path of the inline pass, for the paragraph of a link list ("* [Title](url)").

    When every bracket of a paragraph without backticks, "<" or backslashes belongs to a plain
    ``[text](dest)`` or ``![text](dest)`` (text without brackets, destination without spaces or
    parentheses), 6.3's procedure finds exactly those links and nothing else, so one regex does
    its work.  Returns their spans, or None to take the full procedure."""
    if text.find("](", r0, r1) < 0 or text.find("<", r0, r1) >= 0 or text.find("\\", r0, r1) >= 0:
        return None
    opens = text.count("[", r0, r1)
    if opens == 0 or opens != text.count("]", r0, r1):
        return None
    matches = list(_SIMPLE_LINK.finditer(text, r0, r1))
    if len(matches) != opens:
        return None
    spans = []
    for m in matches:
        image = m.group(1) == "!"
        d0, d1 = m.span(2)
        dest = _destination_candidate(text, d0, d1, "markdown-image" if image else "markdown-link")
        doc.candidates.append(dest)
        doc.links.append(Link("image" if image else "link", m.start(), dest))
        spans.append(m.span())
    return spans


def parse(text: str, include_code: bool = False) -> MarkdownDocument:
    """The whole scan, keeping links and definitions (the conformance tests render them)."""
    doc = MarkdownDocument()
    blocks = _blocks(text)
    cands = doc.candidates
    if blocks.front_matter is not None:
        f0, f1, fmt = blocks.front_matter
        for c in _config.scan_range(text, f0, f1, fmt, include_code):
            cands.append(c._replace(context="front-matter"))
    # Definitions first: a reference may come before its definition (4.7).
    inline_ranges: List[Tuple[int, int]] = []
    for p0, p1 in blocks.paragraphs:
        if text.startswith("[", p0):
            p0 = _definitions(text, p0, p1, doc)
        if p0 < p1:
            inline_ranges.append((p0, p1))
    _inlines(text, inline_ranges, doc, include_code)
    for h0, h1 in blocks.html:
        cands.extend(_html.scan_region(text, h0, h1, include_code))
    if include_code:
        for c0, c1 in blocks.code:
            cands.extend(_as_code(scan_prose(text, c0, c1)))
    return doc


def _definitions(text: str, p0: int, p1: int, doc: MarkdownDocument) -> int:
    """4.7: the link reference definitions that open a paragraph, into ``doc``; returns where
    the paragraph's inline content starts."""
    pos = p0
    dests: Optional[_Destinations] = None
    while pos < p1 and text[pos] == "[":
        # A definition's label ends at its first "]" (labels hold no unescaped bracket),
        # followed by ":"; most paragraphs that open with "[" are links: one find says so.
        close = text.find("]", pos, p1)
        if close < 0 or (not text.startswith(":", close + 1) and text[close - 1] != "\\"):
            break
        if dests is None:
            dests = _Destinations(text, p0, p1)
        d = _definition(text, pos, p1, dests)
        if d is None:
            break
        label, d0, d1, after = d
        cand = _destination_candidate(text, d0, d1, "reference-definition")
        doc.candidates.append(cand)
        doc.definitions.setdefault(label, cand)
        pos = after
        # The next definition may be indented up to three spaces, or behind "> ".
        while pos < p1 and text[pos] in " \t>":
            pos += 1
    return pos


def _inlines(text: str, ranges: List[Tuple[int, int]], doc: MarkdownDocument,
             include_code: bool) -> None:
    """The inline pass over each paragraph's content, then the prose scan of what it left."""
    find = text.find
    cands = doc.candidates
    defined = bool(doc.definitions)
    for r0, r1 in ranges:
        excluded: List[Tuple[int, int]] = []
        has_colon = find(":", r0, r1) >= 0
        # The inline pass matters only where a link can form ("](", or any "]" once there are
        # definitions), where "<" may open an autolink or a tag, or where a code span may hide
        # a URI: most paragraphs of real docs need none of it.
        simple = _simple_links(text, r0, r1, doc) if find("`", r0, r1) < 0 else None
        if simple is not None:
            excluded = simple
        elif (find("](", r0, r1) >= 0 or (defined and find("]", r0, r1) >= 0) or find("<", r0, r1) >= 0
                or ((has_colon or include_code) and find("`", r0, r1) >= 0)):
            inline = _Inline(text, r0, r1, doc.definitions, doc, include_code)
            inline.run()
            excluded = inline.excluded + inline.html_code if inline.html_code else inline.excluded
            if include_code:
                for s0, s1 in inline.code_spans:
                    cands.extend(_as_code(scan_prose(text, s0, s1, style=MARKDOWN_PROSE)))
                if inline.html_code:
                    # Links, code spans and tags inside the element are read already.
                    inner = Spans.of(inline.excluded)
                    for s0, s1 in inline.html_code:
                        cands.extend(_as_code(scan_prose(text, s0, s1, style=MARKDOWN_PROSE, excluded=inner)))
                for s0, s1 in inline.comments:
                    cands.extend(_as_code(scan_prose(text, s0, s1, style=MARKDOWN_PROSE), "comment"))
        if has_colon:
            if simple is not None:
                # Regex matches come sorted and never overlap: they are Spans as they are.
                spans = Spans(tuple(a for a, _ in simple), tuple(b for _, b in simple))
            else:
                spans = Spans.of(excluded) if excluded else Spans()
            if _colon_outside(text, r0, r1, spans):
                cands.extend(scan_prose(text, r0, r1, style=MARKDOWN_PROSE, excluded=spans))


def _colon_outside(text: str, start: int, end: int, spans: Spans) -> bool:
    """Whether a ":" lies in ``text[start:end]`` outside ``spans``.

    A bare URI needs its scheme's colon in the prose; in a link list ("* [Title](url)") every
    colon is inside the link syntax, and the prose scan would find nothing."""
    pos = start
    for s0, s1 in zip(spans.starts, spans.ends):
        if s0 > pos and text.find(":", pos, min(s0, end)) >= 0:
            return True
        pos = max(pos, s1)
        if pos >= end:
            return False
    return text.find(":", pos, end) >= 0


def _as_code(found: List[Candidate], context: Optional[str] = None) -> List[Candidate]:
    return [c._replace(context=context or c.context, in_code=True) for c in found]


def scan(text: str, include_code: bool = False) -> List[Candidate]:
    return parse(text, include_code).candidates


FORMAT = Format("markdown", code_aware(scan), suppressions=frozenset({HASH_COMMENT, HTML_COMMENT}), links=True,
                keeps_markup=keeps_markup)
