"""An operation put into its player's power zone (RS-SELF-TO-POWER), and a unit card taken from
the face-up cards of one's power zone into the hand (RS-POWER-TO-HAND): "このカードを自軍パワーゾーン
に置く。その後、自軍パワーゾーンのオモテ向きのカードからユニットカードを1枚選び、手札に加えてもよい。".

``{"op": "to_power_self"}`` (an operation's effect only): the operation being used goes into
its player's power zone as the effect resolves, face up (rule option ``to_power_face``:
``unverifiable`` leaves the step unverifiable), and so not into the discard pile once it has
resolved (:meth:`RangersStrikeEngine.op_to_discard` leaves a card that is somewhere already).

``{"op": "power_to_hand", "find": {"type": "unit"}}``: the last op of an optional effect (the
choice, ``use``, is whether to take a card; what comes before it happens either way: "その後"
is afterwards, :func:`choice_at`).  The player takes one unit card among the face-up cards of
its own power zone into its hand.  The log names it first in the resolve's ``targets`` (an
instance id or a code; observed mode: naming a hidden face-up card binds it); ``use: false``
takes none.  Without a name the engine takes a card only when nothing else could have been done
with the effect used (``use: true``, one code fitting, every face-up card known), none when
none fits; otherwise the choice is not guessed (unverifiable, a taint).  In tag battle 自軍 may
be the player's or the team's: a card named in the ally's zone, or none in the player's own while
the ally's holds one, is not guessed either.

``{"op": "power_to_rush", "find": {"type": "unit", "size": "M", "feature": X}}`` (RS-POWER-TO-RUSH):
"…リリースしてもよい。そうしたとき、特徴「X」を持つMユニットのカードを、自軍パワーのオモテ向きのカードから1枚
選び、ラッシュエリアに出す。": after a command released (RS-RELEASE-OPPOSING), one face-up card of
the player's power zone that fits (printed type, size and feature) goes into its rush area by the
effect, as a card from the discard pile does (RS-FROM-DISCARD); none when none fits.  The log
names it after the command; not named, it is chosen as ``power_to_hand``'s is (one code fitting,
every face-up card known), and tag battle's 自軍 alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import bind, ref_text
from judge.games.rangers_strike.refs import Problem, find_face_up, locate
from judge.games.rangers_strike.state import PowerCard

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

SELF_RULE = "RS-SELF-TO-POWER"
RULE = "RS-POWER-TO-HAND"
#: the card types a card taken from the power zone may be ("ユニットカード")
TYPES = ("unit",)
#: a card taken: (its index in the power zone, the instance, whether the slot was hidden)
Take = tuple[int, str, bool]


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``power_to_hand`` op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == "power_to_hand":
            return op
    return None


def choice_at(effect: dict[str, Any]) -> int | None:
    """Where the choice of an optional effect ending in ``power_to_hand`` is: that op's index
    (the ops before it happen whether it is used or not), or None."""
    ops = effect.get("do") or []
    op = op_of(effect)
    return None if op is None else next(i for i, o in enumerate(ops) if o is op)


def ok(effect: dict[str, Any], op: dict[str, Any]) -> bool:
    """Whether a ``power_to_hand`` op is one the engine executes: ``find`` a unit card, the
    last op of an optional operation's effect, after nothing but the card put into the power
    zone itself (which changes no face-up unit card)."""
    ops = effect["do"]
    return (
        set(op) == {"op", "find"}
        and op["find"] == {"type": "unit"}
        and effect.get("optional") is True
        and effect.get("when") == "on_use"
        and ops[-1] is op
        and all(o == {"op": "to_power_self"} for o in ops[:-1])
    )


def put_self(eng: RangersStrikeEngine, pe: Any, what: str) -> None:
    """RS-SELF-TO-POWER: the operation itself (``pe.source``), used and not yet in any zone,
    goes face up into its player's power zone."""
    st = eng.state
    iid = pe.source
    where = locate(st, iid)
    if where != "nowhere in the game":
        eng.event("effect", f"{eng.name(iid)} is in {where}: it is not moved.", card=iid)
        return
    st.players[pe.controller].power.append(PowerCard(iid, face_up=True))
    eng.event(
        "to_power",
        f"{eng.name(iid)} goes face up into {pe.controller}'s power zone ({what}).",
        player=pe.controller,
        card=iid,
    )
    eng.ctx.ruling(
        SELF_RULE,
        f"{eng.name(iid)} is put into {pe.controller}'s power zone by its own effect, face up "
        "(a card put there without ウラ向き goes face up, as a charged card does).",
    )
    if eng.options.get("to_power_face", "up") != "up":
        eng.ctx.ruling(
            SELF_RULE,
            "Rule option to_power_face unverifiable: the text does not say face up or face "
            "down; the engine put it face up and does not vouch for it.",
        )
        eng.ctx.cannot_verify("which way up a card put into the power zone by an effect goes")


