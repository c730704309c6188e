"""The battle of a Z/X game, as a mixin of the engine: the attacker's damage to the attacked
Z/X (and back, rule option battle_damage), or to the player of an empty player square
(ZX-BATTLE, ZX-DAMAGE-PLAYER); the attack itself is :mod:`judge.games.zx.actions`'."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine

    _Base = ZXEngine
else:
    _Base = object


class Battles(_Base):
    def op_battle(self) -> None:
        """ZX-BATTLE: the attacker deals its power as damage to the attacked Z/X; an empty
        opposing player square takes it as 1 player damage."""
        st = self.state
        b = st.battle
        st.battle = None
        if b is None:
            return
        at = b.attacker.square
        if st.on_field.get(b.attacker.card) is not b.attacker:
            self.event(
                "battle",
                f"{self.name(b.attacker.card)} is no longer on the field: the battle ends.",
            )
            self.ctx.ruling("ZX-BATTLE", "The attacking Z/X has left the field: the battle ends.")
            return
        defender = self.facing[b.attacker_player][0]
        if b.player:
            if st.squares.get(b.square) is not None:
                self.ctx.cannot_verify(
                    f"a Z/X is now on {defender}'s player square, attacked while it was empty: "
                    "no stored source says what the battle does then"
                )
                self.event("battle", "The attacked player square is no longer empty.")
                return
            self.ctx.ruling(
                "ZX-DAMAGE-PLAYER",
                f"{self.name(b.attacker.card)} attacks {defender}'s empty player square: 1 damage to {defender}.",
            )
            if self.pool.items:
                self.push(
                    ("player_damage", {"player": defender, "n": 1, "why": "attack"}),
                    ("rules", {}),
                )
            else:  # the damage now, not pushed: the runner would run it next, first (op_rules)
                self.push(("rules", {}))
                self.op_player_damage(defender, 1, "attack")
            return
        target = b.target
        # (the square holding ``target``: its own, while it is on the field)
        on = target is not None and st.on_field.get(target.card) is target
        tsq = target.square if on else None  # type: ignore[union-attr]
        if target is None or tsq is None:
            self.event("battle", "The attacked Z/X is no longer on the field: the battle ends.")
            self.ctx.ruling(
                "ZX-BATTLE",
                f"The attacked Z/X has left the field: the battle ends and no damage is dealt; "
                f"{defender} takes none (the attack target was a Z/X, not the player).",
            )
            return
        # (:meth:`power`, written out: the attacker is on square ``at``, found above, and
        # nothing has changed since)
        z = b.attacker
        power = st.defs[st.code_of[z.card]].power + sum(z.power_mods)
        if z.static:
            power += self.static_power(z.card)
        # (each card's name asked once: the same text, nothing dealing either anew meanwhile)
        # (and :meth:`name`'s memo read first, written out: nearly always made already)
        names = self._names
        attacker = names.get(z.card) or self.name(z.card)
        attacked = names.get(target.card) or self.name(target.card)
        self.damage_zx(tsq, power, f"attacked by {attacker}")
        if self.options["battle_damage"] == "both_ways":
            self.damage_zx(at, self.power(target.card), f"struck back by {attacked}")
        self.ctx.rulings.append(  # (``ctx.ruling``, written out)
            {
                "rule": "ZX-BATTLE",
                "message": f"{attacker} (power {power}) deals {power} damage to {attacked} (rule "
                f"option battle_damage {self.options['battle_damage']}).",
            }
        )
        if st.agenda or self.pool.items:  # else the agenda's runner runs the rules next (op_rules)
            self.push(("rules", {}))
