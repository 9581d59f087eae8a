"""The command line: the only module that touches sys, the terminal and the disk."""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter, deque
from itertools import islice
from pathlib import Path
from typing import (
    IO,
    TYPE_CHECKING,
    Any,
    Callable,
    Dict,
    FrozenSet,
    List,
    Mapping,
    NamedTuple,
    Optional,
    Sequence,
    Set,
    TextIO,
    Tuple,
    TypeVar,
    Union,
    overload,
)

from . import __version__, pipeline
from .config import Config, ConfigError, load, load_config, split_selectors
from .files import Walker, WriteError, display, read, walk, write_atomically
from .finding import UNCHECKED, FileError, FileFinding, Span
from .report import Report, place, read_ranges, with_cells
from .reporters.common import plural, printable
from .rfc3986 import RULES, normalize, resolve, validate
from .rules import RULES as LINT_RULES
from .rules import enabled_link_rules, lookup
from .rules.base import Rule
from .scanners import REGISTRY, format_for_path
from .scanners.base import locator
from .scanners.positions import LineIndex
from .secrets import redact
from .settings import Settings

if TYPE_CHECKING:  # loaded only when used: the link rules' trees when a link rule runs, the
    # baseline with --baseline or --write-baseline, masking when a file has findings or a diff
    from . import baseline
    from .links.provider import TreeLinks
    from .reporters.stream import Chunk

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
class Output(NamedTuple):
    """What a worker hands back of a file's findings: rendered in the run's format (the parent
    writes the text as it comes; it never holds a file's rich reports), and counted."""

    format: str = ""  #: an output format of check or dump; "" renders nothing (--diff, --statistics)
    color: bool = False
    fingerprints: bool = False  #: --write-baseline: count the findings' baseline keys


#: (code, digest, count) of a file's baseline keys (its path is the job's)
Fingerprints = Tuple[Tuple[str, str, int], ...]


class Job(NamedTuple):
    """Everything one worker needs for one file (picklable, for -j)."""

    path: Path
    shown: str
    config: Config
    fix: bool
    unsafe: bool
    diff: bool
    stdin: Optional[bytes] = None
    format: Optional[str] = None
    show_fixes: bool = False  #: count the fixes per code (--show-fixes)
    links: Optional[TreeLinks] = None  #: the run's trees, when a link rule (URI4xx) is selected
    output: Output = Output()
    #: --baseline: this file's recorded keys (None: no baseline), so the worker reports new ones only
    known: Optional[Fingerprints] = None


#: (code, name, count) of the findings one file's fixes removed
FixedCodes = Tuple[Tuple[str, str, int], ...]


class Outcome(NamedTuple):
    """What a worker hands back for one file: compact, picklable, its findings already text."""

    chunk: Optional[Chunk] = None  #: the findings, rendered and counted (None: nothing reported)
    errors: Tuple[FileError, ...] = ()
    fixed: int = 0
    diff: str = ""
    new_text: Optional[str] = None  #: stdin only: the fixed text to print
    checked: bool = False  #: the file was read and checked (not binary, unreadable or refused)
    fixed_codes: FixedCodes = ()  #: with --show-fixes: what the fixes removed, per code
    fingerprints: Fingerprints = ()  #: with --write-baseline: the findings' keys


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
        return Outcome(errors=(source._replace(path=job.shown),))
    errors: List[FileError] = []
    if source.decoded.undecodable:
        byte, _ = source.decoded.first_undecodable or (0, 0)
        errors.append(FileError(job.shown, f"undecodable bytes (first at byte {byte}); the rest was checked",
                                fatal=False))
    settings, ignored = job.config.settings, job.config.ignored_for(job.shown)
    role = job.config.role_for(job.shown, source.text)
    path = None if job.stdin is not None else str(job.path)  # the link rules resolve from it
    result = pipeline.lint(source.text, source.format, settings, role=role, ignored=ignored,
                           fix=job.fix or job.diff, unsafe=job.unsafe, path=path, links=job.links)
    if not result.checked:
        errors += [FileError(job.shown, n, fatal=False, kind=UNCHECKED) for n in result.notices]
        return Outcome(errors=tuple(errors))
    errors += [FileError(job.shown, n, fatal=False) for n in result.notices]
    text, fixed, diff, new_text = result.text, result.fixed, "", None
    if text != source.text:
        if job.diff:
            from .masking import hidden_spans, masked_diff

            # Masked by each secret's source position, in the old text and the new.
            diff = masked_diff(job.shown, source.text, text, hidden_spans(source.text, source.format, settings),
                               hidden_spans(text, source.format, settings, result.candidates))
            text = source.text
        elif job.stdin is not None:
            new_text = text
        else:
            try:
                write_atomically(source, text)
            except WriteError as exc:
                errors.append(FileError(job.shown, str(exc)))
                text, fixed = source.text, 0
    checked = result
    if text != result.text:  # the fixes were not kept: report the text as it is
        checked = pipeline.lint(text, source.format, settings, role=role, ignored=ignored, path=path, links=job.links)
    findings = checked.findings
    fixed_codes: FixedCodes = ()
    if job.show_fixes and fixed and result.text != source.text:
        before = findings if text == source.text else pipeline.lint(
            source.text, source.format, settings, role=role, ignored=ignored, path=path, links=job.links).findings
        fixed_codes = _fixed_codes(before, result.findings)
    index = LineIndex.of(text)
    hidden = _hidden(text, source.format, settings, checked, index)
    reports = place(job.shown, text, findings, index, hidden=hidden, known=_known(checked, settings))
    reports = with_cells(reports, findings, locator(REGISTRY.get(source.format), text))
    chunk, fingerprints = _hand_back(job, reports)
    return Outcome(chunk, tuple(errors), fixed, diff, new_text, True, fixed_codes, fingerprints)


