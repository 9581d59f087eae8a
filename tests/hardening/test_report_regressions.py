"""Regressions in report.py found by the hardening work (placing reports and masking lines).

- ``place()`` masked the whole source line once per finding, and masking scans the line for
  URIs: a 40 KB line with 4,000 findings took minutes (quadratic, worse with many secrets).
  Now each line is masked once and columns are mapped by bisection.
- The "//user:password@" net was a regex with a lazy run before ":", retried at every ":" of
  the run: ``"//a:a:a:..."`` was quadratic (8,000 pairs: 1.2 s; a 1 MB line: hours).
"""

from __future__ import annotations

from pathlib import Path
from typing import List, Tuple

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from urilint.finding import FileFinding
from urilint.masking import known_uri_secrets
from urilint.pipeline import lint
from urilint.report import _CREDENTIAL, mask_line, mask_line_mapped, masked_column, place
from urilint.secrets import MASK
from urilint.settings import Settings


def finding(start: int, end: int) -> FileFinding:
    return FileFinding("URI201", "scheme-not-lowercase", "m", start, end, "HTTP://a", "bare", False, None,
                       "display-only")


def test_place_masks_a_long_line_once() -> None:
    unit = "HTTP://u:Zq7pw@a.example/ "
    text = unit * 8_000  # a 208 KB line, 8,000 URIs with a password each
    findings = [finding(i * len(unit), i * len(unit) + 4) for i in range(8_000)]
    reports = place("f", text, findings)
    assert len(reports) == 8_000
    assert reports[0].line is reports[-1].line  # one masked line shared by every report
    assert "Zq7pw" not in reports[0].line
    last = reports[-1]
    assert last.line[last.line_column - 1:last.line_end_column - 1] == "HTTP"


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("//" + "a:" * 100_000, id="user-colon-runs"),
        pytest.param("//" + ":" * 200_000, id="colon-run"),
        pytest.param("http://" + "a:" * 100_000 + "b", id="http-colon-runs"),
        pytest.param("//a:" + "@" * 100_000, id="at-run"),
    ],
)
def test_credential_net_is_linear(line: str) -> None:
    assert mask_line(line)  # completes (it used to take hours)


@pytest.mark.parametrize(
    "line, masked",
    [
        pytest.param("x //u:pw@h y", f"x //u:{MASK}@h y", id="plain"),
        pytest.param("//u:a:b@h", f"//u:{MASK}@h", id="colon-in-password"),
        pytest.param("//u:@h", "//u:@h", id="empty-password"),
        pytest.param("//:pw@h", f"//:{MASK}@h", id="empty-user"),
        pytest.param("//u:pw/x@h", "//u:pw/x@h", id="slash-ends-authority"),
        pytest.param("a //u:{pw}@h", "a //u:{pw}@h", id="placeholder"),
    ],
)
def test_credential_net_still_masks(line: str, masked: str) -> None:
    assert mask_line(line) == masked


# masked_column by bisection must agree with the definition: shifted by the masks before the
# column; inside a masked span, at the mask's start (or its end, for an end column).
SPANS: List[Tuple[int, int]] = [(0, 3), (5, 6), (10, 20)]


@pytest.mark.parametrize(
    "column, end, expected",
    [
        pytest.param(0, False, 0, id="start-at-first-span"),
        pytest.param(0, True, 0, id="end-at-first-span-start"),
        pytest.param(1, False, 0, id="inside-first"),
        pytest.param(3, True, 4, id="end-at-first-span-end"),
        pytest.param(3, False, 4, id="just-after-first"),
        pytest.param(5, False, 6, id="start-of-second"),
        pytest.param(6, True, 10, id="end-of-second"),
        pytest.param(8, False, 12, id="between"),
        pytest.param(15, False, 14, id="inside-third"),
        pytest.param(15, True, 18, id="end-inside-third"),
        pytest.param(25, False, 23, id="after-all"),
    ],
)
def test_masked_column(column: int, end: bool, expected: int) -> None:
    assert masked_column(SPANS, column, end) == expected


def test_mask_map_matches_the_masked_text() -> None:
    line = "a http://u:p1@h b http://v:p2@h c"
    masked, spans = mask_line_mapped(line)
    assert masked == f"a http://u:{MASK}@h b http://v:{MASK}@h c"
    b = line.index("b")
    assert masked[masked_column(spans, b)] == "b"


