"""HTML, reStructuredText, config files and JSON: finds, must-not-finds, and format names."""

from __future__ import annotations

from typing import List, Tuple

import pytest

from urilint.scanners import FORMATS, extract, format_for_path

P = pytest.param


def found(text: str, format: str, include_code: bool = False) -> List[Tuple[str, str]]:
    return [(c.uri, c.context) for c in extract(text, format, include_code=include_code)]


FINDS = [
    # HTML: URL-bearing attributes, entity-decoded; text content as prose.
    P("html", '<a href="http://a.example/?x=1&amp;y=2">t</a>', [("http://a.example/?x=1&y=2", "html-attribute")], id="html-href-entity"),
    P("html", "<img src='/i.png' alt=x>", [("/i.png", "html-attribute")], id="html-src-single-quoted"),
    P("html", "<form action=/post method=post>", [("/post", "html-attribute")], id="html-action-unquoted"),
    P("html", '<blockquote cite="http://c.example/">', [("http://c.example/", "html-attribute")], id="html-cite"),
    P("html", '<img srcset="a.png 1x, http://b.example/b,c.png 2x">',
      [("a.png", "html-attribute"), ("http://b.example/b,c.png", "html-attribute")], id="html-srcset"),
    P("html", '<A HREF=" http://u.example/ ">', [("http://u.example/", "html-attribute")], id="html-upper-case-trimmed"),
    P("html", "<p>see http://t.example/p&amp;q.</p>", [("http://t.example/p&q", "bare")], id="html-text-prose"),
    P("html", '<svg xmlns="http://www.w3.org/2000/svg"><use xlink:href="#i"/></svg>',
      [("http://www.w3.org/2000/svg", "html-attribute"), ("#i", "html-attribute")], id="svg-namespace-xlink"),
    # reStructuredText.
    P("rst", "See `Python <https://www.python.org/>`_.", [("https://www.python.org/", "rst-link")], id="rst-embedded"),
    P("rst", "`anon <http://a.example/\n   x>`__", [("http://a.example/x", "rst-link")], id="rst-embedded-wrapped"),
    P("rst", ".. _target: http://t.example/", [("http://t.example/", "reference-definition")], id="rst-target"),
    P("rst", ".. _t:\n    http://t.example/a\n    b\n", [("http://t.example/ab", "reference-definition")],
      id="rst-target-wrapped"),
    # docutils reads a target's block until the first blank line: the indented text after one
    # is a paragraph of its own (a block quote), read as prose.
    P("rst", ".. _t:\n    http://t.example/\n\n  see http://b.example/ now\n",
      [("http://t.example/", "reference-definition"), ("http://b.example/", "bare")], id="rst-target-ends-at-a-blank"),
    P("rst", ".. image:: http://i.example/a.png\n   :target: http://l.example/",
      [("http://i.example/a.png", "rst-link"), ("http://l.example/", "rst-link")], id="rst-image-and-target"),
    P("rst", "Bare http://b.example/ here.", [("http://b.example/", "bare")], id="rst-bare"),
    P("rst", ".. note http://c.example/", [("http://c.example/", "comment")], id="rst-comment"),
    # YAML, TOML, INI, .env, shell.
    P("yaml", "url: https://a.example/x.", [("https://a.example/x.", "value")], id="yaml-value-keeps-dot"),
    P("yaml", 'q: "https://b.example/a b"', [("https://b.example/a b", "quoted")], id="yaml-quoted-whole"),
    P("yaml", "list:\n  - https://d.example/", [("https://d.example/", "value")], id="yaml-list-item"),
    P("yaml", "k: v  # see http://c.example/.", [("http://c.example/", "comment")], id="yaml-comment-prose"),
    P("yaml", "desc: visit https://e.example/ today.", [("https://e.example/", "bare")], id="yaml-prose-value"),
    P("yaml", "d: |\n  see the order: https://o.example/i/142,", [("https://o.example/i/142", "bare")], id="yaml-prose-colon"),
    P("toml", "homepage = 'https://t.example/'", [("https://t.example/", "quoted")], id="toml-single-quoted"),
    P("ini", "[s]\nurl = https://i.example/ ; note", [("https://i.example/", "value")], id="ini-inline-comment"),
    P("env", "API_URL=https://api.example/v1", [("https://api.example/v1", "value")], id="env-value"),
    P("shell", "export U=https://x.example/a.", [("https://x.example/a.", "value")], id="shell-export-value"),
    P("shell", 'URL="https://x.example/\\"q\\"" # c', [('https://x.example/\\"q\\"', "quoted")], id="shell-escaped-quotes"),
    P("shell", "curl -fsSL https://get.example/install.sh | sh", [("https://get.example/install.sh", "bare")], id="shell-pipe"),
    # JSON.
    P("json", '{"u": "https:\\/\\/j.example\\/x"}', [("https://j.example/x", "value")], id="json-escaped-slashes"),
    P("json", '{"u": "https://j.example/a b"}', [("https://j.example/a b", "value")], id="json-whole-string"),
    P("json", '{"d": "see https://j.example/ now"}', [("https://j.example/", "bare")], id="json-prose-string"),
    P("json", '{"d": "see https:\\/\\/j.example\\/ now"}', [("https://j.example/", "bare")], id="json-prose-escaped"),
    P("json", '{"\\u0068ttp://k.example/": 1}', [("http://k.example/", "value")], id="json-unicode-escape-key"),
    P("json", '{\n  // see https://c.example/docs.\n  "a": 1\n}', [("https://c.example/docs", "comment")], id="jsonc-line-comment"),
    P("json", '{/* "https://c.example/x"*/ "u": "http://v.example/"}',
      [("https://c.example/x", "comment"), ("http://v.example/", "value")], id="jsonc-block-comment"),
    P("json", '{"a": 1} /* unterminated http://u.example/', [("http://u.example/", "comment")], id="jsonc-unterminated"),
    P("json", '{"bom-ref": "pkg:pypi/x@1 bin", "purl": "pkg:pypi/x@1 bin"}', [("pkg:pypi/x@1 bin", "value")],
      id="json-purl-beside-bom-ref"),
    P("json", '{"k": "bom-ref", "u": "http://after.example/"}', [("http://after.example/", "value")],
      id="json-bom-ref-as-a-value"),
    P("json", '{"u": "about:blank"}', [("about:blank", "value")], id="json-registered-scheme-value"),
    # A string that starts with a URI and goes on as a sentence is prose (translations).
    P("json", '{"d": "https://app.rach.io/ adresinden API Anahtar\u0131na ihtiyac\u0131n\u0131z olacak."}',
      [("https://app.rach.io/", "bare")], id="json-url-then-a-sentence"),
    P("json", '{"d": "https://home.freedompro.eu \u304b\u3089\u53d6\u5f97\u3057\u305fAPI"}',
      [("https://home.freedompro.eu", "bare")], id="json-url-then-japanese"),
    P("json", '{"d": "https://x.example/a\\nb c"}', [("https://x.example/a", "bare")], id="json-line-break"),
    # A regular expression's marks are its own: a "^" or an escaped dot elsewhere is no regex.
    P("json", '{"d": "x^y: see https://j.example/a^b now"}', [("https://j.example/a^b", "bare")],
      id="json-caret-inside-a-uri"),
    P("yaml", 'pattern: "https://p.example/docs"', [("https://p.example/docs", "quoted")], id="yaml-pattern-key-uri"),
    P("json", '{"d": "costs $5; see https://j.example/price"}', [("https://j.example/price", "bare")],
      id="json-dollar-inside-prose"),
    # A bracket opened before the URI and closed after it ends it: tox's substitution on a
    # continuation line, a YAML flow mapping.
    P("ini", "[testenv]\ndeps =\n  {env:C:https://e.example/c}\n", [("https://e.example/c", "bare")],
      id="ini-tox-substitution-default"),
    P("yaml", "a: {url: https://f.example/a}", [("https://f.example/a", "bare")], id="yaml-flow-mapping"),
    P("json", '{"ref": "https://r.example/", "dependsOn": ["https://d.example/"]}',
      [("https://r.example/", "value"), ("https://d.example/", "value")], id="json-ref-keys-outside-a-bom"),
]

