"""The r4utools importer of Rebirth for you (R4U-IMPORT) end to end: the function and the
command (several files), what it leaves out and why, coverage per set and of a seeded sample,
``judge cards show`` and ``judge check-deck`` with an imported set.

Made-up records in the list's shape (``{"Version", "Cards": [...]}``) with made-up names; the
sentences are the game's grammar, not any card's text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from judge import cli
from judge.games.rebirth.coverage import coverage, understanding
from judge.games.rebirth.r4utools import import_r4utools
from judge.games.rebirth.render import render_card

ZERO = {"energy": 0, "partner": 0}


def record(serial: str, kind: str = "Character", **fields: Any) -> dict[str, Any]:
    """A made-up record: a level 1 character, ATK 2, DEF 4, one trait, a draw spark."""
    rec: dict[str, Any] = {
        "Serial": serial,
        "Name": {"EN": "Lamplighter", "JP": "灯守"},
        "Traits": [{"EN": "Night Watch", "JP": "夜警団"}],
        "Type": kind,
        "Color": "Yellow",
        "Rarity": "C",
        "Cost": 1,
        "ATK": 2,
        "DEF": 4,
        "Flavor": {"EN": None, "JP": "作り話"},
        "Effect": [{"EN": "[Spark]:Draw a card.", "JP": "【スパーク】：あなたは１枚引く。"}],
        "Images": [],
        "Set": {"ReleaseCode": "ZZ/001B", "Name": "Made-up Booster"},
    }
    if kind != "Character":
        rec.update(Cost=None, ATK=None, DEF=None)
    if kind == "Partner":
        rec.update(Color="Red", Effect=[])
    rec.update(fields)
    return rec


def r4uset(*records: dict[str, Any]) -> dict[str, Any]:
    return {"Version": "0.1", "Cards": list(records)}


def run(*args: str) -> Any:
    return CliRunner().invoke(cli.main, list(args))


def write(path: Path, doc: Any) -> str:
    path.write_text(json.dumps(doc, ensure_ascii=False))
    return str(path)


# -- R4U-IMPORT -----------------------------------------------------------------------------


def test_R4U_IMPORT_maps_each_field_of_a_record() -> None:
    out = import_r4utools(r4uset(record("ZZ/001B-001")), "zz")
    (c,) = out.document["cards"]
    assert c == {
        "code": "ZZ/001B-001",
        "name": "灯守",
        "type": "character",
        "level": 1,
        "atk": 2,
        "def": 4,
        "frame": "yellow",
        "attribute": "夜警団",
        "text": "【スパーク】：あなたは１枚引く。",
        "text_en": "[Spark]:Draw a card.",
    }
    assert out.document["game"] == "rebirth" and out.left_out == 0
    assert out.document["source"] == {"importer": "r4utools", "read": 1, "left_out": 0}


def test_R4U_IMPORT_a_record_whose_type_disagrees_is_left_out_and_named() -> None:
    out = import_r4utools(
        r4uset(
            record("ZZ/001B-001", Cost=None),  # a character without a level
            record("ZZ/001B-002", "Rebirth", ATK=3),  # a Rebirth card with ATK
            record("ZZ/001B-003", Color="Red"),  # a character with a partner's frame
            record("ZZ/001B-004", "Partner", Color="Blue"),  # a partner with another frame
            record("ZZ/001B-005", Type="Spell"),
            record("ZZ/001B-006"),
            record("ZZ/001B-006"),  # the serial again
        ),
        "zz",
    )
    assert [c["code"] for c in out.document["cards"]] == ["ZZ/001B-006"]
    assert out.left_out == 6
    lines = out.note_lines()
    assert any(
        line.startswith("[0] ZZ/001B-001: left out: a Character whose Cost is None")
        for line in lines
    )
    assert any("[1] ZZ/001B-002: left out: a Rebirth card with ATK" in line for line in lines)
    assert any("[2] ZZ/001B-003: left out: a Character card with a Red frame" in x for x in lines)
    assert any("[3] ZZ/001B-004: left out: a Partner card with a Blue frame" in x for x in lines)
    assert any("[4] ZZ/001B-005: left out: unknown Type 'Spell'" in line for line in lines)
    assert any("[6] ZZ/001B-006: left out: the Serial again (also [5])" in x for x in lines)
    why = out.document["source"]["left_out_why"]
    assert why["the Serial again"] == 1 and why["a Character without Cost"] == 1


def test_R4U_IMPORT_english_without_japanese_is_not_relied_on() -> None:
    rec = record("ZZ/001B-001", Effect=[{"EN": "[Spark]:Draw a card.", "JP": None}])
    out = import_r4utools(r4uset(rec), "zz")
    (c,) = out.document["cards"]
    assert "text" not in c and c["unsupported"]
    assert "frame" not in c  # judged against a text that is not known
    assert any("frame left out" in line for line in out.note_lines())
    assert any("(unsupported)" in line for line in out.note_lines())
    u = understanding(c)
    assert not u.understood and u.doubts == tuple(c["unsupported"])


def test_R4U_IMPORT_several_traits_leave_the_attribute_out_with_a_note() -> None:
    rec = record("ZZ/001B-001", Traits=[{"EN": "A", "JP": "甲"}, {"EN": "B", "JP": "乙"}])
    out = import_r4utools(r4uset(rec), "zz")
    assert "attribute" not in out.document["cards"][0]
    assert any("2 traits" in line for line in out.note_lines())


def test_R4U_IMPORT_the_command_reads_several_files(tmp_path: Path) -> None:
    one = write(tmp_path / "one.r4uset", r4uset(record("ZZ/001B-001"), record("ZZ/001B-002")))
    two = write(tmp_path / "two.r4uset", r4uset(record("ZZ/PR-001", Cost=None)))
    out = tmp_path / "zz.json"
    answer = run("cards", "import", "r4utools", one, two, "-o", str(out), "--name", "zz")
    assert answer.exit_code == 0, answer.output
    assert "zz (rebirth): 2 cards imported, 1 left out, sha256:" in answer.stderr
    assert "note: [2] ZZ/PR-001: left out: a Character whose Cost is None" in answer.stderr
    assert run("cards", "check", str(out)).exit_code == 0
    bad = run("cards", "import", "ua-simulator", one, two, "-o", "-")
    assert bad.exit_code == 2 and "ua-simulator reads one FILE" in bad.output
    wrong = write(tmp_path / "wrong.r4uset", {"Version": "0.1"})
    answer = run("cards", "import", "r4utools", wrong, "-o", "-")
    assert answer.exit_code == 2 and '"Cards" list' in answer.output


# -- coverage, show, check-deck ----------------------------------------------------------------


def _set(tmp_path: Path) -> str:
    records = [
        record(f"ZZ/001B-{n:03d}", Name={"EN": None, "JP": f"灯守{n}号"}) for n in range(1, 14)
    ]
    records.append(
        record("ZZ/001B-014", Effect=[{"EN": "?", "JP": "【自】:あなたは相手の手札を見る。"}])
    )
    records += [record(f"ZZ/PR-{n:03d}", "Partner") for n in range(1, 4)]
    src = write(tmp_path / "zz.r4uset", r4uset(*records))
    out = tmp_path / "zz.json"
    answer = run("cards", "import", "r4utools", src, "-o", str(out), "--name", "zz", "-q")
    assert answer.exit_code == 0, answer.output
    return str(out)


def test_R4U_TEXT_READ_coverage_per_set_and_show(tmp_path: Path) -> None:
    set_file = _set(tmp_path)
    answer = run("cards", "coverage", set_file, "--json")
    assert answer.exit_code == 0, answer.output
    f = json.loads(answer.output)
    assert (f["cards"], f["understood"], f["no_text"], f["text_read"]) == (17, 16, 3, 13)
    assert f["sets"] == {
        "ZZ/001B": {"cards": 14, "understood": 13, "percent": 92.9},
        "ZZ/PR": {"cards": 3, "understood": 3, "percent": 100.0},
    }
    assert f["unread_templates"][0]["template"] == "【自】:あなたは相手の手札を見る。"
    text = run("cards", "coverage", set_file).output
    assert "ZZ/001B      13 of 14 (92.9 %)" in text
    shown = run("cards", "show", set_file, "ZZ/001B-001", "ZZ/001B-014")
    assert shown.exit_code == 0, shown.output
    assert "Spark: draw 1 card." in shown.output
    assert "understood: printed text read in full" in shown.output
    assert "not understood: unsupported" in shown.output
    assert "【自】:あなたは相手の手札を見る。" in shown.output
    doc = json.loads(run("cards", "show", set_file, "ZZ/001B-014", "--json").output)
    assert doc["cards"][0]["unread"] == ["【自】:あなたは相手の手札を見る。"]
    assert doc["cards"][0]["reading"] == [
        "Performance None (while this is your entry and your members and retire area hold "
        "that many): not executed — the engine cannot execute this ability (the step is "
        "unverifiable, R4U-EFFECT-UNSUPPORTED)."
    ]


def test_R4U_IMPORT_check_deck_with_an_imported_set(tmp_path: Path) -> None:
    set_file = _set(tmp_path)
    main = [f"ZZ/001B-{n:03d}" for n in range(1, 13) for _ in range(4)] + ["ZZ/001B-013"] * 2
    deck = {"game": "rebirth", "main": main, "partner": ["ZZ/PR-001", "ZZ/PR-002", "ZZ/PR-003"],
            "card_sets": ["zz"]}  # fmt: skip
    answer = run("check-deck", write(tmp_path / "deck.json", deck), "--card-set", set_file)
    assert answer.exit_code == 0, answer.output
    deck["main"] = main[:-2] + ["ZZ/001B-001"] * 2  # six copies of one card
    answer = run("check-deck", write(tmp_path / "deck.json", deck), "--card-set", set_file)
    assert answer.exit_code == 1 and "R4U-DECK-COPIES" in answer.output


def test_R4U_TEXT_READ_coverage_counts_a_hand_written_set() -> None:
    cards = {"A-1": {"code": "A-1", "type": "character", "effects": [{"when": "spark"}]}}
    f = coverage(cards)
    assert f["understood"] == 0 and f["sets"] == {
        "A": {"cards": 1, "understood": 0, "percent": 0.0}
    }
    shown = render_card({"code": "A-1", "name": "A", "type": "character", "level": 0, "atk": 1,
                         "def": 1, "effects": [{"when": "spark", "do": [{"op": "mill"}]}]})  # fmt: skip
    assert '(not rendered) {"op": "mill"}' in shown["reading"][0]
    assert "cannot execute" in shown["reading"][0]


def test_R4U_TEXT_READ_coverage_of_a_sample_drawn_by_seed(tmp_path: Path) -> None:
    set_file = _set(tmp_path)
    one = json.loads(
        run("cards", "coverage", set_file, "--sample", "5", "--seed", "s", "--json").output
    )
    again = json.loads(
        run("cards", "coverage", set_file, "--sample", "5", "--seed", "s", "--json").output
    )
    other = json.loads(
        run("cards", "coverage", set_file, "--sample", "5", "--seed", "t", "--json").output
    )
    assert one == again and one["cards"] == 5 and one["sample"] == {"cards": 5, "seed": "s"}
    assert sum(s["cards"] for s in one["sets"].values()) == 5
    assert one["sets"] != other["sets"] or one["unread_templates"] != other["unread_templates"]
    text = run("cards", "coverage", set_file, "--sample", "5", "--seed", "s").output
    assert "(a sample drawn with seed 's')" in text
    assert run("cards", "coverage", set_file, "--sample", "0").exit_code == 2
