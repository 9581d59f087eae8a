"""`urilint check` and `urilint dump` end to end, through main(argv) and as a subprocess."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from typing import Dict, List

import pytest

from urilint.cli import main

SECRET = "Sup3rS3cretPw"


def tree(root: Path, files: Dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    return root


def findings(out: str) -> List[str]:
    """The finding lines of concise output (it ends with a summary line)."""
    return [line for line in out.splitlines() if ": URI" in line]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple:  # type: ignore[type-arg]
    # The fixtures are bare URIs: normalization is selected explicitly (by default it speaks only
    # in link targets), so every fix and report path sees 2xx findings.
    if argv and argv[0] == "check" and not {"--select", "--extend-select", "--ignore"} & set(argv):
        argv = ("check", "--extend-select", "URI2") + argv[1:]
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tree(tmp_path, {
        "README.md": "# Título\n\nSee [docs](HTTPS://Example.COM:443/a/./b) and [x](<https://exa mple.com/>).\n",
        "config.yaml": f"db: postgres://app:{SECRET}@db.internal/app\n",
        "ok.txt": "fine: https://example.com/ and https://api.example.com/{owner}\n",
        "src/app.py": 'URL = "HTTP://Example.COM/"\n',
    })


def test_exit_codes_and_sorted_output(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "--output-format", "concise")
    lines = findings(out)
    assert code == 1
    assert [line.split(":")[0] for line in lines] == sorted(line.split(":")[0] for line in lines)
    assert any(line.startswith("README.md:3:") and "URI201" in line for line in lines)
    assert any(line.startswith("config.yaml:1:") and "URI301" in line for line in lines)
    assert SECRET not in out + err
    assert run(capsys, "check", "ok.txt")[0] == 0
    assert run(capsys, "check", "--exit-zero")[0] == 0


def test_column_counts_code_points_after_non_ascii(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree(tmp_path, {"a.md": "Ünïcödé → HTTP://x.example/\n", "b.md": "Ünïcödé → HTTP://x.example/\r\n"})
    for name in ("a.md", "b.md"):
        code, out, _ = run(capsys, "check", "--output-format", "json", str(tmp_path / name))
        first = json.loads(out)[0]
        assert first["location"] == {"row": 1, "column": 11}, name


def test_fix_rewrites_only_uri_bytes_and_is_idempotent(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    readme = project / "README.md"
    readme.chmod(0o640)
    before = readme.read_bytes()
    code, out, _ = run(capsys, "check", "--fix", "README.md")
    after = readme.read_bytes()
    assert after == before.replace(b"HTTPS://Example.COM:443/a/./b", b"https://example.com/a/b")
    assert stat.S_IMODE(readme.stat().st_mode) == 0o640
    assert code == 1  # the space in <https://exa mple.com/> has only an unsafe fix
    code2, _, _ = run(capsys, "check", "--fix", "README.md")
    assert readme.read_bytes() == after and code2 == 1
    code3, _, _ = run(capsys, "check", "--fix", "--unsafe-fixes", "README.md")
    assert b"https://exa%20mple.com/" in readme.read_bytes() and code3 == 0


def test_fix_keeps_bom_crlf_and_encoding(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "doc.txt"
    path.write_bytes(b"\xef\xbb\xbfcaf\xc3\xa9 HTTP://X.example/\r\nnext line\r\nno newline")
    assert run(capsys, "check", "--fix", str(path))[0] == 0
    assert path.read_bytes() == b"\xef\xbb\xbfcaf\xc3\xa9 http://x.example/\r\nnext line\r\nno newline"
    latin = tmp_path / "mod.py"
    latin.write_bytes(b"# -*- coding: latin-1 -*-\n# caf\xe9 HTTP://X.example/\nx = 1\n")
    assert run(capsys, "check", "--fix", str(latin))[0] == 0
    assert latin.read_bytes() == b"# -*- coding: latin-1 -*-\n# caf\xe9 http://x.example/\nx = 1\n"



def test_a_declared_encoding_is_read_and_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A Latin-1 XML file says so: its "\xe9" is an "e" with an accent (no undecodable byte,
    no "U+FFFD cannot appear" finding), and a fix writes Latin-1 back."""
    path = tmp_path / "feed.xml"
    head = b'<?xml version="1.0" encoding="iso-8859-1"?>\n<a href="http://x.example/caf\xe9 b">caf\xe9</a>\n'
    path.write_bytes(head + b'<a href="HTTP://X.example/">\xe9</a>\n')
    code, out, err = run(capsys, "check", "--output-format", "concise", str(path))
    assert code == 1 and "undecodable" not in err and "\ufffd" not in out and "EF%BF%BD" not in out
    assert "URI101 ' ' (space)" in out and "URI201" in out
    assert run(capsys, "check", "--fix", str(path))[0] == 1  # (the space's fix is unsafe)
    assert path.read_bytes() == head + b'<a href="http://x.example/">\xe9</a>\n'


