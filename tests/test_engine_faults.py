"""Engine faults: an engine's exception is an :class:`~judge.core.fault.EngineFault`, never
bad input nor a traceback (the CLI exits 3); and the crashes the mutation fuzz found
(tests/test_fuzz_examples.py), each judged as the rule catalogue says.

The fault tests inject the exception into an engine method (monkeypatch): once the crashes
are fixed no real log makes an engine raise, which is the one kind of fault a test may fake.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from judge import cli
from judge.core.errors import BadLog
from judge.core.fault import EXIT_ENGINE_ERROR, EngineFault
from judge.core.replay import position, replay
from judge.games.zx.engine import ZXEngine

ROOT = Path(__file__).resolve().parent.parent
ZX_A = ROOT / "examples" / "zx" / "full-game-zx-a.json"


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def swapped(doc: dict[str, Any], i: int, j: int) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    out["actions"][i], out["actions"][j] = out["actions"][j], out["actions"][i]
    return out


# -- the crashes the fuzz found ----------------------------------------------------------------


def test_zx_alter_force_naming_a_card_not_in_the_trash_is_not_applied() -> None:
    """examples/zx/full-game-zx-a.json with actions[24] and actions[100] swapped: step 25 (A's
    resolve of A-D3, which trashes A-20) comes out of turn and is not applied, so at step 69
    Alter Force names A-20, which is not in A's trash.  Under on_illegal=apply the engine
    moved it from the trash anyway (ValueError: list.remove).  ZX-ALTER-FORCE: "choose X
    cards of your trash": the step is illegal, and a target that is not there is not applied
    (docs/action-log.md): the state stays as it was, as under skip."""
    doc = swapped(load(ZX_A), 24, 100)
    for on_illegal in ("apply", "skip"):
        r = replay(doc, on_illegal=on_illegal, detail="full")
        step = r["steps"][69]
        assert step["action"] == {
            "p": "A",
            "do": "resolve",
            "source": "A-18",
            "targets": ["A-30", "A-20"],
        }
        assert step["verdict"] == "illegal"
        assert [v["rule"] for v in step["violations"]] == ["ZX-ALTER-FORCE"]
        if on_illegal == "apply":
            assert step["unverifiable"] == [
                "`resolve` could not be applied as played: A-20 is not in A's trash."
            ]
        # nothing moved: A-20 is in the charge zone, A-30 still in the trash, and Alter
        # Force still waits
        before, after = r["steps"][68]["state"]["players"]["A"], step["state"]["players"]["A"]
        assert after == before
        assert "A-30" in after["trash"] and after["charge"] == ["A-20"]
        assert [p["source"] for p in step["pending"]] == ["A-18"]
    engine = position(doc, on_illegal="apply")  # the same steps as a replay: no fault either
    assert engine.result() == replay(doc, on_illegal="apply")["summary"]["result"]


def test_zx_alter_force_naming_a_trash_card_twice_is_not_applied() -> None:
    """Alter Force 2 naming one trash card twice: the second is no longer in the trash once
    the first is put under the Z/X; the step is illegal and not applied."""
    doc = load(ZX_A)
    index = next(
        i
        for i, a in enumerate(doc["actions"])
        if a.get("do") == "resolve" and a.get("source") == "A-18"
    )
    doc["actions"][index]["targets"] = [doc["actions"][index]["targets"][0]] * 2
    r = replay(doc, on_illegal="apply")
    step = r["steps"][index]
    assert step["verdict"] == "illegal"
    assert [v["rule"] for v in step["violations"]] == ["ZX-ALTER-FORCE"]
    assert step["unverifiable"][0].startswith("`resolve` could not be applied as played: ")


# -- an engine's exception is an EngineFault ------------------------------------------------


@pytest.fixture
def zx_breaks_at(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Make the Z/X engine's check raise ``ValueError("injected")`` at step ``n``."""

    original = ZXEngine.check

    def breaks_at(n: int) -> None:
        def check(self: ZXEngine, action: dict[str, Any], ctx: Any) -> Any:
            if ctx.index == n:
                raise ValueError("injected")
            return original(self, action, ctx)

        monkeypatch.setattr(ZXEngine, "check", check)

    return breaks_at


def test_a_fault_names_the_step_the_action_the_game_and_an_id(zx_breaks_at: Any) -> None:
    doc = load(ZX_A)
    zx_breaks_at(5)
    with pytest.raises(EngineFault) as caught:
        replay(doc)
    fault = caught.value
    assert not isinstance(fault, (BadLog, ValueError))  # neither bad input nor the engine's
    assert (fault.step, fault.action, fault.game) == (5, doc["actions"][5], "zx")
    assert (fault.error_type, fault.message, fault.where) == ("ValueError", "injected", "step")
    assert isinstance(fault.__cause__, ValueError)  # the traceback kept for the server's log
    action = json.dumps(doc["actions"][5], sort_keys=True, separators=(",", ":"))
    assert str(fault) == (
        f"engine error at step 5 (action {action}): ValueError: injected; "
        f"report id {fault.fault_id}"
    )
    assert len(fault.fault_id) == 16 and int(fault.fault_id, 16) >= 0
    assert fault.to_problem() == {
        "fault_id": fault.fault_id,
        "step": 5,
        "where": "step",
        "game": "zx",
        "engine_version": fault.engine_version,
    }


