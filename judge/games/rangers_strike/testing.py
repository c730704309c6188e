"""Building small Rangers Strike logs in tests and examples, both variants.

Cards are written inline with :func:`card`, so a test says exactly what it relies on ("a
blaze unit with power 2 and combination number 3").  Decks are the cards a test names (three
copies each, unless given), filled up to 40 with a vanilla filler unit, which the copy limit
does not allow: the builder turns the rule option ``deck_construction`` off (pass
``options={"deck_construction": True}`` to judge the decks).  Logs are in observed mode by
default: naming a card in a hand binds a copy from the deck, so a test needs no shuffle
arithmetic.  ``variant="tag"`` makes players ``A1``, ``A2`` (team ``A``, leader
``A1``) and ``B1``, ``B2`` (team ``B``, leader ``B1``).

>>> b = LogBuilder([card("T-001", bp=3000)]).setup(first="A")
>>> _ = b.charge("A", "T-000", to="command").proceed("A").rush("A", "T-001")
>>> r = b.replay()
>>> r["steps"][-1]["verdict"], r["steps"][-1]["events"][-1]["text"]
('legal', 'A rushes A-1 (T-001) (unit) to the rush area.')

A turn in which a player only passes is :meth:`LogBuilder.pass_turn` (proceed through
charge, rush and battle).  The readers (:func:`player_state`, :func:`verdict`, …) take the
replay and the index of a step; views of the state default to the last step.
"""

from __future__ import annotations

import copy
from typing import Any

from judge.core.testing import (
    BaseLogBuilder,
    event_texts,
    event_types,
    game_state,
    player_state,
    rules_applied,
    rules_broken,
    ruling_texts,
    verdict,
)

__all__ = [
    "BLASTER",
    "FILLER",
    "FILLER_CODE",
    "GUARDIAN",
    "PLAYERS",
    "SCOUT",
    "TEAMS",
    "LogBuilder",
    "a_tie_in_bs_turn",
    "area_ids",
    "card",
    "event_texts",
    "event_types",
    "game_state",
    "player_state",
    "printed",
    "rules_applied",
    "rules_broken",
    "ruling_texts",
    "verdict",
]

FILLER_CODE = "T-000"
PLAYERS = {"1v1": ("A", "B"), "tag": ("A1", "A2", "B1", "B2")}
TEAMS = {"tag": [{"id": "A", "players": ["A1", "A2"]}, {"id": "B", "players": ["B1", "B2"]}]}


