"""Looking at the deck's top cards (``op`` ``look``, rule ``UA-EFFECT-LOOK``).

Printed "自分の山札の上からN枚見る。その中から<条件>をN枚まで公開し手札に加える。
残りを望む順で自分の山札の下に置く。" (``rest`` ``bottom``): the controller looks at the top
``n`` cards of their deck (all of them when the deck holds fewer), takes up to
``take.count`` of them that meet the ``take`` selector's conditions (name, trait, colour),
reveals them and puts them into the hand, and puts the rest on the bottom of the deck in the
order they choose.  Without ``take``, each card looked at stays on top or goes away:
``rest`` ``top_or_bottom`` ("そのカードを山札の上か下に置く", "その中から望む枚数を望む順で
山札の上に置き、残りを望む順で下に置く": back on top in the order chosen, or to the bottom in
the order chosen) or ``top_or_outside`` ("…山札の上か場外に置く", "…残りを場外に置く": into the
outside area, not retired).  The cards taken may go into the outside area instead of the hand
(``to`` ``outside``, "その中から…を1枚まで場外に置く": public, ``UA-EFFECT-LOOK-OUTSIDE``),
and the rest back on top in the order chosen (``rest`` ``top``, "残りを望む順で山札の上に置く";
with no take, a reorder), or exactly one back on top and the others to the bottom (``rest``
``one_top``; ``UA-EFFECT-LOOK-TOP``).  A deck with fewer than ``n`` cards: all of them are
looked at, and the step is unverifiable (no source says so).

The log records the choice in the ``targets`` of the action that resolves the effect: first
the cards taken (card references), then, optionally, one record of where the others go, each
place with its cards top first: ``{"bottom": [refs]}`` (the last named is the deck's last
card), and for the rests with a choice ``{"top": [refs], "bottom": [refs]}`` or
``{"top": [refs], "outside": [refs]}``.  ``bottom`` and ``outside`` name every card that goes
there (none when left out: ``{"bottom": []}`` leaves one card on top); ``top``, when given,
names every card that stays on top.  In observed mode the cards looked at are unknown until
the log names them: a code binds an unknown card among those looked at (``UA-REVEAL`` when no
copy of that code can be there); a card put into the outside area is public, and always
named.  In seeded mode the engine knows them and checks every name.  A card named that is
not among those looked at, or that does not meet the conditions, a place the rest cannot go,
or a record that does not name exactly the cards it must, breaks ``UA-EFFECT-TARGETS``.  A
choice the log skipped that changes the game is unverifiable (``UA-CHOICE-RECORDED``): the
order of two or more known cards at the bottom or on top, and, with no record, which cards
left the top (always, for the outside area; for the bottom, when a card looked at or one
below them is known, whose depth it changes).  Of two or more cards looked at, none put back
on top ("望む枚数", any number: whether none, no source says) is carried out and unverifiable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.core.names import same_name
from judge.core.refs import bind, is_instance, ref_code, ref_text, ref_zone
from judge.core.wording import agree, plural

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine

Problem = tuple[str, str]
RULE = "UA-EFFECT-TARGETS"


#: ``(slot, instance, bind)``: a position among the cards looked at, the instance it is (or
#: is bound to), and whether it is bound now
Slot = tuple[int, str, bool]
#: the places a look's record may name, by ``rest``: "bottom" (every card not taken goes to
#: the bottom), "top_or_bottom" and "top_or_outside" (each card stays on top, in the order
#: chosen, or goes away: to the bottom, in the order chosen, or into the outside area)
REST_PLACES: dict[str, tuple[str, ...]] = {
    "bottom": ("bottom",),
    "top": ("top",),
    "top_or_bottom": ("top", "bottom"),
    "top_or_outside": ("top", "outside"),
    "one_top": ("top", "bottom"),
}
#: where a card that does not stay on top goes, for the rests with that choice ("one_top":
#: exactly one card stays on top)
AWAY = {"top_or_bottom": "bottom", "top_or_outside": "outside", "one_top": "bottom"}
#: the rests where every card not taken goes to one place, in the order chosen
ALL_TO = {"bottom": "bottom", "top": "top"}
PLACES = frozenset({"top", "bottom", "outside"})
WHERE = {
    "bottom": "to the bottom of the deck",
    "top": "back on top of the deck",
    "one_top": "one back on top of the deck, the others to its bottom",
    "top_or_bottom": "back on top of the deck or to its bottom",
    "top_or_outside": "back on top of the deck or into the outside area",
}
PLACE_WORDS = {
    "top": "back on top",
    "bottom": "to the bottom of the deck",
    "outside": "into the outside area",
}


@dataclass(slots=True)
class Choice:
    """What the log chose for one ``look`` op: the slots taken and where the others go.

    ``placed`` maps each place the log's record names (``top``, ``bottom``, ``outside``) to
    its slots in the order given, top first; None when the log gave no record.
    """

    taken: list[Slot] = field(default_factory=list)
    placed: dict[str, list[Slot]] | None = None
    problems: list[Problem] = field(default_factory=list)
    #: why a card taken may break the take, when no source settles it (cannot_verify)
    unsure: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Placement:
    """Where the cards looked at and not taken end up (slots of the cards looked at): back on
    top (top first), at the bottom (top first), in the outside area.  ``unsure``: the
    ``(ruling, cannot_verify)`` messages when the log skipped a choice that matters
    (``UA-CHOICE-RECORDED``); ``unread``: the same when the choice is one no source says the
    text allows (``UA-EFFECT-LOOK``)."""

    top: list[int]
    bottom: list[int]
    outside: list[int]
    unsure: tuple[str, str] | None = None
    unread: tuple[str, str] | None = None


def is_placement(ref: Any) -> bool:
    """Whether a ``targets`` entry is a look's record of where its cards go
    (``{"bottom": [...]}``, ``{"top": [...], "outside": [...]}``, …)."""
    return isinstance(ref, dict) and bool(PLACES & ref.keys())


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
    where = where or f"the {plural(len(looked), 'card')} {pid} looked at"
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
    :func:`~judge.games.union_arena.targets.card_mismatch` (name, trait, colour, ``card_type``
    "キャラカード", ``name_contains`` "カード名に「X」を含む"), ``bp`` ("BPが5000の": a
    character whose printed BP is exactly that; in the deck nothing changes it) and ``any_of``
    (alternatives joined by "か": one of them is met).  A card nobody has seen is not checked
    here: it is bound when named."""
    from judge.games.union_arena.targets import card_mismatch

    if iid is None:
        return None
    msg = card_mismatch(eng, sel, iid)
    if msg:
        return msg
    d = eng.state.card(iid)
    if "bp" in sel and (d.type != "character" or d.bp != sel["bp"]):  # "BPが5000の〈X〉"
        return f"{iid} ({d.name}) is not a character of BP {sel['bp']} (printed)."
    if "any_of" in sel and all(take_mismatch(eng, alt, iid) for alt in sel["any_of"]):
        return f"{iid} ({d.name}) meets none of the alternatives the text names."
    return None


