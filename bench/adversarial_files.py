"""Linear time on hostile files: seconds per MB of the whole pipeline, per input class and format.

Where ``adversarial`` times the RFC 3986 core on one long URI, this suite times what ``urilint
check`` does with one file once it is read: the format's scanner, the rules on every candidate,
suppressions and the placing of reports (rows, columns, masked source lines), i.e.
``suppress.apply(check_text(text, format))`` then ``report.place``.  Each input class (runs of
``%``, ``:``, ``[``, ``(``, ``<``, a 1 MB single line, 100k backticks, unterminated fences and
comments, 100k-part implicit string concatenation ...) is built at three sizes (64 KB, 256 KB and
1 MB; 1 KB and 4 KB with ``--quick``) and read as every format.  The table gives seconds per MB
at each size and two ratios of per-MB times, largest/smallest and largest/middle; linear code
keeps them near 1 and either above 3 is flagged SUPERLINEAR.  Each measurement runs in a forked
child with a time limit (``--timeout``), so a quadratic case shows as "> limit" instead of
hanging, and the bigger sizes of that case are skipped.

A second table times ``urilint check`` (``main(argv)``, one process) on one big file (100 MB by
default, ``--big-mb``) written to a temporary folder; a third runs ``urilint check -j 2`` over
whole real corpora (the shared docs corpus, when ``../shared`` is there, and the interpreter's
standard library; ``--no-corpora`` skips it, ``--quick`` too) and counts findings per code and
internal errors (the test suite samples the standard library).

``tests/hardening/test_adversarial.py`` runs every class on every format once, without timing;
this module owns the classes (:data:`CLASSES`) so both agree.
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Dict, FrozenSet, Iterator, List, Optional, Sequence, Tuple

from bench import adversarial, common
from bench.adversarial import FLAG_RATIO, Scaling, fmt_flagged_ratio, fmt_seconds, size_label

if TYPE_CHECKING:
    from urilint.settings import Settings

FORMATS: Tuple[str, ...] = ("text", "markdown", "rst", "html", "yaml", "toml", "json", "ini", "env",
                            "shell", "python", "roff")


@dataclass(frozen=True)
class InputClass(adversarial.InputClass):
    """The core suite's ``prefix + unit * k + suffix``, with what whole files need besides."""

    #: Formats to skip (none by default: every class is read as every format).
    skip: FrozenSet[str] = field(default_factory=frozenset)
    #: Too slow for ``--quick`` (which must finish in seconds): a known cost that the full run shows.
    slow: bool = False

    @property
    def shape(self) -> str:
        unit = self.unit if len(self.unit) <= 24 else self.unit[:21] + "..."
        return f"{self.prefix!r} + {unit!r}*n" + (f" + {self.suffix!r}" if self.suffix else "")


