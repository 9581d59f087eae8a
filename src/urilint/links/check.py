"""Judge a document's links against the checked tree: URI401, URI402, URI403.  Pure but for the
index, whose tree is the only way to the files.

A link is judged when it is a relative reference (RFC 3986 section 4.2) in a link context:
its path is resolved against the document's own location (section 5.2, with
:func:`urilint.rfc3986.resolve.resolve`), query and fragment set apart, each segment
percent-decoded, and the result looked up in the tree.  Not judged: references with a scheme
(unless they are the repository's own hosted files, :func:`hosted_target`), network-path
references (``//host/x``), path-absolute references without a configured site root, targets
that climb out of the root, targets matching ``ignore-targets``, and templated references.
"""

from __future__ import annotations

from typing import Callable, Counter, Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple
from urllib.parse import unquote

import pathspec

from .. import placeholders
from ..candidate import Candidate
from ..finding import Finding
from ..rfc3986 import lazy
from ..rfc3986.reference import URIReference, parse
from ..rfc3986.resolve import resolve
from ..rules import uri401_missing_target, uri402_missing_fragment, uri403_case_mismatch
from .hosted import hosted_target
from .index import MKDOCS_PAGE_SUFFIXES, LinkIndex, Located, document_format, edit_distance, fold, max_distance
from .tree import split

#: Candidate contexts that are link destinations (prose, comments and code are not links).
LINK_CONTEXTS = frozenset({"markdown-link", "markdown-image", "reference-definition",
                           "html-attribute", "rst-link", "autolink", "angle"})
#: HTML attributes whose value a browser fetches or follows as a document or resource; a
#: form's ``action`` or an ``itemtype`` names an endpoint or a vocabulary, not a file.
LINK_ATTRIBUTES = frozenset({"href", "src", "srcset", "imagesrcset", "poster", "data", "xlink:href",
                             "background", "longdesc", "lowsrc", "dynsrc"})
#: Suffixes of sources that a site generator turns into ``<stem>.html`` or ``<stem>/``.
SOURCE_SUFFIXES: Tuple[str, ...] = (".md", ".markdown", ".rst", ".txt", ".ipynb", ".adoc")
#: Placeholder syntaxes that make a reference a template (``{{ site.url }}/x``, ``${BASE}/x``).
_TEMPLATE_SYNTAXES = frozenset({"jinja", "shell", "braces"})
#: GitHub line fragments: ``#L10``, ``#L10-L20``, ``#L10C2-L12C8``.
LINE_FRAGMENT = lazy.compile(r"L[0-9]+(?:C[0-9]+)?(?:-L[0-9]+(?:C[0-9]+)?)?")
_ATTRIBUTE_BEFORE = lazy.compile(r"([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*[\"']?\s*$")
#: Characters a path segment or fragment keeps as they are in a written fix (pchar, RFC 3986
#: section 3.3, less "(" and ")", which would unbalance a Markdown link destination).
_KEEP = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'*+,;=:@")


class LinkSettings(NamedTuple):
    """The settings of the link rules (``[tool.urilint]`` keys in parentheses)."""

    anchor_style: str = "auto"  #: ("anchor-style") auto, github, gitlab or mkdocs; see slugs.py
    #: ("site-root") repository-relative folder that "/x" references start from; None: not judged
    site_root: Optional[str] = None
    #: ("ignore-targets") gitignore-style patterns of resolved repository paths not to judge
    ignore_targets: Tuple[str, ...] = ()
    #: ("hosted") URL prefixes of the repository's hosted files: "https://github.com/OWNER/REPO"
    hosted: Tuple[str, ...] = ()
    #: ("hosted-branches") branches whose hosted files are the checked tree; links to other
    #: branches, tags and commits name other versions and are not judged
    hosted_branches: Tuple[str, ...] = ("main", "master", "HEAD")


DEFAULT_LINK_SETTINGS = LinkSettings()


class Place(NamedTuple):
    """Where a document sits: its tree's index, its path in that tree (``docs/guide.md``) and
    the link settings of that tree."""

    tree: LinkIndex  #: the index of the tree the document is in
    document: str
    settings: LinkSettings


#: What a caller hands the pipeline for the link rules: the place of the file at a path on
#: disk, or None when it is in no tree that can be judged.  Reading the disk (the tree, the
#: git configuration) is the provider's business, never the pipeline's; see
#: :class:`urilint.links.provider.TreeLinks`.
LinkProvider = Callable[[str], Optional[Place]]


