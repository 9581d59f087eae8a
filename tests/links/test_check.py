"""URI401-URI403 on a dict-backed tree: must-fire and must-not-fire tables per rule, the rules'
own documented examples, candidate filtering with the real scanners, and hosted links."""

from __future__ import annotations

from typing import List, Optional

import pytest

from urilint.finding import Finding
from urilint.rules import uri401_missing_target, uri402_missing_fragment, uri403_case_mismatch
from urilint.links.check import LinkSettings, check_links, check_reference, is_link
from urilint.links.hosted import hosted_path, hosted_prefix, hosted_target, remote_url_to_prefix
from urilint.links.index import LinkIndex
from urilint.rules.base import LinkExample, Rule
from urilint.links.tree import DictTree
from urilint.scanners import extract

FILES = {
    "README.md": "# Project\n\n## Usage\n\n## Usage\n",
    "docs/index.md": "# Docs\n\n## Install steps\n",
    "docs/install.md": "# Install\n\n## Linux\n\n## macOS\n",
    "docs/api.md": "# API\n\n## Authentication\n\n## `login()` and [tokens](t.md)\n",
    "docs/my file.md": "# Mine\n",
    "docs/intl.md": "# Über uns\n",
    "docs/changes.md": "# Changes\n\n## [3.0.0] - 2018-09-21\n",
    "docs/guide/nested.md": "# Nested\n",
    "docs/guide.rst": ".. _setup-steps:\n\nSetting up\n==========\n",
    "img/logo.png": "",
    "img/Icon.svg": "",
    "site/index.html": '<h1 id="top">Top</h1>',
    "src/app.py": "print()\n",
    "notes/notes.md": "",
    "notes/NOTES.md": "",
    "tie/ab.md": "",
    "tie/ac.md": "",
}
HOSTED = LinkSettings(hosted=("https://github.com/Owner/Repo", "https://gitlab.com/group/sub/repo"))
ROOTED = LinkSettings(site_root="")
DOCS_ROOT = LinkSettings(site_root="docs")
MKDOCS = LinkSettings(anchor_style="mkdocs")
GITHUB = LinkSettings(anchor_style="github")
IGNORING = LinkSettings(ignore_targets=("generated/", "*.png"))


def run(document: str, link: str, settings: Optional[LinkSettings] = None) -> List[Finding]:
    settings = settings or LinkSettings()
    index = LinkIndex(DictTree(FILES), settings.anchor_style)
    return check_reference(index, document, link, settings)


def fired(document: str, link: str, settings: Optional[LinkSettings], code: str) -> List[Finding]:
    return [f for f in run(document, link, settings) if f.code == code]


def param(document: str, link: str, fix: Optional[str] = None, settings: Optional[LinkSettings] = None,
          id: str = "") -> object:
    return pytest.param(document, link, fix, settings, id=id)


