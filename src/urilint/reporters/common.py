"""What several output formats share: levels, safe display of untrusted text, the summary.

Everything a report shows comes from the files being checked (paths, lines, URIs), so every
format treats it as hostile: a control character must not move a terminal's cursor, a lone
surrogate (a path with non-UTF-8 bytes, decoded with ``surrogateescape``) must not make the
output unwritable, and nothing may break the framing of the format around it.
"""

from __future__ import annotations

import json
import re
from typing import Any, Optional, Tuple

from ..report import PlacedEdit, Report, RunResult, mask_line
from ..rules import BY_CODE, RULES

# C0 controls, DEL and C1 controls: the characters a terminal or a log viewer acts upon.
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")
# Bidirectional formatting characters reorder what a terminal shows ("Trojan Source",
# CVE-2021-42574): never passed through.
_BIDI = re.compile(r"[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# A code point that UTF-8 cannot encode: what surrogateescape leaves for an undecodable byte.
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def level(code: str) -> str:
    """The SARIF level of a rule code ("error", "warning" or "note"): the rule's severity."""
    rule = BY_CODE.get(code)
    return rule.severity if rule is not None else "error"


def rule_index(code: str) -> Optional[int]:
    for i, rule in enumerate(RULES):
        if rule.code == code:
            return i
    return None


def _escape_char(c: str) -> str:
    n = ord(c)
    if 0xDC80 <= n <= 0xDCFF:  # an undecodable byte, as surrogateescape keeps it
        return f"\\x{n - 0xDC00:02x}"
    if n <= 0xFF:
        return f"\\x{n:02x}"
    return f"\\u{n:04x}"


def printable(text: str, *, keep: str = "\t") -> str:
    """``text`` with controls (but those in ``keep``), bidirectional formatting characters and
    lone surrogates written as backslash escapes (``\\x1b``), for one-line display of paths and
    messages."""

    def one(m: "re.Match[str]") -> str:
        c = m.group()
        return c if c in keep else _escape_char(c)

    return _UNSAFE.sub(one, text)


def picture(text: str) -> str:
    """``text`` with each control shown as one visible character, keeping every column where it
    was (for a source line with a caret under it): C0 controls and DEL become their Unicode
    Control Pictures (U+2400 block); C1 controls, bidirectional formatting characters and lone
    surrogates become U+FFFD.  Tabs stay."""

    def one(c: str) -> str:
        n = ord(c)
        if n < 0x20:
            return chr(0x2400 + n)
        if n == 0x7F:
            return "\u2421"
        return "\ufffd"

    text = _CONTROL.sub(lambda m: one(m.group()), text)
    text = _BIDI.sub("\ufffd", text)
    return _SURROGATE.sub("\ufffd", text)


def dumps(value: Any) -> str:
    """Stable, readable JSON (sorted keys, indent 2, UTF-8 text) that can always be written:
    a lone surrogate, which UTF-8 cannot encode, is written as its ``\\uXXXX`` escape, which
    json.loads reads back to the same string."""
    text = json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)
    # Outside strings JSON text is ASCII, so every surrogate here sits inside a string.
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n"


def edits(report: Report) -> Tuple[PlacedEdit, ...]:
    """The report's fix, or nothing when its text would show a secret.

    The checker never offers a fix for a URI holding a secret; this is the second net, so that
    no output format can print one through a fix's replacement text."""
    if any(mask_line(e.content) != e.content for e in report.edits):
        return ()
    return report.edits


def is_fixable(report: Report) -> bool:
    """Whether ``--fix`` applies this report's fix."""
    return report.applicability == "safe" and bool(edits(report))


def is_unsafe_fixable(report: Report) -> bool:
    """Whether only ``--unsafe-fixes`` applies it."""
    return report.applicability == "unsafe" and bool(edits(report))


def plural(n: int, word: str, words: Optional[str] = None) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {words or word + 's'}"


def summary(result: RunResult) -> str:
    """The closing lines, as ruff writes them: what was found, fixed, and what --fix would do.

    "All checks passed!" only when every file asked for was checked: a path that does not exist,
    a file that cannot be read, or a run that checked nothing says so instead."""
    remaining = len(result.reports)
    failed = sum(1 for e in result.errors if e.fatal)
    unchecked = f"{plural(failed, 'file')} could not be checked or fixed." if failed else ""
    if remaining == 0 and result.fixed == 0:
        if failed:
            return f"No findings, but {unchecked}"
        return "All checks passed!" if result.files_checked else "No files were checked."
    if result.fixed:
        lines = [f"Found {plural(remaining + result.fixed, 'error')} "
                 f"({result.fixed} fixed, {remaining} remaining)."]
    else:
        lines = [f"Found {plural(remaining, 'error')}."]
    fixable = sum(1 for r in result.reports if is_fixable(r))
    unsafe = sum(1 for r in result.reports if is_unsafe_fixable(r))
    if fixable:
        lines.append(f"[*] {fixable} fixable with --fix.")
    if unsafe:
        lines.append(f"{plural(unsafe, 'unsafe fix', 'unsafe fixes')} available with --unsafe-fixes.")
    if unchecked:
        lines.append(unchecked)
    return "\n".join(lines)
