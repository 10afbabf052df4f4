"""Reading a checkpoint: finding its config, the checkpoint-facts cache, loading the
config with transformers (lazily), and the files next to it.

ModelConfig reads the model's Hugging Face config when it is built. Importing
transformers costs seconds, so what the config classes need from it (the
architecture summary and a few more facts, all plain data) is cached as JSON, keyed
by the config file's bytes and everything else that changes the result. A cache hit
never imports transformers; the config object itself is then loaded on first use
(`LazyHfConfig`).

Checkpoints are never downloaded: a model is a local folder or a snapshot already in
the Hugging Face hub cache (as with HF_HUB_OFFLINE=1).
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import sys
import tempfile
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import weights

#: Bump when the facts computed from a config change shape or meaning.
FACTS_FORMAT = 1

#: Small files next to config.json whose content changes the facts.
SIDE_FILES = (
    "modules.json",
    "sentence_bert_config.json",
    "sentence_roberta_config.json",
    "sentence_xlm-roberta_config.json",
    "tokenizer_config.json",
    "hf_quant_config.json",
)


class ModelNotFoundError(ValueError):
    """The model is neither a local checkpoint folder nor in the local hub cache."""


def hub_cache_dir() -> Path:
    """The Hugging Face hub cache folder, by the hub library's own variables."""
    if os.environ.get("HF_HUB_CACHE"):
        return Path(os.environ["HF_HUB_CACHE"]).expanduser()
    if os.environ.get("HUGGINGFACE_HUB_CACHE"):
        return Path(os.environ["HUGGINGFACE_HUB_CACHE"]).expanduser()
    home = os.environ.get("HF_HOME") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or "~/.cache", "huggingface")
    return Path(home).expanduser() / "hub"


def _snapshot(repo_id: str, revision: str | None) -> Path | None:
    """The hub-cache snapshot folder of `repo_id` at `revision`, or None."""
    repo = hub_cache_dir() / ("models--" + repo_id.replace("/", "--"))
    if not repo.is_dir():
        return None
    rev = revision or "main"
    ref = repo / "refs" / rev
    if ref.is_file():
        rev = ref.read_text().strip()
    snap = repo / "snapshots" / rev
    return snap if snap.is_dir() else None


def locate(model: str, revision: str | None) -> Path:
    """The folder holding the checkpoint's config: `model` itself when it is a local
    folder, else its hub-cache snapshot. Raises ModelNotFoundError naming where it
    looked."""
    try:
        local = Path(model).expanduser()
    except RuntimeError:  # "~user" of an unknown user: not a local path
        local = Path(model)
    if local.is_dir():
        if (local / "config.json").is_file() or (local / "params.json").is_file():
            return local.resolve()
        raise ModelNotFoundError(
            f"model {model!r}: the folder {str(local)!r} has no config.json (nor params.json)")
    snap = _snapshot(model, revision) if _looks_like_repo_id(model) else None
    if snap is not None and (snap / "config.json").is_file():
        return snap
    where = f" at revision {revision!r}" if revision else ""
    raise ModelNotFoundError(
        f"model {model!r} not found: not a local folder, and no snapshot{where} with a "
        f"config.json in the Hugging Face cache {str(hub_cache_dir())!r} (checkpoints are "
        "never downloaded; fetch it first, e.g. `hf download MODEL`, or pass a local path)")


#: The config file each explicit config_format reads.
_FORMAT_FILES = {"hf": "config.json", "mistral": "params.json"}


def require_format_file(folder: Path, config_format: str) -> None:
    """An explicit config_format ("hf", "mistral") needs its config file in the folder;
    "auto" takes whichever is there."""
    name = _FORMAT_FILES.get(config_format)
    if name is not None and not (folder / name).is_file():
        raise ModelNotFoundError(
            f"config_format {config_format!r} reads {name}, which {str(folder)!r} does not "
            f"have; use config_format 'auto' or the format of the files it holds")


def _looks_like_repo_id(model: str) -> bool:
    parts = model.split("/")
    return 1 <= len(parts) <= 2 and all(parts) and not model.startswith((".", "~"))


# --- the cache ------------------------------------------------------------------------


def cache_dir() -> Path:
    env = os.environ.get("CFGC_CACHE_DIR")
    base = Path(env).expanduser() if env else Path("~/.cache/cfgc").expanduser()
    return base / "checkpoints"


def _transformers_version() -> str:
    from importlib import metadata

    try:
        return metadata.version("transformers")
    except metadata.PackageNotFoundError:
        return "none"


