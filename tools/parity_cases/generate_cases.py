"""Candidate command lines for recording one vLLM release, drawn from its own flags.

    python tools/parity_cases/generate_cases.py --release 0.28.0 --seed 28 \\
        --out tools/parity_cases/release_0.28.0.txt

Reads the release's engine flags and config classes (tests/facts/releases/<release>/,
tools/extract_release_facts.py) and writes `--count` lines of `vllm serve <tiny-opt>
ARGV` (the ARGV part, shell-quoted), in the format tools/record_parity.py reads:

* most lines set 1 to 4 distinct flags to values of their type: a boolean flag bare or
  negated, a choice among its choices (argparse's, or the field's Literal), an int or a
  float near its default, a nested config key (`--compilation-config.mode 1`,
  `-cc.backend=eager`) or a small JSON object, `--flag=value` or an alias now and then;
* about one line in seven is deliberately bad, tagged with its category as a comment:
  `bad_choice`, `bad_int`, `bad_float`, `bad_json`, `unknown_key` (a nested config key
  no class has), `unknown_flag`, `misspelled_flag`.

The same release and seed give the same lines. Flags whose values are paths, model
names, hosts or plugins (EXCLUDED, and any flag naming a path, dir or file) are never
drawn: they would reach outside the offline tiny checkpoint. Standard library only.
record_parity.py then keeps the first N lines vLLM accepts and M it rejects.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shlex
import signal
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FACTS = ROOT / "tests" / "facts" / "releases"

#: Flags never drawn: their values name things outside the tiny offline checkpoint.
EXCLUDED = {
    "--model", "--tokenizer", "--hf-config-path", "--revision", "--code-revision",
    "--tokenizer-revision", "--download-dir", "--hf-token", "--io-processor-plugin",
    "--logits-processors", "--worker-cls", "--worker-extension-cls",
    "--allowed-local-media-path", "--allowed-media-domains", "--generation-config",
    "--served-model-name", "--reasoning-parser-plugin", "--log-config-file",
    "--logging-config", "--master-addr", "--data-parallel-address", "--load-format",
    "--speculative-config", "--kv-transfer-config", "--ec-transfer-config",
    "--kv-events-config", "--weight-transfer-config", "--lora-modules",
}
PATHLIKE = re.compile(r"(path|dir|file|plugin|url|address)", re.IGNORECASE)
BAD_SHARE = 1 / 7
#: How many flags a line sets, and how often.
SIZES, SIZE_WEIGHTS = (1, 2, 3, 4), (30, 30, 25, 15)


@dataclass
class Flag:
    """One flag of the release, with what the generator needs to draw its values."""

    name: str
    aliases: list[str]
    negations: list[str]
    dest: str
    kind: str  # bool, choice, int, float, json, dict, str_default, int_list
    choices: list[Any]
    default: Any
    nested: str | None = None  # kind json: the config class it builds


def literal_choices(type_text: str | None) -> list[str]:
    """The quoted values of the Literal in a type's text."""
    if not type_text:
        return []
    out: list[str] = []
    for body in re.findall(r"Literal\[([^\]]*)\]", type_text):
        out += re.findall(r"'([^']*)'", body)
    return out


def field_of(classes: dict, cls: str | None, name: str | None) -> dict | None:
    if not cls or not name or cls not in classes:
        return None
    return next((f for f in classes[cls]["fields"] if f["name"] == name), None)


def nested_class(classes: dict, type_text: str | None) -> str | None:
    for word in re.findall(r"[A-Za-z_]\w*", type_text or ""):
        if word in classes:
            return word
    return None


