"""Bytes to text: binary detection, BOMs, newline styles, undecodable bytes."""

from __future__ import annotations

import codecs
from typing import Tuple

import pytest

from urilint.scanners import decode, extract, is_binary

P = pytest.param


@pytest.mark.parametrize("data, binary", [
    P(b"hello\x00world", True, id="nul"),
    P(b"x" * 8191 + b"\x00", True, id="nul-at-8k-edge"),
    P(b"x" * 8192 + b"\x00", False, id="nul-after-8k"),
    P(b"plain text", False, id="text"),
    P(b"", False, id="empty"),
    P(codecs.BOM_UTF16_LE + "hi".encode("utf-16-le"), False, id="utf16-bom"),
    P(b"\x89PNG\r\n\x1a\n\x00\x00", True, id="png"),
    P("caf\u00e9".encode("latin-1"), False, id="latin1-is-not-binary"),
])
def test_is_binary(data: bytes, binary: bool) -> None:
    assert is_binary(data) is binary


@pytest.mark.parametrize("data, text, encoding, bom", [
    P(b"abc", "abc", "utf-8", b"", id="utf8"),
    P(codecs.BOM_UTF8 + b"abc", "abc", "utf-8", codecs.BOM_UTF8, id="utf8-bom"),
    P(codecs.BOM_UTF16_LE + "ab\u00e9".encode("utf-16-le"), "ab\u00e9", "utf-16-le", codecs.BOM_UTF16_LE, id="utf16le"),
    P(codecs.BOM_UTF16_BE + "ab".encode("utf-16-be"), "ab", "utf-16-be", codecs.BOM_UTF16_BE, id="utf16be"),
    P(codecs.BOM_UTF32_LE + "ab".encode("utf-32-le"), "ab", "utf-32-le", codecs.BOM_UTF32_LE, id="utf32le"),
])
def test_bom(data: bytes, text: str, encoding: str, bom: bytes) -> None:
    d = decode(data)
    assert (d.text, d.encoding, d.bom, d.undecodable) == (text, encoding, bom, ())


@pytest.mark.parametrize("text, style", [
    P("a\nb\n", "\n", id="lf"), P("a\r\nb\r\n", "\r\n", id="crlf"), P("a\rb\r", "\r", id="cr"),
    P("a\nb\r\n", "mixed", id="mixed"), P("ab", "", id="none"),
])
def test_newline_style(text: str, style: str) -> None:
    assert decode(text.encode()).newline == style


@pytest.mark.parametrize("data, runs, text", [
    P(b"ab\xffcd", ((2, 2, 1),), "ab\ufffdcd", id="one-byte"),
    P("\u00e9\u00e9".encode() + b"\xff\xfe!", ((4, 2, 2),), "\u00e9\u00e9\ufffd\ufffd!", id="after-multibyte"),
    P(b"\xe2\x82 x \xc3", ((0, 0, 2), (5, 5, 1)), "\ufffd\ufffd x \ufffd", id="truncated-sequences"),
    P(codecs.BOM_UTF8 + b"a\x80", ((4, 1, 1),), "a\ufffd", id="after-bom-byte-offset-counts-bom"),
    P(b"\xed\xa0\x80", ((0, 0, 3),), "\ufffd\ufffd\ufffd", id="encoded-surrogate"),
])
def test_undecodable_bytes(data: bytes, runs: Tuple[Tuple[int, int, int], ...], text: str) -> None:
    d = decode(data)
    assert d.undecodable == runs
    assert d.text == text
    assert d.first_undecodable == runs[0][:2]


def test_scan_continues_after_bad_bytes() -> None:
    d = decode(b"caf\xe9 see http://example.com/ and \xff http://example.org/")
    assert [c.uri for c in extract(d.text, "text")] == ["http://example.com/", "http://example.org/"]
    assert len(d.undecodable) == 2


