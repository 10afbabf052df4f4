"""Emit the generated reference pages (Markdown for MkDocs): one page per config class,
the cache-key page, the hook-points page and the API pages."""

from __future__ import annotations

from . import model as m
from .flags import FlagTable
from .pyexpr import literal
from .resolve import Resolved, derived_cli
from .type_expr import TypeKind

HEADER = "<!-- Generated from {src} by cfgc; do not edit. -->"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ").strip()


def _code(text: str) -> str:
    """Inline code that is safe inside a table cell (pipes and backticks included)."""
    escaped = (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
               .replace("|", "&#124;"))
    return f"<code>{escaped}</code>" if ("|" in text or "`" in text) else f"`{text}`"


def default_text(f: m.FieldDef, res: Resolved) -> str:
    d = f.default
    if d.kind == "value":
        return _code(literal(d.value, f.type, res))
    if d.kind == "factory":
        return _code(f"{d.value}()")
    if d.kind == "unset":
        return "unset (filled in after construction)"
    return "required"


def cache_key_text(f: m.FieldDef) -> str:
    if f.hash is None:
        return "no (class constant)"
    if f.kind == "initvar":
        return "no (init-only, not stored)"
    if f.hash.include:
        return "yes"
    return f"no: {f.hash.reason}"


def flags_of(c: m.ClassDef, f: m.FieldDef) -> list[str]:
    spec = derived_cli(c, f)
    if spec is None:
        return []
    return [x for x in (spec.flag, *spec.aliases, spec.negation) if x]


def _type_link(f: m.FieldDef, res: Resolved) -> str:
    links = [n.name for n in f.type.walk() if n.kind == TypeKind.NAMED and n.name in res.classes]
    text = _code(f.type_text.replace("\n", " "))
    if links:
        text += " (" + ", ".join(f"[{n}]({n}.md)" for n in dict.fromkeys(links)) + ")"
    return text


def _validator_text(v: m.Validator) -> str:
    if v.name == "hook":
        return f"hook `{v.hook}` ({v.mode})"
    if v.name == "shorthand":
        return "shorthand " + ", ".join(f"`{k}` -> `{val}`" for k, val in v.arg.items())
    if v.name == "reject":
        return "rejects " + ", ".join(f"`{x}`" for x in v.arg["values"])
    return f"`{v.name}`"


