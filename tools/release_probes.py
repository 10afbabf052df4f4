"""Behaviours of the config classes that change between vLLM releases, probed the same
way in vLLM and in vllm_config.

Each probe builds a config or two and answers with a plain value: what a default
resolves to, whether a value is refused, whether a field feeds the cache key. A probe
names what it needs (`Class` or `Class.field`); in a release that lacks one, its answer
is `{"absent": ...}`, so the same list runs against every release.

Run in a release's scratch venv, the probes record what vLLM itself does
(tests/fixtures/release_probes/<release>.json: answers only, never vLLM's wording);
tests/test_release_probes.py runs them against the same release of vllm_config and
compares, for every release schema/project.yaml lists. Adding a release: record it.

    python tools/release_probes.py --record 0.28.0    # vLLM 0.28.0, from its venv
    python tools/release_probes.py --ours 0.28.0      # vllm_config's answers, as JSON

`--record` finds the venv as every vLLM tool does (tools/vllm_venv.py: `--venv DIR`,
else $VLLM_VENV, else $VLLM_VENVS/RELEASE). Only the standard library is imported here;
the probes run in a child process (`--worker`), with vLLM or vllm_config as `v`.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import json
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import vllm_venv  # noqa: E402 - tools/ is on the path

ROOT = Path(__file__).resolve().parent.parent
RECORDINGS = ROOT / "tests" / "fixtures" / "release_probes"


@dataclasses.dataclass(frozen=True)
class Probe:
    name: str
    needs: tuple[str, ...]
    run: Callable[[ModuleType], Any]
    #: Words our refusal must contain (our wording: checked on our side only).
    says: str = ""


PROBES: list[Probe] = []


def _add(name: str, needs: tuple[str, ...], run: Callable[[ModuleType], Any],
         says: str = "") -> None:
    PROBES.append(Probe(name, needs, run, says))


# --- the probes ----------------------------------------------------------------------

#: Defaults of a class built with no arguments: (class, field). A field that joined in
#: some release is `absent` before it.
DEFAULTS = [
    ("AttentionConfig", "indexer_kv_dtype"), ("AttentionConfig", "tokenspeed_mla_min_split_kv"),
    ("AttentionConfig", "hisparse_config"), ("AttentionConfig", "use_fp4_indexer_cache"),
    ("CacheConfig", "replayssm_buffer_len"), ("CacheConfig", "swa_bounded_replay"),
    ("CacheConfig", "prefix_cache_retention_interval"), ("CacheConfig", "block_size"),
    ("CacheConfig", "calculate_kv_scales"),
    ("KernelConfig", "monokernel"), ("KernelConfig", "sparse_indexer_topk_backend"),
    ("MambaConfig", "ssu_algorithm"), ("CompilationConfig", "decoder_replay_trim_threshold"),
    ("MultiModalConfig", "mm_hasher_algorithm"), ("MultiModalConfig", "video_pruning_method"),
    ("PoolerConfig", "enable_flash_late_interaction"),
]

for _cls, _field in DEFAULTS:
    _add(f"default {_cls}.{_field}", (f"{_cls}.{_field}",),
         lambda v, c=_cls, f=_field: getattr(getattr(v, c)(), f))

#: Values refused (or not): (name, needs, what to build, our wording).
REFUSALS: list[tuple[str, tuple[str, ...], Callable[[ModuleType], Any], str]] = [
    ("the MiniMax-M3 indexer's context parallelism with an MXFP4 indexer cache",
     ("AttentionConfig.minimax_m3_indexer_cp", "AttentionConfig.indexer_kv_dtype"),
     lambda v: v.AttentionConfig(minimax_m3_indexer_cp=True, indexer_kv_dtype="mxfp4"),
     "minimax_m3_indexer_cp"),
    ("the simple SSU algorithm", ("MambaConfig.ssu_algorithm",),
     lambda v: v.MambaConfig(ssu_algorithm="simple"), "FlashInfer"),
    ("a custom op both enabled and disabled", ("CompilationConfig.custom_ops",),
     lambda v: v.CompilationConfig(custom_ops=["+rms_norm", "-rms_norm"]), "both enables"),
    ("a custom op with no name", ("CompilationConfig.custom_ops",),
     lambda v: v.CompilationConfig(custom_ops=["+"]), "invalid custom op"),
    ("a decoder-replay capture size of 0",
     ("CompilationConfig.decoder_replay_cudagraph_capture_sizes",),
     lambda v: v.CompilationConfig(decoder_replay_cudagraph_capture_sizes=[0]),
     "decoder_replay"),
    ("mamba_cache_mode all", ("CacheConfig.mamba_cache_mode",),
     lambda v: v.CacheConfig(mamba_cache_mode="all"), "mamba_cache_mode"),
    ("FLy verification of one draft token", ("SpeculativeConfig.rejection_sample_method",),
     lambda v: v.SpeculativeConfig(method="ngram", num_speculative_tokens=1,
                                   rejection_sample_method="fly"), ""),
    ("medusa with no draft model", ("SpeculativeConfig.method",),
     lambda v: v.SpeculativeConfig(method="medusa"), ""),
    ("no LoRA classification labels", ("LoRAConfig.max_lora_cls_labels",),
     lambda v: v.LoRAConfig(max_lora_cls_labels=0), ""),
    ("more active sequences than sequences", ("SchedulerConfig.max_num_active_seqs",),
     lambda v: v.SchedulerConfig(max_model_len=8192, is_encoder_decoder=False,
                                 max_num_seqs=4, max_num_active_seqs=8), ""),
    ("the a2a DCP backend without DCP", ("ParallelConfig.dcp_comm_backend",),
     lambda v: v.ParallelConfig(dcp_comm_backend="a2a"), ""),
    ("DCP larger than TP when PCP is on",
     ("ParallelConfig.prefill_context_parallel_size",
      "ParallelConfig.decode_context_parallel_size"),
     lambda v: v.ParallelConfig(tensor_parallel_size=1, prefill_context_parallel_size=2,
                                decode_context_parallel_size=2), ""),
    ("histogram buckets out of order", ("ObservabilityConfig.custom_histogram_buckets",),
     lambda v: v.ObservabilityConfig(
         custom_histogram_buckets={"request_latency": [2.0, 1.0]}), ""),
    ("the proton profiler without a directory", ("ProfilerConfig.profiler",),
     lambda v: v.ProfilerConfig(profiler="proton"), ""),
    ("a watchdog timeout of 0", ("WatchdogConfig.timeout",),
     lambda v: v.WatchdogConfig(timeout=0), ""),
    ("an encoder cache manager_config without its manager",
     ("EncoderCacheManagerConfig.manager_config",),
     lambda v: v.EncoderCacheManagerConfig(manager_config={"a": 1}), ""),
]

for _name, _needs, _build, _says in REFUSALS:
    _add(f"refuses {_name}", _needs, lambda v, b=_build: (b(v), "accepted")[1], _says)

#: Whether a field feeds the cache key: (class, arguments of the base instance, the
#: field and the other value it is set to).
HASHED: list[tuple[str, dict[str, Any], str, Any]] = [
    ("CacheConfig", {}, "kv_cache_memory_bytes", 1 << 30),
    ("CacheConfig", {}, "use_replayssm", True),
    ("KernelConfig", {}, "enable_jit_warmup", False),
    ("KernelConfig", {}, "monokernel", True),
    ("IrOpPriorityConfig", {}, "gelu_and_mul_sparse", "native"),
    ("MultiModalConfig", {}, "mm_device_do_normalize", False),
    ("LoRAConfig", {}, "enable_moe_shared_loras", True),
    ("AuxOutputConfig", {}, "enable_return_routed_experts", True),
    ("AuxOutputConfig", {}, "max_bytes", 10),
    ("SchedulerConfig", {"max_model_len": 8192, "is_encoder_decoder": False},
     "max_num_seqs", 7),
]


def _hashed(v: ModuleType, cls: str, base: dict[str, Any], field: str, value: Any) -> bool:
    make = getattr(v, cls)
    return make(**base, **{field: value}).compute_hash() != make(**base).compute_hash()


for _cls, _base, _field, _value in HASHED:
    _add(f"the cache key reads {_cls}.{_field}", (f"{_cls}.{_field}",),
         lambda v, c=_cls, b=_base, f=_field, x=_value: _hashed(v, c, b, f, x))


def _resolved(v: ModuleType, build: str, path: str) -> Any:
    obj = eval(build, {"v": v})  # noqa: S307 - the probes' own expressions
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


#: A whole VllmConfig, its device named: older releases cannot guess it on a machine
#: with no accelerator (0.33.0 calls the argument deprecated and detects it).
_VLLM_CPU = "v.VllmConfig(device_config=v.DeviceConfig(device='cpu'))"

#: What a config resolves from what it is given: (needs, expression building it,
#: attribute path read from it).
RESOLVED: list[tuple[tuple[str, ...], str, str]] = [
    (("AttentionConfig.minimax_m3_msa_decode_backend",),
     "v.AttentionConfig(backend='triton_msa')", "backend"),
    (("AttentionConfig.minimax_m3_msa_decode_backend",),
     "v.AttentionConfig(backend='triton_msa')", "minimax_m3_msa_decode_backend"),
    (("AttentionConfig.minimax_m3_msa_decode_backend",),
     "v.AttentionConfig(backend='cutlass_msa')", "backend"),
    (("AttentionConfig.minimax_m3_msa_decode_backend",),
     "v.AttentionConfig(backend='cutlass_msa')", "minimax_m3_msa_decode_backend"),
    (("AttentionConfig.hisparse_config",),
     "v.AttentionConfig(hisparse_config={'device_buffer_size': 64})",
     "hisparse_config.device_buffer_size"),
    (("AttentionConfig.hisparse_config",),
     "v.AttentionConfig(hisparse_config={'device_buffer_size': 64})",
     "hisparse_config.eager_host_mirror"),
    (("IrOpPriorityConfig.gelu_and_mul_sparse",),
     "v.IrOpPriorityConfig(gelu_and_mul_sparse='native')", "gelu_and_mul_sparse"),
    (("SpeculativeConfig.rejection_sample_method", "SpeculativeConfig.fly_window_size"),
     "v.SpeculativeConfig(method='ngram', num_speculative_tokens=4,"
     " rejection_sample_method='fly')", "fly_window_size"),
    (("ParallelConfig.elastic_ep_max_dp_size",),
     "v.ParallelConfig(data_parallel_size=1)", "elastic_ep_max_dp_size"),
    # with no model, nothing checks the architecture: the switch is kept as given
    (("CacheConfig.use_replayssm",),
     "v.VllmConfig(cache_config=v.CacheConfig(use_replayssm=True),"
     " device_config=v.DeviceConfig(device='cpu'))", "cache_config.use_replayssm"),
    (("ParallelConfig.dcp_comm_backend",), _VLLM_CPU, "parallel_config.dcp_comm_backend"),
    (("ParallelConfig.dcp_q_replicate",), _VLLM_CPU, "parallel_config.dcp_q_replicate"),
    (("ParallelConfig.enable_batch_sharded_sampling",), _VLLM_CPU,
     "parallel_config.enable_batch_sharded_sampling"),
]

for _needs, _build, _path in RESOLVED:
    _add(f"{_build}.{_path}", _needs, lambda v, b=_build, p=_path: _resolved(v, b, p))

_add("MultiModalConfig(video_pruning_rate=0.5).get_video_pruning_spec()",
     ("MultiModalConfig.get_video_pruning_spec",),
     lambda v: v.MultiModalConfig(video_pruning_rate=0.5).get_video_pruning_spec())


# --- running them --------------------------------------------------------------------


def _class(v: ModuleType, name: str) -> Any:
    """A class by name: exported by the package, or defined in one of its modules that
    is loaded (vLLM leaves some, such as IrOpPriorityConfig, to vllm.config.kernel)."""
    found = getattr(v, name, None)
    if found is None:
        prefix = v.__name__ + "."
        for module_name, module in sorted(sys.modules.items()):
            if module_name.startswith(prefix) and module is not None:
                found = vars(module).get(name)
                if isinstance(found, type):
                    break
                found = None
    return found


class _Classes:
    """`v` as the probes see it: every class by name (see _class)."""

    def __init__(self, package: ModuleType) -> None:
        self._package = package

    def __getattr__(self, name: str) -> Any:
        found = _class(self._package, name)
        if found is None:
            raise AttributeError(name)
        return found


def _has(v: Any, need: str) -> bool:
    cls_name, _, member = need.partition(".")
    cls = getattr(v, cls_name, None)
    if cls is None or not member:
        return cls is not None
    if dataclasses.is_dataclass(cls) and member in {f.name for f in dataclasses.fields(cls)}:
        return True
    return hasattr(cls, member)


def plain(value: Any) -> Any:
    """A value as JSON, the same for vLLM's and our objects: an enum by its name, a
    torch dtype by its text, tuples as lists."""
    if isinstance(value, enum.Enum):
        return value.name
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, dict):
        return {str(k): plain(x) for k, x in value.items()}
    if isinstance(value, list | tuple):
        return [plain(x) for x in value]
    return {"repr": repr(value)}


def answer(v: Any, probe: Probe, ours: bool) -> Any:
    """One probe's answer; on our side, a refusal also carries its message."""
    missing = [need for need in probe.needs if not _has(v, need)]
    if missing:
        return {"absent": missing}
    try:
        return plain(probe.run(v))
    except (ValueError, TypeError) as exc:  # pydantic's ValidationError is a ValueError
        return {"refused": True, **({"message": str(exc)} if ours else {})}
    except Exception as exc:  # noqa: BLE001 - a probe that fails otherwise says how
        return {"error": type(exc).__name__}


