"""Legal sample decks from the built-in ``zx-sample`` set, and ready log envelopes.

Used by self-play (property tests, examples).  ``ember`` (red) and ``tide`` (blue): each 50
cards with exactly 20 IG cards (ZX-DECK-IG), at most 4 per name, 4 Life Recovery and 4 Void
Bringer; a dynamis of Z/X EX (with a descent or an awaken condition) and, for ember, the
event EX that Breaks (ZX-BREAK, ZX-EX-PLAY).

>>> env = sample_envelope("s1")
>>> [len(env["decks"][p]["main"]) for p in ("A", "B")]
[50, 50]
"""

from __future__ import annotations

from typing import Any

SET = "zx-sample"
IG = {"ember": ["002", "003", "004", "005", "006"], "tide": ["020", "021", "022", "023", "024"]}
REST = {
    "ember": {
        "001": 2,
        "007": 2,
        "008": 3,
        "009": 2,
        "010": 3,
        "011": 2,
        "012": 2,
        "013": 2,
        "014": 1,
        "015": 1,
        "016": 2,
        "017": 4,
        "035": 1,
        "018": 2,
        "033": 1,
    },
    "tide": {
        "019": 2,
        "025": 4,
        "026": 4,
        "027": 3,
        "028": 4,
        "029": 4,
        "030": 4,
        "031": 4,
        "032": 1,
    },
}
DYNAMIS = {
    "ember": ["ZXS-E01", "ZXS-E01", "ZXS-E03", "ZXS-E03", "ZXS-E04", "ZXS-S01"],
    "tide": ["ZXS-E02", "ZXS-E02", "ZXS-E05", "ZXS-E05"],
}


def sample_deck(kind: str) -> dict[str, list[str]]:
    """The ``kind`` deck (``ember`` or ``tide``): ``main`` and ``dynamis``."""
    main = [f"ZXS-{n}" for n in IG[kind] for _ in range(4)]
    main += [f"ZXS-{n}" for n, k in REST[kind].items() for _ in range(k)]
    return {"main": main, "dynamis": list(DYNAMIS[kind])}


def sample_envelope(seed: str, decks: tuple[str, str] = ("ember", "tide")) -> dict[str, Any]:
    """A Z/X log with no actions yet: players A and B with the sample decks, seeded."""
    return {
        "format": "judge-action-log/1",
        "game": "zx",
        "variant": None,
        "rule_options": {},
        "match": {"event": "sample"},
        "players": [{"id": "A"}, {"id": "B"}],
        "card_sets": [SET],
        "decks": {"A": sample_deck(decks[0]), "B": sample_deck(decks[1])},
        "hidden": {"mode": "seeded", "seed": seed},
        "actions": [],
    }
