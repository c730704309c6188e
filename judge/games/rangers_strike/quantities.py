"""Numbers a card's text counts when it applies: a player's hand or damage, the cards of a zone
(RS-POWER-AT-MOST, RS-BP-PER), the face-up cards of one's power zone (RS-COUNT-FACE-UP-POWER).

The printed words name them from the card's controller's side: 自分 / 自軍 (the controller, its
side), 相手 (the opponent), 敵軍 (the opposing side).  In 1 vs 1 each is one player.  In tag
battle a side is two players: "自軍ダメージ" may be the player's own damage or its team's (and
"自軍パワー" its own power zone or both team-mates'), and "敵軍ダメージ" the target player's or the
opposing team's; 相手 is the player the rule option ``tag_opponent`` names
(RS-OPPONENT-CHOOSES), either opposing player with ``either``.  The seeds do not say which;
where the readings give one number the engine uses it, and where they disagree the number is
not known (:func:`count` returns None and why), and the step that needs it is left
unverifiable: a verdict never rests on a reading the sources do not give.

Why a module of its own: the same counts serve an effect's choice (a required power no more
than a count) and a unit's continuous BP (BP per card counted), in two other modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.wording import plural

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

#: what a text counts: its printed words → the name the definitions use
PRINTED = {
    "自分の手札の枚数": "own_hand",
    "相手の手札の枚数": "opponent_hand",
    "自軍ダメージの点数": "own_damage",
    "敵軍ダメージの点数": "opponent_damage",
}
#: the face-up cards of one's own power zone ("オモテ向きの自軍パワーの枚数を数えてもよい。そうしたとき、
#: …その数以下の…", RS-COUNT-FACE-UP-POWER): read only in that sentence, so not in :data:`PRINTED`
#: (whose words the reader accepts before any "以下の必要パワーの数字を持つ")
FACE_UP_POWER = "own_face_up_power"
QUANTITIES = (*PRINTED.values(), FACE_UP_POWER)
#: each in words, for rulings and ``judge cards show``
WORDS = {
    "own_hand": "the number of cards in its controller's hand",
    "opponent_hand": "the number of cards in the opponent's hand",
    "own_damage": "its controller's damage",
    "opponent_damage": "the opposing side's damage",
    FACE_UP_POWER: "the number of face-up cards in its controller's power zone",
}

Count = tuple[int | None, str]

#: a count of one's own units with a feature ("特徴「X」を持つ自軍ユニットの数"): ``{"own_units":
#: {"feature": X}}`` (RS-POWER-AT-MOST)
OWN_UNITS = "own_units"


def is_quantity(value: Any) -> bool:
    """Whether ``value`` names a count a text makes: one of :data:`QUANTITIES`, or
    ``{"own_units": {"feature": X}}``.

    >>> is_quantity("own_hand"), is_quantity({"own_units": {"feature": "獣"}}), is_quantity(3)
    (True, True, False)
    """
    if isinstance(value, str):
        return value in QUANTITIES
    if not isinstance(value, dict) or set(value) != {OWN_UNITS}:
        return False
    which = value[OWN_UNITS]
    return (
        isinstance(which, dict)
        and set(which) == {"feature"}
        and isinstance(which["feature"], str)
        and bool(which["feature"])
    )


def words(value: Any) -> str:
    """A count in words (for rulings and ``judge cards show``)."""
    if isinstance(value, dict):
        return f"the number of units of its controller's with the feature {value[OWN_UNITS]['feature']}"
    return WORDS[value]


def _own_units(eng: RangersStrikeEngine, pid: str, feature: str) -> int:
    """``pid``'s units (rush and battle areas; a vehicle is no unit, the unit riding one is)
    with ``feature`` now, printed or added (RS-SELECT-FEATURE)."""
    st = eng.state
    return sum(
        1
        for u in st.players[pid].units()
        if st.card(u.card).is_unit and feature in st.unit_features(u)
    )


def _face_up(eng: RangersStrikeEngine, pid: str) -> int:
    """The face-up cards of ``pid``'s power zone now (RS-COUNT-FACE-UP-POWER)."""
    return sum(1 for c in eng.state.players[pid].power if c.face_up)


