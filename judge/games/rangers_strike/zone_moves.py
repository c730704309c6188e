"""Units an effect puts from their area into a zone of their owner's, not destroyed: face down
into the power zone as damage (RS-TO-DAMAGE), held into the command zone (RS-TO-COMMAND), or on
the bottom of the deck (RS-TO-DECK-BOTTOM: "持ち主の山札の下に好きな順番で戻す", in the order the log
names them, the last named the bottom card).

"敵軍Sユニットを1体選び、持ち主のパワーゾーンにダメージにして置く。": the unit chosen leaves its
area (it is not destroyed: no when-destroyed effect) and goes face down into its owner's power
zone, where a face-down card is a point of damage (RS-DAMAGE).  The fan wiki's page on damage
says so of such effects: "ダメージにするカードを特に指定する効果もある" (atwiki renst page 105
ダメージ).  A player who so reaches the damage limit loses, as from any damage
(RS-LOSS-DAMAGE; in tag battle the player's play ends, RST-OUT).

"…ユニットを1体選び、持ち主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする。" (or
"置けなければこの効果は発動できない。"): the unit goes held into its owner's command zone, which
holds at most 5 cards (RS-COMMAND-LIMIT); when it is full the unit goes to the discard pile
without being destroyed, or stays where it is (the effect does nothing).

"自軍山札の上から1枚ひいて、自軍コマンドゾーンにホールド状態で置く。(コマンドゾーンに置けるカードは
通常5枚まで)": the top card of the deck goes held into the command zone, into the discard pile when
that is full (RS-TOP-TO-COMMAND); "…、そのカードが特徴「X」を持つならリリース状態で、持たないならホールド
状態で自軍コマンドゾーンに置く。" (``released_if`` ``{"feature": X}``): released when the card prints the
feature X, held otherwise (after a held command was discarded, RS-DISCARD-HELD-COMMAND).

Why one module: each puts a card into one of its owner's zones by an effect, without the
usual procedure (a unit taken out of its area is not destroyed; a card so put in the command
zone is not charged).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import bind, is_instance, ref_code
from judge.core.wording import agree, plural
from judge.games.rangers_strike import (
    placed_held,
    placed_watch,
    restrictions,
    stacking,
    usable_as,
    watch,
)
from judge.games.rangers_strike.refs import ZONE_REFS, Problem
from judge.games.rangers_strike.state import (
    COMMAND_LIMIT,
    Command,
    PowerCard,
    Unit,
    leave_area,
    remove_unit,
)

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine


def put_as_damage(eng: RangersStrikeEngine, found: list[tuple[str, str, Unit]], what: str) -> None:
    """Each unit of ``found`` (``(player, area, unit)``, units only) still where it was goes
    face down into its owner's power zone; then the damage limit is checked for each owner."""
    st = eng.state
    owners: list[str] = []
    for _pid, _area, unit in found:
        where = _take(eng, unit, f"is put face down into its owner's power zone ({what})")
        if where is None:
            continue
        owner = st.owner_of[unit.card]
        ps = st.players[owner]
        ps.power.append(PowerCard(unit.card, face_up=False))
        eng.event(
            "to_damage",
            f"{eng.name(unit.card)} goes from {where[0]}'s {where[1]} area face down into {owner}'s power "
            f"zone ({what}): {owner} has {ps.damage} damage.",
            player=owner,
            card=unit.card,
        )
        eng.ctx.ruling(
            "RS-TO-DAMAGE",
            f"{eng.name(unit.card)} is put into {owner}'s power zone face down: a point of "
            "damage (it is not destroyed, so no when-destroyed effect triggers).",
        )
        if owner not in owners:
            owners.append(owner)
    for owner in owners:
        if st.players[owner].damage >= eng.damage_limit() and eng.can_act(owner):
            eng.reach_limit(owner)


