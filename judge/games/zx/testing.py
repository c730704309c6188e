"""Building small Z/X logs for tests and examples, with the deck order chosen.

The engine judges seeded logs; :class:`LogBuilder` takes each player's deck *as it should be
after the opening shuffle* (top first: 4 hand cards, 4 life cards, 2 resources, then the
draws) and writes the deck list that the documented shuffle (stream ``"<player>/shuffle/1"``
of the seed) turns into that order.  Decks are padded with a vanilla filler
(``T-000``, a 1000-power Z/X) and ``deck_construction`` is off.  ``iid(p, k)`` is the
instance id of the k-th card (from 0) of that order.

>>> b = LogBuilder([card("T-001", power=5000)], a=["T-001"]).start()
>>> b.replay()["steps"][-1]["verdict"]
'legal'
"""

from __future__ import annotations

import copy
from typing import Any

from judge.core.rng import SplitMix64
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
    "FILLER",
    "LogBuilder",
    "card",
    "event_texts",
    "event_types",
    "game_state",
    "player_state",
    "rules_applied",
    "rules_broken",
    "ruling_texts",
    "verdict",
]

SEED = "zx-test"
DECK = 30


def card(code: str, type: str = "zx", **fields: Any) -> dict[str, Any]:
    """A card definition: a red Z/X of cost 0 and power 1000 unless told otherwise."""
    d: dict[str, Any] = {
        "code": code,
        "name": fields.pop("name", code),
        "type": type,
        "color": "red",
        "cost": 0,
    }
    if type != "event":
        d["power"] = 1000
    d.update(fields)
    return d


FILLER = card("T-000", power=1000)


class LogBuilder(BaseLogBuilder):
    def __init__(
        self,
        cards: list[dict[str, Any]],
        a: list[str] | None = None,
        b: list[str] | None = None,
        setup: dict[str, dict[str, str]] | None = None,
        options: dict[str, Any] | None = None,
        dynamis: dict[str, list[str]] | None = None,
        size: int = DECK,
    ) -> None:
        self.setup = setup or {}
        self.order: dict[str, list[str]] = {}
        decks: dict[str, Any] = {}
        self.perm: dict[str, list[int]] = {}
        for pid, want in (("A", a or []), ("B", b or [])):
            extra = [code for code in self.setup.get(pid, {}).values()]
            top = list(want) + ["T-000"] * (size - len(want) - len(extra))
            perm = list(range(len(top)))
            SplitMix64.from_seed(SEED, f"{pid}/shuffle/1").shuffle(perm)
            listed: list[str] = [""] * len(top)
            for i, src in enumerate(perm):
                listed[src] = top[i]
            self.perm[pid] = perm
            self.order[pid] = top
            decks[pid] = {"main": listed + extra, "dynamis": list((dynamis or {}).get(pid, []))}
        self.doc = {
            "format": "judge-action-log/1",
            "game": "zx",
            "variant": None,
            "rule_options": {"deck_construction": False, **(options or {})},
            "players": [{"id": "A"}, {"id": "B"}],
            "cards": [FILLER, *cards],
            "decks": decks,
            "hidden": {"mode": "seeded", "seed": SEED},
            "actions": [],
        }

    def iid(self, pid: str, k: int) -> str:
        """The instance id of the k-th card (from 0) of ``pid``'s deck after the shuffle."""
        return f"{pid}-{self.perm[pid][k] + 1}"

    def setup_iid(self, pid: str, field: str) -> str:
        n = len(self.order[pid]) + list(self.setup[pid]).index(field) + 1
        return f"{pid}-{n}"

    def start(self, first: str = "A") -> LogBuilder:
        """Rock-paper-scissors, the setup choices given, both keep their hands."""
        second = "B" if first == "A" else "A"
        self.act("A", "first_player", first=first)
        for pid in (first, second):
            chosen = {f: self.setup_iid(pid, f) for f in self.setup.get(pid, {})}
            self.act(pid, "setup", **chosen)
        return self.act(first, "mulligan", redraw=False).act(second, "mulligan", redraw=False)

    def to_main(self, pid: str) -> LogBuilder:
        """Pass the resource and ignition phases."""
        return self.proceed(pid, 2)

    def pass_turn(self, pid: str) -> LogBuilder:
        return self.proceed(pid, 3)

    def copy(self) -> LogBuilder:
        return copy.deepcopy(self)
