"""An operation put into its player's power zone (RS-SELF-TO-POWER), and a unit card taken from
the face-up cards of one's power zone into the hand (RS-POWER-TO-HAND): "このカードを自軍パワーゾーン
に置く。その後、自軍パワーゾーンのオモテ向きのカードからユニットカードを1枚選び、手札に加えてもよい。", or
rushed from there (RS-POWER-TO-RUSH): "自軍パワーゾーンのオモテ向きのカードから、必要パワーを満たしている
特徴「女」を持つSユニットのカードを1枚選び、自軍ラッシュエリアに出してもよい(ただし追加条件は満たすこと)。この効果
でラッシュしたユニットは、このターン、バトルエリアに出られない。", or put from there into the rush
area after a command released, with no condition (RS-POWER-TO-RUSH-AREA), or chosen among kinds
by the number it prints (RS-POWER-CHOICE-TO-RUSH).

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

``{"op": "power_to_rush", "find": {"type": "unit", "size": "S", "feature": "女"}, "power_met":
true, "condition_met": true, "no_enter": "turn"}``: the one op of an optional effect.  The card
must be a face-up unit card of the player's power zone with what ``find`` asks (printed: a card
is no unit, so only its printed features count), whose required power the player's power meets
(RS-RUSH-POWER: the team's in tag battle) and whose additional condition is met (a unit it names
in the player's rush or battle area, RS-RUSH-CONDITION); it goes into the rush area by the effect,
no command held (atwiki renst 151: a card an effect rushes needs none), and a when-rushed effect
of its own is not run (as RS-FROM-DISCARD says).  Not known, so not guessed: whether the card
counts for the power it must meet while it is still in the zone (when it meets it only so), an
additional condition that is a cost (units discarded, commands held: the log has no place for
them) or one the importer did not read, and in tag battle a condition only the ally's units meet.
With ``no_enter`` the unit so rushed cannot enter the battle area this turn (a ``Mod`` until the
end of the turn, :func:`judge.games.rangers_strike.restrictions.enter_forbidden`).

``{"op": "power_card_to_rush", "find": {"type": "unit", "size": "M", "feature": X}}``
(RS-POWER-TO-RUSH-AREA): "…リリースしてもよい。そうしたとき、特徴「X」を持つMユニットのカードを、自軍パワーの
オモテ向きのカードから1枚選び、ラッシュエリアに出す。": after a command released (RS-RELEASE-OPPOSING), one
face-up card of the player's power zone that fits (printed type, size and feature) goes into its
rush area by the effect, as a card from the discard pile does (RS-FROM-DISCARD: no required
power or additional condition, unlike ``power_to_rush``); none when none fits.  The log names it
after the command; not named, it is chosen as ``power_to_hand``'s is (one code fitting, every
face-up card known), and tag battle's 自軍 alike.  With ``find`` ``{"any": [{"type": "unit", "size":
"M"}, {"type": "vehicle", "size": "S"}], "power_max": 4}`` it is the one op of an optional effect
(RS-POWER-CHOICE-TO-RUSH): "自軍パワーゾーンのオモテ向きのカードから、必要パワーの数字が4以下の、MユニットかS
ビークルのカードを1枚選んでもよい。そうしたとき、選んだカードを自軍ラッシュエリアに出す。": a card of any of the
kinds (printed type and size) whose printed required power number is no more than N, taken as
above when the player uses it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import bind, ref_text
from judge.games.rangers_strike import rush_waiver
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


RUSH_RULE = "RS-POWER-TO-RUSH"
#: what a card rushed from the power zone may be asked to have ("特徴「X」を持つSユニットのカード")
RUSH_FIND = {"type", "size", "feature"}


def rush_op(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``power_to_rush`` op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == "power_to_rush":
            return op
    return None


def rush_ok(effect: dict[str, Any], op: dict[str, Any]) -> bool:
    """Whether a ``power_to_rush`` op is one the engine executes: the one op of an optional
    effect, ``find`` a unit card (of a size, with a feature), its required power met
    (``power_met``) and its additional condition too (``condition_met``), and optionally
    ``no_enter`` ``turn`` (the unit so rushed cannot enter the battle area this turn)."""
    find = op.get("find")
    return (
        effect.get("optional") is True
        and effect.get("when") not in ("resident", "static")
        and len(effect["do"]) == 1
        and set(op) - {"no_enter"} == {"op", "find", "power_met", "condition_met"}
        and op["power_met"] is True
        and op["condition_met"] is True
        and op.get("no_enter", "turn") == "turn"
        and isinstance(find, dict)
        and find.get("type") == "unit"
        and set(find) <= RUSH_FIND
        and find.get("size", "S") in ("S", "M", "L")
        and isinstance(find.get("feature", ""), str)
    )


def _rushable(eng: RangersStrikeEngine, pid: str, op: dict[str, Any], iid: str) -> str | None:
    """Why the face-up card ``iid`` of ``pid``'s power zone is not one ``op`` may rush, or None
    when it is (what is not known is :func:`_rush_doubt`'s)."""
    d = eng.state.card(iid)
    find = op["find"]
    if d.type != "unit":
        return f"{iid} ({d.code}, {d.name}) is a {d.type} card, not a unit card."
    if "size" in find and d.size != find["size"]:
        return f"{iid} ({d.code}, {d.name}) is a size {d.size} unit card, not size {find['size']}."
    if "feature" in find and find["feature"] not in d.features:
        return f"{iid} ({d.code}, {d.name}) does not have the feature {find['feature']}."
    have = eng.power_of(pid)
    if d.power > have:
        return f"{iid} ({d.code}, {d.name}) needs power {d.power}; {pid} has power {have}."
    cond = d.condition
    lenders = eng.unit_lenders(pid)
    if (
        cond is not None
        and not any(_met_by(eng, q, cond) for q in [pid, *lenders])
        and not rush_waiver.fits_any(eng, iid)  # RS-WAIVE-CONDITION: not guessed (_rush_doubt)
    ):
        return (
            f"{iid} ({d.code}, {d.name}) has an additional condition {pid} does not meet "
            "(a unit it names in its rush or battle area)."
        )
    return None


def _met_by(eng: RangersStrikeEngine, pid: str, cond: dict[str, Any]) -> list[str]:
    from judge.games.rangers_strike.rush_phase import units_meeting

    return units_meeting(eng, pid, cond)


def _rush_doubt(eng: RangersStrikeEngine, pid: str, iid: str) -> str | None:
    """What is not known of whether ``pid`` may rush the card ``iid`` so (the card fitting
    otherwise): whether the card itself counts for the power it meets, when it meets it only by
    counting itself; an additional condition the log has no place to record (a cost: units
    discarded, commands held) or that the importer did not read; in tag battle a condition only
    the ally's units meet."""
    st = eng.state
    d = st.card(iid)
    if d.power == eng.power_of(pid) and d.power > 0:
        return (
            f"{eng.name(iid)} needs power {d.power} and {pid} has power {d.power} only counting "
            "that card, which is in its power zone as it is chosen; whether it counts the sources "
            "do not say"
        )
    if rush_waiver.fits_any(eng, iid) and (d.condition is not None or d.raw.get("cost")):
        return (
            f"{eng.name(iid)} may be rushed this turn without meeting its additional condition "
            "(RS-WAIVE-CONDITION), and whether that holds for a card this effect rushes, which "
            "must meet it (ただし追加条件は満たすこと), the sources do not say"
        )
    if isinstance(d.raw.get("cost"), dict) or d.raw.get("unsupported"):
        return (
            f"{eng.name(iid)} has an additional condition the engine cannot check here (a cost "
            "that discards or holds, or one not read), and how it was met is not recorded"
        )
    cond = d.condition
    lent = cond is not None and not _met_by(eng, pid, cond)
    if lent and any(_met_by(eng, q, cond) for q in eng.unit_lenders(pid)):  # type: ignore[arg-type]
        return (
            f"only {pid}'s ally meets {eng.name(iid)}'s additional condition, and whether an "
            "ally may meet it for a card an effect rushes the sources do not say"
        )
    return None


RushPick = tuple[Take | None, list[Any], list[Problem], str | None]


def rush_picks(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], use: bool | None
) -> RushPick:
    """RS-POWER-TO-RUSH: the card ``power_to_rush`` rushes from ``pid``'s power zone: ``(take,
    targets left, problems, doubt)``.  The log names it first in the resolve's ``targets``;
    without it the engine takes one only when that is the one thing the player could have done
    with the effect used (``use: true``, one code fitting, every face-up card known), none when
    none fits.  No such op, or not used: nothing."""
    op = rush_op(effect)
    if op is None or use is False:
        return None, targets, [], None
    st = eng.state
    allies = [q for q in eng.allies(pid) if q != pid]
    if targets:
        ref, rest = targets[0], targets[1:]
        found, problems = find_face_up(st, pid, [ref])
        if problems:
            if any(not find_face_up(st, q, [ref])[1] for q in allies):
                return None, rest, [], _team_doubt(pid, f"{ref_text(ref)} is in the ally's zone")
            return None, rest, [(RUSH_RULE, problems[0][1])], None
        idx, bound = found[0]
        iid = bound if bound is not None else st.players[pid].power[idx].card
        assert iid is not None
        why = _rushable(eng, pid, op, iid)
        if why is not None:
            return None, rest, [(RUSH_RULE, why)], None
        doubt = _rush_doubt(eng, pid, iid)
        return ((idx, iid, bound is not None) if doubt is None else None), rest, [], doubt
    ups = [p.card for p in st.players[pid].power if p.face_up]
    hidden = None in ups
    fit = [c for c in ups if c is not None and _rushable(eng, pid, op, c) is None]
    unsure = [c for c in fit if _rush_doubt(eng, pid, c) is not None]
    ally_has = any(
        c is None or _rushable(eng, q, op, c) is None
        for q in allies
        for c in (p.card for p in st.players[q].power if p.face_up)
    )
    if not fit and not hidden:
        if ally_has:
            return None, targets, [], _team_doubt(pid, "the ally's power zone may hold one")
        return None, targets, [], None  # nothing fits: nothing to rush, exactly
    codes = {st.code_of[c] for c in fit}
    if use is True and not hidden and not unsure and not ally_has and len(codes) == 1:
        ps = st.players[pid]
        idx = next(i for i, p in enumerate(ps.power) if p.face_up and p.card == fit[0])
        return (idx, fit[0], False), targets, [], None
    return (
        None,
        targets,
        [],
        f"which card {pid} rushed from its power zone (if any) is not recorded",
    )


