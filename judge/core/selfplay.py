"""Games played by choosing random legal actions: for property tests and benchmarks.

A game grows one action at a time: the engine lists ``legal_actions``, a SplitMix64 stream
(label ``"selfplay"`` of the given seed) picks one, the runner judges and applies it.  The
result is a complete, valid log.  ``proceed`` is picked less often than other actions
(``proceed_weight``) so that games contain plays, attacks and effects, not just passes.
"""

from __future__ import annotations

import copy
from typing import Any

from judge.core.log import parse_log
from judge.core.replay import run_step, start
from judge.core.rng import SplitMix64


def random_game(
    envelope: dict[str, Any],
    seed: str,
    max_actions: int = 2000,
    proceed_weight: int = 1,
    other_weight: int = 4,
    weights: dict[str, int] | None = None,
) -> dict[str, Any]:
    """A log (``envelope`` with ``actions`` filled in) of one random legal game.

    ``weights`` maps action kinds to their weight (default ``other_weight``; ``proceed``
    defaults to ``proceed_weight``): lowering ``attack`` makes long games.
    """
    kind_weight = {"proceed": proceed_weight, **(weights or {})}
    doc = copy.deepcopy(envelope)
    doc["actions"] = []
    log = parse_log(doc)
    engine = start(log)
    rng = SplitMix64.from_seed(seed, "selfplay")
    actions: list[dict[str, Any]] = []
    while len(actions) < max_actions and engine.result() is None:
        options = engine.legal_actions()
        if not options:
            break
        ws = [kind_weight.get(a["do"], other_weight) for a in options]
        if sum(ws) == 0:
            ws = [1] * len(options)
        action = _weighted(options, ws, rng.below(sum(ws)))
        run_step(engine, len(actions), action, "stop")
        actions.append(action)
    doc["actions"] = actions
    return doc


def _weighted(options: list[dict[str, Any]], weights: list[int], pick: int) -> dict[str, Any]:
    """The option that ``pick`` (in ``[0, sum(weights))``) falls on."""
    for option, w in zip(options, weights, strict=True):
        if pick < w:
            return option
        pick -= w
    raise ValueError("pick out of range")
