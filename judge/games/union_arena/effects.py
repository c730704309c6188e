"""The structured effect vocabulary of Union Arena card text, and the trigger icons.

A card's ``effects`` is a list of effects.  An effect::

    {"when": "on_play", "optional": false, "raid_only": false, "once_per_turn": false,
     "cost": {"rest_self": true, "discard": 1, "ap": 1, "retire_self": true},
     "do": [ {"op": "draw", "n": 1}, … ]}

``when`` (the timing words of the rulebook): ``on_play`` (when played; also when raided),
``activate_main`` (an activated effect, main phase), ``on_attack``, ``on_block``,
``not_blocked``, ``on_retire``, ``win_battle``, ``lose_battle_attacking`` (attacked and lost),
``battle_end``, ``end_phase_start``; and, printed as words (:mod:`~judge.games.union_arena.texttimings`),
``blocked`` (attacked and was blocked), ``win_battle_attacking`` / ``win_battle_blocking`` (won a
battle it attacked in / blocked in), ``attack_phase_end`` (its controller's attack phase ends),
``each_attack_phase_end`` (either player's does), ``own_win_battle_attacking`` (any of its
controller's cards meeting ``by``, ``{"trait": X}``, attacked and won; UA-TRIGGER-OWN-WIN-ATTACKING),
``other_line_enters`` (a card named ``by`` ``{"name": X}`` entered its controller's other line;
UA-TRIGGER-OTHER-LINE-ENTERS); ``own_milled`` (this card went from its owner's deck into the
outside area by its owner's effect; UA-TRIGGER-OWN-MILLED).  ``raid_only`` text works only when the card was raided.  ``where`` (``front_line`` |
``energy_line``) on an ``activate_main`` effect: usable only while its card is in that line
("[フロントLにある場合]", ``UA-EFFECT-WHERE``).  ``only_if`` on an ``activate_main`` effect: usable
only if a condition holds as it is used ("…場合のみ発動できる": a condition of
:mod:`~judge.games.union_arena.conditions`, the same on one line of the field, or ``"active"``,
its own card is active; ``UA-EFFECT-ONLY-IF``, :mod:`judge.games.union_arena.only_if`).
``once_per_turn`` on a triggered effect: once
it has resolved for a card this turn, that card's effect does not trigger again this turn
("[ターン1]", ``UA-TRIGGER-ONCE``).  ``once_name`` (a name X, on any timing): this effect is used
once per turn by all the cards named X together ("〈X〉のこの効果は1ターンに1回のみ発動できる",
``UA-EFFECT-ONCE-NAME``, :mod:`judge.games.union_arena.once_name`).
An ``optional`` triggered effect whose first op is a ``discard`` is used by discarding
("自分の手札を1枚場外に置いてもよい。そうした場合、…": the ops after it carry ``if_done``;
``UA-EFFECT-MAY-DISCARD``); one whose first op is a ``mill`` is used by putting the deck's top
cards into the outside area ("自分の山札の上から1枚を場外に置いてもよい。そうした場合、…";
``UA-EFFECT-DECK-TO-OUTSIDE``).  ``cost`` applies to ``activate_main`` effects; a triggered effect may have ``cost``
``{"ap": n}`` only when it is ``optional`` ("APを1支払ってもよい。そうした場合、…": the player
may pay n AP as it resolves, and only then does the rest happen; ``UA-EFFECT-COST``).

``when`` ``continuous``: an effect in force while the card is on the field, never resolved.
One the engine knows is ``{"op": "generate", "color": c, "n": 1, "if": "active"}``
("このキャラがアクティブの場合、このキャラの発生エナジー+[色]": while this card is active, it
generates one more energy of colour c; ``if`` may be a condition instead, not a hand's size:
"自分の場外に〈X〉がある場合、…"), counted whenever energy is
(:meth:`judge.games.union_arena.state.UAState.energy`, ``UA-EFFECT-ENERGY``).  And
``{"op": "reduce_energy", "color": c, "n": k, "if_any": [conditions]}`` ("相手の場に緑か赤の
カードがある場合、手札にあるこのカードの必要エナジーを[紫×1]減らす": while in the hand and a
condition holds, the card requires k less of colour c), counted whenever the card's required
energy is (:func:`judge.games.union_arena.conditions.required_energy`,
``UA-EFFECT-ENERGY-LESS``).  And ``{"op": "reduce_ap", "n": k, "if": condition}``
("自分のフロントLに〈X〉がある場合、手札にあるこのカードの消費APを-1する": while in the hand
and the condition holds, the card costs k AP less), counted whenever its AP cost is
(:func:`judge.games.union_arena.apcost.ap_cost`, ``UA-EFFECT-AP-LESS``).  And ``{"op": "bp", "amount": n, "target": "self", "during":
"own_turn"|"opponent_turn", "if": condition, "if_outside": {"card_type": "event", "min": k}}``
("[自分のターン中]自分の場に〈X〉がある場合、このキャラはBP+1000"; ``if`` any condition below,
"自分の手札が5枚以上の場合" too): the card's own BP raise while
every condition given holds, counted whenever its BP is (and ``grant`` with ``keyword`` the
same way: a keyword of its own, whenever its keywords are read)
(:meth:`judge.games.union_arena.state.UAState.static_bp`, ``UA-EFFECT-STATIC-BP``).  And ``{"op": "enters_active"}`` ("このフィールドはアクティブで場に
登場させる", "このキャラはアクティブで登場させる"): the card is played active
(``UA-EFFECT-ENTERS-ACTIVE``).  And ``{"op": "play_only_if", "if": condition}`` on an event
("このカードは自分の場に〈X〉がある場合のみ使用できる"): the event may be used only if the
condition (as ``only_if``'s, not ``"active"``) holds when its use is declared
(``UA-PLAY-ONLY-IF``).

Operations (``op``) and their fields; ``target`` is ``"self"`` or a *selector*
``{"side": "own"|"opponent", "zone": "front_line"|"energy_line"|"field"|"hand"|"outside"|"ap",
"count": n, "up_to": bool, …conditions}`` whose cards the log records in the action's
``targets`` (selectors consume the list in order).  The conditions are those card text states
in its brackets (seed, "用不同的括號區分不同的指定條件"; a chosen card that does not meet one
breaks ``UA-EFFECT-TARGETS``):

- ``name`` — <Name>: a card of that name, or one whose definition says it is also treated as
  that name (``also_treated_as``, from card text "This card is also treated as <Name>").
- ``trait`` or ``affinity`` — [Trait]: a card with that trait; "affinity" is the English
  cards' word for the trait (特徴), as in "[The Order] affinity cards", so both keys mean
  the same.
- ``color`` — a card of that colour.
- ``bp_max`` — a character whose BP (with effects) is at most n; ``bp_min`` — at least n
  ("BP3000以上の"); ``printed_bp_max`` / ``printed_bp_min`` — "元々のBPがN以下の/以上の": a
  character whose printed BP (its top card's, no effect counted) is at most / at least n
  (``UA-EFFECT-PRINTED-BP``); ``rested`` — true: a rested
  card, false: an active one; ``type`` — a card type (a line's default is ``character``).
- ``energy_max`` — "必要エナジーがN以下の": a card whose printed required energy (all colours
  together) is at most n (any zone); ``energy_min`` — "必要エナジーがN以上の": at least n.
- ``card_type`` — "キャラカード", "イベントカード", "フィールドカード": a card of that type (any
  zone: the choice of a card in the outside area; ``type`` is a field's).
- ``other`` — "他の": not the effect's own card (a unit on the field holding it).
- ``card_type`` (a card of that type), ``ap_cost`` ("消費APがN": printed AP cost exactly n),
  ``not_name`` ("〈X〉以外の": not named X, nor treated as X) — any zone.
- ``any_of`` — alternatives joined by "か" ("[特徴:A]か[特徴:B]"): a card that meets one of
  them (each a ``name``, ``trait`` or ``color``).

An op may carry ``if_chosen`` (a ``name``/``trait``/``color`` condition, or ``any_of`` them):
it happens only if a card the last choice named (or the last look took) meets it ("選んだ
キャラが〈X〉の場合、…", "公開したカードが〈X〉の場合、…"); its ``target`` may be ``"chosen"``,
those cards themselves ("…さらにアクティブにする").  An op with ``if_done`` happens only if
the choice before it chose a card ("…を1枚レストにする。そうした場合、…": if you did).

- ``all`` — true, with no count: every card of the field that meets the selector when the
  op is carried out, with no choice ("自分の場の[特徴:X]全ては、このターン中、BP+500"; ops
  ``bp``, ``grant``, ``rest``, ``activate``, ``retire``; the log records no target for it;
  ``UA-EFFECT-ALL``).
- ``if_able`` — true: the count is "as many as there are, up to ``count``" (printed
  "1枚選び": a mandatory choice that chooses nothing when no card qualifies); fewer targets
  are wrong only when more cards met the selector.  The printed-text reader writes it for
  every count without "まで" (up to).

Name, trait/affinity, colour, required energy and ``card_type`` apply in every zone (hand and
outside area too); BP, state, ``type`` and ``other`` only to cards on the field.

An op of :data:`SWAPPABLE_OPS` on a chosen card may carry ``instead_op`` (``{"if": condition,
"op": kind}``: "…を1枚選び、『手札に戻す』。自分の場に〈X〉がある場合、『退場させる』に代わる"):
while the condition holds as it is carried out, the other op is carried out instead
(``UA-EFFECT-IF``).

Any op may carry ``if``, a condition (:func:`judge.games.union_arena.conditions.valid`: cards
on a field, "自分の場に〈X〉がある場合、…", "自分の場に他の[特徴:X]が2枚以上ある場合、…",
"自分の場にカード名に「X」を含むキャラがある場合、…", "相手の場にレストのキャラがある場合、…";
event cards in the outside area; life; "自分の手札がN枚以上の場合、…": the hand's size): it
happens only if the condition holds; and a selector ``instead`` (``{"if": condition,
"bp_max": N}``: "『BP3000以下』…。自分の場に〈X〉がある場合、『BP5000以下』に代わる"); both are
read as the op is carried out (:mod:`judge.games.union_arena.conditions`, ``UA-EFFECT-IF``).
No op (nor cost) that could change what the condition reads may come before it in the
effect: a card of that side leaving the field, the hand or the outside area, a card of the
opponent's turned, a draw, a look or a discard for a hand, a discard for an outside area.

An op on ``self`` may carry ``if_none_before``: it happens only when the op before it with a
selector chose no card ("…を1枚手札に戻す。戻せない場合、このキャラを手札に戻す": if none could be
returned, return this character).

- ``draw`` ``n`` — the controller draws n cards.
- ``bp`` ``amount``, ``target``, ``until`` (``turn`` | ``battle`` | ``next_turn``).
- ``grant`` ``keyword``, ``target``, ``until`` — gives a keyword (e.g. ``snipe``), or one of
  the printed abilities written as keywords (``must be blocked``, ``unblockable by bp N or
  less|more``: :class:`~judge.games.union_arena.cards.Keywords`).
- ``rest`` / ``activate`` ``target``.
- ``retire`` ``target`` — to the outside area ("retired": when-retired effects trigger).
- ``to_hand`` ``target`` — a card on the field, or in the outside area, to its owner's hand.
- ``remove`` ``target`` — a card on the field, in a hand or in the outside area, to the
  removal area.
- ``to_deck_bottom`` ``target`` — a card on the field to the bottom of its owner's deck
  ("…を1枚まで選び、相手の山札の下に置く"; not retired; ``UA-EFFECT-DECK-BOTTOM``).
- ``to_deck_top`` ``target`` — one card of one's own outside area on top of one's deck
  ("自分の場外から…を1枚まで自分の山札の上に置く"; the ability's last op;
  ``UA-EFFECT-OUTSIDE-TO-DECK-TOP``, :mod:`judge.games.union_arena.decktop`).
- ``discard`` ``n`` — the controller puts n chosen hand cards into the outside area;
  with ``if_taken`` true only when the ``look`` before it in the effect took a card
  ("手札に加えた場合、自分の手札をN枚場外に置く"), or conditions the card taken meets
  (``energy_min``, ``has_trigger``: ``look.taken_meets``).
- ``mill`` ``n``, ``up_to`` — "自分の山札の上からN枚を場外に置く": the top n cards of the
  controller's deck go into their outside area, face up (not retired: they never were on the
  field); "…N枚まで場外に置く" (``up_to``): the player chooses how many, 0 to n, always from
  the top.  The log names the cards put in ``targets`` as ``{"outside": [refs]}``, top first
  (in observed mode a code reveals one, ``UA-REVEAL``); an ``up_to`` needs it (the number is
  a choice), a mill of exactly n does only in observed mode (the engine does not know the
  cards).  A mill chooses no card: after it ``if_chosen``, ``chosen`` and ``if_none_before``
  need a choice of their own, and ``if_done`` ("a card was put") follows only the optional
  effect's first op (:mod:`judge.games.union_arena.mill`, ``UA-EFFECT-DECK-TO-OUTSIDE``).
- ``generate`` ``color``, ``n`` (1), ``until`` (``turn``), ``target`` ``self`` — "このターン中、
  このキャラ(このフィールド)の発生エナジー+[色]": the card generates one more energy of that
  colour this turn (in the energy line, where energy is generated; ``UA-EFFECT-ENERGY``).
- ``retire`` on ``self`` with ``at`` ``main_phase_end`` — "メインフェイズ終了時、このキャラを
  退場させる": the card retires when this main phase ends, if it is still on the field as
  the same card (``UA-EFFECT-MAIN-END``).
- ``retire`` on ``self`` or ``chosen`` with ``at`` ``attack_phase_end`` — "「アタックフェイズ終了時、
  このキャラを退場させる。」を得る(を与える)": the card is given, for this turn, an ability that
  retires it when an attack phase ends, if it is still on the field (attack_end.py,
  ``UA-EFFECT-ATTACK-END-RETIRE``).
- ``at_attack_start`` ``do`` — "このターンのアタックフェイズ開始時、…": the ops ``do`` become an
  effect (``when`` ``attack_phase_start``) that triggers when this turn's attack phase starts
  (set up during the main phase; ``UA-EFFECT-ATTACK-START``); its choices are recorded on the
  ``resolve`` then.
- ``look`` ``n``, ``take``, ``rest`` — "自分の山札の上からN枚見る。その中から<条件>をN枚まで
  公開し手札に加える。残りを望む順で自分の山札の下に置く。": the controller looks at the
  deck's top n cards, takes up to ``take.count`` that meet ``take``'s conditions (``name``,
  ``trait``, ``color``, ``card_type``, ``name_contains``, or ``any_of`` a list of such
  alternatives; ``up_to``) into the hand, revealed, and puts the rest on the bottom
  in the order they choose (``rest``: ``"bottom"``).  The log records the cards taken in
  ``targets`` (``reveal`` false: "その中からカードを1枚手札に加える", any card, taken unrevealed;
  with no ``up_to`` the take is one card if there is one), then optionally ``{"bottom": [refs]}``: the rest as they lie at the bottom,
  top first (``UA-EFFECT-LOOK``, :mod:`judge.games.union_arena.look`).  With no ``take``
  and ``rest`` ``top_or_bottom`` ("そのカードを(自分の)山札の上か下に置く", n 1; "その中から
  望む枚数を望む順で自分の山札の上に置き、残りを望む順で下に置く") or ``top_or_outside``
  ("…山札の上か場外に置く", "…残りを場外に置く": into the outside area, not retired), each
  card stays on top or goes away: ``{"bottom": [refs]}`` / ``{"outside": [refs]}`` names
  every card that goes away (``[]``: none), and ``top``, optionally, every card that stays,
  top first (``{"top": [a, b], "bottom": [c]}``); none of two or more back on top is
  unverifiable (whether "望む枚数" may be none, no source says).  ``to`` ``outside``: the
  cards taken go into the outside area ("その中から…を1枚まで場外に置く", public;
  ``UA-EFFECT-LOOK-OUTSIDE``); ``rest`` ``top``: the rest back on top in the order chosen,
  ``{"top": [refs]}`` (with no ``take``: "望む順で山札の上に置く", a reorder); ``rest``
  ``one_top``, no ``take``: exactly one card stays on top, the others go to the bottom
  (``UA-EFFECT-LOOK-TOP``); ``energy_max`` in ``take``: printed required energy.

- ``play`` ``target``, ``to``, ``rested`` — "自分の手札から…を1枚まで自分の場にレストで
  登場させる": the chosen card of the hand or the outside area (``target``: zone ``hand`` or
  ``outside``, count 1, with ``card_type``, ``ap_cost`` — "消費APがN", exactly —, ``not_name``
  — "〈X〉以外の" — beside the conditions above) enters ``to`` (``field``: the player's choice of
  line; ``front_line``; ``energy_line``) rested or active; no AP paid, required energy not
  checked.  The log records the card, then ``{"to": line}`` (with ``"remove": [ref]`` for a
  full line); the last op of its effect (:mod:`judge.games.union_arena.playcard`,
  ``UA-EFFECT-PLAY``; its when-played effects: ``UA-EFFECT-PLAY-WHEN-PLAYED``, GAP).
- ``no_activate`` on the ``chosen`` card, right after the ``rest`` that chose it — "それは次の
  1回アクティブにならない": it stays rested the next time its controller's cards become active,
  as after a yellow COLOR trigger (``UA-EFFECT-NO-ACTIVATE``).

- ``modes`` ``n``, ``up_to``, ``modes`` (a list of op lists) — "以下からN つ(まで)選ぶ。" and
  its bullets "・…": the controller chooses ``n`` of the listed effects (at most ``n`` with
  ``up_to``), each at most once, and they are carried out; the last op of its effect.  The log
  records ``{"modes": [k, …]}`` where its targets would be, then the chosen effects' targets
  (:mod:`judge.games.union_arena.modes`, ``UA-EFFECT-MODES``).

- ``move_line`` ``to`` (``other`` | ``energy_line`` | ``front_line``), ``target`` — "…を1枚
  (まで)選び、別のラインに移動させる" / "…エナジーLに移動させる": the one card chosen moves to
  the other line of its owner's field (``to``: the other one, or that line); into a full line
  its owner first puts one card of that line into the removal area, which the log names
  ``{"remove": ref}`` right after the moved card (``UA-EFFECT-MOVE-LINE``; carried out by
  :mod:`judge.games.union_arena.moveline`, which moves are read:
  :mod:`judge.games.union_arena.textmove`).

- ``activate`` with a selector of ``zone`` ``ap`` ("自分のAPカードをN枚まで選び、アクティブにする":
  choose up to N of your AP cards and make them active; "自分のAPカードを1枚アクティブにする":
  ``if_able``, N of them if it has N in play): the log names AP cards in play by instance id
  (``A-AP2``); choosing an active one is allowed and changes nothing.

Only ``to_hand`` and ``remove`` take a selector with ``zone`` ``hand`` or ``outside``, and
only ``activate`` one with ``zone`` ``ap``.  A
``discard`` after a ``draw`` in the same effect may name a card that draw brings.

An effect with anything else (an unknown ``op``, or only a ``text``) cannot be executed:
the step where it would resolve is ``unverifiable`` (``UA-EFFECT-UNSUPPORTED``), never legal,
and the later steps whose verdicts could depend on what it did are ``uncertain`` until an
``outcome`` records it (``UA-OUTCOME``, :mod:`judge.games.union_arena.outcome`).  What it
could have changed (its taint's :func:`scope`) is ``bp`` when its ops are all BP raises the
vocabulary reads (only an ``until`` or a target it does not know), else anything.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from judge.games.union_arena import (
    bp_per,
    conditions,
    counts,
    facedown,
    once_name,
    only_if,
    raid_source,
    self_state,
    swap,
    this_turn,
    trigger_where,
    zone_moves,
)
from judge.games.union_arena.decktop import deck_top_ok, hand_bottom_ok
from judge.games.union_arena.interference import (  # noqa: F401 (re-exported)
    LEAVE_OPS,
    MOVE_OPS,
    TURN_OPS,
    _changes,
    _cost_changes,
    _outside_count_for_self,
    _reads,
    _whole_field,
)
from judge.games.union_arena.look import taken_ok
from judge.games.union_arena.playcard import count_instead_ok, no_activate_ok, play_ok
from judge.games.union_arena.texthand import discard_card_ok
from judge.games.union_arena.textmodes import MAY, may_mode_ok, without_may
from judge.games.union_arena.textmove import move_ok

TIMINGS = (
    "on_play",
    "activate_main",
    "on_attack",
    "on_block",
    "not_blocked",
    "on_retire",
    "win_battle",
    "lose_battle_attacking",
    "battle_end",
    "end_phase_start",
    "blocked",
    "win_battle_attacking",
    "win_battle_blocking",
    "attack_phase_end",
    "each_attack_phase_end",
    "own_win_battle_attacking",
    "other_line_enters",
    "own_milled",
)
#: watching timings -> what their ``by`` names (one trait, one name)
WATCHED = {"own_win_battle_attacking": "trait", "other_line_enters": "name"}
OPS = (
    "draw",
    "bp",
    "grant",
    "rest",
    "activate",
    "retire",
    "to_hand",
    "remove",
    "to_deck_bottom",
    "discard",
    "look",
    "generate",
    "at_attack_start",
    "modes",
    "mill",
    "move_line",
    "swap",
    "pick_swap",
    "play",
    "no_activate",
    "to_deck_top",
    *zone_moves.OPS,
    *facedown.OPS,
)
#: timings of effects that a resolved effect sets up for later (``at_attack_start``)
DELAYED_TIMINGS = ("attack_phase_start",)
#: the conditions a ``look``'s ``take`` may state (checked on the cards looked at), alone or
#: as alternatives (``any_of``)
TAKE_CONDITIONS = {"name", "trait", "affinity", "color", "card_type", "name_contains", "energy_max"}
TAKE_CONDITIONS |= {"bp"}  # "BPが5000の〈X〉": printed, exactly (look.take_mismatch)
TAKE_KEYS = {"count", "up_to", "if_able", "any_of", "distinct_names", *TAKE_CONDITIONS}
CARD_TYPES = ("character", "field", "event")
#: ops that may target a card in a hand or the outside area (the others need a card on the field)
CARD_OPS = ("to_hand", "remove", "play", "to_deck_top", "to_deck_bottom")
CARD_ZONES = ("hand", "outside")
#: a target's conditions that only a card on the field is checked for (``targets``): asked of
#: a card in the hand, the outside area or the AP cards, the effect is not executed exactly
OFF_FIELD_UNCHECKED = frozenset(
    {"other", "type", "bp_max", "bp_min", "rested", "face_down", "rested_by_own"}
)
OFF_FIELD_UNCHECKED |= {"printed_bp_max", "printed_bp_min"}  # read on a character in play only
#: every key a selector may have: the conditions above and the count's.  A selector with
#: another key asks something the engine does not check, so its effect is not executed
#: (an unknown condition is never ignored)
SELECTOR_KEYS = frozenset(
    {"side", "zone", "count", "up_to", "if_able", "all", "instead"}
    | {"name", "trait", "affinity", "color", "bp_max", "bp_min", "rested", "type"}
    | {"energy_max", "other", "any_of", "card_type", "ap_cost", "not_name", "energy_met"}
    | {"energy_min"}  # "必要エナジーがN以上の": printed required energy at least N (targets.py)
    | {"face_down"}  # a face-down card under it, or none (facedown.mismatch, UA-UNDER)
    | {"other_line"}  # in the line this card is not in: a swap's only (swap.py)
    | {"bp_max_per"}  # "[特徴:X]の枚数×1000以下のBP": counted as it resolves (counts.py)
    | {"printed_bp_max", "printed_bp_min"}  # "元々のBPがN以下の" (UA-EFFECT-PRINTED-BP)
    | {"has_raid"}  # "[レイド]を持つ…キャラカード": a raid printed (UA-EFFECT-HAS-RAID)
    | {"raid_source"}  # "このキャラのレイド元のカード" (raid_source.py)
    | {"rested_by_own"}  # rested by its player's own effect this turn (rested_by.py)
)
#: the AP area: a selector there takes AP cards in play (only ``activate`` uses it)
AP_ZONE = "ap"
UNTIL = ("turn", "battle", "next_turn")
COLOURS = ("purple", "green", "red", "blue", "yellow")


def until_text(until: str, owner: str) -> str:
    """How long a modifier lasts, in the rulebook's words: to the end of the turn (UA-END),
    of the battle (UA-BATTLE-END), or to the start of ``owner``'s next turn
    (UA-START-EXPIRE: "until the start of your next turn" ends at that start, not its end).

    >>> until_text("next_turn", "A")
    "until the start of A's next turn"
    """
    if until == "next_turn":
        return f"until the start of {owner}'s next turn"
    return "until the end of the battle" if until == "battle" else "until end of turn"


#: where an activated ability's card must be to use it ("[フロントLにある場合]")
WHERE = ("front_line", "energy_line")
#: ops that may act on every card a selector with ``all`` meets ("…全ては、…")
ALL_OPS = ("bp", "grant", "rest", "activate", "retire")


def _watched_ok(by: Any, key: str) -> bool:
    """A watching ability's ``by``: one trait or one name (``key``), a non-empty string."""
    return isinstance(by, dict) and set(by) == {key} and isinstance(by[key], str) and bool(by[key])


