"""Run vLLM's own config tests against vllm_config and say how many pass.

    python tools/vllm_tests_compat.py DIR [--release R] [--list FILE] [--json OUT] [--check]
    python tools/vllm_tests_compat.py DIR --vllm-python PY --write-passing OUT


DIR holds copies of vLLM's `tests/config/test_*.py` files, fetched separately (they
are never part of this repository), laid out as `DIR/<commit>/<repo path>` (the
commit and path each list line names), `DIR/<repo path>` or `DIR/<file name>`. Each
file is copied to a temporary directory with `vllm.config` rewritten to `vllm_config`
(imports, and the dotted names in strings that `monkeypatch`/`mock.patch` resolve),
and pytest runs the copies. Only the test ids named in the list file
(`<path>@<commit>::<id>` lines; by default the in-repository copy of the parity list
of tests that pass on vLLM 0.25.1) are reported:

    passed             the test passes unchanged
    needs-vLLM-module  it reaches a part of vLLM outside the config system (or a
                       package vLLM depends on that we do not): vllm.v1, vllm.envs,
                       vllm.platforms, transformers, ...
    wording-only       the expected exception was raised, only its text differs
                       from vLLM's sentence (our messages are in our own words)
    failed             anything else: a real difference to fix

Modules outside `vllm.config` are replaced by stand-ins whose every use raises an
error tagged `[needs-vllm]`, so one test's need does not hide its file's other tests;
where vllm_config has a thing under vLLM's name, that is handed out instead
(`vllm.platforms.current_platform`, `vllm.envs`, the engine enum AttentionCGSupport).
A NotSupportedError of vllm_config (a method that needs the running engine) counts as
needs-vLLM-module too.
EXPECTED_EXCEPTIONS names the listed tests that are known not to pass, with why; every
other listed test is expected to pass. The run ends with the tests whose outcome
differs from that expectation (`--check`: exit status 1 if there are any). Each expected
exception also says whose it is: `engine` (it needs vLLM's engine internals, which no
config package holds) or `ours` (a difference of vllm_config still to fix).

`--release R` runs vllm_config at release R (CFGC_RELEASE in the pytest child) with
R's list and expected exceptions (RELEASES names those there are). `--vllm-python PY`
runs the same files with interpreter PY (a vLLM install) instead: `vllm.config` is left
as it is (each of its names still imported on its own) and nothing stands in for vLLM;
with `--write-passing OUT` every test of every fetched file that passes there is
written to OUT as a list file: that is how the lists were made.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
PARITY = ROOT / "tests" / "fixtures" / "parity"
# Per release: the tests of vLLM's own files (at the commits named) that pass on that vLLM
# release itself, kept with the other parity fixtures so that a clean clone has them (test
# ids only; vLLM's test code is never copied). 0.25.1's is a copy of ../shared/parity's.
LISTS = {
    "0.25.1": PARITY / "vllm_config_tests_passing_on_0_25_1.txt",
    "0.33.0": PARITY / "vllm_config_tests_passing_on_0_33_0.txt",
}
DEFAULT_RELEASE = "0.25.1"
DEFAULT_LIST = LISTS[DEFAULT_RELEASE]

CATEGORIES = ("passed", "failed", "needs-vLLM-module", "wording-only")
# Whose a test that does not pass is: "engine" when it needs vLLM's engine internals (the
# model registry, the compilation backend, workers, platforms), which no config package
# holds; "ours" when vllm_config differs and could say what vLLM says.
OWNERS = ("engine", "ours")

# The listed tests (`<file name>::<test id>` for tests/config files, else
# `<repo path>::<test id>`) known not to pass, with their category, owner and why.
# docs/guide/vllm-tests.md lists the same tests; tests/test_vllm_compat_tool.py keeps the
# two, and the list files, in step.
EXPECTED_EXCEPTIONS: dict[str, tuple[str, str, str]] = {
    "test_lora_config.py::test_lora_capture_cases_follow_specialize_active_lora": (
        "needs-vLLM-module", "engine",
        "the capture cases are computed by vLLM's GPU worker "
        "(vllm.v1.worker.gpu.lora_utils.get_lora_capture_cases)"),
    "test_multimodal_config.py::test_mm_encoder_attn_backend_str_conversion": (
        "needs-vLLM-module", "engine",
        "compares with the AttentionBackendEnum of vLLM's attention backend registry "
        "(vllm.v1.attention.backends.registry), which the stand-ins cannot provide; with "
        "the real registry (vLLM 0.25.1 installed) it passes: the members equal ours"),
    "test_multimodal_config.py::test_mm_encoder_attn_backend_hash_updates": (
        "needs-vLLM-module", "engine",
        "builds the config with the AttentionBackendEnum of vLLM's attention backend "
        "registry (vllm.v1.attention.backends.registry); with the real registry it "
        "passes: its members are accepted as ours"),
    "test_config_utils.py::test_envs_compile_factors_stable": (
        "needs-vLLM-module", "engine",
        "hashes vllm.envs.compile_factors() (vLLM's registry of every environment "
        "variable the engine reads) in a subprocess that imports vllm"),
}

# Why each listed 0.33.0 test that does not pass on vllm_config 0.33.0 fails (shared by
# the tests of one function or file).
_W0 = (
    "vLLM's EngineArgs (vllm.engine.arg_utils) turns the legacy --enable-return-routed-"
    "experts into aux_output_config; vllm_config has no engine arguments"
)
_W1 = (
    "builds the drafter's architecture config with vLLM's "
    "BailingHybridMTPModelArchConfigConvertor (vllm.transformers_utils)"
)
_W2 = (
    "hashes vllm.envs.compile_factors() (the registry of every variable the engine reads) "
    "in a subprocess that imports vllm"
)
_W3 = (
    "register_kv_cache_dtype is declared absent (schema/public_names.yaml: KV cache "
    "dtypes that platform plugins register at run time); the test module registers two at "
    "import. With it, test_register_kv_cache_dtype, test_merged_quantized_helpers and "
    "test_backend_sentinel_properties would still need vLLM's STR_DTYPE_TO_TORCH_DTYPE "
    "and KVQuantMode (vllm.utils.torch_utils, vllm.v1.kv_cache_interface)"
)
_W4 = (
    "tests resolve_kv_cache_dtype_string / get_kv_cache_quant_algo_string of "
    "vllm.utils.torch_utils, not a config module"
)
_W5 = (
    "the capture cases are computed by vLLM's GPU worker "
    "(vllm.v1.worker.gpu.lora_utils.get_lora_capture_cases)"
)
_W6 = (
    "tests vllm.transformers_utils.configs.mistral (reading Mistral-format checkpoints)"
)
_W7 = (
    "tests vLLM's ModelArchConfigConvertorBase (vllm.transformers_utils)"
)
_W8 = (
    "compares with / builds from the AttentionBackendEnum of vLLM's attention backend "
    "registry (vllm.v1.attention.backends.registry), as in the 0.25.1 list; with the real "
    "registry the engine enum's members are accepted as ours"
)
_W9 = (
    "asks is_breakable_cudagraph_enabled of vLLM's compile pipeline "
    "(vllm.compilation.breakable_cudagraph); the VllmConfig part (use_v2_model_runner, "
    "_maybe_enable_breakable_cudagraph) is restated in tests/test_vllm_compat_0_33_0.py"
)
_W10 = (
    "model._get_and_verify_max_len is not exported, and these tests build the "
    "architecture config with vLLM's ModelArchConfigConvertorBase "
    "(vllm.transformers_utils), which no config package has"
)
_W11 = (
    "tests try_get_dense_modules of vllm.transformers_utils.config (Sentence Transformers "
    "module files)"
)
_W12 = (
    "tests get_pooling_config of vllm.transformers_utils.config (Sentence Transformers "
    "module files)"
)
_W13 = (
    "the value is the same; vLLM logs why at debug level and the test looks for that "
    "sentence, which vllm_config does not log"
)
_W14 = (
    "registers a class in vLLM's ModelRegistry (vllm.model_executor.models)"
)
_W15 = (
    "pulls model files from object storage (vLLM's Run:ai streamer); vllm_config declares "
    "maybe_pull_model_tokenizer_for_runai unsupported: it needs the engine"
)
_W16 = (
    "WatermarkConfig.key is serialised (and shown in repr); vLLM excludes the secret, and "
    "the schema language has no key for that yet"
)
_W17 = (
    "patches vllm.config.vllm.logger.info_once and checks vLLM's sentence; "
    "vllm_config.vllm has no module logger with info_once (use_v2_model_runner logs its "
    "own line)"
)

# 0.33.0's listed tests that do not pass on vllm_config at 0.33.0 (see the guide).
EXPECTED_EXCEPTIONS_0_33_0: dict[str, tuple[str, str, str]] = {
    "test_aux_output_config.py::test_legacy_routed_experts_flag_updates_aux_output_config":
        ("needs-vLLM-module", "engine", _W0),
    "test_bailing_mtp_config.py::test_bailing_hybrid_mtp_model_arch_config":
        ("needs-vLLM-module", "engine", _W1),
    "test_config_utils.py::test_envs_compile_factors_relocation_invariant":
        ("needs-vLLM-module", "engine", _W2),
    "test_config_utils.py::test_envs_compile_factors_stable":
        ("needs-vLLM-module", "engine", _W2),
    "test_kv_cache_dtype.py::test_backend_sentinel_properties":
        ("failed", "ours", _W3),
    "test_kv_cache_dtype.py::test_cache_config_accepts_custom_dtype":
        ("failed", "ours", _W3),
    "test_kv_cache_dtype.py::test_merged_quantized_helpers":
        ("failed", "ours", _W3),
    "test_kv_cache_dtype.py::test_no_snapshot_of_shared_dtype_registry":
        ("failed", "ours", _W3),
    "test_kv_cache_dtype.py::test_re_register_kv_cache_dtype_warns":
        ("failed", "ours", _W3),
    "test_kv_cache_dtype.py::test_register_kv_cache_dtype":
        ("failed", "ours", _W3),
    (""
     "test_kv_cache_dtype_auto_fix.py::TestKVCacheDtypeAutoResolve::test_kv_cache_quant_algo_dict_format"):
        ("needs-vLLM-module", "engine", _W4),
    (""
     "test_kv_cache_dtype_auto_fix.py::TestKVCacheDtypeAutoResolve::test_kv_cache_quant_algo_string_extraction"):
        ("needs-vLLM-module", "engine", _W4),
    "test_kv_cache_dtype_auto_fix.py::TestKVCacheDtypeAutoResolve::test_nested_quantization_config":
        ("needs-vLLM-module", "engine", _W4),
    "test_kv_cache_dtype_auto_fix.py::TestKVCacheDtypeAutoResolve::test_no_quant_method":
        ("needs-vLLM-module", "engine", _W4),
    (""
     "test_kv_cache_dtype_auto_fix.py::TestKVCacheDtypeAutoResolve::test_resolve_explicit_dtype_override"):
        ("needs-vLLM-module", "engine", _W4),
    (""
     "test_kv_cache_dtype_auto_fix.py::TestKVCacheDtypeAutoResolve::test_resolve_no_quantization_config"):
        ("needs-vLLM-module", "engine", _W4),
    (""
     "test_kv_cache_dtype_auto_fix.py::TestKVCacheDtypeAutoResolve::test_resolve_with_fp8_quantization"):
        ("needs-vLLM-module", "engine", _W4),
    (""
     "test_kv_cache_dtype_auto_fix.py::TestKVCacheDtypeAutoResolve::test_unsupported_quant_algo_fallback"):
        ("needs-vLLM-module", "engine", _W4),
    (""
     "test_kv_cache_dtype_auto_fix.py::TestKVCacheDtypeIssue34752::test_auto_fallback_no_checkpoint_config"):
        ("needs-vLLM-module", "engine", _W4),
    "test_kv_cache_dtype_auto_fix.py::TestKVCacheDtypeIssue34752::test_auto_with_checkpoint_fp8":
        ("needs-vLLM-module", "engine", _W4),
    (""
     "test_kv_cache_dtype_auto_fix.py::TestKVCacheDtypeIssue34752::test_explicit_override_checkpoint"):
        ("needs-vLLM-module", "engine", _W4),
    "test_lora_config.py::test_lora_capture_cases_follow_specialize_active_lora":
        ("needs-vLLM-module", "engine", _W5),
    "test_mistral_config_fallback.py::test_audio_config_with_max_position_embeddings":
        ("needs-vLLM-module", "engine", _W6),
    "test_multimodal_config.py::test_convertor_clears_mm_prefix_when_multimodal_disabled":
        ("needs-vLLM-module", "engine", _W7),
    "test_multimodal_config.py::test_mm_encoder_attn_backend_hash_updates":
        ("needs-vLLM-module", "engine", _W8),
    "test_multimodal_config.py::test_mm_encoder_attn_backend_str_conversion":
        ("needs-vLLM-module", "engine", _W8),
    ("tests/test_config.py::test_dsa_models_default_to_mrv2_and_breakable_cudagraph["
     "mtp-nvidia/DeepSeek-V3.2-NVFP4-DeepseekV32ForCausalLM]"):
        ("needs-vLLM-module", "engine", _W9),
    ("tests/test_config.py::test_dsa_models_default_to_mrv2_and_breakable_cudagraph["
     "mtp-nvidia/GLM-5.2-NVFP4-GlmMoeDsaForCausalLM]"):
        ("needs-vLLM-module", "engine", _W9),
    ("tests/test_config.py::test_dsa_models_default_to_mrv2_and_breakable_cudagraph["
     "mtp-zai-org/GLM-5.2-FP8-GlmMoeDsaForCausalLM]"):
        ("needs-vLLM-module", "engine", _W9),
    ("tests/test_config.py::test_dsa_models_default_to_mrv2_and_breakable_cudagraph["
     "no-mtp-nvidia/DeepSeek-V3.2-NVFP4-DeepseekV32ForCausalLM]"):
        ("needs-vLLM-module", "engine", _W9),
    ("tests/test_config.py::test_dsa_models_default_to_mrv2_and_breakable_cudagraph["
     "no-mtp-nvidia/GLM-5.2-NVFP4-GlmMoeDsaForCausalLM]"):
        ("needs-vLLM-module", "engine", _W9),
    ("tests/test_config.py::test_dsa_models_default_to_mrv2_and_breakable_cudagraph["
     "no-mtp-zai-org/GLM-5.2-FP8-GlmMoeDsaForCausalLM]"):
        ("needs-vLLM-module", "engine", _W9),
    ("tests/test_config.py::test_get_and_verify_max_len_with_nope_layers["
     "rope_parameters0-4096-1024]"):
        ("failed", "engine", _W10),
    ("tests/test_config.py::test_get_and_verify_max_len_with_nope_layers["
     "rope_parameters0-4096-None]"):
        ("failed", "engine", _W10),
    ("tests/test_config.py::test_get_and_verify_max_len_with_nope_layers["
     "rope_parameters1-8192-1024]"):
        ("failed", "engine", _W10),
    ("tests/test_config.py::test_get_and_verify_max_len_with_nope_layers["
     "rope_parameters1-8192-None]"):
        ("failed", "engine", _W10),
    ("tests/test_config.py::test_get_and_verify_max_len_with_nope_layers["
     "rope_parameters2-2048-1024]"):
        ("failed", "engine", _W10),
    ("tests/test_config.py::test_get_and_verify_max_len_with_nope_layers["
     "rope_parameters2-2048-None]"):
        ("failed", "engine", _W10),
    ("tests/test_config.py::test_get_and_verify_max_len_yarn_is_already_scaled["
     "deepseek_llama_scaling-40.0-32768]"):
        ("failed", "engine", _W10),
    ("tests/test_config.py::test_get_and_verify_max_len_yarn_is_already_scaled["
     "deepseek_yarn-40.0-32768]"):
        ("failed", "engine", _W10),
    "tests/test_config.py::test_get_and_verify_max_len_yarn_is_already_scaled[linear-4.0-131072]":
        ("failed", "engine", _W10),
    "tests/test_config.py::test_get_and_verify_max_len_yarn_is_already_scaled[yarn-4.0-32768]":
        ("failed", "engine", _W10),
    ("tests/test_config.py::test_get_dense_modules_supports_sentence_transformers_schemas["
     "sentence_transformers.base.modules.dense.Dense]"):
        ("needs-vLLM-module", "engine", _W11),
    ("tests/test_config.py::test_get_dense_modules_supports_sentence_transformers_schemas["
     "sentence_transformers.models.Dense]"):
        ("needs-vLLM-module", "engine", _W11),
    ("tests/test_config.py::test_get_pooling_config_supports_sentence_transformers_schemas["
     "sentence_transformers.models.Pooling-sentence_transformers.models.Normalize-pooling_config0-expected0]"):
        ("needs-vLLM-module", "engine", _W12),
    ("tests/test_config.py::test_get_pooling_config_supports_sentence_transformers_schemas["
     "sentence_transformers.sentence_transformer.modules.pooling.Pooling-sentence_transformers.base.modules.normalize.Normalize-pooling_config2-expected2]"):
        ("needs-vLLM-module", "engine", _W12),
    ("tests/test_config.py::test_get_pooling_config_supports_sentence_transformers_schemas["
     "sentence_transformers.sentence_transformer.modules.pooling.Pooling-sentence_transformers.sentence_transformer.modules.normalize.Normalize-pooling_config1-expected1]"):
        ("needs-vLLM-module", "engine", _W12),
    "tests/test_config.py::test_get_pooling_config_warns_when_pooling_mode_is_unknown":
        ("needs-vLLM-module", "engine", _W12),
    ("tests/test_config.py::test_is_chunked_prefill_supported[Qwen/"
     "Qwen3-0.6B-decoder-True-Generative models support chunked prefill.]"):
        ("failed", "ours", _W13),
    ("tests/test_config.py::test_is_prefix_caching_supported[Qwen/"
     "Qwen3-0.6B-decoder-True-Generative models support prefix caching.]"):
        ("failed", "ours", _W13),
    "tests/test_config.py::test_model_class_overrides_registers_target":
        ("needs-vLLM-module", "engine", _W14),
    "tests/test_config.py::test_s3_url_different_model_and_tokenizer":
        ("needs-vLLM-module", "engine", _W15),
    "tests/test_config.py::test_s3_url_different_models_create_different_directories":
        ("needs-vLLM-module", "engine", _W15),
    "tests/test_config.py::test_s3_url_model_tokenizer_paths[s3://example-bucket-1/model/]":
        ("needs-vLLM-module", "engine", _W15),
    "tests/test_config.py::test_s3_url_model_tokenizer_paths[s3://example-bucket-2/model/]":
        ("needs-vLLM-module", "engine", _W15),
    "tests/test_config.py::test_watermark_key_is_excluded_from_serialization":
        ("failed", "ours", _W16),
    "tests/test_config.py::test_watermarking_forces_model_runner_v2":
        ("failed", "ours", _W17),
}

EXPECTED_BY_RELEASE = {"0.25.1": EXPECTED_EXCEPTIONS, "0.33.0": EXPECTED_EXCEPTIONS_0_33_0}

# `vllm.config`, `vllm.config.cache`, ... as a whole dotted name (not `vllm.configs`).
_CONFIG_NAME = re.compile(r"\bvllm\.config\b")

# Installed next to the copied tests: stand-ins for vLLM outside the config system
# (not when the tests run on vLLM itself), and a hook that writes each test's outcome and
# failure text to a JSON file.
_STANDINS = r'''
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import types

TAG = "[needs-vllm]"


class NeedsVllmModule(AttributeError):
    """Raised by any use of a stand-in."""


class _StandIn:
    def __init__(self, name):
        object.__setattr__(self, "_name", name)

    def _need(self, *_a, **_k):
        raise NeedsVllmModule(f"{TAG} {object.__getattribute__(self, '_name')} "
                              "is part of vLLM outside vllm.config")

    def __getattr__(self, attr):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        self._need()

    __call__ = __setattr__ = __getitem__ = __iter__ = _need
    __eq__ = __hash__ = __bool__ = _need


# vLLM modules vllm_config has under its own name: the same module object serves both.
_OURS = {"vllm.envs": "vllm_config.envs"}
# Names of vLLM's engine modules that vllm_config declares under the same name, as the
# values its config methods take (an engine enum mirrored by name): the stand-in module
# hands out vllm_config's. AttentionBackendEnum is left out: the 0.25.1 list's two tests
# of it are expected to need vLLM's registry.
_OUR_NAMES = {"vllm.v1.attention.backend": {"AttentionCGSupport"}}


class _StandInModule(types.ModuleType):
    def __getattr__(self, attr):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        if f"{self.__name__}.{attr}" in _OURS or f"{self.__name__}.{attr}" == "vllm.platforms":
            return importlib.import_module(f"{self.__name__}.{attr}")
        if attr in _OUR_NAMES.get(self.__name__, ()):
            return getattr(importlib.import_module("vllm_config"), attr)
        return _StandIn(f"{self.__name__}.{attr}")


class _PlatformsModule(_StandInModule):
    """vllm.platforms: its `current_platform` is vllm_config's own (the platform profile
    the config modules read and tests patch); everything else stands in."""

    def __getattr__(self, attr):
        if attr == "current_platform":
            import vllm_config.platforms

            return vllm_config.platforms.current_platform
        return super().__getattr__(attr)


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, roots):
        self.roots = roots

    def find_spec(self, fullname, path=None, target=None):
        # Names that are attributes of ours, not modules (mock.patch("vllm.platforms.
        # current_platform.x") tries to import the dotted prefix first).
        if fullname == "vllm.platforms.current_platform" or fullname.startswith(
                tuple(f"{name}." for name in _OURS)):
            return None
        if fullname.split(".")[0] in self.roots:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        if spec.name in _OURS:  # vllm.envs: vllm_config.envs (the variables configs read)
            return importlib.import_module(_OURS[spec.name])
        kind = _PlatformsModule if spec.name == "vllm.platforms" else _StandInModule
        module = kind(spec.name)
        module.__path__ = []
        return module

    def exec_module(self, module):
        pass


_roots = {"vllm"}
for _name in ("transformers",):
    if importlib.util.find_spec(_name) is None:
        _roots.add(_name)
sys.meta_path.insert(0, _Finder(_roots))

# Every module of vllm_config imported up front, as vLLM's own are by the time a test
# runs: a test that restores sys.modules (patch.dict) would otherwise drop one first
# imported inside it, and a later import would make a second copy (with a second
# current_platform object).
import pathlib

import vllm_config

_root = pathlib.Path(vllm_config.__file__).parent
if _root.parent.name == "_releases":  # another release: the default one's module names
    _root = _root.parent.parent
for _file in sorted(_root.glob("*.py")):
    if _file.stem.startswith("_"):
        continue
    try:
        importlib.import_module(f"vllm_config.{_file.stem}")
    except Exception:  # a module that needs what is not installed: imported when used
        pass
'''

_RESULTS_HOOK = r'''
import json
import logging
import os

import pytest

_RESULTS = {}


# Our own stand-ins for two fixtures of vLLM's tests/conftest.py (not copied): the logs
# of the "vllm" loggers (and vllm_config's), which do not reach the root logger, seen by
# caplog; and the "log once" caches emptied so that a repeated message is logged again.
@pytest.fixture
def caplog_vllm(caplog):
    loggers = [logging.getLogger(name) for name in ("vllm", "vllm_config")]
    for logger in loggers:
        logger.addHandler(caplog.handler)
    yield caplog
    for logger in loggers:
        logger.removeHandler(caplog.handler)


def _clear_log_once_caches():
    try:
        import vllm.logger as vllm_logger
        for name in ("debug", "info", "warning", "error"):
            getattr(vllm_logger, f"_print_{name}_once").cache_clear()
    except Exception:  # not vLLM itself (a stand-in), or another vLLM layout
        pass


@pytest.fixture
def disable_log_dedup():
    _clear_log_once_caches()
    yield
    _clear_log_once_caches()


def pytest_runtest_logreport(report):
    if report.when == "call" or report.outcome != "passed":
        entry = _RESULTS.setdefault(report.nodeid, {"outcome": "passed", "text": ""})
        if report.outcome != "passed" and entry["outcome"] == "passed":
            entry["outcome"] = report.outcome
            entry["text"] = str(report.longrepr)


def pytest_collectreport(report):
    if report.outcome != "passed":
        _RESULTS[report.nodeid] = {"outcome": "error", "text": str(report.longrepr)}


def pytest_sessionfinish(session):
    with open(os.environ["COMPAT_RESULTS"], "w") as fh:
        json.dump(_RESULTS, fh)
'''


class Listed(NamedTuple):
    """One line of the list file."""

    name: str  # the file name, e.g. test_cache_config.py
    test_id: str  # the pytest id inside that file
    path: str  # the path in vLLM's repository, e.g. tests/config/test_cache_config.py
    commit: str  # the commit the file was taken at ("" if the line names none)

    @property
    def short(self) -> str:
        """The file's name where it runs: its bare name for a tests/config file (as the
        0.25.1 list always had), else its repository path (vLLM has two test_config.py)."""
        return self.name if self.path.startswith("tests/config/") else self.path

    @property
    def key(self) -> str:
        return f"{self.short}::{self.test_id}"


def read_list(path: Path) -> list[Listed]:
    """Each listed test, in list order."""
    out = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        location, test_id = line.split("::", 1)
        repo_path, _, commit = location.partition("@")
        out.append(Listed(Path(repo_path).name, test_id, repo_path, commit))
    return out


def find_file(test_dir: Path, entry: Listed) -> Path | None:
    """Where the fetched copy of the entry's file is: `<commit>/<path>`, `<path>` or
    the bare file name under test_dir."""
    for candidate in (test_dir / entry.commit / entry.path, test_dir / entry.path,
                      test_dir / entry.name):
        if candidate.is_file():
            return candidate
    return None


_ABSENT = """class _CompatAbsent:  # added by tools/vllm_tests_compat.py
    def __init__(self, name):
        self.name = name

    def __getattr__(self, attr):
        raise AttributeError(f"[absent] {self.name} cannot be imported")

    def __call__(self, *args, **kwargs):
        raise AttributeError(f"[absent] {self.name} cannot be imported")
