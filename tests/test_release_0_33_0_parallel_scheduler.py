"""vLLM 0.33.0 behaviours of the parallel, scheduler, observability, profiler, transfer,
VllmConfig and new classes (issue 22), checked in a subprocess with CFGC_RELEASE=0.33.0
and, for the same probe, that 0.25.1 keeps its own behaviour."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TINY_OPT = ROOT / "tests" / "fixtures" / "parity" / "tiny-opt"

PROBE = textwrap.dedent(
    """
    import dataclasses, json
    import vllm_config as v

    def rejects(make):
        try:
            make()
        except (ValueError, TypeError):
            return "rejected"
        return None

    out = {"release": v.RELEASE}
    names = {f.name for f in dataclasses.fields(v.ParallelConfig)}
    out["parallel_new"] = sorted(names & {"dp_sync_interval", "enable_hc_sp",
        "enable_fault_tolerance", "fault_tolerance_config", "dcp_q_replicate"})
    out["sd_worker_cls"] = "sd_worker_cls" in names
    sched = {f.name for f in dataclasses.fields(v.SchedulerConfig)}
    out["partial_prefills"] = "max_num_partial_prefills" in sched
    out["new_classes"] = sorted(n for n in ("AuxOutputConfig", "LoggingConfig",
        "WatchdogConfig", "FaultToleranceConfig") if hasattr(v, n))
    if v.RELEASE == "0.33.0":
        s = v.SchedulerConfig(max_model_len=8192, is_encoder_decoder=False)
        out["max_num_seqs_hashed"] = "max_num_seqs" in s.hash_factors()
        out["active_above_seqs"] = rejects(lambda: v.SchedulerConfig(
            max_model_len=8192, is_encoder_decoder=False, max_num_seqs=4,
            max_num_active_seqs=8))
        out["a2a_without_dcp"] = rejects(lambda: v.ParallelConfig(dcp_comm_backend="a2a"))
        out["dcp_spans_pcp"] = rejects(lambda: v.ParallelConfig(
            tensor_parallel_size=1, prefill_context_parallel_size=2,
            decode_context_parallel_size=2))
        out["elastic_ceiling"] = v.ParallelConfig(data_parallel_size=1).elastic_ep_max_dp_size
        vc = v.VllmConfig()
        out["dcp_defaults"] = [vc.parallel_config.dcp_comm_backend,
                               vc.parallel_config.dcp_q_replicate,
                               vc.parallel_config.enable_batch_sharded_sampling]
        out["aux_hash"] = (v.AuxOutputConfig(enable_return_routed_experts=True).compute_hash()
                           != v.AuxOutputConfig().compute_hash())
        out["aux_max_bytes_hash"] = (v.AuxOutputConfig(max_bytes=10).compute_hash()
                                     == v.AuxOutputConfig().compute_hash())
        out["bad_buckets"] = rejects(lambda: v.ObservabilityConfig(
            custom_histogram_buckets={"request_latency": [2.0, 1.0]}))
        out["proton_dir_needed"] = rejects(lambda: v.ProfilerConfig(profiler="proton"))
        out["watchdog_zero"] = rejects(lambda: v.WatchdogConfig(timeout=0))
        out["manager_config_alone"] = rejects(
            lambda: v.EncoderCacheManagerConfig(manager_config={"a": 1}))
    print(json.dumps(out))
    """
)


def probe(release: str) -> dict:
    env = {**os.environ, "CFGC_RELEASE": release}
    proc = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True,
                          text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_0_33_0_fields_rules_and_hash() -> None:
    got = probe("0.33.0")
    assert got["release"] == "0.33.0"
    assert got["parallel_new"] == ["dcp_q_replicate", "dp_sync_interval", "enable_fault_tolerance",
                                   "enable_hc_sp", "fault_tolerance_config"]
    assert got["sd_worker_cls"] is False
    assert got["partial_prefills"] is False
    assert got["new_classes"] == ["AuxOutputConfig", "FaultToleranceConfig", "LoggingConfig",
                                  "WatchdogConfig"]
    assert got["max_num_seqs_hashed"] is True
    assert got["active_above_seqs"] == "rejected"
    assert got["a2a_without_dcp"] is None  # 0.33.0 dropped the a2a / DCP size check
    assert got["dcp_spans_pcp"] is None  # with PCP, DCP may span the PCP axis
    assert got["elastic_ceiling"] == 1
    assert got["dcp_defaults"] == ["ag_rs", False, False]
    assert got["aux_hash"] is True
    assert got["aux_max_bytes_hash"] is True
    assert got["bad_buckets"] == "rejected"
    assert got["proton_dir_needed"] == "rejected"
    assert got["watchdog_zero"] == "rejected"
    assert got["manager_config_alone"] == "rejected"


def test_0_25_1_keeps_its_surface() -> None:
    got = probe("0.25.1")
    assert got["parallel_new"] == []
    assert got["sd_worker_cls"] is True
    assert got["partial_prefills"] is True
    assert got["new_classes"] == []


def show(release: str, *argv: str) -> tuple[int, dict | str]:
    cmd = [sys.executable, "-m", "cfgc.runtime.cli", "--release", release, "show",
           "--model", str(TINY_OPT), *argv, "--format", "json"]
    exe = Path(sys.executable).with_name("vllm-config")
    if exe.exists():
        cmd = [str(exe), *cmd[3:]]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=300)
    if proc.returncode != 0:
        return proc.returncode, proc.stderr
    return 0, json.loads(proc.stdout)


def test_0_33_0_flags() -> None:
    rc, out = show("0.33.0", "--log-level", "DEBUG", "--kda-decode-backend", "native",
                   "--dp-sync-interval", "4", "--max-num-queued-tokens", "32k",
                   "--cp-kv-cache-interleave-size", "1")
    assert rc == 0, out
    assert isinstance(out, dict)
    assert out["logging_config"]["values"]["log_level"] == "DEBUG"
    assert out["VllmConfig"]["values"]["additional_config"] == {"kda_decode_backend": "native"}
    assert out["parallel_config"]["values"]["dp_sync_interval"] == 4
    assert out["parallel_config"]["values"]["_allow_auto_resolve_cp_interleave_size"] is False
    assert out["scheduler_config"]["values"]["max_num_queued_tokens"] == 32000  # k is 1000, K 1024
    # Removed with its field in 0.33.0; 0.25.1 knows the flag (and rejects 2 itself).
    rc, err = show("0.33.0", "--max-num-partial-prefills", "2")
    assert rc != 0 and "unknown flag --max-num-partial-prefills" in str(err)
    rc, err = show("0.25.1", "--max-num-partial-prefills", "2")
    assert rc != 0 and "partial prefills are not supported" in str(err)
    assert "unknown flag" not in str(err)