def put_into_power(eng: RangersStrikeEngine, found: list[tuple[str, str, Unit]], what: str) -> None:
    """RS-TO-POWER-ZONE: each unit of ``found`` still where it was goes face up into its
    owner's power zone (not destroyed: no when-destroyed effect triggers)."""
    st = eng.state
    for _pid, _area, unit in found:
        where = _take(eng, unit, f"is put face up into its owner's power zone ({what})")
        if where is None:
            continue
        owner = st.owner_of[unit.card]
        st.players[owner].power.append(PowerCard(unit.card, face_up=True))
        eng.event(
            "to_power",
            f"{eng.name(unit.card)} goes from {where[0]}'s {where[1]} area face up into {owner}'s "
            f"power zone ({what}).",
            player=owner,
            card=unit.card,
        )
        eng.ctx.ruling(
            "RS-TO-POWER-ZONE",
            f"{eng.name(unit.card)} is sent to {owner}'s power zone face up (it is not destroyed, "
            "so no when-destroyed effect triggers).",
        )


def take_unit(eng: RangersStrikeEngine, unit: Unit, how: str) -> tuple[str, str] | None:
    """Take ``unit`` out of its area, not destroyed (:func:`_take`): for the modules that move a
    unit elsewhere (RS-REVEAL-RETURN-TO-HAND)."""
    return _take(eng, unit, how)


def _take(eng: RangersStrikeEngine, unit: Unit, how: str) -> tuple[str, str] | None:
    """Take ``unit`` out of its area (not destroyed: ``how``, in words); where it was, or None
    if it has left, or stays there (a card it is stacked on keeps it, RS-STACK-STAY).  The
    vehicle it rode stays in its place (RS-RIDE)."""
    st = eng.state
    where = st.area_of(unit)
    if where is None:
        eng.event("effect", f"{eng.name(unit.card)} has left its area.", card=unit.card)
        return None
    if stacking.leaving(eng, unit, how):
        return None
    left = leave_area(st, st.players[where[0]].area(where[1]), unit)
    if st.entering is unit:
        st.entering = None
    if left is not None:
        eng.rider_left(left, unit.card)
    return where


def put_into_command(
    eng: RangersStrikeEngine, found: list[tuple[str, str, Unit]], what: str, if_full: str
) -> None:
    """RS-TO-COMMAND: each unit of ``found`` still in its area goes held into its owner's
    command zone; when that zone holds 5 already, ``if_full`` ``discard`` puts it into the
    discard pile (not destroyed), ``nothing`` leaves it where it is.  The cards put there
    held trigger the watches of their owners' opponents (RS-PLACED-HELD-WATCH)."""
    st = eng.state
    placed: list[tuple[str, str | None]] = []
    for _pid, _area, unit in found:
        owner = st.owner_of[unit.card]
        ps = st.players[owner]
        if len(ps.command) >= COMMAND_LIMIT and if_full == "nothing":
            eng.ctx.ruling(
                "RS-TO-COMMAND",
                f"{owner}'s command zone holds {len(ps.command)} cards already: "
                f"{eng.name(unit.card)} cannot be put there, so {what} does nothing.",
            )
            continue
        where = _take(eng, unit, f"is put into its owner's command zone ({what})")
        if where is None:
            continue
        if len(ps.command) >= COMMAND_LIMIT:
            ps.discard.append(unit.card)
            eng.event(
                "to_discard",
                f"{eng.name(unit.card)} cannot go into {owner}'s full command zone: it goes "
                f"to the discard pile ({what}; not destroyed).",
                player=owner,
                card=unit.card,
            )
        else:
            ps.command.append(Command(unit.card, held=True))
            placed.append((owner, unit.card))
            eng.event(
                "to_command",
                f"{eng.name(unit.card)} goes from {where[0]}'s {where[1]} area held into "
                f"{owner}'s command zone ({what}).",
                player=owner,
                card=unit.card,
            )
        eng.ctx.ruling(
            "RS-TO-COMMAND",
            f"{eng.name(unit.card)} is put into its owner's command zone, held (at most "
            f"{COMMAND_LIMIT} cards; when full: {'discarded' if if_full == 'discard' else 'nothing'}"
            "); it is not destroyed, so no when-destroyed effect triggers.",
        )
    placed_watch.placed(eng, placed, "held")  # RS-PLACED-HELD-WATCH


