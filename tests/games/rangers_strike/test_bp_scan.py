"""The shortcuts of reading many units' BP at once (:mod:`judge.games.rangers_strike.bp_scan`)
give what the long way gives: at every step of self-played games (1 vs 1 and tag battle, some
with attacks in progress), each unit's BP read by an area's reader is ``eng.bp``'s, a unit it
reads one way only has no second reading (``bp_team`` None), and a choice by BP alone takes
the units whose readings fit, in order."""

from __future__ import annotations

import pytest

from judge.core.log import parse_log
from judge.core.replay import position, run_step, start
from judge.core.selfplay import random_game
from judge.games.rangers_strike import bp_scan
from judge.games.rangers_strike.resolve import bp_fits, fitting
from judge.games.rangers_strike.sample import sample_envelope
from judge.games.rangers_strike.state import AREAS
from judge.games.rangers_strike.testing import LogBuilder, card, player_state


@pytest.mark.parametrize("variant", ["1v1", "tag"])
@pytest.mark.parametrize("seed", ["bp-scan-1", "bp-scan-2"])
def test_area_readers_read_what_bp_reads(variant: str, seed: str) -> None:
    log = parse_log(random_game(sample_envelope(seed, variant=variant), seed, max_actions=160))
    eng = start(log)
    read = 0
    for index, action in enumerate(log.document["actions"]):
        run_step(eng, index, action, "skip", compact=True)
        st = eng.state
        for pid in st.order:
            for area in AREAS:
                bp = bp_scan.reader(eng, pid, area)
                for unit in st.players[pid].area(area):
                    if not st.card(unit.card).is_unit:
                        continue
                    value, plain = bp(unit)
                    assert value == eng.bp(unit), (index, unit.card)
                    if plain:
                        assert eng.bp_team(unit) is None, (index, unit.card)
                    read += 1
                for limit in (1000, 2500, 4000):
                    sel = {"bp_max": limit, "side": "own", "zone": area}
                    want = [
                        u
                        for u in st.players[pid].area(area)
                        if st.card(u.card).is_unit
                        and any(bp_fits(sel, limit, v) for v in eng.bp_readings(u))
                    ]
                    got = [f[2] for f in fitting(eng, pid, sel)]
                    assert got == want, (index, pid, area, limit)
    assert read > 0


#: a plain unit (no text), and a vehicle it may ride that gives its rider BP +1000
RIDER = card("T-901", name="Rider", bp=2000, size="S")
TRUCK = {**card("T-902", "vehicle", name="Truck", ridden_by={"names": ["Rider"]}), "rider_bp": 1000}


def test_a_plain_unit_riding_reads_the_vehicles_rider_bp() -> None:
    """Rider (BP 2000) enters riding Truck (rider BP +1000): BP 3000 in the step's view, in an
    area's reader (one reading), and in a choice by BP alone."""
    b = LogBuilder([RIDER, TRUCK]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-902").proceed("A", 2).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-901").proceed("A")
    b.enter("A", "T-901", ride="T-902")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0
    (rider,) = player_state(r, "A")["battle"]
    assert (rider["bp"], rider["vehicle"]) == (3000, "A-4")
    eng = position(b.log())
    (unit,) = eng.state.players["A"].battle
    assert bp_scan.printed_now(eng)  # (no attack in progress, nothing that changes BP)
    assert bp_scan.reader(eng, "A", "battle")(unit) == (eng.bp(unit), True) == (3000, True)
    for limit, fits in ((2500, []), (3000, [unit])):
        sel = {"bp_max": limit, "side": "own", "zone": "battle"}
        assert [f[2] for f in fitting(eng, "A", sel)] == fits