#: The issue's classes first (ReDoS-style runs for every pattern, a 1 MB line, 100k backticks,
#: unterminated constructs, implicit concatenation), then shapes the hardening work found slow.
CLASSES: Tuple[InputClass, ...] = (
    InputClass("pct-run", "see ", "%"),                                    # "%%%%" in prose
    InputClass("colon-run", "see ", ":"),                                  # "::::": scheme / port
    InputClass("bracket-run", "see ", "["),                                # "[[[[": links, IP literals
    InputClass("paren-run", "see ", "("),                                  # "((((": destinations
    InputClass("angle-run", "see ", "<"),                                  # "<<<<": autolinks, tags
    InputClass("http-colon-run", "see http://a", ":"),                     # one URI, port of ":"
    InputClass("one-line-clean", "", "https://example.com/a/b?c=d#e "),   # a 1 MB line, no finding
    InputClass("one-line-dirty", "", "HTTP://Example.COM:80/./%7e "),      # a 1 MB line, 4 findings per URI
    InputClass("one-line-secrets", "", "http://u:Zq7pw@h.example/ "),     # a 1 MB line of credentials
    InputClass("backtick-run", "see ", "`"),                               # 100k backticks at 100 KB
    InputClass("backtick-pairs", "", "`a` "),                              # many code spans
    InputClass("unterminated-fence", "```\n", "see http://a.example/x\n"),
    InputClass("unterminated-html-comment", "<!-- ", "http://a.example/x\n"),
    InputClass("unterminated-py-string", "x = '''", "http://a.example/x\n"),
    InputClass("py-concat", "x = (\"http://a.example/\"\n", "\"b\"\n", ")\n"),  # 100k parts at 400 KB
    InputClass("py-concat-one-line", "x = (\"http://a.example/\"", " \"b\"", ")\n"),
    InputClass("nested-brackets", "", "[", "http://a.example/"),
    InputClass("link-in-link", "", "[x](", "http://a.example/)"),
    InputClass("many-lines", "", "k: HTTP://A.example/\n"),                # many findings, short lines
    # Found by the hardening work (reported): nested images, parenthesised URIs on one line,
    # several values on one config line, and one URI with a thousand bad percent signs.
    InputClass("nested-images", "", "![", "x"),
    InputClass("nested-images-closed", "", "![x](http://a.example/) "),
    InputClass("paren-uris-one-line", "", "(http://a.example/)"),
    InputClass("spaced-uris-one-line", "k: ", "http://a.example/ "),
    InputClass("uri-pct-run", "see http://a.example/", "%", slow=True),
    # Start tags the strict pattern cannot read, read as the HTML tokenizer does (session 13):
    # "<b<b<b" is one name to the end, and every "=" may open a quoted value.
    InputClass("tag-open-run", "", "<b", " http://a.example/"),
    InputClass("loose-tag-quotes", "<a ", 'x="'),
    InputClass("loose-tag-equals", "<a ", "x= "),
    # One URI of backslash escapes: reST reads each (docutils' reading, given back at the end).
    InputClass("uri-escape-run", "see http://a.example/", "\\-", "\\ x"),
    InputClass("uri-escaped-underscores", "see http://a.example/", "\\_", " x"),
    # A manual page's escapes inside one URI and around many (each read as what it prints).
    InputClass("uri-roff-escapes", "see \\fBhttp://a.example/", "a\\-\\&", "\\fR x"),
    InputClass("roff-escape-run", "see http://a.example/ ", "\\fB\\(la\\*[x]\\\""),
    # Inline literals of a plain-text file ("``code``"): a pair never spans a paragraph break.
    InputClass("literal-pairs-broken", "", "``\n\n", "http://a.example/"),
    InputClass("literal-uris", "", "``http://a.example/x y`` "),
    # Template tags in an HTML file ("{% ... %}", "{{ ... }}"): closed ones, and openers never closed.
    InputClass("template-tags", "", '{% x %}<a href="http://a.example/ b">'),
    InputClass("unclosed-template-tags", "", "{{ {% ", '<a href="http://a.example/">'),
    # reST tables (session 18): grid tables' cells read one by one, wrapped links in them; a
    # table as wide as the text (one cell per column); simple tables' top borders never closed.
    InputClass("grid-rows", "+------+--------------------+\n",
               "| a:b  | `x <https://ex.com/ |\n| c    | a>`_ d              |\n+------+--------------------+\n"),
    InputClass("grid-wide", "", "+-", "+\n|a|\n+-+\n"),
    InputClass("simple-table-tops", "", "===  ===\na:b  http://a.example/\n\n"),
    # ... and top borders that one bottom border closes at the end (each search once); a value
    # cut short before a run of dots (the elision is asked once per URI, not at each dot).
    InputClass("simple-tables-closed-late", "", "===  ===\nx  http://a.example/\n\n", "===  ===\n"),
    InputClass("dots-after-a-value", "see http://a.example/?a=b-", ".", " end"),
    # Session 19: grid rows with wide characters (display columns worked out per line), and a
    # man page's example blocks opened and never closed.
    InputClass("grid-rows-wide", "+--------+---------------------+\n",
               "| \u540d\u524d   | `x <https://ex.com/ |\n|        | a>`_ \u6771       |\n"
               "+--------+---------------------+\n"),
    InputClass("roff-examples-unclosed", "", ".EX\nsee http://a.example/ b\n.nf\n.ft C\n"),
)


