"""What counts as a secret inside a URI, and how to show a URI without it.

Used by the credential rules (RFC 3986 section 3.2.1: "Use of the format "user:password" in the
userinfo field is deprecated"; section 7.5) and by every output path: messages, JSON, SARIF,
diffs, dumps and baselines show :func:`redact` of a URI, never the URI itself.
"""

from __future__ import annotations

import fnmatch
import math
import re
from collections import Counter
from typing import Iterable, Iterator, List, Optional, Tuple

from . import placeholders
from .rfc3986.reference import URIReference, parse

MASK = "****"
Span = Tuple[int, int]

#: Well-known token formats (vendor prefixes with enough entropy after them).
TOKEN = re.compile(
    r"(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}|glpat-[A-Za-z0-9_-]{20,}"
    r"|xox[abposr]-[A-Za-z0-9-]{10,}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35}"
    r"|[sr]k_(?:live|test)_[0-9A-Za-z]{16,}|sk-(?:proj-)?[A-Za-z0-9_-]{20,}|npm_[A-Za-z0-9]{36}"
    r"|pypi-[A-Za-z0-9_-]{50,}|SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}|hf_[A-Za-z0-9]{30,}"
    # A JSON Web Token: base64url header and payload, both JSON objects ("eyJ" is '{"'), and a
    # signature (RFC 7519 section 3).
    r"|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})"
)
#: Literal prefixes of every TOKEN alternative: a cheap test before the regex runs.
TOKEN_HINTS = ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "xox", "AKIA", "ASIA", "AIza",
               "k_live_", "k_test_", "sk-", "npm_", "pypi-", "SG.", "hf_", "eyJ")

_TOKEN_HINT = re.compile("|".join(map(re.escape, TOKEN_HINTS)))


def find_tokens(text: str) -> List["re.Match[str]"]:
    """TOKEN matches in ``text``; the regex runs only when a literal prefix is present."""
    if _TOKEN_HINT.search(text) is None:
        return []
    return list(TOKEN.finditer(text))


#: Query parameter names whose value is a secret whatever it looks like.
STRONG_NAMES = frozenset("""
    access_token accesstoken refresh_token id_token auth_token authtoken private_token
    api_key apikey api-key x-api-key secret client_secret secret_key password passwd pwd
    x-amz-signature x-amz-security-token x-goog-signature x-goog-credential session_token
    sessiontoken app_secret consumer_secret
""".split())
#: Names that are secrets only when the value looks like one (``?key=README`` is not).
WEAK_NAMES = frozenset("token key sig signature auth credential credentials pass".split())
#: Values that stand for a secret in documentation rather than being one.
PLACEHOLDER_WORDS = frozenset("""
    password passwd pass pwd secret token key apikey api_key api-key changeit
    yourpassword your_password your-password mypassword my_password my-password
    yourtoken your_token your-token yourkey your_key your-key redacted hidden none null
""".split())
_FILLER = re.compile(r"[*xX.•·…_-]+|\.\.\.")


def is_placeholder_value(value: str, syntaxes: Iterable[str] = placeholders.DEFAULT_SYNTAXES) -> bool:
    """True for values that mark where a secret goes: ``{pw}``, ``$PW``, ``****``, ``xxx``,
    ``...``, ``<password>``, ``YOUR_API_KEY``, ``password``."""
    if value == "" or placeholders.is_placeholder(value, syntaxes):
        return True
    lowered = value.lower()
    if _FILLER.fullmatch(value) or lowered in PLACEHOLDER_WORDS:
        return True
    # YOUR_API_KEY, <API_KEY>, your-token-here, MY_SECRET
    return bool(re.fullmatch(r"(?:your|my|insert|enter|replace)[-_a-z0-9]*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+", value,
                             re.I if lowered.startswith(("your", "my", "insert", "enter", "replace")) else 0))


