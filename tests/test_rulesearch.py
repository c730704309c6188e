"""Rule search (judge/core/rulesearch.py and ``judge rules --search``): what a floor judge
types finds the rule, in English and in the sources' own Chinese and Japanese."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from judge import cli
from judge.core.rules import LABELS, Catalogue
from judge.core.rulesearch import RuleIndex, SearchError, search, stem, tokens
from judge.games import GAMES, catalogue


def top(query: str, n: int = 1, game: str | None = None) -> list[str]:
    return [hit.rule.id for hit in search(query, game, limit=n).hits]


# -- a judge's queries -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("snipe block", "UA-KW-SNIPE"),
        ("counter two", "RS-COUNTER"),
        ("mulligan", "UA-SETUP-MULLIGAN"),
        ("double attack", "UA-KW-DOUBLE-ATTACK"),
        ("impact", "UA-KW-IMPACT"),
        ("raid", "UA-RAID"),
        ("who chooses damage", "RS-DAMAGE-CHOICE"),
        ("block", "UA-BLOCK"),
        ("7 damage loses", "RS-LOSS-DAMAGE"),
        ("カウンター", "RS-COUNTER"),  # the official Q&A's word, quoted in the source
        ("狙撃", "UA-KW-SNIPE"),  # a search term of the rule: no source quotes it
        ("狙い撃ち", "UA-KW-SNIPE"),
        ("ua-kw-snipe", "UA-KW-SNIPE"),  # an id, whatever its case
    ],
)
def test_the_rule_a_judge_means_comes_first(query: str, first: str) -> None:
    assert top(query) == [first]


def test_turn_player_order_finds_both_games_simultaneous_rules() -> None:
    assert set(top("turn player order simultaneous", 2)) == {"UA-SIMULTANEOUS", "RS-SIMULTANEOUS"}


def test_chinese_raid_finds_union_arena_raid_rules() -> None:
    hits = top("激躍", 5)
    # the raid's own rules (UA-RAID-…) and the card text about raids (UA-EFFECT-…-RAID-…)
    assert hits and all(h.startswith("UA-") and "RAID" in h for h in hits), hits
    assert sum(h.startswith("UA-RAID-") for h in hits) >= 2, hits


def test_chinese_block_finds_union_arena_block_rules() -> None:
    hits = top("阻擋", 4)
    assert "UA-BLOCK" in hits and all(h.startswith("UA-") for h in hits), hits


def test_japanese_strike_finds_rangers_strike_strike_rules() -> None:
    hits = top("ストライク", 4)
    assert hits[0] in {"RS-STRIKE", "RS-STRIKE-DAMAGE"}
    assert "RS-STRIKE" in hits and all(h.startswith("RS") for h in hits), hits


def test_japanese_resident_finds_the_resident_rules() -> None:
    # the rules on residents; RS-RESIDENT-TO-DECK (a resident returned to the deck) among them
    assert {"RS-RESIDENT", "RST-RESIDENT", "RST-RESIDENT-TAG"} <= set(top("常駐", 4))
    assert set(top("常駐", 4)) <= {
        "RS-RESIDENT",
        "RST-RESIDENT",
        "RST-RESIDENT-TAG",
        "RS-RESIDENT-TO-DECK",
    }


def test_extra_draw_in_one_game() -> None:
    assert top("extra draw", 1, game="rangers-strike") == ["RS-START-EXTRA-DRAW"]
    assert top("extra draw", 1, game="union-arena") == ["UA-START-EXTRA-DRAW"]


def test_an_unknown_word_finds_nothing() -> None:
    result = search("xyzzy")
    assert result.hits == () and result.total == 0 and result.terms == ("xyzzy",)


# -- ranking and determinism -------------------------------------------------------------------


def test_a_game_filter_keeps_the_all_games_order() -> None:
    every = [h.rule.id for h in search("damage", limit=200).hits]
    for game in GAMES:
        only = [h.rule.id for h in search("damage", game, limit=200).hits]
        assert only and only == [r for r in every if r in catalogue(game).rules]


def test_the_same_query_gives_the_same_list_in_a_fresh_index() -> None:
    cats = [catalogue(g) for g in sorted(GAMES)]
    for query in ("snipe block", "damage", "激躍", "turn player"):
        a = RuleIndex.build(cats).search(query, limit=200)
        b = RuleIndex.build(list(reversed(cats))).search(query, limit=200)
        assert [h.to_dict() for h in a.hits] == [h.to_dict() for h in b.hits]


def test_equal_scores_are_ordered_by_rule_id() -> None:
    text = """
