"""The replay exporters: one walk, text / Markdown / HTML / JSON, all deterministic."""

from __future__ import annotations

import copy
import doctest
import json
import re

import pytest

import judge.core.export as export_module
from judge.core.canonical import canonical_json
from judge.core.export import (
    EXPORTERS,
    Exporter,
    HtmlExporter,
    JsonExporter,
    MarkdownExporter,
    TextExporter,
    describe_action,
    export,
    walk,
)

ENERGY_MESSAGE = "SMP-011 needs 1 red energy; A's energy line generates 0 red."
MISSING_BLOCK = "the log records no block decision by B after this attack"


def _player_state(life, hand, front_line=(), energy_line=()):
    return {
        "life": life,
        "hand": hand,
        "deck": 36,
        "ap": {"active": 1, "total": 2},
        "front_line": list(front_line),
        "energy_line": list(energy_line),
        "outside": [],
        "removal": [],
    }


def _state(turn, turn_player, phase, a, b):
    return {"turn": turn, "turn_player": turn_player, "phase": phase, "players": {"A": a, "B": b}}


CADET = {"id": "A-3", "code": "SMP-001", "name": "Harbor Cadet", "rested": False, "bp": 1500}


def fixture_replay() -> dict:
    """A small hand-written replay: legal, illegal, unverifiable steps; a result."""
    steps = [
        {
            "index": 0,
            "player": "B",
            "action": {"p": "B", "do": "first_player", "first": "A"},
            "turn": 0,
            "phase": "setup",
            "verdict": "legal",
            "violations": [],
            "unverifiable": [],
            "rulings": [{"rule": "UA-SETUP", "message": "B won rock-paper-scissors and chose A."}],
            "events": [{"type": "draw", "text": "A draws 7 cards.", "player": "A", "count": 7}],
            "pending": [{"player": "A", "kind": "mulligan", "text": "A must decide a mulligan"}],
            "after_illegal": False,
            "skipped": False,
            "state": _state(0, "A", "setup", _player_state(7, 7), _player_state(7, 7)),
        },
        {
            "index": 1,
            "player": "A",
            "action": {"p": "A", "do": "play", "card": "SMP-001", "to": "energy_line"},
            "turn": 2,
            "phase": "main",
            "verdict": "legal",
            "violations": [],
            "unverifiable": [],
            "rulings": [{"rule": "UA-START-AP", "message": "A, first player, has 2 AP on turn 2."}],
            "events": [{"type": "play", "text": "A plays Harbor Cadet to the energy line."}],
            "pending": [],
            "after_illegal": False,
            "skipped": False,
            "state": _state(
                2, "A", "main", _player_state(7, 5, energy_line=[CADET]), _player_state(7, 6)
            ),
        },
        {
            "index": 2,
            "player": "A",
            "action": {
                "p": "A",
                "do": "play",
                "card": "SMP-011",
                "to": "front_line",
                "note": "<script>alert('note')</script>",
            },
            "turn": 2,
            "phase": "main",
            "verdict": "illegal",
            "violations": [{"rule": "UA-ENERGY", "message": ENERGY_MESSAGE}],
            "unverifiable": [],
            "rulings": [],
            "events": [],
            "pending": [],
            "after_illegal": False,
            "skipped": True,
            "state": _state(
                2, "A", "main", _player_state(7, 5, energy_line=[CADET]), _player_state(7, 6)
            ),
        },
        {
            "index": 3,
            "player": "A",
            "action": {"p": "A", "do": "attack", "card": "A-3", "target": "player"},
            "turn": 2,
            "phase": "attack",
            "verdict": "unverifiable",
            "violations": [],
            "unverifiable": [MISSING_BLOCK],
            "rulings": [],
            "events": [{"type": "attack", "text": "Harbor Cadet attacks B."}],
            "pending": [{"player": "B", "kind": "block", "text": "B must decide whether to block"}],
            "after_illegal": False,
            "skipped": False,
            "state": _state(
                2,
                "A",
                "attack",
                _player_state(7, 5, front_line=[dict(CADET, rested=True)]),
                _player_state(7, 6),
            ),
        },
        {
            "index": 4,
            "player": "A",
            "action": {"p": "A", "do": "pick_life", "cards": [3], "reveal": ["SMP-002"]},
            "turn": 2,
            "phase": "attack",
            "verdict": "legal",
            "violations": [],
            "unverifiable": [],
            "rulings": [
                {"rule": "UA-DAMAGE", "message": "Unblocked: 1 damage, A picks 1 life card."}
            ],
            "events": [
                {"type": "life", "text": "B turns life card 3: Tide Watcher.", "card": "B-6"},
                {"type": "loss", "text": "B has no life left: A wins."},
            ],
            "pending": [],
            "after_illegal": False,
            "skipped": False,
            "state": _state(
                2,
                "A",
                "attack",
                _player_state(7, 5, front_line=[dict(CADET, rested=True)]),
                _player_state(0, ["B-6", "B-9"]),
            ),
            "state_sha256": "ab" * 32,
        },
    ]
    return {
        "format": "judge-replay/1",
        "game": "union-arena",
        "variant": None,
        "log_sha256": "0f" * 32,
        "engine": {"name": "tcg-judge", "version": "0.1.0", "rules": "1"},
        "options": {"on_illegal": "skip", "perspective": "judge"},
        "rule_options": {"first_turn_attack": False},
        "match": {"event": "store championship", "round": 1, "table": 3},
        "players": [{"id": "A", "name": "Mio"}, {"id": "B", "name": "Ren <script>x</script>"}],
        "cards": [{"code": "SMP-001", "name": "Harbor Cadet", "type": "character"}],
        "summary": {
            "result": {"winner": "A", "reason": "life"},
            "illegal_steps": [2],
            "unverifiable_steps": [3],
            "steps": 5,
            "stopped_at": None,
        },
        "fidelity": {"status": "unchecked", "checked": 0, "first_mismatch": None},
        "rules_cited": {
            "UA-DAMAGE": {
                "title": "Damage",
                "text": "Unblocked damage: the attacking player picks that many life cards.",
                "source": "000 §8",
                "confidence": "OFF-tr",
            },
            "UA-ENERGY": {
                "title": "Required energy",
                "text": "A card can be played only if the energy line generates its energy.",
                "source": "000 §5",
                "confidence": "OFF-tr",
            },
            "UA-SETUP": {
                "title": "Setup",
                "text": "Rock-paper-scissors decides who chooses the first player.",
                "source": "README §UA",
                "confidence": "OFF",
            },
            "UA-START-AP": {
                "title": "AP in the start phase",
                "text": "First player 1, 2, 3 AP on its turns 1, 2, 3+.",
                "source": "README §UA",
                "confidence": "OFF",
            },
        },
        "steps": steps,
    }


