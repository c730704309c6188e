"""A unit card of an opposing discard pile chosen, then an opposing unit of that card name put
face down into its owner's power zone as damage (RS-DISCARD-NAMESAKE): "敵軍捨札からユニットカー
ドを1枚選んでもよい。そうしたとき、選んだユニットカードと同じカード名の敵軍ユニットを1体選び、持ち主のパワーゾー
ンにダメージにして置く。"

The effect is exactly ``{"optional": true, "do": [{"op": "choose_opposing_discard", "find":
{"type": "unit"}, "if_done": true}, {"op": "to_damage", "target": {"side": "opponent", "zone":
"field", "count": 1, "type": "unit", "named_as": "chosen_card"}}]}``.  The choice (``use``) is
whether to choose a card; the card stays in the pile.  Only when one was chosen (そうしたとき) is
an opposing unit of the rush or battle area (RS-SELECT-FIELD) with that card name chosen and put
as damage (RS-TO-DAMAGE); when none has it, nothing more happens.  敵軍 is the opposing side: in
tag battle both opposing players' discard piles and units.

The log names the card first in the resolve's ``targets`` (an instance id or a code: a discard
pile is public), then the unit.  Used with no card named, the engine takes one only when every
unit card of the opposing discard piles has one name (which of them does not matter), none when
there is none; otherwise the choice is not guessed.  Names are compared as the reader reads them
(:func:`judge.games.rangers_strike.cards.name_key`).  Not guessed either (the step unverifiable,
the effect not carried out until an ``outcome`` records it): a card whose text lets it be used as
another (「X」としてつかえる, the same name in the game, atwiki renst 1739), the card chosen or an
opposing unit; and two names that differ only by a bracketed note closing one (the catalogue
names a reprint with its set, "X(XG4)").

Why a module of its own: the card chosen binds the name the unit is chosen by before the units
are matched, as :mod:`judge.games.rangers_strike.own_cards` binds its sum.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from judge.core.refs import ref_text
from judge.games.rangers_strike.costs import leading, names_card

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-DISCARD-NAMESAKE"
OP = "choose_opposing_discard"
#: the selector key of "選んだユニットカードと同じカード名の": :data:`CHOSEN` in a definition, the
#: card's name once the card is chosen (:func:`bound`)
KEY = "named_as"
CHOSEN = "chosen_card"
FIRST = {"op": OP, "find": {"type": "unit"}, "if_done": True}
TARGET = {"side": "opponent", "zone": "field", "count": 1, "type": "unit", KEY: CHOSEN}
#: a card's text letting it be used as another, with that name in the game (atwiki renst 1739)
_USABLE_AS = "としてつかえる"
#: a bracketed note closing a catalogue name, "X(XG4)" (a reprint named with its set)
_BRACKETED = re.compile(r"\([^()]*\)$")

Picks = tuple[list[str] | None, list[Any], list[tuple[str, str]], str | None]


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``choose_opposing_discard`` op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == OP:
            return op
    return None


def uses(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` has this module's op or selector key (then :func:`ok` decides)."""
    return op_of(effect) is not None or any(
        isinstance(op, dict) and isinstance(op.get("target"), dict) and KEY in op["target"]
        for op in effect.get("do") or ()
    )


def ok(effect: dict[str, Any]) -> bool:
    """The one shape (module docstring), its unit's name still to be bound (:data:`CHOSEN`) or
    bound (a name)."""
    ops = effect.get("do")
    if effect.get("optional") is not True or "if" in effect or not isinstance(ops, list):
        return False
    if len(ops) != 2 or ops[0] != FIRST or not isinstance(ops[1], dict):
        return False
    target = ops[1].get("target")
    if set(ops[1]) != {"op", "target"} or ops[1]["op"] != "to_damage":
        return False
    if not isinstance(target, dict) or set(target) != set(TARGET):
        return False
    name = target[KEY]
    return (
        all(target[k] == v for k, v in TARGET.items() if k != KEY)
        and isinstance(name, str)
        and bool(name)
    )


def _cards(eng: RangersStrikeEngine, pid: str) -> list[str]:
    """The unit cards of the opposing discard piles, in player order and pile order."""
    st = eng.state
    return [
        c
        for q in eng.opponents(pid)
        for c in st.players[q].discard
        if c is not None and st.card(c).is_unit
    ]


def _in_piles(eng: RangersStrikeEngine, pid: str, ref: Any) -> bool:
    st = eng.state
    return any(
        c is not None and names_card(eng, ref, c)
        for q in eng.opponents(pid)
        for c in st.players[q].discard
    )