class LinkFinding(NamedTuple):
    """A finding about one candidate: ``finding`` holds offsets inside ``candidate.uri`` and the
    fix as the whole corrected URI, exactly like every per-URI rule's findings."""

    candidate: Candidate
    finding: Finding

    @property
    def start(self) -> int:
        """Source offset where the reported part starts."""
        return self.candidate.source_span(self.finding.start, self.finding.end)[0]

    @property
    def end(self) -> int:
        """Source offset just past the reported part."""
        return self.candidate.source_span(self.finding.start, self.finding.end)[1]


class _Target(NamedTuple):
    """A reference resolved to a repository path, and how to write a corrected one."""

    parts: Tuple[str, ...]  #: decoded segments of the repository path
    folder: bool  #: the reference ends with "/" (names a folder)
    path_span: Tuple[int, int]  #: where the path is written in the URI
    first_relative: bool  #: the path is a relative-path reference (its first segment takes no ":")


def is_link(candidate: Candidate, text: Optional[str] = None) -> bool:
    """Whether a candidate is a link these rules judge: in a link context, outside code, and
    for HTML, in an attribute that loads or follows a resource (``text``: the document, to read
    the attribute's name)."""
    if candidate.in_code or candidate.context not in LINK_CONTEXTS:
        return False
    if candidate.context == "html-attribute" and text is not None:
        m = _ATTRIBUTE_BEFORE.search(text, max(0, candidate.start - 80), candidate.start)
        if m is not None and m.group(1).lower() not in LINK_ATTRIBUTES:
            return False
    return True


def check_links(index: LinkIndex, document: str, text: str, candidates: Iterable[Candidate],
                settings: LinkSettings = DEFAULT_LINK_SETTINGS) -> List[LinkFinding]:
    """The URI401-URI403 findings of one document.

    ``document`` is the document's repository-relative path (``docs/guide.md``), ``text`` its
    decoded text and ``candidates`` what its scanner found there."""
    out: List[LinkFinding] = []
    labels: Optional[Counter[str]] = None  # bracketed texts of the document, counted once
    for c in candidates:
        if not is_link(c, text):
            continue
        if c.context == "reference-definition":
            labels = labels if labels is not None else _bracketed(text)
            if _unused_definition(text, c, labels):
                continue
        found = check_reference(index, document, c.uri, settings)
        if c.context == "html-attribute" and any(f.code != uri402_missing_fragment.RULE.code for f in found):
            found = _site_reading(index, document, c.uri, settings, found)
        out.extend(LinkFinding(c, f) for f in found)
    return out


def _site_reading(index: LinkIndex, document: str, uri: str, settings: LinkSettings,
                  found: List[Finding]) -> List[Finding]:
    """A raw-HTML link of an MkDocs page, judged as the built site reads it.  MkDocs rewrites
    Markdown links but not raw HTML, which the browser resolves against the page's directory
    URL (``docs/a/b.md`` is served at ``a/b/``, where ``../../img/x.png`` is ``docs/img/x.png``
    and ``c`` a page built from ``docs/a/b/c.md``).  The link is broken only when it leads
    nowhere in both readings, and then the site's is reported."""
    docs = index.site_docs()
    parts = split(document)
    if docs is None or not document.lower().endswith(MKDOCS_PAGE_SUFFIXES) or parts[:len(split(docs))] != split(docs):
        return found
    stem = parts[-1].rsplit(".", 1)[0]
    page = document if stem.lower() in ("index", "readme") else "/".join(parts[:-1] + [stem, "index.md"])
    return check_reference(index, page, uri, settings, site_pages=True)


#: A bracketed text (at most as long as a CommonMark link label, 999 characters) that may use a
#: reference: not an inline link's text (``[x](...)``) nor a definition's label (``[x]: ...``).
_BRACKETED = lazy.compile(r"\[([^\]\[]{1,999})\](?![(:])")
#: The label of a Markdown link reference definition, up to its destination: ``[label]: ``.
_DEFINITION_LABEL = lazy.compile(r"\[([^\]\[]{1,999})\]:[ \t]*<?$")


def _label(raw: str) -> str:
    """CommonMark matches labels without case and with runs of white space collapsed."""
    return " ".join(raw.split()).casefold()


def _bracketed(text: str) -> Counter[str]:
    return Counter(_label(m.group(1)) for m in _BRACKETED.finditer(text))


