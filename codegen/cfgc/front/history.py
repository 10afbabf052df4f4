"""How each class, field, flag and named type differs across the releases a schema
describes.

Computed once, after every release is resolved, from what each release's model says
(so it holds however the schema wrote the difference). First a snapshot per release of
each subject's facts (its default, its cache-key rule, the values it allows, a flag's
spellings and field); then from those snapshots:

- one ReleaseChange per difference between two consecutive releases (the upgrading
  pages, `cfgc diff --from-release`);
- the notes each subject shows, over all releases at once as runs of releases, not one
  line per release: "added in 0.28.0", "default `8192` since 0.29.0 (`2048` in 0.25.1
  to 0.28.0)", "removed in 0.31.0: renamed to X", "choices: added `"fp8"` in 0.28.0".

Values in notes are code spans (backticks): Markdown shows them as code, and plain-text
readers (`vllm-config explain`) drop the backticks. Nothing here names a release: every
rule reads the list `project.yaml` gives.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass, replace
from types import MappingProxyType

from ..model import schema as m
from ..model.python import default_text
from ..model.resolved import ReleaseChange, Resolved

#: A list default longer than this is described by the items it gains and loses, not by
#: its whole value in every release (a list of 30 custom ops changes one op at a time).
LONG_VALUE = 40


@dataclass(frozen=True)
class Facts:
    """One subject as one release has it. kind: class, field, flag or type."""

    kind: str
    cls: str = ""
    default: str = ""
    hashed: bool | None = None
    values: tuple[str, ...] = ()  # a field's allowed values, a flag's choices, members
    spellings: tuple[str, ...] = ()  # a flag's aliases and negations
    target: str = ""  # the Class.field (or Class) a flag sets


def _hashed(f: m.FieldDef) -> bool:
    return f.hash is not None and f.hash.include


def snapshot(res: Resolved) -> dict[str, Facts]:
    """Every subject of one release: classes, their fields, flags, enums and aliases."""
    out: dict[str, Facts] = {}
    for c in res.schema.classes:
        out[c.name] = Facts("class", c.name)
        for f in c.fields:
            out[f"{c.name}.{f.name}"] = Facts("field", c.name, default_text(f, res),
                                              _hashed(f), res.allowed_values(f.type))
    for fl in (res.flags.flags if res.flags else ()):
        out[fl.flag] = Facts("flag", fl.cls, values=tuple(fl.choices or ()),
                             spellings=(*fl.aliases, *fl.negatives), target=fl.target)
    for name, e in res.enums.items():
        out.setdefault(name, Facts("type", values=tuple(mem.name for mem in e.members)))
    for name, a in res.aliases.items():
        values = res.allowed_values(a.type)
        if values:
            out.setdefault(name, Facts("type", values=values))
    return out


def _fate_text(fate: m.Fate) -> str:
    return {"renamed_to": f"renamed to {fate.target}",
            "replaced_by": f"replaced by {fate.target}"
                           + (f" ({fate.convert})" if fate.convert else ""),
            "dropped": f"dropped: {fate.target}"}[fate.kind]


# ------------------------------------------------------------------ list-valued defaults


def list_items(text: str) -> list[str] | None:
    """The items of a list, tuple or set literal as written, or None for anything else."""
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError:
        return None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
            and node.func.id == "set" and not node.args:
        return []
    if not isinstance(node, ast.List | ast.Tuple | ast.Set):
        return None
    return [ast.get_source_segment(text, item) or ast.unparse(item) for item in node.elts]


def item_diff(old: str, new: str) -> tuple[list[str], list[str]] | None:
    """(items added, items removed) between two list defaults, or None when either is
    not a list."""
    a, b = list_items(old), list_items(new)
    if a is None or b is None:
        return None
    return [x for x in b if x not in a], [x for x in a if x not in b]


def _code(text: str) -> str:
    return f"`{text}`"


def _codes(items: Iterable[str]) -> str:
    return ", ".join(_code(x) for x in items)


def diff_note(added: list[str], removed: list[str]) -> str:
    parts = ([f"adds {_codes(added)}"] if added else []) + (
        [f"drops {_codes(removed)}"] if removed else [])
    return "; ".join(parts) or "same items, other order"


# ------------------------------------------------------------------ changes between pairs


def changes(releases: list[Resolved], snaps: Snapshots | None = None
            ) -> list[ReleaseChange]:
    """Every difference between consecutive releases, in release order."""
    order, snaps = snaps or snapshots(releases)
    fates = {f.subject: f for f in releases[0].schema.fates}
    out: list[ReleaseChange] = []
    for before, after in zip(order, order[1:], strict=False):
        old, new = snaps[before], snaps[after]
        subjects = sorted(s for s in set(old) | set(new)
                          if (old.get(s) or new.get(s)).kind in ("class", "field"))
        for subject in subjects:  # classes and fields, sorted, as `cfgc diff` lists them
            out += _pair(after, subject, old.get(subject), new.get(subject), fates)
        flags = sorted(s for s in set(old) | set(new) if (old.get(s) or new.get(s)).kind
                       == "flag")
        for flag in flags:
            a, b = old.get(flag), new.get(flag)
            if (a is None) != (b is None):
                spec = b or a
                out.append(ReleaseChange(after, "added" if b else "removed", flag,
                                         spec.cls, note=spec.target))
    return out


def _pair(after: str, subject: str, a: Facts | None, b: Facts | None,
          fates: dict[str, m.Fate]) -> list[ReleaseChange]:
    facts = b or a
    cls = facts.cls
    if a is None:
        return [ReleaseChange(after, "added", subject, cls, new=b.default,
                              hashed=bool(b.hashed))]
    if b is None:
        fate = fates.get(subject)
        return [ReleaseChange(after, "removed", subject, cls, old=a.default,
                              note=_fate_text(fate) if fate else "", hashed=bool(a.hashed))]
    out = []
    if a.default != b.default:
        diff = item_diff(a.default, b.default)
        out.append(ReleaseChange(after, "default", subject, cls, a.default, b.default,
                                 note=diff_note(*diff) if diff else "",
                                 hashed=bool(b.hashed)))
    if a.hashed != b.hashed:
        out.append(ReleaseChange(after, "cache_key", subject, cls,
                                 "included" if a.hashed else "excluded",
                                 "included" if b.hashed else "excluded",
                                 hashed=bool(b.hashed)))
    if a.values and b.values and set(a.values) != set(b.values):
        gone = [v for v in a.values if v not in b.values]
        came = [v for v in b.values if v not in a.values]
        out.append(ReleaseChange(after, "choices", subject, cls, ", ".join(gone),
                                 ", ".join(came), hashed=bool(b.hashed)))
    return out


Snapshots = tuple[list[str], dict[str, dict[str, Facts]]]


def snapshots(releases: list[Resolved]) -> Snapshots:
    """(the releases oldest first, each one's snapshot)."""
    by_name = {r.schema.release: r for r in releases}
    order = [r for r in releases[0].schema.releases if r in by_name]
    return order, {r: snapshot(by_name[r]) for r in order}


# ------------------------------------------------------------------ notes over all releases


def _span(first: str, last: str) -> str:
    return first if first == last else f"{first} to {last}"


def runs(series: list[tuple[str, object]], order: list[str]
         ) -> list[tuple[str, str, object]]:
    """(first release, last release, value) for each run of consecutive releases that
    share a value; a release the subject is absent from (value None) ends a run."""
    out: list[list] = []
    prev = None
    for release, value in series:
        if value is not None and out and out[-1][2] == value and prev is not None \
                and order.index(prev) + 1 == order.index(release):
            out[-1][1] = release
        elif value is not None:
            out.append([release, release, value])
        prev = release if value is not None else None
    return [tuple(r) for r in out]


def runs_note(what: str, found: list[tuple[str, str, object]], newest: str,
              spell=_code) -> str:
    """`what VALUE since R (OLD in A to B, ...)`: the value now and, in brackets, the
    earlier ones with the releases that had them. '' when the value never changed."""
    if len(found) < 2:
        return ""
    first, last, value = found[-1]
    head = f"{what} {spell(value)} " + (f"since {first}" if last == newest
                                        else f"in {_span(first, last)}")
    earlier = ", ".join(f"{spell(v)} in {_span(a, b)}" for a, b, v in found[:-1])
    return f"{head} ({earlier})"


def items_note(what: str, series: list[tuple[str, tuple[str, ...] | None]]) -> str:
    """`what: added X, Y in R; removed Z in S`: the items a value set gained and lost,
    release by release (only between two releases that both have the subject)."""
    events: list[str] = []
    for (_, a), (release, b) in zip(series, series[1:], strict=False):
        if a is None or b is None:
            continue
        came = [v for v in b if v not in a]
        gone = [v for v in a if v not in b]
        if came:
            events.append(f"added {_codes(came)} in {release}")
        if gone:
            events.append(f"removed {_codes(gone)} in {release}")
    return f"{what}: " + "; ".join(events) if events else ""


def subject_notes(subject: str, series: list[tuple[str, Facts | None]], order: list[str],
                  fates: dict[str, m.Fate], renamed_from: dict[tuple[str, str], str],
                  successors: dict[tuple[str, str], str],
                  classes_in: dict[str, set[str]]) -> list[str]:
    """The notes of one subject from its facts in every release (None: absent).
    `classes_in`: release -> its classes."""
    newest = order[-1]
    present = [(r, f) for r, f in series if f is not None]
    kind = present[0][1].kind
    added, removed = [], []
    for (_, a), (release, b) in zip(series, series[1:], strict=False):
        if a is None and b is not None:
            was = renamed_from.get((subject, release))
            added.append(f"added in {release}" + (f" (was {was})" if was else ""))
        elif a is not None and b is None:
            fate = fates.get(subject)
            then = f": {_fate_text(fate)}" if fate else successors.get((subject, release), "")
            if not then and kind == "field" and a.cls not in classes_in[release]:
                then = " with its class"
            removed.append(f"removed in {release}{then}")
    notes = added
    if kind == "field":
        defaults = [(r, None if f is None else f.default) for r, f in series]
        lists = [list_items(v) for _, v in defaults if v is not None]
        if any(len(v) > LONG_VALUE for _, v in defaults if v is not None) \
                and all(x is not None for x in lists):
            notes.append(items_note("default", [
                (r, None if v is None else tuple(list_items(v))) for r, v in defaults]))
        else:
            notes.append(runs_note("default", runs(defaults, order), newest))
        notes.append(items_note("choices", [
            (r, f.values if f is not None and f.values else None) for r, f in series]))
        notes.append(runs_note("cache key:", runs(
            [(r, None if f is None else ("included" if f.hashed else "excluded"))
             for r, f in series], order), newest, spell=str))
    elif kind == "flag":
        notes.append(runs_note("sets", runs(
            [(r, None if f is None else f.target) for r, f in series], order), newest))
        notes.append(items_note("spellings", [
            (r, None if f is None else f.spellings) for r, f in series]))
    elif kind == "type":
        notes.append(items_note("values", [
            (r, None if f is None else f.values) for r, f in series]))
    return [n for n in notes + removed if n]


def _successors(order: list[str], snaps: dict[str, dict[str, Facts]],
                fates: dict[str, m.Fate]) -> dict[tuple[str, str], str]:
    """(flag, release it is gone from) -> what took its place, as the end of its note:
    the flag that sets the same field (or the field it was renamed to) in that release,
    or the field it went with."""
    out: dict[tuple[str, str], str] = {}
    for before, after in zip(order, order[1:], strict=False):
        old, new = snaps[before], snaps[after]
        by_target = {f.target: flag for flag, f in new.items() if f.kind == "flag"}
        for flag, f in old.items():
            if f.kind != "flag" or flag in new:
                continue
            target = f.target
            fate = fates.get(target)
            if fate is not None and fate.kind == "renamed_to":
                target = fate.target
            if target in by_target:
                out[(flag, after)] = f": now {by_target[target]}"
            elif f.target not in new:  # the field's own note says what became of it
                out[(flag, after)] = f" with {f.target}"
    return out


def notes(releases: list[Resolved], snaps: Snapshots | None = None
          ) -> dict[str, tuple[str, ...]]:
    """subject (Class, Class.field, --flag, a named type) -> how it differs across the
    releases, as run-lengths; subjects that never change have no entry."""
    order, snaps = snaps or snapshots(releases)
    fates = {f.subject: f for f in releases[0].schema.fates}
    renamed_from = {(f.target, f.release): f.subject for f in fates.values()
                    if f.kind == "renamed_to"}
    successors = _successors(order, snaps, fates)
    for (flag, release), text in successors.items():  # the new flag says what it was
        if text.startswith(": now "):
            renamed_from[(text.removeprefix(": now "), release)] = flag
    classes_in = {r: {s for s, f in snap.items() if f.kind == "class"}
                  for r, snap in snaps.items()}
    out: dict[str, tuple[str, ...]] = {}
    for subject in sorted({s for snap in snaps.values() for s in snap}):
        series = [(r, snaps[r].get(subject)) for r in order]
        found = subject_notes(subject, series, order, fates, renamed_from, successors,
                              classes_in)
        if found:
            out[subject] = tuple(found)
    return out


def annotate(releases: list[Resolved]) -> list[Resolved]:
    """Each release's model, with the history of the whole schema."""
    if len(releases) < 2:
        return releases
    snaps = snapshots(releases)
    records = tuple(changes(releases, snaps))
    history = MappingProxyType(notes(releases, snaps))
    return [replace(r, history=history, release_changes=records) for r in releases]
