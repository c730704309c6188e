"""Cards of a name brought from one's power and command zones into one's rush area until one
has N units of that name (RS-GATHER-NAMED): "これをラッシュしたとき、自軍エリアの「X」が3体以下なら、3体に
なるまで、自軍パワーゾーンのオモテ向きのカードか自軍コマンドゾーンのカードから「X」のカードを選び、自軍ラッシュエ
リアに出してもよい。".

The effect, exactly (a when-rushed effect, :func:`ok`)::

    {"when": "on_rush", "optional": true, "do": [{"op": "gather_named", "name": X, "upto": 3}]}

As it resolves the player counts the units named X in its rush and battle areas (the unit whose
effect it is among them, if it is still there): with N or fewer (a count above N leaves room for
none), it may choose cards named X among the face-up cards of its power zone and the cards of its
command zone, held or released, up to as many as bring the count to N ("まで": up to, as
"N枚まで" is read, RS-SEARCH-DECK), and they go into its rush area by the effect (no power,
command or condition; a when-rushed effect of their own is not run: RS-FROM-DISCARD); cards of
both zones at once are not guessed (か, "or", may ask for one zone or the other).  The log
names the cards in the resolve's targets, instance ids (a code found in both zones is not
guessed); ``use: false`` or no card named with none to choose takes none.  Naming more cards than
the room, or a card of another name or elsewhere, is illegal.

Not guessed (unverifiable, the effect not carried out until an outcome records it): cards named
nowhere in the log while some could be chosen (how many is the player's choice), a card whose text
lets it be used as X (「X」としてつかえる: that name in the game, atwiki renst 1739) among those
counted or chosen, and in tag battle whether 自軍 takes in the ally's areas and zones, when the
ally has such a unit or card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import bind, is_instance, ref_code, ref_text
from judge.core.wording import plural

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-GATHER-NAMED"
OP = "gather_named"
Problem = tuple[str, str]
#: a card taken: (its zone, ``power`` or ``command``, and the instance; bound when hidden)
Take = tuple[str, str, bool]
_USABLE_AS = "としてつかえる"


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``gather_named`` op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == OP:
            return op
    return None


def ok(effect: dict[str, Any], timing: str | None) -> bool:
    """Whether an effect with the op is the one shape the engine executes (module docstring)."""
    ops = effect.get("do")
    if (
        timing != "on_rush"
        or effect.get("optional") is not True
        or set(effect) - {"when", "optional", "do", "text"}
        or not isinstance(ops, list)
        or len(ops) != 1
        or not isinstance(ops[0], dict)
    ):
        return False
    op = ops[0]
    upto = op.get("upto")
    return (
        set(op) == {"op", "name", "upto"}
        and isinstance(op["name"], str)
        and bool(op["name"])
        and isinstance(upto, int)
        and not isinstance(upto, bool)
        and upto >= 1
    )


def _units_named(eng: RangersStrikeEngine, pid: str, name: str) -> int:
    st = eng.state
    return sum(
        1
        for u in st.players[pid].units()
        for c in u.cards()
        if st.card(c).is_unit and st.card(c).name_match(name) is True
    )


def _public(eng: RangersStrikeEngine, pid: str) -> list[str]:
    """The known cards of ``pid``'s command zone and the face-up cards of its power zone."""
    ps = eng.state.players[pid]
    return [c.card for c in ps.command] + [p.card for p in ps.power if p.face_up and p.card]


def _doubt(eng: RangersStrikeEngine, pid: str, name: str) -> str | None:
    """What makes the count or the choice not known (module docstring), or None."""
    st = eng.state
    mine = [c for u in st.players[pid].units() for c in u.cards()] + _public(eng, pid)
    for c in mine:
        text = str(st.card(c).raw.get("text") or "")
        if _USABLE_AS in text and f"「{name}」" in text:
            return (
                f"{eng.name(c)} may be used as 「{name}」 (としてつかえる: that name in the game, "
                "atwiki renst 1739, RS-USABLE-AS: 扱ってよい, may), which is not decided here"
            )
    for q in eng.allies(pid):
        if q != pid and (
            _units_named(eng, q, name)
            or any(st.card(c).name_match(name) is True for c in _public(eng, q))
        ):
            return (
                f"{q}, {pid}'s ally, has a unit or card named 「{name}」, and whether 自軍 takes in "
                "the ally's areas and zones the sources do not say"
            )
    return None


def room(eng: RangersStrikeEngine, pid: str, op: dict[str, Any]) -> tuple[int, int]:
    """``(units named X in pid's areas, how many cards may be brought)``."""
    n = _units_named(eng, pid, str(op["name"]))
    return n, max(0, int(op["upto"]) - n)


Picks = tuple[list[Take] | None, list[Any], list[Problem], str | None]


