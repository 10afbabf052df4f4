"""Record the public API of vLLM's config package as facts for the drop-in tests.

Usage: python tools/extract_seed_api.py VLLM_SRC   (VLLM_SRC holds vllm/config/*.py of 0.25.1,
e.g. unzipped from the release wheel). Writes tests/facts/seed_api.json (public methods and
properties of the 32 seed classes) and tests/facts/vllm_config_imports.json (every name vLLM's
own modules import from vllm.config and its submodules). Only names and parameter lists are
recorded; no code is copied.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

FACTS = Path(__file__).resolve().parent.parent / "tests" / "facts"
_PROPERTY = {"property", "cached_property", "functools.cached_property"}
_VALIDATOR = ("field_validator", "model_validator")


def _kind(decorators: list[str]) -> str:
    if any(d.startswith(_VALIDATOR) for d in decorators):
        return "validator"
    if any(d in _PROPERTY for d in decorators):
        return "property"
    for kind in ("classmethod", "staticmethod"):
        if kind in decorators:
            return kind
    return "method"


def seed_api(src: Path, seed_classes: set[str]) -> dict[str, list[dict[str, str]]]:
    out: dict[str, list[dict[str, str]]] = {}
    for path in sorted((src / "vllm" / "config").glob("*.py")):
        for node in ast.parse(path.read_text()).body:
            if not (isinstance(node, ast.ClassDef) and node.name in seed_classes):
                continue
            seen: set[str] = set()
            for item in node.body:
                if not isinstance(item, ast.FunctionDef) or item.name.startswith("_"):
                    continue
                decorators = [ast.unparse(d) for d in item.decorator_list]
                if item.name in seen or any(
                    d.endswith((".setter", "overload")) for d in decorators
                ):
                    continue
                seen.add(item.name)
                params = [
                    a.arg for a in item.args.posonlyargs + item.args.args + item.args.kwonlyargs
                ]
                out.setdefault(node.name, []).append(
                    {
                        "name": item.name,
                        "kind": _kind(decorators),
                        "module": path.stem,
                        "params": params[1:] if params and params[0] in ("self", "cls") else params,
                    }
                )
    return out


def imported_names(src: Path, *, within_config: bool = False) -> list[tuple[str, str]]:
    """Every (module, name) of a `from vllm.config... import name` in vLLM's source.

    The seed facts read the modules outside `vllm/config/` only; a release's facts
    (`within_config`) read `vllm/config/` too, since its modules import each other's
    names by the same absolute paths, which a drop-in must serve as well."""
    names: set[tuple[str, str]] = set()
    for path in (src / "vllm").rglob("*.py"):
        if not within_config and path.parts[-3:-1] == ("vllm", "config"):
            continue
        try:
            tree = ast.parse(path.read_text())
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.ImportFrom)
                and node.level == 0
                and node.module
                and (node.module == "vllm.config" or node.module.startswith("vllm.config."))
            ):
                names.update((node.module, alias.name) for alias in node.names)
    return sorted(names)


def main() -> None:
    src = Path(sys.argv[1])
    seed_classes = set(json.loads((FACTS / "seed_facts.json").read_text())["classes"])
    api = seed_api(src, seed_classes)
    (FACTS / "seed_api.json").write_text(
        json.dumps(
            {
                "about": "Public methods and properties of the seed classes in vLLM 0.25.1: "
                "name, kind "
                "(method, property, classmethod, staticmethod, validator) and parameter names.",
                "classes": api,
            },
            indent=1,
            sort_keys=True,
        )
        + "\n"
    )
    (FACTS / "vllm_config_imports.json").write_text(
        json.dumps(
            {
                "about": "Every (module, name) that vLLM 0.25.1's own modules import "
                "from vllm.config*.",
                "names": imported_names(src),
            },
            indent=1,
        )
        + "\n"
    )


if __name__ == "__main__":
    main()
