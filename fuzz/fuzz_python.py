"""Fuzz the Python extractor: the scanner (no exception, candidate contract), its lexer against
Python's own parser (a module that parses is lexed), and fix_edit (an edit it offers stays
inside the candidate and the module still parses).

    python fuzz/fuzz_python.py -max_total_time=600 [corpus_dir]
"""

from __future__ import annotations

import ast
import warnings

import _common

from tests.hardening.helpers import contract_violations
from urilint.rfc3986 import normalize
from urilint.scanners.python import fix_edit, lex, scan_python


def parses(text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def test_one_input(data: bytes) -> None:
    text = _common.text_of(data)
    for include_code in (False, True):
        found = scan_python(text, include_code)
        bad = contract_violations(text, found)
        assert not bad, (text, bad)
    if parses(text):
        assert lex(text) is not None, text  # whatever Python parses, the lexer reads
    for c in scan_python(text, True):
        new = normalize(c.uri)
        if new == c.uri:
            new = c.uri + "/"
        edit = fix_edit(text, c, new)
        if edit is None:
            continue
        s, e, content = edit
        # The edit stays inside the candidate's own source (a literal's body), and the module
        # still parses.  (How the edited text is read again may differ: prose trimming depends
        # on what follows the URI, and a module whose scheme is split across literals is not
        # scanned at all, see scanners/text.py may_hold_uri.)
        assert c.start <= s <= e <= c.end, (text, c, edit)
        fixed = text[:s] + content + text[e:]
        if parses(text):
            assert parses(fixed), (text, edit)


if __name__ == "__main__":
    _common.main(test_one_input)
