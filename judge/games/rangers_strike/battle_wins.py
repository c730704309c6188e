"""A unit's text that triggers when it destroys an opposing unit in a battle (RS-DESTROYS-IN-
BATTLE), and the condition on the opposing unit's BP that a text may put on it
(RS-IF-BP-NOT-PRINTED).

"【剣の使い手】これとバトルする敵軍ユニットのBPが本来のBPでなかったなら、そのバトルで敵軍ユニットを撃破し
たとき、相手に1点ダメージを与える。": a unit's own text (no combination number: always in force),
``{"when": "on_destroys", "foe": {"bp": "not_printed"}, "do": [{"op": "damage", "n": 1}]}``.  It
triggers when the unit, attacking or attacked, wins the comparison of BP (RS-ATTACK-RESULT) and
the opposing unit is destroyed by it; a unit that resists has been destroyed all the same (the
fan wiki's page on resist: "「撃破された」という事実は変わらないため「撃破した・されたとき」の効果は発動する",
atwiki renst 1289).  It waits with the destroyed unit's when-destroyed effects, which trigger at
the same moment, and the turn player orders them (RS-SIMULTANEOUS); once triggered it resolves
although its unit has left meanwhile (no "while it is there" is printed).

``foe`` ``{"bp": "not_printed"}``: only when the opposing unit's BP, the BP it battled with (the
one compared), was not the BP printed on its card (本来のBP: "カードに表記された本来のBP", as
another card prints it, atwiki renst 444; "カード左上の数値がそれに当たる", atwiki renst 458).
A BP that differs from the printed one is not it; a BP equal to it with no effect changing it is
it; a BP equal to it although effects change it (a rise and a fall that cancel out) may be read
either way, which the sources do not settle: not guessed.

A combination effect of that timing ("【ガオハスラーロッド・スナイパーモード】これがバトルで敵軍ユニットを撃破し
たとき、これが撃破したユニットの必要パワーの数字以下の必要パワーの数字を持つ敵軍コマンドを1つ選び捨札にしても
よい。") does not resolve as its combination triggers: it is in force from then until the end of the
turn, though the unit leave its place meanwhile (the fan wiki's page on combinations: "コンビネー
ションにより発生する効果は、特に期限が書いていない限りそのターンの終了時まで有効。", "効果を発動したユニット
が撃破されたりバトルエリアの並び順が変化しても、特に断り書きがなければ効果が無効になることはない。", atwiki
renst 267; RS-COMBINATION-TURN), and it triggers as the unit's own text would whenever the unit
(the same unit: one that left and came back is another) destroys an opposing unit in a battle
(:mod:`combination_turn`).  ``discard_command``: the player may choose one card of an opposing
command zone (held or released) whose printed required power is no more than the destroyed
unit's (``power_max`` ``{"destroyed": "power"}``, made a number as the effect triggers) and put
it into its owner's discard pile (RS-DISCARD-COMMAND, :mod:`command_cards`).

What the sources leave open is not guessed either (the step unverifiable, the effect noted as
not executed until an ``outcome`` records it): a tie (both units destroyed at once: whether a
unit destroyed in the same battle destroyed the other, and whether its text still triggers, the
sources do not say), and a unit destroyed although it won (RS-WIN-DESTROYED) while the unit
whose text this is lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike import attack_bp, combination_turn, own_text
from judge.games.rangers_strike.state import Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-DESTROYS-IN-BATTLE"
BP_RULE = "RS-IF-BP-NOT-PRINTED"
#: the timing: the unit destroyed an opposing unit in a battle
WHEN = "on_destroys"
#: "これとバトルする敵軍ユニットのBPが本来のBPでなかったなら"
NOT_PRINTED = {"bp": "not_printed"}


#: "これが撃破したユニットの必要パワーの数字": the destroyed unit's printed required power
DESTROYED_POWER = {"destroyed": "power"}


def _int(value: Any, minimum: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum


def ok(effect: dict[str, Any]) -> bool:
    """Whether an ``on_destroys`` effect is one the engine executes: with ``foe``
    :data:`NOT_PRINTED` (or none), one op dealing N damage to the opposing side; or, optional,
    one ``discard_command`` op (:func:`discard_ok`)."""
    if set(effect) - {"when", "foe", "optional", "do", "text"}:
        return False
    if "foe" in effect and effect["foe"] != NOT_PRINTED:
        return False
    ops = effect.get("do")
    if not isinstance(ops, list) or len(ops) != 1 or not isinstance(ops[0], dict):
        return False
    op = ops[0]
    if op.get("op") == "discard_command":
        return effect.get("optional") is True and discard_ok(op)
    return (
        "optional" not in effect
        and set(op) == {"op", "n"}
        and op["op"] == "damage"
        and _int(op.get("n"), 1)
    )


def discard_ok(op: dict[str, Any]) -> bool:
    """``{"op": "discard_command", "target": {"side": "opponent", "zone": "command", "count": 1,
    "power_max": {"destroyed": "power"} | N}}`` (RS-DISCARD-COMMAND)."""
    sel = op.get("target")
    return (
        set(op) == {"op", "target"}
        and isinstance(sel, dict)
        and set(sel) == {"side", "zone", "count", "power_max"}
        and sel["side"] == "opponent"
        and sel["zone"] == "command"
        and sel["count"] == 1
        and (sel["power_max"] == DESTROYED_POWER or _int(sel["power_max"], 0))
    )


TURN_RULE = combination_turn.RULE


def words(effect: dict[str, Any]) -> str | None:
    """The timing of an ``on_destroys`` effect in English, or None for one not known."""
    foe = effect.get("foe")
    if foe is not None and foe != NOT_PRINTED:
        return None
    said = "When this unit destroys an opposing unit in a battle (attacking or attacked)"
    if foe is not None:
        said += ", if that unit's BP in the battle was not the BP printed on its card"
    return said


def bp_not_printed(eng: RangersStrikeEngine, unit: Unit, value: int) -> bool | None:
    """Whether ``unit``'s BP ``value`` (the one it battles with) is not its printed BP (本来の
    BP), or None when that cannot be told: the value is the printed one, but effects change it
    (they cancel out)."""
    d = eng.state.card(unit.card)
    if value != d.bp:
        return True
    return None if _changed(eng, unit) else False


def _changed(eng: RangersStrikeEngine, unit: Unit) -> bool:
    """Whether anything changes ``unit``'s BP now: an effect in force, the vehicle it rides,
    its own continuous text, a resident."""
    st = eng.state
    d = st.card(unit.card)
    if any(m.bp and attack_bp.counts(st, unit, m.during, m.against) for m in unit.mods):
        return True
    if unit.vehicle is not None:
        v = st.card(unit.vehicle)
        if v.rider_bp or (v.rider_attack_bp and attack_bp.counts(st, unit, "attacking", None)):
            return True
    if any(
        n and attack_bp.counts(st, unit, when, against) for n, when, against in eng.static_of(d)
    ):
        return True
    ops = eng.own_text_of(d)
    if ops and (own_text.bp(eng, unit, ops, False) or own_text.bp_fixed(eng, unit, ops, False)):
        return True
    where = st.area_of(unit)
    return where is not None and eng.resident_bonus(unit, *where) != 0


#: a fighter of an attack: its player, the unit, the opposing unit, and whether the opposing
#: unit's BP was not its printed one (None: not known)
Fighter = tuple[str, Unit, Unit, bool | None]


def fighters(eng: RangersStrikeEngine, sides: list[tuple[str, Unit, int]]) -> list[Fighter]:
    """The two fighters of an attack, as its BP are compared (``sides``: each unit's player,
    the unit and the BP it battles with): worked out before either is destroyed."""
    (p, a, av), (q, t, tv) = sides
    return [(p, a, t, bp_not_printed(eng, t, tv)), (q, t, a, bp_not_printed(eng, a, av))]


#: a text of the unit's that triggers: its index, the effect, whether it is a combination
#: effect in force (its index among the combination effects), and why it may be in force more
#: than once (not known)
Text = tuple[int, dict[str, Any], bool, str | None]


def _texts(eng: RangersStrikeEngine, unit: Unit) -> list[Text]:
    """The unit's own texts of this timing, then the combination effects in force for it."""
    own: list[Text] = [
        (index, effect, False, None)
        for index, effect in enumerate(eng.state.card(unit.card).effects)
        if effect.get("when") == WHEN and eng.supports(effect)
    ]
    return own + [
        (g.index, g.effect, True, g.doubt)
        for g in combination_turn.in_force(eng, WHEN)
        if g.unit is unit and g.source == unit.card
    ]


