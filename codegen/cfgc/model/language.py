"""The words to describe the schema language as data: records of keys, each key with the
shape of its value, its allowed values and a one-line meaning.

`model/schema_language.py` describes the whole language with them, once. The parser
checks keys against it (`front/reader.py`: unknown keys and did-you-mean), the JSON
Schema that editors read is generated from it (`back/language_schema.py`), and so is
the key reference of `docs/guide/schema.md` (`back/language_docs.py`). Like LinkML's
metamodel, the language's own shape is data that the tools read, not code each repeats.
"""

from __future__ import annotations

from dataclasses import dataclass


class Shape:
    """What a value may be."""


@dataclass(frozen=True)
class Text(Shape):
    """A string; `pattern` (a regular expression, searched) narrows it, `what` names it."""

    what: str = "a string"
    pattern: str = ""
    nonempty: bool = False


@dataclass(frozen=True)
class Expression(Shape):
    """An expression of the expression language (a string; a bare number is one too)."""


@dataclass(frozen=True)
class Integer(Shape):
    minimum: int | None = None


@dataclass(frozen=True)
class Number(Shape):
    positive: bool = False


@dataclass(frozen=True)
class Flag(Shape):
    """true or false."""


@dataclass(frozen=True)
class Const(Shape):
    """Exactly this value (`unset: true`, `none: false`)."""

    value: object


@dataclass(frozen=True)
class Anything(Shape):
    """Any YAML value (a default, a fill value)."""

    what: str = "any value"


@dataclass(frozen=True)
class Choice(Shape):
    """One of a fixed set of values, each with its meaning."""

    values: tuple[tuple[object, str], ...]

    def names(self) -> tuple:
        return tuple(v for v, _ in self.values)

    def meaning(self, value: object) -> str:
        return dict(self.values)[value]


@dataclass(frozen=True)
class ListOf(Shape):
    """A list; with `single`, one item may also stand alone (`validate: lower`)."""

    item: Shape
    single: bool = False
    min_items: int = 0


@dataclass(frozen=True)
class MapOf(Shape):
    """A mapping from names the schema chooses (`key`) to values (`value`)."""

    value: Shape
    key: Shape = Text("a name")


@dataclass(frozen=True)
class Ref(Shape):
    """A mapping described by the record of this name."""

    record: str


@dataclass(frozen=True)
class Either(Shape):
    """Any of these shapes (`hash: include` or `hash: {exclude: ...}`)."""

    options: tuple[Shape, ...]


@dataclass(frozen=True)
class Tagged(Shape):
    """A list item whose kind is the first of `among` that it has as a key, each kind
    a record; `plain`, when set, is what an item that is a bare string may be (a
    validator's name). A kind of `among` without a record is refused here."""

    kinds: tuple[tuple[str, str], ...]
    among: tuple[str, ...] = ()
    plain: Choice | None = None
    what: str = "an item"

    @property
    def order(self) -> tuple[str, ...]:
        """The kinds in the order an item's kind is looked for."""
        return self.among or self.allowed

    @property
    def allowed(self) -> tuple[str, ...]:
        return tuple(k for k, _ in self.kinds)

    def record_of(self, kind: str) -> str:
        return dict(self.kinds)[kind]


@dataclass(frozen=True)
class Key:
    """One key of a record: its value's shape, its meaning in one line, an example
    (the key and a value as one line of YAML), and more words for the reference."""

    name: str
    shape: Shape
    doc: str
    example: str
    required: bool = False
    details: str = ""


@dataclass(frozen=True)
class Record:
    """A mapping of the schema with a fixed set of keys.

    Besides the keys: `exactly_one` (exactly one of these keys is present),
    `at_least_one`, `needs` (key -> keys that must then be present too), `excludes`
    (key -> keys that must then be absent) and `warn_only` (keys that go only with
    `warn:`). `open` names keys the schema itself declares (a platform profile's
    attribute values): any other key is then allowed. `history`: the record may carry
    the release keys `added`, `removed` and `changed`.
    """

    name: str
    title: str
    where: str
    doc: str
    keys: tuple[Key, ...]
    exactly_one: tuple[str, ...] = ()
    at_least_one: tuple[str, ...] = ()
    needs: tuple[tuple[str, tuple[str, ...]], ...] = ()
    excludes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    warn_only: tuple[str, ...] = ()
    open: str = ""
    history: bool = True

    def names(self) -> tuple[str, ...]:
        return tuple(k.name for k in self.keys)

    def key(self, name: str) -> Key:
        return next(k for k in self.keys if k.name == name)

    def required(self) -> tuple[str, ...]:
        return tuple(k.name for k in self.keys if k.required)


@dataclass(frozen=True)
class ChangeKey:
    """A key only a release's change holds (`changed: {"0.33.0": {...}}`), beside the
    record's own keys: it edits the entry as it was in the release before instead of
    restating a key. `edits` names the record key it edits, and the records it belongs
    to are those with that key (of shape `shape`, when given); '' for every record with
    history."""

    key: Key
    edits: str = ""
    shape: type[Shape] | None = None

    def applies(self, record: Record) -> bool:
        if not record.history:
            return False
        if not self.edits:
            return True
        if self.edits not in record.names():
            return False
        return self.shape is None or isinstance(record.key(self.edits).shape, self.shape)


@dataclass(frozen=True)
class Language:
    """Every record, the top one (a schema file) first, the release keys (`added`,
    `removed`, `changed`) that every record with `history` may carry, and the keys a
    release's change may hold besides the record's own (`values`, `without`, ...)."""

    records: tuple[Record, ...]
    history_keys: tuple[Key, ...]
    change_keys: tuple[ChangeKey, ...] = ()

    def change_keys_of(self, record: Record) -> tuple[Key, ...]:
        """The change keys a release's change of `record` may hold."""
        return tuple(c.key for c in self.change_keys if c.applies(record))

    @property
    def top(self) -> Record:
        return self.records[0]

    def record(self, name: str) -> Record:
        return next(r for r in self.records if r.name == name)


def refs(shape: Shape) -> list[str]:
    """The records a shape names, directly or inside lists, mappings and options."""
    if isinstance(shape, Ref):
        return [shape.record]
    if isinstance(shape, ListOf):
        return refs(shape.item)
    if isinstance(shape, MapOf):
        return refs(shape.value)
    if isinstance(shape, Either):
        return [r for o in shape.options for r in refs(o)]
    if isinstance(shape, Tagged):
        return [r for _, r in shape.kinds]
    return []
