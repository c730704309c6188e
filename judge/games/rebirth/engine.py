"""The Rebirth for you engine.

Everything automatic (the deal, stand phase, entry-ins and their sparks, deck refreshes,
attack results, the end phase) is done here and recorded as events; the log holds only
decisions.  The flow is an *agenda* (:class:`~judge.core.engine.AgendaEngine`): procedure steps
run until one waits for a decision (``wait_…``).  Action handlers are in
:mod:`judge.games.rebirth.actions`.

Conventions (``docs/rebirth.md``): seeded mode shuffles each player's deck with stream
``"<player>/shuffle/<n>"`` of the seed (n = 1 for the opening shuffle, then one per refresh);
turn numbers count each player's turns (turn 1 is the first player's first turn).

Written out on the paths taken every few actions, here and in the handlers (a call less each,
about 1,400 instructions an event, 400 a ruling or a name): :meth:`AgendaEngine.event` (the
dict it appends to the step's events: the fields, then ``type`` and ``text``),
``StepContext.ruling`` (``{"rule": …, "message": …}``), :meth:`AgendaEngine.name` (the kept
text, ``_names``, read first) and :meth:`AgendaEngine.push` (the steps put at the agenda's
front, in order): the same dicts, in the same order.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, ClassVar

from judge.core.cards import read_all_once
from judge.core.engine import AgendaEngine, deal_instances
from judge.core.log import ActionLog
from judge.core.rules import Catalogue
from judge.core.timing import PendingEffect
from judge.core.wording import plural
from judge.games.rebirth import actions, battle, effects, resolve, stats
from judge.games.rebirth.actions import PHASE_DECISIONS, PLAYER_WAITS
from judge.games.rebirth.cards import CardDef
from judge.games.rebirth.during import extra_sparks, inactive
from judge.games.rebirth.state import PlayerState, R4UState
from judge.games.rebirth.turns import TurnSteps

WAITS = {
    "wait_setup_entry": "entry_select",
    "wait_first_player": "first_player",
    "wait_preset": "preset",
    "wait_guard": "guard",
    "wait_cancel": "guard",
    "wait_reveal": "reveal",
}


def _entries(key: tuple[tuple[str | None, tuple[str, ...]], ...]) -> list[dict[str, Any]]:
    """:meth:`RebirthEngine.pending`'s entries for the decisions ``key`` lists."""
    return [
        {
            "player": who,
            "kind": "|".join(kinds),
            "text": f"{who or 'either player'}: {', '.join(kinds)}",
        }
        for who, kinds in key
    ]


