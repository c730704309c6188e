"""The canonical JSON writer gives the definition's bytes (the standard library's), whichever
writer produced them: on every example's replay in every perspective, and on generated
documents of every kind of value our documents hold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.core import canonical
from judge.core.canonical import canonical_bytes, canonical_json, canonical_json_stdlib, sha256_of
from judge.core.replay import replay
from tests.scale import scaled

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*/*.json"))
# positions (examples/positions) are not logs: tests/test_positions.py reads them
LOGS = [p for p in EXAMPLES if p.name != "expected.json" and p.parent.name != "positions"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**63), max_value=2**64 - 1) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=40,
)


def test_the_writer_in_use_is_orjson() -> None:
    """The fast writer is a dependency of the package: it must be the one in use."""
    assert canonical.orjson is not None


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_example_replays_are_written_as_the_definition_writes_them(path: Path) -> None:
    result = replay(path.read_text(encoding="utf-8"))
    assert canonical_bytes(result) == canonical_json_stdlib(result).encode("utf-8")
    assert canonical_json(result) == canonical_json_stdlib(result)


@settings(max_examples=scaled(120), deadline=None)
@given(json_values)
def test_generated_documents_are_written_as_the_definition_writes_them(value: object) -> None:
    assert canonical_json(value) == canonical_json_stdlib(value)
    assert canonical_bytes(value) == canonical_json_stdlib(value).encode("utf-8")


def test_what_orjson_refuses_is_written_by_the_standard_library() -> None:
    """Integer keys and integers over 64 bits: the standard library's bytes, not an error."""
    value = {"keys": {2: "b", 10: "a"}, "n": 2**80}
    assert json.loads(canonical_json(value)) == {"keys": {"2": "b", "10": "a"}, "n": 2**80}
    assert canonical_json(value).startswith('{"keys":{"2":"b","10":"a"}')  # sorted as ints
    assert canonical_json(value) == canonical_json_stdlib(value)


def test_values_the_definition_refuses_are_refused() -> None:
    from dataclasses import dataclass

    @dataclass
    class Card:
        code: str

    with pytest.raises(TypeError):
        canonical_json({"card": Card("UAS-001")})


def test_sha256_of_hashes_the_canonical_bytes() -> None:
    import hashlib

    value = {"é": [1, None], "a": True}
    assert sha256_of(value) == hashlib.sha256(canonical_json_stdlib(value).encode()).hexdigest()
