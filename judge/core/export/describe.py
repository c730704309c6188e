"""Describing actions, values, states, turns, rules and notes: what the human-readable
exporters (text, Markdown, HTML) share.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from judge.core.rules import LABELS
from judge.core.wording import noun_for, plural

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
    if owner is None:  # a compact replay's step without its state: the turn's first actor
        actor = _step_player(step)
        owner = None if actor == "-" else actor
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
        sentence = f"{n} illegal {noun_for(n, 'play')} found."
    elif unverifiable:
        n = len(unverifiable)
        sentence = f"No illegal play found, but {plural(n, 'step')} could not be verified."
    else:
        sentence = "Every step is legal."
    return sentence + _uncertain_sentence(summary) + _decks_sentence(summary.get("decks"))


def _uncertain_sentence(summary: Mapping[str, Any]) -> str:
    """What the summary says of uncertain and recorded steps (nothing when there are none, so
    that the sentence of every other replay reads as it always has).

    >>> _uncertain_sentence({"uncertain_steps": [13, 14], "recorded_steps": [20]})
    ' 2 steps are uncertain: they rest on an effect neither executed nor recorded. 1 step records what an effect did, not checked against its card text.'
    """
    out = ""
    uncertain = summary.get("uncertain_steps") or []
    if uncertain:
        n = len(uncertain)
        out += (
            f" {n} step{'s are' if n != 1 else ' is'} uncertain: "
            f"{'they rest' if n != 1 else 'it rests'} on an effect neither executed nor recorded."
        )
    recorded = summary.get("recorded_steps") or []
    if recorded:
        n = len(recorded)
        out += (
            f" {n} step{'s record' if n != 1 else ' records'} what an effect did, not checked "
            "against its card text."
        )
    return out


def _decks_sentence(decks: Any) -> str:
    """What the summary says of deck construction (nothing for a replay that predates it)."""
    if not isinstance(decks, Mapping):
        return ""
    problems = decks.get("problems") or []
    if problems:
        n = len(problems)
        return (
            f" The decks break the deck-construction rules ({plural(n, 'problem')}"
            ", on the first step)."
        )
    if decks.get("from_position"):
        return " The decks were not judged: the game starts from a position."
    if decks.get("judged") is False:
        return " The decks were not judged (rule option deck_construction is false)."
    return ""


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
    """``(label, value)`` of a cited rule's source and confidence, those it has; a known
    confidence label says what it means (``OFF-tr, a translation of official text``)."""
    out: list[tuple[str, Any]] = []
    if rule.get("source"):
        out.append(("Source", rule["source"]))
    label = rule.get("confidence")
    if label:
        means = LABELS.get(str(label))
        out.append(("confidence", f"{label}, {means.split(':')[0]}" if means else label))
    return out


def _labels_legend(used: Iterable[Any]) -> list[str]:
    """A blank line, then ``[LABEL] what it means`` for each confidence label in ``used``."""
    wanted = {str(u) for u in used if u}
    lines = [f"[{label}] {means}" for label, means in LABELS.items() if label in wanted]
    return ["", "Confidence labels:", *(f"  {line}" for line in lines)] if lines else []


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
    for added in step.get("annotations") or ():  # added to a stored replay afterwards
        author = added.get("author") if isinstance(added, Mapping) else None
        text = added.get("text", "") if isinstance(added, Mapping) else added
        yield "annotation", None, f"{author}: {text}" if author else str(text)
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
    "annotation": "annotation: {}",
    "flag": "{}",
    "violation": "✗ {}",
    "unverifiable": "? {}",
    "ruling": "§ {}",
    "event": "{}",
    "pending": "… {}",
}

#: The "no turn seen yet" marker of the exporters that group steps by turn.
_NO_TURN = object()


def _one_line(value: Any) -> str:
    return " ".join(str(value).split())


def _anchor_id(rule_id: str) -> str:
    """The anchor of a rule: ``rule-`` and the id with anything odd made ``-``."""
    return "rule-" + re.sub(r"[^A-Za-z0-9_.-]", "-", rule_id)
