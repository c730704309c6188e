"""Rule search benchmark: how long a floor judge waits for ``judge rules --search``.

Run: ``python bench/rulesearch.py``.  In this one process it measures loading every game's
catalogue (which imports the engines), building the index of all their rules (the first
search of a process pays both), and then searches of a judge's queries on the built index:
median, p99 and the slowest, over ``--rounds`` rounds of every query.
"""

from __future__ import annotations

import argparse
import statistics
import time

QUERIES = (
    "snipe block",
    "counter two",
    "激躍",
    "ストライク",
    "turn player order simultaneous",
    "who chooses damage",
    "can a character attack the turn it is played",
    "UA-KW-SNIPE",
    "xyzzy",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()

    start = time.perf_counter()
    import judge.games
    from judge.core.rulesearch import RuleIndex

    cats = [judge.games.catalogue(g) for g in sorted(judge.games.GAMES)]
    loaded = time.perf_counter()
    index = RuleIndex.build(cats)
    built = time.perf_counter()
    times = []
    for _ in range(args.rounds):
        for query in QUERIES:
            t0 = time.perf_counter()
            index.search(query)
            times.append(time.perf_counter() - t0)
    times.sort()
    ms = 1000
    print(
        f"rule search: {len(index.docs)} rules, {len(index.postings)} tokens; "
        f"catalogues loaded in {(loaded - start) * ms:.1f} ms, index built in "
        f"{(built - loaded) * ms:.1f} ms; a search: median {statistics.median(times) * ms:.3f} ms, "
        f"p99 {times[int(len(times) * 0.99)] * ms:.3f} ms, slowest {times[-1] * ms:.3f} ms "
        f"({len(times)} searches)"
    )


if __name__ == "__main__":
    main()
