"""`cfgc generate --watch`: a save regenerates, printing only what changed and any
errors; a broken save writes nothing and the next one recovers; Ctrl-C ends it with
exit 0; a change of the compiler's own code restarts it."""

from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import cfgc

SCHEMA = """\
classes:
  Demo:
    doc: A demo class.
    fields:
      size: {type: int, default: 3, hash: include, doc: DOC}
"""


class Watcher:
    """`cfgc generate --watch` in a child process, its output lines in queues."""

    def __init__(self, root: Path, *args: str, env: dict[str, str] | None = None):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cfgc.cli", "--root", str(root), "generate", "--watch",
             *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        self.out: queue.Queue[str] = queue.Queue()
        self.err: queue.Queue[str] = queue.Queue()
        for stream, q in ((self.proc.stdout, self.out), (self.proc.stderr, self.err)):
            threading.Thread(target=lambda s=stream, q=q: [q.put(x.rstrip("\n")) for x in s],
                             daemon=True).start()

    def until(self, q: queue.Queue, match, timeout: float = 90) -> list[str]:
        """Lines up to and with the first that `match` accepts."""
        lines, deadline = [], time.monotonic() + timeout
        while True:
            line = q.get(timeout=max(0.1, deadline - time.monotonic()))
            lines.append(line)
            if match(line):
                return lines

    def quiet(self, q: queue.Queue, seconds: float) -> list[str]:
        time.sleep(seconds)
        lines = []
        while not q.empty():
            lines.append(q.get())
        return lines

    def stop(self) -> tuple[int, str]:
        self.proc.send_signal(signal.SIGINT)
        rc = self.proc.wait(timeout=30)
        rest = "\n".join(self.quiet(self.err, 0.2))
        return rc, rest