def classify(flag: dict, classes: dict) -> Flag | None:
    """The flag as the generator draws it, or None when it is not drawn."""
    name = flag["flag"]
    if name in EXCLUDED or PATHLIKE.search(name) or flag.get("required"):
        return None
    cfg = flag.get("config") or {}
    field = field_of(classes, cfg.get("class"), cfg.get("field"))
    ftype = field.get("type") if field else None
    ftype = ftype or ""
    base = {"name": name, "aliases": list(flag.get("aliases") or []),
            "negations": list(flag.get("negations") or []), "dest": flag["dest"],
            "default": flag.get("default")}
    ptype = flag.get("type") or ""
    if flag.get("nargs") == 0:
        return Flag(kind="bool", choices=[], **base)
    if flag.get("choices"):
        plain = [c for c in flag["choices"] if isinstance(c, str | int | float)]
        return Flag(kind="choice", choices=plain, **base) if plain else None
    if "parse_dataclass" in ptype:
        nested = nested_class(classes, ftype) or nested_class(classes, cfg.get("class"))
        return Flag(kind="json", choices=[], nested=nested, **base) if nested else None
    literal = literal_choices(ftype)
    if literal and flag.get("nargs") is None:
        return Flag(kind="choice", choices=literal, **base)
    if flag.get("nargs") == "+":
        return Flag(kind="int_list", choices=[], **base) if "list[int]" in ftype else None
    if ptype in ("int", "human_readable_int", "human_readable_int_or_auto") or (
            "optional_type" in ptype and re.fullmatch(r"int( \| None)?", ftype)):
        return Flag(kind="int", choices=[], **base)
    if ptype == "float" or ("optional_type" in ptype
                            and re.fullmatch(r"float( \| None)?", ftype)):
        return Flag(kind="float", choices=[], **base)
    if ftype.startswith("dict") or "parse_type" in ptype or "union_dict" in ptype:
        return Flag(kind="dict", choices=[], **base)
    if isinstance(base["default"], str) and base["default"] and ftype.startswith("str"):
        return Flag(kind="str_default", choices=[], **base)
    return None


