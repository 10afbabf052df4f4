"""The last compile of a project, remembered with everything it read.

`cfgc generate` and `cfgc check` compile the schema into the same bytes for the same
inputs. A compile's outputs are kept in the user's cache (one entry per project root,
next to the compiled templates), with a digest of each file it read: the schema files,
the hooks and the kernel sources, and cfgc's own sources and templates (a change to the
compiler is a change of input) with the interpreter's version. When every one of them
is unchanged, the next run takes the outputs from the entry instead of compiling (the
files are still compared with the tree and the generated package still import-checked
as before). Anything else, or CFGC_CACHE=0, compiles.

A compile is remembered only when it was made by the compiler on disk: the digest of
cfgc's sources is taken once, at the process's first lookup (`loaded_compiler()`, the
code this process runs), and must still be the digest on disk when the outputs are
recorded. A long-running process (`generate --watch`) whose sources were edited, pulled
or switched under it would otherwise record the old code's outputs under the new code's
key, and every later `cfgc check` would vouch for them.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path

from .files import cache_root
from .front.sources import schema_files

FORMAT = 2
#: Folders (relative to the project root) whose .py files a compile reads besides the
#: schema: the kernel sources (their uuids); the hooks and library folders are named by
#: the schema itself.
READ_DIRS = ("kernels",)
#: Files a compile reads besides the schema: the schema guide, whose key reference it
#: renews (cli.py).
READ_FILES = ("docs/guide/schema.md",)
_CFGC = Path(__file__).resolve().parent


def enabled() -> bool:
    """Whether remembered results may be used (CFGC_CACHE=0 turns them off)."""
    return os.environ.get("CFGC_CACHE", "1") not in ("0", "off", "no", "false")


def _entry(root: Path) -> Path:
    name = hashlib.sha256(str(root).encode()).hexdigest()[:32]
    return cache_root() / "compile" / f"{name}.pickle"


def _digest(paths: list[Path], root: Path) -> str:
    h = hashlib.sha256()
    for path in paths:
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def _compiler() -> str:
    """cfgc's sources and templates, the interpreter and the versions of the libraries
    that shape the output (Jinja renders it, PyYAML reads the schema)."""
    files = sorted(p for p in _CFGC.rglob("*") if p.suffix in (".py", ".jinja"))
    versions = []
    for name in ("jinja2", "yaml"):
        spec = importlib.util.find_spec(name)
        origin = Path(spec.origin) if spec is not None and spec.origin else None
        versions.append(origin.read_bytes() if origin and origin.is_file() else b"-")
    return (_digest(files, _CFGC) + hashlib.sha256(b"\0".join(versions)).hexdigest()
            + sys.version + str(FORMAT))


#: The digest of cfgc's sources when this process first took one: the code it runs (its
#: modules are imported at its start or lazily soon after; a change in that window is
#: still caught, since the digest on disk then differs from this one at record time).
_loaded: str | None = None


def loaded_compiler() -> str:
    """The digest of cfgc's sources as this process loaded them."""
    global _loaded
    if _loaded is None:
        _loaded = _compiler()
    return _loaded


def compiler_changed() -> bool:
    """Whether cfgc's sources on disk (or the libraries that shape its output) differ
    from those this process loaded."""
    return _compiler() != loaded_compiler()


def _inputs(root: Path, folders: tuple[str, ...]) -> dict[str, str]:
    """Digest of every group of files a compile of `root` reads."""
    global _loaded
    compiler = _compiler()
    if _loaded is None:  # the first digest, taken before the compile's own imports
        _loaded = compiler
    groups = {"compiler": compiler, "schema": _digest(schema_files(root / "schema"), root),
              "files": _digest([root / f for f in READ_FILES if (root / f).is_file()], root)}
    for rel in (*folders, *READ_DIRS):
        if not rel:
            continue
        folder = root / rel
        py = sorted(folder.rglob("*.py")) if folder.is_dir() else []
        groups[rel] = _digest(py, root)
    return groups


def compile_project(root: Path,
                    compile_fn: Callable[[Path], tuple[dict[str, str], tuple[str, ...]]]
                    ) -> dict[str, str]:
    """The outputs for `root`: remembered when nothing they depend on changed, else
    `compile_fn(root)` -> (outputs, the folders of hooks and libraries the schema names),
    then remembered."""
    entry = _entry(root)
    if enabled():
        try:
            with open(entry, "rb") as fh:
                saved = pickle.load(fh)
            if saved["format"] == FORMAT and saved["inputs"] == _inputs(root, saved["read"]):
                return saved["outputs"]
        except (OSError, EOFError, KeyError, TypeError, pickle.UnpicklingError, ValueError,
                AttributeError):
            pass  # no entry, or an unreadable one: compile
    before = _inputs(root, ()) if enabled() else {}
    outputs, folders = compile_fn(root)
    if enabled():
        after = _inputs(root, folders)
        # Nothing moved meanwhile, and the code that compiled is the code on disk.
        if after["compiler"] == _loaded and all(after[k] == v for k, v in before.items()):
            _save(entry, {"format": FORMAT, "read": folders, "inputs": after,
                          "outputs": outputs})
    return outputs


def _save(entry: Path, data: dict) -> None:
    """Write the entry atomically; a cache that cannot be written is no error."""
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        tmp = entry.with_name(f".{entry.name}.{os.getpid()}.tmp")
        with open(tmp, "wb") as fh:
            pickle.dump(data, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, entry)
    except OSError:
        pass
