"""Hand-written kernel set for the engine's IR ops, behind a priority registry.

Importing this package imports torch but not Triton: the Triton provider is
registered by module name and loaded on its first use.

    import vllm_kernels as vk
    out = vk.rms_norm(x, weight, 1e-6)               # dispatched by priority
    with vk.set_priority(["native"]):
        ref = vk.rms_norm(x, weight, 1e-6)
    y = vk.gelu_and_mul_sparse(x2d, 1.6449, "tanh")  # [..., 2d] -> [..., d]
    vk.provider_uuids()  # {"fused_add_rms_norm": {"native": ..., "triton": ...}, ...}
"""

from __future__ import annotations

from . import native, native_activation
from ._support import fused_add_rms_norm_args_ok, rms_norm_args_ok, triton_supported
from ._support_activation import gelu_and_mul_sparse_args_ok
from .registry import NATIVE, Op, OpRegistry, RegistryError

__all__ = [
    "NATIVE",
    "REGISTRY",
    "TRITON",
    "clear_call_cache",
    "Op",
    "OpRegistry",
    "RegistryError",
    "fused_add_rms_norm",
    "gelu_and_mul_sparse",
    "provider_uuids",
    "rms_norm",
    "set_default",
    "set_priority",
]

TRITON = "triton"
_TRITON_MODULE = "vllm_kernels.triton_rms_norm"
_TRITON_ACTIVATION_MODULE = "vllm_kernels.triton_activation"
# Each provider's uuid covers all of its modules, for every op it serves (the kernels
# and the predicates routing calls to them; native: its whole modules, since fused
# calls rms_norm): the `sources` of schema/kernels.yaml for the newest release, 0.33.0,
# so provider_uuids() equals that release's vllm_config.warmup.PROVIDER_UUIDS. Release
# 0.25.1's cache key keeps the sources it was released with (no activation modules).
_TRITON_SOURCES = (
    _TRITON_MODULE,
    "vllm_kernels._support",
    _TRITON_ACTIVATION_MODULE,
    "vllm_kernels._support_activation",
)
_NATIVE_SOURCES = ("vllm_kernels.native", "vllm_kernels.native_activation")

REGISTRY = OpRegistry()

rms_norm: Op = REGISTRY.declare(
    "rms_norm",
    "rms_norm(x, weight: Tensor | None, epsilon: float, variance_size: int | None = None)"
    " -> Tensor",
    "RMS normalisation of the last dim, fp32 accumulation, output in x's dtype.",
    call_key="vllm_kernels._support:rms_norm_call_key",
)
fused_add_rms_norm: Op = REGISTRY.declare(
    "fused_add_rms_norm",
    "fused_add_rms_norm(x, residual, weight: Tensor | None, epsilon: float,"
    " variance_size: int | None = None, *, in_place: bool = True) -> (out, residual)",
    "residual += x (in place), out = rms_norm(residual); with in_place, out is x.",
    call_key="vllm_kernels._support:fused_add_rms_norm_call_key",
)
gelu_and_mul_sparse: Op = REGISTRY.declare(
    "gelu_and_mul_sparse",
    "gelu_and_mul_sparse(x, std_multiplier: float, approximate: str = 'none') -> Tensor",
    "x = [gate | up] (last dim 2d): gelu(relu(gate - (mean + std * std_multiplier))) * up,"
    " mean and population std per row of the gate; output [..., d] in x's dtype.",
    call_key="vllm_kernels._support_activation:gelu_and_mul_sparse_call_key",
)

REGISTRY.register("rms_norm", NATIVE, native.rms_norm, sources=_NATIVE_SOURCES)
REGISTRY.register("fused_add_rms_norm", NATIVE, native.fused_add_rms_norm, sources=_NATIVE_SOURCES)
REGISTRY.register(
    "rms_norm",
    TRITON,
    f"{_TRITON_MODULE}:rms_norm",
    supported=triton_supported,
    supports_args=rms_norm_args_ok,
    sources=_TRITON_SOURCES,
    bind=f"{_TRITON_MODULE}:bind_rms_norm",
)
REGISTRY.register(
    "fused_add_rms_norm",
    TRITON,
    f"{_TRITON_MODULE}:fused_add_rms_norm",
    supported=triton_supported,
    supports_args=fused_add_rms_norm_args_ok,
    sources=_TRITON_SOURCES,
    bind=f"{_TRITON_MODULE}:bind_fused_add_rms_norm",
)
REGISTRY.register(
    "gelu_and_mul_sparse",
    NATIVE,
    native_activation.gelu_and_mul_sparse,
    sources=_NATIVE_SOURCES,
)
REGISTRY.register(
    "gelu_and_mul_sparse",
    TRITON,
    f"{_TRITON_ACTIVATION_MODULE}:gelu_and_mul_sparse",
    supported=triton_supported,
    supports_args=gelu_and_mul_sparse_args_ok,
    sources=_TRITON_SOURCES,
    bind=f"{_TRITON_ACTIVATION_MODULE}:bind_gelu_and_mul_sparse",
)
# Serving default: the fast path first; native is the implicit fallback.
REGISTRY.set_default([TRITON, NATIVE])

set_default = REGISTRY.set_default
set_priority = REGISTRY.set_priority
provider_uuids = REGISTRY.provider_uuids
clear_call_cache = REGISTRY.clear_call_cache
