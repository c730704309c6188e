"""A resident's text that triggers when a unit of its player's enters the battle area: the deck's
top card looked at, put held into the command zone if it shares the unit's category, else back on
top or at the bottom (RS-LOOK-TOP-CATEGORY): "自軍ユニットがバトルエリアに出たとき、自軍山札の上から1枚を
見る。そのカードのカテゴリが、バトルエリアに出たユニットのカテゴリと同じなら、そのカードを自軍コマンドゾーンにホ
ールド状態で置いてもよい(コマンドゾーンに置けるカードは通常5枚まで)。そうしないとき、そのカードを山札の上に戻す
か下に戻すかを選択する。".

The effect as read (a resident operation's, :func:`ok`)::

    {"when": "resident_unit_entered", "do": [{"op": "look_top", "category": "entered"}]}

and as it waits, the entered unit's printed category bound into it (``category`` C).  While the
resident is in place (RS-RESIDENT), when a unit of its player's (not a vehicle) enters the battle
area, by an enter or by an effect, the effect triggers (RS-SIMULTANEOUS orders it with the others).
It resolves whether or not the player wants: the player looks at its deck's top card (it becomes
known to that player only).  The log records, in the resolve's ``targets``, the card (first, when
the engine does not know it: observed mode) and then what the player did, ``{"place": P}`` with P
``"command"``, ``"top"`` or ``"bottom"``: ``"command"`` only when the card's printed category is C and the command
zone holds fewer than 5 cards (the card goes there held); otherwise (そうしないとき) the card stays on
top or goes to the bottom of the deck, as the player chooses.  A card that cannot be the top card,
or ``"command"`` when it may not go there, is illegal (RS-REVEAL, RS-EFFECT-TARGETS).  Not guessed
(the step unverifiable, the effect noted as not executed until an ``outcome`` records it): the
card or the choice not recorded; in tag battle the ally's unit; the resident gone before the effect
resolves.  An empty deck: nothing is looked at and nothing happens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import bind
from judge.core.timing import PendingEffect
from judge.games.rangers_strike import placed_watch
from judge.games.rangers_strike.refs import Problem
from judge.games.rangers_strike.state import COMMAND_LIMIT, Command

if TYPE_CHECKING:
    from judge.games.rangers_strike.cards import CardDef
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-LOOK-TOP-CATEGORY"
WHEN = "resident_unit_entered"
OP = "look_top"
ENTERED = "entered"
CHOICES = ("command", "top", "bottom")
#: the target that records the choice: ``{"place": "command" | "top" | "bottom"}``
PLACE = "place"

#: (the card, the choice, problems, doubt)
Picks = tuple[str | None, str | None, list[Problem], str | None]


def ok(effect: dict[str, Any]) -> bool:
    """Whether a ``resident_unit_entered`` effect is the one shape the engine executes, as read
    or as it waits (the category bound)."""
    ops = effect.get("do")
    if (
        set(effect) - {"when", "do", "text"}
        or effect.get("when") != WHEN
        or not isinstance(ops, list)
        or len(ops) != 1
        or not isinstance(ops[0], dict)
    ):
        return False
    op = ops[0]
    return (
        set(op) == {"op", "category"}
        and op["op"] == OP
        and isinstance(op["category"], str)
        and bool(op["category"])
    )


def words(effect: dict[str, Any]) -> str:
    """The effect in plain English (``judge cards show``)."""
    return (
        "While this resident is in place, when a unit of yours enters the battle area: look at "
        "the top card of your deck; if its category is the entered unit's, you may put it held "
        "into your command zone (which holds 5 cards at most); if you do not, put it back on top "
        "of your deck or at the bottom, as you choose"
    )


def _has_effect(d: CardDef) -> bool:
    """Whether card ``d`` has a text of this module's timing."""
    return any(e.get("when") == WHEN for e in d.effects)


