"""OS errors at the command boundary: one line, a documented exit status, nothing
half-written (exit 1 for cfgc; 74, EX_IOERR, for vllm-config output that cannot be
written; 2 for usage errors such as a bad warmup device)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cfgc import files

from .helpers import PROG, SCHEMA_A, cfgc, new_project, one_line, owned, process


@pytest.fixture
def generated(tmp_path: Path) -> Path:
    root = new_project(tmp_path, **{"a.yaml": SCHEMA_A})
    assert cfgc(root, "generate", "-q")[0] == 0
    (root / "schema" / "a.yaml").write_text(SCHEMA_A.replace("default: 1", "default: 7"))
    return root


def test_target_path_that_is_a_directory(generated: Path) -> None:
    before = owned(generated)
    target = generated / "docs" / "reference" / "Alpha.md"
    target.unlink()
    target.mkdir()
    before = owned(generated)
    code, _, err = cfgc(generated, "generate", "-q")
    assert code == 1 and one_line(err).startswith("cfgc: error: ")
    assert "Is a directory" in err
    assert owned(generated) == before and files.leftovers(generated, ("generated",)) == []


def test_full_disk_while_staging(generated: Path, monkeypatch) -> None:
    before = owned(generated)

    def full(path, data):
        raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr(files, "_write", full)
    code, _, err = cfgc(generated, "generate")
    assert code == 1 and "No space left on device" in one_line(err)
    assert owned(generated) == before


def test_symlink_loop_in_schema(generated: Path) -> None:
    os.symlink("loop_b.yaml", generated / "schema" / "loop_a.yaml")
    os.symlink("loop_a.yaml", generated / "schema" / "loop_b.yaml")
    before = owned(generated)
    code, _, err = cfgc(generated, "generate")
    assert code == 1 and "Too many levels of symbolic links" in one_line(err)
    assert owned(generated) == before


@pytest.mark.parametrize("argv", [["show"], ["hash", "-tp", "2"], ["--help"],
                                  ["--help=all"]], ids=" ".join)
def test_output_to_a_full_device(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        proc = process("-m", "vllm_config", *argv, stdout=full)
    assert proc.returncode == 74
    assert one_line(proc.stderr) == (f"{PROG}: error: cannot write the output: "
                                     "No space left on device")


def test_output_with_stdout_closed() -> None:
    proc = subprocess.run(f"{sys.executable} -m vllm_config show >&-", shell=True,
                          capture_output=False, stderr=subprocess.PIPE, text=True,
                          timeout=120, check=False)
    assert proc.returncode == 74
    assert one_line(proc.stderr) == f"{PROG}: error: cannot write the output: stdout is closed"


@pytest.mark.parametrize("device, why", [("bogus", "Expected one of cpu, cuda"),
                                         ("cuda:99", "no such CUDA device here")])
def test_warmup_bad_device(device: str, why: str) -> None:
    proc = process("-m", "vllm_config.warmup", "--device", device)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith(f"python -m vllm_config.warmup: error: --device {device!r}: ")
    assert why in last