FIXTURE = fixture_replay()


def run(exporter: Exporter, replay: dict | None = None) -> str:
    walk(fixture_replay() if replay is None else replay, exporter)
    return exporter.result()


# ---------------------------------------------------------------------------------------
# the walk


class Recorder(Exporter):
    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []

    def begin(self, replay):
        self.calls.append(("begin", replay.get("game")))

    def step(self, step):
        self.calls.append(("step", step["index"]))

    def end(self, replay):
        self.calls.append(("end", replay.get("game")))

    def result(self) -> str:
        return repr(self.calls)


def test_walk_visits_each_step_once_in_order_for_every_exporter():
    first, second = Recorder(), Recorder()
    walk(fixture_replay(), first, second)
    expected = (
        [("begin", "union-arena")] + [("step", i) for i in range(5)] + [("end", "union-arena")]
    )
    assert first.calls == expected
    assert second.calls == expected


def test_walk_reads_the_steps_only_once():
    class OnceList(list):
        iterations = 0

        def __iter__(self):
            OnceList.iterations += 1
            return super().__iter__()

    replay = fixture_replay()
    replay["steps"] = OnceList(replay["steps"])
    walk(replay, Recorder(), Recorder(), TextExporter(), HtmlExporter())
    assert OnceList.iterations == 1


def test_all_exporters_in_one_walk_match_separate_walks():
    together = [cls() for cls in EXPORTERS.values()]
    walk(fixture_replay(), *together)
    for exporter, cls in zip(together, EXPORTERS.values(), strict=True):
        assert exporter.result() == run(cls())


def test_doctests():
    failures, tried = doctest.testmod(export_module)
    assert tried > 0
    assert failures == 0


