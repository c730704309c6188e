"""Legal sample decks from the built-in ``rs-sample`` set, and ready log envelopes per variant.

Used by self-play (property tests, benchmarks, generated examples).  A deck takes the cards of
two categories in code order, 3 copies each (``RS-DECK-COPIES``), leaving out cards whose text
the engine cannot execute, and stops at 40 cards (``RS-DECK-SIZE``).  In tag battle the allies
share one category, so that they have commands to lend each other.

>>> env = sample_envelope("s1", variant="tag")
>>> [len(env["decks"][p]["main"]) for p in ("A1", "A2", "B1", "B2")], env["teams"][0]["players"]
([40, 40, 40, 40], ['A1', 'A2'])
"""

from __future__ import annotations

from typing import Any

from judge.core.cards import load_builtin_set
from judge.games.rangers_strike import effects

SET = "rs-sample"
DECK_SIZE = 40
COPIES = 3
#: The category pair of each player's sample deck.
PAIRS = {
    "1v1": {"A": ("blaze", "tide"), "B": ("volt", "shade")},
    "tag": {
        "A1": ("blaze", "tide"),
        "A2": ("tide", "volt"),
        "B1": ("volt", "shade"),
        "B2": ("shade", "blaze"),
    },
}
TEAMS = [{"id": "A", "players": ["A1", "A2"]}, {"id": "B", "players": ["B1", "B2"]}]


def _executable(card: dict[str, Any]) -> bool:
    found = list(card.get("effects") or [])
    found += list((card.get("combination") or {}).get("effects") or [])
    return all(effects.supported(e, "combination") for e in found)


def sample_deck(categories: tuple[str, str]) -> list[str]:
    """A legal 40-card deck of the two ``categories`` (3 copies of each card, code order)."""
    cards = [
        c["code"]
        for c in load_builtin_set(SET)["cards"]
        if c["category"] in categories and _executable(c)
    ]
    return [code for code in sorted(cards) for _ in range(COPIES)][:DECK_SIZE]


def sample_envelope(seed: str, variant: str = "1v1", mode: str = "seeded") -> dict[str, Any]:
    """A Rangers Strike log with no actions yet: sample decks, ``seed``, the variant's
    players (1v1: A and B; tag: A1, A2 in team A and B1, B2 in team B, leaders first)."""
    pairs = PAIRS[variant]
    doc: dict[str, Any] = {
        "format": "judge-action-log/1",
        "game": "rangers-strike",
        "variant": variant,
        "rule_options": {},
        "match": {"event": "sample"},
        "players": [{"id": p} for p in pairs],
        "card_sets": [SET],
        "decks": {p: {"main": sample_deck(pair)} for p, pair in pairs.items()},
        "hidden": {"mode": "seeded", "seed": seed} if mode == "seeded" else {"mode": "observed"},
        "actions": [],
    }
    if variant == "tag":
        doc["teams"] = [dict(t, players=list(t["players"])) for t in TEAMS]
    return doc
