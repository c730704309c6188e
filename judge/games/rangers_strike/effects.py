"""The structured effect vocabulary of Rangers Strike card text (``docs/rangers-strike.md``).

A card's ``effects`` (and a unit's ``combination.effects``) is a list of effects::

    {"when": "on_enter", "optional": false, "do": [{"op": "draw", "n": 1}, …]}

An effect may carry ``if`` ``{"own_units_at_most": N, "size": S}``: it does anything only when
its controller has N units (of size S) or fewer as it resolves (RS-IF-UNITS); or ``{"own_has":
X}``: only when a card named X is in its controller's rush or battle area (RS-IF-NAMED); or
``{"opposing_more": N, "size": S}``: only when the opposing side has at least N more units (of
size S) than its controller, in the rush and battle areas (RS-IF-OUTNUMBERED); or
``{"own_zones_all": X}``: only when every face-up card of its controller's command and power
zones is of category X (RS-IF-ZONES-ALL); or ``{"opposing_power_none": {"type": "unit", "size":
S}}``: only when no face-up card of the opposing power zones is a unit card (of size S)
(RS-IF-POWER-NONE); a combination's only before ops done at once
(:mod:`~judge.games.rangers_strike.zone_conditions`).

``when``: ``on_rush`` (the card was rushed), ``on_enter`` (it entered the battle area),
``combination`` (its Number Combination; inside ``combination.effects`` only, where ``when``
may be left out), ``on_destroyed``, ``on_use`` (an operation's effect, when it is used),
``resident`` (a resident operation's continuous effect while it is in place: ``bp`` ops only,
or the one op ``gain`` ``scrum`` of one's units with a feature, RS-RESIDENT-SCRUM,
:mod:`~judge.games.rangers_strike.granted`, or the one op ``namesake_hold`` ``n``, both players'
further commands to rush a namesake of a unit card of their discard pile, RS-NAMESAKE-HOLD,
:mod:`~judge.games.rangers_strike.namesake_rush`),
``opponent_placed`` (a unit's restriction on the opponent while it is in its area: a card of a
category put released into the opponent's command zone is held, RS-PLACED-HELD,
:mod:`~judge.games.rangers_strike.placed_held`),
in ``combination.effects``, the optional effect ``sp`` then ``added_to_bottom`` (the unit SP N
for the turn either way, then the choice of an opposing unit with a category or feature added,
selector ``added`` ``true``, to the bottom of its owner's deck, RS-ADDED-TO-BOTTOM,
:mod:`~judge.games.rangers_strike.added_traits`),
in ``combination.effects``, ``sp`` then ``attack_chosen`` (the opponent, or the player with
``self_at_damage`` or more damage, chooses a unit of the opponent's rush area, which the unit may
attack this turn, RS-ATTACK-CHOSEN, :mod:`~judge.games.rangers_strike.attack_chosen`),
``turn_end`` with ``turn`` ``each`` (a resident's restriction on both players: as each ends its
own turn it returns one held command of its own to its hand, RS-TURN-END-HELD-TO-HAND,
:mod:`~judge.games.rangers_strike.held_return`),
``opponent_rush`` (a unit's restriction on the opponent while it is in its area: the command
held to rush a unit with a feature goes to the discard pile, RS-RUSH-HELD-DISCARD,
:mod:`~judge.games.rangers_strike.rush_discard`),
``static`` (a unit's own continuous text: ``bp`` ops with ``during`` only, RS-ATTACK-BP, or
``per``, so much BP for each one counted: ``{"count": "face_up_power"}``, RS-BP-PER;
``{"count": "own_battle_units", "category": X, "size": S}``, the units of its player's battle
area, RS-BP-PER-UNITS; ``{"count": "own_damage"}``, its player's damage, RS-BP-PER-DAMAGE;
``{"count": "own_commands", "feature": X}``, the cards of its player's command zone printing the
feature X, RS-BP-PER-COMMANDS; or
``while`` a condition holds, ``bp`` and ``sp`` ``value`` N ("これは「SPN」になる"), RS-WHILE,
and ``resist`` ("レジストを得る"), the condition ``{"own_has": X}`` a card named X in its
player's rush or battle area (RS-WHILE-NAMED); ``bp_set`` ``value`` N ("BPNになる": its BP is N,
other changes void) and ``taxis`` ``category`` X (it has ※タクスX), the condition
``{"command_feature": X}`` a card of its player's command zone with the feature X
(RS-COMMAND-FEATURES); or one on the units next to it, RS-NEXT-TO:
:mod:`~judge.games.rangers_strike.own_text`, :mod:`~judge.games.rangers_strike.neighbours`),
``on_strike_damage`` with ``by`` ``stacked`` (a stacking operation's: the unit stacked on it
struck and dealt damage, RS-STACK-STRIKE),
``on_rushed`` (a unit other than the card was rushed) and ``on_entered`` (a unit other than
the card entered the battle area, or was put there by an effect), while the card is where its
``while`` says, ``rush`` or ``field``: its player's rush area, or rush or battle area; ``of``
``{"feature": X}``: a unit with the feature X, either player's, or with ``"side": "own"`` its
player's own; RS-WHILE-IN-AREA, :mod:`judge.games.rangers_strike.watch`), ``turn_end`` (in the
end phase of a turn, ``turn`` ``own``: its player's, or ``opponent``: an opponent's, with
``while`` as above; RS-TURN-END; with ``if`` ``{"rider_held": true}``: a vehicle's, when the unit
riding it is held, RS-RELEASE-RIDER; "相手は次の制限を受ける⇒自分自身のターンを終えるとき、…": the
opponent's own unit destroyed, RS-OPPONENT-RESTRICTION; with ``if`` ``{"flanked": …}``: the
ability a unit has while units so described stand on both sides of it, RS-NEXT-TO; in ``combination.effects``, with
``destroyed`` ``{"side": "opponent", "feature": X}``, in force for the turn from the combination,
RS-COMBINATION-TURN: only if its player destroyed this turn an opposing unit with the feature that
went to the discard pile, its one op ``damage``, optional, RS-IF-DESTROYED-THIS-TURN,
:mod:`judge.games.rangers_strike.this_turn`),
``next_combination`` (in ``combination.effects``, in force for the turn, RS-COMBINATION-TURN:
a unit entering directly after the unit, a size S unit of its player's with the combination number
``of``, has its NC triggered and cannot strike; its one op ``{"op": "next_nc", "no_strike": true}``,
RS-NEXT-COMBINATION, :mod:`judge.games.rangers_strike.next_combination`),
``on_destroys`` (the unit, attacking or attacked, destroyed an opposing unit in a battle; with ``foe`` ``{"bp": "not_printed"}`` only when
that unit's BP in the battle was not its printed one: RS-DESTROYS-IN-BATTLE, RS-IF-BP-NOT-PRINTED,
:mod:`judge.games.rangers_strike.battle_wins`; in ``combination.effects`` it is in force from the
combination until the end of the turn, RS-COMBINATION-TURN; its op ``damage``, or the optional
``discard_command`` ``target`` ``{"side": "opponent", "zone": "command", "count": 1, "power_max":
{"destroyed": "power"}}``: one opposing command whose printed required power is no more than the
destroyed unit's goes to its owner's discard pile, RS-DISCARD-COMMAND), ``on_strike_damage``
with ``by`` ``{"category": X}`` (a resident operation's, while it is in place: a unit of its player's of the category X struck and dealt damage; optional, its one op ``{"op": "discard_to_hand",
"find": {"type": "unit", "size": "S"}, "chooser": "opponent"}``: the opponent chooses a size S
unit card of the player's discard pile, which goes into the player's hand: RS-STRIKE-DEALT,
RS-OPPONENT-PICKS-DISCARD, :mod:`judge.games.rangers_strike.strike_damage`), ``on_return``
(a vehicle's, as it returns from the battle area to the rush area with a unit riding it:
:data:`ON_RETURN` only, whose ``rider_to_hand`` puts that unit into its owner's hand,
RS-RIDER-TO-HAND).

Operations (``op``) and their fields; ``target`` is ``"self"`` (the card itself, a unit or
vehicle) or a *selector* ``{"side": "own"|"opponent", "zone": "battle"|"rush", "count": n,
"bp_max": n, "type": "unit"}`` whose cards the log records in ``targets`` (``printed_bp_max``
n: a unit whose printed BP is n or less, ``本来のBPがN以下の``, RS-PRINTED-BP; ``bp_max_self``
``true``: a unit whose BP is no more than the effect's own unit's, ``このユニットのBP以下のBPを持つ``,
RS-BP-AT-MOST-THIS, in a unit's ability of the end of its turn only; ``type``
``unit``: units only, not vehicles: the printed ``ユニット``, RS-SELECT-UNIT; ``size`` ``S`` | ``M``
| ``L``: the printed ``Sユニット``, and ``no_number`` ``true``: ``ナンバーを持たない``, a unit
without a combination number: RS-SELECT-SIZE; ``zone`` ``field``: the rush and battle areas,
the printed ``ユニット`` with no area named, and ``other`` ``true``: ``これ以外の``, not the
effect's own unit: RS-SELECT-FIELD; ``released`` ``true``: a unit not held, for ``hold``; ``feature`` X: a unit with the feature X
now, printed or added (``特徴「X」を持つ``, RS-SELECT-FEATURE), and ``no_feature`` X: a unit
without it now (``特徴「X」を持たない``, a ``stack`` op's, RS-STACK, or a ``to_command`` op's,
RS-TO-COMMAND), and ``numbered``
``true``: a unit whose combination number is a number (``ナンバーに数字を持ち``, a ``stack`` op's
only); ``sp_printed`` ``true``: a unit
whose printed SP box is not blank (``SPが空欄でない``: an SP, a fraction or ``！``, RS-SELECT-SIZE);
``keyword`` ``ウイング`` | ``レジスト``: a unit printing that keyword (``ウイングを持つ``,
RS-SELECT-KEYWORD); ``written`` S: a unit whose card prints the sentence S (``「S」と書かれた``,
RS-SELECT-WRITTEN, :mod:`~judge.games.rangers_strike.written`); ``bp_max_chosen_sum``
``true``: BP no more than the printed BPs of the two units the effect's ``choose`` ops chose
add up to (``選んだ2体の本来のBPを合計する。そして、合計したBP以下の``, RS-CHOSEN-BP-SUM, the one shape of
:mod:`~judge.games.rangers_strike.bp_sum`);
``chooser`` ``opponent``: the opposing player chooses among its own units, RS-OPPONENT-CHOOSES;
``bp_per_held`` N: BP no more than N for each command the effect's ``hold_own_commands`` held,
RS-HOLD-OWN-COMMANDS; ``count_returned`` ``true`` in place of ``count``: as many as the
commands its ``commands_to_hand`` returned, RS-COMMANDS-TO-HAND;
``power_max`` n or a count (``own_hand``, ``opponent_hand``, ``own_damage``,
``opponent_damage``, ``own_face_up_power`` (RS-COUNT-FACE-UP-POWER), ``{"own_units": {"feature": X}}``: :mod:`~judge.games.rangers_strike.quantities`): a unit whose printed
required power is no more than that, RS-POWER-AT-MOST; ``{"cards": "sum"}``, the sum of the
required power numbers the cards the effect's ``choose_cards`` chose print, and ``power_equal``
``{"cards": "sum"}``: a unit whose printed required power is that sum, RS-CARDS-POWER-SUM;
``number_equal`` ``{"held": "number"}``, on a ``destroy`` directly after a cost holding one command:
a unit whose combination number is the one the command held prints, nothing when it prints none,
RS-HELD-NUMBER, :mod:`~judge.games.rangers_strike.held_number`)
(selectors consume the list in order; when fewer cards fit than ``count``, every fitting card
is named):

- ``draw`` ``n`` — the controller draws n cards (from an empty deck: as many as there are).
- ``bp`` ``amount``, ``target``, ``until`` (``turn`` | ``battle``) — BP change; with
  ``during`` (``attacking`` | ``attacked``, and optionally ``against`` ``{"feature": X}``) the
  unit's own, counted only during an attack it makes or receives (RS-ATTACK-BP); a unit's own
  continuous text's ``against`` may be ``{"any_of": [{"category": X}, {"sp_printed": true}]}``,
  a unit of printed category X or whose printed SP box is not blank (RS-ATTACK-BP-EITHER).
- ``destroy`` ``target`` — to the discard pile (its when-destroyed effects trigger).
- ``discard_vehicle`` ``target`` (a selector with ``type`` ``vehicle``, and ``size``) — the
  vehicles chosen ("敵軍バトルエリアからSビークルを1体選ぶ"; the log names the vehicle itself, ridden
  or not): the unit riding one is destroyed, then the vehicle goes to the discard pile, not
  destroyed (RS-SELECT-VEHICLE).  ``to_command`` takes a vehicle selector too when it has
  ``unridden`` (``ライドされていない``: vehicles no unit rides).
- ``hold`` — the unit itself (RS-HOLD-SELF), or with a ``target`` (``released``) the units
  chosen, one's own or the opposing side's (RS-HOLD-CHOSEN).  ``"if_done": true`` on an optional effect's first op, a ``destroy`` or
  ``hold`` of chosen units, or one of :data:`DONE_OPS` (a command released, a point of damage
  taken, the deck's top card revealed): the ops after it happen only when it did (RS-IF-DONE,
  "…してもよい。そうしたとき、…").
- ``return`` ``target`` — from the battle area back to the rush area.
- ``damage`` ``n`` — n damage to the opposing side, dealt as a strike's is (in tag battle the
  damaged team assigns it).
- ``heal`` ``n`` — the controller turns n face-down power cards face up (the most recently
  turned first).
- ``hold_commands`` ``category``, ``count`` — a cost (RS-COMMAND-COST): the controller may hold
  ``count`` released commands of its own with that category ("「MA」の自軍コマンドを1つホールド
  して、次の効果を発動できる⇒"); the ops after it happen only when it does.  The effect is
  ``optional`` and its choice (``use``) is this one: the ops before the cost are not part of
  it (they happen either way).  The log may name the commands first in ``targets``.
- ``release_times`` ``max`` N (with ``"if_done": true``) — the first op of an optional effect of
  two, as a unit enters: held commands and units of one's own released one a time, 1 to N times,
  then a ``to_damage`` of one opposing unit whose ``power_max`` is ``{"released": "times"}``, the
  number of times (RS-RELEASE-TIMES, :mod:`~judge.games.rangers_strike.release_count`).
- ``hold_own_commands`` (with ``"if_done": true``) — the first op of an optional effect of two:
  the controller holds any number of its own released commands, and only when it holds one or
  more does the ``destroy`` after it happen, whose selector's ``bp_per_held`` N lets it take a
  unit whose BP is no more than N for each command so held ("自軍コマンドを好きな数選びホールドし
  てもよい。そうしたとき、ホールドしたコマンド1つにつきBP2000として、そのBPの合計以下のBPを持つ…";
  the log names the commands first in ``targets``: RS-HOLD-OWN-COMMANDS,
  :mod:`judge.games.rangers_strike.own_commands`).
- ``commands_to_hand`` (with ``"if_done": true``) — alike, the controller returns any number of
  its own commands, held or released, to its hand, and only when it returns one or more does the
  ``to_deck_bottom`` after it happen, whose selector (the opponent's own units of its rush area,
  chosen by the opponent) has ``count_returned`` ``true``: as many units as commands were
  returned, as many as there are up to that ("自軍コマンドを好きな数選び、自分の手札に戻してもよい。そ
  うしたとき、相手は、戻した数と同じ数まで可能な限り自分自身のラッシュエリアのSユニットを選び…";
  RS-COMMANDS-TO-HAND).
- ``choose_cards`` ``zone``, ``count``, ``up_to``, ``feature``, ``then`` (with ``"if_done":
  true``) — the first op of an optional effect of two: the controller chooses ``count`` (with
  ``up_to``: up to that many) cards of its own, in its discard pile (``discard``, with ``feature``
  X: printing it; they stay there) or, ``count`` 1, ``then`` ``discard``, in its power zone (face
  up or face down: into its owner's discard pile, RS-POWER-TO-DISCARD) or, ``then`` ``show``, in
  its hand (shown to the opponent and kept, RS-SHOW-HAND), and only when it chooses
  one or more does the ``destroy`` or
  ``to_damage`` after it happen, whose selector's ``power_max`` (or ``power_equal``) ``{"cards":
  "sum"}`` takes a unit whose printed required power is no more than (the same as) the sum of the
  numbers the cards chosen print ("自軍捨札から特徴「X」を持つカードを2枚まで選んでもよい。そうしたとき選ん
  だカードの必要パワーの数字を合計して、その合計以下の必要パワーの数字を持つ敵軍ユニットを1体撃破する"; the
  log names the cards first in ``targets``: RS-CARDS-POWER-SUM,
  :mod:`judge.games.rangers_strike.own_cards`).
- ``to_deck_bottom`` ``target`` — the units chosen go to the bottom of their owner's deck, one
  after another in the order the log names them (the last named is the bottom card), not
  destroyed ("持ち主の山札の下に好きな順番で戻す", RS-TO-DECK-BOTTOM); only after
  ``commands_to_hand``.
- ``choose`` ``target`` (one unit), ``if_done`` — the first op of an optional effect: the unit
  chosen, if any, is only chosen; the ops after it happen only when one was, and a selector's
  ``power_max`` ``{"chosen": "power"}`` is that unit's printed required power ("…を1体選んでも
  よい。そうしたとき、…選んだユニットの必要パワーの数字以下の…", RS-CHOOSE-FIRST); an op after it
  with ``target`` ``"chosen"`` acts on that unit: ``to_damage`` with ``if`` ``namesake``, only
  when another unit of the same side has the chosen unit's card name ("選んだユニットと同じカード名の
  敵軍ユニットが、選んだユニット以外にあれば、選んだユニットを…").
- ``to_damage`` ``target`` — the units chosen (``type`` ``unit``) go face down into their
  owner's power zone, each a point of damage ("持ち主のパワーゾーンにダメージにして置く",
  RS-TO-DAMAGE); a player who reaches the damage limit so loses (RS-LOSS-DAMAGE).
- ``to_power_zone`` ``target`` — the units chosen (``type`` ``unit``) go face up into their
  owner's power zone, not destroyed ("持ち主のパワーゾーンに送る", RS-TO-POWER-ZONE); or, with a
  selector of command cards ``{"side", "zone": "command", "count", "category"}`` (the only op
  that takes one: a command is not a unit), the cards chosen in those command zones, held or
  released, whose category fits ("敵軍コマンドゾーンから、DAまたはOTを持つカードを1枚選び",
  RS-COMMAND-TO-POWER, :mod:`judge.games.rangers_strike.command_cards`).
- ``to_battle`` ``target`` — the units chosen (the opponent's, chosen by the opponent among its
  rush area's: ``chooser`` ``opponent``) go into their owner's battle area if they can, taking
  the next position; no combination triggers (RS-TO-BATTLE, "相手は自分自身のラッシュエリアから
  Sユニットを1体選び、可能ならバトルエリアに出す").
- ``reveal_top`` ``name`` — the controller's deck's top card is revealed: named ``name``, it goes
  into the rush area by the effect, otherwise into the discard pile (RS-REVEAL-TOP; the log
  names it first in ``targets`` when it is not known).
- ``resident_to_deck`` — a resident operation in place (either player's) goes into its owner's
  deck, which is shuffled; the log names it first in ``targets`` (RS-RESIDENT-TO-DECK).
- ``discards_to_decks`` — every card of every player's discard pile goes into its owner's
  deck, and each deck a card went into is shuffled (RS-DISCARDS-TO-DECKS,
  :mod:`judge.games.rangers_strike.discard_return`).
- ``to_power_self`` — an operation's effect only: the operation itself goes face up into its
  player's power zone, not into the discard pile (RS-SELF-TO-POWER).
- ``power_to_hand`` ``find`` (``{"type": "unit"}``) — the last op of an optional operation's
  effect, after nothing but ``to_power_self``: the controller may take one unit card among the
  face-up cards of its power zone into its hand; the ops before it happen either way (its
  choice, ``use``, governs it alone: :func:`~judge.games.rangers_strike.power_moves.choice_at`);
  the log names the card first in ``targets`` (RS-POWER-TO-HAND,
  :mod:`judge.games.rangers_strike.power_moves`).
- ``to_command`` ``target``, ``if_full`` (``discard`` | ``nothing``) — the units chosen go held
  into their owner's command zone; when it holds 5 already, to the discard pile (not
  destroyed) or nowhere, the effect doing nothing (RS-TO-COMMAND).  A selector's ``category``
  may be a list: any of those categories ("DAまたはOTを持つ").
- ``sp`` ``value`` — the unit itself is SP ``value`` until the end of the turn; with a
  ``target`` of one's own units chosen, each of them, ``value`` an integer or ``"K/N"`` (SP K
  while N-th in its battle area, SP 0 elsewhere: RS-SP-EFFECT, RS-SP-FRACTION).
- ``power_to_rush`` ``find`` (``{"type": "unit", "size": S, "feature": X}``), ``power_met``
  ``true``, ``condition_met`` ``true``, ``no_enter`` ``turn`` (optional) — the one op of an
  optional effect: the controller may rush one face-up card of its power zone that fits, its
  required power met and its additional condition too, into its rush area by the effect (no
  command held); with ``no_enter`` the unit so rushed cannot enter the battle area this turn;
  the log names the card first in ``targets`` (RS-POWER-TO-RUSH,
  :mod:`judge.games.rangers_strike.power_moves`).
- ``top_to_command`` — the top card of the controller's deck goes held into its command zone
  (into the discard pile when that holds 5); the log names it first in ``targets`` when the
  engine does not know it (RS-TOP-TO-COMMAND, :mod:`judge.games.rangers_strike.zone_moves`).
- ``add_feature`` ``target``, ``feature`` — the units of one's own chosen have the feature
  too until the end of the turn (RS-ADD-FEATURE).
- ``from_deck`` ``find`` (``{"name": X}``, ``{"feature": X}`` or ``{"type": "unit" |
  "vehicle"}``), ``count``,
  ``to`` (``rush`` | ``hand``) — the controller may take up to ``count`` fitting cards from its
  deck, into its rush area by the effect or, shown first, into its hand; always the first op
  of an optional effect, followed by ``shuffle`` (the deck is shuffled afterwards, a card
  taken or not); the log names the cards first in ``targets`` (RS-SEARCH-DECK,
  :mod:`judge.games.rangers_strike.deck_search`).  With ``to`` ``top`` (``find`` ``{"type":
  "unit", "size": S, "feature": X}``, ``count`` 1), followed by ``{"op": "shuffle",
  "chosen_on_top": true}``, a when-rushed effect that may be activated: the controller chooses
  one fitting card, shows it, and it goes on top of the deck after the shuffle (RS-SEARCH-TO-TOP,
  :mod:`judge.games.rangers_strike.deck_top`).  With ``distinct_names`` ``true`` (``find``
  ``{"type": "unit", "feature": X}``, ``to`` ``rush``): no two cards taken share a card name
  (RS-SEARCH-DISTINCT-NAMES).
- ``from_hand`` ``find`` (``{"name": X}``), ``count`` 1, ``to`` ``rush`` — the one op of
  an optional effect: the controller may put a card so named from its hand into its rush
  area by the effect; the log names it first in ``targets`` (RS-FROM-HAND,
  :mod:`judge.games.rangers_strike.deck_search`).  With ``find`` ``{"type": "unit",
  "category": C, "bp_max": N, "size": S}`` and ``condition_met`` ``true``: a unit card of that
  printed category, BP and size, its additional condition met (RS-HAND-TO-RUSH,
  :mod:`judge.games.rangers_strike.hand_rush`).
- ``from_hand_or_discard`` ``hand``, ``discard`` — the one op of a when-destroyed effect: one
  card, named ``hand`` from the controller's hand or ``discard`` from its discard pile, goes
  into its rush area by the effect; the log names it first in ``targets`` (RS-EITHER-PILE,
  :mod:`judge.games.rangers_strike.either_pile`).
- ``modes`` ``modes`` (a list of ``{"do": [ops], "optional": bool}``) — the one op of an
  operation's effect: its player chooses exactly one of the effects listed, and it is carried
  out ("次の効果から1つ選び発動する⇒ ◎… ◎…"); the log records ``{"modes": [k]}`` (with
  ``"use": false`` for an optional one not used) first in ``targets`` (RS-CHOOSE-ONE,
  :mod:`judge.games.rangers_strike.modes`).
- ``held_aura_bp`` ``size`` S ``bp`` -N — a Number Combination's: until the end of the turn, held
  opposing units of size S have BP -N, one so brought to BP 0 or less destroyed
  (RS-HELD-AURA-BP, :mod:`judge.games.rangers_strike.aura_bp`)
- ``hold_keyword_all`` ``keywords`` ``["レジスト", "ウイング"]`` — the one op of an optional
  effect: every released unit of the opposing side's rush and battle areas that has one of the
  keywords now becomes held (RS-HOLD-KEYWORD, :mod:`judge.games.rangers_strike.keyword_hold`)
- ``hold_all_commands`` — every released command of the opposing side becomes held
  ("敵軍コマンドをすべてホールドする", RS-HOLD-ALL-COMMANDS).
- ``discard`` — the effect's own unit goes to its owner's discard pile, not destroyed ("これを
  捨札にする"; a watched effect's only, RS-DISCARD-SELF).
- ``release_command`` ``count`` — the one op of its effect: the controller chooses that many of
  its own held commands and releases them ("自軍コマンドを1つ選びリリースする"; only a held one
  can be; the log names them first in ``targets``: RS-RELEASE-COMMAND,
  :mod:`judge.games.rangers_strike.release`).
- ``discard_held_command`` ``count`` (with ``"if_done": true``) — the first op of an optional
  effect: the controller may choose that many of its own held commands and put them into its
  discard pile, the rest only if it did ("ホールド状態の自軍コマンドを1つ選び捨札にしてもよい。そうした
  とき、…"; the log names them first in ``targets``: RS-DISCARD-HELD-COMMAND,
  :mod:`judge.games.rangers_strike.command_discard`).  ``top_to_command`` with ``released_if``
  ``{"feature": X}``: the deck's top card goes into the command zone released if it prints the
  feature X, held otherwise ("そのカードが特徴「X」を持つならリリース状態で、持たないならホールド状態で…").
- ``opponent_power_to_hand`` (with ``"if_done": true``) then ``no_strike`` ``until`` ``turn`` —
  the opponent may return a face-up card of its own power zone to its hand, and only if it does
  is the effect's own unit barred from striking until the end of the turn; the effect's choice
  (``use``) is the opponent's, an 「SP」 before it happens either way ("相手は自分自身のパワーゾーンか
  らオモテ向きのカードを1枚選び手札に戻してもよい。そうしたとき、このターン、これはストライクできない。";
  RS-OPPONENT-RETURNS-POWER, :mod:`judge.games.rangers_strike.opponent_power`).
- ``hold_opposing_command`` ``count`` 1 (with ``"if_done": true``) then ``attack_again`` — an
  effect of timing ``on_wins_attacking`` (the unit attacked and won the battle) only: the player
  may hold one released opposing command, and only if it does may the unit attack again, and
  only attack ("これがアタックしてバトルに勝つたび、敵軍コマンドを1つ選びホールドしてもよい。そうしたとき、これは
  追加でアタックできる(ストライクはできない)。"; RS-ATTACK-AGAIN,
  :mod:`judge.games.rangers_strike.attack_again`).
- ``watch_commands_held`` ``do`` — the last op of an optional effect, after its cost: from then
  until the end of the turn, each time a released opposing command is held, its one op (a
  ``destroy`` of an opposing unit whose ``power_equal`` ``{"held": "power"}`` is made the held
  command's printed required power number) triggers ("このターン、リリース状態の敵軍コマンドがホールドさ
  れたとき、…"; RS-COMMAND-HELD-WATCH, :mod:`judge.games.rangers_strike.command_watch`).
- ``watch_placed_held`` — a combination effect's one op: from then until the end of the turn,
  each time a unit card is put held into an opposing command zone, its player may put that card
  into its owner's discard pile (a triggered effect ``on_opposing_placed_held`` whose one op
  ``discard_placed`` ``card`` names it; "このターン、敵軍コマンドゾーンにホールド状態でユニットカードが置か
  れたとき、それを捨札にしてもよい。"; RS-PLACED-HELD-WATCH,
  :mod:`judge.games.rangers_strike.placed_watch`).
- ``release_command`` with ``if_done`` — the first op of an optional effect, the rest only if
  a command was released (RS-IF-DONE); so only, with ``side`` ``opponent``: held commands of the
  opposing side (in tag battle either opposing player's) released ("敵軍コマンドを1つ選びリリース
  してもよい。そうしたとき、…", RS-RELEASE-OPPOSING).
- ``power_card_to_rush`` ``find`` (``{"type": "unit"}``, optionally ``size`` and ``feature``) —
  the second op after an ``if_done`` release of one command: one face-up card of the
  controller's power zone that fits goes into its rush area by the effect (no required power or
  additional condition, unlike ``power_to_rush``), when one fits; the log names it (after the
  command) in ``targets`` ("特徴「X」を持つMユニットのカードを、自軍パワーのオモテ向きのカードから1枚選び、
  ラッシュエリアに出す", RS-POWER-TO-RUSH-AREA,
  :mod:`judge.games.rangers_strike.power_moves`); or, with ``find`` ``{"any": [{"type": "unit"|
  "vehicle", "size": S}, …], "power_max": N}``, the one op of an optional effect: a face-up card
  of any of those kinds printing a required power number of N or less, put there alike
  ("自軍パワーゾーンのオモテ向きのカードから、必要パワーの数字が4以下の、MユニットかSビークルのカードを1枚選ん
  でもよい。そうしたとき、選んだカードを自軍ラッシュエリアに出す。", RS-POWER-CHOICE-TO-RUSH).
- ``reveal_either_top`` ``count``, ``sp`` — the one op of an optional effect of a unit's own: the
  top cards of one's own or an opposing deck revealed, SP for the turn when one is a unit card
  whose printed SP is not blank, then back on top in an order no longer known
  (RS-REVEAL-EITHER-DECK, :mod:`judge.games.rangers_strike.top_three`).
- ``reveal`` (no ``if_done``), ``by_number`` (``odd`` ``{"bp": N}``, ``even`` ``{"draw": N}``,
  ``high`` ``{"min": M, "sp": K}``), ``revealed_to_bottom`` — exactly so, a unit's effect marked
  ``optional`` for the opponent's choice to draw, which ``use`` records (RS-REVEALED-NUMBER,
  :mod:`judge.games.rangers_strike.top_fortune`).
- ``reveal`` (with ``if_done``), ``return_to_hand`` (a selector with ``no_condition`` ``true``: a
  unit whose card has no additional condition; ``if`` ``{"revealed": {"category": X, "type":
  "unit", "size": S}}``), ``revealed_to_hand`` — exactly so, an optional effect of a unit's own:
  the unit returned to its owner's hand only when the card revealed fits, that card then into
  the hand (RS-REVEAL-RETURN-TO-HAND, :mod:`judge.games.rangers_strike.reveal_return`).
- ``hold_or_destroy_self`` — after a ``to_command`` with ``if_done`` (not optional), exactly so:
  when a unit was moved, the effect's own unit, released, is held, and, held, destroyed
  ("…置けなければ捨札にする。そうしたとき、このユニットがリリース状態ならホールドし、ホールド状態なら撃破する。",
  RS-HOLD-OR-DESTROY-SELF, :mod:`judge.games.rangers_strike.self_toll`).
- ``self_cost_to_command`` ``target`` (an opposing battle-area unit, ``power_max`` N) — the one op
  of an optional combination effect, exactly so: the unit itself into the discard pile as the
  cost, then the unit chosen held into its owner's command zone, an opposing command discarded
  first when that is full ("このユニットを捨札にして、次の効果を発動してもよい⇒…置けなければ敵軍コマンドを1つ選び、捨
  札にしてから置く。", RS-SELF-COST-TO-COMMAND, :mod:`judge.games.rangers_strike.self_cost`).
- ``destroy_lowest`` — the one op of a unit's when-it-enters effect, exactly so: the unit with
  the lowest BP of all units destroyed, one's own when both sides have one ("BPの一番低いユニットを1
  体選び撃破する。ただし、BPの一番低いユニットが自軍と敵軍にある場合は、自軍ユニットの中から選ぶこと。",
  RS-BP-LOWEST, :mod:`judge.games.rangers_strike.bp_lowest`).
- ``all_to_command`` ``all`` ``{"side": "opponent", "zone": "battle", "type": "unit", "size": S,
  "no_features": [A, B]}``, ``if_full`` ``discard`` — the one op of a unit's combination effect,
  exactly so: every opposing unit of the battle area of that size with none of the features goes
  held into its owner's command zone, nothing chosen ("敵軍バトルエリアにある、特徴「A」または「B」を持たない
  Sユニットを、すべて持ち主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする。", RS-ALL-TO-COMMAND,
  :mod:`judge.games.rangers_strike.all_to_command`).
- ``vehicle_to_power`` ``target`` ``{"side": "own", "zone": "battle", "count": 1, "type":
  "vehicle"}`` — the one op of an optional when-it-enters effect, exactly so: a vehicle of one's
  own battle area chosen, ridden or not; the unit riding it goes face up into the power zone
  first, then the vehicle ("自軍バトルエリアからビークルを1体選んでもよい。そうしたとき、選んだビークルにライドし
  ているユニットがあれば、そのユニットをパワーゾーンに送る。その後、選んだビークルをパワーゾーンに送る。",
  RS-VEHICLE-TO-POWER, :mod:`judge.games.rangers_strike.vehicle_power`).
- ``to_command_pair`` ``size``, ``if_full`` — the one op of an optional effect: one opposing
  unit of the printed size of the battle area and one of the rush area with the same BP now, both
  held into their owners' command zones ("敵軍バトルエリアと敵軍ラッシュエリアから、同じBPを持つSユニットを1
  体ずつ選んでもよい。そうしたとき、…", RS-BP-PAIR-TO-COMMAND, :mod:`judge.games.rangers_strike.bp_pair`).
- ``choose_opposing_discard`` ``find`` ``{"type": "unit"}`` (with ``if_done``) then ``to_damage``
  whose selector has ``named_as`` ``chosen_card`` — exactly so, an optional effect: a unit card
  of an opposing discard pile chosen (it stays there), then an opposing unit with its card name
  put as damage ("敵軍捨札からユニットカードを1枚選んでもよい。そうしたとき、選んだユニットカードと同じカード名の
  敵軍ユニットを1体選び、持ち主のパワーゾーンにダメージにして置く。", RS-DISCARD-NAMESAKE,
  :mod:`judge.games.rangers_strike.discard_namesake`).
- ``damage_to_hand`` (with ``if_done``) then ``top_to_damage`` — an optional effect of these two
  only: the controller may take one face-down card of its power zone (a point of damage) into its
  hand, unturned; only if it did, the top card of its deck goes face down into its power zone,
  unseen ("自軍パワーのダメージになっているカードをウラ向きのまま1枚選び、手札に加えてもよい。そうしたとき、
  自軍山札の上から1枚ひいて自軍パワーゾーンにウラ向きに置く"); the log names the card first in
  ``targets`` (RS-DAMAGE-TO-HAND, :mod:`judge.games.rangers_strike.damage_cards`).
- ``reveal`` (with ``if_done``), ``sp`` with ``if`` ``{"revealed": {"type": "unit", "feature":
  X}}``, ``revealed_to_bottom`` — exactly so, an optional effect of a unit's own: the controller
  may reveal its deck's top card; only if it did, the unit is SP N for the turn when that card is
  a unit card printing X, and afterwards the card goes to the bottom of the deck ("自軍山札の上から
  1枚をオモテにしてもよい。そうしたとき、オモテにしたカードが特徴「X」を持つユニットカードなら、このターン、
  これは「SP2」になる。その後、オモテにしたカードは山札の下に戻す"); the log names the card first in
  ``targets`` when it is not known (RS-REVEAL-TO-BOTTOM, :mod:`judge.games.rangers_strike.revealed`).
- ``bp`` ``amount`` N ``until`` ``turn`` then ``sp`` with ``if`` ``{"bp_highest": "all_units"}`` —
  exactly so, a unit's own effect: BP +N for the turn, then SP K for the turn only if its BP is
  higher than every other unit's as it resolves ("このターン、これはBP+2000される。さらに、このユニットの
  BPがすべてのユニットのBPとくらべて一番高ければ、このターン、これはSP1になる"); a tie is not guessed
  (RS-IF-BP-HIGHEST, :mod:`judge.games.rangers_strike.bp_highest`).
- ``choose`` (with ``if_done``) of a vehicle ``{"side": "own", "zone": "rush", "count": 1, "type":
  "vehicle", "feature": X}`` then ``bp`` ``amount`` N ``until`` ``turn`` ``per`` ``chosen_power`` —
  exactly so, an optional effect of a unit's own: the player may choose a vehicle printing X in
  its rush area; only if it did, the unit gets BP +N for each 1 of the vehicle's printed required
  power for the turn ("自軍ラッシュエリアから、特徴「メカ」を持つビークルを1体選んでもよい。そうしたとき、この
  ターン、これは選んだビークルの必要パワーの数字1ごとにBP+1000される"; RS-BP-PER-VEHICLE-POWER,
  :mod:`judge.games.rangers_strike.chosen_vehicle`).
- ``destroy_bp_total`` ``no_feature`` X ``bp_total_max`` N ``count_max`` ``{"category": C, "size":
  S}`` — the one op of an optional effect: opposing units without X, of BP N or less in all, no
  more than one's units of category C and size S, named in ``targets``, destroyed ("特徴「メカ」を持た
  ない敵軍ユニットを、BPの合計が5000以下になるように選んで撃破してもよい。ただし選べるユニットの数は、WBの自軍M
  ユニットの数までとする"; RS-DESTROY-BP-TOTAL, :mod:`judge.games.rangers_strike.destroy_within`).
- ``release_rider`` — the one op of a vehicle's optional ``turn_end`` effect: the unit riding
  it, held, is released ("これにライドしているユニットがホールド状態ならば、そのユニットをリリースして
  もよい", RS-RELEASE-RIDER).
- ``from_discard`` ``name``, ``count`` — that many unit or vehicle cards named ``name`` go from
  the controller's discard pile into its rush area, by the effect (RS-FROM-DISCARD,
  :mod:`judge.games.rangers_strike.from_discard`); the log names them first in ``targets``.
- ``discard_to_command`` ``find`` (``{"type": "unit", "size": S}``), ``if_full`` ``hand`` — the one
  op of an ``on_strike_damage`` effect: one card of the controller's discard pile that fits goes
  held into its command zone, into its hand when that holds 5 ("自軍捨札からSユニットのカードを1枚選
  び、自軍コマンドゾーンにホールド状態で置く。置けなければ手札に加える。"); the log names it first in
  ``targets`` (RS-STACK-STRIKE, :mod:`judge.games.rangers_strike.stacking`).
- ``stack`` ``target`` (one unit of one's own: ``side`` ``own``, ``zone`` ``field``, ``count``
  1, ``type`` ``unit``, and ``size``, ``category``, ``no_feature`` as printed), ``leaves``
  (:data:`STACK_LEAVES`), optionally ``bp`` N and ``feature`` X, and ``number`` -N with
  ``number_min`` M (its combination number N less, not less than M) — an operation's one op
  ("…自軍Sユニットを1体選ぶ。そして、このカードを自軍ラッシュエリアに置き、選んだユニットをこのカードに
  重ねる。"): the operation is placed in its player's rush area and the unit chosen stacked on
  it, so it does not go to the discard pile; while stacked the unit has BP +N and the feature X
  ("このカードに重ねたユニットはBP+Nされ、特徴「X」が追加される"); when the unit stops being a unit
  the card goes where ``leaves`` says, or (``stay``) to the discard pile, the unit staying where
  it is (RS-STACK, RS-STACK-LEAVES, RS-STACK-STAY, :mod:`judge.games.rangers_strike.stacking`).
- ``as_own`` ``from`` ``command``, ``names`` [A, …], ``effect`` ``rc`` — the one op of an optional
  combination effect ("自軍コマンドゾーンから「A」か「B」のカードを1枚選びホールドしてもよい。そうしたと
  き、ホールドしたユニットカードのRCの効果を、このユニットの効果として発動する。"): the controller may
  hold one released card so named of its command zone, and only then that unit card's RC effect
  is activated as this unit's, waiting in the pool for this unit; what a card not read in full
  does is not guessed; the log names the card first in ``targets`` (RS-HOLD-NAMED-COMMAND,
  RS-AS-OWN-EFFECT, :mod:`judge.games.rangers_strike.as_own`); ``from`` ``opponent_hand``,
  ``effect`` ``nc`` | ``nc_or_rc`` (no names): the controller may look at the opponent's hand, and
  then a size S unit card there with an NC (or RC) is chosen, if there is one, and its effect
  activated so (RS-LOOK-OPPONENT-HAND); ``from`` ``hand``, ``feature`` X, ``size`` S,
  ``no_condition`` ``true``, ``effect`` ``named``, an optional ``on_enter`` effect's ("…出るとき"):
  the controller may show such a card of its hand, and then its effect with its effect name is
  activated so (RS-SHOW-FOR-NAMED-EFFECT).

``"opponent"`` means the opposing player (in tag battle: either opposing player).  A resident's
``bp`` op has no ``count``: it applies to every unit its selector covers (``side``, ``zone``
and optionally ``category``); ``own`` is its player's units and ``opponent`` the target
player's, with or without Tag (the card's ``"tag": true`` lets it stand beside another
resident, RS-TAG; it widens neither side, RST-RESIDENT-TAG).

An effect ``{"when": "resident_held_entered", "of": {"size": "S"}, "optional": true, "do":
[{"op": "bold", "part": {"op": "hold_own", "size": "S"}}, {"op": "release_entered"}]}`` is a
resident's text when a held size S unit of its player's enters the battle area in its battle
phase: the bold part (a released size S unit of its own chosen and held) executed if its player
wants, then, if it was done, the entered unit released (RS-TAG-HELD-ENTERED); a resident printing
Tag may execute another resident's bold part instead (RS-TAG,
:mod:`judge.games.rangers_strike.tag_resident`).  An effect ``{"when": "resident_once", "do":
[{"op": "bold", "part": {"op": "power_to_top"}}, {"op": "turn_feature", "of": X, "feature": Y,
"void": …}]}`` is a resident's text executed by the ``activate`` action once in each of its
player's rush phases: a face-up card of the power zone put on top of the deck, then, for the
turn, the player's units with X given Y (RS-TAG-ONCE, RS-TURN-FEATURE,
:mod:`judge.games.rangers_strike.tag_activated`).

An effect ``{"when": "activated", "cost": "discard_self", …}`` is activated by its player's
``activate`` action in its rush phase, the unit put into the discard pile as the cost
(RS-ACTIVATE, :mod:`judge.games.rangers_strike.activated`: the one body read so far, a search
whose ``find`` is ``{"name": A, "or": {"name": D, "if_discard": [B, C]}}``,
RS-SEARCH-EITHER-NAME; or, a vehicle's, ``{"op": "from_deck", "find": {"type": "operation"},
"count": 1, "to": "command", "if_full": "discard_command"}`` then the shuffle, the card chosen
held into the command zone, a command discarded first when it is full, RS-SEARCH-TO-COMMAND).

An optional effect may carry ``"activate": true`` ("次の効果を発動できる⇒", RS-MAY-ACTIVATE):
not used, nothing of it happens, not even what a declined search does (the shuffle).

An effect with anything else (an unknown ``op`` or ``when``, a ``text`` only) cannot be
executed: the step where it would resolve is ``unverifiable`` (``RS-EFFECT-UNSUPPORTED``),
and the later steps whose verdicts could depend on what it did are ``uncertain`` until an
``outcome`` records it (``RS-OUTCOME``, :mod:`judge.games.rangers_strike.outcome`); what it
could have changed is :func:`scope`.

>>> supported({"when": "on_enter", "do": [{"op": "draw", "n": 1}]})
True
>>> supported({"when": "on_enter", "text": "Look at the top card of your deck."})
False
>>> selectors({"when": "on_use", "do": [{"op": "destroy", "target": {"side": "opponent",
...            "zone": "battle", "count": 1, "bp_max": 3000}}]})[0]["bp_max"]
3000
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike import (
    activated,
    added_traits,
    all_to_command,
    area_rules,
    as_own,
    attack_again,
    attack_chosen,
    aura_bp,
    battle_wins,
    bp_highest,
    bp_lowest,
    bp_pair,
    bp_sum,
    chosen_vehicle,
    command_cards,
    command_discard,
    command_watch,
    counter_search,
    damage_cards,
    deck_top,
    destroy_within,
    discard_bp_cross,
    discard_namesake,
    gather_named,
    granted,
    hand_cycle,
    hand_rush,
    held_command,
    held_number,
    held_return,
    keyword_hold,
    keywords,
    modes,
    morph,
    namesake_rush,
    neighbours,
    next_combination,
    no_units,
    only_size,
    opponent_power,
    opponent_search,
    own_cards,
    own_commands,
    placed_held,
    placed_watch,
    power_moves,
    release_count,
    resident_watch,
    resist_damage,
    reveal_return,
    revealed,
    rush_discard,
    rush_waiver,
    self_cost,
    self_toll,
    strike_damage,
    tag_activated,
    tag_resident,
    this_turn,
    top_fortune,
    top_look,
    top_three,
    unit_destroys,
    unit_return,
    unpowered,
    vehicle_power,
    written,
    zone_conditions,
)
from judge.games.rangers_strike.quantities import is_quantity

#: a card's effects that trigger while it is in its player's area, on another unit's being
#: rushed or entering the battle area (RS-WHILE-IN-AREA)
WATCHED = ("on_rushed", "on_entered")
WHENS = (
    "on_rush",
    "on_enter",
    "combination",
    "on_destroyed",
    "on_use",
    "resident",
    "static",
    placed_held.WHEN,
    rush_discard.WHEN,
    *WATCHED,
    "turn_end",
    battle_wins.WHEN,
    strike_damage.WHEN,
    "on_return",
    attack_again.WHEN,
    command_watch.WHEN,
    placed_watch.WHEN,
    unit_destroys.WHEN,
    hand_cycle.WHEN,
    counter_search.WHEN,
    top_look.WHEN,
    morph.WHEN,
    tag_resident.WHEN,
    tag_activated.WHEN,
)
#: a vehicle's effect as it returns from the battle area to the rush area, exactly: the unit
#: riding it may go to its owner's hand (RS-RIDER-TO-HAND)
ON_RETURN = {"when": "on_return", "optional": True, "do": [{"op": "rider_to_hand"}]}
#: whose turn's end a ``turn_end`` effect triggers at: its player's, or an opponent's
#: ("自分がターンを終えるとき", "相手は…自分自身のターンを終えるとき", RS-TURN-END)
TURNS = ("own", "opponent")
#: where an effect's card must be for it to apply (``while``): its player's rush area, or its
#: rush or battle area ("これが自軍[ラッシュ]エリアにある間", RS-WHILE-IN-AREA)
WHILE_AREAS = {"rush": ("rush",), "field": ("rush", "battle")}
OPS = (
    "draw",
    "bp",
    "destroy",
    "discard_vehicle",
    "return",
    "damage",
    "heal",
    "sp",
    "to_power",
    "resist",
    "hold",
    "hold_commands",
    "hold_all_commands",
    "from_discard",
    "to_damage",
    "to_power_zone",
    "to_command",
    "from_deck",
    "shuffle",
    "modes",
    "from_hand",
    "add_feature",
    "top_to_command",
    "resident_to_deck",
    "to_battle",
    "reveal_top",
    "choose",
    "from_hand_or_discard",
    "discard",
    "release_command",
    "discard_held_command",
    "opponent_power_to_hand",
    "no_strike",
    attack_again.HOLD,
    attack_again.AGAIN,
    command_watch.OP,
    placed_watch.OP,
    placed_watch.DISCARD,
    discard_bp_cross.PICK,
    discard_bp_cross.GAIN,
    "release_rider",
    "discards_to_decks",
    "to_power_self",
    "power_to_hand",
    "stack",
    "discard_to_command",
    "hold_own_commands",
    "commands_to_hand",
    release_count.OP,
    "to_deck_bottom",
    "power_to_rush",
    "power_card_to_rush",
    "damage_to_hand",
    "top_to_damage",
    "reveal",
    "revealed_to_bottom",
    "rider_to_hand",
    "choose_cards",
    "choose_opposing_discard",
    "to_command_pair",
    "hold_or_destroy_self",
    "return_to_hand",
    "revealed_to_hand",
    "by_number",
    "reveal_either_top",
    "vehicle_to_power",
    "all_to_command",
    keyword_hold.OP,
    aura_bp.HELD_OP,
    "destroy_lowest",
    "self_cost_to_command",
)
UNTIL = ("turn", "battle")
SIDES = ("own", "opponent")
ZONES = ("battle", "rush", "field")
#: the areas a selector's ``zone`` covers: ``field`` is a player's rush and battle areas, where
#: the printed 「ユニット」 with no area named is (RS-SELECT-FIELD)
AREAS_OF = {"battle": ("battle",), "rush": ("rush",), "field": ("rush", "battle")}
#: when a ``bp`` op with ``during`` counts: an attack the unit makes, or one it receives
DURING = ("attacking", "attacked")
SELECTOR_KEYS = {
    "side",
    "zone",
    "count",
    "bp_max",
    "bp_equal",
    "printed_bp_max",
    "bp_max_self",
    "category",
    "type",
    "size",
    "unridden",
    "riding",
    "no_number",
    "other",
    "released",
    "chooser",
    "power_max",
    "feature",
    "sp_printed",
    "keyword",
    "no_feature",
    "numbered",
    "bp_per_held",
    "count_returned",
    "power_equal",
    "written",
    "number_equal",
    "bp_max_chosen_sum",
    "named_as",
    "no_condition",
}
#: what becomes of an operation card a unit is stacked on when the unit stops being a unit
#: (RS-STACK-LEAVES): it goes to its owner's hand ("このカードを持ち主の手札に戻す") or discard
#: pile ("このカードは捨札になる"), or it goes to the discard pile and the unit stays where it is
#: ("このカードを捨札にしてその場に留める", RS-STACK-STAY)
STACK_LEAVES = ("hand", "discard", "stay")
#: who chooses a selector's units: the effect's controller, or the opposing player whose
#: units they are ("相手は自分自身のユニットを…選び", RS-OPPONENT-CHOOSES)
CHOOSERS = ("controller", "opponent")
#: the printed unit sizes (S: a ranger, M: a machine, L: a combined robot; RS-SELECT-SIZE)
SIZES = ("S", "M", "L")
#: where a card found in the deck goes: the rush area (by the effect) or the hand, shown first
#: (RS-SEARCH-DECK)
SEARCH_TO = ("rush", "hand")
#: the card types a deck search may be for ("ビークルカード", "ユニットカード")
SEARCH_TYPES = ("unit", "vehicle")
#: a selector's ``power_max`` that is the printed required power of the unit the effect's
#: ``choose`` op chose ("選んだユニットの必要パワーの数字以下の", RS-CHOOSE-FIRST)
CHOSEN_POWER = {"chosen": "power"}
#: the cost that makes the rest of an effect happen only when paid (RS-COMMAND-COST)
COST_OPS = ("hold_commands",)
#: the ops with no units chosen that an optional effect may begin with, the rest happening only
#: when it was done ("…してもよい。そうしたとき、…", RS-IF-DONE): a held command released
#: (RS-RELEASE-OPPOSING), a face-down power card taken into the hand (RS-DAMAGE-TO-HAND), the
#: deck's top card revealed (RS-REVEAL-TO-BOTTOM)
DONE_OPS = ("release_command", "damage_to_hand", "reveal", command_discard.OP)


def _is_int(value: Any, minimum: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum


def _selector_ok(sel: Any, resident: bool) -> bool:
    if not isinstance(sel, dict) or set(sel) - SELECTOR_KEYS:
        return False
    if sel.get("side", "own") not in SIDES or sel.get("zone", "battle") not in ZONES:
        return False
    if "count" in sel and (resident or not _is_int(sel["count"], 1)):
        return False
    if "bp_max" in sel and not _is_int(sel["bp_max"], 0):
        return False
    if "bp_equal" in sel and (
        resident
        or not _is_int(sel["bp_equal"], 0)
        or sel.get("type") != "unit"
        or "bp_max" in sel
        or "bp_max_self" in sel
    ):
        return False  # RS-SELECT-BP-EXACT: "BPNの", the unit's BP now
    if "bp_per_held" in sel and (resident or not _is_int(sel["bp_per_held"], 1)):
        return False  # RS-HOLD-OWN-COMMANDS: so much BP for each command held first
    if "count_returned" in sel and (resident or sel["count_returned"] is not True):
        return False  # RS-COMMANDS-TO-HAND: as many as commands were returned first
    if "bp_max_self" in sel and (
        resident or sel["bp_max_self"] is not True or sel.get("type") != "unit" or "bp_max" in sel
    ):
        return False  # RS-BP-AT-MOST-THIS: "このユニットのBP以下のBPを持つ"
    if "printed_bp_max" in sel and (
        resident or not _is_int(sel["printed_bp_max"], 0) or sel.get("type") != "unit"
    ):
        return False  # RS-PRINTED-BP: "本来のBPがN以下の", a unit's printed BP
    if "power_max" in sel and (
        resident
        or not (
            _is_int(sel["power_max"], 0)
            or is_quantity(sel["power_max"])
            or sel["power_max"] == CHOSEN_POWER
            or sel["power_max"] == own_cards.SUM
            or sel["power_max"] == release_count.TIMES
        )
    ):
        return False  # RS-POWER-AT-MOST
    if "power_equal" in sel and (resident or sel["power_equal"] != own_cards.SUM):
        return False  # RS-CARDS-POWER-SUM: the same number as the cards chosen first make
    if "number_equal" in sel and (resident or sel["number_equal"] != held_number.HELD):
        return False  # RS-HELD-NUMBER: the number the command the cost held prints
    if "type" in sel and (resident or sel["type"] not in ("unit", "vehicle")):
        return False  # a vehicle: only for discard_vehicle (RS-SELECT-VEHICLE)
    if "size" in sel and (resident or sel["size"] not in SIZES or "type" not in sel):
        return False  # RS-SELECT-SIZE: the printed "Sユニット", "Sビークル"
    if "no_number" in sel and (resident or sel["no_number"] is not True):
        return False
    if "feature" in sel and (resident or not isinstance(sel["feature"], str) or not sel["feature"]):
        return False  # RS-SELECT-FEATURE: "特徴「X」を持つ"
    if "no_feature" in sel and (
        resident or not isinstance(sel["no_feature"], str) or not sel["no_feature"]
    ):
        return False  # RS-STACK: "特徴「X」を持たない", no such feature now
    if "numbered" in sel and (resident or sel["numbered"] is not True):
        return False  # RS-STACK: "ナンバーに数字を持ち", a combination number that is a number
    if "sp_printed" in sel and (resident or sel["sp_printed"] is not True):
        return False  # RS-SELECT-SIZE: "SPが空欄でない", the printed SP box
    if "keyword" in sel and (
        resident or sel["keyword"] not in keywords.SELECTABLE or sel.get("type") != "unit"
    ):
        return False  # RS-SELECT-KEYWORD: "ウイングを持つ", a unit's printed keyword
    if bp_sum.KEY in sel and (
        resident or sel[bp_sum.KEY] is not True or sel.get("type") != "unit" or "bp_max" in sel
    ):
        return False  # RS-CHOSEN-BP-SUM: "合計したBP以下の", bound as the effect resolves
    if reveal_return.KEY in sel and (resident or sel[reveal_return.KEY] is not True):
        return False  # RS-REVEAL-RETURN-TO-HAND: "追加条件を持たない"
    if discard_namesake.KEY in sel and (
        resident or not isinstance(sel[discard_namesake.KEY], str) or sel.get("type") != "unit"
    ):
        return False  # RS-DISCARD-NAMESAKE: "選んだユニットカードと同じカード名の", bound first
    if "written" in sel and (
        resident or not written.ok(sel["written"]) or sel.get("type") != "unit"
    ):
        return False  # RS-SELECT-WRITTEN: "「…」と書かれた", a sentence the unit's card prints
    if "unridden" in sel and (sel["unridden"] is not True or sel.get("type") != "vehicle"):
        return False  # "ライドされていない": vehicles no unit rides (RS-SELECT-VEHICLE)
    if "riding" in sel and (resident or sel["riding"] is not True or sel.get("type") != "unit"):
        return False  # RS-SELECT-RIDING: "ライドしている", units riding a vehicle
    for flag in ("other", "released"):  # "これ以外の", a unit that can be held (RS-IF-DONE)
        if flag in sel and (resident or sel[flag] is not True):
            return False
    if "chooser" in sel and (
        resident
        or sel["chooser"] not in CHOOSERS
        or (sel["chooser"] == "opponent" and sel.get("side") != "opponent")
    ):
        return False  # RS-OPPONENT-CHOOSES: the opponent chooses among its own units
    if sel.get("zone") == "field" and resident:
        return False
    category = sel.get("category")
    if isinstance(category, list):  # "DAまたはOTを持つ": any of them (RS-TO-COMMAND)
        return not resident and bool(category) and all(isinstance(c, str) for c in category)
    return category is None or isinstance(category, str)


def _per_ok(per: Any) -> bool:
    """``{"feature": X, "units": N}``: per N units of one's own with the feature X."""
    return (
        isinstance(per, dict)
        and set(per) == {"feature", "units"}
        and isinstance(per["feature"], str)
        and _is_int(per["units"], 1)
    )


