"""argv (and a --config YAML file) -> one nested dict of constructor arguments per root
config class, with a record of which flag set what (for error messages).

Steps, as vLLM's FlexibleArgumentParser does them: --config expands to flags (the
file's values lose to the command line); underscores in flag names become dashes;
dotted keys (-cc.mode 3, --compilation-config.pass_config.x true, key+ a,b appends) are
collected per flag; everything else goes through an argparse parser built from the
table, whose actions record each value instead of storing it. On the command line, the
dotted keys of one spelling form one JSON value given last, as in vLLM: they replace a
whole JSON value of the flag, and of two spellings (-cc.x, --compilation-config.y) the
one first seen later wins. Then values are applied in precedence order: file before
command line; within each, a whole-config JSON value, then its dotted keys, then
single-field flags, each group in the order given.
"""

from __future__ import annotations

import argparse
import os
import re

from ..remote_code import ALLOW_REMOTE_CODE
from .help import USAGE, HelpFormatter, metavar_of
from .values import BadValue, CliError, read, read_dotted, suggest, to_tokens

OWN_FLAGS = ("--config", "--format", "--platform", "--release", "--allow-remote-code",
             "--help", "-h")
FORMATS = ("yaml", "json")
_LONG_NAME = re.compile(r"(?<=^--)[^.=]*")


class Op:
    """One value for one flag: where it came from and where it goes."""

    __slots__ = ("entry", "label", "value", "mode", "keys", "rank", "seq")

    def __init__(self, entry: dict, label: str, value: object, mode: str = "set",
                 keys: tuple[str, ...] = (), rank: int = 1, seq: int = 0):
        self.entry = entry
        self.label = label  # what messages name: "--block-size", "--config f.yaml: key 'x'"
        self.value = value
        self.mode = mode  # set | merge (a JSON object) | append (key+) | enable
        self.keys = keys  # dotted keys below the flag's own path
        self.rank = rank  # 0: --config file, 1: command line
        self.seq = seq

    @property
    def specificity(self) -> int:
        if self.mode == "merge":
            return 0
        return 1 if self.keys else 2


class Parsed:
    """Per-root constructor arguments (nested dicts) and which flag set each path."""

    def __init__(self, trees: dict[str, dict], provenance: list, fmt: str = "yaml",
                 platform: str | None = None, unused: frozenset = frozenset()):
        self.trees = trees
        self.unused = unused  # (root, dotted path) of flags given without effect
        self.provenance = provenance  # (root, path, label), in the order applied
        self.fmt = fmt
        self.platform = platform  # --platform NAME (None: environment or default)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # type: ignore[override]
        raise CliError(re.sub(r"^argument ", "", message))


class _Record(argparse.Action):
    """Appends (entry, option as typed, value) to the namespace instead of storing."""

    def __init__(self, option_strings, dest, entry=None, **kwargs):
        super().__init__(option_strings, dest, **kwargs)
        self.entry = entry

    def __call__(self, parser, namespace, values, option_string=None):
        entry = self.entry
        if entry["kind"] in ("bool", "enable"):
            values = option_string not in entry["negatives"]
        elif isinstance(values, list):
            for v in values:
                if isinstance(v, _Invalid):
                    v.fail(option_string)
            values = [x for v in values for x in (v if isinstance(v, _Several) else [v])]
            if entry.get("comma_list"):  # the field splits "a,b" itself: so does its flag
                values = [part.strip() for v in values for part in v.split(",")
                          if part.strip()]
            if entry.get("optional") and len(values) == 1 and values[0] in ("None", ""):
                values = None
        elif isinstance(values, _Invalid):
            values.fail(option_string)
        namespace.ops.append((entry, option_string, values))


class _Invalid:
    """A value the type function could not read; the action reports it with the option."""

    def __init__(self, raw: str, reason: str):
        self.raw, self.reason = raw, reason

    def fail(self, option: str):
        raise CliError(f"{option}: invalid value {self.raw!r}: {self.reason}")


