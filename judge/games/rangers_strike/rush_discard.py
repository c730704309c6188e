"""A unit's restriction on the opponent's rushes (RS-RUSH-HELD-DISCARD): "これが自軍ラッシュエリアにある
間、相手は次の制限を受ける⇒コマンドをホールドして、特徴「X」、または「Y」を持つユニットをラッシュしたとき、その
ホールドしたコマンドを捨札にする。"

While the unit is in its player's rush area (``自軍エリア``: rush or battle area), whenever the
opponent rushes from the hand, holding a command for it, a unit with one of the features (the card's
printed features as it is rushed; a vehicle is not a unit), the command held for that rush goes to
its owner's discard pile (it is no longer a command; nothing is destroyed).  The official Q&A on
that text (atwiki renst page 602) settles three cases: a unit with Call held in place of the
command goes to the discard pile (RS-CALL); a unit put into the rush area by an effect was not
rushed by holding a command, and neither was one whose command an effect let the player count as
held: nothing is discarded.  The engine rushes by an effect without the rush action, so only the
rush action is looked at.

Not guessed (the step is unverifiable, as noted):

- further commands held for the same rush (an additional condition's, RS-RUSH-HOLD, or a
  restriction's, RS-NAMESAKE-HOLD): whether "そのホールドしたコマンド" takes them in too the sources
  do not say; the command held for the card goes, they stay;
- other effects that the rush triggers at the same time: whether the discard comes before them
  (a restriction carried out at once, as the engine does) or is ordered with them
  (RS-SIMULTANEOUS) the sources do not say.

Who "相手" is in tag battle follows rule option ``tag_opponent``
(:meth:`RangersStrikeEngine.opponent_players`, RS-OPPONENT-CHOOSES).  Two such units: the command
goes once.

The effect: ``{"when": "opponent_rush", "while": "rush" | "field", "do": [{"op":
"discard_rush_command", "features": [X, …]}]}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike import stacking
from judge.games.rangers_strike.state import leave_area

if TYPE_CHECKING:
    from judge.core.engine import Plan
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-RUSH-HELD-DISCARD"
WHEN = "opponent_rush"
OP = "discard_rush_command"
_WHERE = {"field": ("rush", "battle"), "rush": ("rush",)}
_WORDS = {"field": "your rush or battle area", "rush": "your rush area"}


def effect(features: list[str], where: str) -> dict[str, Any]:
    """The effect of the printed text, for ``features`` while the unit is ``where``."""
    return {"when": WHEN, "while": where, "do": [{"op": OP, "features": list(features)}]}


def is_effect(eff: dict[str, Any]) -> bool:
    """Whether ``eff`` is one of this module's (by its timing)."""
    return eff.get("when") == WHEN


def ok(eff: dict[str, Any]) -> bool:
    """Whether ``eff`` is the one shape of this module, exactly."""
    ops = eff.get("do")
    if set(eff) - {"text"} != {"when", "while", "do"} or eff["while"] not in _WHERE:
        return False
    if not isinstance(ops, list) or len(ops) != 1 or not isinstance(ops[0], dict):
        return False
    op = ops[0]
    features = op.get("features")
    return (
        set(op) == {"op", "features"}
        and op["op"] == OP
        and isinstance(features, list)
        and bool(features)
        and all(isinstance(f, str) and f for f in features)
        and len(set(features)) == len(features)
    )


def words(eff: dict[str, Any]) -> str | None:
    """The effect in English, or None when it is not this module's shape."""
    if not ok(eff):
        return None
    features = " or ".join(eff["do"][0]["features"])
    return (
        f"While this is in {_WORDS[eff['while']]}, your opponent is restricted: when it rushes, "
        f"holding a command, a unit with the feature {features}, the command held for it goes "
        "to the discard pile (a unit with Call held in place of it too)."
    )


