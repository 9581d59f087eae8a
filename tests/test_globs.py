"""globs.match reads a glob exactly as fnmatch.fnmatchcase does, without compiling the common ones."""

from __future__ import annotations

import fnmatch

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from urilint import globs
from urilint.config import DEFAULT_EXAMPLE_PATHS, DEFAULT_GENERATED_PATHS, DEFAULT_TEST_PATHS
from urilint.scanners import REGISTRY
from urilint import secrets
from urilint.secrets import WEBHOOKS
from urilint.settings import EXAMPLE_HOST_PATTERNS

_piece = st.sampled_from(["a", "b", "ab", ".", "/", "*", "**", "?", "[ab]", "test", "_", ".py", "min", "A"])
_name_piece = st.sampled_from(["a", "b", "ab", ".", "/", "test", "_", ".py", "min", "A", "*", "?", "["])


@hsettings(max_examples=2000, deadline=None)
@given(pattern=st.lists(_piece, max_size=6).map("".join), name=st.lists(_name_piece, max_size=8).map("".join))
def test_match_reads_as_fnmatchcase(pattern: str, name: str) -> None:
    assert globs.match(name, pattern) is fnmatch.fnmatchcase(name, pattern), (name, pattern)


NAMES = ["README.md", "test_api.py", "api_test.py", "x.min.js", "a.js.map", ".env.local", "prod.env",
         "src/app.test.ts", "conftest.py", "tests", "a.spec.js", "x.map", "main_test.go", "Test_a.py"]


HOSTS = ["example.com", "www.example.com", "example.comx", "hooks.slack.com", "a.webhook.office.com",
         "discord.com", "x.test", "test", "localhost", "api.example.org"]


@pytest.mark.parametrize("pattern", sorted({*DEFAULT_TEST_PATHS, *DEFAULT_GENERATED_PATHS, *DEFAULT_EXAMPLE_PATHS,
                                            *(g for c in REGISTRY.claims for g in c.globs),
                                            *EXAMPLE_HOST_PATTERNS,
                                            *(host for host, _ in WEBHOOKS)}))
def test_every_default_glob_reads_as_fnmatchcase(pattern: str) -> None:
    for name in NAMES + HOSTS:
        assert globs.match(name, pattern) is fnmatch.fnmatchcase(name, pattern), (name, pattern)


@pytest.mark.parametrize("name, pattern, expected", [
    pytest.param("a.min.js", "*.min.js", True, id="suffix"),
    pytest.param("min.js", "*.min.js", False, id="suffix-needs-its-dot"),
    pytest.param("test_x.py", "test_*.py", True, id="prefix-and-suffix"),
    pytest.param("test_.py", "test_*.py", True, id="empty-star"),
    pytest.param("test.py", "test_*.py", False, id="overlap-is-no-match"),
    pytest.param("a.test.b", "*.test.*", True, id="middle"),
    pytest.param("a.testb", "*.test.*", False, id="middle-missing"),
    pytest.param("aXbXc", "a*b*b*c", False, id="parts-in-order"),
    pytest.param("dir/a.py", "*.py", True, id="star-crosses-slash"),
])
def test_match_rows(name: str, pattern: str, expected: bool) -> None:
    assert globs.match(name, pattern) is expected
    assert fnmatch.fnmatchcase(name, pattern) is expected


# Documentation hosts are a set of domains and the hosts below them: read as the globs "d" and
# "*.d" would read them (RFC 2606 section 3 and RFC 6761 section 6 reserve the names below them).
_DOCUMENTATION_GLOBS = [g for d in secrets.DOCUMENTATION_DOMAINS for g in (d, "*." + d)]


@pytest.mark.parametrize("host", HOSTS + [
    "EXAMPLE.COM", "www.Example.Net.", "a.b.example", "example", "notexample", "example.com.evil.io", "invalid",
    "x.invalid", "xtest", "test.io", ".test", "exampleXcom", "example.co", "sub.example.org", "", "."])
def test_documentation_hosts_read_as_their_globs(host: str) -> None:
    lowered = host.lower().rstrip(".")
    expected = any(fnmatch.fnmatchcase(lowered, g) for g in _DOCUMENTATION_GLOBS)
    assert secrets.is_documentation_host(host) is expected


@hsettings(max_examples=500, deadline=None)
@given(host=st.lists(st.sampled_from(["example", "test", "invalid", "com", "net", "org", ".", "x", "E", "-"]),
                     max_size=6).map("".join))
def test_any_host_reads_as_the_documentation_globs(host: str) -> None:
    lowered = host.lower().rstrip(".")
    assert secrets.is_documentation_host(host) is any(fnmatch.fnmatchcase(lowered, g) for g in _DOCUMENTATION_GLOBS)
