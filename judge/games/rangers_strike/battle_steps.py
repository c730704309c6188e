"""The Rangers Strike engine's battle steps: the counter window, the attack's and the
strike's resolution, the battle's end, and damage with the cards it turns face down, as
methods of :class:`~judge.games.rangers_strike.engine.RangersStrikeEngine` (this mixin's
subclass).

Why apart from the engine: that module was long enough already.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import freeze, thaw
from judge.games.rangers_strike import (
    attack_again,
    attack_bp,
    battle_wins,
    counter_search,
    own_text,
    resist,
    restrictions,
    stacking,
    strike_damage,
    strike_sp,
)
from judge.games.rangers_strike.state import Battle, DamageCheck, PowerCard

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

    _Base = RangersStrikeEngine
else:
    _Base = object


class BattleSteps(_Base):
    """The agenda's battle and damage steps (RangersStrikeEngine's)."""

    def could_counter(self, pid: str, timing: str) -> bool:
        """Whether ``pid`` could answer now with a counter of ``timing`` that it could pay
        for (power, command, condition): one in hand, or in observed mode an unseen copy
        that an unknown hand card could be (``legal.counter_uses``)."""
        from judge.games.rangers_strike.legal import counter_uses

        if self.state.players[pid].out:  # (can_act written out: at every attack and strike)
            return False
        return bool(counter_uses(self, pid, timing))

    def open_window(self, b: Battle, again: bool = False) -> None:
        """After an attack or strike (``again``: after a counter answering it has resolved):
        when a defending player could answer with a counter, remember the state as it is
        before the attack or strike resolves.  It resolves at once (the log records a
        counter only when one is used); if the next action is that player's counter,
        ``restore_window`` goes back to this moment and the counter comes first
        (``RS-COUNTER``: two or more counters may answer one attack or strike)."""
        players = [p for p in self.counter_players(b) if self.could_counter(p, b.timing)]
        if not players:
            return
        st = self.state
        saved = freeze(st, self.pool.items, self.pool.preferred, self.pool._seq)
        what = f"{b.kind} of {self.name(b.attacker.card)}"
        self.window = {"players": players, "timing": b.timing, "what": what, "saved": saved}
        # effects not executed from here on are undone with the rest if a counter comes
        self.window["taints"] = len(self.taints)
        another = "another counter (two or more may answer one" if again else "a counter"
        if again:
            another += f" {b.kind})"
        self.ctx.ruling(
            "RS-COUNTER",
            f"{' or '.join(players)} could answer the {what} with {another}; the log records "
            "a counter only when one is used, so it resolves now — a counter recorded as the "
            "next action would come before it.",
        )

    def op_counter_again(self) -> None:
        """A counter answering the attack or strike in progress has resolved: another may
        follow before the attack or strike resolves (RS-COUNTER)."""
        if self.state.battle is not None:
            self.open_window(self.state.battle, again=True)

    def restore_window(self, window: dict[str, Any]) -> None:
        """Go back to the moment after the attack or strike was declared (see ``open_window``)
        and wait for the counter."""
        state, items, preferred, seq = thaw(window["saved"], self.state)  # kept intact
        self.state = state
        self.pool.items, self.pool.preferred, self.pool._seq = items, preferred, seq
        del self.taints[window["taints"] :]  # their resolution is undone too
        self.push(("wait_window", {"players": window["players"], "timing": window["timing"]}))

    def op_attack_resolve(self) -> None:
        st = self.state
        b = st.battle
        if b is None or b.target is None:
            return
        att_at, tgt_at = st.area_of(b.attacker), st.area_of(b.target)
        if att_at != (b.attacker_player, b.attacker_area):  # (RS-WING: its rush area)
            self.event("battle", f"{self.name(b.attacker.card)} has left: the attack ends.")
            return
        if tgt_at is None or tgt_at[1] != b.target_area:
            self.event("battle", f"{self.name(b.target.card)} has left: the attack ends.")
            return
        why = restrictions.held_since(self, b.target)  # RS-CARD-RESTRICTION: not guessed
        if why is not None:
            self.ctx.ruling("RS-CARD-RESTRICTION", f"{why}: not guessed.")
            self.ctx.cannot_verify(why)
        self.ctx.read("bp")  # the attack is decided by BP
        readings = own_text.battle_readings(self, b.attacker, b.target)
        if readings is None:
            return  # a BP not known decides it: not guessed (RS-BP-PER-UNITS and its kin)
        if self.static_of(st.card(b.attacker.card)) and not self._either_known(b):
            return  # RS-ATTACK-BP-EITHER: whether its BP counts is not known
        # (bp_readings' first reading is bp itself: nothing has changed since it was read)
        abp, tbp = readings[0][0], readings[1][0]
        a, t = self.name(b.attacker.card), self.name(b.target.card)
        if abp > tbp:
            losers = [(tgt_at[0], b.target)]
            text = f"{a} BP {abp} > {t} BP {tbp}: {t} is destroyed."
        elif abp < tbp:
            losers = [(b.attacker_player, b.attacker)]
            text = f"{a} BP {abp} < {t} BP {tbp}: {a} is destroyed."
        else:
            losers = [(b.attacker_player, b.attacker), (tgt_at[0], b.target)]
            text = f"{a} BP {abp} = {t} BP {tbp}: both are destroyed."
        self.ctx.ruling("RS-ATTACK-RESULT", text)
        self.event("battle", text, attacker=b.attacker.card, target=b.target.card)
        # RS-DESTROYS-IN-BATTLE: what each unit battled against, before either leaves
        sides = battle_wins.fighters(
            self, [(b.attacker_player, b.attacker, abp), (tgt_at[0], b.target, tbp)]
        )
        # RS-IF-DESTROYED-THIS-TURN: the player whose unit won destroyed the loser
        won = {id(b.attacker): tgt_at[0], id(b.target): b.attacker_player}
        other = {id(b.attacker): b.target, id(b.target): b.attacker}
        for owner, unit in losers:
            by = won[id(unit)] if len(losers) == 1 else None
            how = "battle" if len(losers) == 1 else "tie"  # RS-FEATURE-DESTROYS-DRAW
            resist.battle_destroy(
                self, owner, unit, "lost the battle", by=by, killer=(other[id(unit)], how)
            )
        battle_wins.after_attack(self, sides, losers)
        fighters = [(b.attacker_player, b.attacker, b.target), (tgt_at[0], b.target, b.attacker)]
        for owner, unit, other in fighters:
            if any(unit is u for _, u in losers):
                continue
            why = resist.dies_winning(self, unit, other)
            if why is not None:
                self.ctx.ruling(
                    "RS-WIN-DESTROYED",
                    f"{self.name(unit.card)} won, but {why}: it is destroyed all the same, and "
                    "cannot resist (it did not lose the battle).",
                )
                self.destroy(owner, unit, "destroyed although it won")
                battle_wins.won_by_text(self, sides, unit)
        attack_again.after_battle(self, b, abp, tbp)  # RS-ATTACK-AGAIN

    def _either_known(self, b: Any) -> bool:
        """Whether the attack's result is known although whether the attacker's own BP of
        RS-ATTACK-BP-EITHER counts is not (:func:`attack_bp.doubt`): the same with it and
        without it.  When it is not, no unit is destroyed by the battle and the step is
        unverifiable (:func:`own_text.not_known`)."""
        why = attack_bp.doubt(self, b.attacker)
        if why is None:
            return True
        abp, tbp = self.bp(b.attacker), self.bp(b.target)
        other = abp + attack_bp.flipped(self, b.attacker)  # each condition the other way
        if (abp > tbp) == (other > tbp) and (abp < tbp) == (other < tbp):
            return True
        own_text.not_known(
            self,
            b.attacker,
            attack_bp.EITHER_RULE,
            f"{why}; {self.name(b.attacker.card)} has BP {min(abp, other)} or {max(abp, other)} "
            f"against {self.name(b.target.card)}'s {tbp}, and which unit wins turns on that",
            "no unit is destroyed by the battle; the log may record what happened in an `outcome`.",
        )
        return False

    def op_strike_resolve(self) -> None:
        st = self.state
        b = st.battle
        if b is None:
            return
        if st.area_of(b.attacker) != (b.attacker_player, "battle"):
            self.event("strike", f"{self.name(b.attacker.card)} has left: the strike ends.")
            return
        amount = 1
        if self.options.get("strike_damage", "sp") == "sp":
            strike_sp.rule_on(self, b.attacker)  # RS-STRIKE-SP-RETRIEVED
            amount = max(1, self.sp(b.attacker))
            self.ctx.ruling(
                "RS-STRIKE-DAMAGE",
                f"The strike deals {amount} damage ({self.name(b.attacker.card)}'s SP; "
                "rule option strike_damage sp).",
            )
        else:
            self.ctx.ruling(
                "RS-STRIKE-DAMAGE", "A strike deals 1 damage (rule option strike_damage one)."
            )
        if strike_damage.watched(self):  # RS-STRIKE-DEALT: once the damage is dealt, the
            self.push(  # texts it triggers (a step only when a resident in place has one)
                (
                    "strike_dealt",
                    {
                        "by": b.attacker_player,
                        "card": b.attacker.card,
                        "category": list(self.state.unit_categories(b.attacker)),
                        "damage": strike_damage.before(self, b.attacker_player),
                    },
                )
            )
        self.damage_side(b.attacker_player, amount, "strike")

    def op_strike_dealt(
        self, by: str, card: str, category: str | list[str], damage: dict[str, int]
    ) -> None:
        """RS-STRIKE-DEALT: a strike's damage has been dealt."""
        strike_damage.dealt(self, by, card, category, damage)

    def op_battle_over(self) -> None:
        st = self.state
        for pid in st.order:
            ps = st.players[pid]
            for area in (ps.rush, ps.battle):  # (PlayerState.units written out: no list made)
                for unit in area:
                    # (no effect on it: nothing to end, and no generator made for it)
                    if unit.mods and any(m.until == "battle" for m in unit.mods):
                        unit.mods = [m for m in unit.mods if m.until != "battle"]
        st.battle = None

    def op_to_discard(self, player: str, card: str) -> None:
        """A used normal or counter operation goes to the discard pile once it has resolved,
        unless its effect put it somewhere already (RS-SELF-TO-POWER)."""
        from judge.games.rangers_strike.refs import locate

        found = self.state.find_unit(card)
        if found is not None and card in found[2].stacked:
            self.ctx.ruling(
                "RS-STACK",
                f"{self.name(card)} resolved; {self.name(found[2].card)} is stacked on it in "
                f"{found[0]}'s {found[1]} area, so it does not go to the discard pile.",
            )
            return
        where = locate(self.state, card)
        if where != "nowhere in the game":
            self.ctx.ruling(
                "RS-SELF-TO-POWER",
                f"{self.name(card)} resolved; its effect put it into {where}, so it does not go "
                "to the discard pile.",
            )
            return
        self.state.players[player].discard.append(card)
        self.event(
            "to_discard", f"{self.name(card)} goes to the discard pile.", player=player, card=card
        )
        kind = self.state.card(card).operation
        self.ctx.ruling(
            "RS-COUNTER" if kind == "counter" else "RS-OPERATION",
            f"{self.name(card)} ({kind} operation) resolved, then went to the discard pile.",
        )
        if kind == "counter":  # RS-COUNTER-NAMESAKE-SEARCH: texts watching for it
            counter_search.seen(self, player, card)

    # damage -----------------------------------------------------------------------------------

    def op_damage(self, player: str, amount: int, source: str, by: str) -> None:
        st = self.state
        ps = st.players[player]
        st.damage = DamageCheck(player=player, amount=amount, source=source, by=by)
        self.event(
            "damage",
            f"{player} takes {amount} damage ({source} by {by}).",
            player=player,
            amount=amount,
        )
        if ps.face_up() and self.damage_ends_game(player, amount):
            # the result is the same whichever cards are turned: no decision to record
            ups = [i for i, pc in enumerate(ps.power) if pc.face_up][:amount]
            turned = self.turn_face_down(player, [(i, None) for i in ups])
            self.event(
                "take_damage",
                f"{player} turns {', '.join(self.name(c) for c in turned)} face down.",
                player=player,
                cards=turned,
            )
            self.ctx.ruling(
                "RST-LOSS",
                f"The damage ends the game whichever of {player}'s face-up power cards are "
                "turned face down: there is no choice to record, the first ones in the zone "
                "are turned.",
            )
            self.push(("damage_rest", {}))
        elif ps.face_up():
            self.push(
                ("wait_take_damage", {"player": player, "amount": amount}), ("damage_rest", {})
            )
        else:
            self.push(("damage_rest", {}))

    def turn_face_down(self, player: str, picks: list[tuple[int, str | None]]) -> list[str | None]:
        """Turn the power cards at ``picks`` (index, instance to bind) face down."""
        from judge.games.rangers_strike.refs import bind

        st = self.state
        ps = st.players[player]
        turned: list[str | None] = []
        for idx, bound in picks:
            pc = ps.power[idx]
            if bound is not None and pc.card is None:
                bind(st, player, bound)
                pc.card = bound
            pc.face_up = False
            turned.append(pc.card)
        if st.damage is not None:
            st.damage.amount -= len(picks)
            st.damage.dealt += len(picks)
        return turned

    def op_damage_rest(self) -> None:
        """Damage points still due after the chosen cards: deck-top cards face down."""
        st = self.state
        d = st.damage
        if d is None:
            return
        ps = st.players[d.player]
        st.damage = None
        left = d.amount
        placed = 0
        while left > 0 and ps.deck:
            ps.power.append(PowerCard(ps.deck.pop(0), face_up=False))
            left -= 1
            placed += 1
        if placed:
            self.event(
                "damage_from_deck",
                f"{d.player} has no face-up power card left: {placed} card"
                f"{'s' if placed > 1 else ''} from the top of the deck "
                f"{'go' if placed > 1 else 'goes'} face down into the power zone.",
                player=d.player,
                n=placed,
            )
            self.ctx.ruling(
                "RS-DAMAGE-CHOICE",
                f"Too few face-up power cards: {placed} point{'s' if placed > 1 else ''} of "
                f"damage placed face down from {d.player}'s deck top.",
            )
        if left:
            self.ctx.ruling(
                "RS-DAMAGE-CHOICE",
                f"{d.player}'s deck is empty: {left} point{'s' if left > 1 else ''} of damage "
                "cannot be placed and are not dealt.",
            )
        # (counted once: nothing below changes the power zone before the limit is checked)
        damage = ps.damage
        self.event(
            "damage_total", f"{d.player} has {damage} damage.", player=d.player, total=damage
        )
        if len(self.allies(d.player)) > 1:
            self.ctx.ruling(
                "RST-DAMAGE",
                f"Damage counts per player: {d.player} has {damage} (the face-down cards of "
                f"its own power zone; {self.damage_limit()} ends its play).",
            )
        else:
            self.ctx.ruling(
                "RS-DAMAGE",
                f"Each point of damage turns a power card face down: {d.player} has "
                f"{damage} damage.",
            )
        if damage >= self.damage_limit() and self.can_act(d.player):
            self.reach_limit(d.player)
        if d.source == "strike" and d.dealt + placed and st.phase != "over":
            stacking.struck(self)  # RS-STACK-STRIKE: "ストライクしてダメージを与えたとき"
