"""GitHub Actions workflow commands: one annotation per finding, shown on the pull request.

``::error file=PATH,line=R,col=C,endLine=R2,endColumn=C2,title=URI301 (password-in-userinfo)::message``

Escaping follows the runner's rules for workflow commands (GitHub docs, "Workflow commands for
GitHub Actions"; actions/toolkit core ``escapeData``/``escapeProperty``): in the message,
``%`` ``\\r`` ``\\n`` become ``%25`` ``%0D`` ``%0A``; in a property value ``:`` and ``,`` also
become ``%3A`` and ``%2C``, since they delimit the properties.  ``%`` goes first, so an escape is
never escaped twice.  Other control characters, which the runner does not unescape, are written
as backslash escapes so nothing in a checked file can forge a second command.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import List, Mapping, Sequence, TextIO, Tuple

from ..finding import FileError
from ..report import Report, RunResult
from . import common
from .stream import Chunk, Totals, Writer

#: SARIF level -> workflow command.
_COMMAND: Mapping[str, str] = MappingProxyType({"error": "error", "warning": "warning", "note": "notice"})


def escape_data(text: str) -> str:
    text = common.printable(text, keep="\r\n")
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(name: str, properties: List[Tuple[str, str]], message: str) -> str:
    props = ",".join(f"{key}={escape_property(value)}" for key, value in properties)
    return f"::{name} {props}::{escape_data(message)}" if props else f"::{name}::{escape_data(message)}"


def annotation(report: Report) -> str:
    name = _COMMAND.get(common.level(report.code), "error")
    props = [("file", report.path), ("line", str(report.row)), ("col", str(report.column)),
             ("endLine", str(report.end_row)), ("endColumn", str(report.end_column)),
             ("title", f"{report.code} ({report.name})")]
    return command(name, props, report.message)


def error_annotation(error: FileError) -> str:
    return command("error" if error.fatal else "warning", [("file", error.path), ("title", "urilint")],
                   error.message)


def file_text(reports: Sequence[Report], color: bool = False) -> str:
    return "".join(annotation(r) + "\n" for r in reports)


class GithubWriter(Writer):
    """The findings' annotations as they come; the files that could not be checked after them."""

    def __init__(self, out: TextIO, color: bool = False) -> None:
        super().__init__(out, color)
        self.errors = self.spool()

    def error(self, error: FileError) -> None:
        self.errors.write(error_annotation(error) + "\n")

    def file(self, chunk: Chunk, errors: Sequence[FileError] = ()) -> None:
        for error in errors:
            self.error(error)
        super().file(chunk)

    def close(self, totals: Totals) -> None:
        self.errors.copy_to(self.out)


def render(result: RunResult, *, color: bool = False) -> str:
    return common.render_result(GithubWriter, file_text, result, color=color)
