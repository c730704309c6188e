"""What every game's schema module builds from: action fields, card references, effect lists.

A game's module (``schemas/union_arena.py``, ``schemas/rangers_strike.py``) holds its own
vocabulary — card definitions, decks, zones, action kinds — and takes from here the parts
that are the same in every game: the fields every action has (:class:`ActionSchema`), the
``do`` field of one kind (:func:`Kind`), a card reference field (:class:`BaseCardRef`, given
the game's ``{"code": …, "zone": …}`` schema) and lists of them (:func:`ref_list`), and a
card's list of structured effects (:func:`effects_field`).  Class names make the names of
the published JSON Schema's definitions, so each game names its own reference classes.
"""

from __future__ import annotations

from typing import Any, ClassVar

from marshmallow import Schema, ValidationError, fields, validate

from judge.core.decks import MAX_DECK_ENTRIES, deck_bound_reason
from schemas.action_log import (
    BaseSchema,
    Bool,
    FreeObject,
    Int,
    List,
    PlayerId,
    Refs,
    Str,
    check_ref_string,
    json_schema_def,
)
from schemas.fastload import Refused
from schemas.log_fields import reading_refs
from schemas.refs import context

# (make_error formats these: braces doubled)
REF_MESSAGE = 'must be an instance id, a card code or {{"code": …, "zone": …}}'


def Kind(kind: str) -> Str:  # noqa: N802 - reads as a field declaration
    """The ``do`` field of one action kind."""
    return Str(required=True, validate=validate.Equal(kind, error=f"must be {kind!r}"))


class ModesChoiceSchema(BaseSchema):
    """A choice among the effects a card lists, recorded in ``targets`` where the choice falls:
    the ones chosen, by number, 1 for the first listed, and whether the one chosen, when it is
    optional, is used (Union Arena "以下から1つ選ぶ", UA-EFFECT-MODES and UA-EFFECT-MODES-MAY;
    Rangers Strike "次の効果から1つ選び発動する", RS-CHOOSE-ONE)."""

    modes = fields.List(
        Int(minimum=1),
        required=True,
        validate=validate.Length(max=16),
        metadata={"description": "the listed effects chosen, 1 for the first"},
    )
    use = Bool(
        metadata={
            "description": "the one effect chosen is optional (…てもよい): used (true, the "
            "default) or declined (UA-EFFECT-MODES-MAY, RS-CHOOSE-ONE)"
        },
    )


class ActionSchema(BaseSchema):
    """Fields every action has: the acting player, the kind, an optional note."""

    p = PlayerId(required=True, metadata={"description": "the acting player"})
    do = Str(required=True)
    note = Str(metadata={"description": "free text from the recorder, kept on the step"})


def deck_list(code: fields.Field, deck: str, **kwargs: Any) -> List:
    """A deck list of ``code`` fields, read only up to
    :data:`~judge.core.decks.MAX_DECK_ENTRIES` entries (``deck``: what the game's deck is,
    for the message: ``"a union-arena deck has 50 cards and 3 AP cards"``)."""
    return List(code, max_entries=MAX_DECK_ENTRIES, why=deck_bound_reason(deck), **kwargs)


def effects_field() -> List:
    """A card's (or a part of a card's) effects, in the engine's structured vocabulary."""
    return List(
        FreeObject(),
        load_default=list,
        metadata={"default": [], "description": "the engine's structured effect vocabulary"},
    )


def doc_text(cls: type) -> str:
    """A class's docstring as one line of plain text (for a JSON Schema description)."""
    return " ".join((cls.__doc__ or "").replace("``", "").split())