MUST_NOT_FIND = [
    P("html", "<script>var u = 'http://s.example/';</script>", id="html-script"),
    P("html", "<style>a { background: url(http://s.example/) }</style>", id="html-style"),
    P("html", "<!-- http://c.example/ -->", id="html-comment"),
    P("html", "<pre>http://p.example/</pre>", id="html-pre"),
    P("html", '<a title="http://t.example/">x</a>', id="html-non-url-attribute"),
    P("html", "<xsl:template match='/'>", id="html-xml-namespace-prefix"),
    P("html", "<p>www.example.com someone@example.com</p>", id="html-no-scheme"),
    P("html", "<!DOCTYPE html PUBLIC \"http://d.example/\">", id="html-doctype"),
    P("rst", "``http://literal.example/``", id="rst-inline-literal"),
    P("rst", "Example::\n\n    http://block.example/\n", id="rst-literal-block"),
    P("rst", ".. code-block:: python\n\n   u = 'http://c.example/'\n", id="rst-code-block"),
    P("rst", "`alias <other_>`_", id="rst-alias-not-uri"),
    P("rst", ":ref:`label <target>`", id="rst-role"),
    P("rst", ".. _t: other_\n", id="rst-indirect-target"),
    P("rst", ".. _t:\n    `other`_\n", id="rst-indirect-target-phrase-on-the-next-line"),
    P("yaml", "key:value", id="yaml-key-value"),
    P("yaml", "time: 12:30", id="yaml-time"),
    P("yaml", "path: C:\\dir", id="yaml-windows-path"),
    P("yaml", "image: nginx:1.25", id="yaml-image-tag"),
    P("yaml", "host: localhost:8080", id="yaml-host-port"),
    P("toml", '"a:b" = 1', id="toml-quoted-key"),
    P("ini", "[section:name]", id="ini-section"),
    P("env", "DB=db.example.com:5432", id="env-host-port"),
    P("shell", "scp file git@github.com:org/repo.git", id="shell-scp"),
    P("shell", "echo ${A:-default}", id="shell-parameter-default"),
    P("json", '{"a:b": "12:30"}', id="json-key-time"),
    P("json", '{"ns": "xsl:template"}', id="json-prefix"),
    P("json", '{"w": "www.example.com"}', id="json-no-scheme"),
    P("json", '{"n": 12, "t": true, "x": null}', id="json-non-strings"),
    P("json", '{"e": "someone@example.com"}', id="json-email"),
    P("json", '{"s": "http:"}', id="json-scheme-only"),
    P("json", '{"d": "URL: \u3092\u5165\u529b"}', id="json-label-then-japanese"),
    P("json", '{"d": "http:// \u304b\u3089"}', id="json-scheme-name-then-japanese"),
    P("json", '{"d": "API \ud0a4 https: \uc5d0\uc11c"}', id="json-scheme-word-in-korean"),
    P("json", '{"p": "a//b"} // x:y and 12:30', id="jsonc-comment-key-value"),
    P("json", '/* "http:" */ {"k": "v"}', id="jsonc-quote-in-comment"),
    P("json", '{"glob": "src/**/*.ts", "x": "/*"}', id="json-comment-markers-in-strings"),
    P("json", '{"bom-ref": "path+file:///build/r#r@1.0 bin-target-0"}', id="json-cyclonedx-bom-ref"),
    P("json", '{"components": [{"bom-ref" :\n "tool:pkg:pypi/s@1#s/launcher manifest.xml"}]}', id="json-bom-ref-spaced"),
    P("yaml", "note: see C:/dir or D:\\x", id="yaml-drive-letters"),
    P("shell", "export PATH=$HOME/bin:$PATH", id="shell-path-colons"),
    P("ini", "[testenv]\nsetenv =\n  {env:PATH:C:/tools}\n", id="ini-tox-substitution-of-a-drive"),
    P("yaml", "a: {t: 12:30, i: nginx:1.25}", id="yaml-flow-mapping-of-times-and-tags"),
    # "about", "example" and "tag" are registered schemes; a colon and a space make a label.
    P("json", '{"d": "Example: Create a namespace", "t": "About: us"}', id="json-label-colon-space"),
    # Regular expressions (JSON Schema's and OpenAPI's "pattern"): an anchor or an escaped dot.
    P("json", '{"pattern": "^https://([.\\\\-_a-zA-Z0-9]+/?){3,1016}$"}', id="json-schema-pattern"),
    P("yaml", 'pattern: "https://[a-z]+\\\\.example\\\\.com/.*"', id="yaml-pattern-escaped-dots"),
    P("json", '{"pattern": "(s3://|http(s?)://).+", "p2": "s3://\\\\S+/.+|https://\\\\S+/x"}', id="json-regex-values"),
    P("json", '{"bomFormat": "CycloneDX", "dependencies": [{"ref": "registry+https://r.example/i#a@1",\n'
      '  "dependsOn": ["registry+https://r.example/i#b@1", "path+file:///b#c@1"]}, {"provides": []}]}',
      id="json-cyclonedx-dependency-refs"),
]


