"""Applying fixes to a text: back to front, overlaps dropped, re-checked until stable, verified.

Pure: text in, text out; the pipeline hands in how to read a text again (:class:`Reader`).
``fix`` never returns a text in which a fix made things worse: the edits of a round whose
result has a syntax problem the input did not have (for Python: no longer parses: ruff's rule
for fixes that break the code) or a URI newly malformed are not kept; those of its edits that
do neither are found by halving and kept.

A fix changes only the bytes of the URIs the first scan found ("regions", followed through the
edits made), and must leave the rest of the text reading as before.  A fix may change where a
re-read URI ends ("[" percent-encoded changes which "]" balances, so the URI would swallow text
after it; a "%7e" decoded at its end reads as trailing punctuation, so the link loses its "~"),
or how the text after it reads (a trailing "\\" that escaped a backtick, encoded, opens a code
span): such a fix is dropped with a notice, and no edit outside the regions is ever applied.
Found by fuzzing, as fixes that were neither confined to the URI nor idempotent.

Which of a round's edits are safe together is found by halving (group testing), within a
budget of reads of edited texts linear in the text's size (:class:`_Budget`); a run that
spends it says so, and a second run may apply more.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter, deque
from typing import Callable, List, NamedTuple, Optional, Sequence, Set, Tuple

from .finding import Edit, FileFinding, apply_edits, merge_spans
from .rules import BY_CODE
from .rules.base import MALFORMED

MAX_ROUNDS = 10
Region = Tuple[int, int]


class Reader(NamedTuple):
    """How the fixer reads a text again after each round (the pipeline provides it)."""

    findings: Callable[[str], List[FileFinding]]  #: the findings a run would report
    spans: Callable[[str], List[Region]]  #: the candidates' source spans, sorted
    #: whether the text is still well-formed in its format (None: any text is)
    well_formed: Optional[Callable[[str], bool]] = None


class FixResult(NamedTuple):
    text: str
    fixed: int  #: findings fixed
    notices: Tuple[str, ...]  #: why some fixes were not applied


def select_edits(findings: Sequence[FileFinding], unsafe: bool) -> List[Edit]:
    """The edits to apply: fixable findings' edits, deduplicated, overlapping ones dropped."""
    wanted = {"safe", "unsafe"} if unsafe else {"safe"}
    edits = sorted({f.edit for f in findings if f.edit is not None and f.applicability in wanted})
    chosen: List[Edit] = []
    end = -1
    for edit in edits:
        if edit[0] < end or (edit[0] == end and edit[1] == edit[0] and chosen and chosen[-1][0] == edit[0]):
            continue  # overlaps one already chosen: skipped, not merged
        chosen.append(edit)
        end = edit[1]
    return chosen


def _inside(edits: Sequence[Edit], regions: Sequence[Region]) -> List[Edit]:
    """The edits that lie wholly inside one of the (merged) regions."""
    starts = [r[0] for r in regions]
    kept = []
    for edit in edits:
        i = bisect_right(starts, edit[0]) - 1
        if i >= 0 and edit[1] <= regions[i][1]:
            kept.append(edit)
    return kept


def _follow(regions: Sequence[Region], edits: Sequence[Edit]) -> List[Region]:
    """The (merged) regions once ``edits`` are applied; each edit lies inside a region or
    outside all of them, and moves what follows it by its change in length."""
    ordered = sorted(edits)
    out: List[Region] = []
    k, delta = 0, 0
    for s0, s1 in regions:
        while k < len(ordered) and ordered[k][0] < s0:  # before the region
            delta += len(ordered[k][2]) - (ordered[k][1] - ordered[k][0])
            k += 1
        new_start = s0 + delta
        while k < len(ordered) and ordered[k][1] <= s1:  # inside it
            delta += len(ordered[k][2]) - (ordered[k][1] - ordered[k][0])
            k += 1
        out.append((new_start, s1 + delta))
    return out


def _malformed(code: str) -> bool:
    rule = BY_CODE.get(code)
    return rule is not None and rule.family == MALFORMED


def _worse(before: Sequence[FileFinding], after: Sequence[FileFinding]) -> bool:
    """True when a round created a finding of the malformed family that was not there before."""
    old = Counter(f.code for f in before if _malformed(f.code))
    new = Counter(f.code for f in after if _malformed(f.code))
    return any(new[code] > old[code] for code in new)


def _sticking_out(regions: Sequence[Region], cands: Sequence[Tuple[int, int]]) -> Set[int]:
    """Indexes of the regions that a candidate overlaps without lying inside it."""
    starts = [r[0] for r in regions]
    bad: Set[int] = set()
    for c0, c1 in cands:
        i = max(0, bisect_right(starts, c0) - 1)
        if i < len(regions) and regions[i][0] <= c0 and c1 <= regions[i][1]:
            continue
        while i < len(regions) and regions[i][0] < c1:
            if regions[i][1] > c0:
                bad.add(i)
            i += 1
    return bad


