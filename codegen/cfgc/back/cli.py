"""Emit the command line: the flag table the `vllm-config` runtime builds argparse from,
its entry module, bash/zsh completion and a JSON manifest of every flag.

Everything a flag needs at run time (name, aliases, target field, value kind, choices,
default and help text) is decided here, from the resolved schema, so `--help` imports
only the table and argparse: no pydantic, no torch, no config class.
"""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Iterable
from dataclasses import fields, replace

from . import model as m
from .emit_python import environment, header
from .flags import FlagSpec, FlagTable, ValueKind, ValueSpec
from .resolve import Resolved, derived_cli, enable_negatives
from .type_expr import TypeExpr, TypeKind

#: Before-mode normalisers the CLI also applies to a raw string before checking choices
#: (vLLM special-cases this for --moe-backend; here it follows the field's `validate`).
STRING_NORMALISERS = ("lower", "upper", "strip", "dash_to_underscore", "auto_to_none")
HUMAN_INT_HELP = ("Accepts human-readable integers: k/m/g/t are decimal (25.6k = 25600), "
                  "K/M/G/T binary (1K = 1024).")
AUTO_INT_HELP = "'auto' or -1 picks the value automatically (passed on as -1)."
JSON_HELP = ("Takes a JSON object, or its keys one by one: --{flag}.key value "
             "(a trailing + appends comma-separated items to a list).")


# ---------------------------------------------------------------------------- tree


def class_tree(res: Resolved) -> dict[str, tuple[str, tuple[str, ...], bool]]:
    """Where each config class lives: class -> (root class, field path from the root,
    whether some step on the way may be None). A class nested in several places takes
    the first path found, breadth-first from the largest tree (VllmConfig) down."""
    children: dict[str, list[tuple[str, str, bool]]] = {}
    nested: set[str] = set()
    for c in res.schema.classes:
        for f in c.fields:
            if f.kind != "field" or not f.init:
                continue
            t = res.expand(f.type)
            base = t.without_none()
            if base.kind == TypeKind.UNION:  # `dict | Config`: the JSON flag builds Config
                found = [a for a in base.args if a.kind == TypeKind.NAMED
                         and a.name in res.classes]
                base = found[0] if len(found) == 1 else base
            if base.kind == TypeKind.NAMED and base.name in res.classes and base.name != c.name:
                children.setdefault(c.name, []).append((f.name, base.name, t.optional))
                nested.add(base.name)

    def reach(root: str) -> int:
        seen, todo = {root}, [root]
        while todo:
            for _, child, _ in children.get(todo.pop(), ()):
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
        return len(seen)

    roots = sorted((c.name for c in res.schema.classes if c.name not in nested),
                   key=lambda n: (-reach(n), n))
    where: dict[str, tuple[str, tuple[str, ...], bool]] = {}
    for root in roots:
        queue = deque([(root, (), False)])
        while queue:
            name, path, optional = queue.popleft()
            if name in where:
                continue
            where[name] = (root, path, optional)
            for fname, child, opt in children.get(name, ()):
                queue.append((child, path + (fname,), optional or opt))
    for c in res.schema.classes:  # only reachable through a cycle: its own root
        where.setdefault(c.name, (c.name, (), False))
    return where


def _dfs_order(res: Resolved, where) -> list[str]:
    """Classes in help order: each tree depth-first in field order (a class before the
    classes nested in it), its root last, as vLLM lists VllmConfig's group last."""
    order: list[str] = []
    roots = list(dict.fromkeys(r for r, _, _ in where.values()))
    by_parent: dict[tuple[str, tuple[str, ...]], str] = {
        (root, path): name for name, (root, path, _) in where.items()
    }

    def visit(root: str, path: tuple[str, ...]) -> None:
        name = by_parent[(root, path)]
        order.append(name)
        for f in res.classes[name].fields:
            if (root, path + (f.name,)) in by_parent:
                visit(root, path + (f.name,))

    for root in roots:
        kids = [f.name for f in res.classes[root].fields if (root, (f.name,)) in by_parent]
        for k in kids:
            visit(root, (k,))
        order.append(root)
    return order


