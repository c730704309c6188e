"""``judge ask QUESTION.json``: a judge's question about a state of a game, answered by its
engine (:mod:`judge.core.ask`).  Exit 0 answered, 2 a bad question (every problem by path),
3 an engine error (:mod:`judge.core.fault`)."""

from __future__ import annotations

from typing import Any

import click

from judge.commands.cards import card_set_registry
from judge.commands.common import fail, fail_bad_log, limit_options, read_json
from judge.commands.judging import card_set_option
from judge.core.canonical import canonical_json, sha256_of
from judge.core.errors import BadLog, FieldError
from judge.core.fault import Judged, engine_guard, guard_log
from judge.core.jsontext import Limits


def render_text(answer: dict[str, Any]) -> str:
    """An answer as a judge reads it at the table: the verdict first, then why, who decides
    what, and the rules with their sources."""
    state = answer.get("state") or {}
    where = f"{answer['game']}" + (f" ({answer['variant']})" if answer.get("variant") else "")
    if answer.get("step") is not None:
        where += f", after step {answer['step']}"
    if state:
        where += f", turn {state.get('turn')} {state.get('phase')}"
        if state.get("turn_player"):
            where += f" ({state['turn_player']}'s turn)"
    lines = [f"{answer['kind']}: {where}", "", answer["verdict"], "", answer["explanation"]]
    choices = answer.get("choices") or []
    if choices:
        lines += ["", "Choices:"]
        for c in choices:
            who = c.get("player") or "any player"
            decides = "; ".join(d.removeprefix(f"{who}: ") for d in c.get("decides") or [])
            lines.append(f"  {who}" + (f": {decides}" if decides else ""))
            for o in c.get("options") or []:
                act = o.get("action", o)
                line = "    " + canonical_json(act)
                then = o.get("events") or o.get("does")
                if then:
                    line += " -> " + " ".join(then)
                lines.append(line)
    rules = answer.get("rules") or []
    if rules:
        lines += ["", "Rules:"]
        for r in rules:
            lines.append(f"  {r['id']} [{r['confidence']}] {r['title']}")
            lines.append("    " + " ".join(r["text"].split()))
            lines.append(f"    source: {r['source']}")
    return "\n".join(lines)


@click.command("ask", short_help="Answer a judge's question about a state of a game.")
@click.argument("question", metavar="[QUESTION]", required=False)
@click.option("--log", "log_file", metavar="FILE", help="Ask about this action log.")
@click.option("--position", "position_file", metavar="FILE", help="Ask about this position.")
@click.option(
    "--step", type=click.IntRange(min=0), default=None, help="After this step (default: the end)."
)
@click.option(
    "--kind",
    type=click.Choice(["order", "damage", "legal", "options", "explain"]),
    default=None,
    help="What is asked (with --log or --position).",
)
@click.option("--action", "action_json", metavar="JSON", help="For legal: the action, as JSON.")
@click.option(
    "--perspective", default=None, metavar="P", help="Whose view: judge, public or a player id."
)
@click.option("--json", "as_json", is_flag=True, help="Print the answer as canonical JSON.")
@card_set_option
@limit_options
def ask_command(
    question: str | None,
    as_json: bool,
    card_sets: tuple[str, ...],
    limits: Limits,
    log_file: str | None = None,
    position_file: str | None = None,
    step: int | None = None,
    kind: str | None = None,
    action_json: str | None = None,
    perspective: str | None = None,
) -> None:
    """Answer QUESTION (a `judge-question/1` document, `-` for stdin): `order`, `damage`,
    `legal`, `options` or `explain`, about the state after step N of its log.  Or ask without
    writing the document: `--log FILE` (or `--position FILE`) `--kind KIND` [`--step N`]
    [`--action JSON`] [`--perspective P`].  Exits 0 with the answer, 2 for a bad question
    (unknown kind, a step beyond the log, a malformed log or action), each problem named by
    path, 3 for an engine error.  See docs/questions.md."""
    from judge.core.ask import ask

    flags = log_file or position_file or kind or action_json or step is not None or perspective
    if question is not None and flags:
        fail("give QUESTION, or --log/--position with --kind: not both")
    if question is None:
        doc = _question_of_flags(
            log_file, position_file, step, kind, action_json, perspective, limits
        )
    else:
        doc = read_json(question, Limits(limits.max_bytes, limits.max_depth, None), what="question")
    log = doc.get("log")
    if (
        limits.max_actions is not None
        and isinstance(log, dict)
        and isinstance(log.get("actions"), list)
        and len(log["actions"]) > limits.max_actions
    ):
        fail(
            str(
                FieldError(
                    "log.actions",
                    f"{len(log['actions']):,} actions, over the limit of "
                    f"{limits.max_actions:,} (raise it with --max-actions)",
                )
            )
        )
    registry = card_set_registry(card_sets, limits)
    try:
        answer = ask(doc, registry)
    except BadLog as exc:
        fail_bad_log(exc)
    click.echo(canonical_json(answer) if as_json else render_text(answer))


