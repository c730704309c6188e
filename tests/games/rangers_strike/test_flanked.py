"""A unit's own BP while units of its player's with a feature stand on both sides of it, and the
ability it has then, an effect of the end of its player's turn (RS-NEXT-TO, RS-TURN-END) sending
an opposing unit with BP no more than its own face up into its owner's power zone
(RS-BP-AT-MOST-THIS, RS-TO-POWER-ZONE), on a made-up card in the catalogue's sentence shape,
judged from positions.

The sources' words, which the tests follow: "このユニットの両隣に特徴「女」を持つ自軍ユニットが並んでいる間、こ
のユニットはBP+2000され、次の能力を得る⇒自分がターンを終えるとき、このユニットのBP以下のBPを持つ敵軍ユニッ
トを1体選び持ち主のパワーゾーンに送る。" — *while* a unit of one's own with the feature 女 stands
on *each* side, BP +2000 and the ability; *at the end of one's own turn* one opposing unit whose
BP is *no more than* this unit's goes to its owner's power zone ("オモテ向きに置きます"); BP as
modified ("BP参照 | 修正後の値"); the texts of the end of a turn in the end phase ("このフェイズ中に
処理する"), before or after the effects until the end of the turn end the sources do not say.
"""

from __future__ import annotations

from typing import Any

from judge.core.position import position_log, read_position
from judge.core.replay import replay, start
from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import FILLER, card, printed

BOMBER = (
    "【爆】このユニットの両隣に特徴「女」を持つ自軍ユニットが並んでいる間、このユニットはBP+2000され、次の能力を"
    "得る⇒自分がターンを終えるとき、このユニットのBP以下のBPを持つ敵軍ユニットを1体選び持ち主のパワーゾーンに"
    "送る。"
)
#: A's unit (BP 4000, 6000 flanked) and the units that flank it; B's units, BP 6000 and 7000
SPIEL = {
    **printed("T-656", BOMBER, name="Spiel", category="OT", bp=4000, sp=0, size="S"),
    "features": ["メカ", "男"],
}
GIRL = {**card("T-657", name="Girl", bp=1000, sp=0, size="S"), "features": ["女"]}
SIX = card("T-658", name="Six", bp=6000, sp=0, size="S")
SEVEN = card("T-659", name="Seven", bp=7000, sp=0, size="S")
CARDS = [FILLER, SPIEL, GIRL, SIX, SEVEN]


def _position(battle: list[Any], b_rush: list[Any] | None = None) -> dict[str, Any]:
    """1 vs 1, A's turn 3, battle phase, nothing entering: A's battle area ``battle`` (codes
    or unit entries, position 1 first), B's rush area ``b_rush`` (Six and Seven by default)."""
    units = [u if isinstance(u, dict) else {"card": u} for u in battle]
    rush = [u if isinstance(u, dict) else {"card": u} for u in b_rush or ["T-658", "T-659"]]
    return {
        "format": "judge-position/1",
        "game": "rangers-strike",
        "variant": "1v1",
        "players": [{"id": "A"}, {"id": "B"}],
        "cards": CARDS,
        "rule_options": {"deck_construction": False},
        "start": {
            "turn": 3,
            "phase": "battle",
            "turn_player": "A",
            "first": "A",
            "players": {
                "A": {"battle": units, "deck": {"count": 5}},
                "B": {"rush": rush, "deck": {"count": 5}},
            },
        },
    }


def _ended(doc: dict[str, Any], *actions: dict[str, Any]) -> dict[str, Any]:
    """The replay of A ending its battle phase (its end phase begins), then ``actions``."""
    log = {**position_log(doc), "actions": [{"p": "A", "do": "proceed"}, *actions]}
    return replay(log)


def _resolve(**fields: Any) -> dict[str, Any]:
    return {"p": "A", "do": "resolve", "source": "A-2", **fields}


def _b(r: dict[str, Any], zone: str) -> Any:
    return r["steps"][-1]["state"]["players"]["B"][zone]


def _rules(step: dict[str, Any]) -> list[str]:
    return [x["rule"] for x in step["rulings"]]


def test_RS_NEXT_TO_read_from_the_printed_text_and_shown() -> None:
    static, gained = read_card({"type": "unit", "text": BOMBER}).effects
    flanked = {"flanked": {"feature": "女", "side": "own"}}
    assert static == {
        "when": "static",
        "do": [{"op": "bp", "amount": 2000, "while": flanked}],
        "text": BOMBER,
    }
    assert gained == {
        "when": "turn_end",
        "turn": "own",
        "if": flanked,
        "do": [
            {
                "op": "to_power_zone",
                "target": {
                    "side": "opponent",
                    "zone": "field",
                    "count": 1,
                    "type": "unit",
                    "bp_max_self": True,
                },
            }
        ],
        "text": BOMBER,
    }
    assert render_card(SPIEL)["reading"] == [
        "Always: this unit gets BP +2000 while a unit of yours with the feature 女 stands on each "
        "side of it in your battle area.",
        "At the end of your turn, while a unit of yours with the feature 女 stands on each side "
        "of it in your battle area (the ability it has then): put 1 unit (not a vehicle) with BP "
        "no more than this unit's in the opponent's rush or battle area face up into its owner's "
        "power zone (not destroyed).",
    ]


