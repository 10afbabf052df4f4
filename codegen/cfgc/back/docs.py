"""The docs backend: the generated reference pages (Markdown for MkDocs), one page per
config class, the CLI, types, cache-key, hook-points, environment, differences and API
pages (declared behaviour is rendered by behaviour_docs)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from types import MappingProxyType

from ..model import schema as m
from ..model.flags import FlagSpec, FlagTable, ValueKind
from ..model.python import literal
from ..model.resolved import Resolved
from ..model.types import TypeKind
from . import DOCS_REFERENCE_DIR
from .behaviour_docs import _code, behaviour_section, default_note, env_page, rule_text, step_text
from .release_presence import in_release, presence

HEADER = "<!-- Generated from {src} by cfgc; do not edit. -->"
#: The upgrading pages' folder, inside the reference folder of the default release.
UPGRADING_DIR = "upgrading"
#: The releases, for the site's release selector (mike's versions.json shape).
VERSIONS_FILE = "versions.json"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ").strip()


def default_text(f: m.FieldDef, res: Resolved) -> str:
    d = f.default
    if d.kind == "value":
        return _code(literal(d.value, f.type, res))
    if d.kind == "factory":
        return _code(f"{d.value}()")
    note = default_note(f, res)
    if note:
        return note
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


# ---------------------------------------------------------------------------- class pages
#
# A class page is a compact table (one line per field, short cells that fit a 1400 px
# window) followed by one section per field with everything else. Each part is built by
# its own function, so a new kind of fact (class rules, derived or environment defaults)
# has one obvious place to go.

#: Table cells longer than this (default values) are shown only in the field's section.
SHORT_CELL = 24
_CONSTRAINT_WORDS = {"ge": ">=", "gt": ">", "le": "<=", "lt": "<"}


def flag_anchor(flag: str) -> str:
    """The id of a flag's heading on the CLI page: the flag without its dashes."""
    return flag.lstrip("-")


def flag_link(flag: str, anchor: str | None = None, page: str = "cli.md") -> str:
    return f"[`{flag}`]({page}#{anchor or flag_anchor(flag)})"


def type_anchor(name: str) -> str:
    return name.lower()


def named_types(f: m.FieldDef, res: Resolved) -> list[str]:
    """The aliases and enums a field's type names (the types page explains each)."""
    return list(dict.fromkeys(n.name for n in f.type.walk() if n.kind == TypeKind.NAMED
                              and (n.name in res.enums or n.name in res.aliases)))


def allowed_values(f: m.FieldDef, res: Resolved) -> list[str]:
    """Every value a Literal or enum in the field's type allows, as the user writes it
    (enum members by name, which is what flags and config files take)."""
    return list(res.allowed_values(f.type))


def _type_cell(f: m.FieldDef, res: Resolved) -> str:
    """The type, short enough for the table: a named type links to its explanation
    (types page or class page); a long type is shortened arm by arm (a Literal's values
    are in the field's section)."""
    text = f.type_text.replace("\n", " ").strip()
    arms = f.type.args if f.type.kind == TypeKind.UNION else (f.type,)
    named = any(a.kind == TypeKind.NAMED for a in arms)
    if len(text) <= SHORT_CELL and not named:
        return _code(text)
    parts = []
    for a in arms:
        if a.kind == TypeKind.NAMED and a.name in res.classes:
            parts.append(f"[`{a.name}`]({a.name}.md)")
        elif a.kind == TypeKind.NAMED and (a.name in res.enums or a.name in res.aliases):
            parts.append(f"[`{a.name}`](types.md#{type_anchor(a.name)})")
        elif a.kind == TypeKind.LITERAL:
            parts.append(f"[`Literal[...]`](#{f.name.lower()})")
        else:
            src = a.source()
            parts.append(f"`{src}`" if len(src) <= SHORT_CELL else
                         f"[`{src.split('[')[0]}[...]`](#{f.name.lower()})")
    return " or ".join(parts)


def _default_cell(f: m.FieldDef, res: Resolved) -> str:
    d = f.default
    if d.kind == "unset":
        return "derived" if f.derive is not None else "unset"
    text = default_text(f, res)
    if len(text) > SHORT_CELL + 2:
        return f"[see below](#{f.name.lower()})"
    return text


