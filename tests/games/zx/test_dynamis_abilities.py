"""Abilities used from the dynamis and Lv abilities of other types: 破天降臨 (seed 003, keyword
ability 14: once a turn; where it is used from the seed leaves to another page: GAP, option
``hatenkourin_from``) and Lv (ability 9: face-up cards of a type in the dynamis; a type in
[ ] is a race, any other the seed does not explain: GAP, option ``lv_type``)."""

from __future__ import annotations

from typing import Any

from judge.games.zx.testing import (
    LogBuilder,
    card,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

HK_EX = card(
    "T-HKX",
    type="zx_ex",
    power=7000,
    cost=3,
    condition={"kind": "descent", "zx": {"n": 1}},
    effects=[{"when": "activated", "hatenkourin": True, "do": [{"op": "draw", "n": 1}]}],
)
PLAIN_EX = card(
    "T-PEX",
    type="zx_ex",
    power=7000,
    cost=3,
    effects=[{"when": "activated", "do": [{"op": "draw", "n": 1}]}],
)


def in_dynamis(options: dict[str, Any] | None = None) -> LogBuilder:
    """A's main phase, T-HKX and T-PEX face down in A's dynamis (A-D1, A-D2)."""
    b = LogBuilder([HK_EX, PLAIN_EX], options=options, dynamis={"A": ["T-HKX", "T-PEX"]})
    return b.start().to_main("A")


def test_ZX_HATENKOURIN_used_from_the_dynamis_by_default_once_a_turn() -> None:
    b = in_dynamis()
    b.act("A", "activate", card="A-D1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "ZX-HATENKOURIN" in rules_applied(r, b.last)
    assert len(player_state(r, "A")["hand"]) == 5  # 4 and the 破天降臨's draw
    b.act("A", "activate", card="A-D1")
    assert rules_broken(b.replay(), b.last) == ["ZX-HATENKOURIN"]


def test_ZX_HATENKOURIN_from_the_dynamis_only_a_hatenkourin_ability() -> None:
    b = in_dynamis()
    b.act("A", "activate", card="A-D2")
    assert rules_broken(b.replay(), b.last) == ["ZX-HATENKOURIN"]


def test_ZX_HATENKOURIN_option_square_refuses_the_dynamis() -> None:
    b = in_dynamis({"hatenkourin_from": "square"})
    b.act("A", "activate", card="A-D1")
    assert rules_broken(b.replay(), b.last) == ["ZX-ACTIVATE"]


def test_ZX_HATENKOURIN_option_dynamis_refuses_a_square() -> None:
    hk = card(
        "T-HK",
        power=3000,
        effects=[{"when": "activated", "hatenkourin": True, "do": [{"op": "draw", "n": 1}]}],
    )
    b = LogBuilder([hk], a=["T-HK"], options={"hatenkourin_from": "dynamis"}).start()
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5)
    b.act("A", "activate", card=b.iid("A", 0))
    assert rules_broken(b.replay(), b.last) == ["ZX-HATENKOURIN"]


def lv_card(lv: dict[str, Any]) -> dict[str, Any]:
    return card(
        "T-LV", power=3000, effects=[{"when": "activated", "lv": lv, "do": [{"op": "draw"}]}]
    )


def lv_log(lv: dict[str, Any], options: dict[str, Any] | None = None) -> LogBuilder:
    """A plays T-LV and uses its Lv ability; A's dynamis holds T-PEX face down only (a gate
    card would be face up: none here)."""
    b = LogBuilder([lv_card(lv), PLAIN_EX], a=["T-LV"], options=options, dynamis={"A": ["T-PEX"]})
    b.start().to_main("A").act("A", "play", card=b.iid("A", 0), to=5)
    return b.act("A", "activate", card=b.iid("A", 0))


def test_ZX_LV_a_type_not_in_brackets_is_unverifiable_by_default() -> None:
    b = lv_log({"type": "Dingir", "n": 1})
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"  # not illegal: the engine cannot count it
    assert not rules_broken(r, b.last)


def test_ZX_LV_option_card_type_counts_face_up_dynamis_cards_of_that_type() -> None:
    b = lv_log({"type": "zx_ex", "n": 1}, {"lv_type": "card_type"})
    # the only zx_ex of A's dynamis is face down: Lv 1 does not hold
    assert rules_broken(b.replay(), b.last) == ["ZX-LV"]


def test_ZX_LV_a_race_is_still_counted_from_the_face_up_dynamis() -> None:
    b = lv_log({"race": "Dingir", "n": 1})
    assert rules_broken(b.replay(), b.last) == ["ZX-LV"]


# -- "place force" as a cost (seed 003, keyword action 9) ---------------------------------------

FORCED = card(
    "T-FC",
    power=3000,
    keywords=["alter_force 2"],
    effects=[
        {
            "when": "activated",
            "cost": {"place_force": {"n": 2, "to": "trash"}},
            "do": [{"op": "draw", "n": 1}],
        }
    ],
)
EVENT = card("T-EVT", type="event")


def forced(n_trash: int) -> LogBuilder:
    """A plays ``n_trash`` events (to the trash), then T-FC, whose Alter Force 2 takes them."""
    b = LogBuilder([FORCED, EVENT], a=["T-EVT"] * n_trash + ["T-FC"]).start().to_main("A")
    for k in range(n_trash):
        b.act("A", "play", card=b.iid("A", k))
    b.act("A", "play", card=b.iid("A", n_trash), to=5)
    trash = [b.iid("A", k) for k in range(n_trash)]
    return b.act("A", "resolve", source=b.iid("A", n_trash), targets=trash)


def test_ZX_FORCE_COST_force_materials_go_to_the_zone_named() -> None:
    b = forced(2)
    b.act("A", "activate", card=b.iid("A", 2), force=[b.iid("A", 1), b.iid("A", 0)])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "ZX-FORCE-COST" in rules_applied(r, b.last)
    assert "force" not in r["steps"][b.last]["state"]["squares"]["5"]
    assert sorted(player_state(r, "A")["trash"]) == sorted([b.iid("A", 0), b.iid("A", 1)])


def test_ZX_FORCE_COST_cannot_be_paid_with_too_few_force_materials() -> None:
    b = forced(1)
    b.act("A", "activate", card=b.iid("A", 1))
    assert rules_broken(b.replay(), b.last) == ["ZX-FORCE-COST"]