@pytest.mark.parametrize("format, text, expected", FINDS)
def test_finds(format: str, text: str, expected: List[Tuple[str, str]]) -> None:
    assert found(text, format) == expected


@pytest.mark.parametrize("format, text", MUST_NOT_FIND)
def test_must_not_find(format: str, text: str) -> None:
    assert found(text, format) == []


def test_tables_are_balanced() -> None:
    assert len(FINDS) == len(MUST_NOT_FIND)


@pytest.mark.parametrize("format, text, expected", [
    P("html", "<script>var u = 'http://s.example/';</script>", [("http://s.example/", "bare")], id="html-script"),
    P("html", "<!-- http://c.example/ -->", [("http://c.example/", "comment")], id="html-comment"),
    P("rst", "Example::\n\n    http://block.example/\n", [("http://block.example/", "bare")], id="rst-literal-block"),
    P("rst", "``http://lit.example/``", [("http://lit.example/", "bare")], id="rst-inline-literal"),
])
def test_code_included_on_request(format: str, text: str, expected: List[Tuple[str, str]]) -> None:
    cands = extract(text, format, include_code=True)
    assert [(c.uri, c.context) for c in cands] == expected
    assert all(c.in_code for c in cands)


def test_json_escapes_map_back_to_source() -> None:
    text = '{"u": "https:\\/\\/j.example\\/x"}'
    (c,) = extract(text, "json")
    assert text[c.start:c.end] == "https:\\/\\/j.example\\/x"
    assert text[c.to_source(c.uri.index("j"))] == "j"
    assert c.source_span(0, 5) == (c.start, c.start + 5)


