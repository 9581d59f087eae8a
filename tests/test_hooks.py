"""The pre-commit hooks through the real pre-commit, and the plain git hook through real git."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, Tuple

import pytest

from tests.conftest import ROOT

SECRET = "Sup3rS3cretPw"
pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def git(repo: Path, *args: str, env: Dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, env=env)


def new_repo(path: Path, files: Dict[str, str]) -> Path:
    path.mkdir()
    git(path, "init", "-q")
    git(path, "config", "user.email", "t@example.com")
    git(path, "config", "user.name", "t")
    git(path, "config", "commit.gpgsign", "false")
    for name, text in files.items():
        (path / name).write_text(text, encoding="utf-8")
    git(path, "add", "-A")
    return path


@pytest.fixture(scope="session")
def pre_commit_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # One store for the session: pre-commit installs a hook environment once per (repo, rev) and
    # reuses it, so every run below after the first skips the slow part (creating a venv and
    # pip-installing urilint into it).
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture(scope="session")
def hook_source(tmp_path_factory: pytest.TempPathFactory) -> Tuple[Path, str]:
    """This checkout's working tree as a one-commit repository, and that commit's hash.

    This is what ``pre-commit try-repo`` builds from a checkout with local changes, made here once
    for the session: try-repo keeps its store in a fresh temporary directory, so each call would
    install the hook environment again (three installs made one test take about 20 s).
    """
    source = new_repo(tmp_path_factory.mktemp("hook-source") / "urilint", {})
    listed = git(ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
    assert listed.returncode == 0, listed.stderr
    for name in filter(None, listed.stdout.split("\0")):
        if (ROOT / name).is_file():  # a tracked file deleted from the working tree stays out
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)  # copy2 keeps hooks/pre-commit executable
    git(source, "add", "-A")
    assert git(source, "commit", "-qm", "the working tree").returncode == 0
    return source, git(source, "rev-parse", "HEAD").stdout.strip()


def run_hook(repo: Path, hook: str, source: Tuple[Path, str], home: Path) -> subprocess.CompletedProcess[str]:
    """``pre-commit run <hook> --all-files`` in ``repo`` with our hooks as the one configured repo."""
    url, rev = source
    config = repo.parent / f"{repo.name}.pre-commit-config.yaml"  # outside the repo: not a file to check
    # JSON is YAML, and json.dumps quotes any path safely.
    config.write_text(f"repos:\n- repo: {json.dumps(str(url))}\n  rev: {rev}\n  hooks:\n  - id: {hook}\n")
    env = dict(os.environ, PRE_COMMIT_HOME=str(home), PRE_COMMIT_COLOR="never")
    return subprocess.run([sys.executable, "-m", "pre_commit", "run", "--config", str(config), hook, "--all-files"],
                          cwd=repo, capture_output=True, text=True, env=env, timeout=900)


@pytest.mark.slow
@pytest.mark.xdist_group("pre-commit-env")  # later users of the session's hook environment join it
def test_pre_commit_hooks(tmp_path: Path, hook_source: Tuple[Path, str], pre_commit_home: Path) -> None:
    leaky = new_repo(tmp_path / "leaky", {"settings.yaml": f"db: postgres://app:{SECRET}@db.internal/app\n"})
    proc = run_hook(leaky, "urilint", hook_source, pre_commit_home)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    assert "URI301" in out and SECRET not in out

    # A project that selects normalization in its configuration gets its links fixed by the hook.
    fixable = new_repo(tmp_path / "fixable", {"README.md": "See [docs](HTTPS://Example.COM:443/a/./b).\n",
                                              "urilint.toml": 'extend-select = ["URI2"]\n'})
    proc = run_hook(fixable, "urilint-fix", hook_source, pre_commit_home)
    assert proc.returncode == 1, proc.stdout + proc.stderr  # a fixer that changed a file fails
    assert (fixable / "README.md").read_text() == "See [docs](https://example.com/a/b).\n"

    clean = new_repo(tmp_path / "clean", {"README.md": "See [docs](https://example.com/a/b).\n",
                                          "app.py": 'URL = "https://api.example.com/{owner}/{repo}"\n'})
    proc = run_hook(clean, "urilint", hook_source, pre_commit_home)
    assert proc.returncode == 0, proc.stdout + proc.stderr

    # Many files, one process (require_serial): one report and one summary, not one per batch of
    # files pre-commit would hand to each core.
    many = new_repo(tmp_path / "many", {f"f{i:02}.yaml": f"db: postgres://app:{SECRET}@db{i}.internal/app\n"
                                        for i in range(40)})
    proc = run_hook(many, "urilint", hook_source, pre_commit_home)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    assert out.count("Found 40 errors.") == 1 and out.count("Found ") == 1, out


def test_plain_git_hook_checks_the_staged_content(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "repo", {"ok.md": "fine https://example.com/\n"})
    assert git(repo, "commit", "-qm", "init").returncode == 0
    hook = repo / ".git" / "hooks" / "pre-commit"
    shutil.copy(ROOT / "hooks" / "pre-commit", hook)
    hook.chmod(0o755)
    env = dict(os.environ, URILINT=f"{sys.executable} -m urilint")
    (repo / "my notes.md").write_text(f"db: postgres://app:{SECRET}@db.internal/app\n", encoding="utf-8")
    git(repo, "add", "my notes.md")
    proc = git(repo, "commit", "-qm", "leak", env=env)
    assert proc.returncode != 0 and SECRET not in proc.stdout + proc.stderr
    assert "URI301" in proc.stdout + proc.stderr
    # Partly staged: the index holds a clean file, the working tree a leak: the commit passes.
    (repo / "my notes.md").write_text("db: postgres://app:${PW}@db.internal/app\n", encoding="utf-8")
    git(repo, "add", "my notes.md")
    (repo / "my notes.md").write_text(f"db: postgres://app:{SECRET}@db.internal/app\n", encoding="utf-8")
    proc = git(repo, "commit", "-qm", "clean in index", env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize("name", [
    pytest.param("two\nlines.md", id="newline"),
    pytest.param("it's \"quoted\".md", id="quotes"),
    pytest.param("*.md", id="glob-magic"),
    pytest.param("-dash.md", id="leading-dash"),
])
@pytest.mark.parametrize("partly_staged", [False, True], ids=["whole", "partly-staged"])
def test_plain_git_hook_with_odd_file_names(tmp_path: Path, name: str, partly_staged: bool) -> None:
    repo = new_repo(tmp_path / "repo", {"ok.md": "fine https://example.com/\n"})
    assert git(repo, "commit", "-qm", "init").returncode == 0
    hook = repo / ".git" / "hooks" / "pre-commit"
    shutil.copy(ROOT / "hooks" / "pre-commit", hook)
    hook.chmod(0o755)
    env = dict(os.environ, URILINT=f"{sys.executable} -m urilint")
    leak = f"db: postgres://app:{SECRET}@db.internal/app\n"
    (repo / name).write_text(leak, encoding="utf-8")
    git(repo, "add", "--", name)
    if partly_staged:
        (repo / name).write_text("nothing to see\n", encoding="utf-8")
    proc = git(repo, "commit", "-qm", "leak", env=env)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "URI301" in proc.stdout + proc.stderr and SECRET not in proc.stdout + proc.stderr
    # The same name, clean in the index: the hook passes it.
    (repo / name).write_text("fine https://example.com/\n", encoding="utf-8")
    git(repo, "add", "--", name)
    proc = git(repo, "commit", "-qm", "clean", env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_hook_ids_and_types_in_readme_and_yaml() -> None:
    text = (ROOT / ".pre-commit-hooks.yaml").read_text()
    readme = (ROOT / "README.md").read_text()
    for hook_id in ("urilint", "urilint-fix"):
        assert f"- id: {hook_id}\n" in text
        assert f"id: {hook_id}" in readme
    for tag in ("python", "pyi", "markdown", "rst", "html", "yaml", "toml", "json", "ini", "plain-text", "shell"):
        assert tag in text


def test_hooks_run_serially() -> None:
    """One urilint process per hook run (it has its own -j): pre-commit must not split the files
    over several processes, each printing its own summary."""
    import yaml

    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert [h["id"] for h in hooks] == ["urilint", "urilint-fix"]
    assert all(h.get("require_serial") is True for h in hooks)