"""


def _is_config_module(module: str, alias: bool) -> bool:
    if alias:
        return module.split(".")[0] == "vllm_config"
    return module == "vllm.config" or module.startswith("vllm.config.")


def rewrite(source: str, alias: bool = True) -> str:
    """`vllm.config` -> `vllm_config` (unless `alias` is false: the tests then run on
    vLLM itself); then each name a top-level `from <config module> import` statement asks
    for is imported on its own, and one that is not there becomes a placeholder that fails
    (tagged `[absent]`) only in the tests that use it."""
    if alias:
        source = _CONFIG_NAME.sub("vllm_config", source)
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    edits = []
    for node in tree.body:
        if (isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
                and _is_config_module(node.module, alias)
                and all(a.name != "*" for a in node.names)):
            block = []
            for alias_ in node.names:
                bound = alias_.asname or alias_.name
                block.append(
                    f"try:\n    from {node.module} import {alias_.name} as {bound}\n"
                    f"except ImportError:\n"
                    f"    {bound} = _CompatAbsent('{node.module}.{alias_.name}')\n")
            edits.append((node.lineno, node.end_lineno, "".join(block)))
    if not edits:
        return source
    for start, end, text in reversed(edits):
        lines[start - 1:end] = [text]
    first = edits[0][0] - 1
    lines.insert(first, _ABSENT)
    return "".join(lines)


def _error_line(text: str) -> str:
    """The `E   ...` line pytest puts first in a failure, else the last non-blank line."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    for ln in lines:
        if ln.startswith("E "):
            return ln[1:].strip()
    return lines[-1] if lines else ""