# --- URI401 ---------------------------------------------------------------------------------
MISSING = [
    param("README.md", "docs/instal.md", "docs/install.md", id="typo"),
    param("docs/index.md", "../READM.md", "../README.md", id="parent-typo"),
    param("docs/guide/nested.md", "../../img/logo.jpg", "../../img/logo.png", id="nested-other-suffix"),
    param("docs/guide/nested.md", "../../img/banner.jpg", None, id="nested-no-close-name"),
    param("README.md", "docs/guide/missing.md", None, id="nested-missing"),
    param("README.md", "docs/nope/install.md", None, id="missing-folder"),
    param("docs/index.md", "./api.md/extra", None, id="below-a-file"),
    param("README.md", "/docs/instal.md", "/docs/install.md", ROOTED, id="path-absolute-site-root"),
    param("docs/index.md", "/instal.md", "/install.md", DOCS_ROOT, id="path-absolute-docs-root"),
    param("README.md", "docs/my%20fil.md", "docs/my%20file.md", id="percent-encoded"),
    param("README.md", "docs/install", "docs/install.md", id="suffix-missing"),
    param("README.md", "docs/Instal.md", "docs/install.md", id="typo-and-case"),
    param("README.md", "docs/instal.md?x=1#linux", "docs/install.md?x=1#linux", id="query-and-fragment-kept"),
    param("docs/guide/nested.md", "../instal.md", "../install.md", id="dotdot-typo"),
    param("README.md", "https://github.com/Owner/Repo/blob/main/docs/instal.md",
          "https://github.com/Owner/Repo/blob/main/docs/install.md", HOSTED, id="hosted-github"),
    param("README.md", "https://gitlab.com/group/sub/repo/-/blob/master/docs/instal.md",
          "https://gitlab.com/group/sub/repo/-/blob/master/docs/install.md", HOSTED, id="hosted-gitlab"),
    param("README.md", "https://github.com/owner/repo/tree/main/doc/", "https://github.com/owner/repo/tree/main/docs/",
          HOSTED, id="hosted-tree-case-insensitive-owner"),
    param("docs/index.md", "../docs/guide/other.html", None, id="html-without-source"),
    param("README.md", "tie/ad.md", None, id="two-names-tie"),
    param("docs/index.md", "_sources/nope.rst.txt", None, id="sphinx-source-copy-of-nothing"),
    param("docs/index.md", "_sources/guide.rst", None, id="sphinx-source-copy-without-txt"),
]
NOT_MISSING = [
    param("README.md", "docs/install.md", id="file"),
    param("README.md", "docs/", id="folder-slash"),
    param("README.md", "docs", id="folder"),
    param("README.md", "./docs/./install.md", id="dot-segments"),
    param("README.md", "docs/guide/../install.md", id="inner-dotdot"),
    param("docs/index.md", "../README.md", id="parent"),
    param("docs/guide/nested.md", "../../img/logo.png", id="two-up"),
    param("docs/index.md", "my%20file.md", id="percent-encoded"),
    param("docs/index.md", "my file.md", id="space"),
    param("README.md", "#usage", id="fragment-only"),
    param("README.md", "?tab=readme", id="query-only"),
    param("README.md", "", id="empty"),
    param("README.md", "https://example.com/missing.md", id="scheme"),
    param("README.md", "//cdn.example.com/missing.js", id="network-path"),
    param("README.md", "mailto:someone@example.com", id="mailto"),
    param("README.md", "/docs/missing.md", id="path-absolute-without-site-root"),
    param("docs/index.md", "../../../../etc/passwd", id="outside-root"),
    param("README.md", "../sibling-repo/README.md", id="outside-root-one-up"),
    param("README.md", "/../x.md", None, ROOTED, id="path-absolute-climbing-out"),
    param("README.md", "{{ site.baseurl }}/missing.md", id="jinja"),
    param("README.md", "${BASE}/missing.md", id="shell-variable"),
    param("README.md", "generated/out.md", None, IGNORING, id="ignore-targets-folder"),
    param("README.md", "img/missing.png", None, IGNORING, id="ignore-targets-glob"),
    param("README.md", "docs/guide.html", id="built-page-html"),
    param("README.md", "docs/guide/", id="folder-nested"),
    param("README.md", "docs/guide.rst/", id="built-page-folder"),
    param("README.md", "https://github.com/Owner/Repo/blob/v1.0/docs/old.md", None, HOSTED, id="hosted-tag"),
    param("README.md", "https://github.com/Owner/Repo/blob/0123abc/docs/old.md", None, HOSTED, id="hosted-commit"),
    param("README.md", "https://github.com/Owner/Repo/issues/1", None, HOSTED, id="hosted-issue"),
    param("README.md", "https://github.com/Other/Repo/blob/main/missing.md", None, HOSTED, id="other-repo"),
    param("README.md", "https://github.com/Owner/Repo/blob/main/docs/install.md", None, HOSTED, id="hosted-exists"),
    param("README.md", "https://github.com/Owner/Repo/blob/main/missing.md", id="hosted-not-configured"),
    param("README.md", "docs/%2Fetc", id="encoded-slash"),
    param("README.md", "docs/%FF.md", id="encoded-non-utf8"),
    param("README.md", "data:text/plain,x", id="data"),
    param("docs/index.md", "_sources/guide.rst.txt", id="sphinx-source-copy"),
    param("docs/index.md", "_sources/guide.txt", id="sphinx-source-copy-old-name"),
]


