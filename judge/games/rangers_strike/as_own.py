"""Another card's effect activated as this unit's own (RS-AS-OWN-EFFECT), and the card so
used chosen among one's commands by name and held (RS-HOLD-NAMED-COMMAND), or in the opponent's
hand after looking at it (RS-LOOK-OPPONENT-HAND), or in one's own hand, shown
(RS-SHOW-FOR-NAMED-EFFECT).

"自軍コマンドゾーンから「A」か「B」のカードを1枚選びホールドしてもよい。そうしたとき、ホールドしたユニットカー
ドのRCの効果を、このユニットの効果として発動する。" (a unit's combination effect, its rider
combination's or its Number Combination's): ``{"optional": true, "do": [{"op": "as_own",
"from": "command", "names": [A, B], "effect": "rc"}]}``.  Its player may choose one released
card of its own command zone named A or B and hold it (a held command is sideways already and
cannot be held again: atwiki renst 157, "only a released one can be held", as RS-HOLD-OWN-COMMANDS
reads it); only when it holds one, the RC effect of that unit card is activated as this unit's
effect: it waits in the pool as an effect of this unit's card, for this unit (its これ and この
ユニット are this unit, as the printed "このユニットの効果として" says), and is resolved as any other
(its choices in a ``resolve`` of its own when it has some).

What the engine knows of the card used is its definition.  The effect is activated only when the
card's text is read in full (RS-TEXT-READ; a card given its effects by hand is read as given) and
every effect it has of the kind named is one the engine executes now, as a combination resolves
at once; otherwise what it would do is not guessed (an effect of the card not read, one in force
for the turn and triggering later, RS-COMBINATION-TURN, or one that itself activates another
card's): the step is unverifiable and the effect noted as not executed until an ``outcome``
records it.  A unit card with no RC effect (one whose combination is a number, or with none)
has nothing to activate: nothing more happens, the card staying held.

The log names the card first in the resolve's ``targets`` (an instance id or a code).  Not named:
with released cards so named of one code only, that card (holding one of them is the only way to
use the effect); with several codes the choice is not guessed.  In tag battle, when the ally too
has a released card so named, whether 自軍コマンドゾーン is the player's or its team's the sources do
not say: not guessed.  The effect activated resolves next: it is put first in the order of the
effects waiting; when others wait with it, whether it may resolve after them (being part of the
effect that activated it) the sources do not say, and the step is unverifiable.

"相手の手札を見てもよい。そうしたとき、NCを持つSユニットのカードがあれば1枚選び、そのNCの効果をこのユニットの効
果として発動する。" (or "…NCかRCを持つSユニットのカードを1枚選び、そのNCまたはRCの効果を、…"): ``{"optional":
true, "do": [{"op": "as_own", "from": "opponent_hand", "effect": "nc" | "nc_or_rc"}]}``.  The player
may look at the opponent's hand; only then one size S unit card there with an NC (a combination
number; or an RC) is chosen if there is one, stays in that hand, and its NC effect (its RC effect,
for a card with RC) is activated as above.  The log names the card first in the resolve's
``targets`` (a hidden card so named is bound in observed mode); not named, it is the engine's only
when it knows the whole hand and the cards that fit are of one code (none fitting: nothing is
chosen); otherwise, and in tag battle (whose hand 相手の手札 is), not guessed.

"自軍ターン中、これがバトルエリアに出るとき、自分の手札から特徴「X」を持つ、追加条件を持たないSユニットのカードを1
枚選び相手に見せてもよい。そうしたとき、そのユニットの効果名を持つ効果を、このユニットの効果として発動する。": ``{"when":
"on_enter", "optional": true, "do": [{"op": "as_own", "from": "hand", "feature": X, "size": "S",
"no_condition": true, "effect": "named"}]}``.  As the unit enters, its player may show a card of
its hand so described (no cost, no condition: its catalogue record's additional condition; one an
importer doubted is not guessed); only then that card's effect with its effect name (the one effect
whose printed part begins with 【】) is activated as above, when it is an effect of a unit entering
the battle area or a combination's (its body carried out); any other named effect, or two, is not
guessed.  "出るとき" is read at the moment the unit enters: when effects of "出たとき" its entering
triggered wait with it, whether it must resolve first is not guessed (:func:`entering`).

"自軍ターン中、これがバトルエリアに出たとき、自軍コマンドゾーンから、特徴「X」とNCの効果を持つユニットカードを1枚選び
ホールドしてもよい。そうしたとき、ホールドしたユニットカードのNCの効果を、このユニットの効果として発動する。ただしストライク
はできない。" (RS-SOUL-NC): ``{"when": "on_enter", "optional": true, "do": [{"op": "as_own", "from":
"command", "feature": X, "effect": "nc", "no_strike": true}]}``.  As the unit enters, its player may
hold one released card of its command zone that is a unit card printing X with an NC effect (a
combination number and an effect of it: :func:`soul_fits`, not known for a card not read in full);
only when it holds one, that NC effect is activated as above and the unit cannot strike that turn
(the official Q&A: not even with SP another effect gives it).  How long the bar lasts the sources do
not say: ``state.no_strike_from`` keeps the unit and the turn, and a strike of the same unit in a
later turn is not judged (:func:`strike_barred`).  The log names the card first in the resolve's
targets; not named, the one code that fits is taken; the ally's card in tag battle is not guessed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import Take, bind
from judge.core.timing import PendingEffect
from judge.games.rangers_strike import combination_turn
from judge.games.rangers_strike.cards import printed_text
from judge.games.rangers_strike.costs import leading, names_card
from judge.games.rangers_strike.refs import ZONE_REFS
from judge.games.rangers_strike.state import Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-AS-OWN-EFFECT"
HOLD_RULE = "RS-HOLD-NAMED-COMMAND"
LOOK_RULE = "RS-LOOK-OPPONENT-HAND"
SHOW_RULE = "RS-SHOW-FOR-NAMED-EFFECT"
SOUL_RULE = "RS-SOUL-NC"
OP = "as_own"
#: the kinds of effect of the card used, and their names in English
KINDS = {
    "rc": "RC effect",
    "nc": "NC effect",
    "nc_or_rc": "NC or RC effect",
    "named": "effect with its effect name",
}
#: where the card used comes from: one's command zone (held), the opponent's hand (looked at),
#: one's hand (shown)
FROM = ("command", "opponent_hand", "hand")
#: the timings of a card's named effects the engine activates as another unit's at once (its
#: body carried out: the unit entering in its player's turn, or a combination, RS-SHOW-FOR-NAMED-EFFECT)
NAMED_WHENS = ("on_enter", "combination")
#: the kinds of effect a card of the opponent's hand may be chosen for
HAND_KINDS = ("nc", "nc_or_rc")
#: the index the effects activated get (after the card's own and its combination's)
INDEX = 300
#: the card chosen (an instance id of the command zone, or a :class:`Take` of the opponent's
#: hand), or None when not known; targets left; problems; a doubt
Picks = tuple[list[Any] | None, list[Any], list[tuple[str, str]], str | None]


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``as_own`` op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == OP:
            return op
    return None


def ok(effect: dict[str, Any], timing: str | None) -> bool:
    """Whether an effect activating another card's is one the engine executes: a combination
    effect, optional, its one op ``as_own`` from the command zone, one or more names, the RC
    effect."""
    ops = effect.get("do")
    first = ops[0] if isinstance(ops, list) and ops and isinstance(ops[0], dict) else {}
    hand = first.get("from") == "hand"  # RS-SHOW-FOR-NAMED-EFFECT: as the unit enters
    soul = "feature" in first and first.get("from") == "command"  # RS-SOUL-NC: it has entered
    entering = hand or soul
    if timing != ("on_enter" if entering else "combination") or effect.get("optional") is not True:
        return False
    if set(effect) - {"when", "optional", "do", "text"} or not isinstance(ops, list):
        return False
    if len(ops) != 1 or not isinstance(ops[0], dict):
        return False
    op = ops[0]
    if soul:  # RS-SOUL-NC
        return (
            set(op) == {"op", "from", "feature", "effect", "no_strike"}
            and isinstance(op["feature"], str)
            and bool(op["feature"])
            and op["effect"] == "nc"
            and op["no_strike"] is True
        )
    if hand:
        return (
            set(op) == {"op", "from", "feature", "size", "no_condition", "effect"}
            and isinstance(op["feature"], str)
            and bool(op["feature"])
            and op["size"] in ("S", "M", "L")
            and op["no_condition"] is True
            and op["effect"] == "named"
        )
    if op.get("from") == "opponent_hand":  # RS-LOOK-OPPONENT-HAND
        return set(op) == {"op", "from", "effect"} and op["effect"] in HAND_KINDS
    names = op.get("names")
    return (
        set(op) == {"op", "from", "names", "effect"}
        and op["from"] in FROM
        and op["effect"] in KINDS
        and isinstance(names, list)
        and bool(names)
        and all(isinstance(n, str) and n for n in names)
    )


def words(op: dict[str, Any]) -> str | None:
    """The op in English, or None for one not known."""
    if op.get("op") != OP or op.get("from") not in FROM or op.get("effect") not in KINDS:
        return None
    if op["from"] == "hand":  # RS-SHOW-FOR-NAMED-EFFECT
        return (
            f"show 1 size {op['size']} unit card with the feature {op['feature']} and no "
            "additional condition from your hand to the opponent, and if you do: activate that "
            "card's effect with its effect name (its 【】 effect) as this unit's own effect (its "
            '"this" is this unit; carried out only when that card\'s text is read in full, and '
            "only a named effect of a unit entering the battle area in your turn or of a "
            "combination)"
        )
    if op["from"] == "opponent_hand":  # RS-LOOK-OPPONENT-HAND
        kind = KINDS[op["effect"]]
        has = "an NC or RC" if op["effect"] == "nc_or_rc" else "an NC"
        return (
            f"look at the opponent's hand, and if you do: choose 1 size S unit card there with "
            f"{has} if there is one, and activate its {kind} as this unit's own effect (its "
            '"this" is this unit; carried out only when that card\'s text is read in full)'
        )
    if "feature" in op:  # RS-SOUL-NC
        return (
            f"hold 1 released unit card of your command zone with the feature {op['feature']} "
            "and an NC effect, and if you do: activate that card's NC effect as this unit's own "
            'effect (its "this" is this unit; carried out only when that card\'s text is read in '
            "full), and this unit cannot strike this turn (in a later turn not judged)"
        )
    names = " or ".join(str(n) for n in op.get("names") or ())
    return (
        f"hold 1 released card named {names} of your command zone, and if you do: activate "
        f"the {KINDS[op['effect']]} of the unit card held as this unit's own effect (its "
        '"this" is this unit; carried out only when that card\'s text is read in full)'
    )


def candidates(eng: RangersStrikeEngine, pid: str, op: dict[str, Any]) -> list[str]:
    """The released cards of ``pid``'s command zone named as ``op`` says (with ``feature``:
    the unit cards printing it that surely have an NC effect, RS-SOUL-NC)."""
    st = eng.state
    if "feature" in op:
        return [
            c.card
            for c in st.players[pid].command
            if not c.held and soul_fits(st.card(c.card), op) is True
        ]
    names = [str(n) for n in op["names"]]
    return [c.card for c in st.players[pid].command if not c.held and st.card(c.card).named(*names)]


def picks(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], use: Any
) -> Picks:
    """The card of ``pid``'s command zone the effect holds: the first of ``targets`` when it
    names one that may be held, else the only one there is (of one code); the targets left;
    problems; a doubt (the choice not recorded).  No such op, or not used: nothing."""
    op = op_of(effect)
    if op is None or use is False:
        return [], targets, [], None
    if op["from"] == "opponent_hand":
        return _hand_picks(eng, pid, op, targets)
    if op["from"] == "hand":
        return _shown_picks(eng, pid, op, targets)
    if "feature" in op:
        return _soul_picks(eng, pid, op, targets)
    cands = candidates(eng, pid, op)
    chosen = [cands[k] for k in leading(eng, cands, targets, 1)]
    if chosen:
        return chosen, targets[1:], [], None
    names = " or ".join(str(n) for n in op["names"])
    if targets:
        st = eng.state
        held = [
            c.card
            for c in st.players[pid].command
            if c.held and st.card(c.card).named(*[str(n) for n in op["names"]])
        ]
        if any(names_card(eng, targets[0], c) for c in held):
            said = f"{targets[0]} is a held command of {pid}'s: only a released one can be held."
        else:
            listed = ", ".join(cands) or "none"
            said = (
                f"{targets[0]} is not a released card named {names} in {pid}'s command zone "
                f"(those there: {listed})."
            )
        return None, [], [(HOLD_RULE, said)], None
    for q in eng.allies(pid):
        if q != pid and candidates(eng, q, op):
            return (
                None,
                [],
                [],
                f"{q}, {pid}'s ally, has a released card named {names} too, and whether 自軍コマン"
                f"ドゾーン means {pid}'s command zone or its team's the sources do not say",
            )
    if len({eng.state.code_of[c] for c in cands}) > 1:
        return None, [], [], f"which card named {names} {pid} held is not recorded"
    return cands[:1], targets, [], None


def carry_out(
    eng: RangersStrikeEngine,
    pe: PendingEffect,
    chosen: list[str] | None,
    doubt: str | None,
    what: str,
) -> None:
    """RS-HOLD-NAMED-COMMAND: hold the card :func:`picks` found, then (RS-AS-OWN-EFFECT)
    activate its effect of the kind named as this unit's."""
    op = op_of(pe.effect)
    assert op is not None
    if op["from"] == "opponent_hand":
        _look(eng, pe, op, chosen, doubt, what)
        return
    if op["from"] == "hand":
        _show(eng, pe, op, chosen, doubt, what)
        return
    if "feature" in op:
        _soul(eng, pe, op, chosen, doubt, what)
        return
    pid = pe.controller
    st = eng.state
    names = " or ".join(str(n) for n in op["names"])
    if chosen is None:
        eng.not_guessed(
            pe,
            HOLD_RULE,
            doubt or "which card was held is not recorded",
            f"{what} is not carried out; the log may name the card first in the resolve's targets.",
        )
        return
    if not chosen:
        eng.ctx.ruling(
            HOLD_RULE,
            f"{pid} has no released card named {names} in its command zone for {what}: nothing "
            "is held, so nothing is activated (そうしたとき).",
        )
        return
    iid = chosen[0]
    index = next(k for k, c in enumerate(st.players[pid].command) if c.card == iid)
    eng.hold_command(pid, index, pid, pe.source)
    eng.ctx.ruling(
        HOLD_RULE,
        f"{pid} holds {eng.name(iid)}, a released card named {names} of its command zone, for "
        f"{what}: its {KINDS[op['effect']]} is activated as this unit's.",
    )
    activate(eng, pe, iid, str(op["effect"]), what)


