"""``POST /v1/rulings`` on a submitted replay sees at most what the replay's perspective
shows: every kind of question, asked from every perspective of a replay with hidden cards
(Union Arena and Z/X), names no card that perspective does not see, in its texts or its
JSON; a wider perspective than submitted is refused (403), as ``GET`` refuses it.

What is hidden is computed here from the judge's view, independently of the redaction:
the cards of the hands the perspective cannot see and of every deck (the next draw), their
ids, and the codes and names no card it sees shares.  Each test also checks that the
judge's own answer does name such cards, so that it would fail if nothing were withheld.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from judge.core.ask import position_at
from judge.core.log import parse_log

ROOT = Path(__file__).resolve().parents[2]
GAMES = {
    "union-arena": ROOT / "examples" / "union-arena" / "full-game.json",
    "zx": ROOT / "examples" / "zx" / "full-game-zx-a.json",
}
PERSPECTIVES = ("judge", "A", "B", "public")
KINDS = ("order", "damage", "legal", "options", "explain")


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def hidden_from(log: Any, step: int, perspective: str) -> set[str]:
    """The ids, codes and names of the cards ``perspective`` cannot see after ``step``:
    the hands of the other players (every hand, for public), every deck (its order is
    nobody's), less the codes and names of the cards it sees."""
    engine = position_at(log, step, "skip").engine
    st = engine.state
    view = engine.step_state()
    hidden_ids: set[str] = set()
    for pid, ps in st.players.items():
        hidden_ids |= {c for c in ps.deck if c}
        if perspective != "judge" and pid != perspective:
            hidden_ids |= set(view["players"][pid]["hand"])
    if perspective == "judge":
        return set()
    seen = {s for s in _strings(view) if s in st.code_of} - hidden_ids
    seen_words = {st.code_of[c] for c in seen} | {st.card(c).name for c in seen}
    words = {st.code_of[c] for c in hidden_ids} | {st.card(c).name for c in hidden_ids}
    return hidden_ids | (words - seen_words)


def leaks(answer: dict[str, Any], hidden: set[str]) -> list[str]:
    """The hidden tokens the answer names anywhere (every field but the rules' texts)."""
    text = json.dumps({k: v for k, v in answer.items() if k != "rules"}, ensure_ascii=False)
    return sorted(
        w for w in hidden if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text) is not None
    )


def interesting_steps(log: Any) -> dict[str, int]:
    """Steps worth asking about: a player choosing among hand cards; a damage decision;
    the last step of a turn (the next one draws)."""
    found: dict[str, int] = {}
    n = len(log.document["actions"])
    turn_before = None
    for step in range(n - 1):
        engine = position_at(log, step, "skip").engine
        view = engine.step_state()
        hands = {c for p in view["players"].values() for c in p.get("hand") or []}
        acts = engine.legal_actions()
        if "hand" not in found and sum(1 for a in acts if set(_strings(a)) & hands) >= 3:
            found["hand"] = step
        kinds = {p.get("kind") for p in engine.pending()}
        if "damage" not in found and kinds & {"pick_life", "trigger", "guard", "life"}:
            found["damage"] = step
        turn = engine.turn_phase()[0]
        if turn_before is not None and turn != turn_before and "turn" not in found:
            found["turn"] = step - 1
        turn_before = turn
        if len(found) == 3:
            break
    assert "hand" in found, found
    return found


@pytest.fixture(scope="module")
def submitted(live: Any) -> dict[tuple[str, str], str]:
    """A finished job per game and perspective it was submitted with."""
    jobs = {}
    for game, path in GAMES.items():
        log = json.loads(path.read_text())
        for p in PERSPECTIVES:
            answer = live.post(f"/v1/replays?perspective={p}", log)
            assert answer.status in (200, 201, 202), answer.body
            jobs[game, p] = answer.json["id"]
    for job in jobs.values():
        assert live.get(f"/v1/replays/{job}?wait=30").json["status"] == "finished"
    return jobs


def questions(log: Any) -> list[dict[str, Any]]:
    """Every kind at each interesting step; ``legal`` about a hand card and about the
    action that ends the step's phase (which may draw)."""
    out = []
    for step in interesting_steps(log).values():
        engine = position_at(log, step, "skip").engine
        view = engine.step_state()
        hands = {c for p in view["players"].values() for c in p.get("hand") or []}
        acts = engine.legal_actions()
        for kind in KINDS:
            q: dict[str, Any] = {"format": "judge-question/1", "kind": kind, "step": step}
            if kind != "legal":
                out.append(q)
                continue
            with_hand = [a for a in acts if set(_strings(a)) & hands]
            others = [a for a in acts if not set(_strings(a)) & hands]
            for action in (with_hand[:1] + others[:1]) or acts[:1]:
                out.append({**q, "action": action})
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_question_names_what_its_perspective_hides(
    live: Any, submitted: dict[tuple[str, str], str], game: str
) -> None:
    doc = json.loads(GAMES[game].read_text())
    log = parse_log(doc)
    judge_leaked = 0
    asked = 0
    for q in questions(log):
        for p in PERSPECTIVES:
            hidden = hidden_from(log, q["step"], p)
            answer = live.post("/v1/rulings", {**q, "replay": submitted[game, p]})
            assert answer.status == 200, answer.body
            assert answer.json["perspective"] == p
            assert leaks(answer.json, hidden) == [], (q, p)
            asked += 1
            if p == "judge":
                # the judge's answer names what public does not see: the test can fail
                judge_leaked += bool(leaks(answer.json, hidden_from(log, q["step"], "public")))
            else:
                assert answer.json["withheld"].startswith(f"For perspective {p}:")
    assert asked >= 5 * len(PERSPECTIVES)
    assert judge_leaked >= 3