def field_table(c: m.ClassDef, res: Resolved, flags: dict[str, FlagSpec]) -> list[str]:
    lines = ["| Field | Type | Default | Flag | In cache key |",
             "| --- | --- | --- | --- | --- |"]
    for f in c.fields:
        name = f"[`{f.name}`](#{f.name.lower()})"
        if f.deprecation:
            name += " (deprecated)"
        fl = flags.get(f"{c.name}.{f.name}")
        flag = flag_link(fl.flag) if fl else ""
        included = f.hash is not None and f.hash.include and f.kind == "field"
        lines.append(f"| {name} | {_type_cell(f, res)} | {_cell(_default_cell(f, res))} | "
                     f"{flag} | {'yes' if included else 'no'} |")
    return lines + [""]


def derived_default_items(c: m.ClassDef, f: m.FieldDef) -> list[str]:
    """Declared behaviour of one field: derived or environment default, per-item
    constraints and deprecated values, as list items."""
    items = []
    if f.derive is not None:
        items.append(f"**Derived default:** {_code(f.derive.display)}, computed after "
                     "construction when no value is given")
    if f.env:
        items.append(f"**Environment variable:** `{f.env}`: when set, its value is the "
                     "default ([all variables](environment.md))")
    if f.item_constraints:
        items.append("**Each item:** " + ", ".join(
            _code(f"{_CONSTRAINT_WORDS.get(k, k)} {v!r}") for k, v in f.item_constraints))
    for dv in f.deprecated_values:
        note = f" ({dv.message})" if dv.message else ""
        items.append(f"**Deprecated value:** {_code(repr(dv.value))} is read as "
                     f"{_code(repr(dv.replacement))}{note}")
    return items


def searched(res: Resolved, subject: str) -> bool:
    """Whether a field's or flag's section goes into the site's search: on the default
    release's pages always; on another release's only when the default release lacks
    it, so that a search finds each field once (with its history) and still finds what
    only other releases have."""
    schema = res.schema
    if len(schema.releases) < 2 or schema.release == schema.default_release:
        return True
    return not in_release(_presence(res), subject, schema.default_release, schema.releases)


_PRESENCE: dict[int, tuple[Resolved, dict]] = {}


def _presence(res: Resolved) -> dict[str, list[list[str]]]:
    """presence(res), once per compiled schema (every page of a release asks)."""
    cached = _PRESENCE.get(id(res.release_changes))
    if cached is None or cached[0].release_changes is not res.release_changes:
        _PRESENCE.clear()
        cached = _PRESENCE[id(res.release_changes)] = (res, presence(res))
    return cached[1]


def _unsearched(res: Resolved, subject: str) -> str:
    """The heading attribute that keeps a section out of the search index, or ''."""
    return "" if searched(res, subject) else " { data-search-exclude }"


def field_section(c: m.ClassDef, f: m.FieldDef, res: Resolved, fl: FlagSpec | None
                  ) -> list[str]:
    lines = [f"### {f.name}{_unsearched(res, f'{c.name}.{f.name}')}", "", f.doc.strip(), ""]
    items = [f"**Type:** {_code(f.type_text.replace(chr(10), ' ').strip())}"]
    values = allowed_values(f, res)
    if values:
        where = ", ".join(f"[{n}](types.md#{type_anchor(n)})" for n in named_types(f, res))
        items.append("**Allowed values:** " + ", ".join(_code(v) for v in values)
                     + (f" (see {where})" if where else ""))
    items.append(f"**Default:** {default_text(f, res)}")
    items += derived_default_items(c, f)
    if f.constraints:
        items.append("**Constraints:** " + ", ".join(
            _code(f"{_CONSTRAINT_WORDS.get(k, k)} {v!r}") for k, v in f.constraints))
    if f.kind != "field":
        items.append(f"**Kind:** {f.kind}")
    if not f.init:
        items.append("**Not a constructor argument.**")
    if f.validators:
        steps = [v.describe(lambda t: f"`{t}`") for v in f.validators]
        items.append("**Validation:** " + ", ".join(steps))
    items.append(f"**Cache key:** {cache_key_text(f)}")
    if fl is not None:
        spellings = [flag_link(fl.flag)] + [f"`{x}`" for x in (*fl.aliases, *fl.negatives)]
        items.append("**Flags:** " + ", ".join(spellings))
    if f.hook_point:
        items.append(f"**Engine-supplied:** {f.hook_point}")
    if history := res.history.get(f"{c.name}.{f.name}"):
        items.append("**Releases:** " + "; ".join(history))
    lines += [f"- {item}" for item in items] + [""]
    if f.deprecation:
        new = f.deprecation.replacement
        repl = f" Use `{new}` instead." if new else ""
        lines += ['!!! warning "Deprecated"', f"    {f.deprecation.message}{repl}", ""]
    return lines


