"""Rangers Strike questions (``judge ask``, :mod:`judge.core.ask`), 1 vs 1 and tag battle, on
states built with the log builder from the sources' own timing sections:

- the official card Q&A (第1弾カードQ&A), entry RS-018 隠流忍術, as quoted in ``rules.toml``:
  effects triggered at exactly the same timing, both players', are applied in the order the
  turn player decides (the question on RS-039 and RS-089), and two or more counters may answer
  one attack;
- the tag-battle seed 002, 【ストライク】 (the damaged team chooses who takes strike damage)
  and 【ダメージ】 (damage counts per player; 5 and the player is out; both out, the team
  loses).

Each test asserts the answer and the rule ids it rests on."""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.ask import ask
from judge.core.canonical import canonical_json
from judge.core.errors import BadLog
from judge.games.rangers_strike.testing import (
    LogBuilder,
    a_tie_in_bs_turn,
    card,
)

UNIT = card("T-001", name="Falcon", bp=3000, sp=1)
WEAK = card("T-002", name="Sparrow", bp=1000, sp=1)
BURN5 = card(
    "T-005",
    "operation",
    name="Burn Five",
    effects=[{"when": "on_use", "do": [{"op": "damage", "n": 5}]}],
)


def question(b: LogBuilder, kind: str, **fields: Any) -> dict[str, Any]:
    return {"format": "judge-question/1", "kind": kind, "log": b.log(), **fields}


def answer(b: LogBuilder, kind: str, **fields: Any) -> dict[str, Any]:
    return ask(question(b, kind, **fields))


def rule_ids(a: dict[str, Any]) -> list[str]:
    return [r["id"] for r in a["rules"]]


def tb(*cards: dict[str, Any], **kw: Any) -> LogBuilder:
    """A tag battle log; A1 (team A's leader) goes first."""
    return LogBuilder(list(cards), variant="tag", **kw).setup(first="A1")


def units_facing_off() -> LogBuilder:
    """Tag battle, turn 3: A1's Falcon has just entered its battle area (B1 and B2 each have a
    Sparrow in theirs)."""
    b = tb(UNIT, WEAK).charge("A1", "T-000").proceed("A1").rush("A1", "T-001").proceed("A1", 2)
    b.pass_turn("A2")
    for p in ("B1", "B2"):
        b.charge(p, "T-000").proceed(p).rush(p, "T-002").proceed(p).enter(p, "T-002").proceed(p)
    return b.charge("A1", "T-000").proceed("A1", 2).enter("A1", "T-001")


def burn_five_at_team_b() -> LogBuilder:
    """Tag battle, turn 1: A1 uses Burn Five (5 damage) at team B, which must assign it."""
    return tb(BURN5).charge("A1", "T-000").proceed("A1").use("A1", "T-005")


