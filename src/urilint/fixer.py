"""Applying fixes to a text: back to front, overlaps dropped, re-checked until stable, verified.

Pure: text in, text out.  ``fix_text`` never returns a text in which a fix made things worse: a
round whose result has a syntax problem the input did not have (for Python: no longer parses) is
rolled back, ruff's rule for fixes that break the code.
"""

from __future__ import annotations

import ast
import warnings
from collections import Counter
from dataclasses import dataclass
from typing import Callable, List, Sequence, Tuple

from .checker import Edit, FileFinding, check_text
from .settings import Settings

MAX_ROUNDS = 10
Filter = Callable[[str, Sequence[FileFinding]], List[FileFinding]]


@dataclass(frozen=True)
class FixResult:
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


def apply_edits(text: str, edits: Sequence[Edit]) -> str:
    """Apply non-overlapping edits back to front, so earlier offsets stay valid."""
    for start, end, content in sorted(edits, reverse=True):
        text = text[:start] + content + text[end:]
    return text


def _parses(text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        # NUL bytes (ValueError); absurd nesting ("1 + 1 + ..." 200,000 times: RecursionError,
        # "x = ----...1": MemoryError) does not parse either, as far as a fix is concerned.
        return False
    return True


def _worse(before: Sequence[FileFinding], after: Sequence[FileFinding]) -> bool:
    """True when a round created a malformed-URI finding (URI1xx) that was not there before."""
    old = Counter(f.code for f in before if f.code.startswith("URI1"))
    new = Counter(f.code for f in after if f.code.startswith("URI1"))
    return any(new[code] > old[code] for code in new)


def fix_text(text: str, format: str, settings: Settings, *, unsafe: bool = False,
             keep: Filter = lambda text, findings: list(findings)) -> FixResult:
    """Apply fixes until none is left (at most MAX_ROUNDS rounds); ``keep`` drops suppressed ones."""
    fixed = 0
    notices: List[str] = []
    parsed_before = format != "python" or _parses(text)
    findings = keep(text, check_text(text, format, settings))
    for _ in range(MAX_ROUNDS):
        edits = select_edits(findings, unsafe)
        if not edits:
            break
        candidate = apply_edits(text, edits)
        if candidate == text:
            break
        if format == "python" and parsed_before and not _parses(candidate):
            notices.append("a fix was skipped: the module would no longer parse")
            break
        after = keep(candidate, check_text(candidate, format, settings))
        if _worse(findings, after):
            notices.append("a fix was skipped: it would have made a URI malformed")
            break
        fixed += len(findings) - len(after) if len(after) < len(findings) else len(edits)
        text, findings = candidate, after
    return FixResult(text, fixed, tuple(notices))
