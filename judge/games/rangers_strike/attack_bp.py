"""BP a unit has only during an attack (RS-ATTACK-BP): "これはアタックするとき、BP+Nされる"
(while it attacks), "これはアタックされるときBP+Nされる" (while it is attacked), either limited
to attacks with a unit of a feature ("特徴「X」をもつユニットにアタックするとき"), or (a unit's own
named effect) to its attacks on a unit of a size ("これは敵軍Sユニットにアタックするとき", ``against``
``{"size": "S"}``: the size the attacked unit's card prints).

The source (the official rules' battle phase as summarised by the fan wiki,
``docs/wiki/battle.md``, アタック): "「アタックするとき/されるとき」効果はアタック処理中のみ、終了時
に効果終了" — the BP counts from the attack's declaration until it has resolved, and not
otherwise (not in a strike, which is no attack).  It comes from two places: a unit's own
continuous text (an effect ``{"when": "static", "do": [{"op": "bp", "amount": N, "during":
…}]}``, in force wherever the unit is) and an effect that gives it for the turn (a Number
Combination's sentence: a :class:`~judge.games.rangers_strike.state.Mod` with ``during``).

A unit's own text may limit it to attacks on a unit of a category *or* whose printed SP box is
not blank (RS-ATTACK-BP-EITHER: "【name】これは、DAを持つかSPが空欄ではないユニットにアタックするとき、
BP+2000される。", the op's ``against`` ``{"any_of": [{"category": "DA"}, {"sp_printed": true}]}``):
the unit attacked has that printed category, or its printed SP box holds an SP, a fraction K/N or
！ (as RS-SELECT-SIZE reads "SPが空欄でない"; the catalogue's "－" is blank).  Not guessed (the
attack's BP is not known, :func:`doubt`): a unit attacked whose SP box is blank while an effect,
its own text or a taxis gives it an SP (whether its SP is still 空欄), one riding a vehicle of
that category (whether it has the vehicle's), and a public card the engine does not read that
speaks of adding or giving a category (it may have given the unit one).

>>> static_bp({"when": "static", "do": [{"op": "bp", "amount": 2000, "during": "attacked"}]})
((2000, 'attacked', None),)
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike.keywords import public_cards
from judge.games.rangers_strike.state import Mod, RSState, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

#: the rule of an attack condition of a category or a printed SP (RS-ATTACK-BP-EITHER)
EITHER_RULE = "RS-ATTACK-BP-EITHER"
#: a unit's own continuous BP during an attack: (amount, during, against: a feature,
#: ``{"size": S}``, or the ``any_of`` condition of RS-ATTACK-BP-EITHER)
Static = tuple[int, str, str | dict[str, Any] | None]
#: an unread text that speaks of a category added or given ("DAが追加される", "カテゴリに…追加",
#: "ETを得る")
_GIVES_CATEGORY = re.compile(
    r"(?:WB|ET|OT|MA|DA)が追加|カテゴリ[^。]*追加|(?:WB|ET|OT|MA|DA)を得る"
)
_CATEGORY = re.compile(r"WB|ET|OT|MA|DA")


def _may_give(text: str, cat: str) -> bool:
    """Whether an unread ``text`` speaks of adding or giving category ``cat`` (or one it does
    not name)."""
    return any(
        cat in m.group(0) or not _CATEGORY.search(m.group(0))
        for m in _GIVES_CATEGORY.finditer(text)
    )


def static_bp(effect: dict[str, Any]) -> tuple[Static, ...]:
    """A unit's continuous BP during an attack (``(amount, during, against feature)``) in
    ``effect``, when it is such an effect; else none.  Its other continuous BP (for each one
    counted, while a condition holds) is :mod:`~judge.games.rangers_strike.own_text`'s."""
    if effect.get("when") != "static":
        return ()
    out: list[Static] = []
    for op in effect.get("do") or ():
        if "during" not in op:
            continue
        cond = op.get("against") or {}
        against = dict(cond) if "size" in cond or "any_of" in cond else cond.get("feature")
        out.append((int(op["amount"]), str(op["during"]), against))
    return tuple(out)


def role(st: RSState, unit: Unit) -> tuple[str, Unit] | None:
    """``("attacking", target)`` or ``("attacked", attacker)`` while ``unit`` is in the
    attack in progress; None otherwise (no attack, a strike, another unit's attack)."""
    b = st.battle
    if b is None or b.kind != "attack" or b.target is None:
        return None
    if b.attacker is unit:
        return "attacking", b.target
    if b.target is unit:
        return "attacked", b.attacker
    return None