def test_diff_writes_nothing_and_masks(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "mixed.md").write_text(f"a HTTP://X.example/ b postgres://u:{SECRET}@h/x\n", encoding="utf-8")
    before = (project / "mixed.md").read_text()
    code, out, err = run(capsys, "check", "--diff", "mixed.md")
    assert code == 1 and (project / "mixed.md").read_text() == before
    assert "-a HTTP://X.example/" in out and "+a http://x.example/" in out and SECRET not in out + err
    assert run(capsys, "check", "--diff", "ok.txt")[0] == 0


def test_unreadable_and_binary_files_are_reported_and_run_goes_on(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "blob.bin").write_bytes(b"\x00\x01HTTP://X.example/")
    (project / "bad.txt").write_bytes(b"ok \xff\xfe HTTP://X.example/\n")
    code, out, err = run(capsys, "check", "--output-format", "concise", "blob.bin", "bad.txt", "missing.md")
    assert code == 1
    assert "bad.txt:1:" in out and "URI201" in out  # the rest of a badly encoded file is checked
    assert "urilint: 1 binary file skipped (-v lists them)" in err and "blob.bin" not in err
    assert "missing.md" in err and "cannot be read" in err
    assert "undecodable" in err
    err = run(capsys, "check", "-v", "blob.bin", "bad.txt")[2]
    assert "blob.bin: warning: binary file" in err and "skipped (-v" not in err


def test_fix_refuses_files_with_undecodable_bytes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.txt"
    data = b"ok \xff HTTP://X.example/\n"
    path.write_bytes(data)
    code, _, err = run(capsys, "check", "--fix", str(path))
    assert path.read_bytes() == data and code == 1 and "undecodable" in err


def test_read_only_file_is_not_fixed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if os.geteuid() == 0:
        pytest.skip("root may write read-only files; urilint checks the mode bits, tested below")
    path = tmp_path / "ro.txt"
    path.write_text("HTTP://X.example/\n")
    path.chmod(0o444)
    code, _, err = run(capsys, "check", "--fix", str(path))
    assert code == 1 and "read-only" in err and path.read_text() == "HTTP://X.example/\n"


