"""Date the schema's history markers against the facts of every recorded release.

    python tools/history_check.py                 # the report, Markdown, on stdout
    python tools/history_check.py --out FILE.md
    python tools/history_check.py --summary       # the counts only

The schema says in which release an entry was added, removed or changed (`added:`,
`removed: {in: ...}`, `changed: {RELEASE: {...}}`; docs/guide/schema.md, "Releases").
tests/facts/releases/history.json (tools/release_history.py) says what each vLLM
release really had. This tool reads every marker of schema/*.yaml with its line and
compares it with the facts, over all the releases whose facts are recorded (the markers
read as if project.yaml listed all of them), and writes per schema file:

1. **Wrong release**: a marker whose release is not the one where the facts change
   (`added: "0.33.0"`, while the field is first present in 0.28.0), with the values.
2. **Not in the schema**: a change the facts show that no marker of that entry states:
   undone ones (present only in releases between the first and the last, or a value
   that changed and came back) and the others.
3. **Flags**: every change of an engine flag across the releases (presence, aliases,
   negations, choices, default, deprecation, the field it sets), with the schema field
   that declares it.
4. **Not datable from the facts**: markers on what the facts do not record (rules,
   resolve steps, method bodies, doc text...), with a hint where one can be given: the
   latest release in which a field the entry names first appeared (a lower bound).

Facts map to schema entries as follows: a class and its fields, methods and properties
(public_api.json) by name; `changed` keys of a field: default -> default, type -> type
and choices, hash -> the hash verdict, init -> whether it is a constructor argument,
ge/gt/le/lt -> constraints, cli and deprecated -> the field's flags; a type alias by the
fields whose annotation names it (their choices); an enum member by name; an environment
variable by name (type -> declared, default, vllm_envs -> presence); an IR op by name
and a platform profile's ir_op_priority by its platform's defaults. A `doc` change is
dated with the other keys of its block.
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "codegen"))
sys.path.insert(0, str(ROOT / "tools"))

import release_history  # noqa: E402 - tools/ is on the path just above (the format's writer)

from cfgc.front import edits  # noqa: E402 - codegen/ is on the path just above
from cfgc.front import releases as rel  # noqa: E402
from cfgc.front.sources import schema_files  # noqa: E402
from cfgc.front.yaml_loader import Node, load_yaml  # noqa: E402

HISTORY = ROOT / "tests" / "facts" / "releases" / "history.json"
FIELD_KEYS = {"default": ("default",), "type": ("type", "choices"), "hash": ("hash",),
              "init": ("constructor",), "ge": ("constraints",), "gt": ("constraints",),
              "le": ("constraints",), "lt": ("constraints",)}
FLAG_ATTRS = ("presence", "aliases", "negations", "choices", "default", "deprecated", "config")
#: Field attributes compared for changes the schema does not state.
FIELD_ATTRS = ("constructor", "type", "default", "choices", "hash", "constraints")
SCHEMA_KEY = {"constructor": "init", "type": "type", "default": "default",
              "choices": "type", "hash": "hash", "constraints": "ge/gt/le/lt"}


# --- the facts ----------------------------------------------------------------------


class Facts:
    """history.json, with its run-lengths expanded to one value per release."""

    def __init__(self, history: dict) -> None:
        self.h = history
        self.releases: list[str] = history["releases"]

    def expand(self, runs: dict[str, Any] | None) -> dict[str, Any]:
        return release_history.expand(self.releases, runs)

    def presence(self, entry: dict | None) -> dict[str, bool]:
        values = self.expand(entry.get("presence")) if entry else {}
        return {r: bool(values.get(r)) for r in self.releases}

    def changes(self, values: dict[str, Any]) -> list[tuple[str, Any, Any]]:
        """(release, old, new) where the value differs from the previous release that
        has one."""
        out, prev, have = [], None, False
        for r in self.releases:
            if r not in values:
                continue
            if have and values[r] != prev:
                out.append((r, prev, values[r]))
            prev, have = values[r], True
        return out

    def cls(self, name: str) -> dict | None:
        return self.h["classes"].get(name)

    def field(self, cls: str, name: str) -> dict | None:
        c = self.cls(cls)
        return c["fields"].get(name) if c else None


def span_text(releases: list[str], present: dict[str, bool]) -> str:
    """The releases where `present` holds, as ranges: "0.26.0..0.31.0"."""
    parts, start, end = [], None, None
    for r in [*releases, None]:
        if r is not None and present.get(r):
            start = start or r
            end = r
            continue
        if start:
            parts.append(start if start == end else f"{start}..{end}")
            start = None
    return ", ".join(parts) or "none"


def show(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def marker_value(attr: str, new: Any, type_text: str | None) -> str:
    """The `changed:` key and value that state a field's new fact."""
    if attr in ("type", "choices"):
        return f"type: {show(type_text, 400)}"
    if attr == "constructor":
        return f"init: {'true' if new else 'false'}"
    if attr == "hash":
        return f"hash: {{{new}: WHY}}" if new == "exclude" else f"hash: {new}"
    if attr == "constraints":
        return ", ".join(f"{k}: {show(v)}" for k, v in (new or {}).items()) or "no bound"
    return f"{attr}: {show(new, 400)}"


