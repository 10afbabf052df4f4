"""The releases schema/project.yaml lists, for the tests that hold for every release.

Those tests are parametrised over this list (read, never copied into a test), so a
release added to the schema is checked as soon as it is listed; one listed without
the facts or recordings a test needs fails that test with a line saying what to make.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parent.parent
FACTS = REPO / "tests" / "facts" / "releases"

_PROJECT = yaml.safe_load((REPO / "schema" / "project.yaml").read_text())["project"]
#: Oldest first, as project.yaml lists them.
RELEASES: tuple[str, ...] = tuple(_PROJECT["releases"]["list"])
DEFAULT: str = _PROJECT["releases"]["default"]


@functools.cache
def history() -> dict[str, Any]:
    """tests/facts/releases/history.json: every fact of every recorded release."""
    return json.loads((FACTS / "history.json").read_text())


def at(runs: dict[str, Any], release: str) -> Any:
    """The value a history attribute (`{"0.25.1..0.28.0": 2048, ...}`) has in
    `release`; None where no run covers it (the subject is absent there)."""
    order = history()["releases"]
    assert release in order, (f"no facts of vLLM {release} in history.json: extract them "
                              f"(tests/facts/releases/README.md)")
    where = order.index(release)
    for span, value in runs.items():
        first, _, last = span.partition("..")
        if order.index(first) <= where <= order.index(last or first):
            return value
    return None


def facts(release: str, name: str) -> dict[str, Any]:
    """One facts file of `release` (tests/facts/releases/<release>/<name>.json)."""
    path = FACTS / release / f"{name}.json"
    assert path.is_file(), (f"no {name}.json facts of vLLM {release}: extract them with "
                            f"tools/extract_release_facts.py (tests/facts/releases/README.md)")
    return json.loads(path.read_text())


def run_in(release: str, code: str, *args: str, env: dict[str, str] | None = None) -> Any:
    """The JSON `code` prints last, run in a child with `release`'s package (CFGC_RELEASE
    is read when vllm_config is first imported)."""
    proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {}), "CFGC_RELEASE": release},
                          cwd=REPO, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def parity_report(release: str, recording: Path) -> dict[str, Any]:
    """tools/parity.py's JSON report of `release` of vllm_config against `recording`."""
    proc = subprocess.run([sys.executable, str(REPO / "tools" / "parity.py"), "--release",
                           release, "--json", "--fixtures", str(recording)],
                          capture_output=True, text=True, cwd=REPO, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def manifest(release: str) -> dict[str, Any]:
    """The release's flag manifest, as generated (cli_manifest.json of its package)."""
    import vllm_config

    base = Path(vllm_config.__file__).parent
    sub = vllm_config._RELEASE_DIRS.get(release)
    return json.loads(((base / sub) if sub else base).joinpath("cli_manifest.json").read_text())
