"""What an output may show of a file's source: its lines with every secret masked by position.

The ``full`` and ``junit`` outputs print the source line of each finding, and ``--diff`` prints
changed and context lines.  A secret may be spelled there with escapes (``&#64;``, ``\\u0040``,
``\\/``), split by an implicit concatenation or a line break, so no look at the line alone can
find it: the file's candidates can, and their pieces map each secret back to its exact source
characters (:func:`urilint.report.secret_source_spans`).  :func:`hidden_spans` gives those
spans for a whole text (code blocks and spans included: a secret there is still published);
:func:`urilint.report.place` takes them as ``hidden``, and :func:`masked_diff` takes them for
the text before and after the fixes.  Every line is also masked by the line-by-line net of
:func:`urilint.report.mask_line`.
"""

from __future__ import annotations

import difflib
from typing import Dict, Iterator, List, Mapping, Optional, Sequence

from . import pipeline, placeholders
from .candidate import Candidate
from .finding import Span
from .report import hidden_in, hidden_reach, mask_line_mapped, reaches_into, secret_source_spans
from .settings import Settings


def hidden_spans(text: str, format: pipeline.FormatLike, settings: Settings,
                 scanned: Optional[Sequence[Candidate]] = None, within: Optional[Sequence[Span]] = None,
                 known: Optional[Mapping[int, Sequence[Span]]] = None) -> List[Span]:
    """The source spans of every secret of every URI candidate of ``text`` (a file of
    ``format``), code blocks and spans included, sorted.  ``scanned``: those candidates, when
    the caller has them (pipeline.FileResult.candidates), and ``known``: the secret spans of
    some of them by index (FileResult.secrets); ``within``: sorted disjoint source ranges
    (report.read_ranges), when only the candidates reaching into them matter."""
    if scanned is None:
        if not settings.include_code_blocks:
            settings = settings._replace(include_code_blocks=True)
        scanned = pipeline.candidates(text, format, settings)
    chosen: Sequence[int] = range(len(scanned))
    if known:
        # A reported candidate whose check found no secret adds no span wherever it reaches
        # (most reported URIs): only the others need the test below or their spans.
        chosen = [i for i in chosen if known.get(i) != []]
    if within is not None:
        ends = [e for _, e in within]
        chosen = [i for i in chosen if reaches_into(scanned[i], within, ends)]
    return secret_source_spans([scanned[i] for i in chosen], settings.placeholders,
                               [known.get(i) for i in chosen] if known else None)


def known_uri_secrets(result: pipeline.FileResult, settings: Settings) -> Dict[str, List[Span]]:
    """The secret spans the check worked out for each reported URI, by the URI's text, for the
    line net of :func:`urilint.report.place` (its ``known``): the same spans it would work out
    again for the URI it reads on the line, but only where the check read them as the net does
    (the default placeholder syntaxes; with others none are handed over)."""
    if settings.placeholders != placeholders.DEFAULT_SYNTAXES:
        return {}
    return {result.candidates[i].uri: spans for i, spans in result.secrets.items()}


class MaskedLines:
    """The lines of a text as ``str.splitlines`` cuts them (as a diff does), each masked when it
    is first asked for: the ``hidden`` spans that reach into it and the line net."""

    def __init__(self, text: str, hidden: Sequence[Span]) -> None:
        self.lines = text.splitlines(keepends=True)
        self.starts: List[int] = []
        pos = 0
        for line in self.lines:
            self.starts.append(pos)
            pos += len(line)
        self.hidden = sorted(hidden)
        self.reach = hidden_reach(self.hidden)

    def line(self, i: int) -> str:
        """Line ``i`` (0-based), masked, without its line break."""
        start, raw = self.starts[i], self.lines[i]
        body = raw.rstrip("\r\n")
        extra = hidden_in(self.hidden, self.reach, start, start + len(body)) if self.hidden else []
        return mask_line_mapped(body, extra)[0]


def _range(start: int, stop: int) -> str:
    """A unified diff's range (as difflib writes it): "3", "3,4", or "2,0" for an empty one."""
    length = stop - start
    if length == 1:
        return str(start + 1)
    return f"{start + 1 if length else start},{length}"


def masked_diff(shown: str, old: str, new: str, old_hidden: Sequence[Span] = (),
                new_hidden: Sequence[Span] = ()) -> str:
    """A unified diff from ``old`` to ``new`` (``a/shown``, ``b/shown``) whose every line is
    masked: removed and context lines by ``old_hidden`` (:func:`hidden_spans` of ``old``), added
    lines by ``new_hidden``, all by the line net.  Lines are compared as they are, not masked,
    so a change inside a secret still makes a hunk.  Each line ends with "\\n"."""
    before, after = MaskedLines(old, old_hidden), MaskedLines(new, new_hidden)
    groups = list(difflib.SequenceMatcher(None, before.lines, after.lines).get_grouped_opcodes(3))
    if not groups:
        return ""
    out = [f"--- a/{shown}\n", f"+++ b/{shown}\n"]
    for group in groups:
        first, last = group[0], group[-1]
        out.append(f"@@ -{_range(first[1], last[2])} +{_range(first[3], last[4])} @@\n")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out.extend(_body(" ", before, i1, i2))
                continue
            if tag in ("replace", "delete"):
                out.extend(_body("-", before, i1, i2))
            if tag in ("replace", "insert"):
                out.extend(_body("+", after, j1, j2))
    return "".join(out)


def _body(tag: str, lines: MaskedLines, start: int, stop: int) -> Iterator[str]:
    for i in range(start, stop):
        yield f"{tag}{lines.line(i)}\n"