def borrowed(d: Any, kind: str) -> list[dict[str, Any]] | None:
    """The effects of the kind ``kind`` of the card ``d`` (a definition), each with its
    timing; None when its text is not read in full (what they are is not known)."""
    if d.unread or d.raw.get("unsupported"):
        return None
    if kind == "named":  # the card's 【】 effects, as the reader keeps their printed parts
        if not printed_text(d.raw):
            return None  # effects given by hand: which is its named effect is not known
        every = [
            *d.effects,
            *({**e, "when": e.get("when", "combination")} for e in d.combination_effects()),
        ]
        return [e for e in every if str(e.get("text") or "").startswith("【")]
    if kind in KINDS:
        number = d.combination_number is not None and kind != "rc"
        rc = d.rider_combination and kind != "nc"
        if not d.is_unit or not (number or rc):
            return []
        return [e if "when" in e else {**e, "when": "combination"} for e in d.combination_effects()]
    return None


def fits(d: Any, kind: str) -> bool:
    """Whether the card ``d`` is a size S unit card with an NC (a combination number), or with
    ``kind`` ``nc_or_rc`` an NC or RC (RS-LOOK-OPPONENT-HAND)."""
    if not d.is_unit or d.size != "S":
        return False
    return d.combination_number is not None or (kind == "nc_or_rc" and d.rider_combination)