#: what a unit's own continuous BP counts, per card or unit (RS-BP-PER): the face-up cards
#: of its player's power zone; the units of its player's battle area, of a category and a
#: size when printed (RS-BP-PER-UNITS); its player's damage (RS-BP-PER-DAMAGE)
PER_COUNTS = ("face_up_power", "own_battle_units", "own_damage", "own_commands")


def per_ok(per: Any) -> bool:
    """A static ``bp`` op's ``per``: ``{"count": C}`` (one of :data:`PER_COUNTS`), and for
    ``own_battle_units`` optionally ``category`` and ``size`` ("「WB」のMユニット")."""
    if not isinstance(per, dict) or per.get("count") not in PER_COUNTS:
        return False
    if per["count"] == "own_commands":  # RS-BP-PER-COMMANDS: "特徴「X」を持つ自軍コマンド"
        return (
            set(per) == {"count", "feature"}
            and isinstance(per["feature"], str)
            and bool(per["feature"])
        )
    if per["count"] != "own_battle_units":
        return set(per) == {"count"}
    return (
        set(per) <= {"count", "category", "size"}
        and ("category" not in per or (isinstance(per["category"], str) and per["category"] != ""))
        and per.get("size", "S") in SIZES
    )


#: what a unit's own continuous BP or SP may last while (RS-WHILE): an opposing unit of a
#: category is in a rush or battle area (``{"opposing_unit": {"category": X}}``); no card of
#: a category is among its player's face-up power cards and command zone cards (``{"none_in":
#: ["face_up_power", "command"], "category": X}``); a card named X is in its player's rush or
#: battle area (``{"own_has": X}``, RS-WHILE-NAMED)
WHILE_ZONES = ("face_up_power", "command")