@pytest.mark.parametrize(("document", "link", "fix", "settings"), MISSING)
def test_missing_target_fires(document: str, link: str, fix: Optional[str], settings: Optional[LinkSettings]) -> None:
    found = fired(document, link, settings, "URI401")
    assert len(found) == 1, run(document, link, settings)
    assert found[0].fix == fix
    assert found[0].applicability == ("unsafe" if fix else "display-only")
    assert 0 <= found[0].start < found[0].end <= len(link)


@pytest.mark.parametrize(("document", "link", "fix", "settings"), NOT_MISSING)
def test_missing_target_silent(document: str, link: str, fix: Optional[str], settings: Optional[LinkSettings]) -> None:
    assert run(document, link, settings) == []


# --- URI402 ---------------------------------------------------------------------------------
NO_ANCHOR = [
    param("docs/index.md", "api.md#autentication", "api.md#authentication", id="typo"),
    param("README.md", "#usage-2", "#usage-1", id="same-document-duplicate"),
    param("docs/install.md", "#windows", None, id="same-document-no-close-anchor"),
    param("README.md", "docs/guide.rst#setup", None, id="rst-target"),
    param("README.md", "site/index.html#tpo", "site/index.html#top", id="html-target"),
    param("README.md", "docs/install.md#mac-os", "docs/install.md#macos", id="extra-dash"),
    param("README.md", "docs/api.md#login-and-token", "docs/api.md#login-and-tokens", id="code-in-heading"),
    param("README.md", "docs/intl.md#%C3%BCber", None, id="percent-encoded-missing"),
    param("README.md", "#usage-1", "#usage_1", MKDOCS, id="mkdocs-style"),
    param("README.md", "https://github.com/Owner/Repo/blob/main/docs/api.md#autentication",
          "https://github.com/Owner/Repo/blob/main/docs/api.md#authentication", HOSTED, id="hosted"),
    param("docs/guide/nested.md", "../install.md#linus", "../install.md#linux", id="nested-dotdot"),
    param("README.md", "docs/install.md#L3", None, id="line-fragment-on-rendered-document"),
    # A style named is strict: Python-Markdown's slug is no GitHub anchor ...
    param("README.md", "docs/changes.md#300-2018-09-21", "docs/changes.md#300---2018-09-21", GITHUB,
          id="mkdocs-slug-under-github"),
    # ... and "auto" still reports a fragment no style's slug matches.
    param("README.md", "docs/changes.md#300-2018-09-22", None, id="auto-no-style-matches"),
    param("README.md", "docs/changes.md#300_2018_09_21", None, id="auto-underscores-match-no-style"),
]
ANCHOR_FOUND = [
    param("docs/index.md", "api.md#authentication", id="heading"),
    param("README.md", "#usage-1", id="duplicate"),
    param("README.md", "#Usage", id="github-without-case"),
    param("README.md", "docs/api.md#login-and-tokens", id="code-and-link-in-heading"),
    param("README.md", "src/app.py#L10", id="line-on-source"),
    param("README.md", "src/app.py#anything", id="source-not-judged"),
    param("README.md", "img/logo.png#x", id="image-not-judged"),
    param("README.md", "docs/#x", id="folder"),
    param("README.md", "docs/install.md?plain=1#L3", id="plain-line"),
    param("README.md", "#:~:text=usage", id="text-fragment"),
    param("README.md", "docs/guide.rst#setting-up", id="rst-title"),
    param("README.md", "docs/guide.rst#setup-steps", id="rst-label"),
    param("README.md", "site/index.html#top", id="html-id"),
    param("README.md", "docs/api.md#", id="empty-fragment"),
    param("README.md", "https://example.com/a.md#nope", id="external"),
    param("README.md", "docs/my%20file.md#mine", id="encoded-path"),
    param("README.md", "docs/intl.md#über-uns", id="non-ascii"),
    param("README.md", "docs/intl.md#%C3%BCber-uns", id="non-ascii-encoded"),
    param("README.md", "#usage_1", None, MKDOCS, id="mkdocs-style"),
    param("README.md", "https://github.com/Owner/Repo/blob/main/docs/api.md#authentication", None, HOSTED,
          id="hosted"),
]