def list_delta(old: Any, new: Any) -> str | None:
    """For two lists, what was added and removed (a long list in full says little)."""
    if not isinstance(old, list) or not isinstance(new, list):
        return None
    a = [json.dumps(v, sort_keys=True) for v in old]
    b = [json.dumps(v, sort_keys=True) for v in new]
    plus = [json.loads(v) for v in b if v not in a]
    minus = [json.loads(v) for v in a if v not in b]
    parts = []
    if plus:
        parts.append("+" + show(plus, 400))
    if minus:
        parts.append("-" + show(minus, 400))
    return " ".join(parts) or "reordered"


def change_text(old: Any, new: Any) -> str:
    delta = list_delta(old, new)
    if delta and (len(show(old, 10**6)) > 60 or len(show(new, 10**6)) > 60):
        return delta
    return f"{show(old)} -> {show(new)}"


# --- the schema ---------------------------------------------------------------------


@dataclass
class Marker:
    file: str
    line: int
    path: tuple[str, ...]
    kind: str  # added, removed, changed
    release: str
    keys: tuple[str, ...] = ()  # changed: the keys of the block
    fate: str = ""  # removed: its fate
    until: str = ""  # removed: the release an entry of that name is back in, if any

    @property
    def subject(self) -> str:
        return rel.subject_of(self.path)


@dataclass
class Entry:
    """One schema node the facts can speak of (class, field, method, enum member...)."""

    file: str
    line: int
    path: tuple[str, ...]
    markers: list[Marker] = field(default_factory=list)
    node: Node | None = None


def walk(node: Node, path: tuple[str, ...], file: str, markers: list[Marker],
         entries: dict[tuple[str, ...], Entry]) -> None:
    if node.is_seq:
        for i, item in enumerate(node.value):
            walk(item, (*path, str(i)), file, markers, entries)
        return
    if not node.is_map:
        return
    marks = rel._markers(node)
    found: list[Marker] = []
    if rel.ADDED in marks:
        found.append(Marker(file, marks[rel.ADDED].loc.line, path, "added",
                            marks[rel.ADDED].value))
    if rel.REMOVED in marks:
        value = marks[rel.REMOVED].value
        fate = next((f"{k}: {value[k].value}" for k in rel.FATES if k in value), "")
        until = value["until"].value if "until" in value else ""
        found.append(Marker(file, marks[rel.REMOVED].loc.line, path, "removed",
                            value["in"].value, fate=fate, until=until))
    if rel.CHANGED in marks:
        for release, block in marks[rel.CHANGED].value.items():
            # the entry keys it sets, edits (values -> type) or removes (without)
            keys = edits.touched(node, block) if block.is_map else ()
            found.append(Marker(file, block.loc.line, path, "changed", release, keys))
    markers.extend(found)
    if is_entry(path):
        entries[path] = Entry(file, node.loc.line, path, found, node)
    for key, child in node.value.items():
        if marks.get(key) is child:
            continue
        if (len(path) == 3 and path[0] == "enums" and path[2] == "members"
                and not child.is_map):
            entries[(*path, key)] = Entry(file, child.loc.line, (*path, key), [], child)
            continue
        walk(child, (*path, key), file, markers, entries)


def is_entry(path: tuple[str, ...]) -> bool:
    return (path[:1] == ("classes",) and len(path) == 2
            or path[:1] == ("classes",) and len(path) == 4
            and path[2] in ("fields", "methods", "properties")
            or path[:1] == ("enums",) and len(path) in (2, 4)
            or path[:1] in (("aliases",), ("environment",)) and len(path) == 2
            or path[:2] == ("kernels", "ops") and len(path) == 3
            or path[:2] == ("platforms", "profiles") and len(path) == 3)


def schema_presence(entry_markers: list[list[Marker]], releases: list[str]) -> dict[str, bool]:
    """Where an entry holds by its own markers and its parents' (read over `releases`)."""
    out = {}
    for r in releases:
        i = releases.index(r)
        ok = True
        for markers in entry_markers:
            for m in markers:
                if m.release not in releases:
                    continue
                if m.kind == "added" and releases.index(m.release) > i:
                    ok = False
                if m.kind == "removed" and releases.index(m.release) <= i and not (
                        m.until in releases and releases.index(m.until) <= i):
                    ok = False
        out[r] = ok
    return out


