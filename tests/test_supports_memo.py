"""Whether the engine can carry out an effect (:meth:`judge.core.engine.AgendaEngine.supports`)
is worked out once per effect object in a process, for every game of the same card table:
which holds only because each vocabulary's ``supported`` is a function of the effect alone.
A copy of an effect is asked again; the memo is emptied when full; and replays of
self-played games are the same whether the answers were found or worked out."""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable
from typing import Any

import pytest

from judge.core import cards, engine
from judge.core.canonical import canonical_json
from judge.core.log import parse_log
from judge.core.replay import replay, start
from judge.core.selfplay import random_game
from judge.games.rangers_strike.sample import sample_envelope as rangers_strike
from judge.games.rebirth.sample import sample_envelope as rebirth
from judge.games.union_arena.sample import sample_envelope as union_arena
from judge.games.zx.sample import sample_envelope as zx

GAMES: dict[str, Callable[[str], dict[str, Any]]] = {
    "union-arena": union_arena,
    "rangers-strike": rangers_strike,
    "zx": zx,
    "rebirth": rebirth,
}


@pytest.fixture(autouse=True)
def nothing_known_yet() -> None:
    """Every test starts with no card table read and no answer kept in the process."""
    cards._TABLES.clear()
    engine.SUPPORTED.clear()


def games(name: str, n: int = 2) -> list[Any]:
    """``n`` games of the game's sample card table, each decoded anew (as a worker does)."""
    doc = random_game(GAMES[name]("supports-memo"), "supports-memo", max_actions=5)
    return [start(parse_log(doc)) for _ in range(n)]


def effects_of(eng: Any) -> list[dict[str, Any]]:
    return [e for d in eng.state.defs.values() for e in d.effects]


def counting(monkeypatch: pytest.MonkeyPatch, eng: Any) -> list[int]:
    """The ids of the effects the game's vocabulary is asked about from now on."""
    asked: list[int] = []
    vocabulary = eng.effects
    real = vocabulary.supported

    def supported(effect: dict[str, Any]) -> bool:
        asked.append(id(effect))
        return real(effect)

    monkeypatch.setattr(vocabulary, "supported", supported)
    return asked


@pytest.mark.parametrize("name", sorted(GAMES))
def test_supported_takes_the_effect_alone(name: str) -> None:
    """What makes the memo sound: a vocabulary's ``supported`` is given the effect and
    nothing of a game (any further parameter has a default, which ``supports`` leaves)."""
    (eng,) = games(name, 1)
    params = list(inspect.signature(eng.effects.supported).parameters.values())
    assert params[0].name == "effect"
    assert all(p.default is not inspect.Parameter.empty for p in params[1:]), params


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_effect_is_asked_about_once_for_the_games_of_one_card_table(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = games(name)
    effects = effects_of(first)
    assert effects and effects_of(second) == effects
    asked = counting(monkeypatch, first)
    answers = [first.supports(e) for e in effects]
    assert sorted(asked) == sorted(id(e) for e in effects)
    assert answers == [bool(first.effects.supported(e)) for e in effects]
    asked.clear()
    assert [second.supports(e) for e in effects] == answers
    assert asked == []  # the definitions' effects are the same objects: found


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_copy_of_an_effect_is_asked_about_again(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    (eng,) = games(name, 1)
    effect = effects_of(eng)[0]
    asked = counting(monkeypatch, eng)
    eng.supports(effect)
    twin = copy.deepcopy(effect)
    assert eng.supports(twin) == eng.supports(effect)
    assert asked == [id(effect), id(twin)]


def test_the_memo_is_emptied_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    (eng,) = games("rangers-strike", 1)
    monkeypatch.setattr(engine, "SUPPORTED_MAX", 3)
    made = [{"when": "enter", "do": [{"op": "draw", "n": i}]} for i in range(4)]
    for effect in made:
        eng.supports(effect)
    memo = engine.SUPPORTED[eng.effects]
    assert len(memo) == 1 and memo[id(made[3])][0] is made[3]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_replays_are_the_same_with_the_answers_found_or_worked_out(name: str) -> None:
    bodies = [
        canonical_json(random_game(GAMES[name](s), s, max_actions=200))
        for s in (f"supports-{name}-{i}" for i in range(3))
    ]
    found = [canonical_json(replay(b)) for b in bodies]  # the later games find the answers
    worked_out = []
    for body in bodies:
        engine.SUPPORTED.clear()
        worked_out.append(canonical_json(replay(body)))
    assert found == worked_out
