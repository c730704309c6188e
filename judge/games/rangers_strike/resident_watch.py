"""A resident's text that triggers when a unit of its player's with a feature enters the battle
area in that player's battle phase (RS-RESIDENT-ENTERED), and its one shape of effect: a unit
card of the hand whose printed required power is below the entered unit's put into the rush area
(RS-HAND-POWER-BELOW): "自軍バトルフェイズ中、特徴「X」を持つ自軍Sユニットがバトルエリアに出たとき、次の効
果を発動できる ⇒バトルエリアに出たユニットの必要パワーの数字よりも、必要パワーの数字が小さいWBのMユニットのカ
ードを、自分の手札から1枚選び、自軍ラッシュエリアに出す。".

The effect, exactly (a resident operation's, :func:`ok`)::

    {"when": "on_entered", "while": "resident",
     "of": {"feature": X, "side": "own", "size": "S", "phase": "battle"},
     "optional": true, "activate": true,
     "do": [{"op": "from_hand", "find": {"type": "unit", "category": "WB", "size": "M",
             "power_below": "entered"}, "count": 1, "to": "rush"}]}

While the resident is in place (RS-RESIDENT: "場に配置して、離れるまで効果が有効になる"), when a unit of
its player's (not a vehicle; the printed size S; the feature now, printed or added) enters the
battle area in that player's battle phase, the effect triggers, and waits with the unit's own
entry effects (the turn player orders them, RS-SIMULTANEOUS).  Its player may activate it
(RS-MAY-ACTIVATE); activated, it puts one unit card of its hand of the printed category and size
whose printed required power number is less than the entered unit's into its rush area by the
effect (no power, command or condition: RS-FROM-HAND), which it must do when one is there
("出す": not "出してもよい").  As the effect triggers the entered unit's number is bound into it
(``power_below`` N), so it holds though the unit leave.  Not guessed (unverifiable): in tag battle
a unit of the ally's (自軍), and a resident that has left its place before the effect resolves
(whether it still resolves the sources do not say).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike.state import Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.cards import CardDef
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-RESIDENT-ENTERED"
HAND_RULE = "RS-HAND-POWER-BELOW"
WHILE = "resident"
#: the entered unit's number, before the effect triggers
ENTERED = "entered"
_CATEGORIES = ("WB", "ET", "OT", "MA", "DA")
_SIZES = ("S", "M", "L")
#: the key of :func:`seen`'s codes (codes_where), read first by watch.seen too
CODES = "resident_watch"


def is_effect(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` is a resident's watched text of this module's."""
    return effect.get("while") == WHILE


def ok(effect: dict[str, Any], bound: bool = False) -> bool:
    """Whether ``effect`` is the one shape the engine executes (module docstring); ``bound``:
    as it waits, with the entered unit's number in ``power_below``."""
    of, ops = effect.get("of"), effect.get("do")
    if (
        effect.get("when") != "on_entered"
        or effect.get("optional") is not True
        or effect.get("activate") is not True
        or set(effect) - {"when", "while", "of", "optional", "activate", "do", "text"}
        or not isinstance(of, dict)
        or set(of) != {"feature", "side", "size", "phase"}
        or not isinstance(of["feature"], str)
        or not of["feature"]
        or of["side"] != "own"
        or of["size"] not in _SIZES
        or of["phase"] != "battle"
        or not isinstance(ops, list)
        or len(ops) != 1
        or not isinstance(ops[0], dict)
    ):
        return False
    op = ops[0]
    find = op.get("find")
    if not isinstance(find, dict):
        return False
    below = find.get("power_below")
    return (
        set(op) == {"op", "find", "count", "to"}
        and op["op"] == "from_hand"
        and op["count"] == 1
        and op["to"] == "rush"
        and set(find) == {"type", "category", "size", "power_below"}
        and find["type"] == "unit"
        and find["category"] in _CATEGORIES
        and find["size"] in _SIZES
        and (
            (isinstance(below, int) and not isinstance(below, bool) and below >= 0)
            if bound
            else below == ENTERED
        )
    )


def is_op(op: Any) -> bool:
    """Whether ``op`` takes a card of the hand by the entered unit's number."""
    return (
        isinstance(op, dict)
        and op.get("op") == "from_hand"
        and isinstance(op.get("find"), dict)
        and "power_below" in op["find"]
    )


