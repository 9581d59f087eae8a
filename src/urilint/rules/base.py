"""The shape of a rule, and the per-URI analysis every rule reads (parsed once)."""

from __future__ import annotations

import functools
from types import MappingProxyType
from typing import Any, Callable, Dict, FrozenSet, Iterator, List, Mapping, NamedTuple, Optional, Tuple

from .. import placeholders, secrets
from ..finding import Finding
from ..rfc3986 import grammar, lazy
from ..rfc3986.normalize import ascii_lower
from ..rfc3986.reference import URIReference, parse
from ..rfc3986.schemes import DEFAULT_PORTS
from ..rfc3986.validate import SyntaxProblem, diagnose, is_valid
from ..settings import Settings

#: Schemes whose authority is a DNS name and that need a host (RFC 9110 4.2, RFC 6455 3, RFC 1738).
WEB_SCHEMES: FrozenSet[str] = frozenset({"http", "https", "ws", "wss", "ftp"})
DNS_SCHEMES: FrozenSet[str] = WEB_SCHEMES | frozenset(
    {"ftps", "sftp", "ssh", "git", "telnet", "ldap", "ldaps", "irc", "ircs", "imap", "imaps", "pop",
     "smtp", "rtsp", "rtsps", "nntp", "gopher", "rsync", "svn", "redis", "rediss", "amqp", "amqps",
     "mqtt", "mqtts", "postgres", "postgresql", "mysql", "mongodb", "wais", "prospero"}
)


#: Top-level domains common enough that "name.tld" in a userinfo reads as a host (URI303).
COMMON_TLDS: FrozenSet[str] = frozenset("""
    com org net edu gov mil int io co ai app dev info biz me us uk de fr jp cn ru in br it nl es eu
    ca au ch se no fi dk pl cz at be nz kr tw hk sg mx ar za tr ir ua gr pt ro hu il local
    example test invalid localhost onion
""".split())
_HOST_RUN = lazy.compile(r"[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")


class Example(NamedTuple):
    """One documented input: for a bad one, the fix it must offer (None: no fix)."""

    text: str
    fix: Optional[str] = None
    #: the fix's applicability when it differs from the rule's usual one
    applicability: Optional[str] = None


#: Contexts in which the text is certainly a reference (a link target), never prose.
LINK_CONTEXTS: FrozenSet[str] = frozenset({"markdown-link", "markdown-image", "reference-definition",
                                           "html-attribute", "rst-link", "autolink", "angle"})

#: Rule families: what kind of problem a rule reports.  A fix round that creates a new finding
#: of the malformed family is rolled back; a link target wrapped in brackets runs only its own
#: rule and the credential family.
MALFORMED = "malformed"  #: URI1xx: the grammar, scheme rules, likely typos
NORMALIZATION = "normalization"  #: URI2xx: not in normal form (RFC 3986 section 6)
CREDENTIALS = "credentials"  #: URI3xx: passwords, tokens, deceptive authorities
#: URI4xx: relative links that lead nowhere in the checked tree (LinkRule, judged per document)
LINKS = "links"
FAMILIES = (MALFORMED, NORMALIZATION, CREDENTIALS, LINKS)
SEVERITIES = ("error", "warning", "note")  #: SARIF's levels
#: What a rule reads (Rule.reads), from least to most.
CHARACTERS, SCHEME, WHOLE = "characters", "scheme", "whole"