@pytest.mark.parametrize("fmt", ["full", "junit", "concise", "json", "sarif", "github"])
def test_output_grows_with_findings_not_with_line_length(fmt: str) -> None:
    from urilint import reporters
    from urilint.report import RunResult

    unit = "HTTP://a.example/ "
    text = unit * 4_000  # a 72 KB line with 4,000 findings
    reports = place("f", text, [finding(i * len(unit), i * len(unit) + 4) for i in range(4_000)])
    out = reporters.render(fmt, RunResult(tuple(reports), (), 1))
    # Each finding may show a window of its line, never the whole 72 KB line.
    assert len(out) < 4_000 * 2_000, len(out)


# -- secrets a line-by-line look cannot see --------------------------------------------------
# The secret of a URI read through escapes, entities, implicit concatenation or a line break
# is invisible to mask_line (it looks at one physical line with the prose scanner); the file's
# own candidates know it, and place(hidden=secret_source_spans(...)) masks it.
LEAKS = [
    pytest.param("python", 'U = ("postgres://admin:" "Zq7concat@db/x")\n', id="py-implicit-concatenation"),
    pytest.param("python", 'U = "postgres://admin:Zq7py\\x41esc@db/x"\n', id="py-escape"),
    pytest.param("json", '{"u": "postgres:\\/\\/admin:Zq7jsonesc@db\\/x"}\n', id="json-escaped-slashes"),
    pytest.param("html", '<a href="postgres://admin:Zq7&#115;ent@db/x">x</a>\n', id="html-entity"),
    pytest.param("markdown", "[y](<postgres://admin:Zq7 sp@db/x>)\n", id="md-space-in-password"),
    pytest.param("text", "see <postgres://admin:Zq7wr\n  apped@db/x>\n", id="wrapped-appendix-c"),
    pytest.param("rst", "`x <postgres://admin:Zq7rst\n   wrap@db/x>`_\n", id="rst-wrapped"),
]


@pytest.mark.parametrize("fmt, text", LEAKS)
def test_place_masks_the_secrets_the_scanner_knows(fmt: str, text: str) -> None:
    from urilint.pipeline import candidates, check_text
    from urilint.report import secret_source_spans
    from urilint.settings import Settings

    settings = Settings(select=frozenset({"ALL"}))
    findings = check_text(text, fmt, settings)
    assert findings, "the case must produce a report"
    hidden = secret_source_spans(candidates(text, fmt, settings))
    assert hidden
    for r in place("f", text, findings, hidden=hidden):
        assert "Zq7" not in r.line, r.line
        assert MASK in r.line


def test_hidden_spans_across_lines_and_long_spans() -> None:
    text = "aa SECRET1\nSECRET2 bb\ncc SECRET3 dd\n"
    s1, s3 = text.index("SECRET1"), text.index("SECRET3")
    findings = [finding(0, 1), finding(text.index("bb"), text.index("bb") + 1), finding(text.index("dd"), len(text) - 1)]
    # One span over a line break (a wrapped URI), then a short one: both masked on their lines.
    hidden = [(s3, s3 + 7), (s1, text.index("SECRET2") + 7)]
    lines = [r.line for r in place("f", text, findings, hidden=hidden)]
    assert lines == [f"aa {MASK}", f"{MASK} bb", f"cc {MASK} dd"]


# -- the line net's shortcut -----------------------------------------------------------------
# secret_spans_in_line scans a line for URIs only when some slice of it may hold a secret
# (secrets.slice_may_hold_secret): the scan cost a reported line as much as checking its URI.
# The shortcut is sound when every URI the prose scanner reads on a line without a break is a
# verbatim slice whose secret spans are empty wherever the guard says no.
_LINE_PIECES = st.sampled_from([
    "see ", "the ", " ", "\t", "<", ">", "(", ")", "[", "](", '"', "'", "`", ",", ".", ":", "/", "//", "?", "#",
    "&", ";", "!", "=", "@", "-", "_", "%", "%5F", "%40", "https://", "HTTP://", "postgres://", "mailto:",
    "ftp://", "x:", "example.com", "db.internal", "u:p@", "app:Xk9mQ2vL7pR4wZt8@", "token=", "api_key=",
    "access%5Ftoken=", "to\u212aen=", "Api-Key=", "sig=", "page=", "q=", "Xk9mQ2vL7pR4wZt8",
    "ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM", "AKIAIOSFODNN7EXAMPLE", "eyJhbGciOiJIUzI1NiJ9.e30.x",
    "sk-", "xox", "hooks.slack.com", "HOOKS.SLACK.COM", "discord.com", "d\u0130scord.com",
    "hooks.\u017flack.com", "/services/T000/B000/XXXXXXXXXXXXXXXXXXXXXXXX", "/api/webhooks/1/abcdefghijklmnopqrst",
    "\u00e9", "\u00f6", "\u2192", "\u65e5", "{x}", "${X}", "\\", "\r", "\n",
])
_lines = st.lists(_LINE_PIECES, max_size=16).map("".join)


