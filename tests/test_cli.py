"""The ``judge`` command line: exit codes, formats, errors without tracebacks."""

from __future__ import annotations

import copy
import importlib
import importlib.util
import json
import subprocess
import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge import cli
from judge.core.canonical import canonical_json
from judge.core.errors import BadLog, FieldError
from judge.core.log import decode

try:
    from test_export import ENERGY_MESSAGE, fixture_replay
except ImportError:  # collected as a package
    from tests.test_export import ENERGY_MESSAGE, fixture_replay

REPO = Path(__file__).resolve().parents[1]
# the contract's example logs, copied unchanged into the repository (see test_spec_examples)
EXAMPLES = REPO / "tests" / "spec_examples" / "union-arena"
LOG_TEXT = '{"format": "judge-action-log/1"}'


def _importable(name: str, attribute: str | None = None) -> bool:
    try:
        module = importlib.import_module(name)
    except Exception:
        return False
    return attribute is None or hasattr(module, attribute)


def _catalogue_ready() -> bool:
    if not (REPO / "judge" / "games" / "union_arena" / "rules.toml").exists():
        return False
    try:
        from judge.games import catalogue

        catalogue("union-arena")
    except Exception:
        return False
    return True


HAVE_ENGINE = _importable("judge.core.replay", "replay")
HAVE_CATALOGUE = _catalogue_ready()
HAVE_SCHEMA = _importable("schemas.action_log", "action_log_json_schema")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def log_file(tmp_path: Path) -> Path:
    path = tmp_path / "match.json"
    path.write_text(LOG_TEXT, encoding="utf-8")
    return path


def patch_replay(monkeypatch: pytest.MonkeyPatch, fake) -> list[dict]:
    """Replace ``judge.core.replay.replay``; return the list of calls it receives.

    While the engine module is not written yet, a stand-in module takes its place.
    """
    calls: list[dict] = []

    def recording(data, *, on_illegal="skip", perspective="judge", detail="compact"):
        calls.append({"data": data, "on_illegal": on_illegal, "perspective": perspective})
        return fake(data, on_illegal=on_illegal, perspective=perspective)

    if HAVE_ENGINE:
        module = importlib.import_module("judge.core.replay")
    else:
        module = types.ModuleType("judge.core.replay")
        monkeypatch.setitem(sys.modules, "judge.core.replay", module)
    monkeypatch.setattr(module, "replay", recording, raising=False)
    return calls


def returning(replay: dict):
    def fake(data, **_options):
        decode(data)  # like the engine: malformed JSON is bad input
        return copy.deepcopy(replay)

    return fake


def all_legal() -> dict:
    replay = fixture_replay()
    for step in replay["steps"]:
        step["verdict"] = "legal"
        step["violations"] = []
        step["unverifiable"] = []
    replay["summary"]["illegal_steps"] = []
    replay["summary"]["unverifiable_steps"] = []
    return replay


def only_unverifiable() -> dict:
    replay = fixture_replay()
    replay["steps"][2]["verdict"] = "legal"
    replay["steps"][2]["violations"] = []
    replay["summary"]["illegal_steps"] = []
    return replay


def no_traceback(result) -> None:
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


# ---------------------------------------------------------------------------------------
# judge replay: exit codes and output


def test_replay_illegal_exits_1(runner, monkeypatch, log_file):
    patch_replay(monkeypatch, returning(fixture_replay()))
    result = runner.invoke(cli.main, ["replay", str(log_file)])
    assert result.exit_code == 1, result.output
    assert "#2 T2 main  A  play SMP-011 → front_line   ILLEGAL" in result.stdout
    assert f"✗ UA-ENERGY: {ENERGY_MESSAGE}" in result.stdout
    assert "Rules cited" in result.stdout


def test_replay_all_legal_exits_0(runner, monkeypatch, log_file):
    patch_replay(monkeypatch, returning(all_legal()))
    result = runner.invoke(cli.main, ["replay", str(log_file)])
    assert result.exit_code == 0, result.output
    assert "Every step is legal." in result.stdout


