"""urilint: find malformed, non-normalized and credential-bearing URIs, and fix what is safe.

The public names below are loaded on first use (PEP 562): ``import urilint`` and the command
line start without building the grammar, the rules and the scanners that a run may not need.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Dict

__version__ = "0.1.0"

#: Public name -> the module that defines it.
_HOMES: Dict[str, str] = {
    "Candidate": ".candidate",
    "check": ".checker",
    "Finding": ".finding",
    "SyntaxProblem": ".rfc3986",
    "URIReference": ".rfc3986",
    "is_valid": ".rfc3986",
    "normalize": ".rfc3986",
    "parse": ".rfc3986",
    "remove_dot_segments": ".rfc3986",
    "resolve": ".rfc3986",
    "validate": ".rfc3986",
    "extract": ".scanners",
    "format_for_path": ".scanners",
    "Settings": ".settings",
}

__all__ = [
    "Candidate",
    "Finding",
    "Settings",
    "SyntaxProblem",
    "URIReference",
    "__version__",
    "check",
    "extract",
    "format_for_path",
    "is_valid",
    "normalize",
    "parse",
    "remove_dot_segments",
    "resolve",
    "validate",
]

if TYPE_CHECKING:  # pragma: no cover - for type checkers and editors only
    from .candidate import Candidate
    from .checker import check
    from .finding import Finding
    from .rfc3986 import SyntaxProblem, URIReference, is_valid, normalize, parse, remove_dot_segments, resolve, validate
    from .scanners import extract, format_for_path
    from .settings import Settings


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'urilint' has no attribute {name!r}")
    value = getattr(importlib.import_module(home, __name__), name)
    globals()[name] = value  # the next look-up is a plain global
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])
