"""The state of a Rangers Strike game: zones per player, units, the battle in progress, damage.

Zones hold instance ids (``A-7``).  In observed mode a hidden card whose identity is not yet
known is ``None`` in its zone (a deck slot, a hand card, a face-down power card from the deck
top); the instances not yet seen anywhere are kept per code in ``PlayerState.unseen`` (see
:mod:`judge.games.rangers_strike.refs`).

Deck index 0 is the top.  Battle-area index 0 is position 1 (the leftmost).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from judge.games.rangers_strike.cards import CardDef
from judge.games.rangers_strike.rush_waiver import Waiver

#: The areas units and vehicles stand in.
AREAS = ("rush", "battle")
#: Most cards a command zone holds (RS-COMMAND-LIMIT, RST-COMMAND).
COMMAND_LIMIT = 5
#: a unit's rule: the category its note adds while it is in a battle area (RS-ADD-FEATURE)
BATTLE_CATEGORY = "battle_category"


@dataclass(slots=True)
class Mod:
    """An effect in force on a unit: a BP change until the end of the turn or the battle,
    or (``sp`` not None) its SP made ``sp``, or (``sp_at`` ``(K, N)``) made K while it stands
    N-th in its battle area and 0 elsewhere (RS-SP-EFFECT), or features added
    (RS-ADD-FEATURE), or (``no_enter``) it cannot enter the battle area (RS-POWER-TO-RUSH; ``wing``:
    for it attacked with ウイング this turn, RS-WING).  A
    BP change with ``during``
    counts only while the unit attacks (``attacking``) or is attacked (``attacked``), and
    with ``against`` only when the other unit has that feature (RS-ATTACK-BP)."""

    bp: int
    until: str = "turn"  # turn | battle
    sp: int | None = None
    during: str | None = None  # attacking | attacked
    against: str | None = None  # a feature of the other unit of the attack
    sp_at: tuple[int, int] | None = None  # SP K while N-th in the battle area (RS-SP-EFFECT)
    #: features the unit has besides its printed ones (RS-ADD-FEATURE)
    features: tuple[str, ...] = ()
    #: the unit cannot enter the battle area while this is in force (RS-POWER-TO-RUSH)
    no_enter: bool = False
    #: the unit cannot strike while this is in force (RS-OPPONENT-RETURNS-POWER)
    no_strike: bool = False
    #: クロス the unit has while this is in force (RS-CROSS)
    cross: int = 0
    #: the unit has attacked with ウイング this turn: it cannot enter the battle area (RS-WING)
    wing: bool = False


@dataclass(slots=True, eq=False)
class Unit:
    """A unit or a vehicle in a rush or battle area.

    Compared by identity (``eq=False``): a unit is one object, its serial new each rush, and
    finding it in an area (``list.index``, ``in``) is then a pointer comparison in C rather
    than a field-by-field one in Python, which an area of hundreds of units makes costly.

    A unit riding a vehicle (RS-RIDE) is one entry: the unit (``card``), which attacks, is
    attacked and strikes as itself, with the vehicle it rides (``vehicle``) under it, in the
    vehicle's place in the area; the operation cards a unit is stacked on (``stacked``,
    RS-STACK) are kept with it alike.  ``serial`` is new each time the card is rushed: the same card
    rushed again is a new unit.
    """

    card: str
    serial: int
    #: the vehicle this unit rides (RS-RIDE), under it in the same place
    vehicle: str | None = None
    mods: list[Mod] = field(default_factory=list)
    #: "attack" or "strike" once it has attacked or struck, until it returns to the rush
    #: area in its player's start phase (a unit that has acted and one that has not are
    #: in different states: a code naming both is ambiguous)
    acted: str | None = None
    #: held (sideways) as a unit, after resisting (RS-RESIST): it stays held while it is a unit
    held: bool = False
    #: it has ridden off since it entered (RS-RIDE-OFF), until it returns to the rush area
    rode_off: bool = False
    #: it may attack again, and only attack, for its text (RS-ATTACK-AGAIN), until it does or
    #: returns to the rush area
    again: bool = False
    #: the position it took as it last entered the battle area (RS-NUMBER-COMBINATION)
    entered_at: int | None = None
    #: the operation cards it is stacked on ("選んだユニットをこのカードに重ねる", RS-STACK), in the
    #: order they were placed: they go where it goes, and not among :meth:`cards` (no unit, no
    #: vehicle: what becomes of them when it stops being a unit their own text says,
    #: :mod:`judge.games.rangers_strike.stacking`)
    stacked: list[str] = field(default_factory=list)
    #: the turn it came into its area, rushed (by its player's rush or put there by an effect,
    #: atwiki renst 146; None: not known, a unit a position placed there); a unit returning from
    #: the battle area keeps it (RS-CARD-RESTRICTION's ラッシュしたターン)
    arrived: int | None = None

    def cards(self) -> list[str]:
        return [self.card] if self.vehicle is None else [self.card, self.vehicle]


@dataclass(slots=True)
class Command:
    """A card in a command zone: released (upright) or held (sideways)."""

    card: str
    held: bool = False


@dataclass(slots=True)
class PowerCard:
    """A card in a power zone, face up or face down (face down: one point of damage)."""

    card: str | None
    face_up: bool = True


@dataclass(slots=True)
class PlayerState:
    id: str
    deck: list[str | None] = field(default_factory=list)
    hand: list[str | None] = field(default_factory=list)
    command: list[Command] = field(default_factory=list)
    power: list[PowerCard] = field(default_factory=list)
    rush: list[Unit] = field(default_factory=list)
    battle: list[Unit] = field(default_factory=list)
    #: the resident operations in place, in the order they were placed (RS-RESIDENT: one;
    #: with Tag two, RS-TAG)
    residents: list[str] = field(default_factory=list)
    discard: list[str | None] = field(default_factory=list)
    unseen: dict[str, list[str]] = field(default_factory=dict)  # observed: code -> ids
    turns_taken: int = 0
    shuffles: int = 0
    out: bool = False  # tag battle: can no longer continue play (RST-OUT)

    @property
    def damage(self) -> int:
        """Face-down cards of the power zone (RS-DAMAGE)."""
        n = 0
        for p in self.power:  # (a loop, not sum() over a generator: the zone grows)
            if not p.face_up:
                n += 1
        return n

    def face_up(self) -> list[PowerCard]:
        return [p for p in self.power if p.face_up]

    def area(self, name: str) -> list[Unit]:
        return self.rush if name == "rush" else self.battle

    def units(self) -> list[Unit]:
        return self.rush + self.battle


@contextmanager
def turn_effects_gone(st: RSState) -> Iterator[None]:
    """The state as it would be with every effect until the end of the turn (or battle) on a
    unit gone, for the duration of the ``with`` block (RS-TURN-END: whether those end before
    or after the texts of the end of the turn resolve the sources do not say)."""
    kept = [(u, u.mods) for pid in st.order for u in st.players[pid].units() if u.mods]
    for unit, mods in kept:
        unit.mods = [m for m in mods if m.until not in ("turn", "battle")]
    granted, st.turn_features = st.turn_features, []  # RS-TURN-FEATURE
    try:
        yield
    finally:
        st.turn_features = granted
        for unit, mods in kept:
            unit.mods = mods


def remove_unit(units: list[Unit], unit: Unit) -> None:
    """Take ``unit`` itself out of ``units`` (units compare by identity)."""
    try:
        units.remove(unit)
    except ValueError:
        raise ValueError(f"{unit.card} is not in the area") from None


def leave_area(st: RSState, units: list[Unit], unit: Unit) -> Unit | None:
    """Take ``unit`` out of its area ``units`` as it leaves it (destroyed, discarded, moved to
    another zone): the vehicle it rides stays in its place, no longer ridden (RS-RIDER: the fan
    wiki's Q&A on vehicles, atwiki renst 141 A7, A8), and is returned."""
    try:
        i = units.index(unit)  # by identity
    except ValueError:
        raise ValueError(f"{unit.card} is not in the area") from None
    if unit.vehicle is None:
        del units[i]
        return None
    left = units[i] = Unit(unit.vehicle, st.next_serial())
    unit.vehicle = None
    return left


@dataclass(slots=True)
class HeldAura:
    """ "このターン、ホールド状態の敵軍SユニットはBP-Nされる" in force until the end of the turn
    (RS-HELD-AURA-BP): its player, its card, the size and BP, and the units it fitted as it
    resolved (the set its other reading keeps)."""

    controller: str
    source: str
    size: str
    bp: int
    locked: list[Unit] = field(default_factory=list)


@dataclass(slots=True)
class Granted:
    """A combination effect that triggers later ("これがバトルで敵軍ユニットを撃破したとき、…"), in
    force from its combination until the end of the turn (RS-COMBINATION-TURN): its player,
    its card, the unit it speaks of (これ), the effect and its index among the card's
    combination effects; ``doubt``: why whether it is in force once or more is not known."""

    controller: str
    source: str
    unit: Unit
    effect: dict[str, Any]
    index: int
    doubt: str | None = None
    #: how many units had been destroyed this turn when it came in force (``destroyed``)
    since: int = 0
    #: used up: a unit entered directly after its unit (RS-NEXT-COMBINATION)
    spent: bool = False
    #: the unit whose NC it triggered, which cannot strike this turn (RS-NEXT-COMBINATION)
    barred: Unit | None = None


@dataclass(slots=True)
class Shield:
    """A combination effect that shields units of its player's from attacks in the next
    opposing turn, while its unit is in its player's area (RS-NEXT-TURN-SHIELD,
    :mod:`judge.games.rangers_strike.area_rules`): its player, its card, the unit (これ), the
    turn it is in force in, and the units it names (``of``)."""

    controller: str
    source: str
    unit: Unit
    turn: int
    of: dict[str, Any]


@dataclass(slots=True)
class Destroyed:
    """A unit destroyed and put into the discard pile this turn (RS-IF-DESTROYED-THIS-TURN):
    the player whose unit it was, the card, its features then, and the player who destroyed
    it when that is known (its effect, or its unit winning a battle), else None."""

    owner: str
    card: str
    features: tuple[str, ...]
    by: str | None


@dataclass(slots=True)
class Battle:
    """The attack or strike in progress, from its declaration until it has resolved."""

    kind: str  # attack | strike
    attacker: Unit
    attacker_player: str
    target: Unit | None = None  # the attacked unit
    defender: str | None = None  # the owner of the attacked unit
    timing: str = "attacked"  # the counter timing it opens: attacked | struck
    target_area: str = "battle"  # where the attacked unit was (rush: RS-ATTACK-RUSH-AREA)
    #: where the attacker stands: its battle area, or its rush area for an attack with ウイング
    #: (RS-WING)
    attacker_area: str = "battle"
    #: the strike has dealt damage (its "ストライクしてダメージを与えたとき" effects triggered once)
    dealt: bool = False


@dataclass(slots=True)
class DamageCheck:
    """Damage being dealt to one player: how much, and what dealt it."""

    player: str
    amount: int
    source: str  # strike | effect
    by: str  # the player whose unit or card dealt it
    dealt: int = 0  # points placed face down so far


@dataclass(slots=True)
class RSState:
    """Everything about the game except the log.

    (Slots: with more than 30 attributes, an object's attributes no longer fit the keys its
    class shares with its objects, and CPython keeps them in a dict, slower to read; a
    counter window's save (pickling) and an ``outcome``'s trial (a deep copy) read the
    ``__dict__`` of an object without slots, with the same effect: tests/test_attribute_layout.py.)"""

    defs: dict[str, CardDef]  # code -> definition
    code_of: dict[str, str]  # instance id -> code
    owner_of: dict[str, str]  # instance id -> player
    players: dict[str, PlayerState]
    order: list[str]  # player ids as listed in the log
    teams: list[tuple[str, str]] = field(default_factory=list)  # tag: (leader, supporter)
    team_ids: list[str] = field(default_factory=list)
    first: str | None = None
    turn: int = 0  # 0 during setup; then 1, 2, … (1 vs 1: players' turns; tag: team turns)
    turn_player: str | None = None  # the player doing the current phase
    phase: str = "setup"  # setup | start | charge | rush | battle | end | over
    schedule: list[tuple[str, str]] = field(default_factory=list)  # this turn's (player, phase)
    slot: int = -1  # index into ``schedule``
    side: int = -1  # index of the side (player or team) whose turn it is
    agenda: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    battle: Battle | None = None
    damage: DamageCheck | None = None
    entering: Unit | None = None  # the unit that just entered (may attack or strike)
    charged: bool = False  # a charge was made in this charge phase
    extra_open: list[str] = field(default_factory=list)  # who may still take the extra draw
    #: tag battle: a player whose extra draw can no longer be taken because a later start
    #: phase's extra draw was recorded -> that later player (RST-PHASES)
    extra_closed: dict[str, str] = field(default_factory=dict)
    #: combination effects in force until the end of the turn (RS-COMBINATION-TURN)
    granted: list[Granted] = field(default_factory=list)
    #: BP lowered for the held opposing units of a size until the end of the turn
    #: (RS-HELD-AURA-BP)
    auras: list[HeldAura] = field(default_factory=list)
    #: shields in force in a turn to come or this one (RS-NEXT-TURN-SHIELD)
    shields: list[Shield] = field(default_factory=list)
    #: the units destroyed and put into the discard pile this turn, in order
    #: (RS-IF-DESTROYED-THIS-TURN)
    destroyed: list[Destroyed] = field(default_factory=list)
    #: unit cards that may be rushed without their additional condition until the end of the
    #: turn (RS-WAIVE-CONDITION)
    waivers: list[Waiver] = field(default_factory=list)
    #: (attacker, unit) pairs: the attacker may attack that unit in its rush area until the end
    #: of the turn (RS-ATTACK-CHOSEN)
    attack_permits: list[tuple[Unit, Unit]] = field(default_factory=list)
    #: a resident's text executed once in each of its player's rush phases: the resident, and
    #: the turn and turn player it was executed in (RS-TAG-ONCE)
    once_used: dict[str, tuple[int, str]] = field(default_factory=dict)
    #: for the turn, a player's units with a feature have another added:
    #: ``(player, the feature they have, the feature added)`` (RS-TURN-FEATURE)
    turn_features: list[tuple[str, str, str]] = field(default_factory=list)
    #: units barred from striking by their effect (RS-SOUL-NC), with the turn it was in: in
    #: that turn they cannot strike, in a later one whether they may is not judged
    no_strike_from: list[tuple[Unit, int]] = field(default_factory=list)
    #: the cards that went from a player's discard pile into its hand this turn, (player, card),
    #: in order (RS-STRIKE-SP-RETRIEVED)
    to_hand_from_discard: list[tuple[str, str]] = field(default_factory=list)
    #: the turn a position began in (what was destroyed before it in that turn is not known)
    partial_turn: int = -1
    winner: str | None = None
    reason: str | None = None
    serial: int = 0
    after_illegal: bool = False

    def card(self, iid: str) -> CardDef:
        return self.defs[self.code_of[iid]]

    def placed(self) -> list[tuple[str, str]]:
        """Every resident operation in place, ``(its player, the card)``, in player order and,
        for each player, in the order they were placed (RS-RESIDENT, RS-TAG)."""
        out: list[tuple[str, str]] = []
        for q in self.order:  # (loops, not a list comprehension: asked often, mostly empty)
            for res in self.players[q].residents:
                out.append((q, res))
        return out

    def unit_features(self, unit: Unit, card: str | None = None) -> tuple[str, ...]:
        """The features ``card`` (one of ``unit``'s cards: the unit itself by default, or the
        vehicle it rides) has now: its printed ones and, for the unit itself, those its effects
        add (RS-ADD-FEATURE) and the cards it is stacked on give (RS-STACK; a vehicle keeps its
        own, atwiki renst 141 A3).  Where a text says 本来の特徴 the printed ones are meant (the
        definition's ``features``)."""
        card = unit.card if card is None else card
        printed = self.card(card).features
        if card != unit.card or not (unit.mods or unit.stacked):
            return self._granted(unit, card, printed)
        added = [f for m in unit.mods for f in m.features if f not in printed]
        for iid in unit.stacked:  # RS-STACK: "特徴「X」が追加される" while it is stacked
            feature = (self.card(iid).stack_op or {}).get("feature")
            if isinstance(feature, str) and feature not in printed:
                added.append(feature)
        return self._granted(unit, card, (*printed, *dict.fromkeys(added)) if added else printed)

    def _granted(self, unit: Unit, card: str, have: tuple[str, ...]) -> tuple[str, ...]:
        """RS-TURN-FEATURE: ``have`` with the features added for the turn to the unit itself."""
        if card != unit.card or not self.turn_features:
            return have
        from judge.games.rangers_strike.tag_activated import features

        return features(self, unit, have)

    def unit_categories(self, unit: Unit, card: str | None = None) -> tuple[str, ...]:
        """The categories ``card`` (one of ``unit``'s cards: the unit itself by default, or the
        vehicle it rides) has now: its printed one and, for the unit itself while it stands in a
        battle area, the one its note adds ("※これはバトルエリアにあるとき、カテゴリにXが追加され
        る。", the rule ``battle_category``: RS-ADD-FEATURE).  Where a text says 本来のカテゴリ
        the printed one is meant (the definition's ``category``)."""
        card = unit.card if card is None else card
        d = self.card(card)
        printed = (d.category,) if d.category else ()
        if card != unit.card:
            return printed
        for r in d.restrictions:
            if r.get("rule") != BATTLE_CATEGORY or r.get("category") in printed:
                continue
            where = self.area_of(unit)
            if where is not None and where[1] == "battle":
                return (*printed, str(r["category"]))
        return printed

    def features_of(self, iid: str) -> tuple[str, ...]:
        """The features card ``iid`` has now (:meth:`unit_features` of the unit it is, when it
        is one in a rush or battle area; else its printed ones)."""
        for pid in self.order:
            for unit in self.players[pid].units():
                if unit.card == iid:
                    return self.unit_features(unit)
        return self.card(iid).features

    def next_serial(self) -> int:
        self.serial += 1
        return self.serial

    def find_unit(self, iid: str) -> tuple[str, str, Unit] | None:
        """(player, area, unit) for the unit or vehicle whose cards include ``iid`` (a vehicle
        ridden: the unit riding it; an operation card a unit is stacked on, RS-STACK: that
        unit)."""
        for pid in self.order:
            ps = self.players[pid]
            # (AREAS's two areas written out, not ps.area(name): asked a few times an action)
            for unit in ps.rush:
                if unit.card == iid or unit.vehicle == iid or iid in unit.stacked:
                    return pid, "rush", unit
            for unit in ps.battle:
                if unit.card == iid or unit.vehicle == iid or iid in unit.stacked:
                    return pid, "battle", unit
        return None

    def area_of(self, unit: Unit) -> tuple[str, str] | None:
        """(player, area) where ``unit`` stands, or None when it has left."""
        for pid in self.order:
            ps = self.players[pid]
            # by identity (a plain loop: the fastest in 3.11); AREAS's two areas written out,
            # not ps.area(name) (asked a few times an action)
            for u in ps.rush:
                if u is unit:
                    return pid, "rush"
            for u in ps.battle:
                if u is unit:
                    return pid, "battle"
        return None
