"""Legal sample decks from the built-in ``rebirth-sample`` set, and a ready log envelope.

Used by self-play (the property test, examples).  A deck takes the characters of one attribute
and a few of the other, 4 copies each (cards with effects first, then code order) up to 42 (R4U-DECK-CHARACTERS), leaving out
cards whose text the engine cannot execute, then 8 Rebirth cards (R4U-DECK-REBIRTH), and the 3
partner cards (R4U-DECK-PARTNERS).

>>> env = sample_envelope("s1")
>>> [len(env["decks"][p]["main"]) for p in ("A", "B")], env["decks"]["A"]["partner"]
([50, 50], ['R4S-P01', 'R4S-P02', 'R4S-P03'])
"""

from __future__ import annotations

from typing import Any

from judge.core.cards import load_builtin_set
from judge.games.rebirth import effects

SET = "rebirth-sample"
ATTRIBUTES = {"A": "Idol", "B": "Knight"}


def _executable(c: dict[str, Any]) -> bool:
    return all(effects.supported(e) for e in c.get("effects") or [])


def sample_deck(attribute: str) -> tuple[list[str], list[str]]:
    """A legal deck: (main, partner)."""
    cards = [c for c in load_builtin_set(SET)["cards"] if _executable(c)]
    chars = [c for c in cards if c["type"] == "character"]
    # cards with effects first, so that self-play meets them (sparks with choices, costs)
    chars.sort(key=lambda c: not c.get("effects"))
    own = [c["code"] for c in chars if c.get("attribute") == attribute]
    other = [c["code"] for c in chars if c.get("attribute") != attribute]
    main = [code for code in [*own, *other] for _ in range(4)][:42]
    rebirths = [c["code"] for c in cards if c["type"] == "rebirth" and c.get("effects")]
    main += [code for code in rebirths for _ in range(2)][:8]  # 4 Rebirth cards with effects
    partner = sorted(c["code"] for c in cards if c["type"] == "partner")[:3]
    return main, partner


def sample_envelope(
    seed: str, mode: str = "seeded", options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A Rebirth for you log with no actions yet: players A and B with the sample decks."""
    decks = {}
    for p, attribute in ATTRIBUTES.items():
        main, partner = sample_deck(attribute)
        decks[p] = {"main": main, "partner": partner}
    return {
        "format": "judge-action-log/1",
        "game": "rebirth",
        "variant": None,
        "rule_options": dict(options or {}),
        "match": {"event": "sample"},
        "players": [{"id": "A"}, {"id": "B"}],
        "card_sets": [SET],
        "decks": decks,
        "hidden": {"mode": "seeded", "seed": seed} if mode == "seeded" else {"mode": "observed"},
        "actions": [],
    }
