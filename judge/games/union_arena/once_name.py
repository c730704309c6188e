"""Once per turn by name: "〈X〉のこの効果は1ターンに1回のみ発動できる。" (on an activated or a
triggered ability) and "〈X〉のこの効果は1ターンに1回のみ発動する。" (on a triggered one),
``UA-EFFECT-ONCE-NAME``.

"〈X〉" names every card named X (seed 000: "<○○>表示【卡名為○○的卡片】"), so the limit is on
this effect of all cards named X together: once one of them has used it this turn, no card
named X uses it again that turn, however many copies there are and whether or not the one that
used it is still on the field.  Unlike "[ターン1]" (``UA-ACTIVATE-ONCE``, ``UA-TRIGGER-ONCE``:
once per card, a card back on the field being a new card), which the seed counts per card.

The effect carries ``once_name``: the name X (the reader keeps it only on a card named X, and
not on an ability printed with two timings).  "この効果" is this effect: two different effects
of cards named X (two printings of X with other texts, two such abilities on one card) are
limited each on its own, so a use is kept as the name with the effect itself (:func:`key`; a
reprint with the same text has the same effect).  The uses are kept per player and turn
(``PlayerState.names_used``, emptied at every turn's start).  What no source settles, each a
rule option:

- whether one player's use limits the other player's cards named X (the text says "〈X〉", not
  "自分の〈X〉"): ``once_name_players`` (``UA-EFFECT-ONCE-NAME-PLAYERS``; "each" by default:
  each player's own uses);
- whether an optional triggered one its player declined counts as used:
  ``once_name_declined`` (``UA-EFFECT-ONCE-NAME-DECLINED``; "not_used" by default, as
  ``once_per_turn_declined``);
- whether a triggered one whose effect opens with a condition ("…場合、…") that does not hold
  as it resolves counts as used: ``once_name_unmet`` (``UA-EFFECT-ONCE-NAME-UNMET``; "used" by
  default: the effect was activated, its condition only skips what it governs, ``UA-EFFECT-IF``).

An activated one is used when its activation is carried out (an activation whose condition
``only_if`` does not hold is illegal, so never counted); one beyond the limit is illegal under
``UA-EFFECT-ONCE-NAME``.  A triggered one beyond the limit does not trigger, and does nothing
when it comes to resolve (two that triggered at once: the second does nothing).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from judge.core.names import name_key
from judge.games.union_arena import conditions

if TYPE_CHECKING:
    from judge.core.engine import Plan
    from judge.core.timing import PendingEffect
    from judge.games.union_arena.engine import UnionArenaEngine

KEY = "once_name"
RULE = "UA-EFFECT-ONCE-NAME"
PLAYERS_OPTION = "once_name_players"
DECLINED_OPTION = "once_name_declined"
UNMET_OPTION = "once_name_unmet"

_SENTENCE = re.compile(r"〈([^〈〉]+)〉のこの効果は1ターンに1回のみ発動(できる|する)")


def read(defn: dict[str, Any], when: str, parts: list[str]) -> tuple[str | None, list[str]]:
    """The limit printed as an ability's last sentence, and the sentences before it; (None,
    ``parts``) when there is none or it is not read: it names another card than this one, or
    says "発動する" (it happens) on an activated ability, which is used, not triggered.

    >>> read({"name": "ミラ"}, "activate_main", ["カードを1枚引く", "〈ミラ〉のこの効果は1ターンに1回のみ発動できる"])
    ('ミラ', ['カードを1枚引く'])
    >>> read({"name": "ミラ"}, "activate_main", ["カードを1枚引く", "〈ミラ〉のこの効果は1ターンに1回のみ発動する"])[0] is None
    True
    """
    m = _SENTENCE.fullmatch(parts[-1]) if len(parts) > 1 else None
    name = defn.get("name")
    if m is None or not isinstance(name, str) or name_key(m.group(1)) != name_key(name):
        return None, parts
    if when == "activate_main" and m.group(2) == "する":
        return None, parts
    return m.group(1), parts[:-1]


def valid(effect: dict[str, Any]) -> bool:
    """Whether an effect's ``once_name`` (if any) is one the engine keeps: a non-empty name."""
    name = effect.get(KEY)
    return KEY not in effect or (isinstance(name, str) and bool(name.strip()))


