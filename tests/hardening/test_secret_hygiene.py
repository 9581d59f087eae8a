"""Secret hygiene: files holding passwords and tokens, in every supported format, through every
output urilint has; no secret may appear in any of them.

Each secret carries the marker ``Zq7`` that nothing else in the project holds, so finding the
marker anywhere (even part of a secret) is a leak.  Every line with a secret also holds a URI
that ``--fix`` rewrites, so ``--diff`` shows the secret's line as context.

Covered elsewhere: secrets read through escapes, entities, implicit concatenation or wrapped
lines (tests/reporters/test_source_masking.py: masked by position through the candidates'
pieces).  Not covered, reported instead: a password cut by a character a scanner ends URIs at
(``u:Zq7{x@h``).  ``flake8 --show-source`` prints the raw source line itself: the README says
so, and a test below holds that statement true.
"""

from __future__ import annotations

import io
import json
import logging
import re
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

from urilint import cli
from urilint.cli import main

MARK = "Zq7"
FIX = "HTTP://Example.COM:80/./a"  # fixable (safe): every line with a secret carries one

# One file per format, a few kinds of secret in each: a password in the userinfo, a secret query
# parameter, a token as user name, a vendor token anywhere in a URI.
FILES: Dict[str, str] = {
    "doc.md": (f"# Notes\n\nDB [link](postgres://admin:{MARK}mdpass1@db.vendor.io/prod) and {FIX}\n\n"
               f"<https://api.vendor.io/v1?access_token={MARK}mdtok2&x=1> {FIX}\n\n"
               f"[ref]: https://ghp_{MARK}aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@github.com/o/r.git\n"),
    "doc.rst": (f"See `db <postgres://admin:{MARK}rstpass@db.vendor.io/prod>`_ and {FIX}\n\n"
                f".. _api: https://api.vendor.io/?api_key={MARK}rstkey9 {FIX}\n"),
    "page.html": (f"<a href=\"mysql://root:{MARK}htmlpw@db.vendor.io/app\">db</a> {FIX}\n"
                  f"<img src='https://cdn.vendor.io/i.png?X-Amz-Signature={MARK}sig123abc'> {FIX}\n"),
    "conf.yaml": (f"db: postgres://app:{MARK}yamlpw@db.internal/app  # {FIX}\n"
                  f"hook: \"https://hooks.vendor.io/x?token={MARK}yam1tok3n\"  # {FIX}\n"),
    "conf.toml": (f"url = \"redis://:{MARK}tomlpw@cache.internal:6379/0\"  # {FIX}\n"
                  f"api = 'https://api.vendor.io/?client_secret={MARK}toml5ecret' # {FIX}\n"),
    "data.json": (f"{{\"db\": \"postgres://u:{MARK}jsonpw@db.vendor.io/x\", \"fix\": \"{FIX}\",\n"
                  f" \"hook\": \"https://x.vendor.io/?password={MARK}jsonpw2\"}}\n"),
    "setup.cfg": (f"[db]\nurl = amqp://guest:{MARK}inipw@mq.internal:5672/  ; {FIX}\n"
                  f"api = https://api.vendor.io/?apikey={MARK}inikey1 ; {FIX}\n"),
    "prod.env": (f"DATABASE_URL=postgres://app:{MARK}envpw@db.internal/app # {FIX}\n"
                 f"export HOOK=\"https://hooks.vendor.io/?secret={MARK}envsecret\" # {FIX}\n"),
    "run.sh": (f"curl 'https://deploy:{MARK}shpw@ci.vendor.io/hook'  # {FIX}\n"
               f"git clone https://ghp_{MARK}bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb@github.com/o/r  # {FIX}\n"),
    "notes.txt": (f"Use ftp://backup:{MARK}txtpw@files.vendor.io/dump and {FIX} today.\n"
                  f"Token: https://vendor.io/cb?auth_token={MARK}txttok1 {FIX}\n"),
    "mod.py": (f"DB = \"postgres://admin:{MARK}pypass@db.vendor.io/prod\"  # see {FIX}\n"
               f"HOOK = 'https://hooks.vendor.io/?access_token={MARK}pytok1'\n"
               f"OTHER = '{FIX}'\n\n\ndef f():\n    \"\"\"Docs: mysql://root:{MARK}docpw@db/x and {FIX}.\"\"\"\n"),
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> Tuple[int, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out + captured.err


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def leaks(text: str) -> List[str]:
    """Each line of ``text`` holding the marker."""
    return [line for line in text.splitlines() if MARK in line]


def test_no_output_shows_a_secret(project: Path, capsys: pytest.CaptureFixture[str],
                                  caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    outputs: Dict[str, str] = {}
    base = ["check", "--isolated", "--select", "ALL", "-j", "1"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for fmt in ("full", "concise", "json", "sarif", "github", "junit"):
            code, outputs[fmt] = run(capsys, *base, "--output-format", fmt, ".")
            assert code == 1
            code, _ = run(capsys, *base, "--output-format", fmt, "--output-file", f"out.{fmt}", ".")
            outputs[f"{fmt} file"] = (project / f"out.{fmt}").read_text(encoding="utf-8")
            (project / f"out.{fmt}").unlink()
        outputs["statistics"] = run(capsys, *base, "--statistics", ".")[1]
        outputs["diff"] = run(capsys, *base, "--diff", ".")[1]
        outputs["diff unsafe"] = run(capsys, *base, "--diff", "--unsafe-fixes", ".")[1]
        outputs["dump"] = run(capsys, "dump", "--isolated", ".")[1]
        outputs["dump json"] = run(capsys, "dump", "--isolated", "--output-format", "json", ".")[1]
        outputs["write baseline"] = run(capsys, *base, "--write-baseline", "base.json", ".")[1]
        outputs["baseline file"] = (project / "base.json").read_text(encoding="utf-8")
        outputs["with baseline"] = run(capsys, *base, "--baseline", "base.json", ".")[1]
        (project / "base.json").unlink()
        for name, text in FILES.items():  # stdin, named and unnamed
            sys_stdin = sys.stdin
            try:
                sys.stdin = io.TextIOWrapper(io.BytesIO(text.encode("utf-8")))
                outputs[f"stdin {name}"] = run(capsys, *base, "--stdin-filename", name)[1]
            finally:
                sys.stdin = sys_stdin
        outputs["fix"] = run(capsys, *base, "--fix", "--unsafe-fixes", ".")[1]
        outputs["after fix"] = run(capsys, *base, ".")[1]
    outputs["logs"] = caplog.text
    outputs["warnings"] = "\n".join(str(w.message) for w in caught)
    secret_codes = {r["filename"] for r in json.loads(outputs["json"]) if r["code"] in ("URI301", "URI304")}
    assert secret_codes == set(FILES)  # every file's secrets were found (and so had to be hidden)
    assert FIX.lower() not in outputs["diff"] and "http://example.com/a" in outputs["diff"]
    found = {name: leaks(text) for name, text in outputs.items() if leaks(text)}
    assert found == {}
    for name, text in FILES.items():  # --fix touched no secret
        kept = [line for line in text.splitlines() if MARK in line]
        assert all(line.split(MARK)[1][:6] in (project / name).read_text(encoding="utf-8") for line in kept)


@pytest.mark.parametrize("command", ["check", "dump"])
def test_exception_messages_never_show_the_text(project: Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    """An unexpected error inside the pipeline names its type only: its message may quote the file."""
    def explode(text: str, *args: object, **kwargs: object) -> object:
        raise ValueError(f"cannot handle {text!r}")

    monkeypatch.setattr(cli.pipeline, "check_text", explode)
    monkeypatch.setattr(cli.pipeline, "checked_text", explode)
    monkeypatch.setattr(cli.pipeline, "candidates", explode)
    code, out = run(capsys, command, "--isolated", ".")
    assert "internal error (ValueError)" in out
    assert leaks(out) == []


def test_config_and_baseline_errors_never_show_values(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "urilint.toml").write_text(f"ignore-hosts = \"postgres://u:{MARK}cfg@h\"\n", encoding="utf-8")
    code, out = run(capsys, "check", ".")
    assert code == 2 and "ignore-hosts" in out and leaks(out) == []
    (project / "urilint.toml").write_text(f"unknown-{MARK}key = 1\n", encoding="utf-8")
    code, out = run(capsys, "check", ".")
    assert code == 2 and "unknown" in out.lower()
    (project / "urilint.toml").unlink()
    (project / "base.json").write_text(f"{{\"version\": 1, \"findings\": \"postgres://u:{MARK}b@h\"", encoding="utf-8")
    code, out = run(capsys, "check", "--baseline", "base.json", ".")
    assert code == 2 and "base.json" in out and leaks(out) == []


@pytest.mark.slow
def test_flake8_output_never_shows_a_secret(project: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "flake8", "--select", "URI", "--isolated", "mod.py"],
                          cwd=project, capture_output=True, text=True, timeout=120)
    assert "URI301" in proc.stdout, proc.stdout + proc.stderr
    assert leaks(proc.stdout + proc.stderr) == []


FLAKE8_SECTION = re.compile(r"^### flake8\n(.*?)^### ", re.S | re.M)


def test_the_readme_says_flake8_show_source_prints_the_line_as_it_is() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    m = FLAKE8_SECTION.search(readme)
    assert m is not None
    section = " ".join(m.group(1).split())
    assert "--show-source" in section and "physical line as it is, a password or token included" in section


def test_flake8_show_source_does_print_the_line_as_it_is(project: Path) -> None:
    """What the README warns about: flake8 prints the source line itself, unmasked."""
    proc = subprocess.run([sys.executable, "-m", "flake8", "--select", "URI", "--isolated", "--show-source",
                           "mod.py"], cwd=project, capture_output=True, text=True, timeout=120)
    assert "URI301" in proc.stdout, proc.stdout + proc.stderr
    messages = [line for line in proc.stdout.splitlines() if line.startswith("mod.py:")]
    assert messages and leaks("\n".join(messages)) == []
    assert leaks(proc.stdout) != []
