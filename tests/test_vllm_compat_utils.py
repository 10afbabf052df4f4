"""vllm_config.utils: the helpers vLLM keeps in vllm.config.utils, same names and behaviour.

Facts checked by vLLM's tests/config/test_config_utils.py and test_compile_factors.py
(the hashing helpers), restated here in our own tests, plus the rest of the module.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import logging
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ConfigDict, ValidationError

import vllm_config
from vllm_config import utils

FACTS = Path(__file__).parent / "facts" / "vllm_config_imports.json"


class Colour(enum.Enum):
    RED = "red"
    ONE = 1


@dataclasses.dataclass
class Pair:
    left: object
    right: object | None = None


# -- the names ----------------------------------------------------------------------------


def test_every_name_vllm_imports_from_its_utils_module_is_here() -> None:
    wanted = {n for mod, n in json.loads(FACTS.read_text())["names"] if mod == "vllm.config.utils"}
    assert wanted and wanted <= set(utils.__all__)
    for name in wanted:
        assert getattr(utils, name) is not None


@pytest.mark.parametrize("name", ["config", "ConfigType", "SupportsMetricsInfo", "get_attr_docs",
                                  "is_init_field", "replace", "update_config"])
def test_top_level_names_are_the_utils_ones(name: str) -> None:
    assert name in vllm_config.__all__
    assert getattr(vllm_config, name) is getattr(utils, name)


def test_every_name_vllm_imports_from_the_package_top_level_that_utils_provides() -> None:
    top = {n for mod, n in json.loads(FACTS.read_text())["names"] if mod == "vllm.config"}
    assert {"config", "ConfigType", "SupportsMetricsInfo", "get_attr_docs", "is_init_field",
            "replace", "update_config"} <= top  # the facts agree with the brief
    for name in top & set(utils.__all__):
        assert hasattr(vllm_config, name)


def test_package_import_stays_lazy_and_torch_free() -> None:
    code = ("import sys, vllm_config; vllm_config.replace; import vllm_config.utils; "
            "print('torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -- normalize_value ----------------------------------------------------------------------


@pytest.mark.parametrize(("value", "canonical"), [
    (None, None), (False, False), (7, 7), (2.5, 2.5), ("text", "text"),
    (b"\x01\xff", "01ff"), (bytearray(b"xy"), "7879"),
    ([3, [4, 5]], (3, (4, 5))), ((1, "a"), (1, "a")),
    ({"z": 1, "a": [2]}, (("a", (2,)), ("z", 1))), ({1: "x"}, (("1", "x"),)),
])
def test_normalize_value_table(value: object, canonical: object) -> None:
    assert utils.normalize_value(value) == canonical


def test_enum_members_are_tagged_with_their_class() -> None:
    tag, payload = utils.normalize_value(Colour.RED)
    assert tag == f"{__name__}.Colour" and payload == "red"
    assert utils.normalize_value(Colour.ONE) != utils.normalize_value(1)


def test_sets_do_not_depend_on_order() -> None:
    assert utils.normalize_value({"b", "a", "c"}) == utils.normalize_value({"c", "b", "a"})
    assert utils.normalize_value(frozenset({2, 1})) == ("1", "2")


def test_paths_become_absolute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert utils.normalize_value(Path("sub")) == str((tmp_path / "sub").resolve())
    assert utils.normalize_value(Path("~")) == str(Path.home().resolve())


def test_uuid_and_json_text_are_identities() -> None:
    class WithId:
        def uuid(self) -> str:
            return "id-1"

        def __call__(self) -> None:  # a callable with uuid() is still accepted
            pass

    class WithJson:
        def to_json_string(self) -> str:
            return '{"k": 2}'

    class JsonFailsDictWorks:
        def to_json_string(self) -> str:
            raise TypeError("not serialisable")

        def to_dict(self) -> dict:
            return {"b": 1, "a": 2}

    assert utils.normalize_value(WithId()) == "id-1"
    assert utils.normalize_value(WithJson()) == '{"k": 2}'
    assert utils.normalize_value(JsonFailsDictWorks()) == (("a", 2), ("b", 1))


def test_classes_become_their_qualified_name() -> None:
    class Local:
        pass

    assert utils.normalize_value(int) == "builtins.int"
    assert utils.normalize_value(Local).endswith(".Local")
    assert utils.normalize_value(Local).startswith(__name__)


def _named() -> None:
    pass


@pytest.mark.parametrize("bad", [
    _named, lambda: 0, type("Callme", (), {"__call__": lambda self: 1})(), print,
    object(), iter([1]),
])
def test_functions_callables_and_opaque_objects_are_refused(bad: object) -> None:
    with pytest.raises(TypeError, match="normalize_value"):
        utils.normalize_value(bad)


def test_dataclasses_are_tagged_and_field_ordered() -> None:
    tag, items = utils.normalize_value(Pair(right=1, left=[2]))
    assert tag.endswith(".Pair")
    assert items == (("left", (2,)), ("right", 1))


def test_torch_dtypes_are_their_text() -> None:
    torch = pytest.importorskip("torch")
    assert utils.normalize_value(torch.bfloat16) == "torch.bfloat16"


# -- get_hash_factors / hash_factors ------------------------------------------------------


def test_hash_factors_is_sha256_of_sorted_json() -> None:
    items = {"b": "x", "a": [1, 2]}
    digest = utils.hash_factors(items)
    assert digest == hashlib.sha256(b'{"a": [1, 2], "b": "x"}').hexdigest()
    assert utils.hash_factors({"a": [1, 2], "b": "x"}) == digest  # insertion order ignored
    assert len(digest) == 64 and set(digest) <= set("0123456789abcdef")


def test_int_and_enum_factors_never_collide() -> None:
    as_int = utils.get_hash_factors(Pair(1), set())
    as_enum = utils.get_hash_factors(Pair(Colour.ONE), set())
    assert as_int["left"] == 1 and as_enum["left"][1] == 1
    assert as_int != as_enum
    assert utils.hash_factors(as_int) != utils.hash_factors(as_enum)


def test_get_hash_factors_skips_ignored_and_names_the_bad_field() -> None:
    assert utils.get_hash_factors(Pair(1, 2), {"right"}) == {"left": 1}
    with pytest.raises(TypeError, match="'right'"):
        utils.get_hash_factors(Pair(1, lambda: 0), set())


def test_generated_configs_go_through_get_hash_factors() -> None:
    factors = utils.get_hash_factors(vllm_config.CacheConfig(), set())
    assert factors["block_size"] == 16
    assert isinstance(utils.hash_factors(factors), str)


def test_compute_hash_cached_hashes_each_object_once() -> None:
    calls = []

    class Counting:
        def compute_hash(self) -> str:
            calls.append(1)
            return f"h{len(calls)}"

    one, two = Counting(), Counting()
    assert utils.compute_hash_cached(one) == "h1"
    assert utils.compute_hash_cached(one) == "h1"
    assert utils.compute_hash_cached(two) == "h2"
    assert len(calls) == 2
    assert isinstance(vllm_config.CacheConfig(), utils.SupportsHash)


# -- building and copying configs ---------------------------------------------------------


def test_config_decorator_refuses_unknown_arguments_and_merges_settings() -> None:
    @utils.config
    class Plain:
        size: int = 1

    assert Plain(size="3").size == 3
    with pytest.raises(ValidationError):
        Plain(sizes=2)

    @utils.config(config=ConfigDict(strict=True), frozen=True)
    class Strict:
        size: int = 1

    with pytest.raises(ValidationError):
        Strict(size="3")
    with pytest.raises(dataclasses.FrozenInstanceError):
        Strict().size = 2
    with pytest.raises(ValidationError):
        Strict(other=1)


def test_get_field_unwraps_pydantic_defaults() -> None:
    from vllm_config import CompilationConfig

    block = utils.get_field(vllm_config.CacheConfig, "block_size")
    assert block.default is None and block.init
    factory = utils.get_field(CompilationConfig, "pass_config")
    assert factory.default is dataclasses.MISSING
    assert type(factory.default_factory()).__name__ == "PassConfig"
    assert not utils.is_init_field(vllm_config.CacheConfig, "user_specified_block_size")
    assert utils.is_init_field(vllm_config.CacheConfig, "block_size")


def test_get_field_errors() -> None:
    with pytest.raises(TypeError):
        utils.get_field(int, "real")
    with pytest.raises(ValueError, match="nope"):
        utils.get_field(vllm_config.CacheConfig, "nope")


def test_get_field_without_default_logs_once(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="vllm_config.utils"):
        utils.get_field(Pair, "left")
        utils.get_field(Pair, "left")
    assert sum("Pair.left" in r.getMessage() for r in caplog.records) <= 1
    assert utils.get_field(Pair, "left").default is dataclasses.MISSING


def test_replace_rebuilds_and_validates() -> None:
    base = vllm_config.CacheConfig(block_size=32)
    copy = utils.replace(base, gpu_memory_utilization=0.5)
    assert (copy.block_size, copy.gpu_memory_utilization) == (32, 0.5)
    assert base.gpu_memory_utilization != 0.5 and copy is not base
    with pytest.raises(ValidationError):
        utils.replace(base, block_size=0)


def test_update_config_recurses_into_sub_configs() -> None:
    cfg = vllm_config.CompilationConfig()
    flipped = not cfg.pass_config.eliminate_noops
    out = utils.update_config(cfg, {"pass_config": {"eliminate_noops": flipped}})
    assert out.pass_config.eliminate_noops is flipped
    assert cfg.pass_config.eliminate_noops is not flipped
    with pytest.raises(ValueError, match=r"CompilationConfig\.no_such_field"):
        utils.update_config(cfg, {"no_such_field": 1})
    with pytest.raises(ValueError, match=r"CompilationConfig\.pass_config"):
        utils.update_config(cfg, {"pass_config": 3})
    # the path names every level of a nested override (vLLM 0.33.0's tests/test_config.py)
    with pytest.raises(ValueError, match=r"CompilationConfig\.pass_config\.no_such_field"):
        utils.update_config(cfg, {"pass_config": {"no_such_field": 1}})
    # a config of another class for a nested field is rejected, one of its class taken
    with pytest.raises(ValueError, match=r"CompilationConfig\.pass_config"):
        utils.update_config(cfg, {"pass_config": vllm_config.DynamicShapesConfig()})
    replacement = vllm_config.PassConfig(eliminate_noops=flipped)
    assert utils.update_config(cfg, {"pass_config": replacement}).pass_config == replacement


def test_getattr_iter_takes_the_first_present_name(caplog: pytest.LogCaptureFixture) -> None:
    class Hf:
        n_embd = 64

    assert utils.getattr_iter(Hf(), ["hidden_size", "n_embd"]) == 64
    assert utils.getattr_iter(Hf(), ["missing"], default=5) == 5
    assert utils.getattr_iter(Hf(), ["missing"], default=5, default_factory=list) == []
    with caplog.at_level(logging.WARNING, logger="vllm_config.utils"):
        utils.getattr_iter(Hf(), ["hidden_size", "n_embd"], warn=True)
    assert any("hidden_size" in r.getMessage() for r in caplog.records)


def test_get_attr_docs_reads_docstrings_after_assignments() -> None:
    class Documented:
        a: int = 1
        """About a."""

        b = c = 2
        """Shared."""

        d: int = 3
        e = 4
        """About e."""

    assert utils.get_attr_docs(Documented) == {"a": "About a.", "b": "Shared.",
                                               "c": "Shared.", "e": "About e."}
    docs = utils.get_attr_docs(vllm_config.CacheConfig)
    assert docs["block_size"].startswith("Tokens per KV cache block")


def test_range_is_inclusive_and_hashable() -> None:
    r = utils.Range(start=2, end=5)
    assert 2 in r and 5 in r and 6 not in r
    assert not r.is_single_size() and utils.Range(start=3, end=3).is_single_size()
    assert r == utils.Range(start=2, end=5) and r != (2, 5)
    assert len({r, utils.Range(start=2, end=5)}) == 1
    assert str(r) == repr(r) == "(2, 5)"
    with pytest.raises(ValidationError):
        utils.Range(start="a", end=1)


# -- deprecated settings ------------------------------------------------------------------


@dataclasses.dataclass
class Renamed:
    old: int | None = None
    new_a: int = 0
    new_b: int = 0
    text: str = ""
    flag: bool = False
    count: int = 0


def test_handle_deprecated_copies_to_the_new_fields_and_warns() -> None:
    from cfgc.runtime.deprecation import ConfigDeprecationWarning

    untouched = Renamed()
    utils.handle_deprecated(untouched, "old", "new_a", "v9")
    assert untouched.new_a == 0
    cfg = Renamed(old=4)
    with pytest.warns(ConfigDeprecationWarning, match="Renamed.old"):
        utils.handle_deprecated(cfg, "old", ["new_a", "new_b"], "v9")
    assert (cfg.new_a, cfg.new_b) == (4, 4)


def test_deprecated_environment_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    from cfgc.runtime.deprecation import ConfigDeprecationWarning

    monkeypatch.delenv("CFGC_TEST_OLD_VAR", raising=False)
    assert utils.get_from_deprecated_env_if_set("CFGC_TEST_OLD_VAR", "v9") is None
    cfg = Renamed()
    utils.set_from_deprecated_env_if_set(cfg, "CFGC_TEST_OLD_VAR", "v9", "text")
    assert cfg.text == ""
    monkeypatch.setenv("CFGC_TEST_OLD_VAR", "TRUE")
    with pytest.warns(ConfigDeprecationWarning, match="CFGC_TEST_OLD_VAR"):
        assert utils.get_from_deprecated_env_if_set("CFGC_TEST_OLD_VAR", "v9", "text") == "TRUE"
    utils.set_from_deprecated_env_if_set(cfg, "CFGC_TEST_OLD_VAR", "v9", "flag", to_bool=True)
    assert cfg.flag is True
    monkeypatch.setenv("CFGC_TEST_OLD_VAR", "12")
    utils.set_from_deprecated_env_if_set(cfg, "CFGC_TEST_OLD_VAR", "v9", "count", to_int=True)
    assert cfg.count == 12
    with pytest.raises(ValueError, match="not both"):
        utils.set_from_deprecated_env_if_set(cfg, "CFGC_TEST_OLD_VAR", "v9", "count",
                                             to_bool=True, to_int=True)