def cache_key(config_dir: Path, *, revision: str | None, hf_overrides: dict[str, Any],
              trust_remote_code: bool, schema_version: int) -> str:
    """SHA-256 over everything the facts depend on."""
    h = hashlib.sha256()
    for name in ("config.json", "params.json", *SIDE_FILES):
        path = config_dir / name
        if path.is_file():
            h.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    # Pooling module configs named by modules.json (a sentence-transformers layout).
    for sub in sorted(config_dir.glob("*_Pooling/config.json")):
        h.update(str(sub.relative_to(config_dir)).encode() + b"\0" + sub.read_bytes())
    # The weights decide the dtype of a config that states none: their names and sizes
    # stand for their headers (only when there are any, so other keys stay as they were).
    weight_files = [[p.name, p.stat().st_size] for p in weights.safetensors_files(config_dir)]
    extra = {
        **({"safetensors": weight_files} if weight_files else {}),
        # The MLA head size the facts hold follows VLLM_MLA_DISABLE (only when it is set,
        # so other keys stay as they were).
        **({"mla_disable": os.environ["VLLM_MLA_DISABLE"]}
           if os.environ.get("VLLM_MLA_DISABLE") else {}),
        "revision": revision,
        "hf_overrides": hf_overrides,
        "trust_remote_code": trust_remote_code,
        "transformers": _transformers_version(),
        "schema_version": schema_version,
        "facts_format": FACTS_FORMAT,
    }
    h.update(json.dumps(extra, sort_keys=True, default=repr).encode())
    return h.hexdigest()


def cache_read(key: str) -> dict[str, Any] | None:
    """The cached facts, or None (missing, unreadable or corrupt entries are misses)."""
    try:
        data = json.loads((cache_dir() / f"{key}.json").read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("key") != key:
        return None
    return data


def cache_write(key: str, facts: dict[str, Any]) -> None:
    """Store facts atomically (write a temporary file, then rename); errors are ignored:
    the cache only saves time."""
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".json")
        with os.fdopen(fd, "w") as f:
            json.dump({**facts, "key": key}, f)
        os.replace(tmp, folder / f"{key}.json")
    except OSError:
        return


# --- loading the config with transformers ---------------------------------------------


def load_hf_config(config_dir: Path, *, trust_remote_code: bool, revision: str | None,
                   hf_overrides: dict[str, Any] | Callable[[Any], Any]) -> Any:
    """AutoConfig.from_pretrained on the local folder, with hf_overrides applied: flat
    keys at load time, nested mappings merged into sub-configs, a function last."""
    try:
        from transformers import AutoConfig, PretrainedConfig
    except ImportError as exc:
        raise ValueError("reading a checkpoint needs transformers: "
                         "pip install 'cfgc[hf]'") from exc

    flat: dict[str, Any] = {}
    nested: dict[str, Any] = {}
    fn = None
    if callable(hf_overrides):
        fn = hf_overrides
    else:
        for key, value in hf_overrides.items():
            (nested if isinstance(value, dict) else flat)[key] = value
    try:
        config = AutoConfig.from_pretrained(
            str(config_dir), trust_remote_code=trust_remote_code, local_files_only=True)
    except ValueError as exc:
        if trust_remote_code or not _needs_remote_code(config_dir):
            raise ValueError(_unreadable(config_dir, exc)) from exc
        config = _plain_config(config_dir, PretrainedConfig)
    except (OSError, KeyError) as exc:
        raise ValueError(_unreadable(config_dir, exc)) from exc
    if flat:
        config.update(flat)
    for key, value in nested.items():
        target = getattr(config, key, None)
        if isinstance(target, PretrainedConfig):
            _merge(target, value)
        else:
            setattr(config, key, value)
    if fn is not None:
        config = fn(config)
    if not getattr(config, "architectures", None):
        from transformers.models.auto.modeling_auto import MODEL_MAPPING_NAMES

        name = MODEL_MAPPING_NAMES.get(getattr(config, "model_type", ""))
        if name:
            config.update({"architectures": [name]})
    return config


def _unreadable(config_dir: Path, exc: Exception) -> str:
    return (f"cannot read the model config in {str(config_dir)!r}: "
            f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}")


def _needs_remote_code(config_dir: Path) -> bool:
    try:
        data = json.loads((config_dir / "config.json").read_text())
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and "AutoConfig" in (data.get("auto_map") or {})


def _plain_config(config_dir: Path, base: type) -> Any:
    """The config as written in config.json, without the checkpoint's config class (its
    own code, not run): the values a generic config holds are still read."""
    data = json.loads((config_dir / "config.json").read_text())
    warnings.warn(f"{config_dir}: the config class of model_type "
                  f"{data.get('model_type')!r} is the checkpoint's own code (not run); "
                  f"its values are read from config.json as written", stacklevel=3)
    data.pop("auto_map", None)
    return base.from_dict(data)


