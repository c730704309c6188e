"""The position editor's service side, over real HTTP: the page and its files, a built-in
set's cards, and ``POST /v1/positions/check`` — the problems of a position by path (the
same as ``judge position``'s), or the board's state and what is legal now."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from judge import cli

ROOT = Path(__file__).resolve().parents[2]
ATTACK = ROOT / "examples" / "positions" / "ua-attack-block.json"


def attack() -> dict[str, Any]:
    return json.loads(ATTACK.read_text("utf-8"))


def test_the_page_is_served_offline_with_its_data(live) -> None:
    page = live.get("/position")
    assert page.status == 200 and page.content_type.startswith("text/html")
    html = page.body.decode()
    assert '<script type="module" src="/editor/main.js">' in html
    assert not re.search(r"(src|href)=\"https?://", html)  # nothing from another host
    data = json.loads(re.search(r'id="replay-data">(.*?)</script>', html).group(1))
    assert data["games"]["rangers-strike"]["variants"] == ["1v1", "tag"]
    assert data["games"]["zx"]["sets"] == ["zx-sample"]
    assert "default-src" in page.headers["content-security-policy"]
    for name in ("main.js", "spec.js", "doc.js", "ask.js", "controls.js", "editor.css"):
        got = live.get(f"/editor/{name}")
        assert got.status == 200, name
    # the editor imports the viewer's board, which is served beside it
    assert 'from "../viewer/boards/index.js"' in live.get("/editor/main.js").body.decode()
    assert live.get("/viewer/boards/index.js").status == 200


def test_unknown_files_and_sets_are_404(live) -> None:
    assert live.get("/editor/nope.js").status == 404
    assert live.get("/editor/../api/editor.py").status == 404
    missing = live.get("/position/cards/no-such-set")
    assert missing.status == 404 and "ua-sample" in missing.json["detail"]


def test_a_sets_cards_are_given_to_search_by_name(live) -> None:
    got = live.get("/position/cards/ua-sample").json
    assert got["game"] == "union-arena"
    names = {c["code"]: c["name"] for c in got["cards"]}
    assert names["UAS-003"] == "Cinder Gunner"


def test_a_position_that_holds_gives_the_board_state_and_what_is_legal(live) -> None:
    got = live.post("/v1/positions/check", attack())
    assert got.status == 200
    body = got.json
    assert body["problems"] == []
    assert body["state"]["players"]["A"]["front_line"][0]["id"] == "A-1"
    assert body["ids"]["B"]["front_line"] == [["B-1"], ["B-2"]]
    assert "unseen" not in body["ids"]["A"]
    assert body["legal_actions"] == [
        {"p": "B", "do": "block", "card": None},
        {"p": "B", "do": "block", "card": "B-1"},
    ]
    assert body["decks"]["A"]["main"][0] == "UAS-007"


def test_a_positions_problems_are_those_judge_position_prints(live, tmp_path) -> None:
    doc = attack()
    doc["start"]["players"]["A"]["front_line"] *= 3
    doc["start"]["turn_player"] = "B"
    got = live.post("/v1/positions/check", doc)
    assert got.status == 200
    found = [(p["path"], p["message"]) for p in got.json["problems"]]
    assert "state" not in got.json
    path = tmp_path / "position.json"
    path.write_text(json.dumps(doc))
    printed = CliRunner().invoke(cli.main, ["position", str(path)])
    assert printed.exit_code == 2
    assert [f"error: {p}: {m}" for p, m in found] == printed.output.strip().splitlines()
    assert ("start.players.A.front_line", "6 cards; a line holds at most 4 (UA-LINE-LIMIT)") in (
        found
    )


def test_a_body_that_is_no_object_is_bad_input(live, problem) -> None:
    json_type = {"Content-Type": "application/json"}
    listed = problem(live.post("/v1/positions/check", "[1, 2]", headers=json_type), 400)
    assert listed["errors"]
    problem(live.post("/v1/positions/check", "{", headers=json_type), 400)


def test_a_position_named_by_names_and_counts_is_checked_alike(live) -> None:
    doc = attack()
    for zones in doc["start"]["players"].values():
        zones.pop("unseen")
    doc["start"]["players"]["A"]["front_line"][1]["card"] = "Cinder Gunner"
    got = live.post("/v1/positions/check", doc).json
    assert got["problems"] == []
    assert got["state"]["players"]["A"]["front_line"][1]["code"] == "UAS-003"
