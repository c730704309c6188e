"""Write the Union Arena example logs in ``examples/union-arena/`` (deterministic).

Run: ``python examples/make_examples.py``.  Each log is described below and in
``examples/union-arena/README.md``; ``expected.json`` records the verdicts the engine gives
with ``on_illegal: skip`` — the tests replay every example and compare.  The self-play games
are fixed by their seeds; the hand-written ones are listed action by action.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.core.position import position_log  # noqa: E402
from judge.core.replay import canonical_log, replay  # noqa: E402
from judge.core.selfplay import random_game  # noqa: E402
from judge.games.union_arena.sample import sample_envelope  # noqa: E402

OUT = ROOT / "examples" / "union-arena"


def observed(event: str) -> dict[str, Any]:
    env = sample_envelope("unused", mode="observed")
    env["match"] = {"event": event, "round": 2, "table": 7}
    return env


def setup(first: str = "A") -> list[dict[str, Any]]:
    second = "B" if first == "A" else "A"
    return [
        {"p": "B", "do": "first_player", "first": first},
        {"p": first, "do": "mulligan", "redraw": False},
        {"p": second, "do": "mulligan", "redraw": False},
    ]


def with_copies(env: dict[str, Any], player: str, copies: dict[str, int]) -> None:
    """Give ``player``'s deck exactly ``copies[code]`` of each code named, still 50 cards."""
    rest = [c for c in env["decks"][player]["main"] if c not in copies]
    named = [code for code, n in copies.items() for _ in range(n)]
    env["decks"][player]["main"] = sorted(named + rest[: 50 - len(named)])


def a(p: str, do: str, **fields: Any) -> dict[str, Any]:
    return {"p": p, "do": do, **fields}


def full_game() -> dict[str, Any]:
    """A complete seeded game to a winner, written back as a canonical log with checkpoints."""
    env = sample_envelope("store-finals-7")
    env["match"] = {"event": "store finals", "round": 1, "table": 1}
    game = random_game(env, "example-full-game")
    return canonical_log(replay(game))


def deck_out() -> dict[str, Any]:
    """A seeded game with no attacks: it ends when a player must draw from an empty deck."""
    env = sample_envelope("long-game-3")
    env["match"] = {"event": "practice", "note": "nobody attacks"}
    return random_game(env, "example-deck-out", weights={"attack": 0})


def diverged() -> dict[str, Any]:
    """The full game with its third checkpoint altered: the replay reports ``diverged``."""
    doc = full_game()
    doc["checkpoints"][2]["state_sha256"] = "0" * 64
    return doc


def line_and_phase() -> dict[str, Any]:
    """Observed mode.  Illegal: an extra draw after the turn's first decision (step 13), the
    opponent playing a card in A's main phase (17), a card played in the attack phase (19),
    a play into a full front line without removing a card first (29, then legal at 30).
    A's deck has four each of UAS-001 and UAS-002."""
    env = observed("league night")
    with_copies(env, "A", {"UAS-001": 4, "UAS-002": 4})
    env["actions"] = setup() + [
        # turn 1, A (1 AP)
        a("A", "proceed"),
        a("A", "play", card="UAS-001", to="front_line"),
        a("A", "proceed"),
        a("A", "proceed"),
        # turn 2, B (2 AP)
        a("B", "proceed"),
        a("B", "play", card="UAS-020", to="energy_line"),
        a("B", "play", card="UAS-021", to="energy_line"),
        a("B", "proceed"),
        a("B", "proceed"),
        # turn 3, A (2 AP)
        a("A", "move", cards=[]),
        a("A", "extra_draw"),
        a("A", "proceed"),
        a("A", "play", card="UAS-001", to="front_line"),
        a("A", "play", card="UAS-002", to="front_line"),
        a("B", "play", card="UAS-020", to="front_line", note="B plays during A's turn"),
        a("A", "proceed"),
        a("A", "play", card="UAS-001", to="energy_line"),
        a("A", "attack", card="A-1", target="player"),
        a("B", "block", card=None),
        a("A", "pick_life", cards=[1], reveal=["UAS-020"]),
        a("A", "proceed"),
        # turn 4, B
        a("B", "proceed"),
        a("B", "proceed"),
        a("B", "proceed"),
        # turn 5, A (3 AP): the front line fills up
        a("A", "proceed"),
        a("A", "play", card="UAS-001", to="front_line"),
        a("A", "play", card="UAS-002", to="front_line", note="the front line holds 4 already"),
        a("A", "play", card="UAS-002", to="front_line", remove=["A-2"]),
        a("A", "proceed"),
        a("A", "proceed"),
    ]
    return env


def raid_and_reveal() -> dict[str, Any]:
    """Observed mode; A's deck has exactly four UAS-001 (and four UAS-002).  Illegal: a raid onto a character
    its raid does not name, without its energy (step 12); a fifth UAS-001 played (22: every
    copy is known to be elsewhere); a play with no AP left (25)."""
    env = observed("regional qualifier")
    with_copies(env, "A", {"UAS-001": 4, "UAS-002": 4})
    env["actions"] = setup() + [
        a("A", "proceed"),
        a("A", "play", card="UAS-001", to="energy_line"),
        a("A", "proceed"),
        a("A", "proceed"),
        a("B", "proceed"),
        a("B", "play", card="UAS-020", to="energy_line"),
        a("B", "proceed"),
        a("B", "proceed"),
        # turn 3, A (2 AP)
        a("A", "proceed"),
        a("A", "raid", card="UAS-010", onto="A-1"),
        a("A", "play", card="UAS-001", to="energy_line"),
        a("A", "play", card="UAS-001", to="energy_line"),
        a("A", "proceed"),
        a("A", "proceed"),
        a("B", "proceed"),
        a("B", "proceed"),
        a("B", "proceed"),
        # turn 5, A (3 AP)
        a("A", "proceed"),
        a("A", "play", card="UAS-001", to="energy_line"),
        a("A", "play", card="UAS-001", to="front_line", note="a fifth copy"),
        a("A", "play", card="UAS-002", to="front_line"),
        a("A", "play", card="UAS-002", to="front_line"),
        a("A", "play", card="UAS-002", to="front_line", note="no AP left"),
        a("A", "proceed"),
        a("A", "proceed"),
    ]
    return env


