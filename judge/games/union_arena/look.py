"""Looking at the deck's top cards (``op`` ``look``, rule ``UA-EFFECT-LOOK``).

Printed "自分の山札の上からN枚見る。その中から<条件>をN枚まで公開し手札に加える。
残りを望む順で自分の山札の下に置く。" (``rest`` ``bottom``), or "自分の山札の上から1枚見る。
そのカードを自分の山札の上か下に置く。" (``rest`` ``top_or_bottom``, no ``take``: the log's
``{"bottom": []}`` leaves the card on top, ``{"bottom": [it]}`` puts it at the bottom): the controller looks at the top ``n`` cards of their
deck (all of them when the deck holds fewer), takes up to ``take.count`` of them that meet
the ``take`` selector's conditions (name, trait, colour), reveals them and puts them into the
hand, and puts the rest on the bottom of the deck in the order they choose.  A deck with
fewer than ``n`` cards: all of them are looked at, and the step is unverifiable (no source
says so).

The log records the choice in the ``targets`` of the action that resolves the effect: first
the cards taken (card references), then, optionally, one ``{"bottom": [refs]}`` naming the
rest in the order they lie at the bottom of the deck afterwards, top first (the last named is
the deck's last card).  In observed mode the cards looked at are unknown until the log names
them: a code binds an unknown card among those looked at (``UA-REVEAL`` when no copy of that
code can be there).  In seeded mode the engine knows them and checks every name.  A card
named that is not among those looked at, or that does not meet the conditions, or a
``bottom`` that is not exactly the rest, breaks ``UA-EFFECT-TARGETS``.  Without ``bottom``
the rest keep the order they had; when the engine knows two or more of them (seeded mode),
that is a choice the log skipped (``UA-CHOICE-RECORDED``): the step is unverifiable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.core.names import name_contains
from judge.core.refs import bind, is_instance, ref_code, ref_text, ref_zone

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine

Problem = tuple[str, str]
RULE = "UA-EFFECT-TARGETS"


@dataclass(slots=True)
class Choice:
    """What the log chose for one ``look`` op: the slots taken and the order of the rest.

    ``taken`` and ``bottom`` hold ``(slot, instance, bind)``: the position among the cards
    looked at, the instance it is (or is bound to), and whether it is bound now.  ``bottom``
    is None when the log gave no order.
    """

    taken: list[tuple[int, str, bool]] = field(default_factory=list)
    bottom: list[tuple[int, str, bool]] | None = None
    problems: list[Problem] = field(default_factory=list)


def is_bottom(ref: Any) -> bool:
    """Whether a ``targets`` entry is a look's ``{"bottom": [...]}``."""
    return isinstance(ref, dict) and "bottom" in ref


def find_slot(
    eng: UnionArenaEngine,
    pid: str,
    looked: list[str | None],
    free: list[int],
    claimed: set[str],
    ref: Any,
    where: str | None = None,
) -> tuple[tuple[int, str, bool] | None, Problem | None]:
    """The slot among the free ones of ``looked`` (the deck's top cards) that ``ref`` names
    (binding an unknown one to an unseen copy not claimed yet), or the problem; ``where``
    names those cards in its message (by default, the cards looked at)."""
    st = eng.state
    where = where or f"the {len(looked)} card(s) {pid} looked at"
    if ref_zone(ref) not in (None, "deck"):
        return None, (RULE, f"{ref_text(ref)}: the card must come from {where}.")
    unknown = [i for i in free if looked[i] is None]
    if is_instance(st, ref):
        iid: str = ref
        for i in free:
            if looked[i] == iid:
                return (i, iid, False), None
        code = st.code_of[iid]
        unseen = st.players[pid].unseen.get(code, [])
        if unknown and st.owner_of[iid] == pid and iid in unseen and iid not in claimed:
            return (unknown[0], iid, True), None
        return None, (RULE, f"{iid} ({code}) is not among {where}.")
    code = ref_code(st, ref)
    for i in free:
        card = looked[i]
        if card is not None and st.code_of[card] == code:
            return (i, card, False), None
    if unknown:
        copies = [c for c in st.players[pid].unseen.get(code, []) if c not in claimed]
        if copies:
            return (unknown[0], copies[0], True), None
        return None, (
            "UA-REVEAL",
            f"No copy of {code} can be among {where}: every copy of it is known to be elsewhere.",
        )
    return None, (RULE, f"There is no {code} among {where}.")


