"""The shape of a link rule: a rule's documentation, with examples that carry their own tree.

A per-URI rule (:class:`urilint.rules.base.Rule`) judges a URI alone; a link rule judges a URI
together with the files around it, so each example names the document it is written in and
the tree it resolves against.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional, Tuple

from ..finding import Finding


@dataclass(frozen=True)
class LinkExample:
    """One documented link: for a bad one, the fix it must offer (None: no fix)."""

    link: str  #: the reference as written in ``document``
    files: Tuple[Tuple[str, str], ...]  #: the tree: (repository path, text) pairs
    document: str = "README.md"  #: where the link is written (need not be in ``files``)
    fix: Optional[str] = None

    @property
    def tree(self) -> Mapping[str, str]:
        return dict(self.files)


@dataclass(frozen=True)
class LinkRule:
    code: str
    name: str
    summary: str  #: one line, shown by `urilint rules`
    reference: str  #: the spec section it enforces
    fix_safety: str  #: "safe", "unsafe", "display-only" or "none"
    default: bool  #: on when nothing is selected
    doc: str  #: What it does / Why is this bad / Example / Fix safety
    bad: Tuple[LinkExample, ...]  #: must fire (with the fix, if any)
    good: Tuple[LinkExample, ...]  #: must not fire

    def finding(self, start: int, end: int, message: str, fix: Optional[str] = None) -> Finding:
        """A finding of this rule; a fix carries the rule's safety, no fix is display-only."""
        applicability = self.fix_safety if fix is not None else "display-only"
        return Finding(self.code, self.name, message, start, end, fix, applicability)
