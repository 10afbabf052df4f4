"""Bad input gives one line on stderr naming the flag, the value and what is allowed,
exit status 2 and no traceback; the same for bad --config files. Flags are picked from
the generated table, so the tests follow the schema as it grows."""

from __future__ import annotations

import json

import pytest

from .helpers import TABLE, entries, one_error, run

pytestmark = pytest.mark.filterwarnings("ignore")


def first(predicate) -> dict:
    found = [e for e in TABLE.FLAGS if predicate(e)]
    assert found, "no flag of this kind in the schema: the test would check nothing"
    return found[0]


def test_bad_int() -> None:
    e = first(lambda e: e["kind"] == "int" and not e.get("container") and not e["requires"])
    msg = one_error("show", e["flag"], "abc")
    assert e["flag"] in msg and "'abc'" in msg and "integer" in msg


def test_bad_int_through_alias() -> None:
    e = first(lambda e: e["kind"] == "int" and e["aliases"] and not e["requires"])
    msg = one_error("show", e["aliases"][0], "x1")
    assert e["aliases"][0] in msg and "'x1'" in msg


def test_bad_choice_lists_the_choices() -> None:
    e = first(lambda e: e["kind"] == "choice" and not e.get("open")
              and not e.get("container") and not e["requires"] and not e.get("normalise"))
    msg = one_error("show", e["flag"], "no-such-choice")
    assert e["flag"] in msg and "'no-such-choice'" in msg
    assert all(c in msg for c in e["choices"])


def test_bad_enum_lists_member_names() -> None:
    e = first(lambda e: e["kind"] == "enum" and not e.get("open") and not e["requires"])
    msg = one_error("show", e["flag"], "NoSuchMember")
    assert e["flag"] in msg and "'NoSuchMember'" in msg and e["choices"][0] in msg


def test_constraint_violation_names_field_and_flag() -> None:
    """A value the config class rejects (here: below a ge/gt bound) names the flag."""
    from .helpers import RES

    for e in entries(kind="int"):
        if not e["field"] or e["requires"] or e.get("container"):
            continue
        f = RES.classes[e["cls"]].field(e["field"])
        bounds = dict(f.constraints)
        if ("gt" in bounds or "ge" in bounds) and not e.get("auto_int"):
            low = bounds["gt"] if "gt" in bounds else bounds["ge"] - 1  # just out of range
            msg = one_error("show", e["flag"], str(low))
            assert e["flag"] in msg and f"{e['cls']}.{e['field']}" in msg
            return
    pytest.fail("no bounded int flag in the schema: the test would check nothing")


def test_misspelled_flag_suggests() -> None:
    e = first(lambda e: len(e["flag"]) > 12)
    typo = e["flag"][:-2] + e["flag"][-1]
    msg = one_error("show", typo, "1")
    assert f"unknown flag {typo}" in msg and f"did you mean {e['flag']}?" in msg


def test_unknown_json_key_suggests() -> None:
    e = first(lambda e: e["kind"] == "json" and TABLE.CLASSES[e["json_class"]]["fields"])
    field = next(iter(TABLE.CLASSES[e["json_class"]]["fields"]))
    msg = one_error("show", e["flag"], json.dumps({field + "x": 1}))
    assert f"'{field}x'" in msg and e["json_class"] in msg and f"did you mean {field}?" in msg


def test_unknown_dotted_key_suggests() -> None:
    e = first(lambda e: e["kind"] == "json" and not e["field"] and e["aliases"])
    field = next(iter(TABLE.CLASSES[e["json_class"]]["fields"]))
    msg = one_error("show", f"{e['aliases'][0]}.{field}x", "1")
    assert f"'{field}x'" in msg and f"did you mean {field}?" in msg


def test_bad_json() -> None:
    e = first(lambda e: e["kind"] == "json")
    msg = one_error("show", e["flag"], "{not json")
    assert e["flag"] in msg and "JSON object" in msg


def test_dotted_key_on_a_plain_flag() -> None:
    e = first(lambda e: e["kind"] == "int" and not e["requires"])
    msg = one_error("show", e["flag"] + ".x", "1")
    assert "takes no dotted keys" in msg


def test_bool_flag_takes_no_value() -> None:
    e = first(lambda e: e["kind"] == "bool" and not e["requires"])
    msg = one_error("show", f"{e['flag']}=yes")
    assert e["flag"] in msg


def test_stray_value() -> None:
    e = first(lambda e: e["kind"] == "bool" and not e["requires"])
    msg = one_error("show", e["flag"], "true")
    assert "'true'" in msg