TYPE_WORDS = {"character": "a character", "field": "a field", "event": "an event"}


def take_mismatch(eng: UnionArenaEngine, sel: dict[str, Any], iid: str | None) -> str | None:
    """Why card ``iid`` (looked at) may not be taken, or None: the conditions of
    :func:`~judge.games.union_arena.targets.card_mismatch` (name, trait, colour), and
    ``card_type`` ("キャラカード"), ``name_contains`` ("カード名に「X」を含む": its name, or one
    it is also treated as, contains X) and ``any_of`` (alternatives joined by "か": one of
    them is met).  A card nobody has seen is not checked here: it is bound when named."""
    from judge.games.union_arena.targets import card_mismatch

    if iid is None:
        return None
    msg = card_mismatch(eng, sel, iid)
    if msg:
        return msg
    d = eng.state.card(iid)
    if "card_type" in sel and d.type != sel["card_type"]:
        return f"{iid} is {TYPE_WORDS.get(d.type, d.type)}, not {TYPE_WORDS[sel['card_type']]}."
    if "name_contains" in sel and not any(
        name_contains(name, sel["name_contains"]) for name in (d.name, *d.also_treated_as)
    ):
        return f"{iid} ({d.name}) does not have 「{sel['name_contains']}」 in its name."
    if "any_of" in sel and all(take_mismatch(eng, alt, iid) for alt in sel["any_of"]):
        return f"{iid} ({d.name}) meets none of the alternatives the text names."
    return None


def choose(
    eng: UnionArenaEngine,
    pid: str,
    op: dict[str, Any],
    looked: list[str | None],
    targets: list[Any],
    pos: int,
) -> tuple[Choice, int]:
    """Match the log's choice for ``op`` (cards taken, then an optional ``bottom``) against
    the cards looked at; returns the choice and the next position in ``targets``.  Changes
    nothing in the game."""
    from judge.games.union_arena.targets import describe_selector

    sel = op.get("take") or {}
    count = int(sel.get("count", 1)) if sel else 0  # "上か下に置く": nothing is taken
    out = Choice()
    free = list(range(len(looked)))
    claimed: set[str] = set()
    while len(out.taken) < count and pos < len(targets):
        ref = targets[pos]
        if is_bottom(ref) or ref == "player" or (isinstance(ref, dict) and "player" in ref):
            break
        pos += 1
        found, err = find_slot(eng, pid, looked, free, claimed, ref)
        if err:
            out.problems.append(err)
            continue
        assert found is not None
        msg = take_mismatch(eng, sel, found[1])
        if msg:
            out.problems.append((RULE, msg))
            continue
        free.remove(found[0])
        claimed.add(found[1])
        out.taken.append(found)
    if len(out.taken) < count and not sel.get("up_to") and not out.problems:
        could = sum(1 for i in range(len(looked)) if take_mismatch(eng, sel, looked[i]) is None)
        if not sel.get("if_able") or could > len(out.taken):
            wanted = describe_selector({**sel, "zone": "deck top"}, pid, pid)
            out.problems.append(
                (RULE, f"The effect takes {count} ({wanted}); the log names {len(out.taken)}.")
            )
    if pos < len(targets) and is_bottom(targets[pos]):
        refs = targets[pos]["bottom"]
        pos += 1
        out.bottom = []
        either = op.get("rest") == "top_or_bottom" and not refs  # all stay on top
        if len(refs) != len(free) and not either:
            out.problems.append(
                (
                    RULE,
                    f"`bottom` names {len(refs)} card(s); {len(free)} card(s) looked at "
                    "go to the bottom of the deck.",
                )
            )
            return out, pos
        rest = list(free)
        for ref in refs:
            found, err = find_slot(eng, pid, looked, rest, claimed, ref)
            if err:
                out.problems.append(err)
                continue
            assert found is not None
            rest.remove(found[0])
            claimed.add(found[1])
            out.bottom.append(found)
    return out, pos


