"""A card played by an effect (``UA-EFFECT-PLAY``), and a chosen card that does not become
active the next time (``UA-EFFECT-NO-ACTIVATE``).

Card text may put a card from the hand or the outside area onto the field::

    自分の手札から必要エナジーが2以下で消費APが1の緑のキャラカードを1枚まで自分の場にレストで登場させる。

The reader (:mod:`judge.games.union_arena.textplay`) writes it as the op ``{"op": "play",
"target": <a selector of zone hand|outside, count 1>, "to": "field"|"front_line"|
"energy_line", "rested": bool}``.  The card enters the line the text names ("自分の場に":
the player chooses the front line or the energy line; a field only ever enters the energy
line, an event never enters the field), rested or active as printed.  It is not a play from
the hand by the player: no AP is paid and its required energy is not checked.  A full line
first puts one of its cards into the removal area (``UA-LINE-LIMIT``).  Whether its
when-played effects trigger is no source's: rule option ``played_by_effect_on_play``
(``UA-EFFECT-PLAY-WHEN-PLAYED``, GAP), which a green or purple COLOR trigger follows too.

The log records, in ``targets``, the card played (a reference in the zone the text names),
then ``{"to": line}`` (and ``"remove": [a reference]`` for a full line): the line it enters.
A play of up to N cards records the cards, then their lines in the same order; each card
enters in turn, so a card played before counts in its line (and may be the one removed).
The record is needed when the player chooses the line (a character, "自分の場に") and may be
left out otherwise; left out where needed, the choice is skipped (``UA-CHOICE-RECORDED``:
the engine assumes the front line, the step is unverifiable and what follows uncertain).

Why a module of its own: the check before resolving (:func:`check`, from
:func:`judge.games.union_arena.targets.check_effect_targets`) and the resolution
(:func:`run`, from :func:`judge.games.union_arena.resolve.run_effect`) read the record the
same way, as :mod:`~judge.games.union_arena.modes` does for its own.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from judge.games.union_arena import entered, raid_only
from judge.games.union_arena.refs import Take, do_take, find_unit
from judge.games.union_arena.state import LINE_LIMIT, LINES, Unit

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.union_arena.engine import UnionArenaEngine

Problem = tuple[str, str]

RULE = "UA-EFFECT-PLAY"
WHEN_PLAYED_RULE = "UA-EFFECT-PLAY-WHEN-PLAYED"
COUNT_RULE = "UA-EFFECT-PLAY-COUNT-INSTEAD"
QUIET_RULE = "UA-EFFECT-PLAY-QUIET"
OPTION = "played_by_effect_on_play"
NO_ACTIVATE_RULE = "UA-EFFECT-NO-ACTIVATE"
#: where "登場させる" puts the card: the player's choice of line ("自分の場に"), or one line
DESTINATIONS = ("field", *LINES)
#: the conditions the engine checks on a card to play (targets.card_mismatch), beside the count
PLAY_TARGET_KEYS = frozenset(
    {"side", "zone", "count", "up_to", "if_able", "name", "trait", "affinity", "color"}
    | {"energy_max", "card_type", "ap_cost", "not_name", "any_of", "instead", "energy_met"}
)
#: ops that may come before a play whose card's required energy must be met: none changes
#: what the energy line generates
BEFORE_ENERGY_MET = frozenset({"draw", "look", "discard"})
#: ops an effect may carry out before a play: none changes the lines, and what they change of
#: the hand and the outside area the check before resolving follows (draws and looks bring
#: the deck's top cards, a discard puts hand cards into the outside area)
BEFORE_PLAY = frozenset({"draw", "look", "bp", "grant", "rest", "activate", "generate", "discard"})
#: op fields that make whether an op happens depend on the moment it is carried out
CONDITIONAL = ("if", "if_chosen", "if_done", "if_none_before", "if_taken")


def play_ok(effect: dict[str, Any], i: int) -> bool:
    """Whether op ``i`` of ``effect``, a ``play``, is one the engine executes exactly.

    Why so narrow: its card and line are checked before the effect resolves, against the
    field, hand and outside area as they are then (with what the cost and the ops before it
    put into the outside area: ``targets.check_effect_targets``).  So only ops that change
    none of the lines come before it, after it at most a BP change of the card played
    ("登場させ、そのキャラはこのターン中、BP+1000": nothing chosen, nothing read), and it
    plays one card ("1枚", not from the hand) or up to N ("N枚まで", "『1枚』まで…『2枚』に代わる").
    """
    ops = effect.get("do") or []
    op = ops[i]
    target = op.get("target")
    return (
        all(_after_ok(o) for o in ops[i + 1 :])
        and set(op) <= {"op", "target", "to", "rested", "if", "if_chosen", "if_done", "when_played"}
        and op.get("when_played", False) is False
        and op.get("to") in DESTINATIONS
        and isinstance(op.get("rested"), bool)
        and all(isinstance(o, dict) and _before_ok(o) for o in ops[:i])
        and isinstance(target, dict)
        and set(target) <= PLAY_TARGET_KEYS
        and target.get("side", "own") == "own"
        and target.get("zone") in ("hand", "outside")
        # "1枚" (one when able), or "N枚まで" (up to N; up to more while a condition holds)
        and (target.get("count", 1) == 1 or target.get("up_to"))
        and (set(target.get("instead", {})) <= {"if", "count"})
        and bool(target.get("up_to")) != bool(target.get("if_able"))
        # "1枚" from a hand observed mode hides: whether none could be chosen is not known
        and not (target.get("zone") == "hand" and target.get("if_able"))
        and target.get("card_type", "character") in ("character", "field")
        and _whole(target.get("ap_cost", 0))
        and _whole(target.get("energy_max", 0))
        and (not target.get("energy_met") or _energy_met_ok(effect, ops, i))
    )


def _energy_met_ok(effect: dict[str, Any], ops: list[Any], i: int) -> bool:
    """ "必要エナジーを満たし": the energy line is read when the targets are checked, before
    the cost is paid and the ops before the play are carried out, so none of them may change
    what it generates (a cost that rests this card could stop its generation while active;
    a cost that retires it is taken off the line by the check), and one card is played
    (a second would be read with the first on the field)."""
    cost = effect.get("cost") if isinstance(effect.get("cost"), dict) else {}
    target = ops[i]["target"]
    return (
        target.get("energy_met") is True
        and target.get("count", 1) == 1
        and "instead" not in target
        and not cost.get("rest_self")
        and all(o.get("op") in BEFORE_ENERGY_MET for o in ops[:i])
    )


def energy_shortfall(
    eng: UnionArenaEngine, pid: str, iid: str, in_hand: bool, off: Collection[str] = ()
) -> str | None:
    """Why ``pid``'s energy line does not meet card ``iid``'s required energy (as
    ``UA-ENERGY`` reads it for a play from the hand: each colour's count), or None;
    ``off``: cards whose units are not counted (they leave the field before the play)."""
    from judge.games.union_arena.conditions import required_energy

    ps = eng.state.players[pid]
    keep = ps.energy_line
    ps.energy_line = [u for u in keep if not any(c in u.cards for c in off)]
    try:
        have = eng.state.energy(pid)
    finally:
        ps.energy_line = keep
    for colour, n in sorted(required_energy(eng, iid, in_hand).items()):
        if have.get(colour, 0) < n:
            return (
                f"{eng.name(iid)} needs {n} {colour} energy; {pid}'s energy line generates "
                f"{have.get(colour, 0)} {colour}: the text asks for its required energy met."
            )
    return None


def count_instead_ok(op: dict[str, Any], target: dict[str, Any], instead: dict[str, Any]) -> bool:
    """ "…を『1枚』まで…登場させる。…場合、『2枚』に代わる": more cards "up to" for a play
    (``UA-EFFECT-PLAY-COUNT-INSTEAD``), the only op the reader gives it."""
    n = instead.get("count")
    return (
        op.get("op") == "play"
        and set(instead) == {"if", "count"}
        and isinstance(n, int)
        and not isinstance(n, bool)
        and n > int(target.get("count", 1))
        and bool(target.get("up_to"))
    )


def _before_ok(op: dict[str, Any]) -> bool:
    """An op before a play: one of ``BEFORE_PLAY``, or a field card put on the bottom of its
    owner's deck (the check takes it out of its line, and the cards under it into the
    outside area, as ``leave_field`` does)."""
    target = op.get("target")
    return op.get("op") in BEFORE_PLAY or (
        op.get("op") == "to_deck_bottom"
        and isinstance(target, dict)
        and target.get("zone", "field") in ("field", *LINES)
        and not target.get("all")
    )


def _after_ok(op: Any) -> bool:
    """An op after a play: a BP change of the card it played, for a duration, no condition."""
    return (
        isinstance(op, dict)
        and set(op) == {"op", "amount", "until", "target"}
        and op["op"] == "bp"
        and op["target"] == "chosen"
        and isinstance(op["amount"], int)
    )


def no_activate_ok(ops: list[Any], i: int) -> bool:
    """ "…を1枚(まで)選び、レストにする。それは次の1回アクティブにならない。": op ``i``, a
    ``no_activate`` on the ``chosen`` card, right after the ``rest`` that chose it (one card,
    no condition on either: "それ" is the card that rest chose, and nothing else)."""
    op, prev = ops[i], ops[i - 1] if i >= 1 else None
    target = prev.get("target") if isinstance(prev, dict) else None
    return (
        set(op) == {"op", "target"}
        and op["target"] == "chosen"
        and isinstance(prev, dict)
        and prev.get("op") == "rest"
        and isinstance(target, dict)
        and not target.get("all")
        and target.get("count", 1) == 1
        and not any(key in prev for key in CONDITIONAL)
    )


def _whole(n: Any) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0


def is_record(value: Any) -> bool:
    """Whether a ``targets`` entry records the line a card played by an effect enters."""
    return isinstance(value, dict) and "to" in value


@dataclass(slots=True)
class Placement:
    """Where a card played by an effect goes: ``line`` (None: the log did not say, a skipped
    choice), the cards the log removes to make room, and whether it skipped that choice."""

    line: str | None
    removes: list[Unit] = field(default_factory=list)
    skipped_remove: bool = False
    removes_placed: list[str] = field(default_factory=list)  # a check's: played by the effect


def check(
    eng: UnionArenaEngine,
    controller: str,
    op: dict[str, Any],
    iid: str,
    targets: list[Any],
    pos: int,
    counts: dict[str, int],
    path: str = "targets",
    placed: dict[str, list[str]] | None = None,
    off: Collection[str] = (),
) -> tuple[Placement | None, int, list[Problem]]:
    """The place of card ``iid`` chosen for ``op``, read from the record at ``pos`` (if one is
    there), the next position, and what is wrong.  ``counts``: how many cards each line of
    ``controller`` holds when the effect resolves; ``path``: the log's ``targets``;
    ``placed``: by line, the cards the same effect plays before this one, checked before
    they are on the field (the room a full line needs may be made by removing one); ``off``:
    cards whose units leave the field before the play (not counted for "必要エナジーを満たし")."""
    st = eng.state
    d = st.card(iid)
    record = targets[pos] if pos < len(targets) and is_record(targets[pos]) else None
    pos += record is not None
    if d.type not in ("character", "field"):
        why = f"{iid} is an {d.type} card: only characters and fields enter the field."
        return None, pos, [(RULE, why)]
    if raid_only.barred(d):  # "このキャラはレイド以外で登場できない": not by a play
        return None, pos, [(raid_only.RULE, raid_only.why(iid))]
    target = op.get("target") if isinstance(op.get("target"), dict) else {}
    short = (
        energy_shortfall(eng, controller, iid, target.get("zone") == "hand", off)
        if target.get("energy_met")
        else None
    )
    if short is not None:
        return None, pos, [(RULE, short)]
    allowed = LINES if d.type == "character" else ("energy_line",)
    to = op.get("to", "field")
    asked = record["to"] if record is not None else to
    if d.type == "field" and asked == "front_line":
        return None, pos, [("UA-FIELD-EL", f"{iid} is a field: it enters the energy line only.")]
    lines = allowed if to == "field" else (to,)
    line = lines[0] if len(lines) == 1 else None
    if record is not None:
        if record["to"] not in lines:
            where = " or the ".join(w.replace("_", " ") for w in lines)
            why = f"{iid} enters the {where}; the log names the {record['to']}."
            return None, pos, [(RULE, why)]
        line = record["to"]
    if line is None:
        return Placement(None), pos, []
    refs = record.get("remove") if record is not None else None
    full = counts[line] >= LINE_LIMIT
    place = Placement(line, skipped_remove=refs is None and full)
    problems: list[Problem] = []
    words = f"{controller}'s {line.replace('_', ' ')}"
    for ref in refs or []:
        if placed and ref in placed.get(line, []) and ref not in place.removes_placed:
            place.removes_placed.append(ref)
            continue
        found = find_unit(st, ref, path, owner=controller)
        if found is None or found[1] != line or found[2] in place.removes:
            problems.append(("UA-LINE-LIMIT", f"{ref} is not a card of {words} to make room."))
        else:
            place.removes.append(found[2])
    if refs is not None and len(refs) != (1 if full else 0):
        problems.append(
            (
                "UA-LINE-LIMIT",
                f"{words} holds {counts[line]} cards: "
                + (
                    "one of them goes to the removal area first." if full else "nothing is removed."
                ),
            )
        )
    return place, pos, problems


def run(
    eng: UnionArenaEngine,
    pe: PendingEffect,
    op: dict[str, Any],
    take: Take,
    targets: list[Any],
    pos: int,
) -> int:
    """Play ``take`` (a card chosen in the hand or the outside area) as ``op`` says; returns
    the next position in ``targets``."""
    from judge.games.union_arena.main_phase import make_room, played_active

    st = eng.state
    pid = pe.controller
    counts = {line: len(st.players[pid].line(line)) for line in LINES}
    place, pos, problems = check(eng, pid, op, take.iid, targets, pos, counts)
    name = eng.name(take.iid)
    if place is None or problems:  # checked before resolving: reached only when forced
        why = problems[0] if problems else (RULE, f"{name} cannot enter the field.")
        eng.ctx.ruling(why[0], f"{pe.describe()}: {why[1]} It is not played.")
        return pos
    if place.line is None:
        place.line = "front_line"
        eng.ctx.ruling(
            "UA-CHOICE-RECORDED",
            f"{pe.describe()}: the log does not say which line {name} enters "
            '({"to": …} after it in targets): the engine assumes the front line.',
        )
        eng.ctx.cannot_verify(f"missing line of the card {pe.describe()} plays")
        eng.taint_effect(pe, "UA-CHOICE-RECORDED", "anything")
    make_room(eng, pid, place.removes, place.skipped_remove, name, line=place.line)
    card = do_take(st, pid, take)
    d = st.card(card)
    rested = bool(op.get("rested", True))
    if rested and played_active(d.effects):
        eng.ctx.ruling(
            RULE,
            f"{name}'s own text plays it active, {pe.describe()} plays it rested: no source "
            "says which applies; the engine follows the effect.",
        )
        eng.ctx.cannot_verify(f"{name} played rested by an effect, active by its own text")
        eng.taint_effect(pe, RULE, "anything")
    unit = eng.new_unit([card], rested=rested)
    st.players[pid].line(place.line).append(unit)
    entered.record(eng, card, take.zone, pe.source)  # "…の効果で登場していた" (entered.py)
    where = {"hand": "hand", "outside": "outside area"}[take.zone]
    state = "rested" if rested else "active"
    line_words = place.line.replace("_", " ")
    eng.event(
        "play",
        f"{pid} plays {name} from the {where} to the {line_words}, {state}, by {pe.describe()}.",
        player=pid,
        card=card,
        to=place.line,
        by=pe.source,
    )
    eng.ctx.ruling(
        RULE,
        f"{pe.describe()} plays {name} to {pid}'s {line_words}, {state}: a play by an "
        "effect, not from the hand by the player (no AP paid, required energy not checked).",
    )
    if op.get("when_played", True) is False:  # "この効果で登場したキャラの[登場時]は発動しない"
        if any(e.get("when") == "on_play" for e in d.effects):
            eng.ctx.ruling(
                QUIET_RULE,
                f"{name} entered the field by {pe.describe()}, which says its when-played "
                "effects do not activate: they do not.",
            )
        return pos
    when_played(eng, unit, pid)
    return pos


def run_all(
    eng: UnionArenaEngine,
    pe: PendingEffect,
    op: dict[str, Any],
    takes: list[Take],
    targets: list[Any],
    pos: int,
) -> int:
    """Play each of ``takes`` in turn (:func:`run`); a card taken from a zone moves the
    positions of the later ones there down by one."""
    left = list(takes)
    while left:
        take = left.pop(0)
        pos = run(eng, pe, op, take, targets, pos)
        left = [
            replace(t, index=t.index - 1) if t.zone == take.zone and t.index > take.index else t
            for t in left
        ]
    return pos


def when_played(eng: UnionArenaEngine, unit: Unit, pid: str) -> None:
    """The when-played effects of a card an effect played (this one's, or a green or purple
    COLOR trigger's), as rule option ``played_by_effect_on_play`` says (GAP); the same option
    says whether it entered for the abilities waiting for it (UA-TRIGGER-OTHER-LINE-ENTERS)."""
    d = eng.state.card(unit.top)
    if not any(e.get("when") == "on_play" for e in d.effects):
        if eng.options.get(OPTION, "triggers") == "triggers":  # it entered the field as played
            eng.fire_other_line(unit, pid)  # "このキャラと別のラインに〈X〉が登場した時"
        return
    if eng.options.get(OPTION, "triggers") == "triggers":
        eng.ctx.ruling(
            WHEN_PLAYED_RULE,
            f"{eng.name(unit.top)} entered the field by an effect: its when-played effects "
            f"trigger (rule option {OPTION}).",
        )
        eng.fire(unit, "on_play", pid)
    else:
        eng.ctx.ruling(
            WHEN_PLAYED_RULE,
            f"{eng.name(unit.top)} entered the field by an effect: its when-played effects "
            f"do not trigger (rule option {OPTION}).",
        )


def made_active(eng: UnionArenaEngine, u: Unit) -> None:
    """Before ``u`` is made active otherwise than by start or end phase step 2 (an effect, a
    trigger, Double Attack or Double Block): if it is not to become active the next time (a
    yellow COLOR trigger, UA-EFFECT-NO-ACTIVATE), no source says whether this is that time;
    the caller makes it active, its next activation by the rules is still skipped, and the
    step is unverifiable."""
    if u.no_activate and u.rested:
        eng.ctx.ruling(
            u.no_activate,
            f"{eng.name(u.top)} was not to become active the next time, and is made active "
            "now, not by the start or end phase: whether this is that time is in no source "
            "(the engine still skips its next activation by the rules).",
        )
        eng.ctx.cannot_verify(f"{u.top} made active while it was not to become active")


def first_choice(eng: UnionArenaEngine, controller: str, sel: dict[str, Any]) -> list[Any]:
    """A legal record of a play's choice (``judge legal``): none for "up to"; else the first
    card that meets the conditions, with its line (the front line for a character the text
    lets the player place) and a card to remove when that line is full."""
    from judge.games.union_arena.targets import card_mismatch

    if sel.get("up_to"):
        return []
    st = eng.state
    ps = st.players[controller]
    zone = sel.get("zone", "hand")
    for iid in ps.hand if zone == "hand" else ps.outside:
        if iid is None or card_mismatch(eng, sel, iid, zone == "hand"):
            continue
        kind = st.card(iid).type
        to = sel.get("play", "field")
        line = "energy_line" if kind == "field" else ("front_line" if to == "field" else to)
        if kind not in ("character", "field") or (kind == "field" and to == "front_line"):
            continue
        record: dict[str, Any] = {"to": line}
        if len(ps.line(line)) >= LINE_LIMIT:
            record["remove"] = [ps.line(line)[0].top]
        return [iid, record]
    return []