def _outside(spans: Sequence[Region], regions: Sequence[Region]) -> List[Region]:
    """The spans that overlap no region (regions merged)."""
    starts = [r[0] for r in regions]
    out = []
    for c0, c1 in spans:
        i = bisect_right(starts, c0) - 1
        overlaps = (i >= 0 and regions[i][1] > c0) or (i + 1 < len(regions) and regions[i + 1][0] < c1)
        if not overlaps:
            out.append((c0, c1))
    return out


def _not_covered(regions: Sequence[Region], spans: Sequence[Region]) -> Set[int]:
    """Indexes of the regions that the re-read candidates lying inside them no longer cover
    exactly, as the candidates they were merged from did: a URI that now ends early (a "%7e"
    decoded at its end reads as trailing punctuation, and the link loses its "~") or that is
    no longer read at all.  (``spans`` sorted, as Reader.spans gives them.)"""
    span_starts = [s for s, _ in spans]
    bad: Set[int] = set()
    for i, (r0, r1) in enumerate(regions):
        j = bisect_left(span_starts, r0)
        inside: List[Region] = []
        while j < len(spans) and spans[j][0] < r1:
            if spans[j][1] <= r1:
                inside.append(spans[j])
            j += 1
        if r0 == r1 and j < len(spans) and spans[j] == (r0, r1):
            inside.append(spans[j])  # (an empty region, read as an empty candidate)
        if merge_spans(inside) != [(r0, r1)]:
            bad.add(i)
    return bad


class _Round(NamedTuple):
    """A round's edits applied: the text, the regions followed, the re-read candidates' spans,
    the regions whose URI no longer reads as one within them (a re-read URI reaches past the
    region, ends early or is gone), and whether the rest of the text reads differently (a URI
    appeared, vanished or moved outside the regions: a backslash that escaped a backtick,
    percent-encoded, opens a code span)."""

    text: str
    regions: List[Region]
    spans: List[Region]
    bad: Set[int]
    moved: bool


def _stable(result: _Round) -> bool:
    return not result.bad and not result.moved


#: How many times one fix run may read an edited text (a scan of the file each) beyond what
#: its size allows: a run whose rounds read stable reads it once a round; finding which edits
#: are safe together takes more (see _safe_together).  READ_CHARS more characters may be read
#: (a small file can afford many reads).  Beyond them, the edits not yet found safe are not
#: applied, and a second run may apply more: an HTML file of 1,000 links whose fixes each end
#: another line's tag was read once per edit in each round, quadratic in the fixes.
MAX_READS = 64
READ_CHARS = 2_000_000
_OVER_BUDGET = "some fixes were not tried: checking them would read the file too many times (fix it again for more)"
_CHANGES_AROUND = "a fix was skipped: it would have changed how the text around a URI reads"
_NO_PARSE = "a fix was skipped: the text would no longer parse"
_MALFORMED = "a fix was skipped: it would have made a URI malformed"


class _Budget:
    """The reads of an edited text left to one fix run (linear in the text's size)."""

    def __init__(self, text: str) -> None:
        self.left = MAX_READS + READ_CHARS // max(1, len(text))
        self.spent = False  #: a read was refused

    def take(self) -> bool:
        if self.left <= 0:
            self.spent = True
            return False
        self.left -= 1
        return True


class _Reading:
    """One round's reads of ``text`` with some of the edits applied, within the run's budget."""

    def __init__(self, text: str, regions: List[Region], spans: List[Region], reader: Reader,
                 budget: _Budget) -> None:
        self.text, self.regions, self.reader, self.budget = text, regions, reader, budget
        self.others = merge_spans(_outside(spans, regions))
        self.starts = [r[0] for r in regions]

    def read(self, edits: List[Edit]) -> Optional[_Round]:
        """The round with ``edits`` applied; None once the budget is spent."""
        if not self.budget.take():
            return None
        new_text = apply_edits(self.text, edits)
        new_regions = _follow(self.regions, edits)
        spans = self.reader.spans(new_text)
        moved = merge_spans(_outside(spans, new_regions)) != _follow(self.others, edits)
        bad = _sticking_out(new_regions, spans) | _not_covered(new_regions, spans)
        return _Round(new_text, new_regions, spans, bad, moved)

    def region_of(self, edit: Edit) -> int:
        return bisect_right(self.starts, edit[0]) - 1


class _Outcome(NamedTuple):
    """A round's outcome: the round (None when no edit is left), the edits applied, and those
    found to change how the text reads (the others not applied were not found safe in time)."""

    round: Optional[_Round]
    applied: List[Edit]
    culprits: List[Edit]


def _stable_round(edits: List[Edit], reading: _Reading) -> _Outcome:
    """Apply ``edits``, dropping those after which a URI would no longer read as one within
    its region or the text outside the regions would read differently."""
    wanted = edits
    culprits: List[Edit] = []
    result = reading.read(edits)
    while result is not None and not _stable(result):
        bad = result.bad
        kept = [e for e in edits if reading.region_of(e) not in bad]
        if not bad or len(kept) == len(edits):
            # No edit is in a region whose URI now reads differently, or the rest of the text
            # reads differently: an edit elsewhere changed how the text reads (encoding a "<"
            # in one HTML attribute ends a tag another line opened), and the edits dropped so
            # far may not have been the cause.  (Dropping none would try the same edits forever.)
            found = _safe_together(edits if not bad else wanted, reading.read, _stable)
            return found._replace(culprits=culprits + found.culprits)
        culprits += [e for e in edits if reading.region_of(e) in bad]
        edits = kept
        result = reading.read(edits) if edits else None
    return _Outcome(result, edits if result is not None else [], culprits)


