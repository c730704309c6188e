"""Building small Rebirth for you logs in tests and examples.

Cards are written inline with :func:`card`, so a test says exactly what it relies on.  Decks
are the cards a test names (4 copies each) filled up to 50 with a filler character
(``T-000``: level 0, ATK 1, DEF 3) and 3 copies of a partner card (``T-P01``); the builder turns
the rule option ``deck_construction`` off unless told otherwise.  Logs are in observed mode by
default: naming a card in a hand binds a copy from the deck, and every entry-in waits for a
``reveal`` of its card, so a test decides what comes into the entry.

>>> b = LogBuilder([card("T-001", level=1, atk=3, def_=5)]).setup(first="A")
>>> r = b.replay()
>>> r["steps"][-1]["verdict"], game_state(r)["turn_player"], game_state(r)["phase"]
('legal', 'A', 'energy')
"""

from __future__ import annotations

from typing import Any, Self

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
    "ATTACKER",
    "BIG",
    "BLOCKER",
    "CANCEL",
    "FILLER_CODE",
    "NO_CANCEL",
    "REBIRTH",
    "to_b_battle",
    "PARTNER_CODE",
    "LogBuilder",
    "card",
    "text_card",
    "spark_scene",
    "attack_damage",
    "FREE",
    "event_texts",
    "event_types",
    "game_state",
    "player_state",
    "rules_applied",
    "rules_broken",
    "ruling_texts",
    "verdict",
]

FILLER_CODE = "T-000"
PARTNER_CODE = "T-P01"


def card(
    code: str,
    type: str = "character",
    *,
    name: str | None = None,
    level: int = 0,
    atk: int = 1,
    def_: int = 3,
    attribute: str | None = "Tester",
    keywords: list[str] | None = None,
    effects: list[dict[str, Any]] | None = None,
    frame: str | None = None,
) -> dict[str, Any]:
    """A card definition with test defaults (a level 0 character, ATK 1, DEF 3)."""
    d: dict[str, Any] = {"code": code, "name": name or code, "type": type}
    if type == "character":
        d.update(level=level, atk=atk, attribute=attribute)
        d["def"] = def_
    if keywords:
        d["keywords"] = list(keywords)
    if effects:
        d["effects"] = list(effects)
    if frame:
        d["frame"] = frame
    return d


FILLER = card(FILLER_CODE, name="Filler")
PARTNER = card(PARTNER_CODE, "partner", name="Test Partner")


class LogBuilder(BaseLogBuilder):
    """A Rebirth for you log under construction (players ``A`` and ``B``)."""

    def __init__(
        self,
        cards: list[dict[str, Any]] | None = None,
        decks: dict[str, dict[str, list[str]]] | None = None,
        options: dict[str, Any] | None = None,
        mode: str = "observed",
        seed: str = "t",
    ) -> None:
        cards = list(cards or [])
        all_cards = [FILLER, PARTNER, *cards]
        named = [c["code"] for c in cards if c["type"] != "partner"]
        main = [code for code in named for _ in range(4)]
        main += [FILLER_CODE] * max(0, 50 - len(main))
        default = {"main": main, "partner": [PARTNER_CODE] * 3}
        opts = {"deck_construction": False, **(options or {})}
        self.doc: dict[str, Any] = {
            "format": "judge-action-log/1",
            "game": "rebirth",
            "variant": None,
            "rule_options": opts,
            "match": {"event": "test"},
            "players": [{"id": "A"}, {"id": "B"}],
            "cards": all_cards,
            "decks": decks or {"A": dict(default), "B": dict(default)},
            "hidden": {"mode": "seeded", "seed": seed} if mode == "seeded" else {"mode": mode},
            "actions": [],
        }

    def setup(
        self,
        first: str = "A",
        entries: dict[str, str] | None = None,
        preset: str = PARTNER_CODE,
    ) -> Self:
        """Both entries (filler unless given), the first player, the second's preset."""
        entries = entries or {}
        for p in ("A", "B"):
            self.act(p, "entry_select", card=entries.get(p, FILLER_CODE))
        self.act(first, "first_player", first=first)
        second = "B" if first == "A" else "A"
        return self.act(second, "preset", card=preset)

    def pass_turn(self, p: str, battle: bool = True) -> Self:
        """Proceed through energy, main (and battle) phases."""
        return self.proceed(p, 3 if battle else 2)


# -- a scene many tests start from ------------------------------------------------------------

ATTACKER = card("T-ATK", name="Striker", level=1, atk=3, def_=5)
BLOCKER = card("T-BLK", name="Wall", level=1, atk=1, def_=2, keywords=["blocker"])
CANCEL = card("T-CAN", name="Veto", level=1, atk=1, def_=2, keywords=["cancel"])
#: the rule options of a test about what a spark does, not about whether it is stopped: no
#: cancel window after each spark (R4U-CANCEL's default "spark" asks the other player first)
NO_CANCEL = {"cancel_timing": "none"}
BIG = card("T-BIG", name="Giant", level=3, atk=5, def_=9)
REBIRTH = card("T-RB", "rebirth", name="Second Wind")


def to_b_battle(
    cards: list[dict[str, Any]] | None = None,
    options: dict[str, Any] | None = None,
    entry: str = "T-ATK",
) -> LogBuilder:
    """A passes turn 1; in turn 2 B moves its filler entry to member square 1, the entry-in
    reveals ``entry``, and B is in its battle phase (A's entry: a filler, DEF 3)."""
    b = LogBuilder([ATTACKER, BLOCKER, CANCEL, BIG, REBIRTH, *(cards or [])], options=options)
    b.setup(first="A")
    b.proceed("A", 2)
    b.proceed("B")
    b.act("B", "move", square=1, pay={"energy": 0, "partner": 0})
    b.act("B", "reveal", card=entry)
    return b.proceed("B")


# -- cards read from printed text (tests of the reader, R4U-TEXT-…) ----------------------------

#: an energy cost paid with nothing (a level 0 card)
FREE = {"energy": 0, "partner": 0}


def text_card(code: str, text: str, **stats: Any) -> dict[str, Any]:
    """A made-up level 0 character (ATK 1, DEF 3 unless given) defined by its printed
    ``text`` only: the reader reads it when the log is loaded (R4U-TEXT-READ)."""
    d = card(code, level=0, **stats)
    d["text"] = text
    return d


def spark_scene(text: str, code: str = "T-CNT") -> LogBuilder:
    """B's entry-in in turn 2 reveals ``code`` (ATK 1, DEF 3, read from ``text``) after B moved
    its filler entry to member square 1; A uses no cancel against a spark."""
    b = LogBuilder([text_card(code, text)]).setup(first="A")
    b.proceed("A", 2)
    b.proceed("B")
    b.act("B", "move", square=1, pay=FREE)
    b.act("B", "reveal", card=code)
    return b.act("A", "guard", card=None)


def attack_damage(b: LogBuilder) -> int:
    """The defender uses no guard against the attack just declared; the damage it dealt."""
    b.act("A", "guard", card=None)
    r = b.replay()
    step = r["steps"][b.last]
    assert verdict(r, b.last) == "legal", step["violations"]
    return next(int(e["damage"]) for e in step["events"] if e["type"] == "attack_result")
