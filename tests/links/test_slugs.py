"""Heading slugs per anchor style: single headings, duplicate numbering, and (where the
renderer is installed) the same headings through Python-Markdown's own toc extension."""

from __future__ import annotations

from typing import List, Sequence

import pytest

from urilint.links.slugs import ANCHOR_STYLES, Slugger, slugify


@pytest.mark.parametrize(("text", "slug"), [
    pytest.param("Installation", "installation", id="lowercase"),
    pytest.param("Getting started", "getting-started", id="space-to-dash"),
    pytest.param("What's new?", "whats-new", id="punctuation-dropped"),
    pytest.param("C++ & C#", "c--c", id="symbols-dropped-spaces-kept"),
    pytest.param("a  b", "a--b", id="no-squeeze"),
    pytest.param("snake_case-name", "snake_case-name", id="underscore-and-dash-kept"),
    pytest.param("😄 emoji", "-emoji", id="emoji-dropped-dash-kept"),
    pytest.param("Привет non-latin 你好", "привет-non-latin-你好", id="non-ascii-kept"),
    pytest.param("Ünïcödé Straße", "ünïcödé-straße", id="accents-kept"),
    pytest.param("v1.2.3 (beta)", "v123-beta", id="dots-and-parens"),
    pytest.param("100%", "100", id="digits"),
    pytest.param("", "", id="empty"),
    pytest.param("Step ①", "step-①", id="other-number-kept"),
    pytest.param("«quoted» — dash", "quoted--dash", id="unicode-punctuation-dropped"),
])
def test_github(text: str, slug: str) -> None:
    assert slugify(text, "github") == slug


@pytest.mark.parametrize(("text", "slug"), [
    pytest.param("Installation", "installation", id="lowercase"),
    pytest.param("a  b", "a-b", id="dashes-squeezed"),
    pytest.param("C++ & C#", "c-c", id="symbols-dropped-squeezed"),
    pytest.param("  padded  ", "padded", id="stripped"),
    pytest.param("2024", "anchor-2024", id="digits-only-prefixed"),
    pytest.param("2024 plan", "2024-plan", id="digits-with-words"),
    pytest.param("Привет мир", "привет-мир", id="non-ascii-kept"),
    pytest.param("😄 emoji", "-emoji", id="emoji-after-strip"),
    pytest.param("Step ①", "step-", id="only-decimal-digits"),
])
def test_gitlab(text: str, slug: str) -> None:
    assert slugify(text, "gitlab") == slug


@pytest.mark.parametrize(("text", "slug"), [
    pytest.param("Installation", "installation", id="lowercase"),
    pytest.param("a  b", "a-b", id="whitespace-run"),
    pytest.param("a - b", "a-b", id="dash-run"),
    pytest.param("žlutý kůň", "zluty-kun", id="accents-folded"),
    pytest.param("Привет мир", "", id="non-latin-dropped"),
    pytest.param("What's new?", "whats-new", id="punctuation-dropped"),
    pytest.param("snake_case", "snake_case", id="underscore-kept"),
    pytest.param("  padded  ", "padded", id="stripped"),
])
def test_mkdocs(text: str, slug: str) -> None:
    assert slugify(text, "mkdocs") == slug


def _run(style: str, texts: Sequence[str]) -> List[str]:
    slugger = Slugger(style)
    return [slugger.slug(t) for t in texts]


@pytest.mark.parametrize(("style", "texts", "slugs"), [
    pytest.param("github", ["foo", "foo", "bar", "foo"], ["foo", "foo-1", "bar", "foo-2"], id="github-count"),
    pytest.param("github", ["a", "a", "a-1"], ["a", "a-1", "a-1-1"], id="github-suffix-taken"),
    pytest.param("github", ["a-1", "a", "a"], ["a-1", "a", "a-2"], id="github-skips-taken"),
    pytest.param("github", ["Usage", "usage!"], ["usage", "usage-1"], id="github-same-slug"),
    pytest.param("gitlab", ["foo", "foo", "foo"], ["foo", "foo-1", "foo-2"], id="gitlab-count"),
    pytest.param("mkdocs", ["foo", "foo", "foo"], ["foo", "foo_1", "foo_2"], id="mkdocs-underscore"),
    pytest.param("mkdocs", ["Привет", "Мир"], ["_1", "_2"], id="mkdocs-empty"),
    pytest.param("mkdocs", ["a_1", "a", "a"], ["a_1", "a", "a_2"], id="mkdocs-parses-suffix"),
])
def test_duplicates(style: str, texts: List[str], slugs: List[str]) -> None:
    assert _run(style, texts) == slugs


def test_unknown_style_is_refused() -> None:
    with pytest.raises(ValueError, match="anchor style"):
        slugify("x", "bitbucket")
    with pytest.raises(ValueError):
        Slugger("bitbucket")


def test_styles() -> None:
    assert ANCHOR_STYLES[0] == "auto"  # the default: GitHub's slugs, tolerant of the other styles'
    assert slugify("[3.0.0] - 2018-09-21", "auto") == slugify("[3.0.0] - 2018-09-21", "github") == "300---2018-09-21"


HEADINGS = [
    "Installation", "Getting started", "What's new?", "a  b", "snake_case", "žlutý kůň",
    "Привет мир", "C++ & C#", "v1.2.3 (beta)", "Installation", "Installation", "foo_1", "foo",
    "foo", "2024", "«quoted» — dash",
]


def test_mkdocs_matches_python_markdown() -> None:
    markdown = pytest.importorskip("markdown")
    source = "\n\n".join(f"# {h}" for h in HEADINGS)
    html = markdown.markdown(source, extensions=["toc"])
    import re

    ids = re.findall(r'<h1 id="([^"]*)"', html)
    assert ids == _run("mkdocs", HEADINGS)
