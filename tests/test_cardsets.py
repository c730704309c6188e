"""User card sets: the file, its checks by path, logs naming a set by name or hash, the
replay pinning the sets it used, ``judge cards check``/``import`` and ``judge replay
--card-set``.

Every card here is made up (the project's own sample cards, and original cards written in
the shape of the simulators' card list); nothing printed by a publisher.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from judge import cli
from judge.core.canonical import canonical_json, sha256_of
from judge.core.cardimport import import_ua_simulator
from judge.core.cardsets import CardSets, read_card_set
from judge.core.errors import BadLog
from judge.core.log import parse_log
from judge.core.replay import canonical_log, replay

ROOT = Path(__file__).resolve().parents[1]
FULL_GAME = ROOT / "examples" / "union-arena" / "full-game.json"
#: printed text of a made-up card: kept with its definition, not executed
TEXT = "[On Play] Look at the top 3 cards of your deck. (An original card, for the tests.)"


def full_game() -> dict[str, Any]:
    return json.loads(FULL_GAME.read_text())


def sample_set(name: str = "lanternfall", **extra: Any) -> dict[str, Any]:
    """The full-game example's card definitions as a set (one card with printed text)."""
    cards = copy.deepcopy(full_game()["cards"])
    cards[0]["text"] = TEXT
    return {
        "format": "judge-card-set/1",
        "game": "union-arena",
        "name": name,
        **extra,
        "cards": cards,
    }


def log_naming(ref: str) -> dict[str, Any]:
    """The full-game example with its cards taken out, naming ``ref`` instead."""
    log = full_game()
    del log["cards"]
    log["card_sets"] = [ref]
    return log


def problems(doc: Any) -> dict[str, str]:
    with pytest.raises(BadLog) as caught:
        read_card_set(doc)
    return {e.path: e.message for e in caught.value.errors}


def rs_set() -> dict[str, Any]:
    return {
        "format": "judge-card-set/1",
        "game": "rangers-strike",
        "name": "emberline",
        "cards": [
            {
                "code": "EMB-001",
                "name": "Ember Scout",
                "type": "unit",
                "category": "blaze",
                "bp": 2000,
            }
        ],
    }


# -- the file ----------------------------------------------------------------------------------


def test_a_set_is_checked_by_the_games_card_schema_and_hashed_over_its_canonical_json() -> None:
    doc = sample_set()
    card_set = read_card_set(doc)
    assert (card_set.name, card_set.game, len(card_set.cards)) == ("lanternfall", "union-arena", 42)
    assert card_set.sha256 == sha256_of(doc) and card_set.ref == "sha256:" + sha256_of(doc)
    # the same set written otherwise (white space, key order) has the same hash
    text = json.dumps(dict(reversed(list(doc.items()))), indent=3)
    assert read_card_set(text).sha256 == card_set.sha256
    # definitions get the defaults a log's own cards get; the printed text is kept
    first = card_set.cards[doc["cards"][0]["code"]]
    assert first["text"] == TEXT and "raid" in first and "keywords" in first
    assert read_card_set(rs_set()).cards["EMB-001"]["power"] == 0


def test_every_problem_of_a_set_is_named_by_path() -> None:
    doc = sample_set(name="ua-sample", extra=1)
    del doc["cards"][0]["bp"]
    doc["cards"][2]["code"] = doc["cards"][1]["code"]
    doc["cards"][3]["type"] = "hero"
    doc["cards"][4]["text"] = 7
    doc["cards"][5]["zap"] = True
    found = problems(doc)
    assert found["cards[0].bp"] == "required for character cards"
    assert found["cards[2].code"].startswith("duplicate card code")
    assert found["cards[3].type"].startswith("must be one of")
    assert found["cards[4].text"] == "must be a string"
    assert found["cards[5].zap"].startswith("unknown field")
    assert found["name"] == "'ua-sample' is a built-in set's name; choose another"
    assert found["extra"].startswith("unknown field (allowed here: cards, description")
    assert set(problems({"format": "judge-card-set/2", "game": "chess", "name": "-x"})) == {
        "format",
        "game",
        "name",
        "cards",
    }
    assert problems({**sample_set(), "cards": []}) == {"cards": "must not be empty"}
    assert problems([]) == {"": "a card set is a JSON object"}


def test_a_set_file_is_read_strictly() -> None:
    found = problems('{"format": "judge-card-set/1", "cards": [{"code": "A", "code": "B"}]}')
    assert found == {"cards[0]": 'duplicate key "code"'}
    assert "NaN" in str(problems('{"cards": [NaN]}'))


# -- logs naming a set ----------------------------------------------------------------------------


