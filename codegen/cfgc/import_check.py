"""Import the generated package in a fresh interpreter before anything is written.

The compiler's own checks (definition order, cycles) cover the known ways generated code
can fail to import; this is the net under them: every generated module is imported from
a temporary copy, so code that would raise NameError or ImportError at
`import vllm_config` is reported instead of committed.

A check that passed leaves a stamp in the user's cache (next to the compiled templates),
named by a digest of everything the import depends on: the generated modules, every
source file of cfgc (runtime, hooks and libraries the generated code imports), the
interpreter and pydantic's version. The same inputs again pass again, so the stamp
stands for the run (a fresh interpreter costs more than the whole compile);
CFGC_CACHE=0 runs it anyway.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from . import memo

_IMPORT_ALL = """
import importlib, pkgutil, sys
sys.path[:0] = [sys.argv[1], sys.argv[3]]  # the temporary copy first; cfgc however installed
pkg = importlib.import_module(sys.argv[2])
for mod in sorted(m.name for m in pkgutil.iter_modules(pkg.__path__)):
    if mod != "__main__":
        print(mod, flush=True)
        importlib.import_module(sys.argv[2] + "." + mod)
"""


#: The package's code: modules, and the parts of the releases stored by difference
#: (copied with the modules: the default release's `__init__` names them).
_CODE = (".py", ".part")


def needed(changed: tuple[str, ...], prefix: str) -> bool:
    """Only when a generated Python file changes can the package stop importing."""
    return any(rel.startswith(prefix) and rel.endswith(_CODE) for rel in changed)


def _stamp(outputs: dict[str, str], prefix: str, package: str) -> Path:
    """Where a passed check of exactly these inputs is recorded."""
    digest = hashlib.sha256()
    for part in (sys.version, sys.executable, _IMPORT_ALL, package):
        digest.update(part.encode() + b"\0")
    for rel in sorted(outputs):
        if rel.startswith(f"{prefix}{package}/") and rel.endswith(_CODE):
            digest.update(rel.encode() + b"\0" + outputs[rel].encode() + b"\0")
    cfgc_dir = Path(__file__).resolve().parent
    for path in sorted(cfgc_dir.rglob("*.py")):
        digest.update(path.relative_to(cfgc_dir).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    spec = importlib.util.find_spec("pydantic")
    if spec is not None and spec.origin:
        version = Path(spec.origin).with_name("version.py")
        digest.update(version.read_bytes() if version.is_file() else spec.origin.encode())
    root = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "cfgc" / "imports"
    return root / digest.hexdigest()


def problem(outputs: dict[str, str], prefix: str, package: str) -> str | None:
    """None when every module of the package imports; else one line saying where and why.
    `prefix` is where the package's parent lies in `outputs` ("generated/")."""
    stamp = _stamp(outputs, prefix, package)
    if memo.enabled() and stamp.is_file():
        return None
    with tempfile.TemporaryDirectory(prefix="cfgc-import-") as tmp:
        for rel, content in outputs.items():
            if rel.startswith(f"{prefix}{package}/") and rel.endswith(_CODE):
                path = Path(tmp) / rel[len(prefix):]
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(content)
        cfgc_parent = str(Path(__file__).resolve().parents[1])
        proc = subprocess.run([sys.executable, "-c", _IMPORT_ALL, tmp, package, cfgc_parent],
                              capture_output=True, text=True, timeout=300, check=False)
    if proc.returncode == 0:
        if memo.enabled():
            _record(stamp)
        return None
    module = (proc.stdout.split() or ["__init__"])[-1]
    last = (proc.stderr.strip().splitlines() or [f"exit status {proc.returncode}"])[-1]
    return f"generated module {package}.{module} does not import: {last}"


def _record(stamp: Path) -> None:
    """Leave the stamp of a passed check; a cache that cannot be written is no error."""
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.touch()
    except OSError:
        pass
