# Generated from schema/kernel.yaml by cfgc; do not edit.
"""Config classes: IrOpPriorityConfig, KernelConfig."""

from hashlib import sha256 as _sha256
from typing import Any

from pydantic import Field, field_validator

from cfgc.hooks import kernel as _hooks
from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config import platforms as _platforms
from vllm_config.types import CompilationMode, IrOpProvider, LinearBackend, MoEBackend


@config
class IrOpPriorityConfig:
    """Provider priority per IR op (e.g. "triton,native"): dispatch tries them in order
    and falls back to the native implementation. Lists given here get the platform's
    defaults appended when the engine starts.
    """

    rms_norm: list[IrOpProvider] = Field(default_factory=list)
    """Providers to try for rms_norm, in order (choices: native, triton; or the engine's own: vllm_c, aiter, oink, xpu_kernels); a comma-separated string is accepted. Empty means the registry default (triton, native). rms_norm: RMS normalisation of the last dimension: x / sqrt(mean(x^2) + epsilon) * weight, accumulated in fp32 and returned in x's dtype."""

    fused_add_rms_norm: list[IrOpProvider] = Field(default_factory=list)
    """Providers to try for fused_add_rms_norm, in order (choices: native, triton; or the engine's own: vllm_c, aiter, oink, xpu_kernels); a comma-separated string is accepted. Empty means the registry default (triton, native). fused_add_rms_norm: Adds x into the residual stream in place, then RMS-normalises the sum; returns (out, residual). With in_place, out is written over x."""

    @field_validator("rms_norm", mode="before")
    @classmethod
    def _before_rms_norm(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.replace(' ', '').split(',')
        if isinstance(value, (list, tuple)) and not all(isinstance(name, str) for name in value):
            raise ValueError(f'provider names must be strings, got {value!r}')
        return value

    @field_validator("fused_add_rms_norm", mode="before")
    @classmethod
    def _before_fused_add_rms_norm(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.replace(' ', '').split(',')
        if isinstance(value, (list, tuple)) and not all(isinstance(name, str) for name in value):
            raise ValueError(f'provider names must be strings, got {value!r}')
        return value

    def set_default(self) -> "None":
        """Makes these provider lists the process-wide default of every IR op."""
        raise _r.NotSupportedError("IrOpPriorityConfig.set_default() is not available in vllm_config: the IR op registry it writes to lives in vLLM's kernels (torch)")

    def set_priority(self) -> "Any":
        """A context manager that applies these provider lists to every IR op while open."""
        raise _r.NotSupportedError("IrOpPriorityConfig.set_priority() is not available in vllm_config: the IR op registry it writes to lives in vLLM's kernels (torch)")

    @classmethod
    def with_default(cls, default: "list[str]", **kwargs: "list[str]") -> "IrOpPriorityConfig":
        """A config whose ops not given as keyword arguments all get a copy of `default`."""
        return cls(**{'rms_norm': list(default), 'fused_add_rms_norm': list(default), **kwargs})

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "_impls": _h.canon(_hooks.impl_uuids(self)),
            "fused_add_rms_norm": tuple(self.fused_add_rms_norm),
            "rms_norm": tuple(self.rms_norm),
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = _h.text_of(self, lambda: (  # names the field of a value without stable identity
            _h.canon(_hooks.impl_uuids(self)),
            tuple(self.fused_add_rms_norm),
            tuple(self.rms_norm),
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_IrOpPriorityConfig.get(text)
        if digest is None:
            digest = _sha256(b"IrOpPriorityConfig:_impls,fused_add_rms_norm,rms_norm:" + text.encode()).hexdigest()
            _h.remember(_MEMO_IrOpPriorityConfig, text, digest)
        return digest


_MEMO_IrOpPriorityConfig: dict[str, str] = {}
"""Canonical factor text -> digest for IrOpPriorityConfig.compute_hash (bounded by _h.remember)."""


@config
class KernelConfig:
    """Which kernel families serve MoE and quantized linear layers, and warmup options."""

    ir_op_priority: IrOpPriorityConfig = Field(default_factory=IrOpPriorityConfig)
    """Provider order for each IR op; platform defaults are appended later."""

    enable_flashinfer_autotune: bool = None  # unset: filled in after construction
    """Run FlashInfer's autotuner during warmup. Left unset, the platform decides."""

    enable_cutedsl_warmup: bool = True
    """Compile the CuTeDSL kernels during kernel warmup, so the first requests do not
    pay for it. No command-line flag; set it through --kernel-config.
    """

    moe_backend: MoEBackend = "auto"
    """Kernel family for MoE expert computation; "auto" picks from model and hardware.
    Case and dashes are ignored ("Deep-GEMM" = "deep_gemm"). Some families only
    serve certain formats: deep_gemm needs fp8 block quantization, marlin is for
    weight-only quantization, flashinfer_cutedsl is fp4-only, aiter and flydsl are
    ROCm-only, hpc is fp8 on Hopper, emulation dequantizes to BF16/FP16 (slow,
    for testing).
    """

    linear_backend: LinearBackend = "auto"
    """Kernel family for quantized linear-layer GEMMs; "auto" picks from model and
    hardware. Case and dashes are ignored. machete, conch and exllama serve
    mixed-precision weights, aiter is ROCm-only, and emulation dequantizes to BF16
    (slow, for testing only).
    """

    @field_validator("enable_flashinfer_autotune", mode="wrap")
    @classmethod
    def _skip_none_enable_flashinfer_autotune(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("moe_backend", mode="before")
    @classmethod
    def _before_moe_backend(cls, value: Any) -> Any:
        value = _v.lower(value)
        value = _v.dash_to_underscore(value)
        return value

    @field_validator("linear_backend", mode="before")
    @classmethod
    def _before_linear_backend(cls, value: Any) -> Any:
        value = _v.lower(value)
        value = _v.dash_to_underscore(value)
        return value

    def set_platform_defaults(self, vllm_config: "Any") -> "None":
        """Appends the platform's default provider order to each IR op list (keeping the user's providers first; calling it again changes nothing)."""
        _platforms.add_ir_op_priority(self.ir_op_priority, getattr(vllm_config.device_config, 'device_type', ''), vllm_config.compilation_config.backend == 'inductor' and vllm_config.compilation_config.mode != CompilationMode.NONE)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "ir_op_priority": self.ir_op_priority.compute_hash(),
            "linear_backend": self.linear_backend,
            "moe_backend": self.moe_backend,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            self.ir_op_priority.compute_hash(),
            self.linear_backend,
            self.moe_backend,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_KernelConfig.get(text)
        if digest is None:
            digest = _sha256(b"KernelConfig:ir_op_priority,linear_backend,moe_backend:" + text.encode()).hexdigest()
            _h.remember(_MEMO_KernelConfig, text, digest)
        return digest


_MEMO_KernelConfig: dict[str, str] = {}
"""Canonical factor text -> digest for KernelConfig.compute_hash (bounded by _h.remember)."""
