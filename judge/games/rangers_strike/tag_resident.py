"""Tag (``※タッグ``), a resident operation's keyword, and the first resident text read with it
(RS-TAG, RS-TAG-HELD-ENTERED).

The reminder every Tag card prints: "※タッグ(これは他の自軍常駐と合わせて2枚まで配置でき、太字部分を実行
するかわりに、他の自軍常駐の太字部分を実行できる)".  The bold part (太字部分) is the part of the
card's text the catalogue writes in 『…』.  Two things follow, each RS-TAG:

- **Placing** (:func:`place`).  A player has one resident in place (RS-RESIDENT), but a Tag
  resident may be placed beside one other resident of its player's: two in all.  The log's
  ``use`` may name, in ``replace``, the residents in place that go to the discard pile as the new
  one is placed (an instance id or a code, or a list of them).  What the sources settle: a Tag
  resident placed while one other is in place stands beside it (nothing goes when ``replace``
  names none); a non-Tag resident placed while one non-Tag resident is in place replaces it, as
  RS-RESIDENT says.  Naming in ``replace`` a card that is not a resident of the player's in place
  is illegal.  Not guessed (the step unverifiable, the engine's state kept as the log says, or as
  written below): a Tag resident placed while one is in place and ``replace`` names it (whether
  the player may still replace it the sources do not say); a Tag resident placed while two are in
  place (which goes, when ``replace`` does not name one, or both named; not named, the first
  placed goes, unless both are copies of one card); a non-Tag resident placed while a Tag resident
  is in place (whether the Tag resident's permission lets it stand beside it the sources do not
  say: with ``replace`` the cards named go, without it the cards in place stay and, with two in
  place, the first placed goes).
- **Executing another's bold part** (:func:`bold_named`).  When a Tag resident's own effect
  executes its bold part, its player may execute instead the bold part of another resident of
  its own in place; the resolve's ``targets`` then start with ``{"bold": R}`` (R the other
  resident, by instance id or code), followed by that bold part's own targets.  R must be
  another resident of the player's in place (illegal otherwise: RS-TAG).  In tag battle the seed
  says the bold part's substitution also reaches the residents the team-mate placed
  (RST-RESIDENT-TAG): naming one of them is legal, but whose 自軍 the borrowed words then name
  is not said, so the effect is not carried out (unverifiable).  R read in full whose text prints no bold part: illegal (it has
  none to execute); R whose text is not read, or a hand-made card without text: its bold part
  is not known, so the effect is not carried out (unverifiable).  A bold part executed instead
  is executed as the card's own would be: "そうしたとき" then holds when it was done.

The resident text (RS-TAG-HELD-ENTERED), ウエイクアップ！'s: "自軍バトルフェイズ中、ホールド状態の自軍S
ユニットがバトルエリアに出たとき、『自軍Sユニットを1体選びホールドする』を実行してもよい。そうしたとき、
バトルエリアに出たユニットをリリースする。", read as::

    {"when": "resident_held_entered", "of": {"size": "S"}, "optional": true,
     "do": [{"op": "bold", "part": {"op": "hold_own", "size": "S"}},
            {"op": "release_entered"}]}

While the resident is in place, when a unit of its player's (not a vehicle; the printed size S)
that is held enters the battle area in that player's battle phase (by its enter or put there by
an effect), the effect triggers and waits with the unit's other entry effects (RS-SIMULTANEOUS);
a unit entering released does not trigger it (the official Q&A on RK-239).  Its player may
execute the bold part (``use``): one released size S unit of its own, in its rush or battle
area, chosen (named in ``targets``) and held; only when one was held (そうしたとき, RS-IF-DONE)
the unit that entered is released, if it is still in the battle area and held.  The bold part
executed may be another resident's (above).  Not guessed (unverifiable): the unit chosen not
named among several; in tag battle the ally's unit entering, and an ally's unit named or
possible (whether 自軍 takes it the sources do not say); the resident gone before the effect
resolves; the entered unit no longer in the battle area.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike.cards import printed_text
from judge.games.rangers_strike.refs import Problem, find_unit, is_instance, ref_code

if TYPE_CHECKING:
    from judge.games.rangers_strike.cards import CardDef
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-TAG"
RULE_ONCE = "RS-TAG-ONCE"
BODY_RULE = "RS-TAG-HELD-ENTERED"
TEAM_RULE = "RST-RESIDENT-TAG"
#: the key of :func:`seen`'s codes (codes_where), read first by watch.seen too
CODES = "tag_resident held entered"
WHEN = "resident_held_entered"
BOLD = "bold"
THEN = "release_entered"
#: the target naming the resident whose bold part is executed instead: ``{"bold": R}``
KEY = "bold"
#: the printed reminder, in the reader's normal form
REMINDER = (
    "※タッグ(これは他の自軍常駐と合わせて2枚まで配置でき、太字部分を実行するかわりに、"
    "他の自軍常駐の太字部分を実行できる)"
)
#: the bold parts the engine executes, by their op
PARTS = ("hold_own",)

#: (the card, targets left, problems, doubt)
Named = tuple[str | None, list[Any], list[Problem], str | None]


def part_ok(part: Any) -> bool:
    """Whether ``part`` is a bold part the engine executes: "自軍Sユニットを1体選びホールドする", or
    "オモテ向きの自軍パワーを1枚選び、自軍山札の上に戻す" (RS-TAG-ONCE)."""
    return isinstance(part, dict) and part in (
        {"op": "hold_own", "size": "S"},
        {"op": "power_to_top"},
    )


def ok(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` is the one shape of RS-TAG-HELD-ENTERED (module docstring)."""
    ops = effect.get("do")
    return (
        effect.get("when") == WHEN
        and not set(effect) - {"when", "of", "optional", "do", "text"}
        and effect.get("of") == {"size": "S"}
        and effect.get("optional") is True
        and isinstance(ops, list)
        and len(ops) == 2
        and isinstance(ops[0], dict)
        and set(ops[0]) == {"op", "part"}
        and ops[0]["op"] == BOLD
        and part_ok(ops[0]["part"])
        and ops[1] == {"op": THEN}
    )


