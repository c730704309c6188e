"""The service's card sets on Redis (:class:`RedisCardSets`), beside the submissions.

Keys (``P`` the store's prefix, ``judge:``; times are Redis's own clock, in ms)::

    P cardset:<sha256>        the set document as posted (canonical JSON)
    P cardset-meta:<sha256>   hash: summary -> {name, game, cards}; o:<owner> -> claim expiry
    P cardset-pins:<sha256>   sorted set: job id -> until when that job needs the set
    P cardsets-by:<owner>     sorted set, all scores 0: "<name> <sha256>" (the owner's
                              listing, by name then hash, paged with ZRANGEBYLEX)
    P cardsets-until:<owner>  sorted set: "<name> <sha256>" -> claim expiry (pruning)

The first three expire together when no claim and no pin is left (their expiry is the
latest of them, kept so by every script); an owner's two indexes expire with their latest
claim, and their expired claims are pruned (at most 1,000 at a time) whenever that owner
uploads, lists or resolves a name.  Every request reads the caller's own index only: no
SCAN or KEYS over all sets.  Each change is one Lua script, so an upload, a delete and a
pin by different clients never interleave.

Migration: the earlier version kept ``P cardset:<sha256>`` without expiry and ``P
cardsets`` (a hash of summaries), with no owner.  Those sets stay readable by hash, are
listed for nobody, and the names of a submission accepted by that version (it has no
pins) resolve among them; the first time this version uses the store in a process and
finds ``P cardsets`` without an expiry, it gives each of those documents and ``P
cardsets`` the retention (``JUDGE_CARD_SET_TTL``), once.  Uploading the same set again
claims it.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable
from typing import Any

from judge.core.canonical import canonical_json
from judge.core.cardsets import CardSet
from worker.cardsets import from_text

_LIB = """
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function extend(key, at)
  local cur = redis.call('PEXPIRETIME', key)
  if cur == -2 then return end
  if cur == -1 or cur < at then redis.call('PEXPIREAT', key, string.format('%d', at)) end
end
local function prune(by, untilk, now)
  local gone = redis.call('ZRANGEBYSCORE', untilk, '-inf', now, 'LIMIT', 0, 1000)
  if #gone > 0 then
    redis.call('ZREM', untilk, unpack(gone))
    redis.call('ZREM', by, unpack(gone))
  end
end
"""

# KEYS: doc, meta, by, until; ARGV: document, summary, owner, member, ttl ms
_PUT = (
    _LIB
    + """
local now = now_ms()
local at = now + tonumber(ARGV[5])
prune(KEYS[3], KEYS[4], now)
redis.call('SET', KEYS[1], ARGV[1], 'NX')
local field = 'o:' .. ARGV[3]
local prev = tonumber(redis.call('HGET', KEYS[2], field) or '0')
redis.call('HSET', KEYS[2], 'summary', ARGV[2], field, string.format('%d', at))
redis.call('ZADD', KEYS[3], 0, ARGV[4])
redis.call('ZADD', KEYS[4], string.format('%d', at), ARGV[4])
for i = 1, 4 do extend(KEYS[i], at) end
if prev > now then return {0, at} end
return {1, at}
"""
)

# KEYS: by, until; ARGV: prefix, exclusive start member or '', limit
_PAGE = (
    _LIB
    + """
