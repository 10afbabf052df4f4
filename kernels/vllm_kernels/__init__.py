"""Hand-written kernel set for the engine's IR ops, behind a priority registry.

Importing this package imports torch but not Triton: the Triton provider is
registered by module name and loaded on its first use.

    import vllm_kernels as vk
    out = vk.rms_norm(x, weight, 1e-6)               # dispatched by priority
    with vk.set_priority(["native"]):
        ref = vk.rms_norm(x, weight, 1e-6)
    vk.provider_uuids()  # {"fused_add_rms_norm": {"native": ..., "triton": ...}, ...}
"""

from __future__ import annotations

from . import native
from ._support import fused_add_rms_norm_args_ok, rms_norm_args_ok, triton_supported
from .registry import NATIVE, Op, OpRegistry, RegistryError

__all__ = [
    "NATIVE",
    "REGISTRY",
    "TRITON",
    "Op",
    "OpRegistry",
    "RegistryError",
    "fused_add_rms_norm",
    "provider_uuids",
    "rms_norm",
    "set_default",
    "set_priority",
]

TRITON = "triton"
_TRITON_MODULE = "vllm_kernels.triton_rms_norm"
# The Triton provider's uuid covers the kernels and the predicates routing calls
# to them; the native one covers its whole module (fused calls rms_norm).
_TRITON_SOURCES = (_TRITON_MODULE, "vllm_kernels._support")
_NATIVE_SOURCES = ("vllm_kernels.native",)

REGISTRY = OpRegistry()

rms_norm: Op = REGISTRY.declare(
    "rms_norm",
    "rms_norm(x, weight: Tensor | None, epsilon: float, variance_size: int | None = None)"
    " -> Tensor",
    "RMS normalisation of the last dim, fp32 accumulation, output in x's dtype.",
)
fused_add_rms_norm: Op = REGISTRY.declare(
    "fused_add_rms_norm",
    "fused_add_rms_norm(x, residual, weight: Tensor | None, epsilon: float,"
    " variance_size: int | None = None, *, in_place: bool = True) -> (out, residual)",
    "residual += x (in place), out = rms_norm(residual); with in_place, out is x.",
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
)
REGISTRY.register(
    "fused_add_rms_norm",
    TRITON,
    f"{_TRITON_MODULE}:fused_add_rms_norm",
    supported=triton_supported,
    supports_args=fused_add_rms_norm_args_ok,
    sources=_TRITON_SOURCES,
)
# Serving default: the fast path first; native is the implicit fallback.
REGISTRY.set_default([TRITON, NATIVE])

set_default = REGISTRY.set_default
set_priority = REGISTRY.set_priority
provider_uuids = REGISTRY.provider_uuids
