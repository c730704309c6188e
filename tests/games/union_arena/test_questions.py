"""Union Arena questions (``judge ask``, :mod:`judge.core.ask`) on states built with the log
builder, from the seed's own sections: simultaneous effects (seed 000,
"關於複數個效果同時發動的場合": the turn player resolves all of theirs first, in the order
they choose, then the other player; an effect triggered meanwhile joins the ones waiting),
damage ("玩家收到傷害時": the attacking player picks the life cards, then the trigger checks),
and the phases.  Each test asserts the answer and the rule ids it rests on."""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.ask import ask
from judge.core.canonical import canonical_json
from judge.core.errors import BadLog
from judge.games.union_arena.testing import LogBuilder, board_at_turn_3, card, free_character

DRAW = {"op": "draw", "n": 1}
AT_END = [{"when": "end_phase_start", "do": [{"op": "bp", "amount": 1000, "target": "self"}]}]


def effect(when: str, *ops: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"when": when, "do": list(ops), **extra}


def question(b: LogBuilder, kind: str, **fields: Any) -> dict[str, Any]:
    return {"format": "judge-question/1", "kind": kind, "log": b.log(), **fields}


def answer(b: LogBuilder, kind: str, **fields: Any) -> dict[str, Any]:
    return ask(question(b, kind, **fields))


def rule_ids(a: dict[str, Any]) -> list[str]:
    return [r["id"] for r in a["rules"]]


def three_of_as_effects() -> LogBuilder:
    """A's end phase starts with three of A's end-phase-start effects waiting (A-1, A-2: Tide
    Bell; A-5: Gull Horn)."""
    cards = [card("T-010", name="Tide Bell", effects=AT_END), card("T-011", effects=AT_END)]
    b = LogBuilder(cards).setup()
    b.proceed("A").play("A", "T-010", to="energy_line").proceed("A", 2)
    b.pass_turn("B")
    b.proceed("A").play("A", "T-011", to="energy_line").play("A", "T-010", to="energy_line")
    return b.proceed("A", 2)


def both_players_effects() -> LogBuilder:
    """A's Attacker (A-1) attacks, B's Wall (B-5) blocks: both have a battle-end effect
    (optional draw), A's and B's waiting at once in A's turn."""
    a_side = card(
        "T-241", name="Attacker", ap=0, bp=1000, effects=[effect("battle_end", DRAW, optional=True)]
    )
    b_side = card(
        "T-242", name="Wall", ap=0, bp=5000, effects=[effect("battle_end", DRAW, optional=True)]
    )
    b = LogBuilder([a_side, b_side]).setup(first="A").proceed("A")
    b.play("A", "T-241", to="front_line").proceed("A", 2)
    b.proceed("B").play("B", "T-242", to="front_line").proceed("B", 2)
    return b.proceed("A", 2).attack("A", "A-1").block("B", "B-5")


def test_order_both_players_effects_the_turn_player_resolves_all_of_theirs_first() -> None:
    a = answer(both_players_effects(), "order")
    assert a["policy"] == "turn_player_first"
    assert a["order"] == [
        {"chooser": "A", "effects": ["A-1"]},
        {"chooser": "B", "effects": ["B-5"]},
    ]
    assert [(w["source"], w["may_resolve_now"]) for w in a["waiting"]] == [
        ("A-1", True),
        ("B-5", False),
    ]
    assert a["choices"][0]["player"] == "A"
    assert a["verdict"].startswith("A chooses")
    # B may not go first, not even with its own effect: the engine's own check says so
    refused = {canonical_json(p["action"]): p["violations"][0]["rule"] for p in a["not_allowed"]}
    assert refused['{"do":"resolve","p":"B","source":"B-5"}'] == "UA-PHASE"
    assert refused['{"do":"resolve","p":"A","source":"B-5"}'] == "UA-SIMULTANEOUS"
    assert rule_ids(a)[0] == "UA-SIMULTANEOUS" and "UA-PHASE" in rule_ids(a)


