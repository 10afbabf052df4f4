"""The quantization method's config object (`VllmConfig.quant_config`) for the methods
that can be decided without the engine's model executor.

Covered: FP8 (`fp8`), GPTQ (`gptq`, `gptq_marlin`, `auto_gptq`), AWQ (`awq`,
`awq_marlin`, `auto_awq`), bitsandbytes, compressed-tensors and ModelOpt FP8 / NVFP4
(`modelopt`, `modelopt_fp4`). Each object carries, as plain data, what vLLM 0.25.1's
config of that method holds after the config layer built it: the settings read from the
checkpoint's quantization_config (or its quantize_config.json / hf_quant_config.json),
get_name(), get_min_capability() and get_supported_act_dtypes() (dtype names, torch is
never imported). The engine's own quantization classes (kernels, layer methods) stay the
engine's; the other methods give None for the engine to build.

Where releases differ (which methods are built, capabilities, fixed attributes, how
FP8, GPTQ and ModelOpt read a checkpoint), the code reads the schema's data for the
loaded release, the `_QUANT_CONFIG_TRAITS` constant (`traits()`), and never asks which
release it is: a new release that changes one of these is a schema edit.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

from . import weights

#: Activation scales vLLM's FP8 method accepts.
ACTIVATION_SCHEMES = ("static", "dynamic")

#: Safetensors dtypes of weights left unquantized (a layer with only these is not packed).
UNQUANTIZED_SAFETENSORS_DTYPES = frozenset({"F16", "BF16", "F32"})



def traits() -> dict[str, Any]:
    """The loaded package's `_QUANT_CONFIG_TRAITS`: how this release's quantization
    configs behave, declared in schema/quantization.yaml (the generated classes call
    this library, so the package is loaded; its keys are documented there)."""
    from vllm_config.quantization import _QUANT_CONFIG_TRAITS

    return _QUANT_CONFIG_TRAITS


class QuantizationConfig:
    """Base of the quantization method configs this package builds (vLLM's base class
    of the same name is its model executor's)."""

    #: Names of the checkpoint files the method's settings may sit in when the model
    #: config carries none; empty when the method has a default config.
    config_filenames: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        # Fused modules -> the checkpoint's parts; filled by the engine per model.
        self.packed_modules_mapping: dict[str, list[str]] = {}

    def _set_fixed_attributes(self) -> None:
        """The attributes this release's objects of the class carry with a fixed value
        (the traits' `attributes`); called at the end of each __init__."""
        for key, value in traits()["attributes"].get(type(self).__name__, {}).items():
            setattr(self, key, value)

    #: The method's name and the activation dtypes it runs with (names: torch is never
    #: imported), set by each method; the smallest capability is the traits'.
    name: ClassVar[str]
    act_dtypes: ClassVar[tuple[str, ...]]

    @classmethod
    def get_name(cls) -> str:
        return cls.name

    @classmethod
    def get_min_capability(cls) -> int:
        """The smallest CUDA capability, as 75 for 7.5 (the traits' `min_capability`)."""
        return traits()["min_capability"][cls.__name__]

    @classmethod
    def get_supported_act_dtypes(cls) -> list[str]:
        return list(cls.act_dtypes)

    @classmethod
    def get_config_filenames(cls) -> list[str]:
        return list(cls.config_filenames)

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> QuantizationConfig:
        raise NotImplementedError

    def maybe_update_config(self, checkpoint_dir: Path | None) -> None:
        """Complete the settings from the checkpoint's weight files (a no-op by default)."""

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in vars(self).items()
                           if k != "packed_modules_mapping")
        return f"{type(self).__name__}({fields})"


def _required(config: dict[str, Any], keys: tuple[str, ...]) -> Any:
    """The value of the first of `keys` in `config`; a ValueError naming them if none."""
    for key in keys:
        if key in config:
            return config[key]
    raise ValueError(f"the quantization config has none of the keys {list(keys)}")


def _quantized_layers(checkpoint_dir: Path | None) -> tuple[set[str], set[str]]:
    """(every layer, the layers with packed weights) named in the headers of the
    folder's *.safetensors files; a layer is a parameter name without its last part."""
    dtypes = weights.tensor_dtypes(Path(checkpoint_dir)) if checkpoint_dir is not None else {}
    layers = {name.rsplit(".", 1)[0] for name in dtypes}
    packed = {name.rsplit(".", 1)[0] for name, code in dtypes.items()
              if code not in UNQUANTIZED_SAFETENSORS_DTYPES}
    return layers, packed


