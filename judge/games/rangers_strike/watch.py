"""A card's effect that triggers while the card is somewhere, on what happens to another card
(RS-WHILE-IN-AREA).

"【影武者】これが自軍エリアにある間、特徴「レッド」を持つユニットがラッシュされたとき、これを捨札にする。":
while the unit is in its player's rush or battle area (``while`` ``field``; "自軍ラッシュエリアにある
間": ``rush``), when a unit with the feature (either player's; "自軍ユニット": its player's own,
``of`` ``{"feature": X, "side": "own"}``; "敵軍ユニット": an opposing player's, ``"side":
"opponent"``, and with "敵軍ラッシュフェイズ中" before it ``"phase": "rush"``, only in an opposing
player's rush phase) is rushed (``on_rushed``), the effect triggers, as the
rushed unit's own "これをラッシュしたとき" does, and waits with it (the turn player orders them,
RS-SIMULTANEOUS).  "…ユニットがバトルエリアに出たとき" (``on_entered``) alike, when a unit enters
the battle area in its player's battle phase or is put there by an effect ("可能ならバトルエリアに
出す", RS-TO-BATTLE: it comes out into the battle area all the same).  A unit riding a vehicle
is in its area, under its own features; a vehicle is no unit.

The condition holds when the effect triggers, and still when it resolves: the fan wiki's page on
resolving effects says an effect resolves although its unit has left "「このユニットが自軍エリア
にある限り」などと期限が指定されていない限り" (atwiki renst 1869), so an effect so limited does
nothing once its unit has left.

A unit put into the rush area by an effect (``by_effect``: from the hand, deck, discard pile,
power or command zone) is rushed all the same: the fan wiki's page on rushing, atwiki renst page
146 ラッシュ, "カードの効果等によるものでも、エリア以外の場所にあったカードがエリアに出た時は全て「ラッシュされた」
として扱う" (RS-FROM-DISCARD); the same page says a unit returned from the battle area to the rush
area is not rushed, so a return tells no one.

What the sources leave open is not guessed (the step is unverifiable, the effect noted as not
executed until an ``outcome`` records it): whether the unit sees its own rush or entry (it
comes to its area, or leaves the rush area, as that happens), and in tag battle whether
"自軍ユニット" takes in the ally's.

``discard`` ("これを捨札にする"): the unit itself goes to its owner's discard pile without
being destroyed (no when-destroyed effect), the vehicle it rides staying in its place
(RS-DISCARD-SELF).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike import (
    effects,
    hand_cycle,
    morph,
    neighbours,
    resident_watch,
    stacking,
    tag_resident,
    top_look,
)
from judge.games.rangers_strike.effects import WATCHED, WHILE_AREAS
from judge.games.rangers_strike.state import AREAS, Unit, leave_area, turn_effects_gone

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-WHILE-IN-AREA"
#: an opposing unit rushed in its player's rush phase ("敵軍ラッシュフェイズ中、…敵軍ユニット")
OPPOSING_RULE = "RS-OPPOSING-RUSHED"
DISCARD_RULE = "RS-DISCARD-SELF"
#: what a watched effect's trigger is, in words
_SEEN = {"on_rushed": "is rushed", "on_entered": "enters the battle area"}
_WHERE = {"rush": "rush area", "field": "rush or battle area"}


def in_play(eng: RangersStrikeEngine) -> Iterator[tuple[str, str, Unit, str]]:
    """Every card in a rush or battle area, ``(player, area, unit, card)``: a unit, and the
    vehicle it rides (the same entry), in player, area and position order."""
    st = eng.state
    for pid in st.order:
        ps = st.players[pid]
        for area in AREAS:
            for unit in ps.area(area):
                for iid in unit.cards():
                    yield pid, area, unit, iid


def with_effect(eng: RangersStrikeEngine, when: str) -> list[tuple[str, str, Unit, str]]:
    """:func:`in_play`'s cards whose card has an effect of the timing ``when``, in the same
    order (the others are passed over by their code: a long log's areas hold hundreds of
    units)."""
    # (codes_where's answer read first: a few times an action, without the call, the key's
    # formatting or the test made anew)
    codes = eng.codes_known.get(("when", when))
    if codes is None:
        codes = eng.codes_where(
            ("when", when), lambda d: any(e.get("when") == when for e in d.effects), shared=True
        )
    if not codes:
        return []
    st = eng.state
    code_of = st.code_of
    # (in_play's walk written out, its two areas and a unit's cards, Unit.cards, too: not a
    # generator resumed for every card in play, a few times an action)
    out: list[tuple[str, str, Unit, str]] = []
    for pid in st.order:
        ps = st.players[pid]
        for area, units in (("rush", ps.rush), ("battle", ps.battle)):
            for unit in units:
                if code_of[unit.card] in codes:
                    out.append((pid, area, unit, unit.card))
                vehicle = unit.vehicle
                if vehicle is not None and code_of[vehicle] in codes:
                    out.append((pid, area, unit, vehicle))
    return out


def _fits(eng: RangersStrikeEngine, of: dict[str, Any], subject: Unit) -> bool:
    """Whether ``subject`` is the unit an effect's ``of`` names: a unit (not a vehicle: the
    printed ユニット) with the feature, printed or added (RS-SELECT-FEATURE)."""
    st = eng.state
    return st.card(subject.card).is_unit and of["feature"] in st.unit_features(subject)


def seen(
    eng: RangersStrikeEngine, trigger: str, subject: Unit, owner: str, by_effect: bool = False
) -> None:
    """``subject``, ``owner``'s unit, was rushed (``trigger`` ``on_rushed``; ``by_effect``: put
    into the rush area by an effect) or entered the battle area (``on_entered``, by its
    player's enter or put there by an effect): the effects of that timing of the cards in play
    whose condition holds wait in the pool (the doubtful ones are not guessed)."""
    # (with_effect's first test written out: every rush and enter asks, few games have the text)
    known = eng.codes_known.get(("when", trigger))
    found = with_effect(eng, trigger) if trigger in WATCHED and (known is None or known) else ()
    st = eng.state
    for pid, area, unit, iid in found:
        for index, effect in enumerate(st.card(iid).effects):
            if effect.get("when") != trigger:
                continue
            if not eng.supports(effect):
                continue
            of = effect["of"]
            if not _fits(eng, of, subject) or (area not in _areas(effect) and unit is not subject):
                continue
            if of.get("side") == "own" and owner != pid and owner not in eng.allies(pid):
                continue
            if of.get("side") == "opponent" and owner not in eng.opponents(pid):
                continue  # RS-WHILE-IN-AREA: "敵軍ユニット", an opposing player's
            if of.get("phase") == "rush" and not (
                st.phase == "rush" and st.turn_player in eng.opponents(pid)
            ):
                continue  # "敵軍ラッシュフェイズ中": only in an opposing player's rush phase
            pe = PendingEffect(0, pid, iid, effect, index, trigger, {"unit": unit})
            whose = "an opposing unit" if of.get("side") == "opponent" else "a unit"
            rule = OPPOSING_RULE if of.get("side") == "opponent" else RULE
            what = (
                f"{eng.name(iid)}'s effect (when {whose} with the feature {of['feature']} "
                f"{_SEEN[trigger]})"
            )
            if of.get("side") == "own" and owner != pid:  # tag battle: the ally's unit
                eng.not_guessed(
                    pe,
                    rule,
                    f"{eng.name(subject.card)} is {owner}'s, {pid}'s ally's, and whether 自軍ユニット "
                    f"means {pid}'s units or its team's the sources do not say",
                    f"{what} is not carried out.",
                )
                continue
            if unit is subject:
                eng.not_guessed(
                    pe,
                    rule,
                    f"{eng.name(iid)} itself {_SEEN[trigger]}, and whether a unit sees what "
                    "happens to itself as it comes or goes there the sources do not say",
                    f"{what} is not carried out.",
                )
                continue
            seen_as = _SEEN[trigger]
            if by_effect:  # atwiki renst 146: a card an effect puts into an area is "rushed"
                seen_as = "is put into the rush area by an effect, which is its being rushed"
            eng.ctx.ruling(
                rule,
                f"{eng.name(iid)} is in {pid}'s {area} area, and {eng.name(subject.card)} "
                f"(with the feature {of['feature']}) {seen_as}: its effect triggers.",
            )
            eng.pool.add(pid, iid, effect, index, trigger, unit=unit, subject=subject.card)
    # (each one's first test written out, their codes read here: every rush and enter asks,
    # and few games print those texts; none printed, nothing happens in the call)
    known = eng.codes_known
    if trigger == "on_entered":  # RS-RESIDENT-ENTERED: a resident's text
        codes = known.get(resident_watch.CODES)
        if codes is None or codes:
            resident_watch.seen(eng, subject, owner)
        codes = known.get(top_look.WHEN)
        if codes is None or codes:
            top_look.seen(eng, subject, owner)  # RS-LOOK-TOP-CATEGORY: a resident's text
        codes = known.get(tag_resident.CODES)
        if codes is None or codes:
            tag_resident.seen(eng, subject, owner)  # RS-TAG-HELD-ENTERED: a resident's text
    if trigger == "on_rushed":  # RS-RUSHED-HAND-CYCLE: a resident's text
        codes = known.get(hand_cycle.CODES)
        if codes is None or codes:
            hand_cycle.seen(eng, subject, owner, by_effect)
        codes = known.get(morph.NAME)
        if codes is None or codes:
            morph.seen(eng, subject, owner, by_effect)  # RS-MORPH: an opposing unit's Morph


def _areas(effect: dict[str, Any]) -> tuple[str, ...]:
    """The areas of its player's where an effect's card must be (``while``)."""
    return WHILE_AREAS[effect["while"]]


def still_there(eng: RangersStrikeEngine, pe: PendingEffect, what: str) -> bool:
    """RS-WHILE-IN-AREA: whether the card of an effect limited to "これが自軍…エリアにある間" is
    still there as it resolves (the same unit: one that has left and come back is another);
    if not, the effect does nothing, and a ruling says so."""
    if resident_watch.is_effect(pe.effect):  # RS-RESIDENT-ENTERED: a resident in place
        return resident_watch.still_there(eng, pe, what)
    st = eng.state
    unit: Unit | None = pe.context.get("unit")
    where = st.area_of(unit) if unit is not None and pe.source in unit.cards() else None
    if where is not None and where[0] == pe.controller and where[1] in _areas(pe.effect):
        return True
    eng.event("effect", f"{eng.name(pe.source)} has left its place: {what} does nothing.")
    eng.ctx.ruling(
        RULE,
        f"{what} applies only while {eng.name(pe.source)} is in {pe.controller}'s "
        f"{_WHERE[pe.effect['while']]}, and it has left: the effect is not resolved.",
    )
    return False


def discard_self(eng: RangersStrikeEngine, found: list[tuple[str, str, Unit]], what: str) -> None:
    """RS-DISCARD-SELF: "これを捨札にする": the unit itself (still in its area) goes to its
    owner's discard pile, not destroyed; the vehicle it rides stays in its place (RS-RIDER)."""
    st = eng.state
    for pid, area, unit in found[:1]:
        if stacking.leaving(eng, unit, f"is put into the discard pile ({what})"):
            continue  # RS-STACK-STAY: a card it is stacked on keeps it in place
        left = leave_area(st, st.players[pid].area(area), unit)
        if st.entering is unit:
            st.entering = None
        owner = st.owner_of[unit.card]
        st.players[owner].discard.append(unit.card)
        eng.event(
            "to_discard",
            f"{eng.name(unit.card)} goes from {pid}'s {area} area to the discard pile ({what}; "
            "not destroyed).",
            player=owner,
            card=unit.card,
        )
        eng.ctx.ruling(
            DISCARD_RULE,
            f"{eng.name(unit.card)} is put into the discard pile by its own text: it is not "
            "destroyed, so no when-destroyed effect triggers.",
        )
        if left is not None:
            eng.rider_left(left, unit.card)


TURN_RULE = "RS-TURN-END"


def turn_end(eng: RangersStrikeEngine, pid: str) -> None:
    """RS-TURN-END: ``pid``'s end phase begins: the ``turn_end`` effects of the cards in play
    that this turn's end triggers wait in the pool (``turn`` ``own``: its player's turn;
    ``opponent``: an opponent's, while the card is where ``while`` says), when their condition
    holds (RS-RELEASE-RIDER: a held unit rides the vehicle; RS-NEXT-TO: the unit has the
    ability then, :func:`_has_ability`) and they could do something
    (RS-OPPONENT-RESTRICTION: a unit of the opponent's fits; else a ruling says nothing
    happens).  In tag battle whose turn ends at which player's end phase the sources do not
    say: not guessed."""
    known = eng.codes_known.get(("when", "turn_end"))  # (as in seen)
    if known is not None and not known:
        return
    st = eng.state
    for q, area, unit, iid in with_effect(eng, "turn_end"):
        for index, effect in enumerate(st.card(iid).effects):
            if effect.get("when") != "turn_end" or not eng.supports(effect):
                continue
            if effect["turn"] == "own" and q not in eng.allies(pid):
                continue
            if effect["turn"] == "opponent" and (
                pid not in eng.opponents(q) or area not in _areas(effect)
            ):
                continue
            if effect.get("if") == {"rider_held": True} and not (unit.vehicle == iid and unit.held):
                continue
            if effect.get("if") == effects.HELD_SELF and not (unit.card == iid and unit.held):
                continue  # RS-TURN-END-HELD-DISCARD: "これがホールド状態なら", not held now
            if effect["turn"] == "opponent" and not _could_destroy(eng, q, effect, iid):
                continue
            if neighbours.is_condition(effect.get("if")) and not _has_ability(
                eng, q, unit, iid, effect, index
            ):
                continue  # RS-NEXT-TO: it has no such ability now (or that is not known)
            if len(eng.allies(pid)) > 1:
                eng.not_guessed(
                    PendingEffect(0, q, iid, effect, index, "turn_end", {"unit": unit}),
                    TURN_RULE,
                    f"in tag battle whether {pid}'s end phase is where {q}'s turn ends, for "
                    f"{eng.name(iid)}'s text of the end of a turn, the sources do not say",
                    f"{eng.name(iid)}'s effect is not carried out.",
                )
                continue
            whose = "its player's" if effect["turn"] == "own" else "an opponent's"
            eng.ctx.ruling(
                TURN_RULE,
                f"{pid}'s turn ends: {eng.name(iid)}'s effect of the end of {whose} turn "
                "triggers in the end phase (the engine resolves it before the effects until the "
                "end of the turn end).",
            )
            if effect["turn"] == "opponent":
                sel = effect["do"][0]["target"]
                eng.ctx.ruling(
                    RESTRICTION_RULE,
                    f"{eng.name(iid)} is in {q}'s {_WHERE[effect['while']]}: {pid} is restricted, "
                    f"and at the end of its own turn chooses {sel['count']} of its own units"
                    + (f" with the feature {sel['feature']}" if "feature" in sel else "")
                    + " and destroys it.",
                )
            eng.pool.add(q, iid, effect, index, "turn_end", unit=unit)


RESTRICTION_RULE = "RS-OPPONENT-RESTRICTION"


def _has_ability(
    eng: RangersStrikeEngine,
    q: str,
    unit: Unit,
    iid: str,
    effect: dict[str, Any],
    index: int,
) -> bool:
    """RS-NEXT-TO: whether ``unit`` has the ability of the end of its turn it has while units
    so described stand beside it (a ruling says so); when that is not known the effect is not
    guessed (noted as not executed)."""
    holds, said = neighbours.at_turn_end(eng, unit, effect["if"])
    if holds is None:
        eng.not_guessed(
            PendingEffect(0, q, iid, effect, index, "turn_end", {"unit": unit}),
            neighbours.RULE,
            f"whether {eng.name(iid)} has its ability of the end of the turn is not known: {said}",
            f"{eng.name(iid)}'s effect is not carried out.",
        )
        return False
    if not holds:
        eng.ctx.ruling(neighbours.RULE, f"{eng.name(iid)}: {said}, so nothing triggers.")
    return holds


def bp_doubt(eng: RangersStrikeEngine, pe: PendingEffect) -> str | None:
    """RS-TURN-END, RS-BP-AT-MOST-THIS: why the units an effect of the end of a turn may choose
    by BP ("このユニットのBP以下のBPを持つ") are not known, or None: the effect's own unit's BP
    is not known, or the units that fit differ with the effects until the end of the turn and
    without them (which end first the sources do not say)."""
    from judge.games.rangers_strike.resolve import bp_limit, fitting

    unit: Unit | None = pe.context.get("unit")
    for sel in effects.selectors(pe.effect):
        if not sel.get("bp_max_self"):
            continue
        if bp_limit(eng, sel, unit) is None:
            return f"{eng.name(pe.source)}'s BP is not known"
        now = [f[2] for f in fitting(eng, pe.controller, sel, unit)]
        with turn_effects_gone(eng.state):
            if bp_limit(eng, sel, unit) is None:
                return f"{eng.name(pe.source)}'s BP is not known"
            later = [f[2] for f in fitting(eng, pe.controller, sel, unit)]
        if len(now) != len(later) or any(a is not b for a, b in zip(now, later, strict=False)):
            return (
                "the units whose BP is no more than its own differ with the effects until the "
                "end of the turn and without them, and whether those end before or after the "
                "texts of the end of the turn resolve the sources do not say"
            )
    return None


def _could_destroy(eng: RangersStrikeEngine, q: str, effect: dict[str, Any], iid: str) -> bool:
    """RS-OPPONENT-RESTRICTION: whether a unit of ``q``'s opponents fits the effect's selector
    now (the choice is theirs); if none does, a ruling says the effect does nothing."""
    st = eng.state
    sel = effect["do"][0]["target"]
    for p in eng.opponents(q):
        for u in st.players[p].units():
            if st.card(u.card).is_unit and (
                "feature" not in sel or sel["feature"] in st.unit_features(u)
            ):
                return True
    what = f"a unit with the feature {sel['feature']}" if "feature" in sel else "a unit"
    eng.ctx.ruling(
        RESTRICTION_RULE,
        f"{eng.name(iid)}: no opposing player has {what} in its rush or battle area, so there "
        "is nothing to destroy at the end of its turn.",
    )
    return False


def added_this_turn(eng: RangersStrikeEngine, pe: PendingEffect, what: str) -> bool:
    """RS-TURN-END: whether a unit an effect of the end of a turn chooses by a feature has it
    only by an effect until the end of the turn (RS-ADD-FEATURE): which ends first the sources
    do not say, so the effect is not guessed (True)."""
    st = eng.state
    for op in pe.effect["do"]:
        sel = op.get("target")
        if not isinstance(sel, dict) or "feature" not in sel:
            continue
        feature = sel["feature"]
        for p in eng.opponents(pe.controller):
            for u in st.players[p].units():
                if feature in st.unit_features(u) and feature not in st.card(u.card).features:
                    eng.not_guessed(
                        pe,
                        TURN_RULE,
                        f"{eng.name(u.card)} has the feature {feature} only until the end of the "
                        "turn, and whether that ends before or after the texts of the end of the "
                        "turn resolve the sources do not say",
                        f"{what} is not carried out.",
                    )
                    return True
    return False
