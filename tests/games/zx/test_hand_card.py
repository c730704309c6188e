""":func:`judge.games.zx.observed.hand_card`'s shortcut (an instance id in the hand is the card)
gives what the core's look in the zone gives: at every call in self-played games, for the
reference the log names, ``ZONE_REFS.find_in_zone`` takes that same card, with nothing to
bind."""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games.zx import actions, observed
from judge.games.zx.sample import sample_envelope


def test_an_instance_in_the_hand_is_what_the_zone_look_takes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fast = observed.hand_card
    calls = {"all": 0, "short": 0}

    def checked(eng: Any, plan: Any, p: str, ref: Any, rule: str) -> str | None:
        calls["all"] += 1
        if isinstance(ref, str) and ref in eng.state.players[p].hand:
            calls["short"] += 1
            take, err = observed.ZONE_REFS.find_in_zone(eng.state, p, "hand", ref)
            assert err is None and take is not None
            assert take.iid == ref and not take.bind
        return fast(eng, plan, p, ref, rule)

    monkeypatch.setattr(observed, "hand_card", checked)
    monkeypatch.setattr(actions, "hand_card", checked)  # (the plays' checks read it there)
    for i in range(3):
        seed = f"hand-card-{i}"
        replay(random_game(sample_envelope(seed), seed, max_actions=150))
    assert calls["short"] > 20