# A file that is not UTF-8 and names its encoding is read in it: an XML declaration, an HTML
# <meta charset>, a coding cookie in its first two lines (Emacs, vim, PEP 263, as docutils'
# latin-2 test files write it).
DECLARED = [
    P(b'<?xml version="1.0" encoding="iso-8859-1"?>\n<a href="http://a.example/caf\xe9"/>\n', "iso8859-1",
      "caf\u00e9", id="xml-declaration"),
    P(b"<?xml version='1.0' encoding='windows-1252' ?><r>\x93q\x94</r>", "cp1252", "\u201cq\u201d",
      id="xml-declaration-single-quotes"),
    P(b'<html><head><META http-equiv="Content-Type" content="text/html; charset=ISO-8859-15">'
      b"</head><body>\xa4</body></html>", "iso8859-15", "\u20ac", id="html-http-equiv"),
    P(b'<!doctype html><meta charset=windows-1252><p>caf\xe9</p>', "cp1252", "caf\u00e9", id="html-meta-charset"),
    P(b".. -*- encoding: latin2 -*-\n\nGr\xfc\xdfe\n", "iso8859-2", "Gr\u00fc\u00dfe", id="emacs-cookie-rst"),
    P(b"#!/bin/sh\n# vim: set fileencoding=latin-1 :\necho caf\xe9\n", "iso8859-1", "caf\u00e9", id="vim-second-line"),
]
# The declaration is not used: the file is UTF-8, or the name is no text codec, or it does not
# read every byte, or it stands too late, or a BOM says otherwise.
NOT_DECLARED = [
    P(b'<?xml version="1.0" encoding="iso-8859-1"?>\n<r>caf\xc3\xa9</r>\n', "caf\u00e9", 0, id="utf8-despite-latin1"),
    P(b"# coding: rot13\nGr\xfc\n", "Gr\ufffd", 1, id="not-a-text-codec"),
    P(b"# coding: no-such-codec\nGr\xfc\n", "Gr\ufffd", 1, id="unknown-codec"),
    P(b"# coding: ascii\nGr\xfc\n", "Gr\ufffd", 1, id="codec-that-cannot-read-it"),
    P(b"a\nb\n# coding: latin-1\nGr\xfc\n", "Gr\ufffd", 1, id="cookie-on-the-third-line"),
    P(b"# coding: utf-8\nGr\xfc\n", "Gr\ufffd", 1, id="declares-utf8"),
    P(codecs.BOM_UTF8 + b"# coding: latin-1\nGr\xfc\n", "Gr\ufffd", 1, id="bom-wins"),
    P(b"<r>no declaration \xe9</r>", "\ufffd", 1, id="none"),
    P(b"# -*- coding: undefined -*-\nGr\xfc\n", "Gr\ufffd", 1, id="a-codec-that-always-fails"),
    P(b'<?xml version="1.0" encoding="UTF-16LE"?>\n<a>caf\xe9</a>\n', "caf\ufffd", 1, id="declared-utf16-read-as-ascii"),
]


@pytest.mark.parametrize("data, encoding, word", DECLARED)
def test_a_declared_encoding_reads_the_file(data: bytes, encoding: str, word: str) -> None:
    d = decode(data)
    assert (d.encoding, d.undecodable) == (encoding, ())
    assert word in d.text
    assert d.bom + d.text.encode(d.encoding) == data  # (what a fix writes back keeps every other byte)


@pytest.mark.parametrize("data, word, runs", NOT_DECLARED)
def test_a_declaration_that_cannot_be_honoured_is_not(data: bytes, word: str, runs: int) -> None:
    d = decode(data)
    assert d.encoding == "utf-8" and len(d.undecodable) == runs
    assert word in d.text


def test_the_tables_are_balanced() -> None:
    assert len(DECLARED) <= len(NOT_DECLARED)



def test_a_python_cookie_naming_a_codec_that_always_fails_is_no_crash() -> None:
    from urilint.scanners.decoding import decode_with_cookie

    assert decode_with_cookie(b"# -*- coding: undefined -*-\nx = 1\n") is None
