"""urilint.deepstack: the interpreter's parser on a deep stack where it needs one."""

from __future__ import annotations

import ast

import pytest

from urilint import deepstack


def test_returns_the_value_and_raises_the_error() -> None:
    assert deepstack.call(lambda: 6 * 7) == 42
    with pytest.raises(SyntaxError):
        deepstack.call(lambda: ast.parse("x = ("))


def test_a_long_operator_chain_is_a_result_not_a_crash() -> None:
    # A segmentation fault on CPython 3.9 and 3.10 without the deep stack (run in this process:
    # a crash would end the test run, which is the point).
    src = "x = 1" + " + 1" * 200_000
    try:
        tree = deepstack.call(lambda: ast.parse(src))
    except (RecursionError, MemoryError):
        return
    assert isinstance(tree, ast.Module)
