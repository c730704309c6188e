"""Observed mode for Z/X: hidden cards the engine does not know until the log names them.

The log contract (``shared/spec/action-log-v1.md``, Envelope) has two modes.  In **observed**
mode the engine knows a deck's order only until its first shuffle; from then on a card in a
player's deck, life or hand is ``None`` until the log names it.  Two ways name it:

- **a hand card named by an action** (``resource``, ``play``, a Break's card B): the card is
  *bound* to an unknown hand card (the core's :mod:`judge.core.refs`), when the action is
  applied;
- **a card the rules turn face up** (a resource set from the deck top at the start of the
  game, the deck's top card revealed by an ignition, a life card turned face up by damage or
  reload): the engine waits for ``reveal`` by the card's owner,
  ``{"p": "A", "do": "reveal", "card": "ZX-011"}``; a ``pick_life`` may name the picked card
  at once with ``reveal`` (the contract's convention for ``pick_life``), and then no
  ``reveal`` follows.  So may the record of a pick the engine took itself (the last life
  card, ZX-FORCED-DECISION): it is the one way plus the reveal, judged and applied as the
  ``reveal`` the rules wait for (:func:`judge_forced_reveal`).

A named card must be possible: a copy of that code in that player's deck not known to be
anywhere else (rule ZX-LOG-REVEAL); else the step is illegal.  Which copy is bound does not
matter to the rules; the lowest-numbered unseen one is taken, so replays are byte-identical.

What stays unknown is not judged by guesswork: a card drawn and never named is just "a card";
``reveal_top`` (ZX-REVEAL, a look then a shuffle) needs no ``reveal``, the deck is shuffled
once the effect has finished resolving and nothing the engine judges reads the shown cards.
The dynamis is not hidden from the engine: its list is in the log's deck, and an action names
the card it plays.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.refs import ZoneRefs, bind
from judge.games.zx.state import ZXState

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine

RULE = "ZX-LOG-REVEAL"
LIST_ZONES = ("hand", "deck", "life", "charge", "trash", "removed")
ZONE_WORDS = {"deck": "the top card of {p}'s deck", "life": "{p}'s life card {n}"}


def locate(st: ZXState, iid: str) -> str:
    """Where an instance is, in words (for messages)."""
    for pid in st.order:
        ps = st.players[pid]
        for zone in LIST_ZONES:
            if iid in getattr(ps, zone):
                return f"{pid}'s {zone}"
        if any(r.card == iid for r in ps.resources):
            return f"{pid}'s resources"
        if any(x[0] == iid for x in ps.dynamis):
            return f"{pid}'s dynamis"
        if iid in ps.unseen.get(st.code_of[iid], ()):
            return f"{pid}'s hidden cards (not yet seen)"
    sq = st.square_of(iid)
    if sq is not None:
        return f"square {sq}"
    return "nowhere in the game"


ZONE_REFS = ZoneRefs(rule_in_zone="ZX-PLAY", rule_reveal=RULE, locate=locate)


def hand_card(eng: ZXEngine, plan: Plan, p: str, ref: Any, rule: str) -> str | None:
    """The card ``ref`` names in ``p``'s hand, or None (the plan says why under ``rule``, or
    under ZX-LOG-REVEAL when no copy can be there).  An unknown hand card it binds is bound
    when the plan is applied (:func:`apply_binds`), so ``check`` changes nothing.

    An instance id in the hand (most plays) is the card, as ``find_in_zone`` finds first: the
    hand holds instance ids (or None), so a string in it is an instance's id, found where it
    is, bound already."""
    if isinstance(ref, str) and ref in eng.state.players[p].hand:
        return ref
    take, err = ZONE_REFS.find_in_zone(eng.state, p, "hand", ref)
    if take is None:
        assert err is not None
        plan.violate(RULE if err[0] == RULE else rule, err[1])
        plan.cannot_apply(err[1].rstrip("."))
        return None
    if take.bind:
        plan.data.setdefault("binds", []).append((p, "hand", take.iid))
    return take.iid


def apply_binds(eng: ZXEngine, plan: Plan) -> None:
    """The hand cards the plan named that were unknown take their place (the first unknown
    card of the zone: which one does not matter, all are alike to the engine)."""
    for p, zone, iid in plan.data.get("binds", ()):
        cards = getattr(eng.state.players[p], zone)
        if iid in cards:
            continue
        cards[cards.index(None)] = iid
        bind(eng.state, p, iid)


@contextmanager
def provisionally(eng: ZXEngine, binds: list[tuple[str, str, str]]) -> Iterator[None]:
    """Bind ``binds`` for a check that reads the zone itself (a Break's card B), then undo."""
    st = eng.state
    done: list[tuple[str, str, int, str]] = []
    for p, zone, iid in binds:
        cards = getattr(st.players[p], zone)
        if iid in cards or None not in cards:
            continue
        i = cards.index(None)
        cards[i] = iid
        done.append((p, zone, i, iid))
    try:
        yield
    finally:
        for p, zone, i, _iid in reversed(done):
            getattr(st.players[p], zone)[i] = None


def wait_for(
    eng: ZXEngine, pid: str, zone: str, index: int, then: tuple[str, dict[str, Any]]
) -> bool:
    """Whether the card at ``index`` of ``pid``'s ``zone`` is unknown; if so, the agenda waits
    for its ``reveal`` and then runs ``then`` (the caller's own step, again)."""
    cards = getattr(eng.state.players[pid], zone)
    if index >= len(cards) or cards[index] is not None:
        return False
    eng.push(("wait_reveal", {"player": pid, "zone": zone, "index": index}), then)
    return True


def check_reveal(eng: ZXEngine, plan: Plan) -> None:
    """ZX-LOG-REVEAL: the revealed code must be of a copy that can be in that place."""
    st = eng.state
    args = st.agenda[0][1]
    pid, code = args["player"], plan.action["card"]
    what = ZONE_WORDS[args["zone"]].format(p=pid, n=args["index"] + 1)
    iid = name_unseen(eng, plan, pid, code, what)
    plan.data["iid"] = iid


def name_unseen(eng: ZXEngine, plan: Plan, pid: str, code: str, what: str) -> str | None:
    """The unseen instance of ``code`` that ``what`` (an unknown card of ``pid``) can be; else
    a ZX-LOG-REVEAL violation (:meth:`judge.core.refs.ZoneRefs.unseen_copy`)."""
    iid, problem = ZONE_REFS.unseen_copy(eng.state, pid, code, what)
    if problem is not None:
        plan.violate(*problem)
        plan.cannot_apply("no such card can be there")
    return iid


def apply_reveal(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    _, args = st.agenda.pop(0)
    pid, iid = args["player"], plan.data["iid"]
    reveal_at(eng, pid, args["zone"], args["index"], iid)


def reveal_at(eng: ZXEngine, pid: str, zone: str, index: int, iid: str) -> None:
    """The unknown card at ``index`` of ``pid``'s ``zone`` is ``iid``."""
    st = eng.state
    bind(st, pid, iid)
    getattr(st.players[pid], zone)[index] = iid
    what = ZONE_WORDS[zone].format(p=pid, n=index + 1)
    eng.event("reveal", f"{what[0].upper()}{what[1:]} is {eng.name(iid)}.", player=pid, card=iid)


def judge_forced_reveal(eng: ZXEngine, plan: Plan, values: dict[str, Any]) -> None:
    """ZX-LOG-REVEAL for the ``reveal`` on the record of a pick the engine took (the last life
    card, :meth:`ZXEngine.op_life_pick`): the code must be the card's when it is known, else a
    copy that can be there; the unknown card then waits for this reveal (``wait_reveal``)."""
    st = eng.state
    k = plan.data["forced"]
    ctx = eng.forced[k].context
    pid, code, iid = ctx["player"], values["reveal"], ctx["card"]
    what = ZONE_WORDS["life"].format(p=pid, n=1)
    if iid is not None:
        if st.code_of[iid] != code:
            plan.violate(RULE, f"{what[0].upper()}{what[1:]} was {eng.name(iid)}, not {code}.")
            plan.cannot_apply(f"{what} was not {code}")
        return
    head = st.agenda[0] if st.agenda else ("", {})
    if head[0] != "wait_reveal" or head[1].get("player") != pid or head[1].get("zone") != "life":
        plan.violate(RULE, f"{what[0].upper()}{what[1:]} is no longer waiting for its reveal.")
        plan.cannot_apply("no reveal waits")
        return
    plan.data["iid"] = name_unseen(eng, plan, pid, code, what)


def apply_forced_reveal(eng: ZXEngine, plan: Plan) -> None:
    """The reveal judged by :func:`judge_forced_reveal`, when the card was unknown: it answers
    the ``wait_reveal`` (the caller runs the agenda on)."""
    if plan.data.get("iid") is not None:
        apply_reveal(eng, plan)


def forced_reveal(pid: str, card: str | None) -> dict[str, Any]:
    """What the record of the engine's pick of ``pid``'s last life card (``card``, None when
    unknown) may carry beside its one way: the contract's ``reveal`` of that card."""
    return {
        "extras": ("reveal",),
        "judge_extras": judge_forced_reveal,
        "apply_extras": apply_forced_reveal,
        "context": {"player": pid, "card": card},
    }