def _assert_no_slice_secret_hidden(line: str) -> None:
    from urilint import secrets
    from urilint.scanners.text import scan_prose

    if "\n" in line or "\r" in line or secrets.slice_may_hold_secret(line):
        return  # the net scans this line
    for c in scan_prose(line):
        assert c.uri == line[c.start:c.end], line  # a verbatim slice
        assert secrets.secret_spans(c.uri) == [], (line, c.uri)
    # (the net's other parts behind the guard: stray parameters, "//user:password@", tokens)
    assert secrets.stray_param_spans(line) == [], line
    assert _CREDENTIAL.search(line) is None and secrets.find_tokens(line) == [], line


@hsettings(max_examples=1500, deadline=None)
@given(line=_lines)
def test_line_net_skips_only_lines_without_a_secret(line: str) -> None:
    _assert_no_slice_secret_hidden(line)


def test_line_net_skips_only_lines_without_a_secret_on_the_corpora() -> None:
    from tests.conftest import CORPORA, need_shared

    root = need_shared(CORPORA)
    seen = 0
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.suffix not in {".md", ".rst", ".txt", ".py", ".toml", ".yaml", ".yml",
                                                    ".json", ".html", ".cfg", ".ini"}:
            continue
        for line in path.read_text("utf-8", errors="replace").splitlines():
            if ":" in line:
                _assert_no_slice_secret_hidden(line)
                seen += 1
    assert seen > 10_000  # the corpora's lines were read


@pytest.mark.parametrize(
    "line, may_hold",
    [
        pytest.param("see <HTTP://example.com/items/1?page=2> for more", False, id="ordinary-report"),
        pytest.param("https://example.com:443/a?q=1&page=2#top", False, id="plain-params"),
        pytest.param("https://example.com/caf\u00e9/\u2192?lang=fr", False, id="non-ascii"),
        pytest.param("a ratio 1:2 and a time 12:30", False, id="prose-colons"),
        pytest.param("mailto:someone (an address without the at)", False, id="no-at"),
        pytest.param("postgres://app:pw@db/x", True, id="userinfo"),
        pytest.param("write to someone@example.com", True, id="any-at"),
        pytest.param("https://x/?token=abc", True, id="secret-name"),
        pytest.param("https://x/?access%5Ftoken=abc", True, id="encoded-name"),
        pytest.param("https://x/?to\u212aen=abc", True, id="kelvin-sign-name"),
        pytest.param("https://x/;jsessionid=abc", True, id="path-parameter"),
        pytest.param("https://x/ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM", True, id="token-prefix"),
        pytest.param("https://HOOKS.SLACK.COM/services/T/B/x", True, id="webhook-host"),
        pytest.param("https://hooks.\u017flack.com/services/T/B/x", True, id="webhook-long-s"),
    ],
)
def test_slice_may_hold_secret(line: str, may_hold: bool) -> None:
    from urilint import secrets

    assert secrets.slice_may_hold_secret(line) is may_hold


@pytest.mark.parametrize(
    "line, hidden",
    [
        pytest.param("see https://x.example/?token=Zq7tok1234 and more", "Zq7tok1234", id="secret-param"),
        pytest.param("see https://x.example/?to\u212aen=Zq7kelvin1234", "Zq7kelvin1234", id="kelvin-sign-name"),
        pytest.param("get ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM from",
                     "ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM", id="token"),
        pytest.param("post to https://hooks.slack.com/services/T0001/B0001/Zq7hookhookhookhookhook now",
                     "Zq7hookhookhookhookhook", id="webhook"),
    ],
)
def test_line_net_still_masks_what_it_scans_for(line: str, hidden: str) -> None:
    assert hidden not in mask_line(line)
    assert MASK in mask_line(line)


