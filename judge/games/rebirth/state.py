"""The state of a Rebirth for you game: each player's field, the turn, the attack in progress.

Zones hold instance ids (``P1-7``; partner cards ``P1-PT1``…).  In observed mode a hidden card
whose identity is not yet known is ``None`` in its zone (a deck slot, a hand card); the instances
not yet seen anywhere are kept per code in ``PlayerState.unseen``.  Deck index 0 is the top.
Member squares are numbered 1–3 in the log and held as indices 0–2 here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.games.rebirth.cards import CardDef

#: Member squares per player (R4U-FIELD).
MEMBER_SQUARES = 3
#: Most cards in a Rebirth area (R4U-REBIRTH-AREA).
REBIRTH_LIMIT = 8
#: Cards in the retire area that lose (R4U-LOSS-RETIRE).
RETIRE_LIMIT = 7


@dataclass(slots=True)
class Slot:
    """A card that stands or is rested: a member, an energy card, a partner card."""

    card: str
    rested: bool = False
    #: the turn a member came into its square by a play or a move (R4U-ATTACK-NEW-MEMBER);
    #: -1: before the game's first turn (a position's members, energy and partners)
    arrived_turn: int = -1


@dataclass(slots=True)
class Mod:
    """An ATK/DEF change on an entry character until the end of the turn."""

    atk: int = 0
    defence: int = 0


@dataclass(slots=True)
class PlayerState:
    id: str
    deck: list[str | None] = field(default_factory=list)
    hand: list[str | None] = field(default_factory=list)
    partner_hand: list[str] = field(default_factory=list)  # not yet dealt (setup)
    entry: str | None = None
    entry_mods: list[Mod] = field(default_factory=list)
    members: list[Slot | None] = field(default_factory=lambda: [None] * MEMBER_SQUARES)
    retire: list[str] = field(default_factory=list)
    rebirth_area: list[str] = field(default_factory=list)
    energy: list[Slot] = field(default_factory=list)
    partners: list[Slot] = field(default_factory=list)
    waiting_room: list[str | None] = field(default_factory=list)
    #: the energy cards rested since the last stand phase, when that is known to be all of
    #: them (None: not known, as in a game from a position; the stand phase then reads the
    #: whole area).  Why: the energy area only grows, to hundreds of cards on a long log,
    #: and the stand phase of every turn would read it whole.  Not part of the state's views.
    rested_energy: list[Slot] | None = None
    #: the energy area's cards, in order, kept as it grows (it only grows), for the views;
    #: rebuilt by :meth:`energy_card_list` when it does not match (a game from a position)
    energy_cards: list[str | None] = field(default_factory=list)
    #: the copy of :attr:`energy_cards` the step views show, while the area has not grown
    #: (:meth:`energy_view`)
    energy_shown: list[str | None] | None = None
    #: the energy area as the snapshot lists it were every card standing, ``[card, False]``
    #: each, in order, kept as the area grows (it only grows), and each slot's place in it (by
    #: the slot's identity): for :meth:`energy_snapshot`
    energy_standing: list[list[Any]] = field(default_factory=list)
    energy_place: dict[int, int] = field(default_factory=dict)
    unseen: dict[str, list[str]] = field(default_factory=dict)
    shuffles: int = 0
    turns_taken: int = 0
    chose_entry: bool = False

    def standing_energy(self, limit: int | None = None) -> list[Slot]:
        """The standing energy cards in order; ``limit``: only the first ``limit`` of them.

        Why the limit: the energy area only grows, and a payment needs only as many standing
        cards as its cost (the rested ones are mostly the first: a payment rests from the
        front, and the stand phase stands them all), so a game of thousands of turns does not
        rescan the whole area at every payment."""
        if limit is None:
            return [s for s in self.energy if not s.rested]
        out: list[Slot] = []
        if limit <= 0:
            return out
        for s in self.energy:
            if not s.rested:
                out.append(s)
                if len(out) == limit:
                    break
        return out

    def energy_card_list(self) -> list[str | None]:
        """The energy area's cards in order: :attr:`energy_cards`, checked against the area."""
        if len(self.energy_cards) != len(self.energy):
            self.energy_cards = [s.card for s in self.energy]
        return self.energy_cards

    def energy_view(self) -> list[str | None]:
        """The energy area's cards for a step's view: a copy of :meth:`energy_card_list`, the
        same copy for every view while the area has not grown (read-only, as the views are).

        Why: the area only grows, to hundreds of cards on a long log, where for thousands of
        actions it does not change (a deck run out), and each keyframe's view holding a copy
        of its own made the replay's memory, and what Python's collector and the freeing of
        the replay walk, grow with the square of the log's length."""
        cards = self.energy_card_list()
        shown = self.energy_shown
        if shown is None or len(shown) != len(cards):
            shown = self.energy_shown = list(cards)
        return shown

    def energy_snapshot(self) -> list[list[Any]]:
        """The energy area as the judge's snapshot lists it: ``[card, rested]`` for each card,
        in order: a new list, whose standing pairs are shared with other snapshots (the
        caller may keep it, but must not change its pairs).

        Why not a pair made from each slot at every snapshot: the area only grows, to hundreds
        of cards on a long log, and a snapshot is made every 20 actions, so making a pair for
        each card was the part of a long game's time that grew with its length.  When the
        rested cards are known (:attr:`rested_energy`: those rested since the stand phase,
        the others stand), the standing pairs are kept as the area grows
        (:attr:`energy_standing`, never changed once made) and only the rested ones are made
        anew; otherwise (a game from a position, before its first stand phase) every pair is
        made from its slot, as when the kept ones do not match the area (which the area's
        only growing rules out: checked all the same, cheaply)."""
        energy = self.energy
        rested = self.rested_energy
        if rested is None:
            return [[s.card, s.rested] for s in energy]
        standing, place = self.energy_standing, self.energy_place
        n = len(standing)
        if n > len(energy) or (n and standing[-1][0] is not energy[n - 1].card):
            standing.clear()
            place.clear()
            n = 0
        for i in range(n, len(energy)):
            slot = energy[i]
            standing.append([slot.card, False])
            place[id(slot)] = i
        out = list(standing)
        for slot in rested:
            i = place.get(id(slot))
            if i is None or energy[i] is not slot or not slot.rested:
                return [[s.card, s.rested] for s in energy]
            out[i] = [slot.card, True]
        return out

    def energy_rested(self) -> int:
        """How many energy cards are rested (:attr:`rested_energy` when it is known)."""
        if self.rested_energy is not None:
            return len(self.rested_energy)
        return sum(1 for s in self.energy if s.rested)

    def standing_partners(self) -> list[Slot]:
        return [s for s in self.partners if not s.rested]

    def member_cards(self) -> list[str]:
        return [s.card for s in self.members if s is not None]


