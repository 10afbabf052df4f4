"""The platforms backend: `<package>/platforms.py` (the profiles as data and the
selection) and docs/reference/platforms.md (every profile's values and what reads them).
"""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Mapping
from pathlib import Path

from ..model.platforms import IR_OP_PRIORITY, PlatformSet, ir_op_orders
from ..model.resolved import Resolved
from . import DOCS_REFERENCE_DIR, GENERATED_DIR
from .render import header


def emit_module(ps: PlatformSet, package: str, source: str, ops: list[str] = ()) -> str:
    """`<package>/platforms.py`: the profiles as data and the selection (and, with an
    `ir_op_priority` attribute, each profile's provider order per op of `ops`)."""
    lines = [
        header(source),
        '"""Platform profiles: what each hardware platform is and supports.',
        "",
        "The config classes read the selected profile as `current_platform` (declared in",
        "the schema as `platform.<attribute>`). Select one with",
        f"`set_current_platform(\"cpu\")`, `with using_platform(\"cpu\"):`, the {ps.env}",
        "environment variable, or `vllm-config ... --platform NAME`. Otherwise the",
        "Python API detects the platform as vLLM does (cfgc.runtime.platform_detect)",
        f'and vllm-config uses {ps.default}."""',
        "",
        "from cfgc.runtime import platforms as _p",
        "from cfgc.runtime.platforms import Selector",
        "",
        "#: Environment variable naming the platform when none was selected in code.",
        f"ENV_VAR = {ps.env!r}",
        f"DEFAULT = {ps.default!r}",
        "",
        "#: What each attribute means.",
        "ATTRIBUTES = {",
    ]
    for a in ps.attributes:
        lines.append(f"    {a.name!r}: {a.doc!r},")
    lines += ["}", ""]
    names = ["ATTRIBUTES", "DEFAULT", "ENV_VAR", "PROFILES"]
    if ps.host_attributes:
        lines += ["#: Attributes read from the host, not given by profiles: each is true when the",
                  f"#: host's CPU has its flag ({ps.host_env} states the flags instead).",
                  f"HOST_ENV_VAR = {ps.host_env!r}",
                  "HOST_CPU_FLAGS = {"]
        lines += [f"    {a.name!r}: {a.host_cpu_flag!r}," for a in ps.host_attributes]
        lines += ["}", ""]
        names += ["HOST_CPU_FLAGS", "HOST_ENV_VAR"]
    lines += ["#: Each profile: its description and a value for every other attribute.",
              "PROFILES = {"]
    for p in ps.profiles:
        lines.append(f"    {p.name!r}: {{")
        lines.append(f"        \"doc\": {p.doc!r},")
        for name, value in p.values:
            lines.append(f"        {name!r}: {value!r},")
        lines.append("    },")
    lines += ["}", ""]
    if ps.attribute(IR_OP_PRIORITY) is not None:
        lines += _ir_op_priority(ps, ops)
        names += ["IR_OP_PRIORITY", "add_ir_op_priority"]
    lines += [
        "_selector = Selector(PROFILES, DEFAULT, ENV_VAR" + (
            ", HOST_CPU_FLAGS, HOST_ENV_VAR)" if ps.host_attributes else ")"),
        "#: The selected profile (follows set_current_platform / using_platform).",
        "current_platform = _selector.current",
        "get_platform = _selector.get",
        "set_current_platform = _selector.set",
        "using_platform = _selector.using",
        "",
        *textwrap.wrap("__all__ = [" + ", ".join(json.dumps(n) for n in [
            *names, "current_platform", "get_platform", "set_current_platform",
            "using_platform"]) + "]", 89, subsequent_indent=" " * 11),
        "",
    ]
    return "\n".join(lines)


def _ir_op_priority(ps: PlatformSet, ops: list[str]) -> list[str]:
    """IR_OP_PRIORITY (each profile's order for every op, keyed by device type; None: a
    device no profile describes gets each op's native provider, which every op has)
    and add_ir_op_priority, what the `platform_priorities` steps call."""
    lines = ["#: Each profile's IR op provider order (its ir_op_priority) for every IR op of",
             "#: this release, by device type: appended when Inductor compiles the model",
             "#: (\"compiled\") or otherwise (\"eager\"); \"first\": (variable, value, {op:",
             "#: providers}) put first while that environment variable has that value. None:",
             "#: a device type no profile has (each op's native provider).",
             "IR_OP_PRIORITY = {"]
    native = {"compiled": {op: ["native"] for op in ops}, "eager": {op: ["native"] for op in ops},
              "first": []}
    for key, orders in [*((p.value("device_type"), ir_op_orders(p.value(IR_OP_PRIORITY), ops))
                          for p in ps.profiles), (None, native)]:
        lines.append(f"    {key!r}: {{")
        for mode in ("compiled", "eager", "first"):
            lines.append(f"        {mode!r}: {orders[mode]!r},")
        lines.append("    },")
    lines += [
        "}",
        "",
        "",
        "def add_ir_op_priority(priorities: object, device_type: str, compiled: bool) -> None:",
        '    """Append the IR op provider order of the profile with this device type to each',
        "    op list of `priorities` (an IrOpPriorityConfig), skipping providers already",
        '    listed: calling it again changes nothing."""',
        "    _p.add_ir_op_priority(IR_OP_PRIORITY, priorities, device_type, compiled)",
        "",
        "",
    ]
    return lines


