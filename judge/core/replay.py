"""The replay runner: ``replay(log) -> annotated replay``, a pure function.

For each action of the log: fill in the defaults for decisions the log skipped (the engine
says which), **check** it, **apply** it (or not: ``on_illegal``; under ``apply``, not when the
check declared that the action cannot be carried out as played), then record a **step**:
the action as recorded, its verdict, violations, rulings, events, what is pending, and the
judge's view of the state after it.

Determinism: no clock, no global randomness, no ``hash()``-ordered iteration; the output of
two runs on any machine is byte-identical (``canonical_json``).

The document is ``judge-replay/2`` (``docs/action-log.md``, "The annotated replay").  Its
``detail`` is ``compact`` by default: a step carries the judge's view of the state only on
*keyframe steps*, every ``FINGERPRINT_EVERY`` actions (indices 19, 39, …), the last step and
wherever the log carries a checkpoint, each with its ``state_sha256`` (the hash of the full
snapshot: deck order, face-down life, effects in force); between keyframes the step's events
say what changed.  Fields that repeat another or hold their default are left out:
``player`` (the action's ``p``), ``unverifiable`` and ``depends_on`` when empty, ``skipped``
and ``after_illegal`` when false (the log contract's own step fields, ``violations``,
``rulings`` and ``events``, stay on every step).  A step costs about a third of what it did in ``judge-replay/1``, where every
step carried its state (about 1.2 KB of a 2 KB step), and the state is not even computed on
the other steps.  A step's ``pending`` is left out too when it is what the step before left
pending (keyframes always carry it).  ``detail="full"`` gives every step its state and every field, and the
fingerprint steps their ``snapshot`` too: what a step-by-step viewer of the whole state, or a
test, asks for (``judge replay --states``).  Comparing the hashes with the log's
``checkpoints`` gives the replay's ``fidelity``.

A step's verdict rests on the engine's state.  When an earlier effect was neither executed
nor recorded (the engine's *taints*, :class:`~judge.core.engine.Taint`), a step that reads
what it could have changed is ``uncertain`` instead of ``legal``, names those steps in
``depends_on`` and says so in a ruling (an ``illegal`` or ``unverifiable`` step keeps its
verdict and gets both); the summary lists ``uncertain_steps`` and ``recorded_steps`` (the
``outcome`` steps), each left out when empty.  Memory stays linear in the log's length.

>>> import json, pathlib
>>> log = json.loads(pathlib.Path("examples/union-arena/full-game.json").read_text())
>>> r = replay(log)
>>> r["summary"]["illegal_steps"], r["summary"]["result"], r["fidelity"]["status"]
([], {'winner': 'A', 'reason': 'life'}, 'exact')
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import judge
from judge.core.canonical import sha256_of
from judge.core.engine import SCOPE_BP, Engine, Taint
from judge.core.errors import BadLog, FieldError
from judge.core.fault import PASS_THROUGH, EngineFault, engine_guard, fault_of
from judge.core.log import ActionLog, parse_log
from judge.core.perspective import check_perspective, redact
from judge.core.rules import OptionError
from judge.core.sight import Sight
from judge.core.verdict import (
    ILLEGAL,
    LEGAL,
    RECORDED,
    UNCERTAIN,
    UNVERIFIABLE,
    StepContext,
)
from judge.games import engine_class

ON_ILLEGAL = ("stop", "skip", "apply")
DETAIL = ("compact", "full")
#: a step's context, made as the runner makes one an action (StepContext.new: why)
new_context = StepContext.new
FORMAT = "judge-replay/2"
FINGERPRINT_EVERY = 20
#: step fields a compact replay leaves out when they hold these values
#: (the log contract's own step fields, ``violations``, ``rulings`` and ``events``, are kept
#: on every step: every consumer may rely on them)
COMPACT_DEFAULTS: tuple[tuple[str, Any], ...] = (
    ("unverifiable", []),
    ("depends_on", []),
    ("skipped", False),
    ("after_illegal", False),
)


def start(log: ActionLog) -> Engine:
    """A new engine for ``log`` at the start of the game (rule options resolved); an
    engine's exception setting it up is an :class:`~judge.core.fault.EngineFault`."""
    cls = engine_class(log.game, log.variant)
    try:
        options = cls.catalogue.resolve_options(log.rule_options)
    except OptionError as exc:
        raise BadLog([FieldError(f"rule_options.{exc.name}", exc.message)]) from None
    with engine_guard(log, where="start"):
        return cls(log, options)


