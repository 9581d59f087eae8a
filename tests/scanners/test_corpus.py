"""Real documentation (../shared/corpora/docs, 28 MB of Markdown): no crash, and a sample of 200
extracted URIs, checked by hand once against their source lines, stays right.

The sample was drawn with ``random.Random(3986).sample`` from every candidate of every ``*.md``
file (sorted by path), and each entry was read against its line in the source before it was
stored (tests/scanners/data/docs_sample.json holds our expectations, no corpus text).
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Dict, List

import pytest

from tests.conftest import CORPORA, need_shared
from urilint.scanners import decode, extract, format_for_path
from urilint.scanners.positions import LineIndex

DOCS = CORPORA / "docs"
SAMPLE = Path(__file__).parent / "data" / "docs_sample.json"


def docs_files() -> List[Path]:
    return sorted(p for p in need_shared(DOCS).rglob("*.md"))


@pytest.mark.slow
def test_docs_sample_stays_right() -> None:
    need_shared(DOCS)
    sample: List[Dict[str, object]] = json.loads(SAMPLE.read_text())
    assert len(sample) == 200
    by_file: Dict[str, List[Dict[str, object]]] = defaultdict(list)
    for entry in sample:
        by_file[str(entry["file"])].append(entry)
    wrong = []
    for name, entries in sorted(by_file.items()):
        text = decode((DOCS / name).read_bytes()).text
        index = LineIndex.of(text)
        found = {index.line_col(c.start): (c.uri, c.context) for c in extract(text, "markdown")}
        for e in entries:
            got = found.get((int(str(e["line"])), int(str(e["column"]))))
            if got != (e["uri"], e["context"]):
                wrong.append((name, e["line"], e["column"], e["uri"], got))
    assert wrong == []


@pytest.mark.slow
@pytest.mark.parametrize("format", ["markdown", "text"])
def test_docs_corpus_no_crash_and_consistent_spans(format: str) -> None:
    files = docs_files()
    if format != "markdown":
        files = files[::7]  # the prose scanner is the same code path everywhere: a share suffices
    total = 0
    for path in files:
        text = decode(path.read_bytes()).text
        assert format_for_path(path.name) == "markdown"
        cands = extract(text, format)
        total += len(cands)
        for c in cands:
            assert 0 <= c.start <= c.end <= len(text)
            assert not c.in_code
            if c.is_verbatim:
                assert text[c.start:c.end] == c.uri
            else:
                assert c.start <= c.to_source(0) <= c.end
                assert c.source_span(0, len(c.uri)) == (c.to_source(0), c.end)
    assert total > (50_000 if format == "markdown" else 1_000)
