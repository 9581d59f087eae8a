"""Exact validation against RFC 3986 Appendix A, with the position and rule of each problem.

``is_valid`` is the fast path: one compiled pattern per top-level rule (see :mod:`.grammar`).
``validate`` runs the same check first and only for invalid input walks the text component by
component to say *where* and *why*.  The offset of a problem is the first character that cannot
belong to the URI as its delimiters split it (the space in ``http://exa mple.com``, the ``%`` of
``%zz``).  An IP literal whose characters are each allowed but whose shape is wrong is reported
at its closing ``]``, the point where the literal is known to be malformed; the message names the
structural fault.  Problems in the userinfo never quote its characters: it may hold a password.
"""

from __future__ import annotations

import functools
import re
from typing import FrozenSet, List, NamedTuple, Optional

from . import grammar
from .reference import _check_str

#: The top-level rules of Appendix A that may be asked for.
RULES = tuple(grammar.RULE_PATTERNS)
#: At most this many problems are listed for one string (the first is always the earliest).
MAX_PROBLEMS = 1000


#: Sets the scanner checks against, built once (a new frozenset per call would be hashed again
#: for _outside's cache).
_PATH_CHARS = grammar.PCHAR | frozenset("/")
_IPV6_CHARS = grammar.HEXDIG | frozenset(":.")


@functools.lru_cache(maxsize=16)
def _outside(allowed: FrozenSet[str]) -> "re.Pattern[str]":
    """A pattern for one character not in ``allowed`` (one of the grammar's character sets):
    the scanner jumps from problem to problem instead of testing every character in Python."""
    return re.compile("[^" + "".join(re.escape(c) for c in sorted(allowed)) + "]")


class SyntaxProblem(NamedTuple):
    """One place where a string departs from the grammar."""

    offset: int  #: 0-based index of the first offending character (len(text) when it is missing)
    rule: str  #: the ABNF rule that failed, e.g. "pct-encoded", "port", "IPv6address"
    message: str
    component: str  #: scheme, userinfo, host, port, path, query, fragment


def _check_rule(rule: str) -> "str":
    if rule not in grammar.RULE_PATTERNS:
        raise ValueError(f"rule must be one of {', '.join(RULES)}, not {rule!r}")
    return rule


def is_valid(text: str, rule: str = "URI-reference") -> bool:
    """True when ``text`` matches the Appendix A rule ``rule`` exactly."""
    _check_str(text, "text")
    rule = _check_rule(rule)
    if grammar.OUTSIDE_URI_CHARS.search(text) is not None:
        return False  # a space, a non-ASCII character...: a failed full match backtracks (4.5 us)
    if rule == "URI-reference":
        # URI-reference = URI / relative-ref (section 4.1), and the two never overlap: a
        # relative-ref cannot start with "scheme:" (section 4.2: a colon in its first segment
        # makes it path-noscheme's exception), and a URI must.  So the scheme prefix picks the
        # one to try, and the combined pattern (the slowest to compile) is never built.
        rule = "URI" if grammar.SCHEME_PREFIX.match(text) else "relative-ref"
    # Without a "[" there is no IP literal to read (and the smaller pattern is cheaper to build).
    pattern = (grammar.RULE_PATTERNS if "[" in text else grammar.RULE_PATTERNS_WITHOUT_IP_LITERAL)[rule]
    if pattern.fullmatch(text) is None:
        return False
    return "%" not in text or grammar.BAD_PCT.search(text) is None


def validate(text: str, rule: str = "URI-reference") -> List[SyntaxProblem]:
    """Every problem that makes ``text`` fail ``rule``, earliest first; ``[]`` when valid."""
    if is_valid(text, rule):
        return []
    return diagnose(text, rule)


def diagnose(text: str, rule: str = "URI-reference", *, characters_only: bool = False) -> List[SyntaxProblem]:
    """``validate`` for a text already known not to be valid (``is_valid`` said so): the
    problems without matching the text against the rule's pattern a second time.
    ``characters_only``: the caller knows that with a letter in place of each character outside
    RFC 3986's set the text is a valid URI-reference that starts as it does (check()'s clean
    shape, which reads non-ASCII letters so)."""
    rule = _check_rule(rule)
    problems = _bad_characters(text, characters_only) if rule == "URI-reference" else None
    if problems is None:
        problems = _Scanner(text, rule).run()
        problems.sort(key=lambda p: p.offset)
    return problems


#: What the walk names a character outside the component's set, by component (section 3).
_CHARACTER_RULES = {"userinfo": "userinfo", "host": "reg-name", "path": "pchar", "query": "query",
                    "fragment": "fragment"}