def supported(effect: dict[str, Any]) -> bool:
    """Whether the engine can execute ``effect`` exactly."""
    ops = effect.get("do")
    if not isinstance(ops, list) or not ops:
        return False
    if effect.get("when") not in TIMINGS and effect.get("when") not in DELAYED_TIMINGS:
        return False
    if "where" in effect and not (
        (effect.get("when") == "activate_main" and effect["where"] in WHERE)
        or trigger_where.valid(effect)  # "[登場時][フロントLにある場合]" (UA-TRIGGER-WHERE)
    ):
        return False
    if "only_if" in effect and (
        effect.get("when") != "activate_main" or not only_if.activation_ok(effect["only_if"])
    ):
        return False  # a condition on using it: an activated ability's, read as it is used
    if effect.get("when") != "activate_main" and "cost" in effect and not optional_ap(effect):
        return False
    if not once_name.valid(effect):  # "〈X〉のこの効果は1ターンに1回のみ…" (UA-EFFECT-ONCE-NAME)
        return False
    if not raid_source.ok(effect):  # "このキャラのレイド元のカード": on [退場時] only
        return False
    if ("by" in effect) != (effect.get("when") in WATCHED) or (
        "by" in effect and not _watched_ok(effect["by"], WATCHED[effect["when"]])
    ):
        return False  # whose event a watching ability waits for (texttimings.watched)
    looked = False
    may_mill = optional_mill(effect)  # "…場外に置いてもよい。そうした場合、…"
    may_draw = optional_draw(effect)  # "カードを1枚引いてもよい。そうした場合、…"
    milled = False  # the last op that chose or put cards was a mill
    selected = False
    # what earlier ops (or the cost, paid before the effect resolves) may have changed, which
    # a later condition reads (conditions.py): "field" (one's own), "opponent_field", "hand",
    # "outside"
    changed = _cost_changes(effect)
    chose = False  # an earlier op chose cards (for "if_chosen" and the target "chosen")
    for i, op in enumerate(ops):
        if not isinstance(op, dict) or op.get("op") not in OPS:
            return False
        if milled and op.get("if_done") and not may_mill:
            return False  # "そうした場合" after a mill is read only after "…置いてもよい"
        if op["op"] == "modes":  # "以下から1つ選ぶ": the last op, each listed effect executable
            if i != len(ops) - 1 or not _modes_ok(effect, op, ops[:i]):
                return False
            if "if" in op and not conditions.valid(op["if"]):
                return False
            continue
        if MAY in op:  # only on the first op of an effect listed (textmodes.py)
            return False
        target = op.get("target", "self")
        if isinstance(target, dict) and not set(target) <= SELECTOR_KEYS:
            return False  # a condition the engine does not check: never executed unchecked
        if "if" in op and (
            not (conditions.valid(op["if"]) or only_if.condition_ok(op["if"]))
            or _reads(_whole_field(op["if"])) & changed
            and not _outside_count_for_self(op)
        ):
            return False  # a card in one line too: read as it resolves (resolve.py)
        if i and op.get("if", {}).get("zone") == self_state.ZONE:  # an op before it may rest,
            return False  # ready or move this card ("このキャラがアクティブの場合", self_state.py)
        if not counts.op_ok(ops, i, changed):  # a BP limit counted, the removal area
            return False
        if "instead_op" in op and (
            not _instead_op_ok(op) or _reads(op["instead_op"]["if"]) & changed
        ):
            return False
        if isinstance(target, dict) and "any_of" in target and not _target_alts_ok(target):
            return False
        if "if_chosen" in op and not (chose and _any_of_ok([op["if_chosen"]])):
            return False
        if op.get("if_done") and not (chose or milled or (may_draw and i > 0)):
            return False
        if op["op"] == "at_attack_start" and not _delayed_ok(effect, op):
            return False
        if op["op"] == "move_line" and not move_ok(op):  # one card, to the other line
            return False
        if (
            op["op"] == "move_line"
            and target == "self"
            and effect.get("when") not in ("activate_main", "other_line_enters")
        ):
            return False  # "このキャラを別のラインに移動させる": judged as activated (swap.py)
            # or as it resolves (UA-TRIGGER-OTHER-LINE-ENTERS)
        if (op["op"] in swap.OPS or (isinstance(target, dict) and swap.KEY in target)) and not (
            (op["op"] == "swap" and swap.swap_ok(op) and effect.get("when") == "activate_main")
            or swap.pair_ok(effect, i)  # "…1枚ずつ選び、それらの位置を入れ替えてもよい"
        ):
            return False  # this card and one of the other line, in the main phase (swap.py)
        given_end = op["op"] == "retire" and op.get("at") == "attack_phase_end"
        if target == "chosen" and not (
            chose and (op["op"] in ("activate", "rest", "bp", "grant", "no_activate") or given_end)
        ):
            return False
        if (op["op"] == "no_activate" and not no_activate_ok(ops, i)) or (
            op["op"] == "play" and not play_ok(effect, i)
        ):
            return False
        if not zone_moves.op_ok(effect, i) or not facedown.op_ok(effect, i):
            return False  # the whole hand, the opponent's draw, a card put face down, …
        if op["op"] == "mill":
            if not _mill_ok(op, optional_first=bool(may_mill) and i == 0):
                return False
            # it chooses no card: what asks about the last choice needs a choice after it
            milled, chose, selected = True, False, False
            changed |= {"deck"}  # a deck's size read after it: never read before it
            continue
        if isinstance(target, dict) and target.get("all"):
            # every card of the field that meets it, no choice (UA-EFFECT-ALL)
            if (
                op["op"] not in ALL_OPS
                or target.get("zone", "field") not in ("field", "front_line", "energy_line")
                or {"count", "up_to", "if_able", "instead"} & set(target)
                or target["all"] is not True
            ):
                return False
            continue
        chose = chose or isinstance(target, dict) or op["op"] in ("look", "discard")
        milled = milled and not (isinstance(target, dict) or op["op"] in ("look", "discard"))
        if isinstance(target, dict) and "instead" in target:
            instead = target["instead"]
            more = isinstance(instead, dict) and count_instead_ok(op, target, instead)
            # a play's count: also a card in one line ("自分のフロントLに〈X〉がある場合")
            cond = instead.get("if") if isinstance(instead, dict) else None
            if (
                not (more and only_if.condition_ok(cond) or conditions.valid(cond))
                or _reads(_whole_field(cond)) & changed
                or not (more or _instead_bp_ok(target, instead))
            ):
                return False
        changed |= _changes(op)
        if "instead_op" in op:  # what the other op would change too
            changed |= _changes({**op, "op": op["instead_op"]["op"]})
        if op["op"] == "play":  # a card enters one's own field from the hand or outside area
            changed |= {"field", "hand", "outside"}
        if op.get("if_none_before") and (not selected or op.get("target", "self") != "self"):
            return False
        selected = selected or isinstance(op.get("target"), dict)
        if op["op"] == "look":
            if not _look_ok(op):
                return False
            # "手札に加えた場合" follows a look that may take a card into the hand
            looked = "take" in op and op.get("to", "hand") == "hand"
            continue
        if op.get("if_taken") and not (
            looked and taken_ok(op["if_taken"]) and op["op"] in ("discard", "to_hand")
        ):
            return False  # after a look that may take a card into the hand (look.taken_meets)
        if op["op"] == "discard" and "card" in op and not discard_card_ok(op):
            return False  # "自分の手札の〈X〉を…": only conditions checked on a hand card
        if "per" in op and effect.get("when") != "continuous" and not bp_per.per_ok(op):
            return False  # "…1枚につき、…BP+500": characters counted as it resolves (bp_per.py)
        if op["op"] == "generate" and not (
            op.get("target", "self") == "self"
            and op.get("until", "turn") == "turn"
            and op.get("color") in COLOURS
            and op.get("n", 1) == 1
            and ("if" not in op or effect.get("when") == "activate_main")
        ):
            return False
        if given_end and not (
            target in ("self", "chosen")
            and effect.get("when") in ("activate_main", "on_play")
            and not {"if", "if_done", "if_chosen"} & set(op)
        ):
            return False
        if (
            "at" in op
            and not given_end
            and (
                op["op"] != "retire"
                or op["at"] != "main_phase_end"
                or op.get("target", "self") != "self"
                or effect.get("when") != "activate_main"
            )
        ):
            return False
        if op["op"] in ("bp", "grant") and op.get("until", "turn") not in UNTIL:
            return False
        target = op.get("target", "self")
        if (
            isinstance(target, dict)
            and target.get("zone") in CARD_ZONES
            and op["op"] not in CARD_OPS
        ):
            return False
        if (
            isinstance(target, dict)
            and target.get("zone") in (*CARD_ZONES, AP_ZONE)
            and OFF_FIELD_UNCHECKED & {k for k, v in target.items() if v not in (None, False)}
        ):
            # off the field the engine checks a card's name, trait, colour, required energy and
            # card type only (targets.card_mismatch): a choice asking more is not executed exactly
            return False
        if op["op"] == "to_hand" and isinstance(target, dict) and target.get("zone") == "hand":
            return False
        if op["op"] == "to_deck_top" and not deck_top_ok(op, i == len(ops) - 1):
            return False
        if not hand_bottom_ok(op, ops[i - 1] if i else None):  # UA-EFFECT-HAND-TO-DECK-BOTTOM
            return False
        if (
            isinstance(target, dict)
            and target.get("zone") == AP_ZONE
            and (op["op"] != "activate" or target.get("side", "own") != "own")
        ):
            return False
    return True