class Fp8Config(QuantizationConfig):
    """What vLLM's FP8 quantization config holds, as plain data: whether the checkpoint
    is already FP8, the activation scheme, layers left unquantized, the weight block
    size of block-wise checkpoints and the stored dtype; use_deep_gemm is the engine's
    to decide (None until it does)."""

    def __init__(self, is_checkpoint_fp8_serialized: bool = False,
                 activation_scheme: str = "dynamic", ignored_layers: list[str] | None = None,
                 weight_block_size: list[int] | None = None,
                 store_dtype: str | None = None) -> None:
        super().__init__()
        if not is_checkpoint_fp8_serialized and not traits()["fp8_quantizes_online"]:
            raise ValueError("the fp8 method reads FP8 checkpoints only; quantize online "
                             "with --quantization fp8_per_tensor")
        if activation_scheme not in ACTIVATION_SCHEMES:
            raise ValueError(f"FP8 activation scheme {activation_scheme!r} is not one of "
                             f"{', '.join(ACTIVATION_SCHEMES)}")
        if weight_block_size is not None:
            if not is_checkpoint_fp8_serialized:
                raise ValueError("block-wise FP8 needs a checkpoint stored in FP8")
            if len(weight_block_size) != 2 or activation_scheme != "dynamic":
                raise ValueError("block-wise FP8 needs a 2-D weight block size and dynamic "
                                 "activation scales")
        self.is_checkpoint_fp8_serialized = is_checkpoint_fp8_serialized
        self.activation_scheme = activation_scheme
        self.ignored_layers = list(ignored_layers or [])
        self.weight_block_size = weight_block_size
        self.store_dtype = store_dtype
        self.use_deep_gemm: bool | None = None
        self._set_fixed_attributes()

    name: ClassVar[str] = "fp8"
    act_dtypes: ClassVar[tuple[str, ...]] = ("bfloat16", "float16")

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> Fp8Config:
        """From a checkpoint's quantization_config."""
        return cls(is_checkpoint_fp8_serialized="fp8" in str(config.get("quant_method", "")),
                   activation_scheme=config.get("activation_scheme", "dynamic"),
                   ignored_layers=config.get("ignored_layers")
                   or config.get("modules_to_not_convert"),
                   weight_block_size=config.get("weight_block_size"),
                   store_dtype=config.get("store_dtype"))

    def has_blocked_weights(self) -> bool:
        return self.weight_block_size is not None

    def __repr__(self) -> str:
        # the settings that tell FP8 configs apart (the behaviour snapshot records it)
        return (f"Fp8Config(is_checkpoint_fp8_serialized={self.is_checkpoint_fp8_serialized}, "
                f"activation_scheme={self.activation_scheme!r}, "
                f"ignored_layers={self.ignored_layers}, "
                f"weight_block_size={self.weight_block_size})")


