"""Canonical JSON and content hashes.

Canonical form (used for ``log_sha256``, ``state_sha256`` and byte-identical output):
UTF-8, keys sorted, no insignificant white space (``","`` and ``":"`` separators), non-ASCII
characters kept as they are, integers as integers.  Floats never occur in our documents.

>>> canonical_json({"b": 1, "a": [True, None, "é"]})
'{"a":[true,null,"é"],"b":1}'
>>> sha256_of({"a": 1})[:16]
'015abd7f5cc57a2d'
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(value: Any) -> str:
    """The canonical JSON text of ``value``."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def sha256_of(value: Any) -> str:
    """Hex SHA-256 of the canonical JSON of ``value``."""
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()
