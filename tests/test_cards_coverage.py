"""``judge cards coverage SET``: how much of a set's printed text the reader understands,
and the unread sentences grouped by template (made-up cards in the official wording)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from judge import cli


def ua_card(code: str, text: str | None = None, **fields: Any) -> dict[str, Any]:
    d: dict[str, Any] = {
        "code": code,
        "name": f"灯守 {code}",
        "type": "character",
        "title": "LNT",
        "number": code,
        "color": "purple",
        "ap": 1,
        "bp": 2000,
        "energy": {"purple": 1},
        "generates": {"purple": 1},
        **fields,
    }
    if text is not None:
        d["text"] = text
    return d


def lanternfall(tmp_path: Path) -> Path:
    cards = [
        ua_card("LNT-001"),  # vanilla
        ua_card("LNT-002", "[登場時]カードを1枚引く。"),
        ua_card("LNT-003", "[ステップ](自分の移動フェイズにフロントLからエナジーLへ移動できる)"),
        ua_card(
            "LNT-004",
            "[登場時]自分の場の［特徴：灯守］1枚につき、このキャラはこのターン中、BP+1000。",
        ),
        ua_card(
            "LNT-005",
            "[登場時]自分の場の［特徴：灯守］1枚につき、このキャラはこのターン中、BP+2000。",
        ),
        ua_card(
            "LNT-006",
            "このキャラのBPが4000以上の場合、このキャラはBP3000以下のキャラにブロックされない。",
        ),
        ua_card(
            "LNT-007",
            "[起動メイン]カードを1枚引く。",
            effects=[{"when": "activate_main", "do": [{"op": "draw", "n": 1}]}],
        ),
        {"code": "LNT-AP", "name": "AP", "type": "ap", "title": "LNT", "number": "LNT-AP"},
    ]
    path = tmp_path / "lanternfall.json"
    doc = {"format": "judge-card-set/1", "game": "union-arena", "name": "lanternfall"}
    path.write_text(json.dumps({**doc, "cards": cards}, ensure_ascii=False), encoding="utf-8")
    return path


def run(*args: str) -> Any:
    return CliRunner().invoke(cli.main, list(args))


def test_coverage_counts_cards_understood_and_groups_unread_templates(tmp_path: Path) -> None:
    result = run("cards", "coverage", str(lanternfall(tmp_path)))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "lanternfall (union-arena): 5 of 8 cards understood (62.5 %)"
    assert lines[1] == (
        "  no printed text: 2; text read in full: 2 of 5 (40.0 %); effects written by hand: 1"
    )
    # the most frequent template first: two cards, numbers abstracted
    assert lines[3].split() == [
        "2",
        "2",
        "[登場時]自分の場の[特徴]N枚につき、このキャラはこのターン中、BP+N",
    ]
    assert "LNT-004" in lines[4]
    assert (
        "このキャラのBPがN以上の場合、このキャラはBPN以下のキャラにブロックされない"
        in result.output
    )


def test_coverage_as_json(tmp_path: Path) -> None:
    result = run("cards", "coverage", str(lanternfall(tmp_path)), "--json")
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["name"] == "lanternfall"
    assert (figures["cards"], figures["understood"], figures["percent"]) == (8, 5, 62.5)
    assert (figures["with_text"], figures["text_read"]) == (5, 2)
    first = figures["unread_templates"][0]
    assert first["sentences"] == 2 and first["codes"] == ["LNT-004", "LNT-005"]


def test_coverage_of_a_game_without_a_reader_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import judge.games

    # every game has a reader now: one is taken away to see what the command says
    monkeypatch.delitem(judge.games.COVERAGES, "rangers-strike")
    path = tmp_path / "emberline.json"
    card = {"code": "EMB-001", "name": "Ember Scout", "type": "unit", "category": "blaze"}
    doc = {"format": "judge-card-set/1", "game": "rangers-strike", "name": "emberline"}
    path.write_text(json.dumps({**doc, "cards": [{**card, "bp": 2000}]}))
    result = run("cards", "coverage", str(path))
    assert result.exit_code == 2
    assert "no printed-text reader for rangers-strike yet" in result.output


def test_coverage_of_a_bad_set_exits_2_by_path(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "judge-card-set/1", "game": "union-arena", "name": "x"}')
    result = run("cards", "coverage", str(path))
    assert result.exit_code == 2
    assert "cards" in result.output


def test_coverage_per_set_family_of_the_official_codes(tmp_path: Path) -> None:
    """Codes of the official list name their product before "/" (UA01BT booster, UA02ST
    starter, EX01BT extra, UAPR promotion): the figures are given per family too, with and
    without AP cards (which have no text, so are always understood)."""
    cards = [
        ua_card("UA01BT/LNT-1-001", "[登場時]カードを1枚引く。"),
        ua_card("UA01BT/LNT-1-002", "このキャラのBPが4000以上の場合、このキャラはBP+1000。"),
        ua_card("UA01ST/LNT-1-101"),
        ua_card("EX01BT/LNT-2-001", "[登場時]何かをする。"),
        {"code": "UAPR/LNT-AP01", "name": "AP", "type": "ap", "title": "LNT", "number": "AP01"},
    ]
    path = tmp_path / "families.json"
    doc = {"format": "judge-card-set/1", "game": "union-arena", "name": "families"}
    path.write_text(json.dumps({**doc, "cards": cards}, ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(cli.main, ["cards", "coverage", str(path), "--json"])
    assert result.exit_code == 0, result.output
    families = json.loads(result.output)["families"]
    assert set(families) == {"BT", "ST", "EX", "PR"}
    assert families["BT"] == {
        "cards": 2,
        "understood": 1,
        "percent": 50.0,
        "cards_not_ap": 2,
        "understood_not_ap": 1,
        "percent_not_ap": 50.0,
    }
    assert families["EX"]["understood"] == 0
    assert families["PR"]["percent"] == 100.0 and families["PR"]["cards_not_ap"] == 0
    text = CliRunner().invoke(cli.main, ["cards", "coverage", str(path)]).output
    assert "    BT    1 of 2 (50.0 %); 1 of 2 (50.0 %)" in text
    assert (
        text.index("    BT ")
        < text.index("    ST ")
        < text.index("    EX ")
        < text.index("    PR ")
    )
