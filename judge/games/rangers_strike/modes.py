"""A choice of one effect among those listed (RS-CHOOSE-ONE): "次の効果から1つ選び発動する⇒
◎… ◎…" (or "…発動する。").

The reader writes an operation so printed as one effect whose one op is ``{"op": "modes",
"modes": [mode, …]}``, each mode ``{"do": [ops], "optional": bool}`` (the listed effect's own
sentences: its "…てもよい" makes it optional).  The player chooses exactly one, and it is
carried out.  The log records the choice first in the resolve's ``targets``: ``{"modes": [k]}``
(1 for the first listed), with ``"use": false`` in that record when the effect chosen is
optional and not used (as Union Arena's choices among listed effects are recorded,
``judge/games/union_arena/modes.py``); the targets of the effect chosen follow.  The resolve's
own ``use`` is not the chosen effect's: the choice itself is not optional.

Without the record the engine does not guess which effect was chosen: the step is
unverifiable and nothing is carried out (a taint an ``outcome`` may record).

>>> op = {"op": "modes", "modes": [{"do": [{"op": "draw", "n": 1}]}, {"do": [{"op": "draw", "n": 2}]}]}
>>> pick({"when": "on_use", "do": [op]}, [{"modes": [2]}])[0]
{'when': 'on_use', 'do': [{'op': 'draw', 'n': 2}]}
>>> pick({"when": "on_use", "do": [op]}, [{"modes": [3]}])[3]
('RS-CHOOSE-ONE', 'The card lists 2 effects to choose one from; there is no effect 3.')
"""

from __future__ import annotations

from typing import Any

RULE = "RS-CHOOSE-ONE"

Problem = tuple[str, str]


def listed(effect: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The effects listed to choose one from, when ``effect`` is such a choice, else None."""
    ops = effect.get("do")
    if not (isinstance(ops, list) and len(ops) == 1 and isinstance(ops[0], dict)):
        return None
    got = ops[0].get("modes") if ops[0].get("op") == "modes" else None
    return got if isinstance(got, list) else None


def as_effect(effect: dict[str, Any], mode: dict[str, Any]) -> dict[str, Any]:
    """The listed effect ``mode`` as an effect of its own, with the timing of ``effect``."""
    out = {k: v for k, v in effect.items() if k not in ("do", "optional", "text")}
    out["do"] = mode["do"]
    if mode.get("optional"):
        out["optional"] = True
    return out


def is_record(value: Any) -> bool:
    """Whether a ``targets`` entry records the choice."""
    return isinstance(value, dict) and "modes" in value


Pick = tuple[dict[str, Any] | None, bool | None, list[Any], Problem | None, int | None]


def pick(effect: dict[str, Any], targets: list[Any]) -> Pick:
    """The effect chosen (an effect of its own), its ``use``, the targets after the record, a
    problem with the record, and the number chosen (1 for the first).  ``(None, None,
    targets, None, None)`` when the log records no choice (a choice not recorded)."""
    modes = listed(effect) or []
    if not targets or not is_record(targets[0]):
        return None, None, targets, None, None
    record, rest = targets[0], targets[1:]
    picks, use = record.get("modes"), record.get("use")
    n = len(modes)
    if set(record) - {"modes", "use"} or (use is not None and not isinstance(use, bool)):
        return None, None, rest, (RULE, "A `modes` record holds `modes` and, at most, `use`."), None
    if (
        not isinstance(picks, list)
        or len(picks) != 1
        or not isinstance(picks[0], int)
        or isinstance(picks[0], bool)
    ):
        return (
            None,
            None,
            rest,
            (RULE, f"The effect chooses exactly 1 of the {n} effects listed, by number: "
                   f"`modes: [k]`, 1 for the first."),
            None,
        )  # fmt: skip
    k = picks[0]
    if not 1 <= k <= n:
        return (
            None,
            None,
            rest,
            (RULE, f"The card lists {n} effects to choose one from; there is no effect {k}."),
            None,
        )
    mode = modes[k - 1]
    if use is not None and not mode.get("optional"):
        return (
            None,
            None,
            rest,
            (RULE, f"`use` in the `modes` record: effect {k} is not optional."),
            None,
        )
    return as_effect(effect, mode), use, rest, None, k