def while_ok(cond: Any) -> bool:
    """A static op's ``while`` condition (:data:`WHILE_ZONES`; RS-WHILE), or one on the units
    next to the unit (RS-NEXT-TO: :func:`~judge.games.rangers_strike.neighbours.ok`)."""
    if not isinstance(cond, dict):
        return False
    if neighbours.is_condition(cond):
        return neighbours.ok(cond)
    if set(cond) == {"own_has"}:  # RS-WHILE-NAMED: "自軍エリアに「X」があれば"
        return isinstance(cond["own_has"], str) and bool(cond["own_has"])
    if set(cond) == {
        "opposing_only_size"
    }:  # RS-WHILE-OPPOSING-SIZE: "敵軍ユニットがSユニットだけなら"
        return cond["opposing_only_size"] in SIZES
    if set(cond) == {"command_feature"}:  # RS-COMMAND-FEATURES: a command card's feature
        return isinstance(cond["command_feature"], str) and bool(cond["command_feature"])
    if set(cond) == {"opposing_unit"}:
        unit = cond["opposing_unit"]
        return (
            isinstance(unit, dict)
            and set(unit) == {"category"}
            and isinstance(unit["category"], str)
            and bool(unit["category"])
        )
    zones = cond.get("none_in")
    return (
        set(cond) == {"none_in", "category"}
        and isinstance(zones, list)
        and bool(zones)
        and len(set(zones)) == len(zones)
        and all(z in WHILE_ZONES for z in zones)
        and isinstance(cond["category"], str)
        and bool(cond["category"])
    )