class AutoGPTQConfig(QuantizationConfig):
    """GPTQ checkpoints (`gptq`, `gptq_marlin`, `auto_gptq` all build this one): weight
    bits and symmetry (which fix the packed scalar type), group size, activation order,
    whether lm_head is quantized, GPTQModel's per-module `dynamic` overrides and the
    modules inside a block that are quantized (from the config, else from the weight
    files' headers)."""

    #: (bits, symmetric) -> the packed weights' scalar type, by vLLM's name for it.
    QUANT_TYPES: ClassVar[dict[tuple[int, bool], str]] = {
        (4, True): "uint4b8", (8, True): "uint8b128"}
    config_filenames = ("quantize_config.json",)

    def __init__(self, weight_bits: int, group_size: int, desc_act: bool, is_sym: bool,
                 lm_head_quantized: bool, dynamic: dict[str, dict[str, Any]],
                 full_config: dict[str, Any],
                 modules_in_block_to_quantize: list[Any] | None = None) -> None:
        super().__init__()
        if (weight_bits, is_sym) not in self.QUANT_TYPES:
            raise ValueError(f"GPTQ with bits={weight_bits}, sym={is_sym} is not supported "
                             f"(supported: {sorted(self.QUANT_TYPES)})")
        self.dynamic = dynamic
        self.weight_bits = weight_bits
        self.is_sym = is_sym
        self.pack_factor = 32 // weight_bits  # weights packed into int32
        self.group_size = group_size
        # one group per output channel makes activation order irrelevant
        self.desc_act = desc_act and group_size != -1
        if not traits()["gptq_activation_order"]:
            self._refuse_activation_order(desc_act, group_size, dynamic)
        self.lm_head_quantized = lm_head_quantized
        self.full_config = full_config
        self.quant_type = self.QUANT_TYPES[(weight_bits, is_sym)]
        self.modules_in_block_to_quantize = list(modules_in_block_to_quantize or [])
        # set by AutoRound, which writes GPTQ-format checkpoints
        self.autoround_version = full_config.get("autoround_version", "")
        self._set_fixed_attributes()

    def _refuse_activation_order(self, desc_act: bool, group_size: int,
                                 dynamic: dict[str, dict[str, Any]]) -> None:
        """Where GPTQ kernels need static activation order (the traits'
        `gptq_activation_order` is false): desc_act with groups, in the base settings or
        a positive `dynamic` rule, is an error."""
        if self.desc_act:
            raise ValueError("GPTQ activation ordering (desc_act=True) is not supported; "
                             "use a checkpoint with desc_act=False")
        for pattern, rule in dynamic.items():
            if pattern.startswith("-:") or not isinstance(rule, dict):
                continue
            if rule.get("desc_act", desc_act) and rule.get("group_size", group_size) != -1:
                raise ValueError(f"GPTQ activation ordering (desc_act=True) is not "
                                 f"supported, but the dynamic rule {pattern!r} turns it on")

    name: ClassVar[str] = "auto_gptq"
    act_dtypes: ClassVar[tuple[str, ...]] = ("float16", "bfloat16")

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> AutoGPTQConfig:
        return cls(weight_bits=_required(config, ("bits",)),
                   group_size=_required(config, ("group_size",)),
                   desc_act=_required(config, ("desc_act",)),
                   is_sym=_required(config, ("sym",)),
                   lm_head_quantized=config.get("lm_head", False),
                   dynamic=config.get("dynamic") or {},
                   full_config=config,
                   modules_in_block_to_quantize=config.get("modules_in_block_to_quantize"))

    def maybe_update_config(self, checkpoint_dir: Path | None) -> None:
        """Nested lists of modules (one per block part) are flattened; with none stated,
        the layers whose weights are packed in the checkpoint's files."""
        if self.modules_in_block_to_quantize:
            if all(isinstance(m, list) for m in self.modules_in_block_to_quantize):
                self.modules_in_block_to_quantize = [
                    name for part in self.modules_in_block_to_quantize for name in part]
            return
        self.modules_in_block_to_quantize = sorted(_quantized_layers(checkpoint_dir)[1])


class AutoAWQConfig(QuantizationConfig):
    """AWQ checkpoints (`awq`, `awq_marlin`, `auto_awq` all build this one): 4-bit
    weights with a zero point, the group size, whether lm_head is quantized and the
    modules left unconverted (from the config, else from the weight files' headers)."""

    QUANT_TYPES: ClassVar[dict[int, str]] = {4: "uint4"}
    config_filenames = ("quantize_config.json", "quant_config.json")

    def __init__(self, weight_bits: int, group_size: int, zero_point: bool,
                 lm_head_quantized: bool, modules_to_not_convert: list[str] | None = None,
                 full_config: dict[str, Any] | None = None) -> None:
        super().__init__()
        if weight_bits not in self.QUANT_TYPES:
            raise ValueError(f"AWQ with {weight_bits}-bit weights is not supported "
                             f"(supported: {sorted(self.QUANT_TYPES)})")
        self.pack_factor = 32 // weight_bits  # weights packed into int32
        self.group_size = group_size
        self.zero_point = zero_point
        self.lm_head_quantized = lm_head_quantized
        self.weight_bits = weight_bits
        self.modules_to_not_convert = list(modules_to_not_convert or [])
        self.full_config = dict(full_config or {})
        self.quant_type = self.QUANT_TYPES[weight_bits]
        self._set_fixed_attributes()

    name: ClassVar[str] = "auto_awq"
    act_dtypes: ClassVar[tuple[str, ...]] = ("float16", "bfloat16")

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> AutoAWQConfig:
        # the MoE fallback reads full_config and knows AWQ by the name "awq" only
        return cls(weight_bits=_required(config, ("w_bit", "bits")),
                   group_size=_required(config, ("q_group_size", "group_size")),
                   zero_point=_required(config, ("zero_point",)),
                   lm_head_quantized=config.get("lm_head", False),
                   modules_to_not_convert=config.get("modules_to_not_convert"),
                   full_config={**config, "quant_method": "awq"})

    def maybe_update_config(self, checkpoint_dir: Path | None) -> None:
        """With no modules named, the layers whose weights are not packed in the
        checkpoint's files."""
        if self.modules_to_not_convert:
            return
        layers, packed = _quantized_layers(checkpoint_dir)
        self.modules_to_not_convert = sorted(layers - packed)


