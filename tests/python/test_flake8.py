"""The flake8 plugin through the real flake8 (a subprocess), on fixture files with inline
expectations, and its agreement with ``urilint check`` on the same files.

Every fixture is also written in variants that must give the same lines and columns: CRLF line
endings, a UTF-8 byte-order mark, and (for the latin-1 fixture) a PEP 263 coding cookie with the
file encoded in latin-1.  All variants run through one flake8 and one ``urilint check`` process.
"""

from __future__ import annotations

import codecs
from pathlib import Path
from typing import Callable, Dict, List, Tuple

import pytest

from tests.python.harness import (
    Position,
    check_positions,
    expectations,
    flake8_positions,
    run_flake8,
    run_urilint,
)

FIXTURES = Path(__file__).parent / "fixtures"
NAMES = sorted(p.name for p in FIXTURES.glob("*.py"))
COOKIE = "# -*- coding: latin-1 -*-\n"
# One xdist worker takes this module, so the module-scoped `runs` (the two processes) happens once.
pytestmark = pytest.mark.xdist_group("flake8-fixtures")

#: variant -> (bytes of the file, its text as the reader decodes it)
Variant = Callable[[str], Tuple[bytes, str]]
VARIANTS: Dict[str, Variant] = {
    "lf": lambda t: (t.encode("utf-8"), t),
    "crlf": lambda t: (t.replace("\n", "\r\n").encode("utf-8"), t),
    "bom": lambda t: (codecs.BOM_UTF8 + t.encode("utf-8"), t),
    "cookie-latin1": lambda t: ((COOKIE + t).encode("latin-1"), COOKIE + t),
}
CASES = [pytest.param(v, n, id=f"{v}-{n}") for v in VARIANTS for n in NAMES
         if v != "cookie-latin1" or n == "latin1.py"]


class Runs:
    """The fixture variants on disk, and what flake8 and ``urilint check`` report on them."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.expected: Dict[str, List[Position]] = {}
        for variant, make in VARIANTS.items():
            (root / variant).mkdir()
            for name in NAMES:
                if variant == "cookie-latin1" and name != "latin1.py":
                    continue
                data, text = make((FIXTURES / name).read_text(encoding="utf-8"))
                (root / variant / name).write_bytes(data)
                self.expected[f"{variant}/{name}"] = expectations(text)
        # The fixtures exercise positions with normalization findings in string literals, where
        # URI2xx speaks only when selected: both front ends select it explicitly.
        flake8 = run_flake8(["--isolated", "--select=URI", "--uri-select-extra=URI2", "."], root)
        assert flake8.returncode in (0, 1) and "Traceback" not in flake8.stderr, flake8.stderr
        self.flake8 = flake8_positions(flake8.stdout, root)
        check = run_urilint(["check", "--isolated", "--extend-select", "URI2", "--exit-zero", "--output-format",
                             "json", "."], root)
        assert check.returncode == 0, check.stderr
        self.check = check_positions(check.stdout, root)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Runs:
    return Runs(tmp_path_factory.mktemp("fixtures"))


@pytest.mark.slow
@pytest.mark.parametrize("variant, name", CASES)
def test_flake8_reports_expectations(runs: Runs, variant: str, name: str) -> None:
    key = f"{variant}/{name}"
    assert runs.flake8.get(key, []) == runs.expected[key]


# suppress.py maps "# noqa" to lines exactly as flake8 does, so every fixture agrees, including
# noqa_bracketed.py (a noqa after ")" does not cover a string on an earlier line).
AGREEMENT_CASES = CASES


@pytest.mark.slow
@pytest.mark.parametrize("variant, name", AGREEMENT_CASES)
def test_urilint_check_agrees_with_flake8(runs: Runs, variant: str, name: str) -> None:
    key = f"{variant}/{name}"
    assert runs.check.get(key, []) == runs.flake8.get(key, [])


def test_every_fixture_expects_something_or_is_the_silent_one() -> None:
    for name in NAMES:
        found = expectations((FIXTURES / name).read_text(encoding="utf-8"))
        assert bool(found) == (name != "silent.py"), name
