"""Data loss: cfgc outside a project must refuse and write nothing anywhere."""

from __future__ import annotations

from pathlib import Path

from .helpers import SCHEMA_A, cfgc, new_project, one_line


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_generate_in_a_directory_that_is_not_a_project(tmp_path: Path) -> None:
    (tmp_path / "docs" / "reference").mkdir(parents=True)
    (tmp_path / "docs" / "reference" / "index.md").write_text("my own notes\n")
    before = tree(tmp_path)
    for args, cwd in ((("generate",), tmp_path), (("check",), tmp_path)):
        code, out, err = cfgc(None, *args, cwd=cwd)
        assert code == 2 and out == ""
        assert "no cfgc project" in one_line(err)
    code, _, err = cfgc(tmp_path, "generate")  # an explicit --root is checked too
    assert code == 2 and one_line(err) == (f"cfgc: error: no cfgc project in {tmp_path} "
                                           "(no schema/); run in a project or pass --root")
    assert tree(tmp_path) == before


def test_schema_without_pyproject_is_not_found_as_a_project(tmp_path: Path) -> None:
    """Discovery needs schema/ and pyproject.toml; an explicit --root needs schema/."""
    (tmp_path / "schema").mkdir()
    (tmp_path / "schema" / "a.yaml").write_text(SCHEMA_A)
    code, _, err = cfgc(None, "generate", cwd=tmp_path)
    assert code == 2 and "needs schema/ and pyproject.toml" in one_line(err)
    assert not (tmp_path / "generated").exists()


def test_a_subdirectory_of_a_project_finds_its_root(tmp_path: Path) -> None:
    root = new_project(tmp_path / "p", **{"a.yaml": SCHEMA_A})
    (root / "deep" / "er").mkdir(parents=True)
    code, _, _ = cfgc(None, "generate", "-q", cwd=root / "deep" / "er")
    assert code == 0 and (root / "generated" / "vllm_config" / "a.py").is_file()
    assert not (root / "deep" / "er" / "generated").exists()


def test_yml_schema_file_is_not_silently_ignored(tmp_path: Path) -> None:
    root = new_project(tmp_path, **{"a.yaml": SCHEMA_A})
    (root / "schema" / "b.yml").write_text(SCHEMA_A.replace("Alpha", "Beta"))
    code, _, err = cfgc(root, "generate", "-q")
    assert code == 0
    assert one_line(err) == ("cfgc: warning: schema/b.yml is ignored: schema files end "
                             "in .yaml")
