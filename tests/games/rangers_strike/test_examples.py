"""The example logs in ``examples/rangers-strike`` give the verdicts ``expected.json`` records,
the illegal ones break exactly the rules named here, the generator writes exactly the committed
files (it is deterministic), and between them the examples — and the README's worked examples —
show every action kind of ``docs/rangers-strike.md``."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest

from judge.core.errors import BadLog
from judge.core.replay import replay

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "rangers-strike"
EXPECTED = json.loads((EXAMPLES / "expected.json").read_text())
README = (EXAMPLES / "README.md").read_text()


def load(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def broken(r: dict[str, Any]) -> dict[int, list[str]]:
    """Rule ids of the violations of every illegal step."""
    return {
        i: [v["rule"] for v in r["steps"][i]["violations"]] for i in r["summary"]["illegal_steps"]
    }


def rulings(r: dict[str, Any], index: int) -> list[str]:
    return [x["rule"] for x in r["steps"][index]["rulings"]]


def doc_action_kinds() -> list[str]:
    """The ``do`` values of the docs' Action kinds table."""
    text = (ROOT / "docs" / "rangers-strike.md").read_text()
    table = text.split("## Action kinds", 1)[1].split("\n## ", 1)[0]
    return [k for k in re.findall(r"^\| `(\w+)` \|", table, flags=re.M) if k != "do"]


def operation_used(doc: dict[str, Any], r: dict[str, Any], index: int) -> str:
    """The operation type (normal, resident, counter) of the card a `use` step used."""
    events = [e for e in r["steps"][index]["events"] if e["type"] in ("use", "resident")]
    iid = events[0]["card"]
    owner, n = iid.rsplit("-", 1)
    code = doc["decks"][owner]["main"][int(n) - 1]
    cards = {c["code"]: c for c in r["cards"]}
    return cards[code]["operation"]


# -- verdicts -------------------------------------------------------------------------------------


