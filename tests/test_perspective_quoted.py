"""A step's record reads the strings of the step and of the state after it through their
JSON text (``judge.core.perspective._quoted``): it must read exactly what the walk in Python
reads, whatever the strings hold (quotes, backslashes, newlines, other scripts) and whatever
the keys are, or a card could be named where it is withheld.  And what a step withholds
when nothing recorded it (``Withheld.unrecorded``: every card id) is every id the patterns
find, though texts without a hyphen are not searched."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.core.perspective import _ANY_CARD, _JSON_KEYS, HIDDEN_CARD, Withheld, _quoted, _strings
from tests.scale import scaled

TEXT = st.text(alphabet=st.sampled_from(["A", "-", "1", " ", '"', "\\", "\n", "é", "札", "("]))
KEYS = st.one_of(TEXT, st.integers(-5, 5), st.booleans(), st.none())
JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), TEXT),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=4)),
    max_leaves=20,
)


@settings(max_examples=scaled(120), deadline=None)
@given(JSON)
def test_the_strings_read_through_json_are_those_the_walk_reads(value: Any) -> None:
    quoted = _quoted(value, 0)
    assert quoted is None or quoted == list(_strings(value))


@settings(max_examples=scaled(120), deadline=None)
@given(JSON)
def test_the_ids_read_through_json_are_those_the_standard_librarys_text_gives(value: Any) -> None:
    """As the record of a state read them before (the standard library's JSON text, its keys
    written as JSON writes them), when that text had no escape."""
    text = json.dumps(value, ensure_ascii=False)
    if "\\" in text:
        return
    quoted = _quoted(value, _JSON_KEYS)
    assert quoted is None or set(quoted) == set(text.split('"')[1::2])


def test_a_value_the_pieces_could_misread_is_walked() -> None:
    assert _quoted({"a": 'say "A-1"'}, 0) is None
    assert _quoted(["line\nA-1"], 0) is None
    assert _quoted({1: "A-1"}, 0) is None and _quoted({1: "A-1"}, _JSON_KEYS) == ["1", "A-1"]
    assert _quoted([2**80, "A-1"], 0) is None


ID_TEXT = st.text(alphabet=st.sampled_from(["A", "b", "-", "1", "_", ".", " ", "(", ")", "札"]))


@settings(max_examples=scaled(200), deadline=None)
@given(ID_TEXT)
def test_an_unrecorded_step_withholds_every_id_the_patterns_find(text: str) -> None:
    expected = text
    for pattern in _ANY_CARD:
        expected = pattern.sub(HIDDEN_CARD, expected)
    public = Withheld.unrecorded("public", frozenset(), ("hand",))
    assert public.text(text) == expected
    assert public.text("A plays A-12 (Kai) from B-AP1's hand.") == (
        f"A plays {HIDDEN_CARD} from {HIDDEN_CARD}'s hand."
    )
