"""Many findings: time per unit as findings per URI, per file and f-string fields grow.

The other adversarial suites grow inputs that are mostly clean; this one grows the *reports*.
Each case is built at N, 2N and 4N units and run through what ``urilint check`` does with one
decoded file (``bench.adversarial_files.pipeline``: scan, rules, suppressions, the secrets'
source spans, placing the reports), in a forked child with a time limit.  The table gives microseconds per unit at each
size and the ``adversarial`` suite's two ratios of per-unit times (largest / smallest and largest
/ middle), with its flag: either above 3, or a time-out, is SUPERLINEAR.  The cases:

* many findings in one URI: a ``data:`` URI wrapped over N lines inside an SVG attribute (a
  newline per line), a Markdown link ``[x](<...>)`` and an HTML ``href`` whose URI holds N spaces;
* many findings in one file: N lines of Markdown and of Python, each with a URI that has three
  findings; and N such URIs read through escapes, so that each fix's source edit is written
  and checked by the format (an HTML entity, a Python escape, a concatenated Python literal,
  a Python escape in a notebook's code cell, an inserted "/" in a notebook's Markdown cell);
* many fixes that change how the text around them reads, under ``--fix --unsafe-fixes``: N
  blocks of HTML links whose fixes end a tag another line opened (the fixer finds which edits
  are safe together within a bounded number of reads);
* f-strings: N fields in a URL's path (``f"https://h/{a[0]}/{a[1]}..."``), and N fields
  around a URL (``f"{a[0]} ... https://h/x {a[N]} ..."``).

The default N of each case keeps 4N below the caps on reports per URI, so the sizes compare
equal work per unit; ``--scale`` multiplies every N.

A second table holds issue 16's "a reported URI costs at most 3x a clean one": ``urilint.check``
on N distinct clean URIs against N URIs that each have exactly one finding (one kind per row:
an upper-case scheme, a default port, a space, an encoded unreserved character, a password, and
the corpora's commonest findings: an empty path, an unknown scheme, a non-ASCII path),
timed taking turns; the ratio is per URI.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import urilint

from bench import adversarial_files, common
from bench.adversarial import FLAG_RATIO, Scaling, fmt_flagged_ratio
from urilint.settings import Settings

#: Every rule on, so every problem the cases build is reported (normalization is off by default).
EVERY_RULE = Settings(select=frozenset({"ALL"}))


def pipeline(text: str, fmt: str, fix: bool = False) -> int:
    """What ``urilint check --select ALL`` (with ``fix``: and ``--fix --unsafe-fixes``) does with
    one decoded file; the number of reports (left after the fixes)."""
    return adversarial_files.pipeline(text, fmt, EVERY_RULE, fix)

SVG_LINE = "    iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk\n"


def svg_data_uri(n: int) -> str:
    """An SVG ``<image href="data:...">`` whose base64 payload is wrapped over ``n`` lines."""
    return ('<svg xmlns="http://www.w3.org/2000/svg">\n  <image href="data:image/png;base64,\n'
            + SVG_LINE * n + '    AAAAASUVORK5CYII=" width="1" height="1"/>\n</svg>\n')


def markdown_link_spaces(n: int) -> str:
    return "See [the page](<https://a.example/" + "a " * n + "b>) for details.\n"


def html_href_spaces(n: int) -> str:
    return '<p><a href="https://a.example/' + "a " * n + 'b">the page</a></p>\n'


def markdown_bad_uris(n: int) -> str:
    # upper-case scheme, upper-case host, default port: three findings per line
    return "".join(f"- see <HTTP://Example.COM:80/a/{i}>\n" for i in range(n))


def python_bad_uris(n: int) -> str:
    return "URLS = [\n" + "".join(f'    "HTTP://Example.COM:80/a/{i}",\n' for i in range(n)) + "]\n"


def html_entity_uris(n: int) -> str:
    # read through an entity ("&amp;"), so each fix's source edit is not the URI's own slice
    return "<html><body>\n" + "".join(f'<a href="HTTP://Example.COM:80/a/{i}?x=1&amp;y=2">t</a>\n'
                                      for i in range(n)) + "</body></html>\n"


def python_escaped_uris(n: int) -> str:
    return "URLS = [\n" + "".join(f'    "HTTP://Example.COM:80/a/{i}\\x2db",\n' for i in range(n)) + "]\n"


def python_concatenated_uris(n: int) -> str:
    return "URLS = [\n" + "".join(f'    "HTTP://Example.COM:80/" "a/{i}",\n' for i in range(n)) + "]\n"


def notebook_escaped_uris(n: int) -> str:
    # the Python case in a notebook's code cell: a fix is written through the cell, then its JSON
    source = ["URLS = [\n"] + [f'    "HTTP://Example.COM:80/a/{i}\\x2db",\n' for i in range(n)] + ["]\n"]
    cell = {"cell_type": "code", "metadata": {}, "source": source, "outputs": [], "execution_count": None}
    return json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1)


#: Fixes that change how the text around them reads: encoding the "<" and ">" of the second
#: link ends the tag the first line's stray quote leaves open (the fixer finds such edits by
#: halving, within a bounded number of reads of the edited file).
#: Malformed tags (a value glued to the next name), read as the tokenizer reads them since
#: session 13 (before, as prose, their fixes interfered), and a bare URI whose "%7e", decoded at
#: its end, would read as trailing punctuation: that fix is a culprit each round must find.
INTERFERING_FIXES = ('<a href="ht\ttp://a@b@maker.ifttt.com//  \u2026!#"x y">t</a>\n'
                     '<a href="<data:text/plain;base64 ,aGVsbG8gd29y bGQ=>">t</a>\n'
                     '<a href="{+base}.*//&"Z/  #token=.}">t</a>\n'
                     '<a href="?{,&amp;&amp;$X">t</a>\n'
                     '<p>see http://x.io/a%7e.</p>\n')


def html_interfering_fixes(n: int) -> str:
    # n blocks, each with fixes that interfere and a link whose fixes do not, fixed
    return "<html><body>\n" + "".join(f"<p>{i}</p>\n" + INTERFERING_FIXES
                                      + f'<a href="HTTP://Example.COM:80/a/{i}?x=1&amp;y=2">t</a>\n'
                                      for i in range(n)) + "</body></html>\n"


def notebook_markdown_insertions(n: int) -> str:
    # a Markdown cell of links read through an entity, each fixed by inserting "/" (an insertion
    # is placed in the cell's JSON strings by a bisection over the cell's pieces)
    source = [f"- <https://x{i}.example.com?a=1&amp;b=2> a\\_b\n" for i in range(n)]
    cell = {"cell_type": "markdown", "metadata": {}, "source": source}
    return json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1)


def fstring_fields_in_url(n: int) -> str:
    fields = "/".join("{a[%d]}" % i for i in range(n))
    return f'def f(*a):\n    return f"https://example.com/{fields}"\n'


def fstring_fields_around_url(n: int) -> str:
    before = "".join("{a[%d]} " % i for i in range(n))
    after = "".join(" {a[%d]}" % i for i in range(n, 2 * n))
    return f'def f(*a):\n    return f"{before}https://example.com/x{after}"\n'


@dataclass(frozen=True)
class Case:
    name: str
    fmt: str  #: the format the text is read as (``pipeline``'s)
    unit: str  #: what N counts
    build: Callable[[int], str]
    n: int  #: N at 1x (full run)
    quick_n: int
    fix: bool = False  #: run the fixes too (``--fix --unsafe-fixes``)


CASES: Tuple[Case, ...] = (
    Case("svg-data-uri-wrapped", "html", "line", svg_data_uri, 40, 5),
    Case("md-link-spaces", "markdown", "space", markdown_link_spaces, 200, 10),
    Case("html-href-spaces", "html", "space", html_href_spaces, 200, 10),
    Case("md-bad-uris", "markdown", "URI", markdown_bad_uris, 1000, 20),
    Case("py-bad-uris", "python", "URI", python_bad_uris, 1000, 20),
    Case("html-entity-uris", "html", "URI", html_entity_uris, 250, 10),
    Case("py-escaped-uris", "python", "URI", python_escaped_uris, 250, 10),
    Case("py-concatenated-uris", "python", "URI", python_concatenated_uris, 250, 10),
    Case("nb-escaped-uris", "notebook", "URI", notebook_escaped_uris, 50, 5),
    Case("nb-markdown-insertions", "notebook", "URI", notebook_markdown_insertions, 1000, 20),
    Case("html-interfering-fixes", "html", "block", html_interfering_fixes, 100, 5, fix=True),
    Case("fstring-fields-in-url", "python", "field", fstring_fields_in_url, 1000, 20),
    Case("fstring-fields-around-url", "python", "field", fstring_fields_around_url, 1000, 20),
)
MULTIPLES = (1, 2, 4)


@dataclass(frozen=True)
class Result(Scaling):
    case: Case
    ns: Tuple[int, ...]
    #: seconds per unit at each size (named as :class:`Scaling` reads it; None: timed out)
    per_mb: Tuple[Optional[float], ...]
    reports: Tuple[int, ...]  #: reports at each size (what the input triggers)


def per_unit(text: str, case: Case, n: int, repeat: int, min_time: float) -> Tuple[float, int]:
    """(best seconds per unit, reports) of the case's pipeline on ``text``."""
    reports = pipeline(text, case.fmt, case.fix)  # warm-up, and what the table shows
    timing = common.time_calls(lambda t: pipeline(t, case.fmt, case.fix), [text], repeat, min_time)
    return timing.best / n, reports


