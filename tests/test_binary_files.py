"""Binary files are not text: decided by name (identify's tables) and by content.

A binary file read as text yields "URIs" made of compressed bytes, so ``files.read`` skips it
with a :class:`~urilint.finding.FileError` of kind ``"binary"`` (one summary line per run in the
CLI).  The samples are real formats (written by the standard library where it can) or carry their
real signature; several hold no NUL byte in their first 8 KB, which the old "NUL in the first
8 KB" test let through.
"""

from __future__ import annotations

import codecs
import gzip
import hashlib
import io
import py_compile
import sqlite3
import struct
import zipfile
import zlib
from pathlib import Path
from typing import Callable, Iterator, Optional, Union

import pytest

from urilint import files
from urilint.cli import main
from urilint.finding import BINARY, FileError
from urilint.files import SourceFile, read
from urilint.scanners import REGISTRY
from urilint.scanners import decoding
from urilint.scanners.decoding import BINARY_PROBE, binary_content, binary_name, binary_reason, is_binary

P = pytest.param
URI = "see https://example.com/a and HTTP://Example.COM/b here"


def noise(n: int, seed: bytes = b"urilint") -> bytes:
    """``n`` bytes as compressed data looks (uniform), but without a NUL byte."""
    out = bytearray()
    block = seed
    while len(out) < n:
        block = hashlib.sha256(block).digest()
        out += block
    return bytes(out[:n]).replace(b"\0", b"\x01")


# -- real binary formats --------------------------------------------------------------------------
def pdf() -> bytes:
    """A PDF as design tools write it: kilobytes of XMP metadata (text, with URIs) before the
    first compressed stream, so its first 8 KB hold no NUL byte."""
    xmp = ("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
           + "<rdf:Description xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmp:CreatorTool=\"Illustrator\"/>" * 120
           + "</rdf:RDF></x:xmpmeta>").encode()
    stream = zlib.compress(noise(4000), 9)
    return (b"%PDF-1.6\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Metadata /Subtype /XML >>\nstream\n" + xmp
            + b"\nendstream\nendobj\n2 0 obj\n<< /Filter /FlateDecode >>\nstream\n" + stream + b"\nendstream\n%%EOF\n")


