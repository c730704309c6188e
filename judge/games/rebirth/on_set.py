"""A Rebirth card's ability "when this Rebirth card is set" (【自】:このReバースがセットされた時),
``when`` ``on_set`` (R4U-TEXT-ON-SET): it triggers when the card is put into its owner's
Rebirth area, from the hand by the main phase's ``rebirth`` action and, under the rule option
``on_set`` ``both`` (the default), by an entry-in too (R4U-REBIRTH-ENTRY); it then waits
with the pending effects, and its player resolves it as a spark.  ``if_retire`` n: it does
anything only when its player's retire area holds n cards or more when it resolves
(「あなたのリタイアがN枚以上なら」)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rebirth.engine import RebirthEngine


def fire(eng: RebirthEngine, pid: str, iid: str, by_entry_in: bool) -> None:
    """The card's ``on_set`` abilities trigger: each goes to the pending effects."""
    if by_entry_in and eng.options.get("on_set", "both") == "play_only":
        return
    d = eng.state.card(iid)
    whens = d.by_when
    if whens is None:
        whens = d._sort_whens()
    if "on_set" not in whens:  # none of its effects would pass the walk's test
        return
    for index, eff in enumerate(d.effects):
        if eff.get("when") == "on_set":
            how = "by entry-in" if by_entry_in else "from the hand"
            eng.ctx.ruling(
                "R4U-TEXT-ON-SET",
                f"{eng.name(iid)} was set into the Rebirth area {how}: its ability triggers.",
            )
            eng.pool.add(pid, iid, eff, index, "on_set")


def holds(effect: dict[str, Any], retire: int) -> bool:
    """Whether an effect's ``if_retire`` condition holds with ``retire`` cards in its
    player's retire area (True when it has none).

    >>> holds({"if_retire": 3}, 2), holds({"if_retire": 3}, 3), holds({}, 0)
    (False, True, True)
    """
    n = effect.get("if_retire")
    return n is None or retire >= n