def save(path: Path, text: str) -> None:
    """As an editor saves: a new file renamed over the old one."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text)
    tmp.replace(path)


@pytest.fixture
def watcher(project: Path):
    (project / "schema" / "demo.yaml").write_text(SCHEMA.replace("DOC", "A size."))
    w = Watcher(project)
    w.until(w.err, lambda line: line.startswith("cfgc: watching schema/"))
    yield w
    if w.proc.poll() is None:
        w.proc.kill()
        w.proc.wait()


def test_a_save_regenerates_only_what_changed(project: Path, watcher: Watcher) -> None:
    module = project / "generated" / "vllm_config" / "demo.py"
    assert "A size." in module.read_text()  # the first round generated everything
    watcher.quiet(watcher.out, 0)
    save(project / "schema" / "demo.yaml", SCHEMA.replace("DOC", "The size in blocks."))
    lines = watcher.until(watcher.out, lambda line: line.startswith("cfgc: "))
    wrote = {line.removeprefix("wrote ") for line in lines[:-1]}
    assert "generated/vllm_config/demo.py" in wrote and "docs/reference/Demo.md" in wrote
    assert "generated/vllm_config/types.py" not in wrote  # untouched by a doc change
    assert "The size in blocks." in module.read_text()
    assert lines[-1].startswith(f"cfgc: {len(wrote)} written, 0 removed")
    # A save that changes nothing prints nothing.
    save(project / "schema" / "demo.yaml", SCHEMA.replace("DOC", "The size in blocks."))
    assert watcher.quiet(watcher.out, 3) == [] and watcher.quiet(watcher.err, 0) == []
    assert watcher.stop() == (0, "")


def test_a_broken_save_reports_and_the_next_recovers(project: Path,
                                                     watcher: Watcher) -> None:
    schema = project / "schema" / "demo.yaml"
    save(schema, SCHEMA.replace("DOC", "A size.").replace("default:", "defualt:"))
    errors = watcher.until(watcher.err, lambda line: "nothing written" in line)
    assert errors[0] == ("schema/demo.yaml:5:25: unknown key 'defualt' in field Demo.size "
                         "(did you mean 'default'?)")
    save(schema, SCHEMA.replace("DOC", "Fixed."))
    watcher.until(watcher.out, lambda line: line == "wrote generated/vllm_config/demo.py")
    rc, rest = watcher.stop()
    assert rc == 0 and "Traceback" not in rest


def test_json_prints_one_array_per_round(project: Path) -> None:
    schema = project / "schema" / "demo.yaml"
    schema.write_text(SCHEMA.replace("DOC", "A size."))
    w = Watcher(project, "--format", "json")
    try:
        w.until(w.err, lambda line: line.startswith("cfgc: watching"))
        assert json.loads(w.until(w.out, lambda line: True)[0]) == []  # the first round
        save(schema, SCHEMA.replace("DOC", "A size.").replace("hash:", "hsah:"))
        problems = json.loads(w.until(w.out, lambda line: True)[0])
        assert [(p["line"], p["column"], p["suggestion"]) for p in problems] == [
            (5, 7, None), (5, 37, "hash")]  # no hash rule; the misspelled key
        save(schema, SCHEMA.replace("DOC", "A size."))
        assert json.loads(w.until(w.out, lambda line: True)[0]) == []
        assert w.stop()[0] == 0
    finally:
        if w.proc.poll() is None:
            w.proc.kill()
            w.proc.wait()


def test_a_compiler_change_restarts_the_watcher(tmp_path: Path, project: Path) -> None:
    """Issue 36's sequence: with the watcher running, change a constant of the compiler
    (the HEADER of back/envs.py), then save a schema edit. The watcher restarts on the
    compiler's change, so every file, envs.py included, is the new compiler's output, and
    `cfgc check` through the memo agrees with `CFGC_CACHE=0 cfgc check`. The compiler
    runs from a copy inside the project (as an editable install of a fresh clone does),
    so the test may edit it."""
    shutil.copytree(Path(cfgc.__file__).parent, project / "codegen" / "cfgc",
                    dirs_exist_ok=True, symlinks=True,
                    ignore=shutil.ignore_patterns("__pycache__", "hooks", "checkpoint"))
    env = dict(os.environ, PYTHONPATH=str(project / "codegen"),
               XDG_CACHE_HOME=str(tmp_path / "cache"))
    env.pop("CFGC_CACHE", None)
    schema = project / "schema" / "cache.yaml"
    schema.write_text(SCHEMA.replace("DOC", "A size."))
    w = Watcher(project, env=env)
    try:
        w.until(w.err, lambda line: line.startswith("cfgc: watching schema/"))
        envs = project / "generated" / "vllm_config" / "envs.py"
        old = "# Generated from schema/ by cfgc; do not edit."
        new = "# Generated from schema/ by cfgc (edited); do not edit."
        assert envs.read_text().startswith(old)
        backend = project / "codegen" / "cfgc" / "back" / "envs.py"
        save(backend, backend.read_text().replace(f'HEADER = "{old}"', f'HEADER = "{new}"'))
        w.until(w.err, lambda line: line == "cfgc: the compiler's code changed; "
                                            "restarting the watcher")
        w.quiet(w.out, 0)  # the first round's lines, long printed
        w.until(w.err, lambda line: line.startswith("cfgc: watching schema/"))
        # The new compiler's first round.
        restarted = w.until(w.out, lambda line: line.startswith("cfgc: "))
        assert "wrote generated/vllm_config/envs.py" in restarted
        assert "wrote generated/vllm_config/cache.py" not in restarted
        save(schema, SCHEMA.replace("DOC", "The size in blocks."))
        w.until(w.out, lambda line: line == "wrote generated/vllm_config/cache.py")
        assert w.stop()[0] == 0
    finally:
        if w.proc.poll() is None:
            w.proc.kill()
            w.proc.wait()
    assert envs.read_text().startswith(new)
    assert "The size in blocks." in (project / "generated" / "vllm_config" / "cache.py"
                                     ).read_text()
    for cache in ("1", "0"):  # through the memo, then compiled from scratch
        check = subprocess.run(
            [sys.executable, "-m", "cfgc.cli", "--root", str(project), "check"],
            env=dict(env, CFGC_CACHE=cache), capture_output=True, text=True, timeout=300)
        assert check.returncode == 0 and "up to date" in check.stdout, (cache, check.stderr)


def test_a_compiler_that_does_not_import_writes_nothing(tmp_path: Path,
                                                        project: Path) -> None:
    """A compiler change that breaks its import is one line; the next schema save writes
    nothing with the old compiler, and undoing the change lets it generate again."""
    shutil.copytree(Path(cfgc.__file__).parent, project / "codegen" / "cfgc",
                    dirs_exist_ok=True, symlinks=True,
                    ignore=shutil.ignore_patterns("__pycache__", "hooks", "checkpoint"))
    env = dict(os.environ, PYTHONPATH=str(project / "codegen"),
               XDG_CACHE_HOME=str(tmp_path / "cache"))
    schema = project / "schema" / "demo.yaml"
    schema.write_text(SCHEMA.replace("DOC", "A size."))
    w = Watcher(project, env=env)
    try:
        w.until(w.err, lambda line: line.startswith("cfgc: watching schema/"))
        backend = project / "codegen" / "cfgc" / "back" / "envs.py"
        good = backend.read_text()
        save(backend, good + "\ndef broken(:\n")
        line = w.until(w.err, lambda line: "does not import" in line)[-1]
        assert line.startswith("cfgc: the compiler's code changed and does not import (")
        assert "SyntaxError" in line and line.endswith("nothing written until it does")
        w.quiet(w.out, 0)
        save(schema, SCHEMA.replace("DOC", "Not written."))
        w.until(w.err, lambda line: "does not import" in line)
        assert w.quiet(w.out, 1) == []
        assert "Not written." not in (project / "generated" / "vllm_config" / "demo.py"
                                      ).read_text()
        # The code on disk is again the code it runs: no restart, the schema's save is
        # generated now.
        save(backend, good)
        w.until(w.out, lambda line: line == "wrote generated/vllm_config/demo.py")
        assert "Not written." in (project / "generated" / "vllm_config" / "demo.py"
                                  ).read_text()
        rc, rest = w.stop()
        assert rc == 0 and "Traceback" not in rest
    finally:
        if w.proc.poll() is None:
            w.proc.kill()
            w.proc.wait()
