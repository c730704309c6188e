"""Keywords about the unit next in line in a battle area: scrum (``※スクラム``, RS-SCRUM) and
taxis (``※タクスX``, RS-TAXIS, below).

Scrum's reminder says it: "これのCNより1多いCNを持つユニットがこれの次に並んでいる間、これはアタッ
クされない" (the fan wiki's copy of the printed text, atwiki renst page 1290): while the unit
directly after it in line has a combination number exactly one more than its own, it cannot be
attacked.  The engine compares the numbers printed on the two cards, looked at when the attack
is declared.  What the sources leave open is left unverifiable, never guessed, whenever it
would decide the attack (:func:`scrum_forbidden` says why):

- a scrum unit without a combination number (RC, L, R or none): one more than no number;
- what stands after it is a vehicle ridden by no unit, or either of the two rides a vehicle
  (whether a unit riding one is "in line" there, RS-RIDER);
- tag battle, where the two battle areas of a team are one line for Number Combination
  (RST-COMBINATION) but the reminder does not say they are for scrum: when the leader's last
  unit and the supporter's first decide it, the two readings may disagree;
- a number an effect changed: the engine executes no effect that changes a combination
  number, and a card whose text it does not read may (クロス lowers the numbers of the units to
  its right): while a public card not read names a combination number (``ナンバー``, ``CN``) or
  クロス, or names スクラム beyond its own note (an ability it may give), the printed numbers may
  not be the ones in force;
- a scrum unit in a rush area (attacked there by RS-ATTACK-RUSH-AREA): whether units of a rush
  area stand in line at all the sources do not say.

A unit without a number after a scrum unit has no number one more than its own: it does not
shield it.  A unit that a resident in place gives scrum (RS-RESIDENT-SCRUM,
:mod:`judge.games.rangers_strike.granted`) has it as one printing it does.

Taxis's reminder says: "これがバトルエリアのN番目にある間、これの次に並ぶXを持つSユニットは「SP1」を得る"
(the card's own N when printed; the fan wiki's copy, atwiki renst page 1291, prints ○ for both):
while the taxis unit stands N-th in its battle area, the S unit of category X directly after it
gets "SP1" (:func:`taxis_sp`).  Its place counts the actual order, which no combination number
changes (the official Q&A on クロス, atwiki renst page 2393, A3).  Open, and so unverifiable where
it decides a strike (:meth:`RangersStrikeEngine.sp_known`):

- the place of a taxis printed without its reminder: a printed reminder gives ET 4 (RS-583); the
  fan wiki alone gives WB 1, MA 2, OT 3 — rule option ``taxis_position`` (``printed``, the
  default: only ET's is known; ``wiki``: the fan wiki's four);
- whether "SP1" is a floor or the unit's SP: a unit whose SP is 1 either way gets 1; one whose SP
  would be 2 or more, or 0 by another effect, is not known (RS-SP-EFFECT);
- tag battle's joined battle areas, as for scrum, and vehicles in the line;
- the unit before it not read in full and naming タクス other than in a taxis note it prints:
  it may have taxis (a unit's own text may give it one);
- a taxis a unit's own text gives it while a card of its player's command zone has a feature
  (RS-COMMAND-FEATURES), in tag battle when 自軍コマンドゾーン read as the player's and as its
  team's disagree.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from judge.core import textread as tr
from judge.games.rangers_strike import granted, own_text
from judge.games.rangers_strike.keywords import named_beyond_note, public_cards
from judge.games.rangers_strike.restrictions import has
from judge.games.rangers_strike.state import Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.cards import CardDef
    from judge.games.rangers_strike.engine import RangersStrikeEngine

#: words of an unread card's text that may change a combination number (module docstring)
_NUMBER_WORDS = ("クロス", "ナンバー", "CN", "コロン")


def after(eng: RangersStrikeEngine, unit: Unit) -> dict[str, Unit | None]:
    """What stands directly after ``unit`` in its battle area, by each reading of the line:
    ``own`` (its player's battle area alone) and, in tag battle, ``team`` (the leader's battle
    area followed by the supporter's, as Number Combination counts, RST-COMBINATION).  Empty
    when ``unit`` is in no battle area."""
    st = eng.state
    where = st.area_of(unit)
    if where is None or where[1] != "battle":
        return {}
    owner = where[0]
    line = st.players[owner].battle
    i = line.index(unit)
    own = line[i + 1] if i + 1 < len(line) else None
    team = next((t for t in st.teams if owner in t), None)
    if team is None:
        return {"own": own}
    joined = own
    if own is None and team[0] == owner:  # the leader's last: the supporter's first is next
        ally = st.players[team[1]].battle
        joined = ally[0] if ally else None
    return {"own": own, "team": joined}


#: scrum's reminder, which names CN without changing one (normal form)
REMINDER = "(これのCNより1多いCNを持つユニットがこれの次に並んでいる間、これはアタックされない)"


def _givers(eng: RangersStrikeEngine, words: tuple[str, ...]) -> list[str]:
    """Public cards the engine does not read whose text names one of ``words`` beyond its
    own note (as :func:`judge.games.rangers_strike.keywords.givers` looks), scrum's reminder
    left out (it names CN and changes none)."""
    # only the cards whose code is such a card's are looked at (codes_where, shared: what
    # reads the definition and ``words`` alone): a game without one skips the public zones
    # (hundreds of cards on a long log; attacks ask)
    codes = eng.codes_where(
        f"next_in_line unread naming {words!r}",
        lambda d: d.unread and isinstance(d.raw.get("text"), str) and _names(d.raw["text"], words),
        shared=True,
    )
    if not codes:
        return []
    code_of = eng.state.code_of
    found: list[str] = []
    for iid in public_cards(eng):
        if code_of[iid] in codes and iid not in found:
            found.append(iid)
    return found


def number_changers(eng: RangersStrikeEngine) -> list[str]:
    """Public cards the engine does not read whose text names combination numbers or クロス
    beyond its own note: they may change the numbers in force (RS-SCRUM, RS-HELD-NUMBER)."""
    from judge.games.rangers_strike.cross import holders  # RS-CROSS: クロス an effect gave

    found = _givers(eng, _NUMBER_WORDS)
    return found + [c for c in holders(eng) if c not in found]


@lru_cache(maxsize=4096)
def _names(text: str, words: tuple[str, ...]) -> bool:
    """Whether a card's ``text`` names one of ``words`` beyond its own note, scrum's reminder
    left out (kept per text: a card's text never changes, and attacks ask often)."""
    text = tr.normalise(text).replace(REMINDER, "")
    return any(named_beyond_note(text, w) for w in words)


def prints_scrum(eng: RangersStrikeEngine, unit: Unit) -> bool:
    """Whether ``unit``'s card has scrum of its own: read, or printed on a card not read in
    full (a card still prints its keywords, RS-SELECT-KEYWORD's printed fact)."""
    return (
        has(eng, unit.card, "scrum") is not None or "スクラム" in eng.state.card(unit.card).keywords
    )


def scrum_rule(eng: RangersStrikeEngine, unit: Unit) -> str:
    """The rule a ruling on ``unit``'s scrum names: RS-RESIDENT-SCRUM when only a resident
    gives it scrum, else RS-SCRUM."""
    if not prints_scrum(eng, unit) and granted.givers(eng, unit):
        return granted.RULE
    return "RS-SCRUM"


def scrum_forbidden(eng: RangersStrikeEngine, target: Unit) -> tuple[str | None, bool]:
    """Why ``target`` cannot be attacked by scrum (RS-SCRUM), or None; and whether that is
    certain (module docstring: what is open leaves it uncertain).  Asked for every unit
    attacked: one that does not print scrum is shielded by none, but while a card not read
    may have given it scrum, an attack that its line would stop is not certain either."""
    st = eng.state
    printed = prints_scrum(eng, target)
    given = [] if printed else granted.givers(eng, target)  # RS-RESIDENT-SCRUM
    printed = printed or bool(given)
    giving = [] if printed else _givers(eng, ("スクラム",))
    if not printed and not giving:
        return None, True
    name = eng.name(target.card)
    if given:
        name += f", given scrum by {' and '.join(eng.name(c) for c in given)},"
    where = st.area_of(target)
    if where is not None and where[1] == "rush":
        return _in_rush(eng, target, where[0]) if printed else (None, True)
    readings = {k: _shields(eng, target, nxt) for k, nxt in after(eng, target).items()}
    nexts = [nxt for nxt in after(eng, target).values() if nxt is not None]
    if not nexts:
        return None, True  # nothing stands after it: no number can shield it
    results = {shield for shield, _ in readings.values()}
    why = " ".join(dict.fromkeys(w for _, w in readings.values() if w))
    if not printed:
        if results == {False}:
            return None, True
        return (
            f"{name} prints no scrum, but {_words(eng, giving)} names scrum and may give it; {why}",
            False,
        )
    changing = number_changers(eng)
    if changing:
        return (
            f"{name} has scrum; {why} But {_words(eng, changing)} names combination numbers "
            "or クロス and may change them: whether the numbers in force are the printed ones "
            "is not known.",
            False,
        )
    if results == {True}:
        return f"{name} has scrum: {why}", True
    if results == {False}:
        return None, True
    if len(readings) > 1 and None not in results:
        own, team = readings["own"], readings["team"]
        return (
            f"{name} has scrum and is the last unit of its team leader's battle area. Read as "
            f"its player's battle area alone: {own[1] or 'no unit stands after it.'} Read as "
            f"the team's one line (the supporter's battle area after the leader's): {team[1]} "
            "Which line scrum reads in tag battle the sources do not say.",
            False,
        )
    return f"{name} has scrum; {why}", False


def _in_rush(eng: RangersStrikeEngine, target: Unit, owner: str) -> tuple[str | None, bool]:
    """A scrum unit attacked in a rush area (RS-ATTACK-RUSH-AREA): not shielded when no unit
    there could be one after it with a number one more; otherwise not known."""
    st = eng.state
    number = st.card(target.card).combination_number
    others = [
        u
        for u in st.players[owner].rush
        if u is not target and (number is None or st.card(u.card).combination_number == number + 1)
    ]
    if not others:
        return None, True
    return (
        f"{eng.name(target.card)} has scrum and stands in a rush area with "
        f"{', '.join(eng.name(u.card) for u in others)}: whether units of a rush area stand "
        "in line the sources do not say.",
        False,
    )


def _words(eng: RangersStrikeEngine, cards: list[str]) -> str:
    names = ", ".join(eng.name(c) for c in cards)
    return f"{names}, whose text the engine does not read,"


def _shields(eng: RangersStrikeEngine, unit: Unit, nxt: Unit | None) -> tuple[bool | None, str]:
    """Whether ``nxt``, standing directly after the scrum unit ``unit``, keeps it from being
    attacked (None: not known), and why."""
    st = eng.state
    if nxt is None:
        return False, ""
    d, n = st.card(unit.card), st.card(nxt.card)
    them = eng.name(nxt.card)
    if n.is_vehicle:
        return None, (
            f"the vehicle {them}, ridden by no unit, stands after it: whether a unit after the "
            "vehicle is next in line the sources do not say."
        )
    number, theirs = d.combination_number, n.combination_number
    if number is None:
        return None, (
            f"it has no combination number and {them} stands after it: what a number one more "
            "than none would be the sources do not say."
        )
    if theirs != number + 1:
        has_no = "no combination number" if theirs is None else f"combination number {theirs}"
        return False, f"{them}, after it, has {has_no}, not {number + 1}: it may be attacked."
    if unit.vehicle is not None or nxt.vehicle is not None:
        rider = unit if unit.vehicle is not None else nxt
        return None, (
            f"{them}, after it, has combination number {theirs}, one more than its {number}, "
            f"but {eng.name(rider.card)} rides {eng.name(rider.vehicle)}: whether a unit "
            "riding a vehicle stands in line there the sources do not say."
        )
    return True, (
        f"{them}, directly after it, has combination number {theirs}, one more than its "
        f"{number}: it cannot be attacked."
    )


# -- taxis ---------------------------------------------------------------------------------------

#: where a taxis printed without its reminder works, by rule option ``taxis_position``: the
#: places a printed reminder names ("printed": RS-583's "※タクスET(これがバトルエリアの4番目に
#: ある間、…)"), or the fan wiki's account of every category's ("wiki": atwiki renst page 1291)
TAXIS_POSITIONS = {
    "printed": {"ET": 4},
    "wiki": {"WB": 1, "MA": 2, "OT": 3, "ET": 4},
}


def taxis_of(d: CardDef) -> tuple[str, int | None] | None:
    """``d``'s taxis (category, place or None), read or printed: a card whose text is not read
    in full still prints ``※タクスX`` (a printed fact, as RS-SELECT-KEYWORD has it), read from
    that note alone."""
    if d.taxis is not None or not d.unread or not any(w.startswith("タクス") for w in d.keywords):
        return d.taxis
    return _printed_taxis(str(d.raw.get("text") or ""))


@lru_cache(maxsize=1024)
def _printed_taxis(text: str) -> tuple[str, int | None] | None:
    from judge.games.rangers_strike.reader import TAXIS, parts

    for part in parts(text):
        m = TAXIS.fullmatch(part)
        if m is not None:
            return (m["bare"], None) if m["bare"] else (m["cat"], int(m["n"]))
    return None


def taxis_place(eng: RangersStrikeEngine, taxis: tuple[str, int | None]) -> int | None:
    """Where a taxis works: the place its reminder names, else the one rule option
    ``taxis_position`` gives its category (None: none)."""
    category, n = taxis
    if n is not None:
        return n
    return TAXIS_POSITIONS[eng.options.get("taxis_position", "printed")].get(category)


def before(eng: RangersStrikeEngine, unit: Unit) -> dict[str, tuple[Unit | None, int]]:
    """What stands directly before ``unit`` in its battle area and at which place it stands,
    by each reading of the line (:func:`after`'s: ``own``, and in tag battle ``team``)."""
    st = eng.state
    where = st.area_of(unit)
    if where is None or where[1] != "battle":
        return {}
    owner = where[0]
    line = st.players[owner].battle
    i = line.index(unit)
    own = (line[i - 1], i) if i > 0 else (None, 0)
    team = next((t for t in st.teams if owner in t), None)
    if team is None:
        return {"own": own}
    if team[1] != owner:  # the leader's line is its own
        return {"own": own, "team": own}
    lead = st.players[team[0]].battle
    if i > 0:
        return {"own": own, "team": (line[i - 1], i + len(lead))}
    return {"own": own, "team": (lead[-1], len(lead)) if lead else (None, 0)}


def taxis_sp(eng: RangersStrikeEngine, unit: Unit) -> tuple[bool | None, str]:
    """Whether a taxis gives ``unit`` "SP1" now (None: not known), and why: the unit directly
    before it has taxis X and stands at its place, and ``unit`` is an S unit (printed size) of
    category X.  In tag battle the two readings of the line (:func:`before`) must agree."""
    readings = {k: _taxis_gives(eng, unit, *v) for k, v in before(eng, unit).items()}
    if not readings:
        return False, ""
    results = {gives for gives, _ in readings.values()}
    if len(results) == 1:
        return results.pop(), readings["own"][1]
    own, team = readings["own"], readings["team"]
    return None, (
        f"read as its player's battle area alone: {own[1] or 'no taxis gives it SP 1.'} Read as "
        f"the team's one line (the supporter's battle area after the leader's): "
        f"{team[1] or 'no taxis gives it SP 1.'} Which line taxis reads in tag battle the "
        "sources do not say."
    )


def _taxis_gives(
    eng: RangersStrikeEngine, unit: Unit, prev: Unit | None, place: int
) -> tuple[bool | None, str]:
    st = eng.state
    d = st.card(unit.card)
    if prev is None or not d.is_unit:
        return False, ""
    p = st.card(prev.card)
    taxis = taxis_of(p)
    ops = eng.own_text_of(p) if taxis is None else ()
    if any(op["op"] == "taxis" for op in ops):  # RS-COMMAND-FEATURES: a taxis its text gives
        narrow = own_text.taxis_gained(eng, prev, ops, False)
        wide = own_text.taxis_gained(eng, prev, ops, True)
        if narrow != wide:
            return None, (
                f"{eng.name(prev.card)}, directly before it, has taxis by its own text in one "
                f"reading only ({own_text.doubt(eng, prev, ops)})."
            )
        taxis = (narrow, None) if narrow is not None else None
    if taxis is None:
        if p.unread and named_beyond_note(str(p.raw.get("text") or ""), "タクス"):
            return None, (
                f"{eng.name(prev.card)}, directly before it, names taxis in a text the engine "
                "does not read: it may have taxis."
            )
        return False, ""
    category = taxis[0]
    if category not in st.unit_categories(unit) or d.size not in ("S", None):
        return False, ""  # RS-ADD-FEATURE: a category added counts too
    n = taxis_place(eng, taxis)
    them = f"{eng.name(prev.card)}, directly before it, has taxis {category}"
    if n is None:
        option = eng.options.get("taxis_position", "printed")
        return None, (
            f"{them} printed without its reminder, and at which place it works is not known "
            f"(rule option taxis_position {option}: the fan wiki alone gives it)."
        )
    if place != n:
        return False, ""
    if d.size is None:  # a definition that gives no size (a hand-written one)
        return None, (
            f"{them} and stands {n}{_nth(n)}, but {eng.name(unit.card)}'s size is not given: "
            "whether it is an S unit is not known."
        )
    if unit.vehicle is not None or prev.vehicle is not None:
        rider = unit if unit.vehicle is not None else prev
        return None, (
            f"{them} and stands {n}{_nth(n)}, but {eng.name(rider.card)} rides "
            f"{eng.name(rider.vehicle)}: whether a unit riding a vehicle stands in line there "
            "the sources do not say."
        )
    return True, (
        f"{them} and stands {n}{_nth(n)} in the battle area: {eng.name(unit.card)}, a size S "
        f"{category} unit directly after it, gets SP 1."
    )


def _nth(n: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")


def taxis_in_play(eng: RangersStrikeEngine) -> bool:
    """Whether a unit with taxis, read or printed, or one whose text is not read, stands in a
    battle area: only then can a unit's SP come from the unit before it.  Only the codes of
    such cards are looked up (a long log's battle areas hold hundreds of units)."""
    # (shared: _may_give_taxis reads the definition alone, through per_card's reads)
    codes = eng.codes_known.get("taxis")  # (read first, as watch.with_effect)
    if codes is None:
        codes = eng.codes_where("taxis", lambda d: _may_give_taxis(eng, d), shared=True)
    if not codes:
        return False
    st = eng.state
    code_of = st.code_of
    # (a loop, not any() over a generator: asked for every keyframe's battle areas)
    for pid in st.order:
        for u in st.players[pid].battle:
            if code_of[u.card] in codes:
                return True
    return False


def _may_give_taxis(eng: RangersStrikeEngine, d: CardDef) -> bool:
    """Whether a unit of card ``d`` in a battle area makes :func:`taxis_in_play` true."""
    if d.taxis is not None or d.unread:
        return True
    return any(op["op"] == "taxis" for op in eng.own_text_of(d))  # RS-COMMAND-FEATURES
