"""A Union Arena card's reading rendered back in plain English (``judge cards show``).

The English is generated from the definition the engine executes (:func:`card_def`: the
effects read from the printed text, or written by hand), never from stored text, so it says
what the engine will do: the timing, cost, conditions, each choice and each op
(:mod:`judge.games.union_arena.effects`, ``targets``, ``conditions``, ``look``).  A field the
renderer does not know is shown raw and flagged ``(not rendered)``, never dropped; an effect
the engine cannot execute, or a continuous one it does not count, says so.  Pure: no I/O.

>>> render_effect({"when": "on_play", "do": [{"op": "bp", "amount": -1000, "target":
...     {"side": "opponent", "zone": "front_line", "count": 1, "up_to": True}}]})
'On play: choose up to 1 opposing front-line character; it gets BP −1000 until end of turn.'
"""

from __future__ import annotations

from typing import Any

from judge.core.textread import unread_part
from judge.games.union_arena import (
    effects,
    facedown,
    nextap,
    only_if,
    raid_only,
    rested_by,
    textmodes,
    this_turn,
    unchoosable,
)
from judge.games.union_arena.cards import CardDef
from judge.games.union_arena.coverage import understanding
from judge.games.union_arena.render_words import (  # noqa: F401 (re-exported)
    CARD_ZONE_KEYS,
    COLOUR_WORDS,
    FLAG,
    SELECTOR_KEYS,
    ZONE_WORDS,
    _alternative,
    _amount,
    _continuous,
    _cost,
    _leftover,
    _per,
    _plural,
    card_conditions,
    condition,
    raw,
    selector,
)

TIMING_WORDS = {
    "on_play": "On play",
    "activate_main": "Activated (main phase)",
    "on_attack": "When this attacks",
    "on_block": "When this blocks",
    "not_blocked": "When this attacks and is not blocked",
    "on_retire": "When this is retired",
    "win_battle": "When this wins a battle",
    "lose_battle_attacking": "When this attacks and loses the battle",
    "battle_end": "At the end of this card's battle",
    "end_phase_start": "At the start of the end phase",
    "blocked": "When this attacks and is blocked",
    "win_battle_attacking": "When this attacks and wins the battle",
    "win_battle_blocking": "When this blocks and wins the battle",
    "attack_phase_end": "At the end of your attack phase",
    "each_attack_phase_end": "At the end of each player's attack phase",
    "attack_phase_start": "At the start of this turn's attack phase",
    "own_milled": "When this card goes from your deck into your outside area by your own effect",
    "continuous": "Continuous",
}
#: the ops of continuous effects (``when`` ``continuous``), beside :data:`effects.OPS`
CONTINUOUS_OPS = ("generate", "reduce_energy", "reduce_ap", "bp", "grant", "enters_active")
CONTINUOUS_OPS += ("play_only_if", facedown.STAYS, unchoosable.OTHERS, raid_only.OP)
CONTINUOUS_OPS += ("reduce_hand_energy",)
COND_OP_KEYS = ("if", "if_chosen", "if_done", "if_none_before", "if_taken")
OP_KEYS = {
    "draw": {"n", "as_many"},
    "opponent_draw": {"n"},
    "discard_all": set(),
    "bp": {"amount", "target", "until", "per"},
    "grant": {"keyword", "target", "until"},
    "rest": {"target"},
    "activate": {"target"},
    "retire": {"target", "at"},
    "to_hand": {"target"},
    "remove": {"target"},
    "to_deck_bottom": {"target"},
    "to_deck_top": {"target"},
    "self_to_hand": set(),
    "discard": {"n", "if_taken", "card"},
    "look": {"n", "take", "rest", "reveal", "to"},
    "generate": {"color", "n", "until", "target"},
    "at_attack_start": {"do"},
    "modes": {"n", "up_to", "modes"},
    "mill": {"n", "up_to"},
    "move_line": {"to", "target"},
    "swap": {"target", "with"},
    "pick_swap": {"target"},
    "play": {"target", "to", "rested", "when_played"},
    "no_activate": {"target"},
    "put_under": {"n", "target"},
    "pick_under": {"target"},
    "move_under": {"target"},
    "under_to_outside": {"target"},
    "self_under": {"target"},
    "ap_less_next": {"n", "card"},
}
CONTINUOUS_KEYS = {
    "generate": {"color", "n", "if", "target", "where"},
    "reduce_energy": {"color", "n", "if_any"},
    "reduce_hand_energy": {"card", "color", "n", "during"},
    "reduce_ap": {"n", "if"},
    "bp": {"amount", "target", "during", "if", "if_outside", "where", "per", "if_any"},
    "grant": {"keyword", "target", "during", "if", "if_outside", "where", "if_any"},
    "enters_active": set(),
    raid_only.OP: set(),
    "play_only_if": {"if"},
    facedown.STAYS: {"if"},
    unchoosable.OTHERS: {"kind", "where", "not_name"},
}
EFFECT_KEYS = {"when", "optional", "raid_only", "once_per_turn", "cost", "where", "only_if"}
EFFECT_KEYS |= {"do", "text", "once_name"}
#: where a card an effect plays goes ("自分の場に": the player's choice)
PLAY_TO = {
    "field": "your field (the front line or the energy line, your choice)",
    "front_line": "your front line",
    "energy_line": "your energy line",
}


