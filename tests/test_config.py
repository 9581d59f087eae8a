"""Configuration discovery and validation."""

from __future__ import annotations

from pathlib import Path

import pytest

from urilint.config import ConfigError, config_from_mapping, find_config, load_config


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
        pytest.param({"select": ["E501"]}, "not urilint codes: E501", id="foreign-code"),
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
    pytest.param({"select": [SECRET]}, "not urilint codes", id="code"),
    pytest.param({"ignore": ["URI1", f"{SECRET} "]}, "not urilint codes", id="code-among-codes"),
    pytest.param({"per-file-ignores": {SECRET: ["E1"]}}, "per-file-ignores", id="glob"),
    pytest.param({"per-file-ignores": {SECRET: "URI1"}}, "must be a list of strings", id="glob-in-type-error"),
    pytest.param({"placeholders": [SECRET]}, "unknown syntaxes", id="placeholder"),
    pytest.param({"select": ["https://ci.vendor.io/?token=ghp_abcdefghijklmnopqrstuvwxyz0123456789"]},
                 "not urilint codes", id="token"),
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
