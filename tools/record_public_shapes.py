"""Record the shape of every name vLLM's `vllm.config` exports, or of ours, by introspection.

    <venv>/bin/python tools/record_public_shapes.py --out tests/facts/releases/R/public_shapes.json
    CFGC_RELEASE=R python tools/record_public_shapes.py \\
        --ours tests/facts/releases/R/public_shapes.json

The first form runs in a scratch venv that has the vLLM release installed (VLLM_TARGET_DEVICE
is set to cpu; nothing is downloaded) and writes the release's side: for each module of
`vllm.config` (the package and each submodule), every public name the module defines at its
top level (read from its source with `ast`), every UPPER_CASE constant it imports from vLLM
outside `vllm.config` (engine tables it re-exports, such as STR_DTYPE_TO_TORCH_DTYPE),
every name of `vllm.config.__all__`, and every name vLLM's own code imports from it
(`vllm_config_imports.json` beside --out, when there).
Module loggers and type variables are left out: they are not API.

The second form describes the same names in `vllm_config` (the release CFGC_RELEASE selects)
with the same function and prints JSON: what tests/test_public_shapes.py compares. Neither
form needs the other's package.

A shape says what kind of thing a name is and what it holds, never a doc string or code:

- an enum: its base (Enum, IntEnum, StrEnum) and members with their values;
- a type alias: a Literal's values, a union's arms, a generic's origin and arguments (by
  name), an Annotated alias's inner type;
- a dict: its keys (enum keys as `Enum.MEMBER`) and the shape of each value, nested;
- a tuple, list, set or frozenset: the shape of each item (sets sorted);
- a scalar: its type and value; a function: its parameter names; a class: whether it is a
  dataclass, an enum, a Protocol or another class (fields are compared elsewhere:
  config_classes.json);
- a callable that is a dict value (vLLM's optimization-level functions): only "callable".
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import enum
import importlib
import inspect
import json
import os
import pkgutil
import re
import sys
import types
import typing
from pathlib import Path

FORMAT_VERSION = 1
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
_SCALARS = (bool, int, float, str, bytes)


def _type_name(tp: object) -> str:
    """A type by its bare name, so that vLLM's `vllm.config.cache.CacheDType` and our
    `vllm_config.types.CacheDType` read the same; builtins and typing forms as written."""
    if tp is type(None) or tp is None:
        return "None"
    if tp is Ellipsis:
        return "..."
    if tp is typing.Any:
        return "Any"
    if isinstance(tp, typing.ForwardRef):
        return tp.__forward_arg__.rsplit(".", 1)[-1]
    if isinstance(tp, str):
        return tp.rsplit(".", 1)[-1]
    if isinstance(tp, typing.TypeVar):
        return "TypeVar"
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Literal:
        return "Literal[" + ", ".join(repr(a) for a in args) + "]"
    if origin in (typing.Union, types.UnionType):
        return " | ".join(sorted(_type_name(a) for a in args))
    if origin is typing.Annotated:
        return _type_name(args[0])
    if origin is not None:
        name = getattr(origin, "__name__", None) or str(origin)
        if not args:
            return name
        inner = [("[" + ", ".join(map(_type_name, a)) + "]") if isinstance(a, list)
                 else _type_name(a) for a in args]
        return f"{name}[{', '.join(inner)}]"
    if isinstance(tp, type):
        return tp.__name__
    return _ADDRESS.sub("", str(tp)).replace("typing.", "")


def _params(fn: object) -> list[str] | None:
    target = getattr(fn, "__wrapped__", fn)
    try:
        return [p.name for p in inspect.signature(target).parameters.values()]
    except (TypeError, ValueError):
        return None


def _key(k: object) -> str:
    if isinstance(k, enum.Enum):
        return f"{type(k).__name__}.{k.name}"
    return k if isinstance(k, str) else repr(k)


def _enum_base(cls: type) -> str:
    for base in (enum.IntFlag, enum.Flag, enum.IntEnum, getattr(enum, "StrEnum", None)):
        if base is not None and issubclass(cls, base):
            return base.__name__
    if issubclass(cls, str):
        return "StrEnum"  # (str, Enum): compares and formats as its value, as StrEnum
    return "Enum"


def _is_alias(obj: object) -> bool:
    return (typing.get_origin(obj) is not None or isinstance(obj, types.UnionType)
            or type(obj).__name__ in ("_LiteralGenericAlias", "_AnnotatedAlias"))


def describe(obj: object, depth: int = 0, leaf: bool = False) -> dict:
    """The shape of one value (see the module doc). `leaf`: a value inside a container,
    where a callable is only "callable" (vLLM's functions and our expressions differ)."""
    if depth > 12:
        return {"kind": "too deep"}
    if obj is None:
        return {"kind": "None"}
    if isinstance(obj, enum.Enum):
        return {"kind": "enum member", "enum": type(obj).__name__, "name": obj.name}
    if isinstance(obj, _SCALARS):
        return {"kind": type(obj).__name__, "value": obj if not isinstance(obj, bytes)
                else obj.hex()}
    if isinstance(obj, dict) and not _is_alias(obj):
        return {"kind": "dict", "items": {_key(k): describe(v, depth + 1, True)
                                          for k, v in obj.items()}}
    if isinstance(obj, (tuple, list)) and not _is_alias(obj):
        return {"kind": type(obj).__name__,
                "items": [describe(v, depth + 1, True) for v in obj]}
    if isinstance(obj, (set, frozenset)):
        items = [describe(v, depth + 1, True) for v in obj]
        return {"kind": type(obj).__name__,
                "items": sorted(items, key=lambda d: json.dumps(d, sort_keys=True))}
    if isinstance(obj, type) and issubclass(obj, enum.Enum):
        return {"kind": "enum", "base": _enum_base(obj),
                "members": {m.name: describe(m.value, depth + 1) for m in obj}}
    if _is_alias(obj):
        origin = typing.get_origin(obj)
        args = typing.get_args(obj)
        if origin is typing.Literal:
            return {"kind": "Literal", "values": list(args)}
        if origin in (typing.Union, types.UnionType):
            return {"kind": "union", "arms": sorted(_type_name(a) for a in args)}
        if origin is typing.Annotated:
            return {"kind": "Annotated", "of": _type_name(args[0])}
        return {"kind": "generic", "origin": getattr(origin, "__name__", str(origin)),
                "args": [_type_name(a) for a in args]}
    if isinstance(obj, type):
        if typing.is_typeddict(obj):
            return {"kind": "TypedDict", "keys": sorted(obj.__annotations__)}
        if dataclasses.is_dataclass(obj):
            return {"kind": "dataclass"}
        if getattr(obj, "_is_protocol", False):
            return {"kind": "Protocol"}
        return {"kind": "class"}
    if callable(obj):
        if leaf:
            return {"kind": "callable"}
        return {"kind": "function", "params": _params(obj)}
    return {"kind": "object", "class": type(obj).__name__}


# -- which names ---------------------------------------------------------------------


def _defined_names(source: str) -> list[str]:
    """Names a module binds at its top level itself (not by importing them)."""
    names: list[str] = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
        elif type(node).__name__ == "TypeAlias":  # `type X = ...` (Python 3.12)
            names.append(node.name.id)
    return list(dict.fromkeys(names))


def _imported_constants(source: str) -> list[str]:
    """UPPER_CASE names a module imports from vLLM outside `vllm.config` (an engine table
    such as `STR_DTYPE_TO_TORCH_DTYPE`): readable as the module's attribute, so part of
    what code can reach through it, though the module does not define them."""
    names: list[str] = []
    for node in ast.parse(source).body:
        if (isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
                and node.module.startswith("vllm.") and not node.module.startswith("vllm.config")):
            names += [a.asname or a.name for a in node.names
                      if re.fullmatch(r"[A-Z][A-Z0-9_]*", a.asname or a.name)]
    return names


def _not_api(obj: object) -> bool:
    return type(obj).__name__ in ("Logger", "TypeVar") or isinstance(obj, types.ModuleType)


def vllm_names(imports: list[list[str]]) -> dict[str, list[str]]:
    """Module -> the names to record, for the installed vLLM."""
    import vllm.config as package

    out: dict[str, list[str]] = {"vllm.config": sorted(set(package.__all__))}
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"vllm.config.{info.name}")
        source = Path(module.__file__).read_text()
        names = [n for n in [*_defined_names(source), *_imported_constants(source)]
                 if not n.startswith("_") and hasattr(module, n)
                 and not _not_api(getattr(module, n))]
        out[module.__name__] = names
    for module_name, name in imports:
        listed = out.setdefault(module_name, [])
        if name not in listed:
            listed.append(name)
    return {m: sorted(v) for m, v in sorted(out.items())}