class Sign:
    """Signs (Rule.signs): cheap facts about a URI that misses check()'s fast path.  A rule names
    the signs of which a URI must show at least one for the rule to be able to report it; the
    full pass runs only those rules (rules.signs works them out, once per URI; tests hold the
    screened pass equal to running every rule).  They are bits, so a URI's signs pick its rules
    in one look-up."""

    INVALID = 1 << 0  #: the text breaks RFC 3986's grammar (validate finds a problem)
    SCHEME_CASE = 1 << 1  #: the scheme has a letter that is not lowercase
    HOST_CASE = 1 << 2  #: the host has an uppercase letter or a "%"
    PERCENT = 1 << 3  #: a "%" anywhere
    DOTS = 1 << 4  #: a "." in the path
    PORT = 1 << 5  #: a ":" after the host (a port, maybe empty)
    EMPTY_PATH = 1 << 6  #: an authority followed by an empty path
    USERINFO = 1 << 7  #: an "@" ends a userinfo
    SECRET = 1 << 8  #: a parameter named like a secret, a token or a webhook (secrets.may_hold_secret)
    HOST_DIGIT = 1 << 9  #: the host starts with a digit (an IPv4 address, or a name read as one)
    HOST_DNS = 1 << 10  #: the host may break a DNS name rule (rules.uri104_invalid_host.may_break_dns)
    SCHEME_UNKNOWN = 1 << 11  #: neither registered with IANA nor commonly used unregistered
    NO_HOST = 1 << 12  #: a web scheme without "//" and a host
    TYPO_START = 1 << 13  #: "https//", "http;//" or a doubled scheme at the start (uri108)
    HOST_LITERAL = 1 << 14  #: the host starts with "[" (an IP literal, well-formed or not)
    # A syntax problem of one kind (rules.common.problem_kind): the syntax rules that each report
    # one kind need it, so an invalid URI does not run all of them.  Worked out from the problems
    # themselves, which the rule that reports them would classify anyway.
    BAD_CHARACTER = 1 << 15  #: a character no URI holds (URI101's kind)
    BAD_PERCENT = 1 << 16  #: a "%" that starts no triplet
    PATH_COLON = 1 << 17  #: a ":" in the first segment of a relative path
    BAD_DELIMITER = 1 << 18  #: a delimiter out of its place
    NON_ASCII = 1 << 19  #: a character RFC 3987 allows in an IRI
    TOLERATED = 1 << 20  #: a character RFC 3986 forbids that real URLs use by convention
    #: an unknown scheme one edit from a common one (rules.uri108_likely_typo.near_miss)
    SCHEME_NEAR_MISS = 1 << 21
    NONE = 0  #: the rule reports nothing about a URI alone (the link rules)
    ANY = (1 << 22) - 1  #: the default: the rule may report any URI, so it always runs
    #: The signs of one problem kind each.
    PROBLEM_KINDS = BAD_CHARACTER | BAD_PERCENT | PATH_COLON | BAD_DELIMITER | NON_ASCII | TOLERATED


class CleanShape(NamedTuple):
    """A URI of the shape check()'s fast path accepts: a web scheme and a lowercase host (or a
    relative reference), no userinfo, an optional numeric port, only unreserved characters,
    sub-delims, ":", "@", "/", "?" and "%" (and non-ASCII characters RFC 3987 allows, read as
    letters).  Each rule's ``screen`` says whether it may still report such a URI."""

    text: str  #: the URI, non-ASCII characters replaced by "z"
    ascii: bool  #: whether the original was all ASCII
    #: "http", "https", "ws", "wss" or "ftp", lowercased; None for a relative reference
    scheme: Optional[str]
    host: str  #: "" for a relative reference
    port: Optional[str]  #: the port's digits, None without ":"
    path: Optional[str]  #: None: a URI with an authority and an empty path
    query: Optional[str]  #: with its "?", None without one
    host_ascii: bool = True  #: whether the original host was all ASCII
    #: The URI as given, non-ASCII characters and all (check()'s shape passes it; None: read
    #: ``text``).  A screen reads it where a "z" in their place could hide what its rule
    #: reports: a token after "\u2192", a name that case-folds to a secret's, a scheme spelled
    #: with "\u017f".  (A field, not a property: the screens run on every clean URI.)
    given: Optional[str] = None
    #: whether the scheme as given is not all lowercase ("HTTP": URI201's)
    scheme_case: bool = False


def numeric_host(host: str) -> bool:
    """Whether a host's last label (a trailing dot aside) does not start with a letter: an IPv4
    address, or a name some resolvers read as one (URI104 and URI305 look at these)."""
    last = host.rstrip(".").rsplit(".", 1)[-1]
    return not last or not "a" <= last[0] <= "z"


def never(shape: CleanShape) -> bool:
    """A screen for rules that cannot report a URI of the clean shape."""
    return False


def always(shape: CleanShape) -> bool:
    """The safe default screen: the rule may report anything, so the full pass runs."""
    return True


