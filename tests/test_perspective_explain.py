"""An ``explain`` question sees the step it explains as the replay shows it to the
question's perspective: it names no card that perspective could not see at that step,
the action of an illegal step that was not carried out included (docs/questions.md,
docs/action-log.md "Perspectives").

The hidden cards of each step are computed from the judge's full states, as
``tests/test_perspective_replays.py`` computes them (:class:`Truth`), not by the code
checked; every step of every example log with an illegal action is asked about, under
every perspective.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from judge.core.ask import ask
from judge.core.canonical import canonical_json
from tests.test_fuzz_examples import ROOT, example_logs, mutate
from tests.test_perspective_replays import Truth, named


def _variants(path: Path) -> list[dict[str, Any]]:
    """An example log and two seeded mutants of it (where an action that was not carried
    out may name a hidden card)."""
    doc = json.loads(path.read_text())
    rng = random.Random(path.name)
    return [doc, *(mutate(doc, rng) for _ in range(2))]


PATHS = example_logs()


def _illegal_steps(doc: dict[str, Any]) -> tuple[Truth, list[dict[str, Any]]] | None:
    try:
        truth = Truth(doc, "skip")
    except Exception:  # a mutant that is not a readable log: nothing to explain
        return None
    return truth, [s for s in truth.full["steps"] if s["verdict"] == "illegal"]


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_explain_names_no_card_its_perspective_cannot_see(path: Path) -> None:
    """Every variant's first illegal steps, under every perspective (a variant with no
    illegal step has nothing to check: the test below makes sure some do)."""
    for doc in _variants(path):
        found = _illegal_steps(doc)
        if found is None:
            continue
        truth, steps = found
        for view in truth.views:
            hidden = truth.hidden(view)
            for step in steps[:3]:
                ids, words = hidden[truth.full["steps"].index(step)]
                question = {
                    "format": "judge-question/1",
                    "kind": "explain",
                    "step": step["index"],
                    "log": doc,
                    "perspective": view,
                }
                leak = named(canonical_json(ask(question)), ids, words)
                assert not leak, f"{view}, step {step['index']}: names {sorted(leak)}"


def test_the_judges_explain_names_the_hidden_card_of_a_skipped_action() -> None:
    """The other side, so that the test above can fail: some skipped illegal action names
    a card hidden from another perspective, and the judge's answer names it."""
    found = 0
    for doc in (d for path in PATHS for d in _variants(path)):
        checked = _illegal_steps(doc)
        if checked is None:
            continue
        truth = checked[0]
        for view in truth.views:
            hidden = truth.hidden(view)
            for i, step in enumerate(truth.full["steps"]):
                if step["verdict"] != "illegal":
                    continue
                ids, words = hidden[i]
                q = {"format": "judge-question/1", "kind": "explain", "step": step["index"]}
                judged = canonical_json(ask({**q, "log": doc}))
                if named(judged, ids, words):
                    found += 1
    assert found, "no skipped illegal action names a hidden card: the property is not tested"
