"""URI102 invalid-percent-encoding."""

from __future__ import annotations

from typing import Iterator

from ..finding import Finding, apply_edits
from ..rfc3986 import grammar
from .base import MALFORMED, Analysis, CleanShape, Example, Rule, Sign
from .common import PCT, problems_for


def check(a: Analysis) -> Iterator[Finding]:
    problems = problems_for(a, PCT)
    if not problems:
        return
    in_userinfo = any(p.component == "userinfo" for p in problems)
    fix = None if in_userinfo else apply_edits(a.text, [(p.offset, p.offset + 1, "%25") for p in problems])
    # One finding for the URI, at the first stray '%'; the fix encodes them all.
    first = problems[0]
    end = first.offset + 1
    while end < min(len(a.text), first.offset + 3) and a.text[end] not in "%/?#":
        end += 1
    shown = None if first.component == "userinfo" else repr(a.text[first.offset:end])
    rule = "'%' must be followed by two hex digits; write a literal '%' as %25"
    if len(problems) > 1:
        where = "the first in the userinfo" if shown is None else f"the first is {shown}"
        message = f"{len(problems)} '%' signs do not start a percent-encoding ({where}): {rule}"
    elif shown is None:
        message = "the userinfo holds a '%' that does not start a percent-encoding"
    else:
        message = f"{shown} is not a percent-encoding: {rule}"
    yield RULE.finding(first.offset, end, message, fix)


def screen(shape: CleanShape) -> bool:
    """The clean shape can still hold a "%" that starts no percent-encoding."""
    return "%" in shape.text and grammar.BAD_PCT.search(shape.text) is not None


RULE = Rule(
    code="URI102",
    name="invalid-percent-encoding",
    summary="'%' not followed by two hex digits",
    reference="RFC 3986 section 2.1 (pct-encoded = \"%\" HEXDIG HEXDIG) and section 2.4",
    fix_safety="unsafe",
    default=True,
    reads="characters",
    family=MALFORMED,
    severity="error",
    screen=screen,
    signs=Sign.BAD_PERCENT,
    doc="""\
## What it does
Reports a `%` that is not the start of a percent-encoding (`%` followed by two hex digits).

## Why is this bad?
Decoders reject the URI or guess; `%zz` and a trailing `%` are common results of building URIs
by string concatenation without encoding.

## Example
`https://example.com/100%` -> `https://example.com/100%25`

## Fix safety
Unsafe: encoding the `%` as `%25` is right when a literal percent sign was meant, wrong when the
encoding was cut short. printf-style placeholders (`%s`, `%(name)s`, `%02d`) are slots, not errors.
""",
    bad=(
        Example("https://example.com/100%", "https://example.com/100%25"),
        Example("https://example.com/%zz", "https://example.com/%25zz"),
        Example("https://example.com/?q=50%off", "https://example.com/?q=50%25off"),
        Example("https://example.com/a%2", "https://example.com/a%252"),
        Example("https://example.com/#%g1", "https://example.com/#%25g1"),
    ),
    good=(
        "https://example.com/100%25",
        "https://example.com/a%2Fb",
        "https://example.com/a%2fb",
        "https://example.com/%s/items",
        "https://example.com/%(name)s",
        "https://example.com/img%02d.png",
        "https://example.com/?q=%d",
        "https://example.com/%E6%97%A5",
    ),
    check=check,
)