def test_read_only_mode_bits_refuse_a_fix_even_for_root(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ro.txt"
    path.write_text("HTTP://X.example/\n")
    path.chmod(0o444)
    code, _, err = run(capsys, "check", "--fix", str(path))
    assert path.read_text() == "HTTP://X.example/\n" and "read-only" in err and code == 1


def test_config_errors_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[tool.urilint]\nselcet = ["URI1"]\n')
    code, _, err = run(capsys, "check", ".")
    assert code == 2 and "unknown key 'selcet'" in err and "pyproject.toml" in err
    assert run(capsys, "check", "--isolated", ".")[0] == 0
    assert run(capsys, "check", "--no-such-flag")[0] == 2


def test_gitignore_and_excludes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "info").mkdir()
    (tmp_path / ".git" / "info" / "exclude").write_text("excluded_by_info.md\n")
    tree(tmp_path, {".gitignore": "ignored/\n*.log\n!keep.log\n", "ignored/a.md": "HTTP://X.example/\n",
                    "x.log": "HTTP://X.example/\n", "keep.log": "HTTP://X.example/\n",
                    "excluded_by_info.md": "HTTP://X.example/\n", "node_modules/p/r.md": "HTTP://X.example/\n",
                    "extra/v.md": "HTTP://X.example/\n", "sub/.gitignore": "local.md\n",
                    "sub/local.md": "HTTP://X.example/\n", "sub/kept.md": "HTTP://X.example/\n"})
    code, out, _ = run(capsys, "check", "--output-format", "concise", "--extend-exclude", "extra")
    files = sorted({line.split(":")[0] for line in findings(out)})
    assert files == ["keep.log", "sub/kept.md"]
    # A file named on the command line is checked even when excluded, unless --force-exclude.
    assert run(capsys, "check", "--extend-exclude", "extra", "extra/v.md")[0] == 1
    assert run(capsys, "check", "--extend-exclude", "extra", "--force-exclude", "extra/v.md")[0] == 0
    # Without .gitignore: what git ignores is walked too (skip-folders and excludes still apply).
    code, out, _ = run(capsys, "check", "--output-format", "concise", "--extend-exclude", "extra",
                       "--no-respect-gitignore")
    assert sorted({line.split(":")[0] for line in findings(out)}) == [
        "excluded_by_info.md", "ignored/a.md", "keep.log", "sub/kept.md", "sub/local.md", "x.log"]
    (tmp_path / "urilint.toml").write_text("respect-gitignore = false\n")
    code, out, _ = run(capsys, "dump", "ignored")
    assert code == 0 and out.startswith("ignored/a.md:1:1: bare HTTP://X.example/")
    (tmp_path / "urilint.toml").unlink()


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_gitignore_pattern_git_cannot_read_matches_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    # black's test data holds a .gitignore of "!" alone: the walk crashed on it.  git reads such
    # a pattern (and a trailing backslash) as matching nothing, silently; git itself is the oracle.
    monkeypatch.chdir(tmp_path)
    subprocess.run(["git", "init", "-q"], check=True)
    tree(tmp_path, {".gitignore": "!\n*.log\nfoo\\\n", "sub/.gitignore": "\\\nlocal.md\n",
                    "a.log": "HTTP://X.example/\n", "b.md": "HTTP://X.example/\n", "foo\\": "HTTP://X.example/\n",
                    "foo": "HTTP://X.example/\n", "sub/local.md": "HTTP://X.example/\n", "sub/kept.md": "HTTP://X.example/\n"})
    code, out, err = run(capsys, "check", "--output-format", "concise")
    assert "Traceback" not in err and code == 1, err
    checked = sorted({line.split(":")[0] for line in findings(out)})
    listed = subprocess.run(["git", "ls-files", "--others", "--exclude-standard"], capture_output=True, text=True,
                            check=True).stdout.splitlines()
    git_sees = sorted(name.strip('"').replace("\\\\", "\\") for name in listed if not name.endswith(".gitignore"))
    assert checked == git_sees == ["b.md", "foo", "foo\\", "sub/kept.md"]


@pytest.mark.parametrize("argv", [
    pytest.param(["check", "ignored"], id="check-gitignored-folder"),
    pytest.param(["dump", "ignored"], id="dump-gitignored-folder"),
    pytest.param(["check", "--force-exclude", "--exclude", "*.md", "ignored/a.md"], id="force-excluded-file"),
    pytest.param(["check", "empty"], id="empty-folder"),
])
def test_nothing_to_check_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str], argv: List[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()
    (tmp_path / "empty").mkdir()
    tree(tmp_path, {".gitignore": "ignored/\n", "ignored/a.md": "HTTP://X.example/\n"})
    code, _, err = run(capsys, *argv)
    assert code == 0 and "warning: no files to check" in err


def test_files_to_check_give_no_warning(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "warning" not in run(capsys, "check", "ok.txt")[2]


def test_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'x = "HTTP://X.example/"\n')))
    code, out, _ = run(capsys, "check", "--stdin-filename", "pkg/m.py", "--output-format", "concise")
    assert code == 1 and out.startswith("pkg/m.py:1:6: URI201")


