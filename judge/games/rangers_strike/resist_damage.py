"""An opposing size S unit with resist, or an opposing command with resist, put as damage into its
owner's power zone (RS-RESIST-TO-DAMAGE): a unit's Number Combination "【name】レジストを持つ敵軍Sユニット
を1体選ぶか、レジストを持つ敵軍コマンドを1つ選び、持ち主のパワーゾーンにダメージにして置く。".

The effect, exactly: ``{"when": "combination", "do": [{"op": "resist_to_damage"}]}`` (not optional:
選ぶ, 置く).  As it resolves, the candidates are the opposing side's size S units (rush and battle
areas: 敵軍Sユニット with no area named, RS-SELECT-FIELD; in tag battle both opposing players', 敵軍
being the opposing team) that have resist now — printed, given by the vehicle they ride (RS-RIDER-BP)
or by their own text (RS-WHILE-NAMED), as RS-HOLD-KEYWORD reads it — and the cards of the opposing
command zones whose card prints ※レジスト (a command is a card: it has what it prints).  One is chosen
by the player (either kind) and goes face down into its owner's power zone as a point of damage (not
destroyed; RS-TO-DAMAGE).  The log names it first in the resolve's ``targets``; naming a card that
is not a candidate is illegal (RS-EFFECT-TARGETS); not named, the one candidate is taken, and none
when there is none.

Not guessed (the step is unverifiable, nothing moved until an outcome records it): several
candidates not named; a public card the engine does not read whose text names レジスト beyond its own
note (it may give resist or take it away, :func:`judge.games.rangers_strike.keywords.givers`); and a
unit whose own text gives it resist in one reading of tag battle's 自軍 and not in the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike import keywords
from judge.games.rangers_strike.command_cards import ZONE
from judge.games.rangers_strike.costs import leading
from judge.games.rangers_strike.state import PowerCard

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.refs import Problem

RULE = "RS-RESIST-TO-DAMAGE"
OP = "resist_to_damage"
EFFECT: dict[str, Any] = {"when": "combination", "do": [{"op": OP}]}
WORD = "レジスト"

#: ``(player, area or "command", unit or command card)``
Found = tuple[str, str, Any]


def uses(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` has the op (then :func:`ok` decides)."""
    return any(isinstance(op, dict) and op.get("op") == OP for op in effect.get("do") or ())


def ok(effect: dict[str, Any], timing: str) -> bool:
    """The one shape (module docstring)."""
    return timing == "combination" and {k: v for k, v in effect.items() if k != "text"} == EFFECT


def candidates(eng: RangersStrikeEngine, pid: str) -> tuple[list[Found], str | None]:
    """The opposing units and commands that may be chosen now, and why they are not known."""
    st = eng.state
    giving = keywords.givers(eng, WORD)
    if giving:
        names = ", ".join(dict.fromkeys(eng.name(c) for c in giving))
        return [], (
            f"{names}, whose text the engine does not read, names {WORD} and may give it or take "
            "it away: which units and commands have it now is not known"
        )
    found: list[Found] = []
    unknown: list[str] = []
    for q in eng.opponents(pid):
        for area in ("rush", "battle"):
            for unit in st.players[q].area(area):
                d = st.card(unit.card)
                if not d.is_unit or d.size != "S":
                    continue
                has = keywords.has(eng, unit, WORD)
                if has:
                    found.append((q, area, unit))
                elif has is None:
                    unknown.append(eng.name(unit.card))
    for q in eng.opponents(pid):
        for cmd in st.players[q].command:
            d = st.card(cmd.card)
            if WORD in d.keywords or d.resist:
                found.append((q, ZONE, cmd))
    if unknown:
        return [], (
            f"whether {', '.join(unknown)} has {WORD} now is not known: its own text gives it "
            "resist in one reading of 自軍 (the player's own, or the team's) and not in the other"
        )
    return found, None


def named(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any]
) -> tuple[Found | None, list[Any], list[Problem], str | None]:
    """The card chosen: ``(found, targets left, problems, doubt)``; found None when none is
    (no candidate) or it is not known (the doubt says why).  Not this module's effect:
    ``(None, targets, [], None)``."""
    if not ok(effect, str(effect.get("when"))):
        return None, targets, [], None
    cands, why = candidates(eng, pid)
    if why is not None:  # the card named, if any, is not judged
        return None, targets[1:], [], why
    got = leading(eng, [c[2].card for c in cands], targets, 1)
    if got:
        return cands[got[0]], targets[1:], [], None
    if targets and cands:
        said = (
            f"{targets[0]} is not an opposing size S unit or command with {WORD}: "
            + ", ".join(eng.name(c[2].card) for c in cands)
            + (" may be chosen." if len(cands) > 1 else " must be.")
        )
        return None, targets[1:], [("RS-EFFECT-TARGETS", said)], None
    if targets:
        said = f"{targets[0]} is not an opposing size S unit or command with {WORD}: none is."
        return None, targets[1:], [("RS-EFFECT-TARGETS", said)], None
    if len(cands) == 1:
        return cands[0], targets, [], None
    if not cands:
        return None, targets, [], None
    return None, targets, [], f"which unit or command with {WORD} was chosen is not recorded"


def carry_out(
    eng: RangersStrikeEngine, pe: Any, found: Found | None, doubt: str | None, what: str
) -> None:
    """Put the card chosen face down into its owner's power zone (module docstring)."""
    from judge.games.rangers_strike.zone_moves import put_as_damage

    if doubt is not None:
        eng.not_guessed(
            pe,
            RULE,
            doubt,
            f"{what} moves nothing; the log may record what it did in an `outcome`.",
        )
        return
    if found is None:
        eng.ctx.ruling(RULE, f"No opposing size S unit or command has {WORD}: {what} does nothing.")
        return
    st = eng.state
    pid, where, card = found
    if where != ZONE:
        eng.ctx.ruling(RULE, f"{eng.name(card.card)} (a size S unit with {WORD}) is chosen.")
        put_as_damage(eng, [found], what)
        return
    zone = st.players[pid].command
    if not any(c is card for c in zone):
        eng.event("effect", f"{eng.name(card.card)} has left the command zone.", card=card.card)
        return
    zone.remove(card)
    owner = st.owner_of[card.card]
    ps = st.players[owner]
    ps.power.append(PowerCard(card.card, face_up=False))
    eng.event(
        "to_damage",
        f"{eng.name(card.card)} goes from {pid}'s command zone face down into {owner}'s power zone "
        f"({what}): {owner} has {ps.damage} damage.",
        player=owner,
        card=card.card,
    )
    eng.ctx.ruling(
        RULE,
        f"{eng.name(card.card)} (a command with {WORD}) is put into {owner}'s power zone face "
        "down: a point of damage; it is no longer a command.",
    )
    if ps.damage >= eng.damage_limit() and eng.can_act(owner):
        eng.reach_limit(owner)


def sentence() -> str:
    """The op in English (``judge cards show``)."""
    return (
        f"choose 1 opposing size S unit with {WORD} (resist: printed, from the vehicle it rides or "
        f"its own text) or 1 opposing command whose card prints ※{WORD}, and put it face down into "
        "its owner's power zone as damage"
    )
