"""Card sets from the user: a file per set, named by a log by its name or its content hash.

A *card set* is a document ``{"format": "judge-card-set/1", "game": …, "name": …,
"cards": [...]}`` (``docs/cards.md``): card definitions of one game in the shape of a log's
``cards``, checked by the same schemas (:mod:`schemas.cardset`).  Its *hash* is the
SHA-256 of its canonical JSON (:func:`judge.core.canonical.sha256_of`), so the same set
has the same hash wherever it is stored, and a log that names ``"sha256:<hex>"`` in its
``card_sets`` names exactly one list of definitions.

Which sets a run may use is a :class:`CardSets` registry, passed explicitly (the CLI's
``--card-set`` files, the service's stored sets): this package reads no file and asks no
store by itself, and the same log with the same registry is judged the same everywhere.
The built-in sets (``judge/cards/*.json``) stay as they are; a user set may not take a
built-in set's name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.core.canonical import sha256_of
from judge.core.errors import BadLog
from judge.core.jsontext import DEFAULT_LIMITS, Limits, read_document

FORMAT = "judge-card-set/1"
#: How a log names a set by content: ``"sha256:"`` and 64 lowercase hexadecimal digits.
HASH_PREFIX = "sha256:"
HASH_REF = re.compile(r"sha256:[0-9a-f]{64}")
#: A set's name: a letter or digit, then letters, digits, ``.``, ``_``, ``-`` (at most 64).
NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"


@dataclass(frozen=True)
class CardSet:
    """A checked card set.

    ``document`` is the set exactly as given (what its hash is taken over, what the service
    hands back); ``cards`` maps each code to its definition as the game's card schema loads
    it (omitted optional fields filled with their defaults), as a log's own ``cards`` are.
    Read-only by convention: registries and caches share one instance.
    """

    name: str
    game: str
    sha256: str
    document: dict[str, Any] = field(repr=False, compare=False)
    cards: dict[str, dict[str, Any]] = field(repr=False, compare=False)

    @property
    def ref(self) -> str:
        """How a log names this set by content: ``sha256:<hex>``."""
        return HASH_PREFIX + self.sha256

    def summary(self) -> dict[str, Any]:
        """Name, game, hash and number of cards (what a listing shows)."""
        return {
            "name": self.name,
            "game": self.game,
            "sha256": self.sha256,
            "cards": len(self.cards),
        }


class UnknownCardSet(LookupError):
    """A log names a set the registry cannot give: unknown, or a name several sets have."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def set_hash(document: dict[str, Any]) -> str:
    """The hex SHA-256 of a set document's canonical JSON."""
    return sha256_of(document)


def is_hash_ref(ref: str) -> bool:
    """Whether ``ref`` names a set by content (``sha256:<64 hex digits>``)."""
    return HASH_REF.fullmatch(ref) is not None


def read_card_set(
    text: str | bytes | dict[str, Any] | Any, limits: Limits = DEFAULT_LIMITS
) -> CardSet:
    """Read and check a card set; raise :class:`BadLog` naming every problem by path.

    Text is read by the strict reader within ``limits`` (a duplicate key, ``NaN``, a lone
    surrogate, too many bytes: refused by path as for a log).
    """
    from judge.games import validator  # the schemas, as judge.core.log asks for them

    validate_card_set = validator("card-set")
    if isinstance(text, str | bytes):
        text = read_document(text, limits, what="card set")
    errors, card_set = validate_card_set(text)
    if errors:
        raise BadLog(errors)
    assert card_set is not None
    return card_set


class CardSets:
    """The user sets a run may use, found by hash (``sha256:<hex>``) or by name.

    ``names`` says which sets a name may give.  None (the command line): a name resolves
    among every set given, the files the user passed.  A mapping (the service): a name
    resolves only to the hashes listed for it, the sets of that name the submitting client
    owns, or the one hash pinned when the log was accepted; a set given for its hash alone
    (another owner's, named by hash) never makes a name ambiguous.  A name with several
    hashes is refused as ambiguous (the log must name one by hash); the same set given
    twice is one set.
    """

    def __init__(
        self,
        sets: Iterable[CardSet] = (),
        names: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        self._by_hash: dict[str, CardSet] = {}
        self._names = None if names is None else {k: tuple(v) for k, v in names.items()}
        for card_set in sets:
            self.add(card_set)

    def add(self, card_set: CardSet) -> None:
        self._by_hash.setdefault(card_set.sha256, card_set)

    def __iter__(self) -> Iterator[CardSet]:
        return iter(sorted(self._by_hash.values(), key=lambda s: (s.name, s.sha256)))

    def __len__(self) -> int:
        return len(self._by_hash)

    def resolve(self, ref: str) -> CardSet:
        """The set ``ref`` names; :class:`UnknownCardSet` saying why when there is none."""
        if ref.startswith(HASH_PREFIX):
            found = self._by_hash.get(ref[len(HASH_PREFIX) :])
            if found is None:
                if not is_hash_ref(ref):
                    raise UnknownCardSet(
                        f"{ref!r} is not a set hash: sha256: and 64 lowercase hexadecimal digits"
                    )
                raise UnknownCardSet(f"no card set with hash {ref} is available{self._where()}")
            return found
        if self._names is None:
            hashes = [s.sha256 for s in self if s.name == ref]
        else:
            hashes = sorted(self._names.get(ref, ()))
        if len(hashes) > 1:
            listed = ", ".join(HASH_PREFIX + h for h in hashes)
            raise UnknownCardSet(
                f"{len(hashes)} card sets are named {ref!r} ({listed}); name one by its hash"
            )
        found = self._by_hash.get(hashes[0]) if hashes else None
        if found is None:
            raise UnknownCardSet(f"unknown card set {ref!r}{self._where()}")
        return found

    def _where(self) -> str:
        from judge.core.cards import builtin_set_names

        builtin = ", ".join(builtin_set_names()) or "none"
        if self._names is None:
            given = ", ".join(sorted({s.name for s in self})) or "none"
        else:
            given = ", ".join(sorted(n for n, h in self._names.items() if h)) or "none"
        return f"; built-in sets: {builtin}; sets given: {given}"
