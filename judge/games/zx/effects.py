"""The Z/X effect vocabulary: what a card's ``effects`` may say, and what resolving one does.

An effect is ``{"when": …, "do": [ops], …}``:

- ``when``: ``appear`` (【自】 this Z/X appeared), ``evol_seed`` (【自】 Evol Seed: this card
  was put from the deck into the trash, ZX-EVOL-SEED), ``play`` (an event's 【★】 effect, or
  an event played by ignition), ``activated`` (【起】, the ``activate`` action), ``attack`` /
  ``attacked`` (【自】 this Z/X attacked / was attacked: resolved before the battle goes on,
  ZX-ATTACK-TRIGGER).
- conditions, each a keyword ability of the seed: ``zero_optima`` X (ZX-ZERO-OPTIMA),
  ``lv`` ``{"race": race, "n": X}`` (ZX-LV; a race only: the seed's other [type] specs are not read), ``extend_drive`` true (ZX-EXTEND-DRIVE),
  ``adjacent_pairs`` N (your adjacent pairs, ZX-ADJACENT), ``alter_break`` true (valid only
  while this card is on a square in Break state, ZX-ALTER-BREAK), ``hatenkourin`` true (an
  activated 破天降臨 ability: once a turn per player, ZX-HATENKOURIN).
- ``static`` with ``gain_ig`` true and ``zero_optima`` X: in the resource zone, this card has
  the IG mark while Zero Optima X holds (ZX-ZERO-OPTIMA).
- ``static`` with ``resources_min`` M and ops ``self_power`` N (N > 0): on a square, this card
  has power +N while its controller has M or more cards in the resource zone
  (ZX-STATIC-POWER).
- ``optional`` true: "you may" (the ``resolve`` records ``use``).
- ``cost`` (activated abilities): ``{"sleep_self": true}``, ``{"spend": {marker: n}}`` and/or
  ``{"place_force": {"n": n, "to": zone}}`` (ZX-FORCE-COST).

Ops (each a keyword action of the seed):

=====================  ======================================================================
``draw`` n             draw n, one at a time (ZX-DRAW)
``draw_up_to`` n       draw one at a time, up to n: the ``resolve``'s ``count`` (ZX-DRAW)
``recover`` n          deck top to life face down, one at a time (ZX-RECOVER)
``ignite`` n           n ignitions by an ability: no charge card (ZX-IGNITION-ABILITY, -MULTI)
``damage`` n           n damage to the chosen Z/X (``target``; ZX-DAMAGE-ZX)
``destroy``            destroy the chosen Z/X (ZX-DESTROY)
``remove``             remove the chosen Z/X from the game (ZX-REMOVE)
``sleep`` / ``reboot`` the chosen Z/X (ZX-REBOOT-SLEEP)
``player_damage`` n    n damage to the opponent (ZX-DAMAGE-PLAYER)
``gain_marker``        ``marker``, n (ZX-MARKER)
``reveal_top`` n       reveal the deck's top n; once the effect has resolved, face down and
                       shuffled (ZX-REVEAL)
``igob``               IGOB (``name``: the Z/X OB's name contains it): ``targets`` [the
                       upper half in the dynamis], the ``resolve``'s ``to`` (ZX-IGOB)
``shift``              Shift: ``targets`` [a shift card in the dynamis, your card on a square
                       its ``device`` names] (ZX-SHIFT)
``break``              Break: ``targets`` [card A on a square (``target`` side, default own),
                       card B a Z/X in the controller's hand]; card A rebooted unless
                       ``"rebooted": false`` (ZX-BREAK)
``power`` n            the chosen Z/X gets power +n (n < 0: -n) until the end of the turn
                       (ZX-POWER)
``self_power`` n       this card (the effect's source), named without choosing, gets power
                       +n (n < 0: -n) until the end of the turn, if it is on a square
                       (ZX-SELF-POWER, ZX-POWER)
``appear`` n           up to n (``"up_to": true``) or n Z/X of the controller's ``from``
                       (``hand``, ``trash``, ``charge``, ``deck``; ``zx``: ``race`` /
                       ``name`` / ``color`` / ``cost_max`` they fit) appear at once: the
                       ``resolve`` names them in ``targets`` and their squares, in the same
                       order, in ``squares`` (ZX-APPEAR-SEVERAL); ``"shuffle": true``: the
                       deck is shuffled after
=====================  ======================================================================

``target``: ``{"side": "opponent" | "own" | "any"}``, and optionally ``race``, ``name``,
``color`` the Z/X has (with what a shift on it adds, ZX-SHIFT-INFO), ``square``
``"normal"`` (on a normal square, not a player square: ZX-TARGET-NORMAL-SQUARE) and
``cost_max`` N (of cost N or less: ZX-TARGET-COST): one Z/X on a square, named when the effect
resolves; the ``resolve`` names it in ``targets``.

``chooses`` (an op with a ``target``, and ``break``): whether the card's text *chooses* it
(選ぶ / 選び, seed 003 keyword action 22, ZX-CHOOSE).  Only choosing is stopped by Zekkai
(ZX-ZEKKAI); a Z/X an op designates without choosing may have Zekkai.  Default: ``true`` for
the targeted ops (``damage`` … ``power``), ``false`` for ``break`` (the seed's Break
*designates* its cards A and B: 指定的Z/X).  The sample cards say it as their texts do.
"""

