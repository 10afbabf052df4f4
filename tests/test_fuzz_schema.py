"""Fuzzed schemas. Random valid schemas (odd but legal names, nested classes, defaults of
every kind, docs full of quotes, backslashes, braces, template syntax, control
characters and unicode) compile to importable Python whose classes keep their defaults
and docs exactly; mutations of them that make them invalid always give a located
`file:line:col:` error, exit 1, and never a traceback.

Examples are compiled and imported in-process (a unique package name each), so the file
stays fast; CFGC_FUZZ_EXAMPLES scales the example counts for a longer local run.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import io
import itertools
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from cfgc import cli, pipeline
from cfgc.front.parse import RESERVED_FIELDS, RESERVED_TYPES, name_problem

SCALE = float(os.environ.get("CFGC_FUZZ_EXAMPLES", "1"))
# Shrinking these large examples can take minutes; CI reports the example unshrunk.
PHASES = list(Phase) if os.environ.get("CFGC_FUZZ_SHRINK") else [
    Phase.explicit, Phase.reuse, Phase.generate]
FUZZ = settings(deadline=None, max_examples=int(25 * SCALE), phases=PHASES,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])
FUZZ_INVALID = settings(FUZZ, max_examples=int(80 * SCALE))
_counter = itertools.count()

# --- text --------------------------------------------------------------------------------

SNIPPETS = [
    '"', "'", '"""', "'''", '""', "\\", "\\n", "\\\\", '\\"', "{{ x }}", "{{", "}}", "{% if x %}",
    "{%- endif -%}", "{#", "#}", "{", "}", "${x}", "%s", "%(x)s", "\n", "\n\n", "\t", "  ",
    "é", "日本語", "🙂", "e\u0301", "\x00", "\x0c", "\x1b", "\x7f", "\r", "\r\n", "\u2028",
    "\x85", "\xa0", "`", "*", "|", ": ", "- ", "# ", "<b>", "&amp;", "'''\"\"\"", '"\n"',
]
text = st.lists(st.one_of(st.sampled_from(SNIPPETS), st.text(max_size=5)), max_size=6).map(
    "".join)
visible = st.one_of(st.sampled_from([s for s in SNIPPETS if s.strip()]),
                    st.characters(blacklist_categories=("Cs", "Zs", "Zl", "Zp", "Cc")))
doc = st.tuples(text, visible, text).map("".join)  # docs are required: never blank


def _kept_doc(doc_text: str) -> str:
    """The docstring the emitter promises: the doc stripped, whitespace-only lines
    emptied (escaped control characters are not whitespace in the source)."""
    lines = doc_text.strip().split("\n")
    return "\n".join(
        "" if not line.strip() and not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", line) else line
        for line in lines)


def _raw_doc(raw: str, indent: int) -> str:
    """Undo the emitter's layout: continuation lines are indented, the closing quotes
    sit on their own indented line."""
    if "\n" not in raw:
        return raw
    pad = " " * indent
    lines = raw.split("\n")
    assert lines[-1] == pad, repr(raw)
    return "\n".join([lines[0]] + [ln[len(pad):] if ln.startswith(pad) else ln
                                   for ln in lines[1:-1]])


# --- names -------------------------------------------------------------------------------

ODD_FIELDS = ["_", "_x", "x_", "a__b", "self", "cls", "value", "handler", "match", "case",
              "type", "id", "print", "x" * 60, "f0", "_9"]
ODD_TYPES = ["A", "_Hidden", "ABC_", "Config2", "X__Y", "Z" * 40, "Match"]
field_names = st.one_of(st.sampled_from(ODD_FIELDS),
                        st.from_regex(r"[a-z_][a-z0-9_]{0,10}", fullmatch=True)).filter(
    lambda n: not name_problem(n, RESERVED_FIELDS))
type_names = st.one_of(st.sampled_from(ODD_TYPES),
                       st.from_regex(r"[A-Z][A-Za-z0-9_]{0,10}", fullmatch=True)).filter(
    lambda n: not name_problem(n, RESERVED_TYPES))
member_names = st.from_regex(r"[A-Z][A-Z0-9_]{0,8}", fullmatch=True).filter(
    lambda n: not name_problem(n))
