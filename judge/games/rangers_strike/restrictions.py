"""A unit's own printed restrictions: the ``※これは…`` notes that forbid or require one of its
actions (RS-CARD-RESTRICTION, RS-MUST-ENTER), read by
:mod:`judge.games.rangers_strike.reader` into the definition's ``restrictions`` and checked
here, where the battle phase's checks ask.

Why a module of its own: the notes are rules of one card, not effects that resolve; each is
looked up at the moment the action it governs is checked (enter, attack, strike, the end of
the battle phase), so they live beside neither the effect vocabulary nor the battle steps.

Restrictions (``{"rule": …}``):

- ``no_attack`` (``※これはアタックすることができない。``): the unit cannot attack;
- ``no_attack_on`` ``size`` (``※これはSユニットにアタックすることができない。``): it cannot attack a
  unit of that printed size (:func:`attack_on_forbidden`; a unit riding a vehicle is attacked as
  itself, RS-RIDER);
  or ``features`` (``※これは特徴「男」または「女」を持つユニットにアタックできない。``): nor a unit that
  has one of those features now, printed or added (as RS-SELECT-FEATURE reads them);
- ``no_enter`` (``※これはバトルエリアに出られない。``): it cannot enter the battle area;
- ``no_enter_rush_turn`` (``※これは[、]ラッシュしたターンにバトルエリアに出られない[ (この制限は自軍ダメージがN点
  以上あれば無効になる)]。``): it cannot enter the battle area in the turn its player rushed it
  (RS-RUSH) or an effect put it into the rush area (rushed too), unless its player has N damage or
  more (``unless_damage``, when printed): one a position placed there in the turn it began leaves
  whether it was rushed that turn open (:func:`rush_turn_barred`);
- ``no_enter_own_turn`` (``※これは自軍ターン中[、]バトルエリアに出られない。``): it cannot enter the
  battle area in its player's turn (in tag battle its team's), by an enter or an effect; in an
  opposing turn an effect may put it there;
- ``battle_category`` ``category`` X (``※これはバトルエリアにあるとき、カテゴリにXが追加される。``): while
  it stands in a battle area it has the category X besides its printed one (RS-ADD-FEATURE,
  :meth:`judge.games.rangers_strike.state.RSState.unit_categories`), a trait rather than a
  restriction, read wherever a unit's category is;
- ``no_strike_while`` (``※これは、特徴「X」を持つ敵軍ユニットがあるときストライクできない
  (この制限は自軍ダメージがN点以上あれば無効になる)。``): it cannot strike while an opposing
  unit (rush or battle area, units riding vehicles included) has the feature X, unless its
  player has N damage or more (``unless_damage``, when printed);
- ``must_enter`` (``※これは毎ターン、可能ならバトルエリアに出る。``): in its player's battle
  phase it enters the battle area if it can: ending the battle phase while it could still
  enter breaks RS-MUST-ENTER;
- ``not_attacked_by`` with ``while_own_battle`` ``{"feature": X, "other": bool}``
  (``※[これ以外の]特徴「X」を持つユニットが自軍バトルエリアにあれば、これは敵軍Sユニットにアタックされない。``):
  barred only while a unit with X (another, with ``other``) is in its player's battle area;
- ``not_attacked_by`` (``※これはBPN以上(以下)の[敵軍S]ユニットにアタックされない。``): no unit
  whose BP is ``bp_min`` or more (``bp_max`` or less), of ``size`` when printed, may attack it
  (:func:`attacked_forbidden`); with ``while_held`` (``※このユニットはホールド状態のとき、敵軍ユニット
  にアタックされない。``): no unit may attack it while it is held, as the attack is declared;
- ``attack_rush`` (the named effect ``【name】これは敵軍ラッシュエリアのユニットにアタックできる。``
  of a unit without a combination number): it may attack a unit in its target player's rush
  area too (RS-ATTACK-RUSH-AREA), an allowance rather than a restriction, looked up where the
  attack is checked as the others are.
- ``rush_held`` (``※これはラッシュするとき、可能ならホールド状態で置く。``): when it is rushed it is
  put into the rush area held (RS-RUSH-HELD), a placement rather than a restriction: a held unit
  works as any other, stays held through start phases and cannot be held again or resist.
- ``enter_hold`` ``count`` N (``※これは自軍コマンドをNつホールドしなければバトルエリアに出られな
  い。``): it enters the battle area only by holding N released commands of its player's own
  (RS-ENTER-HOLD, :func:`enter_holds`); with ``except_morph`` (``(モーフで出るときは除く)``) the note
  does not hold for the card Morph puts into the battle area (RS-MORPH).
- ``rides`` (``※これは[特徴「X」を持つ]ビークルにライドできる。``): it may ride a vehicle (with the
  feature X) without the rider combination RC (RS-RIDER, an allowance);
- ``no_strike_after_ride_off`` (``※これはライドオフしたときストライクできない。``): it cannot
  strike once it has ridden off (RS-RIDE-OFF), until it returns to the rush area.
- ``turn_end_destroy`` ``bp_min`` N (``自分がターンを終えるときBPN以上なら撃破される。``, part of a
  named effect): as its player ends its turn it is destroyed if its BP is N or more
  (RS-TURN-END-DESTROY, :func:`judge.games.rangers_strike.own_text.turn_end`).
- ``scrum`` (``※スクラム``): it cannot be attacked while the unit directly after it in its
  battle area has a combination number one more than its own (RS-SCRUM,
  :func:`judge.games.rangers_strike.next_in_line.scrum_forbidden`).
- ``strike_sp_retrieved`` ``sp`` N (the named effect ``【name】これはストライクするとき、このターン中に自軍捨札
  から手札に加えたSユニットのカード1枚につきSP+Nされる。``): as it strikes, SP +N for each size S unit
  card its player took from its discard pile into its hand this turn (RS-STRIKE-SP-RETRIEVED,
  :mod:`judge.games.rangers_strike.strike_sp`).
- ``guard_attacked`` ``category``, ``size``, ``bp`` (the named effect ``【name】これが自軍ラッシュエリアにある間、
  OTを持つ自軍Lユニットは、アタックされるときBP+2000される。``): a rule it lays on its player's units while it
  is in the rush area, their BP while attacked (RS-RUSH-GUARD, :mod:`judge.games.rangers_strike.rush_guard`).
- ``command_to_rush`` (``※これが自軍コマンドゾーンにある間、自軍ラッシュフェイズ中、自軍捨札の枚数がこれの必要パ
  ワーの数字以上なら、これを自軍ラッシュエリアに出してもよい。``): a ``rush`` naming it in its player's command
  zone puts it into the rush area (RS-COMMAND-TO-RUSH-SELF, :mod:`judge.games.rangers_strike.command_rush`).
- ``morph`` (``※モーフ``): when an opposing unit is rushed other than by Morph, its player may replace
  it with a face-up unit card of its command or power zone whose features are exactly its own
  (RS-MORPH, :mod:`judge.games.rangers_strike.morph`), a keyword rather than a restriction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike import area_rules, attack_bp, wing
from judge.games.rangers_strike.state import Battle, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULES = (
    "no_attack",
    "no_attack_on",
    "no_enter",
    "no_enter_rush_turn",
    "no_enter_own_turn",
    "battle_category",
    "no_strike_while",
    "must_enter",
    "not_attacked_by",
    "attack_rush",
    "rush_held",
    "enter_hold",
    "rides",
    "no_strike_after_ride_off",
    "turn_end_destroy",
    "scrum",
    "strike_sp_retrieved",
    "command_to_rush",
    "morph",
    "guard_attacked",
    "escort",
    "aura_bp",
)


def has(eng: RangersStrikeEngine, card: str, rule: str) -> dict[str, Any] | None:
    """The restriction ``rule`` of the card ``card`` (an instance id), or None."""
    st = eng.state
    for r in st.defs[st.code_of[card]].restrictions:  # (RSState.card written out: asked often)
        if r.get("rule") == rule:
            return r
    return None


def codes_with(eng: RangersStrikeEngine, rule: str) -> frozenset[str]:
    """The codes of the game's cards that print the restriction ``rule``
    (:meth:`~RangersStrikeEngine.codes_where`): a walk of an area for it looks at the others'
    codes only (a long log's areas hold dozens of units at each turn's end)."""
    codes = eng.codes_known.get(("restriction", rule))  # (read first, as watch.with_effect)
    if codes is not None:
        return codes
    return eng.codes_where(
        ("restriction", rule),
        lambda d: any(r.get("rule") == rule for r in d.restrictions),
        shared=True,
    )


def attack_forbidden(eng: RangersStrikeEngine, unit: Unit) -> str | None:
    """Why ``unit`` cannot attack, or None."""
    if has(eng, unit.card, "no_attack"):
        return f"{eng.name(unit.card)} cannot attack (its printed restriction)."
    return None


def attack_on_forbidden(eng: RangersStrikeEngine, unit: Unit, target: Unit) -> str | None:
    """Why ``unit`` cannot attack ``target`` by its own ``no_attack_on`` note, or None."""
    r = has(eng, unit.card, "no_attack_on")
    if r is None:
        return None
    d = eng.state.card(target.card)
    if "size" in r and d.is_unit and d.size == r["size"]:
        return (
            f"{eng.name(unit.card)} cannot attack a size {r['size']} unit (its printed "
            f"restriction); {eng.name(target.card)} is one."
        )
    has_ = [f for f in r.get("features") or () if f in eng.state.unit_features(target)]
    if has_:
        return (
            f"{eng.name(unit.card)} cannot attack a unit with the feature "
            f"{' or '.join(r['features'])} (its printed restriction); {eng.name(target.card)} "
            f"has {has_[0]}."
        )
    return None


def attacked_forbidden(
    eng: RangersStrikeEngine, attacker: Unit, pid: str, target: Unit, defender: str
) -> tuple[str | None, bool]:
    """Why ``attacker`` (``pid``'s) may not attack ``target`` (``defender``'s) by the target's
    ``not_attacked_by`` note, or None; and whether that is certain: the attacker's BP at the
    declaration decides, and when its BP while attacking (RS-ATTACK-BP) would decide
    otherwise, it is not.  (A vehicle never attacks: RS-VEHICLE.)"""
    r = has(eng, target.card, "not_attacked_by")
    if r is None:
        return None, True
    st = eng.state
    if r.get("while_held"):  # "ホールド状態のとき": held as the attack is declared
        if not target.held:
            return None, True
        return (
            f"{eng.name(target.card)} is held, and while it is held it cannot be attacked by an "
            "opposing unit (its printed restriction).",
            True,
        )
    d = st.card(attacker.card)
    if "size" in r and d.is_unit and d.size != r["size"]:
        return None, True
    cond = r.get("while_own_battle")
    if cond is not None:  # "特徴「X」を持つユニットが自軍バトルエリアにあれば"
        return _while_own_battle(eng, attacker, target, defender, r, cond)
    if "bp_min" in r or "bp_max" in r:
        eng.ctx.read("bp")  # the note compares BP
    before, before_team = eng.bp_readings(attacker)
    saved = st.battle
    st.battle = Battle("attack", attacker, pid, target=target, defender=defender)
    try:
        during, during_team = eng.bp_readings(attacker)
        # RS-ATTACK-BP-EITHER: whether its BP while attacking this unit counts is not known
        alt = during + attack_bp.flipped(eng, attacker) if attack_bp.doubt(eng, attacker) else None
    finally:
        st.battle = saved

    def bars(bp: int) -> bool:
        if "bp_min" in r:
            return bp >= int(r["bp_min"])
        return bp <= int(r["bp_max"]) if "bp_max" in r else True

    size = f"size {r['size']} " if "size" in r else ""
    why = (
        f"{eng.name(target.card)} cannot be attacked by a {size}unit{_limit(r)} (its printed "
        f"restriction); {eng.name(attacker.card)} has BP {before}"
    )
    if bars(before) != bars(during):
        return why + f" before the attack and BP {during} while attacking.", False
    if alt is not None and bars(before) != bars(alt):
        return why + f" before the attack and BP {during} or {alt} while attacking.", False
    if bars(before) != bars(before_team) or bars(during) != bars(during_team):
        # RS-BP-PER-UNITS and its kin: tag battle's readings of 自軍 disagree
        return why + f", or BP {before_team} with 自軍 read as its team's.", False
    return (why + ".", True) if bars(before) else (None, True)


def _while_own_battle(
    eng: RangersStrikeEngine,
    attacker: Unit,
    target: Unit,
    defender: str,
    r: dict[str, Any],
    cond: dict[str, Any],
) -> tuple[str | None, bool]:
    """The note "※[これ以外の]特徴「X」を持つユニットが自軍バトルエリアにあれば、これは敵軍Sユニットにアタック
    されない。": barred while a unit with the feature X now (not the target itself, with これ以外の) is
    in the target's player's battle area; in tag battle, when that player's battle area and its
    team's disagree (自軍), not certain."""
    st = eng.state
    feature = str(cond["feature"])

    def holders(players: list[str]) -> list[Unit]:
        return [
            u
            for q in players
            for u in st.players[q].battle
            if not (cond.get("other") and u is target)
            and st.card(u.card).is_unit
            and feature in st.unit_features(u)
        ]

    own, team = holders([defender]), holders(eng.allies(defender))
    if not team:
        return None, True
    size = f"size {r['size']} " if "size" in r else ""
    other = "another unit" if cond.get("other") else "a unit"
    why = (
        f"{eng.name(target.card)} cannot be attacked by a {size}unit while {other} with the "
        f"feature {feature} is in its player's battle area (its printed restriction)"
    )
    if not own:
        return (
            why + f"; only {defender}'s ally has one ({eng.name(team[0].card)}), and whether 自軍 "
            "is the player's or its team's the sources do not say.",
            False,
        )
    return why + f"; {eng.name(own[0].card)} is one.", True


