"""List the registered architectures of an installed vLLM that do not take LoRA adapters.

Usage: VLLM_PYTHON tools/no_lora_architectures.py   (run with the Python of a venv where
that vLLM release is installed). Prints the sorted names as the `Literal[...]` of
schema/model_arch.yaml's NoLoRAArchitectures, which ModelConfig.is_lora_supported reads.

An architecture supports LoRA when its model class implements vLLM's SupportsLoRA
interface (what the registry's model info says). The class is imported when it can be;
a class whose module cannot be imported here (a missing optional dependency) is read
from the source instead: its bases are followed through the modules of vLLM until
SupportsLoRA or a `supports_lora = ...` class attribute is found; a name a package
imports in several platform branches is the last one's, the CUDA default. What neither
way can tell is listed on stderr, to decide by hand. Only the answer is recorded; no
code is copied.
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

MODELS = "vllm.model_executor.models"


def _module_path(site: Path, name: str) -> tuple[Path | None, bool]:
    path = site / (name.replace(".", "/") + ".py")
    if path.is_file():
        return path, False
    path = site / name.replace(".", "/") / "__init__.py"
    return (path, True) if path.is_file() else (None, False)


class SourceReader:
    """Whether a class implements SupportsLoRA, read from vLLM's source."""

    def __init__(self, site: Path) -> None:
        self.site = site
        self.modules: dict[str, tuple[dict, dict] | None] = {}

    def module(self, name: str) -> tuple[dict, dict] | None:
        if name not in self.modules:
            path, is_pkg = _module_path(self.site, name)
            self.modules[name] = None if path is None else self._read(name, path, is_pkg)
        return self.modules[name]

    @staticmethod
    def _read(name: str, path: Path, is_pkg: bool) -> tuple[dict, dict]:
        classes: dict[str, ast.ClassDef] = {}
        imports: dict[str, tuple[str, str]] = {}
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.ClassDef):
                classes[node.name] = node
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = name.split(".")
                    parts = parts[:len(parts) - node.level + is_pkg]
                    base = ".".join(parts + ([base] if base else []))
                for alias in node.names:
                    imports[alias.asname or alias.name] = (base, alias.name)
        return classes, imports

    def supports_lora(self, module: str, cls: str, seen: frozenset = frozenset()) -> bool | None:
        if cls == "SupportsLoRA":
            return True
        if (module, cls) in seen or not module.startswith("vllm."):
            return None if (module, cls) in seen else False
        seen = seen | {(module, cls)}
        read = self.module(module)
        if read is None:
            return None
        classes, imports = read
        if cls in classes:
            return self._class(module, classes[cls], seen)
        if cls in imports:
            answer = self.supports_lora(*imports[cls], seen)
            if answer is not None:
                return answer
        folder = self.site / module.replace(".", "/")  # a package loading classes lazily
        for path in sorted(folder.rglob("*.py")) if folder.is_dir() else ():
            if f"class {cls}(" in path.read_text():
                sub = ".".join(path.relative_to(self.site).with_suffix("").parts)
                return self.supports_lora(sub.removesuffix(".__init__"), cls, seen)
        return None

    def _class(self, module: str, node: ast.ClassDef, seen: frozenset) -> bool | None:
        for stmt in node.body:
            target = stmt.targets[0] if isinstance(stmt, ast.Assign) else getattr(stmt, "target",
                                                                                    None)
            value = getattr(stmt, "value", None)
            if isinstance(target, ast.Name) and target.id == "supports_lora" \
                    and isinstance(value, ast.Constant):
                return bool(value.value)
        answer: bool | None = False
        for base in node.bases:
            name = ast.unparse(base).split("[")[0]
            if "." in name:
                continue
            found = self.supports_lora(module, name, seen)
            if found:
                return True
            if found is None:
                answer = None
        return answer


def main() -> None:
    from vllm.model_executor.models import registry

    site = Path(registry.__file__).resolve().parents[3]
    reader = SourceReader(site)
    without: list[str] = []
    unknown: list[str] = []
    for arch, (module, cls) in sorted(registry._VLLM_MODELS.items()):
        module = module if module.startswith("vllm.") else f"{MODELS}.{module}"
        try:
            model = getattr(importlib.import_module(module), cls)
            answer: bool | None = registry._ModelInfo.from_model_cls(model).supports_lora
        except Exception:  # noqa: BLE001 - an optional dependency missing here
            answer = reader.supports_lora(module, cls)
        if answer is None:
            unknown.append(arch)
        elif not answer:
            without.append(arch)
    if unknown:
        print(f"could not tell: {', '.join(unknown)}", file=sys.stderr)
    print("Literal[" + ", ".join(f'"{a}"' for a in without) + "]")


if __name__ == "__main__":
    main()
