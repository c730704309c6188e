"""Cards named by name in a log's actions and ``start`` (issue 23; ``docs/action-log.md``,
"Cards by name"): a name one card of the log's ``cards`` and ``card_sets`` carries is read at
load time as that card's code, so the engines, the replay's steps and the canonical log see
codes only, and a log by names is judged as the same log by codes; a name two cards carry is
bad input naming the field and both codes; a string that is no id, code or name stays unknown;
a field's keyword is never read as a name."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from judge import cli
from judge.core.canonical import sha256_of
from judge.core.cardnames import deck_key, known_cards
from judge.core.cards import card_table
from judge.core.cardsets import CardSets, read_card_set
from judge.core.errors import BadLog
from judge.core.log import load_checked, parse_log, text_sha256
from judge.core.position import CARD_KEYS, NOT_CARDS, position_log
from judge.core.replay import canonical_log, replay
from judge.games.rebirth import testing as r4u
from judge.games.union_arena import testing as ua
from judge.games.zx import testing as zx

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

#: logs whose actions name cards by code: every game with its own examples, each field kind
#: (card, targets, source, attack target, blocker, order, reveal, a 2 vs 2 game)
BY_CODE = [
    "union-arena/simultaneous-battle-end.json",  # attack, block, play, resolve source/targets
    "union-arena/illegal-line-and-phase.json",  # an illegal play, pick_life reveal
    "rebirth/limit-and-entry-target.json",  # activate, entry_select, preset, resolve, reveal
    "rebirth/observed-blocker.json",  # guard
    "rangers-strike/1v1-simultaneous-effects.json",  # attack target, resolve order/targets
    "rangers-strike/tag-team-layer.json",  # 2 vs 2: take_damage cards, strike
]
#: positions of every game, read as logs that start from them
POSITIONS = [
    "ua-attack-block.json",
    "rebirth-attack-guard.json",
    "rs-attack-counter.json",
    "zx-appear-choice.json",
]


def load(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / name).read_text("utf-8"))


def unique_names(doc: dict[str, Any]) -> dict[str, str]:
    """Code -> name of the cards the log knows whose name no other card carries and is no
    code (so that written for the code, it reads back as that code)."""
    codes = known_cards(doc, None) or {}
    count: dict[str, int] = {}
    for name in codes.values():
        count[deck_key(name)] = count.get(deck_key(name), 0) + 1
    return {
        code: name
        for code, name in codes.items()
        if name and count[deck_key(name)] == 1 and name not in codes
    }


def by_names(
    doc: dict[str, Any], names: dict[str, str] | None = None
) -> tuple[dict[str, Any], int]:
    """``doc`` with every code in its actions written as the card's name (in upper case every
    other time: names are compared without case), and how many were written so."""
    names = unique_names(doc) if names is None else names
    written = 0

    def walk(value: Any) -> Any:
        nonlocal written
        if isinstance(value, str) and value in names:
            written += 1
            return names[value].upper() if written % 2 else names[value]
        if isinstance(value, list):
            return [walk(v) for v in value]
        if isinstance(value, dict):
            return {k: v if k == "note" else walk(v) for k, v in value.items()}
        return value

    out = copy.deepcopy(doc)
    out["actions"] = walk(doc["actions"])
    return out, written


def without_hash(replay_doc: dict[str, Any]) -> dict[str, Any]:
    """A replay less what shows the log as written (its hash)."""
    return {k: v for k, v in replay_doc.items() if k != "log_sha256"}


def with_twin(doc: dict[str, Any], code: str, twin: str = "TWIN-001") -> dict[str, Any]:
    """``doc`` with a second card (``twin``) of ``code``'s name defined in its ``cards``."""
    out = copy.deepcopy(doc)
    definition = next(c for c in replay(doc)["cards"] if c["code"] == code)
    out.setdefault("cards", []).append({**copy.deepcopy(definition), "code": twin})
    return out