@dataclass(slots=True)
class Attack:
    """The attack in progress, from its declaration until it has resolved."""

    attacker: str  # the member that was rested
    player: str
    defender: str
    partner: bool = False
    guard: str | None = None  # the keyword that answered it (blocker | cancel)
    guard_card: str | None = None
    #: the attack's number this turn, from 1 (0: not known, as in a game from a position)
    number: int = 0
    #: the attacking player's entry character when it was declared, and how many attacks it has
    #: made this turn with this one (R4U-TEXT-OWN-ATTACK; 0: not known)
    entry: str | None = None
    entry_number: int = 0
    #: changes of the supported character (the attacking entry) "during this attack"
    #: (このアタック中), R4U-TEXT-ON-SUPPORT
    mods: list[Mod] = field(default_factory=list)


@dataclass(slots=True)
class R4UState:
    """Everything about the game except the log.

    (Slots: an ``outcome``'s trial deep-copies the state, and a copy of an object without
    them reads its ``__dict__``, which leaves its attributes in a dict, slower to read, for
    the rest of the game: tests/test_attribute_layout.py.)"""

    defs: dict[str, CardDef]
    code_of: dict[str, str]
    owner_of: dict[str, str]
    players: dict[str, PlayerState]
    order: list[str]
    first: str | None = None
    turn: int = 0  # 0 during setup; then 1, 2, … (each player's turn counts)
    turn_player: str | None = None
    phase: str = "setup"  # setup | stand | energy | main | battle | end | over
    agenda: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    energy_done: bool = False
    partner_done: bool = False
    attack: Attack | None = None
    #: attacks declared this turn (R4U-TEXT-NTH-ATTACK); 0 when a turn starts
    attacks: int = 0
    #: attacks declared this turn by each entry character since it came into the entry
    #: (R4U-TEXT-OWN-ATTACK); emptied when a turn starts
    entry_attacks: dict[str, int] = field(default_factory=dict)
    #: changes waiting for the next attack of a character this turn (このターンこのキャラの次のアタック中),
    #: by the character; emptied when a turn starts (R4U-TEXT-NEXT-ATTACK)
    next_attack: dict[str, list[Mod]] = field(default_factory=dict)
    #: characters that may not be moved onto a member square this turn but by an effect
    #: (このターン中、このキャラは効果以外でメンバーに置けない), R4U-TEXT-NO-MOVE; emptied when a turn starts
    no_move: dict[str, int] = field(default_factory=dict)
    #: False in a turn that a game from a position started in the battle phase of: the attacks
    #: before it are not known, so no attack's number is (R4U-TEXT-NTH-ATTACK, -OWN-ATTACK)
    counts_known: bool = True
    #: damage dealt this turn to the opposing entry character, and which character it was
    damage: int = 0
    damage_on: str | None = None
    #: uses this turn of activated effects with a printed limit, by the key the rule option
    #: activate_limit counts by (R4U-ACTIVATE-LIMIT); emptied when a turn starts
    used: dict[str, int] = field(default_factory=dict)
    winner: str | None = None
    reason: str | None = None
    after_illegal: bool = False

    def card(self, iid: str) -> CardDef:
        return self.defs[self.code_of[iid]]

    def opponent(self, pid: str) -> str:
        """The other player (a loop, not ``next()`` on a generator: asked many times an
        action)."""
        for p in self.order:
            if p != pid:
                return p
        raise ValueError(f"{pid} has no opponent")