def _merge(target: Any, updates: dict[str, Any]) -> None:
    """Merge a nested mapping into a config (or dict), recursing into sub-configs."""
    for key, value in updates.items():
        current = target.get(key) if isinstance(target, dict) else getattr(target, key, None)
        if isinstance(value, dict) and (isinstance(current, dict) or hasattr(current, "__dict__")):
            _merge(current, value)
        elif isinstance(target, dict):
            target[key] = value
        else:
            setattr(target, key, value)


def text_config(config: Any) -> Any:
    """The language model's config: a sub-config for multimodal models, else config."""
    text = config.get_text_config()
    if text is not config and not hasattr(text, "num_attention_heads"):
        raise ValueError("the text sub-config of the model config has no "
                         "num_attention_heads; this config layout is not supported")
    return text


_NOT_ON_HF_CONFIGS = frozenset({"hash_factors", "uuid"})


class LazyHfConfig:
    """Stands in for a Hugging Face config object until it is first used.

    Attribute reads and writes go to the real object, loaded (with transformers) on
    first access; printing or hashing it does not load it. `loaded` is the real object;
    compute_hash() is `digest` (of the config files and load settings) when given, else
    a digest of the loaded config's JSON."""

    __slots__ = ("_describe", "_digest", "_load", "_value")

    def __init__(self, load: Callable[[], Any], describe: str, value: Any = None,
                 digest: str | None = None) -> None:
        object.__setattr__(self, "_load", load)
        object.__setattr__(self, "_describe", describe)
        object.__setattr__(self, "_value", value)
        object.__setattr__(self, "_digest", digest)

    def compute_hash(self) -> str:
        if self._digest is None:
            text = self.loaded.to_json_string(use_diff=False)
            object.__setattr__(self, "_digest", hashlib.sha256(text.encode()).hexdigest())
        return self._digest

    @property
    def loaded(self) -> Any:
        if self._value is None:
            object.__setattr__(self, "_value", self._load())
        return self._value

    def __getattr__(self, name: str) -> Any:
        # Probes for protocols (dunders) and for cfgc's own config API never load it:
        # a Hugging Face config has none of them.
        if name.startswith("__") or name in _NOT_ON_HF_CONFIGS or name in self.__slots__:
            # (an unset slot: a copy under construction has none of them yet)
            raise AttributeError(name)
        return getattr(self.loaded, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self.loaded, name, value)

    def __delattr__(self, name: str) -> None:
        delattr(self.loaded, name)

    def __eq__(self, other: object) -> bool:
        other = other.loaded if isinstance(other, LazyHfConfig) else other
        return self.loaded == other

    __hash__ = object.__hash__

    def __deepcopy__(self, memo: dict) -> LazyHfConfig:
        value = None if self._value is None else copy.deepcopy(self._value, memo)
        return LazyHfConfig(self._load, self._describe, value, self._digest)

    def __reduce__(self) -> tuple:
        # Pickled with the real config (the process that unpickles it uses it anyway);
        # the loader may be a closure, which pickle cannot take.
        return (_loaded_stand_in, (self.loaded, self._describe, self._digest))

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        # isinstance(config, PretrainedConfig) asks __class__ when the type differs: where
        # transformers is imported (vLLM's engine), answer for the real config. Elsewhere
        # (hashing, printing) stay a stand-in, so nothing loads transformers.
        if self._value is not None or "transformers" in sys.modules:
            return type(self.loaded)
        return LazyHfConfig

    def __repr__(self) -> str:
        return f"<{self._describe}>"

    __str__ = __repr__


def _loaded_stand_in(value: Any, describe: str, digest: str | None) -> LazyHfConfig:
    """A stand-in for an already loaded config (unpickling one)."""
    return LazyHfConfig(lambda: value, describe, value, digest)


# --- names vllm_config exports (vLLM's vllm.config.model) ----------------------------

_TORCH_NAMES = {"half": "float16", "float16": "float16", "float": "float32",
                "float32": "float32", "bfloat16": "bfloat16"}


def str_dtype_to_torch_dtype(type: str) -> Any:  # noqa: A002 - vLLM's parameter name
    """The torch dtype for a dtype name ("half", "float16", "float", "float32",
    "bfloat16"), or None for other names. Imports torch."""
    name = _TORCH_NAMES.get(type)
    if name is None:
        return None
    import torch

    return getattr(torch, name)
