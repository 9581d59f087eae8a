"""Fuzz the RFC 3986 core: validate, is_valid, parse, normalize, resolve, remove_dot_segments.

    python fuzz/fuzz_core.py -max_total_time=600 [corpus_dir]
"""

from __future__ import annotations

import _common

import urilint
from urilint.rfc3986 import RULES


def test_one_input(data: bytes) -> None:
    text = _common.text_of(data)
    base, _, ref = text.partition("\x00")
    for rule in RULES:
        problems = urilint.validate(text, rule)
        assert (problems == []) == urilint.is_valid(text, rule), (text, rule)
        assert all(0 <= p.offset <= len(text) for p in problems), (text, rule)
    ref_obj = urilint.parse(text)
    assert str(ref_obj) == text
    once = urilint.normalize(text)
    assert urilint.normalize(once) == once, text
    for rule in RULES:
        assert urilint.is_valid(once, rule) == urilint.is_valid(text, rule) or not urilint.is_valid(text, rule), text
    for strict in (True, False):
        target = urilint.resolve(base, ref, strict=strict)
        if urilint.is_valid(base, "URI") and urilint.is_valid(ref):
            assert urilint.is_valid(target, "URI"), (base, ref, target)
    out = urilint.remove_dot_segments(text)
    assert urilint.remove_dot_segments(out) == out, text


if __name__ == "__main__":
    _common.main(test_one_input)
