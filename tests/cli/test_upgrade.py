"""`vllm-config upgrade` on a small package with two releases: every kind of change the
release history can describe, for a command line and for a config file."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import REPO
from ..test_schema_errors import run_cfgc

SCHEMA = """
classes:
  SmallConfig:
    doc: A small config.
    hash: {default: include}
    cli: {group: SmallConfig}
    fields:
      size:
        type: int
        default: 1
        doc: A size.
      budget:
        type: int
        default: 2048
        changed: {"2.0": {default: 8192}}
        doc: A budget that grew.
      old_name:
        type: bool
        default: false
        removed: {in: "2.0", renamed_to: SmallConfig.new_name}
        doc: Spelled new_name from 2.0.
      new_name:
        type: bool
        default: false
        added: "2.0"
        doc: Was old_name.
      legacy:
        type: int
        default: 0
        removed: {in: "2.0", dropped: nothing reads it any more}
        doc: Gone in 2.0.
      mode:
        type: Literal["a", "b", "c"]
        default: a
        changed: {"2.0": {type: 'Literal["a", "b"]', meaning_changed: {b: b is slower now}}}
        doc: One choice fewer in 2.0.
      note:
        type: str
        default: ""
        hash: {exclude: cosmetic}
        cli: {flag: --note}
        changed: {"2.0": {cli: {flag: --comment}}}
        doc: Renamed flag, same field.
