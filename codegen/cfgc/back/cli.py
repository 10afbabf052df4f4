"""The command-line backend: the flag table module the `vllm-config` runtime builds
argparse from, its entry module, bash/zsh completion and a JSON manifest of every flag.

Everything a flag needs at run time (name, aliases, target field, value kind, choices,
default and help text) is decided by the front end (front/flags.py, `Resolved.flags`),
so `--help` imports only the table and argparse: no pydantic, no torch, no config class.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping

from ..model.cli import first_sentence
from ..model.flags import FlagTable, ValueKind
from ..model.resolved import Resolved
from . import GENERATED_DIR
from .render import environment, header

# ---------------------------------------------------------------------------- output


def pyfmt(value: object, indent: int = 0, width: int = 99) -> str:
    """Python source for plain data, wrapped to `width` (long strings split at spaces)."""
    pad = " " * indent
    if not isinstance(value, dict | list | tuple) or len(repr(value)) + indent <= width + 8:
        one = _one_line(value)  # repr's length is a cheap upper-ish bound for the source
        if len(one) + indent <= width:
            return one
    inner = " " * (indent + 4)
    if isinstance(value, str):
        chunks, cur, size = [], "", 2  # size: length of cur as a quoted literal
        for word in re.split(r"(?<= )", value):
            wsize = len(_quote(word)) - 2
            if cur and size + wsize + indent + 4 > width:
                chunks.append(cur)
                cur, size = "", 2
            cur += word
            size += wsize
        chunks.append(cur)
        body = "".join(f"{inner}{_quote(c)}\n" for c in chunks)
        return "(\n" + body + pad + ")"
    if isinstance(value, dict):
        items = [f"{inner}{_one_line(k)}: {pyfmt(v, indent + 4, width)},\n"
                 for k, v in value.items()]
        return "{\n" + "".join(items) + pad + "}"
    if isinstance(value, list | tuple):
        items = [f"{inner}{pyfmt(v, indent + 4, width)},\n" for v in value]
        o, c = ("[", "]") if isinstance(value, list) else ("(", ")")
        return o + "\n" + "".join(items) + pad + c
    return _one_line(value)


_quote = json.encoder.encode_basestring  # a JSON string literal is a Python one too


def _one_line(value: object) -> str:
    if isinstance(value, str):
        return _quote(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_one_line(k)}: {_one_line(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_one_line(v) for v in value) + "]"
    if isinstance(value, tuple):
        return "(" + ", ".join(_one_line(v) for v in value) + ("," if len(value) == 1 else "") \
            + ")"
    return repr(value)


def manifest(table: FlagTable, prog: str, version: int) -> str:
    flags = []
    for fl in table.flags:
        entry = {
            "name": fl.flag, "aliases": list(fl.aliases),
            "negations": list(fl.negatives), "group": fl.group,
            "target": fl.target, "type": fl.type, "kind": str(fl.kind),
            "container": fl.container or "", "nargs": fl.nargs,
            "choices": list(fl.choices or ()), "open_choices": bool(fl.open),
            "optional": fl.optional, "default": fl.default,
            "human_int": fl.human_int, "requires": fl.requires,
            "deprecated": fl.deprecated or "", "help": fl.help,
        }
        flags.append(entry)
    head = {"generated_from": "schema/", "prog": prog, "schema_version": version,
            "groups": [{"name": g, "summary": s} for g, s, _ in table.groups]}
    # one flag per line: reviewable diffs, and json's C encoder (indent= is pure Python)
    body = ",\n".join("  " + json.dumps(f, ensure_ascii=False) for f in flags)
    return json.dumps(head, ensure_ascii=False)[:-1] + ', "flags": [\n' + body + "\n]}\n"


def _zsh_escape(text: str) -> str:
    return (text.replace("\\", "\\\\").replace("'", "'\\''").replace("[", "\\[")
            .replace("]", "\\]").replace(":", "\\:"))


_SAFE_WORD = re.compile(r"^[A-Za-z0-9_.:+/@%=,-]+$")


def safe_words(words: Iterable[object]) -> str:
    """Completion words, space-separated, keeping only words no shell can expand.

    compgen -W expands its word list (so quoting cannot protect it) and zsh's action
    lists split on spaces: a choice with other characters is still accepted by the
    CLI, it is just not offered on TAB.
    """
    return " ".join(str(w) for w in words if _SAFE_WORD.match(str(w)))


def completion_views(table: FlagTable) -> list[dict]:
    views = []
    for fl in table.flags:
        words = list(fl.choices or ())
        if fl.optional and words:
            words.append("None")
        summary = first_sentence(fl.help) if fl.help else ""
        views.append({
            "names": [fl.flag, *fl.aliases], "negatives": list(fl.negatives),
            "words": safe_words(words), "takes_value": fl.kind.takes_value,
            "file": fl.kind == ValueKind.STR and ("path" in fl.field or "dir" in fl.field),
            "summary": _zsh_escape(summary[:120]),
        })
    return views


def emit(res: Resolved, outputs: Mapping[str, str]) -> dict[str, str]:
    """The CLI outputs of the flag table (`res.flags`), by path from the project root."""
    table = res.flags
    env = environment()  # the package backend's: same settings, cached template bytecode
    pkg = res.schema.package
    prog = res.schema.command
    views = completion_views(table)
    group_words = safe_words(sorted({g.lower() for g, _, _ in table.groups} | {"all"}))
    out = {
        f"{pkg}/_cli_table.py": env.get_template("cli_table.py.jinja").render(
            header=header("schema/"), prog=prog, version=res.schema.version,
            release=repr(res.schema.release), releases=pyfmt(res.schema.releases),
            shared=len(res.schema.releases) > 1, package=pkg,
            roots=pyfmt(table.roots), groups=pyfmt(table.groups),
            platforms=pyfmt(_platform_names(res)),
            platform_env=repr(res.schema.platform_set.env if res.schema.platform_set else ""),
            classes=pyfmt(table.classes), flags=pyfmt(table.runtime_rows),
        ),
        f"{pkg}/__main__.py": env.get_template("cli_main.py.jinja").render(
            header=header("schema/"), prog=prog, package=pkg,
        ),
        f"{pkg}/cli_manifest.json": manifest(table, prog, res.schema.version),
        f"completions/{prog}.bash": env.get_template("cli_bash.jinja").render(
            header=header("schema/"), prog=prog, func="_" + pkg, flags=views,
            group_words=group_words, platforms=_platform_names(res),
        ),
        f"completions/_{prog}": env.get_template("cli_zsh.jinja").render(
            header=header("schema/"), prog=prog, func="_" + pkg, flags=views,
            group_words=group_words, platforms=_platform_names(res),
        ),
    }
    return {f"{GENERATED_DIR}/{rel}": content for rel, content in out.items()}


def _platform_names(res: Resolved) -> tuple[str, ...]:
    """The platform profiles, the default first (empty without a platforms section)."""
    ps = res.schema.platform_set
    if ps is None:
        return ()
    return (ps.default, *(n for n in ps.names if n != ps.default))
