"""Rounds whose edits change how the rest of the text reads: the fixer finds the edits that are
safe together by halving, never tries a dropped URI's fix again, and reads the edited text a
bounded number of times whatever the number of fixes (it read it once per edit: quadratic)."""

from __future__ import annotations

import re
from typing import List, Sequence, Tuple

import pytest

from urilint import fixer
from urilint.finding import FileFinding
from urilint.fixer import MAX_READS, Reader, fix

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
    # Every fix changes how the text around it reads: none is applied, and the edited text is
    # read at most MAX_READS times (the first scan of the file aside), not once per edit.
    text = _text(1000)
    words = _Words(text.split()[:-1])
    result = fix(text, words.reader())
    assert result.text == text
    assert words.reads <= 1 + MAX_READS
    assert result.notices == (fixer._OVER_BUDGET,)


def test_a_dropped_fix_is_not_tried_again_in_later_rounds() -> None:
    # Round 1 finds "wb"'s fix changes how the text reads and applies the others; round 2 finds
    # only "wb" to fix, and does not read an edited text for it again.
    words = _Words(["wb"])
    result = fix(_text(4), words.reader())
    assert result.text == "WA wb WC WD !"
    # the first scan; all four; the halves (wa wb: no, wc wd: yes); wa, wb; wa wc wd
    assert words.reads == 1 + 1 + 2 + 2 + 1


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