game = "demo"
version = "1"
[[rule]]
id = "D-2"
title = "Same"
text = "A rule."
source = "here"
confidence = "GAP"
[[rule]]
id = "D-1"
title = "Same"
text = "A rule."
source = "here"
confidence = "GAP"
"""
    index = RuleIndex.build([Catalogue.from_toml_text(text)])
    hits = index.search("same rule").hits
    assert [h.rule.id for h in hits] == ["D-1", "D-2"] and hits[0].score == hits[1].score


def test_a_hit_carries_what_a_ruling_cites() -> None:
    hit = search("snipe block", limit=1).hits[0].to_dict()
    rule = catalogue("union-arena")["UA-KW-SNIPE"]
    assert hit["game"] == "union-arena"
    for key in ("id", "title", "text", "source", "confidence"):
        assert hit[key] == getattr(rule, key)
    assert hit["confidence_means"] == LABELS[rule.confidence]
    assert {"id", "title", "text"} <= set(hit["matched"])


def test_bad_queries_name_the_parameter() -> None:
    for query, parameter in (("", "q"), ("   ", "q"), ("the of", "q"), ("!!", "q")):
        with pytest.raises(SearchError) as caught:
            search(query)
        assert caught.value.parameter == parameter
    with pytest.raises(SearchError) as caught:
        search("block", "chess")
    assert caught.value.parameter == "game"
    with pytest.raises(SearchError) as caught:
        search("block", limit=0)
    assert caught.value.parameter == "limit"


def test_tokens() -> None:
    assert tokens("Blocking, BLOCKED blocks") == ["block"] * 3
    assert tokens("激躍狀態", query=True) == ["激躍", "躍狀", "狀態"]
    assert tokens("撃", query=True) == ["撃"]
    assert "撃" in tokens("狙い撃ち")  # a rule's field indexes single characters too
    assert tokens("ＳＮＩＰＥ") == tokens("snipe")
    assert [stem(w) for w in ("triggers", "triggered", "choose", "chooses")] == [
        "trigger",
        "trigger",
        "choos",
        "choos",
    ]


# -- judge rules --search ----------------------------------------------------------------------


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_cli_search_every_game(runner: CliRunner) -> None:
    result = runner.invoke(cli.main, ["rules", "--search", "snipe block", "--limit", "3"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    total = search("snipe block").total
    assert (
        lines[0]
        == f"{total} rules match 'snipe block' in the rules of every game, the best 3 shown:"
    )
    assert lines[2] == "1. UA-KW-SNIPE  Snipe  [OFF]"
    assert lines[3].startswith("    Game: union-arena; score ")
    assert any(line.startswith("    Source: Union Arena Rule Manual") for line in lines)
    assert "Confidence labels (how sure a rule is, by its source):" in lines
    assert sum(1 for line in lines if line[:3] in ("1. ", "2. ", "3. ")) == 3


def test_cli_search_one_game_in_japanese(runner: CliRunner) -> None:
    result = runner.invoke(cli.main, ["rules", "rangers-strike", "--search", "ストライク"])
    assert result.exit_code == 0, result.output
    assert "in the rules of rangers-strike" in result.stdout.splitlines()[0]
    assert "1. RS-STRIKE" in result.stdout and "UA-" not in result.stdout


def test_cli_search_json(runner: CliRunner) -> None:
    result = runner.invoke(cli.main, ["rules", "--search", "counter two", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["hits"][0]["id"] == "RS-COUNTER" and doc["game"] is None
    assert doc == search("counter two").to_dict()


def test_cli_no_match_is_not_an_error(runner: CliRunner) -> None:
    result = runner.invoke(cli.main, ["rules", "--search", "xyzzy"])
    assert result.exit_code == 0
    assert result.stdout == "No rule matches 'xyzzy' in the rules of every game.\n"


def test_cli_bad_searches_exit_2(runner: CliRunner) -> None:
    empty = runner.invoke(cli.main, ["rules", "--search", ""])
    assert empty.exit_code == 2 and empty.stderr.startswith("error: --search: the query is empty")
    chess = runner.invoke(cli.main, ["rules", "chess", "--search", "block"])
    assert chess.exit_code == 2 and "unknown game 'chess'" in chess.stderr
    both = runner.invoke(cli.main, ["rules", "union-arena", "UA-BLOCK", "--search", "block"])
    assert both.exit_code == 2 and "not both" in both.stderr
    nothing = runner.invoke(cli.main, ["rules"])
    assert nothing.exit_code == 2 and "give a game (or --search WORDS)" in nothing.stderr


def test_cli_rules_without_search_still_lists_a_game(runner: CliRunner) -> None:
    one = runner.invoke(cli.main, ["rules", "union-arena", "UA-KW-SNIPE"])
    assert one.exit_code == 0 and one.stdout.startswith("UA-KW-SNIPE  Snipe  [OFF]")
