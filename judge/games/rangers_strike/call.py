"""Call and Lead: a unit held in place of a command.

- Call (``※コールX``, RS-CALL), to rush a unit of category X.  The card's reminder says it:
  "このユニットはXのユニットをラッシュするためのコマンドとしてホールドできる".
- Lead (``※リードX``, RS-LEAD), to use an operation card of category X, counters included.
  Its reminder, as the official Q&A quotes it in full (the fan wiki's copy, atwiki renst page
  2250): "このユニットはXのオペレーションカードを使用するためのコマンドとしてホールドできる";
  A2: a counter may be used so; A3: held so, it is the command held to use the operation, and
  an effect that reads that command reads the unit (its required power, its category).  The
  engine executes no effect that reads the command held: a card that does is not read.

The fan wiki's page on commands (atwiki renst page 151) adds that such a unit stands in for a
command only at the moment it is used, for that action alone, and is not released in the start
phase as a command is (a held unit stays held: RS-HOLD-SELF).  So: a player rushing a unit of
category X (using an operation of category X) may hold one of their own released units with
Call X (Lead X), in the rush or battle area, instead of a released command of category X.
Only their own: an ally holds a *command* for another (seed 002, 【コマンドゾーン】), and a unit
is no command.

The log names the unit in the rush's (the use's) ``hold``.  Without ``hold``, a released
command of the category is held as before (RS-RUSH-COMMAND); when there is none, the first
released unit with Call X (Lead X).  Either way, when the other could have been held the log
does not say which, and the step is unverifiable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.games.rangers_strike.refs import find_command, find_unit
from judge.games.rangers_strike.state import AREAS, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.cards import CardDef
    from judge.games.rangers_strike.engine import RangersStrikeEngine

#: the keyword that lets a unit stand in for a command, by what is paid for: its word in
#: English and its rule
CALL = ("Call", "RS-CALL")
LEAD = ("Lead", "RS-LEAD")
_OTHER = {CALL[0]: LEAD[0], LEAD[0]: CALL[0]}


def keyword_for(plan: Plan, d: CardDef) -> tuple[str, str] | None:
    """The keyword whose unit may be held in place of a command to pay for ``d`` now: Call
    to rush a unit, Lead to use an operation; None for anything else (a vehicle)."""
    if plan.kind == "rush" and d.is_unit:
        return CALL
    if plan.kind == "use" and d.type == "operation":
        return LEAD
    return None


#: the printed keyword of each, before its category
_PRINTED = {CALL[0]: "コール", LEAD[0]: "リード"}
_CATEGORIES = ("WB", "ET", "OT", "MA", "DA")


def category_of(d: CardDef, word: str) -> str | None:
    """The category of ``d``'s keyword ``word`` (``Call`` or ``Lead``), or None.  A card
    whose text is not read in full still prints its keywords (a printed fact,
    :mod:`judge.games.rangers_strike.keywords`): ``※リードET`` there is Lead ET too."""
    got = d.call if word == CALL[0] else d.lead
    if got is None and d.unread:
        prefix = _PRINTED[word]
        tails = [w.removeprefix(prefix) for w in d.keywords if w.startswith(prefix)]
        got = next((t for t in tails if t in _CATEGORIES), None)
    return got


def callers(eng: RangersStrikeEngine, pid: str, category: str, word: str = CALL[0]) -> list[Unit]:
    """``pid``'s released units (rush and battle area) with Call (``word`` Lead: Lead)
    ``category``."""
    st = eng.state
    # the cards with the keyword (the others are passed over by their code)
    codes = eng.codes_known.get(("keyword", word))  # (read first: no call, no lambda made)
    if codes is None:
        codes = eng.codes_where(
            ("keyword", word), lambda d: category_of(d, word) is not None, shared=True
        )
    if not codes:
        return []
    code_of = st.code_of
    return [
        u
        for u in st.players[pid].units()
        if not u.held
        and code_of[u.card] in codes
        and category_of(st.card(u.card), word) == category
    ]


def stand_ins(eng: RangersStrikeEngine, plan: Plan, pid: str, d: CardDef) -> list[Unit]:
    """``pid``'s released units that could be held in place of a command to pay for ``d``."""
    kw = keyword_for(plan, d)
    return callers(eng, pid, d.category, kw[0]) if kw is not None else []


