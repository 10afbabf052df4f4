"""`vllm-config upgrade`: carry a command line or a `--config` file from one vLLM release
to a later one, through every release in between, and say what changes and where.

    vllm-config upgrade [--from R] --to R [--format text|json] [--keep-behaviour] -- ARGV...
    vllm-config upgrade [--from R] --to R [--format text|json] [--keep-behaviour]
                        serve.yaml [-o out.yaml]

Like Terraform's chain of state upgraders, the line goes one release at a time: each
step reads the next release's flag table (`cli_manifest.json`) and the schema's release
history (`releases.json`: each removal's fate, written next to the entry in the schema);
nothing is a table in this module. For each flag given, at each step:

- the next release has it for the same field: kept (a value it reads differently is a
  problem, from the schema's `meaning_changed`);
- its field was renamed: the new field's flag;
- the flag was renamed, the field kept: the field's new flag;
- the field was dropped or replaced: dropped when the value given is the old default
  (the release does the same without it), else a problem naming the reason.

Every change is named with the release of its step. Then the line is resolved under the
first and the last release (upgrade_resolve: in this process, one release after the
other) to report the values that change under it, each with the release where it
changed, and the cache-key factors that differ; `--keep-behaviour` pins the old value
of each changed default where the target has a flag. upgrade_report prints it all.
Exit status: 0 clean, 1 something could not be carried over, 2 bad input.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path

from .releases import history_folder
from .values import CliError

USAGE = ("usage: {prog} upgrade [--from RELEASE] --to RELEASE [--format text|json] "
         "[--keep-behaviour] (-- ARGV... | FILE.yaml [-o OUT.yaml])")
EXIT_PROBLEM = 1
#: Flags of the command itself, carried over as they are.
_OWN = {"--config", "--format", "--platform", "--allow-remote-code"}


@dataclass
class Change:
    # kept_value_refused, renamed, flag_renamed, dropped, removed, meaning_changed,
    # rejected, default_changed, setting_changed
    kind: str
    flag: str
    old: object = None
    new: object = None
    why: str = ""
    problem: bool = False
    release: str = ""  # the release in which it happened ("" only before it is known)
    where: str = ""  # how the report names what changed: a config file's key and line
    path: str = ""  # a resolved value's section and field: scheduler_config.max_num_seqs
    #: values that changed more than once on the way: [{release, old, new}, ...]
    steps: list[dict] = field(default_factory=list)

    def as_dict(self) -> dict:
        out = {"kind": self.kind, "flag": self.flag, "release": self.release,
               "old": self.old, "new": self.new, "why": self.why, "problem": self.problem}
        if self.where:
            out["where"] = self.where
        if self.path:
            out["path"] = self.path
        if self.steps:
            out["steps"] = self.steps
        return out


@dataclass
class Release:
    """One release's flag table, from its cli_manifest.json."""

    name: str
    flags: dict[str, dict]  # every spelling (name, alias, negation) -> its flag
    by_target: dict[str, dict] = field(default_factory=dict)  # Class.field -> flag
    #: Class.field -> {value as written: why it means something else in this release}
    meaning_changed: dict[str, dict[str, str]] = field(default_factory=dict)

    @classmethod
    def read(cls, name: str, folder: Path) -> Release:
        manifest = json.loads((folder / "cli_manifest.json").read_text())
        history = json.loads((folder / "releases.json").read_text())
        flags: dict[str, dict] = {}
        by_target: dict[str, dict] = {}
        for flag in manifest["flags"]:
            for spelling in (flag["name"], *flag["aliases"], *flag["negations"]):
                flags[spelling] = flag
            by_target.setdefault(flag["target"], flag)
        return cls(name, flags, by_target, history.get("meaning_changed", {}))


def read_history(table: object) -> tuple[dict, Path]:
    root = Path(history_folder(table))
    try:
        return json.loads((root / "releases.json").read_text()), root
    except OSError:
        raise CliError("upgrade: this package describes one release; there is nothing "
                       "to upgrade to") from None