def _static_ok(op: Any) -> bool:
    """An op of a unit's own continuous text (``static``): a ``bp`` op during an attack
    (RS-ATTACK-BP), for each one counted (``per``, RS-BP-PER) or while a condition holds
    (``while``, RS-WHILE); or ``{"op": "sp", "value": N, "while": {...}}``, SP N while it
    holds (RS-WHILE); or ``{"op": "resist", "while": {...}}``, resist while it holds
    (RS-WHILE-NAMED)."""
    if not isinstance(op, dict):
        return False
    if op.get("op") == "sp":
        return (
            set(op) == {"op", "value", "while"}
            and _is_int(op["value"], 0)
            and while_ok(op["while"])
        )
    if op.get("op") == "resist":  # RS-WHILE-NAMED: "…があればレジストを得る"
        return set(op) == {"op", "while"} and while_ok(op["while"])
    if op.get("op") == "bp_set":  # RS-COMMAND-FEATURES: "BPNになる"
        return (
            set(op) == {"op", "value", "while"}
            and _is_int(op["value"], 0)
            and while_ok(op["while"])
        )
    if op.get("op") == "taxis":  # RS-COMMAND-FEATURES: "タクスXを得る"
        return (
            set(op) == {"op", "category", "while"}
            and op["category"] in ("WB", "ET", "OT", "MA", "DA")
            and while_ok(op["while"])
        )
    if op.get("op") != "bp" or not _is_int(op.get("amount"), -(10**9)):
        return False
    if "per" in op:
        return set(op) == {"op", "amount", "per"} and per_ok(op["per"])
    if "while" in op:
        cond = op["while"]
        if neighbours.is_condition(cond) and "bp_min" in (cond.get("next_to") or {}):
            return False  # a BP turning on another's BP: not read (RS-NEXT-TO)
        return set(op) == {"op", "amount", "while"} and while_ok(cond)
    return _attack_bp_ok(op, static=True)