CLI_UNSAFE = ("config", "format", "help")  # vllm-config's own flags


# --- types and values ----------------------------------------------------------------------
# A type is a tuple: ("scalar", name) ("literal", values) ("enum", name) ("alias", name, T)
# ("class", name) ("list"|"set"|"tuplev", T) ("tuplef", (A, B)) ("dict", T) ("opt", T).

@dataclass
class Ctx:
    enums: dict[str, tuple[str, list[tuple[str, object]]]] = field(default_factory=dict)
    aliases: dict[str, tuple] = field(default_factory=dict)
    classes: list[str] = field(default_factory=list)  # classes a new field may nest


def type_text(t: tuple) -> str:
    kind = t[0]
    if kind == "scalar":
        return t[1]
    if kind == "literal":
        return "Literal[" + ", ".join(repr(v) for v in t[1]) + "]"
    if kind in ("enum", "alias", "class"):
        return t[1]
    if kind == "opt":
        return f"{type_text(t[1])} | None"
    if kind == "tuplev":
        return f"tuple[{type_text(t[1])}, ...]"
    if kind == "tuplef":
        return "tuple[" + ", ".join(type_text(a) for a in t[1]) + "]"
    if kind == "dict":
        return f"dict[str, {type_text(t[1])}]"
    return f"{kind}[{type_text(t[1])}]"


literal_value = st.one_of(st.booleans(), st.integers(-1000, 1000), text)
SCALAR_VALUES = {
    "bool": st.booleans(),
    "int": st.integers(-(2**70), 2**70),
    "float": st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-99, 99)),
    "str": text,
    "Path": text,
}


def hashable_types(ctx: Ctx) -> st.SearchStrategy[tuple]:
    options = [st.sampled_from([("scalar", "int"), ("scalar", "str"), ("scalar", "bool")]),
               st.lists(literal_value, min_size=1, max_size=4,
                        unique_by=lambda v: (type(v), v)).map(lambda vs: ("literal", tuple(vs)))]
    if ctx.enums:
        options.append(st.sampled_from(sorted(ctx.enums)).map(lambda n: ("enum", n)))
    return st.one_of(options)


def types(ctx: Ctx, depth: int = 0) -> st.SearchStrategy[tuple]:
    options = [st.sampled_from([("scalar", n) for n in SCALAR_VALUES]), hashable_types(ctx)]
    if ctx.aliases:
        options.append(st.sampled_from(sorted(ctx.aliases)).map(
            lambda n: ("alias", n, ctx.aliases[n])))
    if depth < 2:
        inner = types(ctx, depth + 1)
        options += [
            st.tuples(st.sampled_from(["list", "tuplev", "dict", "opt"]), inner),
            hashable_types(ctx).map(lambda t: ("set", t)),
            st.tuples(inner, inner).map(lambda ab: ("tuplef", ab)),
        ]
    return st.one_of(options).filter(lambda t: not (t[0] == "opt" and t[1][0] == "opt"))


def values(t: tuple, ctx: Ctx) -> st.SearchStrategy:
    kind = t[0]
    if kind == "scalar":
        return SCALAR_VALUES[t[1]]
    if kind == "literal":
        return st.sampled_from(t[1])
    if kind == "enum":
        return st.sampled_from([name for name, _ in ctx.enums[t[1]][1]])
    if kind == "alias":
        return values(t[2], ctx)
    if kind == "opt":
        return st.one_of(st.none(), values(t[1], ctx))
    if kind in ("list", "set", "tuplev"):
        return st.lists(values(t[1], ctx), max_size=3)
    if kind == "tuplef":
        return st.tuples(*(values(a, ctx) for a in t[1])).map(list)
    return st.dictionaries(text, values(t[1], ctx), max_size=3)


