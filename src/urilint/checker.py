"""check(): what urilint reports about one URI candidate.  Pure: text in, findings out."""

from __future__ import annotations

import functools
import re
from typing import Dict, FrozenSet, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import placeholders, secrets
from .finding import Finding, Span
from .rfc3986 import grammar, iana, lazy
from .rfc3986.reference import URIReference, _check_str, parse
from .rfc3986.schemes import may_follow
from .rfc3986.validate import SHORTCUT_MAX, diagnose, is_valid
from .rules import Analysis, Rule, enabled_rules
from .rules.base import CHARACTERS, CREDENTIALS, LINK_CONTEXTS, SCHEME, CleanShape, Sign, aspects_of
from .rules.signs import signs_of
from .rules.uri103_invalid_scheme import RULE as INVALID_SCHEME
from .rules.uri103_invalid_scheme import scheme_fault, unwrapped
from .settings import DEFAULT_SETTINGS, Settings

#: Plan scopes: what runs where (see Plan.of).
ALL_RULES, SECRETS, REAL_SECRETS = "all", "secrets", "real-secrets"


# The clean shape (rules.base.CleanShape): a web scheme in any case (URI201's screen reads its
# case), a lowercase host, no userinfo, an optional numeric port, ASCII only; or a relative
# reference made of the same characters.  The
# grammar rules cannot report such a text; what others still can (dot-segments, DNS label rules,
# a default or out-of-range port, an encoded unreserved character, a secret in the query) each
# rule's ``screen`` says, and the full pass runs when one may.
_P = r"A-Za-z0-9\-._~!$&'()*+,;=:@%"  # pchar, "%" included: triplets are each rule's to screen


def shape_patterns(possessive: str) -> Tuple[str, str]:
    """The clean shape's patterns, absolute and relative, with ``possessive`` after every
    quantifier (lazy.POSSESSIVE).  Each component's characters exclude the delimiter that
    starts the next, so giving characters back never lets a match succeed (a test holds the
    two forms equal), and a text that misses the shape (a space in its path) fails at once
    instead of backtracking through every component: 2.9 us against 0.4."""
    p = possessive
    # (The scheme's letters as classes, not IGNORECASE: that would read "\u017f" as "s".)
    return (rf"([Hh][Tt][Tt][Pp][Ss]?|[Ww][Ss][Ss]?|[Ff][Tt][Pp])://([a-z0-9.-]+{p})(?::([0-9]{{1,5}}{p}))?{p}"
            rf"(/[{_P}/]*{p})?{p}(\?[{_P}/?]*{p})?{p}(#[{_P}/?]*{p})?{p}",
            # the first segment has no ":" (path-noscheme)
            rf"(?!//)([A-Za-z0-9\-._~!$&'()*+,;=@%]*{p}"
            rf"(?:/[{_P}/]*{p})?{p})(\?[{_P}/?]*{p})?{p}(#[{_P}/?]*{p})?{p}")


_CLEAN, _CLEAN_RELATIVE = (lazy.compile(p) for p in shape_patterns(lazy.POSSESSIVE))
_NON_ASCII = lazy.compile("[^\x00-\x7f]")


@functools.lru_cache(maxsize=512)
def _suspect_char(char: str) -> bool:
    """A non-ASCII character a rule may report even with URI110 off: anything RFC 3987 does not
    allow in a path (invisible, space-like, private-use, non-characters), and, to stay simple,
    every character beyond the BMP.  Judged by the rules' own predicate, once per character: a
    pattern of every such character took 63 ms to build, paid by the first non-ASCII URI of
    each process."""
    from .rules.common import is_iri_char

    return char > "\uffff" or not is_iri_char(char, "path")


def _has_suspect_non_ascii(text: str) -> bool:
    return any(_suspect_char(m.group()) for m in _NON_ASCII.finditer(text))


def clean_shape(text: str) -> Optional[CleanShape]:
    """``text`` as a CleanShape, or None when it is not of that shape."""
    found = _clean(text)
    return None if found is None else found[0]


