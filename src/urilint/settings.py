"""Frozen settings, passed down from the CLI, the flake8 plugin or a caller; never global."""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from typing import FrozenSet, Iterable, Mapping, Optional, Tuple

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


@dataclass(frozen=True)
class Settings:
    """What to check and what to leave alone.  Build once; share freely (immutable)."""

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
    #: Link rules (URI4xx, see urilint.links): how headings become anchors ("github", "gitlab",
    #: "mkdocs"; urilint.links.slugs.ANCHOR_STYLES).
    anchor_style: str = "github"
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

    def __post_init__(self) -> None:
        # Accept any iterable from callers, store immutable, normalized values.
        for name in ("extend_select", "ignore", "allowed_schemes", "ignore_schemes", "placeholders"):
            object.__setattr__(self, name, frozenset(getattr(self, name)))
        if self.select is not None:
            object.__setattr__(self, "select", frozenset(self.select))
        object.__setattr__(self, "allowed_schemes", frozenset(s.lower() for s in self.allowed_schemes))
        object.__setattr__(self, "ignore_schemes", frozenset(s.lower() for s in self.ignore_schemes))
        object.__setattr__(self, "ignore_hosts", tuple(h.lower() for h in self.ignore_hosts))
        object.__setattr__(self, "ignore_uris", tuple(self.ignore_uris))
        object.__setattr__(self, "extra_default_ports", _port_pairs(self.extra_default_ports))
        object.__setattr__(self, "ignore_targets", tuple(self.ignore_targets))
        object.__setattr__(self, "hosted_branches", tuple(self.hosted_branches))
        if self.hosted is not None:
            object.__setattr__(self, "hosted", tuple(self.hosted))

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
        return any(fnmatch.fnmatchcase(host, pattern) for pattern in self.ignore_hosts)

    def uri_ignored(self, uri: str) -> bool:
        return any(fnmatch.fnmatchcase(uri, pattern) for pattern in self.ignore_uris)

    @staticmethod
    def is_example_host(host: str) -> bool:
        host = host.lower().rstrip(".")
        return any(fnmatch.fnmatchcase(host, pattern) for pattern in EXAMPLE_HOST_PATTERNS)


DEFAULT_SETTINGS = Settings()
