"""Run vLLM's own config tests against vllm_config and say how many pass.

    python tools/vllm_tests_compat.py DIR [--list FILE] [--json OUT] [--check]

DIR holds copies of vLLM's `tests/config/test_*.py` files, fetched separately (they
are never part of this repository), laid out as `DIR/<commit>/<repo path>` (the
commit and path each list line names), `DIR/<repo path>` or `DIR/<file name>`. Each
file is copied to a temporary directory with `vllm.config` rewritten to `vllm_config`
(imports, and the dotted names in strings that `monkeypatch`/`mock.patch` resolve),
and pytest runs the copies. Only the test ids named in the list file
(`<path>@<commit>::<id>` lines; by default the in-repository copy of the parity list
of tests that pass on vLLM 0.25.1) are reported:

    passed             the test passes unchanged
    needs-vLLM-module  it reaches a part of vLLM outside the config system (or a
                       package vLLM depends on that we do not): vllm.v1, vllm.envs,
                       vllm.platforms, transformers, ...
    wording-only       the expected exception was raised, only its text differs
                       from vLLM's sentence (our messages are in our own words)
    failed             anything else: a real difference to fix

Modules outside `vllm.config` are replaced by stand-ins whose every use raises an
error tagged `[needs-vllm]`, so one test's need does not hide its file's other tests.
EXPECTED_EXCEPTIONS names the listed tests that are known not to pass, with why; every
other listed test is expected to pass. The run ends with the tests whose outcome
differs from that expectation (`--check`: exit status 1 if there are any).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
# A copy of ../shared/parity's list, kept with the other parity fixtures so that a clean
# clone has it (test ids only; vLLM's test code is never copied).
DEFAULT_LIST = ROOT / "tests" / "fixtures" / "parity" / "vllm_config_tests_passing_on_0_25_1.txt"

CATEGORIES = ("passed", "failed", "needs-vLLM-module", "wording-only")

# The listed tests (`<file name>::<test id>`) known not to pass, with their category and
# why. docs/guide/vllm-tests.md lists the same tests; tests/test_vllm_compat_tool.py
# keeps the two, and the list file, in step.
EXPECTED_EXCEPTIONS: dict[str, tuple[str, str]] = {
    "test_lora_config.py::test_lora_capture_cases_follow_specialize_active_lora": (
        "needs-vLLM-module",
        "the capture cases are computed by vLLM's GPU worker "
        "(vllm.v1.worker.gpu.lora_utils.get_lora_capture_cases)"),
    "test_multimodal_config.py::test_mm_encoder_attn_backend_str_conversion": (
        "needs-vLLM-module",
        "compares with the AttentionBackendEnum of vLLM's attention backend registry "
        "(vllm.v1.attention.backends.registry), which the stand-ins cannot provide; with "
        "the real registry (vLLM 0.25.1 installed) it passes: the members equal ours"),
    "test_multimodal_config.py::test_mm_encoder_attn_backend_hash_updates": (
        "needs-vLLM-module",
        "builds the config with the AttentionBackendEnum of vLLM's attention backend "
        "registry (vllm.v1.attention.backends.registry); with the real registry it "
        "passes: its members are accepted as ours"),
    "test_config_utils.py::test_envs_compile_factors_stable": (
        "needs-vLLM-module",
        "hashes vllm.envs.compile_factors() (vLLM's registry of every environment "
        "variable the engine reads) in a subprocess that imports vllm"),
}

# `vllm.config`, `vllm.config.cache`, ... as a whole dotted name (not `vllm.configs`).
_CONFIG_NAME = re.compile(r"\bvllm\.config\b")

# Installed next to the copied tests: stand-ins for vLLM outside the config system,
# and a hook that writes each test's outcome and failure text to a JSON file.
_CONFTEST = r'''
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import types

TAG = "[needs-vllm]"


class NeedsVllmModule(AttributeError):
    """Raised by any use of a stand-in."""


class _StandIn:
    def __init__(self, name):
        object.__setattr__(self, "_name", name)

    def _need(self, *_a, **_k):
        raise NeedsVllmModule(f"{TAG} {object.__getattribute__(self, '_name')} "
                              "is part of vLLM outside vllm.config")

    def __getattr__(self, attr):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        self._need()

    __call__ = __setattr__ = __getitem__ = __iter__ = _need
    __eq__ = __hash__ = __bool__ = _need


class _StandInModule(types.ModuleType):
    def __getattr__(self, attr):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        return _StandIn(f"{self.__name__}.{attr}")


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, roots):
        self.roots = roots

    def find_spec(self, fullname, path=None, target=None):
        if fullname.split(".")[0] in self.roots:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        module = _StandInModule(spec.name)
        module.__path__ = []
        return module

    def exec_module(self, module):
        pass


_roots = {"vllm"}
for _name in ("transformers",):
    if importlib.util.find_spec(_name) is None:
        _roots.add(_name)
sys.meta_path.insert(0, _Finder(_roots))

_RESULTS = {}


def pytest_runtest_logreport(report):
    if report.when == "call" or report.outcome != "passed":
        entry = _RESULTS.setdefault(report.nodeid, {"outcome": "passed", "text": ""})
        if report.outcome != "passed" and entry["outcome"] == "passed":
            entry["outcome"] = report.outcome
            entry["text"] = str(report.longrepr)


def pytest_collectreport(report):
    if report.outcome != "passed":
        _RESULTS[report.nodeid] = {"outcome": "error", "text": str(report.longrepr)}


def pytest_sessionfinish(session):
    with open(os.environ["COMPAT_RESULTS"], "w") as fh:
        json.dump(_RESULTS, fh)
'''


class Listed(NamedTuple):
    """One line of the list file."""

    name: str  # the file name, e.g. test_cache_config.py
    test_id: str  # the pytest id inside that file
    path: str  # the path in vLLM's repository, e.g. tests/config/test_cache_config.py
    commit: str  # the commit the file was taken at ("" if the line names none)

    @property
    def key(self) -> str:
        return f"{self.name}::{self.test_id}"


def read_list(path: Path) -> list[Listed]:
    """Each listed test, in list order."""
    out = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        location, test_id = line.split("::", 1)
        repo_path, _, commit = location.partition("@")
        out.append(Listed(Path(repo_path).name, test_id, repo_path, commit))
    return out


def find_file(test_dir: Path, entry: Listed) -> Path | None:
    """Where the fetched copy of the entry's file is: `<commit>/<path>`, `<path>` or
    the bare file name under test_dir."""
    for candidate in (test_dir / entry.commit / entry.path, test_dir / entry.path,
                      test_dir / entry.name):
        if candidate.is_file():
            return candidate
    return None


_ABSENT = """class _CompatAbsent:  # added by tools/vllm_tests_compat.py
    def __init__(self, name):
        self.name = name

    def __getattr__(self, attr):
        raise AttributeError(f"[absent] {self.name} is not in vllm_config")

    def __call__(self, *args, **kwargs):
        raise AttributeError(f"[absent] {self.name} is not in vllm_config")