def one_vs_one_strike() -> LogBuilder:
    """1 vs 1, turn 3: A's Falcon enters and strikes B, who has a face-up power card (charged
    in turn 2) and so a choice of which card takes the damage."""
    b = LogBuilder([UNIT]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-001").proceed("A", 2)
    b.charge("B", "T-000", to="power").proceed("B", 3)
    return b.charge("A", "T-000").proceed("A", 2).enter("A", "A-1").strike("A", "A-1")


# -- 1 vs 1: the order of simultaneous effects (RS-018 Q&A on RS-039) -----------------------------


def test_order_the_turn_player_orders_both_players_effects() -> None:
    a = answer(a_tie_in_bs_turn(), "order")
    assert a["policy"] == "turn_player_orders_all"
    assert [(w["source"], w["controller"], w["may_resolve_now"]) for w in a["waiting"]] == [
        ("B-4", "B", True),
        ("A-1", "A", True),
    ]
    assert a["order"] == [{"chooser": "B", "effects": ["B-4", "A-1"]}]
    assert a["choices"][0]["player"] == "B"
    assert a["verdict"].startswith("B chooses: 2 of 2")
    # A may not pick, not even its own effect
    [refused] = a["not_allowed"]
    assert refused["action"] == {"p": "A", "do": "resolve", "source": "A-1"}
    assert refused["violations"][0]["rule"] == "RS-SIMULTANEOUS"
    assert rule_ids(a) == ["RS-SIMULTANEOUS"]
    assert "RS-018" in a["rules"][0]["source"] and a["rules"][0]["confidence"] == "OFF"


def test_order_the_turn_player_may_put_the_opponents_effect_first() -> None:
    a = answer(a_tie_in_bs_turn(), "order")
    first_a = next(o for o in a["choices"][0]["options"] if o["action"]["source"] == "A-1")
    # what B's choice does, as the engine judged it: A's effect, A's target choice
    assert any("the turn player" in r["message"] for r in first_a["rulings"])


def test_order_a_single_effect_left_is_its_controllers() -> None:
    b = a_tie_in_bs_turn()
    b.act("B", "resolve", source="B-4", targets=["B-7"], order=["B-4", "A-1"])
    a = answer(b, "order")
    assert a["order"] == [{"chooser": "A", "effects": ["A-1"]}]
    assert a["choices"][0]["player"] == "A"
    assert "RS-SIMULTANEOUS" in rule_ids(a)


def test_legal_the_non_turn_player_may_not_pick_the_next_effect() -> None:
    a = answer(
        a_tie_in_bs_turn(),
        "legal",
        action={"p": "A", "do": "resolve", "source": "A-1", "targets": ["B-7"]},
    )
    assert a["legal"] is False and rule_ids(a) == ["RS-SIMULTANEOUS"]
    assert "B, the turn player, decides which resolves next" in a["explanation"]


def test_damage_one_vs_one_the_damaged_player_takes_it() -> None:
    a = answer(one_vs_one_strike(), "damage")
    assert [c["player"] for c in a["choices"]] == ["B"]
    assert {o["action"]["do"] for o in a["choices"][0]["options"]} == {"take_damage"}
    assert "RS-DAMAGE-CHOICE" in rule_ids(a) or "RS-DAMAGE" in rule_ids(a)


def test_options_one_vs_one_in_the_charge_phase() -> None:
    a = answer(LogBuilder([UNIT], mode="seeded").setup(first="A"), "options")
    [choice] = a["choices"]
    assert choice["player"] == "A"
    kinds = {o["action"]["do"] for o in choice["options"]}
    assert {"charge", "proceed"} <= kinds
    assert "RS-TURN" in rule_ids(a)


def test_explain_an_attack_by_the_wrong_player() -> None:
    b = a_tie_in_bs_turn().act("A", "resolve", source="A-1", targets=["B-7"])
    a = answer(b, "explain", step=b.last)
    assert a["step_verdict"] == "illegal"
    assert rule_ids(a) == ["RS-SIMULTANEOUS"]
    assert a["choices"][0]["player"] == "B"  # still B's decision after the step


# -- tag battle: strike damage (seed 002 【ストライク】, 【ダメージ】) ---------------------------


def test_damage_tag_the_damaged_team_chooses_leader_or_supporter() -> None:
    a = answer(units_facing_off().strike("A1", "T-001"), "damage")
    assert a["variant"] == "tag"
    assert a["verdict"].startswith("B1 or B2 decide (assign_damage)")
    options = [o for c in a["choices"] for o in c["options"]]
    # either player of the team records the team's choice
    assert {c["player"]: [o["action"]["to"] for o in c["options"]] for c in a["choices"]} == {
        "B1": ["B1", "B2"],
        "B2": ["B1", "B2"],
    }
    assert all(o["verdict"] == "legal" for o in options)
    to_b2 = next(o for o in options if o["action"]["to"] == "B2")
    assert "B2 has 1 damage." in to_b2["events"]
    assert {"RST-STRIKE-ASSIGN", "RST-DAMAGE"} <= set(rule_ids(a))


def test_RST_STRIKE_ASSIGN_the_supporters_record_of_the_teams_choice_is_listed_too(
    tmp_path: Any,
) -> None:
    """Seed 002, 【ストライク】: the damaged team chooses who takes strike damage; the team's
    choice may be recorded by either of its players (a replay accepts B2's as it does B1's),
    so ``legal_actions``, ``judge legal`` and the ``options`` and ``damage`` answers list
    both players' records of it."""
    from click.testing import CliRunner

    from judge import cli
    from judge.core.replay import position

    b = units_facing_off().strike("A1", "T-001")
    every = [{"p": p, "do": "assign_damage", "to": to} for p in ("B1", "B2") for to in ("B1", "B2")]
    listed = position(b.log()).legal_actions()
    assert [a for a in listed if a["do"] == "assign_damage"] == every
    for action in every:  # each is legal in a replay, as listed
        b2 = (
            units_facing_off()
            .strike("A1", "T-001")
            .act(action["p"], "assign_damage", to=action["to"])
        )
        assert b2.replay()["steps"][b2.last]["verdict"] == "legal"
    for kind in ("options", "damage"):
        a = answer(b, kind)
        options = [o["action"] for c in a["choices"] for o in c["options"]]
        assert every == [o for o in options if o["do"] == "assign_damage"], kind
    path = tmp_path / "log.json"
    path.write_text(canonical_json(b.log()))
    out = CliRunner().invoke(cli.main, ["legal", str(path)]).output
    for action in every:
        assert canonical_json(action) in out


def test_damage_tag_reaching_5_puts_the_player_out() -> None:
    a = answer(burn_five_at_team_b(), "damage")
    options = [o for c in a["choices"] for o in c["options"]]
    to_b1 = next(o for o in options if o["action"]["to"] == "B1")
    assert any(r["rule"] == "RST-OUT" for r in to_b1["rulings"])
    assert "result" not in to_b1  # one player out: the team plays on
    assert "RST-OUT" in rule_ids(a)


def test_legal_tag_both_out_the_team_loses() -> None:
    b = (
        burn_five_at_team_b()
        .assign("B1", "B1")
        .proceed("A1", 2)
        .charge("A2", "T-000")
        .proceed("A2")
    )
    a = answer(b, "legal", action={"p": "A2", "do": "use", "card": "T-005"})
    assert a["legal"] is True
    assert a["consequence"]["result"] == {"winner": "A", "reason": "damage"}
    assert "RST-LOSS" in rule_ids(a)


def test_legal_tag_the_striker_cannot_assign_the_damage() -> None:
    b = units_facing_off().strike("A1", "T-001")
    a = answer(b, "legal", action={"p": "A1", "do": "assign_damage", "to": "A1"})
    assert a["legal"] is False and rule_ids(a) == ["RST-STRIKE-ASSIGN"]
    assert "the damaged team" in a["explanation"]


def test_legal_tag_attacking_the_other_opposing_players_unit() -> None:
    a = answer(
        units_facing_off(),
        "legal",
        action={"p": "A1", "do": "attack", "card": "T-001", "target": "B2-4"},
    )
    assert a["legal"] is False and rule_ids(a) == ["RST-ATTACK"]


def test_options_tag_after_the_falcon_enters() -> None:
    a = answer(units_facing_off(), "options")
    actions = [o["action"] for c in a["choices"] for o in c["options"]]
    assert {"p": "A1", "do": "strike", "card": "A1-1"} in actions
    assert any(x["do"] == "attack" and x["target"] == "B1-4" for x in actions)
    assert not any(x["do"] == "attack" and x["target"] == "B2-4" for x in actions)


def test_answers_are_deterministic_and_change_nothing() -> None:
    b = units_facing_off().strike("A1", "T-001")
    first = canonical_json(answer(b, "damage"))
    assert canonical_json(answer(b, "damage")) == first
    assert canonical_json(answer(b, "legal", action={"p": "B1", "do": "assign_damage", "to": "B2"}))


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"kind": "strike"}, "kind"),
        ({"step": 10_000}, "step"),
        ({"kind": "legal", "action": {"p": "B1", "do": "assign_damage"}}, "action.to"),
        ({"kind": "legal", "action": {"p": "B1", "do": "fly"}}, "action.do"),
        ({"on_illegal": "ignore"}, "on_illegal"),
        ({"extra": 1}, "extra"),
    ],
)
def test_bad_questions_are_refused_by_path(change: dict[str, Any], path: str) -> None:
    q = {**question(units_facing_off(), "damage"), **change}
    with pytest.raises(BadLog) as exc:
        ask(q)
    assert path in [e.path for e in exc.value.errors]