def held_since(eng: RangersStrikeEngine, target: Unit) -> str | None:
    """Why it is not known whether an attack on ``target`` goes on, or None: its note bars
    attacks while it is held (``while_held``), it was released as the attack was declared (else
    the attack was refused), and it is held now, as the attack resolves; whether the attack then
    goes on the sources do not say."""
    r = has(eng, target.card, "not_attacked_by")
    if r is None or not r.get("while_held") or not target.held:
        return None
    return (
        f"{eng.name(target.card)} is held as the attack on it resolves, and whether its note "
        "(ホールド状態のとき、敵軍ユニットにアタックされない) ends an attack declared on it before it was held "
        "the sources do not say"
    )


def _limit(r: dict[str, Any]) -> str:
    if "bp_min" in r:
        return f" with BP {r['bp_min']} or more"
    return f" with BP {r['bp_max']} or less" if "bp_max" in r else ""


def attack_areas(eng: RangersStrikeEngine, unit: Unit) -> tuple[str, ...]:
    """The areas of its target player whose units ``unit`` may attack (RS-ATTACK-RUSH-AREA)."""
    if has(eng, unit.card, "attack_rush"):
        return ("battle", "rush")
    return ("battle",)


def enter_forbidden(eng: RangersStrikeEngine, unit: Unit) -> str | None:
    """Why ``unit`` cannot enter the battle area, or None."""
    return enter_judged(eng, unit)[0]