def run_step(
    engine: Engine, index: int, action: dict[str, Any], on_illegal: str, compact: bool = False
) -> dict[str, Any]:
    """Judge and (per ``on_illegal``) apply one action; return its step (no state yet).

    ``compact``: a step with no reservation (nothing unverifiable, no dependence on a taint,
    not skipped) comes without the fields a compact replay leaves out (``player``,
    ``unverifiable``, ``depends_on``, ``skipped``), the others in the same order; any other
    step comes whole, as without it.

    An exception of the engine other than :class:`BadLog` leaves as an
    :class:`~judge.core.fault.EngineFault` naming the step and the action (as recorded:
    ``action`` is the log's, before the engine filled in anything), never as itself: the
    caller cannot tell an engine's ValueError from its own.
    """
    try:
        return _run_step(engine, index, action, on_illegal, compact)
    except (EngineFault, *PASS_THROUGH):
        raise
    except Exception as exc:  # noqa: BLE001 - re-raised as the fault it is
        raise fault_of(exc, engine.log, index, action) from exc


def _run_step(
    engine: Engine, index: int, action: dict[str, Any], on_illegal: str, compact: bool = False
) -> dict[str, Any]:
    ctx = new_context(index)
    fill = getattr(engine, "fill_missing", None)
    if fill is not None:
        fill(action, ctx)
    turn, phase = engine.turn_phase()  # when the action was taken
    plan = engine.check(action, ctx)
    skipped = False
    if plan.violations:
        if on_illegal != "apply":
            skipped = True
        elif plan.not_applicable is not None:
            # the engine's check found nothing to carry out as played: the state stays as it
            # was, and the step says why (see docs/action-log.md, on_illegal)
            ctx.not_applied(plan.kind, plan.not_applicable)
        else:
            ctx.forced = True
            engine.apply(plan, ctx)
    else:
        engine.apply(plan, ctx)
    # Engine.depends_on's first test, written out (one call an action): no open taint, no
    # dependence (no engine overrides depends_on: tests/test_core_written_out.py)
    depends = engine.depends_on(index, ctx.reads, plan.data.get("taint")) if engine.taints else []
    if plan.violations:
        verdict = ILLEGAL
        # (Violation.to_dict written out: a few an action; a ruling is a step's dict already)
        violations = [{"rule": v.rule, "message": v.message} for v in plan.violations]
    else:
        violations = []  # (not a comprehension, a call of its own, on the most steps)
        if ctx.unverifiable:
            verdict = UNVERIFIABLE
        elif depends:
            verdict = UNCERTAIN
        elif ctx.recorded:
            verdict = RECORDED
        else:
            verdict = LEGAL
    rulings = ctx.rulings
    if depends:
        rulings.append(depends_ruling(depends, verdict))
    elif compact and not skipped and not ctx.unverifiable:
        # most steps: built as a compact replay keeps them, not built whole and cut
        return {
            "index": index,
            "action": action,
            "turn": turn,
            "phase": phase,
            "verdict": verdict,
            "violations": violations,
            "rulings": rulings,
            "events": ctx.events,
            "pending": engine.pending(),
        }
    return {
        "index": index,
        "player": action.get("p"),
        "action": action,
        "turn": turn,
        "phase": phase,
        "verdict": verdict,
        "violations": violations,
        "unverifiable": list(ctx.unverifiable),
        "depends_on": sorted({t.step for t in depends}) if depends else [],
        "rulings": rulings,
        "events": ctx.events,
        "pending": engine.pending(),
        "skipped": skipped,
    }


