"""What a Union Arena replay shows of the game after each step, and the full view that its
fingerprints hash (``step_state``, ``snapshot``): a mixin of
:class:`~judge.games.union_arena.engine.UnionArenaEngine`.

Every step of a replay carries a state, so this is the hot path of a replay: unit views are
memoised and shared between steps, and so is a player's part when nothing of it changed
(shared objects are read-only; the snapshot builds views of its own, since it adds to them).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import is_
from typing import Any

from judge.games.union_arena import entered, rested_by, this_turn
from judge.games.union_arena.cards import CardDef
from judge.games.union_arena.state import PlayerState, UAState, Unit, static_bp_ok

#: (a definition's id, what is asked of it) -> (the definition, the answer): see :func:`_asked`
_ASKED: dict[tuple[int, str], tuple[CardDef, bool]] = {}
_ASKED_MAX = 8192


def _asked(d: CardDef, what: str, test: Callable[[Any], bool]) -> bool:
    """``test(d.effects)``, asked once per definition object and question in this process.

    Why: each engine asks which of its cards read what it might add to its fingerprints (the
    ``_reads_…`` flags below), once per game, by walking every effect of every definition;
    that walk cost as much as a dozen actions.  A built-in set's definitions are the same
    shared, immutable CardDefs for every log (:func:`~judge.games.union_arena.cards.card_def`),
    so the answers are kept by the definition's identity (the definition is kept with its
    answer, so that its id is not reused while here).  Bounded: emptied when full."""
    key = (id(d), what)
    entry = _ASKED.get(key)
    if entry is None or entry[0] is not d:
        entry = (d, bool(test(d.effects)))
        if len(_ASKED) >= _ASKED_MAX:
            _ASKED.clear()
        _ASKED[key] = entry
    return entry[1]


#: a game's definitions (its codes, then its CardDefs' ids) -> (the CardDefs, what was asked
#: of them all): see :func:`_game_answers`
_GAMES: dict[tuple[Any, ...], tuple[tuple[CardDef, ...], dict[str, Any]]] = {}
_GAMES_MAX = 256


def _game_answers(defs: dict[str, CardDef]) -> dict[str, Any]:
    """What was asked of a game's definitions as a whole (the ``_reads_…`` flags, the codes
    with a continuous BP raise), shared by every game whose definitions are the same objects
    under the same codes, in the same order.

    Why: each answer walks every definition of the game (:func:`_asked` for each, about a
    hundred calls a game); games of a built-in set have the same shared CardDefs, and an answer
    reads nothing but them.  The CardDefs are kept with the answers, so that their ids are not
    reused while here, and checked to be the same objects.  Bounded: emptied when full."""
    values = tuple(defs.values())
    key = (*defs, *map(id, values))
    entry = _GAMES.get(key)
    if entry is None or not all(map(is_, entry[0], values)):
        entry = (values, {})
        if len(_GAMES) >= _GAMES_MAX:
            _GAMES.clear()
        _GAMES[key] = entry
    return entry[1]


def _static_bp(effects: Any) -> bool:
    """Whether a card has a continuous BP raise of its own (``_static_codes``)."""
    return any(
        e.get("when") == "continuous" and any(static_bp_ok(op) for op in e.get("do") or [])
        for e in effects
    )


def _mentions_used(effects: Any) -> bool:
    return this_turn.mentions_key(effects, "used")


def _mentions_attack_ap(effects: Any) -> bool:
    return this_turn.mentions_key(effects, "attack_ap_paid")


class UnionArenaViews:
    """``step_state``, ``snapshot`` and the unit views, for the engine."""

    state: UAState
    #: (serial, top card, rested, BP change, face-down cards) -> the unit's view, shared between steps
    _views: dict[tuple[int, str, bool, int, int], dict[str, Any]]
    #: player -> their part of the last step's state, shared with that step
    _last_players: dict[str, dict[str, Any]]
    #: :attr:`_answers`, once asked (None before)
    _game_answers: dict[str, Any] | None

    @property
    def _answers(self) -> dict[str, Any]:
        """What was asked of the game's definitions as a whole (:func:`_game_answers`),
        kept on the engine at the first ask.  (Not a ``functools.cached_property``: it
        stores its value in the object's ``__dict__``, which then keeps every attribute of
        the engine in a dict, slower to read, for the rest of the game:
        tests/test_attribute_layout.py.)"""
        found = self._game_answers
        if found is None:
            found = self._game_answers = _game_answers(self.state.defs)
        return found

    def _any_asked(self, what: str, test: Callable[[Any], bool]) -> bool:
        """Whether ``test`` holds for the effects of one of the game's definitions."""
        answers = self._game_answers  # (:attr:`_answers`, its test written out: a call saved)
        if answers is None:
            answers = self._answers
        found = answers.get(what)
        if found is None:
            found = answers[what] = any(_asked(d, what, test) for d in self.state.defs.values())
        return found

    @property
    def _static_codes(self) -> frozenset[str]:
        """Codes of the cards with a continuous BP raise of their own: only their units' views
        read it (the others need no card lookup on the hot path)."""
        answers = self._game_answers  # (:attr:`_answers`, its test written out)
        if answers is None:
            answers = self._answers
        found = answers.get("static_codes")
        if found is None:
            found = answers["static_codes"] = frozenset(
                code for code, d in self.state.defs.items() if _asked(d, "static", _static_bp)
            )
        return found

    def unit_views(self, units: list[Unit]) -> list[dict[str, Any]]:
        """Units as every step shows them.  Views are memoised by what they show (the unit's
        serial, top card, rested flag and what effects add to its BP: with the top card, the
        BP) and shared, read-only, between steps: a step's state costs little more than a few
        list copies (the hot path of a replay, so the card is looked up only for a new view)."""
        memo = self._views
        out: list[dict[str, Any]] = []
        append = out.append
        statics = self._static_codes
        code_of = self.state.code_of
        for unit in units:
            mods = unit.mods
            change = sum([m.bp for m in mods]) if mods else 0
            if code_of[unit.cards[-1]] in statics:  # continuous BP raises (UA-EFFECT-STATIC-BP)
                change += self.state.static_bp(unit)
            key = (unit.serial, unit.cards[-1], unit.rested, change, len(unit.face_down))
            view = memo.get(key)
            if view is None:
                view = memo[key] = self._unit_view(unit, key[3])
            append(view)
        return out

    def _unit_view(self, unit: Unit, bp_change: int) -> dict[str, Any]:
        top = unit.cards[-1]
        d = self.state.card(top)
        view: dict[str, Any] = {"id": top, "code": d.code, "name": d.name, "rested": unit.rested}
        if d.type == "character":
            view["bp"] = d.bp + bp_change
        if len(unit.cards) > 1:
            view["under"] = unit.cards[:-1]
        if unit.face_down:  # how many, never which: nobody sees them (UA-UNDER)
            view["face_down"] = len(unit.face_down)
        return view

    def step_state(self) -> dict[str, Any]:
        """The step's view.  A player's part is the previous step's (shared, read-only) when
        nothing of it changed, as for more than half of the players' views of a game: a
        step's state then costs a few comparisons instead of a dozen new lists and dicts."""
        st = self.state
        views = self.unit_views
        last = self._last_players
        players = {}
        for pid in st.order:
            ps = st.players[pid]
            front = views(ps.front_line) if ps.front_line else []
            energy = views(ps.energy_line) if ps.energy_line else []
            pv = last.get(pid)
            if (
                pv is None
                or pv["hand"] != ps.hand
                or pv["life"] != len(ps.life)
                or pv["deck"] != len(ps.deck)
                or pv["front_line"] != front
                or pv["energy_line"] != energy
                or pv["outside"] != ps.outside
                or pv["removal"] != ps.removal
                or pv["ap"]["total"] != len(ps.ap_cards)
                or pv["ap"]["active"] != ps.ap_rested.count(False)
            ):
                pv = last[pid] = {
                    "life": len(ps.life),
                    "hand": ps.hand[:],
                    "deck": len(ps.deck),
                    "ap": {"active": ps.ap_rested.count(False), "total": len(ps.ap_cards)},
                    "front_line": front,
                    "energy_line": energy,
                    "outside": ps.outside[:],
                    "removal": ps.removal[:],
                }
            players[pid] = pv
        return {
            "turn": st.turn,
            "turn_player": st.turn_player,
            "phase": st.phase,
            "players": players,
        }

    def snapshot(
        self, view: dict[str, Any] | None = None, *, transient: bool = False
    ) -> dict[str, Any]:
        """The full view (see AgendaEngine.snapshot), built on player views of its own or on
        copies of ``view``'s: it adds to them, and the steps' views are shared."""
        if view is not None:
            return super().snapshot(view, transient=transient)
        shared, self._last_players = self._last_players, {}
        try:
            return super().snapshot(transient=transient)
        finally:
            self._last_players = shared

    def snapshot_game(self, view: dict[str, Any]) -> None:
        """For ``snapshot()``: effects waiting for this turn's attack phase to start
        (UA-EFFECT-ATTACK-START), when there are any: part of the state a fingerprint must
        tell apart (left out when empty, so fingerprints of games without them are as
        before)."""
        delayed = self.state.delayed
        if delayed:
            view["delayed"] = [[player, source, index] for player, source, index, _ in delayed]
        if self.state.entered and self._reads_entry:  # how cards entered (entered.py)
            view["entered"] = {k: list(v) for k, v in sorted(self.state.entered.items())}

    @property
    def _reads_rested_by(self) -> bool:
        """Whether a card of the game reads the rests by one's own effect (:mod:`rested_by`)."""
        return self._any_asked("rested_by", rested_by.mentions)

    @property
    def _reads_entry(self) -> bool:
        """Whether a card of the game reads how a card entered the field (:mod:`entered`)."""
        return self._any_asked("entered", entered.mentions)

    @property
    def _reads_this_turn(self) -> bool:
        """Whether a card of the game reads what was done this turn (:mod:`this_turn`)."""
        return self._any_asked("this_turn", this_turn.mentions)

    @property
    def _reads_used(self) -> bool:
        """Whether a card of the game reads the cards used this turn (``used``)."""
        return self._any_asked("used", _mentions_used)

    @property
    def _reads_attack_ap(self) -> bool:
        """Whether a card of the game reads the AP paid in this turn's attack phase."""
        return self._any_asked("attack_ap_paid", _mentions_attack_ap)

    def snapshot_player(self, ps: PlayerState, pv: dict[str, Any]) -> None:
        """For ``snapshot()``: the life cards, AP cards and what effects did to units; the
        event cards used this turn when a card of the game reads them and there are any (a
        state no card reads differently is not told apart: fingerprints of games without
        such cards are as before)."""
        pv["life"] = list(ps.life)
        if ps.events_used and self._reads_this_turn:
            pv["events_used"] = ps.events_used
        if ps.retired and self._reads_this_turn:
            pv["retired"] = list(ps.retired)
        if ps.used and self._reads_used:  # only where a card reads it (fingerprints as before)
            pv["used"] = list(ps.used)
        if ps.attack_ap_paid and self._reads_attack_ap:
            pv["attack_ap_paid"] = ps.attack_ap_paid
        if ps.retired_by_char and self._reads_this_turn:  # retired_by.py
            pv["retired_by_char"] = ps.retired_by_char
        if ps.rested_by_own and self._reads_rested_by:  # rested_by.py
            pv["rested_by_own"] = [list(x) for x in ps.rested_by_own]
        if ps.char_ap_paid and self._reads_this_turn:
            pv["char_ap_paid"] = ps.char_ap_paid
        if ps.became_rested and self._reads_this_turn:
            pv["became_rested"] = [list(x) for x in sorted(ps.became_rested)]
        if ps.ap_less_next:  # pending "次に手札から使用する…" reductions (nextap.py)
            pv["ap_less_next"] = [dict(r) for r in ps.ap_less_next]
        if ps.names_used:  # once per turn by name (once_name.py): only once such an effect is used
            pv["names_used"] = sorted(ps.names_used)
        pv["ap"] = {  # the step's view is shared: a new dict
            **pv["ap"],
            "cards": [[c, r] for c, r in zip(ps.ap_cards, ps.ap_rested, strict=True)],
        }
        for line, units in (("front_line", ps.front_line), ("energy_line", ps.energy_line)):
            pv[line] = [dict(uv) for uv in pv[line]]  # the step views are shared: copy
            for uv, unit in zip(pv[line], units, strict=True):
                # (no comprehension run for a unit without mods: most)
                uv["mods"] = (
                    [
                        [m.bp, m.keyword, m.until, m.owner, *([m.energy] if m.energy else [])]
                        for m in unit.mods
                    ]
                    if unit.mods
                    else []
                )
                if unit.retire_at_main_end:
                    uv["retire_at_main_end"] = True
                if unit.retire_at_attack_end:  # given this turn (attack_end.py)
                    uv["retire_at_attack_end"] = True
                if unit.no_activate:  # it skips its next activation (left out when not)
                    uv["no_activate"] = unit.no_activate
                if unit.face_down:  # which cards: the judge's full view only (UA-UNDER)
                    uv["face_down"] = list(unit.face_down)
                uv["used"] = sorted(unit.used)
                uv["entered_turn"] = unit.entered_turn
