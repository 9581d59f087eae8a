"""What every harness shares: the repository on sys.path, bytes to text, and the atheris loop.

A harness is ``test_one_input(data: bytes) -> None``: pure, importable without atheris (the
test suite runs each one on a few seeds, tests/hardening/test_fuzz_harnesses.py), and raising
AssertionError when a property breaks.  ``main(test_one_input)`` hands it to atheris, which
instruments the loaded code for coverage.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable, Tuple

ROOT = Path(__file__).resolve().parent.parent
for _path in (ROOT, ROOT / "src"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))


def text_of(data: bytes) -> str:
    """Bytes as urilint's decoder leaves them: undecodable bytes become lone surrogates
    (surrogateescape), so the harness also sees what U+DC80..U+DCFF does to a scanner."""
    return data.decode("utf-8", "surrogateescape")


def pick(data: bytes, choices: Tuple[str, ...]) -> Tuple[str, bytes]:
    """The first byte chooses among ``choices``; the rest is the input."""
    if not data:
        return choices[0], b""
    return choices[data[0] % len(choices)], data[1:]


def main(test_one_input: Callable[[bytes], None]) -> None:
    import atheris  # only the fuzzing run needs it: pip install atheris

    # The harness imported urilint already; instrument what is loaded (coverage feedback).
    atheris.instrument_all()
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