"""


def generated_project(root: Path, package: str, releases: tuple[str, ...], schema: str,
                      ) -> Path:
    """A project at `root` of package `package` listing `releases` (the first the
    default), `schema` its one schema file (schema/<package less "cli">.yaml), generated."""
    (root / "schema").mkdir()
    shutil.copy(REPO / "pyproject.toml", root)
    listed = ", ".join(f"'{r}'" for r in releases)
    (root / "schema" / "project.yaml").write_text(
        f"project:\n  package: {package}\n  schema_version: 1\n  doc: x\n"
        f"  releases: {{list: [{listed}], default: '{releases[0]}'}}\n")
    (root / "schema" / f"{package.removesuffix('cli')}.yaml").write_text(schema)
    result = run_cfgc(root, "generate")
    assert result.returncode == 0, result.stderr
    return root


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> Path:
    return generated_project(tmp_path_factory.mktemp("upgrade"), "smallcli", ("1.0", "2.0"),
                             SCHEMA)


def upgrade(root: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root / "generated")}
    env.pop("CFGC_RELEASE", None)
    return subprocess.run([sys.executable, "-m", "smallcli", "upgrade", *argv], env=env,
                          capture_output=True, text=True, cwd=root, check=False)


def as_json(root: Path, *argv: str) -> tuple[int, dict]:
    proc = upgrade(root, "--to", "2.0", "--format", "json", "--", *argv)
    assert "Traceback" not in proc.stderr
    return proc.returncode, json.loads(proc.stdout)


def kinds(data: dict) -> dict[str, str]:
    return {c["flag"]: c["kind"] for c in data["changes"]}


def test_a_line_the_new_release_reads_the_same_comes_back_unchanged(small: Path) -> None:
    code, data = as_json(small, "--size", "3", "--budget", "100")  # budget given: no change
    assert code == 0
    assert data["argv"] == ["--size", "3", "--budget", "100"]
    assert data["changes"] == []


def test_renamed_field_and_renamed_flag(small: Path) -> None:
    code, data = as_json(small, "--old-name", "--note", "hi")
    assert code == 0
    assert data["argv"] == ["--new-name", "--comment", "hi"]
    assert kinds(data) == {"--old-name": "renamed", "--note": "flag_renamed",
                           "--budget": "default_changed"}


def test_dropped_setting_at_its_default_goes_silently_else_it_is_flagged(small: Path) -> None:
    code, data = as_json(small, "--legacy", "0", "--budget", "1")
    assert code == 0 and data["argv"] == ["--budget", "1"]
    assert kinds(data) == {"--legacy": "dropped"}
    proc = upgrade(small, "--to", "2.0", "--", "--size", "2", "--legacy", "5")
    assert proc.returncode == 1
    assert proc.stdout.strip() == "--size 2"  # the rest is still printed
    assert "--legacy: removed in 2.0: nothing reads it any more" in proc.stderr


def test_a_value_the_new_release_refuses_is_flagged(small: Path) -> None:
    code, data = as_json(small, "--mode", "c")
    assert code == 1
    (change,) = data["changes"]
    assert change["kind"] == "rejected" and change["problem"]
    assert change["why"] == ("vLLM 2.0 rejects the upgraded input: --mode: invalid value "
                             "'c': expected one of a, b")


def test_spelling_is_kept_and_glued_short_options_read(small: Path) -> None:
    code, data = as_json(small, "--size=3", "--budget", "5", "--note=x")
    assert data["argv"] == ["--size=3", "--budget", "5", "--comment=x"]


def test_changed_default_is_reported_and_can_be_pinned(small: Path) -> None:
    code, data = as_json(small, "--size", "2")
    assert code == 0
    (change,) = data["changes"]
    assert (change["kind"], change["flag"], change["old"], change["new"]) == (
        "default_changed", "--budget", 2048, 8192)
    # the budget's value, and the factors of the fields each release alone has
    assert data["cache_key_factors_changed"] == ["budget", "legacy", "new_name", "old_name"]
    proc = upgrade(small, "--to", "2.0", "--format", "json", "--keep-behaviour", "--",
                   "--size", "2")
    pinned = json.loads(proc.stdout)
    assert pinned["argv"] == ["--size", "2", "--budget", "2048"]
    assert pinned["cache_key_factors_changed"] == ["legacy", "new_name", "old_name"]


def test_config_file_keeps_comments_and_layout(small: Path, tmp_path: Path) -> None:
    source = tmp_path / "serve.yaml"
    source.write_text("# production settings\nsize: 4   # four\nold-name: true\n"
                      "legacy: 0\nnote: keep me  # why\n")
    out = tmp_path / "new.yaml"
    proc = upgrade(small, "--to", "2.0", str(source), "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    # comments and order kept (a renamed key's comment moves with it, one space away
    # where the longer key no longer leaves room for the old column)
    assert out.read_text() == ("# production settings\nsize: 4   # four\nnew-name: true\n"
                               "comment: keep me # why\n")


def test_bad_input_is_one_line_exit_2(small: Path) -> None:
    for argv, message in [
        (["--to", "9.9", "--", "--size", "1"], "--to: invalid choice: '9.9'"),
        (["--", "--size", "1"], "--to is required"),
        (["--to", "2.0", "--", "--bogus"], "--bogus: not a flag of vLLM 1.0"),
        (["--to", "2.0"], "give either a config file or `-- ARGV...`"),
    ]:
        proc = upgrade(small, *argv)
        assert proc.returncode == 2, (argv, proc.stderr)
        assert "Traceback" not in proc.stderr
        assert message in proc.stderr.strip().splitlines()[-1], proc.stderr


def test_a_value_that_means_something_else_is_flagged(small: Path) -> None:
    code, data = as_json(small, "--mode", "b")
    assert code == 1
    (change,) = [c for c in data["changes"] if c["problem"]]
    assert (change["kind"], change["flag"], change["why"]) == (
        "meaning_changed", "--mode", "in vLLM 2.0: b is slower now")
    assert data["argv"] == ["--mode", "b"]  # still carried over


def test_upgrade_resolves_in_this_process_and_puts_the_package_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No child process per release (what made upgrade six `show`s long), and the
    caller's package is the one it had afterwards."""
    from .helpers import TABLE
    from .helpers import run as run_cli

    def no_child(*args, **kwargs):
        raise AssertionError(f"a child process: {args[:1]}")

    monkeypatch.setattr(subprocess, "run", no_child)
    monkeypatch.setattr(subprocess, "Popen", no_child)
    before = {k: v for k, v in sys.modules.items() if k.split(".")[0] == "vllm_config"}
    env = os.environ.get("CFGC_RELEASE")
    rc, out, err = run_cli("upgrade", "--to", "0.33.0", "--format", "json", "--",
                           "--model", str(REPO / "examples" / "tiny-llama"), "-tp", "2")
    assert rc == 0, err
    data = json.loads(out)
    import vllm_config
    assert data["through"] == list(vllm_config.RELEASES)  # every listed release, in order
    # each change is named by the release it came in, never the first one
    assert data["changes"] and {c["release"] for c in data["changes"]} <= set(
        vllm_config.RELEASES[1:])
    after = {k: v for k, v in sys.modules.items() if k.split(".")[0] == "vllm_config"}
    assert after == before and sys.modules["vllm_config._cli_table"] is TABLE
    assert os.environ.get("CFGC_RELEASE") == env
