"""`cfgc check` and `cfgc generate` print their problems for people (`--format text`, the
default, unchanged), for tools (`json`: one object per problem) or for GitHub Actions
(`github`: workflow annotations that land on the pull request's lines)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cfgc.report import Problem

REPO = Path(__file__).resolve().parent.parent
UNKNOWN_KEY = (REPO / "tests" / "schema_errors" / "unknown_key.yaml").read_text()
MESSAGE = "unknown key 'defualt' in field Demo.size"
GOOD = """\
classes:
  Demo:
    doc: A demo class.
    fields:
      size: {type: int, default: 3, hash: include, doc: A size.}
"""


def cfgc(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cfgc.cli", "--root", str(root), *args],
                          capture_output=True, text=True, check=False)


@pytest.fixture
def broken(project: Path) -> Path:
    (project / "schema" / "case.yaml").write_text(UNKNOWN_KEY)
    return project


@pytest.mark.parametrize("command", ["generate", "check"])
def test_text_is_as_it_always_was(broken: Path, command: str) -> None:
    result = cfgc(broken, command)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.splitlines() == [
        f"schema/case.yaml:8:9: {MESSAGE} (did you mean 'default'?)",
        "cfgc: 1 schema error; nothing written",
    ]
    assert cfgc(broken, command, "--format", "text").stderr == result.stderr


@pytest.mark.parametrize("command", ["generate", "check"])
def test_json_is_one_object_per_problem(broken: Path, command: str) -> None:
    result = cfgc(broken, command, "--format", "json")
    assert result.returncode == 1
    assert json.loads(result.stdout) == [{
        "file": "schema/case.yaml", "line": 8, "column": 9, "message": MESSAGE,
        "suggestion": "default", "severity": "error"}]
    assert "nothing written" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("command", ["generate", "check"])
def test_github_prints_workflow_annotations(broken: Path, command: str) -> None:
    result = cfgc(broken, command, "--format", "github")
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"::error file=schema/case.yaml,line=8,col=9::{MESSAGE} (did you mean 'default'?)"]


def test_every_problem_of_a_run_is_reported(project: Path) -> None:
    (project / "schema" / "case.yaml").write_text(UNKNOWN_KEY.replace("doc: A size.",
                                                                      "doc: A size.\n"
                                                                      "        hsah: 1"))
    (project / "schema" / "extra.yml").write_text("classes: {}\n")
    problems = json.loads(cfgc(project, "check", "--format", "json").stdout)
    assert [(p["file"], p["line"], p["suggestion"], p["severity"]) for p in problems] == [
        ("schema/extra.yml", None, None, "warning"),
        ("schema/case.yaml", 8, "default", "error"),
        ("schema/case.yaml", 11, "hash", "error"),
    ]


def test_check_reports_stale_files_per_file(project: Path) -> None:
    (project / "schema" / "case.yaml").write_text(GOOD)
    assert cfgc(project, "generate", "-q").returncode == 0
    up_to_date = cfgc(project, "check", "--format", "json")
    assert (up_to_date.returncode, json.loads(up_to_date.stdout)) == (0, [])
    assert "up to date" in up_to_date.stderr
    module = project / "generated" / "vllm_config" / "case.py"
    module.write_text(module.read_text() + "# edited by hand\n")
    result = cfgc(project, "check", "--format", "json")
    assert result.returncode == 1
    assert json.loads(result.stdout) == [{
        "file": "generated/vllm_config/case.py", "line": None, "column": None,
        "message": "stale: `cfgc generate` would change it", "suggestion": None,
        "severity": "error"}]
    github = cfgc(project, "check", "--format", "github")
    assert github.stdout.splitlines() == [
        "::error file=generated/vllm_config/case.py::stale: `cfgc generate` would change it"]
    assert cfgc(project, "check").stderr.splitlines()[0] == \
        "stale: generated/vllm_config/case.py"


def test_generate_json_keeps_stdout_for_problems(project: Path) -> None:
    (project / "schema" / "case.yaml").write_text(GOOD)
    result = cfgc(project, "generate", "--format", "json")
    assert result.returncode == 0 and json.loads(result.stdout) == []
    assert "wrote generated/vllm_config/case.py" in result.stderr.splitlines()


def test_an_unknown_format_is_a_usage_error(project: Path) -> None:
    result = cfgc(project, "check", "--format", "sarif")
    assert result.returncode == 2 and "invalid choice: 'sarif'" in result.stderr


def test_annotations_escape_what_workflow_commands_read() -> None:
    problem = Problem("", "50% done\nthen: more", "dir,a:b.yaml", 3, 1)
    assert problem.as_github() == "::error file=dir%2Ca%3Ab.yaml,line=3,col=1::50%25 done" \
                                  "%0Athen: more"