def count(eng: RangersStrikeEngine, pid: str, name: Any) -> Count:
    """``name`` (:func:`is_quantity`) counted for ``pid`` now, and in words; None with why
    when the readings of tag battle disagree (module docstring)."""
    st = eng.state
    if isinstance(name, dict):  # "特徴「X」を持つ自軍ユニットの数を数え"
        feature = str(name[OWN_UNITS]["feature"])
        own = _own_units(eng, pid, feature)
        team = sum(_own_units(eng, q, feature) for q in eng.allies(pid))
        if own != team:
            return None, (
                f"自軍ユニット with the feature {feature} read as {pid}'s ({own}) and as its "
                f"team's ({team}) disagree"
            )
        return own, f"{pid}'s units with the feature {feature}: {own}"
    if name == "own_hand":
        n = len(st.players[pid].hand)
        return n, f"{pid}'s hand: {plural(n, 'card')}"
    if name == "opponent_hand":
        hands = {q: len(st.players[q].hand) for q in eng.opponent_players(pid)}
        return _one(hands, "hand", "相手 may be either opposing player")
    if name == "own_damage":
        own = st.players[pid].damage
        team = sum(st.players[q].damage for q in eng.allies(pid))
        if own != team:
            return None, (
                f"自軍ダメージ read as {pid}'s own damage ({own}) and as its team's ({team}) "
                "disagree"
            )
        return own, f"{pid}'s damage: {own}"
    if name == FACE_UP_POWER:  # RS-COUNT-FACE-UP-POWER: face down is damage, not counted
        own = _face_up(eng, pid)
        team = sum(_face_up(eng, q) for q in eng.allies(pid))
        if own != team:
            return None, (
                f"オモテ向きの自軍パワー read as {pid}'s own power zone ({own}) and as its team's "
                f"({team}) disagree"
            )
        return own, f"{pid}'s face-up power cards: {own}"
    if name == "opponent_damage":
        sides = eng.opponents(pid)
        target = eng.target_player(pid)
        own = st.players[target].damage
        team = sum(st.players[q].damage for q in sides)
        if own != team:
            return None, (
                f"敵軍ダメージ read as the target player {target}'s damage ({own}) and as the "
                f"opposing team's ({team}) disagree"
            )
        return own, f"{'/'.join(sides)}'s damage: {own}"
    raise ValueError(f"not a quantity: {name!r}")


def _one(values: dict[str, int], what: str, why: str) -> Count:
    if len(set(values.values())) == 1:
        n = next(iter(values.values()))
        return n, f"{'/'.join(values)}'s {what}: {plural(n, 'card')}"
    said = ", ".join(f"{q} {n}" for q, n in values.items())
    return None, f"{why}, and their {what}s differ ({said})"


def power_limit(eng: RangersStrikeEngine, pid: str, sel: dict[str, Any]) -> Count:
    """RS-POWER-AT-MOST: the most required power a unit chosen by ``sel`` (an effect of
    ``pid``'s) may print, and the count in words ("" for a printed number); None when the
    selector has no such limit, or when its count is not known (words: why)."""
    want = sel.get("power_max")
    if want is None:
        return None, ""
    if isinstance(want, int):
        return want, ""
    if not is_quantity(want):
        return None, ""  # the chosen unit's number (RS-CHOOSE-FIRST): the resolver's
    return count(eng, pid, want)


def rule_on_limits(eng: RangersStrikeEngine, pid: str, sels: list[dict[str, Any]]) -> None:
    """The rulings of an effect's counted limits as it resolves: each count, or why it is not
    known (then the step is unverifiable: the units that fit are not known)."""
    for sel in sels:
        want = sel.get("power_max")
        if not is_quantity(want):
            continue
        n, said = count(eng, pid, want)
        rule = "RS-COUNT-FACE-UP-POWER" if want == FACE_UP_POWER else "RS-POWER-AT-MOST"
        if n is None:
            eng.ctx.ruling(
                rule,
                f"A unit with required power up to {words(want)} may be chosen: {said}, so "
                "which units fit is not known.",
            )
            eng.ctx.cannot_verify(f"which units fit: {said}")
        else:
            eng.ctx.ruling(
                rule,
                f"A unit with required power up to {words(want)} may be chosen ({said}): "
                f"{n} or less.",
            )
