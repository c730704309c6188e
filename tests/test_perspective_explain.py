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
from typing import Any

import pytest

from judge.core.ask import ask
from judge.core.canonical import canonical_json
from tests.test_fuzz_examples import ROOT, example_logs, mutate
from tests.test_perspective_replays import Truth, named


def _illegal_logs() -> list[tuple[str, dict[str, Any]]]:
    """Example logs, and mutants of them, that hold an illegal step (where an action that
    was not carried out may name a hidden card)."""
    out = []
    for path in example_logs():
        doc = json.loads(path.read_text())
        rng = random.Random(path.name)
        for k, candidate in enumerate([doc, *(mutate(doc, rng) for _ in range(2))]):
            out.append((f"{path.relative_to(ROOT).as_posix()}#{k}", candidate))
    return out


LOGS = _illegal_logs()


@pytest.mark.parametrize("name,doc", LOGS, ids=[n for n, _ in LOGS])
def test_explain_names_no_card_its_perspective_cannot_see(name: str, doc: dict[str, Any]) -> None:
    try:
        truth = Truth(doc, "skip")
    except Exception:  # a mutant that is not a readable log: nothing to explain
        pytest.skip("not a readable log")
    steps = [s for s in truth.full["steps"] if s["verdict"] == "illegal"]
    if not steps:
        pytest.skip("no illegal step")
    for view in truth.views:
        hidden = truth.hidden(view)
        for step in steps[:3]:
            i = truth.full["steps"].index(step)
            ids, words = hidden[i]
            question = {
                "format": "judge-question/1",
                "kind": "explain",
                "step": step["index"],
                "log": doc,
                "perspective": view,
            }
            answer = canonical_json(ask(question))
            leak = named(answer, ids, words)
            assert not leak, f"{view}, step {step['index']}: names {sorted(leak)}"


def test_the_judges_explain_names_the_hidden_card_of_a_skipped_action() -> None:
    """The other side, so that the test above can fail: some skipped illegal action names
    a card hidden from another perspective, and the judge's answer names it."""
    found = 0
    for _, doc in LOGS:
        try:
            truth = Truth(doc, "skip")
        except Exception:
            continue
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
