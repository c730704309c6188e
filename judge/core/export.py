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

import html
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from judge.core.canonical import canonical_json

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


class Exporter:
    """Base class of every exporter: all three callbacks default to doing nothing.

    Subclasses override what they need and :meth:`result`.  An exporter instance is meant
    for one walk.
    """

    def begin(self, replay: Mapping[str, Any]) -> None:
        """Called once, before the first step, with the whole replay."""

    def step(self, step: Mapping[str, Any]) -> None:
        """Called once per step, in the replay's order."""

    def end(self, replay: Mapping[str, Any]) -> None:
        """Called once, after the last step, with the whole replay."""

    def result(self) -> str:
        """The accumulated output."""
        raise NotImplementedError


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


# --------------------------------------------------------------------------------------
# Describing actions, values and states (shared by the human-readable exporters)

#: Fields that name what the action acts on, written right after the kind, in this order.
_SUBJECT_FIELDS = ("card", "source", "cards", "ability")
#: Fields that name where it goes, written as ``→ value``.
_TARGET_FIELDS = ("to", "onto", "target")
#: Fields that reveal hidden cards, written in parentheses.
_REVEAL_FIELDS = ("reveal",)
#: Fields that never belong in the one-line description.
_SKIP_FIELDS = ("p", "do", "note")


def _card_ref(value: Any) -> str:
    """A card reference: an id or code as is; ``{"code": c, "zone": z}`` as ``c@z``."""
    if isinstance(value, Mapping) and "code" in value and set(value) <= {"code", "zone"}:
        zone = value.get("zone")
        return f"{value['code']}@{zone}" if zone else str(value["code"])
    return format_value(value)


def format_value(value: Any) -> str:
    """A compact, deterministic rendering of a JSON value for one line of text.

    >>> format_value(None), format_value(True), format_value([3, "A-1"])
    ('none', 'yes', '[3, A-1]')
    >>> format_value({"discard": ["A-4"], "all": False})
    '{all: no, discard: [A-4]}'
    """
    if value is None:
        return "none"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        if "code" in value and set(value) <= {"code", "zone"}:
            return _card_ref(value)
        inner = ", ".join(f"{k}: {format_value(value[k])}" for k in sorted(value, key=str))
        return "{" + inner + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    return str(value)


def describe_action(action: Mapping[str, Any]) -> str:
    """A one-line summary of an action, built generically from its fields.

    The kind (``do``) comes first, then what it acts on (``card``, ``source``, ``cards``,
    ``ability``), then where to (``→ to/onto/target``), then revealed codes in parentheses,
    then every other field as ``name=value`` in sorted order.  ``p`` and ``note`` are left
    out (the step shows them).  Nothing here knows a particular game.

    >>> describe_action({"p": "A", "do": "play", "card": "SMP-011", "to": "front_line"})
    'play SMP-011 → front_line'
    >>> describe_action({"p": "A", "do": "attack", "card": "A-3", "target": "player"})
    'attack A-3 → player'
    >>> describe_action({"p": "B", "do": "block", "card": None})
    'block none'
    >>> describe_action({"p": "A", "do": "pick_life", "cards": [3], "reveal": ["SMP-002"]})
    'pick_life [3] (SMP-002)'
    >>> describe_action({"p": "A", "do": "mulligan", "redraw": False})
    'mulligan redraw=no'
    >>> describe_action({"p": "A", "do": "play", "card": {"code": "X-1", "zone": "hand"},
    ...                  "to": "energy_line", "remove": ["A-7"], "note": "hi"})
    'play X-1@hand → energy_line remove=[A-7]'
    """
    parts = [str(action.get("do", "?"))]
    for name in _SUBJECT_FIELDS:
        if name in action:
            value = action[name]
            if name == "cards" and isinstance(value, list):
                parts.append("[" + ", ".join(_card_ref(v) for v in value) + "]")
            elif name == "ability":
                parts.append(f"ability {format_value(value)}")
            else:
                parts.append(_card_ref(value))
    for name in _TARGET_FIELDS:
        if name in action:
            parts.append(f"→ {_card_ref(action[name])}")
    for name in _REVEAL_FIELDS:
        if name in action:
            value = action[name]
            items = value if isinstance(value, list) else [value]
            parts.append("(" + ", ".join(_card_ref(v) for v in items) + ")")
    known = set(_SUBJECT_FIELDS + _TARGET_FIELDS + _REVEAL_FIELDS + _SKIP_FIELDS)
    for name in sorted(k for k in action if k not in known):
        parts.append(f"{name}={format_value(action[name])}")
    return " ".join(parts)