def test_jobs_give_the_same_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree(tmp_path, {f"d{i}/f{j}.md": f"HTTP://X{i}.example/{j} and https://a.example/%7e\n"
                    for i in range(5) for j in range(8)})
    one = run(capsys, "check", "-j", "1", "--output-format", "json", str(tmp_path))
    two = run(capsys, "check", "-j", "2", "--output-format", "json", str(tmp_path))
    assert one == two and len(json.loads(one[1])) == 120


def test_dump_in_parallel_keeps_order_rows_and_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree(tmp_path, {f"d{i}/f{j}.md": f"# Ω\n\nSee <https://x{i}.example/{j}> and ftp://u:{SECRET}@h{j}.example/\n"
                    for i in range(5) for j in range(8)})
    (tmp_path / "d0" / "bad.md").write_bytes(b"\x00binary")
    one = run(capsys, "dump", "-j", "1", "-v", "--output-format", "json", str(tmp_path))
    two = run(capsys, "dump", "-j", "2", "-v", "--output-format", "json", str(tmp_path))
    rows = json.loads(two[1])
    assert one == two and len(rows) == 80 and SECRET not in two[1]
    assert [r["filename"] for r in rows] == sorted(r["filename"] for r in rows)
    assert rows[0]["location"] == {"row": 3, "column": 6} and rows[0]["uri"] == "https://x0.example/0"
    assert two[2].count("bad.md") == 1