"""


def rewrite(source: str) -> str:
    """`vllm.config` -> `vllm_config`; then each name a top-level `from vllm_config...
    import` statement asks for is imported on its own, and one that vllm_config lacks
    becomes a placeholder that fails (tagged `[absent]`) only in the tests that use it."""
    source = _CONFIG_NAME.sub("vllm_config", source)
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    edits = []
    for node in tree.body:
        if (isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
                and node.module.split(".")[0] == "vllm_config"
                and all(a.name != "*" for a in node.names)):
            block = []
            for alias in node.names:
                bound = alias.asname or alias.name
                block.append(
                    f"try:\n    from {node.module} import {alias.name} as {bound}\n"
                    f"except ImportError:\n"
                    f"    {bound} = _CompatAbsent('{node.module}.{alias.name}')\n")
            edits.append((node.lineno, node.end_lineno, "".join(block)))
    if not edits:
        return source
    for start, end, text in reversed(edits):
        lines[start - 1:end] = [text]
    first = edits[0][0] - 1
    lines.insert(first, _ABSENT)
    return "".join(lines)


def _error_line(text: str) -> str:
    """The `E   ...` line pytest puts first in a failure, else the last non-blank line."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    for ln in lines:
        if ln.startswith("E "):
            return ln[1:].strip()
    return lines[-1] if lines else ""


def classify(outcome: str, text: str) -> tuple[str, str]:
    if outcome == "passed":
        return "passed", ""
    first = _error_line(text)
    need = re.search(r"\[needs-vllm\] (\S+)", text)
    if need:
        return "needs-vLLM-module", need.group(1)
    # A subprocess that imports vLLM itself (`from vllm import envs`).
    if "CalledProcessError" in first and re.search(r"from vllm import |import vllm[\s.]", text):
        return "needs-vLLM-module", "vllm (imported by a subprocess the test starts)"
    # A config module that reads no platform value holds no `current_platform` to patch.
    if re.search(r"vllm_config\.\w+'> has no attribute 'current_platform'"
                 r"|No module named 'vllm_config\.\w+\.current_platform'", text):
        return "needs-vLLM-module", "vllm.platforms.current_platform (patched in a config module)"
    # The right exception came out, only its text differs from vLLM's.
    if "Regex pattern did not match" in text:
        ours = re.search(r"^E\s+(?:Input|Actual message): (.*)$", text, re.M)
        return "wording-only", f"ours: {ours.group(1)}" if ours else first
    if re.search(
        r"^>\s+assert .* in str\(exc_info\.value\)", text, re.M
    ):
        return "wording-only", first
    return "failed", first


