"""Each listed release of vllm_config has its own vLLM release's surface, and nothing
of another release's: classes, fields, engine flags, IR ops and their platform
priorities, and the kernel warmup plan, checked against the facts recorded from that
vLLM release (tests/facts/releases/<release>/ and history.json).

Written once for every release schema/project.yaml lists; one child process per
release reads the package (CFGC_RELEASE selects it) and the tests compare.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

from .listed_releases import RELEASES, at, facts, history, manifest, run_in

#: Fields our release keeps that its vLLM release dropped (the schema has not caught
#: up yet; each is a gap to close, not a choice). The test fails when one goes away,
#: so the list only shrinks.
KNOWN_LEFTOVERS: dict[str, set[str]] = {}

#: The child: what the package of one release has.
SURFACE = r"""
import contextlib, dataclasses, io, json, sys
from types import SimpleNamespace as N
import vllm_config as v
from vllm_config import _cli_table, warmup
from cfgc.runtime.cli.build import build_configs
from cfgc.runtime.cli.parse import build_cli
from cfgc.runtime.cli.values import CliError

names, other_flags = json.loads(sys.argv[1])
out = {"release": v.RELEASE, "classes": {}}
for name in names:
    cls = getattr(v, name, None)
    out["classes"][name] = (None if cls is None else sorted(
        f.name for f in dataclasses.fields(cls)) if dataclasses.is_dataclass(cls) else [])
out["options"] = sorted(build_cli(_cli_table).parser._option_string_actions)
out["refusals"] = {}
for flag in other_flags:
    try:
        build_configs(_cli_table, [flag], lambda *a, **k: None)
        out["refusals"][flag] = "accepted"
    except CliError as exc:
        out["refusals"][flag] = str(exc)
out["ir_ops"] = [f.name for f in dataclasses.fields(v.IrOpPriorityConfig)]
out["priorities"] = {}
for device in ("cuda", "cpu"):
    for setup, mode in (("no_compile", 0), ("inductor_compile", 3)):
        kernel = v.KernelConfig()
        kernel.set_platform_defaults(N(device_config=N(device_type=device),
                                       compilation_config=v.CompilationConfig(mode=mode)))
        out["priorities"][f"{device} {setup}"] = {
            op: getattr(kernel.ir_op_priority, op) for op in out["ir_ops"]}
out["plan"] = [[i["op"], i["dtype"], i["hidden_size"]] for i in warmup.PLAN]
out["provider_uuids"] = sorted(warmup.PROVIDER_UUIDS)
listing = io.StringIO()
with contextlib.redirect_stdout(listing):
    warmup.main(["--list"])
out["listed"] = listing.getvalue()
print(json.dumps(out))
"""


def flags_elsewhere(release: str) -> list[str]:
    """Engine flags some other recorded release has and `release` lacks (a few)."""
    gone = [flag for flag, f in sorted(history()["flags"].items())
            if not at(f["presence"], release) and any(f["presence"].values())]
    return gone[::max(1, len(gone) // 5)][:6]


@functools.cache
def surface(release: str) -> dict[str, Any]:
    names = sorted(history()["classes"])
    return run_in(release, SURFACE, json.dumps([names, flags_elsewhere(release)]))


@pytest.mark.parametrize("release", RELEASES)
def test_classes_and_fields_are_the_releases(release: str) -> None:
    """A class or field vLLM's release has is there; one only other releases have is
    not (0.25.1 has no HiSparseConfig, 0.33.0 no CacheConfig.calculate_kv_scales)."""
    ours = surface(release)
    assert ours["release"] == release
    missing, stray = [], []
    for name, c in history()["classes"].items():
        have = ours["classes"][name]
        if bool(at(c["presence"], release)) != (have is not None):
            (missing if have is None else stray).append(name)
            continue
        for field, f in c["fields"].items():
            present = at(f["presence"], release)
            if present and at(f["kind"], release) == "field" and field not in have:
                missing.append(f"{name}.{field}")
            elif not present and have is not None and field in have:
                stray.append(f"{name}.{field}")
    assert missing == []
    assert set(stray) == KNOWN_LEFTOVERS.get(release, set())


@pytest.mark.parametrize("release", RELEASES)
def test_engine_flags_are_the_releases(release: str) -> None:
    """Every spelling of every flag of the release's `vllm serve` (name, aliases,
    negations) is an option of ours, and the flag manifest lists exactly its flags."""
    want = facts(release, "engine_flags")["flags"]
    options = set(surface(release)["options"])
    spellings = {s for f in want for s in (f["flag"], *f["aliases"], *f["negations"])}
    assert sorted(spellings - options) == []
    explicit = {"--no-" + f["flag"][2:] for f in want if f["explicit_boolean_optional"]}
    assert sorted(explicit - options) == []
    assert {f["name"] for f in manifest(release)["flags"]} == {f["flag"] for f in want}


@pytest.mark.parametrize("release", RELEASES)
def test_a_flag_of_another_release_is_refused_naming_it(release: str) -> None:
    refusals = surface(release)["refusals"]
    assert refusals, f"no flag of another release to try against {release}"
    for flag, said in refusals.items():
        assert said.startswith(f"unknown flag {flag}"), (flag, said)
        assert "\n" not in said


@pytest.mark.parametrize("release", RELEASES)
def test_ir_ops_and_their_platform_priorities_are_the_releases(release: str) -> None:
    """IrOpPriorityConfig has the release's ops, and on CUDA and the CPU, compiled by
    Inductor or not, KernelConfig.set_platform_defaults gives each op the providers
    vLLM's platform does (0.33.0's gelu_and_mul_sparse: [triton, native] on CUDA)."""
    ir = facts(release, "ir_ops")
    ours = surface(release)
    assert ours["ir_ops"] == ir["ops"]
    for key, got in ours["priorities"].items():
        device, setup = key.split()
        assert got == ir["platform_defaults"][device][setup], key


@pytest.mark.parametrize("release", RELEASES)
def test_the_warmup_plan_covers_the_releases_ops(release: str) -> None:
    """The plan warms only ops the release has, each provider table is the release's
    op list, and `--list` prints the plan item by item."""
    ours = surface(release)
    ops = facts(release, "ir_ops")["ops"]
    assert {op for op, _, _ in ours["plan"]} <= set(ops)
    assert ours["provider_uuids"] == sorted(ops)
    for op in ops:
        assert ours["listed"].count(f"op={op} ") == sum(1 for o, _, _ in ours["plan"] if o == op)
    assert f"{len(ours['plan'])} items" in ours["listed"]


@pytest.mark.parametrize("release", RELEASES)
def test_gelu_and_mul_sparse_warms_up_where_vllm_has_it(release: str) -> None:
    """The op's four specialisations (kernels.yaml) in every release whose vLLM has it,
    none elsewhere."""
    plan = {(d, h) for op, d, h in surface(release)["plan"] if op == "gelu_and_mul_sparse"}
    if "gelu_and_mul_sparse" in facts(release, "ir_ops")["ops"]:
        assert plan == {("bfloat16", 8192), ("bfloat16", 16384), ("float16", 8192),
                        ("float16", 16384)}
    else:
        assert plan == set()
