"""A finished replay as it is stored: a *head* and *pages* of steps, each read on its own.

Why (issue 10): a finished replay was stored as one compressed frame of its canonical
JSON, and every read decoded all of it.  For a 100,000-action replay, ``/steps?limit=1``
took 8.5 s and 2 GB in an API process, and three such reads at once stalled ``/healthz``
for 17 s.  Stored in pages, a read costs in proportion to what it sends: a page of steps
reads the pages that cover it, a whole replay is sent page by page (the API process holds
one page at a time), and the HTML's first screen goes out after the first page.

The stored form (both stores hold the same fields, so they behave alike and are tested
alike; Redis keeps them in one HASH, :mod:`worker.redis_store`; the embedded store in a dict):

``head``
    three lines: the canonical JSON of ``{"format": "judge-paged/1", "page_size": P,
    "steps": n}``, then the replay's canonical JSON up to and including ``"steps":[``
    (*before*), then the rest from its ``]`` (*after*).  Canonical JSON holds no raw line
    break (one in a string is written ``\n``), so the lines split cleanly.  Without a list
    of steps, ``steps`` is null, *before* is the whole document and *after* is empty;
``"0"``, ``"1"``, …
    page *k*: the canonical JSON of steps ``k*P`` to ``k*P + P - 1`` joined by ``","``,
    without brackets, so that the judge's replay is *before*, the stored pages joined by
    ``","``, and *after*, with nothing decoded (:meth:`StoredReplay.json_chunks`); a page
    is read back as ``json.loads(b"[" + page + b"]")``, the replay's other fields as
    ``json.loads(before + after)`` (its steps then ``[]``).
``"w0"``, ``"w1"``, …
    the records of page *k*'s steps (:data:`RECORDS`: what each step withholds from each
    perspective), the same way; stored with the pages, or later, all at once
    (:func:`encode_records`), when the head's first line says ``"records": "later"``
    (:data:`LATER`).  A page with none is redacted withholding every card id it names.

Why the head keeps the two halves as text rather than the document as JSON: the judge's
view, the one sent most (every finished job's answer), then costs no decoding at all.  With
the document decoded and encoded again, a 200-action job's replay took 0.5 ms to read
from Redis against 0.16 ms as one frame; as text, about the same as one frame.  The
Redis store fetches the head and the first pages in one ``HMGET`` for the same reason.

Each field is compressed on its own, as the single frame was (Zstandard, level 1 by
default; level 0 stores plain JSON).  ``P`` is :data:`PAGE_SIZE` (100), written into the
head so that it may change without a migration.  Measured on 8 random 200-action Union
Arena games: 20.3 KB stored a replay against 17.6 KB as one frame (pages of 50: 22.9 KB;
of 200: 18.6 KB), in about the same time (0.3 ms); a page of compact steps is about 50 KB
of JSON and reads back (decompressed and decoded) in 0.3 ms.  So 100 keeps a read of a
page cheap and the store within a sixth of the single frame.

Why the halves are made by encoding each top-level field (:func:`document_chunks`) rather
than by splitting the whole text at a placeholder: canonical JSON sorts keys, so the text
before ``"steps":[`` is exactly the fields whose keys sort before ``steps``; no string the
document holds can be mistaken for the split.

Consistency: a result is written once, with the finished record, in one Lua script, and
replays are deterministic, so a page read after the head always belongs to the same
replay (a job judged twice writes the same bytes).  A result may expire while it is being
read: a page that is gone raises :class:`ResultExpired` (the service answers 404 when it is
seen before anything was sent; a stream already started is cut short, which an HTTP
client sees as an incomplete chunked body).

Results stored before this (one frame of the whole canonical JSON) are read through
:class:`WholeReplay`, with the same interface and the old cost, until they expire.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

import zstandard

from judge.core.canonical import canonical_bytes

#: the head's format name
FORMAT = "judge-paged/1"
#: steps a page (see the module's docstring for why 100)
PAGE_SIZE = 100
#: compressed pages fetched in one round trip when a replay is read from end to end: a few
#: pages' worth of compressed bytes held at once, against one round trip a page
FETCH_BATCH = 8
#: the key of a result (never of the judge's replay) holding each step's record of what it
#: withholds from each perspective (``replay(..., withheld=[])``): stored as the fields
#: ``w0``, ``w1``, … beside the pages (``w<k>`` the records of page ``k``'s steps, canonical
#: JSON joined by ``","``), so that a page is redacted with its records alone
RECORDS = "withheld_records"
#: the value of :data:`RECORDS` in a result whose records are made later, on the first read
#: that needs them (a replay judged from the judge's perspective: see
#: :func:`worker.service.judge_job`); the head then says ``"records": "later"``
LATER = "later"
#: the first four bytes of a Zstandard frame
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"

#: what a store gives a reader: the stored fields named, in order (None for a missing one)
Fetch = Callable[[Sequence[str]], Sequence[bytes | None]]


class ResultExpired(Exception):
    """A page of a result was gone when it was read (the result expired meanwhile)."""


# -- writing ------------------------------------------------------------------------------------


def pack(data: bytes, level: int) -> bytes:
    """``data`` as one Zstandard frame at ``level`` (its size in the header), or as it is
    at level 0."""
    return zstandard.compress(data, level) if level else data


def unpack(data: bytes) -> bytes:
    """A stored field's plain bytes: a Zstandard frame decompressed, plain JSON as it is.

    >>> unpack(pack(b'{"a":1}', 1)), unpack(b'{"a":1}')
    (b'{"a":1}', b'{"a":1}')
    """
    return zstandard.decompress(data) if data[:4] == ZSTD_MAGIC else data


def encode(
    result: Mapping[str, Any], level: int = 1, page_size: int = PAGE_SIZE
) -> dict[str, bytes]:
    """The stored fields of ``result`` (see the module's docstring), each packed at ``level``.

    >>> fields = encode({"game": "demo", "steps": [{"index": i} for i in range(3)]}, 0, 2)
    >>> print(fields["head"].decode())
    {"format":"judge-paged/1","page_size":2,"steps":3}
    {"game":"demo","steps":[
    ]}
    >>> fields["0"], fields["1"]
    (b'{"index":0},{"index":1}', b'{"index":2}')
    """
    steps = result.get("steps")
    records = result.get(RECORDS)
    if isinstance(steps, list):
        document = {k: v for k, v in result.items() if k not in ("steps", RECORDS)}
        before, after = tuple(document_chunks(document, ()))
        total: int | None = len(steps)
    else:
        before, after, total, steps = canonical_bytes(dict(result)), b"", None, []
    meta: dict[str, Any] = {"format": FORMAT, "page_size": page_size, "steps": total}
    if records == LATER and total:
        meta["records"] = LATER
    fields = {"head": pack(b"\n".join((canonical_bytes(meta), before, after)), level)}
    for number, start in enumerate(range(0, len(steps), page_size)):
        fields[str(number)] = pack(canonical_bytes(steps[start : start + page_size])[1:-1], level)
    if isinstance(records, list) and len(records) == len(steps):
        fields.update(encode_records(records, level, page_size))
    return fields


def encode_records(
    records: Sequence[Any], level: int = 1, page_size: int = PAGE_SIZE
) -> dict[str, bytes]:
    """The stored fields of a replay's records (:data:`RECORDS`): ``w<k>`` the records of
    page ``k``'s steps, their canonical JSON joined by ``","``, packed at ``level``.

    >>> encode_records([{}, {"public": {"ids": ["A-1"]}}, {}], 0, 2)
    {'w0': b'{},{"public":{"ids":["A-1"]}}', 'w1': b'{}'}
    """
    return {
        f"w{number}": pack(canonical_bytes(list(records[start : start + page_size]))[1:-1], level)
        for number, start in enumerate(range(0, len(records), page_size))
    }


# -- reading ------------------------------------------------------------------------------------


def loads(data: bytes) -> Any:
    """JSON we wrote ourselves, read by the standard library: orjson reads it twice as fast
    but turns an integer over 64 bits (a log may carry one in its metadata) into a float
    without a word."""
    return json.loads(data)


def document_chunks(document: Mapping[str, Any], pages: Iterable[bytes] | None) -> Iterator[bytes]:
    """The canonical JSON of ``document`` with ``pages`` (steps joined by ``","``, no
    brackets) as its ``steps``, in pieces; without ``pages`` (None) the document alone.

    Byte for byte ``canonical_bytes({**document, "steps": <the steps>})``: keys are sorted
    (by code point, as canonical JSON sorts them), so the fields before ``steps`` come
    first, then the pages, then the rest.

    >>> b"".join(document_chunks({"z": 1, "a": [2]}, [b'{"i":0},{"i":1}', b'{"i":2}']))
    b'{"a":[2],"steps":[{"i":0},{"i":1},{"i":2}],"z":1}'
    >>> b"".join(document_chunks({"a": 1}, []))
    b'{"a":1,"steps":[]}'
    """
    if pages is None:
        yield canonical_bytes(dict(document))
        return
    keys = sorted(k for k in document if k != "steps")
    before = [_member(k, document[k]) for k in keys if k < "steps"]
    after = [_member(k, document[k]) for k in keys if k > "steps"]
    yield b"{" + b"".join(m + b"," for m in before) + b'"steps":['
    first = True
    for page in pages:
        yield page if first else b"," + page
        first = False
    yield b"]" + b"".join(b"," + m for m in after) + b"}"


def _member(key: str, value: Any) -> bytes:
    return canonical_bytes(key) + b":" + canonical_bytes(value)


def page_of_steps(steps: Sequence[Mapping[str, Any]]) -> bytes:
    """Steps as a stored page is: their canonical JSON joined by ``","``, no brackets."""
    return canonical_bytes(list(steps))[1:-1]


class StoredReplay:
    """A replay stored in pages: its head read, its pages read when asked for.

    ``fetch`` gets stored fields by name (the store's ``HMGET``, or a dict's look-ups);
    ``fetched`` are fields the store read with the head (packed), used once.  Nothing here
    holds more than one decoded page (or :data:`FETCH_BATCH` compressed ones) beyond the
    head.
    """

    def __init__(
        self, head: bytes, fetch: Fetch, fetched: Mapping[str, bytes | None] | None = None
    ) -> None:
        #: whether its fields are stored compressed (records made later are stored alike)
        self.packed = head[:4] == ZSTD_MAGIC
        meta_line, self._before, self._after = unpack(head).split(b"\n", 2)
        meta = loads(meta_line)
        if meta.get("format") != FORMAT:
            raise ValueError(f"not a stored replay head: format {meta.get('format')!r}")
        self.total: int | None = meta["steps"]
        self.page_size: int = meta["page_size"]
        #: whether the records were left to be made on the first read that needs them
        #: (:data:`LATER`); a result stored before that (or with them) says nothing
        self.records_later: bool = meta.get("records") == LATER
        self._fetch = fetch
        self._fetched = {k: v for k, v in (fetched or {}).items() if v is not None}
        self._document: dict[str, Any] | None = None

    @property
    def document(self) -> dict[str, Any]:
        """The replay's fields other than its steps (decoded on first use)."""
        if self._document is None:
            if self.total is None:
                self._document = loads(self._before)
            else:
                self._document = loads(self._before + self._after)
                del self._document["steps"]
        return self._document

    @property
    def pages(self) -> int:
        """How many pages the steps take."""
        return -(-(self.total or 0) // self.page_size)

    def page_bytes(self, first: int = 0, stop: int | None = None) -> Iterator[bytes]:
        """The plain pages ``first`` to ``stop - 1`` (default: to the last), in order,
        fetched :data:`FETCH_BATCH` at a time."""
        stop = self.pages if stop is None else min(stop, self.pages)
        for start in range(first, stop, FETCH_BATCH):
            names = [str(n) for n in range(start, min(start + FETCH_BATCH, stop))]
            packed = {name: self._fetched.pop(name, None) for name in names}
            missing = [name for name, data in packed.items() if data is None]
            if missing:
                packed.update(zip(missing, self._fetch(missing), strict=True))
            for name in names:
                data = packed.pop(name)  # hold only what is still to be sent
                if data is None:
                    raise ResultExpired(f"page {name} of the result is gone (expired)")
                yield unpack(data)

    def pages_of_steps(
        self, first: int = 0, stop: int | None = None
    ) -> Iterator[list[dict[str, Any]]]:
        """The decoded pages ``first`` to ``stop - 1``, one list of steps at a time."""
        for page in self.page_bytes(first, stop):
            yield loads(b"[" + page + b"]")

    def steps(self, offset: int, limit: int) -> list[dict[str, Any]]:
        """Steps ``offset`` to ``offset + limit - 1`` (fewer at the end), reading only the
        pages that hold them."""
        if offset < 0:
            raise ValueError(f"offset must be 0 or more, not {offset}")
        if limit <= 0 or self.total is None or offset >= self.total:
            return []
        end = min(offset + limit, self.total)
        first, last = offset // self.page_size, (end - 1) // self.page_size
        out: list[dict[str, Any]] = []
        for number, page in enumerate(self.pages_of_steps(first, last + 1), start=first):
            base = number * self.page_size
            out.extend(page[max(offset - base, 0) : end - base])
        return out

    def records_of_pages(self, first: int = 0, stop: int | None = None) -> Iterator[list[Any]]:
        """The records (:data:`RECORDS`) of pages ``first`` to ``stop - 1``, one list a
        page; a page stored without them is a list of None (one a step: the reader then
        withholds what :meth:`judge.core.perspective.Withheld.unrecorded` does)."""
        stop = self.pages if stop is None else min(stop, self.pages)
        for start in range(first, stop, FETCH_BATCH):
            names = [f"w{n}" for n in range(start, min(start + FETCH_BATCH, stop))]
            for number, data in zip(range(start, stop), self._fetch(names), strict=False):
                if data is None:
                    base = number * self.page_size
                    yield [None] * (min(base + self.page_size, self.total or 0) - base)
                else:
                    yield loads(b"[" + unpack(data) + b"]")

    def records_missing(self) -> bool:
        """Whether the records were left for later (:attr:`records_later`) and are not made
        yet (one look at the first page's: they are stored all at once)."""
        return self.records_later and not self._fetch(["w0"])[0]

    def records(self, offset: int, limit: int) -> list[Any]:
        """The records of steps ``offset`` to ``offset + limit - 1``, as :meth:`steps`."""
        if limit <= 0 or self.total is None or offset >= self.total:
            return []
        end = min(offset + limit, self.total)
        first, last = offset // self.page_size, (end - 1) // self.page_size
        out: list[Any] = []
        for number, page in enumerate(self.records_of_pages(first, last + 1), start=first):
            base = number * self.page_size
            out.extend(page[max(offset - base, 0) : end - base])
        return out

    def iter_steps(self) -> Iterator[dict[str, Any]]:
        """Every step in order, decoded one page at a time."""
        for page in self.pages_of_steps():
            yield from page

    def json_chunks(self) -> Iterator[bytes]:
        """The replay's canonical JSON, byte for byte as it was judged, in pieces: the
        stored pages spliced in as they are between the head's halves (nothing decoded)."""
        yield self._before
        first = True
        for page in self.page_bytes() if self.total is not None else ():
            yield page if first else b"," + page
            first = False
        if self._after:
            yield self._after

    def whole(self) -> dict[str, Any]:
        """The whole replay as one document (costs what the replay weighs: for tools and
        tests, not for the API's reads)."""
        if self.total is None:
            return dict(self.document)
        return {**self.document, "steps": list(self.iter_steps())}


class WholeReplay(StoredReplay):
    """A result stored before pages (one frame of the whole canonical JSON), read with the
    same interface.  It is decoded whole on the first read that needs more than its
    bytes, as it always was; the judge's JSON is its stored bytes, as they were."""

    def __init__(self, plain: bytes, page_size: int = PAGE_SIZE) -> None:
        self._plain = plain
        self._decoded: dict[str, Any] | None = None
        self.page_size = page_size
        self._fetch = self._fetch_decoded
        self._fetched = {}
        self.records_later = False  # (stored before records: none are made for it)
        self.packed = False

    def _replay(self) -> dict[str, Any]:
        if self._decoded is None:
            self._decoded = loads(self._plain)
        return self._decoded

    @property
    def document(self) -> dict[str, Any]:  # type: ignore[override]
        replay = self._replay()
        if not isinstance(replay.get("steps"), list):
            return dict(replay)
        return {k: v for k, v in replay.items() if k != "steps"}

    @property
    def total(self) -> int | None:  # type: ignore[override]
        steps = self._replay().get("steps")
        return len(steps) if isinstance(steps, list) else None

    def _fetch_decoded(self, names: Sequence[str]) -> list[bytes | None]:
        steps = self._replay()["steps"]
        size = self.page_size
        return [
            None if n.startswith("w") else page_of_steps(steps[int(n) * size : (int(n) + 1) * size])
            for n in names
        ]  # stored before records: none

    def pages_of_steps(
        self, first: int = 0, stop: int | None = None
    ) -> Iterator[list[dict[str, Any]]]:
        """Slices of the decoded steps (not encoded and decoded again: this form costs what
        it cost before pages, no more)."""
        steps, size = self._replay()["steps"], self.page_size
        stop = self.pages if stop is None else min(stop, self.pages)
        for number in range(first, stop):
            yield steps[number * size : (number + 1) * size]

    def json_chunks(self) -> Iterator[bytes]:
        yield self._plain

    def whole(self) -> dict[str, Any]:
        return self._replay()
