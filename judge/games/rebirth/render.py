"""A Rebirth for you card's reading rendered in plain English (``judge cards show``).

The English is made from the definition the engine executes (:class:`CardDef`: the effects
read from the printed text, or written by hand), never from stored text, so it says what the
engine will do.  A key or op the renderer does not know is shown raw and flagged
``(not rendered)``, never dropped; an effect the engine cannot execute says so.  Pure.

>>> render_effect({"when": "spark", "do": [{"op": "heal", "n": 1}]})
'Spark: heal 1 (the last card put into your retire area goes to your waiting room).'
>>> render_effect({"when": "rebirth_area", "do": [{"op": "mod", "atk": 1, "def": 0}]})
'While this Rebirth card is in your Rebirth area: your entry character gets ATK +1 / DEF +0.'
"""

from __future__ import annotations

import json
from typing import Any

from judge.core.textread import STATUS, unread_part
from judge.core.wording import noun_for, plural
from judge.games.rebirth import effects
from judge.games.rebirth.cards import CardDef
from judge.games.rebirth.coverage import understanding

FLAG = "(not rendered)"
_PLACES = {"entry": "the entry", "member": "a member square", "field": "the entry or a member"}
_PLACES["rebirth_area"] = "the Rebirth area"
_PLACES["waiting_room"] = "your waiting room"
_EFFECT_KEYS = {"when", "do", "text", "cost", "where", "per_turn", "optional", "count"}
_EFFECT_KEYS |= {"attribute", "attack", "showcase", "if_retire", "from", "own_attack"}
_EFFECT_KEYS |= {"showcase_attribute", "pay_self", "by_doing", "if", "recombo", "discard"}


