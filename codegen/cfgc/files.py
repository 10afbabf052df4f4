"""Write generated files: only what changed, all-or-nothing.

Every new content is first written to a staging directory (`.cfgc-staging/` in the
project root) together with a journal of the moves to make; renaming the journal into
place is the one atomic commit point. A failure before it removes the staging; a failure
while moving files puts back every file already replaced; a kill (SIGKILL) at any moment
leaves either no journal (the next run rolls back) or a journal (the next run completes
it). Not fsynced: the guarantee covers the process dying, not the machine.
Generated files no longer produced are removed, so renames in the schema don't leave
stale modules behind.
"""

from __future__ import annotations

import json
import os
import shutil
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


STAGING = ".cfgc-staging"
JOURNAL = "journal"


def write_atomically(root: Path, outputs: dict[str, str], p: Plan) -> None:
    """Stage every changed file, commit with one rename of the journal, then apply it.

    A kill before the commit leaves only the staging directory (the next run deletes
    it); a kill after it leaves a journal the next run completes (`recover`). Either
    way no run sees a tree mixing old and new files once it has started.
    """
    stage = root / STAGING
    shutil.rmtree(stage, ignore_errors=True)
    try:
        stage.mkdir()
        for i, rel in enumerate(p.changed):
            _write(stage / str(i), outputs[rel].encode())
        _before_commit_hook()
        (stage / (JOURNAL + ".tmp")).write_text(
            json.dumps({"changed": list(p.changed), "removed": list(p.removed)}))
        os.replace(stage / (JOURNAL + ".tmp"), stage / JOURNAL)  # the commit point
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    # Renames are atomic one file at a time; keep what each replaced so a failure
    # part-way in this process (I/O error, interrupt) can put the previous tree back.
    previous: list[tuple[Path, bytes | None]] = []
    try:
        _apply(root, stage, p.changed, p.removed, previous)
    except BaseException:
        for target, content in reversed(previous):
            if content is None:
                target.unlink(missing_ok=True)
            else:
                target.write_bytes(content)
        shutil.rmtree(stage, ignore_errors=True)
        raise


def _apply(root: Path, stage: Path, changed, removed, previous: list | None = None) -> None:
    """Move staged files into place and delete removed ones; idempotent, so a run killed
    part-way is finished by running it again."""
    for i, rel in enumerate(changed):
        src, target = stage / str(i), root / rel
        if not src.exists():  # moved before the kill
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if previous is not None:
            previous.append((target, target.read_bytes() if target.is_file() else None))
        os.replace(src, target)
    for rel in removed:
        target = root / rel
        if previous is not None and target.is_file():
            previous.append((target, target.read_bytes()))
        target.unlink(missing_ok=True)
    (stage / JOURNAL).unlink()
    shutil.rmtree(stage, ignore_errors=True)


def leftovers(root: Path, owned_dirs: tuple[str, ...]) -> list[str]:
    """What an interrupted generate left behind: its staging directory (with or without
    a committed journal) and temporaries of older versions of cfgc."""
    found = [STAGING] if (root / STAGING).exists() else []
    for d in owned_dirs:
        if (root / d).is_dir():
            found += sorted(p.relative_to(root).as_posix() for p in (root / d).rglob(".*.tmp"))
    return found


def recover(root: Path, owned_dirs: tuple[str, ...]) -> str | None:
    """Finish (committed journal) or roll back (no journal) an interrupted generate and
    sweep stale temporaries; say what was done, or None when there was nothing."""
    left = leftovers(root, owned_dirs)
    if not left:
        return None
    stage = root / STAGING
    done = "removed temporaries of an interrupted generate"
    if (stage / JOURNAL).is_file():
        journal = json.loads((stage / JOURNAL).read_text())
        _apply(root, stage, journal["changed"], journal["removed"])
        done = "finished an interrupted generate"
    shutil.rmtree(stage, ignore_errors=True)
    for rel in left:
        if rel != STAGING:
            (root / rel).unlink(missing_ok=True)
    return done


def _write(path: Path, data: bytes) -> None:
    with open(path, "wb") as fh:
        fh.write(data)


def _before_commit_hook() -> None:
    """Test seam: tests patch this to inject a failure between staging and renaming."""


def cache_root() -> Path:
    """cfgc's own cache folder: $XDG_CACHE_HOME/cfgc, else ~/.cache/cfgc."""
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "cfgc"