def picks(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], use: bool | None
) -> Picks:
    """The cards the op brings: ``(takes, targets left, problems, doubt)``; ``takes`` None
    when not known."""
    op = op_of(effect)
    if op is None or use is False:
        return [], targets, [], None
    st = eng.state
    name = str(op["name"])
    doubt = _doubt(eng, pid, name)
    if doubt is not None:
        return None, [], [], doubt
    have, free = room(eng, pid, op)
    ps = st.players[pid]
    if not targets:
        hidden = any(p.face_up and p.card is None for p in ps.power)
        can = [c for c in _public(eng, pid) if st.card(c).name_match(name) is True]
        if free == 0 or (not can and not hidden):
            return [], targets, [], None  # nothing to bring: exactly
        return (
            None,
            targets,
            [],
            f"which cards named 「{name}」 {pid} brought from its power and command zones (if any) "
            "is not recorded",
        )
    if len(targets) > free:
        return (
            [],
            [],
            [
                (
                    RULE,
                    f"{pid} has {plural(have, 'unit')} named 「{name}」 in its areas: the effect "
                    "brings at "
                    f"most {plural(free, 'card')} to make {op['upto']}, and the log names "
                    f"{len(targets)}.",
                )
            ],
            None,
        )
    takes: list[Take] = []
    used: set[str] = set()
    unseen = {code: list(ids) for code, ids in ps.unseen.items()}
    for ref in targets:
        code = ref_code(st, ref)
        in_command = [
            c.card
            for c in ps.command
            if c.card not in used
            and (c.card == ref if is_instance(st, ref) else st.code_of[c.card] == code)
        ]
        in_power = [
            p.card
            for p in ps.power
            if p.face_up
            and p.card is not None
            and p.card not in used
            and (p.card == ref if is_instance(st, ref) else st.code_of[p.card] == code)
        ]
        hidden_slot = any(p.face_up and p.card is None for p in ps.power)
        if not is_instance(st, ref) and (len(in_command) + len(in_power) > 1 or hidden_slot):
            return None, [], [], f"which card {ref_text(ref)} names is not known (name an instance)"
        if in_command:
            iid, zone, bound = in_command[0], "command", False
        elif in_power:
            iid, zone, bound = in_power[0], "power", False
        elif is_instance(st, ref) and hidden_slot and ref in unseen.get(code, []):
            unseen[code].remove(ref)
            iid, zone, bound = ref, "power", True
        else:
            return (
                [],
                [],
                [
                    (
                        "RS-CARD-IN-ZONE",
                        f"{ref_text(ref)} is not a card of {pid}'s command zone or a face-up card "
                        "of its power zone.",
                    )
                ],
                None,
            )
        d = st.card(iid)
        if d.name_match(name) is not True:
            return (
                [],
                [],
                [(RULE, f"{eng.name(iid)} is not named 「{name}」: the effect cannot bring it.")],
                None,
            )
        used.add(iid)
        takes.append((zone, iid, bound))
    if len({zone for zone, _, _ in takes}) > 1:
        return (
            None,
            [],
            [],
            "cards of both zones are named, and whether "
            "自軍パワーゾーンのオモテ向きのカードか自軍コマンドゾーンのカードから lets one effect take from both "
            "(か: or) the sources do not say",
        )
    return takes, [], [], None


def carry_out(
    eng: RangersStrikeEngine, pe: Any, takes: list[Take] | None, doubt: str | None, what: str
) -> None:
    """Bring the cards chosen into the rush area, or, when the choice is not known, do not
    guess it."""
    from judge.games.rangers_strike.from_discard import into_rush

    pid = pe.controller
    st = eng.state
    op = op_of(pe.effect) or {}
    if takes is None:
        eng.not_guessed(
            pe,
            RULE,
            doubt or "the cards chosen are not known",
            f"{what} is not carried out; the log may name the cards in the resolve's targets (or "
            "record `use: false`), or record what happened in an `outcome`.",
        )
        return
    have, free = room(eng, pid, op)
    eng.ctx.ruling(
        RULE,
        f"{pid} has {plural(have, 'unit')} named 「{op.get('name')}」 in its rush and battle areas: "
        f"{what} may bring up to {plural(free, 'card')} so named; it brings {len(takes)}.",
    )
    ps = st.players[pid]
    for zone, iid, bound in takes:
        if zone == "command":
            idx = next(i for i, c in enumerate(ps.command) if c.card == iid)
            ps.command.pop(idx)
        else:
            if bound:
                bind(st, pid, iid)
                idx = next(i for i, p in enumerate(ps.power) if p.face_up and p.card is None)
            else:
                idx = next(i for i, p in enumerate(ps.power) if p.card == iid)
            ps.power.pop(idx)
        into_rush(eng, pid, [iid], what, whence=f"gather_{zone}")