@pytest.mark.parametrize(("document", "link", "fix", "settings"), NO_ANCHOR)
def test_missing_fragment_fires(document: str, link: str, fix: Optional[str], settings: Optional[LinkSettings]) -> None:
    found = run(document, link, settings)
    assert [f.code for f in found] == ["URI402"]
    assert found[0].fix == fix
    start, end = found[0].start, found[0].end
    assert link[start] == "#" and end == len(link)


@pytest.mark.parametrize(("document", "link", "fix", "settings"), ANCHOR_FOUND)
def test_missing_fragment_silent(document: str, link: str, fix: Optional[str], settings: Optional[LinkSettings]) -> None:
    assert run(document, link, settings) == []


def test_fragment_of_missing_target_is_not_judged() -> None:
    assert [f.code for f in run("README.md", "docs/nope.md#x")] == ["URI401"]


# --- URI403 ---------------------------------------------------------------------------------
CASE = [
    param("README.md", "IMG/logo.png", "img/logo.png", id="folder"),
    param("README.md", "img/icon.svg", "img/Icon.svg", id="file"),
    param("docs/index.md", "API.md#authentication", "api.md#authentication", id="with-fragment"),
    param("docs/index.md", "../Docs/Install.md", "../docs/install.md", id="two-segments"),
    param("README.md", "docs/guide/Nested.md", "docs/guide/nested.md", id="nested"),
    param("README.md", "docs/intl.md".replace("intl", "INTL"), "docs/intl.md", id="upper"),
    param("README.md", "/IMG/logo.png", "/img/logo.png", ROOTED, id="path-absolute"),
    param("README.md", "https://github.com/Owner/Repo/blob/main/IMG/logo.png",
          "https://github.com/Owner/Repo/blob/main/img/logo.png", HOSTED, id="hosted"),
    param("README.md", "notes/Notes.md", None, id="ambiguous-no-fix"),
    param("README.md", "docs/MY%20FILE.md", "docs/my%20file.md", id="percent-encoded"),
]
NOT_CASE = [
    param("README.md", "img/logo.png", id="exact"),
    param("README.md", "img/Icon.svg", id="exact-upper"),
    param("README.md", "notes/NOTES.md", id="both-exist-upper"),
    param("README.md", "notes/notes.md", id="both-exist-lower"),
    param("README.md", "docs/my%20file.md", id="encoded"),
    param("README.md", "HTTPS://EXAMPLE.COM/IMG/Logo.png", id="scheme"),
    param("README.md", "//HOST/IMG/logo.png", id="network-path"),
    param("README.md", "/IMG/logo.png", id="no-site-root"),
    param("README.md", "IMG/Logo.png", None, IGNORING, id="ignored-glob"),
    param("docs/index.md", "../../IMG/logo.png", id="outside-root"),
    param("README.md", "https://github.com/Owner/Repo/blob/main/img/logo.png", None, HOSTED, id="hosted-exact"),
]


@pytest.mark.parametrize(("document", "link", "fix", "settings"), CASE)
def test_case_mismatch_fires(document: str, link: str, fix: Optional[str], settings: Optional[LinkSettings]) -> None:
    found = run(document, link, settings)
    assert [f.code for f in found] == ["URI403"]
    assert found[0].fix == fix


@pytest.mark.parametrize(("document", "link", "fix", "settings"), NOT_CASE)
def test_case_mismatch_silent(document: str, link: str, fix: Optional[str], settings: Optional[LinkSettings]) -> None:
    assert run(document, link, settings) == []


@pytest.mark.parametrize(("fire", "silent"), [(MISSING, NOT_MISSING), (NO_ANCHOR, ANCHOR_FOUND), (CASE, NOT_CASE)],
                         ids=["URI401", "URI402", "URI403"])
def test_tables_are_balanced(fire: List[object], silent: List[object]) -> None:
    assert len(silent) >= len(fire)


# --- the rules' documented examples -------------------------------------------------------
LINK_RULES = [uri401_missing_target.RULE, uri402_missing_fragment.RULE, uri403_case_mismatch.RULE]