def _instead_bp_ok(target: dict[str, Any], instead: dict[str, Any]) -> bool:
    """ "『BP3000以下』の…『BP5000以下』に代わる": another BP limit of a choice bounded by BP."""
    if set(instead) == {"if", "bp_plus"}:  # widened per event used (this_turn.py)
        return this_turn.plus_ok(instead["bp_plus"]) and isinstance(target.get("bp_max"), int)
    bp = instead.get("bp_max")
    more = "then" not in instead or counts.then_ok(instead)  # a second one after it
    keys = set(instead) - {"then"}
    return keys == {"if", "bp_max"} and isinstance(bp, int) and "bp_max" in target and more


def optional_ap(effect: dict[str, Any]) -> int:
    """The AP an optional triggered effect asks to be paid when used ("APを1支払ってもよい"),
    or 0 (none, or not such an effect)."""
    cost = effect.get("cost")
    if effect.get("when") == "activate_main" or not effect.get("optional"):
        return 0
    if not isinstance(cost, dict) or set(cost) != {"ap"}:
        return 0
    n = cost["ap"]
    return n if isinstance(n, int) and not isinstance(n, bool) and n >= 1 else 0


def optional_discard(effect: dict[str, Any]) -> int:
    """The hand cards an optional triggered effect is used by discarding ("自分の手札を1枚場外に
    置いてもよい。そうした場合、…": its first op, a ``discard``), or 0."""
    ops = effect.get("do")
    if effect.get("when") == "activate_main" or not effect.get("optional"):
        return 0
    if not isinstance(ops, list) or not ops or not isinstance(ops[0], dict):
        return 0
    n = ops[0].get("n", 1) if ops[0].get("op") == "discard" else 0
    return n if isinstance(n, int) and not isinstance(n, bool) and n >= 1 else 0