# -- the deck's top card into the command zone (RS-TOP-TO-COMMAND) -----------------------------

TOP_RULE = "RS-TOP-TO-COMMAND"
#: the ops that take the deck's top card, which the log may name (RS-TOP-TO-COMMAND,
#: RS-REVEAL-TOP, RS-REVEAL-TO-BOTTOM)
TOP_OPS = ("top_to_command", "reveal_top", "reveal")
REVEAL_RULE = "RS-REVEAL-TOP"


def moves_top(effect: dict[str, Any]) -> bool:
    """Whether the effect has an op of :data:`TOP_OPS`: :func:`top_named`'s first test, and
    :mod:`picks_none`'s."""
    return any(isinstance(op, dict) and op.get("op") in TOP_OPS for op in effect["do"])


def returns_resident(effect: dict[str, Any]) -> bool:
    """Whether the effect has a ``resident_to_deck`` op: :func:`resident_named`'s first
    test, and :mod:`picks_none`'s."""
    return any(isinstance(op, dict) and op.get("op") == "resident_to_deck" for op in effect["do"])


def top_named(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any]
) -> tuple[str | None, list[Any], list[Problem], str | None]:
    """RS-TOP-TO-COMMAND: the top card of ``pid``'s deck that the effect's ``top_to_command``
    takes: ``(card, targets left, problems, doubt)``.  The log may name it first in
    ``targets`` (it must in observed mode when the top card is not known: it becomes public);
    a name that cannot be the top card is a problem (RS-REVEAL).  No op: ``(None, targets,
    [], None)``."""
    if not moves_top(effect):
        return None, targets, [], None
    st = eng.state
    deck = st.players[pid].deck
    if not deck:
        return None, targets, [], None  # nothing to take (run: RS-TOP-TO-COMMAND, GAP)
    top = deck[0]
    if not targets:
        if top is None:
            return None, targets, [], f"which card was on top of {pid}'s deck is not recorded"
        return top, targets, [], None
    ref, rest = targets[0], targets[1:]
    code = ref_code(st, ref)
    if top is not None:
        if (ref == top) if is_instance(st, ref) else (st.code_of[top] == code):
            return top, rest, [], None
        return (
            None,
            rest,
            [("RS-REVEAL", f"The top card of {pid}'s deck is {top}, not {ref}.")],
            None,
        )
    if is_instance(st, ref):
        if st.owner_of[ref] == pid and ref in st.players[pid].unseen.get(code, ()):
            return ref, rest, [], None
        return None, rest, [("RS-REVEAL", f"{ref} cannot be the top card of {pid}'s deck.")], None
    iid, problem = ZONE_REFS.unseen_copy(st, pid, code, f"the top card of {pid}'s deck")
    return iid, rest, [problem] if problem else [], None


def _take_top(
    eng: RangersStrikeEngine, pe: Any, card: str | None, doubt: str | None, what: str, rule: str
) -> bool:
    """Take ``card``, the top card of the controller's (non-empty) deck named by
    :func:`top_named`, off the deck; False when it is not known (not guessed: ``rule``'s
    ruling, the step unverifiable)."""
    if card is None:
        eng.not_guessed(
            pe,
            rule,
            doubt or "the top card is not known",
            f"{what} is not carried out; the log may name the card first in the resolve's targets.",
        )
        return False
    st = eng.state
    deck = st.players[pe.controller].deck
    if deck[0] is None:
        bind(st, pe.controller, card)
    deck.pop(0)
    return True


