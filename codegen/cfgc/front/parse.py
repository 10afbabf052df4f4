"""YAML nodes -> model objects, checking every key and shape locally.

Cross-references (type names, hooks, flags) are checked afterwards in resolve.py;
here we only check what a single node can tell us.
"""

from __future__ import annotations

import ast
import builtins
import keyword
import re
from dataclasses import replace
from pathlib import Path

from ..errors import Collector, Loc, SchemaError, did_you_mean
from ..model import expr as x
from ..model import schema as m
from ..model import schema_language as lang
from ..model.types import TypeExpr, TypeSyntaxError, parse_type
from . import kernels, platforms
from . import releases as history
from .reader import DOTTED, FLAG, IDENT, Reader
from .sources import schema_files
from .yaml_loader import Node, load_yaml

#: Values the parser checks by name: their sets, with what each means, are part of the
#: description of the language (model/schema_language.py), as is every record's keys.
WARNING_CATEGORIES = lang.WARNING_CATEGORY.names()
RAISES = lang.RAISES.names()
FIELDS_FROM = lang.FIELDS_FROM.names()
CLI_EXPOSE = lang.CLI_EXPOSE.names()
ENV_KINDS = lang.ENV_KINDS
ENV_NAME = re.compile(r"[A-Z][A-Z0-9_]*")
#: Names the generated modules use themselves: a schema name equal to one would shadow
#: it (a field named `Field` breaks every later `Field(...)` default in its class).
GENERATED_NAMES = frozenset({
    "Any", "Literal", "ClassVar", "InitVar", "Field", "Path", "Annotated", "config",
    "field_validator", "model_validator", "warn_deprecated", "classmethod",
    "_v",  # the validator library: int fields are annotated `_v.Int` in the class body
})
RESERVED_FIELDS = GENERATED_NAMES | {"hash_factors", "compute_hash"}
#: Prefixes of the validator methods generated for a field (`_before_<field>`, ...).
RESERVED_FIELD_PREFIXES = ("_before_", "_after_", "_skip_none_", "_wrap_", "_plain_",
                           "_model_")
RESERVED_TYPES = GENERATED_NAMES | frozenset(dir(builtins)) | {
    "enum", "importlib", "SCHEMA_VERSION",
    # module globals a config module reads at call time, under vLLM's names
    "envs", "current_platform"}


def name_problem(name: str, reserved: frozenset[str] = frozenset()) -> str:
    """'' if `name` can be a name in the generated Python, else why not."""
    if not IDENT.match(name):
        return "is not a valid Python identifier"
    if keyword.iskeyword(name):
        return "is a Python keyword"
    if name.startswith("__"):
        return "starts with '__' (Python would mangle or reserve it)"
    if name in reserved or (reserved is RESERVED_FIELDS
                            and name.startswith(RESERVED_FIELD_PREFIXES)):
        return "is reserved: the generated code uses that name itself"
    return ""


def _module_problem(name: str) -> str:
    """'' if `name` can be a generated module (a file in the package), else why not."""
    problem = name_problem(name)
    if not problem and name.startswith("_"):
        problem = "starts with '_' (reserved for the package's own modules)"
    return problem or ("is reserved: the generated package has a types module"
                       if name == "types" else "")


def parse_schema_dir(schema_dir: Path, root: Path | None = None,
                     release: str | None = None) -> m.Schema:
    """Parse every `*.yaml` under schema_dir (sorted, so output is deterministic), as
    the schema of `release` (None: the default one)."""
    return parse_release(read_documents(schema_dir, root), release, root or schema_dir.parent)


def read_documents(schema_dir: Path, root: Path | None = None) -> list[tuple[str, str, Node]]:
    """Every `*.yaml` under schema_dir as located nodes (sorted: deterministic output)."""
    root = root or schema_dir.parent
    files = schema_files(schema_dir)
    errors = Collector()
    nodes: list[tuple[str, str, Node]] = []
    for path in files:
        display = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
        try:
            nodes.append((display, path.stem, load_yaml(path, display)))
        except SchemaError as exc:
            errors.diagnostics.extend(exc.diagnostics)
    errors.raise_if_any()
    return nodes


def parse_release(nodes: list[tuple[str, str, Node]], release: str | None,
                  root: Path | None, projector: history.Projector | None = None
                  ) -> m.Schema:
    """The schema of one release (None: the default) from the documents of all;
    `projector` (from `projector_of`) shares the work between the releases of one
    compile."""
    projector = projector or projector_of(nodes)
    if projector is None:
        return replace(parse_documents(nodes, Collector()), root=root)
    listed = projector.releases
    release = release or listed.default
    nodes = [(d, s, projector.project(n, release) or Node({}, n.loc)) for d, s, n in nodes]
    schema = parse_documents(nodes, Collector(), projector.shared)
    return replace(schema, root=root, release=release, releases=listed.names,
                   default_release=listed.default, fates=projector.fates)


def projector_of(nodes: list[tuple[str, str, Node]]) -> history.Projector | None:
    """The documents' release history, checked once (None: a one-release schema)."""
    errors = Collector()
    listed = releases_of(nodes, errors)
    errors.raise_if_any()
    return None if listed is None else history.Projector(nodes, listed)


def releases_of(nodes: list[tuple[str, str, Node]], errors: Collector) -> history.Releases | None:
    """project.releases ({list: [...], default: ...}), or None for a one-release schema."""
    for _, _, root in nodes:
        if not (root.is_map and "project" in root.value and root.value["project"].is_map):
            continue
        node = root.value["project"].value.get("releases")
        if node is None:
            return None
        r = Reader(node, "project releases", lang.RELEASES, errors)
        names = r.get("list")
        if names is None or not names.is_seq or not names.value or not all(
                isinstance(n.value, str) for n in names.value):
            errors.error(node.loc, "project releases needs 'list': the release names as "
                                   "strings, oldest first")
            return None
        listed = tuple(n.value for n in names.value)
        dup = next((n for i, n in enumerate(names.value) if n.value in listed[:i]), None)
        if dup is not None:
            errors.error(dup.loc, f"release {dup.value!r} is listed twice")
        default = r.str("default", "project releases", required=True)
        if default and default not in listed:
            errors.error(r.get("default").loc, f"default release {default!r} is not in the "
                                               f"list ({', '.join(listed)})")
        return history.Releases(listed, default or listed[0])
    return None


def _once(shared: dict | None, node: Node, key: tuple, parse, *args):
    """parse(*args), or what it gave for the same node object in an earlier release of
    this compile (the projector hands every release of an epoch the same node; a parse
    that found errors stopped the compile before any other release)."""
    if shared is None:
        return parse(*args)
    k = (id(node), parse.__name__, *key)
    hit = shared.get(k)
    if hit is not None and hit[0] is node:
        return hit[1]
    out = parse(*args)
    shared[k] = (node, out)
    return out