def _clean(text: str, given: Optional[str] = None) -> Optional[Tuple[CleanShape, "re.Match[str]"]]:
    """clean_shape, and the match that found it (where its components stand); ``given``: the
    text as given, when ``text`` stands in for it (:func:`_stand_in_shape`)."""
    ascii_ = text.isascii()
    original = text if given is None else given
    if not ascii_:
        # An IRI whose every non-ASCII character RFC 3987 allows reads, for every rule but
        # URI110, like the same text with a letter in their place: one that is no hex digit,
        # or "%\u00f6e" would read as "%ae", a valid triplet (found by the fast-path property).
        if _has_suspect_non_ascii(text):
            return None
        text = _NON_ASCII.sub("z", text)
    m = _CLEAN.fullmatch(text)
    if m is not None:
        scheme, host, port, path, query = m.group(1, 2, 3, 4, 5)
        # (One character for one: the host stands at the same offsets in the original.)
        host_ascii = ascii_ or original[m.start(2):m.end(2)].isascii()
        scheme_case = not scheme.islower()
        return CleanShape(text, ascii_, scheme.lower() if scheme_case else scheme, host, port, path, query,
                          host_ascii, original, scheme_case), m
    m = _CLEAN_RELATIVE.fullmatch(text)
    if m is None:
        return None
    return CleanShape(text, ascii_, None, "", None, m.group(1), m.group(2), True, original), m


#: An ASCII character no URI holds (the ASCII part of grammar.OUTSIDE_URI_CHARS): a space, a
#: quote, an angle bracket, a backslash, "^", "`", a brace, "|", a control character.
_ASCII_OUTSIDE = lazy.compile(r'[\x00-\x20"<>\\^`{|}\x7f]')
#: The signs of what a stand-in shape may hold besides the clean shape's: the text is invalid,
#: and each such character is of the CHARACTER kind or, by convention, the TOLERATED one
#: (rules.common.problem_kind; non-ASCII letters, of the IRI kind, are URI110's screen's).
_STAND_IN_SIGNS = Sign.INVALID | Sign.BAD_CHARACTER | Sign.TOLERATED


def _stand_in_shape(text: str) -> Optional[Tuple[CleanShape, "re.Match[str]"]]:
    """For a text that misses the clean shape only by ASCII characters no URI holds, in its
    path, query or fragment ("/items/a b", "/users/{id}"), the clean shape of the text with a
    letter in place of each, and its match.

    None of those characters is a delimiter, so the text splits into the same components at
    the same offsets (Appendix B reads only ":/?#"), and, as with non-ASCII letters, each of
    them is then exactly one syntax problem of the component it stands in, the text's only
    ones (validate.diagnose's ``characters_only``).  A letter is what a rule's screen reads in
    their place: never a "/", "." or hex digit, as none of them is.  So the clean shape's
    screens say which other rules may report the text, and the rules of the text's problems
    (_STAND_IN_SIGNS) run besides: a reported URI's commonest fault, checked without the
    parse, the candidate test and the signs.  A host with such a character is left to the full
    pass (a "z" in its place would read as a valid host), and so is a text longer than
    validate's shortcut takes (the stand-in reads the whole text)."""
    if len(text) > SHORTCUT_MAX:
        return None
    stand_in, count = _ASCII_OUTSIDE.subn("z", text)
    if not count:
        return None
    found = _clean(stand_in, text)
    if found is not None and found[0].scheme is not None:
        h0, h1 = found[1].span(2)
        if _ASCII_OUTSIDE.search(text, h0, h1) is not None:
            return None
    return found


def _shape_reference(text: str, shape: CleanShape, m: "re.Match[str]") -> URIReference:
    """What ``parse(text)`` gives for a text of the clean shape, read off the match that found
    the shape (its groups stand where Appendix B's would; a test holds the two equal): the
    reported URIs of that shape (a default port, an encoded character) are parsed once."""
    # (Inline, not a helper per group: every reported URI of the shape comes here.)
    absolute = shape.scheme is not None
    q0, q1 = m.span(5 if absolute else 2)
    query, query_span = (text[q0 + 1:q1], (q0 + 1, q1)) if q0 >= 0 else (None, None)
    f0, f1 = m.span(6 if absolute else 3)
    fragment, fragment_span = (text[f0 + 1:f1], (f0 + 1, f1)) if f0 >= 0 else (None, None)
    if not absolute:
        p0, p1 = m.span(1)  # (the relative pattern's path group always takes part)
        return URIReference(None, None, None, None, None, text[p0:p1], query, fragment,
                            (None, None, None, None, None, (p0, p1), query_span, fragment_span))
    h0, h1 = m.span(2)
    t0, t1 = m.span(3)
    port, port_span = (text[t0:t1], (t0, t1)) if t0 >= 0 else (None, None)
    auth_end = t1 if t0 >= 0 else h1
    p0, p1 = m.span(4)
    path, path_span = (text[p0:p1], (p0, p1)) if p0 >= 0 else ("", (auth_end, auth_end))
    scheme_end = m.end(1)
    return URIReference(text[:scheme_end], text[h0:auth_end], None, text[h0:h1], port, path, query, fragment,
                        ((0, scheme_end), (h0, auth_end), None, (h0, h1), port_span, path_span,
                         query_span, fragment_span))