def _has(kind: str) -> str:
    return "an NC or RC" if kind == "nc_or_rc" else "an NC"


def first_target(eng: RangersStrikeEngine, pid: str, op: dict[str, Any]) -> list[Any] | None:
    """A legal resolve's targets for ``op`` (for ``legal_actions``): the first card it may take
    that the engine knows, or None."""
    if op["from"] == "command":
        return candidates(eng, pid, op)[:1] or None
    st = eng.state
    opps = eng.opponent_players(pid)
    if len(opps) != 1:
        return None
    hand = st.players[opps[0]].hand
    return [c for c in hand if c is not None and fits(st.card(c), op["effect"])][:1] or None


def _hand_picks(
    eng: RangersStrikeEngine, pid: str, op: dict[str, Any], targets: list[Any]
) -> Picks:
    """RS-LOOK-OPPONENT-HAND: the card of the opponent's hand chosen (module docstring)."""
    st = eng.state
    kind = str(op["effect"])
    opps = eng.opponent_players(pid)
    if len(opps) != 1:
        return (
            None,
            [],
            [],
            "in tag battle whose hand 相手の手札 is (either opposing player's) the sources do not "
            "say",
        )
    opp = opps[0]
    hand = st.players[opp].hand
    if targets:
        take, problem = ZONE_REFS.find_in_zone(st, opp, "hand", targets[0])
        if problem is not None or take is None:
            return None, [], [problem] if problem else [], None
        if not fits(st.card(take.iid), kind):
            said = (
                f"{targets[0]} is not a size S unit card with {_has(kind)} (in {opp}'s hand), "
                "so it cannot be chosen."
            )
            return None, [], [(LOOK_RULE, said)], None
        return [take], targets[1:], [], None
    fit = [(i, c) for i, c in enumerate(hand) if c is not None and fits(st.card(c), kind)]
    codes = {st.code_of[c] for _, c in fit}
    if None in hand:
        if not fit:
            return (
                None,
                [],
                [],
                f"whether {opp}'s hand, which the engine does not know in full, holds a size S "
                f"unit card with {_has(kind)} is not known, and no card chosen is recorded",
            )
        return None, [], [], f"which card of {opp}'s hand was chosen is not recorded"
    if len(codes) > 1:
        return None, [], [], f"which card of {opp}'s hand was chosen is not recorded"
    return [Take("hand", i, c, False) for i, c in fit[:1]], targets, [], None