class _Context:
    """What the ops before have chosen (for ``chosen`` targets and pronouns)."""

    def __init__(self) -> None:
        self.several = False
        self.played = False  # the last choice was of a card to play ("そのキャラ": it)


def _target(op: dict[str, Any], ctx: _Context) -> tuple[str, str, bool]:
    """(prelude, the target as words, plural) of an op's ``target``."""
    target = op.get("target", "self")
    if target == "self":
        return "", "this card", False
    if target == "chosen" and ctx.played:
        return "", "the card played", False
    if target == "chosen":
        return "", ("the chosen cards" if ctx.several else "the chosen card"), ctx.several
    if not isinstance(target, dict):
        return "", raw({"target": target}), False
    if target.get("all"):
        words, _ = selector(target)
        return "", words, False
    words, several = selector(target)
    ctx.several = several
    ctx.played = op.get("op") == "play"
    return f"{words}; ", ("them" if several else "it"), several


def _subject(words: str) -> str:
    return {"it": "it", "them": "they"}.get(words, words)


def _until(op: dict[str, Any]) -> str:
    until = op.get("until", "turn")
    if until in effects.UNTIL:
        return effects.until_text(until, "you").replace("you's", "your")
    return raw({"until": until})


def _prefix(op: dict[str, Any]) -> str:
    bits = []
    if "if" in op:
        bits.append(f"if {condition(op['if'])}")
    if "if_chosen" in op:
        bits.append(f"if a chosen card is {_alternative(op['if_chosen'])}")
    if op.get("if_done"):
        bits.append("if you did")
    if op.get("if_none_before"):
        bits.append("if none could be chosen")
    return "".join(f"{b}, " for b in bits) + _if_taken(op.get("if_taken"))


