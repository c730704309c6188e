"""The shortcuts the engines take for speed give what the long way gives.

- a keyframe's snapshot built on the step's view (``Engine.snapshot(view)``) is the snapshot
  built from scratch, and leaves the view as it was (the view is in the step); built transient
  (hashed and dropped) too, and it leaves the state's decks as they were;
- a game saved with :func:`judge.core.engine.freeze` comes back from
  :func:`~judge.core.engine.thaw` equal, independent, with the card definitions and
  instance tables shared, and the saved state keeps its own even when pickling fails;
- Rebirth's standing energy, read only as far as a payment needs, is the start of the whole
  list.

Byte-identity of whole replays is pinned elsewhere (tests/test_replay_corpus.py, the
examples' expected files); these pin the pieces, so a change that breaks one names it.
"""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path

import pytest

from judge.core.canonical import canonical_json
from judge.core.engine import SHARED_FIELDS, AgendaEngine, freeze, thaw
from judge.core.position import position_log
from judge.core.replay import position, replay
from judge.games.rebirth.state import PlayerState, Slot

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

#: one example log of each engine, mid-game or ended, with cards on the field
GAMES = [
    "union-arena/full-game.json",
    "rangers-strike/1v1-full-game.json",
    "rangers-strike/tag-full-game.json",
    "zx/full-game-zx-a.json",
    "zx/observed-reveals.json",
    "rebirth/full-game.json",
]


def _log(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text("utf-8"))


