"""Morph (※モーフ, RS-MORPH): "※モーフ(敵軍ユニットがモーフ以外でラッシュされたとき、特徴がこのユニット
と完全一致するオモテ向きのユニットカードを自軍ゾーンから1枚選び、これと置き換えてもよい)", the keyword printed
bare (``※モーフ``) or with that reminder.

The card's rule ``{"rule": "morph"}``.  When a unit of an opposing player's is rushed other than by
Morph, each unit with Morph in its player's rush or battle area triggers a pending choice (the
``morph`` effect, ordered with the other effects of that timing, RS-SIMULTANEOUS): its player may
choose one face-up unit card of its own command zone or power zone (自軍ゾーン: those two only,
the fan wiki's Q&A A1) whose features are exactly the unit's (the same features in the same
order, atwiki renst 1294: "持っている特徴の種類と並び順が同じ"; the card need not have Morph, A5) and
replace the unit with it.  The log records it as a ``resolve`` of the unit's pending effect:
``use: true`` with the card in ``targets`` (an instance id, or a code when one card of the two
zones has it), or ``use: false`` (no record: not used, RS-CHOICE-RECORDED).  The card is chosen
as the effect resolves (A6).

The replacement (置き換え, atwiki renst 1413, "2枚のカードの配置を、ホールドやリリースの状態はそのまま
に置き換えること"): the card takes the unit's place (its area and position, held or released, the
vehicle it rides), and the unit's card takes the card's place (the command zone held or released
as the command was, A2, A3; the power zone face up).  No required power, additional condition or
command is asked (A4).  The card comes out as a rush ("置き換えでエリアに出ることはラッシュに含まれる。
ラッシュしたときに発動する効果は当然発生する"): its own when-rushed effects trigger, a note to rush it
held holds it, and the texts watching for a unit's being rushed see it (but not Morph: "モーフ以外
で").  What was on the unit (effects until the end of the turn) stays with the card that leaves.

A unit an effect puts into the rush area is rushed too (atwiki renst 146 ラッシュ: "カードの効果等によ
るものでも、エリア以外の場所にあったカードがエリアに出た時は全て「ラッシュされた」として扱う", RS-WHILE-IN-AREA;
the Morph page's advice, "敵軍パワーゾーンやコマンドゾーンからユニットを引きずり出す", to use it in one's own
turn says the same).

Not guessed (the step unverifiable, the effect noted as not executed until an ``outcome`` records
it): tag battle (whose units are 敵軍 and whose zones 自軍ゾーン); a unit with
features added (their order); a unit stacked on a card (what becomes of it, atwiki renst 1413
"「ユニットでなくなるとき」以下の表記に準じる"); a unit in an attack or strike or just entering; a card
put into the battle area that prints a rule on entering it (unless it prints "モーフで出るときは除く")
or has or is watched by a text of entering it ("タイミングさえ合っていれば"); a unit card put released
into the command zone while a text holds such cards (RS-PLACED-HELD); and the card chosen when the
log names none and one could have been.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import bind, is_instance, ref_code, ref_text
from judge.core.timing import PendingEffect
from judge.games.rangers_strike.state import AREAS, Command, PowerCard, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.cards import CardDef
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-MORPH"
NAME = "morph"
WHEN = "morph"
#: the pending choice of a unit with Morph as an opposing unit is rushed
EFFECT: dict[str, Any] = {
    "when": WHEN,
    "optional": True,
    "do": [{"op": NAME}],
    "text": "※モーフ",
}
#: the index the pending choice takes among its card's effects (apart from the printed ones)
INDEX = 300
Problem = tuple[str, str]
#: a card chosen: (its zone, ``command`` or ``power``, its instance, bound from a hidden slot)
Take = tuple[str, str, bool]
#: the unit rushed by Morph now (its watchers see it; no Morph does)
_RUSHED_BY_MORPH: list[Unit] = []


def has(eng: RangersStrikeEngine, iid: str) -> bool:
    """Whether card ``iid`` prints Morph."""
    return any(r.get("rule") == NAME for r in eng.state.card(iid).restrictions)


def _prints(d: CardDef) -> bool:
    return any(r.get("rule") == NAME for r in d.restrictions)


def is_effect(effect: dict[str, Any]) -> bool:
    return effect.get("when") == WHEN


def ok(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` is the pending choice exactly."""
    return {k: v for k, v in effect.items() if k != "text"} == {
        k: v for k, v in EFFECT.items() if k != "text"
    }


