"""The contract's worked examples (shared/spec/examples), replayed as they are.

They are copied unchanged into ``tests/spec_examples/``; when ``shared/`` is beside the
repository the copies are checked against it, so a changed contract cannot go unnoticed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.core.replay import replay

HERE = Path(__file__).resolve().parent / "spec_examples" / "union-arena"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "spec" / "examples" / "union-arena"
EXPECTED = json.loads((HERE / "expected.json").read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_spec_example_verdicts_with_skip(name: str) -> None:
    r = replay((HERE / f"{name}.json").read_text(), on_illegal="skip")
    assert r["summary"]["illegal_steps"] == EXPECTED[name]["illegal_steps"]
    result = r["summary"]["result"]
    assert (result or {}).get("winner") == EXPECTED[name]["winner"]


@pytest.mark.skipif(not SHARED.is_dir(), reason="shared/ is not beside the repository")
def test_spec_example_copies_are_unchanged() -> None:
    for path in sorted(SHARED.iterdir()):
        assert (HERE / path.name).read_bytes() == path.read_bytes(), path.name


def test_colour_and_rested_names_the_rules() -> None:
    r = replay((HERE / "colour-and-rested.json").read_text())
    assert [v["rule"] for v in r["steps"][12]["violations"]] == ["UA-ENERGY"]
    assert [v["rule"] for v in r["steps"][15]["violations"]] == ["UA-ATK-ATTACKER"]
    assert "entered the field rested this turn" in r["steps"][15]["violations"][0]["message"]


def test_equal_bp_block_retires_the_blocker() -> None:
    r = replay((HERE / "equal-bp-block.json").read_text(), detail="full")
    battle = r["steps"][15]
    assert "UA-BATTLE-BP" in [x["rule"] for x in battle["rulings"]]
    assert r["steps"][15]["state"]["players"]["B"]["front_line"] == []
    assert r["steps"][15]["state"]["players"]["B"]["outside"] == [
        r["steps"][8]["events"][-1]["card"]
    ]