@pytest.mark.parametrize("by", ["name", "hash"])
def test_a_log_naming_a_set_is_judged_as_with_its_cards_inlined_and_pins_the_sets_hash(
    by: str,
) -> None:
    card_set = read_card_set(sample_set())
    ref = card_set.name if by == "name" else card_set.ref
    inline = full_game()
    inline["cards"][0]["text"] = TEXT
    expected = replay(inline)
    got = replay(parse_log(log_naming(ref), CardSets([card_set])))
    assert got["steps"] == expected["steps"] and got["cards"] == expected["cards"]
    assert got["summary"] == expected["summary"] and got["fidelity"]["status"] == "exact"
    assert got["card_sets"] == [{"ref": ref, "name": "lanternfall", "sha256": card_set.sha256}]
    assert "card_sets" not in expected  # built-in sets only: the replay is as before
    again = replay(parse_log(log_naming(ref), CardSets([card_set])))
    assert canonical_json(again) == canonical_json(got)  # deterministic
    # the canonical log inlines the definitions used: judged again without the set
    assert replay(canonical_log(got))["steps"] == got["steps"]


def test_the_printed_text_is_kept_not_executed() -> None:
    """A definition that gives ``effects`` keeps its text as written and is judged by its
    effects; the text is read only when a definition has none (``reader.py``)."""
    plain = replay(full_game())
    with_text = full_game()
    for card in with_text["cards"]:
        if card.get("effects") or card["type"] == "ap":
            card["text"] = "[Activate: Main] Win the game. (made up)"
    judged = replay(with_text)
    assert judged["steps"] == plain["steps"] and judged["summary"] == plain["summary"]
    assert all(c["text"].startswith("[Activate") for c in judged["cards"] if "text" in c)


def test_printed_text_without_effects_is_no_longer_vanilla() -> None:
    """A card with printed text the reader cannot read is unsupported, not vanilla: its play
    is unverifiable (UA-EFFECT-UNSUPPORTED) and the steps after it are not plainly legal."""
    with_text = full_game()
    for card in with_text["cards"]:
        if not card.get("effects") and card["type"] == "character":
            card["text"] = "[Activate: Main] Win the game. (made up)"
    judged = replay(with_text)
    assert judged["summary"]["unverifiable_steps"]
    assert judged["summary"].get("uncertain_steps")


def card_set_errors(log: dict[str, Any], registry: CardSets | None) -> dict[str, str]:
    with pytest.raises(BadLog) as caught:
        parse_log(log, registry)
    return {e.path: e.message for e in caught.value.errors if e.path.startswith("card_sets")}


def test_a_set_the_registry_cannot_give_is_refused_by_path() -> None:
    card_set = read_card_set(sample_set())
    other = read_card_set(sample_set(description="another version"))
    log = log_naming("lanternfall")
    log["card_sets"] += ["sha256:" + "0" * 64, "sha256:nothex", "emberline"]
    found = card_set_errors(log, CardSets([card_set, other, read_card_set(rs_set())]))
    assert found["card_sets[0]"] == (
        f"2 card sets are named 'lanternfall' ({', '.join(sorted([card_set.ref, other.ref]))}); "
        "name one by its hash"
    )
    assert found["card_sets[1]"].startswith(f"no card set with hash sha256:{'0' * 64}")
    assert found["card_sets[2]"].startswith("'sha256:nothex' is not a set hash")
    assert (
        found["card_sets[3]"] == "card set 'emberline' is for 'rangers-strike', not 'union-arena'"
    )
    # without a registry: unknown, and how to give one
    assert card_set_errors(log_naming("lanternfall"), None)["card_sets[0]"].endswith(
        "a user's set is given with judge replay --card-set FILE, or stored with POST /v1/card-sets"
    )
    # the codes an unknown set could define are not guessed at: no echo in the decks
    with pytest.raises(BadLog) as caught:
        parse_log(log_naming("lanternfall"), None)
    assert not any(e.path.startswith("decks") for e in caught.value.errors)


def test_the_logs_own_cards_win_over_a_set_and_built_in_sets_still_work() -> None:
    card_set = read_card_set(sample_set())
    log = log_naming(card_set.ref)
    mine = copy.deepcopy(full_game()["cards"][0])
    mine["bp"] = 9000
    log["cards"] = [mine]
    parsed = parse_log(log, CardSets([card_set]))
    assert parsed.cards[mine["code"]]["bp"] == 9000
    assert parsed.card_set_hashes == [
        {"ref": card_set.ref, "name": "lanternfall", "sha256": card_set.sha256}
    ]
    from judge.games.union_arena.sample import sample_envelope

    builtin = sample_envelope("x")
    assert builtin["card_sets"] == ["ua-sample"]
    assert parse_log({**builtin, "actions": []}, CardSets([card_set])).card_set_hashes == []