def expected(value: object, t: tuple, mod) -> object:
    """The Python value a generated default must equal (mod: the package's types)."""
    kind = t[0]
    if value is None:
        return None
    if kind == "enum":
        return getattr(mod, t[1])[value]
    if kind == "alias":
        return expected(value, t[2], mod)
    if kind == "opt":
        return expected(value, t[1], mod)
    if kind == "list":
        return [expected(v, t[1], mod) for v in value]
    if kind == "set":
        return {expected(v, t[1], mod) for v in value}
    if kind == "tuplev":
        return tuple(expected(v, t[1], mod) for v in value)
    if kind == "tuplef":
        return tuple(expected(v, a, mod) for v, a in zip(value, t[1], strict=True))
    if kind == "dict":
        return {k: expected(v, t[1], mod) for k, v in value.items()}
    return value


def same(a: object, b: object) -> bool:
    """Equal, with NaN equal to NaN, bools not equal to ints, containers of one kind."""
    if isinstance(b, float) and math.isnan(b):
        return isinstance(a, float) and math.isnan(a)
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(b, list | tuple):
        return (type(a) is type(b) and len(a) == len(b)
                and all(same(x, y) for x, y in zip(a, b, strict=True)))
    if isinstance(b, dict):
        return (type(a) is dict and a.keys() == b.keys()
                and all(same(a[k], b[k]) for k in b))
    if isinstance(b, set):
        return type(a) is set and a == b
    return a == b and (type(a) is type(b) or isinstance(a, int | float))


# --- whole schemas ---------------------------------------------------------------------------

@dataclass
class FieldCase:
    name: str
    kind: str  # field / classvar / unset / nested / noinit / initvar
    t: tuple
    value: object
    doc: str
    included: bool


@dataclass
class SchemaCase:
    package: str
    files: dict[str, dict]  # schema file name -> YAML data
    classes: dict[str, tuple[str, str, list[FieldCase]]]  # name -> (module, doc, fields)
    enums: dict[str, tuple[str, str, list[tuple[str, object, str]]]]  # name -> base, doc, members
    aliases: dict[str, str]  # name -> doc


@st.composite
def enums(draw, taken: set[str]) -> tuple[str, str, str, list]:
    name = draw(type_names.filter(lambda n: n not in taken))
    taken.add(name)
    base = draw(st.sampled_from(["Enum", "IntEnum", "StrEnum"]))
    member_value = {"Enum": st.one_of(st.integers(-5, 50), text), "IntEnum": st.integers(-5, 50),
                    "StrEnum": text}[base]
    names = draw(st.lists(member_names, min_size=1, max_size=4, unique=True))
    vals = draw(st.lists(member_value, min_size=len(names), max_size=len(names),
                         unique_by=lambda v: (type(v), v)))
    docs = draw(st.lists(st.one_of(st.just(""), doc), min_size=len(names),
                         max_size=len(names)))
    return name, base, draw(doc), list(zip(names, vals, docs, strict=True))


@st.composite
def field_case(draw, ctx: Ctx, class_include: bool | None, cli: bool, taken: set[str]):
    name = draw(field_names.filter(lambda n: n not in taken and not (
        cli and (n in CLI_UNSAFE or n.startswith(("no_", "enable_", "disable_"))))))
    taken.add(name)
    kind = draw(st.sampled_from(["field"] * 6 + ["classvar", "unset", "noinit", "initvar"]
                                + (["nested"] * 2 if ctx.classes else [])))
    spec: dict = {"doc": draw(doc)}
    if kind == "nested":
        t = ("class", draw(st.sampled_from(ctx.classes)))
        if draw(st.booleans()):
            t, value = ("opt", t), None
            spec["default"] = None
        else:
            value = t[1]
            spec["default_factory"] = t[1]
    elif kind == "unset":
        t = draw(st.sampled_from([("scalar", "int"), ("scalar", "str"), ("scalar", "bool")]))
        value, spec["unset"] = None, True
    else:
        # dataclasses refuse mutable InitVar defaults (and cfgc drops them): scalars only
        t = draw(types(ctx) if kind != "initvar" else
                 st.sampled_from([("scalar", n) for n in SCALAR_VALUES]))
        value = draw(values(t, ctx))
        spec["default"] = value
    spec["type"] = type_text(t)
    if kind in ("classvar", "initvar"):
        spec["kind"] = kind
    if kind == "noinit":
        spec["init"] = False
    included = False
    if kind != "classvar":
        rule = draw(st.sampled_from([None, "include", "exclude"]))
        if kind == "initvar" or (rule is None and class_include is None):
            rule = "exclude" if kind == "initvar" or draw(st.booleans()) else "include"
        if rule == "include":
            spec["hash"] = "include"
        elif rule == "exclude":
            spec["hash"] = {"exclude": draw(doc)}
        included = rule == "include" or (rule is None and bool(class_include))
    if kind == "field" and t == ("scalar", "int") and draw(st.booleans()):
        spec["ge"], spec["le"] = value - draw(st.integers(0, 3)), value + 1
    if kind == "field" and t == ("scalar", "str") and draw(st.booleans()):
        spec["validate"] = ["strip", "lower"]
        spec["max_length"] = len(value) + 1
    if kind == "field" and draw(st.integers(0, 9)) == 0:
        spec["deprecated"] = {"message": draw(doc), "replacement": draw(text)}
    if kind == "field" and cli and draw(st.integers(0, 4)) == 0:
        spec["cli"] = {"flag": "--zz9-" + name.replace("_", "-") + "-9"}
    case_kind = "field" if kind in ("field",) else kind
    return name, spec, FieldCase(name, case_kind, t, value, spec["doc"], included)


