"""The structured effect vocabulary of Rebirth for you card text (``docs/rebirth.md``).

A card's ``effects`` is a list of effects, each with a ``when``:

- ``spark`` — fires when the card appears in the entry by an entry-in (R4U-SPARK), a Rebirth
  card's too (R4U-REBIRTH-ENTRY).
- ``activated`` — with ``cost`` (a number: the energy area's cards to rest, R4U-COST): used by
  its player with ``activate`` (R4U-ACTIVATE, R4U-ACTIVATE-TIMING); optional ``where``:
  ``entry`` | ``member`` | ``field`` (either; the default for a character) | ``rebirth_area``
  (the only place for a Rebirth card); optional ``per_turn`` n: a printed use limit
  (【ターン1】: 1), at most n uses a turn, counted as the rule option ``activate_limit`` says
  (R4U-ACTIVATE-LIMIT).
- ``rebirth_area`` — applies while the Rebirth card is in its owner's Rebirth area
  (R4U-REBIRTH-AREA); ops: ``mod`` (its owner's entry character).
- ``performance`` — with ``count`` and optionally ``attribute``: applies to the card while it is
  its owner's entry and the owner's members and retire area hold at least ``count`` cards (of
  ``attribute``) (R4U-PERFORMANCE); ops: ``mod``.  Optional ``where`` (read from printed text,
  R4U-TEXT-PERFORMANCE): ``entry`` (only while the card is the entry, whatever the rule option
  ``performance_from``) or ``member`` (its player's entry, only while the card is a member).
- ``on_entry`` — with ``from`` ``hand`` | ``not_deck``: triggers when the card is put into its
  player's entry from the hand / from anywhere but the deck (R4U-TEXT-ON-ENTRY); ops: ``mod``
  (this character, the entry it was put into, until the end of the turn); optional ``showcase``.
- ``continuous`` — with ``where`` ``entry`` and ``own_attack`` n: a character's change of itself
  while it is the entry, during the n-th attack it makes this turn (R4U-TEXT-OWN-ATTACK);
  optional ``showcase`` (while the count holds); ops: ``mod``.

Ops of ``spark`` and ``activated`` effects: ``draw`` ``n`` (its player draws n), ``heal`` ``n``
(the last n cards put into its player's retire area go to the waiting room), ``mod`` ``atk``,
``def`` (its player's entry character, until the end of the turn), and the ops with targets
(R4U-EFFECT-TARGETS): ``rest`` (standing members of ``side`` ``opponent`` (default) or
``own``, rested), ``discard_member`` (characters of ``side`` to the waiting room: of the
``zone`` ``member`` (default), ``entry`` (the entry character; entry-in follows) or ``field``
(the entry character or a member)), ``salvage``
(cards of the player's waiting room, of ``type`` if given, to the hand), each taking ``count``
(default 1) targets; and ``one_of`` ``options`` (lists of ops: the player chooses one, recorded
as ``choice``, 1-based).  An effect with ``optional`` true may be declined (``use`` false).

Read from printed text (``reader.py``, ``during.py``): ``return_member`` (members of ``side``
to their owner's hand) and ``stand_partners`` (every partner of its player stands); a spark's
``showcase`` n (R4U-TEXT-SHOWCASE), a Rebirth-area effect's ``attack`` n
(R4U-TEXT-NTH-ATTACK), a ``discard_member``'s ``count_of`` ``own_retire`` instead of ``count``
(R4U-TEXT-RETIRE-COUNT).

Anything else (an unknown ``when`` or ``op``, a ``text`` only) cannot be executed
(R4U-EFFECT-UNSUPPORTED) and can be recorded by an ``outcome`` (R4U-OUTCOME).

>>> supported({"when": "spark", "do": [{"op": "draw", "n": 1}]})
True
>>> supported({"when": "performance", "count": 3, "do": [{"op": "draw", "n": 1}]})
False
>>> needs_choice({"when": "spark", "do": [{"op": "rest", "count": 1}]})
True
>>> supported({"when": "activated", "cost": 1, "per_turn": 1, "do": [{"op": "draw"}]})
True
>>> supported({"when": "spark", "do": [{"op": "discard_member", "zone": "entry"}]})
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

WHENS = ("spark", "activated", "rebirth_area", "performance", "on_set", "on_entry", "continuous")
WHENS += ("on_support", "on_member", "deck", "on_defeat")
PLAIN_OPS = ("draw", "heal", "mod", "stand_partners", "energy_from_deck", "self_to_member")
PLAIN_OPS += ("no_move", "self_to_entry")
#: ops that take targets, and the zone they take them from
TARGET_OPS = {"rest": "member", "discard_member": "member", "salvage": "waiting_room"}
TARGET_OPS["return_member"] = "member"  # members to their owner's hand (R4U-TEXT-OPS-MORE)
TARGET_OPS["place_member"] = "waiting_room"  # onto member squares (to_member.py)
TARGET_OPS["bottom"] = "member"  # onto the deck's bottom (moves.py, R4U-TEXT-MOVES)
TARGET_OPS["to_energy"] = "member"  # into the energy area, rested (moves.py)
TARGET_OPS["rebirth_to_hand"] = "rebirth_area"  # a set Rebirth card back to the hand (moves.py)
ACTIVE_OPS = (*PLAIN_OPS, *TARGET_OPS, "one_of")
OPS_BY_WHEN = {
    "spark": ACTIVE_OPS,
    "activated": ACTIVE_OPS,
    "on_set": ACTIVE_OPS,  # a Rebirth card's "when this is set" (on_set.py, R4U-TEXT-ON-SET)
    "rebirth_area": ("mod", "extra_spark"),  # extra_spark: R4U-TEXT-EXTRA-SPARK
    "performance": ("mod",),
    # "when this character is put into the entry from …" (on_entry.py, R4U-TEXT-ON-ENTRY):
    # only a change of this character, the entry it was put into
    "on_entry": ACTIVE_OPS,  # a spark's sentences (R4U-TEXT-ON-ENTRY)
    "on_member": ACTIVE_OPS,
    # the entry's "when this character retires an opposing character" (R4U-TEXT-ON-DEFEAT):
    # a change of itself only, whatever the order with the opposing entry-in
    "on_defeat": ("mod",),
    # a character's 【永】【エントリー】 with "during this character's n-th attack of each turn"
    # (during.py, R4U-TEXT-OWN-ATTACK): a change of this character, the entry
    "continuous": ("mod", "unselectable"),
    # a member's "when this character supports" (on_support.py, R4U-TEXT-ON-SUPPORT): draws,
    # and changes of the supported character during this attack (``until`` ``attack``)
    "on_support": ("mod", "draw"),
    # a rule of deck construction printed on the card (decks.py, R4U-TEXT-ANY-COPIES): no timing
    "deck": ("any_copies",),
}
#: what an ``on_support`` ability may cost (``pay_self``): this member onto the deck's bottom
PAY_SELF = ("deck_bottom",)
#: where a ``performance`` read from a 【永】 line works: 【エントリー】 (its own, while it is the
#: entry) or 【メンバー】 (its player's entry, while it is a member), R4U-TEXT-PERFORMANCE
PERFORMANCE_WHERE = ("entry", "member")
#: where an ``on_entry`` card came from: 手札から (the hand), デッキ以外から (anywhere but the deck);
#: an ``on_member`` card: the hand, エントリー以外から (anywhere but the entry)
ON_ENTRY_FROM = ("hand", "not_deck")
ON_MEMBER_FROM = ("hand", "not_entry")
WHERE = ("entry", "member", "field", "rebirth_area", "waiting_room")
#: where a ``discard_member`` takes its targets from: member squares, the entry, either
DISCARD_ZONES = ("member", "entry", "field")
SIDES = ("own", "opponent")
#: the abilities a 【Reコンボ】 condition is read on (R4U-TEXT-RECOMBO)
RECOMBO_WHENS = ("spark", "activated", "performance", "continuous", "on_support", "on_defeat")
RECOMBO_WHENS += ("on_entry", "on_member")
#: ops with no arguments
NO_ARGS = ("stand_partners", "self_to_member", "any_copies", "unselectable", "no_move")
NO_ARGS += ("extra_spark", "self_to_entry")
#: what a ``mod``'s ``per`` counts: its player's hand, retire area, energy (R4U-TEXT-PER-COUNT)
PER_ZONES = ("hand", "retire", "energy")
TYPES = ("character", "rebirth")


def _is_int(value: Any, minimum: int | None = None) -> bool:
    ok = isinstance(value, int) and not isinstance(value, bool)
    return ok and (minimum is None or value >= minimum)


def _op_ok(op: Any, allowed: tuple[str, ...], nested: bool = False) -> bool:
    if not isinstance(op, dict) or op.get("op") not in allowed:
        return False
    name = op["op"]
    if name in ("draw", "heal", "energy_from_deck"):  # energy: R4U-TEXT-DECK-TO-ENERGY
        return _is_int(op.get("n", 1), 1) and set(op) <= {"op", "n"}
    if name == "mod":  # "side" opponent: the opposing entry (R4U-TEXT-OPPOSING-MOD)
        per = op.get("per")  # one for every n cards of a zone (R4U-TEXT-PER-COUNT)
        if per is not None and not (
            not nested
            and "side" not in op
            and isinstance(per, dict)
            and set(per) == {"zone", "n"}
            and per["zone"] in PER_ZONES
            and _is_int(per["n"], 1)
        ):
            return False
        return (
            _is_int(op.get("atk", 0))
            and _is_int(op.get("def", 0))
            and op.get("side", "own") in SIDES
        )
    if name in NO_ARGS:  # R4U-TEXT-OPS-MORE, -TO-MEMBER, -ANY-COPIES, -UNSELECTABLE
        return set(op) == {"op"}
    if name == "bottom":  # R4U-TEXT-MOVES
        return (
            set(op) <= {"op", "count", "side", "zone", "rested"}
            and _is_int(op.get("count", 1), 1)
            and op.get("side", "opponent") in (*SIDES, "any")
            and op.get("zone", "member") in ("member", "entry")
            and op.get("rested", False) in (True, False)
            and not (op.get("rested") and op.get("zone") == "entry")
        )
    if name == "rebirth_to_hand":  # R4U-TEXT-MOVES
        return set(op) <= {"op", "count"} and _is_int(op.get("count", 1), 1)
    if name == "to_energy":  # R4U-TEXT-MOVES: the player's own cards
        return (
            set(op) <= {"op", "count", "from"}
            and _is_int(op.get("count", 1), 1)
            and op.get("from", "member") in ("member", "waiting_room")
        )
    if name == "place_member":  # characters of the waiting room (R4U-TEXT-TO-MEMBER)
        return (
            set(op) <= {"op", "count", "type", "empty_only"}
            and _is_int(op.get("count", 1), 1)
            and op.get("type") == "character"
            and op.get("empty_only", False) in (True, False)
        )
    if name in TARGET_OPS:
        if "count_of" in op:  # as many as the player's retire area holds (R4U-TEXT-RETIRE-COUNT)
            if op["count_of"] != "own_retire" or name != "discard_member" or "count" in op:
                return False
        elif not _is_int(op.get("count", 1), 1):
            return False
        # "N枚まで" (up to N) and "【レスト】している" (rested members only), R4U-TEXT-UP-TO
        if op.get("up_to", False) not in (True, False) or op.get("rested", False) not in (
            True,
            False,
        ):
            return False
        if op.get("rested") and (name != "discard_member" or op.get("zone", "member") != "member"):
            return False
        if name == "salvage":
            return op.get("type") is None or op.get("type") in TYPES
        if name == "discard_member" and op.get("zone", "member") not in DISCARD_ZONES:
            return False
        if op.get("any_state", False) not in (True, False) or (
            op.get("any_state") and name != "rest"
        ):
            return (
                False  # 「相手のメンバーからN枚選び、【レスト】する」: any member (R4U-TEXT-MOVES)
            )
        if name in ("rest", "return_member") and op.get("zone", "member") != "member":
            return False  # the entry character is never rested (only members attack)
        return op.get("side", "opponent") in SIDES
    if name == "one_of":
        options = op.get("options")
        if nested or not isinstance(options, list) or len(options) < 2:
            return False
        inner = tuple(o for o in allowed if o != "one_of")
        return all(
            isinstance(o, list) and o and all(_op_ok(x, inner, True) for x in o) for o in options
        )
    return True


#: :func:`supported`'s answers, by the effect's id (the effect kept, so that its id is not
#: reused while it is here)
_SUPPORTED: dict[int, tuple[dict[str, Any], bool]] = {}
_SUPPORTED_MAX = 4096


def supported(effect: dict[str, Any]) -> bool:
    """Whether the engine can execute ``effect`` exactly.

    Asked of the same few effects (those of the cards' definitions, which engines only read)
    several times an action: answered once per effect object.  Bounded: emptied when full."""
    entry = _SUPPORTED.get(id(effect))
    if entry is not None and entry[0] is effect:
        return entry[1]
    ok = _supported(effect)
    if len(_SUPPORTED) >= _SUPPORTED_MAX:
        _SUPPORTED.clear()
    _SUPPORTED[id(effect)] = (effect, ok)
    return ok


def _supported(effect: dict[str, Any]) -> bool:
    when = effect.get("when")
    ops = effect.get("do")
    if when not in WHENS or not isinstance(ops, list) or not ops:
        return False
    if when == "performance":
        if not _is_int(effect.get("count"), 1):
            return False
        attr = effect.get("attribute")
        if attr is not None and not isinstance(attr, str):
            return False
        if effect.get("where", "entry") not in PERFORMANCE_WHERE:
            return False
    if when == "on_entry" and effect.get("from") not in ON_ENTRY_FROM:
        return False
    if when == "on_member" and effect.get("from") not in ON_MEMBER_FROM:
        return False
    if when == "continuous" and not _continuous_ok(effect, ops):
        return False  # the continuous abilities of a character read (during.py)
    if when != "continuous" and "own_attack" in effect:
        return False
    if when not in ("on_entry", "on_member") and "from" in effect:
        return False
    if "discard" in effect and (when != "activated" or not _is_int(effect["discard"], 1)):
        return False  # cards of the hand as a cost (R4U-TEXT-DISCARD-COST)
    if when == "activated" and (
        not _is_int(effect.get("cost", 0), 0)
        or effect.get("where", "field") not in WHERE
        or not _is_int(effect.get("per_turn", 1), 1)
    ):
        return False
    if when != "activated" and "per_turn" in effect:
        return False  # a use limit of an effect that is not used by its player
    if "attack" in effect and (when != "rebirth_area" or not _is_int(effect["attack"], 1)):
        return False  # "during the n-th attack of each turn" (R4U-TEXT-NTH-ATTACK)
    if "showcase" in effect and (
        when
        not in (
            "spark",
            "on_entry",
            "continuous",
            "on_support",
            "on_member",
            "on_defeat",
            "activated",
        )
        or not _is_int(effect["showcase"], 1)
    ):
        return False  # a spark's or an on-entry ability's skill showcase level (R4U-TEXT-SHOWCASE)
    if "recombo" in effect and not (
        when in RECOMBO_WHENS
        and (
            effect["recombo"] is True or (isinstance(effect["recombo"], str) and effect["recombo"])
        )
    ):
        return False  # 【Reコンボ】: a Rebirth card (of a name) set (R4U-TEXT-RECOMBO)
    if "showcase_attribute" in effect and (
        "showcase" not in effect
        or not isinstance(effect["showcase_attribute"], str)
        or not effect["showcase_attribute"]
    ):
        return False  # the attribute a skill showcase counts (R4U-TEXT-SHOWCASE-ATTRIBUTE)
    if not _support_ok(effect, ops):
        return False
    if when not in ("spark", "activated") and any(
        isinstance(op, dict) and "per" in op for op in ops
    ):
        return False  # counted when it resolves: a spark's or an activated effect's only
    if "if_retire" in effect and (when != "on_set" or not _is_int(effect["if_retire"], 1)):
        return False  # "if your retire area holds n or more" (R4U-TEXT-ON-SET)
    if when in ("rebirth_area", "performance", "continuous") and any(
        isinstance(op, dict) and "side" in op for op in ops
    ):
        return False  # a continuous change is of its own player's entry only
    if when == "on_member" and any(
        isinstance(op, dict) and op.get("op") == "self_to_member" for op in ops
    ):
        return False  # "this character" is a member there, not the entry (a mod: the entry)
    if when in ("on_entry", "on_member", "on_defeat") and any(
        isinstance(op, dict) and op.get("op") == "mod" and "side" in op for op in ops
    ):
        return False  # "this character" (on_entry.still_there): its own player's entry only
    return all(_op_ok(op, OPS_BY_WHEN[when]) for op in ops)


def _continuous_ok(effect: dict[str, Any], ops: list[Any]) -> bool:
    """A character's ``continuous`` ability: a ``mod`` of itself as the entry during its n-th
    attack (``own_attack``, R4U-TEXT-OWN-ATTACK), or ``unselectable`` from the ``entry`` or a
    ``member`` square, optionally ``if`` ``opponent_member_empty`` (R4U-TEXT-UNSELECTABLE)."""
    names = [op.get("op") for op in ops if isinstance(op, dict)]
    if "recombo" in effect and "own_attack" not in effect and set(names) == {"mod"}:
        # 【永】【エントリー】【Reコンボ】:このキャラを+X/+Y (R4U-TEXT-RECOMBO)
        return effect.get("where") == "entry" and "if" not in effect
    if names == ["unselectable"]:
        return (
            set(ops[0]) == {"op"}
            and effect.get("where") in ("entry", "member")
            and effect.get("if", "opponent_member_empty") == "opponent_member_empty"
            and "own_attack" not in effect
        )
    return (
        "unselectable" not in names
        and "if" not in effect
        and effect.get("where") == "entry"
        and _is_int(effect.get("own_attack"), 1)
    )


def _support_ok(effect: dict[str, Any], ops: list[Any]) -> bool:
    """An ``on_support`` ability's cost and ops (R4U-TEXT-ON-SUPPORT): ``cost`` (energy to
    rest) and ``pay_self`` only there, and only on an optional one; a ``mod`` with ``until``
    ``attack`` there, and every ``mod`` of it so."""
    when = effect.get("when")
    mods = [op for op in ops if isinstance(op, dict) and op.get("op") == "mod"]
    if when == "activated" and effect.get("where") == "waiting_room":
        # 【起】【控え室】: only "put this character into the entry" (R4U-TEXT-FROM-WAITING-ROOM)
        return [op.get("op") for op in ops if isinstance(op, dict)] == ["self_to_entry"]
    if any(isinstance(op, dict) and op.get("op") == "self_to_entry" for op in ops):
        return False
    if when == "activated" and "pay_self" in effect:  # a member's cost (activate.py)
        return effect["pay_self"] in PAY_SELF and effect.get("where") == "member"
    if when != "on_support":
        # a spark's "during this character's next attack this turn" (R4U-TEXT-NEXT-ATTACK)
        nexts = when == "spark" and all(op.get("until") == "next_attack" for op in mods)
        keys = any("until" in op for op in mods) and not nexts
        keys = keys or "pay_self" in effect
        if effect.get("by_doing"):  # a spark's cost, its first op (by_doing.py)
            first = ops[0] if ops and isinstance(ops[0], dict) else {}
            keys = keys or when != "spark" or not effect.get("optional")
            keys = keys or first.get("op") not in TARGET_OPS or first.get("up_to", False)
        return not keys
    if any(op.get("until") != "attack" or "side" in op for op in mods):
        return False
    if effect.get("pay_self", "deck_bottom") not in PAY_SELF:
        return False
    if not _is_int(effect.get("cost", 0), 0) or effect.get("by_doing", False) not in (True, False):
        return False
    paid = "pay_self" in effect or effect.get("cost", 0) > 0
    return bool(effect.get("optional")) == paid and (paid or not effect.get("by_doing"))


def needs_choice(effect: dict[str, Any]) -> bool:
    """Whether resolving ``effect`` asks its controller for a decision: targets, one of
    several options, or whether to use an optional effect (AgendaEngine's interface)."""
    if effect.get("optional"):
        return True
    picks = (*TARGET_OPS, "one_of", "self_to_member")  # a square for self_to_member
    return any(op.get("op") in picks for op in effect.get("do", []))


def chosen_ops(effect: dict[str, Any], choice: int | None) -> list[dict[str, Any]]:
    """The ops that run for ``choice`` (1-based, for a ``one_of``): the effect's ops with the
    ``one_of`` replaced by the chosen option's ops (none when no valid choice)."""
    out: list[dict[str, Any]] = []
    for op in effect["do"]:
        if op["op"] == "one_of":
            options = op["options"]
            if choice is not None and 1 <= choice <= len(options):
                out += options[choice - 1]
        else:
            out.append(op)
    return out


def choices(effect: dict[str, Any]) -> int:
    """How many options the effect's ``one_of`` offers (0: no ``one_of``).  (A plain loop: asked
    three times an activation, thousands of times on a long log.)"""
    for op in effect["do"]:
        if op["op"] == "one_of":
            return len(op["options"])
    return 0


def target_ops(ops: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    return (op for op in ops if op["op"] in TARGET_OPS)


def mods(effect: dict[str, Any]) -> tuple[int, int]:
    """The total (ATK, DEF) change of an effect's ``mod`` ops.  (Plain loops, adding up from
    0 in order as sum() does, each walk as the generator's was: read with every ATK/DEF.)"""
    atk = 0
    for op in effect["do"]:
        if op.get("op") == "mod":
            atk += op.get("atk", 0)
    dfn = 0
    for op in effect["do"]:
        if op.get("op") == "mod":
            dfn += op.get("def", 0)
    return atk, dfn
