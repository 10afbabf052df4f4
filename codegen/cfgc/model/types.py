"""The schema's type language: a Python-like type expression, parsed, never evaluated.

`int | None`, `list[str]`, `dict[str, int]`, `Literal["a", "b"]`, `CacheDType`,
`PassConfig`, `Path`, `TorchDType` (a runtime type declared in the schema). We
reuse Python's parser (`ast`) for the
syntax because it is exact and well kept, then accept only the small set of shapes
below; anything else is a located error.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

BUILTIN_SCALARS = ("bool", "int", "float", "str", "bytes", "Path", "Any", "type")
CONTAINERS = {"list": 1, "set": 1, "tuple": -1, "dict": 2}


class TypeKind(StrEnum):
    """The shape of one type node. A StrEnum, so code written against the plain strings
    (`t.kind == "named"`) keeps working while callers move to the members."""

    SCALAR = "scalar"  # name in BUILTIN_SCALARS
    LITERAL = "literal"  # values
    NAMED = "named"  # an alias, enum, class or runtime type, resolved later
    CONTAINER = "container"  # name + args; tuple with `...` is variadic
    UNION = "union"  # args
    NONE = "none"


@dataclass(frozen=True)
class TypeExpr:
    """One node of a parsed type; `kind` says which of the other attributes apply."""

    kind: TypeKind
    name: str = ""
    args: tuple[TypeExpr, ...] = ()
    values: tuple[object, ...] = ()
    variadic: bool = False

    def __post_init__(self) -> None:
        if type(self.kind) is not TypeKind:  # a plain string from older callers
            object.__setattr__(self, "kind", TypeKind(self.kind))

    @property
    def is_none(self) -> bool:
        return self.kind == TypeKind.NONE

    @property
    def optional(self) -> bool:
        return self.kind == TypeKind.UNION and any(a.is_none for a in self.args)

    def without_none(self) -> TypeExpr:
        if self.kind != TypeKind.UNION:
            return self
        rest = tuple(a for a in self.args if not a.is_none)
        return rest[0] if len(rest) == 1 else TypeExpr(TypeKind.UNION, args=rest)

    def walk(self):
        yield self
        for arg in self.args:
            yield from arg.walk()

    def source(self) -> str:
        """Python source for this type, as it appears in the generated annotation."""
        if self.kind == TypeKind.NONE:
            return "None"
        if self.kind in (TypeKind.SCALAR, TypeKind.NAMED):
            return self.name
        if self.kind == TypeKind.LITERAL:
            return "Literal[" + ", ".join(repr(v) for v in self.values) + "]"
        if self.kind == TypeKind.UNION:
            return " | ".join(a.source() for a in self.args)
        inner = ", ".join(a.source() for a in self.args)
        if self.variadic:
            inner += ", ..."
        return f"{self.name}[{inner}]"


class TypeSyntaxError(ValueError):
    def __init__(self, message: str, col: int):
        super().__init__(message)
        self.col = col


@cache
def parse_type(text: str) -> TypeExpr:
    """Parse a type expression; raise TypeSyntaxError with a 0-based column on failure."""
    stripped = text.strip()
    try:
        tree = ast.parse(stripped, mode="eval")
    except SyntaxError as exc:
        raise TypeSyntaxError(
            f"cannot parse type {text!r}: {exc.msg}", (exc.offset or 1) - 1
        ) from None
    result = _convert(tree.body)
    return _flatten_union(result)


def _flatten_union(t: TypeExpr) -> TypeExpr:
    if t.kind != TypeKind.UNION:
        return t
    flat: list[TypeExpr] = []
    for arg in t.args:
        arg = _flatten_union(arg)
        flat.extend(arg.args if arg.kind == TypeKind.UNION else (arg,))
    return TypeExpr(TypeKind.UNION, args=tuple(flat))


def _convert(node: ast.expr) -> TypeExpr:
    col = getattr(node, "col_offset", 0)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return TypeExpr(TypeKind.UNION, args=(_convert(node.left), _convert(node.right)))
    if isinstance(node, ast.Constant) and node.value is None:
        return TypeExpr(TypeKind.NONE)
    if isinstance(node, ast.Name):
        if node.id in BUILTIN_SCALARS:
            return TypeExpr(TypeKind.SCALAR, name=node.id)
        if node.id in CONTAINERS:  # bare `list` means list[Any]
            n = CONTAINERS[node.id]
            args = (TypeExpr(TypeKind.SCALAR, name="Any"),) * (2 if n == 2 else 1)
            return TypeExpr(TypeKind.CONTAINER, name=node.id, args=args,
                            variadic=node.id == "tuple")
        return TypeExpr(TypeKind.NAMED, name=node.id)
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        head = node.value.id
        items = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        if head == "Literal":
            values = []
            for item in items:
                negative = (isinstance(item, ast.UnaryOp) and isinstance(item.op, ast.USub)
                            and isinstance(item.operand, ast.Constant))  # Literal[-1]
                if negative:
                    item = item.operand
                if not isinstance(item, ast.Constant) or not isinstance(
                    item.value, str | int | bool
                ) or (negative and type(item.value) is not int):
                    raise TypeSyntaxError("Literal takes str, int or bool constants", col)
                values.append(-item.value if negative else item.value)
            return TypeExpr(TypeKind.LITERAL, values=tuple(values))
        if head == "Optional":
            return TypeExpr(TypeKind.UNION, args=(_convert(items[0]), TypeExpr(TypeKind.NONE)))
        if head in CONTAINERS:
            variadic = (
                head == "tuple"
                and len(items) == 2
                and isinstance(items[1], ast.Constant)
                and items[1].value is Ellipsis
            )
            if variadic:
                items = items[:1]
            want = CONTAINERS[head]
            if want > 0 and len(items) != want:
                raise TypeSyntaxError(f"{head}[...] takes {want} type argument(s)", col)
            return TypeExpr(
                TypeKind.CONTAINER, name=head, args=tuple(_convert(i) for i in items),
                variadic=variadic,
            )
        raise TypeSyntaxError(f"unknown generic {head!r}", col)
    raise TypeSyntaxError(f"unsupported type syntax {ast.unparse(node)!r}", col)
