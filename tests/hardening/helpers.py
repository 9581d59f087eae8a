"""What the hardening tests share: one file name per format, hostile text, secrets to hide.

Every format urilint reads is listed here with a file name that selects it, so a test that
walks "every format" cannot silently miss one when a scanner is added (``test_formats_cover``
compares this table with :data:`urilint.scanners.FORMATS`).
"""

from __future__ import annotations

import ast
import json
import re
import warnings
from typing import Dict, List, Optional, Tuple

from hypothesis import strategies as st

from urilint.candidate import Candidate
from urilint.scanners import format_for_path

#: A file name per format (``format_for_path`` picks the format from it).
FILE_FOR: Dict[str, str] = {
    "markdown": "doc.md", "rst": "doc.rst", "html": "page.html", "yaml": "conf.yaml",
    "toml": "conf.toml", "json": "data.json", "ini": "setup.cfg", "env": "prod.env",
    "shell": "run.sh", "text": "notes.txt", "python": "mod.py", "gettext": "messages.po",
    "notebook": "nb.ipynb", "roff": "tool.1", "metadata": "METADATA",
}
assert all(format_for_path(name) == fmt for fmt, name in FILE_FOR.items())

# Pieces that mean something to some scanner or rule: URI starts in every case, credentials,
# the delimiters of every format (brackets, fences, comments, quotes, escapes, entities), every
# line ending, NUL, a lone surrogate (what surrogateescape leaves for a bad byte) and U+FFFD
# (what urilint's decoder puts there), non-ASCII, bidi controls.
TOKENS: List[str] = [
    "http://", "https://", "HTTP://", "hTtPs://", "ftp://", "mailto:", "urn:x:", "file:///", "//",
    "example.com", "Example.COM", "EXAMPLE.com:80", ":443", ":", "::", "/", "./", "../", "/./", "/../",
    "?", "#", "&", "=", "@", "%", "%7e", "%41", "%zz", "%4", "%2F", "user:", "u:p@", "admin:hunter2@",
    "?access_token=", "&key=", "[", "]", "(", ")", "<", ">", "{", "}", "{x}", "${X}", "%s", "{{ y }}",
    "`", "```", "~~~", "``", "*", "_", "!", "![", "](", "]: ", "<!--", "-->", "<a href=\"", "\">",
    "<img src='", "srcset=\"", "&amp;", "&#x41;", "&#0;", "&lt;", "\\", "\\x41", "\\n", "\\u0041",
    "\\fB", "\\(la", "\\[rB]", "\\-", "\\&", "\\\"", "\n.de x\n", "\n..\n", "\n.UR ",
    '"', "'", '"""', "'''", "f\"", "rb'", "#", "# noqa", "# urilint: ignore", ".. _x: ", "`x <", ">`_",
    ":target: ", ".. image:: ", "- ", "> ", "    ", "\t", " ", "\n", "\r\n", "\r", "\x00", "\x0b",
    "\ud800", "\udcff", "\ufffd", "\u00e9", "\u65e5", "\u202e", "\u200b", "key = ", "KEY=", "export ",
    "[section]", "- url: ", "\"url\": \"", "x = (\"", "\" \"",
    # template slots and substitutions (issue 14): expressions with spaces, quotes and braces,
    # openers a scanner may cut, variables between percent signs, backreferences, elisions
    "${{ a.b }}", "{{ f(\"x\", 1) }}", "{% url 'h' %}", "{{", "{%", "<%= u %>", "%PUBLIC_URL%",
    "%{n}", "\\1", "\\g<1>", "$1", "...", "\u2026",
]

_token = st.sampled_from(TOKENS)
_free = st.text(max_size=4)
#: Arbitrary text made of meaningful pieces and some free characters (any code point).
hostile_text = st.lists(st.one_of(_token, _token, _token, _free), max_size=40).map("".join)

# Unreserved characters only, so a secret survives inside a URI unchanged, with a prefix that
# appears nowhere else in the generated text: if it shows up in output, it came from the secret.
SECRET_ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
secret_value = st.text(st.sampled_from(SECRET_ALPHABET), min_size=6, max_size=16).map(lambda s: "Zq7" + s)


