"""Every opposing unit with レジスト or ウイング held (RS-HOLD-KEYWORD), on made-up cards in the
catalogue's sentence shape.

The sources' words, which the tests follow: "これをラッシュしたとき、レジストまたはウイングを持つ敵軍ユニット
をすべてホールドしてもよい。" — when it is rushed, the player *may* hold *all* opposing units (no area
named: the rush and battle areas) that *have レジスト or ウイング*; a hold turns a unit sideways
and a held unit cannot be held again (atwiki renst 157 ホールド, "横向きになること").
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

TEXT = "【大旋風】これをラッシュしたとき、レジストまたはウイングを持つ敵軍ユニットをすべてホールドしてもよい。"
#: A's unit whose when-rushed effect holds (made-up name)
PHOENIX = printed("T-920", f"※ウイング {TEXT}", name="Storm Phoenix", bp=3000)
#: B's units: with resist, with Wing, with neither
TOUGH = printed("T-921", "※レジスト", name="Tough", bp=2000)
BIRD = printed("T-922", "※ウイング", name="Bird", bp=2000)
PLAIN = card("T-923", name="Plain", bp=2000)
#: B's unit whose text, not read, names レジスト
SHIELD = printed(
    "T-924", "【盾の誓い】これが自軍エリアにある間、自軍ユニットはレジストを得る。", name="Oath"
)
CARDS = [PHOENIX, TOUGH, BIRD, PLAIN, SHIELD]


def _rushed(*b_units: str) -> LogBuilder:
    """B rushes ``b_units`` (one a turn; the last enters its battle area); A rushes the Phoenix
    in the turn after, whose when-rushed effect waits for A."""
    b = LogBuilder(CARDS).setup(first="B")
    for i, code in enumerate(b_units):
        if i:
            b.charge("A", "T-000").proceed("A", 3)
        b.charge("B", "T-000").proceed("B").rush("B", code).proceed("B")
        if i == len(b_units) - 1:
            b.enter("B", code)
        b.proceed("B")
    return b.charge("A", "T-000").proceed("A").rush("A", "T-920")


def _held(r: dict, pid: str) -> dict[str, bool]:
    units = player_state(r, pid)["rush"] + player_state(r, pid)["battle"]
    return {u["code"]: bool(u.get("held")) for u in units}


def test_RS_HOLD_KEYWORD_read_and_shown() -> None:
    r = read_card(PHOENIX)
    assert r.understood
    assert [{k: v for k, v in e.items() if k != "text"} for e in r.effects] == [
        {
            "when": "on_rush",
            "optional": True,
            "do": [{"op": "hold_keyword_all", "keywords": ["レジスト", "ウイング"]}],
        }
    ]
    assert render_card(PHOENIX)["reading"][-1] == (
        "When rushed (optional: you may): hold every opposing unit (not a vehicle) of the rush "
        "and battle areas that has レジスト or ウイング (those held already stay held)."
    )


def test_RS_HOLD_KEYWORD_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("レジストまたはウイング", "レジスト"),
        TEXT.replace("すべて", "1体選び"),
        TEXT.replace("してもよい", "する"),
        TEXT.replace("敵軍ユニット", "敵軍Sユニット"),
        TEXT.replace("敵軍ユニット", "自軍ユニット"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text


def test_RS_HOLD_KEYWORD_every_opposing_unit_with_either_is_held() -> None:
    b = _rushed("T-921", "T-922", "T-923").act("A", "resolve", source="T-920", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-HOLD-KEYWORD" in rules_applied(r, b.last)
    assert _held(r, "B") == {"T-921": True, "T-922": True, "T-923": False}
    assert [u["code"] for u in player_state(r, "B")["battle"]] == ["T-923"]
    b = _rushed("T-922", "T-921").act("A", "resolve", source="T-920", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _held(r, "B") == {"T-921": True, "T-922": True}
    assert [u["code"] for u in player_state(r, "B")["battle"]] == ["T-921"]  # held in place


def test_RS_HOLD_KEYWORD_declined_holds_none() -> None:
    b = _rushed("T-921", "T-922").act("A", "resolve", source="T-920", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _held(r, "B") == {"T-921": False, "T-922": False}


def test_RS_HOLD_KEYWORD_an_unread_card_naming_the_keyword_is_not_guessed() -> None:
    b = _rushed("T-921", "T-924").act("A", "resolve", source="T-920", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-HOLD-KEYWORD" in rules_applied(r, b.last)
    assert _held(r, "B") == {"T-921": False, "T-924": False}