def raw(what: Any) -> str:
    return f"{FLAG} {json.dumps(what, ensure_ascii=False, sort_keys=True)}"


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def render_op(op: Any, until_end: bool = True) -> str:
    """One op in English (R4U ops of :mod:`judge.games.rebirth.effects`)."""
    if not isinstance(op, dict):
        return raw(op)
    name = op.get("op")
    n = op.get("n", 1)
    count = op.get("count", 1)
    side = "opposing" if op.get("side", "opponent") == "opponent" else "your own"
    if name == "draw" and set(op) <= {"op", "n"}:
        return f"draw {_cards(n)}"
    if name == "heal" and set(op) <= {"op", "n"}:
        last = "the last card" if n == 1 else f"the last {n} cards"
        goes = "goes" if n == 1 else "go"
        return f"heal {n} ({last} put into your retire area {goes} to your waiting room)"
    if name == "mod" and op.get("until") == "attack" and set(op) <= {"op", "atk", "def", "until"}:
        return (
            f"the supported character (your entry) gets ATK {op.get('atk', 0):+d} / DEF "
            f"{op.get('def', 0):+d} during this attack"
        )
    if name == "mod" and set(op) == {"op", "atk", "def", "per"} and isinstance(op["per"], dict):
        per = op["per"]
        zone = {"hand": "your hand", "retire": "your retire area", "energy": "your energy"}
        tail = " until the end of the turn" if until_end else ""
        note = "; energy cards only, not partners" if per.get("zone") == "energy" else ""
        return (
            f"your entry character gets ATK {op.get('atk', 0):+d} / DEF {op.get('def', 0):+d} for "
            f"every {per.get('n')} cards in {zone.get(per.get('zone'), raw(per.get('zone')))} "
            f"(counted when it resolves{note}){tail}"
        )
    if name == "mod" and op.get("until") == "next_attack" and set(op) <= {
        "op", "atk", "def", "until"
    }:  # fmt: skip
        return (
            f"this character gets ATK {op.get('atk', 0):+d} / DEF {op.get('def', 0):+d} during "
            "the next attack it makes this turn as your entry"
        )
    if name == "mod" and set(op) <= {"op", "atk", "def", "side"}:
        tail = " until the end of the turn" if until_end else ""
        whose = "the opposing" if op.get("side", "own") == "opponent" else "your"
        return (
            f"{whose} entry character gets ATK {op.get('atk', 0):+d} / DEF "
            f"{op.get('def', 0):+d}{tail}"
        )
    if name == "discard_member" and set(op) <= {
        "op", "side", "zone", "count", "count_of", "up_to", "rested"
    }:  # fmt: skip
        zone = {"member": "member", "entry": "entry character", "field": "character"}.get(
            op.get("zone", "member"), raw(op.get("zone"))
        )
        rested = "rested " if op.get("rested") else ""
        what = f"{count} {side} {rested}{noun_for(count, zone)}"
        if op.get("up_to"):
            whose = "opposing" if op.get("side", "opponent") == "opponent" else "of your own"
            return (
                f"choose up to {count} {whose} {rested}{noun_for(count, zone)}; into the "
                "waiting room"
            )
        if op.get("count_of") == "own_retire":
            what = f"as many {side} {zone}s as your retire area holds cards"
        return f"choose {what} (all of them when fewer) and put them into the waiting room"
    if name == "energy_from_deck" and set(op) <= {"op", "n"}:
        return f"put the top {_cards(n)} of your deck into your energy area, rested"
    if name == "stand_partners" and set(op) == {"op"}:
        return "stand all of your partner cards"
    if name == "return_member" and set(op) <= {"op", "side", "count", "zone"}:
        whose = "your opponent's" if op.get("side", "opponent") == "opponent" else "your"
        return (
            f"choose {count} of {whose} members (all of them when fewer) and return them to "
            "their owner's hand"
        )
    if name == "rest" and set(op) <= {"op", "side", "count", "zone"}:
        return (
            f"choose {count} standing {side} {noun_for(count, 'member')} (all when fewer) "
            "and rest them"
        )
    if name == "rest" and set(op) <= {"op", "side", "count", "any_state"} and op.get("any_state"):
        return (
            f"choose {count} {side} {noun_for(count, 'member')}, standing or rested (all when "
            "fewer), and rest them"
        )
    if name == "bottom" and set(op) <= {"op", "count", "side", "zone", "rested"}:
        whose = {"own": "your own", "opponent": "opposing", "any": "either player's"}.get(
            op.get("side", "opponent"), raw(op.get("side"))
        )
        what = noun_for(count, "entry character" if op.get("zone") == "entry" else "member")
        rested = "rested " if op.get("rested") else ""
        tail = "; entry-in follows" if op.get("zone") == "entry" else ""
        return (
            f"choose {count} {whose} {rested}{what} (all when fewer) and put them onto the "
            f"bottom of their owner's deck{tail}"
        )
    if name == "rebirth_to_hand" and set(op) <= {"op", "count"}:
        return f"choose {plural(count, 'card')} of your Rebirth area (all when fewer); to your hand"
    if name == "to_energy" and set(op) <= {"op", "count", "from"}:
        src = "of your waiting room" if op.get("from") == "waiting_room" else "of your members"
        return (
            f"choose {plural(count, 'card')} {src} (all when fewer); into your energy area, rested"
        )
    if name == "salvage" and set(op) <= {"op", "type", "count"}:
        what = op.get("type") or "card"
        return f"choose {plural(count, what)} of your waiting room (all when fewer); to your hand"
    if name == "self_to_entry" and set(op) == {"op"}:
        return (
            "put this character from your waiting room into your entry (the character there "
            "to the waiting room, rule option place_occupied)"
        )
    if name == "extra_spark" and set(op) == {"op"}:
        return (
            "each spark of yours fires once more (this card's own spark, fired before it is "
            "set, not; R4U-TEXT-EXTRA-SPARK)"
        )
    if name == "no_move" and set(op) == {"op"}:
        return (
            "this turn this character (if still your entry) may not be moved onto a member "
            "square but by an effect (R4U-TEXT-NO-MOVE)"
        )
    if name == "unselectable" and set(op) == {"op"}:
        return "no effect of either player can choose it (R4U-TEXT-UNSELECTABLE)"
    if name == "any_copies" and set(op) == {"op"}:
        return "the main deck may hold this card in more than 4 copies (R4U-TEXT-ANY-COPIES)"
    if name == "self_to_member" and set(op) == {"op"}:
        return (
            "put this character from your entry onto an empty member square (if it is still "
            "your entry; entry-in follows)"
        )
    if name == "place_member" and set(op) <= {"op", "count", "type", "empty_only"}:
        n = op.get("count", 1)
        where = (
            "empty member squares"
            if op.get("empty_only")
            else "member squares (an occupied one as rule option place_occupied says)"
        )
        return (
            f"choose {plural(n, 'character')} of your waiting room (all when fewer) and put them "
            "onto "
            f"{where} of your choice"
        )
    if name == "one_of" and isinstance(op.get("options"), list):
        options = [
            " and ".join(render_op(x) for x in o) if isinstance(o, list) else raw(o)
            for o in op["options"]
        ]
        return "choose one: " + "; or ".join(f"({i}) {t}" for i, t in enumerate(options, 1))
    return raw(op)


