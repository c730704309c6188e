"""A Rangers Strike set made by the ``rs-catalog`` importer used where any set is: ``judge
check-deck --card-set`` and the service's card sets (``POST /v1/card-sets``, its readings,
``POST /v1/decks/check``) on the embedded store; a log naming it replays.  Made-up records.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from judge.cli import main
from judge.core.cardsets import read_card_set
from judge.games.rangers_strike.catalog import import_rs_catalog
from judge.games.rangers_strike.render import render_card
from worker.testing import HeldRunner

ANY = "※このカードはデッキに好きな枚数入れてもよい。"


def made_up_catalog() -> dict[str, Any]:
    cards: list[dict[str, Any]] = []
    for n in range(1, 15):
        cards.append(
            {"id": f"ZQ-{n:03d}", "name": f"霧隠れ隊員{n}", "type": "unit", "category": "MA",
             "expansion": "legendQ", "powerCost": 0, "bp": 1000 + 500 * n, "size": "S",
             "sp": 1, "comboNumber": 2,
             "text": "【霧の太刀】敵軍バトルエリアからBP2000以下のユニットを1体選び撃破する。",
             "features": ["忍者"]}
        )  # fmt: skip
    cards[0]["text"] = f"{ANY} 【群れ】自軍山札を見る。"
    cards.append(
        {"id": "ZQ-100", "name": "霧の巻物", "type": "operation", "category": "MA",
         "expansion": "legendQ", "powerCost": 0, "text": "1枚ドローする。"}
    )  # fmt: skip
    return {"expansion": "full-playable", "cards": cards}


def deck() -> list[str]:
    return ["ZQ-001"] * 6 + [f"ZQ-{n:03d}" for n in range(2, 15) for _ in range(2)] + ["ZQ-100"] * 3


def test_RS_IMPORT_an_imported_set_in_check_deck(tmp_path: Path) -> None:
    doc = import_rs_catalog(made_up_catalog(), "zq").document
    set_path = tmp_path / "zq.json"
    set_path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    main_list = deck() + ["ZQ-002"]  # 35 cards: too few
    deck_path = tmp_path / "deck.json"
    for cards, code in ((main_list + ["ZQ-001"] * 5, 0), (main_list, 1)):
        deck_path.write_text(
            json.dumps({"game": "rangers-strike", "card_sets": ["zq"], "main": cards})
        )
        res = CliRunner().invoke(
            main, ["check-deck", str(deck_path), "--card-set", str(set_path), "--json"]
        )
        assert res.exit_code == code, res.output
    assert '"RS-DECK-SIZE"' in res.output and "RS-DECK-COPIES" not in res.output


def test_RS_IMPORT_an_imported_set_in_the_service() -> None:
    from api import create_app
    from worker.service import JudgeService, MemoryStore

    service = JudgeService(store=MemoryStore(), runner=HeldRunner())
    client = create_app(service, config={"JUDGE_RATE_LIMITS": "off"}).test_client()
    doc = import_rs_catalog(made_up_catalog(), "zq").document
    kept = read_card_set(doc)
    answer = client.post("/v1/card-sets", json=doc)
    assert answer.status_code in (200, 201), answer.json
    got = client.get(f"/v1/card-sets/{kept.sha256}/cards")
    assert got.status_code == 200, got.json
    assert got.json["game"] == "rangers-strike"
    assert got.json["cards"] == [render_card(kept.cards[c]) for c in sorted(kept.cards)]
    by_code = {c["code"]: c for c in got.json["cards"]}
    assert by_code["ZQ-100"]["reading"] == ["When used: draw 1 card."]
    assert by_code["ZQ-001"]["understood"] is False
    checked = client.post(
        "/v1/decks/check",
        json={"game": "rangers-strike", "card_sets": ["zq"], "main": deck() + ["ZQ-001"] * 6},
    )
    assert checked.status_code == 200, checked.json
    assert checked.json == {"game": "rangers-strike", "legal": True, "problems": []}
    checked = client.post(
        "/v1/decks/check",
        json={"game": "rangers-strike", "card_sets": ["zq"], "main": deck() + ["ZQ-002"] * 6},
    )
    assert [p["rule"] for p in checked.json["problems"]] == ["RS-DECK-COPIES"]


def test_RS_TEXT_READ_a_log_naming_an_imported_set_replays_what_was_read(tmp_path: Path) -> None:
    """A's unit read in full (its Number Combination) is rushed legally; the unit whose text
    is not read makes its rush unverifiable (RS-TEXT-UNREAD)."""
    from judge.games.rangers_strike.testing import LogBuilder

    doc = import_rs_catalog(made_up_catalog(), "zq").document
    set_path = tmp_path / "zq.json"
    set_path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    got = []
    for unit in ("ZQ-002", "ZQ-001"):
        b = LogBuilder([], decks={"A": deck() + ["ZQ-001"] * 5, "B": deck() + ["ZQ-001"] * 5})
        b.doc["card_sets"] = ["zq"]
        b.setup(first="A").charge("A", "ZQ-100").proceed("A").rush("A", unit)
        log = tmp_path / "log.json"
        log.write_text(json.dumps(b.doc, ensure_ascii=False), encoding="utf-8")
        res = CliRunner().invoke(main, ["replay", str(log), "--card-set", str(set_path), "--json"])
        assert res.exit_code == 0, res.output
        got.append([s["verdict"] for s in json.loads(res.output)["steps"][1:]])
    assert got == [["legal", "legal", "legal"], ["legal", "legal", "unverifiable"]]


def test_RS_IMPORT_the_same_list_makes_the_same_set_byte_for_byte(tmp_path: Path) -> None:
    src = tmp_path / "cards.json"
    src.write_text(json.dumps(made_up_catalog(), ensure_ascii=False), encoding="utf-8")
    outs = []
    for n in (1, 2):
        out = tmp_path / f"set{n}.json"
        res = CliRunner().invoke(main, ["cards", "import", "rs-catalog", str(src), "-o", str(out)])
        assert res.exit_code == 0, res.output
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


def test_RS_TEXT_UNREAD_in_tag_battle_too(tmp_path: Path) -> None:
    from judge.games.rangers_strike.testing import LogBuilder

    doc = import_rs_catalog(made_up_catalog(), "zq").document
    set_path = tmp_path / "zq.json"
    set_path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    full = deck() + ["ZQ-001"] * 5
    b = LogBuilder([], variant="tag", decks={p: full for p in ("A1", "A2", "B1", "B2")})
    b.doc["card_sets"] = ["zq"]
    b.setup(first="A1").charge("A1", "ZQ-100").proceed("A1").rush("A1", "ZQ-001")
    log = tmp_path / "log.json"
    log.write_text(json.dumps(b.doc, ensure_ascii=False), encoding="utf-8")
    res = CliRunner().invoke(main, ["replay", str(log), "--card-set", str(set_path), "--json"])
    assert res.exit_code == 0, res.output
    assert [s["verdict"] for s in json.loads(res.output)["steps"][1:]] == [
        "legal",
        "legal",
        "unverifiable",
    ]
