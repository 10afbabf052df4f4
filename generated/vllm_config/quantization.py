# Generated from schema/quantization.yaml by cfgc; do not edit.
"""Config classes: QuantSpec, QuantizationConfigArgs."""

from hashlib import sha256 as _sha256
from typing import Any

from pydantic import Field, field_validator

from cfgc.runtime import hashing as _h
from cfgc.runtime import quantization as _quantization
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config.types import QuantKeyName

#: The structured settings of a `--quantization` shorthand merged with `--quantization-config`.
resolve_quantization_config = _quantization.resolve_quantization_config

#: What the quantization method configs of this release are like, as data that the checkpoint library (cfgc.checkpoint.quant) reads when it builds VllmConfig.quant_config: which configs it builds, their capabilities and fixed attributes, and how the methods read a checkpoint.
_QUANT_CONFIG_TRAITS = {'methods': {'fp8': 'Fp8Config',
             'gptq': 'AutoGPTQConfig',
             'gptq_marlin': 'AutoGPTQConfig',
             'auto_gptq': 'AutoGPTQConfig',
             'awq': 'AutoAWQConfig',
             'awq_marlin': 'AutoAWQConfig',
             'auto_awq': 'AutoAWQConfig',
             'bitsandbytes': 'BitsAndBytesConfig',
             'compressed-tensors': 'CompressedTensorsConfig',
             'modelopt': 'ModelOptFp8Config',
             'modelopt_fp4': 'ModelOptNvFp4Config'},
 'min_capability': {'Fp8Config': 75,
                    'AutoGPTQConfig': 60,
                    'AutoAWQConfig': 75,
                    'BitsAndBytesConfig': 70,
                    'CompressedTensorsConfig': 70,
                    'ModelOptFp8Config': 89,
                    'ModelOptNvFp4Config': 75},
 'attributes': {},
 'fp8_quantizes_online': True,
 'online_settings_compose': False,
 'gptq_activation_order': True,
 'modelopt_block_algorithms': [],
 'modelopt_flat_exclude_keys': ['ignore']}


@config
class QuantSpec:
    """The quantization of one layer kind (linear or MoE). A side left unset keeps the
    method's own default (the checkpoint's, or none for online quantization).
    """

    weight: QuantKeyName | None = None
    """How the weights are quantized."""

    activation: QuantKeyName | None = None
    """How the activations are quantized."""

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "activation": self.activation,
            "weight": self.weight,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            self.activation,
            self.weight,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_QuantSpec.get(text)
        if digest is None:
            digest = _sha256(b"QuantSpec:activation,weight:" + text.encode()).hexdigest()
            _h.remember(_MEMO_QuantSpec, text, digest)
        return digest


_MEMO_QuantSpec: dict[str, str] = {}
"""Canonical factor text -> digest for QuantSpec.compute_hash (bounded by _h.remember)."""


@config
class QuantizationConfigArgs:
    """Structured online quantization: a spec for linear layers, one for MoE layers, and
    layers to leave alone. `linear` and `moe` also take a string: a shorthand of
    `--quantization` (its spec for that layer kind) or a scheme name (the weights'
    scheme).
    """

    linear: QuantSpec | None = None
    """Quantization of the linear layers."""

    moe: QuantSpec | None = None
    """Quantization of the MoE expert layers."""

    ignore: list[str] = Field(default_factory=list)
    """Layers that stay unquantized."""

    @field_validator("linear", mode="before")
    @classmethod
    def _before_linear(cls, value: Any) -> Any:
        if (isinstance(value, str) and value in _ONLINE_SHORTHANDS) and _ONLINE_SHORTHANDS[value].linear is None:
            raise ValueError(f'the online shorthand {value!r} has no linear spec')
        if isinstance(value, str):
            value = (_ONLINE_SHORTHANDS[value].linear if value in _ONLINE_SHORTHANDS else QuantSpec(weight=value))
        value = _v.dict_to_class(value, QuantSpec)
        return value

    @field_validator("moe", mode="before")
    @classmethod
    def _before_moe(cls, value: Any) -> Any:
        if (isinstance(value, str) and value in _ONLINE_SHORTHANDS) and _ONLINE_SHORTHANDS[value].moe is None:
            raise ValueError(f'the online shorthand {value!r} has no moe spec')
        if isinstance(value, str):
            value = (_ONLINE_SHORTHANDS[value].moe if value in _ONLINE_SHORTHANDS else QuantSpec(weight=value))
        value = _v.dict_to_class(value, QuantSpec)
        return value

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "ignore": tuple(self.ignore),
            "linear": _h.nested(self.linear),
            "moe": _h.nested(self.moe),
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            tuple(self.ignore),
            _h.nested(self.linear),
            _h.nested(self.moe),
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_QuantizationConfigArgs.get(text)
        if digest is None:
            digest = _sha256(b"QuantizationConfigArgs:ignore,linear,moe:" + text.encode()).hexdigest()
            _h.remember(_MEMO_QuantizationConfigArgs, text, digest)
        return digest


_MEMO_QuantizationConfigArgs: dict[str, str] = {}
"""Canonical factor text -> digest for QuantizationConfigArgs.compute_hash (bounded by _h.remember)."""


#: The online-quantization shorthands `quantization` takes, and "online".
ONLINE_QUANT_SHORTHAND_NAMES = ('fp8_per_tensor', 'fp8_per_block', 'fp8_per_channel', 'mxfp8', 'int8_per_channel_weight_only', 'online')


#: What each online `--quantization` shorthand means, as structured settings.
_ONLINE_SHORTHANDS = {
    'fp8_per_tensor': QuantizationConfigArgs(linear=QuantSpec(weight='fp8_per_tensor_static'), moe=QuantSpec(weight='fp8_per_tensor_static')),
    'fp8_per_block': QuantizationConfigArgs(linear=QuantSpec(weight='fp8_per_block_static'), moe=QuantSpec(weight='fp8_per_block_static')),
    'fp8_per_channel': QuantizationConfigArgs(linear=QuantSpec(weight='fp8_per_channel_static'), moe=QuantSpec(weight='fp8_per_channel_static')),
    'mxfp8': QuantizationConfigArgs(linear=QuantSpec(weight='mxfp8'), moe=QuantSpec(weight='mxfp8')),
    'int8_per_channel_weight_only': QuantizationConfigArgs(moe=QuantSpec(weight='int8_per_channel_static')),
}