# -- the command line ------------------------------------------------------------------------------


def run(*args: str) -> Any:
    return CliRunner().invoke(cli.main, list(args))


def write(path: Path, doc: Any) -> str:
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1))
    return str(path)


def test_judge_cards_check(tmp_path: Path) -> None:
    good = write(tmp_path / "set.json", sample_set())
    answer = run("cards", "check", good)
    assert answer.exit_code == 0, answer.output
    assert answer.output.strip() == (
        f"lanternfall (union-arena): 42 cards, {read_card_set(sample_set()).ref}"
    )
    doc = sample_set()
    del doc["cards"][0]["bp"]
    doc["cards"][1]["energy"] = {"red": -1}
    answer = run("cards", "check", write(tmp_path / "bad.json", doc))
    assert answer.exit_code == 2
    lines = answer.stderr.splitlines()
    assert len(lines) == 2, lines
    assert lines[0] == f"error: {tmp_path / 'bad.json'}: cards[0].bp: required for character cards"
    assert lines[1].startswith(f"error: {tmp_path / 'bad.json'}: cards[1].energy.red")
    (tmp_path / "dup.json").write_text('{"format": "judge-card-set/1", "format": "x"}')
    answer = run("cards", "check", str(tmp_path / "dup.json"))
    assert answer.exit_code == 2 and 'duplicate key "format"' in answer.stderr
    assert run("cards", "check", str(tmp_path / "missing.json")).exit_code == 2


def test_judge_replay_card_set(tmp_path: Path) -> None:
    card_set = read_card_set(sample_set())
    set_file = write(tmp_path / "set.json", sample_set())
    for ref in ("lanternfall", card_set.ref):
        log = write(tmp_path / "log.json", log_naming(ref))
        answer = run("replay", log, "--card-set", set_file, "--json")
        assert answer.exit_code == 0, answer.stderr
        assert json.loads(answer.stdout)["card_sets"][0]["sha256"] == card_set.sha256
    # without the set: bad input, naming the field
    answer = run("replay", log)
    assert answer.exit_code == 2 and "error: card_sets[0]: unknown card set" in answer.stderr
    # two sets of one name: the log must name one by hash
    other = write(tmp_path / "other.json", sample_set(description="v2"))
    log = write(tmp_path / "log.json", log_naming("lanternfall"))
    answer = run("replay", log, "--card-set", set_file, "--card-set", other)
    assert answer.exit_code == 2 and "2 card sets are named 'lanternfall'" in answer.stderr
    # a bad set file: exit 2, the file and the path named
    bad = sample_set()
    bad["cards"][0]["bp"] = "big"
    answer = run("replay", log, "--card-set", write(tmp_path / "bad.json", bad))
    assert answer.exit_code == 2
    assert f"error: {tmp_path / 'bad.json'}: cards[0].bp: must be an integer" in answer.stderr


# -- importing the simulators' card list -------------------------------------------------------------


def simulator_card(number: int, **fields: Any) -> dict[str, Any]:
    """An original card in the shape of the simulators' list of the official card list."""
    card = {
        "code": f"ZZ01BT/QQQ-1-{number:03d}",
        "baseCode": f"ZZ01BT/QQQ-1-{number:03d}",
        "name": f"Lantern Keeper No. {number}",
        "title": "A Made-Up Title",
        "titleCode": "QQQ",
        "cardType": "CHARACTER",
        "color": "PURPLE",
        "bp": 2500,
        "apCost": 1,
        "reqEnergy": 2,
        "genEnergy": 1,
        "traits": ["Night Watch"],
        "triggers": [],
        "effectText": "-",
        "imageUrl": "https://example.invalid/card.png",
        "rarity": "C",
        "isParallel": False,
        "isUnrevealed": False,
        "seriesId": "0",
        "seriesName": "Made Up",
    }
    card.update(fields)
    return card


