"""The engine-only flags (EngineArgs) resolve like the others. That every flag of each
release's `vllm serve` is an option of ours, and the manifest lists exactly them, is
checked for every listed release by tests/test_release_surface.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cfgc.runtime.cli.build import build_configs
from vllm_config import _cli_table

FACTS = json.loads((Path(__file__).parent.parent / "facts" /
                    "engine_flags_0_25_1.json").read_text())
RELEASE_FACTS = json.loads((Path(__file__).parent.parent / "facts" / "releases" / "0.25.1" /
                            "engine_flags.json").read_text())


def test_the_facts_hold_212_flags() -> None:
    """The seed's flag list (tools/extract_engine_flags.py) is 0.25.1's, as extracted
    with the other release facts."""
    assert FACTS["count"] == len(FACTS["flags"]) == 212
    assert len({f["flag"] for f in FACTS["flags"]}) == 212
    assert [(f["flag"], f["aliases"]) for f in FACTS["flags"]] == [
        (f["flag"], f["aliases"]) for f in RELEASE_FACTS["flags"]]


def _engine_args(*argv: str):
    _, built = build_configs(_cli_table, list(argv), lambda *a, **k: None)
    return built.roots["EngineArgs"], built.roots["VllmConfig"]


def test_engine_only_flags_parse_and_build() -> None:
    args, cfg = _engine_args(
        "--disable-log-stats", "--aggregate-engine-logging", "--no-enable-log-requests",
        "--fail-on-environ-validation", "--gdn-prefill-backend", "cutedsl",
        "--device-ids", "2,3", "-dpr", "1", "-dpm",
        "--model-class-overrides", '{"OPTForCausalLM": "pkg.mod:Cls"}')
    assert args.disable_log_stats and args.aggregate_engine_logging
    assert args.enable_log_requests is False and args.fail_on_environ_validation
    assert args.gdn_prefill_backend == "cutedsl"
    assert args.device_ids == [2, 3]
    assert args.data_parallel_start_rank == 1 and args.data_parallel_multi_port_external_lb
    assert cfg.model_config.model_class_overrides == {"OPTForCausalLM": "pkg.mod:Cls"}


def test_gdn_prefill_backend_also_reaches_additional_config() -> None:
    _, cfg = _engine_args("--gdn-prefill-backend", "triton", "--additional-config",
                          '{"other": 1}')
    assert cfg.additional_config == {"other": 1, "gdn_prefill_backend": "triton"}
    assert _engine_args()[1].additional_config == {}


def test_engine_args_do_not_touch_the_cache_key() -> None:
    _, plain = _engine_args()
    _, flagged = _engine_args("--disable-log-stats", "-dpr", "2", "--device-ids", "1,0")
    assert plain.compute_hash() == flagged.compute_hash()
    assert flagged.parallel_config.assigned_physical_gpu_ids == [1, 0]


def test_gdn_prefill_backend_is_copied_into_additional_config() -> None:
    """As vLLM's create_engine_config does: the flag's value lands in additional_config
    (over the same key of --additional-config), which feeds the cache key."""
    _, plain = _engine_args()
    _, flagged = _engine_args("--gdn-prefill-backend", "triton", "--additional-config",
                              '{"gdn_prefill_backend": "cutedsl", "x": 1}')
    assert flagged.additional_config == {"gdn_prefill_backend": "triton", "x": 1}
    assert plain.compute_hash() != flagged.compute_hash()


@pytest.mark.parametrize(("argv", "needle"), [
    (("--gdn-prefill-backend", "cuda"), "--gdn-prefill-backend"),
    (("-dpr", "-1"), "data_parallel_start_rank"),
])
def test_bad_engine_args_are_rejected(argv, needle) -> None:
    from cfgc.runtime.cli.values import CliError

    with pytest.raises(CliError, match=needle) as info:
        _engine_args(*argv)
    assert "\n" not in str(info.value)


def test_device_ids_indices_become_ints_uuids_stay_strings() -> None:
    assert _engine_args("--device-ids", "GPU-8a2f, GPU-77c1")[0].device_ids == [
        "GPU-8a2f", "GPU-77c1"]
    assert _engine_args("--device-ids", "1, 2")[0].device_ids == [1, 2]
