"""The repository's own hosted files: ``https://github.com/OWNER/REPO/blob/BRANCH/path`` read as
the repository path ``path``, and the hosting URL read from the git configuration's remote.

Shapes understood under a configured prefix (GitHub, GitLab, Gitea and Forgejo share them):
``/blob/BRANCH/path`` (a file), ``/tree/BRANCH/path`` (a folder), ``/raw/BRANCH/path``, each
also behind GitLab's ``/-/``.  Only the configured branches are the checked tree: a link to a
tag, a commit or another branch names another version, which may rightly differ.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple, Optional, Tuple

from ..rfc3986 import lazy
from ..rfc3986.reference import parse

_SECTION = lazy.compile(r"\s*\[\s*([A-Za-z0-9.-]+)(?:\s+\"([^\"\\]*(?:\\.[^\"\\]*)*)\")?\s*\]\s*(.*)$")
_KEY = lazy.compile(r"\s*([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*?))?\s*$")
#: scp-like syntax: ``[user@]host:path`` with no "://" (git-clone(1), "GIT URLS").
_SCP = lazy.compile(r"(?:[^@/:]+@)?([^@/:]+):(?!//)(.+)$")
_KINDS = ("blob", "tree", "raw")


class HostedTarget(NamedTuple):
    """A link to one of the repository's hosted files."""

    path: str  #: the repository path as written (percent-encoded), "" for the root
    span: Tuple[int, int]  #: where that path is written in the URI
    kind: str  #: "blob", "tree" or "raw"
    branch: str


def _host(host: Optional[str]) -> str:
    host = (host or "").lower()
    return host[4:] if host.startswith("www.") else host


def hosted_target(uri: str, prefixes: Iterable[str],
                  branches: Iterable[str] = ("main", "master", "HEAD")) -> Optional[HostedTarget]:
    """The repository path a hosted-file URL names, or None when it is not one (another host
    or repository, another branch, a page that is not a file: issues, commits ...).

    ``prefixes``: the repository's URLs, ``https://github.com/OWNER/REPO``.  Host, owner and
    repository compare without case, as the hosts do."""
    ref = parse(uri)
    if ref.scheme is None or ref.scheme.lower() not in ("http", "https") or ref.authority is None:
        return None
    path_span = ref.span("path")
    if path_span is None:
        return None
    for prefix in prefixes:
        p = parse(prefix.rstrip("/"))
        if _host(p.host) != _host(ref.host) or not p.path:
            continue
        base = p.path.rstrip("/")
        if not ref.path.lower().startswith(base.lower() + "/"):
            continue
        pos = path_span[0] + len(base) + 1
        rest = uri[pos:path_span[1]]
        if rest.startswith("-/"):
            pos, rest = pos + 2, rest[2:]
        kind, _, rest = rest.partition("/")
        if kind not in _KINDS:
            return None
        pos += len(kind) + 1
        for branch in sorted(branches, key=len, reverse=True):  # "release/1.0" before "release"
            if rest == branch or rest.startswith(branch + "/"):
                start = pos + min(len(rest), len(branch) + 1)
                return HostedTarget(uri[start:path_span[1]], (start, path_span[1]), kind, branch)
        return None
    return None


def hosted_path(uri: str, prefix: str, branches: Iterable[str] = ("main", "master", "HEAD")) -> Optional[str]:
    """The decoded repository path of a hosted-file URL under ``prefix``, or None."""
    from urllib.parse import unquote

    target = hosted_target(uri, (prefix,), branches)
    return None if target is None else unquote(target.path).strip("/")


def remote_url_to_prefix(url: str) -> Optional[str]:
    """The web address of a repository from a git remote URL: ``git@github.com:o/r.git``,
    ``ssh://git@host:22/o/r``, ``https://user:token@host/o/r.git`` all give ``https://host/o/r``.
    Credentials are never kept.  None for local paths and URLs without an owner path."""
    url = url.strip()
    if "://" in url:
        ref = parse(url)
        if ref.scheme is None or ref.scheme.lower() not in ("http", "https", "ssh", "git", "git+ssh", "ssh+git"):
            return None
        host, path = ref.host, ref.path
    else:
        m = _SCP.match(url)
        if m is None or "/" in m.group(1):
            return None
        host, path = m.group(1), "/" + m.group(2).lstrip("/")
    if not host:
        return None
    path = path.rstrip("/")
    if path.endswith(".git"):
        path = path[:-4]
    if path.count("/") < 2:
        return None  # "/owner/repo" at least
    return f"https://{host.lower()}{path}"


def hosted_prefix(config_text: str, remote: str = "origin") -> Optional[str]:
    """The hosting URL of ``remote`` in the text of a git ``config`` file (or of the only
    remote, when ``remote`` is absent); None without one."""
    urls = {}
    section: Optional[Tuple[str, str]] = None
    for line in config_text.splitlines():
        stripped = line.strip()
        if not stripped or stripped[0] in "#;":
            continue
        m = _SECTION.match(line)
        if m is not None:
            section = (m.group(1).lower(), m.group(2) or "")
            line = m.group(3)
            if not line.strip():
                continue
        k = _KEY.match(line)
        if k is None or section is None or section[0] != "remote":
            continue
        if k.group(1).lower() == "url" and k.group(2) and section[1] not in urls:
            value = k.group(2)
            if len(value) >= 2 and value[0] == value[-1] == '"':
                value = value[1:-1]
            urls[section[1]] = value
    if remote in urls:
        return remote_url_to_prefix(urls[remote])
    if len(urls) == 1:
        return remote_url_to_prefix(next(iter(urls.values())))
    return None
