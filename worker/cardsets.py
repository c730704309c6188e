"""The service's card sets: kept by content hash, with no TTL, beside the submissions.

``POST /v1/card-sets`` stores a checked set (:func:`judge.core.cardsets.read_card_set`)
under its hash; a log submitted to the service may name it in ``card_sets`` by
``sha256:<hash>`` or by its name (when exactly one stored set has that name: name it by
hash to pin it).  Both the submission's validation and the worker's job build a
:class:`~judge.core.cardsets.CardSets` of the sets the log names (:func:`sets_for_log`), so
they judge against the same definitions.

Stores: :class:`RedisCardSets` on the Redis of the submissions, under its own keys (``P``
is the store's prefix)::

    P cardset:<sha256>   the set document as posted (canonical JSON); never expires
    P cardsets           hash: sha256 -> the set's summary (name, game, cards) as JSON

and :class:`MemoryCardSets` for the embedded service.  :func:`card_sets_of` gives the one
that goes with a submission store, so the API and the job find the same sets.  A set read
back is checked again (it was valid when stored; the check also loads its definitions with
their defaults) once per process and hash: a set never changes under its hash.
"""

from __future__ import annotations

import json
import threading
import weakref
from collections import OrderedDict
from typing import Any, Protocol

from judge.core.canonical import canonical_json
from judge.core.cards import builtin_set_names
from judge.core.cardsets import HASH_PREFIX, CardSet, CardSets, is_hash_ref, read_card_set
from judge.core.errors import BadLog, FieldError
from judge.core.jsontext import NO_LIMITS

#: The most distinct user sets one log may name (each is a read of the store).
MAX_SETS_PER_LOG = 64


class CardSetStore(Protocol):
    """Where the service keeps card sets (no TTL)."""

    def put(self, card_set: CardSet) -> bool:
        """Keep ``card_set``; True when it was new (False: the same set was kept already)."""
        ...

    def get(self, sha256: str) -> CardSet | None: ...

    def summaries(self) -> list[dict[str, Any]]:
        """Every set's name, game, hash and number of cards, by name then hash."""
        ...


#: sets read back, by hash (a set never changes under its hash): at most this many
_CACHE_SIZE = 32
_cache: OrderedDict[str, CardSet] = OrderedDict()
_cache_lock = threading.Lock()


def _from_text(sha256: str, text: str | bytes) -> CardSet:
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


def _sorted(summaries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(summaries, key=lambda s: (s["name"], s["sha256"]))


class MemoryCardSets:
    """:class:`CardSetStore` in this process (the embedded service)."""

    def __init__(self) -> None:
        self._sets: dict[str, CardSet] = {}
        self._lock = threading.Lock()

    def put(self, card_set: CardSet) -> bool:
        with self._lock:
            if card_set.sha256 in self._sets:
                return False
            self._sets[card_set.sha256] = card_set
            return True

    def get(self, sha256: str) -> CardSet | None:
        with self._lock:
            return self._sets.get(sha256)

    def summaries(self) -> list[dict[str, Any]]:
        with self._lock:
            return _sorted([s.summary() for s in self._sets.values()])


class RedisCardSets:
    """:class:`CardSetStore` on Redis (keys in the module's docstring).  A Redis that cannot
    be reached raises the submission store's ``StoreUnavailable`` (the API's 503)."""

    def __init__(self, client: Any, prefix: str) -> None:
        self.client = client
        self.prefix = prefix

    def key(self, sha256: str) -> str:
        return f"{self.prefix}cardset:{sha256}"

    @property
    def index_key(self) -> str:
        return f"{self.prefix}cardsets"

    def put(self, card_set: CardSet) -> bool:
        from worker.redis_store import guarded

        summary = {k: v for k, v in card_set.summary().items() if k != "sha256"}
        with guarded("put card set"):
            pipe = self.client.pipeline(transaction=True)
            pipe.set(self.key(card_set.sha256), canonical_json(card_set.document), nx=True)
            pipe.hset(self.index_key, card_set.sha256, canonical_json(summary))
            created, _ = pipe.execute()
        return bool(created)

    def get(self, sha256: str) -> CardSet | None:
        from worker.redis_store import guarded

        with guarded("get card set"):
            text = self.client.get(self.key(sha256))
        return _from_text(sha256, text) if text is not None else None

    def summaries(self) -> list[dict[str, Any]]:
        from worker.redis_store import guarded

        with guarded("list card sets"):
            entries = self.client.hgetall(self.index_key)
        out = []
        for sha256, summary in entries.items():
            sha = sha256.decode() if isinstance(sha256, bytes) else sha256
            out.append({**json.loads(summary), "sha256": sha})
        return _sorted(out)


_memory: weakref.WeakKeyDictionary[Any, MemoryCardSets] = weakref.WeakKeyDictionary()
_memory_lock = threading.Lock()


def card_sets_of(store: Any) -> CardSetStore:
    """The card-set store that goes with a submission store: on the Redis store's client
    and prefix, or one per in-memory store (the embedded service's API and threads share
    it)."""
    client, prefix = getattr(store, "client", None), getattr(store, "prefix", None)
    if client is not None and isinstance(prefix, str):
        return RedisCardSets(client, prefix)
    with _memory_lock:
        found = _memory.get(store)
        if found is None:
            found = _memory[store] = MemoryCardSets()
        return found


def user_set_refs(doc: Any) -> list[str]:
    """The entries of a log's ``card_sets`` that are no built-in set's name (strings only:
    anything else is the schema's to refuse)."""
    names = doc.get("card_sets") if isinstance(doc, dict) else None
    if not isinstance(names, list):
        return []
    builtin = set(builtin_set_names())
    return [n for n in names if isinstance(n, str) and n not in builtin]


def sets_for_log(sets: CardSetStore, doc: Any) -> CardSets | None:
    """The stored sets a decoded log names (None when it names none but built-in sets):
    a ``sha256:<hash>`` names one set; a name every stored set of that name (more than one
    is refused as ambiguous when the log is validated).  What is not found is left out, and
    the validation names it.  More than :data:`MAX_SETS_PER_LOG` distinct ones is refused
    (:class:`BadLog`) before the store is read."""
    refs = list(dict.fromkeys(user_set_refs(doc)))
    if not refs:
        return None
    if len(refs) > MAX_SETS_PER_LOG:
        raise BadLog(
            [
                FieldError(
                    "card_sets",
                    f"names {len(refs)} card sets that are not built in; at most "
                    f"{MAX_SETS_PER_LOG}",
                )
            ]
        )
    registry = CardSets()
    summaries: list[dict[str, Any]] | None = None
    for ref in refs:
        if ref.startswith(HASH_PREFIX):
            found = sets.get(ref[len(HASH_PREFIX) :]) if is_hash_ref(ref) else None
            if found is not None:
                registry.add(found)
            continue
        if summaries is None:
            summaries = sets.summaries()
        for summary in summaries:
            if summary["name"] == ref:
                found = sets.get(summary["sha256"])
                if found is not None:
                    registry.add(found)
    return registry


def sets_for_text(sets: CardSetStore, text: str) -> CardSets | None:
    """:func:`sets_for_log` for a stored log's canonical JSON text; None at once (no
    decoding) when it cannot name a set (no ``"card_sets":["`` in it)."""
    if '"card_sets":["' not in text:
        return None
    from judge.core.log import decode

    return sets_for_log(sets, decode(text))