def depends_ruling(taints: list[Taint], verdict: str) -> dict[str, str]:
    """The ruling of a step whose verdict rests on effects that were neither executed nor
    recorded (``taints``): which steps, which effects, and what that means for the verdict.

    Why one ruling naming every step, citing the game's rule for card text it cannot execute:
    the judge reading the step sees in one sentence what it rests on and where to look, and
    the rule's text says how to settle it (record the effect's ``outcome``).
    """
    steps = sorted({t.step for t in taints})
    said = " and ".join(str(s) for s in steps) if len(steps) < 3 else ", ".join(map(str, steps))
    if len(taints) == 1:
        what = taints[0].what
    else:
        what = "; ".join(f"{t.what} (step {t.step})" for t in taints)
    bp = all(t.scope == SCOPE_BP for t in taints)
    where = (
        f"step{'s' if len(steps) > 1 else ''} {said}, where {what} "
        f"{'were' if len(taints) > 1 else 'was'} neither executed by the engine nor recorded "
        "as an outcome" + (" (it could change BP, and this step compares BP)" if bp else "")
    )
    since = "from that step on" if len(steps) == 1 else "from those steps on"
    if verdict == UNCERTAIN:
        message = (
            f"Uncertain: depends on {where}. The engine found nothing illegal here, but on a "
            f"state that may differ from the game's {since}."
        )
    elif verdict == ILLEGAL:
        message = (
            f"This ruling may be wrong: it depends on {where}, and was made on a state that "
            f"may differ from the game's {since}."
        )
    else:
        message = f"It also depends on {where}."
    return {"rule": taints[0].rule, "message": message}


