"""Template placeholders: slots in a URI that a program fills in later, never errors.

``https://api.example.com/repos/{owner}/{repo}`` is a good URI template (RFC 6570) even though
"{" is not a URI character, and ``postgres://app:${DB_PASSWORD}@db/app`` carries no password.
Rules treat every placeholder span as an opaque, valid slot: nothing inside it is reported, and
no fix may change it (checker._vet).  Which syntaxes count is a setting
(``Settings.placeholders``); all are on by default.

A scanner may end a URI inside a slot: at the space of ``url: https://host/${{ github.sha }}``
or at the inner quote of ``href="{{ url_for("x") }}"``.  A template opener that is never closed
before the end of the text (``https://host/${{``, ``{{ url_for(``) is such a cut slot and counts
as a slot up to the end.

Every pattern is a single pass with negated or bounded classes, and the alternatives of each
repetition start with different characters, so matching is linear.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import FrozenSet, Iterable, List, Mapping, Tuple

from .rfc3986 import lazy

Span = Tuple[int, int]

SYNTAXES: Mapping[str, "re.Pattern[str]"] = MappingProxyType({
    # RFC 6570 expressions and str.format fields share braces: {var}, {+base}, {/id*}, {?q,x},
    # {0}, {}, {name!r:>10}.  One level of nesting is what str.format allows ({a:{w}}).
    "braces": lazy.compile(r"\{[^{}\s]{0,200}\}"),
    # Jinja, Django, Go, Handlebars, Helm, GitHub Actions: {{ var }}, {{{ raw }}}, {% tag %},
    # {# comment #}, ${{ github.ref_name }}.  An expression may hold spaces, quotes and one level
    # of braces ({{ url_for("x", id=1) }}, ${{ format('{0}/x', a) }}); an opener never closed
    # runs to the end of the text (the scanner cut the URI inside it: see the module doc).
    # Django's escaped tags, as a project template writes the tags of the project it makes:
    # "{% templatetag openblock %} url 'search' {% templatetag closeblock %}" is one tag to be
    # (with the template's own variables inside: "static 'js/{{ project_name }}.js'").
    "jinja": lazy.compile(
        r"\{%[ \t]*templatetag[ \t]+open(block|variable|brace|comment)[ \t]*%\}(?:[^{}]|\{\{[^{}]{0,100}\}\}){0,200}?"
        r"\{%[ \t]*templatetag[ \t]+close\1[ \t]*%\}"
        r"|\$?\{\{\{?(?:[^{}]|\{[^{}]{0,100}\}){0,200}\}?\}\}|\{%[^%]{0,200}%\}|\{#[^#]{0,200}#\}"
        r"|\$?\{\{[^{}]{0,200}\Z|\{%[^%]{0,200}\Z"
    ),
    # Shell and Terraform: ${VAR}, ${VAR:-default}, $VAR, $(cmd); "${" cut by the scanner; and
    # PowerShell's environment variables, $env:NAME (ansible's "WinNT://$env:COMPUTERNAME,computer").
    # A backslash before one escapes its "$" for an outer layer that removes it (a shell script
    # in YAML or a Makefile: "gs://bucket/\${DIR}/", "\$${DIR}" where make doubles the "$").
    "shell": lazy.compile(r"(?:\\\$?)?(?:\$\{[^{}]{0,200}\}|\$\([^()]{0,200}\)"
                          r"|\$(?:[Ee][Nn][Vv]:)?[A-Za-z_][A-Za-z0-9_]*|\$\{[^{}]{0,200}\Z)"),
    # printf / %-formatting as URL templates use it: %s, %d, %i, %r, %.2f, %-5s, %02d, and any
    # conversion after a mapping key (%(name)s, %(n)x).  Bare %o, %e, %x, %g, %c are left out on
    # purpose: "50%off" and "%e6" are broken or lowercase percent-encodings far more often.
    "printf": lazy.compile(
        r"%(?:\([A-Za-z_][A-Za-z0-9_]{0,60}\)[-#+ 0]*(?:\*|[0-9]{1,3})?(?:\.(?:\*|[0-9]{1,3}))?[diouxXeEfFgGcrsab]"
        r"|[-#+ 0]*(?:\*|[0-9]{1,3})?(?:\.(?:\*|[0-9]{1,3}))?[sdir]|[-#+ 0]*(?:[0-9]{1,3})?\.[0-9]{1,3}[fF])"
    ),
    # Placeholder words in angle brackets: <host>, <your-token>, ERB <%= x %> (and a cut "<%= x"),
    # and a template's field shown in them, <{location}> (sanic's f"http://<{location}>")
    "angle": lazy.compile(r"<[A-Za-z_][A-Za-z0-9_ .:-]{0,60}>|<%=?[^%]{0,200}%>|<%[^%]{0,200}\Z"
                          r"|<\{[^{}<>\s]{1,200}\}>"),
    # Optional parts of a syntax description, as manuals write them: libpq's
    # postgresql://[user[:password]@][netloc][:port][/dbname], redis://[:password@]host[:port].
    # A bracket group (one level of nesting) counts only in the authority and only when it
    # cannot be an IP literal (section 3.2.2): see _is_optional_part.
    # Its content is visible text and spaces (between words: see _PART_WORD), no control character.
    "optional": lazy.compile(r"\[(?:[^\x00-\x1f\x7f-\x9f\[\]]|\[[^\x00-\x1f\x7f-\x9f\[\]]{0,100}\]){1,200}\]"),
    # Variables between percent signs: Windows' %APPDATA%, Create React App's and Vite's
    # %PUBLIC_URL%, SvelteKit's %sveltekit.assets%, and doubled (%%project%%, as batch files
    # escape them and some template engines write them); and %{NAME} (Apache mod_rewrite's
    # %{HTTP_HOST}, RPM's %{version}).  "%E4%B8%AD" is percent-encoding, not a variable: a name
    # of two hex digits is a triplet ("%E4%"), and a "%" followed by two hex digits starts one,
    # so it closes no name ("%A9t%C3").
    "percent": lazy.compile(
        r"%%[A-Za-z_][A-Za-z0-9_.]{1,60}%%"
        r"|%(?![0-9A-Fa-f]{2}%)[A-Za-z_][A-Za-z0-9_.]{1,60}%(?![0-9A-Fa-f]{2})|%\{[^{}\s]{1,200}\}"
    ),
    # Backreferences in the replacement string of a regular-expression substitution: \1 (sed,
    # Python, Perl; "\\1" as written inside a JavaScript or C string), \g<1> and \g<name>
    # (Python), $1 (Perl, JavaScript, Apache and nginx rewrites; shell positional parameters) and
    # $<name> (JavaScript).  ${1} and ${name} are the shell syntax's.  A prose scan ends a URI at
    # "<", so "\g" at the very end is a backreference it cut.
    "backref": lazy.compile(
        r"\\{1,2}(?:[0-9]|g<[A-Za-z0-9_]{1,60}>|g\Z)|\$(?:[0-9]{1,2}|<[A-Za-z_][A-Za-z0-9_]{0,60}>)"
    ),
    # Variables between at signs, as autoconf, CMake's configure_file and Meson substitute them:
    # "gs://@INFRA_PREFIX@-results/", "https://@HOST@:@PORT@/".  Upper case only: "alice@corp@"
    # is a malformed userinfo, not a variable.
    "at": lazy.compile(r"@[A-Z][A-Z0-9_]{1,60}@"),
    # An elision: "http://.../front.jpeg", "https://host:.../x", "…", and a value cut short
    # ("?token=c8de56fa...", as Jupyter's docs show one).  Three dots count only where no letter
    # or digit follows them: between two they are data (GitHub's "v1.0...v2.0").
    "ellipsis": lazy.compile("(?<!\\.)\\.{3,}(?![A-Za-z0-9.])|\u2026+"),
})
#: Text that must be present for a syntax to match anywhere: a cheap test before its pattern.
_HINTS: Mapping[str, Tuple[str, ...]] = MappingProxyType({
    "braces": ("{",), "jinja": ("{",), "shell": ("$",), "printf": ("%",), "angle": ("<",),
    "optional": ("[",), "percent": ("%",), "backref": ("\\", "$"), "at": ("@",), "ellipsis": ("...", "\u2026"),
})
#: A sharper test than its hint for the syntaxes that "%" announces, as most "%" in a URI start
#: a percent-encoding: a printf conversion counts only where the "%" is not followed by two hex
#: digits, or is followed by "0" (a zero-padded width, see _is_pct_triplet), and a variable
#: between percent signs is a name closed by "%", or starts with "{".  (A URI's "%20" or
#: "%C3%A9" would otherwise run both patterns, each finding nothing.)
_GATE_PATTERNS: Mapping[str, str] = MappingProxyType({
    "printf": r"%(?![0-9A-Fa-f]{2})|%0",
    # (The pattern's own starts, up to the single form's closing "%": a triplet such as "%C3"
    # opens no name; the doubled form's name may be two hex digits, "%%A9%%".)
    "percent": r"%%[A-Za-z_]|%(?![0-9A-Fa-f]{2}%)[A-Za-z_][A-Za-z0-9_.]*%|%\{",
    # (every userinfo holds an "@": only an upper-case name after one announces a variable)
    "at": r"@[A-Z]",
})
_GATES: Mapping[str, "re.Pattern[str]"] = MappingProxyType(
    {name: lazy.compile(pattern) for name, pattern in _GATE_PATTERNS.items()})
DEFAULT_SYNTAXES: FrozenSet[str] = frozenset(SYNTAXES)
#: Any hint of any syntax: text without one holds no placeholder.  The one-character hints are
#: one character class and the longer ones substring tests: an alternation of every hint cost
#: three times as much, on every reported URI.  "%" and "@" are left to their syntaxes' gates,
#: read as one pattern: a URI's "%20" announces no placeholder (an encoded space, the commonest
#: fix, was tested against every syntax), nor does a userinfo's "@".
_ANY_CHAR_HINT = lazy.compile(
    "[" + "".join(sorted({re.escape(h) for hints in _HINTS.values() for h in hints if len(h) == 1} - {"%", "@"})) + "]"
)
#: The gates of the syntaxes that "%" announces, as one pattern ("@" has its own: a userinfo's
#: "@" would otherwise run the "%" syntaxes' alternatives over every credential URI).
_ANY_GATE = lazy.compile("|".join(p for name, p in _GATE_PATTERNS.items() if name != "at"))
_LONG_HINTS = tuple(sorted({h for hints in _HINTS.values() for h in hints if len(h) > 1}))
_HEX = frozenset("0123456789abcdefABCDEF")
_AUTHORITY_START = lazy.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
_AUTHORITY_RUN = lazy.compile(r"[^\[/?#]*")
#: A word in brackets names a part ("[netloc]", "[host]", "[builds/region]": words a "/" joins,
#: or ends, "[TYPE/]", which no IP literal holds), in any language and in several words
#: ("[Hôte]", "[Appareil local]" in a French translation); all-hex words could be a broken IPv6 address and "v1.x"
#: is the IPvFuture form, so those stay IP literals.
_PART_WORD = lazy.compile(r"[^\W\d][\w.-]*(?:[ /][^\W\d][\w.-]*)*/?")
_HEX_OR_FUTURE = lazy.compile(r"[0-9A-Fa-f]+|[vV][0-9A-Fa-f]+\..*")


def _is_pct_triplet(text: str, start: int, end: int) -> bool:
    """A "%" followed by two hex digits in the text is a percent-encoding ("%3d" is "="), not a
    conversion, unless it is a zero-padded width such as "%02d" (which would encode a control
    character)."""
    if start + 2 < len(text) and text[start + 1] in _HEX and text[start + 2] in _HEX:
        return not (text[start + 1] == "0" and end - start > 3)
    return False


def _authority_end(text: str) -> int:
    """Where the authority of ``scheme://...`` ends when bracket groups are read as wholes
    (a "/" inside "[/dbname]" does not start the path); 0 when there is no "//"."""
    m = _AUTHORITY_START.match(text)
    if m is None:
        return 0
    pos = m.end()
    group = SYNTAXES["optional"]
    while True:
        pos = _AUTHORITY_RUN.match(text, pos).end()  # type: ignore[union-attr]
        if pos == len(text) or text[pos] != "[":
            return pos
        g = group.match(text, pos)
        pos = g.end() if g is not None else pos + 1


def _ends_the_userinfo(text: str, start: int, end: int, authority_end: int) -> bool:
    """Is the closing "@" of ``@NAME@`` at ``text[start:end]`` the "@" that ends the userinfo,
    with a host after it and text before the opening one ("user:Xq7@PROD2@db.corp.io": a
    password holding an "@", no slot)?  A slot at the authority's start ("https://@HOST@/",
    "ftp://@USER@host") or one before the userinfo's own "@" ("user:@PW@@host") is a slot."""
    if not start < end <= authority_end or end == authority_end or text.find("@", end, authority_end) >= 0:
        return False
    m = _AUTHORITY_START.match(text)
    return m is not None and start > m.end()


