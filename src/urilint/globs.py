"""Shell-style globs as ``fnmatch.fnmatchcase`` reads them, without a regular expression for
the common ones.

Every glob urilint matches goes through here: file names against format claims, role paths
and excludes ("*.min.js", "test_*.py", ".env.*"), hosts against documentation, example and
webhook hosts and ``ignore-hosts``, URIs against ``ignore-uris``.  fnmatch compiles a pattern
for each (16 of them were 1.5 ms of a Markdown check's start-up).  A glob whose only wildcard is
"*" is a sequence of literal parts, and matching it is a few string tests; any other glob goes
to fnmatch.
"""

from __future__ import annotations

import fnmatch


def match(name: str, pattern: str) -> bool:
    """``fnmatch.fnmatchcase(name, pattern)``: case-sensitive, and "*" matches any text ("/"
    included)."""
    if "?" in pattern or "[" in pattern:
        return fnmatch.fnmatchcase(name, pattern)
    if "*" not in pattern:
        return name == pattern
    parts = pattern.split("*")
    first, last = parts[0], parts[-1]
    if len(name) < len(first) + len(last) or not name.startswith(first) or not name.endswith(last):
        return False
    # The middle parts in order, each as early as it can be: leftmost matches leave the most
    # room for the rest, so this finds a match whenever one exists.
    pos, end = len(first), len(name) - len(last)
    for part in parts[1:-1]:
        found = name.find(part, pos, end)
        if found == -1:
            return False
        pos = found + len(part)
    return True
