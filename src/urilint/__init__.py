"""urilint: find malformed, non-normalized and credential-bearing URIs, and fix what is safe."""

from .candidate import Candidate
from .checker import check
from .finding import Finding
from .rfc3986 import (
    SyntaxProblem,
    URIReference,
    is_valid,
    normalize,
    parse,
    remove_dot_segments,
    resolve,
    validate,
)
from .scanners import extract, format_for_path
from .settings import Settings

__version__ = "0.1.0"

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
