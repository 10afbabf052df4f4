"""How `cfgc check` and `cfgc generate` tell what went wrong, in the format asked for.

- `text` (the default): for people, as it always was: `file:line:col: message` and the
  other lines on stderr, what was written on stdout.
- `json`: for tools (editor plugins, scripts): a JSON array on stdout with one object per
  problem: `file`, `line`, `column` (1-based; null where the problem has no place, such
  as a stale file), `message`, `suggestion` (the "did you mean" name, or null) and
  `severity` (`error` or `warning`).
- `github`: GitHub Actions workflow commands on stdout, one per problem
  (`::error file=schema/cache.yaml,line=8,col=9::unknown key ...`), which GitHub shows
  on the lines of the pull request, as buf and ruff do.

In the machine formats stdout holds nothing else; the lines for people go to stderr.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import TextIO

from .errors import Diagnostic, split_suggestion

FORMATS = ("text", "json", "github")


@dataclass(frozen=True)
class Problem:
    """One problem: `text` is its line in the text format, as cfgc always printed it."""

    text: str
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    severity: str = "error"

    @classmethod
    def of(cls, diag: Diagnostic) -> Problem:
        return cls(str(diag), diag.message, diag.loc.file, diag.loc.line, diag.loc.col)

    def as_json(self) -> dict:
        message, suggestion = split_suggestion(self.message)
        return {"file": self.file, "line": self.line, "column": self.column,
                "message": message, "suggestion": suggestion, "severity": self.severity}

    def as_github(self) -> str:
        props = [f"{k}={_escape(str(v), True)}" for k, v in
                 (("file", self.file), ("line", self.line), ("col", self.column))
                 if v is not None]
        command = "warning" if self.severity == "warning" else "error"
        return f"::{command}{' ' + ','.join(props) if props else ''}::{_escape(self.message)}"


def _escape(text: str, prop: bool = False) -> str:
    """Workflow-command escaping: the data may hold newlines, a property also : and ,."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text


class Report:
    """Collects or prints a run's problems in one format; `finish()` ends the run's
    output (the JSON array is printed then)."""

    def __init__(self, fmt: str = "text", out: TextIO | None = None,
                 err: TextIO | None = None, compact: bool = False):
        self.fmt = fmt
        self.out = out or sys.stdout
        self.err = err or sys.stderr
        self.compact = compact  # JSON on one line (one array per regeneration in --watch)
        self.problems: list[Problem] = []

    def problem(self, problem: Problem) -> None:
        self.problems.append(problem)
        if self.fmt == "text":
            print(problem.text, file=self.err)
        elif self.fmt == "github":
            print(problem.as_github(), file=self.out)

    def diagnostics(self, diags: list[Diagnostic]) -> None:
        for diag in diags:
            self.problem(Problem.of(diag))

    def info(self, line: str) -> None:
        """A line for people about what was done (stdout in the text format)."""
        print(line, file=self.out if self.fmt == "text" else self.err)

    def fail(self, line: str) -> None:
        """A line for people saying why the run failed (always stderr)."""
        print(line, file=self.err)

    def finish(self) -> None:
        if self.fmt == "json":
            items = [p.as_json() for p in self.problems]
            text = json.dumps(items, separators=(",", ":")) if self.compact else \
                json.dumps(items, indent=2)
            print(text, file=self.out)
        self.out.flush()
        self.problems = []
