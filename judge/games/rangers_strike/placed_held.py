"""A unit's restriction on the opponent's command zone (RS-PLACED-HELD): "これが自軍エリアにある間、
相手は次の制限を受ける⇒自分自身のコマンドゾーンにOTまたはETのカードをリリース状態で置いたとき、そのカードを
ホールドする。"

While the unit is in its player's rush or battle area (自軍エリア; ``ラッシュエリア``: its rush area
only), whenever the opponent puts a card of one of the categories released into its own command
zone (a charge, RS-CHARGE, or an effect that puts it there released), that card is held at once:
it is put released, then held (the official Q&A on this text, atwiki renst page 578: "リリース状態
で置いた後、…の効果でホールド状態になります").  A card put there held already, or a command released
later, is not "put released".  Two such units hold it once: a held card is not held again.

Who "相手" is in tag battle follows rule option ``tag_opponent``
(:meth:`RangersStrikeEngine.opponent_players`, RS-OPPONENT-CHOOSES): the target player by default.

The effect: ``{"when": "opponent_placed", "while": "field" | "rush", "do": [{"op": "hold_placed",
"categories": [X, …]}]}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rangers_strike.cards import CardDef
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-PLACED-HELD"
WHEN = "opponent_placed"
OP = "hold_placed"
CATEGORIES = ("WB", "ET", "OT", "MA", "DA")
_WHERE = {"field": ("rush", "battle"), "rush": ("rush",)}
_WORDS = {"field": "your rush or battle area", "rush": "your rush area"}


def effect(categories: list[str], where: str) -> dict[str, Any]:
    """The effect of the printed text, for ``categories`` while the unit is ``where``."""
    return {"when": WHEN, "while": where, "do": [{"op": OP, "categories": list(categories)}]}


def is_effect(eff: dict[str, Any]) -> bool:
    """Whether ``eff`` is one of this module's (by its timing)."""
    return eff.get("when") == WHEN


def ok(eff: dict[str, Any]) -> bool:
    """Whether ``eff`` is the one shape of this module, exactly."""
    ops = eff.get("do")
    if set(eff) - {"text"} != {"when", "while", "do"} or eff["while"] not in _WHERE:
        return False
    if not isinstance(ops, list) or len(ops) != 1 or not isinstance(ops[0], dict):
        return False
    op = ops[0]
    cats = op.get("categories")
    return (
        set(op) == {"op", "categories"}
        and op["op"] == OP
        and isinstance(cats, list)
        and bool(cats)
        and all(c in CATEGORIES for c in cats)
        and len(set(cats)) == len(cats)
    )


def words(eff: dict[str, Any]) -> str | None:
    """The effect in English, or None when it is not this module's shape."""
    if not ok(eff):
        return None
    listed = eff["do"][0]["categories"]
    cats = " or ".join(listed)
    article = "an" if listed[0] in ("ET", "OT", "MA") else "a"
    return (
        f"While this is in {_WORDS[eff['while']]}, your opponent is restricted: when it puts "
        f"{article} {cats} card released into its own command zone (a charge too), that card is "
        "held."
    )


def placed(eng: RangersStrikeEngine, pid: str, index: int) -> None:
    """``pid`` has just put the card at ``index`` of its command zone there released: the
    restrictions of opposing units in place hold it (module docstring)."""
    st = eng.state
    cmd = st.players[pid].command[index]
    # only the cards whose code has such an effect are read (codes_where, shared: the
    # definition alone); none in the game: nothing holds it (every command placed asks)
    codes = eng.codes_where("placed_held effect", _has_effect, shared=True)
    if not codes:
        return
    code_of = st.code_of
    category = st.card(cmd.card).category
    for q in st.order:
        if q == pid:
            continue
        for area in ("rush", "battle"):
            for unit in st.players[q].area(area):
                if code_of[unit.card] not in codes:
                    continue
                d = st.card(unit.card)
                if not d.is_unit or cmd.held:
                    continue
                for eff in d.effects:
                    if not (is_effect(eff) and ok(eff)) or area not in _WHERE[eff["while"]]:
                        continue
                    if category not in eff["do"][0]["categories"]:
                        continue
                    if pid not in eng.opponent_players(q):
                        continue
                    _hold(eng, pid, q, unit.card, cmd)
                    break


def _has_effect(d: CardDef) -> bool:
    """Whether card ``d`` is a unit with an effect of this module's (those :func:`placed`
    reads)."""
    return d.is_unit and any(is_effect(eff) and ok(eff) for eff in d.effects)


def _hold(eng: RangersStrikeEngine, pid: str, q: str, by: str, cmd: Any) -> None:
    from judge.games.rangers_strike import placed_watch  # RS-PLACED-HELD-WATCH

    cmd.held = True
    placed_watch.placed(eng, [(pid, cmd.card)], "released_then_held")
    said = f"{eng.name(cmd.card)} goes released into {pid}'s command zone"
    eng.event(
        "hold",
        f"{eng.name(cmd.card)} in {pid}'s command zone is held ({eng.name(by)}'s restriction).",
        player=pid,
        card=cmd.card,
    )
    tag = ""
    if len(eng.allies(pid)) > 1:
        tag = f" (相手 read as rule option tag_opponent {eng.options.get('tag_opponent', 'target_player')})"
    eng.ctx.ruling(
        RULE,
        f"{said} while {eng.name(by)} is in {q}'s area: {pid} is restricted{tag}, and that card "
        "is held.",
    )
