"""The harness every scanner shares: no exception, the candidate contract, and no secret of
the text in any output (_secrets)."""

from __future__ import annotations

from typing import Callable, Tuple

import _common
import _secrets

from tests.hardening.helpers import contract_violations
from urilint.scanners import extract


def harness(formats: Tuple[str, ...]) -> Callable[[bytes], None]:
    for fmt in formats:
        extract("", fmt)  # import the scanner now (they load on first use), before atheris instruments

    def test_one_input(data: bytes) -> None:
        fmt, rest = _common.pick(data, formats)
        text = _common.text_of(rest)
        for include_code in (False, True):
            found = extract(text, fmt, include_code=include_code)
            bad = contract_violations(text, found)
            assert not bad, (fmt, include_code, text, bad)
        _secrets.assert_no_secret_shown(text, fmt)

    return test_one_input
