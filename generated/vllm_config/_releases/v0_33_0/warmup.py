# Generated from schema/kernels.yaml by cfgc; do not edit.
"""Kernel warmup: every specialisation serving can hit, and the entry that compiles them.

Run before serving (`python -m vllm_config.warmup`) so nothing JIT-compiles while
requests are in flight; afterwards a JIT monitor warns (or raises) on any compilation.
The plan is the product of each op's specialisations in schema/kernels.yaml.
"""

import argparse
import os
import sys
from typing import Any

#: {op: {provider: uuid}}: SHA-256 of each provider's sources; feeds the cache key.
PROVIDER_UUIDS: dict[str, dict[str, str]] = {
    "rms_norm": {
        "native": "7a873a832154d97c0745bde5bce71bd600b782d85f68b5a6e9489920ab94449a",
        "triton": "303f1b77ffddeed88ab6e9999ea3152887ffba58dfe9a56008dbf3a01441c1ff",
    },
    "fused_add_rms_norm": {
        "native": "a3415f926037be522156d08ea9fb28dc7d43a7c181da56161d1eef329f31eac4",
        "triton": "dca91ed36539e424a272f4e2ff931c84b9b1797315ddc35aa2f736d0f39d4883",
    },
    "gelu_and_mul_sparse": {
        "native": "5513df06eb16032c418344ff726973c0fa96abc7c7c7cafabec33c7e5af02c8e",
        "triton": "6579b3cc5013a113ade716cc47b9a84f12ce9e16110deee78726aa44daa6370f",
    },
}

#: Default provider order per op (used when IrOpPriorityConfig leaves an op empty).
DEFAULT_PRIORITY: dict[str, tuple[str, ...]] = {
    "rms_norm": ("triton", "native"),
    "fused_add_rms_norm": ("triton", "native"),
    "gelu_and_mul_sparse": ("triton", "native"),
}

#: Token counts every plan item launches with.
NUM_TOKENS: tuple[int, ...] = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192)

#: Every specialisation to compile, one dict per item (vllm_kernels.warmup format).
PLAN: tuple[dict[str, Any], ...] = (
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 2048, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 2048, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 4096, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 4096, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 5120, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 5120, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 7168, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 7168, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 8192, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 8192, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 2048, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 2048, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 4096, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 4096, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 5120, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 5120, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 7168, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 7168, "has_weight": False},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 8192, "has_weight": True},
    {"op": "rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 8192, "has_weight": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 2048, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 2048, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 4096, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 4096, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 5120, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 5120, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 7168, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 7168, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 8192, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "bfloat16", "hidden_size": 8192, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 2048, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 2048, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 4096, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 4096, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 5120, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 5120, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 7168, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 7168, "has_weight": True, "in_place": False},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 8192, "has_weight": True, "in_place": True},
    {"op": "fused_add_rms_norm", "provider": "triton", "dtype": "float16", "hidden_size": 8192, "has_weight": True, "in_place": False},
    {"op": "gelu_and_mul_sparse", "provider": "triton", "dtype": "bfloat16", "hidden_size": 8192},
    {"op": "gelu_and_mul_sparse", "provider": "triton", "dtype": "bfloat16", "hidden_size": 16384},
    {"op": "gelu_and_mul_sparse", "provider": "triton", "dtype": "float16", "hidden_size": 8192},
    {"op": "gelu_and_mul_sparse", "provider": "triton", "dtype": "float16", "hidden_size": 16384},
)


def warmup(device: str | None = None, monitor: str | None = "warn",
           progress: bool = True) -> Any:
    """Compile every item of PLAN on `device`, then leave the JIT monitor armed
    ("warn" or "raise" on any later compilation; None removes it)."""
    from vllm_kernels.warmup import run_warmup  # imports torch: only when warming up

    plan = [{**item, "num_tokens": NUM_TOKENS} for item in PLAN]
    return run_warmup(plan, device=device, progress=progress, monitor=monitor)


def _print(text: str) -> int:
    """Write to stdout; a reader that stops early (`| head -1`) is not an error."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # The exit-time flush would fail again: point stdout at nothing first.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vllm_config.warmup",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--device", default=None, help="torch device (default: cuda if present)")
    parser.add_argument("--monitor", choices=["warn", "raise", "count"], default="warn",
                        help="what a compilation after warmup does")
    parser.add_argument("--list", action="store_true", help="print the plan and exit")
    parser.add_argument("--release", default=None, metavar="RELEASE",
                        help="the vLLM release whose kernel set to warm, one of "
                             "0.25.1, 0.26.0, 0.27.1, 0.28.0, 0.29.0, 0.30.0, 0.31.0, 0.33.0 (default: 0.33.0, or $CFGC_RELEASE)")
    args = parser.parse_args(argv)
    if args.release is not None and args.release not in ['0.25.1', '0.26.0', '0.27.1', '0.28.0', '0.29.0', '0.30.0', '0.31.0', '0.33.0']:  # one line
        print(f"{parser.prog}: error: --release: invalid choice: {args.release!r} "
              f"(known releases: 0.25.1, 0.26.0, 0.27.1, 0.28.0, 0.29.0, 0.30.0, 0.31.0, 0.33.0)", file=sys.stderr)
        return 2
    if args.release not in (None, "0.33.0"):  # another release's plan: its package
        import subprocess

        rest = list(sys.argv[1:] if argv is None else argv)
        rest = [a for i, a in enumerate(rest) if a != "--release" and not a.startswith(
            "--release=") and (i == 0 or rest[i - 1] != "--release")]
        return subprocess.call([sys.executable, "-m", "vllm_config.warmup", *rest],
                               env={**os.environ, "CFGC_RELEASE": args.release})
    if args.list:
        lines = [" ".join(f"{k}={v}" for k, v in item.items() if k != "num_tokens")
                 for item in PLAN]
        lines.append(f"{len(PLAN)} items x {len(NUM_TOKENS)} token counts")
        return _print("\n".join(lines) + "\n")
    if args.device is not None:  # a bad device is one line naming the flag, not torch's traceback
        import torch

        try:
            dev = torch.device(args.device)
        except RuntimeError as exc:
            parser.error(f"--device {args.device!r}: {str(exc).splitlines()[0]}")
        count = torch.cuda.device_count() if torch.cuda.is_available() else 0
        if dev.type == "cuda" and (dev.index or 0) >= count:
            parser.error(f"--device {args.device!r}: no such CUDA device here ({count} found)")
    report = warmup(device=args.device, monitor=args.monitor)
    print(report, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
