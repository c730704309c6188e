"""The engines' objects keep their attributes where CPython reads them fastest.

CPython 3.11 keeps the attributes of an ordinary object *inline*, in an array laid out by
its class, and reads them with a specialised instruction that indexes that array.  Two
things turn an object's attributes into a real dict for the rest of its life, and every
attribute read of it into a dict lookup from then on:

- reading its ``__dict__`` (``self.__dict__.setdefault(...)``, ``vars(obj)``, pickling and
  deep copies of a class without ``__slots__``: a Z/X Break and a Rangers Strike counter
  window save the game by pickling the state);
- a 31st attribute (the keys a class shares with its objects hold at most 30).

Both were found in the engines: the Z/X and Rebirth engines made a memo by
``self.__dict__.setdefault``, the Z/X state was pickled by a Break, and the Rangers Strike
state has more than 30 attributes.  Each cost 4-10 % of the engine's instructions an action
(docs/speed.md).  A class with ``__slots__`` has no such dict at all.

This test replays every example log of every game, with a keyframe's views at every step,
and walks what the engine holds: no object of the project's own classes may have its
attributes in a real dict.  (``functools.cached_property`` stores its value in the object's
``__dict__``: the Union Arena engine's views had six, and read them at every keyframe.)  It reads
CPython 3.11's object layout (the managed dict's pointer, three words before the object),
so it runs on CPython 3.11 only, the version the project's image and CI run.
"""

from __future__ import annotations

import ctypes
import gc
import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from judge.core.log import parse_log
from judge.core.replay import run_step, start

pytestmark = pytest.mark.skipif(
    sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11),
    reason="reads CPython 3.11's object layout",
)

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

#: Py_TPFLAGS_MANAGED_DICT (CPython 3.11): the class keeps its objects' attributes inline
MANAGED_DICT = 1 << 4
WORD = ctypes.sizeof(ctypes.c_void_p)
#: what the walk does not enter: classes, modules, functions and methods
SKIPPED = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
)


def logs() -> list[Path]:
    """The example logs of every game (not positions, not expected outputs)."""
    out = []
    for path in sorted(EXAMPLES.glob("*/*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(doc, dict) and "actions" in doc and "game" in doc:
            out.append(path)
    return out


def in_a_dict(obj: Any) -> bool:
    """Whether ``obj``'s attributes live in a real dict (its managed dict pointer is set)."""
    return bool(ctypes.c_void_p.from_address(id(obj) - 3 * WORD).value)


def own_objects(root: Any) -> list[Any]:
    """The objects of the project's own classes (``judge.``) reachable from ``root`` that keep
    their attributes inline, the log aside (it is read, not judged)."""
    seen: set[int] = set()
    out: list[Any] = []
    todo = [root]
    log = getattr(root, "log", None)
    while todo:
        obj = todo.pop()
        if id(obj) in seen or obj is log:
            continue
        seen.add(id(obj))
        cls = type(obj)
        if isinstance(obj, SKIPPED):
            continue  # not the game's state (and never ask an object for __dict__ here)
        if cls.__flags__ & MANAGED_DICT and cls.__module__.startswith("judge."):
            out.append(obj)
        todo.extend(gc.get_referents(obj))
    return out


def test_the_layout_check_sees_a_dict_made_by_reading_dunder_dict() -> None:
    """The check itself: an object is inline until its ``__dict__`` is read."""

    class Probe:
        def __init__(self) -> None:
            self.a = 1

    obj = Probe()
    assert type(obj).__flags__ & MANAGED_DICT
    assert not in_a_dict(obj)
    vars(obj)
    assert in_a_dict(obj)


@pytest.mark.parametrize("path", logs(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_no_object_of_a_replayed_game_keeps_its_attributes_in_a_dict(path: Path) -> None:
    log = parse_log(path.read_text(encoding="utf-8"))
    engine = start(log)
    for index, action in enumerate(log.document["actions"]):
        run_step(engine, index, action, "skip")
        engine.snapshot(engine.step_state())  # a keyframe's views, at every step
    found = sorted(
        {
            f"{type(o).__module__}.{type(o).__qualname__}"
            for o in own_objects(engine)
            if in_a_dict(o)
        }
    )
    assert not found, f"attributes in a dict after replaying {path.name}: {', '.join(found)}"
