"""The run's jobs are built one at a time from the walked paths (issue 16, memory): what a run
keeps per file is a string; every job still carries what the run gave all of them."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from urilint.cli import Job, Jobs, Output, _jobs, build_parser
from urilint.config import Config


def _args(*words: str) -> argparse.Namespace:
    return build_parser(only="check").parse_args(["check", *words])


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    for name in ("a.md", "docs/b.md", "docs/c.txt"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x\n", encoding="utf-8")
    return tmp_path


def test_a_run_keeps_a_string_per_file(tree: Path) -> None:
    jobs, errors = _jobs(_args("--fix", "."), Config())
    assert errors == [] and isinstance(jobs, Jobs)
    assert all(type(p) is str for p in jobs.paths)
    assert sorted(job.shown for job in jobs) == ["a.md", "docs/b.md", "docs/c.txt"]
    assert all(isinstance(job.path, Path) and job.fix and not job.diff for job in jobs)


def test_overlapping_paths_give_each_file_once(tree: Path) -> None:
    jobs, _ = _jobs(_args(".", "docs", "docs/b.md"), Config())
    assert sorted(job.shown for job in jobs) == ["a.md", "docs/b.md", "docs/c.txt"]


def test_shared_fields_and_recorded_keys_reach_every_job(tree: Path) -> None:
    jobs, _ = _jobs(_args("."), Config())
    output = Output("json")
    recorded = {"docs/b.md": [("URI101", "k")]}
    given = jobs.with_fields(output=output, known=recorded)
    assert len(given) == len(jobs) == 3
    by_name = {job.shown: job for job in given}
    assert all(job.output == output for job in given)
    assert by_name["docs/b.md"].known == (("URI101", "k"),) and by_name["a.md"].known == ()
    assert [job.shown for job in given[1:]] == [job.shown for job in list(given)[1:]]
    assert jobs[0].known is None and jobs[0].output == Output()  # the first set is unchanged


def test_standard_input_is_one_job_under_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"see https://example.com/\n")))
    jobs, _ = _jobs(_args("--stdin-filename", "docs/x.md", "-"), Config())
    [job] = list(jobs.with_fields(known={"docs/x.md": [("URI1", "k")]}))
    assert isinstance(job, Job) and job.shown == "docs/x.md" and job.stdin == b"see https://example.com/\n"
    assert job.format == "markdown" and job.known == (("URI1", "k"),)
