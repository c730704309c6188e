"""The replay as plain text, to read in a terminal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.core.export.base import Exporter
from judge.core.export.describe import (
    _NOTE_FORMS,
    _engine_text,
    _fidelity_text,
    _labels_legend,
    _match_text,
    _one_line,
    _options_text,
    _player_ids,
    _players_text,
    _replay_title,
    _result_text,
    _rules_cited,
    _state_rows,
    _step_notes,
    _step_player,
    _step_rule_ids,
    _steps_list,
    _turn_label,
    _verdict_sentence,
    describe_action,
)


class TextExporter(Exporter):
    """A replay to read in a terminal.

    A header (game, players, match, log hash, engine, options, fidelity); one line per step
    (``#12 T2 main  A  play SMP-011 → front_line   ILLEGAL``) followed by indented lines:
    ``✗`` violations, ``?`` why a step is unverifiable, ``§`` rulings (an ``UNCERTAIN``
    step's says which steps it depends on), ``•`` events, ``…`` pending choices; then the
    summary and every rule cited, with its text, once.

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
        # shown when there are some (the summary of a replay without them reads as before)
        if summary.get("uncertain_steps"):
            self._add(f"Uncertain:    {_steps_list(summary['uncertain_steps'])}")
        if summary.get("recorded_steps"):
            self._add(f"Recorded:     {_steps_list(summary['recorded_steps'])}")
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
            for line in _labels_legend(rule.get("confidence") for _, _, rule in rules):
                self._add(line)

    def result(self) -> str:
        return "\n".join(self._lines) + "\n"
