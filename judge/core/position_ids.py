"""A position's card entries and the instance ids it may give them (``docs/positions.md``).

Here, in the core, because the core reads them (:mod:`judge.core.position` lays a position's
cards out) and the core does not import the schemas, a layer above it
(``tests/test_layers.py``); :mod:`schemas.position_common`, which checks them, and the games'
position modules import them from here.
"""

from __future__ import annotations

import re
from typing import Any

#: an instance id a position may give a card: the player, then its number (``A-7``), or for
#: a list with a prefix the prefix and its number (``A-AP2``)
_ID = re.compile(r"^(.+)-([A-Z]*)([1-9][0-9]*)$")


def parse_id(iid: str) -> tuple[str, str, int] | None:
    """``"A-AP2"`` → ``("A", "AP", 2)``; None when it is not an instance id's shape."""
    m = _ID.match(iid)
    return (m.group(1), m.group(2), int(m.group(3))) if m else None


def entry_code(entry: Any) -> str | None:
    """The code of a card entry as loaded (None for an unknown card)."""
    return entry["code"] if isinstance(entry, dict) else entry


def entry_id(entry: Any) -> str | None:
    """The instance id a card entry gives itself, or None."""
    return entry["id"] if isinstance(entry, dict) else None