@st.composite
def schemas(draw) -> SchemaCase:
    package = f"fuzzpkg_{next(_counter)}"
    taken: set[str] = set()
    ctx = Ctx()
    types_file: dict = {}
    enums_out = {}
    for _ in range(draw(st.integers(0, 2))):
        name, base, edoc, members = draw(enums(taken))
        ctx.enums[name] = (base, [(n, v) for n, v, _ in members])
        enums_out[name] = (base, edoc, members)
        types_file.setdefault("enums", {})[name] = {
            "doc": edoc, "base": base,
            "members": {n: ({"value": v, "doc": d} if d else v) for n, v, d in members}}
    aliases_out = {}
    for _ in range(draw(st.integers(0, 2))):
        name = draw(type_names.filter(lambda n: n not in taken))
        taken.add(name)
        t = draw(st.one_of(hashable_types(ctx), types(ctx, depth=1)))
        adoc = draw(doc)
        ctx.aliases[name] = t
        aliases_out[name] = adoc
        types_file.setdefault("aliases", {})[name] = {"doc": adoc, "type": type_text(t)}
    files: dict[str, dict] = {"project.yaml": {"project": {
        "package": package, "schema_version": draw(st.integers(0, 99)), "doc": draw(doc)}}}
    if types_file:
        files["shared_types.yaml"] = types_file
    classes: dict[str, tuple[str, str, list[FieldCase]]] = {}
    cli_class_given = False
    for file_index in range(draw(st.integers(1, 2))):
        module = f"mod_{file_index}"
        data: dict = {}
        for _ in range(draw(st.integers(1, 3))):
            cname = draw(type_names.filter(lambda n: n not in taken))
            taken.add(cname)
            class_include = draw(st.sampled_from([None, True, False]))
            cli = not cli_class_given and draw(st.booleans())
            cli_class_given |= cli
            spec: dict = {"doc": draw(doc)}
            if class_include is not None:
                spec["hash"] = {"default": "include" if class_include
                                else {"exclude": draw(doc)}}
            if cli:
                spec["cli"] = {"group": draw(doc)[:40]}
            fields_spec, cases, names = {}, [], set()
            for _ in range(draw(st.integers(1, 5))):
                fname, fspec, case = draw(field_case(ctx, class_include, cli, names))
                fields_spec[fname] = fspec
                cases.append(case)
            spec["fields"] = fields_spec
            data.setdefault("classes", {})[cname] = spec
            classes[cname] = (module, spec["doc"], cases)
            ctx.classes.append(cname)  # later classes (and files) may nest it
        files[f"{module}.yaml"] = data
    return SchemaCase(package, files, classes, enums_out, aliases_out)


class _Dumper(yaml.SafeDumper):
    """PyYAML's emitter folds a NEL (U+0085) in single-quoted scalars into a space:
    such strings go out double-quoted, where it is an escape."""


