"""``urilint dump``: every URI candidate of a file with its place and context, as text lines or
as the items of a JSON array (sorted keys, indent 2, as :func:`json_text.dumps` writes a list of
these rows).  A worker renders one file's rows; :class:`json_report.JsonWriter` (for JSON) or
the plain :class:`Writer` writes them as the files finish.

The URI must come redacted (:func:`urilint.secrets.redact`): nothing here masks it.
"""

from __future__ import annotations

from json.encoder import encode_basestring
from types import MappingProxyType
from typing import Callable, Iterable, Mapping, Tuple

from . import common, json_text

#: filename, uri (redacted), context, in code, row, column, end row, end column (1-based rows,
#: 0-based columns: LineIndex.line_col's)
Row = Tuple[str, str, str, bool, int, int, int, int]
FORMATS = ("text", "json")


def text_line(row: Row) -> str:
    filename, uri, context, in_code, line, column, _, _ = row
    # What a file holds is hostile: a control character would act on the terminal.
    return common.printable(f"{filename}:{line}:{column}: {context}{' (in code)' if in_code else ''} {uri}") + "\n"


def json_item(row: Row) -> str:
    """One row as an item of the array, as ``json.dumps(rows, indent=2, sort_keys=True,
    ensure_ascii=False)`` writes it (the shape is fixed: a template, with the C string escaper,
    is many times faster than the pure-Python encoder that ``indent`` needs)."""
    filename, uri, context, in_code, line, column, end_line, end_column = row
    return ('  {\n    "context": ' + encode_basestring(context)
            + ',\n    "end_location": {\n      "column": ' + int.__repr__(end_column)
            + ',\n      "row": ' + int.__repr__(end_line)
            + '\n    },\n    "filename": ' + encode_basestring(filename)
            + ',\n    "in_code": ' + ("true" if in_code else "false")
            + ',\n    "location": {\n      "column": ' + int.__repr__(column)
            + ',\n      "row": ' + int.__repr__(line)
            + '\n    },\n    "uri": ' + encode_basestring(uri) + "\n  }")


def _json_items(rows: Iterable[Row]) -> str:
    return json_text.escape_surrogates(",\n".join([json_item(r) for r in rows]))


def _text_lines(rows: Iterable[Row]) -> str:
    return "".join([text_line(r) for r in rows])


_FILE_TEXT: Mapping[str, Callable[[Iterable[Row]], str]] = MappingProxyType({"text": _text_lines,
                                                                              "json": _json_items})


def file_text(format: str, rows: Iterable[Row]) -> str:
    """One file's rows in the output format ``format`` (one of :data:`FORMATS`)."""
    return _FILE_TEXT[format](rows)
