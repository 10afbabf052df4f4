"""Atomic output: a generate that fails part-way leaves generated/ and the reference pages
byte-for-byte as they were, with no temporary files behind; a second generate writes
nothing; `cfgc check` names every stale file and exits 1."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
from pathlib import Path

import pytest

from cfgc import cli, files, pipeline
from cfgc.back import docs, package

from .adversarial.helpers import SCHEMA_A, SCHEMA_B  # the two small schemas both suites use


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under the owned directories (and stray temporaries anywhere)."""
    out = {}
    for top in (*pipeline.OWNED_DIRS, "schema"):
        for path in sorted((root / top).rglob("*")):
            if path.is_file():
                out[path.relative_to(root).as_posix()] = path.read_bytes()
    return out


def temporaries(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob(".*.tmp")) + sorted(
        p.relative_to(root).as_posix() for p in root.glob(files.STAGING))


def run(root: Path, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["--root", str(root), *args])
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def generated(project: Path) -> Path:
    """A project generated once from two schema files."""
    (project / "schema" / "alpha.yaml").write_text(SCHEMA_A)
    (project / "schema" / "beta.yaml").write_text(SCHEMA_B)
    assert run(project, "generate")[0] == 0
    return project


def change_schema(root: Path) -> None:
    """Edits that change, add and remove generated files."""
    (root / "schema" / "alpha.yaml").write_text(
        SCHEMA_A.replace("default: 1", "default: 2").replace("A name.", "The name."))
    (root / "schema" / "beta.yaml").unlink()
    (root / "schema" / "gamma.yaml").write_text(SCHEMA_B.replace("Beta", "Gamma"))


def fail(*_args, **_kwargs):
    raise RuntimeError("injected failure")


@pytest.mark.parametrize("where", ["before-commit", "python-emitter", "docs-emitter"])
def test_failed_generate_leaves_the_tree_untouched(generated: Path, where: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    change_schema(generated)
    before = snapshot(generated)
    target = {"before-commit": (files, "_before_commit_hook"),
              "python-emitter": (package, "emit"),
              "docs-emitter": (docs, "emit")}[where]
    monkeypatch.setattr(*target, fail)
    with pytest.raises(RuntimeError, match="injected failure"):
        run(generated, "generate")
    assert snapshot(generated) == before
    assert temporaries(generated) == []
    monkeypatch.undo()
    code, out, _ = run(generated, "generate")  # and the next run does the whole job
    assert code == 0 and "removed docs/reference/Beta.md" in out
    assert run(generated, "check")[0] == 0


def test_failure_while_staging_removes_what_was_staged(generated: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills up after some temporaries are written."""
    change_schema(generated)
    before = snapshot(generated)
    real_write, calls = files._write, []

    def flaky_write(path, data):
        calls.append(path)
        if len(calls) == 3:
            raise OSError(28, "No space left on device", str(path))
        return real_write(path, data)

    monkeypatch.setattr(files, "_write", flaky_write)
    code, _, err = run(generated, "generate")  # one line, no traceback, exit 1
    assert code == 1 and err.count("\n") == 1 and "No space left on device" in err
    assert len(calls) == 3
    assert snapshot(generated) == before
    assert temporaries(generated) == []


def test_failure_while_renaming_leaves_the_tree_untouched(generated: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    change_schema(generated)
    before = snapshot(generated)
    real_replace, calls = os.replace, []

    def flaky_replace(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(5, "Input/output error")
        return real_replace(src, dst)

    monkeypatch.setattr(files.os, "replace", flaky_replace)
    code, _, err = run(generated, "generate")
    assert code == 1 and "Input/output error" in err
    assert temporaries(generated) == []
    assert snapshot(generated) == before


def test_schema_error_writes_nothing(generated: Path) -> None:
    change_schema(generated)
    (generated / "schema" / "gamma.yaml").write_text(SCHEMA_B.replace("doc: A ratio.", ""))
    before = snapshot(generated)
    code, _, err = run(generated, "generate")
    assert code == 1 and "nothing written" in err
    assert snapshot(generated) == before
    assert temporaries(generated) == []


def test_second_generate_writes_nothing(generated: Path) -> None:
    def stamps() -> dict[str, tuple[int, int]]:
        return {rel: ((generated / rel).stat().st_mtime_ns, (generated / rel).stat().st_ino)
                for rel in snapshot(generated) if not rel.startswith("schema/")}

    before = stamps()
    code, out, _ = run(generated, "generate")
    assert code == 0
    assert out.splitlines() == [line for line in out.splitlines() if line.startswith("cfgc:")]
    assert "0 written, 0 removed" in out
    assert stamps() == before


def test_generated_files_match_a_fresh_build(generated: Path) -> None:
    outputs = pipeline.build_releases(pipeline.load_releases(generated))
    on_disk = {rel: data for rel, data in snapshot(generated).items()
               if not rel.startswith("schema/")}
    assert on_disk == {rel: content.encode() for rel, content in outputs.items()}


def test_check_lists_every_stale_file(generated: Path, tmp_path: Path) -> None:
    change_schema(generated)
    (generated / "generated" / "vllm_config" / "__init__.py").write_text("# hand-edited\n")
    before = snapshot(generated)
    # What is stale, found independently: generate a copy and compare the trees.
    copy = tmp_path / "copy"
    shutil.copytree(generated, copy)
    assert run(copy, "generate")[0] == 0
    after = snapshot(copy)
    changed = {rel for rel in after if before.get(rel) != after[rel]}
    removed = {rel for rel in before if rel not in after}
    assert {"generated/vllm_config/alpha.py", "generated/vllm_config/__init__.py",
            "docs/reference/Gamma.md"} <= changed
    assert "docs/reference/Beta.md" in removed

    code, out, err = run(generated, "check")
    assert code == 1
    lines = err.splitlines()
    assert {ln.removeprefix("stale: ") for ln in lines if ln.startswith("stale: ")} == changed
    assert {ln.removeprefix("stale (no longer generated): ") for ln in lines
            if ln.startswith("stale (no longer generated): ")} == removed
    assert "run `cfgc generate`" in lines[-1]
    assert snapshot(generated) == before  # check never writes
    assert temporaries(generated) == []


def test_check_is_quiet_and_zero_when_up_to_date(generated: Path) -> None:
    code, out, err = run(generated, "check")
    assert code == 0 and err == "" and "up to date" in out
