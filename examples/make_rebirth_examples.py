"""Write the Rebirth for you example logs to ``examples/rebirth/`` (run from the repository root).

- ``full-game.json``: a complete random legal game with the sample decks (seeded);
- ``illegal-plays.json``: the same game's start with illegal plays put in (a second energy card,
  an attack in the first player's first turn, an unpaid cost);
- ``observed-blocker.json``: a paper match (observed mode): entry-in reveals, a blocker, damage
  that adds up, a partner-attack refused for want of partners;
- ``cancel-option.json``: rule option cancel_timing partner_attack, a cancel answering a
  partner attack;
- ``limit-and-entry-target.json``: a once-a-turn effect used twice (the second use refused,
  R4U-ACTIVATE-LIMIT) and a spark that puts the opposing entry character into the waiting
  room (entry-in follows).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from judge.core.selfplay import random_game
from judge.games.rebirth.sample import sample_envelope
from judge.games.rebirth.testing import LogBuilder, card, to_b_battle

OUT = Path(__file__).resolve().parent / "rebirth"


def full_game() -> dict:
    return random_game(sample_envelope("r4u-example"), "r4u-example")


def illegal_plays() -> dict:
    doc = copy.deepcopy(full_game())
    acts = doc["actions"]
    first = next(a["first"] for a in acts if a["do"] == "first_player")
    i = next(k for k, a in enumerate(acts) if a["do"] == "proceed")  # end of the energy phase
    extra = [
        {"p": first, "do": "attack", "card": "A-1", "note": "no battle phase in turn 1"},
        {
            "p": first,
            "do": "play",
            "card": "A-1",
            "to": "member",
            "square": 1,
            "pay": {"energy": 5, "partner": 0},
            "note": "an illegal play",
        },
    ]
    doc["actions"] = acts[: i + 1] + extra + acts[i + 1 :]
    return doc


def observed_blocker() -> dict:
    b = to_b_battle()
    b.act("B", "attack", card="T-000").act("A", "guard", card="T-BLK")
    b.act("B", "attack", card="T-000", partner=True)
    b.act("B", "concede")
    return b.log()


def cancel_option() -> dict:
    wall = card("T-WALL", name="Fortress", level=0, atk=0, def_=20)
    veto = card("T-CAN", name="Veto", level=1, atk=1, def_=2, keywords=["cancel"])
    b = LogBuilder(
        [wall, veto, card("T-ATK", level=1, atk=3, def_=5)],
        options={"cancel_timing": "partner_attack"},
    )
    b.setup(first="A", entries={"A": "T-WALL"}).proceed("A", 2)
    b.act("B", "partner", card="T-P01").proceed("B", 3).proceed("A", 3)
    b.act("B", "partner", card="T-P01").proceed("B")
    b.act("B", "move", square=1, pay={"energy": 0, "partner": 0}).act("B", "reveal", card="T-ATK")
    b.proceed("B").act("B", "attack", card="T-000", partner=True).act("A", "guard", card="T-CAN")
    return b.log()


def limit_and_entry_target() -> dict:
    once = card(
        "T-ONE",
        name="Librarian",
        effects=[
            {
                "when": "activated",
                "cost": 0,
                "per_turn": 1,
                "text": "[Once per turn] [0] Draw 1 card.",
                "do": [{"op": "draw", "n": 1}],
            }
        ],
    )
    sweep = card(
        "T-SPF",
        name="Sweeper",
        level=1,
        effects=[
            {
                "when": "spark",
                "text": "Spark: put 1 of your opponent's characters (its entry character or "
                "a member) into its waiting room.",
                "do": [{"op": "discard_member", "zone": "field"}],
            }
        ],
    )
    zero = {"energy": 0, "partner": 0}
    b = LogBuilder([once, sweep]).setup(first="A", entries={"A": "T-ONE"}).proceed("A")
    b.act("A", "activate", card="T-ONE", pay=zero)
    b.act("A", "activate", card="T-ONE", pay=zero, note="a second use in the turn")
    b.proceed("A").proceed("B")
    b.act("B", "move", square=1, pay=zero).act("B", "reveal", card="T-SPF")
    b.act("B", "resolve", source="T-SPF", targets=["A-1"])
    b.act("A", "reveal", card="T-000")
    return b.log()


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, make in (
        ("full-game", full_game),
        ("illegal-plays", illegal_plays),
        ("observed-blocker", observed_blocker),
        ("cancel-option", cancel_option),
        ("limit-and-entry-target", limit_and_entry_target),
    ):
        (OUT / f"{name}.json").write_text(json.dumps(make(), indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
