"""Rules a card's continuous text lays on other units while the card is in its player's area
(read by :mod:`judge.games.rangers_strike.reader` into the card's ``restrictions``, looked up
here where the action they govern is checked).

Why a module of its own: :mod:`judge.games.rangers_strike.restrictions` holds a unit's rules
for itself; these are one card's rules for the units around it, in force only while the card
stands in its player's rush or battle area, so each check first looks for the cards in play
that lay them and then asks whether the unit concerned is one they name.

Rules (``{"rule": …}``, on the card whose text it is):

- ``void_must_enter`` ``of`` ``{"side": "own", "feature": X}`` (``【name】これが自軍エリアにある
  間、特徴「X」を持つ自軍ユニットは「これは毎ターン、可能ならバトルエリアに出る」と書かれていても、その
  テキストは無効になる。``): while the card is in its player's rush or battle area, the note
  "※これは毎ターン、可能ならバトルエリアに出る。" (RS-MUST-ENTER) of that player's units with the
  feature X (printed or added, RS-SELECT-FEATURE) is void: such a unit need not enter
  (RS-VOID-MUST-ENTER, :func:`must_enter_void`).  In tag battle, whether a card in the ally's
  area voids the player's unit's note (自軍: the player's or its team's) the sources do not say:
  not guessed.
- ``bars_acting`` ``held`` N, ``of`` ``{"side": "opponent", "size": S, "feature": X}``, ``bars``
  ``["attack", "strike"]`` (``【name】これが自軍バトルエリアにある間、敵軍バトルフェイズ中、ホールド状態の
  敵軍コマンドが1つ以上あれば、特徴「X」を持つ敵軍Sユニットは、次の制限を受ける⇒アタックもストライクもする
  ことができない。``): while the card is in its player's battle area, in an opposing player's
  battle phase, if the opposing side (in tag battle the opposing team, both players) has N or
  more held commands, an opposing unit of printed size S with the feature X (printed or added)
  can neither attack nor strike (RS-BARS-OPPOSING, :func:`acting_forbidden`); a unit riding a
  vehicle is looked at as itself.
- ``shields`` ``of`` ``{"side": "own", "size": S, "feature": X, "not_named": Y}``
  (``【name】これが自軍バトルエリアにある間、敵軍ターン中、「Y」以外の特徴「X」を持つ自軍Sユニットはアタッ
  クされない。``): while the card is in its player's battle area, in an opposing turn, none of that
  player's units of printed size S with the feature X, except those named Y, may be attacked
  (RS-SHIELDS-OWN, :func:`attacked_forbidden`).  Not guessed: in tag battle, a unit of the
  ally's (自軍: the player's or its team's), and a unit whose unread text may let it be used as
  Y ("「Y」としてつかえる").
- ``bars_entering`` ``number_is`` ``{"named": Y}``, ``of`` ``{"side": "opponent", "size": S}``
  (``【name】これが自軍バトルエリアにある間、敵軍ターン中、カードに表記された本来のナンバーが自軍バトルエ
  リアの「Y」の数と同じ敵軍Sユニットは、バトルエリアに出られない。``): while the card is in its
  player's battle area, in an opposing turn, an opposing unit of printed size S whose printed
  combination number (not one an effect changes; a unit without a number has none) is the number
  of cards named Y in that player's battle area (units, vehicles, the card itself) cannot enter
  the battle area (RS-BARS-ENTERING, :func:`entering_forbidden`).  Not guessed: in tag battle,
  when the player's battle area and its team's give counts that disagree on it (自軍), and a card
  there whose unread text may let it count as Y, or a unit stacked on a card so named.

And one effect that lays such a rule for a time, a combination's (a Number Combination's or, as
on the printed cards, a Rider Combination's): ``{"op": "shield", "turn": "next_opponent",
"while": "field", "of": {"side": "own", "size": S, "riding": true}}`` (``【name】これが自軍エリア
にある間、次の敵軍ターン中、ライドしている自軍Sユニットは敵軍ユニットにアタックされない。``): as it
resolves, a :class:`state.Shield` is kept; in the next opposing turn (the turn after the one it
resolved in, the sides taking turns in turn), while the unit whose effect it is (the same unit: one
that has left and come back is another) is in its player's rush or battle area, no opposing unit
may attack a unit of that player's of printed size S that rides a vehicle (RS-NEXT-TURN-SHIELD,
:func:`grant_shield`, :func:`attacked_forbidden`).  Not guessed: in tag battle, a unit of the
ally's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from judge.core.wording import noun_for
from judge.games.rangers_strike.state import AREAS, Shield, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

VOID_MUST_ENTER = "RS-VOID-MUST-ENTER"
BARS_OPPOSING = "RS-BARS-OPPOSING"
SHIELDS_OWN = "RS-SHIELDS-OWN"
BARS_ENTERING = "RS-BARS-ENTERING"
NEXT_TURN_SHIELD = "RS-NEXT-TURN-SHIELD"
#: the op of a combination effect that shields units in the next opposing turn
SHIELD_OP = "shield"
#: it exactly: the units it shields, and for how long (module docstring)
SHIELD = {
    "op": SHIELD_OP,
    "turn": "next_opponent",
    "while": "field",
    "of": {"side": "own", "size": "S", "riding": True},
}
#: the rules of this module, and the rule id of each
RULES = {
    "void_must_enter": VOID_MUST_ENTER,
    "bars_acting": BARS_OPPOSING,
    "shields": SHIELDS_OWN,
    "bars_entering": BARS_ENTERING,
}


def lays(eng: RangersStrikeEngine, rule: str) -> frozenset[str]:
    """The codes of the game's cards whose text lays ``rule``."""
    codes = eng.codes_known.get(("lays", rule))  # (read first, as watch.with_effect)
    if codes is not None:
        return codes
    return eng.codes_where(
        ("lays", rule), lambda d: any(r.get("rule") == rule for r in d.restrictions), shared=True
    )