def _is_optional_part(text: str, start: int, end: int, authority_end: int) -> bool:
    """Is the bracket group ``text[start:end]`` an optional part rather than an IP literal?

    In the authority, its content must be something no IP literal is: nested
    brackets, an "@", a leading delimiter ("[/db]", "[?opts]", "[,host2]", "[:port]" but not
    "[::1]"), a word that is not hexadecimal ("[netloc]"), or only dots: an elided part
    ("http://service.[..].amazonaws.com/", "[...]", "[…]").  After the authority, it must
    start with "/", "?", "#" or "&"."""
    content = text[start + 1:end - 1]
    if end > authority_end:  # 0 without "scheme://": no authority
        # After it, only a group that starts a component or a parameter is a part: apprise's
        # "https://host/send/{token}[?other_params]" (PHP's "?tags[]=a", "?f[name]=b" are data).
        # A ":" and a word starts an option ("hf://[TYPE/]SOURCE:/MOUNT_PATH[:ro]", a mount's).
        return authority_end > 0 and (content[:1] in ("/", "?", "#", "&")
                                      or (content[:1] == ":" and content[1:2].isalpha()))
    if "[" in content or "@" in content or content[0] in "/?#,":
        return True
    if content.strip(".\u2026") == "":
        return True  # only dots: an elided part
    if content[0] == ":":
        return content[1:2] != ":"
    bare = content.replace(" ", "").rstrip("/")  # ("[a/]" is as hexadecimal as "[a]")
    return _PART_WORD.fullmatch(content) is not None and _HEX_OR_FUTURE.fullmatch(bare) is None


