"""Compare the facts of two vLLM releases (written by tools/extract_release_facts.py).

    python tools/compare_releases.py tests/facts/releases/0.25.1 tests/facts/releases/0.33.0
        # writes tests/facts/releases/diff_0.25.1_0.33.0.json and prints a summary
    python tools/compare_releases.py --check-seed tests/facts/releases/0.25.1
        # checks a release's facts against tests/facts/seed_facts.json and
        # engine_flags_0_25_1.json (exit 1 on a disagreement that is not explained)

The diff holds: new and removed classes; per class, new and removed fields; changed
defaults, types, choices, kinds and hash verdicts of the fields both have; new, removed and
changed engine flags; IR op changes; public API changes. `fates` (what became of each
removed field and flag) are read from fates_OLD_NEW.json beside the diff, written by hand
from the new release's source and notes, and merged in. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from pathlib import Path

FACTS = Path(__file__).resolve().parent.parent / "tests" / "facts"
STORED = ("field", "private")  # kinds that are dataclass fields


def load(d: Path, name: str) -> dict:
    return json.loads((d / name).read_text())


def _fields(cls: dict) -> dict[str, dict]:
    return {f["name"]: f for f in cls["fields"]}


def _default(f: dict) -> object:
    d = f.get("default", {})
    if "value" in d:
        return d["value"]
    return {"kind": d.get("kind")}


def _choices(x: object) -> list | None:
    if x is None:
        return None
    return sorted(json.dumps(v, sort_keys=True) for v in x)


def _key(f: dict) -> str:
    return f["name"]


def diff_classes(old: dict, new: dict) -> dict:
    oc, nc = old["classes"], new["classes"]
    out: dict = {
        "new_classes": [
            {"class": n, "scope": nc[n]["scope"], "fields": len(nc[n]["fields"])}
            for n in sorted(set(nc) - set(oc))
        ],
        "removed_classes": [
            {"class": n, "scope": oc[n]["scope"]} for n in sorted(set(oc) - set(nc))
        ],
        "new_fields": [],
        "removed_fields": [],
        "changed_defaults": [],
        "changed_types": [],
        "changed_choices": [],
        "changed_kinds": [],
        "changed_init": [],
        "changed_hash": [],
        "changed_class_hash_style": [],
    }
    for cname in sorted(set(oc) & set(nc)):
        of, nf = _fields(oc[cname]), _fields(nc[cname])
        for n in nf:
            if n not in of:
                f = nf[n]
                out["new_fields"].append(
                    {
                        "class": cname,
                        "field": n,
                        "kind": f["kind"],
                        "type": f.get("type"),
                        "default": _default(f),
                        "hash": f.get("hash"),
                    }
                )
        for n in of:
            if n not in nf:
                f = of[n]
                out["removed_fields"].append(
                    {"class": cname, "field": n, "kind": f["kind"], "type": f.get("type")}
                )
        for n in [n for n in of if n in nf]:
            a, b = of[n], nf[n]
            where = {"class": cname, "field": n}
            da, db = _default(a), _default(b)
            if da != db:
                nested = (
                    isinstance(da, dict) and isinstance(db, dict)
                    and "config" in da and da.get("config") == db.get("config")
                )
                out["changed_defaults"].append(
                    {**where, "kind": b["kind"], "old": da, "new": db,
                     "old_repr": a.get("default", {}).get("repr"),
                     "new_repr": b.get("default", {}).get("repr"),
                     # "nested": a config-valued default whose class gained, lost or
                     # changed fields; "value": the default itself changed.
                     "cause": "nested" if nested else "value"}
                )
            if a.get("type") != b.get("type"):
                out["changed_types"].append({**where, "old": a.get("type"), "new": b.get("type")})
            if _choices(a.get("choices")) != _choices(b.get("choices")):
                ca = {json.dumps(v, sort_keys=True) for v in a.get("choices") or []}
                cb = {json.dumps(v, sort_keys=True) for v in b.get("choices") or []}
                out["changed_choices"].append(
                    {
                        **where,
                        "added": [json.loads(v) for v in sorted(cb - ca)],
                        "removed": [json.loads(v) for v in sorted(ca - cb)],
                    }
                )
            if a["kind"] != b["kind"]:
                out["changed_kinds"].append({**where, "old": a["kind"], "new": b["kind"]})
            if a.get("init", True) != b.get("init", True):
                out["changed_init"].append(
                    {**where, "old": a.get("init", True), "new": b.get("init", True)}
                )
            if a.get("hash") != b.get("hash"):
                out["changed_hash"].append({**where, "old": a.get("hash"), "new": b.get("hash")})
        sa, sb = oc[cname]["hash"].get("style"), nc[cname]["hash"].get("style")
        if sa != sb:
            out["changed_class_hash_style"].append({"class": cname, "old": sa, "new": sb})
    new_cls_fields = [
        {"class": n, "field": f["name"], "kind": f["kind"]}
        for n in sorted(set(nc) - set(oc))
        for f in nc[n]["fields"]
    ]
    out["fields_of_new_classes"] = len(new_cls_fields)
    return out


FLAG_KEYS = ("dest", "action", "type", "default", "nargs", "aliases", "config", "deprecated")


def diff_flags(old: dict, new: dict) -> dict:
    of = {f["flag"]: f for f in old["flags"]}
    nf = {f["flag"]: f for f in new["flags"]}
    changed = []
    for flag in [f for f in of if f in nf]:
        a, b = of[flag], nf[flag]
        delta = {}
        for k in FLAG_KEYS:
            va, vb = a.get(k), b.get(k)
            if k == "config":
                va = va and {"class": va["class"], "field": va["field"]}
                vb = vb and {"class": vb["class"], "field": vb["field"]}
            if va != vb:
                delta[k] = {"old": va, "new": vb}
        if _choices(a.get("choices")) != _choices(b.get("choices")):
            ca = {json.dumps(v, sort_keys=True) for v in a.get("choices") or []}
            cb = {json.dumps(v, sort_keys=True) for v in b.get("choices") or []}
            delta["choices"] = {
                "added": [json.loads(v) for v in sorted(cb - ca)],
                "removed": [json.loads(v) for v in sorted(ca - cb)],
            }
        if set(a.get("negations", [])) != set(b.get("negations", [])):
            delta["negations"] = {"old": a.get("negations"), "new": b.get("negations")}
        if delta:
            changed.append({"flag": flag, **delta})

    def brief(f: dict) -> dict:
        cfg = f.get("config") or {}
        return {
            "flag": f["flag"],
            "aliases": f.get("aliases", []),
            "dest": f.get("dest"),
            "group": f.get("group"),
            "config": {"class": cfg.get("class"), "field": cfg.get("field")} if cfg else None,
        }

    return {
        "old_count": old["count"],
        "new_count": new["count"],
        "new_flags": [brief(nf[f]) for f in nf if f not in of],
        "removed_flags": [brief(of[f]) for f in of if f not in nf],
        "changed_flags": changed,
    }


def diff_ir(old: dict, new: dict) -> dict:
    out = {
        "new_ops": [o for o in new["ops"] if o not in old["ops"]],
        "removed_ops": [o for o in old["ops"] if o not in new["ops"]],
        "registry": {},
        "platform_defaults": {},
    }
    for op in sorted(set(old.get("registry", {})) | set(new.get("registry", {}))):
        a, b = old.get("registry", {}).get(op), new.get("registry", {}).get(op)
        if a != b:
            out["registry"][op] = {"old": a, "new": b}
    for plat, setups in sorted(new.get("platform_defaults", {}).items()):
        before = old.get("platform_defaults", {}).get(plat, {})
        for setup, prio in sorted(setups.items()):
            was = before.get(setup, {})
            if isinstance(prio, dict) and prio != was:
                out["platform_defaults"].setdefault(plat, {})[setup] = {
                    op: {"old": was.get(op), "new": v}
                    for op, v in sorted(prio.items())
                    if was.get(op) != v
                }
    return out


def diff_api(old: dict, new: dict) -> dict:
    oa, na = old["module_all"], new["module_all"]
    on, nn = old["names"], new["names"]
    methods = {}
    for cname in sorted(set(old["classes"]) & set(new["classes"])):
        a = {m["name"] for m in old["classes"][cname]}
        b = {m["name"] for m in new["classes"][cname]}
        if a != b:
            methods[cname] = {"new": sorted(b - a), "removed": sorted(a - b)}
    return {
        "new_in_all": [n for n in na if n not in oa],
        "removed_from_all": [n for n in oa if n not in na],
        "new_names": sorted(set(nn) - set(on)),
        "removed_names": sorted(set(on) - set(nn)),
        "new_submodules": sorted(set(new["submodules"]) - set(old["submodules"])),
        "removed_submodules": sorted(set(old["submodules"]) - set(new["submodules"])),
        "methods": methods,
    }


def summarize(diff: dict, old: dict, new: dict) -> dict:
    c = diff["classes"]
    seed_scope = {"exported"}

    def in_scope(entry: dict, classes: dict) -> bool:
        return classes[entry["class"]]["scope"] in seed_scope or entry["class"] in (
            "IrOpPriorityConfig",
        )

    oc, nc = old["classes"], new["classes"]
    kinds: dict[str, dict[str, int]] = {}
    for key, rows in (("new", c["new_fields"]), ("removed", c["removed_fields"])):
        for r in rows:
            kinds.setdefault(key, {}).setdefault(r["kind"], 0)
            kinds[key][r["kind"]] += 1
    return {
        "classes": {"old": len(oc), "new": len(nc)},
        "classes_exported_plus_ir": {
            "old": sum(1 for n in oc if in_scope({"class": n}, oc)),
            "new": sum(1 for n in nc if in_scope({"class": n}, nc)),
        },
        "new_classes": [e["class"] for e in c["new_classes"]],
        "removed_classes": [e["class"] for e in c["removed_classes"]],
        "new_fields_in_existing_classes": len(c["new_fields"]),
        "new_fields_by_kind": kinds.get("new", {}),
        "fields_of_new_classes": c["fields_of_new_classes"],
        "removed_fields": len(c["removed_fields"]),
        "removed_fields_by_kind": kinds.get("removed", {}),
        "changed_defaults": len(c["changed_defaults"]),
        "changed_defaults_of_non_classvar_fields": sum(
            1 for r in c["changed_defaults"] if r["kind"] != "classvar"),
        "changed_defaults_by_cause": {
            cause: [f"{r['class']}.{r['field']}" for r in c["changed_defaults"]
                    if r["cause"] == cause]
            for cause in ("value", "nested")
        },
        "changed_types": len(c["changed_types"]),
        "changed_choices": len(c["changed_choices"]),
        "changed_hash": len(c["changed_hash"]),
        "flags": {"old": diff["flags"]["old_count"], "new": diff["flags"]["new_count"]},
        "new_flags": len(diff["flags"]["new_flags"]),
        "removed_flags": [f["flag"] for f in diff["flags"]["removed_flags"]],
        "changed_flags": len(diff["flags"]["changed_flags"]),
        "new_ir_ops": diff["ir_ops"]["new_ops"],
    }


def compare(old_dir: Path, new_dir: Path) -> dict:
    oc, nc = load(old_dir, "config_classes.json"), load(new_dir, "config_classes.json")
    ov, nv = oc["environment"]["vllm"], nc["environment"]["vllm"]
    diff: dict = {
        "about": f"What changed in vLLM's config surface from {ov} to {nv}, by "
        "tools/compare_releases.py from the facts in tests/facts/releases/. `fates` is "
        f"merged from fates_{ov}_{nv}.json (written by hand). Do not edit by hand.",
        "old": ov,
        "new": nv,
        "classes": diff_classes(oc, nc),
        "flags": diff_flags(load(old_dir, "engine_flags.json"), load(new_dir, "engine_flags.json")),
        "ir_ops": diff_ir(load(old_dir, "ir_ops.json"), load(new_dir, "ir_ops.json")),
        "public_api": diff_api(load(old_dir, "public_api.json"), load(new_dir, "public_api.json")),
    }
    diff["summary"] = summarize(diff, oc, nc)
    fates_path = new_dir.parent / f"fates_{ov}_{nv}.json"
    if fates_path.exists():
        fates = json.loads(fates_path.read_text())["fates"]
        diff["fates"] = fates
        missing = [
            f"{r['class']}.{r['field']}"
            for r in diff["classes"]["removed_fields"]
            if f"{r['class']}.{r['field']}" not in fates
        ] + [r["flag"] for r in diff["flags"]["removed_flags"] if r["flag"] not in fates]
        diff["fates_missing"] = missing
    return diff


# --------------------------------------------------------------------------
# Check a release's facts against the seed facts
# --------------------------------------------------------------------------


def check_seed(release_dir: Path) -> list[str]:
    seed = json.loads((FACTS / "seed_facts.json").read_text())["classes"]
    flags_seed = json.loads((FACTS / "engine_flags_0_25_1.json").read_text())
    rel = load(release_dir, "config_classes.json")["classes"]
    flags = load(release_dir, "engine_flags.json")
    report: list[str] = []
    extra_fields = 0
    for cname, s in sorted(seed.items()):
        r = rel.get(cname)
        if r is None:
            report.append(f"class {cname}: in the seeds, not in the release")
            continue
        sf = {f["name"]: f for f in s["fields"]}
        rf = {f["name"]: f for f in r["fields"]}
        for n in sorted(set(sf) - set(rf)):
            report.append(f"{cname}.{n}: in the seeds, not in the release")
        extra_fields += len(set(rf) - set(sf))
        for n in sorted(set(sf) & set(rf)):
            a, b = sf[n], rf[n]
            for key in ("annotation", "kind", "init", "unset_until_post_init"):
                if a.get(key) != b.get(key):
                    report.append(f"{cname}.{n}: {key} seed={a.get(key)!r} release={b.get(key)!r}")
            da, db = a["default"], b["default"]
            if (da.get("kind"), da.get("repr")) != (db.get("kind"), db.get("repr")):
                report.append(f"{cname}.{n}: default seed={da} release={db}")
        if s["hash"].get("style") != r["hash"].get("style"):
            report.append(f"{cname}: hash style seed={s['hash'].get('style')} "
                          f"release={r['hash'].get('style')}")
        # Hash verdicts: the seed's rule (included + nested compute_hash) vs the release's.
        rule = s["hash"]
        if rule.get("style") in ("ignored_set", "explicit", "constant"):
            nested = {p.split(".")[0] for e in rule.get("nested", [])
                      for p in e.get("compute_hash_of", []) + e.get("value_from", [])}
            inc = set(rule.get("included", [])) | nested if rule["style"] == "ignored_set" \
                else set(rule.get("reads", [])) | nested
            for n, f in sf.items():
                if f["kind"] not in ("field", "private") or n not in rf:
                    continue
                want = "include" if n in inc else "exclude"
                got = rf[n].get("hash")
                probe = rf[n].get("hash_probe", {}).get("hash")
                if got != want:
                    report.append(f"{cname}.{n}: hash seed={want} release={got}")
                elif probe not in (want, "unknown"):
                    report.append(f"{cname}.{n}: hash probe={probe}, seed rule={want} "
                                  f"({rf[n].get('hash_basis')})")
    seed_flags = [(f["flag"], f["aliases"], f["explicit_boolean_optional"])
                  for f in flags_seed["flags"]]
    rel_flags = [(f["flag"], f["aliases"], f["explicit_boolean_optional"])
                 for f in flags["flags"]]
    if seed_flags != rel_flags:
        a, b = set(map(str, seed_flags)), set(map(str, rel_flags))
        report.append(f"engine flags differ: only in facts {sorted(a - b)}, "
                      f"only in release {sorted(b - a)}")
    report.append(
        f"summary: {len(seed)} seed classes, release has {len(rel)} classes; "
        f"{extra_fields} release fields not in the seeds; flags "
        f"{flags_seed['count']} (facts) vs {flags['count']} (release)"
    )
    return report


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="+", type=Path)
    ap.add_argument("--check-seed", action="store_true")
    ap.add_argument("-o", "--output", type=Path)
    args = ap.parse_args(argv)
    for folder in [] if args.check_seed else args.dirs:
        if not (folder / "config_classes.json").is_file():
            ap.error(f"{folder}: not a fact folder (no config_classes.json); make one with "
                     "tools/extract_release_facts.py --out FOLDER")
    if args.check_seed:
        report = check_seed(args.dirs[0])
        print("\n".join(report))
        return 0
    if len(args.dirs) != 2:
        ap.error("give the old and the new release's fact folders")
    old_dir, new_dir = args.dirs
    diff = compare(old_dir, new_dir)
    out = args.output or new_dir.parent / f"diff_{diff['old']}_{diff['new']}.json"
    out.write_text(json.dumps(diff, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    print(json.dumps(diff["summary"], indent=1))
    if diff.get("fates_missing"):
        print(f"fates missing for: {diff['fates_missing']}", file=sys.stderr)
    print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
