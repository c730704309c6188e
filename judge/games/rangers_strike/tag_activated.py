"""A resident's text its player executes once in each of its rush phases, its bold part a face-up
card of its power zone put on top of its deck, then, for the turn, its units with a feature given
another feature (RS-TAG-ONCE, RS-TURN-FEATURE): クライマックス刑事's "自軍ラッシュフェイズごとに1度だけ、
『オモテ向きの自軍パワーを1枚選び、自軍山札の上に戻す』を実行してもよい。そうしたとき、このターン、特徴「イマジン」
を持つ自軍ユニットは、「これはバトルエリアに出たとき撃破される」と書かれていても、そのテキストは無効になり、特徴
「警察」を追加される。", read as::

    {"when": "resident_once",
     "do": [{"op": "bold", "part": {"op": "power_to_top"}},
            {"op": "turn_feature", "of": "イマジン", "feature": "警察",
             "void": "これはバトルエリアに出たとき撃破される"}]}

**Executing it** (RS-TAG-ONCE).  The action ``{"do": "activate", "card": <the resident>,
"ability": 1}`` in its player's rush phase, while the resident is that player's in place, once in
each of its player's rush phases for each resident (two copies in place may each be executed: the
official Q&A on RK-242); a second time in one rush phase is illegal under this rule.  The effect
then waits in the pending pool, and its player's ``resolve`` names, in ``targets``, the face-up
card of its power zone it puts on top of its deck (the bold part), or first ``{"bold": R}`` for
another resident's bold part executed instead (RS-TAG).  Naming a card that is not a face-up card
of the player's power zone is illegal; not named, the only one (or copies of one card) is taken,
and among different cards which one is not guessed.  With no face-up card the bold part is not
done, and nothing follows (そうしたとき).

**For the turn** (RS-TURN-FEATURE).  Once the bold part is done, until the end of the turn every
unit of its player's that has the feature X (now, printed or added; a unit rushed later in the
turn too) has the feature Y added (RS-ADD-FEATURE: wherever a feature is looked at it counts), and
the note "これはバトルエリアに出たとき撃破される" it prints is void; the engine reads no such note (a card
printing it is not understood, RS-TEXT-UNREAD), so voiding it changes nothing the engine executes.
Not guessed (unverifiable, not carried out until an ``outcome`` records it): in tag battle the
whole effect (自軍パワー, 自軍山札 and 自軍ユニット may name the team's); the resident gone before the
effect resolves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.timing import PendingEffect
from judge.core.wording import plural
from judge.games.rangers_strike.refs import Problem, find_face_up, is_instance, ref_code

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-TAG-ONCE"
TURN_RULE = "RS-TURN-FEATURE"
WHEN = "resident_once"
GRANT = "turn_feature"
#: the note the text voids, which the engine does not read
VOID = "これはバトルエリアに出たとき撃破される"


def grant_ok(op: Any) -> bool:
    return (
        isinstance(op, dict)
        and set(op) == {"op", "of", "feature", "void"}
        and op["op"] == GRANT
        and isinstance(op["of"], str)
        and bool(op["of"])
        and isinstance(op["feature"], str)
        and bool(op["feature"])
        and op["void"] == VOID
    )


def ok(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` is the one shape the engine executes (module docstring)."""
    from judge.games.rangers_strike import tag_resident

    ops = effect.get("do")
    return (
        effect.get("when") == WHEN
        and not set(effect) - {"when", "do", "text"}
        and isinstance(ops, list)
        and len(ops) == 2
        and isinstance(ops[0], dict)
        and set(ops[0]) == {"op", "part"}
        and ops[0]["op"] == tag_resident.BOLD
        and ops[0]["part"] == {"op": "power_to_top"}
        and grant_ok(ops[1])
    )


def words(effect: dict[str, Any]) -> str:
    grant = effect["do"][1]
    return (
        "Once in each of your rush phases, while this resident is in place, you may execute the "
        "bold part, 'choose one face-up card of your power zone and put it on top of your deck' "
        "(Tag: or, instead, the bold part of another resident of yours in place); if you did, "
        f"until the end of the turn your units with the feature {grant['of']} have the feature "
        f"{grant['feature']} added, and their note 'destroyed when it enters the battle area' is "
        "void"
    )


# -- the action ---------------------------------------------------------------------------------


def resident_named(eng: RangersStrikeEngine, pid: str, ref: Any) -> str | None:
    """The resident of ``pid``'s in place that ``ref`` names, or None."""
    st = eng.state
    placed = st.players[pid].residents
    if is_instance(st, ref):
        return ref if ref in placed else None
    if not isinstance(ref, (str, dict)):
        return None
    code = ref_code(st, ref)
    hits = [c for c in placed if st.code_of[c] == code]
    fresh = [c for c in hits if not used(eng, c)]
    return (fresh or hits or [None])[0]


