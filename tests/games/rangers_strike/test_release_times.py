"""Held commands and units of one's own released one a time, and an opposing unit whose
required power is no more than the number of times put as damage (RS-RELEASE-TIMES), on made-up
cards in the catalogue's sentence shape.

The source's words, which the tests follow (the card's printed text): "自軍ターン中、これがバトルエ
リアに出たとき、「自軍コマンドを1つリリースするか、自軍ユニットを1体リリースする」を1~5回実行してもよい。そうし
たとき、実行した回数以下の必要パワーの数字を持つ敵軍ユニットを1体選び、持ち主のパワーゾーンにダメージにして置
く。" — as the unit enters, the player *may* carry out "release a command *or* a unit of its own"
*one to five times*; *when it did*, one opposing unit whose number is *no more than* the number of
times goes face down into its owner's power zone *as damage* (it must, when one fits).
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    ruling_texts,
    verdict,
)

STRIKE = (
    "【究極斬】自軍ターン中、これがバトルエリアに出たとき、「自軍コマンドを1つリリースするか、自軍ユニットを1体リリ"
    "ースする」を1~5回実行してもよい。そうしたとき、実行した回数以下の必要パワーの数字を持つ敵軍ユニットを1体選び、"
    "持ち主のパワーゾーンにダメージにして置く。"
)
HELD_NOTE = "※これはラッシュするとき、可能ならホールド状態で置く。 "


def _numbered(code: str, number: int) -> dict[str, Any]:
    """A unit printed "N-" with its condition met: required power 0, its number N."""
    return {**card(code, name=code, bp=1000, sp=0), "power_number": number}


#: A's unit with the text, and its unit rushed held; B's units numbered 2 and 4
ULTIMATE = printed("T-770", STRIKE, name="Ultimate", bp=9000, sp=0, size="S")
SLEEPER = printed("T-771", HELD_NOTE, name="Sleeper", bp=1000, sp=0, size="S")
TWO, FOUR = _numbered("T-772", 2), _numbered("T-773", 4)
CARDS = [ULTIMATE, SLEEPER, TWO, FOUR]


def _entered() -> LogBuilder:
    """A rushes Sleeper held; B rushes Two, then Four; in its third turn A rushes a filler and
    Ultimate (two of its three commands held) and enters Ultimate: its effect waits.  A's held
    cards: two commands and Sleeper."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-771").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-772").proceed("B", 2)
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").rush("B", "T-773").proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-000").rush("A", "T-770").proceed("A")
    return b.enter("A", "T-770")


def _commands(r: dict[str, Any]) -> list[dict[str, Any]]:
    return list(player_state(r, "A")["command"])


def _sleeper(r: dict[str, Any]) -> dict[str, Any]:
    return next(u for u in player_state(r, "A")["rush"] if u["code"] == "T-771")


def _b_codes(r: dict[str, Any]) -> list[str]:
    return [u["code"] for u in player_state(r, "B")["rush"] + player_state(r, "B")["battle"]]


def _resolve(b: LogBuilder, **fields: Any) -> dict[str, Any]:
    b.act("A", "resolve", source="T-770", **fields)
    return b.replay()


def _held_ids(b: LogBuilder) -> tuple[list[str], list[str]]:
    """A's held and released commands before the effect resolves."""
    cmds = _commands(b.replay())
    return [c["id"] for c in cmds if c.get("held")], [c["id"] for c in cmds if not c.get("held")]


def test_RS_RELEASE_TIMES_read_from_the_printed_effect() -> None:
    (effect,) = read_card({"type": "unit", "text": STRIKE}).effects
    assert effect == {
        "when": "on_enter",
        "optional": True,
        "do": [
            {"op": "release_times", "max": 5, "if_done": True},
            {
                "op": "to_damage",
                "target": {
                    "side": "opponent",
                    "zone": "field",
                    "count": 1,
                    "type": "unit",
                    "power_max": {"released": "times"},
                },
            },
        ],
        "text": STRIKE,
    }
    assert render_card(ULTIMATE)["reading"] == [
        "When it enters the battle area in your turn (optional: you may): 1 to 5 times, release "
        "a held command of yours or a held unit of yours (one each time), and if you do: put 1 "
        "unit (not a vehicle) whose required power is at most the number of times so done in "
        "the opponent's rush or battle area face down into its owner's power zone, as damage."
    ]


def test_RS_RELEASE_TIMES_near_misses_are_not_read() -> None:
    def understood(text: str) -> bool:
        return read_card({"type": "unit", "text": text}).understood

    assert understood(STRIKE)
    for text in (
        STRIKE.replace("実行してもよい", "実行する"),  # no choice
        STRIKE.replace("1~5回", "2~5回"),
        STRIKE.replace("リリースするか、自軍ユニット", "ホールドするか、自軍ユニット"),
        STRIKE.replace("回数以下の", "回数と同じ"),
        STRIKE.replace("敵軍ユニットを1体選び", "自軍ユニットを1体選び"),
        STRIKE.replace("ダメージにして置く", "送る"),
        STRIKE.replace("そうしたとき、", "その後、"),
    ):
        assert not understood(text), text


