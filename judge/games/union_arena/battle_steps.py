"""The Union Arena engine's procedure steps of an attack and of damage: the block's outcome,
the battle, its winner's effects (Impact), the battle's end, and a damage's life cards and the
win check after them (``op_…``, run from the agenda: :meth:`~judge.core.engine.AgendaEngine.advance`).

A mixin of :class:`~judge.games.union_arena.engine.UnionArenaEngine` (the engine module kept
to its setup, turn, effects and views).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.union_arena.defmemo import triggers
from judge.games.union_arena.state import DamageCheck, UAState, Unit

if TYPE_CHECKING:
    from judge.core.verdict import StepContext


class BattleSteps:
    """The attack's and damage's procedure steps, for the engine."""

    state: UAState
    ctx: StepContext
    options: dict[str, Any]

    # attack ------------------------------------------------------------------------------------

    def op_after_block(self) -> None:
        b = self.state.battle
        if b is None:
            return
        # (triggers asked first, one light call where fire was one: fire returns at once for
        # a trigger not in them, as it does for most units at every attack)
        st = self.state
        if b.blocker is not None:
            ps = st.players[b.attacker_player]
            if b.attacker in ps.front_line or b.attacker in ps.energy_line:  # (units())
                # "このキャラがアタックしてブロックされた時" (UA-TRIGGER-BLOCKED): step 2 too
                whens = triggers(st, b.attacker)
                if whens is None or "blocked" in whens:
                    self.fire(b.attacker, "blocked", b.attacker_player)
            whens = triggers(st, b.blocker)
            if whens is None or "on_block" in whens:
                self.fire(b.blocker, "on_block", b.defender_player)
        elif b.sniped:
            # UA-KW-SNIPE-NOT-BLOCKED (GAP): whether an attack that could not be blocked
            # counts as "not blocked" is no source's; the rule option decides
            fires = self.options.get("snipe_not_blocked", "triggers") == "triggers"
            self.ctx.ruling(
                "UA-KW-SNIPE-NOT-BLOCKED",
                f"{self.name(b.attacker.top)}'s Snipe attack on a character could not be blocked: "
                + (
                    "its if-not-blocked effects trigger (rule option snipe_not_blocked)."
                    if fires
                    else "its if-not-blocked effects do not trigger (rule option "
                    "snipe_not_blocked)."
                ),
            )
            if fires:
                self.fire(b.attacker, "not_blocked", b.attacker_player)
        else:
            whens = triggers(st, b.attacker)
            if whens is None or "not_blocked" in whens:
                self.fire(b.attacker, "not_blocked", b.attacker_player)

    def op_battle(self) -> None:
        st = self.state
        b = st.battle
        if b is None:
            return
        if b.attacker not in st.players[b.attacker_player].front_line:
            self.event("battle", "The attacker has left the front line: the attack ends.")
            return
        if b.target is None:
            n = self.damage_value(b.attacker)
            self.ctx.ruling(
                "UA-DMG-AMOUNT",
                f"The attack is not blocked: {b.defender_player} takes {n} damage"
                + (" (Damage keyword)." if n != 1 else "."),
            )
            self.push(
                (
                    "damage",
                    {
                        "player": b.defender_player,
                        "by": b.attacker_player,
                        "amount": n,
                        "source": "attack",
                    },
                )
            )
            return
        if b.target not in st.players[b.defender_player].front_line:
            self.event("battle", "The attack target has left the field: no battle.")
            return
        self.ctx.read("bp")  # the battle is decided by BP
        abp, dbp = st.bp(b.attacker), st.bp(b.target)
        atop, ttop = b.attacker.cards[-1], b.target.cards[-1]  # (their .top, read once)
        if abp >= dbp:
            self.ctx.ruling(
                "UA-BATTLE-BP",
                f"Battle: {self.name(atop)} BP {abp} ≥ {self.name(ttop)} "
                f"BP {dbp}: the attacker wins.",
            )
            self.ctx.ruling(
                "UA-BATTLE-WIN",
                "The losing character retires, then its when-retired effects, "
                "then the winner's win-battle effects (Impact).",
            )
            self.event(
                "battle",
                f"{self.name(atop)} wins the battle.",
                winner=atop,
                loser=ttop,
            )
            self.retire(b.defender_player, b.target)
            self.push(("win_battle", {"attacking": True}))
        else:
            self.ctx.ruling(
                "UA-BATTLE-BP",
                f"Battle: {self.name(atop)} BP {abp} < {self.name(ttop)} "
                f"BP {dbp}: the attacker loses.",
            )
            self.ctx.ruling(
                "UA-BATTLE-LOSE",
                "The attacker's attacked-and-lost effects, then the opponent's "
                "win-battle effects; the losing attacker is not retired.",
            )
            self.event(
                "battle",
                f"{self.name(ttop)} wins the battle.",
                winner=ttop,
                loser=atop,
            )
            self.fire(b.attacker, "lose_battle_attacking", b.attacker_player)
            self.push(("win_battle", {"attacking": False}))

    def op_win_battle(self, attacking: bool) -> None:
        st = self.state
        b = st.battle
        if b is None:
            return
        # (its triggers asked once, where fire was called for each: fire returns at once for a
        # trigger not in them, as it does for most units at every battle)
        if not attacking:
            ps = st.players[b.defender_player]
            if b.target in ps.front_line or b.target in ps.energy_line:  # (units())
                whens = triggers(st, b.target)
                if whens is None or "win_battle" in whens:
                    self.fire(b.target, "win_battle", b.defender_player)
                # it blocked, not a Snipe's target (UA-TRIGGER-WIN-BLOCKING)
                if b.blocker is b.target and (whens is None or "win_battle_blocking" in whens):
                    self.fire(b.target, "win_battle_blocking", b.defender_player)
            return
        whens = triggers(st, b.attacker)
        if whens is None or "win_battle" in whens:
            self.fire(b.attacker, "win_battle", b.attacker_player)
        if whens is None or "win_battle_attacking" in whens:  # UA-TRIGGER-WIN-ATTACKING
            self.fire(b.attacker, "win_battle_attacking", b.attacker_player)
        # its controller's cards waiting for a win by a card like it, itself too, at the same
        # moment (UA-TRIGGER-OWN-WIN-ATTACKING)
        for unit in (
            st.players[b.attacker_player].units()
            if self.may_fire("own_win_battle_attacking")
            else ()
        ):
            whens = triggers(st, unit)  # (fire returns at once for a trigger not in it)
            if whens is None or "own_win_battle_attacking" in whens:
                self.fire(unit, "own_win_battle_attacking", b.attacker_player, by=b.attacker.top)
        impact = self.impact_value(b.attacker)
        if impact:
            if b.target is not None and st.has(b.target, "nullify impact"):
                how = "blocked it" if b.blocker is not None else "was the target of its attack"
                self.ctx.ruling(
                    "UA-KW-NULLIFY-IMPACT",
                    f"{self.name(b.target.top)} has Nullify Impact and {how}: "
                    f"{self.name(b.attacker.top)} loses Impact for this battle, no Impact damage.",
                )
            else:
                self.ctx.ruling(
                    "UA-KW-IMPACT", f"Impact {impact}: {b.defender_player} takes {impact} damage."
                )
                self.push(
                    (
                        "damage",
                        {
                            "player": b.defender_player,
                            "by": b.attacker_player,
                            "amount": impact,
                            "source": "impact",
                        },
                    )
                )

    def impact_value(self, unit: Unit) -> int:
        kw = self.state.keywords(unit)
        return kw.impact + kw.impact_plus  # Impact +1 alone gives Impact 1 (UA-KW-IMPACT)

    def damage_value(self, unit: Unit) -> int:
        kw = self.state.keywords(unit)
        return max(1, kw.damage) + kw.damage_plus

    def op_battle_end(self) -> None:
        st = self.state
        b = st.battle
        if b is None:
            return
        pairs = ((b.attacker_player, b.attacker), (b.defender_player, b.target))
        for pid, unit in pairs if self.may_fire("battle_end") else ():
            ps = st.players[pid]
            if unit is not None and (unit in ps.front_line or unit in ps.energy_line):
                whens = triggers(st, unit)  # (fire returns at once for a trigger not in it)
                if whens is None or "battle_end" in whens:
                    self.fire(unit, "battle_end", pid)
        self.push(("battle_over", {}))

    def op_battle_over(self) -> None:
        st = self.state
        b = st.battle
        if b is None:
            return
        for pid in st.order:
            ps = st.players[pid]
            for unit in ps.front_line + ps.energy_line:  # (units() written out)
                if unit.mods and any(m.until == "battle" for m in unit.mods):
                    unit.mods = [m for m in unit.mods if m.until != "battle"]
        self.ctx.ruling("UA-BATTLE-END", 'The battle is over: effects for "this battle" end.')
        st.battle = None

    # damage ------------------------------------------------------------------------------------

    def op_damage(self, player: str, by: str, amount: int, source: str) -> None:
        st = self.state
        ps = st.players[player]
        st.damage = DamageCheck(
            player=player, by=by, amount=min(amount, len(ps.life)), source=source
        )
        if not ps.life:
            st.damage = None
            self.push(("win_check", {"player": player, "by": by}))
            return
        self.push(
            ("wait_pick", {"player": by}),
            ("damage_done", {}),
            ("win_check", {"player": player, "by": by}),
        )

    def op_damage_done(self) -> None:
        d = self.state.damage
        if d is not None and d.triggers:
            self.push(("wait_trigger", {"player": d.player}), ("damage_done", {}))
            return
        self.state.damage = None

    def op_win_check(self, player: str, by: str) -> None:
        if not self.state.players[player].life:
            self.end_game(
                by,
                "life",
                "UA-WIN-LIFE",
                f"After the trigger checks {player} has no life cards: {by} wins.",
            )
