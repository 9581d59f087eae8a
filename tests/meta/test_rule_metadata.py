"""A rule file is the whole rule: its metadata is declared there and nowhere else."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path
from typing import Iterator, List, Tuple

import pytest

from urilint.reporters import common, sarif
from urilint.rules import RULES, Rule
from urilint.rules.base import CHARACTERS, FAMILIES, SCHEME, SEVERITIES, WHOLE, CleanShape
from urilint.rules.common import ASPECTS
from urilint.settings import Settings

SRC = Path(__file__).resolve().parents[2] / "src" / "urilint"
#: A rule code or a code prefix written as a whole string: "URI301", "URI3", "URI".
_CODE_LITERAL = re.compile(r"URI[0-9]{0,3}")
_RULE_MODULE = re.compile(r"uri([0-9]{3})_[a-z0-9_]+\.py")


def _string_literals(path: Path) -> Iterator[Tuple[int, str]]:
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    for tok in tokens:
        if tok.type == tokenize.STRING:
            try:
                value = ast.literal_eval(tok.string)
            except (ValueError, SyntaxError):
                continue  # f-strings
            if isinstance(value, str):
                yield tok.start[0], value


def _code_literals_outside_their_rule(root: Path = SRC) -> List[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        own = _RULE_MODULE.fullmatch(path.name)
        for line, value in _string_literals(path):
            if not _CODE_LITERAL.fullmatch(value) or value == "URI":
                continue
            if own is not None and value == f"URI{own.group(1)}":
                continue  # a rule names its own code
            found.append(f"{path.relative_to(root)}:{line}: {value!r}")
    return found


def test_no_rule_code_or_family_prefix_is_written_outside_its_rule() -> None:
    """Defaults, families, severities and fast paths were keyed by code literals in settings,
    checker, fixer and the reporters; now they are fields of the Rule."""
    assert _code_literals_outside_their_rule() == []


def test_the_meta_test_sees_a_code_written_elsewhere(tmp_path: Path) -> None:
    (tmp_path / "sneaky.py").write_text('OFF = frozenset({"URI109"})\nPREFIX = "URI1"\n', encoding="utf-8")
    (tmp_path / "uri109_unknown_scheme.py").write_text('CODE = "URI109"\nOTHER = "URI204"\n', encoding="utf-8")
    assert _code_literals_outside_their_rule(tmp_path) == [
        "sneaky.py:1: 'URI109'", "sneaky.py:2: 'URI1'", "uri109_unknown_scheme.py:2: 'URI204'"]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_every_rule_declares_its_metadata(rule: Rule) -> None:
    assert rule.family in FAMILIES
    assert rule.reads in (CHARACTERS, SCHEME, WHOLE)
    assert rule.severity in SEVERITIES
    assert callable(rule.screen) and callable(rule.check)
    assert rule.fix_safety in ("safe", "unsafe", "display-only", "none")
    if rule.aspect is not None:
        assert rule.aspect in ASPECTS
    if rule.cwe is not None or rule.security_severity is not None:
        assert rule.security_severity is not None


def test_each_aspect_belongs_to_one_rule() -> None:
    aspects = [r.aspect for r in RULES if r.aspect is not None]
    assert sorted(aspects) == sorted(ASPECTS)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_settings_and_reporters_read_the_rule(rule: Rule) -> None:
    assert Settings().is_enabled(rule.code) is rule.default
    assert Settings(select=frozenset({"ALL"})).is_enabled(rule.code)
    assert common.level(rule.code) == rule.severity
    descriptor = sarif.rule_descriptor(rule)
    assert descriptor["defaultConfiguration"] == {"enabled": rule.default, "level": rule.severity}
    assert descriptor["properties"].get("security-severity") == rule.security_severity


def test_a_rule_without_a_screen_takes_the_full_pass() -> None:
    """The safe default: a new rule that declares no screen costs time, never findings."""
    bare = Rule("URI999", "x", "x", "x", "none", True, "x", (), (), check=lambda a: iter(()))
    shape = CleanShape("https://example.com/", True, "https", "example.com", None, "/", None)
    assert bare.screen(shape) is True
