"""What the replay viewer reads and writes, over real HTTP: a replay's head, the state
after each step of a window, annotations (kept, refused, shown to whom), the exports that
carry them, and the viewer's page and files."""

from __future__ import annotations

import json
from typing import Any

import pytest

from judge.core.replay import replay
from worker import annotations as notes


def submitted(live: Any, log: dict[str, Any], perspective: str = "judge") -> str:
    answer = live.post(f"/v1/replays?perspective={perspective}", log)
    assert answer.status in (200, 202), answer.body
    job = answer.json["id"]
    assert live.get(f"/v1/replays/{job}?wait=30").json["status"] == "finished"
    return job


def test_the_head_is_the_replay_without_steps_for_the_view(live, finished, full_game) -> None:
    head = live.get(f"/v1/replays/{finished}/head?perspective=public").json
    whole = replay(full_game, perspective="public")
    assert head["total"] == len(whole["steps"]) == 193
    assert head["views"] == ["judge", "public", "A", "B"]
    assert head["perspective"] == "public"
    assert head["replay"] == {**whole, "steps": []}
    assert "fingerprints" not in head["replay"]  # the judge's alone
    # readings rendered from the effects the engine runs, by code
    cards = {c["code"]: c for c in head["replay"]["cards"]}
    with_effects = [code for code, c in cards.items() if c.get("effects")]
    assert with_effects and all(head["readings"][code] for code in with_effects)


@pytest.mark.parametrize("view", ["judge", "public", "A", "B"])
def test_states_are_the_full_replays_states_for_the_view(live, finished, full_game, view) -> None:
    full = replay(full_game, perspective=view, detail="full")
    got = live.get(f"/v1/replays/{finished}/states?offset=95&limit=10&perspective={view}").json
    assert got["total"] == 193 and got["perspective"] == view
    assert [s["index"] for s in got["states"]] == list(range(95, 105))
    assert [s["state"] for s in got["states"]] == [s["state"] for s in full["steps"][95:105]]


def test_a_players_states_hide_the_other_hand(live, finished) -> None:
    judge = live.get(f"/v1/replays/{finished}/states?offset=30&limit=1").json["states"][0]
    mine = live.get(f"/v1/replays/{finished}/states?offset=30&limit=1&perspective=A").json
    hand = judge["state"]["players"]["B"]["hand"]
    assert isinstance(hand, list) and hand and all(isinstance(c, str) for c in hand)
    assert mine["states"][0]["state"]["players"]["B"]["hand"] == len(hand)


def test_states_refuse_a_wider_view_and_bad_windows(live, full_game, problem) -> None:
    job = submitted(live, full_game, perspective="A")
    problem(live.get(f"/v1/replays/{job}/states?perspective=B"), 403)
    problem(live.get(f"/v1/replays/{job}/head?perspective=judge"), 403)
    bad = problem(live.get(f"/v1/replays/{job}/states?limit=201"), 400)
    assert [e["path"] for e in bad["errors"]] == ["limit"]
    assert live.get(f"/v1/replays/{job}/head").json["views"] == ["public", "A"]
    assert live.get(f"/v1/replays/{job}/states?offset=500").json["states"] == []


def test_annotations_are_kept_numbered_and_shown_to_the_views_that_may_read_them(
    live, full_game, problem
) -> None:
    job = submitted(live, {**full_game, "match": {"event": "annotations"}})
    base = f"/v1/replays/{job}/annotations"
    first = live.post(
        base, {"step": 57, "text": "A blocks here", "author": "Kim", "view": "public"}
    )
    assert first.status == 201, first.body
    assert first.json["id"] == 1 and first.json["view"] == "public" and first.json["step"] == 57
    judge_only = live.post(base, {"step": 12, "text": "B holds two copies in hand"})
    assert judge_only.json == {**judge_only.json, "id": 2, "view": "judge", "author": None}
    mine = live.post(base, {"step": 12, "text": "A's plan", "view": "A"})
    assert mine.json["id"] == 3
    read = {
        v: [n["id"] for n in live.get(f"{base}?perspective={v}").json["annotations"]]
        for v in ("judge", "public", "A", "B")
    }
    assert read == {"judge": [2, 3, 1], "public": [1], "A": [3, 1], "B": [1]}


def test_a_bad_annotation_names_the_field_and_keeps_nothing(live, full_game, problem) -> None:
    job = submitted(live, {**full_game, "match": {"event": "bad annotations"}})
    base = f"/v1/replays/{job}/annotations"
    for body, path in (
        ({"step": 193, "text": "past the end"}, "step"),
        ({"step": 1, "text": "   "}, "text"),
        ({"step": 1, "text": "x", "view": "Z"}, "view"),
        ({"step": "1", "text": "x"}, "step"),
        ({"step": 1, "text": "x" * (notes.MAX_TEXT + 1)}, "text"),
        ({"step": 1, "text": "x", "colour": "red"}, "colour"),
        ({"text": "x"}, "step"),
    ):
        doc = problem(live.post(base, body), 400)
        assert [e["path"] for e in doc["errors"]] == [path], (body, doc)
    assert live.get(base).json["annotations"] == []
    narrow = submitted(live, {**full_game, "match": {"event": "narrow"}}, perspective="A")
    problem(
        live.post(f"/v1/replays/{narrow}/annotations", {"step": 1, "text": "x", "view": "judge"}),
        403,
    )
    problem(
        live.post(
            "/v1/replays/0123456789abcdef0123456789abcdef/annotations", {"step": 1, "text": "x"}
        ),
        404,
    )