def _card_in_zone(card: Any) -> str:
    """A card in a public zone: ``A-3 Harbor Cadet 1500 BP rested``."""
    if not isinstance(card, Mapping):
        return format_value(card)
    words: list[str] = []
    if card.get("id") is not None:
        words.append(str(card["id"]))
    label = card.get("name") or card.get("code")
    if label:
        words.append(str(label))
    if card.get("bp") is not None:
        words.append(f"{card['bp']} BP")
    if card.get("rested"):
        words.append("rested")
    known = {"id", "name", "code", "bp", "rested"}
    for key in sorted(k for k in card if k not in known):
        words.append(f"{key}={format_value(card[key])}")
    return " ".join(words)


def _zone_value(value: Any) -> str:
    if isinstance(value, list):
        if not value:
            return "—"
        return ", ".join(_card_in_zone(v) for v in value)
    if isinstance(value, Mapping) and set(value) == {"active", "total"}:
        return f"{value['active']}/{value['total']} active"
    return format_value(value)


#: Per-player state fields shown first, in this order; any others follow sorted.
_STATE_FIELD_ORDER = (
    "life",
    "hand",
    "deck",
    "ap",
    "front_line",
    "energy_line",
    "outside",
    "removal",
)


def _state_rows(
    state: Mapping[str, Any], player_order: list[str]
) -> list[tuple[str, list[tuple[str, str]]]]:
    """``[(player id, [(field, rendered value), …]), …]`` in a fixed order."""
    players = state.get("players") or {}
    ids = [p for p in player_order if p in players]
    ids += sorted(p for p in players if p not in ids)
    rows = []
    for pid in ids:
        fields = players[pid] if isinstance(players[pid], Mapping) else {}
        names = [f for f in _STATE_FIELD_ORDER if f in fields]
        names += sorted(f for f in fields if f not in names)
        rows.append((pid, [(name, _zone_value(fields[name])) for name in names]))
    return rows


def _player_ids(replay: Mapping[str, Any]) -> list[str]:
    return [str(p.get("id")) for p in replay.get("players") or () if isinstance(p, Mapping)]


def _step_player(step: Mapping[str, Any]) -> str:
    player = step.get("player")
    if player is None:
        player = (step.get("action") or {}).get("p")
    return "-" if player is None else str(player)


def _turn_label(step: Mapping[str, Any]) -> str:
    turn = step.get("turn")
    return "T-" if turn is None else f"T{turn}"


def _turn_key(step: Mapping[str, Any]) -> Any:
    turn = step.get("turn")
    return turn or None


def _turn_heading(step: Mapping[str, Any]) -> str:
    key = _turn_key(step)
    if key is None:
        return "Setup"
    owner = (step.get("state") or {}).get("turn_player")
    return f"Turn {key} — {owner}" if owner is not None else f"Turn {key}"


def _event_text(event: Any) -> str:
    if isinstance(event, Mapping):
        if event.get("text"):
            return str(event["text"])
        rest = {k: v for k, v in event.items() if k != "type"}
        return f"{event.get('type', 'event')} {format_value(rest)}"
    return format_value(event)


def _pending_text(item: Any) -> str:
    if isinstance(item, Mapping):
        if item.get("text"):
            return str(item["text"])
        return f"{item.get('player', '?')} must decide: {item.get('kind', '?')}"
    return format_value(item)


def _match_text(match: Any) -> str:
    if not isinstance(match, Mapping) or not match:
        return "—"
    return ", ".join(f"{k}: {format_value(match[k])}" for k in sorted(match, key=str))


def _options_text(options: Any) -> str:
    if not isinstance(options, Mapping) or not options:
        return "defaults"
    return ", ".join(f"{k}={format_value(options[k])}" for k in sorted(options, key=str))


def _players_text(replay: Mapping[str, Any]) -> str:
    out = []
    for p in replay.get("players") or ():
        if isinstance(p, Mapping):
            name = p.get("name")
            out.append(f"{p.get('id')} ({name})" if name else str(p.get("id")))
    return ", ".join(out) or "—"


