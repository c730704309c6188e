"""An opposing unit with a category or feature added, chosen and returned to the bottom of its
owner's deck (RS-ADDED-TO-BOTTOM): "【name】「SP1」カテゴリまたは特徴の追加されている敵軍Sユニットを1体選び、
持ち主の山札の下に戻してもよい。" (a unit's Number Combination).

The combination makes the unit SP 1 for the turn (RS-SP-EFFECT) whatever follows; then its
player may choose an opposing unit of the printed size (rush or battle area: no area named,
RS-SELECT-FIELD; a vehicle is not a unit) that has a category or a feature added now, and that
unit goes to the bottom of its owner's deck (not destroyed; RS-TO-DECK-BOTTOM's move, the cards
it is stacked on going where their texts say).  A feature added is one an effect gave it for the
turn (RS-ADD-FEATURE) or a card it is stacked on gives it (RS-STACK); a category added is the one a unit's note adds while it
stands in a battle area ("※これはバトルエリアにあるとき、カテゴリにXが追加される。", RS-ADD-FEATURE).

Not guessed (the choice is not judged and the effect's return not carried out until an outcome
records it): a feature or category added that the unit prints already (whether it was
"added"), and a public
card the engine does not read whose text speaks of adding a category or a feature (it may have
added one the engine does not know of).

The effect: ``{"when": "combination", "optional": true, "do": [{"op": "sp", "value": 1,
"until": "turn"}, {"op": "added_to_bottom", "target": {"side": "opponent", "zone": "field",
"count": 1, "type": "unit", "size": "S", "added": true}}]}`` (the choice is the second op's:
:func:`choice_at`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike.keywords import public_cards
from judge.games.rangers_strike.state import BATTLE_CATEGORY

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-ADDED-TO-BOTTOM"
OP = "added_to_bottom"
KEY = "added"
#: an unread text that speaks of adding a category or a feature
_ADDS = re.compile(r"(?:カテゴリ|特徴)[^。]*追加")


def effect(sp: int, size: str | None, n: int) -> dict[str, Any]:
    """The combination effect of the printed text."""
    target: dict[str, Any] = {"side": "opponent", "zone": "field", "count": n, "type": "unit"}
    if size:
        target["size"] = size
    target[KEY] = True
    return {
        "when": "combination",
        "optional": True,
        "do": [{"op": "sp", "value": sp, "until": "turn"}, {"op": OP, "target": target}],
    }


def is_effect(eff: dict[str, Any]) -> bool:
    """Whether ``eff`` has this module's op."""
    return choice_at(eff) is not None


def choice_at(eff: dict[str, Any]) -> int | None:
    """The index of the op the choice is (what comes before it happens either way), or None."""
    for i, op in enumerate(eff.get("do") or []):
        if isinstance(op, dict) and op.get("op") == OP:
            return i
    return None


def ok(eff: dict[str, Any], when: str | None = None) -> bool:
    """Whether ``eff`` is the one shape of this module, exactly (in ``combination.effects``
    ``when`` may be left out)."""
    ops = eff.get("do")
    if eff.get("when", when) != "combination" or eff.get("optional") is not True:
        return False
    if not set(eff) <= {"when", "optional", "do", "text"} or not isinstance(ops, list):
        return False
    if len(ops) != 2 or not all(isinstance(op, dict) for op in ops):
        return False
    sp, move = ops
    value = sp.get("value")
    target = move.get("target")
    return (
        set(sp) == {"op", "value", "until"}
        and sp["op"] == "sp"
        and isinstance(value, int)
        and not isinstance(value, bool)
        and value >= 1
        and sp["until"] == "turn"
        and set(move) == {"op", "target"}
        and move["op"] == OP
        and isinstance(target, dict)
        and set(target) - {"size"} == {"side", "zone", "count", "type", KEY}
        and target["side"] == "opponent"
        and target["zone"] == "field"
        and target["type"] == "unit"
        and target[KEY] is True
        and target.get("size", "S") in ("S", "M", "L")
        and isinstance(target["count"], int)
        and not isinstance(target["count"], bool)
        and target["count"] >= 1
    )


def words(eff: dict[str, Any]) -> str | None:
    """The effect's ops in English (after its timing), or None when it is not this shape."""
    if not ok(eff):
        return None
    sp = eff["do"][0]["value"]
    target = eff["do"][1]["target"]
    n = target["count"]
    size = f"size {target['size']} " if "size" in target else ""
    units = "unit" if n == 1 else "units"
    return (
        f"this unit is SP {sp} until the end of the turn; then you may choose {n} opposing "
        f"{size}{units} (rush or battle area) with a category or feature added to it: it goes to "
        "the bottom of its owner's deck"
    )


def selector_words() -> str:
    return "with a category or feature added"


def category_added(eng: RangersStrikeEngine, unit: Unit) -> bool | None:
    """Whether ``unit`` has a category added now: its note's while it stands in a battle area
    ("※これはバトルエリアにあるとき、カテゴリにXが追加される。", RS-ADD-FEATURE); None when the note adds
    the category it prints already (whether that is "added" the sources do not say)."""
    st = eng.state
    d = st.card(unit.card)
    notes = [r for r in d.restrictions if r.get("rule") == BATTLE_CATEGORY]
    if not notes:
        return False
    where = st.area_of(unit)
    if where is None or where[1] != "battle":
        return False
    return True if any(r.get("category") != d.category for r in notes) else None


def fits(eng: RangersStrikeEngine, unit: Unit) -> bool | None:
    """Whether ``unit`` has a category or a feature added now (None: not known, a feature
    or category added that it prints already)."""
    st = eng.state
    category = category_added(eng, unit)
    if category is True:
        return True
    printed = st.card(unit.card).features
    added = [f for m in unit.mods for f in m.features]
    for iid in unit.stacked:  # RS-STACK: "特徴「X」が追加される" while it is stacked
        feature = (st.card(iid).stack_op or {}).get("feature")
        if isinstance(feature, str):
            added.append(feature)
    if not added:
        return category
    if any(f not in printed for f in added):
        return True
    return None


def doubt(eng: RangersStrikeEngine, eff: dict[str, Any], pid: str) -> str | None:
    """Why the choice cannot be judged now (module docstring), or None."""
    if not is_effect(eff):
        return None
    st = eng.state
    unread = [
        c
        for c in public_cards(eng)
        if st.card(c).unread and _ADDS.search(str(st.card(c).raw.get("text") or ""))
    ]
    if unread:
        names = ", ".join(dict.fromkeys(eng.name(c) for c in unread))
        return (
            f"whether a unit has a category or feature added now is not known: {names}, whose "
            "text the engine does not read, speaks of adding one"
        )
    for q in eng.opponents(pid):
        for unit in st.players[q].units():
            if fits(eng, unit) is None:
                return (
                    f"{eng.name(unit.card)} was given a feature or category it prints already: "
                    "whether one was added to it the sources do not say"
                )
    return None
