"""A unit that may be used as another card (RS-USABLE-AS), on made-up cards in the catalogue's
sentence shapes.

The source's words, which the tests follow (fan wiki atwiki renst page 1739 カード名): "ゲーム中、
同名カードとして扱えますので、追加条件などの名称を指定したテキストの対象として選ぶことができます。ですが、本来の
カード名は異なりますので、デッキ構築の際は別のカードとして扱います。", "公開情報であるときはいつでも…「○○」という
カード名として扱ってよい", and its example: ブレイバックル's pick from the hand of 「仮面ライダーブレイド」
may take ディケイド ブレイド ("これは『仮面ライダーブレイド』としてつかえる").  Where a text asks for a
card of the name to be chosen, the card counts; where it does not let the player choose
(扱ってよい: may), the step is unverifiable.
"""

from __future__ import annotations

from typing import Any

import pytest

import tests.games.rangers_strike.test_activate as activate
import tests.games.rangers_strike.test_as_own as as_own
import tests.games.rangers_strike.test_combine_parts as combine
import tests.games.rangers_strike.test_either_pile as either
import tests.games.rangers_strike.test_from_discard as from_discard
import tests.games.rangers_strike.test_ride as ride
import tests.games.rangers_strike.test_search_deck as search
import tests.games.rangers_strike.test_shields_own as shields
from judge.games.rangers_strike.cards import CardDef
from judge.games.rangers_strike.decks import check_deck
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

AS = "※これは「{}」としてつかえる。"
EITHER = "※これは「{}」または「{}」としてつかえる。"


def _as(code: str, name: str, *usable: str, text: str = "", **kw: Any) -> dict[str, Any]:
    """A made-up unit named ``name`` whose note says it may be used as ``usable``."""
    note = AS.format(*usable) if len(usable) == 1 else EITHER.format(*usable)
    return printed(code, f"{note} {text}".strip(), name=name, **kw)


def _legal(b: LogBuilder) -> dict[str, Any]:
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    return r


# -- the reading -------------------------------------------------------------------------------


def test_RS_USABLE_AS_read_from_the_note_and_shown() -> None:
    r = read_card({"type": "unit", "text": AS.format("Ranger")})
    assert r.understood and r.keywords == ("usable_as",) and r.effects == ()
    assert read_card({"type": "unit", "text": EITHER.format("Aka", "Ao")}).understood
    # not read: a combination of two, a vehicle's, another wording
    for kind, text in (
        ("unit", AS.format("Aka＋Ao")),
        ("vehicle", AS.format("Aka")),
        ("vehicle", "※このビークルは合体ユニットとしてつかえる。"),
        ("unit", "※これは「Aka」として使える。"),
    ):
        assert not read_card({"type": kind, "text": text}).understood, text
    d = CardDef.from_dict(_as("T-1", "Decade", "Aka", "Ao"))
    assert d.usable_as == ("Aka", "Ao")
    assert (d.name_match("Decade"), d.name_match("Ao"), d.name_match("Kiiro")) == (
        True,
        None,
        False,
    )
    assert d.named("Aka") and not d.named("Kiiro")
    assert CardDef.from_dict(printed("T-2", AS.format("Aka＋Ao"), name="Duo")).usable_as == ()
    assert render_card(_as("T-3", "Decade", "Ranger"))["reading"] == [
        "Keywords: It may be used as 「Ranger」: a text asking for a card of that name to be "
        "chosen may choose it (its printed name stays its own for the deck's limit per name; "
        "RS-USABLE-AS)."
    ]


def test_RS_USABLE_AS_the_names_count_whether_or_not_the_rest_is_read() -> None:
    d = CardDef.from_dict(_as("T-1", "Decade", "Ranger", text="【謎】自軍山札の上から3枚を見る。"))
    assert d.unread and d.usable_as == ("Ranger",) and d.named("Ranger")


def test_RS_USABLE_AS_the_deck_limit_counts_the_printed_name() -> None:
    """ "構築のときは「○○」とは別の名前のカードなので、「○○」とは別に3枚までデッキに入れられる"."""
    cards = {"T-1": _as("T-1", "Decade", "Ranger"), "T-2": card("T-2", name="Ranger")}
    fillers = [f"F-{k:02}" for k in range(12)]
    cards.update({c: card(c, name=f"Filler {c}") for c in fillers})
    rest = [c for c in fillers[:11] for _ in range(3)] + fillers[11:]
    assert check_deck(["T-1"] * 3 + ["T-2"] * 3 + rest, [], cards) == []
    four = check_deck(["T-2"] * 4 + rest + ["T-1"] * 2, [], cards)  # the control: four Rangers
    assert [p.rule for p in four] == ["RS-DECK-COPIES"]


# -- a card of the name chosen: the card usable as it counts ----------------------------------


