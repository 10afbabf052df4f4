"""What the backends that write files from templates share: the Jinja environment
(templates in cfgc/templates, compiled bytecode cached per user), the generated-file
header, and docstrings that survive any text."""

from __future__ import annotations

import re

import jinja2

from ..files import cache_root
from ..model.python import py_literal, type_source


def header(source: str, comment: str = "#") -> str:
    return f"{comment} Generated from {source} by cfgc; do not edit."


def docstring(text: str, indent: int) -> str:
    """A triple-quoted docstring that survives any text (quotes, backslashes, braces)."""
    body = escape_doc(text.strip())
    pad = " " * indent
    if "\n" not in body:  # one line stays one line, however long (docs are kept exact)
        return f'"""{body}"""'
    lines = body.split("\n")
    return '"""' + lines[0] + "".join(
        "\n" + (pad + line if line.strip() else "") for line in lines[1:]
    ) + "\n" + pad + '"""'


def escape_doc(text: str) -> str:
    """Body of a non-raw triple-quoted string whose value is exactly `text`: backslashes
    doubled, no run of three quotes, no quote touching the closing quotes, and control
    characters that Python source cannot hold (NUL, CR) as escapes."""
    body = text.rstrip('"')
    quotes = len(text) - len(body)
    body = body.replace("\\", "\\\\")
    body = re.sub(r'"(?="")', r'\\"', body)
    body = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", body)
    return body + '\\"' * quotes


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """Compiled templates cached per user: compiling them costs more than the whole emit."""
    root = cache_root() / "jinja"
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return jinja2.FileSystemBytecodeCache(str(root))


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("cfgc", "templates"),
        bytecode_cache=_bytecode_cache(),
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,
    )
    env.filters["docstring"] = docstring
    env.filters["escape_doc"] = escape_doc
    env.filters["py"] = lambda v: py_literal(_tuples(v))
    env.filters["pytype"] = type_source
    return env


def _tuples(value: object) -> object:
    """Enum member values written as YAML lists are tuples in Python (hashable)."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value