def render_op(op: Any, ctx: _Context | None = None, when: str | None = None) -> str:
    """One op in words (continuous ones when ``when`` is ``continuous``)."""
    ctx = ctx or _Context()
    if (
        not isinstance(op, dict)
        or op.get("op") not in OP_KEYS
        and (when != "continuous" or op.get("op") not in CONTINUOUS_KEYS)
    ):
        return raw(op if isinstance(op, dict) else {"op": op})
    kind = op["op"]
    keys = CONTINUOUS_KEYS[kind] if when == "continuous" else OP_KEYS[kind]
    extra = _leftover(
        op, {"op", *keys, *(() if when == "continuous" else (*COND_OP_KEYS, "instead_op"))}
    )
    if when != "continuous" and "instead_op" in op:
        extra = _instead_op(op["instead_op"]) + extra
    if when == "continuous":
        return _continuous(op) + extra
    pre = _prefix(op)
    if kind in ("pick_under", "move_under") and isinstance(op.get("target"), dict):
        words, _ = selector(op["target"], verb="")
        if kind == "pick_under":  # facedown.py (UA-EFFECT-MOVE-UNDER)
            return f"{pre}choose {words.strip()}{extra}"
        return f"{pre}move a face-down card from under it to under {words.strip()}{extra}"
    if kind == "draw" and op.get("as_many") is True and "n" not in op:
        return f"{pre}draw as many cards as were put on the bottom of your deck{extra}"
    if kind == "draw":
        n = op.get("n", 1)
        return f"{pre}draw {n} {_plural(n, 'card')}{extra}"
    if kind == "ap_less_next":  # UA-EFFECT-AP-LESS-NEXT
        card = op.get("card") if isinstance(op.get("card"), dict) else {}
        text = (
            f"{pre}this turn, the next {nextap.describe(card)} you use from your hand "
            f"(play, raid or event) costs {op.get('n')} AP less (not below 0)"
        )
        return (
            text + extra if nextap.op_ok(op) else f"{text}{extra} — not carried out by the engine"
        )
    if kind == "self_to_hand":
        return f"{pre}put this card from your outside area into your hand{extra}"
    if kind == "discard_all":
        return f"{pre}put your whole hand into the outside area{extra}"
    if kind == "opponent_draw":
        n = op.get("n", 1)
        return f"{pre}your opponent draws {n} {_plural(n, 'card')}{extra}"
    if kind == "discard":
        n = op.get("n", 1)
        ctx.several = n != 1
        card = op.get("card") if isinstance(op.get("card"), dict) else {}
        what = (card.get("color", "") + " " if "color" in card else "") + _plural(n, "card")
        if "card_type" in card:  # "自分の手札のイベントカードを": the type is the noun
            what = what.replace("card", f"{card['card_type']} card")
        asked = card_conditions({k: v for k, v in card.items() if k not in ("color", "card_type")})
        return f"{pre}put {n} {what}{asked} from your hand into the outside area{extra}"
    if kind == "look":
        return pre + _look(op) + extra
    if kind == "mill":
        return pre + _mill(op) + extra
    if kind == "at_attack_start":
        nested = op.get("do")
        body = (
            "; ".join(render_op(o, _Context()) for o in nested)
            if isinstance(nested, list)
            else raw({"do": nested})
        )
        return f"{pre}at the start of this turn's attack phase: {body}{extra}"
    if kind == "modes":
        return pre + _modes(op) + extra
    lead, obj, several = _target(op, ctx)
    subj = _subject(obj)
    s = "" if several else "s"
    if kind == "bp" and "per" in op:  # "…1枚につき": counted as it resolves (UA-EFFECT-BP-PER)
        text = (
            f"{subj} get{s} BP {_amount(op.get('amount'))}{_per(op)} (counted as it resolves)"
            f" {_until(op)}"
        )
    elif kind == "bp":
        text = f"{subj} get{s} BP {_amount(op.get('amount'))} {_until(op)}"
    elif kind == "grant":
        text = f"{subj} gain{s} “{op.get('keyword')}” {_until(op)}"
    elif kind == "rest":
        text = f"rest {obj}"
    elif kind == "activate":
        text = f"make {obj} active"
    elif kind == "retire" and op.get("at") == "attack_phase_end":
        text = (
            f"{subj} gain{s} until end of turn “At the end of the attack phase, retire this "
            "card.” (it does nothing if the card has left the field)"
        )
    elif kind == "retire":
        text = f"retire {obj} (to the outside area)"
        if "at" in op:
            at = op["at"]
            text += (
                " when this main phase ends" if at == "main_phase_end" else f" {raw({'at': at})}"
            )
    elif kind == "to_hand":
        text = f"return {obj} to {'their' if several else 'its'} owner's hand"
    elif kind == "remove":
        text = f"remove {obj} (to the removal area)"
    elif kind == "to_deck_bottom" and _zone(op) == "hand":  # the order the log names them
        text = f"put {obj} on the bottom of your deck in the order chosen"
    elif kind == "to_deck_bottom":
        text = f"put {obj} on the bottom of {'their' if several else 'its'} owner's deck"
    elif kind == "to_deck_top":  # "自分の場外から…を1枚まで自分の山札の上に置く" (decktop.py)
        text = f"put {obj} on the top of your deck"
    elif kind == "move_line":
        text = _move_line(op, obj, several)
    elif kind == "swap":  # swap.py (UA-EFFECT-SWAP)
        other = "the card chosen before" if op.get("with") == "chosen" else "this card"
        text = (
            f"{obj} and {other} swap positions (each moves to the other's line at the same "
            "time; no card goes to the removal area)"
        )
    elif kind == "pick_swap":  # swap.py: the first of the two that swap
        text = f"{obj} is chosen (to swap positions)"
    elif kind == "play":
        to = PLAY_TO.get(op.get("to"), raw({"to": op.get("to")}))
        how = {True: "rested", False: "active"}.get(
            op.get("rested"), raw({"rested": op.get("rested")})
        )
        met = isinstance(op.get("target"), dict) and op["target"].get("energy_met")
        checked = (
            "its required energy met by your energy line" if met else "required energy not checked"
        )
        text = f"play {obj} to {to}, {how} (no AP paid, {checked})"
        if op.get("when_played") is False:
            text += f"; {'their' if several else 'its'} when-played effects do not activate"
    elif kind == "self_under":  # facedown.py (UA-EFFECT-SELF-UNDER)
        text = f"put this card (from your outside area) face down under {obj}"
    elif kind == "under_to_outside":  # facedown.py (UA-EFFECT-UNDER-TO-OUTSIDE)
        text = f"put a face-down card from under {obj} into your outside area"
    elif kind == "put_under":  # facedown.py (UA-EFFECT-PUT-UNDER): one card
        text = (
            f"put the top card of your deck face down under {obj} (no player sees it)"
            if op.get("n") == 1
            else raw(op)
        )
    elif kind == "no_activate":
        text = (
            f"{subj} do{'' if several else 'es'} not become active the next time "
            f"{'their' if several else 'its'} controller's cards do"
        )
    else:  # generate
        n = op.get("n", 1)
        text = f"{subj} generate{s} {n} more {op.get('color')} energy {_until(op)}"
    return f"{pre}{lead}{text}{extra}"


