"""Located schema errors, printed as `file:line:col: message` like buf and compilers do."""

from __future__ import annotations

import ast
import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Loc:
    """Where a schema node starts: 1-based line and column, like editors show."""

    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Diagnostic:
    loc: Loc
    message: str

    def __str__(self) -> str:
        return f"{self.loc}: {self.message}"


class SchemaError(Exception):
    """One or more located problems in the schema; the compiler stops before writing."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = sorted(diagnostics, key=lambda d: (d.loc, d.message))
        super().__init__("\n".join(str(d) for d in self.diagnostics))


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """A ' (did you mean ...?)' suffix, or '' when nothing is close enough."""
    by_lower = {c.lower(): c for c in sorted(set(candidates), reverse=True)}
    matches = difflib.get_close_matches(word.lower(), sorted(by_lower), n=1, cutoff=0.6)
    return f" (did you mean {by_lower[matches[0]]!r}?)" if matches else ""


_SUGGESTION = re.compile(r" \(did you mean ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")\?\)")


def split_suggestion(message: str) -> tuple[str, str | None]:
    """A message without its did_you_mean suffix, and the name suggested (or None):
    the `suggestion` of `--format json`."""
    match = _SUGGESTION.search(message)
    if match is None:
        return message, None
    return message[:match.start()] + message[match.end():], ast.literal_eval(match[1])


class Collector:
    """Gathers diagnostics so one run reports every problem, not just the first."""

    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []

    def error(self, loc: Loc, message: str) -> None:
        self.diagnostics.append(Diagnostic(loc, message))

    def raise_if_any(self) -> None:
        if self.diagnostics:
            raise SchemaError(self.diagnostics)
