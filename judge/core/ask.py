"""Questions a judge asks about a game state, answered by the game's engine.

A question (``judge-question/1``, :mod:`schemas.question`) names a state, a log and the
step after which to look (the whole log by default), and a ``kind``:

``order``
    which effects are waiting, in what order they may resolve and who chooses next: asked of
    the engine's pool of waiting effects and its ordering policy (never re-implemented here);
``damage``
    who takes damage and who decides, and what each choice leads to;
``legal``
    whether an ``action`` is legal now and, if not, every rule it breaks;
``options``
    everything the player to act may record now (``legal_actions``);
``explain``
    why step N of the replay got its verdict.

Why the answers are *probes* (an action judged, and carried out when legal, by
:func:`~judge.core.replay.run_step` on a copy of the engine): the engine is the only place
that knows a game's rules, so every statement an answer makes ("B2 would be out", "B cannot
choose now") is what the engine did with that action, and every rule an answer cites is a rule
the engine itself cited for it.  This module knows no game: it reads the engine contract
(``check``, ``pending``, ``legal_actions``, ``turn_phase``, ``result``) and, for ``order``,
the pool of an :class:`~judge.core.engine.AgendaEngine`.  Nothing here changes the state a
question is about.

Every answer has a one-line ``verdict``, an ``explanation``, the ``choices`` (who decides
what, with the options), and ``rules`` (id, title, text, source, label from the game's
catalogue); it is a pure function of the question (canonical JSON, no clock).

An answer is for a ``perspective`` (the judge's by default): it says no more than the replay
shows that perspective (:class:`~judge.core.perspective.Withheld`).  The probes play on the
judge's knowledge, so their steps are redacted as a replay's are (a draw says how many
cards, not which), an option naming a card the perspective cannot see is not listed (its
choice says options are withheld, whether or not any were: a count would tell what a hand
holds), a ``legal`` question about such a card is not answered, and every text and field
names such a card "a hidden card".  Why here and not in the service: the answer's texts are
built here from the probes, and only here is it known which of them came from a hidden card.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from judge.core.engine import Engine
from judge.core.fault import guard_log
from judge.core.log import ActionLog
from judge.core.perspective import HIDDEN_CARD, Withheld, withheld_at
from judge.core.question import ANSWER_FORMAT, FORMAT, KINDS, Question, looks_at, read_question
from judge.core.replay import ON_ILLEGAL, replay, run_step, start
from judge.core.rules import Catalogue
from judge.core.verdict import ILLEGAL
from judge.core.wording import agree, noun_for, plural

__all__ = ["ANSWER_FORMAT", "FORMAT", "KINDS", "Question", "answer", "ask", "read_question"]

# -- the state a question is about ------------------------------------------------------------


@dataclass
class Position:
    """The engine after the question's step, the step's own record, and where a replay that
    stops at an illegal action stopped (None: it did not)."""

    engine: Engine
    last: dict[str, Any] | None
    stopped_at: int | None
    #: what the question's perspective does not see here (nothing, for the judge)
    hide: Withheld | None = None

    @property
    def withheld(self) -> Withheld:
        assert self.hide is not None
        return self.hide


def position_at(log: ActionLog, step: int, on_illegal: str) -> Position:
    """The game after action ``step`` (the runner's own steps, as a replay takes them)."""
    engine = start(log)
    last = None
    stopped_at = None
    for index, action in enumerate(log.document["actions"][: step + 1]):
        last = run_step(engine, index, action, on_illegal)
        if last["verdict"] == ILLEGAL and on_illegal == "stop":
            stopped_at = index
            break
    return Position(engine, last, stopped_at)


def engine_copy(engine: Engine) -> Engine:
    """A copy of ``engine`` that a probe may change: the log, the card definitions and the
    instance tables are shared (nothing changes them), everything else is copied."""
    memo: dict[int, Any] = {id(engine.log): engine.log}
    state = getattr(engine, "state", None)
    for name in ("defs", "code_of", "owner_of"):
        shared = getattr(state, name, None)
        if shared is not None:
            memo[id(shared)] = shared
    return copy.deepcopy(engine, memo)


def probe(
    engine: Engine, index: int, action: dict[str, Any], hide: Withheld | None = None
) -> dict[str, Any]:
    """What the engine makes of ``action`` as the step ``index``: judged, and carried out
    when legal, on a copy (the step as a replay records it, with ``result`` after it), as
    ``hide``'s perspective sees that step (default: the judge's)."""
    trial = engine_copy(engine)
    step = run_step(trial, index, copy.deepcopy(action), "skip")
    step["result"] = trial.result()
    return hide.step(step) if hide is not None else step


def _legal_actions(engine: Engine, hide: Withheld) -> list[dict[str, Any]]:
    """The engine's legal actions that name no card hidden from ``hide``'s perspective."""
    return [a for a in engine.legal_actions() if not hide.names_hidden(a)]


def withheld_note(perspective: str) -> str:
    """What an answer for ``perspective`` leaves out (the same words whatever it hid)."""
    return (
        f"For perspective {perspective}: every card it does not see (another's hand, a deck, "
        f"face-down cards) is named '{HIDDEN_CARD}', and options naming such cards are not listed."
    )


# -- answers ------------------------------------------------------------------------------------


def answer(q: Question) -> dict[str, Any]:
    """The answer to a question (:data:`ANSWER_FORMAT`); an engine's exception outside the
    steps it replays (which name their step) is an :class:`~judge.core.fault.EngineFault`."""
    with guard_log(q.log, where="question"):
        return _answer(q)


def _answer(q: Question) -> dict[str, Any]:
    cls = type(start(q.log)) if q.kind == "explain" else None
    if q.kind == "explain":
        assert cls is not None
        body = _explain(q, cls.catalogue)
        turn_phase = None
        hide = Withheld("judge", frozenset(), cls.private_zones)
        if q.perspective != "judge":
            # what the replay shows after the step explained, and the step's own action
            after = position_at(q.log, q.step, q.on_illegal).engine
            hide = withheld_at(after, q.perspective, q.log.teams, shown=body.get("action"))
            body = {**body, **_explain_seen(body, hide)}
    else:
        pos = position_at(q.log, q.step, q.on_illegal)
        pos.hide = hide = withheld_at(pos.engine, q.perspective, q.log.teams)
        cls = type(pos.engine)
        body = ANSWERS[q.kind](q, pos)
        turn, phase = pos.engine.turn_phase()
        turn_phase = {"turn": turn, "phase": phase}
        view = pos.engine.step_state()
        if isinstance(view, dict) and "turn_player" in view:
            turn_phase["turn_player"] = view["turn_player"]
        if pos.stopped_at is not None:
            body["explanation"] += (
                f" (The replay stops at step {pos.stopped_at}, an illegal action "
                "(on_illegal=stop): the state is the one before it.)"
            )
    rules = _rules(cls.catalogue, body.pop("rule_ids"))
    if hide.anything:
        body["withheld"] = withheld_note(q.perspective)
    return {
        "format": ANSWER_FORMAT,
        "kind": q.kind,
        "game": q.log.game,
        "variant": q.log.variant,
        "step": q.step if q.step >= 0 else None,
        "on_illegal": q.on_illegal,
        "perspective": q.perspective,
        "state": turn_phase,
        **hide.document(body),
        "rules": rules,
    }


def ask(doc: Mapping[str, Any], card_sets: Any = None) -> dict[str, Any]:
    """Read a question document and answer it (:class:`BadLog` for a bad question)."""
    return answer(read_question(doc, card_sets))


def _rules(cat: Catalogue, ids: Iterable[str]) -> list[dict[str, Any]]:
    """The cited rules as a judge looks them up, in the order first cited."""
    out = []
    for rule_id in dict.fromkeys(ids):
        if rule_id in cat:
            r = cat[rule_id].to_dict()
            r.pop("section", None)
            out.append(r)
    return out


def _cited(*steps: Mapping[str, Any] | None) -> list[str]:
    """The rule ids a step's violations and rulings cite, in order."""
    ids: list[str] = []
    for step in steps:
        if step:
            ids += [v["rule"] for v in step.get("violations", ())]
            ids += [r["rule"] for r in step.get("rulings", ())]
    return ids


def _consequence(step: Mapping[str, Any]) -> dict[str, Any]:
    """What a probe says an action would do: its verdict, why, what happens, what follows."""
    out: dict[str, Any] = {
        "verdict": step["verdict"],
        "violations": step["violations"],
        "rulings": step["rulings"],
        "events": [e["text"] for e in step["events"]],
        "then": [p["text"] for p in step["pending"]],
    }
    if step["unverifiable"]:
        out["unverifiable"] = step["unverifiable"]
    if step.get("result"):
        out["result"] = step["result"]
    return out


def _deciders(pending: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The pending decisions grouped by the player who makes them (order kept)."""
    out: dict[Any, dict[str, Any]] = {}
    for item in pending:
        who = item.get("player")
        entry = out.setdefault(who, {"player": who, "decides": []})
        text = item.get("text", "")
        if text not in entry["decides"]:
            entry["decides"].append(text)
    return list(out.values())


def _choices(
    engine: Engine, hide: Withheld, actions: list[dict[str, Any]] | None = None
) -> list[dict[str, Any]]:
    """Who decides what now, with the legal options of each (those ``hide``'s perspective
    may be told of: :func:`_legal_actions`)."""
    actions = _legal_actions(engine, hide) if actions is None else actions
    out = _deciders(engine.pending())
    for entry in out:
        entry["options"] = [{"action": a} for a in actions if a.get("p") == entry["player"]]
    # a decision any listed player may record (the rock-paper-scissors winner): every option
    listed = {e["player"] for e in out}
    rest = [a for a in actions if a.get("p") not in listed]
    if rest:
        out.append({"player": None, "decides": [], "options": [{"action": a} for a in rest]})
    return _noted(out, hide)


def _noted(choices: list[dict[str, Any]], hide: Withheld) -> list[dict[str, Any]]:
    """Each choice that ``hide``'s perspective does not see whole says its options are
    withheld: every choice of a player whose hand it cannot see, whether or not any option
    was left out (a choice that said so only then would tell that a hidden card has one)."""
    if hide.anything:
        for entry in choices:
            if not hide.sees_hand_of(entry["player"]) or entry["player"] is None:
                entry["withheld"] = (
                    f"options naming cards perspective {hide.perspective} does not see are "
                    "not listed"
                )
    return choices


def _action_text(action: Mapping[str, Any]) -> str:
    extra = ", ".join(f"{k} {v}" for k, v in action.items() if k not in ("p", "do"))
    return f"{action.get('p')} {action.get('do')}" + (f" ({extra})" if extra else "")


def _waiting_now(engine: Engine) -> str:
    pending = engine.pending()
    if engine.result() is not None:
        result = engine.result() or {}
        return f"the game is over ({result.get('reason')}, winner {result.get('winner')})"
    if not pending:
        return "no decision"
    return "; ".join(p["text"] for p in pending)


def _waiting_after(step: dict[str, Any]) -> str:
    """What the rules wait for after a probed step (:func:`probe`), as :func:`_waiting_now`
    says it of an engine."""
    result = step.get("result")
    if result is not None:
        return f"the game is over ({result.get('reason')}, winner {result.get('winner')})"
    pending = step.get("pending") or []
    if not pending:
        return "no decision"
    return "; ".join(p["text"] for p in pending)


# -- order ---------------------------------------------------------------------------------------


def _order(q: Question, pos: Position) -> dict[str, Any]:
    engine = pos.engine
    pool = getattr(engine, "pool", None)
    items = list(getattr(pool, "items", ()) or ())
    if not items:
        return {
            "verdict": f"No effect is waiting to resolve {looks_at(q)}.",
            "explanation": f"Nothing waits to resolve; the rules wait for {_waiting_now(engine)}.",
            "choices": _choices(engine, pos.withheld),
            "waiting": [],
            "order": [],
            "rule_ids": _cited(pos.last),
        }
    assert pool is not None
    policy = pool.policy
    chooser = pool.chooser()
    now = {pe.seq for pe in pool.candidates()}
    waiting = [
        {
            "seq": pe.seq,
            "source": pe.source,
            "controller": pe.controller,
            "trigger": pe.trigger,
            "effect": pe.describe(),
            "may_resolve_now": pe.seq in now,
        }
        for pe in sorted(items, key=lambda p: p.seq)
    ]
    # the order the policy gives: whoever it names chooses among its candidates, in any order
    # they like; then the policy is asked again about what is left
    groups = []
    left = list(items)
    while left:
        who = policy.chooser(left)
        cands = policy.candidates(left)
        if not cands:
            break
        groups.append({"chooser": who, "effects": [pe.source for pe in cands]})
        left = [pe for pe in left if pe not in cands]
    index = q.step + 1
    probes: list[dict[str, Any]] = []
    rule_ids: list[str] = []
    options = []
    hide = pos.withheld
    for pe in sorted(items, key=lambda p: p.seq):
        act = {"p": chooser, "do": "resolve", "source": pe.source}
        if hide.names_hidden(act):
            continue  # an effect of a card it does not see: named "a hidden card" below
        step = probe(engine, index, act, hide)
        # a candidate's probe records no targets: what it breaks is about them, not the order
        rule_ids += _cited({"rulings": step["rulings"]} if pe.seq in now else step)
        entry = {"action": act, **_consequence(step)}
        if pe.seq in now:
            options.append(entry)
        else:
            probes.append(entry)
    players = list(q.log.player_ids)
    for other in players:
        if other != chooser:
            # the other player asking to resolve its own effect (or else the next one)
            own = [pe for pe in sorted(items, key=lambda p: p.seq) if pe.controller == other]
            first = own[0] if own else min(pool.candidates(), key=lambda p: p.seq)
            act = {"p": other, "do": "resolve", "source": first.source}
            if hide.names_hidden(act):
                continue
            step = probe(engine, index, act, hide)
            rule_ids += _cited(step)
            probes.append({"action": act, **_consequence(step)})
    said = []
    for k, g in enumerate(groups):
        effects = ", ".join(g["effects"])
        how = "in the order they choose" if len(g["effects"]) > 1 else ""
        step_word = "first" if k == 0 else "then"
        said.append(f"{step_word} {g['chooser']} resolves {effects}" + (f" {how}" if how else ""))
    preferred = [pe.source for s in pool.preferred for pe in items if pe.seq == s]
    explanation = (
        f"{plural(len(items), 'effect')} {agree(len(items), 'waits', 'wait')} "
        f"(policy {policy.name}): " + "; ".join(said) + ". "
        f"{chooser} chooses now which of {', '.join(w['source'] for w in waiting if w['may_resolve_now'])} "
        "resolves next (a `resolve`, which may also record the order of the rest); an effect "
        "that triggers while they resolve joins the effects still waiting, ordered as the rules "
        "below say."
    )
    if preferred:
        explanation += f" The order already recorded for the rest: {', '.join(preferred)}."
    return {
        "verdict": (
            f"{chooser} chooses: {len(now)} of {len(items)} waiting effects may resolve next; "
            + " → ".join(f"{g['chooser']}: {', '.join(g['effects'])}" for g in groups)
            + "."
        ),
        "explanation": explanation,
        "choices": _noted(
            [
                {
                    "player": chooser,
                    "decides": ["which waiting effect resolves next, and the order of the rest"],
                    "options": options,
                }
            ],
            hide,
        ),
        "waiting": waiting,
        "order": groups,
        "recorded_order": preferred,
        "policy": policy.name,
        "not_allowed": probes,
        "rule_ids": rule_ids,
    }


# -- damage --------------------------------------------------------------------------------------


def _about_damage(cat: Catalogue, ids: Iterable[str]) -> bool:
    """Whether the rules an engine cited are about damage (by the catalogue's own words: the
    sections ``Damage`` and ``Triggers`` (the trigger checks of damaged life cards), or
    "damage" in the title)."""
    for rule_id in ids:
        if rule_id in cat:
            r = cat[rule_id]
            if r.section in ("Damage", "Triggers") or "damage" in r.title.lower():
                return True
    return False


def _damage(q: Question, pos: Position) -> dict[str, Any]:
    engine = pos.engine
    cat = type(engine).catalogue
    index = q.step + 1
    hide = pos.withheld
    actions = _legal_actions(engine, hide)
    choices = _choices(engine, hide, actions)
    rule_ids: list[str] = []
    decided = []
    for entry in choices:
        outcomes = []
        for option in entry["options"]:
            act = option["action"]
            step = probe(engine, index, act, hide)
            outcomes.append({"action": act, **_consequence(step)})
            rule_ids += _cited(step)
        entry["options"] = outcomes
        decided.append(entry)
    before = _cited(pos.last)
    if not _about_damage(cat, rule_ids):
        return {
            "verdict": f"No damage is waiting to be decided {looks_at(q)}.",
            "explanation": f"The rules wait for {_waiting_now(engine)}; no choice open now deals "
            "or assigns damage.",
            "choices": _choices(engine, hide, actions),
            "rule_ids": [r for r in before if _about_damage(cat, [r])],
        }
    who = [e["player"] for e in decided]
    context = [r["message"] for r in (pos.last or {}).get("rulings", ())]
    lines = []
    for e in decided:
        for o in e["options"]:
            what = "; ".join(o["events"] + [r["message"] for r in o["rulings"]]) or o["verdict"]
            if o.get("then"):  # the decision it leads to (the attacker's pick of life cards)
                what += f"; then {', '.join(o['then'])}"
            lines.append(f"{_action_text(o['action'])}: {what}")
    deciders = " or ".join(str(w) for w in who)
    kinds = sorted({o["action"]["do"] for e in decided for o in e["options"]})
    return {
        "verdict": f"{deciders} {agree(len(who), 'decides', 'decide')} ({', '.join(kinds)}): "
        + "; ".join(_action_text(o["action"]) for e in decided for o in e["options"])
        + ".",
        "explanation": " ".join(context + [f"The rules wait for {_waiting_now(engine)}."])
        + " What each choice does: "
        + " | ".join(lines),
        "choices": decided,
        "rule_ids": before + rule_ids,
    }


# -- legal and options ---------------------------------------------------------------------------


def _legal(q: Question, pos: Position) -> dict[str, Any]:
    assert q.probe_log is not None and q.action is not None
    index = q.step + 1
    action = q.probe_log.document["actions"][index]
    engine = pos.engine
    hide = pos.withheld
    if hide.names_hidden(q.action):
        return _legal_withheld(q, pos)
    engine.log = q.probe_log  # the same actions up to the step, then the one asked about
    step = probe(engine, index, action, hide)
    illegal = step["verdict"] == ILLEGAL
    broken = list(dict.fromkeys(v["rule"] for v in step["violations"]))
    text = _action_text(action)
    if illegal:
        verdict = f"Illegal: {text} breaks {', '.join(broken)}."
        why = " ".join(v["message"] for v in step["violations"])
    else:
        verdict = f"{step['verdict'].capitalize()}: {text} may be recorded now."
        why = " ".join(step["events"][i]["text"] for i in range(len(step["events"])))
        if step["unverifiable"]:
            why += " The engine cannot check all of it: " + "; ".join(step["unverifiable"])
    # illegal: not carried out, so what waits is what waited before it; legal: what the rules
    # wait for once it is carried out (the decision after it), said as such
    then = (
        f"Waiting now: {_waiting_now(engine)}"
        if illegal
        else f"Then waiting: {_waiting_after(step)}"
    )
    return {
        "verdict": verdict,
        "legal": not illegal,
        "explanation": (why + " " if why else "") + f"{then}.",
        "action": action,
        "violations": step["violations"],
        "consequence": _consequence(step),
        "choices": _choices(engine, hide),
        "rule_ids": _cited(step),
    }


def _legal_withheld(q: Question, pos: Position) -> dict[str, Any]:
    """A ``legal`` question about a card the perspective does not see: whether the action
    is legal would tell where that card is (in the hand, or not), so it is not answered."""
    hide = pos.withheld
    return {
        "verdict": f"Not answered for perspective {q.perspective}: the action names a card it "
        "does not see.",
        "explanation": "Whether it is legal, and what it would do, depend on where that card "
        f"is, which perspective {q.perspective} does not see. Waiting now: "
        f"{_waiting_now(pos.engine)}.",
        "action": q.action,
        "choices": _choices(pos.engine, hide),
        "rule_ids": [],
    }


def _options(q: Question, pos: Position) -> dict[str, Any]:
    engine = pos.engine
    hide = pos.withheld
    actions = _legal_actions(engine, hide)
    index = q.step + 1
    rule_ids: list[str] = []
    choices = _choices(engine, hide, actions)
    for entry in choices:
        outcomes = []
        for option in entry["options"]:
            act = option["action"]
            step = probe(engine, index, act, hide)
            rule_ids += _cited(step)
            outcomes.append({"action": act, "does": [e["text"] for e in step["events"]]})
        entry["options"] = outcomes
    kinds = sorted({a.get("do", "") for a in actions})
    who = ", ".join(str(e["player"]) for e in choices if e["options"]) or "nobody"
    if engine.result() is not None:
        verdict = f"The game is over: {_waiting_now(engine)}."
    else:
        verdict = f"{who} may record one of {plural(len(actions), 'action')}: {', '.join(kinds)}."
    return {
        "verdict": verdict,
        "explanation": f"Waiting now: {_waiting_now(engine)}. Every action listed is one the "
        "engine's own check finds legal now (cards named by instance id); conceding is always "
        "possible and not listed.",
        "choices": choices,
        "rule_ids": _cited(pos.last) + rule_ids,
    }


# -- explain -------------------------------------------------------------------------------------


def _explain(q: Question, cat: Catalogue) -> dict[str, Any]:
    # the replay as the question's perspective sees it: the step explained names no card
    # the replay would not show it (an illegal action not carried out names "a hidden
    # card"; judge.core.sight.Sight), and the answer is built from that step alone
    doc = replay(q.log, on_illegal=q.on_illegal, perspective=q.perspective)
    steps = {s["index"]: s for s in doc["steps"]}
    step = steps.get(q.step)
    if step is None:
        stopped = doc["summary"]["stopped_at"]
        return {
            "verdict": f"Step {q.step} was not judged: the replay stopped at step {stopped}.",
            "explanation": f"With on_illegal=stop the replay ends at the first illegal action "
            f"(step {stopped}); the steps after it are not judged.",
            "choices": [],
            "rule_ids": _cited(steps.get(stopped)),
        }
    action = step["action"]
    verdict = step["verdict"]
    parts = [v["message"] for v in step["violations"]]
    parts += step.get("unverifiable", [])
    parts += [r["message"] for r in step["rulings"]]
    depends = step.get("depends_on", [])
    upstream = [
        {
            "step": k,
            "verdict": steps[k]["verdict"],
            "unverifiable": steps[k].get("unverifiable", []),
        }
        for k in depends
        if k in steps
    ]
    head = {
        ILLEGAL: "it breaks " + ", ".join(dict.fromkeys(v["rule"] for v in step["violations"])),
        "unverifiable": "the engine cannot check it",
        "uncertain": f"it rests on {noun_for(len(depends), 'step')} "
        + ", ".join(map(str, depends)),
        "recorded": "it is a recorded outcome, not checked against the card's text",
        "legal": "the engine found nothing wrong",
    }.get(verdict, verdict)
    if step.get("skipped"):
        parts.append("The action was not carried out (on_illegal=skip).")
    pending = step.get("pending")
    if pending is None:  # a compact replay leaves out what the step before left pending
        pending = next(
            (steps[k]["pending"] for k in range(q.step - 1, -1, -1) if "pending" in steps[k]),
            [],
        )
    return {
        "verdict": f"Step {q.step} ({_action_text(action)}) is {verdict}: {head}.",
        "explanation": " ".join(parts) or "No rule was applied beyond the usual procedure.",
        "step_verdict": verdict,
        "action": action,
        "violations": step["violations"],
        "rulings": step["rulings"],
        "unverifiable": step.get("unverifiable", []),
        "depends_on": upstream,
        "choices": _deciders(pending),
        "rule_ids": _cited(step, *(steps[k] for k in depends if k in steps)),
    }


def _explain_seen(body: dict[str, Any], hide: Withheld) -> dict[str, Any]:
    """What an ``explain`` answer changes for ``hide``'s perspective beyond its texts (the
    answer's redaction): its choices say that options are withheld."""
    return {"choices": _noted([dict(c) for c in body["choices"]], hide)}


ANSWERS = {"order": _order, "damage": _damage, "legal": _legal, "options": _options}

__all__ = [
    "ANSWER_FORMAT",
    "FORMAT",
    "KINDS",
    "ON_ILLEGAL",
    "Question",
    "answer",
    "ask",
    "probe",
    "read_question",
]
