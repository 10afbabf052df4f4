#!/usr/bin/env python3
"""Extract facts about vLLM's config classes from the seed pages.

Usage:
    python tools/extract_seed_facts.py [SEED_DIR] [-o tests/facts/seed_facts.json]

SEED_DIR defaults to ``../shared/seeds`` (relative to the current directory).
Every ``*.txt`` file in it is scanned for source listings that follow a line
``Source code in vllm/config/<file>.py``; each listing is parsed with ``ast``.
Only facts are written (names, annotations, defaults, hash rules, enum
members); no docstrings and no function bodies. Standard library only; the
output is deterministic (sorted keys, declaration order for fields).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import re
import sys
import textwrap
from pathlib import Path

SOURCE_LINE = re.compile(r"^Source code in (vllm/config/\S+\.py)\s*$")
FIELD_CALLS = {"Field", "field", "PydanticField", "dataclasses.field", "pydantic.Field"}
FORMAT_VERSION = 1


# --------------------------------------------------------------------------
# Seed scanning
# --------------------------------------------------------------------------


class Block:
    """One source listing from a seed page."""

    def __init__(self, seed: str, line: int, source_file: str, text: str):
        self.seed = seed
        self.line = line  # 1-based line in the seed of the first code line
        self.source_file = source_file
        self.text = text


def _take_listing(lines: list[str], start: int) -> tuple[int, list[str]]:
    """Return (first code line index, code lines) for the listing at start.

    Two layouts occur: long listings carry a gutter of source line numbers
    (N lines holding only a number) followed by exactly N code lines; short
    ones have no gutter and run until the first non-indented, non-blank line
    after the header (decorators + the ``class``/``def`` line).
    """
    j = start
    n = 0
    while j < len(lines) and lines[j].strip().isdigit():
        j += 1
        n += 1
    if n:
        return j, lines[j : j + n]
    code: list[str] = []
    k = j
    in_header = True
    while k < len(lines):
        s = lines[k]
        if in_header:
            code.append(s)
            stripped = s.rstrip()
            if (
                stripped.endswith(":")
                and not s.startswith((" ", "\t", "@"))
                and stripped.split("#", 1)[0].rstrip().endswith(":")
            ):
                in_header = False
            k += 1
            continue
        if not s.strip() or s.startswith((" ", "\t")):
            code.append(s)
            k += 1
            continue
        break
    return j, code


def _parse_listing(text: str) -> tuple[ast.Module | None, str, str | None]:
    """Parse a listing; apply small repairs if needed. Returns (tree, src, repair)."""
    src = textwrap.dedent(text).strip("\n") + "\n"
    try:
        return ast.parse(src), src, None
    except SyntaxError:
        pass
    # Repair 1: non-breaking spaces and tabs from the HTML scrape.
    fixed = src.replace("\u00a0", " ").replace("\t", "    ")
    try:
        return ast.parse(fixed), fixed, "normalised whitespace"
    except SyntaxError:
        pass
    # Repair 2: drop trailing lines until it parses (scraped trailing prose).
    lines = fixed.split("\n")
    for cut in range(len(lines) - 1, max(len(lines) - 40, 0), -1):
        candidate = "\n".join(lines[:cut]) + "\n"
        try:
            return ast.parse(candidate), candidate, f"dropped {len(lines) - cut} trailing lines"
        except SyntaxError:
            continue
    return None, fixed, None


def scan_seed(path: Path, problems: list[str]) -> list[tuple[Block, ast.stmt, str]]:
    lines = path.read_text(encoding="utf-8").split("\n")
    out = []
    for i, line in enumerate(lines):
        m = SOURCE_LINE.match(line)
        if not m:
            continue
        first, code = _take_listing(lines, i + 1)
        while code and not code[-1].strip():
            code.pop()
        block = Block(path.name, first + 1, m.group(1), "\n".join(code))
        tree, src, repair = _parse_listing(block.text)
        if tree is None or not tree.body:
            problems.append(f"{path.name}:{block.line}: listing of {m.group(1)} did not parse")
            continue
        if repair:
            problems.append(f"{path.name}:{block.line}: listing repaired ({repair})")
        if len(tree.body) != 1:
            problems.append(
                f"{path.name}:{block.line}: listing has {len(tree.body)} top-level statements"
            )
        out.append((block, tree.body[0], src))
    return out


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return _dotted(node.value) + "." + node.attr
    return ""


def _unwrap(ann: ast.AST) -> tuple[str | None, ast.AST]:
    """Strip ClassVar[...] / InitVar[...] / Annotated[...]; return (wrapper, inner)."""
    if isinstance(ann, ast.Subscript):
        name = _dotted(ann.value).split(".")[-1]
        if name in ("ClassVar", "InitVar"):
            return name, ann.slice
    if isinstance(ann, ast.Name) and ann.id == "ClassVar":
        return "ClassVar", ann
    return None, ann


def _is_optional(ann: ast.AST) -> bool:
    _, ann = _unwrap(ann)
    if isinstance(ann, ast.Subscript) and _dotted(ann.value).split(".")[-1] == "Annotated":
        elts = ann.slice.elts if isinstance(ann.slice, ast.Tuple) else [ann.slice]
        return _is_optional(elts[0])
    if isinstance(ann, ast.Constant) and ann.value is None:
        return True
    if isinstance(ann, ast.Constant) and isinstance(ann.value, str):
        try:
            return _is_optional(ast.parse(ann.value, mode="eval").body)
        except SyntaxError:
            return False
    if isinstance(ann, ast.Name) and ann.id == "Any":
        return True
    if isinstance(ann, ast.BinOp) and isinstance(ann.op, ast.BitOr):
        return _is_optional(ann.left) or _is_optional(ann.right)
    if isinstance(ann, ast.Subscript):
        head = _dotted(ann.value).split(".")[-1]
        if head == "Optional":
            return True
        if head == "Union":
            elts = ann.slice.elts if isinstance(ann.slice, ast.Tuple) else [ann.slice]
            return any(_is_optional(e) for e in elts)
        if head == "Literal":
            elts = ann.slice.elts if isinstance(ann.slice, ast.Tuple) else [ann.slice]
            return any(isinstance(e, ast.Constant) and e.value is None for e in elts)
    return False


def _self_attrs(node: ast.AST) -> set[str]:
    """Top-level attributes of ``self`` read anywhere under node."""
    found = set()
    for sub in ast.walk(node):
        if (
            isinstance(sub, ast.Attribute)
            and isinstance(sub.value, ast.Name)
            and sub.value.id == "self"
        ):
            found.add(sub.attr)
    return found


def _self_paths(node: ast.AST) -> list[str]:
    """Maximal dotted chains rooted at ``self`` (``self.a.b`` -> ``a.b``), sorted."""
    chains = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute):
            d = _dotted(sub)
            if d.startswith("self."):
                chains.add(d[len("self.") :])
    # drop prefixes of longer chains and trailing method names
    out = {c[: -len(".compute_hash")] if c.endswith(".compute_hash") else c for c in chains}
    return sorted(c for c in out if not any(o != c and o.startswith(c + ".") for o in out))


def _strip_docstring(body: list[ast.stmt]) -> list[ast.stmt]:
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        if isinstance(body[0].value.value, str):
            return body[1:]
    return body


def _names_in(node: ast.AST) -> set[str]:
    out = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            out.add(sub.id)
        elif isinstance(sub, ast.Attribute):
            d = _dotted(sub)
            if d:
                out.add(d)
    return out


# --------------------------------------------------------------------------
# Fields
# --------------------------------------------------------------------------


def field_facts(node: ast.AnnAssign, src_lines: list[str]) -> dict:
    name = node.target.id  # type: ignore[union-attr]
    wrapper, _inner = _unwrap(node.annotation)
    if wrapper == "ClassVar":
        kind = "classvar"
    elif wrapper == "InitVar":
        kind = "initvar"
    elif name.startswith("_"):
        kind = "private"
    else:
        kind = "field"
    fact: dict = {
        "name": name,
        "annotation": ast.unparse(node.annotation),
        "kind": kind,
    }
    value = node.value
    extra: dict[str, str] = {}
    if value is None:
        default = {"kind": "required"}
    elif isinstance(value, ast.Call) and _dotted(value.func) in FIELD_CALLS:
        default = {"kind": "required"}
        fact["declared_with"] = _dotted(value.func)
        if value.args:
            default = {"kind": "value", "repr": ast.unparse(value.args[0])}
            for extra_arg in value.args[1:]:
                extra.setdefault("_positional", "")
                extra["_positional"] += ast.unparse(extra_arg)
        for kw in value.keywords:
            if kw.arg == "default":
                default = {"kind": "value", "repr": ast.unparse(kw.value)}
            elif kw.arg == "default_factory":
                default = {"kind": "factory", "repr": ast.unparse(kw.value)}
            elif kw.arg is None:
                extra["**"] = ast.unparse(kw.value)
            else:
                extra[kw.arg] = ast.unparse(kw.value)
    else:
        default = {"kind": "value", "repr": ast.unparse(value)}
    fact["default"] = default
    if extra.get("init") == "False":
        fact["init"] = False
        del extra["init"]
        if default["kind"] == "required":
            # Not a constructor parameter and no default: assigned in post-init.
            default = {"kind": "no_default"}
            fact["default"] = default
    if extra:
        fact["field_kwargs"] = dict(sorted(extra.items()))
    text = "\n".join(src_lines[node.lineno - 1 : node.end_lineno])
    if re.search(r"#\s*type:\s*ignore", text):
        fact["type_ignore"] = True
    if (
        kind != "classvar"
        and default.get("kind") == "value"
        and default.get("repr") == "None"
        and not _is_optional(node.annotation)
    ):
        fact["unset_until_post_init"] = True
    return fact


# --------------------------------------------------------------------------
# Hash rules
# --------------------------------------------------------------------------


def _set_literal(node: ast.AST | None) -> list[str] | None:
    if node is None:
        return None
    if isinstance(node, ast.Set):
        return sorted(
            e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)
        )
    if isinstance(node, ast.Call) and _dotted(node.func) in ("set", "frozenset") and not node.args:
        return []
    return None


def _conditions(func: ast.FunctionDef) -> dict[int, list[str]]:
    """Map id(stmt) -> list of enclosing branch conditions (source text)."""
    out: dict[int, list[str]] = {}

    def visit(stmts: list[ast.stmt], conds: list[str]) -> None:
        for st in stmts:
            out[id(st)] = conds
            if isinstance(st, ast.If):
                test = ast.unparse(st.test)
                visit(st.body, conds + [test])
                visit(st.orelse, conds + [f"not ({test})"])
            elif isinstance(st, (ast.For, ast.While, ast.With, ast.Try)):
                for attr in ("body", "orelse", "finalbody"):
                    visit(getattr(st, attr, []) or [], conds)
                for h in getattr(st, "handlers", []) or []:
                    visit(h.body, conds)

    visit(func.body, [])
    return out


def _hash_function(func: ast.FunctionDef) -> dict:
    info: dict = {}
    for sub in ast.walk(func):
        if isinstance(sub, ast.Call):
            d = _dotted(sub.func)
            if d == "hash_factors":
                info["digest"] = "hash_factors"
            elif d.endswith("safe_hash"):
                info.setdefault("digest", "safe_hash")
            elif d.startswith("hashlib."):
                info.setdefault("digest", d)
        if (
            isinstance(sub, ast.Subscript)
            and isinstance(sub.slice, ast.Slice)
            and isinstance(sub.value, ast.Call)
            and _dotted(sub.value.func).endswith("hexdigest")
        ):
            info["truncate_hex"] = ast.unparse(sub.slice)
    return info


def _compute_hash_calls(node: ast.AST) -> list[str]:
    out = []
    for sub in ast.walk(node):
        if (
            isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Attribute)
            and sub.func.attr == "compute_hash"
        ):
            target = _dotted(sub.func.value)
            if target.startswith("self."):
                out.append(target[len("self.") :])
            elif target:
                out.append(target)
    return sorted(set(out))


def hash_facts(cls: ast.ClassDef, fields: list[dict]) -> dict:
    func = next(
        (n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "compute_hash"),
        None,
    )
    if func is None:
        return {"style": "none", "notes": "class defines no compute_hash"}
    body = _strip_docstring(func.body)
    conds = _conditions(func)
    reads = sorted(_self_attrs(ast.Module(body=body, type_ignores=[])))
    rule: dict = {"reads": reads}
    rule.update(_hash_function(func))

    # Names assigned to set literals inside the function.
    local_sets: dict[str, list[str]] = {}
    for st in ast.walk(func):
        if (
            isinstance(st, ast.Assign)
            and len(st.targets) == 1
            and isinstance(st.targets[0], ast.Name)
        ):
            s = _set_literal(st.value)
            if s is not None:
                local_sets[st.targets[0].id] = s
        elif isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
            s = _set_literal(st.value)
            if s is not None:
                local_sets[st.target.id] = s

    ignored: list[str] | None = None
    for sub in ast.walk(func):
        if isinstance(sub, ast.Call) and _dotted(sub.func) == "get_hash_factors":
            arg = sub.args[1] if len(sub.args) > 1 else None
            for kw in sub.keywords:
                if kw.arg == "ignored_factors":
                    arg = kw.value
            if isinstance(arg, ast.Name) and arg.id in local_sets:
                ignored = local_sets[arg.id]
            else:
                ignored = _set_literal(arg)
                if ignored is None:
                    ignored = []
                    rule["notes"] = "get_hash_factors with an unresolved ignore set"

    # Keyed additions: factors["k"] = expr
    nested = []
    for st in ast.walk(func):
        if (
            isinstance(st, ast.Assign)
            and len(st.targets) == 1
            and isinstance(st.targets[0], ast.Subscript)
            and isinstance(st.targets[0].slice, ast.Constant)
        ):
            entry = {
                "key": st.targets[0].slice.value,
                "reads": sorted(_self_attrs(st.value)),
                "compute_hash_of": _compute_hash_calls(st.value),
            }
            paths = _self_paths(st.value)
            if paths:
                entry["value_from"] = paths
            if conds.get(id(st)):
                entry["when"] = conds[id(st)]
            if not entry["compute_hash_of"] and not entry["reads"]:
                entry["notes"] = "value computed outside the config (runtime registry)"
            nested.append(entry)

    field_names = [f["name"] for f in fields if f["kind"] in ("field", "private")]

    if ignored is not None:
        rule["style"] = "ignored_set"
        rule["ignored"] = ignored
        rule["included"] = [n for n in field_names if n not in set(ignored)]
        initvars = {f["name"] for f in fields if f["kind"] == "initvar"}
        ignored_initvars = [n for n in ignored if n in initvars]
        unknown = [n for n in ignored if n not in field_names and n not in initvars]
        if ignored_initvars:
            # InitVars are never dataclass fields, so listing them changes nothing.
            rule["ignored_initvars"] = ignored_initvars
        if unknown:
            rule["ignored_unknown"] = unknown
        rule["nested"] = nested
        return rule

    # List-based factors: collect appended / listed expressions in order.
    ordered = []
    for st in ast.walk(func):
        items: list[ast.expr] = []
        target = None
        if (
            isinstance(st, ast.Call)
            and isinstance(st.func, ast.Attribute)
            and st.func.attr == "append"
            and st.args
        ):
            target = _dotted(st.func.value)
            items = [st.args[0]]
        elif isinstance(st, (ast.Assign, ast.AnnAssign)) and isinstance(st.value, ast.List):
            tgt = st.targets[0] if isinstance(st, ast.Assign) else st.target
            target = _dotted(tgt)
            items = list(st.value.elts)
        for it in items:
            ordered.append((getattr(it, "lineno", 0), getattr(it, "col_offset", 0), target, it))
    ordered.sort(key=lambda t: (t[0], t[1]))

    # Innermost enclosing statement of each expression (deeper statements come
    # later in line order and overwrite), used to look up branch conditions.
    stmt_of: dict[int, ast.stmt] = {}
    for st in sorted(
        (s for s in ast.walk(func) if isinstance(s, ast.stmt)), key=lambda s: s.lineno
    ):
        for sub in ast.walk(st):
            if isinstance(sub, ast.expr):
                stmt_of[id(sub)] = st

    factors = []
    for _l, _c, target, expr in ordered:
        if target in ("factors", "vllm_factors") or target is None:
            entry = {"expr": ast.unparse(expr), "reads": sorted(_self_attrs(expr))}
            chs = _compute_hash_calls(expr)
            if chs:
                entry["compute_hash_of"] = chs
            st = stmt_of.get(id(expr))
            if st is not None and conds.get(id(st)):
                entry["when"] = conds[id(st)]
            entry["list"] = target
            factors.append(entry)
    # drop the outer "factors.append(vllm_factors)" wrapper entry
    factors = [f for f in factors if f["expr"] not in ("vllm_factors",)]

    local_defs = {}
    for st in ast.walk(func):
        if (
            isinstance(st, ast.Assign)
            and len(st.targets) == 1
            and isinstance(st.targets[0], ast.Name)
            and st.targets[0].id not in ("factors", "vllm_factors", "hash_str")
            and st.targets[0].id not in local_sets
        ):
            local_defs[st.targets[0].id] = {
                "expr": ast.unparse(st.value),
                "reads": sorted(_self_attrs(st.value)),
            }
    if local_defs:
        rule["locals"] = dict(sorted(local_defs.items()))
    if not reads and not any(f["expr"] for f in factors):
        rule["style"] = "constant"
        rule["notes"] = "hashes an empty factor list; the result does not depend on any field"
    else:
        rule["style"] = "explicit"
    rule["factors"] = factors
    if nested:
        rule["nested"] = nested
    return rule


def vllm_subconfigs(cls: ast.ClassDef) -> list[dict]:
    """VllmConfig: per sub-config, how compute_hash contributes it (in order)."""
    func = next(
        (n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "compute_hash"),
        None,
    )
    if func is None:
        return []
    out = []

    def absent_repr(orelse: list[ast.stmt]) -> str:
        if not orelse:
            return "omitted (nothing appended)"
        for st in orelse:
            for sub in ast.walk(st):
                if (
                    isinstance(sub, ast.Call)
                    and isinstance(sub.func, ast.Attribute)
                    and sub.func.attr == "append"
                ):
                    return "appends " + ast.unparse(sub.args[0])
        return "other"

    for st in _strip_docstring(func.body):
        if isinstance(st, ast.If):
            test = st.test
            attr = None
            if (
                isinstance(test, ast.Attribute)
                and isinstance(test.value, ast.Name)
                and test.value.id == "self"
            ):
                attr = test.attr
            if attr is None:
                continue
            calls = _compute_hash_calls(ast.Module(body=st.body, type_ignores=[]))
            entry: dict = {"attr": attr}
            if all(isinstance(b, ast.Pass) for b in st.body):
                entry["contributes"] = False
                entry["notes"] = "branch body is `pass`"
            else:
                entry["contributes"] = True
                entry["compute_hash_of"] = calls
                entry["when_absent"] = absent_repr(st.orelse)
                if attr == "additional_config":
                    entry["notes"] = (
                        "dict: sha of json.dumps(sort_keys=True); otherwise its compute_hash()"
                    )
                extra = [c for c in calls if c != attr]
                if extra:
                    inner_ifs = [
                        ast.unparse(s.test)
                        for s in ast.walk(ast.Module(body=st.body, type_ignores=[]))
                        if isinstance(s, ast.If)
                    ]
                    entry["conditional_extra"] = {"compute_hash_of": extra, "when": inner_ifs}
            out.append(entry)
        elif isinstance(st, ast.Expr) and isinstance(st.value, ast.Call):
            call = st.value
            if isinstance(call.func, ast.Attribute) and call.func.attr == "append" and call.args:
                calls = _compute_hash_calls(call.args[0])
                for c in calls:
                    out.append(
                        {
                            "attr": c,
                            "contributes": True,
                            "compute_hash_of": [c],
                            "when_absent": "not checked (always called)",
                        }
                    )
                if not calls:
                    arg = ast.unparse(call.args[0])
                    if arg == "vllm_factors":
                        continue
                    out.append({"attr": None, "contributes": True, "expr": arg})
    return out


# --------------------------------------------------------------------------
# Classes and enums
# --------------------------------------------------------------------------


def method_facts(cls: ast.ClassDef) -> tuple[list[dict], list[dict]]:
    methods, validators = [], []
    for n in cls.body:
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        decos = [ast.unparse(d) for d in n.decorator_list]
        methods.append({"name": n.name, "decorators": decos})
        for d in n.decorator_list:
            if isinstance(d, ast.Call) and _dotted(d.func) in (
                "field_validator",
                "model_validator",
            ):
                entry: dict = {"method": n.name, "kind": _dotted(d.func)}
                entry["fields"] = [
                    a.value
                    for a in d.args
                    if isinstance(a, ast.Constant) and isinstance(a.value, str)
                ]
                for kw in d.keywords:
                    entry[kw.arg or "**"] = (
                        ast.literal_eval(kw.value)
                        if isinstance(kw.value, ast.Constant)
                        else ast.unparse(kw.value)
                    )
                validators.append(entry)
    return methods, validators


def enum_facts(cls: ast.ClassDef) -> dict:
    members = []
    values: dict[str, object] = {}
    for n in cls.body:
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            name = n.targets[0].id
            if (
                name.startswith("__")
                or isinstance(n.value, ast.Name)
                and n.value.id.startswith("__")
            ):
                continue
            if isinstance(n.value, ast.Name) and n.value.id not in values:
                continue
            entry = {"name": name, "value_repr": ast.unparse(n.value)}
            try:
                resolved = _eval_member(n.value, values)
                values[name] = resolved
                entry["value"] = resolved
            except ValueError:
                pass
            members.append(entry)
    return {
        "bases": [ast.unparse(b) for b in cls.bases],
        "members": members,
        "methods": [n.name for n in cls.body if isinstance(n, ast.FunctionDef)],
    }


def _eval_member(node: ast.AST, values: dict) -> object:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name) and node.id in values:
        return values[node.id]
    if isinstance(node, ast.Tuple):
        return [_eval_member(e, values) for e in node.elts]
    raise ValueError(ast.unparse(node))


def class_facts(block: Block, cls: ast.ClassDef, src: str) -> dict:
    src_lines = src.split("\n")
    fields = [
        field_facts(n, src_lines)
        for n in cls.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    ]
    classvars = {f["name"]: f for f in fields if f["kind"] == "classvar"}
    for f in fields:
        rep = f["default"].get("repr")
        if f["kind"] != "classvar" and rep in classvars:
            f["default"]["classvar"] = rep
            f["default"]["resolved_repr"] = classvars[rep]["default"].get("repr")
    methods, validators = method_facts(cls)
    facts: dict = {
        "name": cls.name,
        "source_file": block.source_file,
        "seed": block.seed,
        "seed_line": block.line,
        "decorators": [ast.unparse(d) for d in cls.decorator_list],
        "bases": [ast.unparse(b) for b in cls.bases],
        "fields": fields,
        "constructor_fields": [
            f["name"] for f in fields if f["kind"] != "classvar" and f.get("init", True)
        ],
        "hash": hash_facts(cls, fields),
        "methods": methods,
        "validators": validators,
    }
    if cls.name == "VllmConfig":
        facts["hash"]["subconfigs"] = vllm_subconfigs(cls)
    return facts


def add_hash_nesting(classes: dict[str, dict]) -> None:
    """For each field typed with another seed class, record how the parent's
    hash treats it: "compute_hash" (parent calls the child's compute_hash),
    "value" (parent's get_hash_factors includes it as a plain value),
    or "excluded"."""
    names = set(classes)
    for c in classes.values():
        rule = c["hash"]
        nested_keys = {
            path.split(".")[0]
            for n in rule.get("nested", [])
            for path in n.get("compute_hash_of", [])
        }
        for e in rule.get("factors", []):
            for path in e.get("compute_hash_of", []):
                nested_keys.add(path.split(".")[0])
        out = []
        for f in c["fields"]:
            try:
                ann = ast.parse(f["annotation"], mode="eval").body
            except SyntaxError:
                continue
            refs = sorted(
                {n.id for n in ast.walk(ann) if isinstance(n, ast.Name) and n.id in names}
            )
            if not refs:
                continue
            if rule["style"] == "none":
                mode = "parent has no compute_hash"
            elif f["name"] in nested_keys:
                mode = "compute_hash"
            elif f["name"] in rule.get("included", []):
                mode = "value"
            else:
                mode = "excluded"
            out.append({"field": f["name"], "classes": refs, "mode": mode})
        if out:
            c["nested_configs"] = out


def _comparable(facts: dict) -> dict:
    return {k: v for k, v in facts.items() if k not in ("seed", "seed_line")}


def extract(seed_dir: Path) -> dict:
    problems: list[str] = []
    classes: dict[str, dict] = {}
    enums: dict[str, dict] = {}
    per_seed: dict[str, dict] = {}
    seeds_meta: dict[str, dict] = {}
    seed_files = sorted(p for p in seed_dir.glob("*.txt"))
    if not seed_files:
        raise SystemExit(f"no seed *.txt files in {seed_dir}")
    for path in seed_files:
        blocks = scan_seed(path, problems)
        if not blocks:
            continue
        seeds_meta[path.name] = {
            "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
            "listings": len(blocks),
        }
        seen_here: list[str] = []
        fields_here = 0
        current: str | None = None
        for block, node, src in blocks:
            if isinstance(node, ast.ClassDef):
                current = node.name
                is_enum = any(_dotted(b).split(".")[-1].endswith("Enum") for b in node.bases)
                if is_enum:
                    e = enum_facts(node)
                    e.update(
                        {
                            "name": node.name,
                            "source_file": block.source_file,
                            "seed": block.seed,
                            "seed_line": block.line,
                        }
                    )
                    enums.setdefault(node.name, e)
                    continue
                facts = class_facts(block, node, src)
                seen_here.append(node.name)
                fields_here += len(facts["fields"])
                if node.name in classes:
                    prev = classes[node.name]
                    if _comparable(prev) != _comparable(facts):
                        problems.append(
                            f"{block.seed}:{block.line}: {node.name} differs from "
                            f"{prev['seed']}:{prev['seed_line']} (kept the first)"
                        )
                    prev.setdefault("also_in", []).append(f"{block.seed}:{block.line}")
                else:
                    classes[node.name] = facts
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                # Per-method listings repeat code already in the class listing;
                # check that compute_hash agrees with the in-class copy.
                if node.name == "compute_hash" and current in classes:
                    owner = classes[current]
                    if owner["seed"] == block.seed:
                        fake = ast.ClassDef(
                            name=current, bases=[], keywords=[], body=[node], decorator_list=[]
                        )
                        again = hash_facts(fake, owner["fields"])
                        if current == "VllmConfig":
                            again["subconfigs"] = vllm_subconfigs(fake)
                        if again != owner["hash"]:
                            problems.append(
                                f"{block.seed}:{block.line}: compute_hash listing of "
                                f"{current} differs from the class listing"
                            )
        per_seed[path.name] = {
            "classes": sorted(seen_here),
            "class_count": len(seen_here),
            "field_count": fields_here,
        }
        seeds_meta[path.name].update(per_seed[path.name])

    add_hash_nesting(classes)

    by_kind: dict[str, int] = {}
    for c in classes.values():
        for f in c["fields"]:
            by_kind[f["kind"]] = by_kind.get(f["kind"], 0) + 1
    counts = {
        "classes": len(classes),
        "enums": len(enums),
        "fields": sum(len(c["fields"]) for c in classes.values()),
        "fields_by_kind": dict(sorted(by_kind.items())),
        "constructor_fields": sum(len(c["constructor_fields"]) for c in classes.values()),
        "init_false_fields": sum(
            1 for c in classes.values() for f in c["fields"] if f.get("init") is False
        ),
        "unset_until_post_init": sum(
            1 for c in classes.values() for f in c["fields"] if f.get("unset_until_post_init")
        ),
        "hash_styles": dict(
            sorted(
                {
                    s: sum(1 for c in classes.values() if c["hash"]["style"] == s)
                    for s in {c["hash"]["style"] for c in classes.values()}
                }.items()
            )
        ),
    }
    return {
        "about": "Facts extracted from the seed pages by tools/extract_seed_facts.py; "
        "see tests/facts/README.md. Do not edit by hand.",
        "format_version": FORMAT_VERSION,
        "counts": counts,
        "seeds": seeds_meta,
        "problems": problems,
        "enums": dict(sorted(enums.items())),
        "classes": dict(sorted(classes.items())),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("seed_dir", nargs="?", default="../shared/seeds", type=Path)
    ap.add_argument("-o", "--output", default="tests/facts/seed_facts.json", type=Path)
    args = ap.parse_args(argv)
    data = extract(args.seed_dir)
    text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    c = data["counts"]
    print(
        f"wrote {args.output}: {c['classes']} classes, {c['fields']} fields "
        f"{c['fields_by_kind']}, {c['enums']} enums, {len(data['problems'])} problems",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
