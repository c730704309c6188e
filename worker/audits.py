"""Audits: a whole event's logs judged as ordinary replay jobs, and a report over them.

An audit is a record (``{"id", "created_at", "on_illegal", "entries"}``, kept as long as a
job: :meth:`~worker.service.Store.save_audit`) naming, for each log it was given, the replay
job that judges it, or the problems that kept it from being judged (bad input, reported
with its errors: the audit goes on past it).  Each job is an ordinary submission: RQ
spreads them over every worker sharing the Redis, an identical log reuses its job, and a
killed worker's job is retried or failed with a reason as any job is; an audit needs
nothing of its own to scale or to survive.

Its progress is read from the jobs' records; once every job is final its report is built
once (:func:`report`, the work behind ``GET /v1/audits/<id>``, run where questions run) with
:mod:`judge.audit.report`, the command line's report, and kept with the record.  The
report is the judge's (an audit has no other perspective): it names what the logs name.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from judge.core.errors import BadLog
from worker.answers import Outcome

#: the most logs one audit takes
MAX_LOGS = 1000


def start(
    service: Any, items: list[tuple[str, Any]], *, on_illegal: str, owner: str
) -> dict[str, Any]:
    """Submit every log of ``items`` (``(source, document)``, or ``(source, BadLog)`` for one
    that could not be read) as a replay job and keep the audit's record; the record."""
    from judge.audit.run import problems_of
    from worker.service import SubmissionRefused

    entries: list[dict[str, Any]] = []
    for source, doc in items:
        if isinstance(doc, BadLog):
            entries.append({"source": source, "problems": problems_of(doc)})
            continue
        try:
            sub, _ = service.submit(doc, on_illegal=on_illegal, perspective="judge", owner=owner)
        except SubmissionRefused as exc:
            entries.append({"source": source, "problems": problems_of(exc)})
        else:
            entries.append({"source": source, "job": sub.id})
    record = {
        "id": secrets.token_hex(16),
        "created_at": time.time(),
        "on_illegal": on_illegal,
        "entries": entries,
    }
    service.store.save_audit(record["id"], record, service.ttl)
    return record


def progress(store: Any, record: dict[str, Any]) -> dict[str, Any]:
    """How far the audit is: ``total`` logs, ``judged`` (finished), ``failed`` (engine
    faults, jobs that ran out of time or expired), ``bad_input``, ``waiting``, and whether
    it is ``done`` (nothing waiting).  Each job's status, for the matches' list."""
    counts = {"total": 0, "judged": 0, "failed": 0, "bad_input": 0, "waiting": 0}
    statuses: dict[str, str] = {}
    for entry in record["entries"]:
        counts["total"] += 1
        if "job" not in entry:
            counts["bad_input"] += 1
            continue
        sub = store.get(entry["job"])
        status = sub.status if sub is not None else "expired"
        statuses[entry["job"]] = status
        if status == "finished":
            counts["judged"] += 1
        elif status in ("failed", "expired"):
            counts["failed"] += 1
        else:
            counts["waiting"] += 1
    return {**counts, "done": counts["waiting"] == 0, "statuses": statuses}


def report(store: Any, doc: dict[str, Any], owner: str = "") -> Outcome:
    """The report of a done audit (``doc``: ``{"audit": id}``): a row per log from its job's
    stored replay (or its problems, or its failure), the two records of one match compared
    (:func:`judge.audit.diff.diff`), ranked and totalled by :func:`judge.audit.report.build`."""
    from judge.audit.diff import diff
    from judge.audit.report import build, row
    from judge.audit.run import pairs
    from judge.core.log import decode

    record = store.get_audit(doc.get("audit"))
    if record is None:
        return {"not_found": doc.get("audit")}
    rows: list[dict[str, Any]] = []
    logs: dict[str, Any] = {}
    for entry in record["entries"]:
        source = entry["source"]
        if "job" not in entry:
            rows.append(row(source, log=None, problems=entry["problems"]))
            continue
        job = entry["job"]
        sub, text = store.get(job), store.log_text(job)
        log = decode(text) if text is not None else None
        if sub is None or log is None:
            rows.append(row(source, log=log, failure="the job expired before the report"))
            continue
        link = f"/replays/{job}"
        if sub.status != "finished":
            rows.append(row(source, log=log, failure=sub.reason or sub.status, link=link))
            continue
        rows.append(row(source, log=log, replay=store.result(job), link=link))
        logs[source] = log
    # the two records of one match, paired as the command line pairs them
    diffs = [
        {**diff(logs[a], logs[b], on_illegal=record["on_illegal"]), "a": a, "b": b}
        for a, b in pairs(rows)
        if a in logs and b in logs
    ]
    return {"ok": build(rows, diffs=diffs)}
