"""The JSON Schema backend: `config_schema.json`, a JSON Schema (draft 2020-12) of the
`--config` YAML file, for editors (yaml-language-server) and for checking a file before
a long model load.

A key is a flag name without its dashes, as the CLI reads the file: each long flag in
its dashed and underscored spelling (any mix, and a leading `--`, via a pattern), short
aliases with their dash (`-tp`), and dotted keys of JSON flags (`compilation-config.mode`,
`-cc.pass_config.fuse_norm_quant`, a trailing `+` appends). Values follow how the CLI
reads each flag (booleans, choices, human-readable ints, lists, JSON objects for whole
configs, validated field by field down the nested classes), with the field's bounds.

It is deliberately as strict as the value's natural YAML type: the CLI also turns any
scalar into text for a string flag and reads "16" for an integer flag; the schema wants
`16`. Rules across fields (and hooks) are checked only when the configs are built.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from ..model import schema as m
from ..model.cli import doc_text
from ..model.flags import FlagTable
from ..model.resolved import Resolved
from . import DOCS_REFERENCE_DIR, GENERATED_DIR

DRAFT = "https://json-schema.org/draft/2020-12/schema"
HUMAN_INT = r"^\s*([0-9]+(\.[0-9]+)?[kmgt]|[0-9]+[KMGT])\s*$"
JSON_TEXT = {"type": "string", "pattern": r"^\s*\{", "description": "JSON text of an object"}
_BOUNDS = {"ge": "minimum", "gt": "exclusiveMinimum", "le": "maximum", "lt": "exclusiveMaximum",
           "multiple_of": "multipleOf"}


def _constraints(f: m.FieldDef | None) -> dict:
    """The field's bounds as JSON Schema keywords (each applies only to its own type)."""
    out: dict = {}
    if f is None:
        return out
    for key, value in f.constraints:
        if key in _BOUNDS:
            out[_BOUNDS[key]] = value
        elif key == "min_length":
            out.update(minLength=value, minItems=value)
        elif key == "max_length":
            out.update(maxLength=value, maxItems=value)
        elif key == "pattern":
            out["pattern"] = value
    for v in f.validators:
        if v.name == "reject":
            out["not"] = {"enum": list(v.arg["values"])}
    return out


def _unique(values: list) -> list:
    """Distinct values in order (1 and True kept apart, as JSON Schema's enum does)."""
    seen: dict[str, object] = {}
    for v in values:
        seen.setdefault(json.dumps(v, sort_keys=True), v)
    return list(seen.values())


def _any(*schemas: dict) -> dict:
    flat = [s for s in schemas if s]
    return flat[0] if len(flat) == 1 else {"anyOf": flat}


def type_schema(t, res: Resolved, by_name: bool = False) -> dict:
    """A field type of a nested config (inside a JSON flag's object) as JSON Schema;
    enum members by value, and by name too where the field has `enum_by_name`."""
    t = res.expand(t)
    if t.kind == "none":
        return {"type": "null"}
    if t.kind == "union":
        return _any(*(type_schema(a, res, by_name) for a in t.args))
    if t.kind == "literal":
        return {"enum": list(t.values)}
    if t.kind == "scalar":
        return {"bool": {"type": "boolean"}, "int": {"type": "integer"},
                "float": {"type": "number"}}.get(t.name, {"type": "string"} if t.name in (
                    "str", "Path", "bytes") else {})
    if t.kind == "named":
        if t.name in res.classes:
            return {"$ref": f"#/$defs/{t.name}"}
        if t.name in res.enums:
            members = res.enums[t.name].members
            return {"enum": _unique([mem.name for mem in members if by_name]
                                    + [mem.value for mem in members])}
        return {}  # a runtime type (torch.dtype, ...): not checked here
    if t.kind == "container":
        if t.name == "dict":
            return {"type": "object",
                    "additionalProperties": type_schema(t.args[1], res, by_name)}
        if t.name == "tuple" and not t.variadic:
            return {"type": "array", "minItems": len(t.args), "maxItems": len(t.args),
                    "prefixItems": [type_schema(a, res, by_name) for a in t.args]}
        return {"type": "array", "items": type_schema(t.args[0], res, by_name)}
    return {}