def _examples(kind: str) -> List[object]:
    return [pytest.param(rule, ex, id=f"{rule.code}-{i}") for rule in LINK_RULES
            for i, ex in enumerate(getattr(rule, kind))]


def _check_example(ex: LinkExample) -> List[Finding]:
    return check_reference(LinkIndex(DictTree(ex.tree)), ex.document, ex.link)


@pytest.mark.parametrize(("rule", "example"), _examples("bad_links"))
def test_bad_example_fires_with_its_fix(rule: Rule, example: LinkExample) -> None:
    found = [f for f in _check_example(example) if f.code == rule.code]
    assert found, f"{rule.code} did not fire on {example.link!r}"
    assert found[0].fix == example.fix
    assert found[0].name == rule.name


@pytest.mark.parametrize(("rule", "example"), _examples("good_links"))
def test_good_example_is_silent(rule: Rule, example: LinkExample) -> None:
    assert _check_example(example) == []


@pytest.mark.parametrize("rule", LINK_RULES, ids=[r.code for r in LINK_RULES])
def test_rule_documents_itself(rule: Rule) -> None:
    for heading in ("## What it does", "## Why is this bad?", "## Example", "## Fix safety"):
        assert heading in rule.doc
    assert rule.reference.startswith("RFC 3986 section")
    assert rule.fix_safety == "unsafe" and rule.default is False
    assert len(rule.good_links) >= len(rule.bad_links) >= 3
    assert rule.bad == () and rule.good == ()  # the per-URI tables stay empty
    module = {"URI401": uri401_missing_target, "URI402": uri402_missing_fragment, "URI403": uri403_case_mismatch}
    assert module[rule.code].__name__.endswith(f"{rule.code.lower()}_{rule.name.replace('-', '_')}")


# --- candidates from the real scanners ---------------------------------------------------
def _findings(document: str, text: str, fmt: str, settings: Optional[LinkSettings] = None) -> List[object]:
    index = LinkIndex(DictTree(FILES))
    return [(lf.finding.code, text[lf.start:lf.end])
            for lf in check_links(index, document, text, extract(text, fmt), settings or LinkSettings())]


@pytest.mark.parametrize(("fmt", "text", "expected"), [
    pytest.param("markdown", "See [setup](docs/instal.md).\n", [("URI401", "docs/instal.md")], id="md-link"),
    pytest.param("markdown", "![logo](img/Logo.png)\n", [("URI403", "img/Logo.png")], id="md-image"),
    pytest.param("markdown", "[api]\n\n[api]: docs/api.md#autentication\n", [("URI402", "#autentication")],
                 id="md-definition"),
    pytest.param("markdown", '<img src="IMG/logo.png">\n', [("URI403", "IMG/logo.png")], id="md-html"),
    pytest.param("markdown", "Ünïcode [x](docs/instal.md)\n", [("URI401", "docs/instal.md")], id="md-non-ascii-before"),
    pytest.param("markdown", "[x](docs/instal.md)\r\n[y](#nope)\r\n", [("URI401", "docs/instal.md"), ("URI402", "#nope")],
                 id="md-crlf"),
    pytest.param("markdown", "[x](docs/my&#32;fil.md)\n", [("URI401", "docs/my&#32;fil.md")], id="md-entity"),
    pytest.param("rst", ".. image:: img/Logo.png\n", [("URI403", "img/Logo.png")], id="rst-image"),
    pytest.param("rst", "See `setup <docs/instal.md>`_.\n", [("URI401", "docs/instal.md")], id="rst-embedded"),
    pytest.param("rst", ".. _api: docs/api.md#autentication\n", [("URI402", "#autentication")], id="rst-target"),
    pytest.param("html", '<a href="docs/instal.md">x</a>', [("URI401", "docs/instal.md")], id="html-href"),
    pytest.param("html", '<img srcset="img/Logo.png 1x, img/logo.png 2x">', [("URI403", "img/Logo.png")],
                 id="html-srcset"),
])
def test_scanned_links_fire(fmt: str, text: str, expected: List[object]) -> None:
    assert _findings("README.md", text, fmt) == expected