def _unused_definition(text: str, c: Candidate, labels: Counter[str]) -> bool:
    """Whether ``c`` is the destination of a reference definition no link of the document
    uses: nothing renders it, so no reader can follow it (RFC templates carry such
    ``[alternatives]: #alternatives`` lines under renamed headings).  Any ``[label]`` that is
    neither an inline link's text nor a definition ([text][label], [label][], [label]) counts
    as a use."""
    line_start = max(text.rfind("\n", 0, c.start), text.rfind("\r", 0, c.start)) + 1
    m = _DEFINITION_LABEL.search(text, max(line_start, c.start - 1200), c.start)
    return m is not None and labels[_label(m.group(1))] == 0


def check_reference(index: LinkIndex, document: str, uri: str,
                    settings: LinkSettings = DEFAULT_LINK_SETTINGS, site_pages: bool = False) -> List[Finding]:
    """The findings about one reference written in ``document`` (offsets inside ``uri``).
    ``site_pages``: read as a built site does, where ``page`` (no suffix, no slash) is the page
    built from ``page.md`` (the server adds the slash)."""
    ref = parse(uri)
    if not uri or placeholders.find(uri, _TEMPLATE_SYNTAXES):
        return []
    if ref.scheme is not None and _SCHEME.fullmatch(ref.scheme) is None:
        return _not_a_url(index, document, uri, settings)
    target = _target(ref, uri, document, settings)
    if target is None:
        if ref.scheme is None and ref.authority is None and ref.path == "":
            return _fragment_findings(index, document, ref, uri, document)
        return []
    path = "/".join(target.parts)
    if _ignored(path, target.folder, settings.ignore_targets):
        return []
    found = index.locate(path)
    if found.kind == "case":
        return [_case_finding(found, target, uri)]
    if found.kind == "missing":
        if _built_page(index, target.parts, target.folder or (site_pages and _suffixless(target.parts))):
            return []
        return [_missing_finding(index, found, target, uri)]
    if found.kind == "file":
        return _fragment_findings(index, path, ref, uri, document)
    return []


#: RFC 3986 section 3.1: ``scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )``.
_SCHEME = lazy.compile(r"[A-Za-z][A-Za-z0-9+.-]*")
#: Wrappers a writer may leave around a URL in a link destination: ``[x]: [https://...]``.
_WRAPPERS = ("[]", "()", "<>", '""', "''")


def _not_a_url(index: LinkIndex, document: str, uri: str, settings: LinkSettings) -> List[Finding]:
    """A destination whose text before the first ":" is no scheme (``[https://host/x]``,
    ``(https://...)``): it is no URI, and a renderer or browser reads it as a relative path
    (CommonMark keeps the destination as written; the WHATWG URL parser falls back to a
    relative reference when the scheme does not start with a letter).  So it is judged as
    one: URI401 when that path is missing, with the wrapped URL as the fix."""
    ref = parse("./" + uri)  # the same text, read as the relative path a browser follows
    target = _target(ref, "./" + uri, document, settings)
    if target is None or not target.parts:
        return []
    path = "/".join(target.parts)
    if _ignored(path, target.folder, settings.ignore_targets) or index.locate(path).kind != "missing":
        return []
    scheme = uri[:uri.index(":")]
    message = (f"'{uri}' is no URL ('{scheme}' is no scheme): read as a relative path, "
               f"'{path}' does not exist")
    fix = None
    if len(uri) > 2 and uri[0] + uri[-1] in _WRAPPERS:
        inner = uri[1:-1].strip()
        inner_scheme = parse(inner).scheme
        if inner_scheme is not None and _SCHEME.fullmatch(inner_scheme) and not _NO_URI.search(inner):
            fix = inner
            message += f" (did you mean '{inner}'?)"
    return [uri401_missing_target.RULE.finding(0, len(uri), message, fix)]


_NO_URI = lazy.compile(r"[\s<>\[\]\"]")


# --- resolution ------------------------------------------------------------------------------
def _encode_path(path: str) -> str:
    return "/".join(_encode(s) for s in path.split("/"))


def _decode_segments(path: str) -> Optional[Tuple[str, ...]]:
    parts = []
    for raw in path.split("/"):
        if not raw:
            continue
        try:
            part = unquote(raw, errors="strict") if "%" in raw else raw
        except UnicodeDecodeError:
            return None  # "%FF" names bytes that are no UTF-8 name: not ours to judge
        if "/" in part or "\x00" in part:
            return None  # "%2F" inside a segment names no file
        parts.append(part)
    return tuple(parts)


def _escapes(start_depth: int, path: str) -> bool:
    """Whether the dot-segments of ``path`` climb above the root (RFC 3986's 5.2.4 would
    silently stop at the root: a target out of the repository is not ours to judge)."""
    depth = start_depth
    for seg in path.split("/"):
        if seg == "..":
            depth -= 1
            if depth < 0:
                return True
        elif seg not in ("", "."):
            depth += 1
    return False


