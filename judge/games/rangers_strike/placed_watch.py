"""An effect in force for the turn that triggers when a unit card is put held into an opposing
command zone, the card then discarded if its player wants (RS-PLACED-HELD-WATCH).

"【name】このターン、敵軍コマンドゾーンにホールド状態でユニットカードが置かれたとき、それを捨札にしてもよ
い。" (a unit's Number Combination): ``{"when": "combination", "do": [{"op":
"watch_placed_held"}]}``.  Once the combination resolves, from then until the end of the turn
(このターン; RS-END ends it, and its unit leaving does not: it is the player's effect, kept as
:class:`state.Granted`, as RS-COMBINATION-TURN keeps what a combination gives), each time a unit
card (a card of type unit: not a vehicle or an operation card) is put held into the command zone
of a player of the opposing side (敵軍: in tag battle either opposing player's), by whatever
effect, the player may put that card from that command zone into its owner's discard pile (not
destroyed: it is a card, no unit).  The triggered effect waits in the pool (``when``
``on_opposing_placed_held``, optional: the resolve's ``use`` says whether it is used).  A card
that has left the command zone before it resolves is not moved.

Not guessed (the step unverifiable, the triggered effect noted as not executed until an
``outcome`` records it), as the sources leave them open:

- two or more unit cards put held at once by one effect (…すべて持ち主のコマンドゾーンにホールド状態で置
  く): whether it triggers once or once for each (それ);
- a card put released and then held by an opposing unit's restriction (RS-PLACED-HELD), or a unit
  that took a held command's place by Morph's replacement (RS-MORPH): whether that is its being
  put held (ホールド状態で置かれた);
- a card put there whose identity the log does not record (observed mode).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike.state import Granted, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-PLACED-HELD-WATCH"
OP = "watch_placed_held"
WHEN = "on_opposing_placed_held"
#: the triggered effect's one op: the card put held (``card``) into its owner's discard pile
DISCARD = "discard_placed"


def ok(effect: dict[str, Any], op: dict[str, Any]) -> bool:
    """The op the engine executes: a combination effect's one op, not optional (what is
    optional is the triggered effect's discard)."""
    return (
        op == {"op": OP}
        and effect.get("do") == [op]
        and "optional" not in effect
        and effect.get("when", "combination") == "combination"
    )


def triggered_ok(effect: dict[str, Any]) -> bool:
    """Whether a triggered effect of this kind (bound to its card) is one the engine executes."""
    ops = effect.get("do")
    return (
        set(effect) == {"when", "optional", "do"}
        and effect["when"] == WHEN
        and effect["optional"] is True
        and isinstance(ops, list)
        and len(ops) == 1
        and isinstance(ops[0], dict)
        and set(ops[0]) == {"op", "card"}
        and ops[0]["op"] == DISCARD
        and isinstance(ops[0]["card"], str)
    )


def grant(eng: RangersStrikeEngine, pe: PendingEffect, what: str) -> None:
    """The combination resolves: the watch is in force for the player until the end of the
    turn."""
    unit: Unit | None = pe.context.get("unit")
    if unit is None:
        return
    effect = {"when": WHEN, "optional": True, "do": [{"op": DISCARD}]}
    eng.state.granted.append(Granted(pe.controller, pe.source, unit, effect, 0))
    eng.event(
        "watch",
        f"Until the end of the turn, each time a unit card is put held into a command zone of "
        f"{pe.controller}'s opponents, {pe.controller} may put it into the discard pile ({what}).",
        player=pe.controller,
        card=pe.source,
    )
    eng.ctx.ruling(
        RULE,
        f"{what}: from now until the end of the turn, a unit card put held into an opposing "
        "command zone triggers it.",
    )


def _watching(eng: RangersStrikeEngine, owner: str) -> list[Granted]:
    """The watches in force of the players opposing ``owner``."""
    return [
        g
        for g in eng.state.granted
        if g.effect.get("when") == WHEN and owner in eng.opponents(g.controller)
    ]


def placed(eng: RangersStrikeEngine, cards: list[tuple[str, str | None]], how: str) -> None:
    """Cards (``(owner, card)``; card None: not known) have just been put into their owners'
    command zones, ``how``: ``held`` (put there held, by one effect), ``released_then_held``
    (put there released and held at once by a restriction, RS-PLACED-HELD) or ``replaced`` (a
    unit taking a held command's place by Morph, RS-MORPH).  The watches of the
    players opposing their owners trigger, or are not guessed (module docstring)."""
    st = eng.state
    if not cards or not st.granted:
        return
    seen: list[int] = []
    for owner in dict.fromkeys(q for q, _ in cards):
        for g in _watching(eng, owner):
            if id(g) in seen:
                continue
            seen.append(id(g))
            mine = [c for q, c in cards if q in eng.opponents(g.controller)]
            units = [c for c in mine if c is None or st.card(c).type == "unit"]
            if units:
                _trigger(eng, g, units, how)


def _trigger(eng: RangersStrikeEngine, g: Granted, cards: list[str | None], how: str) -> None:
    what = (
        f"{eng.name(g.source)}'s effect in force (when a unit card is put held into an opposing "
        "command zone)"
    )
    pe = PendingEffect(0, g.controller, g.source, g.effect, 100 + g.index, WHEN, {"unit": g.unit})
    names = ", ".join("a card not recorded" if c is None else eng.name(c) for c in cards)
    if any(c is None for c in cards):
        why = f"a card put held into an opposing command zone is not known ({names})"
    elif how == "replaced":
        why = (
            f"{names} took, by Morph's replacement (置き換え), the place of a held command in an "
            "opposing command zone, and whether that is its being put there held the sources do "
            "not say"
        )
    elif how == "released_then_held":
        why = (
            f"{names} was put released into an opposing command zone and held at once by a "
            "restriction, and whether that is its being put there held the sources do not say"
        )
    elif len(cards) > 1:
        why = (
            f"{len(cards)} unit cards were put held at once ({names}), and whether it triggers "
            "once or once for each the sources do not say"
        )
    else:
        card = cards[0]
        assert card is not None
        effect = {**g.effect, "do": [{"op": DISCARD, "card": card}]}
        eng.ctx.ruling(
            RULE,
            f"{names}, a unit card, is put held into an opposing command zone: {what} triggers "
            f"({g.controller} may put it into the discard pile).",
        )
        eng.pool.add(g.controller, g.source, effect, 100 + g.index, WHEN, unit=g.unit)
        return
    eng.not_guessed(pe, RULE, why, f"{what} is not carried out.")


def discard(eng: RangersStrikeEngine, op: dict[str, Any], what: str) -> None:
    """The triggered effect used: the card goes from the command zone it is in into its owner's
    discard pile; a card no longer in a command zone stays where it is."""
    st = eng.state
    card = str(op.get("card"))
    for q in st.order:
        zone = st.players[q].command
        for i, cmd in enumerate(zone):
            if cmd.card == card:
                zone.pop(i)
                owner = st.owner_of[card]
                st.players[owner].discard.append(card)
                eng.event(
                    "to_discard",
                    f"{eng.name(card)} goes from {q}'s command zone into {owner}'s discard pile "
                    f"({what}).",
                    player=owner,
                    card=card,
                )
                return
    eng.event(
        "effect",
        f"{eng.name(card)} is no longer in a command zone: {what} does nothing.",
        card=card,
    )


def words() -> str:
    """The op in English."""
    return (
        "until the end of the turn, each time a unit card is put held into an opposing command "
        "zone, you may put it into the discard pile"
    )