class _Several(list):
    """One token holding several list items ("model,worker", as vLLM's choices allow)."""


def _reader(entry: dict):
    def convert(raw: str) -> object:
        try:
            if entry.get("container") and entry.get("optional") and raw in ("None", ""):
                return raw
            if entry.get("container") and entry["kind"] in ("choice", "enum") and "," in raw:
                return _Several(read(entry, part) for part in raw.split(","))
            return read(entry, raw)
        except BadValue as exc:
            return _Invalid(raw, str(exc))

    return convert


class Cli:
    """The argparse parser for a flag table, plus lookups by option string."""

    def __init__(self, table, parser: argparse.ArgumentParser, by_option: dict[str, dict]):
        self.table = table
        self.parser = parser
        self.by_option = by_option

    @property
    def options(self) -> list[str]:
        return sorted(self.by_option) + list(OWN_FLAGS)


def build_cli(table: object, only: set[str] | None = None) -> Cli:
    """The parser; with `only`, just the flags having one of those option strings (adding
    all 200-odd flags to argparse costs more than parsing a command line with a few)."""
    prog = table.PROG
    parser = _Parser(prog=prog, add_help=False, allow_abbrev=False,
                     formatter_class=HelpFormatter,
                     usage=USAGE.format(prog=prog))
    descriptions = {name: desc for name, _, desc in table.GROUPS}
    groups: dict[str, argparse._ArgumentGroup] = {}
    if only is None:  # all groups, in order (help); otherwise only those used, lazily
        for name in descriptions:
            groups[name] = parser.add_argument_group(name, descriptions[name])
    own = parser.add_argument_group(
        "Options", f"Options of {prog} itself (not engine flags).")
    own.add_argument("--config", metavar="FILE", dest="config",
                     help="YAML file of flags: each key a flag name without the dashes "
                          "(true -> the flag, false -> its negation, lists, mappings for "
                          "JSON flags). Flags given on the command line win over the file.")
    own.add_argument("--format", choices=FORMATS, dest="format", default=argparse.SUPPRESS,
                     help="Output format of show and hash. (default: yaml)")
    platforms = getattr(table, "PLATFORMS", ())
    if platforms:
        own.add_argument("--platform", choices=platforms, dest="platform",
                         default=argparse.SUPPRESS, metavar="{" + ",".join(platforms) + "}",
                         help=f"Platform profile the configs resolve for (default: "
                              f"{platforms[0]}, or ${table.PLATFORM_ENV}, whatever this "
                              f"machine has: a preview of a deployment; the Python API "
                              f"detects the platform as vLLM does). See the platforms "
                              f"page.")
    releases = getattr(table, "RELEASES", ())
    if releases:
        own.add_argument("--release", choices=releases, dest="release",
                         default=argparse.SUPPRESS, metavar="{" + ",".join(releases) + "}",
                         help=f"The vLLM release whose flags, defaults and rules apply "
                              f"(default: {table.RELEASE}, or $CFGC_RELEASE). Works with "
                              f"every command.")
    own.add_argument(ALLOW_REMOTE_CODE, action="store_true", dest="allow_remote_code",
                     default=argparse.SUPPRESS,
                     help="Run code shipped with the checkpoint (a config's auto_map) when "
                          "trust_remote_code is set. Without it, no command of "
                          f"{prog} runs such code, wherever trust_remote_code comes from.")
    own.add_argument("-h", "--help", dest="help", nargs="?", const="", metavar="TOPIC",
                     help="Show the groups; --help=all every flag, --help=<group> one group, "
                          "--help=<keyword> the flags whose name contains it.")
    by_option: dict[str, dict] = {}
    for entry in table.FLAGS:
        options = [entry["flag"], *entry["aliases"], *entry["negatives"]]
        for opt in options:
            by_option[opt] = entry
        if only is not None and only.isdisjoint(options):
            continue
        kwargs: dict[str, object] = {"dest": entry["dest"], "action": _Record, "entry": entry,
                                  "default": argparse.SUPPRESS, "help": entry["help"]}
        kind = entry["kind"]
        if kind in ("bool", "enable"):
            kwargs["nargs"] = 0
        else:
            kwargs["type"] = _reader(entry)
            kwargs["metavar"] = metavar_of(entry)
            if kind == "flag_or_str":
                kwargs["nargs"] = "?"
                kwargs["const"] = True
            elif entry.get("container"):
                kwargs["nargs"] = entry["nargs"]
        group = groups.get(entry["group"])
        if group is None:
            group = groups[entry["group"]] = parser.add_argument_group(
                entry["group"], descriptions.get(entry["group"], ""))
        group.add_argument(*options, **kwargs)
    return Cli(table, parser, by_option)


