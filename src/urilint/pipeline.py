"""The per-file steps, shared by the CLI and the flake8 plugin.  Pure: text in, values out.

    text ──scan (the Format)──▶ candidates ──check (per URI)──▶ findings in the text
         ──per-file ignores, suppression comments──▶ kept findings ──▶ fix plan / reports

``check_text`` is the whole of it for one decoded text; ``lint`` adds what a file run needs (the
format's precheck, per-file ignores, suppression comments, the fixes) and returns one value the
caller reports.  The CLI reads and writes files around it; flake8 hands it a module's lines.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Callable, Dict, FrozenSet, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from . import scanners, secrets
from .candidate import Candidate
from .checker import ALL_RULES, REAL_SECRETS, SECRETS, Plan, check_hiding, masked_finding
from .finding import Edit, FileFinding, Finding, Span, apply_edits
from .rules import enabled_link_rules
from .scanners.base import Format
from .scanners.escapes import common_ends
from .settings import DEFAULT_SETTINGS, Settings

if TYPE_CHECKING:  # loaded where they are used: a check that needs no fix, no suppression
    # comment reading (flake8) or no link rule does not pay for them at start-up
    from . import fixer
    from .links.check import LinkProvider, LinkSettings
    from .links.index import LinkIndex

FormatLike = Union[str, Format]
#: File roles (config.Config.role_for): what a file is to its project.  In examples every rule
#: runs but only real-looking secrets are reported; in test data and generated files only those.
#: A MARKED file says in its head that a tool wrote it (config.says_generated): generated, but
#: the link rules still run there, unfixed (a reader meets its broken links wherever they came
#: from; the fix belongs to the generator's input).
SOURCE, EXAMPLE, TEST, GENERATED, MARKED = "source", "example", "test", "generated", "marked"
#: Drops the findings a file does not want reported (suppressed, ignored for the file).
Filter = Callable[[str, Sequence[FileFinding]], List[FileFinding]]


def candidates(text: str, format: FormatLike, settings: Settings) -> List[Candidate]:
    """The URI candidates of a text, with the file-level settings applied, sorted."""
    return scanners.scan(text, scanners.get(format), settings)


def _all_candidates(text: str, format: Format, settings: Settings) -> List[Candidate]:
    """The candidates the checks read: code blocks and spans included (secrets are reported
    there too), each marked ``in_code``."""
    if not settings.include_code_blocks:
        settings = settings._replace(include_code_blocks=True)
    return scanners.scan(text, format, settings)


def check_text(text: str, format: FormatLike, settings: Optional[Settings] = None,
               role: str = SOURCE, links: Optional["Links"] = None) -> List[FileFinding]:
    """Every finding in one decoded text, sorted by position, before any suppression.

    Where a URI stands decides what is said about it: in a file of the ``source`` role every
    enabled rule runs, but inside code blocks and spans (unless ``include-code-blocks``) only
    the secret rules do; in test data and generated files only real-looking secrets are
    reported.  The CLI and the flake8 plugin both come through here, so they agree on findings
    and positions.  With ``links`` (see links_for), the link rules judge the document's links
    against its tree as well."""
    return checked_text(text, format, settings, role, links)[0]


def checked_text(text: str, format: FormatLike, settings: Optional[Settings] = None, role: str = SOURCE,
                 links: Optional["Links"] = None) -> Tuple[List[FileFinding], List[Candidate], Dict[int, List[Span]]]:
    """check_text, the candidates it read (code blocks and spans included) and, by index among
    them, the secret spans of each reported one: what the report's masking needs of a file
    with findings, without scanning it again or working out those spans again."""
    settings = settings if settings is not None else DEFAULT_SETTINGS
    fmt = scanners.get(format)
    plans: Dict[Tuple[bool, str], Plan] = {}  # worked out for the kinds of candidate the file has
    out: List[FileFinding] = []
    found = _all_candidates(text, fmt, settings)
    known: Dict[int, List[Span]] = {}
    proposed: List[_Proposed] = []  # minimal edits, checked together below
    fixable: Optional[bool] = None if fmt.fixable is not None else True  # (asked at the first fix)
    for i, c in enumerate(found):
        key = (c.in_code, c.partial)
        plan = plans.get(key)
        if plan is None:
            plan = plans[key] = _plan(settings, role, c.in_code, c.partial)
        findings, hidden = check_hiding(c.uri, plan, c.context)
        if findings:
            known[i] = hidden
            if fixable is None and fmt.fixable is not None and any(f.fix is not None for f in findings):
                fixable = fmt.fixable(text)  # (None only while the format has a test to ask)
            out.extend(_file_findings(fmt, text, c, findings, settings, secrets.masked(c.uri, hidden),
                                      proposed, len(out), fixable is not False))
    if proposed:
        out = _without_failed_edits(out, proposed, _failed_edits(fmt, text, proposed))
    if links is not None and role in (SOURCE, MARKED):
        from .links.check import check_links

        for lf in check_links(links.tree, links.document, text, found, links.settings):
            if lf.finding.code in links.codes:
                # (URI401 quotes a link it reads as no URL: "'sftp:/x/?key=...' is no URL".)
                uri = lf.candidate.uri
                finding = masked_finding(lf.finding, uri, secrets.secret_spans(uri, settings.placeholders))
                if role == MARKED:  # never fixed (lint), so no fix is offered either
                    finding = finding._replace(fix=None, applicability="display-only")
                out.extend(_file_findings(fmt, text, lf.candidate, [finding], settings))
    out.sort(key=lambda f: (f.start, f.code))
    return out, found, known


def _file_findings(fmt: Format, text: str, c: Candidate, findings: Sequence[Finding],
                   settings: Settings, shown: Optional[str] = None,
                   proposed: Optional[List["_Proposed"]] = None, first: int = 0,
                   fixable: bool = True) -> List[FileFinding]:
    """A candidate's findings (offsets in its URI) placed in the text, each with its edit;
    ``shown``: the URI redacted, when the caller has it.  With ``proposed``, a minimal edit is
    not checked here but added to it (``first``: the index the first finding will have in the
    caller's list), for the caller to check all of a file's at once (:func:`_failed_edits`).
    Without ``fixable`` (Format.fixable said no) no finding has an edit."""
    if shown is None:
        shown = secrets.redact(c.uri, settings.placeholders)
    out: List[FileFinding] = []
    for f in findings:
        start, end = c.source_span(f.start, f.end)
        edit = None
        if f.fix is not None and fixable and not c.partial and (not c.in_code or settings.include_code_blocks):
            if proposed is not None and checked_later(fmt, c):
                edit = unchecked_edit(fmt, text, c, f.fix)
                if edit is not None:
                    proposed.append(_Proposed(first + len(out), c, f.fix, edit))
            else:
                edit = source_edit(fmt, text, c, f.fix)
        applicability = f.applicability if edit is not None else "display-only"
        if applicability == "safe" and c.context in fmt.program_contexts:
            applicability = "unsafe"  # a fixed literal is another value at run time
        out.append(FileFinding(f.code, f.name, f.message, start, end, shown, c.context, c.in_code,
                               edit, applicability, (c.start, c.end)))
    return out


# --- the link rules' context: where a document sits in its tree ---------------------------------
class Links(NamedTuple):
    """What the link rules need besides the text: the tree's index, the document's path in it
    (``docs/guide.md``), the link settings and the codes selected."""

    tree: LinkIndex  #: the index of the tree the document is in
    document: str
    settings: LinkSettings
    codes: FrozenSet[str]


def links_for(path: Optional[str], format: Format, settings: Settings, role: str,
              provider: Optional[LinkProvider]) -> Optional[Links]:
    """The link context of the file at ``path``; None when no link rule runs on it (no path or
    no provider, a format without links, test data or generated files, no URI4xx selected, or
    a file the provider places in no tree)."""
    if path is None or provider is None or not format.links or role not in (SOURCE, MARKED):
        return None
    codes = enabled_link_rules(settings)
    if not codes:
        return None
    place = provider(path)
    if place is None:
        return None
    return Links(place.tree, place.document, place.settings, codes)


def _plan(settings: Settings, role: str, in_code: bool, partial: str) -> Plan:
    """What runs on a candidate of a file of ``role``, in code or not, whole or partial."""
    if role in (TEST, GENERATED, MARKED):
        return Plan.of(settings, REAL_SECRETS, partial=partial)
    scope = SECRETS if in_code and not settings.include_code_blocks else ALL_RULES
    return Plan.of(settings, scope, real_secrets_only=role == EXAMPLE, partial=partial)


# --- from a fixed URI to a source edit ------------------------------------------------------------
def source_edit(format: Format, text: str, c: Candidate, new_uri: str) -> Optional[Edit]:
    """The source edit that makes the candidate read ``new_uri``; None when it cannot be exact.

    A verbatim candidate is rewritten in place.  A candidate read through escapes (entities,
    backslashes, Python escape sequences, wrapped lines) is written back by the format's own
    ``fix_edit`` when it has one, else by a minimal edit that is verified by a second scan.
    None too when the edit would change the markup around the URI (``Format.keeps_markup``)."""
    if c.is_verbatim:
        edit: Optional[Edit] = (c.start, c.end, new_uri)
    elif format.fix_edit is not None:
        edit = format.fix_edit(text, c, new_uri)
    else:
        edit = _minimal_edit(format, text, c, new_uri)
    return _keeping_markup(format, text, c, new_uri, edit)


def _keeping_markup(format: Format, text: str, c: Candidate, new_uri: str, edit: Optional[Edit]) -> Optional[Edit]:
    """``edit``, or None when the format says it changes the markup around the URI."""
    if edit is None or format.keeps_markup is None or format.keeps_markup(text, c, new_uri, edit):
        return edit
    return None


#: Characters that may need an escape in some format (an entity, a backslash): a minimal edit
#: never writes them, so it never has to know how each format escapes.
_NEEDS_ESCAPE = frozenset("&<>\"'\\`*_[](){}|\n\r\t")


def _same_length_edit(text: str, c: Candidate, new_uri: str, mid: Tuple[int, int]) -> Optional[Edit]:
    """Character-for-character changes (case, hex digits) across escapes: rebuild the source of
    the changed stretch, taking new characters in verbatim pieces and keeping each escape whose
    characters did not change."""
    out: List[str] = []
    start = end = None
    for u0, u1, s0, s1 in c.pieces:
        if u1 <= mid[0] or u0 >= mid[1]:
            continue
        start = s0 if start is None else start
        end = s1
        if u1 - u0 == s1 - s0:
            out.append(new_uri[u0:u1])
        elif c.uri[u0:u1] == new_uri[u0:u1]:
            out.append(text[s0:s1])
        else:
            return None
    if start is None or end is None:
        return None
    return (start, end, "".join(out))


def _minimal_edit(format: Format, text: str, c: Candidate, new_uri: str) -> Optional[Edit]:
    """Fix a candidate read through escapes (HTML entities, Markdown backslashes, JSON "\\/")
    by rewriting only the characters that change, when they all stand verbatim in the source.

    The edit is verified: the edited text, scanned again, must yield ``new_uri`` at the same
    place.  Otherwise there is no fix (never a guess)."""
    found = _minimal_edit_unchecked(text, c, new_uri)
    if found is None or _failed_edits(format, text, [_Proposed(0, c, new_uri, found)]):
        return None
    return found


def _minimal_edit_unchecked(text: str, c: Candidate, new_uri: str) -> Optional[Edit]:
    """:func:`_minimal_edit` before its check: the edit, or None when there is none to try."""
    head, tail = common_ends(c.uri, new_uri)
    old_end = len(c.uri) - tail
    replacement = new_uri[head:len(new_uri) - tail]
    if _NEEDS_ESCAPE & set(replacement):
        return None
    found: Optional[Edit] = None
    for u0, u1, s0, s1 in c.pieces:
        if u0 <= head and old_end <= u1 and u1 - u0 == s1 - s0:
            found = (s0 + head - u0, s0 + old_end - u0, replacement)
            break
    if found is None and len(c.uri) == len(new_uri):
        found = _same_length_edit(text, c, new_uri, (head, old_end))
    return found


def checked_later(format: Format, c: Candidate) -> bool:
    """Whether the edit that fixes ``c`` is one to check with others (:func:`check_edits`)
    rather than one :func:`source_edit` writes checked (or, verbatim, needing no check)."""
    return not c.is_verbatim and (format.fix_edit is None or format.propose_edit is not None)


def unchecked_edit(format: Format, text: str, c: Candidate, new_uri: str) -> Optional[Edit]:
    """For a candidate :func:`checked_later`, the edit that should make it read ``new_uri``,
    for :func:`check_edits` to check; None when there is none to try."""
    if format.propose_edit is not None:
        return format.propose_edit(text, c, new_uri)  # (its format judges the markup: a notebook's cell's)
    return _keeping_markup(format, text, c, new_uri, _minimal_edit_unchecked(text, c, new_uri))


def check_edits(format: Format, text: str, proposals: Sequence[Tuple[Candidate, str, Edit]]) -> FrozenSet[int]:
    """The indexes of ``proposals`` (a candidate, the URI it must read, the edit of
    :func:`unchecked_edit`) that fail their check: all checked together, in layers
    (:func:`_failed_edits`), for a container format that checks its parts' edits."""
    return _failed_edits(format, text, [_Proposed(i, c, u, e) for i, (c, u, e) in enumerate(proposals)])


class _Proposed(NamedTuple):
    """A minimal edit to check (:func:`_failed_edits`): the index of its finding in the file's
    list, the candidate, the URI the edit must make it read, and the edit."""

    at: int
    candidate: Candidate
    new_uri: str
    edit: Edit


#: How many minimal edits of one file are checked alone, each by reading the whole edited file
#: again, once the edits checked together failed (beyond these, such an edit is no fix).
ALONE_CHECKS = 8


def _failed_edits(format: Format, text: str, proposed: Sequence[_Proposed]) -> FrozenSet[int]:
    """The indexes (in ``proposed``) of the edits after which the text, scanned again, does not
    yield the candidate reading its new URI at its place.

    Checking each edit on its own text read the whole file once per fix: quadratic in the
    findings (an HTML file of links with "&amp;" and a fix each).  The edits are checked in
    layers instead, one edit per candidate in each (a candidate may have several fixes), all of
    a layer applied to one text scanned once; an edit that fails there (another edit of its
    layer may have changed how its text reads) is checked alone, up to ALONE_CHECKS of them."""
    failed: List[int] = []
    layers: List[List[int]] = []
    depth: Dict[Tuple[int, int], int] = {}
    for i, p in enumerate(proposed):
        key = (p.candidate.start, p.candidate.end)
        k = depth[key] = depth.get(key, -1) + 1
        if k == len(layers):
            layers.append([])
        layers[k].append(i)
    retry: List[int] = []
    for layer in layers:
        retry.extend(_failed_together(format, text, [proposed[i] for i in layer], layer))
    for n, i in enumerate(retry):
        if n >= ALONE_CHECKS or _failed_together(format, text, [proposed[i]], [i]):
            failed.append(i)
    return frozenset(failed)


def _failed_together(format: Format, text: str, proposed: Sequence[_Proposed], ids: Sequence[int]) -> List[int]:
    """The ids of those of ``proposed`` (edits of distinct candidates, with ``ids`` their
    indexes) that fail when all are applied to ``text`` at once: the text scanned again does not
    yield the candidate reading its new URI at its place, or the format's own check
    (``Format.failed_edits``) says so.  An edit that overlaps another fails here (it is then
    checked alone)."""
    order = sorted(range(len(proposed)), key=lambda j: proposed[j].edit[:2])
    edits: List[Edit] = []
    starts: Dict[int, int] = {}  # j -> the candidate's start in the edited text
    failed: List[int] = []
    shift = end = 0
    for j in order:
        s, e, r = proposed[j].edit
        if s < end:
            failed.append(ids[j])
            continue
        starts[j] = proposed[j].candidate.start + shift
        edits.append((s, e, r))
        shift += len(r) - (e - s)
        end = e
    if format.failed_edits is not None:  # (the format checks its own edits: a Python module)
        kept = sorted(starts)
        failed += [ids[kept[k]] for k in format.failed_edits(
            text, [(proposed[j].candidate, proposed[j].new_uri, proposed[j].edit) for j in kept])]
        return failed
    edited = apply_edits(text, edits)
    reads: Dict[bool, Dict[int, List[str]]] = {}
    for j, start in starts.items():
        in_code = proposed[j].candidate.in_code
        if in_code not in reads:
            found: Dict[int, List[str]] = {}
            for n in scanners.scan(edited, format, Settings(include_code_blocks=in_code)):
                found.setdefault(n.start, []).append(n.uri)
            reads[in_code] = found
        if proposed[j].new_uri not in reads[in_code].get(start, ()):
            failed.append(ids[j])
    return failed


def _without_failed_edits(out: List[FileFinding], proposed: Sequence[_Proposed],
                          failed: FrozenSet[int]) -> List[FileFinding]:
    """``out`` with no edit on the findings whose minimal edit failed its check."""
    for i in failed:
        at = proposed[i].at
        out[at] = out[at]._replace(edit=None, applicability="display-only")
    return out


# --- what a file wants reported ------------------------------------------------------------------
def keeper(format: FormatLike, ignored: FrozenSet[str] = frozenset(), comments: bool = True) -> Filter:
    """The filter of one file: its suppression comments (``comments``) and the codes or prefixes
    its per-file ignores turn off."""
    fmt = scanners.get(format)

    def keep(text: str, findings: Sequence[FileFinding]) -> List[FileFinding]:
        kept = _suppressed(text, fmt, findings) if comments else list(findings)
        if ignored:
            kept = [f for f in kept if not any(f.code.startswith(c) for c in ignored)]
        return _without_fixes_of_suppressed(findings, kept)

    return keep


def _suppressed(text: str, fmt: Format, findings: Sequence[FileFinding]) -> List[FileFinding]:
    from . import suppress  # not for flake8, which reads its own noqa comments

    return suppress.apply(text, fmt, findings)


def _without_fixes_of_suppressed(findings: Sequence[FileFinding], kept: List[FileFinding]) -> List[FileFinding]:
    """A fix applies only what reported findings ask for: a URI's fix is its whole corrected
    text (the normal form, say), so when one of its findings is suppressed or ignored, the
    others keep their message but lose their fix (``"HTTP://Example.COM/"  # noqa: URI201``
    must not be lowercased by URI202's fix)."""
    if len(kept) == len(findings):
        return kept
    reported = {id(f) for f in kept}
    silenced = {f.uri_span for f in findings if id(f) not in reported}
    return [f._replace(edit=None, applicability="display-only") if f.edit is not None and f.uri_span in silenced
            else f for f in kept]


def _keep_all(text: str, findings: Sequence[FileFinding]) -> List[FileFinding]:
    return list(findings)


def fix_text(text: str, format: FormatLike, settings: Settings, *, unsafe: bool = False,
             keep: Filter = _keep_all, role: str = SOURCE, links: Optional[Links] = None) -> "fixer.FixResult":
    """Apply the fixes of the findings ``keep`` leaves, until none is left (see urilint.fixer)."""
    from . import fixer

    fmt = scanners.get(format)

    def findings(t: str) -> List[FileFinding]:
        return keep(t, check_text(t, fmt, settings, role, links))

    def spans(t: str) -> List[Tuple[int, int]]:
        return sorted((c.start, c.end) for c in _all_candidates(t, fmt, settings))

    return fixer.fix(text, fixer.Reader(findings, spans, fmt.well_formed), unsafe=unsafe)


class FileResult(NamedTuple):
    """What one file's run found: the text it ends with, the findings kept, notices."""

    text: str  #: the text the findings refer to (the fixed text when fixes were applied)
    findings: Tuple[FileFinding, ...]
    notices: Tuple[str, ...] = ()  #: not fatal: the file was read (a fix skipped, not checked)
    fixed: int = 0  #: findings fixed
    checked: bool = True  #: False when the format's precheck refused the text
    #: the URI candidates of ``text``, code blocks and spans included (masking.hidden_spans
    #: reads them: a file with findings is not scanned a second time for its secrets)
    candidates: Tuple[Candidate, ...] = ()
    #: the secret spans of the reported candidates (URI offsets), by index in ``candidates``
    secrets: Mapping[int, List[Span]] = MappingProxyType({})


def lint(text: str, format: FormatLike, settings: Settings, *, role: str = SOURCE,
         ignored: FrozenSet[str] = frozenset(), comments: bool = True, precheck: bool = True,
         fix: bool = False, unsafe: bool = False, path: Optional[str] = None,
         links: Optional[LinkProvider] = None) -> FileResult:
    """One file's whole run: the format's precheck, fixes (with ``fix``; ``unsafe`` ones too),
    and the findings that suppression ``comments`` and the per-file ``ignored`` codes leave.
    ``role`` is the file's (SOURCE, EXAMPLE, TEST, GENERATED or MARKED, never fixed; see
    check_text).  ``path``, the file's path on disk, and ``links``, the caller's provider of
    trees (the CLI's is
    urilint.links.provider.TreeLinks), let the link rules (URI4xx, when selected) resolve its
    links against the tree it sits in."""
    fmt = scanners.get(format)
    if precheck and fmt.precheck is not None:
        refused = fmt.precheck(text)
        if refused is not None:
            return FileResult(text, (), (refused,), checked=False)
    keep = keeper(fmt, ignored, comments)
    links_in = links_for(path, fmt, settings, role, links)
    notices: Tuple[str, ...] = ()
    fixed = 0
    if fix and role != MARKED:
        result = fix_text(text, fmt, settings, unsafe=unsafe, keep=keep, role=role, links=links_in)
        text, fixed, notices = result.text, result.fixed, result.notices
    findings, found, known = checked_text(text, fmt, settings, role, links_in)
    return FileResult(text, tuple(keep(text, findings)), notices, fixed, candidates=tuple(found),
                      secrets=MappingProxyType(known))