def optional_draw(effect: dict[str, Any]) -> bool:
    """Whether an optional triggered effect is used by drawing 1 card ("カードを1枚引いてもよい。
    そうした場合、…": its first op, a ``draw`` of 1, and every op after it ``if_done``: they
    happen only if the card was drawn; ``UA-EFFECT-MAY-DRAW``)."""
    ops = effect.get("do")
    if effect.get("when") == "activate_main" or not effect.get("optional") or "cost" in effect:
        return False
    if not isinstance(ops, list) or len(ops) < 2 or ops[0] != {"op": "draw", "n": 1}:
        return False
    return all(isinstance(op, dict) and op.get("if_done") for op in ops[1:])


def optional_mill(effect: dict[str, Any]) -> int:
    """The deck's top cards an optional triggered effect is used by putting into the outside
    area ("自分の山札の上から1枚を場外に置いてもよい。そうした場合、…": its first op, a ``mill``),
    or 0.  Not with a ``cost``: "APを1支払ってもよい" is then what makes it optional."""
    ops = effect.get("do")
    if effect.get("when") == "activate_main" or not effect.get("optional") or "cost" in effect:
        return 0
    if not isinstance(ops, list) or not ops or not isinstance(ops[0], dict):
        return 0
    n = ops[0].get("n") if ops[0].get("op") == "mill" else 0
    return n if isinstance(n, int) and not isinstance(n, bool) and n >= 1 else 0


