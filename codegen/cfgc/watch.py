"""`cfgc generate --watch`: regenerate on every save.

It generates once, then waits for a schema file, a hook, a library module or a kernel
source to be saved (watchdog: inotify on Linux, FSEvents on macOS; polling where those
fail), lets the burst of events an editor's save makes settle, and generates again in
this process: the compiler is already imported and its templates compiled, and the memo
(memo.py) still skips a compile whose inputs did not change (a save without a change).
Each round prints only what it wrote and any errors, in the `--format` asked for; a
broken schema writes nothing and the next save tries again. Ctrl-C stops it.

It also watches cfgc's own code (its sources and templates, wherever it is installed
from). The compiler it runs was imported when it started, so once that code changes on
disk (an edit, a `git pull`, a branch switch) its output would be the old compiler's:
the watcher then restarts itself in place (the same process id, arguments and
environment) after checking, in a child interpreter, that the new code imports; while it
does not, it says so in one line and generates nothing until the next save. The memo
refuses such a compile too (memo.loaded_compiler). It restarts the same way when the hook or
library folders project.yaml names change, to watch the new ones.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import yaml
from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.polling import PollingObserver

from . import memo
from .model.schema import Schema
from .report import Report

#: How long the files must stay quiet before regenerating: an editor's save is several
#: events (a temporary file, a rename, a change of attributes) within a few ms.
SETTLE_S = 0.03
#: What a change of a watched file is (opening or reading one is not: a compile reads
#: every schema file).
_WRITES = ("created", "modified", "moved", "deleted", "closed")


#: One `cfgc generate` (cli.generate): (root, report, only_changes=...) -> exit status.
Generate = Callable[..., int]


def run(root: Path, generate: Generate, fmt: str = "text") -> int:
    # A script's background job starts with SIGINT ignored, and a Python started so keeps
    # ignoring it; the watcher says Ctrl-C (SIGINT) stops it, so it takes SIGINT back.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    report = Report(fmt, compact=True)
    memo.loaded_compiler()  # the code this process runs, before the first compile
    generate(root, report)
    report.finish()
    folders = watched_folders(root)
    changed = threading.Event()
    handler = _Handler(root, folders, changed)
    observer = _start([*folders, COMPILER], handler)
    names = ", ".join(f"{f.relative_to(root).as_posix()}/" for f in folders)
    report.fail(f"cfgc: watching {names} and the compiler, {_shown(COMPILER, root)}/ "
                f"(Ctrl-C to stop)")
    try:
        while True:
            if not changed.wait(timeout=1.0):
                continue
            while changed.is_set():  # let the save's burst of events settle
                changed.clear()
                time.sleep(SETTLE_S)
            if watched_folders(root) != folders:  # project.yaml names other hooks
                observer.stop()
                observer.join(timeout=2)
                report.fail("cfgc: the folders to watch changed; restarting the watcher")
                _restart()
            if memo.compiler_changed():
                problem = _import_problem()
                if problem is None:
                    observer.stop()
                    observer.join(timeout=2)
                    report.fail("cfgc: the compiler's code changed; restarting the watcher")
                    _restart()
                report.fail(f"cfgc: the compiler's code changed and does not import "
                            f"({problem}); nothing written until it does")
                report.finish()
                continue
            generate(root, report, only_changes=True)
            report.finish()  # --format json: one array per round, [] once all is fixed
    except KeyboardInterrupt:
        return 0
    finally:
        observer.stop()
        observer.join(timeout=2)


#: cfgc's own code, as this process imported it (an editable install: codegen/cfgc/).
COMPILER = Path(memo.__file__).resolve().parent


def _shown(folder: Path, root: Path) -> str:
    return folder.relative_to(root).as_posix() if folder.is_relative_to(root) else str(folder)


def _import_problem() -> str | None:
    """None when cfgc's code on disk imports (the whole compiler, in a child interpreter
    of the same environment), else the last line of what went wrong."""
    proc = subprocess.run([sys.executable, "-c", "import cfgc.cli, cfgc.watch, cfgc.pipeline"],
                          capture_output=True, text=True, check=False)
    if proc.returncode == 0:
        return None
    lines = [line.strip() for line in proc.stderr.splitlines() if line.strip()]
    return lines[-1] if lines else f"exit {proc.returncode}"


def _restart() -> None:
    """Replace this process by the same command line (its interpreter options, `-m`, the
    arguments), which imports the compiler now on disk."""
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(sys.executable, sys.orig_argv)


def watched_folders(root: Path) -> list[Path]:
    """schema/, the kernel sources and the hook and library folders the project
    declares (those that exist)."""
    rels = ["schema", *memo.READ_DIRS, *_declared_code(root)]
    out: list[Path] = []
    for rel in rels:
        folder = root / rel  # as given: events name paths under it (a link stays a link)
        if folder.is_dir() and folder.resolve() not in [f.resolve() for f in out]:
            out.append(folder)
    return out


def _declared_code(root: Path) -> list[str]:
    """The hooks path and library paths of the `project:` section (the default hooks
    path without one); an unreadable schema file is the compile's to report."""
    paths = [Schema.hooks_path]
    for path in sorted((root / "schema").glob("*.yaml")):
        try:
            doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue
        project = doc.get("project") if isinstance(doc, dict) else None
        if not isinstance(project, dict):
            continue
        hooks = project.get("hooks")
        if isinstance(hooks, dict) and isinstance(hooks.get("path"), str):
            paths = [hooks["path"]]
        libraries = project.get("libraries")
        if isinstance(libraries, dict):
            paths += [lib["path"] for lib in libraries.values()
                      if isinstance(lib, dict) and isinstance(lib.get("path"), str)]
        break
    return paths


class _Handler(FileSystemEventHandler):
    """Sets `changed` when a watched input is written: a .yaml file under schema/ or a
    .py file elsewhere (editors' swap and backup files are neither)."""

    def __init__(self, root: Path, folders: list[Path], changed: threading.Event):
        self.schema = root / "schema"
        self.folders = folders
        self.changed = changed

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.is_directory or event.event_type not in _WRITES:
            return
        for raw in (event.src_path, getattr(event, "dest_path", "")):
            if raw and self.relevant(Path(str(raw))):
                self.changed.set()
                return

    def relevant(self, path: Path) -> bool:
        if path.name.startswith(".") or "__pycache__" in path.parts:
            return False
        if path.suffix == ".yaml":
            return path.is_relative_to(self.schema)
        return path.suffix in (".py", ".jinja")


def _start(folders: list[Path], handler: _Handler):
    """A native observer, or a polling one where the OS refuses (out of inotify
    watches, an unsupported file system)."""
    for make in (Observer, lambda: PollingObserver(timeout=0.2)):
        observer = make()
        try:
            for folder in folders:
                observer.schedule(handler, str(folder), recursive=True)
            observer.start()
            return observer
        except OSError:
            continue
    raise OSError("cannot watch the project's files")
