"""The link rules through pipeline.lint: a file on disk, its tree found from its path (the git
top level, else the current folder), the findings through the same suppression path."""

from __future__ import annotations

from pathlib import Path
from typing import Dict, List, Optional, Tuple

import pytest

from urilint import pipeline
from urilint.cli import main
from urilint.links.provider import TreeLinks
from urilint.settings import Settings

LINKS = Settings(extend_select=frozenset({"URI4"}))
TREE: Dict[str, str] = {
    "README.md": "# Project\n\n## Usage\n",
    "docs/install.md": "# Install\n\n## Linux\n",
    "docs/guide.rst": ".. _setup:\n\nGuide\n=====\n",
    "docs/page.html": "<h1 id=\"top\">Top</h1>\n",
    "img/logo.png": "",
    "src/app.py": "print()\n",
}


def _repo(tmp_path: Path, extra: Optional[Dict[str, str]] = None, git: bool = True) -> Path:
    root = tmp_path / "repo"
    for rel, text in {**TREE, **(extra or {})}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    if git:
        (root / ".git").mkdir()
    return root


def _lint(root: Path, rel: str, text: str, fmt: str, settings: Settings = LINKS, **kw: object) -> List[Tuple[str, str]]:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    result = pipeline.lint(text, fmt, settings, path=str(path), links=TreeLinks(settings),
                           **kw)  # type: ignore[arg-type]
    return [(f.code, text[f.start:f.end]) for f in result.findings]


FIRES = [
    pytest.param("docs/a.md", "See [x](instal.md).\n", "markdown", [("URI401", "instal.md")], id="md-missing"),
    pytest.param("docs/a.md", "![l](../img/Logo.png)\n", "markdown", [("URI403", "../img/Logo.png")], id="md-case"),
    pytest.param("docs/a.md", "[u](../README.md#usge)\n", "markdown", [("URI402", "#usge")], id="md-fragment"),
    pytest.param("docs/a.md", "[s](#nowhere)\n\n# Here\n", "markdown", [("URI402", "#nowhere")], id="md-same-doc"),
    pytest.param("docs/deep/b.md", "[i](../../docs/nope.md)\n", "markdown", [("URI401", "../../docs/nope.md")],
                 id="md-dotdot"),
    pytest.param("docs/a.md", "[x][Ref  One]\n\n[ref one]: instal.md\n", "markdown", [("URI401", "instal.md")],
                 id="md-used-definition"),
    pytest.param("docs/a.md", "# T\n\n[t][]\n\n[t]: #nope\n", "markdown", [("URI402", "#nope")],
                 id="md-collapsed-reference"),
    pytest.param("docs/a.md", "See [T].\n\n[t]: #nope\n", "markdown", [("URI402", "#nope")],
                 id="md-shortcut-reference"),
    pytest.param("docs/a.rst", "`x <missing.rst>`_\n", "rst", [("URI401", "missing.rst")], id="rst-missing"),
    pytest.param("docs/a.html", "<a href=\"page.html#bottom\">p</a>\n", "html", [("URI402", "#bottom")],
                 id="html-fragment"),
    pytest.param("docs/a.html", "<img src=\"../img/nope.png\">\n", "html", [("URI401", "../img/nope.png")],
                 id="html-missing"),
]

SILENT = [
    pytest.param("docs/a.md", "See [x](install.md#linux) and [r](../README.md).\n", "markdown", LINKS, {},
                 id="md-good"),
    pytest.param("docs/a.md", "```\n[x](instal.md)\n```\n", "markdown", LINKS, {}, id="md-code-block"),
    pytest.param("docs/a.md", "Use `[x](instal.md)`.\n", "markdown", LINKS, {}, id="md-code-span"),
    pytest.param("docs/a.md", "[x](instal.md)\n", "markdown", Settings(), {}, id="off-by-default"),
    pytest.param("docs/a.md", "[x](instal.md)\n", "markdown", LINKS, {"role": pipeline.TEST}, id="test-data"),
    pytest.param("docs/a.md", "[x](instal.md)\n", "markdown", LINKS, {"ignored": frozenset({"URI401"})},
                 id="per-file-ignore"),
    pytest.param("docs/a.md", "[x](instal.md)\n", "markdown", Settings(extend_select=frozenset({"URI402"})), {},
                 id="other-link-rule-only"),
    pytest.param("docs/a.md", "<!-- urilint-disable-next-line URI401 -->\n[x](instal.md)\n", "markdown", LINKS, {},
                 id="suppressed"),
    pytest.param("docs/a.md", "## Rationale and alternatives\n[alternatives]: #alternatives\n", "markdown", LINKS,
                 {}, id="md-unused-definition"),
    pytest.param("docs/a.md", "[other]\n\n[b]: instal.md\n", "markdown", LINKS, {}, id="md-unused-definition-2"),
    pytest.param("docs/a.md", "[B](https://example.com/b)\n\n[b]: instal.md\n", "markdown", LINKS, {},
                 id="md-inline-link-is-no-use"),
    pytest.param("docs/a.rst", "`x <guide.rst>`_ and :ref:`setup`\n", "rst", LINKS, {}, id="rst-good"),
    pytest.param("docs/a.html", "<a href=\"page.html#top\">p</a>\n", "html", LINKS, {}, id="html-good"),
    pytest.param("src/b.py", "URL = 'instal.md'\n", "python", LINKS, {}, id="python-not-judged"),
]


