"""One command-line flag as the compiler sees it, shared by the CLI emitter (the parser's
data, completions, manifest), the docs emitter (the CLI reference) and `cfgc diff`.

A typed record instead of a string-keyed dict, so a misspelled key is an error at the
line that makes it, not a silently missing value three modules later. The runtime parser
still reads plain dicts (importing this module would cost `--help` its speed), so
`runtime_dict()` is the one place that decides which keys the generated table carries.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from functools import cached_property

from ..errors import Loc


class ValueKind(StrEnum):
    """How a flag reads its value (the runtime's `entry["kind"]`)."""

    BOOL = "bool"  # --x / --no-x
    FLAG_OR_STR = "flag_or_str"  # bool | str: bare flag means True, else the string
    CHOICE = "choice"  # a Literal's values
    ENUM = "enum"  # an enum's member names
    INT = "int"
    FLOAT = "float"
    DICT = "dict"  # JSON object
    DICT_OR_STR = "dict_or_str"  # JSON object, or a plain string
    STR = "str"
    JSON = "json"  # a whole nested config: JSON or dotted keys
    ENABLE = "enable"  # --enable-x: builds an optional config class

    @property
    def takes_value(self) -> bool:
        return self not in (ValueKind.BOOL, ValueKind.ENABLE)


@dataclass(frozen=True)
class ValueSpec:
    """How a flag of a given type takes its value (model/cli.py's value_spec decides)."""

    kind: ValueKind
    optional: bool = False  # also accepts None
    json_class: str | None = None  # kind JSON: the class built
    enum: str | None = None  # kind ENUM: the enum's name
    choices: tuple[str, ...] | None = None  # CHOICE / ENUM: the accepted spellings
    literal_type: str | None = None  # CHOICE: "int" or "str"
    open: bool | None = None  # CHOICE / ENUM: other strings are accepted too
    container: str | None = None  # list / set / tuple of the above
    nargs: int | str | None = None  # with container: "+" or a tuple's length


@dataclass(frozen=True)
class FlagSpec:
    """One flag: its spellings, the field (or class) it sets and how it reads its value.

    Field order is the key order of the generated table. `None` (and False for the
    three marker booleans) means "absent": the key is left out of the table, as the
    runtime reads those keys with `.get`.
    """

    flag: str
    aliases: tuple[str, ...]
    negatives: tuple[str, ...]
    group: str
    target: str  # Class.field, or Class for a JSON / enable flag
    cls: str
    field: str  # "" for a JSON / enable flag
    root: str
    path: tuple[str, ...]  # field path from the root class
    type: str  # the schema's type text (docs and manifest; not the runtime table)
    loc: Loc  # where the schema declares it (cfgc diff; not in any output)
    optional: bool
    kind: ValueKind
    json_class: str | None = None
    enum: str | None = None
    choices: tuple[str, ...] | None = None
    literal_type: str | None = None
    open: bool | None = None
    container: str | None = None
    nargs: int | str | None = None
    normalise: tuple | None = None  # str steps, or ("shorthand", ((from, to), ...))
    comma_list: bool = False
    human_int: bool = False
    auto_int: bool = False
    exclusive: bool = False  # rejected together with the same key of the class's JSON flag
    metavar: str | None = None
    deprecated: str | None = None  # the deprecation message
    replacement: str | None = None  # with deprecated: what to use instead ("" if none)
    requires: str = ""  # the enable flag this flag needs
    default: str = ""  # as --help shows it; "" for none
    help: str = ""  # the rendered --help text (the docs show the same)
    dest: str = ""  # argparse dest, assigned once the table is complete
    enum_values: tuple[tuple[str, object], ...] | None = None  # kind ENUM: name -> value
    also: tuple | None = None  # (root, path): a second place the value goes (`cli.also`)

    def spellings(self) -> tuple[tuple[str, str], ...]:
        """Every spelling with its role, as `cfgc diff` reports them."""
        if self.kind == ValueKind.JSON and not self.field:
            return ((self.flag, "JSON flag"),
                    *((a, "JSON flag alias") for a in self.aliases))
        return ((self.flag, "flag"), *((a, "alias") for a in self.aliases),
                *((n, "negative flag") for n in self.negatives))

    def runtime_dict(self) -> dict:
        """The plain-data entry of the generated `_cli_table.FLAGS`."""
        out: dict = {}
        for f in fields(self):
            name = f.name
            if name in ("type", "loc"):
                continue
            value = getattr(self, name)
            if name in ("comma_list", "human_int", "auto_int", "exclusive"):
                if value:
                    out[name] = True
                continue
            if name == "replacement":
                if self.deprecated is not None:
                    out[name] = value
                continue
            if name == "metavar" and not value:
                continue
            if value is None:
                continue
            if name == "kind":
                value = str(value)
            elif name == "normalise":
                value = [step if isinstance(step, str) else [step[0], dict(step[1])]
                         for step in value]
            elif name == "enum_values":
                value = dict(value)
            out[name] = value
        return out


@dataclass(frozen=True)
class FlagTable:
    """The whole command line: help groups, flags in help order, and the class layout
    the runtime builds configs from."""

    groups: tuple[tuple[str, str, str], ...]  # (name, one-line summary, description)
    flags: tuple[FlagSpec, ...]
    classes: dict  # class -> {module, root, path, fields[, fill, from_parent, factories]}
    roots: tuple[str, ...]

    @cached_property
    def runtime_rows(self) -> tuple[dict, ...]:
        """Every flag's `runtime_dict()`: the entries of the generated table, which the
        explain and JSON Schema backends read too."""
        return tuple(fl.runtime_dict() for fl in self.flags)