def _fitting(eng: RangersStrikeEngine, pid: str) -> tuple[list[str], bool]:
    """The face-up unit cards of ``pid``'s power zone the engine knows, and whether a face-up
    card there is not known (observed mode)."""
    st = eng.state
    ups = [p.card for p in st.players[pid].power if p.face_up]
    return [c for c in ups if c is not None and st.card(c).type in TYPES], None in ups


Picks = tuple[Take | None, list[Any], list[Problem], str | None]


def picks(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], use: bool | None
) -> Picks:
    """The card ``power_to_hand`` takes from ``pid``'s power zone: ``(take, targets left,
    problems, doubt)`` (module docstring).  No such op, or not used: nothing."""
    if op_of(effect) is None or use is False:
        return None, targets, [], None
    st = eng.state
    allies = [q for q in eng.allies(pid) if q != pid]
    if targets:
        ref, rest = targets[0], targets[1:]
        found, problems = find_face_up(st, pid, [ref])
        if problems:
            if any(not find_face_up(st, q, [ref])[1] for q in allies):
                return (
                    None,
                    rest,
                    [],
                    _team_doubt(pid, f"{ref_text(ref)} is a face-up card of the ally's power zone"),
                )
            return None, rest, problems, None
        idx, bound = found[0]
        iid = bound if bound is not None else st.players[pid].power[idx].card
        assert iid is not None
        d = st.card(iid)
        if d.type not in TYPES:
            return (
                None,
                rest,
                [(RULE, f"{iid} ({d.code}, {d.name}) is a {d.type} card, not a unit card.")],
                None,
            )
        return (idx, iid, bound is not None), rest, [], None
    found, hidden = _fitting(eng, pid)
    if not found and not hidden:
        if any(_fitting(eng, q)[0] or _fitting(eng, q)[1] for q in allies):
            return None, targets, [], _team_doubt(pid, "the ally's power zone may hold one")
        return None, targets, [], None  # nothing fits: nothing to take, exactly
    codes = {st.code_of[c] for c in found}
    if use is True and not hidden and len(codes) == 1:
        ups = st.players[pid].power
        idx = next(i for i, p in enumerate(ups) if p.face_up and p.card == found[0])
        return (idx, found[0], False), targets, [], None
    return (
        None,
        targets,
        [],
        f"which unit card {pid} took from its power zone (if any) is not recorded",
    )


def _team_doubt(pid: str, said: str) -> str:
    return (
        f"自軍パワーゾーン read as {pid}'s own power zone or its team's disagree ({said}): the "
        "sources do not say which"
    )


def first_found(eng: RangersStrikeEngine, pid: str) -> list[str]:
    """The first face-up unit card of ``pid``'s power zone the engine knows (a legal
    ``resolve``'s targets), or none."""
    return _fitting(eng, pid)[0][:1]


def to_hand(
    eng: RangersStrikeEngine, pe: Any, take: Take | None, doubt: str | None, what: str
) -> None:
    """RS-POWER-TO-HAND: the card chosen (``take``, from :func:`picks`) goes from the power zone
    into its player's hand; a choice not known is not guessed."""
    pid = pe.controller
    if doubt is not None:
        eng.not_guessed(
            pe,
            RULE,
            doubt,
            f"the rest of {what} is not carried out; the log may name the card first in the "
            "resolve's targets (or record `use: false`), or record what happened in an `outcome`.",
        )
        return
    if take is None:
        eng.event("power_to_hand", f"{pid} takes no card from its power zone ({what}).", player=pid)
        return
    st = eng.state
    idx, iid, hidden = take
    ps = st.players[pid]
    if hidden:
        bind(st, pid, iid)
    ps.power.pop(idx)
    ps.hand.append(iid)
    eng.event(
        "power_to_hand",
        f"{pid} takes {eng.name(iid)}, a face-up unit card of its power zone, into its hand "
        f"({what}).",
        player=pid,
        card=iid,
    )
    eng.ctx.ruling(
        RULE,
        f"{eng.name(iid)} leaves {pid}'s power zone (face up: no damage is removed) for its hand.",
    )


# -- a unit card of the power zone into the rush area (RS-POWER-TO-RUSH) ------------------------

RUSH_RULE = "RS-POWER-TO-RUSH"
#: the printed sizes a card taken into the rush area may be asked for ("Mユニットのカード")
SIZES = ("S", "M", "L")


def rush_op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``power_to_rush`` op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == "power_to_rush":
            return op
    return None


def rush_ok(effect: dict[str, Any], op: dict[str, Any]) -> bool:
    """Whether a ``power_to_rush`` op is one the engine executes: ``find`` a unit card (of a
    printed ``size``, printing a ``feature``), the second and last op of an optional effect
    whose first is the release of one held command done first ("…リリースしてもよい。そうしたと
    き、…", RS-IF-DONE), which changes no power card."""
    ops = effect["do"]
    find = op.get("find")
    first = ops[0] if ops and isinstance(ops[0], dict) else {}
    return (
        set(op) == {"op", "find"}
        and isinstance(find, dict)
        and find.get("type") == "unit"
        and set(find) <= {"type", "size", "feature"}
        and find.get("size", "S") in SIZES
        and (isinstance(find.get("feature", "x"), str) and bool(find.get("feature", "x")))
        and effect.get("optional") is True
        and len(ops) == 2
        and ops[1] is op
        and first.get("op") == "release_command"
        and first.get("if_done") is True
        and first.get("count") == 1
    )