def _mill_ok(op: dict[str, Any], optional_first: bool) -> bool:
    """A ``mill`` the engine executes: n ≥ 1, ``up_to`` a boolean, no target, no key but the
    conditions any op may carry; the optional form ("…置いてもよい") is of exactly n cards."""
    n, up_to = op.get("n"), op.get("up_to", False)
    return (
        set(op) <= {"op", "n", "up_to", "if", "if_done", "if_chosen"}
        and isinstance(n, int)
        and not isinstance(n, bool)
        and n >= 1
        and isinstance(up_to, bool)
        and not (optional_first and up_to)
    )


def _look_ok(op: dict[str, Any]) -> bool:
    """A ``look`` the engine executes: n ≥ 1, and either a take of up to count ≥ 1 with
    conditions it checks on any card and the rest to the bottom, or no take and each card
    back on top or away (to the bottom, or into the outside area)."""
    n, take = op.get("n"), op.get("take")
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        return False
    if op.get("rest") in ("top_or_bottom", "top_or_outside", "one_top") or (
        op.get("rest") == "top" and take is None
    ):
        # "そのカードを山札の上か下(場外)に置く", "望む枚数を望む順で山札の上に置き、残りを…",
        # "望む順で山札の上に置く", "1枚を山札の上に置き、残りを望む順で下に置く": nothing is
        # taken, each card stays on top or goes away (look.py)
        return take is None and not {"reveal", "to"} & set(op)
    # a take into the hand (revealed or not) or into the outside area ("場外に置く": public)
    into = op.get("to", "hand") == "hand" or (op["to"] == "outside" and "reveal" not in op)
    return (
        into
        and isinstance(take, dict)
        and set(take) <= TAKE_KEYS
        and isinstance(take.get("count"), int)
        and take["count"] >= 1
        and op.get("rest") in ("bottom", "top")
        and take.get("card_type", "character") in CARD_TYPES
        and take.get("distinct_names", True) is True
        and _alternatives_ok(take.get("any_of", [{}]))
    )


