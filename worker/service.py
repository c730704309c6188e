"""The judging service without HTTP: submissions, their jobs, their results.

A *submission* is a log plus the options it is judged with.  Submitting validates the log
at once (bad input never becomes a job), then stores it and hands its id to a *runner*
that executes :func:`judge_job` somewhere: an RQ worker on Redis in production, a thread
of this process in the embedded default.  The result stored is always the judge's replay;
a perspective is applied when it is read (``judge.core.perspective``), so one job serves
every viewer.

Why the service keeps its own records instead of reading RQ's job hashes: results must
outlive RQ's bookkeeping (their TTL is ours), identical submissions must find each other by
content hash, and the embedded mode must behave the same without RQ.  RQ only carries the
job id to a worker.

Statuses: ``queued`` → ``started`` → ``finished`` | ``failed`` (with a reason).  A job
whose worker died is put back to ``queued`` when it is retried, or ends ``failed`` with a
reason; it is never left ``started`` (see :mod:`worker.rqbackend`).
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from judge.core.canonical import canonical_json, sha256_of
from judge.core.cardsets import CardSets
from judge.core.errors import BadLog, FieldError
from judge.core.fault import EngineFault
from judge.core.jsontext import DEFAULT_LIMITS, Limits
from judge.core.log import ActionLog, NotChecked, decode, load_checked, parse_log, text_sha256
from judge.core.perspective import (
    PerspectiveWidened,
    check_perspective,
    narrowed,
    redact,
    redact_head,
    redact_step,
    step_hides,
    visible_players,
)
from judge.core.replay import ON_ILLEGAL, collector_paused, replay
from judge.games import engine_class
from worker import paged
from worker.cardsets import (
    LOCAL_OWNER,
    PinnedSetGone,
    card_set_ttl_setting,
    card_sets_of,
    pins_of,
    sets_for_log,
    sets_for_submission,
)
from worker.paged import ResultExpired, StoredReplay
from worker.records import InFlight, ensure_records
from worker.waiting import LocalWaiters, wait_for_final

STATUSES = ("queued", "started", "finished", "failed")
TERMINAL = ("finished", "failed")
PERSPECTIVE_ORDER = ("judge", "player", "public")  # each may be narrowed, never widened


@dataclass
class Submission:
    """What the service knows about one submitted log (its job)."""

    id: str
    content_hash: str
    game: str
    on_illegal: str
    perspective: str
    players: list[str]
    status: str = "queued"
    reason: str | None = None
    attempts: int = 0
    submitted_at: float = 0.0
    started_at: float | None = None
    finished_at: float | None = None
    summary: dict[str, Any] | None = None
    #: the user card sets the log names, as resolved when it was accepted: ref -> hash (the
    #: job and every question use exactly these); None for a submission of the earlier
    #: version, which kept none (worker.cardsets.sets_for_submission)
    card_sets: dict[str, str] | None = None
    #: SHA-256 of the stored log's bytes (:func:`judge.core.log.text_sha256`) as the API
    #: checked them when it accepted the submission: the worker judges those bytes without
    #: checking them again, and any other bytes not at all (:func:`judge_job`); None for a
    #: submission of an earlier version, whose log the worker checks in full
    log_sha256: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def is_final(self) -> bool:
        """Finished or failed: nothing will change it any more."""
        return self.status in TERMINAL

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Submission:
        """The record as stored; a field this version does not know (written by a later
        one) is left out, so that this worker still reads the records of a later API."""
        known = _FIELDS.intersection(data)
        return cls(**(data if len(known) == len(data) else {k: data[k] for k in known}))


_FIELDS = frozenset(Submission.__dataclass_fields__)


class Store(Protocol):
    """Where submissions, logs and results live.  Every method is atomic."""

    def create(self, sub: Submission, log_text: str, ttl: int) -> tuple[Submission, bool]:
        """Store ``sub`` unless a live, not failed submission has its content hash: then
        return that one and False.  Otherwise return ``sub`` and True."""

    def get(self, job_id: str) -> Submission | None: ...

    def log_text(self, job_id: str) -> str | None: ...

    def update(self, sub: Submission) -> None:
        """Save the submission's status fields (keeps its TTL)."""

    def save_result(self, sub: Submission, result: dict[str, Any]) -> bool:
        """Store the judge's replay and the finished submission together; False (nothing
        stored) when the submission was failed meanwhile or is gone."""

    def save_records(self, job_id: str, fields: dict[str, bytes]) -> bool:
        """Store the records of a stored replay made after it (:func:`worker.paged.
        encode_records`), beside its pages; False when the replay is gone (nothing is
        stored: no records outlive their replay) or the store refused them (full)."""

    def stored_result(self, job_id: str) -> StoredReplay | None:
        """The stored replay (its head read, its pages read when asked for: what the
        service reads), or None when there is none."""

    def result(self, job_id: str) -> dict[str, Any] | None:
        """The whole stored replay, decoded (tools and tests)."""

    def result_bytes(self, job_id: str) -> bytes | None:
        """The stored replay's canonical JSON, whole (tools and tests)."""

    def wait_terminal(self, job_id: str, timeout: float) -> Submission | None:
        """The submission once finished or failed, or as it is after ``timeout`` seconds;
        None if there is none.  Woken when the record is made final (no polling)."""

    def add_annotation(self, job_id: str, annotation: dict[str, Any], limit: int) -> int | None:
        """Keep ``annotation`` with the submission, as long as the submission lives; its
        number (1, 2, …), or None when the submission is gone, or 0 when it already has
        ``limit`` annotations (nothing kept)."""

    def annotations(self, job_id: str) -> list[dict[str, Any]]:
        """The submission's annotations in the order they were added (each without its
        number: the n-th is number n)."""

    def save_audit(self, audit_id: str, doc: dict[str, Any], ttl: int | None) -> None:
        """Keep an audit's record (:mod:`worker.audits`) for ``ttl`` seconds; ``None``
        rewrites it keeping the time it has left (a report added once it is done)."""

    def get_audit(self, audit_id: str) -> dict[str, Any] | None:
        """An audit's record, or None when there is none (never was, or expired)."""

    def ping(self) -> bool: ...