def _name_doubt(eng: RangersStrikeEngine, pid: str, card: str) -> str | None:
    """Why which opposing units have ``card``'s name is not known (module docstring), or None."""
    st = eng.state
    chosen = st.card(card)
    units = [u for q in eng.opponents(pid) for u in st.players[q].units()]
    usable = [u.card for u in units if _USABLE_AS in str(st.card(u.card).raw.get("text") or "")]
    if _USABLE_AS in str(chosen.raw.get("text") or ""):
        usable.insert(0, card)
    if usable:
        return (
            f"{eng.name(usable[0])} may be used as another card (としてつかえる), which the "
            "engine does not decide here (RS-USABLE-AS): which opposing units have the chosen card's name is not known"
        )
    base = _BRACKETED.sub("", chosen.match_name)
    for u in units:
        d = st.card(u.card)
        if d.match_name != chosen.match_name and _BRACKETED.sub("", d.match_name) == base:
            return (
                f"whether {eng.name(u.card)} has the card name of {eng.name(card)} (the "
                "catalogue's names differ only by a bracketed note) is not known"
            )
    return None


def named(
    eng: RangersStrikeEngine,
    pid: str,
    effect: dict[str, Any],
    targets: list[Any],
    use: bool | None,
) -> Picks:
    """The card of an opposing discard pile ``pid``'s effect chooses, ``(cards, targets left,
    problems, doubt)``: ``[card]``, ``[]`` when none is chosen, None when not known (the targets
    left are then none).  No such op, or not used: ``([], targets, [], None)``."""
    if op_of(effect) is None or use is False:
        return [], targets, [], None
    st = eng.state
    fit = _cards(eng, pid)
    got = [fit[k] for k in leading(eng, fit, targets, 1)]
    if got:
        doubt = _name_doubt(eng, pid, got[0])
        return (None, [], [], doubt) if doubt else (got, targets[1:], [], None)
    if targets and _in_piles(eng, pid, targets[0]):
        said = f"{ref_text(targets[0])} in an opposing discard pile is not a unit card."
        return None, [], [(RULE, said)], None
    if not fit:
        return [], targets, [], None  # no unit card there: none can be chosen, nothing is done
    if targets:
        said = (
            f"The effect chooses a unit card of an opposing discard pile first: {ref_text(targets[0])} "
            "is none."
        )
        return None, [], [(RULE, said)], None
    if use is True and len({st.card(c).match_name for c in fit}) == 1:
        doubt = _name_doubt(eng, pid, fit[0])
        return (None, [], [], doubt) if doubt else ([fit[0]], targets, [], None)
    return None, [], [], "which card of an opposing discard pile was chosen is not recorded"


def bound(
    effect: dict[str, Any], cards: list[str] | None, eng: RangersStrikeEngine
) -> dict[str, Any]:
    """The effect with its unit chosen by the chosen card's name; when no card was chosen (or
    which is not known) the effect without what follows, which then does not happen.  An effect
    without the op is returned as it is."""
    if op_of(effect) is None:
        return effect
    if not cards:
        return {**effect, "do": effect["do"][:1]}
    name = eng.state.card(cards[0]).name
    first, then = effect["do"]
    return {**effect, "do": [first, {**then, "target": {**then["target"], KEY: name}}]}


def first_targets(eng: RangersStrikeEngine, pid: str) -> list[str]:
    """A legal resolve's targets: the first unit card of the opposing discard piles (the unit
    after it is the selector's, :func:`judge.games.rangers_strike.resolve.first_targets`)."""
    return _cards(eng, pid)[:1]


def carry_out(
    eng: RangersStrikeEngine, pe: Any, cards: list[str] | None, doubt: str | None, what: str
) -> bool:
    """Choose the card :func:`named` found (it stays in its pile); whether what follows happens.
    Not known: not guessed."""
    pid = pe.controller
    if cards is None:
        eng.not_guessed(
            pe,
            RULE,
            doubt or "which card of an opposing discard pile was chosen is not recorded",
            f"{what} is not carried out; the log may name the card first in the resolve's "
            "targets (or record `use: false`), or record what happened in an `outcome`.",
        )
        return False
    if not cards:
        eng.ctx.ruling(
            RULE,
            f"No opposing discard pile holds a unit card: {pid} chooses none for {what}, so what "
            "happens only when it does (そうしたとき) does not happen.",
        )
        return False
    card = cards[0]
    eng.event(
        "choose",
        f"{pid} chooses {eng.name(card)} in an opposing discard pile ({what}); it stays there.",
        player=pid,
        card=card,
    )
    eng.ctx.ruling(
        RULE,
        f"The opposing unit put into its owner's power zone as damage is one with the card name "
        f"{eng.state.card(card).name} (when none has it, nothing more happens).",
    )
    return True
