"""Applying fixes to a text: back to front, overlaps dropped, re-checked until stable, verified.

Pure: text in, text out; the pipeline hands in how to read a text again (:class:`Reader`).
``fix`` never returns a text in which a fix made things worse: a
round whose result has a syntax problem the input did not have (for Python: no longer parses) is
rolled back, ruff's rule for fixes that break the code.

A fix changes only the bytes of the URIs the first scan found ("regions", followed through the
edits made), and must leave the rest of the text reading as before.  A fix may change where a
re-read URI ends ("[" percent-encoded changes which "]" balances, so the URI would swallow text
after it), or how the text after it reads (a trailing "\\" that escaped a backtick, encoded,
opens a code span): such a fix is dropped with a notice, and no edit outside the regions is ever
applied.  Both found by fuzzing, as fixes that were neither confined to the URI nor idempotent.
"""

from __future__ import annotations

from bisect import bisect_right
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


class _Round(NamedTuple):
    """A round's edits applied: the text, the regions followed, the re-read candidates' spans,
    the regions a re-read URI now reaches past, and whether the rest of the text reads
    differently (a URI appeared, vanished or moved outside the regions: a backslash that
    escaped a backtick, percent-encoded, opens a code span)."""

    text: str
    regions: List[Region]
    spans: List[Region]
    bad: Set[int]
    moved: bool


def _apply_round(text: str, edits: List[Edit], regions: List[Region], others: List[Region],
                 reader: Reader) -> _Round:
    new_text = apply_edits(text, edits)
    new_regions = _follow(regions, edits)
    spans = reader.spans(new_text)
    moved = merge_spans(_outside(spans, new_regions)) != _follow(others, edits)
    return _Round(new_text, new_regions, spans, _sticking_out(new_regions, spans), moved)


#: How many times one fix run may read an edited text (a scan of the file each).  A run whose
#: rounds read stable reads it once a round; finding which edits are safe together takes more
#: (see _safe_together).  Beyond it, the edits not yet found safe are not applied: an HTML file
#: of 1,000 links whose fixes each end another line's tag would otherwise be read once per
#: edit in each round, quadratic in the fixes.
MAX_READS = 64
_OVER_BUDGET = f"some fixes were not applied: checking them would read the file over {MAX_READS} times"
_CHANGES_AROUND = "a fix was skipped: it would have changed how the text around a URI reads"


class _Budget:
    """The reads of an edited text left to one fix run."""

    def __init__(self, reads: int) -> None:
        self.left = reads
        self.spent = False  #: a read was refused

    def take(self) -> bool:
        if self.left <= 0:
            self.spent = True
            return False
        self.left -= 1
        return True


def _stable(result: _Round) -> bool:
    return not result.bad and not result.moved


class _Outcome(NamedTuple):
    """A round's outcome: the round (None when no edit is left), the edits applied, and those
    found to change how the text reads (the others not applied were not found safe in time)."""

    round: Optional[_Round]
    applied: List[Edit]
    culprits: List[Edit]


def _stable_round(text: str, edits: List[Edit], regions: List[Region], spans: List[Region],
                  reader: Reader, budget: _Budget) -> _Outcome:
    """Apply ``edits`` (``spans``: the candidates of ``text``), dropping those after which a
    re-read URI would reach past its region or the text outside the regions would read
    differently."""
    others = merge_spans(_outside(spans, regions))
    starts = [r[0] for r in regions]

    def read(group: List[Edit]) -> Optional[_Round]:
        return _apply_round(text, group, regions, others, reader) if budget.take() else None

    wanted = edits
    culprits: List[Edit] = []
    result = read(edits)
    while result is not None and not _stable(result):
        kept = [e for e in edits if bisect_right(starts, e[0]) - 1 not in result.bad]
        if not result.bad or len(kept) == len(edits):
            # No edit is in a region a URI now reaches past, or the rest of the text reads
            # differently: an edit elsewhere changed how the text reads (encoding a "<" in one
            # HTML attribute ends a tag another line opened), and the edits dropped so far may
            # not have been the cause.  (Dropping none would try the same edits forever.)
            return _safe_together(edits if not result.bad else wanted, read)
        culprits += [e for e in edits if bisect_right(starts, e[0]) - 1 in result.bad]
        edits = kept
        result = read(edits) if edits else None
    return _Outcome(result, edits if result is not None else [], culprits)


def _safe_together(edits: List[Edit], read: Callable[[List[Edit]], Optional[_Round]]) -> _Outcome:
    """Edits that read stable together, found by halving (group testing): a group that reads
    stable is kept whole, another is split in two, a single edit that does not is a culprit;
    then the groups kept are tried together, else the largest alone.  ``edits`` as a whole do
    not read stable; ``read`` gives None once the run's reads are spent."""
    kept: List[Tuple[List[Edit], _Round]] = []
    culprits: List[Edit] = []
    queue = deque(_halves(edits))
    while queue:
        group = queue.popleft()
        result = read(group)
        if result is None:
            break
        if _stable(result):
            kept.append((group, result))
        elif len(group) > 1:
            queue.extend(_halves(group))
        else:
            culprits += group
    if len(edits) == 1:
        culprits = list(edits)
    if not kept:
        return _Outcome(None, [], culprits)
    if len(kept) > 1:
        union = sorted(e for group, _ in kept for e in group)
        result = read(union)
        if result is not None and _stable(result):
            return _Outcome(result, union, culprits)
    group, result = max(kept, key=lambda k: len(k[0]))
    return _Outcome(result, group, culprits)


def _halves(edits: List[Edit]) -> List[List[Edit]]:
    mid = len(edits) // 2
    return [edits[:mid], edits[mid:]] if mid else []


def fix(text: str, reader: Reader, *, unsafe: bool = False) -> FixResult:
    """Apply fixes until none is left (at most MAX_ROUNDS rounds)."""
    fixed = 0
    notices: List[str] = []
    well_formed_before = reader.well_formed is None or reader.well_formed(text)
    findings = reader.findings(text)
    spans: List[Region] = []  # the candidates of ``text``, once a fix is wanted
    regions: Optional[List[Region]] = None
    budget = _Budget(MAX_READS)
    refused: Set[int] = set()  # (indexes of) the regions whose fix changed how the text reads
    for _ in range(MAX_ROUNDS):
        edits = select_edits(findings, unsafe)
        if not edits:
            break
        if regions is None:  # the URIs as the file has them: the only text a fix may touch
            spans = reader.spans(text)
            regions = merge_spans(spans)
        starts = [r[0] for r in regions]
        tried = [e for e in _inside(edits, regions) if bisect_right(starts, e[0]) - 1 not in refused]
        if not tried:
            break
        result, edits, culprits = _stable_round(text, tried, regions, spans, reader, budget)
        refused.update(bisect_right(starts, e[0]) - 1 for e in culprits)
        if len(edits) < len(tried):
            notices.append(_OVER_BUDGET if budget.spent else _CHANGES_AROUND)
        if result is None or result.text == text:
            break
        candidate = result.text
        if reader.well_formed is not None and well_formed_before and not reader.well_formed(candidate):
            notices.append("a fix was skipped: the text would no longer parse")
            break
        after = reader.findings(candidate)
        if _worse(findings, after):
            notices.append("a fix was skipped: it would have made a URI malformed")
            break
        fixed += len(findings) - len(after) if len(after) < len(findings) else len(edits)
        text, findings, regions, spans = candidate, after, result.regions, result.spans
    return FixResult(text, fixed, tuple(dict.fromkeys(notices)))  # (each notice once, however many rounds)
