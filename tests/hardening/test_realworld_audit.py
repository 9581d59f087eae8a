"""Whole real repositories, as a new user meets urilint: ``urilint check .`` with no
configuration, every finding held to the audit in tests/data/realworld_verdicts.csv.

Each row is one finding of an audited run (repository, file, line, code), the verdict of a
reader who opened it in context ("real": its maintainer would fix it; "noise": not, with the
class of the noise), and what urilint does with it now ("reported" or "not-reported").  The test
fails when a finding appears that nobody judged (judge it and add a row), when a finding judged
noise is reported again, and when a real problem that is reported stops being found.
"""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Dict, List, Set, Tuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpora" / "realworld"
VERDICTS = ROOT / "tests" / "data" / "realworld_verdicts.csv"

Key = Tuple[str, str, int, str]  #: repository, file, line, code

# The group keeps the module on one worker, so its module-scoped run is made once.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("realworld-audit"),
              pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpora/realworld is absent")]


def _verdicts() -> List[Dict[str, str]]:
    with VERDICTS.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _findings(repo: Path) -> List[Key]:
    proc = subprocess.run([sys.executable, "-m", "urilint", "check", ".", "--output-format", "json", "--exit-zero"],
                          cwd=repo, capture_output=True, text=True, encoding="utf-8", timeout=600)
    assert proc.returncode == 0, proc.stderr
    return [(repo.name, item["filename"], item["location"]["row"], item["code"]) for item in json.loads(proc.stdout)]


def test_the_verdicts_are_well_formed() -> None:
    rows = _verdicts()
    assert rows
    for row in rows:
        assert row["verdict"] in ("real", "noise"), row
        assert row["now"] in ("reported", "not-reported"), row
        assert row["reason"].strip(), row
        assert (row["class"] == "") == (row["verdict"] == "real"), row
        assert row["verdict"] == "real" or row["now"] == "not-reported", row


@pytest.fixture(scope="module")
def findings() -> Dict[str, List[Key]]:
    return {repo.name: _findings(repo) for repo in sorted(CORPUS.iterdir()) if repo.is_dir()}


def test_every_default_finding_is_a_judged_real_problem(findings: Dict[str, List[Key]]) -> None:
    # A key may hold several rows (one finding per occurrence, before one-finding-per-rule):
    # it is real when any of them is.
    judged: Dict[Key, str] = {}
    for row in _verdicts():
        key = (row["repo"], row["file"], int(row["line"]), row["code"])
        judged[key] = "real" if row["verdict"] == "real" or judged.get(key) == "real" else "noise"
    unjudged = [k for keys in findings.values() for k in keys if k not in judged]
    noise = [k for keys in findings.values() for k in keys if judged.get(k) == "noise"]
    assert unjudged == [], "new findings: open each in context and add its verdict to the CSV"
    assert noise == [], "findings the audit judged noise are reported again"


def test_every_real_problem_that_is_reported_stays_found(findings: Dict[str, List[Key]]) -> None:
    found: Set[Key] = {k for keys in findings.values() for k in keys}
    expected = [(r["repo"], r["file"], int(r["line"]), r["code"]) for r in _verdicts() if r["now"] == "reported"]
    assert expected and [k for k in expected if k not in found] == []


def test_precision_on_every_repository(findings: Dict[str, List[Key]]) -> None:
    """The issue's bar, stated directly: 95% of default findings real, on every repository."""
    real = {(r["repo"], r["file"], int(r["line"]), r["code"]) for r in _verdicts() if r["verdict"] == "real"}
    for repo, keys in findings.items():
        counts = Counter(k in real for k in keys)
        if keys:
            assert counts[True] / len(keys) >= 0.95, (repo, counts)