def nested_images(size: int) -> str:
    """``![![![...x](u)](u)](u)``: each image holds the next (a CommonMark image description may
    hold images).  Not an :class:`InputClass`: both halves grow."""
    n = max(1, (size - 1) // 22)  # "![" and "](http://a.example/)": 22 characters per level
    return "![" * n + "x" + "](http://a.example/)" * n


#: Classes built by a function (both ends grow), with their shape for the header.
EXTRA: Tuple[Tuple[str, Callable[[int], str], str], ...] = (
    ("nested-images-both", nested_images, "'!['*n + 'x' + '](http://a.example/)'*n"),
)

FULL_SIZES = (64 * common.KB, 256 * common.KB, common.MB)
QUICK_SIZES = (common.KB, 4 * common.KB)


def builders(quick: bool = False) -> List[Tuple[str, Callable[[int], str], FrozenSet[str]]]:
    """(name, build(size), formats to skip) of every class (but the slow ones when ``quick``)."""
    out: List[Tuple[str, Callable[[int], str], FrozenSet[str]]] = [
        (c.name, c.build, c.skip) for c in CLASSES if not (quick and c.slow)]
    out += [(name, fn, frozenset()) for name, fn, _ in EXTRA]
    return out


def pipeline(text: str, fmt: str, settings: Optional["Settings"] = None, fix: bool = False) -> int:
    """What ``urilint check`` does with one decoded file once it is read (``cli._process``;
    with ``fix``, as ``--fix --unsafe-fixes`` does): the format's precheck, scan, rules and
    suppression comments (``pipeline.lint``), the source spans of the file's secrets from the
    candidates read, and placing each report with its masked line (the line net given the
    reported URIs' secret spans).  Returns the number of reports."""
    from urilint.masking import hidden_spans, known_uri_secrets
    from urilint.pipeline import lint
    from urilint.report import place, read_ranges
    from urilint.scanners.positions import LineIndex
    from urilint.settings import DEFAULT_SETTINGS

    settings = DEFAULT_SETTINGS if settings is None else settings
    result = lint(text, fmt, settings, fix=fix, unsafe=fix)
    index = LineIndex.of(text)
    hidden: List[Tuple[int, int]] = []
    known: Dict[str, List[Tuple[int, int]]] = {}
    if result.findings:
        within = read_ranges(result.findings, index, len(text))
        hidden = hidden_spans(text, fmt, settings, result.candidates, within, result.secrets)
        known = known_uri_secrets(result, settings)
    return len(place("f", text, result.findings, index, hidden=hidden, known=known))


@dataclass(frozen=True)
class Result(Scaling):
    klass: str
    fmt: str
    per_mb: Tuple[Optional[float], ...]
    reports: int  #: reports at the smallest size (to see what the input triggers)


def seconds_per_mb(text: str, fmt: str, repeat: int, min_time: float) -> float:
    timing = common.time_calls(lambda t: pipeline(t, fmt), [text], repeat, min_time)
    return timing.best / (len(text) / common.MB)


def measure(name: str, build: Callable[[int], str], fmt: str, sizes: Sequence[int], repeat: int,
            min_time: float, timeout: float, isolate: bool) -> Result:
    per_mb: List[Optional[float]] = []
    for size in sizes:
        if per_mb and per_mb[-1] is None:
            per_mb.append(None)  # a smaller size already timed out
            continue
        text = build(size)
        if isolate:
            per_mb.append(common.run_isolated(lambda: seconds_per_mb(text, fmt, repeat, min_time), timeout))
        else:
            per_mb.append(seconds_per_mb(text, fmt, repeat, min_time))
    return Result(name, fmt, tuple(per_mb), pipeline(build(sizes[0]), fmt))


# -- one big file through the command line ---------------------------------------------------
def big_file_lines() -> Iterator[str]:
    """Prose with a URI every few lines, a finding every few dozen: what a big log or dump holds."""
    i = 0
    while True:
        i += 1
        if i % 40 == 0:
            yield f"line {i}: see HTTP://Example.COM:80/a/./b/{i} for details\n"
        elif i % 4 == 0:
            yield f"line {i}: fetched https://example.com/items/{i}?page=2 in 12 ms\n"
        else:
            yield f"line {i}: nothing to see here, just words and numbers {i * 7} and more words\n"


def write_big_file(path: Path, megabytes: int) -> int:
    target = megabytes * common.MB
    written = 0
    with open(path, "w", encoding="utf-8", newline="") as handle:
        chunk: List[str] = []
        size = 0
        for line in big_file_lines():
            chunk.append(line)
            size += len(line)
            if size >= 1 << 20 or written + size >= target:
                handle.write("".join(chunk))
                written += size
                chunk, size = [], 0
                if written >= target:
                    break
    return written


def time_big_file(megabytes: int, timeout: float) -> Tuple[int, Optional[float]]:
    """(bytes, seconds) of ``urilint check --statistics FILE`` in a forked child."""
    from urilint.cli import main

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.txt"
        size = write_big_file(path, megabytes)

        def run() -> float:
            start = time.perf_counter()
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                main(["check", "--isolated", "--statistics", "--exit-zero", "-j", "1", str(path)])
            return time.perf_counter() - start

        return size, common.run_isolated(run, timeout)


# -- whole real corpora -------------------------------------------------------------------------
CORPUS_SUFFIXES = frozenset({".py", ".txt", ".rst", ".md", ".html", ".xml", ".json", ".toml", ".cfg", ".ini", ".sh"})


def stdlib_files() -> List[str]:
    """The standard library's files urilint reads, by name (under pyenv it sits in a folder an
    enclosing repository's .gitignore excludes, which a directory walk would honour)."""
    import sysconfig

    root = Path(sysconfig.get_paths()["stdlib"])
    return sorted(str(p) for p in root.rglob("*") if p.suffix in CORPUS_SUFFIXES
                  and "site-packages" not in p.parts and p.is_file() and not p.is_symlink())


def check_corpus(paths: Sequence[str]) -> Tuple[float, int, int, str]:
    """(seconds, findings, internal errors, findings per code) of ``urilint check -j 2``."""
    import json
    from collections import Counter

    from urilint.cli import main

    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        main(["check", "--isolated", "-j", "2", "--output-format", "json", "--exit-zero", *paths])
    seconds = time.perf_counter() - start
    reports = json.loads(out.getvalue() or "[]")
    counts = Counter(r["code"] for r in reports)
    internal = err.getvalue().count("internal error")
    return seconds, len(reports), internal, ", ".join(f"{c} {n}" for c, n in sorted(counts.items()))


def print_corpora() -> None:
    rows = []
    corpora: List[Tuple[str, List[str]]] = [("stdlib", stdlib_files())]
    if common.DOCS_CORPUS.is_dir():
        corpora.insert(0, ("docs corpus", [str(common.DOCS_CORPUS)]))
    else:
        common.stdout_line(f"\n({common.DOCS_CORPUS} is not present: docs corpus skipped)")
    for label, paths in corpora:
        files = [p for root in paths for p in ([root] if Path(root).is_file() else
                                               [str(f) for f in Path(root).rglob("*") if f.is_file()])]
        size = sum(Path(f).stat().st_size for f in files)
        seconds, findings, internal, per_code = check_corpus(paths)
        rows.append([label, f"{len(files):,}", f"{size / common.MB:.1f}", f"{seconds:.1f}",
                     f"{seconds / max(size / common.MB, 1e-9):.3f}", f"{findings:,}", str(internal), per_code])
    common.stdout_line("\n## urilint check -j 2 over whole real corpora\n")
    common.stdout_line(common.render_table(
        ["corpus", "files", "MB", "seconds", "s/MB", "findings", "internal errors", "per code"], rows,
        [False, True, True, True, True, True, True, False]))


def run(argv: Sequence[str]) -> int:
    parser = common.make_parser("adversarial_files", __doc__.splitlines()[0] if __doc__ else "adversarial_files")
    parser.add_argument("--timeout", type=float, default=None, metavar="S",
                        help="time limit per (class, format, size) measurement (default 60; 10 with --quick)")
    parser.add_argument("--min-time", type=float, default=None, metavar="S",
                        help="each timed run lasts at least S seconds (default 0.05; 0.002 with --quick)")
    parser.add_argument("--formats", metavar="LIST", help=f"comma-separated formats (default: {','.join(FORMATS)})")
    parser.add_argument("--classes", metavar="LIST", help="comma-separated class names (default: all)")
    parser.add_argument("--no-corpora", action="store_true", help="skip the real corpora table")
    parser.add_argument("--big-mb", type=int, default=None, metavar="N",
                        help="size of the big file for the command-line table (default 100; 0 skips it; 1 with --quick)")
    args = parser.parse_args(argv)
    repeat = common.repeat_of(args, default=2, quick_default=1)
    timeout = args.timeout if args.timeout is not None else (10.0 if args.quick else 60.0)
    min_time = args.min_time if args.min_time is not None else (0.002 if args.quick else 0.05)
    sizes = QUICK_SIZES if args.quick else FULL_SIZES
    formats = tuple(args.formats.split(",")) if args.formats else FORMATS
    unknown = sorted(set(formats) - set(FORMATS))
    classes = builders(args.quick and not args.classes)
    if args.classes:
        wanted = set(args.classes.split(","))
        unknown += sorted(wanted - {name for name, _, _ in classes})
        classes = [c for c in classes if c[0] in wanted]
    if unknown:
        parser.error(f"unknown formats or classes: {', '.join(unknown)}")
    big_mb = args.big_mb if args.big_mb is not None else (1 if args.quick else 100)

    common.stdout_line("# adversarial_files: does the pipeline stay linear on hostile files?")
    common.stdout_line(common.environment_line())
    common.stdout_line(f"sizes: {', '.join(size_label(s) for s in sizes)} (KB = 1024 chars); best of {repeat} "
                       f"runs, each >= {min_time} s; limit {timeout:g} s per measurement"
                       + ("  [--quick: too small to judge linearity; not isolated]" if args.quick else ""))
    common.stdout_line("classes: " + "; ".join(f"{c.name} = {c.shape}" for c in CLASSES)
                       + "; " + "; ".join(f"{name} = {shape}" for name, _, shape in EXTRA))

    results: List[Result] = []
    for name, build, skip in classes:
        for fmt in formats:
            if fmt not in skip:
                results.append(measure(name, build, fmt, sizes, repeat, min_time, timeout, not args.quick))
        if not args.quick:  # the full run takes long: show progress on stderr (the table needs all rows)
            print(f"# measured {name} ({len(results)} rows)", file=sys.stderr, flush=True)

    last = len(sizes) - 1
    pairs = [(last, 0)] + ([(last, last - 1)] if last > 1 else [])
    headers = ["class", "format", *(f"s/MB @{size_label(s)}" for s in sizes),
               *(f"{size_label(sizes[i])}/{size_label(sizes[j])}" for i, j in pairs),
               f"reports @{size_label(sizes[0])}", "flag"]
    body = [[r.klass, r.fmt, *(fmt_seconds(v, timeout) for v in r.per_mb),
             *(fmt_flagged_ratio(r.ratio(i, j)) for i, j in pairs), str(r.reports),
             "SUPERLINEAR" if r.flagged() else "ok"] for r in results]
    right = [False, False, *(True for _ in sizes), *(True for _ in pairs), True, False]
    common.stdout_line(f"\n## seconds per MB (ratios: per-MB time at {size_label(sizes[last])} / at a smaller "
                       f"size; flag > {FLAG_RATIO:g} or a time-out)\n")
    common.stdout_line(common.render_table(headers, body, right))
    flagged = [r for r in results if r.flagged()]
    common.stdout_line(f"\n{len(flagged)} of {len(results)} (class, format) pairs flagged"
                       + (": " + ", ".join(f"{r.klass}/{r.fmt}" for r in flagged) if flagged else ""))
    timed = [r for r in results if r.per_mb[-1] is not None and r.per_mb[-1] > 0]
    if timed:
        slow = max(timed, key=lambda r: r.per_mb[-1] or 0.0)
        fast = min(timed, key=lambda r: r.per_mb[-1] or 0.0)
        common.stdout_line(f"slowest per MB at {size_label(sizes[last])}: {slow.klass}/{slow.fmt} "
                           f"{fmt_seconds(slow.per_mb[-1], timeout)} s; fastest: {fast.klass}/{fast.fmt} "
                           f"{fmt_seconds(fast.per_mb[-1], timeout)} s")

    if big_mb > 0:
        big_timeout = max(timeout, 20.0 * big_mb)
        size, seconds = time_big_file(big_mb, big_timeout)
        common.stdout_line("\n## urilint check on one big file (main(argv), -j 1)\n")
        per_mb = None if seconds is None else seconds / (size / common.MB)
        common.stdout_line(common.render_table(
            ["file", "MB", "seconds", "s/MB"],
            [["big.txt (prose, a URI every 4 lines)", f"{size / common.MB:.0f}",
              fmt_seconds(seconds, big_timeout), fmt_seconds(per_mb, big_timeout)]],
            [False, True, True, True]))
    if not args.quick and not args.no_corpora:
        print_corpora()
    return 0