def test_at_least_four_examples_per_variant() -> None:
    variants = [load(name)["variant"] for name in EXPECTED]
    assert variants.count("1v1") >= 4
    assert variants.count("tag") >= 4
    assert set(EXPECTED) == {p.stem for p in EXAMPLES.glob("*.json")} - {"expected"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_replays_as_expected(name: str) -> None:
    doc = load(name)
    r = replay(doc)
    want = EXPECTED[name]
    assert r["summary"]["illegal_steps"] == want["illegal_steps"]
    assert r["summary"]["unverifiable_steps"] == want["unverifiable_steps"]
    assert r["summary"]["result"] == want["result"]
    assert r["fidelity"]["status"] == want["fidelity"]
    assert len(doc["actions"]) == want["actions"]


def test_complete_games_end_as_described() -> None:
    assert EXPECTED["1v1-full-game"]["result"]["reason"] == "damage"
    assert EXPECTED["1v1-deck-out"]["result"]["reason"] == "deck"
    assert EXPECTED["1v1-paper-match"]["result"]["reason"] == "damage"
    for name in ("1v1-full-game", "tag-full-game"):
        assert EXPECTED[name]["fidelity"] == "exact"
        assert "checkpoints" in load(name)
    r = replay(load("tag-full-game"))
    assert r["summary"]["result"] == {"winner": "B", "reason": "damage"}
    last = r["steps"][-1]
    assert "RST-LOSS" in rulings(r, len(r["steps"]) - 1)
    assert last["state"]["players"]["A1"]["out"] and last["state"]["players"]["A2"]["out"]


# -- the rules the illegal examples break ----------------------------------------------------------


def test_1v1_illegal_plays_name_their_rules() -> None:
    r = replay(load("1v1-illegal-rush-and-battle"))
    assert broken(r) == {
        2: ["RS-CHARGE"],
        4: ["RS-RUSH-POWER"],
        6: ["RS-RUSH-COMMAND"],
        9: ["RS-ATTACK"],
        15: ["RS-RIDE"],
        19: ["RS-STRIKE"],
    }
    assert r["steps"][10]["verdict"] == "legal"  # the strike after the refused attack


def test_paper_match_reveals_and_counter() -> None:
    doc = load("1v1-paper-match")
    r = replay(doc, detail="full")
    assert broken(r) == {37: ["RS-REVEAL"]}
    assert "every copy is known to be elsewhere" in r["steps"][37]["violations"][0]["message"]
    counter = r["steps"][32]
    assert [e["type"] for e in counter["events"]][0] == "counter_window"
    assert "RS-COUNTER" in rulings(r, 32)
    assert operation_used(doc, r, 32) == "counter"
    assert r["steps"][32]["state"]["players"]["B"]["discard"][-1] == "B-32"  # the attacker
    # the two Rins in the battle area differ: the code alone would be ambiguous
    # Ember Trooper Kai rides the boat as it enters (RS-RIDE); whether its Number Combination
    # triggers there the sources do not say (RS-RIDER); destroyed, it leaves the boat in place;
    # the Rider Combination of Scorch Rider Tetsu triggers as it rides off (RS-RIDER-COMBINATION)
    assert r["summary"]["unverifiable_steps"] == [44]
    assert {"RS-RIDE", "RS-RIDER"} <= set(rulings(r, 44))
    assert r["steps"][44]["state"]["players"]["A"]["battle"][-1]["vehicle"] == "A-29"
    assert r["steps"][53]["state"]["players"]["A"]["battle"][-1]["id"] == "A-29"  # it stays
    assert "RS-RIDER-COMBINATION" in rulings(r, 62)
    assert [e["type"] for e in r["steps"][62]["events"]][:1] == ["ride_off"]
    doc["actions"][43]["card"] = "RSS-001"
    with pytest.raises(BadLog) as caught:
        replay(doc)
    assert [e.path for e in caught.value.errors] == ["actions[43].card"]


def test_simultaneous_effects_the_turn_player_orders_both_players() -> None:
    # RS-SIMULTANEOUS (official card Q&A, entry RS-018 隠流忍術, on RS-039): effects triggered
    # at exactly the same timing are applied in the order the turn player decides
    r = replay(load("1v1-simultaneous-effects"), detail="full")
    assert broken(r) == {22: ["RS-SIMULTANEOUS"]}
    tie = r["steps"][21]
    assert "RS-ATTACK-RESULT" in rulings(r, 21)
    assert sorted((p["source"], p["controller"]) for p in tie["pending"]) == [
        ("A-38", "A"),
        ("B-38", "B"),
    ]
    assert {p["player"] for p in tie["pending"]} == {"B"}  # B, the turn player, chooses
    assert (
        "B, the turn player, decides which resolves next"
        in (r["steps"][22]["violations"][0]["message"])
    )
    chosen = " ".join(x["message"] for x in r["steps"][23]["rulings"])
    assert rulings(r, 23) == ["RS-SIMULTANEOUS", "RS-SIMULTANEOUS"]
    assert "B, the turn player, decides the order of all of them" in chosen
    assert "B, the turn player, chose the order of the waiting effects" in chosen
    # the order matters: Mina survives with BP 3500, and A's effect finds no target
    mina = r["steps"][24]["state"]["players"]["B"]["rush"]
    assert [(u["id"], u["bp"]) for u in mina] == [("B-1", 3500)]
    assert r["steps"][24]["verdict"] == "legal"


def test_tag_illegal_plays_name_their_rules() -> None:
    r = replay(load("tag-illegal-team-play"))
    assert broken(r) == {
        1: ["RS-PHASE"],
        8: ["RS-RUSH-COMMAND"],
        13: ["RST-STRIKE-ASSIGN"],
        14: ["RST-STRIKE-ASSIGN"],
        33: ["RST-ATTACK"],
    }
    assert "record hold_by" in r["steps"][8]["violations"][0]["message"]
    assert "RST-LEND-COMMAND" in rulings(r, 9)
    assert r["steps"][34]["verdict"] == "legal"  # the target player's unit


def test_tag_missing_decisions_are_unverifiable() -> None:
    r = replay(load("tag-missing-decisions"))
    assert r["summary"]["unverifiable_steps"] == [7, 33]
    assert r["steps"][7]["unverifiable"] == ["missing `assign_damage` by B1 or B2"]
    assert r["steps"][33]["unverifiable"] == ["missing `take_damage` choice by A2"]
    assert "RS-CHOICE-RECORDED" in rulings(r, 7)
    assert "RS-CHOICE-RECORDED" in rulings(r, 33)


def test_tag_team_layer_shows_the_seeds_rules() -> None:
    r = replay(load("tag-team-layer"), detail="full")
    assert "RST-LEND-COMMAND" in rulings(r, 28)
    power = " ".join(x["message"] for x in r["steps"][42]["rulings"])
    assert "is 2: both allies' power zones (A2 1, A1 1)" in power  # A2 alone has 1
    assert [e["position"] for e in r["steps"][44]["events"] if e["type"] == "enter"] == [4]
    assert {"RST-COMBINATION", "RS-NUMBER-COMBINATION"} <= set(rulings(r, 44))
    assert "A1 has 3 units in battle" in " ".join(x["message"] for x in r["steps"][44]["rulings"])
    assigned = [s["index"] for s in r["steps"] if s["action"]["do"] == "assign_damage"]
    assert assigned == [7, 19, 32, 35, 38, 47, 55]
    assert all("RST-STRIKE-ASSIGN" in rulings(r, i) for i in assigned)
    assert "RST-OUT" in rulings(r, 47) and r["steps"][47]["state"]["players"]["B2"]["out"]
    assert {"RST-LEND-COMMAND", "RST-PASSIVE"} <= set(rulings(r, 50))


# -- every action kind ------------------------------------------------------------------------------


def test_every_action_kind_of_the_docs_appears_in_some_example() -> None:
    kinds = doc_action_kinds()
    assert len(kinds) == 16
    seen: set[str] = set()
    refused: set[str] = set()
    operations: set[str] = set()
    for name in EXPECTED:
        doc = load(name)
        r = replay(doc)
        for step in r["steps"]:
            if step["verdict"] == "illegal":
                refused.add(step["action"]["do"])
                continue
            seen.add(step["action"]["do"])
            if step["action"]["do"] == "use":
                operations.add(operation_used(doc, r, step["index"]))
    assert set(kinds) - {"board"} <= seen
    assert "board" in refused and "board" not in seen  # never legal (RS-RIDE)
    assert operations == {"normal", "resident", "counter"}


def test_readme_works_an_example_of_every_action_kind() -> None:
    examples = re.findall(r"`([\w-]+\.json)`, action (\d+):\s*```json\n(.+?)\n```", README)
    shown: dict[str, list[tuple[str, int]]] = {}
    for file, index, text in examples:
        action = json.loads(text)
        doc = json.loads((EXAMPLES / file).read_text())
        assert doc["actions"][int(index)] == action, (file, index)
        shown.setdefault(action["do"], []).append((file, int(index)))
    assert set(doc_action_kinds()) <= set(shown)
    uses = {operation_used(load(f[:-5]), replay(load(f[:-5])), i) for f, i in shown["use"]}
    assert uses == {"normal", "resident", "counter"}
    for name in EXPECTED:
        assert f"`{name}.json`" in README


# -- the generator -----------------------------------------------------------------------------------


def test_generator_writes_the_committed_files() -> None:
    spec = importlib.util.spec_from_file_location(
        "make_rs_examples", ROOT / "examples" / "make_rs_examples.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert set(module.EXAMPLES) == set(EXPECTED)
    expected = {}
    for name, make in module.EXAMPLES.items():
        doc = make()
        assert module.dump(doc) == (EXAMPLES / f"{name}.json").read_text(), name
        expected[name] = module.verdicts(doc)
    assert (
        json.dumps(expected, indent=1, sort_keys=True) + "\n"
        == (EXAMPLES / "expected.json").read_text()
    )