def class_page(c: m.ClassDef, res: Resolved) -> str:
    lines = [HEADER.format(src=c.loc.file), f"# {c.name}", "", c.doc.strip(), ""]
    where = f"`{c.loc.file}:{c.loc.line}`"
    lines.append(f"Module: `{res.schema.package}.{c.module}` · schema: {where}")
    lines.append("")
    if c.cli_json_flag:
        flags = ", ".join(_code(x) for x in (c.cli_json_flag, *c.cli_json_aliases))
        lines += [f"Whole config as JSON on the command line: {flags}.", ""]
    lines += [
        "| Field | Type | Default | Constraints | CLI | Cache key |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for f in c.fields:
        cons = ", ".join(f"{k}={v!r}" for k, v in f.constraints)
        cli = ", ".join(_code(x) for x in flags_of(c, f))
        name = f"[`{f.name}`](#{f.name.lower()})"
        if f.deprecation:
            name += " (deprecated)"
        lines.append(
            f"| {name} | {_type_link(f, res)} | {_cell(default_text(f, res))} | "
            f"{_cell(cons)} | {cli} | {_cell(cache_key_text(f))} |"
        )
    lines.append("")
    if c.hash_extra:
        lines += ["Extra cache-key factors (not fields):", ""]
        for e in c.hash_extra:
            source = f"path `{e.path}`" if e.path else f"hook `{e.hook}`"
            lines.append(f"- `{e.name}` ({source}): {e.doc}".rstrip(": "))
        lines.append("")
    if c.post_init or c.model_validators:
        hooks = [f"`{h}`" for h in c.post_init] + [f"`{v.hook}`" for v in c.model_validators]
        lines += [f"After construction, hooks run: {', '.join(hooks)}.", ""]
    if c.properties or c.methods:
        lines += ["| Property / method | Returns | What it gives |", "| --- | --- | --- |"]
        lines += [f"| `{a.name}` | {_code(a.returns)} | {_cell(a.doc)} |" for a in c.properties]
        lines += [f"| `{a.name}(...)` | {_code(a.returns)} | {_cell(a.doc)} |"
                  for a in c.methods]
        lines.append("")
    if c.hook_points:
        lines += ["Hook points (the engine supplies these at run time, see "
                  "[hook points](hook-points.md)):", ""]
        lines += [f"- `{hp.name}`: {hp.doc} Needs: {hp.supplies}." for hp in c.hook_points]
        lines.append("")
    lines += ["## Fields", ""]
    for f in c.fields:
        lines += [f"### {f.name}", "", f.doc.strip(), ""]
        facts = [f"Type {_code(f.type_text)}, default {default_text(f, res)}."]
        if f.kind != "field":
            facts.append(f"Kind: {f.kind}.")
        if not f.init:
            facts.append("Not a constructor argument.")
        if f.validators:
            facts.append("Validation: " + ", ".join(_validator_text(v) for v in f.validators) + ".")
        facts.append(f"Cache key: {cache_key_text(f)}.")
        flags = flags_of(c, f)
        if flags:
            facts.append("Flags: " + ", ".join(_code(x) for x in flags) + ".")
        lines += [" ".join(facts), ""]
        if f.hook_point:
            lines += [f"Engine-supplied: {f.hook_point}", ""]
        if f.deprecation:
            new = f.deprecation.replacement
            repl = f" Use `{new}` instead." if new else ""
            lines += ['!!! warning "Deprecated"', f"    {f.deprecation.message}{repl}", ""]
    return "\n".join(lines).rstrip() + "\n"


def cache_key_page(res: Resolved) -> str:
    lines = [HEADER.format(src="schema/"), "# Cache key", "",
             "Each config class hashes the canonical encoding of the fields marked "
             "*included* below (SHA-256 over the class name and its factors). Nested "
             "configs contribute their own hash; an absent optional sub-config "
             "contributes `None`. `hash_factors()` on any instance returns the exact "
             "factors, to debug a cache miss.", ""]
    for c in sorted(res.schema.classes, key=lambda c: c.name):
        included = [f for f in c.fields if f.hash is not None and f.hash.include
                    and f.kind == "field"]
        excluded = [f for f in c.fields if f.hash is not None and not f.hash.include
                    and f.kind == "field"]
        lines += [f"## {c.name}", ""]
        if not included and not c.hash_extra:
            lines += ["Constant: no field feeds the key.", ""]
        if included:
            lines.append("Included: " + ", ".join(
                f"[`{f.name}`]({c.name}.md#{f.name.lower()})" for f in included) + ".")
            lines.append("")
        for e in c.hash_extra:
            lines += [f"Extra factor `{e.name}`: {e.doc or (e.path or e.hook)}", ""]
        if excluded:
            lines += ["| Excluded field | Reason |", "| --- | --- |"]
            lines += [f"| `{f.name}` | {_cell(f.hash.reason)} |" for f in excluded]
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def hook_points_page(res: Resolved) -> str:
    lines = [HEADER.format(src="schema/"), "# Hook points", "",
             "Logic that needs a model checkpoint, a GPU platform or a running engine is "
             "not part of the generated classes. Each such point is named in the schema; "
             "the engine must supply what is listed here. Value-only logic runs in the "
             "hooks of `cfgc.hooks` and is listed per class as well.", ""]
    for c in sorted(res.schema.classes, key=lambda c: c.name):
        field_points = [f for f in c.fields if f.hook_point]
        hooks = [*c.post_init, *(v.hook for v in c.model_validators),
                 *(v.hook for f in c.fields for v in f.validators if v.name == "hook")]
        if not (c.hook_points or field_points or hooks):
            continue
        lines += [f"## {c.name}", ""]
        if c.hook_points:
            lines += ["| Hook point | What it does | Engine supplies |", "| --- | --- | --- |"]
            lines += [f"| `{hp.name}` | {_cell(hp.doc)} | {_cell(hp.supplies)} |"
                      for hp in c.hook_points]
            lines.append("")
        for f in field_points:
            lines += [f"- field [`{f.name}`]({c.name}.md#{f.name.lower()}): {f.hook_point}"]
        if field_points:
            lines.append("")
        if hooks:
            lines += ["Value-only hooks (`cfgc.hooks." + c.module + "`): "
                      + ", ".join(f"`{h}`" for h in dict.fromkeys(hooks)) + ".", ""]
    return "\n".join(lines).rstrip() + "\n"


def api_page(res: Resolved) -> str:
    lines = [HEADER.format(src="schema/"), f"# API: {res.schema.package}", "",
             "The generated classes, rendered by mkdocstrings from the generated source.", ""]
    for module in res.schema.modules:
        lines += [f"## {res.schema.package}.{module}", "",
                  f"::: {res.schema.package}.{module}", "    options:",
                  "      show_root_heading: false", "      heading_level: 3", ""]
    lines += [f"## {res.schema.package}.types", "", f"::: {res.schema.package}.types",
              "    options:", "      show_root_heading: false", "      heading_level: 3", ""]
    return "\n".join(lines).rstrip() + "\n"


def cli_page(table: FlagTable) -> str:
    """Every flag, from the same table `vllm-config` builds its parser from (emit_cli's
    build_table), so the page cannot drift from the parser."""
    lines = [HEADER.format(src="schema/"), "# Command-line flags", "",
             "`vllm-config show [flags]` prints the resolved configs; `vllm-config hash "
             "[flags]` prints the cache key and its factors. The flags are vLLM's engine "
             "flags, generated from the schema. Booleans take `--x` / `--no-x`; optional "
             "values accept `None`; lists take one or more values; JSON flags also take "
             "dotted keys (`-cc.mode 3`, `--compilation-config.cudagraph_capture_sizes "
             "'[1,2]'`, a trailing `+` appends); `--config file.yaml` supplies defaults "
             "that flags override. `--help=all`, `--help=<group>` and `--help=<keyword>` "
             "narrow the help.", ""]
    for name, summary, _ in table.groups:
        flags = [fl for fl in table.flags if fl.group == name]
        lines += [f"## {name}", "", summary, "",
                  "| Flag | Sets | Type | Choices | Default |", "| --- | --- | --- | --- | --- |"]
        for fl in flags:
            names = ", ".join(_code(x) for x in (fl.flag, *fl.aliases, *fl.negatives))
            if fl.field:
                sets = f"[`{fl.cls}.{fl.field}`]({fl.cls}.md#{fl.field.lower()})"
            else:
                sets = f"[`{fl.cls}`]({fl.cls}.md)"
            choices = ", ".join(_code(str(c)) for c in fl.choices or ())
            default = _code(str(fl.default)) if fl.default else ""
            lines.append(f"| {names} | {sets} | {_code(str(fl.type))} | {choices} | "
                         f"{default} |")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _titled(title: str, page: str) -> str:
    """Front matter, so the site's navigation shows `title` rather than the file name."""
    return f"---\ntitle: {title}\n---\n{page}"


def emit_reference(res: Resolved, flags: FlagTable) -> dict[str, str]:
    """The reference pages; `flags` is emit_cli.build_table(res), shared with the CLI."""
    out = {f"{c.name}.md": class_page(c, res) for c in res.schema.classes}
    out["cli.md"] = _titled("Command-line flags", cli_page(flags))
    out["cache-key.md"] = _titled("Cache key", cache_key_page(res))
    out["hook-points.md"] = _titled("Hook points", hook_points_page(res))
    out["api.md"] = _titled(f"API: {res.schema.package}", api_page(res))
    index = [HEADER.format(src="schema/"), "# Config reference", "",
             "One page per config class: every field with its type, default, "
             "constraints, flags and cache-key rule.", "",
             "| Class | What it configures |", "| --- | --- |"]
    for c in sorted(res.schema.classes, key=lambda c: c.name):
        first = c.doc.strip().split("\n")[0]
        index.append(f"| [{c.name}]({c.name}.md) | {_cell(first)} |")
    index += ["", "Also: [command-line flags](cli.md), [cache key](cache-key.md), "
              "[hook points](hook-points.md), [API](api.md)."]
    out["index.md"] = "\n".join(index) + "\n"
    return out