def measure(case: Case, ns: Sequence[int], repeat: int, min_time: float, timeout: float) -> Result:
    per: List[Optional[float]] = []
    reports: List[int] = []
    for n in ns:
        got = None
        if not per or per[-1] is not None:  # once a smaller size timed out, skip the bigger
            text = case.build(n)
            got = common.run_isolated(lambda: per_unit(text, case, n, repeat, min_time), timeout)
        per.append(None if got is None else got[0])
        reports.append(-1 if got is None else got[1])
    return Result(case, tuple(ns), tuple(per), tuple(reports))


def fmt_us(value: Optional[float], timeout: float) -> str:
    return f"> {timeout:g} s" if value is None else f"{value * 1e6:.3g}"


def print_scaling(results: Sequence[Result], timeout: float) -> None:
    pairs = [(2, 0), (2, 1)]
    headers = ["case", "format", "unit", *(f"us/unit @{m}x" for m in MULTIPLES),
               *(f"{MULTIPLES[i]}x/{MULTIPLES[j]}x" for i, j in pairs), "N @1x", "reports @1x/2x/4x", "flag"]
    body = [[r.case.name, r.case.fmt, r.case.unit, *(fmt_us(v, timeout) for v in r.per_mb),
             *(fmt_flagged_ratio(r.ratio(i, j)) for i, j in pairs), str(r.ns[0]),
             "/".join("-" if c < 0 else str(c) for c in r.reports),
             "SUPERLINEAR" if r.flagged() else "ok"] for r in results]
    right = [False, False, False, True, True, True, True, True, True, True, False]
    common.stdout_line(f"\n## microseconds per unit (ratios: per-unit time at 4x / at a smaller size; "
                       f"flag > {FLAG_RATIO:g} or a time-out)\n")
    common.stdout_line(common.render_table(headers, body, right))
    flagged = [r for r in results if r.flagged()]
    common.stdout_line(f"\n{len(flagged)} of {len(results)} cases flagged"
                       + (": " + ", ".join(r.case.name for r in flagged) if flagged else ""))