def seen(eng: RangersStrikeEngine, subject: Unit, owner: str, by_effect: bool) -> None:
    """``subject``, ``owner``'s unit, was rushed (``by_effect``: put into the rush area by an
    effect, rushed all the same): the units with Morph of ``owner``'s opponents trigger (module
    docstring)."""
    st = eng.state
    # asked first: no card of the game's prints it, nothing is looked up (every rush asks; a
    # long log's areas hold hundreds of units)
    codes = eng.codes_known.get(NAME)  # (codes_where's answer read first: no call)
    if codes is None:
        codes = eng.codes_where(NAME, _prints, shared=True)
    if not codes:
        return
    if not st.card(subject.card).is_unit or any(u is subject for u in _RUSHED_BY_MORPH):
        return  # a vehicle is no unit; "モーフ以外で": a rush by Morph triggers no Morph
    code_of = st.code_of
    morphs = [
        (pid, unit)
        for pid in st.order
        for area in AREAS
        for unit in st.players[pid].area(area)
        if code_of[unit.card] in codes
    ]
    for pid, unit in morphs:
        iid = unit.card
        if owner not in eng.opponents(pid):
            continue
        what = f"{eng.name(iid)}'s Morph"
        if len(eng.allies(pid)) > 1:
            why = (
                f"in tag battle whether {eng.name(subject.card)}, {owner}'s, is 敵軍 to {pid} for "
                "Morph, and whose zones 自軍ゾーン takes in, the sources do not say"
            )
            pe = PendingEffect(0, pid, iid, dict(EFFECT), INDEX, WHEN, {"unit": unit})
            eng.not_guessed(pe, RULE, why, f"{what} is not carried out.")
            continue
        how = " by an effect, which is its being rushed (atwiki renst 146)" if by_effect else ""
        eng.ctx.ruling(
            RULE,
            f"{eng.name(subject.card)}, {owner}'s, is rushed{how} (not by Morph): {what} triggers; "
            f"{pid} may replace it with a face-up unit card of its command or power zone whose "
            "features are exactly its own (resolve: use, and the card in targets).",
        )
        eng.pool.add(pid, iid, dict(EFFECT), INDEX, WHEN, unit=unit, subject=subject.card)


def _there(eng: RangersStrikeEngine, pe: PendingEffect) -> tuple[str, str] | None:
    """Where the unit with Morph stands, (player, area), or None when it has left."""
    unit: Unit | None = pe.context.get("unit")
    if unit is None or unit.card != pe.source:
        return None
    where = eng.state.area_of(unit)
    return where if where is not None and where[0] == pe.controller else None


def _fits(eng: RangersStrikeEngine, unit: Unit, iid: str) -> bool | None:
    """Whether card ``iid``'s features are exactly ``unit``'s (None: not known, the unit having
    features added whose order is not known)."""
    st = eng.state
    now, printed = st.unit_features(unit), st.card(unit.card).features
    theirs = st.card(iid).features
    if tuple(now) == tuple(printed):
        return tuple(theirs) == tuple(now)
    return None if sorted(theirs) == sorted(now) else False


def _known_cards(eng: RangersStrikeEngine, pid: str) -> list[tuple[str, str]]:
    """``(zone, card)`` for the cards of ``pid``'s command zone and the known face-up cards of its
    power zone."""
    ps = eng.state.players[pid]
    return [("command", c.card) for c in ps.command] + [
        ("power", p.card) for p in ps.power if p.face_up and p.card is not None
    ]


def first_targets(eng: RangersStrikeEngine, pe: PendingEffect) -> list[str]:
    """The first known card the unit may be replaced with, as a legal resolve names it (none
    when the unit has left or none fits)."""
    where = _there(eng, pe)
    if where is None:
        return []
    st = eng.state
    unit: Unit = pe.context["unit"]
    for _, c in _known_cards(eng, where[0]):
        if st.card(c).is_unit and _fits(eng, unit, c):
            return [c]
    return []


def _doubt(eng: RangersStrikeEngine, pe: PendingEffect, unit: Unit, area: str) -> str | None:
    """What about the unit makes the replacement not known (module docstring), or None."""
    st = eng.state
    if unit.stacked:
        return (
            f"{eng.name(unit.card)} is stacked on a card, and what becomes of it as the unit is "
            "replaced (「ユニットでなくなるとき」以下の表記に準じる) the engine does not read"
        )
    b = st.battle
    if (b is not None and unit in (b.attacker, b.target)) or st.entering is unit:
        return (
            f"{eng.name(unit.card)} is in an attack or strike, or has just entered, and what its "
            "replacement makes of that the sources do not say"
        )
    return None


Picks = tuple[Take | None, list[Any], list[Problem], str | None]


