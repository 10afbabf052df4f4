"""How each class, field and flag differs between the releases a schema describes.

Computed once, after every release is resolved, by comparing consecutive releases'
models (so it holds however the schema wrote the difference): one ReleaseChange per
difference, and from them the notes each subject shows ("added in 0.33.0", "removed in
0.33.0: renamed to X", "default 8192 since 0.33.0 (2048 before)"). Both are stored on
every release's model; the docs, `cfgc diff` and `vllm-config upgrade` read them.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from types import MappingProxyType

from ..model import schema as m
from ..model.python import default_text
from ..model.resolved import ReleaseChange, Resolved


def _hashed(f: m.FieldDef) -> bool:
    return f.hash is not None and f.hash.include


def _fate_text(fate: m.Fate) -> str:
    return {"renamed_to": f"renamed to {fate.target}",
            "replaced_by": f"replaced by {fate.target}"
                           + (f" ({fate.convert})" if fate.convert else ""),
            "dropped": f"dropped: {fate.target}"}[fate.kind]


def changes(releases: list[Resolved]) -> list[ReleaseChange]:
    """Every difference between consecutive releases, in release order."""
    by_name = {r.schema.release: r for r in releases}
    order = [r for r in releases[0].schema.releases if r in by_name]
    fates = {f.subject: f for f in releases[0].schema.fates}
    out: list[ReleaseChange] = []
    for before, after in zip(order, order[1:], strict=False):
        old, new = by_name[before], by_name[after]
        for cname in sorted(set(old.classes) | set(new.classes)):
            if cname not in old.classes:
                out.append(ReleaseChange(after, "added", cname, cname))
                continue
            if cname not in new.classes:
                fate = fates.get(cname)
                out.append(ReleaseChange(after, "removed", cname, cname,
                                         note=_fate_text(fate) if fate else ""))
                continue
            old_fields = {f.name: f for f in old.classes[cname].fields}
            new_fields = {f.name: f for f in new.classes[cname].fields}
            for fname in sorted(set(old_fields) | set(new_fields)):
                subject = f"{cname}.{fname}"
                if fname not in old_fields:
                    f = new_fields[fname]
                    out.append(ReleaseChange(after, "added", subject, cname,
                                             new=default_text(f, new), hashed=_hashed(f)))
                elif fname not in new_fields:
                    fate = fates.get(subject)
                    out.append(ReleaseChange(after, "removed", subject, cname,
                                             old=default_text(old_fields[fname], old),
                                             note=_fate_text(fate) if fate else "",
                                             hashed=_hashed(old_fields[fname])))
                else:
                    a, b = old_fields[fname], new_fields[fname]
                    before_text, after_text = default_text(a, old), default_text(b, new)
                    if before_text != after_text:
                        out.append(ReleaseChange(after, "default", subject, cname,
                                                 before_text, after_text, hashed=_hashed(b)))
                    if _hashed(a) != _hashed(b):
                        out.append(ReleaseChange(
                            after, "cache_key", subject, cname,
                            "included" if _hashed(a) else "excluded",
                            "included" if _hashed(b) else "excluded", hashed=_hashed(b)))
        old_flags = {fl.flag: fl for fl in (old.flags.flags if old.flags else ())}
        new_flags = {fl.flag: fl for fl in (new.flags.flags if new.flags else ())}
        for flag in sorted(set(old_flags) | set(new_flags)):
            if flag in old_flags and flag in new_flags:
                continue
            spec = new_flags.get(flag) or old_flags[flag]
            kind = "added" if flag in new_flags else "removed"
            out.append(ReleaseChange(after, kind, flag, spec.cls, note=spec.target))
    return out


def notes(records: list[ReleaseChange]) -> dict[str, tuple[str, ...]]:
    """subject -> how it differs between releases, one phrase per difference."""
    out: dict[str, list[str]] = defaultdict(list)
    defaults: dict[str, list[ReleaseChange]] = defaultdict(list)  # in release order
    for c in records:
        if c.kind == "added":
            out[c.subject].append(f"added in {c.release}")
        elif c.kind == "removed":
            out[c.subject].append(f"removed in {c.release}" + (f": {c.note}"
                                                               if c.note and "." in
                                                               c.subject else ""))
        elif c.kind == "default":
            defaults[c.subject].append(c)
            steps = defaults[c.subject]
            out[c.subject] = [n for n in out[c.subject] if not n.startswith("default ")]
            later = ", ".join(f"{r.new} since {r.release}" for r in steps)
            out[c.subject].append(f"default {later} ({steps[0].old} before)")
        elif c.kind == "cache_key":
            out[c.subject].append(f"cache key: {c.new} since {c.release} ({c.old} before)")
    return {k: tuple(v) for k, v in out.items() if v}


def annotate(releases: list[Resolved]) -> list[Resolved]:
    """Each release's model, with the history of the whole schema."""
    if len(releases) < 2:
        return releases
    records = tuple(changes(releases))
    history = MappingProxyType(notes(list(records)))
    return [replace(r, history=history, release_changes=records) for r in releases]