def card(
    code: str,
    type: str = "unit",
    *,
    name: str | None = None,
    category: str = "blaze",
    power: int = 0,
    bp: int = 2000,
    sp: int = 1,
    combination: dict[str, Any] | None = None,
    condition: dict[str, Any] | None = None,
    operation: str | None = None,
    timing: str | None = None,
    carries: int | None = None,
    effects: list[dict[str, Any]] | None = None,
    tag: bool = False,
    size: str | None = None,
    ridden_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A Rangers Strike card definition with sensible defaults (a blaze unit, power 0,
    BP 2000, SP 1).  ``type="operation"`` needs ``operation`` (``normal`` by default);
    ``size``: a unit's printed size (``S``, ``M``, ``L``: RS-SELECT-SIZE); ``ridden_by``: the
    units a vehicle's text lets ride it (RS-RIDER).  A vehicle has no BP (RS-VEHICLE)."""
    d: dict[str, Any] = {
        "code": code,
        "name": name or code,
        "type": type,
        "category": category,
        "power": power,
        "effects": effects or [],
    }
    if type == "unit":
        d["bp"] = bp
        d["sp"] = sp
        if combination is not None:
            d["combination"] = combination
        if size is not None:
            d["size"] = size
    if type == "vehicle" and carries is not None:
        d["carries"] = carries
    if type == "vehicle" and ridden_by is not None:
        d["ridden_by"] = ridden_by
    if type == "operation":
        d["operation"] = operation or "normal"
        if d["operation"] == "counter":
            d["timing"] = timing or "attacked"
        if tag:
            d["tag"] = True
    if condition is not None:
        d["condition"] = condition
    return d


def printed(code: str, text: str, type: str = "unit", **kw: Any) -> dict[str, Any]:
    """A card (:func:`card`'s defaults and ``kw``) whose effects are read from its printed
    ``text`` (RS-TEXT-READ): it has no effects written by hand."""
    d = {**card(code, type, **kw), "text": text}
    del d["effects"]
    return d


FILLER = card(FILLER_CODE, name="Filler", bp=1000, sp=1)


class LogBuilder(BaseLogBuilder):
    """A Rangers Strike log under construction.  Every method returns the builder, for
    chaining (``act``, ``proceed``, ``last``, ``log`` and ``replay`` are
    :class:`BaseLogBuilder`'s)."""

    def __init__(
        self,
        cards: list[dict[str, Any]] | None = None,
        *,
        variant: str = "1v1",
        decks: dict[str, list[str]] | None = None,
        mode: str = "observed",
        seed: str = "test",
        options: dict[str, Any] | None = None,
    ) -> None:
        cards = list(cards or [])
        players = PLAYERS[variant]
        default = [c["code"] for c in cards for _ in range(3)]

        def fill(deck: list[str]) -> list[str]:
            return deck + [FILLER_CODE] * max(0, 40 - len(deck))

        decks = decks or {}
        self.variant = variant
        self.doc: dict[str, Any] = {
            "format": "judge-action-log/1",
            "game": "rangers-strike",
            "variant": variant,
            "rule_options": {"deck_construction": False, **(options or {})},
            "match": {"event": "test"},
            "players": [{"id": p} for p in players],
            "cards": [FILLER, *cards],
            "decks": {p: {"main": fill(decks.get(p, default))} for p in players},
            "hidden": {"mode": "seeded", "seed": seed}
            if mode == "seeded"
            else {"mode": "observed"},
            "actions": [],
        }
        if variant in TEAMS:
            self.doc["teams"] = copy.deepcopy(TEAMS[variant])

    def setup(self, first: str | None = None, by: str | None = None) -> LogBuilder:
        """Rock-paper-scissors won by ``by`` (default: ``first``); ``first`` goes first."""
        first = first or PLAYERS[self.variant][0]
        return self.act(by or first, "first_player", first=first)

    def pass_turn(self, p: str) -> LogBuilder:
        """Charge, rush and battle phase with nothing done."""
        return self.proceed(p, 3)

    def charge(self, p: str, card_ref: Any, to: str = "command") -> LogBuilder:
        return self.act(p, "charge", card=card_ref, to=to)

    def rush(self, p: str, card_ref: Any, **fields: Any) -> LogBuilder:
        return self.act(p, "rush", card=card_ref, **fields)

    def use(self, p: str, card_ref: Any, **fields: Any) -> LogBuilder:
        return self.act(p, "use", card=card_ref, **fields)

    def enter(self, p: str, card_ref: Any, **fields: Any) -> LogBuilder:
        """``ride``: the vehicle the unit rides as it enters (RS-RIDE)."""
        return self.act(p, "enter", card=card_ref, **fields)

    def ride_off(self, p: str, card_ref: Any) -> LogBuilder:
        return self.act(p, "ride_off", card=card_ref)

    def attack(self, p: str, card_ref: Any, target: Any) -> LogBuilder:
        return self.act(p, "attack", card=card_ref, target=target)

    def strike(self, p: str, card_ref: Any) -> LogBuilder:
        return self.act(p, "strike", card=card_ref)

    def take_damage(self, p: str, cards: list[Any]) -> LogBuilder:
        return self.act(p, "take_damage", cards=cards)

    def assign(self, p: str, to: str) -> LogBuilder:
        return self.act(p, "assign_damage", to=to)


# -- scenes -------------------------------------------------------------------------------------

#: A's unit: when destroyed, destroy an opposing rush-area unit with BP 2000 or less.
BLASTER = card(
    "T-001",
    name="Blaster",
    bp=2000,
    effects=[
        {
            "when": "on_destroyed",
            "do": [
                {
                    "op": "destroy",
                    "target": {"side": "opponent", "zone": "rush", "count": 1, "bp_max": 2000},
                }
            ],
        }
    ],
)
#: B's unit: when destroyed, one of its own rush-area units gets BP +2000 until the end of
#: the turn.
GUARDIAN = card(
    "T-002",
    name="Guardian",
    bp=2000,
    effects=[
        {
            "when": "on_destroyed",
            "do": [
                {
                    "op": "bp",
                    "amount": 2000,
                    "target": {"side": "own", "zone": "rush", "count": 1},
                    "until": "turn",
                }
            ],
        }
    ],
)
SCOUT = card("T-003", name="Scout", bp=2000)


def a_tie_in_bs_turn() -> LogBuilder:
    """The official card Q&A's case (entry RS-018, on RS-039): both players' effects trigger
    at exactly the same timing.  A's Blaster (A-1) waits in A's battle area; in B's turn 4
    B's Guardian (B-4) attacks it: BP 2000 = 2000, both are destroyed at once and both
    when-destroyed effects trigger, A's and B's.  B's Scout (B-7) is in B's rush area: the
    order decides whether it survives."""
    b = LogBuilder([BLASTER, GUARDIAN, SCOUT]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-001").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-003").proceed("B", 2)
    b.charge("A", "T-000").proceed("A", 2).enter("A", "A-1").proceed("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-002").proceed("B").enter("B", "B-4")
    return b.attack("B", "B-4", "A-1")


# -- reading a replay -------------------------------------------------------------------------
# The readers every game has are judge.core.testing's, re-exported here.


def area_ids(replay_doc: dict[str, Any], pid: str, area: str, index: int = -1) -> list[str]:
    """The cards (instance ids) in ``pid``'s ``area`` (``rush`` or ``battle``), in order."""
    return [u["id"] for u in player_state(replay_doc, pid, index)[area]]