def _options_in(tokens: list[str], short: set[str]) -> set[str]:
    """Option strings a command line may use: each token up to '=' or '.', and the
    one-letter short options glued to their value (-O3)."""
    found = set()
    for tok in tokens:
        if tok.startswith("-"):
            found.add(re.split(r"[=.]", tok, maxsplit=1)[0])
            if not tok.startswith("--") and tok[:2] in short:
                found.add(tok[:2])
    return found


def normalise_option(token: str) -> str:
    """--tensor_parallel_size=2 -> --tensor-parallel-size=2 (the name only, up to . or =)."""
    if token.startswith("--"):
        return _LONG_NAME.sub(lambda m: m.group(0).replace("_", "-"), token, count=1)
    return token


# --------------------------------------------------------------------------- argv


def _split_config(argv: list[str]) -> tuple[list[str], str | None]:
    rest, path = [], None
    i = 0
    while i < len(argv):
        tok = argv[i]
        if tok == "--config" or tok.startswith("--config="):
            if path is not None:
                raise CliError("--config: given twice; pass one config file")
            if tok == "--config":
                if i + 1 >= len(argv):
                    raise CliError("--config: expected a YAML file path")
                path = argv[i + 1]
                i += 2
                continue
            path = tok.split("=", 1)[1]
        else:
            rest.append(tok)
        i += 1
    return rest, path


def _dotted(cli: Cli, argv: list[str], rank: int, label_of=None) -> tuple[list[str], list[Op]]:
    """Pull out dotted-key tokens (-cc.mode 3, --x.key+=a,b) as ops; return the rest."""
    rest: list[str] = []
    ops: list[Op] = []
    i = 0
    while i < len(argv):
        tok = argv[i]
        name = tok.split("=", 1)[0]
        if not (tok.startswith("-") and "." in name and re.match(r"^--?[A-Za-z]", name)):
            rest.append(tok)
            i += 1
            continue
        head, *keys = name.split(".")
        entry = cli.by_option.get(head)
        if entry is None:
            raise CliError(f"unknown flag {head}{suggest(head, cli.options)}")
        if entry["kind"] not in ("json", "dict", "dict_or_str") or not all(keys):
            raise CliError(f"{head} takes no dotted keys ({name}): it is not a JSON flag")
        if "=" in tok:
            raw = tok.split("=", 1)[1]
            i += 1
        else:
            if i + 1 >= len(argv):
                raise CliError(f"{name}: expected a value")
            raw = argv[i + 1]
            i += 2
        mode = "set"
        if keys[-1].endswith("+"):
            keys[-1] = keys[-1][:-1]
            mode = "append"
            value: object = raw.split(",")
        else:
            value = read_dotted(raw)
        label = label_of(name) if label_of else name
        ops.append(Op(entry, label, value, mode, tuple(keys), rank))
    return rest, ops