#: what an op does to a chosen card, said after it ("…; if X, it is retired instead")
_INSTEAD_WORDS = {
    "retire": "it is retired (to the outside area)",
    "to_hand": "it is returned to its owner's hand",
    "rest": "it is rested",
    "remove": "it is removed (to the removal area)",
}


def _instead_op(alt: Any) -> str:
    if not isinstance(alt, dict) or alt.get("op") not in _INSTEAD_WORDS or set(alt) != {"if", "op"}:
        return f" {raw({'instead_op': alt})}"
    return f" (if {condition(alt['if'])}, {_INSTEAD_WORDS[alt['op']]} instead)"


#: where ``move_line`` sends a card, in words
MOVE_WORDS = {
    "other": "the other line",
    "energy_line": "the energy line",
    "front_line": "the front line",
}


def _move_line(op: dict[str, Any], obj: str, several: bool) -> str:
    """ "別のラインに移動させる": the move, and what a full line does first (UA-LINE-LIMIT)."""
    to = op.get("to")
    if to not in MOVE_WORDS:
        return f"move {obj} {raw({'to': to})}"
    whose = "their" if several else "its"
    return (
        f"move {obj} to {MOVE_WORDS[to]} of {whose} owner's field (the same card, as it was); "
        "if that line is full, its owner first puts one card of it into the removal area"
    )