#: what "<条件>のカードを手札に加えた場合" / "手札に加えたカードが<条件>場合" may ask of the card
#: taken (``if_taken`` a dict): "必要エナジーがN以上の" (``energy_min``), "[トリガー]を持つ"
#: (``has_trigger`` true) or "[トリガー]を持たない" (false)
TAKEN_CONDITIONS = frozenset({"energy_min", "has_trigger"})


def taken_ok(cond: Any) -> bool:
    """Whether an op's ``if_taken`` is one the engine checks: true (a card was taken) or
    conditions of :data:`TAKEN_CONDITIONS` on the card taken."""
    if cond is True:
        return True
    if not isinstance(cond, dict) or not cond or not set(cond) <= TAKEN_CONDITIONS:
        return False
    energy = cond.get("energy_min", 1)
    return (
        isinstance(cond.get("has_trigger", True), bool)
        and isinstance(energy, int)
        and not isinstance(energy, bool)
        and energy >= 1
    )


def taken_meets(eng: UnionArenaEngine, cond: Any, took: list[str]) -> tuple[bool, str | None]:
    """Whether a card of ``took`` (the cards the look before took) meets an op's ``if_taken``
    (true: any card; none taken: never met, as "公開したカードが…場合" of no card), and, when
    the answer hangs on how required energy is counted, why it is unsure: "必要エナジーがN以上"
    of a card in the hand whose continuous effects lower it there (printed and lowered on
    either side of N), which no source settles."""
    if cond is True or not took:
        return bool(took), None
    from judge.games.union_arena.conditions import required_energy

    met, unsure = False, None
    for iid in took:
        d = eng.state.card(iid)
        ok = "has_trigger" not in cond or (d.trigger is not None) == cond["has_trigger"]
        if "energy_min" in cond:
            printed = sum(required_energy(eng, iid, in_hand=False).values())
            now = sum(required_energy(eng, iid).values())
            ok = ok and printed >= cond["energy_min"]
            if (printed >= cond["energy_min"]) != (now >= cond["energy_min"]):
                unsure = (
                    f"{eng.name(iid)} requires {printed} energy as printed, {now} in the hand: "
                    "which one 必要エナジー means here, no source says (UA-EFFECT-LOOK-CONDITIONS)"
                )
        met = met or ok
    return met, unsure


