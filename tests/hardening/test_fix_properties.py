"""Fixes on generated files of every format: idempotent, confined to URIs, complete, and for
Python, the module still parses with the same tree except for the edited string constants."""

from __future__ import annotations

from typing import List

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from urilint.pipeline import candidates, check_text
from urilint.pipeline import fix_text
from urilint.scanners import FORMATS
from urilint.scanners.python import syntax_error
from urilint.settings import Settings

from .helpers import TOKENS, hostile_text, notebook_cells, notebook_json, outside_unchanged, python_tree

PROPS = settings(max_examples=40, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
DEFAULT = Settings()
EVERYTHING = Settings(select=frozenset({"ALL"}), include_code_blocks=True)

# URIs with something to fix (safe: case, dot-segments, default and empty ports, %7e, %aa;
# unsafe: spaces, bad percent-encodings, typos) and some that are fine or hold a secret.
URIS = st.sampled_from([
    "HTTP://Example.COM:80/a/./b/../c/%7e?q=%aa#F", "https://a.example:443/x/%7E", "http://A.example:/",
    "http://a.example/%zz", "http://a.example/a b", "https//a.example/x", "htps://a.example/",
    "http://a.example/p?x=1#f", "HTTP://u:hunter22@Example.COM/./", "http://[::1]:80/./a",
    "mailto:A@Example.COM", "http://a.example/{id}/./x", "ftp://Ftp.Example.ORG:21/%41", "https://a.example",
])
FILLER = st.lists(st.sampled_from(TOKENS + ["word", " ", "\n", "x"]), max_size=6).map("".join)

TEMPLATES = {
    "markdown": ["[l]({u})", "<{u}>", "{u}", "`{u}`", "```\n{u}\n```", "![i]({u} \"t\")", "[r]: {u}", "<{u} more>"],
    "rst": ["`l <{u}>`_", "{u}", ".. _t: {u}", "``{u}``", "::\n\n    {u}\n"],
    "html": ["<a href=\"{u}\">x</a>", "<img src='{u}'>", "{u}", "<code>{u}</code>", "<!-- {u} -->"],
    "yaml": ["k: {u}", "- {u}", "k: \"{u}\"", "# {u}"],
    "toml": ["k = \"{u}\"", "# {u}", "a = ['{u}']"],
    "json": ["{{\"k\": \"{u}\"}}", "[\"{u}\"]"],
    "gettext": ["msgid \"{u}\"", "msgstr \"\"\n\"X: {u}\\n\"", "# {u}", "#~ msgid \"{u}\"",
                "#~ msgstr \"\"\n#~ \"X: {u}\\n\""],
    "ini": ["k = {u}", "; {u}", "k={u}"],
    "env": ["K={u}", "export K=\"{u}\"", "# {u}"],
    "shell": ["curl {u}", "curl '{u}'", "# {u}"],
    "text": ["{u}", "<{u}>", "({u})", "\"{u}\"", "<{u} more>"],
    "python": ["x = \"{u}\"", "x = '{u}'  # {u}", "x = (\"{u}\"\n     \"/more\")", "def f():\n    \"\"\"{u}\"\"\"",
               "x = r'{u}'", "x = f\"{u}/{{y}}\"", "x = b'{u}'"],
    "roff": ["{u}", "\\fI\\(la{u}\\(ra\\fR", ".UR {u}", ".\\\" {u}", "\\fB{u}\\fR\\&.", ".de x\n{u}\n.."],
}


@st.composite
def document(draw: st.DrawFn, fmt: str) -> str:
    """A file of ``fmt`` with URIs to fix in the format's constructs, around hostile filler
    (Python gets plain filler: its candidates need a module that parses; core metadata is
    headers and a Markdown, reST or text document; a notebook is a
    Markdown and a Python document as its cells, in one of several JSON layouts)."""
    if fmt == "notebook":
        return notebook_json(draw(document("markdown")), draw(document("python")), indent=draw(st.sampled_from([1, 2])),
                             ascii=draw(st.booleans()), listed=draw(st.booleans()))
    if fmt == "metadata":  # headers (text), then a description in the markup its header names
        kind, body = draw(st.sampled_from([("text/markdown", "markdown"), ("text/x-rst", "rst"), ("text/plain", "text")]))
        head = f"Metadata-Version: 2.1\nName: x\nHome-page: {draw(URIS)}\nDescription-Content-Type: {kind}\n\n"
        return head + draw(document(body)).replace("\r\n", "\n").replace("\r", "\n")
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"] if fmt != "python" else ["\n", "\r\n"]))
    lines: List[str] = []
    for _ in range(draw(st.integers(1, 5))):
        uri = draw(URIS)
        line = draw(st.sampled_from(TEMPLATES[fmt])).replace("{u}", uri.replace("{", "{{").replace("}", "}}"))
        line = line.format() if "{" in line else line
        if fmt != "python":
            line = draw(FILLER) + line + draw(FILLER) if draw(st.booleans()) else line
        lines.append(line)
    return newline.join(lines).replace("\n", newline) + (newline if draw(st.booleans()) else "")


def check_fix_properties(text: str, fmt: str, s: Settings, unsafe: bool) -> None:
    once = fix_text(text, fmt, s, unsafe=unsafe)
    twice = fix_text(once.text, fmt, s, unsafe=unsafe)
    assert twice.text == once.text, "fixing twice changed the text again"
    spans = [(c.start, c.end) for c in candidates(text, fmt, s)]
    assert outside_unchanged(text, once.text, spans), "a fix changed text outside every URI"
    for c in candidates(text, fmt, s):
        if c.partial:  # its writer's end (or start) is unknown: never rewritten
            assert text[c.start:c.end] in once.text, "a partial candidate was fixed"
    if not once.notices:
        wanted = {"safe", "unsafe"} if unsafe else {"safe"}
        left = [f for f in check_text(once.text, fmt, s) if f.edit is not None and f.applicability in wanted]
        assert left == [], "fixable findings remain after --fix"
    if fmt == "python":
        before = python_tree(text)
        if before is not None:
            assert python_tree(once.text) == before, "the fix changed more than string constants"
    if fmt == "notebook":
        before_cells, after_cells = notebook_cells(text), notebook_cells(once.text)
        if before_cells is not None:
            assert after_cells is not None and after_cells[0] == before_cells[0], "the fix changed more than sources"
            trees = [python_tree(s) for s in before_cells[1][1:2]]
            if trees and trees[0] is not None:
                assert [python_tree(s) for s in after_cells[1][1:2]] == trees, "the fix changed more than strings"


@pytest.mark.parametrize("fmt", FORMATS)
@PROPS
@given(data=st.data())
def test_fix_properties(fmt: str, data: st.DataObject) -> None:
    text = data.draw(document(fmt))
    s = data.draw(st.sampled_from([DEFAULT, EVERYTHING]))
    check_fix_properties(text, fmt, s, unsafe=data.draw(st.booleans()))


@pytest.mark.parametrize(
    "fmt, text",
    [
        pytest.param("markdown", "[a](HTTP://A.example/./b)\r\n`HTTP://B.example/`\r\n", id="md-crlf-code-span"),
        pytest.param("text", "\ufeffHTTP://A.example:80/%7e \x00 http://b.example/a b\r", id="nul-cr-only"),
        pytest.param("python", "x = ('HTTP://A.example/'\n     'x/./y')  # HTTP://C.example/\n", id="py-concat"),
        pytest.param("python", "x = f'HTTP://{h}/./a' + \"http://A.example/%7e\"\n", id="py-fstring"),
        pytest.param("html", "<a href=\"HTTP://A.example/&amp;x\">HTTP://B.example/</a>", id="html-entity"),
        pytest.param("roff", "Voil\u00e0 \\fBHTTP://A\\&.example:80/a\\-b/%7e\\fR and \\(laHTTP://B.example/./c\\(ra\n",
                     id="roff-escapes"),
        pytest.param("json", '{"a": "HTTP:\\/\\/A.example\\/", "b": "http://B.example:80/"}', id="json-escape"),
        pytest.param("notebook", notebook_json("[a](HTTP://A.example/./b) \u00e9 `HTTP://B.example/`\r\n",
                                               "x = ('HTTP://A.example/'\n     'x/./y')  # HTTP://C.example/\n",
                                               indent=2, ascii=True), id="notebook-escaped"),
        pytest.param("notebook", notebook_json("<HTTP://A.example/%7e>\n", "%pip install x\nx = 'HTTP://A.example:80/'\n",
                                               listed=False), id="notebook-one-string-magic"),
    ],
)
def test_fix_properties_on_hand_picked_files(fmt: str, text: str) -> None:
    for s in (DEFAULT, EVERYTHING):
        for unsafe in (False, True):
            check_fix_properties(text, fmt, s, unsafe)


@pytest.mark.parametrize("fmt", FORMATS)
@PROPS
@given(text=hostile_text, unsafe=st.booleans())
@example(text="HTTP://A.example/\x00\ud800 [a](HTTP://B.example/./x)\r\n", unsafe=True)
@example(text="\"\"", unsafe=False)  # JSON that is no notebook (a string): the helper said so by crashing
def test_fix_properties_on_hostile_text(fmt: str, text: str, unsafe: bool) -> None:
    check_fix_properties(text, fmt, EVERYTHING, unsafe)


@pytest.mark.parametrize(
    "tail",
    [
        pytest.param("x = 1" + " + 1" * 200_000, id="recursion-in-ast"),
        pytest.param("x = " + "-" * 100_000 + "1", id="memory-error-in-parser"),
        pytest.param("x = " + "(" * 300 + "1" + ")" * 300, id="too-many-parentheses"),
        pytest.param("x = 1\x00", id="nul"),
    ],
)
def test_fix_text_on_modules_python_cannot_parse(tail: str) -> None:
    """Regression: fix_text let ast.parse's RecursionError and MemoryError escape, and on Python
    3.9/3.10 the 200,000-term chain crashed the interpreter (urilint.deepstack)."""
    text = "U = 'HTTP://A.example/'\n" + tail + "\n"
    result = fix_text(text, "python", DEFAULT)
    if syntax_error(text) is not None:
        assert result.text == text  # the scanner reads no module that Python cannot parse
    else:  # Python 3.9 on a deep stack parses the long chain: then the URI is fixed
        assert result.text == text.replace("HTTP://A.example/", "http://a.example/", 1)