class Plan(NamedTuple):
    """What check() needs from the settings, worked out once (per run, not per URI)."""

    settings: Settings
    rules: Tuple[Rule, ...]  #: the enabled rules, in registry order
    #: False when a setting changes what rules say in ways the screens do not model
    fast: bool
    #: report only real-looking secrets (test data, generated files, examples)
    real_secrets_only: bool = False
    #: the signs any of the rules may need (rules.signs): no other is worked out
    wanted: int = 0
    #: the rules a URI's signs select, per set of signs met so far (a per-plan memo)
    by_signs: Optional[Dict[int, Tuple[Rule, ...]]] = None
    #: the normal-form aspects of the enabled rules (rules.base.aspects_of)
    aspects: FrozenSet[str] = frozenset()

    def screened(self, shape: CleanShape) -> Tuple[Rule, ...]:
        """The enabled rules whose screens say they may report a text of ``shape``."""
        return tuple(rule for rule in self.rules if rule.screen(shape))

    def screened_stand_in(self, shape: CleanShape) -> Tuple[Rule, ...]:
        """The enabled rules that may report a text of a stand-in shape (_stand_in_shape): those
        whose screens say so, and those its characters' problems select."""
        return tuple(rule for rule in self.rules if rule.signs & _STAND_IN_SIGNS or rule.screen(shape))

    def rules_for(self, signs: int) -> Tuple[Rule, ...]:
        """The enabled rules that may report a URI showing ``signs`` (Rule.signs), in order."""
        memo = self.by_signs
        rules = memo.get(signs) if memo is not None else None
        if rules is None:
            rules = tuple(r for r in self.rules if r.signs & signs)
            if memo is not None:
                memo[signs] = rules
        return rules

    @classmethod
    def of(cls, settings: Settings, scope: str = ALL_RULES, real_secrets_only: bool = False,
           partial: str = "") -> "Plan":
        """The plan for one scope: every enabled rule, or only the enabled secret rules
        (``SECRETS``: in code blocks and spans), or those and only for real-looking values
        (``REAL_SECRETS``: test data and generated files).  For a ``partial`` candidate
        (Candidate.partial: text may come before it, or only after it), only the rules that read
        characters, or characters and the scheme."""
        fast = not (settings.ignore_hosts or settings.exempt_example_hosts or settings.extra_default_ports)
        rules = enabled_rules(settings)
        if partial:
            readable = {CHARACTERS} if partial == "start" else {CHARACTERS, SCHEME}
            rules = tuple(r for r in rules if r.reads in readable)
        if scope != ALL_RULES:
            rules = tuple(r for r in rules if r.secret)
        wanted = 0
        for r in rules:
            wanted |= r.signs
        return cls(settings, rules, fast, real_secrets_only or scope == REAL_SECRETS, wanted, {}, aspects_of(rules))


def _shape_rules(text: str, plan: Plan) -> Optional[Tuple[Rule, ...]]:
    """For a ``text`` of the clean shape, the enabled rules whose screens say they may report
    it (most often none); None for any other text, or when the plan has no fast path."""
    if not plan.fast:
        return None
    shape = clean_shape(text)
    return None if shape is None else plan.screened(shape)


def _is_clean(text: str, plan: Union[Plan, Settings]) -> bool:
    """True when no enabled rule can report ``text``; cheap."""
    rules = _shape_rules(text, plan if isinstance(plan, Plan) else Plan.of(plan))
    return rules is not None and not rules


