"""Docs of declared behaviour, for the docs backend: a class's rules, resolution steps
and defaults tables, the derived and environment defaults of its fields, and the
environment-variables page. Expressions are shown as written in the schema."""

from __future__ import annotations

from ..model import schema as m
from ..model.expr import Expr
from ..model.python import literal
from ..model.resolved import Resolved


def _code(text: str) -> str:
    """Inline code that is safe inside a table cell (pipes and backticks included)."""
    escaped = (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
               .replace("|", "&#124;"))
    return f"<code>{escaped}</code>" if ("|" in text or "`" in text) else f"`{text}`"


def _message(rule: m.Rule) -> str:
    """A rule's message as quoted prose: its placeholders may hold Python (`{xs[0]}`),
    whose brackets Markdown would read as a link reference, so they are escaped."""
    text = rule.message.strip().replace("\\", "\\\\")
    return '"' + text.replace("[", "\\[").replace("]", "\\]") + '"'


def default_note(f: m.FieldDef, res: Resolved) -> str:
    """'' or how the default is computed: derived from an expression or the environment."""
    if f.derive is not None:
        return f"derived: {_code(f.derive.display)}"
    if f.env:
        fallback = literal(f.default.value, f.type, res) if f.default.kind == "value" else "None"
        return f"${f.env}, else {_code(fallback)}"
    return ""


def rule_text(rule: m.Rule) -> str:
    when = f"when {_code(rule.when.display)}: " if rule.when is not None else ""
    if rule.level != "error":
        level = f"warn ({rule.category})" if rule.category else rule.level
        return f"{when}{level} {_message(rule)}"
    return f"{when}require {_code(rule.require.display)} (else: {_message(rule)})"


def step_text(s: m.Step) -> str:
    """One step of a class's resolution or of a method, as a line of the class page."""
    if s.kind == "check":
        return rule_text(s.rule)
    when = f"when {_code(s.when.display)}: " if s.when is not None else ""
    if s.kind == "let":
        note = f" ({s.rule.level}: {_message(s.rule)})" if s.rule else ""
        return f"{when}let `{s.target}` = {_code(s.value.display)}{note}"
    if s.kind == "do":
        return f"{when}call {_code(s.value.display)}"
    if s.kind == "return":
        return f"{when}return" + (f" {_code(s.value.display)}" if s.value is not None else "")
    if s.kind == "hook" and m.is_library_call(s.hook):
        return f"{when}call `{s.hook}` (a library function)"
    if s.kind == "hook":
        return f"{when}hook `{s.hook}` (an algorithm in `cfgc.hooks`)"
    if s.kind == "platform_priorities":
        return (f"{when}append the [platform](platforms.md#ir-op-provider-order)'s IR op "
                f"provider order to each op list of `{s.target}` (the profile whose device "
                f"type is {_code(s.device_type.display)}; the compiled order when "
                f"{_code(s.compiled.display)}, else the eager one)")
    if s.kind == "apply":
        return (f"{when}fill unset values from table "
                f"[`{s.table}`](#table-{s.table.replace('_', '-')})")
    note = f" ({s.rule.level}: {_message(s.rule)})" if s.rule else ""
    return f"{when}set `{s.target}` = {_code(s.value.display)}{note}"


def _table_value(v: object) -> str:
    if isinstance(v, Expr):
        return _code(v.display)
    return _code("None" if v is None else str(v).replace("True", "true").replace(
        "False", "false") if not isinstance(v, bool) else str(v).lower())


