"""The explain backend: `explain.json`, what `vllm-config explain` says about each
config field, decided at generate time so that explaining a flag reads one JSON file
(no argparse, no pydantic).

One entry per field of every class reachable from a root, keyed by its config path
(`cache_config.cache_dtype`): type, default, allowed values, constraints, the flags and
`--config` keys that set it, whether it reaches the root's cache key (and why not), the
rules that mention it and its deprecation. `vllm-config diff` reads the same file for
the reason a differing field is left out of the key.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from ..model import schema as m
from ..model.cli import doc_text, value_spec
from ..model.flags import FlagTable
from ..model.python import default_text
from ..model.resolved import Resolved
from . import GENERATED_DIR
from .release_presence import presence


def rules_mentioning(res: Resolved, c: m.ClassDef, f: m.FieldDef) -> list[str]:
    """The rules (of any class, cross-config ones included) whose expressions read field
    `f` of class `c`, one line each: `ParallelConfig: when ...: require ... -- "message"`."""
    return _rules_index(res).get((c.name, f.name), [])


_INDEX: dict[int, tuple[Resolved, dict]] = {}


def _rules_index(res: Resolved) -> dict[tuple[str, str], list[str]]:
    """(class, field) -> the rules reading it, built once per compiled schema."""
    cached = _INDEX.get(id(res))
    if cached is not None and cached[0] is res:
        return cached[1]
    index: dict[tuple[str, str], list[str]] = {}
    for owner in res.schema.classes:
        for rule, reads in res.behaviour[owner.name].rule_reads:
            when = f"when {rule.when.display}: " if rule.when is not None else ""
            what = f"require {rule.require.display}" if rule.require is not None else rule.level
            line = f"{owner.name}: {when}{what} -- \"{rule.message.strip()}\""
            for target in dict.fromkeys(_field_at(res, owner, path) for path in reads):
                if target[0]:
                    index.setdefault(target, []).append(line)
    _INDEX.clear()  # one schema at a time: no growth across many compiles
    _INDEX[id(res)] = (res, index)
    return index


def _field_at(res: Resolved, cls: m.ClassDef, path: str) -> tuple[str, str]:
    """(class, field) a dotted path from `cls` ends at, or ('', '')."""
    *parents, last = path.split(".")
    for part in parents:
        fd = cls.field(part)
        inner = res.expand(fd.type).without_none() if fd is not None else None
        if inner is None or inner.kind != "named" or inner.name not in res.classes:
            return "", ""
        cls = res.classes[inner.name]
    return (cls.name, last) if cls.field(last) is not None else ("", "")


def environment_variable(res: Resolved, c: m.ClassDef, f: m.FieldDef) -> str:
    """The environment variable that supplies field `f`'s default, if any."""
    return f.env


def value_facts(t, res: Resolved) -> dict:
    """What `value_spec` decides for a field without a flag of its own."""
    vs = value_spec(t, res)
    return {k: getattr(vs, k) for k in ("choices", "open", "optional")}


def long_keys(option: str) -> list[str]:
    """`--kv-cache-dtype` -> the `--config` keys kv-cache-dtype and kv_cache_dtype."""
    if not option.startswith("--"):
        return []
    name = option[2:]
    return list(dict.fromkeys((name, name.replace("-", "_"))))


# ------------------------------------------------------------ entries


def _cache_key(res: Resolved, root: str, path: tuple[str, ...]) -> dict:
    """Whether the value at `path` reaches `root`'s cache key: every step must be
    included; the first step that is not gives the reason."""
    name, owner = root, root
    for i, step in enumerate(path):
        c = res.classes[name]
        f = c.field(step)
        where = ".".join(path[: i + 1])
        if f is None or f.hash is None:
            return {"included": False, "feeds": c.name,
                    "reason": f"{where} is a class constant (never hashed)"}
        if f.kind == "initvar":
            return {"included": False, "feeds": c.name,
                    "reason": f"{where} is init-only (not stored)"}
        if not f.hash.include:
            why = f.hash.reason or "excluded"
            if i < len(path) - 1:
                why = f"{where} (all of {res.expand(f.type).without_none().name}) is left " \
                      f"out of {c.name}'s key: {why}"
            return {"included": False, "feeds": c.name, "reason": why}
        owner = c.name
        base = res.expand(f.type).without_none()
        name = base.name if base.kind == "named" and base.name in res.classes else name
    text = f"included in {owner}'s hash"
    if path[:-1]:
        text += f", which {root}'s hash includes through {'.'.join(path[:-1])}"
    return {"included": True, "feeds": owner, "reason": text}


def _hash_readers(c: m.ClassDef, f: m.FieldDef) -> list[str]:
    """Extra cache-key factors of the class computed from this field (even when the
    field itself is excluded)."""
    out = []
    for e in c.hash_extra:
        if e.reads_field(f.name):
            out.append(f"{c.name} factor {e.name}: {doc_text(e.doc) or e.source}")
    return out


def literal_values(t, res: Resolved) -> list[str]:
    """The values of a type made only of Literals (through aliases and nested unions)."""
    leaves = [n for n in res.expand(t).walk() if n.kind not in ("union", "none")]
    if not leaves or any(n.kind != "literal" for n in leaves):
        return []
    return list(dict.fromkeys(str(v) for n in leaves for v in n.values))


