"""Record the facts of one installed vLLM release's config surface, by introspection.

Run it with the Python of a scratch venv where that release is installed (made by
`tools/release_venv.sh RELEASE DIR`), from the repository root:

    $VLLM_VENVS/0.33.0/bin/python tools/extract_release_facts.py \\
        --out tests/facts/releases/0.33.0

It writes, under --out (sorted, indented JSON; the same install gives the same bytes):

- config_classes.json: every config class exported by vllm.config plus the config classes
  nested in their fields (IrOpPriorityConfig): the facts tools/extract_seed_facts.py gives
  for the seeds (annotation, default expression, kind, init, constraints, hash rule), read
  from the installed source with `ast`, plus what only the running release can say: the
  resolved type, the evaluated default (factories called), and whether the field feeds
  compute_hash (probed: change it on a built instance, compare the hashes).
- engine_flags.json: every flag of EngineArgs/AsyncEngineArgs.add_cli_args, from the real
  parser: aliases, dest, action, type, choices, default, nargs, group, deprecation, and the
  config class and field it sets where that can be told.
- ir_ops.json: the IR ops (IrOpPriorityConfig fields), the registered implementations, and
  each platform's default priority lists.
- envs.json: every variable of vllm.envs: the type its TYPE_CHECKING block declares and
  the value `vllm.envs.NAME` gives with no VLLM_* variable set (and its Python type).
  `--only envs` writes this file alone (seconds, no config is built).
- public_api.json: the public names of vllm.config and the public methods of each class;
  vllm_config_imports.json: the (module, name) pairs vLLM's own code imports from it
  (its config package included). `--only imports` writes this file alone (seconds:
  the installed source is read, not run).

Only names, types, defaults and values are recorded: no doc text and no function bodies.
Standard library plus the installed vLLM; tools/extract_seed_facts.py, extract_seed_api.py
and extract_engine_flags.py are reused for the source-level facts.
"""

from __future__ import annotations

import argparse
import ast
import collections.abc
import copy
import dataclasses
import enum
import importlib
import inspect
import json
import os
import pathlib
import pkgutil
import re
import sys
import textwrap
import types
import typing
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
REPO = TOOLS.parent
sys.path.insert(0, str(TOOLS))

import extract_engine_flags  # noqa: E402
import extract_seed_api  # noqa: E402
import extract_seed_facts  # noqa: E402

FORMAT_VERSION = 1
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
# Keys of a field specifier call that hold prose rather than facts.
_PROSE_KWARGS = {"description", "title", "examples", "json_schema_extra"}
PROBE = "cfgc-probe"
# A help text that says its own option is deprecated (not one that only mentions the word).
_SAYS_DEPRECATED = re.compile(
    r"\b(is|are|now) deprecated|^\s*deprecated\b|\bdeprecated\s*[:;]|will be removed"
    r"|has been replaced by",
    re.IGNORECASE,
)
# Class name -> its built base instance (filled by base_instances).
BASES: dict[str, object] = {}


# --------------------------------------------------------------------------
# Environment
# --------------------------------------------------------------------------


