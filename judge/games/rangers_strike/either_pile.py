"""One card put into the rush area from the hand or from the discard pile, whichever the player
chooses (RS-EITHER-PILE): "※これが撃破されて捨札になったとき、自分の手札の「A」か、自軍捨札の「B」
か、どちらか1枚を選び、自軍ラッシュエリアに出す。".

The op ``{"op": "from_hand_or_discard", "hand": A, "discard": B}``: one card, a card named A
from the controller's hand or a unit or vehicle card named B from its discard pile, goes into
its rush area by the effect (no power, command or additional condition, as RS-FROM-DISCARD and
RS-FROM-HAND put cards there).  The text is not optional (出す): with a card to take, one is
taken; with none in either place, nothing happens.

Which card: the log names it first in the resolve's ``targets`` (an instance id or a code;
observed mode binds a hidden card of the hand, as a card named in a hand is bound).  Not named,
the engine takes one only when exactly one code could be taken and the hand holds no card it
does not know; anything else is not guessed: the step is unverifiable and the effect is not
carried out (a taint an ``outcome`` may record).

Why a module of its own: the choice spans two zones, which neither RS-FROM-DISCARD's module
(one pile) nor the deck search's (one zone) reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import take_many
from judge.games.rangers_strike import from_discard, usable_as
from judge.games.rangers_strike.refs import ZONE_REFS

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-EITHER-PILE"
Problem = tuple[str, str]


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``from_hand_or_discard`` op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == "from_hand_or_discard":
            return op
    return None


def _in_hand(eng: RangersStrikeEngine, pid: str, name: str) -> list[str]:
    st = eng.state
    return [iid for iid in st.players[pid].hand if iid is not None and st.card(iid).named(name)]


#: the card to take: ``("hand" | "discard", instance id)``, or None (nothing, or not known)
Pick = tuple[str, str] | None


def pick(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any]
) -> tuple[Pick, list[Any], list[Problem], str | None]:
    """The card the op takes: the one the log names first in ``targets``, else the only one
    that could be taken; the targets left; problems; the doubt (why it is not known)."""
    op = op_of(effect)
    if op is None:
        return None, targets, [], None
    st = eng.state
    ps = st.players[pid]
    piled = from_discard.fitting(eng, pid, str(op["discard"]))
    if targets:
        ref = targets[0]
        if ref in piled or any(st.code_of[c] == ref for c in piled):
            iid = ref if ref in piled else next(c for c in piled if st.code_of[c] == ref)
            return ("discard", iid), targets[1:], [], None
        takes, problems = ZONE_REFS.find_many_in_zone(st, pid, "hand", [ref])
        if not problems and st.card(takes[0].iid).named(op["hand"]):
            return ("hand", ref if ref == takes[0].iid else takes[0].iid), targets[1:], [], None
        return (
            None,
            targets[1:],
            [
                (
                    RULE,
                    f"{ref} is neither a card named {op['hand']} in {pid}'s hand nor a card "
                    f"named {op['discard']} in its discard pile.",
                )
            ],
            None,
        )
    held = _in_hand(eng, pid, str(op["hand"]))
    hidden = None in ps.hand
    codes = {st.code_of[c] for c in held} | {st.code_of[c] for c in piled}
    if not codes and not hidden:
        return None, targets, [], None  # nothing to take, exactly
    only = ("hand", held[0]) if held else ("discard", piled[0]) if piled else None
    name = str(op["hand"] if held else op["discard"])
    if only is not None and st.card(only[1]).name_match(name) is None:  # RS-USABLE-AS
        return (
            None,
            targets,
            [],
            f"{eng.name(only[1])} may be used as {name} (としてつかえる, {usable_as.RULE}): whether "
            f"{pid} took it as one (扱ってよい: may) is not recorded",
        )
    if len(codes) == 1 and not hidden and bool(held) != bool(piled):
        return (("hand", held[0]) if held else ("discard", piled[0])), targets, [], None
    return (
        None,
        targets,
        [],
        f"which card {pid} put into its rush area (a card named {op['hand']} from its hand or "
        f"one named {op['discard']} from its discard pile) is not recorded",
    )


def carry_out(
    eng: RangersStrikeEngine,
    pe: Any,
    op: dict[str, Any],
    picked: Pick,
    doubt: str | None,
    what: str,
) -> None:
    """Put the card picked into the controller's rush area (RS-EITHER-PILE), or, when which
    one is not known, leave the effect not carried out (not guessed)."""
    pid = pe.controller
    if doubt is not None:
        eng.not_guessed(pe, RULE, doubt, f"{what} is not carried out.")
        return
    if picked is None:
        eng.event(
            "from_discard",
            f"{pid} has no card named {op['hand']} in its hand nor {op['discard']} in its "
            "discard pile: nothing is put.",
            player=pid,
        )
        return
    zone, iid = picked
    st = eng.state
    if zone == "discard":
        st.players[pid].discard.remove(iid)
    else:
        takes, problems = ZONE_REFS.find_many_in_zone(st, pid, "hand", [iid])
        if problems:
            return
        take_many(st, pid, takes)
    eng.ctx.ruling(
        RULE,
        f"{pid} takes {eng.name(iid)} from its {'discard pile' if zone == 'discard' else 'hand'}: "
        "one card, from either place.",
    )
    from_discard.into_rush(eng, pid, [iid], what, whence=zone)
