"""RFC 3986, exactly: validation, splitting, normalization and resolution.  Pure, no I/O."""

from .normalize import normalize
from .reference import URIReference, parse
from .resolve import remove_dot_segments, resolve
from .validate import RULES, SyntaxProblem, is_valid, validate

__all__ = [
    "RULES",
    "SyntaxProblem",
    "URIReference",
    "is_valid",
    "normalize",
    "parse",
    "remove_dot_segments",
    "resolve",
    "validate",
]