local now = now_ms()
prune(KEYS[1], KEYS[2], now)
local start = '-'
if ARGV[2] ~= '' then start = '(' .. ARGV[2] end
local members = redis.call('ZRANGEBYLEX', KEYS[1], start, '+', 'LIMIT', 0, tonumber(ARGV[3]) + 1)
local out = {}
for _, m in ipairs(members) do
  out[#out + 1] = m
  out[#out + 1] = redis.call('HGET', ARGV[1] .. 'cardset-meta:' .. string.sub(m, -64), 'summary')
    or ''
  out[#out + 1] = redis.call('ZSCORE', KEYS[2], m) or '0'
end
return out
"""
)

# KEYS: by, until; ARGV: name
_NAMED = (
    _LIB
    + """
prune(KEYS[1], KEYS[2], now_ms())
return redis.call('ZRANGEBYLEX', KEYS[1], '[' .. ARGV[1] .. ' ', '[' .. ARGV[1] .. '!')
"""
)

# KEYS: doc, meta, pins, by, until; ARGV: owner, sha256
_DELETE = (
    _LIB
    + """
local now = now_ms()
prune(KEYS[4], KEYS[5], now)
local field = 'o:' .. ARGV[1]
if tonumber(redis.call('HGET', KEYS[2], field) or '0') <= now then return 0 end
local summary = cjson.decode(redis.call('HGET', KEYS[2], 'summary'))
local member = summary['name'] .. ' ' .. ARGV[2]
redis.call('HDEL', KEYS[2], field)
redis.call('ZREM', KEYS[4], member)
redis.call('ZREM', KEYS[5], member)
local keep = 0
local all = redis.call('HGETALL', KEYS[2])
for i = 1, #all, 2 do
  if string.sub(all[i], 1, 2) == 'o:' then
    local v = tonumber(all[i + 1])
    if v > now then keep = math.max(keep, v) else redis.call('HDEL', KEYS[2], all[i]) end
  end
end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
local last = redis.call('ZRANGE', KEYS[3], -1, -1, 'WITHSCORES')
if #last > 0 then keep = math.max(keep, tonumber(last[2])) end
if keep == 0 then
  redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
  return 1
end
for i = 1, 3 do
  if redis.call('EXISTS', KEYS[i]) == 1 then
    redis.call('PEXPIREAT', KEYS[i], string.format('%d', keep))
  end
end
return 1
"""
)

# KEYS: by, until; ARGV: prefix, owner, job id or '', pin ms, ttl ms, sha256...
_USE = (
    _LIB
    + """
local now = now_ms()
local missing = {}
local field = 'o:' .. ARGV[2]
for i = 6, #ARGV do
  local sha = ARGV[i]
  local doc = ARGV[1] .. 'cardset:' .. sha
  local meta = ARGV[1] .. 'cardset-meta:' .. sha
  if redis.call('EXISTS', doc) == 0 then
    missing[#missing + 1] = sha
  else
    if ARGV[3] ~= '' then
      local pins = ARGV[1] .. 'cardset-pins:' .. sha
      local at = now + tonumber(ARGV[4])
      redis.call('ZADD', pins, 'GT', string.format('%d', at), ARGV[3])
      redis.call('ZREMRANGEBYSCORE', pins, '-inf', now)
      extend(doc, at)
      extend(meta, at)
      extend(pins, at)
    end
    local mine = tonumber(redis.call('HGET', meta, field) or '0')
    local at = now + tonumber(ARGV[5])
    if mine > now and at > mine then
      local summary = cjson.decode(redis.call('HGET', meta, 'summary'))
      redis.call('HSET', meta, field, string.format('%d', at))
      redis.call('ZADD', KEYS[2], string.format('%d', at), summary['name'] .. ' ' .. sha)
      extend(doc, at)
      extend(meta, at)
      extend(KEYS[1], at)
      extend(KEYS[2], at)
    end
  end
end
return missing
"""
)

#: (client id, prefix) whose earlier-version sets this process has given a retention
_migrated: set[tuple[int, str]] = set()
_migrated_lock = threading.Lock()


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class RedisCardSets:
    """:class:`worker.cardsets.CardSetStore` on Redis (keys in the module's docstring).  A
    Redis that cannot be reached raises the submission store's ``StoreUnavailable`` (the
    API's 503)."""

    def __init__(self, client: Any, prefix: str, ttl: int) -> None:
        self.client = client
        self.prefix = prefix
        self.ttl = ttl
        self._put = client.register_script(_PUT)
        self._page = client.register_script(_PAGE)
        self._named = client.register_script(_NAMED)
        self._delete = client.register_script(_DELETE)
        self._use = client.register_script(_USE)
        self.migrate()

    def key(self, sha256: str) -> str:
        return f"{self.prefix}cardset:{sha256}"

    def _set_keys(self, sha256: str) -> list[str]:
        p = self.prefix
        return [f"{p}cardset:{sha256}", f"{p}cardset-meta:{sha256}", f"{p}cardset-pins:{sha256}"]

    def _owner_keys(self, owner: str) -> list[str]:
        return [f"{self.prefix}cardsets-by:{owner}", f"{self.prefix}cardsets-until:{owner}"]

    @property
    def legacy_key(self) -> str:
        """The earlier version's index of every set (a hash: sha256 -> summary)."""
        return f"{self.prefix}cardsets"

    def migrate(self) -> None:
        """Give the earlier version's sets the retention, once (see the module)."""
        from worker.redis_store import guarded

        mark = (id(self.client), self.prefix)
        with _migrated_lock:
            if mark in _migrated:
                return
            _migrated.add(mark)
        with guarded("migrate card sets"):
            if self.client.ttl(self.legacy_key) != -1:
                return  # none, or given a retention already
            for sha256, _ in self.client.hscan_iter(self.legacy_key):
                self.client.expire(self.key(_text(sha256)), self.ttl, nx=True)
            self.client.expire(self.legacy_key, self.ttl)

    def put(self, card_set: CardSet, owner: str) -> tuple[bool, float]:
        from worker.redis_store import guarded

        summary = {k: v for k, v in card_set.summary().items() if k != "sha256"}
        doc, meta, _ = self._set_keys(card_set.sha256)
        member = f"{card_set.name} {card_set.sha256}"
        with guarded("put card set"):
            created, until = self._put(
                keys=[doc, meta, *self._owner_keys(owner)],
                args=[
                    canonical_json(card_set.document),
                    canonical_json(summary),
                    owner,
                    member,
                    self.ttl * 1000,
                ],
            )
        return bool(created), int(until) / 1000

    def get(self, sha256: str) -> CardSet | None:
        from worker.redis_store import guarded

        with guarded("get card set"):
            text = self.client.get(self.key(sha256))
        return from_text(sha256, text) if text is not None else None

    def page(
        self, owner: str, limit: int, after: str | None = None
    ) -> tuple[list[dict[str, Any]], bool]:
        from worker.redis_store import guarded

        start = after.replace(":", " ", 1) if after else ""
        with guarded("list card sets"):
            flat = self._page(keys=self._owner_keys(owner), args=[self.prefix, start, limit])
        rows = []
        for i in range(0, len(flat), 3):
            member, summary, until = (_text(v) for v in flat[i : i + 3])
            if not summary:
                continue  # its document went (evicted): nothing to show
            sha256 = member[-64:]
            rows.append({**json.loads(summary), "sha256": sha256, "expires": int(until) / 1000})
        more = len(flat) // 3 > limit
        return rows[:limit], more

    def named(self, owner: str, name: str) -> list[str]:
        from worker.redis_store import guarded

        with guarded("find card sets by name"):
            members = self._named(keys=self._owner_keys(owner), args=[name])
        return sorted(_text(m)[-64:] for m in members)

    def legacy_named(self, name: str) -> list[str]:
        from worker.redis_store import guarded

        with guarded("find card sets by name"):
            entries = self.client.hgetall(self.legacy_key)
        return sorted(
            _text(sha) for sha, summary in entries.items() if json.loads(summary)["name"] == name
        )

    def delete(self, owner: str, sha256: str) -> bool:
        from worker.redis_store import guarded

        with guarded("delete card set"):
            done = self._delete(
                keys=[*self._set_keys(sha256), *self._owner_keys(owner)], args=[owner, sha256]
            )
        return bool(done)

    def use(
        self, sha256s: Iterable[str], owner: str, job_id: str | None = None, keep_for: int = 0
    ) -> list[str]:
        from worker.redis_store import guarded

        hashes = list(dict.fromkeys(sha256s))
        if not hashes:
            return []
        with guarded("use card sets"):
            missing = self._use(
                keys=self._owner_keys(owner),
                args=[self.prefix, owner, job_id or "", keep_for * 1000, self.ttl * 1000, *hashes],
            )
        return [_text(m) for m in missing]
