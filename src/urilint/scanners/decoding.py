"""From a file's bytes to the text the scanners read: pure functions, no file I/O.

The caller (files.py, the CLI) reads bytes and calls :func:`binary_reason` (or
:func:`is_binary`) and :func:`decode`.  A file is binary by its name (the tables of ``identify``,
the library pre-commit uses to tell text from binary) or by its content (a NUL byte, a known
binary signature, or many control bytes near the start); a UTF-16/32 byte-order mark says text.
A byte-order mark picks the encoding and is stripped (and remembered, so a fixer can write it
back); otherwise the text is UTF-8, unless it is not and the file declares another encoding
that reads all of it (an XML declaration, an HTML ``<meta charset>``, or a coding cookie in its
first two lines: :func:`declared_encoding`).  Bytes that are not UTF-8 become U+FFFD, one per byte, so the
rest of the file is still scanned, and their positions are kept so the caller can report them
once.  Line endings are left as they are (offsets must map back to the bytes); the newline style
is reported.
"""

from __future__ import annotations

import codecs
from typing import List, NamedTuple, Optional, Tuple

from ..rfc3986 import lazy

#: How much of the start of a file the content checks read (git and grep look at about as much).
BINARY_PROBE = 8192

#: Leading bytes of binary formats whose first 8 KB may hold no NUL byte: a PDF (and an Adobe
#: Illustrator file, which is one) starts with kilobytes of XMP text before its compressed
#: streams, and the other headers carry no zero byte.  Only marks no text file starts with.
_SIGNATURES: Tuple[Tuple[bytes, str], ...] = (
    (b"%PDF-", "PDF"),
    (b"\x89PNG\r\n\x1a\n", "PNG"),
    (b"GIF87a", "GIF"),
    (b"GIF89a", "GIF"),
    (b"\xff\xd8\xff", "JPEG"),
    (b"PK\x03\x04", "zip"),  # also jar, wheel, docx, odt, epub, apk
    (b"PK\x05\x06", "zip"),  # an empty zip
    (b"\x1f\x8b", "gzip"),
    (b"(\xb5/\xfd", "zstd"),
    (b"7z\xbc\xaf\x27\x1c", "7-Zip"),
    (b"Rar!\x1a\x07", "RAR"),
    (b"wOFF", "WOFF"),
    (b"wOF2", "WOFF2"),
    (b"SQLite format 3\x00", "SQLite"),
    (b"\x7fELF", "ELF"),
    (b"\xca\xfe\xba\xbe", "Java class or Mach-O"),
    (b"\xcf\xfa\xed\xfe", "Mach-O"),
    (b"\xce\xfa\xed\xfe", "Mach-O"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "OLE2 (old Office)"),
)
_SIGNATURE_STARTS = tuple(mark for mark, _ in _SIGNATURES)

#: Control bytes no text file uses on purpose: libmagic's and identify's "not text" set without
#: NUL (tested on its own), so BEL, BS, TAB, LF, VT, FF, CR and ESC (terminal colours) are text.
_CONTROL_BYTES = bytes(range(0x01, 0x07)) + bytes(range(0x0E, 0x1B)) + bytes(range(0x1C, 0x20)) + b"\x7f"
#: Compressed or encrypted bytes are about 10% control bytes, spread over all 25 values; text has
#: none, a stray few (a pasted ^A, a DEL), or one or two used on purpose and repeated (Vim
#: keymaps are full of ^V, some data files separate fields with ^A).  Binary: more than 1/32 (3%)
#: of the probe, at least 8 of them, of at least 4 different values.
_CONTROL_SHARE = 32
_CONTROL_MIN = 8
_CONTROL_KINDS = 4

#: Compiled Python (bytecode, and .pyd extension modules), which identify (2.6) gives no tag:
#: Python 2 leaves its .pyc files next to their sources, outside __pycache__.
_BINARY_SUFFIXES = (".pyc", ".pyo", ".pyd")

# A UTF-16/32 text is full of NUL and control bytes (the high byte of every ASCII or Cyrillic
# character): its byte-order mark says text before any content check.
_WIDE_BOMS = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)

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
_ESCAPED_BYTES = lazy.compile("[\udc80-\udcff]+")
_NEWLINES = lazy.compile(r"\r\n|\r|\n")
#: Where a file names its encoding (read in its first bytes, as bytes): an XML declaration (XML
#: 1.0 section 4.3.3), an HTML ``<meta charset>`` or ``http-equiv`` content type (WHATWG's
#: prescan reads the first 1024 bytes), or an Emacs, vim or PEP 263 cookie in the first two
#: lines ("-*- coding: latin-1 -*-", "vim: set fileencoding=latin1", ".. -*- encoding: latin2 -*-").
_DECLARATIONS = (
    rb"""[ \t\r\n]*<\?xml[^>]*?[ \t\r\n]encoding[ \t\r\n]*=[ \t\r\n]*["']([A-Za-z][\w.:-]*)["']""",
    rb"""(?i)<meta[^>]*?charset[ \t\r\n]*=[ \t\r\n]*["']?([A-Za-z][\w.:-]*)""",
)
_COOKIE = rb"coding[:=][ \t]*([-\w.]+)"
#: The bytes searched for a declaration.
_DECLARATION_PROBE = 1024