# -- a reported URI against a clean one ---------------------------------------------------------
#: (kind, URI template): each yields URIs with exactly one default finding (checked at run time).
REPORTED: Tuple[Tuple[str, str], ...] = (
    ("upper-case scheme", "HTTP://example.com/items/{i}?page=2"),
    ("default port", "https://example.com:443/items/{i}?page=2"),
    ("space in the path", "https://example.com/items/{i} b?page=2"),
    ("encoded unreserved", "https://example.com/items/%7e{i}?page=2"),
    ("password in userinfo", "postgres://app:Xk9mQ2vL7pR4wZt8{i}@db.internal/app?page=2"),
    # Common findings on the docs and realworld corpora (check --select ALL, link rules aside):
    # URI208 1,589 times, URI110 269, URI304 139, URI109 27.
    ("empty path", "https://items{i}.example.com"),
    ("unknown scheme", "myapp{i}://example.com/items?page=2"),
    ("non-ASCII path", "https://example.com/caf\u00e9/{i}?page=2"),
)
CLEAN = "https://example.com/items/{i}?page=2"
MAX_REPORTED_COST = 3.0


def uris(template: str, n: int) -> List[str]:
    return [template.format(i=i) for i in range(n)]


def check_all(items: Sequence[str]) -> Callable[[Any], Any]:
    def run(_: Any) -> int:
        return sum(len(urilint.check(u, settings=EVERY_RULE)) for u in items)
    return run