def classify(outcome: str, text: str) -> tuple[str, str]:
    if outcome == "passed":
        return "passed", ""
    first = _error_line(text)
    need = re.search(r"\[needs-vllm\] (\S+)", text)
    if need:
        return "needs-vLLM-module", need.group(1)
    # A subprocess that imports vLLM itself (`from vllm import envs`).
    if "CalledProcessError" in first and re.search(r"from vllm import |import vllm[\s.]", text):
        return "needs-vLLM-module", "vllm (imported by a subprocess the test starts)"
    # vllm.envs is vllm_config.envs, which holds only the variables the configs read; a
    # platform method no profile attribute answers is vLLM's platform class.
    other = re.search(r"module 'vllm_config\.envs' has no attribute '(\w+)'"
                      r"|platform '\w+' has no attribute '(\w+)'", text)
    if other:
        return "needs-vLLM-module", (f"vllm.envs.{other.group(1)}" if other.group(1)
                                     else f"vllm.platforms.current_platform.{other.group(2)}")
    # What vllm_config declares the engine's (NotSupportedError: a method that needs the
    # running engine, its model registry or object storage).
    unsupported = re.search(r"NotSupportedError: (.*)", text)
    if unsupported:
        return "needs-vLLM-module", f"the engine's (vllm_config: {unsupported.group(1)})"
    # A config module that reads no platform value holds no `current_platform` to patch.
    if re.search(r"vllm_config\.\w+'> has no attribute 'current_platform'"
                 r"|No module named 'vllm_config\.\w+\.current_platform'", text):
        return "needs-vLLM-module", "vllm.platforms.current_platform (patched in a config module)"
    # The right exception came out, only its text differs from vLLM's.
    if "Regex pattern did not match" in text:
        ours = re.search(r"^E\s+(?:Input|Actual message): (.*)$", text, re.M)
        return "wording-only", f"ours: {ours.group(1)}" if ours else first
    if re.search(
        r"^>\s+assert .* in str\(exc_info\.value\)", text, re.M
    ):
        return "wording-only", first
    return "failed", first