def _fixed(eng: RangersStrikeEngine, effect: dict[str, Any], foe: Unit) -> dict[str, Any]:
    """The effect as it triggers: "これが撃破したユニットの必要パワーの数字" made the destroyed
    unit's printed required power."""
    ops = []
    for op in effect["do"]:
        sel = op.get("target")
        if isinstance(sel, dict) and sel.get("power_max") == DESTROYED_POWER:
            op = {**op, "target": {**sel, "power_max": eng.state.card(foe.card).power_number}}
        ops.append(op)
    return {**effect, "do": ops}


def after_attack(
    eng: RangersStrikeEngine, sides: list[Fighter], losers: list[tuple[str, Unit]]
) -> None:
    """The attack's result is known and its losers destroyed: the texts of a unit that won
    and destroyed the opposing unit trigger (RS-DESTROYS-IN-BATTLE); in a tie they are not
    guessed."""
    lost = [u for _, u in losers]
    for pid, unit, foe, not_printed in sides:
        if foe not in lost:  # (by identity, Unit's eq=False: in C, not a generator)
            continue
        tie = unit in lost
        for index, effect, combo, doubt in _texts(eng, unit):
            at = 100 + index if combo else index
            pe = PendingEffect(0, pid, unit.card, effect, at, WHEN, {"unit": unit})
            what = f"{eng.name(unit.card)}'s effect (when it destroys an opposing unit in a battle)"
            if doubt is not None:
                eng.not_guessed(
                    pe,
                    TURN_RULE,
                    f"{doubt}: it may be in force twice",
                    f"{what} is not carried out.",
                )
                continue
            if tie:
                eng.not_guessed(
                    pe,
                    RULE,
                    f"{eng.name(unit.card)} and {eng.name(foe.card)} were destroyed together "
                    "(a tie), and whether a unit destroyed in the same battle destroyed the "
                    "other, its text triggering, the sources do not say",
                    f"{what} is not carried out.",
                )
                continue
            if "foe" in effect and not _bp_condition(eng, pe, foe, not_printed, what):
                continue
            whose = "its combination effect in force" if combo else "its text"
            eng.ctx.ruling(
                RULE,
                f"{eng.name(unit.card)} won the battle and destroyed {eng.name(foe.card)}: "
                f"{whose} of destroying an opposing unit in a battle triggers.",
            )
            fixed = _fixed(eng, effect, foe)
            eng.pool.add(pid, unit.card, fixed, at, WHEN, unit=unit, foe=foe.card)


