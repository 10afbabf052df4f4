"""An expression of the schema as written: its text, where it is, its syntax tree.

`parse` accepts only the constructs of the expression language (a small, safe subset of
Python expressions, parsed with `ast` and never evaluated); what the names mean and
whether the types fit is the front end's check (cfgc.front.expr). The docs show
`display`, `cfgc diff` compares `shape`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from ..errors import Collector, Loc

_ARITH = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
          ast.Mod: "%"}
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


@dataclass(frozen=True)
class Expr:
    """One expression of the schema, as written, with where it came from."""

    text: str
    loc: Loc
    tree: ast.Expression = field(compare=False, repr=False)

    @property
    def shape(self) -> str:
        """Structure without formatting: equal for `a+b` and `a + b` (for `cfgc diff`)."""
        return ast.dump(self.tree.body)

    @property
    def names(self) -> frozenset[str]:
        """Every bare name the expression reads (fields, locals, helpers alike)."""
        return frozenset(n.id for n in ast.walk(self.tree) if isinstance(n, ast.Name))

    @property
    def display(self) -> str:
        """Readable one-line text for docs and messages."""
        return " ".join(self.text.split())


def parse(text: object, loc: Loc, errors: Collector, what: str) -> Expr | None:
    """Parse one expression; a syntax error or an unsupported construct is located."""
    if isinstance(text, bool) or not isinstance(text, str | int | float):
        errors.error(loc, f"{what} must be an expression (a string)")
        return None
    text = str(text)
    # Eight releases parse the same expressions again and again; a tree that passed is
    # kept by its text (trees are only read, never changed, after parsing).
    tree = _CHECKED_TREES.get(text.strip())
    if tree is not None:
        return Expr(text.strip(), loc, tree)
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        errors.error(_at(loc, exc.lineno or 1, (exc.offset or 1) - 1),
                     f"{what}: cannot parse {text.strip()!r}: {exc.msg}")
        return None
    for node in ast.walk(tree.body):
        if not isinstance(node, _ALLOWED):
            errors.error(_node_loc(loc, node, text), f"{what}: {type(node).__name__.lower()} "
                         f"({ast.unparse(node)!r}) is not part of the expression language")
            return None
    _CHECKED_TREES[text.strip()] = tree
    return Expr(text.strip(), loc, tree)


#: Trees of expressions that parsed and use only the language's constructs, by text.
_CHECKED_TREES: dict[str, ast.Expression] = {}


_ALLOWED = (ast.Name, ast.Attribute, ast.Constant, ast.Tuple, ast.List, ast.Dict, ast.BitOr,
            ast.BinOp, ast.UnaryOp,
            ast.BoolOp, ast.Compare, ast.IfExp, ast.Call, ast.GeneratorExp, ast.comprehension,
            ast.ListComp, ast.SetComp, ast.DictComp,
            ast.Load, ast.Store, ast.And, ast.Or, ast.Not, ast.USub, ast.UAdd, *_ARITH,
            ast.Eq, ast.NotEq, *_ORDER, ast.In, ast.NotIn, ast.Is, ast.IsNot, ast.Subscript,
            ast.Slice, ast.keyword)


def _at(loc: Loc, line: int, col: int) -> Loc:
    return Loc(loc.file, loc.line + line - 1, (loc.col if line == 1 else 1) + col)


def _node_loc(loc: Loc, node: ast.AST, text: str = "") -> Loc:
    """Where `node` is in the file. A long expression was likely folded over several
    YAML lines, where columns no longer map: then the expression's start."""
    if len(text) > 80:
        return loc
    return _at(loc, getattr(node, "lineno", 1), getattr(node, "col_offset", 0))