def picks(
    eng: RangersStrikeEngine, pe: PendingEffect, targets: list[Any], use: bool | None
) -> Picks:
    """The card the unit is replaced with: ``(take, targets left, problems, doubt)``; ``take``
    None when nothing is replaced (or, with a doubt, when that is not known)."""
    if use is False:
        return None, targets, [], None
    where = _there(eng, pe)
    if where is None:
        return None, [], [], None  # the unit has left: nothing to replace
    st = eng.state
    pid, area = where
    unit: Unit = pe.context["unit"]
    ps = st.players[pid]
    hidden = any(p.face_up and p.card is None for p in ps.power)
    if not targets:
        can = [c for _, c in _known_cards(eng, pid) if st.card(c).is_unit and _fits(eng, unit, c)]
        if not can and not hidden:
            return None, [], [], None  # no card fits: nothing is replaced, exactly
        return (
            None,
            [],
            [],
            f"which card {pid} replaced {eng.name(unit.card)} with by Morph (if any) is not "
            "recorded",
        )
    if len(targets) > 1:
        return (
            None,
            [],
            [(RULE, f"Morph replaces the unit with one card, and the log names {len(targets)}.")],
            None,
        )
    ref = targets[0]
    code = ref_code(st, ref)
    mine = [
        (zone, c)
        for zone, c in _known_cards(eng, pid)
        if (c == ref if is_instance(st, ref) else st.code_of[c] == code)
    ]
    if not is_instance(st, ref) and (len(mine) > 1 or (hidden and not mine)):
        return None, [], [], f"which card {ref_text(ref)} names is not known (name an instance)"
    take: Take
    if mine:
        take = (mine[0][0], mine[0][1], False)
    elif is_instance(st, ref) and hidden and ref in ps.unseen.get(code, []):
        take = ("power", ref, True)
    else:
        allies = [q for q in eng.allies(pid) if q != pid]
        if any(
            (c == ref if is_instance(st, ref) else st.code_of[c] == code)
            for q in allies
            for _, c in _known_cards(eng, q)
        ):
            return (
                None,
                [],
                [],
                f"{ref_text(ref)} is a card of {pid}'s ally's zones, and whether 自軍ゾーン takes "
                "them in the sources do not say",
            )
        return (
            None,
            [],
            [
                (
                    "RS-CARD-IN-ZONE",
                    f"{ref_text(ref)} is not a card of {pid}'s command zone or a face-up card of "
                    "its power zone (Morph chooses from 自軍ゾーン, those two only).",
                )
            ],
            None,
        )
    iid = take[1]
    d = st.card(iid)
    if not d.is_unit:
        return (
            None,
            [],
            [(RULE, f"{eng.name(iid)} is not a unit card: Morph cannot choose it.")],
            None,
        )
    fits = _fits(eng, unit, iid)
    if fits is None:
        return (
            None,
            [],
            [],
            f"{eng.name(unit.card)} has features added ({', '.join(st.unit_features(unit))}), and "
            "the order they are in, which 完全一致 compares, the engine does not know",
        )
    if not fits:
        return (
            None,
            [],
            [
                (
                    RULE,
                    f"{eng.name(iid)}'s features ({', '.join(d.features) or 'none'}) are not "
                    f"exactly {eng.name(unit.card)}'s ({', '.join(st.unit_features(unit))}): "
                    "Morph cannot choose it.",
                )
            ],
            None,
        )
    return take, [], [], _doubt(eng, pe, unit, area) or _entering_doubt(eng, iid, area)


def _entering_doubt(eng: RangersStrikeEngine, iid: str, area: str) -> str | None:
    """Why a card put into the battle area by Morph is not judged (module docstring), or None."""
    if area != "battle":
        return None
    from judge.games.rangers_strike import effects
    from judge.games.rangers_strike.watch import in_play

    st = eng.state
    d = st.card(iid)
    for r in d.restrictions:
        if r.get("rule") == "no_enter" or (
            r.get("rule") == "enter_hold" and not r.get("except_morph")
        ):
            return (
                f"{eng.name(iid)} would come out into the battle area, and prints a rule on "
                "entering it; whether that rule holds for a card Morph puts there the sources do "
                "not say"
            )
    if any(e.get("when") == "on_enter" for e in d.effects):
        return (
            f"{eng.name(iid)} would come out into the battle area and has a text of entering it, "
            "and when such a text triggers for a card Morph puts there (タイミングさえ合っていれば) "
            "the sources do not say"
        )
    watched = [
        c
        for _, _, _, c in in_play(eng)
        if any(e.get("when") in effects.WATCHED for e in st.card(c).effects)
    ] + [r for _, r in st.placed() if st.card(r).effects]
    if watched:
        return (
            f"{eng.name(iid)} would come out into the battle area, and "
            f"{eng.name(watched[0])} has a text that may watch for a unit's entering it, which "
            "the engine does not judge for a card Morph puts there"
        )
    return None