# --- arguments ------------------------------------------------------------------------


@dataclass
class Args:
    source: str
    target: str
    fmt: str = "text"
    keep: bool = False
    argv: list[str] | None = None
    file: str | None = None
    out: str | None = None
    prog: str = "vllm-config"  # for the error lines


def arguments(argv: list[str], history: dict, selected: str | None = None) -> Args | None:
    """The command's arguments; without --from the chain starts at `selected`, the
    release this process runs (--release or CFGC_RELEASE), else the default one."""
    releases = history["releases"]
    opts: dict[str, str] = {}
    keep, rest = False, None
    file = out = None
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest = argv[i + 1:]
            break
        if arg in ("-h", "--help"):
            return None
        if arg == "--keep-behaviour":
            keep, i = True, i + 1
            continue
        name, eq, value = arg.partition("=")
        if name in ("--from", "--to", "--format", "-o", "--output"):
            if not eq:
                if i + 1 >= len(argv):
                    raise CliError(f"upgrade: {name} needs a value")
                value, i = argv[i + 1], i + 1
            opts[name] = value
            i += 1
            continue
        if arg.startswith("-"):
            raise CliError(f"upgrade: unknown option {arg!r} (the command line to upgrade "
                           f"goes after --)")
        if file is not None:
            raise CliError("upgrade: one config file at a time")
        file, i = arg, i + 1
    out = opts.get("-o") or opts.get("--output")
    for name in ("--from", "--to"):
        if name in opts and opts[name] not in releases:
            raise CliError(f"upgrade: {name}: invalid choice: {opts[name]!r} (choose from "
                           f"{', '.join(releases)})")
    if "--to" not in opts:
        raise CliError(f"upgrade: --to is required (one of {', '.join(releases)})")
    start = selected if selected in releases else history["default"]
    source = opts.get("--from", start)
    named = "--from" if "--from" in opts else "the selected release"
    if releases.index(source) > releases.index(opts["--to"]):
        raise CliError(f"upgrade: --to {opts['--to']} is older than {named} {source}: "
                       f"upgrade goes to a later release (releases, oldest first: "
                       f"{', '.join(releases)})")
    fmt = opts.get("--format", "text")
    if fmt not in ("text", "json"):
        raise CliError(f"upgrade: --format: invalid choice: {fmt!r} (choose from text, json)")
    if (rest is None) == (file is None):
        raise CliError("upgrade: give either a config file or `-- ARGV...`")
    if out is not None and file is None:
        raise CliError("upgrade: -o goes with a config file")
    return Args(source, opts["--to"], fmt, keep, rest, file, out)


def chain(history: dict, root: Path, source: str, target: str) -> list[Release]:
    """Every release from source to target, oldest first, with its flag table."""
    names = history["releases"]
    steps = names[names.index(source): names.index(target) + 1]
    return [Release.read(r, root / history["folders"][r]) for r in steps]


# --- carrying flags over ---------------------------------------------------------------


@dataclass
class Given:
    """One flag as given: its option (as typed, without a value), its values, and the
    command-line tokens it was written as (kept as they are when nothing changes)."""

    name: str
    values: list[str]
    tokens: list[str]
    where: str = ""  # a config file's key and line; "" on a command line
    key: object = None  # the config file's key as written
    value: object = None  # the config file's value as read

    def shown(self) -> str:
        """As the operator wrote it: the tokens, or a config file's `key: value`."""
        if not self.where:
            return " ".join(self.tokens)
        written = str(self.key)
        key = written if "--" + written.lstrip("-").replace("_", "-") == self.name \
            else self.name.lstrip("-")  # the key as the file has it, until renamed
        return f"{key}: {' '.join(self.values)}" if self.values else key

    def spell(self, flag: str) -> str:
        """A flag as this input names it: the key in a config file."""
        return flag.lstrip("-") if self.where else flag


