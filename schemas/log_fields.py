"""The fields of the action log's schemas, with plain messages, and the references they check.

The fields that hold references (player ids, card codes, instance ids, action indices) look
them up in a :class:`Refs`, the marshmallow ``Context`` of the log being loaded (see
:func:`schemas.action_log.validate_log`).  Every game's module builds its schemas from these
fields (through :mod:`schemas.action_log`, which re-exports them).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate
from marshmallow.exceptions import SCHEMA
from marshmallow.utils import is_collection

from judge.core.errors import MAX_ERRORS
from judge.games import GAMES, PLANNED
from schemas.fastload import Refused, loads_exactly, schema_loader
from schemas.problems import (
    _COUNTING,
    MISSING_MESSAGE,
    NULL_MESSAGE,
    OBJECT_MESSAGE,
    count_problems,
    counting,
    too_many,
    unlisted,
)
from schemas.refs import Refs as Refs  # re-exported: the schemas import these from here
from schemas.refs import check_card_code as check_card_code
from schemas.refs import check_ref_string as check_ref_string
from schemas.refs import context
from schemas.refs import current_refs as current_refs
from schemas.refs import parse_instance_id as parse_instance_id
from schemas.refs import player_list as player_list

# --------------------------------------------------------------------------------------------
# Fields, with plain messages
# --------------------------------------------------------------------------------------------


class _Plain:
    default_error_messages = {"required": MISSING_MESSAGE, "null": NULL_MESSAGE}


def not_empty() -> validate.Length:
    return validate.Length(min=1, error="must not be empty")


def at_least(minimum: int) -> validate.Range:
    return validate.Range(min=minimum, error="must be at least {min}")


def one_of(choices: Any) -> validate.OneOf:
    return validate.OneOf(list(choices), error="must be one of: {choices}")


class Str(_Plain, fields.String):
    default_error_messages = {"invalid": "must be a string"}

    def __init__(self, *, non_empty: bool = False, **kwargs: Any) -> None:
        if non_empty:
            kwargs["validate"] = [not_empty(), *_as_list(kwargs.get("validate"))]
        super().__init__(**kwargs)


class Int(_Plain, fields.Integer):
    """An integer as JSON gives it: no floats, no strings, no booleans."""

    default_error_messages = {"invalid": "must be an integer"}

    def __init__(self, *, minimum: int | None = None, **kwargs: Any) -> None:
        if minimum is not None:
            kwargs["validate"] = [at_least(minimum), *_as_list(kwargs.get("validate"))]
        super().__init__(strict=True, **kwargs)


class Bool(_Plain, fields.Boolean):
    """``true`` or ``false`` only (not 1, 0, "yes")."""

    default_error_messages = {"invalid": "must be true or false"}

    @loads_exactly(bool)  # for schemas.fastload: checked in line
    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class List(_Plain, fields.List):
    """A JSON list; at most ``max_entries`` entries (then refused unread, ``why`` saying
    what bounds it), and only the problems a refusal can list are built.

    Why the bound: each entry costs the judge work (a deck list's card is looked up, a card
    definition loaded), so a list far longer than the game allows must not be read at all;
    the bound is a generous multiple of what is legal, so that an over-long but plausible
    list (a 60-card deck) still reaches the rule that refuses it.

    Why the count: entries are read in order, and an entry's problems sort after those of the
    entries before it, in the same top-level field; so once :data:`MAX_ERRORS` problems are
    found, the entries after them are only counted (:func:`counted_only`), and their count is
    kept as one :class:`~judge.core.errors.Unlisted` under the list.
    """

    default_error_messages = {"invalid": "must be a list"}
    #: for :mod:`schemas.fastload`: what loads successfully loads as marshmallow's List does
    LOADS_AS = fields.List

    def __init__(
        self,
        *args: Any,
        max_entries: int | Callable[[], int | None] | None = None,
        why: str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        #: the most entries read, or a function of the log being read that says it
        self.max_entries = max_entries
        self.why = why

    def bound(self) -> int | None:
        """The most entries read here, now (None: no bound)."""
        bound = self.max_entries
        return bound() if callable(bound) else bound

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if not is_collection(value):
            raise self.make_error("invalid")
        bound = self.bound()
        if bound is not None and len(value) > bound:
            raise ValidationError(too_many(len(value), bound, self.why))
        result: list[Any] = []
        errors: dict[Any, Any] = {}
        found = counted = 0  # problems listed, problems only counted (entries past the first)
        deserialize = self.inner.deserialize
        token = None
        memo: dict[str, int] = {}  # entry as given -> its number of problems, when counting
        try:
            for idx, each in enumerate(value):
                if token is None and found >= MAX_ERRORS and not counting():
                    token = _COUNTING.set(True)
                if token is not None:  # refused already: only the count matters
                    key = repr(each)
                    n = memo.get(key)
                    if n is None:
                        try:
                            deserialize(each, **kwargs)
                            n = 0
                        except ValidationError as error:
                            n = count_problems(error.messages)
                        memo[key] = n
                    counted += n
                    continue
                try:
                    result.append(deserialize(each, **kwargs))
                except ValidationError as error:
                    if error.valid_data is not None:
                        result.append(error.valid_data)
                    errors[idx] = error.messages
                    found += count_problems(error.messages)
        finally:
            if token is not None:
                _COUNTING.reset(token)
        if counted:
            errors[SCHEMA] = [unlisted(counted, "problems in later entries")]
        if errors:
            raise ValidationError(errors, valid_data=result)
        return result


class Nested(_Plain, fields.Nested):
    pass


class Dict(_Plain, fields.Dict):
    """A JSON object; errors are reported under the key (``decks.P1.main[3]``)."""

    default_error_messages = {"invalid": OBJECT_MESSAGE}
    #: for :mod:`schemas.fastload`: what loads successfully loads as marshmallow's Dict does
    #: (only the errors are rewritten)
    LOADS_AS = fields.Dict

    def __init__(
        self, *args: Any, max_entries: int | None = None, why: str | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        #: at most this many entries (then refused unread: each costs a check; see List)
        self.max_entries = max_entries
        self.why = why

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if (
            self.max_entries is not None
            and isinstance(value, dict)
            and len(value) > self.max_entries
        ):
            raise ValidationError(too_many(len(value), self.max_entries, self.why))
        try:
            return super()._deserialize(value, attr, data, **kwargs)
        except ValidationError as exc:
            if not isinstance(exc.messages, dict):
                raise
            messages: dict[Any, Any] = {}
            for key, problem in exc.messages.items():
                key_messages = list(problem.get("key", []))
                value_messages = problem.get("value")
                if value_messages is None:
                    messages[key] = key_messages
                elif isinstance(value_messages, dict):
                    own = value_messages.get(SCHEMA, [])
                    messages[key] = (
                        {**value_messages, SCHEMA: [*_as_list(own), *key_messages]}
                        if key_messages
                        else value_messages
                    )
                else:
                    messages[key] = key_messages + list(value_messages)
            raise ValidationError(messages) from None


class FreeObject(Dict):
    """Any JSON object, kept as it is."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(keys=fields.String(), **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        """A JSON object's keys are strings already: copied as they are, not each loaded as
        a string field (300,000 keys took 0.5 s that way; the result is the same)."""
        if type(value) is dict and self.max_entries is None and set(map(type, value)) <= {str}:
            return dict(value)
        return super()._deserialize(value, attr, data, **kwargs)

    def fast_loader(self) -> Any:
        """For :mod:`schemas.fastload`: the same copy (None when the field has more to it)."""
        if self.pre_load or self.post_load or self.validators or self.max_entries is not None:
            return None
        allow_none = self.allow_none

        def run(value: Any, attr: Any, data: Any) -> Any:
            if value is None and allow_none:
                return None
            if type(value) is not dict or not set(map(type, value)) <= {str}:
                raise Refused
            return dict(value)

        return run


class Scalar(_Plain, fields.Field):
    """A string, number, boolean or null."""

    json_schema_nullable = True
    default_error_messages = {"invalid": "must be a string, a number, true, false or null"}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(allow_none=True, **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, float) and not math.isfinite(value):
            raise self.make_error("invalid")
        if not isinstance(value, str | int | float | bool):
            raise self.make_error("invalid")
        return value

    def json_schema(self, converter: Any) -> dict[str, Any]:
        return {"type": ["string", "number", "boolean", "null"]}


class PlayerId(Str):
    """The id of a player listed in ``players``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(non_empty=True, **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        value = super()._deserialize(value, attr, data, **kwargs)
        refs = current_refs()
        if refs is not None and refs.players is not None and value not in refs.players:
            raise ValidationError(
                f"player {value!r} is not among players ({player_list(refs.players)})"
            )
        return value

    def fast_loader(self) -> Any:
        """For :mod:`schemas.fastload`: this field's loader (a non-empty string among the
        log's players), when its only validator is the one of ``non_empty``."""
        if self.pre_load or self.post_load or not all(map(_is_not_empty, self.validators)):
            return None
        allow_none = self.allow_none

        def run(value: Any, attr: Any, data: Any) -> Any:
            if type(value) is str and value:
                refs = context(None)
                players = refs.players if isinstance(refs, Refs) else None
                if players is not None and value not in players:
                    raise Refused
                return value
            if value is None and allow_none:
                return None
            raise Refused

        return run

    def fast_source(self, source: Any, depth: int, key: str, store: str) -> bool:
        """For :mod:`schemas.fastload`: lines that load ``v`` as :meth:`fast_loader`'s
        loader does, in the compiled loader of the schema holding the field (every action
        has a player: its call was one of the few left an action).  A non-empty string
        with the log's references at hand is checked in line; any other value is loaded
        by that loader.  False (no lines) when it has no loader."""
        loader = self.fast_loader()
        if loader is None:
            return False
        refs = reading_refs(source)
        source.add(depth, f"if type(v) is str and v and type({refs}) is {source.name(Refs)}:")
        source.add(depth + 1, f"if {refs}.players is not None and v not in {refs}.players:")
        source.add(depth + 2, "raise Refused")
        source.add(depth + 1, f"{store}v")
        source.add(depth, "else:")
        source.add(depth + 1, f"{store}{source.name(loader)}(v, {key}, data)")
        return True


def reading_refs(source: Any) -> str:
    """For a field's ``fast_source``: the name by which the compiled loader holds what the
    marshmallow context holds (the log's :class:`Refs` while a log is loaded), read once
    when it starts."""
    source.once(f"refs = {source.name(context)}(None)")
    return "refs"


def _is_not_empty(validator: Any) -> bool:
    """``validator`` is :func:`not_empty`'s (it refuses the empty string, nothing else)."""
    return (
        type(validator) is validate.Length
        and validator.min == 1
        and validator.max is None
        and validator.equal is None
    )


class CardCode(Str):
    """The code of a card defined in ``cards`` or in one of the ``card_sets``.

    A subclass that refuses some of the cards the log knows (a deck list's section: AP
    cards in ``ap`` only) says why in :meth:`misplaced`, which this class's loading asks
    (so that its compiled loader, :meth:`fast_loader`, asks the same)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(non_empty=True, **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        value = super()._deserialize(value, attr, data, **kwargs)
        if value:
            value = check_card_code(value)  # a card's unique name is read as its code
        if self.misplaced is not None:
            refs = current_refs()
            kind = refs.cards.get(value) if refs is not None and refs.cards is not None else None
            problem = self.misplaced(value, kind)
            if problem is not None:
                raise ValidationError(problem)
        return value

    #: ``misplaced(code, kind)``: why this field refuses ``code`` (its card type ``kind``,
    #: from the log's references: None when unknown or not given), or None; None: no such
    #: check (a method in a subclass that has one)
    misplaced: Callable[[str, str | None], str | None] | None = None

    def fast_loader(self) -> Any:
        """For :mod:`schemas.fastload`: this field's loader.  A code the log knows (the
        common case: a deck list, a code in an action) is accepted as it is after one
        look-up in the log's cards, as :func:`check_card_code` accepts it, and
        :meth:`misplaced`; any other string (a card's name, an unknown code) is loaded once
        per log and remembered (what it loads to depends on the string, this field and the
        log's references only)."""
        if self.pre_load or self.post_load:
            return None
        validators, deserialize, allow_none = (
            tuple(self.validators),
            self._deserialize,
            self.allow_none,
        )
        misplaced = self.misplaced
        # a known code is as it is only if the field checks nothing more than not_empty
        plain = type(self)._deserialize is CardCode._deserialize and all(
            map(_is_not_empty, validators)
        )
        key = object()  # this loader's own: its field's settings (a deck list's section, …)

        def load(value: Any, memo: dict[Any, Any]) -> Any:
            try:
                out = deserialize(value, None, None)
                for check in validators:
                    check(out)
            except ValidationError:
                raise Refused from None
            memo[value] = out
            return out

        def run(value: Any, attr: Any, data: Any) -> Any:
            if type(value) is str:
                refs = context(None)
                if isinstance(refs, Refs):
                    cards = refs.cards
                    if plain and value and (cards is None or value in cards):
                        kind = cards[value] if cards is not None else None
                        if misplaced is not None and misplaced(value, kind) is not None:
                            raise Refused
                        return value
                    memo = refs.memo(key)
                    done = memo.get(value)
                    return load(value, memo) if done is None else done
            if value is None and allow_none:
                return None
            try:
                out = deserialize(value, attr, data)
                for check in validators:
                    check(out)
            except ValidationError:
                raise Refused from None
            return out

        def many(values: list[Any]) -> list[Any]:
            """A list's entries, as ``run`` loads each: when every one is a code the log
            knows, all looked up at once (a deck list; each entry cost a call)."""
            refs = context(None)
            cards = refs.cards if isinstance(refs, Refs) else None
            if not plain or cards is None:
                return [run(value, None, None) for value in values]
            if set(map(type, values)) <= {str} and "" not in values:
                codes = set(values)
                if cards.keys() >= codes:
                    # every entry a code the log knows: refused if one is misplaced, which
                    # (a function of the code and its kind) each code asks once, not each
                    # copy of it (a deck lists most codes several times)
                    if misplaced is not None:
                        for value in codes:
                            if misplaced(value, cards[value]) is not None:
                                raise Refused
                    return list(values)
            out = []
            for value in values:
                if type(value) is str and value and value in cards:
                    if misplaced is not None and misplaced(value, cards[value]) is not None:
                        raise Refused
                    out.append(value)
                else:
                    out.append(run(value, None, None))
            return out

        run.many = many  # type: ignore[attr-defined]  # for schemas.fastload's lists
        return run


class GameSlug(Str):
    """One of the games the judge has an engine for."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(validate=one_of(GAMES), **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        value = super()._deserialize(value, attr, data, **kwargs)
        if value in PLANNED:
            raise ValidationError(f"game {value!r} is not supported yet")
        return value


class CardSetName(Str):
    """A card set shipped with the judge (``judge/cards/<name>.json``) for the log's game."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        # The set lookups are read from schemas.action_log at call time, so this field and
        # validate_log's reference pass always use the same ones (one place to replace them).
        from schemas import action_log

        value = super()._deserialize(value, attr, data, **kwargs)
        known = action_log.builtin_set_names()
        if value not in known:
            raise ValidationError(
                f"unknown card set {value!r}; built-in sets: {', '.join(known) or 'none'}"
            )
        refs = current_refs()
        if refs is not None and value in refs.set_games:
            set_game = refs.set_games[value]
        else:
            set_game = action_log.load_builtin_set(value).get("game")
        if refs is not None and refs.game in GAMES and set_game != refs.game:
            raise ValidationError(f"card set {value!r} is for {set_game!r}, not {refs.game!r}")
        return value


class ActionIndex(Int):
    """The 0-based index of an action of this log."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(minimum=0, **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> int:
        value = super()._deserialize(value, attr, data, **kwargs)
        refs = current_refs()
        if refs is not None and refs.n_actions is not None and value >= refs.n_actions:
            if refs.n_actions == 0:
                raise ValidationError(f"there is no action {value}: the log has no actions")
            raise ValidationError(
                f"there is no action {value}: the log has {refs.n_actions} actions "
                f"(0 to {refs.n_actions - 1})"
            )
        return value


@dataclass(frozen=True)
class _Refusal:
    """What a ``OneOfKind`` value already refused loads to, kept with the loaded values
    (:attr:`Refs.loaded`): the log's fast path and then marshmallow read the same actions,
    and an action of 300,000 unknown keys was loaded four times."""

    error: ValidationError


def _loaded(done: Any) -> Any:
    """A value :attr:`Refs.loaded` holds: the loaded value, or its refusal raised again."""
    if type(done) is _Refusal:
        raise ValidationError(done.error.messages, valid_data=done.error.valid_data)
    return done


class OneOfKind(_Plain, fields.Field):
    """An object whose schema is chosen by one of its fields (``do``, ``mode``).

    ``common`` is a schema of the fields every kind shares; when the kind cannot be read,
    those fields are still checked, so that their errors are reported too.
    """

    default_error_messages = {"invalid": OBJECT_MESSAGE}

    def __init__(
        self,
        discriminator: str,
        kinds: dict[str, type[Schema]],
        *,
        what: str,
        common: type[Schema] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.discriminator = discriminator
        self.kinds = kinds
        self.what = what
        self.common = common
        # one instance per kind, made on first use: building a marshmallow schema costs far
        # more than loading with it, and a log has thousands of actions of a few kinds; and
        # its compiled loader (schemas.fastload), which marshmallow backs up
        self._instances: dict[str, Schema] = {}
        self._loaders: dict[str, Any] = {}
        self._common: Schema | None = None

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, dict):
            raise self.make_error("invalid")
        kind = value.get(self.discriminator)
        schema = self.kinds.get(kind) if isinstance(kind, str) else None
        if schema is not None:
            refs = current_refs()
            # repr of decoded JSON is injective (a dict written in another key order only
            # misses); loaded values are shared and read-only
            key = repr(value) if refs is not None else None
            if key is not None and key in refs.loaded:
                return _loaded(refs.loaded[key])
            try:
                result = self._load_kind(kind, value)
            except ValidationError as exc:
                if key is not None:
                    refs.loaded[key] = _Refusal(exc)
                raise
            if key is not None:
                refs.loaded[key] = result
            return result
        allowed = ", ".join(self.kinds)
        if self.discriminator not in value:
            problem = f"{MISSING_MESSAGE}; one of: {allowed}"
        elif not isinstance(kind, str):
            problem = f"must be a string, one of: {allowed}"
        else:
            problem = f"unknown {self.what} {kind!r}; must be one of: {allowed}"
        messages: dict[str, Any] = {}
        if self.common is not None:
            if self._common is None:  # built once, like the kinds' instances
                self._common = self.common(unknown=EXCLUDE)
            try:
                self._common.load(value)
            except ValidationError as exc:
                messages.update(exc.messages if isinstance(exc.messages, dict) else {})
        messages[self.discriminator] = [problem]
        raise ValidationError(messages)

    def _load_kind(self, kind: str, value: dict[str, Any]) -> Any:
        """``value`` loaded by the schema of ``kind``: by its compiled loader, backed by
        marshmallow (which says what is wrong, or loads what it alone knows)."""
        load = self._loaders.get(kind)
        if load is None:
            load = self._kind_loaders()[kind]
        try:
            return load(value)
        except Refused as refused:
            return self._marshmallow_kind(kind, value, refused)

    def _marshmallow_kind(self, kind: str, value: dict[str, Any], refused: Refused) -> Any:
        """``value``, which the compiled loader of ``kind`` refused, loaded by marshmallow
        (or ValidationError)."""
        if refused.error is not None and refused.value is value:  # marshmallow said so
            raise refused.error from None
        return self._instances[kind].load(value)

    def _kind_loaders(self) -> dict[str, Any]:
        """Kind -> its compiled loader, every kind at once: a process that judges one log
        before it forks workers (the service's preload) hands them all ready."""
        for name, schema in self.kinds.items():
            if name not in self._loaders:
                instance = self._instances[name] = schema()
                self._loaders[name] = schema_loader(instance)
        return self._loaders

    def fast_loader(self) -> Any:
        """For :mod:`schemas.fastload`: this field's loader, and its ``many``, which loads a
        list of them (a log's actions) with one look-up of the kinds' loaders.

        An object of a known kind is loaded by its kind's compiled loader and nothing else:
        no key of it is made (``repr`` cost about as much as loading a small action, and
        only half the actions of a log repeat one before).  An object that loader refuses
        is loaded by marshmallow (:meth:`_load_kind`) and what it said is kept in the log's
        :attr:`Refs.loaded`, where marshmallow's own pass over the log finds it."""
        if self.validators or self.pre_load or self.post_load:
            return None
        discriminator, deserialize = self.discriminator, self._deserialize
        loaders = self._kind_loaders()

        def many(values: Any) -> list[Any]:
            try:  # each an object of a known kind, which its loader accepts: the common case
                return [loaders[value[discriminator]](value) for value in values]
            except (Refused, LookupError, TypeError):
                pass  # then each in turn, as follows
            out = []
            for value in values:
                if type(value) is dict:
                    kind = value.get(discriminator)
                    load = loaders.get(kind) if type(kind) is str else None
                    if load is not None:
                        try:
                            out.append(load(value))
                        except Refused as refused:
                            out.append(self._refused(kind, value, refused))
                        continue
                try:
                    out.append(deserialize(value, None, None))
                except ValidationError:
                    raise Refused from None
            return out

        def run(value: Any, attr: Any, data: Any) -> Any:
            return many((value,))[0]

        run.many = many  # type: ignore[attr-defined]  # for schemas.fastload's lists
        return run

    def _refused(self, kind: str, value: dict[str, Any], refused: Refused) -> Any:
        """An object its kind's compiled loader refused, loaded by marshmallow once per log
        (an action of 300,000 unknown keys was loaded four times): its loaded value, or
        :class:`Refused` when marshmallow refuses it too."""
        refs = current_refs()
        key = repr(value) if refs is not None else None
        done = refs.loaded.get(key, _NOT_LOADED) if refs is not None else _NOT_LOADED
        if done is _NOT_LOADED:
            try:
                done = self._marshmallow_kind(kind, value, refused)
            except ValidationError as exc:
                done = _Refusal(exc)
            if refs is not None:
                refs.loaded[key] = done
        if type(done) is _Refusal:
            raise Refused
        return done

    def json_schema(self, converter: Any) -> dict[str, Any]:
        return {"oneOf": [converter.resolve_nested_schema(s) for s in self.kinds.values()]}


_NOT_LOADED = object()


def json_schema_def(converter: Any, name: str, body: dict[str, Any]) -> dict[str, Any]:
    """For a field's ``json_schema``: register ``body`` once as ``name``, return a ref to it."""
    if name not in converter.spec.components.schemas:
        converter.spec.components.schema(name, component=body)
    return {"$ref": f"#/components/schemas/{name}"}


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list | tuple) else [value]