def bold_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The bold part an effect of this module executes, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == BOLD:
            part = op.get("part")
            return part if isinstance(part, dict) else None
    return None


def words(effect: dict[str, Any]) -> str:
    """The effect in plain English (``judge cards show``)."""
    return (
        "While this resident is in place, when a held size S unit of yours enters the battle "
        "area in your battle phase, you may execute the bold part, 'choose one size S unit of "
        "yours and hold it' (Tag: or, instead, the bold part of another resident of yours in "
        "place); if you did, release the unit that entered"
    )


def part_words(part: dict[str, Any]) -> str:
    if part.get("op") == "power_to_top":
        return "choose one face-up card of your power zone and put it on top of your deck"
    return "choose one released size S unit of yours and hold it"


def printed(eng: RangersStrikeEngine, card: str) -> bool:
    """Whether ``card`` has Tag: the definition's ``tag`` with the keyword printed, or a
    hand-made definition's ``tag`` without printed text (the card has Tag, so its reminder,
    RS-TAG: it may stand beside one other resident; its bold part is not known).  A definition
    whose printed text does not print ※タッグ has no Tag, whatever its ``tag`` says."""
    d = eng.state.card(card)
    return d.tag and ("タッグ" in d.keywords or not printed_text(d.raw))


# -- placing --------------------------------------------------------------------------------------


def _named(eng: RangersStrikeEngine, pid: str, refs: list[Any]) -> tuple[list[str], list[str]]:
    """The residents of ``pid``'s in place the refs name (each once), and what names none."""
    st = eng.state
    placed = list(st.players[pid].residents)
    found: list[str] = []
    bad: list[str] = []
    for ref in refs:
        if is_instance(st, ref):
            hits = [ref] if ref in placed and ref not in found else []
        else:
            code = ref_code(st, ref)
            hits = [c for c in placed if st.code_of[c] == code and c not in found][:1]
        if hits:
            found.append(hits[0])
        else:
            bad.append(str(ref))
    return found, bad


def replace_refs(action: dict[str, Any]) -> list[Any]:
    said = action.get("replace")
    if said is None:
        return []
    return list(said) if isinstance(said, list) else [said]