def _names_and_states(engine: Any) -> tuple[dict[str, str], dict[str, str]]:
    """Each card id's name (from the engine's cards) and its state as the engine's view of
    the position shows it (``rested``, ``BP 3000``, ``damage 1``, …), for a person reading
    the ids."""
    state = getattr(engine, "state", None)
    names: dict[str, str] = {}
    for iid in getattr(state, "code_of", None) or {}:
        try:
            name = state.card(iid).name  # type: ignore[union-attr]
        except (AttributeError, KeyError, TypeError):
            continue
        if isinstance(name, str) and name:
            names[iid] = name
    states: dict[str, str] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            iid = node.get("id")
            if isinstance(iid, str):
                shown = []
                for key, value in sorted(node.items()):
                    if key in ("id", "code", "name", "controller", "owner"):
                        continue
                    if value is True:
                        shown.append(key)
                    elif isinstance(value, int | str) and value is not False:
                        shown.append(f"{key} {value}")
                if shown:
                    states[iid] = ", ".join(shown)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(engine.step_state())
    return names, states


def _zone_text(ids: list[Any], names: dict[str, str], states: dict[str, str]) -> str:
    """A zone's cards: ``A-1 Name [rested, BP 3000]``, runs of unknown cards counted."""
    parts: list[str] = []
    unknown = 0
    for item in [*ids, "\0end"]:
        if item is None and not isinstance(item, list):
            unknown += 1
            continue
        if unknown:
            parts.append("1 unknown card" if unknown == 1 else f"{unknown} unknown cards")
            unknown = 0
        if item == "\0end":
            break
        if isinstance(item, list):  # a card with cards attached or under it
            parts.append(" / ".join(_card_text(i, names, states) for i in item))
        else:
            parts.append(_card_text(item, names, states))
    return ", ".join(parts)


def _card_text(iid: Any, names: dict[str, str], states: dict[str, str]) -> str:
    if iid is None:
        return "an unknown card"
    text = str(iid)
    if iid in names:
        text += f" {names[iid]}"
    if iid in states:
        text += f" [{states[iid]}]"
    return text


def _question_of_flags(
    log_file: str | None,
    position_file: str | None,
    step: int | None,
    kind: str | None,
    action_json: str | None,
    perspective: str | None,
    limits: Limits,
) -> dict[str, Any]:
    """The `judge-question/1` document the flags describe (exit 2 naming the flag that is
    missing or malformed)."""
    import json

    if (log_file is None) == (position_file is None):
        fail("give QUESTION, or exactly one of --log FILE and --position FILE")
    if kind is None:
        fail("--kind: required with --log or --position (order, damage, legal, options, explain)")
    doc: dict[str, Any] = {"format": "judge-question/1", "kind": kind}
    if log_file is not None:
        doc["log"] = read_json(log_file, limits, what="log")
    else:
        doc["position"] = read_json(position_file or "", limits, what="position")
    if step is not None:
        doc["step"] = step
    if perspective is not None:
        doc["perspective"] = perspective
    if action_json is not None:
        try:
            doc["action"] = json.loads(action_json)
        except ValueError as exc:
            fail(f"--action: not JSON: {exc}")
    return doc


@click.command("position", short_help="Check a position; show its cards' ids and who acts.")
@click.argument("file", metavar="POSITION")
@click.option("--json", "as_json", is_flag=True, help="Print it as canonical JSON.")
@card_set_option
@limit_options
def position_command(file: str, as_json: bool, card_sets: tuple[str, ...], limits: Limits) -> None:
    """Check POSITION (a `judge-position/1` document, `-` for stdin: a game described at a
    moment, without its history; docs/positions.md) and show it as the engine reads it: the
    instance id of every card (what a log that starts from it, or a question, names), whose
    decision the rules wait for, and every action the engine finds legal now.  Exits 0, or 2
    for an impossible or malformed position, each problem named by path, 3 for an engine
    error."""
    from judge.core.position import read_position
    from judge.core.replay import start

    doc = read_json(file, limits, what="position")
    registry = card_set_registry(card_sets, limits)
    try:
        # the game's position reader is engine code too: its exception is an engine error
        with engine_guard(Judged(str(doc.get("game")), sha256_of(doc)), where="start"):
            log = read_position(doc, registry)
        engine = start(log)
    except BadLog as exc:
        fail_bad_log(exc)
    with guard_log(log, where="end"):  # an engine's exception: exit 3 (judge.cli)
        turn, phase = engine.turn_phase()
        pending = engine.pending()
        legal = engine.legal_actions()
    out = {
        "game": log.game,
        "variant": log.variant,
        "turn": turn,
        "phase": phase,
        "cards": {
            pid: {zone: ids for zone, ids in zones.items() if ids}
            for pid, zones in log.layout.zones.items()
        },
        "pending": pending,
        "legal_actions": legal,
    }
    if as_json:
        click.echo(canonical_json(out))
        return
    lines = [f"Position: {log.game}, turn {turn}, {phase} phase", ""]
    names, states = _names_and_states(engine)
    for pid, zones in out["cards"].items():
        lines.append(f"{pid}:")
        for zone, ids in zones.items():
            if zone == "unseen" and (log.start or {})["players"][pid].get("unseen") is None:
                # an open list (docs/positions.md, "Hidden cards as counts"): the candidates
                lines.append(
                    f"  unseen: not listed: each unknown card may be any card of the sets "
                    f"({len(ids)} candidates, {ids[0]}…{ids[-1]})"
                )
                continue
            lines.append(f"  {zone}: {_zone_text(ids, names, states)}")
    lines.append("")
    for p in out["pending"]:
        lines.append(f"Waiting: {p['text']}")
    lines.append(f"Legal now ({len(out['legal_actions'])}):")
    lines += ["  " + canonical_json(a) for a in out["legal_actions"]]
    click.echo("\n".join(lines))
