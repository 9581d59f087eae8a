"""A module the running interpreter does not compile but a newer Python does is checked, without
fixes; a module no Python reads is still not checked (a warning, issue 5); adversarial input is
a result either way."""

from __future__ import annotations

import sys

import pytest

from urilint.pipeline import lint
from urilint.scanners import python
from urilint.settings import DEFAULT_SETTINGS

URI_LINE = 'u = "htps://x.example/a b"\n'

NEWER = [
    pytest.param('x = f"{"a".join(y)}"\n', id="pep701-quote-reused-in-a-field"),
    pytest.param("def first[T](items: list[T]) -> T:\n    return items[0]\n", id="pep695-type-parameters"),
    pytest.param("type Pairs = list[tuple[int, int]]\n", id="pep695-type-statement"),
]
INVALID = [
    pytest.param('print "hello"\n', id="python-2-print"),
    pytest.param("x = (\n", id="unclosed-bracket"),
    pytest.param("f() = 1\n", id="assignment-to-a-call"),
    pytest.param("{% if x %}\nimport y\n{% endif %}\n", id="jinja-template"),
]


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="the running Python compiles these itself")
@pytest.mark.parametrize("head", NEWER)
def test_a_newer_pythons_module_is_checked_without_fixes(head: str) -> None:
    text = head + URI_LINE
    assert python.syntax_error(text) is not None  # (the running interpreter rejects it)
    assert python.precheck(text) is None
    result = lint(text, "python", DEFAULT_SETTINGS, fix=True, unsafe=True)
    assert result.checked and result.text == text and result.fixed == 0
    assert sorted(f.code for f in result.findings) == ["URI101", "URI108"]
    assert all(f.edit is None and f.applicability == "display-only" for f in result.findings)


@pytest.mark.parametrize("head", INVALID)
def test_a_module_no_python_reads_is_still_not_checked(head: str) -> None:
    text = head + URI_LINE
    refused = python.precheck(text)
    assert refused is not None and refused.startswith("not checked: invalid Python at ")
    assert not lint(text, "python", DEFAULT_SETTINGS).checked
    assert python.scan_python(text) == []


@pytest.mark.parametrize("body", [
    pytest.param("-" * 100_000 + "1\n", id="unary-chain"),
    pytest.param("not " * 20_000 + "x\n", id="not-chain"),
    pytest.param("lambda: " * 5_000 + "1\n", id="lambda-chain"),
])
@pytest.mark.parametrize("first", [pytest.param("", id="alone"), pytest.param('print "x"\n', id="after-python-2"),
                                   pytest.param('x = f"{"a"}"\n', id="after-a-pep-701-f-string")])
def test_adversarial_nesting_is_a_result(first: str, body: str) -> None:
    """Whatever the module holds, the judgement is the interpreter's error, read as text: no
    other parser runs on the whole module (libcst's native one crashed the process on these)."""
    text = first + body + URI_LINE
    python.newer_python(text)  # (returns, whatever it says)
    lint(text, "python", DEFAULT_SETTINGS)


def test_a_module_that_compiles_keeps_its_fixes() -> None:
    result = lint("x = 1\n" + URI_LINE, "python", DEFAULT_SETTINGS)
    assert any(f.edit is not None for f in result.findings)
