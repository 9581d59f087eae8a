"""Records are named tuples (issue 16, start-up): what the frozen dataclasses promised still holds.

Settings normalize what they are given, through the constructor, ``_replace`` and pickling (the
``-j`` workers); a URIReference's equality leaves out where it stood in a source."""

from __future__ import annotations

import pickle

import pytest

from urilint import Settings, parse
from urilint.rfc3986.reference import URIReference

P = pytest.param


@pytest.mark.parametrize("build", [
    P(lambda: Settings(select=["URI1"], allowed_schemes=["Git+SSH"], ignore_hosts=["A.Example"],
                       extra_default_ports={"Redis": "6379"}), id="constructor"),
    P(lambda: Settings()._replace(select=["URI1"], allowed_schemes=["Git+SSH"], ignore_hosts=["A.Example"],
                                  extra_default_ports={"Redis": "6379"}), id="replace"),
    P(lambda: pickle.loads(pickle.dumps(Settings(select=["URI1"], allowed_schemes=["Git+SSH"],
                                                 ignore_hosts=["A.Example"], extra_default_ports={"Redis": 6379}))),
      id="pickled"),
])
def test_settings_store_normalized_immutable_values(build: object) -> None:
    s = build()  # type: ignore[operator]
    assert isinstance(s, Settings)
    assert s.select == frozenset({"URI1"}) and s.allowed_schemes == frozenset({"git+ssh"})
    assert s.ignore_hosts == ("a.example",) and s.extra_default_ports == (("redis", 6379),)
    hash(s)  # usable as a cache key (the checker's plan is cached per settings)
    with pytest.raises(AttributeError):
        s.select = None  # type: ignore[misc]


@pytest.mark.parametrize(("kwargs", "error"), [
    P({"selct": ["URI1"]}, TypeError, id="unknown-field"),
    P({"extra_default_ports": {"redis": "port"}}, ValueError, id="bad-port"),
])
def test_settings_refuse_what_they_cannot_hold(kwargs: dict, error: type) -> None:  # type: ignore[type-arg]
    with pytest.raises(error):
        Settings(**kwargs)


def test_equal_settings_are_equal_whatever_they_were_given_as() -> None:
    assert Settings(select=["URI1", "URI2"]) == Settings(select=("URI2", "URI1"))
    assert Settings(select=["URI1"]) != Settings(select=["URI2"])


def test_a_reference_equals_the_same_components_wherever_it_stood() -> None:
    parsed = parse("http://a.example/p?q#f")
    built = URIReference("http", "a.example", None, "a.example", None, "/p", "q", "f")
    assert parsed.spans != built.spans
    assert parsed == built and not (parsed != built) and hash(parsed) == hash(built)
    assert parsed != parse("http://a.example/p?q#g")
    assert parsed != ("http", "a.example", None, "a.example", None, "/p", "q", "f", parsed.spans)


def test_parse_is_shared_and_still_refuses_what_is_not_text() -> None:
    # Cached: a reported URI's check parses the same text for its rules, secrets and fix.
    assert parse("HTTP://a.example/x") is parse("HTTP://a.example/x")
    for value in (b"http://a", ["http://a"], None):
        with pytest.raises(TypeError, match="text must be a str"):
            parse(value)  # type: ignore[arg-type]
