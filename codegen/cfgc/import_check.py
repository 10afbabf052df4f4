"""Import the generated package in a fresh interpreter before anything is written.

The compiler's own checks (definition order, cycles) cover the known ways generated code
can fail to import; this is the net under them: every generated module is imported from
a temporary copy, so code that would raise NameError or ImportError at
`import vllm_config` is reported instead of committed.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

_IMPORT_ALL = """
import importlib, pkgutil, sys
sys.path[:0] = [sys.argv[1], sys.argv[3]]  # the temporary copy first; cfgc however installed
pkg = importlib.import_module(sys.argv[2])
for mod in sorted(m.name for m in pkgutil.iter_modules(pkg.__path__)):
    if mod != "__main__":
        print(mod, flush=True)
        importlib.import_module(sys.argv[2] + "." + mod)
"""


def needed(changed: tuple[str, ...], prefix: str) -> bool:
    """Only when a generated Python file changes can the package stop importing."""
    return any(rel.startswith(prefix) and rel.endswith(".py") for rel in changed)


def problem(outputs: dict[str, str], prefix: str, package: str) -> str | None:
    """None when every module of the package imports; else one line saying where and why.
    `prefix` is where the package's parent lies in `outputs` ("generated/")."""
    with tempfile.TemporaryDirectory(prefix="cfgc-import-") as tmp:
        for rel, content in outputs.items():
            if rel.startswith(f"{prefix}{package}/") and rel.endswith(".py"):
                path = Path(tmp) / rel[len(prefix):]
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(content)
        cfgc_parent = str(Path(__file__).resolve().parents[1])
        proc = subprocess.run([sys.executable, "-c", _IMPORT_ALL, tmp, package, cfgc_parent],
                              capture_output=True, text=True, timeout=300, check=False)
    if proc.returncode == 0:
        return None
    module = (proc.stdout.split() or ["__init__"])[-1]
    last = (proc.stderr.strip().splitlines() or [f"exit status {proc.returncode}"])[-1]
    return f"generated module {package}.{module} does not import: {last}"