def test_RS_RELEASE_TIMES_two_commands_released_put_a_unit_numbered_2_as_damage() -> None:
    b = _entered()
    held, _ = _held_ids(b)
    assert len(held) == 2 and _sleeper(b.replay())["held"] is True
    r = _resolve(b, use=True, targets=[*held, "T-772"])
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-RELEASE-TIMES" in rules_applied(r, b.last)
    assert any("2 times" in t for t in ruling_texts(r, b.last))
    assert not any(c.get("held") for c in _commands(r))
    assert _sleeper(r)["held"] is True  # not released
    assert _b_codes(r) == ["T-773"]
    assert player_state(r, "B")["damage"] == 1


def test_RS_RELEASE_TIMES_a_held_unit_counts_as_a_time() -> None:
    b = _entered()
    held, _ = _held_ids(b)
    sleeper = _sleeper(b.replay())["id"]
    r = _resolve(b, use=True, targets=[held[0], sleeper, "T-772"])
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert not _sleeper(r).get("held", False)
    assert sum(1 for c in _commands(r) if c.get("held")) == 1
    assert player_state(r, "B")["damage"] == 1


def test_RS_RELEASE_TIMES_a_unit_of_a_higher_number_is_illegal() -> None:
    b = _entered()
    held, _ = _held_ids(b)
    r = _resolve(b, use=True, targets=[*held, "T-773"])  # 2 times, Four's number 4
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_RELEASE_TIMES_once_with_no_unit_that_fits_nothing_is_damage() -> None:
    b = _entered()
    held, _ = _held_ids(b)
    r = _resolve(b, use=True, targets=held[:1])  # 1 time: Two (2) and Four (4) do not fit
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert sorted(_b_codes(r)) == ["T-772", "T-773"]
    assert player_state(r, "B")["damage"] == 0


def test_RS_RELEASE_TIMES_a_released_card_named_is_not_guessed() -> None:
    b = _entered()
    _, released = _held_ids(b)
    r = _resolve(b, use=True, targets=[released[0], "T-772"])
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-RELEASE-TIMES" in rules_applied(r, b.last)
    assert player_state(r, "B")["damage"] == 0  # not carried out


def test_RS_RELEASE_TIMES_a_card_twice_or_a_released_one_is_not_guessed() -> None:
    b = _entered()
    held, _ = _held_ids(b)
    for targets in ([held[0], held[0], "T-772"], [*held, "A-1", "T-772"]):  # Ultimate
        r = _resolve(b, use=True, targets=targets)
        assert verdict(r, b.last) == "unverifiable", (targets, r["steps"][b.last])
        assert "RS-RELEASE-TIMES" in rules_applied(r, b.last)
        assert player_state(r, "B")["damage"] == 0
        b.doc["actions"].pop()


def test_RS_RELEASE_TIMES_how_many_times_is_not_guessed() -> None:
    b = _entered()
    r = _resolve(b, use=True)
    assert verdict(r, b.last) == "unverifiable"
    assert sum(1 for c in _commands(r) if c.get("held")) == 2  # not carried out
    assert player_state(r, "B")["damage"] == 0


def test_RS_RELEASE_TIMES_not_used_nothing_is_released() -> None:
    b = _entered()
    r = _resolve(b, use=False)
    assert verdict(r, b.last) == "legal"
    assert sum(1 for c in _commands(r) if c.get("held")) == 2
    assert _sleeper(r)["held"] is True
    assert player_state(r, "B")["damage"] == 0


def test_RS_RELEASE_TIMES_legal_actions_name_the_held_cards_then_a_unit() -> None:
    from judge.core.replay import position

    b = _entered()
    held, _ = _held_ids(b)
    listed = [a for a in position(b.log()).legal_actions() if a["do"] == "resolve"]
    assert {"p": "A", "do": "resolve", "source": "A-1", "use": False} in listed
    (used,) = [a for a in listed if a.get("use") is not False]
    assert used["targets"][:2] == held and len(used["targets"]) == 4  # 3 times, then a unit


def test_RS_RELEASE_TIMES_tag_an_allys_held_unit_is_not_guessed() -> None:
    """A1's Sleeper is held; A2 enters Ultimate with two of its commands held: naming A2's own
    commands is right whether 自軍 is A2's or its team's; naming A1's unit, or none, is not
    guessed."""
    b = LogBuilder(CARDS, variant="tag").setup(first="B1")
    b.charge("B1", "T-000").proceed("B1").rush("B1", "T-772").proceed("B1", 2)
    b.charge("B2", "T-000").proceed("B2", 3)
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-771").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2", 3)
    b.charge("B1", "T-000").proceed("B1", 3)
    b.charge("B2", "T-000").proceed("B2", 3)
    b.proceed("A1", 3)
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-000").rush("A2", "T-770").proceed("A2")
    b.enter("A2", "T-770")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0
    held = [c["id"] for c in player_state(r, "A2")["command"] if c.get("held")]
    sleeper = next(u["id"] for u in player_state(r, "A1")["rush"] if u["code"] == "T-771")
    assert len(held) == 2
    b.act("A2", "resolve", source="T-770", use=True, targets=[*held, "T-772"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "B1")["damage"] == 1
    b.doc["actions"].pop()
    for targets in ([], [sleeper, held[0], "T-772"]):
        b.act("A2", "resolve", source="T-770", use=True, targets=targets)
        r = b.replay()
        assert verdict(r, b.last) == "unverifiable", (targets, r["steps"][b.last])
        assert "RS-RELEASE-TIMES" in rules_applied(r, b.last)
        assert player_state(r, "B1")["damage"] == 0
        b.doc["actions"].pop()
