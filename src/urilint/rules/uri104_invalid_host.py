"""URI104 invalid-host."""

from __future__ import annotations

from typing import Iterator, List, Optional, Tuple

from ..finding import Finding
from ..rfc3986 import grammar, lazy
from . import idn
from .base import DNS_SCHEMES, MALFORMED, Analysis, CleanShape, Example, Rule, Sign, numeric_host
from .common import HOST, problems_for

_DOTTED_QUAD = lazy.compile(r"[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+")


def _octets(label: str) -> Optional[int]:
    """A label's length in the DNS: an internationalized one counts as its A-label (IDNA)."""
    return len(label) if label.isascii() else idn.a_label_length(label)


def dns_fault(host: str) -> Optional[Tuple[int, int, str]]:
    """(start, end, message) of the first DNS name rule a host breaks (RFC 1034 3.1, RFC 1123
    2.1): empty label, label over 63 or name over 253 octets (a non-ASCII label counted as its
    IDNA A-label), hyphen at a label's edge."""
    name = host[:-1] if host.endswith(".") else host  # one trailing dot: the root, allowed
    if len(name) > idn.MAX_CODE_POINTS:
        return 0, len(host), f"the host name is {len(name)} characters long; DNS allows 253"
    labels = name.split(".")
    lengths = [_octets(label) for label in labels]
    total = sum(n for n in lengths if n is not None) + len(labels) - 1
    if total > 253:
        return 0, len(host), f"the host name is {total} characters long; DNS allows 253"
    pos = 0
    for label, octets in zip(labels, lengths):
        end = pos + len(label)
        if label == "":
            return pos, pos + 1, "the host name has an empty label (two dots in a row, or a leading dot)"
        if octets is not None and octets > 63:
            if label.isascii():
                return pos, end, f"a host label is {octets} characters long; DNS allows 63"
            return pos, end, f"a host label takes at least {octets} characters as an IDNA A-label; DNS allows 63"
        if label.startswith("-") or label.endswith("-"):
            return pos, end, f"host label {label!r} starts or ends with a hyphen"
        pos = end + 1
    return None


def check(a: Analysis) -> Iterator[Finding]:
    for p in problems_for(a, HOST)[:1]:  # one finding per URI: the first fault
        yield RULE.finding(p.offset, min(len(a.text), p.offset + 1), p.message)
        return
    host, span = a.ref.host, a.ref.span("host")
    if not host or span is None or a.in_placeholder(*span) or "%" in host or host.startswith("["):
        return
    faults: List[Tuple[int, int, str]] = []
    if _DOTTED_QUAD.fullmatch(host) and not grammar.IPV4ADDRESS_RE.fullmatch(host):
        # Length first: int() of a 5,000-digit octet raises (Python's 4,300-digit limit).
        if any(len(o.lstrip("0")) > 3 or int(o.lstrip("0") or "0") > 255 for o in host.split(".")):
            faults.append((0, len(host), f"{host!r} looks like an IPv4 address but an octet exceeds 255"))
    elif a.scheme in DNS_SCHEMES and a.ref.host_kind == "reg-name":
        fault = dns_fault(host)
        if fault is not None:
            faults.append(fault)
    for start, end, message in faults[:1]:
        yield RULE.finding(span[0] + start, span[0] + end, message)


def may_break_dns(host: str, ascii_: bool) -> bool:
    """Cheap: False when ``dns_fault(host)`` is surely None (the HOST_DNS sign, and half of the
    clean shape's screen).  ``ascii_`` says whether the host is ASCII: a non-ASCII label counts
    as its A-label, whose length has no useful bound per code point (UTS 46 maps U+FDFA to 18
    letters), so such a host always may."""
    if not host or ".." in host or host[0] in ".-" or host[-1] == "-" or "-." in host or ".-" in host:
        return True
    if not ascii_:
        return True
    # dns_fault's bounds: 253 octets without the one trailing dot it allows, 63 per label.
    name_length = len(host) - host.endswith(".")
    return len(host) > 63 and (name_length > 253 or any(len(label) > 63 for label in host.split(".")))


def screen(shape: CleanShape) -> bool:
    """A host of the clean shape's characters can still break DNS label rules or be numeric."""
    if shape.scheme is None:
        return False
    # Non-ASCII letters read as "z" in the shape; may_break_dns is told when the host had one
    # (a non-ASCII path says nothing about the host).
    return numeric_host(shape.host) or may_break_dns(shape.host, shape.host_ascii)


RULE = Rule(
    code="URI104",
    name="invalid-host",
    summary="A malformed IP literal, an impossible IPv4 address, or a host name DNS cannot hold",
    reference="RFC 3986 section 3.2.2; RFC 1034 section 3.1 and RFC 1123 section 2.1 for DNS names",
    fix_safety="none",
    default=True,
    family=MALFORMED,
    severity="error",
    screen=screen,
    # (Its syntax problems, IP literals and what follows one, all come after a "[".)
    signs=Sign.HOST_LITERAL | Sign.HOST_DIGIT | Sign.HOST_DNS,
    doc="""\
## What it does
Reports hosts that cannot work: a malformed IP literal (`[::1::2]`, an IPv6 zone identifier,
which RFC 3986 does not allow), a dotted quad with an octet over 255 (`999.1.1.1`), and, for
schemes that look hosts up in the DNS (http, https, ftp, ssh, ...), an empty label, a label over
63 or a name over 253 characters (an internationalized label counted as its IDNA A-label,
`xn--...`), or a label that starts or ends with a hyphen.

## Why is this bad?
The URI cannot be dereferenced: resolvers reject such names and parsers reject such literals.

## Example
`http://999.1.1.1/`, `https://-example.com/`, `http://[fe80::1%25en0]/`

## Fix safety
No fix: the intended host cannot be known.
""",
    bad=(
        Example("http://999.1.1.1/"),
        Example("http://[::1::2]/"),
        Example("http://[fe80::1%25en0]/"),
        Example("https://-example.com/"),
        Example("https://example-.com/"),
        Example("https://example..com/"),
        Example("https://" + "a" * 64 + ".com/"),
        Example("http://[12345::]/"),
        Example("https://" + "\u00e4" * 60 + ".example/"),
    ),
    good=(
        "http://256.256.256.256.example/",
        "http://192.0.2.1/",
        "http://[::1]/",
        "http://[2001:db8::7]/c=GB",
        "https://example.com./",
        "https://xn--kln-sna.de/",
        "https://my_host.example.com/",
        "https://a-b.example.com/",
        "https://{subdomain}.example.com/",
        "https://" + "a" * 63 + ".com/",
        "urn:isbn:0451450523",
        "custom://-weird-/",
        "https://" + "\u00e4" * 50 + ".example/",
        "https://k\u00f6ln.de/",
    ),
    check=check,
)