# ---------------------------------------------------------------------------- values


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
        plain = len(rest) == 1 or not (open_str or named)
        return ValueSpec(ValueKind.DICT if plain else ValueKind.DICT_OR_STR, optional)
    return ValueSpec(ValueKind.STR, optional)


def _value_fields(vs: ValueSpec) -> dict:
    return {f.name: getattr(vs, f.name) for f in fields(vs)}


def _normalisers(f: m.FieldDef) -> tuple[tuple, bool]:
    steps: list = []
    comma = False
    for v in f.validators:
        if v.name == "hook" or v.mode != "before":
            break
        if v.name in STRING_NORMALISERS:
            steps.append(v.name)
        elif v.name == "shorthand" and isinstance(v.arg, dict):
            steps.append(("shorthand", tuple((str(k), val) for k, val in v.arg.items())))
        elif v.name == "comma_list":
            comma = True
    return tuple(steps), comma


def default_text(f: m.FieldDef) -> str:
    """The default as `--help` shows it (vLLM prints the Python value)."""
    d = f.default
    if d.kind == "value":
        value = d.value
        if value is None or isinstance(value, bool | int | float):
            return repr(value) if not isinstance(value, str) else value
        if isinstance(value, str):
            return value  # enum members are written by name, as the CLI takes them
        return json.dumps(value)
    if d.kind == "factory":
        return {"list": "[]", "dict": "{}", "set": "set()"}.get(str(d.value), "")
    if d.kind == "unset":
        return "None"
    return ""


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


def _first_sentence(text: str) -> str:
    para = doc_text(text).split("\n")[0]
    match = re.match(r"^(.+?[.!?])(\s|$)", para)
    return match.group(1) if match else para


# ---------------------------------------------------------------------------- table