@pytest.mark.parametrize("fmt, text", LEAKS)
def test_hidden_spans_from_the_checks_candidates(fmt: str, text: str) -> None:
    """The CLI masks a file's report lines with the secrets of the candidates its check read
    (pipeline.FileResult.candidates): the same spans as scanning the file again."""
    from urilint.masking import hidden_spans
    from urilint.pipeline import lint
    from urilint.settings import Settings

    for settings in (Settings(select=frozenset({"ALL"})), Settings()):
        result = lint(text, fmt, settings)
        assert result.candidates and result.secrets  # (each case reports its secret's URI)
        every = hidden_spans(text, fmt, settings)
        assert hidden_spans(text, fmt, settings, result.candidates) == every
        assert hidden_spans(text, fmt, settings, result.candidates, known=result.secrets) == every


def _texts_asked(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> List[str]:
    """The texts the real ``module.name`` (a function of a text first) is called with, from now
    on: the function still runs."""
    asked: List[str] = []
    real = getattr(module, name)

    def counted(text: str, *args: object, **kwargs: object) -> object:
        asked.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return asked


def test_a_file_with_findings_is_scanned_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Placing a file's reports needs its secrets' source spans; they come from the candidates
    the check read, not from a second scan of the file."""
    from urilint import scanners
    from urilint.cli import main

    (tmp_path / "doc.md").write_text("See <HTTP://example.com/a> and <postgres://app:Zq7pw@db.internal/x>.\n",
                                     encoding="utf-8")
    scans = _texts_asked(monkeypatch, scanners, "scan")
    monkeypatch.chdir(tmp_path)
    code = main(["check", "--isolated", "--select", "ALL", "--output-format", "full", "doc.md"])
    out = capsys.readouterr().out
    assert code == 1 and "URI201" in out and "URI301" in out
    assert "Zq7pw" not in out
    assert len(scans) == 1, len(scans)


def test_the_line_net_reuses_a_reported_uris_secret_spans(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """The line that shows a reported URI is masked with the secret spans its check worked out,
    not spans worked out a second time (that cost a password's report as much as its check)."""
    from urilint import secrets
    from urilint.cli import main

    uri = "postgres://app:Zq7pw@db.internal/x"
    (tmp_path / "doc.md").write_text(f"See <{uri}>.\n", encoding="utf-8")
    asked = _texts_asked(monkeypatch, secrets, "secret_spans")
    monkeypatch.chdir(tmp_path)
    code = main(["check", "--isolated", "--output-format", "full", "doc.md"])
    out = capsys.readouterr().out
    assert code == 1 and "URI301" in out and "Zq7pw" not in out and f"See <{uri}>" not in out
    assert asked.count(uri) == 1, asked
    # Other placeholder syntaxes than the net's: the check's spans are not the net's to reuse.
    assert known_uri_secrets(lint(f"<{uri}>", "markdown", Settings(placeholders=frozenset())), Settings(
        placeholders=frozenset())) == {}
    assert known_uri_secrets(lint(f"<{uri}>", "markdown", Settings()), Settings()) == {uri: [(15, 20)]}


def _placed_both_ways(text: str, fmt: str, settings: Settings) -> None:
    """place() shows the same with the secrets of every candidate and with those of the
    candidates reaching into what it reads (the CLI's)."""
    from urilint.masking import hidden_spans
    from urilint.pipeline import lint
    from urilint.report import read_ranges
    from urilint.scanners.positions import LineIndex

    result = lint(text, fmt, settings)
    if not result.findings:
        return
    index = LineIndex.of(text)
    every = hidden_spans(text, fmt, settings, result.candidates)
    near = hidden_spans(text, fmt, settings, result.candidates, read_ranges(result.findings, index, len(text)),
                        result.secrets)
    assert set(near) <= set(every)
    placed = place("f", text, result.findings, index, hidden=every)
    assert place("f", text, result.findings, index, hidden=near) == placed
    # The line net given the reported URIs' secret spans (the CLI's) shows the same.
    known = known_uri_secrets(result, settings)
    assert place("f", text, result.findings, index, hidden=near, known=known) == placed


#: A reported URI beside a secret whose own finding is suppressed: only the file's candidates
#: can mask that secret on the reported line (the line net cannot read it).
NEIGHBOURS = [
    pytest.param("python", 'U = ["HTTP://a.example/", "postgres://admin:Zq7" "pw@db/x"]  # noqa: URI301\n',
                 id="py-concatenation"),
    pytest.param("html", "<!-- urilint-disable-next-line URI301 -->\n"
                 '<a href="HTTP://a.example/">a</a> <a href="postgres://admin:Zq7&#115;ent@db/x">b</a>\n',
                 id="html-entity"),
]


@pytest.mark.parametrize("fmt, text", LEAKS + NEIGHBOURS)
def test_only_the_secrets_near_the_reports_are_needed(fmt: str, text: str) -> None:
    settings = Settings(select=frozenset({"ALL"}))
    _placed_both_ways(text, fmt, settings)
    # The same with other lines around it: a secret there is not needed.
    _placed_both_ways(text + "\n" + text.replace("Zq7", "Zq8") + "\n", fmt, settings)


@pytest.mark.parametrize("fmt, text", NEIGHBOURS)
def test_a_suppressed_secret_beside_a_report_is_masked(fmt: str, text: str) -> None:
    from urilint.masking import hidden_spans
    from urilint.pipeline import lint
    from urilint.report import read_ranges
    from urilint.scanners.positions import LineIndex

    settings = Settings(select=frozenset({"ALL"}))
    result = lint(text, fmt, settings)
    assert [f.code for f in result.findings] == ["URI201"]
    index = LineIndex.of(text)
    hidden = hidden_spans(text, fmt, settings, result.candidates, read_ranges(result.findings, index, len(text)))
    (report,) = place("f", text, result.findings, index, hidden=hidden)
    assert "Zq7" not in report.line and MASK in report.line


def test_only_the_secrets_near_the_reports_are_needed_on_the_corpora() -> None:
    from tests.conftest import CORPORA, need_shared
    from urilint.scanners import format_for_path
    from urilint.settings import Settings

    root = need_shared(CORPORA / "realworld")
    checked = 0
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.stat().st_size > 200_000 or b"\0" in path.read_bytes()[:1024]:
            continue
        fmt = format_for_path(path.name)
        text = path.read_text("utf-8", errors="replace")
        for settings in (Settings(), Settings(select=frozenset({"ALL"}))):
            _placed_both_ways(text, fmt, settings)
        checked += 1
    assert checked > 100


# -- secret parameters outside every URI ------------------------------------------------------
# A space ends a URI in prose; what follows it ("b?x=1#access_token=...") is no URI a scanner
# reads, yet its secret parameter is shown on the report's line unless the line net masks it.
@pytest.mark.parametrize("line, secret", [
    pytest.param("see https://user:Zq9TlmNb8V@db.internal/a b?x=1#access_token=S3cr3tPw9", "S3cr3tPw9",
                 id="after-a-uri-cut-by-a-space"),
    pytest.param("open https://x.example/a b&api_key=Zq7k3yV4lu3 now", "Zq7k3yV4lu3", id="ampersand"),
    pytest.param("https://x.example/a%20b c;password=hunter2x", "hunter2x", id="semicolon-strong-name"),
    pytest.param("then /cb?to\u212aen=Zq7kelvin123 is sent", "Zq7kelvin123", id="kelvin-sign-name"),
    pytest.param("x y?sig=Zq7aB9cD8eF7gH6iJ5", "Zq7aB9cD8eF7gH6iJ5", id="weak-name-random-value"),
])
def test_line_net_masks_a_secret_parameter_outside_any_uri(line: str, secret: str) -> None:
    masked = mask_line(line)
    assert secret not in masked and MASK in masked


@pytest.mark.parametrize("line", [
    pytest.param("[x](https://zoom.us/j/739385290?pwd=abcdefXYZ123)<br>", id="inside-a-uri-masked-by-it"),
    pytest.param("the page ?q=1&page=2 and more", id="ordinary-parameters"),
    pytest.param("set ?key=abc in the form", id="weak-name-plain-value"),
    pytest.param("a b?token={token}", id="placeholder"),
    pytest.param("a b?token=", id="empty-value"),
    pytest.param("token=Zq7abc without a delimiter before it", id="no-delimiter"),
])
def test_line_net_leaves_other_parameters(line: str) -> None:
    masked = mask_line(line)
    if "zoom.us" in line:  # masked once, by the URI's own spans: the closing ")" stays
        assert masked == "[x](https://zoom.us/j/739385290?pwd=" + MASK + ")<br>"
    else:
        assert masked == line
