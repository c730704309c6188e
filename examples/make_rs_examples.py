"""Write the Rangers Strike example logs in ``examples/rangers-strike/`` (deterministic).

Run: ``python examples/make_rs_examples.py``.  Each log is described below and in
``examples/rangers-strike/README.md``; ``expected.json`` records the verdicts the engine gives
with ``on_illegal: skip`` — the tests replay every example and compare.  The self-play games
are fixed by their seeds; the hand-written ones are listed action by action, in observed mode
(a card named in a hand is revealed there), with cards of the built-in ``rs-sample`` set.
Files are named ``1v1-…`` and ``tag-…`` by variant.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.core.replay import canonical_log, replay  # noqa: E402
from judge.core.selfplay import random_game  # noqa: E402
from judge.games.rangers_strike.sample import sample_deck, sample_envelope  # noqa: E402

OUT = ROOT / "examples" / "rangers-strike"
DECK_SIZE = 40
BT, TV, VS, SB = ("blaze", "tide"), ("tide", "volt"), ("volt", "shade"), ("shade", "blaze")


def deck(fill: tuple[str, str], *codes: str) -> list[str]:
    """A 40-card deck: 3 copies of each code named, filled up with the sample deck of the
    categories ``fill`` (``rs-sample``, code order, 3 copies each), sorted by code."""
    rest = [c for c in sample_deck(fill) if c not in codes]
    cards = [c for c in codes for _ in range(3)] + rest
    return sorted(cards[:DECK_SIZE])


def observed(match: dict[str, Any], variant: str, decks: dict[str, list[str]]) -> dict[str, Any]:
    """A log of ``variant`` in observed mode (a paper match), with the decks given."""
    env = sample_envelope("unused", variant=variant, mode="observed")
    env["match"] = match
    for pid, main in decks.items():
        env["decks"][pid]["main"] = main
    return env


def a(p: str, do: str, **fields: Any) -> dict[str, Any]:
    return {"p": p, "do": do, **fields}


def proceed(p: str, times: int = 1) -> list[dict[str, Any]]:
    return [a(p, "proceed") for _ in range(times)]


# -- 1 vs 1 ---------------------------------------------------------------------------------------


def full_game() -> dict[str, Any]:
    """A complete seeded game to a winner, written back as a canonical log with checkpoints."""
    env = sample_envelope("rs-store-finals")
    env["match"] = {"event": "store finals", "round": 1, "table": 1}
    game = random_game(env, "rs-example-full-game-6")
    return canonical_log(replay(game))


def deck_out() -> dict[str, Any]:
    """A seeded game with no attacks and no strikes: it ends when a player must draw from an
    empty deck (``reason: deck``)."""
    env = sample_envelope("rs-long-game")
    env["match"] = {"event": "practice", "note": "nobody attacks or strikes"}
    return random_game(env, "rs-example-deck-out", weights={"attack": 0, "strike": 0})


def illegal_rush_and_battle() -> dict[str, Any]:
    """Observed mode.  Illegal: a second charge in one charge phase (step 2, RS-CHARGE); a rush
    of Scorch Rider Tetsu (power 2) with power 0 (4, RS-RUSH-POWER — its command and condition
    are not reported, RS-RUSH-ORDER); a tide unit with only a blaze command, held already (6,
    RS-RUSH-COMMAND); an attack while B's battle area is empty (9, RS-ATTACK; the strike at 10
    is legal); a unit boarding a vehicle in the rush phase (15, RS-RIDE: it rides only as it
    enters); a strike by Smoke Agent Kasumi, SP 0 (19, RS-STRIKE)."""
    env = observed(
        {"event": "league night", "round": 1, "table": 4},
        "1v1",
        {"A": deck(BT, "RSS-001", "RSS-005", "RSS-011"), "B": deck(VS, "RSS-031", "RSS-033")},
    )
    env["actions"] = [
        a("A", "first_player", first="A"),
        # turn 1, A (no draw)
        a("A", "charge", card="RSS-001", to="command"),
        a("A", "charge", card="RSS-011", to="power", note="a second charge"),
        a("A", "proceed"),
        a("A", "rush", card="RSS-005", note="power 2 needed, A has 0"),
        a("A", "rush", card="RSS-001"),
        a("A", "rush", card="RSS-011", note="no released tide command"),
        a("A", "proceed"),
        a("A", "enter", card="RSS-001"),
        a("A", "attack", card="RSS-001", target="RSS-033", note="B's battle area is empty"),
        a("A", "strike", card="RSS-001"),
        a("A", "proceed"),
        # turn 2, B
        a("B", "charge", card="RSS-031", to="command"),
        a("B", "proceed"),
        a("B", "rush", card="RSS-033"),
        a("B", "board", card="RSS-033", vehicle="RSS-036", note="a unit rides only as it enters"),
        a("B", "proceed"),
        a("B", "enter", card="RSS-033"),
        a("B", "resolve", source="RSS-033", targets=["A-2"]),
        a("B", "strike", card="RSS-033", note="SP 0"),
        a("B", "proceed"),
    ]
    return env


def paper_match() -> dict[str, Any]:
    """Observed mode: a paper match recorded by a judge, every card named as it is revealed.
    A answers B's attack with the counter Undertow (step 32: the attack, resolved at step 31,
    is taken back and resolves after the counter); a fourth Blaze Cadet Rin is impossible (37,
    RS-REVEAL: A-1, A-2 and A-3 are all known to be elsewhere); two Rins in different states
    are named by instance id (43); a unit rides a boat as it enters (44: whether its Number
    Combination triggers there is not known, RS-RIDER) and is destroyed riding it (53), the
    boat staying; B puts a resident in place and uses a normal operation (49, 50); B chooses the
    power card damage turns face down (60); a unit with RC rides the boat and rides off, its
    Rider Combination drawing a card (61, 62, RS-RIDER-COMBINATION); B loses at 7 damage
    (63)."""
    env = observed(
        {"event": "regional qualifier", "round": 3, "table": 12},
        "1v1",
        {
            "A": deck(
                BT,
                "RSS-001",
                "RSS-002",
                "RSS-005",
                "RSS-008",
                "RSS-009",
                "RSS-011",
                "RSS-012",
                "RSS-013",
                "RSS-016",
                "RSS-018",
                "RSS-019",
                "RSS-020",
            ),
            "B": deck(VS, "RSS-021", "RSS-022", "RSS-031", "RSS-033", "RSS-038", "RSS-039"),
        },
    )
    env["actions"] = [
        a("A", "first_player", first="A"),
        # turn 1, A
        a("A", "charge", card="RSS-001", to="command"),
        a("A", "proceed"),
        a("A", "rush", card="RSS-001"),
        a("A", "proceed"),
        a("A", "enter", card="RSS-001"),
        a("A", "strike", card="RSS-001"),
        a("A", "proceed"),
        # turn 2, B
        a("B", "charge", card="RSS-022", to="command"),
        a("B", "proceed"),
        a("B", "rush", card="RSS-021"),
        a("B", "proceed"),
        a("B", "enter", card="RSS-021"),
        a("B", "strike", card="RSS-021"),
        a("B", "proceed"),
        # turn 3, A
        a("A", "charge", card="RSS-011", to="command"),
        a("A", "proceed"),
        a("A", "rush", card="RSS-002"),
        a("A", "proceed"),
        a("A", "enter", card="RSS-001"),
        a("A", "attack", card="RSS-001", target="RSS-021"),
        a("A", "enter", card="RSS-002"),
        a("A", "strike", card="RSS-002"),
        a("A", "proceed"),
        # turn 4, B
        a("B", "charge", card="RSS-031", to="command"),
        a("B", "proceed"),
        a("B", "rush", card="RSS-033"),
        a("B", "rush", card="RSS-022"),
        a("B", "proceed"),
        a("B", "enter", card="RSS-033"),
        a("B", "resolve", source="RSS-033", targets=["RSS-002"]),
        a("B", "attack", card="RSS-033", target="RSS-001"),
        a("A", "use", card="RSS-019", targets=["RSS-001"]),
        a("B", "proceed"),
        # turn 5, A
        a("A", "charge", card="RSS-012", to="power"),
        a("A", "proceed"),
        a("A", "rush", card="RSS-001"),
        a("A", "rush", card="RSS-001", note="a fourth copy"),
        a("A", "rush", card="RSS-016"),
        a("A", "proceed"),
        a("A", "enter", card="A-2"),
        a("A", "strike", card="A-2"),
        a("A", "enter", card="A-3"),
        a("A", "strike", card="A-3", note="A-2 and A-3 differ in BP: the code is ambiguous"),
        a("A", "enter", card="RSS-002", ride="RSS-016"),
        a("A", "strike", card="RSS-002"),
        a("A", "proceed"),
        # turn 6, B
        a("B", "charge", card="RSS-039", to="power"),
        a("B", "proceed"),
        a("B", "use", card="RSS-038"),
        a("B", "use", card="RSS-028", targets=["A-2"]),
        a("B", "proceed"),
        a("B", "enter", card="RSS-022"),
        a("B", "attack", card="RSS-022", target="RSS-002", note="the unit riding the boat"),
        a("B", "proceed"),
        # turn 7, A
        a("A", "proceed"),
        a("A", "rush", card="RSS-005"),
        a("A", "proceed"),
        a("A", "enter", card="RSS-001"),
        a("A", "strike", card="RSS-001"),
        a("B", "take_damage", cards=["RSS-039"]),
        a("A", "enter", card="RSS-005", ride="RSS-016"),
        a("A", "ride_off", card="RSS-005"),
        a("A", "strike", card="RSS-005"),
    ]
    return env


# -- tag battle -----------------------------------------------------------------------------------


def tag_full_game() -> dict[str, Any]:
    """A complete seeded 2 vs 2 game to a team's loss, canonical with checkpoints."""
    env = sample_envelope("rs-tag-store-finals", variant="tag")
    env["match"] = {"event": "tag battle store finals", "round": 1, "table": 1}
    game = random_game(env, "rs-example-tag-full-game")
    return canonical_log(replay(game))


