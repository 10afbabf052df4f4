"""Constructor arguments from flags -> validated config objects, innermost first.

Each nested config is built on its own before its parent, so a validation error names
the class, the field and the flag that set it; the parent then receives the built
object (pydantic does not validate it again). Nothing here loads a checkpoint: model
fields are taken as given. This is the only CLI step that imports the config classes
(and with them pydantic).
"""

from __future__ import annotations

import enum
import importlib
import re
from pathlib import PurePath

from ..rules import building_class, building_from_flags
from .values import CliError, EnumRef


class Built:
    """The configs built from one command line: each root, and every nested config by
    its path (root, field path) in tree order."""

    def __init__(self) -> None:
        self.roots: dict[str, object] = {}
        self.nodes: list[tuple[str, tuple[str, ...], object]] = []


def _label(parsed, root: str, path: tuple[str, ...]) -> str:
    """The flag that set `path` (or the nearest enclosing value): the last one applied."""
    best, best_len = "", -1
    for r, p, label in parsed.provenance:
        if r != root:
            continue
        n = len(p)
        if p == path[:n] and n >= best_len:
            best, best_len = label, n
    return best


def _flags_under(parsed, root: str, path: tuple[str, ...]) -> list[str]:
    return list(dict.fromkeys(label for r, p, label in parsed.provenance
                              if r == root and p[:len(path)] == path))


def _resolve(value: object, types_module) -> object:
    if isinstance(value, EnumRef):
        return getattr(types_module(), value.enum)[value.name]
    if isinstance(value, list):
        return [_resolve(v, types_module) for v in value]
    return value


def _class(table: object, name: str):
    package = table.__name__.rsplit(".", 1)[0]
    module = importlib.import_module(f"{package}.{table.CLASSES[name]['module']}")
    return getattr(module, name)


def _message(exc: Exception) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text.removeprefix("Value error, ")


def _shown(value: object) -> str:
    if isinstance(value, EnumRef):
        return value.name
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def build_class(table: object, parsed, name: str, values: dict, root: str,
                path: tuple[str, ...], built: Built, types_module) -> object:
    fields = table.CLASSES[name]["fields"]
    kwargs: dict[str, object] = {}

    def build_nested(key: str, nested: str, value: dict) -> object:
        # fields the engine passes from this config (`cli: from_parent`, a field of it or
        # a dotted path into one), built first
        made = table.CLASSES[name].get("factories", ())
        sources = table.CLASSES[nested].get("from_parent", {})
        for source in sources.values():
            own = source.split(".", 1)[0]
            given = values.get(own, {})
            if own not in kwargs and fields.get(own) and isinstance(given, dict) \
                    and (own in values or own in made):
                kwargs[own] = build_class(table, parsed, fields[own], given, root,
                                          path + (own,), built, types_module)
        value = dict(value)
        for child, source in sources.items():
            own, *attrs = source.split(".")
            passed = kwargs.get(own)
            for attr in attrs:
                passed = getattr(passed, attr, None)
            if passed is not None or not attrs:
                value.setdefault(child, passed)
        return build_class(table, parsed, nested, value, root, path + (key,), built,
                           types_module)

    for key, value in values.items():
        if key in kwargs:
            continue  # built already: a sibling needed it first
        nested = fields.get(key, "")
        if nested and isinstance(value, dict):
            value = build_nested(key, nested, value)
        kwargs[key] = _resolve(value, types_module)
    for key, value in table.CLASSES[name].get("fill", {}).items():
        kwargs.setdefault(key, value)  # required arguments the engine would supply
    cls = _class(table, name)
    try:
        from pydantic import ValidationError
    except ImportError:  # pragma: no cover - pydantic is a dependency
        ValidationError = ValueError  # noqa: N806
    try:
        with building_class(name, values):  # given("field") sees what the flags set
            obj = cls(**kwargs)
    except ValidationError as exc:
        raise CliError(_validation_message(exc, parsed, name, root, path, kwargs, table)
                       ) from None
    except Exception as exc:  # noqa: BLE001 - hooks raise what they raise; one line each
        flags = ", ".join(_flags_under(parsed, root, path)) or "defaults"
        raise CliError(f"{name} (from {flags}): {_message(exc)}") from None
    return obj


