"""How each class, field and flag differs between the releases a schema describes.

Computed once, after every release is resolved, by comparing the releases' models (so
it holds however the schema wrote the difference), and stored on each release's model
as `history`: subject -> notes such as "added in 0.33.0", "removed in 0.33.0: renamed
to X" or "default 8192 since 0.33.0 (2048 before)". The docs and `cfgc diff` read it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from types import MappingProxyType

from ..model import schema as m
from ..model.resolved import Resolved


def _default(f: m.FieldDef) -> str:
    d = f.default
    if d.kind == "value":
        return repr(d.value)
    if d.kind == "factory":
        return f"{d.value}()"
    return d.kind  # unset / required


def _span(present: list[str], order: tuple[str, ...]) -> str:
    """'added in 0.33.0' / 'removed in 0.33.0' for a run of releases, '' for all."""
    if present == list(order) or not present:
        return ""
    first, last = order.index(present[0]), order.index(present[-1])
    parts = []
    if first > 0:
        parts.append(f"added in {order[first]}")
    if last < len(order) - 1:
        parts.append(f"removed in {order[last + 1]}")
    return ", ".join(parts)


def _changes(values: dict[str, str], order: tuple[str, ...], what: str) -> str:
    """'default 8192 since 0.33.0 (2048 before)' when the value differs by release."""
    seen = [(r, values[r]) for r in order if r in values]
    if len({v for _, v in seen}) <= 1:
        return ""
    steps = [seen[0]]
    for release, value in seen[1:]:
        if value != steps[-1][1]:
            steps.append((release, value))
    later = ", ".join(f"{v} since {r}" for r, v in steps[1:])
    return f"{what} {later} ({steps[0][1]} before)"


def _fate_text(fate: m.Fate) -> str:
    how = {"renamed_to": f"renamed to {fate.target}",
           "replaced_by": f"replaced by {fate.target}"
                          + (f" ({fate.convert})" if fate.convert else ""),
           "dropped": f"dropped: {fate.target}"}[fate.kind]
    return f"removed in {fate.release}: {how}"


def notes(releases: list[Resolved]) -> dict[str, tuple[str, ...]]:
    """subject (Class, Class.field, or a flag) -> how it differs between releases."""
    order = releases[0].schema.releases
    if len(order) < 2:
        return {}
    by_name = {r.schema.release: r for r in releases}
    out: dict[str, list[str]] = defaultdict(list)
    fates = {f.subject: f for f in releases[0].schema.fates}
    classes = sorted({name for r in releases for name in r.classes})
    for cname in classes:
        present = [r for r in order if cname in by_name[r].classes]
        if span := _span(present, order):
            out[cname].append(span)
        fields: dict[str, dict[str, m.FieldDef]] = defaultdict(dict)
        for r in present:
            for f in by_name[r].classes[cname].fields:
                fields[f.name][r] = f
        for fname, per in fields.items():
            subject = f"{cname}.{fname}"
            fate = fates.get(subject)
            span = _span([r for r in order if r in per], order)
            parts = [p for p in span.split(", ") if p and not (
                fate is not None and p.startswith("removed"))]
            if fate is not None:
                parts.append(_fate_text(fate))
            out[subject] += parts
            if change := _changes({r: _default(f) for r, f in per.items()}, order,
                                  "default"):
                out[subject].append(change)
            if change := _changes({r: _hash_rule(f) for r, f in per.items()}, order,
                                  "cache key:"):
                out[subject].append(change)
    flags: dict[str, list[str]] = defaultdict(list)
    for r in order:
        table = by_name[r].flags
        for spec in (table.flags if table is not None else ()):
            flags[spec.flag].append(r)
    for flag, present in flags.items():
        if span := _span(present, order):
            out[flag].append(span)
    return {k: tuple(v) for k, v in out.items() if v}


def _hash_rule(f: m.FieldDef) -> str:
    if f.hash is None:
        return "class default"
    return "included" if f.hash.include else "excluded"


def annotate(releases: list[Resolved]) -> list[Resolved]:
    """Each release's model, with the history of the whole schema."""
    history = MappingProxyType(notes(releases))
    return [replace(r, history=history) for r in releases]