def release_lines(res: Resolved, subject: str = "") -> list[str]:
    """Which release a page describes (when the schema has several), where the others
    are, and how `subject` differs across them."""
    schema = res.schema
    if len(schema.releases) < 2:
        return []
    up = "" if schema.release == schema.default_release else "../"
    # The release itself is named by the selector (and the page's front matter), not
    # here: a page whose class did not change reads the same in every release folder,
    # so the docs build converts it once (docs/_hooks/cfgc_render_cache.py).
    which = ("the default release" if schema.release == schema.default_release
             else "the release")
    # nor how many there are: adding a release leaves the other folders' pages alone
    line = (f"Describes {which} of vLLM that the selector at the top of the page shows; "
            "it lists the other releases and shows this page for each, and "
            f"[upgrading]({up}{UPGRADING_DIR}/index.md) says what changes between two.")
    history = res.history.get(subject, ()) if subject else ()
    if history:
        line += " This class: " + "; ".join(history) + "."
    return [line, ""]


def versions_json(res: Resolved) -> str:
    """The releases in mike's `versions.json` shape (newest first; the default one has
    the alias `default`), with each release's reference folder as a property: what the
    site's release selector lists (docs/_hooks/cfgc_versions.py)."""
    schema = res.schema
    folder = DOCS_REFERENCE_DIR.removeprefix("docs/")
    entries = [{"version": r, "title": r,
                "aliases": ["default"] if r == schema.default_release else [],
                "properties": {"reference": f"{folder}/" if r == schema.default_release
                               else f"{folder}/{r}/"}}
               for r in reversed(schema.releases)]
    return json.dumps(entries, indent=1) + "\n"


def class_page(c: m.ClassDef, res: Resolved, flags: dict[str, FlagSpec]) -> str:
    """`flags`: target (Class.field or Class) -> its FlagSpec. The page hides the
    table of contents: the field table is the page's index, and it needs the width."""
    release = ([f"release: {json.dumps(res.schema.release)}"]
               if len(res.schema.releases) > 1 else [])
    lines = ["---", "hide: [toc]", "search: {boost: 2}", *release, "---",
             HEADER.format(src=c.loc.file),
             f"# {c.name}", "", c.doc.strip(), ""]
    where = f"`{c.loc.file}:{c.loc.line}`"
    lines.append(f"Module: `{res.schema.package}.{c.module}` · schema: {where}")
    lines.append("")
    lines += release_lines(res, c.name)
    whole = [fl for fl in flags.values() if fl.target == c.name]
    for fl in whole:
        what = "Whole config as JSON" if fl.kind == ValueKind.JSON else "Create it"
        names = ", ".join([flag_link(fl.flag)] + [f"`{x}`" for x in fl.aliases])
        lines += [f"{what} on the command line: {names}.", ""]
    lines += field_table(c, res, flags)
    if c.hash_extra:
        lines += ["Extra cache-key factors (not fields):", ""]
        for e in c.hash_extra:
            source = (f"`{e.expr.display}`" if e.expr else f"path `{e.path}`" if e.path
                      else f"hook `{e.hook}`")
            lines.append(f"- `{e.name}` ({source}): {e.doc}".rstrip(": "))
        lines.append("")
    lines += behaviour_section(c, res)
    exposed = [(f, v) for f in c.fields for v in f.validators if v.name == "expose"]
    if c.properties or c.methods or exposed:
        lines += ["| Property / method | Returns | What it gives |", "| --- | --- | --- |"]
        lines += [f"| `{a.name}` | {_code(a.returns)} | {_cell(_accessor_doc(a))} |"
                  for a in c.properties]
        lines += [f"| {_method_name(a)} | {_code(a.returns)} | {_cell(_accessor_doc(a))} |"
                  for a in c.methods]
        lines += [f"| `@classmethod` `{v.hook}`(`value`) | `Any` | {_cell(str(v.arg))} "
                  f"The {v.mode}-mode validator of [`{f.name}`](#{f.name.lower()}). |"
                  for f, v in exposed]
        lines.append("")
        checked = [a for a in (*c.properties, *c.methods) if a.rules]
        if checked:  # below the table: a long expression does not fit a cell
            lines += ["Checks made when called, in order (a failing one raises):", ""]
            lines += [f"- `{a.name}`: " + "; ".join(rule_text(r) for r in a.rules)
                      for a in checked]
            lines.append("")
        stepped = [a for a in c.methods if a.steps]
        if stepped:
            lines += ["Steps of the methods that change the config, in order when called "
                      "(a failing check raises):", ""]
            for a in stepped:
                lines.append(f"- {_method_name(a)}:")
                lines += [f"    1. {step_text(s)}" for s in a.steps]
                if a.expr is not None:
                    lines.append(f"    1. return {_code(a.expr.display)}")
            lines.append("")
        filled = [a for a in c.methods if a.each_op]
        lines += [f"`{a.name}` builds the config with a copy of `{a.each_op}` for every op "
                  "not given as a keyword argument." for a in filled] + [""] * bool(filled)
    if c.hook_points:
        lines += ["Hook points (the engine supplies these at run time, see "
                  "[hook points](hook-points.md)):", ""]
        lines += [f"- `{hp.name}`: {hp.doc} Needs: {hp.supplies}." for hp in c.hook_points]
        lines.append("")
    lines += ["## Fields", ""]
    for f in c.fields:
        lines += field_section(c, f, res, flags.get(f"{c.name}.{f.name}"))
    return "\n".join(lines).rstrip() + "\n"


