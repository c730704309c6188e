"""A resident's text that triggers when a unit of its player's strikes and deals damage
(RS-STRIKE-DEALT), and a card of its player's discard pile that the opponent chooses for its
hand (RS-OPPONENT-PICKS-DISCARD).

"※常駐 カテゴリにETを持つ自軍ユニットがストライクしてダメージを与えたとき、自軍捨札からSユニットのカードを相手に
1枚選ばせてもよい。そうしたとき、相手の選んだユニットカードを自分の手札に加える。": ``{"when":
"on_strike_damage", "by": {"category": "ET"}, "optional": true, "do": [{"op": "discard_to_hand",
"find": {"type": "unit", "size": "S"}, "chooser": "opponent"}]}``, an effect of a resident
operation: while it is in place (RS-RESIDENT: "場に配置して、離れるまで効果が有効になる"), when a unit
of its player's whose category is the one named strikes (RS-STRIKE) and the damage is dealt (one
point or more turned face down or placed from the deck: a point that cannot be placed is not
dealt), the effect triggers; its player may have the opponent choose one size S unit card of its
own discard pile, and if so that card goes into its player's hand.  The log names the card the
opponent chose first in the resolve's ``targets`` (as the opponent's choice among its own units
is named, RS-OPPONENT-CHOOSES); when it does not and cards of more than one code could have been
chosen, the choice is not guessed.  None such in the pile: nothing is chosen, and nothing goes to
the hand ("そうしたとき").

Not guessed (the step unverifiable, the effect noted as not executed until an ``outcome``
records it): in tag battle (whether 自軍ユニット and 自軍捨札 are the player's or its team's, and
who 相手 is, the sources do not say), and a resident that has left its place before the effect
resolves (whether "離れるまで有効" stops an effect already triggered the sources do not say).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike import strike_sp
from judge.games.rangers_strike.costs import leading

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-STRIKE-DEALT"
PICK_RULE = "RS-OPPONENT-PICKS-DISCARD"
#: the timing: a unit of its player's struck and dealt damage
WHEN = "on_strike_damage"
#: the categories a card prints (RS-CARD-TYPES)
CATEGORIES = ("WB", "ET", "OT", "MA", "DA")
#: "自軍捨札からSユニットのカードを相手に1枚選ばせてもよい。そうしたとき、相手の選んだユニットカードを自分の手札
#: に加える。"
PICK = {"op": "discard_to_hand", "find": {"type": "unit", "size": "S"}, "chooser": "opponent"}


def ok(effect: dict[str, Any]) -> bool:
    """Whether an ``on_strike_damage`` effect is one the engine executes: ``by``
    ``{"category": X}``, optional, its one op :data:`PICK`."""
    by = effect.get("by")
    return (
        set(effect) <= {"when", "by", "optional", "do", "text"}
        and isinstance(by, dict)
        and set(by) == {"category"}
        and by["category"] in CATEGORIES
        and effect.get("optional") is True
        and effect.get("do") == [PICK]
    )


def words(effect: dict[str, Any]) -> str | None:
    """The timing of an ``on_strike_damage`` effect in English, or None for one not known."""
    by = effect.get("by")
    if not isinstance(by, dict) or set(by) != {"category"}:
        return None
    return (
        f"While in place, when a unit of yours of category {by['category']} strikes and the "
        "damage is dealt"
    )


def op_words(op: dict[str, Any]) -> str | None:
    """:data:`PICK` in English, or None for another op."""
    if op != PICK:
        return None
    return (
        "have the opponent choose 1 size S unit card of your discard pile, and if you do, put "
        "the card chosen into your hand"
    )


def _has_text(d: Any) -> bool:
    """Whether card ``d`` has a text of this timing (what :func:`watched` reads)."""
    return any(e.get("when") == WHEN and isinstance(e.get("by"), dict) for e in d.effects)


def watched(eng: RangersStrikeEngine) -> bool:
    """Whether a resident in place has a text of this timing (only then is a strike's dealing
    damage looked at)."""
    # no card of the game has it (codes_where, shared: the definition alone): none in place
    codes = eng.codes_known.get("strike_damage watched")
    if codes is None:
        codes = eng.codes_where("strike_damage watched", _has_text, shared=True)
    if not codes:
        return False
    st = eng.state
    return any(
        e.get("when") == WHEN and isinstance(e.get("by"), dict)
        for _, res in st.placed()
        for e in st.card(res).effects
    )


def before(eng: RangersStrikeEngine, by: str) -> dict[str, int]:
    """The damage of ``by``'s opponents as its strike is about to deal damage."""
    return {p: eng.state.players[p].damage for p in eng.opponents(by)}


