"""What a Rangers Strike engine works out from the card definitions alone
(:meth:`~judge.games.rangers_strike.engine.RangersStrikeEngine.codes_where`, and each
card's readings by ``per_card``): once a game,
or, ``shared``, once for every game of the same card table; a game of another table, or a
question that reads more than the definitions, works it out again.  And the replays of
self-played games are the same whether the shared answers were worked out in that game or
found from an earlier one."""

from __future__ import annotations

import pytest

from judge.core import cards
from judge.core.canonical import canonical_json
from judge.core.log import parse_log
from judge.core.replay import replay, start
from judge.core.selfplay import random_game
from judge.games.rangers_strike.sample import sample_envelope
from judge.games.rangers_strike.testing import LogBuilder, card

CARDS = [card("T-951", name="One", bp=2000), card("T-952", name="Two", bp=3000)]


@pytest.fixture(autouse=True)
def no_table_read_yet() -> None:
    """Every test starts with no card table read in the process (and so no shared answer)."""
    cards._TABLES.clear()


def engines(table: list[dict], n: int = 2) -> list:
    """``n`` games of the card table ``table``, each decoded anew (as a worker does)."""
    return [start(parse_log(LogBuilder(table).setup(first="A").doc)) for _ in range(n)]


def counting() -> tuple[list[str], object]:
    asked: list[str] = []

    def has(d) -> bool:
        asked.append(d.code)
        return d.code.endswith("1")

    return asked, has


def test_a_shared_answer_is_worked_out_once_for_the_games_of_one_card_table() -> None:
    first, second = engines(CARDS)
    asked, has = counting()
    a = first.codes_where("test shared", has, shared=True)
    assert asked and a == {c for c in first.state.defs if c.endswith("1")}
    asked.clear()
    assert second.codes_where("test shared", has, shared=True) == a
    assert asked == []  # found, not worked out again


def test_an_answer_not_shared_is_worked_out_again_in_each_game() -> None:
    first, second = engines(CARDS)
    asked, has = counting()
    first.codes_where("test own", has)
    asked.clear()
    second.codes_where("test own", has)
    assert sorted(asked) == sorted(second.state.defs)
    asked.clear()
    second.codes_where("test own", has)  # once a game
    assert asked == []


def test_a_card_is_read_once_for_the_games_of_one_card_table() -> None:
    """:meth:`per_card` (a resident's BP, a unit's attack BP, its own text): read once in
    a game, kept for the next game of the same table, read again for another table's."""
    first, second = engines(CARDS)
    read: list[str] = []

    def size(d) -> tuple[int]:
        read.append(d.code)
        return (d.bp,)

    d = first.state.defs["T-952"]
    assert first.per_card("test read", {}, d, size) == (3000,)
    mine: dict = {}
    assert second.per_card("test read", mine, second.state.defs["T-952"], size) == (3000,)
    assert read == ["T-952"] and mine == {"T-952": (3000,)}
    (other,) = engines([CARDS[0], {**CARDS[1], "bp": 4000}], 1)
    assert other.per_card("test read", {}, other.state.defs["T-952"], size) == (4000,)
    assert read == ["T-952", "T-952"]


def test_a_game_of_another_card_table_works_it_out_again() -> None:
    (first,) = engines(CARDS, 1)
    asked, has = counting()
    first.codes_where("test table", has, shared=True)
    (other,) = engines([CARDS[0], {**CARDS[1], "bp": 4000}], 1)
    asked.clear()
    other.codes_where("test table", has, shared=True)
    assert sorted(asked) == sorted(other.state.defs)


@pytest.mark.parametrize("variant", ["1v1", "tag"])
def test_replays_are_the_same_with_the_shared_answers_found_or_worked_out(variant: str) -> None:
    bodies = [
        canonical_json(random_game(sample_envelope(s, variant=variant), s, max_actions=200))
        for s in (f"codes-where-{variant}-{i}" for i in range(3))
    ]
    alone = []
    for body in bodies:  # each game's shared answers worked out in that game
        cards._TABLES.clear()
        alone.append(canonical_json(replay(body)))
    found = [canonical_json(replay(body)) for body in bodies]  # the later ones find them
    assert found == alone