def class_schema(c: m.ClassDef, res: Resolved) -> dict:
    props = {}
    for f in c.fields:
        if f.kind == "classvar" or not f.init:
            continue
        by_name = any(v.name == "enum_by_name" for v in f.validators)
        props[f.name] = {**type_schema(f.type, res, by_name), **_constraints(f),
                         "description": doc_text(f.doc)}
    return {"type": "object", "description": doc_text(c.doc), "properties": props,
            "additionalProperties": False}


def _item(row: dict, f: m.FieldDef | None, res: Resolved) -> dict:
    """One value as the CLI reads it for this flag (one list item for list flags)."""
    kind = row["kind"]
    if kind in ("bool", "enable"):
        return {"type": "boolean"}
    if kind == "flag_or_str":
        return {"type": ["boolean", "string"]}
    if kind in ("choice", "enum"):
        if row.get("open"):
            return {"type": "string", "examples": list(row["choices"])}
        values: list = list(row["choices"])
        if kind == "choice" and row.get("literal_type") == "int":
            values = [int(v) for v in values] + values
        if kind == "enum":
            values += [v for v in (row.get("enum_values") or {}).values()]
            values += [str(v) for v in (row.get("enum_values") or {}).values()]
        for step in row.get("normalise") or ():
            if isinstance(step, list):
                values += list(step[1])
            elif step == "auto_to_none":
                values.append("auto")
        return {"enum": _unique(values)}
    if kind == "int":
        out = [{"type": "integer", **_numeric(f)}]
        if row.get("human_int"):
            out.append({"type": "string", "pattern": HUMAN_INT})
        if row.get("auto_int"):
            out.append({"enum": ["auto"]})
        return _any(*out)
    if kind == "float":
        return {"type": "number", **_numeric(f)}
    if kind == "json":
        return _any({"$ref": f"#/$defs/{row['json_class']}"}, JSON_TEXT)
    if kind == "dict":
        return _any({"type": "object"}, JSON_TEXT)
    if kind == "dict_or_str":
        return {"type": ["object", "string"]}
    text: dict = {"type": "string"}
    if f is not None and not row.get("normalise"):
        t = res.expand(f.type).without_none()
        if row.get("container"):  # one item: the element type of the list member
            lists = [a for a in (t.args if t.kind == "union" else (t,))
                     if a.kind == "container" and a.name != "dict"]
            t = lists[0].args[0] if lists else t
        text = type_schema(t, res) or text  # Literal unions the flag reads as text
        text.update({k: v for k, v in _constraints(f).items()
                     if k in ("pattern", "minLength", "maxLength")})
    default = row.get("default")
    if isinstance(default, str) and default and not row.get("optional") \
            and "pattern" not in text and text.get("type") == "string" and "enum" not in text:
        text["pattern"] = r"\S"  # as the CLI: a blank value for a flag with a default is refused
    return text


def _numeric(f: m.FieldDef | None) -> dict:
    return {k: v for k, v in _constraints(f).items() if k in _BOUNDS.values() or k == "not"}


def flag_value_schema(row: dict, f: m.FieldDef | None, doc: str, res: Resolved) -> dict:
    item = _item(row, f, res)
    if row.get("container"):
        many: dict = {"type": "array", "items": item, "minItems": 1}
        if isinstance(row.get("nargs"), int):
            many.update(minItems=row["nargs"], maxItems=row["nargs"])
            out = many
        else:
            out = _any(many, item)
    else:
        out = item
    if row.get("optional") and row["kind"] not in ("bool", "enable"):
        out = _any(out, {"type": "null"})
    return {**out, "description": doc} if "$ref" not in out else {
        "allOf": [out], "description": doc}


def _spelling_pattern(option: str) -> str:
    """Every spelling the CLI takes for a long flag as a file key (dash/underscore mix,
    optional leading --); a short alias only as written."""
    if option.startswith("--"):
        return "^(--)?" + "[-_]".join(re.escape(p) for p in option[2:].split("-")) + "$"
    return "^" + re.escape(option) + "$"


