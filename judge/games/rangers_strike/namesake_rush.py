"""A resident operation's restriction on both players (RS-NAMESAKE-HOLD): "自分も相手も次の制限を
受ける⇒自分自身の捨札にあるユニットカードと同じカード名のユニットカードを、コマンドをホールドしてラッシュす
るとき、コマンドを追加でNつホールドしなければ、そのユニットカードはラッシュできない。"

While the resident is in place (RS-RESIDENT), a player it restricts (自分も相手も: its player and
the opposing one, as a resident covers them, :meth:`RangersStrikeEngine.resident_covers`) who
rushes from the hand, holding a command (RS-RUSH-COMMAND), a unit card that has the card name of
a unit card in that player's own discard pile holds N more released commands of its own, of any
category, named in the rush's ``also_hold`` as an additional condition's are (RS-RUSH-HOLD:
:func:`judge.games.rangers_strike.costs.check_holds`, after the card's own further commands);
without them the card cannot be rushed.  A card put into the rush area by an effect holds no
command and is not rushed so: not restricted.

Names are compared in the reader's normal form (RS-IMPORT).  Not guessed (the step is
unverifiable, the N commands not asked):

- a rush that holds a unit with Call in place of the command (RS-CALL: "ラッシュするためのコマンド
  としてホールドできる"): whether that is "holding a command" here the sources do not say;
- a discard pile holding a card the log does not know, or a unit card whose catalogue name
  differs from the rushed card's only by a bracketed note closing one (a reprint named with its
  set, as RS-SEARCH-DISTINCT-NAMES leaves it), or a card usable as another (としてつかえる);
- two such residents in place at once: whether their further commands add up.

The effect: ``{"when": "resident", "do": [{"op": "namesake_hold", "n": N}]}``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judge.core.wording import noun_for

if TYPE_CHECKING:
    from judge.games.rangers_strike.cards import CardDef
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-NAMESAKE-HOLD"
OP = "namesake_hold"
#: a bracketed note closing a catalogue name, "X(XG4)" (a reprint named with its set)
_BRACKETED = re.compile(r"\([^()]*\)$")
#: a card's text letting it be used as another, with that name in the game (atwiki renst 1739)
_USABLE_AS = "としてつかえる"


def is_op(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` has an op of this module."""
    ops = effect.get("do")
    return isinstance(ops, list) and any(isinstance(op, dict) and op.get("op") == OP for op in ops)


def ok(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` is the one shape of this module, exactly."""
    ops = effect.get("do")
    if effect.get("when") != "resident" or not set(effect) <= {"when", "do", "text"}:
        return False
    if not isinstance(ops, list) or len(ops) != 1 or not isinstance(ops[0], dict):
        return False
    op = ops[0]
    n = op.get("n")
    return (
        set(op) == {"op", "n"}
        and op["op"] == OP
        and isinstance(n, int)
        and not isinstance(n, bool)
        and n >= 1
    )


def op_words(op: dict[str, Any]) -> str | None:
    """The op in English, or None when it is not this module's."""
    if not ok({"when": "resident", "do": [op]}):
        return None
    n = op["n"]
    return (
        "you and your opponent are each restricted: to rush from the hand, holding a command, a "
        "unit card that has the card name of a unit card in one's own discard pile, one holds "
        f"{n} more released {noun_for(n, 'command')} of one's own (any category); "
        "otherwise that unit card cannot be rushed"
    )


@dataclass
class Asked:
    """What the restriction asks of one rush: ``n`` more commands (0: none), the ruling
    ``said`` when it asks them, and ``doubt`` when what it asks is not known."""

    n: int = 0
    said: str | None = None
    doubt: str | None = None


def _restricts(d: Any) -> bool:
    """Whether card ``d`` prints this module's restriction (what :func:`_residents` reads)."""
    return any(e.get("when") == "resident" and ok(e) for e in d.effects)


def _residents(eng: RangersStrikeEngine, pid: str) -> list[tuple[str, int]]:
    """The residents in place whose restriction covers ``pid``, with their N."""
    st = eng.state
    found: list[tuple[str, int]] = []
    for q, res in st.placed():
        d = st.card(res)
        ns = [e["do"][0]["n"] for e in d.effects if e.get("when") == "resident" and ok(e)]
        if not ns:
            continue
        covered = [*eng.resident_covers(q, "own"), *eng.resident_covers(q, "opponent")]
        if pid in covered:
            found.append((res, ns[0]))
    return found


def asked(eng: RangersStrikeEngine, pid: str, iid: str, by_call: bool) -> Asked:
    """What the restriction asks of ``pid``'s rush of the card ``iid`` from the hand
    (``by_call``: a unit with Call is held in place of the command), module docstring."""
    st = eng.state
    d = st.defs[st.code_of[iid]]
    if not d.is_unit:
        return Asked()
    # no card of the game prints the restriction (codes_where, shared: the definition alone):
    # no resident in place has it (every rush of a unit asks)
    codes = eng.codes_known.get("namesake_rush")
    if codes is None:
        codes = eng.codes_where("namesake_rush", _restricts, shared=True)
    if not codes:
        return Asked()
    residents = _residents(eng, pid)
    if not residents:
        return Asked()
    pile = st.players[pid].discard
    same = [c for c in pile if c is not None and _unit(st.card(c)) and _same(st.card(c), d)]
    names = " and ".join(eng.name(r) for r, _n in residents)
    if not same:
        why = _open(eng, d, pile)
        if why is None:
            return Asked()
        return Asked(doubt=f"{names} in place: {why}")
    n = residents[0][1]
    them = f"{eng.name(iid)} has the card name of {eng.name(same[0])} in {pid}'s discard pile"
    if by_call:
        return Asked(
            doubt=(
                f"{names} in place and {them}, but {pid} holds a unit with Call in place of the "
                "command: whether that is holding a command for this restriction the sources do "
                "not say"
            )
        )
    if len(residents) > 1:
        return Asked(
            doubt=(
                f"{names} are in place and {them}: whether two such restrictions add up their "
                "further commands the sources do not say"
            )
        )
    return Asked(
        n=n,
        said=(
            f"{names} is in place and {them}: {pid} holds {n} more {noun_for(n, 'command')}"
            " to rush it."
        ),
    )


def _unit(d: CardDef) -> bool:
    return d.is_unit


def _same(a: CardDef, b: CardDef) -> bool:
    return a.match_name == b.match_name


def _open(eng: RangersStrikeEngine, d: CardDef, pile: list[str | None]) -> str | None:
    """Why whether a unit card of ``pile`` has ``d``'s card name is not known, or None."""
    st = eng.state
    if any(c is None for c in pile):
        return "a card of the discard pile is not known, and may have the card name of " + (
            f"{d.name}"
        )
    base = _BRACKETED.sub("", d.match_name)
    for c in pile:
        other = st.card(c) if c is not None else None
        if other is None or not other.is_unit:
            continue
        if _BRACKETED.sub("", other.match_name) == base:
            return (
                f"whether {d.name} and {eng.name(c)} of the discard pile have one card name (the "
                "catalogue's names differ only by a bracketed note) is not known"
            )
        if _USABLE_AS in str(other.raw.get("text") or "") or _USABLE_AS in str(
            d.raw.get("text") or ""
        ):
            return (
                f"{eng.name(c)} or {d.name} may be used as another card (としてつかえる), which the "
                "engine does not decide here (RS-USABLE-AS): whether they have one card name is not known"
            )
    return None