#: The longest text the shortcut below proves valid with a letter for each bad character: the
#: proof reads the whole text, where the walk stops at MAX_PROBLEMS (a 10 MB run of spaces:
#: 0.6 s against a few ms).  URIs are far shorter.
SHORTCUT_MAX = 4096


def _bad_characters(text: str, known: bool = False) -> Optional[List[SyntaxProblem]]:
    """``diagnose(text)`` when the text's only faults are characters outside RFC 3986's set (a
    space, a non-ASCII letter), else None.  With a letter in place of each such character the
    text is then valid: no such character is a delimiter, so the split into components is the
    same, and a letter is allowed in every component but the port (a port with one is not
    valid).  What the walk would find is then exactly one problem per character, named by the
    component it stands in; this finds them without walking the components (a reported URI's
    commonest fault, found at a fraction of the walk's cost; a test holds the two equal).  IP
    literals, a malformed scheme ("ht tp://": its stand-in has a scheme) and every structural
    fault go to the walk.  ``known``: the caller knows the stand-in is valid and reads the
    scheme as the text does (diagnose's ``characters_only``)."""
    if not known and ("[" in text or len(text) > SHORTCUT_MAX):
        return None
    m = grammar.SCHEME_PREFIX.match(text)
    if not known:
        stand_in, count = grammar.OUTSIDE_URI_CHARS.subn("z", text)
        if not count:
            return None
        # is_valid(stand_in), which reads the scheme prefix as the text does (a letter for a
        # character before the first ":" could make one: "a b:c"), and has no IP literal.
        if m is None and grammar.SCHEME_PREFIX.match(stand_in) is not None:
            return None
        pattern = grammar.RULE_PATTERNS_WITHOUT_IP_LITERAL["URI" if m is not None else "relative-ref"]
        if pattern.fullmatch(stand_in) is None or ("%" in text and grammar.BAD_PCT.search(stand_in) is not None):
            return None
    pos = m.end() if m is not None else 0
    end = len(text)
    fragment = text.find("#", pos)
    fragment = end if fragment == -1 else fragment
    query = text.find("?", pos, fragment)
    query = fragment if query == -1 else query
    auth_end = at = pos
    if text.startswith("//", pos):
        auth_end = text.find("/", pos + 2, query)
        auth_end = query if auth_end == -1 else auth_end
        at = text.rfind("@", pos + 2, auth_end)
    problems: List[SyntaxProblem] = []
    for bad in grammar.OUTSIDE_URI_CHARS.finditer(text):
        if len(problems) >= MAX_PROBLEMS:
            break
        i = bad.start()
        component = ("path" if auth_end <= i < query else "query" if query <= i < fragment
                     else "fragment" if i >= fragment else "userinfo" if i < at else "host")
        rule = _CHARACTER_RULES[component]
        problems.append(SyntaxProblem(i, rule, _Scanner.char_message(bad.group(), rule, component), component))
    return problems


def describe(char: str) -> str:
    """A character as a message shows it: quoted, with its code point when invisible."""
    if char == " ":
        return "' ' (space)"
    if char.isprintable() and not char.isspace():
        return repr(char) if char != "'" else '"\'"'
    return f"U+{ord(char):04X}"