def laying(eng: RangersStrikeEngine, rule: str) -> Iterator[tuple[str, str, str, dict[str, Any]]]:
    """Every card in a rush or battle area whose text lays ``rule``: ``(player, area, card,
    the rule)``, in player, area and position order (a unit, then the vehicle it rides).
    Only the cards whose code lays it are read (a long log's areas hold hundreds of units)."""
    codes = lays(eng, rule)
    if not codes:
        return
    st = eng.state
    code_of = st.code_of
    for pid in st.order:
        ps = st.players[pid]
        for area in AREAS:
            for unit in ps.area(area):
                for iid in unit.cards():
                    if code_of[iid] not in codes:
                        continue
                    for r in st.card(iid).restrictions:
                        if r.get("rule") == rule:
                            yield pid, area, iid, r


def must_enter_void(eng: RangersStrikeEngine, pid: str, unit: Unit) -> tuple[bool | None, str]:
    """RS-VOID-MUST-ENTER: whether the must-enter note of ``pid``'s ``unit`` is void by a card
    of ``pid``'s in its rush or battle area whose text voids it for units with a feature the
    unit has (True), or not (False); None when only a card of ``pid``'s ally would (tag battle:
    自軍 read as the player's or as its team's); and why, in words."""
    st = eng.state
    features = st.unit_features(unit)
    ally: str | None = None
    for q, _area, iid, r in laying(eng, "void_must_enter"):
        feature = r["of"]["feature"]
        if feature not in features:
            continue
        said = (
            f"{eng.name(iid)} is in {q}'s rush or battle area, and {eng.name(unit.card)} has the "
            f"feature {feature}"
        )
        if q == pid:
            return True, f"{said}: its note to enter the battle area every turn is void"
        if q in eng.allies(pid) and ally is None:
            ally = said
    if ally is not None:
        return None, (
            f"{ally}, but it is {pid}'s ally's, and whether its 自軍ユニット takes in {pid}'s "
            "units the sources do not say"
        )
    return False, ""


def acting_forbidden(eng: RangersStrikeEngine, pid: str, unit: Unit, act: str) -> str | None:
    """RS-BARS-OPPOSING: why ``pid``'s ``unit`` cannot ``act`` (``attack`` or ``strike``) now,
    by a card of an opposing player's in its battle area whose text bars it, or None."""
    st = eng.state
    if st.phase != "battle" or st.turn_player != pid:
        return None
    d = st.card(unit.card)
    if not d.is_unit:
        return None
    for q, area, iid, r in laying(eng, "bars_acting"):
        if area != "battle" or pid not in eng.opponents(q) or act not in r["bars"]:
            continue
        of = r["of"]
        if "size" in of and d.size != of["size"]:
            continue
        if of["feature"] not in st.unit_features(unit):
            continue
        held = sum(1 for p in eng.opponents(q) for c in st.players[p].command if c.held)
        if held < int(r["held"]):
            continue
        size = f"size {of['size']} " if "size" in of else ""
        return (
            f"{eng.name(iid)} is in {q}'s battle area and {q}'s opposing side has {held} held "
            f"{noun_for(held, 'command')} ({r['held']} or more needed): in {pid}'s battle "
            f"phase an opposing {size}unit with the feature {of['feature']}, as "
            f"{eng.name(unit.card)} is, can neither attack nor strike (its text)."
        )
    return None


