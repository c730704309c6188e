"""Whether none of the choices :func:`~judge.games.rangers_strike.resolve.run_effect` reads
after the cost (from the discard pile, the deck, the command and power zones, …: the pickers
``from_discard.picks`` to ``gather_named.picks``) can take anything for an effect.

Each picker's first test reads the effect alone (its op, its timing, its exact shape) and,
when it fails, the picker returns at once what it returns for "nothing" (nothing chosen, the
targets as they were, no problem, no doubt), whatever the state, the targets and ``use``.
:func:`nothing` is those first tests, in the pickers' order, worked out once an effect
(most effects have none of those ops, and an effect resolves a few times a game); then
``run_effect`` takes the pickers' answers as given.

The tests after ``zone_moves.top_named`` are only asked when every test before held: then no
card is on top to reveal, the effect the later pickers read is the same one (reveal_return's
``bound`` leaves an effect as it is without a card), and each test asked here is asked by the
picker itself on the same effect, in the same order, in the loop it replaces.

:func:`nothing_chosen` is the same for the choices ``run_effect`` reads first, before the cost
(``own_commands.named`` to ``top_three.named``): an op of each, or nothing chosen.
"""

from __future__ import annotations

from typing import Any

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

#: the answers so far, by the effect's id (the effect kept, so that an id is not reused)
_MEMO: dict[int, tuple[dict[str, Any], bool]] = {}
#: :func:`nothing_chosen`'s, alike
_CHOSEN: dict[int, tuple[dict[str, Any], bool]] = {}
_MEMO_MAX = 4096


def nothing(effect: dict[str, Any]) -> bool:
    """Whether every picker from ``from_discard.picks`` to ``gather_named.picks`` returns
    "nothing" for ``effect`` by its first test (module docstring)."""
    entry = _MEMO.get(id(effect))
    if entry is not None and entry[0] is effect:
        return entry[1]
    got = _before_top(effect) and _after_top(effect)
    if len(_MEMO) >= _MEMO_MAX:
        _MEMO.clear()
    _MEMO[id(effect)] = (effect, got)
    return got


def nothing_chosen(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` has none of the ops of ``own_commands``, ``release_count``,
    ``own_cards``, ``discard_namesake``, ``bp_pair`` and ``top_three``: each one's ``named``
    then returns "nothing" by its first test, and their ``bound`` (where ``run_effect`` binds
    what was chosen into the effect) leaves the effect as it is."""
    entry = _CHOSEN.get(id(effect))
    if entry is not None and entry[0] is effect:
        return entry[1]
    got = (
        own_commands.op_of(effect) is None
        and release_count.op_of(effect) is None
        and own_cards.op_of(effect) is None
        and discard_namesake.op_of(effect) is None
        and bp_pair.op_of(effect) is None
        and top_three.op_of(effect) is None
    )
    if len(_CHOSEN) >= _MEMO_MAX:
        _CHOSEN.clear()
    _CHOSEN[id(effect)] = (effect, got)
    return got


def _before_top(effect: dict[str, Any]) -> bool:
    """The first tests of the pickers up to ``zone_moves.top_named``, in their order."""
    ops = effect.get("do") or []
    return (
        from_discard.op_of(effect) is None
        and either_pile.op_of(effect) is None
        and deck_search.op_of(effect) is None
        and (not ops or not activated.is_command_op(ops[0]))
        and not opponent_search.uses(effect)
        and discard_bp_cross._find(effect) is None
        and not attack_again.holds(effect)
        and command_discard.op_of(effect) is None
        and not held_return.ok(effect)
        and not bp_lowest.ok(effect, str(effect.get("when")))
        and not resist_damage.ok(effect, str(effect.get("when")))
        and (not self_cost.uses(effect) or not self_cost.ok(effect, "combination"))
        and not zone_moves.moves_top(effect)
    )


def _after_top(effect: dict[str, Any]) -> bool:
    """The first tests of the pickers after ``zone_moves.top_named``, in their order."""
    return (
        not zone_moves.returns_resident(effect)
        and release._op(effect) is None
        and power_moves.op_of(effect) is None
        and not strike_damage.is_pick(effect)
        and opponent_power.choice_at(effect) is None
        and stacking.op_of(effect) is None
        and power_moves.rush_op(effect) is None
        and power_moves.put_op_of(effect) is None
        and damage_cards.op_of(effect) is None
        and destroy_within.op_of(effect) is None
        and effect.get("when") != hand_cycle.WHEN
        and gather_named.op_of(effect) is None
    )
