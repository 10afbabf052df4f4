"""The JSON Schema of the schema language, for editors.

yaml-language-server (VS Code's YAML extension, and the LSP clients of other editors)
reads it through the modeline every schema file starts with,
`# yaml-language-server: $schema=../generated/schema-language.json`, and then completes
keys, shows each key's meaning on hover and underlines a wrong key, type or value as
you type, at the place `cfgc` reports it. Like the parser's key checks and the
reference in docs/guide/schema.md, it is generated from the description of the
language (model/schema_language.py), so the three never disagree. Draft-07, the draft
yaml-language-server implements fully.
"""

from __future__ import annotations

import json

from ..model.language import (
    Anything,
    Choice,
    Const,
    Either,
    Expression,
    Flag,
    Integer,
    Key,
    Language,
    ListOf,
    MapOf,
    Number,
    Record,
    Ref,
    Shape,
    Tagged,
    Text,
)
from ..model.schema_language import LANGUAGE

PATH = "generated/schema-language.json"
#: The first line of every schema file: how yaml-language-server finds the JSON Schema
#: (a path relative to the file).
MODELINE = "# yaml-language-server: $schema=../generated/schema-language.json"
_CHANGES = ".changes"  # the definition of a record's keys as a release's `changed:` holds them


def emit() -> dict[str, str]:
    """The JSON Schema file, by its path from the project root."""
    return {PATH: json.dumps(schema(), indent=1, ensure_ascii=False) + "\n"}


def schema(language: Language = LANGUAGE) -> dict:
    """The JSON Schema of one schema file."""
    defs: dict[str, dict] = {}
    for record in language.records[1:]:
        defs[record.name] = _record(record, language, partial=False)
        if record.history:
            defs[record.name + _CHANGES] = _record(record, language, partial=True)
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "cfgc schema file",
        **_record(language.top, language, partial=False),
        "definitions": defs,
    }


def _record(record: Record, language: Language, partial: bool) -> dict:
    props = {key.name: _key(key, language, partial) for key in record.keys}
    if partial:  # a release's change may also edit the entry as it was (`values`, ...)
        for key in language.change_keys_of(record):
            props[key.name] = _key(key, language, False)
    if record.history:
        for key in language.history_keys:
            props[key.name] = _key(key, language, partial)
        props["changed"]["additionalProperties"] = _ref(record.name + _CHANGES)
    out: dict = {"type": "object", "description": record.doc, "properties": props}
    if not record.open:
        out["additionalProperties"] = False
    if partial:  # a release's changes: any of the keys, merged into the entry
        return out
    if record.required():
        out["required"] = list(record.required())
    rules = _constraints(record)
    if rules:
        out["allOf"] = rules
    return out


def _constraints(record: Record) -> list[dict]:
    """The record's rules across keys, each failing where `cfgc` reports it: a missing
    key at the mapping, a key that may not be there at that key."""
    rules: list[dict] = []
    if record.exactly_one:
        rules.append({"oneOf": [{"required": [k]} for k in record.exactly_one]})
    if record.at_least_one:
        rules.append({"anyOf": [{"required": [k]} for k in record.at_least_one]})
    deps: dict[str, dict] = {}
    for key, needed in record.needs:
        deps.setdefault(key, {})["required"] = list(needed)
    for key, absent in record.excludes:
        deps.setdefault(key, {}).setdefault("properties", {}).update(
            {k: _refused(f"{k} goes without {key}") for k in absent})
    if deps:
        rules.append({"dependencies": deps})
    if record.warn_only:
        rules.append({"if": {"not": {"required": ["warn"]}},
                      "then": {"properties": {k: _refused(f"{k} goes only with warn")
                                              for k in record.warn_only}}})
    return rules


def _refused(why: str) -> dict:
    """A schema no value passes, with the message yaml-language-server shows for it
    (`not: {}` rather than `false`: validators place its error at the value)."""
    return {"not": {}, "errorMessage": why}


