"""Unclear messages made clear: each names what is wrong where the user can act on it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from .helpers import PROG, REPO, cfgc, new_project, one_line
from .test_bad_values import error, run


def test_many_keys_is_not_blamed_on_aliases(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text("".join(f"k{i}: 1\n" for i in range(100_001)))
    line = error("show", "--config", str(path))
    assert "alias" not in line and line.endswith("more than 100000 values; too large")


def test_alias_bomb_is_still_about_aliases(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    lines = ["a0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 6)]
    path.write_text("\n".join(lines) + "\n")
    assert "YAML aliases expand to more than 100000 values" in error("show", "--config",
                                                                      str(path))


@pytest.mark.parametrize("key", ["config", "help", "format", "--config"])
def test_own_options_inside_a_config_file(tmp_path: Path, key: str) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(f"{key}: x\n")
    assert error("show", "--config", str(path)) == (
        f"{PROG}: error: --config {path}: key {key!r} is an option of the command, not an "
        "engine flag; it cannot be set in a config file")


def test_nan_is_not_a_range_error() -> None:
    line = error("show", "--gpu-memory-utilization", "nan")
    assert "finite" in line and "<=" not in line


def test_error_deep_in_a_dotted_key_names_the_flag() -> None:
    assert error("show", "-cc.pass_config.fuse_norm_quant", "5").startswith(
        f"{PROG}: error: -cc.pass_config.fuse_norm_quant: invalid value 5 for "
        "PassConfig.fuse_norm_quant:")
    assert error("show", "-cc.pass_config.nope", "1") == (
        f"{PROG}: error: -cc.pass_config.nope: unknown key 'nope' for PassConfig")


def test_literal_error_location_is_the_field() -> None:
    line = error("show", "--speculative-config", '{"method": "bogus"}')
    assert "literal[" not in line and "SpeculativeConfig.method:" in line
    assert "'ngram'" in line


@pytest.mark.parametrize("topic, prefix", [
    ("PassConfig", "--compilation-config.pass_config"),
    ("passconfig", "--compilation-config.pass_config"),
])
def test_help_for_a_class_set_through_dotted_keys(topic: str, prefix: str) -> None:
    code, out, _ = run(f"--help={topic}")
    text = " ".join(out.split())
    assert code == 0 and "LoadConfig" not in text
    assert f"is set with {prefix}.<field> (see --help=compilation-config)" in text


def test_clashing_alias_is_reported_where_it_was_added(tmp_path: Path) -> None:
    root = tmp_path / "p"
    root.mkdir()
    shutil.copytree(REPO / "schema", root / "schema")
    shutil.copytree(REPO / "kernels", root / "kernels",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    cache = root / "schema" / "cache.yaml"
    text = cache.read_text()
    old = "      block_size:\n        type: int\n        unset: true\n        gt: 0\n" \
          "        cli: true\n"
    assert old in text
    cache.write_text(text.replace(old, old.replace("cli: true", "cli: {aliases: [-tp]}")))
    code, _, err = cfgc(root, "generate")
    assert code == 1 and "Traceback" not in err
    lines = err.splitlines()
    assert any(ln.startswith("schema/cache.yaml:") and "-tp" in ln for ln in lines), err
    assert any(ln.startswith("schema/parallel.yaml:") and "-tp" in ln for ln in lines), err


def test_empty_project_file_is_reported_at_itself(tmp_path: Path) -> None:
    root = new_project(tmp_path, **{"alpha.yaml": "classes: {}\n"})
    (root / "schema" / "project.yaml").write_text("")
    code, _, err = cfgc(root, "generate")
    assert code == 1
    assert err.splitlines()[0] == ("schema/project.yaml:1:1: no file declares 'project:' "
                                   "(package and schema_version)")


def test_unknown_flag_error_is_one_line() -> None:
    assert one_line(run("show", "--tensor-paralel-size", "2")[2]).startswith(
        f"{PROG}: error: unknown flag --tensor-paralel-size")