def first_rushable(eng: RangersStrikeEngine, pid: str, effect: dict[str, Any]) -> list[str]:
    """The first face-up card of ``pid``'s power zone the effect may rush, known to fit (a
    legal ``resolve``'s targets), or none."""
    op = rush_op(effect)
    if op is None:
        return []
    ups = [p.card for p in eng.state.players[pid].power if p.face_up and p.card is not None]
    return [
        c for c in ups if _rushable(eng, pid, op, c) is None and _rush_doubt(eng, pid, c) is None
    ][:1]


def to_rush(
    eng: RangersStrikeEngine,
    pe: Any,
    op: dict[str, Any],
    take: Take | None,
    doubt: str | None,
    what: str,
) -> None:
    """RS-POWER-TO-RUSH: the card chosen (``take``, from :func:`rush_picks`) goes from the power
    zone into its player's rush area by the effect (no command held), having met its required
    power and its additional condition; with ``no_enter`` the unit cannot enter the battle area
    this turn.  A choice not known is not guessed."""
    from judge.games.rangers_strike.from_discard import into_rush
    from judge.games.rangers_strike.state import Mod

    pid = pe.controller
    if doubt is not None:
        eng.not_guessed(
            pe,
            RUSH_RULE,
            doubt,
            f"{what} is not carried out; the log may name the card first in the resolve's "
            "targets (or record `use: false`), or record what happened in an `outcome`.",
        )
        return
    if take is None:
        eng.event(
            "power_to_rush", f"{pid} rushes no card from its power zone ({what}).", player=pid
        )
        return
    st = eng.state
    idx, iid, hidden = take
    ps = st.players[pid]
    if hidden:
        bind(st, pid, iid)
    have = eng.power_of(pid)
    ps.power.pop(idx)
    d = st.card(iid)
    met = ""
    if d.condition is not None:
        met = (
            f"; its additional condition is met by {', '.join(_met_by(eng, pid, d.condition)[:1])}"
        )
    into_rush(
        eng,
        pid,
        [iid],
        what,
        whence="power",
        checked=(
            f"its required power {d.power} is met (power {have} with the card in the zone, "
            f"{have - 1} without){met}; no command is held for a card an effect rushes"
        ),
    )
    if op.get("no_enter") == "turn":
        unit = ps.rush[-1]
        unit.mods.append(Mod(0, "turn", no_enter=True))
        eng.ctx.ruling(
            RUSH_RULE,
            f"{eng.name(iid)}, rushed by {what}, cannot enter the battle area this turn.",
        )


