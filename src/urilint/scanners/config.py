"""Config files: YAML, TOML, INI (.cfg, .conf), .env and shell scripts.

The issue's rules, without parsing each grammar in full:
  - a quoted value that starts with a URI is one candidate up to its closing quote on that
    line, spaces and all (``"https://example.com/a b"`` is found whole, then reported);
  - an unquoted value (after ``key:``, ``key=``, ``key =`` or a YAML ``- ``) ends at whitespace
    or at an inline comment, and keeps its trailing punctuation: a program reads all of it;
  - comments are prose (RFC 3986 Appendix C), context "comment"; so is any other text.

A comment starts at ``#`` (``;`` too in INI files) at the start of a line or after whitespace,
outside quotes; ``http://host/#frag`` has no space before its ``#``.
"""

from __future__ import annotations

import re
from typing import List, Tuple

from ..candidate import Candidate
from .base import Format, code_aware
from .text import TEXT, ProseStyle, Spans, scan_prose

CONFIG_VALUES = ProseStyle(values=True)
_LINE = re.compile(r"[^\r\n]+")
_COMMENT_CHARS = {"yaml": "#", "toml": "#", "env": "#", "shell": "#", "ini": "#;"}


def comment_spans(text: str, start: int, end: int, format: str) -> List[Tuple[int, int]]:
    """The comments of ``text[start:end]``: (start of the comment text, end of its line)."""
    chars = _COMMENT_CHARS.get(format, "#")
    spans: List[Tuple[int, int]] = []
    if not any(text.find(c, start, end) >= 0 for c in chars):
        return spans
    for m in _LINE.finditer(text, start, end):
        l0, l1 = m.span()
        if not any(text.find(c, l0, l1) >= 0 for c in chars):
            continue
        k = _comment_start(text, l0, l1, chars)
        if k >= 0:
            spans.append((k + 1, l1))
    return spans


def _comment_start(text: str, l0: int, l1: int, chars: str) -> int:
    """Offset of the comment character that starts a comment on this line, or -1."""
    quote = ""
    prev = " "
    i = l0
    for i in range(l0, l1):
        c = text[i]
        if quote:
            if c == quote and not (quote == '"' and prev == "\\"):
                quote = ""
        elif c in "\"'" and (prev in " \t=:[,{(" or i == l0):
            quote = c  # an apostrophe inside a word ("don't") opens nothing
        elif c in chars and prev in " \t":
            return i
        prev = c
    return -1


def scan_range(text: str, start: int, end: int, format: str, include_code: bool = False) -> List[Candidate]:
    """The candidates of a config text (or of Markdown front matter) in ``text[start:end]``."""
    comments = comment_spans(text, start, end, format)
    out = scan_prose(text, start, end, style=CONFIG_VALUES,
                     excluded=Spans.of((c0 - 1, c1) for c0, c1 in comments) if comments else Spans())
    for c0, c1 in comments:
        for c in scan_prose(text, c0, c1, style=TEXT):
            out.append(Candidate(c.uri, c.start, c.end, "comment", False, c.pieces))
    return out


def scan_yaml(text: str, include_code: bool = False) -> List[Candidate]:
    return scan_range(text, 0, len(text), "yaml", include_code)


def scan_toml(text: str, include_code: bool = False) -> List[Candidate]:
    return scan_range(text, 0, len(text), "toml", include_code)


def scan_ini(text: str, include_code: bool = False) -> List[Candidate]:
    return scan_range(text, 0, len(text), "ini", include_code)


def scan_env(text: str, include_code: bool = False) -> List[Candidate]:
    return scan_range(text, 0, len(text), "env", include_code)


def scan_shell(text: str, include_code: bool = False) -> List[Candidate]:
    return scan_range(text, 0, len(text), "shell", include_code)


YAML = Format("yaml", code_aware(scan_yaml))
TOML = Format("toml", code_aware(scan_toml))
INI = Format("ini", code_aware(scan_ini))
ENV = Format("env", code_aware(scan_env))
SHELL = Format("shell", code_aware(scan_shell))