def _one_doubt(ops: list[Any]) -> bool:
    """A unit's own text is read two ways at most (own_text's readings): one asking about the
    units next to it (RS-NEXT-TO) asks nothing of 自軍 that tag battle leaves open."""
    near = any(neighbours.is_condition(op.get("while")) for op in ops)
    team = any(
        ("per" in op and op["per"].get("count") != "face_up_power")
        or (
            isinstance(op.get("while"), dict)
            and {"none_in", "own_has", "command_feature"} & set(op["while"])
        )
        for op in ops
    )
    return not (near and team)


def _attack_bp_ok(op: Any, static: bool) -> bool:
    """A ``bp`` op counted only during an attack (RS-ATTACK-BP): ``during`` ``attacking`` or
    ``attacked``, ``against`` ``{"feature": X}`` optional (or, a ``static`` one attacking,
    ``{"size": S}``); a ``static`` one (the unit's own continuous text) has no ``until`` and no
    ``target``."""
    if not isinstance(op, dict) or op.get("op") != "bp" or not _is_int(op.get("amount"), -(10**9)):
        return False
    keys = {"op", "amount", "during", "against"} | (set() if static else {"until", "target"})
    if set(op) - keys or op.get("during") not in DURING:
        return False
    against = op.get("against")
    if static and isinstance(against, dict) and set(against) == {"size"}:
        # RS-ATTACK-BP: "これは敵軍Sユニットにアタックするとき" (a unit's own named effect)
        return op.get("during") == "attacking" and against["size"] in ("S", "M", "L")
    if static and isinstance(against, dict) and set(against) == {"any_of"}:
        return _either_ok(against["any_of"])  # RS-ATTACK-BP-EITHER
    return against is None or (
        isinstance(against, dict)
        and set(against) == {"feature"}
        and isinstance(against["feature"], str)
    )


def _either_ok(conds: Any) -> bool:
    """RS-ATTACK-BP-EITHER's ``any_of``: a printed category ``{"category": X}`` and a printed SP
    box not blank ``{"sp_printed": true}``, each once."""
    return conds in [
        [{"category": c}, {"sp_printed": True}] for c in ("WB", "ET", "OT", "MA", "DA")
    ]


def _if_ok(cond: Any, timing: str) -> bool:
    """An effect's condition, checked as it resolves (not on a resident or static text):
    ``{"own_units_at_most": N, "size": S}``, "自軍[S]ユニットの数がN体以下なら" (RS-IF-UNITS), or
    ``{"own_has": X}``, "自軍エリアに「X」があれば" (RS-IF-NAMED), or ``{"opposing_more": N, "size":
    S}``, "敵軍Sユニットの数が自軍Sユニットの数よりN体以上多いとき" (RS-IF-OUTNUMBERED), or
    ``{"own_zones_all": X}``, "自軍ゾーンのオモテ向きのカードがすべてXを持つなら" (RS-IF-ZONES-ALL), or
    ``{"opposing_power_none": {"type": "unit", "size": S}}``, "敵軍パワーゾーンのオモテ向きのカードにS
    ユニットのカードが無ければ" (RS-IF-POWER-NONE; :mod:`~judge.games.rangers_strike.zone_conditions`),
    or ``{"own_none": {"feature": X}}``, "特徴「X」を持つ自軍ユニットが1体もなければ"
    (RS-IF-NONE-WITH-FEATURE; :mod:`~judge.games.rangers_strike.no_units`)."""
    if timing in ("resident", "static") or not isinstance(cond, dict):
        return False
    if zone_conditions.is_condition(cond):  # RS-IF-ZONES-ALL
        return zone_conditions.ok(cond)
    if no_units.is_condition(cond):  # RS-IF-NONE-WITH-FEATURE
        return no_units.ok(cond)
    if only_size.is_condition(cond):  # RS-IF-OPPOSING-ONLY-SIZE
        return only_size.ok(cond)
    if set(cond) == {"own_has"}:
        return isinstance(cond["own_has"], str) and bool(cond["own_has"])
    if "opposing_more" in cond:  # RS-IF-OUTNUMBERED
        return (
            set(cond) <= {"opposing_more", "size"}
            and _is_int(cond["opposing_more"], 1)
            and cond.get("size", "S") in SIZES
        )
    return (
        set(cond) <= {"own_units_at_most", "size"}
        and _is_int(cond.get("own_units_at_most"), 0)
        and cond.get("size", "S") in SIZES
    )


