"""The replay as one self-contained HTML page."""

from __future__ import annotations

import html
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
.badge.uncertain{background:#fbefff;color:#6e3a8a}.badge.recorded{background:#ddf4ff;color:#0a3069}
ul.notes{margin:.3rem 0 0;padding-left:1.2rem}ul.notes li{margin:.1rem 0}
li.violation{color:#a40e26}li.unverifiable{color:#7a4d00}li.ruling{color:#0a3069}
li.event{color:#424a53}li.pending{color:#6e7781;font-style:italic}
li.flag,li.note{color:#6e7781}li.annotation{color:#0a3069;font-style:italic}
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
        #: the rule ids the steps cite, each once (a long replay cites the same few again
        #: and again; the section lists each once)
        self._rules_seen: dict[str, None] = {}
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
        self._rules_seen.update(dict.fromkeys(_step_rule_ids(step)))

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

    def take(self) -> str:
        """The page's lines added since the last ``take``, forgotten here once taken, so
        that a page is sent as it grows (:func:`judge.core.export.export_chunks`): what
        ``take`` returns over one walk, put together, is :meth:`result`'s text, and the
        exporter holds one piece at a time, not the page."""
        if not self._parts:
            return ""
        text = "\n".join(self._parts) + "\n"
        self._parts = []
        return text