def fits(eng: RangersStrikeEngine, card: str, find: dict[str, Any]) -> bool:
    """Whether ``card`` (in the power zone: its printed type, size and features) is what
    ``find`` asks for."""
    d = eng.state.card(card)
    return (
        d.type == find.get("type", d.type)
        and ("size" not in find or d.size == find["size"])
        and ("feature" not in find or find["feature"] in d.features)
    )


def wanted(find: dict[str, Any]) -> str:
    """What ``find`` asks for, in English: "a size M unit card with the feature F"."""
    size = f"size {find['size']} " if "size" in find else ""
    feature = f" with the feature {find['feature']}" if "feature" in find else ""
    return f"a {size}{find.get('type', 'unit')} card{feature}"


def _rush_fitting(
    eng: RangersStrikeEngine, pid: str, find: dict[str, Any]
) -> tuple[list[str], bool]:
    st = eng.state
    ups = [p.card for p in st.players[pid].power if p.face_up]
    return [c for c in ups if c is not None and fits(eng, c, find)], None in ups


def rush_picks(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], skip: bool
) -> Picks:
    """The card ``power_to_rush`` puts from ``pid``'s power zone into its rush area: ``(take,
    targets left, problems, doubt)``.  The log names it first in the resolve's ``targets``
    (after the command released); not named, the engine takes a card only when one code fits
    and every face-up card is known, none when none fits; otherwise the choice is a doubt.
    ``skip``: what comes before it was not done, so it takes nothing."""
    op = rush_op_of(effect)
    if op is None or skip:
        return None, targets, [], None
    st = eng.state
    find = op["find"]
    allies = [q for q in eng.allies(pid) if q != pid]
    if targets:
        ref, rest = targets[0], targets[1:]
        found, problems = find_face_up(st, pid, [ref])
        if problems:
            if any(not find_face_up(st, q, [ref])[1] for q in allies):
                said = f"{ref_text(ref)} is a face-up card of the ally's power zone"
                return None, rest, [], _team_doubt(pid, said)
            return None, rest, problems, None
        idx, bound = found[0]
        iid = bound if bound is not None else st.players[pid].power[idx].card
        assert iid is not None
        if not fits(eng, iid, find):
            d = st.card(iid)
            said = f"{iid} ({d.code}, {d.name}) is not {wanted(find)}."
            return None, rest, [(RUSH_RULE, said)], None
        return (idx, iid, bound is not None), rest, [], None
    found, hidden = _rush_fitting(eng, pid, find)
    if not found and not hidden:
        if any(_rush_fitting(eng, q, find)[0] or _rush_fitting(eng, q, find)[1] for q in allies):
            return None, targets, [], _team_doubt(pid, "the ally's power zone may hold one")
        return None, targets, [], None  # nothing fits: nothing to put, exactly
    if not hidden and len({st.code_of[c] for c in found}) == 1:
        ups = st.players[pid].power
        idx = next(i for i, p in enumerate(ups) if p.face_up and p.card == found[0])
        return (idx, found[0], False), targets, [], None
    return (
        None,
        targets,
        [],
        f"which card of its power zone {pid} put into its rush area is not recorded",
    )


def rush_first(eng: RangersStrikeEngine, pid: str, effect: dict[str, Any]) -> list[str]:
    """The first face-up card of ``pid``'s power zone ``power_to_rush`` could take (a legal
    ``resolve``'s targets), or none."""
    op = rush_op_of(effect)
    return [] if op is None else _rush_fitting(eng, pid, op["find"])[0][:1]


def to_rush(
    eng: RangersStrikeEngine, pe: Any, take: Take | None, doubt: str | None, what: str
) -> None:
    """RS-POWER-TO-RUSH: the card chosen (``take``, from :func:`rush_picks`) goes from the power
    zone into its player's rush area by the effect (no power, command or condition); a choice
    not known is not guessed."""
    from judge.games.rangers_strike.from_discard import into_rush

    pid = pe.controller
    if doubt is not None:
        eng.not_guessed(
            pe,
            RUSH_RULE,
            doubt,
            f"the rest of {what} is not carried out; the log may name the card first in the "
            "resolve's targets (after the command released), or record what happened in an "
            "`outcome`.",
        )
        return
    op = rush_op_of(pe.effect) or {"find": {}}
    if take is None:
        eng.ctx.ruling(
            RUSH_RULE,
            f"No face-up card of {pid}'s power zone is {wanted(op['find'])}: {what} puts none "
            "into the rush area.",
        )
        return
    st = eng.state
    idx, iid, hidden = take
    ps = st.players[pid]
    if hidden:
        bind(st, pid, iid)
    ps.power.pop(idx)
    eng.ctx.ruling(
        RUSH_RULE,
        f"{eng.name(iid)} leaves {pid}'s power zone (face up: no damage is removed) for its rush "
        "area.",
    )
    into_rush(eng, pid, [iid], what, whence="power")
