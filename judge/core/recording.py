"""Recording a match as it is played: what a scorekeeper's page needs after each decision.

A recording is nothing but a ``judge-action-log/1`` document that grows: the page keeps the
log (header and actions so far) and sends it whole; :func:`answer` judges it and says what
the recorder needs next: the board after the last step (the frame format of
:mod:`judge.core.frames`, redacted for a perspective), whose decision it is and what the
rules wait for (``engine.pending()``), the engine's legal actions, each with a label naming
its cards by name and the ids it involves (so the page can pick one by clicking a card), the
verdict of the last step as the replay's step gives it (violations and rulings with the
rule's text and source) and the result once the game is over.  Undo is the page dropping
its last action; an action not among the legal ones is recorded all the same and judged
(illegal, with its rule), and the log goes on as ``on_illegal`` says, as the replay does.
:mod:`judge.core.recording_start` makes a log's header from a match's settings and finds
cards by name (to name a card that becomes known in observed mode).

**State: rebuilt from the log, with an in-process cache of engines.**  Each answer is a
pure function of the log (and perspective, ``on_illegal``, the card sets): nothing lives
between requests that the log does not say, so several gunicorn workers, a restart, two
tabs or a resumed file all give the same answers, and undo needs no server state.  What
makes it fast is :class:`EngineCache`: engines after a prefix of the log, keyed by a hash
chain over the header and the actions (``h0 = sha256(header)``, ``hk = sha256(hk-1 ||
action k)``), least recently used first out.  An answer takes the engine of the longest
cached prefix out of the cache, judges only the actions after it on that very engine (an
engine is never copied: see :class:`EngineCache`) and puts it back under the new key, with
the engine of the prefix one shorter advanced beside it (so undo finds one); a miss
(another worker, an evicted entry, an edited earlier step, a second undo, a new
recording) rebuilds from the start.  The cached log of a prefix is kept too: only the
actions after it are validated (:func:`read_log`).  Measured (``bench/recorder.py``, a
400-decision Rangers Strike game, this project's shared 2-core machine under a load of 9):
the answer after each decision p50 1.5 ms, p95 13 ms (over HTTP 8 / 17 ms), after an undo
0.7 ms; with nothing cached (another worker) 37-48 ms, about 15 of them validating the log.
So a cache, but one that can be lost without being wrong.
Why not a session on the server: it would need sticky routing or Redis-held engines (which
do not pickle cheaply), and would make undo and resume special cases.
"""

from __future__ import annotations

import copy
import hashlib
import re
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from judge.core.canonical import canonical_bytes, canonical_json
from judge.core.cards import builtin_set_names
from judge.core.engine import Engine
from judge.core.errors import BadLog, FieldError
from judge.core.fault import guard_log
from judge.core.log import ActionLog, decode, parse_log
from judge.core.perspective import check_perspective, redact_step, withheld_at
from judge.core.verdict import ILLEGAL

if TYPE_CHECKING:
    from judge.core.cardsets import CardSets

__all__ = [
    "ANSWER_FORMAT",
    "EngineCache",
    "answer",
    "label",
    "read_log",
]

ANSWER_FORMAT = "judge-recording/1"
ON_ILLEGAL = ("skip", "apply", "stop")
#: engines a process keeps (a few hundred KB each; a 400-decision recording needs one at a
#: time, its undo the one before)
CACHE_SIZE = 64


# -- the cache of engines ---------------------------------------------------------------------


@dataclass
class _Entry:
    engine: Engine
    last: dict[str, Any] | None
    stopped: bool
    #: the validated log of this prefix (what reading a longer one starts from)
    log: ActionLog | None = None