@pytest.mark.parametrize(("fmt", "text"), [
    pytest.param("markdown", "```\n[x](docs/instal.md)\n```\n", id="md-fence"),
    pytest.param("markdown", "    [x](docs/instal.md)\n", id="md-indented-code"),
    pytest.param("markdown", "`[x](docs/instal.md)`\n", id="md-code-span"),
    pytest.param("markdown", "Visit https://example.com/instal.md now\n", id="md-bare-url"),
    pytest.param("markdown", "<!-- [x](docs/instal.md) -->\n", id="md-comment"),
    pytest.param("markdown", "[x](docs/install.md) and [y](#usage)\n", id="md-good"),
    pytest.param("markdown", "---\nurl: docs/instal.md\n---\n# T\n", id="md-front-matter"),
    pytest.param("html", '<form action="submit.php"></form>', id="html-form-action"),
    pytest.param("html", '<html xmlns="ns/missing">', id="html-xmlns"),
    pytest.param("html", '<blockquote cite="quotes/missing.html">', id="html-cite"),
    pytest.param("html", "<code>docs/instal.md</code><script>u = 'docs/instal.md'</script>", id="html-code"),
    pytest.param("rst", "::\n\n    .. image:: img/Logo.png\n", id="rst-literal"),
    pytest.param("rst", ".. code-block:: rst\n\n   `x <docs/instal.md>`_\n", id="rst-code"),
])
def test_scanned_non_links_silent(fmt: str, text: str) -> None:
    assert _findings("README.md", text, fmt) == []


def test_fix_rewrites_the_source() -> None:
    text = "Read [the API](docs/api.md#autentication) and ![](IMG/logo.png).\n"
    index = LinkIndex(DictTree(FILES))
    out = text
    for lf in sorted(check_links(index, "README.md", text, extract(text, "markdown")),
                     key=lambda lf: -lf.candidate.start):
        assert lf.candidate.is_verbatim and lf.finding.fix is not None
        out = out[:lf.candidate.start] + lf.finding.fix + out[lf.candidate.end:]
    assert out == "Read [the API](docs/api.md#authentication) and ![](img/logo.png).\n"
    assert check_links(LinkIndex(DictTree(FILES)), "README.md", out, extract(out, "markdown")) == []


def test_is_link_reads_the_attribute() -> None:
    text = '<a href="x.md"><form action="y.php">'
    cands = extract(text, "html")
    assert [(c.uri, is_link(c, text)) for c in cands] == [("x.md", True), ("y.php", False)]


# --- hosted links and the git remote ------------------------------------------------------
@pytest.mark.parametrize(("uri", "path"), [
    pytest.param("https://github.com/o/r/blob/main/docs/a.md", "docs/a.md", id="blob"),
    pytest.param("https://github.com/o/r/tree/main/docs/", "docs", id="tree"),
    pytest.param("https://github.com/o/r/tree/main", "", id="root"),
    pytest.param("https://github.com/o/r/raw/main/img/a.png", "img/a.png", id="raw"),
    pytest.param("https://www.github.com/O/R/blob/main/a%20b.md?plain=1#L3", "a b.md", id="www-case-query"),
    pytest.param("http://github.com/o/r/blob/HEAD/a.md", "a.md", id="http-head"),
    pytest.param("https://github.com/o/r/blob/release/1.0/a.md", "a.md", id="branch-with-slash"),
])
def test_hosted_path(uri: str, path: str) -> None:
    assert hosted_path(uri, "https://github.com/o/r", ("main", "HEAD", "release/1.0")) == path


@pytest.mark.parametrize("uri", [
    pytest.param("https://github.com/o/r/blob/v2/a.md", id="other-ref"),
    pytest.param("https://github.com/o/r/issues/3", id="issue"),
    pytest.param("https://github.com/o/r", id="repo-page"),
    pytest.param("https://github.com/o/rr/blob/main/a.md", id="other-repo-prefix"),
    pytest.param("https://gitlab.com/o/r/-/blob/main/a.md", id="other-host"),
    pytest.param("ftp://github.com/o/r/blob/main/a.md", id="other-scheme"),
    pytest.param("docs/a.md", id="relative"),
])
def test_not_hosted(uri: str) -> None:
    assert hosted_target(uri, ("https://github.com/o/r",)) is None