def run(
    eng: UnionArenaEngine, pid: str, op: dict[str, Any], targets: list[Any], pos: int, why: str
) -> tuple[list[str], int]:
    """Carry out a ``look`` op for ``pid``; returns (the cards taken, next position in
    targets)."""
    st = eng.state
    ps = st.players[pid]
    n = min(int(op.get("n", 1)), len(ps.deck))
    if n < int(op.get("n", 1)):
        eng.ctx.cannot_verify(
            f"{pid}'s deck holds {n} card(s), fewer than the {op.get('n')} to look at: "
            "the engine looks at all of them, a reading no source confirms (UA-EFFECT-LOOK)"
        )
    looked = ps.deck[:n]
    choice, pos = choose(eng, pid, op, looked, targets, pos)
    eng.event("look", f"{pid} looks at the top {n} card(s) of the deck{why}.", player=pid, n=n)
    if choice.problems:  # checked before resolving; reached only when forced or defaulted
        eng.ctx.ruling(choice.problems[0][0], f"{choice.problems[0][1]} Nothing is taken.")
        choice = Choice()
    for slot, iid, bound in choice.taken + (choice.bottom or []):
        if bound:
            bind(st, pid, iid)
        looked[slot] = iid
    taken = {slot for slot, _, _ in choice.taken}
    for _slot, iid, _ in choice.taken:
        ps.hand.append(iid)
        if op.get("reveal", True):
            eng.event(
                "move_card",
                f"{pid} reveals {eng.name(iid)} from the cards looked at and puts it into the "
                "hand.",
                player=pid,
                card=iid,
                to="hand",
            )
        else:  # "その中からカードを1枚手札に加える": taken unrevealed, seen by its player only
            eng.event(
                "move_card",
                f"{pid} puts {eng.name(iid)} from the cards looked at into the hand.",
                player=pid,
                card=iid,
                to="hand",
                private=pid,
                public_text=f"{pid} puts one of the cards looked at into the hand.",
            )
    rest = [i for i in range(n) if i not in taken]
    on_top: list[int] = []
    if choice.bottom is not None:
        order = [slot for slot, _, _ in choice.bottom]
        on_top = [i for i in rest if i not in order]
    elif op.get("rest") == "top_or_bottom":
        order, on_top = [], rest
        if any(looked[i] is not None for i in rest):
            eng.ctx.ruling(
                "UA-CHOICE-RECORDED",
                f"The log does not say whether {pid} put the card on the top or the bottom "
                "of the deck: the engine leaves it on top.",
            )
            eng.ctx.cannot_verify(f"missing `bottom` of a look by {pid}")
    else:
        order = rest
        if sum(1 for i in order if looked[i] is not None) >= 2:
            eng.ctx.ruling(
                "UA-CHOICE-RECORDED",
                f"The log does not say in which order {pid} put the {len(order)} other cards "
                "on the bottom of the deck: the engine keeps the order they had.",
            )
            eng.ctx.cannot_verify(f"missing `bottom` order of a look by {pid}")
    ps.deck = [looked[i] for i in on_top] + ps.deck[n:] + [looked[i] for i in order]
    if order:
        eng.event(
            "deck_bottom",
            f"{pid} puts {len(order)} card(s) on the bottom of the deck in the order chosen.",
            player=pid,
            n=len(order),
        )
    eng.ctx.ruling(
        "UA-EFFECT-LOOK",
        f"{pid} looked at {n} card(s), took {len(taken)}, and put {len(order)} on the bottom.",
    )
    return [iid for _, iid, _ in choice.taken], pos