def parse_documents(docs: list[tuple[str, str, Node]], errors: Collector,
                    shared: dict | None = None) -> m.Schema:
    """The records of one release's projected documents; `shared` remembers each
    definition's record by the node it came from, across the releases of one compile."""
    package, version = "", 0  # project.yaml must name them
    hooks_package, hooks_path = m.Schema.hooks_package, m.Schema.hooks_path
    libraries: tuple[m.Library, ...] = ()
    classes: list[m.ClassDef] = []
    enums: list[m.EnumDef] = []
    aliases: list[m.AliasDef] = []
    runtime: list[m.RuntimeTypeDef] = []
    kernel_sections: list[tuple[str, Node]] = []
    platform_sections: list[tuple[str, Node]] = []
    project_seen = False
    breaking_ok: tuple[m.BreakingOk, ...] = ()
    differences: tuple[m.Difference, ...] = ()
    constants: list[m.ConstantDef] = []
    environment: list[m.EnvVarDef] = []
    for display, stem, root in docs:
        top = Reader(root, f"schema file {display}", lang.TOP, errors)
        if not top.ok:
            continue
        if top.has("project"):
            project_seen = True
            proj = Reader(top.get("project"), "project", lang.PROJECT, errors)
            package = proj.str("package", "project", required=True, default=package)
            if package and name_problem(package):  # a missing one is reported above
                errors.error(proj.get("package").loc,
                             f"package {package!r} {name_problem(package)}")
            vnode = proj.get("schema_version")
            if vnode is None or not isinstance(vnode.value, int) or isinstance(vnode.value, bool):
                errors.error(proj.node.loc, "project needs an integer 'schema_version'")
            else:
                version = vnode.value
            breaking_ok = _parse_breaking_ok(proj.get("breaking_ok"), errors)
            differences = _parse_differences(proj.get("differs_from_vllm"), errors)
            if proj.has("hooks"):
                hr = Reader(proj.get("hooks"), "project hooks", lang.HOOKS, errors)
                hooks_package = hr.str("package", "project hooks", required=True)
                hooks_path = hr.str("path", "project hooks", required=True)
                if hooks_package and not (IDENT.match(hooks_package)
                                          or DOTTED.match(hooks_package)):
                    errors.error(hr.get("package").loc, "hooks package must be a dotted "
                                 "import name like cfgc.hooks")
                if hooks_path and (hooks_path.startswith("/") or ".." in hooks_path.split("/")):
                    errors.error(hr.get("path").loc, "hooks path must be a folder inside "
                                 "the project")
            libraries = _parse_libraries(proj.get("libraries"), errors)
        for name, node in _named_entries(top, "enums", errors):
            enums.append(_once(shared, node, (name,), _parse_enum, name, node,
                               top.node.key_locs, errors))
        for name, node in _named_entries(top, "aliases", errors):
            aliases.append(_once(shared, node, (name,), _parse_alias, name, node, errors))
        for name, node in _named_entries(top, "runtime_types", errors):
            rt = Reader(node, f"runtime type {name}", lang.RUNTIME_TYPE, errors)
            runtime.append(
                m.RuntimeTypeDef(
                    name,
                    _dotted(rt, f"runtime type {name}", errors),
                    rt.str("doc", f"runtime type {name}", required=True),
                    node.loc,
                )
            )
        for name, node in _named_entries(top, "classes", errors):
            classes.append(_once(shared, node, (name, stem), _parse_class, name, node, stem,
                                 errors))
        for name, node in _named_entries(top, "constants", errors):
            constants.append(_once(shared, node, (name, stem), _parse_constant, name, node,
                                   stem, errors))
        environment.extend(_parse_environment(top.get("environment"), errors))
        if top.has("kernels"):
            kernel_sections.append((display, top.get("kernels")))
        if top.has("platforms"):
            platform_sections.append((display, top.get("platforms")))
    if docs and not project_seen:
        where = next((node.loc for _, stem, node in docs if stem == "project"), docs[0][2].loc)
        errors.error(where, "no file declares 'project:' (package and schema_version)")
    errors.raise_if_any()
    platform_set = platforms.parse_platforms(platform_sections, errors)
    kernel_set = kernels.parse_kernels(kernel_sections, errors)
    vnode = kernel_sections[0][1].value.get("priority_validate") if kernel_sections and \
        kernel_sections[0][1].is_map else None
    priority_validators = tuple(_parse_validators(vnode, "kernel op priority fields", errors))
    errors.raise_if_any()  # the priority fields' alias needs a well-formed kernels section
    classes, kernel_alias = _add_kernel_fields(classes, kernel_set, priority_validators,
                                               errors)
    aliases.extend(kernel_alias)
    errors.raise_if_any()
    return m.Schema(
        package=package,
        version=version,
        classes=tuple(classes),
        enums=tuple(enums),
        aliases=tuple(aliases),
        runtime_types=tuple(runtime),
        files=tuple(d[0] for d in docs),
        hooks_package=hooks_package,
        hooks_path=hooks_path,
        libraries=libraries,
        breaking_ok=breaking_ok,
        differences=differences,
        constants=tuple(constants),
        environment=tuple(sorted(environment, key=lambda v: v.name)),
        kernel_set=kernel_set,
        platform_set=platform_set,
        platform_file=platform_sections[0][0] if platform_sections else "",
    )


def _parse_libraries(node: Node | None, errors: Collector) -> tuple[m.Library, ...]:
    """`libraries: {name: {package, path}}`: hand-written libraries the schema calls."""
    if node is None:
        return ()
    if not node.is_map:
        errors.error(node.loc, "libraries must map a name to {package, path}")
        return ()
    out = []
    for name, value in node.value.items():
        what = f"library {name}"
        if not IDENT.match(name) or name in ("hooks", "self"):
            errors.error(node.key_locs[name], f"{what}: the name must be an identifier "
                         "(not hooks or self)")
            continue
        r = Reader(value, what, lang.LIBRARY, errors)
        package, path = r.str("package", what, required=True), r.str("path", what,
                                                                     required=True)
        if package and not DOTTED.match(package):
            errors.error(r.key_loc("package"), f"{what}: package must be a dotted import "
                         "name like cfgc.checkpoint")
        if path and (path.startswith("/") or ".." in path.split("/")):
            errors.error(r.key_loc("path"), f"{what}: path must be a folder inside the "
                         "project")
        out.append(m.Library(name, package, path, node.key_locs[name]))
    return tuple(out)


def _parse_environment(node: Node | None, errors: Collector) -> list[m.EnvVarDef]:
    """`environment: {NAME: {type, default | default_env, vllm_envs, doc}}`: how the
    package's envs module gives each variable (vLLM's type and default)."""
    if node is None:
        return []
    if not node.is_map:
        errors.error(node.loc, "environment must map a variable name to {type, default, doc}")
        return []
    out = []
    for name, value in node.value.items():
        what = f"environment variable {name}"
        if not ENV_NAME.fullmatch(name):
            errors.error(node.key_locs[name], f"{what}: the name must be upper case "
                         "(letters, digits, underscores)")
            continue
        r = Reader(value, what, lang.ENVIRONMENT_VARIABLE, errors)
        if not r.ok:
            continue
        doc = r.str("doc", what, required=True)
        type_text = r.str("type", what, required=True)
        parsed = _env_type(type_text, what, r.get("type").loc, errors) if type_text else None
        if parsed is None:
            continue
        kind, optional, choices = parsed
        default_env = r.str("default_env", what) or ""
        in_vllm = r.bool("vllm_envs", what, True)
        if r.has("default") and default_env:
            errors.error(r.key_loc("default_env"), f"{what}: give default or default_env, "
                         "not both")
            continue
        if default_env and not ENV_NAME.fullmatch(default_env):
            errors.error(r.key_loc("default_env"), f"{what}: default_env must name a "
                         "variable")
            continue
        default = r.get("default").value if r.has("default") else None
        problem = _env_default_problem(default, kind, optional, choices)
        if problem and not default_env:
            where = r.get("default").loc if r.has("default") else value.loc
            errors.error(where, f"{what}: default {default!r} {problem} ({type_text})")
            continue
        out.append(m.EnvVarDef(name, type_text, kind, optional, choices, default, default_env,
                               in_vllm, doc, node.key_locs[name]))
    return out