# ---------------------------------------------------------------------------------------
# describe_action


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (
            {"p": "A", "do": "play", "card": "SMP-011", "to": "front_line"},
            "play SMP-011 → front_line",
        ),
        ({"p": "A", "do": "attack", "card": "A-3", "target": "player"}, "attack A-3 → player"),
        ({"p": "B", "do": "block", "card": None}, "block none"),
        (
            {"p": "A", "do": "pick_life", "cards": [3], "reveal": ["SMP-002"]},
            "pick_life [3] (SMP-002)",
        ),
        ({"p": "A", "do": "proceed"}, "proceed"),
        ({"p": "B", "do": "first_player", "first": "A"}, "first_player first=A"),
        ({"p": "A", "do": "move", "cards": ["A-1", "A-2"]}, "move [A-1, A-2]"),
        (
            {"p": "A", "do": "raid", "card": "A-9", "onto": "A-3", "to_front_line": True},
            "raid A-9 → A-3 to_front_line=yes",
        ),
        (
            {
                "p": "A",
                "do": "activate",
                "card": "A-3",
                "ability": 1,
                "costs": {"discard": ["A-8"]},
            },
            "activate A-3 ability 1 costs={discard: [A-8]}",
        ),
        (
            {
                "p": "A",
                "do": "play",
                "card": {"zone": "hand", "code": "SMP-004"},
                "to": "front_line",
            },
            "play SMP-004@hand → front_line",
        ),
    ],
)
def test_describe_action(action, text):
    assert describe_action(action) == text


def test_describe_action_ignores_field_order():
    a = {"p": "A", "do": "x", "zeta": 1, "alpha": [True, None]}
    b = {"alpha": [True, None], "zeta": 1, "do": "x", "p": "A"}
    assert describe_action(a) == describe_action(b) == "x alpha=[yes, none] zeta=1"


# ---------------------------------------------------------------------------------------
# every exporter


@pytest.mark.parametrize("fmt", sorted(EXPORTERS))
def test_every_exporter_names_the_violation(fmt):
    out = export(fixture_replay(), fmt)
    assert "UA-ENERGY" in out
    if fmt == "html":
        assert "SMP-011 needs 1 red energy; A&#x27;s energy line generates 0 red." in out
    else:
        assert ENERGY_MESSAGE in out


@pytest.mark.parametrize("fmt", sorted(EXPORTERS))
def test_every_exporter_is_deterministic(fmt):
    first = export(fixture_replay(), fmt)
    second = export(copy.deepcopy(fixture_replay()), fmt)
    assert first == second
    # free metadata and options in another key order give the same bytes
    shuffled = fixture_replay()
    shuffled["match"] = dict(reversed(list(shuffled["match"].items())))
    shuffled["rules_cited"] = dict(reversed(list(shuffled["rules_cited"].items())))
    assert export(shuffled, fmt) == first


@pytest.mark.parametrize("fmt", sorted(EXPORTERS))
def test_every_exporter_copes_with_a_minimal_replay(fmt):
    minimal = {"steps": [{"index": 0, "action": {"p": "A", "do": "proceed"}}]}
    out = export(minimal, fmt)
    assert "proceed" in out


def test_unknown_format():
    with pytest.raises(ValueError, match="unknown export format 'pdf'"):
        export(fixture_replay(), "pdf")


# ---------------------------------------------------------------------------------------
# JSON


def test_json_is_canonical_and_byte_identical():
    first = run(JsonExporter())
    second = run(JsonExporter())
    assert first == second
    assert first == canonical_json(fixture_replay())
    assert first.encode("utf-8") == second.encode("utf-8")
    assert json.loads(first) == fixture_replay()


def test_json_indented_is_the_same_document():
    out = run(JsonExporter(indent=2))
    assert "\n  " in out
    assert json.loads(out) == fixture_replay()
    assert out == run(JsonExporter(indent=2))


# ---------------------------------------------------------------------------------------
# text


def test_text_header_and_step_lines():
    out = run(TextExporter())
    lines = out.splitlines()
    assert lines[0] == "Replay: union-arena"
    assert "Players:   A (Mio), B (Ren <script>x</script>)" in lines
    assert "Match:     event: store championship, round: 1, table: 3" in lines
    assert f"Log:       sha256 {'0f' * 32}" in lines
    assert "Engine:    tcg-judge 0.1.0 (rules 1)" in lines
    assert any(line.startswith("Fidelity:  unchecked") for line in lines)
    assert "#2 T2 main  A  play SMP-011 → front_line   ILLEGAL" in lines
    assert "#1 T2 main  A  play SMP-001 → energy_line" in lines
    assert "#3 T2 attack  A  attack A-3 → player   UNVERIFIABLE" in lines
    assert f"      ✗ UA-ENERGY: {ENERGY_MESSAGE}" in lines
    assert f"      ? {MISSING_BLOCK}" in lines
    assert "      § UA-START-AP: A, first player, has 2 AP on turn 2." in lines
    assert "      • A plays Harbor Cadet to the energy line." in lines
    assert "      … B must decide whether to block" in lines
    assert "      (skipped: not applied to the game)" in lines
    assert "      note: <script>alert('note')</script>" in lines


