"""Checkpoints whose layers differ (a transformers config with `per_layer_config`).

Such a config refuses to answer a per-layer attribute for the whole model, so the
architecture facts are computed for each layer on its own and then merged: a value all
layers share is kept; a number that varies becomes its largest value (buffers are
sized for the largest layer) and each layer that differs keeps its own value in
`per_layer_overrides`. Which attributes vary is whatever the checkpoint says.
"""

from __future__ import annotations

from typing import Any


def _heterogeneous(config: Any) -> bool:
    return bool(getattr(config, "is_heterogeneous", False))


def per_layer_configs(config: Any, text: Any) -> list[tuple[Any, Any]] | None:
    """(config, text config) for each layer, or None when no layer differs. The text
    config decides the layer count when it is the one whose layers differ (its stack
    is the one attention layers are built for)."""
    config_varies, text_varies = _heterogeneous(config), _heterogeneous(text)
    if not (config_varies or text_varies):
        return None
    source = text if text_varies else config
    return [(config.per_layer_config[i] if config_varies else config,
             text.per_layer_config[i] if text_varies else text)
            for i in range(len(source.per_layer_config))]


def merge_layers(layers: list[dict[str, Any]]) -> dict[str, Any]:
    """The whole-model facts of per-layer facts, with `per_layer_overrides`: one dict
    per layer of the values that differ from the merged ones (None when none does).
    A non-numeric value that varies, or a layer count that does not match the number
    of layers, is a ValueError."""
    if not layers:
        raise ValueError("a model needs at least one layer")
    merged: dict[str, Any] = {}
    overrides: list[dict[str, Any]] = [{} for _ in layers]
    for name in layers[0]:
        values = [layer[name] for layer in layers]
        if all(value == values[0] for value in values):
            merged[name] = values[0]
            continue
        # exact types: a bool that varies must not collapse to its max (True)
        if not all(type(value) in (int, float) for value in values):
            shown = sorted({repr(value) for value in values})
            raise ValueError(f"the checkpoint's layers differ in {name!r} ({', '.join(shown)}), "
                             "which has no whole-model value: only numbers are merged")
        merged[name] = max(values)
        for override, value in zip(overrides, values, strict=True):
            if value != merged[name]:
                override[name] = value
    if len(layers) != merged.get("total_num_hidden_layers"):
        raise ValueError(f"the checkpoint has {len(layers)} per-layer configs for "
                         f"{merged.get('total_num_hidden_layers')} layers")
    merged["per_layer_overrides"] = overrides if any(overrides) else None
    return merged
