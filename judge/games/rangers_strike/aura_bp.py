"""A unit's text, while it is in its player's area, lowering the BP of every unit of a size that
has not a keyword, a unit brought to BP 0 or less destroyed (RS-AURA-BP): "【name】これが自軍エリアに
ある間、ウイングを持たないSユニットはBP-500される。(BP0以下になったユニットは撃破される)".

Read (for a unit without a combination number: its own text, always in force) into the unit's rule
``{"rule": "aura_bp", "size": S, "without": "ウイング", "bp": -N}``.  While the card's unit is in
its player's rush or battle area (自軍エリア), every unit (not a vehicle) of printed size S on
either side, in a rush or battle area, that has not ウイング (printed, RS-SELECT-KEYWORD) has BP
-N; each such card in play lowers it once.  A unit so brought to BP 0 or less is destroyed by
the rule (RS-BP-ZERO): the engine looks at every unit so lowered after each step (an effect
until the end of the turn that ended, a unit that came into play, the card's own coming) and
destroys those at BP 0 or less.

Not guessed (the engine's two readings of BP, ``bp_readings``: where they decide a battle or a
step, it is unverifiable; a unit at BP 0 or less in one reading only is not destroyed, and the
step is unverifiable): a unit without ウイング printed while a public card the engine does not
read names ウイング beyond its own note (it may give it: the wide reading leaves it unlowered).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike import keywords

if TYPE_CHECKING:
    from judge.games.rangers_strike.cards import CardDef
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-AURA-BP"
NAME = "aura_bp"
HELD_RULE = "RS-HELD-AURA-BP"
#: the op "このターン、ホールド状態の敵軍SユニットはBP-Nされる。(BP0以下になったユニットは撃破される)"
HELD_OP = "held_aura_bp"
_SIZES = ("S", "M", "L")
#: the keywords read ("ウイングを持たない")
WITHOUT = ("ウイング",)


def ok(rule: dict[str, Any]) -> bool:
    """The rule's one shape."""
    return (
        set(rule) == {"rule", "size", "without", "bp"}
        and rule["rule"] == NAME
        and rule["size"] in _SIZES
        and rule["without"] in WITHOUT
        and isinstance(rule["bp"], int)
        and not isinstance(rule["bp"], bool)
        and rule["bp"] < 0
    )


def _lays(d: CardDef) -> bool:
    """Whether a unit card lays the rule (the ones :func:`_in_force` reads)."""
    return d.is_unit and any(r.get("rule") == NAME and ok(r) for r in d.restrictions)


def codes(eng: RangersStrikeEngine) -> frozenset[str]:
    """The codes of the game's unit cards that lay the rule."""
    return eng.codes_where(NAME, _lays, shared=True)


def _in_force(eng: RangersStrikeEngine) -> list[dict[str, Any]]:
    """The rules of the cards whose units are in a rush or battle area now, one per card.
    Only the units whose code lays it are read (:meth:`~RangersStrikeEngine.codes_where`: a
    game without such a card costs one lookup, a long log's areas hold hundreds of units)."""
    laying = codes(eng)
    if not laying:
        return []
    st = eng.state
    code_of = st.code_of
    out = []
    for pid in st.order:
        for u in st.players[pid].units():
            if code_of[u.card] in laying:
                out += [r for r in st.card(u.card).restrictions if r.get("rule") == NAME and ok(r)]
    return out


def _lowered(eng: RangersStrikeEngine, unit: Unit) -> list[tuple[bool, bool, int]]:
    """For each text in force that lowers ``unit`` now: whether the narrow reading counts it,
    whether the wide one does, and its BP (RS-AURA-BP: the unit may have been given the keyword;
    RS-HELD-AURA-BP: held now, or among the units it fitted as it resolved)."""
    st = eng.state
    rules = _in_force(eng)
    if not rules and not st.auras:
        return []
    d = st.card(unit.card)
    if not d.is_unit:
        return []
    out = []
    for r in rules:
        if d.size != r["size"] or r["without"] in d.keywords:
            continue
        maybe = bool(keywords.givers(eng, r["without"]))
        out.append((True, not maybe, int(r["bp"])))
    if st.auras:
        where = st.area_of(unit)
        for a in st.auras:
            if where is None or where[0] not in eng.opponents(a.controller) or d.size != a.size:
                continue
            locked = any(u is unit for u in a.locked)
            if unit.held or locked:
                out.append((unit.held, locked, a.bp))
    return out


def bonus(eng: RangersStrikeEngine, unit: Unit, team: bool) -> int:
    """The BP the texts in force give ``unit`` now (negative), read narrowly or (``team``)
    widely."""
    return sum(n for narrow, wide, n in _lowered(eng, unit) if (wide if team else narrow))


