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
        "native": "e5efcbdc538b383971a7d94bcd17b74eff7eb6b173fcd766a79fe4d71d3aaae2",
        "triton": "88772354c946d2e6f1f6cce2fb5a4dde71e00a9a34058997f7896af4833b6165",
    },
    "fused_add_rms_norm": {
        "native": "15a6e1d078fddfaddbb4e6f20139da31f3e803c93148d597cdb815a6227ec898",
        "triton": "87af95246c879ce67780e5823584a7ce46b1ccc40c5eaa7c1817deddc71f17ae",
    },
}

#: Default provider order per op (used when IrOpPriorityConfig leaves an op empty).
DEFAULT_PRIORITY: dict[str, tuple[str, ...]] = {
    "rms_norm": ("triton", "native"),
    "fused_add_rms_norm": ("triton", "native"),
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
                             "0.25.1, 0.33.0 (default: 0.25.1, or $CFGC_RELEASE)")
    args = parser.parse_args(argv)
    if args.release is not None and args.release not in ['0.25.1', '0.33.0']:  # one line
        print(f"{parser.prog}: error: --release: invalid choice: {args.release!r} "
              f"(known releases: 0.25.1, 0.33.0)", file=sys.stderr)
        return 2
    if args.release not in (None, "0.25.1"):  # another release's plan: its package
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
