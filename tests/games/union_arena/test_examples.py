"""The example logs in ``examples/union-arena`` give the verdicts ``expected.json`` records,
and the generator writes exactly the committed files (it is deterministic)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from judge.core.replay import replay

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "union-arena"
EXPECTED = json.loads((EXAMPLES / "expected.json").read_text())


def test_there_are_at_least_six_examples_with_winners_and_illegal_plays() -> None:
    assert len(EXPECTED) >= 6
    assert sum(1 for e in EXPECTED.values() if e["result"] and e["result"]["reason"] == "life") >= 1
    kinds = {
        tuple(sorted(set(e["illegal_steps"]))) for e in EXPECTED.values() if e["illegal_steps"]
    }
    assert len(kinds) >= 2


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_replays_as_expected(name: str) -> None:
    doc = json.loads((EXAMPLES / f"{name}.json").read_text())
    r = replay(doc)
    want = EXPECTED[name]
    assert r["summary"]["illegal_steps"] == want["illegal_steps"]
    assert r["summary"]["unverifiable_steps"] == want["unverifiable_steps"]
    assert r["summary"]["result"] == want["result"]
    assert r["fidelity"]["status"] == want["fidelity"]
    assert len(doc["actions"]) == want["actions"]


def test_examples_name_the_rules_they_break() -> None:
    r = replay((EXAMPLES / "illegal-line-and-phase.json").read_text())
    broken = {
        i: [v["rule"] for v in r["steps"][i]["violations"]] for i in r["summary"]["illegal_steps"]
    }
    assert broken == {
        13: ["UA-START-EXTRA-DRAW"],
        17: ["UA-PHASE"],
        19: ["UA-ATK-NO-CARDS"],
        29: ["UA-LINE-LIMIT"],
    }
    r = replay((EXAMPLES / "illegal-raid-and-reveal.json").read_text())
    broken = {
        i: [v["rule"] for v in r["steps"][i]["violations"]] for i in r["summary"]["illegal_steps"]
    }
    assert broken == {12: ["UA-RAID", "UA-ENERGY"], 22: ["UA-REVEAL"], 25: ["UA-AP-COST"]}


def test_UA_SIMULTANEOUS_example_both_players_effects_the_turn_player_chose_first() -> None:
    r = replay((EXAMPLES / "simultaneous-battle-end.json").read_text(), detail="full")
    battle = r["steps"][14]  # B's Shoal Warden blocks: the battle, then both battle-end effects
    assert battle["pending"][0]["player"] == "A"  # the turn player chooses first
    assert battle["pending"][0]["kind"] == "resolve"
    step = r["steps"][15]
    assert step["action"] == {
        "p": "A",
        "do": "resolve",
        "source": "UAS-101",
        "targets": ["UAS-102"],
    }
    assert step["verdict"] == "legal"
    rulings = {x["rule"]: x["message"] for x in step["rulings"]}
    assert "the turn player A resolves all of theirs first" in rulings["UA-SIMULTANEOUS"]
    assert "then B" in rulings["UA-SIMULTANEOUS"]
    # the order mattered: A's BP -3000 came first, so B's Warden retired before its BP +2000
    assert "UA-BP-ZERO" in rulings
    assert step["state"]["players"]["B"]["front_line"] == []
    assert "B-47" in step["state"]["players"]["B"]["outside"]


def test_generator_writes_the_committed_files() -> None:
    spec = importlib.util.spec_from_file_location(
        "make_examples", ROOT / "examples" / "make_examples.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, make in module.EXAMPLES.items():
        written = json.dumps(make(), indent=1, ensure_ascii=False) + "\n"
        assert written == (EXAMPLES / f"{name}.json").read_text(), name
