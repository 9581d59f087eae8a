"""No side effects: no network, no import or execution of the code being checked, and no write
except the fixed files and the output or baseline files that were asked for."""

from __future__ import annotations

import hashlib
import socket
import sys
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

import pytest

from urilint.cli import main

from .helpers import FILE_FOR, notebook_json

DIRTY = "HTTP://Example.COM:80/./a"
MARKER = "IMPORTED-MARKER"

# Python files that would leave a marker if anything imported or ran them.
RUNNABLE = {
    "evil.py": f"open({MARKER!r}, 'w').write('evil')\nURL = '{DIRTY}'\n",
    "pkg/__init__.py": f"open({MARKER!r} + '-pkg', 'w').write('pkg')\n",
    "pkg/mod.py": f"import os\nos.system('touch {MARKER}-system')\nURL = '{DIRTY}'\n",
    "conftest.py": f"open({MARKER!r} + '-conftest', 'w').write('c')\n",
    "setup.py": f"open({MARKER!r} + '-setup', 'w').write('s')\n# {DIRTY}\n",
    "sitecustomize.py": f"open({MARKER!r} + '-site', 'w').write('s')\n",
    "urilint.py": f"open({MARKER!r} + '-shadow', 'w').write('s')\n",  # shadows the package name
    "hooks.pth": f"import os; os.system('touch {MARKER}-pth')\n",
}
CONTENT = {
    "markdown": f"[a]({DIRTY})\n", "rst": f"`a <{DIRTY}>`_\n", "html": f"<a href=\"{DIRTY}\">a</a>\n",
    "yaml": f"k: {DIRTY}\n", "toml": f"k = \"{DIRTY}\"\n", "json": f"{{\"k\": \"{DIRTY}\"}}\n",
    "ini": f"[s]\nk = {DIRTY}\n", "env": f"K={DIRTY}\n", "shell": f"curl {DIRTY}\n", "text": f"see {DIRTY}\n",
    "python": f"K = '{DIRTY}'\n", "gettext": f"msgid \"see {DIRTY}\"\nmsgstr \"\"\n",
    "notebook": notebook_json(f"[a]({DIRTY})\n", f"K = '{DIRTY}'\n"),
    "roff": f".TH T 1\nsee \\fB{DIRTY}\\fR\n",
    "metadata": f"Metadata-Version: 2.1\nName: x\nHome-page: {DIRTY}\n\n`a <{DIRTY}>`_\n",
}


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    files = dict(RUNNABLE)
    for fmt, name in FILE_FOR.items():
        files[name] = CONTENT[fmt]
    for i in range(16):  # enough files for -j 2 to start worker processes
        files[f"many/f{i}.md"] = f"[x]({DIRTY})\n"
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def snapshot(root: Path) -> Dict[str, Tuple[str, int]]:
    """Every path under ``root``: (sha256 of its bytes, mtime in ns), or ("dir", 0) for a folder
    (a folder's mtime changes when a file in it is replaced, which a fix does)."""
    out: Dict[str, Tuple[str, int]] = {}
    for p in sorted(root.rglob("*")):
        if p.is_dir():
            out[p.relative_to(root).as_posix()] = ("dir", 0)
        else:
            out[p.relative_to(root).as_posix()] = (hashlib.sha256(p.read_bytes()).hexdigest(), p.lstat().st_mtime_ns)
    return out


def changed(before: Dict[str, Tuple[str, int]], after: Dict[str, Tuple[str, int]]) -> List[str]:
    return sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))


SCENARIOS: List[Tuple[Sequence[str], Sequence[str]]] = [
    # (argv after "check --isolated", paths it may create or change besides the fixed files)
    ((), ()),
    (("-j", "2"), ()),
    (("--output-format", "json"), ()),
    (("--output-format", "sarif", "--output-file", "out.sarif"), ("out.sarif",)),
    (("--output-format", "junit", "--output-file", "out.xml"), ("out.xml",)),
    (("--statistics",), ()),
    (("--diff",), ()),
    (("--diff", "--unsafe-fixes"), ()),
    (("--write-baseline", "base.json"), ("base.json",)),
]


@pytest.mark.parametrize("argv, allowed", [pytest.param(a, b, id=" ".join(a) or "plain") for a, b in SCENARIOS])
def test_check_writes_only_what_it_was_asked_to(project: Path, capsys: pytest.CaptureFixture[str],
                                               argv: Sequence[str], allowed: Sequence[str]) -> None:
    before = snapshot(project)
    code = main(["check", "--isolated", "--extend-select", "URI2", *argv, "."])
    capsys.readouterr()
    assert code == (0 if "--write-baseline" in argv else 1)  # a baseline written is a run done
    assert changed(before, snapshot(project)) == sorted(allowed)