# --- the comparison -----------------------------------------------------------------


@dataclass
class Report:
    releases: list[str]
    wrong: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    missing: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    undone: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    flags: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    undatable: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    confirmed: int = 0


class Checker:
    def __init__(self, facts: Facts, schema_dir: Path, flag_map: dict[str, tuple[str, str]]):
        self.f = facts
        self.releases = facts.releases
        self.markers: list[Marker] = []
        self.entries: dict[tuple[str, ...], Entry] = {}
        for p in schema_files(schema_dir):
            walk(load_yaml(p), (), f"schema/{p.name}", self.markers, self.entries)
        self.flag_map = flag_map  # flag spelling -> (Class.field, "schema/x.yaml:line")
        self.report = Report(self.releases)
        # (path, facts attribute) pairs some marker speaks of: not "missing" again.
        self.spoken: set[tuple[tuple[str, ...], str]] = set()

    # facts lookups per entry kind -------------------------------------------------

    def facts_entry(self, path: tuple[str, ...]) -> dict | None:
        h = self.f.h
        if path[0] == "classes" and len(path) == 2:
            return h["classes"].get(path[1])
        if path[0] == "classes" and path[2] == "fields":
            return self.f.field(path[1], path[3])
        if path[0] == "classes" and path[2] in ("methods", "properties"):
            c = h["classes"].get(path[1])
            return c["methods"].get(path[3]) if c else None
        if path[0] == "enums" and len(path) == 2:
            return h["enums"].get(path[1])
        if path[0] == "enums":
            e = h["enums"].get(path[1])
            return e["members"].get(path[3]) if e else None
        if path[0] == "environment":
            return h["envs"].get(path[1])
        if path[0] == "kernels":
            return h["ir_ops"].get(path[2])
        return None

    def parents_markers(self, path: tuple[str, ...]) -> list[list[Marker]]:
        out = []
        for n in range(2, len(path) + 1):
            e = self.entries.get(path[:n])
            if e is not None:
                out.append(e.markers)
        return out

    # the checks ---------------------------------------------------------------------

    def run(self) -> Report:
        for m in self.markers:
            self.check_marker(m)
        for path, entry in self.entries.items():
            self.check_unstated(path, entry)
        self.check_classes_and_fields_absent_from_schema()
        self.check_enum_members_absent_from_schema()
        self.check_flags()
        return self.report

    def where(self, m: Marker) -> str:
        return f"{m.file}:{m.line}"

    def check_marker(self, m: Marker) -> None:
        entry_path = next((m.path[:n] for n in range(len(m.path), 1, -1)
                           if m.path[:n] in self.entries), None)
        direct = entry_path == m.path
        facts = self.facts_entry(m.path) if direct else None
        if m.path[:2] == ("platforms", "profiles") and m.kind == "changed":
            self.check_profile_change(m)
            return
        if m.path[0] == "aliases" and m.kind == "changed":
            self.check_alias_change(m)
            return
        if not direct or facts is None:
            self.undatable(m, "not recorded in the facts" if direct else "")
            return
        if m.kind in ("added", "removed"):
            self.check_presence_marker(m, facts)
            return
        self.check_changed_marker(m, facts)

    def check_presence_marker(self, m: Marker, facts: dict) -> None:
        present = self.f.presence(facts)
        self.spoken.add((m.path, "presence"))
        transitions = [("added" if new else "removed", r)
                       for r, _, new in self.f.changes(present)]
        own = {(x.kind, x.release) for x in self.entries[m.path].markers
               if x.kind in ("added", "removed")}
        own |= {("added", x.until) for x in self.entries[m.path].markers if x.until}
        # an entry arrives with the class (or enum) it belongs to: the parent's `added:`
        # dates its first appearance too
        own |= {("added", x.release) for markers in self.parents_markers(m.path[:-2])
                for x in markers if x.kind == "added"}
        if m.path[0] == "environment" and present.get(m.release):
            # the schema lists the variables the configs read: a variable vLLM still
            # declares can leave the list when no config reads it any more
            self.undatable(m, "vLLM declares the variable then; the schema lists only the "
                           "variables the configs read, which the facts do not record")
            return
        if (m.kind, m.release) in transitions and set(transitions) <= own:
            self.report.confirmed += 1
            return
        if transitions:
            right = ", ".join(f"{k} {r}" for k, r in transitions)
        elif present[self.releases[0]]:
            right = "no `added:`/`removed:` (present in every release)"
        else:
            right = "never present in the facts"
        fate = f" ({m.fate})" if m.fate else ""
        self.report.wrong[m.file].append(
            f"| {self.where(m)} | {m.subject} | {m.kind}{fate} | {m.release} | {right} | "
            f"present in {span_text(self.releases, present)} |")

    def attr_values(self, facts: dict, attr: str) -> dict[str, Any]:
        return self.f.expand(facts.get(attr))

    def field_flags(self, cls: str, name: str) -> list[str]:
        target = f"{cls}.{name}"
        flags = {f for f, (t, _) in self.flag_map.items() if t == target}
        for flag, entry in self.f.h["flags"].items():
            if target in self.f.expand(entry.get("config")).values():
                flags.add(flag)
        return sorted(f for f in flags if f in self.f.h["flags"])

    def check_changed_marker(self, m: Marker, facts: dict) -> None:
        path = m.path
        dated: dict[str, list[tuple[str, Any, Any]]] = {}
        undatable = []
        # the field's own added:/removed: date its flag's appearance and disappearance
        explained: set[str] = {x.release for x in self.entries[path].markers
                               if x.kind in ("added", "removed")}
        for key in m.keys:
            attrs: tuple[str, ...] = ()
            if path[0] == "classes" and path[2:3] == ("fields",):
                if key in FIELD_KEYS:
                    attrs = FIELD_KEYS[key]
                elif key in ("cli", "deprecated"):
                    for flag in self.field_flags(path[1], path[3]):
                        entry = self.f.h["flags"][flag]
                        for a in FLAG_ATTRS:
                            pts = self.f.changes(self.f.expand(entry.get(a))
                                                 if a != "presence" else self.f.presence(entry))
                            if pts:
                                dated[f"{flag} {a}"] = pts
                    if not any(k.startswith("--") for k in dated):
                        undatable.append(key)
                    continue
            elif path[0] == "classes" and path[2:3] in (("methods",), ("properties",)):
                attrs = {"params": ("params",)}.get(key, ())
                if key == "params":  # a parameter's own added:/removed: dates its change
                    explained |= self.param_markers(path)
            elif path[0] == "environment":
                attrs = {"type": ("declared",), "default": ("default",),
                         "vllm_envs": ("presence",)}.get(key, ())
            for a in attrs:
                self.spoken.add((path, a))
                values = (self.f.presence(facts) if a == "presence"
                          else self.attr_values(facts, a))
                pts = self.f.changes(values)
                if pts:
                    dated[f"{key} ({a})" if len(attrs) > 1 or a != key else key] = pts
            if not attrs and key not in ("cli", "deprecated"):
                undatable.append(key)
        self.judge_change(m, dated, undatable, frozenset(explained))

    def judge_change(self, m: Marker, dated: dict[str, list], undatable: list[str],
                     explained: frozenset[str] = frozenset()) -> None:
        """`explained`: releases where another marker states the change (an alias's
        field changing its own type, a nested alias, a parameter's own history)."""
        if not dated:
            why = ("the facts show no change of " + ", ".join(m.keys)
                   if not undatable or set(undatable) != set(m.keys) else "")
            self.undatable(m, why)
            return
        points = sorted({r for pts in dated.values() for r, _, _ in pts},
                        key=self.releases.index)
        # a change in several releases is one `changed:` block per release: each block is
        # right when its release is one of the points and the entry's blocks cover them all
        blocks = {x.release for x in self.markers if x.path == m.path and x.kind == "changed"}
        blocks |= explained
        if points == [m.release] or m.release in points and set(points) <= blocks:
            self.report.confirmed += 1
            return
        detail = "; ".join(f"{what}: " + ", ".join(f"{r}: {change_text(o, n)}"
                                                   for r, o, n in pts)
                           for what, pts in dated.items())
        also = f" (and {', '.join(undatable)}, dated with them)" if undatable else ""
        self.report.wrong[m.file].append(
            f"| {self.where(m)} | {m.subject} | changed {', '.join(m.keys)}{also} | "
            f"{m.release} | {', '.join(points)} | {detail} |")

    def alias_users(self, alias: str) -> list[tuple[str, str, dict]]:
        """The fields of the facts whose annotation names the alias."""
        pattern = re.compile(rf"\b{re.escape(alias)}\b")
        users = []
        for cname, c in self.f.h["classes"].items():
            for fname, fe in c["fields"].items():
                if any(isinstance(v, str) and pattern.search(v)
                       for v in self.f.expand(fe.get("annotation")).values()):
                    users.append((cname, fname, fe))
        return users

    def alias_changes(self, users: list[tuple[str, str, dict]]) -> dict[str, list]:
        """The choices of the alias's fields, or their type where they have no choices
        (an open Literal such as `TokenizerMode | str`): one field speaks for the alias
        where they agree."""
        dated: dict[str, list] = {}
        seen: list = []
        for cname, fname, fe in users:
            for attr in ("choices", "type"):
                pts = self.f.changes(self.attr_values(fe, attr))
                if attr == "type" and "choices" in {k.rsplit(" ", 1)[-1] for k in dated
                                                    if k.startswith(f"{cname}.{fname} ")}:
                    continue
                if pts and pts not in seen:
                    seen.append(pts)
                    dated[f"{cname}.{fname} {attr}"] = pts
        return dated

    def check_alias_change(self, m: Marker) -> None:
        alias = m.path[1]
        users = self.alias_users(alias)
        dated = self.alias_changes(users)
        undatable = [k for k in m.keys if k != "type"]
        if "type" not in m.keys:
            self.undatable(m, "")
            return
        if not users:
            self.undatable(m, f"no field of the facts is annotated with {alias}")
            return
        explained = {x.release for cname, fname, _ in users for x in self.markers
                     if x.path == ("classes", cname, "fields", fname)
                     and x.kind == "changed" and "type" in x.keys}
        explained |= {x.release for name in self.nested_aliases(alias) for x in self.markers
                      if x.path == ("aliases", name) and x.kind == "changed"}
        self.judge_change(m, dated, undatable, frozenset(explained))

    def param_markers(self, path: tuple[str, ...]) -> set[str]:
        """The releases a method's parameters are added or removed in (their own
        `added:`/`removed:`), which date a change of the method's parameters."""
        return {x.release for x in self.markers
                if x.path[:len(path) + 1] == (*path, "params") and len(x.path) == len(path) + 2
                and x.kind in ("added", "removed")}

    def nested_aliases(self, alias: str) -> set[str]:
        """The aliases `alias`'s type names, directly or through others."""
        found: set[str] = set()
        todo = [alias]
        while todo:
            node = self.node_at(("aliases", todo.pop()))
            text = json.dumps(node.plain() if node is not None else "", default=str)
            for name in re.findall(r"\b[A-Z]\w*\b", text):
                if name not in found and name != alias and ("aliases", name) in self.entries:
                    found.add(name)
                    todo.append(name)
        return found

    def check_profile_change(self, m: Marker) -> None:
        platform = m.path[2]
        dated = {}
        undatable = []
        for key in m.keys:
            if key != "ir_op_priority":
                undatable.append(key)
                continue
            for op, entry in self.f.h["ir_ops"].items():
                for setup in ("inductor_compile", "no_compile"):
                    pts = self.f.changes(self.f.expand(entry.get(f"{platform}/{setup}")))
                    if pts:
                        dated[f"{op} {platform}/{setup}"] = pts
                    first = self.f.presence(entry)
                    ups = [r for r, _, new in self.f.changes(first) if new]
                    if ups:
                        dated[f"{op} (new op)"] = [(r, None, "present") for r in ups]
        self.judge_change(m, dated, undatable)

    def undatable(self, m: Marker, why: str) -> None:
        hint = self.lower_bound(m)
        self.report.undatable[m.file].append(
            f"| {self.where(m)} | {m.subject} | {m.kind}"
            f"{' ' + ', '.join(m.keys) if m.keys else ''} | {m.release} | "
            f"{'; '.join(x for x in (why, hint) if x)} |")

    def lower_bound(self, m: Marker) -> str:
        """The latest first appearance among the fields of its class that the entry's
        text names: it cannot be older than that."""
        if m.path[0] != "classes":
            return ""
        cls = self.f.cls(m.path[1])
        entry = self.entries.get(m.path[:2])
        if cls is None or entry is None:
            return ""
        node = self.node_at(m.path)
        text = " ".join([*m.path, json.dumps(node.plain() if node is not None else "",
                                              default=str)])
        firsts = {}
        # Its own class's fields, and distinctive names (with an underscore, in no class
        # of the first release) of other classes' fields, as dotted paths reach them.
        old_names = {f for c in self.f.h["classes"].values() for f, fe in c["fields"].items()
                     if self.f.presence(fe)[self.releases[0]]}
        candidates = [(fname, fe) for fname, fe in cls["fields"].items()]
        candidates += [(f"{other}.{fname}", fe) for other, c in self.f.h["classes"].items()
                       if other != m.path[1] for fname, fe in c["fields"].items()
                       if "_" in fname and fname not in old_names]
        for label, fe in candidates:
            fname = label.rsplit(".", 1)[-1]
            if re.search(rf"\b{re.escape(fname)}\b", text):
                pres = self.f.presence(fe)
                first = next((r for r in self.releases if pres[r]), None)
                if first and first != self.releases[0]:
                    firsts[label] = first
        if not firsts:
            return ""
        latest = max(firsts.values(), key=self.releases.index)
        names = ", ".join(f"{k} ({v})" for k, v in sorted(firsts.items()))
        return f"not before {latest}: it names {names}"

    def node_at(self, path: tuple[str, ...]) -> Node | None:
        for n in range(len(path), 1, -1):
            entry = self.entries.get(path[:n])
            if entry is None:
                continue
            node = entry.node
            for key in path[n:]:
                if node is None:
                    return None
                if node.is_map:
                    node = node.value.get(key)
                elif node.is_seq and key.isdigit() and int(key) < len(node.value):
                    node = node.value[int(key)]
                else:
                    return None
            return node
        return None

    # changes the schema does not state ----------------------------------------------

    def check_unstated(self, path: tuple[str, ...], entry: Entry) -> None:
        facts = self.facts_entry(path)
        if facts is None:
            return
        file = entry.file
        present = self.f.presence(facts)
        schema = schema_presence(self.parents_markers(path), self.releases)
        # A field of a class the facts lack in a release is absent there too.
        if path[0] == "classes" and len(path) == 4:
            cls_present = self.f.presence(self.f.cls(path[1]))
            present = {r: present[r] and cls_present[r] for r in self.releases}
        subject = rel.subject_of(path)
        if (present != schema and (path, "presence") not in self.spoken
                and not self.explained_by_parent(path, present)):
            target = self.report.undone if self.is_undone(present) else self.report.missing
            target[file].append(
                f"| {file}:{entry.line} | {subject} | presence | schema: "
                f"{span_text(self.releases, schema)}; facts: "
                f"{span_text(self.releases, present)} | "
                f"{self.presence_markers(present, subject)} |")
        if path[0] == "aliases" and not any(
                m.kind == "changed" and "type" in m.keys for m in entry.markers):
            dated = self.alias_changes(self.alias_users(path[1]))
            for what, pts in dated.items():
                text = ", ".join(f"{r}: {change_text(o, n)}" for r, o, n in pts)
                values = {r: n for r, _, n in pts}
                target = (self.report.undone if self.values_undone(what, pts)
                          else self.report.missing)
                target[file].append(
                    f"| {file}:{entry.line} | {subject} | type (seen in {what}) | {text} | "
                    + "; ".join(f'changed: {{"{r}": {{type: {show(v, 400)}}}}}'
                                for r, v in values.items()) + " |")
        if path[0] == "classes" and len(path) == 4 and path[2] in ("methods", "properties"):
            for attr in ("kind", "params"):
                if (path, attr) in self.spoken:
                    continue
                pts = self.f.changes(self.attr_values(facts, attr))
                if attr == "params":  # a parameter's own added:/removed: states these
                    stated = self.param_markers(path)
                    pts = [pt for pt in pts if pt[0] not in stated]
                if not pts:
                    continue
                text = ", ".join(f"{r}: {change_text(o, n)}" for r, o, n in pts)
                target = (self.report.undone if self.values_undone(attr, pts)
                          or not present[self.releases[-1]] else self.report.missing)
                target[file].append(
                    f"| {file}:{entry.line} | {subject} | {attr} | {text} | " + "; ".join(
                        f'changed: {{"{r}": {{{attr}: {show(n, 300)}}}}}' for r, _, n in pts)
                    + " (vLLM's parameters; the schema's params may differ on purpose) |")
        if path[0] == "classes" and len(path) == 4 and path[2] == "fields":
            typed_by_name = self.typed_by_schema_name(facts)
            for attr in FIELD_ATTRS:
                if (path, attr) in self.spoken:
                    continue
                # An alias's or an enum's changes are dated on the alias or the members.
                if attr in ("type", "choices") and typed_by_name:
                    continue
                values = {r: v for r, v in self.attr_values(facts, attr).items()
                          if schema.get(r)}
                pts = self.f.changes(values)
                if not pts:
                    continue
                rels = [r for r in self.releases if r in values]
                # Undone: the value came back, or the entry is gone by the last release.
                undone = (values[rels[0]] == values[rels[-1]]
                          or not present[self.releases[-1]])
                target = self.report.undone if undone else self.report.missing
                text = ", ".join(f"{r}: {change_text(o, n)}" for r, o, n in pts)
                types = self.attr_values(facts, "type")
                suggestion = "; ".join(
                    f'changed: {{"{r}": {{{marker_value(attr, n, types.get(r))}}}}}'
                    for r, _, n in pts)
                target[file].append(f"| {file}:{entry.line} | {subject} | {attr} | {text} | "
                                    f"{suggestion} |")

    def is_undone(self, present: dict[str, bool]) -> bool:
        """Present (or absent) only between the first and the last release."""
        first, last = self.releases[0], self.releases[-1]
        return present[first] == present[last] and len(set(present.values())) > 1

    @staticmethod
    def values_undone(_what: str, pts: list) -> bool:
        return bool(pts) and pts[0][1] == pts[-1][2]

    def explained_by_parent(self, path: tuple[str, ...], present: dict[str, bool]) -> bool:
        """The entry lives exactly as long as its class or enum, whose own marker says so
        (and is dated, right or wrong, on that entry)."""
        parent = self.entries.get(path[:2])
        if parent is None or parent.path == path:
            return False
        facts = self.facts_entry(parent.path)
        return (facts is not None and self.f.presence(facts) == present
                and any(m.kind in ("added", "removed") for m in parent.markers))

    def typed_by_schema_name(self, facts: dict) -> bool:
        """The field's annotation names a schema alias, or its type a schema enum."""
        names = {p[1] for p in self.entries if p[0] in ("aliases", "enums") and len(p) == 2}
        texts = [v for a in ("annotation", "type") for v in self.attr_values(facts, a).values()
                 if isinstance(v, str)]
        return any(re.search(rf"\b{re.escape(n)}\b", t) for n in names for t in texts)

    def presence_markers(self, present: dict[str, bool], subject: str) -> str:
        parts = []
        for r, _, new in self.f.changes(present):
            if new:
                parts.append(f'added: "{r}"')
            else:
                parts.append(f'removed: {{in: "{r}", {self.fate_of(subject, r)}}}')
        if not any(present.values()):
            parts.append("absent from every release")
        if len([p for p in parts if p.startswith("added")]) > 1:
            parts.append("(added twice: two entries)")
        return "; ".join(parts)

    def fate_of(self, subject: str, release: str) -> str:
        i = self.releases.index(release)
        path = HISTORY.parent / f"fates_{self.releases[i - 1]}_{release}.json"
        if path.is_file():
            fate = json.loads(path.read_text())["fates"].get(subject)
            if fate:
                key = {"renamed": "renamed_to", "replaced": "replaced_by"}.get(fate["kind"],
                                                                               "dropped")
                return f"{key}: {fate['to']}" if fate["to"] else "dropped: (see fates)"
        return "<fate>"

    def check_classes_and_fields_absent_from_schema(self) -> None:
        known_classes = {p[1]: e for p, e in self.entries.items()
                         if p[0] == "classes" and len(p) == 2}
        for cname, c in self.f.h["classes"].items():
            present = self.f.presence(c)
            if cname not in known_classes:
                if c["scope"] and any(v == "exported" for v in
                                      self.f.expand(c.get("scope")).values()):
                    self.report.missing["(no schema file)"].append(
                        f"| - | {cname} | class not in the schema | facts: "
                        f"{span_text(self.releases, present)} | "
                        f"{self.presence_markers(present, cname) or 'in every release'} |")
                continue
            entry = known_classes[cname]
            if entry.node is None or "fields" not in entry.node.value:
                continue  # its fields come from elsewhere (IrOpPriorityConfig: the kernels)
            for fname, fe in c["fields"].items():
                if ("classes", cname, "fields", fname) in self.entries:
                    continue
                if not any(self.f.expand(fe.get("kind")).get(r) in ("field", "initvar")
                           for r in self.releases):
                    continue
                fp = self.f.presence(fe)
                first, last = self.releases[0], self.releases[-1]
                target = (self.report.undone if not fp[first] and not fp[last]
                          else self.report.missing)
                ctor = self.f.expand(fe.get("constructor"))
                target[entry.file].append(
                    f"| {entry.file}:{entry.line} | {cname}.{fname} | field not in the schema "
                    f"({'constructor' if any(ctor.values()) else 'init=False'}) | "
                    f"facts: {span_text(self.releases, fp)} | "
                    f"{self.presence_markers(fp, f'{cname}.{fname}') or 'in every release'} |")

    def check_enum_members_absent_from_schema(self) -> None:
        for path, entry in list(self.entries.items()):
            if path[0] != "enums" or len(path) != 2:
                continue
            facts = self.f.h["enums"].get(path[1])
            if facts is None:
                continue
            for member, me in facts["members"].items():
                if (*path, "members", member) in self.entries:
                    continue
                mp = self.f.presence(me)
                target = (self.report.undone if self.is_undone(mp) or not mp[self.releases[-1]]
                          else self.report.missing)
                target[entry.file].append(
                    f"| {entry.file}:{entry.line} | {path[1]}.{member} | member not in the "
                    f"schema | facts: {span_text(self.releases, mp)} | "
                    f"{self.presence_markers(mp, f'{path[1]}.{member}') or 'in every release'} |")

    def check_flags(self) -> None:
        for flag, entry in self.f.h["flags"].items():
            rows = []
            for a in FLAG_ATTRS:
                values = self.f.presence(entry) if a == "presence" else self.f.expand(entry.get(a))
                pts = self.f.changes(values)
                if pts:
                    rows.append(f"{a}: " + ", ".join(f"{r}: {change_text(o, n)}"
                                                     for r, o, n in pts))
            if not rows:
                continue
            target, where = self.flag_map.get(flag, ("", ""))
            if not target:
                configs = [v for v in self.f.expand(entry.get("config")).values() if v]
                target = configs[-1] if configs else ""
                parts = target.split(".", 1) if target else []
                e = (self.entries.get(("classes", parts[0], "fields", parts[1]))
                     if len(parts) == 2 else None)
                e = e or (self.entries.get(("classes", parts[0])) if parts else None)
                where = f"{e.file}:{e.line}" if e else ""
                if e is not None and len(parts) == 2 and e.path == ("classes", parts[0]):
                    target += " (field not in the schema)"
            file = where.split(":")[0] if where else "(no schema field)"
            self.report.flags[file].append(
                f"| {flag} | {target or '-'} | {where or '-'} | "
                f"present in {span_text(self.releases, self.f.presence(entry))} | "
                f"{'; '.join(rows)} |")