def build_table(res: Resolved) -> FlagTable:
    """The flag table: the parser's data, the manifest's and the CLI page's content."""
    where = class_tree(res)
    order = _dfs_order(res, where)
    enable_of: dict[str, str] = {c.name: c.cli_enable_flag for c in res.schema.classes}

    def requires(root: str, class_path: tuple[str, ...], include_last: bool) -> str:
        """The enable flag (e.g. --enable-lora) of the nearest class on the way from the
        root that has one; the root's own never counts (a root is always built)."""
        name, found = root, ""
        for i, step in enumerate(class_path):
            fdef = res.classes[name].field(step)
            name = res.expand(fdef.type).without_none().name
            if enable_of.get(name) and (include_last or i < len(class_path) - 1):
                found = enable_of[name]
        return found

    def group_of(c: m.ClassDef) -> str:
        return c.cli_group or c.name

    flags: list[FlagSpec] = []
    for name in order:
        c = res.classes[name]
        root, path, optional = where[name]
        if c.cli_json_flag:
            parent_group = group_of(c)
            if path:
                parent = next(p for p, (r, pp, _) in where.items()
                              if r == root and pp == path[:-1])
                if res.classes[parent].cli_group:
                    parent_group = res.classes[parent].cli_group
            flags.append(FlagSpec(
                flag=c.cli_json_flag, aliases=c.cli_json_aliases, negatives=(),
                group=parent_group, target=c.name, cls=c.name, field="",
                root=root, path=path, type=c.name, loc=c.loc, kind=ValueKind.JSON,
                json_class=c.name, optional=optional, default="",
                requires=requires(root, path, include_last=False),
                help=doc_text(c.doc) + "\n\n" + JSON_HELP.format(flag=c.cli_json_flag[2:]),
            ))
        if c.cli_enable_flag:
            flags.append(FlagSpec(
                flag=c.cli_enable_flag, aliases=(),
                negatives=enable_negatives(c.cli_enable_flag),
                group=group_of(c), target=c.name, cls=c.name, field="",
                root=root, path=path, type="bool", loc=c.loc, kind=ValueKind.ENABLE,
                optional=False, default="False", requires="",
                help=f"Create the {c.name} ({_first_sentence(c.doc)}); without this "
                     f"flag its other flags have no effect.",
            ))
        for f in c.fields:
            spec = derived_cli(c, f)
            if spec is None:
                continue
            vs = value_spec(f.type, res)
            negatives: tuple[str, ...] = ()
            if vs.kind == ValueKind.BOOL:
                neg = ["--no-" + spec.flag[2:]] if spec.flag.startswith("--") else []
                negatives = tuple(neg + ([spec.negation] if spec.negation else []))
            steps, comma = _normalisers(f)
            needs = requires(root, path, include_last=True)
            human_int = spec.human_int or spec.auto_int
            extra = []
            if f.deprecation is not None:
                repl = f" Use {f.deprecation.replacement} instead." \
                    if f.deprecation.replacement else ""
                extra.append(f"Deprecated: {f.deprecation.message}.{repl}".replace("..", "."))
            if vs.kind in (ValueKind.JSON, ValueKind.DICT):
                extra.append(JSON_HELP.format(flag=spec.flag[2:]))
            if human_int:
                extra.append(HUMAN_INT_HELP)
            if spec.auto_int:
                extra.append(AUTO_INT_HELP)
            if needs:
                extra.append(f"Needs {needs}.")
            also = _also_target(res, where, spec) if spec.also else None
            if also is not None:
                extra.append(f"Also sets {also[0]}.{'.'.join(also[1])}.")
            flags.append(FlagSpec(
                flag=spec.flag, aliases=spec.aliases, negatives=negatives,
                group=spec.group or group_of(c), target=f"{c.name}.{f.name}", cls=c.name,
                field=f.name, root=root, path=path + (f.name,), type=f.type_text,
                loc=spec.loc, **_value_fields(vs),
                normalise=steps or None,
                comma_list=bool(comma and vs.container and vs.kind == ValueKind.STR),
                human_int=human_int, auto_int=spec.auto_int, metavar=spec.metavar or None,
                exclusive=spec.exclusive,
                deprecated=f.deprecation.message if f.deprecation is not None else None,
                replacement=f.deprecation.replacement if f.deprecation is not None else None,
                requires=needs, default=default_text(f), also=also,
                help="\n\n".join([doc_text(f.doc), *extra]),
            ))
    flags = [replace(fl, help=fl.help + f" (default: {fl.default})") if fl.default else fl
             for fl in flags]
    first: dict[str, int] = {}
    for i, fl in enumerate(flags):
        first.setdefault(fl.group, i)
    rank = {name: i for i, name in enumerate(order)}  # the class named like the group
    group_names = sorted(first, key=lambda g: (rank.get(g, -1), first[g]))
    groups = []
    for g in group_names:
        owner = res.classes.get(g) or res.classes[next(fl.cls for fl in flags
                                                        if fl.group == g)]
        groups.append((g, _first_sentence(owner.doc), doc_text(owner.doc)))
    flags = [replace(fl, dest=f"f{i}", enum_values=tuple(
                (mem.name, mem.value) for mem in res.enums[fl.enum].members)
                if fl.kind == ValueKind.ENUM else None)
             for i, fl in enumerate(flags)]
    roots = tuple(dict.fromkeys(fl.root for fl in flags))
    classes = {}
    for c in res.schema.classes:
        if where[c.name][0] not in roots:
            continue  # not reachable from any flag
        fields_ = {}
        for f in c.fields:
            if f.kind == "classvar" or (f.kind == "field" and not f.init):
                continue
            base = res.expand(f.type).without_none()
            fields_[f.name] = base.name if base.kind == TypeKind.NAMED \
                and base.name in res.classes else ""
        root, path, _ = where[c.name]
        classes[c.name] = {"module": c.module, "root": root, "path": path, "fields": fields_}
        fills = {f.name: f.cli.fill[0] for f in c.fields if f.cli is not None and f.cli.fill}
        if fills:
            classes[c.name]["fill"] = fills
        parents = {f.name: f.cli.from_parent for f in c.fields
                   if f.cli is not None and f.cli.from_parent}
        if parents:
            classes[c.name]["from_parent"] = parents
        factories = [f.name for f in c.fields if fields_.get(f.name)
                     and f.default.kind == "factory"]
        if factories:  # nested configs built by default: a from_parent source is built too
            classes[c.name]["factories"] = factories
    return FlagTable(groups=tuple(groups), flags=tuple(flags), classes=classes, roots=roots)


