"""What refusing (or accepting) a hostile body costs, by shape: seconds of CPU per body.

Why: a body the judge refuses must cost time linear in its size (issue 19: a log of 300,000
unknown keys, 3.5 MB, took longer than gunicorn's 30 s timeout to refuse).  Each shape is
read at 20,000, 50,000 and 300,000 units (keys, entries, objects: what the shape repeats),
through the reader the API and the CLI use (the strict JSON reader, then the log, card-set,
position or question schemas; a shape marked n/2 repeats n/2 units, to stay under the body
limit); the last column is the ratio of the 300,000 time to the 20,000 time
(15 for linear cost).  Bodies over the 5 MB body limit are refused by their size alone and
are marked so.

    python3 bench/refusal.py            # every shape
    python3 bench/refusal.py top deck   # some of them
"""

from __future__ import annotations

import copy
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge.core.cardsets import read_card_set  # noqa: E402
from judge.core.errors import BadLog  # noqa: E402
from judge.core.jsontext import DEFAULT_LIMITS, read_document  # noqa: E402
from judge.core.log import parse_log  # noqa: E402
from judge.core.position import read_position  # noqa: E402
from judge.core.question import read_question  # noqa: E402

LOG = json.loads((ROOT / "examples/union-arena/full-game.json").read_text())
POSITION = json.loads((ROOT / "examples/positions/ua-attack-block.json").read_text())
SIZES = (20_000, 50_000, 300_000)


def _keys(n: int) -> dict[str, int]:
    return {f"k{i}": 1 for i in range(n)}


def _log(change: Callable[[dict[str, Any], int], None]) -> Callable[[int], bytes]:
    def build(n: int) -> bytes:
        doc = copy.deepcopy(LOG)
        change(doc, n)
        return json.dumps(doc).encode()

    return build


def _card_set(n: int, cards: Callable[[int], list[Any]] | None = None, **extra: Any) -> bytes:
    doc = {"format": "judge-card-set/1", "game": "union-arena", "name": "bench"}
    doc["cards"] = cards(n) if cards else copy.deepcopy(LOG["cards"][:3])
    doc.update(extra)
    return json.dumps(doc).encode()


def _question(change: Callable[[dict[str, Any], int], None]) -> Callable[[int], bytes]:
    def build(n: int) -> bytes:
        doc: dict[str, Any] = {"kind": "state", "step": 3, "log": copy.deepcopy(LOG)}
        change(doc, n)
        return json.dumps(doc).encode()

    return build


def _position(change: Callable[[dict[str, Any], int], None]) -> Callable[[int], bytes]:
    def build(n: int) -> bytes:
        doc = copy.deepcopy(POSITION)
        change(doc, n)
        return json.dumps(doc).encode()

    return build


