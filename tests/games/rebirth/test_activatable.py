"""Which cards an ``activate`` may name (R4U-ACTIVATE-TIMING, R4U-TEXT-FROM-WAITING-ROOM): the
entry, the member squares and the Rebirth area, and the waiting room's cards with an effect
used from there.  An ``activate`` naming its card's instance asks
:func:`~judge.games.rebirth.activate.is_activatable`, which finds the one card without
listing the waiting room; it must answer as the list
(:func:`~judge.games.rebirth.activate.activatable`) does."""

from __future__ import annotations

import pytest

from judge.core.log import parse_log
from judge.core.replay import run_step, start
from judge.core.selfplay import random_game
from judge.games.rebirth.activate import activatable, is_activatable
from judge.games.rebirth.sample import sample_envelope
from judge.games.rebirth.testing import FREE, LogBuilder, player_state, rules_broken, text_card
from judge.games.rebirth.testing import verdict as verdict_of

FROM_WAITING_ROOM = "【起】【控え室】:[エネ1]あなたはこのキャラをエントリーに置く。"


def waiting_room_scene(text: str) -> LogBuilder:
    """B's starting entry ``B-1`` (``T-WRM``, printing ``text``) replaced into the waiting room."""
    b = LogBuilder([text_card("T-WRM", text)]).setup(first="A", entries={"B": "T-WRM"})
    b.proceed("A", 2)
    b.proceed("B")
    return b.act("B", "play", card="T-000", to="entry", pay=FREE)


def test_a_card_named_by_its_instance_is_activated_from_the_waiting_room() -> None:
    """R4U-TEXT-FROM-WAITING-ROOM: 【起】【控え室】 is used from the waiting room."""
    b = waiting_room_scene(FROM_WAITING_ROOM)
    b.act("B", "activate", card="B-1", pay={"energy": 0, "partner": 1})
    r = b.replay()
    assert verdict_of(r, b.last) == "legal", r["steps"][b.last]["violations"]
    assert player_state(r, "B")["entry"]["id"] == "B-1"


def test_a_card_of_the_waiting_room_with_no_such_effect_cannot_be_named() -> None:
    """R4U-CARD-IN-ZONE: a waiting room card whose effect is used from the field is not on it."""
    b = waiting_room_scene("【起】【メンバー】:[エネ1]あなたはカードを1枚引く。")
    b.act("B", "activate", card="B-1", pay={"energy": 0, "partner": 1})
    assert "R4U-CARD-IN-ZONE" in rules_broken(b.replay(), b.last)


@pytest.mark.parametrize("seed", ["activatable-0", "activatable-1", "activatable-2"])
def test_is_activatable_answers_as_the_list_at_every_step(seed: str) -> None:
    doc = random_game(sample_envelope(seed), seed, max_actions=300)
    eng = start(parse_log(doc))
    for index, action in enumerate(doc["actions"]):
        run_step(eng, index, action, "skip")
        for pid in eng.state.order:
            listed = set(activatable(eng, pid))
            for iid in eng.state.code_of:
                assert is_activatable(eng, pid, iid) is (iid in listed), (index, pid, iid)
