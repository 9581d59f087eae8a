"""The link rules' configuration keys, from [tool.urilint] to LinkSettings, and the runs that
use them: the CLI's provider of trees (one lazy index per tree and run, in each -j worker),
a run on a subset of files resolving against the git top level."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest

from urilint.cli import main
from urilint.config import ConfigError, config_from_mapping
from urilint.links.check import LinkSettings
from urilint.links.provider import TreeLinks, link_settings
from urilint.settings import Settings

# --- the keys ------------------------------------------------------------------------------
KEYS_REACH_LINK_SETTINGS = [
    pytest.param({}, None, LinkSettings(), id="defaults"),
    pytest.param({}, "https://github.com/o/r", LinkSettings(hosted=("https://github.com/o/r",)),
                 id="hosted-from-the-git-remote"),
    pytest.param({"anchor-style": "gitlab"}, None, LinkSettings(anchor_style="gitlab"), id="anchor-style"),
    pytest.param({"site-root": "site/"}, None, LinkSettings(site_root="site"), id="site-root"),
    pytest.param({"site-root": "."}, None, LinkSettings(site_root=""), id="site-root-is-the-root"),
    pytest.param({"site-root": "/docs//public"}, None, LinkSettings(site_root="docs/public"), id="site-root-nested"),
    pytest.param({"ignore-targets": ["build/", "*.gen.md"]}, None, LinkSettings(ignore_targets=("build/", "*.gen.md")),
                 id="ignore-targets"),
    pytest.param({"hosted": ["https://gitlab.com/g/p"]}, "https://github.com/o/r",
                 LinkSettings(hosted=("https://gitlab.com/g/p",)), id="hosted-configured-wins"),
    pytest.param({"hosted": []}, "https://github.com/o/r", LinkSettings(hosted=()), id="hosted-empty-turns-off"),
    pytest.param({"hosted-branches": ["develop"]}, None, LinkSettings(hosted_branches=("develop",)),
                 id="hosted-branches"),
]


@pytest.mark.parametrize(("table", "detected", "expected"), KEYS_REACH_LINK_SETTINGS)
def test_keys_reach_the_link_settings(table: Dict[str, Any], detected: Optional[str], expected: LinkSettings) -> None:
    assert link_settings(config_from_mapping(table).settings, detected) == expected


BAD_KEYS = [
    pytest.param({"anchor-style": "bitbucket"}, "'anchor-style' must be one of auto, github, gitlab, mkdocs",
                 id="anchor-style-unknown"),
    pytest.param({"anchor-style": ["github"]}, "'anchor-style' must be one of", id="anchor-style-type"),
    pytest.param({"site-root": "../site"}, "'site-root' must stay inside the repository", id="site-root-escapes"),
    pytest.param({"site-root": ""}, "'site-root' must be a folder", id="site-root-empty"),
    pytest.param({"site-root": True}, "'site-root' must be a folder", id="site-root-type"),
    pytest.param({"ignore-targets": "build/"}, "'ignore-targets' must be a list of strings", id="ignore-targets-type"),
    pytest.param({"ignore-targets": [" "]}, "'ignore-targets' has an empty pattern", id="ignore-targets-empty"),
    pytest.param({"hosted": "https://github.com/o/r"}, "'hosted' must be a list of strings", id="hosted-type"),
    pytest.param({"hosted": ["git@github.com:o/r.git"]}, "'hosted' holds", id="hosted-scp"),
    pytest.param({"hosted": ["https://github.com"]}, "'hosted' holds", id="hosted-no-path"),
    pytest.param({"hosted-branches": [""]}, "'hosted-branches' has an empty pattern", id="branches-empty"),
    pytest.param({"hosted-branches": "main"}, "'hosted-branches' must be a list", id="branches-type"),
]


@pytest.mark.parametrize(("table", "message"), BAD_KEYS)
def test_bad_values_are_errors_naming_the_key(table: Dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError) as exc:
        config_from_mapping(table, "proj/pyproject.toml")
    assert message in str(exc.value) and "proj/pyproject.toml" in str(exc.value)


def test_a_bad_value_exits_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.urilint]\nanchor-style = "bitbucket"\n', encoding="utf-8")
    (tmp_path / "a.md").write_text("# A\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "a.md"]) == 2
    assert "'anchor-style'" in capsys.readouterr().err


# --- the keys at work, through the CLI ------------------------------------------------------
TREE: Dict[str, str] = {
    "README.md": "# Project\n",
    "docs/index.md": "# Index\n\n## Getting started\n",
    "site/about/index.html": "<h1 id=\"about\">About</h1>\n",
    "build/api.md": "# API\n",
}
LINKS = '[tool.urilint]\nextend-select = ["URI4"]\n'


def _run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], config: str,
         text: str, *args: str) -> List[Tuple[str, int]]:
    root = tmp_path / "repo"
    for rel, body in {**TREE, "docs/a.md": text}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(body, encoding="utf-8")
    (root / ".git").mkdir()
    (root / "pyproject.toml").write_text(LINKS + config, encoding="utf-8")
    monkeypatch.chdir(root)
    capsys.readouterr()
    assert main(["check", "--output-format", "json", "--exit-zero", *args, "docs/a.md"]) == 0
    return [(f["code"], f["location"]["column"]) for f in json.loads(capsys.readouterr().out)]


CONFIGURED_FIRES = [
    pytest.param('site-root = "site"\n', "[x](/about/nope.html)\n", [("URI401", 5)], id="site-root-missing"),
    pytest.param('site-root = "site"\n', "[x](/about/index.html#abot)\n", [("URI402", 22)],
                 id="site-root-fragment"),
    pytest.param('ignore-targets = ["build/"]\n', "[x](../buld/api.md)\n", [("URI401", 5)],
                 id="ignore-targets-other-folder"),
    pytest.param('anchor-style = "gitlab"\n', "[x](index.md#getting_started)\n", [("URI402", 13)],
                 id="anchor-style-gitlab"),
    pytest.param('hosted = ["https://github.com/o/r"]\n',
                 "[x](https://github.com/o/r/blob/main/docs/nope.md)\n", [("URI401", 38)], id="hosted"),
    pytest.param('hosted = ["https://github.com/o/r"]\nhosted-branches = ["trunk"]\n',
                 "[x](https://github.com/o/r/blob/trunk/docs/nope.md)\n", [("URI401", 39)], id="hosted-branch"),
]
CONFIGURED_SILENT = [
    pytest.param("", "[x](/about/nope.html)\n", id="no-site-root"),
    pytest.param('site-root = "site"\n', "[x](/about/index.html#about)\n", id="site-root-good"),
    pytest.param('site-root = "site"\n', "[x](/about/)\n", id="site-root-folder"),
    pytest.param('ignore-targets = ["build/"]\n', "[x](../build/gone.md)\n", id="ignore-targets-folder"),
    pytest.param('ignore-targets = ["*.gen.md"]\n', "[x](api.gen.md)\n", id="ignore-targets-glob"),
    pytest.param('anchor-style = "mkdocs"\n', "[x](index.md#getting-started)\n", id="anchor-style-mkdocs"),
    pytest.param('hosted = []\n', "[x](https://github.com/o/r/blob/main/docs/nope.md)\n", id="hosted-off"),
    pytest.param('hosted = ["https://github.com/o/r"]\n',
                 "[x](https://github.com/o/r/blob/v1.0/docs/nope.md)\n", id="hosted-other-branch"),
    pytest.param('hosted = ["https://github.com/o/r"]\nhosted-branches = ["trunk"]\n',
                 "[x](https://github.com/o/r/blob/main/docs/nope.md)\n", id="hosted-branch-not-listed"),
]


@pytest.mark.parametrize(("config", "text", "expected"), CONFIGURED_FIRES)
def test_configured_keys_fire(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                              config: str, text: str, expected: List[Tuple[str, int]]) -> None:
    assert _run(tmp_path, monkeypatch, capsys, config, text) == expected


@pytest.mark.parametrize(("config", "text"), CONFIGURED_SILENT)
def test_configured_keys_stay_silent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str], config: str, text: str) -> None:
    assert _run(tmp_path, monkeypatch, capsys, config, text) == []


# --- runs ------------------------------------------------------------------------------------
def test_a_run_on_one_file_resolves_against_the_git_top_level(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "repo"
    (root / "docs" / "deep").mkdir(parents=True)
    (root / ".git").mkdir()
    (root / "README.md").write_text("# Project\n", encoding="utf-8")
    (root / "docs" / "deep" / "a.md").write_text("[r](../../README.md) [s](../../READM.md)\n", encoding="utf-8")
    monkeypatch.chdir(root / "docs" / "deep")  # a hook runs from anywhere, on a few files
    assert main(["check", "--isolated", "--select", "URI401", "--output-format", "json", "a.md"]) == 1
    found = json.loads(capsys.readouterr().out)
    assert [(f["code"], f["location"]["column"]) for f in found] == [("URI401", 26)]


def test_parallel_workers_find_what_one_process_finds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "repo"
    (root / "docs").mkdir(parents=True)
    (root / ".git").mkdir()
    (root / "docs" / "target.md").write_text("# Target\n\n## Part\n", encoding="utf-8")
    for i in range(40):  # more than the 16 files below which a run stays in one process
        (root / "docs" / f"p{i:02}.md").write_text(f"[a](target.md#part) [b](target.md#prt{i}) [c](gone{i}.md)\n",
                                                    encoding="utf-8")
    monkeypatch.chdir(root)
    outputs = []
    for jobs in ("1", "2"):
        capsys.readouterr()
        main(["check", "--isolated", "--select", "URI4", "--output-format", "json", "-j", jobs, "."])
        outputs.append(sorted((f["filename"], f["code"], f["location"]["column"])
                              for f in json.loads(capsys.readouterr().out)))
    assert len(outputs[0]) == 80 and outputs[0] == outputs[1]


def test_a_provider_is_one_per_run_in_each_process(tmp_path: Path) -> None:
    provider = TreeLinks(Settings(), tmp_path)
    other_run = TreeLinks(Settings(), tmp_path)
    first, again = (pickle.loads(pickle.dumps(provider)) for _ in range(2))
    assert first is again  # a worker unpickles it with every job, and keeps its indexes
    assert pickle.loads(pickle.dumps(other_run)) is not first


def test_a_provider_builds_one_index_per_tree(tmp_path: Path) -> None:
    for repo in ("one", "two"):
        (tmp_path / repo / "docs").mkdir(parents=True)
        (tmp_path / repo / ".git").mkdir()
    provider = TreeLinks(Settings(), tmp_path)
    a, b = provider(str(tmp_path / "one" / "a.md")), provider(str(tmp_path / "one" / "docs" / "b.md"))
    c = provider(str(tmp_path / "two" / "c.md"))
    assert a is not None and b is not None and c is not None
    assert a.tree is b.tree and a.tree is not c.tree
    assert (a.document, b.document, c.document) == ("a.md", "docs/b.md", "c.md")
