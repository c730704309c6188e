"""A copy of an engine judges on as the engine itself would.

The probes of ``judge ask`` (:func:`judge.core.ask.engine_copy`), the recorder and Rangers
Strike's legal-action probes judge on a deep copy of an engine.  Before, each engine's
ordering policy for simultaneous effects asked a ``lambda`` over the original engine for the
turn player; ``deepcopy`` does not copy a function, so the copy went on asking the original:
once the copy's turn passed, its waiting effects were ordered by the original's turn player
(``examples/rangers-strike/1v1-simultaneous-effects.json`` judged on from a copy ended
``unverifiable`` where a replay says ``legal``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.core.ask import engine_copy
from judge.core.canonical import canonical_json
from judge.core.log import parse_log
from judge.core.replay import replay, run_step, start

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = [
    "rangers-strike/1v1-simultaneous-effects.json",
    "rangers-strike/tag-team-layer.json",
    "union-arena/simultaneous-battle-end.json",
    "union-arena/full-game.json",
    "zx/full-game-zx-a.json",
    "rebirth/full-game.json",
]


@pytest.mark.parametrize("path", EXAMPLES)
def test_a_copy_taken_at_every_tenth_step_judges_the_rest_as_the_replay_does(path: str) -> None:
    text = (ROOT / "examples" / path).read_text("utf-8")
    expected = replay(text)["steps"]
    log = parse_log(text)
    actions = log.document["actions"]
    engine = start(log)
    for index, action in enumerate(actions):
        if index % 10 == 0:
            # the original stays at this step; the copy judges every later action
            copy = engine_copy(engine)
            for later in range(index, len(actions)):
                got = run_step(copy, later, json.loads(json.dumps(actions[later])), "skip")
                want = expected[later]
                assert (got["verdict"], canonical_json(got.get("violations", []))) == (
                    want["verdict"],
                    canonical_json(want.get("violations", [])),
                ), (path, index, later)
        run_step(engine, index, json.loads(json.dumps(action)), "skip")


def test_a_copys_policy_asks_the_copys_turn_player() -> None:
    log = parse_log((ROOT / "examples/rangers-strike/1v1-simultaneous-effects.json").read_text())
    engine = start(log)
    copy = engine_copy(engine)
    turn_player = engine.state.turn_player or engine.state.order[0]
    other = next(p for p in engine.state.order if p != turn_player)
    copy.state.turn_player = other
    assert copy.pool.policy._turn_player() == other
    assert engine.pool.policy._turn_player() == turn_player


@pytest.mark.parametrize(
    "path", ["union-arena/full-game.json", "rangers-strike/tag-full-game.json"]
)
def test_an_outcomes_trial_copies_the_state_and_pool_but_not_the_engine_or_its_log(
    path: str,
) -> None:
    """``AgendaEngine.trial`` (an ``outcome`` carried out on a copy) copies the state and
    the pending effects; the engine, and with it the log, stays the one engine, whose state
    is the copy during the trial, so the copied pool's policy asks the trial's turn player.
    (Before, the policy took a copy of the engine, log and all, at every outcome: the cost
    of a trial grew with the log.)"""
    engine = start(parse_log((ROOT / "examples" / path).read_text("utf-8")))
    state, pool = engine.state, engine.pool
    other = next(p for p in engine.state.order if p != engine.pool.policy._turn_player())

    def run() -> tuple[object, object, bool, str]:
        asks = engine.pool.policy._turn_player
        engine.state.turn_player = other  # the trial's state, not the game's
        return asks.engine, engine.state, engine.pool is pool, asks()

    asked, trial_state, same_pool, turn_player = engine.trial(run)
    assert asked is engine
    assert trial_state is not state and not same_pool
    assert turn_player == other
    assert engine.state is state and engine.pool is pool
    assert engine.pool.policy._turn_player() != other  # the game's state is as it was