def _if_taken(cond: Any) -> str:
    """ "手札に加えた場合" (a card was taken), "<条件>のカードを手札に加えた場合"."""
    if not cond:
        return ""
    if not isinstance(cond, dict):
        return "if you took a card, " if cond is True else f"{raw({'if_taken': cond})} "
    bits = []
    if "energy_min" in cond:
        bits.append(f"with required energy {cond['energy_min']} or more")
    if cond.get("has_trigger") is not None:
        bits.append("with a trigger" if cond["has_trigger"] else "without a trigger")
    rest = _leftover(cond, {"energy_min", "has_trigger"})
    return f"if you took a card {' and '.join(bits)}{rest}, "


def _zone(op: dict[str, Any]) -> Any:
    target = op.get("target")
    return target.get("zone") if isinstance(target, dict) else None


def _look(op: dict[str, Any]) -> str:
    n = op.get("n")
    if "take" not in op and "to" not in op and op.get("rest") in ("top", "one_top"):
        look = f"look at the top {n} {_plural(n, 'card')} of your deck; "
        if op["rest"] == "top":  # "望む順で山札の上に置く"
            return f"{look}put them back on the top of your deck in any order"
        return (
            f"{look}put 1 of them on the top of your deck and the rest on the bottom in any order"
        )
    if op.get("rest") in ("top_or_bottom", "top_or_outside") and "take" not in op:
        look = f"look at the top {n} {_plural(n, 'card')} of your deck; "
        if n == 1 and op["rest"] == "top_or_bottom":
            return f"{look}put it on the top or the bottom of your deck"
        if n == 1:
            return f"{look}put it on the top of your deck or into the outside area"
        rest = (
            "on the bottom of your deck in any order"
            if op["rest"] == "top_or_bottom"
            else "into the outside area"
        )
        return (
            f"{look}put any number of them on the top of your deck in any order and the rest {rest}"
        )
    take = op.get("take") if isinstance(op.get("take"), dict) else {}
    count = take.get("count", 1)
    how = f"up to {count}" if take.get("up_to") else f"{count}"
    # with no card type the engine takes a card of any type (look.take_mismatch)
    noun = take.get("card_type", "card")
    colour = f"{take['color']} " if "color" in take else ""
    what = f"{how} {colour}{_plural(count, noun)}{card_conditions(take)}"
    if take.get("distinct_names"):  # "異なるカード名の…それぞれ1枚ずつ"
        what += " of different card names"
    if take.get("if_able"):
        what += " (as many as there are, up to that many)"
    shown = "revealed, " if op.get("reveal", True) else "unrevealed, "
    rest = op.get("rest")
    after = {
        "bottom": "; put the rest on the bottom of your deck in any order",
        "top": "; put the rest back on the top of your deck in any order",
    }.get(rest, f"; {raw({'rest': rest})}")
    took = f"take {what} among them, {shown}into your hand"
    if op.get("to") == "outside" and "reveal" not in op:  # public there: no "revealed"
        took = f"put {what} among them into the outside area"
    elif "to" in op:
        took += f" {raw({'to': op['to']})}"
    extra = _leftover(take, effects.TAKE_KEYS | {"if_able"}) if take else ""
    if not isinstance(op.get("take"), dict):
        extra += f" {raw({'take': op.get('take')})}"
    return f"look at the top {n} {_plural(n, 'card')} of your deck; {took}{after}{extra}"


def _mill(op: dict[str, Any]) -> str:
    """ "自分の山札の上から3枚を場外に置く" / "…2枚まで…" (UA-EFFECT-DECK-TO-OUTSIDE)."""
    n = op.get("n", 1)
    if op.get("up_to"):
        return (
            f"put up to {n} {_plural(n, 'card')} from the top of your deck into your outside "
            "area (you choose how many)"
        )
    top = "the top card" if n == 1 else f"the top {n} cards"
    return f"put {top} of your deck into your outside area"


