"""OffloadConfig's former check_offload cases: the prefetch limits are declared rules,
the unused-backend warnings declared warn rules (Python UserWarnings). Run through the
generated class."""

from __future__ import annotations

import warnings

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from vllm_config.offload import OffloadConfig


def offload(backend="auto", gb=0.0, group=0, in_group=1, step=1):
    return dict(
        offload_backend=backend,
        uva={"cpu_offload_gb": gb},
        prefetch={"offload_group_size": group, "offload_num_in_group": in_group,
                  "offload_prefetch_step": step},
    )


@pytest.mark.parametrize("cfg, message", [
    (offload(group=2, in_group=3), r"offload_num_in_group \(3\)"),
    (offload(backend="prefetch"), r"offload_group_size \(0\)"),
    (offload(group=4, step=0), r"offload_prefetch_step \(0\)"),
    (offload(backend="prefetch", group=4, step=0), "at least 1"),
])
def test_prefetch_limits(cfg, message):
    with pytest.raises(ValueError, match=message):
        OffloadConfig(**cfg)


@pytest.mark.parametrize("cfg", [
    offload(),
    offload(step=0, in_group=5),  # prefetch off: its limits are not checked
    offload(backend="uva", gb=2, in_group=5),
    offload(group=4, in_group=4),
])
def test_accepted_quietly(cfg):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        OffloadConfig(**cfg)


@pytest.mark.parametrize("cfg, fragment", [
    (offload(backend="uva", group=2), "prefetch offload settings are ignored"),
    (offload(backend="prefetch", group=2, gb=1), "UVA offload settings are ignored"),
    (offload(gb=1, group=2), "prefetch is used"),
])
def test_warnings(cfg, fragment):
    with pytest.warns(UserWarning, match=fragment):
        OffloadConfig(**cfg)


@given(backend=st.sampled_from(["auto", "uva", "prefetch"]), group=st.integers(0, 4),
       in_group=st.integers(1, 5), step=st.integers(0, 2))
def test_prefetch_rules_match_a_hand_written_predicate(backend, group, in_group, step):
    """The declared prefetch limits reject exactly what the former hook rejected."""
    on = backend == "prefetch" or group > 0
    ok = not on or (in_group <= group and step >= 1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            OffloadConfig(**offload(backend, 0.0, group, in_group, step))
        except ValueError:
            assert not ok
        else:
            assert ok


@given(backend=st.sampled_from(["auto", "uva", "prefetch"]), gb=st.sampled_from([0.0, 1.0]),
       group=st.sampled_from([0, 2]))
def test_unused_backend_warnings_match_a_hand_written_predicate(backend, gb, group):
    """One UserWarning exactly when the settings of the backend not used are given."""
    assume(backend != "prefetch" or group > 0)  # prefetch needs a group (a rule)
    expected = None
    if backend == "uva" and group:
        expected = "prefetch offload settings are ignored"
    elif backend == "prefetch" and gb:
        expected = "UVA offload settings are ignored"
    elif backend == "auto" and gb and group:
        expected = "prefetch is used"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        OffloadConfig(**offload(backend, gb, group))
    got = [str(w.message) for w in caught if w.category is UserWarning]
    assert len(got) == (expected is not None)
    assert expected is None or expected in got[0]