def _run_parser(cli: Cli, tokens: list[str], rank: int, label: str | None = None) -> tuple[
        list[Op], argparse.Namespace]:
    ns = argparse.Namespace(ops=[])
    try:
        ns, extras = cli.parser.parse_known_args(tokens, ns)
    except CliError as exc:
        if not label:
            raise
        msg = str(exc)
        if tokens and msg.startswith(tokens[0] + ": "):  # the file's key already names it
            msg = msg[len(tokens[0]) + 2:]
        raise CliError(f"{label}: {msg}") from None
    for tok in extras:
        where = f"{label}: " if label else ""
        if tok.startswith("-") and not re.match(r"^-\d", tok):
            name = tok.split("=", 1)[0]
            raise CliError(f"{where}unknown flag {name}{suggest(name, cli.options)}")
        raise CliError(f"{where}unexpected value {tok!r} (a flag before it takes no value, "
                       f"or takes fewer)")
    ops = []
    for entry, option, value in ns.ops:
        mode = "set"
        if entry["kind"] == "enable":
            mode = "enable"
        elif entry["kind"] in ("json", "dict", "dict_or_str") and isinstance(value, dict):
            mode = "merge"  # dotted keys of the same flag then merge into it
        ops.append(Op(entry, label or option, value, mode, (), rank))
    return ops, ns


# --------------------------------------------------------------------------- config file


