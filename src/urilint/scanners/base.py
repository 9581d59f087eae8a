"""The shape of a file format: one :class:`Format` record per format, exported by its module.

A format says how to find the URIs of a text (``scan``) and, optionally, everything else the
pipeline must do differently for it: how its bytes are decoded, why a text cannot be checked at
all, whether a text is still well-formed after fixes, how a fixed URI is written back through
its escapes, and which suppression comments it honours.  Code regions (fences, literal blocks,
doctests) are marked by the scan itself, on each candidate (``Candidate.in_code``).

Nothing outside a format's own module tests for its name: the pipeline asks the record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, FrozenSet, List, Optional

from ..candidate import Candidate
from ..finding import Edit
from ..settings import Settings
from .decoding import DecodedText

Scan = Callable[[str, Settings], List[Candidate]]

#: Suppression comment syntaxes (urilint.suppress implements each).
NOQA = "noqa"  #: Python's ``# noqa[: CODES]``, mapped to lines exactly as flake8 maps them
HASH_COMMENT = "hash-comment"  #: a trailing ``# urilint: ignore[CODES]``
HTML_COMMENT = "html-comment"  #: ``<!-- urilint-disable[-next-line|-file] CODES -->`` ... ``enable``


@dataclass(frozen=True)
class Format:
    """Everything urilint needs to know about one file format."""

    name: str
    #: Every URI candidate of a text, sorted by position or not (the pipeline sorts).
    scan: Scan
    #: The suppression comment syntaxes this format honours.
    suppressions: FrozenSet[str] = frozenset({HASH_COMMENT})
    #: Decode a file's bytes when the format has its own rule (a coding cookie); None: the
    #: general decoder (BOM, else UTF-8) applies.
    decode: Optional[Callable[[bytes], Optional[DecodedText]]] = None
    #: Why a text cannot be checked at all (one line), or None when it can.
    precheck: Optional[Callable[[str], Optional[str]]] = None
    #: Whether a text is still well-formed in this format (a fixed module must still parse);
    #: checked only when the text was well-formed before the fixes.
    well_formed: Optional[Callable[[str], bool]] = None
    #: The source edit that makes a candidate read through escapes read ``new_uri``; None when
    #: it cannot be written exactly.  Without it the pipeline tries a minimal, verified edit.
    fix_edit: Optional[Callable[[str, Candidate, str], Optional[Edit]]] = None
    #: Candidate contexts whose text is a program's value (a string literal): a fix there
    #: changes what the program does, so it is at most unsafe (ruff's rule).
    program_contexts: FrozenSet[str] = frozenset()
    #: Documents whose relative links name files of their tree (Markdown, reST, HTML): the link
    #: rules (URI4xx) resolve them.
    links: bool = False


def code_aware(scan: Callable[[str, bool], List[Candidate]]) -> Scan:
    """A format's scan from a scanner that takes only ``include_code`` from the settings."""

    def run(text: str, settings: Settings) -> List[Candidate]:
        return scan(text, settings.include_code_blocks)

    return run
