"""The replay runner: on_illegal, perspectives, fingerprints and fidelity, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.core.canonical import canonical_json
from judge.core.errors import BadLog
from judge.core.replay import FINGERPRINT_EVERY, canonical_log, replay
from judge.games.rangers_strike.testing import LogBuilder as RSLogBuilder

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "union-arena"


def load(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def test_on_illegal_stop_ends_the_replay_at_the_first_illegal_step() -> None:
    r = replay(load("illegal-line-and-phase"), on_illegal="stop")
    assert r["summary"]["stopped_at"] == 13
    assert len(r["steps"]) == 14
    assert r["steps"][-1]["verdict"] == "illegal"


def test_on_illegal_skip_leaves_the_state_as_it_was() -> None:
    r = replay(load("illegal-line-and-phase"), on_illegal="skip", detail="full")
    step = r["steps"][17]  # B plays during A's turn
    assert step["skipped"] is True
    assert step["state"] == r["steps"][16]["state"]
    assert not any(s["after_illegal"] for s in r["steps"])


def test_on_illegal_apply_plays_it_and_marks_what_follows() -> None:
    r = replay(load("illegal-line-and-phase"), on_illegal="apply", detail="full")
    assert r["steps"][13]["skipped"] is False
    assert r["steps"][13]["after_illegal"] is False
    assert all(s["after_illegal"] for s in r["steps"][14:])
    # the extra draw was applied as played: one more card in A's hand than with skip
    skip = replay(load("illegal-line-and-phase"), on_illegal="skip", detail="full")
    assert (
        len(r["steps"][13]["state"]["players"]["A"]["hand"])
        == len(skip["steps"][13]["state"]["players"]["A"]["hand"]) + 1
    )


@pytest.mark.parametrize("variant", ["1v1", "tag"])
def test_on_illegal_apply_leaves_an_action_it_cannot_carry_out_as_it_was(variant: str) -> None:
    """Rangers Strike: a decision the rules do not wait for (the engine's check declares it
    not applicable) is illegal, says why, changes nothing, and the replay goes on.  Union
    Arena's cases: ``tests/games/union_arena/test_apply_not_applicable.py``."""
    b = RSLogBuilder(variant=variant).setup()
    first, other = b.doc["players"][0]["id"], b.doc["players"][-1]["id"]
    b.proceed(other)  # during the first player's charge phase
    bad = b.last
    b.proceed(first)
    r = b.replay(on_illegal="apply")
    step = r["steps"][bad]
    assert step["verdict"] == "illegal"
    assert step["violations"][0]["rule"] == "RS-PHASE"
    assert step["unverifiable"] == [
        "`proceed` could not be applied as played: the rules did not wait for it."
    ]
    assert step["events"] == [] and step["state"] == r["steps"][bad - 1]["state"]
    assert r["steps"][bad + 1]["verdict"] == "legal" and r["steps"][bad + 1]["after_illegal"]
    assert r["summary"]["illegal_steps"] == [bad]


def test_bad_on_illegal_and_perspective_are_value_errors() -> None:
    with pytest.raises(ValueError, match="on_illegal"):
        replay(load("full-game"), on_illegal="ignore")
    with pytest.raises(ValueError, match="perspective"):
        replay(load("full-game"), perspective="C")


def test_fingerprints_every_20_steps_and_at_the_end() -> None:
    r = replay(load("full-game"))
    afters = [f["after"] for f in r["fingerprints"]]
    n = len(r["steps"])
    assert afters == sorted(set(list(range(FINGERPRINT_EVERY - 1, n, FINGERPRINT_EVERY)) + [n - 1]))
    for f in r["fingerprints"]:
        assert r["steps"][f["after"]]["state_sha256"] == f["state_sha256"]
    assert all("snapshot" not in s for s in r["steps"] if s["index"] not in afters)


def test_fidelity_exact_unchecked_and_diverged() -> None:
    assert replay(load("full-game"))["fidelity"]["status"] == "exact"
    assert replay(load("deck-out"))["fidelity"] == {
        "status": "unchecked",
        "checked": 0,
        "first_mismatch": None,
    }
    d = replay(load("diverged-checkpoint"))["fidelity"]
    assert d["status"] == "diverged"
    assert d["first_mismatch"]["after"] == 59
    assert d["first_mismatch"]["expected"] == "0" * 64
    assert d["checked"] == 3