def tag_team_layer() -> dict[str, Any]:
    """Observed mode: the team layer at work.  Strike damage assigned by the damaged team (7,
    19, 32, 35, 38, 47 and 55, recorded by either of its players); A1 rushes Tide Scout Mina with
    A2's tide command (28, ``hold_by``); A2 rushes Circuit Breaker Rai (power 2) with power 1 of
    its own and 1 of A1's (42, RST-POWER); with A1's 3 units left in its battle area, A2's first
    unit enters at position 4 and its Number Combination 4 triggers (44, RST-COMBINATION; its
    target chosen at 45); B2 takes its 5th damage and is out (47, RST-OUT), its phases are
    skipped (48), and it still holds its shade command for B1 (50, RST-PASSIVE); A1 chooses
    the power card to turn face down (56); a tie destroys both units (58)."""
    env = observed(
        {"event": "tag battle league", "round": 2, "table": 3},
        "tag",
        {
            "A1": deck(BT),
            "A2": deck(TV, "RSS-021", "RSS-025"),
            "B1": deck(VS, "RSS-021", "RSS-022", "RSS-031"),
            "B2": deck(SB),
        },
    )
    env["actions"] = [
        a("A1", "first_player", first="A1"),
        # turn 1, team A: A1
        a("A1", "charge", card="RSS-001", to="command"),
        a("A1", "proceed"),
        a("A1", "rush", card="RSS-001"),
        a("A1", "proceed"),
        a("A1", "enter", card="RSS-001"),
        a("A1", "strike", card="RSS-001"),
        a("B2", "assign_damage", to="B2"),
        a("A1", "proceed"),
        # A2
        a("A2", "charge", card="RSS-011", to="command"),
        *proceed("A2", 3),
        # turn 2, team B: B1
        a("B1", "charge", card="RSS-022", to="command"),
        a("B1", "proceed"),
        a("B1", "rush", card="RSS-021"),
        a("B1", "proceed"),
        a("B1", "enter", card="RSS-021"),
        a("B1", "strike", card="RSS-021"),
        a("A1", "assign_damage", to="A2"),
        a("B1", "proceed"),
        # B2
        a("B2", "charge", card="RSS-031", to="command"),
        *proceed("B2", 3),
        # turn 3, team A: A1
        a("A1", "charge", card="RSS-013", to="power"),
        a("A1", "proceed"),
        a("A1", "rush", card="RSS-002"),
        a("A1", "rush", card="RSS-011", hold_by="A2"),
        a("A1", "proceed"),
        a("A1", "enter", card="RSS-001"),
        a("A1", "strike", card="RSS-001"),
        a("B2", "assign_damage", to="B2"),
        a("A1", "enter", card="RSS-002"),
        a("A1", "strike", card="RSS-002"),
        a("B1", "assign_damage", to="B2"),
        a("A1", "enter", card="RSS-011"),
        a("A1", "strike", card="RSS-011"),
        a("B2", "assign_damage", to="B2"),
        a("A1", "proceed"),
        # A2
        a("A2", "charge", card="RSS-021", to="command"),
        a("A2", "proceed"),
        a("A2", "rush", card="RSS-025"),
        a("A2", "proceed"),
        a("A2", "enter", card="RSS-025"),
        a("A2", "resolve", source="RSS-025", targets=["RSS-021"]),
        a("A2", "strike", card="RSS-025"),
        a("B2", "assign_damage", to="B2"),
        a("A2", "proceed"),
        # turn 4, team B: B1 (B2 is out)
        a("B1", "proceed"),
        a("B1", "rush", card="RSS-031", hold_by="B2"),
        a("B1", "rush", card="RSS-021"),
        a("B1", "proceed"),
        a("B1", "enter", card="RSS-031"),
        a("B1", "strike", card="RSS-031"),
        a("A2", "assign_damage", to="A1"),
        a("A1", "take_damage", cards=["RSS-013"]),
        a("B1", "enter", card="RSS-021"),
        a("B1", "attack", card="RSS-021", target="RSS-011"),
        a("B1", "proceed"),
    ]
    return env


