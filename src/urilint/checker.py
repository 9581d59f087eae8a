"""check(): what urilint reports about one URI candidate.  Pure: text in, findings out."""

from __future__ import annotations

import functools
import importlib
import re
from dataclasses import dataclass, replace
from typing import Callable, List, Optional, Tuple, cast

from . import placeholders, secrets
from .candidate import Candidate
from .finding import Finding
from .rfc3986 import grammar, iana
from .rfc3986.reference import _check_str, parse
from .rfc3986.schemes import may_follow
from .rfc3986.validate import is_valid, validate
from .rules import RULES, Analysis
from .rules.uri103_invalid_scheme import RULE as INVALID_SCHEME, scheme_fault, unwrapped
from .rules.uri108_likely_typo import _MISSING_COLON
from .settings import DEFAULT_SETTINGS, Settings

#: Contexts in which the text is certainly a reference (a link target), never prose.
LINK_CONTEXTS = frozenset({"markdown-link", "markdown-image", "reference-definition", "html-attribute",
                           "rst-link", "autolink", "angle"})

# A clean URI needs no rule: lowercase web scheme and host, no userinfo, an optional numeric
# port, ASCII only, percent-encodings in uppercase; or a relative reference made of the same
# characters.  What such a text can still be reported for (dot-segments, DNS label rules, a
# default or out-of-range port, an encoded unreserved character, a secret in the query) is
# checked directly below; everything else takes the full rule pass.
_P = r"A-Za-z0-9\-._~!$&'()*+,;=:@%"  # pchar, "%" included: triplets are checked apart
_CLEAN = re.compile(
    r"(https?|wss?|ftp)://([a-z0-9.-]+)(?::([0-9]{1,5}))?"
    rf"(/[{_P}/]*)?(\?[{_P}/?]*)?(#[{_P}/?]*)?"
)
_CLEAN_RELATIVE = re.compile(
    r"(?!//)([A-Za-z0-9\-._~!$&'()*+,;=@%]*"  # first segment: no ":" (path-noscheme)
    rf"(?:/[{_P}/]*)?)(\?[{_P}/?]*)?(#[{_P}/?]*)?"
)
#: A percent-encoding a 2xx rule rewrites: lowercase hex (URI203).
_LOWER_PCT = re.compile("%(?:[0-9A-Fa-f][a-f]|[a-f][0-9A-F])")
#: %XX of an unreserved character (section 2.3): URI204 reports it.
_UNRESERVED_PCT = re.compile(r"%(?:4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2[DE]|5F|7E)")
_DOT_SEGMENT = re.compile(r"/\.\.?(?:/|$)")
_NON_ASCII = re.compile("[^\x00-\x7f]")
_DEFAULTS = {"http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21}


@functools.lru_cache(maxsize=1)
def _suspect_non_ascii() -> "re.Pattern[str]":
    """Non-ASCII characters a rule may report even with URI110 off: anything RFC 3987 does not
    allow in a path (invisible, space-like, private-use, non-characters), and, to stay simple,
    every character beyond the BMP.  Built once per process from the rules' own predicate."""
    from .rules.common import is_iri_char

    ranges = []
    start = None
    for cp in range(0x80, 0x10000):
        bad = not is_iri_char(chr(cp), "path")
        if bad and start is None:
            start = cp
        elif not bad and start is not None:
            ranges.append((start, cp - 1))
            start = None
    if start is not None:
        ranges.append((start, 0xFFFF))
    body = "".join(f"\\u{a:04x}-\\u{b:04x}" if a != b else f"\\u{a:04x}" for a, b in ranges)
    return re.compile(f"[{body}\\U00010000-\\U0010ffff]")


def _fast_path_mode(settings: Settings) -> int:
    """0: no fast path (settings that need the full pass); 1: yes; 2: yes, and URI208 is on.
    Memoized on the (immutable) settings: check() asks for every URI."""
    mode: Optional[int] = settings.__dict__.get("_fast_path_mode")
    if mode is None:
        if settings.ignore_hosts or settings.exempt_example_hosts or settings.extra_default_ports \
                or settings.is_enabled("URI110"):
            mode = 0
        else:
            mode = 2 if settings.is_enabled("URI208") else 1
        settings.__dict__["_fast_path_mode"] = mode
    return mode


def _is_clean(text: str, settings: Settings) -> bool:
    """True when no rule can report ``text`` (see the patterns above); cheap."""
    mode = _fast_path_mode(settings)
    if not mode:
        return False
    if not text.isascii():
        # An IRI whose every non-ASCII character RFC 3987 allows reads, for every default rule,
        # like the same text with a letter in their place.
        if _suspect_non_ascii().search(text):
            return False
        text = _NON_ASCII.sub("a", text)
    if "%" in text and (grammar.BAD_PCT.search(text) or _LOWER_PCT.search(text) or _UNRESERVED_PCT.search(text)):
        return False
    m = _CLEAN.fullmatch(text)
    if m is not None:
        scheme, host, port, path, query = m.group(1, 2, 3, 4, 5)
        if path is None:
            if mode == 2:
                return False
        elif "/." in path and _DOT_SEGMENT.search(path):
            return False
        if port is not None and (int(port) > 65535 or int(port) == _DEFAULTS[scheme]):
            return False
        if ".." in host or host[0] in ".-" or host[-1] == "-" or "-." in host or ".-" in host:
            return False
        last = host.rstrip(".").rsplit(".", 1)[-1]
        if not last or not "a" <= last[0] <= "z":
            return False  # numeric hosts: URI104 and URI305 look at them
        if len(host) > 63 and (len(host) > 254 or any(len(label) > 63 for label in host.split("."))):
            return False
        return not query or not secrets.query_may_hold_secret(query)
    m = _CLEAN_RELATIVE.fullmatch(text)
    if m is None:
        return False
    path, query = m.group(1, 2)
    if _MISSING_COLON.match(path):
        return False  # "https//host": URI108's
    if path.startswith("/") and "/." in path and _DOT_SEGMENT.search(path):
        return False
    return not query or not secrets.query_may_hold_secret(query)


def _is_candidate(a: Analysis, context: Optional[str]) -> bool:
    """Whether the text reads as a URI reference at all (quiet on `key:value`, `12:30`, `C:\\x`)."""
    if context in LINK_CONTEXTS or a.ref.scheme is None:
        return True
    if a.has_valid_scheme():
        scheme = a.scheme or ""
        # A single-letter "scheme" before ":\" or ":/" is a Windows drive, not a URI.
        if len(scheme) == 1 and a.text[2:3] in ("\\", "/"):
            return False
        # The extraction rule (issue 4): a registered scheme, or any scheme followed by "//".
        # "Note:see below" and "key:value" are prose, not URIs.
        if a.text.startswith("//", len(scheme) + 1):
            return not iana.is_pseudo(scheme) or scheme in a.settings.allowed_schemes
        return ((iana.is_known(scheme) and may_follow(scheme, a.text, len(scheme) + 1))
                or scheme in a.settings.allowed_schemes)
    return scheme_fault(a.text) is not None


def _vet(f: Finding, a: Analysis, has_secret: bool) -> Finding:
    """Keep a fix only if it is safe to offer: no secret in the URI, userinfo and placeholders
    unchanged, and no new syntax problem (ruff's rule: a fix that breaks parsing is dropped)."""
    fix = f.fix
    if fix is None:
        return f
    ok = not has_secret and fix != a.text
    if ok:
        new = parse(fix)
        ok = new.userinfo == a.ref.userinfo
    if ok:
        before = [a.text[s:e] for s, e in a.placeholders]
        after = [fix[s:e] for s, e in placeholders.find(fix, a.settings.placeholders)]
        ok = before == after
    if ok:
        ok = is_valid(fix) if is_valid(a.text) else len(validate(fix)) < len(validate(a.text))
    return f if ok else replace(f, fix=None, applicability="display-only")


def check(text: str, *, settings: Optional[Settings] = None, context: Optional[str] = None) -> List[Finding]:
    """Findings for one URI candidate, as a reader means it, sorted by position.

    ``context`` (optional) is where the candidate was found; in a link context ("markdown-link",
    "html-attribute", ...) the text is a reference for certain, so relative-path rules apply.
    """
    _check_str(text, "text")
    settings = settings if settings is not None else DEFAULT_SETTINGS
    if _is_clean(text, settings):
        return []
    return full_check(text, settings, context)


def full_check(text: str, settings: Settings, context: Optional[str] = None) -> List[Finding]:
    """check() without its fast path: every enabled rule runs (tests hold the two equal)."""
    if settings.ignore_uris and settings.uri_ignored(text):
        return []
    a = Analysis(text, settings)
    if a.scheme is not None and a.scheme in settings.ignore_schemes:
        return []
    if a.ref.host and settings.ignore_hosts and settings.host_ignored(a.ref.host):
        return []
    if not _is_candidate(a, context):
        return []
    rules = RULES
    if scheme_fault(text) is not None:
        if unwrapped(text) is not None and settings.is_enabled(INVALID_SCHEME.code):
            # "(https://x/)": the pair is the problem, and the only syntax finding until it is
            # removed (URI101 and URI107 would offer to encode the closing character).  The
            # credential rules still run: a password behind a wrapper is still a password.
            rules = tuple(r for r in RULES if r is INVALID_SCHEME or r.code.startswith("URI3"))
        a.ignore_before = text.find(":") + 1
    findings: List[Finding] = []
    for rule in rules:
        if settings.is_enabled(rule.code):
            findings.extend(rule.check(a))
    if not findings:
        return findings
    hidden = [text[s:e] for s, e in secrets.secret_spans(text, settings.placeholders)]
    out = []
    for f in findings:
        f = _vet(f, a, bool(hidden))
        if hidden:
            f = replace(f, message=secrets.redact_in(f.message, hidden))
        out.append(f)
    out.sort(key=lambda f: (f.start, f.code))
    return out


Edit = Tuple[int, int, str]


@dataclass(frozen=True)
class FileFinding:
    """A finding located in a file's decoded text (0-based code-point offsets)."""

    code: str
    name: str
    message: str  #: never contains a secret
    start: int
    end: int
    uri: str  #: the candidate's URI, redacted
    context: str
    in_code: bool
    edit: Optional[Edit]  #: (start, end, replacement) in the text that applies the fix, or None
    applicability: str  #: of the edit: "safe", "unsafe" or "display-only"


def _edit_for(format: str, text: str, c: Candidate, new_uri: str) -> Optional[Edit]:
    """The source edit that makes the candidate read ``new_uri``; None when it cannot be exact.

    A verbatim candidate is rewritten in place.  A candidate read through escapes (entities,
    backslashes, Python escape sequences, wrapped lines) is fixed only by a format module that
    knows how to write it back exactly (``fix_edit(text, candidate, new_uri)``)."""
    if c.is_verbatim:
        return (c.start, c.end, new_uri)
    from . import scanners

    module = importlib.import_module(f"{scanners.__name__}.{scanners._MODULES.get(format, 'text')}")
    hook = getattr(module, "fix_edit", None)
    if hook is None:
        return _minimal_edit(format, text, c, new_uri)
    return cast(Callable[[str, Candidate, str], Optional[Edit]], hook)(text, c, new_uri)


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


def _minimal_edit(format: str, text: str, c: Candidate, new_uri: str) -> Optional[Edit]:
    """Fix a candidate read through escapes (HTML entities, Markdown backslashes, JSON "\\/")
    by rewriting only the characters that change, when they all stand verbatim in the source.

    The edit is verified: the edited text, scanned again, must yield ``new_uri`` at the same
    place.  Otherwise there is no fix (never a guess)."""
    old = c.uri
    head = 0
    while head < min(len(old), len(new_uri)) and old[head] == new_uri[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new_uri)) - head and old[-1 - tail] == new_uri[-1 - tail]:
        tail += 1
    old_mid = (head, len(old) - tail)
    replacement = new_uri[head:len(new_uri) - tail]
    if _NEEDS_ESCAPE & set(replacement):
        return None
    found: Optional[Edit] = None
    for u0, u1, s0, s1 in c.pieces:
        if u0 <= old_mid[0] and old_mid[1] <= u1 and u1 - u0 == s1 - s0:
            found = (s0 + old_mid[0] - u0, s0 + old_mid[1] - u0, replacement)
            break
    if found is None and len(old) == len(new_uri):
        found = _same_length_edit(text, c, new_uri, old_mid)
    if found is None:
        return None
    edit = found
    from . import scanners

    edited = text[:edit[0]] + edit[2] + text[edit[1]:]
    if not any(n.start == c.start and n.uri == new_uri for n in scanners.extract(edited, format, include_code=c.in_code)):
        return None
    return edit