def behaviour_section(c: m.ClassDef, res: Resolved) -> list[str]:
    """Markdown lines: derived defaults, ordered resolution and rules of class `c`."""
    lines: list[str] = []
    derived = [f for f in c.fields if f.derive is not None]
    if derived or c.resolve:
        lines += ["## After construction", "",
                  "Run once, in this order, when an object is built: derived defaults "
                  "first, then these steps, then the rules below.", ""]
        for f in derived:
            lines.append(f"1. when `{f.name}` is not given: set it to {_code(f.derive.display)}")
        for s in c.resolve:
            lines.append(f"1. {step_text(s)}")
        lines.append("")
    for t in c.tables:
        lines += [f"### Table {t.name} {{#table-{t.name.replace('_', '-')}}}", "",
                  f"{t.doc.strip()} Keyed by {_code(t.key.display)}; a value fills its "
                  "target only while that is unset (None); a target a row leaves out is "
                  "left to the engine.", ""]
        for member, entries in t.rows:
            lines.append(f"- **{member}**: " + ", ".join(
                f"`{e.target}` = " + (f"`{e.name}(cfg)`: " if e.name else "")
                + _table_value(e.value) for e in entries))
        lines.append("")
    if c.rules:
        lines += ["## Rules", "", "Checked after construction; a failing rule is an error "
                  "naming its fields (and, from the command line, their flags).", ""]
        lines += [f"- {rule_text(r)}" for r in c.rules]
        lines.append("")
    return lines


def env_page(res: Resolved) -> str:
    """Every environment variable the generated configs read, where, and how
    `vllm_config.envs` gives it (vLLM's type and default, from `environment:`)."""
    from .envs import variables

    exposed = variables(res)
    rows: list[tuple[str, str, str, str]] = []

    def typed(var: str) -> str:
        v = exposed.get(var)
        if v is None:
            return "-"
        default = f"`{v.default_env}`'s value" if v.default_env else _code(repr(v.default))
        text = f"{_code(v.type_text)}, default {default}"
        if v.declared is not None and not v.declared.vllm_envs:
            text += " (not in vLLM's `vllm.envs`: vLLM reads the environment itself)"
        if v.declared is not None:
            text = f"{v.declared.doc.replace('|', '&#124;')} {text}"
        return text

    for c in sorted(res.schema.classes, key=lambda c: c.name):
        for f in c.fields:
            if f.env:
                link = f"[`{c.name}.{f.name}`]({c.name}.md#{f.name.lower()})"
                rows.append((f.env, typed(f.env), link, "the field's default when no value "
                             f"is given ({default_note(f, res)})"))
        code = res.behaviour[c.name]
        for var, default in dict.fromkeys(code.env):
            rows.append((var, typed(var), f"[`{c.name}`]({c.name}.md)",
                         f"read by its rules or steps (as `{default}` when unset)"))
    ps = res.schema.platform_set
    for var, value, profile in ps.env_entries() if ps is not None else ():
        rows.append((var, typed(var), "[platforms](platforms.md#ir-op-provider-order)",
                     f"the text `{value}` puts providers first in the {profile} profile's "
                     "IR op order"))
    if ps is not None and ps.host_env:
        rows.append((ps.host_env, "-", "[platforms](platforms.md#read-from-the-host)",
                     "the host's CPU flags, comma-separated (empty: none), instead of the "
                     f"machine's own: {', '.join(f'`{a.name}`' for a in ps.host_attributes)}"))
    if ps is not None:
        rows.append((ps.env, "-", "[platforms](platforms.md)",
                     f"names the platform profile (one of {', '.join(ps.names)}; default "
                     f"`{ps.default}`); `--platform` and `set_current_platform()` win"))
    lines = ["<!-- Generated from schema/ by cfgc; do not edit. -->", "",
             "# Environment variables", "",
             "The generated configs read these variables, and only these (hooks aside: "
             "see [hook points](hook-points.md)). Booleans take 1/0, true/false, yes/no, "
             "on/off; a value that does not parse is an error naming the variable. The "
             "value read is what the cache key sees. In Python, `vllm_config.envs` has "
             "each of them under its name, read when accessed, with the type and default "
             "of vLLM's `vllm.envs` (the schema's `environment:` section; the last "
             "column is how the configs themselves read it).", "",
             "| variable | in `vllm_config.envs` | read by | how |",
             "| --- | --- | --- | --- |"]
    lines += [f"| `{v}` | {t} | {where} | {how} |" for v, t, where, how in sorted(rows)]
    return "\n".join(lines) + "\n"