@pytest.mark.parametrize("name", GAMES)
def test_snapshot_on_the_steps_view_is_the_snapshot_and_leaves_the_view(name: str) -> None:
    log = _log(name)
    actions = log["actions"]
    for upto in sorted({len(actions) // 3, 2 * len(actions) // 3, len(actions)}):
        engine = position(dict(log, actions=actions[:upto], checkpoints=[]))
        view = engine.step_state()
        before = copy.deepcopy(view)
        on_view = engine.snapshot(view)
        assert canonical_json(on_view) == canonical_json(engine.snapshot())
        assert view == before, f"{name} after {upto} actions: snapshot(view) changed the view"
        assert on_view != view  # the snapshot adds the deck order and more
        decks = {pid: list(ps.deck) for pid, ps in engine.state.players.items()}
        transient = engine.snapshot(view, transient=True)
        assert canonical_json(transient) == canonical_json(on_view)
        assert view == before
        assert {pid: ps.deck for pid, ps in engine.state.players.items()} == decks


@pytest.mark.parametrize("name", GAMES)
def test_freeze_then_thaw_gives_an_equal_independent_state(name: str) -> None:
    engine = position(_log(name))
    st = engine.state
    before = canonical_json(engine.snapshot())
    blob = freeze(st, engine.pool.items, "extra")
    for field in SHARED_FIELDS:  # put back on the saved state
        assert getattr(st, field) is not None
    state, items, extra = thaw(blob, st)
    assert extra == "extra"
    assert state is not st
    for field in SHARED_FIELDS:  # shared, not copied
        assert getattr(state, field) is getattr(st, field)
    saved_state = engine.state
    engine.state = state
    try:
        assert canonical_json(engine.snapshot()) == before
        first = next(iter(state.players.values()))
        first.hand.append("X-999")  # a change to the thawed copy ...
    finally:
        engine.state = saved_state
    assert canonical_json(engine.snapshot()) == before  # ... is not one to the game
    again, *_ = thaw(blob, st)  # the bytes thaw as often as asked, the same each time
    engine.state = again
    try:
        assert canonical_json(engine.snapshot()) == before
    finally:
        engine.state = saved_state


def test_freeze_puts_the_shared_tables_back_when_pickling_fails() -> None:
    engine = position(_log("rangers-strike/1v1-full-game.json"))
    st = engine.state
    tables = [getattr(st, f) for f in SHARED_FIELDS]
    with pytest.raises((pickle.PicklingError, AttributeError, TypeError)):
        freeze(st, lambda: None)  # a lambda cannot be pickled
    assert [getattr(st, f) for f in SHARED_FIELDS] == tables
    assert all(getattr(st, f) is t for f, t in zip(SHARED_FIELDS, tables, strict=True))


@pytest.mark.parametrize(
    "rested",
    [
        [],
        [True, True, False, True, False, False],
        [False] * 5,
        [True] * 5,
        [True, False] * 10,
    ],
)
def test_standing_energy_up_to_a_limit_is_the_start_of_the_whole(rested: list[bool]) -> None:
    ps = PlayerState("A", energy=[Slot(f"A-{i}", r) for i, r in enumerate(rested, 1)])
    whole = ps.standing_energy()
    assert whole == [s for s in ps.energy if not s.rested]
    for limit in range(len(rested) + 2):
        assert ps.standing_energy(limit) == whole[:limit]


def test_R4U_STAND_energy_rested_by_payments_all_stands_each_turn() -> None:
    """The stand phase stands the energy cards rested since the last one (kept as they are
    rested, not found by reading the whole area): after every turn's start, the turn
    player has no rested energy, on a self-played game where payments rest energy."""
    from judge.core.selfplay import random_game
    from judge.games.rebirth.sample import sample_envelope

    doc = random_game(sample_envelope("stand-3"), "stand-3", max_actions=400)  # 13 turns
    steps = replay(doc, detail="full")["steps"]
    turns = rested_before = 0
    for before, step in zip(steps, steps[1:], strict=False):
        state = step["state"]
        tp = state["turn_player"]
        if tp is None:
            continue
        rested_before = max(rested_before, before["state"]["players"][tp]["energy_rested"])
        if state["turn"] != before["state"]["turn"] and state["phase"] != "over":
            turns += 1
            assert state["players"][tp]["energy_rested"] == 0, step["index"]
    assert turns > 10 and rested_before > 0  # turns began with energy rested before them


def test_R4U_STAND_a_position_with_rested_energy_stands_it_all() -> None:
    """A game from a position: the engine does not know which energy cards were rested by
    a payment, so the first stand phase reads the whole area."""
    doc = json.loads((EXAMPLES / "positions" / "rebirth-attack-guard.json").read_text("utf-8"))
    doc["start"].update(turn=5, phase="stand", turn_player="A", battle=None, damage=0)
    doc["start"]["players"]["A"]["energy"] = [
        {"card": None, "rested": True},
        {"card": None, "rested": False},
        {"card": None, "rested": True},
    ]
    doc["start"]["players"]["A"]["deck"] = {"count": 29}  # the third energy card came from it
    step = replay({**position_log(doc), "actions": [{"p": "A", "do": "proceed"}]})["steps"][0]
    assert step["verdict"] == "legal"
    assert step["state"]["players"]["A"]["energy_rested"] == 0
    assert "(2 cards stood)" in next(
        r["message"] for r in step["rulings"] if r["rule"] == "R4U-STAND"
    )


def test_rebirth_energy_kept_beside_the_area_matches_it() -> None:
    """The energy area's cards and rested count the views read (kept as the area changes)
    are what reading the whole area gives, all through a self-played game."""
    from judge.core.selfplay import random_game
    from judge.games.rebirth.sample import sample_envelope

    doc = random_game(sample_envelope("energy"), "energy", max_actions=300)
    checked = 0
    for k in range(0, len(doc["actions"]) + 1, 23):
        engine = position(dict(doc, actions=doc["actions"][:k]))
        for ps in engine.state.players.values():
            assert ps.energy_card_list() == [s.card for s in ps.energy]
            assert ps.energy_rested() == sum(1 for s in ps.energy if s.rested)
            checked += bool(ps.energy)
    assert checked > 5


@pytest.mark.parametrize("game", GAMES)
def test_a_name_kept_is_the_name_made_and_dealt_anew_is_made_again(game: str) -> None:
    """``AgendaEngine.name`` keeps each instance's text: asked twice it is the text made from
    the instance's code now, and after :meth:`~judge.core.engine.AgendaEngine.dealt` gives the
    instance another code (a player card made during the game), the new card's name."""
    # (every engine's name keeps the core's memo: Rebirth's writes out state.card, no more)
    eng = position(json.loads((EXAMPLES / game).read_text(encoding="utf-8")))
    st = eng.state
    assert eng.name(None) == "an unknown card"
    for iid in sorted(st.code_of):
        long_way = f"{iid} ({st.defs[st.code_of[iid]].name})"
        assert eng.name(iid) == long_way and eng.name(iid) == long_way
    iid = sorted(st.code_of)[0]
    other = next(code for code in sorted(st.defs) if st.defs[code].name != st.card(iid).name)
    eng.dealt(iid, other, st.owner_of[iid])
    assert st.code_of[iid] == other
    assert eng.name(iid) == f"{iid} ({st.defs[other].name})"


def _advance_by_name(self: AgendaEngine) -> None:
    """The agenda's runner the long way: each step's method found on the engine by its name
    at every step, ``when_idle`` asked at every empty agenda."""
    LONG_WAY.append(type(self))
    st, pool = self.state, self.pool
    for _ in range(10_000):
        if st.phase == "over":
            st.agenda.clear()
            pool.items.clear()
            return
        if pool.items:
            if self.auto_resolve():
                self.after_auto_resolve()
                continue
            return
        if not st.agenda:
            if self.when_idle():
                continue
            return
        op, args = st.agenda[0]
        if op in self.WAITS:
            return
        st.agenda.pop(0)
        getattr(self, "op_" + op)(**args)
    raise RuntimeError("agenda did not settle")


#: the engine classes whose runs went the long way (:func:`_advance_by_name`)
LONG_WAY: list[type] = []


@pytest.mark.parametrize("game", GAMES)
def test_the_agendas_runner_runs_what_the_long_way_runs(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = _log(game)
    fast = canonical_json(replay(copy.deepcopy(log), detail="full"))
    cls = type(position(dict(log, actions=[], checkpoints=[])))
    for klass in cls.__mro__:  # the game's own runner, if it has one, and the core's
        if "advance" in vars(klass):
            monkeypatch.setattr(klass, "advance", _advance_by_name)
    LONG_WAY.clear()
    slow = canonical_json(replay(copy.deepcopy(log), detail="full"))
    assert LONG_WAY and set(LONG_WAY) == {cls}
    assert slow == fast


def test_the_agendas_runner_asks_when_idle_only_of_an_engine_with_its_own() -> None:
    log = _log("union-arena/full-game.json")
    engine = position(dict(log, actions=log["actions"][:12], checkpoints=[]))
    assert type(engine).when_idle is AgendaEngine.when_idle
    asked = []

    class Idle(type(engine)):  # type: ignore[misc]
        def when_idle(self) -> bool:
            asked.append(self.state.phase)
            return False

    engine.__class__ = Idle
    engine.advance()
    assert asked and asked[0] != "over"  # asked at the empty agenda of a game going on
