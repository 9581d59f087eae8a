"""Rounds whose edits change how the text reads: the fixer finds the edits that are safe
together by halving, and reads edited texts a number of times linear in the text's size
whatever the number of fixes (it read the file once per edit: quadratic).  A URI must still
read whole within its region after a fix (it must not end early, or vanish)."""

from __future__ import annotations

import re
from typing import List, Sequence, Tuple

import pytest

from urilint import fixer
from urilint.finding import FileFinding
from urilint.fixer import MAX_READS, READ_CHARS, Reader, fix
from urilint.pipeline import fix_text
from urilint.settings import Settings

WORD = re.compile(r"[a-zA-Z]+")


def _finding(start: int, end: int, fix: str) -> FileFinding:
    return FileFinding("URI201", "n", "m", start, end, "u", "bare", False, (start, end, fix), "safe", (start, end))


class _Words:
    """A text of words, each a URI whose fix upper-cases it.  Once an edit upper-cases a word
    of ``culprits`` (or two words of ``rivals`` both), a span appears outside every URI (the
    "!" at the end): the rest of the text reads differently.  Counts the reads."""

    def __init__(self, culprits: Sequence[str] = (), rivals: Sequence[str] = ()) -> None:
        self.culprits = [w.upper() for w in culprits]
        self.rivals = [w.upper() for w in rivals]
        self.reads = 0

    def findings(self, text: str) -> List[FileFinding]:
        return [_finding(m.start(), m.end(), m.group().upper()) for m in WORD.finditer(text) if m.group().islower()]

    def spans(self, text: str) -> List[Tuple[int, int]]:
        self.reads += 1
        assert self.reads < 10 * MAX_READS, "the fixer keeps reading"  # (a test that cannot hang)
        words = [(m.start(), m.end()) for m in WORD.finditer(text)]
        upper = set(WORD.findall(text))
        moved = any(w in upper for w in self.culprits) or (self.rivals and all(w in upper for w in self.rivals))
        return words + ([(len(text) - 1, len(text))] if moved else [])

    def reader(self) -> Reader:
        return Reader(self.findings, self.spans)


def _text(n: int) -> str:
    return " ".join(f"w{_letters(i)}" for i in range(n)) + " !"


def _letters(i: int) -> str:
    out = ""
    while True:
        out = chr(ord("a") + i % 26) + out
        i //= 26
        if not i:
            return out


@pytest.mark.parametrize("n, culprits", [
    pytest.param(8, ["wc"], id="one-of-eight"),
    pytest.param(100, ["wbc"], id="one-of-a-hundred"),
    pytest.param(100, ["wb", "wcw"], id="two-of-a-hundred"),
    pytest.param(300, ["wa", "wlm"], id="at-both-ends-of-three-hundred"),
])
def test_halving_applies_every_fix_but_the_culprits(n: int, culprits: List[str]) -> None:
    words = _Words(culprits)
    text = _text(n)
    assert all(f" {c} " in f" {text}" for c in culprits)
    result = fix(text, words.reader())
    expected = " ".join(w if w in culprits else w.upper() for w in text.split()[:-1]) + " !"
    assert result.text == expected
    assert result.notices == ("a fix was skipped: it would have changed how the text around a URI reads",)
    assert words.reads <= 1 + 2 + 2 * len(culprits) * n.bit_length() + 1  # the first scan, two halves,
    # two reads a level for each culprit's half, the union


def test_a_file_of_culprits_is_read_a_bounded_number_of_times() -> None:
    # Every fix changes how the text around it reads: none is applied, and edited texts are
    # read at most MAX_READS times and READ_CHARS characters more (the first scan aside), not
    # once per edit in each round.
    text = _text(1000)
    words = _Words(text.split()[:-1])
    result = fix(text, words.reader())
    assert result.text == text
    assert words.reads <= 1 + MAX_READS + READ_CHARS // len(text)
    assert result.notices == (fixer._CHANGES_AROUND, fixer._OVER_BUDGET)