def _engine_text(engine: Any) -> str:
    if not isinstance(engine, Mapping) or not engine:
        return "—"
    text = f"{engine.get('name', 'engine')} {engine.get('version', '?')}"
    if engine.get("rules") is not None:
        text += f" (rules {engine['rules']})"
    return text


def _fidelity_text(fidelity: Any) -> str:
    if not isinstance(fidelity, Mapping) or not fidelity.get("status"):
        return "not reported"
    status = fidelity["status"]
    checked = fidelity.get("checked", 0)
    if status == "exact":
        noun = "checkpoint" if checked == 1 else "checkpoints"
        return f"exact ({checked} {noun} from the log matched)"
    if status == "unchecked":
        return "unchecked (the log carries no checkpoints)"
    if status == "diverged":
        first = fidelity.get("first_mismatch") or {}
        return (
            f"diverged: the checkpoint after step #{first.get('after', '?')} expected "
            f"{first.get('expected', '?')}, the engine computed {first.get('actual', '?')}"
        )
    return str(status)


def _result_text(summary: Mapping[str, Any]) -> str:
    result = summary.get("result")
    if not result:
        return "no result (the log ends before the game does)"
    winner = result.get("winner")
    reason = result.get("reason")
    head = f"{winner} wins" if winner is not None else "no winner"
    return f"{head} ({reason})" if reason else head


def _steps_list(indices: Iterable[Any]) -> str:
    items = [f"#{i}" for i in indices]
    return ", ".join(items) if items else "none"


def _verdict_sentence(summary: Mapping[str, Any]) -> str:
    illegal = summary.get("illegal_steps") or []
    unverifiable = summary.get("unverifiable_steps") or []
    if illegal:
        n = len(illegal)
        return f"{n} illegal play{'s' if n != 1 else ''} found."
    if unverifiable:
        n = len(unverifiable)
        return f"No illegal play found, but {n} step{'s' if n != 1 else ''} could not be verified."
    return "Every step is legal."


def _cited_ids(replay: Mapping[str, Any], seen: Iterable[str]) -> list[str]:
    """Every rule id the replay cites (its ``rules_cited`` and the steps), sorted."""
    cited = replay.get("rules_cited") or {}
    return sorted(set(cited) | set(seen))


def _rules_cited(
    replay: Mapping[str, Any], seen: Iterable[str]
) -> list[tuple[str, str, Mapping[str, Any]]]:
    """``(rule id, title, rule)`` for every rule the replay cites, sorted by id.

    ``rule`` is the rule's entry in the replay's ``rules_cited`` (``text``, ``source``,
    ``confidence``), empty for a rule the steps cite that the catalogue lacks.
    """
    cited = replay.get("rules_cited") or {}
    out = []
    for rule_id in _cited_ids(replay, seen):
        rule = cited.get(rule_id) or {}
        out.append((rule_id, rule.get("title") or "(not in the replay's catalogue)", rule))
    return out


def _rule_paragraphs(rule: Mapping[str, Any]) -> list[str]:
    """A cited rule's text as paragraphs (split at blank lines)."""
    return [p for p in re.split(r"\n\s*\n", str(rule.get("text") or "")) if p]