class Runner(Protocol):
    """Executes :func:`judge_job` for a submission id, somewhere."""

    def enqueue(self, job_id: str) -> None: ...

    def workers_alive(self) -> int: ...


# -- the job ---------------------------------------------------------------------------------


def judge_job(
    store: Store, job_id: str, sub: Submission | None = None, text: str | None = None
) -> str:
    """Replay a stored submission and store its result (or its failure, with a reason);
    the status it ends with (``expired`` when it was gone before it ran).

    ``sub`` and ``text`` are the submission and its log when the caller has just read
    them.  The log is checked once, by the API when it accepts it: the job judges it
    without checking it again when its bytes are the ones checked, and never judges bytes
    that were not (:func:`log_to_judge`).  Bad input cannot reach the engine; an exception
    there is a bug in the engine and is recorded as the failure's reason, never lost: an
    engine fault as ``engine error at step N: <type>; report id <id>``
    (:mod:`judge.core.fault`).  A result is never stored over a failure recorded meanwhile
    (a time limit): ``save_result`` refuses it.
    """
    sub = sub if sub is not None else store.get(job_id)
    text = text if text is not None else store.log_text(job_id)
    if sub is None or text is None:
        return "expired"  # expired before it ran: nothing to do
    sub.status, sub.started_at, sub.attempts = "started", time.time(), sub.attempts + 1
    store.update(sub)
    # the collector stays paused until the replay is stored and dropped, not just while it
    # is built (as replay() alone does): then its tens of thousands of objects are freed by
    # their reference counts before the collector looks, instead of traversed by the pass
    # that follows the pause (measured: 1.1-1.3 ms of collection a 200-action job, against
    # 0.3 ms)
    with collector_paused():
        try:
            # the user's card sets it names: exactly the hashes pinned when it was accepted
            card_sets = sets_for_submission(card_sets_of(store), sub.card_sets, text)
            log = log_to_judge(sub, text, card_sets)
            # each step's record of what it withholds from each perspective, stored beside
            # its page (worker.paged.RECORDS): another perspective is redacted with it.
            # Made now only when the submission's own view needs them; from the judge's,
            # on the first narrower read (worker.records: they cost twice the replay)
            if sub.perspective == "judge":
                result = replay(log, on_illegal=sub.on_illegal)
                result[paged.RECORDS] = paged.LATER
            else:
                records: list[dict[str, Any]] = []
                result = replay(log, on_illegal=sub.on_illegal, withheld=records)
                result[paged.RECORDS] = records
        except (PinnedSetGone, NotChecked) as exc:
            fail(store, job_id, str(exc))
            return "failed"
        except BadLog as exc:  # input refused, not an engine's fault: said as such
            lines = exc.lines()
            more = f" (and {len(lines) - 3} more lines)" if len(lines) > 3 else ""
            fail(store, job_id, f"the log was refused when judged: {'; '.join(lines[:3])}{more}")
            return "failed"
        except EngineFault as fault:  # its full line, with the traceback, goes to the log
            logging.getLogger(__name__).error("job %s: %s", job_id, fault.line(), exc_info=fault)
            fail(store, job_id, fault.short_line())  # names no card: see EngineFault
            return "failed"
        except Exception as exc:  # noqa: BLE001 - recorded, not swallowed
            fail(store, job_id, f"the engine raised {type(exc).__name__}: {exc}")
            return "failed"
        sub.status, sub.finished_at, sub.summary = "finished", time.time(), result["summary"]
        stored = store.save_result(sub, result)
        del result
    return "finished" if stored else "failed"


