"""Config files (YAML, TOML, JSON, .env, shell): a fix changes a URI and nothing of the document
around it, as the format's own parser reads it.  A property with each format's parser as the
oracle (json, tomllib, PyYAML), and the cases it found as tables."""

from __future__ import annotations

import json
import sys
from typing import Any, Callable, Dict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urilint import pipeline
from urilint.scanners import extract, get
from urilint.scanners.config import parses_as_toml
from urilint.scanners.json import parses_as_json
from urilint.settings import Settings

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

P = pytest.param
EVERY_RULE = Settings(select=frozenset({"ALL"}))


def fixed(text: str, fmt: str) -> str:
    return pipeline.fix_text(text, fmt, EVERY_RULE, unsafe=True).text


# -- YAML: a plain scalar ends before a mapping's ":" -------------------------------------------
YAML_FINDS = [
    P("- https://x.io: ?q=\n", ["https://x.io"], id="sequence-of-one-mapping"),
    P("k: https://x.io:\n", ["https://x.io"], id="colon-at-line-end"),
    P("https://x.io:80: v\n", ["https://x.io:80"], id="key-with-a-port"),
    P("a: 'https://x.io:'\n", ["https://x.io:"], id="quoted-keeps-its-colon"),
    P("a: https://x.io:8080\n", ["https://x.io:8080"], id="port"),
    P("a: https://x.io:8080/a:b\n", ["https://x.io:8080/a:b"], id="colons-inside"),
]
YAML_MUST_NOT_FIND = [
    P("- http::\n", id="scheme-and-key-colon"),
    P("- https://: x\n", id="scheme-slashes-and-key-colon"),
    P("mailto: x\n", id="key-named-like-a-scheme"),
    P("https: //x.io\n", id="key-then-a-path"),
    P("- ftp:\n", id="key-ftp"),
    P("a:\n  b: c\n", id="nested-mapping"),
]


@pytest.mark.parametrize("text, uris", YAML_FINDS)
def test_yaml_finds(text: str, uris: list) -> None:
    assert [c.uri for c in extract(text, "yaml") if c.context != "comment"] == uris


@pytest.mark.parametrize("text", YAML_MUST_NOT_FIND)
def test_yaml_must_not_find(text: str) -> None:
    assert [c.uri for c in extract(text, "yaml")] == []


# -- a quote after an even run of backslashes closes the string -----------------------------------
@pytest.mark.parametrize("text, uri", [
    P('a = "ftp://x.io/a\\\\\\\\"b"\n', "ftp://x.io/a\\\\\\\\", id="even-run-closes"),
    P('a = """ftp://x.io/a\\\\\\\\"""\n', "ftp://x.io/a\\\\\\\\", id="even-run-before-triple-quote"),
    P('a = "ftp://x.io/a\\\\\\"b"\n', 'ftp://x.io/a\\\\\\"b', id="odd-run-escapes"),
    P('a = "ftp://x.io/a\\"b"\n', 'ftp://x.io/a\\"b', id="one-backslash-escapes"),
])
def test_closing_quote_after_backslashes(text: str, uri: str) -> None:
    assert [c.uri for c in extract(text, "toml")] == [uri]


# -- an edit leaves escapes alone ------------------------------------------------------------------
KEPT = [
    P("toml", 'a = "HTTP://x.io/a b"\n', 'a = "http://x.io/a%20b"\n', id="toml-no-backslash"),
    P("yaml", 'a: "HTTP://x.io/\\x41b"\n', 'a: "http://x.io/\\x41b"\n', id="yaml-escape-beside-the-edit-kept"),
    P("toml", 'a = "HTTP://x.io/\\u0041"\n', 'a = "http://x.io/\\u0041"\n', id="toml-unicode-escape-kept"),
    P("shell", 'curl "HTTP://x.io/a"\n', 'curl "http://x.io/a"\n', id="shell"),
]
REFUSED = [
    P("toml", 'a = "http://x.io/a\\\\\\\\b"\n', id="toml-escaped-backslash"),
    P("yaml", 'a: "http://x.io/a\\\\\\\\b"\n', id="yaml-escaped-backslash"),
    P("env", 'A="http://x.io/a\\\\\\\\b"\n', id="env-escaped-backslash"),
    P("toml", 'a = """ftp://x.io/a\\\\\\\\"""\n', id="toml-multiline-escaped-backslash"),
]


@pytest.mark.parametrize("fmt, text, expected", KEPT)
def test_kept(fmt: str, text: str, expected: str) -> None:
    assert fixed(text, fmt) == expected
    assert fixed(expected, fmt) == expected  # (idempotent: a second run changes nothing)