# --- output -------------------------------------------------------------------------


def flag_map_of_schema() -> dict[str, tuple[str, str]]:
    """Every spelling of every flag the compiled releases have -> (its field, where the
    schema declares it)."""
    from cfgc import pipeline

    out: dict[str, tuple[str, str]] = {}
    for res in pipeline.load_releases(ROOT):
        for spec in res.flags.flags if res.flags else ():
            where = f"schema/{Path(spec.loc.file).name}:{spec.loc.line}"
            for spelling in (spec.flag, *spec.aliases, *spec.negatives):
                out.setdefault(spelling, (spec.target, where))
    return out


_TABLE5 = ("| where | entry | what | facts | markers to write |\n"
           "| --- | --- | --- | --- | --- |")
SECTIONS = (
    ("wrong", "Markers naming the wrong release",
     "| where | entry | marker | schema says | facts say | values |\n"
     "| --- | --- | --- | --- | --- | --- |"),
    ("undone", "Changes seen only between the first and the last release (undone, or on "
               "an entry gone by the last)",
     _TABLE5),
    ("missing", "Other changes the schema does not state", _TABLE5),
    ("flags", "Flag changes",
     "| flag | field | schema line | presence | changes |\n| --- | --- | --- | --- | --- |"),
    ("undatable", "Markers the facts cannot date (read the source)",
     "| where | entry | marker | schema says | why / hint |\n| --- | --- | --- | --- | --- |"),
)