def enter_judged(eng: RangersStrikeEngine, unit: Unit) -> tuple[str | None, str | None]:
    """:func:`enter_forbidden`, and when that is None :func:`enter_doubt`, from one reading
    of the unit's notes and the texts that may bar it (an enter asks both)."""
    if unit.mods or eng.state.defs[eng.state.code_of[unit.card]].restrictions:
        return _enter_judged(eng, unit)
    # (no note of its own and no effect on it: only an opposing card's text may bar it)
    why, certain = area_rules.entering_forbidden(eng, unit)  # RS-BARS-ENTERING
    return (why, None) if certain else (None, why)


def _enter_judged(eng: RangersStrikeEngine, unit: Unit) -> tuple[str | None, str | None]:
    """:func:`enter_judged` for a unit with a note of its own or an effect on it."""
    if has(eng, unit.card, "no_enter"):
        return (
            f"{eng.name(unit.card)} cannot enter the battle area (its printed restriction).",
            None,
        )
    winged = wing.enter_barred(eng, unit)  # RS-WING: "発動したターンはバトルエリアに出られない"
    if winged is not None:
        return winged, None
    if any(m.no_enter for m in unit.mods):  # RS-POWER-TO-RUSH: "このターン、…出られない"
        return (
            f"{eng.name(unit.card)} cannot enter the battle area this turn (the effect that "
            "rushed it says so).",
            None,
        )
    if own_turn_barred(eng, unit):  # RS-CARD-RESTRICTION: 自軍ターン中
        return (
            f"{eng.name(unit.card)} cannot enter the battle area in its player's turn (its "
            "printed note).",
            None,
        )
    rushed, certain = rush_turn_barred(eng, unit)  # RS-CARD-RESTRICTION: ラッシュしたターン
    if rushed is not None and certain:
        return rushed, None
    why, certain = area_rules.entering_forbidden(eng, unit)  # RS-BARS-ENTERING
    if certain and why is not None:
        return why, None
    # enter_doubt: the turn it was rushed not known first, then a text that may bar it
    return None, (rushed if rushed is not None else (None if certain else why))


