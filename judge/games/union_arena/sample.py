"""Legal sample decks from the built-in ``ua-sample`` set, and a ready log envelope.

Used by self-play (property tests, benchmarks, generated examples).  A deck takes the cards of one
colour in rounds — one copy of each, in code order, then a second, up to 4 — keeping the
trigger limits (``UA-DECK-TRIGGERS``) and leaving out cards whose text the engine cannot
execute, until it has 50 cards; other colours top it up if needed.

>>> env = sample_envelope("s1")
>>> len(env["decks"]["A"]["main"]), env["decks"]["A"]["ap"]
(50, ['UAS-AP', 'UAS-AP', 'UAS-AP'])
"""

from __future__ import annotations

from typing import Any

from judge.core.cards import load_builtin_set
from judge.games.union_arena import effects

SET = "ua-sample"
LIMITED_TRIGGERS = ("special", "color", "final")


def sample_deck(colour: str) -> list[str]:
    """A legal 50-card deck of ``colour`` cards (topped up with other colours if short)."""
    cards = [
        c
        for c in load_builtin_set(SET)["cards"]
        if c["type"] != "ap" and all(effects.supported(e) for e in c.get("effects", []))
    ]
    ordered = [c for c in cards if c.get("color") == colour] + [
        c for c in cards if c.get("color") != colour
    ]
    deck: list[str] = []
    triggers = dict.fromkeys(LIMITED_TRIGGERS, 0)
    for _round in range(4):
        for c in ordered:
            if len(deck) == 50:
                return sorted(deck)
            t = c.get("trigger")
            if t in triggers:
                if triggers[t] == 4:
                    continue
                triggers[t] += 1
            deck.append(c["code"])
    return sorted(deck)


def sample_envelope(
    seed: str, mode: str = "seeded", colours: tuple[str, str] = ("red", "blue")
) -> dict[str, Any]:
    """A Union Arena log with no actions yet: players A and B, sample decks, ``seed``."""
    return {
        "format": "judge-action-log/1",
        "game": "union-arena",
        "variant": None,
        "rule_options": {},
        "match": {"event": "sample"},
        "players": [{"id": "A", "name": "Aki"}, {"id": "B", "name": "Ben"}],
        "card_sets": [SET],
        "decks": {
            "A": {"main": sample_deck(colours[0]), "ap": ["UAS-AP"] * 3},
            "B": {"main": sample_deck(colours[1]), "ap": ["UAS-AP"] * 3},
        },
        "hidden": {"mode": "seeded", "seed": seed} if mode == "seeded" else {"mode": "observed"},
        "actions": [],
    }