def log_to_judge(sub: Submission, text: str, card_sets: CardSets | None) -> ActionLog:
    """The log of ``sub`` as the job judges it: checked once, never judged unchecked.

    * the record names the SHA-256 of the bytes the API checked (``log_sha256``) and
      ``text`` has that hash: read without checking its actions again
      (:func:`judge.core.log.load_checked`);
    * ``text`` has another hash: :class:`~judge.core.log.NotChecked`, and the job fails
      saying so (the store no longer holds what was accepted: judging it would answer
      for a log nobody submitted, and checking it now would hide that);
    * the record names no hash (accepted by an earlier version of the API, or queued by
      hand): checked in full here (:func:`judge.core.log.parse_log`), and a log that
      fails is refused (:class:`~judge.core.errors.BadLog`), not judged.
    """
    if sub.log_sha256 is None:
        return parse_log(text, card_sets)
    try:
        return load_checked(text, sub.log_sha256, card_sets)
    except NotChecked:
        raise NotChecked(
            f"the stored log is not the one accepted (its SHA-256 is not {sub.log_sha256}); "
            "not judged"
        ) from None


def fail(store: Store, job_id: str, reason: str) -> None:
    """Mark a submission failed with ``reason``, unless it has already ended: a result is
    final, and so is the first failure's reason (the time limit that ended a worker stays
    the reason when the worker's death is settled next)."""
    sub = store.get(job_id)
    if sub is None or sub.is_final():
        return
    sub.status, sub.reason, sub.finished_at = "failed", reason, time.time()
    store.update(sub)


# -- the embedded default ----------------------------------------------------------------------


