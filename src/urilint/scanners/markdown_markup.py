"""Markdown's markup around a fixed URI: whether an edit leaves it reading as before.

A fix changes only a URI's bytes, but in Markdown some of those bytes may also be markup, and
the characters beside a URI decide what the markup around it is:

- **Backslashes.**  A backslash before ASCII punctuation escapes it and one before a line
  ending is a hard line break (CommonMark 0.31 sections 2.4 and 6.7), wherever another reading
  of the text puts them: encoding the backslash of ``[](<ft:\\\\>)`` (an autolink inside a link
  that did not form) makes the link form.  An edit never changes such a backslash, nor the
  character right after a backslash (:func:`keeps_backslashes`); nor a "|" that may stand
  in a table, whose rows are split into cells at each before anything else is read.
- **Emphasis.**  A bare URI in prose sits among the characters that open and close emphasis
  (6.2: ``*`` and ``_``) and GFM's strikethrough (GFM 0.29 section 6.5: ``~``).  Whether a run
  of them opens or closes depends on the characters beside it: decoding the "%7e" of "%7e_u_"
  writes "~_u_", where the "_" after the "~" now opens emphasis, and the page shows an
  emphasised "u" and a shorter link.  The runs beside and inside the edit must open and close
  as before, or have nothing in the paragraph to pair with (:func:`keeps_emphasis`).  Link
  destinations, autolinks and code spans are read as they are, so only the prose's
  candidates are judged.
"""

from __future__ import annotations

import unicodedata
from typing import FrozenSet, List, Optional, Tuple

from ..candidate import Candidate
from ..finding import Edit
from ..rfc3986 import lazy
from .escapes import changed_stretch

#: The characters whose runs open and close emphasis and strikethrough.
DELIMITERS = frozenset("*_~")
#: Candidate contexts read inside Markdown's inline text, where emphasis is parsed around them:
#: what the prose scan finds (a bare URI, and one in quotes or in angle brackets that are no
#: autolink, such as an HTML tag CommonMark does not take for one: '<a href="x"">').
PROSE_CONTEXTS = frozenset({"bare", "quoted", "angle"})
#: How far from an edit its paragraph's ends are looked for; a paragraph reaching further is
#: taken to hold a partner for any run (the edit is refused): each check reads a bounded
#: stretch, so a file's checks stay linear in its size.
REACH = 4096
_DELIMITER = lazy.compile(r"[*_~]")
#: What may pair with a run of each character: the character, or its percent-encoding, which
#: another fix of the same round may decode ("%5F" to "_"): each edit is judged on the text
#: before the round, so two lone runs written by two fixes must not both pass.
_PARTNERS = {"_": lazy.compile("_|%5[Ff]"), "~": lazy.compile("~|%7[Ee]"), "*": lazy.compile(r"\*|%2[Aa]")}
#: A line ending and the blank line after it: a paragraph ends before it (CommonMark 4.8).
#: (No lookahead: searched with an end position, "\Z" or a lookahead would match there.)
_BLANK_LINE = lazy.compile(r"(?:\r\n|\r(?!\n)|\n)[ \t]*(?:\r\n|\r|\n)")  # (a "\r\n" is one break)

#: A line that may be a table's delimiter row: only "|", "-", ":" and blanks, with a "|" and a
#: "-" (an over-estimate: the cells are not counted against the header's).
_DELIMITER_ROW = lazy.compile(r"(?m)^(?=[^\r\n|]*\|)(?=[^\r\n-]*-)[ \t|:-]+\r?$")

#: (character, length, can open, can close) of one delimiter run.
Run = Tuple[str, int, bool, bool]


def _whitespace(char: str) -> bool:
    """CommonMark's Unicode whitespace: Zs, tab, line feed, form feed, carriage return.  The
    start and the end of the text count as whitespace (the caller passes "\\n")."""
    return char in "\t\n\f\r" or unicodedata.category(char) == "Zs"


def _punctuation(char: str) -> bool:
    """CommonMark 0.31's Unicode punctuation: general category P or S (every ASCII punctuation
    character is one)."""
    return unicodedata.category(char)[0] in "PS"


def _escaped(text: str, i: int) -> bool:
    """Whether ``text[i]`` follows an odd run of backslashes (a backslash escape: literal)."""
    k = i
    while k > 0 and text[k - 1] == "\\":
        k -= 1
    return (i - k) % 2 == 1


def _run(text: str, a: int, b: int) -> Run:
    """What the delimiter run ``text[a:b]`` can do (6.2's left- and right-flanking rules)."""
    char = text[a]
    before = text[a - 1] if a > 0 else "\n"
    after = text[b] if b < len(text) else "\n"
    ws_before, ws_after = _whitespace(before), _whitespace(after)
    p_before, p_after = _punctuation(before), _punctuation(after)
    left = not ws_after and (not p_after or ws_before or p_before)
    right = not ws_before and (not p_before or ws_after or p_after)
    if char == "_":
        return char, b - a, left and (not right or p_before), right and (not left or p_after)
    return char, b - a, left, right


