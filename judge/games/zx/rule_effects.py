"""The rule effects of a Z/X game (CR 901.2b), as a mixin of the engine: reload, charge
excess, lethal damage, loss, player damage; run by the ``rules`` step and whenever the agenda
is idle (:meth:`~judge.games.zx.engine.ZXEngine.op_rules`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine

    _Base = ZXEngine
else:
    _Base = object

CHARGE_LIMIT = 4


class RuleEffects(_Base):
    def rules(self) -> bool:
        """The rule effects, in the order of CR 901.2b as far as this engine has them: reload,
        charge excess, lethal damage, loss, player damage (ZX-PLAYER-DAMAGE-TIMING).  Returns
        True when it put a decision on the agenda
        or ended the game (ZX-RULE-ORDER).

        Run once or twice an action, nearly always with nothing to do: first a look, changing
        nothing, whether any of them applies; only then the rule effects themselves
        (:meth:`rules_in_full`).  Why it is the same: when every test below is false,
        ``rules_in_full`` reloads nothing, finds no life pick of a reload at the agenda's head,
        no charge zone over the limit, no lethal Z/X (the same test, :meth:`lethal`, which only
        reads), no player without life and no damage due, and returns False having changed
        nothing (about a third of its instructions)."""
        st = self.state
        if st.phase in ("over", "setup"):
            return False
        # (each player's zones, in the players' order, not the turn order's: any of them
        # sends the look to the full pass, which reads them in its own order)
        for ps in st.players.values():
            if not ps.life or len(ps.charge) > CHARGE_LIMIT or (not ps.deck and ps.trash):
                return self.rules_in_full()
        agenda = st.agenda
        if agenda and agenda[0][0] == "life_pick":
            return self.rules_in_full()
        # the Z/X on the field that may be lethal (``at_risk``, in another order than the
        # squares': the look only asks whether any is; the full pass reads every one)
        for z in st.at_risk.values():
            if not z.damage and not z.power_mods and z.positive:
                continue
            # (:meth:`lethal` is not None, written out: its current power 0 or less, or its
            # damage at least that power)
            power = st.defs[st.code_of[z.card]].power + sum(z.power_mods)
            if z.static:
                power += self.static_power(z.card)
            if power <= 0 or z.damage >= power:
                return self.rules_in_full()
        if st.damage_due:
            return self.rules_in_full()
        return False

    def rules_in_full(self) -> bool:
        """:meth:`rules`, when the look finds something to do."""
        st = self.state
        if st.phase in ("over", "setup"):
            return False
        players = st.players
        order = st.order
        lethal_of = self.lethal
        for _ in range(16):
            for pid in order:
                ps = players[pid]
                if not ps.deck and ps.trash:
                    self.reload(pid)
            agenda = st.agenda
            head = agenda[0] if agenda else None
            if head is not None and head[0] == "life_pick" and head[1].get("why") == "reload":
                # a reload's life card goes to the charge zone before the charge excess is
                # checked (ZX-RULE-ORDER): the rules run again after it
                agenda.insert(1, ("rules", {}))
                return True
            # a charge zone over the limit (rarely): the turn player's first (``any``
            # written out: a generator's three resumptions an action)
            over_limit = False
            for pid in order:
                if len(players[pid].charge) > CHARGE_LIMIT:
                    over_limit = True
                    break
            if over_limit:
                tp = st.turn_player or order[0]
                for pid in (tp, st.opponent(tp)):
                    over = len(players[pid].charge) - CHARGE_LIMIT
                    if over > 0 and not (head is not None and head[0] == "wait_trash_charge"):
                        self.push(("wait_trash_charge", {"player": pid, "n": over}))
                        self.ctx.ruling(
                            "ZX-CHARGE-LIMIT",
                            f"{pid}'s charge zone holds {len(players[pid].charge)} cards, more "
                            f"than {CHARGE_LIMIT}: {pid} chooses {over} to put into the trash.",
                        )
                        return True
            lethal = None
            # the Z/X on the field (``on_field``, in another order: sorted below)
            for z in st.on_field.values():
                if not z.damage and not z.power_mods and z.positive:  # (as in rules' look,
                    continue  # written out: no damage, power unchanged and above 0: not lethal)
                rule = lethal_of(z)
                if rule is not None:
                    if lethal is None:
                        lethal = []
                    lethal.append((z.square, rule))
            if lethal is None:
                break
            lethal.sort()  # in square order
            for sq, rule in lethal:
                self.destroy_lethal(sq, rule)
        lost = False  # (a player with no life left: rarely)
        for pid in order:
            if not players[pid].life:
                lost = True
                break
        losers = [pid for pid in order if not players[pid].life] if lost else None
        if losers:
            winner = None if len(losers) == 2 else st.opponent(losers[0])
            self.end_game(
                winner,
                "life",
                "ZX-WIN",
                f"{' and '.join(losers)} {'have' if len(losers) > 1 else 'has'} no life left: "
                + (f"{winner} wins." if winner else "the game is a draw."),
            )
            return True
        due = st.damage_due
        if not due:  # (the common case)
            return False
        for pid in [st.turn_player or st.order[0], st.opponent(st.turn_player or st.order[0])]:
            n = due.pop(pid, 0)
            if n:
                # CR 901.2b: the player damage effect comes last, after the loss check
                self.push(*self.life_loss_steps(pid, n), ("rules", {}))
                return True
        return False
