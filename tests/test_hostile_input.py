"""Hostile and careless input on the command line and in the strict reader (issue 10, "Bad input").

Every command that reads JSON (``replay``, ``legal``, ``canonical``, ``check-deck``), from a
file or from stdin, refuses with ``error:`` lines and exit 2, never a traceback: nesting
1,000 and 100,000 levels deep, a key given twice, a lone surrogate, more bytes or actions
than the limits (which flags raise), and a refusal's list of problems is capped.
"""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from judge import cli
from judge.core.errors import MAX_ERRORS, BadLog, FieldError, capped
from judge.core.jsontext import Limits, TooLarge, read_document

REPO = Path(__file__).resolve().parents[1]
FULL_GAME = REPO / "examples" / "union-arena" / "full-game.json"
COMMANDS = ("replay", "legal", "canonical", "check-deck")


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    return json.loads(FULL_GAME.read_text("utf-8"))


def run(args: list[str], stdin: str | bytes | None = None) -> Any:
    result = CliRunner().invoke(cli.main, args, input=stdin)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    return result


def errors_of(result: Any) -> list[str]:
    lines = result.stderr.splitlines()
    assert lines and all(line.startswith("error: ") for line in lines), lines
    return [line.removeprefix("error: ") for line in lines]


def nested(depth: int) -> str:
    """A log whose ``match`` holds lists nested ``depth`` levels deep."""
    return '{"format": "judge-action-log/1", "match": {"x": ' + "[" * depth + "]" * depth + "}}"


# -- nesting ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("depth", [1_000, 100_000])
@pytest.mark.parametrize("source", ["file", "stdin"])
def test_deep_nesting_exits_2_naming_the_limit(command, depth, source, tmp_path) -> None:
    text = nested(depth)
    if source == "file":
        path = tmp_path / "deep.json"
        path.write_text(text, encoding="utf-8")
        result = run([command, str(path)])
    else:
        result = run([command, "-"], stdin=text)
    assert result.exit_code == 2
    (line,) = errors_of(result)
    assert line.endswith("nested too deeply (the limit is 64 levels; raise it with --max-depth)")


@pytest.mark.parametrize("depth", [63, 64, 65, 500])
@pytest.mark.parametrize("filler", [0, 20_000])
def test_the_depth_limit_is_the_same_for_small_and_large_documents(depth, filler) -> None:
    """A small document's depth is walked after orjson reads it, a large one is read inside
    lists that make orjson's own limit the depth limit (judge.core.jsontext._WALKED_BYTES):
    the limit is 64 levels either way (the document's own object is the first)."""
    text = '{"pad": "' + "x" * filler + '", "x": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"
    assert (len(text) > 8192) == (filler > 0)
    if depth <= 64:
        assert read_document(text)["x"] is not None
        return
    with pytest.raises(BadLog) as caught:
        read_document(text)
    assert "nested too deeply (the limit is 64 levels" in str(caught.value)


