"""The command line: the only module that touches sys, the terminal and the disk."""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import fnmatch
import json
import os
import sys
from pathlib import Path
from typing import Any, Callable, Dict, FrozenSet, Iterable, List, Optional, Sequence, TextIO, Tuple, TypeVar, Union

from . import __version__, baseline, pipeline
from .config import Config, ConfigError, config_from_mapping, load, load_config
from .files import SourceFile, Walker, WriteError, display, read, walk, write_atomically
from .finding import FileError
from .report import Report, RunResult, mask_line, place, with_cells
from .scanners import REGISTRY, extract, format_for_path
from .scanners.base import locator
from .scanners.positions import LineIndex
from .secrets import redact
from .settings import Settings
from .rfc3986 import RULES, normalize, resolve, validate
from .rules import RULES as LINT_RULES
from .rules import lookup
from .rules.base import Rule

_T = TypeVar("_T")



def rule_table() -> str:
    """The Markdown rule table README.md carries (a test keeps the two identical)."""
    lines = ["| code | name | summary | default | fix |", "| --- | --- | --- | --- | --- |"]
    for r in LINT_RULES:
        summary = r.summary.replace("|", "\\|")
        default = "on" if r.default else "off"
        lines.append(f"| {r.code} | {r.name} | {summary} | {default} | {r.fix_safety} |")
    return "\n".join(lines)


def rule_doc(rule: Rule) -> str:
    head = f"# {rule.code} {rule.name}\n\n{rule.summary}.\n\nReference: {rule.reference}\n"
    flags = f"On by default: {'yes' if rule.default else 'no'}.  Fix: {rule.fix_safety}.\n\n"
    return head + flags + rule.doc


def _cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    for r in LINT_RULES:
        print(f"{r.code}  {r.name:<32} {'' if r.default else '(off) '}{r.summary}", file=out)
    return 0


def _cmd_rule(args: argparse.Namespace, out: TextIO) -> int:
    rule = lookup(args.code)
    if rule is None:
        print(f"urilint: no rule {args.code!r}; `urilint rules` lists them", file=sys.stderr)
        return 2
    print(rule_doc(rule), file=out)
    return 0


def _cmd_validate(args: argparse.Namespace, out: TextIO) -> int:
    ret = 0
    for uri in args.uri:
        problems = validate(uri, args.rule)
        if not problems:
            print(f"{uri}: valid {args.rule}", file=out)
            continue
        ret = 1
        for p in problems:
            print(f"{uri}", file=out)
            print(" " * p.offset + "^", file=out)
            print(f"column {p.offset + 1}: {p.message} [{p.rule}]", file=out)
    return ret


def _cmd_normalize(args: argparse.Namespace, out: TextIO) -> int:
    for uri in args.uri:
        print(normalize(uri), file=out)
    return 0


def _cmd_resolve(args: argparse.Namespace, out: TextIO) -> int:
    print(resolve(args.base, args.ref, strict=not args.non_strict), file=out)
    return 0


# --- check -------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Job:
    """Everything one worker needs for one file (picklable, for -j)."""

    path: Path
    shown: str
    config: Config
    fix: bool
    unsafe: bool
    diff: bool
    stdin: Optional[bytes] = None
    format: Optional[str] = None


@dataclasses.dataclass(frozen=True)
class Outcome:
    reports: Tuple[Report, ...] = ()
    errors: Tuple[FileError, ...] = ()
    fixed: int = 0
    diff: str = ""
    new_text: Optional[str] = None  #: stdin only: the fixed text to print


def _masked_diff(shown: str, old: str, new: str) -> str:
    """A unified diff whose every line is masked: context lines may hold secrets of other URIs."""
    lines = difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True),
                                 fromfile=f"a/{shown}", tofile=f"b/{shown}")
    out = []
    for line in lines:
        body = line.rstrip("\r\n")
        end = line[len(body):] or "\n"
        if line.startswith(("---", "+++", "@@")):
            out.append(body + "\n")
        else:
            out.append(body[:1] + mask_line(body[1:]) + end.replace("\r", "") )
    return "".join(out)


def _internal_error(job: Job, exc: Exception) -> FileError:
    return FileError(job.shown, f"internal error ({type(exc).__name__}); please report it")


def process(job: Job) -> Outcome:
    """Check (and fix) one file.  Never raises: anything unexpected becomes a FileError."""
    try:
        return _process(job)
    except Exception as exc:  # noqa: BLE001 - one bad file must not end the run
        return Outcome(errors=(_internal_error(job, exc),))


