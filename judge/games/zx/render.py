"""A Z/X card's reading rendered in plain English (``judge cards show``).

The English is made from what the engine executes (the keywords and effects written by hand,
else those read from the printed text by :mod:`judge.games.zx.reader`), never from stored
text.  A keyword, key or op the renderer does not know is shown raw and flagged
``(not rendered)``, never dropped.  Pure.

>>> render_effect({"when": "appear", "do": [{"op": "power", "n": 2000, "target": {"side": "any"}}]})
'When this Z/X appears: choose 1 Z/X on a square; it gets power +2000 until the end of the turn.'
"""

from __future__ import annotations

import json
from typing import Any

from judge.core.textread import STATUS, unread_part
from judge.games.zx.coverage import understanding
from judge.games.zx.effects import static_power_effect
from judge.games.zx.reader import read_card

FLAG = "(not rendered)"
_KEYWORDS = {
    "start_card": "Start card (ZX-START-CARD)",
    "life_recovery": "Life Recovery (ZX-LIFE-RECOVERY)",
    "void_bringer": "Void Bringer (ZX-VOID-BRINGER)",
    "range inf": "Range ∞ (ZX-RANGE)",
}
_WHEN = {"appear": "When this Z/X appears", "attack": "When this Z/X attacks"}
_WHEN["play"] = "When this event is played"
_WHEN["evol_seed"] = "Evol Seed (when this card is put from the deck into the trash)"
_SIDES = {"any": "Z/X", "own": "of your Z/X", "opponent": "opposing Z/X"}
_TARGET_KEYS = {"side", "square", "cost_max"}


def raw(what: Any) -> str:
    return f"{FLAG} {json.dumps(what, ensure_ascii=False, sort_keys=True)}"


def render_keyword(word: str) -> str:
    if word.startswith("range ") and word[6:].isdigit():
        return f"Range {word[6:]} (ZX-RANGE)"
    return _KEYWORDS.get(word) or raw(word)


def render_op(op: Any) -> str:
    """One op in English (the ops this reader reads; any other raw, flagged)."""
    if not isinstance(op, dict):
        return raw(op)
    kind, n = op.get("op"), op.get("n")
    if kind == "self_power" and set(op) <= {"op", "n"} and isinstance(n, int):
        return f"this card gets power {n:+d} until the end of the turn"
    chosen = render_target(op.get("target"))
    if chosen is None or set(op) - {"op", "n", "target"}:
        return raw(op)
    if kind == "power" and isinstance(n, int):
        return f"choose {chosen}; it gets power {n:+d} until the end of the turn"
    if kind == "damage" and isinstance(n, int):
        return f"choose {chosen}; deal {n} damage to it"
    if kind == "destroy" and n is None:
        return f"choose {chosen}; destroy it"
    return raw(op)


def render_target(target: Any) -> str | None:
    """``1 Z/X on a square`` as a target names it (ZX-TARGET, -NORMAL-SQUARE, -COST), or
    None for a target with a key this does not know."""
    if not isinstance(target, dict) or set(target) - _TARGET_KEYS:
        return None
    side = _SIDES.get(target.get("side", "opponent"))
    cost = target.get("cost_max")
    square = target.get("square")
    if side is None or square not in (None, "normal") or not isinstance(cost, int | None):
        return None
    where = "a normal square (not a player square)" if square else "a square"
    costs = f" of cost {cost} or less" if cost is not None else ""
    return f"1 {side}{costs} on {where}"


def render_effect(effect: dict[str, Any]) -> str:
    """One effect in English: its timing, then its ops."""
    if static_power_effect(effect) and set(effect) <= {"when", "resources_min", "do", "text"}:
        n = sum(op["n"] for op in effect["do"])
        return (
            f"While this Z/X is on a square and you have {effect['resources_min']} or more cards "
            f"in your resource zone, it has power +{n}."
        )
    when = _WHEN.get(effect.get("when"))  # type: ignore[arg-type]
    extra = set(effect) - {"when", "do", "text"}
    if when is None or extra or not isinstance(effect.get("do"), list):
        return raw({k: v for k, v in effect.items() if k != "text"})
    return f"{when}: " + "; ".join(render_op(op) for op in effect["do"]) + "."


def render_card(defn: dict[str, Any]) -> dict[str, Any]:
    """A definition's printed text beside its reading: ``code``, ``name``, ``type``, ``text``
    (printed, or None), ``understood``, ``status``, ``reading`` (English), and for a card not
    understood ``unread`` and ``reasons``; ``text_ch`` when the definition has one."""
    u = understanding(defn)
    if defn.get("effects") or defn.get("keywords"):
        keywords, effects = list(defn.get("keywords") or ()), list(defn.get("effects") or ())
    else:
        reading = read_card(defn)
        keywords, effects = list(reading.keywords), list(reading.effects)
    shown = [render_effect(e) for e in effects]
    if keywords:
        shown.insert(0, "Keywords: " + "; ".join(render_keyword(w) for w in keywords) + ".")
    out: dict[str, Any] = {
        "code": defn.get("code"),
        "name": defn.get("name") or defn.get("code"),
        "type": defn.get("type", "zx"),
        "text": defn.get("text"),
        "understood": u.understood,
        "status": STATUS[u.kind],
        "reading": shown or ["No effects."],
    }
    if defn.get("text_ch"):
        out["text_ch"] = defn["text_ch"]
    if not u.understood:
        out.update(
            unread_part(
                u,
                "the reader cannot read these lines into effects the engine executes exactly "
                "(ZX-TEXT-READ): the step where the card appears or is played is unverifiable "
                "and the later steps uncertain (ZX-TEXT-UNREAD)",
            )
        )
    return out
