"""Write the Z/X example logs in ``examples/zx/``: complete games by random legal play, and
logs with illegal plays (each file's ``match.note`` says what it shows).

Run: ``python3 examples/make_zx_examples.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

from judge.core.selfplay import random_game
from judge.games.zx.sample import sample_envelope
from judge.games.zx.testing import LogBuilder, card

OUT = Path(__file__).resolve().parent / "zx"


def write(name: str, doc: dict, note: str) -> None:
    doc.setdefault("match", {})["note"] = note
    (OUT / name).write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for seed in ("zx-a", "zx-b"):
        write(
            f"full-game-{seed}.json",
            random_game(sample_envelope(seed), seed),
            "A complete game by random legal play.",
        )
    atk = card("T-ATK", power=3000)
    b = LogBuilder([atk], a=["T-ATK"]).start().proceed("A", 2)
    b.act("A", "play", card=b.iid("A", 0), to=8)
    write(
        "illegal-opponents-player-square.json",
        b.log(),
        "A Z/X played to the opponent's player square (ZX-PLAY-SQUARE).",
    )
    b = LogBuilder([atk], a=["T-ATK"]).start().proceed("A", 2)
    b.act("A", "play", card=b.iid("A", 0), to=1).act("A", "attack", card=b.iid("A", 0), target=8)
    write(
        "illegal-out-of-range.json", b.log(), "An attack 2 squares away without Range (ZX-ATTACK)."
    )
    zk = card("T-ZK", power=5000, keywords=["zekkai"])
    ev = card(
        "T-FX",
        type="event",
        effects=[{"when": "play", "do": [{"op": "destroy", "target": {"side": "opponent"}}]}],
    )
    b = LogBuilder([ev, zk], a=["T-000", "T-FX"], b=["T-ZK"]).start().proceed("A", 3)
    b.proceed("B", 2).act("B", "play", card=b.iid("B", 0), to=4).proceed("B").proceed("A", 2)
    b.act("A", "play", card=b.iid("A", 1)).act(
        "A", "resolve", source=b.iid("A", 1), targets=[b.iid("B", 0)]
    )
    write(
        "illegal-zekkai-chosen.json",
        b.log(),
        "An effect chooses a Z/X with Zekkai on a square (ZX-ZEKKAI).",
    )
    brk = card("T-BRK", type="event_ex", effects=[{"when": "play", "do": [{"op": "break"}]}])
    guard = card("T-GRD", power=2000)
    new = card("T-NEW", power=6000)
    b = LogBuilder([atk, guard, new, brk], a=["T-ATK"], b=["T-GRD", "T-NEW"])
    b.doc["decks"]["B"]["dynamis"] = ["T-BRK"]
    b.start().pass_turn("A").to_main("B").act("B", "play", card=b.iid("B", 0), to=5)
    b.act("B", "play_ex", card="B-D1")
    b.act("B", "resolve", source="B-D1", targets=[b.iid("B", 0), b.iid("B", 1)])
    write(
        "break-from-an-event-ex.json",
        b.log(),
        "An event EX from the dynamis Breaks: the Z/X on square 5 goes face down under a Z/X "
        "from the hand, which appears rebooted (ZX-EX-PLAY, ZX-BREAK).",
    )
    ev2 = card("T-EV2", type="event_ex")
    b = LogBuilder([ev2], dynamis={"A": ["T-EV2", "T-EV2"]}).start().proceed("A", 2)
    b.act("A", "play_ex", card="A-D1").act("A", "play_ex", card="A-D2")
    write(
        "illegal-second-ex-play.json",
        b.log(),
        "A second event EX played from the dynamis in one turn (ZX-EX-PLAY: once a turn).",
    )
    big = card("T-001", power=5000, ig=True)
    draw = card("T-002", type="event", ig=True, effects=[{"when": "play", "do": [{"op": "draw"}]}])
    b = LogBuilder([big, draw], a=["T-001"] * 4, b=["T-002"] * 4)
    b.doc["hidden"] = {"mode": "observed"}
    b.start()
    for pid in ("A", "A", "B", "B"):
        b.act(pid, "reveal", card="T-000")
    b.proceed("A", 2).act("A", "play", card="T-001", to=5).proceed("A").proceed("B", 3)
    b.proceed("A", 2).act("A", "attack", card="T-001", target=8)
    b.act("A", "pick_life", position=1, reveal="T-002").act("B", "play_revealed", use=False)
    b.proceed("A").proceed("B").act("B", "ignite", charge="T-002").act("B", "reveal", card="T-002")
    b.act("B", "play_revealed", use=True)
    write(
        "observed-reveals.json",
        b.log(),
        "Observed mode: the resources set from the deck, a life card lost to damage "
        "(pick_life with reveal) and an ignition's card are named by reveal; the hand card "
        "played binds an unknown one (ZX-LOG-REVEAL).",
    )


if __name__ == "__main__":
    main()