def render(report: Report) -> str:
    files = sorted({f for key, *_ in SECTIONS for f in getattr(report, key)})
    counts = {key: sum(len(v) for v in getattr(report, key).values()) for key, *_ in SECTIONS}
    out = [f"Releases compared: {', '.join(report.releases)}.", "",
           f"Markers confirmed by the facts: {report.confirmed}. " + ", ".join(
               f"{title.split(' (')[0].lower()}: {counts[key]}" for key, title, _ in SECTIONS)
           + ".", ""]
    for file in files:
        out += [f"## {file}", ""]
        for key, title, header in SECTIONS:
            rows = getattr(report, key).get(file)
            if rows:
                out += [f"### {title}", "", header, *rows, ""]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--history", type=Path, default=HISTORY)
    ap.add_argument("--schema", type=Path, default=ROOT / "schema")
    ap.add_argument("--out", type=Path, help="write the report here (default: stdout)")
    ap.add_argument("--summary", action="store_true", help="print the counts only")
    args = ap.parse_args(argv)
    if not args.history.is_file():
        sys.exit(f"history_check: no {args.history}; run tools/release_history.py")
    facts = Facts(json.loads(args.history.read_text()))
    report = Checker(facts, args.schema, flag_map_of_schema()).run()
    text = render(report)
    if args.summary:
        print(text.split("\n\n")[1])
        return 0
    if args.out:
        args.out.write_text(text)
        print(f"wrote {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