def test_select_ignore_per_file_and_statistics(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--select", "URI3", "--output-format", "concise")
    assert code == 1 and findings(out) and all(": URI3" in line for line in findings(out))
    code, out, _ = run(capsys, "check", "--ignore", "URI1,URI2,URI3")
    assert code == 0
    code, out, _ = run(capsys, "check", "--per-file-ignores", "config.yaml:URI301", "--output-format", "concise")
    assert "config.yaml" not in out
    code, out, _ = run(capsys, "check", "--statistics")
    assert "URI301" in out and "URI201" in out and SECRET not in out


def test_baseline_flow(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "check", "--write-baseline", "base.json")[0] == 0  # written: done
    assert SECRET not in (project / "base.json").read_text()
    assert run(capsys, "check", "--baseline", "base.json")[0] == 0
    (project / "new.md").write_text("HTTP://New.example/\n")
    code, out, _ = run(capsys, "check", "--baseline", "base.json", "--output-format", "concise")
    assert code == 1 and out.startswith("new.md:1:1: URI201")


@pytest.mark.parametrize("fmt", ["full", "concise", "json", "sarif", "github", "junit"])
def test_every_format_and_output_file(project: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    code, out, err = run(capsys, "check", "--output-format", fmt, "--output-file", "out.txt")
    written = (project / "out.txt").read_text()
    assert code == 1 and out == "" and "URI301" in written and SECRET not in written + err


def test_dump_lists_candidates_with_positions_and_redacts(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "dump", "--output-format", "json", "README.md", "config.yaml")
    rows = json.loads(out)
    assert code == 0 and SECRET not in out
    first = rows[0]
    assert set(first) == {"filename", "uri", "context", "in_code", "location", "end_location"}
    assert first["filename"] == "README.md" and first["location"] == {"row": 3, "column": 12}
    assert any(r["uri"] == "postgres://app:****@db.internal/app" for r in rows)
    code, out, _ = run(capsys, "dump", "README.md")
    assert out.startswith("README.md:3:12: ")


def test_cli_as_subprocess_and_no_progress_when_piped(project: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "urilint", "check", "--output-format", "concise"],
                          cwd=project, capture_output=True, text=True)
    assert proc.returncode == 1 and "URI301" in proc.stdout
    assert "files" not in proc.stderr and "\r" not in proc.stderr and SECRET not in proc.stdout + proc.stderr


def test_progress_bar_only_on_a_terminal_outside_ci(tmp_path: Path) -> None:
    import pty

    tree(tmp_path, {f"f{i:03}.md": "https://example.com/\n" for i in range(210)})
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    proc = subprocess.run([sys.executable, "-m", "urilint", "check", "-j", "1", str(tmp_path)],
                          stdout=subprocess.PIPE, stderr=slave, env=env, timeout=120)
    os.close(slave)
    shown = b""
    try:
        while True:
            chunk = os.read(master, 65536)
            if not chunk:
                break
            shown += chunk
    except OSError:
        pass
    os.close(master)
    assert proc.returncode == 0
    assert b"urilint: 210/210 files" in shown
    in_ci = subprocess.run([sys.executable, "-m", "urilint", "check", "-j", "1", str(tmp_path)],
                           capture_output=True, env=dict(env, CI="true"), timeout=120)
    assert in_ci.returncode == 0 and b"files" not in in_ci.stderr


def test_python_syntax_error_is_one_clear_notice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('URL = "HTTP://X.example/"\ndef (:\n', encoding="utf-8")
    code, out, err = run(capsys, "check", str(bad))
    assert "invalid Python at 2:" in err and err.count("\n") == 1 and "Traceback" not in err
    assert "URI201" not in out and code == 0
    no_uri = tmp_path / "plain.py"
    no_uri.write_text("def (:\n", encoding="utf-8")
    assert run(capsys, "check", str(no_uri))[2] == ""  # nothing to check: nothing to say


def test_a_file_marked_generated_keeps_its_link_checks_and_is_never_fixed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # Its head says a tool wrote it: URI rules stay quiet (the fix is the generator's), a broken
    # link is still reported (a reader meets it), a real secret too, and --fix leaves it alone.
    monkeypatch.chdir(tmp_path)
    head = "<!-- This is an autogenerated file! Do not edit. -->\n"
    body = ("Voilà [a](Guide.md) and HTTP://X.example/a/%7e and [b](missing.md)\n"
            "https://u:Zx8Qw3Rt6Yu9Io2Pa5Sd@db.example.org/x\n")
    tree(tmp_path, {"gen.md": head + body, "hand.md": body, "guide.md": "# g\n"})
    argv = ("check", "--isolated", "--select", "URI201,URI203,URI301,URI401,URI403", "--output-format", "concise")
    _, out, _ = run(capsys, *argv, "gen.md", "hand.md")
    assert sorted(line.split(" ")[0] + " " + line.split(" ")[1] for line in findings(out)) == [
        "gen.md:2:11: URI403", "gen.md:2:56: URI401", "gen.md:3:11: URI301",
        "hand.md:1:11: URI403", "hand.md:1:25: URI201", "hand.md:1:44: URI203", "hand.md:1:56: URI401",
        "hand.md:2:11: URI301"]
    # Nor is a fix offered there that --fix would not apply.
    _, out, _ = run(capsys, "check", "--isolated", "--select", "URI403", "--output-format", "json", "gen.md", "hand.md")
    assert [(f["filename"], f["fix"] is None) for f in json.loads(out)] == [("gen.md", True), ("hand.md", False)]
    run(capsys, *argv, "--fix", "--unsafe-fixes", "gen.md", "hand.md")
    assert (tmp_path / "gen.md").read_text() == head + body
    assert (tmp_path / "hand.md").read_text() != body
    (tmp_path / "urilint.toml").write_text("detect-generated = false\n")
    _, out, _ = run(capsys, "check", "--select", "URI201", "--output-format", "concise", "gen.md")
    assert [line.split(" ")[0] for line in findings(out)] == ["gen.md:2:25:"]