def test_deep_nesting_through_real_stdin() -> None:
    """The same in a real process, the document on a pipe (no click test runner)."""
    proc = subprocess.run(
        [sys.executable, "-m", "judge", "replay", "-"],
        input=("[" * 100_000 + "]" * 100_000).encode(),
        capture_output=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert b"Traceback" not in proc.stderr
    assert proc.stderr.decode().startswith("error: <document>: nested too deeply")


def test_max_depth_raises_the_depth_limit(game, tmp_path) -> None:
    doc = copy.deepcopy(game)
    doc["match"] = {"deep": json.loads("[" * 70 + "]" * 70)}
    path = tmp_path / "deep-match.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert run(["replay", str(path)]).exit_code == 2
    assert run(["replay", str(path), "--max-depth", "100"]).exit_code in (0, 1)


# -- duplicate keys -------------------------------------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS)
def test_a_top_level_key_given_twice_is_refused(command, game) -> None:
    text = json.dumps(game)
    assert text.startswith("{")
    twice = '{"game": "union-arena", ' + text[1:]
    result = run([command, "-"], stdin=twice)
    assert result.exit_code == 2
    assert errors_of(result)[0].endswith('duplicate key "game"')


def test_a_key_given_twice_in_an_action_is_refused_by_path(game) -> None:
    text = json.dumps(game)
    action = json.dumps(game["actions"][3])
    assert text.count(action) >= 1
    twice = text.replace(action, action[:-1] + ', "p": "B"}', 1)
    result = run(["replay", "-"], stdin=twice)
    assert result.exit_code == 2
    assert errors_of(result) == ['actions[3]: duplicate key "p"']


def test_duplicates_are_reported_everywhere_at_once() -> None:
    with pytest.raises(BadLog) as caught:
        read_document('{"a": 1, "a": 2, "b": {"c": [{"d": 1, "d": 1, "e": 1, "e": 2}]}}')
    assert [str(e) for e in caught.value.errors] == [
        '<document>: duplicate key "a"',
        'b.c[0]: duplicate key "d"',
        'b.c[0]: duplicate key "e"',
    ]


# -- lone surrogates -------------------------------------------------------------------------------


def with_surrogates(game: dict[str, Any]) -> str:
    """The game with ``\\ud800`` escaped in player A's name and ``\\udc00`` in an action's note."""
    doc = copy.deepcopy(game)
    doc["players"][0]["name"] = "Aki@@HIGH@@"
    doc["actions"][5]["note"] = "look@@LOW@@"
    return json.dumps(doc).replace("@@HIGH@@", "\\ud800").replace("@@LOW@@", "\\udc00")


@pytest.mark.parametrize("command", ["replay", "legal", "canonical"])
def test_a_lone_surrogate_is_refused_by_field_path(command, game, tmp_path) -> None:
    path = tmp_path / "surrogate.json"
    path.write_text(with_surrogates(game), encoding="utf-8")
    result = run([command, str(path)])
    assert result.exit_code == 2
    lines = errors_of(result)
    assert [line.split(":")[0] for line in lines] == ["actions[5].note", "players[0].name"]
    assert "lone surrogate" in lines[1] and "\\ud800" in lines[1]


def test_surrogate_pairs_are_characters_not_problems(game) -> None:
    doc = copy.deepcopy(game)
    doc["players"][0]["name"] = "Aki \U0001f600"
    text = json.dumps(doc)  # ensure_ascii: the emoji as the pair \ud83d\ude00
    assert "\\ud83d\\ude00" in text
    assert read_document(text)["players"][0]["name"] == "Aki \U0001f600"
    assert run(["replay", "-"], stdin=text).exit_code in (0, 1)


def test_a_surrogate_in_str_input_and_in_a_key() -> None:
    with pytest.raises(BadLog) as caught:
        read_document('{"match": {"k\\udfff": 1}, "name": "Aki\ud800"}')
    paths = [e.path for e in caught.value.errors]
    assert paths == ["match", "name"]


# -- the error list is capped -----------------------------------------------------------------------


def bad_actions(game: dict[str, Any], n: int) -> str:
    doc = copy.deepcopy(game)
    doc["actions"] = [{"p": "X", "do": "dance"}] * n
    return json.dumps(doc)


def test_100000_bad_actions_give_the_first_errors_and_how_many_more(game) -> None:
    result = run(["replay", "-", "--max-actions", "100000"], stdin=bad_actions(game, 100_000))
    assert result.exit_code == 2
    lines = errors_of(result)
    assert len(lines) == MAX_ERRORS + 1
    assert lines[0].startswith("actions[0].do: ")
    assert lines[2].startswith("actions[1].do: ")  # list positions in number order
    # 2 problems an action (do and p): 200,000 in all
    more = 200_000 - MAX_ERRORS
    assert lines[-1] == f"and {more:,} more problems, not listed (the first {MAX_ERRORS} are)"


def test_a_capped_list_keeps_a_problem_of_each_top_level_field() -> None:
    errors = [FieldError(f"actions[{i}].p", "player 'X' is not among players") for i in range(500)]
    errors.append(FieldError("players[0].id", "must be a string"))
    kept, more = capped(errors)
    assert more == 401
    assert FieldError("players[0].id", "must be a string") in kept
    assert kept[0].path == "actions[0].p" and kept[-1].path == "players[0].id"
    exc = BadLog(errors)
    assert exc.lines()[-1] == "and 401 more problems, not listed (the first 100 are)"


# -- the number of actions and the size ---------------------------------------------------------------


def test_100001_actions_exit_2_naming_the_limit_and_the_flag(game, tmp_path) -> None:
    doc = copy.deepcopy(game)
    doc["actions"] = [{"p": "A", "do": "proceed"}] * 100_001
    path = tmp_path / "long.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    for command in COMMANDS:
        result = run([command, str(path)])
        assert result.exit_code == 2, command
        assert errors_of(result) == [
            "actions: 100,001 actions, over the limit of 10,000 (raise it with --max-actions)"
        ]


def test_max_actions_raises_the_limit(game, tmp_path) -> None:
    path = tmp_path / "full-game.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    n = len(game["actions"])
    refused = run(["replay", str(path), "--max-actions", str(n - 1)])
    assert refused.exit_code == 2
    assert errors_of(refused) == [
        f"actions: {n} actions, over the limit of {n - 1} (raise it with --max-actions)"
    ]
    assert run(["replay", str(path), "--max-actions", str(n)]).exit_code in (0, 1)


def test_a_file_over_max_bytes_exits_2_naming_its_size_and_the_limit(game, tmp_path) -> None:
    path = tmp_path / "full-game.json"
    text = json.dumps(game)
    path.write_text(text, encoding="utf-8")
    size = len(text.encode())
    result = run(["replay", str(path), "--max-bytes", "1000"])
    assert result.exit_code == 2
    assert errors_of(result) == [
        f"{path}: {size:,} bytes, over the limit of 1,000 bytes (raise it with --max-bytes)"
    ]
    assert run(["replay", str(path), "--max-bytes", str(size)]).exit_code in (0, 1)


class CountingStdin:
    """A stdin whose ``buffer`` counts the bytes read from it, endless unless read whole."""

    def __init__(self, total: int) -> None:
        self.read_bytes = 0
        self.buffer = self
        self.stream = io.BytesIO(b" " * total)

    def read(self, n: int = -1) -> bytes:
        data = self.stream.read(n)
        self.read_bytes += len(data)
        return data


def test_stdin_is_read_no_further_than_the_limit_plus_one_byte(monkeypatch) -> None:
    from judge.commands import common

    stdin = CountingStdin(10_000_000)
    monkeypatch.setattr(common.sys, "stdin", stdin)
    with pytest.raises(SystemExit) as exited:
        common.read_text("-", Limits(max_bytes=1000))
    assert exited.value.code == 2
    assert stdin.read_bytes == 1001


def test_the_reader_refuses_size_before_anything_else() -> None:
    with pytest.raises(TooLarge) as caught:
        read_document(b"x" * 101, Limits(max_bytes=100))  # not even JSON: size comes first
    assert caught.value.limit == "max_bytes"
    assert str(caught.value) == "<document>: the document is 101 bytes, over the limit of 100 bytes"


@pytest.mark.parametrize("text", ["null", "1", '"log"', "[]", "true", "[[1]]"])
def test_a_document_that_is_not_an_object_is_bad_input(text) -> None:
    with pytest.raises(BadLog) as caught:
        read_document(text)
    assert str(caught.value) == "<document>: a document is a JSON object"
    result = run(["replay", "-"], stdin=text)
    assert result.exit_code == 2
    assert errors_of(result) == ["<document>: a log is a JSON object"]
