"""The flake8 adapter: urilint's findings as flake8 ``URIxxx`` errors.

A thin layer over the same pipeline as ``urilint check`` (:func:`urilint.pipeline.lint`
with the Python format), so both report the same findings at the same positions.  It is a
*tree* plugin: flake8 runs it only after ``ast`` parsed the file, so a file with a syntax error
stays silent here (flake8 reports E999 itself).  Positions are reported as flake8 expects them,
a 1-based line and a 0-based column in code points, at the offending character (not at the
string's quote), so ``# noqa``, ``--select``, ``--extend-ignore``, ``--per-file-ignores``,
``--exit-zero`` and ``--show-source`` all work through flake8's own machinery.

Settings come from ``[tool.urilint]`` (pyproject.toml, urilint.toml, .urilint.toml, found from
the current directory up, as ``urilint check`` finds them), then from these flake8 options
(command line or flake8 config), which add to the table or override its booleans:

``--uri-select-extra``, ``--uri-ignore-hosts``, ``--uri-allowed-schemes``, ``--uri-ignore-schemes``,
``--uri-placeholders``, ``--uri-check-comments``, ``--uri-check-docstrings``,
``--uri-exempt-example-hosts``.

A full code (``URI109``) named in flake8's own ``--select`` or ``--extend-select`` also turns on
that rule when it is off by default; a prefix (``URI``) does not, so ``--select=E,F,W,URI`` keeps
the defaults.  Messages never contain a secret (:func:`urilint.checker.check` redacts them).
"""

from __future__ import annotations

import argparse
import ast
import os
from pathlib import Path
from typing import Any, ClassVar, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Type

from . import __version__
from .config import Config, ConfigError, check_selectors, load_config
from .placeholders import SYNTAXES
from .rfc3986 import lazy
from .scanners.text import may_hold_uri
from .settings import Settings

Result = Tuple[int, int, str, Type[Any]]
_FULL_CODE = lazy.compile(r"URI[0-9]{3}\Z")
_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off"})


def yes_no(value: str) -> bool:
    """A boolean option value as flake8 configs write them (true/false, yes/no, on/off, 1/0)."""
    v = value.strip().lower()
    if v in _TRUE:
        return True
    if v in _FALSE:
        return False
    raise argparse.ArgumentTypeError(f"expected true or false, not {value!r}")


def _names(values: Optional[Iterable[str]]) -> List[str]:
    return [v.strip() for v in values or () if v.strip()]


def settings_from_options(options: argparse.Namespace, base: Settings) -> Settings:
    """``base`` (from [tool.urilint]) with the flake8 options applied.  Pure."""
    changes: Dict[str, Any] = {}
    # An unknown code here would turn nothing on, silently: an error, as in [tool.urilint].
    extra = set(check_selectors(_names(getattr(options, "uri_select_extra", None)), "--uri-select-extra"))
    for attr in ("select", "extend_select"):
        extra |= {c.upper() for c in _names(getattr(options, attr, None)) if _FULL_CODE.match(c.upper())}
    if extra:
        changes["extend_select"] = base.extend_select | extra
    for name, field in (("uri_ignore_hosts", "ignore_hosts"), ("uri_allowed_schemes", "allowed_schemes"),
                        ("uri_ignore_schemes", "ignore_schemes")):
        values = _names(getattr(options, name, None))
        if values:
            current = getattr(base, field)
            changes[field] = (tuple(current) + tuple(values)) if isinstance(current, tuple) else (
                current | frozenset(values))
    syntaxes = _names(getattr(options, "uri_placeholders", None))
    if syntaxes:
        unknown = sorted(set(syntaxes) - set(SYNTAXES))
        if unknown:
            raise ConfigError(f"--uri-placeholders: unknown syntaxes {', '.join(unknown)}; "
                              f"known: {', '.join(sorted(SYNTAXES))}")
        changes["placeholders"] = frozenset(syntaxes)
    for name, field in (("uri_check_comments", "check_comments"), ("uri_check_docstrings", "check_docstrings"),
                        ("uri_exempt_example_hosts", "exempt_example_hosts")):
        value = getattr(options, name, None)
        if value is not None:
            changes[field] = bool(value)
    return base._replace(**changes) if changes else base


def relative_path(filename: str, cwd: Path) -> str:
    """The file's path as ``urilint check`` shows it: relative to the current directory."""
    path = Path(filename)
    try:
        return path.resolve().relative_to(cwd.resolve()).as_posix() if path.is_absolute() else path.as_posix()
    except ValueError:
        return path.as_posix()


class Plugin:
    """flake8 ``flake8.extension`` entry point ``URI``."""

    name = "urilint"
    version = __version__
    # flake8 hands options to the class once per process (parse_options), as every plugin does.
    settings: ClassVar[Settings] = Settings()
    config: ClassVar[Config] = Config()

    def __init__(self, tree: ast.AST, lines: Sequence[str], filename: str) -> None:
        # ``tree`` is unused, but asking for it makes this a tree plugin: run only on files
        # that parse.
        self.lines = lines
        self.filename = filename

    @classmethod
    def add_options(cls, manager: Any) -> None:
        def add(name: str, help: str, **kwargs: Any) -> None:
            manager.add_option(name, default=None, parse_from_config=True, help=help, **kwargs)

        add("--uri-select-extra", "urilint codes to turn on besides the defaults (comma-separated, "
            "e.g. URI109,URI110)", comma_separated_list=True)
        add("--uri-ignore-hosts", "host globs whose URIs urilint does not check", comma_separated_list=True)
        add("--uri-allowed-schemes", "schemes urilint treats as known", comma_separated_list=True)
        add("--uri-ignore-schemes", "schemes whose URIs urilint does not check", comma_separated_list=True)
        add("--uri-placeholders", f"placeholder syntaxes treated as slots ({', '.join(sorted(SYNTAXES))})",
            comma_separated_list=True)
        add("--uri-check-comments", "check URIs in comments (true/false; default true)", type=yes_no)
        add("--uri-check-docstrings", "check URIs in docstrings and prose-like strings (true/false; "
            "default true)", type=yes_no)
        add("--uri-exempt-example-hosts", "exempt example.com, *.test, localhost ... from the "
            "credential rules (true/false)", type=yes_no)

    @classmethod
    def parse_options(cls, options: argparse.Namespace) -> None:
        try:
            config = load_config(Path.cwd())
            cls.settings = settings_from_options(options, config.settings)
        except ConfigError as exc:
            # A broken configuration must stop the run loudly, with the file and key, not a traceback.
            raise SystemExit(f"urilint: {exc}") from None
        cls.config = config

    def run(self) -> Iterator[Result]:
        text = "".join(self.lines)
        # Most modules hold no URI at all: they are answered before the pipeline, the rules
        # and the Python scanner are imported, so flake8 pays little for the plugin on them.
        if not may_hold_uri(text):
            return
        from . import pipeline
        from .scanners.positions import LineIndex
        from .scanners.python import FORMAT as PYTHON

        path = relative_path(self.filename, Path(os.getcwd()))
        ignored, role = self.config.ignored_for(path), self.config.role_for(path, text)
        # flake8 applies its noqa comments itself (and --disable-noqa), and runs a tree plugin only on a
        # module that parses: no suppression comments and no precheck here.
        result = pipeline.lint(text, PYTHON, self.settings, role=role, ignored=ignored, comments=False,
                               precheck=False)
        if not result.findings:
            return
        index = LineIndex.of(text)
        for f in result.findings:
            line, col = index.line_col0(f.start)
            message = " ".join(f.message.split())  # one line, whatever a rule wrote
            yield line, col, f"{f.code} {message}", type(self)