def top_to_command(
    eng: RangersStrikeEngine, pe: Any, card: str | None, doubt: str | None, what: str
) -> None:
    """ "自軍山札の上から1枚ひいて、自軍コマンドゾーンにホールド状態で置く。": the top card of the
    controller's deck goes held into its command zone, or, when that holds 5 already, into the
    discard pile.  An empty deck: whether taking a card from it loses, as a draw does, is not in
    the sources (GAP): unverifiable, and nothing happens."""
    st = eng.state
    pid = pe.controller
    ps = st.players[pid]
    if not ps.deck:
        why = (
            f"{pid}'s deck is empty: whether taking its top card loses as a draw does is not known"
        )
        eng.ctx.ruling(TOP_RULE, f"{why[0].upper()}{why[1:]} (the sources do not say).")
        eng.ctx.cannot_verify(why)
        eng.taint_effect(pe, TOP_RULE)
        return
    if not _take_top(eng, pe, card, doubt, what, TOP_RULE):
        return
    op = next((o for o in pe.effect["do"] if o.get("op") == "top_to_command"), {})
    wanted = (op.get("released_if") or {}).get("feature")
    if wanted is not None and len(ps.command) < COMMAND_LIMIT:  # RS-DISCARD-HELD-COMMAND
        has = wanted in eng.state.card(card).features  # a card's printed features
        ps.command.append(Command(card, held=not has))
        state = "released" if has else "held"
        eng.event(
            "to_command",
            f"{eng.name(card)}, the top card of {pid}'s deck, goes {state} into its command zone "
            f"({what}).",
            player=pid,
            card=card,
        )
        eng.ctx.ruling(
            TOP_RULE,
            f"The top card of {pid}'s deck, {eng.name(card)}, "
            f"{'prints' if has else 'does not print'} the feature {wanted}: it is put {state} "
            "into its command zone.",
        )
        if has:  # RS-PLACED-HELD: put released, an opposing unit's restriction may hold it
            placed_held.placed(eng, pid, len(ps.command) - 1)
        else:
            placed_watch.placed(eng, [(pid, card)], "held")  # RS-PLACED-HELD-WATCH
        return
    if len(ps.command) >= COMMAND_LIMIT:
        ps.discard.append(card)
        eng.event(
            "to_discard",
            f"{eng.name(card)}, the top card of {pid}'s deck, cannot go into the full command "
            f"zone: it goes to the discard pile ({what}).",
            player=pid,
            card=card,
        )
    else:
        ps.command.append(Command(card, held=True))
        placed_watch.placed(eng, [(pid, card)], "held")  # RS-PLACED-HELD-WATCH
        eng.event(
            "to_command",
            f"{eng.name(card)}, the top card of {pid}'s deck, goes held into its command zone "
            f"({what}).",
            player=pid,
            card=card,
        )
    eng.ctx.ruling(
        TOP_RULE,
        f"The top card of {pid}'s deck is put held into its command zone (at most "
        f"{COMMAND_LIMIT} cards; when full it goes to the discard pile).",
    )


RESIDENT_RULE = "RS-RESIDENT-TO-DECK"


def residents_in_place(eng: RangersStrikeEngine) -> list[str]:
    """Every resident operation in place, in player order (either side's)."""
    st = eng.state
    return [res for _, res in st.placed()]


def resident_named(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any]
) -> tuple[str | None, list[Any], list[Problem], str | None]:
    """RS-RESIDENT-TO-DECK: the resident operation the effect's ``resident_to_deck`` returns:
    ``(card, targets left, problems, doubt)``.  The log names it first in ``targets`` (by
    instance id or code); not named, the only one in place is taken, and when more are in place
    which one is a doubt.  No such op: ``(None, targets, [], None)``."""
    if not returns_resident(effect):
        return None, targets, [], None
    st = eng.state
    placed = residents_in_place(eng)
    if not targets:
        if len(placed) > 1:
            return None, targets, [], "which resident operation was chosen is not recorded"
        return (placed[0] if placed else None), targets, [], None
    ref, rest = targets[0], targets[1:]
    code = ref_code(st, ref)
    hits = [c for c in placed if (c == ref if is_instance(st, ref) else st.code_of[c] == code)]
    if len(hits) == 1:
        return hits[0], rest, [], None
    if hits:
        return None, rest, [], f"{ref} names more than one resident operation in place"
    return None, rest, [(RESIDENT_RULE, f"{ref} is not a resident operation in place.")], None