def _look(
    eng: RangersStrikeEngine,
    pe: PendingEffect,
    op: dict[str, Any],
    chosen: list[Any] | None,
    doubt: str | None,
    what: str,
) -> None:
    """RS-LOOK-OPPONENT-HAND: the player looks at the opponent's hand; the card chosen there
    (bound, in observed mode, as it is named) has its effect activated as this unit's."""
    pid = pe.controller
    st = eng.state
    kind = str(op["effect"])
    if chosen is None:
        eng.not_guessed(
            pe,
            LOOK_RULE,
            doubt or "which card was chosen is not recorded",
            f"{what} is not carried out; the log may name the card first in the resolve's targets.",
        )
        return
    (opp,) = eng.opponent_players(pid)
    eng.event("look", f"{pid} looks at {opp}'s hand ({what}).", player=pid)
    if not chosen:
        eng.ctx.ruling(
            LOOK_RULE,
            f"{opp}'s hand holds no size S unit card with {_has(kind)}: nothing is chosen, and "
            "nothing activated.",
        )
        return
    take = chosen[0]
    hand = st.players[opp].hand
    if take.bind:  # observed mode: the card named is seen now
        bind(st, opp, take.iid)
        hand[take.index] = take.iid
    eng.event(
        "choose",
        f"{pid} chooses {eng.name(take.iid)} in {opp}'s hand; it stays there.",
        player=pid,
        card=take.iid,
    )
    eng.ctx.ruling(
        LOOK_RULE,
        f"{pid} looks at {opp}'s hand and chooses {eng.name(take.iid)}, a size S unit card with "
        f"{_has(kind)}, for {what}: it stays in {opp}'s hand.",
    )
    activate(eng, pe, take.iid, _kind_of(st.card(take.iid), kind), what)