_Dumper.add_representer(str, lambda d, s: d.represent_scalar(
    "tag:yaml.org,2002:str", s, style='"' if "\x85" in s else None))


def dump(data: dict) -> str:
    out = yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=70)
    assume(yaml.load(out, Loader=yaml.CSafeLoader) == data or _has_nan(data))
    return out


def _has_nan(data: object) -> bool:
    if isinstance(data, float):
        return math.isnan(data)
    if isinstance(data, dict):
        return any(_has_nan(v) for v in data.values())
    if isinstance(data, list):
        return any(_has_nan(v) for v in data)
    return False


def write_schema(root: Path, case: SchemaCase) -> None:
    (root / "schema").mkdir(parents=True, exist_ok=True)
    for name, data in case.files.items():
        (root / "schema" / name).write_text(dump(data), encoding="utf-8")


# --- valid schemas compile, import, and keep defaults and docs ----------------------------

def _field_docs(tree: ast.Module) -> dict[str, tuple[str, dict[str, str]]]:
    """class name -> (class docstring, {attribute: docstring}) from generated source."""
    out = {}
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        docs = {}
        for prev, cur in itertools.pairwise(node.body):
            if (isinstance(cur, ast.Expr) and isinstance(cur.value, ast.Constant)
                    and isinstance(cur.value.value, str)):
                if isinstance(prev, ast.AnnAssign):
                    docs[prev.target.id] = cur.value.value
                elif isinstance(prev, ast.Assign):
                    docs[prev.targets[0].id] = cur.value.value
        out[node.name] = (ast.get_docstring(node, clean=False), docs)
    return out


@FUZZ
@given(schemas())
def test_valid_schema_compiles_to_python_that_keeps_defaults_and_docs(case: SchemaCase) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="cfgc-fuzz-"))
    try:
        write_schema(tmp, case)
        outputs = pipeline.build(pipeline.load(tmp))
        for rel, content in outputs.items():
            path = tmp / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(content, encoding="utf-8")
        sys.path.insert(0, str(tmp / "generated"))
        try:
            _check_package(tmp / "generated" / case.package, case)
        finally:
            sys.path.remove(str(tmp / "generated"))
            for name in [m for m in sys.modules if m.split(".")[0] == case.package]:
                del sys.modules[name]
    finally:
        shutil.rmtree(tmp)


def _check_package(pkg_dir: Path, case: SchemaCase) -> None:
    pkg = importlib.import_module(case.package)
    types_mod = importlib.import_module(f"{case.package}.types")
    types_tree = ast.parse((pkg_dir / "types.py").read_text(encoding="utf-8"))
    enum_docs = _field_docs(types_tree)
    for name, (_, edoc, members) in case.enums.items():
        assert _raw_doc(enum_docs[name][0], 4) == _kept_doc(edoc)
        for mname, mvalue, mdoc in members:
            assert same(getattr(types_mod, name)[mname].value, mvalue)
            if mdoc:
                assert _raw_doc(enum_docs[name][1][mname], 4) == _kept_doc(mdoc)
    module_docs = {}
    for i, node in enumerate(types_tree.body[:-1]):
        nxt = types_tree.body[i + 1]
        if (isinstance(node, ast.Assign) and isinstance(nxt, ast.Expr)
                and isinstance(nxt.value, ast.Constant)):
            module_docs[node.targets[0].id] = nxt.value.value
    for name, adoc in case.aliases.items():
        assert _raw_doc(module_docs[name], 0) == _kept_doc(adoc)
    for cname, (module, cdoc, fields) in case.classes.items():
        cls = getattr(pkg, cname)
        assert cls.__module__ == f"{case.package}.{module}"
        tree = ast.parse((pkg_dir / f"{module}.py").read_text(encoding="utf-8"))
        class_doc, field_docs = _field_docs(tree)[cname]
        assert _raw_doc(class_doc, 4) == _kept_doc(cdoc)
        instance = cls()
        for f in fields:
            assert _raw_doc(field_docs[f.name], 4) == _kept_doc(f.doc), f.name
            if f.kind == "initvar":
                continue
            got = getattr(cls if f.kind == "classvar" else instance, f.name)
            if f.kind == "nested":
                if f.t[0] == "opt":
                    assert got is None
                else:
                    assert type(got) is getattr(pkg, f.t[1]), f.name
            elif f.kind == "unset":
                assert got is None
            else:
                want = expected(f.value, f.t, types_mod)
                assert same(got, want), (f.name, got, want)
        factors = instance.hash_factors()
        assert set(factors) == {f.name for f in fields if f.included}
        assert re.fullmatch(r"[0-9a-f]{64}", instance.compute_hash())