def unverifiable() -> dict[str, Any]:
    """Observed mode.  Step 9 plays a card whose text the engine cannot execute
    (unverifiable); after A's attack at step 14 the log skips B's block decision although B
    could block, so step 15 is unverifiable (no block assumed); B concedes at step 17."""
    env = observed("casual")
    with_copies(env, "B", {"UAS-033": 2})
    env["actions"] = setup() + [
        a("A", "proceed"),
        a("A", "play", card="UAS-001", to="front_line"),
        a("A", "proceed"),
        a("A", "proceed"),
        a("B", "proceed"),
        a("B", "play", card="UAS-020", to="energy_line"),
        a("B", "play", card="UAS-033", to="front_line"),
        a("B", "proceed"),
        a("B", "proceed"),
        a("A", "proceed"),
        a("A", "proceed"),
        a("A", "attack", card="UAS-001", target="player"),
        a("A", "pick_life", cards=[1], reveal=["UAS-020"]),
        a("A", "proceed"),
        a("B", "concede"),
    ]
    return env


#: Two cards for the ordering example: each has an effect at the end of a battle it took part in.
HARRIER = {
    "code": "UAS-101",
    "name": "Reef Harrier",
    "type": "character",
    "title": "UAS",
    "number": "UAS-101",
    "color": "red",
    "ap": 1,
    "bp": 1000,
    "generates": {"red": 1},
    "effects": [
        {
            "when": "battle_end",
            "text": "At the end of a battle this card took part in: 1 opposing front-line "
            "character gets BP -3000 until end of turn.",
            "do": [
                {
                    "op": "bp",
                    "amount": -3000,
                    "until": "turn",
                    "target": {"side": "opponent", "zone": "front_line", "count": 1},
                }
            ],
        }
    ],
}
WARDEN = {
    "code": "UAS-102",
    "name": "Shoal Warden",
    "type": "character",
    "title": "UAS",
    "number": "UAS-102",
    "color": "blue",
    "ap": 1,
    "bp": 3000,
    "generates": {"blue": 1},
    "effects": [
        {
            "when": "battle_end",
            "text": "At the end of a battle this card took part in: this card gets BP +2000 "
            "until end of turn.",
            "do": [{"op": "bp", "amount": 2000, "until": "turn", "target": "self"}],
        }
    ],
}


def simultaneous() -> dict[str, Any]:
    """Observed mode; A's deck has four Reef Harriers, B's four Shoal Wardens.  On turn 3 A's
    Harrier attacks and B's Warden blocks and wins; at the end of that battle both cards'
    effects trigger at once (UA-SIMULTANEOUS).  A, the turn player, resolves all of its
    effects first, and chose: its -3000 (step 15) takes the Warden from 3000 to 0 BP, so the
    Warden retires (UA-BP-ZERO) before B's +2000 could save it.  Had B's effect gone first, the
    Warden would have ended at 2000 BP."""
    env = observed("ordering demo")
    env["cards"] = [HARRIER, WARDEN]
    with_copies(env, "A", {"UAS-101": 4})
    with_copies(env, "B", {"UAS-102": 4})
    env["actions"] = setup() + [
        a("A", "proceed"),
        a("A", "play", card="UAS-101", to="front_line"),
        a("A", "proceed"),
        a("A", "proceed"),
        a("B", "proceed"),
        a("B", "play", card="UAS-102", to="front_line"),
        a("B", "proceed"),
        a("B", "proceed"),
        a("A", "proceed"),
        a("A", "proceed"),
        a("A", "attack", card="UAS-101", target="player"),
        a("B", "block", card="UAS-102"),
        a("A", "resolve", source="UAS-101", targets=["UAS-102"]),
        a("A", "proceed"),
    ]
    return env


def from_position() -> dict[str, Any]:
    """A game that starts from a position (``examples/positions/ua-attack-block.json``: A's
    attack waits for B's block decision): B blocks with its active BP 5000 character, the
    attacker loses the battle, and A ends the attack phase; B's turn begins."""
    position = json.loads((ROOT / "examples" / "positions" / "ua-attack-block.json").read_text())
    env = position_log(position)
    env["match"] = {"event": "Example: a game that starts from a position"}
    env["actions"] = [a("B", "block", card="B-1"), a("A", "proceed")]
    return env


EXAMPLES = {
    "full-game": full_game,
    "deck-out": deck_out,
    "diverged-checkpoint": diverged,
    "illegal-line-and-phase": line_and_phase,
    "illegal-raid-and-reveal": raid_and_reveal,
    "unverifiable-text-and-block": unverifiable,
    "simultaneous-battle-end": simultaneous,
    "from-position": from_position,
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    expected = {}
    for name, make in EXAMPLES.items():
        doc = make()
        (OUT / f"{name}.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
        r = replay(doc)
        s = r["summary"]
        expected[name] = {
            "illegal_steps": s["illegal_steps"],
            "unverifiable_steps": s["unverifiable_steps"],
            "result": s["result"],
            "fidelity": r["fidelity"]["status"],
            "actions": len(doc["actions"]),
        }
        print(name, expected[name])
    (OUT / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
