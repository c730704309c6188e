"""The replay as JSON: canonical, or indented for people."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from judge.core.canonical import canonical_json
from judge.core.export.base import Exporter


class JsonExporter(Exporter):
    """The replay as JSON.

    Without ``indent`` the output is the canonical JSON of the replay
    (:func:`~judge.core.canonical.canonical_json`): byte-identical for equal replays.
    With ``indent`` it is the same document, keys sorted, indented for people.
    """

    def __init__(self, indent: int | None = None) -> None:
        self.indent = indent
        self._text = ""

    def end(self, replay: Mapping[str, Any]) -> None:
        if self.indent is None:
            self._text = canonical_json(replay)
        else:
            self._text = json.dumps(replay, sort_keys=True, indent=self.indent, ensure_ascii=False)

    def result(self) -> str:
        return self._text


# --------------------------------------------------------------------------------------
