"""Jupyter notebooks: cells read as Markdown and Python, outputs never, positions as ruff shows
them (``cell 3:2:5``), suppression within a cell, and fixes written back through JSON with every
other byte of the file unchanged."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Sequence, Tuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urilint import pipeline
from urilint.cli import main
from urilint.scanners import REGISTRY, extract, format_for_path
from urilint.scanners.base import locator
from urilint.scanners.notebook import code_views
from urilint.settings import Settings

from tests.hardening.helpers import contract_violations, hostile_text

P = pytest.param
NOTEBOOK = REGISTRY.get("notebook")
DEFAULT = Settings()
NORMALIZE = Settings(extend_select=frozenset({"URI2"}))
Cell = Dict[str, Any]


def md(source: str, listed: bool = True, **extra: Any) -> Cell:
    return {"cell_type": "markdown", "metadata": {}, "source": source.splitlines(True) if listed else source, **extra}


def code(source: str, outputs: Sequence[Any] = (), listed: bool = True, metadata: Optional[Dict[str, Any]] = None) -> Cell:
    return {"cell_type": "code", "execution_count": None, "metadata": metadata or {}, "outputs": list(outputs),
            "source": source.splitlines(True) if listed else source}


def raw(source: str) -> Cell:
    return {"cell_type": "raw", "metadata": {}, "source": source.splitlines(True)}


def nb(*cells: Cell, indent: int = 1, ascii: bool = False, sort_keys: bool = True, language: str = "python",
       metadata: Optional[Dict[str, Any]] = None) -> str:
    """A notebook as nbformat writes it by default (keys sorted, indent 1, UTF-8 characters as
    they are), or in another layout."""
    meta = metadata if metadata is not None else {"kernelspec": {"language": language, "name": language}}
    data = {"cells": list(cells), "metadata": meta, "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(data, indent=indent, sort_keys=sort_keys, ensure_ascii=ascii) + "\n"


def col(line: str, needle: str) -> int:
    """The 1-based column of ``needle`` in a cell's line."""
    return line.index(needle) + 1


def located(text: str, settings: Settings = DEFAULT) -> List[Tuple[str, Optional[Tuple[str, int, int]]]]:
    locate = locator(NOTEBOOK, text)
    assert locate is not None
    return [(f.code, locate(f.start)) for f in pipeline.lint(text, NOTEBOOK, settings).findings]


def test_ipynb_files_are_notebooks() -> None:
    assert format_for_path("analysis/Report.IPYNB") == "notebook"
    assert locator(REGISTRY.get("markdown"), "x") is None  # a plain format shows rows and columns


# -- what is reported, and where --------------------------------------------------------------------
L_SPACE = "See the [docs](<https://example.org/a b>)."
L_PCT = "Get it from https://example.org/a%zz today."
L_WIDE = "é ü 日本 \U0001F600 [x](https://example.org/%zz)"  # the emoji: a surrogate pair in ASCII JSON
L_CODE = 'url = "http://exa mple.org/x"  # the API'
L_SHELL = '!curl -O "https://example.org/a%zz"'
L_BASH = "curl https://example.org/a%zz"
L_TYPO = "u = 'htps://example.org/'"
L_R = 'u <- "https://example.org/a%zz"'
L_SECRET = "db = 'postgresql://admin:Xk9q2LmZ7vRw@db.internal.corp/prod'"
MUST_FIRE = [
    P(nb(md(L_SPACE + "\n")), [("URI101", ("cell 1", 1, col(L_SPACE, " b>")))], id="markdown-link-space"),
    P(nb(md("# Title\n\n" + L_PCT + "\n")), [("URI102", ("cell 1", 3, col(L_PCT, "%zz")))], id="markdown-third-line"),
    P(nb(md(L_WIDE + "\n")), [("URI102", ("cell 1", 1, col(L_WIDE, "%zz")))], id="non-ascii-before"),
    P(nb(md(L_WIDE + "\n"), ascii=True), [("URI102", ("cell 1", 1, col(L_WIDE, "%zz")))], id="non-ascii-escaped-in-json"),
    P(nb(code(L_CODE + "\n")), [("URI101", ("cell 1", 1, col(L_CODE, " mple")))], id="code-string-space"),
    P(nb(code("%pip install requests\n" + L_CODE + "\n")), [("URI101", ("cell 1", 2, col(L_CODE, " mple")))],
      id="code-after-line-magic"),
    P(nb(code(L_SHELL + "\n")), [("URI102", ("cell 1", 1, col(L_SHELL, "%zz")))], id="shell-escape-line"),
    P(nb(code("%%bash\n" + L_BASH + "\n")), [("URI102", ("cell 1", 2, col(L_BASH, "%zz")))], id="bash-cell-magic"),
    P(nb(code("%%time\n" + L_CODE + "\n")), [("URI101", ("cell 1", 2, col(L_CODE, " mple")))], id="time-cell-magic"),
    P(nb(code("x = 1\n" + L_TYPO, listed=False)), [("URI108", ("cell 1", 2, col(L_TYPO, "htps")))],
      id="one-string-source"),
    P(nb(md("Clean https://example.org/.\n"), raw("x\n"), code("y = 2\n" + L_CODE)),
      [("URI101", ("cell 3", 2, col(L_CODE, " mple")))], id="cell-index-counts-every-cell"),
    P(nb(raw(L_PCT + "\n")), [("URI102", ("cell 1", 1, col(L_PCT, "%zz")))], id="raw-cell-as-prose"),
    P(nb(code(L_R + "\n"), language="R"), [("URI102", ("cell 1", 1, col(L_R, "%zz")))],
      id="r-kernel-code-as-prose"),
    P(nb(code(L_SECRET + "\n")), [("URI301", ("cell 1", 1, col(L_SECRET, "Xk9")))],
      id="real-looking-password"),
]


