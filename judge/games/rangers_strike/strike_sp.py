"""A unit's SP as it strikes, raised for each size S unit card its player took from its discard
pile into its hand this turn (RS-STRIKE-SP-RETRIEVED): "これはストライクするとき、このターン中に自軍捨札
から手札に加えたSユニットのカード1枚につきSP+1される。".

The unit's rule (a unit without a combination number: its own text, always in force)::

    {"rule": "strike_sp_retrieved", "sp": N, "find": {"type": "unit", "size": "S"}}

While the unit strikes (from its strike's declaration until the strike has resolved), its SP is
raised by N for each size S unit card that went from its player's discard pile into its hand
this turn, by any effect or a recorded outcome (the engine keeps them: :func:`record`).  Not
guessed (the SP not known: the strike's damage unverifiable): an SP an effect makes the unit
"SP K" (RS-SP-EFFECT) or a taxis gives it, with cards counted, since which of the two applies first
the turn player decides each time (atwiki renst 104); tag battle, where the ally took such cards
(自軍捨札 may be the team's); a log begun from a position in this turn (what went to the hand before
is not known).  A unit whose SP is below 1 before the strike may strike only with the raise, which
the sources do not settle: that strike is unverifiable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-STRIKE-SP-RETRIEVED"
NAME = "strike_sp_retrieved"
#: what a reason the SP is not known begins with (the rule it is ruled under)
PREFIX = "its strike's SP: "


def ok(rule: dict[str, Any]) -> bool:
    """Whether ``rule`` is the one shape the engine executes."""
    sp = rule.get("sp")
    return (
        set(rule) == {"rule", "sp", "find"}
        and rule["rule"] == NAME
        and isinstance(sp, int)
        and not isinstance(sp, bool)
        and sp > 0
        and rule["find"] == {"type": "unit", "size": "S"}
    )


def words(rule: dict[str, Any]) -> str:
    """The rule in plain English (``judge cards show``)."""
    return (
        f"As it strikes, its SP is +{rule['sp']} for each size S unit card that went from your "
        f"discard pile into your hand this turn ({RULE})."
    )


def record(eng: RangersStrikeEngine, pid: str, iid: str) -> None:
    """A card went from ``pid``'s discard pile into its hand."""
    eng.state.to_hand_from_discard.append((pid, iid))


def _of(eng: RangersStrikeEngine, unit: Unit) -> dict[str, Any] | None:
    for r in eng.state.card(unit.card).restrictions:
        if r.get("rule") == NAME:
            return r
    return None


def _counted(eng: RangersStrikeEngine, pid: str) -> int:
    st = eng.state
    n = 0
    for q, iid in st.to_hand_from_discard:
        d = st.card(iid)
        if q == pid and d.type == "unit" and d.size == "S":
            n += 1
    return n


def raise_of(eng: RangersStrikeEngine, unit: Unit) -> tuple[int, str | None]:
    """How much the unit's rule raises its SP now (0 when it has none or does not strike), and
    why that is not known (None when it is)."""
    rule = _of(eng, unit)
    st = eng.state
    b = st.battle
    if rule is None or b is None or b.kind != "strike" or b.attacker is not unit:
        return 0, None
    pid = b.attacker_player
    n = _counted(eng, pid)
    allies = [q for q in eng.allies(pid) if q != pid]
    if any(_counted(eng, q) for q in allies):
        return 0, (
            f"{PREFIX}自軍捨札 may be {pid}'s discard pile or its team's, and the ally took size S "
            "unit cards from its own into its hand this turn"
        )
    if st.partial_turn == st.turn:
        return 0, (
            f"{PREFIX}the log began from a position in this turn, and which cards went from the "
            "discard pile into the hand before it is not known"
        )
    return int(rule["sp"]) * n, None


def adjust(
    eng: RangersStrikeEngine, unit: Unit, value: int, why: str | None, made: bool
) -> tuple[int, str | None]:
    """:meth:`~RangersStrikeEngine.sp_known` with the raise: ``made`` whether an effect or a
    taxis sets the unit's SP (then, with a raise, the order is the turn player's: not known)."""
    more, unknown = raise_of(eng, unit)
    if unknown is not None:
        return 0, why or unknown
    if more == 0 or why is not None:
        return value, why
    if made:
        return 0, (
            f"{PREFIX}an effect sets it and its text raises it by {more}, and which applies first "
            "the turn player decides each time (not recorded)"
        )
    return value + more, None


def may_strike(eng: RangersStrikeEngine, unit: Unit, pid: str) -> str | None:
    """Why a unit of SP below 1 with the rule may perhaps strike (the raise would count only
    while it strikes, which the sources do not settle), or None when the rule gives it nothing."""
    rule = _of(eng, unit)
    if rule is None or _counted(eng, pid) == 0:
        return None
    return (
        f"{PREFIX}its SP is below 1 before it strikes, and whether the raise it gets as it strikes "
        "lets it strike the sources do not say"
    )


def rule_on(eng: RangersStrikeEngine, unit: Unit) -> None:
    """The ruling on a strike's SP as it resolves, when the unit has the rule: the raise, or
    the SP not known (the step unverifiable)."""
    if _of(eng, unit) is None:
        return
    value, unknown = eng.sp_known(unit)
    if unknown is not None and unknown.startswith(PREFIX):
        eng.ctx.ruling(RULE, f"{eng.name(unit.card)}'s SP: {unknown[len(PREFIX) :]}.")
        eng.ctx.cannot_verify(f"the strike's damage: {unknown}")
        return
    more, _ = raise_of(eng, unit)
    eng.ctx.ruling(
        RULE,
        f"{eng.name(unit.card)} strikes with SP {value}: its text raises it by {more} for the "
        "size S unit cards that went from the discard pile into the hand this turn.",
    )
