"""What a judge reads counts right, in every game: no text of a step counts one thing in the
plural ("A sleeps 1 resources", "B had 1 cards in hand"), hedges a count with "(s)" ("its 1
force material(s) go") or puts "an" before a consonant ("for an partner attack").

Over self-played games of the five variants (the benchmark's normal games, sized by
``JUDGE_TEST_SCALE``), every text a step carries for a reader: violations' and rulings'
messages, events' ``text`` and ``public_text``, pending decisions' ``text``.  The games are
checked to hold the phrases these faults were found in, in their right form, so that the
test says something about them (it fails on the wording before the fix).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games.rangers_strike.sample import sample_envelope as rs_envelope
from judge.games.rebirth.sample import sample_envelope as rebirth_envelope
from judge.games.union_arena.sample import sample_envelope as ua_envelope
from judge.games.zx.sample import sample_envelope as zx_envelope
from tests.scale import scaled

#: the variants' sample games, as the benchmark plays them
VARIANTS: dict[str, Callable[[str], dict[str, Any]]] = {
    "union-arena": ua_envelope,
    "rangers-strike-1v1": lambda seed: rs_envelope(seed, variant="1v1"),
    "rangers-strike-tag": lambda seed: rs_envelope(seed, variant="tag"),
    "zx": zx_envelope,
    "rebirth": rebirth_envelope,
}
GAMES = scaled(4)

#: the nouns the messages count (in the plural)
NOUNS = (
    "abilities|actions|attacks|cards|commands|effects|energies|members|players|points|"
    "resources|steps|times|turns|units"
)
ONE_IN_THE_PLURAL = re.compile(rf"\b(?:1|one) (?:\w+ )?(?:{NOUNS})\b")
AN_BEFORE_A_CONSONANT = re.compile(r"\ban [bcdfghjklmnpqrstvwxz]")
#: a count hedged instead of said ("1 card(s)", "at position(s) 2"): judge.core.wording says it
HEDGED = re.compile(r"\w\(s\)")

#: for each variant, phrases its games hold in their right form (found wrong once)
HELD = {
    "rangers-strike-1v1": ["had 1 card in hand and"],
    "union-arena": ["'s life card at position "],
    "zx": [
        "sleeps 1 resource to pay",
        "takes out 1 card for setup",
        "force material goes to the",
        "force materials go to the",
    ],
    "rebirth": [
        "for a partner attack and",
        "for an attack.",
        "energy and 1 partner card.",
        "(1 card);",
        "may be used 1 time a turn",
    ],
}


def texts(out: dict[str, Any]) -> Iterator[tuple[int, str]]:
    """Each text of each step a reader reads, with the step's index."""
    for step in out["steps"]:
        i = step["index"]
        for said in (*step["violations"], *step["rulings"]):
            yield i, said["message"]
        for event in step["events"]:
            yield from ((i, event[k]) for k in ("text", "public_text") if k in event)
        for pending in step.get("pending", []):
            if "text" in pending:
                yield i, pending["text"]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_no_step_counts_one_thing_in_the_plural_hedges_a_count_or_says_an_before_a_consonant(
    variant: str,
) -> None:
    wrong: list[str] = []
    read = []
    for g in range(GAMES):
        seed = f"wording-{variant}-{g}"
        out = replay(random_game(VARIANTS[variant](seed), seed, max_actions=200))
        for i, text in texts(out):
            read.append(text)
            if any(p.search(text) for p in (ONE_IN_THE_PLURAL, HEDGED, AN_BEFORE_A_CONSONANT)):
                wrong.append(f"game {g}, step {i}: {text}")
    assert not wrong, "\n".join(wrong[:10])
    everything = "\n".join(read)
    for phrase in HELD.get(variant, []):
        assert phrase in everything, phrase


def test_the_patterns_catch_the_faults_they_were_written_for() -> None:
    for wrong in (
        "A sleeps 1 resources to pay A-D3's cost 1.",
        "B had 1 cards in hand and 5 damage: it takes the extra draw.",
        "All ignitions are done: the 1 abilities they triggered now wait together.",
        "Zero Optima 2: A has 1 resources with the IG mark.",
    ):
        assert ONE_IN_THE_PLURAL.search(wrong), wrong
    assert AN_BEFORE_A_CONSONANT.search("A rests A-6 for an partner attack.")
    for wrong in (
        "It may be used 1 time(s) a turn: use 1 this turn.",
        "A picks B's life card(s) at position(s) 2; turned face up: B-7.",
        "B-D2 left the field: its 1 force material(s) go to the trash.",
    ):
        assert HEDGED.search(wrong), wrong
    for right in (
        "A sleeps 1 resource to pay A-D3's cost 1.",
        "A sleeps 2 resources to pay A-D3's cost 2.",
        "A rests A-6 for an attack.",
        "It may be used 1 time a turn: use 1 this turn.",
        "A gets 1 IG card.",
        "A picks B's life card at position 2 (the top card (B-7) is not picked).",
    ):
        for pattern in (ONE_IN_THE_PLURAL, HEDGED, AN_BEFORE_A_CONSONANT):
            assert not pattern.search(right), right
