"""Examples in docstrings are code (issue 14, class 4).

Doctest lines, reStructuredText literal blocks and code directives, Markdown fences, inline
literals, indented lines that read as Python, and the block under an "Example:" header are
code: only the secret rules run there by default, and nothing there is fixed.  Indented prose
(an argument's description, a wrapped bullet, a list of URL formats) stays prose.
"""

from __future__ import annotations

from typing import List, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urilint.pipeline import check_text, fix_text
from urilint.scanners import python as python_scanner
from urilint.scanners.python import scan_python
from urilint.settings import Settings

P = pytest.param
SECRET = "http://admin:Zq7rT2vLx9wK@db.internal.corp/"  # a password that looks real: URI301
BAD = "http://a.example/%zz"  # URI102 wherever rules run


def doc(body: str) -> str:
    """A function whose docstring is ``body`` (its lines at the docstring's margin)."""
    lines = body.split("\n")
    return 'def f():\n    """' + "\n".join(("    " + x) if x else "" for x in lines) + '\n    """\n'


def findings(src: str) -> List[Tuple[str, str]]:
    return [(f.code, src[f.start:f.end]) for f in check_text(src, "python")]


MUST_FIRE = [
    # A password is published wherever it is written: secrets are reported in examples too.
    P(doc(f"Connect.\n\n>>> connect('{SECRET}')"), [("URI301", "Zq7rT2vLx9wK")], id="doctest-secret"),
    P(doc(f"Connect.\n\nUsage:\n    client = connect('{SECRET}')"), [("URI301", "Zq7rT2vLx9wK")],
      id="indented-example-secret"),
    P(doc(f"Connect.\n\n.. code-block:: python\n\n    connect('{SECRET}')"), [("URI301", "Zq7rT2vLx9wK")],
      id="code-block-secret"),
    P(doc(f"Connect.\n\nExample:\n    {SECRET}"), [("URI301", "Zq7rT2vLx9wK")], id="example-header-secret"),
    # Prose next to an example is prose.
    P(doc(f"See {BAD}.\n\n>>> f('http://b.example/%zz')"), [("URI102", "%zz")], id="prose-before-doctest"),
    P(doc(f"Fetch.\n\nUsage:\n    x = f('http://b.example/%zz')\n\n    See {BAD} for more."), [("URI102", "%zz")],
      id="prose-paragraph-after-example"),
    P(doc(f"Fetch.\n\nUsage:\n    x = f('http://b.example/%zz')\n    See {BAD} for more."), [("URI102", "%zz")],
      id="prose-line-in-example-paragraph"),
    P(doc(f"Example::\n\n    f('http://b.example/%zz')\n\nThen {BAD}."), [("URI102", "%zz")],
      id="prose-after-literal-block"),
    P(doc(f"```python\nf('http://b.example/%zz')\n```\n\nThen {BAD}."), [("URI102", "%zz")],
      id="prose-after-fence"),
    # Indented prose: arguments, bullets, lists of URL formats, quoted values, annotations.
    P(doc(f"Fetch.\n\nArgs:\n    url: the URL, e.g. {BAD}.\n        Wrapped on {BAD}."),
      [("URI102", "%zz"), ("URI102", "%zz")], id="argument-description"),
    P(doc(f"Fetch.\n\n- a bullet that wraps\n  onto {BAD} here"), [("URI102", "%zz")], id="bullet-continuation"),
    P(doc(f"Supported URL formats:\n\n    {BAD}\n    azure://{{account}}"), [("URI102", "%zz")],
      id="indented-list-of-formats"),
    P(doc(f'Defaults to:\n    "{BAD}"'), [("URI102", "%zz")], id="indented-quoted-value"),
    P(doc(f'Args:\n    base_url: "{BAD}"'), [("URI102", "%zz")], id="annotation-is-not-code"),
    P(doc(f"Uses `{BAD}` by default."), [("URI102", "%zz")], id="single-backticks-are-prose"),
    P(doc(f"pkg.module\n~~~~~~~~~~\n\nSee {BAD}."), [("URI102", "%zz")], id="section-underline-is-not-a-fence"),
    # (In double quotes: between single quotes a URI is a string the prose mentions, as code.)
    P(doc(f'Call fetch("{BAD}") to get it.'), [("URI102", "%zz")], id="call-inside-a-sentence"),
    P(doc(f'Usage:\n    Call fetch("{BAD}"), then parse.'), [("URI102", "%zz")], id="indented-sentence-with-call"),
]