def test_RS_USABLE_AS_a_search_of_the_deck_may_take_it() -> None:
    alias = _as("T-127", "Decade Ranger", "Ranger", bp=1000)
    other = _as("T-128", "Decade Rival", "Rival", bp=1000)
    for code, want in (("T-127", "legal"), ("T-128", "illegal")):
        b = LogBuilder([*search.CARDS, alias, other]).setup(first="A")
        b.charge("A", "T-000").proceed("A").use("A", "T-120")
        b.act("A", "resolve", source="T-120", use=True, targets=[code])
        r = b.replay()
        assert verdict(r, b.last) == want, (code, r["steps"][b.last])
    assert "RS-SEARCH-DECK" in rules_broken(r, b.last)
    assert [u["code"] for u in player_state(_legal_search(alias), "A")["rush"]] == ["T-127"]


def _legal_search(alias: dict[str, Any]) -> dict[str, Any]:
    b = LogBuilder([*search.CARDS, alias]).setup(first="A")
    b.charge("A", "T-000").proceed("A").use("A", "T-120")
    b.act("A", "resolve", source="T-120", use=True, targets=["T-127"])
    return _legal(b)


def test_RS_USABLE_AS_a_pick_from_the_hand_may_take_it_the_sources_example() -> None:
    alias = _as("T-127", "Decade Ranger", "Ranger", bp=1000)
    b = search._used("T-126", LogBuilder([*search.CARDS, search.DROP_IN, alias]).setup(first="A"))
    b.act("A", "resolve", source="T-126", use=True, targets=["T-127"])
    r = _legal(b)
    assert "RS-FROM-HAND" in rules_applied(r, b.last)
    assert [u["code"] for u in player_state(r, "A")["rush"]] == ["T-127"]


