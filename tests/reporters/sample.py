"""A small run, built by hand so every expected output below can be checked by eye: several
files, a span running onto the next line, non-ASCII and wide characters before a span, a tab in
the line, safe, unsafe and no fixes, a path with "," and ":", and file errors."""

from __future__ import annotations

from urilint.finding import FileError
from urilint.report import PlacedEdit, Report, RunResult


def col(line: str, needle: str) -> int:
    """1-based column of ``needle`` in ``line`` (code points)."""
    return line.index(needle) + 1


L_SCHEME = "see HTTP://example.com/ here"
SCHEME = Report("docs/guide.md", "URI201", "scheme-not-lowercase", "scheme 'HTTP' should be lowercase: 'http'",
                3, 5, 3, 9, L_SCHEME, "HTTP://example.com/", "safe",
                (PlacedEdit("http://example.com/", 3, 5, 3, 24),))

L_WRAPPED = "link <https://example.com/a b"
WRAPPED = Report("docs/guide.md", "URI101", "invalid-character", "a space cannot appear in a URI",
                 7, 7, 8, 4, L_WRAPPED, "https://example.com/a b\ncd", "display-only", ())

L_WIDE = "s = '漢字é https://EXAMPLE.com/'"
WIDE = Report("src/ünï.py", "URI202", "host-not-lowercase", "the host should be lowercase",
              12, col(L_WIDE, "EXAMPLE"), 12, col(L_WIDE, "EXAMPLE") + 11, L_WIDE, "https://EXAMPLE.com/", "safe",
              (PlacedEdit("https://example.com/", 12, col(L_WIDE, "https"), 12, col(L_WIDE, "https") + 20),))

L_TAB = "\tfetch('http://example.com/%zz')"
TAB = Report("src/ünï.py", "URI102", "invalid-percent-encoding", "'%zz' is not a percent-encoding",
             20, col(L_TAB, "%zz"), 20, col(L_TAB, "%zz") + 3, L_TAB, "http://example.com/%zz", "unsafe",
             (PlacedEdit("http://example.com/%25zz", 20, col(L_TAB, "http"), 20, col(L_TAB, "http") + 22),))

L_ODD = "sig=**** (100%, ok)"
ODD = Report("data/a,b:c.txt", "URI304", "secret-in-query", "query parameter 'sig' carries a secret: 100%, really",
             1, 1, 1, 9, L_ODD, "https://x.example/?sig=****", "display-only", ())

REPORTS = (SCHEME, WRAPPED, WIDE, TAB, ODD)
ERROR = FileError("bin/blob.dat", "undecodable bytes at byte 12")
NOTICE = FileError("docs/latin.txt", "decoded with replacement characters", fatal=False)
RESULT = RunResult(REPORTS, (ERROR, NOTICE), files_checked=5)
CLEAN = RunResult((), (), files_checked=3)
