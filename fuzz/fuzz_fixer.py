"""Fuzz the fixer on every format (the first byte picks one): fixing twice equals fixing once,
no character outside the candidates' spans changes, no fixable finding is left (unless a fix
was refused with a notice), and a Python module that parsed still parses to the same tree but
for its string constants.  Also: no report shows a password; a finding that is suppressed (a
per-file ignore) is never fixed by another rule's fix; a literal the program continues at run
time (a partial candidate) is never changed.

    python fuzz/fuzz_fixer.py -max_total_time=600 [corpus_dir]
"""

from __future__ import annotations

import _common
import _secrets

from tests.hardening.helpers import outside_unchanged, python_tree
from urilint.pipeline import candidates, check_text
from urilint.pipeline import fix_text, keeper
from urilint.scanners import FORMATS, extract
from urilint.settings import Settings

SETTINGS = (Settings(), Settings(select=frozenset({"ALL"}), include_code_blocks=True))
#: Codes a fuzz input ignores in turn, to check that an ignored finding is never fixed.
IGNORABLE = ("URI101", "URI201", "URI202", "URI203", "URI206", "URI107")
for _fmt in FORMATS:
    extract("", _fmt)  # import every scanner now (they load on first use), before atheris instruments


def test_one_input(data: bytes) -> None:
    fmt, rest = _common.pick(data, FORMATS)
    text = _common.text_of(rest)
    settings = SETTINGS[len(rest) % 2]
    unsafe = bool(len(rest) % 3 == 0)
    once = fix_text(text, fmt, settings, unsafe=unsafe)
    assert fix_text(once.text, fmt, settings, unsafe=unsafe).text == once.text, (fmt, text)
    spans = [(c.start, c.end) for c in candidates(text, fmt, settings)]
    assert outside_unchanged(text, once.text, spans), (fmt, text, once.text)
    if not once.notices:
        wanted = {"safe", "unsafe"} if unsafe else {"safe"}
        left = [f for f in check_text(once.text, fmt, settings) if f.edit is not None and f.applicability in wanted]
        assert not left, (fmt, text, once.text, left)
    _secrets.assert_no_secret_shown(text, fmt, unsafe)
    # Nothing a run does not report is rewritten: an ignored code's URIs, and partial literals.
    code = IGNORABLE[len(rest) % len(IGNORABLE)]
    quiet = fix_text(text, fmt, settings, unsafe=True, keep=keeper(fmt, frozenset({code})))
    for f in check_text(text, fmt, settings):
        if f.code == code:
            assert text[f.uri_span[0]:f.uri_span[1]] in quiet.text, (fmt, text, quiet.text, code)
    for c in candidates(text, fmt, settings):
        if c.partial:
            assert text[c.start:c.end] in once.text, (fmt, text, once.text)
    if fmt == "python":
        before = python_tree(text)
        if before is not None:
            assert python_tree(once.text) == before, (text, once.text)


if __name__ == "__main__":
    _common.main(test_one_input)
