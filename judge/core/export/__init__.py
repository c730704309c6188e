"""Exporters for the annotated replay: plain text, Markdown, HTML and JSON.

One walk, several exporters (the visitor pattern of python-chess's ``accept``):
:func:`walk` visits a replay once and hands it to every exporter at the same time, calling
``begin(replay)``, then ``step(step)`` for each step in order, then ``end(replay)``.  Each
exporter accumulates its own output; ``result()`` returns it as a string.

>>> class Counter(Exporter):
...     def __init__(self):
...         self.seen = []
...     def step(self, step):
...         self.seen.append(step["index"])
...     def result(self):
...         return f"{len(self.seen)} steps: {self.seen}"
>>> replay = {"format": "judge-replay/1", "game": "demo",
...           "steps": [{"index": 0, "action": {"p": "A", "do": "pass"}, "verdict": "legal"},
...                     {"index": 1, "action": {"p": "B", "do": "pass"}, "verdict": "legal"}]}
>>> counter, as_json = Counter(), JsonExporter()
>>> walk(replay, counter, as_json)
>>> counter.result()
'2 steps: [0, 1]'
>>> as_json.result()[:40]
'{"format":"judge-replay/1","game":"demo"'

Every exporter is deterministic: the same replay gives the same bytes (no dates, no
environment); mappings the replay did not fix the order of (match metadata, rule options,
event fields) are read in sorted key order.

The replay itself is described in ``shared/spec/action-log-v1.md`` ("The annotated replay")
and produced by :func:`judge.core.replay.replay`.  Exporters read it with ``.get`` and
defaults, so a partial replay (a prefix, a hand-written fixture) still exports.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.core.export.base import Exporter
from judge.core.export.describe import describe_action
from judge.core.export.html_exporter import HtmlExporter
from judge.core.export.json_exporter import JsonExporter
from judge.core.export.markdown_exporter import MarkdownExporter
from judge.core.export.text_exporter import TextExporter

__all__ = [
    "EXPORTERS",
    "Exporter",
    "HtmlExporter",
    "JsonExporter",
    "MarkdownExporter",
    "TextExporter",
    "describe_action",
    "export",
    "walk",
]

# --------------------------------------------------------------------------------------
# The walk


def walk(replay: Mapping[str, Any], *exporters: Exporter) -> None:
    """Visit ``replay`` once, feeding every exporter in turn.

    >>> text, md = TextExporter(), MarkdownExporter()
    >>> walk({"game": "demo", "steps": []}, text, md)
    >>> text.result().splitlines()[0]
    'Replay: demo'
    >>> md.result().splitlines()[0]
    '# Replay: demo'
    """
    for exporter in exporters:
        exporter.begin(replay)
    for step in replay.get("steps") or ():
        for exporter in exporters:
            exporter.step(step)
    for exporter in exporters:
        exporter.end(replay)


def export(replay: Mapping[str, Any], fmt: str, **options: Any) -> str:
    """Export ``replay`` in one format (a key of :data:`EXPORTERS`) and return the text.

    >>> export({"steps": []}, "json")
    '{"steps":[]}'
    """
    try:
        exporter = EXPORTERS[fmt](**options)
    except KeyError:
        known = ", ".join(sorted(EXPORTERS))
        raise ValueError(f"unknown export format {fmt!r}; known: {known}") from None
    walk(replay, exporter)
    return exporter.result()


#: Format name → exporter class; the CLI's ``--format`` choices.  Add new formats here.
EXPORTERS: dict[str, type[Exporter]] = {
    "text": TextExporter,
    "json": JsonExporter,
    "markdown": MarkdownExporter,
    "html": HtmlExporter,
}