def _known(checked: pipeline.FileResult, settings: Settings) -> Dict[str, List[Span]]:
    """The reported URIs' secret spans by their text, for place()'s line net (none without
    findings)."""
    if not checked.findings:
        return {}
    from .masking import known_uri_secrets

    return known_uri_secrets(checked, settings)


def _hidden(text: str, format: str, settings: Settings, checked: pipeline.FileResult,
            index: LineIndex) -> Tuple[Tuple[int, int], ...]:
    """The source spans of the secrets a file's report lines must not show (none without
    findings), from the candidates the check of ``text`` read that reach into those lines."""
    if not checked.findings:
        return ()
    from .masking import hidden_spans

    within = read_ranges(checked.findings, index, len(text))
    return tuple(hidden_spans(text, format, settings, checked.candidates, within, checked.secrets))


def _hand_back(job: Job, reports: List[Report]) -> Tuple[Optional[Chunk], Fingerprints]:
    """The file's reports as the parent needs them: not baselined, rendered and counted; with
    --write-baseline, their baseline keys.  Masking happened in place(): every line and URI
    rendered here is the masked one."""
    from . import reporters
    from .reporters import common

    fingerprints: Fingerprints = ()
    if job.output.fingerprints:
        from . import baseline

        keys = Counter(baseline.key(r)[1:] for r in reports)
        fingerprints = tuple((code, digest, n) for (code, digest), n in keys.items())
    if job.known is not None and reports:
        from . import baseline

        reports = baseline.new_only(reports, {(job.shown, code, digest): n for code, digest, n in job.known})
    if not reports:
        return None, fingerprints
    render = reporters.file_text(job.output.format) if job.output.format else None
    return common.chunk(job.shown, reports, render, job.output.color), fingerprints


def _fixed_codes(before: Sequence[FileFinding], after: Sequence[FileFinding]) -> FixedCodes:
    """Per code, how many findings of ``before`` are gone ``after`` the fixes."""
    gone = Counter((f.code, f.name) for f in before)
    gone.subtract(Counter((f.code, f.name) for f in after))
    return tuple((code, name, n) for (code, name), n in sorted(gone.items()) if n > 0)


def _settings_from_args(args: argparse.Namespace, base: Settings) -> Settings:
    """``base`` with the command line's selectors applied; a selector that names no rule, or an
    empty one, is a ConfigError (it would check less than asked, silently)."""
    changes: Dict[str, Any] = {}
    if args.select is not None:
        changes["select"] = split_selectors(args.select, "--select")
    if args.extend_select is not None:
        changes["extend_select"] = base.extend_select | split_selectors(args.extend_select, "--extend-select")
    if args.ignore is not None:
        changes["ignore"] = split_selectors(args.ignore, "--ignore")
    if args.extend_ignore is not None:
        changes["ignore"] = changes.get("ignore", base.ignore) | split_selectors(args.extend_ignore,
                                                                                  "--extend-ignore")
    if args.include_code_blocks:
        changes["include_code_blocks"] = True
    return base._replace(**changes) if changes else base


