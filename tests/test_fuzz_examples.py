"""Mutated example logs never crash an engine: judging one gives a replay or refuses it.

Every example log of every game (``examples/*/*.json`` and ``tests/spec_examples``) is
mutated as a careless or hostile recorder would: two actions swapped, one dropped, one
duplicated, a card reference changed to another card id of the log, the player changed, a
number changed.  Each mutant is judged under every ``on_illegal`` (stop, skip, apply).  The
property: :func:`judge.core.replay.replay` returns a replay (any verdicts) or raises
:class:`~judge.core.errors.BadLog` (refused input); any other exception is an engine fault
(:class:`~judge.core.fault.EngineFault`), a bug to fix in the engine.

Why seeded and bounded: the mutants are drawn from ``random.Random`` seeded with the log's
path, so a failure names a mutant that is drawn again on every machine (determinism), and
:data:`MUTATIONS` mutants per log and policy (``scaled(12)``: 12 at the default
``JUDGE_TEST_SCALE``, 30 at 2.5, see ``tests/scale.py``) keep the test short on two cores.
``FUZZ_MUTATIONS=N`` (an environment variable of this test only) draws N mutants per log and
policy whatever the scale, for a long local search (``FUZZ_MUTATIONS=2000 pytest
tests/test_fuzz_examples.py``); ``FUZZ_SEED`` changes the seed's prefix to draw other mutants.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judge.core.errors import BadLog
from judge.core.replay import ON_ILLEGAL, replay
from tests.scale import scaled

ROOT = Path(__file__).resolve().parent.parent
#: mutants per log and ``on_illegal`` policy
MUTATIONS = int(os.environ.get("FUZZ_MUTATIONS", scaled(12)))
SEED = os.environ.get("FUZZ_SEED", "tcg-judge")
KINDS = ("swap", "drop", "duplicate", "card", "player", "number")


def example_logs() -> list[Path]:
    """Every action log among the examples (positions and expected verdicts left out)."""
    found = sorted(ROOT.glob("examples/*/*.json")) + sorted(
        ROOT.glob("tests/spec_examples/**/*.json")
    )
    out = []
    for path in found:
        doc = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(doc, dict) and doc.get("format") == "judge-action-log/1":
            out.append(path)
    return out


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every scalar in ``node`` with the path of keys and indices that reaches it."""
    if isinstance(node, dict):
        for key in sorted(node):
            yield from _leaves(node[key], (*path, key))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from _leaves(item, (*path, i))
    else:
        yield path, node


def _set(node: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def card_refs(actions: list[dict[str, Any]]) -> list[str]:
    """The strings the actions use as references (card ids, sources, targets), sorted."""
    refs = {
        value
        for action in actions
        for path, value in _leaves(action)
        if isinstance(value, str) and path[0] not in ("p", "do")
    }
    return sorted(refs)


def mutate(doc: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]]:
    """One mutant of ``doc`` (a copy) and what was done to it: one to three mutations
    (several reach states a single one does not; most mutants have one, the easiest to
    read in a failure)."""
    out = copy.deepcopy(doc)
    done = [mutate_once(out, rng) for _ in range(rng.choice((1, 1, 1, 2, 3)))]
    return "; ".join(done), out


def mutate_once(out: dict[str, Any], rng: random.Random) -> str:
    """Mutate ``out`` in place once; what was done."""
    actions = out["actions"]
    n = len(actions)
    kind = rng.choice(KINDS)
    if n == 0:
        return "none"
    i = rng.randrange(n)
    if kind == "swap":
        j = rng.randrange(n)
        actions[i], actions[j] = actions[j], actions[i]
        return f"swap actions[{i}] with actions[{j}]"
    if kind == "drop":
        del actions[i]
        return f"drop actions[{i}]"
    if kind == "duplicate":
        actions.insert(i, copy.deepcopy(actions[i]))
        return f"duplicate actions[{i}]"
    if kind == "player":
        players = sorted({a.get("p") for a in actions if isinstance(a.get("p"), str)})
        other = [p for p in players if p != actions[i].get("p")]
        if other:
            actions[i]["p"] = rng.choice(other)
        return f"actions[{i}].p = {actions[i].get('p')!r}"
    leaves = list(_leaves(actions[i]))
    if kind == "card":
        refs = card_refs(actions)
        spots = [p for p, v in leaves if isinstance(v, str) and p[0] not in ("p", "do")]
        if spots and refs:
            spot = rng.choice(spots)
            value = rng.choice(refs)
            _set(actions[i], spot, value)
            return f"actions[{i}].{'.'.join(map(str, spot))} = {value!r}"
        return "none"
    spots = [p for p, v in leaves if isinstance(v, int) and not isinstance(v, bool)]
    if spots:
        spot = rng.choice(spots)
        old = actions[i]
        for key in spot:
            old = old[key]
        value = rng.choice([0, 1, -1, old + 1, old - 1, old * 2, 9, 99])
        _set(actions[i], spot, value)
        return f"actions[{i}].{'.'.join(map(str, spot))} = {value!r}"
    return "none"


def judge_mutant(doc: dict[str, Any], on_illegal: str) -> None:
    """Judge a mutant: a replay or BadLog is fine; anything else propagates."""
    with contextlib.suppress(BadLog):
        replay(doc, on_illegal=on_illegal)


def mutants(path: Path, on_illegal: str, count: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """``count`` mutants of the log at ``path``, the same ones on every run."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    rel = path.relative_to(ROOT).as_posix()
    rng = random.Random(f"{SEED}:{rel}:{on_illegal}")
    for _ in range(count):
        yield mutate(doc, rng)


LOGS = example_logs()


def test_every_game_has_example_logs() -> None:
    games = {json.loads(p.read_text(encoding="utf-8"))["game"] for p in LOGS}
    assert games == {"union-arena", "rangers-strike", "rebirth", "zx"}


@pytest.mark.parametrize("on_illegal", ON_ILLEGAL)
@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_mutated_log_is_judged_or_refused(path: Path, on_illegal: str) -> None:
    for what, doc in mutants(path, on_illegal, MUTATIONS):
        try:
            judge_mutant(doc, on_illegal)
        except Exception as exc:  # noqa: BLE001 - the failure names the mutant
            pytest.fail(f"{path.name} with {what}, on_illegal={on_illegal}: {exc!r}")