def named(eng: RangersStrikeEngine, pid: str, holder: str, ref: Any, path: str) -> Unit | None:
    """The unit of ``pid``'s that a rush's ``hold`` names, when it names no card of
    ``holder``'s command zone (a command is what ``hold`` names first)."""
    if ref is None:
        return None
    st = eng.state
    _, err = find_command(st, holder, ref, "")
    if err is None or err[0] != "RS-CARD-IN-ZONE":
        return None  # a command of that zone (whatever its category or state)
    found = find_unit(st, ref, path, [pid], AREAS, bp=eng.bp)
    return found[2] if found is not None else None


def check(
    eng: RangersStrikeEngine, plan: Plan, pid: str, d: CardDef, unit: Unit, holder: str
) -> bool:
    """Whether ``unit`` may be held to rush or use ``d`` (RS-CALL, RS-LEAD); a violation
    when not."""
    st = eng.state
    u = st.card(unit.card)
    what = f"{unit.card} ({eng.name(unit.card)})"
    kw = keyword_for(plan, d)
    if kw is None:
        plan.violate(
            "RS-CALL",
            f"{what} is a unit, not a command: a unit is held in place of a command only to "
            "rush a unit (Call) or to use an operation (Lead).",
        )
        return False
    word, rule = kw
    if holder != pid:
        plan.violate(rule, f"{what} is {pid}'s own unit: no ally holds it (hold_by).")
        return False
    mine = category_of(u, word)
    if mine != d.category:
        has = f"{word} {mine}" if mine else f"no {word}"
        purpose = (
            f"to rush a {d.category} unit"
            if word == CALL[0]
            else f"to use a {d.category} operation"
        )
        if not mine and category_of(u, _OTHER[word]):
            rule = CALL[1] if word == LEAD[0] else LEAD[1]  # the keyword it has is broken
        plan.violate(
            rule, f"{what} has {has}: it cannot be held as a command {purpose}{_other(u, word)}."
        )
        return False
    if unit.held:
        plan.violate(rule, f"{what} is held already.")
        return False
    return True


def _other(u: CardDef, word: str) -> str:
    """What the unit's other keyword is for, when it has it (a unit with Lead named to rush)."""
    if word == CALL[0] and u.lead:
        return f" (its Lead {u.lead} is for operations)"
    if word == LEAD[0] and u.call:
        return f" (its Call {u.call} is for rushing units)"
    return ""


def default(eng: RangersStrikeEngine, plan: Plan, pid: str, d: CardDef) -> Unit | None:
    """The unit held when the log names none and no released command of the category is
    there: the first released unit of ``pid``'s with Call (Lead) of that category."""
    kw = keyword_for(plan, d)
    if kw is None:
        return None
    found = callers(eng, pid, d.category, kw[0])
    if len(found) > 1:
        plan.data["call_doubt"] = f"which unit with {kw[0]} {d.category} {pid} held is not recorded"
    return found[0] if found else None


def hold(eng: RangersStrikeEngine, pid: str, unit: Unit, iid: str) -> None:
    """Hold ``unit`` in place of a command to rush or use ``iid``."""
    st = eng.state
    d = st.card(iid)
    if d.type == "operation":
        word, rule, doing = LEAD[0], LEAD[1], "use"
    else:
        word, rule, doing = CALL[0], CALL[1], "rush"
    category = category_of(st.card(unit.card), word)
    unit.held = True
    from judge.games.rangers_strike import command_watch  # RS-COMMAND-HELD-WATCH

    command_watch.held(eng, [(pid, unit.card)], "unit")
    eng.event(
        "hold",
        f"{pid} holds its unit {eng.name(unit.card)} ({word} {category}) in place of a command "
        f"to {doing} {eng.name(iid)}.",
        player=pid,
        card=unit.card,
    )
    counts = "; it is the command held to use it" if word == LEAD[0] else ""
    eng.ctx.ruling(
        rule,
        f"{eng.name(unit.card)} has {word} {category}: held in place of a {d.category} command "
        f"to {doing} {eng.name(iid)}{counts}; it stays held (a unit is not released in the start "
        "phase).",
    )