def test_a_fix_that_becomes_safe_later_in_the_run_is_applied() -> None:
    # The first URI's fix ("<" encoded) changes how the text reads while the second URI is as
    # it was; once the second is fixed, it does not.  One run applies all three fixes, and a
    # second run changes nothing (a culprit never tried again left it to the second run).
    text = '<t"<a href="<"><a href="\u00e9>"h://a>'
    once = fix_text(text, "html", Settings(select=frozenset({"ALL"})), unsafe=True)
    assert once.text == '<t"<a href="%3C"><a href="%C3%A9%3E"h://a>' and once.fixed == 3
    assert fix_text(once.text, "html", Settings(select=frozenset({"ALL"})), unsafe=True).text == once.text


def test_fixes_safe_alone_but_not_together_leave_one_out() -> None:
    # "wa" and "wd" each read stable; together they do not.  Round 1 applies the larger group of
    # those found safe (wa wb); round 2 finds "wd" the culprit, and applies "wc".
    words = _Words(rivals=["wa", "wd"])
    result = fix(_text(4), words.reader())
    assert result.text == "WA WB WC wd !"
    assert result.notices == ("a fix was skipped: it would have changed how the text around a URI reads",)


def test_a_round_that_reads_stable_reads_the_text_once() -> None:
    words = _Words()
    result = fix(_text(50), words.reader())
    assert result.text == _text(50).upper()
    assert words.reads == 2  # the first scan and the round's edited text


@pytest.mark.parametrize("text, fmt", [
    # "%7e" decoded at the end of a bare URI reads as trailing punctuation: the link would lose it
    pytest.param("<p>Https://sub.Site.org/a//b?q=%7e</p>\n", "html", id="a-uri-that-would-end-early"),
    # the fixed "<http://</x" is no URI at all
    pytest.param("<http:/</x\n", "markdown", id="a-uri-that-would-vanish"),
    pytest.param("(http://a.b/%7e)\n", "markdown", id="a-uri-in-parentheses-that-would-end-early"),
])
def test_a_fix_after_which_the_uri_no_longer_reads_whole_is_dropped(text: str, fmt: str) -> None:
    result = fix_text(text, fmt, Settings(select=frozenset({"ALL"})), unsafe=True)
    assert result.text == text
    assert result.notices == (fixer._CHANGES_AROUND,)


def test_not_covered() -> None:
    regions = [(0, 5), (6, 9), (10, 10), (12, 20)]
    assert fixer._not_covered(regions, [(0, 5), (6, 9), (10, 10), (12, 15), (15, 20)]) == set()
    assert fixer._not_covered(regions, [(0, 4), (6, 9), (12, 20)]) == {0, 2}  # ends early; gone
    assert fixer._not_covered(regions, [(0, 3), (3, 5), (6, 8), (10, 10), (12, 14), (16, 20)]) == {1, 3}


class _Malformed(_Words):
    """_Words whose culprits, upper-cased, are a malformed URI (URI101) instead of moving the text."""

    def findings(self, text: str) -> List[FileFinding]:
        out = super().findings(text)
        out += [FileFinding("URI101", "n", "m", m.start(), m.end(), "u", "bare", False, None, "display-only",
                            (m.start(), m.end())) for m in WORD.finditer(text) if m.group() in self.culprits]
        return out

    def spans(self, text: str) -> List[Tuple[int, int]]:
        self.reads += 1
        assert self.reads < 10 * MAX_READS, "the fixer keeps reading"
        return [(m.start(), m.end()) for m in WORD.finditer(text)]


def test_a_round_that_would_make_a_uri_malformed_keeps_its_other_fixes() -> None:
    # The round as a whole makes "wc" malformed: the edits that do not are found by halving and
    # applied (the whole run used to stop there, with no fix applied).
    words = _Malformed(["wc"])
    result = fix(_text(8), words.reader())
    assert result.text == "WA WB wc WD WE WF WG WH !"
    assert result.notices == (fixer._MALFORMED,)