def check_replace(eng: RangersStrikeEngine, pid: str, action: dict[str, Any]) -> list[Problem]:
    """RS-TAG: what ``replace`` names must be residents of ``pid``'s in place."""
    _, bad = _named(eng, pid, replace_refs(action))
    return [
        (RULE, f"{ref} is not a resident operation of {pid}'s in place: it cannot be replaced.")
        for ref in bad
    ]


def place(eng: RangersStrikeEngine, pid: str, iid: str, action: dict[str, Any]) -> list[str]:
    """Put ``iid`` in place as ``pid``'s resident; returns the residents that go to the discard
    pile (the caller discards them and says so).  RS-RESIDENT's one resident, and RS-TAG's two."""
    st = eng.state
    ps = st.players[pid]
    before = list(ps.residents)
    named, _ = _named(eng, pid, replace_refs(action))
    new_tag = printed(eng, iid)
    tagged = [c for c in before if printed(eng, c)]
    gone: list[str]
    doubt: str | None = None
    if not before:
        gone = []
    elif not new_tag and not tagged:
        gone = list(before)  # RS-RESIDENT: the old one is replaced
    elif new_tag and len(before) == 1:
        gone = named
        if named:
            doubt = (
                f"{eng.name(iid)} has Tag and may stand beside {eng.name(before[0])}, and "
                "whether its player may still replace that one the sources do not say"
            )
        else:
            eng.ctx.ruling(
                RULE,
                f"{eng.name(iid)} has Tag: it is placed beside {pid}'s "
                f"{eng.name(before[0])}, two residents in all.",
            )
    elif new_tag:  # two in place already: one at least must go
        same = len({st.code_of[c] for c in before}) == 1
        if named:
            gone = named
            if len(named) > 1:
                doubt = (
                    f"{eng.name(iid)} has Tag and may stand beside one of {pid}'s two "
                    "residents, and whether both may go the sources do not say"
                )
        else:
            gone = before[:1]
            if not same:
                doubt = (
                    f"{pid} has two residents in place and {eng.name(iid)} may stand beside "
                    "one of them; which goes the log does not record"
                )
    else:  # a resident without Tag while a Tag resident is in place
        gone = named or ([] if len(before) == 1 else before[:1])
        doubt = (
            f"{eng.name(iid)} has no Tag, and whether the Tag of {pid}'s "
            f"{', '.join(eng.name(c) for c in tagged)} lets it stand beside that resident "
            '("これは他の自軍常駐と合わせて2枚まで配置でき") the sources do not say'
        )
    if doubt is not None:
        kept = [c for c in before if c not in gone]
        eng.ctx.ruling(
            RULE,
            f"{doubt[0].upper()}{doubt[1:]}: the engine does not guess it; it takes the "
            f"residents in place to be {', '.join(eng.name(c) for c in [*kept, iid])}.",
        )
        eng.ctx.cannot_verify(doubt)
    for card in gone:
        ps.residents.remove(card)
    ps.residents.append(iid)
    return gone


# -- another resident's bold part -----------------------------------------------------------------


def _printed_bold(eng: RangersStrikeEngine, card: str) -> bool | None:
    """Whether ``card``'s printed text has a bold part (『…』), or None when its text is not
    known (a hand-made card)."""
    text = eng.state.card(card).raw.get("text")
    if not isinstance(text, str) or not text.strip():
        return None
    return "『" in text