# -- a unit card of the power zone put into the rush area (RS-POWER-TO-RUSH-AREA) ---------------

PUT_RULE = "RS-POWER-TO-RUSH-AREA"
CHOICE_RULE = "RS-POWER-CHOICE-TO-RUSH"
#: the printed sizes a card taken into the rush area may be asked for ("Mユニットのカード")
SIZES = ("S", "M", "L")


def put_op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``power_card_to_rush`` op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == "power_card_to_rush":
            return op
    return None


#: the card kinds an optional choice of the power zone's face-up cards may name, "MユニットかSビー
#: クルのカード" (RS-POWER-CHOICE-TO-RUSH): a printed type and size
KIND_TYPES = ("unit", "vehicle")


def _find_ok(find: Any) -> bool:
    """``find`` a unit card (of a printed ``size``, printing a ``feature``), or ``{"any": [{"type":
    "unit"|"vehicle", "size": S}, …], "power_max": N}``: a card of any of those kinds whose printed
    required power number is N or less (RS-POWER-CHOICE-TO-RUSH)."""
    if not isinstance(find, dict):
        return False
    if "any" in find:
        kinds = find["any"]
        most = find.get("power_max")
        return (
            set(find) == {"any", "power_max"}
            and isinstance(most, int)
            and not isinstance(most, bool)
            and most >= 0
            and isinstance(kinds, list)
            and bool(kinds)
            and all(
                isinstance(k, dict)
                and set(k) == {"type", "size"}
                and k["type"] in KIND_TYPES
                and k["size"] in SIZES
                for k in kinds
            )
        )
    return (
        find.get("type") == "unit"
        and set(find) <= {"type", "size", "feature"}
        and find.get("size", "S") in SIZES
        and (isinstance(find.get("feature", "x"), str) and bool(find.get("feature", "x")))
    )