def reported_vs_clean(n: int, repeat: int, min_time: float) -> List[str]:
    sets = [("clean", uris(CLEAN, n))] + [(kind, uris(t, n)) for kind, t in REPORTED]
    findings = [sum(len(urilint.check(u, settings=EVERY_RULE)) for u in items) / n for _, items in sets]
    timings = common.time_interleaved([check_all(items) for _, items in sets], [None], repeat, min_time)
    body, lines = _against_clean([kind for kind, _ in sets], findings, timings, n, "", "findings", 2)
    common.stdout_line(f"\n## urilint.check per URI: {n:,} clean URIs against {n:,} with one finding each "
                       f"(best of {timings[0].runs}, taking turns)\n")
    common.stdout_line(common.render_table(["URIs", "findings/URI", "us/URI", "median us/URI", "x clean"],
                                           body, [False, True, True, True, True]))
    return lines


def _against_clean(kinds: Sequence[str], counts: Sequence[float], timings: Sequence[Any], n: int, where: str,
                   what: str, digits: int) -> Tuple[List[List[str]], List[str]]:
    """The table rows (kind, ``what`` per URI, best and median us per URI, x the first row,
    the clean one) and a target line per reported kind (held only when it has exactly one)."""
    clean = timings[0].best / n
    body: List[List[str]] = []
    lines: List[str] = []
    for kind, per_uri, timing in zip(kinds, counts, timings):
        cost = timing.best / n
        value = cost / clean if clean > 0 else None
        body.append([kind, f"{per_uri:.2f}", f"{cost * 1e6:.{digits}f}", f"{timing.median / n * 1e6:.{digits}f}",
                     common.fmt_ratio(value)])
        if kind != "clean":
            exact = per_uri == 1.0
            lines.append(common.verdict(
                f"a reported URI ({kind}){where} costs <= {MAX_REPORTED_COST:g}x a clean one",
                value if exact else None, None if value is None or not exact else value <= MAX_REPORTED_COST,
                f"{per_uri:.2f} {what} per URI, not 1"))
    return body, lines


#: One URI per line of a file, as people write them (the Markdown link's angle brackets allow a
#: space); each line must give exactly one report.
FILE_LINES = (("markdown", "- see [the page](<{uri}>) for more\n"), ("python", '    "{uri}",\n'))


def file_text(fmt: str, template: str, n: int) -> str:
    line = dict(FILE_LINES)[fmt]
    body = "".join(line.format(uri=u) for u in uris(template, n))
    return body if fmt != "python" else "URLS = [\n" + body + "]\n"


