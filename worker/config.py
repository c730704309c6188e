"""Settings of the judging service, read from the environment.

Every setting has a default that works on one machine; each is an environment variable so
that the API and the workers of one deployment read the same values from the same place
(a compose file, a Kubernetes config map).  A value that cannot be read is an error naming
the variable, never a silent default.

==========================  ===========================  =========================================
variable                    default                      meaning
==========================  ===========================  =========================================
``REDIS_URL``               unset (embedded mode)        Redis for the store and the queue; the
                                                         worker command falls back to
                                                         ``redis://127.0.0.1:6379/0``
``JUDGE_QUEUE``             ``judge``                    the RQ queue name
``JUDGE_KEY_PREFIX``        ``judge:``                   prefix of the store's Redis keys
``JUDGE_RESULT_TTL``        ``86400`` (24 h)             seconds a submission, its log and its
                                                         result live; a result lives this long
                                                         from when it was computed
``JUDGE_JOB_TIMEOUT``       ``60``                       seconds a replay may run; over it the
                                                         job fails "time limit exceeded"
``JUDGE_JOB_RETRIES``       ``2``                        retries of a job whose worker died (or
                                                         that could not reach Redis); a replay
                                                         that timed out is not retried
``JUDGE_WORKER_CLASS``      ``simple``                   ``simple`` (RQ ``SimpleWorker``, with a
                                                         heartbeat thread), ``fork``
                                                         (``Worker``) or ``spawn``
                                                         (``SpawnWorker``); see docs/service.md
``JUDGE_MONITOR_INTERVAL``  ``5``                        seconds between the heartbeats a
                                                         worker sends for its running job
``JUDGE_ABANDON_GRACE``     ``10``                       seconds a running job may miss its
                                                         heartbeat before it counts as abandoned
``JUDGE_REAP_INTERVAL``     ``5``                        seconds between two searches for
                                                         abandoned jobs (worker maintenance and
                                                         the ``judge worker`` supervisor)
``JUDGE_WORKER_TTL``        ``30``                       seconds an idle worker's registration
                                                         lives between its heartbeats (RQ adds
                                                         60 s); it blocks on the queue for this
                                                         minus 15 s at most
``JUDGE_COMPRESS_LEVEL``    ``1``                        Zstandard level (0-19) of the results
                                                         the workers store; 0 stores plain JSON
                                                         (see :mod:`worker.redis_store`)
==========================  ===========================  =========================================

A job whose worker died is retried or failed at once when the worker's ``judge worker``
supervisor lives on, and otherwise within ``JUDGE_MONITOR_INTERVAL + JUDGE_ABANDON_GRACE +
JUDGE_REAP_INTERVAL`` seconds of its death (20 s by default), with every worker class; see
:func:`worker.rqbackend.abandon_bound`.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from urllib.parse import unquote, urlsplit

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
WORKER_CLASSES = ("fork", "simple", "spawn")


class SettingsError(ValueError):
    """An environment variable whose value cannot be used."""


#: the password of a URL's user information (``scheme://user:PASSWORD@host``), up to the
#: last ``@`` of the word, so that an unencoded ``@`` in it is masked too
_URL_PASSWORD = re.compile(r"(\b[a-z][a-z0-9+.-]*://[^:/@\s]*:)\S*@", re.IGNORECASE)
#: a password in a URL's query string (redis-py reads ``unix:///s.sock?password=...``)
_QUERY_PASSWORD = re.compile(r"([?&]password=)[^&#\s]*", re.IGNORECASE)
MASK = "***"


def mask_secrets(text: str, url: str | None = None) -> str:
    """``text`` with the password of every URL in it masked, and every occurrence of the
    password of ``url`` (as written, and percent-decoded) too.  Every line that shows a
    Redis URL or an error about one goes through it: ``judge worker``, ``judge serve``, the
    supervisor, the settings' ``repr``.

    A Redis URL carries its password (``redis://:secret@host:6379/0``); a log line is read
    by more people, and kept longer, than the deployment's secrets are.

    >>> mask_secrets("redis://:s3cret@redis:6379/0")
    'redis://:***@redis:6379/0'
    >>> mask_secrets("rediss://judge:p@ss@redis/0 and unix:///r.sock?db=0&password=x")
    'rediss://judge:***@redis/0 and unix:///r.sock?db=0&password=***'
    >>> mask_secrets("AUTH failed for s3cret", "redis://:s3cret@redis/0")
    'AUTH failed for ***'
    """
    secrets: set[str] = set()
    if url:
        try:
            password = urlsplit(url).password
        except ValueError:  # a port that is not a number: still mask what is there
            password = None
        if password:
            secrets.update({password, unquote(password)})
    for secret in sorted(secrets, key=len, reverse=True):
        text = text.replace(secret, MASK)
    text = _URL_PASSWORD.sub(lambda m: f"{m.group(1)}{MASK}@", text)
    return _QUERY_PASSWORD.sub(lambda m: f"{m.group(1)}{MASK}", text)


class MaskSecrets(logging.Filter):
    """A log handler's filter that passes every record's message and traceback through
    :func:`mask_secrets` (for ``url``'s password): a line that RQ, redis-py or this service
    writes about the connection shows no password."""

    def __init__(self, url: str | None) -> None:
        super().__init__()
        self.url = url

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask_secrets(message, self.url)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = mask_secrets(record.exc_text, self.url)
        return True


def mask_logs(url: str | None) -> None:
    """Have every log line of this process go through :func:`mask_secrets`: a
    :class:`MaskSecrets` filter on each handler of the root logger (a handler on stderr for
    warnings, as logging's last resort writes them, is added when it has none)."""
    root = logging.getLogger()
    if not root.handlers:
        handler = logging.StreamHandler()
        handler.setLevel(logging.WARNING)
        root.addHandler(handler)
    for handler in root.handlers:
        if not any(isinstance(f, MaskSecrets) for f in handler.filters):
            handler.addFilter(MaskSecrets(url))


@dataclass(frozen=True)
class Settings:
    """The service's settings; :meth:`from_env` reads them from environment variables."""

    redis_url: str | None = None
    queue: str = "judge"
    key_prefix: str = "judge:"
    result_ttl: int = 24 * 3600
    job_timeout: int = 60
    job_retries: int = 2
    worker_class: str = "simple"
    monitor_interval: int = 5
    abandon_grace: int = 10
    reap_interval: int = 5
    worker_ttl: int = 30
    compress_level: int = 1

    #: environment variable of each field
    ENV = {
        "redis_url": "REDIS_URL",
        "queue": "JUDGE_QUEUE",
        "key_prefix": "JUDGE_KEY_PREFIX",
        "result_ttl": "JUDGE_RESULT_TTL",
        "job_timeout": "JUDGE_JOB_TIMEOUT",
        "job_retries": "JUDGE_JOB_RETRIES",
        "worker_class": "JUDGE_WORKER_CLASS",
        "monitor_interval": "JUDGE_MONITOR_INTERVAL",
        "abandon_grace": "JUDGE_ABANDON_GRACE",
        "reap_interval": "JUDGE_REAP_INTERVAL",
        "worker_ttl": "JUDGE_WORKER_TTL",
        "compress_level": "JUDGE_COMPRESS_LEVEL",
    }
    #: the smallest value of each whole-number field
    MINIMUM = {
        "result_ttl": 1,
        "job_timeout": 1,
        "job_retries": 0,
        "monitor_interval": 1,
        "abandon_grace": 1,
        "reap_interval": 1,
        "worker_ttl": 16,
        "compress_level": 0,
    }
    #: the largest value of the whole-number fields that have one
    MAXIMUM = {"compress_level": 19}

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: object) -> Settings:
        """Settings from ``env`` (default: ``os.environ``); keyword arguments win.

        >>> Settings.from_env({"JUDGE_JOB_TIMEOUT": "30"}).job_timeout
        30
        >>> Settings.from_env({"JUDGE_JOB_RETRIES": "-1"})
        Traceback (most recent call last):
        ...
        worker.config.SettingsError: JUDGE_JOB_RETRIES: must be a whole number >= 0, not '-1'
        """
        env = os.environ if env is None else env
        values: dict[str, object] = {}
        for f in fields(cls):
            name = cls.ENV[f.name]
            raw = env.get(name)
            if raw is None or raw.strip() == "":
                continue
            raw = raw.strip()
            if f.name in cls.MINIMUM:
                low = cls.MINIMUM[f.name]
                try:
                    number = int(raw)
                except ValueError:
                    number = low - 1
                high = cls.MAXIMUM.get(f.name)
                if number < low or (high is not None and number > high):
                    within = f">= {low}" if high is None else f"from {low} to {high}"
                    raise SettingsError(f"{name}: must be a whole number {within}, not {raw!r}")
                values[f.name] = number
            elif f.name == "worker_class":
                if raw not in WORKER_CLASSES:
                    raise SettingsError(
                        f"{name}: must be one of {', '.join(WORKER_CLASSES)}, not {raw!r}"
                    )
                values[f.name] = raw
            else:
                values[f.name] = raw
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        """The dataclass's ``repr`` with the Redis URL's password masked."""
        shown = ", ".join(
            f"{f.name}={mask_secrets(repr(getattr(self, f.name)))}" for f in fields(self)
        )
        return f"{type(self).__name__}({shown})"

    @property
    def worker_redis_url(self) -> str:
        """The Redis of the workers: ``REDIS_URL``, else the local default."""
        return self.redis_url or DEFAULT_REDIS_URL

    @property
    def heartbeat_bound(self) -> int:
        """Seconds a running job's worker may go without a heartbeat before the job counts
        as abandoned and the worker as stalled: ``monitor_interval + abandon_grace``.

        >>> Settings().heartbeat_bound
        15
        """
        return self.monitor_interval + self.abandon_grace