def put_ok(effect: dict[str, Any], op: dict[str, Any]) -> bool:
    """Whether a ``power_card_to_rush`` op is one the engine executes: its ``find``
    (:func:`_find_ok`), and either the second and last op of an optional effect whose first is
    the release of one held command done first ("…リリースしてもよい。そうしたとき、…", RS-IF-DONE),
    which changes no power card (RS-POWER-TO-RUSH-AREA), or, choosing among kinds by their printed
    number, the one op of an optional effect: the choice ("…1枚選んでもよい。そうしたとき、選んだカードを
    自軍ラッシュエリアに出す。") is whether to take one (RS-POWER-CHOICE-TO-RUSH)."""
    ops = effect["do"]
    find = op.get("find")
    first = ops[0] if ops and isinstance(ops[0], dict) else {}
    if set(op) != {"op", "find"} or not _find_ok(find) or effect.get("optional") is not True:
        return False
    if "any" in find:
        return ops == [op] and "if" not in effect
    return (
        len(ops) == 2
        and ops[1] is op
        and first.get("op") == "release_command"
        and first.get("if_done") is True
        and first.get("count") == 1
    )


def fits(eng: RangersStrikeEngine, card: str, find: dict[str, Any]) -> bool:
    """Whether ``card`` (in the power zone: its printed type, size and features) is what
    ``find`` asks for (of ``any`` kind, its printed required power number no more than
    ``power_max``: RS-POWER-CHOICE-TO-RUSH)."""
    d = eng.state.card(card)
    if "any" in find:
        return d.power_number <= find["power_max"] and any(
            fits(eng, card, kind) for kind in find["any"]
        )
    return (
        d.type == find.get("type", d.type)
        and ("size" not in find or d.size == find["size"])
        and ("feature" not in find or find["feature"] in d.features)
    )


