"""A finding: what one rule says about one URI, with offsets inside that URI."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

APPLICABILITIES = ("safe", "unsafe", "display-only")


@dataclass(frozen=True)
class Finding:
    code: str  #: "URI101"
    name: str  #: "invalid-character"
    message: str  #: one line; never contains a secret
    start: int  #: offset of the offending part within the checked text
    end: int
    fix: Optional[str] = None  #: the whole URI after the rule's correction
    applicability: str = "display-only"  #: of the fix: "safe", "unsafe" or "display-only"
