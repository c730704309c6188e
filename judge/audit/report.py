"""The audit report: one row per match, ranked by what needs a judge first.

Pure functions (no I/O, no clock, no randomness): the command line (``judge audit``) and the
HTTP service build the same report from the same rows, byte for byte.

- :func:`row`: one match's row, from its log's envelope and either its judged replay (full
  or compact ``judge-replay/2``), its bad-input problems or its engine failure.  Small (a few
  hundred bytes: counts, the first illegal step, every violation's step, rule and player) so
  that a worker process returns it instead of the replay, and an event's memory stays flat.
- :func:`build`: the report ``judge-audit/1``: the rows ranked (:func:`rank_key`), totals,
  the rules broken most and by whom, the records of one match that disagree, the exit code.
- :func:`render`: the report as ``text``, ``markdown``, ``html``, ``csv`` or ``json``.

The ranking (what needs a human first), by the worst thing a match has:

0. ``failed``: the engine failed judging it (a bug: nothing about the match is known);
1. ``bad-input``: the log could not be read (nothing was judged);
2. ``illegal``: illegal plays, more first;
3. ``deck``: deck problems only (no illegal play), more first;
4. ``uncertain``: verdicts resting on effects neither executed nor recorded, more first;
5. ``unverifiable``: card text the engine cannot judge, more first;
6. ``recorded``: recorded outcomes (checked possible, not checked against the card), more first;
7. ``clean``: every step legal.

Ties are broken by event, round, table (numbers before text, absent last) and source, so the
order never depends on the order the rows were finished in.

>>> r = row("a.json", log={"match": {"event": "E", "round": 1, "table": 2}, "game": "g",
...         "players": [{"id": "A", "name": "Aki"}, {"id": "B"}]},
...         problems=[{"path": "", "message": "not JSON"}])
>>> r["status"], r["needs_judge"]["level"], r["players"][1]
('bad-input', 'bad-input', {'id': 'B', 'name': None})
>>> build([r])["exit"]
2
"""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Iterable
from typing import Any

from judge.core.canonical import canonical_json
from judge.core.wording import plural

FORMAT = "judge-audit/1"
#: what :func:`render` writes
FORMATS = ("text", "markdown", "html", "csv", "json")
#: the levels of :func:`needs_judge`, most urgent first (the ``rank`` is the position)
LEVELS = (
    "failed",
    "bad-input",
    "illegal",
    "deck",
    "uncertain",
    "unverifiable",
    "recorded",
    "clean",
)
#: exit codes, as ``judge replay`` (judge.commands.common; repeated here to stay pure)
EXIT_OK, EXIT_FOUND, EXIT_BAD_INPUT, EXIT_ENGINE_ERROR = 0, 1, 2, 3
#: the columns of the CSV rendering, in order (stable: spreadsheets and scripts read them)
CSV_COLUMNS = (
    "position",
    "source",
    "event",
    "round",
    "table",
    "game",
    "players",
    "result",
    "status",
    "illegal",
    "unverifiable",
    "uncertain",
    "recorded",
    "deck_problems",
    "first_illegal_step",
    "first_illegal_rule",
    "first_illegal_player",
    "needs_judge",
    "reason",
    "link",
    "problems",
    "failure",
)


# --------------------------------------------------------------------------------------
# One match