def _looks_secret(value: str) -> bool:
    """For weakly named parameters: 8+ characters mixing letters and digits, or a token."""
    if find_tokens(value):
        return True
    return len(value) >= 8 and bool(re.search(r"[A-Za-z]", value)) and bool(re.search(r"[0-9]", value))


#: Hosts reserved for documentation and examples (RFC 2606 section 3, RFC 6761 sections 6.2,
#: 6.4): a placeholder credential next to one is an example, not a leak.
DOCUMENTATION_HOSTS = ("example.com", "*.example.com", "example.net", "*.example.net", "example.org",
                       "*.example.org", "example", "*.example", "test", "*.test", "invalid", "*.invalid")
#: Values that are dummies in examples, fixtures and local set-ups: not worth a finding, though
#: output still masks them where they stand as a password.
DUMMY_WORDS = frozenset("""
    changeme change_me change-me changeit guest dummy fake foo bar baz qux test testing tester
    example sample demo admin root user username default letmein hunter2 pa55word p4ssw0rd
    1234 12345 123456 1234567 12345678 123456789 password1 password123 secret123
    tiger
""".split())  # "tiger": Oracle's demo account scott/tiger, the stock example of database URLs
#: A value that names the secret it stands for: "aws_secret_access_key", "db-password".
_NAMES_A_SECRET = re.compile(r"[a-z]+(?:[_-][a-z]+)*", re.I)
_SECRET_WORDS = re.compile(r"pass|pwd|secret|token|key|cred", re.I)
_BRACKETED_WORD = re.compile(r"\[[A-Za-z][A-Za-z _-]*\]|<[A-Za-z][A-Za-z _-]*>")
#: A long value is "high-entropy" above this many bits per character (Shannon): random keys
#: of 16+ characters are near 4; words, repeated characters and counters are well below 3.5.
_MIN_ENTROPY = 3.5
_MIN_RANDOM_LENGTH = 16


def _entropy(value: str) -> float:
    counts = Counter(value)
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def looks_real(value: str) -> bool:
    """Does a secret have the shape of a real one whatever surrounds it: a known token format
    (``ghp_...``, ``AKIA...``, a JWT) or a long, high-entropy value?  A real token leaks
    whatever host or file it is written next to."""
    if find_tokens(value):
        return True
    return len(value) >= _MIN_RANDOM_LENGTH and _entropy(value) >= _MIN_ENTROPY


def is_documentation_host(host: str) -> bool:
    host = host.lower().rstrip(".")
    return any(fnmatch.fnmatchcase(host, pattern) for pattern in DOCUMENTATION_HOSTS)


def _ascending_runs(value: str) -> int:
    """How many runs of consecutive characters make up ``value`` ("1234567890abcdef": 2)."""
    runs = 1
    for a, b in zip(value, value[1:]):
        if not (ord(b) == ord(a) + 1 or (a, b) == ("9", "0")):
            runs += 1
    return runs


def is_dummy(value: str, user: str = "") -> bool:
    """A value no maintainer would call a leaked secret: one character, the user name again
    (``guest:guest``), a well-known default or demo word, a bracketed word (``[Filtered]``), a
    name for the secret (``aws_secret_access_key``), or a keyboard sequence (``ABCDEFGH...``,
    ``1234567890abcdef``)."""
    if len(value) <= 1 or value == user or value.lower() in DUMMY_WORDS:
        return True
    if _BRACKETED_WORD.fullmatch(value) is not None:
        return True
    return _names_a_secret(value) or _is_sequence(value)


def _names_a_secret(value: str) -> bool:
    return _NAMES_A_SECRET.fullmatch(value) is not None and _SECRET_WORDS.search(value) is not None


def _is_sequence(value: str) -> bool:
    return len(value) >= 6 and _ascending_runs(value) <= 2