def _env_type(text: str, what: str, loc: Loc,
              errors: Collector) -> tuple[str, bool, tuple[str, ...]] | None:
    """(kind, optional, choices) of an environment variable's type, or None (reported)."""
    base = text.strip()
    optional = base.replace(" ", "").endswith("|None")
    if optional:
        base = base[: base.rstrip().rfind("|")].strip()
    if base in ENV_KINDS:
        return base, optional, ()
    if base.startswith("Literal[") and base.endswith("]"):
        try:
            values = ast.literal_eval(f"({base[len('Literal['):-1]},)")
        except (SyntaxError, ValueError):
            values = ()
        if values and all(isinstance(v, str) for v in values):
            return "str", optional, tuple(values)
        errors.error(loc, f"{what}: a Literal type must list strings, e.g. "
                          'Literal["binary", "unpacked"]')
        return None
    errors.error(loc, f"{what}: type {text!r} is not bool, int, float, str or a Literal of "
                      f"strings, optionally with | None{did_you_mean(base, ENV_KINDS)}")
    return None


def _env_default_problem(default: object, kind: str, optional: bool,
                         choices: tuple[str, ...]) -> str:
    """Why `default` does not fit the variable's type ('' when it does)."""
    if default is None:
        return "" if optional else "needs the type to allow None"
    if kind == "bool":
        return "" if isinstance(default, bool) else "is not a bool"
    if isinstance(default, bool):
        return f"is not {kind}"
    if kind == "int":
        return "" if isinstance(default, int) else "is not an int"
    if kind == "float":
        return "" if isinstance(default, int | float) else "is not a float"
    if not isinstance(default, str):
        return "is not a string"
    return "" if not choices or default in choices else "is not one of the Literal's values"


def _call_name(r: Reader, key: str, what: str, errors: Collector) -> str:
    """A `call: <library>.<function>` value ('' when it is not one)."""
    name = r.str(key, what, required=True)
    if name and not re.fullmatch(r"[A-Za-z_]\w*\.[A-Za-z_]\w*", name):
        errors.error(r.get(key).loc, f"call of {what} must name <library>.<function>, "
                     "e.g. checkpoint.read")
        return ""
    return name


def _parse_breaking_ok(node: Node | None, errors: Collector) -> tuple[m.BreakingOk, ...]:
    """`breaking_ok: {<change id from cfgc diff>: <why it is intended>}`."""
    if node is None:
        return ()
    if not node.is_map:
        errors.error(node.loc, "breaking_ok must map a `cfgc diff` change id to a reason")
        return ()
    out = []
    for change, reason in node.value.items():
        if ":" not in change:
            errors.error(node.key_locs[change], f"{change!r} is not a change id "
                         "(KIND:SUBJECT, as `cfgc diff` prints it)")
        elif not isinstance(reason.value, str) or not reason.value.strip():
            errors.error(reason.loc, f"breaking_ok {change!r} needs a reason")
        else:
            out.append(m.BreakingOk(change, reason.value.strip(), node.key_locs[change]))
    return tuple(out)


def _parse_differences(node: Node | None, errors: Collector) -> tuple[m.Difference, ...]:
    """Project-level `differs_from_vllm: {topic: reason}` (differences of no one class)."""
    if node is None:
        return ()
    if not node.is_map:
        errors.error(node.loc, "differs_from_vllm must map a topic to its reason")
        return ()
    out = []
    for topic, reason in node.value.items():
        if not isinstance(reason.value, str) or not reason.value.strip():
            errors.error(reason.loc, f"differs_from_vllm {topic!r} needs a reason")
        else:
            out.append(m.Difference(topic, reason.value.strip(), node.key_locs[topic]))
    return tuple(out)


def _differs(r: Reader, what: str) -> str:
    """The `differs_from_vllm: reason` key of a class, field, property or method."""
    return r.str("differs_from_vllm", what).strip()


def _parse_constant(name: str, node: Node, stem: str, errors: Collector) -> m.ConstantDef:
    what = f"constant {name}"
    r = Reader(node, what, lang.CONSTANT, errors)
    sources = [k for k in ("value", "values_of", "alias", "table", "import", "expr", "absent")
               if r.has(k)]
    if len(sources) != 1:
        errors.error(node.loc, f"{what} needs exactly one of value, values_of, alias, table, "
                               "import, expr, absent")
    absent = r.str("absent", what).strip()
    if r.has("absent") and not absent:
        errors.error(r.key_loc("absent"), f"absent of {what} needs a reason")
    import_path = _dotted(r, what, errors) if r.has("import") else ""
    table = r.str("table", what)
    if table and not DOTTED.match(table):
        errors.error(r.key_loc("table"), f"table of {what} must be Class.table_name")
    if r.has("row") and not table:
        errors.error(r.key_loc("row"), f"row of {what} goes with table")
    return m.ConstantDef(
        name, _module(r, what, stem, errors),
        r.str("doc", what, required=not r.has("absent")), node.loc,
        value=r.get("value").plain() if r.has("value") else None,
        values_of=r.str("values_of", what), alias=r.str("alias", what), table=table,
        row=r.str("row", what), import_path=import_path, expr=_expr(r, "expr", what, errors),
        export=r.bool("export", what, False),
        differs=_differs(r, what), absent=absent)


def _dotted(r: Reader, what: str, errors: Collector) -> str:
    path = r.str("import", what, required=True)
    if path and not DOTTED.match(path):
        errors.error(r.get("import").loc, f"import of {what} must be a dotted name "
                     "like torch.dtype")
        return ""
    return path


def _module(r: Reader, what: str, stem: str, errors: Collector) -> str:
    module = r.str("module", what, default=stem)
    problem = _module_problem(module)
    if problem:
        origin = "module" if r.has("module") else "module (the file's name)"
        errors.error(r.key_loc("module") if r.has("module") else r.node.loc,
                     f"{origin} {module!r} of {what} {problem}")
    return module


def _renamed_from(r: Reader, what: str, name: str, errors: Collector) -> str:
    old = r.str("renamed_from", what)
    if old and (not IDENT.match(old) or old == name):
        errors.error(r.get("renamed_from").loc,
                     f"renamed_from of {what} must be its previous name")
        return ""
    return old


def _add_kernel_fields(classes: list[m.ClassDef], kernel_set,
                       validators: tuple[m.Validator, ...], errors: Collector):
    """Give the class marked `fields_from: kernel_ops` one priority field per kernel op."""
    wanting = [c for c in classes if c.fields_from]
    if kernel_set is None:
        for c in wanting:
            errors.error(c.loc, f"class {c.name} takes its fields from kernel ops, but the "
                                "schema has no kernels section")
        return classes, []
    generated = kernels.priority_fields(kernel_set, validators)
    out = []
    for c in classes:
        if c.fields_from:
            clash = {f.name for f in c.fields} & {f.name for f in generated}
            for name in sorted(clash):
                errors.error(c.field(name).loc, f"field {c.name}.{name} is generated from "
                                                "kernel op of the same name; remove it here")
            c = replace(c, fields=c.fields + generated)
        out.append(c)
    return out, [kernels.provider_alias(kernel_set)]


def _named_entries(top: Reader, key: str, errors: Collector) -> list[tuple[str, Node]]:
    node = top.get(key)
    if node is None:
        return []
    if not node.is_map:
        errors.error(node.loc, f"{key!r} must be a mapping of name -> definition")
        return []
    out = []
    for name, child in node.value.items():
        problem = name_problem(name, RESERVED_TYPES)
        if problem:
            errors.error(node.key_locs[name], f"{name!r} {problem}")
            continue
        out.append((name, child))
    return out


def _parse_type(text_node: Node | None, what: str, owner_loc: Loc, errors: Collector):
    if text_node is None:
        errors.error(owner_loc, f"{what} is missing required key 'type'")
        return "Any", TypeExpr("scalar", name="Any"), owner_loc
    text = text_node.value
    if not isinstance(text, str):
        errors.error(text_node.loc, f"type of {what} must be a string")
        return "Any", TypeExpr("scalar", name="Any"), text_node.loc
    try:
        return text, parse_type(text), text_node.loc
    except TypeSyntaxError as exc:
        loc = Loc(text_node.loc.file, text_node.loc.line, text_node.loc.col + exc.col)
        errors.error(loc, f"{what}: {exc}")
        return text, TypeExpr("scalar", name="Any"), text_node.loc


