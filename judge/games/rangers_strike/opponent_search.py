"""One's damage all turned face up, then the opponent's search of its own deck for a unit card
for its rush area (RS-OPPONENT-SEARCH): "自軍パワーゾーンのダメージになってるカードをすべてオモテにする。
そして、相手は自分自身の山札を見て、ユニットカードを1枚選び、自分自身のラッシュエリアに出してもよい。その後、相手は
自分自身の山札をシャッフルする。" (a normal operation's whole text).

The effect, exactly (:func:`ok`)::

    {"when": "on_use", "do": [
        {"op": "heal", "n": "all"},
        {"op": "opponent_from_deck", "find": {"type": "unit"}, "count": 1, "to": "rush"},
        {"op": "opponent_shuffle"}]}

Every face-down card of the player's power zone (its damage) is turned face up; then (そして) the
opponent (相手: RS-OPPONENT-CHOOSES's player, the target player in tag battle by rule option
``tag_opponent``) looks through its own deck and may put one unit card of it into its own rush
area, by the effect (no power, command or condition, as RS-SEARCH-DECK puts one); afterwards
(その後) it shuffles its deck, a card taken or not.  The opponent's card is named in the resolve's
``targets`` (the controller records the resolve; observed mode binds a hidden card of that deck).
Not recorded, nothing is taken only when nothing could be (no unit card in that deck, every card
of it known); otherwise which card, or whether one, is not guessed (the effect's search and
shuffle are not carried out, the step unverifiable; the damage is turned face up first).  With
two players who could be 相手 (rule option ``tag_opponent`` ``either``), alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import Take
from judge.core.wording import noun_for
from judge.games.rangers_strike import deck_search

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-OPPONENT-SEARCH"
OPS = ("opponent_from_deck", "opponent_shuffle")
_SEARCH = {"op": "opponent_from_deck", "find": {"type": "unit"}, "count": 1, "to": "rush"}
Picks = tuple[list[Take], list[Any], list[tuple[str, str]], str | None]


def ok(effect: dict[str, Any], timing: str | None) -> bool:
    """Whether ``effect`` is the one shape of the module docstring."""
    return (
        timing == "on_use"
        and not effect.get("optional")
        and set(effect) <= {"when", "do", "text"}
        and effect.get("do") == [{"op": "heal", "n": "all"}, _SEARCH, {"op": "opponent_shuffle"}]
    )


def uses(effect: dict[str, Any]) -> bool:
    return any(isinstance(op, dict) and op.get("op") in OPS for op in effect.get("do") or ())


def sentence() -> str:
    """The effect in English."""
    return (
        "turn every face-down card of your power zone (your damage) face up; then the opponent "
        "may put a unit card from its own deck into its own rush area (no power, command or "
        "condition needed); then the opponent shuffles its deck"
    )


def _as_search() -> dict[str, Any]:
    return {"do": [{**_SEARCH, "op": "from_deck"}]}


def picks(
    eng: RangersStrikeEngine, controller: str, effect: dict[str, Any], targets: list[Any]
) -> Picks:
    """The card the opponent takes (as :func:`deck_search.picks` finds it in its deck), the
    targets left, problems, and why the choice is not known."""
    if not uses(effect):
        return [], targets, [], None
    who = eng.opponent_players(controller)
    if len(who) != 1:
        return (
            [],
            targets,
            [],
            (f"which of {' and '.join(who)} is 相手 (rule option tag_opponent) is not known"),
        )
    takes, rest, problems, doubt = deck_search.picks(eng, who[0], _as_search(), targets, None)
    if doubt is not None:
        doubt = f"which unit card {who[0]} took from its deck, if any, is not recorded"
    return takes, rest, problems, doubt


def heal_all(eng: RangersStrikeEngine, pid: str) -> int:
    """Turn every face-down card of ``pid``'s power zone face up; how many."""
    ps = eng.state.players[pid]
    turned = 0
    for pc in ps.power:
        if not pc.face_up:
            pc.face_up = True
            turned += 1
    eng.event(
        "heal",
        f"{pid} turns {turned} face-down power {noun_for(turned, 'card')} face up "
        f"({ps.damage} damage).",
        player=pid,
        n=turned,
    )
    return turned


def search(
    eng: RangersStrikeEngine, pe: PendingEffect, takes: list[Take], doubt: str | None, what: str
) -> bool:
    """The opponent's card, if any, into its rush area: False when not known (not guessed)."""
    if doubt is not None:
        eng.not_guessed(
            pe,
            RULE,
            doubt,
            f"the rest of {what} is not carried out; the log may name the card in the resolve's "
            "targets, or record what happened in an `outcome`.",
        )
        return False
    opp = eng.opponent_players(pe.controller)[0]
    op = {**_SEARCH, "op": "from_deck"}
    eng.ctx.ruling(
        RULE,
        f"{opp} looks through its own deck and may put a unit card of it into its rush area "
        f"({what}): " + ("it takes one." if takes else "it takes none."),
    )
    deck_search.carry_out(eng, opp, op, takes, what)
    return True


def shuffle(eng: RangersStrikeEngine, pe: PendingEffect, what: str) -> None:
    """The opponent shuffles its deck, a card taken or not (その後)."""
    deck_search.shuffle(eng, eng.opponent_players(pe.controller)[0], what)