def test_a_full_replay_refuses_one_more_annotation(live, full_game, problem, monkeypatch) -> None:
    monkeypatch.setattr(notes, "MAX_ANNOTATIONS", 2)
    job = submitted(live, {**full_game, "match": {"event": "full"}})
    base = f"/v1/replays/{job}/annotations"
    assert [live.post(base, {"step": n, "text": "ok"}).status for n in (1, 2)] == [201, 201]
    doc = problem(live.post(base, {"step": 3, "text": "one too many"}), 409)
    assert doc["type"].endswith(":annotations-full")
    assert len(live.get(base).json["annotations"]) == 2


def test_the_exports_carry_the_annotations_the_view_may_read(live, full_game) -> None:
    job = submitted(live, {**full_game, "match": {"event": "exports"}})
    base = f"/v1/replays/{job}"
    live.post(
        f"{base}/annotations",
        {"step": 4, "text": "Seen by all <b>", "author": "Lee", "view": "public"},
    )
    live.post(f"{base}/annotations", {"step": 4, "text": "Judge's own"})
    markdown = live.get(f"{base}/markdown?perspective=public")
    assert markdown.status == 200 and markdown.content_type.startswith("text/markdown")
    text = markdown.body.decode()
    step4 = text[text.index('id="step-4"') : text.index('id="step-5"')]
    assert (
        "annotation: Lee: Seen by all \\<b\\>" in step4 or "annotation: Lee: Seen by all" in step4
    )
    assert "Judge's own" not in text
    page = live.get(f"{base}/html").body.decode()
    assert '<li class="annotation">annotation: Lee: Seen by all &lt;b&gt;</li>' in page
    assert "Judge&#x27;s own" in page or "Judge's own" in page


def test_the_viewer_page_names_the_job_and_its_views(live, finished) -> None:
    page = live.get(f"/replays/{finished}?perspective=A")
    assert page.status == 200 and page.content_type.startswith("text/html")
    body = page.body.decode()
    data = json.loads(body.split('id="replay-data">', 1)[1].split("</script>", 1)[0])
    assert data == {
        "base": f"/v1/replays/{finished}",
        "id": finished,
        "mode": "api",
        "perspective": "A",
        "views": ["judge", "public", "A", "B"],
    }
    assert '<script type="module" src="/viewer/main.js">' in body
    assert "http" not in body.split("<body>")[0]  # nothing from another host


def test_the_viewers_files_are_served_with_their_types_and_nothing_else(live) -> None:
    js = live.get("/viewer/main.js")
    assert js.status == 200 and js.content_type.startswith("text/javascript")
    assert live.get("/viewer/boards/index.js").status == 200
    assert live.get("/viewer/viewer.css").content_type.startswith("text/css")
    for name in ("../page.py", "..%2Fpage.py", "nothing.js", "main.py", "boards/../../page.py"):
        assert live.get(f"/viewer/{name}").status == 404, name


def test_a_page_for_no_such_replay_or_a_wider_view_is_refused(live, full_game, problem) -> None:
    problem(live.get("/replays/0123456789abcdef0123456789abcdef"), 404)
    job = submitted(live, {**full_game, "match": {"event": "page"}}, perspective="B")
    problem(live.get(f"/replays/{job}?perspective=A"), 403)
    problem(live.get(f"/replays/{job}?perspective=nobody"), 400)


def test_annotating_is_behind_the_services_tokens(start_server, full_game) -> None:
    from api import create_app
    from worker.service import embedded_service

    service = embedded_service(workers=1)
    live = start_server(create_app(service, {"JUDGE_TOKENS": "s3cret"}), service)
    posted = live.post("/v1/replays", full_game, headers={"Authorization": "Bearer s3cret"})
    job = posted.json["id"]
    assert live.get(f"/v1/replays/{job}?wait=30").json["status"] == "finished"
    note = {"step": 3, "text": "checked"}
    assert live.post(f"/v1/replays/{job}/annotations", note).status == 401
    wrong = {"Authorization": "Bearer guess"}
    assert live.post(f"/v1/replays/{job}/annotations", note, headers=wrong).status == 401
    assert live.get(f"/v1/replays/{job}/annotations").json["annotations"] == []
    right = {"Authorization": "Bearer s3cret"}
    assert live.post(f"/v1/replays/{job}/annotations", note, headers=right).status == 201
    assert len(live.get(f"/v1/replays/{job}/annotations").json["annotations"]) == 1


def test_a_window_of_states_costs_the_work_budget(start_server, full_game) -> None:
    """States are judged again, as a question is: they count against the submissions budget
    (``JUDGE_RATE_SUBMISSIONS``), not the reads' budget; a read of steps does not."""
    from api import create_app
    from worker.service import embedded_service

    service = embedded_service(workers=1)
    config = {"JUDGE_RATE_LIMITS": "on", "JUDGE_RATE_SUBMISSIONS": "3/minute"}
    live = start_server(create_app(service, config), service)
    job = submitted(live, full_game)  # 1 of 3
    base = f"/v1/replays/{job}"
    assert [live.get(f"{base}/states?offset={n}&limit=5").status for n in (0, 5)] == [200, 200]
    assert live.get(f"{base}/states?offset=10&limit=5").status == 429
    assert live.get(f"{base}/steps?offset=10&limit=5").status == 200