def test_odd_schema_through_the_cli(project: Path) -> None:
    """One hand-picked odd schema through `cfgc generate` and a fresh interpreter."""
    weird = 'q """ \\ {{ x }} {% if %} \x00 \r é 🙂 "'
    (project / "schema" / "project.yaml").write_text(
        "project: {package: oddpkg, schema_version: 1, doc: d}\n")
    (project / "schema" / "odd.yaml").write_text(yaml.safe_dump({"classes": {"_Odd": {
        "doc": weird, "hash": {"default": "include"}, "fields": {
            "_": {"type": "float", "default": float("inf"), "doc": weird},
            "self": {"type": "tuple[int, ...]", "default": [1, 2], "doc": weird + '"'},
            "match": {"type": "Literal['\"', '\\\\', 'x']", "default": '"', "doc": "m"},
            "p": {"type": "Path | None", "default": "a/{{b}}", "doc": "p"},
        }}}}, allow_unicode=True))
    gen = subprocess.run([sys.executable, "-m", "cfgc.cli", "--root", str(project), "generate",
                          "-q"], capture_output=True, text=True, check=False)
    assert gen.returncode == 0, gen.stderr
    probe = ("import oddpkg, math; o = oddpkg._Odd(); "
             "assert math.isinf(o._) and o.self == (1, 2) and o.match == '\"', o; "
             "assert o.p == 'a/{{b}}'; print(oddpkg._Odd.__doc__ == " + repr(weird.strip()) + ")")
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         cwd=project / "generated", check=False)
    assert run.returncode == 0 and run.stdout.strip() == "True", run.stderr


# --- invalid schemas: located errors, exit 1, no traceback -----------------------------------

LOCATED = re.compile(r"^schema/[^:]+\.yaml:(\d+):(\d+): \S")


def run_cli(root: Path, *args: str) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = cli.main(["--root", str(root), *args])  # an exception here is the bug
    return code, err.getvalue()


def assert_located(root: Path, code: int, stderr: str) -> None:
    assert code == 1, stderr
    lines = stderr.splitlines()
    assert lines and "nothing written" in lines[-1], stderr
    for line in lines[:-1]:
        match = LOCATED.match(line)
        assert match, line
        assert int(match.group(1)) >= 1 and int(match.group(2)) >= 1, line
        assert not (root / "generated").exists()


def _entries(node: yaml.Node):
    """Every (key node, value node) pair of every mapping in a composed document."""
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            yield k, v
            yield from _entries(v)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _entries(item)


def _mappings(data: object, path=()):
    """Paths of every mapping inside data."""
    if isinstance(data, dict):
        yield path
        for k, v in data.items():
            yield from _mappings(v, (*path, k))


def _get(data: dict, path: tuple) -> dict:
    for k in path:
        data = data[k]
    return data


BAD_TYPES = ["list[", "int |", "NoSuchType", "Literal[1.5]", "lambda: 0", "dict[str]",
             "__import__('os').system('true')", "Optional", "tuple[int, ..., str]", 5, True,
             None, ["int"], {"a": 1}, "int\x00", "Literal[]"]
BAD_DEFAULTS = [("int", "1"), ("int", 1.5), ("int", None), ("int", True), ("bool", 0),
                ("float", "nan"), ("str", 5), ("list[int]", [1, "x"]), ("list[int]", {"a": 1}),
                ("Literal['a']", "b"), ("Literal[1]", True), ("dict[str, int]", {"x": [1]}),
                ("dict[str, int]", [1]), ("tuple[int, int]", [1]), ("set[str]", "abc"),
                ("int | None", "x"), ("Path", 1)]