def _parse_enum(name: str, node: Node, _key_locs, errors: Collector) -> m.EnumDef:
    r = Reader(node, f"enum {name}", lang.ENUM, errors)
    members: list[m.EnumMember] = []
    mnode = r.get("members")
    if mnode is None or not mnode.is_map or not mnode.value:
        errors.error(r.key_loc("members") if mnode else node.loc,
                     f"enum {name} needs 'members': a mapping NAME -> value")
    else:
        for mname, mval in mnode.value.items():
            problem = name_problem(mname) or ("starts with '_' (enum would not make it a "
                                              "member)" if mname.startswith("_") else "")
            if problem:
                errors.error(mnode.key_locs[mname], f"member name {mname!r} {problem}")
                continue
            doc = ""
            value_node = mval
            if mval.is_map:
                mr = Reader(mval, f"member {name}.{mname}", lang.MEMBER, errors)
                doc = mr.str("doc", f"member {name}.{mname}")
                value_node = mr.get("value") or mval
            members.append(m.EnumMember(mname, value_node.plain(), mnode.key_locs[mname], doc))
    base = r.str("base", f"enum {name}", default="Enum")
    if base not in ("Enum", "IntEnum", "StrEnum"):
        errors.error(r.key_loc("base"), f"enum base must be Enum, IntEnum or StrEnum, not {base!r}")
    str_mode = r.str("str", f"enum {name}", default="value")
    if str_mode not in ("value", "name"):
        errors.error(r.key_loc("str"), f"str of enum {name} must be 'name' or 'value'")
    return m.EnumDef(name, r.str("doc", f"enum {name}", required=True), tuple(members), node.loc,
                     base, _accessors(r, "properties", f"enum {name}", errors, False),
                     _accessors(r, "methods", f"enum {name}", errors, False),
                     str_mode == "name", _expr(r, "truth", f"enum {name}", errors),
                     _engine_enum(r, name, errors))


def _engine_enum(r: Reader, name: str, errors: Collector) -> str:
    """`engine_enum: module.Name`: a dotted import path whose last part is the enum's
    own name (the engine's class is recognised by that name, never imported)."""
    path = r.str("engine_enum", f"enum {name}")
    parts = path.split(".")
    if path and (len(parts) < 2 or not all(p.isidentifier() for p in parts)
                 or parts[-1] != name):
        errors.error(r.key_loc("engine_enum"), f"engine_enum of enum {name} must be a dotted "
                     f"path ending in .{name} (e.g. vllm.some.module.{name}), not {path!r}")
    return path


def _parse_alias(name: str, node: Node, errors: Collector) -> m.AliasDef:
    r = Reader(node, f"alias {name}", lang.ALIAS, errors)
    text, texpr, _ = _parse_type(r.get("type"), f"alias {name}", node.loc, errors)
    return m.AliasDef(name, text, texpr, r.str("doc", f"alias {name}", required=True), node.loc)


def _parse_hash_rule(node: Node, what: str, errors: Collector) -> m.HashRule | None:
    if node.value == "include":
        return m.HashRule(True, "", node.loc)
    if node.is_map and "exclude" in node.value:
        Reader(node, f"hash rule of {what}", lang.HASH_EXCLUDE, errors)  # its other keys
        reason = node.value["exclude"].value
        if isinstance(reason, str) and reason.strip():
            return m.HashRule(False, reason.strip(), node.loc)
    errors.error(node.loc, f"hash rule of {what} must be 'include' or {{exclude: <reason>}}")
    return None


def _parse_class(name: str, node: Node, stem: str, errors: Collector) -> m.ClassDef:
    what = f"class {name}"
    r = Reader(node, what, lang.CLASS, errors)
    hash_default = None
    extras: list[m.HashExtra] = []
    if r.has("hash"):
        hr = Reader(r.get("hash"), f"hash of {what}", lang.CLASS_HASH, errors)
        if hr.has("default"):
            hash_default = _parse_hash_rule(hr.get("default"), what, errors)
        enode = hr.get("extra")
        if enode is not None:
            if not enode.is_map:
                errors.error(enode.loc, "hash.extra must map factor name -> {path|hook, doc}")
            else:
                for ename, enode_v in enode.value.items():
                    if not (IDENT.match(ename) or DOTTED.match(ename)):
                        errors.error(enode.key_locs[ename], f"hash factor name {ename!r} "
                                     "must be a name or a dotted path")
                        continue
                    er = Reader(enode_v, f"hash factor {ename}", lang.HASH_FACTOR,
                                errors)
                    extra = m.HashExtra(ename, enode.key_locs[ename], er.str("path", ename),
                                        er.str("hook", ename), er.str("doc", ename),
                                        er.str_list("reads", ename),
                                        _expr(er, "expr", f"hash factor {ename}", errors),
                                        er.str("param", ename))
                    if [bool(extra.path), bool(extra.hook), er.has("expr")].count(True) != 1:
                        errors.error(extra.loc, f"hash factor {ename} needs exactly one of "
                                     "path, hook, expr")
                    extras.append(extra)
    cli_group, json_flag, json_aliases, expose, enable_flag = "", "", (), "all", ""
    if r.has("cli"):
        cr = Reader(r.get("cli"), f"cli of {what}", lang.CLASS_CLI, errors)
        cli_group = cr.str("group", what)
        json_flag = cr.str("json_flag", what)
        json_aliases = cr.str_list("json_aliases", what)
        expose = cr.str("expose", what, default="all")
        if expose not in CLI_EXPOSE:
            errors.error(cr.key_loc("expose"), f"expose of {what} must be one of {CLI_EXPOSE}"
                         f"{did_you_mean(expose, CLI_EXPOSE)}")
        enable_flag = cr.str("enable_flag", what)
        for flag, loc in ((json_flag, cr.key_loc("json_flag")),
                          (enable_flag, cr.key_loc("enable_flag"))) + tuple(
            (a, cr.key_loc("json_aliases")) for a in json_aliases
        ):
            if flag and not FLAG.match(flag):
                errors.error(loc, f"{flag!r} is not a valid flag (e.g. --name or -n)")
    fields: list[m.FieldDef] = []
    fnode = r.get("fields")
    if fnode is not None and not fnode.is_map:
        errors.error(fnode.loc, f"fields of {what} must be a mapping")
    elif fnode is not None:
        for fname, fval in fnode.value.items():
            loc = fnode.key_locs[fname]
            problem = name_problem(fname, RESERVED_FIELDS)
            if problem:
                errors.error(loc, f"field name {fname!r} {problem}")
                continue
            fields.append(_parse_field(name, fname, fval, loc, hash_default, errors))
    hook_points = []
    hp = r.get("hook_points")
    if hp is not None:
        if not hp.is_map:
            errors.error(hp.loc, "hook_points must map name -> {doc, supplies}")
        else:
            for hname, hval in hp.value.items():
                hr = Reader(hval, f"hook point {hname}", lang.HOOK_POINT, errors)
                hook_points.append(m.HookPoint(
                    hname, hr.str("doc", hname, required=True),
                    hr.str("supplies", hname, required=True), hp.key_locs[hname]))
    return m.ClassDef(
        name=name,
        module=_module(r, what, stem, errors),
        doc=r.str("doc", what, required=True),
        fields=tuple(fields),
        renamed_from=_renamed_from(r, what, name, errors),
        differs=_differs(r, what),
        loc=node.loc,
        hash_default=hash_default,
        hash_extra=tuple(extras),
        rules=tuple(_parse_rules(r.get("rules"), what, errors)),
        resolve=tuple(_legacy_steps(r, what, errors) + _parse_steps(r.get("resolve"), what,
                                                                    errors)),
        tables=tuple(_parse_tables(r.get("tables"), what, errors)),
        hook_points=tuple(hook_points),
        cli_group=cli_group,
        cli_json_flag=json_flag,
        cli_json_aliases=json_aliases,
        cli_expose=expose,
        cli_enable_flag=enable_flag,
        fields_from=_fields_from(r, what, errors),
        properties=_accessors(r, "properties", what, errors),
        methods=_accessors(r, "methods", what, errors),
    )