def _kind_of(d: Any, kind: str) -> str:
    """The kind of effect a card chosen for ``kind`` has: its NC, or (``nc_or_rc``) its RC
    when it has no number."""
    if kind == "nc_or_rc" and d.combination_number is None:
        return "rc"
    return "nc"


def activate(eng: RangersStrikeEngine, pe: PendingEffect, iid: str, kind: str, what: str) -> None:
    """RS-AS-OWN-EFFECT: the ``kind`` effects of the card ``iid`` wait in the pool as
    effects of ``pe``'s card, for its unit, first in the order (module docstring); not guessed
    when what they do is not known."""
    d = eng.state.card(iid)
    said = f"{eng.name(iid)}'s {KINDS[kind]}"
    found = borrowed(d, kind)
    if found is None:
        eng.not_guessed(
            pe,
            RULE,
            f"{eng.name(iid)}'s printed text is not read in full (RS-TEXT-READ), so what its "
            f"{KINDS[kind]} does is not known",
            f"the effect activated as {eng.name(pe.source)}'s is not carried out; the log may "
            "record what it did in an `outcome`.",
        )
        return
    if not found:
        eng.ctx.ruling(
            RULE,
            f"{eng.name(iid)} has no {KINDS[kind]}: nothing is activated as "
            f"{eng.name(pe.source)}'s.",
        )
        return
    if kind == "named" and len(found) > 1:
        eng.not_guessed(
            pe,
            RULE,
            f"{eng.name(iid)} has {len(found)} effects with an effect name, and which one "
            '"その効果名を持つ効果" means the sources do not say',
            f"the effect activated as {eng.name(pe.source)}'s is not carried out; the log may "
            "record what it did in an `outcome`.",
        )
        return
    for effect in found:
        if kind == "named" and effect.get("when") not in NAMED_WHENS:
            eng.not_guessed(
                pe,
                RULE,
                f"{said} triggers otherwise than as a unit enters the battle area in its "
                "player's turn or as a combination, and whether activating it carries out its "
                "body at once the sources do not say",
                f"the effect activated as {eng.name(pe.source)}'s is not carried out; the log "
                "may record what it did in an `outcome`.",
            )
            return
        if not eng.supports(effect) or combination_turn.later(effect) or op_of(effect):
            eng.not_guessed(
                pe,
                RULE,
                f"{said} is not one the engine carries out as another unit's effect at once (an "
                "effect it does not execute, one in force for the turn, or one activating "
                "another card's)",
                f"the effect activated as {eng.name(pe.source)}'s is not carried out; the log "
                "may record what it did in an `outcome`.",
            )
            return
    unit = pe.context.get("unit")
    pid = pe.controller
    waiting = list(eng.pool.items)
    added = [
        eng.pool.add(pid, pe.source, effect, INDEX + k, pe.trigger, unit=unit)
        for k, effect in enumerate(found)
    ]
    # first in the order of the effects waiting (an order recorded for the others is kept)
    eng.pool.preferred = [a.seq for a in added] + list(eng.pool.preferred)
    eng.event(
        "as_own",
        f"{said} is activated as {eng.name(pe.source)}'s own effect ({what}).",
        player=pid,
        card=pe.source,
        used=iid,
    )
    eng.ctx.ruling(
        RULE,
        f"{said} is activated as {eng.name(pe.source)}'s effect: it resolves next, for this "
        "unit (its これ is this unit).",
    )
    if waiting:
        eng.ctx.ruling(
            RULE,
            f"Other effects were waiting as {said} was activated; whether it may resolve after "
            "them the sources do not say: the engine resolves it first.",
        )
        eng.ctx.cannot_verify(f"whether {said} resolves before the effects already waiting")


