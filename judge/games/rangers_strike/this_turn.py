"""What was destroyed this turn, and a text of the end of the turn that asks for it
(RS-IF-DESTROYED-THIS-TURN).

"【猛毒腐食液】このターン、特徴「女」を持つ敵軍ユニットを1体以上撃破して捨札にしたなら、自分がターンを終えるとき、相
手に1点ダメージを与えてもよい。" (a Number Combination): ``{"when": "turn_end", "turn": "own",
"destroyed": {"side": "opponent", "feature": "女"}, "optional": true, "do": [{"op": "damage", "n":
1}]}``, in force from the combination until the end of the turn (RS-COMBINATION-TURN,
:mod:`combination_turn`).  As its player ends its turn (RS-TURN-END), if that player this turn
destroyed one or more opposing units with the feature and they went to the discard pile
(撃破して捨札にした: a unit that resisted did not, RS-RESIST), the player may deal 1 damage to the
opposing side.  The one who destroyed is the sentence's own subject, the player (自分), as an
effect's sentences with no subject are the player's: a unit is destroyed by the player whose
unit won the battle (RS-ATTACK-RESULT) or whose effect destroyed it (its ``destroy`` op, the
player choosing); the feature is the unit's as it was destroyed.

The engine keeps the units destroyed and put into the discard pile this turn
(:class:`state.Destroyed`), each with the player who destroyed it when that is known.  Not
guessed (the step unverifiable, the effect noted as not executed until an ``outcome`` records
it), when no unit so destroyed after the combination settles it: a unit whose destroyer the
engine does not know or that the player did not destroy alone (a tie, a unit destroyed although
it won, brought to BP 0 — "ルールによる撃破であり、ユニットや効果による撃破とは見なされない", atwiki renst 458
— or destroyed by the opponent's choice or by the opponent's own card); one destroyed before the
combination triggered (whether "このターン" reaches back before the effect came in force the
sources do not say); a position that began this turn (what was destroyed before it is not
known); and in tag battle (whose turn ends where, RS-TURN-END).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike import combination_turn
from judge.games.rangers_strike.state import Destroyed, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-IF-DESTROYED-THIS-TURN"
WHEN = "turn_end"


def ok(effect: dict[str, Any]) -> bool:
    """Whether a ``turn_end`` effect with ``destroyed`` is one the engine executes: its
    player's turn, ``{"side": "opponent", "feature": X}``, optional, one op dealing N damage."""
    cond = effect.get("destroyed")
    ops = effect.get("do")
    return (
        set(effect) <= {"when", "turn", "destroyed", "optional", "do", "text"}
        and effect.get("turn") == "own"
        and isinstance(cond, dict)
        and set(cond) == {"side", "feature"}
        and cond["side"] == "opponent"
        and isinstance(cond["feature"], str)
        and bool(cond["feature"])
        and effect.get("optional") is True
        and isinstance(ops, list)
        and len(ops) == 1
        and isinstance(ops[0], dict)
        and set(ops[0]) == {"op", "n"}
        and ops[0]["op"] == "damage"
        and isinstance(ops[0]["n"], int)
        and not isinstance(ops[0]["n"], bool)
        and ops[0]["n"] >= 1
    )


def words(cond: Any) -> str | None:
    """The condition ``destroyed`` in English, or None for one not known."""
    if not isinstance(cond, dict) or set(cond) != {"side", "feature"}:
        return None
    return (
        f"if this turn you destroyed one or more opposing units with the feature "
        f"{cond['feature']} and they went to the discard pile"
    )


def record(eng: RangersStrikeEngine, owner: str, unit: Unit, by: str | None) -> None:
    """``owner``'s unit ``unit`` is destroyed and goes to the discard pile, destroyed by
    ``by`` (None: not known)."""
    st = eng.state
    if st.card(unit.card).is_unit:
        st.destroyed.append(Destroyed(owner, unit.card, st.unit_features(unit), by))


def turn_end(eng: RangersStrikeEngine, pid: str) -> None:
    """``pid``'s end phase begins: its combination effects in force of the end of its turn
    whose condition holds wait in the pool (RS-TURN-END); those whose condition is not known
    are not guessed."""
    for g in combination_turn.in_force(eng, WHEN):
        if g.controller != pid or "destroyed" not in g.effect:
            continue
        pe = PendingEffect(0, pid, g.source, g.effect, 100 + g.index, WHEN, {"unit": g.unit})
        what = f"{eng.name(g.source)}'s combination effect (at the end of its player's turn)"
        if g.doubt is not None:
            eng.not_guessed(
                pe,
                combination_turn.RULE,
                f"{g.doubt}: it may be in force twice",
                f"{what} is not carried out.",
            )
            continue
        if len(eng.allies(pid)) > 1:
            eng.not_guessed(
                pe,
                "RS-TURN-END",
                f"in tag battle whether {pid}'s end phase is where its turn ends the sources do "
                "not say",
                f"{what} is not carried out.",
            )
            continue
        holds, said = _holds(eng, pid, g.effect["destroyed"], g.since)
        if holds is None:
            eng.not_guessed(pe, RULE, said, f"{what} is not carried out.")
            continue
        eng.ctx.ruling(RULE, f"{what}: {said}.")
        if holds:
            eng.ctx.ruling(
                "RS-TURN-END",
                f"{pid}'s turn ends: {what} triggers in the end phase.",
            )
            eng.pool.add(pid, g.source, g.effect, 100 + g.index, WHEN, unit=g.unit)


def _holds(
    eng: RangersStrikeEngine, pid: str, cond: dict[str, Any], since: int
) -> tuple[bool | None, str]:
    """Whether ``pid`` destroyed an opposing unit with the feature this turn, after the effect
    came in force (``since``), that went to the discard pile; None when not known; in words."""
    st = eng.state
    feature = cond["feature"]
    fits = [
        (k, d)
        for k, d in enumerate(st.destroyed)
        if d.owner in eng.opponents(pid) and feature in d.features
    ]
    sure = [d for k, d in fits if d.by == pid and k >= since]
    if sure:
        return True, (
            f"{pid} destroyed {eng.name(sure[0].card)} (with the feature {feature}) this turn "
            "and it went to the discard pile: it applies"
        )
    early = [d for k, d in fits if d.by == pid and k < since]
    if early:
        return None, (
            f"{pid} destroyed {eng.name(early[0].card)} (with the feature {feature}) this turn "
            "before the effect came in force, and whether このターン reaches back before that "
            "the sources do not say"
        )
    other = [d for _, d in fits if d.by != pid]
    if other:
        return None, (
            f"{eng.name(other[0].card)} (with the feature {feature}) was destroyed this turn "
            f"and went to the discard pile, but not by {pid}'s effect or winning unit alone, "
            f"and whether {pid} destroyed it the sources do not say"
        )
    if st.partial_turn == st.turn:
        return None, (
            "the log began from a position in this turn, and what was destroyed before it is "
            "not known"
        )
    return False, (
        f"{pid} destroyed no opposing unit with the feature {feature} that went to the discard "
        "pile this turn: nothing happens"
    )
