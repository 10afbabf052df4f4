"""The remembered compile (cfgc/memo.py): `cfgc check` / `generate` take the last
compile's outputs only while nothing it read has changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from cfgc import cli

from .adversarial.helpers import cfgc, new_project

SCHEMA = ("classes:\n  Alpha:\n    doc: A.\n    hash: {default: include}\n    fields:\n"
          "      size: {type: int, default: 1, doc: S.}\n")


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("CFGC_CACHE", raising=False)
    root = new_project(tmp_path / "p", **{"alpha.yaml": SCHEMA})
    assert cfgc(root, "generate", "-q")[0] == 0
    return root


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The roots compiled from scratch from now on."""
    seen: list[Path] = []
    real = cli._compile_now

    def counting(root: Path):
        seen.append(root)
        return real(root)

    monkeypatch.setattr(cli, "_compile_now", counting)
    return seen


def test_unchanged_inputs_take_the_last_compile(project: Path, compiles: list[Path]) -> None:
    assert cfgc(project, "check")[0] == 0
    assert cfgc(project, "generate", "-q")[0] == 0
    assert compiles == []


@pytest.mark.parametrize("where", ["schema/alpha.yaml", "schema/new.yaml",
                                   "codegen/cfgc/hooks/alpha.py", "kernels/k.py"])
def test_any_input_read_compiles_again(project: Path, compiles: list[Path],
                                       where: str) -> None:
    path = project / where
    path.parent.mkdir(parents=True, exist_ok=True)
    if where == "schema/alpha.yaml":
        path.write_text(SCHEMA.replace("default: 1", "default: 2"))
    elif where.endswith(".yaml"):
        path.write_text("aliases:\n  Size: {type: int, doc: A size.}\n")
    else:
        path.write_text("def f(self):\n    return 1\n")
    code, _, err = cfgc(project, "check")
    assert len(compiles) == 1
    assert code == (1 if where.startswith("schema/") else 0), err
    assert cfgc(project, "generate", "-q")[0] == 0  # the check's compile, remembered
    assert cfgc(project, "check")[0] == 0 and len(compiles) == 1


def test_a_stale_tree_is_still_found(project: Path, compiles: list[Path]) -> None:
    """The remembered outputs are compared with the tree like compiled ones."""
    target = project / "generated" / "vllm_config" / "alpha.py"
    target.write_text(target.read_text() + "# edited\n")
    code, _, err = cfgc(project, "check")
    assert code == 1 and "stale: generated/vllm_config/alpha.py" in err and compiles == []


def test_cfgc_cache_0_always_compiles(project: Path, compiles: list[Path],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CFGC_CACHE", "0")
    assert cfgc(project, "check")[0] == 0 and cfgc(project, "check")[0] == 0
    assert len(compiles) == 2


def test_a_broken_entry_compiles(project: Path, compiles: list[Path], tmp_path: Path) -> None:
    for entry in (tmp_path / "cache" / "cfgc" / "compile").glob("*.pickle"):
        entry.write_bytes(b"not a pickle")
    assert cfgc(project, "check")[0] == 0 and len(compiles) == 1
