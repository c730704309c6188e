"""Byte-identity of replays across changes to the runner, the engines and the schemas.

The SHA-256 of the canonical JSON of the replays of a fixed corpus — the benchmark's
self-play Union Arena games (200 actions at most), the same games with actions dropped or
swapped (illegal steps under every ``on_illegal``), other perspectives, and Rangers Strike
1 vs 1 and tag battle games — was recorded in ``fixtures/replay_corpus.json`` before the
replay path was optimised; any change to the output shows up here as a different hash.  The
hashes of the logs themselves are recorded too, so a change to self-play (which would change
the corpus, not the replays) is told apart.

Regenerate (only for an intended change of output): ``python tests/test_replay_corpus.py
--write``.
"""

from __future__ import annotations

import copy
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # pragma: no cover - when run as a script
    sys.path.insert(0, str(ROOT))

from judge.core.canonical import canonical_json  # noqa: E402
from judge.core.replay import replay  # noqa: E402
from judge.core.selfplay import random_game  # noqa: E402
from judge.games.rangers_strike.sample import sample_envelope as rs_envelope  # noqa: E402
from judge.games.union_arena.sample import sample_envelope as ua_envelope  # noqa: E402

FIXTURE = Path(__file__).parent / "fixtures" / "replay_corpus.json"


def ua_corpus(n: int = 30) -> list[dict[str, Any]]:
    """The benchmark's corpus: ``n`` self-play Union Arena games of at most 200 actions."""
    return [
        random_game(ua_envelope(f"x{i}"), f"x{i}", max_actions=200, weights={"attack": 1})
        for i in range(n)
    ]


def _mutated(doc: dict[str, Any], k: int) -> dict[str, Any]:
    """``doc`` with some actions dropped and some swapped: steps become illegal."""
    out = copy.deepcopy(doc)
    actions = out["actions"]
    for i in range(5 + k, len(actions) - 1, 17 + k):
        actions[i], actions[i + 1] = actions[i + 1], actions[i]
    del actions[9 + k :: 23]
    return out


def _one_changed(doc: dict[str, Any], k: int) -> dict[str, Any]:
    """``doc`` with one ``proceed`` past the middle dropped: the game goes on differently."""
    out = copy.deepcopy(doc)
    actions = out["actions"]
    middle = [i for i, a in enumerate(actions) if a["do"] == "proceed" and i > len(actions) // 2]
    if middle:
        del actions[middle[k % len(middle)]]
    return out


def cases() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(name, log text, replay options) for every replay of the corpus."""
    ua = ua_corpus()
    for i, doc in enumerate(ua):
        yield f"ua/{i}", canonical_json(doc), {}
    for i in range(4):
        for perspective in ("A", "B", "public"):
            yield f"ua/{i}/{perspective}", canonical_json(ua[i]), {"perspective": perspective}
    for i in range(6):
        body = canonical_json(_mutated(ua[i], i))
        for on_illegal in ("skip", "apply", "stop"):
            yield f"ua/{i}/mutated/{on_illegal}", body, {"on_illegal": on_illegal}
        yield f"ua/{i}/mutated/apply/A", body, {"on_illegal": "apply", "perspective": "A"}
        body = canonical_json(_one_changed(ua[i], i))
        for on_illegal in ("skip", "apply"):
            yield f"ua/{i}/one-changed/{on_illegal}", body, {"on_illegal": on_illegal}
    for variant in ("1v1", "tag"):
        for i in range(6):
            seed = f"rs-{variant}-{i}"
            doc = random_game(rs_envelope(seed, variant=variant), seed, max_actions=200)
            yield f"rs/{variant}/{i}", canonical_json(doc), {}
            if i < 2:
                body = canonical_json(_mutated(doc, i))
                for on_illegal in ("skip", "apply"):
                    yield f"rs/{variant}/{i}/mutated/{on_illegal}", body, {"on_illegal": on_illegal}


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _replay_sha(body: str, options: dict[str, Any]) -> str:
    """The SHA-256 of the replay's canonical JSON.  Every case replays: an illegal action
    that ``on_illegal=apply`` cannot carry out as played leaves the state as it was (these
    cases once recorded Union Arena's exceptions instead; an exception now fails the test)."""
    return _sha(canonical_json(replay(body, **options)))


def hashes() -> dict[str, dict[str, str]]:
    """Case name -> the SHA-256 of its log text and of its replay's canonical JSON."""
    return {
        name: {"log": _sha(body), "replay": _replay_sha(body, options)}
        for name, body, options in cases()
    }


def test_replays_of_the_corpus_are_byte_identical_to_the_recorded_ones() -> None:
    if not FIXTURE.exists():  # pragma: no cover - the fixture is committed
        pytest.fail(f"missing {FIXTURE}; write it with: python {__file__} --write")
    expected = json.loads(FIXTURE.read_text("utf-8"))
    got = hashes()
    assert sorted(got) == sorted(expected)
    changed_logs = [n for n in got if got[n]["log"] != expected[n]["log"]]
    assert changed_logs == [], "self-play made different logs (the corpus changed)"
    changed = [n for n in got if got[n]["replay"] != expected[n]["replay"]]
    assert changed == [], "replays differ from the recorded ones"


if __name__ == "__main__":  # pragma: no cover
    if sys.argv[1:] == ["--write"]:
        FIXTURE.parent.mkdir(exist_ok=True)
        FIXTURE.write_text(json.dumps(hashes(), indent=1, sort_keys=True) + "\n", "utf-8")
        print(f"wrote {FIXTURE}")
    else:
        sys.exit(f"usage: python {sys.argv[0]} --write")
