"""``/v1/audits`` over real HTTP: an event's logs as JSON or a zip, bad logs kept with their
problems, progress, the report (the command line's, `judge-audit/1`), its renderings,
links to each replay's viewer, two records of one match compared, and the quotas."""

from __future__ import annotations

import copy
import io
import json
import zipfile
from typing import Any

from judge.audit.report import build, row
from judge.core.replay import replay

from .conftest import EXAMPLES


def event() -> list[tuple[str, Any]]:
    """A small mixed event: legal, illegal, unverifiable, bad, and two records of one match."""
    full = json.loads((EXAMPLES / "full-game.json").read_text("utf-8"))
    illegal = json.loads((EXAMPLES / "illegal-line-and-phase.json").read_text("utf-8"))
    unverifiable = json.loads((EXAMPLES / "unverifiable-text-and-block.json").read_text("utf-8"))
    a_record = copy.deepcopy(illegal)
    a_record["match"] = {"event": "audit test", "round": 3, "table": 9}
    b_record = copy.deepcopy(a_record)
    b_record["actions"][5] = {**b_record["actions"][5], "note": "B's record differs here"}
    b_record["actions"][6] = {"p": b_record["actions"][6]["p"], "do": "concede"}
    bad = copy.deepcopy(full)
    bad["actions"][2]["colour"] = "red"
    return [
        ("full-game.json", full),
        ("illegal.json", illegal),
        ("unverifiable.json", unverifiable),
        ("table-9-A.json", a_record),
        ("table-9-B.json", b_record),
        ("bad.json", bad),
    ]


def finished(live: Any, url: str) -> dict[str, Any]:
    import time

    for _ in range(300):
        doc = live.get(url).json
        if doc["status"] == "finished":
            return doc
        time.sleep(0.1)
    raise AssertionError(f"the audit did not finish: {doc['progress']}")


def test_an_event_as_json_is_judged_job_by_job_and_reported(live) -> None:
    logs = event()
    posted = live.post("/v1/audits", {"logs": [{"name": n, "log": d} for n, d in logs]})
    assert posted.status == 202, posted.body[:500]
    doc = posted.json
    assert doc["progress"]["total"] == 6 and doc["progress"]["bad_input"] == 1
    bad = [m for m in doc["matches"] if m["source"] == "bad.json"][0]
    assert bad["status"] == "bad-input" and bad["job"] is None
    assert [p["path"] for p in bad["problems"]] == ["actions[2].colour"]
    done = finished(live, f"/v1/audits/{doc['id']}")
    assert done["progress"] == {
        **done["progress"],
        "judged": 5,
        "failed": 0,
        "waiting": 0,
        "done": True,
    }
    report = done["report"]
    # the report is the command line's, from the same replays
    expected = build(
        [
            row(
                name,
                log=None,
                problems=[{"path": "actions[2].colour", "message": "Unknown field."}],
            )
            if name == "bad.json"
            else row(name, log=log, replay=replay(log), link="LINK")
            for name, log in logs
        ]
    )
    assert [m["source"] for m in report["matches"]] == [m["source"] for m in expected["matches"]]
    assert report["exit"] == expected["exit"] == 2
    assert report["rules"] == expected["rules"]
    by_source = {m["source"]: m for m in report["matches"]}
    job = [m for m in done["matches"] if m["source"] == "illegal.json"][0]["job"]
    assert by_source["illegal.json"]["link"] == f"{live.base}/replays/{job}"
    assert by_source["illegal.json"]["first_illegal"]["rule"] == expected_first_rule(logs[1][1])
    # the two records of table 9 compared
    assert [(d["a"], d["b"]) for d in report["diffs"]] == [("table-9-A.json", "table-9-B.json")]
    # the matches link to their viewers
    page = live.get(job_page(done, "illegal.json"))
    assert page.status == 200


def expected_first_rule(log: dict[str, Any]) -> str:
    steps = replay(log)["steps"]
    return next(s["violations"][0]["rule"] for s in steps if s["verdict"] == "illegal")


def job_page(doc: dict[str, Any], source: str) -> str:
    from urllib.parse import urlsplit

    return urlsplit([m for m in doc["matches"] if m["source"] == source][0]["replay"]).path


def test_an_event_as_a_zip_and_its_report_rendered(live, problem) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, log in event()[:3]:
            archive.writestr(f"round-1/{name}", json.dumps(log))
        archive.writestr("round-1/broken.json", "{ not json")
        archive.writestr("README.txt", "not a log")
    posted = live.post("/v1/audits", buffer.getvalue(), headers={"Content-Type": "application/zip"})
    assert posted.status == 202, posted.body[:500]
    sources = [m["source"] for m in posted.json["matches"]]
    assert sources == sorted(
        f"round-1/{n}"
        for n in ("full-game.json", "illegal.json", "unverifiable.json", "broken.json")
    )
    url = f"/v1/audits/{posted.json['id']}"
    finished(live, url)
    markdown = live.get(f"{url}/report")
    assert markdown.status == 200 and markdown.content_type.startswith("text/markdown")
    assert "round-1/illegal.json" in markdown.body.decode()
    csv_text = live.get(f"{url}/report?format=csv").body.decode()
    assert csv_text.count("\n") >= 5
    assert live.get(f"{url}/report?format=html").content_type.startswith("text/html")
    problem(live.get(f"{url}/report?format=pdf"), 400)