@pytest.mark.parametrize(("text", "expected"), MUST_FIRE)
def test_must_fire(text: str, expected: List[Tuple[str, Tuple[str, int, int]]]) -> None:
    assert located(text) == expected


def _slashes_escaped(text: str) -> str:
    return text.replace("/", "\\/")  # valid JSON: "\/" is "/"


BAD_OUTPUTS = [
    {"output_type": "stream", "name": "stdout", "text": ["http://bad host/\n", "see https://example.org/a%zz\n"]},
    {"output_type": "execute_result", "execution_count": 1, "metadata": {},
     "data": {"text/html": ["<a href=\"http://x y/\">x</a>"], "text/plain": ["'http://a b'"],
              "image/png": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="}},
    {"output_type": "error", "ename": "ValueError", "evalue": "http://c d",
     "traceback": ["\u001b[0;31mValueError\u001b[0m: http://c d (http://e f)"]},
]
MUST_NOT_FIRE = [
    P(nb(md("See https://example.org/docs\nand more\n")), id="json-newline-escape"),
    P(nb(md('Say "https://example.org/" aloud, or "mailto:a@example.org".\n')), id="json-quote-escape"),
    P(_slashes_escaped(nb(md("See [docs](https://example.org/a/b) and https://example.org/c.\n"))),
      id="json-escaped-slashes"),
    P(nb(md("Write to mailto:someone@example.org or see https://example.org/é.\n"), ascii=True).replace("@", "\\u0040"),
      id="json-unicode-escapes"),
    P(nb(md("https://example.org/\tnext\tcolumn\n")), id="json-tab-escape"),
    P(nb(md("C:\\Users\\me and https://example.org/x \\\n")), id="json-backslash-escape"),
    P(nb(code("print('ok')\n", outputs=BAD_OUTPUTS)), id="outputs-never-read"),
    P(nb(code("x = 1\n", metadata={"colab": {"url": "http://bad host/"}}),
         metadata={"colab": {"provenance": [], "url": "http://a b/"}}), id="metadata-never-read"),
    P(nb(md("![plot](attachment:plot.png)\n", attachments={"plot.png": {"text/plain": "http://a b/"}})),
      id="attachments-never-read"),
    P(nb(code('%pip install requests\n!pip install -q "git+https://github.com/org/repo.git@main"\n'
              "files = !ls\nrequests?\n%matplotlib inline\nurl = 'https://example.org/'\n")), id="magics"),
    P(nb(code("!curl https://example.org/{path} -o $out\n")), id="ipython-expands-braces-and-dollars"),
    P(nb(code("s = ('a %s'\n     % 'https://example.org/')\n")), id="python-line-starting-with-percent"),
    P(nb(md("[docs](https://example.org/a)\n"), code("u = 'https://example.org/'\n")).replace("\n", "\r\n"),
      id="crlf-file"),
    P(nb(md(""), code(""), md("", listed=False), code("", listed=False)), id="empty-cells"),
    P(nb(code("u = 'http://a b/'  # noqa: URI101\n")), id="noqa-in-code-cell"),
    P(nb(md("<!-- urilint-disable-next-line URI101 -->\n" + L_SPACE + "\n")), id="html-comment-in-markdown-cell"),
    P(nb(md("```\nhttp://a b/\n```\n\n`http://c d/`\n")), id="code-in-markdown-cell"),
    P(nb(md('<a href="https://example.org/?a=1&amp;b=2">x</a>\n')), id="html-entities-in-markdown-cell"),
    P(nb(md("See https://example.org/.\n"), code("u = 'https://example.org/'\n"), indent=2, sort_keys=False),
      id="other-layout"),
]


@pytest.mark.parametrize("text", MUST_NOT_FIRE)
def test_must_not_fire(text: str) -> None:
    json.loads(text)  # each case is a valid notebook
    assert located(text) == []


def test_tables_are_balanced() -> None:
    assert len(MUST_NOT_FIRE) >= len(MUST_FIRE)


def test_json_escapes_next_to_a_uri_are_no_findings() -> None:
    """Why this format exists: read as plain text, the JSON escapes stuck to a URI were findings
    (the prose scanner now also ends a URI at a string escape)."""
    text = nb(md("See https://example.org/docs\n"), code('print("https://example.org/")\n'))
    assert located(text) == []


# -- positions in the output: ruff's "cell N:row:col" in text, the file's rows in JSON ------------
def test_text_output_shows_cell_positions_and_json_keeps_file_rows(tmp_path: Any, capsys: Any,
                                                                  monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    text = nb(md("# T\n"), code("import os\n" + L_CODE + "\n"))
    (tmp_path / "nb.ipynb").write_text(text, encoding="utf-8")
    column = col(L_CODE, " mple")
    assert main(["check", "nb.ipynb", "--isolated", "--output-format", "concise"]) == 1
    assert capsys.readouterr().out.splitlines()[0] == f"nb.ipynb:cell 2:2:{column}: URI101 " \
        "' ' (space) cannot appear in a URI; percent-encode it as %20"
    assert main(["check", "nb.ipynb", "--isolated"]) == 1
    assert capsys.readouterr().out.startswith(f"nb.ipynb:cell 2:2:{column}: URI101")
    assert main(["check", "nb.ipynb", "--isolated", "--output-format", "json"]) == 1
    [finding] = json.loads(capsys.readouterr().out)
    row = next(i for i, line in enumerate(text.splitlines(), 1) if "exa mple" in line)
    line = text.splitlines()[row - 1]
    assert finding["location"] == {"row": row, "column": line.index(" mple") + 1}


# -- suppression comments: within the cell, in its own syntax ------------------------------------
def test_noqa_covers_its_line_of_a_one_string_cell() -> None:
    text = nb(code("x = 'http://a b/'  # noqa: URI101\ny = 'http://c d/'\n", listed=False))
    assert any(line.count("\\n") == 2 for line in text.splitlines())  # the whole cell is one line of the file
    assert located(text) == [("URI101", ("cell 1", 2, 14))]


def test_a_disable_comment_stays_in_its_cell() -> None:
    text = nb(md("<!-- urilint-disable URI101 -->\n" + L_SPACE + "\n"), md(L_SPACE + "\n"))
    assert located(text) == [("URI101", ("cell 2", 1, col(L_SPACE, " b>")))]


def test_markdown_suppression_does_not_work_in_code_cells() -> None:
    text = nb(code("# <!-- urilint-disable-file -->\nu = 'http://a b/'\n"))
    assert located(text) == [("URI101", ("cell 1", 2, 14))]


# -- fixes: through the cell's format, then JSON; the rest of the file byte for byte --------------
def _data_without_sources(text: str) -> Tuple[Any, List[str]]:
    data = json.loads(text)
    sources = []
    for cell in data["cells"]:
        source = cell.pop("source")
        sources.append("".join(source) if isinstance(source, list) else source)
    return data, sources


LAYOUTS = [
    P({}, id="nbformat-default"),
    P({"indent": 2, "sort_keys": False, "ascii": True}, id="indent-2-unsorted-ascii"),
    P({"listed": False}, id="one-string-sources"),
    P({"crlf": True}, id="crlf"),
    P({"slashes": True}, id="escaped-slashes"),
]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_fix_round_trip_changes_only_the_uri_characters(layout: Dict[str, Any]) -> None:
    listed = layout.get("listed", True)
    cells = (md("# é\n\nSee [a](HTTP://Example.COM/a) and <HTTP://Example.COM/b>.\n", listed=listed),
             code("%pip install x\nu = 'HTTP://Example.COM/c'  # é\n", listed=listed))
    text = nb(*cells, **{k: v for k, v in layout.items() if k in ("indent", "sort_keys", "ascii")})
    if layout.get("crlf"):
        text = text.replace("\n", "\r\n")
    if layout.get("slashes"):
        text = _slashes_escaped(text)
    result = pipeline.lint(text, NOTEBOOK, NORMALIZE, fix=True)
    slash = "\\/" if layout.get("slashes") else "/"
    old, new = f"HTTP:{slash}{slash}Example.COM{slash}", f"http:{slash}{slash}example.com{slash}"
    assert text.count(old) == 3
    assert result.text == text.replace(old, new)  # byte for byte, escapes and layout kept
    assert result.fixed == 6 and result.findings == ()
    before, after = _data_without_sources(text), _data_without_sources(result.text)
    assert after[0] == before[0]
    assert after[1] == [s.replace("HTTP://Example.COM/", "http://example.com/") for s in before[1]]
    again = pipeline.lint(result.text, NOTEBOOK, NORMALIZE, fix=True)
    assert again.text == result.text


def test_a_fix_through_a_python_escape_rewrites_only_that_escape() -> None:
    text = nb(code('u = "http://example.org/a\\tb"  # é\n'))  # a Python "\t", in JSON "\\t"
    assert '\\\\tb\\"' in text
    result = pipeline.lint(text, NOTEBOOK, DEFAULT, fix=True, unsafe=True)
    assert result.text == text.replace("a\\\\tb", "a%09b")
    assert json.loads(result.text)["cells"][0]["source"] == ['u = "http://example.org/a%09b"  # é\n']


def test_a_fix_keeps_the_json_escapes_of_the_characters_it_keeps() -> None:
    # "x" of the host and "/" of the path written as escapes: a valid notebook, however odd
    text = nb(md("é [a](HTTP://Example.COM/x/y)\n"), ascii=True).replace("Example.COM/x/y", "E\\u0078ample.COM\\/x\\/y")
    assert json.loads(text)["cells"][0]["source"] == ["é [a](HTTP://Example.COM/x/y)\n"]
    result = pipeline.lint(text, NOTEBOOK, NORMALIZE, fix=True)
    assert result.text == text.replace("HTTP://E\\u0078ample.COM", "http://e\\u0078ample.com")


def test_cli_fix_writes_the_notebook_back(tmp_path: Any, capsys: Any, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    text = nb(md("See [a](HTTP://Example.COM/a).\n"), code("u = 'HTTP://Example.COM/c'\n"), indent=2, sort_keys=False)
    (tmp_path / "nb.ipynb").write_bytes(text.encode("utf-8"))
    assert main(["check", "nb.ipynb", "--isolated", "--extend-select", "URI2", "--fix"]) == 0
    assert (tmp_path / "nb.ipynb").read_bytes() == text.replace("HTTP://Example.COM", "http://example.com").encode("utf-8")
    assert "4 fixed" in capsys.readouterr().out


# -- what cannot be read is said once -----------------------------------------------------------
@pytest.mark.parametrize(("text", "notice"), [
    P('{"cells": [', "not checked: invalid notebook JSON at 1:12 (Expecting value)", id="invalid-json"),
    P('{"worksheets": [{"cells": []}], "nbformat": 3}', "not checked: an nbformat 3 notebook (only nbformat 4 is read)",
      id="nbformat-3"),
    P('{"url": "http://a b/"}', 'not checked: not a Jupyter notebook (no "cells" list)', id="not-a-notebook"),
])
def test_what_is_not_a_notebook_is_not_checked(text: str, notice: str) -> None:
    result = pipeline.lint(text, NOTEBOOK, DEFAULT)
    assert (result.checked, result.findings, result.notices) == (False, (), (notice,))


def test_a_python_cell_that_does_not_parse_yields_nothing_and_the_others_are_read() -> None:
    text = nb(code("def f(:\n    u = 'http://a b/'\n"), code("u = 'http://c d/'\n"))
    assert located(text) == [("URI101", ("cell 2", 1, 14))]


# -- IPython syntax: blanked for the Python scanner, offsets kept ---------------------------------
@pytest.mark.parametrize(("cell", "python", "shell"), [
    P("%pip install x\nu = 1\n", "0             \nu = 1\n", "%pip install x\n     \n", id="line-magic"),
    P("for i in a:\n    !echo {i}\n", "for i in a:\n    0        \n", "           \n    !echo {i}\n", id="indented-shell"),
    P("files = !ls\nx?\n", "files = 0  \n0 \n", "        !ls\n  \n", id="assigned-and-help"),
    P("!wget a\\\n  b\nu = 1\n", "0       \n   \nu = 1\n", "!wget a\\\n  b\n     \n", id="continued"),
    P("%%time\nu = 1\n", "0     \nu = 1\n", "%%time\n     \n", id="python-cell-magic"),
])
def test_ipython_syntax_is_blanked_keeping_offsets(cell: str, python: str, shell: str) -> None:
    views = code_views(cell)
    assert [(v.format, v.text) for v in views] == [("python", python), ("shell", shell)]
    assert all(len(v.text) == len(cell) for v in views)


@pytest.mark.parametrize("cell", [
    P("u = 1\n", id="plain"),
    P("s = ('%d'\n     % 2)\n", id="percent-inside-brackets"),
    P("x = '''\n!not a magic\n'''\n", id="bang-inside-a-string"),
    P("a = b != c\n", id="not-equal"),
    P("d = {}\nd['k'] = 1 % 2\n", id="modulo"),
])
def test_a_cell_that_parses_is_read_as_it_is(cell: str) -> None:
    assert [(v.format, v.text) for v in code_views(cell)] == [("python", cell)]


@pytest.mark.parametrize(("cell", "format"), [
    P("%%bash\ncurl x\n", "shell", id="bash"),
    P("%%html\n<a href=x>\n", "html", id="html"),
    P("%%markdown\n# x\n", "markdown", id="markdown"),
    P("%%writefile conf.yaml\nk: v\n", "yaml", id="writefile-by-name"),
    P("%%writefile -a app.py\nu = 1\n", "python", id="writefile-append"),
    P("%%latex\n\\alpha\n", "text", id="other-as-prose"),
])
def test_a_cell_magic_makes_the_cell_its_language(cell: str, format: str) -> None:
    assert code_views(cell)[0].format == format


# -- every candidate keeps the contract in the notebook's own text ---------------------------------
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(markdown=hostile_text, python=hostile_text, indent=st.sampled_from([1, 2]), ascii=st.booleans(),
       listed=st.booleans())
def test_candidates_keep_the_contract_and_locate_in_their_cell(markdown: str, python: str, indent: int,
                                                               ascii: bool, listed: bool) -> None:
    text = nb(md(markdown, listed), code(python, listed=listed), raw(markdown), indent=indent, ascii=ascii)
    found = extract(text, "notebook", include_code=True)
    assert contract_violations(text, found) == []
    locate = locator(NOTEBOOK, text)
    assert locate is not None
    sources = [markdown, python, markdown]
    for c in found:
        where = locate(c.start)
        assert where is not None
        cell_text = sources[int(where[0].split()[1]) - 1]
        line = cell_text.replace("\r\n", "\n").replace("\r", "\n").split("\n")[where[1] - 1]
        first = c.pieces[0] if c.pieces else (0, 1, c.start, c.start + 1)
        if first[1] - first[0] == first[3] - first[2] and c.uri:  # a verbatim first character
            assert line[where[2] - 1] == c.uri[0]


def test_a_big_output_is_skipped_and_the_cells_are_read() -> None:
    image = {"output_type": "display_data", "metadata": {}, "data": {"image/png": "A" * 2_000_000 + "\\n" * 10}}
    text = nb(code("u = 'http://a b/'\n", outputs=[image]), md("[x](https://example.org/%zz)\n"))
    assert located(text) == [("URI101", ("cell 1", 1, 14)), ("URI102", ("cell 2", 1, 25))]