def key(effect: dict[str, Any]) -> str:
    """What a use is kept as: the name, then the effect (its JSON, keys sorted).

    >>> key({"when": "on_play", "once_name": "ミラ", "do": [{"op": "draw", "n": 1}]})
    'ミラ|{"do": [{"n": 1, "op": "draw"}], "once_name": "ミラ", "when": "on_play"}'
    """
    body = json.dumps(effect, sort_keys=True, ensure_ascii=False)
    return f"{name_key(effect[KEY])}|{body}"


def used(eng: UnionArenaEngine, pid: str, effect: dict[str, Any]) -> bool:
    """Whether ``pid`` may no longer use ``effect`` (limited by name) this turn: its own uses,
    and the other player's too under ``once_name_players`` "both"."""
    k = key(effect)
    who = eng.state.order if eng.options.get(PLAYERS_OPTION, "each") == "both" else [pid]
    return any(k in eng.state.players[p].names_used for p in who)


def record(eng: UnionArenaEngine, pid: str, effect: dict[str, Any]) -> None:
    """An effect limited by name was used by ``pid``."""
    if effect.get(KEY):
        eng.state.players[pid].names_used.add(key(effect))


def check_activation(
    eng: UnionArenaEngine, plan: Plan, pid: str, card: str, effect: dict[str, Any]
) -> None:
    """``UA-EFFECT-ONCE-NAME`` for an activation of ``card``'s ``effect`` by ``pid``."""
    name = effect.get(KEY)
    if not name:
        return
    n = plan.action["ability"]
    if used(eng, pid, effect):
        plan.violate(
            RULE,
            f"This effect of <{name}> can be used once per turn by the cards named so; it was "
            f"already used this turn, so {eng.name(card)}'s activated effect {n} cannot be used.",
        )
    else:
        eng.ctx.ruling(
            RULE,
            f"This effect of <{name}> can be used once per turn by the cards named so: "
            f"{eng.name(card)} uses it now, and no card named so may again this turn.",
        )


def blocks_trigger(eng: UnionArenaEngine, pid: str, card: str, effect: dict[str, Any]) -> bool:
    """Whether a triggered ``effect`` of ``card`` does not trigger, its name's use spent."""
    name = effect.get(KEY)
    if not name or not used(eng, pid, effect):
        return False
    eng.ctx.ruling(
        RULE,
        f"This effect of <{name}> happens once per turn for the cards named so and was already "
        f"used this turn: {eng.name(card)}'s {effect.get('when', '').replace('_', ' ')} effect "
        "does not trigger.",
    )
    return True


def before_resolving(eng: UnionArenaEngine, pe: PendingEffect, use: bool | None) -> bool:
    """As a triggered effect limited by name comes to resolve: False when it does nothing
    (the name's use spent meanwhile); else it is recorded as used unless its opening
    condition does not hold (option ``once_name_unmet``, whether it is used or declined) or it
    was declined (``once_name_declined``)."""
    effect = pe.effect
    name = effect.get(KEY)
    if not name or effect.get("when") == "activate_main":
        return True
    if used(eng, pe.controller, effect):
        eng.ctx.ruling(
            RULE,
            f"{pe.describe()}: this effect of <{name}> happens once per turn for the cards named "
            "so and was already used this turn: it does nothing.",
        )
        return False
    first = (effect.get("do") or [{}])[0]
    if "if" in first and not conditions.holds(eng, pe.controller, first["if"], source=pe.source):
        # its opening condition not met, used or declined alike: nothing it offers happens
        counts = eng.options.get(UNMET_OPTION, "used") == "used"
        eng.ctx.ruling(
            "UA-EFFECT-ONCE-NAME-UNMET",
            f"{pe.describe()} (once per turn for the cards named <{name}>) resolves with its "
            "opening condition not met: it "
            + ("counts as used" if counts else "does not count as used")
            + f" this turn (rule option {UNMET_OPTION}).",
        )
    elif effect.get("optional") and use is False:
        counts = eng.options.get(DECLINED_OPTION, "not_used") == "used"
        eng.ctx.ruling(
            "UA-EFFECT-ONCE-NAME-DECLINED",
            f"{pe.describe()} (once per turn for the cards named <{name}>) was declined: it "
            + ("counts as used" if counts else "does not count as used")
            + f" this turn (rule option {DECLINED_OPTION}).",
        )
    else:
        counts = True
    if counts:
        record(eng, pe.controller, effect)
    return True
