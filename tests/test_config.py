"""Configuration discovery and validation."""

from __future__ import annotations

import fnmatch
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urilint.config import (
    Config,
    ConfigError,
    check_selector,
    config_from_mapping,
    find_config,
    known_selectors,
    load_config,
    path_matches,
    split_selectors,
)
from urilint.rules import RULES


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_pyproject_table_found_walking_up(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", '[tool.urilint]\nextend-select = ["URI109"]\nignore-hosts = ["*.corp"]\n')
    sub = tmp_path / "a" / "b"
    sub.mkdir(parents=True)
    config = load_config(sub)
    assert config.source == tmp_path / "pyproject.toml"
    assert config.settings.is_enabled("URI109") and config.settings.ignore_hosts == ("*.corp",)


def test_pyproject_without_table_is_passed_over(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", '[tool.urilint]\nignore = ["URI2"]\n')
    write(tmp_path / "pkg" / "pyproject.toml", '[project]\nname = "x"\n')
    assert find_config(tmp_path / "pkg") == tmp_path / "pyproject.toml"


@pytest.mark.parametrize("name", [".urilint.toml", "urilint.toml"])
def test_dedicated_files_win_over_pyproject(tmp_path: Path, name: str) -> None:
    write(tmp_path / "pyproject.toml", '[tool.urilint]\nignore = ["URI2"]\n')
    write(tmp_path / name, 'select = ["URI3"]\n')
    config = load_config(tmp_path)
    assert config.source == tmp_path / name
    assert not config.settings.is_enabled("URI101") and config.settings.is_enabled("URI301")


def test_no_config_gives_defaults(tmp_path: Path) -> None:
    assert load_config(tmp_path).source is None


@pytest.mark.parametrize(
    ("table", "message"),
    [
        pytest.param({"selct": ["URI1"]}, "unknown key 'selct'", id="unknown-key"),
        pytest.param({"select": "URI1"}, "'select' must be a list of strings", id="select-not-list"),
        pytest.param({"select": ["E501"]}, "'select': unknown selector 'E501'", id="foreign-code"),
        pytest.param({"include-code-blocks": "yes"}, "'include-code-blocks' must be true or false", id="bool"),
        pytest.param({"extra-default-ports": {"redis": "6379"}}, "'extra-default-ports'", id="port-type"),
        pytest.param({"extra-default-ports": {"redis": 70000}}, "0-65535", id="port-range"),
        pytest.param({"placeholders": ["mustache"]}, "unknown syntaxes mustache", id="placeholder-name"),
        pytest.param({"per-file-ignores": ["x"]}, "'per-file-ignores' must be a table", id="per-file"),
    ],
)
def test_bad_config_names_key_and_file(table: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(ConfigError) as exc:
        config_from_mapping(table, "proj/pyproject.toml")
    assert message in str(exc.value) and "proj/pyproject.toml" in str(exc.value)


def test_every_key_is_accepted() -> None:
    config = config_from_mapping({
        "select": ["URI1"], "extend-select": ["URI110"], "ignore": ["URI101"], "extend-ignore": ["URI102"],
        "per-file-ignores": {"docs/*": ["URI3"]}, "exclude": ["vendor"], "extend-exclude": ["*.min.js"],
        "include-code-blocks": True, "check-comments": False, "check-docstrings": False,
        "placeholders": ["braces"], "allowed-schemes": ["myapp"], "ignore-schemes": ["javascript"],
        "ignore-hosts": ["*.corp"], "ignore-uris": ["https://example.com/*"], "exempt-example-hosts": True,
        "extra-default-ports": {"redis": 6379},
    })
    s = config.settings
    assert s.ignore == frozenset({"URI101", "URI102"}) and s.is_enabled("URI110") and not s.is_enabled("URI101")
    assert config.per_file_ignores == (("docs/*", frozenset({"URI3"})),)
    assert s.extra_default_ports == (("redis", 6379),) and s.ignore_uris == ("https://example.com/*",)
    assert not s.check_comments and s.include_code_blocks and s.allowed_schemes == frozenset({"myapp"})


def test_invalid_toml_is_a_config_error(tmp_path: Path) -> None:
    write(tmp_path / "urilint.toml", "select = [\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(tmp_path)


# Configuration errors quote what was wrong, but never a secret: a mistyped key, a misplaced
# value or a glob may be a URI with a password.
SECRET = "postgres://admin:Zq7cfgpw1@db.vendor.io/x"
SECRET_TABLES = [
    pytest.param({SECRET: 1}, "unknown key", id="key"),
    pytest.param({"select": [SECRET]}, "unknown selector", id="code"),
    pytest.param({"ignore": ["URI1", f"{SECRET} "]}, "unknown selector", id="code-among-codes"),
    pytest.param({"per-file-ignores": {SECRET: ["E1"]}}, "per-file-ignores", id="glob"),
    pytest.param({"per-file-ignores": {SECRET: "URI1"}}, "must be a list of strings", id="glob-in-type-error"),
    pytest.param({"placeholders": [SECRET]}, "unknown syntaxes", id="placeholder"),
    pytest.param({"select": ["https://ci.vendor.io/?token=ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM"]},
                 "unknown selector", id="token"),
]
PLAIN_TABLES = [
    pytest.param({"selct": ["URI1"]}, "'selct'", id="key"),
    pytest.param({"select": ["E501"]}, "E501", id="code"),
    pytest.param({"per-file-ignores": {"docs/*.md": ["E1"]}}, "per-file-ignores.docs/*.md", id="glob"),
    pytest.param({"placeholders": ["mustache"]}, "mustache", id="placeholder"),
    pytest.param({"select": ["https://vendor.io/a"]}, "https://vendor.io/a", id="uri-without-secret"),
    pytest.param({"x" * 200: 1}, "x" * 77 + "...", id="long-key-cut"),
    pytest.param({"ignore": ["URI1", "postgres://admin:{pw}@db/x"]}, "postgres://admin:{pw}@db/x", id="placeholder-shown"),
]


@pytest.mark.parametrize(("table", "names"), SECRET_TABLES)
def test_config_errors_never_echo_a_secret(table: dict, names: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(ConfigError) as exc:
        config_from_mapping(table, "proj/urilint.toml")
    message = str(exc.value)
    assert names in message and "proj/urilint.toml" in message
    assert "zq7" not in message.lower() and "ghp_" not in message.lower()
    assert "****" in message


@pytest.mark.parametrize(("table", "names"), PLAIN_TABLES)
def test_config_errors_still_quote_what_was_wrong(table: dict, names: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(ConfigError) as exc:
        config_from_mapping(table, "proj/urilint.toml")
    assert names in str(exc.value) and "****" not in str(exc.value)


# -- selectors: a code that names no rule is an error, never a silent "check nothing" (issue 15) --
UNKNOWN_SELECTORS = [
    pytest.param({"select": ["URI3O1"]}, "'select': unknown selector 'URI3O1'", "URI301", id="letter-o-for-zero"),
    pytest.param({"extend-select": ["URI9"]}, "'extend-select': unknown selector 'URI9'", "", id="no-such-family"),
    pytest.param({"ignore": ["URI3011"]}, "'ignore': unknown selector 'URI3011'", "URI301", id="one-digit-too-many"),
    pytest.param({"extend-ignore": ["E501"]}, "'extend-ignore': unknown selector 'E501'", "", id="another-linter"),
    pytest.param({"select": ["password-in-userinfo"]}, "unknown selector 'password-in-userinfo'", "URI301",
                 id="a-rule-name"),
    pytest.param({"select": ["U"]}, "unknown selector 'U'", "", id="shorter-than-the-family"),
    pytest.param({"select": [""]}, "'select': empty selector", "", id="empty-string"),
    pytest.param({"ignore": ["  "]}, "'ignore': empty selector", "", id="blank-string"),
    pytest.param({"per-file-ignores": {"*.md": ["URI3O1"]}}, "'per-file-ignores.*.md': unknown selector 'URI3O1'",
                 "URI301", id="per-file-code"),
    pytest.param({"per-file-ignores": {"": ["URI1"]}}, "'per-file-ignores' has an empty glob", "", id="per-file-glob"),
]
KNOWN_SELECTORS = [
    pytest.param({"select": []}, id="select-nothing"),
    pytest.param({"select": ["ALL"]}, id="all"),
    pytest.param({"select": ["all"]}, id="all-lower-case"),
    pytest.param({"select": ["URI"]}, id="family"),
    pytest.param({"select": ["uri3"]}, id="prefix-lower-case"),
    pytest.param({"extend-select": ["URI10"]}, id="two-digit-prefix"),
    pytest.param({"ignore": ["URI111"]}, id="full-code"),
    pytest.param({"extend-ignore": ["URI2", "URI305"]}, id="mixed"),
    pytest.param({"per-file-ignores": {"docs/*": ["URI", "URI301"]}}, id="per-file"),
    pytest.param({"per-file-ignores": {"a:b.md": ["URI1"]}}, id="per-file-glob-with-colon"),
]


@pytest.mark.parametrize(("table", "message", "suggestion"), UNKNOWN_SELECTORS)
def test_unknown_selector_is_an_error_naming_it(table: dict, message: str, suggestion: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(ConfigError) as exc:
        config_from_mapping(table, "proj/pyproject.toml")
    text = str(exc.value)
    assert message in text and text.startswith("proj/pyproject.toml: ")
    assert (f"did you mean {suggestion}?" in text) if suggestion else "did you mean" not in text


@pytest.mark.parametrize("table", KNOWN_SELECTORS)
def test_known_selectors_are_accepted(table: dict) -> None:  # type: ignore[type-arg]
    config_from_mapping(table, "proj/pyproject.toml")


def test_unknown_selector_in_a_file_names_file_and_selector(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", '[tool.urilint]\nselect = ["URI3O1"]\n')
    with pytest.raises(ConfigError, match=r"pyproject.toml: 'select': unknown selector 'URI3O1'"):
        load_config(tmp_path)


@pytest.mark.parametrize(("text", "selected"), [
    pytest.param("URI1,URI302", {"URI1", "URI302"}, id="two"),
    pytest.param(" uri1 , URI2 ", {"URI1", "URI2"}, id="spaces-and-case"),
    pytest.param("ALL", {"ALL"}, id="all"),
])
def test_split_selectors(text: str, selected: set) -> None:  # type: ignore[type-arg]
    assert split_selectors(text, "--select") == selected


@pytest.mark.parametrize(("text", "message"), [
    pytest.param("", "--select: empty value", id="empty"),
    pytest.param(" ", "--select: empty value", id="blank"),
    pytest.param(",", "--select: empty selector", id="only-a-comma"),
    pytest.param("URI1,,URI2", "--select: empty selector", id="empty-item"),
    pytest.param("URI1,", "--select: empty selector", id="trailing-comma"),
    pytest.param("URI1,URI3O1", "--select: unknown selector 'URI3O1'", id="one-bad-of-two"),
])
def test_split_selectors_rejects(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        split_selectors(text, "--select")


def test_known_selectors_are_the_registry_and_its_prefixes() -> None:
    codes = {r.code for r in RULES}
    assert codes <= known_selectors() and {"ALL", "URI", "URI1", "URI2", "URI3"} <= known_selectors()
    assert all(s == "ALL" or any(c.startswith(s) for c in codes) for s in known_selectors())


@given(st.text(max_size=12))
def test_every_accepted_selector_names_a_rule(text: str) -> None:
    """Property: what check_selector accepts selects at least one rule; everything else raises."""
    try:
        code = check_selector(text, "x")
    except ConfigError as exc:
        assert str(exc).startswith("x: ")
        return
    assert code == "ALL" or any(r.code.startswith(code) for r in RULES)


def test_an_unknown_selector_is_echoed_short_and_printable() -> None:
    with pytest.raises(ConfigError) as exc:
        check_selector("URI\x1b[31m" + "9" * 100, "x")
    assert "\x1b" not in str(exc.value) and "9" * 41 not in str(exc.value)


@pytest.mark.parametrize(("path", "role"), [
    pytest.param("tests/a.md", "test", id="test-folder"),
    pytest.param("pkg/tests/data/a.json", "test", id="test-folder-deep"),
    pytest.param("pkg/test_client.py", "test", id="test-name-glob"),
    pytest.param("conftest.py", "test", id="plain-name"),
    pytest.param("web/app.spec.ts", "test", id="dotted-glob"),
    pytest.param("dist/app.min.js", "generated", id="minified"),
    pytest.param("node_modules/x/README.md", "generated", id="vendored-folder"),
    pytest.param("PKG-INFO", "generated", id="sdist-metadata"),
    pytest.param("src/demo.egg-info/PKG-INFO", "generated", id="egg-info"),
    pytest.param("demo-1.0.dist-info/METADATA", "generated", id="dist-info"),
    pytest.param("docs/pkg-info.md", "source", id="a-page-about-it"),
    pytest.param("METADATA", "source", id="metadata-elsewhere"),
    pytest.param("examples/demo.py", "example", id="example-folder"),
    pytest.param("README.md", "source", id="readme"),
    pytest.param("src/tests.py", "source", id="folder-name-as-file"),
    pytest.param("src/contest.py", "source", id="near-name"),
    pytest.param("testsuite/a.md", "source", id="folder-prefix"),
    pytest.param("src/Tests/a.md", "source", id="case-matters"),
    pytest.param("docs/app.min.js.txt", "source", id="suffix-after-glob"),
])
def test_default_roles_by_path(path: str, role: str) -> None:
    assert Config().role_for(path) == role


_GENERATED_HEADS = [
    pytest.param("// Code generated by stringer; DO NOT EDIT.\npackage x\n", id="go-convention"),
    pytest.param("# Generated by the protocol buffer compiler.  DO NOT EDIT!\n# source: a.proto\n", id="protoc"),
    pytest.param('"""Generated message classes for x version v1."""\n# NOTE: This file is autogenerated and should '
                 "not be edited by hand.\n", id="apitools"),
    pytest.param("#\n# This file is autogenerated by pip-compile with Python 3.11\n", id="pip-compile"),
    pytest.param("<!---\nThis is an autogenerated file!\n\nPlease do not edit this file directly.\n-->\n",
                 id="markdown-comment"),
    pytest.param("/* @generated SignedSource<<abc>> */\n", id="meta-marker"),
    pytest.param("# This file was automatically generated from a.yaml\n", id="automatically-generated"),
    pytest.param("\n" * 39 + "# DO NOT EDIT\n", id="fortieth-line"),
    pytest.param('"""Generated message classes for x.\n\n' + "Long text.\n" * 8 + '"""\n# NOTE: This file is '
                 "autogenerated and should not be edited by hand.\n", id="after-a-module-docstring"),
]
_HAND_WRITTEN_HEADS = [
    pytest.param("\"\"\"Django settings for proj project.\n\nGenerated by 'django-admin startproject' "
                 "using Django 4.2.\n\"\"\"\n", id="django-startproject"),
    pytest.param("# Note that not all possible configuration values are present in this\n# autogenerated "
                 "file.\n", id="sphinx-quickstart"),
    pytest.param("# For imports inside gRPC autogenerated code to work\n", id="mentions-generated-code"),
    pytest.param("# This file is hand-maintained (it is NOT one of the auto-generated\n# workflows)\n",
                 id="says-it-is-not"),
    pytest.param("\n" * 40 + "# DO NOT EDIT\n", id="forty-first-line"),
    pytest.param("x = 1  # " + "a" * 4000 + " DO NOT EDIT\n", id="past-the-head-characters"),
    pytest.param("Editing: do not editorialize\n", id="word-prefix"),
    pytest.param("", id="empty"),
]


@pytest.mark.parametrize("head", _GENERATED_HEADS)
def test_a_head_that_says_a_tool_wrote_the_file_makes_it_generated(head: str) -> None:
    assert Config().role_for("src/a.py", head + "URL = 'https://x.org'\n") == "marked"
    # The path's role comes first, and the setting turns the reading off.
    assert Config().role_for("tests/a.py", head) == "test"
    assert Config(detect_generated=False).role_for("src/a.py", head) == "source"


@pytest.mark.parametrize("head", _HAND_WRITTEN_HEADS)
def test_a_head_that_does_not_say_so_leaves_the_file_to_its_path(head: str) -> None:
    assert Config().role_for("src/a.py", head + "URL = 'https://x.org'\n") == "source"


@pytest.mark.parametrize(("path", "head", "role"), [
    pytest.param("static/js/jquery.js", "/*!\n * jQuery JavaScript Library v3.6.1\n */\n", "marked", id="jquery"),
    pytest.param("assets/normalize.CSS", "\ufeff/*! normalize.css v8.0.1 | MIT License */\n", "marked", id="bom-css"),
    pytest.param("lunr.de.mjs", "\n\n/*!\n * Lunr languages, `German` language\n", "marked", id="blank-lines-first"),
    pytest.param("app.js", "/* our app */\nconst u = 'https://x.example';\n", "source", id="plain-comment"),
    pytest.param("app.js", "// /*! not first\n", "source", id="banner-not-first"),
    pytest.param("notes.md", "/*! a Markdown file */\n", "source", id="not-a-script"),
    pytest.param("app.jsx", "/*! a banner */\n", "source", id="other-suffix"),
])
def test_a_library_banner_marks_a_copy_of_a_library(path: str, head: str, role: str) -> None:
    assert Config().role_for(path, head) == role
    assert Config(detect_generated=False).role_for(path, head) == "source"


_BUNDLE = "var t={query:{a:{b:c}}},m={http:(0,r.default)(`http`)},T={WS:/[ \\t]+/};" * 4


@pytest.mark.parametrize(("path", "text", "role"), [
    pytest.param("static/js/index-Bx7k2.js", _BUNDLE + "\n", "marked", id="bundle-one-line"),
    pytest.param("static/js/index-Bx7k2.js", ("\n".join([_BUNDLE] * 5)), "marked", id="bundle-no-final-break"),
    pytest.param("static/app.MJS", _BUNDLE + "\n" + "x();\n", "marked", id="upper-case-suffix"),
    pytest.param("static/css/main.5f3a.css", "a{color:red}" * 20 + "\n", "marked", id="style"),
    pytest.param("static/js/app.js", "// our app\nconst u = 'https://x.example';\n" * 50, "source", id="hand-written"),
    pytest.param("static/js/app.js", _BUNDLE + "\n" + "x();\n" * 5, "source", id="long-line-among-short"),
    pytest.param("src/a.py", _BUNDLE + "\n", "source", id="not-a-script"),
    pytest.param("static/js/empty.js", "", "source", id="empty"),
    pytest.param("static/js/app.js", "x" * 110 + "\n", "source", id="at-the-line"),
])
def test_a_minified_script_or_style_is_a_tools(path: str, text: str, role: str) -> None:
    assert Config().role_for(path, text) == role
    assert Config(detect_generated=False).role_for(path, text) == "source"


def test_detect_generated_is_a_key() -> None:
    assert config_from_mapping({"detect-generated": False}).detect_generated is False
    assert Config().detect_generated is True


@pytest.mark.parametrize("pattern", ["tests/", "a/b/", "conftest.py", "test_*.py", "*.spec.*", "docs/*.md",
                                     "[ab].py", "?.py", "x/conftest.py"])
@pytest.mark.parametrize("path", ["tests/x.py", "a/b/c.py", "conftest.py", "x/conftest.py", "test_a.py",
                                  "w.spec.js", "docs/i.md", "a.py", "c.py", "docs/sub/i.md"])
def test_a_plain_name_matches_as_fnmatch_would(pattern: str, path: str) -> None:
    # path_matches answers a pattern without wildcards itself: the same answer as fnmatch.
    parts = path.split("/")
    if pattern.endswith("/"):
        folder = pattern[:-1]
        expected = (fnmatch.fnmatchcase(path, folder + "/*") if "/" in folder
                    else any(fnmatch.fnmatchcase(p, folder) for p in parts[:-1]))
    else:
        expected = fnmatch.fnmatchcase(path if "/" in pattern else parts[-1], pattern)
    assert path_matches(path, pattern) == expected
