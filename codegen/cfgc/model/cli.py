"""How the model is spelled on the command line: the value kind a flag of a given type
takes (`value_spec`, after vLLM's get_kwargs), and schema prose as help text. The flag
table (front/flags.py), the explain data and the JSON Schema share these."""

from __future__ import annotations

import re
from dataclasses import replace

from .flags import ValueKind, ValueSpec
from .resolved import Resolved
from .types import TypeExpr, TypeKind


def value_spec(t: TypeExpr, res: Resolved) -> ValueSpec:
    """How a flag of type t takes its value, following vLLM's get_kwargs precedence:
    nested config > bool > Literal > enum > list/set/tuple > int > float > dict > str."""
    t = res.expand(t)
    members = t.args if t.kind == TypeKind.UNION else (t,)
    rest = [a for a in members if a.kind != TypeKind.NONE]
    optional = len(rest) < len(members)
    scalars = {a.name for a in rest if a.kind == TypeKind.SCALAR}
    named = [a.name for a in rest if a.kind == TypeKind.NAMED]
    classes = [n for n in named if n in res.classes]
    enums = [n for n in named if n in res.enums]
    literals = [v for a in rest if a.kind == TypeKind.LITERAL for v in a.values]
    containers = [a for a in rest if a.kind == TypeKind.CONTAINER]
    open_str = "str" in scalars
    if classes:
        return ValueSpec(ValueKind.JSON, optional, json_class=classes[0])
    if "bool" in scalars or (literals and all(isinstance(v, bool) for v in literals)):
        return ValueSpec(ValueKind.BOOL if len(rest) == 1 else ValueKind.FLAG_OR_STR, optional)
    if literals:
        ints = all(isinstance(v, int) and not isinstance(v, bool) for v in literals)
        values = sorted(set(literals), key=lambda v: (not isinstance(v, int), str(v)))
        return ValueSpec(ValueKind.CHOICE, optional, choices=tuple(str(v) for v in values),
                         literal_type="int" if ints else "str", open=open_str)
    if enums:
        names = tuple(mem.name for mem in res.enums[enums[0]].members)
        return ValueSpec(ValueKind.ENUM, optional, enum=enums[0], choices=names, open=open_str)
    for c in containers:
        if c.name == "dict":
            continue
        elem = c.args[0]
        inner = value_spec(elem, res)
        if inner.kind in (ValueKind.BOOL, ValueKind.FLAG_OR_STR):
            inner = ValueSpec(ValueKind.STR)
        if res.expand(elem).kind == TypeKind.UNION and inner.kind not in (ValueKind.STR,
                                                                          ValueKind.JSON):
            texpr = res.expand(elem)
            if any(a.kind == TypeKind.SCALAR and a.name == "str" for a in texpr.args):
                inner = ValueSpec(ValueKind.STR)
        nargs = len(c.args) if c.name == "tuple" and not c.variadic else "+"
        return replace(inner, optional=optional, container=c.name, nargs=nargs)
    if "int" in scalars:
        return ValueSpec(ValueKind.INT, optional)
    if "float" in scalars:
        return ValueSpec(ValueKind.FLOAT, optional)
    if containers:  # a dict
        plain = not open_str  # a runtime type (a function, ...) never comes from text
        return ValueSpec(ValueKind.DICT if plain else ValueKind.DICT_OR_STR, optional)
    return ValueSpec(ValueKind.STR, optional)


def doc_text(text: str) -> str:
    """Schema prose as help text: lines within a paragraph joined, paragraphs and list
    items kept on their own lines (the runtime wraps each to the terminal width)."""
    out: list[str] = []
    for para in re.split(r"\n\s*\n", text.strip()):
        lines: list[str] = []
        for line in para.splitlines():
            line = line.strip()
            if lines and not re.match(r"^([-*+]|\d+\.)\s", line):
                lines[-1] += " " + line
            else:
                lines.append(line)
        out.append("\n".join(lines))
    return "\n\n".join(out)


def first_sentence(text: str) -> str:
    para = doc_text(text).split("\n")[0]
    match = re.match(r"^(.+?[.!?])(\s|$)", para)
    return match.group(1) if match else para