def supported(effect: dict[str, Any], when: str | None = None) -> bool:
    """Whether the engine can execute ``effect`` exactly (``when``: its timing, when the
    effect itself does not say, as in ``combination.effects``)."""
    timing = effect.get("when", when)
    ops = effect.get("do")
    if timing == next_combination.WHEN:
        return next_combination.ok(effect)  # RS-NEXT-COMBINATION: in force for the turn
    if timing == activated.WHEN:  # RS-ACTIVATE: the cost, and the one body read so far
        return activated.ok(effect)
    if timing not in WHENS or not isinstance(ops, list) or not ops:
        return False
    if "activate" in effect and not (effect["activate"] is True and effect.get("optional") is True):
        return False  # RS-MAY-ACTIVATE: not activated, nothing at all happens
    if timing == top_look.WHEN:
        return top_look.ok(effect)  # RS-LOOK-TOP-CATEGORY: the one shape, exactly
    if timing == morph.WHEN:
        return morph.ok(effect)  # RS-MORPH: the pending choice, exactly
    if timing == tag_resident.WHEN:
        return tag_resident.ok(effect)  # RS-TAG-HELD-ENTERED: the one shape, exactly
    if timing == tag_activated.WHEN:
        return tag_activated.ok(effect)  # RS-TAG-ONCE: the one shape, exactly
    if timing == counter_search.WHEN:
        return counter_search.ok(effect)  # RS-COUNTER-NAMESAKE-SEARCH: the one shape, exactly
    if timing == hand_cycle.WHEN:
        return hand_cycle.ok(effect)  # RS-RUSHED-HAND-CYCLE: the one shape, exactly
    if timing == unit_destroys.WHEN:
        return unit_destroys.ok(effect)  # RS-FEATURE-DESTROYS-DRAW: the one shape, exactly
    if resident_watch.is_effect(effect):  # RS-RESIDENT-ENTERED: the one shape, or as it waits
        return resident_watch.ok(effect) or resident_watch.ok(effect, bound=True)
    if any(isinstance(op, dict) and op.get("op") == as_own.OP for op in ops):
        return as_own.ok(effect, timing)  # RS-AS-OWN-EFFECT: another card's, as this unit's
    if attack_chosen.is_effect(effect):
        return attack_chosen.ok(effect, when)  # RS-ATTACK-CHOSEN: the one shape, exactly
    if added_traits.is_effect(effect):
        return added_traits.ok(effect, when)  # RS-ADDED-TO-BOTTOM: the one shape, exactly
    if held_return.is_effect(effect):
        return held_return.ok(effect)  # RS-TURN-END-HELD-TO-HAND: the one shape, exactly
    if timing == "turn_end":
        return _turn_end_ok(effect)  # RS-TURN-END
    if bp_sum.is_sum(effect):
        return bp_sum.ok(effect)  # RS-CHOSEN-BP-SUM: the one shape, exactly
    if self_toll.uses(effect):
        return self_toll.ok(effect)  # RS-HOLD-OR-DESTROY-SELF: the one shape, exactly
    if self_cost.uses(effect):
        return self_cost.ok(effect, timing)  # RS-SELF-COST-TO-COMMAND: the one shape, exactly
    if bp_lowest.uses(effect):
        return bp_lowest.ok(effect, timing)  # RS-BP-LOWEST: the one shape, exactly
    if resist_damage.uses(effect):
        return resist_damage.ok(effect, timing)  # RS-RESIST-TO-DAMAGE: the one shape, exactly
    if all_to_command.uses(effect):
        return all_to_command.ok(effect, timing)  # RS-ALL-TO-COMMAND: the one shape, exactly
    if vehicle_power.uses(effect):
        return vehicle_power.ok(effect, timing)  # RS-VEHICLE-TO-POWER: the one shape, exactly
    if bp_pair.op_of(effect) is not None:
        return bp_pair.ok(effect)  # RS-BP-PAIR-TO-COMMAND: the one shape, exactly
    if discard_namesake.uses(effect):
        return discard_namesake.ok(effect)  # RS-DISCARD-NAMESAKE: the one shape, exactly
    if opponent_search.uses(effect):
        return opponent_search.ok(effect, timing)  # RS-OPPONENT-SEARCH: the one shape, exactly
    if any(isinstance(op, dict) and op.get("op") == unpowered.OP for op in ops):
        return unpowered.ok(effect, timing)  # RS-DISCARD-UNPOWERED: the one shape, exactly
    if any(isinstance(op, dict) and op.get("op") == rush_waiver.OP for op in ops):
        return rush_waiver.ok(effect, timing)  # RS-WAIVE-CONDITION: the one shape, exactly
    if timing == "resident" and granted.is_gain(effect):
        return granted.ok(effect)  # RS-RESIDENT-SCRUM: scrum given to one's units
    if any(
        isinstance(op, dict)
        and (
            op.get("op") in held_command.OPS
            or (isinstance(op.get("if"), dict) and "held_command" in op["if"])
        )
        for op in ops
    ):
        return held_command.ok(effect, timing)  # RS-IF-HELD-FEATURE: the one shape, exactly
    if placed_held.is_effect(effect):
        return placed_held.ok(effect)  # RS-PLACED-HELD: the one shape, exactly
    if rush_discard.is_effect(effect):
        return rush_discard.ok(effect)  # RS-RUSH-HELD-DISCARD: the one shape, exactly
    if timing == "resident" and namesake_rush.is_op(effect):
        return namesake_rush.ok(effect)  # RS-NAMESAKE-HOLD: a restriction on rushing
    if timing == battle_wins.WHEN:
        return battle_wins.ok(effect)  # RS-DESTROYS-IN-BATTLE, RS-IF-BP-NOT-PRINTED
    if any(discard_bp_cross.is_op(op) for op in ops):
        return discard_bp_cross.ok(effect)  # RS-DISCARD-BP-CROSS: the one shape, exactly
    if timing == command_watch.WHEN:
        return command_watch.triggered_ok(effect)  # RS-COMMAND-HELD-WATCH: as it triggers
    if timing == placed_watch.WHEN:
        return placed_watch.triggered_ok(effect)  # RS-PLACED-HELD-WATCH: as it triggers
    if timing == attack_again.WHEN or any(
        isinstance(op, dict) and op.get("op") in (attack_again.HOLD, attack_again.AGAIN)
        for op in ops
    ):
        return attack_again.ok(effect)  # RS-ATTACK-AGAIN: the one shape, exactly
    if timing == strike_damage.WHEN and isinstance(effect.get("by"), dict):
        return strike_damage.ok(effect)  # RS-STRIKE-DEALT, RS-OPPONENT-PICKS-DISCARD
    if timing == "on_strike_damage" or any(
        isinstance(op, dict) and op.get("op") == "discard_to_command" for op in ops
    ):
        return strike_damage_ok(effect)  # RS-STACK-STRIKE
    if unit_return.is_unit_effect(effect):
        return unit_return.ok(effect)  # RS-RETURN-PULL: the one shape, exactly
    if timing == "on_return" or any(
        isinstance(op, dict) and op.get("op") == "rider_to_hand" for op in ops
    ):  # RS-RIDER-TO-HAND: the one shape, exactly
        return {k: v for k, v in effect.items() if k != "text"} == ON_RETURN
    if "turn" in effect and (effect["turn"], timing) not in (
        ("opponent", "on_destroyed"),
        ("own", "on_rush"),
    ):
        return False  # "敵軍ターン中": only when destroyed (RS-DESTROYED-TO-POWER); "自軍ターン中、
        # これをラッシュしたとき": in its player's own turn only (RS-SELECT-RIDING)
    if ("while" in effect or "of" in effect or timing in WATCHED) and not _watch_ok(effect, timing):
        return False  # RS-WHILE-IN-AREA
    if "if" in effect and not _if_ok(effect["if"], timing):
        return False  # RS-IF-UNITS
    if (
        timing == "combination"
        and zone_conditions.is_condition(effect.get("if"))
        and not zone_conditions.at_once(effect)
    ):
        return False  # RS-IF-POWER-NONE: a combination's condition, before ops done at once
    if top_three.op_of(effect) is not None:
        return top_three.ok(effect, timing)  # RS-REVEAL-EITHER-DECK: the one shape, exactly
    if top_fortune.op_of(effect) is not None:
        return top_fortune.ok(effect, timing)  # RS-REVEALED-NUMBER: the one shape, exactly
    if reveal_return.uses(effect):
        return reveal_return.ok(effect, timing)  # RS-REVEAL-RETURN-TO-HAND: the one shape
    if any(isinstance(op, dict) and op.get("op") in revealed.OPS for op in ops):
        return revealed.ok(effect, timing)  # RS-REVEAL-TO-BOTTOM: the one shape, exactly
    if any(area_rules.is_shield_op(op) for op in ops):
        return area_rules.shield_ok(effect, timing)  # RS-NEXT-TURN-SHIELD: the one shape
    if any(bp_highest.is_op(op) for op in ops):
        return bp_highest.ok(effect, timing)  # RS-IF-BP-HIGHEST: the one shape, exactly
    if gather_named.op_of(effect) is not None:
        return gather_named.ok(effect, timing)  # RS-GATHER-NAMED: the one shape, exactly
    if any(chosen_vehicle.is_op(op) for op in ops):
        return chosen_vehicle.ok(effect, timing)  # RS-BP-PER-VEHICLE-POWER: exactly so
    if destroy_within.op_of(effect) is not None:
        return destroy_within.ok(effect, timing)  # RS-DESTROY-BP-TOTAL: its one op
    if any(isinstance(op, dict) and op.get("op") == "modes" for op in ops):
        return _modes_ok(effect, timing)  # RS-CHOOSE-ONE: "次の効果から1つ選び発動する"
    resident = timing == "resident"
    if timing == "static":  # the unit's own continuous BP or SP (RS-ATTACK-BP, RS-BP-PER,
        return all(_static_ok(op) for op in ops) and _one_doubt(ops)  # RS-WHILE), nothing else
    for op in ops:
        if not isinstance(op, dict):
            return False
        name = op.get("op")
        target = op.get("target", "self")
        if resident:
            if name != "bp" or not _selector_ok(target, True):
                return False
            if not isinstance(op.get("amount"), int):
                return False
            continue
        if name not in OPS:
            return False
        if isinstance(target, dict) and "bp_max_self" in target:
            return False  # RS-BP-AT-MOST-THIS: only the ability of the end of a turn's
        if command_cards.is_command_selector(target):
            if not command_cards.ok(op):
                return False  # RS-COMMAND-TO-POWER: cards of a command zone, sent to the power zone
            continue
        if name in ("draw", "damage", "heal") and not _is_int(op.get("n", 1), 1):
            return False
        if "per" in op and not (name == "draw" and _per_ok(op["per"])):
            return False  # RS-DRAW-PER-UNITS
        if name in ("bp", "destroy", "return"):
            if target == "self":
                if timing == "on_use":
                    return False  # an operation is not a unit
            elif not _selector_ok(target, False):
                return False
        if name == "bp" and (
            not isinstance(op.get("amount"), int) or op.get("until", "turn") not in UNTIL
        ):
            return False
        if (
            name == "bp"
            and ("during" in op or "against" in op)
            and (target != "self" or timing == "on_use" or not _attack_bp_ok(op, static=False))
        ):
            return False  # RS-ATTACK-BP: the unit's own, during an attack
        vehicles = isinstance(target, dict) and target.get("type") == "vehicle"
        if vehicles and (
            set(target) - {"side", "zone", "count", "type", "size", "unridden"}
            or target.get("zone", "battle") == "field"
            or not (
                (name == "discard_vehicle" and set(op) == {"op", "target"})
                or (name == "to_command" and target.get("unridden") is True)
            )
        ):
            return False  # RS-SELECT-VEHICLE: vehicles chosen to be discarded, or put held
            # into the command zone when no unit rides them
        if name == "discard_vehicle" and not vehicles:
            return False
        if name == "hold" and not _hold_ok(op, timing):
            return False  # RS-HOLD-SELF (the unit itself), RS-IF-DONE (a unit chosen)
        if name == "choose" and not (
            set(op) == {"op", "target", "if_done"}
            and _selector_ok(target, False)
            and target.get("type") == "unit"
            and "chooser" not in target
            and target.get("count") == 1
        ):
            return False  # RS-CHOOSE-FIRST: one unit chosen, and the rest if one was
        if (
            isinstance(target, dict)
            and target.get("power_max") == CHOSEN_POWER
            and not (ops[0].get("op") == "choose" and ops[0] is not op)
        ):
            return False  # "選んだユニット": only after a unit was chosen
        if "if_done" in op and name != opponent_power.OP and not _if_done_ok(effect, op):
            return False  # RS-IF-DONE: "…してもよい。そうしたとき、…"
        if isinstance(target, dict) and (
            (target.get("other") and timing == "on_use")  # "これ以外の": a unit's own effect
            or (target.get("released") and name != "hold")
            or (
                target.get("zone") == "field"
                and name
                not in (
                    "destroy",
                    "hold",
                    "to_damage",
                    "to_power_zone",
                    "to_command",
                    "sp",
                    "add_feature",
                    "choose",
                    "stack",
                )
            )
        ):
            return False
        if name == "hold_commands" and not _command_cost_ok(effect, op):
            return False  # RS-COMMAND-COST
        if held_number.waits(target) and not held_number.ok(effect, op):
            return False  # RS-HELD-NUMBER: after a cost holding one command
        if name == "from_discard" and not (
            set(op) == {"op", "name", "count"}
            and isinstance(op["name"], str)
            and _is_int(op["count"], 1)
        ):
            return False  # RS-FROM-DISCARD
        if name == "to_damage" and target == "chosen":
            if not (
                set(op) == {"op", "target", "if"}
                and op["if"] == "namesake"
                and ops[0].get("op") == "choose"
                and ops[0] is not op
            ):
                return False  # RS-CHOOSE-FIRST: the unit chosen, if another has its name
        elif name in ("to_damage", "to_power_zone") and not (
            set(op) == {"op", "target"}
            and _selector_ok(target, False)
            and target.get("type") == "unit"
            and "chooser" not in target
        ):
            return (
                False  # RS-TO-DAMAGE, RS-TO-POWER-ZONE: chosen units, into their owner's power zone
            )
        if name == "to_command" and not (
            set(op) == {"op", "target", "if_full"}
            and op["if_full"] in ("discard", "nothing")
            and _selector_ok(target, False)
            and target.get("type") in ("unit", "vehicle")
            and "chooser" not in target
        ):
            return False  # RS-TO-COMMAND: chosen units (or vehicles no unit rides), held into
            # their owner's command zone
        if name == "to_battle" and not (
            set(op) == {"op", "target"}
            and _selector_ok(target, False)
            and target.get("type") == "unit"
            and target.get("zone") == "rush"
        ):
            return False  # RS-TO-BATTLE: units of a rush area, into their battle area
        if name == "discard" and (
            set(op) != {"op"} or (timing not in WATCHED and not held_discard(effect))
        ):
            return False  # RS-DISCARD-SELF: "これを捨札にする", the unit's own
        if name == "release_command" and not (
            set(op) - {"side", "if_done"} == {"op", "count"}
            and _is_int(op["count"], 1)
            and op.get("side", "own") in SIDES
            and (len(ops) == 1 or "if_done" in op)
            and (op.get("side", "own") == "own" or "if_done" in op)
        ):
            return False  # RS-RELEASE-COMMAND: "自軍コマンドをNつ選びリリースする", alone or
            # first, what follows only if done (RS-RELEASE-OPPOSING: "敵軍コマンド…")
        if name in ("damage_to_hand", "top_to_damage") and not damage_cards.ok(effect):
            return (
                False  # RS-DAMAGE-TO-HAND: "…ダメージになっているカードをウラ向きのまま1枚選び、…"
            )
        if name == "power_card_to_rush" and not power_moves.put_ok(effect, op):
            return False  # RS-POWER-TO-RUSH-AREA: "…のカードを、自軍パワーのオモテ向きのカードから1枚選び、…"
        if name == "reveal_top" and not (set(op) == {"op", "name"} and isinstance(op["name"], str)):
            return False  # RS-REVEAL-TOP
        if name == "resident_to_deck" and set(op) != {"op"}:
            return False  # RS-RESIDENT-TO-DECK
        if name == "discards_to_decks" and set(op) != {"op"}:
            return False  # RS-DISCARDS-TO-DECKS: every discard pile, no choice
        if name == "to_power_self" and (timing != "on_use" or set(op) != {"op"}):
            return False  # RS-SELF-TO-POWER: "このカード" is the operation being used
        if (
            name in own_commands.OPS
            or name == "to_deck_bottom"
            or (
                isinstance(target, dict)
                and (own_commands.PER_HELD in target or own_commands.COUNT_RETURNED in target)
            )
        ) and not own_commands.ok(effect):
            return False  # RS-HOLD-OWN-COMMANDS, RS-COMMANDS-TO-HAND: "自軍コマンドを好きな数選び…"
        if (
            name == own_cards.OP
            or (
                isinstance(target, dict)
                and any(target.get(k) == own_cards.SUM for k in own_cards.LIMITS)
            )
        ) and not own_cards.ok(effect):
            return False  # RS-CARDS-POWER-SUM: "…カードを…選んでもよい。そうしたとき、…必要パワーの数字…"
        if (
            name == release_count.OP
            or (isinstance(target, dict) and target.get("power_max") == release_count.TIMES)
        ) and not release_count.ok(effect):
            return (
                False  # RS-RELEASE-TIMES: "「…リリースする」を1~5回実行してもよい。そうしたとき、…"
            )
        if name == "power_to_rush" and not power_moves.rush_ok(effect, op):
            return (
                False  # RS-POWER-TO-RUSH: "自軍パワーゾーンのオモテ向きのカードから、…出してもよい"
            )
        if name == "power_to_hand" and not power_moves.ok(effect, op):
            return False  # RS-POWER-TO-HAND: "その後、…ユニットカードを1枚選び、手札に加えてもよい"
        if name == "top_to_command" and not (
            set(op) == {"op"} or (set(op) == {"op", "released_if"} and _released_if_ok(op))
        ):
            return False  # RS-TOP-TO-COMMAND: the controller's own top card, no choice
        if name in (opponent_power.OP, opponent_power.NO_STRIKE) and not opponent_power.ok(effect):
            return (
                False  # RS-OPPONENT-RETURNS-POWER: "相手は自分自身のパワーゾーンから…戻してもよい"
            )
        if name == placed_watch.OP and not placed_watch.ok(effect, op):
            return False  # RS-PLACED-HELD-WATCH: "このターン、敵軍コマンドゾーンにホールド状態で…"
        if name == placed_watch.DISCARD:
            return False  # RS-PLACED-HELD-WATCH: the triggered effect's only (as it triggers)
        if name == command_watch.OP and not command_watch.ok(effect, op):
            return False  # RS-COMMAND-HELD-WATCH: "このターン、リリース状態の敵軍コマンドがホールドされたとき、…"
        if name == command_discard.OP and not command_discard.ok(effect, op):
            return False  # RS-DISCARD-HELD-COMMAND: "ホールド状態の自軍コマンドを1つ選び捨札にしてもよい"
        if name == "add_feature" and not (
            set(op) == {"op", "target", "feature"}
            and isinstance(op["feature"], str)
            and _selector_ok(target, False)
            and target.get("side", "own") == "own"
            and target.get("type") == "unit"
            and "chooser" not in target
        ):
            return False  # RS-ADD-FEATURE: "…選んだユニットの特徴に「X」を追加する。"
        if name == "from_hand_or_discard" and not (
            timing == "on_destroyed"
            and len(ops) == 1
            and set(op) == {"op", "hand", "discard"}
            and all(isinstance(op[k], str) and op[k] for k in ("hand", "discard"))
        ):
            return False  # RS-EITHER-PILE: "自分の手札の「A」か、自軍捨札の「B」か、どちらか1枚"
        if name == "from_hand" and hand_rush.is_op(op):
            if not hand_rush.ok(effect):
                return False  # RS-HAND-TO-RUSH: "…ラッシュエリアに出してもよい。ただし、追加条件は満たすこと。"
        elif name == "from_hand" and not _from_hand_ok(effect):
            return False  # RS-FROM-HAND: "自分の手札から「X」のカードを1枚選び、…出してもよい。"
        if name in ("from_deck", "shuffle") and not _search_ok(effect, timing):
            return False  # RS-SEARCH-DECK: "…選び、…てもよい。その後、山札をシャッフルする。"
        if name == "hold_all_commands" and set(op) != {"op"}:
            return False  # RS-HOLD-ALL-COMMANDS: the opposing side's, all of them
        if name == aura_bp.HELD_OP and not aura_bp.held_ok(op, timing):
            return False  # RS-HELD-AURA-BP: a Number Combination's, for the turn
        if name == keyword_hold.OP and not keyword_hold.ok(effect, op):
            return False  # RS-HOLD-KEYWORD: every opposing unit with the keywords, or none
        if name == "resist" and (timing != "on_destroyed" or set(op) != {"op"} or len(ops) > 1):
            return False  # RS-RESIST: the pending choice of a unit destroyed by a battle
        if name == "to_power" and (timing != "on_destroyed" or set(op) != {"op"}):
            return False  # the destroyed card itself, from the discard pile
        if name == "sp" and not _sp_ok(op, target, timing):
            return False  # RS-SP-EFFECT: the unit's own SP, or a chosen one's, for the turn
        if name == "stack" and not stack_ok(effect, timing):
            return False  # RS-STACK: the operation placed, the unit chosen stacked on it
        if isinstance(target, dict) and (
            (name != "stack" and "numbered" in target)
            or (name not in ("stack", "to_command") and "no_feature" in target)
        ):
            return False  # "特徴「X」を持たない" (a stacking text's, RS-STACK, or a unit held
            # into the command zone, RS-TO-COMMAND), "ナンバーに数字を持ち" (RS-STACK)
        if (
            name == "return"
            and isinstance(target, dict)
            and target.get("zone", "battle") != "battle"
        ):
            return False
    return True


