"""Ordered rewrite rules over a Hugging Face config, given as data by the schema.

A rule says when it applies (tests of the config's model type and architectures) and
what it does (continue with the text sub-config, set attributes, stop). The rules and
every architecture they name live in the schema (`_MTP_DRAFT_REWRITES` of
`schema/speculative.yaml`, one list per release); this module only reads them, so a new
release's rules are a schema edit. The vocabulary is in that constant's doc.

Attributes are set with `setattr`, as `PretrainedConfig.update` does, so any object with
attributes can be rewritten (transformers is never imported here).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

_TESTS = ("model_type", "architecture", "initial_architecture", "any_architecture",
          "model_type_contains", "model_type_within")
_RULE_KEYS = frozenset({"when", "and", "unless", "let", "promote", "check", "update_text",
                        "model_type", "update", "stop"})
#: Each kind of value, by its key, with the other keys it takes.
_SPECS = {"value": (), "attr": ("from", "default", "required"), "ref": (), "first": (),
          "or": (), "int": (), "len": (), "repeat": ("times",), "concat": (), "merge": (),
          "key": ("of", "default"), "by": ("map", "default")}
_MISSING = object()


class RewriteError(ValueError):
    """A rule of the table is malformed (a schema mistake, not the config's)."""


def rewrite(config: Any, rules: list[Mapping[str, Any]]) -> Any:
    """Apply every rule that holds, in order; the result is the config the last rule
    left (the text sub-config after a `promote`). `entry` (initial_architecture, values
    read `from: entry`) is the config as it was given, before any rule changed it."""
    entry = copy.copy(config)
    for rule in rules:
        unknown = set(rule) - _RULE_KEYS
        if unknown:
            raise RewriteError(f"unknown key(s) {sorted(unknown)} in rewrite rule {rule!r}")
        if not _holds(rule, config, entry):
            continue
        names: dict[str, Any] = {}
        for name, spec in (rule.get("let") or {}).items():
            names[name] = _value(spec, config, entry, names)
        if "promote" in rule:
            config = _promote(config, rule["promote"])
        if "check" in rule:
            _check(rule["check"], config, entry, names)
        if "update_text" in rule:
            _update_text(rule["update_text"], config, entry, names)
        if "model_type" in rule:
            config.model_type = rule["model_type"]
        # every value is computed before any is set, as one `update({...})` call does
        updates: dict[str, Any] = {}
        for key, spec in (rule.get("update") or {}).items():
            updates[key] = names[key] = _value(spec, config, entry, names)
        for key, value in updates.items():
            setattr(config, key, value)
        if rule.get("stop"):
            break
    return config


# -- when ------------------------------------------------------------------------------


def _test(name: str, wanted: Any, config: Any, entry: Any) -> bool:
    if name in ("model_type", "model_type_within"):  # two spellings of one test
        return config.model_type in wanted
    if name == "model_type_contains":
        return wanted in config.model_type
    if name == "architecture":
        return config.architectures[0] in wanted
    if name == "initial_architecture":
        return entry.architectures[0] in wanted
    if name == "any_architecture":
        return any(a in wanted for a in (getattr(config, "architectures", None) or []))
    raise RewriteError(f"unknown test {name!r} (one of {', '.join(_TESTS)})")


def _holds(rule: Mapping[str, Any], config: Any, entry: Any) -> bool:
    when = rule.get("when") or {}
    if not any(_test(name, wanted, config, entry) for name, wanted in when.items()):
        return False
    for name, path in (rule.get("and") or {}).items():
        if name == "positive":
            if not hasattr(config, path) or not getattr(config, path) > 0:
                return False
        elif name == "truthy":
            if not _path(config, path, False):
                return False
        else:
            raise RewriteError(f"unknown condition {name!r} (positive or truthy)")
    unless = rule.get("unless") or {}
    return not any(_test(name, wanted, config, entry) for name, wanted in unless.items())


# -- what a rule does --------------------------------------------------------------------


def _promote(config: Any, how: Mapping[str, Any]) -> Any:
    """The text sub-config, from now on the config rewritten."""
    quantization = getattr(config, "quantization_config", None)
    if how.get("missing", "keep") == "error":
        text = config.text_config  # AttributeError without one, as vLLM fails
    else:
        text = getattr(config, "text_config", config)
    if how.get("copy"):
        text = copy.deepcopy(text)
    if how.get("keep_quantization") and quantization is not None and getattr(
            text, "quantization_config", None) is None:
        text.quantization_config = copy.deepcopy(quantization) if how.get("copy") \
            else quantization
    return text


def _check(check: Mapping[str, Any], config: Any, entry: Any, names: dict) -> None:
    if "equal" in check:
        left, right = (_value(s, config, entry, names) for s in check["equal"])
        ok = left == right
    elif "at_least" in check:
        left, right = (_value(s, config, entry, names) for s in check["at_least"])
        ok = left >= right
    else:
        raise RewriteError(f"a check compares with equal or at_least: {check!r}")
    if not ok:
        raise ValueError(f"{check['message']} (got {left!r}, need {right!r})")


def _update_text(how: Mapping[str, Any], config: Any, entry: Any, names: dict) -> None:
    target = _source(how.get("of", "text_config"), config, entry)
    for key, spec in how["set"].items():
        if how.get("only_present") and not hasattr(target, key):
            continue
        value = _value(spec, config, entry, names)
        if target is None:
            raise AttributeError(f"the config has no text_config to set {key} on")
        setattr(target, key, value)


# -- values ----------------------------------------------------------------------------


def _source(name: str, config: Any, entry: Any) -> Any:
    """The object an attribute is read from."""
    if name == "current":
        return config
    if name == "entry":
        return entry
    if name == "text_config":
        return getattr(config, "text_config", None)
    if name == "text_config_or_self":
        return getattr(config, "text_config", config)
    if name in ("text", "hf_text"):
        text = config.get_text_config()
        # vLLM's get_hf_text_config insists a separate text config has attention heads
        if name == "hf_text" and text is not config and not hasattr(text,
                                                                    "num_attention_heads"):
            raise ValueError("the text config taken from the model config has no "
                             "num_attention_heads")
        return text
    raise RewriteError(f"unknown source {name!r}")


def _path(obj: Any, path: str, default: Any) -> Any:
    """obj.a.b (a number is an index), or `default` where a step is missing."""
    for part in path.split("."):
        if part.isdigit():
            try:
                obj = obj[int(part)]
            except (IndexError, KeyError, TypeError):
                return default
        else:
            obj = getattr(obj, part, _MISSING)
            if obj is _MISSING:
                return default
    return obj


def _value(spec: Any, config: Any, entry: Any, names: dict) -> Any:
    if isinstance(spec, list):
        return [_value(s, config, entry, names) for s in spec]
    if not isinstance(spec, Mapping):
        return spec
    kinds = [k for k in _SPECS if k in spec]
    if len(kinds) != 1 or set(spec) - {kinds[0], *_SPECS[kinds[0]]}:
        raise RewriteError(f"a value is a literal or one of {', '.join(_SPECS)} with its "
                           f"keys: {spec!r}")
    kind = kinds[0]

    def sub(s: Any) -> Any:
        return _value(s, config, entry, names)

    if kind == "value":
        return copy.deepcopy(spec["value"])
    if kind == "attr":
        source = _source(spec.get("from", "current"), config, entry)
        got = _path(source, spec["attr"], _MISSING)
        if got is not _MISSING:
            return got
        if spec.get("required"):
            raise AttributeError(f"the config has no {spec['attr']}")
        return sub(spec.get("default"))
    if kind == "ref":
        return names[spec["ref"]]
    if kind == "first":
        return next((v for v in map(sub, spec["first"]) if v is not None), None)
    if kind == "or":
        values = [sub(s) for s in spec["or"]]
        return next((v for v in values if v), values[-1])
    if kind == "int":
        return int(sub(spec["int"]))
    if kind == "len":
        return len(sub(spec["len"]))
    if kind == "repeat":
        return [sub(spec["repeat"])] * sub(spec["times"])
    if kind == "concat":
        return [item for part in spec["concat"] for item in sub(part)]
    if kind == "merge":
        merged: dict = {}
        for part in spec["merge"]:
            merged |= sub(part) or {}
        return merged
    if kind == "key":
        return (sub(spec["of"]) or {}).get(spec["key"], sub(spec.get("default")))
    # by: a value looked up in a map
    return sub(spec["map"].get(sub(spec["by"]), spec.get("default")))