def test_replay_unverifiable_alone_exits_0_and_says_so(runner, monkeypatch, log_file):
    patch_replay(monkeypatch, returning(only_unverifiable()))
    result = runner.invoke(cli.main, ["replay", str(log_file)])
    assert result.exit_code == 0, result.output
    assert "UNVERIFIABLE" in result.stdout
    assert "could not be verified" in result.stdout


def test_replay_passes_options_and_text(runner, monkeypatch, log_file):
    calls = patch_replay(monkeypatch, returning(all_legal()))
    result = runner.invoke(
        cli.main, ["replay", str(log_file), "--on-illegal", "stop", "--perspective", "B"]
    )
    assert result.exit_code == 0, result.output
    assert calls == [{"data": LOG_TEXT, "on_illegal": "stop", "perspective": "B"}]


def test_replay_defaults(runner, monkeypatch, log_file):
    calls = patch_replay(monkeypatch, returning(all_legal()))
    runner.invoke(cli.main, ["replay", str(log_file)])
    assert calls[0]["on_illegal"] == "skip"
    assert calls[0]["perspective"] == "judge"


def test_replay_bad_on_illegal_is_a_usage_error(runner, monkeypatch, log_file):
    patch_replay(monkeypatch, returning(all_legal()))
    result = runner.invoke(cli.main, ["replay", str(log_file), "--on-illegal", "ignore"])
    assert result.exit_code == 2
    no_traceback(result)


@pytest.mark.parametrize(
    ("args", "check"),
    [
        (["--json"], lambda out: out == canonical_json(fixture_replay()) + "\n"),
        (["--format", "json"], lambda out: out == canonical_json(fixture_replay()) + "\n"),
        (["--format", "markdown"], lambda out: out.startswith("# Replay: union-arena")),
        (["--format", "html"], lambda out: out.startswith("<!DOCTYPE html>")),
        (["--format", "text", "--states"], lambda out: "[A] life 7" in out),
    ],
)
def test_replay_formats(runner, monkeypatch, log_file, args, check):
    patch_replay(monkeypatch, returning(fixture_replay()))
    result = runner.invoke(cli.main, ["replay", str(log_file), *args])
    assert result.exit_code == 1, result.output
    assert check(result.stdout)


def test_replay_json_and_other_format_conflict(runner, monkeypatch, log_file):
    patch_replay(monkeypatch, returning(fixture_replay()))
    result = runner.invoke(cli.main, ["replay", str(log_file), "--json", "--format", "html"])
    assert result.exit_code == 2
    no_traceback(result)


def test_replay_output_file(runner, monkeypatch, log_file, tmp_path):
    patch_replay(monkeypatch, returning(fixture_replay()))
    target = tmp_path / "replay.html"
    result = runner.invoke(
        cli.main, ["replay", str(log_file), "--format", "html", "--output", str(target)]
    )
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_replay_from_stdin(runner, monkeypatch):
    calls = patch_replay(monkeypatch, returning(all_legal()))
    result = runner.invoke(cli.main, ["replay", "-", "--json"], input=LOG_TEXT)
    assert result.exit_code == 0, result.output
    assert calls[0]["data"] == LOG_TEXT
    assert json.loads(result.stdout)["format"] == "judge-replay/1"


# ---------------------------------------------------------------------------------------
# judge replay: bad input exits 2, with error lines and no traceback


