"""Reports written as the files finish, in memory that does not grow with the run.

A run hands each checked file's findings to a :class:`Writer` as one :class:`Chunk`: the
findings already rendered in the output format (a worker process renders them, so the parent
receives one string, not rich objects) and a few counts per rule code.  The writer writes the
chunk at once when its format allows it; where a format puts something that depends on the
whole run *before* the findings (SARIF's invocation, JUnit's totals), the findings wait in a
:class:`Spool` (memory up to :data:`SPOOL_MEMORY`, then a temporary file) and are copied out
when the run ends.  What the closing lines need is kept as counters (:class:`Totals`).
"""

from __future__ import annotations

from typing import IO, List, NamedTuple, Optional, Sequence, TextIO, Tuple

from ..finding import UNCHECKED, FileError

#: Characters a spool holds in memory before it moves to a temporary file.
SPOOL_MEMORY = 1 << 20
#: (code, name, findings, findings with a safe fix, findings with an unsafe fix) of one file
CodeCounts = Tuple[str, str, int, int, int]


class Chunk(NamedTuple):
    """What one file adds to a report: compact and picklable (it crosses from a worker)."""

    path: str
    text: str = ""  #: the file's findings rendered in the output format ("" for none)
    codes: Tuple[CodeCounts, ...] = ()  #: per code, in the order the codes first appear

    @property
    def reports(self) -> int:
        return sum(c[2] for c in self.codes)


class Totals:
    """The counts a report's closing lines (or envelope) need, summed over the run."""

    __slots__ = ("reports", "fixable", "unsafe", "fixed", "files_checked", "errors", "fatal", "unchecked")

    def __init__(self, fixed: int = 0, files_checked: int = 0) -> None:
        self.reports = 0
        self.fixable = 0  #: findings ``--fix`` fixes
        self.unsafe = 0  #: findings only ``--unsafe-fixes`` fixes
        self.fixed = fixed  #: findings fixed by --fix
        self.files_checked = files_checked
        self.errors = 0  #: files that could not be (fully) checked, notices included
        self.fatal = 0  #: of which could not be checked at all
        self.unchecked = 0  #: files not checked at all, said in a notice (finding.UNCHECKED)

    def add_chunk(self, chunk: Chunk) -> None:
        for _, _, n, safe, unsafe in chunk.codes:
            self.reports += n
            self.fixable += safe
            self.unsafe += unsafe

    def add_error(self, error: FileError) -> None:
        self.errors += 1
        self.fatal += error.fatal
        self.unchecked += error.kind == UNCHECKED


class Spool:
    """Text written now and read back once, at the end: in memory while small, then in an
    anonymous temporary file (deleted when closed), so a large report costs disk, not memory."""

    def __init__(self, memory: int = SPOOL_MEMORY) -> None:
        self._memory = memory
        self._parts: List[str] = []
        self._size = 0
        self._file: Optional[IO[str]] = None

    def write(self, text: str) -> None:
        if self._file is not None:
            self._file.write(text)
            return
        self._parts.append(text)
        self._size += len(text)
        if self._size > self._memory:
            import tempfile  # only a large report needs it (a commit hook's run starts faster)

            # newline="": every "\r" and "\n" comes back as it was written.
            self._file = tempfile.TemporaryFile("w+", encoding="utf-8", errors="surrogatepass", newline="")
            self._file.writelines(self._parts)
            self._parts = []

    def __bool__(self) -> bool:
        return self._size > 0

    def copy_to(self, out: TextIO) -> None:
        """Write what was spooled to ``out``, then let it go."""
        if self._file is None:
            out.writelines(self._parts)
            self._parts = []
            return
        self._file.seek(0)
        while True:
            block = self._file.read(self._memory)
            if not block:
                break
            out.write(block)
        self.close()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
        self._parts = []


class Writer:
    """Writes one run's report to ``out`` as chunks arrive.  The base writes each chunk as it
    is and ends with nothing: the formats that need more override :meth:`close` and the rest."""

    def __init__(self, out: TextIO, color: bool = False) -> None:
        self.out = out
        self.color = color
        self.spools: List[Spool] = []

    def spool(self) -> Spool:
        made = Spool()
        self.spools.append(made)
        return made

    def error(self, error: FileError) -> None:
        """A file that could not be walked (not one of the checked files)."""

    def file(self, chunk: Chunk, errors: Sequence[FileError] = ()) -> None:
        """One checked file: its findings and its errors (a file read in part is checked)."""
        if chunk.text:
            self.out.write(chunk.text)

    def close(self, totals: Totals) -> None:
        """Write what ends the report."""

    def discard(self) -> None:
        """Free what the writer holds (its temporary files) without writing it."""
        for s in self.spools:
            s.close()