def _target(ref: URIReference, uri: str, document: str, settings: LinkSettings) -> Optional[_Target]:
    if ref.scheme is not None:
        hosted = hosted_target(uri, settings.hosted, settings.hosted_branches)
        if hosted is None:
            return None
        parts = _decode_segments(hosted.path)
        if parts is None:
            return None
        return _Target(parts, hosted.path.endswith("/"), hosted.span, False)
    if ref.authority is not None or ref.path == "":
        return None  # a network-path reference, or only a query or fragment
    span = ref.span("path") or (0, len(uri))
    if ref.path.startswith("/"):
        if settings.site_root is None:
            return None
        root = split(settings.site_root)
        if _escapes(0, ref.path):
            return None
        resolved = parse(resolve("file:///", ref.path)).path
    else:
        root = []
        doc = split(document)
        if _escapes(len(doc) - 1, ref.path):
            return None
        resolved = parse(resolve("file:///" + _encode_path("/".join(doc)), ref.path)).path
    parts = _decode_segments(resolved)
    if parts is None:
        return None
    return _Target(tuple(root) + parts, resolved.endswith("/"), span, not ref.path.startswith("/"))


def _ignored(path: str, folder: bool, patterns: Sequence[str]) -> bool:
    if not patterns:
        return False
    spec = _spec(tuple(patterns))
    return spec.match_file(path + "/" if folder else path) or spec.match_file(path)


_SPECS: Dict[Tuple[str, ...], "pathspec.GitIgnoreSpec"] = {}


def _spec(patterns: Tuple[str, ...]) -> "pathspec.GitIgnoreSpec":
    # gitignore semantics, as for file discovery: "build/" covers what is under it.
    if patterns not in _SPECS:
        _SPECS[patterns] = pathspec.GitIgnoreSpec.from_lines(patterns)
    return _SPECS[patterns]


def _built_page(index: LinkIndex, parts: Tuple[str, ...], folder: bool) -> bool:
    """``guide.html`` or ``guide/`` whose source ``guide.md`` (or .rst ...) is in the tree: the
    page a site generator (Sphinx, MkDocs) builds from it, linked the way the site reads."""
    if not parts:
        return False
    name = parts[-1]
    if "_sources" in parts[:-1] and name.endswith(".txt"):
        return _sphinx_source_copy(index, parts)
    if name.lower().endswith((".html", ".htm")):
        stem = name[:name.rfind(".")]
    elif folder:
        stem = name
    else:
        return False
    names = index.entries("/".join(parts[:-1])) or {}
    return any(stem + suffix in names and not names[stem + suffix] for suffix in SOURCE_SUFFIXES)


def _suffixless(parts: Tuple[str, ...]) -> bool:
    return bool(parts) and "." not in parts[-1]


def _sphinx_source_copy(index: LinkIndex, parts: Tuple[str, ...]) -> bool:
    """``_sources/users.rst.txt``: the copy of ``users.rst`` Sphinx writes beside the built
    pages (older versions: ``_sources/users.txt``), linked the way the site reads."""
    k = len(parts) - 1 - parts[::-1].index("_sources", 1)
    rest = parts[:k] + parts[k + 1:]
    stem = rest[-1][:-len(".txt")]
    names = index.entries("/".join(rest[:-1])) or {}
    return (stem in names and not names[stem]) or any(
        stem + suffix in names and not names[stem + suffix] for suffix in SOURCE_SUFFIXES)


# --- findings --------------------------------------------------------------------------------
def _encode(text: str, keep_non_ascii: bool = True) -> str:
    out = []
    for ch in text:
        if ch in _KEEP or (keep_non_ascii and ord(ch) > 0x7F and ch.isprintable() and not ch.isspace()):
            out.append(ch)
        else:
            out.extend(f"%{b:02X}" for b in ch.encode("utf-8"))
    return "".join(out)


