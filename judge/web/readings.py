"""Each card's reading, for the viewer's card panel: the sentences rendered from the
effects the engine runs (:func:`judge.games.card_renderer`), for a game that has a renderer."""

from __future__ import annotations

from typing import Any

from judge.games import card_renderer


def readings(game: str, cards: list[dict[str, Any]] | None) -> dict[str, list[str]]:
    """``{code: [sentences]}`` for ``cards`` (a replay's definitions); ``{}`` for a game
    with no renderer.  A definition the renderer cannot read is left out, never guessed at.

    >>> readings("no-such-game", [{"code": "X-1"}])
    {}
    >>> readings("rangers-strike", [{"code": "X-1"}])
    {'X-1': ['No effects.']}
    >>> readings("zx", [{"code": "X-1", "type": "zx"}])
    {'X-1': ['No effects.']}
    """
    render = card_renderer(game)
    if render is None or not cards:
        return {}
    out: dict[str, list[str]] = {}
    for defn in cards:
        code = defn.get("code") if isinstance(defn, dict) else None
        if not isinstance(code, str):
            continue
        try:
            reading = render(defn).get("reading")
        except (KeyError, TypeError, ValueError):
            continue
        if isinstance(reading, list):
            out[code] = [str(line) for line in reading]
    return out