def load_config_file(path: str, warn=None) -> dict:
    """The --config file as a mapping; yaml.safe_load (C loader when available) only."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    if not os.path.exists(path):
        raise CliError(f"--config {path}: no such file")
    if os.path.isdir(path):
        raise CliError(f"--config {path}: is a directory, not a YAML file")
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        scan_yaml(text, f"--config {path}", warn)  # before the recursive composer runs
        data = yaml.load(text, Loader=loader)  # noqa: S506 - a safe loader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise CliError(f"--config {path}: not valid YAML{where}: {problem}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"--config {path}: cannot read: {exc}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise CliError(f"--config {path}: expected a mapping of flag names to values, "
                       f"not a {type(data).__name__}")
    return data


MAX_DEPTH = 64


def scan_yaml(text: str, label: str, warn=None) -> None:
    """Walk the parser's events (an iterative parser: no recursion) before anything is
    built: refuse nesting deeper than MAX_DEPTH (the composer would crash), more than
    MAX_CONFIG_NODES values once aliases are expanded (an alias bomb) and aliases to a
    collection still open (recursive data); warn about a key given twice in a mapping."""
    import yaml

    stack: list = []  # per open collection: [keys seen | None, next is a key, anchor, start]
    sizes: dict[str, int] = {}  # anchor -> how many values its node expands to
    count, aliased = 0, False
    from ..yaml_events import parse_events

    for event in parse_events(text):
        if isinstance(event, yaml.CollectionEndEvent):
            _, _, anchor, start = stack.pop()
            if anchor:
                sizes[anchor] = count - start
            continue
        if not isinstance(event, yaml.NodeEvent):
            continue
        line = event.start_mark.line + 1
        if isinstance(event, yaml.AliasEvent):
            if any(open_[2] == event.anchor for open_ in stack):
                raise CliError(f"{label}: a YAML alias refers to a value containing itself "
                               "(recursive data cannot be a config)")
            aliased = True
        count += sizes.get(event.anchor, 1) if isinstance(event, yaml.AliasEvent) else 1
        if isinstance(event, yaml.ScalarEvent) and event.anchor:
            sizes[event.anchor] = 1
        top = stack[-1] if stack else None
        if top is not None and top[0] is not None:
            if top[1] and isinstance(event, yaml.ScalarEvent):
                if event.value in top[0] and warn is not None:
                    warn(f"{label}: key {event.value!r} given twice (again at line {line}); "
                         f"the last one wins")
                top[0].add(event.value)
            top[1] = not top[1]
        if count > MAX_CONFIG_NODES:
            raise CliError(f"{label}: YAML aliases expand to more than {MAX_CONFIG_NODES} "
                           "values; write the config out instead" if aliased else
                           f"{label}: more than {MAX_CONFIG_NODES} values; too large")
        if isinstance(event, yaml.CollectionStartEvent):
            if len(stack) >= MAX_DEPTH:
                raise CliError(f"{label}: nested more than {MAX_DEPTH} levels deep "
                               f"(line {line})")
            mapping = isinstance(event, yaml.MappingStartEvent)
            stack.append([set() if mapping else None, True, event.anchor, count - 1])


MAX_CONFIG_NODES = 100_000


def _file_ops(cli: Cli, path: str, data: dict) -> list[Op]:
    ops: list[Op] = []
    for key, value in data.items():
        if not isinstance(key, str):
            raise CliError(f"--config {path}: key {key!r} is not a flag name")
        option = normalise_option(key if key.startswith("-") else "--" + key)
        label = f"--config {path}: key {key!r}"
        head = option.split(".", 1)[0]
        entry = cli.by_option.get(head)
        if option in OWN_FLAGS:
            raise CliError(f"--config {path}: key {key!r} is an option of the command, not an "
                           f"engine flag; it cannot be set in a config file")
        if entry is None:
            names = [o[2:] for o in cli.options if o.startswith("--")]
            hint = suggest(key.lstrip("-").replace("_", "-"), names)
            raise CliError(f"--config {path}: unknown key {key!r}{hint}")
        if "." in option:
            if isinstance(value, dict | list):
                import json

                value = json.dumps(value)
            _, dotted = _dotted(cli, [option, str(value) if not isinstance(
                value, bool) else str(value).lower()], 0, lambda _n, lb=label: lb)
            ops.extend(dotted)
            continue
        if value is False and entry["kind"] not in ("bool", "enable"):
            tokens = [option, "false"]
        else:
            try:
                tokens = to_tokens(entry, value, option)
            except BadValue as exc:
                raise CliError(f"{label}: invalid value {value!r}: {exc}") from None
            if entry["kind"] in ("bool", "enable") and not value and option != entry["flag"]:
                tokens = [entry["negatives"][0]]  # false of an alias: the main negation
        file_ops, _ = _run_parser(cli, tokens, 0, label)
        ops.extend(file_ops)
    return ops


# --------------------------------------------------------------------------- apply


def _dotted_groups_replace(ops: list[Op], warn) -> list[Op]:
    """vLLM's parser gathers the command line's dotted keys of each spelling (-cc.x,
    --compilation-config.y) into one JSON value given after every other flag, and the
    last value of a JSON flag wins: so dotted keys replace a whole JSON value of the same
    flag, and of two spellings the one seen first last wins. Same here."""
    heads: dict[str, dict[str, None]] = {}
    for op in ops:
        if op.rank == 1 and op.keys:
            heads.setdefault(op.entry["dest"], {})[op.label.split(".", 1)[0]] = None
    kept = []
    for op in ops:
        spellings = heads.get(op.entry["dest"]) if op.rank == 1 else None
        winner = list(spellings)[-1] if spellings else None
        if winner is None or op.mode in ("append", "enable") and not op.keys:
            kept.append(op)
        elif op.keys and op.label.split(".", 1)[0] == winner:
            kept.append(op)
        else:
            what = op.label if op.keys else f"the JSON given to {op.label}"
            warn(f"{what} is replaced by the dotted keys of {winner} (as in vLLM, "
                 f"{winner}.KEY values form one JSON value given last)")
    return kept


def _needs_platform(value: object) -> bool:
    """A list of device ids holding UUIDs: only the platform maps those to physical ids
    (a hook point), so the engine's copy of the value is left to it."""
    return isinstance(value, list) and any(
        isinstance(v, str) and not v.strip().isdigit() for v in value)


def _check_exclusive(ops: list[Op]) -> None:
    """vLLM rejects some single-field flags given together with the same key in the JSON
    flag of their config (--cudagraph-capture-sizes and -cc.cudagraph_capture_sizes)."""
    for op in ops:
        if not op.entry.get("exclusive"):
            continue
        path = tuple(op.entry["path"])
        for other in ops:
            entry = other.entry
            if entry["kind"] != "json" or entry["field"] or entry["root"] != op.entry["root"]:
                continue
            node: object = {}
            full = tuple(entry["path"]) + other.keys
            if full == path:
                node = None
            elif full == path[:len(full)] and isinstance(other.value, dict):
                node = other.value
                for key in path[len(full):]:
                    node = node.get(key, Op) if isinstance(node, dict) else Op
                node = None if node is not Op else {}
            if node is None:
                key = ".".join(path[len(entry["path"]):])
                raise CliError(f"{op.label} and {other.label} (key {key!r}) are mutually "
                               f"exclusive, as in vLLM: give {key} one way")


