"""A toy file format for tests/scanners/test_toy_format.py: a line "see: URI" names one URI.

It shows what adding a format takes: this module (a scan and a Format record) and one Claim."""

from __future__ import annotations

import re
from typing import List

from urilint.candidate import Candidate
from urilint.scanners.base import HASH_COMMENT, Format
from urilint.settings import Settings

_SEE = re.compile(r"(?m)^see: (\S+)")


def scan(text: str, settings: Settings) -> List[Candidate]:
    return [Candidate.verbatim(text, m.start(1), m.end(1), "value") for m in _SEE.finditer(text)]


FORMAT = Format("toy", scan, suppressions=frozenset({HASH_COMMENT}))