def _key(key: Key, language: Language, partial: bool) -> dict:
    text = key.doc + (f"\n\n{key.details}" if key.details else "")
    doc = {"description": key.doc,
           "markdownDescription": f"{text}\n\n```yaml\n{key.example}\n```"}
    shape = _shape(key.shape, language, partial)
    if "$ref" in shape:  # draft-07 ignores a $ref's siblings: keep the doc beside it
        return {**doc, "allOf": [shape]}
    return {**doc, **shape}


def _ref(name: str) -> dict:
    return {"$ref": f"#/definitions/{name}"}


def _shape(shape: Shape, language: Language, partial: bool = False) -> dict:
    if isinstance(shape, Text):
        out: dict = {"type": "string"}
        if shape.pattern:
            out["pattern"] = shape.pattern
        if shape.nonempty:
            out["minLength"] = 1
        return out
    if isinstance(shape, Expression):
        return {"type": ["string", "number"]}
    if isinstance(shape, Integer):
        out = {"type": "integer"}
        if shape.minimum is not None:
            out["minimum"] = shape.minimum
        return out
    if isinstance(shape, Number):
        return {"type": "number", **({"exclusiveMinimum": 0} if shape.positive else {})}
    if isinstance(shape, Flag):
        return {"type": "boolean"}
    if isinstance(shape, Const):
        return {"const": shape.value}
    if isinstance(shape, Anything):
        return {}
    if isinstance(shape, Choice):
        return {"enum": list(shape.names()),
                "enumDescriptions": [meaning for _, meaning in shape.values]}
    if isinstance(shape, ListOf):
        array: dict = {"type": "array", "items": _shape(shape.item, language)}
        if shape.min_items:
            array["minItems"] = shape.min_items
        if shape.single:
            return _by_type([array, _shape(shape.item, language)])
        return array
    if isinstance(shape, MapOf):
        out = {"type": "object", "additionalProperties": _shape(shape.value, language,
                                                                partial)}
        names = _shape(shape.key, language)
        names.pop("type", None)
        names.pop("enumDescriptions", None)
        if names:
            out["propertyNames"] = names
        return out
    if isinstance(shape, Ref):
        record = language.record(shape.record)
        return _ref(shape.record + (_CHANGES if partial and record.history else ""))
    if isinstance(shape, Either):
        return _by_type([_shape(o, language, partial) for o in shape.options])
    if isinstance(shape, Tagged):
        return _tagged(shape, language)
    raise TypeError(f"no JSON Schema for {shape!r}")


def _is_object(schema: dict) -> bool:
    return schema.get("type") == "object" or "$ref" in schema


def _by_type(options: list[dict]) -> dict:
    """Options told apart by their JSON type where they can be (a mapping against a
    scalar, a list against one item), so a mistake inside the mapping is reported at
    its key rather than as "matches no option" at the whole value."""
    for test, pick in ((_is_object, {"type": "object"}),
                       (lambda s: s.get("type") == "array", {"type": "array"})):
        chosen = [o for o in options if test(o)]
        if len(chosen) == 1 and len(options) > 1:
            rest = [o for o in options if o is not chosen[0]]
            return {"if": pick, "then": chosen[0],
                    "else": rest[0] if len(rest) == 1 else _by_type(rest)}
    return {"anyOf": options}


def _tagged(tagged: Tagged, language: Language) -> dict:
    """An item named by its first key of `order`: each kind's record applies (a kind
    refused here fails the item), an item with none fails as a whole."""
    chain: dict = {"anyOf": [{"required": [k]} for k in tagged.allowed]}
    for kind in reversed(tagged.order):
        then = _ref(tagged.record_of(kind)) if kind in tagged.allowed else \
            _refused(f"{tagged.what} cannot be {kind!r} here")
        chain = {"if": {"required": [kind]}, "then": then, "else": chain}
    # The kinds as properties too, so an editor completes them in a new item.
    kinds = {k: {"description": language.record(tagged.record_of(k)).doc}
             for k in tagged.allowed}
    item = {"type": "object", "properties": kinds, **chain}
    if tagged.plain is None:
        return item
    return {"if": {"type": "string"}, "then": _shape(tagged.plain, language), "else": item}