def tag_illegal_team_play() -> dict[str, Any]:
    """Observed mode.  Illegal in the tag layer: the supporter A2 charging in the leader A1's
    charge phase (step 1, RS-PHASE); A2 rushing a tide unit that only A1's command can pay for,
    without ``hold_by`` (8, RS-RUSH-COMMAND; legal with ``hold_by`` at 9); ``assign_damage``
    recorded by A1, of the striking team (13, RS-PHASE); damage assigned to a player outside
    the damaged team (14, RST-STRIKE-ASSIGN); A1 attacking a unit of B2, who is not its target
    player (33, RST-ATTACK; the attack on B1's unit at 34 is legal)."""
    env = observed(
        {"event": "tag battle league", "round": 1, "table": 8},
        "tag",
        {"A1": deck(BT), "A2": deck(TV), "B1": deck(VS), "B2": deck(SB)},
    )
    env["actions"] = [
        a("A1", "first_player", first="A1"),
        # turn 1, team A: A1
        a("A2", "charge", card="RSS-012", to="power", note="A1's charge phase"),
        a("A1", "charge", card="RSS-011", to="command"),
        *proceed("A1", 3),
        # A2
        a("A2", "charge", card="RSS-012", to="power"),
        a("A2", "proceed"),
        a("A2", "rush", card="RSS-012", note="only A1 has a tide command"),
        a("A2", "rush", card="RSS-012", hold_by="A1"),
        a("A2", "proceed"),
        a("A2", "enter", card="RSS-012"),
        a("A2", "strike", card="RSS-012"),
        a("A1", "assign_damage", to="B1", note="team A struck: team B chooses"),
        a("B2", "assign_damage", to="A2", note="A2 is not in team B"),
        a("B2", "assign_damage", to="B2"),
        a("A2", "proceed"),
        # turn 2, team B: B1
        a("B1", "charge", card="RSS-022", to="command"),
        a("B1", "proceed"),
        a("B1", "rush", card="RSS-021"),
        a("B1", "proceed"),
        a("B1", "enter", card="RSS-021"),
        a("B1", "proceed"),
        # B2
        a("B2", "charge", card="RSS-033", to="command"),
        a("B2", "proceed"),
        a("B2", "rush", card="RSS-031"),
        a("B2", "proceed"),
        a("B2", "enter", card="RSS-031"),
        a("B2", "proceed"),
        # turn 3, team A: A1
        a("A1", "proceed"),
        a("A1", "rush", card="RSS-011"),
        a("A1", "proceed"),
        a("A1", "enter", card="RSS-011"),
        a("A1", "attack", card="RSS-011", target="B2-31", note="B2 is not A1's target player"),
        a("A1", "attack", card="RSS-011", target="B1-1"),
        a("A1", "proceed"),
    ]
    return env


