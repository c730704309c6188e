"""Deck lists by card name (:mod:`schemas.deck_names`, issue 23): a name one card carries
is read as its code, in any case and in full-width forms; a name several cards carry is
refused naming them; a name none carries is the unknown code it always was."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from judge.core.errors import BadLog
from judge.core.log import parse_log
from judge.core.replay import replay

FULL = Path(__file__).resolve().parents[1] / "examples" / "union-arena" / "full-game.json"


def game() -> dict:
    return json.loads(FULL.read_text("utf-8"))


def names() -> dict[str, str]:
    return {c["code"]: c["name"] for c in game()["cards"]}


def test_a_deck_listed_by_names_is_judged_as_the_deck_listed_by_codes() -> None:
    by_code = game()
    by_name = copy.deepcopy(by_code)
    named = names()
    by_name["decks"]["A"]["main"] = [
        named[c].upper() if n % 3 == 0 else named[c]
        for n, c in enumerate(by_code["decks"]["A"]["main"])
    ]
    # a full-width spelling is the same name (the names' normal form)
    first = by_code["decks"]["B"]["main"][0]
    by_name["decks"]["B"]["main"][0] = named[first].replace("a", "ａ")
    a, b = replay(by_code), replay(by_name)
    assert b["decks"] == a["decks"]  # the replay lists codes
    assert {k: v for k, v in b.items() if k != "log_sha256"} == {
        k: v for k, v in a.items() if k != "log_sha256"
    }
    assert (
        parse_log(by_name).document["decks"]["A"]["main"][1]
        == named[by_code["decks"]["A"]["main"][1]]
    )


def test_a_name_several_cards_carry_is_refused_naming_them() -> None:
    doc = game()
    twin = copy.deepcopy(doc["cards"][0])
    twin["code"] = "UAS-999"
    doc["cards"].append(twin)
    doc["decks"]["A"]["main"][4] = twin["name"]
    with pytest.raises(BadLog) as caught:
        parse_log(doc)
    (error,) = caught.value.errors
    assert error.path == "decks.A.main[4]"
    assert doc["cards"][0]["code"] in error.message and "UAS-999" in error.message


def test_a_name_no_card_carries_is_an_unknown_code() -> None:
    doc = game()
    doc["decks"]["B"]["main"][0] = "No Such Card"
    with pytest.raises(BadLog) as caught:
        parse_log(doc)
    assert [e.path for e in caught.value.errors] == ["decks.B.main[0]"]
    assert "unknown card code 'No Such Card'" in caught.value.errors[0].message