def reported_vs_clean_in_files(n: int, repeat: int, min_time: float) -> List[str]:
    """The same comparison where a user meets it: what ``urilint check --select ALL`` does with
    a file (scan, check, suppressions, secrets, placing each report with its masked line), a
    file of n clean URIs against one of n URIs with one finding each, per URI."""
    lines = []
    for fmt, _ in FILE_LINES:
        sets = [("clean", file_text(fmt, CLEAN, n))] + [(kind, file_text(fmt, t, n)) for kind, t in REPORTED]
        reports = [pipeline(text, fmt) / n for _, text in sets]
        timings = common.time_interleaved([lambda _, t=text: pipeline(t, fmt) for _, text in sets], [None],
                                          repeat, min_time)
        body, verdicts = _against_clean([kind for kind, _ in sets], reports, timings, n, f" in a {fmt} file",
                                        "reports", 1)
        lines += verdicts
        common.stdout_line(f"\n## a {fmt} file of {n:,} URIs, one per line: clean against one finding each "
                           f"(scan, check, suppressions, secrets, placing; best of {timings[0].runs}, taking turns)\n")
        common.stdout_line(common.render_table(["URIs", "reports/URI", "us/URI", "median us/URI", "x clean"],
                                               body, [False, True, True, True, True]))
    return lines


def _phases(items: Sequence[str]) -> List[Callable[[Any], Any]]:
    """The whole check of each URI, and its parts: the fast path's test (the clean shape and
    each rule's screen), the analysis (parsing, and the signs when the shape does not match),
    the analysis with the rules the screens or signs select, and the analysis with the secret
    spans a reported URI's messages are masked with (when the checker asks for them).  The rest is the candidate checks, vetting each fix,
    masking and sorting."""
    from urilint import checker, secrets
    from urilint.rules.base import Analysis
    from urilint.rules.signs import signs_of
    from urilint.rules.uri103_invalid_scheme import scheme_fault

    plan = checker._plan_of(EVERY_RULE)

    def analysed(u: str) -> Tuple[Analysis, Tuple[Any, ...]]:
        chosen = checker._shape_rules(u, plan)
        if chosen is None:
            found = checker._stand_in_shape(u)  # (a space: the clean shape with a letter for it)
            if found is not None:
                shape, m = found
                a = Analysis(u, plan.settings, plan.rules, plan.real_secrets_only, plan.aspects,
                             checker._shape_reference(u, shape, m))
                return a, plan.screened_stand_in(shape)
        a = Analysis(u, plan.settings, plan.rules, plan.real_secrets_only, plan.aspects)
        if chosen is not None:
            return a, chosen
        if scheme_fault(u) is not None:  # as the checker does, before the signs read the problems
            a.ignore_before = u.find(":") + 1
        return a, plan.rules_for(signs_of(a, plan.wanted))

    def whole(_: Any) -> None:
        for u in items:
            checker.check_planned(u, plan)

    def fast_path(_: Any) -> None:
        for u in items:
            checker._shape_rules(u, plan)

    def analysis(_: Any) -> None:
        for u in items:
            analysed(u)

    def rules(_: Any) -> None:
        for u in items:
            a, chosen = analysed(u)
            for rule in chosen:
                for _f in rule.check(a):
                    pass

    def secret_spans(_: Any) -> None:
        # As the checker asks for a reported URI (timed with the analysis, which the table takes
        # off; without a userinfo and with nothing may_hold_secret sees, it returns at once).
        for u in items:
            a, _chosen = analysed(u)
            secrets.secret_spans(u, plan.settings.placeholders, a.ref, a.may_hold_secret())

    return [whole, fast_path, analysis, rules, secret_spans]


