"""The corpus of broken schemas in tests/schema_errors/: each must fail with its located
message, exit code 1, no traceback, and leave generated files untouched."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

CORPUS = sorted((Path(__file__).parent / "schema_errors").glob("*.yaml"))


def run_cfgc(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cfgc.cli", "--root", str(root), *args],
        capture_output=True, text=True, check=False,
    )


def test_corpus_is_not_empty() -> None:
    assert len(CORPUS) >= 10


@pytest.mark.parametrize("case", CORPUS, ids=lambda p: p.stem)
def test_broken_schema_reports_located_error(case: Path, project: Path) -> None:
    text = case.read_text()
    expected = text.splitlines()[0].removeprefix("# expect: ").strip()
    (project / "schema" / "case.yaml").write_text(text)
    sentinel = project / "generated" / "vllm_config" / "__init__.py"
    sentinel.parent.mkdir(parents=True)
    sentinel.write_text("# previous content\n")
    result = run_cfgc(project, "generate")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert any(line.startswith("schema/" + expected) for line in lines), result.stderr
    assert "nothing written" in lines[-1]
    assert sentinel.read_text() == "# previous content\n"
    assert sorted(p.name for p in sentinel.parent.iterdir()) == ["__init__.py"]
