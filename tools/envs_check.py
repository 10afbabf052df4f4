"""Does `vllm_config.envs` give every variable vLLM's type and default?

Compares the generated envs module of a release with the facts of that release's
`vllm.envs` (tests/facts/releases/<release>/envs.json, written by
tools/extract_release_facts.py from the scratch venv): for every variable, whether
vLLM's vllm.envs has it at all, its kind (bool, int, float, str), the values a Literal
allows, and the value it gives when nothing is set. No vLLM is needed here; the test
suite runs the same comparison (tests/test_envs.py).

    python tools/envs_check.py                  # the package's default release
    python tools/envs_check.py --release 0.33.0
    python tools/envs_check.py --all            # every release of the package
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import signal
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from cfgc.runtime import parts

ROOT = Path(__file__).resolve().parent.parent
FACTS = ROOT / "tests" / "facts" / "releases"


def facts(release: str) -> dict[str, dict[str, Any]]:
    """vllm.envs's variables in `release`: name -> {declared, default, default_type}."""
    path = FACTS / release / "envs.json"
    if not path.is_file():
        raise SystemExit(f"envs_check: no facts of vLLM {release}'s vllm.envs at "
                         f"{path.relative_to(ROOT)} (tools/extract_release_facts.py)")
    return json.loads(path.read_text())["variables"]


def envs_module(release: str) -> ModuleType:
    """The generated envs module of `release`, loaded from its file."""
    import vllm_config

    base = Path(vllm_config.__file__).parent
    if release not in vllm_config.RELEASES:
        raise SystemExit(f"envs_check: no generated release {release}")
    # the release's envs module, joined from the package's shared parts
    source = parts.module_source(str(base), release, "envs")
    if source is None:
        raise SystemExit(f"envs_check: release {release} has no envs module")
    name = f"_envs_{release.replace('.', '_')}"
    module = ModuleType(name)
    sys.modules[name] = module  # dataclasses and typing look their module up
    exec(compile(source, f"<{name}>", "exec"), module.__dict__)  # noqa: S102
    return module


def vllm_kind(fact: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    """(kind, Literal values) of vLLM's declared type; the unset value's type when the
    variable has no declaration."""
    text = fact.get("declared")
    if text is None:
        kind = fact.get("default_type", "str")
        return ("str" if kind == "NoneType" else kind), ()
    node = ast.parse(text, mode="eval").body
    parts = []
    while isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        parts.append(node.right)
        node = node.left
    parts.append(node)
    for part in parts:
        if isinstance(part, ast.Constant) and part.value is None:
            continue
        if isinstance(part, ast.Subscript) and ast.unparse(part.value) == "Literal":
            values = ast.literal_eval(part.slice)
            values = values if isinstance(values, tuple) else (values,)
            return "str", tuple(str(v) for v in values)
        name = ast.unparse(part)
        return (name if name in ("bool", "int", "float") else "str"), ()
    return "str", ()


def compare(module: ModuleType, vllm: dict[str, dict[str, Any]]) -> dict[str, list[str]]:
    """name -> what differs from vLLM (no entry: agrees)."""
    saved = {k: os.environ.pop(k) for k in list(os.environ) if k in module.VARIABLES}
    out: dict[str, list[str]] = {}
    try:
        for name, (kind, _default, choices, _env) in module.VARIABLES.items():
            fact = vllm.get(name)
            if fact is None:
                out[name] = ["not in vllm.envs (vLLM reads os.environ itself)"]
                continue
            problems = []
            want_kind, want_choices = vllm_kind(fact)
            if kind != want_kind:
                problems.append(f"type {kind} where vLLM's is {want_kind}")
            if tuple(choices) != want_choices:
                problems.append(f"values {list(choices)} where vLLM's are {list(want_choices)}")
            got = getattr(module, name)
            if got != fact.get("default") or type(got).__name__ != fact.get("default_type"):
                problems.append(f"default {got!r} where vLLM's is {fact.get('default')!r}")
            if problems:
                out[name] = problems
    finally:
        os.environ.update(saved)
    return out


def main() -> None:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    which = ap.add_mutually_exclusive_group()
    which.add_argument("--release", help="one release (default: the package's default)")
    which.add_argument("--all", action="store_true", help="every release of the package")
    args = ap.parse_args()
    import vllm_config

    releases = (list(vllm_config.RELEASES) if args.all
                else [args.release or vllm_config.RELEASE])
    for release in releases:
        module = envs_module(release)
        diffs = compare(module, facts(release))
        for name, problems in sorted(diffs.items()):
            print(f"{release}: {name}: {'; '.join(problems)}" if args.all
                  else f"{name}: {'; '.join(problems)}")
        total = len(module.VARIABLES)
        print(f"{total - len(diffs)}/{total} variables as vLLM {release}'s vllm.envs")
    sys.exit(0)


if __name__ == "__main__":
    main()