def dealt(
    eng: RangersStrikeEngine,
    by: str,
    card: str,
    category: str | list[str],
    damage: dict[str, int],
) -> None:
    """``by``'s unit ``card`` (of ``category``: its categories as it struck, a category added
    too, RS-ADD-FEATURE) struck and its damage has been dealt (the opponents' damage was
    ``damage`` before): the texts of the residents in place that this triggers wait in the pool
    (RS-STRIKE-DEALT)."""
    cats = [category] if isinstance(category, str) else list(category)
    category = "/".join(cats)
    st = eng.state
    if not any(st.players[p].damage > n for p, n in damage.items()):
        return  # no point could be placed: no damage was dealt
    for q, res in st.placed():
        for index, effect in enumerate(st.card(res).effects):
            if effect.get("when") != WHEN or not isinstance(effect.get("by"), dict):
                continue  # a stacked card's (RS-STACK-STRIKE) is :mod:`stacking`'s
            if not eng.supports(effect):
                continue
            if q not in eng.allies(by) or effect["by"]["category"] not in cats:
                continue
            pe = PendingEffect(0, q, res, effect, index, WHEN, {"unit": None})
            what = f"{eng.name(res)}'s effect (when a unit of its player's strikes)"
            if len(eng.allies(q)) > 1:
                eng.not_guessed(
                    pe,
                    RULE,
                    "in tag battle whether 自軍ユニット and 自軍捨札 are the player's or its "
                    "team's, and who 相手 is, the sources do not say",
                    f"{what} is not carried out.",
                )
                continue
            eng.ctx.ruling(
                RULE,
                f"{eng.name(card)} ({category}) struck and dealt damage while {q}'s resident "
                f"{eng.name(res)} is in place: its effect triggers.",
            )
            eng.pool.add(q, res, effect, index, WHEN, unit=None)


def candidates(eng: RangersStrikeEngine, pid: str, find: dict[str, Any]) -> list[str]:
    """The cards of ``pid``'s discard pile the opponent may choose: unit cards of the size."""
    st = eng.state
    out = []
    for iid in st.players[pid].discard:
        if iid is None:
            continue
        d = st.card(iid)
        if d.type == find["type"] and d.size == find["size"]:
            out.append(iid)
    return out


Picks = tuple[list[str], list[Any], list[tuple[str, str]], str | None]


def is_pick(effect: dict[str, Any]) -> bool:
    """Whether the effect is the opponent's pick (:data:`PICK` at :data:`WHEN`):
    :func:`picks`' first test, and :mod:`picks_none`'s."""
    return effect.get("when") == WHEN and effect.get("do") == [PICK]


def picks(eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any]) -> Picks:
    """The card the opponent chose: the first of ``targets`` when it names one that may be
    chosen, else the only one there is (of one code); the targets left; problems; a doubt
    (the choice not recorded)."""
    if not is_pick(effect):
        return [], targets, [], None
    cands = candidates(eng, pid, PICK["find"])
    chosen = [cands[k] for k in leading(eng, cands, targets, 1)]
    if chosen:
        return chosen, targets[1:], [], None
    if targets:
        listed = ", ".join(cands) or "none"
        return (
            [],
            targets,
            [
                (
                    PICK_RULE,
                    f"{targets[0]} is not a size S unit card of {pid}'s discard pile (those "
                    f"there: {listed}).",
                )
            ],
            None,
        )
    if len({eng.state.code_of[c] for c in cands}) > 1:
        return [], targets, [], "which card the opponent chose is not recorded"
    return cands[:1], targets, [], None


def carry_out(
    eng: RangersStrikeEngine, pe: PendingEffect, chosen: list[str], doubt: str | None, what: str
) -> None:
    """RS-OPPONENT-PICKS-DISCARD: the card the opponent chose goes from the controller's
    discard pile into its hand (the resident must still be in place; a choice not recorded is
    not guessed)."""
    st = eng.state
    pid = pe.controller
    if pe.source not in st.players[pid].residents:
        eng.not_guessed(
            pe,
            RULE,
            f"{eng.name(pe.source)} has left its place before its effect resolved, and whether "
            "an effect of a resident already triggered still resolves the sources do not say",
            f"{what} is not carried out.",
        )
        return
    if doubt is not None:
        eng.not_guessed(pe, PICK_RULE, doubt, f"{what} is not carried out.")
        return
    if not chosen:
        eng.ctx.ruling(
            PICK_RULE,
            f"{pid}'s discard pile has no size S unit card: the opponent has nothing to choose, "
            "and nothing goes to the hand.",
        )
        return
    iid = chosen[0]
    ps = st.players[pid]
    ps.discard.remove(iid)
    ps.hand.append(iid)
    strike_sp.record(eng, pid, iid)  # RS-STRIKE-SP-RETRIEVED
    who = " or ".join(eng.opponent_players(pid))
    eng.event(
        "to_hand",
        f"{who} chooses {eng.name(iid)} in {pid}'s discard pile: it goes into {pid}'s hand.",
        player=pid,
        card=iid,
    )
    eng.ctx.ruling(
        PICK_RULE,
        f"{pid} had the opponent ({who}) choose a size S unit card of its discard pile: the "
        "card chosen goes into its hand.",
    )