def check_release(out: Path) -> None:
    """One line, not a traceback, when this Python has no vLLM, or holds another release
    than the one --out is named after (tests/facts/releases/<release>)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        installed = version("vllm")
    except PackageNotFoundError:
        sys.exit(f"extract_release_facts: no vLLM in {sys.executable}; run it with the "
                 "Python of a venv made by tools/release_venv.sh RELEASE DIR")
    if re.fullmatch(r"\d+\.\d+\.\d+\S*", out.name) and out.name != installed:
        sys.exit(f"extract_release_facts: {sys.executable} holds vLLM {installed}, "
                 f"not {out.name} (--out {out})")


def prepare_environment() -> None:
    """Offline, CPU platform, quiet logs; must run before vLLM is imported."""
    os.environ.setdefault("VLLM_TARGET_DEVICE", "cpu")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("VLLM_LOGGING_LEVEL", "ERROR")
    os.environ.setdefault("VLLM_CONFIGURE_LOGGING", "1")
    for name in ("VLLM_USE_OINK_OPS", "VLLM_ROCM_USE_AITER", "VLLM_ROCM_USE_AITER_RMSNORM"):
        os.environ.pop(name, None)
    import vllm.platforms as platforms
    from vllm.platforms.cpu import CpuPlatform

    # A CUDA wheel on a machine without GPUs resolves to UnspecifiedPlatform (0.25.1 does
    # not read VLLM_TARGET_DEVICE); the parity fixtures were recorded on CpuPlatform.
    if not isinstance(platforms._current_platform, CpuPlatform):
        platforms._current_platform = CpuPlatform()


# --------------------------------------------------------------------------
# Values and types as JSON
# --------------------------------------------------------------------------


def encode(value: object, depth: int = 0) -> object:
    """JSON form of a value; same encodings as ../shared/parity (enum, set, repr)."""
    if depth > 8:
        return {"repr": "..."}
    if value is None or isinstance(value, (bool, int, str)) and not isinstance(value, enum.Enum):
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return {"float": repr(value)}
        return value
    if isinstance(value, enum.Enum):
        return {
            "enum": type(value).__name__,
            "name": value.name,
            "value": encode(value.value, depth + 1),
        }
    if isinstance(value, (list, tuple)):
        return [encode(v, depth + 1) for v in value]
    if isinstance(value, (set, frozenset)):
        items = [encode(v, depth + 1) for v in value]
        return {"set": sorted(items, key=lambda v: json.dumps(v, sort_keys=True))}
    if isinstance(value, dict):
        return {str(k): encode(v, depth + 1) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            "config": type(value).__name__,
            "fields": {
                f.name: encode(getattr(value, f.name, None), depth + 1)
                for f in dataclasses.fields(value)
                if f.init and not f.name.startswith("_")
            },
        }
    if isinstance(value, pathlib.PurePath):
        return {"path": str(value)}
    if isinstance(value, type):
        return {"type": value.__qualname__}
    if callable(value) and hasattr(value, "__qualname__"):
        return {"callable": f"{getattr(value, '__module__', '?')}.{value.__qualname__}"}
    return {"repr": _ADDRESS.sub("", repr(value))}


def type_str(tp: object) -> str:
    """A stable text for a resolved annotation."""
    if tp is type(None) or tp is None:
        return "None"
    if isinstance(tp, str):
        return tp
    if isinstance(tp, typing.ForwardRef):
        return tp.__forward_arg__
    if isinstance(tp, dataclasses.InitVar):
        return f"InitVar[{type_str(tp.type)}]"
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Annotated:
        meta = ", ".join(_ADDRESS.sub("", repr(m)) for m in tp.__metadata__)
        return f"Annotated[{type_str(args[0])}, {meta}]"
    if origin in (typing.Union, types.UnionType):
        return " | ".join(type_str(a) for a in args)
    if origin is typing.Literal:
        return "Literal[" + ", ".join(repr(a) for a in args) + "]"
    if origin is not None:
        name = getattr(origin, "__qualname__", None) or str(origin)
        if origin is collections.abc.Callable and args:
            params = args[0]
            ptxt = "..." if params is Ellipsis else "[" + ", ".join(map(type_str, params)) + "]"
            return f"Callable[{ptxt}, {type_str(args[-1])}]"
        if not args:
            return name
        return f"{name}[" + ", ".join("..." if a is Ellipsis else type_str(a) for a in args) + "]"
    if tp is Ellipsis:
        return "..."
    if isinstance(tp, typing.TypeVar):
        return tp.__name__
    if tp is typing.Any:
        return "Any"
    if isinstance(tp, type):
        return tp.__qualname__
    return _ADDRESS.sub("", str(tp)).replace("typing.", "")


def unwrap_var(tp: object) -> object:
    """The inner type of InitVar[T] / ClassVar[T]."""
    if isinstance(tp, dataclasses.InitVar):
        return tp.type
    if typing.get_origin(tp) is typing.ClassVar:
        args = typing.get_args(tp)
        return args[0] if args else typing.Any
    return tp


def _strip_annotated(tp: object) -> object:
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    return tp


def _arms(tp: object) -> list[object]:
    tp = _strip_annotated(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        out: list[object] = []
        for a in typing.get_args(tp):
            out.extend(_arms(a))
        return out
    return [tp]


def admits_none(tp: object) -> bool:
    for arm in _arms(tp):
        if arm is type(None) or arm is None or arm is typing.Any:
            return True
        if typing.get_origin(arm) is typing.Literal and None in typing.get_args(arm):
            return True
    return False


def choices_of(tp: object) -> list | None:
    """The allowed values when the type is a Literal or an Enum (None excluded)."""
    out: list = []
    for arm in _arms(tp):
        if typing.get_origin(arm) is typing.Literal:
            out.extend(encode(a) for a in typing.get_args(arm) if a is not None)
        elif isinstance(arm, type) and issubclass(arm, enum.Enum):
            out.extend(encode(m) for m in arm)
        elif arm is type(None):
            continue
        else:
            return None
    return out or None


def enums_in(tp: object, found: dict[str, type]) -> None:
    tp = _strip_annotated(tp)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        found[tp.__name__] = tp
    for a in typing.get_args(tp):
        if isinstance(a, (list, tuple)):
            for b in a:
                enums_in(b, found)
        elif not isinstance(a, (str, int, float, bool)) and a is not None:
            enums_in(a, found)


def configs_in(tp: object, names: set[str]) -> list[str]:
    """Names of the config classes a type mentions (through generics and dict subclasses)."""
    return sorted(
        {
            t.__name__
            for t in _walk_types(_strip_annotated(tp))
            if isinstance(t, type) and t.__name__ in names
        }
    )


# --------------------------------------------------------------------------
# Classes
# --------------------------------------------------------------------------


def discover_classes() -> dict[str, type]:
    """Dataclasses exported by vllm.config, plus config dataclasses their fields name."""
    import vllm.config as vc

    found: dict[str, type] = {}
    queue = [
        getattr(vc, n)
        for n in vc.__all__
        if inspect.isclass(getattr(vc, n)) and dataclasses.is_dataclass(getattr(vc, n))
    ]
    while queue:
        cls = queue.pop(0)
        if cls.__name__ in found:
            continue
        found[cls.__name__] = cls
        for tp in resolved_hints(cls).values():
            for arm in _walk_types(tp):
                if (
                    isinstance(arm, type)
                    and dataclasses.is_dataclass(arm)
                    and arm.__module__.startswith("vllm.config")
                    and arm.__name__ not in found
                ):
                    queue.append(arm)
    return found


def _walk_types(tp: object) -> list[object]:
    out = [tp]
    if (
        isinstance(tp, type)
        and tp.__module__.startswith("vllm.config")
        and not dataclasses.is_dataclass(tp)
    ):
        # e.g. a dict subclass parametrised with a config dataclass
        for base in getattr(tp, "__orig_bases__", ()):
            out.extend(_walk_types(base))
    for a in typing.get_args(tp):
        if isinstance(a, (list, tuple)):
            for b in a:
                out.extend(_walk_types(b))
        elif not isinstance(a, (str, int, float, bool)) and a is not None:
            out.extend(_walk_types(a))
    return out


_HINTS: dict[type, dict[str, object]] = {}


def resolved_hints(cls: type) -> dict[str, object]:
    if cls not in _HINTS:
        try:
            _HINTS[cls] = typing.get_type_hints(cls, include_extras=True)
        except Exception:
            hints: dict[str, object] = {}
            module = sys.modules.get(cls.__module__)
            for klass in reversed(cls.__mro__):
                for name, ann in getattr(klass, "__annotations__", {}).items():
                    if isinstance(ann, str):
                        try:
                            ann = eval(ann, vars(module) if module else {})  # noqa: S307
                        except Exception:
                            pass
                    hints[name] = ann
            _HINTS[cls] = hints
    return _HINTS[cls]


def source_facts(cls: type, site: Path) -> dict:
    """The seed extractor's facts, read from the installed class source."""
    lines, first = inspect.getsourcelines(cls)
    src = textwrap.dedent("".join(lines))
    tree = ast.parse(src)
    node = tree.body[0]
    rel = Path(inspect.getsourcefile(cls)).resolve().relative_to(site).as_posix()
    block = extract_seed_facts.Block("", first, rel, src)
    facts = extract_seed_facts.class_facts(block, node, src)
    del facts["seed"], facts["seed_line"]
    facts["source_line"] = first
    return facts