def simulator_list() -> list[dict[str, Any]]:
    return [
        simulator_card(1, triggers=["DRAW"], effectText="[登場時]カードを1枚引く。"),
        simulator_card(
            2,
            bp=4000,
            reqEnergy=4,
            triggers=["RAID"],
            effectText="[レイド]〈Lantern Keeper No. 1〉アクティブにし、フロントLに移動できる",
        ),
        simulator_card(3, triggers=["ACTIVE", "COLOR"], reqEnergy=0, genEnergy=2),
        simulator_card(4, cardType="EVENT", bp=None, genEnergy=0, triggers=["BOUNCE"]),
        simulator_card(5, cardType="FIELD", bp=None, color="GREEN", effectText="x", glow=1),
        simulator_card(6, bp=None),  # a character without BP: left out
        simulator_card(7, isUnrevealed=True),  # not revealed yet: left out
        simulator_card(1),  # the same code again: left out
        simulator_card(9, effectText="[レイド]〈A〉/〈B〉アクティブにし、フロントLに移動できる"),
        {
            "code": "ZZ01BT/QQQ-AP01",
            "name": "Action Point",
            "cardType": "ACTION_POINT",
            "color": "",
            "bp": None,
            "apCost": 0,
            "reqEnergy": 0,
            "genEnergy": 0,
            "traits": [],
            "triggers": [],
            "effectText": "-",
        },
        "not a card",
    ]


def test_the_ua_simulator_importer_maps_what_it_can_and_says_what_it_cannot() -> None:
    imported = import_ua_simulator(simulator_list(), "made-up")
    cards = {c["code"]: c for c in imported.document["cards"]}
    first = cards["ZZ01BT/QQQ-1-001"]
    assert first == {
        "code": "ZZ01BT/QQQ-1-001",
        "name": "Lantern Keeper No. 1",
        "type": "character",
        "title": "QQQ",
        "number": "QQQ-1-001",
        "color": "purple",
        "ap": 1,
        "energy": {"purple": 2},
        "generates": {"purple": 1},
        "bp": 2500,
        "traits": ["Night Watch"],
        "trigger": "draw",
        "text": "[登場時]カードを1枚引く。",
    }
    assert cards["ZZ01BT/QQQ-1-002"]["raid"] == {"onto": {"name": "Lantern Keeper No. 1"}}
    assert cards["ZZ01BT/QQQ-1-003"]["trigger"] == "color"
    assert cards["ZZ01BT/QQQ-1-003"]["energy"] == {}
    assert cards["ZZ01BT/QQQ-1-004"]["type"] == "event" and "bp" not in cards["ZZ01BT/QQQ-1-004"]
    assert cards["ZZ01BT/QQQ-1-005"]["color"] == "green"
    assert cards["ZZ01BT/QQQ-AP01"] == {
        "code": "ZZ01BT/QQQ-AP01",
        "name": "Action Point",
        "type": "ap",
        "title": "QQQ",
        "number": "QQQ-AP01",
        "traits": [],
        "trigger": None,
    }
    # a raid onto one of several: every alternative kept (UA-RAID)
    assert cards["ZZ01BT/QQQ-1-009"]["raid"] == {"onto": [{"name": "A"}, {"name": "B"}]}
    notes = imported.note_lines()
    assert notes == [
        "[3] ZZ01BT/QQQ-1-004: triggers: BOUNCE not in the vocabulary; trigger left out",
        "[4] ZZ01BT/QQQ-1-005: fields not read: glow",
        "[5] ZZ01BT/QQQ-1-006: left out: a character with no BP",
        "[6] ZZ01BT/QQQ-1-007: left out: not revealed yet (isUnrevealed)",
        "[7] ZZ01BT/QQQ-1-001: left out: the code again (also [0])",
        "[10]: left out: not an object",
    ]
    assert imported.left_out == 4
    checked = read_card_set(imported.document)  # what it makes is a valid set
    assert len(checked.cards) == 7 and checked.game == "union-arena"
    assert imported.document["source"] == {
        "importer": "ua-simulator",
        "read": 11,
        "left_out": 4,
        "left_out_why": {
            "a character with no BP": 1,
            "not an object": 1,
            "not revealed yet (isUnrevealed)": 1,
            "the code again": 1,
        },
    }