#: ops a text may replace with one another on the same chosen card ("『手札に戻す』…『退場させる』
#: に代わる": ``instead_op``)
SWAPPABLE_OPS = ("retire", "to_hand", "rest", "remove")


def _instead_op_ok(op: dict[str, Any]) -> bool:
    """An op replaced by another while a condition holds (``instead_op``: ``{"if": condition,
    "op": kind}``): both of :data:`SWAPPABLE_OPS`, on a choice of cards on the field."""
    alt, target = op.get("instead_op"), op.get("target")
    return (
        isinstance(alt, dict)
        and set(alt) == {"if", "op"}
        and alt["op"] in SWAPPABLE_OPS
        and op["op"] in SWAPPABLE_OPS
        and conditions.valid(alt["if"])
        and isinstance(target, dict)
        and target.get("zone", "field") in ("field", "front_line", "energy_line")
        and not target.get("all")
    )


def _modes_ok(effect: dict[str, Any], op: dict[str, Any], before: list[dict[str, Any]]) -> bool:
    """A choice among listed effects the engine executes (:mod:`~judge.games.union_arena.modes`):
    ``n`` ≥ 1 of two or more listed effects, each one the engine executes after the ops
    ``before`` it, and, when several may be chosen, in every order they could be carried out
    in."""
    listed, n = op.get("modes"), op.get("n", 1)
    if (
        not isinstance(listed, list)
        or len(listed) < 2
        or not all(isinstance(m, list) and m for m in listed)
        or not isinstance(n, int)
        or isinstance(n, bool)
        or not 1 <= n <= len(listed)
        or not isinstance(op.get("up_to", False), bool)
        or set(op) - {"op", "n", "up_to", "modes", "if"}
    ):
        return False
    if not all(may_mode_ok(m, n) for m in listed):  # "…てもよい。そうした場合、…" (textmodes)
        return False
    listed = [without_may(m) for m in listed]
    base = {k: v for k, v in effect.items() if k != "do"}
    if n != 1 and any(isinstance(o, dict) and o.get("op") == "play" for m in listed for o in m):
        return False  # several chosen: the play checked before another changes the field
    if not all(supported({**base, "do": [*before, *m]}) for m in listed):
        return False
    if n == 1:
        return True
    return len(listed) <= 4 and all(
        supported({**base, "do": [*before, *(o for m in order for o in m)]})
        for order in permutations(listed)
    )


