"""Loaders compiled from the log's marshmallow schemas: a fast path for values they accept.

Why: marshmallow's generic machinery (an error store, a closure per field, hook lookups,
validators looked up and wrapped on every value) makes loading one action cost about
25 µs, and validation was about a third of the time of a whole replay.  A loader compiled
once from a schema does the same checks in the same order, field by field, and builds the
same result — but only for what it knows to load exactly as marshmallow does; for anything
else, and at the first check that fails, it gives up (raises :class:`Refused`).  The caller
then loads the value through marshmallow, which reports every problem by field path as it
always did.  So the errors of a bad log are marshmallow's own, and a value a loader accepts
is one marshmallow accepts, with an equal result (``tests/test_fastload.py`` holds the two
together on every example log, the benchmark corpus and broken variants of their actions).

What a loader does itself: schemas without load hooks other than ``validates_schema``
(run as marshmallow runs them); exactly JSON's types for strings, strict integers,
lists, objects and nested schemas, as marshmallow's own field classes load them (a field
class that only rewrites the *errors* of one of them says so with ``LOADS_AS``).  Any
other field is loaded by calling its own ``_deserialize`` and validators, which is what
marshmallow's ``Field.deserialize`` does around them; a schema with hooks, by its ``load``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import EXCLUDE, RAISE, Schema, ValidationError, fields, missing
from marshmallow.decorators import POST_LOAD, PRE_LOAD, VALIDATES, VALIDATES_SCHEMA

from schemas.problems import UnknownCounted

#: the ``Schema._deserialize`` methods whose successful loads are marshmallow's own:
#: marshmallow's, and :class:`schemas.problems.UnknownCounted`'s, which differs only in how
#: it reports an object with many unknown fields (a value the fast path refuses unread: any
#: unknown field is :class:`Refused`).  Any other override makes a schema loaded by its
#: ``load`` (without this, the log's base schema, an ``UnknownCounted``, had every schema
#: of the log loaded by marshmallow: the fast path was never taken)
PLAIN_DESERIALIZE = (Schema._deserialize, UnknownCounted._deserialize)

#: A compiled loader: the value, its key and the object holding it (as marshmallow passes
#: them to ``Field._deserialize``) -> the loaded value, or :class:`Refused`.
FieldLoader = Callable[[Any, Any, Any], Any]


class Refused(Exception):
    """The fast path will not vouch for this value: load it through marshmallow.

    ``error`` is marshmallow's own refusal of ``value`` when the fast path already loaded it
    through marshmallow (a schema it cannot compile): the caller need not load it again."""

    def __init__(self, error: ValidationError | None = None, value: Any = None) -> None:
        super().__init__()
        self.error = error
        self.value = value


def _impl(field: fields.Field, name: str) -> Any:
    """The method ``name`` that the field's class loads with (``LOADS_AS``: a marshmallow
    class whose successful loads the field's class leaves unchanged)."""
    return getattr(getattr(type(field), "LOADS_AS", type(field)), name)


def field_loader(field: fields.Field) -> FieldLoader:
    """A loader of a value given for ``field`` (never ``missing``: see :func:`schema_loader`).

    A field class may provide its own, ``fast_loader()`` (None when it cannot): it then
    answers for loading as ``field.deserialize`` does, validators and null included."""
    own = getattr(field, "fast_loader", None)
    loader = own() if own is not None else None
    if loader is not None:
        return loader
    if type(field).deserialize is not fields.Field.deserialize or field.pre_load or field.post_load:
        return _whole_field(field)
    allow_none = field.allow_none
    # Field._validate calls every validator on the value (marshmallow's And), return values
    # ignored; the first that raises is enough to give up
    validators = tuple(field.validators)
    load = _typed(field)
    if load is None:
        load = _own(field)
    if not validators:
        return _none_or(load) if allow_none else _not_null(load)

    def run(value: Any, attr: Any, data: Any) -> Any:
        if value is None:
            if allow_none:
                return None
            raise Refused
        out = load(value, attr, data)
        try:
            for validator in validators:
                validator(out)
        except ValidationError:
            raise Refused from None
        return out

    return run


def _none_or(load: FieldLoader) -> FieldLoader:
    def run(value: Any, attr: Any, data: Any) -> Any:
        return None if value is None else load(value, attr, data)

    return run


def _not_null(load: FieldLoader) -> FieldLoader:
    def run(value: Any, attr: Any, data: Any) -> Any:
        if value is None:
            raise Refused
        return load(value, attr, data)

    return run


def _whole_field(field: fields.Field) -> FieldLoader:
    def run(value: Any, attr: Any, data: Any) -> Any:
        try:
            return field.deserialize(value, attr, data)
        except ValidationError:
            raise Refused from None

    return run


def _own(field: fields.Field) -> FieldLoader:
    """The field's own ``_deserialize``, for the classes this module does not know."""
    deserialize = field._deserialize

    def run(value: Any, attr: Any, data: Any) -> Any:
        try:
            return deserialize(value, attr, data)
        except ValidationError:
            raise Refused from None

    return run