def row(
    source: str,
    *,
    log: dict | None,
    replay: dict | None = None,
    problems: list[dict] | None = None,
    failure: str | None = None,
    link: str | None = None,
) -> dict:
    """One match's row (JSON-serialisable; see the module's docstring and docs/audit.md).

    ``log``: the log document, for its envelope (``match``, ``players``, ``game``,
    ``variant``); None or anything else when it could not be read (the replay's envelope is
    used when there is one).  Exactly one outcome: ``failure`` (an engine fault's line, a
    failed job's reason), else ``problems`` (bad input: ``[{"path", "message"}]``), else
    ``replay`` (``judge-replay/2``, full or compact).  Why the log and not only the replay:
    a log refused as bad input has no replay, and its row should still say which match it
    was when its envelope can be read.
    """
    if failure is None and problems is None and replay is None:
        raise ValueError("a row needs a replay, problems or a failure")
    env = _envelope(log if isinstance(log, dict) else None, replay)
    out: dict[str, Any] = {
        "source": source,
        "link": link,
        **env,
        "result": None,
        "status": "judged",
        "log_sha256": None,
        "illegal": 0,
        "unverifiable": 0,
        "uncertain": 0,
        "recorded": 0,
        "deck_problems": 0,
        "first_illegal": None,
        "violations": [],
        "problems": [],
        "failure": None,
    }
    if failure is not None:
        out["status"] = "failed"
        out["failure"] = str(failure)
    elif problems is not None:
        out["status"] = "bad-input"
        out["problems"] = [
            {"path": str(p.get("path") or ""), "message": str(p.get("message") or "")}
            for p in problems
            if isinstance(p, dict)
        ] or [{"path": "", "message": "bad input"}]
    else:
        assert replay is not None
        _judged(out, replay)
    out["needs_judge"] = needs_judge(out)
    return out


def _scalar(value: Any) -> str | int | None:
    """A match field as a row keeps it: text or a whole number, else None (``match`` may
    hold anything)."""
    if isinstance(value, bool):
        return None
    return value if isinstance(value, str | int) else None


def _envelope(log: dict[str, Any] | None, replay: dict[str, Any] | None) -> dict[str, Any]:
    """event, round, table, game, variant and players, read defensively: a bad log may
    have any shape."""
    doc = log if log is not None else (replay or {})
    match = doc.get("match")
    match = match if isinstance(match, dict) else {}
    listed = doc.get("players")
    players = []
    for p in listed if isinstance(listed, list) else ():
        if isinstance(p, dict) and isinstance(p.get("id"), str):
            name = p.get("name")
            players.append({"id": p["id"], "name": name if isinstance(name, str) else None})
    game, variant = doc.get("game"), doc.get("variant")
    return {
        "event": _scalar(match.get("event")),
        "round": _scalar(match.get("round")),
        "table": _scalar(match.get("table")),
        "game": game if isinstance(game, str) else None,
        "variant": variant if isinstance(variant, str) else None,
        "players": players,
    }


def _judged(out: dict[str, Any], replay: dict[str, Any]) -> None:
    """Fill a judged row from its replay's summary and steps."""
    summary = replay.get("summary") or {}
    decks = (summary.get("decks") or {}).get("problems") or []
    out["result"] = summary.get("result")
    out["log_sha256"] = replay.get("log_sha256")
    for key, name in (
        ("illegal", "illegal_steps"),
        ("unverifiable", "unverifiable_steps"),
        ("uncertain", "uncertain_steps"),
        ("recorded", "recorded_steps"),
    ):
        out[key] = len(summary.get(name) or ())
    out["deck_problems"] = len(decks)
    violations: list[dict[str, Any]] = []
    first: dict[str, Any] | None = None
    steps = replay.get("steps") or []
    for step in steps:
        items = step.get("violations") or ()
        if not items:
            continue
        index = step.get("index")
        actor = (step.get("action") or {}).get("p", step.get("player"))
        # the deck problems come first on the first step (judge.core.replay.judge_decks):
        # they are the deck owner's, not the acting player's
        owners = [d.get("player") for d in decks] if index == 0 else []
        for n, item in enumerate(items):
            player = owners[n] if n < len(owners) else actor
            violations.append({"step": index, "rule": item.get("rule"), "player": player})
            if first is None:
                first = {
                    "step": index,
                    "rule": item.get("rule"),
                    "player": player,
                    "message": item.get("message"),
                }
    if not steps:  # a log with no action: the deck problems are only in the summary
        for d in decks:
            violations.append({"step": None, "rule": d.get("rule"), "player": d.get("player")})
    out["violations"] = violations
    out["first_illegal"] = first