@pytest.mark.parametrize("name", BY_CODE)
def test_a_log_by_names_is_judged_as_the_log_by_codes(name: str) -> None:
    doc = load(name)
    named, written = by_names(doc)
    assert written >= 5  # the example names cards by code: the test reads names
    a, b = replay(doc), replay(named)
    assert without_hash(b) == without_hash(a)  # steps, verdicts, echoed actions: codes
    assert b["log_sha256"] == sha256_of(named) != a["log_sha256"]  # the log as written
    assert canonical_log(b) == canonical_log(a)  # the canonical log carries codes
    # a player's view and the full detail, the same: a name never shows more than its code
    player = doc["players"][1]["id"]
    assert without_hash(replay(named, perspective=player, detail="full")) == without_hash(
        replay(doc, perspective=player, detail="full")
    )


@pytest.mark.parametrize("name", BY_CODE[:1] + BY_CODE[2:3] + BY_CODE[4:5])
def test_a_log_checked_before_is_read_again_with_its_codes(name: str) -> None:
    """The service's worker reads a log the API checked without checking its actions again
    (``load_checked``): the names in it are still read as codes."""
    named, _ = by_names(load(name))
    text = json.dumps(named)
    again = load_checked(text, text_sha256(text))
    assert again.document["actions"] == parse_log(load(name)).document["actions"]
    assert again.sha256 == parse_log(text).sha256 == sha256_of(named)


def test_targets_and_sources_by_name_are_their_codes() -> None:
    doc = load("union-arena/simultaneous-battle-end.json")
    named, _ = by_names(doc)
    at = next(i for i, a in enumerate(doc["actions"]) if a["do"] == "resolve" and a.get("targets"))
    written = named["actions"][at]
    assert written["source"] not in known_cards(doc, None)  # written by name
    loaded = parse_log(named).document["actions"][at]
    assert loaded == doc["actions"][at]  # source and every target: the codes
    assert replay(named)["steps"][at]["action"] == doc["actions"][at]


def test_ua_a_play_by_name_is_judged_as_by_code() -> None:
    gunner = ua.card("T-001", name="Cinder Gunner", bp=3000)
    b = ua.LogBuilder([gunner]).setup(first="A")
    by_code = b.proceed("A").play("A", "T-001", to="front_line").log()
    by_name = copy.deepcopy(by_code)
    by_name["actions"][-1]["card"] = "cinder  GUNNER"  # case and white space folded
    a, r = replay(by_code), replay(by_name)
    assert r["steps"][-1]["verdict"] == "legal"
    assert r["steps"][-1]["action"]["card"] == "T-001"
    assert without_hash(r) == without_hash(a)


def test_rebirth_targets_by_name_are_judged_as_by_code() -> None:
    rest = r4u.card(
        "T-ACR",
        name="Binder",
        effects=[{"when": "activated", "cost": 0, "do": [{"op": "rest", "side": "own"}]}],
    )
    b = r4u.LogBuilder([rest]).setup(first="A", entries={"A": "T-ACR"})
    b.proceed("A")
    b.act("A", "play", card="T-000", to="member", square=2, pay={"energy": 0, "partner": 0})
    b.act("A", "activate", card="T-ACR", targets=["T-000"])
    by_name = copy.deepcopy(b.log())
    by_name["actions"][-1].update(card="binder", targets=["Filler"])
    by_name["actions"][-2]["card"] = "FILLER"
    a, r = replay(b.log()), replay(by_name)
    assert r4u.verdict(r, b.last) == "legal"
    assert r4u.player_state(r, "A")["members"][1]["rested"] is True
    assert r["steps"][-1]["action"]["targets"] == ["T-000"]
    assert without_hash(r) == without_hash(a)


