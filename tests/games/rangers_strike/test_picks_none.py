"""``picks_none.nothing``: for an effect it says none of ``run_effect``'s pickers (from
``from_discard.picks`` to ``gather_named.picks``) can take anything for, every one of them
answers "nothing" (nothing chosen, the targets as they were, no problem, no doubt) in a game
under way, whatever the targets and ``use``; for an effect with one of their ops it says no."""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.log import parse_log
from judge.core.replay import position
from judge.core.selfplay import random_game
from judge.games.rangers_strike import (
    activated,
    attack_again,
    bp_lowest,
    bp_pair,
    command_discard,
    damage_cards,
    deck_search,
    destroy_within,
    discard_bp_cross,
    discard_namesake,
    either_pile,
    from_discard,
    gather_named,
    hand_cycle,
    held_return,
    opponent_power,
    opponent_search,
    own_cards,
    own_commands,
    picks_none,
    power_moves,
    release,
    release_count,
    resist_damage,
    self_cost,
    stacking,
    strike_damage,
    top_three,
    zone_moves,
)
from judge.games.rangers_strike.sample import sample_envelope

#: each picker, called as run_effect calls it, and its first answer for "nothing"
PICKERS: list[tuple[Any, Any]] = [
    (lambda e, p, ef, t, u: from_discard.picks(e, p, ef, t), []),
    (lambda e, p, ef, t, u: either_pile.pick(e, p, ef, t), None),
    (lambda e, p, ef, t, u: deck_search.picks(e, p, ef, t, u), []),
    (lambda e, p, ef, t, u: activated.command_pick(e, p, ef, t, False), None),
    (lambda e, p, ef, t, u: opponent_search.picks(e, p, ef, t), []),
    (lambda e, p, ef, t, u: discard_bp_cross.picks(e, p, ef, t, u), None),
    (lambda e, p, ef, t, u: attack_again.named(e, p, ef, t), []),
    (lambda e, p, ef, t, u: command_discard.named(e, p, ef, t), []),
    (lambda e, p, ef, t, u: held_return.named(e, p, ef, t), []),
    (lambda e, p, ef, t, u: bp_lowest.named(e, p, ef, t, "A-1"), None),
    (lambda e, p, ef, t, u: resist_damage.named(e, p, ef, t), None),
    (lambda e, p, ef, t, u: self_cost.named(e, p, ef, t, u), None),
    (lambda e, p, ef, t, u: zone_moves.top_named(e, p, ef, t), None),
    (lambda e, p, ef, t, u: zone_moves.resident_named(e, p, ef, t), None),
    (lambda e, p, ef, t, u: release.commands_named(e, p, ef, t), []),
    (lambda e, p, ef, t, u: power_moves.picks(e, p, ef, t, u), None),
    (lambda e, p, ef, t, u: strike_damage.picks(e, p, ef, t), []),
    (lambda e, p, ef, t, u: opponent_power.picks(e, p, ef, t, u), None),
    (lambda e, p, ef, t, u: stacking.picks(e, p, ef, t), []),
    (lambda e, p, ef, t, u: power_moves.rush_picks(e, p, ef, t, u), None),
    (lambda e, p, ef, t, u: power_moves.put_picks(e, p, ef, t, True), None),
    (lambda e, p, ef, t, u: power_moves.put_picks(e, p, ef, t, False), None),
    (lambda e, p, ef, t, u: damage_cards.picks(e, p, ef, t, u), None),
    (lambda e, p, ef, t, u: destroy_within.picks(e, p, ef, t, u), None),
    (lambda e, p, ef, t, u: hand_cycle.picks(e, p, ef, t, u), None),
    (lambda e, p, ef, t, u: gather_named.picks(e, p, ef, t, u), []),
]

#: the choices read first (``picks_none.nothing_chosen``), alike
CHOSEN: list[tuple[Any, Any]] = [
    (own_commands.named, []),
    (release_count.named, []),
    (own_cards.named, []),
    (discard_namesake.named, []),
    (bp_pair.named, []),
    (top_three.named, None),
]


@pytest.mark.parametrize("variant", ["1v1", "tag"])
def test_every_picker_answers_nothing_where_picks_none_says_so(variant: str) -> None:
    seed = f"picks-none-{variant}"
    log = parse_log(random_game(sample_envelope(seed, variant=variant), seed, max_actions=120))
    eng = position(log)
    st = eng.state
    effects = [e for d in st.defs.values() for e in (*d.effects, *d.combination_effects())]
    assert effects
    said = 0
    for effect in effects:
        if not isinstance(effect.get("do"), list) or not picks_none.nothing(effect):
            continue
        said += 1
        for pid in st.order:
            for targets in ([], ["A-1"], [{"modes": [1]}]):
                for use in (True, None, False):
                    for pick, none in PICKERS:
                        got = pick(eng, pid, effect, targets, use)
                        assert got[0] == none and got[1] is targets, (effect, got)
                        assert got[2] == [] and got[3] is None, (effect, got)
    assert said
    chosen = 0
    for effect in effects:
        if not isinstance(effect.get("do"), list) or not picks_none.nothing_chosen(effect):
            continue
        chosen += 1
        assert discard_namesake.bound(effect, [], eng) is effect
        for pid in st.order:
            for targets in ([], ["A-1"]):
                for use in (True, None, False):
                    for named, none in CHOSEN:
                        got = named(eng, pid, effect, targets, use)
                        assert got == (none, targets, [], None) and got[1] is targets, effect
    assert chosen


@pytest.mark.parametrize(
    "op",
    [
        {"op": "from_discard"},
        {"op": "from_hand_or_discard"},
        {"op": "release_command"},
        {"op": "power_to_hand"},
        {"op": "power_to_rush"},
        {"op": "power_card_to_rush"},
        {"op": "damage_to_hand"},
        {"op": "discard_to_command"},
        {"op": "resident_to_deck"},
        {"op": "reveal_top"},
        {"op": attack_again.HOLD},
    ],
)
def test_an_effect_with_a_pickers_op_is_not_nothing(op: dict[str, Any]) -> None:
    assert not picks_none.nothing({"when": "on_enter", "do": [op]})
    assert picks_none.nothing({"when": "on_enter", "do": [{"op": "draw", "n": 1}]})
