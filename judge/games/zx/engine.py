"""The Z/X engine: setup, the turn (reboot, draw, resource, ignition, main, end), playing Z/X
to squares, battle, player damage with life, and the rule effects.

As in the other games the flow is an *agenda* of procedure steps (``op_…``) run until one
waits for a decision (``wait_…``, :data:`WAITS`) or a pending effect needs a choice; the
handlers of the log's actions are in :mod:`judge.games.zx.actions`, card moves in
:mod:`judge.games.zx.moves`, resolving effects in :mod:`judge.games.zx.resolve`, the
keyword abilities' conditions in :mod:`judge.games.zx.conditions`, the rule effects in
:mod:`judge.games.zx.rule_effects`, the battle in :mod:`judge.games.zx.battle`, the step's
state in :mod:`judge.games.zx.views`.

Conventions (``docs/zx.md``): seeded or observed mode (:mod:`judge.games.zx.observed`); the
opening shuffle of each player's deck
(stream ``"<player>/shuffle/1"``) comes after both players took out their start card, start
resource and gate card; squares are named 1-9 as in ``squares.toml``.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, ClassVar

from judge.core.cards import read_all_once
from judge.core.engine import AgendaEngine, deal_instances
from judge.core.log import ActionLog
from judge.core.rules import Catalogue
from judge.core.timing import POLICIES, EffectPool, PendingEffect, TurnPlayerOf
from judge.games.zx import actions, effects
from judge.games.zx.actions import PHASE_DECISIONS
from judge.games.zx.battle import Battles
from judge.games.zx.cards import CardDef
from judge.games.zx.conditions import Conditions
from judge.games.zx.crisis import op_crisis_check as crisis_check
from judge.games.zx.geometry import GRID
from judge.games.zx.moves import Moves
from judge.games.zx.observed import ZONE_WORDS, wait_for
from judge.games.zx.resolve import no_decision, void_bringer_waits
from judge.games.zx.resolve import run_effect as resolve_effect
from judge.games.zx.rule_effects import RuleEffects
from judge.games.zx.state import PlayerState, Resource, ZXState
from judge.games.zx.views import Views
from judge.games.zx.waits import life_pick

WAITS = {
    "wait_first_player": "first_player",
    "wait_setup": "setup",
    "wait_mulligan": "mulligan",
    "wait_pick_life": "pick_life",
    "wait_play_revealed": "play_revealed",
    "wait_trash_charge": "trash_charge",
    "wait_crisis": "crisis",
    "wait_reveal": "reveal",
}
#: the waits for one player's decision, named in the step's ``player`` (:meth:`ZXEngine.pending`;
#: not a reveal's, whose entry names the card)
PLAYER_WAITS = frozenset(WAITS) - {"wait_first_player", "wait_reveal"}
HAND, LIFE, RESOURCES, DRAW = 4, 4, 2, 2


class ZXEngine(RuleEffects, Battles, Conditions, Views, Moves, AgendaEngine):
    """One Z/X game in progress (2 players)."""

    game: ClassVar[str] = "zx"
    catalogue: ClassVar[Catalogue] = Catalogue.from_package("judge.games.zx")
    private_zones: ClassVar[tuple[str, ...]] = ("hand",)
    secret_zones: ClassVar[tuple[str, ...]] = ("deck", "life")
    handlers: ClassVar[ModuleType] = actions
    effects: ClassVar[ModuleType] = effects
    WAITS: ClassVar[dict[str, str]] = WAITS
    FORCED_RULE: ClassVar[str | None] = "ZX-FORCED-DECISION"

    #: AgendaEngine's fill_missing, check and apply written out, each with the handler it
    #: calls (one call an action less each): the handlers' own, given the step's context
    #: (tests/games/zx/test_written_out.py replays games both ways)
    fill_missing = actions.fill_missing
    check = actions.check
    apply = actions.apply

    state: ZXState

    def __init__(self, log: ActionLog, options: dict[str, Any]) -> None:
        super().__init__(log, options)
        #: ZX-SIMULTANEOUS: rule option ``simultaneous`` names the core's ordering policy
        self.pool = EffectPool(POLICIES[options["simultaneous"]](TurnPlayerOf(self)))
        defs = read_all_once(CardDef.from_dict, log.cards)
        code_of, owner_of, lists = deal_instances(log, {"main": "", "dynamis": "D"})
        players = {
            pid: PlayerState(
                pid,
                seat,
                deck=lists[pid]["main"],
                dynamis=[[i, False] for i in lists[pid]["dynamis"]],
            )
            for seat, pid in enumerate(log.player_ids)
        }
        self.state = ZXState(defs, code_of, owner_of, players, list(log.player_ids))
        #: each player's opponent and the opponent's player square (``state.opponent`` and
        #: ``GRID.player_square`` of its seat; players and seats never change in a game): a
        #: play's square, an attack and its battle ask them
        self.facing: dict[str, tuple[str, int]] = {
            pid: (opp, GRID.player_square(players[opp].seat))
            for pid in players
            for opp in players
            if opp != pid
        }
        #: effects that resolved with no decision since the last action applied (a Void
        #: Bringer whose condition did not hold: ZX-VOID-BRINGER), by source
        self.idle_effects: dict[str, str] = {}
        #: each code's 【常】 power effects (:meth:`static_power`, asked about once an action;
        #: definitions never change in a game), most of them none
        self._static_power_effects: dict[str, list[dict[str, Any]]] = {}
        #: :meth:`pending`'s answers, by the decisions.  Made here, not on first use with
        #: ``self.__dict__.setdefault``: reading an object's ``__dict__`` makes CPython (3.11)
        #: build it as a dict and read every attribute of the engine through it from then on
        #: (``self.state``, ``self.pool``, …): about 5 % of an action's instructions
        self._pending_memo: dict[Any, list[dict[str, Any]]] = {}
        #: the same answers when nothing waits, by phase and turn player (:meth:`pending`)
        self._phase_pending: dict[tuple[str, str | None], list[dict[str, Any]]] = {}
        #: and when a step waits for one player's decision, by player and step
        self._wait_pending: dict[tuple[str | None, str], list[dict[str, Any]]] = {}
        self.state.squares = {sq: None for sq in GRID.names()}
        if log.start is not None:  # a game from a position (docs/positions.md)
            from judge.games.zx.position import place

            place(self, log.start, log.layout)
            return
        self.state.agenda.append(("wait_first_player", {}))

    # == the runner's interface ==================================================================

    def deck_problems(self) -> list[tuple[str, Any]]:
        """The decks' problems: the deck is ``main``, the dynamis ``dynamis`` (ZX-DYNAMIS);
        judged once per deck of the same definitions (:func:`judge.core.decks.judged_deck`:
        ``check_deck`` reads the definitions of the cards listed and nothing else)."""
        from judge.core.decks import judged_deck
        from judge.games.zx import decks

        out = []
        for pid in self.log.player_ids:
            deck = self.log.decks.get(pid) or {}
            main, dyn = list(deck.get("main", [])), list(deck.get("dynamis", []))
            out += [
                (pid, problem)
                for problem in judged_deck(decks.check_deck, main, dyn, self.log.cards)
            ]
        return out

    def legal_actions(self) -> list[dict[str, Any]]:
        from judge.games.zx.legal import legal_actions

        return legal_actions(self)

    def decisions(self) -> list[tuple[str | None, tuple[str, ...]]]:
        """Who may decide now, and which kinds each may record (``None``: any player)."""
        st = self.state
        if st.phase == "over":
            return []
        if self.pool.items:  # (the pool's truth, written out: twice an action)
            return [(self.pool.chooser(), ("resolve",))]
        if st.agenda:
            op, args = st.agenda[0]
            if op == "wait_first_player":
                return [(None, ("first_player",))]
            if op in WAITS:
                return [(args["player"], (WAITS[op],))]
            return []
        if st.phase in PHASE_DECISIONS:
            return [(st.turn_player, PHASE_DECISIONS[st.phase])]
        return []

    def pending(self) -> list[dict[str, Any]]:
        if self.pool.items:  # (the pool's truth, written out)
            return self.pending_effects()
        st = self.state
        agenda = st.agenda
        if not agenda:
            # no effect and no step waiting (most steps): the decisions are the phase's, a
            # function of the phase and the turn player alone (:meth:`decisions`), and so is
            # what they give below: found by those, not by the decisions' list made and hashed
            out = self._phase_pending.get((st.phase, st.turn_player))
            if out is not None:
                return out
        elif agenda[0][0] in PLAYER_WAITS and st.phase != "over":
            # a wait for one player's decision (most other steps): the decisions are
            # [(that player, (the wait's kind,))], found by the player and the wait
            op, args = agenda[0]
            out = self._wait_pending.get((args["player"], op))
            if out is not None:
                return out
        # memoised by the decisions (a reveal's entry names its card: not memoised), and
        # shared read-only between steps (as Union Arena's)
        key = tuple(self.decisions())
        memo = self._pending_memo
        out = memo.get(key)
        if out is not None:
            return out
        out = []
        reveal = False
        for who, kinds in key:
            label = who if who else "the rock-paper-scissors winner"
            text = f"{label}: {', '.join(kinds)}"
            if kinds == ("reveal",):
                reveal = True

                args = st.agenda[0][1]
                text += " " + ZONE_WORDS[args["zone"]].format(p=who, n=args["index"] + 1)
            out.append({"player": who, "kind": "|".join(kinds), "text": text})
        if not reveal:
            memo[key] = out
            if not agenda:
                self._phase_pending[(st.phase, st.turn_player)] = out
            elif agenda[0][0] in PLAYER_WAITS and st.phase != "over":
                op, args = agenda[0]
                self._wait_pending[(args["player"], op)] = out
        return out

    # == the agenda ==============================================================================

    def run_effect(self, pe: PendingEffect, targets: list[Any], use: bool | None) -> None:
        resolve_effect(self, pe, targets, use)
        self.rules()

    def auto_resolve(self) -> bool:
        """As the core's, and: Void Bringer whose life condition does not hold makes no
        decision wait (ZX-VOID-BRINGER): it resolves by itself, doing nothing; what it did is
        noted (``idle_effects``) so that a ``resolve`` naming a target for it after all is
        judged by that rule."""
        if not void_bringer_waits(self):  # (nearly always: the next effect not found twice)
            return super().auto_resolve()
        cands = self.pool.candidates()
        pe = self.pool.next_preferred() if len(cands) > 1 else (cands[0] if cands else None)
        if pe is None or not no_decision(self, pe):
            return super().auto_resolve()
        self.pool.remove(pe)
        self.idle_effects[pe.source] = pe.describe()
        self.run_effect(pe, [], None)
        return True

    #: the agenda idle and no effect waiting: the rule effects (:meth:`rules` itself, not a
    #: method calling it: a call less, most actions; a test patching ``rules`` patches this too)
    when_idle = RuleEffects.rules

    def op_deal(self) -> None:
        """ZX-SETUP: both decks shuffled, 4 cards drawn; then the mulligans."""
        st = self.state
        for pid in st.order:
            self.shuffle(pid, opening=True)
            for _ in range(HAND):
                self.draw_one(pid, " (opening hand)")
        first = st.first or st.order[0]
        second = st.opponent(first)
        self.push(
            ("wait_mulligan", {"player": first}),
            ("wait_mulligan", {"player": second}),
            ("begin_game", {}),
        )

    def op_begin_game(self) -> None:
        """ZX-SETUP: each player in turn: 4 life face down and 2 resources from the deck top,
        its start card face up on its player square; then the first turn.  (Steps of their own:
        in observed mode each resource waits for its ``reveal``.)"""
        steps: list[tuple[str, dict[str, Any]]] = []
        for pid in self.state.order:
            one = {"player": pid}
            steps += [("set_life", one)] + [("resource_from_deck", one)] * RESOURCES
            steps.append(("start_card_up", one))
        self.push(*steps, ("game_begins", {}))

    def op_set_life(self, player: str) -> None:
        ps = self.state.players[player]
        for _ in range(LIFE):
            ps.life.append(ps.deck.pop(0))  # face down: unknown in observed mode

    def op_resource_from_deck(self, player: str) -> None:
        """A resource from the deck top, face up (observed mode: once revealed)."""
        st = self.state
        if wait_for(self, player, "deck", 0, ("resource_from_deck", {"player": player})):
            return
        card = st.players[player].deck.pop(0)
        assert card is not None
        st.players[player].resources.append(Resource(card, st.next_serial()))

    def op_start_card_up(self, player: str) -> None:
        st = self.state
        ps = st.players[player]
        if ps.start_card is None:
            return
        iid, ps.start_card = ps.start_card, None
        sq = GRID.player_square(ps.seat)
        st.put_zx(self.new_zx(iid, sq), player)
        self.event(
            "start_card",
            f"{player}'s start card {self.name(iid)} turns face up on square {sq}.",
            player=player,
            card=iid,
            square=sq,
        )
        self.ctx.ruling(
            "ZX-START-CARD-UP", f"{player}'s start card turns face up on its player square {sq}."
        )

    def op_game_begins(self) -> None:
        self.ctx.ruling(
            "ZX-SETUP", "Each player: 4 life cards face down and 2 resources from the deck top."
        )
        self.event("setup", "Life and resources are set; the game begins.")
        self.push(("begin_turn", {}))

    def op_begin_turn(self) -> None:
        """ZX-TURN: the next player's turn: reboot, draw, then resource, ignition, main, end."""
        st = self.state
        first = st.first or st.order[0]
        st.turn += 1
        st.turn_player = first if st.turn % 2 == 1 else st.opponent(first)
        pid = st.turn_player
        st.resourced = st.ignited = st.ex_played = False
        # (the step's events and rulings appended as :meth:`event` and ``ctx.ruling`` append
        # them, written out here and in the other steps of every turn and action:
        # tests/games/zx/test_fast_paths.py pins their form)
        ctx = self.ctx
        ctx.events.append(
            {
                "player": pid,
                "turn": st.turn,
                "type": "turn",
                "text": f"Turn {st.turn}: {pid}'s turn.",
            }
        )
        rulings = ctx.rulings
        rulings.append(
            {
                "rule": "ZX-TURN",
                "message": f"{pid}'s turn: reboot, draw, resource, ignition, main and end phase.",
            }
        )
        st.phase = "reboot"
        ps = st.players[pid]
        rebooted = []  # its Z/X, then its resources (one pass each: the resources only grow)
        # (its Z/X by square name, as ``st.zx_of`` gives them, written out: the squares are
        # kept in name order)
        controller = st.controller
        for sq, z in st.squares.items():
            if z is not None and z.sleeping and controller[sq] == pid:
                rebooted.append(z.card)
                z.sleeping = False
        for r in ps.resources:
            if r.sleeping:
                rebooted.append(r.card)
                r.sleeping = False
        rulings.append(
            {
                "rule": "ZX-REBOOT-PHASE",
                "message": f"{pid}'s reboot phase: its Z/X and resources are rebooted"
                + (f" ({', '.join(rebooted)})." if rebooted else " (none was sleeping)."),
            }
        )
        st.phase = "draw"
        n = DRAW if st.turn != 1 else int(self.options["first_turn_draw"])
        for _ in range(n):
            if not self.draw_one(pid, " (draw phase)"):
                break
        rulings.append(
            {
                "rule": "ZX-DRAW-PHASE",
                "message": f"{pid} draws {n} in its draw phase"
                + (
                    " (the first player's first turn: rule option first_turn_draw)."
                    if st.turn == 1
                    else "."
                ),
            }
        )
        st.phase = "resource"
        if st.agenda or self.pool.items:  # else the agenda's runner runs the rules next (op_rules)
            self.push(("rules", {}))

    def op_phase(self, name: str) -> None:
        self.state.phase = name
        self.ctx.events.append(  # (:meth:`event`, written out)
            {"phase": name, "type": "phase", "text": f"{self.state.turn_player}'s {name} phase."}
        )

    def op_end_turn(self) -> None:
        """ZX-END: damage dealt this turn and effects until the end of the turn end."""
        st = self.state
        st.phase = "end"
        for z in st.squares.values():
            if z is not None:
                z.damage = 0
                z.power_mods.clear()  # ZX-POWER: until the end of the turn
        st.at_risk = {c: z for c, z in st.at_risk.items() if not z.positive}
        ctx = self.ctx  # (``ctx.ruling`` and :meth:`event`, written out)
        ctx.rulings.append(
            {
                "rule": "ZX-END",
                "message": f"{st.turn_player}'s end phase: damage on Z/X and power changes until "
                "the end of the turn are cleared.",
            }
        )
        ctx.events.append(
            {
                "player": st.turn_player,
                "type": "turn_end",
                "text": f"End of {st.turn_player}'s turn.",
            }
        )
        if st.agenda or self.pool.items:
            self.push(("begin_turn", {}))
        else:  # the step now, not pushed: the runner would run it next, first (op_rules)
            self.op_begin_turn()

    def op_rules(self) -> None:
        """The rule effects (:meth:`rules`), now; or, when nothing follows on the agenda and no
        effect waits, left to :meth:`when_idle`, which the agenda's runner calls next with the
        game as it is now and which runs them then (once, not twice in a row: a third of the
        calls).

        So the handlers and steps that end by pushing this step (a play, a battle, the start
        of a turn) push it only when the agenda holds something or an effect waits: otherwise
        it would be the agenda's only step, run next and returning here at once, and the
        runner (the core's ``apply``, then ``advance``, reading nothing in between) calls
        :meth:`when_idle` on the same game with or without it (a step's dispatch less, a
        third of the actions).  Likewise a step that a handler or a step would push as the
        agenda's head, with no effect waiting (a phase, a battle, the end and the start of a
        turn, an ignition, an attack's player damage, a picked life card), is run at once
        instead: the runner would run it next, before anything else (``advance``: the game is
        not over, no effect waits, and it is the agenda's head)."""
        if not self.state.agenda and not self.pool.items:
            return
        self.rules()

    # player damage and life ------------------------------------------------------------------

    def op_player_damage(self, player: str, n: int, why: str) -> None:
        """ZX-DAMAGE-PLAYER: each point, the opponent picks one of the player's life cards;
        as the last rule effect (CR 901.2b), or at once: rule option player_damage_timing
        (ZX-PLAYER-DAMAGE-TIMING)."""
        self.event("player_damage", f"{player} takes {n} damage ({why}).", player=player, amount=n)
        if self.options["player_damage_timing"] == "rule_effect":
            due = self.state.damage_due
            due[player] = due.get(player, 0) + n
            self.ctx.ruling(
                "ZX-PLAYER-DAMAGE-TIMING",
                f"{player}'s {n} damage is processed by the player damage effect, the last of the "
                "rule effects (after charge excess, lethal damage and loss; rule option "
                "player_damage_timing rule_effect).",
            )
            self.push(("rules", {}))
            return
        self.push(*self.life_loss_steps(player, n))

    def life_loss_steps(self, player: str, n: int) -> list[tuple[str, dict[str, Any]]]:
        """The steps of ``n`` player damage to ``player``: a life card picked for each point
        (ZX-DAMAGE-PLAYER), then its crisis (ZX-CRISIS)."""
        steps = []
        for _ in range(n):
            steps += [("life_pick", {"player": player, "why": "damage"}), ("rules", {})]
        if player in self.state.player_ex:
            steps.append(("crisis_check", {"player": player}))
        return steps

    def op_crisis_check(self, player: str) -> None:
        """ZX-CRISIS: after the player damage effect, a PL EX's crisis may be performed."""
        crisis_check(self, player)

    def op_life_pick(self, player: str, why: str) -> None:
        """ZX-LIFE-PICK: the opponent picks a life card; the last one it takes itself."""
        life_pick(self, player, why)

    def op_life_out(self, player: str, index: int, why: str) -> None:
        """ZX-LIFE-CHANGE: a life card leaves the life zone (life decrease), face up; by damage
        one with the IG icon may be played for free (rule option ``life_ig_play``), else it
        goes to the charge zone; by reload it goes to the charge zone."""
        st = self.state
        ps = st.players[player]
        again = ("life_out", {"player": player, "index": index, "why": why})
        if wait_for(self, player, "life", index, again):
            return
        iid = ps.life.pop(index)
        assert iid is not None
        self.event(
            "life_out",
            f"{player}'s life card {self.name(iid)} is turned face up ({why}); "
            f"{len(ps.life)} life left.",
            player=player,
            card=iid,
        )
        d = st.card(iid)
        playable = d.is_event or bool(self.open_squares(player))
        if why == "damage" and d.ig and playable and self.options["life_ig_play"] == "free":
            self.push(("wait_play_revealed", {"player": player, "card": iid, "source": "life"}))
            return
        ps.charge.append(iid)
        self.event(
            "to_charge",
            f"{self.name(iid)} goes to {player}'s charge zone.",
            player=player,
            card=iid,
        )

    # ignition ----------------------------------------------------------------------------------

    def op_ignite_one(self, player: str, by_ability: bool) -> None:
        """ZX-IGNITION: reveal the deck's top card; with the IG icon its controller may play it
        for free (``play_revealed``), else it goes to the trash (from the deck: Evol Seed).
        Observed mode: an empty deck reloads first, then the top card waits for its ``reveal``."""
        ps = self.state.players[player]
        if not ps.deck:
            self.reload(player)
        again = ("ignite_one", {"player": player, "by_ability": by_ability})
        if wait_for(self, player, "deck", 0, again):
            return
        taken = self.take_top(player)
        if not taken:
            self.event(
                "ignite_failed", f"{player} cannot ignite: no card in deck or trash.", player=player
            )
            return
        iid = taken[0]
        assert iid is not None  # revealed above
        d = self.state.card(iid)
        how = "by an ability" if by_ability else "in the ignition phase"
        self.event(
            "ignite",
            f"{player} ignites ({how}): {self.name(iid)} is revealed"
            f"{' (IG icon)' if d.ig else ''}.",
            player=player,
            card=iid,
        )
        if d.ig and (d.is_event or self.open_squares(player)):
            self.push(("wait_play_revealed", {"player": player, "card": iid, "source": "ignition"}))
        else:
            self.deck_to_trash(
                player, iid, "ignition" + ("" if not d.ig else ": nowhere to play it")
            )

    def op_reveal_end(self, player: str) -> None:
        """ZX-REVEAL: the effect that revealed deck cards has finished resolving: they turn
        face down again and the deck is shuffled."""
        self.shuffle(player)
        self.ctx.ruling(
            "ZX-REVEAL",
            "The effect has finished resolving: the revealed deck cards turn face down again "
            "and the deck is shuffled.",
        )

    def op_release_held(self) -> None:
        """ZX-IGNITION-MULTI: every ignition done, the abilities they triggered go to the pool
        together; their controller chooses the order."""
        st = self.state
        st.holding -= 1
        if st.holding:
            return
        held, st.held = st.held, []
        if len(held) == 1:
            self.ctx.ruling(
                "ZX-IGNITION-MULTI",
                "All ignitions are done: the one ability they triggered now waits.",
            )
        elif held:
            self.ctx.ruling(
                "ZX-IGNITION-MULTI",
                f"All ignitions are done: the {len(held)} abilities they triggered now wait "
                "together, in the order their controller chooses.",
            )
        for pid, iid, eff, index, when in held:
            self.pool.add(pid, iid, eff, index, when)

    def op_event_done(self, player: str, card: str) -> None:
        self.state.players[player].trash.append(card)
        self.event(
            "to_trash", f"{self.name(card)} (event) goes to the trash.", player=player, card=card
        )

    def op_event_ex_done(self, player: str, card: str) -> None:
        """An event EX played from the dynamis, once resolved, goes where rule option
        ``event_ex_to`` says (ZX-EX-PLAY, GAP)."""
        where = self.options["event_ex_to"]
        ps = self.state.players[player]
        if where == "dynamis":
            ps.dynamis.append([card, True])
        else:
            ps.trash.append(card)
        self.ctx.ruling(
            "ZX-EX-PLAY",
            f"{self.name(card)} (event EX) has resolved: it goes "
            + ("face up to the dynamis" if where == "dynamis" else "to the trash")
            + f" (rule option event_ex_to {where}).",
        )
        self.event(
            "to_" + where,
            f"{self.name(card)} (event EX) goes to the {where}.",
            player=player,
            card=card,
        )
