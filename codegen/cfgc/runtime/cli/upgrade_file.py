"""`vllm-config upgrade ... serve.yaml [-o out.yaml]`: the same carrying-over as for a
command line, applied to a `--config` file's keys. The file is edited with a round-trip
YAML library (ruamel.yaml), so its comments, key order and layout survive; the result
goes to -o (written whole, then moved into place) or to stdout."""

from __future__ import annotations

import io
import json
import os
import sys
import tempfile
from pathlib import Path

from .parse import normalise_option
from .upgrade import Args, Change, Release, carry, finish
from .values import CliError


def _round_trip():
    try:
        from ruamel.yaml import YAML
    except ImportError:  # pragma: no cover - a dependency of the package
        raise CliError("upgrade: editing a config file needs ruamel.yaml "
                       "(pip install ruamel.yaml)") from None
    yaml = YAML()  # round-trip: comments and order kept
    yaml.preserve_quotes = True
    yaml.width = 4096
    return yaml


def _group(key: str, value: object, source: Release) -> tuple[str, list[str], list[str]]:
    option = normalise_option("--" + key.lstrip("-"))  # the name only: sub-keys as written
    flag = source.flags.get(option.split(".", 1)[0])
    if flag is None:
        raise CliError(f"upgrade: key {key!r}: not a flag of vLLM {source.name}")
    if isinstance(value, bool):
        values = [] if value else ["false"]
    elif isinstance(value, dict | list):
        values = [json.dumps(value)]
    else:
        values = ["None" if value is None else str(value)]
    return option, values, [option, *values]


def upgrade_file(args: Args, package: str, source: Release, target: Release,
                 fates: dict[str, dict], warn) -> int:
    yaml = _round_trip()
    path = Path(args.file)
    try:
        text = path.read_text(encoding="utf-8")
        data = yaml.load(text)
    except OSError as exc:
        raise CliError(f"upgrade: {path}: cannot read: {exc.strerror}") from None
    except Exception as exc:  # noqa: BLE001 - ruamel's parser errors have no common base
        raise CliError(f"upgrade: {path}: not valid YAML: "
                       f"{str(exc).splitlines()[0]}") from None
    if data is None:
        data = {}
    if not hasattr(data, "items"):
        raise CliError(f"upgrade: {path}: expected a mapping of flag names to values")
    changes: list[Change] = []
    groups = []
    for key in list(data.keys()):
        given = _group(str(key), data[key], source)
        groups.append(given)
        _, found = carry([given], source, target, fates)
        for change in found:
            changes.append(change)
            if change.kind in ("renamed", "flag_renamed"):
                new_key = change.new.split()[0].lstrip("-")
                _rename(data, key, new_key)
            elif change.kind in ("dropped", "removed"):
                del data[key]
    out = io.StringIO()
    yaml.dump(data, out)
    new_text = out.getvalue()
    with tempfile.TemporaryDirectory() as tmp:
        new_path = Path(tmp) / "upgraded.yaml"
        new_path.write_text(new_text)
        old_argv, new_argv = ["--config", str(path)], ["--config", str(new_path)]
        status = finish(args, package, source, target, old_argv, new_argv, groups, changes,
                        lambda extra: {"config": json.loads(json.dumps(data, default=str))}
                        | ({"pinned": extra} if extra else {}))
    if args.fmt == "text":
        if args.out:
            _write(Path(args.out), new_text)
        else:
            sys.stdout.write(new_text)
    elif args.out:
        _write(Path(args.out), new_text)
    return status


def _rename(data, old: str, new: str) -> None:
    """Rename a key in place: same position, same value, the key's comments kept."""
    keys = list(data.keys())
    position = keys.index(old)
    value = data[old]
    comment = data.ca.items.pop(old, None) if hasattr(data, "ca") else None
    del data[old]
    data.insert(position, new, value)
    if comment is not None:
        data.ca.items[new] = comment




def _write(path: Path, text: str) -> None:
    """Whole or not at all: a temporary file beside the target, then a rename."""
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent or Path("."), prefix=f".{path.name}.")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        raise CliError(f"upgrade: -o {path}: cannot write: {exc.strerror}") from None