def where_it_goes(n: int, repeat: int, min_time: float) -> None:
    """Why the 3x target is missed: what a reported URI pays on top of the fast path's test,
    each row's parts timed taking turns.  'analysis + rules' runs only the rules the screens
    (clean shape) or the signs (any other URI) select, as check() does."""
    sets = [("clean", uris(CLEAN, n))] + [(kind, uris(t, n)) for kind, t in REPORTED]
    body = []
    clean = None
    for kind, items in sets:
        whole, fast, analysis, rules, hidden = (t.best / n * 1e6 for t in
                                                common.time_interleaved(_phases(items), [None], repeat, min_time))
        clean = whole if clean is None else clean
        # 'analysis' and 'secret spans' are timed after the fast path's test (which picks the
        # rules), 'rules' after both: each part is the difference.
        hidden = max(0.0, hidden - analysis)
        rest = max(0.0, whole - (rules + hidden)) if kind != "clean" else 0.0
        body.append([kind, f"{whole:.1f}", f"{fast:.1f}", f"{max(0.0, analysis - fast):.1f}",
                     f"{max(0.0, rules - analysis):.1f}", f"{hidden:.1f}", f"{rest:.1f}",
                     common.fmt_ratio(whole / clean)])
    common.stdout_line(f"\n## where a reported URI's time goes (us per URI, {n:,} URIs per row)\n")
    common.stdout_line(common.render_table(
        ["URIs", "whole", "fast-path test", "analysis (+ signs)", "selected rules", "secret spans", "rest",
         "x clean"], body, [False] + [True] * 7))
    common.stdout_line("\nA reported URI pays the fast path's test, then the analysis (parsing the URI, and "
                       "working out its signs when it is not of the clean shape), the rules selected, the "
                       "secret spans when it may hold one, and the rest: the candidate checks and the "
                       "vetting of each fix.  (With --quick the sets are small enough for parse()'s cache "
                       "to hold them, so the analysis looks cheaper than it is.)")


def _file_phases(text: str, fmt: str) -> List[Callable[[Any], Any]]:
    """What ``pipeline`` does with a file, cut after each of its steps: the scan; the scan and
    each candidate's check; the whole ``lint`` (the checks' findings placed in the file with
    their edits, and suppression comments); that and the source spans of the file's secrets;
    the whole pipeline (placing each report with its masked line: the line net).  Each step's
    cost is the difference between two cuts."""
    from urilint import pipeline as p
    from urilint.checker import check_hiding
    from urilint.masking import hidden_spans, known_uri_secrets
    from urilint.report import read_ranges
    from urilint.scanners.positions import LineIndex

    def scan(_: Any) -> None:
        p.candidates(text, fmt, EVERY_RULE._replace(include_code_blocks=True))

    def checks(_: Any) -> None:
        plans: Dict[Tuple[bool, str], Any] = {}  # (as pipeline.checked_text: one per kind of candidate)
        for c in p.candidates(text, fmt, EVERY_RULE._replace(include_code_blocks=True)):
            key = (c.in_code, c.partial)
            plan = plans.get(key)
            if plan is None:
                plan = plans[key] = p._plan(EVERY_RULE, p.SOURCE, c.in_code, c.partial)
            check_hiding(c.uri, plan, c.context)

    def lint(_: Any) -> None:
        p.lint(text, fmt, EVERY_RULE)

    def secrets(_: Any) -> None:
        result = p.lint(text, fmt, EVERY_RULE)
        if result.findings:
            within = read_ranges(result.findings, LineIndex.of(text), len(text))
            hidden_spans(text, fmt, EVERY_RULE, result.candidates, within, result.secrets)
            known_uri_secrets(result, EVERY_RULE)

    return [scan, checks, lint, secrets, lambda _: pipeline(text, fmt)]


def where_it_goes_in_files(n: int, repeat: int, min_time: float) -> None:
    """Why a reported URI still costs more than 3x a clean one in a file for some kinds: each
    step of the pipeline per URI, the steps timed taking turns (``_file_phases``)."""
    for fmt, _ in FILE_LINES:
        body = []
        clean = None
        for kind, template in [("clean", CLEAN)] + list(REPORTED):
            text = file_text(fmt, template, n)
            cuts = [t.best / n * 1e6 for t in common.time_interleaved(_file_phases(text, fmt), [None], repeat,
                                                                         min_time)]
            whole = cuts[-1]
            clean = whole if clean is None else clean
            steps = [cuts[0]] + [max(0.0, b - a) for a, b in zip(cuts, cuts[1:])]
            body.append([kind, f"{whole:.1f}"] + [f"{s:.1f}" for s in steps] + [common.fmt_ratio(whole / clean)])
        common.stdout_line(f"\n## where a reported URI's time goes in a {fmt} file (us per URI, {n:,} URIs per "
                           "file, each step timed taking turns)\n")
        common.stdout_line(common.render_table(
            ["URIs", "whole", "scan", "checks", "placed, suppressions", "file's secrets", "reports, line net",
             "x clean"], body, [False] + [True] * 7))
    common.stdout_line("\nThe scan costs the same for every row; a reported URI adds its check, its finding "
                       "placed in the file (with the source edit of its fix), the source spans of the secrets "
                       "near it, and its report: the line shown, masked by the line net, which scans a line "
                       "that may hold a secret (an \"@\", a token's prefix, a secret's name) for every URI's "
                       "secrets.")