def zx_attacks(attacker: str) -> dict[str, Any]:
    """A Z/X log in observed mode: A plays a Z/X and attacks B's player square with it, the
    Z/X named ``attacker`` in both actions."""
    b = zx.LogBuilder([zx.card("T-ATK", power=3000, name="Ember Lancer")], a=["T-ATK"])
    b.doc["hidden"] = {"mode": "observed"}
    b.start()
    for pid in ("A", "A", "B", "B"):  # the resources set from the deck top
        b.act(pid, "reveal", card="T-000")
    b.to_main("A")
    b.act("A", "play", card=attacker, to=5)
    b.act("A", "attack", card=attacker, target=8)
    return b.doc


def test_zx_a_play_and_an_attack_by_name_are_judged_as_by_code() -> None:
    a, r = replay(zx_attacks("T-ATK")), replay(zx_attacks("ember lancer"))
    assert [s["verdict"] for s in r["steps"][-2:]] == ["legal", "legal"]
    assert [s["action"]["card"] for s in r["steps"][-2:]] == ["T-ATK", "T-ATK"]
    assert without_hash(r) == without_hash(a)


@pytest.mark.parametrize("name", BY_CODE)
def test_a_name_two_cards_carry_is_refused_naming_the_field_and_both_codes(name: str) -> None:
    doc = load(name)
    named, _ = by_names(doc)
    names = unique_names(doc)
    at, field, code = next(
        (i, k, v)
        for i, a in enumerate(doc["actions"])
        for k, v in a.items()
        if isinstance(v, str) and v in names and k != "note"
    )
    with pytest.raises(BadLog) as caught:
        parse_log(with_twin(named, code))
    problems = {e.path: e.message for e in caught.value.errors}
    message = problems[f"actions[{at}].{field}"]
    assert "is the name of 2 cards" in message
    assert code in message and "TWIN-001" in message
    # the same log by codes is still accepted: the codes say which card
    parse_log(with_twin(doc, code))


def test_a_string_that_is_no_id_code_or_name_stays_unknown() -> None:
    doc = load("union-arena/simultaneous-battle-end.json")
    at = next(i for i, a in enumerate(doc["actions"]) if a["do"] == "play")
    doc["actions"][at]["card"] = "Nobody At All"
    with pytest.raises(BadLog) as caught:
        parse_log(doc)
    assert [(e.path, e.message) for e in caught.value.errors] == [
        (f"actions[{at}].card", "unknown card code 'Nobody At All' (not in cards or card_sets)")
    ]


def test_a_keyword_of_a_field_is_never_read_as_a_name() -> None:
    """A card called "Player" does not turn an attack on the player into one on that card:
    the field reads its keyword first; only a card reference may be a name."""
    cards = [ua.free_character("T-001"), ua.card("T-PLR", name="Player")]
    b = ua.board_at_turn_3(cards, ["T-001"], [], a_front=("A-1",))
    by_keyword = b.attack("A", "A-1").log()
    assert by_keyword["actions"][-1]["target"] == "player"
    log = parse_log(by_keyword)
    assert log.document is by_keyword  # nothing read as a name: the document as written
    r = replay(by_keyword)
    assert r["steps"][-1]["verdict"] == "legal"
    assert r["steps"][-1]["action"]["target"] == "player"