def bold_named(
    eng: RangersStrikeEngine, pe: PendingEffect, targets: list[Any]
) -> tuple[dict[str, Any] | None, list[Any], list[Problem], str | None]:
    """The bold part the resolve executes: ``(part, targets left, problems, doubt)``.  The
    effect's own unless ``targets`` start with ``{"bold": R}``; then R's, when it is known."""
    own = bold_of(pe.effect)
    if not targets or not (isinstance(targets[0], dict) and set(targets[0]) == {KEY}):
        return own, targets, [], None
    st = eng.state
    ref, rest = targets[0][KEY], list(targets[1:])
    pid = pe.controller
    if not printed(eng, pe.source):
        why = (
            f"{eng.name(pe.source)} has no Tag: it executes its own bold part, not another "
            "resident's."
        )
        return None, rest, [(RULE, why)], None
    owners = eng.allies(pid)
    cands = [(q, c) for q in owners for c in st.players[q].residents if c != pe.source]
    if is_instance(st, ref):
        hits = [(q, c) for q, c in cands if c == ref]
    else:
        code = ref_code(st, ref)
        hits = [(q, c) for q, c in cands if st.code_of[c] == code]
    if not hits:
        why = (
            f"{ref} is not another resident operation of {pid}'s in place: its bold part "
            f"cannot be executed instead of {eng.name(pe.source)}'s."
        )
        return None, rest, [(RULE, why)], None
    q, card = hits[0]
    if q != pid:
        return (
            None,
            rest,
            [],
            f"{eng.name(card)} is {q}'s, {pid}'s team-mate's: in tag battle a Tag resident may "
            "execute the bold part of a resident the team-mate placed instead of its own "
            "(RST-RESIDENT-TAG), but whose 自軍 its words then name the sources do not say",
        )
    parts = [bold_of(e) for e in st.card(card).effects]
    found = [p for p in parts if p is not None]
    prints = _printed_bold(eng, card)
    if (
        found
        and all(part_ok(p) for p in found)
        and len({str(p) for p in found}) == 1
        and not st.card(card).unread
    ):
        eng.ctx.ruling(
            RULE,
            f"{pid} executes the bold part of its other resident {eng.name(card)} instead of "
            f"{eng.name(pe.source)}'s (Tag).",
        )
        return found[0], rest, [], None
    if prints is False:
        why = (
            f"{eng.name(card)} prints no bold part (『…』): there is none to execute instead of "
            f"{eng.name(pe.source)}'s."
        )
        return None, rest, [(RULE, why)], None
    return (
        None,
        rest,
        [],
        f"the bold part of {eng.name(card)} is not read by the engine, so what executing it "
        "does is not known",
    )


# -- RS-TAG-HELD-ENTERED ---------------------------------------------------------------------------


def _has_when(d: CardDef) -> bool:
    """Whether card ``d`` has an effect of this timing (those :func:`seen` reads)."""
    return any(effect.get("when") == WHEN for effect in d.effects)


def seen(eng: RangersStrikeEngine, subject: Unit, owner: str) -> None:
    """``subject``, ``owner``'s unit, entered the battle area: the texts of this module of the
    residents in place whose condition holds wait in the pool, the entered unit with them."""
    st = eng.state
    # only the residents whose card has a text of this timing can trigger (codes_where,
    # shared: the definition alone); none in the game: nothing is looked up (every unit
    # entering asks)
    codes = eng.codes_known.get(CODES)  # (read first: no call)
    if codes is None:
        codes = eng.codes_where(CODES, _has_when, shared=True)
    if not codes:
        return
    d = st.card(subject.card)
    if not d.is_unit or d.size != "S" or not subject.held:
        return
    for pid, res in st.placed():
        if owner not in eng.allies(pid):
            continue
        if not (st.phase == "battle" and st.turn_player in eng.allies(pid)):
            continue  # "自軍バトルフェイズ中"
        for index, effect in enumerate(st.card(res).effects):
            if effect.get("when") != WHEN or not eng.supports(effect):
                continue
            what = f"{eng.name(res)}'s effect (when a held size S unit of {pid}'s enters)"
            pe = PendingEffect(0, pid, res, effect, index, WHEN, {})
            if owner != pid:
                eng.not_guessed(
                    pe,
                    BODY_RULE,
                    f"{eng.name(subject.card)} is {owner}'s, {pid}'s ally's, and whether 自軍Sユニット "
                    f"means {pid}'s units or its team's the sources do not say",
                    f"{what} is not carried out.",
                )
                continue
            eng.ctx.ruling(
                BODY_RULE,
                f"{eng.name(res)} is {pid}'s resident in place, and {eng.name(subject.card)} "
                f"(size S) enters the battle area held in {pid}'s battle phase: its effect "
                "triggers.",
            )
            eng.pool.add(pid, res, effect, index, WHEN, entered=subject, subject=subject.card)


