"""Each step's record of what it withholds from each perspective, made on the first read
that needs it rather than in every job.

The records (:class:`judge.core.sight.Sight`, stored beside the pages as ``w0``, ``w1``, …:
:mod:`worker.paged`) are what lets a stored replay be read from a narrower perspective
(``public``, a player, a team) a page at a time.  Making them cost more than judging: on
the service's corpus of 200-action Union Arena games, a replay took 7.0 ms and the same
replay with its records 21.6 ms (``bench/service.py`` measures the job as a whole).  Most
jobs are submitted, and only ever read, from the judge's perspective, which needs none.

So (issue 26) a job submitted from the judge's perspective stores its replay without
them, its head saying ``"records": "later"`` (:data:`worker.paged.LATER`), and the first
read from a narrower perspective has them made, once, where the service runs its other
work off the API's event loop (:mod:`worker.sync_jobs`: a worker's queue, or the
embedded pool of threads), under the same bounds (``JUDGE_QUESTION_BACKLOG``: 503
``answer-busy``; ``JUDGE_QUESTION_TIMEOUT``: 504 ``answer-timeout``).  A job submitted from
a narrower perspective makes them as it judges, as before: every read of it needs them.

How the records made later are known to belong to the stored replay: the log is judged
again exactly as its job judged it (the bytes the API checked, the card sets pinned, its
``on_illegal``), and the records are stored only when that replay has the same engine, the
same number of steps and the same state fingerprints (every 20 actions and the last) as
the stored one.  Replays are deterministic, so they always do; a worker of another engine
version would not, and then nothing is stored and the reader withholds every card id the
steps name (:meth:`judge.core.perspective.Withheld.unrecorded`): never more than the
records would show.  So does a read when the store refuses the records (Redis full), and
the next read asks again.

Reads that arrive while this process has them made wait for that work rather than ask
for it again (:class:`InFlight`: a replay watched by many viewers at once, the moment it
is judged, costs one making, not one a viewer, and takes one place of the bound); two API
processes may each have them made, and that work is the same and so are the bytes stored
(one script, all fields or none).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from judge.core.errors import BadLog
from judge.core.fault import EngineFault
from judge.core.log import NotChecked
from judge.core.replay import collector_paused, replay
from worker import paged
from worker.cardsets import PinnedSetGone, card_sets_of, sets_for_submission
from worker.paged import StoredReplay

#: the name of the work in :data:`worker.answers.WORK`
KIND = "records"

log = logging.getLogger(__name__)


def make_records(store: Any, doc: dict[str, Any], owner: str = "") -> dict[str, Any]:
    """Make and store the records of the stored replay ``doc["replay"]`` (the work behind
    :func:`ensure_records`); an outcome (:mod:`worker.answers`): ``{"ok": {"stored":
    bool}}`` (False with a ``reason`` when none were stored), or ``{"not_found": id}``
    when the submission, its log or its replay is gone."""
    from worker.service import log_to_judge

    job_id = doc.get("replay")
    sub = store.get(job_id) if isinstance(job_id, str) else None
    text = store.log_text(job_id) if sub is not None else None
    stored = store.stored_result(job_id) if text is not None else None
    if sub is None or text is None or stored is None:
        return {"not_found": job_id}
    if not stored.records_missing():
        return {"ok": {"stored": True}}  # made meanwhile (or never left for later)
    try:
        card_sets = sets_for_submission(card_sets_of(store), sub.card_sets, text)
        judged = log_to_judge(sub, text, card_sets)
    except (PinnedSetGone, NotChecked, BadLog) as exc:
        return _not_stored(job_id, f"the log cannot be judged again: {exc}")
    records: list[dict[str, Any]] = []
    with collector_paused():
        again = replay(judged, on_illegal=sub.on_illegal, withheld=records)
    differs = _differs(again, stored, len(records))
    if differs:
        return _not_stored(job_id, differs)
    level = store.compress_level if stored.packed else 0
    if not store.save_records(job_id, paged.encode_records(records, level, stored.page_size)):
        return _not_stored(
            job_id, "the store did not keep them (the replay is gone, or it is full)"
        )
    return {"ok": {"stored": True}}


def _differs(again: dict[str, Any], stored: StoredReplay, steps: int) -> str | None:
    """How the replay judged again differs from the stored one, or None (see the module)."""
    document = stored.document
    if again.get("engine") != document.get("engine"):
        return f"judged again by another engine ({again.get('engine')}, stored {document.get('engine')})"
    if steps != stored.total:
        return f"judged again in {steps} steps, stored {stored.total}"
    if again.get("fingerprints") != document.get("fingerprints"):
        return "judged again, its state fingerprints differ from the stored ones"
    return None


def _not_stored(job_id: str, reason: str) -> dict[str, Any]:
    log.warning("replay %s: records not stored: %s", job_id, reason)
    return {"ok": {"stored": False, "reason": reason}}


class InFlight:
    """The replays whose records this process is having made, so that a read arriving
    meanwhile waits for that work instead of asking for it again.  ``threading``'s lock
    and event: greenlets' under gevent's patching, as the API's processes run.

    A read that waited ends as the work it waited for ended: the same exception when that
    work raised one (a 504 for the first read is a 504 for every read that waited on it),
    else it goes on reading.  It does not ask again when the work ended: that would wait
    a second ``JUDGE_QUESTION_TIMEOUT`` for what just failed, so one read could take twice
    the bound the service promises."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running: dict[str, _Making] = {}

    def once(self, key: str, work: Callable[[], None], timeout: float) -> None:
        """Run ``work`` for ``key`` unless it runs already (then wait for it, at most
        ``timeout`` seconds, and raise what it raised)."""
        with self._lock:
            waiting = self._running.get(key)
            if waiting is None:
                making = self._running[key] = _Making()
        if waiting is not None:
            if not waiting.done.wait(timeout):
                from worker.sync_jobs import TimedOut

                raise TimedOut(f"the records were not made within {timeout:g} s")
            if waiting.error is not None:
                raise waiting.error
            return
        try:
            work()
        except Exception as exc:  # (a greenlet killed is not the readers' answer)
            making.error = exc
            raise
        finally:
            with self._lock:
                self._running.pop(key, None)
            making.done.set()


class _Making:
    """One making of a replay's records: when it ended, and what it raised if it did."""

    __slots__ = ("done", "error")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.error: Exception | None = None


def ensure_records(service: Any, job_id: str, stored: StoredReplay, view: str) -> None:
    """Before ``stored`` is read from ``view``: have its records made when they were left
    for later and ``view`` needs them (any view but the judge's), and wait for them; a
    read arriving while this process has them made waits for that (:class:`InFlight`), and
    ends as it ended.

    Raises what the service's other work raises while waiting
    (:class:`worker.sync_jobs.Busy`, :class:`~worker.sync_jobs.TimedOut`,
    :class:`~worker.sync_jobs.AnswerFailed`), :class:`worker.service.NotFound` when the
    replay is gone, and an engine fault as itself (the API's 501); a read that waited for
    another's making raises what that one raised.  When they were not stored, it returns
    all the same: the read withholds every card id (see the module)."""
    if view == "judge" or not stored.records_missing():
        return
    from worker.service import NotFound
    from worker.sync_jobs import answers_of

    runner = answers_of(service)

    def work() -> None:
        found = runner.run(KIND, {"replay": job_id}, "")
        if "not_found" in found:
            raise NotFound(job_id)
        if "engine_error" in found:
            raise EngineFault.from_dict(found["engine_error"])

    service.making_records.once(job_id, work, runner.settings.timeout)