def test_RS_USABLE_AS_the_hand_or_the_discard_pile_may_take_it() -> None:
    alias = _as("T-995", "Decade Super", "Super", bp=3000, sp=1, size="S")
    b = LogBuilder([either.HERO, alias, either.RED, either.CRUSHER]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-993").proceed("A").enter("A", "T-993")
    b.proceed("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-997").proceed("B").enter("B", "T-997")
    b.attack("B", "T-997", "T-993").act("A", "resolve", source="A-1", targets=["T-995"])
    r = _legal(b)
    assert "RS-EITHER-PILE" in rules_applied(r, b.last)


def test_RS_USABLE_AS_the_discard_pile_may_give_it() -> None:
    """The upgrade's own condition discards the unit usable as Ranger; destroyed, its note puts
    "「Ranger」のカード" from the discard pile into the rush area: that unit may be taken."""
    alias = _as("T-111", "Decade Ranger", "Ranger", bp=1000)
    b = from_discard._destroyed(base=alias)
    b.act("A", "resolve", source="A-1", targets=["T-111"])
    r = _legal(b)
    assert "RS-FROM-DISCARD" in rules_applied(r, b.last)
    assert [u["code"] for u in player_state(r, "A")["rush"]] == ["T-111"]


def test_RS_USABLE_AS_an_additional_condition_may_discard_it_by_name() -> None:
    alias = _as("T-111", "Decade Ranger", "Ranger", bp=1000)
    other = _as("T-111", "Decade Rival", "Rival", bp=1000)
    for unit, want in ((alias, "legal"), (other, "illegal")):
        b = LogBuilder([from_discard.UPGRADE, unit, from_discard.BIG]).setup(first="A")
        b.charge("A", "T-000").proceed("A").rush("A", "T-111").proceed("A", 2).pass_turn("B")
        b.charge("A", "T-000").proceed("A").rush("A", "T-110")
        r = b.replay()
        assert verdict(r, b.last) == want, (unit["name"], r["steps"][b.last])
    assert "RS-RUSH-DISCARD" in rules_broken(r, b.last)


def _combined(second: dict[str, Any], first: dict[str, Any]) -> dict[str, Any]:
    more = [c for c in (first, second) if c not in combine.CARDS]
    b = LogBuilder([*combine.CARDS, *more]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", first["code"]).proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", second["code"])
    ids = {u["code"]: u["id"] for u in player_state(b.replay(), "A")["rush"]}
    b.rush("A", "T-332", discard=[ids[first["code"]], ids[second["code"]]])
    r = b.replay()
    return {"r": r, "last": b.last}


def test_RS_USABLE_AS_a_combination_part_and_only_one_part_per_card() -> None:
    alias = _as("T-339", "Decade Alpha", "Alpha", bp=1000)
    got = _combined(combine.GAMMA, alias)
    assert verdict(got["r"], got["last"]) == "legal", got["r"]["steps"][got["last"]]
    # a card usable as Alpha or Gamma fills one part, not both: with a unit of another name
    both = _as("T-338", "Chimera", "Alpha", "Gamma", bp=1000)
    got = _combined(combine.OTHER, both)
    assert verdict(got["r"], got["last"]) == "illegal"
    assert "RS-RUSH-DISCARD" in rules_broken(got["r"], got["last"])
    got = _combined(combine.GAMMA, both)  # it as Alpha, Gamma as Gamma
    assert verdict(got["r"], got["last"]) == "legal", got["r"]["steps"][got["last"]]


def test_RS_USABLE_AS_a_command_of_the_name_may_be_held(monkeypatch: pytest.MonkeyPatch) -> None:
    junior = _as(
        "T-796",
        "後輩",
        "先輩一号",
        text="【旋風突き】このターン、これはBP+2000される。",
        category="tide",
        bp=3000,
        size="S",
        combination={"rc": True},
    )
    monkeypatch.setattr(as_own, "CARDS", [*as_own.CARDS, junior])
    b, hero, command = as_own._ridden("T-796")
    b.act("A", "resolve", source=hero, use=True, targets=[command])
    r = _legal(b)
    assert {"RS-HOLD-NAMED-COMMAND", "RS-AS-OWN-EFFECT"} <= set(rules_applied(r, b.last))
    assert as_own._bp(b, hero) == 6000


def test_RS_USABLE_AS_a_vehicle_naming_its_rider() -> None:
    alias = _as("T-003", "Decade Named", "Named", bp=2500, sp=1)
    b = ride.rushed(ride.BOAT, alias, rush=("T-009", "T-003")).enter("A", "T-003", ride="T-009")
    _legal(b)
    plain = _as("T-003", "Decade Plain", "Plain", bp=2500, sp=1)
    b = ride.rushed(ride.BOAT, plain, rush=("T-009", "T-003")).enter("A", "T-003", ride="T-009")
    assert rules_broken(b.replay(), b.last) == ["RS-RIDER"]


def test_RS_USABLE_AS_a_combination_made_from_a_unit_of_the_name() -> None:
    from tests.games.rangers_strike.test_combination_from import NAMED_RIDER, _enter_after, _unit

    blue = {**_unit("T-013", "Decade Blue", AS.format("蒼の剣士"), sp=1)}
    twin = _unit("T-014", "Twin Blade", NAMED_RIDER, sp_special=True, combination={"number": 5})
    b = _enter_after("T-013", "T-014", blue, twin)
    r = b.replay()
    assert "RS-COMBINATION-FROM" in rules_applied(r, b.last)
    battle = r["steps"][b.last]["state"]["players"]["A"]["battle"]
    assert [u["bp"] for u in battle] == [3000, 5000]


def test_RS_USABLE_AS_an_additional_condition_naming_a_unit() -> None:
    alias = _as("T-001", "Decade Falcon", "Falcon", bp=1000)
    big = card("T-008", name="Big", bp=5000, condition={"unit_named": "Falcon"})
    b = LogBuilder([alias, big]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-001").proceed("A", 2).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-008")
    _legal(b)


# -- what the source leaves open: unverifiable ---------------------------------------------------


def test_RS_USABLE_AS_a_revealed_card_usable_as_the_name_is_not_guessed() -> None:
    from tests.games.rangers_strike.test_reveal_top import ANT

    alias = _as("T-361", "Decade Drone", "Drone", bp=1000, sp=0, size="S")
    b = LogBuilder([ANT, alias]).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-360")
    b.act("A", "resolve", source="T-360", use=True, targets=["T-361"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-REVEAL-TOP" in rules_applied(r, b.last)


def test_RS_USABLE_AS_a_name_excepted_is_not_guessed(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "「ロックガード」以外の特徴「魔」を持つ自軍Sユニット": a unit usable as ロックガード."""
    alias = {**_as("T-795", "Decade Guard", "ロックガード", bp=1000, size="S"), "features": ["魔"]}
    monkeypatch.setattr(shields, "CARDS", [*shields.CARDS, alias])
    b = shields.attacked(alias)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]


def test_RS_USABLE_AS_one_card_as_two_names_at_once_is_not_guessed() -> None:
    """ "自軍捨札に「フィッシュ」と「ゴーレム」があれば": one card usable as either, alone there."""
    chimera = _as(
        "T-907", "キメラ", "フィッシュ", "ゴーレム", text=activate.TEXT, bp=3000, sp=0, size="S"
    )
    b = LogBuilder([*activate.CARDS, chimera]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-907")
    b.act("A", "activate", card=activate._id(b, "T-907"), ability=1)
    b.act("A", "resolve", source="T-907", use=False).proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-900")
    b.act("A", "activate", card=activate._id(b, "T-900"), ability=1)
    b.act("A", "resolve", source="T-900", use=True, targets=["T-904"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert any("counts as two of them" in w for w in r["steps"][b.last]["unverifiable"])


def test_RS_USABLE_AS_a_mandatory_pick_not_recorded_is_not_guessed() -> None:
    """ "自軍捨札から「Ranger」のカードを1枚選び、自軍ラッシュエリアに出す。" with only a card usable as
    Ranger there: whether its player takes it as one (扱ってよい, may) is not recorded."""
    alias = _as("T-111", "Decade Ranger", "Ranger", bp=1000)
    b = from_discard._destroyed(base=alias).proceed("B")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    said = " ".join(str(w) for w in r["steps"][b.last]["unverifiable"])
    assert "may be used as Ranger" in said, said
    b = from_discard._destroyed().proceed("B")  # the control: a card printed Ranger
    said = " ".join(str(w) for w in b.replay()["steps"][b.last]["unverifiable"])
    assert "may be used as" not in said