def _accessors(r: Reader, key: str, what: str, errors: Collector,
               hooks_allowed: bool = True) -> tuple[m.Accessor, ...]:
    """`properties:` / `methods:`: name -> {expr | hook, doc, returns, params}."""
    node = r.get(key)
    if node is None:
        return ()
    if not node.is_map:
        errors.error(node.loc, f"{key} of {what} must map name -> {{expr, doc, returns}}")
        return ()
    out = []
    singular = key[:-1].replace("ie", "y")
    for name, value in node.value.items():
        loc = node.key_locs[name]
        if not IDENT.match(name) or keyword.iskeyword(name) or name.startswith("__"):
            errors.error(loc, f"{name!r} is not a usable {singular} name")
            continue
        label = f"{singular} {name} of {what}"
        ar = Reader(value, label, lang.ACCESSOR, errors)
        if not ar.ok:
            continue
        expr = _expr(ar, "expr", label, errors)
        given = [k for k in ("expr", "hook", "call") if ar.has(k)]
        if len(given) > 1:
            errors.error(ar.key_loc(given[1]), f"{label} has both {given[0]!r} and "
                         f"{given[1]!r}: keep one")
        if expr is None and not ar.has("expr") and not hooks_allowed:
            errors.error(loc, f"{label} needs 'expr'")
        rules = tuple(_parse_rules(ar.get("rules"), label, errors))
        if rules and (ar.has("hook") or ar.has("call")):
            errors.error(ar.key_loc("rules"), f"{label}: rules go with 'expr' (or alone), "
                         "not with a hook or call")
        steps = tuple(_parse_steps(ar.get("steps"), label, errors, key="steps"))
        if ar.has("steps") and key == "properties":
            errors.error(ar.key_loc("steps"), f"{label} is a property: steps change the "
                         "instance, so they belong to a method")
        elif ar.has("steps") and (rules or ar.has("hook") or ar.has("call")):
            errors.error(ar.key_loc("steps"), f"{label}: steps go with 'expr' (or alone), not "
                         "with rules, a hook or call (a require step is a rule)")
        if ar.has("each_op") and (key == "properties" or ar.has("hook") or ar.has("call")):
            errors.error(ar.key_loc("each_op"), f"{label}: 'each_op' is for methods without "
                         "a hook or call")
        each_op = ar.str("each_op", label)
        hook = "" if ar.has("expr") or rules or steps or each_op else (
            _call_name(ar, "call", label, errors) if ar.has("call")
            else ar.str("hook", name, default=name))
        returns = ar.str("returns", name, default="Any")
        try:
            parse_type(returns)
        except TypeSyntaxError as exc:
            errors.error(ar.key_loc("returns"), f"returns of {name}: {exc}")
        params: list[tuple[str, str]] = []
        defaults: list[tuple[str, str]] = []
        kind = ar.str("kind", label, default="method")
        if kind not in m.ACCESSOR_KINDS or (kind != "method" and key == "properties"):
            errors.error(ar.key_loc("kind"), f"kind of {label} must be one of "
                         f"{m.ACCESSOR_KINDS if key == 'methods' else ('method',)}")
        unsupported = ar.str("unsupported", label).strip()
        if unsupported and (expr is not None or ar.has("hook") or ar.has("call")):
            errors.error(ar.key_loc("unsupported"), f"{label} is unsupported: it takes no "
                         "expr, hook or call")
        if (kind == "classmethod" and expr is not None) or (
                kind not in ("method", "validator") and steps):
            errors.error(ar.key_loc("kind"), f"{label} is a {kind}: back it with a hook "
                         "(an expression reads the instance; a staticmethod's may read "
                         "only its parameters)")
        mode = ar.str("mode", label, default="after" if kind == "validator" else "")
        if ar.has("mode") and (kind != "validator" or mode not in m.EXPR_VALIDATOR_MODES):
            errors.error(ar.key_loc("mode"), f"mode of {label} goes with kind: validator "
                         f"and is one of {m.EXPR_VALIDATOR_MODES}")
        if kind == "validator" and (expr is not None or ar.has("hook") or ar.has("call")
                                    or unsupported or not (rules or steps)):
            errors.error(ar.key_loc("kind"), f"{label} is a validator: its checks are "
                         "`rules` or `steps` (it returns what it validated), no expr, hook "
                         "or call")
        if each_op and kind != "classmethod":
            errors.error(ar.key_loc("each_op"), f"{label}: 'each_op' builds the class, so "
                         "the method must be kind: classmethod")
        pnode = ar.get("params")
        if pnode is not None and key == "properties":
            errors.error(pnode.loc, f"{label} is a property and takes no params")
        elif pnode is not None and not pnode.is_map:
            errors.error(pnode.loc, f"params of {label} must map name -> type")
        elif pnode is not None:
            for pname, ptype in pnode.value.items():
                bare = pname.lstrip("*")  # `*args` / `**kwargs`: variadic, passed on as such
                if len(pname) - len(bare) > 2 or name_problem(bare) or bare == "self":
                    errors.error(pnode.key_locs[pname], f"parameter {pname!r} of {label} "
                                 f"{name_problem(bare) or 'is reserved'}")
                    continue
                if ptype.is_map:  # {type: T, default: literal}
                    pr = Reader(ptype, f"parameter {pname} of {label}", lang.PARAM,
                                errors)
                    if pr.has("default"):
                        defaults.append((pname, repr(pr.get("default").plain())))
                    ptype = pr.get("type") or ptype
                _parse_type(ptype, f"parameter {pname} of {label}", pnode.loc, errors)
                params.append((pname, str(ptype.value)))
            seen_default = False
            for pname, _ in params:
                if seen_default and pname not in dict(defaults) and not pname.startswith("*"):
                    errors.error(pnode.key_locs[pname], f"parameter {pname!r} of {label} "
                                 "follows one with a default: give it a default too")
                seen_default = seen_default or pname in dict(defaults)
        if kind == "validator" and len(params) != (mode == "before"):
            errors.error(pnode.loc if pnode is not None else ar.key_loc("kind"),
                         f"{label}: a {mode}-mode validator takes "
                         + ("one parameter (the input)" if mode == "before"
                            else "no parameters (it checks the instance)"))
        if unsupported:
            hook = ""
        out.append(m.Accessor(name, hook, ar.str("doc", name, required=True), loc, returns,
                              expr, tuple(params), kind, tuple(defaults), unsupported,
                              _differs(ar, label), pnode is not None, rules, steps,
                              each_op, mode))
    return tuple(out)


def _expr(r: Reader, key: str, what: str, errors: Collector) -> x.Expr | None:
    node = r.get(key)
    if node is None:
        return None
    return x.parse(node.value, node.loc, errors, f"{key} of {what}")


def _level_message(r: Reader, what: str, errors: Collector) -> tuple[str, str]:
    """A `warn: msg` or `info: msg` key: (level, message), or ('', '')."""
    levels = [k for k in ("warn", "info") if r.has(k)]
    if len(levels) > 1:
        errors.error(r.key_loc(levels[1]), f"{what} has both 'warn' and 'info'")
    if not levels:
        return "", ""
    return ("warning" if levels[0] == "warn" else "info"), r.str(levels[0], what,
                                                                  required=True)


