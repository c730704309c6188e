"""The state of a Union Arena game: zones, cards on the field, AP, effects in force.

Zones hold instance ids (``A-7``, ``A-AP1``).  In observed mode a hidden card whose identity
is not yet known is ``None`` in its zone; the instances not yet seen anywhere are kept per
code in ``PlayerState.unseen`` (see :mod:`judge.games.union_arena.refs`).

Deck index 0 is the top.  Life index 0 is position 1 of the life row.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.games.union_arena.cards import CardDef, Keywords
from judge.games.union_arena.defmemo import facts

LINES = ("front_line", "energy_line")
LINE_LIMIT = 4


def own_turns(turn: int, first: bool) -> int:
    """How many turns of its own a player has begun by game turn ``turn`` (both players'
    turns counted from 1): the first player's are the odd ones, the second player's the even
    ones, so on turn 1 the second player has had none."""
    return (turn + 1) // 2 if first else turn // 2


def ap_in_play(first: bool, turns: int) -> int:
    """The AP cards a player has in play once the start phase of its ``turns``-th turn has
    brought them to the number for that turn (UA-START-AP): the first player 1, 2, 3 on its
    turns 1, 2, 3+; the second player 2, 2, 3.  Before its first turn a player has none: AP
    cards are put into play only at that step."""
    if turns <= 0:
        return 0
    return min(turns, 3) if first else (2 if turns <= 2 else 3)


@dataclass(slots=True)
class Modifier:
    """An effect in force on a unit: BP change, granted keyword or one more generated energy
    of a colour (``energy``), until some point."""

    bp: int = 0
    keyword: str | None = None
    until: str = "turn"  # turn | battle | next_turn (of ``owner``)
    owner: str = ""  # the player whose next turn ends a "next_turn" modifier
    energy: str | None = None  # a colour: the unit generates one more energy of it
    #: the card whose effect made it, where the engine carried that effect out (retired_by.py)
    source: str = ""


@dataclass(slots=True, eq=False)
class Unit:
    """A character or field on the field: a stack of cards (bottom first) and its status.

    A raided stack is one card for every rule; its characteristics are the top card's.
    ``serial`` makes it a new object each time it enters the field (once-per-turn effects).
    Units are compared by identity: no two are ever alike (a serial each), and the rules
    look units up in the lines all the time (``unit in ps.front_line``).
    """

    cards: list[str]
    rested: bool
    entered_turn: int
    serial: int
    raided: bool = False
    mods: list[Modifier] = field(default_factory=list)
    used: set[int] = field(default_factory=set)  # once-per-turn abilities used this turn
    attacks: int = 0  # attacks this turn
    blocks: int = 0  # blocks this turn
    #: the rule by which it skips its next activation ("": none): a yellow COLOR trigger's
    #: (UA-TRG-COLOR) or "それは次の1回アクティブにならない" (UA-EFFECT-NO-ACTIVATE)
    no_activate: str = ""
    retire_at_main_end: bool = False  # "メインフェイズ終了時、このキャラを退場させる"
    #: given "「アタックフェイズ終了時、このキャラを退場させる。」" this turn (attack_end.py)
    retire_at_attack_end: bool = False
    #: cards an effect put face down under it ("裏向きでこのキャラの下に置く", UA-UNDER): not
    #: part of the stack, known to no player (None: unknown to the engine, observed mode)
    face_down: list[str | None] = field(default_factory=list)

    @property
    def top(self) -> str:
        return self.cards[-1]


@dataclass(slots=True)
class PlayerState:
    id: str
    deck: list[str | None] = field(default_factory=list)
    hand: list[str | None] = field(default_factory=list)
    life: list[str | None] = field(default_factory=list)
    front_line: list[Unit] = field(default_factory=list)
    energy_line: list[Unit] = field(default_factory=list)
    ap_cards: list[str] = field(default_factory=list)  # AP cards in play
    ap_rested: list[bool] = field(default_factory=list)
    ap_reserve: list[str] = field(default_factory=list)  # AP cards not yet in play
    outside: list[str | None] = field(default_factory=list)
    removal: list[str | None] = field(default_factory=list)
    unseen: dict[str, list[str]] = field(default_factory=dict)  # observed: code -> ids
    turns_taken: int = 0
    #: event cards used from the hand this turn (0 at every turn's start; this_turn.py)
    events_used: int = 0
    shuffles: int = 0
    mulliganed: bool | None = None
    #: the names whose "〈X〉のこの効果は1ターンに1回のみ…" effect was used this turn (once_name.py)
    names_used: set[str] = field(default_factory=set)
    #: this turn: its cards retired from the field (top cards), AP paid for its characters'
    #: effects (this_turn.py)
    retired: list[str] = field(default_factory=list)
    #: this turn: the cards it used from the hand (played, raided, events; this_turn.py)
    used: list[str] = field(default_factory=list)
    char_ap_paid: int = 0
    #: this turn: its characters retired by a character's effect (retired_by.py)
    retired_by_char: int = 0
    #: this turn: its characters rested from active by its own effect, as (serial, top card,
    #: line) (rested_by.py)
    rested_by_own: list[tuple[int, str, str]] = field(default_factory=list)
    #: this turn: the AP it paid in the attack phase (this_turn.py)
    attack_ap_paid: int = 0
    #: this turn: its units that went from active to rested, as (serial, top card)
    became_rested: set[tuple[int, str]] = field(default_factory=set)
    #: this turn: pending "次に手札から使用する…の消費APを-N" reductions, as
    #: {"n", "card", "source"} (nextap.py)
    ap_less_next: list[dict[str, Any]] = field(default_factory=list)

    def line(self, name: str) -> list[Unit]:
        return self.front_line if name == "front_line" else self.energy_line

    def units(self) -> list[Unit]:
        return self.front_line + self.energy_line

    def active_ap(self) -> int:
        return self.ap_rested.count(False)


@dataclass(slots=True)
class Battle:
    """The attack in progress."""

    attacker: Unit
    attacker_player: str
    defender_player: str
    target: Unit | None  # None: the player
    blocker: Unit | None = None
    sniped: bool = False  # a Snipe attack on a character: it cannot be blocked (UA-KW-SNIPE)
    blocked: bool | None = None  # None until the block decision
    damage_left: int = 0  # damage procedures still owed (Damage X counts as one procedure)


@dataclass(slots=True)
class DamageCheck:
    """A damage being dealt: life cards picked, turned, and their triggers."""

    player: str  # the damaged player
    by: str  # the player who picks the life cards
    amount: int
    source: str  # what dealt it: "attack", "impact", "effect"
    turned: list[str | None] = field(default_factory=list)  # turned life cards
    triggers: list[str] = field(default_factory=list)  # turned cards with a trigger, waiting


def static_grant_ok(op: Any) -> bool:
    """A continuous keyword of a card's own (``static_keywords``) the engine reads exactly."""
    if not isinstance(op, dict) or op.get("op") != "grant" or op.get("target", "self") != "self":
        return False
    try:
        Keywords.parse([op.get("keyword")])
    except (TypeError, ValueError, AttributeError):
        return False
    return _static_conditions_ok(op)