def _restricting(eng: RangersStrikeEngine, pid: str, unit: Unit) -> list[str]:
    """The opposing units in place whose restriction this rush of ``pid``'s meets."""
    st = eng.state
    found: list[str] = []
    # the cards that have such a restriction (the others are passed over by their code: a long
    # log's areas hold dozens of units)
    codes = eng.codes_known.get("rush_discard")  # (read first: no call, no lambda made)
    if codes is None:
        codes = eng.codes_where(
            "rush_discard",
            lambda d: d.is_unit and any(is_effect(e) and ok(e) for e in d.effects),
            shared=True,
        )
    if not codes:
        return found
    features = st.unit_features(unit)
    for q in st.order:
        if q == pid or pid not in eng.opponent_players(q):
            continue
        for area in ("rush", "battle"):
            for u in st.players[q].area(area):
                if st.code_of[u.card] not in codes:
                    continue
                d = st.card(u.card)
                if any(
                    is_effect(e)
                    and ok(e)
                    and area in _WHERE[e["while"]]
                    and any(f in features for f in e["do"][0]["features"])
                    for e in d.effects
                ):
                    found.append(u.card)
    return found


def rushed(eng: RangersStrikeEngine, plan: Plan, pid: str, unit: Unit) -> bool:
    """``pid`` has just rushed ``unit`` from the hand and paid for it (``plan.data``: the
    command held, or the unit with Call): an opposing unit's restriction puts what was held for
    it into the discard pile (module docstring).  Whether it did."""
    st = eng.state
    if not st.card(unit.card).is_unit:
        return False
    by = _restricting(eng, pid, unit)
    if not by:
        return False
    names = " and ".join(eng.name(c) for c in by)
    what = f"{names}'s restriction"
    holder, idx = plan.data.get("holder"), plan.data.get("command")
    caller = plan.data.get("call_unit")
    if holder is not None and idx is not None:
        ps = st.players[holder]
        cmd = ps.command[idx]
        ps.command.remove(cmd)
        owner = st.owner_of[cmd.card]
        st.players[owner].discard.append(cmd.card)
        eng.event(
            "to_discard",
            f"{holder}'s command {eng.name(cmd.card)}, held to rush {eng.name(unit.card)}, goes "
            f"to {owner}'s discard pile ({what}).",
            player=owner,
            card=cmd.card,
        )
        held = f"the command held for it, {eng.name(cmd.card)}, goes to the discard pile"
    elif caller is not None:
        _discard_unit(eng, pid, caller, what)
        held = (
            f"{eng.name(caller.card)}, the unit with Call held in place of the command, goes to "
            "the discard pile (the official Q&A on this text)"
        )
    else:
        return False
    eng.ctx.ruling(
        RULE,
        f"{pid} rushed {eng.name(unit.card)} holding a command while {names} stands in its "
        f"player's area: {pid} is restricted, and {held}.",
    )
    further = plan.data.get("also_hold") or plan.data.get("also_hold_units")
    if further:
        why = (
            "whether the further commands held for the same rush go to the discard pile too "
            "(そのホールドしたコマンド) the sources do not say; they stay held"
        )
        eng.ctx.ruling(RULE, f"{what}: {why}.")
        eng.ctx.cannot_verify(why)
    return True


def order_doubt(eng: RangersStrikeEngine, before: int) -> None:
    """Other effects the rush triggered wait in the pool (``before``: its size before they
    were added): whether the discard came before them is not known (module docstring)."""
    if len(eng.pool.items) > before:
        why = (
            "the rush triggered other effects as well: whether the restriction's discard comes "
            "before them or is ordered with them (RS-SIMULTANEOUS) the sources do not say"
        )
        eng.ctx.ruling(RULE, f"{why[0].upper()}{why[1:]}.")
        eng.ctx.cannot_verify(why)


def _discard_unit(eng: RangersStrikeEngine, pid: str, unit: Unit, what: str) -> None:
    """The unit (still in its area) goes to its owner's discard pile, not destroyed; the
    vehicle it rides stays in its place (RS-RIDER)."""
    st = eng.state
    where = st.area_of(unit)
    if where is None:
        return
    if stacking.leaving(eng, unit, f"is put into the discard pile ({what})"):
        return  # RS-STACK-STAY: a card it is stacked on keeps it in place
    left = leave_area(st, st.players[where[0]].area(where[1]), unit)
    owner = st.owner_of[unit.card]
    st.players[owner].discard.append(unit.card)
    eng.event(
        "to_discard",
        f"{eng.name(unit.card)} goes from {where[0]}'s {where[1]} area to the discard pile "
        f"({what}; not destroyed).",
        player=owner,
        card=unit.card,
    )
    if left is not None:
        eng.rider_left(left, unit.card)
