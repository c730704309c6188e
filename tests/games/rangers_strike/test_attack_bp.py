"""BP while attacking or attacked (RS-ATTACK-BP), on made-up cards in the catalogue's shapes.

The source (official rules, battle phase, as summarised by the fan wiki's battle.md, FAN):
"「アタックするとき/されるとき」効果はアタック処理中のみ、終了時に効果終了" — the BP counts during
that attack only; a Number Combination's effects last the turn (atwiki renst page 267).
"""

from __future__ import annotations

from typing import Any

from judge.core.testing import player_state, rules_applied, ruling_texts
from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import LogBuilder, card

ATTACKED = "※これはアタックされるときBP+2000される。"
NC_VS_BEAST = "【牙の一撃】「SP1」これは特徴「獣」をもつユニットにアタックするとき、BP+4000される。"


def _read(text: str, number: int | None = None, kind: str = "unit") -> Any:
    d: dict[str, Any] = {"type": kind, "text": text}
    if kind == "operation":
        d["operation"] = "normal"
    if number is not None:
        d["combination"] = {"number": number}
    return read_card(d)


def test_RS_ATTACK_BP_the_reader_reads_the_note_the_named_effect_and_the_nc_sentence() -> None:
    attacked = {"op": "bp", "amount": 2000, "during": "attacked"}
    for text in (ATTACKED, ATTACKED.replace("とき", "とき、")):
        r = _read(text)
        assert r.understood and r.effects == ({"when": "static", "do": [attacked], "text": text},)
    # the named effect of a unit without a number: its own continuous text
    r = _read("【剛腕】これはアタックするときBP+3000される。")
    assert r.effects[0]["do"] == [{"op": "bp", "amount": 3000, "during": "attacking"}]
    assert r.effects[0]["when"] == "static"
    # a Number Combination's sentence: for the turn, during its attacks on a 獣
    nc = _read(NC_VS_BEAST, number=1)
    assert nc.combination[0]["do"][1] == {
        "op": "bp",
        "amount": 4000,
        "until": "turn",
        "during": "attacking",
        "against": {"feature": "獣"},
    }
    # not read: an operation's "これ", a when-it-enters effect (no duration printed), another
    # condition on the attacked unit
    assert not _read("これはアタックするときBP+3000される。", kind="operation").understood
    enters = (
        "【剛腕】自軍ターン中、これがバトルエリアに出たとき、これはアタックするときBP+3000される。"
    )
    assert not _read(enters).understood
    assert not _read(
        "【剛腕】これは必要パワーの数字に「-」のあるユニットにアタックするときBP+5000される。"
    ).understood


def test_RS_ATTACK_BP_rendered_with_its_condition() -> None:
    shown = render_card({**card("T-030", name="Shell Guard", bp=2000), "text": ATTACKED})
    assert "Always: this unit gets BP +2000 while it is attacked." in shown["reading"]


def _duel(a_unit: str, b_unit: str, *cards: dict[str, Any]) -> LogBuilder:
    """B has ``b_unit`` in its battle area; A's ``a_unit`` enters in turn 3."""
    b = LogBuilder(list(cards)).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", a_unit).proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", b_unit).proceed("B").enter("B", b_unit)
    b.proceed("B").charge("A", "T-000").proceed("A", 2).enter("A", a_unit)
    return b


def _texted(code: str, name: str, text: str, **kw: Any) -> dict[str, Any]:
    d = {**card(code, name=name, **kw), "text": text}
    del d["effects"]
    return d


STRONG = card("T-031", name="Iron Fist", bp=3000)
SHELL = _texted("T-032", "Shell Guard", ATTACKED, bp=2000)
PLAIN = card("T-033", name="Plain Guard", bp=2000)


def test_RS_ATTACK_BP_a_unit_attacked_has_its_bp_during_the_attack_only() -> None:
    b = _duel("T-031", "T-032", STRONG, SHELL).attack("A", "T-031", "T-032")
    r = b.replay()
    assert "A-1 (Iron Fist) BP 3000 < B-4 (Shell Guard) BP 4000" in " ".join(
        ruling_texts(r, b.last)
    )
    assert player_state(r, "A")["discard"] == ["A-1"]
    battle = player_state(r, "B")["battle"]
    assert [u["bp"] for u in battle] == [2000]  # the attack is over: its printed BP again
    # the same attack on a unit without the note: the attacker wins
    b = _duel("T-031", "T-033", STRONG, PLAIN).attack("A", "T-031", "T-033")
    assert "A-1 (Iron Fist) BP 3000 > B-4 (Plain Guard) BP 2000" in " ".join(
        ruling_texts(b.replay(), b.last)
    )


def test_RS_ATTACK_BP_a_number_combinations_bp_against_a_feature_only() -> None:
    fang = _texted("T-034", "Fang Rider", NC_VS_BEAST, bp=1000, sp=0, combination={"number": 1})
    beast = {**card("T-035", name="Wild Beast", bp=3000), "features": ["獣"]}
    b = _duel("T-034", "T-035", fang, beast)
    r = b.replay()
    assert "RS-NUMBER-COMBINATION" in rules_applied(r, b.last)
    b.attack("A", "T-034", "T-035")
    r = b.replay()
    assert "A-1 (Fang Rider) BP 5000 > B-4 (Wild Beast) BP 3000" in " ".join(
        ruling_texts(r, b.last)
    )
    b = _duel("T-034", "T-033", fang, PLAIN).attack("A", "T-034", "T-033")
    assert "A-1 (Fang Rider) BP 1000 < B-4 (Plain Guard) BP 2000" in " ".join(
        ruling_texts(b.replay(), b.last)
    )


VS_S = "【鎌】これは敵軍Sユニットにアタックするとき、BP+5000される。"


def test_RS_ATTACK_BP_the_named_effect_against_a_size_is_read_and_shown() -> None:
    """ "これは敵軍Sユニットにアタックするとき、BP+5000される。": while it attacks a size S unit."""
    r = _read(VS_S)
    assert r.understood and r.effects[0]["do"] == [
        {"op": "bp", "amount": 5000, "during": "attacking", "against": {"size": "S"}}
    ]
    assert r.effects[0]["when"] == "static"
    assert not _read(VS_S, number=2).understood  # a unit with a number: its NC, not read so
    assert not _read(VS_S.replace("アタックする", "アタックされる")).understood
    assert not _read(VS_S.replace("敵軍S", "S")).understood
    shown = render_card(_texted("T-036", "Sickle", VS_S, bp=500))
    assert "Always: this unit gets BP +5000 while it attacks a size S unit." in shown["reading"]


def test_RS_ATTACK_BP_against_a_size_only_that_size() -> None:
    sickle = _texted("T-036", "Sickle", VS_S, bp=500, sp=0)
    small = card("T-037", name="Small Guard", bp=3000, size="S")
    big = card("T-038", name="Big Guard", bp=3000, size="M")
    b = _duel("T-036", "T-037", sickle, small).attack("A", "T-036", "T-037")
    assert "A-1 (Sickle) BP 5500 > B-4 (Small Guard) BP 3000" in " ".join(
        ruling_texts(b.replay(), b.last)
    )
    b = _duel("T-036", "T-038", sickle, big).attack("A", "T-036", "T-038")
    assert "A-1 (Sickle) BP 500 < B-4 (Big Guard) BP 3000" in " ".join(
        ruling_texts(b.replay(), b.last)
    )
