"""Hand-written code never asks which vLLM release is loaded (issue 28): where hooks, the
runtime or the checkpoint library behave differently per release, the difference is
data the schema declares for each release (e.g. `_QUANT_CONFIG_TRAITS`), which the code
reads. Only the code that selects a release's package may read the loaded release.

The scan reads each module with `ast` and flags what reveals the loaded release: the
package's `RELEASE` (an attribute, an imported name, `getattr(..., "RELEASE")`), the
`CFGC_RELEASE` variable read from the environment, the `_releases` folder a non-default
release's package sits in, and a release written into code (`"0.33.0"`, `(0, 33, 0)`).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import vllm_config

CFGC = Path(__file__).resolve().parent.parent / "codegen" / "cfgc"
SCANNED = ("hooks", "runtime", "checkpoint")

#: (module path under codegen/cfgc, function) -> why it may read the loaded release: it
#: selects a release's package, or tells the operator which one the command ran on. None
#: of them changes how a config behaves.
SELECTION = {
    ("runtime/cli/releases.py", "take_release"): "--release picks the package to run",
    ("runtime/cli/parse.py", "build_cli"): "--release's help names the default release",
    ("runtime/cli/releases.py", "history_folder"):
        "finds the default release's folder, which holds the release history",
    ("runtime/cli/explain.py", "main"): "marks the loaded release in a flag's history",
    ("runtime/cli/upgrade_command.py", "main"):
        "without --from, upgrade starts at the release --release or CFGC_RELEASE selected",
    ("runtime/parts.py", "release_folder"):
        "another release's modules are given the paths they would have as files, beside "
        "its data files",
    ("runtime/parts.py", "_Finder"): "imports the loaded release's modules from its parts",
    ("runtime/parts.py", "read_all"):
        "lists every release's parts (each in its release's folder) for upgrade's loader",
    ("runtime/cli/release_loader.py", "ReleaseLoader"):
        "upgrade swaps the package between releases and reads which one the caller had "
        "loaded, so its modules serve the others and are put back afterwards",
}

ENV_READERS = ("get", "getenv", "pop", "setdefault")


def _release_spellings(releases: tuple[str, ...]) -> tuple[set[str], set[tuple[int, ...]]]:
    """Each release as a string and as a tuple of numbers (whole, and major.minor)."""
    numbers = set()
    for release in releases:
        parts = tuple(int(p) for p in release.split("."))
        numbers |= {parts, parts[:2]}
    return set(releases), numbers


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string nodes that are docstrings (a release named in prose is fine)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                             ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _is_env_name(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value == "CFGC_RELEASE"


def release_reads(source: str, releases: tuple[str, ...]) -> list[tuple[int, str, str]]:
    """(line, enclosing top-level function or '', what) for each read of the loaded
    release in `source`."""
    tree = ast.parse(source)
    names, numbers = _release_spellings(releases)
    docs = _docstrings(tree)
    owner: dict[int, str] = {}
    for top in tree.body:
        if isinstance(top, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for node in ast.walk(top):
                owner[id(node)] = top.name
    found: list[tuple[int, str, str]] = []

    def flag(node: ast.AST, what: str) -> None:
        found.append((node.lineno, owner.get(id(node), ""), what))

    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "RELEASE":
            flag(node, ".RELEASE")
        elif isinstance(node, ast.Name) and node.id == "RELEASE":
            flag(node, "RELEASE")
        elif isinstance(node, ast.ImportFrom) and any(a.name == "RELEASE"
                                                      for a in node.names):
            flag(node, "import of RELEASE")
        elif isinstance(node, ast.Call):
            func, args = node.func, node.args
            if (isinstance(func, ast.Name) and func.id == "getattr" and len(args) > 1
                    and isinstance(args[1], ast.Constant) and args[1].value == "RELEASE"):
                flag(node, 'getattr(..., "RELEASE")')
            elif (isinstance(func, ast.Attribute) and func.attr in ENV_READERS
                  and args and _is_env_name(args[0])):
                flag(node, "CFGC_RELEASE read")
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) \
                and _is_env_name(node.slice):
            flag(node, "CFGC_RELEASE read")
        elif isinstance(node, ast.Compare) and _is_env_name(node.left) \
                and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops):
            flag(node, "CFGC_RELEASE read")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docs:
            if node.value in names:
                flag(node, f"release {node.value!r} written into code")
            elif node.value == "_releases":
                flag(node, "the _releases folder")
        elif isinstance(node, ast.Tuple) and node.elts and all(
                isinstance(e, ast.Constant) and type(e.value) is int for e in node.elts):
            if tuple(e.value for e in node.elts) in numbers:
                flag(node, "a release's numbers written into code")
    return found


def _scanned_modules() -> list[Path]:
    return sorted(p for folder in SCANNED for p in (CFGC / folder).rglob("*.py"))


def test_no_module_reads_the_loaded_release_except_to_select_it() -> None:
    wrong = []
    for path in _scanned_modules():
        rel = path.relative_to(CFGC).as_posix()
        for line, function, what in release_reads(path.read_text(), vllm_config.RELEASES):
            if (rel, function) not in SELECTION:
                wrong.append(f"codegen/cfgc/{rel}:{line} ({function or 'module'}): {what}")
    assert not wrong, ("hand-written code reads the loaded release; declare the "
                       "difference in the schema and read that data:\n" + "\n".join(wrong))


def test_every_allowed_selection_still_reads_the_release() -> None:
    """The allowance names code that exists and does read it (no stale entries)."""
    seen = set()
    for path in _scanned_modules():
        rel = path.relative_to(CFGC).as_posix()
        seen |= {(rel, function) for _, function, _ in
                 release_reads(path.read_text(), vllm_config.RELEASES)}
    assert set(SELECTION) <= seen, sorted(set(SELECTION) - seen)


@pytest.mark.parametrize("source", [
    "import vllm_config\nx = vllm_config.RELEASE",
    "from vllm_config import RELEASE",
    "def f(pkg):\n    return getattr(pkg, 'RELEASE', None)",
    "import os\nr = os.environ.get('CFGC_RELEASE')",
    "import os\nr = os.getenv('CFGC_RELEASE', '')",
    "import os\nr = os.environ['CFGC_RELEASE']",
    "import os\nnew = 'CFGC_RELEASE' in os.environ",
    "def f(version):\n    return version >= (0, 33, 0)",
    "def f(version):\n    return version[:2] == (0, 25)",
    "def f(release):\n    return release == '0.33.0'",
    "from pathlib import Path\nother = Path(__file__).parent.name == '_releases'",
])
def test_the_scan_finds_each_way_of_reading_the_release(source: str) -> None:
    assert release_reads(source, ("0.25.1", "0.33.0"))


@pytest.mark.parametrize("source", [
    '"""Since vLLM 0.33.0 the method reads FP8 checkpoints only."""',
    "import os\nenv = {**os.environ, 'CFGC_RELEASE': 'x'}",
    "def f(traits):\n    return traits()['gptq_activation_order']",
    "import sys\nold = sys.version_info < (3, 12)",
])
def test_the_scan_leaves_other_code_alone(source: str) -> None:
    assert release_reads(source, ("0.25.1", "0.33.0")) == []


def test_the_old_release_branch_of_the_quantization_configs_is_caught() -> None:
    """What checkpoint/quant.py did before its differences became schema data."""
    old = ("RELEASE_0_33 = (0, 33, 0)\n"
           "def _release():\n"
           "    import vllm_config\n"
           "    return tuple(int(p) for p in vllm_config.RELEASE.split('.'))\n")
    assert [(line, what) for line, _, what in release_reads(old, ("0.25.1", "0.33.0"))] \
        == [(1, "a release's numbers written into code"), (4, ".RELEASE")]