def _typed(field: fields.Field) -> FieldLoader | None:
    """A loader for the marshmallow field classes whose loading this module repeats."""
    deserialize = _impl(field, "_deserialize")
    if deserialize is fields.String._deserialize:
        return _string
    if (
        deserialize is fields.Number._deserialize
        and _impl(field, "_validated") is fields.Integer._validated
        and _impl(field, "_format_num") is fields.Number._format_num
        and getattr(field, "strict", False)
        and getattr(field, "num_type", None) is int
    ):
        return _strict_int
    if deserialize is fields.List._deserialize:
        bound = getattr(field, "bound", None)  # schemas.log_fields.List: at most so many
        return _list(field_loader(field.inner), bound)  # type: ignore[attr-defined]
    if deserialize is fields.Mapping._deserialize and field.mapping_type is dict:  # type: ignore[attr-defined]
        return _mapping(field)
    if (
        deserialize is fields.Nested._deserialize
        and _impl(field, "_load") is fields.Nested._load
        and not field.many  # type: ignore[attr-defined]
    ):
        nested = field.schema  # type: ignore[attr-defined]
        return _nested(schema_loader(nested, field.unknown))  # type: ignore[attr-defined]
    return None


def _string(value: Any, attr: Any, data: Any) -> str:
    if type(value) is not str:
        raise Refused
    return value


def _strict_int(value: Any, attr: Any, data: Any) -> int:
    if type(value) is not int:  # bool is not int here, as marshmallow refuses it
        raise Refused
    return value


def _list(inner: FieldLoader, bound: Callable[[], int | None] | None = None) -> FieldLoader:
    """A list's loader; ``bound`` (the field's) says how many entries it may have.

    An entry loader with a ``many`` (a field's own ``fast_loader`` may give one: a list of
    values -> the list loaded, each entry as the loader loads it) loads the whole list."""
    many: Callable[[list[Any]], list[Any]] | None = getattr(inner, "many", None)
    if many is None:

        def many(value: list[Any]) -> list[Any]:
            return [inner(each, None, None) for each in value]

    if bound is None:

        def run(value: Any, attr: Any, data: Any) -> list[Any]:
            if type(value) is not list:
                raise Refused
            return many(value)

        return run

    def run_bounded(value: Any, attr: Any, data: Any) -> list[Any]:
        if type(value) is not list:
            raise Refused
        most = bound()
        if most is not None and len(value) > most:
            raise Refused
        return many(value)

    return run_bounded


def _mapping(field: Any) -> FieldLoader:
    keys = field_loader(field.key_field) if field.key_field is not None else None
    values = field_loader(field.value_field) if field.value_field is not None else None
    most = getattr(field, "max_entries", None)  # schemas.log_fields.Dict: at most so many

    def run(value: Any, attr: Any, data: Any) -> dict[Any, Any]:
        if type(value) is not dict or (most is not None and len(value) > most):
            raise Refused
        if keys is None and values is None:
            return dict(value)
        out = {}
        for key, item in value.items():
            out[key if keys is None else keys(key, None, None)] = (
                item if values is None else values(item, None, None)
            )
        return out

    return run


def _nested(load: Callable[[Any], Any]) -> FieldLoader:
    def run(value: Any, attr: Any, data: Any) -> Any:
        return load(value)

    return run


def schema_loader(schema: Schema, unknown: str | None = None) -> Callable[[Any], Any]:
    """A loader of one object by ``schema`` (``unknown``: as ``Schema.load`` takes it)."""
    unknown = schema.unknown if unknown is None else unknown
    hooks = schema._hooks
    plain = (
        type(schema).load is Schema.load
        and type(schema)._do_load is Schema._do_load
        and any(type(schema)._deserialize is m for m in PLAIN_DESERIALIZE)
        and not any(hooks[tag] for tag in (PRE_LOAD, POST_LOAD, VALIDATES))
        and not schema.many
        and not schema.partial
        and schema.dict_class is dict
        and unknown in (RAISE, EXCLUDE)
    )
    if plain:
        specs = []
        for name, field in schema.load_fields.items():
            key = field.data_key if field.data_key is not None else name
            attribute = field.attribute or name
            if "." in attribute:  # marshmallow would nest the value
                plain = False
                break
            specs.append((key, attribute, field.required, field.load_default, field_loader(field)))
    if not plain:
        return _whole_schema(schema, unknown)
    allowed = frozenset(spec[0] for spec in specs)
    check_unknown = unknown == RAISE
    checks = _schema_validators(schema)
    partial = schema.partial

    def run(data: Any) -> dict[str, Any]:
        if type(data) is not dict or (check_unknown and not allowed.issuperset(data)):
            raise Refused
        out = {}
        for key, attribute, required, default, load in specs:
            value = data.get(key, missing)
            if value is missing:
                if required:
                    raise Refused
                value = default() if callable(default) else default
                if value is not missing:
                    out[attribute] = value
                continue
            out[attribute] = load(value, key, data)
        if checks:
            try:
                for check, pass_original in checks:
                    if pass_original:
                        check(out, data, partial=partial, many=False, unknown=unknown)
                    else:
                        check(out, partial=partial, many=False, unknown=unknown)
            except ValidationError:
                raise Refused from None
        return out

    return run


def _schema_validators(schema: Schema) -> list[tuple[Callable[..., Any], bool]]:
    """The schema's ``validates_schema`` methods, as ``Schema._do_load`` calls them for one
    object without field errors: those for collections first, then the others; each with
    the loaded data (and the data as given, with ``pass_original``)."""
    out = []
    for pass_collection in (True, False):
        for name, hook_many, options in schema._hooks[VALIDATES_SCHEMA]:
            if hook_many == pass_collection:
                out.append((getattr(schema, name), bool(options.get("pass_original", False))))
    return out


def _whole_schema(schema: Schema, unknown: str) -> Callable[[Any], Any]:
    def run(data: Any) -> Any:
        try:
            return schema.load(data, unknown=unknown)
        except ValidationError as exc:
            raise Refused(exc, data) from None

    return run