def _parse_rule(node: Node, what: str, errors: Collector) -> m.Rule | None:
    r = Reader(node, what, lang.RULE, errors)
    if not r.ok:
        return None
    level, note = _level_message(r, what, errors)
    when = _expr(r, "when", what, errors)
    if level:
        for key in ("require", "message"):
            if r.has(key):
                errors.error(r.key_loc(key), f"{what} is a {level} rule ('{level[:4]}'): it "
                             f"takes 'when' and the message, not {key!r}")
        if when is None:
            errors.error(node.loc, f"{what} needs 'when': the condition to {level[:4]} on")
        category = r.str("category", what)
        if category and (level != "warning" or category not in WARNING_CATEGORIES):
            errors.error(r.key_loc("category"), f"category of {what} goes with 'warn' and "
                         f"is one of {', '.join(WARNING_CATEGORIES)}"
                         f"{did_you_mean(category, WARNING_CATEGORIES)}")
            category = ""
        return m.Rule(note, node.loc, None, when, level, category=category)
    require = _expr(r, "require", what, errors)
    message = r.str("message", what, required=True)
    if not r.has("require"):
        errors.error(node.loc, f"{what} needs 'require' (or 'warn' / 'info' with 'when')")
        return None
    if r.has("category"):
        errors.error(r.key_loc("category"), f"category of {what} goes with 'warn'")
    raises = r.str("raises", what, default="ValueError")
    if raises not in RAISES:
        errors.error(r.key_loc("raises"), f"raises of {what} must be one of {RAISES}"
                     f"{did_you_mean(raises, RAISES)}")
    return m.Rule(message, node.loc, require, when, raises=raises)


def _seq(node: Node | None, key: str, what: str, errors: Collector) -> list[Node]:
    if node is None:
        return []
    if not node.is_seq:
        errors.error(node.loc, f"{key} of {what} must be a list")
        return []
    return node.value


def _parse_rules(node: Node | None, what: str, errors: Collector) -> list[m.Rule]:
    rules = []
    for i, item in enumerate(_seq(node, "rules", what, errors)):
        rule = _parse_rule(item, f"rule {i + 1} of {what}", errors)
        if rule is not None:
            rules.append(rule)
    return rules


def _parse_steps(node: Node | None, what: str, errors: Collector,
                 key: str = "resolve") -> list[m.Step]:
    """`resolve:` - the ordered after-construction steps; each names its kind by the
    first key it has: set, let, do, return, require, warn, info, apply, hook, call or
    platform_priorities. A method's `steps:` (key "steps") take the same, less apply, hook
    and call."""
    steps = []
    tagged = lang.RESOLVE_STEP if key == "resolve" else lang.METHOD_STEP
    allowed = tagged.allowed
    for i, item in enumerate(_seq(node, key, what, errors)):
        label = f"{'resolve step' if key == 'resolve' else 'step'} {i + 1} of {what}"
        kinds = [k for k in tagged.order if item.is_map and k in item.value]
        if kinds and kinds[0] == "return" and key == "resolve":
            errors.error(item.loc, f"{label}: 'return' leaves a method; resolve steps all run")
            continue
        if not kinds or kinds[0] not in allowed:
            found = f" ({kinds[0]!r} is not one here)" if kinds else ""
            errors.error(item.loc, f"{label} must be a mapping with one of {allowed}{found}")
            continue
        kind = kinds[0]
        record = lang.LANGUAGE.record(tagged.record_of(kind))
        if kind == "let":
            r = Reader(item, label, lang.LET_STEP, errors)
            name = r.str("let", label, required=True)
            if name and name_problem(name):
                errors.error(r.get("let").loc, f"let name {name!r} of {label} "
                             f"{name_problem(name)}")
            if not r.has("to"):
                errors.error(item.loc, f"{label} needs 'to': the value to bind")
            level, note = _level_message(r, label, errors)
            rule = m.Rule(note, item.loc, None, None, level) if level else None
            steps.append(m.Step("let", item.loc, target=name, value=_expr(r, "to", label,
                                errors), when=_expr(r, "when", label, errors), rule=rule))
        elif kind in ("do", "return"):
            r = Reader(item, label, record, errors)
            value = None
            if kind == "do" or r.get(kind).value is not None:
                value = _expr(r, kind, label, errors)
            steps.append(m.Step(kind, item.loc, value=value,
                                when=_expr(r, "when", label, errors)))
        elif kind == "set":
            r = Reader(item, label, lang.SET_STEP, errors)
            target = r.str("set", label, required=True)
            if target and not (IDENT.match(target) or DOTTED.match(target)):
                errors.error(r.get("set").loc, f"set target of {label} must be a field path")
            if not r.has("to"):
                errors.error(item.loc, f"{label} needs 'to': the value to assign")
            level, note = _level_message(r, label, errors)
            rule = m.Rule(note, item.loc, None, None, level) if level else None
            steps.append(m.Step("set", item.loc, target=target, value=_expr(r, "to", label,
                                errors), when=_expr(r, "when", label, errors), rule=rule))
        elif kind in ("require", "warn", "info"):
            rule = _parse_rule(item, label, errors)
            if rule is not None:
                steps.append(m.Step("check", item.loc, rule=rule))
        elif kind == "platform_priorities":
            r = Reader(item, label, lang.PRIORITIES_STEP, errors)
            target = r.str(kind, label, required=True)
            if target and not (IDENT.match(target) or DOTTED.match(target)):
                errors.error(r.get(kind).loc, f"{kind} of {label} must be a field path")
            for key in ("device_type", "compiled"):
                if not r.has(key):
                    errors.error(item.loc, f"{label} needs {key!r}: an expression")
            steps.append(m.Step(kind, item.loc, target=target,
                                when=_expr(r, "when", label, errors),
                                device_type=_expr(r, "device_type", label, errors),
                                compiled=_expr(r, "compiled", label, errors)))
        elif kind == "call":  # a library function: a hook step whose name is dotted
            r = Reader(item, label, lang.CALL_STEP, errors)
            steps.append(m.Step("hook", item.loc, when=_expr(r, "when", label, errors),
                                hook=_call_name(r, "call", label, errors)))
        else:
            r = Reader(item, label, record, errors)
            name = r.str(kind, label, required=True)
            if name and not IDENT.match(name):
                errors.error(r.get(kind).loc, f"{kind} of {label} must be a name")
            steps.append(m.Step(kind, item.loc, when=_expr(r, "when", label, errors),
                                **{"table" if kind == "apply" else kind: name}))
    return steps


def _legacy_steps(r: Reader, what: str, errors: Collector) -> list[m.Step]:
    """`post_init: [hook]` and `model_validators: [{hook}]` of schema language 1, kept so
    `cfgc diff` can read older refs: they run as the first `resolve` hook steps."""
    steps = [m.Step("hook", r.key_loc("post_init"), hook=name)
             for name in r.str_list("post_init", what)]
    steps += [m.Step("hook", v.loc, hook=v.hook)
              for v in _parse_validators(r.get("model_validators"), what, errors,
                                         model_level=True)]
    return steps


