"""Engine benchmark: actions per second with full annotation, and linearity in log length.

Run: ``python bench/engine.py`` (a few minutes; ``--quick``: smaller corpora and fewer runs,
about a minute, a smoke check; ``--only service|rangers|variants``: one section).  Needs the
``bench`` extra (python-chess, for the yardstick).  Everything is measured in this one run,
on this machine:

- **service corpus**: what one service job costs: 30 self-play games of at most 200 actions
  (``tests/test_replay_corpus.py``'s corpus), each replayed from its JSON text (decoding,
  validation, the replay, the result dict) — the median over ``--repeat`` runs in ms per log
  and actions/s, split into validation and the rest; and the check that every replay's
  canonical JSON still has the SHA-256 recorded in ``tests/fixtures/replay_corpus.json``;
- **Rangers Strike**: self-play 1 vs 1 and tag battle games from their JSON text, the median in
  actions/s;
- **Union Arena throughput**: a corpus of random legal games (self-play, seeded mode) replayed
  end to end through :func:`judge.core.replay.replay` — parsing and validation, checks,
  effects, every step's events, rulings and state, fingerprints — in actions per second; and
  the same with the logs already parsed and validated (the engine and annotation alone);
  and one game of the 50-card sample decks (no attacks, no extra draws: it runs to a
  deck-out) replayed whole and its first tenth alone, the ratio of their times;
- **the five variants** (union-arena, rangers-strike 1v1 and tag, zx, rebirth), side by side
  with a fixed yardstick:

  - *yardstick*: python-chess ``perft(3)`` from the start position (8,902 leaf pushes, see
    ``bench/yardstick.py``) in pushes per second: timed in turn with each variant's games
    (yardstick, games, yardstick: ``--repeat`` rounds), and, for the record, before the
    variants and after them (best of ``max(--repeat, 10)``; their drift shows how much the
    machine's speed moved during the run);
  - *end to end*: ``--variant-games`` self-play games of at most 200 actions from the game's
    ``sample_envelope`` (default weights), each replayed from its JSON text, in actions/s
    (best of ``--repeat``); over the yardstick: **actions per yardstick push** (target >=
    0.2), the median of the rounds' own ratios (the games' time against the mean of the two
    yardstick runs around it);
  - *linearity*: a long legal game replayed from its JSON text against its first tenth, in
    turn for ``--repeat`` rounds: the median of the rounds' ratios of their times (target
    <= 11).  Why in turn (:func:`in_turn`): the machine's speed drifts within a run, and the
    two halves of a ratio timed one after the other would see different machines.  The long game is
    self-played (so instance ids match the long lists) from the sample envelope with
    ``deck_construction: false`` and every main deck list repeated, in order, to 500 cards
    (the most a log may list: ``judge.core.decks.MAX_DECK_ENTRIES``), attacks and strikes
    weighted 0, up to ``--long-actions`` (10,000) actions; see :data:`VARIANTS` for each
    game's weights and options.  Games that end sooner (a deck-out with 500 cards, or
    damage from effects) are measured at the length they reach, which is printed;
  - *bytes a step*: the canonical JSON of ``replay(...)`` in bytes over its steps, on the
    normal games (target <= 700) and on the long one.

  A table of the five ends the run: variant | actions/s | per push | ratio | long game's
  actions | bytes/step normal | bytes/step long.

``--variant NAME`` (given once or more, a name from :data:`VARIANTS`, e.g. ``rebirth`` or
``"rangers-strike tag"``) measures only those variants' linearity: their long game and its
first tenth, the ratio, nothing else (no yardstick, no corpus); with ``--clock cpu`` and a few
``--repeat`` it is the quick way to follow one variant's ratio while working on its engine.

Times are the best of ``--repeat`` runs (the machines are shared and noisy; the best run is
the one least disturbed), ratios the median of the rounds timed in turn (above); the service
corpus's and Rangers Strike's times are medians.  ``--clock cpu`` times everything, the
yardstick too, in this process's CPU time instead of wall time: on a machine busy with other
work, wall times swing by half from one run to the next, CPU times less (but they drift too:
the yardstick moved by up to a third within one run in CPU time on a shared virtual
machine).  Targets: >= 20,000 actions/s on one core (Union Arena), and the
five-variant targets above.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import chess  # noqa: E402  (the bench extra, as the yardstick's)
from yardstick import PERFT3_LEAVES, perft  # noqa: E402  (bench/yardstick.py, beside this file)

from judge.core.canonical import canonical_json  # noqa: E402
from judge.core.decks import MAX_DECK_ENTRIES  # noqa: E402
from judge.core.log import decode, parse_log  # noqa: E402
from judge.core.replay import replay  # noqa: E402
from judge.core.selfplay import random_game  # noqa: E402
from judge.games.rangers_strike.sample import sample_envelope as rs_envelope  # noqa: E402
from judge.games.rebirth.sample import sample_envelope as rebirth_envelope  # noqa: E402
from judge.games.union_arena.sample import sample_envelope  # noqa: E402
from judge.games.zx.sample import sample_envelope as zx_envelope  # noqa: E402

FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "replay_corpus.json"

#: Targets of the five-variant section: actions per yardstick push end to end (at least),
#: time ratio of a log to its first tenth (at most), replay bytes a step on normal games (at most).
TARGET_PER_PUSH = 0.2
TARGET_RATIO = 11
TARGET_BYTES = 700


@dataclass(frozen=True)
class Variant:
    """One game variant: its sample envelope, and how its long game is played.

    ``long_weights`` are self-play's action weights for the long game (no attacks or strikes,
    which would end it by damage; no extra draws, which empty the deck); ``long_options`` are
    rule options added to ``deck_construction: false``; ``long_seed`` is the game's seed.
    """

    name: str
    envelope: Callable[[str], dict[str, Any]]
    long_weights: dict[str, int]
    long_options: dict[str, Any] = field(default_factory=dict)
    long_seed: str = "long"


VARIANTS = [
    Variant("union-arena", sample_envelope, {"attack": 0, "extra_draw": 0}),
    Variant(
        "rangers-strike 1v1",
        lambda seed: rs_envelope(seed, variant="1v1"),
        {"attack": 0, "strike": 0},
    ),
    Variant(
        "rangers-strike tag",
        lambda seed: rs_envelope(seed, variant="tag"),
        {"attack": 0, "strike": 0},
    ),
    # activated abilities off: one of ember's takes life, and an empty deck's reload costs
    # life too, so the game ends by life soon after the first deck runs out
    Variant("zx", zx_envelope, {"attack": 0, "activate": 0}),
    # refresh_empty nothing: a player with neither deck nor waiting room does not lose (the
    # default, lose, ends the game at about 5,800 actions)
    Variant(
        "rebirth",
        rebirth_envelope,
        {"attack": 0, "extra_draw": 0},
        {"refresh_empty": "nothing"},
    ),
]


#: the clock every figure is timed with (``--clock``): wall time by default; ``cpu`` is this
#: process's CPU time, which a busy machine's other processes do not add to
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
clock: Callable[[], float] = time.perf_counter


def best_time(fn: Any, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = clock()
        fn()
        best = min(best, clock() - t0)
    return best


def median_time(fn: Any, repeat: int) -> float:
    """The median of ``repeat`` timed runs (the service's figure: a typical job, not the best)."""
    times = []
    for _ in range(repeat):
        t0 = clock()
        fn()
        times.append(clock() - t0)
    return statistics.median(times)


def in_turn(fns: list[Any], rounds: int) -> list[list[float]]:
    """The times of each of ``fns``, timed in turn (``fns[0]``, ``fns[1]``, …, then again)
    for ``rounds`` rounds: ``times[i][r]`` is ``fns[i]``'s in round ``r``.

    Why: a figure here is a ratio of two times (a variant's against the yardstick, a long
    game's against its first tenth), and this machine's speed drifts within one run, by up
    to a third even in CPU time (the yardstick before and after the variants).  Timed one
    after the other, the two halves of a ratio saw different machines; timed in turn, each
    round's pair sees the same one, and the median of the rounds' ratios
    (:func:`median_ratio`) leaves out a round that a burst of other work fell on.
    """
    times: list[list[float]] = [[] for _ in fns]
    for _ in range(rounds):
        for i, fn in enumerate(fns):
            t0 = clock()
            fn()
            times[i].append(clock() - t0)
    return times


def median_ratio(top: list[float], bottom: list[float]) -> float:
    """The median of the rounds' ratios ``top[r] / bottom[r]``.

    >>> median_ratio([10.0, 30.0, 12.0], [1.0, 1.0, 1.0])
    12.0
    """
    return statistics.median(t / b for t, b in zip(top, bottom, strict=True))


def yardstick_run() -> None:
    """One ``perft(3)`` from the start position, checked: the yardstick's unit of work."""
    leaves = perft(chess.Board(), 3)
    if leaves != PERFT3_LEAVES:
        raise AssertionError(f"perft(3) counted {leaves} leaves, not {PERFT3_LEAVES}")


def pushes_per_second(repeat: int) -> float:
    """The yardstick (``bench/yardstick.py``): leaf pushes per second of ``perft(3)`` from the
    start position, best of ``repeat``, on :data:`clock` like every other figure."""
    return PERFT3_LEAVES / best_time(yardstick_run, repeat)


def service_corpus(repeat: int) -> None:
    """Per-job cost on the service corpus, from JSON text; and byte-identity of its replays."""
    docs = [
        random_game(sample_envelope(f"x{i}"), f"x{i}", max_actions=200, weights={"attack": 1})
        for i in range(30)
    ]
    bodies = [canonical_json(d) for d in docs]
    n = sum(len(d["actions"]) for d in docs)
    outs = [canonical_json(replay(b)) for b in bodies]  # also warms the process's caches
    expected = json.loads(FIXTURE.read_text("utf-8")) if FIXTURE.exists() else None
    if expected is not None:
        changed = [
            i
            for i, out in enumerate(outs)
            if hashlib.sha256(out.encode()).hexdigest() != expected[f"ua/{i}"]["replay"]
        ]
        identity = "byte-identical to the recorded replays" if not changed else f"CHANGED {changed}"
    else:
        identity = f"not checked ({FIXTURE} missing)"
    t = median_time(lambda: [replay(b) for b in bodies], repeat)
    t_parse = median_time(lambda: [parse_log(decode(b)) for b in bodies], repeat)
    per = len(bodies)
    print(
        f"service corpus: {per} games, {n} actions; {t / per * 1e3:.2f} ms per log "
        f"({n / t:,.0f} actions/s) from JSON text, median of {repeat}; decoding and "
        f"validation {t_parse / per * 1e3:.2f} ms of it; replays {identity}"
    )


def rangers_strike(repeat: int) -> None:
    """Rangers Strike self-play games (1 vs 1 and tag battle) from JSON text."""
    for variant in ("1v1", "tag"):
        bodies = []
        n = 0
        for i in range(20):
            seed = f"rs-bench-{variant}-{i}"
            doc = random_game(rs_envelope(seed, variant=variant), seed, max_actions=200)
            n += len(doc["actions"])
            bodies.append(canonical_json(doc))
        t = median_time(lambda bodies=bodies: [replay(b) for b in bodies], repeat)
        print(
            f"rangers strike {variant}: {len(bodies)} games, {n} actions; "
            f"{t / len(bodies) * 1e3:.2f} ms per log ({n / t:,.0f} actions/s), median of {repeat}"
        )


def long_envelope(variant: Variant) -> dict[str, Any]:
    """The variant's envelope with long decks: each main deck list repeated, in order, to
    :data:`MAX_DECK_ENTRIES` cards (the most a log may list), ``deck_construction`` off."""
    env = variant.envelope(variant.long_seed)
    env["rule_options"] = {
        **env.get("rule_options", {}),
        "deck_construction": False,
        **variant.long_options,
    }
    for deck in env["decks"].values():
        main = deck["main"]
        deck["main"] = [main[i % len(main)] for i in range(MAX_DECK_ENTRIES)]
    return env


def replay_bytes_per_step(bodies: list[str]) -> float:
    """Bytes of the canonical JSON of each log's replay, over all their steps."""
    size = steps = 0
    for body in bodies:
        out = replay(body)
        size += len(canonical_json(out).encode())
        steps += len(out["steps"])
    return size / steps


def normal_bodies(variant: Variant, games: int) -> tuple[list[str], int]:
    """The variant's normal games (self-played, at most 200 actions, seeds
    ``bench-<variant>-<i>``) as JSON texts, and their actions in all."""
    bodies = []
    n = 0
    for i in range(games):
        seed = f"bench-{variant.name}-{i}".replace(" ", "-")
        doc = random_game(variant.envelope(seed), seed, max_actions=200)
        n += len(doc["actions"])
        bodies.append(canonical_json(doc))
    return bodies, n


def long_game(variant: Variant, long_actions: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The variant's long game (:func:`long_envelope`, its ``long_weights``) and its first
    tenth."""
    long_doc = random_game(
        long_envelope(variant),
        variant.long_seed,
        max_actions=long_actions,
        weights=variant.long_weights,
    )
    return long_doc, dict(long_doc, actions=long_doc["actions"][: len(long_doc["actions"]) // 10])


def variant_figures(variant: Variant, games: int, repeat: int, long_actions: int) -> dict[str, Any]:
    """End-to-end throughput, linearity and replay size of one variant (printed as it goes)."""
    bodies, n = normal_bodies(variant, games)
    bytes_normal = replay_bytes_per_step(bodies)  # also warms the process's caches
    yard_a, times, yard_b = in_turn(
        [yardstick_run, lambda: [replay(b) for b in bodies], yardstick_run], repeat
    )
    yards = [(a + b) / 2 for a, b in zip(yard_a, yard_b, strict=True)]  # around each round
    rate, yard = n / min(times), PERFT3_LEAVES / min(yard_a + yard_b)
    per_push = median_ratio(yards, times) * n / PERFT3_LEAVES
    print(
        f"{variant.name}: {games} games, {n} actions, {rate:,.0f} actions/s end to end "
        f"(best of {repeat}), the yardstick in turn with them {yard:,.0f} pushes/s (best of "
        f"{2 * repeat}): {per_push:.3f} actions a push (median of the {repeat} rounds); "
        f"replay {bytes_normal:,.0f} bytes/step (target <= {TARGET_BYTES})"
    )
    return {
        "variant": variant.name,
        "rate": rate,
        "per_push": per_push,
        "bytes_normal": bytes_normal,
        **linearity(variant, repeat, long_actions),
    }


def linearity(variant: Variant, repeat: int, long_actions: int) -> dict[str, Any]:
    """The variant's long game replayed from its JSON text against its first tenth, in turn
    for ``repeat`` rounds: the median of the rounds' ratios of their times (printed as it
    goes, with the best time of each)."""
    t0 = clock()
    long_doc, base_doc = long_game(variant, long_actions)
    t_gen = clock() - t0
    long_n = len(long_doc["actions"])
    long_body, base_body = canonical_json(long_doc), canonical_json(base_doc)
    bytes_long = replay_bytes_per_step([long_body])  # also warms the process's caches
    longs, bases = in_turn([lambda: replay(long_body), lambda: replay(base_body)], repeat)
    t_long, t_base, ratio = min(longs), min(bases), median_ratio(longs, bases)
    short = "" if long_n >= long_actions else f" (short of {long_actions:,}: the game ended)"
    print(
        f"  {variant.name} long game: {long_n:,} actions{short}, played in {t_gen:.1f} s; "
        f"{t_long * 1e3:,.0f} ms vs {t_base * 1e3:,.0f} ms for its first {long_n // 10:,}: "
        f"ratio {ratio:.2f} (target <= {TARGET_RATIO}); replay {bytes_long:,.0f} bytes/step"
    )
    shifted = mix_shift(long_doc["actions"])
    if shifted:
        print(f"    what the long game does more or less of than its first tenth: {shifted}")
    return {"ratio": ratio, "long_n": long_n, "bytes_long": bytes_long}


def mix_shift(actions: list[dict[str, Any]], least: float = 0.05) -> str:
    """The action kinds whose share of the whole log differs from their share of its first
    tenth by ``least`` or more (``activate 7.7% -> 23.5%``), the largest change first.

    Why: the ratio compares a log with its first tenth, and a kind that costs more than the
    others and is more frequent later (abilities activated once a long game's energy has
    grown) raises the ratio while every action costs what it did: a ratio over the target
    with a shifted mix is read with this beside it.

    >>> mix_shift([{"do": "a"}] * 10 + [{"do": "b"}] * 90)
    'a 100.0% -> 10.0%, b 0.0% -> 90.0%'
    """
    head = actions[: len(actions) // 10]
    if not head:
        return ""
    kinds = sorted({a.get("do") for a in actions}, key=str)
    rows = []
    for kind in kinds:
        before = sum(a.get("do") == kind for a in head) / len(head)
        after = sum(a.get("do") == kind for a in actions) / len(actions)
        if abs(after - before) >= least:
            rows.append((-abs(after - before), str(kind), before, after))
    return ", ".join(f"{k} {b:.1%} -> {a:.1%}" for _, k, b, a in sorted(rows))


def print_table(rows: list[dict[str, Any]]) -> None:
    """The five variants' figures side by side, each with its target."""
    head = (
        "variant",
        "actions/s",
        f"per push (>= {TARGET_PER_PUSH})",
        f"ratio (<= {TARGET_RATIO})",
        "long actions",
        f"bytes/step normal (<= {TARGET_BYTES})",
        "bytes/step long",
    )
    cells = [
        (
            r["variant"],
            f"{r['rate']:,.0f}",
            f"{r['per_push']:.3f}",
            f"{r['ratio']:.2f}",
            f"{r['long_n']:,}",
            f"{r['bytes_normal']:,.0f}",
            f"{r['bytes_long']:,.0f}",
        )
        for r in rows
    ]
    widths = [max(len(c[i]) for c in [head, *cells]) for i in range(len(head))]
    for c in [head, *cells]:
        print(
            " | ".join(
                x.ljust(w) if i == 0 else x.rjust(w)
                for i, (x, w) in enumerate(zip(c, widths, strict=True))
            )
        )


def union_arena(args: argparse.Namespace) -> None:
    """Union Arena: throughput on parsed and unparsed logs, and the 50-card deck-out game's
    linearity."""
    corpus = [random_game(sample_envelope(f"bench-{i}"), f"bench-{i}") for i in range(args.games)]
    n = sum(len(g["actions"]) for g in corpus)
    t = best_time(lambda: [replay(g) for g in corpus], args.repeat)
    print(f"corpus: {len(corpus)} games, {n} actions, mean {n / len(corpus):.0f} actions/game")
    print(
        f"throughput: {n / t:,.0f} actions/s end to end (validation + full annotation; "
        "target >= 20,000)"
    )
    parsed = [parse_log(g) for g in corpus]
    t_engine = best_time(lambda: [replay(log) for log in parsed], args.repeat)
    print(
        f"engine:     {n / t_engine:,.0f} actions/s on parsed logs (full annotation); "
        f"validation is {1 - t_engine / t:.0%} of the end-to-end time"
    )

    long_game = random_game(
        sample_envelope("bench-long"), "bench-long", weights={"attack": 0, "extra_draw": 0}
    )
    base = copy.deepcopy(long_game)
    base["actions"] = long_game["actions"][: len(long_game["actions"]) // 10]
    t_long = best_time(lambda: replay(long_game), args.repeat)
    t_base = best_time(lambda: replay(base), args.repeat)
    print(
        f"linearity: base {len(base['actions'])} actions {t_base * 1e3:.1f} ms, "
        f"long {len(long_game['actions'])} actions {t_long * 1e3:.1f} ms, "
        f"ratio {t_long / t_base:.2f} (10x the actions; target <= 11)"
    )


def variants_section(args: argparse.Namespace) -> None:
    """The yardstick, then every variant, then the yardstick again; and the table."""
    print(f"clock: {args.clock}")
    yard_before = pushes_per_second(args.yard_repeat)
    print(
        f"yardstick before: python-chess perft(3), {yard_before:,.0f} pushes/s (best of {args.yard_repeat})"
    )
    rows = [
        variant_figures(v, args.variant_games, args.repeat, args.long_actions) for v in VARIANTS
    ]
    yard_after = pushes_per_second(args.yard_repeat)
    yard = (yard_before + yard_after) / 2
    print(
        f"yardstick after: {yard_after:,.0f} pushes/s; mean {yard:,.0f} "
        f"(drift {yard_after / yard_before - 1:+.1%}); each variant's per-push figure uses "
        "the yardstick timed in turn with it"
    )
    print_table(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=None, help="Union Arena corpus (default 30)")
    ap.add_argument("--repeat", type=int, default=None, help="timed runs per figure (default 5)")
    ap.add_argument(
        "--variant-games", type=int, default=None, help="self-play games per variant (default 20)"
    )
    ap.add_argument(
        "--long-actions", type=int, default=10_000, help="the long games' length (at most)"
    )
    ap.add_argument(
        "--quick",
        action="store_true",
        help="smaller corpora and fewer runs (a smoke check of about a minute)",
    )
    ap.add_argument(
        "--clock",
        choices=tuple(CLOCKS),
        default="wall",
        help="time with the wall clock (default) or this process's CPU time (steadier on a "
        "busy machine: other processes' time is not counted; the yardstick is timed the same)",
    )
    ap.add_argument(
        "--only",
        choices=("all", "service", "rangers", "variants"),
        default="all",
        help="run only the service corpus, the Rangers Strike figures or the five variants",
    )
    ap.add_argument(
        "--variant",
        action="append",
        choices=[v.name for v in VARIANTS],
        metavar="NAME",
        help="measure only this variant's linearity (may be given more than once; one of: "
        + ", ".join(v.name for v in VARIANTS)
        + ")",
    )
    args = ap.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    if args.games is None:
        args.games = 10 if args.quick else 30
    if args.repeat is None:
        args.repeat = 2 if args.quick else 5
    if args.variant_games is None:
        args.variant_games = 5 if args.quick else 20
    args.yard_repeat = max(args.repeat, 3 if args.quick else 10)
    median_repeat = args.repeat if args.quick else max(args.repeat, 7)

    if args.variant:
        print(f"clock: {args.clock}")
        for v in VARIANTS:
            if v.name in args.variant:
                linearity(v, args.repeat, args.long_actions)
        return
    if args.only in ("all", "service"):
        service_corpus(median_repeat)
    if args.only in ("all", "rangers"):
        rangers_strike(median_repeat)
    if args.only == "all":
        union_arena(args)
    if args.only in ("all", "variants"):
        variants_section(args)


if __name__ == "__main__":
    main()
