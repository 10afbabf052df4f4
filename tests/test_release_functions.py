"""Module-level functions and classes of vLLM's config modules that vLLM's engine imports
(issue 35), run in a release that has them. The expected values and messages are vLLM
0.33.0's own, read from its source (vllm/config/{watermarking,profiler,kv_transfer,
cache}.py) and checked once against the installed release, never computed with ours.
"""

from __future__ import annotations

from tests.listed_releases import RELEASES, run_in

NEWEST = RELEASES[-1]

_WATERMARK = """
import json
from vllm_config.watermarking import derive_watermark_key
print(json.dumps([derive_watermark_key(0, b""), derive_watermark_key(12345, b"green"),
                  derive_watermark_key(2**64 - 1, b"key_b")]))
"""


def test_derive_watermark_key() -> None:
    # sha256(domain + key as 8 big-endian bytes), the first 8 bytes big-endian
    assert run_in(NEWEST, _WATERMARK) == [12634128529936681850, 2827259771628647574,
                                          7399018451426338514]


_PROFILER = """
import json
from vllm_config.profiler import validate_profile_iteration_bounds, validate_profile_prefix
out = []
for prefix in [None, "a", "run-1.trace_x", "a" * 128, "", "-a", "a b", "\\u00e9", "a" * 129, "a/b"]:
    try:
        out.append(validate_profile_prefix(prefix))
    except ValueError as error:
        out.append(str(error))
for bounds in [(None, None), (0, 0), (-1, None), (None, -1), (-1, -1)]:
    try:
        out.append(validate_profile_iteration_bounds(*bounds))
    except ValueError as error:
        out.append(str(error))
print(json.dumps(out))
"""

_BAD_PREFIX = ("profile_prefix must be 1-128 ASCII characters, start with a letter or number, "
               "and contain only letters, numbers, '.', '_', or '-'")


def test_profiler_checks() -> None:
    assert run_in(NEWEST, _PROFILER) == [
        None, "a", "run-1.trace_x", "a" * 128, *[_BAD_PREFIX] * 6,
        None, None, "delay_iterations must be greater than or equal to 0",
        "max_iterations must be greater than or equal to 0",
        "delay_iterations must be greater than or equal to 0"]


_HISPARSE = """
import json
from vllm_config.kv_transfer import KVTransferConfig, hisparse_host_pool_gib
def kv(connector, extra):
    return KVTransferConfig(kv_connector=connector, kv_role="kv_both",
                            kv_connector_extra_config=extra)
multi = lambda *cs: kv("MultiConnector", {"connectors": list(cs)})
hisparse = {"kv_connector": "HiSparseConnector", "kv_connector_extra_config": {"host_pool_gib": 1}}
cases = [None, kv("HiSparseConnector", {"host_pool_gib": 2}), kv("HiSparseConnector", {}),
         kv("HiSparseConnector", {"host_pool_gib": "0"}), kv("NixlConnector", {}),
         multi({"kv_connector": "NixlConnector"},
               {"kv_connector": "HiSparseConnector",
                "kv_connector_extra_config": {"host_pool_gib": 1.5}}),
         multi(hisparse, hisparse)]
out = []
for case in cases:
    try:
        out.append(hisparse_host_pool_gib(case))
    except ValueError as error:
        out.append(str(error))
print(json.dumps(out))
"""


def test_hisparse_host_pool_gib() -> None:
    assert run_in(NEWEST, _HISPARSE) == [
        None, 2.0, "HiSparseConnector requires host_pool_gib",
        "HiSparseConnector host_pool_gib must be positive", None, 1.5,
        "Only one HiSparseConnector may be configured"]


_KV_DTYPES = """
import json
from vllm_config.cache import get_kv_cache_dtype_handler, is_known_kv_cache_dtype
print(json.dumps([is_known_kv_cache_dtype("fp8"), is_known_kv_cache_dtype("nvfp4_4over6"),
                  is_known_kv_cache_dtype("int3"), get_kv_cache_dtype_handler("fp8")]))
"""


def test_kv_cache_dtype_queries() -> None:
    assert run_in(NEWEST, _KV_DTYPES) == [True, True, False, None]


_LAYOUT = """
import enum, json, sys, types
# the engine's enum, as vllm.v1.kv_cache_layout defines it (members and values)
engine = types.ModuleType("vllm.v1.kv_cache_layout")
engine.KVCacheLayout = enum.Enum("KVCacheLayout", {
    "LBHNC": (0, 1, 2, 3, 4), "LBNHC": (0, 1, 3, 2, 4), "LHBNC": (0, 2, 1, 3, 4),
    "BLHNC": (1, 0, 2, 3, 4), "BLNHC": (1, 0, 3, 2, 4), "BHLNC": (1, 2, 0, 3, 4)})
sys.modules["vllm.v1.kv_cache_layout"] = engine
from vllm_config.cache import _layout_from_name
out = [_layout_from_name(n) is engine.KVCacheLayout[m]
       for n, m in [("NHD", "LBNHC"), ("HND", "LBHNC"), ("BLHNC", "BLHNC")]]
try:
    _layout_from_name("XYZ")
except ValueError as error:
    out.append(str(error))
print(json.dumps(out))
"""


def test_layout_from_name_answers_with_the_engines_enum() -> None:
    assert run_in(NEWEST, _LAYOUT) == [True, True, True, (
        "Unknown KV cache layout 'XYZ'. Valid layouts: "
        "['LBHNC', 'LBNHC', 'LHBNC', 'BLHNC', 'BLNHC', 'BHLNC']")]


_CLASSES = """
import abc, json
from vllm_config.ec_manager_config import EncoderCacheManagerMetadata
from vllm_config.multimodal import MultiModalDummyOptions
class Mine(EncoderCacheManagerMetadata):
    pass
options = MultiModalDummyOptions(image={"count": 2})
print(json.dumps([isinstance(EncoderCacheManagerMetadata, abc.ABCMeta),
                  isinstance(Mine(), EncoderCacheManagerMetadata), isinstance(options, dict),
                  options.get("image"), options.get("audio"), options.get("audio", 0)]))
"""


def test_engine_classes() -> None:
    """EncoderCacheManagerMetadata is a base the engine subclasses; MultiModalDummyOptions
    a dict (vLLM's `get` is positional: `get(key, default, /)`)."""
    assert run_in(NEWEST, _CLASSES) == [True, True, True, {"count": 2}, None, 0]
