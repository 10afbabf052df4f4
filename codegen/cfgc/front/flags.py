"""The command line as the model sees it: each field's flag (`derived_cli`), every
spelling (`flag_spellings`, for the clash check and `cfgc diff`), where each class sits
(`class_tree`) and the flag table (`build_table`): computed once by the front end, kept
in `Resolved.flags` / `Resolved.tree`, read by the CLI, docs, explain and JSON Schema
backends.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterator
from dataclasses import fields, replace

from ..errors import Collector, Loc
from ..model import schema as m
from ..model.cli import doc_text, first_sentence, value_spec
from ..model.flags import FlagSpec, FlagTable, ValueKind, ValueSpec
from ..model.resolved import Resolved
from ..model.types import TypeExpr, TypeKind

#: Before-mode normalisers the CLI also applies to a raw string before checking choices
#: (vLLM special-cases this for --moe-backend; here it follows the field's `validate`).
STRING_NORMALISERS = ("lower", "upper", "strip", "dash_to_underscore", "auto_to_none")
HUMAN_INT_HELP = ("Accepts human-readable integers: k/m/g/t are decimal (25.6k = 25600), "
                  "K/M/G/T binary (1K = 1024).")
AUTO_INT_HELP = "'auto' or -1 picks the value automatically (passed on as -1)."
JSON_HELP = ("Takes a JSON object, or its keys one by one: --{flag}.key value "
             "(a trailing + appends comma-separated items to a list).")


# ---------------------------------------------------------------------------- flags


def derived_cli(c: m.ClassDef, f: m.FieldDef) -> m.CliSpec | None:
    """The field's flag: written in the schema, or derived from its name when the class
    has a CLI group; None when the field is not on the command line."""
    if f.cli is not None:
        spec = f.cli if f.cli.flag else None
    elif (not c.cli_group or c.cli_expose != "all" or f.kind != "field" or not f.init
          or f.is_private):
        return None
    else:
        spec = m.CliSpec("--" + f.name.replace("_", "-"), f.loc)
    # vLLM's --enable-x bools also answer to --disable-x (besides argparse's --no-enable-x).
    base = f.type.without_none()
    if (spec is not None and not spec.negation and spec.flag.startswith("--enable-")
            and base.kind == "scalar" and base.name == "bool"):
        spec = replace(spec, negation="--disable-" + spec.flag[len("--enable-"):])
    return spec


#: Flags of `vllm-config` itself, which no schema flag may take.
RESERVED_FLAGS = ("--config", "--format", "--help", "-h")


def enable_negatives(enable_flag: str) -> tuple[str, ...]:
    """The off spellings of a class's enable flag: --no-x, and --disable-y for --enable-y."""
    negatives = ["--no-" + enable_flag[2:]]
    if enable_flag.startswith("--enable-"):
        negatives.append("--disable-" + enable_flag[len("--enable-"):])
    return tuple(negatives)


def flag_spellings(res: Resolved) -> Iterator[tuple[str, str, Loc, str]]:
    """Every command-line spelling the schema defines, as (flag, owner, loc, role).

    The one list of what a flag is: the clash check below and `cfgc diff` both read it.
    """
    for c in res.schema.classes:
        for i, flag in enumerate((c.cli_json_flag, *c.cli_json_aliases)):
            if flag:
                yield flag, c.name, c.loc, "JSON flag" if i == 0 else "JSON flag alias"
        if c.cli_enable_flag.startswith("--"):
            yield c.cli_enable_flag, c.name, c.loc, "flag"
            for negative in enable_negatives(c.cli_enable_flag):
                yield negative, c.name, c.loc, "negative flag"
        for f in c.fields:
            spec = derived_cli(c, f)
            if spec is None:
                continue
            owner = f"{c.name}.{f.name}"
            yield spec.flag, owner, spec.loc, "flag"
            for alias in spec.aliases:
                yield alias, owner, spec.loc, "alias"
            if spec.negation:
                yield spec.negation, owner, spec.loc, "negative flag"
            if _is_bool(f.type, res) and spec.flag.startswith("--"):
                yield "--no-" + spec.flag[2:], owner, spec.loc, "negative flag"


def _is_bool(t: TypeExpr, res: Resolved) -> bool:
    base = res.expand(t).without_none()
    return base.kind == "scalar" and base.name == "bool"


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


def _value_fields(vs: ValueSpec) -> dict:
    return {f.name: getattr(vs, f.name) for f in fields(vs)}


def _normalisers(f: m.FieldDef) -> tuple[tuple, bool]:
    steps: list = []
    comma = False
    for v in f.validators:
        if v.name == "expose":  # names the validator, changes no value
            continue
        if v.name in ("hook", "expr", "require") or v.mode != "before":
            break  # what follows sees what the hook or expression made of the value
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


# ---------------------------------------------------------------------------- table


def build_table(res: Resolved, where: dict[str, tuple[str, tuple[str, ...], bool]]
                ) -> FlagTable:
    """The flag table: the parser's data, the manifest's and the CLI page's content;
    `where` is `class_tree(res)`."""
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
                help=f"Create the {c.name} ({first_sentence(c.doc)}); without this "
                     f"flag its other flags have no effect.",
            ))
        for f in c.fields:
            spec = derived_cli(c, f)
            if spec is None:
                continue
            vs = value_spec(f.type, res)
            if not spec.takes_none:
                vs = replace(vs, optional=False)
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
        groups.append((g, first_sentence(owner.doc), doc_text(owner.doc)))
    # dest names the flag, not its position: a flag added before it leaves it the same
    # text, so releases share its line of the flag table (back/parts.py)
    flags = [replace(fl, dest="f_" + fl.flag.lstrip("-").replace("-", "_"), enum_values=tuple(
                (mem.name, mem.value) for mem in res.enums[fl.enum].members)
                if fl.kind == ValueKind.ENUM else None)
             for fl in flags]
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


def _also_target(res: Resolved, where, spec: m.CliSpec) -> tuple[str, tuple[str, ...]]:
    """`cli.also`: (main root, path), checked: nested config fields, then at most one key
    of a dict field."""
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