class MemoryStore:
    """An in-process store for the embedded default (no Redis).  Entries expire by TTL.

    A result is kept in the stored form of the Redis store (:mod:`worker.paged`: the head
    and the pages, each compressed at ``compress_level``), a dict of bytes, so that both
    stores are read alike and cost alike: a read decodes the pages it needs, and a result
    weighs its compressed bytes, not its objects.
    """

    def __init__(self, compress_level: int = 1, page_size: int = paged.PAGE_SIZE) -> None:
        self._lock = threading.Lock()
        self.compress_level = compress_level
        self.page_size = page_size
        self._subs: dict[str, tuple[float, dict[str, Any]]] = {}
        self._logs: dict[str, str] = {}
        self._results: dict[str, dict[str, bytes]] = {}
        self._by_hash: dict[str, str] = {}
        self._notes: dict[str, list[dict[str, Any]]] = {}
        self._audits: dict[str, tuple[float, str]] = {}
        self.waiters = LocalWaiters()

    def _live(self, job_id: str) -> dict[str, Any] | None:
        entry = self._subs.get(job_id)
        if entry is None:
            return None
        expires, data = entry
        if expires < time.time():
            self._subs.pop(job_id, None)
            self._logs.pop(job_id, None)
            self._results.pop(job_id, None)
            self._notes.pop(job_id, None)
            return None
        return data

    def create(self, sub: Submission, log_text: str, ttl: int) -> tuple[Submission, bool]:
        with self._lock:
            known = self._by_hash.get(sub.content_hash)
            data = self._live(known) if known else None
            if data is not None and data["status"] != "failed":
                return Submission.from_dict(dict(data)), False
            self._subs[sub.id] = (time.time() + ttl, sub.to_dict())
            self._logs[sub.id] = log_text
            self._by_hash[sub.content_hash] = sub.id
            return sub, True

    def get(self, job_id: str) -> Submission | None:
        with self._lock:
            data = self._live(job_id)
            return Submission.from_dict(dict(data)) if data is not None else None

    def log_text(self, job_id: str) -> str | None:
        with self._lock:
            return self._logs.get(job_id) if self._live(job_id) is not None else None

    def update(self, sub: Submission) -> None:
        """As :meth:`worker.redis_store.RedisStore.update`: finished is final."""
        with self._lock:
            entry = self._subs.get(sub.id)
            if entry is None or entry[1]["status"] == "finished":
                return
            self._subs[sub.id] = (entry[0], sub.to_dict())
        if sub.is_final():
            self.waiters.notify(sub.id)

    def save_result(self, sub: Submission, result: dict[str, Any]) -> bool:
        """As :meth:`worker.redis_store.RedisStore.save_result`: never over a failure."""
        fields = paged.encode(result, self.compress_level, self.page_size)
        with self._lock:
            entry = self._subs.get(sub.id)
            if entry is None or entry[1]["status"] == "failed":
                return False
            self._results[sub.id] = fields
            self._subs[sub.id] = (entry[0], sub.to_dict())
        self.waiters.notify(sub.id)
        return True

    def save_records(self, job_id: str, fields: dict[str, bytes]) -> bool:
        """As :meth:`worker.redis_store.RedisStore.save_records`."""
        with self._lock:
            found = self._results.get(job_id) if self._live(job_id) is not None else None
            if found is None:
                return False
            found.update(fields)
        return True

    def stored_result(self, job_id: str) -> StoredReplay | None:
        """As :meth:`worker.redis_store.RedisStore.stored_result`.  The reader holds the
        result's dict, whose pages are never changed once stored (records made later are
        added beside them, all at once), so a read never sees part of another write; an
        expired result stays readable to a read already started."""
        with self._lock:
            found = self._results.get(job_id) if self._live(job_id) is not None else None
        if found is None:
            return None
        return StoredReplay(found["head"], lambda names: [found.get(n) for n in names])

    def result(self, job_id: str) -> dict[str, Any] | None:
        stored = self.stored_result(job_id)
        return stored.whole() if stored is not None else None

    def add_annotation(self, job_id: str, annotation: dict[str, Any], limit: int) -> int | None:
        """As :meth:`worker.redis_store.RedisStore.add_annotation`."""
        with self._lock:
            if self._live(job_id) is None:
                return None
            notes = self._notes.setdefault(job_id, [])
            if len(notes) >= limit:
                return 0
            notes.append(dict(annotation))
            return len(notes)

    def annotations(self, job_id: str) -> list[dict[str, Any]]:
        with self._lock:
            if self._live(job_id) is None:
                return []
            return [dict(n) for n in self._notes.get(job_id, ())]

    def save_audit(self, audit_id: str, doc: dict[str, Any], ttl: int | None) -> None:
        """As :meth:`worker.redis_store.RedisStore.save_audit` (kept as JSON text, so a
        reader never shares the writer's objects)."""
        text = json.dumps(doc, sort_keys=True)
        with self._lock:
            if ttl is None:
                known = self._audits.get(audit_id)
                if known is None:
                    return
                expires = known[0]
            else:
                expires = time.time() + ttl
            self._audits[audit_id] = (expires, text)

    def get_audit(self, audit_id: str) -> dict[str, Any] | None:
        with self._lock:
            known = self._audits.get(audit_id)
            if known is None or known[0] < time.time():
                self._audits.pop(audit_id, None)
                return None
            return json.loads(known[1])  # type: ignore[no-any-return]

    def result_bytes(self, job_id: str) -> bytes | None:
        stored = self.stored_result(job_id)
        return b"".join(stored.json_chunks()) if stored is not None else None

    def wait_terminal(self, job_id: str, timeout: float) -> Submission | None:
        return wait_for_final(
            self.waiters, job_id, timeout, lambda: self.get(job_id), Submission.is_final
        )

    def ping(self) -> bool:
        return True


