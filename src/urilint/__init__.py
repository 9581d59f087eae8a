"""urilint: find malformed, non-normalized and credential-bearing URIs, and fix what is safe."""

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

__version__ = "0.1.0"

__all__ = [
    "SyntaxProblem",
    "URIReference",
    "__version__",
    "is_valid",
    "normalize",
    "parse",
    "remove_dot_segments",
    "resolve",
    "validate",
]