#: An e-mail address disguised against harvesters: "faure at kde.org", "bob [at] kde (dot) org".
_DISGUISED_ADDRESS = lazy.compile(r"\s+(?:at|dot)\s+|\s*[\[({<]\s*(?:at|dot|@)\s*[\])}>]\s*", re.I)


def _is_disguised_mailto(text: str) -> bool:
    """A ``mailto:`` whose address is written so that no program reads it (a page's
    ``href="mailto:faure at kde.org"``): its author wants no URI there, and no fix."""
    if text[6:7] != ":" or text[:6].lower() != "mailto":  # (the first test is all most texts pay)
        return False
    query = text.find("?", 7)  # (the address only: a body may say "meet at noon")
    return _DISGUISED_ADDRESS.search(text, 7, len(text) if query < 0 else query) is not None


#: An Amazon Resource Name where the authority stands ("s3://arn:aws:s3:us-west-2:123456789012:
#: accesspoint/ap/key", the AWS CLI's way to name an access point): its colons are the ARN's
#: fields, not a port (partitions "aws", "aws-cn", "aws-us-gov").
_ARN_AUTHORITY = lazy.compile(r"[A-Za-z][A-Za-z0-9+.-]{0,30}://arn:aws(?:-[a-z]+)*:")


def _is_candidate(a: Analysis, context: Optional[str]) -> bool:
    """Whether the text reads as a URI reference at all (quiet on `key:value`, `12:30`, `C:\\x`,
    a disguised e-mail address, an ARN in place of the authority)."""
    if _is_disguised_mailto(a.text):
        return False
    if a.text.find("://arn:", 0, 40) >= 0 and _ARN_AUTHORITY.match(a.text) is not None:
        return False
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


class _Vetting:
    """What _vet compares every fix against, worked out once per URI, and the verdict per
    distinct fix: a URI with many findings (a wrapped data: URI, many spaces) offers the same
    few fixes again and again, and each verdict reads the whole URI."""

    def __init__(self, a: Analysis, has_secret: bool) -> None:
        self.a = a
        self.has_secret = has_secret
        self._before: Optional[List[str]] = None
        self._problems: Optional[int] = None
        self.verdicts: Dict[str, bool] = {}

    def before(self) -> List[str]:
        if self._before is None:
            a = self.a
            self._before = [a.text[s:e] for s, e in a.placeholders]
        return self._before

    def problems(self) -> int:
        if self._problems is None:
            self._problems = len(self.a.syntax_problems)
        return self._problems

    def safe(self, fix: str) -> bool:
        ok = self.verdicts.get(fix)
        if ok is None:
            ok = self.verdicts[fix] = self._safe(fix)
        return ok

    def _safe(self, fix: str) -> bool:
        a = self.a
        ok = not self.has_secret and fix != a.text
        if ok and (a.ref.userinfo is not None or "@" in fix):
            # (Without an "@" the fix has no userinfo either: no need to parse it.)
            ok = parse(fix).userinfo == a.ref.userinfo
        if ok:
            slots = placeholders.find(fix, a.settings.placeholders)
            if slots or a.placeholders:  # (none before and none after: nothing to compare)
                ok = self.before() == [fix[s:e] for s, e in slots]
        if ok:
            # (validate(fix) is [] when the fix is valid, else diagnose(fix))
            ok = is_fix_valid(fix) if a.valid else (0 if is_fix_valid(fix) else len(diagnose(fix))) < self.problems()
        return ok


def is_fix_valid(fix: str) -> bool:
    """is_valid(fix), at a third of the cost for the common fix of the clean shape (a lowercased
    scheme, a port dropped, a space encoded): an ASCII text of that shape is valid when each "%"
    starts a triplet (the shape's only looseness; a test holds the two equal)."""
    if fix.isascii() and _CLEAN.fullmatch(fix) is not None and ("%" not in fix or grammar.BAD_PCT.search(fix) is None):
        return True
    return is_valid(fix)


def _vet(f: Finding, vetting: _Vetting) -> Finding:
    """Keep a fix only if it is safe to offer: no secret in the URI, userinfo and placeholders
    unchanged, and no new syntax problem (ruff's rule: a fix that breaks parsing is dropped)."""
    fix = f.fix
    if fix is None or vetting.safe(fix):
        return f
    return f._replace(fix=None, applicability="display-only")