MUST_NOT_FIRE = [
    P(doc(f">>> f('{BAD}')"), id="doctest"),
    P(doc(f"Fetch.\n\n>>> f(\n...     '{BAD}')"), id="doctest-continuation"),
    P(doc(f"Fetch.\n\nExample:\n    u = URL('{BAD}')\n    assert parse('{BAD}').port == 80"), id="example-header-python"),
    P(doc(f"Fetch.\n\nExamples:\n    data:text/plain,%zz -> ('text/plain', '%zz')\n    {BAD} -> x"),
      id="example-header-not-python"),
    P(doc(f"Fetch.\n\nFor example:\n    {BAD}"), id="for-example-header"),
    P(doc(f"Fetch.\n\nUsage:\n    client.get('{BAD}')"), id="indented-call"),
    P(doc(f"Fetch.\n\nUsage:\n    url = '{BAD}'"), id="indented-assignment"),
    P(doc(f"Fetch.\n\nUsage:\n    assert parse('{BAD}').port == 80"), id="indented-assert"),
    P(doc(f"Fetch.\n\nUsage:\n    client = Client(\n        base_url='{BAD}',\n    )"), id="multi-line-call"),
    P(doc(f"Fetch.\n\nUsage:\n    with urlopen('{BAD}') as r:\n        r.read()"), id="with-block"),
    P(doc(f"Fetch.\n\nUsage:\n    x = f()\n\n    y = g('{BAD}')"), id="statements-between-blank-lines"),
    P(doc(f"Fetch.\n\nUsage:\n    x = f()\n    # see {BAD}"), id="comment-in-example"),
    P(doc(f"Fetch.\n\nUsage:\n    Create a client:\n        client = Client('{BAD}')"), id="nested-under-prose"),
    P(doc(f"Fetch.\n\nimport urllib.request\nf = urllib.request.urlopen('{BAD}')"), id="unindented-python"),
    P(doc(f"Fetch.\n\n.. code-block:: python\n\n    f('{BAD}')"), id="code-block"),
    P(doc(f"Fetch.\n\n.. testcode::\n\n    f('{BAD}')"), id="testcode"),
    P(doc(f"Fetch.\n\n.. code:: text\n\n    {BAD}"), id="code-directive"),
    P(doc(f"Fetch, for example::\n\n    f('{BAD}')"), id="literal-block"),
    P(doc(f"Fetch.\n\n```python\nf('{BAD}')\n```"), id="backtick-fence"),
    P(doc(f"Fetch.\n\nExamples:\n    ```python\n    f('{BAD}')\n    ```"), id="fence-under-header"),
    P(doc(f"Fetch.\n\n~~~\n{BAD}\n~~~"), id="tilde-fence"),
    P(doc(f"Fetch ``{BAD}``."), id="inline-literal"),
    P(doc(f"Fetch :code:`{BAD}`."), id="code-role"),
    P(doc(f"pkg.module\n~~~~~~~~~~\n\nUsage::\n\n    f('{BAD}')"), id="literal-block-after-title"),
]


@pytest.mark.parametrize("src, expected", MUST_FIRE)
def test_must_fire(src: str, expected: List[Tuple[str, str]]) -> None:
    assert findings(src) == expected


@pytest.mark.parametrize("src", MUST_NOT_FIRE)
def test_must_not_fire(src: str) -> None:
    assert findings(src) == []


