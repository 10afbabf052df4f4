"""The envs backend: `vllm_config/envs.py`, the environment variables the configs read,
under vLLM's names (its `vllm.envs`), each read when it is accessed.

The variables are those of the environment page: fields with `env: NAME`, every
`env("NAME", default)` in the schema's expressions, and the `VARIABLE=VALUE` keys of the
platforms' ir_op_priority. Each is typed as the schema's `environment:` section declares
it (vLLM's type and default); a variable it does not declare is typed as the configs
read it (a platform key's as text).
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass

from ..model import schema as m
from ..model.python import env_kind
from ..model.resolved import Resolved, read_variables
from . import GENERATED_DIR

HEADER = "# Generated from schema/ by cfgc; do not edit."


@dataclass(frozen=True)
class Variable:
    """One variable of the envs module, as it is given."""

    kind: str  # how its text parses: bool, int, float or str
    default: object
    choices: tuple[str, ...]  # a Literal's values; () for any
    default_env: str  # the variable whose value is the default when unset
    type_text: str  # the type shown in docs
    reader: str  # which config reads it
    declared: m.EnvVarDef | None  # its `environment:` entry


def _read_as(kind: str) -> str:
    """How the envs module parses a field's variable: its scalar kind, else text."""
    return kind if kind in ("bool", "int", "float") else "str"


def variables(res: Resolved) -> dict[str, Variable]:
    """Every variable the configs read, sorted by name."""
    declared = {v.name: v for v in res.schema.environment}
    fields = {f.env: f for c in res.schema.classes for f in c.fields if f.env}
    reads: dict[str, str] = {}
    for c in sorted(res.schema.classes, key=lambda c: c.name):
        for var, default in res.behaviour[c.name].env:
            reads.setdefault(var, default)
    out: dict[str, Variable] = {}
    for name, reader in sorted(read_variables(res).items()):
        d = declared.get(name)
        if d is not None:
            out[name] = Variable(d.kind, d.default, d.choices, d.default_env, d.type_text,
                                 reader, d)
        elif name in fields:
            f = fields[name]
            default = f.default.value if f.default.kind == "value" else None
            out[name] = Variable(_read_as(env_kind(f.type, res)), default, (), "",
                                 f.type_text, reader, None)
        elif name in reads:
            default = ast.literal_eval(reads[name])
            kind = type(default).__name__ if default is not None else "str"
            out[name] = Variable(kind, default, (), "", kind, reader, None)
        else:  # a platform's VARIABLE=VALUE key: the platforms module compares the text
            out[name] = Variable("str", None, (), "", "str | None", reader, None)
    return out


def envs_module(res: Resolved) -> str:
    rows = "".join(f"    {name!r}: ({v.kind!r}, {v.default!r}, {v.choices!r}, "
                   f"{v.default_env!r}),  # {v.reader}\n"
                   for name, v in variables(res).items())
    return f'''{HEADER}
"""The environment variables the configs read, under vLLM's names (`vllm.envs`).

`envs.VLLM_DP_SIZE` reads the variable when it is accessed, with vLLM's type (booleans
from 1/0, true/false, yes/no, on/off; a Literal's text must be one of its values), or
gives vLLM's default when unset (for some, another variable's value); a value that does
not parse is a ValueError naming the variable. Importing this module reads nothing.
"""

import os
from typing import Any

from cfgc.runtime.rules import read_variable

#: name -> (type, default, the values a Literal allows, the variable whose value is the
#: default when unset); the comment says which config reads it.
VARIABLES: dict[str, tuple[str, Any, tuple[str, ...], str]] = {{
{rows}}}


def __getattr__(name: str) -> Any:
    return read_variable(VARIABLES, name, __name__)


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
