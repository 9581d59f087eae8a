"""Non-ASCII hosts are checked and mapped with IDNA 2008 and UTS 46 (the ``idna`` package), not
Python's IDNA 2003 codec, and never percent-encoded (issue 14, item 9).  Must-fire and
must-not-fire tables."""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Optional

import pytest

from tests.conftest import ROOT
from urilint.checker import check
from urilint.settings import Settings

ALL = Settings(select=frozenset({"ALL"}))
DEFAULT = Settings()
PERSIAN_ZWNJ = "\u0646\u0627\u0645\u0647\u200c\u0627\u06cc.example"  # a ZWNJ where RFC 5892 allows it
SINHALA_ZWJ = "\u0dc1\u0dca\u200d\u0dbb\u0dd3.example"  # a ZWJ after a virama


# (text, settings, code, message part, fix, applicability)
MUST_FIRE = [
    pytest.param("https://fa\u00df.de/", ALL, "URI110", "xn--fa-hia.de", "https://xn--fa-hia.de/", "unsafe",
                 id="eszett-is-not-ss"),
    pytest.param("https://K\u00f6ln.de/", ALL, "URI110", "xn--kln-sna.de", "https://xn--kln-sna.de/", "unsafe",
                 id="uts46-lowercases"),
    pytest.param(f"https://{PERSIAN_ZWNJ}/", ALL, "URI110", "xn--mgba3gch31f060k.example",
                 "https://xn--mgba3gch31f060k.example/", "unsafe", id="zwnj-in-its-context"),
    pytest.param(f"https://{SINHALA_ZWJ}/", ALL, "URI110", "xn--10cl1a0b660p.example",
                 "https://xn--10cl1a0b660p.example/", "unsafe", id="zwj-after-virama"),
    pytest.param("https://my_host.ex\u00e4mple.com/", ALL, "URI110", "my_host.xn--exmple-cua.com",
                 "https://my_host.xn--exmple-cua.com/", "unsafe", id="ascii-labels-kept"),
    pytest.param("https://fa\u00df.de/Stra\u00dfe", ALL, "URI110", "xn--fa-hia.de",
                 "https://xn--fa-hia.de/Stra%C3%9Fe", "unsafe", id="host-and-path"),
    pytest.param("https://i\u2764.example/", ALL, "URI110", "no IDNA 2008 A-label", None, "display-only",
                 id="disallowed-code-point"),
    pytest.param("https://exa\u200dmple.com/", DEFAULT, "URI101", "U+200D", None, "display-only",
                 id="zwj-out-of-context"),
    pytest.param("https://exa\u200bmple.com/", DEFAULT, "URI101", "U+200B", None, "display-only",
                 id="zero-width-space"),
    pytest.param("https://\u00e4\u200bb.example/", ALL, "URI110", "maps to nothing", None, "display-only",
                 id="ignored-character-not-hidden"),
    pytest.param("https://" + "\u00e4" * 60 + ".example/", DEFAULT, "URI104", "as an IDNA A-label", None,
                 "display-only", id="a-label-too-long"),
    pytest.param("https://example.com/K\u00f6ln", ALL, "URI110", "percent-encodes", "https://example.com/K%C3%B6ln",
                 "safe", id="path-still-encoded"),
]


@pytest.mark.parametrize(("text", "settings", "code", "message", "fix", "applicability"), MUST_FIRE)
def test_must_fire(text: str, settings: Settings, code: str, message: str, fix: Optional[str],
                   applicability: str) -> None:
    findings = [f for f in check(text, settings=settings) if f.code == code]
    assert findings, f"{code} did not fire on {text!r}"
    assert message in findings[0].message
    assert findings[0].fix == fix
    assert findings[0].applicability == applicability


# (text, settings, code that must stay silent)
MUST_NOT_FIRE = [
    pytest.param(f"https://{PERSIAN_ZWNJ}/", DEFAULT, "URI101", id="zwnj-label-is-no-accident"),
    pytest.param(f"https://{SINHALA_ZWJ}/", DEFAULT, "URI101", id="zwj-label-is-no-accident"),
    pytest.param(f"https://{PERSIAN_ZWNJ}/", DEFAULT, "URI110", id="uri110-off-by-default"),
    pytest.param("https://fa\u00df.de/", DEFAULT, "URI110", id="eszett-default"),
    pytest.param("https://m\u00fcnchen.de/", DEFAULT, "URI104", id="idn-host-valid"),
    pytest.param("https://\u4f8b\u3048.\u30c6\u30b9\u30c8/", ALL, "URI104", id="cjk-host-valid"),
    pytest.param("https://" + "\u00e4" * 50 + ".example/", DEFAULT, "URI104", id="a-label-within-63"),
    pytest.param("https://xn--fa-hia.de/", ALL, "URI110", id="a-label-written"),
    pytest.param("https://xn--fa-hia.de/", ALL, "URI104", id="a-label-valid-host"),
    pytest.param("https://k%C3%B6ln.de/", ALL, "URI110", id="encoded-host-is-ascii"),
    pytest.param("https://my_host.example.com/", ALL, "URI110", id="ascii-underscore"),
    pytest.param("https://example.com/", ALL, "URI110", id="ascii"),
    pytest.param("https://fa\u00df.de/", ALL, "URI202", id="no-ascii-case-to-fold"),
]


@pytest.mark.parametrize(("text", "settings", "code"), MUST_NOT_FIRE)
def test_must_not_fire(text: str, settings: Settings, code: str) -> None:
    assert code not in [f.code for f in check(text, settings=settings)]


def test_must_not_fire_table_is_at_least_as_long() -> None:
    assert len(MUST_NOT_FIRE) >= len(MUST_FIRE)


@pytest.mark.parametrize("text", [
    "https://fa\u00df.de/", f"https://{PERSIAN_ZWNJ}/", f"https://{SINHALA_ZWJ}/", "https://exa\u200dmple.com/",
    "https://exa\u200bmple.com/", "https://exa mple.\u00e4/", "https://i\u2764.example/x y",
])
def test_no_fix_percent_encodes_a_host_character(text: str) -> None:
    for f in check(text, settings=ALL):
        assert f.fix is None or "%" not in (f.fix.split("//", 1)[1].split("/", 1)[0]), (f.code, f.fix)
        assert "percent-encode it as %E2" not in f.message


def test_idna_is_imported_only_for_non_ascii_hosts() -> None:
    code = ("import sys\nfrom urilint.checker import check\nfrom urilint.settings import Settings\n"
            "s = Settings(select=frozenset({'ALL'}))\n"
            "check('https://Example.COM:80/K\\u00f6ln/../x?q=%7e', settings=s)\n"
            "assert 'idna' not in sys.modules\n"
            "check('https://fa\\u00df.de/', settings=s)\n"
            "assert 'idna' in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_no_idna_2003_codec_in_src() -> None:
    # Python's "idna" codec is IDNA 2003 (faß.de -> fass.de); the rules use the idna package.
    pattern = re.compile(r"""(en|de)code\(\s*["']idna["']""")
    hits = [str(p) for p in (ROOT / "src").rglob("*.py") if pattern.search(p.read_text(encoding="utf-8"))]
    assert hits == []