class Generator:
    def __init__(self, release: str, seed: int, facts: Path = FACTS) -> None:
        folder = facts / release
        if not (folder / "engine_flags.json").is_file():
            sys.exit(f"generate_cases: no facts of {release} under {facts} (extract them "
                     "with tools/extract_release_facts.py)")
        self.rng = random.Random(f"{release}:{seed}")
        self.classes = json.loads((folder / "config_classes.json").read_text())["classes"]
        flags = json.loads((folder / "engine_flags.json").read_text())["flags"]
        self.flags = [f for f in (classify(f, self.classes) for f in flags) if f]
        self.by_kind: dict[str, list[Flag]] = {}
        for f in self.flags:
            self.by_kind.setdefault(f.kind, []).append(f)
        # Nested configs (compilation, attention, kernel...) hold most of the behaviour:
        # drawn three times as often as a plain flag.
        self.weighted = [f for f in self.flags for _ in range(3 if f.kind == "json" else 1)]

    # values -------------------------------------------------------------------------

    def int_value(self, flag: Flag) -> str:
        d = flag.default
        if isinstance(d, int) and not isinstance(d, bool) and d > 0:
            return str(self.rng.choice([d, d * 2, max(1, d // 2), 1]))
        return str(self.rng.choice([1, 2, 4, 8, 16, 256, 1024, 4096]))

    def float_value(self, flag: Flag) -> str:
        d = flag.default
        if isinstance(d, float) and 0 < d <= 1:
            return str(self.rng.choice([d, round(d / 2, 3), 0.5, 0.8]))
        return str(self.rng.choice([0.5, 1.0, 2.0, 4.0]))

    def nested_field(self, cls: str) -> tuple[str, str] | None:
        """A key of a nested config and a value of its type (bool, Literal, int)."""
        fields = [f for f in self.classes.get(cls, {}).get("fields", [])
                  if f["kind"] == "field" and f.get("init", True)
                  and not f["name"].startswith("_")]
        self.rng.shuffle(fields)
        for f in fields:
            t = f.get("type") or ""
            choices = literal_choices(t)
            if t == "bool" or t == "bool | None":
                return f["name"], self.rng.choice(["true", "false"])
            if choices and "[" not in t.split("Literal", 1)[0]:
                return f["name"], self.rng.choice(choices)
            if re.fullmatch(r"int( \| None)?", t):
                d = (f.get("default") or {}).get("value")
                return f["name"], str(d if isinstance(d, int) and d > 0 else 1)
        return None

    def json_args(self, flag: Flag) -> list[str] | None:
        picked = self.nested_field(flag.nested or "")
        if picked is None:
            return None
        key, value = picked
        if self.rng.random() < 0.6:
            spelling = self.rng.choice([flag.name, *flag.aliases])
            sep = self.rng.random() < 0.3
            return [f"{spelling}.{key}={value}"] if sep else [f"{spelling}.{key}", value]
        typed = {"true": True, "false": False}.get(value, value)
        if isinstance(typed, str) and typed.isdigit():
            typed = int(typed)
        return [flag.name, json.dumps({key: typed})]

    def args_for(self, flag: Flag) -> list[str] | None:
        rng = self.rng
        if flag.kind == "bool":
            return [rng.choice([flag.name, flag.name, *flag.negations])]
        if flag.kind == "json":
            return self.json_args(flag)
        value = {
            "choice": lambda: str(rng.choice(flag.choices)),
            "int": lambda: self.int_value(flag),
            "float": lambda: self.float_value(flag),
            "int_list": lambda: None,
            "dict": lambda: "{}",
            "str_default": lambda: flag.default,
        }[flag.kind]()
        if flag.kind == "int_list":
            return [flag.name, *map(str, rng.sample([0, 1, 2, 3], rng.choice([1, 2])))]
        spelling = rng.choice([flag.name, *flag.aliases]) if flag.aliases else flag.name
        if rng.random() < 0.25 and spelling.startswith("--"):
            return [f"{spelling}={value}"]
        return [spelling, value]

    # lines --------------------------------------------------------------------------

    def good_line(self) -> list[str]:
        size = self.rng.choices(SIZES, SIZE_WEIGHTS)[0]
        argv: list[str] = []
        dests: set[str] = set()
        tries = 0
        while len(dests) < size and tries < 50:
            tries += 1
            flag = self.rng.choice(self.weighted)
            if flag.dest in dests:
                continue
            args = self.args_for(flag)
            if args:
                argv += args
                dests.add(flag.dest)
        return argv

    def bad_line(self) -> tuple[list[str], str]:
        rng = self.rng
        kinds = ["bad_choice", "bad_int", "bad_float", "bad_json", "unknown_key",
                 "unknown_flag", "misspelled_flag"]
        while True:
            kind = rng.choice(kinds)
            if kind == "bad_choice" and self.by_kind.get("choice"):
                flag = rng.choice(self.by_kind["choice"])
                return [flag.name, rng.choice(["FOO", "auto-x", "17", "none-of-these"])], kind
            if kind == "bad_int" and self.by_kind.get("int"):
                flag = rng.choice(self.by_kind["int"])
                return [flag.name, rng.choice(["1e", "abc", "1.5x", "--"])], kind
            if kind == "bad_float" and self.by_kind.get("float"):
                flag = rng.choice(self.by_kind["float"])
                return [flag.name, rng.choice(["1e", "x", "0..5"])], kind
            if kind == "bad_json" and self.by_kind.get("json"):
                flag = rng.choice(self.by_kind["json"])
                return [flag.name, rng.choice(['{"mode": 1', "{mode: 1}", "[1, 2"])], kind
            if kind == "unknown_key" and self.by_kind.get("json"):
                flag = rng.choice(self.by_kind["json"])
                return [flag.name, json.dumps({"no_such_key_xyz": 1})], kind
            if kind == "unknown_flag":
                return [rng.choice(["--no-such-flag-xyz", "--enable-turbo-mode",
                                    "--max-model-length"]), "1"], kind
            if kind == "misspelled_flag":
                flag = rng.choice(self.by_kind.get("int") or self.flags)
                name = flag.name
                i = rng.randrange(3, len(name) - 1)
                wrong = name[:i] + name[i + 1:]  # a letter dropped
                if wrong in {f.name for f in self.flags}:
                    continue
                args = self.args_for(flag) or [name]
                return [wrong, *args[1:]], kind

    def lines(self, count: int) -> list[str]:
        out = []
        seen: set[str] = set()
        while len(out) < count:
            if self.rng.random() < BAD_SHARE:
                argv, category = self.bad_line()
                line = f"{shlex.join(argv)}  # {category}"
            else:
                argv = self.good_line()
                line = shlex.join(argv)
            if argv and line not in seen:
                seen.add(line)
                out.append(line)
        return out


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--release", required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, default=300, help="lines to write (default 300)")
    ap.add_argument("--facts", type=Path, default=FACTS, help=argparse.SUPPRESS)
    ap.add_argument("--out", type=Path, help="write here (default: stdout)")
    args = ap.parse_args(argv)
    gen = Generator(args.release, args.seed, args.facts)
    header = [f"# Candidate command lines for vLLM {args.release}, drawn from its own flags "
              f"({len(gen.flags)} drawn of the release's facts) by",
              f"# tools/parity_cases/generate_cases.py --release {args.release} "
              f"--seed {args.seed} --count {args.count}; a comment after a line is its "
              "category.",
              "# tools/record_parity.py keeps the first 100 vLLM accepts and 20 it rejects."]
    text = "\n".join([*header, *gen.lines(args.count)]) + "\n"
    if args.out:
        args.out.write_text(text)
        print(f"wrote {args.out} ({args.count} lines)", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