def _placed_doubt(eng: RangersStrikeEngine, pid: str) -> str | None:
    """RS-PLACED-HELD: a text that holds a card put released into a command zone is in play."""
    from judge.games.rangers_strike import placed_held
    from judge.games.rangers_strike.watch import in_play

    st = eng.state
    for _, _, _, c in in_play(eng):
        if any(placed_held.is_effect(e) for e in st.card(c).effects):
            return (
                f"the unit's card goes released into {pid}'s command zone, and whether "
                f"{eng.name(c)}'s text holds a card so put there the sources do not say"
            )
    return None


def resolve(
    eng: RangersStrikeEngine, pe: PendingEffect, targets: list[Any], use: bool | None
) -> None:
    """The recorded choice: the unit replaced with the card named, or not (module docstring)."""
    st = eng.state
    what = f"{eng.name(pe.source)}'s Morph"
    if use is False:
        eng.event("effect_declined", f"{pe.controller} does not use {what}.", card=pe.source)
        return
    where = _there(eng, pe)
    if where is None:
        eng.event("effect", f"{eng.name(pe.source)} has left its place: {what} does nothing.")
        eng.ctx.ruling(
            RULE, f"{eng.name(pe.source)} is no longer a unit there: nothing to replace."
        )
        return
    take, _, problems, doubt = picks(eng, pe, targets, use)
    if doubt is not None:
        eng.not_guessed(
            pe,
            RULE,
            doubt,
            f"{what} is not carried out; the log may record what it did in an `outcome`.",
        )
        return
    if take is None or problems:
        if not problems:
            eng.ctx.ruling(
                RULE,
                f"{pe.controller} has no face-up unit card in its command or power zone whose "
                f"features are exactly {eng.name(pe.source)}'s: {what} replaces nothing.",
            )
        return
    pid, area = where
    zone, iid, bound = take
    ps = st.players[pid]
    unit: Unit = pe.context["unit"]
    old = unit.card
    if zone == "command":
        i = next(k for k, c in enumerate(ps.command) if c.card == iid)
        command_held = ps.command[i].held
        if not command_held:
            placed = _placed_doubt(eng, pid)
            if placed is not None:
                eng.not_guessed(pe, RULE, placed, f"{what} is not carried out.")
                return
        ps.command[i] = Command(old, held=command_held)
        if command_held:  # RS-PLACED-HELD-WATCH: a unit card held in the command zone now
            from judge.games.rangers_strike import placed_watch

            placed_watch.placed(eng, [(pid, old)], "replaced")
        left = f"{pid}'s command zone, {'held' if command_held else 'released'} as the command was"
    else:
        if bound:
            bind(st, pid, iid)
            i = next(k for k, p in enumerate(ps.power) if p.face_up and p.card is None)
        else:
            i = next(k for k, p in enumerate(ps.power) if p.card == iid)
        ps.power[i] = PowerCard(old, face_up=True)
        left = f"{pid}'s power zone, face up"
    units = ps.area(area)
    new = eng.new_unit(iid)
    new.vehicle, new.held = unit.vehicle, unit.held
    new.acted, new.rode_off, new.entered_at = unit.acted, unit.rode_off, unit.entered_at
    units[units.index(unit)] = new
    unit.vehicle = None
    riding = f", riding {eng.name(new.vehicle)}" if new.vehicle is not None else ""
    eng.event(
        "morph",
        f"{pid}'s {eng.name(old)} is replaced by Morph with {eng.name(iid)} from its {zone} zone: "
        f"{eng.name(iid)} takes its place in the {area} area ({'held' if new.held else 'released'}"
        f"{riding}), and {eng.name(old)} goes to {left}.",
        player=pid,
        card=iid,
        cards=[iid, old],
    )
    eng.ctx.ruling(
        RULE,
        f"{eng.name(iid)}'s features are exactly {eng.name(old)}'s: the two change places, each "
        "taking the other's state (held or released, the vehicle ridden, face up); no required "
        "power, additional condition or command is asked, and the card comes out as a rush.",
    )
    _rushed(eng, pid, new)


def _rushed(eng: RangersStrikeEngine, pid: str, new: Unit) -> None:
    """The card Morph put out is rushed: a note to rush it held, its when-rushed effects and the
    texts watching for a rush (no Morph) (module docstring)."""
    from judge.games.rangers_strike import restrictions, watch

    if restrictions.has(eng, new.card, "rush_held") and not new.held:
        restrictions.rush_held(eng, new)
    eng.fire(new, "on_rush", pid)
    _RUSHED_BY_MORPH.append(new)
    try:
        watch.seen(eng, "on_rushed", new, pid)  # RS-WHILE-IN-AREA
    finally:
        _RUSHED_BY_MORPH.remove(new)


def words(rule: dict[str, Any]) -> str:
    """The rule in plain English (``judge cards show``)."""
    return (
        "Morph: when an opposing unit is rushed other than by Morph, you may replace this unit "
        "with a face-up unit card of your command or power zone whose features are exactly its "
        f"own (the same, in the same order); the card comes out as a rush ({RULE})."
    )