def test_fix_writes_only_the_fixed_files(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = snapshot(project)
    dirty = {name for name, (digest, _) in before.items()
             if digest != "dir" and DIRTY in (project / name).read_text(encoding="utf-8")}
    # --unsafe-fixes: a fix in a Python string literal changes a runtime value, so it is unsafe.
    assert main(["check", "--isolated", "--extend-select", "URI2", "--fix", "--unsafe-fixes", "-j", "2", "."]) == 0
    capsys.readouterr()
    fixed = changed(before, snapshot(project))
    assert fixed == sorted(dirty)  # every file with a fix, and nothing else (no new file either)
    assert all(DIRTY not in (project / name).read_text(encoding="utf-8") for name in fixed)


def markers(root: Path) -> List[str]:
    return sorted(p.name for p in root.rglob(f"{MARKER}*"))


def test_checked_code_is_never_imported_or_run(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    modules = set(sys.modules)
    for argv in (["check", "--isolated", "."], ["check", "--isolated", "-j", "2", "."],
                 ["check", "--isolated", "--fix", "."], ["check", "--isolated", "--diff", "."],
                 ["dump", "--isolated", "."], ["check", "--isolated", "evil.py", "pkg/mod.py"]):
        main(argv)
    capsys.readouterr()
    assert markers(project) == []
    assert not {"evil", "pkg", "pkg.mod", "conftest", "setup", "sitecustomize"} & (set(sys.modules) - modules)
    assert sys.modules["urilint"].__file__ != str(project / "urilint.py")


def test_flake8_never_runs_the_checked_code(project: Path) -> None:
    import subprocess

    # Run from the parent folder: "python -m" puts the current folder first on sys.path, where
    # the project's own urilint.py would shadow the package (Python's doing, not urilint's).
    proc = subprocess.run([sys.executable, "-m", "flake8", "--select", "URI", "--uri-select-extra=URI2", "--isolated",
                           project.name],
                          cwd=project.parent, capture_output=True, text=True, timeout=120)
    assert "URI201" in proc.stdout, proc.stdout + proc.stderr
    assert markers(project) == []


class NoNetwork(Exception):
    pass


def _refuse(*args: object, **kwargs: object) -> None:
    raise NoNetwork(f"network access attempted: {args!r}")


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    class Socket(socket.socket):
        def __init__(self, *args: object, **kwargs: object) -> None:
            _refuse(*args)

    monkeypatch.setattr(socket, "socket", Socket)
    for name in ("create_connection", "getaddrinfo", "gethostbyname", "gethostbyname_ex", "gethostbyaddr",
                 "create_server", "socketpair"):
        monkeypatch.setattr(socket, name, _refuse)


def test_the_blocker_blocks(no_network: None) -> None:
    with pytest.raises(NoNetwork):
        socket.create_connection(("example.com", 80))
    with pytest.raises(NoNetwork):
        socket.socket()


ALL_COMMANDS: List[Sequence[str]] = [
    ["check", "--isolated", "--extend-select", "URI2", "."], ["check", "--isolated", "--extend-select", "URI2", "-j", "2", "."],
    ["check", "--isolated", "--select", "ALL", "--output-format", "sarif", "."],
    ["check", "--isolated", "--extend-select", "URI2", "--output-format", "github", "."], ["check", "--isolated", "--extend-select", "URI2", "--diff", "."],
    ["check", "--isolated", "--extend-select", "URI2", "--write-baseline", "b.json", "."], ["check", "--isolated", "--extend-select", "URI2", "--baseline", "b.json", "."],
    ["check", "--isolated", "--extend-select", "URI2", "--fix", "--unsafe-fixes", "."], ["dump", "--isolated", "--output-format", "json", "."],
    ["rules"], ["rule", "URI301"], ["validate", "http://exa mple.com/"], ["normalize", "HTTP://A.example:80/./b"],
    ["resolve", "http://a/b/c/d;p?q", "../g"],
]


def test_every_command_runs_with_sockets_blocked(project: Path, capsys: pytest.CaptureFixture[str],
                                                no_network: None) -> None:
    codes = [main(list(argv)) for argv in ALL_COMMANDS]
    out = capsys.readouterr()
    assert "NoNetwork" not in out.out + out.err and "internal error" not in out.err
    assert codes == [1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0], out.err