def tag_missing_decisions() -> dict[str, Any]:
    """Observed mode.  The log skips team B's ``assign_damage`` although B1 and B2 could both
    take the damage: the next action (step 7) is unverifiable, the leader B1 taking it by
    default.  It skips A2's ``take_damage`` when A2 had two face-up power cards for one point
    of damage: step 33 is unverifiable, the first card in the zone turned face down.  B2
    concedes for team B (34)."""
    env = observed(
        {"event": "tag battle casual"},
        "tag",
        {"A1": deck(BT), "A2": deck(TV), "B1": deck(VS), "B2": deck(SB)},
    )
    env["actions"] = [
        a("A1", "first_player", first="A1"),
        # turn 1, team A
        a("A1", "charge", card="RSS-001", to="command"),
        a("A1", "proceed"),
        a("A1", "rush", card="RSS-001"),
        a("A1", "proceed"),
        a("A1", "enter", card="RSS-001"),
        a("A1", "strike", card="RSS-001"),
        a("A1", "proceed", note="no assign_damage recorded by team B"),
        a("A2", "charge", card="RSS-011", to="power"),
        *proceed("A2", 3),
        # turn 2, team B
        a("B1", "charge", card="RSS-022", to="command"),
        a("B1", "proceed"),
        a("B1", "rush", card="RSS-021"),
        a("B1", "proceed"),
        a("B1", "enter", card="RSS-021"),
        a("B1", "proceed"),
        *proceed("B2", 3),
        # turn 3, team A
        *proceed("A1", 3),
        a("A2", "charge", card="RSS-012", to="power"),
        *proceed("A2", 3),
        # turn 4, team B
        a("B1", "proceed"),
        a("B1", "proceed"),
        a("B1", "enter", card="RSS-021"),
        a("B1", "strike", card="RSS-021"),
        a("A1", "assign_damage", to="A2"),
        a("B1", "proceed", note="no take_damage recorded by A2"),
        a("B2", "concede"),
    ]
    return env