def build_explain(res: Resolved, table: FlagTable) -> dict:
    where = res.tree
    rows = table.runtime_rows
    roots = list(dict.fromkeys(r["root"] for r in rows)) or list(dict.fromkeys(
        r for r, _, _ in where.values()))
    primary = roots[0] if roots else ""  # VllmConfig: its paths are written without it
    by_path: dict[tuple, list[dict]] = {}
    json_flags: dict[tuple, list[dict]] = {}  # (root, class path) -> its JSON flags
    for r in rows:
        by_path.setdefault((r["root"], tuple(r["path"])), []).append(r)
        if r["kind"] == "json":
            json_flags.setdefault((r["root"], tuple(r["path"])), []).append(r)
    fields = []
    for c in res.schema.classes:
        root, cpath, _ = where[c.name]
        if root not in roots:
            continue
        for f in c.fields:
            if f.kind == "classvar":
                continue
            path = (*cpath, f.name)
            shown = ".".join(path) if root == primary else ".".join((root, *path))
            flags, keys = [], []
            for r in by_path.get((root, path), ()):
                names = [r["flag"], *r["aliases"], *r["negatives"]]
                flags += names
                keys += [k for n in names for k in long_keys(n)]
            if f.init and f.kind == "field":
                for depth in range(len(path)):  # dotted keys of enclosing JSON flags: -cc.mode
                    for r in json_flags.get((root, path[:depth]), ()):
                        rest = ".".join(path[depth:])
                        names = [r["flag"], *r["aliases"]]
                        flags += [f"{n}.{rest}" for n in names]
                        keys += [f"{k}.{rest}" for n in names for k in long_keys(n)]
            own = [r for r in by_path.get((root, path), ()) if r["field"] == f.name]
            vs = own[0] if own else value_facts(f.type, res)  # the flag has decided them
            choices = list(vs.get("choices") or ()) or literal_values(f.type, res)
            entry = {
                "path": shown, "class": c.name, "field": f.name, "type": f.type_text,
                "default": _default_text(f, res),
                "choices": choices, "open_choices": bool(vs.get("open")),
                "optional": bool(vs.get("optional")),
                "constraints": {k: v for k, v in f.constraints},
                "validators": [v.describe() for v in f.validators],
                "settable": f.kind == "field" and f.init,
                "flags": flags, "config_keys": keys,
                "env": environment_variable(res, c, f),
                "cache_key": _cache_key(res, root, path),
                "hash_factors": _hash_readers(c, f),
                "rules": rules_mentioning(res, c, f),
                "deprecated": None if f.deprecation is None else {
                    "message": f.deprecation.message,
                    "replacement": f.deprecation.replacement},
                "requires": next((r["requires"] for r in by_path.get((root, path), ())
                                  if r["requires"]), ""),
                "engine_supplied": f.hook_point,
                "doc": doc_text(f.doc),
            }
            fields.append(entry)
    return {"roots": roots, "fields": fields}


def explain_json(data: dict, prog: str) -> str:
    """One field per line: reviewable diffs, and fast to load (json's C decoder)."""
    head = {"generated_from": "schema/", "prog": prog, "roots": data["roots"]}
    body = ",\n".join("  " + json.dumps(e, ensure_ascii=False, default=str)
                      for e in data["fields"])
    return json.dumps(head, ensure_ascii=False)[:-1] + ', "fields": [\n' + body + "\n]}\n"


#: The release history of fields and flags, one file for every release of the package
#: (in the default release's folder), read only by `explain`.
HISTORY_FILE = "explain_history.json"


def history_json(res: Resolved) -> str:
    """What `explain` shows of a field's and a flag's history across the releases: the
    notes (front/history.py) and the releases each subject exists in, for fields, flags
    and classes (one line per subject: small, and loaded only by `explain`)."""
    notes = {k: v for k, v in res.history.items() if "." in k or k.startswith("-")
             or k in res.classes}
    spans = presence(res)
    subjects = sorted(set(notes) | set(spans))
    body = ",\n".join(
        "  " + json.dumps(k, ensure_ascii=False) + ": " + json.dumps(
            {"notes": list(notes.get(k, ())), **({"in": spans[k]} if k in spans else {})},
            ensure_ascii=False) for k in subjects)
    head = json.dumps({"generated_from": "schema/", "releases": list(res.schema.releases),
                       "default": res.schema.default_release}, ensure_ascii=False)
    return head[:-1] + ', "subjects": {\n' + body + "\n}}\n"


def emit(res: Resolved, outputs: Mapping[str, str]) -> dict[str, str]:
    """explain.json (and, once for a package of several releases, the history), by path
    from the project root."""
    pkg = res.schema.package
    out = {f"{GENERATED_DIR}/{pkg}/explain.json": explain_json(
        build_explain(res, res.flags), res.schema.command)}
    schema = res.schema
    if len(schema.releases) > 1 and schema.release == schema.default_release:
        out[f"{GENERATED_DIR}/{pkg}/{HISTORY_FILE}"] = history_json(res)
    return out


def _default_text(f: m.FieldDef, res: Resolved) -> str:
    text = default_text(f, res)
    return "unset (filled in after construction)" if text == "unset" else text