# ---------------------------------------------------------------------------- output


def pyfmt(value: object, indent: int = 0, width: int = 99) -> str:
    """Python source for plain data, wrapped to `width` (long strings split at spaces)."""
    pad = " " * indent
    if not isinstance(value, dict | list | tuple) or len(repr(value)) + indent <= width + 8:
        one = _one_line(value)  # repr's length is a cheap upper-ish bound for the source
        if len(one) + indent <= width:
            return one
    inner = " " * (indent + 4)
    if isinstance(value, str):
        chunks, cur, size = [], "", 2  # size: length of cur as a quoted literal
        for word in re.split(r"(?<= )", value):
            wsize = len(_quote(word)) - 2
            if cur and size + wsize + indent + 4 > width:
                chunks.append(cur)
                cur, size = "", 2
            cur += word
            size += wsize
        chunks.append(cur)
        body = "".join(f"{inner}{_quote(c)}\n" for c in chunks)
        return "(\n" + body + pad + ")"
    if isinstance(value, dict):
        items = [f"{inner}{_one_line(k)}: {pyfmt(v, indent + 4, width)},\n"
                 for k, v in value.items()]
        return "{\n" + "".join(items) + pad + "}"
    if isinstance(value, list | tuple):
        items = [f"{inner}{pyfmt(v, indent + 4, width)},\n" for v in value]
        o, c = ("[", "]") if isinstance(value, list) else ("(", ")")
        return o + "\n" + "".join(items) + pad + c
    return _one_line(value)


_quote = json.encoder.encode_basestring  # a JSON string literal is a Python one too