def simultaneous_effects() -> dict[str, Any]:
    """Observed mode.  Both players' effects trigger at once and the order matters
    (RS-SIMULTANEOUS): in B's turn 4, B's Reef Guardian Shio attacks A's Ash Sentinel Hayate,
    BP 3000 each, and both are destroyed together (RS-ATTACK-RESULT).  Hayate's effect (A's)
    would destroy a unit with BP 2000 or less in B's rush area — B's Tide Scout Mina, BP 1500;
    Shio's (B's) gives one of B's rush-area units BP +2000.  B, the turn player, decides the
    order of both: A's resolve while they wait is illegal (step 22); B puts its own first (23),
    Mina has BP 3500, and A's effect, the only one left and A's to resolve, finds no target
    (24)."""
    env = observed(
        {"event": "judge training", "note": "simultaneous when-destroyed effects"},
        "1v1",
        {"A": deck(BT, "RSS-041"), "B": deck(TV, "RSS-042", "RSS-011")},
    )
    env["actions"] = [
        a("A", "first_player", first="A"),
        # turn 1, A
        a("A", "charge", card="RSS-001", to="power"),
        *proceed("A", 3),
        # turn 2, B
        a("B", "charge", card="RSS-012", to="command"),
        a("B", "proceed"),
        a("B", "rush", card="RSS-011"),
        *proceed("B", 2),
        # turn 3, A
        a("A", "charge", card="RSS-002", to="command"),
        a("A", "proceed"),
        a("A", "rush", card="RSS-041"),
        a("A", "proceed"),
        a("A", "enter", card="RSS-041"),
        a("A", "proceed", note="B's battle area is empty: no attack"),
        # turn 4, B
        a("B", "charge", card="RSS-013", to="power"),
        a("B", "proceed"),
        a("B", "rush", card="RSS-042"),
        a("B", "proceed"),
        a("B", "enter", card="RSS-042"),
        a("B", "attack", card="RSS-042", target="RSS-041"),
        a(
            "A",
            "resolve",
            source="RSS-041",
            targets=["RSS-011"],
            note="illegal: the turn player decides which effect goes next",
        ),
        a("B", "resolve", source="RSS-042", targets=["RSS-011"], order=["RSS-042", "RSS-041"]),
        a("A", "resolve", source="RSS-041", targets=[], note="no unit with BP 2000 or less"),
        a("B", "proceed"),
    ]
    return env


