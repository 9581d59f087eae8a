"""No pattern repeats a group whose alternatives match one character at a time.

``<((?:[^<>\\\\]|\\\\.)*)>`` reads a 150 KB ``<data:...>`` link destination by pushing a
backtracking frame per character: 24.6 MiB and 17 ms for one match, which was the peak memory of
a whole ``urilint check`` of the docs corpus (issue 16).  The unrolled form
``<([^<>\\\\]*(?:\\\\.[^<>\\\\]*)*)>`` matches the same strings with a frame per escape: no memory,
26 times faster.  This test parses every module-level pattern of the package and fails on the
first shape, so the class cannot come back."""

from __future__ import annotations

import importlib
import pkgutil
import re
import sys
from typing import Any, Iterator, List

import pytest

import urilint
from urilint.rfc3986 import lazy

if sys.version_info >= (3, 11):
    from re import _parser as sre_parse
else:  # pragma: no cover - the parser's older name
    import sre_parse

SINGLE = {"IN", "LITERAL", "NOT_LITERAL", "ANY", "CATEGORY"}
REPEATS = {"MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"}


def _items(parsed: Any) -> Iterator[Any]:
    for op, av in parsed:
        yield op, av
        name = str(op)
        if name in REPEATS:
            yield from _items(av[2])
        elif name == "SUBPATTERN":
            yield from _items(av[-1])
        elif name == "BRANCH":
            for alternative in av[1]:
                yield from _items(alternative)
        elif name in {"ASSERT", "ASSERT_NOT"}:
            yield from _items(av[1])


def _alternatives(body: Any) -> List[Any]:
    """The alternatives a repeated body chooses between at its top (empty: no choice)."""
    items = list(body)
    while len(items) == 1 and str(items[0][0]) == "SUBPATTERN":
        items = list(items[0][1][-1])
    if len(items) == 1 and str(items[0][0]) == "BRANCH":
        return list(items[0][1][1])
    return []


def per_character_choices(pattern: str, flags: int = 0) -> List[str]:
    found = []
    for op, av in _items(sre_parse.parse(pattern, flags)):
        if str(op) in REPEATS and av[1] == sre_parse.MAXREPEAT:
            for alternative in _alternatives(av[2]):
                items = list(alternative)
                if len(items) == 1 and str(items[0][0]) in SINGLE:
                    found.append(str(op))
    return found


def _patterns() -> Iterator[Any]:
    for info in pkgutil.walk_packages(urilint.__path__, "urilint."):
        if info.name.endswith("__main__"):
            continue
        for attr, value in vars(importlib.import_module(info.name)).items():
            values = value.values() if isinstance(value, dict) else [value]
            for v in values:
                if isinstance(v, (lazy._Lazy, re.Pattern)) and isinstance(v.pattern, str):
                    yield pytest.param(v.pattern, v.flags, id=f"{info.name}.{attr}")


@pytest.mark.parametrize(("pattern", "flags"), list(_patterns()))
def test_no_repeated_per_character_choice(pattern: str, flags: int) -> None:
    assert per_character_choices(pattern, flags & ~re.UNICODE) == []


@pytest.mark.parametrize(("pattern", "flagged"), [
    pytest.param(r"<((?:[^<>\\]|\\.)*)>", True, id="class-or-escape"),
    pytest.param(r'"(?:[^"\\]|\\[\s\S])*"', True, id="quoted-string"),
    pytest.param(r"(?:a|bc)+", True, id="literal-alternative"),
    pytest.param(r"<([^<>\\]*(?:\\.[^<>\\]*)*)>", False, id="unrolled"),
    pytest.param(r"(?:ab|cd)*", False, id="multi-character-alternatives"),
    pytest.param(r"(?:[^`\\]|\\.)x", False, id="not-repeated"),
    pytest.param(r"(?:a|b){0,3}", False, id="bounded"),
])
def test_the_check_knows_the_shape(pattern: str, flagged: bool) -> None:
    assert bool(per_character_choices(pattern)) is flagged


@pytest.mark.parametrize(("slow", "unrolled", "text"), [
    pytest.param(r"<((?:[^<>\\\r\n]|\\[^\r\n])*)>", r"<([^<>\\\r\n]*(?:\\[^\r\n][^<>\\\r\n]*)*)>",
                 "<a\\>b\\\\c d>e>", id="pointy"),
    pytest.param(r'"((?:[^"\\]|\\[\s\S])*)"', r'"([^"\\]*(?:\\[\s\S][^"\\]*)*)"', '"a\\"b\\\n c" d"', id="title"),
    pytest.param(r"""<a((?:[^<>"']|"[^"]*"|'[^']*')*)>""", r"""<a([^<>"']*(?:(?:"[^"]*"|'[^']*')[^<>"']*)*)>""",
                 """<a href="x>y" b='<'>z>""", id="tag"),
    pytest.param(r"""-+ (?:"((?:\\"|[^"\r\n])+?)")[ \t]*$""", r"""-+ (?:"((?!")[^"\r\n]*(?:\\"[^"\r\n]*)*)")[ \t]*$""",
                 '-- "a\\"b"c\\\\" \n-- ""\n-- "x\\" "', id="snippet-line"),
    pytest.param(r"\+(?:[ \t\r\n]|\\\r?\n)*\Z", r"\+[ \t\r\n]*(?:\\\r?\n[ \t\r\n]*)*\Z", "a + \\\n  \\\n", id="continuation"),
])
def test_an_unrolled_pattern_matches_what_the_loop_did(slow: str, unrolled: str, text: str) -> None:
    for start in range(len(text)):
        for end in range(start, len(text) + 1):
            a, b = re.compile(slow, re.M).match(text, start, end), re.compile(unrolled, re.M).match(text, start, end)
            assert (a and (a.span(), a.groups())) == (b and (b.span(), b.groups())), (start, end)
