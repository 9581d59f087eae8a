"""From a file's bytes to the text the scanners read: pure functions, no file I/O.

The caller (files.py, the CLI) reads bytes and calls :func:`is_binary` and :func:`decode`.
A byte-order mark picks the encoding and is stripped (and remembered, so a fixer can write it
back); otherwise the text is UTF-8.  Bytes that are not UTF-8 become U+FFFD, one per byte, so the
rest of the file is still scanned, and their positions are kept so the caller can report them
once.  Line endings are left as they are (offsets must map back to the bytes); the newline style
is reported.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from typing import List, Optional, Tuple

#: How much of the start of a file is searched for NUL (git and grep look at about as much).
BINARY_PROBE = 8192

# Longest first: the UTF-32-LE mark begins with the UTF-16-LE one.
_BOMS: Tuple[Tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
# surrogateescape turns each undecodable byte into one code point U+DC80..U+DCFF, and a valid
# UTF-8 text never decodes to a lone surrogate, so these runs are exactly the bad bytes.
_ESCAPED_BYTES = re.compile("[\udc80-\udcff]+")
_NEWLINES = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class DecodedText:
    """A decoded file: the text scanners read, and what the caller needs to report or write back."""

    text: str  #: decoded, BOM stripped, undecodable bytes replaced by U+FFFD (one per byte)
    encoding: str  #: "utf-8", "utf-16-le", ...
    bom: bytes  #: the byte-order mark that was stripped, or b""
    newline: str  #: "\n", "\r\n", "\r", "mixed" or "" (no line break at all)
    #: (byte offset, text offset, length in bytes) of each run of undecodable bytes
    undecodable: Tuple[Tuple[int, int, int], ...] = ()

    @property
    def first_undecodable(self) -> Optional[Tuple[int, int]]:
        """(byte offset, text offset) of the first undecodable byte, for a one-line notice."""
        return (self.undecodable[0][0], self.undecodable[0][1]) if self.undecodable else None


def is_binary(data: bytes) -> bool:
    """A NUL byte in the first 8 KB means binary, unless a UTF-16/32 byte-order mark says text."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return False
    return b"\0" in data[:BINARY_PROBE]


def newline_style(text: str) -> str:
    """The line ending a text uses: one of "\\n", "\\r\\n", "\\r", or "mixed", or "" for none."""
    if "\r" not in text:
        return "\n" if "\n" in text else ""
    styles = {m.group() for m in _NEWLINES.finditer(text)}
    return styles.pop() if len(styles) == 1 else "mixed"


def decode(data: bytes) -> DecodedText:
    """Decode a file's bytes; never raises."""
    encoding, bom = "utf-8", b""
    for mark, name in _BOMS:
        if data.startswith(mark):
            encoding, bom = name, mark
            break
    body = data[len(bom):]
    if encoding != "utf-8":
        # UTF-16/32 are rare and their bad code units rarer: Python's replacement is enough.
        text = body.decode(encoding, "replace")
        return DecodedText(text, encoding, bom, newline_style(text))
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return _decode_utf8_with_errors(body, bom)
    return DecodedText(text, encoding, bom, newline_style(text))


def _decode_utf8_with_errors(body: bytes, bom: bytes) -> DecodedText:
    escaped = body.decode("utf-8", "surrogateescape")
    runs: List[Tuple[int, int, int]] = []
    parts: List[str] = []
    pos = 0
    byte_pos = len(bom)
    for m in _ESCAPED_BYTES.finditer(escaped):
        good = escaped[pos:m.start()]
        parts.append(good)
        # Count the bytes of the good run since the previous bad one: linear overall.
        byte_pos += len(good.encode("utf-8"))
        runs.append((byte_pos, m.start(), m.end() - m.start()))
        parts.append("\ufffd" * (m.end() - m.start()))
        byte_pos += m.end() - m.start()
        pos = m.end()
    parts.append(escaped[pos:])
    text = "".join(parts)
    return DecodedText(text, "utf-8", bom, newline_style(text), tuple(runs))


def decode_with_cookie(data: bytes) -> Optional[DecodedText]:
    """PEP 263: a coding cookie or BOM decides a Python file's encoding.  None when the general
    :func:`decode` applies (UTF-8, or a cookie that cannot be honoured)."""
    import io
    import tokenize  # only Python files need it: kept off the start-up path

    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except (SyntaxError, LookupError):
        return None
    if encoding in ("utf-8", "utf-8-sig"):
        return None  # the general decoder handles UTF-8 (and reports bad bytes)
    try:
        text = data.decode(encoding)
    except (UnicodeDecodeError, LookupError):
        return None
    return DecodedText(text, encoding, b"", newline_style(text))