def attacked_forbidden(
    eng: RangersStrikeEngine, pid: str, target: Unit, defender: str
) -> tuple[str | None, bool, str]:
    """Why ``pid``'s unit may not attack ``target`` (``defender``'s), or None; whether that is
    certain; and the rule: a card in its battle area whose text shields it (RS-SHIELDS-OWN: in
    tag battle a card of the defender's ally, or a target whose unread text may make it count as
    the name excepted, leave it not known), or a combination's shield in force this turn
    (RS-NEXT-TURN-SHIELD)."""
    why, certain = _shields_own(eng, pid, target, defender)
    if why is not None and certain:
        return why, True, SHIELDS_OWN
    shielded, sure = _shielded(eng, pid, target, defender)
    if shielded is not None and sure:
        return shielded + ".", True, NEXT_TURN_SHIELD
    if why is not None:
        return why, False, SHIELDS_OWN
    if shielded is not None:
        return shielded + ".", False, NEXT_TURN_SHIELD
    return None, True, SHIELDS_OWN


def _shields_own(
    eng: RangersStrikeEngine, pid: str, target: Unit, defender: str
) -> tuple[str | None, bool]:
    """RS-SHIELDS-OWN: :func:`attacked_forbidden` by the ``shields`` rules of the cards in
    play."""
    st = eng.state
    d = st.card(target.card)
    if not d.is_unit:
        return None, True
    doubt: str | None = None
    for q, area, iid, r in laying(eng, "shields"):
        if area != "battle" or pid not in eng.opponents(q):
            continue
        if q != defender and q not in eng.allies(defender):
            continue
        of = r["of"]
        if "size" in of and d.size != of["size"]:
            continue
        if of["feature"] not in st.unit_features(target):
            continue
        size = f"size {of['size']} " if "size" in of else ""
        said = (
            f"{eng.name(iid)} is in {q}'s battle area: in an opposing turn {q}'s {size}units with "
            f"the feature {of['feature']}"
        )
        excepted = of.get("not_named")
        if excepted is not None:
            said += f", except those named 「{excepted}」,"
            if d.name_match(excepted) is True:  # RS-USABLE-AS: used as it, not known below
                continue
        said += f" cannot be attacked, and {eng.name(target.card)} is one"
        if excepted is not None and _may_be_named(d.raw.get("text"), excepted):
            doubt = doubt or (
                f"{said}, unless its printed text, which the engine does not decide here, lets it count "
                f"as 「{excepted}」"
            )
            continue
        if q != defender:
            doubt = doubt or (
                f"{said} if 自軍ユニット takes in {q}'s ally's units ({defender}'s), which the "
                "sources do not say"
            )
            continue
        return said + ".", True
    return (doubt + ".", False) if doubt is not None else (None, True)


def is_shield_op(op: Any) -> bool:
    return isinstance(op, dict) and op.get("op") == SHIELD_OP


def shield_ok(effect: dict[str, Any], timing: str) -> bool:
    """The one effect with a ``shield`` op the engine executes: a combination's, that op alone
    (module docstring)."""
    return (
        timing == "combination"
        and set(effect) <= {"when", "do", "text"}
        and effect.get("do") == [SHIELD]
    )


def grant_shield(
    eng: RangersStrikeEngine, pid: str, iid: str, unit: Unit | None, what: str
) -> None:
    """RS-NEXT-TURN-SHIELD: ``pid``'s combination effect (card ``iid``, of the unit ``unit``)
    resolves: its units are shielded in the next opposing turn while the unit is in its area."""
    st = eng.state
    if unit is None:
        return
    step = 2 if st.turn_player in eng.opponents(pid) else 1  # the next turn of the other side
    st.shields.append(Shield(pid, iid, unit, st.turn + step, dict(SHIELD["of"])))
    eng.event(
        "effect",
        f"{what}: in turn {st.turn + step}, the next opposing turn, while {eng.name(iid)} is in "
        f"{pid}'s rush or battle area, {pid}'s size S units riding a vehicle cannot be attacked.",
        player=pid,
        card=iid,
    )
    eng.ctx.ruling(
        NEXT_TURN_SHIELD,
        f"{what} is in force in the next opposing turn (turn {st.turn + step}), while "
        f"{eng.name(iid)} is in {pid}'s rush or battle area.",
    )