def test_a_narrower_perspective_is_asked_for_a_wider_is_refused(
    live: Any, submitted: dict[tuple[str, str], str], problem: Any
) -> None:
    doc = json.loads(GAMES["union-arena"].read_text())
    step = interesting_steps(parse_log(doc))["hand"]
    q = {"format": "judge-question/1", "kind": "options", "step": step}
    narrowed = {
        ("judge", "B"): 200,
        ("judge", "public"): 200,
        ("A", "public"): 200,
        ("A", "A"): 200,
        ("A", "B"): 403,
        ("A", "judge"): 403,
        ("public", "B"): 403,
        ("public", "judge"): 403,
        ("B", "A"): 403,
    }
    for (submitted_as, asked_as), status in narrowed.items():
        job = submitted["union-arena", submitted_as]
        answer = live.post("/v1/rulings", {**q, "replay": job, "perspective": asked_as})
        if status == 200:
            assert answer.status == 200, answer.body
            assert answer.json["perspective"] == asked_as
        else:
            doc403 = problem(answer, 403)
            assert doc403["type"].endswith(":perspective-refused")
            assert submitted_as in doc403["detail"]
        # as GET refuses the same views
        view = live.get(f"/v1/replays/{job}?perspective={asked_as}")
        assert view.status == status, (submitted_as, asked_as)
    bad = live.post(
        "/v1/rulings", {**q, "replay": submitted["union-arena", "judge"], "perspective": "C"}
    )
    assert [e["path"] for e in problem(bad, 400)["errors"]] == ["perspective"]


def test_a_hand_card_of_another_player_is_not_judged(
    live: Any, submitted: dict[tuple[str, str], str]
) -> None:
    doc = json.loads(GAMES["union-arena"].read_text())
    log = parse_log(doc)
    step = interesting_steps(log)["hand"]
    engine = position_at(log, step, "skip").engine
    actor = engine.pending()[0]["player"]
    hand = set(engine.step_state()["players"][actor]["hand"])
    action = next(a for a in engine.legal_actions() if set(_strings(a)) & hand)
    q = {"format": "judge-question/1", "kind": "legal", "step": step, "action": action}
    own = live.post("/v1/rulings", {**q, "replay": submitted["union-arena", actor]}).json
    assert own["legal"] is True and own["consequence"]["verdict"] == "legal"
    other = "A" if actor == "B" else "B"
    for p in (other, "public"):
        answer = live.post("/v1/rulings", {**q, "replay": submitted["union-arena", p]}).json
        assert "legal" not in answer and "consequence" not in answer
        assert answer["verdict"].startswith(f"Not answered for perspective {p}")
        assert leaks(answer, hidden_from(log, step, p)) == []


def test_a_question_with_its_own_log_may_name_a_perspective(live: Any) -> None:
    doc = json.loads(GAMES["union-arena"].read_text())
    log = parse_log(doc)
    step = interesting_steps(log)["hand"]
    q = {"format": "judge-question/1", "kind": "options", "log": doc, "step": step}
    whole = live.post("/v1/rulings", q).json
    assert whole["perspective"] == "judge" and "withheld" not in whole
    assert leaks(whole, hidden_from(log, step, "public"))  # the caller's own: all of it
    public = live.post("/v1/rulings", {**q, "perspective": "public"}).json
    assert public["perspective"] == "public"
    assert leaks(public, hidden_from(log, step, "public")) == []


def test_judge_ask_takes_the_perspective_field(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from judge.cli import main

    doc = json.loads(GAMES["zx"].read_text())
    log = parse_log(doc)
    step = interesting_steps(log)["hand"]
    q = {"format": "judge-question/1", "kind": "options", "log": doc, "step": step}
    path = tmp_path / "q.json"
    path.write_text(json.dumps({**q, "perspective": "public"}))
    result = CliRunner().invoke(main, ["ask", "--json", str(path)])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert answer["perspective"] == "public"
    assert leaks(answer, hidden_from(log, step, "public")) == []
    path.write_text(json.dumps({**q, "perspective": "nobody"}))
    result = CliRunner().invoke(main, ["ask", str(path)])
    assert result.exit_code == 2 and "perspective" in result.output