def position(data: str | bytes | dict[str, Any], *, on_illegal: str = "skip") -> Engine:
    """The game as it stands after the log's actions (to ask what is legal now, …)."""
    if on_illegal not in ON_ILLEGAL:
        raise ValueError(f"on_illegal must be one of {', '.join(ON_ILLEGAL)}; got {on_illegal!r}")
    log = data if isinstance(data, ActionLog) else parse_log(data)
    engine = start(log)
    for index, action in enumerate(log.document["actions"]):
        step = run_step(engine, index, action, on_illegal)
        if step["verdict"] == ILLEGAL and on_illegal == "stop":
            break
    return engine


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused for the block (if it was running).

    Why: a replay allocates tens of thousands of small dicts and lists and keeps nearly all of
    them until it returns (they are the steps), so the collector's passes, triggered by the
    allocations, would traverse them again and again without finding garbage: about a sixth
    of a replay's time.  The few reference cycles a replay makes (the engine and its effect
    pool) are freed when the collector runs again after the block (:func:`replay` pauses it
    so, written out, and why).  With threads, the block
    that paused it turns it on again when it ends, even if another replay is still running
    (that one then runs with the collector on, only slower); a collector that was off before
    stays off.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def replay(
    data: str | bytes | dict[str, Any],
    *,
    on_illegal: str = "skip",
    perspective: str = "judge",
    detail: str = "compact",
    withheld: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Replay a log and return the annotated replay (``judge-replay/2``, ``detail`` compact
    or full: see the module's docstring).

    ``withheld``: a list to fill with each step's record of what it withholds from each
    perspective (:class:`~judge.core.sight.Sight`), kept beside the judge's replay
    (never in it: the judge's document is the same with or without) so that it can be
    redacted later, a page at a time (the service stores them with the pages).  A replay
    for another perspective is redacted with them.

    Raises :class:`~judge.core.errors.BadLog` for input that is not a readable log, and
    ValueError for an unknown ``on_illegal``, ``perspective`` or ``detail``.
    """
    if on_illegal not in ON_ILLEGAL:
        raise ValueError(f"on_illegal must be one of {', '.join(ON_ILLEGAL)}; got {on_illegal!r}")
    if detail not in DETAIL:
        raise ValueError(f"detail must be one of {', '.join(DETAIL)}; got {detail!r}")
    full = detail == "full"
    if not gc.isenabled():  # paused already (the worker's, until the replay is stored)
        return _replay(data, on_illegal, perspective, full, withheld)
    # collector_paused, written out: its end makes no new object, so the collector's next
    # pass, due at once, comes when the caller makes one (after it has dropped the replay,
    # if it does: its objects are then freed by their reference counts, not traversed).
    # Why: a context manager's end makes one (a StopIteration), and that pass traversed the
    # whole replay before it was returned: on a 10,000-action log about a twentieth of the
    # replay's time, and, among the cache misses of a heap ten times larger, some twenty
    # times the pass of a tenth of the log (the linearity that bench/engine.py measures).
    # A pass still owed when a replay starts (a caller that made nothing since the last one,
    # in a loop) runs first, on what is left then, so that engines do not pile up.
    threshold = gc.get_threshold()[0]  # (0: automatic passes turned off, none owed)
    if threshold and gc.get_count()[0] > threshold:
        gc.collect(0)
    gc.disable()
    try:
        return _replay(data, on_illegal, perspective, full, withheld)
    finally:
        gc.enable()


def _replay(
    data: str | bytes | dict[str, Any],
    on_illegal: str,
    perspective: str,
    full: bool,
    withheld: list[dict[str, Any]] | None,
) -> dict[str, Any]:
    log = data if isinstance(data, ActionLog) else parse_log(data)
    check_perspective(perspective, log.player_ids)
    engine = start(log)
    checkpoints = {c["after"]: c["state_sha256"] for c in log.checkpoints}
    last = len(log.actions) - 1
    # the keyframe steps, known before the first action: every FINGERPRINT_EVERY-th, the last
    # and each checkpoint's (one set lookup a step instead of a modulo and two tests)
    keyframes = {*range(FINGERPRINT_EVERY - 1, last + 1, FINGERPRINT_EVERY), last, *checkpoints}
    steps: list[dict[str, Any]] = []
    fingerprints: list[dict[str, Any]] = []
    after_illegal = False
    stopped_at = None
    # where the engine is, for a fault outside run_step (the decks, a state, the result)
    where, at, doing = "deck", None, None
    try:
        decks, deck_notes = judge_decks(engine)
        sight = Sight(engine, log.teams) if perspective != "judge" or withheld is not None else None
        records: list[dict[str, Any]] = []
        last_pending: Any = None
        # the actions exactly as recorded (validated, but without schema defaults filled in):
        # "no targets recorded" and "no targets" are different decisions
        for index, action in enumerate(log.document["actions"]):
            where, at, doing = "step", index, action
            # _run_step, not run_step: this block's own handler makes the same fault of an
            # engine's exception (fault_of(exc, log, index, action, "step"), log being the
            # engine's), and passes faults and BadLog through as run_step does (one call an action)
            step = _run_step(engine, index, action, on_illegal, not full)
            played_illegal = step["verdict"] == ILLEGAL  # the action itself, not the decks
            if index == 0 and deck_notes:
                _add_deck_notes(step, deck_notes)
            whole = "player" in step  # (not a compact step as run_step made it)
            if whole or after_illegal:
                step["after_illegal"] = after_illegal
            keyframe = index in keyframes
            if full or keyframe:
                step["state"] = engine.step_state()
            if keyframe:
                # full: the snapshot is in the step beside its state, and shares nothing with it;
                # else it is hashed and dropped before the next action (transient)
                snap = engine.snapshot() if full else engine.snapshot(step["state"], transient=True)
                digest = sha256_of(snap)
                if full:
                    step["snapshot"] = snap
                del snap  # (a transient one holds the state's own lists)
                step["state_sha256"] = digest
                fingerprints.append({"after": index, "state_sha256": digest})
            if not full:
                if whole:
                    # COMPACT_DEFAULTS, written out: empty lists, false flags
                    if not step["unverifiable"]:
                        del step["unverifiable"]
                    if not step["depends_on"]:
                        del step["depends_on"]
                    if not step["skipped"]:
                        del step["skipped"]
                    if not after_illegal:
                        del step["after_illegal"]
                    del step["player"]  # the action's "p"
                pending = step["pending"]
                if not keyframe and pending == last_pending:
                    del step["pending"]  # as after the step before
                last_pending = pending
            if sight is not None:
                records.append(sight.record(step, step.get("state") or engine.step_state()))
            steps.append(step)
            if played_illegal:
                if on_illegal == "stop":
                    stopped_at = index
                    break
                if on_illegal == "apply":
                    after_illegal = True
        where, at, doing = "end", None, None
        out = _assemble(engine, log, steps, fingerprints, checkpoints, on_illegal, stopped_at)
    except (EngineFault, *PASS_THROUGH):
        raise
    except Exception as exc:  # noqa: BLE001 - re-raised as the fault it is
        raise fault_of(exc, log, at, doing, where) from exc
    out["detail"] = "full" if full else "compact"
    out["summary"]["decks"] = decks
    if withheld is not None:
        withheld.extend(records)
    return redact(out, perspective, type(engine).private_zones, records)


def judge_decks(engine: Engine) -> tuple[dict[str, Any], dict[str, Any]]:
    """Deck construction, judged before the first action: the summary's ``decks`` entry and
    what the first step gets (``violations``, or a ``ruling`` when the decks are not judged).

    The decks are judged unless the log turns the rule option ``deck_construction`` off (for
    formats that allow other decks); a game without deck rules has nothing to judge.  Each
    problem is a violation of its deck rule on the first step, naming the player.  Why the
    first step: the replay has no step before it, and a judge reading the steps in order meets
    the problem first.  The problems make that step illegal (and the CLI exit 1), but they are
    not the action's: they never stop the replay, skip the action or mark what follows as
    played after an illegal action (the summary says the same when the log has no action).
    """
    cls = type(engine)
    option = cls.catalogue.options.get("deck_construction")
    if cls.deck_checker() is None:
        return {"judged": False, "problems": []}, {}
    if engine.log.start is not None and option is not None:
        message = (
            "The decks were not judged against the deck-construction rules: the game starts "
            "from a position, whose cards are not whole decks."
        )
        return {"judged": False, "problems": [], "from_position": True}, {
            "ruling": (option.rule, message)
        }
    if option is not None and not engine.options.get("deck_construction", True):
        message = (
            "The decks were not judged against the deck-construction rules: the log sets the "
            "rule option deck_construction to false."
        )
        return {"judged": False, "problems": []}, {"ruling": (option.rule, message)}
    problems = [{"player": pid, **problem.to_dict()} for pid, problem in engine.deck_problems()]
    violations = [
        {"rule": p["rule"], "message": f"{p['player']}'s deck: {p['message']}"} for p in problems
    ]
    return {"judged": True, "problems": problems}, {"violations": violations} if violations else {}


def _add_deck_notes(step: dict[str, Any], notes: dict[str, Any]) -> None:
    """Put what :func:`judge_decks` found on the first step."""
    if "violations" in notes:
        step["violations"] = notes["violations"] + step["violations"]
        step["verdict"] = ILLEGAL
    if "ruling" in notes:
        rule, message = notes["ruling"]
        step["rulings"] = [{"rule": rule, "message": message}, *step["rulings"]]


def _fidelity(fingerprints: list[dict[str, Any]], checkpoints: dict[int, str]) -> dict[str, Any]:
    if not checkpoints:
        return {"status": "unchecked", "checked": 0, "first_mismatch": None}
    got = {f["after"]: f["state_sha256"] for f in fingerprints}
    checked = 0
    for after in sorted(checkpoints):
        if after not in got:
            continue  # the replay stopped before this checkpoint
        checked += 1
        if got[after] != checkpoints[after]:
            return {
                "status": "diverged",
                "checked": checked,
                "first_mismatch": {
                    "after": after,
                    "expected": checkpoints[after],
                    "actual": got[after],
                },
            }
    return {"status": "exact", "checked": checked, "first_mismatch": None}


def _assemble(
    engine: Engine,
    log: ActionLog,
    steps: list[dict[str, Any]],
    fingerprints: list[dict[str, Any]],
    checkpoints: dict[int, str],
    on_illegal: str,
    stopped_at: int | None,
) -> dict[str, Any]:
    catalogue = type(engine).catalogue
    named: set[str] = set()  # every rule a step names (a few dozen, named hundreds of times)
    illegal, unverifiable, uncertain, recorded = [], [], [], []
    name = named.add
    for step in steps:
        for item in step["rulings"]:
            name(item["rule"])
        verdict = step["verdict"]  # (read once: most steps are legal, and pass all four)
        if verdict == LEGAL:
            continue  # (a legal step has no violations: any makes it illegal)
        for item in step["violations"]:
            name(item["rule"])
        if verdict == ILLEGAL:
            illegal.append(step["index"])
        elif verdict == UNVERIFIABLE:
            unverifiable.append(step["index"])
        elif verdict == UNCERTAIN:
            uncertain.append(step["index"])
        elif verdict == RECORDED:
            recorded.append(step["index"])
    retired = catalogue.retired_given(log.rule_options)
    cited: dict[str, Any] = {}
    for rule_id in sorted(named):
        if rule_id in catalogue:
            r = catalogue[rule_id]
            cited[rule_id] = {
                "title": r.title,
                "text": r.text,
                "source": r.source,
                "confidence": r.confidence,
            }
    return {
        "format": FORMAT,
        "game": log.game,
        "variant": log.variant,
        "log_sha256": log.sha256,
        "engine": {"name": "tcg-judge", "version": judge.__version__, "rules": catalogue.version},
        "options": {"on_illegal": on_illegal, "perspective": "judge"},
        "rule_options": engine.options,
        "match": log.match,
        "players": log.players,
        "teams": log.teams,
        "hidden": dict(log.hidden),
        "decks": log.decks,
        # a log that starts from a position: the position (its decks are what it implies)
        **({"start": log.document["start"]} if log.start is not None else {}),
        "cards": engine.cards_used(),
        # the user's card sets used, by hash (left out when none: built-in sets only)
        **({"card_sets": log.card_set_hashes} if log.card_set_hashes else {}),
        "summary": {
            "result": engine.result(),
            "illegal_steps": illegal,
            "unverifiable_steps": unverifiable,
            # left out when empty: a replay of a log whose every effect the engine ran stays
            # byte-identical to what it was before these lists existed
            **({"uncertain_steps": uncertain} if uncertain else {}),
            **({"recorded_steps": recorded} if recorded else {}),
            # rule options the log names that a change of the rules retired: ignored, and why
            **({"retired_options": retired} if retired else {}),
            "steps": len(steps),
            "stopped_at": stopped_at,
        },
        "fidelity": _fidelity(fingerprints, checkpoints),
        "fingerprints": fingerprints,
        "rules_cited": cited,
        "steps": steps,
    }


def canonical_log(replay_doc: dict[str, Any]) -> dict[str, Any]:
    """The log a complete judge's replay was made from, in canonical form.

    Self-contained (every card definition used is inlined, no ``card_sets``), every rule
    option explicit, and with the replay's fingerprints as ``checkpoints`` — so replaying it
    gives the same steps with ``fidelity: exact``.  Round trip:
    ``replay(canonical_log(r))["steps"] == r["steps"]``.
    """
    if replay_doc["options"]["perspective"] != "judge":
        raise ValueError("a canonical log is written from the judge's replay only")
    if replay_doc["summary"]["stopped_at"] is not None:
        raise ValueError(
            "the replay stopped at an illegal action; replay with on_illegal=skip or apply"
        )
    return {
        "format": "judge-action-log/1",
        "game": replay_doc["game"],
        "variant": replay_doc["variant"],
        "rule_options": dict(sorted(replay_doc["rule_options"].items())),
        "match": replay_doc["match"],
        "players": replay_doc["players"],
        **({"teams": replay_doc["teams"]} if replay_doc.get("teams") else {}),
        "cards": replay_doc["cards"],
        "card_sets": [],
        **(
            {"start": replay_doc["start"]}
            if "start" in replay_doc
            else {"decks": replay_doc["decks"]}
        ),
        "hidden": replay_doc["hidden"],
        "actions": [s["action"] for s in replay_doc["steps"]],
        "checkpoints": replay_doc["fingerprints"],
    }