def test_replay_bad_log_lists_every_field_error(runner, monkeypatch, log_file):
    def bad(data, **_options):
        raise BadLog(
            [
                FieldError("actions[3].card", "unknown card code 'XYZ-999'"),
                FieldError("players[1].id", "duplicate player id 'A'"),
            ]
        )

    patch_replay(monkeypatch, bad)
    result = runner.invoke(cli.main, ["replay", str(log_file)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "error: actions[3].card: unknown card code 'XYZ-999'",
        "error: players[1].id: duplicate player id 'A'",
    ]
    assert result.stdout == ""
    no_traceback(result)


def test_replay_malformed_json(runner, monkeypatch, tmp_path):
    patch_replay(monkeypatch, returning(fixture_replay()))
    path = tmp_path / "broken.json"
    path.write_text('{"format": "judge-action-log/1",', encoding="utf-8")
    result = runner.invoke(cli.main, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: <document>: malformed JSON at line 1")
    no_traceback(result)


def test_replay_value_error_from_the_engine(runner, monkeypatch, log_file):
    def bad(data, **_options):
        raise ValueError("unknown perspective 'Z': expected judge, public, A or B")

    patch_replay(monkeypatch, bad)
    result = runner.invoke(cli.main, ["replay", str(log_file), "--perspective", "Z"])
    assert result.exit_code == 2
    assert result.stderr == "error: unknown perspective 'Z': expected judge, public, A or B\n"
    no_traceback(result)


def test_replay_missing_file(runner, monkeypatch, tmp_path):
    patch_replay(monkeypatch, returning(fixture_replay()))
    missing = tmp_path / "nope.json"
    result = runner.invoke(cli.main, ["replay", str(missing)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {missing}: cannot read:")
    no_traceback(result)


def test_replay_directory_is_unreadable(runner, monkeypatch, tmp_path):
    patch_replay(monkeypatch, returning(fixture_replay()))
    result = runner.invoke(cli.main, ["replay", str(tmp_path)])
    assert result.exit_code == 2
    assert "cannot read" in result.stderr
    no_traceback(result)


def test_replay_not_utf8(runner, monkeypatch, tmp_path):
    calls = patch_replay(monkeypatch, returning(fixture_replay()))
    path = tmp_path / "latin1.json"
    path.write_bytes('{"match": {"event": "Café"}}'.encode("latin-1"))
    result = runner.invoke(cli.main, ["replay", str(path)])
    assert result.exit_code == 2
    assert "not UTF-8 text" in result.stderr
    assert calls == []
    no_traceback(result)


@pytest.mark.skipif(not HAVE_ENGINE, reason="judge.core.replay is not written yet")
def test_real_engine_malformed_json(runner, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{nope", encoding="utf-8")
    result = runner.invoke(cli.main, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
    no_traceback(result)


# ---------------------------------------------------------------------------------------
# judge replay on the real engine and the spec's examples


@pytest.mark.skipif(not HAVE_ENGINE, reason="judge.core.replay is not written yet")
@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="shared spec examples not available")
@pytest.mark.parametrize("name", ["opening-turns", "colour-and-rested"])
def test_real_engine_on_spec_examples(runner, name):
    path = EXAMPLES / f"{name}.json"
    if not path.exists():
        pytest.skip(f"{path} missing")
    expected = json.loads((EXAMPLES / "expected.json").read_text("utf-8"))[name]
    result = runner.invoke(cli.main, ["replay", str(path), "--json"])
    no_traceback(result)
    replay = json.loads(result.stdout)
    assert replay["summary"]["illegal_steps"] == expected["illegal_steps"]
    winner = (replay["summary"]["result"] or {}).get("winner")
    assert winner == expected["winner"]
    assert result.exit_code == (1 if expected["illegal_steps"] else 0)
    for fmt in ("text", "markdown", "html"):
        again = runner.invoke(cli.main, ["replay", str(path), "--format", fmt])
        assert again.exit_code == result.exit_code
        assert "Traceback" not in again.output


# ---------------------------------------------------------------------------------------
# judge rules


def test_rules_unknown_game(runner):
    result = runner.invoke(cli.main, ["rules", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.stderr
    assert "union-arena" in result.stderr
    no_traceback(result)


DEMO_RULES = """
game = "union-arena"
version = "7"
[[rule]]
id = "UA-ONE"
section = "Setup"
title = "First rule"
text = "The first rule, long enough to be wrapped when the terminal listing is printed by the judge command line."
source = "seed §1"
confidence = "OFF"
[[rule]]
id = "UA-TWO"
section = "Battle"
title = "Second rule"
text = "The second rule."
source = "README"
confidence = "GAP"
[[option]]
name = "strict_two"
rule = "UA-TWO"
default = false
choices = [true, false]
text = "Apply the second rule strictly."
"""


@pytest.fixture
def demo_catalogue(monkeypatch):
    from judge.core.rules import Catalogue

    cat = Catalogue.from_toml_text(DEMO_RULES)
    monkeypatch.setattr("judge.games.catalogue", lambda game: cat)
    return cat


def test_rules_text_layout(runner, demo_catalogue):
    result = runner.invoke(cli.main, ["rules", "union-arena"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Rules of union-arena (catalogue version 7)"
    assert lines.index("Setup") < lines.index("UA-ONE  First rule  [OFF]")
    assert lines.index("Battle") < lines.index("UA-TWO  Second rule  [GAP]")
    assert "    Source: seed §1" in lines
    assert "Rule options" in lines
    assert "strict_two = false  (choices: true, false; rule UA-TWO; gap option)" in lines
    assert lines[2] == "Confidence labels (how sure a rule is, by its source):"
    assert lines[3].startswith("  [OFF] official text") and "[FAN]" not in result.stdout
    assert "    Apply the second rule strictly." in lines
    assert all(len(line) <= 100 for line in lines)


def test_rules_json_and_unknown_rule_with_a_demo_catalogue(runner, demo_catalogue):
    result = runner.invoke(cli.main, ["rules", "union-arena", "--json"])
    assert result.stdout == canonical_json(demo_catalogue.to_dict()) + "\n"
    one = runner.invoke(cli.main, ["rules", "union-arena", "ua-two"])
    assert one.exit_code == 0
    assert one.stdout.startswith("UA-TWO  Second rule  [GAP]")
    unknown = runner.invoke(cli.main, ["rules", "union-arena", "UA-THREE"])
    assert unknown.exit_code == 2
    assert unknown.stderr == (
        "error: unknown rule 'UA-THREE' for union-arena; known rules: UA-ONE, UA-TWO\n"
    )


@pytest.mark.skipif(not HAVE_CATALOGUE, reason="the Union Arena rule catalogue is not there yet")
def test_rules_listing(runner):
    from judge.games import catalogue

    cat = catalogue("union-arena")
    result = runner.invoke(cli.main, ["rules", "union-arena"])
    assert result.exit_code == 0, result.output
    for rule in cat.rules.values():
        assert f"{rule.id}  {rule.title}  [{rule.confidence}]" in result.stdout
        assert f"Source: {rule.source}" in result.stdout
    if cat.options:
        assert "Rule options" in result.stdout
        for name in cat.options:
            assert f"\n{name} = " in result.stdout


@pytest.mark.skipif(not HAVE_CATALOGUE, reason="the Union Arena rule catalogue is not there yet")
def test_rules_json_and_single_rule(runner):
    from judge.games import catalogue

    cat = catalogue("union-arena")
    result = runner.invoke(cli.main, ["rules", "union-arena", "--json"])
    assert result.exit_code == 0, result.output
    assert result.stdout == canonical_json(cat.to_dict()) + "\n"

    rule = next(iter(cat.rules.values()))
    one = runner.invoke(cli.main, ["rules", "union-arena", rule.id])
    assert one.exit_code == 0, one.output
    assert one.stdout.startswith(f"{rule.id}  {rule.title}")
    one_json = runner.invoke(cli.main, ["rules", "union-arena", rule.id, "--json"])
    assert json.loads(one_json.stdout) == rule.to_dict()

    unknown = runner.invoke(cli.main, ["rules", "union-arena", "UA-NO-SUCH-RULE"])
    assert unknown.exit_code == 2
    assert "unknown rule 'UA-NO-SUCH-RULE'" in unknown.stderr
    assert rule.id in unknown.stderr
    no_traceback(unknown)


# ---------------------------------------------------------------------------------------
# judge schema


@pytest.mark.skipif(not HAVE_SCHEMA, reason="schemas.action_log is not written yet")
def test_schema_action_log(runner):
    from schemas.action_log import action_log_json_schema

    result = runner.invoke(cli.main, ["schema", "action-log"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == json.loads(json.dumps(action_log_json_schema()))
    assert result.stdout == (
        json.dumps(action_log_json_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    )


def test_schema_prints_indented_sorted_json(runner, monkeypatch):
    monkeypatch.setitem(cli.SCHEMAS, "action-log", lambda: {"title": "é", "$id": "x"})
    result = runner.invoke(cli.main, ["schema", "action-log"])
    assert result.exit_code == 0, result.output
    assert result.stdout == '{\n  "$id": "x",\n  "title": "é"\n}\n'


def test_schema_unknown_name(runner):
    result = runner.invoke(cli.main, ["schema", "nonsense"])
    assert result.exit_code == 2
    no_traceback(result)


# ---------------------------------------------------------------------------------------
# judge check-deck (the checker itself is stubbed: only the command is tested here)


class Problem:
    def __init__(self, rule: str, message: str, cards: list[str]) -> None:
        self.rule, self.message, self.cards = rule, message, cards

    def to_dict(self) -> dict:
        return {"rule": self.rule, "message": self.message, "cards": self.cards}


def fake_check(main, ap, cards):
    problems = []
    if len(main) != 50:
        problems.append(Problem("UA-DECK-SIZE", f"the deck has {len(main)} cards, not 50", []))
    return problems


CARDS = [
    {"code": "T-001", "name": "One", "type": "character"},
    {"code": "T-AP", "name": "AP", "type": "ap"},
]


@pytest.fixture
def stub_checker(monkeypatch):
    monkeypatch.setitem(cli.DECK_CHECKERS, "union-arena", fake_check)


def write(tmp_path: Path, doc: dict) -> str:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def test_check_deck_legal(runner, stub_checker, tmp_path):
    deck = {"game": "union-arena", "main": ["T-001"] * 50, "ap": ["T-AP"] * 3, "cards": CARDS}
    result = runner.invoke(cli.main, ["check-deck", write(tmp_path, deck)])
    assert result.exit_code == 0, result.output
    assert result.stdout == "Deck: legal\n"


def test_check_deck_problems_exit_1(runner, stub_checker, tmp_path):
    deck = {"game": "union-arena", "main": ["T-001"] * 4, "ap": ["T-AP"] * 3, "cards": CARDS}
    result = runner.invoke(cli.main, ["check-deck", write(tmp_path, deck)])
    assert result.exit_code == 1, result.output
    assert "✗ UA-DECK-SIZE: the deck has 4 cards, not 50" in result.stdout
    as_json = runner.invoke(cli.main, ["check-deck", write(tmp_path, deck), "--json"])
    assert as_json.exit_code == 1
    doc = json.loads(as_json.stdout)
    assert doc["legal"] is False
    assert doc["decks"][0]["problems"][0]["rule"] == "UA-DECK-SIZE"


def test_check_deck_unknown_codes_exit_2(runner, stub_checker, tmp_path):
    deck = {"game": "union-arena", "main": ["T-001", "ZZZ-404"], "ap": ["T-AP"], "cards": CARDS}
    result = runner.invoke(cli.main, ["check-deck", write(tmp_path, deck)])
    assert result.exit_code == 2
    assert "error: main[1]: unknown card code 'ZZZ-404'" in result.stderr
    no_traceback(result)


def test_check_deck_every_deck_of_a_log(runner, stub_checker, tmp_path):
    log = {
        "format": "judge-action-log/1",
        "game": "union-arena",
        "players": [{"id": "P2", "name": "Ben"}, {"id": "P1", "name": "Aki"}],
        "cards": CARDS,
        "decks": {
            "P1": {"main": ["T-001"] * 50, "ap": ["T-AP"] * 3},
            "P2": {"main": ["T-001"] * 49, "ap": ["T-AP"] * 3},
        },
        "actions": [],
    }
    result = runner.invoke(cli.main, ["check-deck", write(tmp_path, log)])
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines() == [
        "Deck of P2: 1 problem",
        "  ✗ UA-DECK-SIZE: the deck has 49 cards, not 50",
        "Deck of P1: legal",
    ]


def test_check_deck_unknown_game_and_bad_json(runner, stub_checker, tmp_path):
    result = runner.invoke(cli.main, ["check-deck", write(tmp_path, {"game": "chess"})])
    assert result.exit_code == 2
    assert "no deck rules for 'chess'" in result.stderr
    broken = tmp_path / "broken.json"
    broken.write_text("[1, 2", encoding="utf-8")
    result = runner.invoke(cli.main, ["check-deck", str(broken)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {broken}: malformed JSON")
    no_traceback(result)


# ---------------------------------------------------------------------------------------
# python -m judge


def test_python_dash_m_judge():
    result = subprocess.run(
        [sys.executable, "-m", "judge", "--help"],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    for command in ("replay", "rules", "check-deck", "schema"):
        assert command in result.stdout


def test_every_command_and_option_has_help():
    for name, command in cli.main.commands.items():
        assert command.help, name
        for param in command.params:
            if getattr(param, "param_type_name", "") == "option":
                assert param.help, f"{name} {param.name}"


def test_importlib_spec_of_main_module():
    assert importlib.util.find_spec("judge.__main__") is not None


def test_rules_output_explains_every_confidence_label_it_shows(runner) -> None:
    from judge.core.rules import LABELS
    from judge.games import catalogue

    out = runner.invoke(cli.main, ["rules", "union-arena"]).output
    used = {rule.confidence for rule in catalogue("union-arena").rules.values()}
    legend = out.split("\n\n")[1]
    assert legend.startswith("Confidence labels")
    for label in LABELS:
        assert (f"[{label}] " in legend) == (label in used), label
    assert "deck_construction = true" in out and "format option" in out
    one = runner.invoke(cli.main, ["rules", "union-arena", "UA-DECK-SIZE"]).output
    label = catalogue("union-arena")["UA-DECK-SIZE"].confidence
    assert f"[{label}] {LABELS[label][:30]}" in " ".join(one.split())


def test_replay_carries_annotations_into_markdown_and_the_viewer_file(runner, tmp_path):
    log = REPO / "examples" / "union-arena" / "illegal-line-and-phase.json"
    notes = tmp_path / "notes.json"
    notes.write_text(
        json.dumps(
            {
                "annotations": [
                    {"id": 1, "step": 13, "text": "Seen by all", "author": "Kim", "view": "public"},
                    {"id": 2, "step": 13, "text": "Only the judge's", "view": "judge"},
                ]
            }
        )
    )
    public = runner.invoke(
        cli.main,
        [
            "replay",
            str(log),
            "--format",
            "markdown",
            "--perspective",
            "public",
            "--annotations",
            str(notes),
        ],
    )
    assert "annotation: Kim: Seen by all" in public.stdout
    assert "Only the judge's" not in public.stdout
    judge = runner.invoke(
        cli.main, ["replay", str(log), "--format", "markdown", "--annotations", str(notes)]
    )
    assert "Only the judge" in judge.stdout
    page = runner.invoke(
        cli.main,
        ["replay", str(log), "--format", "html", "--perspective", "B", "--annotations", str(notes)],
    ).stdout
    data = json.loads(page.split('id="replay-data">', 1)[1].split("</script>", 1)[0])
    assert data["views"] == ["public", "B"] and data["perspective"] == "B"
    assert [n["text"] for n in data["replays"]["B"]["annotations"]] == ["Seen by all"]
    assert "Only the judge" not in page
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"annotations": [{"step": -1, "text": "x"}]}))
    refused = runner.invoke(cli.main, ["replay", str(log), "--annotations", str(bad)])
    assert refused.exit_code == 2
    assert "annotations[0].step" in refused.output