#: RS-TURN-END-HELD-DISCARD: "これがホールド状態なら", the unit itself held
HELD_SELF = {"self_held": True}


def held_discard(effect: dict[str, Any]) -> bool:
    """RS-TURN-END-HELD-DISCARD: exactly "※これが自軍エリアにある間、自分がターンを終えるとき、これがホー
    ルド状態なら捨札にする。" — ``{"when": "turn_end", "turn": "own", "while": "field", "if":
    {"self_held": true}, "do": [{"op": "discard"}]}``."""
    return {k: v for k, v in effect.items() if k != "text"} == {
        "when": "turn_end",
        "turn": "own",
        "while": "field",
        "if": HELD_SELF,
        "do": [{"op": "discard"}],
    }


def _turn_end_ok(effect: dict[str, Any]) -> bool:
    """RS-TURN-END: a ``turn_end`` effect has ``turn`` (:data:`TURNS`) and is one the engine
    executes exactly: the vehicle's optional ``{"op": "release_rider"}`` with ``if``
    ``{"rider_held": true}`` (RS-RELEASE-RIDER), or, at the end of an opponent's turn while the
    unit is where ``while`` says, the opponent's own unit destroyed, chosen by the opponent
    (a selector ``side`` ``opponent``, ``zone`` ``field``, ``type`` ``unit``, ``chooser``
    ``opponent``, and optionally ``feature``; RS-OPPONENT-RESTRICTION)."""
    if effect.get("turn") == "own" and neighbours.is_condition(effect.get("if")):
        return _gained_at_turn_end_ok(effect)  # RS-NEXT-TO, RS-BP-AT-MOST-THIS
    if "destroyed" in effect:
        return this_turn.ok(effect)  # RS-IF-DESTROYED-THIS-TURN
    if effect.get("turn") == "own" and effect.get("if") == HELD_SELF:
        return held_discard(effect)  # RS-TURN-END-HELD-DISCARD
    if effect.get("turn") == "own":
        return (
            set(effect) <= {"when", "turn", "if", "optional", "do", "text"}
            and effect.get("if") == {"rider_held": True}
            and effect.get("optional") is True
            and effect.get("do") == [{"op": "release_rider"}]
        )
    ops = effect.get("do")
    if (
        effect.get("turn") != "opponent"
        or set(effect) - {"when", "turn", "while", "do", "text"}
        or effect.get("while") not in WHILE_AREAS
        or not isinstance(ops, list)
        or len(ops) != 1
        or not isinstance(ops[0], dict)
        or set(ops[0]) != {"op", "target"}
        or ops[0]["op"] != "destroy"
    ):
        return False
    sel = ops[0]["target"]
    return (
        _selector_ok(sel, False)
        and set(sel) - {"feature"} == {"side", "zone", "count", "type", "chooser"}
        and sel["side"] == "opponent"
        and sel["zone"] == "field"
        and sel["type"] == "unit"
        and sel["chooser"] == "opponent"
    )


def _gained_at_turn_end_ok(effect: dict[str, Any]) -> bool:
    """RS-NEXT-TO: the ability a unit has while units so described stand on both sides of it
    ("…並んでいる間、…次の能力を得る⇒自分がターンを終えるとき、…"): at the end of its player's turn,
    ``if`` ``{"flanked": …}``, one opposing unit (rush or battle area) with BP no more than the
    unit's own (``bp_max_self``, RS-BP-AT-MOST-THIS) sent face up into its owner's power zone."""
    ops = effect.get("do")
    if (
        set(effect) - {"when", "turn", "if", "do", "text"}
        or "flanked" not in effect["if"]
        or not neighbours.ok(effect["if"])
        or not isinstance(ops, list)
        or len(ops) != 1
        or not isinstance(ops[0], dict)
        or set(ops[0]) != {"op", "target"}
        or ops[0]["op"] != "to_power_zone"
    ):
        return False
    sel = ops[0]["target"]
    return (
        _selector_ok(sel, False)
        and set(sel) == {"side", "zone", "count", "type", "bp_max_self"}
        and sel["side"] == "opponent"
        and sel["zone"] == "field"
        and sel["type"] == "unit"
        and sel["count"] == 1
    )