class Rule(NamedTuple):
    """Everything about one rule: identity, metadata, documentation, examples and the check."""

    code: str
    name: str
    summary: str  #: one line, shown by `urilint rules`
    reference: str  #: the spec section it enforces
    fix_safety: str  #: "safe", "unsafe", "display-only" or "none"
    default: bool  #: on when nothing is selected
    doc: str  #: What it does / Why is this bad / Example / Fix safety
    bad: Tuple[Example, ...]  #: must fire (with the fix, if any)
    good: Tuple[str, ...]  #: must not fire
    check: Callable[["Analysis"], Iterator[Finding]]
    family: str = MALFORMED  #: one of FAMILIES
    severity: str = "error"  #: one of SEVERITIES: the SARIF level and GitHub annotation kind
    #: GitHub code scanning's security-severity (a CVSS-like score), for security rules only
    security_severity: Optional[str] = None
    cwe: Optional[int] = None  #: the CWE the rule's findings are an instance of
    #: Whether the rule may report a URI of the clean shape (check()'s fast path); the default
    #: runs the full pass, so a rule that forgets to declare it costs time, never findings.
    screen: Callable[[CleanShape], bool] = always
    #: The signs (Sign.INVALID, Sign.PORT, ...) of which a URI must show one for the rule to report it,
    #: or'ed; the default runs the rule on every URI that misses the fast path.
    signs: int = Sign.ANY
    #: For a normalization rule: the aspect of the normal form it reports (rules.common).
    aspect: Optional[str] = None
    #: The rule reports a secret (a password or token): it also runs in code blocks, test data
    #: and generated files, where the others do not (a published secret leaks wherever it is).
    secret: bool = False
    #: What of the URI the rule reads: CHARACTERS (or secrets) only, the SCHEME and characters,
    #: or the WHOLE structure.  On a URI the program continues at run time, rules that need
    #: what may follow (or precede) it do not run.
    reads: str = "whole"
    #: A link rule's examples (see :func:`link_rule`): they carry the tree they resolve against.
    bad_links: Tuple["LinkExample", ...] = ()  #: must fire (with the fix, if any)
    good_links: Tuple["LinkExample", ...] = ()  #: must not fire

    def finding(self, start: int, end: int, message: str, fix: Optional[str] = None,
                applicability: Optional[str] = None) -> Finding:
        if applicability is None:
            applicability = self.fix_safety if fix is not None and self.fix_safety != "none" else "display-only"
        return Finding(self.code, self.name, message, start, end, fix, applicability)

    def enabled(self, settings: Settings) -> bool:
        """Whether the settings select this rule (its default decides when nothing does)."""
        return settings.selects(self.code, self.default)


@functools.lru_cache(maxsize=16)
def default_ports(extra: Tuple[Tuple[str, int], ...]) -> Mapping[str, int]:
    """The default ports with the user's ``extra-default-ports`` (theirs win), built once per
    setting rather than once per URI."""
    return DEFAULT_PORTS if not extra else MappingProxyType({**DEFAULT_PORTS, **dict(extra)})


def aspects_of(rules: Tuple[Rule, ...]) -> FrozenSet[str]:
    """The normal-form aspects the normalization rules among ``rules`` report."""
    return frozenset(r.aspect for r in rules if r.aspect is not None)


#: A template's slot that names what goes in it, in capitals ("${PASSWORD}", "{E2EE_KEY}",
#: "{{ DB_PASS }}", "<API_KEY>"): a secret holding one is a template's.  A "$x", "%s" or "{x}"
#: inside a random value is part of the value ("Xk9$mZ2qLr7w").
_NAMED_SLOT = lazy.compile(r"[$%<{]*\{*[ \t]*[A-Z][A-Z0-9_]+[ \t]*[}>%]*")