def worth_reporting(value: str, *, host: Optional[str], user: str = "", real_only: bool = False) -> bool:
    """Whether a credential rule reports a secret ``value`` (never a placeholder: callers check
    that first).  Real-looking values always; with ``real_only`` (test data, generated files)
    nothing else; otherwise not a dummy, and not next to a documentation host.  Brackets at
    the ends are not judged (``[user[:password]@]``), unless they make a word (``[secure]``)."""
    if _BRACKETED_WORD.fullmatch(value):
        return False
    value = value.strip("[]")
    if (_is_sequence(user) or _names_a_secret(user)) and not find_tokens(value):
        return False  # "ABCDEFGHIJKLMNOPQRST:...@", "aws_access_key_id:...@": an example's pair
    if looks_real(value) and not is_dummy(value, user):
        return True
    if real_only or (host and is_documentation_host(host)):
        return False
    return not is_dummy(value, user)


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
    if span is None or not TOKEN.fullmatch(user):
        return None
    return span[0], span[0] + len(user)


SECRET_NAMES = STRONG_NAMES | WEAK_NAMES


def query_may_hold_secret(query: str) -> bool:
    """Cheap: does any ``name=`` of a query (with or without its "?") name a secret, or does it
    hold a token-shaped value?  False means URI304 cannot fire."""
    for part in re.split("[&;]", query.lstrip("?")):
        eq = part.find("=")
        if eq != -1 and part[:eq].lower() in SECRET_NAMES:
            return True
    return bool(find_tokens(query))


def query_params(ref: URIReference) -> Iterator[Tuple[str, Span, Span]]:
    """(name, name span, value span) of each ``name=value`` in the query (``&`` or ``;``)."""
    if ref.query is None:
        return
    span = ref.span("query")
    base = span[0] if span is not None else 0
    pos = 0
    for part in re.split(r"[&;]", ref.query):
        eq = part.find("=")
        if eq != -1:
            yield part[:eq], (base + pos, base + pos + eq), (base + pos + eq + 1, base + pos + len(part))
        pos += len(part) + 1


def secret_query_spans(text: str, ref: URIReference,
                       syntaxes: Iterable[str] = placeholders.DEFAULT_SYNTAXES) -> List[Tuple[str, Span]]:
    """(parameter name, value span) for each query value that is a secret."""
    found: List[Tuple[str, Span]] = []
    for name, _, (vs, ve) in query_params(ref):
        value = text[vs:ve]
        if not value or is_placeholder_value(value, syntaxes):
            continue
        key = name.lower()
        if key in STRONG_NAMES or (key in WEAK_NAMES and _looks_secret(value)) or find_tokens(value):
            found.append((name, (vs, ve)))
    return found


def secret_spans(text: str, syntaxes: Iterable[str] = placeholders.DEFAULT_SYNTAXES) -> List[Span]:
    """Every span of ``text`` (one URI) that must never be shown: passwords, token-shaped user
    names, secret query values and token-shaped strings anywhere."""
    if "@" not in text and "?" not in text:
        # No userinfo and no query: only a token can be here (most URIs; no parse needed).
        return [m.span() for m in find_tokens(text)]
    ref = parse(text)
    spans: List[Span] = []
    pw = password_span(ref)
    if pw is not None and password_is_secret(text, pw, syntaxes):
        spans.append(pw)
    user = user_token_span(ref)
    if user is not None:
        spans.append(user)
    spans.extend(span for _, span in secret_query_spans(text, ref, syntaxes))
    spans.extend(m.span() for m in find_tokens(text))
    return sorted(set(spans))


def redact(text: str, syntaxes: Iterable[str] = placeholders.DEFAULT_SYNTAXES) -> str:
    """``text`` with every secret span replaced by ``****`` (overlaps merged)."""
    spans = secret_spans(text, syntaxes)
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


def redact_in(text: str, secrets: Iterable[str]) -> str:
    """Mask each known secret value wherever it occurs in ``text`` (for free-form output)."""
    for secret in sorted(set(s for s in secrets if s), key=len, reverse=True):
        text = text.replace(secret, MASK)
    return text
