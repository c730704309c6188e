"""A resident's text that triggers when its player rushes a unit with a feature in its own rush
phase: cards of the hand, any number, put on the bottom of the deck, then as many drawn
(RS-RUSHED-HAND-CYCLE): "自軍ラッシュフェイズ中、自分が特徴「忍者」を持つユニットをラッシュしたとき、自分の手
札からカードを好きな枚数選び、自軍山札の下に好きな順で戻してもよい。そうしたとき、戻した枚数と同じ枚数をドローす
る。".

The effect, exactly (a resident operation's, :func:`ok`)::

    {"when": "resident_on_rush", "of": {"feature": X}, "optional": true,
     "do": [{"op": "hand_to_bottom_draw"}]}

While the resident is in place (RS-RESIDENT), when its player rushes a unit (not a vehicle) with
the feature X (now, printed or added) in its own rush phase (the rush action), the effect triggers
and waits with the rush's other effects (RS-SIMULTANEOUS).  Used, the player names in the
resolve's ``targets`` the cards of its hand it chooses, any number, in the order they go to the
bottom of its deck (the last named is the bottom card: 好きな順, the player's order, which the log
records so); only if one or more went (そうしたとき, RS-IF-DONE), it draws as many.  Naming none,
or not using it, does nothing.  A card named that is not in the hand is illegal
(RS-CARD-IN-ZONE).  Not guessed (the step unverifiable, the effect noted as not executed until an
``outcome`` records it): a unit put into the rush area by an effect (whether that is the player's
rushing it the sources do not say); in tag battle a unit of the ally's; the resident gone from its
place before the effect resolves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import take_many
from judge.core.timing import PendingEffect
from judge.core.wording import plural
from judge.games.rangers_strike.refs import ZONE_REFS, Problem

if TYPE_CHECKING:
    from judge.games.rangers_strike.cards import CardDef
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-RUSHED-HAND-CYCLE"
WHEN = "resident_on_rush"
#: the key of :func:`seen`'s codes (codes_where), read first by watch.seen too
CODES = "hand_cycle when"
OP = "hand_to_bottom_draw"

Picks = tuple[list[Any] | None, list[Any], list[Problem], str | None]


def ok(effect: dict[str, Any]) -> bool:
    """Whether a ``resident_on_rush`` effect is the one shape the engine executes."""
    of = effect.get("of")
    return (
        set(effect) <= {"when", "of", "optional", "do", "text"}
        and effect.get("when") == WHEN
        and effect.get("optional") is True
        and isinstance(of, dict)
        and set(of) == {"feature"}
        and isinstance(of["feature"], str)
        and bool(of["feature"])
        and effect.get("do") == [{"op": OP}]
    )


def words(effect: dict[str, Any]) -> str:
    """The effect in plain English (``judge cards show``)."""
    return (
        "While this resident is in place, when you rush a unit with the feature "
        f"{effect['of']['feature']} in your rush phase (optional: you may): put any number of "
        "cards of your hand on the bottom of your deck, in the order you like, and if you put one "
        "or more: draw as many cards"
    )


def _has_when(d: CardDef) -> bool:
    """Whether card ``d`` has an effect of this timing (those :func:`seen` reads)."""
    return any(effect.get("when") == WHEN for effect in d.effects)


def seen(eng: RangersStrikeEngine, subject: Unit, owner: str, by_effect: bool) -> None:
    """``subject``, ``owner``'s unit, was rushed (``by_effect``: put into the rush area by an
    effect): the texts of this module of the residents in place whose condition holds wait in the
    pool (the doubtful ones are not guessed)."""
    st = eng.state
    # only the residents whose card has a text of this timing can trigger (codes_where,
    # shared: the definition alone); none in the game: nothing is looked up (every rush asks)
    codes = eng.codes_known.get(CODES)  # (codes_where's answer read first: no call)
    if codes is None:
        codes = eng.codes_where(CODES, _has_when, shared=True)
    if not codes:
        return
    if not st.card(subject.card).is_unit:
        return
    for pid, res in st.placed():
        if owner not in eng.allies(pid):
            continue
        for index, effect in enumerate(st.card(res).effects):
            if effect.get("when") != WHEN or not eng.supports(effect):
                continue
            feature = effect["of"]["feature"]
            if feature not in st.unit_features(subject):
                continue
            if not (st.phase == "rush" and st.turn_player in eng.allies(pid)):
                continue  # "自軍ラッシュフェイズ中"
            what = f"{eng.name(res)}'s effect (when a unit with the feature {feature} is rushed)"
            pe = PendingEffect(0, pid, res, effect, index, WHEN, {})
            if owner != pid:
                eng.not_guessed(
                    pe,
                    RULE,
                    f"{eng.name(subject.card)} is {owner}'s, {pid}'s ally's, and whether 自分が…ラッシュ"
                    "した covers the ally's rush the sources do not say",
                    f"{what} is not carried out.",
                )
                continue
            if by_effect:
                eng.not_guessed(
                    pe,
                    RULE,
                    f"{eng.name(subject.card)} is put into the rush area by an effect, which is its "
                    "being rushed (atwiki renst 146), and whether that is "
                    f"{pid}'s rushing it (自分が) the sources do not say",
                    f"{what} is not carried out.",
                )
                continue
            eng.ctx.ruling(
                RULE,
                f"{eng.name(res)} is {pid}'s resident in place, and {pid} rushes "
                f"{eng.name(subject.card)} (with the feature {feature}) in its rush phase: its "
                "effect triggers.",
            )
            eng.pool.add(pid, res, effect, index, WHEN, subject=subject.card)


def still_there(eng: RangersStrikeEngine, pe: PendingEffect, what: str) -> bool:
    """Whether the resident is still in place as its effect resolves; if not, not guessed."""
    if pe.source in eng.state.players[pe.controller].residents:
        return True
    eng.not_guessed(
        pe,
        RULE,
        f"{eng.name(pe.source)} has left its place before {what} resolves, and whether an effect "
        "of a resident already triggered still resolves the sources do not say",
        f"{what} is not carried out.",
    )
    return False


def picks(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], use: bool | None
) -> Picks:
    """The cards of the hand the log names, in order: ``(takes, targets left, problems,
    doubt)``; takes None when the op is not there or not used."""
    if effect.get("when") != WHEN or use is False:
        return None, targets, [], None
    if not targets:
        return [], [], [], None
    takes, problems = ZONE_REFS.find_many_in_zone(eng.state, pid, "hand", list(targets))
    if problems:
        return None, [], problems[:1], None
    return takes, [], [], None


def carry_out(
    eng: RangersStrikeEngine, pe: PendingEffect, takes: list[Any] | None, what: str
) -> None:
    """The cards named go to the bottom of the deck, in order; then as many are drawn."""
    st = eng.state
    pid = pe.controller
    if takes is None:
        return
    if not takes:
        eng.ctx.ruling(RULE, f"{pid} puts no card on the bottom of its deck: nothing is drawn.")
        return
    cards = take_many(st, pid, takes)
    st.players[pid].deck.extend(cards)
    names = ", ".join(eng.name(c) for c in cards)
    eng.event(
        "to_deck",
        f"{pid} puts {names} from its hand on the bottom of its deck, in that order ({what}).",
        player=pid,
        cards=cards,
    )
    eng.ctx.ruling(
        RULE,
        f"{pid} put {plural(len(cards), 'card')} on the bottom of its deck "
        "(the last named is the bottom card), so it draws as many.",
    )
    eng.draw(pid, len(cards), why=" (effect)")