def _load(args: argparse.Namespace) -> Config:
    if args.isolated:
        config = Config()
    elif args.config:
        config = load(Path(args.config))
    else:
        config = load_config(Path.cwd())
    per_file = tuple(config.per_file_ignores) + tuple(_per_file_ignore(item) for item in args.per_file_ignores or ())
    return config._replace(settings=_settings_from_args(args, config.settings), per_file_ignores=per_file,
        exclude=tuple(args.exclude.split(",")) if args.exclude else config.exclude,
        extend_exclude=config.extend_exclude + tuple(args.extend_exclude.split(",") if args.extend_exclude else ()),
    )


def _per_file_ignore(item: str) -> Tuple[str, FrozenSet[str]]:
    """One ``--per-file-ignores GLOB:CODES`` value (codes hold no ":", so the last one splits)."""
    glob, sep, codes = item.rpartition(":")
    if not sep or not glob.strip():
        raise ConfigError(f"--per-file-ignores: {ascii(item[:60])} is not GLOB:CODES (e.g. 'tests/*:URI301')")
    return glob, split_selectors(codes, f"--per-file-ignores {glob}")


def _shown(path: Path) -> str:
    text = display(path)
    return text[2:] if text.startswith("./") else text


class Jobs(Sequence[Job]):
    """The run's jobs, each built when it is asked for: what a run keeps per file is its path
    (a string), not a Job with its ``Path`` and display name, so memory does not grow with the
    number of files (issue 16: 2 KB per file before, a fifth of that now)."""

    def __init__(self, paths: List[str], template: Job, known: Optional[Mapping[str, Fingerprints]] = None) -> None:
        self.paths = paths
        self.template = template  #: every field but the path, the display name and ``known``
        self.known = known  #: --baseline: recorded keys by display name

    def __len__(self) -> int:
        return len(self.paths)

    def _job(self, path: str) -> Job:
        shown = _shown(Path(path))
        known = None if self.known is None else tuple(self.known.get(shown, ()))
        return self.template._replace(path=Path(path), shown=shown, known=known)

    @overload
    def __getitem__(self, index: int) -> Job: ...

    @overload
    def __getitem__(self, index: slice) -> List[Job]: ...

    def __getitem__(self, index: Union[int, slice]) -> Union[Job, List[Job]]:
        if isinstance(index, slice):
            return [self._job(p) for p in self.paths[index]]
        return self._job(self.paths[index])

    def with_fields(self, **fields: Any) -> "Jobs":
        """The same files with other shared fields (``known``: recorded keys by display name)."""
        known = fields.pop("known", self.known)
        return type(self)(self.paths, self.template._replace(**fields), known)


class _Stdin(Jobs):
    """One job reading standard input under the name it was given (shown as given)."""

    def _job(self, path: str) -> Job:
        known = None if self.known is None else tuple(self.known.get(self.template.shown, ()))
        return self.template._replace(known=known)


def _jobs(args: argparse.Namespace, config: Config) -> Tuple[Jobs, List[FileError]]:
    fix = bool(getattr(args, "fix", False))
    unsafe, diff = bool(getattr(args, "unsafe_fixes", False)), bool(getattr(args, "diff", False))
    show_fixes = bool(getattr(args, "show_fixes", False))
    paths = [Path(p) for p in (args.paths or ["."])]
    if args.stdin_filename or paths == [Path("-")]:
        name = args.stdin_filename or "-"
        data = sys.stdin.buffer.read()
        fmt = format_for_path(name) if args.stdin_filename else REGISTRY.fallback
        return _Stdin([name], Job(Path(name), name, config, fix, unsafe, diff, data, fmt, show_fixes)), []
    walker = Walker(exclude=config.exclude + config.extend_exclude, force_exclude=args.force_exclude,
                    respect_gitignore=config.respect_gitignore and not args.no_respect_gitignore)
    files: List[str] = []
    errors: List[FileError] = []
    seen: Set[str] = set()
    for item in walk(paths, walker):
        if isinstance(item, FileError):
            errors.append(item)
        else:
            name = os.fspath(item)
            if name not in seen:
                seen.add(name)
                files.append(name)
    if not files and not errors:
        # "All checks passed!" over nothing would mislead: say why nothing was checked.
        sys.stderr.write("urilint: warning: no files to check under the given paths (all excluded, or ignored "
                         "by a .gitignore: --no-respect-gitignore walks those)\n")
    return Jobs(files, Job(Path(), "", config, fix, unsafe, diff, show_fixes=show_fixes)), errors