def _bp_condition(
    eng: RangersStrikeEngine,
    pe: PendingEffect,
    foe: Unit,
    not_printed: bool | None,
    what: str,
) -> bool:
    """RS-IF-BP-NOT-PRINTED: whether the opposing unit's BP was not its printed one (a
    ruling says so; not known: not guessed)."""
    printed = eng.state.card(foe.card).bp
    if not_printed is None:
        eng.not_guessed(
            pe,
            BP_RULE,
            f"{eng.name(foe.card)} battled with BP {printed}, its printed BP, but effects "
            "changed it (they cancel out), and whether that BP is its 本来のBP the sources do "
            "not say",
            f"{what} is not carried out.",
        )
        return False
    eng.ctx.ruling(
        BP_RULE,
        f"{eng.name(foe.card)} (printed BP {printed}) battled with "
        + (
            "a BP other than its printed one: the text applies."
            if not_printed
            else "its printed BP: the text does not apply."
        ),
    )
    return not_printed


def won_by_text(eng: RangersStrikeEngine, sides: list[Fighter], winner: Unit) -> None:
    """``winner`` won its battle but is destroyed all the same by its own printed rule
    (RS-WIN-DESTROYED): whether the unit that lost to it destroyed it in the battle, for that
    unit's text, the sources do not say: not guessed."""
    for pid, unit, foe, _ in sides:
        if foe is not winner:
            continue
        for index, effect, combo, _doubt in _texts(eng, unit):
            at = 100 + index if combo else index
            pe = PendingEffect(0, pid, unit.card, effect, at, WHEN, {"unit": unit})
            eng.not_guessed(
                pe,
                RULE,
                f"{eng.name(winner.card)} won against {eng.name(unit.card)} and is destroyed "
                "by its own text, and whether that is its being destroyed by "
                f"{eng.name(unit.card)} in the battle the sources do not say",
                f"{eng.name(unit.card)}'s effect (when it destroys an opposing unit in a battle) "
                "is not carried out.",
            )