def find(text: str, syntaxes: Iterable[str] = DEFAULT_SYNTAXES) -> List[Span]:
    """Spans of placeholders in ``text``, merged where they overlap, in order."""
    spans: List[Span] = []
    if _ANY_CHAR_HINT.search(text) is None and ("%" not in text or _ANY_GATE.search(text) is None) and (
            "@" not in text or _GATES["at"].search(text) is None):
        for hint in _LONG_HINTS:
            if hint in text:
                break
        else:
            return spans  # most texts: no syntax's hint, so no placeholder (not one test per syntax)
    authority_end = -1
    for name in syntaxes:
        for hint in _HINTS[name]:  # (a loop, not any(): a generator per syntax cost more)
            if hint in text:
                break
        else:
            continue
        gate = _GATES.get(name)
        if gate is not None and gate.search(text) is None:
            continue
        pattern = SYNTAXES[name]
        for m in pattern.finditer(text):
            if name == "printf" and _is_pct_triplet(text, m.start(), m.end()):
                continue
            if name == "optional" or name == "at":
                if authority_end < 0:
                    authority_end = _authority_end(text)
                if name == "optional" and not _is_optional_part(text, m.start(), m.end(), authority_end):
                    continue
                if name == "at" and _ends_the_userinfo(text, m.start(), m.end(), authority_end):
                    continue
            spans.append(m.span())
    if not spans:
        return spans
    spans.sort()
    merged = [spans[0]]
    for start, end in spans[1:]:
        last_start, last_end = merged[-1]
        if start < last_end:
            merged[-1] = (last_start, max(last_end, end))
        else:
            merged.append((start, end))
    return merged


def overlaps(spans: List[Span], start: int, end: int) -> bool:
    """True when ``[start, end)`` touches any placeholder span (a point when start == end)."""
    end = max(end, start + 1)
    return any(s < end and start < e for s, e in spans)


def is_placeholder(value: str, syntaxes: Iterable[str] = DEFAULT_SYNTAXES) -> bool:
    """True when the whole value is one placeholder (``{pw}``, ``$PW``, ``%s``, ``<password>``)."""
    spans = find(value, syntaxes)
    return len(spans) == 1 and spans[0] == (0, len(value))
