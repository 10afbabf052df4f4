"""Which releases each class, field and flag exists in, from the records of what was
added and removed between consecutive releases (Resolved.release_changes, which every
release's model carries): `explain`'s history file and the reference pages' search
entries read it."""

from __future__ import annotations

from ..model.resolved import Resolved


def presence(res: Resolved) -> dict[str, list[list[str]]]:
    """subject -> the runs of releases it exists in ([[first, last], ...]), for the
    subjects that some release lacks (from the records of what was added and removed)."""
    order = list(res.schema.releases)
    events: dict[str, list[tuple[int, str]]] = {}
    for c in res.release_changes:
        if c.kind in ("added", "removed"):
            events.setdefault(c.subject, []).append((order.index(c.release), c.kind))
    out: dict[str, list[list[str]]] = {}
    for subject, found in events.items():
        found.sort()
        start = None if found[0][1] == "added" else 0
        runs: list[list[str]] = []
        for at, kind in found:
            if kind == "added":
                start = at
            elif start is not None:
                runs.append([order[start], order[at - 1]])
                start = None
        if start is not None:
            runs.append([order[start], order[-1]])
        out[subject] = runs
    return out


def in_release(spans: dict[str, list[list[str]]], subject: str, release: str,
               order: tuple[str, ...]) -> bool:
    """Whether `subject` exists in `release` (a subject with no runs is in all)."""
    runs = spans.get(subject)
    if runs is None:
        return True
    at = order.index(release)
    return any(order.index(a) <= at <= order.index(b) for a, b in runs)