@pytest.mark.parametrize("fmt, text", REFUSED)
def test_refused(fmt: str, text: str) -> None:
    assert fixed(text, fmt) == text
    assert any(f.code == "URI101" and f.edit is None for f in pipeline.check_text(text, fmt, EVERY_RULE))


def test_tables_are_balanced() -> None:
    assert len(YAML_MUST_NOT_FIND) >= len(YAML_FINDS) and len(KEPT) >= len(REFUSED)


# -- a fixed file still parses ------------------------------------------------------------------------
@pytest.mark.parametrize("fmt, good, bad", [
    P("toml", 'a = "x"\n', 'a = "x\n', id="toml"),
    P("json", '{"a": "x"}', '{"a": "x"', id="json"),
])
def test_fixed_files_must_still_parse(fmt: str, good: str, bad: str) -> None:
    check = get(fmt).well_formed
    assert check in (parses_as_toml, parses_as_json)
    assert check is not None and check(good) and not check(bad)


# -- the property ---------------------------------------------------------------------------------
_PARTS = st.sampled_from(["%7e", "%7E", "%5F", "%41", "%e9", "%20", "%%", " ", "\\", "\\\\", "\\/", "\\u00e9", "\\n",
                          "'", '"', "&amp;", "<", ">", "/../", "/./", "?q=", "#", "a", "\u00e9", "{x}", "$x", "|",
                          "]", "[", "}", "{", ",", ":", "#c", "=", "`"])
_URI = st.builds(lambda s, h, p: s + h + "".join(p),
                 st.sampled_from(["https://", "HTTP://", "http://", "hTTp://", "ahttp://", "http:/", "ftp://"]),
                 st.sampled_from(["x.io", "X.IO", "x.io:80", "x.io:443", "u:p@x.io", "x.io:", "x.io/"]),
                 st.lists(_PARTS, max_size=5))


def _json(draw: Callable[[Any], Any]) -> str:
    return json.dumps({"a": draw(_URI), "b": [draw(_URI), {"c": "see " + draw(_URI)}]},
                      ensure_ascii=draw(st.booleans()))


def _toml_string(draw: Callable[[Any], Any], value: str) -> str:
    kind = draw(st.sampled_from(["basic", "literal", "multi"]))
    if kind == "literal" and "'" not in value and "\n" not in value:
        return "'" + value + "'"
    if kind == "multi":
        return '"""' + value.replace("\\", "\\\\").replace('"', '\\"') + '"""'
    return json.dumps(value)


def _toml(draw: Callable[[Any], Any]) -> str:
    return (f"a = {_toml_string(draw, draw(_URI))}\n[t]\nb = [{_toml_string(draw, draw(_URI))}, "
            f"{_toml_string(draw, 'see ' + draw(_URI))}]\n# {draw(_URI)}\n")


def _yaml_scalar(draw: Callable[[Any], Any], value: str) -> str:
    kind = draw(st.sampled_from(["double", "single", "plain"]))
    if kind == "double":
        return json.dumps(value)
    return "'" + value.replace("'", "''") + "'" if kind == "single" else value


def _yaml(draw: Callable[[Any], Any]) -> str:
    return (f"a: {_yaml_scalar(draw, draw(_URI))}\nb:\n  - {_yaml_scalar(draw, draw(_URI))}\n"
            f"  - c: {_yaml_scalar(draw, 'see ' + draw(_URI))}\n# {draw(_URI)}\nd: |\n  {draw(_URI)}\n")


def _shape(value: Any) -> Any:
    """The document's structure: mappings, lists, and every string as "S" (a key too: a URI
    that is a mapping's key may be fixed as any other)."""
    if isinstance(value, dict):
        return [("map", _shape(k), _shape(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [_shape(v) for v in value]
    return "S" if isinstance(value, str) else value


def _yaml_load(text: str) -> Any:
    yaml = pytest.importorskip("yaml")
    return list(yaml.safe_load_all(text))


_FORMATS: Dict[str, Any] = {"json": (_json, json.loads), "toml": (_toml, tomllib.loads), "yaml": (_yaml, _yaml_load)}


@pytest.mark.parametrize("fmt", sorted(_FORMATS))
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fixes_keep_the_documents_structure(fmt: str, data: st.DataObject) -> None:
    build, load = _FORMATS[fmt]
    text = build(data.draw)
    try:
        before = _shape(load(text))
    except Exception:  # noqa: BLE001 - the generator may write what the parser refuses
        return
    after_text = fixed(text, fmt)
    assert _shape(load(after_text)) == before
    assert fixed(after_text, fmt) == after_text  # (idempotent)
