"""``judge ask``: exit 0 with the answer (text and ``--json``), exit 2 naming every problem of a
bad question by path; and the core's contract (a question changes nothing, answers are
canonical JSON)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from judge.cli import main
from judge.core.ask import ask
from judge.games.union_arena.testing import board_at_turn_3, free_character


def board() -> dict[str, Any]:
    return board_at_turn_3([free_character("T-001")], ["T-001"], [], a_front=("A-1",)).log()


def write(tmp_path: Path, doc: Any) -> str:
    path = tmp_path / "q.json"
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
    return str(path)


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def test_ask_legal_text_and_json(tmp_path: Path) -> None:
    q = {
        "format": "judge-question/1",
        "kind": "legal",
        "log": board(),
        "action": {"p": "B", "do": "attack", "card": "B-1", "target": "player"},
    }
    path = write(tmp_path, q)
    text = run("ask", path)
    assert text.exit_code == 0, text.output
    assert text.output.splitlines()[2].startswith("Illegal: B attack")
    assert "Rules:" in text.output and "source: " in text.output
    as_json = run("ask", path, "--json")
    assert as_json.exit_code == 0
    doc = json.loads(as_json.output)
    assert doc == ask(q) and doc["legal"] is False
    assert doc["format"] == "judge-answer/1"


def test_ask_legal_says_what_waits_after_a_legal_action_and_what_still_waits_after_an_illegal_one(
    tmp_path: Path,
) -> None:
    """A legal action's explanation describes its consequence, then the decision that follows
    it ("Then waiting: …"), not the decision it answers; an illegal one is not carried out, so
    the same decision still waits ("Waiting now: …")."""
    attacked = board_at_turn_3([free_character("T-001")], ["T-001"], ["T-001"], a_front=("A-1",))
    attacked.attack("A", "A-1")
    q = {"format": "judge-question/1", "kind": "legal", "log": attacked.log()}
    a = ask({**q, "action": {"p": "B", "do": "block", "card": None}})
    assert a["legal"] is True
    assert a["explanation"].startswith("B does not block.")
    assert a["explanation"].endswith("Then waiting: A: pick_life.")
    assert "Waiting now" not in a["explanation"]
    text = run("ask", write(tmp_path, {**q, "action": {"p": "B", "do": "block", "card": None}}))
    assert "Then waiting: A: pick_life." in text.output
    a = ask({**q, "action": {"p": "A", "do": "block", "card": None}})
    assert a["legal"] is False and a["explanation"].endswith("Waiting now: B: block.")


def test_ask_bad_questions_exit_2_by_path(tmp_path: Path) -> None:
    q = {"format": "judge-question/1", "kind": "guess", "log": board(), "step": 500}
    out = run("ask", write(tmp_path, q))
    assert out.exit_code == 2
    assert "error: kind: must be one of: order, damage, legal, options, explain" in out.output
    assert "error: step: step 500 is beyond the log" in out.output


def test_ask_malformed_json_and_limits(tmp_path: Path) -> None:
    out = run("ask", write(tmp_path, '{"kind": "order", "kind": "legal"}'))
    assert out.exit_code == 2 and 'duplicate key "kind"' in out.output
    q = {"format": "judge-question/1", "kind": "options", "log": board()}
    out = run("ask", write(tmp_path, q), "--max-actions", "3")
    assert (
        out.exit_code == 2 and "error: log.actions:" in out.output and "--max-actions" in out.output
    )


def test_ask_a_replay_id_needs_the_service(tmp_path: Path) -> None:
    q = {"format": "judge-question/1", "kind": "explain", "replay": "abc", "step": 1}
    out = run("ask", write(tmp_path, q))
    assert out.exit_code == 2 and "error: replay: a submitted replay is looked up" in out.output


def test_a_question_changes_nothing_and_answers_are_canonical() -> None:
    log = board()
    q = {"format": "judge-question/1", "kind": "options", "log": log}
    first = ask(q)
    assert ask(q) == first
    assert q["log"] == log  # the document asked about is left as it was
    json.dumps(first, sort_keys=True, allow_nan=False)


def test_judge_ask_takes_the_question_as_flags(tmp_path) -> None:
    """`judge ask --log FILE --step N --kind KIND --action JSON` answers what the same
    question written as a document answers; a missing or malformed flag is exit 2 naming it."""
    import json
    from pathlib import Path

    from click.testing import CliRunner

    from judge import cli

    log = (
        Path(__file__).resolve().parents[1]
        / "examples"
        / "union-arena"
        / "illegal-line-and-phase.json"
    )
    action = {"p": "A", "do": "extra_draw"}
    question = tmp_path / "q.json"
    question.write_text(
        json.dumps(
            {
                "format": "judge-question/1",
                "kind": "legal",
                "log": json.loads(log.read_text()),
                "step": 12,
                "action": action,
            }
        )
    )
    runner = CliRunner()
    by_doc = runner.invoke(cli.main, ["ask", str(question), "--json"])
    by_flags = runner.invoke(
        cli.main,
        [
            "ask",
            "--log",
            str(log),
            "--step",
            "12",
            "--kind",
            "legal",
            "--action",
            json.dumps(action),
            "--json",
        ],
    )
    assert by_doc.exit_code == by_flags.exit_code == 0, by_flags.output
    assert by_flags.stdout == by_doc.stdout
    assert json.loads(by_flags.stdout)["legal"] is False
    missing = runner.invoke(cli.main, ["ask", "--log", str(log)])
    assert missing.exit_code == 2 and "--kind" in missing.output
    broken = runner.invoke(
        cli.main, ["ask", "--log", str(log), "--kind", "legal", "--action", "{p"]
    )
    assert broken.exit_code == 2 and "--action" in broken.output
    both = runner.invoke(cli.main, ["ask", str(question), "--kind", "legal"])
    assert both.exit_code == 2
