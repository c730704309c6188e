"""The judging service without HTTP, and its backends.

* :mod:`worker.service` — submissions, the ``Store`` and ``Runner`` protocols, the job
  (:func:`~worker.service.judge_job`), :class:`~worker.service.JudgeService`, and the
  embedded default (an in-memory store, a thread pool; no Redis).
* :mod:`worker.redis_store` — :class:`~worker.redis_store.RedisStore`, the production store.
* :mod:`worker.rqbackend` — :class:`~worker.rqbackend.RQRunner`, the RQ job and its failure
  callback, the worker classes, the reaper of abandoned jobs, the ``judge worker``
  supervisor, and :func:`~worker.rqbackend.redis_service` (the service on Redis).
* :mod:`worker.config` — the settings, read from ``REDIS_URL`` and ``JUDGE_*`` variables.
* :mod:`worker.testing` — for tests: a private ``redis-server``, ``judge worker``
  processes, HTTP answers (used by the service, system and API test suites).

Only :mod:`worker.redis_store`, :mod:`worker.rqbackend` and their users import redis and
rq; :mod:`worker.service` and :mod:`worker.config` do not.  See docs/service.md.
"""