class ThreadRunner:
    """Runs jobs on a pool of threads of this process (the embedded default).

    A job over ``timeout`` seconds is marked failed with that reason; its thread cannot be
    stopped, so its late result is discarded (``judge_job`` does not overwrite a failure:
    see :func:`fail` and the status check in :meth:`_run`).
    """

    def __init__(self, store: Store, workers: int = 2, timeout: float = 60.0) -> None:
        self.store = store
        self.timeout = timeout
        self.workers = workers
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="judge-job")
        self._watch = ThreadPoolExecutor(max_workers=1, thread_name_prefix="judge-watch")

    def enqueue(self, job_id: str) -> None:
        future = self._pool.submit(self._run, job_id)
        self._watch.submit(self._deadline, job_id, future)

    def _run(self, job_id: str) -> None:
        try:
            judge_job(self.store, job_id)
        except Exception as exc:  # noqa: BLE001 - a store failure: recorded as the reason
            fail(self.store, job_id, f"the job could not complete: {type(exc).__name__}: {exc}")

    def _deadline(self, job_id: str, future: Any) -> None:
        try:
            future.result(timeout=self.timeout)
        except TimeoutError:
            fail(
                self.store, job_id, f"time limit exceeded: the replay took over {self.timeout:g} s"
            )
        except Exception:  # noqa: BLE001, S110 - _run records its own failures
            pass

    def workers_alive(self) -> int:
        return self.workers

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=False)
        self._watch.shutdown(wait=False)


# -- the service ---------------------------------------------------------------------------------


class SubmissionRefused(Exception):
    """Bad input: the log or an option cannot be judged.  ``errors`` name the fields (at
    most :data:`~judge.core.errors.MAX_ERRORS` of them); ``more`` counts those left off."""

    def __init__(self, errors: list[FieldError], more: int = 0) -> None:
        super().__init__("; ".join(str(e) for e in errors))
        self.errors = errors
        self.more = more


class NotFound(Exception):
    """No such submission (never existed, or its result expired)."""


class PerspectiveRefused(Exception):
    """A perspective wider than the one the submission was made for."""


