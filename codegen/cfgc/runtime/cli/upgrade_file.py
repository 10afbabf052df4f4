"""`vllm-config upgrade ... serve.yaml [-o out.yaml]`: the same carrying-over as for a
command line, applied to a `--config` file's keys; the report names each key and its
line. The file is edited with a round-trip YAML library (ruamel.yaml), so its comments,
key order and layout survive; the result goes to -o (written whole, then moved into
place) or to stdout. Each release on the way resolves the file as carried to it."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import tempfile
from pathlib import Path

from .parse import normalise_option
from .upgrade import Args, Given, Release, carry_chain
from .upgrade_report import Carried, finish
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


def _group(key: str, value: object, source: Release, where: str) -> Given:
    option = normalise_option("--" + key.lstrip("-"))  # the name only: sub-keys as written
    flag = source.flags.get(option.split(".", 1)[0])
    if flag is None:
        raise CliError(f"upgrade: {where}: not a flag of vLLM {source.name}")
    if isinstance(value, bool):
        values = [] if value else ["false"]
    elif isinstance(value, dict | list):
        values = [json.dumps(value, default=str)]
    else:
        values = ["None" if value is None else str(value)]
    return Given(option, values, [option, *values], where, key, value)


def _line(data, key) -> int:
    try:
        return data.lc.key(key)[0] + 1
    except (AttributeError, KeyError, TypeError):
        return 0


def upgrade_file(args: Args, package: str, history: dict, root: Path,
                 releases: list[Release], fates: dict) -> int:
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
    groups = [_group(str(key), data[key], releases[0],
                     f"{path.name}:{_line(data, key)}: key {str(key)!r}")
              for key in list(data.keys())]
    lines, changes = carry_chain(groups, releases, fates)
    kept = {g.key: g for g in lines[-1]}
    for g in groups:
        now = kept.get(g.key)
        if now is None:
            del data[g.key]
        elif now.name != g.name:
            _rename(data, g.key, now.name.lstrip("-"))
    out = io.StringIO()
    yaml.dump(data, out)
    new_text = out.getvalue()
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for i, line in enumerate(lines):
            if i == 0:
                files.append(str(path))
                continue
            carried = Path(tmp) / f"{i}.yaml"
            carried.write_text(new_text if i == len(lines) - 1 else json.dumps(
                {g.name.lstrip("-"): g.value for g in line}, default=str))
            files.append(str(carried))
        status = finish(args, package, history, root, Carried(releases, lines, changes),
                        lambda extra: {"config": json.loads(json.dumps(data, default=str))}
                        | ({"pinned": extra} if extra else {}),
                        [["--config", f] for f in files])
    if args.out:
        _write(Path(args.out), new_text)
    elif args.fmt == "text":
        sys.stdout.write(new_text)
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
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent or Path("."), prefix=f".{path.name}.")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        if tmp is not None:  # a full disk mid-write leaves no temporary file behind
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise CliError(f"upgrade: -o {path}: cannot write: {exc.strerror}") from None
