"""Verdicts that say what they rest on, across the core: the runner's ``uncertain`` and
``recorded`` verdicts, ``depends_on``, the summary's lists, the compact document, the
exporters, the command line's exit code, the canonical log and the API's summary schema.

The games' own tests (``tests/games/*/test_outcomes.py``) judge the scenes; this file checks
what every consumer of a replay sees of them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from judge import cli
from judge.core.export import export
from judge.core.replay import canonical_log, replay
from judge.core.verdict import VERDICTS
from judge.games.union_arena.testing import board_at_turn_3, free_character
from schemas.api import SummarySchema

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "union-arena" / "unverifiable-text-and-block.json"
TEXT = {"when": "activate_main", "text": "[Activate: Main] This character gets BP+3000."}


def scene(recorded: bool) -> dict[str, Any]:
    """A-1's text-only effect (step 12), its outcome when ``recorded``, then a battle."""
    cards = [free_character("T-010", bp=2000, effects=[TEXT]), free_character("T-020", bp=4000)]
    b = board_at_turn_3(
        cards, ["T-010"], ["T-020"], a_front=("A-1",), b_front=("B-1",), phase="main"
    )
    b.act("A", "activate", card="A-1", ability=1)
    if recorded:
        ops = [{"op": "bp", "card": "A-1", "amount": 3000, "until": "turn"}]
        b.act("A", "outcome", source="A-1", ops=ops)
    return b.proceed("A").attack("A", "A-1").block("B", "B-1").log()


def test_verdicts_strongest_first() -> None:
    assert VERDICTS == ("illegal", "unverifiable", "uncertain", "recorded", "legal")


def test_compact_steps_carry_depends_on_only_when_there_is_something() -> None:
    r = replay(scene(recorded=False))
    assert [s["index"] for s in r["steps"] if "depends_on" in s] == [13, 14, 15]
    assert all(s["depends_on"] == [12] for s in r["steps"] if "depends_on" in s)
    assert r["summary"]["uncertain_steps"] == [13, 14, 15]
    assert "recorded_steps" not in r["summary"]
    full = replay(scene(recorded=False), detail="full")
    assert full["steps"][0]["depends_on"] == []  # a full replay has every field


def test_a_replay_without_unexecuted_effects_is_unchanged() -> None:
    r = replay(scene(recorded=True))
    assert not any("depends_on" in s for s in r["steps"])
    assert "uncertain_steps" not in r["summary"]
    assert r["summary"]["recorded_steps"] == [13]
    doc = json.loads((ROOT / "examples" / "union-arena" / "full-game.json").read_text())
    summary = replay(doc)["summary"]
    assert "uncertain_steps" not in summary and "recorded_steps" not in summary


def test_an_example_with_card_text_the_engine_cannot_run_names_what_it_rests_on() -> None:
    r = replay(EXAMPLE.read_text())
    assert r["summary"]["unverifiable_steps"] == [9, 15]
    assert r["summary"]["uncertain_steps"] == [10, 11, 12, 13, 14, 16, 17]
    assert r["steps"][15]["depends_on"] == [9]  # unverifiable on its own, and depends too
    assert r["steps"][15]["rulings"][-1]["message"].startswith("It also depends on step 9")


def test_exit_code_is_0_for_uncertain_and_recorded_steps(tmp_path: Path) -> None:
    runner = CliRunner()
    for recorded in (False, True):
        path = tmp_path / f"log-{recorded}.json"
        path.write_text(json.dumps(scene(recorded)))
        result = runner.invoke(cli.main, ["replay", str(path)])
        assert result.exit_code == 0, result.output
    assert (
        "UNCERTAIN" in runner.invoke(cli.main, ["replay", str(tmp_path / "log-False.json")]).output
    )


def test_exporters_name_uncertain_and_recorded_steps() -> None:
    r = replay(scene(recorded=False))
    text = export(r, "text")
    assert "#15 " in text and "UNCERTAIN" in text
    assert "Uncertain:    #13, #14, #15" in text
    assert "3 steps are uncertain: they rest on an effect neither executed nor recorded." in text
    markdown = export(r, "markdown")
    assert "— **UNCERTAIN**" in markdown
    assert "- **Uncertain steps:** [#13](#step-13)" in markdown
    html = export(r, "html")
    assert '<span class="badge uncertain">uncertain</span>' in html
    assert ".badge.uncertain{" in html
    r = replay(scene(recorded=True))
    text = export(r, "text")
    assert "RECORDED" in text and "Recorded:     #13" in text
    assert "1 step records what an effect did, not checked against its card text." in text
    assert '<span class="badge recorded">recorded</span>' in export(r, "html")
    plain = export(
        replay(json.loads((ROOT / "examples/union-arena/full-game.json").read_text())), "text"
    )
    assert "Uncertain:" not in plain and "Recorded:" not in plain


def test_canonical_log_keeps_the_outcome_and_replays_the_same() -> None:
    r = replay(scene(recorded=True))
    again = replay(canonical_log(r))
    assert again["steps"] == r["steps"] and again["fidelity"]["status"] == "exact"


def test_other_perspectives_keep_the_verdicts() -> None:
    r = replay(scene(recorded=True), perspective="B")
    assert [s["verdict"] for s in r["steps"][12:14]] == ["unverifiable", "recorded"]


def test_api_summary_schema_takes_the_new_lists() -> None:
    summary = replay(scene(recorded=False))["summary"]
    body = {key: summary[key] for key in SummarySchema().fields if key in summary}
    assert SummarySchema().validate(body) == {}
    assert SummarySchema().dump(body)["uncertain_steps"] == [13, 14, 15]