def _rule_meta(rule: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """``(label, value)`` of a cited rule's source and confidence, those it has."""
    return [
        (label, rule[key])
        for label, key in (("Source", "source"), ("confidence", "confidence"))
        if rule.get(key)
    ]


def _replay_title(replay: Mapping[str, Any]) -> str:
    """``Replay: <game>``, with the variant in parentheses when there is one."""
    title = f"Replay: {replay.get('game', '?')}"
    if replay.get("variant"):
        title += f" ({replay['variant']})"
    return title


def _step_rule_ids(step: Mapping[str, Any]) -> list[str]:
    ids = []
    for item in (step.get("violations") or []) + (step.get("rulings") or []):
        if isinstance(item, Mapping) and item.get("rule"):
            ids.append(str(item["rule"]))
    return ids


def _flags(step: Mapping[str, Any]) -> list[str]:
    flags = []
    if step.get("skipped"):
        flags.append("skipped: not applied to the game")
    if step.get("after_illegal"):
        flags.append("after an illegal play applied as played")
    return flags


def _step_notes(step: Mapping[str, Any]) -> Iterator[tuple[str, str | None, str]]:
    """What the human-readable exporters show under a step, in display order.

    Yields ``(kind, rule, text)``: ``kind`` is ``note`` (the action's note), ``flag``,
    ``violation``, ``unverifiable``, ``ruling``, ``event`` or ``pending``; ``rule`` is the
    cited rule id of a violation or ruling (``?`` when it names none) and None otherwise;
    ``text`` is unescaped (a violation's or ruling's message, without the rule id).

    >>> step = {"action": {"do": "pass", "note": "hi"}, "skipped": True,
    ...         "violations": [{"rule": "R-1", "message": "no"}], "events": [{"text": "ok"}]}
    >>> list(_step_notes(step))  # doctest: +NORMALIZE_WHITESPACE
    [('note', None, 'hi'), ('flag', None, 'skipped: not applied to the game'),
     ('violation', 'R-1', 'no'), ('event', None, 'ok')]
    """
    note = (step.get("action") or {}).get("note")
    if note:
        yield "note", None, str(note)
    for flag in _flags(step):
        yield "flag", None, flag
    for v in step.get("violations") or ():
        yield "violation", str(v.get("rule", "?")), str(v.get("message", ""))
    for why in step.get("unverifiable") or ():
        yield "unverifiable", None, str(why)
    for r in step.get("rulings") or ():
        yield "ruling", str(r.get("rule", "?")), str(r.get("message", ""))
    for event in step.get("events") or ():
        yield "event", None, _event_text(event)
    for item in step.get("pending") or ():
        yield "pending", None, _pending_text(item)


#: How each kind of step note is written around its (escaped) text; an exporter's ``NOTES``
#: changes what its format marks differently.
_NOTE_FORMS = {
    "note": "note: {}",
    "flag": "{}",
    "violation": "✗ {}",
    "unverifiable": "? {}",
    "ruling": "§ {}",
    "event": "{}",
    "pending": "… {}",
}

#: The "no turn seen yet" marker of the exporters that group steps by turn.
_NO_TURN = object()


# --------------------------------------------------------------------------------------
# JSON


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
# Plain text


class TextExporter(Exporter):
    """A replay to read in a terminal.

    A header (game, players, match, log hash, engine, options, fidelity); one line per step
    (``#12 T2 main  A  play SMP-011 → front_line   ILLEGAL``) followed by indented lines:
    ``✗`` violations, ``?`` why a step is unverifiable, ``§`` rulings, ``•`` events, ``…``
    pending choices; then the summary and every rule cited, with its text, once.

    ``states=True`` also prints the public state after each step.
    """

    INDENT = "      "
    NOTES = {**_NOTE_FORMS, "flag": "({})", "event": "• {}"}

    def __init__(self, states: bool = False) -> None:
        self.states = states
        self._lines: list[str] = []
        self._rules_seen: list[str] = []
        self._player_order: list[str] = []

    def _add(self, line: str = "") -> None:
        self._lines.append(line)

    def begin(self, replay: Mapping[str, Any]) -> None:
        self._player_order = _player_ids(replay)
        title = _replay_title(replay)
        self._add(title)
        self._add("=" * len(title))
        self._add(f"Players:   {_players_text(replay)}")
        self._add(f"Match:     {_match_text(replay.get('match'))}")
        self._add(f"Log:       sha256 {replay.get('log_sha256', '?')}")
        self._add(f"Engine:    {_engine_text(replay.get('engine'))}")
        self._add(f"Options:   {_options_text(replay.get('options'))}")
        self._add(f"Rule opts: {_options_text(replay.get('rule_options'))}")
        self._add(f"Fidelity:  {_fidelity_text(replay.get('fidelity'))}")
        self._add()

    def step(self, step: Mapping[str, Any]) -> None:
        action = step.get("action") or {}
        head = (
            f"#{step.get('index', '?')} {_turn_label(step)} {step.get('phase') or '-'}  "
            f"{_step_player(step)}  {describe_action(action)}"
        )
        verdict = step.get("verdict", "legal")
        if verdict != "legal":
            head += f"   {str(verdict).upper()}"
        self._add(head)
        for kind, rule, text in _step_notes(step):
            if kind == "note":
                text = _one_line(text)  # the log's own words, which may span lines
            body = text if rule is None else f"{rule}: {text}"
            self._add(self.INDENT + self.NOTES[kind].format(body))
        if self.states and step.get("state"):
            self._state(step)
        self._rules_seen.extend(_step_rule_ids(step))

    def _state(self, step: Mapping[str, Any]) -> None:
        ind = self.INDENT
        for pid, fields in _state_rows(step["state"], self._player_order):
            body = "; ".join(f"{name} {value}" for name, value in fields)
            self._add(f"{ind}[{pid}] {body}")
        if step.get("state_sha256"):
            self._add(f"{ind}state sha256 {step['state_sha256']}")

    def end(self, replay: Mapping[str, Any]) -> None:
        summary = replay.get("summary") or {}
        self._add()
        self._add("Summary")
        self._add("-------")
        self._add(f"Result:       {_result_text(summary)}")
        if summary.get("steps") is not None:
            self._add(f"Steps:        {summary['steps']}")
        self._add(f"Illegal:      {_steps_list(summary.get('illegal_steps') or [])}")
        self._add(f"Unverifiable: {_steps_list(summary.get('unverifiable_steps') or [])}")
        if summary.get("stopped_at") is not None:
            self._add(
                f"Stopped at:   #{summary['stopped_at']} (the replay stops at an illegal play)"
            )
        self._add(_verdict_sentence(summary))
        rules = _rules_cited(replay, self._rules_seen)
        if rules:
            self._add()
            self._add("Rules cited")
            self._add("-----------")
            for rule_id, title, rule in rules:
                conf = f" [{rule['confidence']}]" if rule.get("confidence") else ""
                self._add(f"{rule_id} — {title}{conf}")
                for line in str(rule.get("text") or "").splitlines():
                    self._add(f"    {line}" if line.strip() else "")
                if rule.get("source"):
                    self._add(f"    Source: {rule['source']}")

    def result(self) -> str:
        return "\n".join(self._lines) + "\n"


def _one_line(value: Any) -> str:
    return " ".join(str(value).split())


# --------------------------------------------------------------------------------------
# Markdown

_MD_SPECIAL = re.compile(r"([\\`*_\[\]|#])")


def md_escape(value: Any) -> str:
    """Text safe inside a Markdown line: markup characters escaped, HTML neutralised.

    >>> md_escape("<b>*x*</b> & [y]")
    '&lt;b&gt;\\\\*x\\\\*&lt;/b&gt; &amp; \\\\[y\\\\]'
    """
    text = _one_line(value)
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MD_SPECIAL.sub(r"\\\1", text)


def _md_code(text: str) -> str:
    """An inline code span holding ``text`` verbatim (fenced past any backtick run)."""
    text = _one_line(text)
    runs = [len(m) for m in re.findall(r"`+", text)]
    fence = "`" * (max(runs, default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _anchor_id(rule_id: str) -> str:
    """The anchor of a rule: ``rule-`` and the id with anything odd made ``-``."""
    return "rule-" + re.sub(r"[^A-Za-z0-9_.-]", "-", rule_id)


class MarkdownExporter(Exporter):
    """The text exporter's content as Markdown.

    A heading per turn (``## Turn 2 — A``; setup before turn 1), one list item per step
    with nested items for violations, rulings, events and pending choices, then the summary
    and a "Rules cited" section with an anchor ``rule-<ID>`` per rule that violations and
    rulings link to.  Strings from the log are escaped so they cannot inject markup.
    """

    NOTES = {**_NOTE_FORMS, "flag": "_{}_"}

    def __init__(self, states: bool = False) -> None:
        self.states = states
        self._lines: list[str] = []
        self._rules_seen: list[str] = []
        self._turn: Any = _NO_TURN
        self._player_order: list[str] = []

    def _add(self, line: str = "") -> None:
        self._lines.append(line)

    def begin(self, replay: Mapping[str, Any]) -> None:
        self._player_order = _player_ids(replay)
        self._add(f"# {md_escape(_replay_title(replay))}")
        self._add()
        self._add(f"- **Players:** {md_escape(_players_text(replay))}")
        self._add(f"- **Match:** {md_escape(_match_text(replay.get('match')))}")
        self._add(f"- **Log sha256:** {_md_code(str(replay.get('log_sha256', '?')))}")
        self._add(f"- **Engine:** {md_escape(_engine_text(replay.get('engine')))}")
        self._add(f"- **Options:** {md_escape(_options_text(replay.get('options')))}")
        self._add(f"- **Rule options:** {md_escape(_options_text(replay.get('rule_options')))}")
        self._add(f"- **Fidelity:** {md_escape(_fidelity_text(replay.get('fidelity')))}")

    def _rule_link(self, rule_id: Any) -> str:
        rule_id = str(rule_id)
        return f"[{md_escape(rule_id)}](#{_anchor_id(rule_id)})"

    def step(self, step: Mapping[str, Any]) -> None:
        key = _turn_key(step)
        if key != self._turn:
            self._turn = key
            self._add()
            self._add(f"## {md_escape(_turn_heading(step))}")
            self._add()
        action = step.get("action") or {}
        index = step.get("index", "?")
        verdict = str(step.get("verdict", "legal"))
        head = (
            f'- <a id="step-{md_escape(index)}"></a>**#{md_escape(index)}** '
            f"{md_escape(step.get('phase') or '-')} · {md_escape(_step_player(step))} · "
            f"{_md_code(describe_action(action))}"
        )
        if verdict != "legal":
            head += f" — **{md_escape(verdict.upper())}**"
        self._add(head)
        sub = "  - "
        for kind, rule, text in _step_notes(step):
            body = md_escape(text)
            if rule is not None:
                body = f"{self._rule_link(rule)}: {body}"
            self._add(sub + self.NOTES[kind].format(body))
        if self.states and step.get("state"):
            for pid, fields in _state_rows(step["state"], self._player_order):
                body = "; ".join(f"{name} {value}" for name, value in fields)
                self._add(f"{sub}state {md_escape(pid)}: {md_escape(body)}")
            if step.get("state_sha256"):
                self._add(f"{sub}state sha256 {_md_code(str(step['state_sha256']))}")
        self._rules_seen.extend(_step_rule_ids(step))

    def end(self, replay: Mapping[str, Any]) -> None:
        summary = replay.get("summary") or {}
        self._add()
        self._add("## Summary")
        self._add()
        self._add(f"- **Result:** {md_escape(_result_text(summary))}")
        if summary.get("steps") is not None:
            self._add(f"- **Steps:** {md_escape(summary['steps'])}")
        self._add(f"- **Illegal steps:** {self._step_links(summary.get('illegal_steps'))}")
        self._add(
            f"- **Unverifiable steps:** {self._step_links(summary.get('unverifiable_steps'))}"
        )
        if summary.get("stopped_at") is not None:
            self._add(f"- **Stopped at:** {self._step_links([summary['stopped_at']])}")
        self._add()
        self._add(md_escape(_verdict_sentence(summary)))
        rules = _rules_cited(replay, self._rules_seen)
        if rules:
            self._add()
            self._add("## Rules cited")
            for rule_id, title, rule in rules:
                self._add()
                self._add(
                    f'### <a id="{_anchor_id(rule_id)}"></a>{md_escape(rule_id)} — '
                    f"{md_escape(title)}"
                )
                self._add()
                for para in _rule_paragraphs(rule):
                    self._add(md_escape(para))
                    self._add()
                meta = [f"{label}: {md_escape(value)}" for label, value in _rule_meta(rule)]
                if meta:
                    self._add(f"_{' · '.join(meta)}_")

    @staticmethod
    def _step_links(indices: Any) -> str:
        items = [f"[#{md_escape(i)}](#step-{md_escape(i)})" for i in indices or ()]
        return ", ".join(items) if items else "none"

    def result(self) -> str:
        while self._lines and self._lines[-1] == "":
            self._lines.pop()
        return "\n".join(self._lines) + "\n"


# --------------------------------------------------------------------------------------
# HTML

_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:72rem;margin:2rem auto;
padding:0 1rem;color:#1b1f24;line-height:1.45}
h1{font-size:1.6rem;margin-bottom:.5rem}h2{margin-top:2rem;border-bottom:1px solid #d0d7de}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}
dl.meta dt{font-weight:600}dl.meta dd{margin:0}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.92em}
table.steps{border-collapse:collapse;width:100%}
table.steps th,table.steps td{border-bottom:1px solid #d0d7de;padding:.35rem .5rem;
text-align:left;vertical-align:top}
table.steps tr.turn th{background:#f6f8fa;font-size:1.05rem;padding-top:.8rem}
tr.illegal{background:#fff1f0}tr.unverifiable{background:#fff8e1}
tr:target{outline:2px solid #0969da}
.badge{display:inline-block;padding:.05rem .5rem;border-radius:1rem;font-size:.8rem;
font-weight:600;white-space:nowrap}
.badge.legal{background:#dafbe1;color:#116329}.badge.illegal{background:#ffd8d3;color:#a40e26}
.badge.unverifiable{background:#fff1c2;color:#7a4d00}
ul.notes{margin:.3rem 0 0;padding-left:1.2rem}ul.notes li{margin:.1rem 0}
li.violation{color:#a40e26}li.unverifiable{color:#7a4d00}li.ruling{color:#0a3069}
li.event{color:#424a53}li.pending{color:#6e7781;font-style:italic}
li.flag,li.note{color:#6e7781}
details{margin-top:.3rem}table.state td,table.state th{padding:.1rem .4rem;font-size:.88rem;
border:none}
dl.rules dt{font-weight:600;margin-top:1rem}dl.rules dd{margin-left:1rem}
dt:target{background:#fff8c5}
.source{color:#6e7781;font-size:.9rem}
p.verdict{font-weight:600}
""".strip()


def _e(value: Any) -> str:
    """Escape any value for HTML text or a quoted attribute."""
    return html.escape(str(value), quote=True)


class HtmlExporter(Exporter):
    """One self-contained HTML page: inline CSS, no external assets, no JavaScript.

    Steps form a table grouped by turn, each row with a verdict badge and the anchor
    ``#step-<index>``; violations and rulings link to ``#rule-<ID>`` in the "Rules cited"
    section.  The public state after each step is in a ``<details>`` element.  Every string
    from the replay goes through :func:`html.escape`.
    """

    NOTES = dict(_NOTE_FORMS)  # the kind of a note is also the class of its <li>

    def __init__(self, title: str | None = None) -> None:
        self.title = title
        self._parts: list[str] = []
        self._rules_seen: list[str] = []
        self._turn: Any = _NO_TURN
        self._player_order: list[str] = []

    def _add(self, text: str) -> None:
        self._parts.append(text)

    def begin(self, replay: Mapping[str, Any]) -> None:
        self._player_order = _player_ids(replay)
        title = self.title or _replay_title(replay)
        self._add("<!DOCTYPE html>")
        self._add('<html lang="en">')
        self._add("<head>")
        self._add('<meta charset="utf-8">')
        self._add('<meta name="viewport" content="width=device-width, initial-scale=1">')
        self._add(f"<title>{_e(title)}</title>")
        self._add(f"<style>\n{_CSS}\n</style>")
        self._add("</head>")
        self._add("<body>")
        self._add(f"<h1>{_e(title)}</h1>")
        self._add('<dl class="meta">')
        meta = [
            ("Players", _players_text(replay)),
            ("Match", _match_text(replay.get("match"))),
            ("Log sha256", replay.get("log_sha256", "?")),
            ("Engine", _engine_text(replay.get("engine"))),
            ("Options", _options_text(replay.get("options"))),
            ("Rule options", _options_text(replay.get("rule_options"))),
            ("Fidelity", _fidelity_text(replay.get("fidelity"))),
        ]
        for name, value in meta:
            body = f"<code>{_e(value)}</code>" if name == "Log sha256" else _e(value)
            self._add(f"<dt>{_e(name)}</dt><dd>{body}</dd>")
        self._add("</dl>")
        self._add('<p><a href="#summary">Summary</a> · <a href="#rules-cited">Rules cited</a></p>')
        self._add('<h2 id="steps">Steps</h2>')
        self._add('<table class="steps">')
        self._add(
            "<thead><tr><th>#</th><th>Phase</th><th>Player</th><th>Action</th>"
            "<th>Verdict</th></tr></thead>"
        )

    def _rule_link(self, rule_id: Any) -> str:
        rule_id = str(rule_id)
        return f'<a href="#{_e(_anchor_id(rule_id))}"><code>{_e(rule_id)}</code></a>'

    def step(self, step: Mapping[str, Any]) -> None:
        key = _turn_key(step)
        if key != self._turn:
            self._turn = key
            turn_id = "turn-setup" if key is None else f"turn-{key}"
            self._add(
                f'<tbody><tr class="turn"><th colspan="5" id="{_e(turn_id)}">'
                f"{_e(_turn_heading(step))}</th></tr></tbody>"
            )
        action = step.get("action") or {}
        index = step.get("index", "?")
        verdict = str(step.get("verdict", "legal"))
        notes: list[str] = []
        for kind, rule, text in _step_notes(step):
            body = _e(text)
            if rule is not None:
                body = f"{self._rule_link(rule)}: {body}"
            notes.append(f'<li class="{kind}">{self.NOTES[kind].format(body)}</li>')
        cell = f"<code>{_e(describe_action(action))}</code>"
        if notes:
            cell += '<ul class="notes">' + "".join(notes) + "</ul>"
        if step.get("state"):
            cell += self._state(step)
        self._add(
            f'<tbody><tr id="step-{_e(index)}" class="{_e(verdict)}">'
            f'<td><a href="#step-{_e(index)}">#{_e(index)}</a></td>'
            f"<td>{_e(step.get('phase') or '-')}</td>"
            f"<td>{_e(_step_player(step))}</td>"
            f"<td>{cell}</td>"
            f'<td><span class="badge {_e(verdict)}">{_e(verdict)}</span></td></tr></tbody>'
        )
        self._rules_seen.extend(_step_rule_ids(step))

    def _state(self, step: Mapping[str, Any]) -> str:
        rows = []
        for pid, fields in _state_rows(step["state"], self._player_order):
            for i, (name, value) in enumerate(fields):
                who = f"<th>{_e(pid)}</th>" if i == 0 else "<th></th>"
                rows.append(f"<tr>{who}<td>{_e(name)}</td><td>{_e(value)}</td></tr>")
        sha = step.get("state_sha256")
        if sha:
            rows.append(f"<tr><th></th><td>sha256</td><td><code>{_e(sha)}</code></td></tr>")
        return (
            "<details><summary>State after this step</summary>"
            f'<table class="state">{"".join(rows)}</table></details>'
        )

    def end(self, replay: Mapping[str, Any]) -> None:
        self._add("</table>")
        summary = replay.get("summary") or {}
        self._add('<h2 id="summary">Summary</h2>')
        self._add('<dl class="meta">')
        self._add(f"<dt>Result</dt><dd>{_e(_result_text(summary))}</dd>")
        if summary.get("steps") is not None:
            self._add(f"<dt>Steps</dt><dd>{_e(summary['steps'])}</dd>")
        self._add(
            f"<dt>Illegal steps</dt><dd>{self._step_links(summary.get('illegal_steps'))}</dd>"
        )
        self._add(
            "<dt>Unverifiable steps</dt>"
            f"<dd>{self._step_links(summary.get('unverifiable_steps'))}</dd>"
        )
        if summary.get("stopped_at") is not None:
            self._add(f"<dt>Stopped at</dt><dd>{self._step_links([summary['stopped_at']])}</dd>")
        self._add("</dl>")
        self._add(f'<p class="verdict">{_e(_verdict_sentence(summary))}</p>')
        self._add('<h2 id="rules-cited">Rules cited</h2>')
        rules = _rules_cited(replay, self._rules_seen)
        if not rules:
            self._add("<p>No rule was cited.</p>")
        else:
            self._add('<dl class="rules">')
            for rule_id, title, rule in rules:
                self._add(
                    f'<dt id="{_e(_anchor_id(rule_id))}"><code>{_e(rule_id)}</code> — '
                    f"{_e(title)}</dt>"
                )
                body = "".join(f"<p>{_e(p)}</p>" for p in _rule_paragraphs(rule))
                meta = [f"{label}: {_e(value)}" for label, value in _rule_meta(rule)]
                if meta:
                    body += f'<p class="source">{" · ".join(meta)}</p>'
                self._add(f"<dd>{body}</dd>")
            self._add("</dl>")
        self._add("</body>")
        self._add("</html>")

    @staticmethod
    def _step_links(indices: Any) -> str:
        items = [f'<a href="#step-{_e(i)}">#{_e(i)}</a>' for i in indices or ()]
        return ", ".join(items) if items else "none"

    def result(self) -> str:
        return "\n".join(self._parts) + "\n"


#: Format name → exporter class; the CLI's ``--format`` choices.  Add new formats here.
EXPORTERS: dict[str, type[Exporter]] = {
    "text": TextExporter,
    "json": JsonExporter,
    "markdown": MarkdownExporter,
    "html": HtmlExporter,
}
