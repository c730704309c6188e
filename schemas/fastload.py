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
booleans (a ``_deserialize`` marked with :func:`loads_exactly`), lists, objects and nested
schemas, as marshmallow's own field classes load them (a field class that only rewrites the
*errors* of one of them says so with ``LOADS_AS``), and marshmallow's own ``Equal``,
``OneOf``, ``Length``, ``Range`` and ``Regexp`` validators on them.  Any other field is
loaded by calling its own ``_deserialize`` and validators, which is what marshmallow's
``Field.deserialize`` does around them; a schema with hooks, by its ``load``.

How: a schema's loader is the source text of one function, written for that schema and
compiled once (:class:`_Source`): a field of one of those types is checked in line, with
its validators, so that loading an action of a few strings is a few comparisons, not a call
and a validator object per field (an action cost about 1.2 µs for two fields that way); a
list or a nested object is a call of its entries' (its schema's) loader alone, and a field
class may write its own lines (``fast_source``: a player, a card reference taken from the
log's memo); any other field is a call of its own loader (:func:`field_loader`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from marshmallow import EXCLUDE, RAISE, Schema, ValidationError, fields, missing, validate
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


def loads_exactly(kind: type) -> Callable[[Any], Any]:
    """Mark a field class's ``_deserialize`` as one that returns a value of exactly the type
    ``kind`` as it is given and refuses any other value (``Bool``'s: ``true`` or ``false``
    only), so that a compiled loader checks ``type(value) is kind`` in line instead of
    calling it.  A subclass that overrides ``_deserialize`` loses the mark."""

    def mark(deserialize: Any) -> Any:
        deserialize.loads_exactly = kind
        return deserialize

    return mark


def _impl(field: fields.Field, name: str) -> Any:
    """The method ``name`` that the field's class loads with (``LOADS_AS``: a marshmallow
    class whose successful loads the field's class leaves unchanged)."""
    return getattr(getattr(type(field), "LOADS_AS", type(field)), name)


# --------------------------------------------------------------------------------------------
# Compiled source
# --------------------------------------------------------------------------------------------


class _Source:
    """The source text of one compiled loader and the values it names.

    A string, integer, boolean or None is written into the source as its literal; any other
    value (a field's loader, a set of choices, a pattern) is bound to a name of the loader's
    own globals."""

    def __init__(self, signature: str) -> None:
        self.lines = [f"def run({signature}):"]
        self.names: dict[str, Any] = {
            "Refused": Refused,
            "ValidationError": ValidationError,
            "missing": missing,
        }
        #: statements the function runs first, once (:meth:`once`)
        self.prelude: list[str] = []

    def name(self, value: Any) -> str:
        """An expression for ``value`` in the source."""
        if value is None or type(value) in (str, int, bool):
            return repr(value)
        for name, bound in self.names.items():
            if bound is value:
                return name
        name = f"_{len(self.names)}"
        self.names[name] = value
        return name

    def add(self, depth: int, line: str) -> None:
        self.lines.append("    " * depth + line)

    def once(self, statement: str) -> None:
        """Run ``statement`` first, once per call, however many fields ask for it (the
        fields written in line by their own ``fast_source`` read the log's references so:
        one look-up an object, not one a field)."""
        if statement not in self.prelude:
            self.prelude.append(statement)

    def compile(self, what: str) -> Any:
        namespace = dict(self.names)
        lines = [self.lines[0], *("    " + line for line in self.prelude), *self.lines[1:]]
        code = compile("\n".join(lines) + "\n", f"<fastload {what}>", "exec")
        exec(code, namespace)  # noqa: S102 - source written here, from the schema's fields
        return namespace["run"]


def _exact_type(field: fields.Field) -> type | None:
    """The JSON type a field loads exactly as given (and refuses any other value of), when
    its loading can be written in line: marshmallow's String, a strict Integer, or a
    ``_deserialize`` marked by :func:`loads_exactly`; None for any other field."""
    if getattr(field, "fast_loader", None) is not None:
        return None
    if type(field).deserialize is not fields.Field.deserialize or field.pre_load or field.post_load:
        return None
    deserialize = _impl(field, "_deserialize")
    if deserialize is fields.String._deserialize:
        return str
    if (
        deserialize is fields.Number._deserialize
        and _impl(field, "_validated") is fields.Integer._validated
        and _impl(field, "_format_num") is fields.Number._format_num
        and getattr(field, "strict", False)
        and getattr(field, "num_type", None) is int
    ):
        return int  # bool is not int here, as marshmallow refuses it
    exact = getattr(deserialize, "loads_exactly", None)
    return exact if exact in (str, int, bool) else None


#: what a choice of ``OneOf`` may be for its test to be a set's: hashed as it compares
_HASHABLE_CHOICES = (str, int, bool, type(None))


def _check_lines(source: _Source, depth: int, validators: Any, known: type | None) -> None:
    """Lines that refuse ``v`` unless every validator accepts it.  When ``v`` is known to be
    of exactly the type ``known`` (str, int or bool), marshmallow's own validators are
    written out (the same comparison they make); any other validator is called, and its
    ValidationError is a refusal (marshmallow's ``And`` calls every one; the first failure
    is enough to give up)."""
    for validator in validators:
        kind = type(validator) if known is not None else None
        if kind is validate.Equal:
            source.add(depth, f"if v != {source.name(validator.comparable)}: raise Refused")
        elif (
            kind is validate.OneOf
            and isinstance(validator.choices, list | tuple)
            and all(type(c) in _HASHABLE_CHOICES for c in validator.choices)
        ):
            choices = frozenset(validator.choices)
            source.add(depth, f"if v not in {source.name(choices)}: raise Refused")
        elif kind is validate.Length and known is str:
            if validator.equal is not None:
                source.add(depth, f"if len(v) != {validator.equal!r}: raise Refused")
                continue
            if validator.min is not None:
                source.add(depth, f"if len(v) < {source.name(validator.min)}: raise Refused")
            if validator.max is not None:
                source.add(depth, f"if len(v) > {source.name(validator.max)}: raise Refused")
        elif kind is validate.Range and known is not str:
            if validator.min is not None:
                op = "<" if validator.min_inclusive else "<="
                source.add(depth, f"if v {op} {source.name(validator.min)}: raise Refused")
            if validator.max is not None:
                op = ">" if validator.max_inclusive else ">="
                source.add(depth, f"if v {op} {source.name(validator.max)}: raise Refused")
        elif kind is validate.Regexp and known is str and isinstance(validator.regex, re.Pattern):
            source.add(depth, f"if {source.name(validator.regex)}.match(v) is None: raise Refused")
        else:
            source.add(depth, "try:")
            source.add(depth + 1, f"{source.name(validator)}(v)")
            source.add(depth, "except ValidationError:")
            source.add(depth + 1, "raise Refused from None")


def _value_lines(source: _Source, depth: int, field: fields.Field, key: str, store: str) -> None:
    """Lines that load the value ``v`` given for ``field`` (never ``missing``) as
    ``field.deserialize`` does, and ``store`` it (the start of a statement that the
    expression of the loaded value ends), or refuse it.  ``key``: the expression of the
    field's key."""
    exact = _exact_type(field)
    if exact is None:
        own = getattr(field, "fast_source", None)
        if own is not None and own(source, depth, key, store):
            return  # the field wrote its own lines
        if _container_lines(source, depth, field, store):
            return
        # the field's own loader, which answers for null and validators too
        source.add(depth, f"{store}{source.name(field_loader(field))}(v, {key}, data)")
        return
    if field.allow_none:
        source.add(depth, "if v is None:")
        source.add(depth + 1, f"{store}None")
        source.add(depth, "else:")
        depth += 1
    # (null, when not allowed, fails the type's test)
    source.add(depth, f"if type(v) is not {exact.__name__}: raise Refused")  # a builtin
    _check_lines(source, depth, field.validators, exact)
    source.add(depth, f"{store}v")


def _container_lines(source: _Source, depth: int, field: fields.Field, store: str) -> bool:
    """Lines that load ``v`` for a list or a nested object as :func:`field_loader`'s loader
    of the field does, without its two calls around the entries' (or the object's) loader
    (the null test's and the list's): an action has lists of references, and a log has
    hundreds of actions.  False (nothing written) for any other field, or one with more to
    it (validators, a bound on its entries)."""
    if (
        getattr(field, "fast_loader", None) is not None
        or type(field).deserialize is not fields.Field.deserialize
        or field.pre_load
        or field.post_load
        or field.validators
    ):
        return False
    deserialize = _impl(field, "_deserialize")
    if deserialize is fields.List._deserialize:
        if getattr(field, "max_entries", None) is not None:
            return False  # bounded: field_loader's own loader asks the bound
        kind: str | None = "list"
        load = _many(field_loader(field.inner))  # type: ignore[attr-defined]
    elif (
        deserialize is fields.Nested._deserialize
        and _impl(field, "_load") is fields.Nested._load
        and not field.many  # type: ignore[attr-defined]
    ):
        kind = None  # the schema's loader refuses what is not an object
        load = schema_loader(field.schema, field.unknown)  # type: ignore[attr-defined]
    else:
        return False
    if field.allow_none:
        source.add(depth, "if v is None:")
        source.add(depth + 1, f"{store}None")
        source.add(depth, "else:")
        depth += 1
    if kind is not None:  # (null, when not allowed, fails the type's test)
        source.add(depth, f"if type(v) is not {kind}: raise Refused")
    elif not field.allow_none:
        source.add(depth, "if v is None: raise Refused")
    source.add(depth, f"{store}{source.name(load)}(v)")
    return True


def _missing_lines(source: _Source, depth: int, field: fields.Field, attribute: str) -> bool:
    """Lines for a field the object leaves out, as marshmallow fills it: refused when
    required, else its ``load_default`` (called when callable), stored unless ``missing``.
    False when there is nothing to do."""
    if field.required:
        source.add(depth, "raise Refused")
        return True
    default = field.load_default
    if default is missing:
        return False
    if default is list or default is dict:  # a new empty one, as calling it gives
        source.add(depth, f"out[{attribute}] = {'[]' if default is list else '{}'}")
    elif callable(default):
        source.add(depth, f"d = {source.name(default)}()")
        source.add(depth, "if d is not missing:")
        source.add(depth + 1, f"out[{attribute}] = d")
    else:  # the same object each time, as marshmallow gives it
        source.add(depth, f"out[{attribute}] = {source.name(default)}")
    return True


# --------------------------------------------------------------------------------------------
# Field loaders
# --------------------------------------------------------------------------------------------


def field_loader(field: fields.Field) -> FieldLoader:
    """A loader of a value given for ``field`` (never ``missing``: see :func:`schema_loader`).

    A field class may provide its own, ``fast_loader()`` (None when it cannot): it then
    answers for loading as ``field.deserialize`` does, validators and null included."""
    own = getattr(field, "fast_loader", None)
    loader = own() if own is not None else None
    if loader is not None:
        return loader
    if _exact_type(field) is not None:
        source = _Source("v, attr, data")
        _value_lines(source, 1, field, "attr", "return ")
        return source.compile(type(field).__name__)  # type: ignore[no-any-return]
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
    """A loader for the marshmallow field classes whose loading this module repeats (the
    ones of exactly one JSON type are written in line: :func:`_exact_type`)."""
    deserialize = _impl(field, "_deserialize")
    if deserialize is fields.List._deserialize:
        # schemas.log_fields.List: at most so many (``bound()``), when it has a bound at all
        bound = getattr(field, "bound", None)
        if getattr(field, "max_entries", None) is None:
            bound = None
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


def _many(inner: FieldLoader) -> Callable[[list[Any]], list[Any]]:
    """A loader of a list's entries (a list -> the list loaded), each as ``inner`` loads
    it: the entry loader's own ``many`` when it has one (a field's own ``fast_loader`` may
    give one: it loads the whole list at once)."""
    many: Callable[[list[Any]], list[Any]] | None = getattr(inner, "many", None)
    if many is None:

        def many(value: list[Any]) -> list[Any]:
            return [inner(each, None, None) for each in value]

    return many


def _list(inner: FieldLoader, bound: Callable[[], int | None] | None = None) -> FieldLoader:
    """A list's loader; ``bound`` (the field's) says how many entries it may have.  Its
    entries are loaded by :func:`_many`."""
    many = _many(inner)
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


# --------------------------------------------------------------------------------------------
# Schema loaders
# --------------------------------------------------------------------------------------------


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
            specs.append((key, attribute, field))
    if not plain:
        return _whole_schema(schema, unknown)
    return _compiled_schema(schema, specs, unknown)


def _compiled_schema(
    schema: Schema, specs: list[tuple[str, str, fields.Field]], unknown: str
) -> Callable[[Any], Any]:
    """The loader of a plain schema: its fields in order (marshmallow's, which the loaded
    object's keys keep), each read, loaded and stored, or filled when left out."""
    source = _Source("data")
    test = "type(data) is not dict"
    if unknown == RAISE:
        allowed = frozenset(spec[0] for spec in specs)
        test += f" or not {source.name(allowed)}.issuperset(data)"
    source.add(1, f"if {test}:")
    source.add(2, "raise Refused")
    source.add(1, "out = {}")
    for key, attribute, field in specs:
        k, a = source.name(key), source.name(attribute)
        source.add(1, f"if {k} in data:")
        source.add(2, f"v = data[{k}]")
        _value_lines(source, 2, field, k, f"out[{a}] = ")
        at = len(source.lines)
        source.add(1, "else:")
        if not _missing_lines(source, 2, field, a):
            del source.lines[at:]
    checks = _schema_validators(schema)
    if checks:
        partial = schema.partial

        def validate_schema(out: dict[str, Any], data: Any) -> None:
            try:
                for check, pass_original in checks:
                    if pass_original:
                        check(out, data, partial=partial, many=False, unknown=unknown)
                    else:
                        check(out, partial=partial, many=False, unknown=unknown)
            except ValidationError:
                raise Refused from None

        source.add(1, f"{source.name(validate_schema)}(out, data)")
    source.add(1, "return out")
    return source.compile(type(schema).__name__)  # type: ignore[no-any-return]


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
