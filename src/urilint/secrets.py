"""What counts as a secret inside a URI, and how to show a URI without it.

Used by the credential rules (RFC 3986 section 3.2.1: "Use of the format "user:password" in the
userinfo field is deprecated"; section 7.5) and by every output path: messages, JSON, SARIF,
diffs, dumps and baselines show :func:`redact` of a URI, never the URI itself.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from types import MappingProxyType
from typing import FrozenSet, Iterable, Iterator, List, Mapping, NamedTuple, Optional, Tuple
from urllib.parse import unquote

from . import globs, placeholders
from .rfc3986 import lazy
from .rfc3986.reference import URIReference, parse

MASK = "****"
Span = Tuple[int, int]

#: Well-known token formats (vendor prefixes with enough entropy after them), each a whole word:
#: no letter or digit right before it ("task-attached-..." holds no "sk-" key) unless it ends a
#: percent-encoded delimiter ("%20ghp_...", "%3Dghp_..."); fixed-length formats end where no
#: letter or digit follows.  Letters of any script count (checker's fast path reads "é" as "a").
TOKEN = lazy.compile(
    r"(?:(?<![^\W_])|(?<=%[0-9A-Fa-f]{2}))"
    r"(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}|glpat-[A-Za-z0-9_-]{20,}"
    r"|xox[abposr]-[A-Za-z0-9-]{10,}|AIza[0-9A-Za-z_-]{35}(?![^\W_]|-)"
    # Cloud access key ids: AWS (A3T, AKIA, ASIA, ABIA, ACCA), Alibaba Cloud (LTAI), Google Cloud
    # Storage HMAC keys (GOOG1), Tencent Cloud (AKID).
    r"|(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}(?![^\W_])|LTAI[0-9A-Za-z]{12,20}(?![^\W_])"
    r"|GOOG1[0-9A-Z]{20,70}(?![^\W_])|AKID[0-9A-Za-z]{13,40}(?![^\W_])"
    r"|[sr]k_(?:live|test)_[0-9A-Za-z]{16,}|sk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}|npm_[A-Za-z0-9]{36}"
    r"|pypi-[A-Za-z0-9_-]{50,}|SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}|hf_[A-Za-z0-9]{30,}"
    # A JSON Web Token: base64url header and payload, both JSON objects ("eyJ" is '{"'), and a
    # signature (RFC 7519 section 3).
    r"|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})"
)
#: Literal prefixes of every TOKEN alternative: a cheap test before the regex runs.
TOKEN_HINTS = ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "xox", "AKIA", "ASIA", "A3T",
               "ABIA", "ACCA", "LTAI", "GOOG1", "AKID", "AIza", "k_live_", "k_test_", "sk-", "npm_", "pypi-",
               "SG.", "hf_", "eyJ")

_TOKEN_HINT = lazy.compile("|".join(map(re.escape, TOKEN_HINTS)))
#: Every hint holds an ASCII capital, "_" or "-", but "xox" (a test holds the table to it): a
#: text with none of them holds no hint, and this one-class search costs a fraction of the
#: alternation's, which tries every hint at each character (most URIs have none of them).
_TOKEN_GATE = lazy.compile(r"[A-Z_-]")


def has_token_hint(text: str) -> bool:
    """Whether ``text`` holds one of TOKEN_HINTS (a token's literal prefix)."""
    if "xox" not in text and _TOKEN_GATE.search(text) is None:
        return False
    return _TOKEN_HINT.search(text) is not None


#: What follows a prefix in words, not in keys: "sk-attached-to-a-different-loop" (a slug of
#: words), "sk-abcdefghijklmnopqrstu" (one lowercase word).  Random keys hold digits or mixed case.
_WORDY = lazy.compile(r"[a-z]+|[A-Za-z]+(?:[-_.][A-Za-z]+)+")


def find_tokens(text: str) -> List["re.Match[str]"]:
    """TOKEN matches in ``text`` that look random after their prefix; the regex runs only when
    a literal prefix is present."""
    if not has_token_hint(text):
        return []
    out = []
    for m in TOKEN.finditer(text):
        hint = _TOKEN_HINT.search(m.group())
        body = m.group()[hint.end():] if hint is not None else m.group()
        if _WORDY.fullmatch(body.strip("-_.")) is None:
            out.append(m)
    return out


def _name_key(name: str) -> str:
    """A parameter name as the tables spell it: percent-decoded (``access%5Ftoken``), lowercase,
    "-" as "_" (``X-Amz-Signature`` is ``x_amz_signature``)."""
    if "%" in name:
        name = unquote(name, errors="replace")
    return name.lower().replace("-", "_")


#: Parameter names (query, fragment, path parameters) whose value is a secret whatever it looks
#: like, spelled as :func:`_name_key` leaves them.
STRONG_NAMES = frozenset("""
    access_token accesstoken refresh_token id_token auth_token authtoken private_token
    api_key apikey x_api_key secret client_secret secret_key password passwd pwd
    x_amz_signature x_amz_security_token x_goog_signature x_goog_credential session_token
    sessiontoken app_secret consumer_secret oauth_token oauth_token_secret oauth_signature oauth_verifier
    access_key secret_access_key jsessionid phpsessid sessionid session_id aspsessionid
""".split())
#: Names whose value is a credential for one request, which no one can use again: OAuth 1.0's
#: signature is bound to a nonce and a timestamp (RFC 5849 sections 3.3 and 3.4).  Masked in
#: every output as any secret parameter is, but not worth a finding.
ONE_REQUEST_NAMES = frozenset({"oauth_signature", "oauth_verifier"})
#: OAuth 1.0's steps that carry the temporary credentials' identifier in the query by design
#: (RFC 5849 section 2.2): the authorization request ("/authorize?oauth_token=...", Twitter's
#: "/oauth/authenticate", the RFC's own "/authorize_access") and the callback that brings the
#: verifier back ("?oauth_token=...&oauth_verifier=...").  The identifier alone grants nothing
#: (the token's secret does): masked there, not reported.
_OAUTH1_AUTHORIZATION = ("authorize", "authenticate")
#: Session identifiers: a visit's, expired long before a file is read.  In test data (a recorded
#: page, a wiki dump's citation) they are a fixture's, not worth a finding.
SESSION_NAMES = frozenset({"jsessionid", "phpsessid", "sessionid", "session_id", "aspsessionid", "sid"})
#: Names that are secrets only when the value looks like one (``?key=README`` is not;
#: ``?code=`` is an OAuth authorization code when it looks random, a country or a status else).
WEAK_NAMES = frozenset("token key sig signature auth credential credentials pass code sid".split())
#: Values that stand for a secret in documentation rather than being one.
PLACEHOLDER_WORDS = frozenset("""
    password passwd pass pwd secret token key apikey api_key api-key changeit
    yourpassword your_password your-password mypassword my_password my-password
    yourtoken your_token your-token yourkey your_key your-key redacted hidden none null
""".split())
_FILLER = lazy.compile(r"[*xX.•·…_-]+|\.\.\.")


#: YOUR_API_KEY, <API_KEY>, your-token-here, MY_SECRET (case-insensitive after "your", "my"...)
_NAMED_SLOT_PATTERN = r"(?:your|my|insert|enter|replace)[-_a-z0-9]*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+"
_NAMED_SLOT = lazy.compile(_NAMED_SLOT_PATTERN)
_NAMED_SLOT_ANY_CASE = lazy.compile(_NAMED_SLOT_PATTERN, re.I)


def is_placeholder_value(value: str, syntaxes: Iterable[str] = placeholders.DEFAULT_SYNTAXES) -> bool:
    """True for values that mark where a secret goes: ``{pw}``, ``$PW``, ``****``, ``xxx``,
    ``...``, ``<password>``, ``YOUR_API_KEY``, ``password``."""
    return _is_placeholder_value(value, syntaxes if isinstance(syntaxes, frozenset) else frozenset(syntaxes))


@functools.lru_cache(maxsize=256)
def _is_placeholder_value(value: str, syntaxes: FrozenSet[str]) -> bool:
    # Cached: a password is judged by URI301 and again for the secret spans every message of
    # its URI is masked with.
    if value == "" or placeholders.is_placeholder(value, syntaxes):
        return True
    lowered = value.lower()
    if _FILLER.fullmatch(value) or lowered in PLACEHOLDER_WORDS:
        return True
    any_case = lowered.startswith(("your", "my", "insert", "enter", "replace"))
    return (_NAMED_SLOT_ANY_CASE if any_case else _NAMED_SLOT).fullmatch(value) is not None


def _looks_secret(value: str) -> bool:
    """For weakly named parameters: 8+ characters mixing letters and digits, or a token."""
    if find_tokens(value):
        return True
    return len(value) >= 8 and bool(re.search(r"[A-Za-z]", value)) and bool(re.search(r"[0-9]", value))


#: Hosts reserved for documentation and examples (RFC 2606 section 3, RFC 6761 sections 6.2,
#: 6.4): a placeholder credential next to one is an example, not a leak.
DOCUMENTATION_DOMAINS = ("example.com", "example.net", "example.org", "example", "test", "invalid")
#: The same as one suffix test: a documentation domain or any host below one.
_BELOW_A_DOCUMENTATION_DOMAIN = tuple("." + d for d in DOCUMENTATION_DOMAINS)
#: Values that are dummies in examples, fixtures and local set-ups: not worth a finding, though
#: output still masks them where they stand as a password.
DUMMY_WORDS = frozenset("""
    changeme change_me change-me changeit guest dummy fake foo bar baz qux test testing tester pw
    example sample demo admin root user username default letmein hunter2 pa55word p4ssw0rd
    1234 12345 123456 1234567 12345678 123456789 password1 password123 secret123
    tiger foobar quux corge grault garply waldo fred plugh xyzzy thud
""".split())  # "tiger": Oracle's demo account scott/tiger, the stock example of database URLs;
# "foo" to "thud": the metasyntactic variables of RFC 3092 section 2 (examples' names)
#: Names of a URI's parts, as a description of a scheme's syntax writes them where a user and
#: password would stand: fsspec's "github://org:repo@sha/path", MLflow's
#: "models://scope:prefix@databricks/...".  No one's password.
PART_NAMES = frozenset("""
    repo repository prefix scope org organization owner project branch ref sha commit bucket
    container account tenant namespace region hostname port dbname schema collection topic
    queue vhost cluster stage
""".split())
#: User names that stand for any user in documentation ("https://user:he//o@pypi.company.com/",
#: pip's guide to escaping a password): beside one, only a password that looks real is reported.
PLACEHOLDER_USERS = frozenset("""
    user username myuser youruser your_user your-user yourname your_name login name anonymous
    test tester testuser test_user test-user demo demouser dummy sample
""".split())  # (a test or demo account's password in a test or a guide: feedparser's "test:basic@")
#: A CVSROOT (":pserver:anoncvs@host:/cvs/src") read as a URI's userinfo: no user, and a
#: "password" that is CVS's access method and the user name, with no password after them.
_CVS_METHOD_AND_USER = lazy.compile(r"(?:pserver|gserver|kserver|server|ext|extssh|ssh|fork|local|sspi):[^:]*")
#: A value that says it is an example: AWS's documentation marks its example keys, key ids and
#: signatures so ("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY") and its
#: example ids "xmpl" ("7870825a-xmpl-4def-..."), and others copy the convention; fixtures say
#: "fake" or "dummy" ("fake_service_account_email").
_EXAMPLE_MARK = lazy.compile(r"example|xmpl|fake|dummy", re.I)
#: _EXAMPLE_MARK's words, looked for in the lowered value: no character but the Kelvin sign
#: folds to one of their letters under IGNORECASE, and lower() reads it as "k" too (a test holds
#: the two equal); four substring tests cost a fifth of the pattern on every judged secret.
_EXAMPLE_WORDS = ("example", "xmpl", "fake", "dummy")
#: The mark as it makes a whole URI an example: written in capitals inside a key-like run of
#: letters and digits, as the example key id of a signed URL carries it ("APKA...EXAMPLE").
_EXAMPLE_KEY = lazy.compile(r"[A-Z0-9]EXAMPLE|EXAMPLE[A-Z0-9]")
#: A fixture's mark as it makes a whole URI an example: "fake" or "dummy" as a word of the
#: userinfo or of a credential's value (a test's signed URL whose credential is
#: "fake_service_account_email/...": its signature was made with a fixture's key).
_FAKE_WORD = lazy.compile(r"(?<![A-Za-z])(?:fake|dummy|FAKE|DUMMY)(?![a-z])")
#: A value that names the secret it stands for: "aws_secret_access_key", "db-password", or in
#: words ("a secret", written "a%20secret" or "a+secret" in a URI, as httpx's docs spell one).
#: (Not "." as a joiner: a user name such as "mike.keyes" would name a key.)
_NAMES_A_SECRET = lazy.compile(r"[a-z]+(?:(?:[_ +-]|%20)[a-z]+)*", re.I)
_SECRET_WORDS = lazy.compile(r"pass|pwd|secret|token|key|cred", re.I)
_BRACKETED_WORD = lazy.compile(r"\[[A-Za-z][A-Za-z _-]*\]|<[A-Za-z][A-Za-z _-]*>")
#: A long value is "high-entropy" above this many bits per character (Shannon): random keys
#: of 16+ characters are near 4; words, repeated characters and counters are well below 3.5.
_MIN_ENTROPY = 3.5
_MIN_RANDOM_LENGTH = 16
#: Lower-case words joined by "-" or "_": a name a person wrote.  Of random 16-character
#: base64url keys, about two in a million hold only lower-case letters and those two.
_LOWER_WORDS = lazy.compile(r"[a-z]+(?:[-_][a-z]+)+")
#: What splits a value into parts, and a part that is one word in one case ("xoxb", "sk"):
#: a token's prefix or a fixture's words, which _is_sequence sets aside.
_SEPARATOR = lazy.compile(r"[-_.]")
_ONE_CASE_WORD = lazy.compile(r"[a-z]+|[A-Z]+")
#: A secret's name or a demo word with a counter: "pass2", "secret1", "admin123" (the second
#: user of a doctest, "user2:pass2@").
_NUMBERED_DUMMY = lazy.compile(r"(?:pass|passwd|password|pwd|pw|secret|token|key|admin|guest|test|demo|user)[0-9]{1,3}",
                               re.I)


#: Values that specifications and their reference pages publish as examples, copied into the
#: documentation and tests of every library that implements them: OAuth 2.0's (RFC 6749 sections
#: 4.1-4.4 and 6; RFC 6750 section 2.1), PKCE's (RFC 7636 appendix B), OAuth 1.0's (RFC 5849
#: sections 1.2 and 3.1), the Key Uri Format's TOTP secret (otpauth://...?secret=JBSWY3DPEHPK3PXP),
#: the signature of jwt.io's example token (edited copies keep it), and the signature of the
#: shared access signature in Microsoft's "Create a service SAS" guide (copied into Azure SDK
#: samples and tests), and the token of the Jupyter server's documented start-up output.  A JWT
#: is judged by its signature, its last dot-separated part.
PUBLISHED_EXAMPLES = frozenset("""
    SplxlOBeZQQYbYS6WxSbIA 2YotnFZFEjr1zCsicMWpAA tGzv3JOkF0XG5Qx2TlKWIA s6BhdRkqt3
    7Fjfp0ZBr1KtDRbnfVdmIw A3ddj3w mF_9.B5f-4.1JqM
    dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM
    dpf43f3p2l4k3l03 hh5s93j4hdidpola hdhd0244k9j7ao03 hfdp7dh39dks9884 nnch734d00sl2jdk
    pfkkdhi9sl3r4s00 9djdj82h48djs9d2 kkk9d7dh3k39sjv7 bYT5CMsGcbgUdFHObYMEfcx6bsw%3D
    djosJKDKJSD8743243%2Fjdk33klY%3D
    JBSWY3DPEHPK3PXP SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c
    Z%2FRHIX5Xcg0Mq2rqI3OlWTjEg2tYkboXr1P9ZUXDtkk%3D Z/RHIX5Xcg0Mq2rqI3OlWTjEg2tYkboXr1P9ZUXDtkk=
    c8de56fa4deed24899803e93c227592aef6538f93025fe01
""".split())
#: Demo accounts a database ships or documents, by user: Oracle's SCOTT schema ("scott/tiger",
#: the stock example of database URLs) and its documented default logins.  A password that
#: starts with the account's word is the demo's, whatever a password policy made it add
#: ("scott:tiger^5HHH", SQLAlchemy's SQL Server test login).
_DEMO_ACCOUNTS: Mapping[str, str] = MappingProxyType({"scott": "tiger", "system": "manager",
                                                      "sys": "change_on_install"})
#: ASCII punctuation (string.punctuation, without importing a module a check does not need).
_PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
#: Leetspeak's digits and signs for letters: "p@ssw0rd" and "pa55word" spell "password", and
#: so does "P@ssw%rd" (SQLAlchemy's guide to escaping a password: "%" for "o").
_LEET: Mapping[int, int] = MappingProxyType(str.maketrans("013457@$%", "oieasta" + "so"))
#: What a made-up password appends to a word ("admin123!", "Passw0rd!").
_SUFFIX_CHARS = "0123456789!?.#*_-"
#: Words that a generated key does not spell out, but a made-up value built around the secret's
#: name does ("SENTINELpassword1234", "other_fjv&8password", great-expectations' CI database's
#: "ReallyStrongPwd1234"): the chance that a random 16-character key holds one of the longer
#: ones is below one in ten thousand, "pwd" about one in two thousand.
_SECRET_WORDS_IN_VALUE = ("pass", "secret", "token", "pwd")


def _is_published_example(value: str) -> bool:
    return value in PUBLISHED_EXAMPLES or ("." in value and value[value.rfind(".") + 1:] in PUBLISHED_EXAMPLES)


def _spells_a_dummy(value: str) -> bool:
    """A demo word with a counter or sign after it ("admin123!", "changeme1"), or "password"
    in leetspeak too ("p@ssw0rd", "Passw0rd!").  (Only "password": "Gu3st!" beside the user
    "guest" or "s3cr3t" is someone's attempt at a real one.)"""
    if "%" in value:
        # ("%%" first: ConfigParser's and printf's escape of "%", as alembic.ini spells one)
        value = unquote(value.replace("%%", "%"), errors="replace")
    core = value.rstrip(_SUFFIX_CHARS).lower()
    return core in DUMMY_WORDS or core.translate(_LEET) in ("password", "passwd")


def _entropy(value: str) -> float:
    counts = Counter(value)
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def looks_real(value: str) -> bool:
    """Does a secret have the shape of a real one whatever surrounds it: a known token format
    (``ghp_...``, ``AKIA...``, a JWT) or a long, high-entropy value, read percent-decoded and
    holding no space?  A real token leaks whatever host or file it is written next to."""
    if find_tokens(value):
        return True
    if "%" in value:
        # Judged as the program reads it: each "%2F" is one character, and three of an
        # encoding's characters would lengthen it and raise its entropy ("apples%2Foranges").
        value = unquote(value, errors="replace")
    if len(value) < _MIN_RANDOM_LENGTH or " " in value:
        return False  # (a generated key holds no space: "/mypass/+ word=$+" is a phrase)
    if _LOWER_WORDS.fullmatch(value) is not None:
        return False  # words a person wrote ("synthetic-fragment"), not a generated key
    low = value.lower()
    for word in _SECRET_WORDS_IN_VALUE:
        if word in low:
            return False  # made up around the secret's name ("SENTINELpassword1234")
    return _entropy(value) >= _MIN_ENTROPY


@functools.lru_cache(maxsize=256)
def is_documentation_host(host: str) -> bool:
    """Whether ``host`` is reserved for documentation (RFC 2606, RFC 6761): one of
    :data:`DOCUMENTATION_DOMAINS` or a host below one.  (Two string tests, not a glob per
    domain: for a new host that cost a tenth of a reported password's check.  Cached: a file's
    credentials name the same few hosts.)"""
    host = host.lower().rstrip(".")
    return host in DOCUMENTATION_DOMAINS or host.endswith(_BELOW_A_DOCUMENTATION_DOMAIN)


def _ascending_runs(value: str, most: int) -> int:
    """How many runs of consecutive characters make up ``value`` ("1234567890abcdef": 2),
    counted up to one more than ``most`` (a random value is done after a few characters)."""
    runs = 1
    for a, b in zip(value, value[1:]):
        if not (ord(b) == ord(a) + 1 or (a, b) == ("9", "0")):
            runs += 1
            if runs > most:
                break
    return runs


def is_dummy(value: str, user: str = "") -> bool:
    """A value no maintainer would call a leaked secret: one character, the user name again
    (``guest:guest``), a well-known default or demo word, a bracketed word (``[Filtered]``), a
    value marked as an example (``AKIAIOSFODNN7EXAMPLE``), a name for the secret
    (``aws_secret_access_key``), a keyboard sequence (``ABCDEFGH...``, ``1234567890abcdef``), a
    secret's name or demo word with a counter (``pass2``), or a value cut short by an ellipsis
    (``c8de56fa...``)."""
    low = value.lower()
    if len(value) <= 1 or value == user or low in DUMMY_WORDS or low in PART_NAMES:
        return True
    demo = _DEMO_ACCOUNTS.get(user.lower()) if user else None
    if demo is not None and low.startswith(demo):
        return True
    if "%" in value:
        # A demo of escaping: a dummy behind an encoded delimiter (furl's "bob:%3Apass@").
        bare = unquote(value, errors="replace").strip(_PUNCTUATION)
        if bare != value and bare and "%" not in bare and is_dummy(bare, user):
            return True
    if len(value) <= 11 and value[-1].isdigit() and _NUMBERED_DUMMY.fullmatch(value) is not None:  # (11: "password999")
        return True
    if len(value) <= 16 and _spells_a_dummy(value):  # (16: a demo word and a few signs)
        return True
    if _is_published_example(value):
        return True
    if value.endswith(("...", "\u2026")) and not find_tokens(value):
        return True  # cut short where it is shown ("?token=c8de56fa..."): an example's
    if _BRACKETED_WORD.fullmatch(value) is not None or _has_example_mark(low):
        return True
    return _names_a_secret(value) or _is_sequence(value)


def _has_example_mark(low: str) -> bool:
    """``_EXAMPLE_MARK.search(value)`` of a lower-cased value, as substring tests."""
    for word in _EXAMPLE_WORDS:  # (a loop, not any() over a generator: every judged secret asks)
        if word in low:
            return True
    return False


def marked_as_example(text: str, ref: URIReference) -> bool:
    """Whether the URI says it is an example: the userinfo or a parameter's value carries the
    example mark inside a key-like run (:data:`_EXAMPLE_KEY`), or the userinfo or a
    credential's value a fixture's (:data:`_FAKE_WORD`).  Then every secret beside it is an
    example's too: the signature of a signed URL whose key id is "APKA...EXAMPLE", the
    credential and signature of one whose key id is "AKIAIOSFODNN7EXAMPLE"."""
    example = "EXAMPLE" in text
    # (Substring tests first: the pattern's look-behind is tried at every character.)
    if not example and not ("ake" in text or "AKE" in text or "umm" in text or "UMM" in text):
        return False
    if not example and _FAKE_WORD.search(text) is None:
        return False
    span = ref.span("userinfo")
    if span is not None and (_EXAMPLE_KEY.search(text, span[0], span[1]) is not None
                             or _FAKE_WORD.search(text, span[0], span[1]) is not None):
        return True
    for p in parameters(ref):
        if example and _EXAMPLE_KEY.search(text, p.value[0], p.value[1]) is not None:
            return True
        if _FAKE_WORD.search(text, p.value[0], p.value[1]) is not None and _name_key(p.name) in SECRET_NAMES:
            return True
    return False


def _names_a_secret(value: str) -> bool:
    return _NAMES_A_SECRET.fullmatch(value) is not None and _SECRET_WORDS.search(value) is not None


def _is_sequence(value: str) -> bool:
    """Keyboard sequences, separators and case aside: one or two ("abcd_efgh", "1234-5678",
    "AbCdEfGh..."), or runs of more than 2.5 characters on average ("abc123def456ghi789"); or such
    runs after words in one case ("xoxb-1234-1234-abc123", "pingram_sk_abc123": a token's
    prefix and a fixture's filler).  Random values have runs of one character, nearly all."""
    separated = "-" in value or "_" in value or "." in value
    joined = value.replace("-", "").replace("_", "").replace(".", "") if separated else value
    if _few_runs(joined.lower()):
        return True
    if not separated:
        return False
    return _few_runs("".join(part for part in _SEPARATOR.split(value) if not _ONE_CASE_WORD.fullmatch(part)).lower())


def _few_runs(value: str) -> bool:
    """Six characters or more, in ascending runs of more than 2.5 characters on average.  (The
    walk stops at the 2n/5th break; counting the pairs with translate() and map() in C executed
    more instructions for a judged password, not fewer: a slot wrapper's call per pair.)"""
    n = len(value)
    return n >= 6 and _ascending_runs(value, n * 2 // 5) * 5 < n * 2


def worth_reporting(value: str, *, host: Optional[str], user: str = "", real_only: bool = False) -> bool:
    """Whether a credential rule reports a secret ``value`` (never a placeholder: callers check
    that first).  Never a dummy, nor a CVSROOT's method and user; beside a placeholder user
    (:data:`PLACEHOLDER_USERS`), only a value that looks real; any other value that looks real;
    and with neither ``real_only`` (test data, generated files) nor a documentation host, any
    other value at all.  Brackets at the ends are not judged (``[user[:password]@]``), unless they make a word
    (``[secure]``)."""
    if _BRACKETED_WORD.fullmatch(value):
        return False
    value = value.strip("[]")
    if ((len(user) >= 6 and _is_sequence(user)) or _names_a_secret(user)) and not find_tokens(value):
        return False  # "ABCDEFGHIJKLMNOPQRST:...@", "aws_access_key_id:...@": an example's pair
    if is_dummy(value, user):
        return False  # real-looking or not: a dummy is never worth a finding
    if not user and _CVS_METHOD_AND_USER.fullmatch(value) is not None:
        return False
    if user.lower() in PLACEHOLDER_USERS and not looks_real(value):
        return False
    if not real_only and not (host and is_documentation_host(host)):
        return True  # no need to weigh how real it looks (the entropy is most of this test)
    return looks_real(value)


def password_span(ref: URIReference) -> Optional[Span]:
    """Span of the password in ``user:password@`` (section 3.2.1), when there is one."""
    if ref.userinfo is None:
        return None
    colon = ref.userinfo.find(":")
    span = ref.span("userinfo")
    if colon == -1 or span is None or colon == len(ref.userinfo) - 1:
        return None
    return span[0] + colon + 1, span[1]


def password_is_secret(text: str, span: Span, syntaxes: Iterable[str] = placeholders.DEFAULT_SYNTAXES) -> bool:
    """Is the password at ``span`` of ``text`` a real one rather than a placeholder?

    Brackets cannot be in a userinfo (section 3.2.1): around the password they mark optional
    parts of a syntax description (``[user[:password]@]``, ``[[user]:[password]]@``), and the
    value inside them is what is judged.  Only the ends are stripped: "x]S3cret" is judged whole."""
    return not is_placeholder_value(text[span[0]:span[1]].strip("[]"), syntaxes)


def user_token_span(ref: URIReference) -> Optional[Span]:
    """Span of a user name that is itself a token (``https://ghp_...@github.com``)."""
    if ref.userinfo is None:
        return None
    user = ref.userinfo.split(":", 1)[0]
    span = ref.span("userinfo")
    if span is None or not is_token(user):
        return None
    return span[0], span[0] + len(user)


@functools.lru_cache(maxsize=256)
def is_token(value: str) -> bool:
    """Is the whole of ``value`` one token of a known format?  (Cached: a user name is asked
    about by URI301, URI302 and the secret spans.)"""
    return any(m.span() == (0, len(value)) for m in find_tokens(value))


SECRET_NAMES = STRONG_NAMES | WEAK_NAMES
#: A parameter name after "?", "#", "&", ";" or "/": what :func:`may_hold_secret` looks at.
#: Possessive where the version allows (the name holds no "=", so giving characters back never
#: finds one): every delimiter not followed by a name and "=", most of them in a URL's path,
#: otherwise retried the "=" after each shorter name.
_NAME_EQ = lazy.compile(rf"[?#&;/!]([^?#&;/!=]{{1,64}}{lazy.POSSESSIVE})=")

#: Webhook URLs whose path carries the secret, by host: a pattern matched at the path's start
#: whose group "secret" is the secret part (the ids before it are not secret).
WEBHOOKS: Tuple[Tuple[str, "re.Pattern[str]"], ...] = (
    # Slack incoming webhooks and workflow triggers: /services/T.../B.../<secret>
    ("hooks.slack.com", lazy.compile(r"/(?:services|workflows|triggers)/(?:[A-Za-z0-9]+/){1,3}"
                                   r"(?P<secret>[A-Za-z0-9]{16,})")),
    # Discord: /api[/v10]/webhooks/<id>/<token>
    ("discord.com", lazy.compile(r"/api(?:/v[0-9]+)?/webhooks/[0-9]+/(?P<secret>[A-Za-z0-9_-]{16,})")),
    ("discordapp.com", lazy.compile(r"/api(?:/v[0-9]+)?/webhooks/[0-9]+/(?P<secret>[A-Za-z0-9_-]{16,})")),
    ("*.discord.com", lazy.compile(r"/api(?:/v[0-9]+)?/webhooks/[0-9]+/(?P<secret>[A-Za-z0-9_-]{16,})")),
    # Telegram bot API: /bot<id>:<token>/method
    ("api.telegram.org", lazy.compile(r"/(?:file/)?bot[0-9]+:(?P<secret>[A-Za-z0-9_-]{20,})")),
    # Microsoft Teams incoming webhooks: .../IncomingWebhook/<32 hex>/<guid>
    ("*.webhook.office.com", lazy.compile(r"/webhookb2/[^/]{1,200}/IncomingWebhook/(?P<secret>[A-Za-z0-9]{16,})")),
    ("outlook.office.com", lazy.compile(r"/webhook/[^/]{1,200}/IncomingWebhook/(?P<secret>[A-Za-z0-9]{16,})")),
    # Zapier catch hooks: /hooks/catch/<account>/<secret>/
    ("hooks.zapier.com", lazy.compile(r"/hooks/catch/[0-9]+/(?P<secret>[A-Za-z0-9]{5,})")),
    # IFTTT Webhooks: /trigger/<event>/with/key/<key>
    ("maker.ifttt.com", lazy.compile(r"/trigger/[^/]{1,200}/(?:json/)?with/key/(?P<secret>[A-Za-z0-9_-]{10,})")),
)
#: Words that name a webhook host (any case).  ASCII text is lowered and tested for each: a
#: case-insensitive search costs 1.7 us a URI, these substring tests a fifth of it (every URI
#: that misses check()'s fast path asks); _WEBHOOK_HINT is the pattern they stand for.
_WEBHOOK_WORDS = ("hooks.slack.com", "discord.com", "discordapp.com", "api.telegram.org", "office.com",
                  "hooks.zapier.com", "maker.ifttt.com")
_WEBHOOK_HINT = lazy.compile("|".join(map(re.escape, _WEBHOOK_WORDS)), re.I)


#: The non-ASCII characters IGNORECASE matches with an ASCII letter, and that letter (a test
#: holds the table whole): no other character's lowercase is an ASCII letter either.
FOLDS_TO_ASCII: Mapping[str, str] = MappingProxyType({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})


def _webhook_hint(text: str) -> bool:
    """Whether ``text`` names a webhook host (_WEBHOOK_HINT).  Lowering the text, with the few
    characters that case-fold to ASCII letters ("\u0130", "\u017f") in their place, finds
    what the pattern's IGNORECASE finds (a test holds it): the pattern cost 1.7 us a URI."""
    if not text.isascii():
        for char, letter in FOLDS_TO_ASCII.items():
            if char in text:
                text = text.replace(char, letter)
    low = text.lower()
    for word in _WEBHOOK_WORDS:  # (a loop, not any() over a generator: every URI asks)
        if word in low:
            return True
    return False


@functools.lru_cache(maxsize=256)
def may_hold_secret(text: str) -> bool:
    """Cheap: can any part of ``text`` but the userinfo hold a secret: a parameter (query,
    fragment or path) named like a secret, a token-shaped value, or a webhook's secret path?
    False means URI304 cannot fire.  Cached: URI304's screen asks on the fast path, and a URI
    the screens send on asks again (the checker's secret spans), as does a file's repeated link."""
    return _secret_param_name(text) or bool(find_tokens(text)) or _webhook_hint(text)


#: Every name of SECRET_NAMES holds one of these (a test holds the table to it), and none holds
#: "-" or "_": a name whose _name_key is a secret's holds one in its lowercase, unless a "%"
#: spells part of it.  (No non-ASCII character lowercases to an ASCII letter but the Kelvin
#: sign, to "k", which lowering the text reads as _name_key does.)
_SECRET_NAME_WORDS = ("key", "token", "sig", "secret", "pass", "pwd", "auth", "cred", "code", "sid", "sess")


def _secret_param_name(text: str) -> bool:
    """Whether a parameter name after a delimiter (``_NAME_EQ``) is a secret's name.  (Loops,
    not any() over a generator: this runs for every URI, through URI304's screen.)"""
    if "%" not in text:
        # Most texts hold no secret's word at all: no need to find and key every "name=".
        low = text.lower()
        for word in _SECRET_NAME_WORDS:
            if word in low:
                break
        else:
            return False
    for m in _NAME_EQ.finditer(text):
        if _name_key(m.group(1)) in SECRET_NAMES:
            return True
    return False


def slice_may_hold_secret(text: str) -> bool:
    """Cheap: may any slice of ``text`` (a URI standing verbatim in a line) have
    :func:`secret_spans`?  False means none can.  Each test finds in the whole text what it
    would find in the slice, at the same place: a userinfo needs an "@", a token its literal
    prefix, a webhook its host's name, and a parameter named like a secret is read the same
    (its name starts after a delimiter and holds none, so no match of the whole text can run
    over it).  Not :func:`may_hold_secret`, whose token test reads what is around a token."""
    return "@" in text or has_token_hint(text) or _webhook_hint(text) or _secret_param_name(text)


#: A parameter's value in prose: up to the next separator of parameters, whitespace or quote.
_PROSE_VALUE = lazy.compile(r"[^&;#\s\"'<>]*")


def stray_param_spans(text: str, syntaxes: Iterable[str] = placeholders.DEFAULT_SYNTAXES) -> List[Span]:
    """The values of ``name=value`` pairs after a URI delimiter anywhere in ``text`` (a line of
    prose) that are secrets as URI parameters (:func:`is_secret_param`): what a URI cut short
    leaves in the text after it ("https://host/a b?x=1#access_token=...": the space ends the
    URI, and the rest is no URI a scanner reads)."""
    spans: List[Span] = []
    for m in _NAME_EQ.finditer(text):
        end = _PROSE_VALUE.match(text, m.end()).end()  # type: ignore[union-attr]  # (matches "")
        if is_secret_param(m.group(1), text[m.end():end], syntaxes):
            spans.append((m.end(), end))
    return spans


class Param(NamedTuple):
    """One ``name=value`` of a URI."""

    where: str  #: "query", "fragment" (OAuth's implicit flow: ``#access_token=...``) or "path"
    name: str  #: as written (percent-encoded if it was)
    value: Span


def _split_params(where: str, text: str, base: int, separators: str) -> Iterator[Param]:
    pos = 0
    for part in re.split(f"[{separators}]", text):
        eq = part.find("=")
        if eq != -1:
            yield Param(where, part[:eq], (base + pos + eq + 1, base + pos + len(part)))
        pos += len(part) + 1


def parameters(ref: URIReference) -> Iterator[Param]:
    """Every ``name=value`` of the query (split at ``&`` and ``;``), of the fragment (split at
    ``&``, ``;`` and ``?``: ``#/callback?access_token=...``) and of the path's segments
    (``;jsessionid=...``), in that order."""
    if ref.query is not None:
        span = ref.span("query")
        yield from _split_params("query", ref.query, span[0] if span else 0, "&;")
    if ref.fragment is not None and "=" in ref.fragment:
        span = ref.span("fragment")
        yield from _split_params("fragment", ref.fragment, span[0] if span else 0, "&;?")
    if ";" in ref.path:
        span = ref.span("path")
        base = span[0] if span else 0
        for m in re.finditer(r";([^;/=]*)=([^;/]*)", ref.path):
            yield Param("path", m.group(1), (base + m.start(2), base + m.end(2)))


def is_secret_param(name: str, value: str, syntaxes: Iterable[str] = placeholders.DEFAULT_SYNTAXES) -> bool:
    """Is ``value`` a secret as the value of parameter ``name``: a secret's name (the weak ones
    only with a random-looking value) or a token, and not a placeholder."""
    if not value or is_placeholder_value(value, syntaxes):
        return False
    key = _name_key(name)
    return key in STRONG_NAMES or (key in WEAK_NAMES and _looks_secret(value)) or bool(find_tokens(value))


#: Parameters a service puts in the links it hands out to be shared or published, as (host
#: glob, path prefix, parameter name): Zoom's "embed passcode in invite link" writes the
#: meeting's passcode into the invitation ("https://zoom.us/j/95228013874?pwd=..."), which
#: projects publish for their community calls.  Masked in every output, not reported.
SHARED_BY_DESIGN: Tuple[Tuple[str, str, str], ...] = (
    ("zoom.us", "/j/", "pwd"), ("*.zoom.us", "/j/", "pwd"),
    # The Maps JavaScript API's key is loaded by every visitor's browser from the page's own
    # script tag (Google restricts it by referrer, not by secrecy).
    ("maps.googleapis.com", "/maps/api/js", "key"),
)


def shared_by_design(host: Optional[str], path: str, name: str) -> bool:
    """Whether parameter ``name`` of a URI on ``host`` with ``path`` is a value its service
    hands out to be shared (:data:`SHARED_BY_DESIGN`)."""
    if not host:
        return False
    host, key = host.lower().rstrip("."), _name_key(name)
    return any(key == k and path.startswith(prefix) and globs.match(host, pattern)
               for pattern, prefix, k in SHARED_BY_DESIGN)


#: The credential parts of a V4 presigned URL (AWS Signature Version 4, Google Cloud Storage's
#: V4 signing), which lives as long as its "X-Amz-Expires" / "X-Goog-Expires" says, seven days
#: at most (604800 seconds): in test data, a recorded response's (a replayed redirect to a
#: download), expired before anyone reads it.
PRESIGNED_PARTS = frozenset({"x_amz_signature", "x_amz_credential", "x_amz_security_token",
                             "x_goog_signature", "x_goog_credential"})
_LIFETIMES = frozenset({"x_amz_expires", "x_goog_expires"})
_MAX_PRESIGNED_SECONDS = 604800


def presigned_for_days(text: str, ref: URIReference) -> bool:
    """Whether ``text`` is a V4 presigned URL that says it lives seven days or less."""
    for p in parameters(ref):
        if _name_key(p.name) in _LIFETIMES:
            value = text[p.value[0]:p.value[1]]
            return value.isdigit() and len(value) <= 7 and int(value) <= _MAX_PRESIGNED_SECONDS
    return False


def parameter_worth_a_finding(text: str, ref: URIReference, name: str, test_data: bool) -> bool:
    """Whether the secret parameter ``name`` of the URI ``text`` is worth a finding (it is masked
    either way): not a one-request credential; in test data, not a session identifier nor a V4
    presigned URL's credential (a recorded redirect's download link, long expired); and not a
    value its service hands out to be shared (a Zoom invitation's passcode)."""
    key = _name_key(name)
    if key in ONE_REQUEST_NAMES:
        return False
    if key == "oauth_token" and _oauth1_authorization_step(ref):
        return False
    if test_data and (key in SESSION_NAMES or (key in PRESIGNED_PARTS and presigned_for_days(text, ref))):
        return False
    return not shared_by_design(ref.host, ref.path or "", name)


def _oauth1_authorization_step(ref: URIReference) -> bool:
    """Whether ``ref`` is OAuth 1.0's authorization request or its callback (RFC 5849 2.2)."""
    last = (ref.path or "").rstrip("/").rsplit("/", 1)[-1].lower()
    if last.startswith(_OAUTH1_AUTHORIZATION):
        return True
    return any(_name_key(p.name) == "oauth_verifier" for p in parameters(ref) if p.where == "query")


def secret_params(text: str, ref: URIReference,
                  syntaxes: Iterable[str] = placeholders.DEFAULT_SYNTAXES) -> List[Param]:
    """Each parameter (query, fragment, path) whose value is a secret."""
    return [p for p in parameters(ref) if is_secret_param(p.name, text[p.value[0]:p.value[1]], syntaxes)]


def webhook_span(text: str, ref: URIReference,
                 syntaxes: Iterable[str] = placeholders.DEFAULT_SYNTAXES) -> Optional[Span]:
    """The secret part of a known webhook URL's path (Slack, Discord, Telegram, Teams...)."""
    host = (ref.host or "").lower().rstrip(".")
    if not host:
        return None
    span = ref.span("path")
    for pattern, path in WEBHOOKS:
        if globs.match(host, pattern):
            m = path.match(ref.path)
            if m is None or span is None or is_placeholder_value(m.group("secret"), syntaxes):
                return None
            return span[0] + m.start("secret"), span[0] + m.end("secret")
    return None


class Secret(NamedTuple):
    """A secret outside the userinfo, as URI304 names it."""

    kind: str  #: "parameter", "token" or "webhook"
    where: str  #: the component: "query", "fragment", "path" (or "host", "URI" for a token)
    name: str  #: a parameter's name as written; "" for the others
    span: Span


def _component_at(ref: URIReference, offset: int) -> str:
    for part in ("query", "fragment", "path", "host", "port", "scheme"):
        span = ref.span(part)
        if span is not None and span[0] <= offset < span[1]:
            return part
    return "URI"


def other_secrets(text: str, ref: Optional[URIReference] = None,
                  syntaxes: Iterable[str] = placeholders.DEFAULT_SYNTAXES,
                  may_hold: Optional[bool] = None) -> List[Secret]:
    """The secrets of ``text`` outside its userinfo (URI301 speaks for those), in order:
    parameters named like secrets (query, fragment, path), a webhook's secret path part, and
    token-shaped strings anywhere that no parameter holds.  ``may_hold``: what
    ``may_hold_secret(text)`` says, when the caller knows already."""
    if not (may_hold_secret(text) if may_hold is None else may_hold):
        return []
    ref = ref if ref is not None else parse(text)
    found = [Secret("parameter", p.where, p.name, p.value) for p in secret_params(text, ref, syntaxes)]
    hook = webhook_span(text, ref, syntaxes)
    if hook is not None:
        found.append(Secret("webhook", "path", "", hook))
    userinfo = ref.span("userinfo")
    for m in find_tokens(text):
        s, e = m.span()
        if userinfo is not None and s < userinfo[1] and e > userinfo[0]:
            continue
        if any(f.span[0] <= s and e <= f.span[1] for f in found):
            continue
        found.append(Secret("token", _component_at(ref, s), "", (s, e)))
    return sorted(found, key=lambda f: f.span)


def secret_spans(text: str, syntaxes: Iterable[str] = placeholders.DEFAULT_SYNTAXES,
                 ref: Optional[URIReference] = None, may_hold: Optional[bool] = None) -> List[Span]:
    """Every span of ``text`` (one URI) that must never be shown: passwords, token-shaped user
    names, secret parameter values (query, fragment, path), webhook secrets and token-shaped
    strings anywhere.  ``ref`` (``text`` parsed) and ``may_hold`` (``may_hold_secret(text)``)
    spare a caller that has them the work."""
    if may_hold is False:
        # may_hold_secret is True wherever find_tokens finds one or other_secrets may; so with
        # no userinfo either, there is no secret (a reported URI's common case: no parse).
        if "@" not in text or (ref is not None and ref.userinfo is None):
            return []
        tokens: List[Span] = []
    else:
        tokens = [m.span() for m in find_tokens(text)]
    if not any(c in text for c in "@?#;") and not _webhook_hint(text):
        # No userinfo, parameters or webhook: only a token can be here (most URIs; no parse).
        return tokens
    ref = parse(text) if ref is None else ref
    spans: List[Span] = tokens
    pw = password_span(ref)
    if pw is not None and password_is_secret(text, pw, syntaxes):
        spans.append(pw)
    user = user_token_span(ref)
    if user is not None:
        spans.append(user)
    spans.extend(s.span for s in other_secrets(text, ref, syntaxes, may_hold))
    return sorted(set(spans))


def redact(text: str, syntaxes: Iterable[str] = placeholders.DEFAULT_SYNTAXES) -> str:
    """``text`` with every secret span replaced by ``****`` (overlaps merged)."""
    return masked(text, secret_spans(text, syntaxes))


def masked(text: str, spans: List[Span]) -> str:
    """``text`` with ``spans`` (sorted, as :func:`secret_spans` gives them) replaced by ``****``,
    overlaps merged: :func:`redact` for a caller that has the secret spans already."""
    if not spans:
        return text
    out: List[str] = []
    pos = 0
    for start, end in spans:
        if end <= pos:
            continue
        start = max(start, pos)
        out.append(text[pos:start])
        out.append(MASK)
        pos = end
    out.append(text[pos:])
    return "".join(out)