#: made-up operations in the catalogue's sentence shapes, carried by the log (their printed
#: text is read: RS-TEXT-READ)
SEARCH_CARDS = [
    {
        "code": "RSX-001",
        "name": "Scout Call",
        "type": "operation",
        "category": "blaze",
        "power": 0,
        "operation": "normal",
        "text": "次の効果から1つ選び発動する⇒ ◎自軍山札から「Blaze Cadet Rin」のカードを1枚選び、相手に"
        "見せてから手札に加えてもよい。その後、山札をシャッフルする。 ◎自軍山札の上から1枚ひいて、自軍"
        "コマンドゾーンにホールド状態で置く。(コマンドゾーンに置けるカードは通常5枚まで)",
    },
    {
        "code": "RSX-002",
        "name": "Quick Deploy",
        "type": "operation",
        "category": "blaze",
        "power": 0,
        "operation": "normal",
        "text": "自分の手札から「Blaze Cadet Rin」のカードを1枚選び、自軍ラッシュエリアに出してもよい。",
    },
    {
        "code": "RSX-003",
        "name": "Half Step",
        "type": "operation",
        "category": "blaze",
        "power": 0,
        "operation": "normal",
        "text": "自軍Sユニットを1体選ぶ。このターン、選んだユニットは「SP1/2」になる。",
    },
]


def searches_and_choices() -> dict[str, Any]:
    """Observed mode, with three made-up operations the log carries, read from their printed
    text.  A uses Scout Call, choosing its first effect: Blaze Cadet Rin from the deck, shown
    and into the hand, then the deck is shuffled (steps 3-4, RS-CHOOSE-ONE, RS-SEARCH-DECK);
    Quick Deploy puts that Rin from the hand into the rush area (13-14, RS-FROM-HAND); Half Step
    makes Rin SP 1/2 for the turn (15-16, RS-SP-EFFECT), so entering first it has SP 0 and its
    strike is illegal (19, RS-STRIKE).  Scout Call's second effect puts the deck's top card,
    named by the log, held into the command zone (27-28, RS-TOP-TO-COMMAND); a Scout Call whose
    choice the log does not record is not guessed (29-30: unverifiable, and the steps after it
    uncertain)."""
    env = observed(
        {"event": "judge training", "note": "searches, choices and a card from the hand"},
        "1v1",
        {"A": deck(BT, "RSX-001", "RSX-002", "RSX-003"), "B": deck(TV)},
    )
    env["cards"] = SEARCH_CARDS
    env["actions"] = [
        a("A", "first_player", first="A"),
        # turn 1, A
        a("A", "charge", card="RSS-002", to="command"),
        a("A", "proceed"),
        a("A", "use", card="RSX-001", hold="RSS-002"),
        a("A", "resolve", source="RSX-001", targets=[{"modes": [1]}, "RSS-001"]),
        *proceed("A", 2),
        # turn 2, B
        a("B", "charge", card="RSS-012", to="power"),
        *proceed("B", 3),
        # turn 3, A
        a("A", "charge", card="RSS-003", to="command"),
        a("A", "proceed"),
        a("A", "use", card="RSX-002", hold="RSS-002"),
        a("A", "resolve", source="RSX-002", use=True, targets=["RSS-001"]),
        a("A", "use", card="RSX-003", hold="RSS-003"),
        a("A", "resolve", source="RSX-003", targets=["RSS-001"]),
        a("A", "proceed"),
        a("A", "enter", card="RSS-001"),
        a("A", "strike", card="RSS-001", note="illegal: SP 1/2 first in the battle area is SP 0"),
        a("A", "proceed"),
        # turn 4, B
        a("B", "charge", card="RSS-013", to="power"),
        *proceed("B", 3),
        # turn 5, A
        a("A", "charge", card="RSS-004", to="command"),
        a("A", "proceed"),
        a("A", "use", card="RSX-001", hold="RSS-004"),
        a("A", "resolve", source="RSX-001", targets=[{"modes": [2]}, "RSS-005"]),
        a("A", "use", card="RSX-001", hold="RSS-002"),
        a("A", "resolve", source="RSX-001", note="the choice is not recorded"),
        *proceed("A", 2),
    ]
    return env


