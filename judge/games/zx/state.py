"""The state of a Z/X game: zones per player, the 9 squares, the battle in progress.

Zones hold instance ids (``A-7``); deck index 0 is the top; life index 0 is the first life
card (positions a ``pick_life`` names count from 1).  Dynamis cards are ``A-D1`` … .
In observed mode a hidden card nobody has named is ``None`` (:mod:`judge.games.zx.observed`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.games.zx.cards import CardDef


@dataclass(slots=True)
class Force:
    """A force material under a Z/X: face up, or face down (the Z/X is then in Break state)."""

    card: str
    face_up: bool = True


@dataclass(slots=True)
class ZX:
    """A Z/X on a square.  ``damage`` accumulates through the turn (ZX-DAMAGE-ZX)."""

    card: str
    serial: int
    #: its square (a Z/X never moves: one that leaves its square is no longer on the field)
    square: int
    #: its printed power is above 0 (the card's definition, which never changes in a game):
    #: the rule effects ask it of every Z/X on the field once or twice an action
    positive: bool
    #: it has a 【常】 power effect (ZX-STATIC-POWER; most have none): only then is its
    #: current power asked of :meth:`~judge.games.zx.engine.ZXEngine.static_power`
    static: bool
    sleeping: bool = False
    damage: int = 0
    force: list[Force] = field(default_factory=list)
    #: a Z/X OB: the player card whose back is its lower half (ZX-IGOB, ZX-OB-LEAVE)
    lower: str | None = None
    #: the shift card put on it (ZX-SHIFT)
    shift: str | None = None
    #: power changes by effects until the end of the turn (ZX-POWER), in the order applied
    power_mods: list[int] = field(default_factory=list)

    @property
    def broken(self) -> bool:
        """In Break state: it has a face-down force material (ZX-BREAK, ZX-ALTER-BREAK)."""
        return any(not f.face_up for f in self.force)


@dataclass(slots=True)
class Resource:
    """A card in the resource zone; ``serial`` orders the cards by when they were placed
    (each card's reference time for Zero Optima, ZX-ZERO-OPTIMA)."""

    card: str
    serial: int
    sleeping: bool = False


@dataclass(slots=True)
class PlayerState:
    id: str
    seat: int
    deck: list[str | None] = field(default_factory=list)
    hand: list[str | None] = field(default_factory=list)
    life: list[str | None] = field(default_factory=list)
    charge: list[str] = field(default_factory=list)
    trash: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    resources: list[Resource] = field(default_factory=list)
    #: the dynamis (神域): [instance, face up]
    dynamis: list[list[Any]] = field(default_factory=list)
    #: the start card face down on the player square until the game starts
    start_card: str | None = None
    #: the player card with a Z/X OB lower half on its back (ZX-OB-SETUP), and whether it is
    #: now part of a Z/X OB on a square (ZX-IGOB)
    player_card: str | None = None
    player_card_away: bool = False
    markers: dict[str, int] = field(default_factory=dict)
    extend_drive_used: bool = False
    #: the turn in which it last used a 破天降臨 ability (ZX-HATENKOURIN)
    hatenkourin_turn: int = 0
    unseen: dict[str, list[str]] = field(default_factory=dict)  # observed mode
    shuffles: int = 0
    set_up: bool = False
    mulligan_done: bool = False


@dataclass
class Battle:
    attacker: ZX
    attacker_player: str
    square: int  # the attacked square, fixed once chosen (ZX-RANGE)
    target: ZX | None  # the attacked Z/X (None once it has left the field, or for the player)
    #: the attack target is the opponent player (its empty player square): only then player
    #: damage (ZX-BATTLE)
    player: bool = False


# slots: pickling an object with a ``__dict__`` (:func:`judge.core.engine.freeze`, as a Break
# once saved the state) makes CPython (3.11) build that dict and read every attribute through
# it for the rest of the game (``st.squares``, ``st.agenda``, …): about 5 % of an action's
# instructions once that happened
@dataclass(slots=True)
class ZXState:
    defs: dict[str, CardDef]
    code_of: dict[str, str]
    owner_of: dict[str, str]
    players: dict[str, PlayerState]
    order: list[str]
    squares: dict[int, ZX | None] = field(default_factory=dict)
    #: who controls the Z/X on each occupied square
    controller: dict[int, str] = field(default_factory=dict)
    #: each Z/X on the field, by its card (:meth:`square_of`, asked a few times an action):
    #: kept with ``squares`` wherever a Z/X appears or leaves its square
    on_field: dict[str, ZX] = field(default_factory=dict)
    #: the Z/X on the field that the lethal-damage rule may destroy, by card: those with
    #: damage this turn, a power change until the end of the turn, or printed power 0 or less
    #: (every other one has its printed power, above 0, and no damage); the rule effects' look
    #: asks only these, once or twice an action (``tests/games/zx/test_on_field.py`` pins it)
    at_risk: dict[str, ZX] = field(default_factory=dict)
    first: str | None = None
    turn: int = 0
    turn_player: str | None = None
    phase: str = "setup"
    winner: str | None = None
    reason: str | None = None
    agenda: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    after_illegal: bool = False
    battle: Battle | None = None
    serial: int = 0
    resourced: bool = False  # the turn player has put a card into resources this turn
    ignited: bool = False  # the turn player has ignited in this ignition phase
    ex_played: bool = False  # a Z/X EX or event EX was played this turn (ZX-EX-PLAY)
    #: triggers held back while "ignite X times" runs (ZX-IGNITION-MULTI)
    held: list[tuple[str, str, dict[str, Any], int, str]] = field(default_factory=list)
    holding: int = 0
    #: player damage dealt and not yet processed: the player damage effect, the last rule
    #: effect (CR 901.2b; rule option player_damage_timing, ZX-PLAYER-DAMAGE-TIMING)
    damage_due: dict[str, int] = field(default_factory=dict)
    #: each player's PL EX, prepared at setup behind the player card (ZX-CRISIS, ZX-PL-EX-SETUP)
    player_ex: dict[str, Any] = field(default_factory=dict)

    def card(self, iid: str) -> CardDef:
        return self.defs[self.code_of[iid]]

    def next_serial(self) -> int:
        self.serial += 1
        return self.serial

    def opponent(self, pid: str) -> str:
        """The other player (a loop, not ``next()`` on a generator: asked many times an
        action)."""
        for p in self.order:
            if p != pid:
                return p
        raise ValueError(f"{pid} has no opponent")

    def put_zx(self, z: ZX, pid: str) -> None:
        """``z`` put on its square, controlled by ``pid``: the squares, their controllers and
        the Z/X by card (``on_field``, ``at_risk``)."""
        sq = z.square
        self.squares[sq] = z
        self.controller[sq] = pid
        self.on_field[z.card] = z
        if z.damage or not z.positive:
            self.at_risk[z.card] = z

    def take_zx(self, sq: int) -> ZX:
        """The Z/X on ``sq`` taken off it (:meth:`put_zx` undone)."""
        z = self.squares[sq]
        assert z is not None
        self.squares[sq] = None
        del self.controller[sq]
        del self.on_field[z.card]
        self.at_risk.pop(z.card, None)
        return z

    def square_of(self, iid: str) -> int | None:
        """The square of the Z/X ``iid``, or None when it is not on the field (``on_field``:
        ``tests/games/zx/test_on_field.py`` pins it to a look at every square)."""
        z = self.on_field.get(iid)
        return None if z is None else z.square

    def zx_of(self, pid: str) -> list[tuple[int, ZX]]:
        """``pid``'s Z/X on squares, by square name: the occupied squares' (``controller``'s
        keys, a Z/X on each), sorted; a loop, not a comprehension's call (a few times an
        action)."""
        squares = self.squares
        out = []
        for sq, who in sorted(self.controller.items()):
            if who == pid:
                out.append((sq, squares[sq]))
        return out