def start_by_names(log: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """``log`` with the cards of its ``start`` (its players' zones) written by name."""
    names = unique_names(log)
    written = 0

    def walk(value: Any, is_card: bool) -> Any:
        nonlocal written
        if isinstance(value, str) and is_card and value in names:
            written += 1
            return names[value].lower() if written % 2 else names[value]
        if isinstance(value, list):
            return [walk(v, True) for v in value]
        if isinstance(value, dict):
            return {k: v if k in NOT_CARDS else walk(v, k in CARD_KEYS) for k, v in value.items()}
        return value

    out = copy.deepcopy(log)
    out["start"]["players"] = {
        pid: {k: v if k in NOT_CARDS else walk(v, k in CARD_KEYS) for k, v in zones.items()}
        for pid, zones in log["start"]["players"].items()
    }
    return out, written


@pytest.mark.parametrize("name", POSITIONS)
def test_a_logs_start_by_names_is_the_start_by_codes(name: str) -> None:
    log = position_log(load(f"positions/{name}"))
    named, written = start_by_names(log)
    assert written >= 1
    a, b = replay(log), replay(named)
    assert b["start"] == a["start"]  # the echoed start: codes
    assert without_hash(b) == without_hash(a)
    assert canonical_log(b) == canonical_log(a)


def test_a_logs_start_by_a_name_two_cards_carry_is_refused_naming_both() -> None:
    log = load("union-arena/from-position.json")
    front = log["start"]["players"]["A"]["front_line"][0]
    code = front["card"]
    named = with_twin(log, code)
    named["start"]["players"]["A"]["front_line"][0]["card"] = unique_names(log)[code]
    with pytest.raises(BadLog) as caught:
        parse_log(named)
    (error,) = caught.value.errors
    assert error.path == "start.players.A.front_line[0].card"
    assert code in error.message and "TWIN-001" in error.message


def test_cli_judges_a_log_by_names_and_refuses_an_ambiguous_name_with_exit_2(
    tmp_path: Path,
) -> None:
    doc = load("union-arena/simultaneous-battle-end.json")
    named, _ = by_names(doc)
    runner = CliRunner()
    by_code_file, by_name_file = tmp_path / "codes.json", tmp_path / "names.json"
    by_code_file.write_text(json.dumps(doc), "utf-8")
    by_name_file.write_text(json.dumps(named), "utf-8")
    canon = [runner.invoke(cli.main, ["canonical", str(p)]) for p in (by_code_file, by_name_file)]
    assert canon[0].exit_code == canon[1].exit_code == 0, canon[1].output
    assert canon[1].output == canon[0].output  # codes only

    at = next(i for i, a in enumerate(doc["actions"]) if a["do"] == "play")
    code = doc["actions"][at]["card"]
    bad = tmp_path / "ambiguous.json"
    bad.write_text(json.dumps(with_twin(named, code)), "utf-8")
    result = runner.invoke(cli.main, ["replay", str(bad)])
    assert result.exit_code == 2, result.output
    line = next(x for x in result.output.splitlines() if f"actions[{at}].card:" in x)
    assert line.startswith(f"error: actions[{at}].card: ")
    assert code in line and "TWIN-001" in line
    assert "Traceback" not in result.output


def test_names_of_a_users_card_set_are_read_with_the_set() -> None:
    """A name is looked up in the user's sets the run is given, as a code is."""
    doc = load("union-arena/simultaneous-battle-end.json")
    names = unique_names(doc)
    definitions = card_table(doc.get("cards") or [], doc.get("card_sets") or [])
    user_set = read_card_set(
        {
            "format": "judge-card-set/1",
            "game": "union-arena",
            "name": "harbour-lights",
            "cards": list(definitions.values()),
        }
    )
    by_set = {**copy.deepcopy(doc), "cards": [], "card_sets": ["harbour-lights"]}
    named, written = by_names(by_set, names)
    assert written >= 5
    registry = CardSets([user_set])
    a = replay(parse_log(by_set, registry))
    b = replay(parse_log(named, registry))
    assert without_hash(b) == without_hash(a)
    with pytest.raises(BadLog):  # without the set, the names are unknown like its codes
        parse_log(named)


@pytest.mark.parametrize("start", [5, "UAS-001", [], {"players": 3}, {"players": {"A": 1}}])
def test_a_start_that_is_no_position_is_bad_input_not_a_fault(start: Any) -> None:
    log = load("union-arena/from-position.json")
    log["start"] = start
    with pytest.raises(BadLog) as caught:
        parse_log(log)
    assert all(e.path.startswith("start") for e in caught.value.errors)
