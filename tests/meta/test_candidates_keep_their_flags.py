"""A scanner that changes a candidate it was handed (its context, whether it is in code, where it
sits in the source) uses ``c._replace(...)``, never ``Candidate(c.uri, ...)``: a rebuilt
candidate silently loses what else it says about itself (its open ends, issue 15), which is how
a URI cut inside ``<...>`` in a docstring came to be fixed by its end."""

from __future__ import annotations

import re
from pathlib import Path
from typing import List

SRC = Path(__file__).resolve().parents[2] / "src" / "urilint"
REBUILT = re.compile(r"\bCandidate\(\s*(\w+)\.uri\b")


def rebuilt(root: Path) -> List[str]:
    out = []
    for path in sorted(root.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if REBUILT.search(line):
                out.append(f"{path.relative_to(root).as_posix()}:{n}")
    return out


def test_no_scanner_rebuilds_a_candidate_from_another() -> None:
    assert rebuilt(SRC) == []


def test_the_check_sees_a_rebuilt_candidate(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = Candidate(c.uri, c.start, c.end, 'comment')\ny = c._replace(context='comment')\n")
    assert rebuilt(tmp_path) == ["a.py:1"]