def test_perspective_hides_hands_seed_and_private_draws() -> None:
    doc = load("full-game")
    judge_view = replay(doc, detail="full")
    a_view = replay(doc, perspective="A", detail="full")
    public = replay(doc, perspective="public", detail="full")
    step = 10
    assert isinstance(judge_view["steps"][step]["state"]["players"]["B"]["hand"], list)
    assert isinstance(a_view["steps"][step]["state"]["players"]["A"]["hand"], list)
    assert isinstance(a_view["steps"][step]["state"]["players"]["B"]["hand"], int)
    assert isinstance(public["steps"][step]["state"]["players"]["A"]["hand"], int)
    assert "seed" in judge_view["hidden"] and "seed" not in public["hidden"]
    assert "fingerprints" not in public
    assert all("snapshot" not in s for s in public["steps"])
    judged = [e for s in judge_view["steps"] for e in s["events"] if e["type"] == "draw"]
    shown = [e for s in public["steps"] for e in s["events"] if e["type"] == "draw"]
    assert len(judged) == len(shown) > 0
    assert all("cards" in e and "private" in e for e in judged)
    assert all(
        "cards" not in e and "private" not in e and "(" not in e["text"].split("draws")[1][:3]
        for e in shown
    )
    mine = [
        e
        for s in a_view["steps"]
        for e in s["events"]
        if e["type"] == "draw" and e["player"] == "A"
    ]
    assert all("cards" in e for e in mine)


def test_byte_identical_twice() -> None:
    doc = load("full-game")
    assert canonical_json(replay(doc)) == canonical_json(replay(json.loads(json.dumps(doc))))


def test_canonical_log_round_trip_is_exact() -> None:
    r = replay(load("deck-out"))
    c = canonical_log(r)
    again = replay(c)
    assert again["steps"] == r["steps"]
    assert again["fidelity"]["status"] == "exact"
    assert canonical_log(again) == c
    assert c["card_sets"] == [] and {card["code"] for card in c["cards"]} >= set(
        c["decks"]["A"]["main"]
    )


def test_canonical_log_refuses_a_stopped_or_redacted_replay() -> None:
    with pytest.raises(ValueError):
        canonical_log(replay(load("illegal-line-and-phase"), on_illegal="stop"))
    with pytest.raises(ValueError):
        canonical_log(replay(load("full-game"), perspective="public"))


def test_unknown_rule_option_is_bad_input_naming_the_field() -> None:
    doc = load("deck-out")
    doc["rule_options"] = {"first_turn_no_attack": "yes"}
    with pytest.raises(BadLog) as exc:
        replay(doc)
    assert exc.value.errors[0].path == "rule_options.first_turn_no_attack"
    doc["rule_options"] = {"no_such_option": True}
    with pytest.raises(BadLog) as exc:
        replay(doc)
    assert "unknown rule option" in exc.value.errors[0].message


def test_ambiguous_reference_is_bad_input() -> None:
    from judge.games.union_arena.testing import LogBuilder, card

    b = LogBuilder([card("T-001", bp=3000)]).setup()
    b.proceed("A").play("A", "T-001", to="front_line").proceed("A", 2)
    b.pass_turn("B")
    b.proceed("A").play("A", "T-001", to="front_line").proceed("A")
    b.attack("A", "T-001")  # one copy active, one just played (rested): which one?
    with pytest.raises(BadLog) as exc:
        b.replay()
    assert exc.value.errors[0].path == f"actions[{b.last}].card"
    assert "ambiguous" in exc.value.errors[0].message


def test_rules_cited_carry_text_and_source() -> None:
    r = replay(load("illegal-raid-and-reveal"))
    assert {"UA-RAID", "UA-REVEAL", "UA-AP-COST", "UA-ENERGY"} <= set(r["rules_cited"])
    for rule in r["rules_cited"].values():
        assert rule["text"] and rule["source"] and rule["title"]


def test_replay_carries_engine_version_and_cards() -> None:
    r = replay(load("deck-out"))
    assert r["engine"]["name"] == "tcg-judge" and r["engine"]["rules"] == "1"
    codes = [c["code"] for c in r["cards"]]
    assert codes == sorted(codes) and "UAS-AP" in codes