# -- the properties, shared with the fuzz harnesses (fuzz/) ----------------------------------
def contract_violations(text: str, found: List[Candidate]) -> List[str]:
    """What is wrong with the candidates of one text (empty when they keep the contract)."""
    bad: List[str] = []
    last = (-1, -1)
    for c in found:
        where = f"{c.context} {c.start}:{c.end} {c.uri!r}"
        if (c.start, c.end) < last:
            bad.append(f"not sorted by source position: {where}")
        last = (c.start, c.end)
        if not 0 <= c.start <= c.end <= len(text):
            bad.append(f"span outside the text: {where}")
            continue
        if c.is_verbatim:
            if text[c.start:c.end] != c.uri:
                bad.append(f"verbatim candidate is not its source slice {text[c.start:c.end]!r}: {where}")
            continue
        u = 0
        s = c.start
        for u0, u1, s0, s1 in c.pieces:
            if u0 != u or u1 < u0:
                bad.append(f"pieces do not cover the URI in order at {u}: {c.pieces} {where}")
                break
            if s0 < s or s1 < s0 or s1 > c.end:
                bad.append(f"piece {(u0, u1, s0, s1)} outside the span or out of order: {where}")
                break
            if u1 - u0 == s1 - s0 and c.uri[u0:u1] != text[s0:s1]:
                bad.append(f"equal-length piece {(u0, u1, s0, s1)} is not verbatim "
                           f"({text[s0:s1]!r} reads {c.uri[u0:u1]!r}): {where}")
            u, s = u1, s1
        else:
            if u != len(c.uri):
                bad.append(f"pieces end at {u}, the URI at {len(c.uri)}: {where}")
            if c.pieces and (c.pieces[0][2] != c.start or c.pieces[-1][3] != c.end):
                bad.append(f"pieces do not start and end with the span: {c.pieces} {where}")
        for i in range(len(c.uri) + 1):
            if not c.start <= c.to_source(i) <= c.end:
                bad.append(f"to_source({i}) = {c.to_source(i)} outside the span: {where}")
                break
    return bad



def outside_unchanged(before: str, after: str, spans: List[Tuple[int, int]]) -> bool:
    """Whether ``after`` is ``before`` with only the text inside ``spans`` replaced."""
    gaps: List[str] = []
    pos = 0
    for s, e in sorted(spans):
        if s < pos:  # nested or overlapping candidates: merge
            pos = max(pos, e)
            continue
        gaps.append(before[pos:s])
        pos = e
    gaps.append(before[pos:])
    pattern = "(?s)" + "(.*?)".join(re.escape(g) for g in gaps)
    return re.fullmatch(pattern, after) is not None


def python_tree(text: str) -> Optional[str]:
    """ast.dump with every str and bytes constant blanked (None when the module does not parse)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)):
            node.value = ""
    return ast.dump(tree)




def notebook_json(markdown: str, code: str, indent: int = 1, ascii: bool = False, listed: bool = True) -> str:
    """A notebook with one Markdown and one code cell (nbformat's own layout by default: keys
    sorted, indent 1, each line one string)."""
    def source(text: str) -> object:
        return text.splitlines(keepends=True) if listed else text
    cells = [{"cell_type": "markdown", "metadata": {}, "source": source(markdown)},
             {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source(code)}]
    nb = {"cells": cells, "metadata": {"kernelspec": {"language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(nb, indent=indent, sort_keys=True, ensure_ascii=ascii) + "\n"


def notebook_cells(text: str) -> Optional[Tuple[object, List[str]]]:
    """A notebook's JSON value without its cells' sources, and the sources (None: not JSON, or
    JSON that is no notebook: a string, a list, cells that are not objects)."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("cells", []), list):
        return None
    sources = []
    for cell in data.get("cells", []):
        if not isinstance(cell, dict):
            return None
        source = cell.pop("source", "")
        sources.append("".join(source) if isinstance(source, list) else source)
    return data, sources