def _dotted_paths(name: str, res: Resolved, seen: tuple[str, ...] = ()) -> list[str]:
    """Regex alternatives for the dotted keys below a config class (nested classes too)."""
    out = []
    for f in res.classes[name].fields:
        if f.kind == "classvar" or not f.init:
            continue
        base = res.expand(f.type).without_none()
        sub = ""
        if base.kind == "named" and base.name in res.classes and base.name not in seen:
            sub = "(\\." + "(" + "|".join(_dotted_paths(base.name, res, (*seen, name))) + "))?"
        out.append(re.escape(f.name) + sub)
    return out


def build_schema(res: Resolved, table: FlagTable) -> dict:
    rows = table.runtime_rows
    defs: dict = {}
    props: dict = {}
    patterns: dict = {}
    for row in rows:
        c = res.classes[row["cls"]]
        f = c.field(row["field"]) if row["field"] else None
        name = row["flag"].lstrip("-")
        doc = doc_text(f.doc if f is not None else c.doc)
        if row.get("requires"):
            doc += f" (Needs {row['requires']}.)"
        if f is not None and f.deprecation is not None:
            doc += f" Deprecated: {f.deprecation.message}"
        defs[f"flag:{name}"] = flag_value_schema(row, f, doc, res)
        ref = {"$ref": f"#/$defs/flag:{name}"}
        negatives = set(row["negatives"])
        for option in (row["flag"], *row["aliases"], *row["negatives"]):
            target = ref
            if option in negatives:
                target = {"type": "boolean", "description": f"Negation of {row['flag']}: "
                          f"true turns it off."}
            if option.startswith("--"):
                for key in dict.fromkeys((option[2:], option[2:].replace("-", "_"))):
                    props[key] = target
            patterns[_spelling_pattern(option)] = target
        if row["kind"] == "json":
            sub = "(" + "|".join(_dotted_paths(row["json_class"], res)) + ")"
            for option in (row["flag"], *row["aliases"]):
                head = _spelling_pattern(option)[:-1]
                patterns[head + "\\." + sub + "\\+?$"] = {
                    "description": f"One key of {row['flag']} (any value; checked when the "
                                   f"{row['json_class']} is built)."}
    inside = _inside_json_flags(rows, res)
    for c in res.schema.classes:
        if c.name in inside:
            defs[c.name] = class_schema(c, res)
    prog = res.schema.command
    return {
        "$schema": DRAFT,
        "title": f"{prog} --config file",
        "description": f"Generated from schema/ by cfgc; do not edit. A YAML file of "
                       f"{prog} (vLLM engine) flags: each key a flag name without its "
                       f"dashes; command-line flags override it.",
        "type": ["object", "null"],
        "properties": dict(sorted(props.items())),
        "patternProperties": patterns,
        "additionalProperties": False,
        "$defs": dict(sorted(defs.items())),
    }


def _inside_json_flags(rows: list[dict], res: Resolved) -> set[str]:
    """The classes that can appear inside some JSON flag's object."""
    todo = [r["json_class"] for r in rows if r["kind"] == "json"]
    seen: set[str] = set()
    while todo:
        cur = todo.pop()
        if cur in seen:
            continue
        seen.add(cur)
        for f in res.classes[cur].fields:
            todo += [n.name for n in res.expand(f.type).walk()
                     if n.kind == "named" and n.name in res.classes]
    return seen


def layout(value: object, key: str = "", parent: str = "", indent: int = 0) -> str:
    """JSON with one key, flag or field per line: the root, the key maps and each
    class under $defs are spread out; everything below stays on its line."""
    spread = isinstance(value, dict) and value and (
        not indent or key in ("properties", "patternProperties", "$defs") or parent == "$defs")
    if not spread:
        return json.dumps(value, ensure_ascii=False)
    pad = " " * (indent + 1)
    items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {layout(v, k, key, indent + 1)}"
             for k, v in value.items()]
    return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"


def emit(res: Resolved, outputs: Mapping[str, str]) -> dict[str, str]:
    """The schema's text, shipped as package data and on the docs site."""
    text = layout(build_schema(res, res.flags)) + "\n"
    return {f"{GENERATED_DIR}/{res.schema.package}/config_schema.json": text,
            f"{DOCS_REFERENCE_DIR}/config_schema.json": text}
