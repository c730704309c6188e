"""The replay as Markdown."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from judge.core.export.base import Exporter
from judge.core.export.describe import (
    _NO_TURN,
    _NOTE_FORMS,
    _anchor_id,
    _engine_text,
    _fidelity_text,
    _match_text,
    _one_line,
    _options_text,
    _player_ids,
    _players_text,
    _replay_title,
    _result_text,
    _rule_meta,
    _rule_paragraphs,
    _rules_cited,
    _state_rows,
    _step_notes,
    _step_player,
    _step_rule_ids,
    _turn_heading,
    _turn_key,
    _verdict_sentence,
    describe_action,
)

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
        if summary.get("uncertain_steps"):
            self._add(f"- **Uncertain steps:** {self._step_links(summary['uncertain_steps'])}")
        if summary.get("recorded_steps"):
            self._add(f"- **Recorded steps:** {self._step_links(summary['recorded_steps'])}")
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
