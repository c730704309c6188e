"""A unit's text, while it is in its player's area, that triggers whenever a unit with a feature
destroys a unit that goes to the discard pile, its owner then drawing if it wants
(RS-FEATURE-DESTROYS-DRAW): "これが自軍エリアにある間、特徴「仮面ライダー」を持つユニットがユニットを撃破して捨
札にしたとき、その特徴「仮面ライダー」を持つユニットの持ち主は1枚ドローしてもよい。".

The effect, exactly (a unit's own text, no combination number, :func:`ok`)::

    {"when": "on_unit_destroys", "of": {"feature": X}, "optional": true,
     "do": [{"op": "draw", "n": N}]}

While the unit is in its player's rush or battle area (自軍エリア), whenever a unit with the feature
X (now: printed or added), of either side, wins a battle and the unit it beat is destroyed and goes
to the discard pile (撃破して捨札にした: a unit that resisted does not, RS-RESIST), the text triggers:
the owner of the unit with the feature (その…ユニットの持ち主) is the effect's controller and may
draw N cards.  It waits with the other effects of that moment (the turn player orders them,
RS-SIMULTANEOUS).  Not triggered: a unit destroyed with no unit destroying it (by the rule, RS-BP-
ZERO; by its own printed rule, RS-WIN-DESTROYED; by an operation's effect; by a recorded outcome).
Not guessed (the step unverifiable, the effect noted as not executed until an ``outcome`` records
it): a unit with the feature that destroyed a unit by its own effect (whether that is the unit
destroying it the sources do not say); a tie (both destroyed: whether each destroyed the other);
the unit with the text itself destroyed so (whether it is still in its area as that happens); the
unit with the text gone from its area before the effect resolves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.core.wording import plural

if TYPE_CHECKING:
    from judge.games.rangers_strike.cards import CardDef
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-FEATURE-DESTROYS-DRAW"
WHEN = "on_unit_destroys"
AREAS = ("rush", "battle")
#: how a unit destroyed another: it won the battle, both were destroyed in it, or its effect
HOW = ("battle", "tie", "effect")
#: the unit that destroyed a unit, and how (a battle it won, a tie, its own effect)
Killer = tuple["Unit", str]


def ok(effect: dict[str, Any]) -> bool:
    """Whether an ``on_unit_destroys`` effect is the one shape the engine executes."""
    of = effect.get("of")
    ops = effect.get("do")
    return (
        set(effect) <= {"when", "of", "optional", "do", "text"}
        and effect.get("when") == WHEN
        and effect.get("optional") is True
        and isinstance(of, dict)
        and set(of) == {"feature"}
        and isinstance(of["feature"], str)
        and bool(of["feature"])
        and isinstance(ops, list)
        and len(ops) == 1
        and isinstance(ops[0], dict)
        and set(ops[0]) == {"op", "n"}
        and ops[0]["op"] == "draw"
        and isinstance(ops[0]["n"], int)
        and not isinstance(ops[0]["n"], bool)
        and ops[0]["n"] >= 1
    )


def words(effect: dict[str, Any]) -> str:
    """The effect in plain English (``judge cards show``)."""
    n = effect["do"][0]["n"]
    return (
        "While this is in your rush or battle area, whenever a unit with the feature "
        f"{effect['of']['feature']} (of either side) destroys a unit in a battle and that unit "
        "goes to the discard pile, the owner of the unit with the feature may draw "
        f"{plural(n, 'card')} (a destruction by the unit's own effect, or a tie, is "
        "not settled by the sources)"
    )


def _watchers(eng: RangersStrikeEngine) -> list[tuple[str, Unit, int, dict[str, Any]]]:
    """The units in play with such a text: (player, unit, index, effect)."""
    st = eng.state
    # only the cards whose code has such an effect are read (codes_where, shared: the
    # definition alone); none in the game: no watcher (every destruction asks)
    codes = eng.codes_where("unit_destroys when", _has_when, shared=True)
    if not codes:
        return []
    code_of = st.code_of
    out = []
    for pid in st.players:
        for area in AREAS:
            for u in getattr(st.players[pid], area):
                if code_of[u.card] not in codes:
                    continue
                for index, effect in enumerate(st.card(u.card).effects):
                    if effect.get("when") == WHEN and eng.supports(effect):
                        out.append((pid, u, index, effect))
    return out


def _has_when(d: CardDef) -> bool:
    """Whether card ``d`` has an effect of this timing (the ones :func:`_watchers` reads)."""
    return any(effect.get("when") == WHEN for effect in d.effects)


def seen(eng: RangersStrikeEngine, unit: Unit, killer: Killer | None) -> None:
    """``unit`` was destroyed and went to the discard pile (``killer``: the unit that destroyed
    it and how, when one did): the texts watching it trigger, or are not guessed."""
    if killer is None:
        return
    st = eng.state
    by, how = killer
    owner = st.owner_of[by.card]  # その…ユニットの持ち主: the card's owner
    features = st.unit_features(by)
    watchers = _watchers(eng)
    gone = [
        (index, effect)
        for index, effect in enumerate(st.card(unit.card).effects)
        if effect.get("when") == WHEN and eng.supports(effect)
    ]
    for index, effect in gone:
        if effect["of"]["feature"] in features:
            pe = PendingEffect(0, owner, unit.card, effect, index, WHEN, {})
            eng.not_guessed(
                pe,
                RULE,
                f"{eng.name(unit.card)}, whose text watches for it, is the unit destroyed, and "
                "whether it is still in its area as that happens the sources do not say",
                f"its effect is not carried out for {owner}.",
            )
    for _pid, w, index, effect in watchers:
        if effect["of"]["feature"] not in features:
            continue
        what = f"{eng.name(w.card)}'s effect ({eng.name(by.card)} destroyed {eng.name(unit.card)})"
        pe = PendingEffect(0, owner, w.card, effect, index, WHEN, {"watcher": w})
        if how != "battle":
            why = (
                f"{eng.name(by.card)} and {eng.name(unit.card)} were destroyed together (a tie), "
                "and whether each destroyed the other the sources do not say"
                if how == "tie"
                else f"{eng.name(unit.card)} was destroyed by {eng.name(by.card)}'s effect, and "
                "whether that is the unit destroying it the sources do not say"
            )
            eng.not_guessed(pe, RULE, why, f"{what} is not carried out.")
            continue
        eng.ctx.ruling(
            RULE,
            f"{eng.name(by.card)} (with the feature {effect['of']['feature']}) destroyed "
            f"{eng.name(unit.card)}, which went to the discard pile: {what} triggers, and its "
            f"owner {owner} may draw.",
        )
        eng.pool.add(owner, w.card, effect, index, WHEN, watcher=w)


def still_there(eng: RangersStrikeEngine, pe: PendingEffect, what: str) -> bool:
    """Whether the unit with the text is still in its area as the effect resolves; when it
    has left, not guessed."""
    w = pe.context.get("watcher")
    if w is not None and eng.state.area_of(w) is not None:
        return True
    eng.not_guessed(
        pe,
        RULE,
        f"{eng.name(pe.source)} has left its area before the effect resolves, and whether it "
        "still resolves the sources do not say",
        f"{what} is not carried out.",
    )
    return False
