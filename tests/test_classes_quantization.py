"""QuantizationConfigArgs: `linear` / `moe` given as a string are read through the
module's table of online shorthands (a field validator reading a module constant)."""

from __future__ import annotations

import pytest

from vllm_config.quantization import _ONLINE_SHORTHANDS, QuantizationConfigArgs, QuantSpec


@pytest.mark.parametrize("kind", ["linear", "moe"])
def test_a_shorthand_gives_its_spec_for_the_layer_kind(kind: str) -> None:
    for name, settings in _ONLINE_SHORTHANDS.items():
        spec = getattr(settings, kind)
        if spec is None:
            with pytest.raises(ValueError, match=f"the online shorthand '{name}' has no "
                                                 f"{kind} spec"):
                QuantizationConfigArgs(**{kind: name})
        else:
            assert getattr(QuantizationConfigArgs(**{kind: name}), kind) == spec


def test_a_scheme_name_is_the_weights_scheme_and_mappings_still_work() -> None:
    args = QuantizationConfigArgs(linear="mxfp4", moe={"weight": "mxfp8"})
    assert args.linear == QuantSpec(weight="mxfp4")
    assert args.moe == QuantSpec(weight="mxfp8")
    assert QuantizationConfigArgs(linear=None).linear is None
    with pytest.raises(ValueError, match="linear.weight"):
        QuantizationConfigArgs(linear="no_such_scheme")  # not a scheme: pydantic refuses


def test_validators_name_the_constant_in_the_generated_code() -> None:
    import inspect

    import vllm_config.quantization as module

    source = inspect.getsource(module.QuantizationConfigArgs)
    assert "_ONLINE_SHORTHANDS[value].linear" in source and "hooks" not in source
