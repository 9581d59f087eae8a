"""Differential test: the links markdown-it-py (a CommonMark parser) renders on real docs.

markdown-it-py is a peer (the ``bench`` extra), so the test skips without it, and without
../shared.  Every 10th file of the docs corpus is compared: the destinations of the links and
images that would be rendered, compared percent-decoded (markdown-it re-encodes hrefs).  On the
whole corpus 1,834 of 1,835 files agree; the one that differs is malformed list nesting where
the two parsers read lazy continuation lines differently (kubernetes+community, sig-contributor-
experience/meeting-notes-archive/2019-meeting-notes.md: markdown-it turns two "    *   Review
[project board](...)" lines into indented code).
"""

from __future__ import annotations

import urllib.parse
from collections import Counter
from typing import Any, List

import pytest

from tests.conftest import CORPORA, need_shared
from urilint.scanners import decode
from urilint.scanners.markdown import parse

markdown_it = pytest.importorskip("markdown_it")


def rendered_by_markdown_it(md: Any, text: str) -> List[str]:
    out: List[str] = []

    def walk(tokens: Any) -> None:
        for t in tokens:
            if t.type == "link_open":
                out.append(t.attrGet("href"))
            elif t.type == "image":
                out.append(t.attrGet("src"))
            if t.children:
                walk(t.children)
    walk(md.parse(text))
    return out


def rendered_by_us(text: str) -> List[str]:
    doc = parse(text)
    out = []
    for link in doc.links:
        if not link.in_image:
            dest = link.destination if link.destination is not None else doc.definitions[link.label or ""]
            out.append(dest.uri)
    return out


def test_links_agree_with_markdown_it_on_real_docs() -> None:
    files = sorted(need_shared(CORPORA / "docs").rglob("*.md"))[::10]
    md = markdown_it.MarkdownIt("commonmark")
    differ = []
    for path in files:
        text = decode(path.read_bytes()).text
        theirs = Counter(urllib.parse.unquote(u) for u in rendered_by_markdown_it(md, text))
        ours = Counter(urllib.parse.unquote(u) for u in rendered_by_us(text))
        if theirs != ours:
            differ.append((path.name, theirs - ours, ours - theirs))
    assert differ == []
    assert len(files) > 150
