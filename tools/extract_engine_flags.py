"""Extract the engine flags of `vllm serve` from a vLLM release's arg_utils.py.

Every `add_argument` call of EngineArgs.add_cli_args and AsyncEngineArgs.add_cli_args
whose first option string is a long flag: its option strings in order (the flag, then
its short aliases). Read with `ast`, never imported, so no vLLM install is needed.

    python tools/extract_engine_flags.py \\
        VENV/lib/python3.11/site-packages/vllm/engine/arg_utils.py \\
        > tests/facts/engine_flags_0_25_1.json
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path


def extract(source: str) -> list[dict]:
    flags = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "add_argument"):
            continue
        options = [a.value for a in node.args
                   if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if not options or not options[0].startswith("--"):
            continue
        negatable = any(
            kw.arg == "action" and isinstance(kw.value, ast.Attribute)
            and kw.value.attr == "BooleanOptionalAction" for kw in node.keywords)
        flags.append({"flag": options[0], "aliases": options[1:],
                      "explicit_boolean_optional": negatable, "line": node.lineno})
    return sorted(flags, key=lambda f: f["line"])


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    path = Path(argv[0])
    flags = extract(path.read_text())
    out = {"source": "vllm/engine/arg_utils.py of vLLM 0.25.1 (EngineArgs and "
                     "AsyncEngineArgs add_cli_args)",
           "count": len(flags), "flags": [{k: v for k, v in f.items() if k != "line"}
                                          for f in flags]}
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