def png() -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    raw = b"".join(b"\0" + noise(3 * 16, bytes([row])) for row in range(16))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def zip_archive(*names: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in names:
            archive.writestr(name, URI * 50)
    return buffer.getvalue()


def sqlite_db(tmp_path: Path) -> bytes:
    path = tmp_path / "made.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("create table links (url text)")
        db.execute("insert into links values (?)", ("https://example.com/",))
    data = path.read_bytes()
    path.unlink()
    return data


def pyc(tmp_path: Path) -> bytes:
    source = tmp_path / "made.py"
    source.write_text(f"URL = {URI!r}\n")
    py_compile.compile(str(source), cfile=str(tmp_path / "made.pyc"), doraise=True)
    data = (tmp_path / "made.pyc").read_bytes()
    source.unlink()
    (tmp_path / "made.pyc").unlink()
    return data


ELF = b"\x7fELF\x02\x01\x01" + noise(9000)  # the header's padding is NUL in a real one: none here
JPEG = b"\xff\xd8\xff\xe1" + noise(9000)  # an image whose first 8 KB hold no NUL
GIF = b"GIF89a\x01\x02\x03\x01\xf7" + noise(9000)
WOFF2 = b"wOF2\x01\x01\x01\x01" + noise(2000)
COMPRESSED = noise(9000)  # no signature, no NUL: only the control bytes give it away

Data = Union[bytes, Callable[[Path], bytes]]

# (file name, content, the reason the notice gives)
MUST_DETECT = [
    P("design.pdf", pdf(), "*.pdf", id="pdf-by-name"),
    P("design", pdf(), "PDF signature", id="pdf-without-a-name"),
    P("artwork.ai", pdf(), "*.ai", id="illustrator-file-is-a-pdf"),
    P("logo.png", png(), "*.png", id="png-by-name"),
    P("logo", png(), "NUL byte at byte", id="png-without-a-name"),
    P("logo.md", png(), "NUL byte at byte", id="png-named-as-markdown"),
    P("lib.jar", zip_archive("META-INF/MANIFEST.MF", "a/B.class"), "*.jar", id="jar"),
    P("pkg-1.0-py3-none-any.whl", zip_archive("pkg/__init__.py"), "*.whl", id="wheel"),
    P("bundle", zip_archive("a.txt"), "NUL byte at byte", id="zip-without-a-name"),
    P("page.html.gz", gzip.compress((URI * 200).encode(), mtime=1), "*.gz", id="gzip"),
    P("font.woff2", WOFF2, "*.woff2", id="woff2-by-name"),
    P("font-data", WOFF2, "WOFF2 signature", id="woff2-without-a-name"),
    P("font.woff", b"wOFF" + noise(3000), "*.woff", id="woff"),
    P("app.sqlite3", sqlite_db, "NUL byte at byte 15", id="sqlite"),
    P("module.cpython-311.pyc", pyc, "*.pyc", id="pyc"),
    P("old.pyc", b"\x03\xf3\r\n" + noise(500), "*.pyc", id="pyc-without-nul"),
    P("urilint-helper", ELF, "ELF signature", id="elf-executable"),
    P("photo.jpg", JPEG, "*.jpg", id="jpeg-by-name"),
    P("photo", JPEG, "JPEG signature", id="image-without-nul-in-8k"),
    P("spinner", GIF, "GIF signature", id="gif-without-nul-in-8k"),
    P("favicon.ico", b"see https://example.com/\n", "*.ico", id="ico-by-name-whatever-its-bytes"),
    P("blob.dat", COMPRESSED, "control bytes", id="compressed-bytes-unknown-name"),
    P("bomb-br.bin", b"\x8b\x02\x80\xab\xcd\xef\x99", "*.bin", id="few-raw-bytes-named-bin"),
    P("cache.dat", COMPRESSED[:600], "control bytes", id="short-compressed-bytes"),
    P("UPPER.PDF", b"%PDF-1.4\n" + URI.encode(), "*.pdf", id="name-case-insensitive"),
]

UTF16_CYRILLIC = codecs.BOM_UTF16_LE + f"Ссылка: {URI}\n".encode("utf-16-le") * 20
MINIFIED_JS = ("!function(e){var t={};" + "".join(f"t[{i}]=\"https://cdn.example.com/{i}.js\";" for i in range(600))
               + "e.exports=t}(module);").encode()
SVG = (b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">'
       b'<image href="data:image/png;base64,' + b"iVBORw0KGgoAAAANSUhEUgAA" * 400 + b'"/></svg>\n')
PROSE = f"Some prose with a link to {URI}, and more words after it.\n" * 20
STRAY_CONTROLS = f"# Notes\n\n{PROSE}Pasted from a terminal: \x01 and a DEL\x7f.\n{PROSE}\x1a\n".encode()

# (file name, content): read as text, never skipped
MUST_NOT_DETECT = [
    P("README.md", f"# Título\n\n{URI}\n".encode(), id="utf8-markdown"),
    P("README", f"{URI}\n".encode(), id="utf8-no-extension"),
    P("notes.txt", codecs.BOM_UTF8 + URI.encode(), id="utf8-bom"),
    P("win.txt", codecs.BOM_UTF16_LE + URI.encode("utf-16-le"), id="utf16-le-bom"),
    P("mac.txt", codecs.BOM_UTF16_BE + URI.encode("utf-16-be"), id="utf16-be-bom"),
    P("wide.txt", codecs.BOM_UTF32_LE + URI.encode("utf-32-le"), id="utf32-le-bom"),
    P("wide-be.txt", codecs.BOM_UTF32_BE + URI.encode("utf-32-be"), id="utf32-be-bom-starts-with-nul"),
    P("ru.md", UTF16_CYRILLIC, id="utf16-cyrillic-is-all-control-range-bytes"),
    P("NEWS", ("Caf\u00e9 cr\u00e8me br\u00fbl\u00e9e \u00e0 la fran\u00e7aise: " + URI + "\n").encode("latin-1") * 30,
      id="latin1-prose"),
    P("ru.txt", ("Привет, мир: " + URI + "\n").encode("cp1251") * 30, id="cp1251-prose"),
    P("ja.txt", ("こんにちは世界: " + URI + "\n").encode("shift_jis") * 30, id="shift-jis-prose"),
    P("app.min.js", MINIFIED_JS, id="minified-js"),
    P("app.js.map", b'{"version":3,"sources":["a.js"],"sourcesContent":["// https://example.com/\\n"]}',
      id="source-map"),
    P("logo.svg", SVG, id="svg-with-a-data-uri"),
    P("notes.md", STRAY_CONTROLS, id="a-few-stray-control-bytes"),
    P("short.txt", f"{URI}\x01\x02\x03\x04\x05\x06\x7f\n".encode(), id="seven-controls-in-a-short-file"),
    P("log.txt", f"\x1b[32mok\x1b[0m {URI}\x07\x08\x0c\n\t\v\r\n".encode() * 50, id="terminal-escapes-bell-form-feed"),
    P("1234.doc", f"Fixed the docs link to {URI}.\n".encode(), id="towncrier-fragment-named-doc"),
    P("Info.plist", b'<?xml version="1.0"?><plist><string>https://example.com/</string></plist>\n',
      id="xml-plist-needs-content-check"),
    P("server.crt", b"-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n", id="pem-certificate"),
    P("messages.po", b'msgid "See https://example.com/"\nmsgstr ""\n', id="gettext-po"),
    P("pdf.md", f"A PDF starts with %PDF-1.7; {URI}\n".encode(), id="signature-not-at-the-start"),
    P("keys.md", b"PK is the primary key; FK the foreign one.\n", id="text-starting-like-a-zip-mark"),
    P("croatian.vim", ("\x16'\tć\n\x16\"\tĆ\n" * 40).encode(), id="one-control-byte-used-on-purpose"),
    P("rows.txt", "\x01".join(["id", "https://example.com/", "name\x02x"]).encode() * 40 + b"\n",
      id="control-field-separators"),
    P("late.txt", b"x" * BINARY_PROBE + b"\0" + URI.encode(), id="nul-after-the-probe"),
    P("empty", b"", id="empty-file"),
    P("bom-1.4.xml.bin", f'<?xml version="1.0"?><bom><url>{URI}</url></bom>\n'.encode(), id="utf8-text-named-bin"),
]


def content(data: Data, tmp_path: Path) -> bytes:
    return data(tmp_path) if callable(data) else data


@pytest.mark.parametrize("name, data, reason", MUST_DETECT)
def test_binary_files_are_skipped(tmp_path: Path, name: str, data: Data, reason: str) -> None:
    path = tmp_path / name
    path.write_bytes(content(data, tmp_path))
    result = read(path)
    assert isinstance(result, FileError), f"read as {result.format if isinstance(result, SourceFile) else result}"
    assert result.kind == BINARY and not result.fatal
    assert result.message.startswith("binary file (") and result.message.endswith("): skipped")
    assert reason in result.message


@pytest.mark.parametrize("name, data", MUST_NOT_DETECT)
def test_text_files_are_read(tmp_path: Path, name: str, data: bytes) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    result = read(path)
    assert isinstance(result, SourceFile), result
    assert binary_reason(data, name) is None and not is_binary(data, name)


def test_tables_are_balanced() -> None:
    assert len(MUST_NOT_DETECT) >= len(MUST_DETECT)


def test_stdin_named_as_binary_is_skipped() -> None:
    result = read(Path("logo.png"), REGISTRY.fallback, b"\x89PNG\r\n\x1a\n")
    assert isinstance(result, FileError) and result.kind == BINARY


def test_other_file_errors_have_no_kind(tmp_path: Path) -> None:
    result = read(tmp_path / "missing.md")
    assert isinstance(result, FileError) and result.kind == "" and result.fatal


# -- a name a format claims is text by name -------------------------------------------------------
def claimed_names() -> Iterator[str]:
    for claim in REGISTRY.claims:
        yield from (f"file{suffix}" for suffix in claim.suffixes)
        yield from claim.names
        yield from (glob.replace("*", "x") for glob in claim.globs)


@pytest.mark.parametrize("name", sorted(set(claimed_names())))
def test_claimed_names_are_never_binary_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    # Even if identify's tables one day call the name binary, only the content decides.
    import identify.identify

    monkeypatch.setattr(identify.identify, "tags_from_filename", lambda _name: {"binary"})
    path = tmp_path / name
    path.write_bytes(f"{URI}\n".encode())
    assert isinstance(read(path), SourceFile)
    path.write_bytes(b"\x00" + URI.encode())
    result = read(path)
    assert isinstance(result, FileError) and result.kind == BINARY


# -- the pieces ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name, reason", [
    P("a.pdf", "*.pdf", id="pdf"), P("dir/a.PNG", "*.png", id="path-and-case"), P("a.tar.gz", "*.gz", id="double"),
    P("a.woff2", "*.woff2", id="woff2"), P("x.pyo", "*.pyo", id="pyo"), P("ext.pyd", "*.pyd", id="pyd"),
])
def test_binary_name(name: str, reason: str) -> None:
    assert binary_name(name) == reason