def _modes(op: dict[str, Any]) -> str:
    """ "以下から1つ選ぶ": the choice, then each listed effect, numbered as the log names them."""
    n, listed = op.get("n", 1), op.get("modes")
    if not isinstance(listed, list):
        return raw({"modes": listed})
    how = f"up to {n}" if op.get("up_to") else f"{n}"
    each = " ".join(
        f"({k}) " + (_listed(m) if isinstance(m, list) else raw(m)) for k, m in enumerate(listed, 1)
    )
    return f"choose {how} of the following, each at most once: {each}"


def _listed(mode: list[Any]) -> str:
    """One effect listed; "you may …" when it is optional (``may`` on its first op, textmodes.py:
    chosen, the player may still decline it, and what follows "if you did" needs it used)."""
    first = mode[0] if mode else None
    if isinstance(first, dict) and first.get(textmodes.MAY) is True:
        rest = "; ".join(render_op(o, _Context()) for o in mode[1:])
        return f"you may {render_op(textmodes.without_may([first])[0], _Context())}; {rest}"
    return "; ".join(render_op(o, _Context()) for o in mode)


def render_effect(effect: Any) -> str:
    """One effect in words, ending with a full stop."""
    if not isinstance(effect, dict):
        return raw({"effect": effect})
    when = effect.get("when")
    head = TIMING_WORDS.get(when, raw({"when": when}) if when is not None else "No timing")
    by = effect.get("by")
    keys = EFFECT_KEYS
    if when == "own_win_battle_attacking" and isinstance(by, dict) and set(by) == {"trait"}:
        # UA-TRIGGER-OWN-WIN-ATTACKING: whose win it waits for
        head = f"When any of your [{by['trait']}] cards attacks and wins the battle"
        keys = EFFECT_KEYS | {"by"}
    elif when == "other_line_enters" and isinstance(by, dict) and set(by) == {"name"}:
        # UA-TRIGGER-OTHER-LINE-ENTERS: whose entering it waits for
        head = f"When <{by['name']}> enters your line other than this card's"
        keys = EFFECT_KEYS | {"by"}
    quals = []
    if effect.get("raid_only"):
        quals.append("only when this card was raided")
    if effect.get("where") in effects.WHERE and when != "activate_main":  # UA-TRIGGER-WHERE
        quals.append(f"only if this card is in the {effect['where'].replace('_', ' ')}")
    elif effect.get("where") in effects.WHERE:
        quals.append(f"only while this card is in the {effect['where'].replace('_', ' ')}")
    elif "where" in effect:
        quals.append(raw({"where": effect["where"]}))
    if "only_if" in effect:  # UA-EFFECT-ONLY-IF: read as it is used
        cond = effect["only_if"]
        plain = ("active", this_turn.RESTED, rested_by.ONLY_IF)
        words = only_if.describe(cond) if cond in plain else condition(cond)
        quals.append(f"usable only if {words}")
    if effect.get("once_per_turn"):
        quals.append("once per turn")
    if isinstance(effect.get("once_name"), str):  # UA-EFFECT-ONCE-NAME
        quals.append(
            f"once per turn for this effect of all your cards named <{effect['once_name']}>"
        )
    if quals:
        head += f" ({'; '.join(quals)})"
    ops = effect.get("do")
    if not isinstance(ops, list) or not ops:
        # a stand-in of an unsupported card, or an effect with no ops: never executed
        return (
            f"{head}: not executed — the engine cannot execute this ability (the step is "
            f"unverifiable, UA-EFFECT-UNSUPPORTED)."
            + _leftover(effect, {*EFFECT_KEYS, "unread", "continuous"})
        )
    ctx = _Context()
    body = ""
    optional = bool(effect.get("optional"))
    rest_ops = list(ops)
    if "cost" in effect:
        body += _cost(effect["cost"], optional and when != "activate_main")
    elif optional and effects.optional_mill(effect):
        # "自分の山札の上から1枚を場外に置いてもよい": the ops after it say "if you did"
        body += f"you may {render_op(rest_ops[0], ctx, when)}; "
        rest_ops = rest_ops[1:]
    elif optional and effects.optional_draw(effect):
        # "カードを1枚引いてもよい": the ops after it say "if you did"
        body += f"you may {render_op(rest_ops[0], ctx, when)}; "
        rest_ops = rest_ops[1:]
    elif optional and effects.optional_discard(effect):
        n = effects.optional_discard(effect)
        # the ops after it carry if_done, and say "if you did" themselves
        first = dict(rest_ops[0])
        if "if" in first:  # "<clause>場合、自分の手札を1枚場外に置いてもよい": offered only then
            body += f"if {condition(first.pop('if'))}, "
        body += f"you may {render_op(first, ctx, when)}; "
        rest_ops = rest_ops[1:]
        ctx.several = n != 1
    elif optional:
        body += "you may use this effect: "
    body += "; ".join(render_op(op, ctx, when) for op in rest_ops)
    text = f"{head}: {body}{_leftover(effect, keys)}."
    if when != "continuous" and not effects.supported(effect):
        text += " The engine cannot execute this effect (unverifiable, UA-EFFECT-UNSUPPORTED)."
    return text


