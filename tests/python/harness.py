"""Running the real flake8 and ``urilint check`` as subprocesses, and reading their output."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

Position = Tuple[int, int, str]  #: (line, 1-based column, code)
_FLAKE8_LINE = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<code>[A-Z]+[0-9]+) (?P<message>.*)$")


def clean_env() -> Dict[str, str]:
    env = dict(os.environ)
    for name in ("FLAKE8_CONFIG", "PYTHONWARNINGS"):
        env.pop(name, None)
    return env


def run_flake8(args: Sequence[str], cwd: Path) -> "subprocess.CompletedProcess[str]":
    return subprocess.run([sys.executable, "-m", "flake8", *args], cwd=cwd, env=clean_env(),
                          capture_output=True, text=True, encoding="utf-8", timeout=120)


def run_urilint(args: Sequence[str], cwd: Path) -> "subprocess.CompletedProcess[str]":
    return subprocess.run([sys.executable, "-m", "urilint", *args], cwd=cwd, env=clean_env(),
                          capture_output=True, text=True, encoding="utf-8", timeout=120)


def flake8_positions(stdout: str, root: Path) -> Dict[str, List[Position]]:
    """path (relative to ``root``, posix) -> sorted (line, column, code) of every reported error."""
    out: Dict[str, List[Position]] = {}
    for line in stdout.splitlines():
        m = _FLAKE8_LINE.match(line)
        if m is None:
            continue
        path = Path(m["path"])
        rel = (path if not path.is_absolute() else path.relative_to(root)).as_posix()
        out.setdefault(rel.removeprefix("./"), []).append((int(m["line"]), int(m["col"]), m["code"]))
    return {k: sorted(v) for k, v in out.items()}


def check_positions(stdout: str, root: Path) -> Dict[str, List[Position]]:
    """The same map from ``urilint check --output-format json``."""
    out: Dict[str, List[Position]] = {}
    for item in json.loads(stdout or "[]"):
        path = Path(item["filename"])
        rel = (path if not path.is_absolute() else path.relative_to(root)).as_posix()
        loc = item["location"]
        out.setdefault(rel.removeprefix("./"), []).append((loc["row"], loc["column"], item["code"]))
    return {k: sorted(v) for k, v in out.items()}


_EXPECT = re.compile(r"# expect: (?P<items>.*)$")
_ITEM = re.compile(r"^(?P<code>URI[0-9]{3})(?:@(?:(?P<rel>[-+]?[0-9]+):)?(?P<col>[0-9]+))?$")


def expectations(text: str) -> List[Position]:
    """The ``# expect: CODE@COL, CODE@-N:COL`` comments of a fixture, as (line, column, code)."""
    out: List[Position] = []
    for number, line in enumerate(text.splitlines(), 1):
        m = _EXPECT.search(line)
        if m is None:
            continue
        for item in m["items"].split(","):
            im = _ITEM.match(item.strip())
            assert im is not None, f"bad expectation {item!r} on line {number}"
            assert im["col"] is not None, f"give a column: {item!r} on line {number}"
            out.append((number + int(im["rel"] or 0), int(im["col"]), im["code"]))
    return sorted(out)