def _drop_code_text(rule: dict) -> dict:
    """Keep the names a hash rule reads; drop the expression text."""
    for entry in rule.get("factors", []):
        entry.pop("expr", None)
        entry.pop("when", None)
    for entry in rule.get("nested", []):
        entry.pop("when", None)
    if "locals" in rule:
        rule["locals"] = {k: {"reads": v["reads"]} for k, v in rule["locals"].items()}
    for entry in rule.get("subconfigs", []):
        entry.pop("expr", None)
        extra = entry.get("conditional_extra")
        if extra:
            extra.pop("when", None)
    return rule


def runtime_default(cls: type, name: str) -> dict:
    f = cls.__dataclass_fields__[name]
    default, factory = f.default, f.default_factory
    pyd = getattr(cls, "__pydantic_fields__", {}).get(name)
    if pyd is not None and (
        type(default).__name__ == "FieldInfo" or default is dataclasses.MISSING
    ):
        undefined = type(pyd.default).__name__ == "PydanticUndefinedType"
        default = dataclasses.MISSING if undefined else pyd.default
        factory = pyd.default_factory or dataclasses.MISSING
    if factory is not dataclasses.MISSING:
        try:
            return {"kind": "factory", "value": encode(factory())}
        except Exception as e:  # a factory that needs context
            return {"kind": "factory", "error": type(e).__name__}
    if default is not dataclasses.MISSING:
        return {"kind": "value", "value": encode(default)}
    return {"kind": "required" if f.init else "no_default"}


def field_constraints(cls: type, name: str) -> dict:
    pyd = getattr(cls, "__pydantic_fields__", {}).get(name)
    out: dict = {}
    if pyd is None:
        return out
    for m in pyd.metadata:
        for key in ("gt", "ge", "lt", "le", "multiple_of", "min_length", "max_length"):
            if hasattr(m, key) and getattr(m, key) is not None:
                out[key] = encode(getattr(m, key))
    return out


def class_facts(cls: type, site: Path, names: set[str], enums: dict[str, type]) -> dict:
    try:
        facts = source_facts(cls, site)
    except (OSError, TypeError, SyntaxError) as e:
        facts = {"name": cls.__name__, "fields": [], "source_error": type(e).__name__}
    for f in facts.get("fields", []):
        kw = f.get("field_kwargs")
        if kw:
            for key in _PROSE_KWARGS & set(kw):
                kw[key] = "<omitted>"
    facts["hash"] = _drop_code_text(facts.get("hash", {"style": "unknown"}))
    facts["module"] = cls.__module__
    facts["runtime_bases"] = [b.__name__ for b in cls.__mro__[1:] if b is not object]
    facts["has_compute_hash"] = callable(getattr(cls, "compute_hash", None))
    facts["defines_compute_hash"] = "compute_hash" in cls.__dict__
    hints = resolved_hints(cls)
    by_name = {f["name"]: f for f in facts.get("fields", [])}
    dc_fields = cls.__dataclass_fields__
    kinds = {
        dataclasses._FIELD: "field",
        dataclasses._FIELD_CLASSVAR: "classvar",
        dataclasses._FIELD_INITVAR: "initvar",
    }
    ordered = list(facts.get("fields", []))
    for name, f in dc_fields.items():
        if name not in by_name:  # inherited, or absent from the class body
            entry = {"name": name, "kind": kinds[f._field_type], "inherited": True}
            if entry["kind"] == "field" and name.startswith("_"):
                entry["kind"] = "private"
            by_name[name] = entry
            ordered.append(entry)
    for entry in ordered:
        name = entry["name"]
        tp = hints.get(name)
        if tp is not None:
            entry["type"] = type_str(tp)
            tp = unwrap_var(tp)
            ch = choices_of(tp)
            if ch is not None:
                entry["choices"] = ch
            enums_in(tp, enums)
            refs = configs_in(tp, names)
            if refs:
                entry["config_refs"] = refs
        if name in dc_fields and entry["kind"] != "classvar":
            rd = runtime_default(cls, name)
            default = entry.setdefault("default", {"kind": rd["kind"]})
            for key in ("value", "error"):
                if key in rd:
                    default[key] = rd[key]
            if default.get("kind") != rd["kind"]:
                default["runtime_kind"] = rd["kind"]
            if rd["kind"] == "value" and rd["value"] is None and tp is not None:
                if not admits_none(tp):
                    entry["unset_until_post_init"] = True
            cons = field_constraints(cls, name)
            if cons:
                entry["constraints"] = cons
        elif entry["kind"] == "classvar" and hasattr(cls, name):
            entry.setdefault("default", {"kind": "value"})["value"] = encode(getattr(cls, name))
    facts["fields"] = ordered
    facts["constructor_fields"] = [
        n for n, f in dc_fields.items() if f._field_type is not dataclasses._FIELD_CLASSVAR
        and f.init
    ]
    return facts


def enum_facts(cls: type) -> dict:
    return {
        "name": cls.__name__,
        "module": cls.__module__,
        "bases": [b.__name__ for b in cls.__bases__],
        "members": [{"name": m.name, "value": encode(m.value)} for m in cls],
        "aliases": sorted(n for n, m in cls.__members__.items() if m.name != n),
    }


# --------------------------------------------------------------------------
# Instances and hash sensitivity
# --------------------------------------------------------------------------


def engine_config(model: Path, **extra: object) -> object:
    from vllm.engine.arg_utils import EngineArgs

    return EngineArgs(model=str(model), **extra).create_engine_config()