def _raid(raid: Any) -> str:
    if not isinstance(raid, dict):
        return raw({"raid": raid})
    onto = raid.get("onto")
    alts = onto if isinstance(onto, list) else [onto]
    words = []
    for d in alts:
        if isinstance(d, dict) and set(d) == {"name"}:
            words.append(f"<{d['name']}>")
        elif isinstance(d, dict) and set(d) == {"trait"}:
            words.append(f"a character with [{d['trait']}]")
        elif isinstance(d, dict) and set(d) == {"name_contains"}:
            words.append(f"a character whose name contains “{d['name_contains']}”")
        else:
            words.append(raw({"onto": d}))
    return "Raid onto " + " or ".join(words) + _leftover(raid, {"onto"}) + "."


def render_card(defn: dict[str, Any]) -> dict[str, Any]:
    """A definition's printed text beside its reading: ``code``, ``name``, ``type``,
    ``text`` (printed, or None), ``understood``, ``status``, ``reading`` (sentences in
    English, from the definition the engine executes), and for a card not understood the
    ``unread`` sentences and ``reasons``."""
    d = CardDef.from_dict(defn)
    u = understanding(defn)
    reading = [render_effect(e) for e in d.effects]
    words = list(d.raw.get("keywords") or [])
    if words:
        reading.insert(0, "Keywords: " + ", ".join(f"“{w}”" for w in words) + ".")
    if d.raid is not None:
        reading.append(_raid(d.raid))
    if d.also_treated_as:
        reading.append("Also treated as " + " and ".join(f"<{n}>" for n in d.also_treated_as) + ".")
    if not reading:
        reading.append("No effects (a vanilla card).")
    out: dict[str, Any] = {
        "code": d.code,
        "name": d.name,
        "type": d.type,
        "text": defn.get("text"),
        "understood": u.understood,
        "status": {
            "no_text": "understood: effects written by hand (no printed text)"
            if d.effects
            else "understood: no printed text",
            "effects_given": "understood: effects written by hand",
            "text_read": "understood: printed text read in full",
            "not_understood": "not understood: unsupported",
        }[u.kind],
        "reading": reading,
    }
    if not u.understood:
        out.update(
            unread_part(
                u,
                "the reader cannot read these sentences into effects the engine executes "
                "exactly: each ability is a text-only effect, the step where it resolves is "
                "unverifiable (UA-EFFECT-UNSUPPORTED) and later steps that could depend on "
                "it uncertain",
            )
        )
    return out