def test_RS_NEXT_TO_near_misses_are_not_read() -> None:
    def understood(text: str) -> bool:
        return read_card({"type": "unit", "text": text}).understood

    assert understood(BOMBER)
    assert not understood(BOMBER.replace("両隣に", "隣に"))
    assert not understood(BOMBER.replace("送る。", "送ってもよい。"))
    assert not understood(BOMBER.replace("このユニットのBP以下", "このユニットのBP以上"))
    assert not understood(BOMBER.replace("自分がターンを終えるとき", "相手がターンを終えるとき"))
    # "このユニットのBP以下" only in this ability: not in a unit's other effects
    assert not understood(
        "【X】これをラッシュしたとき、このユニットのBP以下のBPを持つ敵軍ユニットを1体選び撃破する。"
    )


def test_RS_NEXT_TO_flanked_it_has_bp_plus_2000_and_sends_a_unit_at_the_end_of_its_turn() -> None:
    """Girl, Spiel, Girl: Spiel has BP 6000, and at the end of A's turn Six (6000) goes face
    up into B's power zone."""
    doc = _position(["T-657", "T-656", "T-657"])
    eng: Any = start(read_position(doc))
    assert eng.bp_readings(eng.state.players["A"].battle[1]) == (6000, 6000)
    r = _ended(doc, _resolve(targets=["B-1"]))
    step = r["steps"][-1]
    assert step["verdict"] == "legal", step
    assert {"RS-NEXT-TO", "RS-BP-AT-MOST-THIS", "RS-TO-POWER-ZONE"} <= set(_rules(step))
    assert [u["code"] for u in _b(r, "rush")] == ["T-659"]
    assert _b(r, "power")["face_up"] == ["B-1"]


def test_RS_BP_AT_MOST_THIS_a_unit_with_more_bp_cannot_be_chosen() -> None:
    r = _ended(_position(["T-657", "T-656", "T-657"]), _resolve(targets=["B-2"]))
    step = r["steps"][-1]
    assert step["verdict"] == "illegal"
    assert [v["rule"] for v in step["violations"]] == ["RS-EFFECT-TARGETS"]
    assert "BP no more than the effect's own unit's" in str(step["violations"])


def test_RS_NEXT_TO_with_one_side_only_no_bp_and_nothing_triggers() -> None:
    doc = _position(["T-657", "T-656", "T-000"])
    eng: Any = start(read_position(doc))
    assert eng.bp_readings(eng.state.players["A"].battle[1]) == (4000, 4000)
    r = _ended(doc)
    assert r["steps"][-1]["verdict"] == "legal"
    assert "it does not have the ability" in str(r["steps"][-1]["rulings"])
    assert [p for p in r["steps"][-1]["pending"] if p["kind"] == "resolve"] == []


def test_RS_NEXT_TO_a_rush_area_leaves_its_bp_and_the_ability_not_known() -> None:
    """Spiel and two Girls in A's rush area: whether they stand next to each other there the
    sources do not say: its BP is 4000 or 6000, and its ability is not guessed."""
    doc = _position([])
    doc["start"]["players"]["A"]["rush"] = [{"card": c} for c in ("T-657", "T-656", "T-657")]
    eng: Any = start(read_position(doc))
    assert eng.bp_readings(eng.state.players["A"].rush[1]) == (4000, 6000)
    r = _ended(doc)
    assert r["steps"][-1]["verdict"] == "unverifiable"
    assert "RS-NEXT-TO" in _rules(r["steps"][-1])


def test_RS_BP_AT_MOST_THIS_effects_until_the_end_of_the_turn_are_not_guessed() -> None:
    """Seven has BP -1000 until the end of the turn (6000): whether it fits turns on whether that
    ends before the texts of the end of the turn resolve."""
    seven = {"card": "T-659", "mods": [{"bp": -1000, "until": "turn"}]}
    r = _ended(_position(["T-657", "T-656", "T-657"], ["T-658", seven]), _resolve(targets=["B-2"]))
    step = r["steps"][-1]
    assert step["verdict"] == "unverifiable", step
    assert "RS-TURN-END" in _rules(step)
    assert [u["code"] for u in _b(r, "rush")] == ["T-658", "T-659"]


def test_RS_NEXT_TO_across_tag_battles_battle_areas_its_bp_is_not_known() -> None:
    """Tag: A1's battle area Girl; A2's Spiel, Girl: whether A1's Girl stands next to Spiel
    the sources do not say."""
    doc = _position([])
    doc["variant"] = "tag"
    doc["players"] = [{"id": p} for p in ("A1", "A2", "B1", "B2")]
    doc["teams"] = [{"id": "A", "players": ["A1", "A2"]}, {"id": "B", "players": ["B1", "B2"]}]
    doc["start"].update(turn_player="A2", first="A1")
    doc["start"]["players"] = {
        "A1": {"battle": [{"card": "T-657"}], "deck": {"count": 5}},
        "A2": {"battle": [{"card": "T-656"}, {"card": "T-657"}], "deck": {"count": 5}},
        "B1": {"deck": {"count": 5}},
        "B2": {"deck": {"count": 5}},
    }
    eng: Any = start(read_position(doc))
    assert eng.bp_readings(eng.state.players["A2"].battle[0]) == (4000, 6000)