def test_judge_cards_import_then_judge_a_log_that_uses_the_set(tmp_path: Path) -> None:
    source = write(tmp_path / "made-up.json", simulator_list())
    out = tmp_path / "set.json"
    answer = run("cards", "import", "ua-simulator", source, "-o", str(out))
    assert answer.exit_code == 0, answer.stderr
    assert "note: [5] ZZ01BT/QQQ-1-006: left out: a character with no BP" in answer.stderr
    assert "made-up (union-arena): 7 cards imported, 4 left out, sha256:" in answer.stderr
    checked = run("cards", "check", str(out))
    assert checked.exit_code == 0 and checked.stdout.startswith("made-up (union-arena): 7 cards")
    # the same list imported again: the same set, byte for byte
    again = tmp_path / "again.json"
    run("cards", "import", "ua-simulator", source, "-o", str(again), "-q", "--name", "made-up")
    assert again.read_bytes() == out.read_bytes()
    # a log naming the imported set is read with its definitions
    card_set = read_card_set(out.read_text())
    log = {
        "format": "judge-action-log/1",
        "game": "union-arena",
        "players": [{"id": "A"}, {"id": "B"}],
        "card_sets": ["made-up"],
        "rule_options": {"deck_construction": False},
        "decks": {
            "A": {"main": ["ZZ01BT/QQQ-1-001"] * 50, "ap": ["ZZ01BT/QQQ-AP01"] * 3},
            "B": {"main": ["ZZ01BT/QQQ-1-002"] * 50, "ap": ["ZZ01BT/QQQ-AP01"] * 3},
        },
        "hidden": {"mode": "seeded", "seed": "made-up"},
        "actions": [{"p": "A", "do": "concede"}],
    }
    judged = run("replay", write(tmp_path / "log.json", log), "--card-set", str(out), "--json")
    assert judged.exit_code == 0, judged.stderr
    doc = json.loads(judged.stdout)
    assert doc["card_sets"] == [{"ref": "made-up", "name": "made-up", "sha256": card_set.sha256}]
    pinned = {c["code"]: c for c in doc["cards"]}
    assert pinned["ZZ01BT/QQQ-1-001"]["text"] == "[登場時]カードを1枚引く。"


def test_judge_cards_import_refuses_unreadable_input_by_path(tmp_path: Path) -> None:
    (tmp_path / "dup.json").write_text('[{"code": "A"}, {"code": "A", "code": "B"}]')
    answer = run("cards", "import", "ua-simulator", str(tmp_path / "dup.json"), "-o", "-")
    assert answer.exit_code == 2 and 'error: cards[1]: duplicate key "code"' in answer.stderr
    (tmp_path / "broken.json").write_text('[{"code": "A"},, ]')
    answer = run("cards", "import", "ua-simulator", str(tmp_path / "broken.json"), "-o", "-")
    assert answer.exit_code == 2 and "at line 1 column 16" in answer.stderr  # as in the file
    (tmp_path / "none.json").write_text('[{"code": "A"}]')
    answer = run("cards", "import", "ua-simulator", str(tmp_path / "none.json"), "-o", "-")
    assert answer.exit_code == 2 and "no card could be imported (1 left out)" in answer.stderr
    answer = run(
        "cards", "import", "ua-simulator", str(tmp_path / "none.json"), "-o", "-", "--name", "a b"
    )
    assert answer.exit_code == 2 and "--name" in answer.output + answer.stderr


def test_judge_canonical_and_legal_take_card_sets_too(tmp_path: Path) -> None:
    set_file = write(tmp_path / "set.json", sample_set())
    log = write(tmp_path / "log.json", log_naming("lanternfall"))
    answer = run("canonical", log, "--card-set", set_file)
    assert answer.exit_code == 0, answer.stderr
    doc = json.loads(answer.stdout)  # self-contained: the set's definitions inlined
    assert doc["card_sets"] == [] and len(doc["cards"]) == 42
    assert run("legal", log, "--card-set", set_file, "--json").exit_code == 0
    assert run("legal", log).exit_code == 2


def deck_naming(ref: str) -> dict[str, Any]:
    """Player A's deck of the full-game example, its codes looked up in the set ``ref``."""
    deck = full_game()["decks"]["A"]
    return {"game": "union-arena", "card_sets": [ref], "main": deck["main"], "ap": deck["ap"]}


def test_judge_check_deck_looks_codes_up_in_the_card_set_files(tmp_path: Path) -> None:
    set_file = write(tmp_path / "set.json", sample_set())
    ref = read_card_set(sample_set()).ref
    for name in ("lanternfall", ref):
        deck = write(tmp_path / "deck.json", deck_naming(name))
        answer = run("check-deck", deck, "--card-set", set_file, "--json")
        assert answer.exit_code == 0, answer.output
        assert json.loads(answer.output)["legal"] is True
    # without the file the set is unknown, and the message says how to give it (exit 2)
    answer = run("check-deck", write(tmp_path / "deck.json", deck_naming("lanternfall")))
    assert answer.exit_code == 2
    assert "card_sets[0]: unknown card set 'lanternfall'" in answer.output
    assert "--card-set" in answer.output


def test_judge_check_deck_refuses_a_set_of_another_game(tmp_path: Path) -> None:
    set_file = write(tmp_path / "rs.json", rs_set())
    deck = {**deck_naming(rs_set()["name"])}
    answer = run("check-deck", write(tmp_path / "deck.json", deck), "--card-set", set_file)
    assert answer.exit_code == 2
    assert "is for rangers-strike, not union-arena" in answer.output
