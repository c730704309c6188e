"""A card searched for in one's own deck (RS-SEARCH-DECK): "自軍山札から「X」のカードを1枚選び、
自軍ラッシュエリアに出してもよい。その後、山札をシャッフルする。", "…相手に見せてから手札に加えても
よい。…", "自軍山札からビークルカードを1枚選び、…", "自軍山札を見て、…".

The op ``{"op": "from_deck", "find": {"name": X} | {"type": "unit" | "vehicle"}, "count": N,
"to": "rush" | "hand"}``, the first of an optional effect, always followed by ``{"op":
"shuffle"}``.  The player looks through its deck and may take up to N cards that fit (the
printed "…してもよい": taking none is allowed even when one is there); "相手に見せてから手札に加え
て" shows each card taken to the opponent before it goes into the hand; "自軍ラッシュエリアに出し
て" puts it into the rush area by the effect, as RS-FROM-DISCARD does (no power, command or
additional condition; a when-rushed effect of the card put is not run).  Then the deck is
shuffled, whether a card was taken or not: the text says "その後" (afterwards), where a part
done only when the first was is printed "そうしたとき" (RS-IF-DONE).

Which cards: the log names them first in the resolve's ``targets`` (instance ids or codes;
observed mode binds a hidden card of the deck, as a card named in a hand is bound); ``use:
false`` takes none.  Without a record, the engine takes a card only when that is the one
thing the player could have done with the effect used (``use: true``, one card to take, one
code fitting, every card of the deck known); when nothing can fit, nothing is taken.  Anything
else is not guessed: the step is unverifiable and the effect is not carried out (a taint an
``outcome`` may record).

A card put from the hand (RS-FROM-HAND), "自分の手札から「X」のカードを1枚選び、自軍ラッシュエ
リアに出してもよい。", is the op ``{"op": "from_hand", "find": {"name": X}, "count": 1, "to":
"rush"}``, the one op of an optional effect, taken the same way from the hand (no shuffle).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from judge.core.refs import Take, take_many
from judge.games.rangers_strike import activated, deck_top, hand_rush, resident_watch
from judge.games.rangers_strike.refs import ZONE_REFS

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

Problem = tuple[str, str]
RULE = "RS-SEARCH-DECK"
#: each op that takes chosen cards from a zone of one's own: its zone and its rule
ZONE = {"from_deck": "deck", "from_hand": "hand"}
RULES = {"from_deck": RULE, "from_hand": "RS-FROM-HAND"}
#: no two cards of one name (RS-SEARCH-DISTINCT-NAMES)
DISTINCT = "RS-SEARCH-DISTINCT-NAMES"


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``from_deck`` (or ``from_hand``) op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") in ZONE:
            return op
    return None


def wanted(op: dict[str, Any]) -> str:
    """What the search is for, in words: "a card named X", "a vehicle card"."""
    find = op["find"]
    n = int(op["count"])
    if "or" in find:  # RS-SEARCH-EITHER-NAME
        alt = find["or"]
        held = " and ".join(alt["if_discard"])
        return (
            f"a card named {find['name']} (or, if your discard pile holds cards named {held}, one "
            f"named {alt['name']})"
        )
    if "name" in find:
        what = f"card{'s' if n > 1 else ''} named {find['name']}"
    elif "category" in find or "bp_max" in find:  # RS-HAND-TO-RUSH
        size = f"size {find['size']} " if "size" in find else ""
        what = f"{size}{find['type']} card{'s' if n > 1 else ''}"
        if "category" in find:
            what += f" of category {find['category']}"
        if "bp_max" in find:
            what += f" with BP {find['bp_max']} or less"
        below = find.get("power_below")
        if below == resident_watch.ENTERED:  # RS-HAND-POWER-BELOW
            what += " whose required power number is less than the entered unit's"
        elif below is not None:
            what += f" whose required power number is less than {below}"
    elif "type" in find and "feature" in find:
        # RS-SEARCH-TO-TOP: "特徴「X」を持つSユニットのカード"
        size = f"{find['size']} " if "size" in find else ""
        what = f"{size}{find['type']} card{'s' if n > 1 else ''} with the feature {find['feature']}"
        if n == 1:
            return f"{'an' if size else 'a'} {what}"  # "an S unit card"
    elif "feature" in find:  # RS-SELECT-FEATURE: a card printing the feature
        what = f"card{'s' if n > 1 else ''} with the feature {find['feature']}"
    else:
        what = f"{find['type']} card{'s' if n > 1 else ''}"
    return f"{'up to ' + str(n) if n > 1 else 'a'} {what}"


def fits(eng: RangersStrikeEngine, iid: str, op: dict[str, Any]) -> bool:
    """Whether card ``iid`` is one the search may take: the name or type asked for, and, to
    go into the rush area, a unit or vehicle card (only they can stand there)."""
    d = eng.state.card(iid)
    find = op["find"]
    if "or" in find:  # RS-SEARCH-EITHER-NAME: one name, or another if the discard pile allows
        owner = eng.state.owner_of[iid]
        return activated.fits(eng, owner, d, find) and d.type in ("unit", "vehicle")
    if "name" in find and not d.named(find["name"]):
        return False
    if "type" in find and d.type != find["type"]:
        return False
    if "size" in find and d.size != find["size"]:
        return False  # RS-SEARCH-TO-TOP: its printed size
    if "category" in find and d.category != find["category"]:
        return False  # RS-HAND-TO-RUSH: its printed category
    if "bp_max" in find and (d.type != "unit" or d.bp > int(find["bp_max"])):
        return False  # RS-HAND-TO-RUSH: its printed BP
    if "power_below" in find and not resident_watch.fits(d, find):
        return False  # RS-HAND-POWER-BELOW: its printed required power number
    if "feature" in find and find["feature"] not in d.features:
        return False  # a card in a deck has its printed features only
    return op["to"] != "rush" or d.type in ("unit", "vehicle")


Picks = tuple[list[Take], list[Any], list[Problem], str | None]


def picks(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], use: bool | None
) -> Picks:
    """The cards the op takes from ``pid``'s deck (or hand): the takes (positions in the zone
    as it is now), the targets left, problems, and the doubt (why the choice is not known)."""
    op = op_of(effect)
    if op is None or use is False:
        return [], targets, [], None
    zone = ZONE[op["op"]]
    n = int(op["count"])
    named = targets[:n]
    if named:
        takes, problems = ZONE_REFS.find_many_in_zone(eng.state, pid, zone, named)
        if problems:
            return [], targets[len(named) :], problems[:1], None
        for take in takes:
            if not fits(eng, take.iid, op):
                return [], targets[len(named) :], [_not_fitting(eng, pid, take.iid, op)], None
        problem, doubt = _names(eng, [take.iid for take in takes], op)
        for take in takes if problem is None and doubt is None else ():
            if hand_rush.is_op(op):  # RS-HAND-TO-RUSH: its additional condition met
                problem, doubt = hand_rush.condition(eng, pid, take.iid)
                if problem is not None or doubt is not None:
                    break
        if problem is not None or doubt is not None:
            return [], targets[len(named) :], [problem] if problem else [], doubt
        return takes, targets[len(named) :], [], None
    cards = getattr(eng.state.players[pid], zone)
    found = [iid for iid in cards if iid is not None and fits(eng, iid, op)]
    hidden = None in cards
    if hand_rush.is_op(op):  # RS-HAND-TO-RUSH: only a card whose condition is met
        said = [(iid, hand_rush.condition(eng, pid, iid)) for iid in found]
        unsure = next((d for _, (_, d) in said if d is not None), None)
        if unsure is not None:
            return [], targets, [], unsure
        found = [iid for iid, (problem, _) in said if problem is None]
    if not found and not hidden:
        return [], targets, [], None  # nothing fits: nothing to take, exactly
    codes = {eng.state.code_of[iid] for iid in found}
    used = use is True or (use is None and activated.is_command_op(op))  # 選び: not "may"
    if used and n == 1 and not hidden and len(codes) == 1:
        first = found[0]
        return [Take(zone, cards.index(first), first, False)], targets, [], None
    return (
        [],
        targets,
        [],
        (f"which card {pid} took from its {zone} (if any) for {wanted(op)} is not recorded"),
    )


def first_found(eng: RangersStrikeEngine, pid: str, effect: dict[str, Any]) -> list[str]:
    """The first cards of ``pid``'s deck (or hand), known to the engine, that the op may take
    (as many as it takes): targets for a legal ``resolve``."""
    op = op_of(effect)
    if op is None:
        return []
    cards = getattr(eng.state.players[pid], ZONE[op["op"]])
    found = [c for c in cards if c is not None and fits(eng, c, op)]
    if hand_rush.is_op(op):  # RS-HAND-TO-RUSH: its condition known to be met
        found = [c for c in found if hand_rush.condition(eng, pid, c) == (None, None)]
    if op.get("distinct_names"):  # RS-SEARCH-DISTINCT-NAMES: the first of each name
        firsts: dict[str, str] = {}
        for c in found:
            firsts.setdefault(_BRACKETED.sub("", eng.state.card(c).match_name), c)
        found = list(firsts.values())
    return found[: int(op["count"])]


#: a card's text letting it be used as another, with that name in the game (atwiki renst 1739)
_USABLE_AS = "としてつかえる"
#: a bracketed note closing a catalogue name, "X(XG4)" (a reprint named with its set)
_BRACKETED = re.compile(r"\([^()]*\)$")


def _names(
    eng: RangersStrikeEngine, iids: list[str], op: dict[str, Any]
) -> tuple[Problem | None, str | None]:
    """RS-SEARCH-DISTINCT-NAMES: "同じカード名のユニットカードを2枚以上選ぶことはできない": two
    cards named alike among ``iids`` (compared in the reader's normal form) are a problem;
    two whose names differ only by a bracketed note closing one (the catalogue names a reprint
    with its set) are a doubt: whether the printed names are one the engine does not know; and
    so is a card among two or more that may be used as another (としてつかえる)."""
    if not op.get("distinct_names"):
        return None, None
    seen: dict[str, str] = {}
    bases: dict[str, str] = {}
    for iid in iids:
        d = eng.state.card(iid)
        if d.match_name in seen:
            return (
                DISTINCT,
                f"{eng.name(iid)} has the card name of {eng.name(seen[d.match_name])}: the "
                "effect cannot choose two unit cards of one name.",
            ), None
        seen[d.match_name] = iid
        base = _BRACKETED.sub("", d.match_name)
        if base in bases:
            return None, (
                f"whether {eng.name(bases[base])} and {eng.name(iid)} have one card name (the "
                "catalogue's names differ only by a bracketed note) is not known"
            )
        bases[base] = iid
    usable = [i for i in iids if _USABLE_AS in str(eng.state.card(i).raw.get("text") or "")]
    if usable and len(iids) > 1:
        return None, (
            f"{eng.name(usable[0])} may be used as another card (としてつかえる: that card's name "
            "in the game, atwiki renst 1739), which the engine does not decide here (RS-USABLE-AS): whether two of the "
            "cards chosen have one card name is not known"
        )
    return None, None


def _rule_of(op: dict[str, Any]) -> str:
    """The rule a card that does not fit the op breaks."""
    if resident_watch.is_op(op):
        return resident_watch.HAND_RULE
    if "or" in op["find"]:
        return activated.SEARCH_RULE
    return RULES[op["op"]]


def _not_fitting(eng: RangersStrikeEngine, pid: str, iid: str, op: dict[str, Any]) -> Problem:
    d = eng.state.card(iid)
    where = " that can stand in the rush area" if op["to"] == "rush" else ""
    return (
        _rule_of(op),
        f"{iid} ({d.code}, {d.name}, a {d.type} card) is not {wanted(op)}{where}: the effect "
        f"cannot take it from {pid}'s {ZONE[op['op']]}.",
    )


def carry_out(
    eng: RangersStrikeEngine, pid: str, op: dict[str, Any], takes: list[Take], what: str
) -> list[str]:
    """Take the cards found from ``pid``'s deck (or hand) to where the op puts them
    (RS-SEARCH-DECK, RS-FROM-HAND); the cards to go back on top of the deck after its shuffle
    are returned, shown and kept aside (RS-SEARCH-TO-TOP), none otherwise."""
    from judge.games.rangers_strike import from_discard

    st = eng.state
    zone = ZONE[op["op"]]
    cards = take_many(st, pid, takes)
    if not cards:
        eng.event(op["op"], f"{pid} takes no card from its {zone} for {what}.", player=pid)
        return []
    if deck_top.is_op(op):
        return deck_top.show(eng, pid, cards, what)
    if op["to"] == "hand":
        st.players[pid].hand.extend(cards)
        for iid in cards:
            eng.event(
                "from_deck",
                f"{pid} shows {eng.name(iid)} from its deck and puts it into its hand ({what}).",
                player=pid,
                card=iid,
            )
        return []
    if hand_rush.is_op(op):
        hand_rush.met(eng, cards[0], what)
    if resident_watch.is_op(op):
        resident_watch.below(eng, cards[0], op, what)
    if "or" in op["find"]:
        activated.took(eng, pid, cards[0], op["find"], what)
    from_discard.into_rush(eng, pid, cards, what, whence=zone)
    return []


def not_recorded(eng: RangersStrikeEngine, pe: Any, what: str, why: str) -> None:
    """The op's choice is not known, so the engine does not guess it: the step is
    unverifiable and the effect (``what``, in words) is not carried out (a taint an
    ``outcome`` may record)."""
    eng.not_guessed(
        pe,
        RULES[(op_of(pe.effect) or {}).get("op", "from_deck")],
        why,
        f"{what} is not carried out; the log may name the card in the resolve's targets (or "
        "record `use: false`), or record what happened in an `outcome`.",
    )


def shuffle(eng: RangersStrikeEngine, pid: str, what: str, aside: list[str] | None = None) -> None:
    """ "その後、山札をシャッフルする。": the deck searched is shuffled, a card taken or not;
    ``aside``: with "…シャッフルし、選んだカードを山札の上に戻す。", the cards chosen, which then go
    on top of it (RS-SEARCH-TO-TOP)."""
    eng.shuffle(pid)
    if aside is not None:
        deck_top.on_top(eng, pid, aside, what)
    eng.ctx.ruling(
        RULE,
        f"{pid}'s deck is shuffled after the search ({what}): the text says その後 "
        "(afterwards), so it is shuffled whether a card was taken or not.",
    )
