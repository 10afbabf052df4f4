"""All-or-nothing generate under SIGKILL: whenever the process dies, the next run of cfgc
(generate, or `files.recover`) leaves exactly the old tree or exactly the new one, with
no temporaries; `cfgc check` reports what an interrupted run left."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cfgc import files, pipeline

from .helpers import SCHEMA_A, SCHEMA_B, cfgc, new_project, owned

KILLS = settings(deadline=None, max_examples=10, derandomize=True)

# Kill the process at its n-th file operation of the write phase (each staged write, the
# journal commit, each move into place), so every gap between two operations is tried.
_KILL_AT_NTH = """
import os, signal, sys
from cfgc import cli, files, import_check
n, calls = int(sys.argv[2]), [0]
def counted(real):
    def op(*args, **kwargs):
        calls[0] += 1
        if calls[0] == n:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(*args, **kwargs)
    return op
files._write = counted(files._write)
files.os.replace = counted(os.replace)
files.os.unlink = counted(os.unlink)
import_check.problem = lambda *a: None  # imported separately below; keep each try fast
sys.exit(cli.main(["--root", sys.argv[1], "generate", "-q"]))
"""


def change(root: Path) -> None:
    """Edits that change, add and remove generated files."""
    (root / "schema" / "a.yaml").write_text(
        SCHEMA_A.replace("default: 1", "default: 2").replace("A name.", "The name."))
    (root / "schema" / "b.yaml").unlink()
    (root / "schema" / "c.yaml").write_text(SCHEMA_B.replace("Beta", "Gamma"))


@pytest.fixture(scope="module")
def states(tmp_path_factory) -> tuple[Path, dict, dict]:
    """The project before, and the trees cfgc writes before and after `change`."""
    tmp = tmp_path_factory.mktemp("states")
    old = new_project(tmp / "old", **{"a.yaml": SCHEMA_A, "b.yaml": SCHEMA_B})
    assert cfgc(old, "generate", "-q")[0] == 0
    new = tmp / "new"
    shutil.copytree(old, new)
    change(new)
    assert cfgc(new, "generate", "-q")[0] == 0
    return old, owned(old), owned(new)


def assert_whole(root: Path, old: dict, new: dict) -> None:
    files.recover(root, pipeline.OWNED_DIRS)  # what any next run does first
    after = owned(root)
    assert after in (old, new), sorted(set(after) ^ set(old)) + sorted(set(after) ^ set(new))
    assert files.leftovers(root, pipeline.OWNED_DIRS) == []
    code, _, _ = cfgc(root, "generate", "-q")
    assert code == 0 and owned(root) == new
    assert cfgc(root, "check")[0] == 0


@given(n=st.integers(min_value=1, max_value=30))
@KILLS
def test_kill_at_any_file_operation(tmp_path_factory, states, n: int) -> None:
    tmp = tmp_path_factory.mktemp("kill")
    old_root, old, new = states
    root = tmp / "run"
    shutil.copytree(old_root, root)
    change(root)
    proc = subprocess.run([sys.executable, "-c", _KILL_AT_NTH, str(root), str(n)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode in (0, -signal.SIGKILL), proc.stderr
    if proc.returncode == -signal.SIGKILL and files.leftovers(root, pipeline.OWNED_DIRS):
        code, _, err = cfgc(root, "check")  # check sees an interrupted run and says so
        assert code == 1 and "left by an interrupted generate: .cfgc-staging" in err
    assert_whole(root, old, new)


@given(delay=st.floats(min_value=0.0, max_value=1.5))
@settings(deadline=None, max_examples=4, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_kill_at_a_random_time(tmp_path_factory, states, delay: float) -> None:
    tmp = tmp_path_factory.mktemp("killt")
    old_root, old, new = states
    root = tmp / "run"
    shutil.copytree(old_root, root)
    change(root)
    proc = subprocess.Popen([sys.executable, "-m", "cfgc.cli", "--root", str(root),
                             "generate", "-q"], stderr=subprocess.DEVNULL)
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)
    assert_whole(root, old, new)


def test_stale_temporaries_of_older_runs_are_swept(tmp_path: Path) -> None:
    root = new_project(tmp_path, **{"a.yaml": SCHEMA_A})
    assert cfgc(root, "generate", "-q")[0] == 0
    stray = root / "generated" / "vllm_config" / ".a.py.x1y2.tmp"
    stray.write_text("half")
    (root / ".cfgc-staging").mkdir()
    (root / ".cfgc-staging" / "0").write_text("half")
    code, _, err = cfgc(root, "check")
    assert code == 1 and "left by an interrupted generate: generated/vllm_config/" \
        ".a.py.x1y2.tmp" in err
    code, out, _ = cfgc(root, "generate")
    assert code == 0 and "removed temporaries of an interrupted generate" in out
    assert not stray.exists() and not (root / ".cfgc-staging").exists()
    assert cfgc(root, "check")[0] == 0
    assert os.listdir(root / "generated" / "vllm_config")  # nothing else was lost