@pytest.mark.parametrize("name", [
    P("a.svg", id="svg"), P("a.md", id="md"), P("a.min.js", id="js"), P("Makefile", id="makefile"),
    P("Dockerfile", id="dockerfile"), P("a.doc", id="doc-unknown"), P("a.plist", id="needs-content"),
    P("noext", id="no-extension"), P("a.binary.txt", id="bin-inside-a-name"), P("tests/bomb-br.bin", id="bin"),
])
def test_not_binary_name(name: str) -> None:
    assert binary_name(name) is None


@pytest.mark.parametrize("data, expected", [
    P(b"ab\0", "NUL byte at byte 2", id="nul-position"),
    P(b"%PDF-1.7\n", "PDF signature", id="pdf"),
    P(b"\x1f\x8b\x08", "gzip signature", id="gzip"),
    P(noise(1000), "control bytes in the first 1000 bytes", id="controls"),
    P(codecs.BOM_UTF16_LE + b"\x01\x04" * 100, None, id="bom-wins"),
    P(b"a" * 300 + b"\x01" * 9, None, id="under-the-share"),
    P(b"a" * 200 + b"\x01\x02\x03\x04" * 2, "8 control bytes", id="over-the-share"),
    P(b"a" * 200 + b"\x01\x02\x03" * 3, None, id="too-few-kinds"),
])
def test_binary_content(data: bytes, expected: Optional[str]) -> None:
    reason = binary_content(data)
    assert reason == expected if expected is None else (reason is not None and expected in reason)