def enter_doubt(eng: RangersStrikeEngine, unit: Unit) -> str | None:
    """Why whether ``unit`` may enter the battle area is not known (its own note of the turn
    it was rushed, RS-CARD-RESTRICTION; an opposing card's text that may bar it,
    RS-BARS-ENTERING), or None; :func:`doubt_rule` names the rule."""
    why, certain = rush_turn_barred(eng, unit)
    if why is not None and not certain:
        return why
    why, certain = area_rules.entering_forbidden(eng, unit)
    return None if certain else why


def own_turn_barred(eng: RangersStrikeEngine, unit: Unit) -> bool:
    """RS-CARD-RESTRICTION, ``no_enter_own_turn``: whether it is its player's turn (its team's
    in tag battle, 自軍ターン) and ``unit``'s note bars it from entering the battle area now."""
    if has(eng, unit.card, "no_enter_own_turn") is None:
        return False
    st = eng.state
    where = st.area_of(unit)
    owner = where[0] if where is not None else st.owner_of[unit.card]
    return st.turn_player is not None and st.turn_player in eng.allies(owner)


def doubt_rule(eng: RangersStrikeEngine, unit: Unit) -> str:
    """The rule of :func:`enter_doubt`'s doubt."""
    why, certain = rush_turn_barred(eng, unit)
    return "RS-CARD-RESTRICTION" if why is not None and not certain else area_rules.BARS_ENTERING