def _shielded(
    eng: RangersStrikeEngine, pid: str, target: Unit, defender: str
) -> tuple[str | None, bool]:
    """RS-NEXT-TURN-SHIELD: why ``pid``'s unit may not attack ``target`` by a shield in force
    now, or None; and whether that is certain (a unit of the ally's, tag battle: not)."""
    st = eng.state
    d = st.card(target.card)
    doubt: str | None = None
    for sh in st.shields:
        if sh.turn != st.turn or pid not in eng.opponents(sh.controller):
            continue
        if defender != sh.controller and defender not in eng.allies(sh.controller):
            continue
        where = st.area_of(sh.unit)
        if where is None or where[0] != sh.controller or sh.source not in sh.unit.cards():
            continue  # これが自軍エリアにある間: it has left
        if d.size != sh.of["size"] or target.vehicle is None:
            continue
        said = (
            f"{eng.name(sh.source)}'s combination effect is in force in this turn, the next "
            f"opposing turn, and {eng.name(sh.source)} is in {sh.controller}'s {where[1]} area: "
            f"{sh.controller}'s size S units riding a vehicle cannot be attacked, and "
            f"{eng.name(target.card)} rides {eng.name(target.vehicle)}"
        )
        if defender != sh.controller:
            doubt = doubt or (
                f"{said}, if 自軍Sユニット takes in {sh.controller}'s ally's units ({defender}'s), "
                "which the sources do not say"
            )
            continue
        return said, True
    return doubt, False


def _may_be_named(text: Any, name: str) -> bool:
    """Whether a printed text says the card may be used as 「name」 (としてつかえる)."""
    return isinstance(text, str) and f"「{name}」" in text and "としてつかえる" in text


def entering_forbidden(eng: RangersStrikeEngine, unit: Unit) -> tuple[str | None, bool]:
    """RS-BARS-ENTERING: why ``unit`` (in a rush area) cannot enter the battle area now, by a
    card of an opposing player's in its battle area whose text bars it, or None; and whether
    that is certain (when it is not, the string says why it may be barred)."""
    codes = eng.codes_known.get(("lays", "bars_entering"))  # (lays written out: every enter)
    if codes is None:
        codes = lays(eng, "bars_entering")
    if not codes:
        return None, True  # no card of the game bars it (a unit enters at every other action)
    st = eng.state
    d = st.card(unit.card)
    number = d.combination_number
    if not d.is_unit or number is None:
        return None, True  # (where the unit stands read last: a scan of the areas)
    where = st.area_of(unit)
    if where is None:
        return None, True
    owner = where[0]
    doubt: str | None = None
    for q, area, iid, r in laying(eng, "bars_entering"):
        if area != "battle" or owner not in eng.opponents(q):
            continue
        if st.turn_player not in eng.opponents(q):
            continue  # 敵軍ターン中: only in an opposing turn
        of = r["of"]
        if "size" in of and d.size != of["size"]:
            continue
        name = r["number_is"]["named"]
        own, maybe = _named_in_battle(eng, [q], name)
        team, team_maybe = _named_in_battle(eng, eng.allies(q), name)
        size = f"size {of['size']} " if "size" in of else ""
        said = (
            f"{eng.name(iid)} is in {q}'s battle area: in an opposing turn an opposing {size}unit "
            f"whose printed combination number is the number of cards named 「{name}」 in "
            f"{q}'s battle area ({own}) cannot enter the battle area, and {eng.name(unit.card)}'s "
            f"is {number}"
        )
        if (number == own) != (number == team):
            doubt = doubt or (
                f"{said}; counted in {q}'s team's battle areas there are {team}, and whether "
                "自軍バトルエリア is the player's or its team's the sources do not say"
            )
            continue
        if maybe or team_maybe:
            doubt = doubt or (
                f"{said}; a card there whose text the engine does not read may count as "
                f"「{name}」, or a unit there is stacked on a card so named (RS-STACK)"
            )
            continue
        if number == own:
            return said + ".", True
    return (doubt + ".", False) if doubt is not None else (None, True)


def _named_in_battle(eng: RangersStrikeEngine, pids: list[str], name: str) -> tuple[int, bool]:
    """The cards named ``name`` in ``pids``' battle areas (a unit, a vehicle, the vehicle a
    unit rides), and whether one there might count as it without being so named (its unread
    text says 「name」としてつかえる; a card so named a unit is stacked on)."""
    st = eng.state
    count = 0
    maybe = False
    for pid in pids:
        for unit in st.players[pid].battle:
            for iid in unit.stacked:
                maybe = maybe or st.card(iid).named(name)
            for iid in unit.cards():
                d = st.card(iid)
                if d.name_match(name) is True:  # RS-USABLE-AS: used as it, not known
                    count += 1
                elif _may_be_named(d.raw.get("text"), name):
                    maybe = True
    return count, maybe