def name_clash(eng: UnionArenaEngine, iid: str, others: list[str], unsure: list[str]) -> str | None:
    """Why ``iid`` may not be taken beside ``others`` ("異なるカード名の…をそれぞれ1枚ずつ":
    cards of different names), or None: one of them has its card name.  A name shared only
    through "〈X〉としても扱う" (also treated as) adds to ``unsure``: whether that makes the
    names the same, no source says."""
    d = eng.state.card(iid)
    for other in others:
        o = eng.state.card(other)
        if same_name(d.name, o.name):
            return f"{iid} and {other} are both named {d.name}: the text takes different names."
        if any(o.has_name(n) for n in (d.name, *d.also_treated_as)) or d.has_name(o.name):
            unsure.append(
                f"{d.name} and {o.name} share a name only as one is also treated as the other: "
                "whether their names differ, no source says (UA-EFFECT-LOOK-CONDITIONS)"
            )
    return None


def choose(
    eng: UnionArenaEngine,
    pid: str,
    op: dict[str, Any],
    looked: list[str | None],
    targets: list[Any],
    pos: int,
) -> tuple[Choice, int]:
    """Match the log's choice for ``op`` (cards taken, then an optional record of where the
    others go: ``{"bottom": …}``, ``{"top": …, "outside": …}``, …) against the cards looked at; returns the choice and the next position in ``targets``.  Changes
    nothing in the game."""
    from judge.games.union_arena.targets import describe_selector

    sel = op.get("take") or {}
    count = int(sel.get("count", 1)) if sel else 0  # "上か下に置く" etc.: nothing is taken
    out = Choice()
    free = list(range(len(looked)))
    claimed: set[str] = set()
    while len(out.taken) < count and pos < len(targets):
        ref = targets[pos]
        if is_placement(ref) or ref == "player" or (isinstance(ref, dict) and "player" in ref):
            break
        pos += 1
        found, err = find_slot(eng, pid, looked, free, claimed, ref)
        if err:
            out.problems.append(err)
            continue
        assert found is not None
        msg = take_mismatch(eng, sel, found[1])
        if not msg and sel.get("distinct_names"):  # "異なるカード名の…それぞれ1枚ずつ"
            msg = name_clash(eng, found[1], [iid for _, iid, _ in out.taken], out.unsure)
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
    if pos < len(targets) and is_placement(targets[pos]):
        _place(eng, pid, op, looked, free, claimed, targets[pos], out)
        pos += 1
    return out, pos


def _place(
    eng: UnionArenaEngine,
    pid: str,
    op: dict[str, Any],
    looked: list[str | None],
    free: list[int],
    claimed: set[str],
    record: dict[str, Any],
    out: Choice,
) -> None:
    """Match the log's record of where the cards not taken go (``free``) into
    ``out.placed``, or add the problem.  ``bottom`` and ``outside`` name every card that goes
    there (an ``outside`` card is public: it is always named); ``top``, when given, names
    every card that stays on top, so that with it the record names them all."""
    kind = op.get("rest", "bottom")
    allowed = REST_PLACES.get(kind, ())
    wrong = [key for key in record if key not in allowed]
    if wrong:
        out.problems.append(
            (
                RULE,
                f"`{wrong[0]}` puts cards {PLACE_WORDS.get(wrong[0], wrong[0])}; the cards "
                f"this look leaves go {WHERE.get(kind, kind)}.",
            )
        )
        return
    named = sum(len(record[key]) for key in record)
    exact = kind in ALL_TO or "top" in record  # every card named
    if kind == "one_top" and len(record.get("top", free[:1])) != min(1, len(free)):
        out.problems.append(
            (RULE, f"`top` names {plural(len(record['top']), 'card')}; exactly one stays on top.")
        )
        return
    if kind == "one_top" and "top" not in record and named != len(free) - min(1, len(free)):
        out.problems.append(
            (
                RULE,
                f"`bottom` names {plural(named, 'card')}; all but one of the "
                f"{plural(len(free), 'card')} "
                "looked at go to the bottom.",
            )
        )
        return
    if (exact and named != len(free)) or named > len(free):
        places = " and ".join(f"`{key}`" for key in record)
        out.problems.append(
            (
                RULE,
                f"{places} {agree(len(record), 'names', 'name')} {plural(named, 'card')}; "
                f"{plural(len(free), 'card')} looked at and not taken "
                f"{agree(len(free), 'goes', 'go')} "
                f"{WHERE.get(kind, kind)}.",
            )
        )
        return
    out.placed = {}
    rest = list(free)
    for key in allowed:
        if key not in record:
            continue
        out.placed[key] = []
        for ref in record[key]:
            found, err = find_slot(eng, pid, looked, rest, claimed, ref)
            if err:
                out.problems.append(err)
                continue
            assert found is not None
            rest.remove(found[0])
            claimed.add(found[1])
            out.placed[key].append(found)