def _warn_duplicates(ops: list[Op], warn) -> None:
    """A flag (or dotted key) given twice on the command line: the last one wins."""
    seen: dict[tuple, list[Op]] = {}
    for op in ops:
        if op.rank != 1 or op.mode == "append":
            continue
        seen.setdefault((op.entry["dest"], op.keys), []).append(op)
    whole = {op.entry["dest"]: op for op in ops if op.rank == 1 and op.mode == "merge"}
    for op in ops:  # -cc '{"mode": 3}' -cc.mode 1: the dotted key silently replaced it
        node = whole[op.entry["dest"]].value if op.keys and op.entry["dest"] in whole else Op
        for key in op.keys if op.rank == 1 else ():
            node = node.get(key, Op) if isinstance(node, dict) else Op
        if node is not Op and op.mode != "append":  # Op: the class, marks "not in the JSON"
            warn(f"{op.label} overrides {'.'.join(op.keys)!r} of the JSON given to "
                 f"{whole[op.entry['dest']].label}; the dotted key wins")
    for group in seen.values():
        if len(group) > 1:
            names = ", ".join(dict.fromkeys(_given(op) for op in group))
            name = group[0].entry["flag"] + "".join("." + k for k in group[0].keys)
            warn(f"{name} given {len(group)} times ({names}); the last one wins")


def _given(op: Op) -> str:
    if op.entry["kind"] in ("bool", "enable"):
        return op.label
    value = op.value
    text = " ".join(map(str, value)) if isinstance(value, list) else str(value)
    return f"{op.label} {text if len(text) <= 40 else text[:37] + '...'}"


def _check_keys(table: object, cls: str, value: object, label: str, prefix: str = "") -> None:
    """Unknown keys in a JSON value for config class `cls`, with a suggestion."""
    if not isinstance(value, dict):
        return
    fields = table.CLASSES[cls]["fields"]
    for key, sub in value.items():
        if key not in fields:
            hint = suggest(str(key), list(fields))
            raise CliError(f"{label}: unknown key {prefix + str(key)!r} for {cls}{hint}")
        if fields[key]:
            _check_keys(table, fields[key], sub, label, f"{prefix}{key}.")


def _check_dotted(table: object, entry: dict, keys: tuple[str, ...], label: str) -> None:
    cls = entry.get("json_class", "")
    for key in keys:
        if not cls:
            return
        fields = table.CLASSES[cls]["fields"]
        if key not in fields:
            hint = suggest(key, list(fields))
            raise CliError(f"{label}: unknown key {key!r} for {cls}{hint}")
        cls = fields[key]


def _put(tree: dict, path: tuple[str, ...], value: object, mode: str) -> None:
    node = tree
    for step in path[:-1]:
        nxt = node.get(step)
        if not isinstance(nxt, dict):
            nxt = node[step] = {}
        node = nxt
    last = path[-1]
    if mode == "merge" and isinstance(value, dict) and isinstance(node.get(last), dict):
        _deep_merge(node[last], value)
    elif mode == "merge" and isinstance(value, dict):
        node[last] = _copy(value)
    elif mode == "append" and isinstance(node.get(last), list):
        node[last] = node[last] + list(value)
    elif mode == "enable":
        if value and not isinstance(node.get(last), dict):
            node[last] = {}
        elif not value:
            node[last] = None
    else:
        node[last] = _copy(value)


def _copy(value: object) -> object:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _deep_merge(dst: dict, src: dict) -> None:
    for k, v in src.items():
        if isinstance(v, dict) and isinstance(dst.get(k), dict):
            _deep_merge(dst[k], v)
        else:
            dst[k] = _copy(v)


