"""fix_edit: rewriting a literal that is read through escapes, concatenation or f-string fields.

An edit keeps the literal's prefix and quotes, is written with its escaping, and is refused
(None) unless the edited module provably reads the intended URI and still compiles."""

from __future__ import annotations

from typing import Optional

import pytest

from urilint.pipeline import check_text
from urilint.settings import Settings
from urilint.scanners.python import fix_edit, scan_python

P = pytest.param

# (source, the URI the fix wants, the source after the edit or None when refused)
FIXES = [
    P('x = "HTTP://a.example/\\x41"\n', "http://a.example/A", 'x = "http://a.example/\\x41"\n', id="before-escape"),
    P('x = "http://a.example/\\x41"\n', "http://a.example/B", 'x = "http://a.example/B"\n', id="escape-rewritten-whole"),
    P('x = "http://a.example/\\t"\n', "http://a.example/%09", 'x = "http://a.example/%09"\n', id="escape-replaced"),
    P('x = ("HTTP://a.example"\n     "/p")\n', "http://a.example/p", 'x = ("http://a.example"\n     "/p")\n',
      id="first-part"),
    P('x = ("http://a.example"\n     ":80/p")\n', "http://a.example/p", 'x = ("http://a.example"\n     "/p")\n',
      id="second-part"),
    P('x = ("http://a.example:"\n     "80/p")\n', "http://a.example/p", None, id="change-across-parts"),
    P('x = f"https://{a + b}:443/x"\n', "https://{}/x", 'x = f"https://{a + b}/x"\n', id="beside-a-slot"),
    P('x = f"https://{a + b}:443/x"\n', "https://h:443/x", None, id="into-a-slot"),
    P('x = f"https://{a + b}/x\\t"\n', "https://{}/x{y}", 'x = f"https://{a + b}/x{{y}}"\n', id="f-string-braces-doubled"),
    P('x = "http://a.example/\\x41"\n', 'http://a.example/"q', 'x = "http://a.example/\\"q"\n', id="quote-escaped"),
    P("x = 'http://a.example/\\x41'\n", 'http://a.example/"q', "x = 'http://a.example/\"q'\n", id="other-quote-as-is"),
    P('x = (r"http://a.example/" r"p")\n', "http://a.example/\\p", None, id="backslash-in-raw-refused"),
    P('x = (r"http://a.example/" r"p")\n', "http://a.example/q", 'x = (r"http://a.example/" r"q")\n', id="raw-part"),
    P('x = b"http://a.example/\\x01"\n', "http://a.example/\u00e9", 'x = b"http://a.example/\\xe9"\n', id="bytes-latin1"),
    P('x = b"http://a.example/\\x01"\n', "http://a.example/\u20ac", None, id="bytes-beyond-latin1"),
    P('x = "http://a.example/\\1"\n', "http://a.example/\x010", None, id="octal-would-absorb-a-digit"),
    P('x = "http://a.example/a\\\nb"\n', "http://a.example/aXb", 'x = "http://a.example/aX\\\nb"\n', id="continuation"),
    P('x = "http://a.example/\\x41"\n', "http://a.example/A\n", 'x = "http://a.example/\\x41\\n"\n', id="newline-escaped"),
    P('"""See HTTP://a.example/\\x41 now."""\n', "http://a.example/A", '"""See http://a.example/\\x41 now."""\n',
      id="docstring"),
]


@pytest.mark.parametrize("src, new_uri, expected", FIXES)
def test_fix_edit(src: str, new_uri: str, expected: Optional[str]) -> None:
    [c] = scan_python(src)
    edit = fix_edit(src, c, new_uri)
    if expected is None:
        assert edit is None
        return
    assert edit is not None
    start, end, text = edit
    assert src[:start] + text + src[end:] == expected
    # The edited literal reads the new URI where the old one was.
    [after] = scan_python(expected)
    assert after.uri == new_uri.rstrip("\n") or after.uri == new_uri


def test_wrapped_uri_is_not_a_slice_of_the_value() -> None:
    src = '"""See <http://a.example/a\n  /B>."""\n'
    [c] = scan_python(src)
    assert c.uri == "http://a.example/a/B"
    assert fix_edit(src, c, "http://a.example/a/b") is None


def test_check_text_uses_the_hook() -> None:
    src = 'x = ("HTTP://a.example/"\n     "p")\n'
    [f] = check_text(src, "python", Settings(extend_select=frozenset({"URI201"})))
    # A fixed literal is another value at run time: at most unsafe (issue 15).
    assert f.code == "URI201" and f.edit == (6, 10, "http") and f.applicability == "unsafe"