def counts(
    st: RSState, unit: Unit, during: str | None, against: str | dict[str, Any] | None
) -> bool:
    """Whether a BP change with ``during`` and ``against`` (a feature, ``{"size": S}`` or an
    ``any_of``) counts for ``unit`` now (one without ``during`` always does).  An ``any_of``
    condition is judged on the other unit's printed category and SP box (:func:`doubt` says
    when that is not enough)."""
    if during is None:
        return True
    now = role(st, unit)
    if now is None or now[0] != during:
        return False
    if isinstance(against, dict) and "any_of" in against:  # RS-ATTACK-BP-EITHER
        return _either(st, now[1], against)
    if isinstance(against, dict):  # "敵軍Sユニットにアタックするとき": the size it prints
        return st.card(now[1].card).size == against.get("size")
    return against is None or against in st.unit_features(now[1])


def _either(st: RSState, other: Unit, cond: dict[str, Any]) -> bool:
    """Whether ``other`` fits one of ``cond``'s ``any_of`` (RS-ATTACK-BP-EITHER): a category
    (printed, or added in the battle area: RS-ADD-FEATURE), or a printed SP box that is not
    blank."""
    from judge.games.rangers_strike.resolve import sp_printed

    d = st.card(other.card)
    for one in cond["any_of"]:
        if "category" in one and one["category"] in st.unit_categories(other):
            return True
        if one.get("sp_printed") and sp_printed(d):
            return True
    return False


def flipped(eng: RangersStrikeEngine, unit: Unit) -> int:
    """What ``unit``'s BP changes by in the attack in progress with each of its own
    RS-ATTACK-BP-EITHER conditions judged the other way (for :func:`doubt`'s other reading)."""
    st = eng.state
    delta = 0
    for amount, when, c in eng.static_of(st.card(unit.card)):
        if isinstance(c, dict) and "any_of" in c:
            now = role(st, unit)
            if now is not None and now[0] == when:
                delta += -amount if counts(st, unit, when, c) else amount
    return delta


def doubt(eng: RangersStrikeEngine, unit: Unit) -> str | None:
    """Why whether ``unit``'s own BP of RS-ATTACK-BP-EITHER counts in the attack in progress
    is not known (module docstring), or None (no such BP, or it is known)."""
    st = eng.state
    now = role(st, unit)
    conds = [
        c
        for _n, when, c in eng.static_of(st.card(unit.card))
        if isinstance(c, dict) and "any_of" in c and now is not None and when == now[0]
    ]
    if not conds or now is None:
        return None
    other = now[1]
    name = eng.name(other.card)
    for cond in conds:
        if _either(st, other, cond):
            continue  # printed: it fits whatever else is given
        for one in cond["any_of"]:
            if one.get("sp_printed"):
                sp, unknown = eng.sp_known(other)
                given = any(m.sp is not None or m.sp_at is not None for m in other.mods)
                if sp or unknown is not None or given:
                    return (
                        f"{name}'s printed SP box is blank, but it has an SP now (given by an "
                        "effect, its own text or a taxis): whether its SP is still 空欄 the "
                        "sources do not say"
                    )
            cat = one.get("category")
            if cat is None:
                continue
            if other.vehicle is not None and st.card(other.vehicle).category == cat:
                return (
                    f"{name} rides a vehicle of category {cat}: whether a unit riding it has "
                    f"{cat} the sources do not say"
                )
            for iid in public_cards(eng):
                text = st.card(iid).raw.get("text")
                if st.card(iid).unread and isinstance(text, str) and _may_give(text, cat):
                    return (
                        f"{eng.name(iid)}, whose text the engine does not read, speaks of adding "
                        f"or giving a category: whether {name} has {cat} now is not known"
                    )
    return None


def mods_bp(st: RSState, unit: Unit) -> int:
    """The BP that ``unit``'s effects in force give it now."""
    return sum(m.bp for m in unit.mods if counts(st, unit, m.during, m.against))


def mod_of(op: dict[str, Any]) -> Mod:
    """The effect in force a ``bp`` op gives a unit (with its attack condition, if any)."""
    against = (op.get("against") or {}).get("feature")
    return Mod(int(op["amount"]), op.get("until", "turn"), during=op.get("during"), against=against)


def words(op: dict[str, Any]) -> str:
    """The attack condition of a ``bp`` op in English, with a leading space ("" for none).

    >>> words({"during": "attacking", "against": {"feature": "メカ"}})
    ' while it attacks a unit with the feature メカ'
    >>> words({"during": "attacked"}), words({})
    (' while it is attacked', '')
    """
    during = op.get("during")
    if during is None:
        return ""
    said = " while it attacks" if during == "attacking" else " while it is attacked"
    cond = op.get("against") or {}
    if "any_of" in cond:
        bits = [
            f"of category {one['category']}"
            if "category" in one
            else "whose printed SP is not blank"
            for one in cond["any_of"]
        ]
        unit = "a unit" if during == "attacking" else "by a unit"
        return f"{said} {unit} " + " or ".join(bits)
    against = cond.get("feature")
    if against is not None:
        said += f" {'a unit' if during == 'attacking' else 'by a unit'} with the feature {against}"
    size = (op.get("against") or {}).get("size")
    if size is not None:
        said += f" a size {size} unit"
    return said