def _delayed_ok(effect: dict[str, Any], op: dict[str, Any]) -> bool:
    """ "このターンのアタックフェイズ開始時、…": set up in the main phase (a when-played or
    activated effect), its own ops on chosen cards (no "this card": it is no card's own)."""
    nested = op.get("do")
    return (
        effect.get("when") in ("on_play", "activate_main")
        and isinstance(nested, list)
        and all(isinstance(o, dict) and isinstance(o.get("target"), dict) for o in nested)
        and supported({"when": "attack_phase_start", "do": nested})
    )


def _any_of_ok(alts: Any) -> bool:
    """A selector's alternatives ("[特徴:A]か〈B〉"): names, traits and colours (or, for an
    ``if_chosen``, alternatives of them)."""
    return (
        isinstance(alts, list)
        and bool(alts)
        and all(
            isinstance(a, dict)
            and a
            and set(a) <= {"name", "trait", "affinity", "color", "any_of"}
            and ("any_of" not in a or _any_of_ok(a["any_of"]) and set(a) == {"any_of"})
            for a in alts
        )
    )


def _target_alts_ok(target: dict[str, Any]) -> bool:
    """A target's alternatives: :func:`_any_of_ok`'s, or (each checked whole by
    ``targets.card_mismatch``) a name or trait with a colour and a required energy at most N
    ("〈X〉か必要エナジーが1以下の〈Y〉"), or a character whose name contains a word
    ("カード名に「X」を含むキャラか[特徴:Y]")."""
    alts = target["any_of"]
    if _any_of_ok(alts):
        return True
    whole = {"name", "trait", "color", "energy_max"}
    return (
        isinstance(alts, list)
        and len(alts) >= 2
        and all(
            isinstance(a, dict)
            and a
            and (
                set(a) <= whole
                and all(isinstance(v, str) and v for k, v in a.items() if k != "energy_max")
                and (_int_ok(a.get("energy_max", 0)))
                or set(a) == {"name_contains", "card_type"}
                and a["card_type"] == "character"
                and isinstance(a["name_contains"], str)
                and bool(a["name_contains"])
            )
            for a in alts
        )
    )


