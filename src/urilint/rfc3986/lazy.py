"""Regular expressions compiled on their first use.

A ``urilint check`` of one small file compiled about 130 module-level patterns at import (16 to
26 ms, a fifth of a commit hook's run) and used about 15 of them: the secret, placeholder,
suppression and scanner patterns for shapes the file does not hold are never matched.
:func:`compile` returns an object that compiles on its first attribute access and then holds the
compiled pattern's methods as its own attributes, so every later ``P.search(...)`` is one
instance-dictionary look-up, as cheap as on a compiled pattern.

This module lives in the core because the core imports nothing else from the package and every
other part may import the core.
"""

from __future__ import annotations

import re
import sys
from typing import Any, cast

#: "+" where ``re`` has possessive quantifiers (Python 3.11 and later), else "".  Put after a
#: quantifier only where giving characters back can never help a match, so the pattern matches
#: the same texts on every version; where it is "+", a text that fails, fails at once instead of
#: backtracking through every earlier quantifier.
POSSESSIVE = "+" if sys.version_info >= (3, 11) else ""

#: What the object takes over from the compiled pattern on first use.
_TAKEN = ("match", "fullmatch", "search", "finditer", "findall", "sub", "subn", "split",
          "scanner", "groupindex", "groups")


class _Lazy:
    """A pattern's source and flags; compiles when something else is first asked of it."""

    def __init__(self, pattern: str, flags: int) -> None:
        # ``pattern`` and ``flags`` are plain attributes: composing a larger pattern from
        # ``P.pattern`` does not compile ``P``.
        self.pattern = pattern
        self.flags = flags

    def __getattr__(self, name: str) -> Any:
        # Only called for names not yet set on the instance, so at most once per name in _TAKEN.
        if name.startswith("__"):
            raise AttributeError(name)
        compiled = re.compile(self.pattern, self.flags)
        for taken in _TAKEN:
            setattr(self, taken, getattr(compiled, taken))
        self.flags = compiled.flags  # as re reports them (with re.UNICODE added for str)
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r})"


def compile(pattern: str, flags: int = 0) -> "re.Pattern[str]":  # noqa: A001 - re.compile's name
    """``re.compile(pattern, flags)``, done on first use.  Typed as a pattern: callers use the
    methods of ``re.Pattern`` (not ``isinstance`` and not the ``re`` module's functions)."""
    return cast("re.Pattern[str]", _Lazy(pattern, flags))