class RebirthEngine(TurnSteps, AgendaEngine):
    """One Rebirth for you game in progress (the turn's steps: :mod:`judge.games.rebirth.turns`)."""

    game: ClassVar[str] = "rebirth"
    catalogue: ClassVar[Catalogue] = Catalogue.from_package("judge.games.rebirth")
    #: the hand, and the face-down energy (its owner knows it; the opponent sees a count)
    private_zones: ClassVar[tuple[str, ...]] = ("hand", "energy")
    secret_zones: ClassVar[tuple[str, ...]] = ("deck",)
    handlers: ClassVar[ModuleType] = actions
    effects: ClassVar[ModuleType] = effects
    WAITS: ClassVar[dict[str, str]] = WAITS

    state: R4UState

    def __init__(self, log: ActionLog, options: dict[str, Any]) -> None:
        super().__init__(log, options)
        # made here, not on first use by ``self.__dict__.setdefault``: reading an object's
        # ``__dict__`` makes CPython keep its attributes in a dict from then on, which slows
        # every attribute read of the engine for the rest of the game
        #: pending()'s entries by the decisions they list
        self._pending_memo: dict[Any, list[dict[str, Any]]] = {}
        #: PHASE_DECISIONS as the options make it: the turn player's decisions in each of its
        #: phases with nothing on the agenda and no effect waiting, but for main_battle's
        #: battle phase (decisions()' own answer there): check()'s and pending()'s first
        #: test in one look-up (the options never change during a game)
        self._turn_kinds: dict[str, tuple[str, ...]] = {
            phase: kinds
            for phase, kinds in PHASE_DECISIONS.items()
            if phase != "battle" or options.get("activate_timing") != "main_battle"
        }
        #: the rule options performance_from "field" and stat_floor "none", read at every
        #: ATK/DEF (stats.atk_def)
        self._from_field = options.get("performance_from") == "field"
        self._no_floor = options.get("stat_floor") == "none"
        #: activate.used_from_waiting_room's answers by card code
        self._from_waiting_room: dict[str, bool] = {}
        defs = read_all_once(CardDef.from_dict, log.cards)
        code_of, owner_of, lists = deal_instances(log, {"main": "", "partner": "PT"})
        players = {
            pid: PlayerState(pid, deck=list(lists[pid]["main"]), partner_hand=lists[pid]["partner"])
            for pid in log.player_ids
        }
        self.state = R4UState(defs, code_of, owner_of, players, list(log.player_ids))
        if log.start is not None:  # a game from a position (docs/positions.md)
            from judge.games.rebirth.position import place

            place(self, log.start, log.layout)
            return
        self.state.agenda.append(("wait_setup_entry", {}))

    # == the runner's interface ================================================================

    #: AgendaEngine's fill_missing, check and apply written out, each with the handler it
    #: calls (one call an action less each): the handlers' own, given the step's context
    fill_missing = actions.fill_missing
    check = actions.check
    apply = actions.apply

    def deck_problems(self) -> list[tuple[str, Any]]:
        """The partner list is the second list of a Rebirth deck (``decks.check_deck``)."""
        from judge.core.decks import judged_deck
        from judge.games.rebirth.decks import check_deck

        out = []
        for pid in self.log.player_ids:
            deck = self.log.decks.get(pid) or {}
            for problem in judged_deck(
                check_deck,
                list(deck.get("main", [])),
                list(deck.get("partner", [])),
                self.log.cards,
                str(self.options.get("same_card", "name")),
                str(self.options.get("frame_check", "text")),
                defs=self.state.defs,
            ):
                out.append((pid, problem))
        return out

    def legal_actions(self) -> list[dict[str, Any]]:
        from judge.games.rebirth.legal import legal_actions

        return legal_actions(self)

    def decisions(self) -> list[tuple[str | None, tuple[str, ...]]]:
        """Who may decide now, and which kinds (``None``: any listed player)."""
        st = self.state
        if st.phase == "over":
            return []
        if self.pool.items:
            return [(self.pool.chooser(), ("resolve",))]
        if st.agenda:
            op, args = st.agenda[0]
            if op == "wait_setup_entry":
                return [(p, ("entry_select",)) for p in st.order if not st.players[p].chose_entry]
            if op == "wait_first_player":
                return [(None, ("first_player",))]
            if op in PLAYER_WAITS:
                return [(args["player"], (WAITS[op],))]
            return []
        if st.phase == "battle" and self.options.get("activate_timing") == "main_battle":
            return [(st.turn_player, ("attack", "activate", "proceed"))]
        if st.phase in PHASE_DECISIONS:
            return [(st.turn_player, PHASE_DECISIONS[st.phase])]
        return []

    def pending(self) -> list[dict[str, Any]]:
        if self.pool.items:
            return self.pending_effects()
        # memoised by the decisions, and shared read-only between steps (as Union Arena's):
        # a few lists of (player, kinds) make every step's entry
        st = self.state
        phase = st.phase
        agenda = st.agenda
        memo = self._pending_memo
        # keyed by the decisions themselves, but for the two commonest answers, keyed by
        # (player, phase) and (player, wait): a pair of strings, not a tuple of tuples, made
        # and hashed at each step (the keys cannot meet: the decisions' key holds tuples)
        if not agenda:
            kinds = self._turn_kinds.get(phase)
            if kinds is not None:
                # decisions()' answer in a phase of the turn player's, written out (most
                # steps end there: two calls an action): no effect waits (asked above),
                # nothing on the agenda, the phase not over (not in PHASE_DECISIONS) and not
                # main_battle's battle (_turn_kinds)
                tp = st.turn_player
                out = memo.get((tp, phase))
                if out is None:
                    out = memo[tp, phase] = _entries(((tp, kinds),))
                return out
        elif agenda[0][0] in PLAYER_WAITS and phase != "over":
            # and for a wait of one player's (most other steps: a guard, a cancel)
            op, args = agenda[0]
            who = args["player"]
            out = memo.get((who, op))
            if out is None:
                out = memo[who, op] = _entries(((who, (WAITS[op],)),))
            return out
        key = tuple(self.decisions())
        out = memo.get(key)
        if out is None:
            out = memo[key] = _entries(key)
        return out

    # == values ================================================================================

    def count_for(self, pid: str, attribute: str | None) -> int:
        """Cards of ``pid``'s members and retire area (of ``attribute``) (R4U-PERFORMANCE)."""
        # (plain loops, state.card and member_cards written out: asked with every ATK/DEF
        # read of a performance; the same cards in the same order, counted as sum() did, and
        # without an attribute only counted)
        st = self.state
        ps = st.players[pid]
        if attribute is None:
            n = len(ps.retire)
            for slot in ps.members:
                if slot is not None:
                    n += 1
            return n
        defs, code_of = st.defs, st.code_of
        n = 0
        for slot in ps.members:
            if slot is not None and defs[code_of[slot.card]].has_attribute(attribute):
                n += 1
        for c in ps.retire:
            if defs[code_of[c]].has_attribute(attribute):
                n += 1
        return n

    def name(self, iid: str | None) -> str:
        """:meth:`AgendaEngine.name`, with ``state.card`` written out (at each card's first
        naming, a few an action)."""
        named = self._names.get(iid)
        if named is None:
            st = self.state
            named = self._names[iid] = f"{iid} ({st.defs[st.code_of[iid]].name})"
        return named

    def atk_def(self, pid: str) -> tuple[int, int]:
        """The current ATK and DEF of ``pid``'s entry character (:func:`stats.atk_def`)."""
        return stats.atk_def(self, pid)

    # == low-level moves =======================================================================

    def retire_entry(self, pid: str, why: str) -> None:
        """``pid``'s entry character goes to the retire area; entry-in follows (settle)."""
        ps = self.state.players[pid]
        iid = ps.entry
        if iid is None:
            return
        ps.entry, ps.entry_mods = None, []
        ps.retire.append(iid)
        self.ctx.events.append(  # (written out, as the module says)
            {
                "player": pid,
                "card": iid,
                "type": "retire",
                "text": f"{self._names.get(iid) or self.name(iid)} is defeated ({why}) and "
                f"goes to {pid}'s retire area ({len(ps.retire)} there).",
            }
        )
        self.state.agenda.insert(0, ("settle", {}))

    def arrive(self, iid: str) -> None:
        """``iid`` came into an entry, a member square or a Rebirth area (R4U-ACTIVATE-LIMIT:
        ``activate.arrive``)."""
        st = self.state
        if st.used:  # with no use kept activate.arrive forgets nothing (most arrivals)
            from judge.games.rebirth.activate import arrive

            arrive(self, iid)
        st.entry_attacks.pop(iid, None)  # a new card: no attacks yet (-OWN-ATTACK)
        st.next_attack.pop(iid, None)  # nor changes waiting (R4U-TEXT-NEXT-ATTACK)
        st.no_move.pop(iid, None)  # nor a ban on moving (R4U-TEXT-NO-MOVE)

    def to_waiting_room(self, pid: str, iid: str, why: str) -> None:
        self.state.players[pid].waiting_room.append(iid)
        self.ctx.events.append(  # (written out, as the module says)
            {
                "player": pid,
                "card": iid,
                "type": "to_waiting_room",
                "text": f"{self._names.get(iid) or self.name(iid)} goes to the waiting room "
                f"({why}).",
            }
        )

    def refresh(self, pid: str) -> bool:
        """R4U-REFRESH: an empty deck takes the shuffled waiting room; False if there is none."""
        ps = self.state.players[pid]
        if ps.deck or not ps.waiting_room:
            return bool(ps.deck)
        ps.deck, ps.waiting_room = list(ps.waiting_room), []
        self.shuffle(pid)
        self.ctx.ruling(
            "R4U-REFRESH",
            f"{pid}'s deck is empty: the waiting room ({len(ps.deck)} cards) is shuffled and "
            "becomes the deck.",
        )
        if self.options.get("refresh_penalty") == "retire_1":
            self.ctx.ruling(
                "R4U-REFRESH-PENALTY",
                f"Rule option refresh_penalty retire_1: the top card of {pid}'s new deck goes "
                "to the retire area.",
            )
            self.push(*self.reveal_top(pid), ("penalty", {"player": pid}))
        return True

    def out_of_cards(self, pid: str, what: str) -> None:
        """R4U-REFRESH-EMPTY: a card is needed, the deck and the waiting room are empty."""
        if self.options.get("refresh_empty") == "nothing":
            self.ctx.ruling(
                "R4U-REFRESH-EMPTY",
                f"{pid} has no card in the deck or the waiting room: the {what} does not happen "
                "(rule option refresh_empty nothing).",
            )
            return
        winner = self.state.opponent(pid)
        self.end_game(
            winner,
            "deck",
            "R4U-REFRESH-EMPTY",
            f"{pid} needs a card for the {what} but has none in the deck or the waiting room: "
            f"{pid} loses; {winner} wins (rule option refresh_empty lose).",
        )

    def draw_cards(self, pid: str, n: int, why: str = "") -> None:
        """Draw ``n`` one at a time, refreshing the deck whenever it is empty."""
        # refresh's first test written out (two calls a draw): with cards in the deck it
        # changes nothing and answers True
        # AgendaEngine.draw of one card written out too (with the event and the name: as the
        # module says), the deck holding one at least: its event and its hand
        ps = self.state.players[pid]
        for _ in range(n):
            deck = ps.deck
            if not deck and not self.refresh(pid):
                self.out_of_cards(pid, "draw")
                return
            deck = ps.deck  # (a refresh makes a new list)
            iid = deck.pop(0)
            ps.hand.append(iid)
            public = f"{pid} draws a card{why}."
            if iid is None:  # (an unseen card: the count only)
                text = public
            else:
                # (and the name's first making: a card drawn is named here for the first
                # time, mostly)
                named = self._names.get(iid)
                if named is None:
                    st = self.state
                    named = self._names[iid] = f"{iid} ({st.defs[st.code_of[iid]].name})"
                text = f"{pid} draws {named}{why}."
            self.ctx.events.append(
                {
                    "player": pid,
                    "cards": [iid],
                    "private": pid,
                    "public_text": public,
                    "type": "draw",
                    "text": text,
                }
            )
        if not ps.deck:
            self.refresh(pid)

    def reveal_top(self, pid: str) -> list[tuple[str, dict[str, Any]]]:
        """Observed mode: the agenda step that waits for the top card's reveal (R4U-REVEAL)."""
        ps = self.state.players[pid]
        if ps.deck and ps.deck[0] is None:
            return [("wait_reveal", {"player": pid})]
        return []

    # == effects ===============================================================================

    def fire_spark(self, pid: str, iid: str) -> None:
        """Each spark effect of ``iid`` fires (R4U-SPARK).  Under cancel_timing "spark" the
        other player first may answer each firing with a cancel card (R4U-CANCEL): the
        effect waits on the agenda until that decision is recorded."""
        st = self.state
        d = st.defs[st.code_of[iid]]  # (st.card written out: at every entry-in)
        whens = d.by_when
        if whens is None:
            whens = d._sort_whens()
        if "spark" not in whens:
            # no spark to fire (most entry-ins): nothing below is said or pushed, whatever
            # extra_sparks (which only reads) answers
            return
        sparks = []
        for index, eff in enumerate(d.effects):
            if eff.get("when") == "spark":
                why = inactive(self, pid, eff)
                if why is not None:
                    self.ctx.ruling(
                        why[0], f"{self.name(iid)}'s spark: {why[1]}; it does not fire."
                    )
                    continue
                self.ctx.rulings.append(  # (written out, as the module says)
                    {
                        "rule": "R4U-SPARK",
                        "message": f"{self._names.get(iid) or self.name(iid)} appeared by "
                        "entry-in: its spark effect fires.",
                    }
                )
                sparks.append(index)
        extra = extra_sparks(self, pid, iid)  # R4U-TEXT-EXTRA-SPARK
        if sparks and extra:
            self.ctx.ruling(
                "R4U-TEXT-EXTRA-SPARK",
                f"{pid}'s Rebirth area holds {plural(extra, 'card')} whose sparks fire once more: "
                f"{self.name(iid)}'s spark fires {plural(extra, 'more time')}.",
            )
        sparks = [index for index in sparks for _ in range(1 + extra)]
        if self.options.get("cancel_timing") != "spark":
            for index in sparks:
                self.pool.add(pid, iid, self.state.card(iid).effects[index], index, "spark")
            return
        steps: list[tuple[str, dict[str, Any]]] = []
        for index in sparks:
            args = {"player": self.state.opponent(pid), "controller": pid, "source": iid}
            steps += [
                ("wait_cancel", {**args, "target": "spark"}),
                ("spark", {**args, "index": index}),
            ]
        self.push(*steps)

    def op_spark(
        self, player: str, controller: str, source: str, index: int, stopped: bool = False
    ) -> None:
        """A spark effect goes to the pending effects, unless a cancel stopped it (one that no
        later cancel stopped in turn, R4U-CANCEL)."""
        if stopped:
            self.event(
                "spark_stopped",
                f"{self.name(source)}'s spark was stopped by a cancel: it does nothing.",
                player=controller,
                card=source,
            )
            self.ctx.ruling(
                "R4U-CANCEL",
                f"{player} stopped {self.name(source)}'s spark with a cancel: the effect does "
                f"nothing (rule option cancel_timing {self.options.get('cancel_timing')}).",
            )
            return
        eff = self.state.card(source).effects[index]
        self.pool.add(controller, source, eff, index, "spark")

    def static_check(self, iid: str, when: str) -> None:
        """A continuous effect outside the vocabulary starts to apply: a taint."""
        st = self.state
        d = st.defs[st.code_of[iid]]  # (st.card written out: at every entry-in and play)
        whens = d.by_when
        if whens is None:
            whens = d._sort_whens()
        if when not in whens:  # no effect of this when: the walk below finds none
            return
        for index, eff in enumerate(d.effects):
            if eff.get("when") == when and not effects.supported(eff):
                pe = PendingEffect(0, self.state.owner_of[iid], iid, eff, index, when)
                self.unsupported(pe)

    def unsupported(self, pe: PendingEffect) -> None:
        self.ctx.cannot_verify(
            f"{self.name(pe.source)}'s {pe.trigger.replace('_', ' ')} effect is outside the "
            "engine's effect vocabulary"
        )
        self.ctx.ruling(
            "R4U-EFFECT-UNSUPPORTED",
            f"{self.name(pe.source)}'s {pe.trigger.replace('_', ' ')} effect cannot be executed "
            "by the engine; an outcome may record what it did.",
        )
        self.taint_effect(pe, "R4U-EFFECT-UNSUPPORTED")

    def run_effect(
        self,
        pe: PendingEffect,
        targets: list[Any],
        use: bool | None,
        choice: int | None = None,
        squares: list[Any] | None = None,
    ) -> None:
        """Carry out a spark or activated effect (``resolve.run``) with the recorded choice,
        targets and member squares; an effect outside the vocabulary is not executed."""
        if not effects.supported(pe.effect):
            self.unsupported(pe)
            return
        resolve.run(self, pe, targets, choice, use, squares)

    def after_auto_resolve(self) -> None:
        # (each caller runs the agenda next: advance() or the action's apply)
        if self.state.phase != "over":
            self.settle_now()

    # == views =================================================================================

    def player_view(self, pid: str) -> dict[str, Any]:
        ps = self.state.players[pid]
        atk, dfn = stats.atk_def(self, pid)  # not through self.atk_def: one call less
        return {
            "hand": list(ps.hand),
            "deck": len(ps.deck),
            "entry": ({"id": ps.entry, "atk": atk, "def": dfn} if ps.entry else None),
            "members": [
                None if s is None else {"id": s.card, "rested": s.rested} for s in ps.members
            ],
            "retire": list(ps.retire),
            "rebirth_area": list(ps.rebirth_area),
            # (kept as they change: the energy area only grows, to hundreds on a long log)
            "energy": ps.energy_view(),
            "energy_rested": ps.energy_rested(),
            "partners": [{"id": s.card, "rested": s.rested} for s in ps.partners],
            "waiting_room": list(ps.waiting_room),
        }

    def step_state(self) -> dict[str, Any]:
        st = self.state
        view: dict[str, Any] = {
            "turn": st.turn,
            "turn_player": st.turn_player,
            "phase": st.phase,
            "players": {pid: self.player_view(pid) for pid in st.order},
        }
        if st.damage_on is not None:
            view["damage"] = {"on": st.damage_on, "total": st.damage}
        return view

    def snapshot_player(self, ps: PlayerState, pv: dict[str, Any]) -> None:
        pv["energy"] = ps.energy_snapshot()
        pv["entry_mods"] = [[m.atk, m.defence] for m in ps.entry_mods]

    def snapshot_game(self, view: dict[str, Any]) -> None:
        st = self.state
        view["first"] = st.first
        view["energy_done"], view["partner_done"] = st.energy_done, st.partner_done
        if st.used:
            view["used"] = dict(sorted(st.used.items()))
        if st.attacks:
            view["attacks"] = st.attacks
        a = st.attack
        view["attack"] = (
            None if a is None else {"attacker": a.attacker, "partner": a.partner, "guard": a.guard}
        )

    #: the agenda's attack_resolve: battle's function itself, bound as a method (the engine
    #: its ``eng``), not a method that imports and calls it (a call and an import less)
    op_attack_resolve = battle.op_attack_resolve