def parse(table: object, argv: list[str], warn, cli: Cli | None = None) -> Parsed:
    """Command-line tokens (after the subcommand) -> per-root constructor arguments."""
    argv, config_path = _split_config([normalise_option(t) for t in argv])
    data = load_config_file(config_path, warn) if config_path is not None else {}
    if cli is None:
        keys = [normalise_option(k if k.startswith("-") else "--" + k)
                for k in data if isinstance(k, str)]
        short = {o for e in table.FLAGS for o in e["aliases"] if len(o) == 2}
        cli = build_cli(table, _options_in(argv + keys, short))
    argv, dotted = _dotted(cli, argv, 1)
    line_ops, ns = _run_parser(cli, argv, 1)
    ops: list[Op] = []
    if config_path is not None:
        ops.extend(_file_ops(cli, config_path, data))
    ops.extend(dotted)
    # dotted ops were pulled out first; keep command-line order by position otherwise
    ops.extend(line_ops)
    for seq, op in enumerate(ops):
        op.seq = seq
    ops = _dotted_groups_replace(ops, warn)
    _warn_duplicates(ops, warn)
    warned: set[str] = set()
    for op in ops:
        entry = op.entry
        if entry.get("deprecated") and entry["dest"] not in warned:
            warned.add(entry["dest"])
            repl = f"; use {entry['replacement']} instead" if entry.get("replacement") else ""
            warn(f"{entry['flag']} is deprecated: {entry['deprecated'].rstrip('.')}{repl}",
                 qualname=entry["target"])
        if entry["kind"] == "json" and op.mode in ("merge", "set") and not op.keys:
            _check_keys(table, entry["json_class"], op.value, op.label)
        if op.keys:
            _check_dotted(table, entry, op.keys, op.label)
    # a whole value given twice (same flag, same source): the last one replaces the other
    last = {(op.entry["dest"], op.rank): op.seq for op in ops if not op.keys}
    ops = [op for op in ops if op.keys or last[(op.entry["dest"], op.rank)] == op.seq]
    _check_exclusive(ops)
    ops.sort(key=lambda op: (op.rank, op.specificity, op.seq))
    enabled: dict[str, bool] = {}
    for op in ops:
        if op.mode == "enable":
            enabled[op.entry["flag"]] = bool(op.value)
    trees: dict[str, dict] = {root: {} for root in table.ROOTS}
    provenance: list[tuple[str, tuple[str, ...], str]] = []
    ignored: dict[str, list[str]] = {}
    unused: set[tuple[str, str]] = set()
    for op in ops:
        entry = op.entry
        need = entry.get("requires")
        if need and not enabled.get(need):
            ignored.setdefault(need, []).append(op.label)
            if op.value not in (None, "", [], {}):  # vLLM checks such a value if truthy
                unused.add((entry["root"], ".".join((*entry["path"], *op.keys))))
            continue
        path = tuple(entry["path"]) + op.keys
        root = entry["root"]
        if not path:  # a whole root config from JSON
            if op.mode == "merge" and isinstance(op.value, dict):
                _deep_merge(trees[root], op.value)
            provenance.append((root, (), op.label))
            continue
        _put(trees[root], path, op.value, op.mode)
        provenance.append((root, path, op.label))
        also = entry.get("also")
        if also and op.value is not None and not _needs_platform(op.value):
            _put(trees[also[0]], tuple(also[1]), _copy(op.value), op.mode)  # a second place
            provenance.append((also[0], tuple(also[1]), op.label))
    for need, labels in ignored.items():
        names = ", ".join(dict.fromkeys(labels))
        warn(f"{names} ha{'s' if len(labels) == 1 else 've'} no effect without {need} "
             f"(as in vLLM)")
    fmt = getattr(ns, "format", "yaml")
    return Parsed(trees, provenance, fmt, getattr(ns, "platform", None), frozenset(unused))
