"""Reading one flag value from the command line, and writing one back.

A flag's table entry says how its value is read (`kind`); each reader returns a Python
value or raises `BadValue` with what is allowed, which the caller turns into one line
naming the flag. `to_tokens` is the inverse, used for `--config` files and round trips.
Only the standard library here: this runs before any config class is imported.
"""

from __future__ import annotations

import enum
import json
import re

_HUMAN = re.compile(r"(\d+(?:\.\d+)?)([kKmMgGtT])", re.ASCII)
_INT = re.compile(r"[+-]?[0-9]+")  # no "1_0", no full-width digits (int() takes both)
_FLOAT = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")  # finite only
_DECIMAL = {"k": 10**3, "m": 10**6, "g": 10**9, "t": 10**12}
_BINARY = {"K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
_JSON_NUMBER = re.compile(r"\b\d+(?:\.\d+)?[kKmMgGtT]\b")
_JSON_STRING = re.compile(r'("(?:[^"\\]|\\.)*")')
NONE_WORDS = ("None", "")


class CliError(Exception):
    """A bad command line or config file: reported as one line, exit status 2."""


class BadValue(ValueError):
    """The value cannot be read; the message says what is allowed."""


class EnumRef:
    """An enum member chosen by name, resolved to the member when classes are built
    (the table holds names and values only, never the enum classes)."""

    __slots__ = ("enum", "name")

    def __init__(self, enum_name: str, name: str):
        self.enum = enum_name
        self.name = name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EnumRef) and (other.enum, other.name) == (self.enum, self.name)

    def __hash__(self) -> int:
        return hash((self.enum, self.name))

    def __repr__(self) -> str:
        return self.name


def human_int(text: str) -> int:
    """'25.6k' -> 25600, '1K' -> 1024, '4096' -> 4096 (vLLM's human_readable_int)."""
    text = text.strip()
    match = _HUMAN.fullmatch(text)
    if match:
        number, suffix = match.groups()
        if suffix in _DECIMAL:
            return int(float(number) * _DECIMAL[suffix])
        if "." in number:
            raise BadValue(f"decimals are not allowed with the binary suffix {suffix} "
                           f"(did you mean {number}{suffix.lower()}?)")
        return int(number) * _BINARY[suffix]
    return strict_int(text)


def strict_int(text: str) -> int:
    if not _INT.fullmatch(text.strip()):
        raise ValueError(text)
    return int(text)


def expand_json_numbers(text: str) -> str:
    """Human-readable ints as bare JSON tokens ({"kv_buffer_size": 80m}), outside strings."""
    parts = _JSON_STRING.split(text)
    for i in range(0, len(parts), 2):
        parts[i] = _JSON_NUMBER.sub(lambda m: str(human_int(m.group())), parts[i])
    return "".join(parts)


def normalise(entry: dict, value: object) -> object:
    """The field's declarative string normalisers (lower, dash_to_underscore, ...)."""
    for step in entry.get("normalise", ()):
        if not isinstance(value, str):
            break
        if isinstance(step, list):  # ["shorthand", {spelling: value}]
            value = step[1].get(value, value)
        elif step == "lower":
            value = value.lower()
        elif step == "upper":
            value = value.upper()
        elif step == "strip":
            value = value.strip()
        elif step == "dash_to_underscore":
            value = value.replace("-", "_")
        elif step == "auto_to_none" and value.lower() == "auto":
            value = None
    return value


def allowed(entry: dict) -> str:
    """What the flag accepts, in words, for error messages."""
    kind = entry["kind"]
    if kind in ("choice", "enum"):
        words = list(entry["choices"]) + (["None"] if entry.get("optional") else [])
        text = "one of " + ", ".join(words)
        values = entry.get("enum_values", {}).values()
        if values and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            text += " (or " + ", ".join(map(str, values)) + ")"
        return text + " (or any string)" if entry.get("open") else text
    text = {
        "int": "an integer" + (" (4096, 4k = 4000 or 4K = 4096)" if entry.get("human_int")
                               else ""),
        "float": "a finite number",
        "json": "a JSON object",
        "dict": "a JSON object",
        "dict_or_str": "a JSON object or a string",
    }.get(kind, "a string")
    if entry.get("auto_int"):
        text += ", 'auto' or -1"
    if entry.get("optional"):
        text += ", or None"
    return text


