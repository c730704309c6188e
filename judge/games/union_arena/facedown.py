"""Face-down cards under a card on the field (``Unit.face_down``, rules ``UA-UNDER``,
``UA-UNDER-LEAVE``, ``UA-UNDER-STAYS``) and the op that puts one there, ``put_under``
("自分の山札の上から1枚を裏向きでこのキャラの下に置く", ``UA-EFFECT-PUT-UNDER``).

No source found says what such cards are; what the engine does is the rule catalogue's GAP
decisions, each a named rule option where the rules could go another way:

- They are not part of the unit's stack (the raid stack, ``Unit.cards``): they give it no
  name, trait, BP or energy, are not cards "on the field" for any count, and take no place
  in a line.  They stay under it wherever it goes on the field (a move to the other line).
- Face down, from the deck's top, nobody looks at them: their identity is known to no
  player.  A step's view shows how many lie under a unit (``face_down``: a count), never
  which; no event names them while they are there.  The full snapshot a fingerprint hashes
  holds their ids, as it holds the life cards'.
- When the unit leaves the field, they go to the outside area, as the cards under a raided
  stack do (seed: "激躍源的卡放置到場外"), face up and so public then; rule option
  ``face_down_on_leave`` "with_top" sends them where its top card goes instead.
- A raid onto the unit leaves them under it (they are cards, not effects the raid takes
  away); rule option ``face_down_on_raid`` "outside" puts them into the outside area then.

Why a module of its own: :func:`judge.games.union_arena.effects.supported` asks
:func:`op_ok` and :func:`changes`; the engine's one place where a unit leaves the field
(``leave_field``) asks :func:`leave`; the resolution of an op on a unit asks :func:`put`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.wording import agree, noun_for, plural
from judge.games.union_arena.defmemo import facts

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.union_arena.engine import UnionArenaEngine
    from judge.games.union_arena.state import Unit

RULE = "UA-UNDER"
LEAVE_RULE = "UA-UNDER-LEAVE"
RAID_RULE = "UA-UNDER-STAYS"
PUT_RULE = "UA-EFFECT-PUT-UNDER"
#: rule options: where the cards go as their unit leaves the field, and on a raid onto it
LEAVE_OPTION = "face_down_on_leave"  # "outside" (default) | "with_top"
RAID_OPTION = "face_down_on_raid"  # "stay" (default) | "outside"
#: the ops of this module: put a card under one, choose one with a card under it, move one
#: of those cards to under another ("…の下の裏向きのカードを1枚、…の下に移動させる")
OPS = ("put_under", "pick_under", "move_under", "under_to_outside", "self_under")
SELF_RULE = "UA-EFFECT-SELF-UNDER"
OUTSIDE_RULE = "UA-EFFECT-UNDER-TO-OUTSIDE"
MOVE_RULE = "UA-EFFECT-MOVE-UNDER"
#: the zones a ``put_under`` may choose its character in (one's own field)
_ZONES = ("field", "front_line", "energy_line")


def op_ok(effect: dict[str, Any], i: int) -> bool:
    """Whether op ``i`` of ``effect``, if a ``put_under`` (any other: True), is one the engine
    executes exactly: one card (``n`` 1) from the controller's deck, under this card
    (``self``) or under one character chosen on the controller's own field (``count`` 1).

    >>> op_ok({"do": [{"op": "put_under", "n": 1, "target": "self"}]}, 0)
    True
    >>> sel = {"side": "own", "zone": "field", "type": "character", "count": 1, "up_to": True}
    >>> op_ok({"do": [{"op": "put_under", "n": 1, "target": sel}]}, 0)
    True
    >>> op_ok({"do": [{"op": "put_under", "n": 1, "target": {**sel, "side": "opponent"}}]}, 0)
    False
    """
    op = effect["do"][i]
    if op.get("op") in ("pick_under", "move_under"):
        return _move_ok(effect["do"], i)
    if op.get("op") == "self_under":  # a when-retired card itself, the ability's last op
        target = op.get("target")
        return (
            effect.get("when") == "on_retire"
            and i == len(effect["do"]) - 1
            and set(op) <= {"op", "target", "if", "if_done"}
            and isinstance(target, dict)
            and _one_own_character({**target, ZONE: None}, None)
        )
    if op.get("op") == "under_to_outside":  # one of one's characters with a card under it
        return set(op) <= {"op", "target", "if", "if_done", "if_chosen"} and _one_own_character(
            op.get("target"), True
        )
    if op.get("op") != "put_under":
        return True
    if set(op) - {"op", "n", "target", "if", "if_done", "if_chosen"} or op.get("n") != 1:
        return False
    if type(op.get("n")) is not int:
        return False
    target = op.get("target", "self")
    if target == "self":
        return True
    # one of one's characters, with or without a card under it
    return isinstance(target, dict) and _one_own_character({**target, ZONE: None}, None)


def _move_ok(ops: list[Any], i: int) -> bool:
    """A ``pick_under`` (one character of one's own field with a face-down card under it)
    right before a ``move_under`` (one with none under it): the pair the engine executes."""
    first = i if ops[i].get("op") == "pick_under" else i - 1
    if first < 0 or first + 1 >= len(ops):
        return False
    pick, move = ops[first], ops[first + 1]
    if pick.get("op") != "pick_under" or move.get("op") != "move_under":
        return False
    return all(
        set(op) == {"op", "target"} and _one_own_character(op["target"], has)
        for op, has in ((pick, True), (move, False))
    )


def _one_own_character(target: Any, has: bool | None) -> bool:
    return (
        isinstance(target, dict)
        and target.get("side", "own") == "own"
        and target.get("zone") in _ZONES
        and target.get("type") == "character"
        and target.get("count") == 1
        and type(target.get("count")) is int
        and target.get(ZONE) is has
        and not target.get("all")
    )


def changes(kind: Any) -> set[str] | None:
    """What an op of this module may change that a later condition reads (``interference._changes``'
    names): a ``put_under`` one's deck and field (a card now has a card under it), a
    ``move_under`` one's field; a ``pick_under`` nothing; None for another op."""
    return {
        "put_under": {"deck", "field", ZONE},
        "pick_under": set(),
        "move_under": {"field", ZONE},
        "under_to_outside": {"field", ZONE, "outside"},
        "self_under": {"field", ZONE, "outside"},
    }.get(kind)


def mismatch(sel: dict[str, Any], unit: Unit) -> str | None:
    """Why a unit does not meet a selector's ``face_down`` (True: a face-down card lies under
    it; False: none does), or None (``targets``)."""
    if ZONE not in sel or bool(unit.face_down) == sel[ZONE]:
        return None
    return f"{unit.top} has {'a' if unit.face_down else 'no'} face-down card under it."


def move(eng: UnionArenaEngine, pe: PendingEffect, picked: list[str], objs: list[Any]) -> None:
    """Carry out ``move_under``: one face-down card from under the character the
    ``pick_under`` before chose (``picked``) to under the one this op chose (``objs``).
    Which of several it is nobody sees; the engine moves the last one put there, and when
    the cards under it are not all alike to the engine the step is unverifiable."""
    st = eng.state
    found = st.find_unit(picked[0]) if picked else None
    if found is None or not objs:
        eng.ctx.ruling(MOVE_RULE, f"{pe.describe()}: no face-down card is moved.")
        return
    src, (_owner, _line, dest) = found[2], objs[0]
    if not src.face_down or dest not in st.players[pe.controller].units():
        eng.ctx.ruling(MOVE_RULE, f"{pe.describe()}: no face-down card is moved.")
        return
    several = len(set(src.face_down)) > 1
    dest.face_down.append(src.face_down.pop())
    eng.event(
        "move_under",
        f"{pe.controller} moves a face-down card from under {eng.name(src.top)} to under "
        f"{eng.name(dest.top)}.",
        player=pe.controller,
        card=dest.top,
        face_down=len(dest.face_down),
    )
    eng.ctx.ruling(
        MOVE_RULE,
        f"{pe.describe()}: a face-down card goes from under {eng.name(src.top)} to under "
        f"{eng.name(dest.top)}, still face down.",
    )
    if several:
        eng.ctx.ruling(
            MOVE_RULE,
            "Several face-down cards lay under it, and which one moved nobody sees: the engine "
            "moves the last one put there, but this step is unverifiable.",
        )
        eng.ctx.cannot_verify(f"which face-down card {pe.describe()} moved")


def put(eng: UnionArenaEngine, pe: PendingEffect, owner: str, u: Unit) -> None:
    """Carry out ``put_under`` on unit ``u`` (``owner``'s): the top card of the controller's
    deck goes face down under it.  The event names the unit, never the card (nobody sees
    it).  An empty deck puts nothing; no source says so, so the step is unverifiable."""
    pid = pe.controller
    ps = eng.state.players[pid]
    name = eng.name(u.top)
    if not ps.deck:
        eng.ctx.ruling(
            PUT_RULE,
            f"{pe.describe()}: {pid}'s deck is empty, so no card is put under {name}; no "
            "source says what an empty deck does here, so this step is unverifiable.",
        )
        eng.ctx.cannot_verify(f"{pid}'s deck is empty for {pe.describe()}")
        eng.taint_effect(pe, PUT_RULE)
        return
    u.face_down.append(ps.deck.pop(0))
    eng.event(
        "put_under",
        f"{pid} puts the top card of the deck face down under {name} "
        f"({len(u.face_down)} face down under it now).",
        player=pid,
        card=u.top,
        face_down=len(u.face_down),
    )
    eng.ctx.ruling(
        PUT_RULE,
        f"{pe.describe()}: the top card of {pid}'s deck goes face down under {name}; no "
        "player sees it, and it is not part of the card's stack (UA-UNDER).",
    )


def leave(eng: UnionArenaEngine, pid: str, unit: Unit, dest: str) -> None:
    """As ``unit`` (``pid``'s) leaves the field for ``dest``, where its top card goes: the
    face-down cards under it go to the outside area (face up: public then), or, with rule
    option ``face_down_on_leave`` "with_top", where the top card goes."""
    cards, unit.face_down = list(unit.face_down), []
    if not cards:
        return
    ps = eng.state.players[pid]
    with_top = eng.options.get(LEAVE_OPTION, "outside") == "with_top"
    to = dest if with_top else "outside"
    if to == "hand":
        ps.hand.extend(cards)
    elif to == "removal":
        ps.removal.extend(cards)
    elif to == "deck_bottom":
        ps.deck.extend(cards)
    else:
        ps.outside.extend(cards)
    where = {
        "hand": "the hand",
        "removal": "the removal area",
        "deck_bottom": "the bottom of the deck",
        "outside": "the outside area",
    }[to]
    public = to in ("outside", "removal")
    named = ", ".join(eng.name(c) if c else "an unknown card" for c in cards) if public else ""
    eng.event(
        "face_down_leave",
        f"The {plural(len(cards), 'face-down card')} under {eng.name(unit.top)} "
        f"{agree(len(cards), 'goes', 'go')} to {where}" + (f": {named}." if named else "."),
        player=pid,
        **({"cards": [c for c in cards if c]} if public else {}),
        to=to,
    )
    eng.ctx.ruling(
        LEAVE_RULE,
        f"{eng.name(unit.top)} left the field: the face-down cards under it go to {where} "
        f"(rule option {LEAVE_OPTION}); they were not retired.",
    )
    if public and None in cards:
        eng.ctx.ruling(
            LEAVE_RULE,
            "The engine does not know every one of them (observed mode): they are public now "
            "but unknown here, so this step is unverifiable and the later ones uncertain until "
            "an outcome reveals them.",
        )
        eng.ctx.cannot_verify(f"the face-down cards under {unit.top} went {where} unknown")


def on_raid(eng: UnionArenaEngine, pid: str, base: Unit) -> None:
    """A card raided onto ``base`` (``pid``'s): the face-down cards under it stay there, or,
    with rule option ``face_down_on_raid`` "outside", go to the outside area."""
    if not base.face_down:
        return
    if eng.options.get(RAID_OPTION, "stay") != "outside":
        eng.ctx.ruling(
            RAID_RULE,
            f"{plural(len(base.face_down), 'face-down card')} "
            f"{agree(len(base.face_down), 'stays', 'stay')} under {eng.name(base.top)} after the "
            f"raid (rule option {RAID_OPTION}).",
        )
        return
    cards, base.face_down = list(base.face_down), []
    eng.state.players[pid].outside.extend(cards)
    eng.event(
        "face_down_leave",
        f"The {plural(len(cards), 'face-down card')} under {eng.name(base.top)} "
        f"{agree(len(cards), 'goes', 'go')} to the outside area "
        "as it is raided onto.",
        player=pid,
        cards=[c for c in cards if c],
        to="outside",
    )
    eng.ctx.ruling(
        RAID_RULE,
        f"The raid puts the face-down cards under {eng.name(base.top)} into the outside area "
        f"(rule option {RAID_OPTION}).",
    )
    if None in cards:
        eng.ctx.cannot_verify(f"the face-down cards under {base.top} went outside unknown")


def count_under(unit: Unit) -> int:
    """How many face-down cards lie under ``unit`` (what every perspective may see)."""
    return len(unit.face_down)


def to_outside(eng: UnionArenaEngine, pe: PendingEffect, owner: str, u: Unit) -> None:
    """Carry out ``under_to_outside`` on unit ``u`` (``owner``'s): one face-down card from
    under it into its owner's outside area, face up (public now).  Which of several it is
    nobody chose: the engine puts the last one put there, and then, or when the engine does
    not know the card (observed mode), the step is unverifiable."""
    name = eng.name(u.top)
    if not u.face_down:
        eng.ctx.ruling(OUTSIDE_RULE, f"{pe.describe()}: no face-down card lies under {name}.")
        return
    several = len(set(u.face_down)) > 1
    card = u.face_down.pop()
    eng.state.players[owner].outside.append(card)
    eng.event(
        "face_down_leave",
        f"A face-down card from under {name} goes to {owner}'s outside area"
        + (f": {eng.name(card)}." if card else "."),
        player=owner,
        **({"cards": [card]} if card else {}),
        to="outside",
    )
    eng.ctx.ruling(
        OUTSIDE_RULE,
        f"{pe.describe()}: a face-down card from under {name} goes to the outside area, face up; "
        "it is not retired.",
    )
    if several or card is None:
        why = "which of several it was" if several else "the card (observed mode)"
        eng.ctx.ruling(
            OUTSIDE_RULE,
            f"The engine does not know {why}: this step is unverifiable and the later ones "
            "uncertain until an outcome says.",
        )
        eng.ctx.cannot_verify(f"the face-down card {pe.describe()} put into the outside area")
        eng.taint_effect(pe, OUTSIDE_RULE)


def self_under(eng: UnionArenaEngine, pe: PendingEffect, owner: str, u: Unit) -> None:
    """Carry out ``self_under``: the when-retired card itself, if it is still in its owner's
    outside area, goes face down under ``u``.  Everybody saw it there, so the event names it;
    under the unit it is a face-down card like any other (a count in the step view)."""
    ps = eng.state.players[pe.controller]
    name = eng.name(pe.source)
    if pe.source not in ps.outside or owner != pe.controller:
        eng.ctx.ruling(
            SELF_RULE,
            f"{pe.describe()}: {name} is no longer in {pe.controller}'s outside area: nothing "
            "is put.",
        )
        return
    ps.outside.remove(pe.source)
    u.face_down.append(pe.source)
    eng.event(
        "put_under",
        f"{name} goes from {pe.controller}'s outside area face down under {eng.name(u.top)}.",
        player=pe.controller,
        card=u.top,
        face_down=len(u.face_down),
    )
    eng.ctx.ruling(
        SELF_RULE,
        f"{pe.describe()}: the retired {name} goes face down under {eng.name(u.top)} (UA-UNDER).",
    )


# -- conditions on them, and the static "…アクティブにならない" ---------------------------------

#: the ``zone`` of a condition on face-down cards (:mod:`judge.games.union_arena.conditions`):
#: ``{"zone": "face_down", "of": "self", "min": 1}`` ("このキャラの下に裏向きのカードがある"),
#: ``"max": 0`` ("…がない"); ``of`` ``"self"``: under the card with the ability
ZONE = "face_down"
NO_ACTIVATE_RULE = "UA-EFFECT-UNDER-NO-ACTIVATE"
#: the continuous op: the card does not become active while its ``if`` holds
STAYS = "stays_rested"


def cond_valid(cond: dict[str, Any]) -> bool:
    """Whether a ``face_down`` condition is one the engine evaluates exactly: on the card
    with the ability (``of`` ``self``), at least ``min`` (1 or more) or at most ``max``.

    >>> cond_valid({"zone": "face_down", "of": "self", "min": 1})
    True
    >>> cond_valid({"zone": "face_down", "of": "self", "side": "opponent", "min": 1})
    False
    """
    bound = [k for k in ("min", "max") if k in cond]
    if len(bound) != 1 or set(cond) - {"zone", "of", "side", "min", "max"}:
        return False
    n = cond[bound[0]]
    return (
        cond.get("of") in ("self", "field")
        and cond.get("side", "own") == "own"
        and type(n) is int
        and n >= (1 if bound[0] == "min" else 0)
    )


def cond_holds(
    st: Any, side: str, cond: dict[str, Any], source: str | None, gone: Any = ()
) -> bool:
    """Whether a ``face_down`` condition holds in state ``st``: how many face-down cards lie
    under the unit holding ``source`` (``of`` ``self``; none when it is not on the field), or
    under the characters of ``side``'s field (``of`` ``field``: "自分の場のキャラの下に"; a unit
    holding a card of ``gone``, one that leaves the field before the effect resolves, not)."""
    if cond.get("of") == "field":
        n = sum(
            len(u.face_down)
            for u in st.players[side].units()
            if u.face_down
            and st.card(u.top).type == "character"
            and not any(g in u.cards for g in gone)
        )
        return n <= int(cond["max"]) if "max" in cond else n >= int(cond["min"])
    found = st.find_unit(source) if source is not None else None
    n = len(found[2].face_down) if found is not None else 0
    return n <= int(cond["max"]) if "max" in cond else n >= int(cond["min"])


def describe(cond: dict[str, Any]) -> str:
    """A ``face_down`` condition in words."""
    if cond.get("of") == "field":
        if cond.get("max") == 0:
            return "none of your characters has a face-down card under it"
        return raw_words(cond)
    if "max" in cond:
        many = "no" if cond["max"] == 0 else f"{cond['max']} or fewer"
    else:
        many = "a" if cond["min"] == 1 else f"{cond['min']} or more"
    return f"this card has {many} face-down card{'' if many == 'a' else 's'} under it"


def raw_words(cond: dict[str, Any]) -> str:
    """A condition this module evaluates but has no words for (never read from text)."""
    bound = f"at most {cond['max']}" if "max" in cond else f"at least {cond.get('min')}"
    count = cond["max"] if "max" in cond else cond.get("min")
    return f"your characters have {bound} {noun_for(count, 'face-down card')} under them"


def stays_ok(op: Any) -> bool:
    """A continuous ``stays_rested`` the engine executes exactly: while a ``face_down``
    condition of its own card holds (nothing else)."""
    return (
        isinstance(op, dict)
        and op.get("op") == STAYS
        and set(op) == {"op", "if"}
        and isinstance(op["if"], dict)
        and op["if"].get("zone") == ZONE
        and cond_valid(op["if"])
    )


def _holds_rested(eng: UnionArenaEngine, u: Unit, op: dict[str, Any], why: str) -> bool:
    """Whether the condition of ``u``'s stays-rested ``op`` holds now; says so in a ruling
    when it does."""
    st = eng.state
    if not cond_holds(st, st.owner_of[u.top], op["if"], u.top):
        return False
    eng.ctx.ruling(
        NO_ACTIVATE_RULE,
        f"{eng.name(u.top)} does not become active ({why}): "
        f"{describe(op['if'])}, and its text says it then does not.",
    )
    return True


def stays_rested(eng: UnionArenaEngine, u: Unit, why: str) -> bool:
    """Whether rested ``u`` stays rested where it would become active (``why``: by what),
    since its own text says it does not become active while a condition holds ("このキャラ
    の下に裏向きのカードがある場合、このキャラはアクティブにならない", ``UA-EFFECT-UNDER-NO-ACTIVATE``);
    says so in a ruling when it does.  An active unit: False (nothing to stop)."""
    if not u.rested:
        return False
    st = eng.state
    d = st.defs[st.code_of[u.cards[-1]]]  # (st.card(u.top) written out)
    found = d.memo or facts(d)
    if found:  # the ops the walk below finds, in its order
        for op in found.stays:  # noqa: SIM110 - a loop: any() with a generator was 0.4 % more
            if _holds_rested(eng, u, op, why):
                return True
        return False
    for effect in d.effects:
        if effect.get("when") != "continuous":
            continue
        for op in effect.get("do") or []:
            if stays_ok(op) and _holds_rested(eng, u, op, why):
                return True
    return False