def test_order_one_players_effects_in_the_order_they_choose() -> None:
    a = answer(three_of_as_effects(), "order")
    assert a["order"] == [{"chooser": "A", "effects": ["A-1", "A-5", "A-2"]}]
    assert [o["action"]["source"] for o in a["choices"][0]["options"]] == ["A-1", "A-5", "A-2"]
    assert all(o["verdict"] == "legal" for o in a["choices"][0]["options"])
    assert rule_ids(a)[0] == "UA-SIMULTANEOUS"
    rule = a["rules"][0]
    assert rule["confidence"] == "OFF-tr" and "關於複數個效果同時發動的場合" in rule["source"]


def test_order_an_effect_triggered_meanwhile_joins_the_waiting_ones() -> None:
    dusk = card(
        "T-243", name="Dusk", ap=0, effects=[effect("end_phase_start", DRAW, optional=True)]
    )
    retire = {"op": "retire", "target": {"side": "own", "zone": "energy_line", "count": 1}}
    reaper = card("T-244", name="Reaper", ap=0, effects=[effect("end_phase_start", retire)])
    echo = card("T-245", name="Echo", ap=0, effects=[effect("on_retire", DRAW, optional=True)])
    b = LogBuilder([dusk, reaper, echo]).setup(first="A").proceed("A")
    b.play("A", "T-243", to="front_line").play("A", "T-244", to="front_line")
    b.play("A", "T-245", to="energy_line").proceed("A", 2)
    before = answer(b, "order")
    assert [w["source"] for w in before["waiting"]] == ["A-1", "A-5"]
    # what resolving Reaper's effect would do: Echo retires and its effect joins the pool
    reaper_first = next(
        o for o in before["choices"][0]["options"] if o["action"]["source"] == "A-5"
    )
    assert reaper_first["verdict"] == "illegal"  # no target recorded on the probe: it needs one
    b.act("A", "resolve", source="A-5", targets=["A-9"])
    a = answer(b, "order")
    assert [(w["source"], w["may_resolve_now"]) for w in a["waiting"]] == [
        ("A-1", True),
        ("A-9", True),
    ]
    assert a["order"] == [{"chooser": "A", "effects": ["A-1", "A-9"]}]
    assert "UA-SIMULTANEOUS" in rule_ids(a)


def test_order_nothing_waiting() -> None:
    b = board_at_turn_3([free_character("T-001")], ["T-001"], [], a_front=("A-1",))
    a = answer(b, "order")
    assert a["waiting"] == [] and a["verdict"].startswith("No effect is waiting")
    assert a["choices"][0]["player"] == "A"


def unblocked(damage: int = 1, life: str = "T-000") -> LogBuilder:
    keywords = [f"damage {damage}"] if damage > 1 else []
    cards = [
        free_character("T-001", bp=3000, keywords=keywords),
        free_character("T-DRAW", trigger="draw"),
    ]
    b = board_at_turn_3(cards, ["T-001"], [life], a_front=("A-1",))
    return b.attack("A", "A-1").block("B", None)


def test_damage_the_attacker_picks_the_life_cards() -> None:
    a = answer(unblocked(damage=2), "damage")
    assert a["verdict"].startswith("A decides (pick_life)")
    assert "B takes 2 damage" in a["explanation"]
    assert [c["player"] for c in a["choices"]] == ["A"]
    options = a["choices"][0]["options"]
    assert options and all(o["action"]["do"] == "pick_life" for o in options)
    assert all(len(o["action"]["cards"]) == 2 for o in options)
    assert {"UA-DMG-AMOUNT", "UA-DMG-PICK"} <= set(rule_ids(a))


def test_damage_the_damaged_player_decides_the_trigger() -> None:
    b = unblocked(life="T-DRAW").act("A", "pick_life", cards=[1], reveal=["T-DRAW"])
    a = answer(b, "damage")
    assert [c["player"] for c in a["choices"]] == ["B"]
    assert {o["action"]["do"] for o in a["choices"][0]["options"]} == {"trigger"}
    assert "UA-DMG-TRIGGERS" in rule_ids(a)
    assert "UA-TRG-DRAW" in rule_ids(a)


def test_damage_no_damage_waiting() -> None:
    b = board_at_turn_3([free_character("T-001")], ["T-001"], [], a_front=("A-1",))
    a = answer(b, "damage")
    assert a["verdict"].startswith("No damage is waiting")