SHAPES = [[1, 2], 3.5, "maybe", {"nope": 1}]
WRONG_SHAPES = {"hash": SHAPES, "cli": SHAPES, "kind": SHAPES, "init": SHAPES,
                "validate": SHAPES, "deprecated": [[1, 2], 3.5, {"nope": 1}],
                "doc": [[1, 2], 3.5, {"nope": 1}, "  "], "ge": [[1, 2], "maybe", {"n": 1}],
                "pattern": [[1, 2], 3.5, {"n": 1}, "(", "[a-"], "renamed_from": SHAPES[:2],
                "min_length": [-1, 1.5, "2"], "type": [5, True, ["int"], {"a": 1}]}
TAGS = ["!!python/object/apply:os.system ['true']", "!!python/name:os.system", "!custom 1",
        "!!binary aGVsbG8=", "!!set {a: null}", "!!timestamp 2001-12-14", "2001-12-14"]


@st.composite
def broken(draw) -> tuple[str, dict[str, str]]:
    """(mutation kind, {schema file name: text}) for a schema that must not compile."""
    case = draw(schemas())
    files = {name: dump(data) for name, data in case.files.items()}
    target = draw(st.sampled_from(sorted(n for n in case.files if n != "project.yaml")))
    data = case.files[target]
    kind = draw(st.sampled_from(["unknown-key", "bad-type", "bad-default", "duplicate-key",
                                 "tag", "non-mapping-root", "wrong-shape", "bad-bytes",
                                 "missing-doc"]))
    if kind in ("unknown-key", "bad-type", "bad-default", "wrong-shape", "missing-doc"):
        data = yaml.safe_load(files[target])
        fields = [(c, f) for c, spec in data.get("classes", {}).items()
                  for f in spec["fields"]]
        if kind == "unknown-key":
            path = draw(st.sampled_from(list(_mappings(data))))
            if (path[-1:] in (("fields",), ("classes",), ("enums",), ("aliases",),
                              ("members",)) or "members" in path or "default" in path):
                path = ()  # names (or data) are free in these mappings: use the root
            key = draw(st.sampled_from(["typ", "defualt", "docs", "hash_rule", "x", "Doc"]))
            assume(key not in _get(data, path))
            _get(data, path)[key] = 1
        elif not fields:
            assume(False)
        else:
            c, f = draw(st.sampled_from(fields))
            spec = data["classes"][c]["fields"][f]
            if kind == "bad-type":
                spec["type"] = draw(st.sampled_from(BAD_TYPES))
            elif kind == "bad-default":
                spec.pop("default_factory", None)
                spec.pop("unset", None)
                spec["type"], spec["default"] = draw(st.sampled_from(BAD_DEFAULTS))
                spec.pop("ge", None)
                spec.pop("le", None)
                spec.pop("max_length", None)
            elif kind == "wrong-shape":
                key = draw(st.sampled_from(sorted(WRONG_SHAPES)))
                spec[key] = draw(st.sampled_from(WRONG_SHAPES[key]))
            else:
                del spec["doc"]
        files[target] = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    elif kind == "duplicate-key":  # repeat one whole `key: value` entry right after itself
        lines = files[target].splitlines(keepends=True)
        entries = [(k.start_mark.line, v.end_mark.line + (v.end_mark.column > 0))
                   for k, v in _entries(yaml.compose(files[target], Loader=yaml.CSafeLoader))
                   if k.start_mark.column == len(lines[k.start_mark.line]) - len(
                       lines[k.start_mark.line].lstrip())]  # keys that start their line
        assume(entries)
        start, end = draw(st.sampled_from(entries))
        files[target] = "".join(lines[:end] + lines[start:end] + lines[end:])
    elif kind == "tag":
        lines = files[target].splitlines(keepends=True)
        def indent(line: str) -> int:
            return len(line) - len(line.lstrip(" "))

        # Only one-line values: a tag on the first line of a multi-line scalar can be
        # absorbed as text (e.g. the date becomes the start of a plain string).
        spots = [i for i, line in enumerate(lines) if re.match(r"^ *(doc|type): ", line)
                 and (i + 1 == len(lines) or indent(lines[i + 1]) <= indent(line))]
        assume(spots)
        i = draw(st.sampled_from(spots))
        key = lines[i].split(":")[0]
        lines[i] = f"{key}: {draw(st.sampled_from(TAGS))}\n"
        files[target] = "".join(lines)
    elif kind == "non-mapping-root":
        files[target] = draw(st.sampled_from(["- a\n- b\n", "42\n", "'text'\n", "[1, 2]\n",
                                              "null\n...\n", "--- a\n--- b\n"]))
        assume(files[target] != "null\n...\n")  # an empty document is a valid empty file
    elif kind == "bad-bytes":
        raw = files[target].encode()
        pos = draw(st.integers(0, len(raw)))
        files[target] = raw[:pos] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80"])) \
            + raw[pos:]
    return kind, files