def as_entering(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` is a unit's "…バトルエリアに出るとき、" (as it enters) effect showing a card
    of the hand (RS-SHOW-FOR-NAMED-EFFECT)."""
    op = op_of(effect)
    return effect.get("when") == "on_enter" and op is not None and op.get("from") == "hand"


def shown_fits(d: Any, op: dict[str, Any]) -> bool | None:
    """Whether the card ``d`` may be shown for ``op`` (RS-SHOW-FOR-NAMED-EFFECT): a unit card of
    the size, printing the feature, with no additional condition; None when whether it has one
    is not known (an importer's doubt)."""
    if not d.is_unit or d.size != op["size"] or op["feature"] not in d.features:
        return False
    if d.raw.get("cost") is not None or d.condition is not None:
        return False
    return None if d.raw.get("unsupported") else True


def _shown_picks(
    eng: RangersStrikeEngine, pid: str, op: dict[str, Any], targets: list[Any]
) -> Picks:
    """RS-SHOW-FOR-NAMED-EFFECT: the card of ``pid``'s hand shown (module docstring)."""
    st = eng.state
    hand = st.players[pid].hand
    if targets:
        take, problem = ZONE_REFS.find_in_zone(st, pid, "hand", targets[0])
        if problem is not None or take is None:
            return None, [], [problem] if problem else [], None
        fit = shown_fits(st.card(take.iid), op)
        if fit is None:
            return (
                None,
                [],
                [],
                f"whether {eng.name(take.iid)} has an additional condition is not known (its "
                "catalogue record is not read in full)",
            )
        if not fit:
            said = (
                f"{targets[0]} is not a size {op['size']} unit card with the feature "
                f"{op['feature']} and no additional condition (in {pid}'s hand), so it cannot be "
                "shown for this effect."
            )
            return None, [], [(SHOW_RULE, said)], None
        return [take], targets[1:], [], None
    fit_cards = [(i, c) for i, c in enumerate(hand) if c is not None and shown_fits(st.card(c), op)]
    codes = {st.code_of[c] for _, c in fit_cards}
    if (
        None in hand
        or len(codes) > 1
        or any(c is not None and shown_fits(st.card(c), op) is None for c in hand)
    ):
        return None, [], [], f"which card of its hand {pid} showed is not recorded"
    return [Take("hand", i, c, False) for i, c in fit_cards[:1]], targets, [], None


def _show(
    eng: RangersStrikeEngine,
    pe: PendingEffect,
    op: dict[str, Any],
    chosen: list[Any] | None,
    doubt: str | None,
    what: str,
) -> None:
    """RS-SHOW-FOR-NAMED-EFFECT: the card chosen is shown and stays in the hand; its named effect
    is activated as this unit's."""
    pid = pe.controller
    st = eng.state
    if chosen is None:
        eng.not_guessed(
            pe,
            SHOW_RULE,
            doubt or "which card was shown is not recorded",
            f"{what} is not carried out; the log may name the card first in the resolve's targets.",
        )
        return
    if not chosen:
        eng.ctx.ruling(
            SHOW_RULE,
            f"{pid}'s hand holds no size {op['size']} unit card with the feature {op['feature']} "
            "and no additional condition: nothing is shown, and nothing activated.",
        )
        return
    take = chosen[0]
    hand = st.players[pid].hand
    if take.bind:  # observed mode: the card named is seen now
        bind(st, pid, take.iid)
        hand[take.index] = take.iid
    eng.event(
        "show",
        f"{pid} shows {eng.name(take.iid)} from its hand to the opponent ({what}); it stays in "
        "its hand.",
        player=pid,
        cards=[take.iid],
    )
    eng.ctx.ruling(
        SHOW_RULE,
        f"{pid} shows {eng.name(take.iid)}, a size {op['size']} unit card with the feature "
        f"{op['feature']} and no additional condition, for {what}: it stays in its hand.",
    )
    activate(eng, pe, take.iid, "named", what)


def entering(eng: RangersStrikeEngine, unit: Any) -> None:
    """RS-SHOW-FOR-NAMED-EFFECT: ``unit`` has entered and its effects triggered; its effect of
    "…バトルエリアに出るとき" (as it enters) waits with others triggered by its entering: whether it
    must resolve before those of "…出たとき" (when it has entered) the sources do not say."""
    mine = [
        pe
        for pe in eng.pool.items
        if pe.context.get("unit") is unit and (op_of(pe.effect) or {}).get("from") == "hand"
    ]
    if mine and len(eng.pool.items) > len(mine):
        eng.ctx.ruling(
            SHOW_RULE,
            f"{eng.name(unit.card)}'s effect as it enters the battle area (出るとき) waits with "
            "other effects its entering triggered: whether it resolves before those of when it "
            "has entered (出たとき) the sources do not say, and the turn player orders them "
            "(RS-SIMULTANEOUS).",
        )
        eng.ctx.cannot_verify(
            f"whether {eng.name(unit.card)}'s effect as it enters resolves before the others"
        )


def soul_fits(d: Any, op: dict[str, Any]) -> bool | None:
    """RS-SOUL-NC: whether the card ``d`` is a unit card printing the feature ``op`` names and
    having an NC effect (a combination number, and an effect of it); None when whether it has
    one is not known (its printed text not read in full)."""
    if not d.is_unit or op["feature"] not in d.features or d.combination_number is None:
        return False
    found = borrowed(d, "nc")
    return None if found is None else bool(found)


def _soul_picks(
    eng: RangersStrikeEngine, pid: str, op: dict[str, Any], targets: list[Any]
) -> Picks:
    """RS-SOUL-NC: the released unit card of ``pid``'s command zone held (module docstring of
    RS-HOLD-NAMED-COMMAND: named first in the targets, else the only code there is)."""
    st = eng.state
    released = [c.card for c in st.players[pid].command if not c.held]
    wanted = f"a released unit card with the feature {op['feature']} and an NC effect"
    if targets:
        hit = [released[k] for k in leading(eng, released, targets, 1)]
        if hit:
            fit = soul_fits(st.card(hit[0]), op)
            if fit is None:
                return (
                    None,
                    [],
                    [],
                    f"whether {eng.name(hit[0])} has an NC effect is not known (its printed text "
                    "is not read in full)",
                )
            if fit:
                return hit, targets[1:], [], None
            said = f"{targets[0]} is not {wanted} (in {pid}'s command zone), so it cannot be held."
            return None, [], [(SOUL_RULE, said)], None
        held = [c.card for c in st.players[pid].command if c.held]
        if any(names_card(eng, targets[0], c) for c in held):
            said = f"{targets[0]} is a held command of {pid}'s: only a released one can be held."
            return None, [], [(SOUL_RULE, said)], None
        allies = [q for q in eng.allies(pid) if q != pid]
        if any(names_card(eng, targets[0], c.card) for q in allies for c in st.players[q].command):
            return None, [], [], _soul_ally(pid)
        said = f"{targets[0]} is not {wanted} in {pid}'s command zone."
        return None, [], [(SOUL_RULE, said)], None
    for q in eng.allies(pid):
        if q != pid and any(
            not c.held and soul_fits(st.card(c.card), op) is not False
            for c in st.players[q].command
        ):
            return None, [], [], _soul_ally(pid)
    if any(soul_fits(st.card(c), op) is None for c in released):
        return (
            None,
            [],
            [],
            f"a released card of {pid}'s command zone with the feature {op['feature']} is not read "
            "in full, so whether it has an NC effect is not known, and no card held is recorded",
        )
    cands = candidates(eng, pid, op)
    if len({st.code_of[c] for c in cands}) > 1:
        return None, [], [], f"which card ({wanted}) {pid} held is not recorded"
    return cands[:1], targets, [], None


def _soul_ally(pid: str) -> str:
    return (
        f"{pid}'s ally has a released card that may fit too, and whether 自軍コマンドゾーン means "
        f"{pid}'s command zone or its team's the sources do not say"
    )


def _soul(
    eng: RangersStrikeEngine,
    pe: PendingEffect,
    op: dict[str, Any],
    chosen: list[Any] | None,
    doubt: str | None,
    what: str,
) -> None:
    """RS-SOUL-NC: hold the card :func:`_soul_picks` found, activate its NC effect as this
    unit's, and bar this unit from striking (this turn; in a later turn a strike is not
    judged)."""
    pid = pe.controller
    st = eng.state
    if chosen is None:
        eng.not_guessed(
            pe,
            SOUL_RULE,
            doubt or "which card was held is not recorded",
            f"{what} is not carried out; the log may name the card first in the resolve's targets.",
        )
        return
    if not chosen:
        eng.ctx.ruling(
            SOUL_RULE,
            f"{pid} has no released unit card with the feature {op['feature']} and an NC effect "
            f"in its command zone for {what}: nothing is held, so nothing is activated and the "
            "unit is not barred from striking (そうしたとき).",
        )
        return
    iid = chosen[0]
    index = next(k for k, c in enumerate(st.players[pid].command) if c.card == iid)
    eng.hold_command(pid, index, pid, pe.source)
    unit = pe.context.get("unit")
    if unit is not None and st.area_of(unit) is not None:
        st.no_strike_from.append((unit, st.turn))
    eng.ctx.ruling(
        SOUL_RULE,
        f"{pid} holds {eng.name(iid)}, a released unit card with the feature {op['feature']} and "
        f"an NC effect, for {what}: its NC effect is activated as this unit's, and "
        f"{eng.name(pe.source)} cannot strike this turn (ただしストライクはできない).",
    )
    activate(eng, pe, iid, "nc", what)


def strike_barred(eng: RangersStrikeEngine, unit: Unit) -> tuple[str | None, bool]:
    """RS-SOUL-NC: why ``unit`` may not strike now, and whether that is certain: barred this
    turn; in a later turn (the same unit, not having left its areas) how long "ただしストライクは
    できない" lasts the sources do not say."""
    st = eng.state
    turns = [t for u, t in st.no_strike_from if u is unit]
    if not turns:
        return None, True
    if st.turn in turns:
        return (
            f"{eng.name(unit.card)} held a command for its effect this turn and activated that "
            "card's NC effect as its own: it cannot strike (ただしストライクはできない).",
            True,
        )
    return (
        f"{eng.name(unit.card)} held a command for its effect in an earlier turn and activated "
        "that card's NC effect as its own, and whether it still cannot strike (ただしストライクは"
        "できない: for how long) the sources do not say",
        False,
    )
