"""Selection, ignores and host/scheme exclusions."""

from __future__ import annotations

import pytest

from urilint.checker import check
from urilint.settings import Settings


@pytest.mark.parametrize(
    ("settings", "code", "enabled"),
    [
        pytest.param(Settings(), "URI101", True, id="default-on"),
        pytest.param(Settings(), "URI109", False, id="default-off"),
        pytest.param(Settings(extend_select=frozenset({"URI109"})), "URI109", True, id="extend-select"),
        pytest.param(Settings(select=frozenset({"URI3"})), "URI101", False, id="select-prefix-excludes"),
        pytest.param(Settings(select=frozenset({"URI3"})), "URI302", True, id="select-prefix-includes-off"),
        pytest.param(Settings(ignore=frozenset({"URI2"})), "URI201", False, id="ignore-prefix"),
        pytest.param(Settings(select=frozenset({"URI201"}), ignore=frozenset({"URI2"})), "URI201", True,
                     id="more-specific-select-wins"),
        pytest.param(Settings(select=frozenset({"URI2"}), ignore=frozenset({"URI2"})), "URI201", False,
                     id="tie-ignore-wins"),
        pytest.param(Settings(select=frozenset({"ALL"})), "URI110", True, id="all"),
        pytest.param(Settings(ignore=frozenset({"ALL"})), "URI101", False, id="ignore-all"),
    ],
)
def test_is_enabled(settings: Settings, code: str, enabled: bool) -> None:
    assert settings.is_enabled(code) is enabled


def test_ignore_hosts_and_schemes() -> None:
    assert check("HTTP://Internal.Corp/a b", settings=Settings(ignore_hosts=("*.corp",))) == []
    assert check("HTTP://Internal.Corp/a b") != []
    assert check("Custom://X/a b", settings=Settings(ignore_schemes=frozenset({"CUSTOM"}))) == []


def test_example_hosts_exempt_from_security_rules_only() -> None:
    settings = Settings(exempt_example_hosts=True)
    assert check("postgres://u:s3cr3t@db.example.com/x", settings=settings) == []
    assert [f.code for f in check("https://u:s3cr3t@api.test/a b", settings=settings)] == ["URI101"]
    assert [f.code for f in check("postgres://u:s3cr3t@db.prod.internal/x", settings=settings)] == ["URI301"]


def test_placeholder_syntaxes_are_a_setting() -> None:
    assert check("https://example.com/{id}") == []
    no_braces = Settings(placeholders=frozenset({"shell"}))
    assert {f.code for f in check("https://example.com/{id}", settings=no_braces)} == {"URI101"}


def test_extra_default_ports() -> None:
    settings = Settings(extra_default_ports={"redis": 6379}, extend_select=frozenset({"URI206"}))
    [f] = check("redis://cache:6379/0", settings=settings)
    assert (f.code, f.fix) == ("URI206", "redis://cache/0")
    assert check("redis://cache:6379/0") == []


def test_settings_are_frozen_and_hashable() -> None:
    s = Settings(extend_select={"URI109"})  # type: ignore[arg-type]
    with pytest.raises(AttributeError):
        s.ignore = frozenset()  # type: ignore[misc]
    assert isinstance(s.extend_select, frozenset)