#: a made-up unit whose effect is activated in the rush phase, the unit discarded as the cost
ACTIVATED_CARDS = [
    {
        "code": "RSX-010",
        "name": "Whistle Hound",
        "type": "unit",
        "category": "blaze",
        "power": 0,
        "bp": 1000,
        "sp": 0,
        "size": "S",
        "text": "【呼び笛】自軍ラッシュフェイズ中、このユニットを捨札にして次の効果を発動できる⇒自軍山札を見て"
        "「Blaze Cadet Rin」のカードを1枚か、自軍捨札に「Ember Trooper Kai」と「Cinder Guard Hosu」が"
        "あれば「Inferno Captain Akane」のカードを1枚選び、自軍ラッシュエリアに出してもよい。その後、山札を"
        "シャッフルする。",
    },
]


def activated_effect() -> dict[str, Any]:
    """Observed mode, with a made-up unit the log carries, read from its printed text.  A rushes
    Whistle Hound (3) and activates its effect (4, RS-ACTIVATE): the Hound goes into the discard
    pile as the cost, not destroyed, and the effect waits; A takes Blaze Cadet Rin from its deck
    into its rush area, then the deck is shuffled (5, RS-SEARCH-EITHER-NAME: the other name,
    Inferno Captain Akane, only with both Ember Trooper Kai and Cinder Guard Hosu in the discard
    pile)."""
    env = observed(
        {"event": "judge training", "note": "an effect activated in the rush phase"},
        "1v1",
        {"A": deck(BT, "RSX-010"), "B": deck(TV)},
    )
    env["cards"] = ACTIVATED_CARDS
    env["actions"] = [
        a("A", "first_player", first="A"),
        # turn 1, A
        a("A", "charge", card="RSS-002", to="command"),
        a("A", "proceed"),
        a("A", "rush", card="RSX-010", hold="RSS-002"),
        a("A", "activate", card="RSX-010", ability=1),
        a("A", "resolve", source="RSX-010", use=True, targets=["RSS-001"]),
        *proceed("A", 2),
        # turn 2, B
        a("B", "charge", card="RSS-012", to="power"),
        *proceed("B", 3),
    ]
    return env


EXAMPLES = {
    "1v1-full-game": full_game,
    "1v1-deck-out": deck_out,
    "1v1-illegal-rush-and-battle": illegal_rush_and_battle,
    "1v1-paper-match": paper_match,
    "1v1-simultaneous-effects": simultaneous_effects,
    "1v1-searches-and-choices": searches_and_choices,
    "1v1-activated-effect": activated_effect,
    "tag-full-game": tag_full_game,
    "tag-team-layer": tag_team_layer,
    "tag-illegal-team-play": tag_illegal_team_play,
    "tag-missing-decisions": tag_missing_decisions,
}


def verdicts(doc: dict[str, Any]) -> dict[str, Any]:
    """What ``expected.json`` records of one example: the replay's verdicts (on_illegal skip)."""
    r = replay(doc)
    s = r["summary"]
    return {
        "illegal_steps": s["illegal_steps"],
        "unverifiable_steps": s["unverifiable_steps"],
        "result": s["result"],
        "fidelity": r["fidelity"]["status"],
        "actions": len(doc["actions"]),
    }


def dump(doc: dict[str, Any]) -> str:
    """The text of an example file."""
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    expected = {}
    for name, make in EXAMPLES.items():
        doc = make()
        (OUT / f"{name}.json").write_text(dump(doc))
        expected[name] = verdicts(doc)
        print(name, expected[name])
    (OUT / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
