"""Moving cards in a Z/X game, each move as the seed's keyword action defines it.

A mixin of :class:`~judge.games.zx.engine.ZXEngine`: appearing, destroying, removing, the
deck to the trash (Evol Seed), life decrease and increase, recover, reload (at once, even in
the middle of an effect), damage to a Z/X, and the trigger bookkeeping (held while "ignite X
times" runs, ZX-IGNITION-MULTI).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.core.wording import agree, plural
from judge.games.zx.geometry import GRID
from judge.games.zx.state import ZX, Force

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine

    _Base = ZXEngine
else:
    _Base = object


class Moves(_Base):
    # -- triggers -------------------------------------------------------------------------------

    def fire(self, iid: str, when: str, pid: str, **context: Any) -> None:
        """Put ``iid``'s ``when`` effects whose conditions hold into the pool (or hold them
        back while an "ignite X times" is running: ZX-IGNITION-MULTI)."""
        st = self.state
        d = st.defs[st.code_of[iid]]
        z = st.on_field.get(iid)
        if when not in d.whens and (z is None or z.shift is None):
            return  # (nearly always: no effect of its own of that ``when``, and no shift)
        # (:meth:`effects_of`, written out: its list is not made, and nearly all the effects
        # are of another ``when``)
        effects = list(enumerate(d.effects))
        if z is not None and z.shift is not None:
            effects += [(1000 + i, e) for i, e in enumerate(st.card(z.shift).effects)]
        for index, eff in effects:
            if eff.get("when") != when:
                continue
            if not self.conditions_hold(pid, iid, eff):
                continue
            if st.holding:
                st.held.append((pid, iid, eff, index, when))
                continue
            self.pool.add(pid, iid, eff, index, when, **context)

    def effects_of(self, iid: str) -> list[tuple[int, dict[str, Any]]]:
        """``iid``'s effects with their indexes; on a square with a shift card, the shift's
        text is the card's too (ZX-SHIFT; the shift's indexes from 1000)."""
        st = self.state
        out = list(enumerate(st.card(iid).effects))
        z = st.on_field.get(iid)
        if z is not None and z.shift is not None:
            out += [(1000 + i, e) for i, e in enumerate(st.card(z.shift).effects)]
        return out

    # -- squares --------------------------------------------------------------------------------

    def square_problem(self, pid: str, sq: int) -> str | None:
        """Why ``pid`` may not put a Z/X on square ``sq`` now, or None (ZX-PLAY-SQUARE)."""
        st = self.state
        if sq not in GRID.squares:
            return f"there is no square {sq}"
        opp, theirs = self.facing[pid]
        if sq == theirs:
            return f"square {sq} is {opp}'s player square"
        z = st.squares.get(sq)
        if z is not None and st.controller[sq] != pid:
            return f"{opp}'s {self.name(z.card)} is on square {sq}"
        if z is not None and z.sleeping:
            return f"{pid}'s {self.name(z.card)} on square {sq} is sleeping"
        return None

    def open_squares(self, pid: str) -> list[int]:
        """The squares where :meth:`square_problem` finds nothing (its tests, written out:
        the opponent's player square found once, not once a square)."""
        st = self.state
        theirs = self.facing[pid][1]
        squares, controller = st.squares, st.controller
        out = []
        for sq in GRID.squares:
            if sq == theirs:
                continue
            z = squares.get(sq)
            if z is not None and (controller[sq] != pid or z.sleeping):
                continue
            out.append(sq)
        return out

    def new_zx(self, iid: str, sq: int, **fields: Any) -> ZX:
        """A new Z/X of ``iid`` for square ``sq`` (put there by the caller), with what its
        card tells once for its time on the field: whether its printed power is above 0 and
        whether it has a 【常】 power effect (definitions never change in a game)."""
        st = self.state
        code = st.code_of[iid]
        st.serial += 1  # (:meth:`~judge.games.zx.state.ZXState.next_serial`, written out)
        mine = self._static_power_effects.get(code)  # (its memo read first, written out)
        if mine is None:
            mine = self.static_power_effects(code)
        return ZX(
            card=iid,
            serial=st.serial,
            square=sq,
            positive=st.defs[code].power > 0,
            static=bool(mine),
            **fields,
        )

    def appear(
        self,
        pid: str,
        iid: str,
        sq: int,
        how: str,
        force: list[Force] | None = None,
        rebooted: bool = False,
    ) -> ZX:
        """``iid`` appears on square ``sq`` (ZX-APPEAR); a rebooted Z/X of ``pid`` already
        there is overwritten (ZX-PLAY-SQUARE, option ``overwrite_to``).  ``force``: the force
        materials it has as it appears (a Break's card A, ZX-BREAK), before its abilities
        trigger.  ``rebooted``: the keyword action itself says it appears rebooted (IGOB,
        Break); otherwise rule option ``appear_state`` says in which state (ZX-APPEAR-STATE,
        GAP)."""
        st = self.state
        old = st.squares.get(sq)
        if old is not None:
            where = self.options["overwrite_to"]
            self.leave(sq, where, f"overwritten by {self.name(iid)}")
            self.ctx.ruling(
                "ZX-PLAY-SQUARE",
                f"{self.name(old.card)} (rebooted) is overwritten on square {sq} and goes to the "
                f"{where} (rule option overwrite_to {where}).",
            )
        z = self.new_zx(iid, sq, force=list(force or []))
        z.sleeping = not rebooted and self.options["appear_state"] == "sleep"
        if z.sleeping:
            self.ctx.ruling(
                "ZX-APPEAR-STATE",
                f"{self.name(iid)} appears sleeping (rule option appear_state sleep).",
            )
        st.put_zx(z, pid)
        # (:meth:`name`'s memo read first, written out: nearly always made already)
        named = self._names.get(iid) or self.name(iid)
        self.ctx.events.append(  # (:meth:`event`, written out)
            {
                "player": pid,
                "card": iid,
                "square": sq,
                "type": "appear",
                "text": f"{named} appears on square {sq} "
                f"({how}{', sleeping' if z.sleeping else ''}).",
            }
        )
        d = st.defs[st.code_of[iid]]
        if d.unread:  # (:meth:`text_unread`'s own first test: most cards have none)
            self.text_unread(pid, iid, "appears")
        if d.alter_force:
            self.pool_special(pid, iid, "alter_force", n=d.alter_force)
        self.fire(iid, "appear", pid)
        return z

    def text_unread(self, pid: str, iid: str, what: str) -> None:
        """ZX-TEXT-UNREAD: ``iid``'s printed text was not read in full, so abilities the
        engine does not execute may act from now on: this step cannot be verified and every
        later verdict is uncertain (a taint, as for an effect the engine cannot execute),
        never judged as if the card had no abilities."""
        d = self.state.card(iid)
        if not d.unread:
            return
        self.ctx.cannot_verify(
            f"{self.name(iid)} {what}: its printed text is not read in full, and the engine "
            f"does not execute what it did not read (ZX-TEXT-UNREAD): {d.unread[0]!r}"
            + (f" and {len(d.unread) - 1} more" if len(d.unread) > 1 else "")
        )
        self.ctx.ruling(
            "ZX-TEXT-UNREAD",
            f"{self.name(iid)} {what} with printed text the engine did not read; the steps "
            "after this one may not be what the game was.",
        )
        self.taint_effect(PendingEffect(0, pid, iid, {}, 0, "printed text"), "ZX-TEXT-UNREAD")

    def pool_special(self, pid: str, iid: str, kind: str, **context: Any) -> None:
        """A keyword ability's own effect (Alter Force, Life Recovery, Void Bringer) as a
        pending effect of ``iid``."""
        eff = {"when": kind, "keyword": kind, "do": [], "optional": kind == "void_bringer"}
        if self.state.holding:
            self.state.held.append((pid, iid, eff, 100, kind))
            return
        self.pool.add(pid, iid, eff, 100, kind, **context)

    def leave(self, sq: int, to: str, why: str) -> str:
        """The Z/X on ``sq`` leaves the field to its owner's ``to`` zone (charge, trash,
        removed), a Z/X EX face up to its owner's dynamis instead (ZX-DESTROY); its force
        materials go to the trash (GAP: option ``force_on_leave``)."""
        st = self.state
        z = st.take_zx(sq)
        owner = st.owner_of[z.card]
        if z.lower is not None:
            # seed 003, keyword action 7: a Z/X OB splits: the upper half face up to the
            # dynamis, the lower half turned over to its player card, back on the player square
            st.players[owner].dynamis.append([z.card, True])
            st.players[st.owner_of[z.lower]].player_card_away = False
            self.ctx.ruling(
                "ZX-OB-LEAVE",
                f"{self.name(z.card)} is a Z/X OB: its upper half goes face up to {owner}'s "
                "dynamis, its lower half turns over to the player card, back on the player "
                "square.",
            )
            if to not in ("charge", "removed"):
                self.ctx.cannot_verify(
                    f"{self.name(z.card)} is a Z/X OB sent to the {to} ({why}): the seed says how "
                    "a Z/X OB is destroyed or removed, not how it goes to another zone"
                )
            to = "dynamis (face up)"
        elif st.defs[st.code_of[z.card]].type == "zx_ex":  # (``st.card``, written out)
            # seed 003, keyword actions 7 and 8: a Z/X EX destroyed (or removed, "as
            # destroying") goes face up to the dynamis, whatever zone it was sent to
            st.players[owner].dynamis.append([z.card, True])
            seed = to == "removed" or (to == "charge" and why.startswith("destroyed"))
            self.ctx.ruling(
                # destroyed or removed: the seed (ZX-DESTROY); sent elsewhere: a fan page
                "ZX-DESTROY" if seed else "ZX-EX-LEAVE",
                f"{self.name(z.card)} is a Z/X EX: leaving the square it goes face up to "
                f"{owner}'s dynamis, not to the {to}.",
            )
            to = "dynamis (face up)"
        else:
            getattr(st.players[owner], to).append(z.card)
        if z.shift is not None:
            st.players[st.owner_of[z.shift]].dynamis.append([z.shift, True])
            self.ctx.ruling(
                "ZX-SHIFT",
                f"{self.name(z.card)} left the square: its shift card {self.name(z.shift)} goes "
                "face up to the dynamis.",
            )
        if z.force:
            dest = self.options["force_on_leave"]
            for f in z.force:
                getattr(st.players[st.owner_of[f.card]], dest).append(f.card)
            self.ctx.ruling(
                "ZX-FORCE",
                f"{self.name(z.card)} left the field: its "
                f"{plural(len(z.force), 'force material')} {agree(len(z.force), 'goes', 'go')} "
                f"to the {dest} (rule option force_on_leave {dest}).",
            )
        named = self._names.get(z.card) or self.name(z.card)  # (:meth:`name`'s memo first)
        self.ctx.events.append(  # (:meth:`event`, written out)
            {
                "card": z.card,
                "type": "leave",
                "text": f"{named} leaves square {sq} for the {to} ({why}).",
            }
        )
        if st.battle is not None and st.battle.target is z:
            st.battle.target = None
        return z.card

    def off_square(self, sq: int, why: str) -> ZX:
        """The Z/X on ``sq`` leaves its square to become a force material (card A of a Break,
        the Z/X an EX's condition names): its shift card goes face up to the dynamis
        (ZX-SHIFT); a Z/X EX or Z/X OB becoming force material no stored source covers."""
        st = self.state
        z = st.take_zx(sq)
        if z.shift is not None:
            st.players[st.owner_of[z.shift]].dynamis.append([z.shift, True])
            self.ctx.ruling(
                "ZX-SHIFT",
                f"{self.name(z.card)} left the square: its shift card {self.name(z.shift)} goes "
                "face up to the dynamis.",
            )
            z.shift = None
        if st.card(z.card).type in ("zx_ex", "zx_ob"):
            self.ctx.cannot_verify(
                f"{self.name(z.card)} ({st.card(z.card).type}) becomes a force material ({why}): "
                "no stored source says what becomes of a Z/X EX or Z/X OB then"
            )
        return z

    def destroy(self, sq: int, why: str) -> None:
        """ZX-DESTROY: a destroyed Z/X goes to its owner's charge zone (a Z/X EX: face up
        to the dynamis, :meth:`leave`)."""
        st = self.state
        z = st.squares[sq]
        assert z is not None
        if st.defs[st.code_of[z.card]].type != "zx_ex" and z.lower is None:  # (``st.card``)
            self.ctx.ruling(
                "ZX-DESTROY",
                f"{self.name(z.card)} is destroyed ({why}): it goes to its owner's charge zone.",
            )
        self.leave(sq, "charge", f"destroyed: {why}")

    def damage_zx(self, sq: int, amount: int, why: str) -> None:
        """ZX-DAMAGE-ZX: damage adds up through the turn; destroyed once it reaches the current
        power (checked as a rule effect, :meth:`lethal`).  An amount of 0 or less (an attacker
        whose power was lowered to 0 or below) deals no damage (ENGINE: damage never heals)."""
        st = self.state
        z = st.squares[sq]
        assert z is not None
        if amount <= 0:
            self.event("damage", f"{self.name(z.card)} takes no damage ({why}).", card=z.card)
            return
        z.damage += amount
        st.at_risk[z.card] = z
        # (:meth:`power`, written out: ``z`` is on the field, on ``sq``)
        power = st.defs[st.code_of[z.card]].power + sum(z.power_mods)
        if z.static:
            power += self.static_power(z.card)
        named = self._names.get(z.card) or self.name(z.card)  # (:meth:`name`'s memo first)
        self.ctx.events.append(  # (:meth:`event`, written out)
            {
                "card": z.card,
                "amount": amount,
                "total": z.damage,
                "type": "damage",
                "text": f"{named} takes {amount} damage ({why}): {z.damage} this "
                f"turn, power {power}.",
            }
        )

    # -- power ----------------------------------------------------------------------------------

    def change_power(self, sq: int, n: int, why: str) -> None:
        """ZX-POWER: the Z/X on ``sq`` gets power +n (or -n) until the end of the turn; the
        lethal-damage rule then reads its current power (:meth:`lethal`)."""
        z = self.state.squares[sq]
        assert z is not None
        z.power_mods.append(n)
        self.state.at_risk[z.card] = z
        power = self.power(z.card)
        self.ctx.ruling(
            "ZX-POWER",
            f"{self.name(z.card)} gets power {n:+d} until the end of the turn ({why}): its current "
            f"power is {power}.",
        )
        self.event(
            "power",
            f"{self.name(z.card)}: power {n:+d} until the end of the turn, now {power}.",
            card=z.card,
            amount=n,
            power=power,
        )

    def lethal(self, z: ZX) -> str | None:
        """The rule by which the rule effects destroy ``z`` now, or None: its damage this turn
        is at least its current power (ZX-DAMAGE-ZX); or its current power is 0 or less
        (ZX-POWER-ZERO, the official card FAQ)."""
        # its current power (ZX-POWER, ZX-STATIC-POWER, as :meth:`power`), from ``z`` itself:
        # the rule effects ask this of every Z/X on the field, more than once an action
        st = self.state
        power = st.defs[st.code_of[z.card]].power + sum(z.power_mods)
        if z.static:
            power += self.static_power(z.card)
        if power <= 0:
            return "ZX-POWER-ZERO"
        return "ZX-DAMAGE-ZX" if z.damage >= power else None

    def destroy_lethal(self, sq: int, rule: str) -> None:
        """A Z/X :meth:`lethal` names is destroyed by the rule effects."""
        z = self.state.squares[sq]
        assert z is not None
        power = self.power(z.card)
        if rule == "ZX-POWER-ZERO":
            text = f"{self.name(z.card)}'s current power is {power}, 0 or less: it is destroyed."
        else:
            text = (
                f"{self.name(z.card)} has {z.damage} damage this turn, not less than its current "
                f"power {power}: it is destroyed."
            )
        self.ctx.ruling(rule, text)
        self.destroy(sq, "lethal damage" if rule == "ZX-DAMAGE-ZX" else "power 0 or less")

    # -- deck, trash, life ----------------------------------------------------------------------

    def deck_to_trash(self, pid: str, iid: str, why: str) -> None:
        """A card put from the deck into the trash: its Evol Seed triggers (ZX-EVOL-SEED)."""
        self.state.players[pid].trash.append(iid)
        self.event(
            "to_trash",
            f"{self.name(iid)} goes from the deck to the trash ({why}).",
            player=pid,
            card=iid,
        )
        if any(e.get("when") == "evol_seed" for e in self.state.card(iid).effects):
            self.ctx.ruling(
                "ZX-EVOL-SEED",
                f"{self.name(iid)} was put from the deck into the trash: its Evol Seed triggers.",
            )
            self.fire(iid, "evol_seed", pid)

    def take_top(self, pid: str) -> list[str | None]:
        """The deck's top card leaves the deck: ``[card]`` (``[None]`` for a card unknown in
        observed mode), or ``[]`` when deck and trash are empty; an emptied deck reloads at
        once (ZX-RELOAD)."""
        ps = self.state.players[pid]
        if not ps.deck:
            self.reload(pid)
            if not ps.deck:
                return []
        iid = ps.deck.pop(0)
        if not ps.deck:
            self.reload(pid)
        return [iid]

    def reload(self, pid: str) -> None:
        """ZX-RELOAD: the deck is empty and the trash is not: the trash becomes the deck,
        shuffled, at once (even in the middle of an effect); then a life card the opponent
        picks goes to the charge zone (not damage: it cannot be played)."""
        st = self.state
        ps = st.players[pid]
        if ps.deck or not ps.trash:
            return
        ps.deck, ps.trash = list(ps.trash), []
        self.shuffle(pid)
        self.ctx.ruling(
            "ZX-RELOAD",
            f"{pid}'s deck is empty: the {len(ps.deck)} cards of the trash become the deck, "
            "shuffled, at once; then a life card the opponent picks goes to the charge zone.",
        )
        self.event("reload", f"{pid} reloads: the trash becomes the deck.", player=pid)
        self.push(("life_pick", {"player": pid, "why": "reload"}))

    def draw_one(self, pid: str, why: str) -> bool:
        # (:meth:`take_top`, written out: its list is not made; a reload makes the deck anew,
        # so the deck is read from the player each time)
        ps = self.state.players[pid]
        if not ps.deck:
            self.reload(pid)
            if not ps.deck:
                self.event(
                    "draw_failed", f"{pid} cannot draw: deck and trash are empty.", player=pid
                )
                return False
        iid = ps.deck.pop(0)
        if not ps.deck:
            self.reload(pid)
        ps.hand.append(iid)
        # (:meth:`name`'s memo read first, written out: nearly always made already)
        named = "a card" if iid is None else self._names.get(iid) or self.name(iid)
        self.ctx.events.append(  # (:meth:`event`, written out)
            {
                "player": pid,
                "cards": [iid],
                "private": pid,
                "public_text": f"{pid} draws a card{why}.",
                "type": "draw",
                "text": f"{pid} draws {named}{why}.",
            }
        )
        return True

    def recover(self, pid: str, n: int) -> None:
        """ZX-RECOVER: n times, the deck's top card goes face down into the life zone."""
        ps = self.state.players[pid]
        done = 0
        for _ in range(n):
            taken = self.take_top(pid)
            if not taken:
                break
            ps.life.append(taken[0])
            done += 1
        self.ctx.ruling(
            "ZX-RECOVER",
            f"{pid} recovers {done}: the deck's top card goes face down into the life zone, "
            f"one at a time ({len(ps.life)} life).",
        )
        self.event("recover", f"{pid} recovers {done} life ({len(ps.life)}).", player=pid, n=done)

    def force_from(self, z: ZX, iid: str) -> None:
        """ZX-FORCE: a card put face up under ``z`` as its force material."""
        z.force.append(Force(iid, True))
