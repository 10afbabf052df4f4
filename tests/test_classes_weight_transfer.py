"""WeightTransferConfig against the seed."""

from __future__ import annotations

import dataclasses

import pytest
from pydantic import ValidationError

from vllm_config.weight_transfer import WeightTransferConfig


def test_fields_and_default():
    assert [f.name for f in dataclasses.fields(WeightTransferConfig)] == ["backend"]
    assert WeightTransferConfig().backend == "nccl"


@pytest.mark.parametrize("backend", ["nccl", "ipc", "my_registered_backend"])
def test_any_backend_name_accepted(backend):
    # Names are checked against the engine's registry later, not here.
    assert WeightTransferConfig(backend=backend).backend == backend


@pytest.mark.parametrize("kwargs", [{"backend": 3}, {"backend": None}, {"extra": 1}])
def test_rejected(kwargs):
    with pytest.raises(ValidationError):
        WeightTransferConfig(**kwargs)


def test_no_field_feeds_the_hash():
    assert WeightTransferConfig().hash_factors() == {}
    assert WeightTransferConfig(backend="ipc").compute_hash() == \
        WeightTransferConfig().compute_hash()