class Fetched(NamedTuple):
    """A fetched test file: where it is, its path in vLLM's repository and its commit."""

    file: Path
    path: str
    commit: str

    @property
    def short(self) -> str:
        return Listed(Path(self.path).name, "", self.path, self.commit).short


def discover(test_dir: Path) -> list[Fetched]:
    """Every `DIR/<commit>/tests/.../test_*.py`."""
    out = []
    for commit_dir in sorted(p for p in test_dir.iterdir() if p.is_dir()):
        for file in sorted(commit_dir.glob("tests/**/test_*.py")):
            out.append(Fetched(file, file.relative_to(commit_dir).as_posix(), commit_dir.name))
    return out


def _pytest(files: dict[str, Path], *, vllm_python: str | None = None,
            release: str | None = None) -> dict[str, dict]:
    """Run the files (each copied to its short name) in one pytest; the outcome and failure
    text of each node id."""
    alias = vllm_python is None
    with tempfile.TemporaryDirectory(prefix="vllm-compat-") as tmp:
        work = Path(tmp)
        (work / "conftest.py").write_text((_STANDINS if alias else "") + _RESULTS_HOOK)
        for short, src in sorted(files.items()):
            (work / short).parent.mkdir(parents=True, exist_ok=True)
            (work / short).write_text(rewrite(src.read_text(), alias=alias))
        results_file = work / "results.json"
        # vLLM's own run had its test checkpoints (facebook/opt-125m, ...) locally; ours
        # are the configs of the test hub cache, read offline.
        hub = ROOT / "tests" / "fixtures" / "hf_hub"
        env = {"HF_HUB_CACHE": str(hub), **os.environ, "HF_HUB_OFFLINE": "1",
               "COMPAT_RESULTS": str(results_file)}
        if release is not None:
            env["CFGC_RELEASE"] = release
        subprocess.run(
            [vllm_python or sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
             "--rootdir", str(work), "-o", "addopts=", "--import-mode=importlib",
             "--continue-on-collection-errors", *sorted(files)],
            cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            check=False,
        )
        return json.loads(results_file.read_text()) if results_file.exists() else {}


