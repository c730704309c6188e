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

>>> static_bp({"when": "static", "do": [{"op": "bp", "amount": 2000, "during": "attacked"}]})
((2000, 'attacked', None),)
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.state import Mod, RSState, Unit

#: a unit's own continuous BP during an attack: (amount, during, against: a feature, or
#: ``{"size": S}``)
Static = tuple[int, str, str | dict[str, str] | None]


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
        given = op.get("against") or {}
        against = dict(given) if "size" in given else given.get("feature")
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
    st: RSState, unit: Unit, during: str | None, against: str | dict[str, str] | None
) -> bool:
    """Whether a BP change with ``during`` and ``against`` (a feature, or ``{"size": S}``)
    counts for ``unit`` now (one without ``during`` always does)."""
    if during is None:
        return True
    now = role(st, unit)
    if now is None or now[0] != during:
        return False
    if isinstance(against, dict):  # "敵軍Sユニットにアタックするとき": the size it prints
        return st.card(now[1].card).size == against.get("size")
    return against is None or against in st.unit_features(now[1])


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
    against = (op.get("against") or {}).get("feature")
    if against is not None:
        said += f" {'a unit' if during == 'attacking' else 'by a unit'} with the feature {against}"
    size = (op.get("against") or {}).get("size")
    if size is not None:
        said += f" a size {size} unit"
    return said