def _showcase(effect: dict[str, Any], how: str) -> str:
    """An effect's skill showcase in English (empty when it has none)."""
    if "showcase" not in effect:
        return ""
    n = effect["showcase"]
    attr = effect.get("showcase_attribute")
    of = f" of [{attr}]" if attr else ""
    return (
        f" (skill showcase {n}{of}: {how} your members and retire area hold {n} or more cards{of})"
    )


def render_effect(effect: dict[str, Any]) -> str:
    """One effect in English: its timing, cost and ops."""
    when = effect.get("when")
    ops = effect.get("do")
    extra = {k: v for k, v in effect.items() if k not in _EFFECT_KEYS}
    tail = f" {raw(extra)}" if extra else ""
    if when == "spark":
        head = "Spark" + _showcase(effect, "fires only when")
    elif when == "activated":
        where = _PLACES.get(effect.get("where", "field"), raw(effect.get("where")))
        limit = f", at most {effect['per_turn']} a turn" if "per_turn" in effect else ""
        self_ = (
            ", and put this member onto the bottom of your deck"
            if effect.get("pay_self") == "deck_bottom"
            else ""
        )
        if effect.get("discard"):
            self_ += (
                f", and put {plural(effect['discard'], 'card')} of your hand into the waiting room"
            )
        head = (
            f"Activated (main phase, from {where}{limit}; cost: rest {effect.get('cost', 0)}"
            f"{self_})"
        )
    elif when == "on_set":
        head = "When this Rebirth card is set into your Rebirth area"
        if "if_retire" in effect:
            head += f", if your retire area holds {effect['if_retire']} or more cards"
    elif when == "rebirth_area":
        head = "While this Rebirth card is in your Rebirth area"
        if "attack" in effect:
            head += f", during attack number {effect['attack']} of each turn"
    elif when == "performance":
        attr = f" of [{effect['attribute']}]" if effect.get("attribute") else ""
        place = "a member" if effect.get("where") == "member" else "your entry"
        target = ", to your entry" if effect.get("where") == "member" else ""
        head = (
            f"Performance {effect.get('count')}{attr} (while this is {place} and your "
            f"members and retire area hold that many{target})"
        )
    elif when == "continuous" and effect.get("do") == [{"op": "unselectable"}]:
        place = "your entry" if effect.get("where") == "entry" else "a member"
        cond = (
            " and your opponent has an empty member square"
            if effect.get("if") == "opponent_member_empty"
            else ""
        )
        head = f"While this is {place}{cond}" + _showcase(effect, "while")
    elif when == "continuous":
        head = "While this is your entry"
        if "own_attack" in effect:
            head += f", during the attack number {effect['own_attack']} it makes each turn"
        head += _showcase(effect, "while")
    elif when == "on_defeat":
        head = (
            "When this character, as your entry, puts the opposing entry into the retire area "
            "by its attack (a partner attack: rule option defeat_by_partner)"
            + _showcase(effect, "triggers only when")
        )
    elif when == "deck":
        head = "Deck construction"
    elif when == "on_support":
        head = "When this member supports an attack (it is rested to declare it)"
        head += _showcase(effect, "triggers only when")
        pays = []
        if effect.get("cost"):
            pays.append(f"rest {effect['cost']} of your energy area")
        if effect.get("pay_self") == "deck_bottom":
            pays.append("put this member onto the bottom of your deck")
        if pays:
            how = " (rule option by_doing, R4U-TEXT-BY-DOING)" if effect.get("by_doing") else ""
            head += f"; you may {' and '.join(pays)}{how}; if you do"
    elif when in ("on_entry", "on_member"):
        src = {
            "hand": "the hand",
            "not_deck": "anywhere but the deck",
            "not_entry": "anywhere but the entry",
        }.get(effect.get("from"), raw(effect.get("from")))
        onto = "into your entry" if when == "on_entry" else "onto one of your member squares"
        head = f"When this character is put {onto} from {src}"
        head += _showcase(effect, "triggers only when")
    else:
        head = raw({"when": when})
    if "recombo" in effect:
        what = "a Rebirth card" if effect["recombo"] is True else f"《{effect['recombo']}》"
        head += f" [Re-combo: only while {what} is set in your Rebirth area]"
    if not isinstance(ops, list) or not ops:
        return (
            f"{head}: not executed — the engine cannot execute this ability (the step is "
            f"unverifiable, R4U-EFFECT-UNSUPPORTED).{tail}"
        )
    until_end = when in ("spark", "activated", "on_entry", "on_member", "on_defeat")
    body = "; ".join(render_op(op, until_end) for op in ops)
    if effect.get("by_doing") and when == "spark":  # the first op is its cost
        rest = "; ".join(render_op(op, until_end) for op in ops[1:])
        cost = render_op(ops[0], until_end).replace(" (all of them when fewer)", "")
        body = (
            f"you may pay: {cost}, exactly as many as named (rule option by_doing, "
            f"R4U-TEXT-BY-DOING); if you do: {rest}"
        )
    elif effect.get("optional") and when != "on_support":  # its head says what it costs
        body = f"you may use this effect: {body}"
    text = f"{head}: {body}.{tail}"
    if not effects.supported(effect):
        text += " The engine cannot execute this effect (unverifiable, R4U-EFFECT-UNSUPPORTED)."
    return text


