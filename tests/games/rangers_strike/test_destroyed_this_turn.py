"""A Number Combination of the end of its player's turn, applying only if the player destroyed
an opposing unit with a feature this turn and it went to the discard pile
(RS-IF-DESTROYED-THIS-TURN, RS-COMBINATION-TURN, RS-TURN-END), on made-up cards in the
catalogue's sentence shape.

The sources' words, which the tests follow: "このターン、特徴「女」を持つ敵軍ユニットを1体以上撃破して捨札にした
なら、自分がターンを終えるとき、相手に1点ダメージを与えてもよい。" — *this turn*, *if* one or more opposing
units *with the feature 女* were *destroyed and put into the discard pile* (by the player: the
sentence's subject), *as the player ends its turn*, it *may* deal 1 damage; a combination's
effect lasts "そのターンの終了時まで"; "「撃破」と「捨札になること」はイコールではない".  A tie ("お互いに
撃破される") and a destruction before the combination triggered the sources leave open: not
guessed.
"""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    player_state,
    printed,
    rules_applied,
    verdict,
)

TEXT = (
    "【猛毒腐食液】このターン、特徴「女」を持つ敵軍ユニットを1体以上撃破して捨札にしたなら、自分がターンを終えると"
    "き、相手に1点ダメージを与えてもよい。"
)
#: A's unit: Number Combination 1, BP 2000
DOCTOR = printed("T-668", TEXT, name="Doctor", bp=2000, sp=0, size="S", combination={"number": 1})
#: B's unit with the feature 女, BP 1000
LADY = {**card("T-662", name="Lady", bp=1000, sp=0, size="S"), "features": ["女"]}
#: A's operation: destroy an opposing battle-area unit with BP 6000 or less
CULL = printed(
    "T-669", "敵軍バトルエリアからBP6000以下のユニットを1体選び撃破する。", "operation", name="Cull"
)
CARDS = [DOCTOR, LADY, CULL]


def _ready(b_unit: str = "T-662", cull: bool = False) -> LogBuilder:
    """B puts ``b_unit`` into its battle area (turn 2); in turn 3 A (using Cull on it first, if
    ``cull``) rushes the Doctor (A-1) and a filler and is in its battle phase."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").rush("B", b_unit).proceed("B")
    unit = next(u["id"] for u in player_state(b.replay(), "B")["rush"] if u["code"] == b_unit)
    b.enter("B", unit).proceed("B", 2)
    b.charge("A", "T-000").proceed("A")
    if cull:
        b.use("A", "T-669", targets=[unit])
    return b.rush("A", "T-668").rush("A", "T-000").proceed("A")


def _damage(b: LogBuilder) -> int:
    return int(player_state(b.replay(), "B")["damage"])


def test_RS_IF_DESTROYED_THIS_TURN_read_from_the_printed_named_effect_and_shown() -> None:
    r = read_card(DOCTOR)
    assert r.understood
    assert r.combination[0] == {
        "when": "turn_end",
        "turn": "own",
        "destroyed": {"side": "opponent", "feature": "女"},
        "optional": True,
        "do": [{"op": "damage", "n": 1}],
        "text": TEXT,
    }
    assert render_card(DOCTOR)["reading"] == [
        "Number Combination 1: at the end of your turn, if this turn you destroyed one or more "
        "opposing units with the feature 女 and they went to the discard pile (optional: you "
        "may): deal 1 damage to the opposing side, as a strike's."
    ]


def test_RS_IF_DESTROYED_THIS_TURN_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("撃破して捨札にした", "撃破した"),
        TEXT.replace("与えてもよい", "与える"),
        TEXT.replace("自分がターンを終えるとき", "相手がターンを終えるとき"),
    ):
        assert not read_card(
            {"type": "unit", "combination": {"number": 1}, "text": text}
        ).understood, text
    assert not read_card({"type": "unit", "text": TEXT}).understood  # no combination number


def test_RS_IF_DESTROYED_THIS_TURN_a_unit_destroyed_in_battle_the_damage_may_be_dealt() -> None:
    b = _ready().enter("A", "A-1").attack("A", "A-1", "B-4").proceed("A")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-IF-DESTROYED-THIS-TURN", "RS-TURN-END"} <= set(rules_applied(r, b.last))
    assert _damage(b) == 0  # it waits for A's choice
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _damage(b) == 1


def test_RS_IF_DESTROYED_THIS_TURN_not_used_no_damage() -> None:
    b = _ready().enter("A", "A-1").attack("A", "A-1", "B-4").proceed("A")
    b.act("A", "resolve", source="A-1", use=False)
    assert verdict(b.replay(), b.last) == "legal"
    assert _damage(b) == 0


def test_RS_IF_DESTROYED_THIS_TURN_a_unit_without_the_feature_does_not_count() -> None:
    b = _ready("T-000").enter("A", "A-1")
    target = player_state(b.replay(), "B")["battle"][0]["id"]
    b.attack("A", "A-1", target).proceed("A")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-IF-DESTROYED-THIS-TURN" in rules_applied(r, b.last)
    assert _damage(b) == 0
    b.charge("B", "T-000")  # nothing waited: A's turn has ended
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_COMBINATION_TURN_not_at_its_number_nothing_waits() -> None:
    b = _ready()
    filler = next(u["id"] for u in player_state(b.replay(), "A")["rush"] if u["code"] == "T-000")
    b.enter("A", filler).enter("A", "A-1").attack("A", "A-1", "B-4").proceed("A")  # position 2
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-IF-DESTROYED-THIS-TURN" not in rules_applied(r, b.last)
    assert _damage(b) == 0


def test_RS_IF_DESTROYED_THIS_TURN_a_tie_is_not_guessed() -> None:
    """The Doctor enters first; the filler (1000) attacks Lady (1000): both are destroyed."""
    b = _ready().enter("A", "A-1")
    filler = next(u["id"] for u in player_state(b.replay(), "A")["rush"] if u["code"] == "T-000")
    b.enter("A", filler).attack("A", filler, "B-4").proceed("A")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-IF-DESTROYED-THIS-TURN" in rules_applied(r, b.last)
    assert _damage(b) == 0


def test_RS_IF_DESTROYED_THIS_TURN_before_the_combination_is_not_guessed() -> None:
    b = _ready(cull=True).enter("A", "A-1").proceed("A")  # Lady culled in the rush phase
    r = b.replay()
    assert "B-4" in player_state(r, "B")["discard"]
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-IF-DESTROYED-THIS-TURN" in rules_applied(r, b.last)
    assert _damage(b) == 0