def types_page(res: Resolved) -> str:
    """Every named Literal type and enum with its allowed values: what class pages link to."""
    lines = [HEADER.format(src="schema/"), "# Types", "",
             "The named types of the schema and the values each allows. A field of one of "
             "these types takes exactly these values, in config files and on the command "
             "line (enum members by name).", ""]
    used: dict[str, list[str]] = {}
    for c in res.schema.classes:
        for f in c.fields:
            for n in named_types(f, res):
                used.setdefault(n, []).append(f"[`{c.name}.{f.name}`]({c.name}.md#"
                                              f"{f.name.lower()})")
    for name in sorted([*res.aliases, *res.enums], key=str.lower):
        lines += [f"## {name}", ""]
        if name in res.enums:
            e = res.enums[name]
            lines += [e.doc.strip(), "", f"Enum ({e.base}); fields and flags take the member "
                      "name.", "", "| Member | Value |", "| --- | --- |"]
            for mem in e.members:
                value = _code(repr(mem.value)) if mem.value not in ("", None) else ""
                note = f" {mem.doc}" if mem.doc else ""
                lines.append(f"| `{mem.name}` | {_cell(value + note)} |")
            lines.append("")
        else:
            a = res.aliases[name]
            lines += [a.doc.strip(), ""]
            if a.type.kind != TypeKind.LITERAL:  # a Literal's values are listed below
                lines += [f"Type: {_code(a.type_text.replace(chr(10), ' '))}", ""]
            values = [v for node in res.expand(a.type).walk() if node.kind == TypeKind.LITERAL
                      for v in node.values]
            if values:
                lines += ["Allowed values: " + ", ".join(
                    _code(json.dumps(v) if isinstance(v, str) else str(v)) for v in values) + ".",
                          ""]
        if history := res.history.get(name):
            lines += ["Releases: " + "; ".join(history) + ".", ""]
        if used.get(name):
            lines += ["Used by: " + ", ".join(used[name]) + ".", ""]
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
            lines += [f"Extra factor `{e.name}`: {e.doc or e.source}", ""]
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
        named = [*(s.hook for s in c.resolve if s.kind == "hook"),
                 *(v.hook for f in c.fields for v in f.validators if v.name == "hook")]
        hooks = [h for h in named if not m.is_library_call(h)]
        calls = [h for h in named if m.is_library_call(h)]
        if not (c.hook_points or field_points or named):
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
        if calls:
            lines += ["Library calls: " + ", ".join(
                f"`{h}` (`{_library(res, h).package}`)" for h in dict.fromkeys(calls))
                + ".", ""]
    return "\n".join(lines).rstrip() + "\n"


def _library(res: Resolved, call: str) -> m.Library:
    return next(lib for lib in res.schema.libraries if lib.name == call.split(".", 1)[0])


def _method_name(a) -> str:
    """`name`(`param`, `p=default`) as Markdown, one code span per name so a long
    signature wraps between parameters, never inside one; the decorator of static and
    class methods first; `(...)` for a hook-backed method that declares no parameters
    (it passes on what it is given)."""
    prefix = f"`@{a.kind}` " if a.kind != "method" else ""
    if a.kind == "validator":  # pydantic runs it when the class is built
        prefix = f"`@model_validator(mode=\"{a.mode}\")` "
    if not (a.has_params or a.expr is not None or a.unsupported):
        return f"{prefix}`{a.name}(...)`"
    defaults = dict(a.defaults)
    params = [f"`{p}={_cell(defaults[p])}`" if p in defaults else f"`{p}`" for p, _ in a.params]
    return f"{prefix}`{a.name}`({', '.join(params)})"