def wanted(find: dict[str, Any]) -> str:
    """What ``find`` asks for, in English: "a size M unit card with the feature F", "a size M
    unit card or size S vehicle card whose required power number is 4 or less"."""
    if "any" in find:
        kinds = " or ".join(wanted(kind).removeprefix("a ") for kind in find["any"])
        return f"a {kinds} whose required power number is {find['power_max']} or less"
    size = f"size {find['size']} " if "size" in find else ""
    feature = f" with the feature {find['feature']}" if "feature" in find else ""
    return f"a {size}{find.get('type', 'unit')} card{feature}"


def _put_fitting(
    eng: RangersStrikeEngine, pid: str, find: dict[str, Any]
) -> tuple[list[str], bool]:
    st = eng.state
    ups = [p.card for p in st.players[pid].power if p.face_up]
    return [c for c in ups if c is not None and fits(eng, c, find)], None in ups


def put_picks(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], skip: bool
) -> Picks:
    """The card ``power_card_to_rush`` puts from ``pid``'s power zone into its rush area: ``(take,
    targets left, problems, doubt)``.  The log names it first in the resolve's ``targets``
    (after the command released); not named, the engine takes a card only when one code fits
    and every face-up card is known, none when none fits; otherwise the choice is a doubt.
    ``skip``: the command release before it was not done, so it takes nothing (an effect choosing
    among kinds, RS-POWER-CHOICE-TO-RUSH, has no release before it)."""
    op = put_op_of(effect)
    if op is None or (skip and "any" not in op["find"]):
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
            return None, rest, [(CHOICE_RULE if "any" in find else PUT_RULE, said)], None
        return (idx, iid, bound is not None), rest, [], None
    found, hidden = _put_fitting(eng, pid, find)
    if not found and not hidden:
        if any(_put_fitting(eng, q, find)[0] or _put_fitting(eng, q, find)[1] for q in allies):
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


def first_put(eng: RangersStrikeEngine, pid: str, effect: dict[str, Any]) -> list[str]:
    """The first face-up card of ``pid``'s power zone ``power_card_to_rush`` could take (a legal
    ``resolve``'s targets), or none."""
    op = put_op_of(effect)
    return [] if op is None else _put_fitting(eng, pid, op["find"])[0][:1]


def put_to_rush(
    eng: RangersStrikeEngine, pe: Any, take: Take | None, doubt: str | None, what: str
) -> None:
    """RS-POWER-TO-RUSH-AREA, RS-POWER-CHOICE-TO-RUSH: the card chosen (``take``, from
    :func:`put_picks`) goes from the power zone into its player's rush area by the effect (no
    power, command or condition); a choice not known is not guessed."""
    from judge.games.rangers_strike.from_discard import into_rush

    pid = pe.controller
    op = put_op_of(pe.effect) or {"find": {}}
    rule = CHOICE_RULE if "any" in op["find"] else PUT_RULE
    if doubt is not None:
        after = "" if "any" in op["find"] else " (after the command released)"
        eng.not_guessed(
            pe,
            rule,
            doubt,
            f"the rest of {what} is not carried out; the log may name the card first in the "
            f"resolve's targets{after}, or record what happened in an `outcome`.",
        )
        return
    if take is None:
        eng.ctx.ruling(
            rule,
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
        rule,
        f"{eng.name(iid)} leaves {pid}'s power zone (face up: no damage is removed) for its rush "
        "area.",
    )
    into_rush(eng, pid, [iid], what, whence="power_area")