def worker(side: str, out: str) -> None:
    import warnings

    warnings.simplefilter("ignore")
    if side == "vllm":
        import vllm.config as v
    else:
        import vllm_config as v
    classes = _Classes(v)
    answers = {p.name: answer(classes, p, side == "ours") for p in PROBES}
    Path(out).write_text(json.dumps(answers, indent=1, sort_keys=True) + "\n")


def run_probes(python: str, side: str, env: dict[str, str]) -> dict[str, Any]:
    """The probes' answers from a child process."""
    with tempfile.TemporaryDirectory(prefix="release-probes-") as tmp:
        out = Path(tmp) / "answers.json"
        proc = subprocess.run([python, __file__, "--worker", side, str(out)], env=env,
                              capture_output=True, text=True, check=False, timeout=600)
        if proc.returncode != 0 or not out.is_file():
            tail = proc.stderr.strip().splitlines()[-1:] or ["no output"]
            raise RuntimeError(f"the {side} probes failed: {tail[0]}")
        return json.loads(out.read_text())


def ours(release: str) -> dict[str, Any]:
    """vllm_config's answers in `release` (this Python must have the package)."""
    env = {**os.environ, "CFGC_RELEASE": release}
    return run_probes(sys.executable, "ours", env)


def record(release: str, venv: Path | None, out: Path | None = None) -> Path:
    """Record `release`'s answers into `out` (default: the fixture of the release)."""
    python = vllm_venv.vllm_python("release_probes", release, venv)
    env = {k: x for k, x in os.environ.items() if not k.startswith("CFGC_")}
    env.update(VLLM_TARGET_DEVICE="cpu", HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false")
    answers = run_probes(str(python), "vllm", env)
    broken = sorted(name for name, a in answers.items() if isinstance(a, dict) and "error" in a)
    if broken:
        sys.exit(f"release_probes: in vLLM {release} these probes failed otherwise than "
                 f"by refusing: {', '.join(broken)}")
    path = out or RECORDINGS / f"{release}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({
        "about": f"Recorded by tools/release_probes.py --record {release}: the answers of "
                 f"vLLM {release} itself (CPU platform, offline) to the probes of "
                 "tools/release_probes.py; refusals without vLLM's wording.",
        "release": release, "answers": answers}, indent=1, sort_keys=True) + "\n")
    return path


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["--worker"] and len(args) == 3:
        worker(args[1], args[2])
        return 0
    ap = argparse.ArgumentParser(prog="release_probes", description=__doc__.split("\n\n")[0])
    what = ap.add_mutually_exclusive_group(required=True)
    what.add_argument("--record", metavar="RELEASE", help="record vLLM RELEASE's answers")
    what.add_argument("--ours", metavar="RELEASE", help="print vllm_config's answers")
    vllm_venv.add_venv_argument(ap)
    ap.add_argument("--out", type=Path, help="with --record: write here, not into "
                    "tests/fixtures/release_probes/RELEASE.json")
    ns = ap.parse_args(args)
    try:
        if ns.record:
            print(record(ns.record, ns.venv, ns.out).resolve())
        else:
            print(json.dumps(ours(ns.ours), indent=1, sort_keys=True))
    except RuntimeError as exc:
        sys.exit(f"release_probes: {exc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
