"""The games the judge knows, by slug.  Engines are imported lazily, on first use."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.core.engine import Engine
    from judge.core.rules import Catalogue

#: slug -> (module, engine class name).  Only finished engines are listed.
GAMES: dict[str, tuple[str, str]] = {
    "union-arena": ("judge.games.union_arena.engine", "UnionArenaEngine"),
    "rangers-strike": ("judge.games.rangers_strike.engine", "RangersStrikeEngine"),
}

#: Slugs the log format reserves for engines that are not written yet.
PLANNED = ("zx", "rebirth")


def engine_class(game: str, variant: str | None = None) -> type[Engine]:
    """The engine class for ``game`` (and ``variant``); KeyError for one the judge does not
    know.  A game with variants lists them in its engine class's ``VARIANTS`` (variant name
    -> subclass; python-chess style: a variant is a small subclass of the base game)."""
    module, name = GAMES[game]
    cls = getattr(import_module(module), name)
    variants = getattr(cls, "VARIANTS", None)
    if variants and variant is not None:
        return variants[variant]
    return cls


def catalogue(game: str) -> Catalogue:
    """The rule catalogue of ``game``."""
    return engine_class(game).catalogue
