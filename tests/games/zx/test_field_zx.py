"""An attack's and an activation's card found among the player's Z/X on squares
(:func:`~judge.games.zx.refs.field_zx`, an instance id found at once by card) is the card
:func:`~judge.games.zx.refs.find` finds among the sorted list of that player's Z/X, at every
attack and activation of self-played games, and for references that name no such Z/X."""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games.zx import actions, refs
from judge.games.zx.engine import ZXEngine
from judge.games.zx.sample import sample_envelope


def _long_way(eng: ZXEngine, p: str, ref: Any) -> str | None:
    return refs.find(eng, ref, [z.card for _, z in eng.state.zx_of(p)])


def test_field_zx_is_find(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = refs.field_zx
    calls = {"n": 0}

    def checked(eng: ZXEngine, p: str, ref: Any) -> str | None:
        calls["n"] += 1
        st = eng.state
        others = [ref, "no-such-card", *st.on_field, *st.code_of]
        for who in st.order:
            for r in others:
                assert fast(eng, who, r) == _long_way(eng, who, r)
        return fast(eng, p, ref)

    monkeypatch.setattr(actions, "field_zx", checked)
    for i in range(2):
        seed = f"field-zx-{i}"
        replay(random_game(sample_envelope(seed), seed, max_actions=150))
    assert calls["n"] > 20