def arrange(
    pid: str,
    op: dict[str, Any],
    looked: list[str | None],
    choice: Choice,
    below: list[str | None],
) -> Placement:
    """Where the cards of ``looked`` not taken go, by the log's ``choice`` (checked), and
    whether a choice the log skipped matters: the order of two or more known cards, or, with
    no record, which cards left the top (the outside area's cards, or, for the bottom, a
    known card among them or in the deck ``below``, whose depth it changes)."""
    taken = {slot for slot, _, _ in choice.taken}
    rest = [i for i in range(len(looked)) if i not in taken]
    kind = op.get("rest", "bottom")
    placed = choice.placed

    def known(slots: list[int]) -> int:
        return sum(1 for i in slots if looked[i] is not None)

    def slots(key: str) -> list[int]:
        return [slot for slot, _, _ in (placed or {}).get(key, [])]

    if kind not in AWAY:  # "残りを望む順で山札の下(上)に置く"
        to = ALL_TO.get(kind, "bottom")
        if placed is not None:
            got = slots(to)
            return Placement(got, [], []) if to == "top" else Placement([], got, [])
        unsure = None
        if known(rest) >= 2:
            where = "on the bottom of the deck" if to == "bottom" else "back on top of the deck"
            unsure = (
                f"The log does not say in which order {pid} put the {len(rest)} other cards "
                f"{where}: the engine keeps the order they had.",
                f"missing `{to}` order of a look by {pid}",
            )
        return Placement(rest, [], [], unsure) if to == "top" else Placement([], rest, [], unsure)
    away = AWAY[kind]
    if placed is None:
        unsure = None
        if rest and (away == "outside" or known(rest) or any(card is not None for card in below)):
            unsure = (
                f"The log does not say which of the {plural(len(rest), 'card')} {pid} looked at "
                f"went {PLACE_WORDS[away]}: the engine leaves them on top.",
                f"missing `{away}` of a look by {pid}",
            )
        return Placement(rest, [], [], unsure)
    gone = slots(away)
    if "top" in placed:
        top, unsure = slots("top"), None
    else:
        top = [i for i in rest if i not in gone]
        unsure = None
        if known(top) >= 2:
            unsure = (
                f"The log does not say in which order {pid} put the {len(top)} cards back on "
                "top of the deck: the engine keeps the order they had.",
                f"missing `top` order of a look by {pid}",
            )
    unread = None
    if not top and gone and int(op.get("n", 1)) >= 2:
        # "望む枚数を望む順で山札の上に置き": whether "any number" may be none, no source says
        unread = (
            f"{pid} put none of the cards looked at back on top: whether 望む枚数 (any number) "
            "allows none, no source says; the engine carries out the log's record.",
            f"none back on top for a look by {pid}: a reading no source confirms (UA-EFFECT-LOOK)",
        )
    if away == "bottom":
        return Placement(top, gone, [], unsure, unread)
    return Placement(top, [], gone, unsure, unread)