def static_bp_ok(op: Any) -> bool:
    """A continuous BP raise of a card's own (``static_bp``) the engine reads exactly; a
    lowering (a negative ``amount``, ``UA-EFFECT-STATIC-MINUS``) only with a condition and
    no ``per`` (the engine's UA-BP-ZERO check counts it: ``own_static.lowers``)."""
    if not isinstance(op, dict) or op.get("op") != "bp" or op.get("target", "self") != "self":
        return False
    amount = op.get("amount")
    return (
        isinstance(amount, int)
        and not isinstance(amount, bool)
        and (amount >= 0 or "per" not in op and bool({"if", "if_any", "where"} & set(op)))
        and _static_conditions_ok(op)
    )


def generation_ok(op: Any) -> bool:
    """A continuous ``generate`` of a card's own the engine counts exactly (:meth:`UAState.energy`):
    one more energy of a colour while the card is active (``if`` ``"active"``) or while a
    condition holds (:func:`judge.games.union_arena.conditions.valid`, or one on a line:
    :func:`~judge.games.union_arena.own_static.generation_condition_ok`; not a hand's size,
    which a play would read with or without the card being played), in any line or in the one
    ``where`` names."""
    from judge.games.union_arena.own_static import generation_condition_ok

    if not isinstance(op, dict) or op.get("op") != "generate" or op.get("target", "self") != "self":
        return False
    cond, n = op.get("if"), op.get("n", 1)
    return (
        isinstance(op.get("color"), str)
        and isinstance(n, int)
        and not isinstance(n, bool)
        and n >= 1
        and (cond == "active" or generation_condition_ok(cond))
        and op.get("where") in (None, *LINES)
    )


def _static_conditions_ok(op: dict[str, Any]) -> bool:
    """The conditions of a continuous raise: ``during``, ``if`` (any condition the engine
    evaluates, :func:`judge.games.union_arena.conditions.valid`, or one on a line:
    :mod:`judge.games.union_arena.own_static`, as are ``where`` and ``per``) and
    ``if_outside``."""
    from judge.games.union_arena import own_static

    outside = op.get("if_outside")
    return (
        op.get("during") in (None, "own_turn", "opponent_turn")
        and own_static.ok(op)
        and (
            outside is None
            or isinstance(outside, dict)
            and outside.get("card_type") in ("character", "field", "event")
            and isinstance(outside.get("min"), int)
        )
    )