class EngineCache:
    """Engines after a prefix of a log, by the prefix's hash chain (least recently used out).

    An engine is never copied: a caller *takes* the entry it extends or reads (no other
    caller sees it meanwhile) and puts it back under the key of what it then is.  Why not
    copies: an engine is not safely copyable (its ordering policy is a closure over the
    engine object, so a deep copy would keep asking the original who the turn player is).
    Safe for threads (one lock around the table; the work is done outside it)."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._items: OrderedDict[str, _Entry] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: str) -> _Entry | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def take(self, key: str) -> _Entry | None:
        """The entry, out of the cache: its engine is the caller's to change (and to put
        back, under the key of what it then is)."""
        with self._lock:
            return self._items.pop(key, None)

    def put(self, key: str, entry: _Entry) -> None:
        with self._lock:
            self._items[key] = entry
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


#: the process's cache (each gunicorn worker has its own; a miss only costs time)
CACHE = EngineCache()


def _chain(document: Mapping[str, Any], pins: list[Any], on_illegal: str) -> list[str]:
    """``keys[k]``: the key of the engine after the first ``k`` actions of ``document``
    (``pins``: what each user card set it names resolved to, so that a set uploaded again
    under the same name is a new key)."""
    header = {k: v for k, v in document.items() if k not in ("actions", "checkpoints")}
    h = hashlib.sha256(canonical_bytes({"h": header, "pins": pins, "o": on_illegal}))
    keys = [h.hexdigest()]
    actions = document.get("actions")
    for action in actions if isinstance(actions, list) else ():
        h = hashlib.sha256(h.digest() + canonical_bytes(action))
        keys.append(h.hexdigest())
    return keys


def _pins(document: Mapping[str, Any], card_sets: CardSets | None) -> list[Any] | None:
    """The hash of each set ``document`` names that ``card_sets`` holds; None when one
    cannot be resolved (the log is then read whole, and its problem named)."""
    refs = document.get("card_sets")
    if card_sets is None or not isinstance(refs, list):
        return []
    out: list[Any] = []
    for ref in refs:
        if not isinstance(ref, str):
            return None
        if ref in builtin_set_names():
            out.append(ref)
            continue
        try:
            out.append(card_sets.resolve(ref).sha256)
        except (KeyError, LookupError, ValueError):
            return None
    return out


_ACTION_PATH = re.compile(r"^actions\[(\d+)\]")


def _moved(path: str, by: int) -> str:
    """``path`` with its action index moved ``by`` on (``actions[2].card`` -> ``actions[7].card``)."""
    return _ACTION_PATH.sub(lambda m: f"actions[{int(m.group(1)) + by}]", path)


def read_log(
    document: dict[str, Any],
    card_sets: CardSets | None = None,
    *,
    on_illegal: str = "skip",
    cache: EngineCache | None = None,
) -> ActionLog:
    """``document`` validated as :func:`~judge.core.log.parse_log` validates it (the same
    problems, by the same paths), reading only the actions after the longest prefix whose
    log ``cache`` holds.  Why that is the same: a log's actions are checked one by one
    against its header (kinds, fields, players, card references); nothing in one action's
    check reads another (only ``checkpoints`` count the actions, and a recording has none).
    Reading a 400-action log whole costs about 15 ms; its last action, about 3."""
    pins = _pins(document, card_sets) if cache is not None else None
    actions = document.get("actions")
    if pins is None or not isinstance(actions, list) or "checkpoints" in document:
        return parse_log(document, card_sets)
    keys = _chain(document, pins, on_illegal)
    for k in range(len(actions), 0, -1):
        entry = cache.get(keys[k]) if cache is not None else None
        if entry is None or entry.log is None:
            continue
        base = entry.log
        if k == len(actions):
            return replace(base, document=document)
        tail = {**document, "actions": actions[k:]}
        try:
            more = parse_log(tail, card_sets)
        except BadLog as exc:
            moved = [FieldError(_moved(e.path, k), e.message) for e in exc.errors]
            raise BadLog(moved, exc.more) from None
        return replace(base, document=document, actions=[*base.actions, *more.actions])
    return parse_log(document, card_sets)


def _advance(
    entry: _Entry | None, log: ActionLog, start_at: int, end: int, on_illegal: str
) -> _Entry:
    """``entry``'s engine (or a new one, from the start) after the log's actions up to
    ``end``, judged from ``start_at`` on: the same object, changed."""
    from judge.core.replay import run_step, start

    actions = log.document["actions"]
    if entry is None:
        entry = _Entry(start(log), None, False)
    entry.engine.log = log  # the taints read the log's actions (judge.core.taints)
    entry.log = log
    for index in range(start_at, end):
        if entry.stopped:
            entry.last = {"index": index, "action": actions[index], "verdict": "not judged"}
            continue
        entry.last = run_step(entry.engine, index, copy.deepcopy(actions[index]), on_illegal)
        entry.stopped = on_illegal == "stop" and entry.last["verdict"] == ILLEGAL
    return entry


def _position(
    log: ActionLog, on_illegal: str, cache: EngineCache | None, card_sets: CardSets | None
) -> tuple[_Entry, str | None]:
    """The engine after every action of ``log``, taken out of ``cache`` (from the longest
    prefix it holds) or built, and the key to put it back under (None: nothing is kept).

    Extending by one action, the engine of the prefix before is advanced too when the cache
    holds it (one more step, a fraction of a millisecond): so the engine an undo asks for is
    there, as the one before it was."""
    actions = log.document["actions"]
    n = len(actions)
    pins = _pins(log.document, card_sets) if cache is not None else None
    if cache is None or pins is None:  # a set that cannot be named by its hash: none kept
        return _advance(None, log, 0, n, on_illegal), None
    keys = _chain(log.document, pins, on_illegal)
    for k in range(n, -1, -1):
        base = cache.take(keys[k])
        if base is None:
            continue
        cache.hits += 1
        if k == n - 1 and k > 0:
            lag = cache.take(keys[k - 1])
            if lag is not None:
                cache.put(keys[k], _advance(lag, log, k - 1, k, on_illegal))
        return _advance(base, log, k, n, on_illegal), keys[n]
    cache.misses += 1
    return _advance(None, log, 0, n, on_illegal), keys[n]


# -- the answer -------------------------------------------------------------------------------


def _names(engine: Engine) -> tuple[dict[str, str], dict[str, str]]:
    """Instance id -> code, and code -> card name, of every card in the game."""
    state = getattr(engine, "state", None)
    code_of: dict[str, str] = dict(getattr(state, "code_of", None) or {})
    names = {code: str(card.get("name") or code) for code, card in engine.log.cards.items()}
    return code_of, names


def _ids_in(value: Any, code_of: Mapping[str, str], out: list[str]) -> None:
    if isinstance(value, str):
        if value in code_of and value not in out:
            out.append(value)
    elif isinstance(value, dict):
        for v in value.values():
            _ids_in(v, code_of, out)
    elif isinstance(value, list):
        for v in value:
            _ids_in(v, code_of, out)


def _said(value: Any, code_of: Mapping[str, str], names: Mapping[str, str]) -> str:
    """A field's value in words: instance ids and codes by card name."""
    if isinstance(value, str):
        if value in code_of:
            return f"{names.get(code_of[value], code_of[value])} ({value})"
        if value in names:
            return f"{names[value]} ({value})"
        return value
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, list):
        return "[" + ", ".join(_said(v, code_of, names) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} {_said(v, code_of, names)}" for k, v in value.items()) + "}"
    return str(value)