def _fitting(eng: RangersStrikeEngine, pid: str) -> list[Unit]:
    st = eng.state
    return [
        u
        for u in st.players[pid].units()
        if st.card(u.card).is_unit and st.card(u.card).size == "S" and not u.held
    ]


def chosen(
    eng: RangersStrikeEngine, pid: str, targets: list[Any]
) -> tuple[Unit | None, list[Any], list[Problem], str | None]:
    """The unit the bold part holds: ``(unit, targets left, problems, doubt)``."""
    st = eng.state
    fits = _fitting(eng, pid)
    allies = [q for q in eng.allies(pid) if q != pid]
    ally_fits = [u for q in allies for u in _fitting(eng, q)]
    if targets:
        ref, rest = targets[0], list(targets[1:])
        hit = find_unit(st, ref, "targets[0]", [pid], bp=eng.bp)
        if hit is not None and hit[2] in fits:
            return hit[2], rest, [], None
        other = find_unit(st, ref, "targets[0]", allies, bp=eng.bp) if allies else None
        if other is not None and other[2] in ally_fits:
            return (
                None,
                rest,
                [],
                f"{eng.name(other[2].card)} is {other[0]}'s, {pid}'s ally's, and whether 自軍S"
                "ユニット takes it the sources do not say",
            )
        why = f"{ref} is not a released size S unit of {pid}'s: it cannot be chosen and held."
        return None, rest, [(BODY_RULE, why)], None
    if not fits and not ally_fits:
        return None, [], [], None
    if len(fits) == 1 and not ally_fits:
        return fits[0], [], [], None
    if not fits:
        return (
            None,
            [],
            [],
            f"whether 自軍Sユニット takes {pid}'s ally's units the sources do not say",
        )
    return None, [], [], f"which of {pid}'s released size S units was chosen is not recorded"


def part_pick(
    eng: RangersStrikeEngine, pid: str, part: dict[str, Any], targets: list[Any]
) -> tuple[Any, list[Any], list[Problem], str | None]:
    """What the bold part ``part`` chooses, from ``targets``: ``(pick, targets left, problems,
    doubt)``; pick None with no doubt: nothing to choose (the part is not done)."""
    if part.get("op") == "power_to_top":
        from judge.games.rangers_strike import tag_activated

        pick, rest, found, doubt = tag_activated.power_pick(eng, pid, targets)
        return pick, rest, [(tag_activated.RULE, m) for _, m in found], doubt
    return chosen(eng, pid, targets)


def part_do(eng: RangersStrikeEngine, pid: str, part: dict[str, Any], pick: Any, what: str) -> str:
    """Carry out the bold part with what it chose; returns what was done, in words."""
    if part.get("op") == "power_to_top":
        from judge.games.rangers_strike import tag_activated

        card = eng.state.players[pid].power[pick[0]].card or pick[1]
        tag_activated.power_to_top(eng, pid, pick, what)
        return f"{eng.name(card)} put on top of the deck"
    pick.held = True
    eng.event("hold", f"{pid} holds {eng.name(pick.card)} (a unit) ({what}).", card=pick.card)
    return f"{eng.name(pick.card)} held"


def tag_doubt(eng: RangersStrikeEngine, pe: PendingEffect) -> str | None:
    """RS-TAG-ONCE in tag battle: not guessed."""
    if pe.effect.get("when") == WHEN or len(eng.allies(pe.controller)) < 2:
        return None
    return (
        f"in tag battle whether 自軍パワー, 自軍山札 and 自軍ユニット in {eng.name(pe.source)}'s text "
        f"name {pe.controller}'s own or its team's the sources do not say"
    )


def problems(
    eng: RangersStrikeEngine, pe: PendingEffect, targets: list[Any], use: bool | None
) -> list[Problem]:
    """What is wrong with a resolve's ``targets`` for this module's effects."""
    if use is False or tag_doubt(eng, pe) is not None:
        return []
    part, rest, found, doubt = bold_named(eng, pe, list(targets))
    if found or doubt is not None or part is None:
        return found
    _, rest, found, _ = part_pick(eng, pe.controller, part, rest)
    if not found and rest:
        return [(BODY_RULE, "The log names more targets than the bold part takes.")]
    return found


