"""Every rule against its own tables: each bad example fires (with its documented fix), each
good example stays silent.  The meta-test holds every rule to its docs and table sizes."""

from __future__ import annotations

import pkgutil
from typing import List

import pytest

import urilint.rules
from urilint.checker import check
from urilint.rules import RULES, Rule
from urilint.rules.base import LINKS
from urilint.rules.base import NORMALIZATION
from urilint.settings import Settings

ALL = Settings(select=frozenset({"ALL"}))


def _bad_params() -> List[object]:
    return [pytest.param(rule, ex.text, ex.fix, ex.applicability, id=f"{rule.code}-{i}") for rule in RULES
            for i, ex in enumerate(rule.bad)]


def _good_params() -> List[object]:
    return [pytest.param(rule, text, id=f"{rule.code}-{i}") for rule in RULES for i, text in enumerate(rule.good)]


def _context(rule: Rule) -> object:
    # URI106 concerns link targets, where the text is a reference for certain.
    return "markdown-link" if rule.code == "URI106" else None


@pytest.mark.parametrize(("rule", "text", "fix", "applicability"), _bad_params())
def test_bad_example_fires_with_its_fix(rule: Rule, text: str, fix: object, applicability: object) -> None:
    # Defaults plus this rule: a fix is what a user with the default selection would get; for a
    # normalization rule, what a user who selects normalization ("URI2") gets: one normal form.
    settings = Settings(extend_select=frozenset({rule.code, "URI2"} if rule.family == NORMALIZATION else {rule.code}))
    findings = [f for f in check(text, settings=settings, context=_context(rule)) if f.code == rule.code]  # type: ignore[arg-type]
    assert findings, f"{rule.code} did not fire on {text!r}"
    for f in findings:
        assert f.name == rule.name
        assert 0 <= f.start <= f.end <= len(text)
        assert f.applicability in ("safe", "unsafe", "display-only")
        assert "\n" not in f.message
    assert findings[0].fix == fix
    if fix is not None:
        assert findings[0].applicability == (applicability or rule.fix_safety)


@pytest.mark.parametrize(("rule", "text"), _good_params())
def test_good_example_is_silent(rule: Rule, text: str) -> None:
    codes = [f.code for f in check(text, settings=ALL, context=_context(rule))]  # type: ignore[arg-type]
    assert rule.code not in codes, f"{rule.code} fired on {text!r}"


@pytest.mark.parametrize("rule", [pytest.param(r, id=r.code) for r in RULES])
def test_rule_is_documented_and_tabled(rule: Rule) -> None:
    assert rule.code.startswith("URI") and len(rule.code) == 6
    assert rule.name == rule.name.lower() and " " not in rule.name
    assert rule.summary and rule.reference and "RFC" in rule.reference
    assert rule.fix_safety in ("safe", "unsafe", "display-only", "none")
    for heading in ("## What it does", "## Why is this bad?", "## Example", "## Fix safety"):
        assert heading in rule.doc, f"{rule.code} doc lacks {heading!r}"
    # A link rule's examples carry their tree (tests/links runs them); the others' are URIs.
    bad = rule.bad_links if rule.family == LINKS else rule.bad
    good = rule.good_links if rule.family == LINKS else rule.good
    assert len(bad) >= 3, rule.code
    assert len(good) >= len(bad), f"{rule.code}: fewer must-not-fire than must-fire examples"
    if rule.fix_safety in ("safe", "unsafe"):
        assert any(ex.fix for ex in bad), f"{rule.code} claims a fix but shows none"


def test_registry_holds_every_rule_module_once() -> None:
    modules = {m.name for m in pkgutil.iter_modules(urilint.rules.__path__) if m.name.startswith("uri")}
    codes = {f"URI{m[3:6]}" for m in modules}
    assert codes == {r.code for r in RULES}
    assert len({r.code for r in RULES}) == len(RULES) == len({r.name for r in RULES})
    for module in modules:
        rule = [r for r in RULES if r.code == f"URI{module[3:6]}"][0]
        assert module == f"uri{rule.code[3:]}_{rule.name.replace('-', '_')}"


FIXED = [pytest.param(rule, ex.text, ex.fix, id=f"{rule.code}-{i}") for rule in RULES
         for i, ex in enumerate(rule.bad) if ex.fix is not None]


@pytest.mark.parametrize(("rule", "text", "fix"), FIXED)
def test_fix_is_idempotent_and_clears_the_finding(rule: Rule, text: str, fix: str) -> None:
    again = [f for f in check(fix, settings=ALL, context=_context(rule)) if f.code == rule.code]
    assert again == [], f"{rule.code} still fires after its fix: {fix!r}"
