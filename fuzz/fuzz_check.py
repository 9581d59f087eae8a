"""Fuzz check() (one URI) and the report pipeline: no exception, spans inside, and no message,
shown URI, fix or masked source line holds the password of the URI ("user:PASSWORD@"), nor any
other secret (_secrets).

    python fuzz/fuzz_check.py -max_total_time=600 [corpus_dir]
"""

from __future__ import annotations

import _common
import _secrets

import urilint
from urilint.pipeline import check_text
from urilint.report import place
from urilint.rfc3986 import parse
from urilint.scanners import extract
from urilint.secrets import is_placeholder_value
from urilint.settings import Settings

EVERYTHING = Settings(select=frozenset({"ALL"}))
extract("", "text")  # import the scanner now (it loads on first use), before atheris instruments


def password_of(text: str) -> str:
    userinfo = parse(text).userinfo
    return userinfo.split(":", 1)[1] if userinfo and ":" in userinfo else ""


def test_one_input(data: bytes) -> None:
    text = _common.text_of(data)
    password = password_of(text)
    hidden = len(password) >= 3 and not is_placeholder_value(password) and text.count(password) == 1
    for settings in (None, EVERYTHING):
        for f in urilint.check(text, settings=settings):
            assert 0 <= f.start <= f.end <= len(text), (text, f)
            if hidden:
                assert password not in f.message, (text, f)
                assert f.fix is None or password not in f.fix, (text, f)
    findings = check_text(text, "text", EVERYTHING)
    for r in place("f", text, findings):
        assert r.row >= 1 and r.column >= 1
    _secrets.assert_no_secret_shown(text, "text")


if __name__ == "__main__":
    _common.main(test_one_input)