def test_missing_command() -> None:
    msg = one_error("shwo")
    assert "did you mean show?" in msg


def test_human_readable_int_errors() -> None:
    e = first(lambda e: e.get("human_int") and not e["requires"])
    msg = one_error("show", e["flag"], "1.5K")
    assert "1.5k" in msg  # suggests the decimal suffix


# ------------------------------------------------------------------ --config files


def test_config_missing(tmp_path) -> None:
    msg = one_error("show", "--config", str(tmp_path / "nope.yaml"))
    assert "no such file" in msg and "nope.yaml" in msg


def test_config_not_yaml(tmp_path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("a: [1, 2\n")
    msg = one_error("show", "--config", str(path))
    assert "not valid YAML" in msg and "line" in msg


def test_config_not_a_mapping(tmp_path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text("- 1\n- 2\n")
    assert "expected a mapping" in one_error("show", "--config", str(path))


def test_config_unsafe_tag_is_rejected(tmp_path) -> None:
    path = tmp_path / "tag.yaml"
    path.write_text('x: !!python/object/apply:os.system ["echo pwned"]\n')
    assert "not valid YAML" in one_error("show", "--config", str(path))


def test_config_unknown_key_suggests(tmp_path) -> None:
    e = first(lambda e: e["flag"].startswith("--") and len(e["flag"]) > 12)
    key = e["flag"][2:-1]
    path = tmp_path / "typo.yaml"
    path.write_text(f"{key}: 1\n")
    msg = one_error("show", "--config", str(path))
    assert f"unknown key '{key}'" in msg and f"did you mean {e['flag'][2:]}?" in msg


def test_config_wrong_type(tmp_path) -> None:
    e = first(lambda e: e["kind"] == "int" and not e.get("container") and not e["requires"])
    path = tmp_path / "type.yaml"
    path.write_text(f"{e['flag'][2:]}: [1, 2]\n")
    msg = one_error("show", "--config", str(path))
    assert f"key '{e['flag'][2:]}'" in msg and "type.yaml" in msg


def test_config_bool_wrong_type(tmp_path) -> None:
    e = first(lambda e: e["kind"] == "bool" and not e["requires"])
    path = tmp_path / "bool.yaml"
    path.write_text(f"{e['flag'][2:]}: maybe\n")
    msg = one_error("show", "--config", str(path))
    assert "true or false" in msg


def test_config_given_twice(tmp_path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("{}\n")
    assert "given twice" in one_error("show", "--config", str(path), "--config", str(path))


# ------------------------------------------------------------------ warnings


def test_flag_given_twice_warns_last_wins() -> None:
    e = first(lambda e: e["kind"] == "int" and e["aliases"] and not e["requires"])
    rc, out, err = run("show", "--format", "json", e["aliases"][0], "2", e["flag"], "3")
    assert rc == 0, err
    assert "given 2 times" in err and e["flag"] in err
    data = json.loads(out)
    section = ".".join(e["path"][:-1]) or e["root"]
    assert data[section]["values"][e["field"]] == 3


def test_deprecated_flag_warns_once() -> None:
    e = first(lambda e: e.get("deprecated") and e["kind"] == "bool" and not e["requires"])
    from cfgc.runtime import deprecation

    deprecation._warned.discard(e["target"])
    rc, _, err = run("show", e["flag"], e["flag"])
    assert rc == 0, err
    assert err.count("deprecated") == 1, err


def test_flags_without_their_enable_flag_warn() -> None:
    e = first(lambda e: e["requires"] and e["kind"] == "int")
    rc, _, err = run("show", e["flag"], "2")
    assert rc == 0
    assert f"no effect without {e['requires']}" in err


def test_rule_message_says_where_each_value_came_from() -> None:
    """A rule's message names each field's origin: a flag, the default, or the value a
    resolve step derived (not "default" for a value nobody declared)."""
    message = one_error("show", "--model", "tiny-opt", "-dpn", "1")
    # -dpn (data_parallel_rank) turns external load balancing on: a derived value
    assert "data_parallel_external_lb (resolved to True; flag --data-parallel-external-lb)" \
        in message
    assert "data_parallel_size (default; flag --data-parallel-size)" in message
    message = one_error("show", "--model", "tiny-opt", "--enable-dbo")
    assert "parallel_config.use_ubatching (is True)" in message  # a property
    assert "parallel_config.all2all_backend (default; flag --all2all-backend)" in message