def _safe_together(edits: List[Edit], read: Callable[[List[Edit]], Optional[_Round]],
                   ok: Callable[[_Round], bool]) -> _Outcome:
    """Edits whose round is ``ok`` together, found by halving (group testing): a group that is
    kept whole, another is split in two, a single edit that is not is a culprit; then the
    groups kept are tried together, else the largest alone.  ``edits`` as a whole are not ok;
    ``read`` gives None once the run's reads are spent."""
    kept: List[List[Edit]] = []
    largest: Optional[Tuple[List[Edit], _Round]] = None  # (only its round is kept: a text each)
    culprits: List[Edit] = list(edits) if len(edits) == 1 else []
    queue = deque(_halves(edits))
    while queue:
        group = queue.popleft()
        result = read(group)
        if result is None:
            break
        if ok(result):
            kept.append(group)
            if largest is None or len(group) > len(largest[0]):
                largest = (group, result)
        elif len(group) > 1:
            queue.extend(_halves(group))
        else:
            culprits += group
    if largest is None:
        return _Outcome(None, [], culprits)
    if len(kept) > 1:
        union = sorted(e for group in kept for e in group)
        result = read(union)
        if result is not None and ok(result):
            return _Outcome(result, union, culprits)
    return _Outcome(largest[1], largest[0], culprits)


def _halves(edits: List[Edit]) -> List[List[Edit]]:
    mid = len(edits) // 2
    return [edits[:mid], edits[mid:]] if mid else []


class _Run:
    """What a fix run knows between its rounds."""

    def __init__(self, text: str, reader: Reader) -> None:
        self.reader = reader
        self.well_formed_before = reader.well_formed is None or reader.well_formed(text)
        self.budget = _Budget(text)
        self.notices: List[str] = []
        self.last: Tuple[Optional[str], List[FileFinding]] = (None, [])  # the text last read, its findings

    def findings(self, text: str) -> List[FileFinding]:
        """The findings of ``text``; the last text's are kept (the round kept is most often the
        last one judged), no more: each would hold a copy of the file."""
        if self.last[0] is not text and self.last[0] != text:
            self.last = (text, self.reader.findings(text))
        return self.last[1]

    def problem(self, before: List[FileFinding], result: _Round) -> Optional[str]:
        """Why the round's text may not be kept (it no longer parses, or a URI became
        malformed), or None."""
        if self.reader.well_formed is not None and self.well_formed_before and not self.reader.well_formed(result.text):
            return _NO_PARSE
        return _MALFORMED if _worse(before, self.findings(result.text)) else None

    def round(self, text: str, findings: List[FileFinding], edits: List[Edit], reading: _Reading) -> _Outcome:
        """The round of ``edits`` that reads stable and whose text may be kept, as large as found."""
        outcome = _stable_round(edits, reading)
        if outcome.culprits or (len(outcome.applied) < len(edits) and not self.budget.spent):
            self.notices.append(_CHANGES_AROUND)
        if outcome.round is None or outcome.round.text == text:
            return outcome
        problem = self.problem(findings, outcome.round)
        if problem is None:
            return outcome
        # Some of the round's edits break the text or make a URI malformed: those that do not,
        # found by halving (their re-read findings are the test).
        self.notices.append(problem)
        return _safe_together(outcome.applied, reading.read,
                              lambda r: _stable(r) and self.problem(findings, r) is None)


def fix(text: str, reader: Reader, *, unsafe: bool = False) -> FixResult:
    """Apply fixes until none is left (at most MAX_ROUNDS rounds)."""
    run = _Run(text, reader)
    fixed = 0
    findings = run.findings(text)
    spans: List[Region] = []  # the candidates of ``text``, once a fix is wanted
    regions: Optional[List[Region]] = None
    for _ in range(MAX_ROUNDS):
        edits = select_edits(findings, unsafe)
        if not edits:
            break
        if regions is None:  # the URIs as the file has them: the only text a fix may touch
            spans = reader.spans(text)
            regions = merge_spans(spans)
        result, applied, _ = run.round(text, findings, _inside(edits, regions),
                                       _Reading(text, regions, spans, reader, run.budget))
        if result is None or result.text == text:
            break
        after = run.findings(result.text)
        fixed += len(findings) - len(after) if len(after) < len(findings) else len(applied)
        text, findings, regions, spans = result.text, after, result.regions, result.spans
    if run.budget.spent:
        run.notices.append(_OVER_BUDGET)
    return FixResult(text, fixed, tuple(dict.fromkeys(run.notices)))  # (each notice once, however many rounds)
