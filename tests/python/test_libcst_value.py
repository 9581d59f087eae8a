"""libcst reads every candidate literal; its value must equal the lexer's, which gives positions."""

from __future__ import annotations

import pytest

from urilint.scanners.python import group_value, lex, libcst_value


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param('x = "https://example.com/a"\n', "https://example.com/a", id="simple"),
        pytest.param("x = 'https://a.example/\\x41\\N{DIGIT ONE}'\n", "https://a.example/A1", id="escapes"),
        pytest.param('x = r"https://a.example/\\d"\n', "https://a.example/\\d", id="raw"),
        pytest.param('x = b"https://a.example/\\xff"\n', "https://a.example/\u00ff", id="bytes-latin-1"),
        pytest.param('x = ("https://a.example"  # a comment\n     "/path")\n', "https://a.example/path",
                     id="implicit-concatenation-across-lines"),
        pytest.param('x = f"https://{host}/a/{{b}}/{n:>{w}}"\n', "https://{host}/a/{b}/{}", id="f-string-slots"),
        pytest.param('x = rf"https://{h}/\\d"\n', "https://{h}/\\d", id="raw-f-string"),
        pytest.param('x = """https://a.example/\r\nb"""\r\n', "https://a.example/\nb", id="crlf-in-triple-quotes"),
        pytest.param('x = "https://a.example/\\r\\n"\n', "https://a.example/\r\n", id="escaped-crlf-kept"),
    ],
)
def test_libcst_reads_what_the_lexer_reads(source: str, expected: str) -> None:
    lexed = lex(source)
    assert lexed is not None
    [group] = [g for g in lexed.groups if ":" in source[g.start:g.end]]
    assert group_value(source, group)[0] == expected
    assert libcst_value(source, group) == expected


def test_pep701_field_reusing_the_quote() -> None:
    source = 'x = f"https://{d["k"]}/a"\n'
    lexed = lex(source)
    assert lexed is not None and len(lexed.groups) == 1
    assert libcst_value(source, lexed.groups[0]) == group_value(source, lexed.groups[0])[0] == 'https://{}/a'


def test_libcst_failure_on_invalid_text_is_no_value() -> None:
    # Found by fuzz_python: libcst raised CSTLogicError on a group from a module that does not parse.
    from urilint.scanners.python import scan_python

    for source in ['x = f"https://{a!}/b"\n', 'x = f"https://{:}/"\n', 'f"https://{x=!r:{y}}"\n']:
        scan_python(source)  # never raises


# Literals the scanner takes as their own source text without asking libcst (no escape, no
# field, no carriage return): libcst must read exactly the same value, or the shortcut is wrong.
VERBATIM = [
    pytest.param('x = "https://example.com/a"\n', id="simple"),
    pytest.param("x = 'https://a.example/é'\n", id="non-ascii"),
    pytest.param('x = b"https://a.example/b"\n', id="bytes"),
    pytest.param('x = r"https://a.example/d"\n', id="raw-without-backslash"),
    pytest.param('x = ("https://a.example"  # c\n     "/path")\n', id="implicit-concatenation"),
    pytest.param('x = """https://a.example/\nb"""\n', id="triple-quoted-lf"),
    pytest.param("x = U'https://a.example/{x}'\n", id="braces-in-a-plain-string"),
]
NOT_VERBATIM = [
    pytest.param('x = "https://a.example/\\x41"\n', id="escape"),
    pytest.param('x = f"https://{h}/a"\n', id="f-string"),
    pytest.param('x = """https://a.example/\r\nb"""\r\n', id="crlf-in-triple-quotes"),
    pytest.param('x = r"https://a.example/\\d"\n', id="raw-with-backslash"),
    pytest.param('x = ("https://a.example" "/\\x62")\n', id="second-part-escaped"),
    pytest.param('x = ("https://a.example" f"/{p}")\n', id="second-part-f-string"),
    pytest.param('x = Rf"https://{h}/"\n', id="upper-case-prefix"),
]


@pytest.mark.parametrize("source", VERBATIM)
def test_a_verbatim_literal_reads_as_its_source(source: str) -> None:
    from urilint.scanners.python import _verbatim

    lexed = lex(source)
    assert lexed is not None
    [group] = [g for g in lexed.groups if ":" in source[g.start:g.end]]
    assert all(_verbatim(source, p) for p in group.parts)
    assert libcst_value(source, group) == group_value(source, group)[0]


@pytest.mark.parametrize("source", NOT_VERBATIM)
def test_a_literal_with_escapes_or_fields_is_read_by_libcst(source: str) -> None:
    from urilint.scanners.python import _verbatim

    lexed = lex(source)
    assert lexed is not None
    [group] = [g for g in lexed.groups if ":" in source[g.start:g.end]]
    assert not all(_verbatim(source, p) for p in group.parts)