@dataclass
class JudgeService:
    """Submit, look up and page through judged logs.  HTTP-free: the API is a shell on it."""

    store: Store
    runner: Runner
    ttl: int = 24 * 3600
    mode: str = "embedded"
    #: what :meth:`submit` accepts as JSON text (a dict is taken as already read)
    limits: Limits = DEFAULT_LIMITS
    #: seconds a client's claim on a card set lasts from its last upload or use
    #: (``JUDGE_CARD_SET_TTL``, :mod:`worker.cardsets`)
    card_set_ttl: int = field(default_factory=card_set_ttl_setting)
    #: where questions and deck checks run, with their time limit and bound
    #: (:mod:`worker.sync_jobs`; None: a thread pool made on first use)
    answers: Any = None
    #: the replays whose records this process is having made (:mod:`worker.records`)
    making_records: InFlight = field(default_factory=InFlight, repr=False)
    _closed: bool = field(default=False, repr=False)

    def submit(
        self,
        body: str | bytes | dict[str, Any],
        on_illegal: str = "skip",
        perspective: str = "judge",
        owner: str = LOCAL_OWNER,
    ) -> tuple[Submission, bool]:
        """Validate at once and store; enqueue a new job, or return the identical one.

        Raises :class:`SubmissionRefused` naming every problem.  Identical means the same
        log document (canonical JSON) with the same options and the same card sets; a
        failed one is tried anew.  A card set's name resolves among ``owner``'s sets
        (the API's client: :mod:`worker.cardsets`), now, once: the job keeps the hashes.
        """
        errors: list[FieldError] = []
        if on_illegal not in ON_ILLEGAL:
            errors.append(FieldError("on_illegal", f"must be one of: {', '.join(ON_ILLEGAL)}"))
        try:
            # a dict was read already (the API's json_body, with the app's limits)
            doc = body if isinstance(body, dict) else decode(body, self.limits)
            card_sets = card_sets_of(self.store, self.card_set_ttl)
            registry = sets_for_log(card_sets, doc, owner)
            log = parse_log(doc, registry)
        except BadLog as exc:
            raise SubmissionRefused(errors + exc.errors, exc.more) from None
        try:
            check_perspective(perspective, log.player_ids)
        except ValueError as exc:
            errors.append(FieldError("perspective", str(exc)))
        try:
            engine_class(log.game).catalogue.resolve_options(log.rule_options)
        except ValueError as exc:
            errors.append(FieldError(f"rule_options.{getattr(exc, 'name', '')}", str(exc)))
        if errors:
            raise SubmissionRefused(errors)
        pins = pins_of(registry, doc)
        keyed = {"log": doc, "on_illegal": on_illegal, "perspective": perspective}
        content_hash = sha256_of({**keyed, "card_sets": pins} if pins else keyed)
        sub = Submission(
            id=secrets.token_hex(16),
            content_hash=content_hash,
            game=log.game,
            on_illegal=on_illegal,
            perspective=perspective,
            players=log.player_ids,
            submitted_at=time.time(),
            card_sets=pins,
        )
        # pinned for as long as the job and its replay live (a replay lives the result TTL
        # from when it was judged, so twice that from now); a set gone meanwhile is refused
        gone = card_sets.use(pins.values(), owner, sub.id, 2 * self.ttl) if pins else []
        if gone:
            raise SubmissionRefused(
                [
                    FieldError(
                        f"card_sets[{doc['card_sets'].index(ref)}]", f"{ref!r}: no longer kept"
                    )
                    for ref, sha256 in pins.items()
                    if sha256 in gone
                ]
            )
        text = canonical_json(doc)
        sub.log_sha256 = text_sha256(text)  # what was checked: the worker trusts these bytes
        if getattr(self.runner, "enqueue_in", None) is not None and _shares_redis(self):
            # the record and its job in one round trip (worker.redis_store.RedisStore.create)
            return self.store.create(sub, text, self.ttl, enqueue=self.runner)  # type: ignore[call-arg]
        stored, created = self.store.create(sub, text, self.ttl)
        if created:
            self.runner.enqueue(stored.id)
        return stored, created

    def get(self, job_id: str) -> Submission:
        sub = self.store.get(job_id)
        if sub is None:
            raise NotFound(job_id)
        return sub

    def get_with_result(self, job_id: str) -> tuple[Submission, StoredReplay | None]:
        """The submission and, when it is finished, its stored replay with its head read
        (None otherwise): one round trip on a store that reads both at once
        (:meth:`worker.redis_store.RedisStore.get_with_result`).  NotFound as :meth:`get`."""
        read = getattr(self.store, "get_with_result", None)
        if read is None:
            sub = self.get(job_id)
            return sub, self.store.stored_result(job_id) if sub.status == "finished" else None
        sub, stored = read(job_id)
        if sub is None:
            raise NotFound(job_id)
        return sub, stored if sub.status == "finished" else None

    def wait_with_result(
        self, job_id: str, seconds: float
    ) -> tuple[Submission, StoredReplay | None]:
        """:meth:`wait`, and the stored replay as :meth:`get_with_result` gives it."""
        read = getattr(self.store, "wait_with_result", None)
        if read is None:
            sub = self.wait(job_id, seconds)
            return sub, self.store.stored_result(job_id) if sub.status == "finished" else None
        sub, stored = read(job_id, seconds)
        if sub is None:
            raise NotFound(job_id)
        return sub, stored if sub.status == "finished" else None

    def wait(self, job_id: str, seconds: float) -> Submission:
        """The submission once finished or failed, or as it is after ``seconds``."""
        sub = self.store.wait_terminal(job_id, seconds)
        if sub is None:
            raise NotFound(job_id)
        return sub

    def view(self, sub: Submission, perspective: str | None) -> str:
        """The perspective ``sub`` is viewed from (default: its own); ValueError for no
        such perspective, :class:`PerspectiveRefused` for one wider than submitted."""
        try:
            return narrowed(sub.perspective, perspective, sub.players)
        except PerspectiveWidened as exc:
            raise PerspectiveRefused(str(exc)) from None

    def _finished(
        self, job_id: str, perspective: str | None
    ) -> tuple[str, StoredReplay, tuple[str, ...]] | None:
        """(the view allowed, the judge's stored replay with its head read, the game's
        private zones), or None while the replay is not finished.  NotFound /
        PerspectiveRefused as documented."""
        sub = self.get(job_id)
        view = self.view(sub, perspective)
        stored = self.store.stored_result(job_id)
        if stored is None:
            return None
        ensure_records(self, job_id, stored, view)
        return view, stored, engine_class(sub.game).private_zones

    def replay_of(self, job_id: str, perspective: str | None = None) -> dict[str, Any] | None:
        """The whole replay as ``perspective`` sees it (default: the submission's), or None
        yet.  It weighs what the replay weighs: the API sends :meth:`replay_chunks` and
        :meth:`replay_for_export` instead."""
        found = self._finished(job_id, perspective)
        if found is None:
            return None
        view, stored, private = found
        if view == "judge":
            return stored.whole()
        return redact(stored.whole(), view, private, stored.records(0, stored.total or 0))

    def replay_chunks(
        self,
        sub: Submission,
        perspective: str | None = None,
        stored: StoredReplay | None = None,
    ) -> Iterator[bytes] | None:
        """The replay of the submission ``sub`` (just read) as ``perspective`` sees it, as
        its canonical JSON in pieces, or None when there is none.

        The head is read now (a store that is down or a result that is gone is known
        before anything is sent); the pages are read as the pieces are taken, one at a
        time, so the caller holds one page, not the replay.  The judge's view is the
        stored bytes as they are (no page is decoded); another view decodes and redacts
        one page at a time.  Either is byte for byte the canonical JSON of the whole
        document (:func:`judge.core.perspective.redact` of the replay).  ``stored``: the
        stored replay when the caller read it with the submission (:meth:`get_with_result`),
        else it is read now."""
        view = self.view(sub, perspective)
        stored = stored if stored is not None else self.store.stored_result(sub.id)
        if stored is None:
            return None
        if view == "judge":
            return stored.json_chunks()
        ensure_records(self, sub.id, stored, view)
        private = engine_class(sub.game).private_zones
        head = redact_head(stored.document, view)
        if stored.total is None:
            return paged.document_chunks(head, None)
        sees = visible_players(view, stored.document.get("teams"))
        return paged.document_chunks(head, _redacted_pages(stored, view, private, sees))

    def replay_json(self, sub: Submission, perspective: str | None = None) -> bytes | None:
        """:meth:`replay_chunks` joined: the whole canonical JSON at once."""
        chunks = self.replay_chunks(sub, perspective)
        return b"".join(chunks) if chunks is not None else None

    def replay_for_export(
        self, job_id: str, perspective: str | None = None
    ) -> dict[str, Any] | None:
        """The replay as ``perspective`` sees it for an exporter's walk
        (:func:`judge.core.export.export_chunks`), or None yet: the top-level fields, and
        ``steps`` an iterator that reads, decodes and redacts one page at a time (so it
        can be walked once)."""
        found = self._finished(job_id, perspective)
        if found is None:
            return None
        view, stored, private = found
        head = redact_head(stored.document, view)
        if stored.total is None:
            return head
        sees = visible_players(view, stored.document.get("teams"))
        head["steps"] = (
            step
            for page in _redacted_pages(stored, view, private, sees, encoded=False)
            for step in page
        )
        return head

    def steps(
        self, job_id: str, offset: int, limit: int, perspective: str | None = None
    ) -> dict[str, Any] | None:
        """A page of steps, or None while the replay is not finished.  Reads only the
        stored pages that hold them, and redacts only them."""
        found = self._finished(job_id, perspective)
        if found is None:
            return None
        view, stored, private = found
        try:
            page = stored.steps(offset, limit)
        except ResultExpired:
            raise NotFound(job_id) from None
        if page and view != "judge":
            sees = visible_players(view, stored.document.get("teams"))
            try:
                records = stored.records(offset, limit)
            except ResultExpired:
                raise NotFound(job_id) from None
            hides = step_hides(view, sees, private, records, len(page))
            page = [
                redact_step(s, view, private, sees, h) for s, h in zip(page, hides, strict=True)
            ]
        return {
            "total": stored.total or 0,
            "offset": offset,
            "limit": limit,
            "perspective": view,
            "steps": page,
        }

    def ready(self) -> dict[str, Any]:
        """Whether submissions can be accepted and judged now."""
        store_ok = self.store.ping()
        workers = self.runner.workers_alive() if store_ok else 0
        return {
            "store": store_ok,
            "workers": workers,
            "mode": self.mode,
            "ready": store_ok and workers > 0,
        }


