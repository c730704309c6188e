"""Deck construction judged in a replay: the decks' problems are violations of the deck
rules on the first step (the CLI exits 1), unless the log turns the rule option
``deck_construction`` off.  The rules themselves are tested in tests/games/*/test_decks.py;
this is how a replay reports them (docs/action-log.md, "Deck construction")."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.core.replay import replay
from judge.core.testing import rules_applied, rules_broken, verdict

ROOT = Path(__file__).resolve().parents[1]


def example(name: str, actions: int | None = 3) -> dict:
    """An example log with its first ``actions`` actions (setup only, by default)."""
    doc = json.loads((ROOT / "examples" / name).read_text())
    doc.pop("checkpoints", None)
    doc["rule_options"] = {}  # the defaults: decks judged
    if actions is not None:
        doc["actions"] = doc["actions"][:actions]
    return doc


def with_five_copies(doc: dict, pid: str) -> dict:
    """``pid``'s main deck with other cards swapped for copies of its most common card, until
    it holds 5 of it (the deck stays 50 cards)."""
    doc = copy.deepcopy(doc)
    main = doc["decks"][pid]["main"]
    (most, count), *_ = Counter(main).most_common(1)
    others = (i for i, code in enumerate(main) if code != most)
    for _ in range(5 - count):
        main[next(others)] = most
    return doc


def test_UA_DECK_COPIES_a_fifth_copy_in_a_replayed_deck_makes_the_first_step_illegal() -> None:
    doc = with_five_copies(example("union-arena/full-game.json"), "B")
    r = replay(doc)
    assert verdict(r, 0) == "illegal"
    assert rules_broken(r, 0) == ["UA-DECK-COPIES"]
    (message,) = [v["message"] for v in r["steps"][0]["violations"]]
    assert message.startswith("B's deck: Deck has 5 copies of card number ")
    assert r["summary"]["illegal_steps"] == [0]
    (problem,) = r["summary"]["decks"]["problems"]
    assert problem["player"] == "B" and problem["rule"] == "UA-DECK-COPIES"
    assert r["summary"]["decks"]["judged"] is True
    assert "UA-DECK-COPIES" in r["rules_cited"]
    # the action itself was legal and was carried out; the later steps are judged as usual
    assert r["steps"][0]["events"] and not r["steps"][0].get("skipped")
    assert [verdict(r, i) for i in (1, 2)] == ["legal", "legal"]
    assert not r["steps"][1].get("after_illegal")


def test_UA_DECK_COPIES_deck_problems_never_stop_the_replay() -> None:
    doc = with_five_copies(example("union-arena/full-game.json"), "A")
    r = replay(doc, on_illegal="stop")
    assert r["summary"]["stopped_at"] is None
    assert r["summary"]["steps"] == 3
    assert r["summary"]["illegal_steps"] == [0]


def test_UA_DECK_SIZE_every_problem_of_every_players_deck_is_a_violation() -> None:
    doc = with_five_copies(example("union-arena/full-game.json"), "A")
    doc["decks"]["B"]["main"] = doc["decks"]["B"]["main"][:49]
    r = replay(doc)
    found = [(v["rule"], v["message"].split("'")[0]) for v in r["steps"][0]["violations"]]
    assert found == [("UA-DECK-COPIES", "A"), ("UA-DECK-SIZE", "B")]


def test_legal_decks_add_nothing_to_the_first_step() -> None:
    r = replay(example("union-arena/full-game.json"))
    assert r["summary"]["decks"] == {"judged": True, "problems": []}
    assert verdict(r, 0) == "legal"
    assert "UA-DECK-SIZE" not in rules_applied(r, 0)


def test_UA_DECK_SIZE_the_format_option_deck_construction_false_leaves_decks_unjudged() -> None:
    doc = with_five_copies(example("union-arena/full-game.json"), "B")
    doc["rule_options"]["deck_construction"] = False
    r = replay(doc)
    assert verdict(r, 0) == "legal"
    assert r["summary"]["decks"] == {"judged": False, "problems": []}
    assert rules_applied(r, 0)[0] == "UA-DECK-SIZE"
    assert "not judged" in r["steps"][0]["rulings"][0]["message"]


def test_RS_DECK_SIZE_a_tag_team_players_short_deck_is_judged_in_the_replay() -> None:
    doc = example("rangers-strike/tag-full-game.json", actions=2)
    pid = doc["players"][3]["id"]
    doc["decks"][pid]["main"] = doc["decks"][pid]["main"][:39]
    r = replay(doc)
    assert rules_broken(r, 0) == ["RS-DECK-SIZE"]
    assert r["steps"][0]["violations"][0]["message"].startswith(f"{pid}'s deck: Deck has 39")


@pytest.mark.parametrize("actions", [0, 3])
def test_the_cli_exits_1_for_an_illegal_deck_even_in_a_log_with_no_action(
    tmp_path: Path, actions: int
) -> None:
    doc = with_five_copies(example("union-arena/full-game.json", actions), "B")
    path = tmp_path / "log.json"
    path.write_text(json.dumps(doc))
    result = CliRunner().invoke(main, ["replay", str(path), "--json"])
    assert result.exit_code == 1, result.output
    assert json.loads(result.output)["summary"]["decks"]["problems"][0]["rule"] == "UA-DECK-COPIES"
    doc["rule_options"]["deck_construction"] = False
    path.write_text(json.dumps(doc))
    assert CliRunner().invoke(main, ["replay", str(path)]).exit_code == 0


def test_the_readable_replays_say_what_became_of_the_decks() -> None:
    from judge.core.export import export
    from judge.core.rules import LABELS

    bad = replay(with_five_copies(example("union-arena/full-game.json"), "B"))
    text = export(bad, "text")
    assert "The decks break the deck-construction rules (1 problem, on the first step)." in text
    assert "B's deck: Deck has 5 copies" in text
    label = bad["rules_cited"]["UA-DECK-COPIES"]["confidence"]
    assert f"[{label}] " + LABELS[label] in text  # the label says what it means
    assert f"confidence: {label}, " in export(bad, "markdown")
    off = example("union-arena/full-game.json")
    off["rule_options"]["deck_construction"] = False
    assert "The decks were not judged" in export(replay(off), "markdown")


# -- each game's own second list: Z/X's dynamis, Rebirth for you's partners -------------------------


def zx_and_rebirth_decks() -> list[dict[str, object]]:
    from judge.games.rebirth.sample import ATTRIBUTES
    from judge.games.rebirth.sample import SET as REBIRTH_SET
    from judge.games.rebirth.sample import sample_deck as rebirth_deck
    from judge.games.zx.sample import sample_deck as zx_deck
    from judge.games.zx.sample import sample_envelope as zx_envelope

    main, partner = rebirth_deck(next(iter(ATTRIBUTES.values())))
    return [
        {"game": "zx", "card_sets": zx_envelope("x")["card_sets"], **zx_deck("ember")},
        {"game": "rebirth", "card_sets": [REBIRTH_SET], "main": main, "partner": partner},
    ]


def test_check_deck_reads_each_games_own_second_list(tmp_path: Path) -> None:
    for deck in zx_and_rebirth_decks():
        path = tmp_path / f"{deck['game']}.json"
        path.write_text(json.dumps(deck))
        answer = CliRunner().invoke(main, ["check-deck", str(path), "--json"])
        assert answer.exit_code == 0, answer.output
        assert json.loads(answer.output)["legal"] is True
        # the second list under another game's name is refused, naming it
        wrong = {**deck, "ap": deck.get("dynamis", deck.get("partner"))}
        path.write_text(json.dumps(wrong))
        answer = CliRunner().invoke(main, ["check-deck", str(path)])
        assert (
            answer.exit_code == 2 and f"ap: {deck['game']} decks have no ap list" in answer.output
        )