def base_instances(classes: dict[str, type], model: Path, notes: list[str]) -> dict[str, object]:
    """One built instance per class: from the resolved engine config where it holds one,
    else the class's own defaults, else the engine config of a command line that makes it."""
    inst: dict[str, object] = {}

    def harvest(obj: object, depth: int = 0) -> None:
        if depth > 3 or obj is None:
            return
        name = type(obj).__name__
        if name in classes and name not in inst and type(obj) is classes[name]:
            inst[name] = obj
        if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
            for f in dataclasses.fields(obj):
                try:
                    harvest(getattr(obj, f.name, None), depth + 1)
                except Exception:
                    continue

    try:
        vcfg = engine_config(model)
        harvest(vcfg)
    except Exception as e:
        notes.append(f"engine config for the tiny model failed: {type(e).__name__}: {e}"[:300])
    for name, cls in classes.items():
        if name in inst:
            continue
        try:
            inst[name] = cls()
        except Exception:
            pass
    variants = {
        "SpeculativeConfig": {
            "speculative_config": {
                "method": "ngram",
                "num_speculative_tokens": 2,
                "prompt_lookup_max": 3,
                "prompt_lookup_min": 2,
            }
        },
        "LoRAConfig": {"enable_lora": True},
    }
    for name, kwargs in variants.items():
        if name in classes and name not in inst:
            try:
                harvest(engine_config(model, **kwargs))
            except Exception as e:
                notes.append(f"{name}: engine config with {sorted(kwargs)} failed: "
                             f"{type(e).__name__}")
    for name, cls in classes.items():
        if name in inst:
            continue
        kwargs = {}
        try:
            hints = resolved_hints(cls)
            for fname, f in cls.__dataclass_fields__.items():
                if f._field_type is not dataclasses._FIELD or not f.init:
                    continue
                if runtime_default(cls, fname)["kind"] == "required":
                    cands = candidates(hints.get(fname), None, classes, {})
                    if cands:
                        kwargs[fname] = cands[0]
            inst[name] = cls(**kwargs)
            notes.append(f"{name}: built with required fields {sorted(kwargs)} synthesised")
        except Exception as e:
            notes.append(f"{name}: no instance ({type(e).__name__}); hash sensitivity unknown")
    BASES.update(inst)
    return inst


def candidates(
    tp: object, current: object, classes: dict[str, type], modified: dict[str, object]
) -> list[object]:
    """Values of the field's type that differ from the current one."""
    out: list[object] = []
    arms = _arms(tp) if tp is not None else [type(current)]
    if current is not None and admits_none(tp) and tp is not None:
        out.append(None)
    for arm in arms:
        origin = typing.get_origin(arm)
        args = typing.get_args(arm)
        if arm is type(None) or arm is None:
            continue
        if origin is typing.Literal:
            out.extend(a for a in args if a is not None)
        elif arm is bool:
            out.extend([True, False])
        elif arm is int:
            base = current if isinstance(current, int) and not isinstance(current, bool) else 0
            out.extend([base + 1, base * 2 + 3, 1])
        elif arm is float:
            base = current if isinstance(current, (int, float)) else 0.0
            out.extend([base * 0.5 + 0.125, 0.5, 0.25])
        elif arm is str:
            out.extend([PROBE, (current + "x") if isinstance(current, str) else "x"])
        elif isinstance(arm, type) and issubclass(arm, enum.Enum):
            out.extend(list(arm))
        elif isinstance(arm, type) and arm.__name__ in classes:
            out.extend(config_variants(arm, current, classes, modified))
        elif origin in (list, tuple, set, frozenset, collections.abc.Sequence) or arm in (
            list, tuple, set
        ):
            kind = origin or arm
            make = list if kind is collections.abc.Sequence else kind
            if current:
                out.append(make([]))
            elem = args[0] if args else str
            sample = candidates(elem, None, classes, modified)
            if sample:
                out.append(make([sample[0]]) if make is not tuple else (sample[0],) * (
                    len(args) if args and args[-1] is not Ellipsis else 1))
        elif origin in (dict, collections.abc.Mapping, collections.Counter) or arm in (
            dict, collections.Counter
        ):
            if current:
                out.append({})
            vt = args[1] if len(args) > 1 else int
            sample = candidates(vt, None, classes, modified)
            out.append({PROBE: sample[0] if sample else 1})
        elif isinstance(arm, type) and issubclass(arm, pathlib.PurePath):
            out.append(pathlib.Path("/tmp") / PROBE)
        elif arm is typing.Any:
            out.extend([PROBE, 7])
        elif type_str(arm) == "dtype":
            import torch

            out.extend([torch.float16, torch.float32])
    if not out and tp is not None:
        # No other value of the declared type (e.g. a one-value Literal): try off-type ones.
        out.extend([PROBE, 7])
    uniq: list[object] = []
    for v in out:
        if _same(v, current) or any(_same(v, u) for u in uniq):
            continue
        uniq.append(v)
    return uniq


# id(variant) -> the field changed to make it (for the probe record).
VARIANT_OF: dict[int, str] = {}


def config_variants(
    cls: type, current: object, classes: dict[str, type], modified: dict[str, object]
) -> list[object]:
    """Other instances of a config class: the one whose own hash a probe changed, the base
    instance when the field is None, and copies of the current one with a field changed."""
    out: list[object] = []
    if cls.__name__ in modified:
        out.append(modified[cls.__name__])
    if current is None:
        if cls.__name__ in BASES:
            out.append(BASES[cls.__name__])
        return out
    if not dataclasses.is_dataclass(current):
        return out
    hints = resolved_hints(type(current))
    made = 0
    for name, f in type(current).__dataclass_fields__.items():
        if made >= 6:
            break
        if f._field_type is not dataclasses._FIELD or not f.init:
            continue
        tp = hints.get(name)
        if tp is None or configs_in(tp, set(classes)):
            continue
        now = getattr(current, name, None)
        for value in candidates(tp, now, classes, {}):
            variant = copy.copy(current)
            try:
                object.__setattr__(variant, name, value)
            except Exception:
                continue
            VARIANT_OF[id(variant)] = name
            out.append(variant)
            made += 1
            break
    return out


def probe_record(value: object) -> object:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changed = VARIANT_OF.get(id(value))
        rec: dict = {"config": type(value).__name__}
        if changed:
            rec["changed"] = changed
        return rec
    return encode(value)


def _same(a: object, b: object) -> bool:
    if type(a) is not type(b):
        return False
    try:
        return bool(a == b)
    except Exception:
        return a is b


def _hash(obj: object) -> str:
    return obj.compute_hash()


