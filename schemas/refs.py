"""The references a log's fields check (player ids, card codes, instance ids, action
indices): what the document names, read before loading (:class:`Refs`, the marshmallow
``Context`` of the log being loaded), and the checks against it.  Apart from the fields
themselves (:mod:`schemas.log_fields`, which re-exports these) for the size of that module.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from marshmallow import ValidationError
from marshmallow.experimental.context import Context


@dataclass
class Refs:
    """What the document names, read before loading, for the fields that check references.

    ``None`` means "could not be read", and the checks that need it are skipped (the
    reason is reported elsewhere, once, instead of once per reference).
    """

    game: str | None = None
    players: tuple[str, ...] | None = None
    #: player id -> deck section ("main", "ap") -> number of cards listed.
    deck_sizes: dict[str, dict[str, int]] = field(default_factory=dict)
    #: card code -> card type (None when the definition gives none readable).
    cards: dict[str, str | None] | None = None
    n_actions: int | None = None
    #: instance-id tag -> deck section: ``{"": "main", "AP": "ap"}`` reads ``P1-7`` as the
    #: 7th card of ``main`` and ``P1-AP2`` as the 2nd of ``ap``.
    sections: dict[str, str] = field(default_factory=lambda: {"": "main"})
    #: ``repr`` of an object already loaded by a ``OneOfKind`` through marshmallow -> its
    #: loaded value or refusal.  Within one log the references do not change, so an
    #: identical action loads identically: marshmallow's pass over a log the fast path
    #: refused does not load again what it loaded (or refused) already.
    loaded: dict[str, Any] = field(default_factory=dict)
    #: built-in set name -> its game, for the sets read while the references were read (so
    #: that the ``card_sets`` field does not decode them a second time)
    set_games: dict[str, Any] = field(default_factory=dict)
    #: how to read the cards the log knows by name: a function giving name key
    #: (:func:`judge.core.cardnames.deck_key`) -> the codes of the cards of that name, called
    #: on the first string that is neither an instance id nor a known code; None: no names
    name_table: Callable[[], dict[str, list[str]]] | None = None
    #: name as written -> the code it was read as, for every name read while loading
    named: dict[str, str] = field(default_factory=dict)
    #: a compiled loader's key (:mod:`schemas.fastload`) -> value as given -> what it loaded
    #: to, for the fields whose result depends only on the value and these references, which
    #: do not change while one log is loaded: a card reference or a code is checked once per
    #: log (:meth:`memo`), and a log names the same cards again and again
    checked: dict[Any, dict[Any, Any]] = field(default_factory=dict)
    _by_name: dict[str, list[str]] | None = None
    #: (players, sections, the pattern of their instance ids): :meth:`instance_pattern`
    _pattern: tuple[Any, Any, re.Pattern[str]] | None = field(
        default=None, repr=False, compare=False
    )

    def instance_pattern(self) -> re.Pattern[str]:
        """The pattern of this log's instance ids (:func:`_instance_pattern`), found once
        for these players and sections (it was looked up, by their tuples, per reference)."""
        known = self._pattern
        if known is None or known[0] is not self.players or known[1] is not self.sections:
            pattern = _instance_pattern(self.players or (), tuple(self.sections))
            known = self._pattern = (self.players, self.sections, pattern)
        return known[2]

    def memo(self, key: Any) -> dict[Any, Any]:
        """The values a loader (``key``, its own) loaded with these references: :attr:`checked`."""
        memo = self.checked.get(key)
        if memo is None:
            memo = self.checked[key] = {}
        return memo

    def codes_named(self, name: str) -> list[str]:
        """The codes of the cards the log knows whose name is ``name`` (names compared as
        deck lists compare them); none when names cannot be read."""
        if self.name_table is None:
            return []
        if self._by_name is None:
            self._by_name = self.name_table()
        from judge.core.cardnames import deck_key

        return self._by_name.get(deck_key(name), [])


try:  # Context.get(None), without its call: asked several times an action
    from marshmallow.experimental.context import _CURRENT_CONTEXT

    _context = _CURRENT_CONTEXT.get
except ImportError:  # pragma: no cover - a marshmallow that keeps it elsewhere
    _context = Context.get

#: ``context(None)``: the marshmallow context as it is, for the compiled loaders that test
#: it is a :class:`Refs` themselves (``isinstance``) rather than call :func:`current_refs`
context = _context


def current_refs() -> Refs | None:
    """The :class:`Refs` of the log being loaded (the marshmallow context), or None."""
    refs = _context(None)
    return refs if type(refs) is Refs or isinstance(refs, Refs) else None


def player_list(players: tuple[str, ...]) -> str:
    return ", ".join(players) if players else "none"


def parse_instance_id(ref: str, refs: Refs) -> tuple[str, str, int] | None:
    """``"P1-7"`` -> ``("P1", "main", 7)`` when ``P1`` is a listed player; else None."""
    if not refs.players:
        return None
    m = refs.instance_pattern().fullmatch(ref)
    if m is None:
        return None
    pid, tag, n = m.groups()  # (in the pattern's order: pid, tag, n)
    return pid, refs.sections[tag or ""], int(n)


@lru_cache(maxsize=64)
def _instance_pattern(players: tuple[str, ...], tags: tuple[str, ...]) -> re.Pattern[str]:
    """The pattern of an instance id: a player (the longest id first, so that ``P1-2-3``
    reads as player ``P1-2``'s 3rd card when there is one), ``-``, a list's tag, a number.
    Made once per log shape, not once per reference (a log has hundreds of references)."""
    pids = "|".join(re.escape(pid) for pid in sorted(players, key=len, reverse=True))
    alternatives = "|".join(re.escape(tag) for tag in sorted(tags, key=len, reverse=True) if tag)
    tag = f"(?P<tag>{alternatives})?" if alternatives else "(?P<tag>(?!))?"  # never a tag
    return re.compile(rf"(?P<pid>{pids})-{tag}(?P<n>[1-9][0-9]*|0)")


def check_card_code(code: str) -> str:
    """The code ``code`` stands for: itself when it is a card the log knows, else the code
    of the one card the log knows by that name (:func:`code_of_name`); ValidationError if
    neither (unknown) or if several cards carry that name (which one is meant changes the
    ruling, so the log must say)."""
    refs = current_refs()
    if refs is not None and refs.cards is not None and code not in refs.cards:
        named = code_of_name(code, refs)
        if named is None:
            raise ValidationError(f"unknown card code {code!r} (not in cards or card_sets)")
        return named
    return code


def code_of_name(name: str, refs: Refs) -> str | None:
    """The code of the one card the log knows by the name ``name`` (noted in
    ``refs.named``, so that the document the engine reads can be given codes:
    :func:`schemas.action_log.validate_log`), None when no card carries it.

    Why at load time: a person writing a log by hand knows "Cinder Gunner", not its code;
    read here, into the code, the engines, the replay's steps and the canonical log only
    ever see codes.  Only a string a field reads as a card reaches this (after its
    keywords, ``"player"`` and the like, and after instance ids and codes)."""
    codes = refs.codes_named(name)
    if len(codes) > 1:
        raise ValidationError(
            f"{name!r} is the name of {len(codes)} cards ({', '.join(codes)}): "
            "write the code of the one meant"
        )
    if not codes:
        return None
    refs.named[name] = codes[0]
    return codes[0]


def check_ref_string(ref: str) -> str:
    """The reference ``ref`` stands for: an instance id in range or a known card code as it
    is, a card's unique name as that card's code; ValidationError otherwise.

    A string that is an instance id of a listed player (``<player>-<n>``,
    ``<player>-AP<n>``) is read as one; any other string is a card code or, failing that,
    a card's name.  A string that is both an instance id and a known card code is ambiguous.
    """
    refs = current_refs()
    if refs is None:
        return ref
    instance = parse_instance_id(ref, refs)
    known_code = refs.cards is not None and ref in refs.cards
    if instance is not None:
        if known_code:
            raise ValidationError(
                f"ambiguous card reference {ref!r}: both an instance id and a card code; "
                'write {"code": …, "zone": …} to mean the code'
            )
        pid, section, n = instance
        sizes = refs.deck_sizes.get(pid)
        size = sizes.get(section) if sizes is not None else None
        if size is not None and not 1 <= n <= size:
            raise ValidationError(
                f"instance id {ref!r} is out of range: the {section} list of player {pid!r} has "
                f"{size} card{'' if size == 1 else 's'}"
            )
        return ref
    return check_card_code(ref)
