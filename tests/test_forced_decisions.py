"""Decisions with no choice, in every game (``judge.core.forced``; docs/action-log.md,
"Decisions with no choice"): a decision the rules leave exactly one way may be recorded, as
that one way, or left out; both are legal and verifiable and give the same state and the same
verdicts for the rest of the log; a record of any other way is illegal, citing the rule that
leaves it one way, and is not carried out.

The contract's own words (shared/spec/action-log-v1.md, "Union Arena kinds"): "After every
`attack` the defender records a `block` decision — `null` when it does not block, including
when nothing could block", and "An action the log omits but the rules require … makes the step
that needed it `unverifiable` when the engine cannot infer it, never `legal`."
"""

from __future__ import annotations

import copy
from typing import Any

from judge.core.canonical import sha256_of
from judge.core.replay import position, replay
from judge.core.testing import player_state, rules_applied, rules_broken, ruling_texts, verdict
from judge.games.rangers_strike import testing as rs
from judge.games.rebirth import testing as r4u
from judge.games.union_arena import testing as ua
from judge.games.zx import testing as zx

#: what a step says, beside its index: the same in both logs for every step but the record
STEP_FIELDS = ("action", "verdict", "violations", "rulings", "events", "pending", "state")


def with_action(doc: dict[str, Any], at: int, action: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    out["actions"].insert(at, action)
    return out


def assert_same_rest(
    omitted: dict[str, Any], recorded: dict[str, Any], at: int, waited: bool = False
) -> None:
    """The log with the record at ``at`` judges every other step as the log without it: the
    same verdicts, violations and states.  A decision the engine took changes nothing when
    recorded (the full state, ``state_sha256``, after the record is the one before it; every
    other step says the same); one the rules ``waited`` for is carried out by the record, or,
    left out, filled in before the next action (whose step then shows it: its events and
    rulings are the only difference).  Both logs end in the same state."""
    r0 = replay(omitted, detail="full")
    r1 = replay(recorded, detail="full")
    rest = r1["steps"][:at] + r1["steps"][at + 1 :]
    assert len(rest) == len(r0["steps"])
    for i, (s0, s1) in enumerate(zip(r0["steps"], rest, strict=True)):
        fields = STEP_FIELDS
        if waited and i == at:
            fields = ("action", "verdict", "violations", "pending", "state")
        assert {k: s0.get(k) for k in fields} == {k: s1.get(k) for k in fields}
    if waited:
        assert r1["steps"][at + 1]["events"] == [
            e for e in r0["steps"][at]["events"] if e not in r1["steps"][at]["events"]
        ]
        before = {**omitted, "actions": omitted["actions"][: at + 1]}
        after = {**recorded, "actions": recorded["actions"][: at + 2]}
    else:
        assert r1["steps"][at]["state"] == r1["steps"][at - 1]["state"]
        before = {**omitted, "actions": omitted["actions"][:at]}
        after = {**recorded, "actions": recorded["actions"][: at + 1]}
    assert sha256_of(position(before).snapshot()) == sha256_of(position(after).snapshot())
    assert r0["steps"][-1]["state_sha256"] == r1["steps"][-1]["state_sha256"]
    assert r0["summary"]["result"] == r1["summary"]["result"]
    assert r0["summary"]["illegal_steps"] == [
        i if i < at else i - 1 for i in r1["summary"]["illegal_steps"]
    ]
    assert r0["summary"]["unverifiable_steps"] == [
        i if i < at else i - 1 for i in r1["summary"]["unverifiable_steps"]
    ]


# -- Rangers Strike (tag battle): the engine takes the assignment when only one can take it -----

BURN5 = rs.card(
    "T-006",
    "operation",
    name="Burn Five",
    effects=[{"when": "on_use", "do": [{"op": "damage", "n": 5}]}],
)
BURN1 = rs.card(
    "T-007",
    "operation",
    name="Burn One",
    effects=[{"when": "on_use", "do": [{"op": "damage", "n": 1}]}],
)


def b1_out_then_burn_one() -> tuple[rs.LogBuilder, int]:
    """Tag battle: team B gives Burn Five's 5 damage to B1, who is out; then A2's Burn One
    deals 1 to team B, which only B2 can take (the engine assigns it); the game goes on."""
    b = rs.LogBuilder([BURN5, BURN1], variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").use("A1", "T-006").assign("B1", "B1")
    b.proceed("A1", 2).charge("A2", "T-000").proceed("A2").use("A2", "T-007")
    at = b.last + 1
    b.proceed("A2", 2).charge("B2", "T-000", to="power").proceed("B2", 3)
    b.charge("A1", "T-000").proceed("A1")
    return b, at


def test_RS_FORCED_DECISION_an_assignment_only_one_player_can_take_recorded_or_left_out() -> None:
    """Seed 002 【ストライク】/【ダメージ】: the damaged team chooses who takes the damage; a
    player who can no longer continue play takes none (rule option strike_to_out_player false),
    so with B1 out the choice has one way, B2.  Recorded (by either player of team B) or left
    out, the log is judged the same; B1 named is illegal under RST-STRIKE-ASSIGN."""
    b, at = b1_out_then_burn_one()
    r = b.replay()
    assert verdict(r, at - 1) == "legal"
    assert "Only B2 can take it, with no choice" in " ".join(rs.ruling_texts(r, at - 1))
    for by in ("B2", "B1"):  # B1 is out, but the assignment is the team's: either records it
        recorded = with_action(b.doc, at, {"p": by, "do": "assign_damage", "to": "B2"})
        r1 = replay(recorded)
        assert verdict(r1, at) == "legal"
        assert rules_applied(r1, at) == ["RS-FORCED-DECISION"]
        assert (
            "recorded as that way, it changes nothing" in r1["steps"][at]["rulings"][0]["message"]
        )
        assert_same_rest(b.doc, recorded, at)
    other = with_action(b.doc, at, {"p": "B2", "do": "assign_damage", "to": "B1"})
    r2 = replay(other, on_illegal="apply", detail="full")
    assert rules_broken(r2, at) == ["RST-STRIKE-ASSIGN"]
    message = r2["steps"][at]["violations"][0]["message"]
    assert message.startswith("Only B2 can take it: the rules leave this `assign_damage` one way")
    assert "the log records to B1" in message
    assert r2["steps"][at]["state"] == r2["steps"][at - 1]["state"]  # not carried out
    assert [rs.player_state(r2, p, at)["damage"] for p in ("B1", "B2")] == [5, 1]


def test_RS_FORCED_DECISION_the_record_comes_before_the_next_decision() -> None:
    """The record of a decision the engine took comes right after the step that took it: after
    the next decision it is out of time (RS-PHASE), as any decision the rules do not wait for."""
    b, at = b1_out_then_burn_one()
    late = with_action(b.doc, at + 1, {"p": "B2", "do": "assign_damage", "to": "B2"})
    r = replay(late)
    assert rules_broken(r, at + 1) == ["RS-PHASE"]


def test_RS_FORCED_DECISION_damage_that_turns_every_face_up_card_recorded_or_left_out() -> None:
    """RS-DAMAGE-CHOICE: the damaged player turns as many face-up power cards as the damage;
    with as many face-up cards as the damage, or fewer, every one is turned: one way.  The rules
    wait for it; left out, the step stays verifiable; recorded, it is legal; fewer is illegal."""
    unit = rs.card("T-001", name="Falcon", bp=3000, sp=1)
    b = rs.LogBuilder([unit]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-001").proceed("A", 2)
    b.charge("B", "T-000", to="power").proceed("B", 3)
    b.charge("A", "T-000").proceed("A", 2).enter("A", "A-1").strike("A", "A-1")
    at = b.last + 1
    b.proceed("A").charge("B", "T-000").proceed("B")
    r = b.replay()
    assert verdict(r, at) == "legal" and "RS-DAMAGE-CHOICE" in rules_applied(r, at)
    (card,) = rs.player_state(r, "B", at - 1)["power"]["face_up"]
    recorded = with_action(b.doc, at, {"p": "B", "do": "take_damage", "cards": [card]})
    assert verdict(replay(recorded), at) == "legal"
    assert_same_rest(b.doc, recorded, at, waited=True)
    other = with_action(b.doc, at, {"p": "B", "do": "take_damage", "cards": []})
    assert rules_broken(replay(other), at) == ["RS-DAMAGE-CHOICE"]


# -- Union Arena: a block when nothing can block -----------------------------------------------


def test_UA_FORCED_DECISION_a_block_when_nothing_can_block_recorded_or_left_out() -> None:
    """Contract: "After every `attack` the defender records a `block` decision — `null` when it
    does not block, including when nothing could block".  With no character in B's front line
    the block has one way, null: recorded or left out, the log is judged the same; a block
    naming a card is illegal."""
    b = ua.board_at_turn_3([ua.free_character("T-ATK")], ["T-ATK"], [], a_front=("A-1",))
    b.attack("A", "A-1")
    at = b.last + 1
    b.act("A", "pick_life", cards=[1], reveal=["T-000"]).proceed("A")
    r = b.replay()
    assert verdict(r, at) == "legal" and "UA-BLOCK-DECISION" in rules_applied(r, at)
    recorded = with_action(b.doc, at, {"p": "B", "do": "block", "card": None})
    assert verdict(replay(recorded), at) == "legal"
    assert_same_rest(b.doc, recorded, at, waited=True)
    other = with_action(b.doc, at, {"p": "B", "do": "block", "card": "B-1"})
    r2 = replay(other)
    assert verdict(r2, at) == "illegal"
    assert rules_broken(r2, at) == ["UA-BLOCK"]


# -- Z/X: the pick of a player's only life card ---------------------------------------------------

ZX_ATK = zx.card("T-ATK", power=3000)


def b_down_to_one_life() -> tuple[zx.LogBuilder, int]:
    """A's Z/X attacks B's empty player square four times; the fourth damage takes B's only
    life card, which the engine picks (A may record the pick), and A wins."""
    b = zx.LogBuilder([ZX_ATK], a=["T-ATK"]).start().to_main("A")
    b.act("A", "play", card=b.iid("A", 0), to=5)
    for _ in range(3):
        b.act("A", "attack", card=b.iid("A", 0), target=8).act("A", "pick_life", position=1)
        b.proceed("A").pass_turn("B").to_main("A")
    b.act("A", "attack", card=b.iid("A", 0), target=8)
    return b, b.last + 1


def test_ZX_FORCED_DECISION_the_pick_of_the_only_life_card_recorded_or_left_out() -> None:
    """ZX-LIFE-PICK: for each point of player damage the opponent picks one of the player's
    life cards; with one life card left the pick has one way, position 1.  The engine takes it;
    recorded or left out, the log is judged the same; position 2 is illegal."""
    b, at = b_down_to_one_life()
    b.proceed("A")  # after the game's end in both logs
    r = b.replay()
    assert "B has one life card: it is the one taken." in zx.ruling_texts(r, at - 1)
    assert r["summary"]["result"] == {"winner": "A", "reason": "life"}
    recorded = with_action(b.doc, at, {"p": "A", "do": "pick_life", "position": 1})
    r1 = replay(recorded)
    assert verdict(r1, at) == "legal" and rules_applied(r1, at) == ["ZX-FORCED-DECISION"]
    assert_same_rest(b.doc, recorded, at)
    other = with_action(b.doc, at, {"p": "A", "do": "pick_life", "position": 2})
    r2 = replay(other)
    assert rules_broken(r2, at) == ["ZX-LIFE-PICK"]
    assert r2["steps"][at]["violations"][0]["message"].startswith("B has one life card: ")


# -- Rebirth for you: a guard when nothing can guard ----------------------------------------------


def test_R4U_FORCED_DECISION_a_guard_when_nothing_can_guard_recorded_or_left_out() -> None:
    """R4U-CHOICE-RECORDED: after every attack the defender records guard (null for none);
    with no card that can guard, the guard has one way, null: recorded or left out, the log is
    judged the same (left out, the step stays verifiable); a guard naming a card is illegal."""
    fillers = ["T-000"] * 50
    decks = {
        "A": {"main": fillers, "partner": ["T-P01"] * 3},  # nothing that can guard
        "B": {"main": ["T-ATK"] * 4 + fillers[4:], "partner": ["T-P01"] * 3},
    }
    b = r4u.LogBuilder([r4u.ATTACKER], decks=decks).setup(first="A").proceed("A", 2)
    b.proceed("B").act("B", "move", square=1, pay={"energy": 0, "partner": 0})
    b.act("B", "reveal", card="T-ATK").proceed("B").act("B", "attack", card="T-000")
    at = b.last + 1
    b.act("A", "reveal", card="T-000").proceed("B")
    r = b.replay()
    assert verdict(r, at) == "legal" and "R4U-CHOICE-RECORDED" in rules_applied(r, at)
    recorded = with_action(b.doc, at, {"p": "A", "do": "guard", "card": None})
    assert verdict(replay(recorded), at) == "legal"
    assert_same_rest(b.doc, recorded, at, waited=True)
    other = with_action(b.doc, at, {"p": "A", "do": "guard", "card": "T-000"})
    assert rules_broken(replay(other), at) == ["R4U-BLOCKER"]


# -- Union Arena: a pick of every life card left ----------------------------------------------

UA_ATK7 = ua.free_character("T-ATK", bp=5000, keywords=["damage 7"])
UA_FINAL = ua.card("T-FIN", trigger="final")


def ua_damage_takes_every_life_card(mode: str) -> tuple[ua.LogBuilder, int]:
    """A's "damage 7" character attacks B, who has 7 life cards and nothing to block with:
    the damage takes every one of them.  B's deck is all FINAL-trigger cards.  Returns the log
    up to the attack and the index where the pick comes."""
    b = ua.LogBuilder(
        [UA_ATK7, UA_FINAL], deck_a=["T-ATK"] * 50, deck_b=["T-FIN"] * 50, mode=mode
    ).setup()
    b.proceed("A").play("A", "T-ATK", to="front_line").proceed("A", 2).pass_turn("B")
    b.proceed("A", 2).attack("A", "T-ATK").block("B", None)
    return b, b.last + 1


def test_UA_FORCED_DECISION_a_pick_of_every_life_card_left_recorded_or_left_out() -> None:
    """UA-DMG-PICK: the attacking player picks "as many life cards as the damage, or all that
    remain if there are fewer"; a damage of 7 against 7 life cards takes all of them: one way.
    Left out (the next action is B's trigger), it is filled in, verifiable; recorded, legal;
    the log is judged the same either way."""
    b, at = ua_damage_takes_every_life_card("seeded")
    b.act("B", "trigger", card="T-FIN", use=True)
    r = b.replay()
    assert verdict(r, at) == "legal"
    assert "UA-FORCED-DECISION" in rules_applied(r, at)
    assert "filled in as its one way" in " ".join(ruling_texts(r, at))
    assert "FINAL" in " ".join(ruling_texts(r, at))
    recorded = with_action(b.doc, at, {"p": "A", "do": "pick_life", "cards": list(range(1, 8))})
    assert verdict(replay(recorded), at) == "legal"
    assert_same_rest(b.doc, recorded, at, waited=True)
    fewer = with_action(b.doc, at, {"p": "A", "do": "pick_life", "cards": [1]})
    assert rules_broken(replay(fewer), at) == ["UA-DMG-PICK"]


def test_UA_FORCED_DECISION_observed_the_left_out_pick_names_its_card_where_the_log_does() -> None:
    """Contract (Envelope): "observed: hidden cards are unknown; a log names a card by code
    where it becomes known … or reports the reveal as impossible".  The pick left out in
    observed mode is filled in as its one way; the trigger that follows names the turned card
    (a FINAL card), which is bound as a reveal would bind it (the six others stay unknown, so
    the step is unverifiable, never legal); a code B's deck cannot hold names no card (the
    filled-in pick says so, citing UA-REVEAL), and the trigger is illegal."""
    b, at = ua_damage_takes_every_life_card("observed")
    named = b.act("B", "trigger", card="T-FIN", use=True).replay()
    # the six other turned cards stay unknown: their trigger check cannot be verified
    assert verdict(named, at) == "unverifiable" and rules_broken(named, at) == []
    texts = " ".join(ruling_texts(named, at))
    assert "named by the trigger that follows" in texts and "FINAL: B has no life" in texts
    assert player_state(named, "B", at)["life"] == 1
    doc = copy.deepcopy(b.doc)
    doc["actions"][-1]["card"] = "T-ATK"  # B's deck holds no T-ATK
    r = replay(doc)
    assert verdict(r, at) == "illegal"
    assert "UA-FORCED-DECISION" in rules_applied(r, at)
    assert "names T-ATK, which cannot be one of them (UA-REVEAL)" in " ".join(ruling_texts(r, at))


# -- Union Arena: a mandatory effect whose choice has one answer ---------------------------------

UA_STRIKER = ua.card(
    "T-233",
    name="Striker",
    ap=0,
    bp=3000,
    effects=[
        {
            "when": "on_attack",
            "do": [{"op": "rest", "target": {"side": "opponent", "zone": "front_line"}}],
        }
    ],
)


def test_UA_FORCED_DECISION_a_resolve_whose_choice_has_one_answer_recorded_or_left_out() -> None:
    """A when-attacking effect "rest 1 character in the opponent's front line" (mandatory) with
    one character in B's front line has one way: targets [B-1].  Left out (the next action is
    B's block), it is filled in as that way, verifiable, and B-1 is rested (it used to resolve
    with no target); recorded, it is legal; the log is judged the same either way; another
    target breaks UA-EFFECT-TARGETS."""
    b = ua.board_at_turn_3(
        [UA_STRIKER, ua.free_character("T-ATK")],
        ["T-233"],
        ["T-ATK"],
        a_front=("A-1",),
        b_front=("B-1",),
    )
    b.attack("A", "A-1")
    at = b.last + 1
    b.block("B", None).act("A", "pick_life", cards=[1], reveal=["T-000"]).proceed("A")
    r = b.replay()
    assert verdict(r, at) == "legal" and "UA-FORCED-DECISION" in rules_applied(r, at)
    assert "filled in as its one way, targets ['B-1']" in " ".join(ruling_texts(r, at))
    assert ua.field_unit(r, "B", "B-1", at)["rested"] is True
    recorded = with_action(
        b.doc, at, {"p": "A", "do": "resolve", "source": "A-1", "targets": ["B-1"]}
    )
    assert verdict(replay(recorded), at) == "legal"
    assert_same_rest(b.doc, recorded, at, waited=True)
    other = with_action(b.doc, at, {"p": "A", "do": "resolve", "source": "A-1", "targets": ["A-1"]})
    assert rules_broken(replay(other), at) == ["UA-EFFECT-TARGETS"]


# -- Rebirth for you: an entry with one possible code --------------------------------------------


def test_R4U_FORCED_DECISION_an_entry_select_with_one_possible_code_recorded_or_left_out() -> None:
    """R4U-SETUP-ENTRY: each player puts "a character of level 2 or less" from its deck into
    the entry.  A's deck holds level 3 characters and one code of level 1 (T-ATK): the choice
    has one way.  Left out, it is filled in as T-ATK, verifiable; recorded, legal; the log is
    judged the same either way; a level 3 character is illegal under R4U-SETUP-ENTRY."""
    decks = {
        "A": {"main": ["T-BIG"] * 46 + ["T-ATK"] * 4, "partner": ["T-P01"] * 3},
        "B": {"main": ["T-000"] * 50, "partner": ["T-P01"] * 3},
    }
    b = r4u.LogBuilder([r4u.ATTACKER, r4u.BIG], decks=decks)
    b.act("B", "entry_select", card="T-000")
    at = b.last + 1
    b.act("A", "first_player", first="A").act("B", "preset", card="T-P01").proceed("A", 2)
    r = b.replay()
    assert verdict(r, at) == "legal" and "R4U-FORCED-DECISION" in rules_applied(r, at)
    assert "filled in as its one way, card T-ATK" in " ".join(ruling_texts(r, at))
    assert r4u.player_state(r, "A", at)["entry"]["id"] == "A-47"  # the first T-ATK
    recorded = with_action(b.doc, at, {"p": "A", "do": "entry_select", "card": "T-ATK"})
    assert verdict(replay(recorded), at) == "legal"
    assert_same_rest(b.doc, recorded, at, waited=True)
    other = with_action(b.doc, at, {"p": "A", "do": "entry_select", "card": "T-BIG"})
    assert rules_broken(replay(other), at) == ["R4U-SETUP-ENTRY"]


# -- Z/X: the charge excess when every charge card is a copy of one card -------------------------

ZX_BIG = zx.card("T-BIG", power=5000)
ZX_DESTROY = zx.card(
    "T-DS",
    type="event",
    effects=[{"when": "play", "do": [{"op": "destroy", "target": {"side": "opponent"}}]}],
)


def test_ZX_FORCED_DECISION_a_trash_charge_of_copies_of_one_card_recorded_or_left_out() -> None:
    """ZX-CHARGE-LIMIT (CR 306.2a, 906.1): the charge zone holds at most 4, and its player
    chooses the excess to put into the trash.  Five destroyed T-BIG make B's charge zone five
    copies of one card: the choice has one way, one T-BIG.  Left out (the next action is A's
    proceed), it is filled in, verifiable; recorded by code, legal; the log is judged the same
    either way; two cards are illegal under ZX-CHARGE-LIMIT."""
    f = "T-000"
    b = zx.LogBuilder(
        [ZX_DESTROY, ZX_BIG],
        a=["T-DS"] * 4 + [f] * 6 + ["T-DS"] * 2,
        b=["T-BIG"] * 4 + [f] * 6 + ["T-BIG"] * 2,
    ).start()
    b.pass_turn("A").proceed("B", 2)
    b_cards = [b.iid("B", k) for k in (0, 1, 2, 3, 10)]
    for iid, sq in zip(b_cards, (4, 5, 6, 7, 9), strict=True):
        b.act("B", "play", card=iid, to=sq)
    b.proceed("B").proceed("A", 2)
    for k, target in zip((0, 1, 2, 3, 10), b_cards, strict=True):
        ev = b.iid("A", k)
        b.act("A", "play", card=ev).act("A", "resolve", source=ev, targets=[target])
    at = b.last + 1
    b.proceed("A")
    r = b.replay()
    assert verdict(r, at) == "legal" and "ZX-FORCED-DECISION" in rules_applied(r, at)
    assert "filled in as its one way, 1 of T-BIG" in " ".join(ruling_texts(r, at))
    assert len(zx.player_state(r, "B", at)["charge"]) == 4
    recorded = with_action(b.doc, at, {"p": "B", "do": "trash_charge", "cards": ["T-BIG"]})
    assert verdict(replay(recorded), at) == "legal"
    assert_same_rest(b.doc, recorded, at, waited=True)
    other = with_action(b.doc, at, {"p": "B", "do": "trash_charge", "cards": ["T-BIG"] * 2})
    assert rules_broken(replay(other), at) == ["ZX-CHARGE-LIMIT"]