def floor(n: int, repeat: int, min_time: float) -> None:
    """What the reported path costs before any real rule: URIs off the clean shape (an
    upper-case scheme) checked with the signs worked out and one rule that reports at once and
    offers no fix, against clean URIs on the fast path, taking turns."""
    from urilint import checker
    from urilint.rules.base import Rule, Sign

    def at_once(a: Any) -> Any:
        return iter([nothing.finding(0, 1, "reported")])

    nothing = Rule("URI999", "reports-at-once", "", "", "none", True, "", (), (), check=at_once, signs=Sign.ANY)
    full = checker._plan_of(EVERY_RULE)
    bare = full._replace(rules=(nothing,), by_signs={}, fast=False)  # wanted: every rule's signs
    clean, reported = uris(CLEAN, n), uris(REPORTED[0][1], n)

    def clean_run(_: Any) -> None:
        for u in clean:
            checker.check_planned(u, full)

    def floor_run(_: Any) -> None:
        for u in reported:
            checker.check_planned(u, bare)

    c, f = (t.best / n * 1e6 for t in common.time_interleaved([clean_run, floor_run], [None], repeat, min_time))
    common.stdout_line(f"\nThe reported path's floor (analysis, signs and one rule that reports at once, no fix): "
                       f"{f:.1f} us per URI against {c:.1f} us for a clean one, {common.fmt_ratio(f / c)}.")


def run(argv: Sequence[str]) -> int:
    parser = common.make_parser("findings", __doc__.splitlines()[0] if __doc__ else "findings")
    parser.add_argument("--timeout", type=float, default=None, metavar="S",
                        help="time limit per (case, size) measurement (default 60; 10 with --quick)")
    parser.add_argument("--min-time", type=float, default=None, metavar="S",
                        help="each timed run lasts at least S seconds (default 0.05; 0.002 with --quick)")
    parser.add_argument("--scale", type=float, default=1.0, metavar="F", help="multiply every case's N by F")
    parser.add_argument("--uris", type=int, default=None, metavar="N",
                        help="URIs per set in the reported-vs-clean table (default 5000; 200 with --quick)")
    args = parser.parse_args(argv)
    repeat = common.repeat_of(args, default=3, quick_default=1)
    timeout = args.timeout if args.timeout is not None else (10.0 if args.quick else 60.0)
    min_time = args.min_time if args.min_time is not None else (0.002 if args.quick else 0.05)
    n_uris = args.uris or (200 if args.quick else 5000)

    common.stdout_line("# findings: does time per unit stay flat as the reports grow?")
    common.stdout_line(common.environment_line())
    common.stdout_line(f"sizes: N, 2N, 4N units per case; best of {repeat} runs, each >= {min_time} s; "
                       f"limit {timeout:g} s per measurement"
                       + ("  [--quick: too small to judge linearity]" if args.quick else ""))
    results = []
    for case in CASES:
        base = max(1, round((case.quick_n if args.quick else case.n) * args.scale))
        results.append(measure(case, [base * m for m in MULTIPLES], repeat, min_time, timeout))
    print_scaling(results, timeout)

    lines = reported_vs_clean(n_uris, max(repeat, 3), min_time)
    lines += reported_vs_clean_in_files(n_uris, max(repeat, 3), min_time)
    where_it_goes(n_uris, max(repeat, 3), min_time)
    where_it_goes_in_files(n_uris, max(repeat, 3), min_time)
    floor(n_uris, max(repeat, 3), min_time)
    common.stdout_line("\n## targets (issue 16)\n")
    for line in lines:
        common.stdout_line(line)
    return 0