class BitsAndBytesConfig(QuantizationConfig):
    """bitsandbytes, from the checkpoint's settings or quantized while loading (all
    defaults: 4-bit fp4, float32 compute)."""

    #: setting -> default when the checkpoint leaves it out (or gives null).
    DEFAULTS: ClassVar[dict[str, Any]] = {
        "load_in_8bit": False, "load_in_4bit": True, "bnb_4bit_compute_dtype": "float32",
        "bnb_4bit_quant_storage": "uint8", "bnb_4bit_quant_type": "fp4",
        "bnb_4bit_use_double_quant": False, "llm_int8_enable_fp32_cpu_offload": False,
        "llm_int8_has_fp16_weight": False, "llm_int8_skip_modules": [],
        "llm_int8_threshold": 6.0,
    }

    def __init__(self, **settings: Any) -> None:
        super().__init__()
        unknown = sorted(set(settings) - set(self.DEFAULTS))
        if unknown:
            raise TypeError(f"unknown bitsandbytes settings {unknown}")
        for key, default in self.DEFAULTS.items():
            value = settings.get(key)
            setattr(self, key, list(default) if isinstance(default, list) and value is None
                    else default if value is None else value)
        if self.bnb_4bit_quant_storage != "uint8":
            raise ValueError(f"bitsandbytes stores 4-bit weights as uint8 only, not "
                             f"{self.bnb_4bit_quant_storage!r}")
        self._set_fixed_attributes()

    name: ClassVar[str] = "bitsandbytes"
    act_dtypes: ClassVar[tuple[str, ...]] = ("float32", "float16", "bfloat16")

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> BitsAndBytesConfig:
        return cls(**{key: config.get(key) for key in cls.DEFAULTS})


class CompressedTensorsConfig(QuantizationConfig):
    """compressed-tensors (llm-compressor) checkpoints: the storage format, ignored
    layers, the KV-cache scheme, the transform config and, per target, the weight,
    input- and output-activation quantization settings of its config group (the
    settings the checkpoint states, null ones left out; attention-only groups are
    dropped: the KV-cache settings cover them). total_num_heads / total_num_kv_heads
    are the model's head counts."""

    def __init__(self, target_scheme_map: dict[str, dict[str, Any]], ignore: list[str],
                 quant_format: str | None, kv_cache_scheme: dict[str, Any] | None = None,
                 config: dict[str, Any] | None = None,
                 transform_config: dict[str, Any] | None = None,
                 total_num_heads: int | None = None,
                 total_num_kv_heads: int | None = None) -> None:
        super().__init__()
        self.ignore = ignore
        self.quant_format = quant_format
        self.target_scheme_map = target_scheme_map
        self.kv_cache_scheme = kv_cache_scheme
        self.config = config
        self.total_num_heads = total_num_heads
        self.total_num_kv_heads = total_num_kv_heads
        self.transform_config = transform_config or None
        self._set_fixed_attributes()

    name: ClassVar[str] = "compressed-tensors"
    act_dtypes: ClassVar[tuple[str, ...]] = ("float32", "float16", "bfloat16")

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> CompressedTensorsConfig:
        config = dict(config)
        if "config_groups" in config:
            config["config_groups"] = {
                name: group for name, group in config["config_groups"].items()
                if not (len(group["targets"]) == 1
                        and group["targets"][0].endswith("Attention"))}
        def stated(args: dict[str, Any] | None) -> dict[str, Any] | None:
            return {k: v for k, v in args.items() if v is not None} if args else None

        targets: dict[str, dict[str, Any]] = {}
        for group in config.get("config_groups", {}).values():
            for target in group.get("targets"):
                targets[target] = {
                    "weights": stated(group.get("weights")),
                    "input_activations": stated(group.get("input_activations")),
                    "format": group.get("format"),
                    "output_activations": stated(group.get("output_activations")),
                }
        return cls(target_scheme_map=targets, ignore=config.get("ignore", []),
                   quant_format=config.get("format"), config=config,
                   transform_config=config.get("transform_config"),
                   kv_cache_scheme=config.get("kv_cache_scheme"),
                   total_num_heads=config.get("total_num_heads"),
                   total_num_kv_heads=config.get("total_num_kv_heads"))