def run(test_dir: Path, listed: list[Listed], *, release: str | None = None,
        vllm_python: str | None = None) -> list[tuple[str, str, str, str]]:
    """One row per listed test: its short file name, id, category and first error line."""
    sources = {entry.short: find_file(test_dir, entry) for entry in listed}
    results = _pytest({s: f for s, f in sources.items() if f is not None},
                      vllm_python=vllm_python, release=release)
    rows = []
    for entry in listed:
        short, test_id = entry.short, entry.test_id
        result = results.get(f"{short}::{test_id}")
        if result is None:
            broken = results.get(short)
            if sources[short] is not None and broken is None:
                rows.append((short, test_id, "failed", "not collected"))
                continue
            text = broken["text"] if broken else f"{short} is missing from {test_dir}"
            category, first = classify("error", text)
            rows.append((short, test_id, category, first))
            continue
        category, first = classify(result["outcome"], result["text"])
        rows.append((short, test_id, category, first))
    return rows


def passing(test_dir: Path, vllm_python: str) -> list[str]:
    """List lines (`<path>@<commit>::<id>`) of every test of every fetched file that
    passes when run with vllm_python (a vLLM install)."""
    fetched = discover(test_dir)
    by_short = {f.short: f for f in fetched}
    results = _pytest({f.short: f.file for f in fetched}, vllm_python=vllm_python)
    lines = []
    for nodeid, result in results.items():
        short, sep, test_id = nodeid.partition("::")
        if sep and result["outcome"] == "passed" and short in by_short:
            f = by_short[short]
            lines.append(f"{f.path}@{f.commit}::{test_id}")
    return lines