class _Scanner:
    """Walks one invalid string component by component, collecting problems."""

    def __init__(self, text: str, rule: str) -> None:
        self.text = text
        self.rule = rule
        self.problems: List[SyntaxProblem] = []

    def add(self, offset: int, rule: str, message: str, component: str) -> None:
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(SyntaxProblem(offset, rule, message, component))

    def full(self) -> bool:
        return len(self.problems) >= MAX_PROBLEMS

    # -- the top level: scheme, then hier-part or relative-part, query, fragment ------------
    def run(self) -> List[SyntaxProblem]:
        text, rule = self.text, self.rule
        m = grammar.SCHEME_PREFIX.match(text)
        pos = 0
        has_scheme = False
        if rule in ("URI", "absolute-URI"):
            if m is None:
                self.scheme_problem()
                return self.problems
            pos, has_scheme = m.end(), True
        elif rule == "URI-reference":
            if m is not None:
                pos, has_scheme = m.end(), True
        elif m is not None:  # relative-ref: a colon in the first segment reads as a scheme
            self.add(m.end() - 1, "path-noscheme",
                     "a relative reference cannot have ':' in its first segment (it would read as a scheme)",
                     "path")
        end = self.find_any(pos, "?#")
        if text.startswith("//", pos):
            auth_end = self.find_any(pos + 2, "/?#")
            self.authority(pos + 2, auth_end)
            self.path(auth_end, end, "path-abempty", first_segment_colon=True)
        else:
            # Without a scheme the path is path-noscheme (or absolute); with a scheme-looking
            # prefix under relative-ref the colon was reported above.
            kind = "path-rootless" if has_scheme else "path-noscheme"
            self.path(pos, end, "path-absolute" if text.startswith("/", pos) else kind,
                      first_segment_colon=m is not None)
        if end < len(text) and text[end] == "?":
            q_end = self.find_any(end + 1, "#")
            self.chars(end + 1, q_end, grammar.QUERY_CHARS, "query", "query")
            end = q_end
        if end < len(text):  # a "#"
            if rule == "absolute-URI":
                self.add(end, "absolute-URI", "an absolute URI cannot have a fragment ('#')", "fragment")
            else:
                self.chars(end + 1, len(text), grammar.FRAGMENT_CHARS, "fragment", "fragment")
        return self.problems

    def find_any(self, start: int, delims: str) -> int:
        text = self.text
        best = len(text)
        for d in delims:
            i = text.find(d, start, best)
            if i != -1:
                best = i
        return best

    def scheme_problem(self) -> None:
        text = self.text
        if not text or text[0] not in grammar.ALPHA:
            what = "the text is empty" if not text else f"it starts with {describe(text[0])}"
            self.add(0, "scheme", f"a URI must start with a scheme, which starts with a letter; {what}", "scheme")
            return
        i = 1
        while i < len(text) and text[i] in grammar.SCHEME_CHARS:
            i += 1
        if i == len(text) or text[i] in "/?#":
            self.add(i, "scheme", "a URI needs ':' after its scheme", "scheme")
        else:
            self.add(i, "scheme", f"{describe(text[i])} is not allowed in a scheme "
                     "(letters, digits, '+', '-' and '.' only)", "scheme")

    # -- character classes with pct-encoded ---------------------------------------------------
    def chars(self, start: int, end: int, allowed: FrozenSet[str], rule: str, component: str,
              pct: bool = True, first_only: bool = False) -> Optional[int]:
        """Check ``text[start:end]`` char by char; return the first bad offset (None if none)."""
        text = self.text
        first: Optional[int] = None
        next_bad = _outside(allowed).search
        i = start
        while i < end and not self.full():
            m = next_bad(text, i, end)  # the allowed characters before it are skipped at once
            if m is None:
                break
            i = m.start()
            if self.outside(i, end, rule, component, pct):
                i += 3  # a pct-encoded triplet
                continue
            if first is None:
                first = i
                if first_only:
                    break
            i += 1
        return first

    def outside(self, i: int, end: int, rule: str, component: str, pct: bool) -> bool:
        """Judge ``text[i]``, a character outside the component's set: True when it starts a
        pct-encoded triplet (allowed wherever ``pct``), else the problem is recorded."""
        text = self.text
        c = text[i]
        if c == "%" and pct:
            if i + 2 < end and text[i + 1] in grammar.HEXDIG and text[i + 2] in grammar.HEXDIG:
                return True
            shown = "" if component == "userinfo" else f"{text[i:min(i + 3, end)]!r} "
            self.add(i, "pct-encoded",
                     f"{shown}is not a percent-encoding: '%' must be followed by two hex digits", component)
        else:
            self.add(i, rule, self.char_message(c, rule, component), component)
        return False

    @staticmethod
    def char_message(c: str, rule: str, component: str) -> str:
        if component == "userinfo":
            if c == "@":
                return "userinfo holds '@': only the last '@' ends the userinfo; encode the others as %40"
            return "a character that is not allowed in userinfo (it must be percent-encoded)"
        if rule == "IPv6address":
            if c == "%":
                return "'%' is not allowed in an IPv6 address (zone identifiers are RFC 6874, not RFC 3986)"
            return f"{describe(c)} cannot appear in an IPv6 address (hex digits, ':' and '.' only)"
        if rule == "IPvFuture":
            return f"{describe(c)} cannot appear in an IPvFuture literal"
        if c in grammar.GEN_DELIMS:
            return f"{describe(c)} is a delimiter that cannot appear here in the {component}"
        return f"{describe(c)} is not allowed in the {component} ({rule}); percent-encode it"

    # -- authority (section 3.2) --------------------------------------------------------------
    def authority(self, start: int, end: int) -> None:
        text = self.text
        at = text.rfind("@", start, end)
        host_start = start
        if at != -1:
            self.chars(start, at, grammar.USERINFO_CHARS, "userinfo", "userinfo")
            host_start = at + 1
        if text.startswith("[", host_start) and host_start < end:
            close = text.find("]", host_start, end)
            port_from = self.ip_literal(host_start, close if close != -1 else end, close != -1)
            if port_from is None or port_from >= end:
                return
            if text[port_from] != ":":
                self.add(port_from, "authority",
                         f"{describe(text[port_from])} cannot follow an IP literal; only ':' and a port can", "host")
                return
            self.port(port_from + 1, end)
            return
        colon = text.find(":", host_start, end)
        host_end = colon if colon != -1 else end
        self.chars(host_start, host_end, grammar.REG_NAME_CHARS, "reg-name", "host")
        if colon != -1:
            self.port(colon + 1, end)

    def port(self, start: int, end: int) -> None:
        # Section 3.2.3: port = *DIGIT.  Its range is a scheme rule, not a syntax one.
        for i in range(start, end):
            c = self.text[i]
            if c not in grammar.DIGIT:
                self.add(i, "port", f"{describe(c)} is not allowed in a port (digits only)", "port")
                return

    def ip_literal(self, start: int, end: int, closed: bool) -> Optional[int]:
        """Check "[" ... "]" from ``start`` (the "[") to ``end`` (the "]" or the authority's end).

        Returns the offset after the literal, or None when a problem stops the authority."""
        text = self.text
        inner_start = start + 1
        inner = text[inner_start:end]
        if inner[:1] in ("v", "V"):
            bad = self.ipvfuture(inner_start, end)
        else:
            bad = self.chars(inner_start, end, _IPV6_CHARS, "IPv6address", "host", pct=False,
                             first_only=True)
            if bad is None and grammar.IPV6ADDRESS_RE.fullmatch(inner) is None:
                self.add(end, "IPv6address", ipv6_fault(inner), "host")
                bad = end
        if bad is not None:
            return None
        if not closed:
            self.add(end, "IP-literal", "the IP literal is missing its closing ']'", "host")
            return None
        return end + 1

    def ipvfuture(self, start: int, end: int) -> Optional[int]:
        # IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
        text = self.text
        i = start + 1
        while i < end and text[i] in grammar.HEXDIG:
            i += 1
        if i == start + 1 or i == end or text[i] != ".":
            msg = ("IPvFuture needs hex digits after 'v'" if i == start + 1
                   else "IPvFuture needs '.' after its version")
            self.add(i, "IPvFuture", msg, "host")
            return i
        if i + 1 == end:
            self.add(end, "IPvFuture", "IPvFuture needs at least one character after '.'", "host")
            return end
        return self.chars(i + 1, end, grammar.IPVFUTURE_TAIL_CHARS, "IPvFuture", "host", pct=False,
                          first_only=True)

    # -- path (section 3.3) -------------------------------------------------------------------
    def path(self, start: int, end: int, rule: str, first_segment_colon: bool) -> None:
        text = self.text
        if not first_segment_colon:
            # path-noscheme: the first segment may not contain ':' (section 4.2).
            seg_end = text.find("/", start, end)
            seg_end = end if seg_end == -1 else seg_end
            colon = text.find(":", start, seg_end)
            if colon != -1:
                self.chars(start, colon, grammar.SEGMENT_NZ_NC_CHARS, "segment-nz-nc", "path")
                self.add(colon, "path-noscheme",
                         "':' in the first segment of a relative reference reads as a scheme delimiter, "
                         "but what precedes it is not a valid scheme", "path")
                start = colon + 1
        self.chars(start, end, _PATH_CHARS, "pchar", "path")


def ipv6_fault(inner: str) -> str:
    """Say what is structurally wrong with an IPv6 address made only of allowed characters."""
    if inner == "":
        return "the IP literal is empty"
    if inner.count("::") > 1 or ":::" in inner:
        return "'::' may appear only once in an IPv6 address"
    groups = inner.split(":")
    for g in groups:
        if len(g) > 4 and "." not in g:
            return "an IPv6 group has more than four hex digits"
    if "." in inner:
        last = groups[-1]
        if "." in "".join(groups[:-1]) or not grammar.IPV4ADDRESS_RE.fullmatch(last):
            return "an IPv6 address may end in an IPv4 address only in dotted-decimal form (0-255 each)"
    if inner.startswith(":") and not inner.startswith("::"):
        return "an IPv6 address cannot start with a single ':'"
    if inner.endswith(":") and not inner.endswith("::"):
        return "an IPv6 address cannot end with a single ':'"
    return "an IPv6 address has eight 16-bit groups, or fewer with one '::'"