def _accessor_doc(a: m.Accessor) -> str:
    """The one-line doc, plus what is not available or differs from vLLM."""
    doc = " ".join(a.doc.split())
    if a.unsupported:
        doc += f" **Raises NotSupportedError:** {a.unsupported}"
    if a.differs:
        doc += f" **Differs from vLLM:** {a.differs}"
    return doc


def vllm_name(res: Resolved) -> str:
    """"vLLM 0.33.0": the release a page describes (just "vLLM" without releases)."""
    return f"vLLM {res.schema.release}".strip()


def differences_page(res: Resolved) -> str:
    """Every declared `differs_from_vllm` of the schema, one line each with its reason."""
    lines = [HEADER.format(src="schema/"), f"# Differences from {vllm_name(res)}", "",
             "Code written against `vllm.config` runs against the generated package; these "
             "are the deliberate exceptions, each declared in the schema (`differs_from_vllm"
             "`, or `unsupported` on a method) with its reason.", ""]
    diffs = res.schema.all_differences()
    lines += ["| What | Differs how, and why |", "| --- | --- |"]
    lines += [f"| `{d.subject}` | {_cell(' '.join(d.reason.split()))} |" for d in diffs]
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


def cli_page(table: FlagTable, intro: list[str] = (),
             history: Mapping[str, tuple[str, ...]] = MappingProxyType({}),
             searched: Callable[[str], bool] = lambda flag: True) -> str:
    """Every flag, from the same table `vllm-config` builds its parser from
    (`Resolved.flags`), so the page cannot drift from the parser: one heading (anchor) per
    flag with its --help text. `intro`: the lines saying which release it describes."""
    lines = [HEADER.format(src="schema/"), "# Command-line flags", "", *intro,
             "`vllm-config show [flags]` prints the resolved configs; `vllm-config hash "
             "[flags]` prints the cache key and its factors. The flags are vLLM's engine "
             "flags, generated from the schema. Booleans take `--x` / `--no-x`; optional "
             "values accept `None`; lists take one or more values; JSON flags also take "
             "dotted keys (`-cc.mode 3`, `--compilation-config.cudagraph_capture_sizes "
             "'[1,2]'`, a trailing `+` appends); `--config file.yaml` supplies defaults "
             "that flags override. `--help=all`, `--help=<group>` and `--help=<keyword>` "
             "narrow the help. Each flag below shows the text `--help` prints for it.", ""]
    for name, summary, _ in table.groups:
        flags = [fl for fl in table.flags if fl.group == name]
        lines += [f"## {name}", "", summary, ""]
        for fl in flags:
            lines += flag_section(fl, flag_history(fl, history), searched(fl.flag))
    return "\n".join(lines).rstrip() + "\n"


def flag_history(fl: FlagSpec, history: Mapping[str, tuple[str, ...]]) -> tuple[str, ...]:
    """The flag's notes, then those of the field (or class) it sets; a flag that went
    with its field says so once, in the field's note."""
    own = [n for n in history.get(fl.flag, ()) if not n.endswith(f" with {fl.target}")]
    return (*own, *history.get(fl.target, ()))


def _value_note(fl: FlagSpec) -> str:
    if fl.kind in (ValueKind.BOOL, ValueKind.ENABLE):
        off = " / ".join(f"`{n}`" for n in fl.negatives)
        return f"none: `{fl.flag}` sets true" + (f", {off} false" if off else "")
    dotted = f"JSON object, or its keys one by one (`{fl.flag}.key value`)"
    what = {ValueKind.JSON: dotted, ValueKind.DICT: dotted,
            ValueKind.DICT_OR_STR: "JSON object, or a string",
            ValueKind.FLAG_OR_STR: "none (true), or a string",
            ValueKind.INT: "integer", ValueKind.FLOAT: "number", ValueKind.STR: "string",
            ValueKind.CHOICE: "one of the choices", ValueKind.ENUM: "a member name",
            }[fl.kind]
    if fl.human_int:
        what += ", human-readable (`32k`)"
    if fl.auto_int:
        what += " or `auto`"
    if fl.container:
        what = f"one or more ({fl.container}): " + what if fl.nargs == "+" \
            else f"{fl.nargs} values ({fl.container}): " + what
    if fl.optional:
        what += "; `None` accepted"
    return what