def illegal_plays(r: dict[str, Any]) -> int:
    """How many steps of a row break a rule by what was played (not only by a deck)."""
    # the first ``deck_problems`` violations are the decks' (see :func:`_judged`)
    return len({v["step"] for v in r["violations"][r["deck_problems"] :]})


def needs_judge(r: dict[str, Any]) -> dict[str, Any]:
    """What a judge should know first about a row: ``{"rank", "level", "score", "reason"}``.

    ``rank`` is the position of ``level`` in :data:`LEVELS` (lower first); ``score`` counts
    the level's own problems (more first); ``reason`` says it in words.
    """
    status = r["status"]
    if status == "failed":
        level, score = "failed", 1
        reason = f"the engine failed judging it: {_cut(r['failure'] or '', 160)}"
    elif status == "bad-input":
        problems = r["problems"]
        level, score = "bad-input", len(problems)
        p = problems[0]
        where = f"{p['path']}: " if p["path"] else ""
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        reason = f"bad input, not judged: {where}{_cut(p['message'], 120)}{more}"
    elif illegal_plays(r):
        level, score = "illegal", illegal_plays(r)
        first = next(v for v in r["violations"][r["deck_problems"] :])
        reason = (
            f"{plural(score, 'illegal play')}, the first at step {first['step']} "
            f"({first['rule']}, by {first['player']})"
        )
        if r["deck_problems"]:
            reason += f"; {plural(r['deck_problems'], 'deck problem')}"
    elif r["deck_problems"]:
        level, score = "deck", r["deck_problems"]
        owners = sorted({str(v["player"]) for v in r["violations"][: r["deck_problems"]]})
        reason = f"{plural(score, 'deck problem')} ({', '.join(owners)}'s deck)"
        if len(owners) > 1:
            reason = f"{plural(score, 'deck problem')} (the decks of {', '.join(owners)})"
    elif r["uncertain"]:
        level, score = "uncertain", r["uncertain"]
        reason = (
            f"{plural(score, 'uncertain step')}: verdicts resting on effects neither executed "
            "nor recorded"
        )
    elif r["unverifiable"]:
        level, score = "unverifiable", r["unverifiable"]
        reason = f"{plural(score, 'unverifiable step')}: card text the engine cannot judge"
    elif r["recorded"]:
        level, score = "recorded", r["recorded"]
        reason = f"{plural(score, 'recorded outcome')} to check against the cards' text"
    else:
        level, score, reason = "clean", 0, "every step legal"
    return {"rank": LEVELS.index(level), "level": level, "score": score, "reason": reason}


