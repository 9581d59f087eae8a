"""Configuration: ``[tool.urilint]`` in pyproject.toml, or ``urilint.toml`` / ``.urilint.toml``.

Found by walking up from a directory (ruff's order in each directory: ``.urilint.toml``, then
``urilint.toml``, then a ``pyproject.toml`` that has a ``[tool.urilint]`` table).  Keys mirror the
command line.  Unknown keys and wrong types are errors that name the key and the file.
Reading files happens only in :func:`find_config` and :func:`load`; the rest is pure.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Any, Callable, Dict, FrozenSet, Iterable, Mapping, NamedTuple, Optional, Tuple

from . import globs
from .links.slugs import ANCHOR_STYLES
from .placeholders import SYNTAXES
from .rfc3986.reference import parse as parse_reference
from .settings import Settings

CONFIG_NAMES = (".urilint.toml", "urilint.toml", "pyproject.toml")


#: Paths that hold tests and test data: "name/" is a folder of that name anywhere in the path,
#: a pattern with "/" is a glob on the whole path, any other pattern a glob on the file name.
#: Test suites of URL-handling code are full of deliberately malformed, odd-cased and
#: fixture-credential URIs: there only real-looking secrets are reported.
DEFAULT_TEST_PATHS: Tuple[str, ...] = (
    "tests/", "test/", "testing/", "t/", "__tests__/", "testdata/", "test_data/", "test-data/",
    "fixtures/", "__fixtures__/", "__snapshots__/", "test_*.py", "*_test.py", "*_tests.py",
    "conftest.py", "*.test.*", "*.spec.*", "*_test.go",
)
#: Paths that hold example code: every rule runs, but the credentials there are examples, so
#: only real-looking secrets are reported.
DEFAULT_EXAMPLE_PATHS: Tuple[str, ...] = ("examples/", "example/", "samples/", "sample/", "demo/", "demos/")
#: Paths that hold generated or vendored files (minified bundles, source maps, someone else's
#: code): nobody fixes a URI there, but a real secret still leaks.
DEFAULT_GENERATED_PATHS: Tuple[str, ...] = (
    "*.min.js", "*.min.css", "*.min.mjs", "*.map", "vendor/", "vendored/", "_vendor/", "third_party/",
    "third-party/", "node_modules/",
)


def path_matches(path: str, pattern: str) -> bool:
    """Whether a "/"-separated relative path matches one test-paths style pattern."""
    parts = path.split("/")
    if pattern.endswith("/"):
        folder = pattern[:-1]
        if "/" in folder:
            return globs.match(path, folder + "/*")
        return any(globs.match(part, folder) for part in parts[:-1])
    if "/" in pattern:
        return globs.match(path, pattern)
    return globs.match(parts[-1], pattern)


class ConfigError(Exception):
    """A configuration file that cannot be used (the message names the file and the key)."""


#: How much of a value an error message quotes.
_SHOWN = 80


def shown(value: object) -> str:
    """A value (a key, a code, a glob) as an error message may quote it: with every secret
    masked (a mistyped key or a misplaced value may be a URI with a password:
    ``"postgres://u:{pw}@db" = 1``), and cut to a readable length."""
    from .report import mask_line  # the line net: URIs in prose, "//user:password@", tokens

    text = mask_line(str(value))
    return text if len(text) <= _SHOWN else text[:_SHOWN - 3] + "..."


class Config(NamedTuple):
    """Settings for the rules plus what only the file walker needs."""

    settings: Settings = Settings()
    exclude: Tuple[str, ...] = ()
    extend_exclude: Tuple[str, ...] = ()
    #: (glob, codes) pairs: codes ignored in files matching the glob
    per_file_ignores: Tuple[Tuple[str, FrozenSet[str]], ...] = ()
    respect_gitignore: bool = True  #: skip what .gitignore files ignore when walking folders
    source: Optional[Path] = None  #: the file it came from, None for defaults
    root: Optional[Path] = None  #: the directory globs are relative to
    test_paths: Tuple[str, ...] = DEFAULT_TEST_PATHS  #: see DEFAULT_TEST_PATHS
    generated_paths: Tuple[str, ...] = DEFAULT_GENERATED_PATHS  #: see DEFAULT_GENERATED_PATHS
    example_paths: Tuple[str, ...] = DEFAULT_EXAMPLE_PATHS  #: see DEFAULT_EXAMPLE_PATHS

    def role_for(self, path: str) -> str:
        """What a file is to its project: "test" (test data), "generated" (generated or
        vendored), "example" (example code) or "source" (everything else), from its
        "/"-separated relative path."""
        rel = _relative(path)
        for role, patterns in (("test", self.test_paths), ("generated", self.generated_paths),
                               ("example", self.example_paths)):
            if any(path_matches(rel, p) for p in patterns):
                return role
        return "source"

    def ignored_for(self, path: str) -> FrozenSet[str]:
        """Codes (or prefixes) ``per-file-ignores`` turns off for a file: each glob is matched
        against the "/"-separated path relative to the current directory, and its name."""
        if not self.per_file_ignores:
            return frozenset()
        rel = _relative(path)
        name = rel.rsplit("/", 1)[-1]
        codes: FrozenSet[str] = frozenset()
        for glob, ignored in self.per_file_ignores:
            if globs.match(rel, glob) or globs.match(name, glob):
                codes |= ignored
        return codes


def _relative(path: str) -> str:
    """A shown path without its leading "./" and "../" steps (they name no folder of the project)."""
    path = path.replace("\\", "/")
    while path.startswith(("./", "../")):
        path = path.split("/", 1)[1]
    return path


def _str_list(value: Any, key: str, source: str) -> Tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{source}: '{shown(key)}' must be a list of strings")
    return tuple(value)


def _bool(value: Any, key: str, source: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{source}: '{key}' must be true or false")
    return value


@functools.lru_cache(maxsize=None)
def known_selectors() -> FrozenSet[str]:
    """Every selector that names at least one rule: "ALL", and each code of the registry with
    each of its prefixes from "URI" on ("URI", "URI3", "URI30", "URI301")."""
    from .rules import RULES  # the rules import settings, not config: looked up when asked

    return frozenset({"ALL"} | {r.code[:n] for r in RULES for n in range(3, len(r.code) + 1)})


def check_selector(selector: str, where: str) -> str:
    """``selector`` upper-cased, or a ConfigError naming it and ``where`` it was written.

    A selector that names no rule would silently check nothing (``select = ["URI3O1"]`` turns
    every rule off and the run says "All checks passed!"), so it is an error, never ignored."""
    code = selector.strip().upper()
    if not code:
        raise ConfigError(f"{where}: empty selector (write a code such as URI301, a prefix such as URI3, or ALL)")
    if code not in known_selectors():
        # Only the selector is echoed back, its secrets masked (a misplaced value may be a URI
        # with a password), cut short and made printable.
        echo = ascii(shown(selector.strip())[:40])
        near = _suggestion(selector.strip())
        hint = f"; did you mean {near}?" if near else "; `urilint rules` lists the codes"
        raise ConfigError(f"{where}: unknown selector {echo} (not a rule code, a prefix of one, or ALL){hint}")
    return code


def _suggestion(selector: str) -> Optional[str]:
    """The code a mistyped selector most likely meant: the code of a rule named so
    ("password-in-userinfo"), or a full code one character off ("URI3O1")."""
    from .rules import BY_CODE, BY_NAME

    rule = BY_NAME.get(selector.lower())
    if rule is not None:
        return rule.code
    if len(selector) < 5:  # "URI9": a prefix of nothing, not a typo of one code
        return None
    import difflib  # only for a selector that is wrong

    near = difflib.get_close_matches(selector.upper(), sorted(BY_CODE), n=1, cutoff=0.8)
    return near[0] if near else None


def check_selectors(selectors: Iterable[str], where: str) -> FrozenSet[str]:
    """Each of ``selectors`` checked by :func:`check_selector`."""
    return frozenset(check_selector(s, where) for s in selectors)


def split_selectors(text: str, where: str) -> FrozenSet[str]:
    """A comma-separated list of selectors as the command line writes them ("URI1,URI302").
    An empty value or an empty item ("URI1,,URI2") is an error, as a mistyped code is."""
    if not text.strip():
        raise ConfigError(f"{where}: empty value (write codes such as URI301, prefixes such as URI3, or ALL)")
    return check_selectors(text.split(","), where)


def _codes(value: Any, key: str, source: str) -> FrozenSet[str]:
    return check_selectors(_str_list(value, key, source), f"{source}: '{key}'")


def _ports(value: Any, key: str, source: str) -> Dict[str, int]:
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 65535
        for k, v in value.items()
    ):
        raise ConfigError(f"{source}: '{key}' must be a table of scheme = port number (0-65535)")
    return {k.lower(): v for k, v in value.items()}


def _per_file(value: Any, key: str, source: str) -> Tuple[Tuple[str, FrozenSet[str]], ...]:
    if not isinstance(value, dict):
        raise ConfigError(f"{source}: '{key}' must be a table of glob = [codes]")
    for glob in value:
        if not glob.strip():
            raise ConfigError(f"{source}: '{key}' has an empty glob")
    return tuple((glob, _codes(codes, f"{key}.{shown(glob)}", source)) for glob, codes in value.items())


def _placeholders(value: Any, key: str, source: str) -> FrozenSet[str]:
    names = frozenset(_str_list(value, key, source))
    unknown = sorted(names - set(SYNTAXES))
    if unknown:
        raise ConfigError(f"{source}: '{key}' has unknown syntaxes {', '.join(shown(u) for u in unknown)}; "
                          f"known: {', '.join(sorted(SYNTAXES))}")
    return names


def _anchor_style(value: Any, key: str, source: str) -> str:
    if not isinstance(value, str) or value not in ANCHOR_STYLES:
        raise ConfigError(f"{source}: '{key}' must be one of {', '.join(ANCHOR_STYLES)}, not {ascii(shown(value))}")
    return value


def _site_root(value: Any, key: str, source: str) -> str:
    """A folder of the tree, written relative to its root ("site", "docs/public"; "." or "/"
    for the root): "" for the root, else its segments joined by "/".  A ".." would leave the
    tree, whose files are the only ones judged."""
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{source}: '{key}' must be a folder relative to the repository root (\".\" for the root)")
    parts = [p for p in value.replace("\\", "/").split("/") if p not in ("", ".")]
    if ".." in parts:
        raise ConfigError(f"{source}: '{key}' must stay inside the repository (no '..'), not {ascii(shown(value))}")
    return "/".join(parts)


def _globs(value: Any, key: str, source: str) -> Tuple[str, ...]:
    globs = _str_list(value, key, source)
    if any(not g.strip() for g in globs):
        raise ConfigError(f"{source}: '{key}' has an empty pattern")
    return globs


def _hosted(value: Any, key: str, source: str) -> Tuple[str, ...]:
    """URL prefixes of the repository's own hosted files: an http(s) URL with a host and an
    owner path ("https://github.com/OWNER/REPO"); an empty list turns the check off."""
    prefixes = _str_list(value, key, source)
    for prefix in prefixes:
        ref = parse_reference(prefix.strip())
        if (ref.scheme or "").lower() not in ("http", "https") or not ref.host or not ref.path.strip("/"):
            raise ConfigError(f"{source}: '{key}' holds {ascii(shown(prefix))}, which is no repository URL "
                              "such as 'https://github.com/OWNER/REPO'")
    return tuple(p.strip() for p in prefixes)


#: key -> (parser, Settings or Config field)
_KEYS: Mapping[str, Tuple[Callable[[Any, str, str], Any], str]] = {
    "select": (_codes, "select"),
    "extend-select": (_codes, "extend_select"),
    "ignore": (_codes, "ignore"),
    "extend-ignore": (_codes, "extend_ignore"),
    "per-file-ignores": (_per_file, "per_file_ignores"),
    "exclude": (_str_list, "exclude"),
    "extend-exclude": (_str_list, "extend_exclude"),
    "respect-gitignore": (_bool, "respect_gitignore"),
    "test-paths": (_str_list, "test_paths"),
    "extend-test-paths": (_str_list, "extend_test_paths"),
    "generated-paths": (_str_list, "generated_paths"),
    "extend-generated-paths": (_str_list, "extend_generated_paths"),
    "example-paths": (_str_list, "example_paths"),
    "extend-example-paths": (_str_list, "extend_example_paths"),
    "include-code-blocks": (_bool, "include_code_blocks"),
    "check-comments": (_bool, "check_comments"),
    "check-docstrings": (_bool, "check_docstrings"),
    "placeholders": (_placeholders, "placeholders"),
    "allowed-schemes": (lambda v, k, s: frozenset(_str_list(v, k, s)), "allowed_schemes"),
    "ignore-schemes": (lambda v, k, s: frozenset(_str_list(v, k, s)), "ignore_schemes"),
    "ignore-hosts": (_str_list, "ignore_hosts"),
    "ignore-uris": (_str_list, "ignore_uris"),
    "exempt-example-hosts": (_bool, "exempt_example_hosts"),
    "extra-default-ports": (_ports, "extra_default_ports"),
    "anchor-style": (_anchor_style, "anchor_style"),
    "site-root": (_site_root, "site_root"),
    "ignore-targets": (_globs, "ignore_targets"),
    "hosted": (_hosted, "hosted"),
    "hosted-branches": (_globs, "hosted_branches"),
}
KNOWN_KEYS = tuple(_KEYS)
_CONFIG_FIELDS = {"exclude", "extend_exclude", "per_file_ignores", "respect_gitignore", "test_paths",
                  "extend_test_paths", "generated_paths", "extend_generated_paths", "example_paths",
                  "extend_example_paths"}


def config_from_mapping(table: Mapping[str, Any], source: str = "<config>",
                        path: Optional[Path] = None) -> Config:
    """Validate one configuration table and build a Config (pure)."""
    settings_kw: Dict[str, Any] = {}
    config_kw: Dict[str, Any] = {}
    for key, value in table.items():
        if key not in _KEYS:
            raise ConfigError(f"{source}: unknown key '{shown(key)}' (known keys: {', '.join(KNOWN_KEYS)})")
        parse, name = _KEYS[key]
        (config_kw if name in _CONFIG_FIELDS else settings_kw)[name] = parse(value, key, source)
    for name in ("test_paths", "generated_paths", "example_paths"):
        extend = config_kw.pop(f"extend_{name}", ())
        if extend:
            config_kw[name] = config_kw.get(name, Config._field_defaults[name]) + extend
    extend_ignore = settings_kw.pop("extend_ignore", frozenset())
    if extend_ignore:
        settings_kw["ignore"] = settings_kw.get("ignore", frozenset()) | extend_ignore
    return Config(Settings(**settings_kw), source=path, root=path.parent if path else None, **config_kw)


def settings_from_mapping(table: Mapping[str, Any], source: str = "<config>") -> Settings:
    return config_from_mapping(table, source).settings


def read_table(path: Path) -> Optional[Mapping[str, Any]]:
    """The urilint table of one file (None for a pyproject.toml without one)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot be read: {exc}") from None
    if path.name == "pyproject.toml" and "urilint" not in text and "\\" not in text:
        return None  # no [tool.urilint] can be spelled without those: not parsed (start-up)
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on Python < 3.11 only
        import tomli as tomllib
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:  # tomllib recurses on nested arrays and inline tables
        raise ConfigError(f"{path}: not valid TOML: nested too deeply") from None
    if path.name == "pyproject.toml":
        tool = data.get("tool", {})
        table = tool.get("urilint") if isinstance(tool, dict) else None
        if table is None:
            return None
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: [tool.urilint] must be a table")
        return table
    return data


def find_config(start: Path) -> Optional[Path]:
    """The nearest configuration file at or above ``start``."""
    start = start.resolve()
    for directory in (start, *start.parents):
        for name in CONFIG_NAMES:
            candidate = directory / name
            if candidate.is_file() and (name != "pyproject.toml" or read_table(candidate) is not None):
                return candidate
    return None


def load(path: Path) -> Config:
    """Read and validate one configuration file."""
    table = read_table(path)
    return config_from_mapping(table or {}, str(path), path)


def load_config(start: Path) -> Config:
    """The configuration in force for ``start`` (defaults when there is no file)."""
    path = find_config(start)
    return load(path) if path is not None else Config()


def load_settings(start: Path) -> Settings:
    return load_config(start).settings