class DecodedText(NamedTuple):
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


def is_binary(data: bytes, name: str = "") -> bool:
    """Whether a file is binary, by its ``name`` (when given) or its content; see :func:`binary_reason`."""
    return binary_reason(data, name) is not None


def binary_reason(data: bytes, name: str = "") -> Optional[str]:
    """Why a file is binary ("NUL byte at byte 12", "PDF signature", "*.png"), or None for text.

    ``name`` is the file's base name; pass "" when the name must not decide (a format urilint
    reads by name is text whatever identify says).  Only the first :data:`BINARY_PROBE` bytes
    are read."""
    return (binary_name(name) if name else None) or binary_content(data) or _raw_bytes(data, name)


def _raw_bytes(data: bytes, name: str) -> Optional[str]:
    """``"*.bin"`` for a ".bin" file that is not UTF-8: the generic name of raw bytes (a test's
    few bytes of compressed data, too short for the content test to tell), which identify gives
    no tag.  A ".bin" that is UTF-8 is read (cyclonedx-bom's XML and JSON test snapshots)."""
    if not name.lower().endswith(".bin"):
        return None
    try:
        data[:BINARY_PROBE].decode("utf-8")
    except UnicodeDecodeError as e:
        if e.start < BINARY_PROBE - 3:  # (not a character the probe's end cut in two)
            return "*.bin"
    return None


def binary_name(name: str) -> Optional[str]:
    """``"*.pdf"`` when the file name alone says binary (identify's tables), else None."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    lowered = base.lower()
    if lowered.endswith(_BINARY_SUFFIXES):
        return "*" + lowered[lowered.rfind("."):]
    # Imported here: a run that reads only formats urilint claims by name never needs it.
    from identify.identify import BINARY, tags_from_filename

    if BINARY not in tags_from_filename(base):
        return None
    dot = lowered.rfind(".")
    return "*" + lowered[dot:] if dot > 0 else base


def binary_content(data: bytes) -> Optional[str]:
    """Why the first 8 KB of ``data`` are not text, or None.  A UTF-16/32 byte-order mark says
    text; then a NUL byte (as git decides), a known binary signature, or many control bytes
    (compressed data without a NUL) say binary."""
    if data.startswith(_WIDE_BOMS):
        return None
    probe = data[:BINARY_PROBE]
    nul = probe.find(b"\0")
    if nul >= 0:
        return f"NUL byte at byte {nul}"
    if probe.startswith(_SIGNATURE_STARTS):
        return next(f"{kind} signature" for mark, kind in _SIGNATURES if probe.startswith(mark))
    controls = len(probe) - len(probe.translate(None, _CONTROL_BYTES))
    if controls >= _CONTROL_MIN and controls * _CONTROL_SHARE > len(probe):
        kinds = len(set(probe).intersection(_CONTROL_BYTES))  # only counted in this rare case
        if kinds >= _CONTROL_KINDS:
            return f"{controls} control bytes in the first {len(probe)} bytes"
    return None


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
        return (None if bom else _declared(body)) or _decode_utf8_with_errors(body, bom)
    return DecodedText(text, encoding, bom, newline_style(text))


def declared_encoding(data: bytes) -> Optional[str]:
    """The encoding a file names for itself (see :data:`_XML_DECLARATION`), if any: the name as
    written.  Asked only of a file that is not UTF-8."""
    import re  # (bytes patterns, compiled only for a file that is not UTF-8: rare, and off the start-up path)

    head = data[:_DECLARATION_PROBE]
    xml, meta = _DECLARATIONS
    m = re.match(xml, head) or re.search(meta, head) or re.search(_COOKIE, b"\n".join(head.splitlines()[:2]))
    return m.group(1).decode("ascii") if m is not None else None


def _declared(body: bytes) -> Optional[DecodedText]:
    """``body`` (not UTF-8) read in the encoding it declares, when that encoding is a text
    codec that reads every byte of it; None otherwise (then the bad bytes are reported)."""
    name = declared_encoding(body)
    if name is None:
        return None
    try:
        encoding = codecs.lookup(name).name
        text = body.decode(encoding)
        if text.encode(encoding) != body:
            return None  # (a codec that does not give the bytes back cannot write a fix)
    except (LookupError, UnicodeError):  # (unknown, not a text codec: "rot13", or one that always fails: "undefined")
        return None
    if encoding.replace("_", "-") in ("utf-8", "utf-8-sig") or declared_encoding(
            text[:_DECLARATION_PROBE].encode("ascii", "replace")) is None:
        # (UTF-8 has failed already; and read in it, the file must still declare it: an ASCII
        # declaration of "UTF-16LE" read as UTF-16 is no text at all)
        return None
    return DecodedText(text, encoding, b"", newline_style(text))


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
    except (UnicodeError, LookupError):  # (UnicodeError: a codec that always fails, "undefined")
        return None
    return DecodedText(text, encoding, b"", newline_style(text))