def _rewrite_path(uri: str, target: _Target, corrected: Sequence[str]) -> Optional[str]:
    """``uri`` with the segments of its path that differ in ``corrected`` rewritten (None when
    the written path does not map segment for segment, as with inner ``..``)."""
    p0, p1 = target.path_span
    segs = uri[p0:p1].split("/")
    wrong = list(target.parts)
    if len(corrected) != len(wrong):
        return None
    pending = {i for i in range(len(wrong)) if wrong[i] != corrected[i]}
    t = len(wrong) - 1
    k = len(segs) - 1
    while pending and k >= 0 and t >= 0:
        seg = segs[k]
        if seg in (".", ".."):
            return None
        if seg:
            if (unquote(seg) if "%" in seg else seg) != wrong[t]:
                return None
            if t in pending:
                segs[k] = _encode(corrected[t], keep_non_ascii="%" not in seg)
                pending.discard(t)
            t -= 1
        k -= 1
    if pending:
        return None
    path = "/".join(segs)
    if target.first_relative and ":" in path.split("/", 1)[0]:
        return None  # "a:b/c" would read as a scheme (section 4.2)
    return uri[:p0] + path + uri[p1:]


def _case_finding(found: Located, target: _Target, uri: str) -> Finding:
    rule = uri403_case_mismatch.RULE
    corrected = split(found.actual)
    fix = None if found.ambiguous else _rewrite_path(uri, target, corrected)
    p0, p1 = target.path_span
    how = "case" if found.path.lower() == found.actual.lower() else "Unicode normalization"
    return rule.finding(p0, p1, f"'{found.path}' exists only as '{found.actual}', which differs in {how}: "
                                "it breaks on case-sensitive file systems and on the web", fix)


def _missing_finding(index: LinkIndex, found: Located, target: _Target, uri: str) -> Finding:
    rule = uri401_missing_target.RULE
    parts = target.parts
    i = found.missing_at
    fix = None
    suggestion = ""
    if i >= 0:
        rest = parts[i + 1:]
        fits = []
        for name in index.near_names(found.actual, parts[i]):
            candidate = tuple(split(found.actual)) + (name,) + rest
            if index.locate("/".join(candidate)).kind in ("file", "folder"):
                fits.append(candidate)
        if len(fits) == 1:
            suggestion = "/".join(fits[0])
            fix = _rewrite_path(uri, target, fits[0])
    p0, p1 = target.path_span
    message = f"'{found.path}' does not exist"
    if suggestion:
        message += f" (did you mean '{suggestion}'?)"
    return rule.finding(p0, p1, message, fix)


def _fragment_findings(index: LinkIndex, path: str, ref: URIReference, uri: str, document: str) -> List[Finding]:
    """URI402 for a fragment that names no anchor of the target document."""
    fragment = ref.fragment
    if not fragment or ":~:" in fragment or document_format(path) is None:
        return []
    if LINE_FRAGMENT.fullmatch(fragment) and "plain=1" in (ref.query or ""):
        return []
    names = index.anchors(path)
    if names is None:
        return []
    decoded = unquote(fragment) if "%" in fragment else fragment
    if fragment in names or decoded in names:
        return []
    if index.anchor_style in ("github", "auto") and decoded.lower() in names:
        return []  # GitHub's page script finds user-content anchors without case
    # In a tree MkDocs builds, its anchors count too (reST and HTML anchors have no style).
    theirs = index.anchors(path, "mkdocs") if index.anchor_style == "auto" and index.builds_with_mkdocs() else None
    if theirs is not None and (fragment in theirs or decoded in theirs):
        return []  # the anchor MkDocs renders (Python-Markdown's toc): GitHub's is no fix
    near = nearest_anchors(decoded, names)
    if theirs is not None and near and nearest_anchors(decoded, theirs) != near:
        # Where two renderers may read the page, a suggestion must be both renderers' anchor
        # ("#autentication": "#authentication" in both); else which to suggest is a guess.
        near = ()
    rule = uri402_missing_fragment.RULE
    f0, f1 = ref.span("fragment") or (len(uri), len(uri))
    where = "this document" if path == "/".join(split(document)) else f"'{path}'"
    message = f"'#{decoded}' is not an anchor of {where}"
    fix = None
    if len(near) == 1:
        message += f" (did you mean '#{near[0]}'?)"
        fix = uri[:f0] + _encode(near[0]) + uri[f1:]
    return [rule.finding(f0 - 1, f1, message, fix)]


def nearest_anchors(fragment: str, names: Iterable[str]) -> Tuple[str, ...]:
    """The anchors a mistyped ``fragment`` may have meant: the same without case, or the
    closest within a small edit distance (all of them when several tie)."""
    folded = fold(fragment)
    same = sorted(n for n in names if fold(n) == folded)
    if same:
        return tuple(same)
    limit = max_distance(fragment)
    scored = [(edit_distance(fold(n), folded, limit), n) for n in names]
    close = [(d, n) for d, n in scored if d <= limit]
    if not close:
        return ()
    best = min(d for d, _ in close)
    return tuple(sorted(n for d, n in close if d == best))
