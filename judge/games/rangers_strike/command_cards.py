"""Cards of a command zone chosen by an effect and sent face up into their owner's power zone
(RS-COMMAND-TO-POWER): "敵軍コマンドゾーンから、DAまたはOTを持つカードを1枚選び、持ち主のパワーゾーンに送
る。".

A command is not a unit: its selector is its own, ``{"side": "opponent" | "own", "zone":
"command", "count": N, "category": X | [X, Y, …]}`` (``category`` optional: "DAまたはOTを持つ",
any of them), and it takes any card of those command zones, held or released, of any card type,
whose category fits.  The log names the cards in the resolve's ``targets`` (instance ids, or
codes: a code naming cards in different states — whose, held or released — is ambiguous, bad
input, as a unit's is).  Only ``to_power_zone`` takes such a selector: each card chosen still in
its command zone leaves it and goes face up into its owner's power zone (送る, as for units sent
there: RS-TO-POWER-ZONE).

``discard_command`` takes one too, with ``power_max`` N: a card whose printed required power is
N or less goes from its command zone to its owner's discard pile (not destroyed: it is no unit;
RS-DISCARD-COMMAND, "…以下の必要パワーの数字を持つ敵軍コマンドを1つ選び捨札にしてもよい").

Why apart from :mod:`judge.games.rangers_strike.resolve`: which cards a selector of commands
fits, how a reference names one, and the move are one concept, the command zone's; resolve
hands a selector to it when its ``zone`` is ``command``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.errors import BadLog, FieldError
from judge.core.refs import is_instance, ref_code, ref_zone
from judge.games.rangers_strike.state import Command, PowerCard

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-COMMAND-TO-POWER"
ZONE = "command"
#: the keys a selector of command cards may have
KEYS = {"side", "zone", "count", "category"}
#: a card chosen: (its player, "command", the command)
Found = tuple[str, str, Command]


def is_command_selector(sel: Any) -> bool:
    return isinstance(sel, dict) and sel.get("zone") == ZONE


def ok(op: dict[str, Any]) -> bool:
    """Whether an op with a selector of command cards is one the engine executes: only
    ``{"op": "to_power_zone", "target": selector}``."""
    sel = op.get("target")
    if op.get("op") != "to_power_zone" or set(op) != {"op", "target"}:
        return False
    if not is_command_selector(sel) or set(sel) - KEYS:
        return False
    count = sel.get("count", 1)
    category = sel.get("category")
    return (
        sel.get("side", "own") in ("own", "opponent")
        and isinstance(count, int)
        and not isinstance(count, bool)
        and count >= 1
        and (
            category is None
            or isinstance(category, str)
            or (
                isinstance(category, list)
                and bool(category)
                and all(isinstance(c, str) for c in category)
            )
        )
    )


def _fits(category: str, wanted: str | list[str] | None) -> bool:
    if wanted is None:
        return True
    return category in wanted if isinstance(wanted, list) else category == wanted


def fitting(eng: RangersStrikeEngine, owners: list[str], sel: dict[str, Any]) -> list[Found]:
    """Every card of ``owners``' command zones the selector could take, in player order and
    zone order."""
    st = eng.state
    most = sel.get("power_max")
    return [
        (pid, ZONE, c)
        for pid in owners
        for c in st.players[pid].command
        if _fits(st.card(c.card).category, sel.get("category"))
        and (not isinstance(most, int) or st.card(c.card).power_number <= most)
    ]


def named(eng: RangersStrikeEngine, cands: list[Found], ref: Any, path: str) -> Found | None:
    """The candidate ``ref`` names (an instance id, or a code when every candidate of that
    code is in the same state), or None."""
    st = eng.state
    zone = ref_zone(ref)
    if zone is not None and zone != ZONE:
        return None
    if is_instance(st, ref):
        return next((c for c in cands if c[2].card == ref), None)
    code = ref_code(st, ref)
    matches = [c for c in cands if st.code_of[c[2].card] == code]
    if len({(c[0], c[2].held) for c in matches}) > 1:
        ids = ", ".join(c[2].card for c in matches)
        raise BadLog(
            [
                FieldError(
                    path,
                    f"ambiguous card reference {code!r}: it could mean {ids}, which are in "
                    "different states; name the instance",
                )
            ]
        )
    return matches[0] if matches else None


def describe(whose: str, sel: dict[str, Any]) -> str:
    """The cards a selector takes, in words."""
    said = f"a card in {whose} command zone (held or released)"
    wanted = sel.get("category")
    if wanted is not None:
        said += f" of category {' or '.join(wanted) if isinstance(wanted, list) else wanted}"
    if isinstance(sel.get("power_max"), int):
        said += f" whose required power is at most {sel['power_max']}"
    return said


DISCARD_RULE = "RS-DISCARD-COMMAND"


def put_into_discard(eng: RangersStrikeEngine, found: list[Found], what: str) -> None:
    """RS-DISCARD-COMMAND: each card of ``found`` still in its command zone goes to its
    owner's discard pile."""
    st = eng.state
    for pid, _zone, cmd in found:
        zone = st.players[pid].command
        if not any(c is cmd for c in zone):
            eng.event("effect", f"{eng.name(cmd.card)} has left the command zone.", card=cmd.card)
            continue
        zone.remove(cmd)
        owner = st.owner_of[cmd.card]
        st.players[owner].discard.append(cmd.card)
        state = "held" if cmd.held else "released"
        eng.event(
            "to_discard",
            f"{eng.name(cmd.card)} goes from {pid}'s command zone ({state}) to {owner}'s "
            f"discard pile ({what}).",
            player=owner,
            card=cmd.card,
        )
        eng.ctx.ruling(
            DISCARD_RULE,
            f"{eng.name(cmd.card)} is put from the command zone into its owner {owner}'s "
            "discard pile: it is no longer a command.",
        )


def put_into_power(eng: RangersStrikeEngine, found: list[Found], what: str) -> None:
    """RS-COMMAND-TO-POWER: each card of ``found`` still in its command zone goes face up into
    its owner's power zone."""
    st = eng.state
    for pid, _zone, cmd in found:
        zone = st.players[pid].command
        if not any(c is cmd for c in zone):
            eng.event("effect", f"{eng.name(cmd.card)} has left the command zone.", card=cmd.card)
            continue
        zone.remove(cmd)
        owner = st.owner_of[cmd.card]
        st.players[owner].power.append(PowerCard(cmd.card, face_up=True))
        state = "held" if cmd.held else "released"
        eng.event(
            "to_power",
            f"{eng.name(cmd.card)} goes from {pid}'s command zone ({state}) face up into "
            f"{owner}'s power zone ({what}).",
            player=owner,
            card=cmd.card,
        )
        eng.ctx.ruling(
            RULE,
            f"{eng.name(cmd.card)} is sent from the command zone to its owner {owner}'s power "
            "zone, face up: it is no longer a command, and it counts for its owner's power.",
        )