_KEYWORD_WORDS = {
    "blocker": "Blocker (from the hand to the waiting room: one attack deals no damage)",
    "cancel": "Cancel (from the hand to the waiting room: stops one spark, or a cancel, as its "
    "printed line says, R4U-CANCEL)",
    "growing": "Growing (no effect of its own, R4U-TEXT-GROWING)",
}


def render_card(defn: dict[str, Any]) -> dict[str, Any]:
    """A definition's printed text beside its reading: ``code``, ``name``, ``type``,
    ``text`` (printed, or None), ``understood``, ``status``, ``reading`` (English, from the
    definition the engine executes), and for a card not understood ``unread`` and
    ``reasons``; ``text_en`` when the definition has an English text."""
    d = CardDef.from_dict(defn)
    u = understanding(defn)
    reading = [render_effect(e) for e in d.effects]
    if d.keywords:
        words = [_KEYWORD_WORDS.get(w, raw(w)) for w in d.keywords]
        reading.insert(0, "Keywords: " + "; ".join(words) + ".")
    if not reading:
        reading.append("No effects.")
    out: dict[str, Any] = {
        "code": d.code,
        "name": d.name,
        "type": d.type,
        "text": defn.get("text"),
        "understood": u.understood,
        "status": STATUS[u.kind],
        "reading": reading,
    }
    if defn.get("text_en"):
        out["text_en"] = defn["text_en"]
    if not u.understood:
        out.update(
            unread_part(
                u,
                "the reader cannot read these lines into effects the engine executes exactly: "
                "each ability is a text-only effect, the step where it would apply is "
                "unverifiable (R4U-EFFECT-UNSUPPORTED)",
            )
        )
    return out
