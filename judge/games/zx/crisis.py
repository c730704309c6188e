"""Crisis (クライシス, seed 003 keyword action 23) and the Player Extra (PL EX) it turns up.

The seed says only that crisis "makes the crisis settlement possible" and points to the page
on player EX and the dynamis.  The comprehensive rules, as the fan wiki quotes them in English
(zxtcg.fandom.com/wiki/Crisis, CR 1023), say:

- 1023.1 "Crisis" means the Crisis Effect (a rule effect) can be performed at priority
  preprocessing if the written conditions are fulfilled;
- 1023.2 it is written "Crisis : [condition]" or "Crisis ○○ : [condition]";
- 1023.3 "Crisis ○○" also needs a face-up player card of its owner with ○○ in its card name
  or player name; and the example: with the condition "you receive damage" it is fulfilled
  once the damage is recorded, and the Crisis Effect comes after the player damage effect.

What the Crisis Effect does is the wiki's own summary (FAN): while the PL EX is still face
down behind the player card, its player *may* reveal it and put it face up on top of the
player card; declined, the chance comes again only when the condition is fulfilled again.
The PL EX is prepared at setup on the back of the player card, instead of a Z/X OB lower half
(zxtcg.fandom.com/wiki/Player_Extra, FAN).

The engine reads one condition, ``{"condition": "damaged"}`` ("you receive damage"), with an
optional ``name`` (Crisis ○○).  The PL EX's own abilities are not executed: a face-up PL EX
with ``effects`` leaves the later steps uncertain (ZX-EFFECT-UNSUPPORTED), as card text the
engine cannot execute does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.timing import PendingEffect

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine

CONDITIONS = ("damaged",)


@dataclass(slots=True)
class PlayerEx:
    """A player's PL EX: face down behind the player card until its crisis turns it up."""

    card: str
    face_up: bool = False


def player_ex(eng: ZXEngine, pid: str) -> PlayerEx | None:
    return eng.state.player_ex.get(pid)


def names_of_player_card(eng: ZXEngine, pid: str) -> list[str]:
    """The card name and player name of ``pid``'s face-up player card (none: a nameless one,
    or none at all)."""
    st = eng.state
    ps = st.players[pid]
    if ps.player_card is None or ps.player_card_away:
        return []
    d = st.card(ps.player_card)
    return [d.name] + ([str(d.raw["player_name"])] if d.raw.get("player_name") else [])


def crisis_met(eng: ZXEngine, pid: str, what: str) -> bool:
    """Whether ``pid``'s face-down PL EX has a crisis whose condition ``what`` has just been
    fulfilled, with its ○○ (``name``) on ``pid``'s face-up player card (CR 1023.3)."""
    px = player_ex(eng, pid)
    if px is None or px.face_up:
        return False
    spec = eng.state.card(px.card).raw.get("crisis") or {}
    if spec.get("condition") != what:
        return False
    name = spec.get("name")
    return name is None or any(str(name) in n for n in names_of_player_card(eng, pid))


def op_crisis_check(eng: ZXEngine, player: str) -> None:
    """After a player damage effect (CR 1023 example): the Crisis Effect may be performed."""
    if eng.state.phase == "over" or not crisis_met(eng, player, "damaged"):
        return
    px = player_ex(eng, player)
    assert px is not None
    eng.ctx.ruling(
        "ZX-CRISIS",
        f"{player} received damage: the crisis condition of {eng.name(px.card)} is fulfilled; "
        f"{player} may put it face up on its player card (`crisis`).",
    )
    eng.push(("wait_crisis", {"player": player}))


def check_crisis(eng: ZXEngine, plan: Plan) -> None:
    pass  # only when the rules wait for it (``decisions``); ``use`` is the player's choice


def apply_crisis(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    _, args = st.agenda.pop(0)
    p = args["player"]
    px = player_ex(eng, p)
    assert px is not None
    if not plan.action["use"]:
        eng.ctx.ruling(
            "ZX-CRISIS",
            f"{p} does not use the crisis of {eng.name(px.card)}: it stays face down until its "
            "condition is fulfilled again.",
        )
        eng.event("crisis", f"{p} leaves {eng.name(px.card)} face down.", player=p)
        return
    px.face_up = True
    eng.ctx.ruling(
        "ZX-CRISIS",
        f"Crisis: {p} reveals {eng.name(px.card)} and puts it face up on top of its player "
        "card; the two are one card from now on.",
    )
    eng.event(
        "crisis",
        f"{p} puts {eng.name(px.card)} (PL EX) face up on its player card.",
        player=p,
        card=px.card,
    )
    if st.card(px.card).effects:
        pe = PendingEffect(0, p, px.card, {}, 0, "PL EX ability")
        eng.ctx.cannot_verify(
            f"{eng.name(px.card)} (PL EX) is face up: the engine does not execute its abilities "
            "(ZX-EFFECT-UNSUPPORTED)"
        )
        eng.ctx.ruling(
            "ZX-EFFECT-UNSUPPORTED",
            f"{eng.name(px.card)} is face up: its abilities are not executed by the engine, so "
            "the steps after this one may not be what the game was.",
        )
        eng.taint_effect(pe, "ZX-EFFECT-UNSUPPORTED")


def check_setup_ex(eng: ZXEngine, plan: Plan) -> None:
    """ZX-PL-EX-SETUP: a PL EX (card type ``player_ex``) and the player card it lies behind
    (``player_card``, type ``player``, optional: else a nameless one); not with a Z/X OB lower
    half (both go on the back of the player card: one of them only)."""
    st = eng.state
    a = plan.action
    ex, card = a.get("player_ex"), a.get("player_card")
    if ex is not None:
        d = st.defs.get(ex) if isinstance(ex, str) else None
        if d is None or d.type != "player_ex":
            plan.violate("ZX-PL-EX-SETUP", f"{ex} is not a PL EX card (type player_ex).")
        else:
            plan.data["player_ex"] = ex
        if a.get("overboost") is not None:
            plan.violate(
                "ZX-PL-EX-SETUP",
                "A PL EX and a Z/X OB lower half both go on the back of the player card: "
                "only one of them may be prepared.",
            )
    if card is not None:
        d = st.defs.get(card) if isinstance(card, str) else None
        if a.get("overboost") is not None:
            plan.violate(
                "ZX-PL-EX-SETUP",
                "`player_card` and `overboost` both name the player card: give one of them.",
            )
        elif d is None or d.type != "player" or d.raw.get("overboost"):
            plan.violate("ZX-PL-EX-SETUP", f"{card} is not a player card (type player).")
        else:
            plan.data["player_card"] = card


def apply_setup_ex(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    p = plan.action["p"]
    ps = st.players[p]
    card = plan.data.get("player_card")
    if card is not None:
        iid = f"{p}-P1"
        eng.dealt(iid, card, p)
        ps.player_card = iid
    code = plan.data.get("player_ex")
    if code is None:
        return
    iid = f"{p}-X1"
    eng.dealt(iid, code, p)
    st.player_ex[p] = PlayerEx(iid)
    eng.ctx.ruling(
        "ZX-PL-EX-SETUP",
        f"{p} prepares {eng.name(iid)} (PL EX) face down on the back of its player card.",
    )


def view(eng: ZXEngine, pid: str) -> list[Any] | None:
    """The PL EX in a player's view: ``[instance or None while face down, face up]``."""
    px = player_ex(eng, pid)
    if px is None:
        return None
    return [px.card if px.face_up else None, px.face_up]