def probe_class(
    cls: type, base: object, classes: dict[str, type], modified: dict[str, object]
) -> dict[str, dict]:
    """Per field: include / exclude / unknown, by changing it on a copy of base."""
    out: dict[str, dict] = {}
    try:
        before = _hash(base)
    except Exception as e:
        return {
            f: {"hash": "unknown", "why": f"compute_hash failed on the base: {type(e).__name__}"}
            for f in cls.__dataclass_fields__
        }
    hints = resolved_hints(cls)
    for name, f in cls.__dataclass_fields__.items():
        if f._field_type is not dataclasses._FIELD:
            out[name] = {"hash": "n/a", "why": "not stored on the instance"}
            continue
        current = getattr(base, name, None)
        tried, errors = 0, []
        verdict = None
        for value in candidates(hints.get(name), current, classes, modified):
            obj = copy.copy(base)
            try:
                object.__setattr__(obj, name, value)
                after = _hash(obj)
            except Exception as e:
                errors.append(type(e).__name__)
                continue
            tried += 1
            if after != before:
                verdict = {"hash": "include", "probe": probe_record(value)}
                if cls.__name__ not in modified:
                    modified[cls.__name__] = obj
                    VARIANT_OF[id(obj)] = name
                break
        if verdict is None:
            if tried:
                verdict = {"hash": "exclude", "tried": tried}
            else:
                why = "no other value of its type to try" if not errors else (
                    "compute_hash failed for every value tried: " + ", ".join(sorted(set(errors)))
                )
                verdict = {"hash": "unknown", "why": why}
        out[name] = verdict
    return out


def hash_sensitivity(
    classes: dict[str, type], inst: dict[str, object], notes: list[str]
) -> dict[str, dict]:
    """Class name -> field -> verdict. Classes with compute_hash are probed directly;
    the others through a parent that holds one of them and has compute_hash."""
    modified: dict[str, object] = {}
    result: dict[str, dict] = {}
    own = [n for n, c in classes.items() if callable(getattr(c, "compute_hash", None))]
    # Children before parents, so a parent's probe can use a changed child.
    order = _children_first(classes, own)
    for name in order:
        if name in inst:
            result[name] = probe_class(classes[name], inst[name], classes, modified)
            result[name]["__via__"] = None
    names = set(classes)
    for name in classes:
        if name in result:
            continue
        if name not in inst:
            result[name] = {"__via__": None, "__none__": "no instance could be built"}
            continue
        holder = None
        for pname in order:
            pcls = classes[pname]
            if pname not in inst:
                continue
            for fname, tp in resolved_hints(pcls).items():
                f = pcls.__dataclass_fields__.get(fname)
                if f is not None and f._field_type is dataclasses._FIELD and name in configs_in(
                    tp, names
                ):
                    holder = (pname, fname)
                    break
            if holder:
                break
        if holder is None:
            result[name] = {"__via__": None, "__none__": "no compute_hash and no holder has one"}
            continue
        pname, fname = holder
        parent = copy.copy(inst[pname])
        object.__setattr__(parent, fname, inst[name])
        child_probe = _probe_via_parent(classes[name], inst[name], parent, fname, classes, modified)
        child_probe["__via__"] = f"{pname}.{fname}"
        result[name] = child_probe
    return result


def _probe_via_parent(
    cls: type, child: object, parent: object, fname: str, classes: dict, modified: dict
) -> dict:
    out: dict[str, dict] = {}
    try:
        before = _hash(parent)
    except Exception as e:
        return {
            f: {"hash": "unknown", "why": f"parent compute_hash failed: {type(e).__name__}"}
            for f in cls.__dataclass_fields__
        }
    hints = resolved_hints(cls)
    for name, f in cls.__dataclass_fields__.items():
        if f._field_type is not dataclasses._FIELD:
            out[name] = {"hash": "n/a", "why": "not stored on the instance"}
            continue
        tried, verdict = 0, None
        for value in candidates(hints.get(name), getattr(child, name, None), classes, modified):
            c2 = copy.copy(child)
            p2 = copy.copy(parent)
            try:
                object.__setattr__(c2, name, value)
                object.__setattr__(p2, fname, c2)
                after = _hash(p2)
            except Exception:
                continue
            tried += 1
            if after != before:
                verdict = {"hash": "include", "probe": probe_record(value)}
                break
        out[name] = verdict or (
            {"hash": "exclude", "tried": tried} if tried else {
                "hash": "unknown", "why": "no value could be tried"}
        )
    return out


def _children_first(classes: dict[str, type], names: list[str]) -> list[str]:
    deps = {
        n: {
            r
            for tp in resolved_hints(classes[n]).values()
            for r in configs_in(tp, set(classes))
            if r != n
        }
        for n in names
    }
    order: list[str] = []
    seen: set[str] = set()

    def visit(n: str, stack: tuple = ()) -> None:
        if n in seen or n in stack or n not in deps:
            return
        for d in sorted(deps[n]):
            visit(d, stack + (n,))
        seen.add(n)
        order.append(n)

    for n in sorted(names):
        visit(n)
    return order


def rule_verdicts(cf: dict) -> dict[str, str]:
    """Per stored field, what the source of compute_hash says: include or exclude."""
    rule = cf.get("hash", {})
    style = rule.get("style")
    nested: set[str] = set()
    for n in rule.get("nested", []):
        for path in n.get("compute_hash_of", []) + n.get("value_from", []) + n.get("reads", []):
            nested.add(path.split(".")[0])
    if style == "ignored_set":
        inc = set(rule.get("included", [])) | nested
    elif style == "explicit":
        inc = set(rule.get("reads", [])) | nested
    elif style == "constant":
        inc = set()
    else:
        return {}
    return {
        f["name"]: "include" if f["name"] in inc else "exclude"
        for f in cf["fields"]
        if f["kind"] in ("field", "private")
    }


def combine(probe: str, rule: str | None) -> tuple[str, str | None]:
    """The field's verdict from the probe and the source rule, and on what it rests."""
    if rule is None or probe == "n/a":
        return probe, None
    if probe == rule:
        return probe, None
    if probe == "unknown":
        return rule, "source (the probe could not tell)"
    if rule == "include":
        return "include", (
            "source reads it; no probe changed the hash (constant or conditional contribution)"
        )
    return "include", "probe (the source rule does not name it)"


# --------------------------------------------------------------------------
# Engine flags
# --------------------------------------------------------------------------


def _callable_name(fn: object) -> str | None:
    if fn is None:
        return None
    if isinstance(fn, type):
        return fn.__qualname__
    inner = getattr(fn, "func", None)  # functools.partial
    if inner is not None:
        return f"partial({_callable_name(inner)})"
    return getattr(fn, "__qualname__", None) or _ADDRESS.sub("", repr(fn))