def execute_bold(
    eng: RangersStrikeEngine, pe: PendingEffect, targets: list[Any], use: bool | None, what: str
) -> bool | None:
    """Execute the bold part (the card's own or another resident's): True when it was done,
    False when it was not (nothing to choose, or not executed), None when the effect stops
    (illegal, or not guessed)."""
    pid = pe.controller
    if use is False:
        eng.ctx.ruling(RULE, f"{pid} does not execute the bold part: {what} does nothing.")
        return False
    part, rest, found, doubt = bold_named(eng, pe, list(targets))
    if found:
        eng.event("effect", f"{what} is not carried out.", card=pe.source)
        return None
    if doubt is not None or part is None:
        rule = TEAM_RULE if doubt is not None and TEAM_RULE in doubt else RULE
        eng.not_guessed(
            pe, rule, doubt or "the bold part is not known", f"{what} is not carried out."
        )
        return None
    pick, _, found, doubt = part_pick(eng, pid, part, rest)
    if found:
        eng.event("effect", f"{what} is not carried out.", card=pe.source)
        return None
    if doubt is not None:
        eng.not_guessed(
            pe,
            BODY_RULE if part["op"] == "hold_own" else RULE_ONCE,
            doubt,
            f"{what} is not carried out.",
        )
        return None
    if pick is None:
        eng.ctx.ruling(
            RULE,
            f"There is nothing for the bold part, '{part_words(part)}', to choose: it is not "
            "done, so what follows it does not happen (そうしたとき).",
        )
        return False
    did = part_do(eng, pid, part, pick, what)
    eng.ctx.ruling(RULE, f"The bold part, '{part_words(part)}', is done: {did}.")
    return True


def still_there(eng: RangersStrikeEngine, pe: PendingEffect, what: str) -> bool:
    """Whether the resident is still in place as its effect resolves; if not, not guessed."""
    if pe.source in eng.state.players[pe.controller].residents:
        return True
    eng.not_guessed(
        pe,
        BODY_RULE if pe.effect.get("when") == WHEN else RULE_ONCE,
        f"{eng.name(pe.source)} has left its place before {what} resolves, and whether an effect "
        "of a resident already triggered or executed still resolves the sources do not say",
        f"{what} is not carried out.",
    )
    return False


def carry_out(
    eng: RangersStrikeEngine, pe: PendingEffect, targets: list[Any], use: bool | None, what: str
) -> None:
    """Execute the bold part (the card's own or another resident's), then, if it was done,
    release the unit that entered."""
    st = eng.state
    if not still_there(eng, pe, what):
        return
    if pe.effect.get("when") != WHEN:  # RS-TAG-ONCE: the bold part, then the grant for the turn
        from judge.games.rangers_strike import tag_activated

        doubt = tag_doubt(eng, pe)
        if doubt is not None:
            eng.not_guessed(pe, RULE_ONCE, doubt, f"{what} is not carried out.")
            return
        if execute_bold(eng, pe, targets, use, what):
            tag_activated.grant(eng, pe, pe.effect["do"][1], what)
        return
    if use is not True:
        eng.ctx.ruling(
            BODY_RULE, f"{pe.controller} does not execute the bold part: {what} does nothing."
        )
        return
    if not execute_bold(eng, pe, targets, use, what):
        return
    entered: Unit | None = pe.context.get("entered")
    where = st.area_of(entered) if entered is not None else None
    if entered is None or where is None or where[1] != "battle":
        eng.not_guessed(
            pe,
            BODY_RULE,
            "the unit that entered is no longer in the battle area, and whether it is still "
            "released the sources do not say",
            "it is not released.",
        )
        return
    if not entered.held:
        eng.ctx.ruling(
            BODY_RULE, f"{eng.name(entered.card)} is released already: nothing more happens."
        )
        return
    entered.held = False
    eng.event(
        "release",
        f"{where[0]} releases {eng.name(entered.card)}, the unit that entered ({what}).",
        player=where[0],
        card=entered.card,
    )
    eng.ctx.ruling(
        BODY_RULE,
        f"The bold part was done: {eng.name(entered.card)}, which entered held, is released.",
    )
