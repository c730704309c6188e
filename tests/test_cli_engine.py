"""The command line on the real engine: exit codes, bad input named by field, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "union-arena"


def run(args: list[str], stdin: str | None = None):
    return CliRunner().invoke(main, args, input=stdin)


def test_replay_exit_codes_on_examples() -> None:
    assert run(["replay", str(EXAMPLES / "full-game.json")]).exit_code == 0
    assert run(["replay", str(EXAMPLES / "unverifiable-text-and-block.json")]).exit_code == 0
    result = run(["replay", str(EXAMPLES / "illegal-raid-and-reveal.json")])
    assert result.exit_code == 1
    assert "UA-REVEAL" in result.output and "ILLEGAL" in result.output


def good_log() -> dict:
    return json.loads((EXAMPLES / "illegal-line-and-phase.json").read_text())


def broken(change) -> str:
    doc = good_log()
    change(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("text", "path", "words"),
    [
        (json.dumps(good_log())[:500], "<document>", "malformed JSON"),
        (broken(lambda d: d["actions"][5].update(do="teleport")), "actions[5].do", "teleport"),
        (broken(lambda d: d["actions"][4].update(card="XYZ-999")), "actions[4].card", "XYZ-999"),
        (broken(lambda d: d["actions"][4].update(p="C")), "actions[4].p", "'C'"),
        (broken(lambda d: d["actions"][22].update(cards=[0])), "actions[22].cards[0]", ""),
        (
            broken(lambda d: d["decks"]["A"]["main"].__setitem__(3, "NOPE-1")),
            "decks.A.main[3]",
            "NOPE-1",
        ),
        (
            broken(lambda d: d["actions"][4].update(colour="red")),
            "actions[4].colour",
            "unknown field",
        ),
    ],
    ids=[
        "truncated",
        "unknown-kind",
        "unknown-card",
        "wrong-player",
        "out-of-range",
        "deck-code",
        "unknown-field",
    ],
)
def test_bad_input_exits_2_naming_the_field(text: str, path: str, words: str) -> None:
    result = run(["replay", "-"], stdin=text)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    line = next(line for line in result.output.splitlines() if line.startswith("error:"))
    assert line.startswith(f"error: {path}:"), result.output
    assert words in result.output


def test_ambiguous_reference_exits_2() -> None:
    doc = good_log()
    # two UAS-001 in A's front line, one rested: "attack UAS-001" could mean either
    doc["actions"][20]["card"] = "UAS-001"
    result = run(["replay", "-"], stdin=json.dumps(doc))
    assert result.exit_code == 2
    assert "error: actions[20].card: ambiguous card reference" in result.output


def test_bad_perspective_exits_2() -> None:
    result = run(["replay", str(EXAMPLES / "full-game.json"), "--perspective", "Z"])
    assert result.exit_code == 2 and "perspective" in result.output


def test_legal_lists_what_the_player_to_act_may_do() -> None:
    doc = good_log()
    doc["actions"] = doc["actions"][:4]  # A's turn 1, main phase
    result = run(["legal", "-", "--json"], stdin=json.dumps(doc))
    assert result.exit_code == 0
    out = json.loads(result.output)
    kinds = {a["do"] for a in out["legal_actions"]}
    assert "proceed" in kinds and out["pending"][0]["player"] == "A"


def test_canonical_round_trips() -> None:
    result = run(["canonical", str(EXAMPLES / "deck-out.json")])
    assert result.exit_code == 0
    doc = json.loads(result.output)
    assert doc["checkpoints"] and doc["card_sets"] == []
    again = run(["replay", "-", "--json"], stdin=result.output)
    assert json.loads(again.output)["fidelity"]["status"] == "exact"
