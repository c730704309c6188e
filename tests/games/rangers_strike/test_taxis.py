"""Taxis (``※タクスX``, RS-TAXIS), on made-up cards.

The sources' words, which the tests follow: the reminder as a card prints it (RS-583, the fan
wiki's copy) "※タクスET（これがバトルエリアの4番目にある間、これの次に並ぶETを持つSユニットは「SP1」を
得る）", whose N is the card's own; the fan wiki's page (atwiki renst page 1291): "○にはそれぞれの
カテゴリとそれに応じた数字（WBなら1、MAなら2、OTなら3、ETなら4）が入る" (rule option
``taxis_position``). Whether "SP1" is a floor or the unit's SP the sources do not say: a strike
it would decide is unverifiable.
"""

from __future__ import annotations

from typing import Any

from judge.core.testing import ruling_texts
from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)


def reminder(n: int, cat: str = "ET") -> str:
    return (
        f"(これがバトルエリアの{n}番目にある間、これの次に並ぶ{cat}を持つSユニットは「SP1」を得る)"
    )


def _unit(code: str, name: str, cat: str = "ET", size: str = "S", sp: int = 0) -> dict[str, Any]:
    return card(code, name=name, category=cat, size=size, sp=sp)


#: a taxis ET that works from the 1st place; ET and MA units after it
TAXIS = printed("T-695", f"※タクスET{reminder(1)}", name="Baton", category="ET", size="S", sp=0)
ET_S = _unit("T-696", "Runner")
MA_S = _unit("T-697", "Mystic", cat="MA")
ET_M = _unit("T-698", "Engine", size="M")
ET_S2 = _unit("T-699", "Ace", sp=2)


def _line(*units: dict[str, Any], options: dict[str, Any] | None = None) -> LogBuilder:
    """A's battle area holds ``units`` in order, entered in turn 3 (the first rushed in turn
    1, the others in turn 3, each holding a command of its category charged before it)."""
    b = LogBuilder(list({u["code"]: u for u in units}.values()), options=options).setup(first="A")
    first, *others = units
    b.charge("A", first["code"]).proceed("A").rush("A", first["code"]).proceed("A", 2)
    b.pass_turn("B")
    # turn 1's command is released again; one more is charged: two rushes at most
    assert len(others) <= 2
    b.charge("A", others[-1]["code"] if others else first["code"]).proceed("A")
    for u in others:
        b.rush("A", u["code"])  # a released command of its category
    b.proceed("A")
    for u in units:
        b.enter("A", u["code"])
    return b


def test_RS_TAXIS_read_with_its_reminder_or_without_it_and_shown() -> None:
    for text, word in (
        (f"※タクスET{reminder(4)}", "taxis ET 4"),
        ("※タクスET（これがバトルエリアの４番目にある間、これの次に並ぶETを持つSユニットは 「SP1」 を得る）",
         "taxis ET 4"),
        (f"※タクスMA{reminder(2, 'MA')}", "taxis MA 2"),
        ("※タクスOT", "taxis OT"),
        ("※タクスWB", "taxis WB"),
    ):  # fmt: skip
        r = read_card({"type": "unit", "text": text})
        assert r.understood and r.keywords == (word,), text
    assert render_card(TAXIS)["reading"] == [
        "Keywords: Taxis ET: while it stands 1st in its battle area, the size S ET unit directly "
        "after it gets SP 1 (RS-TAXIS)."
    ]
    assert "rule option taxis_position" in render_card(printed("T-695", "※タクスOT"))["reading"][0]
    # beside a printed SP K/N, whose place is said as before
    halved = {**printed("T-695", f"※タクスET{reminder(4)}"), "sp_at": {"sp": 1, "position": 2}}
    assert render_card(halved)["reading"] == [
        "SP 1/2: SP 1 while 2nd in the battle area.",
        "Keywords: Taxis ET: while it stands 4th in its battle area, the size S ET unit directly "
        "after it gets SP 1 (RS-TAXIS).",
    ]


def test_RS_TAXIS_near_misses_are_not_read() -> None:
    for defn in (
        {"type": "unit", "text": "※タクスDA"},  # no source gives DA's place
        {"type": "unit", "text": f"※タクスET{reminder(4, 'MA')}"},  # another category
        {"type": "unit", "text": f"※タクスET{reminder(4).replace('SP1', 'SP2')}"},
        {"type": "unit", "text": f"※タクスET{reminder(4).replace('Sユニット', 'ユニット')}"},
        {"type": "operation", "operation": "normal", "text": "※タクスET"},
    ):
        assert not read_card(defn).understood, defn