def _json(item: str, per: int = 1) -> Callable[[int], bytes]:
    """A log whose ``match`` holds a list of ``n // per`` copies of the JSON text ``item``."""

    def build(n: int) -> bytes:
        body = json.dumps({**LOG, "match": {"x": None}}).replace(
            '"match": {"x": null}', '"match": {"x": [' + ",".join([item] * (n // per)) + "]}"
        )
        return body.encode()

    return build


def _set(path: list[Any], value: Callable[[int], Any]) -> Callable[[dict[str, Any], int], None]:
    def change(doc: dict[str, Any], n: int) -> None:
        node = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value(n)

    return change


def _update(path: list[Any]) -> Callable[[dict[str, Any], int], None]:
    def change(doc: dict[str, Any], n: int) -> None:
        node = doc
        for key in path:
            node = node[key]
        node.update(_keys(n))

    return change


#: shape -> (what reads it, body of n units)
SHAPES: dict[str, tuple[str, Callable[[int], bytes]]] = {
    "log: unknown keys at the top": ("log", _log(_update([]))),
    "log: unknown keys in an action": ("log", _log(_update(["actions", 3]))),
    "log: unknown keys in a deck": ("log", _log(_update(["decks", "A"]))),
    "log: unknown keys in a player": ("log", _log(_update(["players", 0]))),
    "log: unknown keys in a card": ("log", _log(_update(["cards", 0]))),
    "log: unknown keys in hidden": ("log", _log(_update(["hidden"]))),
    "log: many decks (players)": (
        "log",
        _log(lambda d, n: d["decks"].update({f"P{i}": {} for i in range(n)})),
    ),
    "log: many bad actions": (
        "log",
        _log(_set(["actions"], lambda n: [{"p": "A", "do": "x"} for _ in range(n)])),
    ),
    "log: long deck list, unknown codes": (
        "log",
        _log(_set(["decks", "A", "main"], lambda n: [f"NO-{i}" for i in range(n)])),
    ),
    "log: long deck list, known codes": (
        "log",
        _log(_set(["decks", "A", "main"], lambda n: ["UAS-001"] * n)),
    ),
    "log: many players": (
        "log",
        _log(_set(["players"], lambda n: [{"id": f"P{i}"} for i in range(n)])),
    ),
    "log: many cards": ("log", _log(_set(["cards"], lambda n: [{} for _ in range(n)]))),
    "log: many checkpoints": (
        "log",
        _log(_set(["checkpoints"], lambda n: [{"after": 0} for _ in range(n)])),
    ),
    "log: many card_sets": ("log", _log(_set(["card_sets"], lambda n: ["x"] * n))),
    "log: many rule_options": (
        "log",
        _log(_set(["rule_options"], lambda n: {f"o{i}": [] for i in range(n)})),
    ),
    "log: huge array of numbers": ("log", _log(_set(["match", "x"], lambda n: list(range(n))))),
    "log: long string": ("log", _log(_set(["players", 0, "name"], lambda n: "x" * (10 * n)))),
    "json: duplicate keys in many objects": (
        "log",
        lambda n: ("[" + ",".join(['{"a":1,"a":2}'] * n) + "]").join(['{"x":', "}"]).encode(),
    ),
    "json: deep-but-allowed nesting, many": (
        "log",
        lambda n: json.dumps({"x": [[[[[[[[[[{"a": 1}]]]]]]]]]] * (n // 10)}).encode(),
    ),
    "json: duplicate keys in the objects of a big object (n/2)": (
        "log",
        lambda n: ("{" + ",".join(f'"k{i}":{{"a":1,"a":2}}' for i in range(n // 2)) + "}").encode(),
    ),
    "json: lone surrogates in many strings": ("log", _json('"\\ud800"')),
    "json: colons written as escapes in many keys": ("log", _json('{"\\u003a":1}')),
    "json: many floats": ("log", _json("1.5e3")),
    "json: many integers past 64 bits (n/2)": ("log", _json(str(10**20), 2)),
    "json: many strings with colons": ("log", _json('"a:b:c"')),
    "position: unknown keys at the top": ("position", _position(lambda d, n: d.update(_keys(n)))),
    "position: unknown keys in a unit of a zone": (
        "position",
        _position(_update(["start", "players", "A", "front_line", 0])),
    ),
    "position: long zone of known cards": (
        "position",
        _position(_set(["start", "players", "A", "outside"], lambda n: ["UAS-001"] * n)),
    ),
    "position: long zone of unknown cards": (
        "position",
        _position(
            _set(["start", "players", "A", "outside"], lambda n: [f"NO-{i}" for i in range(n)])
        ),
    ),
    "card set: unknown keys at the top": ("set", lambda n: _card_set(n, **_keys(n))),
    "card set: many empty cards": ("set", lambda n: _card_set(n, lambda n: [{}] * n)),
    "card set: unknown keys in a card": (
        "set",
        lambda n: _card_set(n, lambda n: [{**LOG["cards"][0], **_keys(n)}]),
    ),
    "question: unknown keys at the top": ("question", _question(lambda d, n: d.update(_keys(n)))),
    "question: unknown keys in its log": ("question", _question(_update(["log"]))),
    "question: unknown keys in its position": (
        "question",
        lambda n: json.dumps(
            {"format": "judge-question/1", "kind": "order", "position": {**POSITION, **_keys(n)}}
        ).encode(),
    ),
}


def read(kind: str, body: bytes) -> str:
    """Read ``body`` as the API reads it; what came of it, in a few words."""
    try:
        doc = read_document(body, DEFAULT_LIMITS)
        if kind == "log":
            parse_log(doc)
        elif kind == "set":
            read_card_set(doc)
        elif kind == "position":
            read_position(doc)
        else:
            read_question(doc)
    except BadLog as exc:
        if exc.errors and "over the limit" in exc.errors[0].message:
            return "over the size limit"
        return f"refused: {len(exc.errors)} listed, {exc.more:,} more"
    return "accepted"


def main(argv: list[str]) -> None:
    wanted = [name for name in SHAPES if not argv or any(a in name for a in argv)]
    for name in wanted:
        kind, build = SHAPES[name]
        times = []
        for n in SIZES:
            body = build(n)
            start = time.process_time()
            outcome = read(kind, body)
            times.append(time.process_time() - start)
            print(f"  {name} n={n:,} ({len(body) / 1e6:.1f} MB): {times[-1]:.3f} s, {outcome}")
        ratio = times[-1] / times[0] if times[0] else float("nan")
        print(f"{name}: " + " ".join(f"{t:.3f}" for t in times) + f" s; 300k/20k {ratio:.1f}")
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