def resident_to_deck(
    eng: RangersStrikeEngine, pe: Any, card: str | None, doubt: str | None, what: str
) -> None:
    """ "常駐しているオペレーションを1つ選び、選んだオペレーションを持ち主の山札に戻してシャッフルす
    る。": the resident chosen leaves its place (its effect ends) and goes into its owner's deck,
    which is shuffled; with none in place nothing happens."""
    st = eng.state
    if card is None:
        if doubt is not None:
            eng.not_guessed(
                pe,
                RESIDENT_RULE,
                doubt,
                f"{what} is not carried out; the log may "
                "name the resident first in the resolve's targets.",
            )
            return
        eng.ctx.ruling(RESIDENT_RULE, f"No resident operation is in place: {what} returns none.")
        return
    for q in st.order:
        if card in st.players[q].residents:
            st.players[q].residents.remove(card)
    owner = st.owner_of[card]
    st.players[owner].deck.append(card)
    eng.event(
        "to_deck",
        f"{eng.name(card)}, a resident operation, goes back into {owner}'s deck ({what}).",
        player=owner,
        card=card,
    )
    eng.shuffle(owner)
    eng.ctx.ruling(
        RESIDENT_RULE,
        f"The resident operation {eng.name(card)} leaves its place (its effect ends) and goes "
        f"into its owner {owner}'s deck, which is shuffled.",
    )


BATTLE_RULE = "RS-TO-BATTLE"


def put_into_battle(
    eng: RangersStrikeEngine, found: list[tuple[str, str, Unit]], what: str
) -> None:
    """ "…可能ならバトルエリアに出す。": each unit of ``found`` still in its rush area goes into its
    owner's battle area, taking the next position, if it can: a unit that cannot enter stays
    (可能なら); one that enters only by holding commands (RS-ENTER-HOLD) is not decided by the
    engine (unverifiable).  No combination triggers: a combination triggers only when a unit
    enters in its player's battle phase, and no when-it-enters effect of the engine's (read
    from "自軍ターン中、…バトルエリアに出たとき") applies."""
    st = eng.state
    for _pid, _area, unit in found:
        where = st.area_of(unit)
        if where is None or where[1] != "rush":
            eng.event(
                "effect", f"{eng.name(unit.card)} is no longer in a rush area.", card=unit.card
            )
            continue
        owner = where[0]
        why = restrictions.enter_forbidden(eng, unit)
        if why is not None:
            eng.ctx.ruling(BATTLE_RULE, f"{why} It stays in the rush area (可能なら: if it can).")
            continue
        doubt = restrictions.enter_doubt(eng, unit)  # RS-BARS-ENTERING, RS-CARD-RESTRICTION
        if doubt is not None:
            eng.ctx.ruling(BATTLE_RULE, f"{doubt} Whether it can enter is not known.")
            eng.ctx.cannot_verify("a text that may bar the unit from entering, not decided")
            continue
        if restrictions.enter_holds(eng, unit):
            eng.ctx.ruling(
                BATTLE_RULE,
                f"{eng.name(unit.card)} enters the battle area only by holding commands "
                "(RS-ENTER-HOLD); whether and which its player holds when an effect puts it there "
                "the engine does not decide, and leaves it in the rush area.",
            )
            eng.ctx.cannot_verify(
                "a unit that enters only by holding commands, put there by an effect"
            )
            continue
        ps = st.players[owner]
        remove_unit(ps.rush, unit)
        ps.battle.append(unit)
        pos = len(ps.battle) + eng.combination_offset(owner)[0]
        eng.event(
            "to_battle",
            f"{owner}'s {eng.name(unit.card)} is put into the battle area at position {pos} "
            f"({what}).",
            player=owner,
            card=unit.card,
            position=pos,
        )
        eng.ctx.ruling(
            BATTLE_RULE,
            f"{eng.name(unit.card)} is put into {owner}'s battle area by an effect: it takes the "
            "next position, and no combination triggers (only a unit entering in its player's "
            "battle phase combines).",
        )
        watch.seen(eng, "on_entered", unit, owner)  # RS-WHILE-IN-AREA


