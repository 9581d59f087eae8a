"""URI111 tolerated-character."""

from __future__ import annotations

from typing import Iterator

from ..finding import Finding
from .base import MALFORMED, Analysis, Example, Rule, Sign, never
from .common import CONVENTION, components, count_chars, encode_problems_fix, first_run, pct_encode, problems_for


def check(a: Analysis) -> Iterator[Finding]:
    problems = problems_for(a, CONVENTION)
    if not problems:
        return
    start, end = first_run(problems)
    one_char = len({a.text[p.offset] for p in problems}) == 1
    it = "it" if len(problems) == 1 else "them"
    hint = f" as {pct_encode(a.text[start])}" if one_char else ""
    # (count_chars names the userinfo's characters "in the userinfo" already, never quoting them)
    where = "" if all(p.component == "userinfo" for p in problems) else f" in {components(problems)}"
    message = (f"{count_chars(a, problems)}{where}: RFC 3986 does not allow {it}, "
               f"though browsers accept {it}; percent-encode {it}{hint}")
    yield RULE.finding(start, end, message, encode_problems_fix(a, problems))


RULE = Rule(
    code="URI111",
    name="tolerated-character",
    summary="A character RFC 3986 forbids but real URLs use and browsers accept: '|', '^', backtick, "
            "paired brackets or braces, a second '#' (off by default)",
    reference="RFC 3986 section 2 and Appendix A; WHATWG URL Standard, Percent-encoded bytes and URL parsing",
    fix_safety="unsafe",
    default=False,
    reads="characters",
    family=MALFORMED,
    severity="warning",
    screen=never,
    signs=Sign.TOLERATED,
    doc="""\
## What it does
Reports characters that RFC 3986 does not allow but that real URLs use by convention, in the
path, query and fragment, and the first three in the userinfo:

- `|`, `^` and `` ` `` (font and chart APIs: `?family=Roboto|Open+Sans`, `?chd=t:1|2|3`; a
  password made to pass a password policy: `mssql://scott:tiger^5HHH@db/test`);
- `[` and `]` that pair up (`?filter[name]=x`, `?ids[]=1`, a path segment `[slug]`, an anchor
  `#the-[features]-section`);
- `{` and `}` that pair up, in the query or the fragment;
- a second `#` in the fragment (chat-room and single-page-app links:
  `https://matrix.to/#/#room:matrix.org`);
- markup in the data of a `data:` URI that is not base64: a space, `<`, `>`, `"`, braces, `|`,
  `^` and `` ` `` (the inline-SVG favicon, `data:image/svg+xml,<svg xmlns=%22...%22>...</svg>`:
  browsers keep them as they are in a `data:` URL and hand them to the image).

Off by default: browsers and HTTP clients accept all of these.  The WHATWG URL Standard, which
browsers follow ("Percent-encoded bytes" defines the sets, "URL parsing" applies them in its
path, query and fragment states), leaves every one of them as it is in the query (the query
percent-encode set holds only C0 controls, non-ASCII, space, `"`, `#`, `<` and `>`, and `'`
for special schemes), and all but `` ` `` in the fragment (the fragment percent-encode set
adds `` ` ``, which the parser encodes silently).  In the path it leaves `|`, `[` and `]` as
they are and encodes `^` and `` ` `` silently (the path percent-encode set adds `?`, `^`,
`` ` ``, `{` and `}`), and in the userinfo it encodes all three silently (the userinfo
percent-encode set adds `[` to `^` and `|` to the path's); database drivers' URL parsers read
them as they are.  requests re-quotes `|`, `^`, `` ` ``, `{` and `}` and sends `[`, `]`
and `#` as they are.
Select this rule when the URIs must pass strict RFC 3986 parsers, or tools that read these
characters themselves: curl reads `[]` and `{}` as URL globbing unless given `--globoff`, and a
`|` splits a cell of a Markdown table.

Whatever a browser does with them, these stay with the default rules: whitespace and control
characters (URI101, always; a browser drops a line break, the reader sees a broken link), `"`,
`<`, `>` and `\\` (URI101: they end a URI in text, and in a web URL browsers read `\\` as `/`), a
bracket or brace that does not pair up (URI107, URI101: the trace of a typo or of a link cut in
the wrong place, as `(https://example.com/a])`), a brace in the path (URI101: a template slot,
`{name}`, is never reported; a brace outside one is a broken template), brackets and braces
in the userinfo, and any of these characters in the host (URI101, URI107: a host with `[`, `|`
or `^` is one the WHATWG parser rejects).

One finding per URI: the message counts the characters, the span points at the first.

## Why is this bad?
RFC 3986 parsers reject the URI or split it differently, and tools differ on whether to encode
these characters, so the same link may reach a server in two spellings.

## Example
`https://fonts.googleapis.com/css?family=Roboto|Open+Sans` ->
`https://fonts.googleapis.com/css?family=Roboto%7COpen+Sans`

## Fix safety
Unsafe: percent-encoding keeps what a browser would request, but a server that compares the raw
text (a signed URL, a cache key) may see a different URI.  Never fixed inside the userinfo.
""",
    bad=(
        Example("https://fonts.googleapis.com/css?family=Roboto|Open+Sans",
                "https://fonts.googleapis.com/css?family=Roboto%7COpen+Sans"),
        Example("https://matrix.to/#/#room:matrix.org", "https://matrix.to/#/%23room:matrix.org"),
        Example("https://example.com/?ids[]=1&ids[]=2", "https://example.com/?ids%5B%5D=1&ids%5B%5D=2"),
        Example("https://example.com/?q=a^b", "https://example.com/?q=a%5Eb"),
        Example("https://example.com/a|b", "https://example.com/a%7Cb"),
        Example("https://finance.example/quote/^GSPC", "https://finance.example/quote/%5EGSPC"),
        Example("https://example.com/?f={a:{b:1}}", "https://example.com/?f=%7Ba:{b:1}%7D"),
        Example("https://example.com/?x=`a`", "https://example.com/?x=%60a%60"),
        Example("https://github.com/o/r/blob/main/app/[slug]/page.tsx",
                "https://github.com/o/r/blob/main/app/%5Bslug%5D/page.tsx"),
        Example("https://example.com/api#identity[A](x:A):A", "https://example.com/api#identity%5BA%5D(x:A):A"),
        Example("mssql+pymssql://scott:tiger^5HHH@mssql2022:1433/test", None),
    ),
    good=(
        "https://fonts.googleapis.com/css?family=Roboto%7COpen+Sans",
        "https://matrix.to/#/%23room:matrix.org",
        "https://example.com/?ids%5B%5D=1",
        "https://example.com/a b",
        "https://example.com/?q={name}",
        "https://example.com/{owner}/{repo}",
        "https://[::1]/a",
        "https://example.com/a]",
        "https://example.com/docs#intro]",
        "https://example.com/?a=[1",
        "https://exa|mple.com/",
        "https://us{er@example.com/",
        "https://example.com/a\\b",
        'https://example.com/a"b',
        "https://example.com/a>b",
        "https://example.com/?q=a%5Eb",
    ),
    check=check,
)