class _Progress:
    """``urilint: i/n files`` on a terminal's stderr; :meth:`clear` takes the line away before
    anything else is written (the report streams while the run goes on)."""

    def __init__(self, total: int, shown: bool) -> None:
        self.total, self.shown, self.visible = total, shown, False

    def tick(self, i: int) -> None:
        if self.shown and (i % 25 == 0 or i == self.total):
            sys.stderr.write(f"\rurilint: {i}/{self.total} files")
            sys.stderr.flush()
            self.visible = True

    def clear(self) -> None:
        if self.visible:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
            self.visible = False


#: Batches in flight per worker process: enough that the others stay busy while the oldest
#: batch holds a slow file (4 left a worker idle behind it: -j 2 check was ~10% slower than
#: submitting everything), few enough that the results waiting behind it stay a bounded number
#: of files (memory stays flat however many files the run has).
_AHEAD = 16


def _work_batch(work: Callable[[Job], _T], batch: Sequence[Job]) -> List[_T]:
    return [work(job) for job in batch]


def _run(work: Callable[[Job], _T], jobs: Sequence[Job], workers: int, progress: _Progress,
         each: Callable[[Job, _T], None]) -> None:
    """``work`` on every job, in worker processes when there are enough files; ``each`` of the
    job and its outcome, in the jobs' order, as soon as it is done (it writes the outcome and
    lets it go: nothing is kept here)."""
    try:
        if workers <= 1 or len(jobs) < 16:
            for i, job in enumerate(jobs, 1):
                outcome = work(job)
                progress.tick(i)
                each(job, outcome)
            return
        # Imported here: multiprocessing costs a run of a few files (a commit hook) ~30 ms.
        from concurrent.futures import ProcessPoolExecutor

        size = max(1, min(32, len(jobs) // (workers * 8)))
        batches = (jobs[i:i + size] for i in range(0, len(jobs), size))
        with ProcessPoolExecutor(max_workers=workers) as pool:
            try:
                pending = deque((b, pool.submit(_work_batch, work, b)) for b in islice(batches, workers * _AHEAD))
                done = 0
                while pending:
                    batch, future = pending.popleft()
                    outcomes = future.result()
                    following = next(batches, None)
                    if following is not None:
                        pending.append((following, pool.submit(_work_batch, work, following)))
                    for job, outcome in zip(batch, outcomes):
                        done += 1
                        progress.tick(done)
                        each(job, outcome)
            finally:
                pool.shutdown(cancel_futures=True)  # when ``each`` failed (a closed pipe): stop at once
    finally:
        progress.clear()


def _want_progress(n: int) -> bool:
    return n >= 200 and sys.stderr.isatty() and not os.environ.get("CI")


def _usage_error(message: str) -> int:
    """A usage, configuration or output error: one line on stderr, exit code 2."""
    print(f"urilint: error: {message}", file=sys.stderr)
    return 2


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stream
        return False


def use_color(choice: str, stream: TextIO, to_file: bool = False) -> bool:
    """``--color``: "always" and "never" decide; "auto" colours a terminal, and any stream when
    FORCE_COLOR is set (CI logs render ANSI), never when NO_COLOR is set (it wins, as in CPython
    and pytest) or when writing --output-file (a file is data).  Empty variables count as unset
    (https://no-color.org)."""
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR") or to_file:
        return False
    return bool(os.environ.get("FORCE_COLOR")) or _isatty(stream)


def writable_problem(name: str) -> Optional[str]:
    """Why ``name`` cannot be written, checked before the run (so a long run, or one that fixes
    files, does not end in a lost report), or None.  The write itself can still fail."""
    path = Path(name)
    if path.is_dir():
        return "is a directory"
    folder = path.parent
    if not folder.is_dir():
        return f"its folder {printable(str(folder))} does not exist"
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return "is not writable"
    return None


def _write_output(option: str, name: str, text: str) -> Optional[str]:
    """Write ``text`` to the file ``name``; the one-line error (naming ``option``) when it fails."""
    try:
        Path(name).write_text(text, encoding="utf-8")
    except OSError as exc:
        return f"{option} {printable(name)}: cannot be written: {exc.strerror or exc}"
    return None


def _copy_output(option: str, name: str, spooled: IO[str]) -> Optional[str]:
    """:func:`_write_output` of what ``spooled`` holds, a block at a time.  The report is
    spooled, not written to ``name`` as it goes, so that the file appears whole at the end of
    the run, as it always did (a checked tree may contain it: it must not be read half written)."""
    import shutil

    try:
        spooled.seek(0)
        with Path(name).open("w", encoding="utf-8") as target:
            shutil.copyfileobj(spooled, target, 1 << 20)
    except OSError as exc:
        return f"{option} {printable(name)}: cannot be written: {exc.strerror or exc}"
    finally:
        spooled.close()
    return None


def _workers(args: argparse.Namespace) -> int:
    return int(args.jobs) if args.jobs is not None else (os.cpu_count() or 1)


def _cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    try:
        config = _load(args)
    except ConfigError as exc:
        return _usage_error(str(exc))
    for option in ("output_file", "write_baseline"):
        name = getattr(args, option)
        problem = writable_problem(name) if name else None
        if problem:
            return _usage_error(f"--{option.replace('_', '-')} {printable(name)}: {problem}")
    known = None
    if args.baseline and not args.write_baseline:  # --write-baseline records every finding
        from . import baseline

        try:
            known = baseline.by_path(baseline.loads(Path(args.baseline).read_text(encoding="utf-8"), args.baseline))
        except (OSError, baseline.BaselineError) as exc:
            return _usage_error(str(exc))
    jobs, errors = _jobs(args, config)
    links: Optional[TreeLinks] = None
    if enabled_link_rules(config.settings):  # one provider of trees and indexes for the run
        from .links.provider import TreeLinks

        links = TreeLinks(config.settings)
    progress = _Progress(len(jobs), _want_progress(len(jobs)))
    report = _CheckReport(args, out, progress)
    jobs = jobs.with_fields(links=links, output=report.output, known=known)
    try:
        for error in errors:
            report.error(error)
        _run(process, jobs, _workers(args), progress, report.add)
        return report.finish()
    finally:
        report.discard()


class _CheckReport:
    """What `check` writes, as the files finish and in their order: each file's errors (stderr)
    and findings (the report, or with --diff its patch), while counters keep what the closing
    lines need.  No report is kept: memory does not grow with the findings."""

    def __init__(self, args: argparse.Namespace, out: TextIO, progress: _Progress) -> None:
        from . import reporters
        from .reporters.statistics import Counts

        self.args, self.out, self.progress = args, out, progress
        quiet = args.diff or args.write_baseline  # what they write is not the report
        fmt = "" if quiet or args.statistics else args.output_format
        color = use_color(args.color, out, to_file=args.output_file is not None)
        self.output = Output(fmt, color, bool(args.write_baseline))
        # --output-file: spooled, and written whole at the end (_copy_output).
        self.spooled: Optional[IO[str]] = None
        if args.output_file and not quiet:
            import tempfile

            self.spooled = tempfile.TemporaryFile("w+", encoding="utf-8", newline="")
        self.sink: IO[str] = self.spooled or out
        self.writer = reporters.writer(fmt, self.sink, color=color) if fmt else None
        self.log = reporters.ErrorLog(sys.stderr, color=use_color(args.color, sys.stderr), verbose=args.verbose,
                                      before=progress.clear)
        self.totals = reporters.Totals()
        self.counts = Counts()  # --statistics
        # --show-fixes, a row per file and code: what the fixes removed (--fix, --diff), or what
        # --fix would fix of the findings reported
        self.fixed_codes: List[Tuple[str, str, str, int]] = []
        self.would_fix: List[Tuple[str, str, str, int]] = []
        self.fingerprints: "Counter[baseline.Key]" = Counter()  # --write-baseline
        self.diffs = False
        self.stdin_fixed: Optional[str] = None

    def error(self, error: FileError) -> None:
        """A path that could not be walked."""
        self.log.add(error)
        self.totals.add_error(error)
        if self.writer is not None:
            self.writer.error(error)

    def add(self, job: Job, outcome: Outcome) -> None:
        """One checked file."""
        for error in outcome.errors:
            self.log.add(error)
            self.totals.add_error(error)
        self.totals.fixed += outcome.fixed
        self.totals.files_checked += outcome.checked
        chunk = outcome.chunk
        if chunk is not None:
            self.totals.add_chunk(chunk)
            self.counts.add(chunk.codes)
            if self.args.show_fixes and not self.args.fix:
                unsafe = self.args.unsafe_fixes
                self.would_fix += [(job.shown, code, name, safe + unsafe * risky)
                                   for code, name, _, safe, risky in sorted(chunk.codes) if safe + unsafe * risky]
        if self.writer is not None and outcome.new_text is None and (chunk is not None or outcome.errors):
            from .reporters.stream import Chunk

            if self.spooled is None:
                self.progress.clear()
            self.writer.file(chunk or Chunk(job.shown), outcome.errors)
        if outcome.diff:
            self.diffs = True
            self.progress.clear()
            self.out.write(outcome.diff)
        if outcome.new_text is not None:
            self.stdin_fixed = outcome.new_text
        self.fixed_codes += [(job.shown, *c) for c in outcome.fixed_codes]
        self.fingerprints.update({(job.shown, code, digest): n for code, digest, n in outcome.fingerprints})

    def finish(self) -> int:
        """The end of the report; the exit code."""
        from .reporters import full

        args, totals = self.args, self.totals
        self.log.close()
        if args.write_baseline:
            return self._write_baseline()
        if self.stdin_fixed is not None:
            self.out.write(self.stdin_fixed)  # ruff's contract: with --fix on stdin, the fixed text is the output
            if args.show_fixes:
                sys.stderr.write(full.fix_enumeration(self.fixed_codes))
        elif args.diff:
            self.out.flush()
            if args.show_fixes:
                sys.stderr.write(full.fix_enumeration(self.fixed_codes, would=True))
            # The patch stays clean on stdout; what it amounts to goes to stderr, as ruff does.
            sys.stderr.write(full.diff_summary(totals.fixed, 0 if args.unsafe_fixes else totals.unsafe))
        else:
            problem = self._close_report()
            if problem:
                return _usage_error(problem)
        if args.exit_zero:
            return 0
        if args.diff:
            return 1 if self.diffs else 0
        return 1 if totals.reports or totals.fatal else 0

    def _close_report(self) -> Optional[str]:
        from .reporters import full, statistics

        args = self.args
        if args.statistics:
            self.sink.write(statistics.render_counts(self.counts.rows()))
        elif self.writer is not None:
            self.writer.close(self.totals)
        enumeration = ""
        if args.show_fixes:
            enumeration = (full.fix_enumeration(self.fixed_codes) if args.fix
                           else full.fix_enumeration(self.would_fix, would=True))
        if enumeration and args.output_format in ("full", "concise") and not args.statistics:
            self.sink.write(enumeration)
            enumeration = ""
        spooled, self.spooled = self.spooled, None
        if spooled is not None:
            problem = _copy_output("--output-file", args.output_file, spooled)
            if problem:
                return problem
        if enumeration:  # a machine format's output must stay parseable
            sys.stderr.write(enumeration)
        return None

    def _write_baseline(self) -> int:
        """``--write-baseline``: record the findings; done (exit 0) once written, unless a file
        could not be checked (its findings are missing from the baseline)."""
        from . import baseline

        args = self.args
        problem = _write_output("--write-baseline", args.write_baseline, baseline.dumps_counts(self.fingerprints))
        if problem:
            return _usage_error(problem)
        name = printable(args.write_baseline)
        print(f"Recorded {plural(self.totals.reports, 'finding')} in {name} "
              f"(`--baseline {name}` reports only new ones).")
        return 1 if self.totals.fatal and not args.exit_zero else 0

    def discard(self) -> None:
        if self.writer is not None:
            self.writer.discard()
        if self.spooled is not None:
            self.spooled.close()


# --- dump ----------------------------------------------------------------------------------------
class Dumped(NamedTuple):
    """What `dump` found in one file: its rows, already rendered in the output format (secrets
    redacted), and its errors."""

    text: str = ""
    errors: Tuple[FileError, ...] = ()


def dump_file(job: Job) -> Dumped:
    """The candidates of one file as output rows.  Never raises (it runs in worker processes)."""
    try:
        return _dump_file(job)
    except Exception as exc:  # noqa: BLE001 - one bad file must not end the run
        return Dumped(errors=(_internal_error(job, exc),))


def _dump_file(job: Job) -> Dumped:
    from .reporters import dump

    source = read(job.path, job.format, job.stdin)
    if isinstance(source, FileError):
        return Dumped(errors=(source._replace(path=job.shown),))
    found = pipeline.candidates(source.text, source.format, job.config.settings)
    index = LineIndex.of(source.text)
    rows = []
    for c in found:
        row, col = index.line_col(c.start)
        end_row, end_col = index.line_col(c.end)
        rows.append((job.shown, redact(c.uri), c.context, c.in_code, row, col, end_row, end_col))
    return Dumped(dump.file_text(job.output.format, rows))


def _cmd_dump(args: argparse.Namespace, out: TextIO) -> int:
    from . import reporters
    from .reporters.json_report import JsonWriter
    from .reporters.stream import Chunk

    try:
        config = _load(args)
    except ConfigError as exc:
        return _usage_error(str(exc))
    jobs, errors = _jobs(args, config)
    output = Output(args.output_format)
    jobs = jobs.with_fields(output=output)
    progress = _Progress(len(jobs), _want_progress(len(jobs)))
    log = reporters.ErrorLog(sys.stderr, color=use_color(args.color, sys.stderr), verbose=args.verbose,
                             before=progress.clear)
    # Rows are written as the files finish, in their order: nothing is kept.
    writer = JsonWriter(out) if args.output_format == "json" else reporters.Writer(out)
    totals = reporters.Totals()

    def each(job: Job, dumped: Dumped) -> None:
        for error in dumped.errors:
            log.add(error)
            totals.add_error(error)
        if dumped.text:
            progress.clear()
            writer.file(Chunk(job.shown, dumped.text))

    for error in errors:
        log.add(error)
        totals.add_error(error)
    _run(dump_file, jobs, _workers(args), progress, each)
    log.close()
    writer.close(totals)
    return 1 if totals.fatal else 0


DESCRIPTION = """\
urilint finds malformed, non-normalized and credential-bearing URIs (RFC 3986) in code, docs and
configuration files, and fixes what is safe to fix.

examples:
  urilint check                    check every supported file below the current folder
  urilint check --fix              apply the safe fixes
  urilint check --diff             show what --fix would change; write nothing
  urilint rule URI301              explain a rule
  urilint validate 'http://a b/'   check one URI against RFC 3986
"""
EXIT_CODES = ("exit codes: 0 nothing reported, 1 findings remain or a file could not be read, 2 usage or "
              "configuration error (a module that does not parse is a warning, counted in the summary).")
EPILOG = EXIT_CODES + "  `urilint COMMAND --help` describes a command's options."
SELECTORS = "comma-separated codes (URI301), prefixes (URI3) or ALL"


def positive_int(text: str) -> int:
    """``-j``: a whole number of processes, at least 1 (0 or less would mean nothing sensible)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _add_file_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: .); - reads stdin")
    p.add_argument("--config", metavar="FILE", help="use this configuration file")
    p.add_argument("--isolated", action="store_true", help="ignore every configuration file")
    p.add_argument("--stdin-filename", metavar="NAME", help="read one file from stdin, named NAME")
    p.add_argument("--exclude", metavar="GLOBS", help="comma-separated globs replacing the configured excludes")
    p.add_argument("--extend-exclude", metavar="GLOBS", help="comma-separated globs added to the excludes")
    p.add_argument("--force-exclude", action="store_true", help="apply excludes to files named on the command line")
    p.add_argument("--no-respect-gitignore", action="store_true", help="also walk what .gitignore files ignore")
    p.add_argument("--select", metavar="CODES", help=f"check only these rules: {SELECTORS}")
    p.add_argument("--extend-select", metavar="CODES", help="check these rules too, besides the selected ones")
    p.add_argument("--ignore", metavar="CODES", help=f"do not check these rules: {SELECTORS}")
    p.add_argument("--extend-ignore", metavar="CODES", help="do not check these rules either")
    p.add_argument("--per-file-ignores", metavar="GLOB:CODES", action="append",
                   help="do not check these rules in files matching GLOB (repeatable), e.g. 'tests/*:URI301'")
    p.add_argument("--include-code-blocks", action="store_true", help="also check URIs in code spans and blocks")
    p.add_argument("-j", "--jobs", type=positive_int, metavar="N", help="parallel processes (default: all cores)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="list every skipped binary file (by default one line counts them)")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="colour the output: auto (default) on a terminal or with FORCE_COLOR set, "
                        "never with NO_COLOR set")


def _validate_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("uri", nargs="+", help="the URIs to check (quote them for the shell)")
    p.add_argument("--rule", choices=RULES, default="URI-reference",
                   help="the ABNF rule to match (default: URI-reference)")
    p.set_defaults(func=_cmd_validate)


def _normalize_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("uri", nargs="+", help="the URIs to normalize")
    p.set_defaults(func=_cmd_normalize)


def _resolve_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("base", help="the base URI (absolute)")
    p.add_argument("ref", help="the reference to resolve")
    p.add_argument("--non-strict", action="store_true", help="read 'http:g' as relative to an http base")
    p.set_defaults(func=_cmd_resolve)


def _check_options(p: argparse.ArgumentParser) -> None:
    _add_file_options(p)
    p.add_argument("--fix", action="store_true", help="apply safe fixes")
    p.add_argument("--unsafe-fixes", action="store_true", help="with --fix or --diff, also apply unsafe fixes")
    p.add_argument("--diff", action="store_true",
                   help="print the diff --fix would apply and how many fixes it holds; write nothing")
    p.add_argument("--show-fixes", action="store_true",
                   help="list the fixes per file and code: those applied (with --fix) or those --fix would apply")
    p.add_argument("--output-format", default="full", choices=("full", "concise", "json", "sarif", "github", "junit"),
                   help="full (default: each finding with its line and the suggested fix), concise (one line "
                        "each), json, sarif, github (workflow annotations) or junit")
    p.add_argument("--output-file", metavar="FILE", help="write the report to FILE instead of stdout")
    p.add_argument("--statistics", action="store_true", help="print the number of findings per code")
    p.add_argument("--exit-zero", action="store_true", help="exit 0 even when findings remain")
    p.add_argument("--baseline", metavar="FILE", help="report only findings not recorded in FILE")
    p.add_argument("--write-baseline", metavar="FILE",
                   help="record the current findings in FILE (for --baseline) and exit 0")
    p.set_defaults(func=_cmd_check)


def _dump_options(p: argparse.ArgumentParser) -> None:
    _add_file_options(p)
    p.add_argument("--output-format", default="text", choices=("text", "json"),
                   help="text (default: one line per URI) or json")
    p.set_defaults(func=_cmd_dump)


def _rules_options(p: argparse.ArgumentParser) -> None:
    p.set_defaults(func=_cmd_rules)


def _rule_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("code", help="a code (URI301) or a name (password-in-userinfo)")
    p.set_defaults(func=_cmd_rule)


#: Each command: name, the help line in ``urilint --help``, its own description and epilog, and
#: what adds its options.
COMMANDS: Tuple[Tuple[str, str, str, Optional[str], Callable[[argparse.ArgumentParser], None]], ...] = (
    ("validate", "check URIs against RFC 3986 Appendix A, with a caret at each problem",
     "Check URIs against RFC 3986 Appendix A; print a caret under each problem.", None, _validate_options),
    ("normalize", "print the RFC 3986 section 6 normal form of URIs",
     "Print the RFC 3986 section 6 normal form of each URI.", None, _normalize_options),
    ("resolve", "resolve a reference against a base URI (RFC 3986 section 5.2)",
     "Resolve a reference against a base URI (RFC 3986 section 5.2).", None, _resolve_options),
    ("check", "check files for URI problems (and fix them)",
     "Check files for URI problems, and fix them with --fix.", EXIT_CODES, _check_options),
    ("dump", "list every URI candidate with its position (secrets redacted)",
     "List every URI candidate with its position and context (secrets redacted).", None, _dump_options),
    ("rules", "list every rule", "List every rule: code, name, default, summary.", None, _rules_options),
    ("rule", "show a rule's documentation", "Show a rule's documentation.", None, _rule_options),
)


def build_parser(only: Optional[str] = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``only``, one command's parser under the same top level.

    argparse builds every sub-parser before it reads a word, and the seven take a commit hook
    about 4 ms; a command line that names its command needs only that one.  Everything a user
    sees of it (its options, ``--help``, errors) is the same; the top level's own ``--help``,
    and a first word that is not a command, get the whole parser."""
    # The top level's epilog shows only in ``urilint --help`` (the whole parser): wrapped there.
    epilog = None
    if only is None:
        import textwrap

        epilog = textwrap.fill(EPILOG, 79)
    parser = argparse.ArgumentParser(prog="urilint", description=DESCRIPTION, epilog=epilog,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"urilint {__version__}",
                        help="print the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands",
                                help="the command to run")
    for name, summary, description, epilog, add_options in COMMANDS:
        if only is None or name == only:
            add_options(sub.add_parser(name, help=summary, description=description, epilog=epilog))
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    words = list(argv) if argv is not None else sys.argv[1:]
    parser = build_parser(only=words[0] if words and words[0] in {c[0] for c in COMMANDS} else None)
    try:
        args = parser.parse_args(words)
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