def _validation_message(exc, parsed, name: str, root: str, path: tuple[str, ...],
                        kwargs: dict, table: object = None) -> str:
    errors = exc.errors(include_url=False)
    err = errors[0]
    # pydantic's union/literal branch names (method.literal['ngram',...]) are not fields
    loc = tuple(str(x) for x in err.get("loc", ()) if not re.match(r"\w+\[|function-", str(x)))
    msg = _message(Exception(err.get("msg", "")))
    rule = err.get("ctx", {}).get("error")
    fields = getattr(rule, "fields", None)
    if not loc and fields:  # a declared rule: name its fields and where each came from
        return (f"{name}: {msg} "
                f"({_rule_fields(table, parsed, root, path, fields, rule.values)})")
    if not loc:
        flags = ", ".join(_flags_under(parsed, root, path)) or "defaults"
        return f"{name} (from {flags}): {msg}"
    full = path + loc
    label = _label(parsed, root, full)
    where = f"{name}.{'.'.join(loc)}"
    value = err.get("input")
    if label:
        return f"{label}: invalid value {_shown(value)} for {where}: {msg}"
    return f"{where} = {_shown(value)}: {msg}"


def _rule_fields(table: object, parsed, root: str, path: tuple[str, ...],
                 fields: tuple[str, ...], values: dict[str, tuple[object, bool]]) -> str:
    """'rule on tensor_parallel_size (from -tp), enable_expert_parallel (default; flag
    ...), max_num_seqs (resolved to 256; flag ...)': where each value came from."""
    parts = []
    for field_path in fields:
        full = path + tuple(field_path.split("."))
        if _given(parsed.trees.get(root, {}), full):
            parts.append(f"{field_path} (from {_label(parsed, root, full)})")
            continue
        entry = next((fl for fl in getattr(table, "FLAGS", ())
                      if fl.get("root") == root and tuple(fl.get("path", ())) == full), None)
        value, is_default = values.get(field_path, (None, True))
        if entry is not None and str(plain(value)) == entry["default"]:
            is_default = True  # the flag's default (the field's own may be "unset")
        shown = plain(value)  # a nested config shows as <ClassName>, unquoted
        shown = shown if isinstance(shown, str) and shown.startswith("<") else _shown(shown)
        origin = ("default" if is_default else f"is {shown}" if is_default is None
                  else f"resolved to {shown}")
        parts.append(f"{field_path} ({origin}"
                     + (f"; flag {entry['flag']})" if entry is not None else ")"))
    return "rule on " + ", ".join(parts)


def _given(tree: object, path: tuple[str, ...]) -> bool:
    """Whether the flags (or a JSON flag / config file) gave a value at `path`."""
    for key in path:
        if not isinstance(tree, dict) or key not in tree:
            return False
        tree = tree[key]
    return True


def build(table: object, parsed) -> Built:
    """Every root config, built from the parsed flags (defaults where none were given)."""
    built = Built()
    package = table.__name__.rsplit(".", 1)[0]
    cache: list = []

    def types_module():
        if not cache:
            cache.append(importlib.import_module(f"{package}.types"))
        return cache[0]

    # the engine's checks on flags apply (from_flags(), unused())
    with building_from_flags(getattr(parsed, "unused", ())):
        for root in table.ROOTS:
            built.roots[root] = build_class(table, parsed, root, parsed.trees.get(root, {}),
                                            root, (), built, types_module)
    for root, obj in built.roots.items():
        _walk(table, root, (), root, obj, built)
    return built


def _walk(table: object, root: str, path: tuple[str, ...], name: str, obj: object,
          built: Built) -> None:
    built.nodes.append((root, path, obj))
    for key, nested in table.CLASSES[name]["fields"].items():
        if nested:
            child = getattr(obj, key, None)
            if child is not None and type(child).__name__ == nested:
                _walk(table, root, path + (key,), nested, child, built)


def plain(value: object) -> object:
    """A value as JSON/YAML data: enums by name, paths and runtime objects as text."""
    if isinstance(value, enum.Enum):  # before int/str: IntEnum and StrEnum are both
        return value.name
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, PurePath):
        return str(value)
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if hasattr(value, "compute_hash"):
        return f"<{type(value).__name__}>"
    return str(value)


def build_configs(table: object, argv: list[str], warn):
    """(parsed flags, built configs) for the flags of show/hash (after the command)."""
    from .parse import parse

    parsed = parse(table, argv, warn)
    if not getattr(table, "PLATFORMS", ()):
        return parsed, build(table, parsed)
    import importlib

    package = table.__name__.rsplit(".", 1)[0]
    platforms = importlib.import_module(f"{package}.platforms")
    try:
        # The CLI previews a deployment: the schema's default (cuda) unless told, never
        # the platform of the machine it runs on (see platform_detect).
        selector = platforms._selector
        name = parsed.platform or (selector.named() or selector.default).name
    except ValueError as exc:  # an unknown name in the environment variable
        raise CliError(str(exc)) from None
    with platforms.using_platform(name):
        return parsed, build(table, parsed)


def config_hash(obj: object) -> str:
    """The config's hash, or why there is none (a hook needing run-time state)."""
    try:
        return obj.compute_hash()
    except Exception as exc:  # noqa: BLE001 - a hook needing run-time state
        return f"<not available: {type(exc).__name__}: {exc}>"