def test_bad_audits_are_refused_whole(live, problem) -> None:
    problem(live.post("/v1/audits", {"logs": []}), 400)
    problem(live.post("/v1/audits", {"nothing": 1}), 400)
    problem(
        live.post("/v1/audits", b"PK\x03\x04 broken", headers={"Content-Type": "application/zip"}),
        400,
    )
    problem(live.post("/v1/audits", b"x", headers={"Content-Type": "text/plain"}), 415)
    problem(live.get("/v1/audits/0123456789abcdef0123456789abcdef"), 404)
    # a zip bomb: a member that says it unpacks to far more than the body limit
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("big.json", b" " * (200 * 1024 * 1024))
    problem(
        live.post("/v1/audits", buffer.getvalue(), headers={"Content-Type": "application/zip"}), 413
    )


def test_an_audit_costs_one_submission_a_log(start_server) -> None:
    from api import create_app
    from worker.service import embedded_service

    service = embedded_service(workers=1)
    limited = start_server(
        create_app(service, {"JUDGE_RATE_LIMITS": "on", "JUDGE_RATE_SUBMISSIONS": "5/minute"}),
        service,
    )
    logs = [log for _, log in event()[:3]]
    assert limited.post("/v1/audits", {"logs": logs}).status == 202  # 3 of 5
    refused = limited.post("/v1/audits", {"logs": logs})  # 3 more: over
    assert refused.status == 429, refused.body[:300]
    assert limited.post("/v1/audits", {"logs": logs[:2]}).status == 202  # 5 of 5


def _store_ending_a_job_while_read() -> Any:
    """A store whose ``armed`` job ends right after it is first read: the race of a job that
    finishes while a ``GET /v1/audits/<id>`` runs, which no real run can be made to hit on
    purpose (seen once under load: ``finished`` with no report)."""
    from worker.service import MemoryStore, judge_job

    class Store(MemoryStore):
        armed: str | None = None

        def get(self, job_id: str) -> Any:
            sub = super().get(job_id)  # a copy, as read before the job ends
            if job_id == self.armed:
                self.armed = None
                assert judge_job(self, job_id) == "finished"
            return sub

    return Store()


def test_an_audit_says_finished_only_with_its_report_when_a_job_ends_during_the_read() -> None:
    from api import create_app
    from worker.service import JudgeService
    from worker.sync_jobs import ThreadAnswers
    from worker.testing import HeldRunner

    store = _store_ending_a_job_while_read()
    service = JudgeService(
        store=store, runner=HeldRunner(), mode="embedded", answers=ThreadAnswers(store)
    )
    client = create_app(service).test_client()
    full = json.loads((EXAMPLES / "full-game.json").read_text("utf-8"))
    posted = client.post("/v1/audits", json={"logs": [{"name": "full.json", "log": full}]})
    assert posted.status_code == 202, posted.data[:300]
    audit = posted.get_json()
    assert audit["status"] == "running" and audit["report"] is None
    store.armed = audit["matches"][0]["job"]
    during = client.get(f"/v1/audits/{audit['id']}").get_json()
    assert store.armed is None  # the job ended during that read
    # as read once for the request: still running, no report, the job not yet finished
    assert (during["status"], during["report"]) == ("running", None)
    assert during["progress"]["done"] is False
    after = client.get(f"/v1/audits/{audit['id']}").get_json()
    assert after["status"] == "finished" and after["progress"]["done"] is True
    assert [m["source"] for m in after["report"]["matches"]] == ["full.json"]


def test_an_audit_of_bad_logs_alone_is_finished_with_its_report_once_read(live) -> None:
    """Every log bad input: no job to wait for.  The submission's answer has no report yet
    (it is built on the first read, where questions run), so it says ``running`` with
    progress done; the first read says ``finished`` with the report."""
    full = json.loads((EXAMPLES / "full-game.json").read_text("utf-8"))
    bad = copy.deepcopy(full)
    bad["actions"][2]["colour"] = "red"
    posted = live.post("/v1/audits", {"logs": [{"name": "bad.json", "log": bad}]})
    assert posted.status == 202, posted.body[:300]
    doc = posted.json
    assert (doc["status"], doc["report"], doc["progress"]["done"]) == ("running", None, True)
    read = live.get(f"/v1/audits/{doc['id']}").json
    assert read["status"] == "finished"
    assert [m["source"] for m in read["report"]["matches"]] == ["bad.json"]