def _int_ok(n: Any) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0


def _alternatives_ok(alts: Any) -> bool:
    return (
        isinstance(alts, list)
        and bool(alts)
        and all(
            isinstance(a, dict)
            and set(a) <= TAKE_CONDITIONS
            and a.get("card_type", "character") in CARD_TYPES
            for a in alts
        )
    )


def scope(effect: dict[str, Any]) -> str:
    """What an effect the engine cannot execute could have changed (a taint's scope,
    :class:`judge.core.engine.Taint`): ``"bp"`` when every op is a ``bp`` raise (an ``amount``
    of 0 or more: a lowered BP could retire a character, UA-BP-ZERO, and so change anything),
    else ``"anything"``.  Whatever part of a text a reader recognises, written as ops, narrows
    it this way.

    >>> scope({"when": "on_play", "do": [{"op": "bp", "amount": 3000, "until": "game"}]})
    'bp'
    >>> scope({"when": "on_play", "text": "Your characters get BP+1000."})
    'anything'
    """
    ops = effect.get("do")
    if isinstance(ops, list) and ops and all(_raises_bp(op) for op in ops):
        return "bp"
    return "anything"


def _raises_bp(op: Any) -> bool:
    amount = op.get("amount") if isinstance(op, dict) else None
    return (
        op.get("op") == "bp"
        and isinstance(amount, int)
        and not isinstance(amount, bool)
        and amount >= 0
    )


def selectors(effect: dict[str, Any]) -> list[dict[str, Any]]:
    """The selectors of an effect whose targets the log must record, in order.  A choice
    among listed effects gives ``{"zone": "modes", "modes": [1, …]}`` (its record), then the
    selectors of the first ``n`` effects listed: one way to fill it in (``judge legal``); a
    move to the other line is followed by ``{"zone": "room", "to": …}``, the place of its
    ``{"remove": …}`` when the line it moves to is full.  A card an effect plays gives its
    selector with ``play``, the op's ``to``: its line record follows the card (``judge
    legal``: :func:`judge.games.union_arena.playcard.first_choice`)."""
    out: list[dict[str, Any]] = []
    for op in effect.get("do", []):
        if op.get("op") == "modes":  # the choice, then (as one example) the first effects'
            picks = list(range(1, int(op.get("n", 1)) + 1))
            out.append({"zone": "modes", "modes": picks})
            for k in picks:
                out += selectors({"do": op["modes"][k - 1]})
            continue
        if op.get("op") == "mill":  # the cards put into the outside area: {"outside": [refs]}
            sel = {"side": "own", "zone": "deck_to_outside", "count": int(op.get("n", 1))}
            out.append({**sel, "up_to": True} if op.get("up_to") else sel)
            continue
        if op.get("op") == "look":  # the cards taken (then, optionally, the order of the rest)
            take = op.get("take") or {"count": 0, "up_to": True}
            out.append({**take, "side": "own", "zone": "deck_top"})
        elif op.get("op") == "discard":
            sel = {
                "side": "own",
                "zone": "hand",
                "count": int(op.get("n", 1)),
                **op.get("card", {}),
            }
            if op.get("if_taken"):
                sel["if_taken"] = True
            out.append(sel)
        else:
            target = op.get("target", "self")
            if isinstance(target, dict) and op.get("if_taken"):  # maybe not due: legal names none
                out.append({**target, "if_taken": True})
            elif isinstance(target, dict) and op.get("op") == "play":  # and the line it enters
                out.append({**target, "play": op.get("to", "field")})
            elif isinstance(target, dict) and not target.get("all"):
                out.append(target)
            if op.get("op") == "move_line":  # then the card removed from a full line, if any
                out.append({"zone": "room", "to": op.get("to")})
    return out


def needs_choice(effect: dict[str, Any]) -> bool:
    """Whether resolving ``effect`` needs a decision from its controller."""
    return bool(effect.get("optional")) or bool(selectors(effect))


#: Trigger icons (Union Arena Rule Manual Ver1.1, Triggers; the per-icon readings are FAN).
TRIGGER_RULES = {
    "get": "UA-TRG-GET",
    "draw": "UA-TRG-DRAW",
    "raid": "UA-TRG-RAID",
    "active": "UA-TRG-ACTIVE",
    "special": "UA-TRG-SPECIAL",
    "final": "UA-TRG-FINAL",
    "color": "UA-TRG-COLOR",
}

#: What each trigger needs as targets: (side, zone, count, condition)
#: COLOR depends on the card's colour.
COLOR_TRIGGERS = {
    "yellow": "rest one opposing front-line character; it does not activate the next time",
    "red": "one opposing front-line character with BP 2500 or less to the outside area",
    "blue": "one opposing front-line character with BP 3500 or less to its owner's hand",
    "green": "play a green character with required energy 2 or less and AP 1 from hand, active",
    "purple": "play a purple character with required energy 2 or less and AP 1 from the outside area to the front line, active",
}
