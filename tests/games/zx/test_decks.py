"""Z/X deck construction (``judge check-deck zx``), from the official manual's デッキ構築ルール."""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.cards import load_builtin_set
from judge.games.zx.decks import check_deck
from judge.games.zx.sample import sample_deck

CARDS = {c["code"]: c for c in load_builtin_set("zx-sample")["cards"]}


def rules(main: list[str], dynamis: list[str] | None = None) -> list[str]:
    return [p.rule for p in check_deck(main, dynamis or [], CARDS)]


def test_sample_decks_are_legal() -> None:
    for kind in ("ember", "tide"):
        d = sample_deck(kind)
        assert rules(d["main"], d["dynamis"]) == []


def test_ZX_DECK_SIZE_exactly_50() -> None:
    d = sample_deck("ember")["main"]
    assert rules(d + ["ZXS-007"]) == ["ZX-DECK-SIZE"]


def test_ZX_DECK_IG_exactly_20() -> None:
    d = sample_deck("ember")["main"]
    d[d.index("ZXS-002")] = "ZXS-007"
    assert rules(d) == ["ZX-DECK-IG"]


def test_ZX_DECK_COPIES_at_most_4_per_name() -> None:
    d = sample_deck("ember")["main"]
    d[d.index("ZXS-001")] = "ZXS-017"  # a 5th copy
    assert rules(d) == ["ZX-DECK-COPIES"]


def test_ZX_DECK_LIFE_RECOVERY_at_most_4() -> None:
    d = sample_deck("ember")["main"]
    d[d.index("ZXS-004")] = "ZXS-020"  # a 5th Life Recovery (another name, IG count kept)
    assert rules(d) == ["ZX-DECK-LIFE-RECOVERY"]


def test_ZX_DECK_VOID_BRINGER_at_most_4() -> None:
    d = sample_deck("ember")["main"]
    d[d.index("ZXS-004")] = "ZXS-021"
    assert rules(d) == ["ZX-DECK-VOID-BRINGER"]


def test_ZX_DYNAMIS_at_most_16_and_only_zx_ex() -> None:
    d = sample_deck("ember")["main"]
    assert rules(d, ["ZXS-E01"] * 4 + ["ZXS-E02"] * 4 + ["ZXS-E01"]) == ["ZX-DYNAMIS"]
    assert rules(d, ["ZXS-007"]) == ["ZX-DYNAMIS"]


def test_ZX_DECK_COPIES_a_replays_deck_is_judged_once_for_logs_of_the_same_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The problems of a deck of the built-in set's cards are kept for the next log that
    lists it (``judge.core.decks.judged_deck``), and every replay still reports them."""
    from judge.core import decks as core_decks
    from judge.core.replay import replay
    from judge.games.zx import decks
    from judge.games.zx.sample import sample_envelope

    core_decks._JUDGED.clear()
    asked: list[int] = []
    real = decks.check_deck

    def check(main: list[str], dynamis: list[str], cards: Any) -> list[Any]:
        asked.append(len(main))
        return real(main, dynamis, cards)

    monkeypatch.setattr(decks, "check_deck", check)
    doc = sample_envelope("deck-memo")
    main = doc["decks"]["A"]["main"]
    main[main.index("ZXS-001")] = "ZXS-017"  # a 5th copy
    doc["actions"] = []
    first = replay(doc)
    assert len(asked) == 2  # both players' decks
    second = replay(doc)
    assert len(asked) == 2  # found, not judged again
    for r in (first, second):
        problems = r["summary"]["decks"]["problems"]
        assert [(p["player"], p["rule"]) for p in problems] == [("A", "ZX-DECK-COPIES")]
    assert first == second