def test_text_summary_and_rules_cited_once():
    out = run(TextExporter())
    assert "Result:       A wins (life)" in out
    assert "Illegal:      #2" in out
    assert "Unverifiable: #3" in out
    assert "1 illegal play found." in out
    cited = out.split("Rules cited", 1)[1]
    for rule_id in ("UA-DAMAGE", "UA-ENERGY", "UA-SETUP", "UA-START-AP"):
        assert cited.count(f"{rule_id} — ") == 1
    assert "UA-ENERGY — Required energy [OFF-tr]" in cited
    assert "A card can be played only if the energy line generates its energy." in cited
    assert "Source: 000 §5" in cited
    # sorted by id
    order = [m.group(1) for m in re.finditer(r"^(UA-[A-Z-]+) — ", cited, re.M)]
    assert order == sorted(order)


def test_text_cites_rules_missing_from_rules_cited():
    replay = fixture_replay()
    del replay["rules_cited"]["UA-ENERGY"]
    out = run(TextExporter(), replay)
    assert "UA-ENERGY — (not in the replay's catalogue)" in out


def test_text_says_when_steps_are_only_unverifiable():
    replay = fixture_replay()
    replay["summary"]["illegal_steps"] = []
    out = run(TextExporter(), replay)
    assert "No illegal play found, but 1 step could not be verified." in out


def test_text_states_on_request():
    plain = run(TextExporter())
    with_states = run(TextExporter(states=True))
    assert "[A] life" not in plain
    assert "[A] life 7; hand 5; deck 36; ap 1/2 active; front_line A-3 Harbor Cadet" in with_states
    assert "[B] life 0; hand B-6, B-9" in with_states
    assert f"state sha256 {'ab' * 32}" in with_states


def test_text_fidelity_diverged():
    replay = fixture_replay()
    replay["fidelity"] = {
        "status": "diverged",
        "checked": 1,
        "first_mismatch": {"after": 19, "expected": "aa", "actual": "bb"},
    }
    out = run(TextExporter(), replay)
    assert "diverged: the checkpoint after step #19 expected aa, the engine computed bb" in out


# ---------------------------------------------------------------------------------------
# Markdown


def test_markdown_structure():
    out = run(MarkdownExporter())
    assert out.startswith("# Replay: union-arena\n")
    assert "\n## Setup\n" in out
    assert "\n## Turn 2 — A\n" in out
    assert out.count("\n## Turn 2 — A\n") == 1
    assert "`play SMP-011 → front_line` — **ILLEGAL**" in out
    assert f"  - ✗ [UA-ENERGY](#rule-UA-ENERGY): {ENERGY_MESSAGE}" in out
    assert "## Rules cited" in out
    assert '### <a id="rule-UA-ENERGY"></a>UA-ENERGY — Required energy' in out
    assert "[#2](#step-2)" in out


def test_markdown_escapes_markup_from_the_log():
    out = run(MarkdownExporter())
    assert "<script>" not in out
    assert "&lt;script&gt;" in out


# ---------------------------------------------------------------------------------------
# HTML


def test_html_is_one_self_contained_page():
    out = run(HtmlExporter())
    assert out.startswith("<!DOCTYPE html>")
    assert out.rstrip().endswith("</html>")
    assert "<style>" in out
    lowered = out.lower()
    for external in ("<script", "<link", "src=", "http://", "https://", "@import"):
        assert external not in lowered


def test_html_escapes_every_string():
    out = run(HtmlExporter())
    assert "<script>" not in out
    assert "&lt;script&gt;alert(&#x27;note&#x27;)&lt;/script&gt;" in out
    assert "Ren &lt;script&gt;x&lt;/script&gt;" in out


def test_html_anchors_and_badges():
    out = run(HtmlExporter())
    for i in range(5):
        assert f'id="step-{i}"' in out
    assert '<a href="#rule-UA-ENERGY"><code>UA-ENERGY</code></a>' in out
    assert 'id="rule-UA-ENERGY"' in out
    assert '<span class="badge illegal">illegal</span>' in out
    assert '<span class="badge unverifiable">unverifiable</span>' in out
    assert '<span class="badge legal">legal</span>' in out
    assert '<a href="#step-2">#2</a>' in out
    assert "<details><summary>State after this step</summary>" in out
    # every rule link has its target
    targets = set(re.findall(r'id="(rule-[^"]+)"', out))
    links = set(re.findall(r'href="#(rule-[^"]+)"', out))
    assert links <= targets