def _map_in_group(classes: dict[str, type], group: str, dest: str) -> dict | None:
    cls = classes[group]
    hints = resolved_hints(cls)
    for fname, f in cls.__dataclass_fields__.items():
        if f._field_type is not dataclasses._FIELD:
            continue
        for ref in configs_in(hints.get(fname), set(classes)):
            if dest in classes[ref].__dataclass_fields__:
                return {"class": ref, "field": dest, "path": f"{group}.{fname}.{dest}",
                        "how": "nested config of the group"}
    rest = dest.partition("_")[2]
    f = cls.__dataclass_fields__.get(rest)
    if rest and f is not None and f._field_type is dataclasses._FIELD:
        return {"class": group, "field": rest, "how": "group, first word dropped"}
    return None


def engine_flags(classes: dict[str, type], version: str) -> dict:
    from vllm.engine import arg_utils

    try:
        from vllm.utils.argparse_utils import FlexibleArgumentParser
    except ImportError:  # older layout
        from vllm.utils import FlexibleArgumentParser

    raw: dict[int, tuple] = {}
    original = argparse._ActionsContainer.add_argument

    def recording(self, *args, **kwargs):
        action = original(self, *args, **kwargs)
        raw[id(action)] = (args, kwargs)
        return action

    argparse._ActionsContainer.add_argument = recording
    # With help texts built (as for `--help`), a deprecation said only there is seen too.
    needs_help = getattr(arg_utils, "NEEDS_HELP", None)
    arg_utils.NEEDS_HELP = True
    compute = getattr(arg_utils, "_compute_kwargs", None)
    if hasattr(compute, "cache_clear"):
        compute.cache_clear()
    try:
        parser = FlexibleArgumentParser()
        parser = arg_utils.AsyncEngineArgs.add_cli_args(parser) or parser
    finally:
        argparse._ActionsContainer.add_argument = original
        arg_utils.NEEDS_HELP = needs_help
        if hasattr(compute, "cache_clear"):
            compute.cache_clear()
    group_of = {}
    for g in parser._action_groups:
        for a in g._group_actions:
            group_of[id(a)] = g.title
    deprecated = {id(a) for a in getattr(parser, "_deprecated", set())}
    accepted: dict[int, list[str]] = {}
    for opt, act in parser._option_string_actions.items():
        accepted.setdefault(id(act), []).append(opt)
    ast_flags = {
        f["flag"]: f
        for f in extract_engine_flags.extract(Path(arg_utils.__file__).read_text())
    }
    field_owner: dict[str, list[str]] = {}
    for cname, cls in classes.items():
        for fname, f in cls.__dataclass_fields__.items():
            if f._field_type is dataclasses._FIELD and f.init:
                field_owner.setdefault(fname, []).append(cname)
    engine_fields = {f.name for f in dataclasses.fields(arg_utils.EngineArgs)}
    flags = []
    for a in parser._actions:
        if not a.option_strings or isinstance(a, argparse._HelpAction):
            continue
        args, kwargs = raw.get(id(a), (tuple(a.option_strings), {}))
        given = [s for s in args if isinstance(s, str)]
        entry: dict = {
            "flag": given[0] if given else a.option_strings[0],
            "aliases": given[1:],
            "negations": [s for s in a.option_strings if s not in given],
            "dest": a.dest,
            "action": type(a).__name__,
            "type": _callable_name(a.type),
            "choices": encode(list(a.choices)) if a.choices is not None else None,
            "default": encode(a.default),
            "nargs": a.nargs,
            "required": a.required,
            "group": group_of.get(id(a)),
            "hidden": sorted(set(accepted.get(id(a), [])) - set(a.option_strings)),
            # Marked for the parser, or its help text (not recorded) says so.
            "deprecated": "parser" if id(a) in deprecated else (
                "help text" if _SAYS_DEPRECATED.search(str(a.help or "")) else None),
            "engine_args_field": a.dest in engine_fields,
        }
        src = ast_flags.get(entry["flag"])
        entry["explicit_boolean_optional"] = bool(src and src["explicit_boolean_optional"])
        entry["in_source_as_literal"] = src is not None
        group = entry["group"]
        owners = field_owner.get(a.dest, [])
        if group in classes and a.dest in classes[group].__dataclass_fields__:
            entry["config"] = {"class": group, "field": a.dest, "how": "group and name"}
        elif group in classes:
            # Its help group names the class, but no field of it has the dest's name
            # (the engine maps it by hand): try the group's nested configs, then the dest
            # without its first word (mamba_backend -> backend); else the group only.
            entry["config"] = _map_in_group(classes, group, a.dest) or {
                "class": group, "field": None, "how": "group only"}
            if owners and entry["config"]["field"] is None:
                entry["config"]["same_name_in"] = owners
        elif len(owners) == 1:
            entry["config"] = {"class": owners[0], "field": a.dest, "how": "unique field name"}
        else:
            entry["config"] = {"class": None, "field": None, "how": "none",
                               "same_name_in": owners} if owners else None
        flags.append(entry)
    return {
        "about": "Engine flags of `vllm serve` (EngineArgs and AsyncEngineArgs add_cli_args), "
        "from the real parser of the installed release by tools/extract_release_facts.py. "
        "`aliases` are the extra option strings given to add_argument; `negations` the ones "
        "the action generated (--no-X, --disable-X). `config` says which config class and "
        "field the flag sets: by its help group (named after the class) and dest, else by "
        "a dest that names exactly one config field.",
        "source": f"vllm/engine/arg_utils.py of vLLM {version} (EngineArgs and "
        "AsyncEngineArgs add_cli_args), introspected",
        "count": len(flags),
        "source_literal_count": len(ast_flags),
        "flags": flags,
    }


# --------------------------------------------------------------------------
# IR ops
# --------------------------------------------------------------------------


