"""OffloadConfig and its UVA / prefetch parts against the seed."""

from __future__ import annotations

import ast
import inspect
import json
import warnings
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.offload import OffloadConfig, PrefetchOffloadConfig, UVAOffloadConfig

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]
CLASSES = [OffloadConfig, PrefetchOffloadConfig, UVAOffloadConfig]


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_fields_and_defaults_match_seed(cls):
    facts = FACTS[cls.__name__]
    assert list(inspect.signature(cls).parameters) == facts["constructor_fields"]
    obj = cls()
    for f in facts["fields"]:
        d = f["default"]
        if d["kind"] == "value":
            want = ast.literal_eval(d["repr"])
            assert getattr(obj, f["name"]) == want, f["name"]
        else:  # factories: set() or a nested config
            want = {"set": set(), "UVAOffloadConfig": UVAOffloadConfig(),
                    "PrefetchOffloadConfig": PrefetchOffloadConfig()}[d["repr"]]
            assert getattr(obj, f["name"]) == want, f["name"]


def test_hash_includes_every_field():
    assert set(OffloadConfig().hash_factors()) == set(FACTS["OffloadConfig"]["hash"]["included"])
    for cls in (PrefetchOffloadConfig, UVAOffloadConfig):
        assert set(cls().hash_factors()) == {f["name"] for f in FACTS[cls.__name__]["fields"]}
    base = OffloadConfig().compute_hash()
    for change in ({"offload_backend": "uva"},
                   {"uva": {"cpu_offload_gb": 4}},
                   {"uva": {"cpu_offload_params": {"experts"}}},
                   {"prefetch": {"offload_group_size": 8, "offload_num_in_group": 2}},
                   {"prefetch": {"offload_params": ["w13_weight"]}}):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert OffloadConfig(**change).compute_hash() != base, change


def test_set_order_and_float_ints_do_not_matter():
    a = UVAOffloadConfig(cpu_offload_gb=2, cpu_offload_params=["b", "a"])
    b = UVAOffloadConfig(cpu_offload_gb=2.0, cpu_offload_params={"a", "b"})
    assert a.compute_hash() == b.compute_hash()


@pytest.mark.parametrize("kw, message", [
    ({"prefetch": {"offload_group_size": 2, "offload_num_in_group": 3}}, "offload_num_in_group"),
    ({"offload_backend": "prefetch"}, "offload_num_in_group"),  # group size 0 < 1 in group
    ({"prefetch": {"offload_group_size": 4, "offload_prefetch_step": 0}}, "offload_prefetch_step"),
    ({"offload_backend": "disk"}, "Input should be"),
    ({"uva": {"cpu_offload_gb": -1}}, "greater than or equal"),
    ({"prefetch": {"offload_num_in_group": 0}}, "greater than or equal"),
])
def test_rejections(kw, message):
    with pytest.raises(ValidationError, match=message):
        OffloadConfig(**kw)


def test_prefetch_step_zero_is_fine_when_prefetch_is_off():
    assert OffloadConfig(prefetch={"offload_prefetch_step": 0}).prefetch.offload_prefetch_step == 0


@pytest.mark.parametrize("kw, fragment", [
    ({"offload_backend": "uva", "prefetch": {"offload_group_size": 4}}, "prefetch offload"),
    ({"offload_backend": "prefetch", "uva": {"cpu_offload_gb": 1},
      "prefetch": {"offload_group_size": 4}}, "UVA offload"),
    ({"uva": {"cpu_offload_gb": 1}, "prefetch": {"offload_group_size": 4}}, "prefetch is used"),
])
def test_unused_backend_settings_warn(kw, fragment):
    with pytest.warns(UserWarning, match=fragment):
        OffloadConfig(**kw)


def test_no_warning_for_consistent_settings():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        OffloadConfig(uva={"cpu_offload_gb": 1})
        OffloadConfig(offload_backend="prefetch", prefetch={"offload_group_size": 4})
        OffloadConfig()