def test_legal_the_other_player_cannot_choose_the_order() -> None:
    b = both_players_effects()
    a = answer(b, "legal", action={"p": "B", "do": "resolve", "source": "B-5", "use": True})
    assert a["legal"] is False
    assert a["verdict"] == "Illegal: B resolve (source B-5, use True) breaks UA-PHASE."
    assert rule_ids(a) == ["UA-PHASE"]
    # the question changed nothing: the same question gets the same answer
    again = answer(b, "legal", action={"p": "B", "do": "resolve", "source": "B-5", "use": True})
    assert canonical_json(again) == canonical_json(a)


def test_legal_the_defender_cannot_pick_life_cards() -> None:
    a = answer(unblocked(), "legal", action={"p": "B", "do": "pick_life", "cards": [1]})
    assert a["legal"] is False
    assert "UA-PHASE" in rule_ids(a)
    assert "the attacking player" in a["rules"][0]["text"]


def test_legal_an_attack_and_what_it_does() -> None:
    b = board_at_turn_3([free_character("T-001")], ["T-001"], [], a_front=("A-1",))
    a = answer(b, "legal", action={"p": "A", "do": "attack", "card": "A-1", "target": "player"})
    assert a["legal"] is True and a["violations"] == []
    assert a["verdict"].startswith("Legal: A attack")
    assert any(t.startswith("B:") or "B" in t for t in a["consequence"]["then"])


def test_legal_every_rule_broken_at_a_step_of_the_log() -> None:
    b = board_at_turn_3([free_character("T-001")], ["T-001"], [], a_front=("A-1",))
    # after step 4 (A's turn-1 main phase) A-1 may not attack: wrong phase
    a = answer(
        b, "legal", step=4, action={"p": "A", "do": "attack", "card": "A-1", "target": "player"}
    )
    assert a["legal"] is False and a["step"] == 4
    assert a["state"]["phase"] == "main"
    assert rule_ids(a) == list(dict.fromkeys(v["rule"] for v in a["violations"]))
    assert "UA-PHASE" in rule_ids(a)


def test_options_everything_the_player_to_act_may_record() -> None:
    b = board_at_turn_3([free_character("T-001")], ["T-001"], [], a_front=("A-1",))
    a = answer(b, "options")
    [choice] = a["choices"]
    assert choice["player"] == "A"
    actions = [o["action"] for o in choice["options"]]
    assert {"p": "A", "do": "attack", "card": "A-1", "target": "player"} in actions
    assert {"p": "A", "do": "proceed"} in actions


def test_explain_an_illegal_step_and_a_missing_decision() -> None:
    b = unblocked(life="T-DRAW").act("A", "pick_life", cards=[1], reveal=["T-DRAW"]).proceed("A")
    a = answer(b, "explain")
    assert a["step_verdict"] == "unverifiable"
    assert "UA-CHOICE-RECORDED" in rule_ids(a)
    b.act("B", "block", card="B-1")
    a = answer(b, "explain")
    assert a["step_verdict"] == "illegal" and a["verdict"].startswith(f"Step {b.last} (B block")
    assert rule_ids(a)[0] == a["violations"][0]["rule"]


def test_answers_are_deterministic() -> None:
    q = question(both_players_effects(), "order")
    assert canonical_json(ask(q)) == canonical_json(ask(q))


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"kind": "why"}, "kind"),
        ({"step": 999}, "step"),
        ({"kind": "legal"}, "action"),
        ({"kind": "legal", "action": {"p": "A", "do": "attack"}}, "action.card"),
        ({"kind": "legal", "action": {"p": "Z", "do": "proceed"}}, "action.p"),
        ({"kind": "options", "action": {"p": "A", "do": "proceed"}}, "action"),
        ({"format": "judge-question/2"}, "format"),
        ({"step": -1}, "step"),
    ],
)
def test_bad_questions_are_refused_by_path(change: dict[str, Any], path: str) -> None:
    q = {**question(both_players_effects(), "order"), **change}
    with pytest.raises(BadLog) as exc:
        ask(q)
    assert path in [e.path for e in exc.value.errors]


def test_a_bad_log_is_refused_under_log() -> None:
    q = question(both_players_effects(), "order")
    q["log"]["actions"][3]["card"] = "XYZ-001"
    with pytest.raises(BadLog) as exc:
        ask(q)
    assert [e.path for e in exc.value.errors] == ["log.actions[3].card"]