@pytest.mark.parametrize(("rel", "text", "fmt", "expected"), FIRES)
def test_link_rules_fire_through_the_pipeline(tmp_path: Path, rel: str, text: str, fmt: str,
                                               expected: List[Tuple[str, str]]) -> None:
    assert _lint(_repo(tmp_path), rel, text, fmt) == expected


@pytest.mark.parametrize(("rel", "text", "fmt", "settings", "kw"), SILENT)
def test_link_rules_stay_silent(tmp_path: Path, rel: str, text: str, fmt: str, settings: Settings,
                                kw: Dict[str, object]) -> None:
    assert _lint(_repo(tmp_path), rel, text, fmt, settings, **kw) == []


def test_without_a_path_no_link_is_judged() -> None:
    assert pipeline.lint("[x](instal.md)\n", "markdown", LINKS, links=TreeLinks(LINKS)).findings == ()


def test_without_a_provider_no_link_is_judged(tmp_path: Path) -> None:
    # The pipeline reads no disk: without the caller's provider of trees, a path is not enough.
    root = _repo(tmp_path)
    assert pipeline.lint("[x](instal.md)\n", "markdown", LINKS, path=str(root / "docs" / "a.md")).findings == ()


def test_the_root_is_the_git_top_level(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _repo(tmp_path)
    monkeypatch.chdir(tmp_path)  # elsewhere: the root is found from the file, not the folder
    assert _lint(root, "docs/a.md", "[r](../README.md) [s](../../outside.md)\n", "markdown") == []
    assert _lint(root, "docs/a.md", "[r](../READM.md)\n", "markdown") == [("URI401", "../READM.md")]


def test_without_git_the_root_is_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _repo(tmp_path, git=False)
    monkeypatch.chdir(root)
    assert _lint(root, "docs/a.md", "[r](../READM.md)\n", "markdown") == [("URI401", "../READM.md")]


def test_a_file_outside_the_root_is_not_judged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _repo(tmp_path, git=False)
    monkeypatch.chdir(root / "img")
    assert _lint(root, "docs/a.md", "[r](../READM.md)\n", "markdown") == []


def test_hosted_links_from_the_git_remote(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    (root / ".git" / "config").write_text('[remote "origin"]\n\turl = git@github.com:owner/repo.git\n',
                                          encoding="utf-8")
    text = "[a](https://github.com/owner/repo/blob/main/docs/instal.md) [b](https://github.com/other/x/blob/main/y.md)\n"
    assert _lint(root, "docs/a.md", text, "markdown") == [("URI401", "docs/instal.md")]


def test_unsafe_fix_corrects_the_link(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    text = "See [x](instal.md) and [y](install.md#linx).\n"
    (root / "docs" / "a.md").write_text(text, encoding="utf-8")
    result = pipeline.lint(text, "markdown", LINKS, path=str(root / "docs" / "a.md"), fix=True, unsafe=True,
                           links=TreeLinks(LINKS))
    assert result.text == "See [x](install.md) and [y](install.md#linux).\n"
    assert result.fixed == 2 and result.findings == ()
    safe_only = pipeline.lint(text, "markdown", LINKS, path=str(root / "docs" / "a.md"), fix=True,
                              links=TreeLinks(LINKS))
    assert safe_only.text == text and [f.code for f in safe_only.findings] == ["URI401", "URI402"]


def test_cli_checks_links_end_to_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    root = _repo(tmp_path, {"docs/a.md": "[x](instal.md)\n"})
    monkeypatch.chdir(root)
    assert main(["check", "--select", "URI401", "docs/a.md"]) == 1
    assert "URI401" in capsys.readouterr().out


#: A link rule's message quotes its link; the link's secrets must never show in it, and a link
#: without one is quoted as it is.
MESSAGE_SECRETS = [
    pytest.param("docs/a.html", '<a href="s\u017ftp://x/?key=sk-abcD1234abcD1234abcD1234abcD1234">x</a>\n', "html",
                 "sk-abcD1234abcD1234abcD1234abcD1234", True, id="token-in-a-link-that-is-no-url"),
    pytest.param("docs/a.md", "[x](s\u017ftp://x/?access_token=Zq7tokentoken1234)\n", "markdown",
                 "Zq7tokentoken1234", True, id="secret-parameter"),
    pytest.param("docs/a.md", "[x](s\u017ftp://x/?page=2)\n", "markdown", "?page=2", False, id="no-secret"),
]


@pytest.mark.parametrize("rel, text, fmt, value, hidden", MESSAGE_SECRETS)
def test_a_link_rules_message_never_shows_a_secret(tmp_path: Path, rel: str, text: str, fmt: str, value: str,
                                                   hidden: bool) -> None:
    root = _repo(tmp_path)
    settings = Settings(select=frozenset({"ALL"}))
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    result = pipeline.lint(text, fmt, settings, path=str(path), links=TreeLinks(settings))
    messages = [f.message for f in result.findings if f.code.startswith("URI4")]
    assert messages, [f.code for f in result.findings]
    assert all((value in m) is not hidden for m in messages), messages
    assert all("****" in m for m in messages) is hidden, messages
