"""Fields of vLLM 0.25.1's config classes that the seed pages lack (the seeds are older).

The parity fixtures (tests/fixtures/parity, recorded from vLLM 0.25.1) show them in every
resolved config, so the schema has them; tests that compare constructor fields or hash
rules with tests/facts/seed_facts.json add them here, in 0.25.1's field order.
"""

from __future__ import annotations

#: class -> [(field, the seed field it follows in 0.25.1, whether compute_hash reads it)]
BEYOND_SEED: dict[str, list[tuple[str, str, bool]]] = {
    "CacheConfig": [("skip_page_size_padded", "mamba_page_size_padded", False)],
    "KernelConfig": [("enable_cutedsl_warmup", "enable_flashinfer_autotune", False)],
    "ModelConfig": [("model_class_overrides", "hf_overrides", True),
                    ("sleep_mode_backend", "enable_sleep_mode", True)],
    "SpeculativeConfig": [("use_heterogeneous_vocab", "use_local_argmax_reduction", False)],
}


def constructor_fields(cls_name: str, seed_fields: list[str]) -> list[str]:
    """The seed's constructor fields of `cls_name` with 0.25.1's newer ones inserted."""
    fields = list(seed_fields)
    for name, after, _ in BEYOND_SEED.get(cls_name, ()):
        fields.insert(fields.index(after) + 1, name)
    return fields


def hashed(cls_name: str) -> set[str]:
    """The newer fields of `cls_name` that 0.25.1's compute_hash reads."""
    return {name for name, _, h in BEYOND_SEED.get(cls_name, ()) if h}


def unhashed(cls_name: str) -> set[str]:
    """The newer fields of `cls_name` that 0.25.1's compute_hash leaves out."""
    return {name for name, _, h in BEYOND_SEED.get(cls_name, ()) if not h}


def names(cls_name: str) -> set[str]:
    """Every newer field of `cls_name`."""
    return {name for name, _, _ in BEYOND_SEED.get(cls_name, ())}