def rush_turn_barred(eng: RangersStrikeEngine, unit: Unit) -> tuple[str | None, bool]:
    """RS-CARD-RESTRICTION, ``no_enter_rush_turn``: why ``unit`` cannot enter the battle area in
    the turn it was rushed (or None), and whether that is certain.  A unit an effect put into the
    rush area was rushed too ("カードの効果等によるものでも、エリア以外の場所にあったカードがエリアに出た時は全
    て「ラッシュされた」として扱う", atwiki renst 146); a unit returned from the battle area was not.
    Not certain: a position placed it there in the turn the position began (whether it was
    rushed that turn is not known); in tag battle, "自軍ダメージ" read as its player's own damage
    and as its team's disagree on the exemption."""
    r = has(eng, unit.card, "no_enter_rush_turn")
    if r is None:
        return None, True
    st = eng.state
    if unit.arrived is None:
        now: bool | None = None if st.partial_turn == st.turn else False
    else:  # rushed by its player or put there by an effect, rushed either way (atwiki 146)
        now = unit.arrived == st.turn
    if now is False:
        return None, True
    where = st.area_of(unit)
    owner = where[0] if where is not None else st.owner_of[unit.card]
    need = r.get("unless_damage")
    own = st.players[owner].damage
    team = sum(st.players[q].damage for q in eng.allies(owner))
    if need is not None and own >= int(need) and team >= int(need):
        return None, True
    name = eng.name(unit.card)
    if now:
        why = f"{name} cannot enter the battle area in the turn it was rushed (its printed note)"
    else:
        why = (
            f"{name} cannot enter the battle area in the turn it was rushed (its printed note), "
            "and whether it was rushed this turn is not known (the position began in this turn)"
        )
    if need is not None:
        why += f", unless {owner} has {need} damage or more ({owner} has {own})"
    certain = bool(now) and (need is None or team < int(need))
    if need is not None and now and own < int(need) <= team:
        why += f"; its team has {team}, and which 自軍ダメージ counts in tag battle is not known"
    return why + ".", certain


