"""The Union Arena engine: setup, the turn's phases, battle, damage, effects and views.

Everything automatic (start-phase steps, AP cards, draws, life placement, activation, rule
effects) is done here and recorded as events; the log holds only decisions.  The flow is an
*agenda*: a list of procedure steps run in order until one waits for a decision (``wait_…``)
or the pending-effect pool needs a choice.  Action handlers are in
:mod:`judge.games.union_arena.actions`.

Conventions this engine defines (see ``docs/union-arena.md``):

- Shuffles in seeded mode use stream ``"<player>/shuffle/<n>"`` of the log seed (n from 1:
  the opening shuffle, then one per mulligan).
- The deck's top is drawn first; life position 1 is the first card placed.
- A turn number counts both players' turns (turn 1 is the first player's first turn).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, ClassVar

from judge.core.engine import AgendaEngine, deal_instances, ordinal
from judge.core.log import ActionLog
from judge.core.rules import Catalogue
from judge.core.timing import PendingEffect
from judge.games.union_arena import (
    actions,
    attack_end,
    effects,
    end_phase,
    entered,
    facedown,
    once_name,
    raid_source,
    retired_by,
    this_turn,
    trigger_where,
)
from judge.games.union_arena.battle_steps import BattleSteps
from judge.games.union_arena.cards import card_def
from judge.games.union_arena.conditions import card_meets
from judge.games.union_arena.defmemo import facts, game_whens, may_lower, may_watch, triggers
from judge.games.union_arena.own_static import lowers
from judge.games.union_arena.state import (
    LINES,
    PlayerState,
    UAState,
    Unit,
    ap_in_play,
)
from judge.games.union_arena.views import UnionArenaViews

PHASE_DECISIONS = {
    "movement": ("move", "proceed"),
    "main": ("play", "raid", "activate", "proceed"),
    "attack": ("attack", "proceed"),
}
#: the movement phase's kinds while the extra draw is open (``awaiting``)
MOVEMENT_WITH_DRAW = ("extra_draw", *PHASE_DECISIONS["movement"])
WAITS = {
    "wait_first_player": "first_player",
    "wait_mulligan": "mulligan",
    "wait_block": "block",
    "wait_pick": "pick_life",
    "wait_trigger": "trigger",
    "wait_discard": "discard_to_limit",
}
#: a waiting step's kinds (:meth:`UnionArenaEngine.awaiting`: one tuple each, not made anew)
WAIT_KINDS = {op: (kind,) for op, kind in WAITS.items()}


class UnionArenaEngine(UnionArenaViews, BattleSteps, AgendaEngine):
    """One Union Arena game in progress."""

    game: ClassVar[str] = "union-arena"
    catalogue: ClassVar[Catalogue] = Catalogue.from_package("judge.games.union_arena")
    private_zones: ClassVar[tuple[str, ...]] = ("hand",)
    secret_zones: ClassVar[tuple[str, ...]] = ("deck", "life")
    handlers: ClassVar[ModuleType] = actions
    effects: ClassVar[ModuleType] = effects
    WAITS: ClassVar[dict[str, str]] = WAITS
    #: (awaiting()'s tables, for actions.fill_missing, which writes it out)
    WAIT_KINDS: ClassVar[dict[str, tuple[str, ...]]] = WAIT_KINDS
    PHASE_DECISIONS: ClassVar[dict[str, tuple[str, ...]]] = PHASE_DECISIONS
    MOVEMENT_WITH_DRAW: ClassVar[tuple[str, ...]] = MOVEMENT_WITH_DRAW

    state: UAState

    def __init__(self, log: ActionLog, options: dict[str, Any]) -> None:
        super().__init__(log, options)
        defs = {code: card_def(d) for code, d in sorted(log.cards.items())}
        code_of, owner_of, lists = deal_instances(log, {"main": "", "ap": "AP"})
        players = {
            pid: PlayerState(pid, deck=lists[pid]["main"], ap_reserve=lists[pid]["ap"])
            for pid in log.player_ids
        }
        self.state = UAState(defs, code_of, owner_of, players, list(log.player_ids))
        self.state.options = dict(options)
        self._views: dict[tuple[int, str, bool, int, int], dict[str, Any]] = {}
        self._pending: dict[tuple[str | None, tuple[str, ...]], list[dict[str, Any]]] = {}
        self._last_players: dict[str, dict[str, Any]] = {}  # the last step's player views
        self._game_answers: dict[str, Any] | None = None  # (views.py: _answers)
        #: (the action, who, kinds): :meth:`awaiting` as ``fill_missing`` found it for the
        #: action it then left as it was, for that action's ``check`` (actions.py)
        self._awaited: tuple[dict[str, Any], str | None, tuple[str, ...]] | None = None
        #: the effect just resolved ended on a UA-BP-ZERO check that retired nothing
        #: (:meth:`after_auto_resolve`: the same check on the same state is not made again)
        self._bp_settled = False
        if log.start is not None:  # a game from a position (docs/positions.md)
            from judge.games.union_arena.position import place

            place(self, log.start, log.layout)
            return
        for pid in self.state.order:
            self.shuffle(pid, opening=True)
        self.state.agenda.append(("wait_first_player", {}))

    # -- the runner's interface (the rest is AgendaEngine's) -----------------------------------

    #: AgendaEngine's fill_missing, check and apply written out, each with the handler it
    #: calls (one call an action less each): the handlers' own, given the step's context
    #: (tests/games/union_arena/test_written_out.py replays games both ways)
    fill_missing = actions.fill_missing
    check = actions.check
    apply = actions.apply

    def legal_actions(self) -> list[dict[str, Any]]:
        from judge.games.union_arena.legal import legal_actions

        return legal_actions(self)

    # -- who decides now ----------------------------------------------------------------------

    def awaiting(self) -> tuple[str | None, tuple[str, ...]]:
        """The player whose decision the rules wait for, and the kinds they may record."""
        # (three calls an action: the phase read once, one look-up in PHASE_DECISIONS, and
        # the movement phase's kinds with the extra draw a constant tuple, equal to the one
        # built each time before)
        st = self.state
        phase = st.phase
        if phase == "over":
            return None, ()
        if self.pool.items:
            return self.pool.chooser(), ("resolve",)
        agenda = st.agenda
        if agenda:
            op, args = agenda[0]
            waited = WAIT_KINDS.get(op)
            if waited is not None:
                return args.get("player"), waited
        kinds = PHASE_DECISIONS.get(phase)
        if kinds is not None:
            if phase == "movement" and st.extra_draw_open:
                return st.turn_player, MOVEMENT_WITH_DRAW
            return st.turn_player, kinds
        return None, ()

    def pending(self) -> list[dict[str, Any]]:
        # (awaiting() written out, one call a step less; the pool first: with effects waiting
        # the entry is theirs, and who chooses is not asked.  The same entries as from
        # awaiting(): tests/games/union_arena/test_fast_paths.py)
        st = self.state
        phase = st.phase
        if phase == "over":
            return []
        if self.pool.items:
            return self.pending_effects()
        agenda = st.agenda
        kinds = WAIT_KINDS.get(agenda[0][0]) if agenda else None
        if kinds is not None:
            who = agenda[0][1].get("player")
        else:
            kinds = PHASE_DECISIONS.get(phase)
            if kinds is None:
                return []
            who = st.turn_player
            if phase == "movement" and st.extra_draw_open:
                kinds = MOVEMENT_WITH_DRAW
        # memoised, and shared read-only between steps as the unit views are: a few
        # (player, kinds) pairs make every step's entry
        out = self._pending.get((who, kinds))
        if out is None:
            label = who if who else "the rock-paper-scissors winner"
            text = f"{label}: {', '.join(kinds)}"
            out = self._pending[who, kinds] = [
                {"player": who, "kind": "|".join(kinds), "text": text}
            ]
        return out

    # -- low-level moves ----------------------------------------------------------------------

    def init_unseen(self) -> None:
        """Observed mode: every main-deck card starts unseen."""
        for pid in self.state.order:
            ps = self.state.players[pid]
            for iid in ps.deck:
                if iid is not None:
                    ps.unseen.setdefault(self.state.code_of[iid], []).append(iid)

    def new_unit(self, cards: list[str], rested: bool) -> Unit:
        return Unit(
            cards=cards,
            rested=rested,
            entered_turn=self.state.turn,
            serial=self.state.next_serial(),
        )

    def leave_field(self, pid: str, unit: Unit, dest: str, retire: bool) -> None:
        """A unit leaves the field: top card to ``dest``, cards under it to the outside area."""
        st = self.state
        entered.forget(self, unit.cards)  # how it entered is forgotten (entered.py)
        ps = st.players[pid]
        for line in LINES:
            lst = ps.line(line)
            if unit in lst:
                lst.remove(unit)
        top = unit.top
        owner = ps
        if dest == "hand":
            owner.hand.append(top)
        elif dest == "removal":
            owner.removal.append(top)
        elif dest == "deck_bottom":
            owner.deck.append(top)
        else:
            owner.outside.append(top)
        under = unit.cards[:-1]
        owner.outside.extend(under)
        verb = {
            "hand": "returns to the hand",
            "removal": "goes to the removal area",
            "deck_bottom": "goes to the bottom of its owner's deck",
            "outside": "is retired to the outside area" if retire else "goes to the outside area",
        }[dest]
        self.event("leave_field", f"{self.name(top)} {verb}.", player=pid, card=top, to=dest)
        if under:
            self.ctx.ruling(
                "UA-RAID-LEAVE",
                f"{self.name(top)} left the field as a raided stack: "
                f"the top card went to the {dest.replace('_', ' ')}"
                f"{'' if dest == 'deck_bottom' else ' area'}, "
                f"{', '.join(under)} went to the outside area (not retired).",
            )
        facedown.leave(self, pid, unit, dest)  # the face-down cards under it (UA-UNDER-LEAVE)
        if retire:
            this_turn.record_retired(st, pid, top)  # "このターン中に自分の〈X〉が退場している"
            self.fire(unit, "on_retire", pid, card=top)

    def retire(
        self, pid: str, unit: Unit, cause: str | None = None, source: str | None = None
    ) -> None:
        """Retire ``unit``; ``cause`` and ``source``: how and by which card's effect, where
        "このターン中にキャラの効果でキャラが退場していた" asks it (retired_by.py)."""
        retired_by.record(self, pid, unit.top, cause, source)
        self.leave_field(pid, unit, "outside", retire=True)

    def rest(self, unit: Unit) -> None:
        this_turn.rest(self.state, unit)

    def pay_ap(self, pid: str, n: int) -> int:
        """Rest n active AP cards (as many as there are); returns how many were rested."""
        st = self.state
        ps = st.players[pid]
        paid = 0
        for i, rested in enumerate(ps.ap_rested):
            if paid == n:
                break
            if not rested:
                ps.ap_rested[i] = True
                paid += 1
        if paid and st.phase == "attack":  # (this_turn.record_paid's test written out)
            this_turn.record_paid(st, pid, paid)  # "このターンのアタックフェイズ中に…"
        if paid:  # (Engine.event written out, as the form it makes: one call a payment less)
            self.ctx.events.append(
                {
                    "player": pid,
                    "n": paid,
                    "type": "pay_ap",
                    "text": f"{pid} rests {paid} AP card{'s' if paid > 1 else ''}.",
                }
            )
        return paid

    # -- effects --------------------------------------------------------------------------------

    def fire(
        self,
        unit: Unit | None,
        trigger: str,
        pid: str,
        card: str | None = None,
        by: str | None = None,
        **context: Any,
    ) -> None:
        """Put the ``trigger`` effects of a unit (or a card) into the pending pool; with ``by``
        (the card whose event it was), only the effects whose ``by`` that card meets."""
        # (unit.top and state.card written out: two and a half calls an action)
        iid = card if card is not None else (unit.cards[-1] if unit else None)
        if iid is None:
            return
        if trigger == "on_play" and unit is not None and by is None:
            self.fire_other_line(unit, pid)  # the same moment (UA-TRIGGER-OTHER-LINE-ENTERS)
        st = self.state
        defn = st.defs[st.code_of[iid]]
        if not defn.effects:  # most cards: fired on every attack, block and turn end
            return
        found = defn.memo or facts(defn)
        if found and trigger not in found.whens:
            return  # none of its effects is of this trigger: the walk below would skip each
        raided = unit.raided if unit else False
        for index, effect in enumerate(defn.effects):
            if effect.get("when") != trigger:
                continue
            if by is not None and not card_meets(self.state.card(by), effect.get("by") or {}):
                continue
            if effect.get("once_per_turn") and unit is not None and index in unit.used:
                self.ctx.ruling(
                    "UA-TRIGGER-ONCE",
                    f"{self.name(iid)}'s once-per-turn {trigger.replace('_', ' ')} effect "
                    "was already used this turn: it does not trigger.",
                )
                continue
            if effect.get("raid_only") and not raided:
                self.ctx.ruling(
                    "UA-RAID-ONLY",
                    f"{self.name(iid)}'s raid-only {trigger.replace('_', ' ')} "
                    "text has no effect: the card was not raided.",
                )
                continue
            if once_name.blocks_trigger(self, pid, iid, effect):  # "〈X〉のこの効果は1ターンに1回…"
                continue
            if "where" in effect and effect.get("when") != "activate_main":
                # the line at the trigger, for rule option trigger_where (UA-TRIGGER-WHERE)
                context = {
                    **context,
                    "line_at_trigger": trigger_where.line_of(self.state, pid, iid),
                }
            if trigger == "on_retire":  # "このキャラのレイド元のカード" (raid_source.py)
                effect = raid_source.bind(effect, unit)
            self.pool.add(pid, iid, effect, index, trigger, unit=unit, **context)

    def may_fire(self, trigger: str) -> bool:
        """Whether a card of the game has an effect of ``trigger`` (or effects whose facts are
        not kept): if not, ``fire(u, trigger, …)`` does nothing for any unit, and the loops
        that fire it for every unit are not run (asked once per set of definitions)."""
        answers = self._game_answers  # (:attr:`_answers`, its test written out)
        if answers is None:
            answers = self._answers
        if "whens" not in answers:
            answers["whens"] = game_whens(self.state.defs)
        whens = answers["whens"]
        return whens is None or trigger in whens

    def fire_other_line(self, unit: Unit, pid: str) -> None:
        """A card entered a line of ``pid``'s field (played, raided, put there by an effect):
        the abilities of ``pid``'s characters in the other line waiting for its name."""
        answers = self._game_answers  # (the answer read in place once asked: every play)
        watched = answers.get("other_line_enters") if answers is not None else None
        if watched is None:
            watched = self._any_asked("other_line_enters", may_watch)
        if not watched:
            return  # no card of the game has such an ability: fire would do nothing for any
        found = self.state.find_unit(unit.top)
        if found is None or found[0] != pid:
            return
        other = "energy_line" if found[1] == "front_line" else "front_line"
        for watcher in self.state.players[pid].line(other):
            whens = triggers(self.state, watcher)  # (fire returns at once for one not in it)
            if whens is None or "other_line_enters" in whens:
                self.fire(watcher, "other_line_enters", pid, by=unit.top)

    def run_effect(self, pe: PendingEffect, targets: list[Any], use: bool | None) -> None:
        """Resolve a pending effect with the targets the log recorded (already checked)."""
        from judge.games.union_arena.resolve import run_effect

        self._bp_settled = False  # (set again by the effect's last step, if it is reached)
        run_effect(self, pe, targets, use)

    def after_auto_resolve(self) -> None:
        """The rule effect UA-BP-ZERO applies after every effect that resolved by itself.

        Unless the effect's own last step was that check and it retired nothing
        (``_bp_settled``): nothing has happened since, so a second look at the same state
        would retire nothing and note only what the first noted (a read of BP)."""
        if self._bp_settled:
            self._bp_settled = False
            return
        self.check_bp_zero()

    def check_bp_zero(self) -> bool:
        """Rule effect: a character whose BP is 0 or less *by an effect* retires (a card
        printed with BP 0 is not retired by this rule while no effect lowers it).  Whether
        one retired."""
        retired = False
        st = self.state
        # (in a game none of whose cards lowers its own BP, lowers is False for every unit;
        # the answer read in place once asked: one call at every effect resolved)
        answers = self._game_answers
        lowering = answers.get("lowering") if answers is not None else None
        if lowering is None:
            lowering = self._any_asked("lowering", may_lower)
        for pid in st.order:
            ps = st.players[pid]
            # (ps.units() written out) a new list: retiring one changes no loop
            for unit in ps.front_line + ps.energy_line:
                if not unit.mods:  # (written out: lowers is False for a card with no lowering)
                    if not lowering:
                        continue
                    d = st.defs[st.code_of[unit.cards[-1]]]
                    if not d.effects:
                        continue
                    found = d.memo or facts(d)
                    if found and not found.lowering:
                        continue
                minus = lowers(st, unit)  # its own continuous lowering (UA-EFFECT-STATIC-MINUS)
                if not unit.mods and not minus:  # not lowered by an effect
                    continue
                self.ctx.read("bp")  # whether it retires rests on its BP
                defn = st.card(unit.top)
                lowered = minus or sum(m.bp for m in unit.mods) < 0
                if defn.type == "character" and lowered and st.bp(unit) <= 0:
                    self.ctx.ruling(
                        "UA-BP-ZERO", f"{self.name(unit.top)} has BP {st.bp(unit)}: it retires."
                    )
                    cause = "bp_zero" if retired_by.by_character(self, unit) else None
                    self.retire(pid, unit, cause, unit.top)  # lowered by a character's effect
                    retired = True
        return retired

    # setup -------------------------------------------------------------------------------------

    def op_setup_after_mulligans(self) -> None:
        st = self.state
        for pid in [st.first, st.other(st.first)]:
            ps = st.players[pid]
            ps.life = ps.deck[:7]
            del ps.deck[:7]
            self.event(
                "life", f"{pid} places 7 life cards face down from the deck top.", player=pid
            )
        self.ctx.ruling(
            "UA-SETUP-LIFE", "Each player placed 7 life cards face down from the top of the deck."
        )
        self.push(("start_turn", {}))

    def op_event_done(self, player: str, card: str) -> None:
        """An event card goes to the outside area once its effect has resolved."""
        self.state.players[player].outside.append(card)
        self.event(
            "to_outside", f"{self.name(card)} goes to the outside area.", player=player, card=card
        )
        self.ctx.ruling("UA-EVENT", "The event resolved, then went to the outside area.")

    # start phase ---------------------------------------------------------------------------------

    def op_start_turn(self) -> None:
        st = self.state
        st.turn += 1
        st.turn_player = st.first if st.turn_player is None else st.other(st.turn_player)
        pid = st.turn_player
        ps = st.players[pid]
        ps.turns_taken += 1
        st.phase = "start"
        st.moved = False
        for each in st.players.values():  # what was done this turn (this_turn.py) starts anew
            each.events_used = 0
            each.names_used.clear()  # once per turn by name (once_name.py)
            each.retired.clear()
            each.used.clear()
            each.char_ap_paid = 0
            each.retired_by_char = 0
            each.rested_by_own.clear()
            each.attack_ap_paid = 0
            each.became_rested.clear()
            each.ap_less_next.clear()  # "このターン中、次に…" ends with the turn (nextap.py)
        self.ctx.events.append(  # (Engine.event written out, as the form it makes)
            {
                "player": pid,
                "turn": st.turn,
                "type": "turn",
                "text": f"Turn {st.turn}: {pid}'s turn ({ordinal(ps.turns_taken)} of theirs).",
            }
        )
        attack_end.end_turn(st)  # a given ability "このターン中" that never triggered ends
        # 1: effects "until the start of your next turn" end (yours: the effect's controller)
        ended = []
        for other in st.order:
            each = st.players[other]
            for unit in each.front_line + each.energy_line:  # (units() written out)
                if unit.mods and any(m.until == "next_turn" and m.owner == pid for m in unit.mods):
                    unit.mods = [
                        m for m in unit.mods if not (m.until == "next_turn" and m.owner == pid)
                    ]
                    ended.append(self.name(unit.top))
        if ended:
            self.ctx.ruling(
                "UA-START-EXPIRE",
                f"Start of {pid}'s turn: {pid}'s effects lasting until the start of {pid}'s "
                f"next turn end ({', '.join(ended)}).",
            )
        # 2: all your rested cards become active (the same list, every flag False)
        ps.ap_rested[:] = [False] * len(ps.ap_rested)
        for unit in ps.front_line + ps.energy_line:  # (units() written out)
            if unit.rested or unit.no_activate:  # (activate_unit changes nothing of the others)
                self.activate_unit(unit)
        # 3: AP cards in play
        want = self.ap_for(pid, ps.turns_taken)
        added = 0
        while len(ps.ap_cards) < want and ps.ap_reserve:
            ps.ap_cards.append(ps.ap_reserve.pop(0))
            ps.ap_rested.append(False)
            added += 1
        if added:
            self.event(
                "ap",
                f"{pid} puts {added} AP card{'s' if added > 1 else ''} into play "
                f"({len(ps.ap_cards)} in all).",
                player=pid,
                total=len(ps.ap_cards),
            )
        # 4: draw, except the first player's first turn
        if pid == st.first and ps.turns_taken == 1:
            self.ctx.ruling("UA-START-DRAW", f"{pid} goes first: no draw on its first turn.")
        elif not ps.deck:
            self.end_game(
                st.other(pid),
                "deck",
                "UA-WIN-DECK",
                f"{pid} must draw in the start phase but the deck is empty: {pid} loses.",
            )
            return
        else:
            self.draw(pid)
        st.phase = "movement"
        st.extra_draw_open = True

    def activate_unit(self, unit: Unit) -> None:
        """Start or end phase step 2 for one card: it becomes active, unless it is not to the
        next time (UA-TRG-COLOR, UA-EFFECT-NO-ACTIVATE); that next time is this one, active
        or rested."""
        rule, unit.no_activate = unit.no_activate, ""
        if rule and unit.rested:
            why = (
                "a yellow COLOR trigger rested it"
                if rule == "UA-TRG-COLOR"
                else "an effect rested it and said so"
            )
            self.ctx.ruling(
                rule, f"{self.name(unit.top)} does not become active this time ({why})."
            )
            return
        # (an active unit stays active: stays_rested is False for it, not called; nor is it
        # for a card without effects, which has no text that keeps it rested)
        if unit.rested:
            st = self.state
            if st.defs[st.code_of[unit.cards[-1]]].effects and facedown.stays_rested(
                self, unit, "as its player's cards become active"
            ):
                return  # its own text (UA-EFFECT-UNDER-NO-ACTIVATE)
        unit.rested = False

    def ap_for(self, pid: str, own_turn: int) -> int:
        return ap_in_play(pid == self.state.first, own_turn)

    # end phase ---------------------------------------------------------------------------------

    def op_end_phase(self) -> None:
        st = self.state
        st.phase = "end"
        pid = st.turn_player
        ps = st.players[pid]
        for unit in ps.front_line + ps.energy_line if self.may_fire("end_phase_start") else ():
            # (triggers(st, unit) written out: fire returns at once for a trigger not in it)
            d = st.defs[st.code_of[unit.cards[-1]]]
            if not d.effects:
                continue
            found = d.memo or facts(d)
            if not found or "end_phase_start" in found.whens:
                self.fire(unit, "end_phase_start", pid)
        end_phase.run_steps(self)  # end_activate, end_hand, end_expire, start_turn

    def op_end_activate(self) -> None:
        ps = self.state.players[self.state.turn_player]
        for unit in ps.front_line + ps.energy_line:  # (units() written out)
            if unit.rested or unit.no_activate:  # (activate_unit changes nothing of the others)
                self.activate_unit(unit)

    def op_end_hand(self) -> None:
        pid = self.state.turn_player
        n = len(self.state.players[pid].hand)
        if n >= 9:
            self.ctx.ruling(
                "UA-END-HAND-LIMIT", f"{pid} has {n} cards in hand: {n - 8} go to the removal area."
            )
            self.push(("wait_discard", {"player": pid, "n": n - 8}))

    def op_end_expire(self) -> None:
        st = self.state
        for pid in st.order:
            ps = st.players[pid]
            for unit in ps.front_line + ps.energy_line:  # (units() written out)
                if unit.mods:
                    unit.mods = [m for m in unit.mods if m.until not in ("turn", "battle")]
                unit.used.clear()
                unit.attacks = unit.blocks = 0
        tp = st.turn_player  # (Engine.event written out, as the form it makes)
        self.ctx.events.append({"player": tp, "type": "turn_end", "text": f"End of {tp}'s turn."})