def label(action: Mapping[str, Any], code_of: Mapping[str, str], names: Mapping[str, str]) -> str:
    """A short label of ``action``: the player, the kind, and each field with cards named
    (``A: play Cinder Vanguard (A-7), to front_line``)."""
    head = f"{action.get('p')}: {str(action.get('do', '')).replace('_', ' ')}"
    parts = []
    for key in sorted(action):
        if key in ("p", "do", "note"):
            continue
        said = _said(action[key], code_of, names)
        parts.append(said if key == "card" else f"{key.replace('_', ' ')} {said}")
    return head + (" " + ", ".join(parts) if parts else "")


def _rule_texts(engine: Engine, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Violations or rulings with their rule's title, text and source (as the viewer shows)."""
    cat = type(engine).catalogue
    out = []
    for item in items:
        rule = item.get("rule")
        extra: dict[str, Any] = {}
        if isinstance(rule, str) and rule in cat:
            r = cat[rule]
            extra = {"title": r.title, "text": r.text, "source": r.source}
        out.append({**item, **extra})
    return out


def _kinds(pending: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Who may record which kinds of action now (from the pending decisions)."""
    out: list[dict[str, Any]] = []
    for item in pending:
        kinds = [k for k in str(item.get("kind", "")).split("|") if k]
        out.append({"player": item.get("player"), "kinds": kinds})
    return out


def answer(
    data: str | bytes | dict[str, Any] | ActionLog,
    *,
    perspective: str = "judge",
    on_illegal: str = "skip",
    card_sets: CardSets | None = None,
    cache: EngineCache | None = CACHE,
) -> dict[str, Any]:
    """What a recorder needs after the log's last action (``judge-recording/1``).

    Raises :class:`BadLog` for a document that is not a log (or a perspective or
    ``on_illegal`` that is not one, named as a field), and
    :class:`~judge.core.fault.EngineFault` when the engine fails (never passed off as bad
    input)."""
    errors = []
    if on_illegal not in ON_ILLEGAL:
        errors.append(FieldError("on_illegal", f"must be one of {', '.join(ON_ILLEGAL)}"))
    if isinstance(data, ActionLog):
        log = data
    else:
        doc = decode(data) if isinstance(data, (str, bytes)) else data
        log = read_log(doc, card_sets, on_illegal=on_illegal, cache=cache)
    try:
        check_perspective(perspective, log.player_ids)
    except ValueError as exc:
        errors.append(FieldError("perspective", str(exc)))
    if errors:
        raise BadLog(errors)
    entry, key = _position(log, on_illegal, cache, card_sets)
    engine = entry.engine
    with guard_log(log, where="end"):
        pending = engine.pending()
        result = engine.result()
        turn, phase = engine.turn_phase()
        legal = [] if result is not None or entry.stopped else engine.legal_actions()
        state = engine.step_state()
    code_of, names = _names(engine)
    teams = log.teams
    zones = tuple(getattr(type(engine), "private_zones", ("hand",)))
    hide = None
    if perspective != "judge":
        hide = withheld_at(engine, perspective, teams)
        state = redact_step({"state": state}, perspective, zones, set(hide.sees))["state"]
        legal = [a for a in legal if not hide.names_hidden(a)]
    actions = []
    for action in legal:
        ids: list[str] = []
        _ids_in({k: v for k, v in action.items() if k not in ("p", "do")}, code_of, ids)
        actions.append(
            {
                "action": action,
                "key": canonical_json(action),
                "label": label(action, code_of, names),
                "cards": ids,
            }
        )
    last = None
    if entry.last is not None:
        step = entry.last
        last = {
            "index": step["index"],
            "action": step["action"],
            "label": label(step["action"], code_of, names),
            "verdict": step["verdict"],
            "violations": _rule_texts(engine, step.get("violations") or []),
            "rulings": _rule_texts(engine, step.get("rulings") or []),
            "events": step.get("events") or [],
            "skipped": bool(step.get("skipped")),
            "not_judged": step["verdict"] == "not judged",
        }
        if hide is not None:
            last = hide.document(redact_step(last, perspective, zones, set(hide.sees)))
    doc = log.document
    out = {
        "format": ANSWER_FORMAT,
        "game": log.game,
        "variant": log.variant,
        "perspective": perspective,
        "on_illegal": on_illegal,
        "actions": len(doc["actions"]),
        "observed": log.hidden.get("mode") == "observed",
        "turn": turn,
        "phase": phase,
        "frame": {"index": len(doc["actions"]) - 1, "state": state},
        "players": log.players,
        "teams": teams,
        "decks": log.decks if perspective == "judge" or log.start is None else None,
        "cards": engine.cards_used(),
        "pending": pending,
        "to_act": _kinds(pending),
        "legal_actions": actions,
        "last": last,
        "stopped": entry.stopped,
        "result": result,
    }
    if cache is not None and key is not None:
        cache.put(key, entry)  # back, for the next decision (not after a fault: not kept)
    return out
