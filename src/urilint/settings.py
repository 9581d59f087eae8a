"""Frozen settings, passed down from the CLI, the flake8 plugin or a caller; never global."""

from __future__ import annotations

from typing import Any, FrozenSet, Iterable, Mapping, NamedTuple, Optional, Tuple

from . import globs
from .placeholders import DEFAULT_SYNTAXES

#: Hosts reserved for documentation and testing (RFC 2606, RFC 6761).
EXAMPLE_HOST_PATTERNS: Tuple[str, ...] = (
    "example.com", "*.example.com", "example.org", "*.example.org", "example.net", "*.example.net",
    "example", "*.example", "*.test", "test", "*.invalid", "invalid", "localhost", "*.localhost",
)


PortPairs = Tuple[Tuple[str, int], ...]


def _port_pairs(ports: object) -> PortPairs:
    """Immutable and picklable (for -j): sorted (scheme, port) pairs from a mapping or pairs."""
    items: Iterable[Tuple[str, int]] = ports.items() if isinstance(ports, Mapping) else ports  # type: ignore[assignment]
    return tuple(sorted((str(k).lower(), int(v)) for k, v in items))


def _normalized(given: "_Fields") -> "_Fields":
    """Any iterable from callers stored as immutable, normalized values."""
    return given._replace(
        select=None if given.select is None else frozenset(given.select),
        extend_select=frozenset(given.extend_select),
        ignore=frozenset(given.ignore),
        allowed_schemes=frozenset(s.lower() for s in given.allowed_schemes),
        ignore_schemes=frozenset(s.lower() for s in given.ignore_schemes),
        ignore_hosts=tuple(h.lower() for h in given.ignore_hosts),
        ignore_uris=tuple(given.ignore_uris),
        placeholders=frozenset(given.placeholders),
        extra_default_ports=_port_pairs(given.extra_default_ports),
        ignore_targets=tuple(given.ignore_targets),
        hosted=None if given.hosted is None else tuple(given.hosted),
        hosted_branches=tuple(given.hosted_branches),
    )


class _Fields(NamedTuple):
    """Settings' fields as given; :class:`Settings` stores them normalized."""

    #: Explicit selection of codes or prefixes ("URI", "URI2", "URI301", "ALL"); None = defaults.
    select: Optional[FrozenSet[str]] = None
    extend_select: FrozenSet[str] = frozenset()
    ignore: FrozenSet[str] = frozenset()
    #: Schemes that count as known (URI109) and are never typos (URI108).
    allowed_schemes: FrozenSet[str] = frozenset()
    #: URIs with these schemes are not checked at all.
    ignore_schemes: FrozenSet[str] = frozenset()
    #: URIs whose host matches one of these globs are not checked at all.
    ignore_hosts: Tuple[str, ...] = ()
    #: URIs matching one of these globs (fnmatch, case-sensitive) are not checked at all.
    ignore_uris: Tuple[str, ...] = ()
    #: Exempt documentation and test hosts (example.com, *.test, localhost...) from URI3xx.
    exempt_example_hosts: bool = False
    #: Placeholder syntaxes honoured as slots (see urilint.placeholders.SYNTAXES).
    placeholders: FrozenSet[str] = DEFAULT_SYNTAXES
    #: Report (and fix) URIs inside code spans and blocks of Markdown, reST and HTML.
    include_code_blocks: bool = False
    #: Python: scan comments, and docstrings and other prose-like strings, as prose.
    check_comments: bool = True
    check_docstrings: bool = True
    #: Extra scheme default ports for URI206 and the fixes (e.g. {"redis": 6379}).
    extra_default_ports: PortPairs = ()
    #: Link rules (URI4xx, see urilint.links): how headings become anchors ("auto", "github",
    #: "gitlab", "mkdocs"; urilint.links.slugs.ANCHOR_STYLES).
    anchor_style: str = "auto"
    #: The folder, relative to the tree's root, that path-absolute references ("/x") start
    #: from ("" for the root itself); None: they are not judged.
    site_root: Optional[str] = None
    #: gitignore-style patterns of resolved repository paths not to judge (generated targets).
    ignore_targets: Tuple[str, ...] = ()
    #: URL prefixes of the repository's own hosted files ("https://github.com/OWNER/REPO");
    #: None: read from the git remote "origin" of each tree; () checks no hosted link.
    hosted: Optional[Tuple[str, ...]] = None
    #: Branches whose hosted files are the checked tree (other versions are not judged).
    hosted_branches: Tuple[str, ...] = ("main", "master", "HEAD")



class Settings(_Fields):
    """What to check and what to leave alone.  Build once; share freely (immutable).

    A named tuple (defining one costs a tenth of a frozen dataclass, and start-up is most of a
    commit hook's run) whose constructor accepts any iterable for a set or a list of patterns and
    stores immutable, normalized values; ``_replace`` normalizes the same way."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> "Settings":
        given = _Fields(*args, **kwargs)
        return super().__new__(cls, *_normalized(given))

    def _replace(self, **changes: Any) -> "Settings":
        return Settings(**{**self._asdict(), **changes})

    def selects(self, code: str, default: bool) -> bool:
        """ruff's model: the most specific matching selector wins; ignore beats select; with no
        ``select``, ``default`` (the rule's own) decides.  The pipeline asks once per run
        (``rules.enabled_rules``), not per URI."""
        def best(selectors: Iterable[str]) -> int:
            return max((len(s) for s in selectors if s == "ALL" or code.startswith(s)), default=-1)

        selected = best(self.select) if self.select is not None else (0 if default else -1)
        selected = max(selected, best(self.extend_select))
        # The more specific selector decides; on a tie, ignore wins.
        return selected >= 0 and selected > best(self.ignore)

    def is_enabled(self, code: str) -> bool:
        """Whether the settings select the rule ``code`` (its own default decides when nothing
        does).  A convenience for callers; the rules themselves ask ``Rule.enabled``."""
        from .rules import BY_CODE  # the rules import settings: looked up when asked

        rule = BY_CODE.get(code)
        return self.selects(code, rule.default if rule is not None else True)

    def host_ignored(self, host: str) -> bool:
        host = host.lower()
        return any(globs.match(host, pattern) for pattern in self.ignore_hosts)

    def uri_ignored(self, uri: str) -> bool:
        return any(globs.match(uri, pattern) for pattern in self.ignore_uris)

    @staticmethod
    def is_example_host(host: str) -> bool:
        host = host.lower().rstrip(".")
        return any(globs.match(host, pattern) for pattern in EXAMPLE_HOST_PATTERNS)


DEFAULT_SETTINGS = Settings()