def differs(eng: RangersStrikeEngine, unit: Unit) -> bool:
    """Whether the two readings give ``unit`` different BP now."""
    return any(narrow != wide for narrow, wide, _n in _lowered(eng, unit))


def doubt(eng: RangersStrikeEngine, unit: Unit, values: tuple[int, int]) -> str:
    """Why ``unit``'s BP is not known, in words."""
    if any(
        any(u is unit for u in a.locked) != unit.held
        for a in eng.state.auras
        if eng.state.card(unit.card).size == a.size
    ):
        return (
            f"{eng.name(unit.card)}'s BP is {values[0]} or {values[1]}: a text in force this turn "
            "lowers held opposing units (このターン、ホールド状態の敵軍…はBP-Nされる), and whether it "
            "lowers the units held now or those held as it resolved the sources do not say"
        )
    return (
        f"{eng.name(unit.card)}'s BP is {values[0]} or {values[1]}: a card in play lowers the BP of "
        "units without ウイング, and a card whose text the engine does not read names ウイング and "
        "may have given it one"
    )


def check_zero(eng: RangersStrikeEngine) -> bool:
    """After a step: every unit the texts in force lower that is at BP 0 or less is destroyed
    (RS-BP-ZERO); one at BP 0 or less in one reading only is not guessed.  Whether any was
    destroyed."""
    if not eng.state.auras and not _in_force(eng):
        return False
    st = eng.state
    doomed: list[tuple[str, Unit]] = []
    for pid in st.order:
        for u in st.players[pid].units():
            if not _lowered(eng, u):
                continue
            values = eng.bp_readings(u)
            if values[0] <= 0 and values[1] <= 0:
                doomed.append((pid, u))
            elif values[0] <= 0 or values[1] <= 0:
                why = f"{doubt(eng, u, values)}, and whether it is destroyed (BP 0 or less) turns on that"
                rule = HELD_RULE if eng.state.auras and not _in_force(eng) else RULE
                eng.ctx.ruling(rule, f"{why[0].upper()}{why[1:]}: the engine does not destroy it.")
                eng.ctx.cannot_verify(why)
    for pid, u in doomed:
        if st.area_of(u) is None:
            continue
        eng.ctx.ruling(
            "RS-BP-ZERO",
            f"{eng.name(u.card)} is at BP {eng.bp(u)}, lowered by a card's text in force "
            "(RS-AURA-BP, RS-HELD-AURA-BP): it is destroyed by the rule.",
        )
        eng.destroy(pid, u, "its BP is 0 or less (RS-BP-ZERO)")
    return bool(doomed)


def words(rule: dict[str, Any]) -> str:
    """The rule in English (``judge cards show``)."""
    return (
        f"While it is in your rush or battle area, every size {rule['size']} unit (either side) "
        f"without {rule['without']} has BP {rule['bp']}; a unit so brought to BP 0 or less is "
        "destroyed (RS-AURA-BP, RS-BP-ZERO)."
    )


# -- このターン、ホールド状態の敵軍SユニットはBP-Nされる (RS-HELD-AURA-BP) ------------------------------


def held_ok(op: dict[str, Any], timing: str) -> bool:
    """The op as the reader writes it, a Number Combination's."""
    return (
        set(op) == {"op", "size", "bp"}
        and op["size"] in _SIZES
        and isinstance(op["bp"], int)
        and not isinstance(op["bp"], bool)
        and op["bp"] < 0
        and timing == "combination"
    )


def grant(eng: RangersStrikeEngine, pe: Any, op: dict[str, Any], what: str) -> None:
    """The text is in force until the end of the turn: the held opposing units of the size are
    lowered (those held now; the units held as it resolves are kept for the other reading)."""
    from judge.games.rangers_strike.state import HeldAura

    st = eng.state
    size, bp = str(op["size"]), int(op["bp"])
    locked = [
        u
        for q in eng.opponents(pe.controller)
        for u in st.players[q].units()
        if u.held and st.card(u.card).is_unit and st.card(u.card).size == size
    ]
    st.auras.append(HeldAura(pe.controller, pe.source, size, bp, locked))
    names = ", ".join(eng.name(u.card) for u in locked) or "none now"
    eng.event(
        "bp",
        f"Until the end of the turn, held opposing size {size} units have BP {bp} ({what}; held "
        f"now: {names}).",
        player=pe.controller,
        card=pe.source,
    )
    eng.ctx.ruling(
        HELD_RULE,
        f"{what}: until the end of the turn, every held size {size} unit of {pe.controller}'s "
        f"opponents has BP {bp}; one so brought to BP 0 or less is destroyed (RS-BP-ZERO).",
    )
