"""Combination effects that trigger later, in force from their combination until the end of
the turn (RS-COMBINATION-TURN).

A combination effect whose text triggers later — "これがバトルで敵軍ユニットを撃破したとき、…"
(``on_destroys``, :mod:`judge.games.rangers_strike.battle_wins`), "このターン、…撃破して捨札にした
なら、自分がターンを終えるとき、…" (``turn_end``, :mod:`judge.games.rangers_strike.this_turn`) —
does not resolve as its combination triggers: it is in force from then until the end of the turn,
though its unit leave its place meanwhile (the fan wiki's page on combinations: "コンビネーション
により発生する効果は、特に期限が書いていない限りそのターンの終了時まで有効。", "効果を発動したユニットが撃破さ
れたりバトルエリアの並び順が変化しても、特に断り書きがなければ効果が無効になることはない。", atwiki renst
267), and triggers when what it names happens.  Kept in the state (:class:`state.Granted`) and
ended with the effects until the end of the turn (RS-END).

When the combination may have triggered twice (as the unit entered riding at its number, which
the sources do not settle, RS-RIDER, and as it rode off, RS-RIDE-OFF-NUMBER), whether it is in
force once or twice is not known: ``doubt`` says why, and when it would trigger it is not
guessed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike.state import Granted, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-COMBINATION-TURN"
#: the timings of combination effects that trigger later, and what each waits for, in words
LATER = {
    "on_destroys": "when this unit destroys an opposing unit in a battle",
    "turn_end": "at the end of its player's turn",
    "next_combination": "when a unit of its player's enters directly after this unit",
}


def later(effect: dict[str, Any]) -> bool:
    """Whether a combination effect triggers later, in force until the end of the turn,
    rather than resolving as the combination triggers."""
    return effect.get("when") in LATER


def grant(
    eng: RangersStrikeEngine,
    pid: str,
    iid: str,
    unit: Unit | None,
    effect: dict[str, Any],
    index: int,
    doubt: str | None = None,
) -> None:
    """``pid``'s combination effect ``effect`` (card ``iid``, index ``index`` among its
    combination effects) is in force for the unit ``unit`` until the end of the turn."""
    if unit is None:
        return
    st = eng.state
    st.granted.append(Granted(pid, iid, unit, effect, index, doubt, len(st.destroyed)))
    eng.event(
        "combination_effect",
        f"{eng.name(iid)}'s combination effect is in force until the end of the turn "
        f"({LATER[effect['when']]}).",
        player=pid,
        card=iid,
    )
    eng.ctx.ruling(
        RULE,
        f"{eng.name(iid)}'s combination effect triggers later: it is in force until the end of "
        "the turn, though the unit leave its place meanwhile.",
    )


def in_force(eng: RangersStrikeEngine, when: str) -> list[Granted]:
    """The combination effects of timing ``when`` in force now (ones the engine executes)."""
    granted = eng.state.granted
    if not granted:
        return []  # (none in force, nearly always: no list comprehension made)
    return [g for g in granted if g.effect.get("when") == when and eng.supports(g.effect)]