def _one_line(value: object) -> str:
    if isinstance(value, str):
        return _quote(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_one_line(k)}: {_one_line(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_one_line(v) for v in value) + "]"
    if isinstance(value, tuple):
        return "(" + ", ".join(_one_line(v) for v in value) + ("," if len(value) == 1 else "") \
            + ")"
    return repr(value)


def manifest(table: FlagTable, prog: str, version: int) -> str:
    flags = []
    for fl in table.flags:
        entry = {
            "name": fl.flag, "aliases": list(fl.aliases),
            "negations": list(fl.negatives), "group": fl.group,
            "target": fl.target, "type": fl.type, "kind": str(fl.kind),
            "container": fl.container or "", "nargs": fl.nargs,
            "choices": list(fl.choices or ()), "open_choices": bool(fl.open),
            "optional": fl.optional, "default": fl.default,
            "human_int": fl.human_int, "requires": fl.requires,
            "deprecated": fl.deprecated or "", "help": fl.help,
        }
        flags.append(entry)
    head = {"generated_from": "schema/", "prog": prog, "schema_version": version,
            "groups": [{"name": g, "summary": s} for g, s, _ in table.groups]}
    # one flag per line: reviewable diffs, and json's C encoder (indent= is pure Python)
    body = ",\n".join("  " + json.dumps(f, ensure_ascii=False) for f in flags)
    return json.dumps(head, ensure_ascii=False)[:-1] + ', "flags": [\n' + body + "\n]}\n"


def _zsh_escape(text: str) -> str:
    return (text.replace("\\", "\\\\").replace("'", "'\\''").replace("[", "\\[")
            .replace("]", "\\]").replace(":", "\\:"))


_SAFE_WORD = re.compile(r"^[A-Za-z0-9_.:+/@%=,-]+$")


def safe_words(words: Iterable[object]) -> str:
    """Completion words, space-separated, keeping only words no shell can expand.

    compgen -W expands its word list (so quoting cannot protect it) and zsh's action
    lists split on spaces: a choice with other characters is still accepted by the
    CLI, it is just not offered on TAB.
    """
    return " ".join(str(w) for w in words if _SAFE_WORD.match(str(w)))


def completion_views(table: FlagTable) -> list[dict]:
    views = []
    for fl in table.flags:
        words = list(fl.choices or ())
        if fl.optional and words:
            words.append("None")
        summary = _first_sentence(fl.help) if fl.help else ""
        views.append({
            "names": [fl.flag, *fl.aliases], "negatives": list(fl.negatives),
            "words": safe_words(words), "takes_value": fl.kind.takes_value,
            "file": fl.kind == ValueKind.STR and ("path" in fl.field or "dir" in fl.field),
            "summary": _zsh_escape(summary[:120]),
        })
    return views


def emit_cli(res: Resolved, table: FlagTable) -> dict[str, str]:
    """{path relative to generated/: content} for the CLI outputs of `build_table(res)`."""
    env = environment()  # the Python emitter's: same settings, cached template bytecode
    pkg = res.schema.package
    prog = pkg.replace("_", "-")
    runtime_keys = [fl.runtime_dict() for fl in table.flags]
    views = completion_views(table)
    group_words = safe_words(sorted({g.lower() for g, _, _ in table.groups} | {"all"}))
    out = {
        f"{pkg}/_cli_table.py": env.get_template("cli_table.py.jinja").render(
            header=header("schema/"), prog=prog, version=res.schema.version,
            roots=pyfmt(table.roots), groups=pyfmt(table.groups),
            platforms=pyfmt(_platform_names(res)),
            platform_env=repr(res.schema.platform_set.env if res.schema.platform_set else ""),
            classes=pyfmt(table.classes), flags=pyfmt(tuple(runtime_keys)),
        ),
        f"{pkg}/__main__.py": env.get_template("cli_main.py.jinja").render(
            header=header("schema/"), prog=prog, package=pkg,
        ),
        f"{pkg}/cli_manifest.json": manifest(table, prog, res.schema.version),
        f"completions/{prog}.bash": env.get_template("cli_bash.jinja").render(
            header=header("schema/"), prog=prog, func="_" + pkg, flags=views,
            group_words=group_words, platforms=_platform_names(res),
        ),
        f"completions/_{prog}": env.get_template("cli_zsh.jinja").render(
            header=header("schema/"), prog=prog, func="_" + pkg, flags=views,
            group_words=group_words, platforms=_platform_names(res),
        ),
    }
    return out


def _platform_names(res) -> tuple[str, ...]:
    """The platform profiles, the default first (empty without a platforms section)."""
    ps = res.schema.platform_set
    if ps is None:
        return ()
    return (ps.default, *(n for n in ps.names if n != ps.default))


def _also_target(res, where, spec) -> tuple[str, tuple[str, ...]]:
    """`cli.also`: (main root, path), checked: nested config fields, then at most one key
    of a dict field."""
    from .errors import Collector

    root = next(iter(dict.fromkeys(r for r, _, _ in where.values())))
    parts = tuple(spec.also.split("."))
    cls, errors = res.classes[root], Collector()
    for i, part in enumerate(parts):
        f = cls.field(part) if cls is not None else None
        if f is None:
            errors.error(spec.loc, f"cli.also {spec.also!r}: {part!r} is not a field of "
                         f"{cls.name if cls is not None else 'a dict'}")
            break
        t = res.expand(f.type).without_none()
        if t.kind == "named" and t.name in res.classes:
            cls = res.classes[t.name]
            continue
        arms = t.args if t.kind == TypeKind.UNION else (t,)
        is_dict = any(a.kind == TypeKind.CONTAINER and a.name == "dict" for a in arms)
        if i == len(parts) - 1 or (i == len(parts) - 2 and is_dict):
            break
        errors.error(spec.loc, f"cli.also {spec.also!r}: cannot go below {part!r}")
        break
    errors.raise_if_any()
    return root, parts

