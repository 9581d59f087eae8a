"""Files and the file system through ``main(["check", ...])`` and ``main(["check", "--fix", ...])``.

Each case checks the three things a user relies on: a clear message (on stderr, naming the file),
the right exit code, and nothing lost (the bytes on disk are exactly the expected ones: fixed
where a fix is due, untouched everywhere else, symlinks still symlinks).
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import Callable, Optional, Tuple

import pytest

from urilint import cli
from urilint.cli import main
from urilint.files import WriteError, read, write_atomically

DIRTY = "see HTTP://Example.COM/a here"
CLEAN = "see http://example.com/a here"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> Tuple[int, str, str]:
    # The fixtures are bare URIs: normalization is selected explicitly (by default it speaks only
    # in link targets), so every fix path is exercised.
    code = main(["check", "--isolated", "-j", "1", "--extend-select", "URI2", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# -- contents: encodings, line endings, sizes ---------------------------------------------------
# (file name, bytes written, bytes expected after --fix, findings before, stderr must mention)
CONTENTS = [
    pytest.param("empty.md", b"", b"", 0, "", id="zero-bytes"),
    pytest.param("blank.md", b"\n\n  \n", b"\n\n  \n", 0, "", id="blank-lines"),
    pytest.param("crlf.md", f"a\r\n{DIRTY}\r\nb\r\n".encode(), f"a\r\n{CLEAN}\r\nb\r\n".encode(), 2, "", id="crlf"),
    pytest.param("cr.md", f"a\r{DIRTY}\rb\r".encode(), f"a\r{CLEAN}\rb\r".encode(), 2, "", id="cr-only"),
    pytest.param("mixed.txt", f"a\n{DIRTY}\r\n{DIRTY}\rb".encode(), f"a\n{CLEAN}\r\n{CLEAN}\rb".encode(), 4, "",
                 id="mixed-newlines"),
    pytest.param("noeol.md", DIRTY.encode(), CLEAN.encode(), 2, "", id="no-trailing-newline"),
    pytest.param("bom8.md", b"\xef\xbb\xbf" + DIRTY.encode(), b"\xef\xbb\xbf" + CLEAN.encode(), 2, "", id="utf8-bom"),
    pytest.param("u16le.md", b"\xff\xfe" + f"\u00e9 {DIRTY}\r\n".encode("utf-16-le"),
                 b"\xff\xfe" + f"\u00e9 {CLEAN}\r\n".encode("utf-16-le"), 2, "", id="utf16le-bom"),
    pytest.param("u16be.txt", b"\xfe\xff" + f"{DIRTY}\n".encode("utf-16-be"),
                 b"\xfe\xff" + f"{CLEAN}\n".encode("utf-16-be"), 2, "", id="utf16be-bom"),
    # In a comment: a fix in a string literal is unsafe (another value at run time), in a comment safe.
    pytest.param("latin1.py", b"# -*- coding: latin-1 -*-\n# caf\xe9 HTTP://Example.COM/a\nU = 1\n",
                 b"# -*- coding: latin-1 -*-\n# caf\xe9 http://example.com/a\nU = 1\n", 2, "", id="latin1-python-cookie"),
    pytest.param("bad.md", f"{DIRTY} \xff\n".encode("utf-8", "surrogateescape").replace(b"\xc3\xbf", b"\xff"),
                 None, 2, "undecodable bytes", id="invalid-utf8-never-written"),
    pytest.param("bin.md", b"\x00\x01" + DIRTY.encode(), None, 0, "urilint: 1 binary file skipped (-v lists them)",
                 id="binary"),
    pytest.param("late-nul.txt", b"x" * 9000 + b"\x00" + DIRTY.encode(), b"x" * 9000 + b"\x00" + CLEAN.encode(), 2, "",
                 id="nul-after-binary-probe"),
    pytest.param("ctl.md", f"\x1b[31m{DIRTY}\u202e\x07\n".encode(), f"\x1b[31m{CLEAN}\u202e\x07\n".encode(), 2, "",
                 id="terminal-controls"),
]


@pytest.mark.parametrize("name, data, fixed, count, message", CONTENTS)
def test_contents(here: Path, capsys: pytest.CaptureFixture[str], name: str, data: bytes,
                  fixed: Optional[bytes], count: int, message: str) -> None:
    path = here / name
    path.write_bytes(data)
    code, out, err = run(capsys, "--output-format", "concise", name)
    assert out.count(": URI") == count, out + err
    assert code == (1 if count else 0), err
    assert message in err
    if message and not message.startswith("urilint:"):  # binary files are counted, not named
        assert err.startswith(name + ":"), err  # the message names the file
    assert "\x1b" not in out + err and "\u202e" not in out + err  # never passed to the terminal
    code, out, err = run(capsys, "--fix", name)
    assert path.read_bytes() == (fixed if fixed is not None else data)
    if fixed is None and count:
        assert "not fixed" in err and code == 1, err
    else:
        assert code == 0, out + err


def test_big_file(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """20 MB (the bench suite times 100 MB): every finding found, every fix applied, no other byte moved."""
    line = "nothing to see here, just words and numbers 12345 and more words here\n"
    lines = [line] * (20 * 1024 * 1024 // len(line))
    step = len(lines) // 10
    for i in range(0, len(lines), step):
        lines[i] = f"{i}: {DIRTY}\n"
    path = here / "big.txt"
    path.write_text("".join(lines), encoding="utf-8")
    hits = len(range(0, len(lines), step))
    code, out, err = run(capsys, "--output-format", "concise", "big.txt")
    assert code == 1 and out.count(": URI") == 2 * hits, err
    code, out, err = run(capsys, "--fix", "big.txt")
    assert code == 0, err
    assert path.read_text(encoding="utf-8") == "".join(lines).replace(DIRTY, CLEAN)


# -- permissions and races ----------------------------------------------------------------------
def test_read_only_file_is_reported_and_unchanged(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = here / "ro.md"
    path.write_text(DIRTY + "\n", encoding="utf-8")
    path.chmod(0o444)
    try:
        code, out, err = run(capsys, "--fix", "ro.md")
        assert code == 1
        assert "ro.md: error: not fixed: the file is read-only" in err
        assert path.read_text(encoding="utf-8") == DIRTY + "\n"
        assert stat.S_IMODE(path.stat().st_mode) == 0o444
        assert [p.name for p in here.iterdir()] == ["ro.md"]  # no temporary file left behind
    finally:
        path.chmod(0o644)


def test_fix_keeps_the_file_mode(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = here / "run.sh"
    path.write_text(f"#!/bin/sh\ncurl {DIRTY.split()[1]}\n", encoding="utf-8")
    path.chmod(0o750)
    assert run(capsys, "--fix", "run.sh")[0] == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o750
    assert "http://example.com/a" in path.read_text(encoding="utf-8")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root ignores directory permissions, so the directory stays readable")
def test_permission_denied_directory_is_reported_and_the_run_goes_on(here: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    (here / "locked").mkdir()
    (here / "locked" / "a.md").write_text(DIRTY, encoding="utf-8")
    (here / "open.md").write_text(DIRTY, encoding="utf-8")
    (here / "locked").chmod(0)
    try:
        code, out, err = run(capsys, "--output-format", "concise", ".")
    finally:
        (here / "locked").chmod(0o755)
    assert code == 1
    assert "locked: error: cannot be read" in err
    assert "open.md:1:5: URI201" in out


def test_file_changed_during_the_run_is_not_overwritten(here: Path) -> None:
    path = here / "a.md"
    path.write_text(DIRTY, encoding="utf-8")
    source = read(path)
    assert not isinstance(source, Exception) and hasattr(source, "text")
    path.write_text("someone else's edit\n", encoding="utf-8")
    with pytest.raises(WriteError, match="changed on disk"):
        write_atomically(source, CLEAN)  # type: ignore[arg-type]
    assert path.read_text(encoding="utf-8") == "someone else's edit\n"
    assert [p.name for p in here.iterdir()] == ["a.md"]


def test_same_bytes_rewritten_during_the_run_is_not_overwritten(here: Path) -> None:
    """Same content, new mtime: someone saved the file meanwhile; refusing is the safe side."""
    path = here / "a.md"
    path.write_text(DIRTY, encoding="utf-8")
    source = read(path)
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    with pytest.raises(WriteError, match="changed on disk"):
        write_atomically(source, CLEAN)  # type: ignore[arg-type]
    assert path.read_text(encoding="utf-8") == DIRTY


def test_file_deleted_before_the_write_is_not_recreated(here: Path) -> None:
    path = here / "a.md"
    path.write_text(DIRTY, encoding="utf-8")
    source = read(path)
    path.unlink()
    with pytest.raises(WriteError, match="cannot be read again"):
        write_atomically(source, CLEAN)  # type: ignore[arg-type]
    assert list(here.iterdir()) == []


def _deleting_read(victim: Path) -> Callable[..., object]:
    original = cli.read

    def read_after_delete(path: Path, *args: object) -> object:
        if path.name == victim.name and victim.exists():
            victim.unlink()
        return original(path, *args)  # type: ignore[arg-type]

    return read_after_delete


@pytest.mark.parametrize("fix", [False, True], ids=["check", "fix"])
def test_file_deleted_between_walk_and_read(here: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch, fix: bool) -> None:
    (here / "a.md").write_text(DIRTY, encoding="utf-8")
    (here / "b.md").write_text(DIRTY, encoding="utf-8")
    monkeypatch.setattr(cli, "read", _deleting_read(here / "a.md"))
    code, out, err = run(capsys, "--output-format", "concise", *(["--fix"] if fix else []), ".")
    assert code == 1
    assert "a.md: error: cannot be read: No such file or directory" in err
    assert not (here / "a.md").exists()
    assert (here / "b.md").read_text(encoding="utf-8") == (CLEAN if fix else DIRTY)


def test_file_deleted_between_read_and_write(here: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    (here / "a.md").write_text(DIRTY, encoding="utf-8")
    original = cli.write_atomically

    def delete_then_write(source: object, text: str) -> None:
        (here / "a.md").unlink()
        original(source, text)  # type: ignore[arg-type]

    monkeypatch.setattr(cli, "write_atomically", delete_then_write)
    code, out, err = run(capsys, "--fix", "a.md")
    assert code == 1
    assert "a.md: error: not fixed: cannot be read again" in err
    assert list(here.iterdir()) == []


# -- symlinks, loops, FIFOs, devices ------------------------------------------------------------
@pytest.fixture
def links(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """root/ with a link out of it, a file, a directory loop, a self loop and a dangling link."""
    outside = tmp_path / "outside.md"
    outside.write_text(DIRTY + "\n", encoding="utf-8")
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "in.md").write_text(DIRTY + "\n", encoding="utf-8")
    (root / "out.md").symlink_to(outside)
    (root / "sub" / "loop").symlink_to(root, target_is_directory=True)
    (root / "self.md").symlink_to(root / "self.md")
    (root / "dangling.md").symlink_to(root / "nowhere.md")
    monkeypatch.chdir(root)
    return root


def test_walk_never_leaves_the_root_and_survives_loops(links: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--output-format", "concise", ".")
    assert code == 1
    files = sorted({line.split(":")[0] for line in out.splitlines() if ": URI" in line})
    assert files == ["in.md"]  # not the link out of the root, not the same file again via sub/loop
    assert err == ""


def test_fix_never_replaces_a_symlink(links: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--fix", "out.md")  # named on the command line: checked, not written
    assert code == 1
    assert "out.md: error: not fixed: it is a symbolic link" in err
    assert (links / "out.md").is_symlink()
    assert (links.parent / "outside.md").read_text(encoding="utf-8") == DIRTY + "\n"
    code, out, err = run(capsys, "--fix", ".")
    assert code == 0, err
    assert (links / "out.md").is_symlink() and (links / "self.md").is_symlink()
    assert (links / "in.md").read_text(encoding="utf-8") == CLEAN + "\n"
    assert (links.parent / "outside.md").read_text(encoding="utf-8") == DIRTY + "\n"


@pytest.mark.parametrize(
    "name, message",
    [
        pytest.param("self.md", "self.md: error: cannot be read: Too many levels of symbolic links", id="self-loop"),
        pytest.param("dangling.md", "dangling.md: error: cannot be read: No such file or directory", id="dangling"),
        pytest.param("missing.md", "missing.md: error: cannot be read: No such file or directory", id="missing"),
    ],
)
def test_unreadable_arguments_are_errors(links: Path, capsys: pytest.CaptureFixture[str], name: str,
                                        message: str) -> None:
    code, out, err = run(capsys, name, "in.md")
    assert code == 1
    assert message in err
    assert "in.md:1:5" in out  # the run goes on


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_fifos_and_devices_are_skipped(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(here / "pipe.md")  # opening it for reading would block forever
    (here / "a.md").write_text(DIRTY, encoding="utf-8")
    code, out, err = run(capsys, "--output-format", "concise", ".")
    assert code == 1 and "a.md:1:5" in out and "pipe" not in out + err  # walked past silently
    for arg in ("pipe.md", os.devnull):
        code, out, err = run(capsys, "--fix", arg)
        assert code == 0
        assert f"{arg}: warning: not a regular file (FIFO, device or socket): skipped" in err
    assert stat.S_ISFIFO(os.stat(here / "pipe.md").st_mode)


# -- names --------------------------------------------------------------------------------------
NAMES = [
    pytest.param("with space.md", "with space.md", id="space"),
    pytest.param("new\nline.md", "new\\nline.md", id="newline"),
    pytest.param("tab\there.md", "tab\\there.md", id="tab"),
    pytest.param(os.fsdecode(b"bad\xffbyte.md"), "bad\\xffbyte.md", id="non-utf8-byte"),
    pytest.param("caf\u00e9 \u65e5\u672c.md", "caf\u00e9 \u65e5\u672c.md", id="non-ascii"),
    pytest.param("-dash.md", "-dash.md", id="leading-dash"),
    pytest.param("esc\x1b[31m.md", "esc\\x1b[31m.md", id="escape-sequence"),
]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file names")
@pytest.mark.parametrize("name, shown", NAMES)
def test_odd_names(here: Path, capsys: pytest.CaptureFixture[str], name: str, shown: str) -> None:
    path = here / name
    path.write_text(DIRTY + "\n", encoding="utf-8")
    for fmt in ("concise", "json", "github", "sarif", "junit"):
        code, out, err = run(capsys, "--output-format", fmt, ".")
        assert code == 1, err
        assert "\x1b" not in out and "\udcff" not in out
        out.encode("utf-8")  # always writable
    code, out, err = run(capsys, "--output-format", "concise", ".")
    assert out.splitlines()[0].startswith(f"{shown}:1:5: URI201"), out
    code, out, err = run(capsys, "--fix", "--", name)
    assert code == 0, err
    assert path.read_text(encoding="utf-8") == CLEAN + "\n"


def test_stdin_with_undecodable_bytes(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    class FakeStdin:
        buffer = io.BytesIO(DIRTY.encode() + b" \xff\xfe\n")

    monkeypatch.setattr(sys, "stdin", FakeStdin())
    code, out, err = run(capsys, "--output-format", "concise", "--stdin-filename", "x.md")
    assert code == 1 and out.count(": URI") == 2
    assert "x.md: warning: undecodable bytes" in err




def test_folder_that_refuses_the_temporary_file(here: Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: an unwritable folder (simulated: root ignores permissions) made mkstemp's
    PermissionError escape write_atomically, so the file was reported as an internal error."""
    import tempfile

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    (here / "a.md").write_text(DIRTY, encoding="utf-8")
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    code, out, err = run(capsys, "--fix", "a.md")
    assert code == 1
    assert "a.md: error: not fixed: cannot be written: Permission denied" in err
    assert (here / "a.md").read_text(encoding="utf-8") == DIRTY


def test_fix_that_the_file_encoding_cannot_hold(here: Path) -> None:
    path = here / "l1.py"
    path.write_bytes(b"# -*- coding: latin-1 -*-\nU = 'HTTP://A.example/'\n")
    source = read(path)
    with pytest.raises(WriteError, match="cannot be written in"):
        write_atomically(source, "# -*- coding: latin-1 -*-\nU = 'http://a.example/\u65e5'\n")  # type: ignore[arg-type]
    assert path.read_bytes() == b"# -*- coding: latin-1 -*-\nU = 'HTTP://A.example/'\n"
