"""Emit the generated reference pages (Markdown for MkDocs)."""

from __future__ import annotations

from . import model as m
from .pyexpr import literal
from .resolve import Resolved, derived_cli


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _default_text(f: m.FieldDef, res: Resolved) -> str:
    d = f.default
    if d.kind == "value":
        return f"`{literal(d.value, f.type, res)}`"
    if d.kind == "factory":
        return f"`{d.value}()`"
    if d.kind == "unset":
        return "unset (filled in after construction)"
    return "required"


def class_page(c: m.ClassDef, res: Resolved) -> str:
    lines = [
        f"<!-- Generated from {c.loc.file} by cfgc; do not edit. -->",
        f"# {c.name}",
        "",
        c.doc.strip(),
        "",
        "| Field | Type | Default | Constraints | CLI | Cache key |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for f in c.fields:
        cons = ", ".join(f"{k}={v!r}" for k, v in f.constraints) or ""
        spec = derived_cli(c, f)
        cli = ", ".join(f"`{x}`" for x in (spec.flag, *spec.aliases)) if spec else ""
        if f.hash is None:
            key = "no (class variable)"
        elif f.hash.include:
            key = "yes"
        else:
            key = f"no: {f.hash.reason}"
        name = f"[`{f.name}`](#{f.name})"
        lines.append(f"| {name} | `{_cell(f.type_text)}` | {_cell(_default_text(f, res))} | "
                     f"{_cell(cons)} | {cli} | {_cell(key)} |")
    lines.append("")
    for f in c.fields:
        lines += [f"## {f.name}", "", f.doc.strip(), ""]
        if f.deprecation:
            lines += [f"!!! warning \"Deprecated\"\n    {f.deprecation.message}", ""]
    return "\n".join(lines).rstrip() + "\n"


def emit_reference(res: Resolved) -> dict[str, str]:
    out = {f"{c.name}.md": class_page(c, res) for c in res.schema.classes}
    index = ["<!-- Generated from schema/ by cfgc; do not edit. -->", "# Config reference", ""]
    for c in sorted(res.schema.classes, key=lambda c: c.name):
        first = c.doc.strip().split("\n")[0]
        index.append(f"- [{c.name}]({c.name}.md): {first}")
    out["index.md"] = "\n".join(index) + "\n"
    return out