def used(eng: RangersStrikeEngine, iid: str) -> bool:
    st = eng.state
    return st.once_used.get(iid) == (st.turn, st.turn_player)


def effects_of(eng: RangersStrikeEngine, iid: str) -> list[tuple[int, dict[str, Any]]]:
    return [(i, e) for i, e in enumerate(eng.state.card(iid).effects) if e.get("when") == WHEN]


def check(eng: RangersStrikeEngine, plan: Plan, iid: str) -> None:
    """RS-TAG-ONCE: the resident's text, executed once in this rush phase."""
    n = int(plan.action["ability"])
    listed = effects_of(eng, iid)
    if not 1 <= n <= len(listed):
        plan.violate(
            RULE,
            f"{eng.name(iid)} has {plural(len(listed), 'effect')} executed so in the rush phase: "
            "no "
            f"effect {n}.",
        )
        plan.cannot_apply("no such effect")
        return
    if used(eng, iid):
        plan.violate(
            RULE,
            f"{eng.name(iid)}'s text is executed once in each of its player's rush phases "
            "(自軍ラッシュフェイズごとに1度だけ): it was this rush phase already.",
        )
        plan.cannot_apply("executed already")
        return
    plan.data["resident"] = iid
    plan.data["index"], plan.data["effect"] = listed[n - 1]


def apply(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    iid = plan.data["resident"]
    st.once_used[iid] = (st.turn, st.turn_player)
    eng.ctx.ruling(
        RULE,
        f"{pid} executes the text of its resident {eng.name(iid)}, once in this rush phase: the "
        "effect waits for its resolve.",
    )
    eng.pool.add(pid, iid, plan.data["effect"], plan.data["index"], WHEN)


# -- the bold part: a face-up power card on top of the deck --------------------------------------


def power_pick(
    eng: RangersStrikeEngine, pid: str, targets: list[Any]
) -> tuple[tuple[int, str | None] | None, list[Any], list[Problem], str | None]:
    """The face-up card of ``pid``'s power zone the bold part puts on top of its deck:
    ``(pick, targets left, problems, doubt)``; pick None with no doubt: none to choose."""
    st = eng.state
    ps = st.players[pid]
    ups = [i for i, p in enumerate(ps.power) if p.face_up]
    if targets:
        found, problems = find_face_up(st, pid, targets[:1])
        if problems:
            return None, targets[1:], problems[:1], None
        return found[0], targets[1:], [], None
    if not ups:
        return None, [], [], None
    codes = {st.code_of[c] for i in ups if (c := ps.power[i].card) is not None}
    if len(ups) == 1 or (len(codes) == 1 and all(ps.power[i].card for i in ups)):
        return (ups[0], None), [], [], None
    return None, [], [], f"which face-up card of {pid}'s power zone was chosen is not recorded"


def power_to_top(
    eng: RangersStrikeEngine, pid: str, pick: tuple[int, str | None], what: str
) -> None:
    from judge.core.refs import bind

    st = eng.state
    ps = st.players[pid]
    idx, to_bind = pick
    pc = ps.power[idx]
    if pc.card is None and to_bind is not None:
        bind(st, pid, to_bind)
        pc.card = to_bind
    card = pc.card
    ps.power.pop(idx)
    ps.deck.insert(0, card)
    eng.event(
        "to_deck",
        f"{pid} puts {eng.name(card)}, a face-up card of its power zone, on top of its deck "
        f"({what}).",
        player=pid,
        card=card,
    )


# -- for the turn ----------------------------------------------------------------------------------


def grant(eng: RangersStrikeEngine, pe: PendingEffect, op: dict[str, Any], what: str) -> None:
    st = eng.state
    pid = pe.controller
    st.turn_features.append((pid, op["of"], op["feature"]))
    eng.ctx.ruling(
        TURN_RULE,
        f"Until the end of the turn, {pid}'s units with the feature {op['of']} have the feature "
        f"{op['feature']} added ({what}); the note '{VOID}' they may print is void, and the engine "
        "reads no such note (RS-TEXT-UNREAD), so that changes nothing it executes.",
    )


def features(st: Any, unit: Unit, have: tuple[str, ...]) -> tuple[str, ...]:
    """The features a unit has with the grants for the turn (``have``: the others)."""
    where = st.area_of(unit)
    if where is None:
        return have
    added = [g for q, f, g in st.turn_features if q == where[0] and f in have and g not in have]
    return (*have, *dict.fromkeys(added)) if added else have