def _parse_tables(node: Node | None, what: str, errors: Collector) -> list[m.DefaultsTable]:
    if node is None:
        return []
    if not node.is_map:
        errors.error(node.loc, f"tables of {what} must map name -> {{doc, key, rows}}")
        return []
    out = []
    for name, value in node.value.items():
        label = f"table {name} of {what}"
        if name_problem(name):
            errors.error(node.key_locs[name], f"table name {name!r} {name_problem(name)}")
            continue
        r = Reader(value, label, lang.TABLE, errors)
        key = _expr(r, "key", label, errors)
        rows_node = r.get("rows")
        rows = []
        if rows_node is None or not rows_node.is_map:
            errors.error(r.key_loc("rows"), f"{label} needs 'rows': member -> {{path: value}}")
        else:
            for member, entries in rows_node.value.items():
                if not entries.is_map:
                    errors.error(entries.loc, f"row {member} of {label} must map path -> value")
                    continue
                row = []
                for target, val in entries.value.items():
                    loc = entries.key_locs[target]
                    if not (IDENT.match(target) or DOTTED.match(target)):
                        errors.error(loc, f"{target!r} in {label} is not a field path")
                        continue
                    if val.is_map and "expr" in val.value and set(val.value) <= {"expr", "name"}:
                        e = x.parse(val.value["expr"].value, val.value["expr"].loc, errors,
                                    f"{target} in {label}")
                        fn = val.value.get("name")
                        if fn is not None and (not isinstance(fn.value, str)
                                               or not IDENT.match(fn.value)
                                               or name_problem(fn.value)):
                            errors.error(fn.loc, f"name of {target} in {label} must be a "
                                                 "Python name")
                            fn = None
                        row.append(m.TableEntry(target, e, loc,
                                                fn.value if fn is not None else ""))
                    elif val.is_map and set(val.value) == {"value"}:
                        # `{value: V}`: a literal that carries release markers
                        row.append(m.TableEntry(target, val.value["value"].plain(), loc))
                    else:
                        row.append(m.TableEntry(target, val.plain(), loc))
                rows.append((member, tuple(row)))
        if key is None and r.ok and not r.has("key"):
            errors.error(value.loc, f"{label} needs 'key': the enum-valued expression")
        if key is not None:
            out.append(m.DefaultsTable(name, r.str("doc", label, required=True), key,
                                       tuple(rows), node.key_locs[name]))
    return out


def _fields_from(r: Reader, what: str, errors: Collector) -> str:
    value = r.str("fields_from", what)
    if value and value not in FIELDS_FROM:
        errors.error(r.key_loc("fields_from"), f"fields_from of {what} must be one of "
                                               f"{FIELDS_FROM}{did_you_mean(value, FIELDS_FROM)}")
    return value


def _parse_validators(node: Node | None, what: str, errors: Collector,
                      model_level: bool = False) -> list[m.Validator]:
    if node is None:
        return []
    items = node.value if node.is_seq else [node]
    out: list[m.Validator] = []
    for item in items:
        if isinstance(item.value, str):
            if model_level or item.value not in m.NORMALISERS:
                allowed = () if model_level else m.NORMALISERS + m.PARAMETRISED_VALIDATORS
                errors.error(item.loc, f"unknown validator {item.value!r} for {what}"
                             f"{did_you_mean(item.value, allowed)}")
                continue
            out.append(m.Validator(item.value, item.loc))
            continue
        if not item.is_map:
            errors.error(item.loc, f"validator of {what} must be a name or a mapping")
            continue
        kind = next((k for k in item.value if k in m.PARAMETRISED_VALIDATORS), None)
        if kind is None or (model_level and kind != "hook"):
            keys = ", ".join(item.value)
            allowed = ("hook",) if model_level else m.PARAMETRISED_VALIDATORS
            first = next(iter(item.value), "")
            errors.error(item.loc, f"unknown validator {{{keys}}} for {what}"
                                   f"{did_you_mean(first, allowed)}")
            continue
        label = f"validator {kind} of {what}"
        record = lang.MODEL_VALIDATOR if model_level else lang.LANGUAGE.record(
            lang.VALIDATOR.record_of(kind))
        vr = Reader(item, label, record, errors)
        mode = vr.str("mode", what, default="before" if kind in ("shorthand", "reject")
                      else "after", required=kind == "expose")
        modes = m.VALIDATOR_MODES if kind == "hook" else m.EXPR_VALIDATOR_MODES
        if mode not in modes:
            errors.error(vr.key_loc("mode") if vr.has("mode") else item.loc,
                         f"mode of {label} must be one of {modes}"
                         f"{did_you_mean(mode, modes)}")
            continue
        arg_node = vr.get(kind)
        if kind in ("expr", "require"):
            e = _expr(vr, kind, what, errors)
            message = vr.str("message", what, required=True) if kind == "require" else ""
            when = _expr(vr, "when", what, errors)
            if e is not None:
                arg = {kind: e.text, "when": when.text if when else None, "message": message}
                out.append(m.Validator(kind, item.loc, mode, arg=arg, expr=e, when=when,
                                       message=message))
        elif kind == "expose":
            if not isinstance(arg_node.value, str) or not IDENT.match(arg_node.value) \
                    or arg_node.value.startswith("_"):
                errors.error(arg_node.loc, "expose names a public method (an identifier "
                                           "not starting with _)")
                continue
            out.append(m.Validator("expose", item.loc, mode, hook=arg_node.value,
                                   arg=vr.str("doc", what, required=True)))
        elif kind == "hook":
            if not isinstance(arg_node.value, str) or not IDENT.match(arg_node.value):
                errors.error(arg_node.loc, "hook must name a function")
                continue
            out.append(m.Validator("hook", item.loc, mode, hook=arg_node.value))
        elif kind == "shorthand":
            if not arg_node.is_map:
                errors.error(arg_node.loc, "shorthand maps an input spelling to its value")
                continue
            out.append(m.Validator("shorthand", item.loc, "before", arg=arg_node.plain()))
        else:  # reject
            rr = Reader(arg_node, f"reject of {what}", lang.REJECT, errors)
            values = rr.get("values")
            if values is None or not values.is_seq:
                errors.error(arg_node.loc, "reject needs 'values': a list of removed values")
                continue
            out.append(m.Validator("reject", item.loc, "before",
                                   arg={"values": values.plain(),
                                        "message": rr.str("message", what, required=True)}))
    return out