@dataclass(slots=True)
class UAState:
    """Everything about the game except the log.

    (Slots: an ``outcome``'s trial deep-copies the state, and a copy of an object without
    them reads its ``__dict__``, which leaves its attributes in a dict, slower to read, for
    the rest of the game: tests/test_attribute_layout.py.)"""

    defs: dict[str, CardDef]  # code -> definition
    code_of: dict[str, str]  # instance id -> code
    owner_of: dict[str, str]  # instance id -> player
    players: dict[str, PlayerState]
    order: list[str]  # player ids as listed in the log
    first: str | None = None
    turn: int = 0  # 0 during setup; then 1, 2, … (both players' turns counted)
    turn_player: str | None = None
    phase: str = "setup"  # setup | start | movement | main | attack | end | over
    agenda: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    battle: Battle | None = None
    damage: DamageCheck | None = None
    extra_draw_open: bool = False
    moved: bool = False
    winner: str | None = None
    reason: str | None = None
    serial: int = 0
    after_illegal: bool = False
    #: effects waiting for this turn's attack phase to start: (controller, source card,
    #: the effect's index on its card, the effect)
    delayed: list[tuple[str, str, int, dict[str, Any]]] = field(default_factory=list)
    #: the rule options in force (the engine's), for what state reads with one: the kinds of
    #: card names a condition counts (UA-EFFECT-NAME-KINDS)
    options: dict[str, Any] = field(default_factory=dict)
    #: the cards on the field entered by an effect or from a zone other than the hand: the
    #: zone, the card whose effect put it there, whether by its trigger (entered.py)
    entered: dict[str, tuple[str, str, bool]] = field(default_factory=dict)
    #: a card was given "「アタックフェイズ終了時、このキャラを退場させる。」" this turn (False: no
    #: unit is marked, and attack_end.py's loops over the units are not run)
    attack_end_given: bool = False

    def other(self, pid: str) -> str:
        return self.order[1] if pid == self.order[0] else self.order[0]

    def card(self, iid: str) -> CardDef:
        return self.defs[self.code_of[iid]]

    def next_serial(self) -> int:
        self.serial += 1
        return self.serial

    # -- characteristics of units on the field ---------------------------------------------

    def keywords(self, unit: Unit) -> Keywords:
        """The unit's keywords: its top card's, plus those effects gave it (``grant``).

        Granted Impact/Damage follow the same arithmetic as printed ones: fixed values do
        not stack (the highest counts), ``+N`` adds up.
        """
        d = self.defs[self.code_of[unit.cards[-1]]]  # (self.card(unit.top) written out)
        # (written out: no comprehension over no mods, no static_keywords call for a card with
        # no continuous keyword of its own, where it is [])
        granted = [m.keyword for m in unit.mods if m.keyword] if unit.mods else []
        if d.effects:  # continuous keywords of its own while their conditions hold
            found = d.memo or facts(d)
            if not found or found.grants:
                granted += self.static_keywords(unit)
        if not granted:
            return d.keywords
        return Keywords.parse(list(d.raw.get("keywords") or []) + granted)

    def has(self, unit: Unit, flag: str) -> bool:
        if not unit.mods:  # (keywords' own fast path written out: its card's printed ones)
            d = self.defs[self.code_of[unit.cards[-1]]]
            if not d.effects:
                return flag in d.keywords.flags
            found = d.memo or facts(d)
            if found and not found.grants:
                return flag in d.keywords.flags
        return flag in self.keywords(unit).flags

    def bp(self, unit: Unit) -> int:
        d = self.defs[self.code_of[unit.cards[-1]]]  # (self.card(unit.top) written out)
        bp = d.bp + sum(m.bp for m in unit.mods) if unit.mods else d.bp
        if not d.effects:
            return bp
        found = d.memo or facts(d)  # (static_bp is 0 for a card with no raise of its own)
        return bp + self.static_bp(unit) if not found or found.raises else bp

    def static_bp(self, unit: Unit) -> int:
        """What the unit's own continuous BP raises add now (``when: "continuous"``, ``bp`` on
        ``self``; ``UA-EFFECT-STATIC-BP``): each while its ``during`` (``own_turn`` /
        ``opponent_turn``), ``if`` (a condition of :mod:`judge.games.union_arena.conditions`
        for its controller: cards on a field, in a hand, life; ``other`` not counting this
        unit) and ``if_outside`` (at least ``min`` cards of ``card_type`` in its controller's
        outside area) hold, and its ``where`` and ``per`` (:mod:`~judge.games.union_arena.own_static`:
        the line it must be in, what it counts) say."""
        from judge.games.union_arena import own_static

        top = unit.cards[-1]  # (self.card(unit.top) written out)
        d = self.defs[self.code_of[top]]
        owner = self.owner_of[top]
        total = 0
        found = d.memo or facts(d)
        if found:  # the ops the walk below finds, in its order
            for op in found.raises:
                if self._static_holds(op, owner, unit):
                    total += op["amount"] * own_static.times(self, op, owner, unit)
            return total
        for effect in d.effects:
            if effect.get("when") != "continuous":
                continue
            for op in effect.get("do") or []:
                if static_bp_ok(op) and self._static_holds(op, owner, unit):
                    total += op["amount"] * own_static.times(self, op, owner, unit)
        return total

    def static_keywords(self, unit: Unit) -> list[str]:
        """The keywords the unit's own continuous ``grant`` effects give it now (their
        conditions as for :meth:`static_bp`; ``UA-EFFECT-STATIC-BP``)."""
        top = unit.cards[-1]  # (self.card(unit.top) written out)
        d = self.defs[self.code_of[top]]
        owner = self.owner_of[top]
        found = d.memo or facts(d)
        if found:  # the ops the walk below finds, in its order
            return [op["keyword"] for op in found.grants if self._static_holds(op, owner, unit)]
        return [
            op["keyword"]
            for effect in d.effects
            if effect.get("when") == "continuous"
            for op in effect.get("do") or []
            if static_grant_ok(op) and self._static_holds(op, owner, unit)
        ]

    def _static_holds(self, op: dict[str, Any], owner: str, unit: Unit) -> bool:
        from judge.games.union_arena import own_static

        during = op.get("during")
        if during == "own_turn" and self.turn_player != owner:
            return False
        if during == "opponent_turn" and self.turn_player in (owner, None):
            return False
        if not own_static.holds(self, op, owner, unit):  # ``where``, ``if``
            return False
        outside = op.get("if_outside")
        if outside is not None:
            cards = [c for c in self.players[owner].outside if c is not None]
            n = sum(1 for c in cards if self.card(c).type == outside["card_type"])
            if n < outside["min"]:
                return False
        return True

    def find_unit(self, iid: str) -> tuple[str, str, Unit] | None:
        """(player, line, unit) for the unit whose stack contains ``iid``."""
        # (the lines written out, in LINES' order: ps.line was two calls a look-up)
        for pid in self.order:
            ps = self.players[pid]
            for unit in ps.front_line:
                if iid in unit.cards:
                    return pid, "front_line", unit
            for unit in ps.energy_line:
                if iid in unit.cards:
                    return pid, "energy_line", unit
        return None

    def energy(self, pid: str) -> dict[str, int]:
        """Generated energy of ``pid``'s energy line, by colour: each card's printed
        generation, plus one for each ``generate`` effect in force on it this turn, plus what
        its continuous ``generate`` effects add while their condition holds (``if: "active"``:
        while the card is active; a condition of :mod:`judge.games.union_arena.conditions`
        for its owner; ``UA-EFFECT-ENERGY``).  Only the energy line generates (``UA-ENERGY``),
        and a front-line character with "このキャラはフロントLにある場合もエナジーを発生させる"
        (``UA-EFFECT-FRONT-ENERGY``, :func:`~judge.games.union_arena.own_static.front_generators`)."""
        from judge.games.union_arena.own_static import front_generators

        out: dict[str, int] = {}
        ps = self.players[pid]
        # (the energy line's units, then the front line's generators, each with its line: no
        # list of pairs made)
        fronts = front_generators(self, pid) if ps.front_line else ()
        for line, units in (("energy_line", ps.energy_line), ("front_line", fronts)):
            for unit in units:
                d = self.defs[self.code_of[unit.cards[-1]]]  # (self.card(unit.top) written out)
                for colour, n in d.generates.items():
                    out[colour] = out.get(colour, 0) + n
                for m in unit.mods:
                    if m.energy:
                        out[m.energy] = out.get(m.energy, 0) + 1
                if not d.effects:  # most cards: nothing to walk
                    continue
                found = d.memo or facts(d)
                if found:  # the ops the walk below finds, in its order
                    for op in found.generations:
                        if op.get("where", line) == line:
                            self._generate(out, pid, unit, op)
                    continue
                for effect in d.effects:
                    if effect.get("when") != "continuous":
                        continue
                    for op in effect.get("do") or []:
                        if not generation_ok(op) or op.get("where", line) != line:
                            continue  # "[エナジーLにある場合]": only in that line
                        self._generate(out, pid, unit, op)
        return out

    def _generate(self, out: dict[str, int], pid: str, unit: Unit, op: dict[str, Any]) -> None:
        """For :meth:`energy`: what a continuous ``generate`` op of ``unit``'s adds to ``out``
        now (nothing while its condition does not hold)."""
        cond = op.get("if")
        if cond == "active":
            if unit.rested:
                return
        else:
            from judge.games.union_arena.conditions import holds_in

            if not holds_in(self, pid, cond, source=unit.top):
                return
        out[op["color"]] = out.get(op["color"], 0) + op.get("n", 1)
