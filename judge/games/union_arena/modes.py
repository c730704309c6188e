"""A choice among listed effects: "以下から1つ選ぶ。" and its bullets "・…" (``UA-EFFECT-MODES``).

A card may list effects and let its controller choose among them::

    [登場時]以下から1つ選ぶ。
    ・カードを1枚引く。
    ・自分の場のキャラを1枚まで選び、このターン中、BP+1000。

The reader writes it as one op, ``{"op": "modes", "n": 1, "up_to": false, "modes": [[ops of
the first], [ops of the second]]}`` ("以下から2つまで選ぶ": ``n`` 2, ``up_to`` true).  The log
records the choice where its targets would be: ``{"modes": [k, …]}`` (the listed effects
chosen, 1 for the first), then the targets of the chosen effects, in the order they are
carried out.  Exactly ``n`` are chosen (at most ``n`` with ``up_to``), each at most once.

The order the chosen effects are carried out in is not printed on the cards: rule option
``modes_order`` (``UA-EFFECT-MODES-ORDER``, GAP) — ``printed`` (the default: as they are
listed on the card, whatever order the log names them in) or ``as_recorded`` (the order the
log names them in).

This module reads the record and expands the op into the chosen effects' ops, for the check
of an action's targets (:func:`judge.games.union_arena.targets.check_effect_targets`) and for
the resolution (:func:`judge.games.union_arena.resolve.run_effect`) alike.
"""

from __future__ import annotations

from typing import Any

from judge.games.union_arena.textmodes import MAY, without_may

RULE = "UA-EFFECT-MODES"
#: an effect listed that is itself optional ("…てもよい。そうした場合、…", textmodes.py)
MAY_RULE = "UA-EFFECT-MODES-MAY"
ORDERS = ("printed", "as_recorded")


def is_record(value: Any) -> bool:
    """Whether a ``targets`` entry records a choice among listed effects."""
    return isinstance(value, dict) and "modes" in value


def chosen(
    op: dict[str, Any], targets: list[Any], pos: int, order: str = "printed"
) -> tuple[list[dict[str, Any]] | None, int, tuple[str, str] | None]:
    """The ops of the effects the log chose for ``op`` (a ``modes`` op), in the order they
    are carried out, the next position in ``targets``, and a problem with the record.

    ``None`` ops (and no problem) when the log records no choice here: a choice skipped
    (``UA-CHOICE-RECORDED``), for the caller to handle.

    >>> op = {"op": "modes", "n": 1, "modes": [[{"op": "draw", "n": 1}], [{"op": "draw", "n": 2}]]}
    >>> chosen(op, [{"modes": [2]}], 0)
    ([{'op': 'draw', 'n': 2}], 1, None)
    >>> chosen(op, [{"modes": [2], "use": False}], 0)[2]
    ('UA-EFFECT-MODES-MAY', '`use` in the `modes` record: the effect chosen is not optional.')
    >>> chosen(op, [{"modes": [1, 2]}], 0)[2]
    ('UA-EFFECT-MODES', 'The effect chooses 1 of the 2 effects listed; the log chooses 2.')
    """
    if pos >= len(targets) or not is_record(targets[pos]):
        return None, pos, None
    picks = targets[pos]["modes"]
    listed = op.get("modes") or []
    n = int(op.get("n", 1))
    pos += 1
    if not isinstance(picks, list) or not all(
        isinstance(k, int) and not isinstance(k, bool) for k in picks
    ):
        return [], pos, (RULE, "`modes` lists the effects chosen by number (1 for the first).")
    wrong = [k for k in picks if not 1 <= k <= len(listed)]
    if wrong:
        return (
            [],
            pos,
            (RULE, f"The card lists {len(listed)} effects; there is no effect {wrong[0]}."),
        )
    if len(set(picks)) != len(picks):
        return [], pos, (RULE, "An effect listed is chosen twice; each may be chosen once.")
    many = min(n, len(listed))
    if len(picks) > many or (len(picks) < many and not op.get("up_to")):
        up_to = "up to " if op.get("up_to") else ""
        return (
            [],
            pos,
            (
                RULE,
                f"The effect chooses {up_to}{n} of the {len(listed)} effects listed; "
                f"the log chooses {len(picks)}.",
            ),
        )
    use = targets[pos - 1].get("use", True)
    may = len(picks) == 1 and any(MAY in o for o in listed[picks[0] - 1])
    if "use" in targets[pos - 1] and (not may or not isinstance(use, bool)):
        why = "is not optional" if not may else "is used (true) or declined (false)"
        return [], pos, (MAY_RULE, f"`use` in the `modes` record: the effect chosen {why}.")
    if use is False:  # an optional effect chosen and declined: nothing happens (textmodes.py)
        return [], pos, None
    run = sorted(picks) if order == "printed" else list(picks)
    return [without_may([o])[0] for k in run for o in listed[k - 1]], pos, None


def describe(op: dict[str, Any], picks: list[int]) -> str:
    """The choice in words, for a ruling."""
    listed = len(op.get("modes") or [])
    if not picks:
        return f"none of the {listed} effects listed is chosen"
    which = ", ".join(str(k) for k in picks)
    return f"effect{'s' if len(picks) > 1 else ''} {which} of the {listed} listed"