def ir_ops(vcfg: object | None, notes: list[str]) -> dict:
    from vllm.config import CompilationConfig
    from vllm.config.compilation import CompilationMode
    from vllm.config.kernel import IrOpPriorityConfig

    ops = [f.name for f in dataclasses.fields(IrOpPriorityConfig)]
    out: dict = {
        "about": "IR ops: the fields of IrOpPriorityConfig, the implementations registered "
        "once vLLM's kernels are imported (providers this machine could import), and "
        "get_default_ir_op_priority of each platform class for two compilation setups "
        "(env overrides such as VLLM_USE_OINK_OPS unset).",
        "ops": ops,
    }
    registry: dict = {}
    try:
        importlib.import_module("vllm.ir.ops")
        from vllm.ir.op import IrOp

        try:
            from vllm.platforms import current_platform

            current_platform.import_ir_kernels()
        except Exception as e:
            notes.append(f"import_ir_kernels failed: {type(e).__name__}")
        for name, op in sorted(IrOp.registry.items()):
            registry[name] = sorted(getattr(op, "impls", {}))
    except Exception as e:
        notes.append(f"IR registry not readable: {type(e).__name__}: {e}"[:200])
    out["registry"] = registry
    setups = {
        "inductor_compile": {"mode": CompilationMode.VLLM_COMPILE, "backend": "inductor"},
        "no_compile": {"mode": CompilationMode.NONE},
    }
    platforms = {
        "base": ("vllm.platforms.interface", "Platform"),
        "cpu": ("vllm.platforms.cpu", "CpuPlatform"),
        "cuda": ("vllm.platforms.cuda", "CudaPlatformBase"),
        "rocm": ("vllm.platforms.rocm", "RocmPlatform"),
        "xpu": ("vllm.platforms.xpu", "XPUPlatform"),
    }
    defaults: dict = {}
    stubbed = _stub_native_modules()
    out["platform_stand_ins"] = {
        "modules": stubbed,
        "why": "these compiled extension modules need a GPU driver; empty stand-ins let the "
        "platform classes import so that only their get_default_ir_op_priority is called. "
        "ROCm's module reads the GPU architecture at import: it is told gfx942.",
    }
    for pname, (mod, cname) in platforms.items():
        try:
            pcls = getattr(importlib.import_module(mod), cname)
        except Exception as e:
            defaults[pname] = {"error": f"import failed: {type(e).__name__}"}
            continue
        per: dict = {}
        for sname, kwargs in setups.items():
            try:
                cc = CompilationConfig(**kwargs)
                fake = types.SimpleNamespace(compilation_config=cc)
                prio = pcls.get_default_ir_op_priority(fake)
                per[sname] = {f.name: encode(getattr(prio, f.name)) for f in
                              dataclasses.fields(prio)}
            except Exception as e:
                per[sname] = {"error": type(e).__name__}
        defaults[pname] = per
    out["platform_defaults"] = defaults
    if vcfg is not None:
        prio = vcfg.kernel_config.ir_op_priority
        out["resolved_cpu_tiny_model"] = {
            f.name: encode(getattr(prio, f.name)) for f in dataclasses.fields(prio)
        }
    return out


class _StandIn(types.ModuleType):
    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):
            raise AttributeError(name)
        return lambda *args, **kwargs: None


def _stub_native_modules() -> list[str]:
    """Run last: replaces GPU-only extension modules in this process (see ir_ops)."""
    import torch

    stubbed = []
    for name in (
        "vllm._C",
        "vllm._C_stable_libtorch",
        "vllm._moe_C",
        "vllm._rocm_C",
        "vllm_xpu_kernels",
        "vllm_xpu_kernels._C",
        "vllm_xpu_kernels._moe_C",
        "vllm_xpu_kernels._xpu_C",
        "amdsmi",
    ):
        try:
            importlib.import_module(name)
        except Exception:
            sys.modules[name] = _StandIn(name)
            stubbed.append(name)
    torch.cuda._lazy_init = lambda: None
    torch.cuda.get_device_properties = lambda *a, **k: types.SimpleNamespace(
        gcnArchName="gfx942", major=9, minor=4, name="stand-in"
    )
    return stubbed


# --------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------


def public_api(module_snapshot: dict[str, str], classes: dict[str, type], site: Path) -> dict:
    import vllm.config as vc

    submodules = sorted(
        m.name for m in pkgutil.iter_modules(vc.__path__) if not m.name.startswith("_")
    )
    return {
        "about": "Public names of vllm.config (its __all__ and every other public attribute "
        "right after import, with its kind), its submodules, and the public methods and "
        "properties of each config class (same format as tests/facts/seed_api.json).",
        "module_all": list(vc.__all__),
        "names": module_snapshot,
        "submodules": submodules,
        "classes": extract_seed_api.seed_api(site, set(classes)),
    }


def _kind_of(obj: object) -> str:
    if inspect.ismodule(obj):
        return "module"
    if inspect.isclass(obj):
        if issubclass(obj, enum.Enum):
            return "enum"
        if dataclasses.is_dataclass(obj):
            return "dataclass"
        return "class"
    if inspect.isfunction(obj) or inspect.isbuiltin(obj):
        return "function"
    if typing.get_origin(obj) is not None or isinstance(obj, typing.TypeVar):
        return "type alias"
    if type(obj).__name__ in ("TypeAliasType", "_LiteralGenericAlias", "UnionType"):
        return "type alias"
    if callable(obj):
        return "callable"
    return "value"


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------


def env_facts() -> dict:
    """Every vllm.envs variable: its declared type (the TYPE_CHECKING annotation, as
    written) and the value vllm.envs gives with no VLLM_* variable set."""
    import vllm.envs as envs

    declared: dict[str, str] = {}
    tree = ast.parse(Path(envs.__file__).read_text())
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING",
                                                                    "typing.TYPE_CHECKING"):
            for stmt in node.body:
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                    declared[stmt.target.id] = ast.unparse(stmt.annotation)
    saved = {k: os.environ.pop(k) for k in list(os.environ)
             if k.startswith("VLLM_") and k != "VLLM_TARGET_DEVICE"}
    out: dict[str, dict] = {}
    home = os.path.expanduser("~")
    try:
        for name in sorted(envs.environment_variables):
            try:
                value = envs.environment_variables[name]()
            except Exception as exc:  # noqa: BLE001 - a getter that needs more is a fact
                out[name] = {"declared": declared.get(name), "error": type(exc).__name__}
                continue
            encoded = value if value is None or isinstance(value, bool | int | float | str) \
                else {"repr": _ADDRESS.sub("", repr(value))}
            if isinstance(encoded, str) and encoded.startswith(home + os.sep):
                encoded = "~" + encoded[len(home):]  # a default under the recorder's home
            out[name] = {"declared": declared.get(name), "default": encoded,
                         "default_type": type(value).__name__}
    finally:
        os.environ.update(saved)
    return {"about": "Variables of vllm.envs: the declared type and the unset value, by "
                     "tools/extract_release_facts.py. Do not edit by hand.",
            "vllm": __import__("vllm").__version__, "variables": out}