def run(
    eng: UnionArenaEngine, pid: str, op: dict[str, Any], targets: list[Any], pos: int, why: str
) -> tuple[list[str], int]:
    """Carry out a ``look`` op of ``pid``'s own effect on their own deck; returns (the cards
    taken, next position in targets)."""
    st = eng.state
    ps = st.players[pid]
    n = min(int(op.get("n", 1)), len(ps.deck))
    if n < int(op.get("n", 1)):
        eng.ctx.cannot_verify(
            f"{pid}'s deck holds {plural(n, 'card')}, fewer than the {op.get('n')} to look at: "
            "the engine looks at all of them, a reading no source confirms (UA-EFFECT-LOOK)"
        )
    looked = ps.deck[:n]
    choice, pos = choose(eng, pid, op, looked, targets, pos)
    eng.event(
        "look", f"{pid} looks at the top {plural(n, 'card')} of the deck{why}.", player=pid, n=n
    )
    for doubt in choice.unsure:
        eng.ctx.cannot_verify(doubt)
    if choice.problems:  # checked before resolving; reached only when forced or defaulted
        eng.ctx.ruling(choice.problems[0][0], f"{choice.problems[0][1]} Nothing is taken.")
        choice = Choice()
    placed = [s for key in (choice.placed or {}) for s in (choice.placed or {})[key]]
    for slot, iid, bound in choice.taken + placed:
        if bound:
            bind(st, pid, iid)
        looked[slot] = iid
    for _slot, iid, _ in choice.taken:
        if op.get("to") == "outside":  # "その中から…を1枚まで場外に置く": public, named
            ps.outside.append(iid)
            eng.fire(None, "own_milled", pid, card=iid)  # its own effect (UA-TRIGGER-OWN-MILLED)
            eng.event(
                "to_outside",
                f"{pid} puts {eng.name(iid)} from the cards looked at into the outside area "
                "(not retired).",
                player=pid,
                card=iid,
            )
            continue
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
    where = arrange(pid, op, looked, choice, ps.deck[n:])
    if where.unsure:
        eng.ctx.ruling("UA-CHOICE-RECORDED", where.unsure[0])
        eng.ctx.cannot_verify(where.unsure[1])
    if where.unread:
        eng.ctx.ruling("UA-EFFECT-LOOK", where.unread[0])
        eng.ctx.cannot_verify(where.unread[1])
    ps.deck = [looked[i] for i in where.top] + ps.deck[n:] + [looked[i] for i in where.bottom]
    if where.bottom:
        eng.event(
            "deck_bottom",
            f"{pid} puts {plural(len(where.bottom), 'card')} on the bottom of the deck in the "
            "order "
            "chosen.",
            player=pid,
            n=len(where.bottom),
        )
    for i in where.outside:  # public: the log named each (it is not retired)
        card = looked[i]
        assert card is not None
        ps.outside.append(card)
        eng.fire(None, "own_milled", pid, card=card)  # its own effect (UA-TRIGGER-OWN-MILLED)
        eng.event(
            "to_outside",
            f"{pid} puts {eng.name(card)} from the cards looked at into the outside area "
            "(not retired).",
            player=pid,
            card=card,
        )
    done = []
    if op.get("take"):
        took = len(choice.taken)
        done.append(
            f"put {took} into the outside area" if op.get("to") == "outside" else f"took {took}"
        )
    if op.get("rest") in AWAY or op.get("rest") == "top":
        done.append(f"left {len(where.top)} on top")
    if op.get("rest") == "top_or_outside":
        done.append(f"put {len(where.outside)} into the outside area")
    elif op.get("rest") != "top":
        done.append(f"put {len(where.bottom)} on the bottom")
    eng.ctx.ruling(
        "UA-EFFECT-LOOK",
        f"{pid} looked at {plural(n, 'card')}, "
        f"{', '.join(done[:-1])}{' and ' if len(done) > 1 else ''}"
        f"{done[-1]}.",
    )
    if op.get("to") == "outside":
        eng.ctx.ruling(
            "UA-EFFECT-LOOK-OUTSIDE",
            f"The {plural(len(choice.taken), 'card')} {pid} took went into the outside area "
            "(public).",
        )
    if op.get("rest") in ("top", "one_top"):
        eng.ctx.ruling(
            "UA-EFFECT-LOOK-TOP",
            f"{plural(len(where.top), 'card')} {pid} looked at went back on top in the order chosen"
            + (f", {len(where.bottom)} to the bottom." if op["rest"] == "one_top" else "."),
        )
    return [iid for _, iid, _ in choice.taken], pos