def _has_effect(d: CardDef) -> bool:
    """Whether card ``d`` has a text of this module's (:func:`seen`'s)."""
    return any(is_effect(e) and e.get("when") == "on_entered" for e in d.effects)


def seen(eng: RangersStrikeEngine, subject: Unit, owner: str) -> None:
    """``subject``, ``owner``'s unit, entered the battle area: the texts of this module of the
    residents in place whose condition holds wait in the pool, the entered unit's number bound
    into them."""
    st = eng.state
    # the residents whose card has such a text (the others' texts are passed over unread);
    # asked first: with none in the game nothing is looked up (every unit entering asks)
    codes = eng.codes_known.get(CODES)  # (codes_where's answer read first: no call)
    if codes is None:
        codes = eng.codes_where(CODES, _has_effect, shared=True)
    if not codes:
        return
    d = st.card(subject.card)
    if not d.is_unit:
        return
    for pid, res in st.placed():
        if st.code_of[res] not in codes:
            continue
        for index, effect in enumerate(st.card(res).effects):
            if not is_effect(effect) or effect.get("when") != "on_entered":
                continue
            if not eng.supports(effect):
                continue
            of = effect["of"]
            if owner not in eng.allies(pid):
                continue
            if d.size != of["size"] or of["feature"] not in st.unit_features(subject):
                continue
            if not (st.phase == "battle" and st.turn_player in eng.allies(pid)):
                continue  # "自軍バトルフェイズ中": in its player's (its team's) battle phase
            op = effect["do"][0]
            find = {**op["find"], "power_below": d.power_number}
            bound = {**effect, "do": [{**op, "find": find}]}
            what = f"{eng.name(res)}'s effect (when a unit with the feature {of['feature']} enters)"
            if owner != pid:  # tag battle: the ally's unit
                pe = PendingEffect(0, pid, res, bound, index, "on_entered", {})
                eng.not_guessed(
                    pe,
                    RULE,
                    f"{eng.name(subject.card)} is {owner}'s, {pid}'s ally's, and whether 自軍Sユニット "
                    f"means {pid}'s units or its team's the sources do not say",
                    f"{what} is not carried out.",
                )
                continue
            eng.ctx.ruling(
                RULE,
                f"{eng.name(res)} is {pid}'s resident in place, and {eng.name(subject.card)} (size "
                f"{d.size}, with the feature {of['feature']}, required power number "
                f"{d.power_number}) enters the battle area in {pid}'s battle phase: its effect "
                "triggers.",
            )
            eng.pool.add(pid, res, bound, index, "on_entered", subject=subject.card)


def still_there(eng: RangersStrikeEngine, pe: PendingEffect, what: str) -> bool:
    """Whether the resident is still in place as its effect resolves; if not, whether the
    effect still resolves the sources do not say: not guessed."""
    if pe.source in eng.state.players[pe.controller].residents:
        return True
    eng.not_guessed(
        pe,
        RULE,
        f"{eng.name(pe.source)} has left its place before {what} resolves, and whether an effect "
        "of a resident already triggered still resolves the sources do not say",
        f"{what} is not carried out.",
    )
    return False


def fits(d: Any, find: dict[str, Any]) -> bool:
    """Whether card ``d`` (in the hand) has a printed required power number below the bound
    ``power_below``."""
    below = find.get("power_below")
    return isinstance(below, int) and d.power_number < below


def below(eng: RangersStrikeEngine, iid: str, op: dict[str, Any], what: str) -> None:
    """A ruling: the card put prints a required power number below the entered unit's."""
    n = eng.state.card(iid).power_number
    eng.ctx.ruling(
        HAND_RULE,
        f"{eng.name(iid)} prints the required power number {n}, less than the entered unit's "
        f"{op['find']['power_below']}: {what} puts it into the rush area (no power, command or "
        "condition needed).",
    )


def words(effect: dict[str, Any]) -> str:
    """The timing of such an effect in English."""
    of = effect["of"]
    return (
        f"While this resident is in place, in your battle phase, when a size {of['size']} unit of "
        f"yours with the feature {of['feature']} enters the battle area"
    )
