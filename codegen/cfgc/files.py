"""Write generated files: only what changed, all-or-nothing.

Every new content is first written to a temporary file beside its target; only when
all of them are on disk are they renamed into place (os.replace is atomic per file).
A failure before that point removes the temporaries; a failure while renaming puts
back every file already replaced. Either way the tree is left as it was.
Generated files no longer produced are removed, so renames in the schema don't leave
stale modules behind.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

MANIFEST = ".cfgc-manifest"


@dataclass(frozen=True)
class Plan:
    changed: tuple[str, ...]
    removed: tuple[str, ...]
    unchanged: int


def plan(root: Path, outputs: dict[str, str], owned_dirs: tuple[str, ...]) -> Plan:
    changed = []
    for rel, content in sorted(outputs.items()):
        path = root / rel
        if not path.exists() or path.read_bytes() != content.encode():
            changed.append(rel)
    previous = set()
    for d in owned_dirs:
        manifest = root / d / MANIFEST
        if manifest.exists():
            previous |= {line for line in manifest.read_text().splitlines() if line}
    removed = sorted(p for p in previous - set(outputs) if (root / p).exists())
    return Plan(tuple(changed), tuple(removed), len(outputs) - len(changed))


def manifests(outputs: dict[str, str], owned_dirs: tuple[str, ...]) -> dict[str, str]:
    """One manifest per owned directory listing the files cfgc generated there."""
    result = {}
    for d in owned_dirs:
        names = sorted(p for p in outputs if p.startswith(d.rstrip("/") + "/"))
        result[f"{d}/{MANIFEST}"] = "".join(n + "\n" for n in names)
    return result


def write_atomically(root: Path, outputs: dict[str, str], p: Plan) -> None:
    staged: list[tuple[Path, Path]] = []
    try:
        for rel in p.changed:
            target = root / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            staged.append((Path(tmp), target))  # before writing: a failed write is cleaned up
            with os.fdopen(fd, "wb") as fh:
                fh.write(outputs[rel].encode())
        _before_commit_hook()
    except BaseException:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        raise
    # Renames are atomic one file at a time; keep what each replaced so a failure
    # part-way (I/O error, interrupt) can put the previous tree back.
    previous: list[tuple[Path, bytes | None]] = []
    try:
        for tmp, target in staged:
            previous.append((target, target.read_bytes() if target.exists() else None))
            os.replace(tmp, target)
        for rel in p.removed:
            target = root / rel
            previous.append((target, target.read_bytes() if target.exists() else None))
            target.unlink(missing_ok=True)
    except BaseException:
        for target, content in reversed(previous):
            if content is None:
                target.unlink(missing_ok=True)
            else:
                target.write_bytes(content)
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        raise


def _before_commit_hook() -> None:
    """Test seam: tests patch this to inject a failure between staging and renaming."""
