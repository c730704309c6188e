"""Building small Union Arena logs in tests and examples (like ``click.testing``).

Cards are written inline with :func:`card`, so a test says exactly what it relies on ("a
blue 1500 BP character with Step").  Decks are the cards a test names, filled up to 50
with a vanilla filler.  Logs are in observed mode by default: naming a card in the hand or
the life row binds a copy from the deck, so a test needs no shuffle arithmetic.

>>> b = LogBuilder([card("T-001", bp=3000)]).setup(first="A")
>>> _ = b.proceed("A").play("A", "T-001", to="front_line")
>>> r = b.replay()
>>> r["steps"][-1]["verdict"], r["steps"][-1]["events"][-1]["text"]
('legal', 'A plays A-1 (T-001) to the front line, rested.')
"""

from __future__ import annotations

import copy
from typing import Any

from judge.core.replay import replay

FILLER_CODE = "T-000"


def card(
    code: str,
    type: str = "character",
    *,
    name: str | None = None,
    color: str = "blue",
    energy: dict[str, int] | None = None,
    ap: int = 1,
    bp: int = 2000,
    generates: dict[str, int] | None = None,
    traits: list[str] | None = None,
    keywords: list[str] | None = None,
    trigger: str | None = None,
    raid: dict[str, Any] | None = None,
    effects: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A Union Arena card definition with sensible defaults (title ``TST``)."""
    d: dict[str, Any] = {
        "code": code,
        "name": name or code,
        "type": type,
        "title": "TST",
        "number": code,
        "color": color,
        "energy": energy or {},
        "ap": ap,
        "traits": traits or [],
        "keywords": keywords or [],
        "trigger": trigger,
        "raid": raid,
        "effects": effects or [],
    }
    if type == "character":
        d["bp"] = bp
    if type in ("character", "field"):
        d["generates"] = generates if generates is not None else {color: 1}
    if type == "ap":
        d = {
            "code": code,
            "name": name or "Action Point",
            "type": "ap",
            "title": "TST",
            "number": code,
        }
    return d


FILLER = card(FILLER_CODE, name="Filler", bp=1000)
AP = card("T-AP", "ap")


class LogBuilder:
    """A log under construction.  Every method returns the builder, for chaining."""

    def __init__(
        self,
        cards: list[dict[str, Any]] | None = None,
        *,
        deck_a: list[str] | None = None,
        deck_b: list[str] | None = None,
        mode: str = "observed",
        seed: str = "test",
        options: dict[str, Any] | None = None,
    ) -> None:
        cards = list(cards or [])
        codes = [c["code"] for c in cards if c["type"] != "ap"]
        default_deck = [code for code in codes for _ in range(4)]

        def fill(deck: list[str]) -> list[str]:
            return (deck + [FILLER_CODE] * 50)[:50]

        self.doc: dict[str, Any] = {
            "format": "judge-action-log/1",
            "game": "union-arena",
            "variant": None,
            "rule_options": dict(options or {}),
            "match": {"event": "test"},
            "players": [{"id": "A", "name": "Aki"}, {"id": "B", "name": "Ben"}],
            "cards": [FILLER, AP, *cards],
            "decks": {
                "A": {
                    "main": fill(deck_a if deck_a is not None else default_deck),
                    "ap": ["T-AP"] * 3,
                },
                "B": {
                    "main": fill(deck_b if deck_b is not None else default_deck),
                    "ap": ["T-AP"] * 3,
                },
            },
            "hidden": {"mode": "seeded", "seed": seed}
            if mode == "seeded"
            else {"mode": "observed"},
            "actions": [],
        }

    def act(self, p: str, do: str, **fields: Any) -> LogBuilder:
        self.doc["actions"].append({"p": p, "do": do, **fields})
        return self

    def setup(self, first: str = "A", by: str = "A") -> LogBuilder:
        """Rock-paper-scissors won by ``by``, ``first`` goes first, nobody mulligans."""
        second = "B" if first == "A" else "A"
        return (
            self.act(by, "first_player", first=first)
            .act(first, "mulligan", redraw=False)
            .act(second, "mulligan", redraw=False)
        )

    def proceed(self, p: str, times: int = 1) -> LogBuilder:
        for _ in range(times):
            self.act(p, "proceed")
        return self

    def pass_turn(self, p: str) -> LogBuilder:
        """Movement, main and attack phase with nothing done."""
        return self.proceed(p, 3)

    def play(self, p: str, card_ref: Any, **fields: Any) -> LogBuilder:
        return self.act(p, "play", card=card_ref, **fields)

    def attack(self, p: str, card_ref: Any, target: Any = "player") -> LogBuilder:
        return self.act(p, "attack", card=card_ref, target=target)

    def block(self, p: str, card_ref: Any = None) -> LogBuilder:
        return self.act(p, "block", card=card_ref)

    @property
    def last(self) -> int:
        """Index of the last action added."""
        return len(self.doc["actions"]) - 1

    def log(self) -> dict[str, Any]:
        return copy.deepcopy(self.doc)

    def replay(self, on_illegal: str = "skip", perspective: str = "judge") -> dict[str, Any]:
        return replay(self.log(), on_illegal=on_illegal, perspective=perspective)


def rules_broken(replay_doc: dict[str, Any], index: int) -> list[str]:
    """The rule ids of the violations at step ``index``."""
    return [v["rule"] for v in replay_doc["steps"][index]["violations"]]


def rules_applied(replay_doc: dict[str, Any], index: int) -> list[str]:
    """The rule ids of the rulings at step ``index``."""
    return [r["rule"] for r in replay_doc["steps"][index]["rulings"]]