from __future__ import annotations

from typing import Any

WHEN = ("appear", "evol_seed", "play", "activated", "static", "attack", "attacked")
#: keyword abilities whose effect the engine carries out itself (``moves.pool_special``)
KEYWORD_EFFECTS = ("alter_force", "life_recovery", "void_bringer")
OPS = (
    "draw",
    "draw_up_to",
    "recover",
    "ignite",
    "damage",
    "destroy",
    "remove",
    "sleep",
    "reboot",
    "player_damage",
    "gain_marker",
    "reveal_top",
    "break",
    "igob",
    "shift",
    "power",
    "self_power",
    "appear",
)
TARGETED = ("damage", "destroy", "remove", "sleep", "reboot", "power")


def supported(effect: dict[str, Any]) -> bool:
    """Whether the engine can execute ``effect`` (else the step is unverifiable)."""
    if effect.get("keyword") in KEYWORD_EFFECTS:
        return True
    if effect.get("when") not in WHEN:
        return False
    ops = effect.get("do")
    if not isinstance(ops, list):
        return False
    if "resources_min" in effect and not static_power_effect(effect):
        return False
    return all(isinstance(op, dict) and op.get("op") in OPS for op in ops)


def static_power_effect(effect: dict[str, Any]) -> bool:
    """A 【常】 power by resources as the engine executes it (ZX-STATIC-POWER): ``static``,
    ``resources_min`` M, ops ``self_power`` with N > 0 (the rule effects' quick check that a
    Z/X without damage or power changes is not destroyed holds only for a bonus)."""
    ops = effect.get("do")
    return (
        effect.get("when") == "static"
        and isinstance(effect.get("resources_min"), int)
        and isinstance(ops, list)
        and bool(ops)
        and all(
            isinstance(op, dict)
            and op.get("op") == "self_power"
            and isinstance(op.get("n"), int)
            and op["n"] > 0
            for op in ops
        )
    )


def chooses(op: dict[str, Any]) -> bool:
    """Whether ``op`` chooses its Z/X (選ぶ / 選び: ZX-CHOOSE, seed 003 keyword action 22), as
    its ``chooses`` says; by default a targeted op chooses and a Break designates."""
    return bool(op.get("chooses", op.get("op") in TARGETED))


def target_op(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The op that chooses a Z/X (at most one per effect), if any."""
    for op in effect.get("do") or ():
        if op.get("op") in TARGETED:
            return op
    return None


def needs_choice(effect: dict[str, Any]) -> bool:
    """Whether resolving ``effect`` needs its controller's recorded choices."""
    if effect.get("keyword") == "alter_force":
        return True
    if effect.get("optional") or target_op(effect) is not None:
        return True
    if any(op.get("op") in ("break", "igob", "shift", "appear") for op in effect.get("do") or ()):
        return True
    return any(op.get("op") == "draw_up_to" for op in effect.get("do") or ())


def up_to(effect: dict[str, Any]) -> int | None:
    for op in effect.get("do") or ():
        if op.get("op") == "draw_up_to":
            return int(op.get("n", 1))
    return None


def break_op(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The Break op of ``effect`` (ZX-BREAK), if any: it names two cards, not one Z/X."""
    for op in effect.get("do") or ():
        if op.get("op") == "break":
            return op
    return None


def igob_op(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The IGOB op of ``effect`` (ZX-IGOB), if any: it names an upper half and a square."""
    for op in effect.get("do") or ():
        if op.get("op") == "igob":
            return op
    return None


def appear_op(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The op of ``effect`` that makes several Z/X appear at once (ZX-APPEAR-SEVERAL), if any:
    it names cards and squares, not one Z/X on a square."""
    for op in effect.get("do") or ():
        if op.get("op") == "appear":
            return op
    return None


def shift_op(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The Shift op of ``effect`` (ZX-SHIFT), if any."""
    for op in effect.get("do") or ():
        if op.get("op") == "shift":
            return op
    return None