#: Characters that glue text into a word: a secret's value found inside "example.com" or
#: "'hTTp'" (password "p") is part of another word of the message, not a copy of the secret.
_GLUE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~%+")


def _is_copy(message: str, start: int, end: int, text: str, span: Tuple[int, int]) -> bool:
    """Does ``message[start:end]`` (equal to ``text[span]``) stand as a copy of that span: each
    side is a word boundary of the message or the same character as beside the span in the URI?"""
    before = message[start - 1] if start > 0 else ""
    after = message[end] if end < len(message) else ""
    return ((before not in _GLUE or (span[0] > 0 and before == text[span[0] - 1]))
            and (after not in _GLUE or (span[1] < len(text) and after == text[span[1]])))


def mask_message(message: str, text: str, spans: Sequence[Tuple[int, int]], finding: Tuple[int, int]) -> str:
    """``message`` with every copy of a secret of ``text`` masked, and nothing else.

    A rule builds its message from parts of the URI; the parts that quote a secret (its whole
    value, or the part of it the finding points at: "'%2f'" inside a token) are masked where they
    stand as copies (:func:`_is_copy`), so a one-letter password does not turn "'hTTp'" into
    "'hTT****'" or "example.com" into "exam****le.com".  A value the finding's own span holds
    too is taken for that: the span is shown in clear in the source line anyway."""
    hide: List[Tuple[int, int]] = []
    own = text[finding[0]:finding[1]]
    for s, e in spans:
        if (e <= finding[0] or s >= finding[1]) and text[s:e] in own:
            continue  # the message quotes its finding's own text ("':80'" with the password "80")
        pieces = [(s, e)]
        lo, hi = max(s, finding[0]), min(e, finding[1])
        # One character is no copy: "('@', '[' or ']')" names delimiters, not the one it points at.
        if hi - lo > 1 and (lo, hi) != (s, e):
            pieces.append((lo, hi))
        for ps, pe in pieces:
            piece = text[ps:pe]
            at = message.find(piece) if piece else -1
            while at != -1:
                if _is_copy(message, at, at + len(piece), text, (ps, pe)):
                    hide.append((at, at + len(piece)))
                at = message.find(piece, at + 1)
    if not hide:
        return message
    out: List[str] = []
    pos = 0
    for s, e in sorted(hide):
        if e <= pos:
            continue
        out.append(message[pos:max(s, pos)])
        out.append(secrets.MASK)
        pos = e
    out.append(message[pos:])
    return "".join(out)


def masked_finding(f: Finding, text: str, hidden: Sequence[Span]) -> Finding:
    """``f`` (a finding about the URI ``text``) with every copy of a secret of ``text`` in its
    message masked (:func:`mask_message`); ``hidden``: the URI's secret spans
    (``secrets.secret_spans``)."""
    if not hidden:
        return f
    return f._replace(message=mask_message(f.message, text, hidden, (f.start, f.end)))


def check(text: str, *, settings: Optional[Settings] = None, context: Optional[str] = None) -> List[Finding]:
    """Findings for one URI candidate, as a reader means it, sorted by position.

    ``context`` (optional) is where the candidate was found; in a link context ("markdown-link",
    "html-attribute", ...) the text is a reference for certain, so relative-path rules apply.
    """
    _check_str(text, "text")
    return check_planned(text, _plan_of(DEFAULT_SETTINGS if settings is None else settings), context)


@functools.lru_cache(maxsize=16)
def _plan_of(settings: Settings) -> Plan:
    """The plan of some settings, worked out once per (equal) settings: a library caller's
    check(text, settings=s) would otherwise ask every rule whether it is selected on every
    call, which cost as much as checking a clean URI."""
    return Plan.of(settings)


def check_planned(text: str, plan: Plan, context: Optional[str] = None) -> List[Finding]:
    """check() with the settings' plan worked out already (the pipeline's per-candidate call).

    A text of the clean shape runs only the rules whose screens say they may report it (a
    default port: URI206 alone); any other text, the rules its signs select (rules.signs)."""
    return check_hiding(text, plan, context)[0]