def test_tables_are_balanced() -> None:
    assert len(MUST_NOT_FIRE) >= len(MUST_FIRE)


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
@pytest.mark.parametrize("src, expected", MUST_FIRE)
def test_positions_after_non_ascii_text(src: str, expected: List[Tuple[str, str]], newline: str) -> None:
    """The same findings at the same source text after non-ASCII text, and with CRLF."""
    head = "# Ünïcödé 中文 🍄 naïve\nX = 'é'\n"
    moved = (head + src).replace("\n", newline)
    got = check_text(moved, "python")
    assert [(f.code, moved[f.start:f.end]) for f in got] == expected
    plain = check_text(src.replace("\n", newline), "python")
    assert [f.start + len(head.replace("\n", newline)) for f in plain] == [f.start for f in got]


def test_examples_in_an_escaped_docstring_map_back() -> None:
    """A docstring read through an escape (\\t) still marks its example and maps it exactly."""
    src = 'def f():\n    """Fetch\\t\u00e9.\n\n    Usage:\n        get("http://a.example/%zz")\n    """\n'
    [c] = scan_python(src, include_code=True)
    assert c.in_code and src[c.start:c.end] == "http://a.example/%zz"
    assert scan_python(src) == []


@pytest.mark.parametrize("src, fixed", [
    P(doc("See HTTP://A.example/x.\n\nUsage:\n    get('HTTP://B.example/x')"),
      doc("See http://a.example/x.\n\nUsage:\n    get('HTTP://B.example/x')"), id="indented-example"),
    P(doc("See HTTP://A.example/x.\n\n>>> get('HTTP://B.example/x')"),
      doc("See http://a.example/x.\n\n>>> get('HTTP://B.example/x')"), id="doctest"),
])
def test_fixes_never_touch_examples(src: str, fixed: str) -> None:
    assert fix_text(src, "python", Settings(select=frozenset({"URI2"}))).text == fixed


def test_parsing_is_bounded() -> None:
    """Lines of rising indentation, each with a URI: every line starts a run that ends only at
    the next drop, yet what is parsed stays within the budget (twice the docstring plus a
    constant), so the cost is linear whatever the shape."""
    lines = [" " * (4 + i % 300) + f"get('http://a.example/{i}') and x" for i in range(3000)]
    body = "\n".join(lines)
    src = 'def f():\n    """Doc.\n\n' + body + '\n    """\n'
    parsed: List[int] = []
    original = python_scanner._reads_as_code

    def counting(source: str) -> bool:
        parsed.append(len(source))
        return original(source)

    pytest.MonkeyPatch().setattr(python_scanner, "_reads_as_code", counting)
    try:
        found = scan_python(src, include_code=True)
    finally:
        pytest.MonkeyPatch().undo()
        python_scanner._reads_as_code = original
    assert len(found) == 3000
    assert sum(parsed) <= 2 * len(body) + python_scanner._PARSE_ALLOWANCE + 100
    assert max(parsed) <= python_scanner._MAX_EXAMPLE


PIECES = st.sampled_from([
    "http://a.example/", "'http://b.example/%zz'", "f(", ")", "x = ", "assert ", ">>> ", "... ", "::",
    "Example:", "Usage:", "```", "~~~", "``", "`", ".. code-block:: python", "\n", "\n\n", "    ", "        ",
    "# ", "é", "\t", "\\t", "with g() as h:", ":", "-", "=",
])


@settings(max_examples=150, deadline=None)
@given(body=st.lists(PIECES, max_size=40).map("".join))
def test_docstring_properties(body: str) -> None:
    """Any docstring scans without raising; examples add candidates marked in_code and never
    take prose away; every candidate maps to its exact source text."""
    src = 'def f():\n    """' + body.replace('"""', "") + ' """\n'
    prose = scan_python(src)
    every = scan_python(src, include_code=True)
    assert not any(c.in_code for c in prose)
    assert [(c.uri, c.start) for c in prose] == [(c.uri, c.start) for c in every if not c.in_code]
    for c in every:
        assert 0 <= c.start <= c.end <= len(src)
        if c.is_verbatim:
            assert src[c.start:c.end] == c.uri