def split_flags(argv: list[str], release: Release) -> list[Given]:
    """The command line as flags with their values, by the source release's flags."""
    groups: list[Given] = []
    i = 0
    while i < len(argv):
        token = argv[i]
        if not token.startswith("-") or token == "-":
            raise CliError(f"upgrade: unexpected value {token!r} (not after a flag)")
        name, eq, inline = token.partition("=")
        if (name not in release.flags and not name.startswith("--") and len(name) > 2
                and name[:2] in release.flags):
            name, eq, inline = name[:2], "=", token[2:]  # a glued short option: -O1
        base = base_of(name, release)
        flag = release.flags.get(base)
        if flag is None and base not in _OWN:
            raise CliError(f"upgrade: {name}: not a flag of vLLM {release.name}")
        values: list[str] = [inline] if eq else []
        start = i
        i += 1
        takes = 0 if flag is not None and flag["kind"] in ("bool", "enable") else (
            -1 if flag is not None and flag["nargs"] in ("+", "*") else 1)
        if flag is not None and name != flag["name"] and name in flag["negations"]:
            takes = 0
        if base == "--allow-remote-code":
            takes = 0
        while not eq and takes and i < len(argv) and not _is_option(argv[i]):
            values.append(argv[i])
            i += 1
            takes -= 1
        groups.append(Given(name, values, argv[start:i]))
    return groups


def base_of(name: str, release: Release) -> str:
    """The flag a spelling belongs to: `-cc.mode` is `-cc`'s."""
    return name if name in release.flags else name.split(".", 1)[0]


def _is_option(token: str) -> bool:
    if not token.startswith("-") or token == "-":
        return False
    try:
        float(token)  # a negative number is a value
        return False
    except ValueError:
        return True


def argv_of(groups: list[Given]) -> list[str]:
    return [token for g in groups for token in g.tokens]


def fates_by_release(history: dict) -> dict[tuple[str, str], dict]:
    """(subject, release it was removed in) -> its fate."""
    return {(f["subject"], f["removed_in"]): f for f in history["fates"]}


def carry_chain(groups: list[Given], releases: list[Release],
                fates: dict[tuple[str, str], dict]) -> tuple[list[list[Given]], list[Change]]:
    """The line as it is in each release of the chain, and every change on the way,
    each named with the release of its step."""
    lines = [groups]
    changes: list[Change] = []
    for before, after in zip(releases, releases[1:], strict=False):
        groups, found = carry(groups, before, after, fates)
        lines.append(groups)
        changes += found
    return lines, changes