def check_hiding(text: str, plan: Plan, context: Optional[str] = None) -> Tuple[List[Finding], List[Span]]:
    """check_planned, and the secret spans of ``text`` when there are findings (what
    ``secrets.secret_spans`` gives: the messages were masked with them, and the pipeline shows
    the URI redacted with them); without a finding they are not worked out, [].  The
    pipeline's per-candidate call."""
    if not plan.fast:
        return _check_with(text, plan, context, None)
    found = _clean(text)
    if found is None:
        found = _stand_in_shape(text)
        if found is None:
            return _check_with(text, plan, context, None)
        shape, m = found
        return _check_with(text, plan, context, plan.screened_stand_in(shape), _shape_reference(text, shape, m), True)
    shape, m = found
    rules = plan.screened(shape)
    return _check_with(text, plan, context, rules, _shape_reference(text, shape, m)) if rules else ([], [])


def full_check(text: str, plan: Union[Plan, Settings], context: Optional[str] = None,
               screened: bool = True) -> List[Finding]:
    """check() without its fast path: the enabled rules that the URI's signs select run, or with
    ``screened=False`` every enabled rule (tests hold the three ways equal)."""
    plan = plan if isinstance(plan, Plan) else Plan.of(plan)
    return _check_with(text, plan, context, None if screened else plan.rules)[0]


def _check_with(text: str, plan: Plan, context: Optional[str], rules: Optional[Tuple[Rule, ...]],
                shaped: Optional[URIReference] = None, stand_in: bool = False) -> Tuple[List[Finding], List[Span]]:
    """The check of one URI by ``rules`` (None: those its signs select), and its secret spans
    when there are findings; ``shaped``: the text has the clean shape, or with ``stand_in`` a
    stand-in shape (:func:`_stand_in_shape`), and this is its reference."""
    settings = plan.settings
    if settings.ignore_uris and settings.uri_ignored(text):
        return [], []
    a = Analysis(text, settings, plan.rules, plan.real_secrets_only, plan.aspects, shaped)
    if shaped is not None and ("%" not in text or grammar.BAD_PCT.search(text) is None):
        # The clean shape's characters and structure are RFC 3986's, all but a stray "%" (the
        # shape lets each rule judge its triplets) and the characters it reads as "z" (no hex
        # digit, as none of them is: a "%" before one is stray in both).
        if stand_in or not text.isascii():
            a.known_characters_only()  # (the shape holds no suspect non-ASCII character)
        else:
            a.known_valid()
    if a.scheme is not None and a.scheme in settings.ignore_schemes:
        return [], []
    if a.ref.host and settings.ignore_hosts and settings.host_ignored(a.ref.host):
        return [], []
    # A text of the clean shape reads as a URI reference and has no malformed scheme (its scheme
    # is a web one, or it has none and its first "/" comes before any "://").
    if shaped is None and not _is_candidate(a, context):
        return [], []
    # (A valid scheme prefix is no faulty one: scheme_fault would match it again to say so.)
    faulty_scheme = shaped is None and not a.has_valid_scheme() and scheme_fault(text) is not None
    if faulty_scheme:
        a.ignore_before = text.find(":") + 1  # (before the signs: the problem kinds read it)
    if rules is None:
        rules = plan.rules_for(signs_of(a, plan.wanted))
    if faulty_scheme and unwrapped(text) is not None and INVALID_SCHEME in rules:
        # "(https://x/)": the pair is the problem, and the only syntax finding until it is
        # removed (URI101 and URI107 would offer to encode the closing character).  The
        # credential rules still run: a password behind a wrapper is still a password.
        rules = tuple(r for r in rules if r is INVALID_SCHEME or r.family == CREDENTIALS)
    elif a.scheme in iana.SCRIPT_SCHEMES:
        # href="javascript:(function(){...})()": script, not a URI to encode or normalize; a
        # credential written in the script is still published.
        rules = tuple(r for r in rules if r.family == CREDENTIALS)
    findings: List[Finding] = []
    for rule in rules:
        findings.extend(rule.check(a))
    if not findings:
        return findings, []
    hidden = secrets.secret_spans(text, settings.placeholders, a.ref, a.may_hold_secret())
    vetting = _Vetting(a, bool(hidden))
    out = [_vet(f, vetting) for f in findings]
    if hidden:
        out = [masked_finding(f, text, hidden) for f in out]
    if len(out) > 1:
        out.sort(key=lambda f: (f.start, f.code))
    return out, hidden