def _process(job: Job) -> Outcome:
    source = read(job.path, job.format, job.stdin)
    if isinstance(source, FileError):
        return Outcome(errors=(dataclasses.replace(source, path=job.shown),))
    errors: List[FileError] = []
    if source.decoded.undecodable:
        byte, _ = source.decoded.first_undecodable or (0, 0)
        errors.append(FileError(job.shown, f"undecodable bytes (first at byte {byte}); the rest was checked",
                                fatal=False))
    settings, ignored = job.config.settings, job.config.ignored_for(job.shown)
    role = job.config.role_for(job.shown)
    result = pipeline.lint(source.text, source.format, settings, role=role, ignored=ignored,
                           fix=job.fix or job.diff, unsafe=job.unsafe)
    errors += [FileError(job.shown, n, fatal=False) for n in result.notices]
    if not result.checked:
        return Outcome(errors=tuple(errors))
    text, fixed, diff, new_text = result.text, result.fixed, "", None
    if text != source.text:
        if job.diff:
            diff, text = _masked_diff(job.shown, source.text, text), source.text
        elif job.stdin is not None:
            new_text = text
        else:
            try:
                write_atomically(source, text)
            except WriteError as exc:
                errors.append(FileError(job.shown, str(exc)))
                text, fixed = source.text, 0
    findings = result.findings
    if text != result.text:  # the fixes were not kept: report the text as it is
        findings = pipeline.lint(text, source.format, settings, role=role, ignored=ignored).findings
    reports = place(job.shown, text, findings, LineIndex.of(text))
    reports = with_cells(reports, findings, locator(REGISTRY.get(source.format), text))
    return Outcome(tuple(reports), tuple(errors), fixed, diff, new_text)


def _settings_from_args(args: argparse.Namespace, base: Settings) -> Settings:
    changes: Dict[str, Any] = {}
    def codes(value: Optional[str]) -> FrozenSet[str]:
        return frozenset(c.strip().upper() for c in (value or "").split(",") if c.strip())
    if args.select is not None:
        changes["select"] = codes(args.select)
    if args.extend_select:
        changes["extend_select"] = base.extend_select | codes(args.extend_select)
    if args.ignore is not None:
        changes["ignore"] = codes(args.ignore)
    if args.extend_ignore:
        changes["ignore"] = changes.get("ignore", base.ignore) | codes(args.extend_ignore)
    if args.include_code_blocks:
        changes["include_code_blocks"] = True
    return dataclasses.replace(base, **changes) if changes else base


def _load(args: argparse.Namespace) -> Config:
    if args.isolated:
        config = Config()
    elif args.config:
        config = load(Path(args.config))
    else:
        config = load_config(Path.cwd())
    per_file = tuple(config.per_file_ignores)
    for item in args.per_file_ignores or ():
        glob, _, codes = item.partition(":")
        per_file += ((glob, frozenset(c.strip().upper() for c in codes.split(",") if c.strip())),)
    return dataclasses.replace(
        config, settings=_settings_from_args(args, config.settings), per_file_ignores=per_file,
        exclude=tuple(args.exclude.split(",")) if args.exclude else config.exclude,
        extend_exclude=config.extend_exclude + tuple(args.extend_exclude.split(",") if args.extend_exclude else ()),
    )


def _shown(path: Path) -> str:
    text = display(path)
    return text[2:] if text.startswith("./") else text


def _jobs(args: argparse.Namespace, config: Config) -> Tuple[List[Job], List[FileError]]:
    fix = bool(getattr(args, "fix", False))
    unsafe, diff = bool(getattr(args, "unsafe_fixes", False)), bool(getattr(args, "diff", False))
    paths = [Path(p) for p in (args.paths or ["."])]
    if args.stdin_filename or paths == [Path("-")]:
        name = args.stdin_filename or "-"
        data = sys.stdin.buffer.read()
        fmt = format_for_path(name) if args.stdin_filename else REGISTRY.fallback
        return [Job(Path(name), name, config, fix, unsafe, diff, data, fmt)], []
    walker = Walker(exclude=config.exclude + config.extend_exclude, force_exclude=args.force_exclude,
                    respect_gitignore=config.respect_gitignore and not args.no_respect_gitignore)
    jobs: List[Job] = []
    errors: List[FileError] = []
    seen = set()
    for item in walk(paths, walker):
        if isinstance(item, FileError):
            errors.append(item)
        elif item not in seen:
            seen.add(item)
            jobs.append(Job(item, _shown(item), config, fix, unsafe, diff))
    if not jobs and not errors:
        # "All checks passed!" over nothing would mislead: say why nothing was checked.
        sys.stderr.write("urilint: warning: no files to check under the given paths (all excluded, or ignored "
                         "by a .gitignore: --no-respect-gitignore walks those)\n")
    return jobs, errors