def flag_section(fl: FlagSpec, history: tuple[str, ...] = (), searched: bool = True
                 ) -> list[str]:
    """One flag: heading with its anchor, facts (with how it differs in other
    releases), and the help text. `searched`: whether the site's search indexes it."""
    anchor = flag_anchor(fl.flag)
    hidden = "" if searched else " data-search-exclude"
    lines = [f"### `{fl.flag}` {{ #{anchor}{hidden} }}", ""]
    if fl.field:
        sets = f"[`{fl.cls}.{fl.field}`]({fl.cls}.md#{fl.field.lower()})"
    else:
        sets = f"[`{fl.cls}`]({fl.cls}.md)"
    facts = [f"**Sets:** {sets}", f"**Type:** {_code(str(fl.type))}",
             f"**Value:** {_value_note(fl)}"]
    if fl.choices:
        facts.append("**Choices:** " + ", ".join(_code(str(c)) for c in fl.choices))
    if fl.default:
        facts.append(f"**Default:** {_code(fl.default)}")
    others = [*fl.aliases, *fl.negatives]
    if others:
        facts.append("**Also:** " + ", ".join(f"`{x}`" for x in others))
    if fl.requires:
        facts.append(f"**Needs:** {flag_link(fl.requires, page='')}")
    if fl.deprecated is not None:
        facts.append("**Deprecated**")
    if history:
        facts.append("**Releases:** " + "; ".join(history))
    lines += [f"- {x}" for x in facts] + [""]
    lines += [fl.help, ""]  # the --help text; its paragraphs and list lines are Markdown
    return lines


def _titled(title: str, page: str, **meta: object) -> str:
    """Front matter, so the site's navigation shows `title` rather than the file name
    (JSON-quoted: a title with a colon is valid YAML); `meta` adds keys (search)."""
    extra = "".join(f"{k}: {json.dumps(v)}\n" for k, v in meta.items())
    return f"---\ntitle: {json.dumps(title)}\n{extra}---\n{page}"


def emit(res: Resolved, outputs: Mapping[str, str]) -> dict[str, str]:
    """The reference pages, by path from the project root; with several releases, the
    default release's pages also carry versions.json."""
    out = {f"{DOCS_REFERENCE_DIR}/{rel}": content
           for rel, content in reference_pages(res, res.flags).items()}
    schema = res.schema
    if len(schema.releases) > 1 and schema.release == schema.default_release:
        out[f"{DOCS_REFERENCE_DIR}/{VERSIONS_FILE}"] = versions_json(res)
    return out


def reference_pages(res: Resolved, flags: FlagTable) -> dict[str, str]:
    """The reference pages by name; `flags` is the flag table the CLI is built from."""
    by_target = {fl.target: fl for fl in flags.flags}
    out = {f"{c.name}.md": class_page(c, res, by_target) for c in res.schema.classes}
    out["cli.md"] = _titled("Command-line flags", cli_page(flags, release_lines(res), res.history,
                                                           lambda flag: searched(res, flag)),
                            search={"boost": 2})
    out["types.md"] = _titled("Types", types_page(res))
    out["cache-key.md"] = _titled("Cache key", cache_key_page(res))
    out["hook-points.md"] = _titled("Hook points", hook_points_page(res))
    out["environment.md"] = _titled("Environment variables", env_page(res))
    out["differences.md"] = _titled(f"Differences from {vllm_name(res)}",
                                    differences_page(res))
    out["api.md"] = _titled(f"API: {res.schema.package}", api_page(res),
                            search={"exclude": True})
    # The API page documents the importable package: the default release's.
    default = res.schema.release == res.schema.default_release
    api = "api.md" if default else "../api.md"
    index = [HEADER.format(src="schema/"), "# Config reference", "",
             *release_lines(res),
             "One page per config class: every field with its type, default, "
             "constraints, flags and cache-key rule.", "",
             "| Class | What it configures |", "| --- | --- |"]
    for c in sorted(res.schema.classes, key=lambda c: c.name):
        first = c.doc.strip().split("\n")[0]
        index.append(f"| [{c.name}]({c.name}.md) | {_cell(first)} |")
    index += ["", "Also: [command-line flags](cli.md), [types and their values](types.md), "
              f"[cache key](cache-key.md), [hook points](hook-points.md), [API]({api}), "
              f"[differences from {vllm_name(res)}](differences.md)."]
    out["index.md"] = "\n".join(index) + "\n"
    return out
