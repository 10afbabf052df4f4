"""The compiler's import graph (tools/import_graph.py): no import circle anywhere in
codegen/, and imports that flow one way between the stages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tools"))

import import_graph  # noqa: E402

GRAPH = import_graph.graph(REPO / "codegen")


def test_no_import_circle_in_codegen() -> None:
    assert import_graph.circles(GRAPH) == []


def _stage(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


@pytest.mark.parametrize(("stage", "never"), [
    ("model", {"front", "back", "pipeline", "cli", "diff", "files", "import_check"}),
    ("front", {"back", "pipeline", "cli", "diff", "files", "import_check"}),
    ("back", {"front", "pipeline", "cli", "diff", "import_check"}),
    ("runtime", {"model", "front", "back", "pipeline", "cli", "diff", "files", "hooks"}),
    ("hooks", {"model", "front", "back", "pipeline", "cli", "diff", "files"}),
    ("checkpoint", {"model", "front", "back", "pipeline", "cli", "diff", "files", "hooks"}),
])
def test_imports_flow_one_way(stage: str, never: set[str]) -> None:
    """Backends -> model <- front end; the runtime, the hooks and the checkpoint library
    know no compiler."""
    wrong = sorted(f"{a} -> {b}" for a, targets in GRAPH.items() if _stage(a) == stage
                   for b in targets if _stage(b) in never)
    assert wrong == []


def test_the_tool_finds_a_circle(tmp_path: Path) -> None:
    pkg = tmp_path / "p"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from . import b\n")  # lazy imports count
    (pkg / "b.py").write_text("from .a import f\n")
    assert import_graph.circles(import_graph.graph(tmp_path)) == [["p.a", "p.b"]]
    proc = subprocess.run([sys.executable, str(REPO / "tools" / "import_graph.py"),
                           "--root", str(tmp_path)], capture_output=True, text=True)
    assert proc.returncode == 1 and "circle: p.a <-> p.b" in proc.stdout


def test_building_a_config_never_imports_the_cli_or_the_compiler() -> None:
    """A plain `import vllm_config` and building (and hashing) a config load the runtime
    the classes need, never the operator CLI (cfgc.runtime.cli) or the compiler."""
    code = (
        "import sys, vllm_config\n"
        "from vllm_config import CacheConfig, VllmConfig\n"
        "VllmConfig(cache_config=CacheConfig(cache_dtype='fp8')).compute_hash()\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=REPO)
    loaded = set(proc.stdout.split())
    assert "vllm_config.vllm" in loaded and "cfgc.runtime.rules" in loaded
    cli = sorted(m for m in loaded if m == "cfgc.runtime.cli" or m.startswith(
        "cfgc.runtime.cli."))
    compiler = sorted(m for m in loaded if m.split(".")[:2][-1] in (
        "model", "front", "back", "pipeline", "diff", "files") and m.startswith("cfgc."))
    assert cli == [] and compiler == []
    assert not loaded & {"jinja2", "yaml", "torch", "transformers"}
