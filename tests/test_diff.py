"""``judge diff``: two records of one match, made up by editing example logs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge import cli
from judge.audit.diff import diff, render_text, same_match, summary_line
from judge.core.canonical import canonical_json

UA = Path(__file__).resolve().parents[1] / "examples" / "union-arena"


def load(name: str) -> dict:
    return json.loads((UA / name).read_text("utf-8"))


def test_identical_records_agree_without_judging() -> None:
    a = load("full-game.json")
    d = diff(a, load("full-game.json"))
    assert d["agree"] and d["first_difference"] is None and d["judged"] is None
    assert d["changes_verdict"] is False and d["changes_result"] is False
    assert summary_line(d) == "the records agree"


def test_a_changed_action_that_changes_verdicts_and_result() -> None:
    a = load("full-game.json")
    b = load("full-game.json")
    b["actions"][40] = {"p": "B", "do": "concede"}
    b["checkpoints"] = []
    d = diff(a, b)
    first = d["first_difference"]
    assert first["index"] == 40 and first["b"] == {"p": "B", "do": "concede"}
    assert {f["path"] for f in first["fields"]} == {"card", "do", "p", "targets", "to"}
    assert {"path": "do", "a": "play", "b": "concede"} in first["fields"]
    assert d["verdicts"]["from"] == 40
    assert d["verdicts"]["differ"][0] == {
        "step": 41,
        "a": {"verdict": "legal", "rules": []},
        "b": {"verdict": "illegal", "rules": ["UA-PHASE"]},
    }
    assert d["changes_verdict"] and d["changes_result"]
    assert d["judged"]["a"]["result"] == {"winner": "A", "reason": "life"}
    assert d["judged"]["b"]["result"] == {"winner": "A", "reason": "concede"}
    assert [e["path"] for e in d["envelope"]] == ["checkpoints"]
    line = summary_line(d)
    assert "first disagree at action 40" in line and "the result differs" in line


def test_a_difference_that_changes_nothing_judged() -> None:
    a = load("illegal-line-and-phase.json")
    b = load("illegal-line-and-phase.json")
    b["actions"][5]["note"] = "Ben's client wrote a note here"
    d = diff(a, b)
    assert d["first_difference"]["fields"] == [
        {"path": "note", "b": "Ben's client wrote a note here"}
    ]
    assert not d["agree"]
    assert d["changes_verdict"] is False and d["changes_result"] is False
    assert "no verdict changes; the result is the same" in summary_line(d)


def test_one_record_goes_on() -> None:
    a = load("illegal-line-and-phase.json")
    b = load("illegal-line-and-phase.json")
    del b["actions"][20:]
    d = diff(a, b)
    assert d["first_difference"]["index"] == 20 and d["first_difference"]["b"] is None
    assert d["actions"] == {"a": 33, "b": 20}
    # the steps only the first record has: its illegal play at 29 counts, its legal ones not
    assert [s["step"] for s in d["verdicts"]["differ"]] == [29]
    assert d["changes_verdict"] and not d["changes_result"]
    assert "from action 20 only the first record goes on" in summary_line(d)


def test_an_envelope_difference_is_judged_from_the_start() -> None:
    a = load("full-game.json")
    b = load("full-game.json")
    b["hidden"]["seed"] = "another seed"
    d = diff(a, b)
    assert d["envelope"] == [{"path": "hidden.seed", "a": "store-finals-7", "b": "another seed"}]
    assert d["first_difference"] is None and d["verdicts"]["from"] == 0
    assert d["judged"]["a"]["status"] == "judged"


def test_a_record_that_is_bad_input() -> None:
    a = load("illegal-line-and-phase.json")
    b = load("illegal-line-and-phase.json")
    b["actions"][3]["colour"] = "red"
    d = diff(a, b)
    assert d["judged"]["b"]["status"] == "bad-input"
    assert d["changes_verdict"] is None and d["changes_result"] is None
    assert "is bad input" in render_text(d)


def test_same_match() -> None:
    a = load("full-game.json")
    b = load("diverged-checkpoint.json")
    assert same_match(a, b)
    b["match"]["table"] = 2
    assert not same_match(a, b)
    del a["match"]["table"]
    assert not same_match(a, a)  # without a table nothing says two logs are one match


@pytest.fixture
def records(tmp_path: Path) -> tuple[Path, Path]:
    a, b = load("illegal-line-and-phase.json"), load("illegal-line-and-phase.json")
    b["actions"][13] = {"p": "A", "do": "proceed"}
    pa, pb = tmp_path / "aki.json", tmp_path / "ben.json"
    pa.write_text(json.dumps(a), "utf-8")
    pb.write_text(json.dumps(b), "utf-8")
    return pa, pb


def test_judge_diff_command(records: tuple[Path, Path], tmp_path: Path) -> None:
    pa, pb = records
    runner = CliRunner()
    result = runner.invoke(cli.main, ["diff", str(pa), str(pb)])
    assert result.exit_code == 1
    assert result.stdout.startswith("aki.json / ben.json: first disagree at action 13")
    assert (
        "  action 13:" in result.stdout
        and "step 13: illegal (UA-START-EXTRA-DRAW)" in result.stdout
    )
    result = runner.invoke(cli.main, ["diff", str(pa), str(pb), "--json"])
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert result.stdout == canonical_json(doc) + "\n"
    assert doc["format"] == "judge-diff/1" and doc["first_difference"]["index"] == 13
    assert doc["a"] == str(pa) and doc["changes_verdict"] is True
    assert runner.invoke(cli.main, ["diff", str(pa), str(pa)]).exit_code == 0
    broken = tmp_path / "broken.json"
    broken.write_text("{", "utf-8")
    result = runner.invoke(cli.main, ["diff", str(pa), str(broken)])
    assert result.exit_code == 2 and result.stderr.startswith("error: ")
