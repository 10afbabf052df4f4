"""The envs backend: `vllm_config/envs.py`, the environment variables the configs read,
under vLLM's names (its `vllm.envs`), each read when it is accessed.

The variables are those of the environment page: fields with `env: NAME`, every
`env("NAME", default)` in the schema's expressions, typed as the configs read them, and
the `VARIABLE=VALUE` entries of the platforms' ir_op_priority (read as text).
"""

from __future__ import annotations

import ast
from collections.abc import Mapping

from ..model import schema as m
from ..model.platforms import IR_OP_PRIORITY
from ..model.resolved import Resolved
from . import GENERATED_DIR

HEADER = "# Generated from schema/ by cfgc; do not edit."


def _field_kind(f: m.FieldDef) -> str:
    text = f.type_text.replace(" ", "")
    for kind in ("bool", "int", "float"):
        if text in (kind, f"{kind}|None"):
            return kind
    return "str"


def variables(res: Resolved) -> dict[str, tuple[str, object, str]]:
    """name -> (kind, default, who reads it)."""
    out: dict[str, tuple[str, object, str]] = {}
    for c in sorted(res.schema.classes, key=lambda c: c.name):
        for f in c.fields:
            if f.env:
                default = f.default.value if f.default.kind == "value" else None
                out.setdefault(f.env, (_field_kind(f), default, f"{c.name}.{f.name}"))
        for var, default_src in dict.fromkeys(res.behaviour[c.name].env):
            default = ast.literal_eval(default_src)
            kind = type(default).__name__ if default is not None else "str"
            out.setdefault(var, (kind, default, c.name))
    ps = res.schema.platform_set
    for p in ps.profiles if ps is not None and ps.attribute(IR_OP_PRIORITY) else ():
        for key in p.value(IR_OP_PRIORITY):  # VARIABLE=VALUE entries: compared as text
            if "=" in key:
                out.setdefault(key.split("=", 1)[0], ("str", None, f"platform {p.name}"))
    return dict(sorted(out.items()))


def envs_module(res: Resolved) -> str:
    rows = "".join(f"    {name!r}: ({kind!r}, {default!r}),  # {who}\n"
                   for name, (kind, default, who) in variables(res).items())
    return f'''{HEADER}
"""The environment variables the configs read, under vLLM's names (`vllm.envs`).

`envs.VLLM_DP_SIZE` reads the variable when it is accessed, typed as the configs read it
(booleans from 1/0, true/false, yes/no, on/off), or gives its default when unset; a
value that does not parse is a ValueError naming the variable. Importing this module
reads nothing.
"""

import os
from typing import Any

from cfgc.runtime.rules import parse_env

#: name -> (type, default); the comment says which config reads it.
VARIABLES: dict[str, tuple[str, Any]] = {{
{rows}}}


def __getattr__(name: str) -> Any:
    spec = VARIABLES.get(name)
    if spec is None:
        raise AttributeError(f"module {{__name__!r}} has no attribute {{name!r}}")
    kind, default = spec
    text = os.environ.get(name)
    return default if text is None else parse_env(name, text, kind)


def __dir__() -> list[str]:
    return sorted([*VARIABLES, "VARIABLES", "is_set"])


def is_set(name: str) -> bool:
    """Whether the variable is set in the environment (vLLM's envs.is_set)."""
    if name not in VARIABLES:
        raise AttributeError(f"module {{__name__!r}} has no attribute {{name!r}}")
    return name in os.environ
'''


def emit(res: Resolved, outputs: Mapping[str, str]) -> dict[str, str]:
    """envs.py in the package, by path from the project root."""
    return {f"{GENERATED_DIR}/{res.schema.package}/envs.py": envs_module(res)}
