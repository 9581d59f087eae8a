"""URI305 ambiguous-ip."""

from __future__ import annotations

from typing import Iterator, List, Optional

from ..finding import Finding
from ..rfc3986 import grammar, iana, lazy
from .base import CREDENTIALS, Analysis, CleanShape, Example, Rule, Sign, numeric_host

_PART = lazy.compile(r"0[xX][0-9A-Fa-f]*|[0-9]+")
#: Digits (leading zeros stripped) of the largest 32-bit value, 4294967295, in each base.
_MAX_DIGITS = {16: 8, 8: 11, 10: 10}


def inet_aton_value(host: str) -> Optional[int]:
    """The IPv4 address a BSD ``inet_aton`` reads from ``host`` (1 to 4 decimal, octal or hex
    parts; the last part fills the remaining bytes), or None when it reads none."""
    parts = host.split(".")
    if not 1 <= len(parts) <= 4 or not all(_PART.fullmatch(p) for p in parts):
        return None
    values: List[int] = []
    for p in parts:
        if p[:2] in ("0x", "0X"):
            base, digits = 16, p[2:]
        elif len(p) > 1 and p.startswith("0"):
            if any(c in "89" for c in p):
                return None
            base, digits = 8, p
        else:
            base, digits = 10, p
        digits = digits.lstrip("0") or "0"
        # A part over 32 bits reads as no address; rejecting it by its length first keeps int()
        # away from a 10,000-digit host (over Python's 4,300-digit limit: ValueError).
        if len(digits) > _MAX_DIGITS[base]:
            return None
        values.append(int(digits, base))
    *head, last = values
    if any(v > 255 for v in head) or last >= int(256 ** (4 - len(head))):
        return None
    value = 0
    for v in head:
        value = value * 256 + v
    return int(value * 256 ** (4 - len(head)) + last)


def check(a: Analysis) -> Iterator[Finding]:
    host, span = a.ref.host, a.ref.span("host")
    if not host or span is None or grammar.IPV4ADDRESS_RE.fullmatch(host) or a.security_exempt():
        return
    if a.scheme is not None and not iana.is_known(a.scheme):
        # A scheme of the program's own reads its "host" as it likes: hypercorn binds to a file
        # descriptor with "fd://33".  (No scheme: a network-path reference takes its base's.)
        return
    value = inet_aton_value(host)
    if value is None:
        return
    dotted = ".".join(str((value >> shift) & 255) for shift in (24, 16, 8, 0))
    yield RULE.finding(span[0], span[1], f"host {host!r} is not dotted-decimal, but some resolvers read it "
                       f"as the IPv4 address {dotted}")


def screen(shape: CleanShape) -> bool:
    return shape.scheme is not None and numeric_host(shape.host)


RULE = Rule(
    code="URI305",
    name="ambiguous-ip",
    summary="A host that some resolvers read as IPv4 though it is not dotted-decimal (127.1, 0x7f.1, 2130706433)",
    reference="RFC 3986 section 7.4 (rare IP address formats)",
    fix_safety="none",
    default=True,
    family=CREDENTIALS,
    severity="error",
    security_severity="5.0",
    screen=screen,
    signs=Sign.HOST_DIGIT,
    doc="""\
## What it does
Reports hosts made of one to four numeric parts in decimal, octal (leading zero) or hex (`0x`)
that are not the dotted-decimal form of section 3.2.2: `127.1`, `0x7f.1`, `2130706433`,
`0177.0.0.1`; in a scheme urilint knows (registered, or a common one such as `postgres`), or in
a reference without a scheme.  A scheme of a program's own reads its "host" as it likes
(`fd://33`, a file descriptor).

## Why is this bad?
Section 7.4: such forms are read as IPv4 addresses by some platforms and as names by others, so
allow-lists and SSRF filters can be bypassed.

## Example
`http://0x7f.1/admin` (reads as 127.0.0.1)

## Fix safety
No fix: write the dotted-decimal address if one was meant.
""",
    bad=(
        Example("http://0x7f.1/admin"),
        Example("http://127.1/"),
        Example("http://2130706433/"),
        Example("http://0177.0.0.1/"),
        Example("http://0x7f000001/"),
        Example("//127.1/x"),
        Example("postgres://u@0x7f.1/db"),
    ),
    good=(
        "http://127.0.0.1/",
        "http://10.0.0.1/",
        "http://example.com/",
        "http://999.1.1.1/",
        "http://1.2.3.4.5/",
        "http://0x7g.1/",
        "http://v1.example/",
        "http://[::1]/",
        "fd://33",
        "myapp://2130706433/",
    ),
    check=check,
)