def test_the_fault_id_is_the_same_on_every_run_and_differs_by_step_and_log(
    zx_breaks_at: Any,
) -> None:
    doc = load(ZX_A)
    zx_breaks_at(5)
    ids = []
    for d in (doc, copy.deepcopy(doc), swapped(doc, 30, 31)):
        with pytest.raises(EngineFault) as caught:
            replay(d, on_illegal="apply")
        ids.append(caught.value.fault_id)
    zx_breaks_at(6)
    with pytest.raises(EngineFault) as caught:
        replay(doc)
    ids.append(caught.value.fault_id)
    assert ids[0] == ids[1]  # same log, same engine, same step and type: same id
    assert len(set(ids)) == 3  # another log, another step: another id


def test_a_fault_outside_any_step_says_where(monkeypatch: pytest.MonkeyPatch) -> None:
    doc = load(ZX_A)

    def boom(self: Any) -> Any:
        raise KeyError("cards")

    monkeypatch.setattr(ZXEngine, "cards_used", boom)
    with pytest.raises(EngineFault) as caught:
        replay(doc)
    fault = caught.value
    assert (fault.step, fault.where, fault.error_type) == (None, "end", "KeyError")
    assert str(fault).startswith("engine error after the last step: KeyError: 'cards'")


def test_bad_input_is_still_bad_input() -> None:
    with pytest.raises(BadLog):
        replay({"format": "judge-action-log/1", "game": "zx"})


# -- the command line: exit 3 for every command that judges ------------------------------------


def _run(args: list[str]) -> Any:
    return CliRunner().invoke(cli.main, args, catch_exceptions=False)


def test_cli_replay_exits_3_with_the_fault_line(zx_breaks_at: Any, tmp_path: Path) -> None:
    zx_breaks_at(5)
    path = tmp_path / "log.json"
    path.write_text(ZX_A.read_text(encoding="utf-8"), encoding="utf-8")
    for args in (
        ["replay", str(path)],
        ["replay", str(path), "--on-illegal", "apply", "--json"],
        ["canonical", str(path)],
        ["legal", str(path)],
    ):
        result = _run(args)
        assert result.exit_code == EXIT_ENGINE_ERROR == 3, args
        line = result.stderr.strip()
        assert line.startswith("engine error at step 5 (action {"), args
        assert ": ValueError: injected; report id " in line
        assert "error:" not in line and "Traceback" not in result.stderr


def test_cli_ask_exits_3(zx_breaks_at: Any, tmp_path: Path) -> None:
    zx_breaks_at(5)
    question = {"format": "judge-question/1", "kind": "options", "log": load(ZX_A), "step": 9}
    path = tmp_path / "q.json"
    path.write_text(json.dumps(question), encoding="utf-8")
    result = _run(["ask", str(path)])
    assert result.exit_code == 3
    assert result.stderr.startswith("engine error at step 5 ")


def test_cli_legal_exits_3_for_a_fault_after_the_last_step(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def boom(self: Any) -> Any:
        raise IndexError("legal")

    monkeypatch.setattr(ZXEngine, "legal_actions", boom)
    result = _run(["legal", str(ZX_A)])
    assert result.exit_code == 3
    assert result.stderr.startswith("engine error after the last step: IndexError: legal")


def test_cli_position_exits_3(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(self: Any) -> Any:
        raise IndexError("legal")

    monkeypatch.setattr(ZXEngine, "legal_actions", boom)
    result = _run(["position", str(ROOT / "examples" / "positions" / "zx-appear-choice.json")])
    assert result.exit_code == 3
    assert "IndexError: legal; report id " in result.stderr


def test_cli_check_deck_exits_3(monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.commands import catalogue

    def boom(*args: Any) -> Any:
        raise TypeError("deck rules")

    monkeypatch.setattr(catalogue, "_load", lambda spec: boom)
    result = _run(["check-deck", str(ROOT / "examples" / "union-arena" / "full-game.json")])
    assert result.exit_code == 3
    assert result.stderr.startswith("engine error judging a deck list: TypeError: deck rules")


def test_a_fault_answering_a_question_is_an_engine_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.core.ask import ask

    def boom(self: Any) -> Any:
        raise IndexError("legal")

    monkeypatch.setattr(ZXEngine, "legal_actions", boom)
    question = {"format": "judge-question/1", "kind": "options", "log": load(ZX_A), "step": 9}
    with pytest.raises(EngineFault) as caught:
        ask(question)
    assert (caught.value.where, caught.value.step, caught.value.game) == ("question", None, "zx")
    assert str(caught.value).startswith("engine error answering the question: IndexError: legal")


def test_a_fault_crosses_a_queue_as_json_with_its_id(zx_breaks_at: Any) -> None:
    zx_breaks_at(5)
    with pytest.raises(EngineFault) as caught:
        replay(load(ZX_A))
    data = json.loads(json.dumps(caught.value.to_dict()))
    again = EngineFault.from_dict(data)
    assert again.to_dict() == caught.value.to_dict()
    assert str(again) == str(caught.value)


def test_a_fault_setting_up_the_game_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    original = ZXEngine.__init__

    def init(self: ZXEngine, *args: Any) -> None:
        original(self, *args)
        raise AttributeError("setup")

    monkeypatch.setattr(ZXEngine, "__init__", init)
    with pytest.raises(EngineFault) as caught:
        replay(load(ZX_A))
    assert (caught.value.step, caught.value.where) == (None, "start")
    assert str(caught.value).startswith(
        "engine error before the first action (setting up the game): AttributeError: setup"
    )