def reveal_top(
    eng: RangersStrikeEngine, pe: Any, card: str | None, doubt: str | None, what: str, name: str
) -> None:
    """ "自軍山札の上から1枚をオモテにしてもよい。オモテにしたカードが「X」なら自軍ラッシュエリアに出し、
    それ以外なら捨札にする。": the top card of the controller's deck is revealed; named X it goes
    into the rush area by the effect (no power, command or condition), otherwise into the
    discard pile.  An empty deck reveals nothing: whether that does anything else the sources
    do not say (unverifiable)."""
    from judge.games.rangers_strike.from_discard import into_rush

    st = eng.state
    pid = pe.controller
    ps = st.players[pid]
    if not ps.deck:
        why = f"{pid}'s deck is empty: nothing is revealed, and the sources do not say more"
        eng.ctx.ruling(REVEAL_RULE, f"{why[0].upper()}{why[1:]}.")
        eng.ctx.cannot_verify(why)
        return
    if not _take_top(eng, pe, card, doubt, what, REVEAL_RULE):
        return
    eng.event(
        "reveal",
        f"{pid} reveals the top card of its deck: {eng.name(card)} ({what}).",
        player=pid,
        cards=[card],
    )
    named = st.card(card).name_match(name)
    if named is None:  # RS-USABLE-AS: "扱ってよい" (may); whether it is so named here, not said
        why = (
            f"the card revealed, {eng.name(card)}, is not named {name} but may be used as "
            f"{name} (としてつかえる, {usable_as.RULE}): whether it counts as {name} here, to go "
            "into the rush area, or not, to go into the discard pile, the sources do not say"
        )
        eng.ctx.ruling(REVEAL_RULE, f"{why[0].upper()}{why[1:]}; it is put into the rush area.")
        eng.ctx.cannot_verify(why)
    elif named:
        eng.ctx.ruling(REVEAL_RULE, f"The card revealed is {name}: it goes into the rush area.")
    if named is not False:
        into_rush(eng, pid, [card], what, whence="top")
        return
    ps.discard.append(card)
    eng.ctx.ruling(REVEAL_RULE, f"The card revealed is not {name}: it goes into the discard pile.")
    eng.event(
        "to_discard",
        f"{eng.name(card)} goes from {pid}'s deck to the discard pile ({what}).",
        player=pid,
        card=card,
    )


BOTTOM_RULE = "RS-TO-DECK-BOTTOM"


def to_deck_bottom(
    eng: RangersStrikeEngine,
    pe: Any,
    found: list[tuple[str, str, Unit]],
    what: str,
    named: bool,
) -> None:
    """ "…を選び、持ち主の山札の下に好きな順番で戻す。": each unit of ``found`` still in its area goes
    to the bottom of its owner's deck (not destroyed), one after another in the order found
    (the log's order when it ``named`` them: the last is the bottom card).  Not named, the order
    is the chooser's, which the log does not record: when it could matter (two or more cards of
    different codes) the engine does not guess it."""
    st = eng.state
    codes = {st.code_of[u.card] for _pid, _area, u in found}
    if not named and len(codes) > 1:
        eng.not_guessed(
            pe,
            BOTTOM_RULE,
            "in which order the units went to the bottom of the deck is not recorded",
            f"{what} is not carried out; the log may name them, in that order, in the resolve's "
            "targets.",
        )
        return
    for _pid, _area, unit in found:
        where = _take(eng, unit, f"is put on the bottom of its owner's deck ({what})")
        if where is None:
            continue
        owner = st.owner_of[unit.card]
        st.players[owner].deck.append(unit.card)
        eng.event(
            "to_deck",
            f"{eng.name(unit.card)} goes from {where[0]}'s {where[1]} area to the bottom of "
            f"{owner}'s deck ({what}).",
            player=owner,
            card=unit.card,
        )
    if found:
        eng.ctx.ruling(
            BOTTOM_RULE,
            f"{plural(len(found), 'unit')} put on the bottom of their owner's deck, in the order "
            f"{'named' if named else 'found (one code: the order changes nothing)'}; "
            f"{agree(len(found), 'it is', 'they are')} not destroyed, so no when-destroyed "
            "effect triggers.",
        )
