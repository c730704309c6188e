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

from collections.abc import Iterator, Mapping
from typing import Any, Protocol, runtime_checkable

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
    "annotated",
    "describe_action",
    "export",
    "export_chunks",
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


#: steps between two pieces of :func:`export_chunks` (a stored replay's page)
CHUNK_STEPS = 100


@runtime_checkable
class Streaming(Protocol):
    """An exporter that can hand over its output as it grows: ``take()`` returns what was
    added since the last call (see :meth:`HtmlExporter.take`)."""

    def take(self) -> str: ...


def export_chunks(
    replay: Mapping[str, Any], fmt: str, every: int = CHUNK_STEPS, **options: Any
) -> Iterator[str]:
    """Export ``replay`` in one format as pieces of text whose concatenation is
    :func:`export`'s text, for sending a page as it is made.

    Why: the service sends a long replay's HTML page while it walks the steps, which it
    reads a page at a time (``replay["steps"]`` may be any iterable, walked once), so the
    first screen leaves after the first page and neither the steps nor the text are held
    whole.  An exporter that can (:class:`Streaming`: the HTML one) gives a piece after
    ``begin`` and then every ``every`` steps; another gives its whole text at the end.

    >>> steps = [{"index": 0}, {"index": 1}, {"index": 2}]
    >>> pieces = list(export_chunks({"game": "demo", "steps": iter(steps)}, "html", every=2))
    >>> len(pieces)  # the head; two steps; the last step and the end
    3
    >>> "".join(pieces) == export({"game": "demo", "steps": steps}, "html")
    True
    """
    exporter = _exporter(fmt, options)
    streaming = isinstance(exporter, Streaming)
    exporter.begin(replay)
    if streaming:
        yield from _nonempty(exporter.take())
    for count, step in enumerate(replay.get("steps") or (), start=1):
        exporter.step(step)
        if streaming and count % every == 0:
            yield from _nonempty(exporter.take())
    exporter.end(replay)
    yield from _nonempty(exporter.take() if streaming else exporter.result())


def annotated(replay: Mapping[str, Any], annotations: list[dict[str, Any]]) -> dict[str, Any]:
    """``replay`` with each of its steps carrying the ``annotations`` made on it (as
    :mod:`worker.annotations` numbers them), for the exporters: Markdown, text and the
    HTML table show them under the step's note.  The steps may be any iterable (walked
    once, lazily: a stored replay read a page at a time stays so).

    >>> r = annotated({"steps": [{"index": 0}, {"index": 1}]}, [{"step": 1, "text": "hm"}])
    >>> [s.get("annotations") for s in r["steps"]]
    [None, [{'step': 1, 'text': 'hm'}]]
    """
    if not annotations:
        return dict(replay)
    by_step: dict[Any, list[dict[str, Any]]] = {}
    for note in annotations:
        by_step.setdefault(note.get("step"), []).append(note)

    def steps() -> Iterator[Any]:
        for step in replay.get("steps") or ():
            notes = by_step.get(step.get("index"))
            yield {**step, "annotations": notes} if notes else step

    return {
        **replay,
        "steps": steps() if not isinstance(replay.get("steps"), list) else list(steps()),
    }


def _nonempty(text: str) -> Iterator[str]:
    if text:
        yield text


def _exporter(fmt: str, options: Mapping[str, Any]) -> Exporter:
    try:
        return EXPORTERS[fmt](**options)
    except KeyError:
        known = ", ".join(sorted(EXPORTERS))
        raise ValueError(f"unknown export format {fmt!r}; known: {known}") from None


#: Format name → exporter class; the CLI's ``--format`` choices.  Add new formats here.
EXPORTERS: dict[str, type[Exporter]] = {
    "text": TextExporter,
    "json": JsonExporter,
    "markdown": MarkdownExporter,
    "html": HtmlExporter,
}