def _write_files(root: Path, files: dict[str, str | bytes]) -> None:
    (root / "schema").mkdir(parents=True, exist_ok=True)
    shutil.copy(Path(__file__).resolve().parent.parent / "pyproject.toml", root)
    for name, content in files.items():
        path = root / "schema" / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


@FUZZ_INVALID
@given(broken())
def test_invalid_schema_gives_located_error(mutation: tuple[str, dict]) -> None:
    kind, files = mutation
    with tempfile.TemporaryDirectory(prefix="cfgc-fuzz-") as tmp:
        root = Path(tmp)
        _write_files(root, files)
        code, stderr = run_cli(root, "generate")
        assert_located(root, code, stderr)


@FUZZ_INVALID
@given(schemas(), st.data())
def test_truncated_schema_never_tracebacks(case: SchemaCase, data) -> None:
    """Cutting a file anywhere either still compiles or gives located errors."""
    files = {name: dump(d) for name, d in case.files.items()}
    target = data.draw(st.sampled_from(sorted(files)))
    raw = files[target].encode()
    files[target] = raw[:data.draw(st.integers(0, len(raw) - 1))]
    with tempfile.TemporaryDirectory(prefix="cfgc-fuzz-") as tmp:
        root = Path(tmp)
        _write_files(root, files)
        code, stderr = run_cli(root, "generate", "-q")
        if code != 0:
            assert_located(root, code, stderr)


@pytest.mark.parametrize("text", [
    "- a\n", "3\n", "classes: [1]\n", "classes:\n  A: 1\n", "classes:\n  A:\n    fields: 2\n",
    "&a [*a]\n", "x: &a {y: *a}\n", "? [a, b]\n: c\n", "{a: 1, a: 2}\n",
    "classes:\n  A:\n    doc: d\n    fields:\n      f: {type: int, default: 1, doc: d, "
    "hash: include, ge: '1'}\n",
    "classes:\n  A:\n    doc: d\n    fields:\n      f: {type: str, default: a, doc: d, "
    "hash: include, pattern: '('}\n",
    "enums:\n  E: {doc: d, members: {'a b': 1}}\n", "enums:\n  E: {doc: d, members: {None: 1}}\n",
    "classes:\n  A:\n    doc: d\n    module: types\n",
    "classes:\n  A:\n    doc: d\n    fields:\n      class: {type: int, doc: d, hash: include}\n",
    "classes:\n  A:\n    doc: d\n    fields:\n      Field: {type: int, doc: d, hash: include}\n",
    "classes:\n  int:\n    doc: d\n",
    "x: " + "[" * 300 + "]" * 300 + "\n",
    "a: !!python/object/apply:os.system ['true']\n",
], ids=lambda t: repr(t[:30]))
def test_known_invalid_inputs_give_located_errors(text: str, project: Path) -> None:
    (project / "schema" / "case.yaml").write_text(text)
    code, stderr = run_cli(project, "generate")
    assert_located(project, code, stderr)


def test_invalid_schema_through_a_real_process(project: Path) -> None:
    """The in-process checks above stand for the CLI; confirm once end to end."""
    (project / "schema" / "case.yaml").write_bytes(b"classes:\n  A:\n    doc: \xff\n")
    result = subprocess.run([sys.executable, "-m", "cfgc.cli", "--root", str(project),
                             "generate"], capture_output=True, text=True, check=False)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("schema/case.yaml:3:10: not UTF-8")