def _cut(text: str, width: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _order(value: Any) -> tuple[int, Any]:
    """A match field as a sort key: numbers before text, absent last."""
    if isinstance(value, int) and not isinstance(value, bool):
        return (0, value)
    if isinstance(value, str):
        return (1, value)
    return (2, "")


def rank_key(r: dict[str, Any]) -> tuple[Any, ...]:
    """The ranking of rows: the level (:data:`LEVELS`), its score (more first), then event,
    round, table and source, so that the order is the same however the rows came."""
    need = r["needs_judge"]
    return (
        need["rank"],
        -need["score"],
        _order(r.get("event")),
        _order(r.get("round")),
        _order(r.get("table")),
        r["source"],
    )


# --------------------------------------------------------------------------------------
# The event


def build(rows: list[dict], *, diffs: list[dict] | None = None) -> dict:
    """The report ``judge-audit/1`` of an event's rows (any order) and the diffs of its
    matches recorded twice (:func:`judge.audit.diff.diff`, each with ``a`` and ``b``
    naming the two sources).

    ``exit`` is what ``judge replay`` would exit with for the worst match: 3 if the engine
    failed on any, else 2 if any was bad input, else 1 if any has an illegal play or a deck
    problem, else 0.  Why the worst, and failures above bad input: the exit code answers
    "can this event's results be trusted as judged?", and a match the engine could not judge
    is the least known of all; a disagreement between two records is in the report, but not
    in the exit code (each record's own verdicts are).
    """
    ranked = sorted(rows, key=rank_key)
    diffs = sorted(diffs or [], key=lambda d: (str(d.get("a")), str(d.get("b"))))
    count = {level: 0 for level in LEVELS}
    for r in ranked:
        count[r["needs_judge"]["level"]] += 1
    totals = {
        "matches": len(ranked),
        "judged": sum(r["status"] == "judged" for r in ranked),
        "bad_input": count["bad-input"],
        "failed": count["failed"],
        "with_illegal_plays": count["illegal"],
        "with_deck_problems": sum(r["deck_problems"] > 0 for r in ranked),
        "with_uncertain": sum(r["uncertain"] > 0 for r in ranked),
        "with_unverifiable": sum(r["unverifiable"] > 0 for r in ranked),
        "with_recorded": sum(r["recorded"] > 0 for r in ranked),
        "clean": count["clean"],
        "illegal_steps": sum(r["illegal"] for r in ranked),
        "unverifiable_steps": sum(r["unverifiable"] for r in ranked),
        "uncertain_steps": sum(r["uncertain"] for r in ranked),
        "recorded_steps": sum(r["recorded"] for r in ranked),
        "deck_problems": sum(r["deck_problems"] for r in ranked),
        "diffs": len(diffs),
        "diffs_changing_verdicts": sum(bool(d.get("changes_verdict")) for d in diffs),
        "diffs_changing_result": sum(bool(d.get("changes_result")) for d in diffs),
    }
    return {
        "format": FORMAT,
        "matches": ranked,
        "totals": totals,
        "rules": rules_broken(ranked),
        "diffs": diffs,
        "exit": exit_code(ranked),
    }


def player_label(r: dict[str, Any], player: Any) -> str:
    """Who broke a rule, as the event's summary names them: the player's name in its log
    (a person across matches), else its id."""
    for p in r.get("players") or ():
        if p["id"] == player:
            return p["name"] or p["id"]
    return str(player)


def rules_broken(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """``[{"rule", "count", "players": {player: count}}]``: every violation of the rows,
    by rule, most broken first (ties by rule id)."""
    rules: dict[str, dict[str, int]] = {}
    for r in rows:
        for v in r["violations"]:
            who = rules.setdefault(str(v["rule"]), {})
            label = player_label(r, v["player"])
            who[label] = who.get(label, 0) + 1
    out = [
        {"rule": rule, "count": sum(who.values()), "players": dict(sorted(who.items()))}
        for rule, who in rules.items()
    ]
    out.sort(key=lambda e: (-e["count"], e["rule"]))
    return out


def exit_code(rows: Iterable[dict[str, Any]]) -> int:
    """``judge replay``'s exit code for the worst of ``rows`` (see :func:`build`)."""
    code = EXIT_OK
    for r in rows:
        if r["status"] == "failed":
            return EXIT_ENGINE_ERROR
        if r["status"] == "bad-input":
            code = EXIT_BAD_INPUT
        elif code == EXIT_OK and (r["illegal"] or r["deck_problems"]):
            code = EXIT_FOUND
    return code


# --------------------------------------------------------------------------------------
# Renderings


def render(report: dict, fmt: str) -> str:
    """The report as ``fmt``, one of :data:`FORMATS`: ``text`` (a terminal), ``markdown``,
    ``html`` (one self-contained page, every value escaped, each match linked to its
    replay page when its row has a ``link``), ``csv`` (one line per match,
    :data:`CSV_COLUMNS`) or ``json`` (canonical JSON: the same report, the same bytes)."""
    if fmt == "json":
        return canonical_json(report) + "\n"
    if fmt == "csv":
        return _csv(report)
    if fmt == "markdown":
        return _markdown(report)
    if fmt == "html":
        return _html(report)
    if fmt == "text":
        return _text(report)
    raise ValueError(f"format must be one of {', '.join(FORMATS)}; got {fmt!r}")


def match_name(r: dict[str, Any]) -> str:
    """``league night, round 2, table 7`` (what the log's ``match`` says), else the source."""
    parts = []
    if r.get("event") is not None:
        parts.append(str(r["event"]))
    if r.get("round") is not None:
        parts.append(f"round {r['round']}")
    if r.get("table") is not None:
        parts.append(f"table {r['table']}")
    return ", ".join(parts) or r["source"]


def players_text(r: dict[str, Any]) -> str:
    return " v ".join(p["name"] or p["id"] for p in r.get("players") or ()) or "-"


def result_text(r: dict[str, Any]) -> str:
    result = r.get("result")
    if r["status"] != "judged":
        return "-"
    if not isinstance(result, dict):
        return "unfinished"
    winner, reason = result.get("winner"), result.get("reason")
    said = f"{player_label(r, winner)} won" if winner is not None else "no winner"
    return f"{said} ({reason})" if reason else said


def first_text(r: dict[str, Any]) -> str:
    first = r.get("first_illegal")
    if not first:
        return "-"
    step = "deck" if first["step"] is None else f"#{first['step']}"
    return f"{step} {first['rule']} ({first['player']})"


def _counts(t: dict[str, Any]) -> str:
    return (
        f"{t['matches']} matches: {t['failed']} failed, {t['bad_input']} bad input, "
        f"{t['with_illegal_plays']} with illegal plays, {t['with_deck_problems']} with deck "
        f"problems, {t['with_uncertain']} uncertain, {t['with_unverifiable']} unverifiable, "
        f"{t['clean']} clean"
    )


def _diff_text(d: dict[str, Any]) -> str:
    from judge.audit.diff import summary_line

    return f"{d.get('a')} / {d.get('b')}: {summary_line(d)}"


def _who(entry: dict[str, Any]) -> str:
    ranked = sorted(entry["players"].items(), key=lambda kv: (-kv[1], kv[0]))
    return ", ".join(f"{who} {n}" for who, n in ranked)


def _text(report: dict[str, Any]) -> str:
    t = report["totals"]
    lines = [f"Audit of {_counts(t)}. Exit {report['exit']}.", ""]
    header = (
        "#",
        "match",
        "players",
        "result",
        "ill",
        "unv",
        "unc",
        "rec",
        "deck",
        "first illegal",
    )
    table = [header]
    for n, r in enumerate(report["matches"], 1):
        table.append(
            (
                str(n),
                _cut(match_name(r), 40),
                _cut(players_text(r), 24),
                _cut(result_text(r), 20),
                str(r["illegal"]),
                str(r["unverifiable"]),
                str(r["uncertain"]),
                str(r["recorded"]),
                str(r["deck_problems"]),
                first_text(r),
            )
        )
    widths = [max(len(line[i]) for line in table) for i in range(len(header))]
    for n, line in enumerate(table):
        lines.append(
            "  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip()
        )
        if n:
            r = report["matches"][n - 1]
            lines.append(f"{'':{widths[0]}}  {r['needs_judge']['reason']}  [{r['source']}]")
            if r.get("link"):
                lines.append(f"{'':{widths[0]}}  {r['link']}")
    bad = [r for r in report["matches"] if r["status"] == "bad-input"]
    if bad:
        lines += ["", "Bad input (not judged):"]
        for r in bad:
            for p in r["problems"]:
                lines.append(f"  {r['source']}: {p['path'] or '<document>'}: {p['message']}")
    failed = [r for r in report["matches"] if r["status"] == "failed"]
    if failed:
        lines += ["", "Engine failures:"]
        lines += [f"  {r['source']}: {r['failure']}" for r in failed]
    if report["rules"]:
        lines += ["", "Rules broken most:"]
        width = max(len(e["rule"]) for e in report["rules"])
        for e in report["rules"]:
            lines.append(f"  {e['rule']:{width}}  {e['count']:>4}  {_who(e)}")
    if report["diffs"]:
        lines += ["", "Records of one match that disagree:"]
        lines += [f"  {_diff_text(d)}" for d in report["diffs"]]
    return "\n".join(lines) + "\n"


def _md(value: Any) -> str:
    """A value in a Markdown table cell: pipes and line breaks escaped, HTML too."""
    text = html.escape(" ".join(str(value).split()), quote=False)
    return text.replace("|", "\\|")


def _markdown(report: dict[str, Any]) -> str:
    t = report["totals"]
    out = [
        "# Audit",
        "",
        f"{_md(_counts(t))}. Exit code {report['exit']}.",
        "",
        "| # | match | players | result | illegal | unverifiable | uncertain | recorded | "
        "deck | first illegal | needs a judge because |",
        "|---:|---|---|---|---:|---:|---:|---:|---:|---|---|",
    ]
    for n, r in enumerate(report["matches"], 1):
        name = _md(match_name(r))
        if r.get("link"):
            name = f"[{name}](<{r['link'].replace('>', '%3E')}>)"
        out.append(
            f"| {n} | {name}<br>`{_md(r['source']).replace('`', '')}` | {_md(players_text(r))} "
            f"| {_md(result_text(r))} | {r['illegal']} | {r['unverifiable']} | "
            f"{r['uncertain']} | {r['recorded']} | {r['deck_problems']} | "
            f"{_md(first_text(r))} | {_md(r['needs_judge']['reason'])} |"
        )
    bad = [r for r in report["matches"] if r["status"] == "bad-input"]
    if bad:
        out += ["", "## Bad input (not judged)", ""]
        for r in bad:
            for p in r["problems"]:
                out.append(
                    f"- {_md(r['source'])}: `{_md(p['path'] or '<document>')}`: {_md(p['message'])}"
                )
    failed = [r for r in report["matches"] if r["status"] == "failed"]
    if failed:
        out += ["", "## Engine failures", ""]
        out += [f"- {_md(r['source'])}: {_md(r['failure'])}" for r in failed]
    if report["rules"]:
        out += ["", "## Rules broken most", "", "| rule | times | by |", "|---|---:|---|"]
        for e in report["rules"]:
            out.append(f"| {_md(e['rule'])} | {e['count']} | {_md(_who(e))} |")
    if report["diffs"]:
        out += ["", "## Records of one match that disagree", ""]
        out += [f"- {_md(_diff_text(d))}" for d in report["diffs"]]
    return "\n".join(out) + "\n"


_STYLE = (
    "body{font:14px/1.4 system-ui,sans-serif;margin:1.5em}"
    "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 6px;"
    "vertical-align:top}th{background:#f3f3f3}td.n{text-align:right}"
    "tr.failed,tr.bad-input{background:#fde2e2}tr.illegal,tr.deck{background:#fff1d6}"
    "tr.uncertain,tr.unverifiable,tr.recorded{background:#eef4ff}small{color:#555}"
)


def _html(report: dict[str, Any]) -> str:
    e = html.escape
    t = report["totals"]
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        "<title>Audit</title>",
        f"<style>{_STYLE}</style></head><body>",
        "<h1>Audit</h1>",
        f"<p>{e(_counts(t))}. Exit code {int(report['exit'])}.</p>",
        "<table><thead><tr><th>#</th><th>match</th><th>players</th><th>result</th>"
        "<th>illegal</th><th>unverifiable</th><th>uncertain</th><th>recorded</th>"
        "<th>deck</th><th>first illegal</th><th>needs a judge because</th></tr></thead><tbody>",
    ]
    for n, r in enumerate(report["matches"], 1):
        name = e(match_name(r))
        if r.get("link"):
            name = f'<a href="{e(r["link"])}">{name}</a>'
        level = e(r["needs_judge"]["level"])
        out.append(
            f'<tr class="{level}"><td class="n">{n}</td><td>{name}<br><small>'
            f"{e(r['source'])}</small></td><td>{e(players_text(r))}</td>"
            f"<td>{e(result_text(r))}</td>"
            + "".join(
                f'<td class="n">{int(r[k])}</td>'
                for k in ("illegal", "unverifiable", "uncertain", "recorded", "deck_problems")
            )
            + f"<td>{e(first_text(r))}</td><td>{e(r['needs_judge']['reason'])}</td></tr>"
        )
    out.append("</tbody></table>")
    bad = [r for r in report["matches"] if r["status"] == "bad-input"]
    if bad:
        out.append("<h2>Bad input (not judged)</h2><ul>")
        for r in bad:
            for p in r["problems"]:
                out.append(
                    f"<li>{e(r['source'])}: <code>{e(p['path'] or '<document>')}</code>: "
                    f"{e(p['message'])}</li>"
                )
        out.append("</ul>")
    failed = [r for r in report["matches"] if r["status"] == "failed"]
    if failed:
        out.append("<h2>Engine failures</h2><ul>")
        out += [f"<li>{e(r['source'])}: {e(r['failure'])}</li>" for r in failed]
        out.append("</ul>")
    if report["rules"]:
        out.append(
            "<h2>Rules broken most</h2><table><tr><th>rule</th><th>times</th><th>by</th></tr>"
        )
        for entry in report["rules"]:
            out.append(
                f'<tr><td>{e(entry["rule"])}</td><td class="n">{int(entry["count"])}</td>'
                f"<td>{e(_who(entry))}</td></tr>"
            )
        out.append("</table>")
    if report["diffs"]:
        out.append("<h2>Records of one match that disagree</h2><ul>")
        out += [f"<li>{e(_diff_text(d))}</li>" for d in report["diffs"]]
        out.append("</ul>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _csv(report: dict[str, Any]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for n, r in enumerate(report["matches"], 1):
        first = r.get("first_illegal") or {}
        cells = {
            "position": n,
            "source": r["source"],
            "event": r.get("event"),
            "round": r.get("round"),
            "table": r.get("table"),
            "game": r.get("game"),
            "players": "; ".join(
                f"{p['id']} {p['name']}" if p["name"] else p["id"] for p in r["players"]
            ),
            "result": result_text(r),
            "status": r["status"],
            "illegal": r["illegal"],
            "unverifiable": r["unverifiable"],
            "uncertain": r["uncertain"],
            "recorded": r["recorded"],
            "deck_problems": r["deck_problems"],
            "first_illegal_step": first.get("step"),
            "first_illegal_rule": first.get("rule"),
            "first_illegal_player": first.get("player"),
            "needs_judge": r["needs_judge"]["level"],
            "reason": r["needs_judge"]["reason"],
            "link": r.get("link"),
            "problems": "; ".join(
                f"{p['path'] or '<document>'}: {p['message']}" for p in r["problems"]
            ),
            "failure": r.get("failure"),
        }
        writer.writerow([_cell(cells[c]) for c in CSV_COLUMNS])
    return buffer.getvalue()


#: what a spreadsheet reads as the start of a formula in a cell
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> Any:
    """A CSV cell: a text a spreadsheet would run as a formula (a log's names, a match's
    event: anything the logs' writers chose) is written with a leading ``'`` so that it
    reads as text (OWASP's advice on CSV injection); numbers as they are.

    >>> _cell("=SUM(A1:A9)"), _cell("table 7"), _cell(3), _cell(None)
    ("'=SUM(A1:A9)", 'table 7', 3, '')
    """
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(_FORMULA):
        return "'" + value
    return value