def _watch_ok(effect: dict[str, Any], timing: str) -> bool:
    """RS-WHILE-IN-AREA: a watched effect (``WATCHED``) has ``while`` (where its card must be,
    :data:`WHILE_AREAS`) and ``of`` ``{"feature": X}`` (a unit with the feature X, either
    player's; ``"side": "own"``: its player's own; ``"side": "opponent"`` with ``"phase":
    "rush"``: an opposing player's, rushed in its rush phase); no other effect has either."""
    of = effect.get("of")
    return (
        timing in WATCHED
        and effect.get("while") in WHILE_AREAS
        and isinstance(of, dict)
        and set(of) <= {"feature", "side", "phase"}
        and isinstance(of.get("feature"), str)
        and bool(of["feature"])
        and of.get("side", "own") in ("own", "opponent")
        # "敵軍ラッシュフェイズ中、…敵軍ユニットがラッシュされたとき" (RS-HAND-TO-RUSH)
        and (of.get("side") == "opponent") == (of.get("phase") == "rush")
        and ("phase" not in of or (timing == "on_rushed" and effect.get("while") == "field"))
    )


def _modes_ok(effect: dict[str, Any], timing: str) -> bool:
    """RS-CHOOSE-ONE: an operation's effect whose one op is ``{"op": "modes", "modes":
    [mode, …]}``, two or more listed effects ``{"do": [ops], "optional": bool}``, each one the
    engine executes; the choice itself is not optional."""
    listed = modes.listed(effect)
    if listed is None or timing != "on_use" or "optional" in effect:
        return False
    if set(effect["do"][0]) != {"op", "modes"} or len(listed) < 2:
        return False
    for mode in listed:
        if not isinstance(mode, dict) or set(mode) - {"do", "optional"}:
            return False
        if not isinstance(mode.get("optional", False), bool) or not isinstance(
            mode.get("do"), list
        ):
            return False
        if any(isinstance(op, dict) and op.get("op") == "modes" for op in mode["do"]):
            return False  # one choice, not one inside another
        if not supported(modes.as_effect(effect, mode)):
            return False
    return True


def fraction(value: Any) -> tuple[int, int] | None:
    """An SP written ``"K/N"`` (SP K while N-th in the battle area, RS-SP-FRACTION) as
    ``(K, N)``, else None.

    >>> fraction("1/4"), fraction(1)
    ((1, 4), None)
    """
    if not isinstance(value, str):
        return None
    k, _, n = value.partition("/")
    if len(k) == 1 and len(n) == 1 and k in "123456789" and n in "123456789":
        return int(k), int(n)
    return None


def _sp_ok(op: dict[str, Any], target: Any, timing: str) -> bool:
    """RS-SP-EFFECT: ``{"op": "sp", "value": N}`` (the unit's own, not an operation's), or
    with a ``target`` of one's own units chosen, ``value`` N or ``"K/N"`` (until the end of
    the turn)."""
    if set(op) - {"op", "value", "until", "target"} or op.get("until", "turn") != "turn":
        return False
    value = op.get("value")
    if target == "self":
        return timing != "on_use" and _is_int(value, 0)
    return (
        _selector_ok(target, False)
        and target.get("side", "own") == "own"
        and target.get("type") == "unit"
        and "chooser" not in target
        and (_is_int(value, 0) or fraction(value) is not None)
    )


def strike_damage_ok(effect: dict[str, Any]) -> bool:
    """RS-STACK-STRIKE: ``{"when": "on_strike_damage", "by": "stacked", "do": [{"op":
    "discard_to_command", "find": {"type": "unit", "size": S}, "if_full": "hand"}]}``, a stacking
    operation's effect when the unit stacked on it strikes and deals damage; the op in no other
    effect."""
    ops = effect["do"]
    if (
        effect.get("when") != "on_strike_damage"
        or effect.get("by") != "stacked"
        or set(effect) - {"when", "by", "do", "text"}
        or len(ops) != 1
        or not isinstance(ops[0], dict)
    ):
        return False
    op = ops[0]
    find = op.get("find")
    return (
        set(op) == {"op", "find", "if_full"}
        and op["op"] == "discard_to_command"
        and op["if_full"] == "hand"
        and isinstance(find, dict)
        and set(find) == {"type", "size"}
        and find["type"] == "unit"
        and find["size"] in SIZES
    )


def stack_ok(effect: dict[str, Any], timing: str) -> bool:
    """RS-STACK: an operation's effect whose one op is ``{"op": "stack", "target": sel,
    "leaves": L}`` (and optionally ``bp`` N, ``feature`` X): one unit of one's own chosen
    (``side`` ``own``, ``zone`` ``field``, ``count`` 1, ``type`` ``unit``, by the controller),
    not optional; ``leaves`` one of :data:`STACK_LEAVES`."""
    ops = effect["do"]
    op = ops[0]
    if timing != "on_use" or len(ops) != 1 or effect.get("optional") or "if" in effect:
        return False
    if (
        set(op) - {"op", "target", "leaves", "bp", "feature", "number", "number_min"}
        or op.get("leaves") not in STACK_LEAVES
    ):
        return False
    if "bp" in op and (not _is_int(op["bp"], -(10**9)) or op["bp"] == 0):
        return False
    if "feature" in op and (not isinstance(op["feature"], str) or not op["feature"]):
        return False
    if ("number" in op) != ("number_min" in op) or (
        "number" in op and not (_is_int(op["number_min"], 1) and _is_int(-op["number"], 1))
    ):
        return False  # "ナンバーの数字はN少なくなる。ただし、Mより少なくならない。"
    sel = op.get("target")
    return (
        _selector_ok(sel, False)
        and sel.get("side") == "own"
        and sel.get("zone") == "field"
        and sel.get("count") == 1
        and sel.get("type") == "unit"
        and "chooser" not in sel
        and set(sel)
        <= {"side", "zone", "count", "type", "size", "category", "no_feature", "numbered"}
        and not isinstance(sel.get("category"), list)
    )


def _from_hand_ok(effect: dict[str, Any]) -> bool:
    """RS-FROM-HAND: an optional effect whose one op is ``{"op": "from_hand", "find":
    {"name": X}, "count": 1, "to": "rush"}``."""
    ops = effect["do"]
    op = ops[0]
    return (
        effect.get("optional") is True
        and len(ops) == 1
        and op == {"op": "from_hand", "find": op.get("find"), "count": 1, "to": "rush"}
        and isinstance(op["find"], dict)
        and set(op["find"]) == {"name"}
        and isinstance(op["find"]["name"], str)
    )


def _search_ok(effect: dict[str, Any], timing: str | None) -> bool:
    """RS-SEARCH-DECK: an optional effect of two ops, ``{"op": "from_deck", "find": {"name":
    X} | {"type": "unit" | "vehicle"}, "count": N, "to": "rush" | "hand"}`` and ``{"op":
    "shuffle"}`` (the deck searched is shuffled afterwards)."""
    ops = effect["do"]
    if ops and isinstance(ops[0], dict) and deck_top.is_op(ops[0]):
        return deck_top.ok(effect, timing)  # RS-SEARCH-TO-TOP
    if effect.get("optional") is not True or len(ops) != 2 or ops[1] != {"op": "shuffle"}:
        return False
    op = ops[0]
    if isinstance(op, dict) and "distinct_names" in op:
        # RS-SEARCH-DISTINCT-NAMES: up to N unit cards printing a feature, into the rush area,
        # no two of one name
        find = op.get("find")
        return (
            op.get("op") == "from_deck"
            and set(op) == {"op", "find", "count", "to", "distinct_names"}
            and op["distinct_names"] is True
            and op["to"] == "rush"
            and _is_int(op.get("count"), 2)
            and isinstance(find, dict)
            and set(find) == {"type", "feature"}
            and find["type"] == "unit"
            and isinstance(find["feature"], str)
            and bool(find["feature"])
        )
    find, count = op.get("find"), op.get("count")
    return (
        isinstance(op, dict)
        and op.get("op") == "from_deck"
        and set(op) == {"op", "find", "count", "to"}
        and op["to"] in SEARCH_TO
        and _is_int(count, 1)
        and isinstance(find, dict)
        and (
            (set(find) == {"name"} and isinstance(find["name"], str))
            or (set(find) == {"feature"} and isinstance(find["feature"], str))
            or (set(find) == {"type"} and find["type"] in SEARCH_TYPES)
        )
    )


def _hold_ok(op: dict[str, Any], timing: str) -> bool:
    """A ``hold`` op: the unit itself (RS-HOLD-SELF: ``{"op": "hold"}``, a unit's effect), or
    units chosen, one's own (RS-IF-DONE) or the opposing side's (RS-HOLD-CHOSEN), by a
    selector that takes only released ones (a held unit cannot be held again)."""
    target = op.get("target", "self")
    if target == "self":
        return timing != "on_use" and set(op) == {"op"}
    return (
        set(op) <= {"op", "target", "if_done"}
        and _selector_ok(target, False)
        and target.get("released") is True
        and target.get("type") == "unit"
        and "chooser" not in target
    )


def _if_done_ok(effect: dict[str, Any], op: dict[str, Any]) -> bool:
    """RS-IF-DONE: ``"if_done": true`` on the ``destroy`` or ``hold`` of chosen units that an
    optional effect begins with, with something after it that happens only if it was done."""
    ops = effect["do"]
    return (
        op["if_done"] is True
        and (
            (op.get("op") in ("destroy", "hold", "choose") and isinstance(op.get("target"), dict))
            or op.get("op") in DONE_OPS
            or (op == {"op": op.get("op"), "if_done": True} and op.get("op") in own_commands.OPS)
            or (op.get("op") == own_cards.OP and own_cards.first_ok(op))
            or (op.get("op") == release_count.OP and release_count.ok(effect))
        )
        and effect.get("optional") is True
        and ops[0] is op
        and len(ops) > 1
        and cost_at(effect) is None
    )


def _released_if_ok(op: dict[str, Any]) -> bool:
    """RS-DISCARD-HELD-COMMAND: a ``top_to_command``'s ``released_if`` ``{"feature": X}``: the
    card goes released if it prints the feature X, held otherwise."""
    cond = op.get("released_if")
    return (
        isinstance(cond, dict)
        and set(cond) == {"feature"}
        and isinstance(cond["feature"], str)
        and bool(cond["feature"])
    )


def _command_cost_ok(effect: dict[str, Any], op: dict[str, Any]) -> bool:
    """RS-COMMAND-COST: ``{"op": "hold_commands", "category": X, "count": N}``, the one cost
    of an optional effect, with something after it to pay for."""
    ops = effect["do"]
    return (
        set(op) == {"op", "category", "count"}
        and isinstance(op["category"], str)
        and _is_int(op["count"], 1)
        and effect.get("optional") is True
        and sum(1 for o in ops if isinstance(o, dict) and o.get("op") in COST_OPS) == 1
        and ops[-1] is not op
    )


def cost_at(effect: dict[str, Any]) -> int | None:
    """Where an effect's cost is (RS-COMMAND-COST): the index of its ``hold_commands`` op,
    or None.  The effect's choice (``use``) governs that op and the ones after it.

    >>> cost_at({"when": "combination", "optional": True, "do": [{"op": "sp", "value": 1},
    ...          {"op": "hold_commands", "category": "MA", "count": 1}, {"op": "draw"}]})
    1
    """
    for i, op in enumerate(effect.get("do") or []):
        if isinstance(op, dict) and op.get("op") in COST_OPS:
            return i
    return None


def scope(effect: dict[str, Any]) -> str:
    """What an effect the engine cannot execute could have changed (a taint's scope,
    :class:`judge.core.engine.Taint`): ``"bp"`` when every op is a ``bp`` change with an
    ``amount`` (BP counts only where BP is compared: attacks, "BP N or less"; no rule removes
    a unit for its BP), else ``"anything"``.

    >>> scope({"when": "on_enter", "do": [{"op": "bp", "amount": -2000, "until": "game"}]})
    'bp'
    >>> scope({"when": "on_use", "text": "Look at the top 3 cards of your deck."})
    'anything'
    """
    ops = effect.get("do")
    if isinstance(ops, list) and ops and all(_changes_bp(op) for op in ops):
        return "bp"
    return "anything"


def _changes_bp(op: Any) -> bool:
    amount = op.get("amount") if isinstance(op, dict) else None
    return op.get("op") == "bp" and isinstance(amount, int) and not isinstance(amount, bool)


def selectors(effect: dict[str, Any]) -> list[dict[str, Any]]:
    """The selectors of an effect whose targets the log records, in order."""
    if effect.get("when") == "resident":
        return []
    out = []
    for op in effect.get("do") or []:
        if isinstance(op, dict) and isinstance(op.get("target"), dict):
            out.append(op["target"])
    return out


def needs_choice(effect: dict[str, Any]) -> bool:
    """Whether resolving ``effect`` needs a decision from its controller (a card of the
    discard pile to take is chosen as a selector's unit is)."""
    if effect.get("optional") or selectors(effect) or modes.listed(effect) is not None:
        return True
    if effect.get("when") == tag_activated.WHEN:
        return True  # RS-TAG-ONCE: the power card, or another resident's bold part
    if any(activated.is_command_op(op) for op in effect["do"]):
        return True  # RS-SEARCH-TO-COMMAND: the card chosen, and a command when the zone is full
    return any(
        isinstance(op, dict)
        and op.get("op")
        in (
            "from_discard",
            "from_hand_or_discard",
            "discard_to_command",
            held_return.OP,
            "opponent_from_deck",
            top_look.OP,  # RS-LOOK-TOP-CATEGORY: the card looked at and where it goes
            bp_lowest.OP,  # RS-BP-LOWEST: the unit, among several with the lowest BP
            resist_damage.OP,  # RS-RESIST-TO-DAMAGE: the unit or command with resist
        )
        for op in effect["do"]
    )
