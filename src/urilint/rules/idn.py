"""Internationalized host names: checked and mapped with IDNA 2008 and the UTS 46 mapping (the
``idna`` package, RFC 5891 and Unicode Technical Standard 46), never with Python's built-in
"idna" codec, which is IDNA 2003 (RFC 3490): it maps "faß.de" to "fass.de", another name, and
drops the joiners U+200C and U+200D that some scripts need inside a label.

A host's non-ASCII characters are never percent-encoded: a resolver looks up the A-label
("xn--..."), and "k%C3%B6ln.de" names nothing.  The ``idna`` package is imported only when a
non-ASCII host is met, so ASCII-only runs never load its tables.
"""

from __future__ import annotations

import functools
from typing import NamedTuple, Optional

#: Far longer than a DNS name (253 octets) can be in code points: the IDNA work stops there, so
#: an adversarial megabyte host costs nothing.
MAX_CODE_POINTS = 1024

#: ZERO WIDTH NON-JOINER and ZERO WIDTH JOINER: invisible, yet required in some labels (Persian,
#: Sinhala, Malayalam, ...); RFC 5892 Appendix A.1 and A.2 (CONTEXTJ) say where.
JOINERS = frozenset("\u200c\u200d")


class ALabel(NamedTuple):
    """The ASCII form of a host, or why it has none."""

    text: Optional[str]  #: the host with each non-ASCII label as its A-label; None if invalid
    reason: str  #: why there is no A-label ("" when there is one)


@functools.lru_cache(maxsize=256)
def to_ascii(host: str) -> ALabel:
    """Each non-ASCII label of ``host`` as its IDNA 2008 A-label, after the UTS 46 mapping
    (non-transitional, as browsers do: "faß" stays "faß").  ASCII labels are kept as written
    (their case is URI202's business; "_" is common in them though IDNA 2008 forbids it).

    No A-label when a label breaks IDNA 2008 (a disallowed code point, a joiner out of its
    context, bad bidi, a label too long) or holds a character the mapping would silently drop
    (soft hyphen, zero-width space): converting would hide it.  Memoized: each joiner of a
    host asks about its label (:func:`joiner_allowed`)."""
    import idna  # lazy: only for non-ASCII hosts

    if len(host) > MAX_CODE_POINTS:
        return ALabel(None, "it is longer than a DNS name can be")
    out = []
    for label in host.split("."):
        if label.isascii():
            out.append(label)
            continue
        if len(label) > 253:
            return ALabel(None, "a label is longer than a DNS name can be")
        try:
            if any(idna.uts46_remap(char, std3_rules=False) == "" for char in label):
                return ALabel(None, "it holds a character that IDNA maps to nothing")
            out.append(idna.encode(label, uts46=True).decode("ascii"))
        except (idna.IDNAError, UnicodeError, ValueError) as exc:
            return ALabel(None, str(exc) or type(exc).__name__)
    return ALabel(".".join(out), "")


def joiner_allowed(host: str, index: int) -> bool:
    """Whether the joiner at ``host[index]`` stands where IDNA 2008 allows it: its label is a
    valid internationalized label (the CONTEXTJ rules included).  Elsewhere a joiner is an
    invisible character that makes two hosts look alike (URI101 reports it)."""
    if len(host) > MAX_CODE_POINTS:
        return False  # no such host exists; and each joiner's look-up must stay cheap
    start = host.rfind(".", 0, index) + 1
    end = host.find(".", index)
    label = host[start:end if end >= 0 else len(host)]
    return to_ascii(label).text is not None


def a_label_length(label: str) -> Optional[int]:
    """How many octets a non-ASCII label at least takes in the DNS: the length of "xn--" and
    the Punycode (RFC 3492) of its UTS 46 mapping, valid or not (an over-long label has no
    A-label, yet its length is what DNS rejects).  Exact up to 253 code points; beyond, the
    mapping's own length (Punycode never shortens), as Punycode's cost grows with the square of
    the length.  None when the mapping itself refuses a code point."""
    import idna  # lazy: only for non-ASCII hosts

    if len(label) > MAX_CODE_POINTS:
        return len(label)  # not mapped: a label this long is too long whatever its mapping
    try:
        mapped = idna.uts46_remap(label, std3_rules=False)
    except (idna.IDNAError, UnicodeError, ValueError):
        return None
    if mapped.isascii():
        return len(mapped)
    if len(mapped) > 253:
        return len("xn--") + len(mapped)
    return len("xn--") + len(mapped.encode("punycode"))
