"""A perspective never widens, in a replay: no step, as a perspective sees it, names a card
that perspective could not see then (docs/action-log.md, "Perspectives").

The property, over every example log of every game (``examples/*/`` and
``tests/spec_examples``, Rangers Strike's tag battle and Z/X's observed mode among them) and
seeded mutants of them (:func:`tests.test_fuzz_examples.mutate`), under every perspective
(``public`` and each player): from the judge's replay with every state (``detail="full"``),
the cards **hidden** from a perspective at a step are those its view of the state lists
neither before nor after the step (another's hand, a deck, face-down cards) and that no
event of the step shows it (an event's ``card``/``cards``, public unless marked
``private``: a life card turned face up, a revealed card).  Their ids must not appear
anywhere in the step as that perspective sees it, nor their codes and names where no card
it sees carries the same; and none of the ids hidden at every step appear in the replay's
head.  Checked on both ways a perspective's replay is made: ``judge replay --perspective``
(:func:`judge.core.replay.replay` with a perspective) and the service's stored pages
(:meth:`worker.service.JudgeService.steps` and the streamed whole replay).

Why the hidden sets are computed here from the states and not taken from
:class:`judge.core.perspective.Sight`: the test must not share the code it checks; and the
judge's view must name such cards where it did (counted per game), or the test would pass
on a replay that never names a hidden card.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.errors import BadLog
from judge.core.log import parse_log
from judge.core.perspective import redact, redact_step, visible_players
from judge.core.replay import replay, start
from judge.games import engine_class
from tests.scale import scaled
from tests.test_fuzz_examples import ROOT, example_logs, mutate
from worker import paged
from worker.service import JudgeService, MemoryStore, judge_job
from worker.testing import HeldRunner

LOGS = example_logs()
#: mutants a log (each judged under skip and apply): 1 at the default ``JUDGE_TEST_SCALE``,
#: 2 at 2.5 (``tests/scale.py``)
MUTANTS = scaled(0.8)
TOKEN = re.compile(r"[\w-]+")


def _strings(value: Any) -> list[str]:
    """Every string of ``value`` (a JSON document): its keys and its string values, in no
    particular order.  A loop over a stack, not a recursive generator: the states of every
    step of every perspective pass through it (the generator's frames: 17.7 s of this
    module alone, 16.5 s without them)."""
    out: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is str:
            out.append(item)
        elif kind is dict:
            out.extend(map(str, item))
            stack.extend(item.values())
        elif kind is list:
            stack.extend(item)
        else:  # a number, a bool, None (a JSON document holds nothing else)
            assert item is None or kind in (int, float, bool), kind
    return out


class Truth:
    """What each perspective of a judged log could see at each step, from the states."""

    def __init__(self, doc: dict[str, Any], on_illegal: str) -> None:
        #: the judge's replay with every state, and its records (as ``judge replay
        #: --states --perspective`` redacts it)
        self.records: list[dict[str, Any]] = []
        self.full = replay(doc, on_illegal=on_illegal, detail="full", withheld=self.records)
        engine = start(parse_log(doc))
        self.zones = type(engine).private_zones
        self.code_of = dict(engine.state.code_of)
        self.words: dict[str, set[str]] = {}  # id -> its code and name
        for iid, code in self.code_of.items():
            name = getattr(engine.state.card(iid), "name", None)
            self.words[iid] = {w for w in (code, name) if isinstance(w, str) and len(w) > 1}
        self.first = engine.step_state()
        self.teams = self.full["teams"]
        self.views = ["public", *(p["id"] for p in self.full["players"])]

    def seen(self, state: Any, view: str) -> set[str]:
        sees = visible_players(view, self.teams)
        shown = redact_step({"state": state}, view, self.zones, sees)["state"]
        return {s for s in _strings(shown) if s in self.code_of}

    def shown(self, step: dict[str, Any], view: str) -> set[str]:
        sees = visible_players(view, self.teams)
        out = set()
        for ev in step["events"]:
            if "private" in ev and ev["private"] not in sees:
                continue
            out |= {c for c in [ev.get("card"), *(ev.get("cards") or [])] if isinstance(c, str)}
        return out

    def hidden(self, view: str) -> list[tuple[set[str], set[str]]]:
        """For each step: the ids hidden from ``view``, and the words only they carry."""
        out = []
        before = self.seen(self.first, view)
        for step in self.full["steps"]:
            after = self.seen(step["state"], view)
            seen = before | after | self.shown(step, view)
            ids = set(self.code_of) - seen
            visible_words = set().union(*(self.words[i] for i in seen))
            words = set().union(*(self.words[i] for i in ids)) - visible_words
            out.append((ids, words))
            before = after
        return out


def named(text: str, ids: set[str], words: set[str]) -> set[str]:
    """The hidden ids and words ``text`` names (each as a whole word).

    >>> sorted(named("A-3 (Red Fox) and A-30", {"A-3", "A-4"}, {"Red Fox", "Fox-"}))
    ['A-3', 'Red Fox']
    """
    found = ids.intersection(TOKEN.findall(text))
    for word in words:
        if word in text and _whole_word(word, text):
            found.add(word)
    return found


def _wordy(text: str, at: int) -> bool:
    r"""Whether ``text[at]`` is part of a word (``[\w-]``: ``\w`` is what ``str.isalnum``
    accepts and ``_``); False past either end."""
    if at < 0 or at >= len(text):
        return False
    ch = text[at]
    return ch.isalnum() or ch in "_-"


def _whole_word(word: str, text: str) -> bool:
    r"""Whether ``word`` stands in ``text`` as a whole word: ``(?<![\w-])word(?![\w-])``,
    found with ``str.find``.  Before, a pattern compiled for each of hundreds of card names,
    beyond the ``re`` module's cache: with the ids' set intersection in :func:`named`, this
    module alone 16.5 s before, 15.1 s after."""
    start = text.find(word)
    while start != -1:
        if not _wordy(text, start - 1) and not _wordy(text, start + len(word)):
            return True
        start = text.find(word, start + 1)
    return False


def _judge_text(step: dict[str, Any]) -> str:
    return canonical_json({k: v for k, v in step.items() if k not in ("state", "snapshot")})


def check(doc: dict[str, Any], on_illegal: str, service: bool, named_in_judge: dict) -> None:
    """The property for one log (see the module's docstring)."""
    truth = Truth(doc, on_illegal)
    game = truth.full["game"]
    if service:
        records: list[dict[str, Any]] = []
        compact = replay(doc, on_illegal=on_illegal, withheld=records)
        judges = canonical_json(compact)
        # the judge's view is the same with or without the records made beside it
        assert canonical_json(replay(doc, on_illegal=on_illegal)) == judges
        store = MemoryStore()
        svc = JudgeService(store=store, runner=HeldRunner())
        sub, _ = svc.submit(canonical_json(doc), on_illegal=on_illegal)
        assert judge_job(store, sub.id) == "finished"
        assert svc.replay_json(sub, "judge") == judges.encode()  # stored and sent as judged
        # submitted from the judge's view: the records are made on the first narrower read
        # (worker.records), not by the job
        assert store.stored_result(sub.id).records_missing() == bool(truth.full["steps"])
    for view in truth.views:
        hidden = truth.hidden(view)
        always = set.intersection(*(ids for ids, _ in hidden)) if hidden else set()
        made = {"cli": redact(truth.full, view, truth.zones, truth.records)}
        if service or view == truth.views[-1]:  # what judge replay --perspective prints
            cli = replay(doc, on_illegal=on_illegal, perspective=view, detail="full")
            assert canonical_json(cli) == canonical_json(made["cli"])
        if service:
            sent = svc.replay_json(sub, view)
            # byte for byte what judge replay --perspective prints (the compact replay
            # redacted with its records: records made later redact exactly as those made
            # while judging)
            assert sent == canonical_json(redact(compact, view, truth.zones, records)).encode()
            assert not store.stored_result(sub.id).records_missing()
            made["service"] = json.loads(sent)
            pages = [
                s
                for offset in range(0, len(hidden), 7)
                for s in svc.steps(sub.id, offset, 7, view)["steps"]
            ]
            assert pages == made["service"]["steps"]
        for how, seen in made.items():
            head = canonical_json({k: v for k, v in seen.items() if k != "steps"})
            assert not {t for t in TOKEN.findall(head) if t in always}, (how, view)
            for step, judged, (ids, words) in zip(
                seen["steps"], truth.full["steps"], hidden, strict=True
            ):
                leak = named(canonical_json(step), ids, words)
                assert not leak, f"{how}, {view}, step {step['index']}: names {sorted(leak)}"
                if how == "cli" and named(_judge_text(judged), ids, words):
                    named_in_judge[game] = named_in_judge.get(game, 0) + 1


NAMED_IN_JUDGE: dict[str, int] = {}  # counted, not asserted: see the test below


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_step_names_a_card_its_perspective_cannot_see(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    check(doc, "skip", service=True, named_in_judge=NAMED_IN_JUDGE)


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_step_of_a_mutant_names_a_card_its_perspective_cannot_see(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    for on_illegal in ("skip", "apply"):
        rng = random.Random(f"perspective:{path.name}:{on_illegal}")
        for _ in range(MUTANTS):
            what, mutant = mutate(doc, rng)
            with contextlib.suppress(BadLog):
                try:
                    check(mutant, on_illegal, service=False, named_in_judge=NAMED_IN_JUDGE)
                except AssertionError as exc:
                    raise AssertionError(f"{path.name} with {what}, {on_illegal}: {exc}") from exc


#: a log of each game whose judge's view names cards a perspective cannot see: an illegal
#: play from a hand (RS, UA), a start card put face down (Z/X), energy put face down (Rebirth)
NAMING = {
    "rangers-strike": "examples/rangers-strike/1v1-illegal-rush-and-battle.json",
    "union-arena": "examples/union-arena/illegal-raid-and-reveal.json",
    "zx": "examples/zx/full-game-zx-a.json",
    "rebirth": "examples/rebirth/full-game.json",
}


@pytest.mark.parametrize("game", sorted(NAMING))
def test_the_judges_view_names_what_another_perspective_cannot_see(game: str) -> None:
    """The property is not empty: the judge's steps name hidden cards (else the test above
    would pass on replays that never name one, whatever the redaction)."""
    doc = json.loads((ROOT / NAMING[game]).read_text(encoding="utf-8"))
    counts: dict[str, int] = {}
    check(doc, "skip", service=False, named_in_judge=counts)
    assert counts.get(game, 0) > 0


def test_a_step_stored_without_records_withholds_every_card_id() -> None:
    """A result stored before the records (or by a tool that made none) is redacted as if
    every card it names were hidden: never less than the records would withhold."""
    path = ROOT / "examples/rangers-strike/1v1-illegal-rush-and-battle.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    judged = replay(doc)
    store = MemoryStore()
    svc = JudgeService(store=store, runner=HeldRunner())
    sub, _ = svc.submit(canonical_json(doc))
    sub.status = "finished"
    assert store.save_result(sub, judged)  # no paged.RECORDS
    assert not any(name.startswith("w") for name in store._results[sub.id])  # noqa: SLF001
    seen = json.loads(svc.replay_json(sub, "public"))
    ids = set(start(parse_log(doc)).state.code_of)
    texts = canonical_json([{k: v for k, v in st.items() if k != "state"} for st in seen["steps"]])
    assert not {t for t in TOKEN.findall(texts) if t in ids}  # the states list what it sees
    assert engine_class(judged["game"]).private_zones == ("hand",)
    assert paged.RECORDS not in judged
