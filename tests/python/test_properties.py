"""Properties on generated programs: the scanner never raises, its lexer agrees with Python's
tokenizer on where every string literal is, and every value matches what Python evaluates."""

from __future__ import annotations

import ast
import io
import sys
import tokenize
import warnings
from typing import List, Tuple

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from urilint.scanners.positions import LineIndex
from urilint.scanners.python import group_value, lex, newer_python, part_value, scan_python

# Body tokens: (source, value in a cooked literal, value in a raw literal).  Values of f-string
# fields are the slot urilint reads; bytes get only ASCII tokens.
PLAIN = [
    ("http://", "http://", "http://"), ("HTTP://A.example/", "HTTP://A.example/", "HTTP://A.example/"),
    ("a.example", "a.example", "a.example"), (":80", ":80", ":80"), ("/p", "/p", "/p"), ("%zz", "%zz", "%zz"),
    ("%s", "%s", "%s"), (" ", " ", " "), ("?q=1&t=x", "?q=1&t=x", "?q=1&t=x"), ("mailto:x@y", "mailto:x@y", "mailto:x@y"),
    ("#", "#", "#"), (":", ":", ":"),
]
ESCAPES = [
    ("\\n", "\n", "\\n"), ("\\t", "\t", "\\t"), ("\\x41", "A", "\\x41"), ("\\101", "A", "\\101"),
    ("\\\\", "\\", "\\\\"), ("\\'", "'", "\\'"), ('\\"', '"', '\\"'), ("\\q", "\\q", "\\q"),
]
UNICODE = [("\u00e9", "\u00e9", "\u00e9"), ("\u65e5", "\u65e5", "\u65e5"), ("\\u00e9", "\u00e9", "\\u00e9"),
           ("\\N{EM DASH}", "\u2014", "\\N{EM DASH}")]
BRACES = [("{x}", "{x}", "{x}"), ("{}", "{}", "{}"), ("{{", "{{", "{{"), ("}}", "}}", "}}")]
# f-string tokens: (source, value) the same for raw and cooked f-strings.
FIELDS = [("{x}", "{x}"), ("{x!r}", "{x!r}"), ("{x:>3}", "{x:>3}"), ("{ x }", "{}"), ("{x + 1}", "{}"),
          ("{x:{w}}", "{}"), ("{{", "{"), ("}}", "}"), ("{'a:b'}", "{}")]  # (a quote: a slot)


@st.composite
def literal(draw: st.DrawFn) -> Tuple[str, str, bool]:
    """(source, value as urilint reads it, is an f-string)."""
    kind = draw(st.sampled_from(["", "r", "u", "b", "rb", "f", "rf"]))
    prefix = "".join(c.upper() if draw(st.booleans()) else c for c in kind)
    prefix = prefix[::-1] if len(prefix) == 2 and draw(st.booleans()) else prefix
    quote = draw(st.sampled_from(["'", '"', "'''", '"""']))
    raw, formatted = "r" in kind, "f" in kind
    pool = PLAIN + ESCAPES + ([] if "b" in kind else UNICODE) + ([] if formatted else BRACES)
    tokens = draw(st.lists(st.sampled_from(pool) if not formatted else
                           st.one_of(st.sampled_from(pool), st.sampled_from(FIELDS)), max_size=8))
    src, value = [], []
    for token in tokens:
        if len(token) == 2:  # an f-string token
            src.append(token[0])
            value.append(token[1])
        else:
            text, cooked, raw_value = token
            src.append(text)
            value.append(raw_value if raw else cooked)
    body = "".join(src)
    if body.endswith(quote[0]) or (raw and body.endswith("\\")):
        body += "x"
        value.append("x")
    return prefix + quote + body + quote, "".join(value), formatted