def candidates(text: str, format: str, settings: Settings) -> List[Candidate]:
    """The URI candidates of a text, with the file-level settings applied."""
    from . import scanners

    if format == "python":
        module = importlib.import_module(f"{scanners.__name__}.python")
        scan = getattr(module, "scan_python")
        return cast(List[Candidate], scan(text, include_code=settings.include_code_blocks,
                                          comments=settings.check_comments,
                                          docstrings=settings.check_docstrings))
    return scanners.extract(text, format, include_code=settings.include_code_blocks)


def check_text(text: str, format: str, settings: Optional[Settings] = None) -> List[FileFinding]:
    """Every finding in one decoded file, sorted by position: the pipeline, pure.

    The CLI and the flake8 plugin both call this, so they agree on findings and positions.
    Suppression comments are applied by the caller (flake8 does its own ``# noqa``)."""
    settings = settings if settings is not None else DEFAULT_SETTINGS
    out: List[FileFinding] = []
    for c in candidates(text, format, settings):
        findings = check(c.uri, settings=settings, context=c.context)
        if not findings:
            continue
        shown = secrets.redact(c.uri, settings.placeholders)
        for f in findings:
            start, end = c.source_span(f.start, f.end)
            edit = None
            if f.fix is not None and (not c.in_code or settings.include_code_blocks):
                edit = _edit_for(format, text, c, f.fix)
            applicability = f.applicability if edit is not None else "display-only"
            out.append(FileFinding(f.code, f.name, f.message, start, end, shown, c.context, c.in_code,
                                   edit, applicability))
    out.sort(key=lambda f: (f.start, f.code))
    return out