def run(test_dir: Path, listed: list[Listed]) -> list[tuple[str, str, str, str]]:
    sources = {entry.name: find_file(test_dir, entry) for entry in listed}
    with tempfile.TemporaryDirectory(prefix="vllm-compat-") as tmp:
        work = Path(tmp)
        (work / "conftest.py").write_text(_CONFTEST)
        present = []
        for name, src in sorted(sources.items()):
            if src is not None:
                (work / name).write_text(rewrite(src.read_text()))
                present.append(name)
        results_file = work / "results.json"
        # vLLM's own run had its test checkpoints (facebook/opt-125m, ...) locally; ours
        # are the configs of the test hub cache, read offline.
        hub = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "hf_hub"
        env = {"HF_HUB_CACHE": str(hub), **os.environ, "HF_HUB_OFFLINE": "1",
               "COMPAT_RESULTS": str(results_file)}
        subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
             "--rootdir", str(work), "-o", "addopts=", "--continue-on-collection-errors",
             *present],
            cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            check=False,
        )
        results = json.loads(results_file.read_text()) if results_file.exists() else {}
    rows = []
    for name, test_id, _, _ in listed:
        entry = results.get(f"{name}::{test_id}")
        if entry is None:
            broken = results.get(name)
            if sources[name] is not None and broken is None:
                rows.append((name, test_id, "failed", "not collected"))
                continue
            text = broken["text"] if broken else f"{name} is missing from {test_dir}"
            category, first = classify("error", text)
            rows.append((name, test_id, category, first))
            continue
        category, first = classify(entry["outcome"], entry["text"])
        rows.append((name, test_id, category, first))
    return rows


def unexpected(rows: list[tuple[str, str, str, str]]) -> list[str]:
    """A line for each test whose category is not the one EXPECTED_EXCEPTIONS (or,
    for a test it does not name, "passed") leads to expect."""
    out = []
    for name, test_id, category, _ in rows:
        key = f"{name}::{test_id}"
        expected = EXPECTED_EXCEPTIONS.get(key, ("passed", ""))[0]
        if category != expected:
            out.append(f"{key}: expected {expected}, got {category}")
    return out


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("test_dir", type=Path, nargs="?",
                        help="directory the vLLM test files were fetched into")
    parser.add_argument("--list", type=Path, default=DEFAULT_LIST,
                        help="file of <path>@<commit>::<test id> lines")
    parser.add_argument("--json", type=Path, help="also write the rows as JSON here")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when a test's outcome differs from the expected one")
    args = parser.parse_args(argv)
    if args.test_dir is None:
        print("error: name the directory vLLM's test files were fetched into "
              "(DIR/<commit>/tests/config/test_*.py)", file=sys.stderr)
        return 2
    if not args.test_dir.is_dir():
        print(f"error: {args.test_dir} is not a directory", file=sys.stderr)
        return 2
    if not args.list.is_file():
        print(f"error: {args.list} does not exist", file=sys.stderr)
        return 2
    listed = read_list(args.list)
    rows = run(args.test_dir, listed)
    width = max((len(f"{n}::{t}") for n, t, _, _ in rows), default=0)
    for name, test_id, category, first in rows:
        print(f"{name + '::' + test_id:<{width}}  {category:<17}  {first[:160]}")
    counts: dict[str, int] = {}
    for _, _, category, _ in rows:
        counts[category] = counts.get(category, 0) + 1
    print()
    for category in CATEGORIES:
        print(f"{category:<17} {counts.get(category, 0)}")
    print(f"pass count: {counts.get('passed', 0)}/{len(rows)}")
    differ = unexpected(rows)
    print(f"not as expected: {len(differ)}")
    for line in differ:
        print(f"  {line}")
    if args.json:
        args.json.write_text(json.dumps(
            [{"file": n, "id": t, "category": c, "first_line": f} for n, t, c, f in rows],
            indent=1))
    return 1 if args.check and differ else 0


if __name__ == "__main__":
    sys.exit(main())