@pytest.mark.parametrize("name, format", [
    P("README.md", "markdown", id="md"), P("docs/a.markdown", "markdown", id="markdown"),
    P("page.mdx", "markdown", id="mdx"), P("index.rst", "rst", id="rst"),
    P("a.html", "html", id="html"), P("a.HTM", "html", id="htm-upper"), P("feed.xml", "html", id="xml"),
    P("logo.svg", "html", id="svg"), P("ci.yml", "yaml", id="yml"), P("x.yaml", "yaml", id="yaml"),
    P("pyproject.toml", "toml", id="toml"), P("package.json", "json", id="json"),
    P("setup.cfg", "ini", id="cfg"), P("nginx.conf", "ini", id="conf"), P("tox.ini", "ini", id="ini"),
    P(".env", "env", id="dotenv"), P(".env.local", "env", id="dotenv-local"), P("prod.env", "env", id="env-suffix"),
    P("install.sh", "shell", id="sh"), P(".bashrc", "shell", id="bashrc"), P("x.py", "python", id="py"),
    P("x.pyi", "python", id="pyi"), P("notes.txt", "text", id="txt"), P("LICENSE", "text", id="no-suffix"),
    P("C:\\docs\\a.md", "markdown", id="windows-path"), P(".gitignore", "text", id="dotfile"),
])
def test_format_for_path(name: str, format: str) -> None:
    assert format_for_path(name) == format
    assert format in FORMATS


def test_unknown_format_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown format"):
        extract("x", "docx")


@pytest.mark.parametrize("format", [f for f in FORMATS if f != "python"])
def test_every_format_returns_sorted_candidates(format: str) -> None:
    text = 'b: "http://b.example/"\na: http://a.example/\n<a href="http://c.example/">\n'
    cands = extract(text, format, include_code=True)
    assert [c.start for c in cands] == sorted(c.start for c in cands)


ADVERSARIAL = [
    P("a" * 10_000_000, id="10MB-no-newline"),
    P("<a " * 100_000, id="unclosed-tags"),
    P('<a href="' * 50_000, id="unclosed-attributes"),
    P("<!--" * 50_000, id="unclosed-comments"),
    P("<script>" * 50_000, id="unclosed-scripts"),
    P("`a`_ " * 50_000 + "``x", id="rst-references"),
    P(".. _x: " * 50_000, id="rst-targets-one-line"),
    P("  a\n" * 50_000, id="indented-lines"),
    P('"' * 100_000, id="quotes"),
    P('"http://x' * 50_000, id="unclosed-quoted-uris"),
    P("# " * 100_000, id="hashes"),
    P("(" * 100_000 + "[" * 100_000 + "<" * 100_000, id="brackets"),
]


@pytest.mark.parametrize("format", ["html", "rst", "yaml", "ini", "shell", "json"])
@pytest.mark.parametrize("text", ADVERSARIAL)
def test_adversarial_input_finishes(format: str, text: str) -> None:
    for c in extract(text, format):
        assert c.start <= c.end