def test_gitlab_hosted_span() -> None:
    uri = "https://gitlab.example.org/g/s/r/-/blob/main/docs/a.md#x"
    t = hosted_target(uri, ("https://gitlab.example.org/g/s/r/",))
    assert t is not None and uri[t.span[0]:t.span[1]] == "docs/a.md" and t.kind == "blob"


@pytest.mark.parametrize(("url", "prefix"), [
    pytest.param("git@github.com:Owner/Repo.git", "https://github.com/Owner/Repo", id="scp"),
    pytest.param("ssh://git@github.com:22/Owner/Repo.git", "https://github.com/Owner/Repo", id="ssh"),
    pytest.param("https://github.com/Owner/Repo.git", "https://github.com/Owner/Repo", id="https"),
    pytest.param("https://user:s3cret@gitlab.com/g/sub/r", "https://gitlab.com/g/sub/r", id="credentials-dropped"),
    pytest.param("git://example.org/o/r/", "https://example.org/o/r", id="git-protocol"),
    pytest.param("/srv/git/repo.git", None, id="local-path"),
    pytest.param("file:///srv/git/repo.git", None, id="file-url"),
    pytest.param("https://example.org/repo", None, id="no-owner"),
])
def test_remote_url_to_prefix(url: str, prefix: Optional[str]) -> None:
    assert remote_url_to_prefix(url) == prefix


def test_hosted_prefix_from_config() -> None:
    config = """\
[core]
\tbare = false
[remote "upstream"]
\turl = https://github.com/up/stream.git
[remote "origin"]
\turl = git@github.com:me/fork.git
\tfetch = +refs/heads/*:refs/remotes/origin/*
"""
    assert hosted_prefix(config) == "https://github.com/me/fork"
    assert hosted_prefix(config, "upstream") == "https://github.com/up/stream"
    assert hosted_prefix(config, "missing") is None
    assert hosted_prefix('[remote "only"]\n  url = "git@gitlab.com:g/r.git"\n') == "https://gitlab.com/g/r"
    assert hosted_prefix("[core]\n\tbare = true\n") is None


# "auto" (the default) in a tree with a mkdocs.yml: MkDocs may render its pages, so its slugs are
# anchors too, and a suggestion must be both renderers' anchor.  Without one, GitHub's alone.
MKDOCS_TREE = dict(FILES, **{"mkdocs.yml": "site_name: x\n"})
IN_A_MKDOCS_TREE = [
    pytest.param("docs/changes.md#300-2018-09-21", [], id="mkdocs-slug"),
    pytest.param("docs/changes.md#300---2018-09-21", [], id="github-slug"),
    pytest.param("#usage_1", [], id="mkdocs-duplicate"),
    pytest.param("docs/api.md#autentication", [("URI402", "docs/api.md#authentication")], id="typo-both-agree"),
    pytest.param("docs/changes.md#300-2018-09-2", [("URI402", None)], id="renderers-disagree-no-fix"),
    pytest.param("#usage-2", [("URI402", None)], id="duplicate-numbered-differently-no-fix"),
]


@pytest.mark.parametrize(("link", "expected"), IN_A_MKDOCS_TREE)
def test_auto_in_a_tree_that_builds_with_mkdocs(link: str, expected: List[tuple]) -> None:  # type: ignore[type-arg]
    found = check_reference(LinkIndex(DictTree(MKDOCS_TREE), "auto"), "README.md", link, LinkSettings())
    assert [(f.code, f.fix) for f in found] == expected


def test_auto_reads_mkdocs_anchors_only_in_a_tree_that_builds_with_mkdocs() -> None:
    """Without a mkdocs.yml the pages are GitHub's: a Python-Markdown slug is a broken link there."""
    found = check_reference(LinkIndex(DictTree(FILES), "auto"), "README.md", "docs/changes.md#300-2018-09-21",
                            LinkSettings())
    assert [(f.code, f.fix) for f in found] == [("URI402", "docs/changes.md#300---2018-09-21")]
