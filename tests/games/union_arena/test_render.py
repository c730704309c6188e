"""``judge cards show``: each card's reading rendered in plain English from the effects the
engine executes (``judge/games/union_arena/render.py``).  Made-up cards only."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from judge import cli
from judge.games.union_arena import effects
from judge.games.union_arena.render import (
    CONTINUOUS_OPS,
    FLAG,
    condition,
    render_card,
    render_effect,
    render_op,
)

OPP_FRONT = {"side": "opponent", "zone": "front_line", "count": 1, "up_to": True}

#: one minimal op of every kind the engine executes
MINIMAL = {
    "draw": {"op": "draw", "n": 1},
    "bp": {"op": "bp", "amount": 1000},
    "grant": {"op": "grant", "keyword": "snipe"},
    "rest": {"op": "rest", "target": OPP_FRONT},
    "activate": {"op": "activate", "target": "self"},
    "retire": {"op": "retire", "target": OPP_FRONT},
    "to_hand": {"op": "to_hand", "target": OPP_FRONT},
    "remove": {"op": "remove", "target": OPP_FRONT},
    "to_deck_bottom": {"op": "to_deck_bottom", "target": OPP_FRONT},
    "discard": {"op": "discard", "n": 1},
    "look": {"op": "look", "n": 1, "rest": "top_or_bottom"},
    "generate": {"op": "generate", "color": "red"},
    "at_attack_start": {"op": "at_attack_start", "do": [{"op": "rest", "target": OPP_FRONT}]},
    "modes": {
        "op": "modes",
        "n": 1,
        "modes": [[{"op": "draw", "n": 1}], [{"op": "rest", "target": OPP_FRONT}]],
    },
    "mill": {"op": "mill", "n": 3},
    "move_line": {"op": "move_line", "to": "energy_line", "target": OPP_FRONT},
    "pick_swap": {"op": "pick_swap", "target": OPP_FRONT},
    "swap": {
        "op": "swap",
        "target": {"side": "own", "zone": "field", "type": "character", "other_line": True},
    },
    "play": {
        "op": "play",
        "target": {"side": "own", "zone": "hand", "count": 1, "up_to": True},
        "to": "field",
        "rested": True,
    },
    "no_activate": {"op": "no_activate", "target": "chosen"},
    "put_under": {"op": "put_under", "n": 1, "target": "self"},
    "pick_under": {
        "op": "pick_under",
        "target": {"side": "own", "zone": "field", "type": "character", "count": 1},
    },
    "self_under": {
        "op": "self_under",
        "target": {"side": "own", "zone": "field", "type": "character", "count": 1},
    },
    "under_to_outside": {
        "op": "under_to_outside",
        "target": {"side": "own", "zone": "field", "type": "character", "count": 1},
    },
    "move_under": {
        "op": "move_under",
        "target": {"side": "own", "zone": "field", "type": "character", "count": 1},
    },
    "opponent_draw": {"op": "opponent_draw", "n": 1},
    "discard_all": {"op": "discard_all"},
    "self_to_hand": {"op": "self_to_hand"},
    "to_deck_top": {
        "op": "to_deck_top",
        "target": {"side": "own", "zone": "outside", "count": 1, "up_to": True},
    },
    "ap_less_next": {"op": "ap_less_next", "n": 1, "card": {"trait": "灯守"}},
}
CONTINUOUS = {
    "generate": {"op": "generate", "color": "red", "n": 1, "if": "active"},
    "reduce_hand_energy": {
        "op": "reduce_hand_energy",
        "card": {"name": "ミラ"},
        "color": "green",
        "n": 1,
        "during": "own_turn",
    },
    "reduce_energy": {
        "op": "reduce_energy",
        "color": "purple",
        "n": 1,
        "if_any": [{"side": "opponent", "color": "green"}],
    },
    "reduce_ap": {"op": "reduce_ap", "n": 1, "if": {"side": "own", "name": "A"}},
    "bp": {"op": "bp", "amount": 1000, "target": "self"},
    "grant": {"op": "grant", "keyword": "snipe", "target": "self"},
    "enters_active": {"op": "enters_active"},
    "raid_only": {"op": "raid_only"},
    "play_only_if": {"op": "play_only_if", "if": {"side": "own", "name": "ミラ"}},
    "stays_rested": {"op": "stays_rested", "if": {"zone": "face_down", "of": "self", "min": 1}},
    "unchoosable_others": {
        "op": "unchoosable_others",
        "kind": "event",
        "where": "front_line",
        "not_name": "ミラ",
    },
}


def test_every_op_kind_of_the_vocabulary_has_a_rendering() -> None:
    """Every op the engine executes (effects.OPS, and the continuous ones) is rendered in
    words, never shown raw."""
    assert set(MINIMAL) == set(effects.OPS)
    for kind in effects.OPS:
        text = render_op(MINIMAL[kind])
        assert FLAG not in text and text, kind
    assert set(CONTINUOUS) == set(CONTINUOUS_OPS)
    for kind in CONTINUOUS_OPS:
        text = render_op(CONTINUOUS[kind], when="continuous")
        assert FLAG not in text and "not counted" not in text, kind


E = {"when": "on_play"}
CASES: list[tuple[dict[str, Any], str]] = [
    (
        {**E, "do": [{"op": "bp", "amount": -1000, "target": OPP_FRONT}]},
        "On play: choose up to 1 opposing front-line character; it gets BP −1000 until end of turn.",
    ),
    ({**E, "do": [{"op": "draw", "n": 2}]}, "On play: draw 2 cards."),
    (
        {"when": "on_attack", "do": [{"op": "bp", "amount": 1000, "until": "battle"}]},
        "When this attacks: this card gets BP +1000 until the end of the battle.",
    ),
    (
        {"when": "end_phase_start", "do": [{"op": "bp", "amount": 500, "until": "next_turn"}]},
        "At the start of the end phase: this card gets BP +500 until the start of your next turn.",
    ),
    (
        {**E, "do": [{"op": "grant", "keyword": "snipe", "target": {"side": "own", "count": 1}}]},
        "On play: choose 1 of your cards; it gains “snipe” until end of turn.",
    ),
    (
        {**E, "do": [{"op": "rest", "target": {**OPP_FRONT, "count": 2}}]},
        "On play: choose up to 2 opposing front-line characters; rest them.",
    ),
    (
        {**E, "do": [{"op": "activate", "target": {"zone": "ap", "count": 1, "up_to": True}}]},
        "On play: choose up to 1 of your AP cards in your AP area; make it active.",
    ),
    (
        {
            "when": "activate_main",
            "cost": {"rest_self": True},
            "do": [{"op": "retire", "target": "self", "at": "main_phase_end"}],
        },
        "Activated (main phase): cost: rest this card; retire this card (to the outside area)"
        " when this main phase ends.",
    ),
    (
        {**E, "do": [{"op": "to_hand", "target": {**OPP_FRONT, "bp_max": 3000}}]},
        "On play: choose up to 1 opposing front-line character with BP 3000 or less; "
        "return it to its owner's hand.",
    ),
    (
        {
            **E,
            "do": [{"op": "remove", "target": {"side": "opponent", "zone": "outside", "count": 1}}],
        },
        "On play: choose 1 opposing card in the opponent's outside area; remove it (to the "
        "removal area).",
    ),
    (
        {**E, "do": [{"op": "to_deck_bottom", "target": {**OPP_FRONT, "rested": True}}]},
        "On play: choose up to 1 opposing rested front-line character; put it on the bottom "
        "of its owner's deck.",
    ),
    (
        {**E, "do": [{"op": "generate", "color": "purple"}]},
        "On play: this card generates 1 more purple energy until end of turn.",
    ),
    (
        {
            **E,
            "do": [
                {
                    "op": "look",
                    "n": 3,
                    "take": {"count": 1, "up_to": True, "name": "灯守イロ"},
                    "rest": "bottom",
                },
                {"op": "discard", "n": 1, "if_taken": True},
            ],
        },
        # a take with no card type takes a card of any type (look.take_mismatch): "card"
        "On play: look at the top 3 cards of your deck; take up to 1 card named "
        "<灯守イロ> among them, revealed, into your hand; put the rest on the bottom of your "
        "deck in any order; if you took a card, put 1 card from your hand into the outside area.",
    ),
    (
        {**E, "do": [{"op": "look", "n": 1, "rest": "top_or_bottom"}]},
        "On play: look at the top 1 card of your deck; put it on the top or the bottom of "
        "your deck.",
    ),
    (
        {
            **E,
            "do": [
                {
                    "op": "at_attack_start",
                    "do": [{"op": "bp", "amount": 2000, "target": {"side": "own", "count": 1}}],
                }
            ],
        },
        "On play: at the start of this turn's attack phase: choose 1 of your cards; "
        "it gets BP +2000 until end of turn.",
    ),
    (
        {
            "when": "on_block",
            "optional": True,
            "cost": {"ap": 1},
            "do": [{"op": "draw", "n": 1}],
        },
        "When this blocks: you may pay 1 AP; if you do: draw 1 card.",
    ),
    (
        {
            "when": "on_retire",
            "optional": True,
            "do": [{"op": "discard", "n": 1}, {"op": "draw", "n": 2, "if_done": True}],
        },
        "When this is retired: you may put 1 card from your hand into the outside area; "
        "if you did, draw 2 cards.",
    ),
    (
        {
            "when": "activate_main",
            "where": "front_line",
            "once_per_turn": True,
            "cost": {"discard": 1, "ap": 1, "retire_self": True},
            "do": [{"op": "draw", "n": 1}],
        },
        "Activated (main phase) (only while this card is in the front line; once per turn): "
        "cost: put 1 card from your hand into the outside area, pay 1 AP, retire this card; "
        "draw 1 card.",
    ),
    (
        {
            "when": "win_battle",
            "raid_only": True,
            "do": [
                {"op": "rest", "target": {**OPP_FRONT, "up_to": False, "if_able": True}},
                {"op": "activate", "target": "chosen", "if_chosen": {"trait": "夜警団"}},
            ],
        },
        "When this wins a battle (only when this card was raided): choose 1 opposing "
        "front-line character (as many as there are, up to that many); rest it; if a chosen "
        "card is with [夜警団], make the chosen card active.",
    ),
    (
        {
            "when": "not_blocked",
            "do": [
                {
                    "op": "to_hand",
                    "target": {
                        "side": "own",
                        "zone": "field",
                        "type": "character",
                        "other": True,
                        "energy_max": 1,
                        "count": 1,
                    },
                },
                {"op": "to_hand", "target": "self", "if_none_before": True},
            ],
        },
        "When this attacks and is not blocked: choose 1 of your characters with required "
        "energy 1 or less other than this card; return it to its owner's hand; if none could "
        "be chosen, return this card to its owner's hand.",
    ),
    (
        {
            "when": "lose_battle_attacking",
            "do": [
                {
                    "op": "bp",
                    "amount": 1000,
                    "target": {
                        "side": "own",
                        "all": True,
                        "any_of": [{"trait": "夜警団"}, {"name": "灯守イロ"}],
                    },
                }
            ],
        },
        "When this attacks and loses the battle: each of your cards that is with [夜警団] or "
        "<灯守イロ> gets BP +1000 until end of turn.",
    ),
    (
        {
            "when": "battle_end",
            "do": [
                {
                    "op": "retire",
                    "target": {
                        **OPP_FRONT,
                        "bp_max": 3000,
                        "instead": {"if": {"name": "灯守イロ"}, "bp_max": 5000},
                    },
                }
            ],
        },
        "At the end of this card's battle: choose up to 1 opposing front-line character with "
        "BP 3000 or less (BP 5000 or less instead if your field has a card named <灯守イロ>); "
        "retire it (to the outside area).",
    ),
    (
        {"when": "continuous", "do": [CONTINUOUS["generate"]]},
        "Continuous: while this card is active, it generates 1 more red energy.",
    ),
    (
        {"when": "continuous", "do": [CONTINUOUS["reduce_energy"]]},
        "Continuous: while this card is in your hand, if the opponent's field has a green "
        "card, it requires 1 less purple energy.",
    ),
    (
        {
            "when": "continuous",
            "do": [
                {
                    "op": "bp",
                    "amount": 1000,
                    "target": "self",
                    "during": "own_turn",
                    "if": {"trait": "夜警団"},
                    "if_outside": {"card_type": "event", "min": 2},
                }
            ],
        },
        "Continuous: during your turn, if your field has a card with [夜警団], if your outside "
        "area has 2 or more event cards, this card gets BP +1000.",
    ),
    (
        {"when": "continuous", "do": [{**CONTINUOUS["grant"], "during": "opponent_turn"}]},
        "Continuous: during the opponent's turn, this card has “snipe”.",
    ),
    (
        {"when": "continuous", "do": [CONTINUOUS["enters_active"]]},
        "Continuous: this card is played active.",
    ),
]


@pytest.mark.parametrize(("effect", "english"), CASES, ids=[c[1][:40] for c in CASES])
def test_each_effect_is_rendered_in_exact_english(effect: dict[str, Any], english: str) -> None:
    assert render_effect(effect) == english


def test_each_condition_kind_is_rendered() -> None:
    """Every condition conditions.valid accepts: on the field (name, trait, colour, at least
    N), a field with at most N cards, an outside area with N cards of a type, life."""
    assert condition({"side": "own", "zone": "field", "name": "灯守イロ"}) == (
        "your field has a card named <灯守イロ>"
    )
    assert condition({"trait": "夜警団", "min": 3}) == (
        "your field has 3 or more cards with [夜警団]"
    )
    assert condition({"affinity": "The Order"}) == "your field has a card with [The Order]"
    assert condition({"side": "opponent", "color": "green"}) == (
        "the opponent's field has a green card"
    )
    assert condition({"zone": "field", "max": 0}) == "your field has no cards"
    assert condition({"zone": "field", "max": 2}) == "your field has 2 or fewer cards"
    assert condition({"zone": "outside", "card_type": "event", "min": 2}) == (
        "your outside area has 2 or more event cards"
    )
    assert condition({"side": "opponent", "zone": "life", "max": 4}) == (
        "the opponent's life is 4 or less"
    )
    on_op = {**E, "do": [{"op": "draw", "n": 1, "if": {"zone": "life", "max": 3}}]}
    assert render_effect(on_op) == "On play: if your life is 3 or less, draw 1 card."


def test_a_field_the_renderer_does_not_know_is_shown_raw_and_flagged() -> None:
    """Never silently dropped: an unknown op, an unknown field of an op, of a selector, of
    an effect; and an effect the engine cannot execute says so."""
    odd = {
        **E,
        "mystery": 1,
        "do": [
            {"op": "draw", "n": 1, "twice": True},
            {"op": "rest", "target": {**OPP_FRONT, "shiny": True}},
            {"op": "summon", "what": "dragon"},
        ],
    }
    text = render_effect(odd)
    assert f'draw 1 card {FLAG} {{"twice": true}}' in text
    assert f'{FLAG} {{"shiny": true}}' in text
    assert f'{FLAG} {{"op": "summon", "what": "dragon"}}' in text
    assert f'{FLAG} {{"mystery": 1}}' in text
    assert text.endswith(
        "The engine cannot execute this effect (unverifiable, UA-EFFECT-UNSUPPORTED)."
    )
    malformed = {"when": "continuous", "do": [{"op": "bp", "amount": -500, "target": "self"}]}
    assert render_effect(malformed).endswith("— not counted by the engine.")


def made_up(code: str, text: str) -> dict[str, Any]:
    return {
        "code": code,
        "name": f"灯守 {code}",
        "titleCode": "QQQ",
        "cardType": "CHARACTER",
        "color": "BLUE",
        "bp": 3000,
        "apCost": 1,
        "reqEnergy": 2,
        "genEnergy": 1,
        "traits": ["夜警団"],
        "triggers": [],
        "effectText": text,
    }


def test_a_card_read_from_its_printed_text_and_one_not_read() -> None:
    read = render_card(
        {
            "code": "QQQ-1",
            "name": "灯守ミナ",
            "type": "character",
            "text": "[登場時]相手のフロントLのキャラを1枚まで選び、このターン中、BP-1500。",
        }
    )
    assert read["understood"] and read["status"] == "understood: printed text read in full"
    assert read["reading"] == [
        "On play: choose up to 1 opposing front-line character; it gets BP −1500 until end of turn."
    ]
    unread = render_card(
        {"code": "QQQ-2", "name": "灯守ソラ", "type": "character", "text": "このキャラはBP+1000。"}
    )
    assert not unread["understood"]
    assert unread["unread"] == ["このキャラはBP+1000"]
    assert "UA-EFFECT-UNSUPPORTED" in unread["reasons"][0]
    assert unread["reading"] == [
        "On play: not executed — the engine cannot execute this ability (the step is "
        "unverifiable, UA-EFFECT-UNSUPPORTED)."
    ]


def test_cards_show_on_the_sample_set() -> None:
    result = CliRunner().invoke(
        cli.main, ["cards", "show", "judge/cards/ua-sample.json", "UAS-037"]
    )
    assert result.exit_code == 0, result.output
    assert result.output == (
        "UAS-037  Tide Caller Sen  (character)\n"
        "  understood: effects written by hand (no printed text)\n"
        "  reading (what the engine executes):\n"
        "    On play: choose up to 1 opposing front-line character; it gets BP −1000 until "
        "end of turn.\n"
    )
    whole = CliRunner().invoke(cli.main, ["cards", "show", "ua-sample"])
    assert whole.exit_code == 0 and whole.output.count("\nUAS-") == 43


def test_cards_show_on_an_imported_set_and_as_json(tmp_path: Path) -> None:
    listing = tmp_path / "made-up.json"
    records = [
        made_up("QQQ-1-001", "[登場時]カードを1枚引く。"),
        made_up("QQQ-1-002", "[登場時]このキャラは空を飛ぶ。"),
    ]
    listing.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "set.json"
    runner = CliRunner()
    done = runner.invoke(
        cli.main, ["cards", "import", "ua-simulator", str(listing), "-o", str(out)]
    )
    assert done.exit_code == 0, done.output
    shown = runner.invoke(cli.main, ["cards", "show", str(out)])
    assert shown.exit_code == 0, shown.output
    assert "  printed:\n    [登場時]カードを1枚引く。\n" in shown.output
    assert "    On play: draw 1 card.\n" in shown.output
    assert "  not read:\n    [登場時]このキャラは空を飛ぶ\n" in shown.output
    as_json = runner.invoke(cli.main, ["cards", "show", str(out), "QQQ-1-002", "--json"])
    assert as_json.exit_code == 0
    doc = json.loads(as_json.output)
    assert doc["game"] == "union-arena"
    (card,) = doc["cards"]
    assert card["code"] == "QQQ-1-002" and card["text"] == "[登場時]このキャラは空を飛ぶ。"
    assert card["unread"] == ["[登場時]このキャラは空を飛ぶ"] and not card["understood"]


def test_cards_show_exits_2_naming_an_unknown_code() -> None:
    result = CliRunner().invoke(cli.main, ["cards", "show", "ua-sample", "UAS-001", "NOPE-9"])
    assert result.exit_code == 2
    assert "no card NOPE-9 in ua-sample" in result.output


def test_a_look_taking_a_trait_says_a_card_of_any_type_as_the_engine_takes() -> None:
    """ "［特徴：X］を1枚まで公開し手札に加える" takes a card of any type with the trait: the
    engine takes a field with it, so the English must not say "character"."""
    effect = {
        "when": "on_play",
        "do": [
            {
                "op": "look",
                "n": 3,
                "take": {"count": 1, "up_to": True, "trait": "灯守"},
                "rest": "bottom",
            }
        ],
    }
    assert "take up to 1 card with [灯守]" in render_effect(effect)
    alts = {**effect["do"][0]["take"]}
    del alts["trait"]
    alts["any_of"] = [{"name_contains": "イロ", "card_type": "character"}, {"trait": "灯守"}]
    effect["do"][0]["take"] = alts
    assert "a character whose name contains “イロ” or with [灯守]" in render_effect(effect)


def test_the_renderer_is_found_by_game_in_the_games_registry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The CLI and the API ask one table (``judge.games.card_renderer``); a game with no
    renderer yet is None there, and ``judge cards show`` exits 2 saying so."""
    import judge.games
    from judge.games import card_renderer

    assert card_renderer("union-arena") is render_card
    # every game has a renderer now: one is taken away to see what the command says
    monkeypatch.delitem(judge.games.RENDERERS, "rangers-strike")
    assert card_renderer("rangers-strike") is None
    made_up_set = {
        "format": "judge-card-set/1",
        "game": "rangers-strike",
        "name": "emberline",
        "cards": [
            {
                "code": "EMB-001",
                "name": "Ember Scout",
                "type": "unit",
                "category": "blaze",
                "bp": 2000,
            }
        ],
    }
    path = tmp_path / "rs.json"
    path.write_text(json.dumps(made_up_set), encoding="utf-8")
    result = CliRunner().invoke(cli.main, ["cards", "show", str(path)])
    assert result.exit_code == 2
    assert "no reading renderer for rangers-strike yet" in result.output
