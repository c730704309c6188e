"""A unit card's note that lets its player put it from the command zone into the rush area in its
rush phase when the discard pile holds enough cards (RS-COMMAND-TO-RUSH-SELF): "※これが自軍コマンドゾ
ーンにある間、自軍ラッシュフェイズ中、自軍捨札の枚数がこれの必要パワーの数字以上なら、これを自軍ラッシュエリアに
出してもよい。".

The card's rule ``{"rule": "command_to_rush"}``.  The log records it as a ``rush`` whose ``card``
names the card in the player's command zone (its instance id, or ``{"code": X, "zone":
"command"}``; a bare code names a card of the hand, an ordinary rush): in the player's own rush phase, when the player's discard pile holds at least as
many cards as the number the card prints as its required power (必要パワーの数字), the card, held or
released, leaves the command zone and is put into the rush area (出す: put there by its text, no
command held and no power needed).  Otherwise the step is illegal (RS-COMMAND-TO-RUSH-SELF).  Not
guessed (unverifiable): in tag battle, when 自軍捨札 read as the player's pile or its team's
disagree; a card that prints an additional condition (whether it must be met the sources do not
say); and its own text of its being rushed (put there, it is rushed: atwiki renst 146, as any
card an effect puts there, RS-FROM-DISCARD; the engine does not carry that text out then).  The
texts watching for a unit's being rushed are told (RS-WHILE-IN-AREA), and a card printed
"ラッシュするとき、可能ならホールド状態で置く" is put held (RS-RUSH-HELD).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import is_instance, ref_code, ref_zone

if TYPE_CHECKING:
    from judge.core.engine import Plan
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-COMMAND-TO-RUSH-SELF"
NAME = "command_to_rush"


def _index(eng: RangersStrikeEngine, pid: str, ref: Any) -> int | None:
    """The position in ``pid``'s command zone of the card ``ref`` names there, or None."""
    st = eng.state
    cards = [c.card for c in st.players[pid].command]
    if isinstance(ref, dict):  # {"code": X, "zone": "command"}
        if ref_zone(ref) != "command":
            return None
        code = ref_code(st, ref.get("code"))
        return next((i for i, c in enumerate(cards) if st.code_of[c] == code), None)
    if is_instance(st, ref):
        return cards.index(ref) if ref in cards else None
    return None  # a bare code names a card of the hand (an ordinary rush)


def check(eng: RangersStrikeEngine, plan: Plan) -> bool:
    """Whether the ``rush`` names a card of the player's command zone (then it is judged here:
    True), or not (False: an ordinary rush from the hand)."""
    st = eng.state
    pid = plan.action["p"]
    i = _index(eng, pid, plan.action["card"])
    if i is None:
        return False
    iid = st.players[pid].command[i].card
    d = st.card(iid)
    if not any(r.get("rule") == NAME for r in d.restrictions):
        plan.violate(
            RULE,
            f"{eng.name(iid)} is in {pid}'s command zone: only a card whose text says so is put "
            "from there into the rush area.",
        )
        return True
    counts = [
        len(st.players[pid].discard),
        sum(len(st.players[q].discard) for q in eng.allies(pid)),
    ]
    need = d.power_number
    fits = [n >= need for n in counts]
    if not any(fits):
        plan.violate(
            RULE,
            f"{pid}'s discard pile holds {counts[0]} cards, fewer than the {need} "
            f"{eng.name(iid)} prints as its required power: it cannot be put into the rush area.",
        )
        return True
    plan.data["from_command"] = i
    doubts = []
    if fits[0] != fits[1]:
        doubts.append(
            f"自軍捨札 read as {pid}'s discard pile ({counts[0]} cards) or its team's ({counts[1]}) "
            f"disagree on whether it holds {need}"
        )
    if d.raw.get("cost") is not None or d.condition is not None:
        doubts.append(
            f"{eng.name(iid)} prints an additional condition, and whether it must be met when the "
            "card is put into the rush area by its text the sources do not say"
        )
    plan.data["command_doubts"] = doubts
    return True


def apply(eng: RangersStrikeEngine, plan: Plan) -> None:
    """The card leaves the command zone and is put into the rush area (watchers of a rush see a
    unit put there by an effect: RS-WHILE-IN-AREA)."""
    from judge.games.rangers_strike import restrictions, watch

    st = eng.state
    pid = plan.action["p"]
    ps = st.players[pid]
    iid = ps.command.pop(plan.data["from_command"]).card
    unit = eng.new_unit(iid)
    ps.rush.append(unit)
    eng.event(
        "to_rush",
        f"{pid} puts {eng.name(iid)} from its command zone into its rush area (its own text).",
        player=pid,
        card=iid,
    )
    eng.ctx.ruling(
        RULE,
        f"{eng.name(iid)} is in {pid}'s command zone, and {pid}'s discard pile holds "
        f"{len(ps.discard)} cards, no fewer than its required power number "
        f"{st.card(iid).power_number}: it is put into the rush area (no command held, no power "
        "needed).",
    )
    for why in plan.data.get("command_doubts", ()):
        eng.ctx.ruling(RULE, f"{why}: not guessed.")
        eng.ctx.cannot_verify(why)
    if restrictions.has(eng, iid, "rush_held"):  # RS-RUSH-HELD: put there, it is rushed
        restrictions.rush_held(eng, unit)
    if any(e.get("when") == "on_rush" for e in st.card(iid).effects):
        why = (
            f"{eng.name(iid)} is rushed by being put there (atwiki renst 146), so its text of its "
            "being rushed acts, and the engine carries such a text out only at its player's rush"
        )
        eng.ctx.ruling(RULE, f"{why}: not executed.")
        eng.ctx.cannot_verify(why)
    watch.seen(eng, "on_rushed", unit, pid, by_effect=True)  # RS-WHILE-IN-AREA


def words(rule: dict[str, Any]) -> str:
    """The rule in plain English (``judge cards show``)."""
    return (
        "While this card is in your command zone, in your rush phase, if your discard pile holds "
        "at least as many cards as its required power number, you may put it into your rush area "
        f"(no command or power needed) ({RULE})."
    )
