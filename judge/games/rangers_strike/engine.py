"""The Rangers Strike engine: the 1 vs 1 game.

Everything automatic (start-phase steps, draws, returning units, battles, damage placement,
players going out, effects that need no choice) is done here and recorded as events; the log
holds only decisions.  As in Union Arena the flow is an *agenda*: procedure steps run in order
until one waits for a decision (``wait_…``) or the pending-effect pool needs a choice.  Action
handlers are in :mod:`judge.games.rangers_strike.actions`.

**The tag battle layer** (2 vs 2) is a subclass in :mod:`judge.games.rangers_strike.tag`;
it changes the base game through the small methods marked *decision point* below, one rule
each (the table is in that module's docstring and in ``docs/rangers-strike.md``).  Importing
this module registers it in ``RangersStrikeEngine.VARIANTS``.

Conventions this engine defines (``docs/rangers-strike.md``):

- Seeded mode shuffles each player's deck with stream ``"<player>/shuffle/1"`` of the seed.
- A turn number counts turns of sides: 1 vs 1, each player's turn; tag battle, each team's
  turn (turn 1 is the first team's first turn).  ``turn_player`` is the player doing the phase.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from operator import attrgetter
from types import ModuleType
from typing import Any, ClassVar, TypeVar

from judge.core.cards import read_table_once
from judge.core.engine import (
    OP_FUNCTIONS,
    STEP_LIMIT,
    AgendaEngine,
    Plan,
    deal_instances,
    ordinal,
)
from judge.core.log import ActionLog
from judge.core.rules import Catalogue
from judge.core.timing import EffectPool, PendingEffect, TurnPlayerOf, turn_player_orders_all
from judge.core.verdict import StepContext
from judge.games.rangers_strike import (
    actions,
    attack_bp,
    aura_bp,
    combination_turn,
    command_watch,
    cross,
    effects,
    escort,
    held_return,
    next_in_line,
    own_text,
    ride,
    rush_guard,
    stacking,
    strike_sp,
    this_turn,
    unit_destroys,
    unit_return,
    watch,
)
from judge.games.rangers_strike.battle_steps import BattleSteps
from judge.games.rangers_strike.cards import CardDef
from judge.games.rangers_strike.handling import PHASE_DECISIONS
from judge.games.rangers_strike.state import (
    AREAS,
    Battle,
    PlayerState,
    RSState,
    Unit,
    leave_area,
)
from judge.games.rangers_strike.views import EngineViews

PHASES = ("start", "charge", "rush", "battle", "end")
WAITS = {
    "wait_first_player": "first_player",
    "wait_take_damage": "take_damage",
    "wait_assign": "assign_damage",
    "wait_window": "use",
}
OPENING_HAND = 7


#: a unit's effects in force (``any(map(_MODS, area))``: whether a unit of an area has one)
_MODS = attrgetter("mods")
T = TypeVar("T")
#: what residents give a unit, by its player, area and categories (:meth:`resident_bonus`)
ResidentSums = dict[tuple[str, str, tuple[str, ...]], int]
#: what :meth:`RangersStrikeEngine.resident_bonus` reads of the residents in place: whether one
#: gives BP by category, and its sums so far (:meth:`RangersStrikeEngine.residents_now`)
ResidentsNow = tuple[bool, ResidentSums]
#: :meth:`RangersStrikeEngine.view_basis`: a taxis in play, the plain cards, the plain riders and
#: the residents in place (:data:`ResidentsNow`)
ViewBasis = tuple[bool, frozenset[str], frozenset[str], ResidentsNow]


class RangersStrikeEngine(BattleSteps, EngineViews, AgendaEngine):
    """One Rangers Strike game in progress, 1 vs 1."""

    game: ClassVar[str] = "rangers-strike"
    variant: ClassVar[str] = "1v1"
    catalogue: ClassVar[Catalogue] = Catalogue.from_package("judge.games.rangers_strike")
    private_zones: ClassVar[tuple[str, ...]] = ("hand",)
    #: the deck's order and the identity of face-down power cards
    secret_zones: ClassVar[tuple[str, ...]] = ("deck", "power")
    #: variant name -> engine class (filled below; the tag battle's by ``tag.py`` on import)
    VARIANTS: ClassVar[dict[str, type[RangersStrikeEngine]]] = {}
    #: the rule a full command zone breaks
    COMMAND_RULE: ClassVar[str] = "RS-COMMAND-LIMIT"
    handlers: ClassVar[ModuleType] = actions
    effects: ClassVar[ModuleType] = effects
    WAITS: ClassVar[dict[str, str]] = WAITS
    FORCED_RULE: ClassVar[str | None] = "RS-FORCED-DECISION"
    #: the next phase (and an end phase's end_turn step) run at once where advance would run
    #: them next, nothing waiting before them (a proceed, a start or end phase: each saves
    #: the agenda's round trip); False: pushed, the long way
    #: (tests/games/rangers_strike/test_fast_paths.py replays games both ways)
    AT_ONCE: ClassVar[bool] = True
    #: whether :meth:`player_view` shows whether the player is out (RST-OUT: tag battle)
    VIEW_OUT: ClassVar[bool] = False

    state: RSState

    def __init__(self, log: ActionLog, options: dict[str, Any]) -> None:
        super().__init__(log, options)
        #: RS-SIMULTANEOUS: the turn player orders every waiting effect, both players'
        self.pool = EffectPool(turn_player_orders_all(TurnPlayerOf(self)))
        #: what is worked out from the definitions alone, shared by the games of the same
        #: card table (:meth:`codes_where`, ``shared``; :meth:`per_card`)
        defs, self._table_memo = read_table_once(CardDef.from_dict, log.cards)
        #: a resident card's code -> its BP operations (:meth:`resident_ops`)
        self._resident_ops: dict[str, tuple[tuple[str, str, str | None, int], ...]] = {}
        self._static_bp: dict[str, tuple[attack_bp.Static, ...]] = {}
        #: a card's code -> its own continuous text's ops of :mod:`own_text` (per, while)
        self._own_text: dict[str, tuple[dict[str, Any], ...]] = {}
        code_of, owner_of, lists = deal_instances(log, {"main": ""})
        players = {pid: PlayerState(pid, deck=lists[pid]["main"]) for pid in log.player_ids}
        self.state = RSState(defs, code_of, owner_of, players, list(log.player_ids))
        for team in log.teams or ():
            self.state.teams.append((team["players"][0], team["players"][1]))
            self.state.team_ids.append(team["id"])
        #: an attack or strike that a counter recorded as the next action would come before
        #: (see ``open_window``): who may counter, the timing, and the state to go back to
        self.window: dict[str, Any] | None = None
        #: :meth:`unit_views`' views of plain units, by card, vehicle, residents' BP and held
        self._plain_views: dict[tuple[str, str | None, int, bool], dict[str, Any]] = {}
        #: a vehicle's view, by card: the same at every keyframe (no BP, no SP: RS-VEHICLE)
        self._vehicle_views: dict[str, dict[str, Any]] = {}
        #: :meth:`pending`'s entries, by what they say
        self._pending_memo: dict[Any, list[dict[str, Any]]] = {}
        #: :meth:`pending`'s entries while nothing waits, by the phase and the turn player
        self._pending_plain: dict[tuple[str, str | None], list[dict[str, Any]]] = {}
        #: :meth:`codes_where`'s sets of codes, by the name of what they have: read first
        #: where asked at every action (a hit without the call, nor the ``has`` it would be
        #: given made anew)
        self.codes_known: dict[Hashable, frozenset[str]] = {}
        #: :meth:`field_bp`, once known
        self._field_bp: bool | None = None
        #: :meth:`residents_now`, by the residents in place
        self._residents_memo: dict[Any, tuple[bool, ResidentSums]] = {}
        #: the codes of the game's cards that lay RS-AURA-BP (:meth:`settle_zero`: none, and no
        #: held aura in force, and nothing can be lowered to BP 0)
        self._aura_laying = aura_bp.codes(self)
        if log.start is not None:  # a game from a position (docs/positions.md)
            from judge.games.rangers_strike.position_place import place

            place(self, log.start, log.layout)
            return
        for pid in self.state.order:
            self.shuffle(pid, opening=True)
        self.state.agenda.append(("wait_first_player", {}))

    # == decision points: the base game ======================================================

    def sides(self) -> list[tuple[str, ...]]:
        """Decision point: who takes turns, in order — the players, the first player first."""
        st = self.state
        first = st.first or st.order[0]
        out: list[tuple[str, ...]] = [(first,)]
        for p in st.order:  # (a loop, not a generator unpacked)
            if p != first:
                out.append((p,))
        return out

    def phase_order(self, side: tuple[str, ...]) -> list[tuple[str, str]]:
        """Decision point: the (player, phase) steps of one turn of ``side`` (RS-TURN)."""
        return [(side[0], phase) for phase in PHASES]

    def allies(self, pid: str) -> list[str]:
        """The players on ``pid``'s side, ``pid`` first."""
        return [pid]

    def power_of(self, pid: str) -> int:
        """Decision point: the power ``pid``'s cards are checked against (RS-POWER)."""
        return len(self.state.players[pid].power)

    def command_holders(self, pid: str) -> list[str]:
        """Decision point: whose command zones may hold the command ``pid`` needs."""
        return [pid]

    def unit_lenders(self, pid: str) -> list[str]:
        """Decision point: whose units may meet ``pid``'s additional conditions besides its
        own."""
        return []

    def target_player(self, pid: str) -> str:
        """Decision point: the player whose battle area ``pid``'s units attack."""
        return next(p for p in self.state.order if p != pid)

    def opponents(self, pid: str) -> list[str]:
        """Decision point: the opposing players (``"opponent"`` in card text)."""
        return [p for p in self.state.order if p != pid]

    def opponent_players(self, pid: str) -> list[str]:
        """Decision point: the player "相手" (the opponent, one player) names in an effect of
        ``pid``'s where the opponent chooses among its own units (RS-OPPONENT-CHOOSES)."""
        return self.opponents(pid)

    def combination_offset(self, pid: str) -> tuple[int, str | None]:
        """Decision point: how many positions ``pid``'s battle area counts on from, and why."""
        return 0, None

    def unit_before(self, pid: str) -> Unit | None:
        """Decision point: the unit (or vehicle) directly before the last one in ``pid``'s
        battle area, the one a combination is made from (RS-COMBINATION-FROM), or None."""
        battle = self.state.players[pid].battle
        return battle[-2] if len(battle) > 1 else None

    def damage_limit(self) -> int:
        """Decision point: the damage at which a player's play ends (RS-LOSS-DAMAGE)."""
        return 7

    def reach_limit(self, pid: str) -> None:
        """Decision point: ``pid`` has reached the damage limit."""
        ps = self.state.players[pid]
        winner = self.winner_against(pid)
        self.end_game(
            winner,
            "damage",
            "RS-LOSS-DAMAGE",
            f"{pid} has {ps.damage} damage (7 or more): {pid} loses; {winner} wins.",
        )

    def deck_out(self, pid: str) -> None:
        """Decision point: ``pid`` must draw in its start phase from an empty deck."""
        winner = self.winner_against(pid)
        self.end_game(
            winner,
            "deck",
            "RS-LOSS-DECK",
            f"{pid} must draw in the start phase but the deck is empty: {pid} loses; "
            f"{winner} wins.",
        )

    def damage_side(self, by: str, amount: int, source: str) -> None:
        """Decision point: ``amount`` damage dealt by ``by``'s strike or effect to the other
        side."""
        self.push(
            (
                "damage",
                {"player": self.target_player(by), "amount": amount, "source": source, "by": by},
            )
        )

    def damage_ends_game(self, pid: str, amount: int) -> bool:
        """Decision point: whether ``amount`` damage to ``pid`` ends the game whichever power
        cards are turned face down (then nobody chooses them).  1 vs 1: never asked — the
        damaged player still records ``take_damage`` (RS-DAMAGE-CHOICE)."""
        return False

    def counter_players(self, b: Battle) -> list[str]:
        """Decision point: who may answer the attack or strike ``b`` with a counter."""
        if b.kind == "attack":
            return [b.defender] if b.defender else []
        return [self.target_player(b.attacker_player)]

    def resident_covers(self, owner: str, side: str) -> list[str]:
        """Decision point: whose units a resident of ``owner`` covers on ``side``: the owner's
        own, and the target player's (RS-RESIDENT, RST-RESIDENT).  Tag changes neither: it lets
        the resident stand beside another and execute another's bold part (RS-TAG,
        RST-RESIDENT-TAG), it does not widen 自軍 or 相手."""
        return [owner] if side == "own" else [self.target_player(owner)]

    def winner_against(self, loser: str) -> str:
        """Decision point: who wins when ``loser`` loses (a player id; tag: a team id)."""
        return next(p for p in self.state.order if p != loser)

    def can_act(self, pid: str) -> bool:
        """Whether ``pid`` still has active play (tag battle: not out, RST-OUT).  Written out
        in :meth:`when_idle` and :meth:`op_next_phase` (asked at every phase): no variant
        overrides it (tests/games/rangers_strike/test_written_out.py)."""
        return not self.state.players[pid].out

    # == the runner's interface (the rest is AgendaEngine's) =================================

    def legal_actions(self) -> list[dict[str, Any]]:
        from judge.games.rangers_strike.legal import legal_actions

        return legal_actions(self)

    # == who decides now =====================================================================

    def decisions(self) -> list[tuple[str | None, tuple[str, ...]]]:
        """Who may decide now, and which kinds each may record (``None``: any listed player).

        During a counter window only the counter is listed: any other action closes the
        window first (``fill_missing``) and is then judged against what follows.
        """
        st = self.state
        if st.phase == "over":
            return []
        if self.pool.items:  # (the pool's __bool__ written out: twice an action)
            return [(self.pool.chooser(), ("resolve",))]
        if st.agenda:
            op, args = st.agenda[0]
            if op == "wait_first_player":
                return [(None, ("first_player",))]
            if op == "wait_take_damage":
                return [(args["player"], ("take_damage",))]
            if op == "wait_assign":
                return [(p, ("assign_damage",)) for p in args["team"]]
            if op == "wait_window":
                return [(p, ("use",)) for p in args["players"]]
            return []
        kinds = PHASE_DECISIONS.get(st.phase)  # (one look-up, the list made with it)
        out: list[tuple[str | None, tuple[str, ...]]] = (
            [] if kinds is None else [(st.turn_player, kinds)]
        )
        extra = st.extra_open
        if extra:
            for p in extra:  # (a loop, not a list comprehension: twice an action)
                out.append((p, ("extra_draw",)))
        return out

    def pending(self) -> list[dict[str, Any]]:
        st = self.state
        if self.pool.items:  # (the pool's __bool__ written out: once an action)
            return self.pending_effects()
        # memoised by what the entries say (the decisions, a waiting counter window's timing,
        # an open window's players, timing and what it answers), and shared read-only between
        # steps (as Union Arena's)
        agenda = st.agenda
        window = self.window
        plain = not agenda and not st.extra_open and window is None
        if plain:  # (the most steps: nothing waits, no extra draw or window open) by the
            # phase and the turn player alone, who say the decisions (the same entries)
            out = self._pending_plain.get((st.phase, st.turn_player))
            if out is not None:
                return out
        if agenda or st.extra_open:
            decisions = tuple(self.decisions())
            waiting = agenda[0][1]["timing"] if agenda and agenda[0][0] == "wait_window" else None
        else:  # (decisions written out for the most steps: nothing waits, no extra draw open;
            # "over" has no PHASE_DECISIONS entry, as decisions gives none then)
            kinds = PHASE_DECISIONS.get(st.phase)
            decisions = () if kinds is None else ((st.turn_player, kinds),)
            waiting = None
        key = (
            decisions,
            waiting,
            None
            if window is None
            else (tuple(window["players"]), window["what"], window["timing"]),
        )
        memo = self._pending_memo
        out = memo.get(key)
        if out is None:
            out = memo[key] = self._pending_entries(decisions, waiting, window)
        if plain:
            self._pending_plain[st.phase, st.turn_player] = out
        return out

    def _pending_entries(
        self,
        decisions: tuple[tuple[str | None, tuple[str, ...]], ...],
        waiting: str | None,
        window: dict[str, Any] | None,
    ) -> list[dict[str, Any]]:
        """:meth:`pending`'s entries (no effect waiting): the decisions, a waiting counter
        window's, an open window's."""
        out = []
        for who, kinds in decisions:
            label = who if who else "the rock-paper-scissors winner"
            text = f"{label}: {', '.join(kinds)}"
            if waiting is not None:
                text = f"{who} may use a counter ({waiting}); any other action means none was used"
            out.append({"player": who, "kind": "|".join(kinds), "text": text})
        if window is not None:
            for who in window["players"]:
                out.append(
                    {
                        "player": who,
                        "kind": "use",
                        "text": f"{who} may answer the {window['what']} with a counter "
                        f"({window['timing']}) as the next action, before it resolves",
                    }
                )
        return out

    # == low-level moves =====================================================================

    def new_unit(self, iid: str) -> Unit:
        return Unit(card=iid, serial=self.state.next_serial(), arrived=self.state.turn)

    def bp(
        self,
        unit: Unit,
        owner: str | None = None,
        area: str | None = None,
        bonus: int | None = None,
        team: bool = False,
    ) -> int:
        """A unit's BP now: printed, effects, residents (``bonus``: what
        :meth:`resident_bonus` gives it, when the caller knows already).  A unit riding a
        vehicle has its own (RS-RIDE); a vehicle has none, and never fights (RS-VEHICLE).
        With 自軍 in its own text read as its player's, or (``team``) its team's: where the
        two differ the BP is not known (:meth:`bp_readings`)."""
        st = self.state
        d = st.defs[st.code_of[unit.card]]  # (RSState.card written out: BP is read often)
        ops = self._own_text.get(d.code)  # (own_text_of's lookup written out, as d)
        if ops is None:
            ops = self.own_text_of(d)
        if ops:  # RS-COMMAND-FEATURES: "BPNになる" prevails, other changes void
            fixed = own_text.bp_fixed(self, unit, ops, team)
            if fixed is not None:
                return fixed
        value = self.own_bp(unit, d, team)
        if bonus is not None:
            return value + bonus
        if owner is None or area is None:
            where = st.area_of(unit)
            if where is None:
                return value
            owner, area = where
        return value + self.resident_bonus(unit, owner, area)

    def sp(self, unit: Unit) -> int:
        """A unit's SP (:meth:`sp_known`; 0 where it is not known)."""
        return self.sp_known(unit)[0]

    def sp_known(self, unit: Unit) -> tuple[int, str | None]:
        """:meth:`_sp_known`, with what a unit's text raises it by as it strikes
        (RS-STRIKE-SP-RETRIEVED)."""
        value, why = self._sp_known(unit)
        st = self.state
        d = st.defs[st.code_of[unit.card]]  # (RSState.card written out: at each SP read)
        if not d.restrictions:
            return value, why
        made = (
            any(m.sp is not None or m.sp_at is not None for m in unit.mods)
            or next_in_line.taxis_in_play(self)
            or any(op.get("op") == "sp" for op in self.own_text_of(d))
        )
        return strike_sp.adjust(self, unit, value, why, made)

    def _sp_known(self, unit: Unit) -> tuple[int, str | None]:
        """A unit's SP now, and why it is not known (None when it is): printed, a printed
        ``K/N`` at its battle position (RS-SP-FRACTION), an effect's "SP N になる" until its
        end (RS-SP-EFFECT), its own text's while its condition holds (RS-WHILE), and "SP1"
        from a taxis before it (RS-TAXIS: where it decides, whether a floor or the unit's SP
        is not known).  A unit riding a vehicle stands in the vehicle's place (RS-RIDE); a
        vehicle has no SP and never strikes (RS-VEHICLE)."""
        value, why, made = self._sp_without_taxis(unit)
        known = self.codes_known.get("taxis")  # (no card of the game with taxis: no call)
        if known is not None and not known or not next_in_line.taxis_in_play(self):
            return value, why
        gives, said = next_in_line.taxis_sp(self, unit)
        if gives is False:
            return value, why
        settled = why is None and made <= {1}
        if gives is None:  # whether a taxis gives it SP 1 is not known
            return (1, None) if settled and value == 1 else (0, why or f"taxis: {said}")
        if settled and value <= 1:
            return 1, None  # "SP1" as a floor and as its SP alike (RS-TAXIS)
        return 0, why or (
            f"taxis: {said} Whether that SP 1 is a floor (SP {max(value, 1)}) or its SP (one "
            "of the effects that make it, RS-SP-EFFECT) the sources do not say"
        )

    def _sp_without_taxis(self, unit: Unit) -> tuple[int, str | None, set[int]]:
        """:meth:`sp_known` before any taxis, and the SPs effects make it (RS-SP-EFFECT)."""
        st = self.state
        d = st.defs[st.code_of[unit.card]]
        if d.is_vehicle:
            return 0, None, set()
        made = {m.sp for m in unit.mods if m.sp is not None}
        value = d.sp
        if unit.vehicle is not None and (
            d.sp_at is not None or any(m.sp_at is not None for m in unit.mods)
        ):  # RS-RIDER: the place a K/N counts is not said for a unit riding a vehicle
            return (
                0,
                "it rides a vehicle, and whether a unit riding one stands in the vehicle's "
                "place for its SP K/N the sources do not say",
                made,
            )
        fractions = [d.sp_at] if d.sp_at is not None else []
        fractions += [m.sp_at for m in unit.mods if m.sp_at is not None]
        denominators: dict[int, int] = {}
        for _k, n in fractions:  # RS-CROSS: the denominators the units to its left lower
            low, said = cross.lowered(self, unit, n, "SP denominator")
            if low is None:
                return 0, said, made
            denominators[n] = low
        if d.sp_at is not None and self.battle_position(unit) == denominators[d.sp_at[1]]:
            made.add(d.sp_at[0])
        for m in unit.mods:
            if m.sp_at is not None:  # "選んだユニットは「SP1/2」になる" (RS-SP-EFFECT)
                at = denominators[m.sp_at[1]]
                made.add(m.sp_at[0] if self.battle_position(unit) == at else 0)
        ops = self.own_text_of(d)
        if ops:  # RS-WHILE: "これは「SP1」になる" while its condition holds (RS-NEXT-TO)
            mine = own_text.sp(self, unit, ops, False)
            pid = own_text.player_of(self, unit)
            if pid is not None and own_text.two_readings(self, pid, ops):
                theirs = own_text.sp(self, unit, ops, True)
                if theirs != mine:
                    return (
                        0,
                        f"{own_text.doubt(self, unit, ops)}: the two readings disagree on "
                        "whether its own text makes it SP "
                        + " or ".join(map(str, sorted(mine | theirs))),
                        made | mine | theirs,
                    )
            made |= mine
        if len(made) > 1:
            return (
                0,
                "effects make its SP " + " and ".join(str(n) for n in sorted(made)) + ", and "
                "which applies last is the turn player's choice, which the log does not record",
                made,
            )
        return (next(iter(made)) if made else value), None, made

    def battle_position(self, unit: Unit) -> int | None:
        """Where ``unit`` stands in its battle area, counted from the left from 1, or None
        when it is not there.  Tag: rule option ``sp_fraction_count`` (RS-SP-FRACTION)."""
        where = self.state.area_of(unit)
        if where is None or where[1] != "battle":
            return None
        owner = where[0]
        position = self.state.players[owner].battle.index(unit) + 1
        if self.options.get("sp_fraction_count", "team") == "team":
            position += self.combination_offset(owner)[0]
        return position

    def per_card(self, kind: str, own: dict[str, T], d: CardDef, read: Callable[[CardDef], T]) -> T:
        """What ``read`` makes of the card ``d``: kept in ``own`` (this game's, by code), and
        for every game of the same card table under ``kind`` (:func:`read_table_once`'s
        memo).  ``read`` reads the definition alone (no rule option, no state) and its answer
        is never changed by those who ask (a tuple).

        Why kept per card: BP is read for every unit in every view and comparison, and a
        card's definition never changes during a game, so its effects are read once, not once
        per unit and per read.  Why shared: the same answers again in every game of the same
        cards (a format's decks, a tournament's logs in one worker); every definition an
        engine reads is the table's, by its code (none is made in a game)."""
        got = own.get(d.code)
        if got is None:
            key = (kind, d.code)
            got = self._table_memo.get(key)
            if got is None:
                got = self._table_memo[key] = read(d)
            own[d.code] = got
        return got

    def resident_ops(self, d: CardDef) -> tuple[tuple[str, str, str | None, int], ...]:
        """A resident's BP operations the engine executes, as ``(side, zone, category,
        amount)``, in the card's order (:meth:`per_card`)."""
        return self.per_card("resident ops", self._resident_ops, d, _resident_ops)

    def static_of(self, d: CardDef) -> tuple[attack_bp.Static, ...]:
        """A unit's own continuous attack BP (RS-ATTACK-BP) (:meth:`per_card`)."""
        got = self._static_bp.get(d.code)  # (per_card's own lookup written out: asked often)
        if got is not None:
            return got
        return self.per_card("static bp", self._static_bp, d, _static_bp)

    def codes_where(
        self, key: Hashable, has: Callable[[CardDef], bool], shared: bool = False
    ) -> frozenset[str]:
        """The codes of the game's card definitions for which ``has`` holds (``key`` names
        it), worked out once a game; ``shared``: once for every game of the same card table
        (``has`` reads the definition and nothing else: no rule option, no state).

        Why: a scan of every card in play or in a public zone for a text few cards print costs
        as much as the field is large (hundreds of units and cards on a long log); with the
        codes that print it the scan is skipped when no card of the game does, and otherwise
        looks at each card's code only.  A definition never changes during a game.  Why
        shared: working these out was 4-6 % of a normal game of 150-180 actions (measured),
        for the same answers again when the same cards are played again (a format's decks, a
        tournament's logs in one worker)."""
        codes = self.codes_known.get(key)
        if codes is None:
            table_key = ("codes_where", key)
            codes = self._table_memo.get(table_key) if shared else None
            if codes is None:
                codes = frozenset(code for code, d in self.state.defs.items() if has(d))
                if shared:
                    self._table_memo[table_key] = codes
            self.codes_known[key] = codes
        return codes

    def own_text_of(self, d: CardDef) -> tuple[dict[str, Any], ...]:
        """A unit's own continuous BP and SP for each one counted or while a condition
        holds (:mod:`~judge.games.rangers_strike.own_text`) (:meth:`per_card`)."""
        got = self._own_text.get(d.code)  # (per_card's own lookup written out: asked often)
        if got is not None:
            return got
        return self.per_card("own text", self._own_text, d, own_text.ops_of)

    def own_bp(self, unit: Unit, d: CardDef, team: bool = False) -> int:
        """``unit``'s BP before residents: printed, its effects in force, what its own
        continuous text gives it now (RS-ATTACK-BP, RS-BP-PER, RS-WHILE; ``team``: with 自軍
        read as its team, tag battle), and what the vehicle it rides gives it (RS-RIDER-BP);
        ``d`` its card."""
        if self.plain_bp(unit):
            return d.bp
        st = self.state
        value = d.bp + (attack_bp.mods_bp(st, unit) if unit.mods else 0)
        if unit.stacked:  # RS-STACK: "このカードに重ねたユニットはBP+Nされ"
            value += stacking.bp(st, unit)
        if unit.vehicle is not None:  # RS-RIDER-BP
            v = st.card(unit.vehicle)
            value += v.rider_bp
            if v.rider_attack_bp and attack_bp.counts(st, unit, "attacking", None):
                value += v.rider_attack_bp
        statics = self._static_bp.get(d.code)  # (static_of's lookup written out, as below)
        if statics is None:
            statics = self.static_of(d)
        for n, when, against in statics:
            if attack_bp.counts(st, unit, when, against):
                value += n
        ops = self._own_text.get(d.code)  # (own_text_of's lookup written out, as in bp)
        if ops is None:
            ops = self.own_text_of(d)
        if ops:  # RS-BP-PER, RS-WHILE: so much for each one counted, or while it holds
            value += own_text.bp(self, unit, ops, team)
        b = st.battle
        # RS-RUSH-GUARD: another card's, while it is attacked (rush_guard.bonus's first test
        # written out: 0 for any other unit, asked for every unit's BP during a battle)
        if b is not None and b.kind == "attack" and b.target is unit:
            value += rush_guard.bonus(self, unit, team)
        field = self._field_bp  # (field_bp's kept answer read first)
        if st.auras or (field if field is not None else self.field_bp()):
            value += aura_bp.bonus(self, unit, team)  # RS-AURA-BP: a card's text while in play
            value += escort.bonus(self, unit, team)  # RS-NEXT-TO-BP: the units next to it
        return value

    def field_bp(self) -> bool:
        """Whether a card of the game's has a text that changes other units' BP while it is
        in play (RS-AURA-BP, RS-NEXT-TO-BP), worked out once a game.

        Why: BP is read for every unit a choice by BP may take and in every keyframe's
        views, hundreds on a long log; a game without such a card skips those texts."""
        field = self._field_bp
        if field is None:
            field = self._field_bp = bool(aura_bp.codes(self) or escort.raised(self))
        return field

    def plain_bp(self, unit: Unit) -> bool:
        """Whether ``unit``'s BP before residents is its card's printed BP, read one way: no
        effect in force on it, no card stacked under it, no vehicle ridden, no battle in
        progress, its card without a text of its own BP (RS-ATTACK-BP, RS-BP-PER, RS-WHILE),
        and no text in force or in the game that changes other units' BP (RS-HELD-AURA-BP,
        :meth:`field_bp`): what :meth:`own_bp` and :meth:`bp_team` work out then, checked
        first (BP is read for hundreds of units on a long log)."""
        st = self.state
        if unit.mods or unit.stacked or unit.vehicle is not None or st.battle is not None:
            return False
        field = self._field_bp  # (field_bp's kept answer read first)
        if st.auras or (field if field is not None else self.field_bp()):
            return False
        codes = self.codes_known.get("printed bp")  # (read first: no bound method made)
        if codes is None:
            # (shared: printed_bp_only reads the definition alone, through per_card's reads)
            codes = self.codes_where("printed bp", self.printed_bp_only, shared=True)
        return st.code_of[unit.card] in codes

    def printed_bp_only(self, d: CardDef) -> bool:
        """Whether card ``d`` has no text of its own BP or SP (:meth:`static_of`,
        :meth:`own_text_of`)."""
        return not self.static_of(d) and not self.own_text_of(d)

    def bp_readings(self, unit: Unit) -> tuple[int, int]:
        """``unit``'s BP with 自軍 read as its player's and as its team's (the same in 1 vs
        1, and for a unit whose own text does not read 自軍 so: :mod:`own_text`), or with the
        units next to it read narrowly and widely (RS-NEXT-TO, either variant)."""
        value = self.bp(unit)
        team = self.bp_team(unit)
        return value, value if team is None else team

    def bp_team(self, unit: Unit) -> int | None:
        """``unit``'s BP with 自軍 in its own text read as its team's (tag battle; the units
        next to it read widely, RS-NEXT-TO), or None when that reading cannot differ from the
        other (checked without working out BP)."""
        if self.plain_bp(unit):
            return None
        ops = self.own_text_of(self.state.card(unit.card))
        pid = own_text.player_of(self, unit) if ops else None
        if (
            (pid is None or not own_text.two_readings(self, pid, ops))
            and not rush_guard.differs(self, unit)  # RS-RUSH-GUARD: its own unit, or the ally's
            and not (
                (self.state.auras or self.field_bp())
                and (
                    escort.differs(self, unit)  # RS-NEXT-TO-BP: a unit beside it, maybe
                    or aura_bp.differs(self, unit)  # RS-AURA-BP: ウイング perhaps given
                )
            )
        ):
            return None
        return self.bp(unit, team=True)

    def residents_by_category(self) -> bool:
        """Whether a resident in place gives BP to units of one category only (else what
        residents give a unit depends on its player and area alone)."""
        return self.residents_now()[0]

    def residents_now(self) -> ResidentsNow:
        """For the residents in place: whether one gives BP by category
        (:meth:`residents_by_category`), and :meth:`resident_bonus`'s sums so far.

        Why kept by the residents in place: BP is read for every unit a choice by BP may take
        and in every keyframe's views, and what residents give depends only on which are in
        place (their cards' operations, :meth:`resident_ops`; whose units they cover,
        :meth:`resident_covers`, by the players alone), the unit's player, area and
        categories."""
        st = self.state
        # (RSState.placed written out: about once an action)
        key: list[tuple[str, str]] = []
        for q in st.order:
            for res in st.players[q].residents:
                key.append((q, res))
        placed = tuple(key)
        got = self._residents_memo.get(placed)
        if got is None:
            if len(self._residents_memo) > 256:  # (a long log places hundreds in turn)
                self._residents_memo.clear()
            by_category = any(
                cat is not None
                for _q, res in placed
                for _side, _zone, cat, _n in self.resident_ops(st.card(res))
            )
            got = self._residents_memo[placed] = (by_category, {})
        return got

    def resident_bonus(
        self, unit: Unit, owner: str, area: str, now: ResidentsNow | None = None
    ) -> int:
        """BP given by residents in place (RS-RESIDENT); ``now``: :meth:`residents_now`, when
        the caller has it already (a keyframe's views, for every area)."""
        st = self.state
        by_category, sums = self.residents_now() if now is None else now
        # RS-ADD-FEATURE: a category added counts too
        cats = st.unit_categories(unit) if by_category else ()
        total = sums.get((owner, area, cats))
        if total is not None:
            return total
        total = 0
        for q, res in st.placed():
            d = st.card(res)
            ops = self.resident_ops(d)
            if not ops:
                continue
            for side, zone, cat, amount in ops:
                if owner not in self.resident_covers(q, side):
                    continue
                if zone != area:
                    continue
                if cat is not None and cat not in cats:
                    continue
                total += amount
        sums[(owner, area, cats)] = total
        return total

    def destroy(
        self,
        owner: str,
        unit: Unit,
        why: str,
        only: Callable[[dict[str, Any]], bool] | None = None,
        by: str | None = None,
        killer: unit_destroys.Killer | None = None,
    ) -> None:
        """A unit goes to the discard pile; when-destroyed effects trigger (``only``: those
        it accepts, when the unit was destroyed before and only now goes to the discard pile,
        RS-RESIST).  The vehicle a destroyed unit rode stays in its place (RS-RIDE); the cards
        it is stacked on go where their texts say, or one keeps it in place (RS-STACK-LEAVES,
        RS-STACK-STAY).  ``by``: the player who destroyed it, when known
        (RS-IF-DESTROYED-THIS-TURN); ``killer``: the unit that destroyed it and how, when one
        did (RS-FEATURE-DESTROYS-DRAW)."""
        st = self.state
        if unit.stacked and stacking.leaving(self, unit, f"is destroyed ({why})", only is None):
            return
        ps = st.players[owner]
        left = None
        for area in AREAS:
            lst = ps.area(area)
            if unit in lst:  # (by identity, Unit's eq=False: in C, not a generator)
                left = leave_area(st, lst, unit)
        for iid in unit.cards():
            st.players[st.owner_of[iid]].discard.append(iid)
        this_turn.record(self, owner, unit, by)  # RS-IF-DESTROYED-THIS-TURN
        unit_destroys.seen(self, unit, killer)  # RS-FEATURE-DESTROYS-DRAW
        if st.entering is unit:
            st.entering = None
        said = "is destroyed" if only is None else "was destroyed"
        self.event(
            "destroyed",
            f"{self.name(unit.card)} {said} ({why}) and goes to the discard pile.",
            player=owner,
            card=unit.card,
            cards=unit.cards(),
        )
        if left is not None:
            self.rider_left(left, unit.card)
        for iid in unit.cards():
            self.fire(None, "on_destroyed", st.owner_of[iid], card=iid, only=only)

    def rider_left(self, vehicle: Unit, rider: str) -> None:
        """RS-RIDER: the unit ``rider`` has left its area; the vehicle it rode stays."""
        self.ctx.ruling(
            "RS-RIDER",
            f"{self.name(rider)} rode {self.name(vehicle.card)}: the vehicle stays in its "
            "place, no longer ridden.",
        )

    def hold_command(self, holder: str, index: int, user: str, iid: str) -> None:
        st = self.state
        cmd = st.players[holder].command[index]
        cmd.held = True
        command_watch.held(self, [(holder, cmd.card)], "use")  # RS-COMMAND-HELD-WATCH
        category = st.defs[st.code_of[cmd.card]].category
        if holder == user:
            self.event(
                "hold",
                f"{user} holds the {category} command {self.name(cmd.card)}.",
                player=user,
                card=cmd.card,
            )
            return
        self.event(
            "hold",
            f"{holder} holds its {category} command {self.name(cmd.card)} for {user}.",
            player=holder,
            card=cmd.card,
            for_player=user,
        )
        self.ctx.ruling(
            "RST-LEND-COMMAND",
            f"{user} holds a command of {holder}'s: {holder} held {cmd.card} ({category}) for "
            f"{user}'s {self.name(iid)}, and it counts as held in {user}'s command zone.",
        )
        if st.players[holder].out:
            self.ctx.ruling(
                "RST-PASSIVE",
                f"{holder} can no longer continue play but still holds a command for its ally.",
            )

    # == effects =============================================================================

    def fire(
        self,
        unit: Unit | None,
        trigger: str,
        pid: str,
        card: str | None = None,
        only: Callable[[dict[str, Any]], bool] | None = None,
        **context: Any,
    ) -> None:
        """Put the ``trigger`` effects of a card into the pending pool (``only``: those it
        accepts)."""
        iid = card if card is not None else (unit.card if unit else None)
        if iid is None:
            return
        st = self.state
        d = st.defs[st.code_of[iid]]  # (RSState.card written out: a few times an action)
        if trigger == "combination":
            for index, effect in enumerate(d.combination_effects()):
                eff = effect if "when" in effect else {**effect, "when": "combination"}
                if combination_turn.later(eff):  # RS-COMBINATION-TURN: in force for the turn
                    combination_turn.grant(self, pid, iid, unit, eff, index, context.get("doubt"))
                    continue
                self.pool.add(pid, iid, eff, 100 + index, trigger, unit=unit, **context)
            return
        for index, effect in enumerate(d.effects):
            if effect.get("when") != trigger or (only is not None and not only(effect)):
                continue
            if effect.get("turn") == "opponent" and self.state.turn_player in self.allies(pid):
                continue  # "敵軍ターン中" only (RS-DESTROYED-TO-POWER)
            if effect.get("turn") == "own" and self.state.turn_player not in self.allies(pid):
                continue  # "自軍ターン中、これをラッシュしたとき": its player's turn only (RS-MORPH)
            self.pool.add(pid, iid, effect, index, trigger, unit=unit, **context)

    def run_effect(self, pe: PendingEffect, targets: list[Any], use: bool | None) -> None:
        from judge.games.rangers_strike.resolve import run_effect

        run_effect(self, pe, targets, use)

    # == the agenda (run by AgendaEngine.advance) ============================================

    #: the runner's ``check``: the handlers' own, with AgendaEngine's written out before it
    #: (one call an action fewer: :func:`actions.check`)
    check = actions.check

    def apply(self, plan: Plan, ctx: StepContext) -> None:
        """The step, then the units a card's text in play lowers to BP 0 or less destroyed by the
        rule (RS-AURA-BP, RS-BP-ZERO), and what that sets off.  AgendaEngine's ``apply`` and
        the handlers' written out (two calls an action fewer; tests/games/rangers_strike/
        test_written_out.py replays games the long way too)."""
        self.ctx = ctx
        if ctx.forced:
            self.state.after_illegal = True
        if "forced" in plan.data:  # the record of a decision taken already: nothing changes
            from judge.core import forced

            forced.apply(self, plan)
        else:
            if self.forced and plan.kind != "outcome":  # (as AgendaEngine.apply)
                self.forced.clear()
            kind = plan.kind  # (actions.apply)
            if kind not in ("concede", "extra_draw", "outcome"):
                st = self.state
                if st.extra_open:  # (mostly empty: no call to clear them)
                    st.extra_open.clear()
                if st.extra_closed:
                    st.extra_closed.clear()
            actions.APPLIES[kind](self, plan)
            st = self.state
            # (advance's first pass written out: in a third of the actions nothing waits to
            # run, no effect, no agenda step, no phase of a player who is out)
            if (
                st.agenda
                or self.pool.items
                or (
                    st.phase in PHASE_DECISIONS
                    and st.turn_player is not None
                    and st.players[st.turn_player].out
                )
            ):
                self.advance()
        # (written out: twice an action, nearly always for nothing) with no held aura and no
        # card of the game that lays the rule, check_zero finds no text in force (_in_force is
        # empty without such a code) and returns False at once: nothing to settle
        if self._aura_laying or self.state.auras:
            self.settle_zero()

    def fill_missing(self, action: dict[str, Any], ctx: StepContext) -> None:
        """The decisions the log skipped, then the units a card's text in play lowers to BP 0 or
        less destroyed (RS-AURA-BP), before the action is judged.  AgendaEngine's
        ``fill_missing`` written out, and the handlers' only when something may have been
        skipped: no counter window open, not an ``outcome``, and nothing waits (no effect, no
        agenda step) or the game is over, it fills in nothing (the most actions)."""
        self.ctx = ctx
        if self.settle_first:
            self.settle_first = False
            self.advance()
        st = self.state
        if (
            self.window is not None
            or action["do"] == "outcome"
            or (st.phase != "over" and (self.pool.items or st.agenda))
        ):
            actions.fill_missing(self, action)  # stops at a record of a decision taken
        if self._aura_laying or self.state.auras:  # (as in apply; a counter: another state)
            self.settle_zero()

    def settle_zero(self) -> None:
        """RS-AURA-BP, RS-BP-ZERO: destroy the units so lowered to BP 0 or less, and run on."""
        for _ in range(8):
            if self.state.phase == "over" or not aura_bp.check_zero(self):
                break
            self.advance()

    def advance(self) -> None:
        """Run automatic procedure until a decision is due or the game is over: AgendaEngine's
        ``advance`` written out, with :meth:`when_idle`'s test before its call (once an action
        nothing is left to run, and a player who is out is rare: one call an action fewer).
        tests/games/rangers_strike/test_fast_paths.py replays games with AgendaEngine's too."""
        st = self.state
        pool = self.pool
        agenda = st.agenda
        waits = self.WAITS
        cls = type(self)
        ops = OP_FUNCTIONS.get(cls)
        if ops is None:
            ops = OP_FUNCTIONS[cls] = {}
        for _ in STEP_LIMIT:
            if st.phase == "over":
                agenda.clear()
                pool.items.clear()
                return
            if pool.items:
                if self.auto_resolve():
                    self.after_auto_resolve()
                    continue
                return
            if not agenda:
                if (
                    st.phase in PHASE_DECISIONS
                    and st.turn_player is not None
                    and st.players[st.turn_player].out  # (when_idle's test, written out)
                    and self.when_idle()
                ):
                    continue
                return
            op, args = agenda[0]
            if op in waits:
                return
            del agenda[0]
            run = ops.get(op)  # (the class's op function, found once: AgendaEngine.advance)
            if run is None:
                run = ops[op] = getattr(cls, f"op_{op}")
            run(self, **args)
        raise RuntimeError("agenda did not settle")  # pragma: no cover - a bug guard

    def when_idle(self) -> bool:
        """A phase of a player who can no longer act is skipped (tag battle, RST-OUT)."""
        st = self.state
        if (
            st.phase in PHASE_DECISIONS
            and st.turn_player is not None
            and st.players[st.turn_player].out  # (can_act written out: once an action)
        ):
            self.ctx.ruling(
                "RST-OUT",
                f"{st.turn_player} can no longer continue play: the rest of its "
                f"{st.phase} phase and its other phases are skipped.",
            )
            st.entering = None
            self.push(("next_phase", {}))
            return True
        return False

    # setup and phases -------------------------------------------------------------------------

    def op_next_phase(self) -> None:
        """Begin the next (player, phase) of the turn, or the next side's turn."""
        st = self.state
        for _ in range(64):
            st.slot += 1
            if st.slot >= len(st.schedule):
                # (asked here only, once a turn, not on every phase: the sides depend on the
                # first player and the players or teams alone, set before the first phase)
                sides = self.sides()
                st.side = (st.side + 1) % len(sides)
                st.turn += 1
                st.schedule = self.phase_order(sides[st.side])
                st.slot = 0
                self.turn_event(sides[st.side])
            pid, phase = st.schedule[st.slot]
            if st.players[pid].out:  # (can_act written out: at each phase)
                if phase == "start":
                    self.ctx.ruling(
                        "RST-OUT",
                        f"{pid} can no longer continue play: all of its phases are skipped.",
                    )
                continue
            # the phase begins (written out: at each phase)
            st.turn_player, st.phase = pid, phase
            st.entering = None
            if phase == "start":
                self.start_phase(pid)
                if st.phase == "over":
                    return
                if not self.pool.items and self.AT_ONCE:
                    continue  # (the next phase at once: advance would run it next, nothing waits)
                st.agenda.insert(0, ("next_phase", {}))  # (push written out)
            elif phase == "end":
                # RS-TURN-END: "ターンを終えるとき" texts trigger and resolve, then the turn ends
                # (each one's first test written out: no card of the game prints the text, no
                # combination effect in force, nothing happens in the call)
                known = self.codes_known
                codes = known.get(("when", "turn_end"))
                if codes is None or codes:
                    watch.turn_end(self, pid)
                codes = known.get(held_return.CODES)
                if codes is None or codes:
                    held_return.turn_end(self, pid)  # RS-TURN-END-HELD-TO-HAND: a resident's
                if st.granted:  # RS-IF-DESTROYED-THIS-TURN, RS-COMBINATION-TURN
                    this_turn.turn_end(self, pid)
                if st.phase != "over" and not self.pool.items and not st.agenda and self.AT_ONCE:
                    # (the end_turn step and the next phase at once, as advance would run them
                    # with no effect waiting and no other step)
                    self.end_phase(pid)  # (op_end_turn)
                    if st.phase != "over" and not self.pool.items and not st.agenda:
                        continue
                    st.agenda.append(("next_phase", {}))  # (after what end_phase pushed)
                    return
                st.agenda[0:0] = (("end_turn", {"player": pid}), ("next_phase", {}))  # (push)
            elif phase == "charge":
                st.charged = False
            return
        raise RuntimeError("no player can take a phase")  # pragma: no cover - a bug guard

    def turn_event(self, side: tuple[str, ...]) -> None:
        st = self.state
        st.destroyed.clear()  # RS-IF-DESTROYED-THIS-TURN: a new turn
        st.to_hand_from_discard.clear()  # RS-STRIKE-SP-RETRIEVED
        pid = side[0]
        n = st.players[pid].turns_taken + 1
        self.event(
            "turn",
            f"Turn {st.turn}: {pid}'s turn ({ordinal(n)} of theirs).",
            player=pid,
            turn=st.turn,
        )
        self.ctx.ruling(
            "RS-TURN", f"{pid}'s turn: start, charge, rush, battle and end phase, in this order."
        )

    def skips_first_draw(self, pid: str) -> bool:
        """The first player's first start phase has no draw (RS-FIRST-TURN; tag battle: only
        the first leader's, RST-PHASES)."""
        return self.state.turn == 1 and pid == self.state.first

    def start_phase(self, pid: str) -> None:
        st = self.state
        ps = st.players[pid]
        ps.turns_taken += 1
        held = []  # (loops, not list comprehensions: at every start phase)
        for c in ps.command:
            if c.held:
                held.append(c.card)
                c.held = False
        returning = list(ps.battle)
        back = []
        for unit in returning:
            back.append(unit.card)
            unit.acted = None
            unit.rode_off = False
            unit.again = False  # RS-ATTACK-AGAIN
        ps.rush.extend(ps.battle)
        ps.battle.clear()
        bits = []
        if held:
            bits.append(f"releases {', '.join(held)}")
        if back:
            bits.append(f"returns {', '.join(back)} from the battle area to the rush area")
        if bits:
            self.event("start", f"{pid}'s start phase: {pid} {' and '.join(bits)}.", player=pid)
            self.ctx.ruling(
                "RS-START",
                f"{pid}'s start phase: held commands are released and units in the battle area "
                "return to the rush area.",
            )
        else:
            self.event("start", f"{pid}'s start phase.", player=pid)
        if returning:  # (none returned: nothing of returning to trigger, no call)
            ride.returned(self, pid, returning)  # RS-RIDER-TO-HAND: a vehicle's text of returning
            unit_return.returned(self, pid, returning)  # RS-RETURN-PULL: a unit's own
        if st.turn == 1 and pid == st.first:  # (skips_first_draw written out)
            self.ctx.ruling(
                self.first_draw_rule(), f"{pid} goes first: no draw in its first start phase."
            )
        elif not ps.deck:
            self.deck_out(pid)
            return
        else:
            self.draw(pid)
            self.ctx.ruling("RS-START-DRAW", f"{pid} draws 1 card in its start phase.")
        st.extra_open.append(pid)

    def op_end_turn(self, player: str) -> None:
        """The end phase's own step, once the "ターンを終えるとき" effects have resolved
        (RS-TURN-END): effects until the end of the turn end (RS-END)."""
        self.end_phase(player)

    def first_draw_rule(self) -> str:
        return "RS-FIRST-TURN"

    def end_phase(self, pid: str) -> None:
        st = self.state
        codes = self.codes_known.get(("restriction", "turn_end_destroy"))  # (its first test)
        if codes is None or codes:
            own_text.turn_end(self, pid)  # RS-TURN-END-DESTROY: "自分がターンを終えるとき…"
        ended = len(st.granted) + len(st.waivers) + len(st.attack_permits) + len(st.auras)
        ended += len(st.turn_features)
        st.turn_features.clear()  # RS-TURN-FEATURE
        st.auras.clear()  # RS-HELD-AURA-BP
        st.granted.clear()  # RS-COMBINATION-TURN: combination effects in force end too
        st.waivers.clear()  # RS-WAIVE-CONDITION
        st.attack_permits.clear()  # RS-ATTACK-CHOSEN
        for q in st.order:
            ps = st.players[q]
            for area in (ps.rush, ps.battle):
                if not any(map(_MODS, area)):
                    continue  # no unit here has an effect on it (looked at in C)
                for unit in area:
                    if unit.mods:
                        ended += len(unit.mods)
                        unit.mods = [m for m in unit.mods if m.until not in ("turn", "battle")]
        self.event("turn_end", f"End of {pid}'s turn.", player=pid)
        self.ctx.ruling(
            "RS-END",
            f"{pid}'s end phase: effects until the end of the turn end"
            + (f" ({ended} ended)." if ended else " (none was in force)."),
        )


RangersStrikeEngine.VARIANTS["1v1"] = RangersStrikeEngine
# the tag battle subclasses this engine and adds itself to VARIANTS when imported
import judge.games.rangers_strike.tag  # noqa: E402, F401


def _resident_ops(d: CardDef) -> tuple[tuple[str, str, str | None, int], ...]:
    """:meth:`RangersStrikeEngine.resident_ops`, read from the definition."""
    return tuple(
        (
            op["target"].get("side", "own"),
            op["target"].get("zone", "battle"),
            op["target"].get("category"),
            op["amount"],
        )
        for eff in d.effects
        if eff.get("when") == "resident" and effects.supported(eff)
        for op in eff["do"]
        if op.get("op") == "bp"  # (RS-RESIDENT-SCRUM gives no BP)
    )


def _static_bp(d: CardDef) -> tuple[attack_bp.Static, ...]:
    """:meth:`RangersStrikeEngine.static_of`, read from the definition."""
    return tuple(
        x
        for eff in d.effects
        if eff.get("when") == "static" and effects.supported(eff)
        for x in attack_bp.static_bp(eff)
    )