def _modelopt_settings(config: dict[str, Any]) -> dict[str, Any]:
    """The algorithm, KV-cache algorithm, excluded modules and group size of a ModelOpt
    config, in either layout: hf_quant_config.json's `quantization` block, or
    config.json's flat one (compressed-tensors style keys)."""
    if "quantization" in config:
        block = config["quantization"]
        if not isinstance(block, dict):
            raise ValueError("ModelOpt's 'quantization' entry must be a mapping")
        algo, kv_algo = block.get("quant_algo"), block.get("kv_cache_quant_algo")
        exclude, group = block.get("exclude_modules", []), block.get("group_size")
    else:
        algo = config.get("quant_algo")
        scheme = config.get("kv_cache_scheme")
        kv_algo = ("FP8" if isinstance(scheme, dict) and scheme.get("type") == "float"
                   and scheme.get("num_bits") == 8 else None)
        # the keys this release reads excluded modules from, the first present wins
        keys = [k for k in traits()["modelopt_flat_exclude_keys"] if k in config]
        exclude, group = config[keys[0]] if keys else [], config.get("group_size")
    if not algo:
        raise ValueError("the ModelOpt quantization config names no quant_algo")
    if kv_algo is not None and not isinstance(kv_algo, str):
        raise ValueError(f"kv_cache_quant_algo must be a string, got {type(kv_algo).__name__}")
    if not isinstance(exclude, list):
        raise ValueError(f"exclude_modules must be a list, got {type(exclude).__name__}")
    return {"algo": str(algo).upper(), "kv_algo": kv_algo.upper() if kv_algo else None,
            "exclude_modules": exclude, "group_size": None if group is None else int(group)}


class ModelOptFp8Config(QuantizationConfig):
    """NVIDIA ModelOpt FP8 checkpoints: the algorithm (per-tensor FP8, per-channel
    per-token, or per-block weight-only), the KV-cache algorithm and excluded modules."""

    ALGORITHMS = ("FP8", "FP8_PER_CHANNEL_PER_TOKEN", "FP8_PB_WO")
    config_filenames = ("hf_quant_config.json",)

    def __init__(self, quant_method: str, is_checkpoint_fp8_serialized: bool,
                 kv_cache_quant_method: str | None, exclude_modules: list[str]) -> None:
        super().__init__()
        if quant_method not in self.ALGORITHMS:
            raise ValueError(f"ModelOpt FP8 algorithm {quant_method!r} is not one of "
                             f"{', '.join(self.ALGORITHMS)}")
        self.exclude_modules = exclude_modules
        self.quant_method = quant_method
        self.is_checkpoint_fp8_serialized = is_checkpoint_fp8_serialized
        self.kv_cache_quant_method = kv_cache_quant_method
        self._set_fixed_attributes()

    name: ClassVar[str] = "modelopt"
    act_dtypes: ClassVar[tuple[str, ...]] = ("bfloat16", "float16")

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> ModelOptFp8Config:
        s = _modelopt_settings(config)
        return cls(s["algo"], "FP8" in s["algo"], s["kv_algo"], s["exclude_modules"])

    def has_blocked_weights(self) -> bool:
        """Whether the algorithm's weights are block-quantized (the traits'
        `modelopt_block_algorithms`: those read with block kernels)."""
        return self.quant_method in traits()["modelopt_block_algorithms"]


class ModelOptNvFp4Config(QuantizationConfig):
    """NVIDIA ModelOpt NVFP4 checkpoints (W4A4, or W4A16 on Marlin): the algorithm,
    group size (16 unless stated), KV-cache algorithm and excluded modules."""

    ALGORITHMS = ("NVFP4", "W4A16_NVFP4")
    config_filenames = ("hf_quant_config.json",)

    def __init__(self, quant_method: str = "NVFP4",
                 is_checkpoint_nvfp4_serialized: bool = False,
                 kv_cache_quant_algo: str | None = None,
                 exclude_modules: list[str] | None = None, group_size: int = 16) -> None:
        super().__init__()
        if quant_method not in self.ALGORITHMS:
            raise ValueError(f"ModelOpt NVFP4 algorithm {quant_method!r} is not one of "
                             f"{', '.join(self.ALGORITHMS)}")
        self.exclude_modules = list(exclude_modules or [])
        self.quant_method = quant_method
        self.is_checkpoint_nvfp4_serialized = is_checkpoint_nvfp4_serialized
        # (where the release has it, moe_activation_override: None, since this package
        # builds configs without online settings only)
        self._set_fixed_attributes()
        if is_checkpoint_nvfp4_serialized:
            self.group_size = group_size
            self.kv_cache_quant_algo = kv_cache_quant_algo

    name: ClassVar[str] = "modelopt_fp4"
    act_dtypes: ClassVar[tuple[str, ...]] = ("bfloat16", "float16", "float8_e4m3fn")

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> ModelOptNvFp4Config:
        s = _modelopt_settings(config)
        serialized = "NVFP4" in s["algo"]
        if serialized and "quantization" in config:
            missing = [k for k in ("group_size", "kv_cache_quant_algo", "exclude_modules")
                       if k not in config["quantization"]]
            if missing:
                raise ValueError(f"an NVFP4 hf_quant_config.json needs {missing}")
        return cls(s["algo"], serialized, s["kv_algo"], s["exclude_modules"],
                   16 if s["group_size"] is None else s["group_size"])