def unexpected(rows: list[tuple[str, str, str, str]],
               expected: dict[str, tuple[str, str, str]] | None = None) -> list[str]:
    """A line for each test whose category is not the one the expected exceptions (or,
    for a test they do not name, "passed") lead to expect."""
    expected = EXPECTED_EXCEPTIONS if expected is None else expected
    out = []
    for name, test_id, category, _ in rows:
        key = f"{name}::{test_id}"
        want = expected.get(key, ("passed", "", ""))[0]
        if category != want:
            out.append(f"{key}: expected {want}, got {category}")
    return out


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("test_dir", type=Path, nargs="?",
                        help="directory the vLLM test files were fetched into")
    parser.add_argument("--release", choices=sorted(LISTS), default=DEFAULT_RELEASE,
                        help="the vllm_config release to run, with its list and "
                        "expected exceptions (default: %(default)s)")
    parser.add_argument("--list", type=Path,
                        help="file of <path>@<commit>::<test id> lines (default: the "
                        "release's list)")
    parser.add_argument("--json", type=Path, help="also write the rows as JSON here")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when a test's outcome differs from the expected one")
    parser.add_argument("--vllm-python", help="run the tests with this interpreter (a "
                        "vLLM install) on vLLM itself instead of vllm_config")
    parser.add_argument("--write-passing", type=Path, help="with --vllm-python: write "
                        "every fetched test that passes there to this list file")
    args = parser.parse_args(argv)
    if args.test_dir is None:
        print("error: name the directory vLLM's test files were fetched into "
              "(DIR/<commit>/tests/config/test_*.py)", file=sys.stderr)
        return 2
    if not args.test_dir.is_dir():
        print(f"error: {args.test_dir} is not a directory", file=sys.stderr)
        return 2
    if args.write_passing is not None:
        if args.vllm_python is None:
            print("error: --write-passing needs --vllm-python", file=sys.stderr)
            return 2
        lines = passing(args.test_dir, args.vllm_python)
        args.write_passing.write_text("".join(f"{line}\n" for line in lines))
        print(f"{len(lines)} tests pass; written to {args.write_passing}")
        return 0
    list_file = args.list or LISTS[args.release]
    if not list_file.is_file():
        print(f"error: {list_file} does not exist", file=sys.stderr)
        return 2
    listed = read_list(list_file)
    on_vllm = args.vllm_python is not None
    rows = run(args.test_dir, listed, vllm_python=args.vllm_python,
               release=None if on_vllm else args.release)
    expected = {} if on_vllm else EXPECTED_BY_RELEASE[args.release]
    width = max((len(f"{n}::{t}") for n, t, _, _ in rows), default=0)
    for name, test_id, category, first in rows:
        owner = expected.get(f"{name}::{test_id}", ("", "", ""))[1]
        print(f"{name + '::' + test_id:<{width}}  {category:<17}  {owner:<6}  {first[:160]}")
    counts: dict[str, int] = {}
    for _, _, category, _ in rows:
        counts[category] = counts.get(category, 0) + 1
    print()
    for category in CATEGORIES:
        print(f"{category:<17} {counts.get(category, 0)}")
    print(f"pass count: {counts.get('passed', 0)}/{len(rows)}")
    owners: dict[str, int] = {}
    for name, test_id, category, _ in rows:
        if category != "passed":
            owner = expected.get(f"{name}::{test_id}", ("", "unclassified", ""))[1]
            owners[owner] = owners.get(owner, 0) + 1
    if owners:
        print("not passing, by whose: " + ", ".join(f"{o} {n}" for o, n in sorted(owners.items())))
    differ = unexpected(rows, expected)
    print(f"not as expected: {len(differ)}")
    for line in differ:
        print(f"  {line}")
    if args.json:
        args.json.write_text(json.dumps(
            [{"file": n, "id": t, "category": c, "first_line": f} for n, t, c, f in rows],
            indent=1))
    return 1 if args.check and differ else 0


if __name__ == "__main__":
    sys.exit(main())