def carry(groups: list[Given], source: Release, target: Release,
          fates: dict[tuple[str, str], dict]) -> tuple[list[Given], list[Change]]:
    """One step: the line for the next release, and what changed on the way. A flag the
    target has for the same field is kept as typed; whether the target accepts its value
    is for the target's own parser (see upgrade_resolve)."""
    out: list[Given] = []
    changes: list[Change] = []

    def change(kind: str, g: Given, base: str, old, new, why: str,
               problem: bool = False) -> None:
        changes.append(Change(kind, base, old, new, why, problem, target.name, g.where))

    for g in groups:
        base = base_of(g.name, source)
        flag = source.flags.get(base)
        if flag is None:  # an option of the command itself
            out.append(g)
            continue
        negated = base in flag["negations"]
        shown = g.shown()
        if base in target.flags and target.flags[base]["target"] == flag["target"]:
            out.append(g)
            why = _meaning(target, flag["target"], g.values)
            if why and why != _meaning(source, flag["target"], g.values):
                change("meaning_changed", g, base, shown, shown,
                       f"in vLLM {target.name}: {why}", problem=True)
            continue
        subject = flag["target"]
        fate = fates.get((subject, target.name))
        replacement = None
        if fate is not None and fate["kind"] == "renamed_to":
            replacement = target.by_target.get(fate["target"])
        elif fate is None:
            replacement = target.by_target.get(subject)  # the flag renamed, the field kept
        if replacement is not None:
            spelling = _spelling(replacement, negated)
            renamed = replace(g, name=spelling + g.name[len(base):],
                              tokens=_respell(g.tokens, base, spelling))
            why = (f"{subject} is {replacement['target']} in vLLM {target.name}"
                   if fate is not None else
                   f"vLLM {target.name} spells it {g.spell(spelling)}")
            change("renamed" if fate is not None else "flag_renamed", g, base, shown,
                   renamed.shown(), why)
            out.append(renamed)
            continue
        reason = _fate_reason(fate, target)
        if fate is None and base in target.flags:  # the spelling stays, its field does not
            moved = target.flags[base]
            reason = (f"vLLM {target.name} still takes {g.spell(base)}, but it sets "
                      f"{moved['target']} there, not {subject}"
                      + (f" ({moved['deprecated']})" if moved.get("deprecated") else ""))
        if _is_default(flag, negated, g.values):
            change("dropped", g, base, shown, None,
                   f"{reason}; the value given was the default, so vLLM {target.name} "
                   f"does the same without it")
            continue
        change("removed", g, base, shown, None, reason, problem=True)
    return out, changes


def _meaning(release: Release, subject: str, values: list[str]) -> str:
    return release.meaning_changed.get(subject, {}).get(" ".join(values), "")


def _respell(tokens: list[str], base: str, spelling: str) -> list[str]:
    """The tokens with the flag's new spelling: `--old=1`, `--old.key 1`, `-O1`."""
    first = tokens[0]
    if first == base or first.startswith((base + "=", base + ".")):
        return [spelling + first[len(base):], *tokens[1:]]
    return [spelling, first[len(base):], *tokens[1:]]  # a glued short option


def _spelling(flag: dict, negated: bool) -> str:
    if negated and flag["negations"]:
        return flag["negations"][0]
    return flag["name"]


def _fate_reason(fate: dict | None, target: Release) -> str:
    if fate is None:
        return f"vLLM {target.name} has no such flag, and the schema declares no fate for it"
    if fate["kind"] == "replaced_by":
        how = f" ({fate['convert']})" if fate.get("convert") else ""
        return f"removed in {fate['removed_in']}; replaced by {fate['target']}{how}"
    return f"removed in {fate['removed_in']}: {fate['target']}"


def _is_default(flag: dict, negated: bool, values: list[str]) -> bool:
    default = str(flag.get("default", ""))
    if flag["kind"] in ("bool", "enable"):
        given = "false" if negated else (values[0].lower() if values else "true")
        return given == default.lower()
    return " ".join(values) == default


def given_subjects(groups: list[Given], source: Release,
                   json_keys: bool = False) -> dict[str, Given]:
    """Class.field -> the flag of the line that sets it. With `json_keys`, a JSON flag
    (its target is a class) counts for the keys it names: `-cc.mode 3` for
    CompilationConfig.mode, `-cc '{...}'` for each key of the object; without, for the
    class only (a mapping it merges into is not a value it sets)."""
    subjects: dict[str, Given] = {}
    for g in groups:
        base = base_of(g.name, source)
        flag = source.flags.get(base)
        if flag is None:
            continue
        if flag["kind"] != "json" or not json_keys:
            subjects.setdefault(flag["target"], g)
            continue
        keys = [g.name[len(base) + 1:].split(".", 1)[0].rstrip("+")] \
            if g.name != base else _json_keys(g.values)
        for key in keys:
            subjects.setdefault(f"{flag['target']}.{key}", g)
    return subjects


def _json_keys(values: list[str]) -> list[str]:
    try:
        data = json.loads(" ".join(values))
    except ValueError:
        return []
    return list(data) if isinstance(data, dict) else []
