"""Scrum given by a resident operation in place (RS-RESIDENT-SCRUM): "特徴「X」または「Y」を持つ自軍
ユニットは、次の能力を得る⇒スクラム(これのCNより1多いCNを持つユニットがこれの次に並んでいる間、これはアタッ
クされない)".

While the resident is in place (RS-RESIDENT), each unit of its player's (自軍ユニット: the rush and
battle areas; a vehicle is not a unit, RS-SELECT-UNIT) that has one of the features now (printed
or added, RS-SELECT-FEATURE) has scrum, as a unit printing ※スクラム has it (RS-SCRUM, judged by
:func:`judge.games.rangers_strike.next_in_line.scrum_forbidden` with all its doubts).  Whose units
自軍 covers is the resident's as for its BP (:meth:`RangersStrikeEngine.resident_covers`; Tag does
not widen it, RST-RESIDENT-TAG).

The effect: ``{"when": "resident", "do": [{"op": "gain", "ability": "scrum", "target": {"side":
"own", "type": "unit", "features": [X, …]}}]}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-RESIDENT-SCRUM"
OP = "gain"


def gain_op(features: list[str]) -> dict[str, Any]:
    """The op that gives scrum to one's units with one of ``features``."""
    return {
        "op": OP,
        "ability": "scrum",
        "target": {"side": "own", "type": "unit", "features": list(features)},
    }


def is_gain(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` has an op of this module."""
    ops = effect.get("do")
    return isinstance(ops, list) and any(isinstance(op, dict) and op.get("op") == OP for op in ops)


def _op_ok(op: Any) -> bool:
    if not isinstance(op, dict) or set(op) != {"op", "ability", "target"}:
        return False
    target = op["target"]
    if op["op"] != OP or op["ability"] != "scrum" or not isinstance(target, dict):
        return False
    features = target.get("features")
    return (
        set(target) == {"side", "type", "features"}
        and target["side"] == "own"
        and target["type"] == "unit"
        and isinstance(features, list)
        and bool(features)
        and all(isinstance(f, str) and f for f in features)
        and len(set(features)) == len(features)
    )


def ok(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` is the one shape of this module, exactly."""
    ops = effect.get("do")
    return (
        effect.get("when") == "resident"
        and set(effect) <= {"when", "do", "text"}
        and isinstance(ops, list)
        and len(ops) == 1
        and _op_ok(ops[0])
    )


def op_words(op: dict[str, Any]) -> str | None:
    """The op in English, or None when it is not this module's."""
    if not _op_ok(op):
        return None
    features = " or ".join(op["target"]["features"])
    return (
        f"every unit of yours (rush and battle areas) with the feature {features} has scrum: it "
        "cannot be attacked while the unit directly after it in its battle area has a "
        "combination number one more than its own (RS-SCRUM)"
    )


def _gives(d: Any) -> bool:
    """Whether card ``d`` has this module's effect (what :func:`givers` reads)."""
    return any(e.get("when") == "resident" and ok(e) for e in d.effects)


def givers(eng: RangersStrikeEngine, unit: Unit) -> list[str]:
    """The residents in place that give ``unit`` scrum now (module docstring), in seat
    order."""
    # no card of the game gives scrum so (codes_where, shared: the definition alone): none in
    # place does, and the unit is not looked for (every attack asks)
    codes = eng.codes_known.get("granted scrum")
    if codes is None:
        codes = eng.codes_where("granted scrum", _gives, shared=True)
    if not codes:
        return []
    st = eng.state
    where = st.area_of(unit)
    if where is None or not st.card(unit.card).is_unit:
        return []
    owner = where[0]
    found: list[str] = []
    for q, res in st.placed():
        d = st.card(res)
        ops = [
            op for eff in d.effects if eff.get("when") == "resident" and ok(eff) for op in eff["do"]
        ]
        if not ops:
            continue
        if owner not in eng.resident_covers(q, "own"):
            continue
        features = st.unit_features(unit)
        if any(f in features for op in ops for f in op["target"]["features"]):
            found.append(res)
    return found