def test_RS_TAXIS_the_size_s_unit_of_its_category_after_it_gets_sp_1() -> None:
    b = _line(TAXIS, ET_S).strike("A", "T-696")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-TAXIS" in rules_applied(r, b.last)
    assert player_state(r, "B")["damage"] == 1
    assert [u["sp"] for u in player_state(r, "A")["battle"]] == [0, 1]


def test_RS_TAXIS_not_another_category_nor_size() -> None:
    for other in (MA_S, ET_M):
        b = _line(TAXIS, other).strike("A", other["code"])
        r = b.replay()
        assert rules_broken(r, b.last) == ["RS-STRIKE"], other["name"]


def test_RS_TAXIS_only_at_the_place_its_reminder_names() -> None:
    """Baton works from the 1st place; 2nd, it gives nothing. A Baton of the 2nd place there
    does: N is the card's own."""
    b = _line(ET_M, TAXIS, ET_S).strike("A", "T-696")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-STRIKE"], r["steps"][b.last]
    second = {**TAXIS, "text": f"※タクスET{reminder(2)}"}
    b = _line(ET_M, second, ET_S).strike("A", "T-696")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    # only the unit directly after it: Runner after Engine after Baton gets nothing
    b = _line(TAXIS, ET_M, ET_S).strike("A", "T-696")
    assert rules_broken(b.replay(), b.last) == ["RS-STRIKE"]


def test_RS_TAXIS_a_floor_or_the_units_sp_is_not_guessed() -> None:
    """Ace's printed SP is 2: SP 2 if "SP1" is a floor, 1 if it is its SP: its strike (and
    the damage it deals) is not judged."""
    b = _line(TAXIS, ET_S2).strike("A", "T-699")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-TAXIS" in rules_applied(r, b.last)
    assert "floor" in " ".join(ruling_texts(r, b.last))


def test_RS_TAXIS_without_its_reminder_the_place_is_the_rule_options() -> None:
    """※タクスET alone: a printed reminder gives ET the 4th place, so 1st it gives nothing.
    ※タクスWB alone: by default its place is not known (unverifiable); with taxis_position
    "wiki" it is the 1st."""
    bare_et = {**TAXIS, "text": "※タクスET"}
    b = _line(bare_et, ET_S).strike("A", "T-696")
    assert rules_broken(b.replay(), b.last) == ["RS-STRIKE"]
    bare_wb = {**TAXIS, "text": "※タクスWB", "category": "WB"}
    wb_s = {**ET_S, "category": "WB"}
    b = _line(bare_wb, wb_s).strike("A", "T-696")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "taxis_position printed" in " ".join(ruling_texts(r, b.last))
    b = _line(bare_wb, wb_s, options={"taxis_position": "wiki"}).strike("A", "T-696")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]


def test_RS_TAXIS_a_card_not_read_in_full_still_prints_taxis() -> None:
    """Baton's named effect is not read (its rush leaves later steps uncertain), but its
    ※タクスET(…1番目…) is printed: Runner after it may strike."""
    unread = {**TAXIS, "text": f"※タクスET{reminder(1)} 【謎の力】このユニットは不思議な力を持つ。"}
    b = _line(unread, ET_S).strike("A", "T-696")
    r = b.replay()
    assert verdict(r, b.last) == "uncertain", r["steps"][b.last]
    assert "RS-TAXIS" in rules_applied(r, b.last)


def test_RS_TAXIS_tag_the_leaders_last_and_the_supporters_first_are_not_guessed() -> None:
    """A1's Baton stands 1st (and last) in the leader's battle area; A2's Runner is the first of
    the supporter's: after Baton, 2nd, on the team's one line; 1st, after nothing, in A2's own."""
    b = LogBuilder([TAXIS, ET_S], variant="tag").setup(first="A1")
    b.charge("A1", "T-695").proceed("A1").rush("A1", "T-695").proceed("A1")
    b.enter("A1", "T-695").proceed("A1")
    b.charge("A2", "T-696").proceed("A2").rush("A2", "T-696").proceed("A2")
    b.enter("A2", "T-696").strike("A2", "T-696")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "Which line taxis reads in tag battle" in " ".join(ruling_texts(r, b.last))


def test_RS_TAXIS_a_definition_without_a_size_is_not_guessed_an_s_unit() -> None:
    sizeless = card("T-696", name="Runner", category="ET", sp=0)  # no size given
    b = _line(TAXIS, sizeless).strike("A", "T-696")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "size is not given" in " ".join(ruling_texts(r, b.last))