def emit_docs(ps: PlatformSet, uses: dict[str, list[str]]) -> str:
    """docs/reference/platforms.md: every profile's values and what reads them."""
    names = [p.name for p in ps.profiles]
    out = [
        "# Platforms",
        "",
        "Generated from `schema/platforms.yaml`. A platform profile says what the hardware "
        "is and supports; the config classes read the selected one as "
        "`platform.<attribute>` in their derived defaults, resolve steps and rules.",
        "",
        f"Select one with `vllm-config show|hash|diff|explain --platform NAME`, the "
        f"`{ps.env}` environment variable, or in Python `set_current_platform(\"cpu\")` / "
        f"`with using_platform(\"cpu\"):` from `vllm_config.platforms`. "
        f"Default: `{ps.default}`.",
        "",
        "| profile | description |",
        "| --- | --- |",
    ]
    for p in ps.profiles:
        out.append(f"| `{p.name}` | {p.doc} |")
    out += ["", "## Values", "", "| attribute | " + " | ".join(f"`{n}`" for n in names)
            + " | meaning |", "| --- |" + " --- |" * (len(names) + 1)]
    for a in ps.profile_attributes:
        cells = [f"`{_cell(p.value(a.name))}`" if a.name != IR_OP_PRIORITY else
                 "[below](#ir-op-provider-order)" for p in ps.profiles]
        out.append(f"| `{a.name}` | " + " | ".join(cells) + f" | {a.doc} |")
    if ps.host_attributes:
        out += ["", "## Read from the host", "",
                "These attributes are the same in every profile: each is true when the CPU "
                "of the machine resolving the config has the flag (the `flags` line of "
                "`/proc/cpuinfo`; none elsewhere), as vLLM asks torch about its own host. "
                f"`{ps.host_env}` states the flags instead (comma-separated, empty for "
                "none): set it to resolve a config for another machine than this one.", "",
                "| attribute | CPU flag | meaning |", "| --- | --- | --- |"]
        out += [f"| `{a.name}` | `{a.host_cpu_flag}` | {a.doc} |" for a in ps.host_attributes]
    if ps.attribute(IR_OP_PRIORITY) is not None:
        out += _ir_op_priority_docs(ps)
    out += ["", "## What reads them", "",
            "Each attribute and the schema steps and rules that use it (the class pages show "
            "the full expressions).", ""]
    for a in ps.attributes:
        where = uses.get(a.name, [])
        out.append(f"- `{a.name}`: " + (", ".join(sorted(set(where))) if where
                                         else "not read by the schema (engine-side only)"))
    return "\n".join(out) + "\n"


def _ir_op_priority_docs(ps: PlatformSet) -> list[str]:
    """Each profile's IR op provider orders, one row per case."""
    out = ["", "## IR op provider order", "",
           "What each profile appends to an IR op's provider list (`ir_op_priority`; "
           "`platform_priorities` steps). A device type no profile has gets `native`. "
           "Providers an environment entry names go first while it holds.", "",
           "| profile | when | op | providers |", "| --- | --- | --- | --- |"]
    for p in ps.profiles:
        for key, orders in p.value(IR_OP_PRIORITY).items():
            when = {"compiled": "Inductor compiles the model",
                    "eager": "otherwise"}.get(key, f"`{key}`")
            for op, providers in orders.items():
                op_cell = f"`{op}`" if op != "default" else (
                    "every other op" if len(orders) > 1 else "every op")
                first = "" if key in ("compiled", "eager") else " first"
                out.append(f"| `{p.name}` | {when} | {op_cell} | "
                           f"{', '.join(f'`{x}`' for x in providers)}{first} |")
    return out


def readers(ps: PlatformSet, outputs: Mapping[str, str], prefix: str,
            hooks_dir=None) -> dict[str, list[str]]:
    """attribute -> the generated classes (and hooks) whose code reads it, found in the
    code itself."""
    found: dict[str, list[str]] = {}
    sources = [(text, "class ", "{}") for path, text in sorted(outputs.items())
               if path.startswith(prefix) and path.endswith(".py")]
    if hooks_dir is not None and hooks_dir.is_dir():
        sources += [(p.read_text(), "def ", "hook {}") for p in sorted(hooks_dir.glob("*.py"))]
    for text, keyword, label in sources:
        for chunk in re.split(rf"(?m)^(?={keyword})", text):
            name = re.match(rf"{keyword}(\w+)", chunk)
            if name is None:
                continue
            for attr in re.findall(r"current_platform\.(\w+)", chunk):
                found.setdefault(attr, []).append(label.format(name.group(1)))
            if "_platforms.add_ir_op_priority(" in chunk:  # a platform_priorities step
                found.setdefault(IR_OP_PRIORITY, []).append(label.format(name.group(1)))
    return found


def _cell(value: object) -> str:
    return json.dumps(value).replace("|", "\\|")


def emit(res: Resolved, outputs: Mapping[str, str]) -> dict[str, str]:
    """Both files; the page lists what reads each attribute, found in the code of the
    generated package (`outputs`, written by the package backend) and of the hooks."""
    ps = res.schema.platform_set
    if ps is None:
        return {}
    pkg = res.schema.package
    hooks_dir = (res.schema.root or Path(".")) / res.schema.hooks_path
    return {
        f"{GENERATED_DIR}/{pkg}/platforms.py": emit_module(
            ps, pkg, res.schema.platform_file,
            [op.name for op in res.schema.kernel_set.ops] if res.schema.kernel_set else []),
        f"{DOCS_REFERENCE_DIR}/platforms.md": emit_docs(
            ps, readers(ps, outputs, f"{GENERATED_DIR}/{pkg}/", hooks_dir)),
    }