def _parse_field(cls: str, name: str, node: Node, loc: Loc, class_hash: m.HashRule | None,
                 errors: Collector) -> m.FieldDef:
    what = f"field {cls}.{name}"
    r = Reader(node, what, lang.FIELD, errors)
    if not r.ok:
        return m.FieldDef(name, "Any", TypeExpr("scalar", name="Any"),
                          m.Default("required", loc), "", None, loc, loc)
    type_text, texpr, type_loc = _parse_type(r.get("type"), what, loc, errors)
    kind = r.str("kind", what, default="field")
    if kind not in m.FIELD_KINDS:
        errors.error(r.key_loc("kind"), f"kind of {what} must be one of {m.FIELD_KINDS}"
                     f"{did_you_mean(kind, m.FIELD_KINDS)}")
    default_keys = [k for k in ("default", "default_factory", "unset", "required") if r.has(k)]
    if len(default_keys) > 1:
        errors.error(r.key_loc(default_keys[1]),
                     f"{what} has both {default_keys[0]!r} and {default_keys[1]!r}")
    if not default_keys:
        default = m.Default("required", loc)
    elif default_keys[0] == "default":
        dnode = r.get("default")
        default = m.Default("value", dnode.loc, dnode.plain())
    elif default_keys[0] == "default_factory":
        dnode = r.get("default_factory")
        if not isinstance(dnode.value, str) or not IDENT.match(dnode.value):
            errors.error(dnode.loc, "default_factory must name a config class, list, dict or set")
        default = m.Default("factory", dnode.loc, dnode.value)
    else:
        key = default_keys[0]
        if r.get(key).value is not True:
            errors.error(r.get(key).loc, f"{key!r} can only be true")
        default = m.Default(key, r.key_loc(key))
    hash_rule: m.HashRule | None
    if kind == "classvar":
        hash_rule = None
        if r.has("hash"):
            errors.error(r.key_loc("hash"), f"{what} is a classvar and never hashed; drop 'hash'")
    elif r.has("hash"):
        hash_rule = _parse_hash_rule(r.get("hash"), what, errors)
    elif class_hash is not None:
        hash_rule = m.HashRule(class_hash.include, class_hash.reason, class_hash.loc, True)
    else:
        errors.error(loc, f"{what} has no hash rule: add 'hash: include' or "
                          f"'hash: {{exclude: <reason>}}', or a class-level hash.default")
        hash_rule = None
    constraints = []
    for c in m.CONSTRAINTS:
        if r.has(c):
            value = r.get(c).plain()
            problem = _constraint_value_problem(c, value)
            if problem:
                errors.error(r.get(c).loc, f"{c} of {what} must be {problem}")
                continue
            constraints.append((c, value))
    deprecation = None
    if r.has("deprecated"):
        dn = r.get("deprecated")
        if isinstance(dn.value, str):
            deprecation = m.Deprecation(dn.value, dn.loc)
        else:
            dr = Reader(dn, f"deprecation of {what}", lang.DEPRECATION, errors)
            deprecation = m.Deprecation(dr.str("message", what, required=True), dn.loc,
                                        dr.str("replacement", what))
    init = r.bool("init", what, default=True)
    cli = _parse_field_cli(r, name, what, kind, init, errors)
    derive = _expr(r, "derive", what, errors)
    if derive is not None and default_keys and (default_keys[0] in ("default_factory",
                                                                     "required")
                                                 or default.value is not None):
        errors.error(r.key_loc("derive"), f"{what} has 'derive', which is its default: "
                     f"drop {default_keys[0]!r}")
    if derive is not None and default.kind == "required":
        default = m.Default("unset", r.key_loc("derive"))  # None until derived
    env = r.str("env", what)
    if env and not re.fullmatch(r"[A-Z_][A-Z0-9_]*", env):
        errors.error(r.get("env").loc, f"env of {what} must be an environment variable "
                     "name (upper case, digits, _)")
    if env and (derive is not None or kind != "field"):
        errors.error(r.key_loc("env"), f"{what}: 'env' needs a stored field with a plain "
                     "default (not derive, not a classvar/initvar)")
    items = []
    if r.has("items"):
        ir = Reader(r.get("items"), f"items of {what}", lang.ITEMS, errors)
        for c in m.ITEM_CONSTRAINTS:
            if ir.has(c):
                value = ir.get(c).plain()
                problem = _constraint_value_problem(c, value)
                if problem:
                    errors.error(ir.get(c).loc, f"items {c} of {what} must be {problem}")
                else:
                    items.append((c, value))
    deprecated_values = []
    if r.has("deprecated_values"):
        dv = r.get("deprecated_values")
        if not dv.is_map:
            errors.error(dv.loc, f"deprecated_values of {what} must map old value -> "
                         "{use: new value, message}")
        else:
            for old, spec in dv.value.items():
                sr = Reader(spec, f"deprecated value {old!r} of {what}",
                            lang.DEPRECATED_VALUE, errors)
                if not sr.has("use"):
                    errors.error(spec.loc, f"deprecated value {old!r} of {what} needs 'use': "
                                 "the value it is read as")
                    continue
                deprecated_values.append(m.DeprecatedValue(
                    old, sr.get("use").plain(), dv.key_locs[old], sr.str("message", what)))
    return m.FieldDef(
        name=name,
        type_text=type_text,
        type=texpr,
        default=default,
        doc=r.str("doc", what, required=True),
        hash=hash_rule,
        loc=loc,
        type_loc=type_loc,
        kind=kind,
        init=init,
        constraints=tuple(constraints),
        validators=tuple(_parse_validators(r.get("validate"), what, errors)),
        deprecation=deprecation,
        cli=cli,
        hook_point=r.str("hook_point", what),
        renamed_from=_renamed_from(r, what, name, errors),
        derive=derive,
        env=env,
        item_constraints=tuple(items),
        deprecated_values=tuple(deprecated_values),
        differs=_differs(r, what),
        meaning_changed=_meaning_changed(r, what, errors),
    )


def _meaning_changed(r: Reader, what: str, errors: Collector) -> tuple[tuple[str, str], ...]:
    """`meaning_changed: {VALUE: WHY}`: values the release reads differently."""
    node = r.get("meaning_changed")
    if node is None:
        return ()
    if not node.is_map or not all(isinstance(v.value, str) and v.value.strip()
                                  for v in node.value.values()):
        errors.error(node.loc, f"meaning_changed of {what} maps each value (as written on "
                               f"the command line) to why it means something else now")
        return ()
    return tuple((str(k), v.value.strip()) for k, v in node.value.items())


def _constraint_value_problem(name: str, value: object) -> str:
    """'' if `value` is a usable bound for constraint `name`, else what it must be."""
    if name == "pattern":
        if not isinstance(value, str):
            return "a regular expression string"
        try:
            re.compile(value)
        except re.error as exc:
            return f"a valid regular expression ({exc})"
        return ""
    if name in ("min_length", "max_length"):
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
        return "" if ok else "a non-negative integer"
    ok = isinstance(value, int | float) and not isinstance(value, bool) and value == value
    if name == "multiple_of" and ok and not value > 0:
        return "a positive number"
    return "" if ok else "a number"


def _parse_field_cli(r: Reader, name: str, what: str, kind: str, init: bool,
                     errors: Collector) -> m.CliSpec | None:
    node = r.get("cli")
    if node is None:
        return None  # resolve.py decides (derived flag or not exposed)
    if node.value is False:
        return m.CliSpec("", node.loc, explicit=True)
    if node.value is True:
        return m.CliSpec("--" + name.replace("_", "-"), node.loc, explicit=True)
    cr = Reader(node, f"cli of {what}", lang.FIELD_CLI, errors)
    # `fill: V`: a required argument the engine supplies (e.g. from the model); building
    # from flags passes V instead. Such a field has no flag unless one is written.
    fill = (cr.get("fill").plain(),) if cr.has("fill") else ()
    # `from_parent: NAME`: the engine passes the enclosing config's own NAME (built
    # first), as vLLM passes the target model to the speculative config; or a dotted
    # NAME.attr, a value of a sibling config (the model's max_model_len to the
    # scheduler). No flag either.
    from_parent = cr.str("from_parent", what)
    if from_parent and not all(p.isidentifier() for p in from_parent.split(".")):
        errors.error(cr.key_loc("from_parent"), f"from_parent of {what} must be a field "
                                                f"name, or a dotted path from one")
    flag = cr.str("flag", what,
                  default="" if fill or from_parent else "--" + name.replace("_", "-"))
    aliases = cr.str_list("aliases", what)
    negation = cr.str("negation", what)
    for f, key in [(flag, "flag"), (negation, "negation")] + [(a, "aliases") for a in aliases]:
        if f and not FLAG.match(f):
            errors.error(cr.key_loc(key), f"{f!r} is not a valid flag (e.g. --name or -n)")
    # InitVars are constructor arguments, so they may have a flag; class constants may not.
    if kind == "classvar" or not init:
        errors.error(node.loc, f"{what} is not an init field and cannot have a flag")
    hnode = cr.get("human_int")
    auto_int = hnode is not None and hnode.value == "auto"  # `human_int: auto` (max_model_len)
    if hnode is not None and not auto_int and not isinstance(hnode.value, bool):
        errors.error(hnode.loc, f"'human_int' of {what} must be true, false or auto")
    enode = cr.get("exclusive")
    if enode is not None and not isinstance(enode.value, bool):
        errors.error(enode.loc, f"'exclusive' of {what} must be true or false")
    nnode = cr.get("none")
    # `none: true` is the default, written to undo a `none: false` in a later release
    if nnode is not None and not isinstance(nnode.value, bool):
        errors.error(nnode.loc, f"'none' of {what} must be true or false (false: the flag "
                                f"refuses None)")
    return m.CliSpec(flag, node.loc, aliases, negation, auto_int or hnode is not None
                     and hnode.value is True, cr.str("metavar", what), explicit=True,
                     auto_int=auto_int, group=cr.str("group", what), fill=fill,
                     from_parent=from_parent, also=cr.str("also", what),
                     exclusive=enode is not None and enode.value is True,
                     takes_none=nnode is None or nnode.value is not False)