def _shares_redis(service: JudgeService) -> bool:
    """Whether the service's runner queues its jobs on the store's own Redis client (then
    the store can write a record and queue its job in one transaction)."""
    return getattr(service.runner, "connection", None) is getattr(service.store, "client", 0)


#: steps redacted and encoded between two turns of the API's other requests (a stored page
#: holds :data:`worker.paged.PAGE_SIZE`): three whole public reads of a 10,000-step replay at
#: once kept /healthz waiting up to 1.1 s on a slow 2-core machine with whole pages
REDACT_PIECE = 25


def _redacted_pages(
    stored: StoredReplay, view: str, private: tuple[str, ...], sees: set[str], encoded: bool = True
) -> Iterator[Any]:
    """The stored pages as ``view`` sees them, one at a time, each redacted with the
    records stored beside it (:data:`worker.paged.RECORDS`; none for a result stored before
    them: then every card id is withheld): a page as stored (``encoded``) or its steps."""
    records = stored.records_of_pages()
    for page in stored.pages_of_steps():
        hides = step_hides(view, sees, private, next(records), len(page))
        if not encoded:
            yield [redact_step(s, view, private, sees, h) for s, h in zip(page, hides, strict=True)]
            continue
        # a stored page in pieces of REDACT_PIECE steps, each redacted and encoded on its
        # own: the reader's caller gives the process's other requests a turn after each
        # piece (api.replays._paced), so a piece's work bounds how long /healthz waits
        for start in range(0, len(page), REDACT_PIECE):
            end = start + REDACT_PIECE
            yield paged.page_of_steps(
                [
                    redact_step(s, view, private, sees, h)
                    for s, h in zip(page[start:end], hides[start:end], strict=True)
                ]
            )


def embedded_service(workers: int = 2, timeout: float = 60.0, ttl: int = 24 * 3600) -> JudgeService:
    """The embedded default: an in-memory store and a thread pool, no Redis."""
    from worker.sync_jobs import ThreadAnswers

    store = MemoryStore()
    return JudgeService(
        store=store,
        runner=ThreadRunner(store, workers, timeout),
        ttl=ttl,
        mode="embedded",
        answers=ThreadAnswers(store),
    )