def _run(work: Callable[[Job], _T], jobs: List[Job], workers: int, progress: bool) -> List[_T]:
    """``work`` on every job, in order; in worker processes when there are enough files."""
    if workers <= 1 or len(jobs) < 16:
        iterator: Iterable[_T] = map(work, jobs)
        pool = None
    else:
        # Imported here: multiprocessing costs a run of a few files (a commit hook) ~30 ms.
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(max_workers=workers)
        iterator = pool.map(work, jobs, chunksize=max(1, min(32, len(jobs) // (workers * 8))))
    outcomes: List[_T] = []
    try:
        for i, outcome in enumerate(iterator, 1):
            outcomes.append(outcome)
            if progress and (i % 25 == 0 or i == len(jobs)):
                sys.stderr.write(f"\rurilint: {i}/{len(jobs)} files")
                sys.stderr.flush()
    finally:
        if pool is not None:
            pool.shutdown()
        if progress:
            sys.stderr.write("\r\033[K")
    return outcomes


def _want_progress(n: int) -> bool:
    return n >= 200 and sys.stderr.isatty() and not os.environ.get("CI")


def _cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    from . import reporters

    try:
        config = _load(args)
    except ConfigError as exc:
        print(f"urilint: error: {exc}", file=sys.stderr)
        return 2
    known = None
    if args.baseline:
        try:
            known = baseline.loads(Path(args.baseline).read_text(encoding="utf-8"), args.baseline)
        except (OSError, baseline.BaselineError) as exc:
            print(f"urilint: error: {exc}", file=sys.stderr)
            return 2
    jobs, errors = _jobs(args, config)
    workers = args.jobs if args.jobs else (os.cpu_count() or 1)
    outcomes = _run(process, jobs, workers, _want_progress(len(jobs)))
    reports = [r for o in outcomes for r in o.reports]
    errors += [e for o in outcomes for e in o.errors]
    fixed = sum(o.fixed for o in outcomes)
    if args.write_baseline:
        Path(args.write_baseline).write_text(baseline.dumps(reports), encoding="utf-8")
    if known is not None:
        reports = baseline.new_only(reports, known)
    result = RunResult(tuple(reports), tuple(errors), len(jobs), fixed)
    diffs = "".join(o.diff for o in outcomes)
    stdin_fixed = [o.new_text for o in outcomes if o.new_text is not None]
    return _emit(args, out, result, diffs, stdin_fixed, reporters)


def _emit(args: argparse.Namespace, out: TextIO, result: RunResult, diffs: str, stdin_fixed: List[str],
          reporters: Any) -> int:
    if stdin_fixed:
        out.write(stdin_fixed[0])  # ruff's contract: with --fix on stdin, the fixed text is the output
    elif args.diff:
        out.write(diffs)
    else:
        color = args.output_file is None and out.isatty() and not os.environ.get("NO_COLOR")
        rendered = reporters.render(args.output_format, result, color=color)
        if args.statistics:
            rendered = reporters.render_statistics(result)
        if args.output_file:
            Path(args.output_file).write_text(rendered, encoding="utf-8")
        else:
            out.write(rendered)
    errors_text = reporters.render_errors(result)
    if errors_text:
        sys.stderr.write(errors_text)
    if args.exit_zero:
        return 0
    if args.diff:
        return 1 if diffs else 0
    fatal = any(e.fatal for e in result.errors)
    return 1 if result.reports or fatal else 0


# --- dump ----------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Dumped:
    """What `dump` found in one file: its rows (secrets already redacted) and its errors."""

    rows: Tuple[Dict[str, Any], ...] = ()
    errors: Tuple[FileError, ...] = ()


def dump_file(job: Job) -> Dumped:
    """The candidates of one file as output rows.  Never raises (it runs in worker processes)."""
    try:
        return _dump_file(job)
    except Exception as exc:  # noqa: BLE001 - one bad file must not end the run
        return Dumped(errors=(_internal_error(job, exc),))


def _dump_file(job: Job) -> Dumped:
    source = read(job.path, job.format, job.stdin)
    if isinstance(source, FileError):
        return Dumped(errors=(dataclasses.replace(source, path=job.shown),))
    found = pipeline.candidates(source.text, source.format, job.config.settings)
    index = LineIndex.of(source.text)
    rows = []
    for c in found:
        row, col = index.line_col(c.start)
        end_row, end_col = index.line_col(c.end)
        rows.append({"filename": job.shown, "uri": redact(c.uri), "context": c.context, "in_code": c.in_code,
                     "location": {"row": row, "column": col}, "end_location": {"row": end_row, "column": end_col}})
    return Dumped(tuple(rows))


def _cmd_dump(args: argparse.Namespace, out: TextIO) -> int:
    try:
        config = _load(args)
    except ConfigError as exc:
        print(f"urilint: error: {exc}", file=sys.stderr)
        return 2
    jobs, errors = _jobs(args, config)
    workers = args.jobs if args.jobs else (os.cpu_count() or 1)
    dumped = _run(dump_file, jobs, workers, _want_progress(len(jobs)))
    rows = [r for d in dumped for r in d.rows]
    errors += [e for d in dumped for e in d.errors]
    if args.output_format == "json":
        out.write(json.dumps(rows, indent=2, ensure_ascii=False) + "\n")
    else:
        out.writelines(f"{r['filename']}:{r['location']['row']}:{r['location']['column']}: {r['context']}"
                       f"{' (in code)' if r['in_code'] else ''} {r['uri']}\n" for r in rows)
    for e in errors:
        print(f"{e.path}: {'error' if e.fatal else 'notice'}: {e.message}", file=sys.stderr)
    return 1 if any(e.fatal for e in errors) else 0


def _add_file_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: .); - reads stdin")
    p.add_argument("--config", metavar="FILE", help="use this configuration file")
    p.add_argument("--isolated", action="store_true", help="ignore every configuration file")
    p.add_argument("--stdin-filename", metavar="NAME", help="read one file from stdin, named NAME")
    p.add_argument("--exclude", metavar="GLOBS", help="comma-separated globs replacing the configured excludes")
    p.add_argument("--extend-exclude", metavar="GLOBS", help="comma-separated globs added to the excludes")
    p.add_argument("--force-exclude", action="store_true", help="apply excludes to files named on the command line")
    p.add_argument("--no-respect-gitignore", action="store_true", help="also walk what .gitignore files ignore")
    p.add_argument("--select", metavar="CODES")
    p.add_argument("--extend-select", metavar="CODES")
    p.add_argument("--ignore", metavar="CODES")
    p.add_argument("--extend-ignore", metavar="CODES")
    p.add_argument("--per-file-ignores", metavar="GLOB:CODES", action="append")
    p.add_argument("--include-code-blocks", action="store_true", help="also check URIs in code spans and blocks")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="urilint", description=__doc__)
    parser.add_argument("--version", action="version", version=f"urilint {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    p = sub.add_parser("validate", help="check URIs against RFC 3986 Appendix A, with a caret at each problem")
    p.add_argument("uri", nargs="+")
    p.add_argument("--rule", choices=RULES, default="URI-reference")
    p.set_defaults(func=_cmd_validate)
    p = sub.add_parser("normalize", help="print the RFC 3986 section 6 normal form of URIs")
    p.add_argument("uri", nargs="+")
    p.set_defaults(func=_cmd_normalize)
    p = sub.add_parser("resolve", help="resolve a reference against a base URI (RFC 3986 section 5.2)")
    p.add_argument("base")
    p.add_argument("ref")
    p.add_argument("--non-strict", action="store_true", help="read 'http:g' as relative to an http base")
    p.set_defaults(func=_cmd_resolve)
    p = sub.add_parser("check", help="check files for URI problems (and fix them)")
    _add_file_options(p)
    p.add_argument("--fix", action="store_true", help="apply safe fixes")
    p.add_argument("--unsafe-fixes", action="store_true", help="with --fix or --diff, also apply unsafe fixes")
    p.add_argument("--diff", action="store_true", help="print the diff --fix would apply; write nothing")
    p.add_argument("--output-format", default="full",
                   choices=("full", "concise", "json", "sarif", "github", "junit"))
    p.add_argument("--output-file", metavar="FILE")
    p.add_argument("--statistics", action="store_true", help="print the number of findings per code")
    p.add_argument("--exit-zero", action="store_true", help="exit 0 even when findings remain")
    p.add_argument("-j", "--jobs", type=int, default=0, metavar="N", help="parallel processes (default: all cores)")
    p.add_argument("--baseline", metavar="FILE", help="report only findings not recorded in FILE")
    p.add_argument("--write-baseline", metavar="FILE", help="record the current findings in FILE")
    p.set_defaults(func=_cmd_check)
    p = sub.add_parser("dump", help="list every URI candidate with its position (secrets redacted)")
    _add_file_options(p)
    p.add_argument("--output-format", default="text", choices=("text", "json"))
    p.add_argument("-j", "--jobs", type=int, default=0, metavar="N", help="parallel processes (default: all cores)")
    p.set_defaults(func=_cmd_dump)
    p = sub.add_parser("rules", help="list every rule")
    p.set_defaults(func=_cmd_rules)
    p = sub.add_parser("rule", help="show a rule's documentation")
    p.add_argument("code", help="a code (URI301) or a name (password-in-userinfo)")
    p.set_defaults(func=_cmd_rule)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv) if argv is not None else None)
    except SystemExit as exc:
        return int(exc.code or 0) if not isinstance(exc.code, str) else 2
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        ret: int = args.func(args, sys.stdout)
    except BrokenPipeError:
        # The reader went away (`urilint rules | head`): stop quietly, as Unix tools do.
        devnull = open(os.devnull, "w")
        os.dup2(devnull.fileno(), sys.stdout.fileno())
        return 1
    return ret


if __name__ == "__main__":
    raise SystemExit(main())
