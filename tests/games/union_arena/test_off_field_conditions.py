"""A choice of a card off the field (the hand, the outside area) asking what the engine
checks only on the field is not executed as if it were checked (UA-EFFECT-UNSUPPORTED).

Off the field the engine checks a card's name, trait, colour and required energy
(``targets.card_mismatch``); a hand-written definition could ask there for a card type, a
BP limit, a rested card or "another card".  Before, such an effect was executed with that
condition silently unchecked: a log taking an event where the text asked for a character
was judged legal.  Now the effect is unsupported: its step is unverifiable, never legal.
"""

from __future__ import annotations

import pytest

from judge.games.union_arena import effects


def _take(target: dict) -> dict:
    return {"when": "on_play", "do": [{"op": "to_hand", "target": target}]}


@pytest.mark.parametrize(
    "condition",
    [{"type": "character"}, {"bp_max": 3000}, {"rested": True}, {"other": True}],
    ids=["type", "bp_max", "rested", "other"],
)
def test_UA_EFFECT_UNSUPPORTED_an_off_field_choice_asking_what_only_the_field_checks(
    condition: dict,
) -> None:
    target = {"side": "own", "zone": "outside", "count": 1, **condition}
    assert effects.supported(_take(target)) is False


def test_UA_EFFECT_UNSUPPORTED_an_off_field_choice_by_name_trait_or_colour_is_executed() -> None:
    for condition in ({"name": "Harbor Lookout"}, {"trait": "Crew"}, {"color": "red"}):
        target = {"side": "own", "zone": "outside", "count": 1, **condition}
        assert effects.supported(_take(target)) is True, condition