#: The config classes, by the names the traits' `methods` give them.
CLASSES: dict[str, type[QuantizationConfig]] = {cls.__name__: cls for cls in (
    Fp8Config, AutoGPTQConfig, AutoAWQConfig, BitsAndBytesConfig, CompressedTensorsConfig,
    ModelOptFp8Config, ModelOptNvFp4Config)}


def method_class(method: str | None) -> type[QuantizationConfig] | None:
    """The config class this release builds for a --quantization method (the traits'
    `methods`), None for a method the engine builds."""
    name = traits()["methods"].get(method) if method else None
    return CLASSES[name] if name is not None else None


def _from_files(cls: type[QuantizationConfig], method: str,
                folder: Path | None) -> QuantizationConfig:
    """The method's config from the checkpoint folder's own settings file, or its
    default config when the method has no such file."""
    names = cls.get_config_filenames()
    if not names:
        return cls()
    found = sorted(p for p in (folder.glob("*.json") if folder else ())
                   if any(p.name.endswith(n) for n in names))
    if not found:
        raise ValueError(f"cannot find the config file for {method} (looked for "
                         f"{', '.join(names)} in {folder})")
    if len(found) > 1:
        raise ValueError(f"found several config files for {method}: "
                         f"{', '.join(str(p) for p in found)}")
    config = json.loads(found[0].read_text())
    if method == "bitsandbytes":
        config["adapter_name_or_path"] = str(folder)
    elif method == "modelopt" and (config.get("producer") or {}).get("name") != "modelopt":
        raise ValueError(f"{found[0]} is not a ModelOpt quantization config")
    return cls.from_config(config)


def quant_config(model_config: Any) -> QuantizationConfig | None:
    """The quantization config for the model's method (model_config.quantization, which
    the checkpoint already reconciled), or None where no method is set or only the
    engine can build it (other methods, online quantization settings)."""
    method = getattr(model_config, "quantization", None)
    cls = method_class(method)
    if cls is None:
        return None
    arch = getattr(model_config, "model_arch_config", None)
    checkpoint = getattr(arch, "quantization_config", None) if arch is not None else None
    facts = getattr(model_config, "checkpoint_facts", None)
    folder = Path(facts.config_dir) if facts is not None and facts.config_dir else None
    online = getattr(model_config, "quantization_config", None) is not None
    settings = traits()
    if online and settings["online_settings_compose"]:
        return None  # composed into the checkpoint's config: the engine's object
    if (cls is Fp8Config and not isinstance(checkpoint, dict)
            and not settings["fp8_quantizes_online"]):
        return None  # online FP8: the engine's online quantization config
    if isinstance(checkpoint, dict):
        config = dict(checkpoint)
        if method == "compressed-tensors" and "config_groups" in config:
            # heads for loading attention-head scales split by tensor parallelism
            heads = arch.total_num_attention_heads
            config["total_num_heads"] = heads
            config["total_num_kv_heads"] = arch.total_num_kv_heads or heads
        built = cls.from_config(config)
    elif online:
        return None  # online quantization settings: the engine's OnlineQuantizationConfig
    elif method == "bitsandbytes":
        built = cls.from_config({})  # quantized while loading
    else:
        built = _from_files(cls, method, folder)
    dtype = str(getattr(model_config, "dtype", "")).removeprefix("torch.")
    supported = built.get_supported_act_dtypes()
    if dtype and dtype not in supported:
        raise ValueError(f"{dtype} is not supported for quantization method {method}; "
                         f"supported dtypes: {supported}")
    built.maybe_update_config(folder)
    return built