@st.composite
def module(draw: st.DrawFn) -> str:
    lines: List[str] = []
    for i in range(draw(st.integers(1, 6))):
        shape = draw(st.sampled_from(["assign", "concat", "docstring", "call", "comment"]))
        lit = draw(literal())[0]
        if shape == "assign":
            lines.append(f"v{i} = {lit}")
        elif shape == "concat":
            lines.append(f"v{i} = ({lit}  # c\n      {draw(literal())[0]})")
        elif shape == "docstring":
            lines.append(f"def f{i}():\n    {lit}")
        elif shape == "call":
            lines.append(f"g({lit}, {draw(literal())[0]}) ;  # see HTTP://a.example/x")
        else:
            lines.append("# " + draw(st.sampled_from(["see http://a.example/ b", "HTTPS://A.example/", "x:y"])))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    return ("\n".join(lines) + "\n").replace("\n", newline)


def _parses(src: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "\\q" is an invalid escape: valid, with a warning
            ast.parse(src)
    except (SyntaxError, ValueError):
        return False
    return True


SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])


@SETTINGS
@given(literal())
def test_values_match_python(lit: Tuple[str, str, bool]) -> None:
    src, expected, formatted = lit
    code = f"v = {src}\n"
    assume(_parses(code))
    lexed = lex(code)
    assert lexed is not None
    [group] = lexed.groups
    value, pieces, base = group_value(code, group)
    assert value == expected
    if not formatted:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            evaluated = ast.literal_eval(src)
        assert value == (evaluated.decode("latin-1") if isinstance(evaluated, bytes) else evaluated)
    for u0, u1, s0, s1 in pieces:
        if u1 - u0 == s1 - s0:  # verbatim pieces are exact
            assert value[u0:u1] == code[s0:s1]


def _token_spans(src: str) -> List[Tuple[int, int]]:
    """Where Python's tokenizer sees string literals (f-strings whole on 3.12+)."""
    index = LineIndex.of(src)
    spans: List[Tuple[int, int]] = []
    start = None
    fstart = getattr(tokenize, "FSTRING_START", -1)
    fend = getattr(tokenize, "FSTRING_END", -1)
    depth = 0
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        s = index.offset(tok.start[0], tok.start[1] + 1)
        e = index.offset(tok.end[0], tok.end[1] + 1)
        if tok.type == fstart:
            depth += 1
            if depth == 1:
                start = s
        elif tok.type == fend:
            depth -= 1
            if depth == 0 and start is not None:
                spans.append((start, e))
        elif tok.type == tokenize.STRING and depth == 0:
            spans.append((s, e))
    return spans


@SETTINGS
@given(module())
def test_lexer_agrees_with_tokenize(src: str) -> None:
    assume(_parses(src))
    lexed = lex(src)
    assert lexed is not None
    parts = [(p.start, p.end) for g in lexed.groups for p in g.parts]
    assert parts == _token_spans(src)


@SETTINGS
@given(module())
def test_scan_never_raises_and_maps_exactly(src: str) -> None:
    found = scan_python(src)
    if not _parses(src) and not newer_python(src):  # (a newer Python's module is read: PEP 701)
        assert found == []
        return
    assert [(c.start, c.end) for c in found] == sorted((c.start, c.end) for c in found)
    for c in found:
        assert 0 <= c.start <= c.end <= len(src)
        if c.is_verbatim:
            assert src[c.start:c.end] == c.uri
        for u0, u1, s0, s1 in c.pieces:
            if u1 - u0 == s1 - s0:
                assert c.uri[u0:u1] == src[s0:s1]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("\"'#\\{}()[]\nrbfRBF:/ hxtp=;")), max_size=60))
def test_arbitrary_text_never_raises(text: str) -> None:
    scan_python(text)
    lex(text)


def test_part_value_of_every_prefix() -> None:
    # One direct check beside the generated ones: every prefix spelling is recognised.
    for prefix in ("r", "R", "u", "U", "b", "B", "br", "Br", "bR", "BR", "rb", "rB", "Rb", "RB", "f", "F",
                   "fr", "Fr", "fR", "FR", "rf", "rF", "Rf", "RF"):
        src = f"v = {prefix}'h:{{1}}'\n" if "f" in prefix.lower() else f"v = {prefix}'h:x'\n"
        lexed = lex(src)
        assert lexed is not None, prefix
        [group] = lexed.groups
        assert group.parts[0].prefix == prefix.lower(), prefix
        assert part_value(src, group.parts[0])[0] in ("h:x", "h:{1}"), prefix
    assert sys.version_info >= (3, 9)
