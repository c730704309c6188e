"""The Z/X engine's shortcuts for speed give what the long way gives: at every call of the
rule effects in self-played games (both battle damage options), the quick
look of :meth:`ZXEngine.rules` and the full pass (:meth:`ZXEngine.rules_in_full`), each on
its own copy of the game, return the same, leave the same state and pending effects, and
say the same events and rulings."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games.zx.engine import ZXEngine
from judge.games.zx.sample import sample_envelope


def _run(eng: ZXEngine, how: Any) -> tuple[Any, str]:
    """``how(eng)`` on a copy of ``eng``'s game (state, pool, step): what it returned and
    what it left, in canonical JSON; ``eng`` is left as it was."""
    st = eng.state
    memo: dict[int, Any] = {id(x): x for x in (st.defs, st.code_of, st.owner_of)}
    saved = eng.state, eng.pool, eng.ctx
    eng.state, eng.pool, eng.ctx = copy.deepcopy(saved, memo)
    try:
        out = how(eng)
        ctx = eng.ctx
        left = {
            "snapshot": eng.snapshot(),
            "events": ctx.events,
            "rulings": ctx.rulings,
            "unverifiable": ctx.unverifiable,
        }
        return out, canonical_json(left)
    finally:
        eng.state, eng.pool, eng.ctx = saved


@pytest.mark.parametrize("battle", ["one_way", "both_ways"])
def test_rules_look_is_the_full_pass(monkeypatch: pytest.MonkeyPatch, battle: str) -> None:
    fast, full = ZXEngine.rules, ZXEngine.rules_in_full
    calls = {"all": 0, "full": 0}

    def checked(self: ZXEngine) -> bool:
        calls["all"] += 1
        a = _run(self, fast)
        b = _run(self, full)
        assert a == b
        calls["full"] += b[1] != _run(self, lambda e: False)[1]
        return fast(self)

    monkeypatch.setattr(ZXEngine, "rules", checked)
    monkeypatch.setattr(ZXEngine, "when_idle", checked)
    for i in range(3):
        seed = f"fast-paths-{battle}-{i}"
        env = sample_envelope(seed)
        env["rule_options"] = {"battle_damage": battle}
        replay(random_game(env, seed, max_actions=150))
    assert calls["all"] > 100
    assert calls["full"] > 0  # (some calls did something: destroyed, reloaded, …)
