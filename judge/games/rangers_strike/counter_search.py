"""A unit's text, while it is in its player's area, that triggers when its player's counter goes
to the discard pile: a card of the same name searched for in the deck, shown and taken into the
hand, the deck shuffled (RS-COUNTER-NAMESAKE-SEARCH): "これが自軍エリアにある間、自分がカウンターを持つオペ
レーションの効果を発動して、そのカードが捨札になったとき、そのカードと同じカード名のカードを、自軍山札を見て1枚
選び、相手に見せてから手札に加えてもよい。その後、山札をシャッフルする。".

The effect as read (a unit's own text, no combination number, :func:`ok`)::

    {"when": "on_counter_discarded", "optional": true,
     "do": [{"op": "from_deck", "find": {"name": "counter_used"}, "count": 1, "to": "hand"},
            {"op": "shuffle"}]}

While the unit is in its player's rush or battle area, when that player uses a counter (an
operation card with カウンター, RS-COUNTER) and, once it has resolved, it goes to the discard pile,
the effect triggers with the counter's card name bound into it (``find`` ``{"name": X}``, then
exactly a search of the deck, RS-SEARCH-DECK): the player may choose one card of that name in its
deck, show it and take it into its hand; afterwards the deck is shuffled whether or not a card was
taken.  Not guessed (the step unverifiable, the effect noted as not executed until an ``outcome``
records it): in tag battle the ally's counter, and the unit gone from its area before the effect
resolves.  A counter that does not go to the discard pile (its effect put it elsewhere) triggers
nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-COUNTER-NAMESAKE-SEARCH"
WHEN = "on_counter_discarded"
#: the name of the counter used, bound as the effect triggers
USED = "counter_used"
AREAS = ("rush", "battle")


def ok(effect: dict[str, Any]) -> bool:
    """Whether an ``on_counter_discarded`` effect is the one shape the engine executes, as read
    (``find`` ``{"name": "counter_used"}``) or bound (a card name)."""
    ops = effect.get("do")
    if (
        set(effect) - {"when", "optional", "do", "text"}
        or effect.get("when") != WHEN
        or effect.get("optional") is not True
        or not isinstance(ops, list)
        or len(ops) != 2
        or ops[1] != {"op": "shuffle"}
        or not isinstance(ops[0], dict)
    ):
        return False
    op = ops[0]
    find = op.get("find")
    return (
        set(op) == {"op", "find", "count", "to"}
        and op["op"] == "from_deck"
        and op["count"] == 1
        and op["to"] == "hand"
        and isinstance(find, dict)
        and set(find) == {"name"}
        and isinstance(find["name"], str)
        and bool(find["name"])
    )


def words(effect: dict[str, Any]) -> str:
    """The effect in plain English (``judge cards show``)."""
    return (
        "While this is in your rush or battle area, when a counter (an operation with カウンター) "
        "you used goes to the discard pile after its effect (optional: you may): look through your "
        "deck for 1 card with the same card name as that counter, show it to the opponent and put "
        "it into your hand; afterwards shuffle your deck"
    )


def _watchers(eng: RangersStrikeEngine, pid: str) -> list[tuple[Unit, int, dict[str, Any]]]:
    st = eng.state
    out = []
    for area in AREAS:
        for u in getattr(st.players[pid], area):
            for index, effect in enumerate(st.card(u.card).effects):
                if effect.get("when") == WHEN and eng.supports(effect):
                    out.append((u, index, effect))
    return out


def seen(eng: RangersStrikeEngine, player: str, card: str) -> None:
    """The counter ``card``, used by ``player``, went to the discard pile after resolving: the
    texts watching for it trigger, its card name bound into them."""
    st = eng.state
    name = st.card(card).name
    for pid in eng.allies(player):
        for w, index, effect in _watchers(eng, pid):
            op = effect["do"][0]
            bound = {**effect, "do": [{**op, "find": {"name": name}}, effect["do"][1]]}
            what = f"{eng.name(w.card)}'s effect (when {player}'s counter goes to the discard pile)"
            if pid != player:
                pe = PendingEffect(0, pid, w.card, bound, index, WHEN, {})
                eng.not_guessed(
                    pe,
                    RULE,
                    f"{eng.name(card)} is the counter of {player}, {pid}'s ally, and whether 自分が"
                    "…発動して covers the ally's counter the sources do not say",
                    f"{what} is not carried out.",
                )
                continue
            eng.ctx.ruling(
                RULE,
                f"{eng.name(w.card)} is in {pid}'s area, and {pid}'s counter {eng.name(card)} went "
                f"to the discard pile: its effect triggers, for a card named {name}.",
            )
            eng.pool.add(pid, w.card, bound, index, WHEN, watcher=w)


def still_there(eng: RangersStrikeEngine, pe: PendingEffect, what: str) -> bool:
    """Whether the unit with the text is still in its player's area as the effect resolves; if
    not, not guessed."""
    w = pe.context.get("watcher")
    where = eng.state.area_of(w) if w is not None else None
    if where is not None and where[0] == pe.controller:
        return True
    eng.not_guessed(
        pe,
        RULE,
        f"{eng.name(pe.source)} has left its area before the effect resolves, and whether it "
        "still resolves the sources do not say",
        f"{what} is not carried out.",
    )
    return False