def runs(text: str, lo: int, hi: int) -> List[Tuple[int, int]]:
    """The delimiter runs (unescaped) that hold a character of ``text[lo:hi]``, whole."""
    out: List[Tuple[int, int]] = []
    i = max(0, lo)
    hi = min(hi, len(text))
    while i < hi:
        m = _DELIMITER.search(text, i, hi)  # (a search, not a loop per character: a long URI)
        if m is None:
            break
        i = m.start()
        char = text[i]
        if _escaped(text, i):
            i += 1
            continue
        a = i
        while a > 0 and text[a - 1] == char and not _escaped(text, a - 1):
            a -= 1
        b = i + 1
        while b < len(text) and text[b] == char:
            b += 1
        out.append((a, b))
        i = b
    return out


def _paragraph(text: str, start: int, end: int) -> Optional[Tuple[int, int]]:
    """The paragraph around ``text[start:end]`` as far as blank lines tell (an over-estimate:
    other block ends are not looked for), or None when an end lies beyond REACH."""
    lo, hi = max(0, start - REACH), min(len(text), end + REACH)
    p0: Optional[int] = 0 if lo == 0 else None
    for m in _BLANK_LINE.finditer(text, lo, start):
        p0 = m.end()
    after = _BLANK_LINE.search(text, end, hi)
    p1 = after.start() if after is not None else (len(text) if hi == len(text) else None)
    return None if p0 is None or p1 is None else (p0, p1)


def _changed(old: List[Run], new: List[Run]) -> FrozenSet[str]:
    """The delimiter characters whose runs read differently."""
    return frozenset(c for c in DELIMITERS
                     if [r for r in old if r[0] == c] != [r for r in new if r[0] == c])


def keeps_markup(text: str, candidate: Candidate, new_uri: str, edit: Edit) -> bool:
    """Whether ``edit`` (making ``candidate`` read ``new_uri`` in the Markdown ``text``) leaves
    the markup around the URI reading as before: its backslashes and its emphasis."""
    return keeps_backslashes(text, edit) and keeps_emphasis(text, candidate, new_uri, edit)


#: What a backslash before it makes markup: ASCII punctuation (an escape) or a line ending (a
#: hard line break).
_ESCAPABLE = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\r\n")


def keeps_backslashes(text: str, edit: Edit) -> bool:
    """Whether ``edit`` leaves every backslash and "|" that is markup in some reading as it is:
    it changes no backslash before ASCII punctuation or a line ending, no character right
    after a backslash, and no "|" that may stand in a table (a table row's cells are split at
    each before any inline is read, so "<io:|>" there is two cells).  (A literal backslash
    before a letter may be encoded.)"""
    s, e, _ = edit
    if text.find("\\", s, e) < 0 and text.find("|", s, e) < 0 and not (s > 0 and text[s - 1] == "\\"):
        return True
    c0, c1 = changed_stretch(text, edit)
    if text.find("|", c0, c1) >= 0 and _may_be_table(text, c0, c1):
        return False
    if c0 > 0 and text[c0 - 1] == "\\":
        return False  # (what follows a backslash decides what it is)
    k = text.find("\\", c0, c1)
    while k >= 0:
        if k + 1 < len(text) and text[k + 1] in _ESCAPABLE:
            return False
        k = text.find("\\", k + 1, c1)
    return True


def _may_be_table(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` may stand in a GFM table (GFM 0.29 section 4.10): its block,
    as far as blank lines tell, has a delimiter row ("|---|:-:|"), which every table has and
    which ends at a blank line.  A block reaching beyond REACH may."""
    block = _paragraph(text, start, end)
    return block is None or _DELIMITER_ROW.search(text, block[0], block[1]) is not None


def keeps_emphasis(text: str, candidate: Candidate, new_uri: str, edit: Edit) -> bool:
    """Whether ``edit`` (making ``candidate`` read ``new_uri`` in the Markdown ``text``) leaves
    emphasis and strikethrough reading as before: every delimiter run beside or inside the edit
    opens and closes as it did, or each character whose runs changed has one run there, before
    and after, and stands nowhere else in the paragraph, written or percent-encoded (a run needs
    a partner to open or close anything)."""
    if candidate.context not in PROSE_CONTEXTS:
        return True
    s, e, replacement = edit
    old_spans = runs(text, s - 1, e + 1)
    if not old_spans and _DELIMITER.search(replacement) is None:
        return True  # (no run beside or inside the edit, before or after: the common case)
    # (An escaped delimiter beside the edit stays escaped: keeps_backslashes holds its backslash.)
    shift = max(0, s - 1 - REACH)
    new_text = text[shift:s] + replacement + text[e:e + 1 + REACH]
    ns = s - shift
    new_spans = runs(new_text, ns - 1, ns + len(replacement) + 1)
    old = [_run(text, a, b) for a, b in old_spans]
    new = [_run(new_text, a, b) for a, b in new_spans]
    changed = _changed(old, new)
    if not changed:
        return True
    w0 = min([s] + [a for a, _ in old_spans])
    w1 = max([e] + [b for _, b in old_spans])
    paragraph = _paragraph(text, w0, w1)
    if paragraph is None:
        return False
    p0, p1 = paragraph
    for c in changed:
        if sum(r[0] == c for r in old) > 1 or sum(r[0] == c for r in new) > 1:
            return False  # (runs of the edit's own stretch may pair: "%7e_u_" -> "~_u_")
        partner = _PARTNERS[c]
        if partner.search(text, p0, w0) is not None or partner.search(text, w1, p1) is not None:
            return False
    return True