class BaseCardRef(Str):
    """A card reference: instance id, card code, or ``{"code": …, "zone": …}``.

    A game's subclass sets ``ZONE_REF`` (its schema of ``{"code": …, "zone": …}``, with the
    game's zones) and ``REF_DESCRIPTION`` (what a string may be); its JSON Schema definition
    is named after the subclass and described by ``DESCRIPTION`` or else its docstring.
    """

    ZONE_REF: ClassVar[type[Schema]]
    REF_DESCRIPTION: ClassVar[str]
    DESCRIPTION: ClassVar[str | None] = None

    default_error_messages = {"invalid": REF_MESSAGE}

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, dict):
            return self.ZONE_REF().load(value)
        if not isinstance(value, str):
            raise self.make_error("invalid")
        if not value:
            raise ValidationError("must not be empty")
        return check_ref_string(value)  # a card's unique name is read as its code

    def fast_loader(self) -> Any:
        """For :mod:`schemas.fastload`: this field's loader, which checks a string once per
        log (a log names the same cards again and again; each check read the references and
        matched a pattern).  What a string loads to depends only on the string, the class's
        ``_deserialize`` (this one, or a subclass's: ``"player"`` read as itself, say) and the
        log's references, which do not change while it is loaded; so the classes that load
        strings with the same ``_deserialize`` share what was checked.  (A subclass whose
        ``_deserialize`` read a string by the field's own settings could not share: none
        does.)  Objects (``{"code": …, "zone": …}`` and the like) are loaded each time."""
        if self.validators or self.pre_load or self.post_load:
            return None
        deserialize, allow_none = self._deserialize, self.allow_none
        key = type(self)._deserialize  # what strings load by
        # this class's own _deserialize reads a non-empty string as check_ref_string does
        plain = key is BaseCardRef._deserialize

        def load(value: Any) -> Any:
            try:
                if plain and type(value) is str and value:
                    return check_ref_string(value)
                return deserialize(value, None, None)
            except ValidationError:
                raise Refused from None

        def checked(value: str, memo: dict[Any, Any]) -> Any:
            done = memo[value] = load(value)
            return done

        def run(value: Any, attr: Any, data: Any) -> Any:
            if type(value) is str:
                refs = context(None)
                if isinstance(refs, Refs):
                    memo = refs.checked.get(key)
                    done = memo.get(value) if memo is not None else None
                    return checked(value, refs.memo(key)) if done is None else done
            elif value is None:
                if allow_none:
                    return None
                raise Refused
            return load(value)

        def many(values: list[Any]) -> list[Any]:
            """A list's entries, as ``run`` loads each, with one reading of the references."""
            refs = context(None)
            if not isinstance(refs, Refs):
                return [run(value, None, None) for value in values]
            memo = refs.memo(key)
            out = []
            for value in values:
                if type(value) is str:
                    done = memo.get(value)
                    out.append(checked(value, memo) if done is None else done)
                else:
                    out.append(run(value, None, None))
            return out

        def first(value: str, refs: Refs) -> Any:
            """A string not in this log's memo yet, checked and remembered."""
            return checked(value, refs.memo(key))

        run.many = many  # type: ignore[attr-defined]  # for schemas.fastload's lists
        run.first = first  # type: ignore[attr-defined]  # for fast_source's lines
        return run

    def fast_source(self, source: Any, depth: int, key: str, store: str) -> bool:
        """For :mod:`schemas.fastload`: lines that load ``v`` as :meth:`fast_loader`'s
        loader does, in the compiled loader of the schema holding the field: a string
        checked before in this log is taken from its memo in line (most of an action's
        references, without a call each); anything else is loaded by that loader.  False
        (no lines) when it has no loader."""
        loader = self.fast_loader()
        if loader is None:
            return False
        refs, load = reading_refs(source), source.name(loader)
        source.add(depth, f"if type(v) is str and type({refs}) is {source.name(Refs)}:")
        memo = source.name(type(self)._deserialize)  # the memo's key, as fast_loader's
        source.add(depth + 1, f"m = {refs}.checked.get({memo})")
        source.add(depth + 1, "d = None if m is None else m.get(v)")
        first = source.name(loader.first)
        source.add(depth + 1, f"{store}{first}(v, {refs}) if d is None else d")
        source.add(depth, "else:")
        source.add(depth + 1, f"{store}{load}(v, {key}, data)")
        return True

    def _alternatives(self, converter: Any) -> list[dict[str, Any]]:
        return [
            {"type": "string", "minLength": 1, "description": self.REF_DESCRIPTION},
            converter.resolve_nested_schema(self.ZONE_REF),
        ]

    def json_schema(self, converter: Any) -> dict[str, Any]:
        body = {
            "description": self.DESCRIPTION or doc_text(type(self)),
            "anyOf": self._alternatives(converter),
        }
        return json_schema_def(converter, type(self).__name__, body)


def ref_list(ref: type[Str], description: str | None = None) -> List:
    """An optional list of references of the field class ``ref`` (default ``[]``)."""
    metadata: dict[str, Any] = {"default": []}
    if description:
        metadata["description"] = description
    return List(ref(), load_default=list, metadata=metadata)