def enter_rule(eng: RangersStrikeEngine, unit: Unit) -> str:
    """The rule :func:`enter_forbidden` applies: the unit's printed restriction, the effect
    that rushed it (RS-POWER-TO-RUSH), or an opposing card's text (RS-BARS-ENTERING)."""
    if has(eng, unit.card, "no_enter") is not None:
        return "RS-CARD-RESTRICTION"
    if wing.enter_barred(eng, unit) is not None:
        return wing.RULE
    if any(m.no_enter for m in unit.mods):
        return "RS-POWER-TO-RUSH"
    if own_turn_barred(eng, unit) or rush_turn_barred(eng, unit)[0] is not None:
        return "RS-CARD-RESTRICTION"
    if area_rules.entering_forbidden(eng, unit)[0] is not None:
        return area_rules.BARS_ENTERING
    return "RS-CARD-RESTRICTION"


def enter_holds(eng: RangersStrikeEngine, unit: Unit) -> int:
    """RS-ENTER-HOLD: how many commands ``unit`` holds to enter the battle area (0: none)."""
    st = eng.state
    for r in st.defs[st.code_of[unit.card]].restrictions:  # (has written out: every enter)
        if r.get("rule") == "enter_hold":
            return int(r["count"])
    return 0


def strike_forbidden(eng: RangersStrikeEngine, pid: str, unit: Unit) -> tuple[str | None, bool]:
    """Why ``pid``'s ``unit`` cannot strike now (or None), and whether that is certain: in
    tag battle, "自軍ダメージ" read as the player's own damage and as the team's may disagree,
    and then it is not."""
    r = has(eng, unit.card, "no_strike_while")
    if r is None:
        return None, True
    feature = str(r["feature"])
    holders = [
        card
        for q in eng.opponents(pid)
        for u in eng.state.players[q].units()
        for card in u.cards()
        if eng.state.card(card).is_unit and feature in eng.state.unit_features(u, card)
    ]
    if not holders:
        return None, True
    need = r.get("unless_damage")
    own = eng.state.players[pid].damage
    team = sum(eng.state.players[q].damage for q in eng.allies(pid))
    if need is not None and own >= int(need):
        return None, True
    why = (
        f"{eng.name(unit.card)} cannot strike while an opposing unit has the feature "
        f"{feature} ({', '.join(eng.name(c) for c in holders)})"
    )
    if need is not None:
        why += f", unless {pid} has {need} damage or more ({pid} has {own})"
    certain = need is None or team < int(need)
    return why + ".", certain


def must_enter_left(eng: RangersStrikeEngine, pid: str) -> list[Unit]:
    """``pid``'s units in the rush area that must enter and still can (RS-MUST-ENTER; a unit
    riding a vehicle there enters with it).  A unit that enters only by holding commands
    (RS-ENTER-HOLD) can while its player has that many released (the official Q&A, RS-022)."""
    free: list[Unit] = []
    must = codes_with(eng, "must_enter")
    if not must:
        return free
    code_of = eng.state.code_of
    released = sum(1 for c in eng.state.players[pid].command if not c.held)
    for u in eng.state.players[pid].rush:
        if code_of[u.card] not in must:
            continue  # (no must_enter: not listed below)
        if enter_holds(eng, u) > released:
            continue  # RS-ENTER-HOLD: no commands it could hold, so it cannot enter
        if has(eng, u.card, "must_enter") and enter_forbidden(eng, u) is None:
            free.append(u)
    return free


def rush_held(eng: RangersStrikeEngine, unit: Unit) -> None:
    """RS-RUSH-HELD: the unit just rushed is put into the rush area held ("可能なら": nothing
    forbids it here)."""
    unit.held = True
    eng.ctx.ruling(
        "RS-RUSH-HELD",
        f"{eng.name(unit.card)} is rushed held (its note: ラッシュするとき、可能ならホールド状態で置く).",
    )