def record(names: dict[str, list[str]], package: str) -> dict[str, dict[str, dict]]:
    """Module -> name -> shape, reading `package` in place of `vllm.config`; a module or
    name the package lacks is {"kind": "missing"}."""
    out: dict[str, dict[str, dict]] = {}
    for module_name, listed in names.items():
        target = package + module_name[len("vllm.config"):]
        try:
            module = importlib.import_module(target)
        except ImportError:
            module = None
        row = out[module_name] = {}
        for name in listed:
            if module is None or not hasattr(module, name):
                row[name] = {"kind": "missing"}
            else:
                row[name] = describe(getattr(module, name))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--out", type=Path, help="record the installed vLLM into this file")
    mode.add_argument("--ours", type=Path, metavar="FIXTURE",
                      help="describe vllm_config's names of this recording (JSON to stdout)")
    args = parser.parse_args(argv)
    if args.ours is not None:
        if not args.ours.is_file():
            print(f"record_public_shapes: no recording at {args.ours}", file=sys.stderr)
            return 2
        recorded = json.loads(args.ours.read_text())["modules"]
        names = {m: sorted(row) for m, row in recorded.items()}
        print(json.dumps(record(names, "vllm_config"), sort_keys=True))
        return 0
    os.environ.setdefault("VLLM_TARGET_DEVICE", "cpu")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    try:
        import vllm
    except ImportError:
        print("record_public_shapes: --out runs in a venv with vLLM installed", file=sys.stderr)
        return 2
    imports_file = args.out.parent / "vllm_config_imports.json"
    imports = json.loads(imports_file.read_text())["names"] if imports_file.is_file() else []
    data = {
        "about": "The shape of every name vllm.config exports (its __all__, the public names "
                 "each module defines, the names vLLM's code imports from it), recorded by "
                 "tools/record_public_shapes.py from the installed release.",
        "format_version": FORMAT_VERSION,
        "release": vllm.__version__,
        "modules": record(vllm_names(imports), "vllm.config"),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    count = sum(len(row) for row in data["modules"].values())
    print(f"{count} names of {len(data['modules'])} modules -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
