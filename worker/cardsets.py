"""The service's card sets: kept by content hash, owned, kept for a while, deleted by their
owners, and resolved for a log when it is accepted.

Why owners: a name is no identity.  Anybody could upload a set under a name somebody
else's logs use, and a name that resolved among every client's sets would then decide how
those logs are judged (the first upload) or make them fail as ambiguous (a second one).  So
a set's identity is its hash alone, and a name is scoped to its owner:

- a log names a set by hash (``sha256:<hex>``: any kept set, whoever uploaded it), or by
  name: a name resolves only among the sets the submitting client owns (more than one of
  that owner's sets with the name is refused as ambiguous, naming their hashes; another
  owner's sets never make a name ambiguous);
- the *owner* is a fingerprint of the bearer token when the API has ``JUDGE_TOKENS``
  (``tok:`` and 16 hex digits of its SHA-256; the token itself is never stored), else the
  client's address (``addr:<ip>``: an open service cannot protect names; hashes are the
  safe way to name a set);
- a name is resolved once, when the log is accepted: the submission keeps the hashes it
  resolved to (``Submission.card_sets``, ref -> hash, :func:`pins_of`) and the worker, and
  every question on the stored replay, use exactly those (:func:`sets_for_submission`), so
  no later upload, by anybody, changes how an accepted log is judged.  The pins are part of
  the submission's content hash: the same log naming ``abc`` from two owners is two jobs.

Retention (``JUDGE_CARD_SET_TTL``, default 30 days): each owner's claim on a set lasts that
long from its last upload or use (a submission or a question naming it).  A job's set is
*pinned* for the job's result TTL at submission, so it cannot expire, nor be deleted away,
before the job and its replay are gone.  The one stored document goes when no owner claims
it and no job pins it.  ``DELETE`` removes the caller's claim only.

Stores: :class:`MemoryCardSets` (the embedded service) and
:class:`worker.cardsets_redis.RedisCardSets` (the Redis of the submissions; its keys are in
that module), both the :class:`CardSetStore` protocol.  :func:`card_sets_of` gives the one
that goes with a submission store.  A set read back is checked again (it was valid when
stored; the check also loads its definitions with their defaults) once per process and
hash: a set never changes under its hash.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from judge.core.cards import builtin_set_names
from judge.core.cardsets import HASH_PREFIX, CardSet, CardSets, is_hash_ref, read_card_set
from judge.core.errors import BadLog, FieldError
from judge.core.jsontext import NO_LIMITS

#: The most distinct user sets one log may name (each is a read of the store).
MAX_SETS_PER_LOG = 64
#: The setting of the retention, and its default (seconds).
TTL_VARIABLE = "JUDGE_CARD_SET_TTL"
DEFAULT_TTL = 30 * 24 * 3600
#: The owner of what in-process callers (tools, tests) store: never an API client's.
LOCAL_OWNER = "local"


class CardSetSettingError(ValueError):
    """``JUDGE_CARD_SET_TTL`` cannot be used."""


def card_set_ttl_setting(environ: Mapping[str, str] | None = None) -> int:
    """``JUDGE_CARD_SET_TTL`` from the environment: whole seconds, at least 1."""
    value = (os.environ if environ is None else environ).get(TTL_VARIABLE, "")
    return read_ttl(value) if value.strip() else DEFAULT_TTL


def read_ttl(value: Any) -> int:
    """A retention in whole seconds (at least 1), or :class:`CardSetSettingError`."""
    try:
        ttl = int(str(value).strip())
    except ValueError:
        ttl = 0
    if ttl < 1:
        raise CardSetSettingError(
            f"{TTL_VARIABLE}: {value!r} is not a number of seconds (a whole number, at least 1)"
        )
    return ttl


def token_owner(token: str) -> str:
    """The owner a bearer token stands for: a fingerprint, never the token."""
    return "tok:" + hashlib.sha256(token.encode()).hexdigest()[:16]


def address_owner(address: str | None) -> str:
    """The owner a client address stands for (no tokens: an open service)."""
    return f"addr:{address or 'unknown'}"


def cursor_of(summary: Mapping[str, Any]) -> str:
    """The cursor after ``summary`` in a listing: ``<name>:<hash>`` (a name has no ``:``)."""
    return f"{summary['name']}:{summary['sha256']}"


class CardSetStore(Protocol):
    """Where the service keeps card sets (see the module for owners and retention)."""

    #: seconds an owner's claim lasts from its last upload or use
    ttl: int

    def put(self, card_set: CardSet, owner: str) -> tuple[bool, float]:
        """Keep ``card_set`` for ``owner`` (claim made or refreshed): (True when ``owner``
        had no live claim on it, the claim's expiry in Unix seconds)."""
        ...

    def get(self, sha256: str) -> CardSet | None:
        """The kept set of that hash, whoever owns it."""
        ...

    def page(
        self, owner: str, limit: int, after: str | None = None
    ) -> tuple[list[dict[str, Any]], bool]:
        """``owner``'s sets after the cursor ``after`` (:func:`cursor_of`), by name then
        hash, at most ``limit``; each summary with its ``expires``; and whether more follow."""
        ...

    def named(self, owner: str, name: str) -> list[str]:
        """The hashes of ``owner``'s sets named ``name``, sorted."""
        ...

    def legacy_named(self, name: str) -> list[str]:
        """The hashes of the sets of that name kept by the earlier version (no owner)."""
        ...

    def delete(self, owner: str, sha256: str) -> bool:
        """Remove ``owner``'s claim; False when ``owner`` has none.  The document goes when
        no claim and no pin is left."""
        ...

    def use(
        self, sha256s: Iterable[str], owner: str, job_id: str | None = None, keep_for: int = 0
    ) -> list[str]:
        """A submission (``job_id``: pinned for ``keep_for`` seconds) or a question uses
        these sets: ``owner``'s claims on them are refreshed.  The hashes no longer kept."""
        ...


#: sets read back, by hash (a set never changes under its hash): at most this many
_CACHE_SIZE = 32
_cache: OrderedDict[str, CardSet] = OrderedDict()
_cache_lock = threading.Lock()


def from_text(sha256: str, text: str | bytes) -> CardSet:
    """A stored set's document read back (cached by hash)."""
    with _cache_lock:
        found = _cache.get(sha256)
        if found is not None:
            _cache.move_to_end(sha256)
            return found
    card_set = read_card_set(text, NO_LIMITS)
    with _cache_lock:
        _cache[sha256] = card_set
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return card_set


class MemoryCardSets:
    """:class:`CardSetStore` in this process (the embedded service).  Expiry is read
    lazily against ``clock`` and swept at most once a minute."""

    def __init__(self, ttl: int = DEFAULT_TTL, clock: Callable[[], float] = time.time) -> None:
        self.ttl = ttl
        self.clock = clock
        self._docs: dict[str, CardSet] = {}
        self._claims: dict[str, dict[str, float]] = {}  # hash -> owner -> expiry
        self._pins: dict[str, dict[str, float]] = {}  # hash -> job id -> expiry
        self._owned: dict[str, dict[str, float]] = {}  # owner -> hash -> expiry
        self._lock = threading.Lock()
        self._next_sweep = 0.0

    def _alive(self, sha256: str, now: float) -> bool:
        """Whether the document is claimed or pinned; a dead one is dropped."""
        if sha256 not in self._docs:
            return False
        claims = {o: t for o, t in self._claims.get(sha256, {}).items() if t > now}
        pins = {j: t for j, t in self._pins.get(sha256, {}).items() if t > now}
        if claims or pins:
            self._claims[sha256], self._pins[sha256] = claims, pins
            return True
        for table in (self._docs, self._claims, self._pins):
            table.pop(sha256, None)
        return False

    def _mine(self, owner: str, now: float) -> dict[str, float]:
        owned = self._owned.get(owner, {})
        live = {h: t for h, t in owned.items() if t > now and h in self._docs}
        if live:
            self._owned[owner] = live
        else:
            self._owned.pop(owner, None)
        return live

    def _sweep(self, now: float) -> None:
        if now < self._next_sweep:
            return
        self._next_sweep = now + min(self.ttl, 60)
        for sha256 in list(self._docs):
            self._alive(sha256, now)
        for owner in list(self._owned):
            self._mine(owner, now)

    def put(self, card_set: CardSet, owner: str) -> tuple[bool, float]:
        with self._lock:
            now = self.clock()
            self._sweep(now)
            until = now + self.ttl
            sha256 = card_set.sha256
            created = not (self._alive(sha256, now) and self._claims[sha256].get(owner, 0) > now)
            self._docs.setdefault(sha256, card_set)
            self._claims.setdefault(sha256, {})[owner] = until
            self._owned.setdefault(owner, {})[sha256] = until
            return created, until

    def get(self, sha256: str) -> CardSet | None:
        with self._lock:
            return self._docs.get(sha256) if self._alive(sha256, self.clock()) else None

    def page(
        self, owner: str, limit: int, after: str | None = None
    ) -> tuple[list[dict[str, Any]], bool]:
        with self._lock:
            mine = self._mine(owner, self.clock())
            rows = sorted(
                ({**self._docs[h].summary(), "expires": t} for h, t in mine.items()),
                key=cursor_of,
            )
        if after is not None:
            rows = [r for r in rows if cursor_of(r) > after]
        return rows[:limit], len(rows) > limit

    def named(self, owner: str, name: str) -> list[str]:
        with self._lock:
            mine = self._mine(owner, self.clock())
            return sorted(h for h in mine if self._docs[h].name == name)

    def legacy_named(self, name: str) -> list[str]:
        return []  # the embedded store starts empty with every process

    def delete(self, owner: str, sha256: str) -> bool:
        with self._lock:
            now = self.clock()
            if self._mine(owner, now).get(sha256, 0) <= now:
                return False
            del self._owned[owner][sha256]
            self._claims.get(sha256, {}).pop(owner, None)
            self._alive(sha256, now)
            return True

    def use(
        self, sha256s: Iterable[str], owner: str, job_id: str | None = None, keep_for: int = 0
    ) -> list[str]:
        missing = []
        with self._lock:
            now = self.clock()
            for sha256 in dict.fromkeys(sha256s):
                if not self._alive(sha256, now):
                    missing.append(sha256)
                    continue
                if job_id is not None:
                    pins = self._pins.setdefault(sha256, {})
                    pins[job_id] = max(pins.get(job_id, 0), now + keep_for)
                claims = self._claims[sha256]
                if claims.get(owner, 0) > now:
                    until = max(claims[owner], now + self.ttl)
                    claims[owner] = self._owned.setdefault(owner, {})[sha256] = until
        return missing


_memory: weakref.WeakKeyDictionary[Any, MemoryCardSets] = weakref.WeakKeyDictionary()
_memory_lock = threading.Lock()


def card_sets_of(store: Any, ttl: int | None = None) -> CardSetStore:
    """The card-set store that goes with a submission store: on the Redis store's client
    and prefix, or one per in-memory store (the embedded service's API and threads share
    it).  ``ttl``: the retention (default ``JUDGE_CARD_SET_TTL``)."""
    given = ttl
    ttl = ttl if ttl is not None else card_set_ttl_setting()
    client, prefix = getattr(store, "client", None), getattr(store, "prefix", None)
    if client is not None and isinstance(prefix, str):
        from worker.cardsets_redis import RedisCardSets

        return RedisCardSets(client, prefix, ttl)
    with _memory_lock:
        found = _memory.get(store)
        if found is None:
            found = _memory[store] = MemoryCardSets(ttl)
        elif given is not None:  # a caller without a ttl (a question) keeps the service's
            found.ttl = given
        return found


# -- resolving a log's card_sets -----------------------------------------------------------------


class PinnedSetGone(LookupError):
    """A set an accepted submission pinned is no longer kept (evicted from a full Redis)."""


def user_set_refs(doc: Any) -> list[str]:
    """The entries of a log's ``card_sets`` that are no built-in set's name (strings only:
    anything else is the schema's to refuse)."""
    names = doc.get("card_sets") if isinstance(doc, dict) else None
    if not isinstance(names, list):
        return []
    builtin = set(builtin_set_names())
    return [n for n in names if isinstance(n, str) and n not in builtin]


def _refs(doc: Any) -> list[str]:
    refs = list(dict.fromkeys(user_set_refs(doc)))
    if len(refs) > MAX_SETS_PER_LOG:
        message = f"names {len(refs)} card sets that are not built in; at most {MAX_SETS_PER_LOG}"
        raise BadLog([FieldError("card_sets", message)])
    return refs


def _registry(
    sets: CardSetStore, refs: list[str], named: Callable[[str], list[str]]
) -> CardSets | None:
    if not refs:
        return None
    found: dict[str, CardSet] = {}
    names: dict[str, list[str]] = {}
    for ref in refs:
        if ref.startswith(HASH_PREFIX):
            hashes = [ref[len(HASH_PREFIX) :]] if is_hash_ref(ref) else []
        else:
            hashes = names[ref] = named(ref)
            if len(hashes) != 1:
                continue  # none, or ambiguous: the validation says which
        for sha256 in hashes:
            card_set = found.get(sha256) or sets.get(sha256)
            if card_set is not None:
                found[sha256] = card_set
    return CardSets(found.values(), names=names)


def sets_for_log(sets: CardSetStore, doc: Any, owner: str = LOCAL_OWNER) -> CardSets | None:
    """The kept sets a decoded log (or deck, or position) names, for ``owner`` (None when it
    names none but built-in sets): a ``sha256:<hash>`` names one set, whoever owns it; a name
    resolves among ``owner``'s sets only (several of them is refused as ambiguous by the
    validation, none as unknown).  More than :data:`MAX_SETS_PER_LOG` distinct ones is
    refused (:class:`BadLog`) before the store is read."""
    return _registry(sets, _refs(doc), lambda name: sets.named(owner, name))


def pins_of(registry: CardSets | None, doc: Any) -> dict[str, str]:
    """What each user set a validated log names resolved to: ref -> hash (what the
    submission keeps, so that the job uses exactly these)."""
    if registry is None:
        return {}
    return {ref: registry.resolve(ref).sha256 for ref in dict.fromkeys(user_set_refs(doc))}


def sets_for_pins(sets: CardSetStore, pins: Mapping[str, str]) -> CardSets | None:
    """The registry of an accepted submission's pins: each ref gives exactly its pinned
    hash.  :class:`PinnedSetGone` when one is no longer kept."""
    if not pins:
        return None
    found: dict[str, CardSet] = {}
    for ref, sha256 in pins.items():
        card_set = found.get(sha256) or sets.get(sha256)
        if card_set is None:
            raise PinnedSetGone(f"the card set {ref!r} (sha256:{sha256}) is no longer kept")
        found[sha256] = card_set
    names = {ref: [h] for ref, h in pins.items() if not ref.startswith(HASH_PREFIX)}
    return CardSets(found.values(), names=names)


def sets_for_submission(sets: CardSetStore, pins: Mapping[str, str] | None, text: str) -> Any:
    """The registry a stored submission is judged (and questioned) with: its pins; for a
    submission accepted by the earlier version (no pins: ``None``), its names resolve among
    that version's sets (no owner), which no upload made since can add to."""
    if pins is not None:
        return sets_for_pins(sets, pins)
    if '"card_sets":["' not in text:
        return None
    from judge.core.log import decode

    return _registry(sets, _refs(decode(text)), sets.legacy_named)