def seen(eng: RangersStrikeEngine, subject: Unit, owner: str) -> None:
    """``subject``, ``owner``'s unit, entered the battle area: the texts of this module of the
    residents in place wait in the pool, the unit's category bound into them."""
    st = eng.state
    # the residents whose card has such a text (the others' texts are passed over unread);
    # asked first: with none in the game nothing is looked up (every unit entering asks)
    codes = eng.codes_known.get(WHEN)  # (codes_where's answer read first: no call)
    if codes is None:
        codes = eng.codes_where(WHEN, _has_effect, shared=True)
    if not codes:
        return
    d = st.card(subject.card)
    if not d.is_unit:
        return
    for pid, res in st.placed():
        if st.code_of[res] not in codes or owner not in eng.allies(pid):
            continue
        for index, effect in enumerate(st.card(res).effects):
            if effect.get("when") != WHEN or not eng.supports(effect):
                continue
            bound = {**effect, "do": [{"op": OP, "category": d.category}]}
            what = f"{eng.name(res)}'s effect (when a unit of {pid}'s enters the battle area)"
            cats = st.unit_categories(subject)  # RS-ADD-FEATURE: a category added in the area
            if len(cats) > 1:
                pe = PendingEffect(0, pid, res, bound, index, WHEN, {})
                eng.not_guessed(
                    pe,
                    RULE,
                    f"{eng.name(subject.card)} has the categories {' and '.join(cats)} in the "
                    "battle area, and which is バトルエリアに出たユニットのカテゴリ the sources do "
                    "not say",
                    f"{what} is not carried out.",
                )
                continue
            if owner != pid:
                pe = PendingEffect(0, pid, res, bound, index, WHEN, {})
                eng.not_guessed(
                    pe,
                    RULE,
                    f"{eng.name(subject.card)} is {owner}'s, {pid}'s ally's, and whether 自軍ユニット "
                    f"means {pid}'s units or its team's the sources do not say",
                    f"{what} is not carried out.",
                )
                continue
            eng.ctx.ruling(
                RULE,
                f"{eng.name(res)} is {pid}'s resident in place, and {eng.name(subject.card)} "
                f"(category {d.category}) enters the battle area: its effect triggers.",
            )
            eng.pool.add(pid, res, bound, index, WHEN, subject=subject.card)


def still_there(eng: RangersStrikeEngine, pe: PendingEffect, what: str) -> bool:
    """Whether the resident is still in place as its effect resolves; if not, not guessed."""
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


def picks(eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any]) -> Picks:
    """The card looked at and what the player did with it, from the resolve's ``targets``."""
    from judge.games.rangers_strike.zone_moves import top_named

    ops = effect.get("do") or []
    if effect.get("when") != WHEN or not ops or ops[0].get("category") in (None, ENTERED):
        return None, None, [], None
    st = eng.state
    if not st.players[pid].deck:
        return None, None, [], None
    said = list(targets)
    last = said[-1] if said else None
    choice = None
    if isinstance(last, dict) and set(last) == {PLACE}:
        said.pop()
        choice = last[PLACE]
        if choice not in CHOICES:
            why = f"{last} is not a place the card may go: command, top or bottom."
            return None, None, [("RS-EFFECT-TARGETS", why)], None
    if len(said) > 1:
        return (
            None,
            None,
            [("RS-EFFECT-TARGETS", "The log names more than the card and the choice.")],
            None,
        )
    card, _, problems, doubt = top_named(eng, pid, {"do": [{"op": "top_to_command"}]}, said)
    if problems:
        return None, None, problems, None
    if card is None:
        return None, None, [], doubt or f"which card was on top of {pid}'s deck is not recorded"
    if choice is None:
        return card, None, [], f"what {pid} did with the card it looked at is not recorded"
    if choice == "command":
        cat = ops[0]["category"]
        d = st.card(card)
        if d.category != cat:
            why = (
                f"{card} is of category {d.category}, not {cat}: it cannot go to the command zone."
            )
            return None, None, [("RS-EFFECT-TARGETS", why)], None
        if len(st.players[pid].command) >= COMMAND_LIMIT:
            why = f"{pid}'s command zone holds {COMMAND_LIMIT} cards: the card cannot go there."
            return None, None, [("RS-EFFECT-TARGETS", why)], None
    return card, choice, [], None


def carry_out(eng: RangersStrikeEngine, pe: PendingEffect, targets: list[Any], what: str) -> None:
    """Look at the top card and do with it what the log records (or, not recorded, nothing:
    not guessed)."""
    st = eng.state
    pid = pe.controller
    deck = st.players[pid].deck
    if not deck:
        eng.ctx.ruling(RULE, f"{pid}'s deck is empty: there is nothing to look at ({what}).")
        return
    card, choice, problems, doubt = picks(eng, pid, pe.effect, targets)
    if problems:
        eng.event("effect", f"{what} is not carried out.", card=pe.source)
        return
    if doubt is not None or card is None or choice is None:
        eng.not_guessed(pe, RULE, doubt or "the card is not known", f"{what} is not carried out.")
        return
    if deck[0] is None:
        bind(st, pid, card)
        deck[0] = card
    eng.event("look", f"{pid} looks at the top card of its deck ({what}).", player=pid)
    if choice == "command":
        deck.pop(0)
        st.players[pid].command.append(Command(card, held=True))
        placed_watch.placed(eng, [(pid, card)], "held")  # RS-PLACED-HELD-WATCH
        eng.event(
            "to_command",
            f"{eng.name(card)}, the top card of {pid}'s deck, goes held into its command zone "
            f"({what}).",
            player=pid,
            card=card,
        )
        said = "it shares the entered unit's category: held into the command zone"
    elif choice == "bottom":
        deck.append(deck.pop(0))
        eng.event(
            "to_deck", f"{pid} puts the card it looked at on the bottom of its deck.", player=pid
        )
        said = "it goes to the bottom of the deck"
    else:
        said = "it stays on top of the deck"
    eng.ctx.ruling(RULE, f"{pid} looked at {eng.name(card)}: {said}.")
