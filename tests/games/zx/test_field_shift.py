"""What a shift adds to the card under it (issue 13), written from the comprehensive rules
202.8c-e as a fan wiki quotes them: the card has its own information plus the shift's; the
shift adds card name, card text, colour and races, marked with its plus icon; a colour or race
the card already has is not added."""

from __future__ import annotations

from judge.games.zx.testing import (
    LogBuilder,
    card,
    game_state,
    rules_applied,
    rules_broken,
    verdict,
)

KNIGHT = card("T-KN", power=2000, races=["Knight"])
SHIFT = card(
    "T-SH",
    type="shift",
    name="Blade of Embers",
    color="blue",
    races=["Relic"],
    device={"race": "Knight"},
    adds={"name": "Ember Knight", "color": "blue", "races": ["Knight", "Flame"]},
)
PLAIN = card("T-SP", type="shift", device={"race": "Knight"})
SHIFT_EV = card("T-SHE", type="event", effects=[{"when": "play", "do": [{"op": "shift"}]}])
BOOST = card(
    "T-BO",
    type="event",
    effects=[
        {
            "when": "play",
            "do": [{"op": "power", "n": 1000, "target": {"side": "own", "race": "Flame"}}],
        }
    ],
)


def at(r, sq, i=-1):
    return game_state(r, i)["squares"][str(sq)]


def _shifted(shift: str = "T-SH") -> LogBuilder:
    """A's Knight on square 5, then A's Shift onto it; A still holds the Flame boost."""
    b = LogBuilder(
        [KNIGHT, SHIFT, PLAIN, SHIFT_EV, BOOST],
        a=["T-KN", "T-SHE", "T-BO"],
        dynamis={"A": [shift]},
    ).start()
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5).act("A", "play", card=b.iid("A", 1))
    return b.act("A", "resolve", source=b.iid("A", 1), targets=["A-D1", b.iid("A", 0)])


def test_ZX_SHIFT_INFO_name_colour_and_races_added_without_repeats() -> None:
    b = _shifted()
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert at(r, 5)["with_shift"] == {
        "names": ["T-KN", "Ember Knight"],
        "colors": ["red", "blue"],
        "races": ["Knight", "Flame"],  # Knight it had: not added again; the shift's own Relic not
    }
    assert "ZX-SHIFT-INFO" in rules_applied(r, b.last)


def test_ZX_SHIFT_INFO_an_added_race_is_read_when_an_effect_chooses() -> None:
    b = _shifted()
    b.act("A", "play", card=b.iid("A", 2))
    b.act("A", "resolve", source=b.iid("A", 2), targets=[b.iid("A", 0)])
    r = b.replay()
    assert verdict(r, b.last) == "legal"  # a Flame Z/X now, by its shift
    assert at(r, 5)["power"] == 3000
    b = _shifted("T-SP")  # a shift that adds no race
    b.act("A", "play", card=b.iid("A", 2))
    b.act("A", "resolve", source=b.iid("A", 2), targets=[b.iid("A", 0)])
    r = b.replay()
    assert rules_broken(r, b.last) == ["ZX-TARGET"]
    assert "ZX-SHIFT-INFO" not in rules_applied(r, b.last - 2)


def test_ZX_SHIFT_INFO_an_added_race_meets_a_zx_ex_condition() -> None:
    flame_ex = card(
        "T-FEX", type="zx_ex", power=8000, condition={"kind": "awaken", "zx": {"race": "Flame"}}
    )
    for shift, rules in (("T-SH", []), ("T-SP", ["ZX-EX-CONDITION"])):
        b = LogBuilder(
            [KNIGHT, SHIFT, PLAIN, SHIFT_EV, BOOST, flame_ex],
            a=["T-KN", "T-SHE", "T-BO"],
            dynamis={"A": [shift, "T-FEX"]},
        ).start()
        b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5)
        b.act("A", "play", card=b.iid("A", 1))
        b.act("A", "resolve", source=b.iid("A", 1), targets=["A-D1", b.iid("A", 0)])
        b.act("A", "play_ex", card="A-D2", to=4, **{"with": [b.iid("A", 0)]})
        assert rules_broken(b.replay(), b.last) == rules