def dump(path: Path, data: dict) -> None:
    path.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n")


def dump_imports(out: Path) -> None:
    """vllm_config_imports.json, read from the installed source without importing it."""
    from importlib.metadata import distribution, version

    site = Path(str(distribution("vllm").locate_file("")))
    dump(
        out / "vllm_config_imports.json",
        {
            "about": f"Every (module, name) that vLLM {version('vllm')}'s own modules, "
            "vllm/config/ included, import from vllm.config* by absolute path.",
            "names": extract_seed_api.imported_names(site, within_config=True),
        },
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument(
        "--model",
        type=Path,
        default=REPO.parent / "shared" / "parity" / "tiny-opt",
        help="checkpoint folder with a config.json (default ../shared/parity/tiny-opt)",
    )
    ap.add_argument("--no-hash", action="store_true", help="skip the hash probes")
    ap.add_argument("--only", choices=["envs", "imports"], help="write only this file")
    args = ap.parse_args(argv)
    check_release(args.out)
    if args.only == "imports":
        args.out.mkdir(parents=True, exist_ok=True)
        dump_imports(args.out)
        return 0
    prepare_environment()
    args.out.mkdir(parents=True, exist_ok=True)
    dump(args.out / "envs.json", env_facts())
    if args.only:
        return 0

    import torch
    import vllm
    import vllm.config as vc

    snapshot = {
        n: _kind_of(getattr(vc, n))
        for n in sorted(dir(vc))
        if not n.startswith("_") and not inspect.ismodule(getattr(vc, n))
    }
    version = vllm.__version__
    site = Path(vllm.__file__).resolve().parent.parent
    notes: list[str] = []
    classes = discover_classes()
    names = set(classes)
    enums: dict[str, type] = {}
    for n in vc.__all__:
        obj = getattr(vc, n)
        if inspect.isclass(obj) and issubclass(obj, enum.Enum):
            enums[n] = obj
    facts = {n: class_facts(c, site, names, enums) for n, c in sorted(classes.items())}
    for n, cf in facts.items():
        if n in vc.__all__:
            cf["scope"] = "exported"
        else:
            is_config = "config" in cf.get("decorators", [])
            cf["scope"] = "nested_config" if is_config else "nested_dataclass"
    extract_seed_facts.add_hash_nesting(facts)
    model = args.model.resolve()
    inst = base_instances(classes, model, notes)
    if not args.no_hash:
        sens = hash_sensitivity(classes, inst, notes)
        for cname, per in sens.items():
            cf = facts[cname]
            cf["hash_probe"] = {"via": per.pop("__via__", None)}
            if "__none__" in per:
                cf["hash_probe"]["none"] = per.pop("__none__")
            rule = rule_verdicts(cf)
            for f in cf["fields"]:
                v = per.get(f["name"])
                if f["kind"] in ("classvar", "initvar"):
                    f["hash"] = "n/a"
                    continue
                if v is None:
                    why = cf["hash_probe"].get("none", "not probed")
                    v = {"hash": "n/a" if "no holder" in why else "unknown", "why": why}
                f["hash_probe"] = v
                f["hash"], basis = combine(v["hash"], rule.get(f["name"]))
                if f["name"] in rule:
                    f["hash_rule"] = rule[f["name"]]
                if basis:
                    f["hash_basis"] = basis
            verdicts = [f.get("hash") for f in cf["fields"]]
            cf["hash_probe"]["counts"] = {
                k: verdicts.count(k) for k in ("include", "exclude", "unknown", "n/a")
            }
    by_kind: dict[str, int] = {}
    for c in facts.values():
        for f in c["fields"]:
            by_kind[f["kind"]] = by_kind.get(f["kind"], 0) + 1
    counts = {
        "classes_by_scope": dict(
            sorted(collections.Counter(c["scope"] for c in facts.values()).items())
        ),
        "classes": len(facts),
        "enums": len(enums),
        "fields": sum(len(c["fields"]) for c in facts.values()),
        "fields_by_kind": dict(sorted(by_kind.items())),
        "constructor_fields": sum(len(c["constructor_fields"]) for c in facts.values()),
        "init_false_fields": sum(
            1 for c in facts.values() for f in c["fields"] if f.get("init") is False
        ),
        "unset_until_post_init": sum(
            1 for c in facts.values() for f in c["fields"] if f.get("unset_until_post_init")
        ),
        "hash_styles": dict(
            sorted(
                collections.Counter(c["hash"].get("style", "unknown") for c in facts.values())
                .items()
            )
        ),
        "hash_verdicts": dict(
            sorted(collections.Counter(f.get("hash", "-") for c in facts.values()
                                       for f in c["fields"]).items())
        ),
    }
    environment = {
        "vllm": version,
        "torch": torch.__version__,
        "python": ".".join(map(str, sys.version_info[:3])),
        "platform": type(__import__("vllm.platforms").platforms._current_platform).__name__,
        "model": "<tiny-opt>" if model.name == "tiny-opt" else model.name,
    }
    for dist in ("pydantic", "transformers"):
        try:
            environment[dist] = importlib.import_module(dist).__version__
        except Exception:
            pass
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    dump(
        out / "config_classes.json",
        {
            "about": "Config classes of the installed vLLM release, by "
            "tools/extract_release_facts.py (see tests/facts/releases/README.md). "
            "Do not edit by hand.",
            "format_version": FORMAT_VERSION,
            "environment": environment,
            "counts": counts,
            "notes": notes,
            "enums": {n: enum_facts(e) for n, e in sorted(enums.items())},
            "classes": facts,
        },
    )
    flags = engine_flags(classes, version)
    dump(out / "engine_flags.json", flags)
    dump(out / "public_api.json", public_api(snapshot, classes, site))
    dump_imports(out)
    # Last: reading the platform defaults puts stand-ins for GPU modules in this process.
    dump(out / "ir_ops.json", ir_ops(inst.get("VllmConfig"), notes))
    if notes:  # ir_ops may have added some
        data = json.loads((out / "config_classes.json").read_text())
        data["notes"] = notes
        dump(out / "config_classes.json", data)
    print(
        f"vLLM {version}: {counts['classes']} classes, {counts['fields']} fields "
        f"{counts['fields_by_kind']}, {flags['count']} flags, hash {counts['hash_verdicts']}, "
        f"{len(notes)} notes -> {out}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