class Analysis:
    """One URI, parsed and validated once, with what every rule needs to know about it."""

    def __init__(self, text: str, settings: Settings, enabled: Tuple[Rule, ...] = (),
                 real_secrets_only: bool = False, aspects: Optional[FrozenSet[str]] = None,
                 ref: Optional[URIReference] = None) -> None:
        self.text = text
        self.settings = settings
        #: in test data and generated files only real-looking secrets are reported
        self.real_secrets_only = real_secrets_only
        #: the rules that run on this URI (some rules defer to others that are on)
        self.enabled = enabled
        #: the normal-form aspects of the enabled normalization rules (rules.common); a caller
        #: checking many URIs with the same rules passes them (aspects_of), worked out once
        self.aspects: FrozenSet[str] = aspects_of(enabled) if aspects is None else aspects
        #: ``text`` parsed (a caller that has its reference already passes it)
        self.ref: URIReference = parse(text) if ref is None else ref
        #: The scheme in lower case (None: a relative reference); asked dozens of times per URI.
        self.scheme: Optional[str] = ascii_lower(self.ref.scheme) if self.ref.scheme is not None else None
        self.placeholders = placeholders.find(text, settings.placeholders)
        self._problems: Optional[List[SyntaxProblem]] = None
        self._syntax: Optional[List[SyntaxProblem]] = None
        self._valid: Optional[bool] = None
        self._characters_only = False
        self._valid_scheme: Optional[bool] = None
        #: Problems before this offset belong to a malformed scheme (URI103 reports them).
        self.ignore_before = 0
        #: per-URI memo for work several rules share (normalization edits by aspect set)
        self.cache: Dict[FrozenSet[str], List[Tuple[int, int, str]]] = {}
        #: per-URI memos for rules.common's problem kinds: the brackets and braces that pair
        #: up, and where a base64 data: URI's data starts (-1: not such a URI)
        self.paired: Optional[FrozenSet[int]] = None
        self.base64_from: Optional[int] = None
        #: per-URI memo: where a textual (not base64) data: URI's data starts (-1: not one)
        self.text_data_from: Optional[int] = None
        #: per-URI memo of rules.common.problems_for: the problems by kind
        self.kinds: Optional[Dict[str, List[SyntaxProblem]]] = None
        #: per-URI memo of rules.common.meaning_kept: the normal-form aspects that keep the meaning
        self.kept: Optional[FrozenSet[str]] = None
        #: per-URI memo of rules.common.live_aspects: the kept aspects that may edit the URI
        self.live: Optional[FrozenSet[str]] = None
        #: per-URI memo of rules.common's triplets: (offset, what it decodes to, its uppercase)
        self.triplets: Optional[List[Tuple[int, Optional[str], Optional[str]]]] = None
        self._may_hold_secret: Optional[bool] = None
        #: per-URI memo of secrets.marked_as_example (asked once per secret found)
        self._example: Optional[bool] = None

    @property
    def problems(self) -> List[SyntaxProblem]:
        """Syntax problems outside placeholder slots.  Read-only: with nothing to leave out it is
        the ``syntax_problems`` list itself (rules.common.problems_for hands out copies)."""
        if self._problems is None:
            problems = self.syntax_problems
            if self.placeholders or self.ignore_before:
                problems = [p for p in problems if p.offset >= self.ignore_before
                            and not placeholders.overlaps(self.placeholders, p.offset, p.offset + 1)]
            self._problems = problems  # (most URIs: every problem, nothing to leave out)
        return self._problems

    @property
    def syntax_problems(self) -> List[SyntaxProblem]:
        """Every syntax problem of the text (``validate``), placeholders and scheme included."""
        if self._syntax is None:
            self._syntax = [] if self.valid else diagnose(self.text, characters_only=self._characters_only)
        return self._syntax

    def known_valid(self) -> None:
        """The caller knows the text is valid (check()'s clean shape): no need to match it."""
        self._valid = True

    def known_characters_only(self) -> None:
        """The caller knows the text's only faults are characters outside RFC 3986's set that
        a letter in their place would make valid, as the text reads (check()'s clean shape with
        no "%", with non-ASCII letters that RFC 3987 allows, or with such ASCII characters in
        its path, query or fragment): see diagnose's ``characters_only``.  Each non-ASCII one
        is of the IRI kind (rules.common.problem_kinds)."""
        self._valid = False
        self._characters_only = True

    def characters_only(self) -> bool:
        """Whether the caller said so (:meth:`known_characters_only`)."""
        return self._characters_only

    @property
    def valid(self) -> bool:
        """Whether the text is an RFC 3986 URI-reference (``is_valid``), once per URI."""
        if self._valid is None:
            self._valid = is_valid(self.text)
        return self._valid

    @property
    def default_ports(self) -> Mapping[str, int]:
        return default_ports(self.settings.extra_default_ports)

    def may_hold_secret(self) -> bool:
        """secrets.may_hold_secret of the text, once per URI (the SECRET sign and the checker's
        secret spans both ask)."""
        if self._may_hold_secret is None:
            self._may_hold_secret = secrets.may_hold_secret(self.text)
        return self._may_hold_secret

    def in_placeholder(self, start: int, end: int) -> bool:
        return bool(self.placeholders) and placeholders.overlaps(self.placeholders, start, end)

    def has_valid_scheme(self) -> bool:
        if self._valid_scheme is None:
            self._valid_scheme = self.ref.scheme is not None and grammar.SCHEME_PREFIX.match(self.text) is not None
        return self._valid_scheme

    def span(self, component: str) -> Tuple[int, int]:
        s = self.ref.span(component)
        return s if s is not None else (0, len(self.text))

    def marked_as_example(self) -> bool:
        """Whether the URI says it is an example's (secrets.marked_as_example): no secret of it
        is worth a finding."""
        if self._example is None:
            self._example = secrets.marked_as_example(self.text, self.ref)
        return self._example

    def secret_worth_reporting(self, start: int, end: int, real_only: bool = False,
                               user: Optional[str] = None) -> bool:
        """Whether the secret at ``text[start:end]`` is worth a finding here (secrets.worth_reporting),
        in a URI that does not say it is an example, and holding no placeholder; with
        ``real_only``, only when it looks real.  (Masking asks none of this.)"""
        if self.marked_as_example():
            return False
        # A template's: the secret goes in a named slot it holds ("prefix${PASSWORD}suffix").  (Not a
        # slot around it, "[user[:s3cr3tPW]@]"; nor an elision at the end, "ghp_...x...":
        # secrets.is_dummy judges a value cut short.)
        if self.placeholders:
            cut = start + len(self.text[start:end].rstrip(".\u2026"))
            if any(start <= s and e <= cut and _NAMED_SLOT.fullmatch(self.text, s, e) for s, e in self.placeholders):
                return False
            # A slot that starts in it and runs past it holds the delimiter that ended it: the
            # secret is a misreading of a syntax description ("git://[repo[:]][ref@]path",
            # whose "[ref@]" holds the "@" that ended the "password").
            if any(start <= s < end < e for s, e in self.placeholders):
                return False
        if user is None:
            user = (self.ref.userinfo or "").split(":", 1)[0]
        return secrets.worth_reporting(self.text[start:end], host=self.ref.host, user=user,
                                       real_only=real_only or self.real_secrets_only)

    def security_exempt(self) -> bool:
        """Documentation hosts are exempt from URI3xx when the settings say so."""
        host = self.ref.host
        return bool(self.settings.exempt_example_hosts and host and Settings.is_example_host(host))

    def userinfo_is_misleading(self) -> bool:
        """The userinfo reads like a destination (section 7.6): an IPv4 address, a "www." name or
        a name ending in a common top-level domain, optionally followed by ":port"."""
        userinfo = self.ref.userinfo
        if not userinfo or self.in_placeholder(*self.span("userinfo")):
            return False
        m = _HOST_RUN.match(userinfo)
        if m is None:
            return False
        name = m.group(0)
        rest = userinfo[m.end():]
        if rest.startswith(":") and not rest[1:].isdigit():
            return False  # "name.tld:password" is a credential (URI301), not a host:port
        if grammar.IPV4ADDRESS_RE.fullmatch(name) or name.lower().startswith("www."):
            return True
        return name.rsplit(".", 1)[-1].lower() in COMMON_TLDS


# --- link rules ----------------------------------------------------------------------------------
def no_uri_findings(analysis: Analysis) -> Iterator[Finding]:
    """The per-URI check of a link rule: a URI alone says nothing about the files around it."""
    return iter(())


class LinkExample(NamedTuple):
    """One documented link: for a bad one, the fix it must offer (None: no fix)."""

    link: str  #: the reference as written in ``document``
    files: Tuple[Tuple[str, str], ...]  #: the tree: (repository path, text) pairs
    document: str = "README.md"  #: where the link is written (need not be in ``files``)
    fix: Optional[str] = None

    @property
    def tree(self) -> Mapping[str, str]:
        return dict(self.files)


def link_rule(**fields: Any) -> Rule:
    """A rule that judges a link together with the files around it (URI4xx).

    It is a Rule like the others for selection, listing, docs and reporters; its per-URI check
    finds nothing, and the pipeline runs :func:`urilint.links.check.check_links` on each
    document when one of these rules is on.  Its examples carry the tree they resolve against,
    so they live in ``bad_links`` and ``good_links`` (``bad`` and ``good`` stay empty)."""
    return Rule(**{"bad": (), "good": (), "check": no_uri_findings, "family": LINKS, "screen": never,
                   "signs": Sign.NONE, **fields})
