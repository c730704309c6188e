"""The Rebirth for you engine's turn: the agenda's steps of the turn's procedure (the deal, the
next turn, the stand phase, the phases, the end phase, entry-ins and their settling, the
refresh penalty), as methods of :class:`RebirthEngine` (this mixin's subclass).

Why apart from the engine: that module was long enough already.  Events, rulings, names and
pushes are written out here as :mod:`judge.games.rebirth.engine` says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.core.wording import plural
from judge.games.rebirth import on_set
from judge.games.rebirth.state import REBIRTH_LIMIT, RETIRE_LIMIT

if TYPE_CHECKING:
    from judge.games.rebirth.engine import RebirthEngine

    _Base = RebirthEngine
else:
    _Base = object

OPENING_HAND = 3


class TurnSteps(_Base):
    """The agenda's ``op_…`` steps of the turn, and what they share (RebirthEngine's)."""

    def op_deal(self) -> None:
        """Setup 2–4: shuffle, 3 cards, partners to hand (R4U-SETUP-HAND)."""
        st = self.state
        for pid in st.order:
            self.shuffle(pid, opening=True)
        for pid in st.order:
            self.draw(pid, OPENING_HAND, " (opening hand)")
            ps = st.players[pid]
            ps.hand.extend(ps.partner_hand)
            self.event(
                "partners_to_hand",
                f"{pid} adds its partner cards {', '.join(ps.partner_hand)} to the hand.",
                player=pid,
                cards=list(ps.partner_hand),
            )
            ps.partner_hand = []
        self.ctx.ruling(
            "R4U-SETUP-HAND",
            "Each player shuffles, draws 3 cards and adds the 3 partner cards to the hand "
            "(no mulligan).",
        )

    def op_next_turn(self) -> None:
        st = self.state
        st.turn += 1
        pid = st.first if st.turn_player is None else st.opponent(st.turn_player)
        assert pid is not None
        st.turn_player = pid
        st.players[pid].turns_taken += 1
        st.damage, st.damage_on = 0, None
        st.used.clear()
        st.attacks = 0
        st.entry_attacks.clear()
        st.next_attack.clear()
        st.no_move.clear()
        st.counts_known = True
        ctx = self.ctx  # (event and ruling written out, as judge.games.rebirth.engine says)
        ctx.events.append(
            {
                "player": pid,
                "turn": st.turn,
                "type": "turn",
                "text": f"Turn {st.turn}: {pid}'s turn.",
            }
        )
        ctx.rulings.append(
            {
                "rule": "R4U-TURN",
                "message": f"{pid}'s turn: stand, energy, main, battle and end phase, in this "
                "order.",
            }
        )
        self.op_stand()

    def op_stand(self) -> None:
        """The turn player's stand phase (R4U-STAND), in the seed's order: draw 1, then stand
        the members and the energy area; then the energy phase.  A position at the stand phase
        starts here."""
        st = self.state
        pid = st.turn_player
        assert pid is not None
        st.phase = "stand"
        ps = st.players[pid]
        self.draw_cards(pid, 1)
        if st.phase == "over":
            return
        stood = 0
        energy = ps.energy if ps.rested_energy is None else ps.rested_energy
        for group in (ps.members, energy, ps.partners):
            for slot in group:
                if slot is not None and slot.rested:
                    slot.rested = False
                    stood += 1
        ps.rested_energy = []  # every energy card stands now
        self.ctx.rulings.append(  # (written out, as judge.games.rebirth.engine says)
            {
                "rule": "R4U-STAND",
                "message": f"{pid}'s stand phase: {pid} draws 1 card, then stands its members "
                f"and energy area ({plural(stood, 'card')} stood).",
            }
        )
        st.agenda.insert(0, ("phase", {"phase": "energy"}))
        self.settle_now()

    def op_phase(self, phase: str) -> None:
        st = self.state
        st.phase = phase
        if phase == "energy":
            st.energy_done = st.partner_done = False
        tp = st.turn_player
        self.ctx.events.append(  # (written out, as judge.games.rebirth.engine says)
            {"player": tp, "phase": phase, "type": "phase", "text": f"{tp}'s {phase} phase."}
        )

    def after_phase(self, phase: str) -> None:
        """The turn player has ended ``phase`` (proceed): the next one.

        That step runs here and now, not from the agenda's front, where advance() (which the
        action's apply calls next) would run it first, when no effect waits (advance()'s
        first test: proceed, the handler that calls this, triggers none; only an illegal one
        applied as played meets one) and the game goes on: the same step at the same point,
        without making, putting and taking it (once a phase)."""
        st = self.state
        if phase == "main" and st.turn == 1:
            self.ctx.ruling(
                "R4U-BATTLE",
                f"{st.turn_player} went first: its first turn has no battle phase.",
            )
            nxt = None
        elif phase == "energy":
            nxt = "main"
        elif phase == "main":
            nxt = "battle"
        else:
            nxt = None
        if self.pool.items or st.phase == "over":
            st.agenda.insert(0, ("end_phase", {}) if nxt is None else ("phase", {"phase": nxt}))
        elif nxt is None:
            self.op_end_phase()
        else:
            self.op_phase(nxt)

    def op_end_phase(self) -> None:
        st = self.state
        pid = st.turn_player
        assert pid is not None
        st.phase = "end"
        ps = st.players[pid]
        gone = list(ps.rebirth_area)
        ps.rebirth_area.clear()
        ps.waiting_room.extend(gone)
        for q in st.order:
            st.players[q].entry_mods.clear()
        st.damage, st.damage_on = 0, None
        ctx = self.ctx  # (event and ruling written out, as judge.games.rebirth.engine says)
        ctx.events.append(
            {
                "player": pid,
                "cards": gone,
                "type": "end",
                "text": f"{pid}'s end phase"
                + (
                    f": {', '.join(self.name(c) for c in gone)} go to the waiting room."
                    if gone
                    else "."
                ),
            }
        )
        ctx.rulings.append(
            {
                "rule": "R4U-END",
                "message": f"{pid}'s end phase: its Rebirth area goes to the waiting room "
                f"({plural(len(gone), 'card')}); damage accumulated this turn and effects until "
                "the end of the turn end.",
            }
        )
        st.agenda.insert(0, ("next_turn", {}))
        self.settle_now()

    def entry_order(self) -> list[str]:
        st = self.state
        tp = st.turn_player or st.first or st.order[0]
        # st.opponent(tp) written out (the first other player in order): at every entry-in
        order = st.order
        order = [tp, order[1] if order[0] == tp else order[0]]
        if self.options.get("entry_in_order") == "non_turn_player_first":
            order.reverse()
        return order

    def settle_now(self) -> None:
        """A settling (:meth:`op_settle`) due before the agenda's steps, where advance() runs
        next: run here and now when advance() would run it first (no effect waits, the game
        not over: its first tests), else put at the agenda's front.  The same step at the same
        point, without making, putting and taking it (a few an action: most find nothing to
        do).  Its own steps go to the agenda's front, before the rest, as they would."""
        if self.pool.items or self.state.phase == "over":
            self.state.agenda.insert(0, ("settle", {}))
        else:
            self.op_settle()

    def enter_now(self, pid: str, skip: tuple[str, ...] | list[str]) -> None:
        """:meth:`op_settle`'s entry-in of ``pid``, then the settling again: the entry-in runs
        here and now, as :meth:`settle_now` says (a settling runs where advance() would run
        the entry-in next), but after an observed deck's reveal (R4U-REVEAL)."""
        deck = self.state.players[pid].deck
        if deck and deck[0] is None or self.pool.items:
            self.state.agenda[0:0] = (
                *self.reveal_top(pid),
                ("entry_in", {"player": pid}),
                ("settle", {"skip": list(skip)}),
            )
        else:
            self.state.agenda.insert(0, ("settle", {"skip": list(skip)}))
            self.op_entry_in(pid)

    def op_settle(self, skip: tuple[str, ...] | list[str] = ()) -> None:
        """Entry-ins while an entry is empty (R4U-ENTRY-IN, R4U-ENTRY-IN-BOTH), refreshes, then
        the loss at 7 retired cards (R4U-LOSS-RETIRE).  ``skip``: players whose entry-in could
        not happen in this settling (no card anywhere: R4U-REFRESH-EMPTY ``nothing``); the
        other player's entry-in still follows."""
        st = self.state
        if st.phase == "setup":
            return
        players = st.players
        quiet = True  # no entry empty (but skipped) and no retire area at the limit
        for pid in st.order:
            ps = players[pid]
            # refresh's own first test, written out (two calls an action): with cards in the
            # deck, or none in the waiting room, it changes nothing
            if not ps.deck and ps.waiting_room:
                self.refresh(pid)
            if (ps.entry is None and pid not in skip) or len(ps.retire) >= RETIRE_LIMIT:
                quiet = False
        if quiet:
            # nobody to enter and nobody losing: both lists below would be empty, whatever
            # the order entry_order gives (it only reorders st.order's players)
            return
        empty = []  # (a plain loop, not a comprehension: at each entry-in)
        for p in self.entry_order():
            if players[p].entry is None and p not in skip:
                empty.append(p)
        if empty:
            pid = empty[0]
            if len(empty) == 2:
                self.ctx.ruling(
                    "R4U-ENTRY-IN-BOTH",
                    f"Both entries are empty: {pid} performs entry-in first (rule option "
                    f"entry_in_order {self.options.get('entry_in_order')}).",
                )
            self.enter_now(pid, skip)
            return
        losers = [p for p in self.entry_order() if len(st.players[p].retire) >= RETIRE_LIMIT]
        if len(losers) == 2 and self.options.get("retire_both") == "turn_player_loses":
            tp = st.turn_player or st.order[0]
            self.end_game(
                st.opponent(tp),
                "retire",
                "R4U-LOSS-BOTH",
                f"Both players have 7 or more cards in the retire area: the turn player {tp} "
                f"loses (rule option retire_both turn_player_loses); {st.opponent(tp)} wins.",
            )
        elif len(losers) == 2:
            self.end_game(
                None,
                "retire",
                "R4U-LOSS-BOTH",
                "Both players have 7 or more cards in the retire area: a draw (rule option "
                "retire_both draw).",
            )
        elif losers:
            pid = losers[0]
            winner = st.opponent(pid)
            self.end_game(
                winner,
                "retire",
                "R4U-LOSS-RETIRE",
                f"{pid} has {len(st.players[pid].retire)} cards in the retire area after the "
                f"entry-in: {pid} loses; {winner} wins.",
            )

    def op_entry_in(self, player: str) -> None:
        st = self.state
        ps = st.players[player]
        if ps.entry is not None:
            return
        # refresh's first test written out, here and at the end (as in draw_cards)
        if not ps.deck and not self.refresh(player):
            self.out_of_cards(player, "entry-in")
            if st.phase != "over":
                # no entry-in can happen for this player: the settling that follows goes on
                # without it (the other player's entry-in still happens); the agenda is
                # changed in place, as advance() holds it
                for i, (op, args) in enumerate(st.agenda):
                    if op == "settle":
                        st.agenda[i] = ("settle", {"skip": [*args.get("skip", []), player]})
                        break
            return
        if ps.deck[0] is None:  # observed: wait for the reveal first
            self.push(("wait_reveal", {"player": player}), ("entry_in", {"player": player}))
            return
        iid = ps.deck.pop(0)
        assert iid is not None
        d = st.defs[st.code_of[iid]]  # (st.card and d.is_rebirth written out: each entry-in)
        ctx = self.ctx
        # (name written out, as judge.games.rebirth.engine says, and its first making: a card
        # from the deck is named here for the first time, mostly)
        named = self._names.get(iid)
        if named is None:
            named = self._names[iid] = f"{iid} ({d.name})"
        if d.type == "rebirth":
            ctx.events.append(
                {
                    "player": player,
                    "card": iid,
                    "type": "entry_in",
                    "text": f"{player}'s entry-in reveals {named}, a Rebirth card.",
                }
            )
            ctx.rulings.append(
                {
                    "rule": "R4U-REBIRTH-ENTRY",
                    "message": f"{named} is a Rebirth card revealed by entry-in: its spark fires "
                    "and it goes to the Rebirth area; another entry-in follows.",
                }
            )
            if len(ps.rebirth_area) >= REBIRTH_LIMIT:
                self.to_waiting_room(player, iid, "the Rebirth area holds 8 already")
                self.ctx.ruling("R4U-REBIRTH-AREA", "The Rebirth area holds at most 8 cards.")
            else:
                ps.rebirth_area.append(iid)
                self.arrive(iid)
                self.static_check(iid, "rebirth_area")
                on_set.fire(self, player, iid, by_entry_in=True)
        else:
            ps.entry = iid
            self.arrive(iid)
            ctx.events.append(
                {
                    "player": player,
                    "card": iid,
                    "type": "entry_in",
                    "text": f"{player}'s entry-in: {named} enters the entry.",
                }
            )
            ctx.rulings.append(
                {
                    "rule": "R4U-ENTRY-IN",
                    "message": f"{player}'s entry is empty: the top card of the deck goes into "
                    "the entry.",
                }
            )
            self.static_check(iid, "performance")
        self.fire_spark(player, iid)
        if not ps.deck:
            self.refresh(player)

    def op_penalty(self, player: str) -> None:
        ps = self.state.players[player]
        if not ps.deck or ps.deck[0] is None:
            return
        iid = ps.deck.pop(0)
        assert iid is not None
        ps.retire.append(iid)
        self.event(
            "retire",
            f"Refresh penalty: {self.name(iid)} goes to {player}'s retire area.",
            player=player,
            card=iid,
        )
        self.push(("settle", {}))