def read(entry: dict, raw: str) -> object:
    """One command-line token -> its value (one element for list flags)."""
    kind = entry["kind"]
    if entry.get("optional") and raw in NONE_WORDS and not entry.get("container"):
        return None
    if kind in ("str", "flag_or_str"):
        if not raw.strip() and isinstance(entry.get("default"), str) and entry["default"]:
            raise BadValue("expected a non-empty string")  # --model '' means nothing
        return normalise(entry, raw)
    if kind == "int":
        if entry.get("auto_int") and raw.strip().lower() in ("auto", "-1"):
            return -1
        try:
            value = human_int(raw) if entry.get("human_int") else strict_int(raw)
        except BadValue:
            raise
        except ValueError:
            raise BadValue(f"expected {allowed(entry)}") from None
        if not -(2**63) <= value < 2**63:
            raise BadValue("expected an integer within the 64-bit range")
        return value
    if kind == "float":
        if not _FLOAT.fullmatch(raw.strip()) or abs(float(raw)) == float("inf"):
            raise BadValue(f"expected {allowed(entry)}")
        return float(raw)
    if kind == "choice":
        value = normalise(entry, raw)
        if not isinstance(value, str):
            return value  # a shorthand gave the final value (or auto -> None)
        if entry.get("literal_type") == "int":
            if value in entry["choices"]:
                return int(value)
        elif value in entry["choices"] or entry.get("open"):
            return value
        raise BadValue(f"expected {allowed(entry)}")
    if kind == "enum":
        value = normalise(entry, raw)
        if not isinstance(value, str):
            return value
        values = entry["enum_values"]
        for name, member_value in values.items():
            if value.upper() == name.upper() or value == str(member_value):
                return EnumRef(entry["enum"], name)
        if entry.get("open"):
            return value
        raise BadValue(f"expected {allowed(entry)}")
    if kind == "dict_or_str":
        if not re.match(r"(?s)^\s*{.*}\s*$", raw):
            return raw
        return read_json(entry, raw)
    if kind in ("json", "dict"):
        return read_json(entry, raw)
    raise BadValue(f"unsupported flag kind {kind!r}")


def read_json(entry: dict, raw: str) -> object:
    text = expand_json_numbers(raw) if entry["kind"] == "json" else raw
    try:
        value = json.loads(text)
    except ValueError as exc:
        raise BadValue(f"expected {allowed(entry)}: {exc}") from None
    if value is None and entry.get("optional"):
        return None
    if not isinstance(value, dict):
        raise BadValue(f"expected {allowed(entry)}, not {type(value).__name__}")
    return value


def read_dotted(raw: str) -> object:
    """A value after a dotted key (-cc.mode 3): JSON, else a human int, else the text."""
    try:
        return json.loads(raw)
    except ValueError:
        pass
    try:
        return human_int(raw)
    except ValueError:
        return raw


def _text(value: object) -> str:
    if isinstance(value, enum.Enum | EnumRef):
        return value.name
    if isinstance(value, dict | list) or value is None:
        return json.dumps(value) if value is not None else "None"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def to_tokens(entry: dict, value: object, option: str | None = None) -> list[str]:
    """argv tokens that give `value` to this flag (inverse of `read`)."""
    option = option or entry["flag"]
    kind = entry["kind"]
    if kind in ("bool", "enable"):
        if not isinstance(value, bool):
            raise BadValue("expected true or false")
        return [option] if value else [entry["negatives"][0]]
    if kind == "flag_or_str" and value is True:
        return [option]
    if value is None:
        return [option, "None"]
    if entry.get("container"):
        if not isinstance(value, list | tuple | set | frozenset):
            return [option, _text(value)]
        items = sorted(value, key=str) if isinstance(value, set | frozenset) else list(value)
        if not items:
            raise BadValue("an empty list cannot be given on the command line")
        return [option, *(_text(v) for v in items)]
    if kind in ("json", "dict", "dict_or_str") and isinstance(value, dict):
        return [option, json.dumps(value)]
    if isinstance(value, float) and value.is_integer() and kind == "float":
        return [option, repr(value)]
    return [option, _text(value)]


def suggest(word: str, candidates: list[str]) -> str:
    import difflib

    match = difflib.get_close_matches(word, candidates, n=1, cutoff=0.6)
    return f" (did you mean {match[0]}?)" if match else ""
