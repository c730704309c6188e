"""What the games' tests of written-out code share: games to replay both ways.

A game writes out a core method (the runner's ``fill_missing``, ``check``, ``apply``, an
agenda step run at once) for speed; its test replays these games with the written-out code
and again the long way, and asserts the same bytes.  Self-played games alone take the legal
paths only, so each comes with copies damaged at random (an action dropped, two swapped):
illegal steps, skipped and applied as played, and the decisions the engine takes itself.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from judge.core.canonical import canonical_json
from judge.core.replay import replay
from judge.core.selfplay import random_game


def games_and_damaged_copies(
    envelopes: list[tuple[str, dict[str, Any]]], copies: int = 3, max_actions: int = 150
) -> list[dict[str, Any]]:
    """For each ``(seed, envelope)``, a self-played game and ``copies`` copies of it with one
    action dropped or two swapped (the same for the same seeds)."""
    logs = []
    for seed, env in envelopes:
        doc = random_game(env, seed, max_actions=max_actions)
        logs.append(doc)
        rng = random.Random(seed)
        for _ in range(copies):
            bad = copy.deepcopy(doc)
            acts = bad["actions"]
            k = rng.randrange(len(acts))
            if rng.random() < 0.5:
                del acts[k]
            else:
                j = rng.randrange(len(acts))
                acts[k], acts[j] = acts[j], acts[k]
            logs.append(bad)
    return logs


def full_replays(logs: list[dict[str, Any]]) -> list[str]:
    """Each log's full replay as canonical JSON, under ``skip`` and under ``apply``."""
    out = []
    for doc in logs:
        body = canonical_json(doc)
        for on_illegal in ("skip", "apply"):
            out.append(canonical_json(replay(body, on_illegal=on_illegal, detail="full")))
    return out