@pytest.mark.parametrize("mark, kind", [P(mark, kind, id=kind) for mark, kind in decoding._SIGNATURES])
def test_every_signature_without_nul(mark: bytes, kind: str) -> None:
    data = mark.rstrip(b"\0") + b"see https://example.com/ " * 10
    if b"\0" in mark:
        assert binary_content(mark + b"x") is not None  # the NUL decides first
    else:
        assert binary_content(data) == f"{kind} signature"
        assert binary_content(b"x" + data) is None  # only at the start


def test_identify_is_imported_only_for_names_no_format_claims(tmp_path: Path) -> None:
    # A commit hook that checks .py and .md files never pays for identify's import.
    import subprocess
    import sys

    (tmp_path / "a.md").write_text(URI)
    (tmp_path / "b.py").write_text(f"U = {URI!r}\n")
    code = ("import sys\nfrom pathlib import Path\nfrom urilint.files import read\n"
            f"for name in ('a.md', 'b.py'): read(Path({str(tmp_path)!r}) / name)\n"
            "print('identify.identify' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_files_module_keeps_the_claims_in_step_with_the_registry() -> None:
    assert files._CLAIMS.claims == REGISTRY.claims


# -- the CLI: one summary line, -v lists each file --------------------------------------------------
def test_binaries_are_one_summary_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.pdf").write_bytes(pdf())
    (tmp_path / "b.png").write_bytes(png())
    (tmp_path / "c").write_bytes(JPEG)
    (tmp_path / "ok.md").write_text("fine: https://example.com/\n")
    code = main(["check", "--isolated", "-j", "1", "."])
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if "binary" in line]
    assert len(lines) == 1 and "3 binary files skipped" in lines[0], err
    assert not any(name in err for name in ("a.pdf", "b.png")), err
    assert code == 0
    for flag in ("-v", "--verbose"):
        main(["check", "--isolated", "-j", "1", flag, "."])
        err = capsys.readouterr().err
        for name in ("a.pdf", "b.png", "c"):
            assert any(line.startswith(f"{name}:") and "binary file" in line for line in err.splitlines()), err
