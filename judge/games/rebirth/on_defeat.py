"""The entry's ability "when this character retires an opposing character"
(【自】【エントリー】:このキャラが相手のキャラをリタイアさせた時), ``when`` ``on_defeat`` (R4U-TEXT-ON-DEFEAT).

Why apart: it triggers from the attack's result (:func:`judge.games.rebirth.battle.op_attack_resolve`),
after the opposing entry went to the retire area and before that player's entry-in; only a change
of this character is read, which comes out the same in either order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rebirth.during import inactive

if TYPE_CHECKING:
    from judge.games.rebirth.engine import RebirthEngine


def fire_defeat(eng: RebirthEngine, a: Any, partner: bool) -> None:
    """The attack ``a`` put the opposing entry into the retire area: the attacking entry's
    ``on_defeat`` abilities (【自】【エントリー】:このキャラが相手のキャラをリタイアさせた時) trigger, while it is still
    the entry; by a partner attack as the rule option ``defeat_by_partner`` says
    (R4U-TEXT-ON-DEFEAT, GAP)."""
    ps = eng.state.players[a.player]
    if a.entry is None or ps.entry != a.entry:
        return
    if partner and eng.options.get("defeat_by_partner", "counts") != "counts":
        return
    st = eng.state
    d = st.defs[st.code_of[a.entry]]  # (st.card written out: at every defeat)
    whens = d.by_when
    if whens is None:
        whens = d._sort_whens()
    if "on_defeat" not in whens:  # none of its effects would pass the walk's first test
        return
    for index, eff in enumerate(d.effects):
        if eff.get("when") != "on_defeat":
            continue
        why = inactive(eng, a.player, eff)
        if why is not None:
            eng.ctx.ruling(why[0], f"{eng.name(a.entry)}'s ability: {why[1]}; it does not trigger.")
            continue
        eng.ctx.ruling(
            "R4U-TEXT-ON-DEFEAT",
            f"{eng.name(a.entry)}'s attack put the opposing entry into the retire area: its "
            "ability triggers.",
        )
        eng.pool.add(a.player, a.entry, eff, index, "on_defeat")
