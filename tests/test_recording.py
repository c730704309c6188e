"""Recording a match (:mod:`judge.core.recording`): the answer after each decision is what
the replay and the engine say of that prefix (step verdicts, frames, legal actions), the
cache of engines changes nothing but time (forward, undo, another log, another
``on_illegal``), reading a log from a cached prefix refuses exactly what reading it whole
refuses, a perspective never widens, and a match's settings make a log or are refused by
field."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from judge.core import recording_start
from judge.core.canonical import canonical_json
from judge.core.errors import BadLog
from judge.core.fault import EngineFault
from judge.core.log import parse_log
from judge.core.recording import EngineCache, answer, read_log
from judge.core.recording_start import search_cards, start_log
from judge.core.replay import replay, run_step, start

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def example(path: str) -> dict[str, Any]:
    doc = json.loads((EXAMPLES / path).read_text("utf-8"))
    doc.pop("checkpoints", None)
    return doc


def prefix(log: dict[str, Any], n: int) -> dict[str, Any]:
    return {**log, "actions": copy.deepcopy(log["actions"][:n])}


@pytest.mark.parametrize(
    ("path", "on_illegal"),
    [
        ("rebirth/illegal-plays.json", "skip"),
        ("rebirth/illegal-plays.json", "apply"),
        ("zx/illegal-out-of-range.json", "skip"),
        ("rangers-strike/tag-illegal-team-play.json", "apply"),
        ("union-arena/illegal-line-and-phase.json", "skip"),
    ],
)
def test_each_answer_is_the_replays_step_and_the_engines_legal_actions(
    path: str, on_illegal: str
) -> None:
    log = prefix(example(path), 60)  # the first 60 decisions: setup, turns, the illegal plays
    full = replay(log, on_illegal=on_illegal, detail="full")
    cache = EngineCache()
    engine = start(parse_log(log))
    for n in range(len(log["actions"]) + 1):
        got = answer(prefix(log, n), on_illegal=on_illegal, cache=cache)
        if n:
            run_step(engine, n - 1, copy.deepcopy(log["actions"][n - 1]), on_illegal)
        assert [a["action"] for a in got["legal_actions"]] == (
            [] if engine.result() else engine.legal_actions()
        )
        assert got["pending"] == engine.pending()
        assert got["actions"] == n
        if n == 0:
            assert got["last"] is None
            continue
        step = full["steps"][n - 1]
        assert got["last"]["verdict"] == step["verdict"]
        assert [v["rule"] for v in got["last"]["violations"]] == [
            v["rule"] for v in step["violations"]
        ]
        assert got["frame"]["state"] == step["state"]
    assert got["result"] == full["summary"]["result"]


def test_an_illegal_play_names_its_rule_with_text_and_source() -> None:
    log = example("zx/illegal-out-of-range.json")
    got = answer(log, cache=None)
    (violation,) = got["last"]["violations"]
    cited = replay(log)["rules_cited"][violation["rule"]]
    assert violation["text"] == cited["text"] and violation["source"] == cited["source"]
    assert got["last"]["verdict"] == "illegal" and got["last"]["skipped"]


def test_a_label_names_cards_by_name_and_lists_their_ids() -> None:
    log = example("union-arena/full-game.json")
    got = answer(prefix(log, 40), cache=None)
    plays = [a for a in got["legal_actions"] if a["action"]["do"] == "play"]
    assert plays
    names = {c["code"]: c["name"] for c in got["cards"]}
    codes = parse_log(log).cards
    for item in plays:
        card = item["action"]["card"]
        assert item["cards"][0] == card
        assert f"{names[_code(log, card)]} ({card})" in item["label"]
        assert item["key"] == canonical_json(item["action"])
    assert codes


def _code(log: dict[str, Any], iid: str) -> str:
    pid, n = iid.rsplit("-", 1)
    if n.startswith("AP"):
        return log["decks"][pid]["ap"][int(n[2:]) - 1]
    return log["decks"][pid]["main"][int(n) - 1]


def test_the_cache_changes_nothing_forward_back_across_logs_and_options() -> None:
    ua = example("union-arena/full-game.json")
    rb = example("rebirth/illegal-plays.json")
    cache = EngineCache(size=8)
    walk = [(ua, n, "skip") for n in range(0, 60)]
    walk += [(ua, n, "skip") for n in (59, 58, 30, 31, 5)]  # undo, and far back
    walk += [(rb, n, o) for n in range(0, 12) for o in ("skip", "apply")]
    walk += [(ua, 61, "skip"), (rb, 11, "apply")]
    for log, n, on_illegal in walk:
        cached = answer(prefix(log, n), on_illegal=on_illegal, cache=cache)
        if n % 7 and log is ua and n < 59:
            continue  # forward through the cache; checked against a rebuild now and then
        fresh = answer(prefix(log, n), on_illegal=on_illegal, cache=None)
        assert canonical_json(cached) == canonical_json(fresh), (log["game"], n, on_illegal)
    assert cache.hits > 0


@pytest.mark.parametrize(
    "path",
    sorted(
        str(p.relative_to(EXAMPLES))
        for p in EXAMPLES.glob("*/*.json")
        if '"judge-action-log/1"' in p.read_text("utf-8")[:200]
    ),
)
def test_an_engine_taken_from_the_cache_judges_as_a_fresh_one(path: str) -> None:
    """Every example, recorded on from a cached prefix (its start, a third of it) and after
    an undo: the answer is the one judged from scratch.  (A copied engine would not be: its
    ordering policy would ask the engine it was copied from who the turn player is, which
    is what made the simultaneous-effects example differ once.)"""
    log = example(path)
    n = len(log["actions"])
    cache = EngineCache()
    for k in (0, n // 3, n, n - 1, n):
        cached = answer(prefix(log, max(k, 0)), cache=cache)
        assert canonical_json(cached) == canonical_json(answer(prefix(log, max(k, 0)), cache=None))


def test_a_changed_earlier_action_is_a_new_prefix() -> None:
    log = example("zx/full-game-zx-a.json")
    cache = EngineCache()
    answer(prefix(log, 30), cache=cache)
    changed = prefix(log, 30)
    changed["actions"][3] = {**changed["actions"][3], "note": "a note changes the key"}
    assert canonical_json(answer(changed, cache=cache)["frame"]) == canonical_json(
        answer(prefix(log, 30), cache=None)["frame"]
    )
    changed["actions"][0] = {"p": "B", "do": "first_player", "first": "B"}
    assert answer(changed, cache=cache) == answer(changed, cache=None)


def test_reading_from_a_cached_prefix_refuses_what_reading_whole_refuses() -> None:
    log = example("rangers-strike/1v1-full-game.json")
    cache = EngineCache()
    answer(prefix(log, 20), cache=cache)
    bad = prefix(log, 25)
    bad["actions"][22] = {"p": "A", "do": "charge", "card": "NOPE-1", "to": "command"}
    bad["actions"][24] = {"p": "Z", "do": "proceed"}
    with pytest.raises(BadLog) as whole:
        parse_log(bad)
    with pytest.raises(BadLog) as cached:
        read_log(bad, cache=cache)
    assert [e.to_dict() for e in cached.value.errors] == [e.to_dict() for e in whole.value.errors]
    assert {e.path.split(".")[0] for e in cached.value.errors} == {"actions[22]", "actions[24]"}


def test_a_player_sees_no_card_of_another_hand() -> None:
    log = example("union-arena/full-game.json")
    judge = answer(prefix(log, 40), cache=None)
    to_act = judge["pending"][0]["player"]
    other = next(p["id"] for p in log["players"] if p["id"] != to_act)
    hand = judge["frame"]["state"]["players"][to_act]["hand"]
    seen = answer(prefix(log, 40), perspective=other, cache=None)
    text = canonical_json({k: v for k, v in seen.items() if k not in ("cards", "decks")})
    assert seen["frame"]["state"]["players"][to_act]["hand"] == len(hand)
    hidden_ids = [c if isinstance(c, str) else c.get("id") for c in hand]
    assert hidden_ids and not any(f'"{i}"' in text for i in hidden_ids if i)
    assert all(not set(a["cards"]) & set(hidden_ids) for a in seen["legal_actions"])


def test_bad_perspective_and_on_illegal_are_named_fields() -> None:
    log = example("zx/illegal-out-of-range.json")
    with pytest.raises(BadLog) as caught:
        answer(log, perspective="Q", on_illegal="later", cache=None)
    assert sorted(e.path for e in caught.value.errors) == ["on_illegal", "perspective"]


def test_an_engine_fault_is_not_bad_input(monkeypatch: pytest.MonkeyPatch) -> None:
    # a fault no log can cause: the engine's own legal_actions fails
    from judge.games import engine_class

    cls = engine_class("zx")

    def broken(self: Any) -> Any:
        raise ZeroDivisionError("broken")

    monkeypatch.setattr(cls, "legal_actions", broken)
    with pytest.raises(EngineFault):
        answer(example("zx/illegal-out-of-range.json"), cache=None)


# -- starting a match ---------------------------------------------------------------------------


def ua_settings(**over: Any) -> dict[str, Any]:
    deck = "4 Cinder Gunner\n46 UAS-001"
    settings = {
        "game": "union-arena",
        "players": [{"id": "A", "name": "Aki"}, {"id": "B"}],
        "card_sets": ["ua-sample"],
        "decks": {
            "A": {"main": deck, "ap": "3 Action Point"},
            "B": {"main": deck, "ap": "3 Action Point"},
        },
        "hidden": {"mode": "seeded", "seed": "s1"},
    }
    settings.update(over)
    return settings


def test_a_deck_pasted_by_name_with_quantities_is_read_as_codes() -> None:
    doc = start_log(ua_settings())
    assert doc["decks"]["A"]["main"] == ["UAS-003"] * 4 + ["UAS-001"] * 46
    assert doc["actions"] == [] and doc["format"] == "judge-action-log/1"
    assert doc["players"] == [{"id": "A", "name": "Aki"}, {"id": "B"}]
    assert answer(doc, cache=None)["legal_actions"]  # the game can begin


def test_deck_lines_are_read_in_every_written_form() -> None:
    cards = {
        "X-1": {"name": "Blue Hawk"},
        "X-2": {"name": "紅蓮の騎士"},
        "X-3": {"name": "Blue Hawk"},
    }
    codes, errors = recording_start.read_deck_text(
        "2 X-1\nX-2 x3\n# a comment\n\n1 紅蓮の騎士\n１ 紅蓮の騎士\nblue hawk\nNobody", cards, "d"
    )
    assert codes == ["X-1", "X-1", "X-2", "X-2", "X-2", "X-2", "X-2"]
    assert [(e.path, e.message.split(":")[0]) for e in errors] == [
        ("d[line 7]", "'blue hawk' is the name of 2 cards (X-1, X-3)"),
        ("d[line 8]", "no card named or coded 'Nobody' in the card sets"),
    ]


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (
            {"decks": {"A": {"main": "4 Nobody"}, "B": {"main": "4 UAS-001"}}},
            "decks.A.main[line 1]",
        ),
        ({"hidden": {"mode": "seeded"}}, "hidden.seed"),
        ({"hidden": {"mode": "guessed"}}, "hidden.mode"),
        ({"players": [{"id": "A"}, {"name": "no id"}]}, "players[1].id"),
        ({"card_sets": ["no-such-set"]}, "card_sets[0]"),
        ({"game": "chess"}, "game"),
        ({"decks": {"A": {"main": "1 UAS-001", "side": "1 UAS-001"}}}, "decks.A.side"),
        ({"rule_options": {"no_such_option": True}}, "rule_options.no_such_option"),
        ({"rule_options": ["x"]}, "rule_options"),
        ({"match": [[1, 2]]}, "match"),
        ({"variant": 7}, "variant"),
    ],
)
def test_settings_refused_name_the_field(change: dict[str, Any], path: str) -> None:
    with pytest.raises(BadLog) as caught:
        start_log(ua_settings(**change))
    assert path in [e.path for e in caught.value.errors], caught.value.errors


def test_tag_battle_seats_four_players_in_two_teams_by_default() -> None:
    deck = "\n".join(
        f"1 {c}" for c in example("rangers-strike/tag-full-game.json")["decks"]["A1"]["main"]
    )
    tag = example("rangers-strike/tag-full-game.json")
    players = ["A1", "A2", "B1", "B2"]
    settings = {
        "game": "rangers-strike",
        "variant": "tag",
        "players": players,
        "cards": tag["cards"],
        "decks": {p: {"main": deck} for p in players},
        "hidden": {"mode": "observed"},
    }
    doc = start_log(settings)
    assert doc["teams"] == [
        {"id": "T1", "players": ["A1", "A2"]},
        {"id": "T2", "players": ["B1", "B2"]},
    ]
    assert doc["hidden"] == {"mode": "observed"}
    assert answer(doc, cache=None)["pending"]


def test_a_position_starts_a_recording() -> None:
    pos = json.loads((EXAMPLES / "positions" / "ua-attack-block.json").read_text("utf-8"))
    doc = start_log({"position": pos})
    assert doc["start"] == pos["start"] and doc["actions"] == []
    got = answer(doc, cache=None)
    assert got["legal_actions"] and got["last"] is None
    with pytest.raises(BadLog) as caught:
        start_log({"position": {**pos, "decks": {}}})
    assert [e.path for e in caught.value.errors] == ["position.decks"]


def test_a_card_is_found_by_code_or_name_in_english_or_japanese() -> None:
    found = search_cards("cinder", ["ua-sample"])
    assert [c["code"] for c in found][:1] == ["UAS-003"] or any(
        "Cinder" in c["name"] for c in found
    )
    assert all("cinder" in c["name"].casefold() for c in found)
    assert search_cards("uas-003", ["ua-sample"])[0]["code"] == "UAS-003"
    own = [{"code": "T-9", "name": "紅蓮の騎士", "type": "character"}]
    assert [c["code"] for c in search_cards("紅蓮", [], own)] == ["T-9"]
    assert [c["code"] for c in search_cards("ｸﾞ", [], own)] == []
    with pytest.raises(BadLog) as caught:
        search_cards("x", ["no-such-set"])
    assert caught.value.errors[0].path == "card_sets[0]"


@pytest.mark.parametrize(
    "path",
    [
        "union-arena/illegal-raid-and-reveal.json",
        "rangers-strike/1v1-paper-match.json",
        "rangers-strike/tag-team-layer.json",
        "zx/observed-reveals.json",
        "rebirth/observed-blocker.json",
    ],
)
def test_a_perspectives_board_is_its_frame(path: str) -> None:
    """What a player (or the public) sees of the board is what the viewer's frame of that
    step shows it (:func:`judge.core.frames.frames`), at the end and a third of the way."""
    from judge.core.frames import frames

    log = example(path)
    n = len(log["actions"])
    cache = EngineCache()
    for k in (n // 3, n):
        doc = prefix(log, k)
        for view in ["public", *(p["id"] for p in log["players"])]:
            got = answer(doc, perspective=view, cache=cache)["frame"]["state"]
            (frame,) = frames(doc, k - 1, 1, perspective=view)["frames"]
            assert got == frame["state"], (path, k, view)
