"""Z/X deck construction (``judge check-deck zx``), from the official manual's デッキ構築ルール."""

from __future__ import annotations

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
