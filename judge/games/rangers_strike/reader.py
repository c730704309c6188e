"""The printed-text reader of Rangers Strike: a card's Japanese text read into the engine's
effect vocabulary (:mod:`judge.games.rangers_strike.effects`), on the shared machinery of
:mod:`judge.core.textread` (``docs/cards.md``, "Rangers Strike").

A catalogue text is one line whose parts are separated by a space before ``※`` (a note: a
keyword or a rule of the card), ``【`` (a named effect) or ``◎`` (a choice); :func:`parts`
splits it there.  Each part is read by the first template of :data:`TEMPLATES` that matches
it whole and holds for the card.  A card is **understood** only when every part is read into
something the engine executes exactly (RS-TEXT-READ); otherwise it is **unsupported**, and
:attr:`Reading.unread` names each part not read: never silently vanilla (RS-TEXT-UNREAD).

What is read:

- ``※このカードはデッキに好きな枚数入れてもよい。`` → the definition's ``any_copies``
  (RS-DECK-ANY-COPIES; the importer sets it);
- ``※常駐`` (with or without its reminder ``(場に配置して、離れるまで効果が有効になる)``) → the
  definition's ``operation: resident`` (RS-RESIDENT; the importer sets it).  ``※タッグ`` with its
  reminder ``(これは他の自軍常駐と合わせて2枚まで配置でき、太字部分を実行するかわりに、他の自軍常駐の太字部分を
  実行できる)`` → the keyword ``tag`` of a resident the importer marked ``tag`` (RS-TAG,
  :mod:`judge.games.rangers_strike.tag_resident`: two residents in place, and another's bold
  part executed instead);
- ``※コールX`` (with or without its reminder) → the definition's ``call`` (RS-CALL);
- ``※タクスX`` with its reminder ``(これがバトルエリアのN番目にある間、これの次に並ぶXを持つSユニット
  は「SP1」を得る)`` → the definition's ``taxis`` (X and N), and without it, X one of WB, MA, OT
  and ET, → ``taxis`` X alone, whose place rule option ``taxis_position`` gives (RS-TAXIS,
  :mod:`judge.games.rangers_strike.next_in_line`);
- ``※リードX`` (with or without its reminder ``(このユニットはXのオペレーションカードを使用するための
  コマンドとしてホールドできる)``) → the definition's ``lead`` (RS-LEAD);
- a unit's ``【name】これは、Xを持つかSPが空欄ではないユニットにアタックするとき、BP+Nされる。`` (no
  combination number) → its own BP +N while it attacks a unit of printed category X or whose
  printed SP box is not blank (RS-ATTACK-BP-EITHER, :mod:`judge.games.rangers_strike.attack_bp`);
- ``※クロスN`` (without a reminder, as the sample prints it) → the unit's keyword ``cross N``:
  while it is in its player's battle area, the combination numbers and SP denominators of the
  units to its right N less, not below 2, with any クロス an effect gives it (RS-CROSS,
  :mod:`judge.games.rangers_strike.cross`, which counts the printed note of any card, read or
  not);
- ``※ウイング`` (the bare note; its reminder is not read, none having been checked) → nothing
  on the definition beyond the printed keyword it keeps (RS-SELECT-KEYWORD): a unit with it may
  attack from its rush area, held (RS-WING, :mod:`judge.games.rangers_strike.wing`);
- ``※スクラム`` (with or without its reminder ``(これのCNより1多いCNを持つユニットがこれの次に並んで
  いる間、これはアタックされない)``) → the unit's rule ``scrum``: it cannot be attacked while the
  unit directly after it in its battle area has a combination number one more than its own
  (RS-SCRUM, :mod:`judge.games.rangers_strike.next_in_line`);
- a vehicle's ``※特徴「X」を持つ[自軍][S|M|L]ユニットは、[自軍コマンドをNつホールドすれば、]RCを持って
  いなくてもこのビークルにライドできる。`` (a category ``WBを持つ`` in place of the feature; or
  ``…ライドでき、それ以外のユニットはライドできない。``) → its ``ridden_by`` (RS-RIDER), and
  ``※これにライドしているユニットは[、アタックするとき]BP+Nされる。`` → its ``rider_bp``
  (``rider_attack_bp``: only while the unit attacks) (RS-RIDER-BP), and a vehicle's named
  ``【name】これにライドしている[特徴「X」を持つ]ユニットは、次の能力を得る⇒「レジスト」`` → its
  ``rider_resist`` (the unit riding it has resist: RS-RIDER-BP, RS-RESIST);
- ``※これが撃破されて捨札になったとき、自軍捨札から「X」のカードをN枚選び、自軍ラッシュエリアに
  出す。`` (its variants, and as a named effect) → a when-destroyed effect (RS-FROM-DISCARD);
- a unit's ``【name】自軍ターン中、これがバトルエリアに出たとき、自軍コマンドゾーンから、特徴「X」とNCの効果を
  持つユニットカードを1枚選びホールドしてもよい。そうしたとき、ホールドしたユニットカードのNCの効果を、このユニットの
  効果として発動する。ただしストライクはできない。`` when it has no number → its when-it-enters effect:
  a released unit card with X and an NC effect held, its NC effect activated as the unit's, the unit
  barred from striking (RS-SOUL-NC, :mod:`~judge.games.rangers_strike.as_own`);
- a unit's note ``※これは特徴「X」を持つ自軍コマンド1つにつきBP+Nされる。`` → its own continuous BP
  for each card of its player's command zone, held or released, printing the feature X
  (RS-BP-PER-COMMANDS);
- a unit's ``【name】このユニットは、自軍バトルエリアにある「WB」のMユニット1体につきBP+Nされる。``
  (category and size each when printed), when the unit has no Number Combination number and
  is not itself of that category and size → its own continuous BP for each such unit
  (RS-BP-PER-UNITS);
- a unit's ``【name】これは自軍ダメージ1点につきBP+Nされ、自分がターンを終えるときBPM以上なら撃破され
  る。``, when the unit has no Number Combination number → its own continuous BP for each point
  of its player's damage (RS-BP-PER-DAMAGE) and the rule ``turn_end_destroy``
  (RS-TURN-END-DESTROY);
- a unit's ``【name】自軍パワーのオモテ向きのカードと自軍コマンドゾーンのカードにDA持つカードが1枚もなけれ
  ば、これは「SP1」になる。また、DAを持つ敵軍ユニットがあれば、これはBP+Nされる。``, when the unit has no
  Number Combination number → its own continuous SP and BP, each while its condition holds
  (RS-WHILE);
- a unit's ``【name】これは、BPN以上の、Xを持ち特徴「F」を持つSユニットと隣り合っている間、次の能力を得
  る⇒SPK`` (each of BP, category, feature and size when printed), when the unit has no Number
  Combination number → its own SP K while such a unit stands next to it (RS-NEXT-TO, RS-WHILE);
- a unit's ``【name】このユニットの両隣に特徴「F」を持つ自軍ユニットが並んでいる間、このユニットはBP+Nさ
  れ、次の能力を得る⇒自分がターンを終えるとき、このユニットのBP以下のBPを持つ敵軍ユニットを1体選び持ち主の
  パワーゾーンに送る。``, when the unit has no Number Combination number → its own BP +N while
  such units stand on both sides of it, and then an effect at the end of its player's turn
  sending an opposing unit with BP no more than its own face up into its owner's power zone
  (RS-NEXT-TO, RS-TURN-END, RS-BP-AT-MOST-THIS, RS-TO-POWER-ZONE);
- a unit's note ``※これは[S|M|L]ユニットにアタックすることができない。`` → its rule ``no_attack_on``
  ``size``: it cannot attack a unit of that printed size (RS-CARD-RESTRICTION);
- a unit's note ``※これは特徴「A」[または「B」]を持つユニットにアタックできない。`` → its rule ``no_attack_on``
  ``features``: it cannot attack a unit that has one of them now (RS-CARD-RESTRICTION);
- a unit's ``【name】敵軍バトルエリアにある、特徴「A」または「B」を持たないSユニットを、すべて持ち主のコマンドゾーン
  にホールド状態で置く。置けなければ捨札にする。``, when the unit has a combination (a number or RC) → its
  combination effect: every such opposing unit held into its owner's command zone, nothing chosen
  (RS-ALL-TO-COMMAND, :mod:`judge.games.rangers_strike.all_to_command`);
- a unit's ``【name】このユニットを捨札にして、次の効果を発動してもよい⇒敵軍バトルエリアから必要パワーの数字がN以下の
  ユニットを1体選び、持ち主のコマンドゾーンにホールド状態で置く。置けなければ敵軍コマンドを1つ選び、捨札にしてから置く。``,
  when the unit has a combination (a number or RC) → its combination effect, optional: the unit into
  the discard pile as the cost, then an opposing unit held into its owner's command zone
  (RS-SELF-COST-TO-COMMAND, :mod:`judge.games.rangers_strike.self_cost`);
- a unit's note ``※敵軍ユニットがSユニットだけなら、これは「SPN」になる。`` → its own continuous SP N
  while every opposing unit is of that size (RS-WHILE-OPPOSING-SIZE), and its
  ``【name】自軍ターン中、これがバトルエリアに出たとき、BPの一番低いユニットを1体選び撃破する。ただし、BPの一番低いユニ
  ットが自軍と敵軍にある場合は、自軍ユニットの中から選ぶこと。``, when it has no number → its when-it-enters
  effect destroying the unit with the lowest BP (RS-BP-LOWEST, :mod:`judge.games.rangers_strike.bp_lowest`);
- a unit's note ``※[これ以外の]特徴「X」を持つユニットが自軍バトルエリアにあれば、これは敵軍Sユニットにアタック
  されない。`` → its rule ``not_attacked_by`` with ``size`` and ``while_own_battle``: no size S unit may
  attack it while a unit with the feature (other than it) is in its player's battle area
  (RS-CARD-RESTRICTION);
- a unit's ``【name】これが自軍バトルエリアからラッシュエリアに戻るとき、敵軍ラッシュエリアからSユニットを1体選び、
  可能ならバトルエリアに出してもよい。``, when the unit has no Number Combination number → its effect as it
  returns to the rush area: an opposing unit of the rush area put into its battle area if it can
  (RS-RETURN-PULL, :mod:`judge.games.rangers_strike.unit_return`); ``【name】これが自軍バトルエリアから
  ラッシュエリアに戻ったとき、これをホールドしてもよい。そうしたとき、敵軍ラッシュエリアからユニットを1体選び、可能なら
  バトルエリアに出す。`` → the unit held first, then an opposing unit of any size put there
  (RS-RETURN-HOLD-PULL);
- a unit's Number Combination ``【name】レジストを持つ敵軍Sユニットを1体選ぶか、レジストを持つ敵軍コマンドを1つ選び、
  持ち主のパワーゾーンにダメージにして置く。`` → an opposing size S unit or command with resist put as
  damage (RS-RESIST-TO-DAMAGE, :mod:`judge.games.rangers_strike.resist_damage`);
- a unit's ``【name】これが自軍ラッシュエリアにある間、Xを持つ自軍Sユニットは、アタックされるときBP+Nされる。``
  (category and size as printed), when the unit has no Number Combination number → its rule
  ``guard_attacked``: while it is in its player's rush area, that player's units of the category
  and size have BP +N while they are attacked (RS-RUSH-GUARD, :mod:`judge.games.rangers_strike.rush_guard`);
- ``このターン、ホールド状態の敵軍SユニットはBP-2500される。(BP0以下になったユニットは撃破される)`` (a
  Number Combination's; size and N as printed) → the op ``held_aura_bp``: until the end of the
  turn, held opposing units of that size have BP -N (RS-HELD-AURA-BP,
  :mod:`judge.games.rangers_strike.aura_bp`);
- a unit's ``【name】これが自軍エリアにある間、ウイングを持たないSユニットはBP-500される。(BP0以下になった
  ユニットは撃破される)`` (any size and N), when it has no combination number → its rule ``aura_bp``:
  while it is in play, every unit of that size without ウイング, either side's, has BP -N, one at 0
  or less destroyed (RS-AURA-BP, :mod:`judge.games.rangers_strike.aura_bp`);
- a unit's ``【name】これは自軍Lユニットがあれば、敵軍ユニットにアタックされない。また、このユニットと隣り合う
  ETを持つLユニットはBP+1000される。`` (any sizes, category and N), when it has no combination number → its
  rule ``escort``: it cannot be attacked while its player has a unit of the first size, and the
  units of the category and size next to it have BP +N (RS-NOT-ATTACKED-WITH-OWN, RS-NEXT-TO-BP,
  :mod:`judge.games.rangers_strike.escort`);
- a unit's ``【name】自軍ターン中、これがバトルエリアに出たとき、自軍バトルエリアからビークルを1体選んでもよい。そう
  したとき、選んだビークルにライドしているユニットがあれば、そのユニットをパワーゾーンに送る。その後、選んだビークルを
  パワーゾーンに送る。``, when the unit has no Number Combination number → its when-it-enters effect,
  optional: a vehicle of its player's battle area chosen, the unit riding it sent face up into the
  power zone first, then the vehicle (RS-VEHICLE-TO-POWER, :mod:`judge.games.rangers_strike.vehicle_power`);
- a unit's note ``※これが自軍コマンドゾーンにある間、自軍ラッシュフェイズ中、自軍捨札の枚数がこれの必要パワーの
  数字以上なら、これを自軍ラッシュエリアに出してもよい。`` → its rule ``command_to_rush``: a ``rush`` naming it in
  the command zone puts it into the rush area (RS-COMMAND-TO-RUSH-SELF);
- a unit's ``【name】これが自軍エリアにある間、自分がカウンターを持つオペレーションの効果を発動して、そのカード
  が捨札になったとき、そのカードと同じカード名のカードを、自軍山札を見て1枚選び、相手に見せてから手札に加えても
  よい。その後、山札をシャッフルする。``, when the unit has no Number Combination number → a search of its
  player's deck for the counter's namesake as the counter goes to the discard pile
  (RS-COUNTER-NAMESAKE-SEARCH, RS-SEARCH-DECK);
- a unit's ``【name】これが自軍エリアにある間、特徴「X」を持つユニットがユニットを撃破して捨札にしたとき、その特
  徴「X」を持つユニットの持ち主は1枚ドローしてもよい。``, when the unit has no Number Combination number →
  its text watching every battle: a unit with X that destroys a unit going to the discard pile
  lets its owner draw (RS-FEATURE-DESTROYS-DRAW);
- a unit's ``【name】これはストライクするとき、このターン中に自軍捨札から手札に加えたSユニットのカード1枚につ
  きSP+Nされる。``, when the unit has no Number Combination number → its rule
  ``strike_sp_retrieved``: as it strikes, SP +N for each size S unit card its player took from
  its discard pile into its hand this turn (RS-STRIKE-SP-RETRIEVED);
- a unit's ``【name】これは敵軍ラッシュエリアのユニットにアタックできる。``, when the unit has no
  Number Combination number (its own text, always in force) → the rule ``attack_rush``
  (RS-ATTACK-RUSH-AREA);
- a unit's ``【name】これが自軍[ラッシュ]エリアにある間、特徴「X」を持つ[自軍]ユニットがラッシュされた
  (バトルエリアに出た)とき、…``, when the unit has no Number Combination number → an effect that
  triggers on another unit's rush (entering the battle area) while the unit is in its
  player's rush or battle area (or rush area): ``on_rushed`` (``on_entered``) with ``while``
  and ``of`` (RS-WHILE-IN-AREA); its body may be ``これを捨札にする。`` (the unit itself into
  the discard pile, not destroyed: RS-DISCARD-SELF) or ``自軍コマンドを1つ選びリリースしてもよ
  い。`` (RS-RELEASE-COMMAND);
- a unit's ``【name】自軍ラッシュフェイズ中、このユニットを捨札にして次の効果を発動できる⇒自軍山札を見て「A」のカー
  ドを1枚か、自軍捨札に「B」と「C」があれば「D」のカードを1枚選び、自軍ラッシュエリアに出してもよい。その後、山札
  をシャッフルする。``, when the unit has no Number Combination number → its effect activated by the
  ``activate`` action in its player's rush phase, the unit discarded as the cost (RS-ACTIVATE), a
  search for a card named A, or named D when the discard pile holds B and C
  (RS-SEARCH-EITHER-NAME, :mod:`judge.games.rangers_strike.activated`); a vehicle's
  ``【name】自軍ラッシュフェイズ中、このビークルを捨札にして次の効果を発動できる→自軍山札を見てオペレーションカー
  ドを1枚選び、自軍コマンドゾーンにホールド状態で置く(置けなければ自軍コマンドを1つ選び、捨札にしてから置く)。その
  後、山札をシャッフルする。`` alike (RS-ACTIVATE), an operation card into the command zone held, a
  command of one's own discarded first when it is full (RS-SEARCH-TO-COMMAND);
- a unit's ``【name】これが自軍エリアにある間、敵軍ラッシュフェイズ中、特徴「X」を持つ敵軍ユニットがラッシ
  ュされたとき、…``, when the unit has no Number Combination number → an effect that triggers on an
  opposing unit's rush in an opposing rush phase while the unit is in its player's rush or battle
  area (``on_rushed`` with ``of`` ``side`` ``opponent``, ``phase`` ``rush``: RS-OPPOSING-RUSHED);
  its body may be ``次の効果を発動できる⇒自分の手札からDAを持つBP3000以下のSユニットのカードを1枚選び、ラ
  ッシュエリアに出してもよい。ただし、追加条件は満たすこと。`` (a card of the hand rushed by the effect,
  its additional condition met: RS-HAND-TO-RUSH);
- a vehicle's ``【name】自分がターンを終えるとき、これにライドしているユニットがホールド状態ならば、その
  ユニットをリリースしてもよい。`` → its effect at the end of its player's turn (RS-TURN-END),
  which releases the held unit riding it (RS-RELEASE-RIDER);
- a vehicle's ``【name】これがバトルエリアからラッシュエリアに戻るとき、このビークルにライドしているユニットを
  手札に戻してもよい。`` → its effect as it returns with a unit riding it (the start phase returns
  it), the unit to its owner's hand if the player wants (RS-RIDER-TO-HAND);
- a unit's ``【name】これが自軍[ラッシュ]エリアにある間、相手は次の制限を受ける⇒自分自身のターンを終える
  とき、特徴「X」を持つ自分自身のユニットをN体選び撃破する。``, when the unit has no Number
  Combination number → at the end of each of the opponent's turns, while the unit is there, the
  opponent chooses N of its own units with the feature and they are destroyed (RS-TURN-END,
  RS-OPPONENT-RESTRICTION);
- a unit's ``【name】これが自軍エリアにある間、特徴「X」を持つ自軍ユニットは「これは毎ターン、可能なら
  バトルエリアに出る」と書かれていても、そのテキストは無効になる。``, when the unit has no Number
  Combination number → its rule ``void_must_enter``: while it is in its player's rush or battle
  area, the must-enter note of that player's units with the feature is void (RS-VOID-MUST-ENTER,
  :mod:`judge.games.rangers_strike.area_rules`);
- a unit's ``【name】これが自軍バトルエリアにある間、敵軍バトルフェイズ中、ホールド状態の敵軍コマンドがN
  つ以上あれば、特徴「X」を持つ敵軍[S]ユニットは、次の制限を受ける⇒アタックもストライクもすることができな
  い。``, when the unit has no Number Combination number → its rule ``bars_acting``: while it is
  in its player's battle area, in an opposing battle phase, with N or more opposing held
  commands, such opposing units can neither attack nor strike (RS-BARS-OPPOSING,
  :mod:`judge.games.rangers_strike.area_rules`);
- a unit's ``【name】これが自軍バトルエリアにある間、敵軍ターン中、[「Y」以外の]特徴「X」を持つ自軍[S]ユニ
  ットはアタックされない。``, when the unit has no Number Combination number → its rule
  ``shields``: while it is in its player's battle area, in an opposing turn, that player's units
  so described (not those named Y) cannot be attacked (RS-SHIELDS-OWN,
  :mod:`judge.games.rangers_strike.area_rules`);
- a unit's ``【name】これが自軍バトルエリアにある間、敵軍ターン中、カードに表記された本来のナンバーが自軍
  バトルエリアの「Y」の数と同じ敵軍[S]ユニットは、バトルエリアに出られない。``, when the unit has no
  Number Combination number → its rule ``bars_entering``: while it is in its player's battle
  area, in an opposing turn, an opposing unit whose printed number is the count of cards named Y
  in that battle area cannot enter the battle area (RS-BARS-ENTERING,
  :mod:`judge.games.rangers_strike.area_rules`);
- a unit's ``【name】これは、自軍エリアに「A」があれば「SPN」になり、「B」があればBP+Mされ、「C」があれ
  ばレジストを得る。``, when the unit has no Number Combination number → its own continuous SP N,
  BP +M and resist, each while a card so named is in its player's rush or battle area
  (RS-WHILE-NAMED, RS-WHILE, :mod:`judge.games.rangers_strike.own_text`);
- a unit's ``【name】これが自軍エリアにある間、次の敵軍ターン中、ライドしている自軍Sユニットは敵軍ユニット
  にアタックされない。``, when the unit has a Number Combination number or the rider combination RC
  → its combination effect: in the next opposing turn, while the unit is in its player's rush or
  battle area, that player's size S units riding a vehicle cannot be attacked
  (RS-NEXT-TURN-SHIELD, :mod:`judge.games.rangers_strike.area_rules`);
- a unit's ``【name】これは、自軍コマンドゾーンにあるカードの特徴を見て、それぞれの特徴ごとに次の能力を得
  る⇒特徴「A」があればレジストを得る。特徴「B」があればタクスXを得る。特徴「C」があればBPNになる。特徴「D」が
  あればSPKになる。``, when the unit has no Number Combination number → its own continuous resist,
  taxis X, BP N (other changes void) and SP K, each while a card of its player's command zone has
  the feature (RS-COMMAND-FEATURES, :mod:`judge.games.rangers_strike.own_text`);
- a unit's ``【name】これとバトルする敵軍ユニットのBPが本来のBPでなかったなら、そのバトルで敵軍ユニットを撃
  破したとき、相手にN点ダメージを与える。``, when the unit has no Number Combination number → its own
  text of destroying an opposing unit in a battle (``on_destroys``), only when that unit's BP was
  not its printed one (RS-DESTROYS-IN-BATTLE, RS-IF-BP-NOT-PRINTED);
- a unit's ``【name】これが自軍[ラッシュ]エリアにある間、相手は次の制限を受ける⇒コマンドをホールドして、特徴「X」、
  または「Y」を持つユニットをラッシュしたとき、そのホールドしたコマンドを捨札にする。``, when the unit has no
  Number Combination number → its restriction on the opponent while it is there: the command held
  to rush such a unit goes to the discard pile (RS-RUSH-HELD-DISCARD,
  :mod:`judge.games.rangers_strike.rush_discard`);
- a unit's ``【name】これが自軍[ラッシュ]エリアにある間、相手は次の制限を受ける⇒自分自身のコマンドゾーンにXまた
  はYのカードをリリース状態で置いたとき、そのカードをホールドする。``, when the unit has no Number
  Combination number → its restriction on the opponent while it is there: a card of those
  categories put released into the opponent's command zone is held (RS-PLACED-HELD,
  :mod:`judge.games.rangers_strike.placed_held`);
- a unit's ``【name】SPK 相手は自分自身のラッシュエリアからユニットを1体選ぶ(自軍ダメージがN点以上あれば自分が選
  ぶ)。このターン、このユニットは、選んだユニットにアタックできる。``, when the unit has a Number Combination
  number → its combination effect: SP K for the turn, and the unit chosen (by the opponent, or by
  the player with N or more damage) may be attacked by it in the rush area this turn
  (RS-ATTACK-CHOSEN, :mod:`judge.games.rangers_strike.attack_chosen`);
- a unit's ``【name】「SPK」カテゴリまたは特徴の追加されている敵軍[S]ユニットをN体選び、持ち主の山札の下に戻しても
  よい。``, when the unit has a Number Combination number → its combination effect: SP K for the turn
  either way, then, if its player wants, opposing units with a category or feature added go to the
  bottom of their owner's deck (RS-ADDED-TO-BOTTOM, :mod:`judge.games.rangers_strike.added_traits`);
- a unit's ``【name】`` effect, when the unit has a Number Combination number → its
  combination effect (the official Q&A calls a unit's named effect its NC effect:
  RS-NUMBER-COMBINATION), its body read sentence by sentence; when the unit has the rider
  combination RC instead → its combination effect too, triggered as it rides off (the fan
  wiki, atwiki renst 228: "効果名を持つテキストの効果が有効になる", RS-RIDER-COMBINATION);
- a unit's ``【name】これがバトルで敵軍ユニットを撃破したとき、これが撃破したユニットの必要パワーの数字以下の
  必要パワーの数字を持つ敵軍コマンドを1つ選び捨札にしてもよい。``, when the unit has a Number
  Combination number → its combination effect, in force from the combination until the end of
  the turn (RS-COMBINATION-TURN): when the unit destroys an opposing unit in a battle, the player
  may put one opposing command whose printed required power is no more than the destroyed
  unit's into the discard pile (RS-DESTROYS-IN-BATTLE, RS-DISCARD-COMMAND); with the closing
  note ``(この効果は、ライドオフしたときナンバーに関係なく発動する)`` its combination triggers too as
  the unit rides off, whatever its number (RS-RIDE-OFF-NUMBER);
- a unit's ``【name】オモテ向きの自軍パワーの枚数を数えてもよい。そうしたとき、敵軍バトルエリアから、その数以下
  の必要パワーの数字を持つ敵軍[S]ユニットをN体選び持ち主のパワーゾーンに送る。`` (the catalogue prints one
  ``そうしたき``), when the unit has a Number Combination number → its combination effect, optional:
  opposing units of the battle area whose printed required power is no more than the face-up cards
  of the player's power zone go face up into their owner's power zone (RS-COUNT-FACE-UP-POWER,
  RS-POWER-AT-MOST, RS-TO-POWER-ZONE); with the closing note ``(この効果は、ライドオフしたときナン
  バーに関係なく発動する)`` it triggers too as the unit rides off (RS-RIDE-OFF-NUMBER);
- a unit's ``【name】自軍コマンドゾーンから「A」か「B」のカードを1枚選びホールドしてもよい。そうしたとき、ホー
  ルドしたユニットカードのRCの効果を、このユニットの効果として発動する。``, when the unit has a
  combination (a number or RC) → its combination effect: the player may hold one released card so
  named of its command zone, and only then that unit card's RC effect is activated as this
  unit's, when the card is read in full (RS-HOLD-NAMED-COMMAND, RS-AS-OWN-EFFECT,
  :mod:`judge.games.rangers_strike.as_own`); and ``【name】相手の手札を見てもよい。そうしたとき、NCを持つS
  ユニットのカードがあれば1枚選び、そのNCの効果をこのユニットの効果として発動する。`` (or ``NCかRCを持つSユニッ
  トのカードを1枚選び、そのNCまたはRCの効果を、…``), with or without its closing note of a combination made
  from a unit: the player may look at the opponent's hand, and then a size S unit card there with an
  NC (or RC) is chosen, if there is one, and its effect activated as this unit's
  (RS-LOOK-OPPONENT-HAND, RS-AS-OWN-EFFECT);
- a unit's ``【name】自軍ターン中、これがバトルエリアに出るとき、自分の手札から特徴「X」を持つ、追加条件を持たな
  いSユニットのカードを1枚選び相手に見せてもよい。そうしたとき、そのユニット[カード]の効果名を持つ効果を、このユ
  ニットの効果として発動する。`` → its effect as it enters, optional: a card of the hand so described
  shown, and its named effect activated as this unit's (RS-SHOW-FOR-NAMED-EFFECT, RS-AS-OWN-EFFECT);
- a unit's ``【name】このターン、このユニットの次にコンビネーションするCNNを持つ自軍Sユニットは、そのNCの効果を発
  動する。ただし、ストライクはできない。``, when the unit has a combination → its combination effect, in
  force for the turn (RS-COMBINATION-TURN): the unit entering directly after it, a size S unit of
  the player's with combination number N, has its NC triggered whatever its position and cannot
  strike this turn (RS-NEXT-COMBINATION, :mod:`judge.games.rangers_strike.next_combination`);
- a unit's ``【name】このターン、特徴「X」を持つ敵軍ユニットを1体以上撃破して捨札にしたなら、自分がターンを終
  えるとき、相手にN点ダメージを与えてもよい。``, when the unit has a Number Combination number → its
  combination effect, in force until the end of the turn (RS-COMBINATION-TURN): as its player
  ends its turn, if the player destroyed this turn an opposing unit with the feature that went
  to the discard pile, it may deal N damage (RS-IF-DESTROYED-THIS-TURN, RS-TURN-END);
- a resident operation's ``自軍バトルフェイズ中、特徴「X」を持つ自軍Sユニットがバトルエリアに出たとき、次の効果
  を発動できる⇒バトルエリアに出たユニットの必要パワーの数字よりも、必要パワーの数字が小さいWBのMユニットのカード
  を、自分の手札から1枚選び、自軍ラッシュエリアに出す。`` → its effect while it is in place, triggered when a
  unit of its player's of the size with the feature enters the battle area in that player's battle
  phase (RS-RESIDENT-ENTERED), a card of the hand with a lower printed required power number put
  into the rush area (RS-HAND-POWER-BELOW, :mod:`judge.games.rangers_strike.resident_watch`);
- a unit's ``【name】自軍ターン中、これがバトルエリアに出たとき、自軍か敵軍の山札の上から3枚をオモテにしてもよい。そう
  したとき、オモテにしたカードの中にSPが空欄でないユニットカードがあれば、このターン、これは「SP1」になる。その後、オモテ
  にしたカードは、その持ち主が相手に見せずに好きな順で山札の上に戻す。`` → its when-it-enters effect: the top cards
  of either deck revealed, SP 1 for the turn when one is a unit card whose printed SP is not blank,
  and the cards back in an order not known (RS-REVEAL-EITHER-DECK);
- a unit's ``【name】自軍ターン中、これがバトルエリアに出たとき、自軍山札の上から1枚をオモテにする。そして、オモテにした
  カードの必要パワーの数字を見て、その数字が「1」「3」「5」のどれかなら、このターン、これはBP+Nされ、「2」「4」「6」の
  どれかなら、相手は1枚ドローしてもよい。「7」以上なら、このターン、これは「SP1」になる。その後、オモテにしたカードは山
  札の下に戻す。`` → its when-it-enters effect: the top card revealed, BP, the opponent's optional
  draw or SP by the number it prints, then the card to the bottom of the deck (RS-REVEALED-NUMBER);
- a unit's ``自軍山札の上から1枚をオモテにしてもよい。そうしたとき、オモテにしたカードがMAのMユニットのカードだったな
  ら、追加条件を持たない敵軍ユニットを1体選び、持ち主の手札に戻す。その後、オモテにしたカードを手札に加える。`` (in a
  named effect's body) → the top card revealed; when it is a card of that category and size, an
  opposing unit without an additional condition to its owner's hand; then the card revealed into
  the hand (RS-REVEAL-RETURN-TO-HAND);
- a unit's ``【name】自軍ターン中、これがバトルエリアに出たとき、敵軍バトルエリアから<count>以下の必要パワーの数字を
  持つ[S]ユニットを1体選び、持ち主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする。そうしたとき、このユニッ
  トがリリース状態ならホールドし、ホールド状態なら撃破する。`` → its when-it-enters effect: an opposing unit held
  into its owner's command zone, then, only if one was moved, the unit itself held if released,
  destroyed if held (RS-TO-COMMAND, RS-POWER-AT-MOST, RS-HOLD-OR-DESTROY-SELF);
- a unit's ``【name】敵軍バトルエリアと敵軍ラッシュエリアから、同じBPを持つSユニットを1体ずつ選んでもよい。そうした
  とき、選んだユニットを持ち主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする。``, when the unit has a
  Number Combination number → its combination effect, optional: one opposing unit of the battle area
  and one of the rush area with the same BP, both held into their owners' command zones
  (RS-BP-PAIR-TO-COMMAND, RS-TO-COMMAND);
- a resident operation's ``自軍ユニットがバトルエリアに出たとき、自軍山札の上から1枚を見る。そのカードのカテゴリ
  が、バトルエリアに出たユニットのカテゴリと同じなら、そのカードを自軍コマンドゾーンにホールド状態で置いてもよい
  (コマンドゾーンに置けるカードは通常5枚まで)。そうしないとき、そのカードを山札の上に戻すか下に戻すかを選択す
  る。`` → its effect while it is in place: the deck's top card looked at, held into the command
  zone when it shares the entered unit's category, else on top or at the bottom (RS-LOOK-TOP-CATEGORY);
- a resident operation's ``自軍バトルフェイズ中、ホールド状態の自軍Sユニットがバトルエリアに出たとき、『自軍Sユニッ
  トを1体選びホールドする』を実行してもよい。そうしたとき、バトルエリアに出たユニットをリリースする。`` → its
  effect while it is in place: a released size S unit of its player's held (the bold part, or
  another resident's instead), then the entered unit released (RS-TAG-HELD-ENTERED);
- a resident operation's ``自軍ラッシュフェイズごとに1度だけ、『オモテ向きの自軍パワーを1枚選び、自軍山札の上に戻
  す』を実行してもよい。そうしたとき、このターン、特徴「X」を持つ自軍ユニットは、「これはバトルエリアに出たとき撃破さ
  れる」と書かれていても、そのテキストは無効になり、特徴「Y」を追加される。`` → its text executed once in each
  rush phase (RS-TAG-ONCE, RS-TURN-FEATURE, :mod:`judge.games.rangers_strike.tag_activated`);
- a resident operation's ``自軍ラッシュフェイズ中、自分が特徴「X」を持つユニットをラッシュしたとき、自分の手札か
  らカードを好きな枚数選び、自軍山札の下に好きな順で戻してもよい。そうしたとき、戻した枚数と同じ枚数をドローす
  る。`` → its effect while it is in place: hand cards to the bottom of the deck, then as many
  drawn (RS-RUSHED-HAND-CYCLE);
- a resident operation's ``カテゴリにETを持つ自軍ユニットがストライクしてダメージを与えたとき、自軍捨札からSユ
  ニットのカードを相手に1枚選ばせてもよい。そうしたとき、相手の選んだユニットカードを自分の手札に加える。`` → its
  effect while it is in place, triggered when a unit of its player's of the category strikes and
  deals damage (RS-STRIKE-DEALT): the opponent chooses a size S unit card of the player's discard
  pile, which goes into the player's hand (RS-OPPONENT-PICKS-DISCARD);
- a resident operation's ``特徴「X」[または「Y」…]を持つ自軍ユニットは、次の能力を得る⇒スクラム`` (with or
  without scrum's reminder) → its effect while it is in place: each unit of its player's with one
  of the features now has scrum (RS-RESIDENT-SCRUM, RS-SCRUM,
  :mod:`judge.games.rangers_strike.granted`);
- a resident operation's ``自分も相手も次の制限を受ける。ターンを終えるときホールド状態のコマンドを1つ選んで手札
  に戻す。`` → its restriction on both players while it is in place: as each ends its own turn, it
  returns one held command of its own to its hand (RS-TURN-END-HELD-TO-HAND,
  :mod:`judge.games.rangers_strike.held_return`);
- a resident operation's ``自分も相手も次の制限を受ける⇒自分自身の捨札にあるユニットカードと同じカード名のユニット
  カードを、コマンドをホールドしてラッシュするとき、コマンドを追加でNつホールドしなければ、そのユニットカードはラ
  ッシュできない。`` → its restriction on both players while it is in place: N more commands held
  to rush, holding a command, a unit card of the name of a unit card in one's own discard pile
  (RS-NAMESAKE-HOLD, RS-RUSH-HOLD, :mod:`judge.games.rangers_strike.namesake_rush`);
- a normal operation's whole text ``[カテゴリにXを持つ|Xを持ち、特徴「Y」を持たない]自軍[S]ユニットを1体選ぶ。そ
  して、このカードを自軍ラッシュエリアに置き、選んだユニットをこのカードに重ねる。[このカードに重ねたユニット
  は、BP+Nされ、特徴「Z」が追加される。[また、]]重ねたユニットがユニットでなくなるとき、(このカードを持ち主
  の手札に戻す|このカードを捨札にしてその場に留める|このカードは捨札になる)。`` (or choosing ``ナンバーに数字を
  持ち、Xを持つ自軍Sユニット`` and ending ``このカードに重ねたユニットのナンバーの数字はN少なくなる。ただし、M
  より少なくならない。``; or ending ``このカードに重ねたユニットがストライクしてダメージを与えたとき、自軍捨札
  からSユニットのカードを1枚選び、自軍コマンドゾーンにホールド状態で置く。置けなければ手札に加える。``, an
  ``on_strike_damage`` effect besides, RS-STACK-STRIKE) → its ``stack`` effect (RS-STACK,
  RS-STACK-LEAVES, RS-STACK-STAY);
- a normal operation's whole text ``特徴「X」を持つ自軍ユニットを1体と、特徴「Y」を持つ自軍ユニットを1体選び、
  選んだ2体の本来のBPを合計する。そして、合計したBP以下の敵軍ユニットを1体選び、持ち主のパワーゾーンに送る。`` →
  its effect choosing two units of one's own and an opposing unit by the sum of their printed BP
  (RS-CHOSEN-BP-SUM, RS-PRINTED-BP, RS-TO-POWER-ZONE);
- a normal operation's text (no notes, no named parts) → its ``on_use`` effect.

The sentences of a body (each whole, :data:`SENTENCES`): ``敵軍バトルエリアから[S|M|L]ビークルをN体
選ぶ。選んだビークルにライドしているユニットがあれば、それを撃破する。その後、選んだビークルを捨札にす
る。`` (discard_vehicle, RS-SELECT-VEHICLE); ``N枚ドローする。`` (draw N);
``敵軍バトルエリアから[BPN以下の]ユニットをN体選び[、]撃破する。`` (destroy N opposing units
of the battle area, units only: RS-SELECT-UNIT) and its ``持ち主のラッシュエリアに戻す。``
form (return), the units chosen possibly ``ナンバーを持たない`` and of a printed size
(``Sユニット``: RS-SELECT-SIZE); ``このターン、これはBP+Nされる。`` (this unit, until the end of
the turn), and after it ``さらに、このユニットのBPがすべてのユニットのBPとくらべて一番高ければ、このターン、これ
はSPKになる。`` (SP K for the turn only if its BP is then higher than every other unit's; a tie not
guessed: RS-IF-BP-HIGHEST); ``自軍ラッシュエリアから、特徴「X」を持つビークルを1体選んでもよい。`` followed by
``そうしたとき、このターン、これは選んだビークルの必要パワーの数字1ごとにBP+Nされる。`` (a vehicle of one's rush
area chosen, and the unit's BP for the turn by the number it prints: RS-BP-PER-VEHICLE-POWER); ``特徴「X」を持たない敵軍ユニットを、BPの合計がN以下になるように選んで撃破してもよい。ただし選べるユニットの数は、
Cの自軍Sユニットの数までとする。`` (opposing units within a total BP, no more than one's units of category C
and size S count, destroyed: RS-DESTROY-BP-TOTAL); ``敵軍コマンドをすべてホールドする。`` (RS-HOLD-ALL-COMMANDS); ``レジストまたはウイングを持つ敵軍ユニットをすべてホールド
してもよい。`` (every released opposing unit with either keyword held, or none: RS-HOLD-KEYWORD,
:mod:`judge.games.rangers_strike.keyword_hold`);
``[これ以外の]自軍[S]ユニットをN体選び撃破[ホールド]する。`` (units of one's own in the rush or
battle area: RS-SELECT-FIELD); ``相手は自分自身のユニットをN体選び撃破する。`` (the opponent
chooses: RS-OPPONENT-CHOOSES); ``敵軍[S]ユニットをN体選び、持ち主のパワーゾーンにダメージにして
置く。`` (face down as damage: RS-TO-DAMAGE) and ``…持ち主のコマンドゾーンにホールド状態で置く。置けな
ければ捨札にする(この効果は発動できない)。`` (held into the command zone, ``XまたはYを持つ`` before or after
敵軍: RS-TO-COMMAND; ``敵軍バトルエリアから「S」と書かれた敵軍ユニットをN体選び、…``, units whose card prints
the sentence S: RS-SELECT-WRITTEN); ``自軍山札から(を見て、)「X」のカード(ビークルカード,
ユニットカード)を1枚(N枚まで)選び、自軍ラッシュエリアに出して(相手に見せてから手札に加えて)もよい。``
followed by ``その後、山札をシャッフルする。`` (a search of one's deck: RS-SEARCH-DECK);
``自軍山札を見て、特徴「X」を持つ[S]ユニットのカードを1枚選び、相手に見せる。`` followed by ``その後、山札
をシャッフルし、選んだカードを山札の上に戻す。`` (the card chosen shown, then on top of the shuffled deck:
RS-SEARCH-TO-TOP, a when-rushed effect after ``次の効果を発動できる⇒`` only);
``自軍山札を見て、特徴「X」を持つユニットカードをN枚まで選び、選んだカードを自軍ラッシュエリアに出してもよい。
ただし、この効果でカードを選ぶとき、同じカード名のユニットカードを2枚以上選ぶことはできない。`` followed by
``その後、山札をシャッフルする。`` (no two of one card name: RS-SEARCH-DISTINCT-NAMES);
``自軍エリアの「X」がN体以下なら、N体になるまで、自軍パワーゾーンのオモテ向きのカードか自軍コマンドゾーンのカードから
「X」のカードを選び、自軍ラッシュエリアに出してもよい。`` (cards of the name brought until one has N: RS-GATHER-NAMED);
``自分の手札から[、]「X」のカードを1枚選び、自軍ラッシュエリアに出してもよい。`` (RS-FROM-HAND);
``自軍[S]ユニットを1体選ぶ。このターン、選んだユニットは「SPK[/N]」になる。`` (a unit of one's own is
SP K, or K/N, for the turn: RS-SP-EFFECT) and ``…選んだユニットの特徴に「X」を追加する。`` (it has the
feature X too for the turn: RS-ADD-FEATURE); ``自軍山札の上から1枚ひいて、自軍コマンドゾーンにホール
ド状態で置く。`` with its reminder ``(コマンドゾーンに置けるカードは通常5枚まで)`` (RS-TOP-TO-COMMAND);
``すべての捨札を持ち主の山札に戻してシャッフルする。`` (every discard pile into its owners' decks,
shuffled: RS-DISCARDS-TO-DECKS); an operation's ``このカードを自軍パワーゾーンに置く。`` (the operation
itself, face up: RS-SELF-TO-POWER) and ``その後、自軍パワーゾーンのオモテ向きのカードからユニットカードを
1枚選び、手札に加えてもよい。`` (the effect's choice, after what comes before it: RS-POWER-TO-HAND);
``敵軍コマンドゾーンから、[XまたはYを持つ]カードをN枚選び、持ち主のパワーゾーンに送る[ってもよい]。`` (cards of
the opposing command zones, held or released, face up into their owner's power zone: a selector of
command cards, RS-COMMAND-TO-POWER); ``敵軍コマンドを1つ選びリリースしてもよい。そうしたとき、特徴「X」を持つ
Mユニットのカードを、自軍パワーのオモテ向きのカードから1枚選び、ラッシュエリアに出す。`` (an opposing held
command released, then, only if one was, a card of one's power zone into the rush area:
RS-RELEASE-OPPOSING, RS-POWER-TO-RUSH-AREA); ``自軍パワーのダメージになっているカードをウラ向きのまま1枚選び、手札
に加えてもよい。そうしたとき、自軍山札の上から1枚ひいて自軍パワーゾーンにウラ向きに置く。`` (a point of damage
into the hand, then the deck's top card face down in its place: RS-DAMAGE-TO-HAND); ``自軍山札の上から1枚を
オモテにしてもよい。そうしたとき、オモテにしたカードが特徴「X」を持つユニットカードなら、このターン、これは「SP2」
になる。その後、オモテにしたカードは山札の下に戻す。`` (the top card revealed, the unit SP 2 for the turn
when it fits, then the card at the bottom of the deck: RS-REVEAL-TO-BOTTOM); ``[敵軍バトル(ラッシュ)エリアから][…][ウイング(レジスト)を持つ]敵軍[S]ユニット
をN体選び撃破する[してもよい]。`` (opposing units chosen and destroyed, by what they print too:
RS-SELECT-FIELD, RS-SELECT-KEYWORD); ``自軍コマンドを好きな数選びホールドしてもよい。`` followed by
``そうしたとき、ホールドしたコマンド1つにつきBPNとして、そのBPの合計以下のBPを持つ敵軍ユニットを1体選び撃破
する。`` (commands of one's own held, any number, and a unit within the limit they make destroyed:
RS-HOLD-OWN-COMMANDS), and ``自軍コマンドを好きな数選び、自分の手札に戻してもよい。`` followed by
``そうしたとき、相手は、戻した数と同じ数まで可能な限り自分自身のラッシュエリアのSユニットを選び、持ち主の山札の
下に好きな順番で戻す。`` (RS-COMMANDS-TO-HAND, RS-TO-DECK-BOTTOM); ``自軍パワーゾーンのオモテ向きのカードから、必要パワーを満たし
ている[特徴「X」を持つ][S]ユニットのカードを1枚選び、自軍ラッシュエリアに出してもよい(ただし追加条件は満たす
こと)。`` and ``この効果でラッシュしたユニットは、このターン、バトルエリアに出られない。`` after it (a card
of the power zone rushed by the effect: RS-POWER-TO-RUSH); ``特徴「X」を持つ自軍ユニットの数を数え、その数以下の必要パワーの数字を
持つ敵軍[S]ユニットをN体選び、持ち主のコマンドゾーンにホールド状態で置く[置いてもよい]。置けなければ捨札
にする。`` (RS-POWER-AT-MOST, RS-TO-COMMAND); ``自軍パワーゾーンのオモテ向きのカードから、必要パワーの数字がN以下の、Mユニット
かSビークルのカードを1枚選んでもよい。そうしたとき、選んだカードを自軍ラッシュエリアに出す。`` (a face-up card of
one's power zone of any kind listed, by the number it prints, put into one's rush area:
RS-POWER-CHOICE-TO-RUSH); ``敵軍捨札からユニットカードを1枚選んでもよい。`` followed by ``そうしたとき、選んだユニット
カードと同じカード名の敵軍ユニットを1体選び、持ち主のパワーゾーンにダメージにして置く。`` (a unit card of an opposing
discard pile chosen, and an opposing unit of its card name put as damage: RS-DISCARD-NAMESAKE).  ``[敵軍バトルエリアから]…敵軍[S]ユニットをN体選び、持ち主のパワーゾーンに送る。`` (face up:
RS-TO-POWER-ZONE); ``自軍捨札から[特徴「X」を持つ]カードをN枚[まで]選んでもよい。`` followed by
``そうしたとき[、]選んだカードの必要パワーの数字を合計して、その合計以下(と同じ)の必要パワーの数字を持つ敵軍[S]ユニ
ットをN体[選び]撃破する[。]`` (or ``…選び、持ち主のパワーゾーンにダメージにして置く。``: cards of one's own
discard pile chosen, and opposing units by the sum of the numbers they print, RS-CARDS-POWER-SUM;
the catalogue prints one without the comma and the final stop); ``自軍パワーゾーンからカードを1枚選び[、]
捨札にしてもよい。`` followed by ``そうしたとき、捨札にしたカードの必要パワーの数字と同じ必要パワーの数字を持つ敵軍
[S]ユニットをN体選び、撃破する。`` (a card of one's power zone, face up or face down, discarded:
RS-POWER-TO-DISCARD); ``自分の手札からカードをN枚選び[、]相手に見せてもよい。`` followed by ``そうしたとき、見せ
たN枚のカードの必要パワーの数字を合計して、その合計と同じ必要パワーの数字を持つ敵軍[S]ユニットをN体選び、持ち主のパ
ワーゾーンにダメージにして置く。`` (cards of one's hand shown and kept: RS-SHOW-HAND); ``自分の手札を2枚選び、相手
に見せてもよい。`` followed by ``そうしたとき、敵軍バトルエリアのSユニットを1体選びホールドする。`` and ``その後、見せた
カードの必要パワーの数字が「A」と「B」なら、このターン、このユニットのBPを+Nする。`` (a combination's: the unit's BP
for the turn when the cards shown print A and B, RS-SHOWN-NUMBERS-BP);
``「自軍コマンドを1つリリースするか、自軍ユニットを1体リリースする」を1~N回実行してもよい。`` followed by ``そうしたと
き、実行した回数以下の必要パワーの数字を持つ敵軍ユニットを1体選び、持ち主のパワーゾーンにダメージにして置く。`` (held
cards of one's own released one a time, then an opposing unit by the number of times:
RS-RELEASE-TIMES, :mod:`~judge.games.rangers_strike.release_count`).  A body may begin with a condition: ``自軍[S]ユニットの数がN体以下なら、``
(RS-IF-UNITS), ``自軍エリアに「X」があれば、`` (RS-IF-NAMED), ``特徴「X」を持つ自軍ユニットが1体もなけ
れば、`` (RS-IF-NONE-WITH-FEATURE; not a combination's), ``敵軍Sユニットの数が自軍Sユニットの数より
N体以上多いとき、`` (RS-IF-OUTNUMBERED, a combination's too), ``自軍ゾーンのオモテ向きのカードがすべて
Xを持つなら、`` (RS-IF-ZONES-ALL; not a combination's), ``敵軍パワーゾーンのオモテ向きのカードにS
ユニットのカードが無ければ、`` (RS-IF-POWER-NONE; a combination's only before what is done at once:
a combination's effect lasts the turn, and a condition before a lasting change might have to go
on holding, which the sources do not settle; RS-IF-UNITS, RS-IF-NAMED and RS-IF-ZONES-ALL are
not read on a combination at all).  Opposing units may be chosen
``本来のBPがN以下の`` (by their printed BP: RS-PRINTED-BP).  A ``…してもよい。`` sentence makes
the effect optional, read only when it is the body's one sentence, or its first with the rest
after ``そうしたとき、`` (the rest only if it was done: RS-IF-DONE); a body may begin with a cost, ``「X」の自軍コマンドをNつホールドして、次の効果を発動できる⇒`` (optional
from there on: RS-COMMAND-COST), and right after a cost holding one command, ``ホールドしたコマンドにナン
バーがあれば、そのナンバーと同じナンバーを持つ敵軍[S]ユニットをN体選び撃破する。`` (opposing units of the rush or
battle area by the combination number the command held prints, nothing when it prints none:
RS-HELD-NUMBER); ``ホールド状態の自軍コマンドを1つ選び捨札にしてもよい。`` followed by ``そうしたとき、自軍山札の
上から1枚ひいて、そのカードが特徴「X」を持つならリリース状態で、持たないならホールド状態で自軍コマンドゾーンに置く。``
(a held command of one's own discarded, then the deck's top card into the command zone, released
or held by its feature: RS-DISCARD-HELD-COMMAND, RS-TOP-TO-COMMAND).  A unit's whole named effect
``【name】[「SPN」]相手は自分自身のパワーゾーンからオモテ向きのカードを1枚選び手札に戻してもよい。そうしたとき、この
ターン、これはストライクできない。``, when the unit has a combination number, is its Number Combination:
the opponent's choice to return a face-up power card, the unit then barred from striking for the
turn (RS-OPPONENT-RETURNS-POWER); a unit's ``【name】これがアタックしてバトルに勝つたび、敵軍コマンドを1つ選び
ホールドしてもよい。そうしたとき、これは追加でアタックできる(ストライクはできない)。``, when the unit has no number,
is its own text: an opposing command held, then an additional attack (RS-ATTACK-AGAIN); right after
a cost, ``このターン、リリース状態の敵軍コマンドがホールドされたとき、ホールドされたコマンドの必要パワーの数字と同じ必
要パワーの数字を持つ敵軍[S]ユニットを1体選び撃破する。`` (in force for the turn: RS-COMMAND-HELD-WATCH); a unit's whole named effect ``【name】自軍捨札から、Xを持た
ないSユニットのカードを1枚選んでもよい。そうしたとき、このターン、これは選んだカードのBPが「+」され、クロスNを得る。``,
when it has a combination number, is its Number Combination (RS-DISCARD-BP-CROSS, RS-CROSS).  Any other
word keeps its sentence unread.

>>> r = read_card({"type": "unit", "combination": {"number": 2},
...                "text": "【ブレイズ砲】敵軍バトルエリアからBP3000以下のユニットを1体選び撃破する。"})
>>> r.combination[0]["do"][0]["target"]["bp_max"], r.understood
(3000, True)
>>> read_card({"type": "unit", "text": "【ブレイズ砲】1枚ドローする。"}).unread
('【ブレイズ砲】1枚ドローする。',)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from judge.core import textread as tr
from judge.games.rangers_strike import (
    activated,
    added_traits,
    all_to_command,
    area_rules,
    attack_again,
    attack_chosen,
    aura_bp,
    bp_highest,
    bp_lowest,
    bp_pair,
    bp_sum,
    chosen_vehicle,
    command_discard,
    command_rush,
    command_watch,
    counter_search,
    deck_top,
    destroy_within,
    discard_bp_cross,
    discard_namesake,
    effects,
    escort,
    gather_named,
    granted,
    hand_cycle,
    held_number,
    held_return,
    keyword_hold,
    morph,
    namesake_rush,
    no_units,
    only_size,
    opponent_power,
    own_cards,
    placed_held,
    placed_watch,
    release_count,
    resident_watch,
    resist_damage,
    reveal_return,
    rush_discard,
    rush_guard,
    rushed_bar,
    self_cost,
    self_toll,
    strike_sp,
    tag_activated,
    tag_resident,
    top_fortune,
    top_look,
    top_three,
    unit_destroys,
    unit_return,
    usable_as,
    vehicle_power,
    written,
    zone_conditions,
)
from judge.games.rangers_strike.catalog import ANY_COPIES
from judge.games.rangers_strike.quantities import FACE_UP_POWER, PRINTED

_MARKS = "※【◎"


def _except_morph(m: re.Match[str]) -> dict[str, Any]:
    """RS-MORPH: "(モーフで出るときは除く)" after a note on entering the battle area: the note does
    not hold for the card Morph puts there."""
    return {"except_morph": True} if m["morph"] else {}


_KEYWORD_NOTE = re.compile(r"(※[^\s、。()]{1,10}(?:\([^()]*\)\s*|\s+))(\S.*)")
_OPEN, _CLOSE = "「『(（［[", "」』)）］]"
#: "[BPN以下の][<count>以下の必要パワーの数字を持つ][ナンバーを持たない][敵軍][S]ユニットをN体選び"
#: (RS-SELECT-UNIT, RS-SELECT-SIZE, RS-POWER-AT-MOST)
_UNITS = (
    r"、?(?:BP(?P<bp>\d+)以下の)?(?:(?P<lim>{lim}|選んだユニットの必要パワーの数字)以下の必要パワー"
    r"の数字を持つ)?"
    r"(?P<nonum>ナンバーを持たない)?(?:特徴「(?P<feat>[^「」]+)」を持つ)?(?:敵軍)?(?P<size>[SML])?"
    r"ユニットを(?P<n>[1-9])体選び、?"
).replace("{lim}", "|".join(PRINTED))
#: an opposing unit chosen, with what the text asks of it, in any order: "[敵軍バトルエリアから]
#: [BPN以下の][必要パワーの数字がN以下の][特徴「X」を持つ]敵軍[S]ユニットをN体選び" (RS-SELECT-UNIT,
#: RS-SELECT-FEATURE, RS-POWER-AT-MOST, RS-SELECT-FIELD when no area is named)
_OPPOSING_UNITS = (
    r"(?:敵軍(?P<area>バトル|ラッシュ)エリア(?:から|の)、?)?"
    r"(?:BP(?P<bp>\d+)以下の|本来のBPが(?P<obp>\d+)以下の|必要パワーの数字が(?P<pn>[0-9]+)以下の|"
    r"(?P<selfbp>このユニットのBP以下のBPを持つ)|"
    r"特徴「(?P<feat>[^「」]+)」を持つ|(?P<spb>SPが空欄でない)|(?P<kw>ウイング|レジスト)を持つ|"
    r"(?P<riding>ライドしている))*"
    r"(?P<opp>敵軍)?(?P<size>[SML])?ユニットを(?P<n>[1-9])体"
)
_OPPOSING = _OPPOSING_UNITS + r"選び、?"
#: the reminder after an effect lowering BP: "(BP0以下になったユニットは撃破される)" (RS-BP-ZERO)
_BP_ZERO_NOTE = "(BP0以下になったユニットは撃破される)"
#: a cost before what it pays for: "「MA」の自軍コマンドを1つホールドして、次の効果を発動できる⇒"
#: (RS-COMMAND-COST)
_COMMAND_COST = re.compile(
    r"「(?P<cat>WB|ET|OT|MA|DA)」の自軍コマンドを(?P<n>[1-9])つホールドして、?次の効果を発動できる⇒\s*"
)
_OPTIONAL = "してもよい"
#: "hold this unit, if you do: …" before an effect's sentences (RS-HOLD-SELF)
_HOLD_SELF = "このユニットをホールドしてもよい。そうしたとき、"
#: "if one's [S] units number N or fewer, …" before an effect's sentences (RS-IF-UNITS)
_UNITS_AT_MOST = re.compile(r"自軍(?P<size>[SML])?ユニットの数が(?P<n>[0-9]+)体以下なら、")
#: "if the opposing side's [S] units outnumber one's own by N or more, …" before an effect's
#: sentences (RS-IF-OUTNUMBERED)
_OUTNUMBERED = re.compile(
    r"敵軍(?P<size>[SML])?ユニットの数が自軍(?P<own>[SML])?ユニットの数より(?P<n>[1-9])体以上多い"
    r"(?:とき|なら)、"
)
#: "if every face-up card of one's zones has X, …" before an effect's sentences (RS-IF-ZONES-ALL)
_ZONES_ALL = re.compile(
    r"自軍ゾーンのオモテ向きのカードがすべて(?P<cat>WB|ET|OT|MA|DA)を持つなら、"
)
#: "if no face-up card of the opposing power zones is an S unit card, …" (RS-IF-POWER-NONE)
_POWER_NONE = re.compile(
    r"敵軍パワーゾーンのオモテ向きのカードに(?P<size>[SML])?ユニットのカードが(?:無|な)ければ、"
)
#: "if one has no unit with the feature X, …" before an effect's sentences
#: (RS-IF-NONE-WITH-FEATURE)
_NONE_WITH = re.compile(r"特徴「(?P<f>[^「」]+)」を持つ自軍ユニットが1体もなければ、")
#: "if there is X in one's areas, …" before an effect's sentences (RS-IF-NAMED)
_OWN_HAS = re.compile(r"自軍エリアに「(?P<name>[^「」]+)」があれば、")
#: "the following effect may be activated ⇒": the effect is optional (RS-MAY-ACTIVATE)
_ACTIVATE = re.compile(r"次の効果を発動できる\s*[⇒→]\s*")
#: "when you did so": what follows the effect's optional first part (RS-IF-DONE); the comma
#: is left out in one printing ("そうしたとき選んだカードの…")
_IF_DONE = "そうしたとき、"
_IF_DONE_AT = re.compile(r"そうしたとき、?")
#: the card the sentence before chose, put into the rush area (RS-POWER-CHOICE-TO-RUSH)
_CHOSEN_TO_RUSH = "そうしたとき、選んだカードを自軍ラッシュエリアに出す。"
#: commands of one's own moved, any number, before "そうしたとき、…" (RS-HOLD-OWN-COMMANDS,
#: RS-COMMANDS-TO-HAND), and cards of one's own chosen (RS-CARDS-POWER-SUM), or of an opposing
#: discard pile (RS-DISCARD-NAMESAKE)
_COMMANDS_MOVED = (
    "hold_own_commands",
    "commands_to_hand",
    own_cards.OP,
    discard_namesake.OP,
    release_count.OP,
)
#: "afterwards": what follows happens after the sentence before, whatever was done there
_THEN = "その後、"
#: a Number Combination's "「SP1」" (or "SP1") before its sentences, if any (RS-SP-EFFECT)
_SP_GIVEN = re.compile(r"「SP(?P<quoted>[1-9])」\s*|SP(?P<bare>[1-9])(?:\s+|$)")


def parts(text: str) -> list[str]:
    """The parts of a catalogue text (module docstring), normalised: split before each
    ``※`` ``【`` ``◎`` outside brackets and quotes (the normal form drops the space after a
    bracket, so a part may follow one directly).

    >>> parts("※レジスト（撃破されたとき）【名前】1枚ドローする。 ◎「※X」")
    ['※レジスト(撃破されたとき)', '【名前】1枚ドローする。', '◎「※X」']
    >>> parts("※常駐 自軍山札を見る。 ※これは、出られない (この制限は無効)。")
    ['※常駐', '自軍山札を見る。', '※これは、出られない (この制限は無効)。']
    """
    out: list[str] = []
    for line in tr.lines(text):
        depth, cur = 0, ""
        for ch in line:
            if ch in _MARKS and depth == 0 and cur.strip():
                out.append(cur.strip())
                cur = ""
            depth += (ch in _OPEN) - (ch in _CLOSE)
            cur += ch
        if cur.strip():
            out.append(cur.strip())
    return [piece for part in out for piece in _after_keyword(part)]


def _after_keyword(part: str) -> list[str]:
    """A ``※`` keyword note (a word, with its reminder in brackets) and the text after it,
    as two parts: ``※常駐 自軍…`` (a sentence note, ``※これは…。``, stays whole)."""
    found = _KEYWORD_NOTE.fullmatch(part)
    return [found.group(1).strip(), found.group(2)] if found else [part]


def _selector(m: re.Match[str]) -> dict[str, Any]:
    sel: dict[str, Any] = {"side": "opponent", "zone": "battle", "count": int(m.group("n"))}
    if m.group("bp") is not None:
        sel["bp_max"] = int(m.group("bp"))
    sel["type"] = "unit"
    if m.group("size"):
        sel["size"] = m.group("size")
    if m.group("nonum"):
        sel["no_number"] = True
    if m.groupdict().get("feat"):
        sel["feature"] = m["feat"]
    _power_max(sel, m)
    return sel


def _opposing(m: re.Match[str]) -> dict[str, Any] | None:
    """The selector of :data:`_OPPOSING`, or None when the sentence names neither the opposing
    side's area nor 敵軍 (whose units, then, is not said)."""
    if not m["area"] and not m["opp"]:
        return None
    zone = {"バトル": "battle", "ラッシュ": "rush"}.get(m["area"] or "", "field")
    sel: dict[str, Any] = {"side": "opponent", "zone": zone, "count": int(m["n"]), "type": "unit"}
    if m["bp"] is not None:
        sel["bp_max"] = int(m["bp"])
    if m["obp"] is not None:
        sel["printed_bp_max"] = int(m["obp"])  # RS-PRINTED-BP: "本来のBPがN以下の"
    if m["selfbp"]:
        sel["bp_max_self"] = True  # RS-BP-AT-MOST-THIS: "このユニットのBP以下のBPを持つ"
    if m["pn"] is not None:
        sel["power_max"] = int(m["pn"])  # RS-POWER-AT-MOST: "必要パワーの数字がN以下の"
    if m["feat"]:
        sel["feature"] = m["feat"]
    if m["spb"]:
        sel["sp_printed"] = True  # "SPが空欄でない": its printed SP box is not blank
    if m["kw"]:
        sel["keyword"] = m["kw"]  # RS-SELECT-KEYWORD: a printed keyword
    if m["size"]:
        sel["size"] = m["size"]
    if m["riding"]:
        sel["riding"] = True  # RS-SELECT-RIDING: "ライドしている", a unit riding a vehicle
    return sel


def _choose_opposing(m: re.Match[str]) -> tuple[dict[str, Any], bool] | None:
    """ "…敵軍[S]ユニットを1体選んでもよい。" before "そうしたとき、…選んだユニット…": one opposing unit
    chosen, and only when one is, what follows (RS-CHOOSE-FIRST)."""
    sel = _opposing(m)
    if sel is None or sel["count"] != 1:
        return None
    return {"op": "choose", "target": sel}, True


def _bp_of_chosen(m: re.Match[str]) -> tuple[dict[str, Any], bool] | None:
    """ "…敵軍[S]ユニットをN体選んでもよい。そうしたとき、このターン、選んだユニットはBP±Nされる。
    [(BP0以下になったユニットは撃破される)]": the units chosen, if any, get BP ±N for the turn
    (the choice is the effect's; a unit brought to BP 0 or less is destroyed, RS-BP-ZERO)."""
    sel = _opposing(m)
    if sel is None:
        return None
    amount = int(m["amt"]) * (-1 if m["sign"] == "-" else 1)
    return {"op": "bp", "amount": amount, "target": sel, "until": "turn"}, True


def _destroy_by_units_counted(m: re.Match[str]) -> tuple[dict[str, Any], bool]:
    """ "特徴「X」を持つ自軍ユニットの数を数え、その数以下の必要パワーの数字を持つ敵軍[S]ユニットをN体
    選び撃破する[してもよい]。": opposing units (rush or battle area, RS-SELECT-FIELD) whose printed
    required power is no more than the count of one's own units with the feature X
    (RS-POWER-AT-MOST)."""
    sel: dict[str, Any] = {
        "side": "opponent",
        "zone": "field",
        "count": int(m["n"]),
        "type": "unit",
    }
    if m["size"]:
        sel["size"] = m["size"]
    sel["power_max"] = {"own_units": {"feature": m["cf"]}}
    return {"op": "destroy", "target": sel}, m["may"] is not None


def _to_command_by_units_counted(m: re.Match[str]) -> tuple[dict[str, Any], bool]:
    """ "特徴「X」を持つ自軍ユニットの数を数え、その数以下の必要パワーの数字を持つ敵軍[S]ユニットをN体
    選び、持ち主のコマンドゾーンにホールド状態で置く[置いてもよい]。置けなければ捨札にする(この効果は
    発動できない)。": the units chosen as :func:`_destroy_by_units_counted` chooses them, held
    into their owner's command zone (RS-TO-COMMAND)."""
    op, may = _destroy_by_units_counted(m)
    full = "discard" if m["full"] == "捨札にする" else "nothing"
    return {"op": "to_command", "target": op["target"], "if_full": full}, may


def _hold_opposing(m: re.Match[str]) -> tuple[dict[str, Any], bool] | None:
    """ "…敵軍[S]ユニットをN体選びホールドする[してもよい]。" (RS-HOLD-CHOSEN): units not held
    already (a held unit cannot be held again, RS-IF-DONE)."""
    sel = _opposing(m)
    if sel is None:
        return None
    return {"op": "hold", "target": {**sel, "released": True}}, m["may"] is not None


#: "the required power number of the unit chosen" (RS-CHOOSE-FIRST), as a limit
_CHOSEN_POWER = "選んだユニットの必要パワーの数字"


def _destroy_opposing(m: re.Match[str]) -> tuple[dict[str, Any], bool] | None:
    """ "…[ウイングを持つ]敵軍[S]ユニットをN体選び撃破する[してもよい]。": the units chosen are
    destroyed (with no area named, of the rush and battle areas: RS-SELECT-FIELD; by a printed
    keyword: RS-SELECT-KEYWORD)."""
    sel = _opposing(m)
    if sel is None:
        return None
    return {"op": "destroy", "target": sel}, m["may"] is not None


def _opposing_to_power_zone(m: re.Match[str]) -> tuple[dict[str, Any], bool] | None:
    """ "敵軍[S]ユニットをN体選び、持ち主のパワーゾーンに送る[ってもよい]。" (RS-TO-POWER-ZONE): with
    no area named, opposing units of the rush and battle areas (RS-SELECT-FIELD)."""
    sel = _opposing(m)
    if sel is None:
        return None
    return {"op": "to_power_zone", "target": sel}, m["may"] is not None


def _power_max(sel: dict[str, Any], m: re.Match[str]) -> None:
    """RS-POWER-AT-MOST: "<count>以下の必要パワーの数字を持つ", when the sentence says it (the
    count may be the chosen unit's own number: RS-CHOOSE-FIRST)."""
    lim = m.groupdict().get("lim")
    if lim == _CHOSEN_POWER:
        sel["power_max"] = dict(effects.CHOSEN_POWER)
    elif lim:
        sel["power_max"] = PRINTED[lim]


#: "[<count>以下の必要パワーの数字を持つ]" before a unit chosen (RS-POWER-AT-MOST)
_LIMIT = r"(?:(?P<lim>" + "|".join(PRINTED) + r")以下の必要パワーの数字を持つ)?"


def _limited(m: re.Match[str]) -> tuple[dict[str, Any], bool]:
    """ "敵軍ユニットをN体選んで撃破してもよい。ただし、必要パワーの数字が<count>以下のユニットしか
    選べない。": opposing units of the rush or battle area (RS-SELECT-FIELD) whose required
    power is no more than the count (RS-POWER-AT-MOST)."""
    sel = {"side": "opponent", "zone": "field", "count": int(m["n"]), "type": "unit"}
    _power_max(sel, m)
    return {"op": "destroy", "target": sel}, m["may"] is not None


#: what the words of what follows name: the cards the first sentence chose (RS-CARDS-POWER-SUM)
_CARDS_SAID = {"選んだ": None, "捨札に": "discard", "見せた": "show"}


def _by_cards_power(m: re.Match[str]) -> tuple[dict[str, Any], bool]:
    """ "選んだ(捨札にした、見せたN枚の)カードの必要パワーの数字[を合計して、その合計]以下の(と同じ)必要パワーの数字を
    持つ敵軍[S]ユニットをN体[選び]撃破する(選び、持ち主のパワーゾーンにダメージにして置く)": opposing
    units of the rush or battle area (RS-SELECT-FIELD) whose printed required power is no more
    than (the same as) the sum the cards chosen first print (RS-CARDS-POWER-SUM).  ``refers`` is
    what the words name (without 合計 one card), checked against the first sentence by
    :func:`read_body`."""
    sel: dict[str, Any] = {
        "side": "opponent",
        "zone": "field",
        "count": int(m["n"]),
        "type": "unit",
    }
    if m["size"]:
        sel["size"] = m["size"]
    sel["power_max" if m["cmp"] == "以下の" else "power_equal"] = dict(own_cards.SUM)
    refers = {"then": _CARDS_SAID[m["who"][:3]], "sum": m["sum"] is not None}
    if m["k"]:
        refers["count"] = int(m["k"])  # "見せた2枚のカード": as many as were shown
    name = "destroy" if m["destroy"] else "to_damage"
    return {"op": name, "target": sel, "refers": refers}, False


def _by_held_number(m: re.Match[str]) -> tuple[dict[str, Any], bool]:
    """ "ホールドしたコマンドにナンバーがあれば、そのナンバーと同じナンバーを持つ敵軍[S]ユニットをN体選び撃破する。":
    opposing units of the rush or battle area (RS-SELECT-FIELD) whose combination number is
    the one the command the cost before it held prints, if it prints one (RS-HELD-NUMBER; read
    only right after a cost holding one command, :func:`read_body`)."""
    sel: dict[str, Any] = {
        "side": "opponent",
        "zone": "field",
        "count": int(m["n"]),
        "type": "unit",
    }
    if m["size"]:
        sel["size"] = m["size"]
    sel["number_equal"] = dict(held_number.HELD)
    return {"op": "destroy", "target": sel}, False


def _op(name: str) -> Any:
    def build(m: re.Match[str]) -> tuple[dict[str, Any], bool]:
        return {"op": name, "target": _selector(m)}, m.group("may") is not None

    return build


def _own_unit(m: re.Match[str]) -> tuple[dict[str, Any], bool]:
    """ "[これ以外の]自軍[S]ユニットをN体選び撃破[ホールド]する[してもよい]。": units of one's own
    in the rush or battle area (RS-SELECT-FIELD); one to hold must not be held already."""
    sel: dict[str, Any] = {"side": "own", "zone": "field", "count": int(m["n"]), "type": "unit"}
    if m.group("size"):
        sel["size"] = m.group("size")
    if m.group("other"):
        sel["other"] = True
    if m.group("verb") == "ホールド":
        sel["released"] = True
        return {"op": "hold", "target": sel}, m.group("may") is not None
    return {"op": "destroy", "target": sel}, m.group("may") is not None


def _to_damage(m: re.Match[str]) -> tuple[dict[str, Any], bool]:
    """ "敵軍[バトルエリアから][S]ユニットをN体選び、持ち主のパワーゾーンにダメージにして置く。"
    (RS-TO-DAMAGE); no area named: the rush and battle areas (RS-SELECT-FIELD).  "敵軍バトルエリア
    から、BPNの敵軍Sユニットを1体選び、持ち主のパワーゾーンにダメージにして置いてもよい。": a unit whose BP is
    N now (RS-SELECT-BP-EXACT), the effect its player's choice."""
    zone = {"バトル": "battle", "ラッシュ": "rush"}.get(m.group("area") or "", "field")
    sel: dict[str, Any] = {"side": "opponent", "zone": zone, "count": int(m["n"]), "type": "unit"}
    if m.groupdict().get("bpe"):
        sel["bp_equal"] = int(m["bpe"])  # RS-SELECT-BP-EXACT: "BPNの", its BP now
    if m.group("size"):
        sel["size"] = m.group("size")
    _power_max(sel, m)
    return {"op": "to_damage", "target": sel}, m.groupdict().get("may") is not None


def _to_command(m: re.Match[str]) -> tuple[dict[str, Any], bool] | None:
    """ "敵軍[バトルエリアから][XまたはYを持つ][S]ユニットをN体選び、持ち主のコマンドゾーンにホール
    ド状態で置く。置けなければ捨札にする(この効果は発動できない)。" (RS-TO-COMMAND); the categories
    may come first, "XまたはYを持つ敵軍[S]ユニット", before no area."""
    if m["first"] and (m["cats"] or m["area"]):
        return None  # categories said twice, or before an area: not a printed shape
    op, _ = _to_damage(m)
    cats = m["first"] or m["cats"]
    if cats:
        op["target"]["category"] = cats.split("または")
    full = "discard" if m.group("full") == "捨札にする" else "nothing"
    return {"op": "to_command", "target": op["target"], "if_full": full}, False


def _to_command_power_no_feature(m: re.Match[str]) -> tuple[dict[str, Any], bool]:
    """ "敵軍バトルエリアから、必要パワーの数字がN以下で特徴「X」を持たない[S]ユニットをN体選び、持ち主のコマン
    ドゾーンにホールド状態で置[く|いてもよい]。置けなければ捨札にする(この効果は発動できない)。" (RS-TO-COMMAND,
    RS-POWER-AT-MOST; 特徴「X」を持たない: no such feature now, printed or added, RS-ADD-FEATURE)."""
    sel: dict[str, Any] = {
        "side": "opponent",
        "zone": "battle",
        "count": int(m["n"]),
        "type": "unit",
    }
    if m["size"]:
        sel["size"] = m["size"]
    sel["power_max"] = int(m["pn"])
    sel["no_feature"] = m["nf"]
    full = "discard" if m["full"] == "捨札にする" else "nothing"
    return {"op": "to_command", "target": sel, "if_full": full}, m["may"] is not None


def _written_to_command(m: re.Match[str]) -> tuple[dict[str, Any], bool] | None:
    """ "敵軍バトルエリアから「S」と書かれた敵軍ユニットをN体選び、持ち主のコマンドゾーンにホールド状態で置
    く。置けなければ捨札にする(この効果は発動できない)。": units whose card prints the sentence S
    (RS-SELECT-WRITTEN), held into their owner's command zone (RS-TO-COMMAND)."""
    if not written.ok(m["says"]):
        return None
    sel = {"side": "opponent", "zone": "battle", "count": int(m["n"]), "type": "unit"}
    full = "discard" if m["full"] == "捨札にする" else "nothing"
    return {"op": "to_command", "target": {**sel, "written": m["says"]}, "if_full": full}, False


#: "これは[特徴「X」を持つユニットに]アタック[する|される]とき[、]BP+Nされる。" (RS-ATTACK-BP)
_ATTACK_BP = (
    r"これは(?:特徴「(?P<f>[^「」]+)」を[持も]つユニットに)?アタック(?:する|(?P<ed>される))とき、?"
    r"BP\+(?P<n>\d+)される。"
)


def _attack_bp(m: re.Match[str], until: bool) -> dict[str, Any]:
    op: dict[str, Any] = {"op": "bp", "amount": int(m["n"])}
    if until:
        op["until"] = "turn"
    op["during"] = "attacked" if m["ed"] else "attacking"
    if m["f"]:
        op["against"] = {"feature": m["f"]}
    return op


def _sp_of_chosen(m: re.Match[str]) -> tuple[dict[str, Any], bool]:
    """ "自軍[S]ユニットを1体選ぶ。このターン、選んだユニットは「SPK[/N]」になる。" (RS-SP-EFFECT):
    a unit of one's own (rush or battle area, RS-SELECT-FIELD) is SP K, or K/N, for the turn."""
    sel: dict[str, Any] = {"side": "own", "zone": "field", "count": 1, "type": "unit"}
    if m["size"]:
        sel["size"] = m["size"]
    value: int | str = f"{m['k']}/{m['n']}" if m["n"] else int(m["k"])
    return {"op": "sp", "target": sel, "value": value, "until": "turn"}, False


def _add_feature(m: re.Match[str]) -> tuple[dict[str, Any], bool]:
    """ "自軍[S]ユニットを1体選ぶ。このターン、選んだユニットの特徴に「X」を追加する。"
    (RS-ADD-FEATURE)."""
    sel: dict[str, Any] = {"side": "own", "zone": "field", "count": 1, "type": "unit"}
    if m["size"]:
        sel["size"] = m["size"]
    return {"op": "add_feature", "target": sel, "feature": m["f"]}, False


def _search(m: re.Match[str]) -> tuple[dict[str, Any], bool]:
    """ "自軍山札から(を見て、)「X」のカード(ビークルカード)を1枚(N枚まで)選び、自軍ラッシュエリ
    アに出して(相手に見せてから手札に加えて)もよい。" (RS-SEARCH-DECK): always optional."""
    if m["name"]:
        find: dict[str, Any] = {"name": m["name"]}
    elif m["feat"]:
        find = {"feature": m["feat"]}  # a card printing the feature (RS-SELECT-FEATURE)
    else:
        find = {"type": "vehicle" if m["kind"] == "ビークル" else "unit"}
    count = int(m["n"] or 1)
    return {
        "op": "from_deck",
        "find": find,
        "count": count,
        "to": "rush" if m["rush"] else "hand",
    }, True


def _power_choice_to_rush(m: re.Match[str]) -> tuple[dict[str, Any], bool] | None:
    """ "自軍パワーゾーンのオモテ向きのカードから、必要パワーの数字がN以下の、MユニットかSビークルのカードを
    1枚選んでもよい。そうしたとき、選んだカードを自軍ラッシュエリアに出す。" (RS-POWER-CHOICE-TO-RUSH): one
    face-up card of one's power zone of any of the kinds printed (a type and a size), its printed
    required power number N or less, put into one's rush area by the effect; the choice is
    whether to take one."""
    kinds = [
        {"type": "unit" if kind[1:] == "ユニット" else "vehicle", "size": kind[0]}
        for kind in m["kinds"].split("か")
    ]
    if len({(k["type"], k["size"]) for k in kinds}) != len(kinds):
        return None  # a kind said twice: not a printed shape
    find = {"any": kinds, "power_max": int(m["pn"])}
    return {"op": "power_card_to_rush", "find": find}, True


def _gather_named(m: re.Match[str]) -> tuple[dict[str, Any], bool] | None:
    """ "自軍エリアの「X」がN体以下なら、N体になるまで、自軍パワーゾーンのオモテ向きのカードか自軍コマン
    ドゾーンのカードから「X」のカードを選び、自軍ラッシュエリアに出してもよい。" (RS-GATHER-NAMED): read
    only when the two names and the two numbers are one."""
    if m["x"] != m["y"] or m["n"] != m["m"]:
        return None
    return {"op": gather_named.OP, "name": m["x"], "upto": int(m["n"])}, True


#: the sentences of an effect's body: what each is read as, ``(op, optional)``
SENTENCES: tuple[tr.Template, ...] = (
    tr.template(
        "all_opposing_to_command",
        r"敵軍バトルエリアにある、特徴「(?P<f1>[^「」]+)」(?:または「(?P<f2>[^「」]+)」)?を持たない"
        r"(?P<size>[SML])ユニットを、すべて持ち主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする。",
        lambda m: (
            {
                "op": all_to_command.OP,
                "all": {
                    "side": "opponent",
                    "zone": "battle",
                    "type": "unit",
                    "size": m["size"],
                    "no_features": [f for f in (m["f1"], m["f2"]) if f],
                },
                "if_full": "discard",
            },
            False,
        ),
    ),
    tr.template(
        "discard_vehicle",
        r"敵軍バトルエリアから(?P<size>[SML])?ビークルを(?P<n>[1-9])体選ぶ。選んだビークルにライドしている"
        r"ユニットがあれば、それを撃破する。その後、選んだビークルを捨札にする。",
        lambda m: (
            {
                "op": "discard_vehicle",
                "target": {
                    "side": "opponent",
                    "zone": "battle",
                    "count": int(m["n"]),
                    "type": "vehicle",
                    **({"size": m["size"]} if m["size"] else {}),
                },
            },
            False,
        ),
    ),
    tr.template(
        "destroy_by_units_counted",
        r"特徴「(?P<cf>[^「」]+)」を持つ自軍ユニットの数を数え、その数以下の必要パワーの数字を持つ敵軍"
        r"(?P<size>[SML])?ユニットを(?P<n>[1-9])体選び、?撃破(?:する|(?P<may>してもよい))。",
        _destroy_by_units_counted,
    ),
    tr.template(
        "to_command_by_units_counted",
        r"特徴「(?P<cf>[^「」]+)」を持つ自軍ユニットの数を数え、その数以下の必要パワーの数字を持つ敵軍"
        r"(?P<size>[SML])?ユニットを(?P<n>[1-9])体選び、?持ち主のコマンドゾーンにホールド状態で置(?:く|"
        r"(?P<may>いてもよい))。置けなければ(?P<full>捨札にする|この効果は発動できない)。",
        _to_command_by_units_counted,
    ),
    tr.template(
        "choose_own_unit",
        r"自軍(?P<size>[SML])?ユニットを1体選んでもよい。",
        lambda m: (
            {
                "op": "choose",
                "target": {
                    "side": "own",
                    "zone": "field",
                    "count": 1,
                    "type": "unit",
                    **({"size": m["size"]} if m["size"] else {}),
                },
            },
            True,
        ),
    ),
    tr.template(
        "choose_opposing_unit",
        rf"{_OPPOSING_UNITS}選んでもよい。",
        _choose_opposing,
    ),
    tr.template(
        "chosen_to_damage_if_namesake",
        r"選んだユニットと同じカード名の敵軍ユニットが、選んだユニット以外にあれば、選んだユニットを持ち主の"
        r"パワーゾーンにダメージにして置く。",
        lambda m: ({"op": "to_damage", "target": "chosen", "if": "namesake"}, False),
    ),
    tr.template(
        "bp_of_chosen_opposing_units",
        rf"{_OPPOSING_UNITS}選んでもよい。そうしたとき、このターン、選んだユニットはBP(?P<sign>[-+])"
        rf"(?P<amt>\d+)される。(?:{re.escape(_BP_ZERO_NOTE)})?",
        _bp_of_chosen,
    ),
    tr.template(
        "hold_opposing_units",
        rf"{_OPPOSING}ホールド(?:する|(?P<may>{_OPTIONAL}))。",
        _hold_opposing,
    ),
    tr.template(
        "draw",
        r"(?:自分は)?(?P<n>[1-9])枚ドローする。",
        lambda m: ({"op": "draw", "n": int(m["n"])}, False),
    ),
    tr.template(
        "destroy_opposing_units",
        rf"敵軍バトルエリアから{_UNITS}撃破(?:する|(?P<may>{_OPTIONAL}))。",
        _op("destroy"),
    ),
    tr.template(
        "destroy_opposing_chosen",
        rf"{_OPPOSING}撃破(?:する|(?P<may>{_OPTIONAL}))。",
        _destroy_opposing,
    ),
    tr.template(
        "destroy_opposing_units_limited",
        r"敵軍ユニットを(?P<n>[1-9])体選んで撃破(?:する|(?P<may>してもよい))。ただし、必要パワーの数字が"
        r"(?P<lim>{lim})以下のユニットしか選べない。".replace("{lim}", "|".join(PRINTED)),
        _limited,
    ),
    tr.template(
        "opposing_units_to_power_zone",
        rf"敵軍バトルエリアから{_UNITS}持ち主のパワーゾーンに送(?:る|(?P<may>ってもよい))。",
        _op("to_power_zone"),
    ),
    tr.template(
        "opposing_commands_to_power_zone",
        r"敵軍コマンドゾーンから、?(?:(?P<cats>(?:WB|ET|OT|MA|DA)(?:または(?:WB|ET|OT|MA|DA))*)を持つ)?"
        r"カードを(?P<n>[1-9])枚選び、?持ち主のパワーゾーンに送(?:る|(?P<may>ってもよい))。",
        lambda m: (
            {
                "op": "to_power_zone",
                "target": {
                    "side": "opponent",
                    "zone": "command",
                    "count": int(m["n"]),
                    **({"category": m["cats"].split("または")} if m["cats"] else {}),
                },
            },
            m["may"] is not None,
        ),
    ),
    tr.template(
        "opposing_field_units_to_power_zone",
        rf"{_OPPOSING}持ち主のパワーゾーンに送(?:る|(?P<may>ってもよい))。",
        _opposing_to_power_zone,
    ),
    tr.template(
        "return_opposing_units",
        rf"敵軍バトルエリアから{_UNITS}持ち主のラッシュエリアに戻(?:す|(?P<may>{_OPTIONAL}))。",
        _op("return"),
    ),
    tr.template(
        "draw_per_units",
        r"特徴「(?P<f>[^「」]+)」を持つ自軍ユニット(?P<u>[1-9])体につき(?P<n>[1-9])枚ドローする。",
        lambda m: (
            {"op": "draw", "n": int(m["n"]), "per": {"feature": m["f"], "units": int(m["u"])}},
            False,
        ),
    ),
    tr.template(
        "sp_gained",
        r"このターン、これは次の能力を得る⇒「SP(?P<n>[1-9])」。?",
        lambda m: ({"op": "sp", "value": int(m["n"]), "until": "turn"}, False),
    ),
    tr.template(
        "hold_all_opposing_commands",
        r"敵軍コマンドをすべてホールドする。",
        lambda m: ({"op": "hold_all_commands"}, False),
    ),
    tr.template(
        "held_aura_bp",  # RS-HELD-AURA-BP
        r"このターン、ホールド状態の敵軍(?P<size>[SML])ユニットはBP-(?P<n>\d+)される。"
        r"\(BP0以下になったユニットは撃破される\)",
        lambda m: ({"op": aura_bp.HELD_OP, "size": m["size"], "bp": -int(m["n"])}, False),
    ),
    tr.template(
        "hold_keyword_all",  # RS-HOLD-KEYWORD
        r"レジストまたはウイングを持つ敵軍ユニットをすべてホールドしてもよい。",
        lambda m: ({"op": keyword_hold.OP, "keywords": list(keyword_hold.READ)}, True),
    ),
    tr.template(
        "destroy_or_hold_own_unit",
        r"(?P<other>これ以外の)?自軍(?P<size>[SML])?ユニットを(?P<n>[1-9])体選び、?"
        rf"(?P<verb>撃破|ホールド)(?:する|(?P<may>{_OPTIONAL}))。",
        _own_unit,
    ),
    tr.template(
        "opponent_destroys_own_unit",
        r"相手は自分自身のユニットを(?P<n>[1-9])体選び、?撃破する。",
        lambda m: (
            {
                "op": "destroy",
                "target": {
                    "side": "opponent",
                    "zone": "field",
                    "count": int(m["n"]),
                    "type": "unit",
                    "chooser": "opponent",
                },
            },
            False,
        ),
    ),
    tr.template(
        "opposing_units_to_damage",
        r"敵軍(?:(?P<area>バトル|ラッシュ)エリアから、?)?"
        + _LIMIT
        + r"(?:(?<=から、)BP(?P<bpe>\d+)の敵軍(?=S))?(?:敵軍)?(?P<size>[SML])?ユニッ"
        r"トを(?P<n>[1-9])体選び、?持ち主のパワーゾーンにダメージにして置(?:く|(?P<may>いてもよい))。",
        _to_damage,
    ),
    tr.template(
        "opposing_vehicles_to_command",
        r"敵軍バトルエリアから、?ライドされていない(?P<size>[SML])?ビークルを(?P<n>[1-9])体選び、?"
        r"持ち主のコマンドゾーンにホールド状態で置く。置けなければ(?P<full>捨札にする|この効果は発動できない)。",
        lambda m: (
            {
                "op": "to_command",
                "target": {
                    "side": "opponent",
                    "zone": "battle",
                    "count": int(m["n"]),
                    "type": "vehicle",
                    "unridden": True,
                    **({"size": m["size"]} if m["size"] else {}),
                },
                "if_full": "discard" if m["full"] == "捨札にする" else "nothing",
            },
            False,
        ),
    ),
    tr.template(
        "watch_placed_held",
        r"このターン、敵軍コマンドゾーンにホールド状態でユニットカードが置かれたとき、それを捨札にしてもよい。",
        lambda m: ({"op": placed_watch.OP}, False),
    ),
    tr.template(
        "opposing_unit_to_command_power_no_feature",
        r"敵軍バトルエリアから、必要パワーの数字が(?P<pn>[0-9]+)以下で特徴「(?P<nf>[^「」]+)」を持たない"
        r"(?P<size>[SML])?ユニットを(?P<n>[1-9])体選び、持ち主のコマンドゾーンにホールド状態で置(?:く|"
        r"(?P<may>いてもよい))。置けなければ(?P<full>捨札にする|この効果は発動できない)。",
        _to_command_power_no_feature,
    ),
    tr.template(
        "opposing_units_to_command",
        r"(?:(?P<first>(?:WB|ET|OT|MA|DA)(?:または(?:WB|ET|OT|MA|DA))*)を持つ)?"
        r"敵軍(?:(?P<area>バトル|ラッシュ)エリアから、?)?(?:(?P<cats>(?:WB|ET|OT|MA|DA)(?:または"
        r"(?:WB|ET|OT|MA|DA))*)を持つ)?(?:敵軍)?(?P<size>[SML])?ユニットを(?P<n>[1-9])体選び、?"
        r"持ち主のコマンドゾーンにホールド状態で置く。置けなければ(?P<full>捨札にする|この効果は発動できない)。",
        _to_command,
    ),
    tr.template(
        "written_opposing_unit_to_command",
        r"敵軍バトルエリアから「(?P<says>(?:[^「」]|「[^「」]*」)+)」と書かれた敵軍ユニットを(?P<n>[1-9])体"
        r"選び、?持ち主のコマンドゾーンにホールド状態で置く。置けなければ(?P<full>捨札にする|この効果は発動で"
        r"きない)。",
        _written_to_command,
    ),
    tr.template(
        "search_deck",
        r"自軍山札(?:から、?|を見て、?)(?:「(?P<name>[^「」]+)」のカード|(?P<kind>ビークル|ユニッ"
        r"ト)カード|特徴「(?P<feat>[^「」]+)」を持つカード)を(?:1枚|(?P<n>[1-9])枚まで)選び、(?:(?P<rush>自軍ラッシュエリアに出し)|相手に見せ"
        r"てから手札に加え)てもよい。",
        _search,
    ),
    tr.template(
        "gather_named",
        r"自軍エリアの「(?P<x>[^「」]+)」が(?P<n>[1-9])体以下なら、(?P<m>[1-9])体になるまで、自軍パワーゾーンの"
        r"オモテ向きのカードか自軍コマンドゾーンのカードから「(?P<y>[^「」]+)」のカードを選び、自軍ラッシュエリアに"
        r"出してもよい。",
        _gather_named,
    ),
    tr.template(
        "search_distinct_names",
        r"自軍山札を見て、?特徴「(?P<feat>[^「」]+)」を持つユニットカードを(?P<n>[2-9])枚まで選び、"
        r"選んだカードを自軍ラッシュエリアに出してもよい。ただし、この効果でカードを選ぶとき、同じカード名"
        r"のユニットカードを2枚以上選ぶことはできない。",
        lambda m: (
            {
                "op": "from_deck",
                "find": {"type": "unit", "feature": m["feat"]},
                "count": int(m["n"]),
                "to": "rush",
                "distinct_names": True,
            },
            True,
        ),
    ),
    tr.template(
        "search_to_top",
        r"自軍山札を見て、?特徴「(?P<feat>[^「」]+)」を持つ(?P<size>[SML])?ユニットのカードを1枚選び、"
        r"相手に見せる。",
        lambda m: (
            {
                "op": "from_deck",
                "find": {
                    "type": "unit",
                    **({"size": m["size"]} if m["size"] else {}),
                    "feature": m["feat"],
                },
                "count": 1,
                "to": deck_top.TO,
            },
            False,
        ),
    ),
    tr.template(
        "shuffle_chosen_on_top",
        r"その後、山札をシャッフルし、選んだカードを山札の上に戻す。",
        lambda m: (dict(deck_top.SHUFFLE), False),
    ),
    tr.template(
        "hand_to_rush",
        r"自分の手札から(?P<cat>WB|ET|OT|MA|DA)を持つBP(?P<bp>\d+)以下の(?P<size>[SML])ユニットのカードを"
        r"1枚選び、ラッシュエリアに出してもよい。ただし、追加条件は満たすこと。",
        lambda m: (
            {
                "op": "from_hand",
                "find": {
                    "type": "unit",
                    "category": m["cat"],
                    "bp_max": int(m["bp"]),
                    "size": m["size"],
                },
                "count": 1,
                "to": "rush",
                "condition_met": True,
            },
            True,
        ),
    ),
    tr.template(
        "from_hand",
        r"自分の手札から、?「(?P<name>[^「」]+)」のカードを1枚選び、自軍ラッシュエリアに出してもよい。",
        lambda m: (
            {"op": "from_hand", "find": {"name": m["name"]}, "count": 1, "to": "rush"},
            True,
        ),
    ),
    tr.template(
        "sp_of_chosen",
        r"自軍(?P<size>[SML])?ユニットを1体選ぶ。このターン、選んだユニットは「?SP(?P<k>[1-9])"
        r"(?:/(?P<n>[1-9]))?」?になる。",
        _sp_of_chosen,
    ),
    tr.template(
        "add_feature_to_chosen",
        r"自軍(?P<size>[SML])?ユニットを1体選ぶ。このターン、選んだユニットの特徴に「(?P<f>[^「」]+)」を"
        r"追加する。",
        _add_feature,
    ),
    tr.template(
        "top_to_command",
        r"自軍山札の上から1枚ひいて、自軍コマンドゾーンにホールド状態で置く。"
        r"(?:\(コマンドゾーンに置けるカードは通常5枚まで\))?",
        lambda m: ({"op": "top_to_command"}, False),
    ),
    tr.template(
        "top_to_command_released_if",
        r"自軍山札の上から1枚ひいて、そのカードが特徴「(?P<f>[^「」]+)」を持つならリリース状態で、持たないなら"
        r"ホールド状態で自軍コマンドゾーンに置く。",
        lambda m: ({"op": "top_to_command", "released_if": {"feature": m["f"]}}, False),
    ),
    tr.template(
        "discard_held_command",
        r"ホールド状態の自軍コマンドを(?P<n>[1-9])つ選び、?捨札にしてもよい。",
        lambda m: ({"op": command_discard.OP, "count": int(m["n"])}, True),
    ),
    tr.template(
        "opponent_puts_unit_into_battle",
        r"相手は自分自身のラッシュエリアから(?P<size>[SML])?ユニットを(?P<n>[1-9])体選び、可能ならバト"
        r"ルエリアに出す。",
        lambda m: (
            {
                "op": "to_battle",
                "target": {
                    "side": "opponent",
                    "zone": "rush",
                    "count": int(m["n"]),
                    "type": "unit",
                    **({"size": m["size"]} if m["size"] else {}),
                    "chooser": "opponent",
                },
            },
            False,
        ),
    ),
    tr.template(
        "reveal_top_named",
        r"自軍山札の上から1枚をオモテにしてもよい。オモテにしたカードが「(?P<name>[^「」]+)」なら自軍ラッ"
        r"シュエリアに出し、それ以外なら捨札にする。",
        lambda m: ({"op": "reveal_top", "name": m["name"]}, True),
    ),
    tr.template(
        "resident_to_deck",
        r"常駐しているオペレーションを1つ選び、選んだオペレーションを持ち主の山札に戻してシャッフルする。",
        lambda m: ({"op": "resident_to_deck"}, False),
    ),
    tr.template(
        "self_to_power",
        r"このカードを自軍パワーゾーンに置く。",
        lambda m: ({"op": "to_power_self"}, False),
    ),
    tr.template(
        "power_to_hand",
        r"(?:その後、)?自軍パワーゾーンのオモテ向きのカードからユニットカードを1枚選び、手札に加えてもよい。",
        lambda m: ({"op": "power_to_hand", "find": {"type": "unit"}}, True),
    ),
    tr.template(
        "discards_to_decks",
        r"すべての捨札を持ち主の山札に戻してシャッフルする。",
        lambda m: ({"op": "discards_to_decks"}, False),
    ),
    tr.template(
        "shuffle_deck",
        r"その後、?山札をシャッフルする。",
        lambda m: ({"op": "shuffle"}, False),
    ),
    tr.template("discard_self", r"これを捨札にする。", lambda m: ({"op": "discard"}, False)),
    tr.template(
        "release_command",
        r"(?P<side>自軍|敵軍)コマンドを(?P<n>[1-9])つ選び、?リリース(?:する|(?P<may>してもよい))。",
        lambda m: (
            {
                "op": "release_command",
                "count": int(m["n"]),
                **({"side": "opponent"} if m["side"] == "敵軍" else {}),
            },
            m["may"] is not None,
        ),
    ),
    tr.template(
        "reveal_top",
        r"自軍山札の上から1枚をオモテにしてもよい。",
        lambda m: ({"op": "reveal"}, True),
    ),
    tr.template(
        "sp_if_revealed",
        r"オモテにしたカードが(?:特徴「(?P<f>[^「」]+)」を持つ)?ユニットカードなら、?このターン、?これは"
        r"「SP(?P<n>[1-9])」になる。",
        lambda m: (
            {
                "op": "sp",
                "value": int(m["n"]),
                "until": "turn",
                "if": {"revealed": {"type": "unit", **({"feature": m["f"]} if m["f"] else {})}},
            },
            False,
        ),
    ),
    tr.template(
        "heal_all_damage",
        r"自軍パワーゾーンのダメージになって(?:い)?るカードをすべてオモテにする。",
        lambda m: ({"op": "heal", "n": "all"}, False),
    ),
    tr.template(
        "opponent_searches_own_deck",
        r"そして、相手は自分自身の山札を見て、ユニットカードを1枚選び、自分自身のラッシュエリアに出してもよい。",
        lambda m: (
            {"op": "opponent_from_deck", "find": {"type": "unit"}, "count": 1, "to": "rush"},
            False,
        ),
    ),
    tr.template(
        "opponent_shuffles_own_deck",
        r"その後、相手は自分自身の山札をシャッフルする。",
        lambda m: ({"op": "opponent_shuffle"}, False),
    ),
    tr.template(
        "discard_unpowered",
        r"必要パワーを満たしていない(?P<size>[SML])ユニットと(?P=size)ビークルを可能な限りすべて選び、?捨札にする。",
        lambda m: ({"op": "discard_unpowered", "size": m["size"]}, False),
    ),
    tr.template(
        "rush_without_condition",
        r"このターン、特徴「(?P<f>[^「」]+)」を持つBP(?P<bp>\d+)以下の(?P<size>[SML])ユニットのカードは、"
        r"追加条件を満たさなくてもラッシュできる。",
        lambda m: (
            {
                "op": "waive_condition",
                "find": {
                    "type": "unit",
                    "size": m["size"],
                    "feature": m["f"],
                    "bp_max": int(m["bp"]),
                },
            },
            False,
        ),
    ),
    tr.template(
        "reveal_opposing_top",
        r"敵軍山札の上から1枚をオモテにする。",
        lambda m: ({"op": "reveal_opposing_top"}, False),
    ),
    tr.template(
        "draw_if_held_feature",
        r"このカードを(?:使用するためにホールドしたコマンドが特徴「(?P<f>[^「」]+)」を持つなら、|使用したコマ"
        r"ンドが特徴に「(?P<g>[^「」]+)」を持つカードなら)自分は1枚ドローする。",
        lambda m: (
            {"op": "draw", "n": 1, "if": {"held_command": {"feature": m["f"] or m["g"]}}},
            False,
        ),
    ),
    tr.template(
        "revealed_to_owner_top",
        r"その後、オモテにしたカード(?:は持ち主の山札の上|(?P<any>を山札))に戻す。",
        lambda m: ({"op": "revealed_to_deck" if m["any"] else "revealed_to_top"}, False),
    ),
    tr.template(
        "return_if_revealed",
        r"オモテにしたカードが(?P<cat>WB|ET|OT|MA|DA)の(?P<size>[SML])ユニットのカードだったなら、?追加条件を持たない"
        r"敵軍ユニットを1体選び、?持ち主の手札に戻す。",
        lambda m: (
            {
                "op": reveal_return.RETURN,
                "target": dict(reveal_return.TARGET),
                "if": {"revealed": {"category": m["cat"], "type": "unit", "size": m["size"]}},
            },
            False,
        ),
    ),
    tr.template(
        "revealed_to_hand",
        r"その後、?オモテにしたカードを手札に加える。",
        lambda m: ({"op": reveal_return.TO_HAND}, False),
    ),
    tr.template(
        "revealed_to_bottom",
        r"その後、?オモテにしたカードは山札の下に戻す。",
        lambda m: ({"op": "revealed_to_bottom"}, False),
    ),
    tr.template(
        "damage_to_hand",
        r"自軍パワー(?:ゾーン)?のダメージになっているカードをウラ向きのまま1枚選び、?手札に加えてもよい。",
        lambda m: ({"op": "damage_to_hand"}, True),
    ),
    tr.template(
        "top_to_damage",
        r"自軍山札の上から1枚ひいて、?自軍パワーゾーンにウラ向きに置く。",
        lambda m: ({"op": "top_to_damage"}, False),
    ),
    tr.template(
        "power_card_to_rush",
        r"(?:特徴「(?P<f>[^「」]+)」を持つ)?(?P<size>[SML])?ユニットのカードを、?自軍パワー(?:ゾーン)?の"
        r"オモテ向きのカードから1枚選び、?ラッシュエリアに出す。",
        lambda m: (
            {
                "op": "power_card_to_rush",
                "find": {
                    "type": "unit",
                    **({"size": m["size"]} if m["size"] else {}),
                    **({"feature": m["f"]} if m["f"] else {}),
                },
            },
            False,
        ),
    ),
    tr.template(
        "power_choice_to_rush",
        r"自軍パワーゾーンのオモテ向きのカードから、?必要パワーの数字が(?P<pn>[0-9]+)以下の、?"
        r"(?P<kinds>[SML](?:ユニット|ビークル)(?:か[SML](?:ユニット|ビークル))*)のカードを1枚選んでもよい。"
        + re.escape(_CHOSEN_TO_RUSH),
        _power_choice_to_rush,
    ),
    tr.template(
        "choose_opposing_discard_unit_card",
        r"敵軍捨札からユニットカードを1枚選んでもよい。",
        lambda m: ({k: v for k, v in discard_namesake.FIRST.items() if k != "if_done"}, True),
    ),
    tr.template(
        "namesake_of_chosen_card_to_damage",
        r"選んだユニットカードと同じカード名の敵軍ユニットを1体選び、?持ち主のパワーゾーンにダメージにして置く。",
        lambda m: ({"op": "to_damage", "target": dict(discard_namesake.TARGET)}, False),
    ),
    tr.template(
        "hold_own_commands",
        r"自軍コマンドを好きな数選び、?ホールドしてもよい。",
        lambda m: ({"op": "hold_own_commands"}, True),
    ),
    tr.template(
        "power_to_rush",
        r"自軍パワーゾーンのオモテ向きのカードから、?必要パワーを満たしている(?:特徴「(?P<f>[^「」]+)」を持つ)?"
        r"(?P<size>[SML])?ユニットのカードを1枚選び、?自軍ラッシュエリアに出してもよい\(ただし、?追加条件は"
        r"満たすこと\)。(?P<no>この効果でラッシュしたユニットは、このターン、バトルエリアに出られない。)?",
        lambda m: (
            {
                "op": "power_to_rush",
                "find": {
                    "type": "unit",
                    **({"size": m["size"]} if m["size"] else {}),
                    **({"feature": m["f"]} if m["f"] else {}),
                },
                "power_met": True,
                "condition_met": True,
                **({"no_enter": "turn"} if m["no"] else {}),
            },
            True,
        ),
    ),
    tr.template(
        "commands_to_hand",
        r"自軍コマンドを好きな数選び、?自分の手札に戻してもよい。",
        lambda m: ({"op": "commands_to_hand"}, True),
    ),
    tr.template(
        "opponent_puts_as_many_on_deck_bottom",
        r"相手は、?戻した数と同じ数まで可能な限り自分自身のラッシュエリアの(?P<size>[SML])?ユニットを選び、?"
        r"持ち主の山札の下に好きな順番で戻す。",
        lambda m: (
            {
                "op": "to_deck_bottom",
                "target": {
                    "side": "opponent",
                    "zone": "rush",
                    "type": "unit",
                    **({"size": m["size"]} if m["size"] else {}),
                    "chooser": "opponent",
                    "count_returned": True,
                },
            },
            False,
        ),
    ),
    tr.template(
        "destroy_per_command_held",
        r"ホールドしたコマンド1つにつきBP(?P<per>\d+)として、そのBPの合計以下のBPを持つ敵軍"
        r"(?P<size>[SML])?ユニットを(?P<n>[1-9])体選び、?撃破する。",
        lambda m: (
            {
                "op": "destroy",
                "target": {
                    "side": "opponent",
                    "zone": "field",
                    "count": int(m["n"]),
                    "type": "unit",
                    **({"size": m["size"]} if m["size"] else {}),
                    "bp_per_held": int(m["per"]),
                },
            },
            False,
        ),
    ),
    tr.template(
        "choose_cards_in_discard_pile",
        r"自軍捨札から(?:特徴「(?P<f>[^「」]+)」を持つ)?カードを(?P<n>[1-9])枚(?P<upto>まで)?選んでもよい。",
        lambda m: (
            {
                "op": own_cards.OP,
                "zone": "discard",
                "count": int(m["n"]),
                **({"up_to": True} if m["upto"] else {}),
                **({"feature": m["f"]} if m["f"] else {}),
            },
            True,
        ),
    ),
    tr.template(
        "discard_power_card",
        r"自軍パワーゾーンからカードを1枚選び、?捨札にしてもよい。",
        lambda m: ({"op": own_cards.OP, "zone": "power", "count": 1, "then": "discard"}, True),
    ),
    tr.template(
        "show_hand_cards",
        r"自分の手札(?:からカード)?を(?P<n>[1-9])枚選び、?相手に見せてもよい。",
        lambda m: (
            {"op": own_cards.OP, "zone": "hand", "count": int(m["n"]), "then": "show"},
            True,
        ),
    ),
    tr.template(
        "opposing_unit_by_cards_power",
        r"(?P<who>選んだ|捨札にした|見せた(?P<k>[1-9])枚の)カードの必要パワーの数字(?P<sum>を合計して、?その合計)?(?P<cmp>以下の|と同じ)"
        r"必要パワーの数字を持つ敵軍(?P<size>[SML])?ユニットを(?P<n>[1-9])体(?:(?P<destroy>(?:選び、?)?撃破する)|"
        r"選び、?持ち主のパワーゾーンにダメージにして置く)。?",
        _by_cards_power,
    ),
    tr.template(
        "release_own_times",
        r"「自軍コマンドを1つリリースするか、自軍ユニットを1体リリースする」を1~(?P<max>[1-9])回実行してもよい。",
        lambda m: ({"op": release_count.OP, "max": int(m["max"])}, True),
    ),
    tr.template(
        "opposing_unit_by_times_to_damage",
        r"実行した回数以下の必要パワーの数字を持つ敵軍ユニットを1体選び、持ち主のパワーゾーンにダメージにして置く。",
        lambda m: (
            {
                "op": "to_damage",
                "target": {
                    "side": "opponent",
                    "zone": "field",
                    "count": 1,
                    "type": "unit",
                    "power_max": dict(release_count.TIMES),
                },
            },
            False,
        ),
    ),
    tr.template(
        "bp_if_shown_numbers",
        r"その後、見せたカードの必要パワーの数字が「(?P<a>[0-9])」と「(?P<b>[0-9])」なら、このターン、"
        r"このユニットのBPを\+(?P<n>\d+)する。",
        lambda m: (
            {
                "op": "bp",
                "amount": int(m["n"]),
                "until": "turn",
                own_cards.NUMBERS: sorted([int(m["a"]), int(m["b"])]),
                "refers": {"then": "show", "count": 2, "all": True},
            },
            False,
        ),
    ),
    tr.template(
        "watch_opposing_commands_held",
        r"このターン、リリース状態の敵軍コマンドがホールドされたとき、\s*ホールドされたコマンドの必要パワーの数字と"
        r"同じ必要パワーの数字を持つ敵軍(?P<size>[SML])?ユニットを1体選び、?撃破する。",
        lambda m: (
            {
                "op": command_watch.OP,
                "do": [
                    {
                        "op": "destroy",
                        "target": {
                            "side": "opponent",
                            "zone": "field",
                            "count": 1,
                            "type": "unit",
                            **({"size": m["size"]} if m["size"] else {}),
                            "power_equal": dict(command_watch.HELD_POWER),
                        },
                    }
                ],
            },
            False,
        ),
    ),
    tr.template(
        "opposing_unit_by_held_number",
        r"ホールドしたコマンドにナンバーがあれば、そのナンバーと同じナンバーを持つ敵軍(?P<size>[SML])?ユニットを"
        r"(?P<n>[1-9])体選び、?撃破する。",
        _by_held_number,
    ),
    tr.template("attack_bp", _ATTACK_BP, lambda m: (_attack_bp(m, until=True), False)),
    tr.template(
        "bp_this_turn",
        r"このターン、これはBP\+(?P<n>\d+)される。",
        lambda m: ({"op": "bp", "amount": int(m["n"]), "until": "turn"}, False),
    ),
    tr.template(
        "destroy_within_bp_total",
        r"特徴「(?P<f>[^「」]+)」を持たない敵軍ユニットを、?BPの合計が(?P<sum>\d+)以下になるように選んで撃破して"
        r"もよい。ただし、?選べるユニットの数は、?(?P<cat>WB|ET|OT|MA|DA)の自軍(?P<size>[SML])ユニットの数まで"
        r"とする。",
        lambda m: (
            {
                "op": destroy_within.OP,
                "no_feature": m["f"],
                "bp_total_max": int(m["sum"]),
                "count_max": {"category": m["cat"], "size": m["size"]},
            },
            True,
        ),
    ),
    tr.template(
        "choose_own_rush_vehicle",
        r"自軍ラッシュエリアから、?特徴「(?P<f>[^「」]+)」を持つビークルを1体選んでもよい。",
        lambda m: (
            {
                "op": "choose",
                "target": {
                    "side": "own",
                    "zone": "rush",
                    "count": 1,
                    "type": "vehicle",
                    "feature": m["f"],
                },
            },
            True,
        ),
    ),
    tr.template(
        "bp_per_chosen_vehicle_power",
        r"このターン、これは選んだビークルの必要パワーの数字1ごとにBP\+(?P<n>\d+)される。",
        lambda m: (
            {"op": "bp", "amount": int(m["n"]), "until": "turn", "per": chosen_vehicle.PER},
            False,
        ),
    ),
    tr.template(
        "sp_if_bp_highest",
        r"さらに、このユニットのBPがすべてのユニットのBPとくらべて一番高ければ、このターン、これは"
        r"「?SP(?P<n>[1-9])」?になる。",
        lambda m: (
            {"op": "sp", "value": int(m["n"]), "until": "turn", "if": dict(bp_highest.CONDITION)},
            False,
        ),
    ),
)


#: what happens to the card the sentence before revealed ("オモテにしたカードが…")
_REVEALED = "オモテにしたカードが"
#: a proviso on the sentence before it ("ただし、…しか選べない。")
_PROVISO = "ただし、"
#: a proviso on how many units the sentence before chooses ("ただし選べるユニットの数は、…までとする。")
_COUNT_PROVISO = "ただし選べるユニットの数は"
#: what happens to the unit the sentence before chose ("…を1体選ぶ。")
_CHOSEN = "このターン、選んだユニット"
#: what befalls the unit the sentence before rushed ("この効果でラッシュしたユニットは…",
#: RS-POWER-TO-RUSH)
_RUSHED_SO = "この効果でラッシュしたユニットは"
#: the reminder "(コマンドゾーンに置けるカードは通常5枚まで)" after a card put there
_COMMAND_NOTE = "(コマンドゾーンに置けるカードは通常"


def _joined(said: list[str]) -> list[str]:
    """Sentences, with "置けなければ…。" (what happens when the card cannot be put there) joined
    to the sentence before it, which it belongs to (RS-TO-COMMAND), and "このターン、選んだユニ
    ットは…" to the "…選ぶ。" that chose it (RS-SP-EFFECT)."""
    out: list[str] = []
    for sentence in said:
        if sentence.startswith("置けなければ") and out:
            out[-1] += sentence
        elif sentence.startswith(_COMMAND_NOTE) and out:
            out[-1] += sentence  # the reminder of the command zone's limit (RS-TOP-TO-COMMAND)
        elif sentence.startswith(_REVEALED) and out:
            out[-1] += sentence  # what happens to the card revealed (RS-REVEAL-TOP)
        elif sentence.startswith(_COUNT_PROVISO) and out:
            out[-1] += sentence  # "ただし選べるユニットの数は…": how many (RS-DESTROY-BP-TOTAL)
        elif sentence.startswith(_PROVISO) and out:
            out[-1] += sentence  # "ただし、…": a proviso on the sentence before (RS-POWER-AT-MOST)
        elif sentence.startswith(("選んだビークル", "その後、選んだビークル")) and out:
            out[-1] += sentence  # what befalls the vehicle chosen (RS-SELECT-VEHICLE)
        elif sentence.startswith(_CHOSEN) and out and out[-1].endswith("選ぶ。"):
            out[-1] += sentence  # "…を1体選ぶ。このターン、選んだユニットは…" (RS-SP-EFFECT)
        elif sentence.startswith(_IF_DONE + _CHOSEN) and out and out[-1].endswith("選んでもよい。"):
            out[-1] += sentence  # "…選んでもよい。そうしたとき、このターン、選んだユニットは…"
        elif sentence == _CHOSEN_TO_RUSH and out and out[-1].endswith("選んでもよい。"):
            out[-1] += (
                sentence  # "…1枚選んでもよい。そうしたとき、選んだカードを…" (RS-POWER-CHOICE-TO-RUSH)
            )
        elif sentence.startswith(_RUSHED_SO) and out:
            out[-1] += sentence  # the unit the sentence before rushed (RS-POWER-TO-RUSH)
        elif sentence.startswith(_BP_ZERO_NOTE) and out:
            out[-1] += sentence  # the reminder of RS-BP-ZERO, on the sentence lowering BP
        else:
            out.append(sentence)
    return out


def read_body(body: str, when: str, extra: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """A body of sentences as one effect of timing ``when`` (with the keys ``extra``, said
    before the body: RS-WHILE-IN-AREA), or None when a sentence is not read, or an optional
    sentence is not the only one.  A Number Combination's body may
    begin with ``「SP1」`` (or ``SP1``): the unit is SP 1 until the end of the turn
    (RS-SP-EFFECT), then its sentences, if any."""
    ops: list[dict[str, Any]] = []
    condition = _UNITS_AT_MOST.match(body) if when != "combination" else None
    if condition is not None:  # RS-IF-UNITS: "自軍Sユニットの数がN体以下なら、…"
        body = body[condition.end() :]
    named = _OWN_HAS.match(body) if when != "combination" and condition is None else None
    if named is not None:  # RS-IF-NAMED: "自軍エリアに「X」があれば、…"
        body = body[named.end() :]
    outnumbered = _OUTNUMBERED.match(body) if condition is None and named is None else None
    if outnumbered is not None:  # RS-IF-OUTNUMBERED: "敵軍Sユニットの数が自軍Sユニットの数より…"
        if outnumbered["size"] != outnumbered["own"]:
            return None  # units of one size against another's: not read
        body = body[outnumbered.end() :]
    unset = condition is None and named is None and outnumbered is None
    zones_all = _ZONES_ALL.match(body) if when != "combination" and unset else None
    if zones_all is not None:  # RS-IF-ZONES-ALL: "…カードがすべてDAを持つなら、"
        body = body[zones_all.end() :]
    power_none = _POWER_NONE.match(body) if unset and zones_all is None else None
    if power_none is not None:  # RS-IF-POWER-NONE: "…Sユニットのカードが無ければ、"
        body = body[power_none.end() :]
    none_with = (
        _NONE_WITH.match(body)
        if when != "combination" and unset and zones_all is None and power_none is None
        else None
    )
    if (
        none_with is not None
    ):  # RS-IF-NONE-WITH-FEATURE: "特徴「X」を持つ自軍ユニットが1体もなければ、"
        body = body[none_with.end() :]
    activate = _ACTIVATE.match(body)
    if activate is not None:  # RS-MAY-ACTIVATE: "次の効果を発動できる⇒…": the choice to use it
        body = body[activate.end() :]
    held = body.startswith(_HOLD_SELF) and when != "on_use"
    if held:  # RS-HOLD-SELF: "このユニットをホールドしてもよい。そうしたとき、…"
        ops.append({"op": "hold"})
        body = body[len(_HOLD_SELF) :]
    given = _SP_GIVEN.match(body) if when == "combination" else None
    if given is not None:
        value = int(given.group("quoted") or given.group("bare"))
        ops.append({"op": "sp", "value": value, "until": "turn"})
        body = body[given.end() :]
    cost = _COMMAND_COST.match(body) if when != "on_use" else None
    if cost is not None:  # RS-COMMAND-COST: the choice is whether to pay it
        ops.append({"op": "hold_commands", "category": cost["cat"], "count": int(cost["n"])})
        body = body[cost.end() :]
    optional = False
    if_done = False
    mays: list[bool] = []  # which sentences are optional (…てもよい)
    said = _joined(tr.sentences(body))
    for sentence in said:
        done = _IF_DONE_AT.match(sentence)
        if done is not None:
            # RS-IF-DONE: "…してもよい。そうしたとき、…" after the effect's one optional part
            first = ops[0] if ops else {}
            if not (
                optional
                and len(ops) == 1
                and not if_done
                and (
                    "target" in first
                    or first.get("op") in effects.DONE_OPS
                    or first.get("op") in _COMMANDS_MOVED
                )
            ):
                return None
            ops[0] = {**ops[0], "if_done": True}
            if_done = True
            sentence = sentence[done.end() :]
        got = tr.read_line(sentence, SENTENCES)
        if got.value is None:
            return None
        op, may = got.value
        target = op.get("target")
        if (
            isinstance(target, dict)
            and discard_namesake.KEY in target
            and not (if_done and ops[0]["op"] == discard_namesake.OP)
        ):
            return None  # "選んだユニットカード": the card the first sentence chose, only
        refers = op.pop("refers", None)  # the cards the first sentence chose (RS-CARDS-POWER-SUM)
        if refers is not None and not (if_done and own_cards.refers_to(ops[0], refers)):
            return None
        if if_done and may:
            return None  # a second choice after the first: not read
        if op["op"] == command_watch.OP and not (ops and ops[-1]["op"] == "hold_commands"):
            return None  # RS-COMMAND-HELD-WATCH: read only right after its cost
        if held_number.waits(op.get("target")) and not (
            ops and ops[-1]["op"] == "hold_commands" and ops[-1]["count"] == 1
        ):
            return None  # RS-HELD-NUMBER: "ホールドしたコマンド", the one the cost just held
        if op["op"] == "bp" and when == "on_use":
            return None  # "これ" of an operation is no unit
        if "during" in op and when != "combination":
            return None  # no duration printed: a combination's lasts the turn (RS-ATTACK-BP)
        if op["op"] == "to_power_self" and when != "on_use":
            return None  # "このカード": read only as the operation being used (RS-SELF-TO-POWER)
        if op["op"] == "power_to_hand" and sentence.startswith(_THEN) != bool(ops):
            return None  # after another sentence only with "その後、" (RS-POWER-TO-HAND)
        ops.append(op)
        mays.append(may)
        optional = optional or may
    searched = bool(ops) and ops[0]["op"] == "from_deck"  # RS-SEARCH-DECK: then a shuffle
    # RS-POWER-TO-HAND: the choice is the last sentence's, what comes before happens either way
    last_choice = bool(ops) and ops[-1]["op"] == "power_to_hand" and not any(mays[:-1])
    if (
        not ops
        or (optional and len(ops) > 1 and not (if_done or searched or last_choice))
        or (held and len(ops) < 2)
    ):
        return None
    if activate is not None and (held or given is not None or cost is not None or last_choice):
        return None  # one choice an effect: to use it
    if if_done and (len(ops) < 2 or held or given is not None or cost is not None):
        return None
    if cost is not None and (held or ops[-1]["op"] == "hold_commands"):
        return None  # one choice an effect, and something for the cost to pay for
    effect: dict[str, Any] = {"when": when, **(extra or {}), "do": ops}
    if condition is not None:
        effect["if"] = {"own_units_at_most": int(condition["n"])}
        if condition["size"]:
            effect["if"]["size"] = condition["size"]
    if named is not None:
        effect["if"] = {"own_has": named["name"]}
    if power_none is not None and when == "combination" and not zone_conditions.at_once(effect):
        return None  # a combination's condition before a change that lasts: not read
    if activate is not None and searched:
        effect["activate"] = True  # not activated: not even the search's shuffle (RS-MAY-ACTIVATE)
    if outnumbered is not None:
        effect["if"] = {"opposing_more": int(outnumbered["n"])}
        if outnumbered["size"]:
            effect["if"]["size"] = outnumbered["size"]
    if zones_all is not None:
        effect["if"] = {"own_zones_all": zones_all["cat"]}
    if power_none is not None:
        card = {"type": "unit", **({"size": power_none["size"]} if power_none["size"] else {})}
        effect["if"] = {"opposing_power_none": card}
    if none_with is not None:
        effect["if"] = {no_units.KEY: {"feature": none_with["f"]}}
    if optional or held or cost is not None or activate is not None:
        effect["optional"] = True
    return effect if effects.supported(effect) else None


@dataclass(frozen=True, slots=True)
class Part:
    """What a template read a part as: the card's ``combination`` effect, its ``effect``
    (``effects``), or a ``keyword`` the definition carries; ``only`` the card types it holds
    for; ``combo`` whether it needs the unit's Number Combination number."""

    effect: dict[str, Any] | None = None
    #: effects besides ``effect`` the part is read as (a stacking operation's trigger)
    more: tuple[dict[str, Any], ...] = ()
    combination: dict[str, Any] | None = None
    keyword: str | None = None
    rule: dict[str, Any] | None = None
    only: tuple[str, ...] = ("unit", "vehicle", "operation")
    combo: bool = False
    #: the unit the combination is made from (RS-COMBINATION-FROM), when the text says
    combines_from: dict[str, Any] | None = None
    #: a combination the text triggers by ``combines_from`` alone: the unit has no number
    no_number: bool = False
    #: "(この効果は、ライドオフしたときナンバーに関係なく発動する)": it triggers too as the unit
    #: rides off, whatever its number (RS-RIDE-OFF-NUMBER)
    ride_off: bool = False
    #: an effect of a resident operation's, while it is in place (RS-STRIKE-DEALT)
    resident: bool = False
    #: further effects of the same part, after ``effect`` (RS-NEXT-TO: a BP and an ability)
    more: tuple[dict[str, Any], ...] = ()


#: "a unit with the feature X" or "X [or Y …]" (by name), before "からコンビネーションする"
_FROM = (
    r"(?:特徴「(?P<f>[^「」]+)」を持つユニット|(?P<names>「[^「」]+」(?:または「[^「」]+」)*)|"
    r"(?P<cat>WB|ET|OT|MA|DA)のユニット)"
)
#: a Number Combination's closing note: it triggers too, whatever the number, when the unit
#: combines from … (RS-COMBINATION-FROM)
_ANY_NUMBER = re.compile(
    rf"\s*\(この効果は、?{_FROM}からコンビネーションするとき(?:は)?、?ナンバーに関係なく発動する\)$"
)


def _combines_from(m: re.Match[str]) -> dict[str, Any]:
    if m.group("f"):
        return {"feature": m.group("f")}
    if m.group("cat"):  # "WBのユニットから": a unit of the category now (RS-ADD-FEATURE)
        return {"category": m.group("cat")}
    return {"names": re.findall(r"「([^「」]+)」", m.group("names"))}


#: "自軍コマンドゾーンから「A」か「B」のカードを1枚選びホールドしてもよい。そうしたとき、ホールドしたユニットカー
#: ドのRCの効果を、このユニットの効果として発動する。" (RS-HOLD-NAMED-COMMAND, RS-AS-OWN-EFFECT)
_AS_OWN_HELD = re.compile(
    r"自軍コマンドゾーンから(?P<names>「[^「」]+」(?:か「[^「」]+」)*)のカードを1枚選びホールドしてもよい。"
    r"そうしたとき、ホールドしたユニットカードのRCの効果を、このユニットの効果として発動する。"
)


#: "相手の手札を見てもよい。そうしたとき、NCを持つSユニットのカードがあれば1枚選び、そのNCの効果をこのユニットの効
#: 果として発動する。" and "…NCかRCを持つSユニットのカードを1枚選び、そのNCまたはRCの効果を、このユニットの効果と
#: して発動する。" (RS-LOOK-OPPONENT-HAND, RS-AS-OWN-EFFECT)
_AS_OWN_LOOKED = re.compile(
    r"相手の手札を見てもよい。そうしたとき、(?P<has>NC|NCかRC)を持つSユニットのカード(?:があれば|を)1枚選び、"
    r"その(?P<use>NC|NCまたはRC)の効果を、?このユニットの効果として発動する。"
)


def _as_own(body: str) -> dict[str, Any] | None:
    """A combination's body activating another card's effect as this unit's
    (:data:`_AS_OWN_HELD`, :data:`_AS_OWN_LOOKED`), or None."""
    looked = _AS_OWN_LOOKED.fullmatch(body)
    if looked is not None:
        kind = {("NC", "NC"): "nc", ("NCかRC", "NCまたはRC"): "nc_or_rc"}.get(
            (looked["has"], looked["use"])
        )
        if kind is None:
            return None  # the kind chosen by and the kind used differ: not a printed shape
        op = {"op": "as_own", "from": "opponent_hand", "effect": kind}
        return {"when": "combination", "optional": True, "do": [op]}
    m = _AS_OWN_HELD.fullmatch(body)
    if m is None:
        return None
    names = re.findall(r"「([^「」]+)」", m["names"])
    op = {"op": "as_own", "from": "command", "names": names, "effect": "rc"}
    return {"when": "combination", "optional": True, "do": [op]}


def _named(m: re.Match[str]) -> Part | None:
    body = m.group("body")
    note = _ANY_NUMBER.search(body)
    if note is not None:
        body = body[: note.start()]
    effect = read_body(body, "combination") or _as_own(body)
    if effect is None:
        return None
    frm = _combines_from(note) if note is not None else None
    return Part(combination=effect, only=("unit",), combo=True, combines_from=frm)


def _discard_bp_cross(m: re.Match[str]) -> Part | None:
    """A unit's Number Combination "【name】自軍捨札から、Xを持たないSユニットのカードを1枚選んでもよい。そうした
    とき、このターン、これは選んだカードのBPが「+」され、クロスNを得る。" (RS-DISCARD-BP-CROSS, RS-CROSS)."""
    find = {"type": "unit", "size": m["size"], "not_category": m["cat"]}
    effect = {
        "when": "combination",
        "optional": True,
        "do": [
            {"op": discard_bp_cross.PICK, "find": find, "if_done": True},
            {"op": discard_bp_cross.GAIN, "cross": int(m["n"])},
        ],
    }
    if not effects.supported(effect):
        return None
    return Part(combination=effect, only=("unit",), combo=True)


def _opponent_returns_power(m: re.Match[str]) -> Part | None:
    """A unit's Number Combination "【name】[「SPN」]相手は自分自身のパワーゾーンからオモテ向きのカードを1枚選び
    手札に戻してもよい。そうしたとき、このターン、これはストライクできない。": the unit is SP N for the turn
    whatever happens; the opponent may return a face-up card of its own power zone to its hand,
    and if it does, the unit cannot strike this turn (RS-OPPONENT-RETURNS-POWER: the effect's
    choice, ``use``, is the opponent's)."""
    ops: list[dict[str, Any]] = []
    if m["sp"]:
        ops.append({"op": "sp", "value": int(m["sp"]), "until": "turn"})
    ops += [
        {"op": opponent_power.OP, "if_done": True},
        {"op": opponent_power.NO_STRIKE, "until": "turn"},
    ]
    effect = {"when": "combination", "optional": True, "do": ops}
    if not effects.supported(effect):
        return None
    return Part(combination=effect, only=("unit",), combo=True)


def _named_from(m: re.Match[str]) -> Part | None:
    """A unit's named effect "【name】<X>からコンビネーションするとき、…" (or "…したとき発動で
    きる⇒…": the player may, RS-COMBINATION-FROM): its combination, triggered by combining
    from X, the unit having no combination number."""
    effect = read_body(m.group("body"), "combination")
    if effect is None:
        return None
    if m.group("can"):
        if effects.cost_at(effect) is not None:
            return None  # a choice to use it and a cost's: not printed that way
        effect["optional"] = True
    return Part(combination=effect, only=("unit",), combines_from=_combines_from(m), no_number=True)


#: the note "※敵軍ターン中、これが撃破されて捨札になったとき、自軍パワーゾーンにおいてもよい。"
#: (RS-DESTROYED-TO-POWER)
TO_POWER: dict[str, Any] = {
    "when": "on_destroyed",
    "turn": "opponent",
    "optional": True,
    "do": [{"op": "to_power"}],
}


def _attack_either(m: re.Match[str]) -> dict[str, Any]:
    """ "【name】これは、Xを持つかSPが空欄ではないユニットにアタックするとき、BP+Nされる。" (a unit without a
    combination number): its own continuous BP while it attacks a unit of printed category X or
    whose printed SP box is not blank (RS-ATTACK-BP-EITHER)."""
    against = {"any_of": [{"category": m["cat"]}, {"sp_printed": True}]}
    op = {"op": "bp", "amount": int(m["n"]), "during": "attacking", "against": against}
    return {"when": "static", "do": [op]}


def _static(m: re.Match[str]) -> dict[str, Any]:
    """A unit's own continuous attack BP (RS-ATTACK-BP): a note, or the named effect of a
    unit without a combination number."""
    return {"when": "static", "do": [_attack_bp(m, until=False)]}


def _bp_per_battle_units(m: re.Match[str]) -> Part:
    """A unit's named effect "このユニットは、自軍バトルエリアにある「WB」のMユニット1体につきBP+N
    される。" (a unit without a combination number: its own continuous text, RS-BP-PER-UNITS)."""
    per: dict[str, Any] = {"count": "own_battle_units"}
    if m["cat"]:
        per["category"] = m["cat"]
    if m["size"]:
        per["size"] = m["size"]
    op = {"op": "bp", "amount": int(m["n"]), "per": per}
    return Part(effect={"when": "static", "do": [op]}, only=("unit",), no_number=True)


def _sp_and_bp_while(m: re.Match[str]) -> Part:
    """A unit's named effect "自軍パワーのオモテ向きのカードと自軍コマンドゾーンのカードにDA持つカード
    が1枚もなければ、これは「SP1」になる。また、DAを持つ敵軍ユニットがあれば、これはBP+Nされる。" (a unit
    without a combination number): its own continuous SP and BP, each while its condition holds
    (RS-WHILE)."""
    lacking = {"none_in": ["face_up_power", "command"], "category": m["none"]}
    ops = [
        {"op": "sp", "value": int(m["sp"]), "while": lacking},
        {"op": "bp", "amount": int(m["n"]), "while": {"opposing_unit": {"category": m["opp"]}}},
    ]
    return Part(effect={"when": "static", "do": ops}, only=("unit",), no_number=True)


def _sp_next_to(m: re.Match[str]) -> Part | None:
    """A unit's named effect "これは、BP5000以上の、OTを持ち特徴「男」を持つSユニットと隣り合っている
    間、次の能力を得る⇒SP1" (a unit without a combination number): its own SP N while a unit so
    described stands next to it (RS-NEXT-TO, RS-WHILE)."""
    spec: dict[str, Any] = {}
    if m["size"]:
        spec["size"] = m["size"]
    if m["cat"] or m["cat2"]:
        spec["category"] = m["cat"] or m["cat2"]
    if m["f"] or m["f2"]:
        spec["feature"] = m["f"] or m["f2"]
    if m["bp"]:
        spec["bp_min"] = int(m["bp"])
    op = {"op": "sp", "value": int(m["sp"]), "while": {"next_to": spec}}
    effect = {"when": "static", "do": [op]}
    if not effects.supported(effect):
        return None  # nothing asked of the unit beside it
    return Part(effect=effect, only=("unit",), no_number=True)


def _flanked(m: re.Match[str]) -> Part | None:
    """A unit's named effect "このユニットの両隣に特徴「F」を持つ自軍ユニットが並んでいる間、このユニット
    はBP+Nされ、次の能力を得る⇒自分がターンを終えるとき、…" (a unit without a combination number):
    its own BP +N while such units stand on both sides of it, and the ability it has then, an
    effect at the end of its player's turn (RS-NEXT-TO, RS-TURN-END)."""
    cond = {"flanked": {"feature": m["f"], **({"side": "own"} if m["own"] else {})}}
    static = {"when": "static", "do": [{"op": "bp", "amount": int(m["n"]), "while": cond}]}
    gained = read_body(m["body"], "turn_end", {"turn": "own", "if": cond})
    if gained is None or not effects.supported(static):
        return None
    return Part(effect=static, more=(gained,), only=("unit",), no_number=True)


def _ridden_by(m: re.Match[str]) -> Part:
    """A vehicle's note naming the units that may ride it without RC (RS-RIDER): a feature,
    a printed size, and whether no other unit may ("それ以外のユニットはライドできない")."""
    who: dict[str, Any] = {"feature": m["f"]} if m["f"] else {"category": m["cat"]}
    if m["size"]:
        who["size"] = m["size"]
    if m["hold"]:  # its price: commands of one's own held as the unit rides (RS-RIDER)
        who["hold"] = int(m["hold"])
    if m["only"]:
        who["only"] = True
    return Part(keyword="ridden_by " + json.dumps(who, ensure_ascii=False), only=("vehicle",))


def _dies_winning(m: re.Match[str]) -> Part:
    rule: dict[str, Any] = {"rule": "dies_winning"}
    if m.group("f"):
        rule["feature"] = m.group("f")
    else:
        rule["sp_min"] = int(m.group("sp"))
    if m.group("opp"):
        rule["turn"] = "opponent"
    return Part(rule=rule, only=("unit",))


def _from_discard(m: re.Match[str]) -> Part:
    """The text "これが撃破されて捨札になったとき、自軍捨札から「X」のカードをN枚選び、自軍ラッ
    シュエリアに出す。" (a note or a named effect): RS-FROM-DISCARD."""
    op = {"op": "from_discard", "name": m.group("if") or m.group("from"), "count": int(m["n"])}
    effect: dict[str, Any] = {"when": "on_destroyed", "do": [op]}
    if m.group("may"):
        effect["optional"] = True
    return Part(effect=effect, only=("unit",))


#: "※タクスX[(これがバトルエリアのN番目にある間、これの次に並ぶXを持つSユニットは「SP1」を得る)]"
#: (RS-TAXIS): without its reminder, only of the four categories the sources give a place for
TAXIS = re.compile(
    r"※タクス(?:(?P<cat>WB|ET|OT|MA|DA)\(これがバトルエリアの(?P<n>[1-9])番目にある間、これの次に並"
    r"ぶ(?P=cat)を持つSユニットは ?「SP1」 ?を得る\)|(?P<bare>WB|ET|OT|MA))"
)


def _taxis(m: re.Match[str]) -> Part:
    """The note ``※タクスX``: its category and, when its reminder is printed, the place the
    reminder names (RS-TAXIS)."""
    if m["bare"]:
        return Part(keyword=f"taxis {m['bare']}", only=("unit",))
    return Part(keyword=f"taxis {m['cat']} {int(m['n'])}", only=("unit",))


def _not_attacked_by(m: re.Match[str]) -> Part:
    """The note "※これは[BPN以上(以下)の][敵軍][S]ユニットにアタックされない。"
    (RS-CARD-RESTRICTION)."""
    rule: dict[str, Any] = {"rule": "not_attacked_by"}
    if m.group("bp"):
        rule["bp_min" if m.group("dir") == "以上" else "bp_max"] = int(m.group("bp"))
    if m.group("size"):
        rule["size"] = m.group("size")
    return Part(rule=rule, only=("unit",))


def _no_strike_while(m: re.Match[str]) -> Part:
    rule: dict[str, Any] = {"rule": "no_strike_while", "feature": m.group("f")}
    if m.group("n"):
        rule["unless_damage"] = int(m.group("n"))
    return Part(rule=rule, only=("unit",))


def _self_toll(m: re.Match[str]) -> Part | None:
    """A unit's named effect "自軍ターン中、これがバトルエリアに出たとき、敵軍バトルエリアから<count>以下の必要
    パワーの数字を持つ[S]ユニットを1体選び、持ち主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする。そう
    したとき、このユニットがリリース状態ならホールドし、ホールド状態なら撃破する。": its when-it-enters effect, an
    opposing unit held into its owner's command zone (RS-TO-COMMAND, RS-POWER-AT-MOST), then, only
    if one was moved, the unit itself held if released, destroyed if held
    (RS-HOLD-OR-DESTROY-SELF, :mod:`judge.games.rangers_strike.self_toll`)."""
    sel: dict[str, Any] = {"side": "opponent", "zone": "battle", "count": 1, "type": "unit"}
    if m["size"]:
        sel["size"] = m["size"]
    _power_max(sel, m)
    first = {"op": "to_command", "target": sel, "if_full": "discard", "if_done": True}
    effect = {"when": "on_enter", "do": [first, {"op": self_toll.OP}]}
    return Part(effect=effect, only=("unit",)) if effects.supported(effect) else None


def _named_on_enter(m: re.Match[str]) -> Part | None:
    """A unit's named effect "自軍ターン中、これがバトルエリアに出たとき、…": its when-it-enters
    effect (a unit enters only in its player's battle phase, so always in its own turn).  A
    vehicle's too (it enters with the unit riding it, RS-RIDE), when nothing in it is done to
    "これ" (a vehicle has no BP and is never held as a unit)."""
    effect = read_body(m.group("body"), "on_enter")
    return None if effect is None else Part(effect=effect, only=_whose(effect))


def _named_on_rush(m: re.Match[str]) -> Part | None:
    """A unit's named effect "これをラッシュしたとき、…": its when-rushed effect (a vehicle's, as
    :func:`_named_on_enter` says)."""
    effect = read_body(m.group("body"), "on_rush")
    return None if effect is None else Part(effect=effect, only=_whose(effect))


def _named_on_rush_own_turn(m: re.Match[str]) -> Part | None:
    """A unit's named effect "自軍ターン中、これをラッシュしたとき、…": its when-rushed effect in its
    player's own turn only (a card Morph puts out in an opposing turn is rushed too, RS-MORPH)."""
    effect = read_body(m.group("body"), "on_rush")
    if effect is None or "turn" in effect:
        return None
    effect = {**effect, "turn": "own"}
    return Part(effect=effect, only=("unit",)) if effects.supported(effect) else None


def _named_watch_opposing(m: re.Match[str]) -> Part | None:
    """A unit's named effect "これが自軍エリアにある間、敵軍ラッシュフェイズ中、特徴「X」を持つ敵軍ユニッ
    トがラッシュされたとき、…" (RS-OPPOSING-RUSHED): an effect that triggers, while the unit is in its
    player's rush or battle area, when an opposing unit with the feature is rushed in an opposing
    player's rush phase; read for a unit without a combination number."""
    said = {"while": "field", "of": {"feature": m["f"], "side": "opponent", "phase": "rush"}}
    effect = read_body(m["body"], "on_rushed", said)
    return None if effect is None else Part(effect=effect, only=("unit",), no_number=True)


def _named_watch(m: re.Match[str]) -> Part | None:
    """A unit's named effect "これが自軍[ラッシュ]エリアにある間、特徴「X」を持つ[自軍]ユニットが
    ラッシュされた(バトルエリアに出た)とき、…" (RS-WHILE-IN-AREA): an effect that triggers on
    another unit's rush (entering the battle area) while the unit is in its player's rush or
    battle area (or rush area), read for a unit without a combination number (a numbered
    unit's named effect is its combination's)."""
    said = {
        "while": "rush" if m["area"] else "field",
        "of": {"feature": m["f"], **({"side": "own"} if m["own"] else {})},
    }
    effect = read_body(m["body"], "on_rushed" if m["rushed"] else "on_entered", said)
    return None if effect is None else Part(effect=effect, only=("unit",), no_number=True)


#: a unit's note "※これが自軍エリアにある間、自分がターンを終えるとき、これがホールド状態なら捨札にする。"
#: (RS-TURN-END-HELD-DISCARD)
HELD_DISCARD: dict[str, Any] = {
    "when": "turn_end",
    "turn": "own",
    "while": "field",
    "if": {"self_held": True},
    "do": [{"op": "discard"}],
}

#: a vehicle's "自分がターンを終えるとき、これにライドしているユニットがホールド状態ならば、そのユニットを
#: リリースしてもよい。" (RS-TURN-END, RS-RELEASE-RIDER)
RELEASE_RIDER: dict[str, Any] = {
    "when": "turn_end",
    "turn": "own",
    "if": {"rider_held": True},
    "optional": True,
    "do": [{"op": "release_rider"}],
}


def _restriction(m: re.Match[str]) -> Part | None:
    """A unit's named effect "これが自軍[ラッシュ]エリアにある間、相手は次の制限を受ける⇒自分自身のター
    ンを終えるとき、特徴「X」を持つ自分自身のユニットをN体選び撃破する。" (RS-OPPONENT-RESTRICTION):
    at the end of each of the opponent's turns, while the unit is there, the opponent chooses N
    of its own units with the feature (rush or battle area) and they are destroyed."""
    sel = {
        "side": "opponent",
        "zone": "field",
        "count": int(m["n"]),
        "type": "unit",
        "feature": m["f"],
        "chooser": "opponent",
    }
    effect = {
        "when": "turn_end",
        "turn": "opponent",
        "while": "rush" if m["area"] else "field",
        "do": [{"op": "destroy", "target": sel}],
    }
    return (
        Part(effect=effect, only=("unit",), no_number=True) if effects.supported(effect) else None
    )


def _whose(effect: dict[str, Any]) -> tuple[str, ...]:
    """The card types an effect read from a named part holds for: a vehicle's too when no op
    of it acts on the card itself."""
    on_self = any(
        op.get("target", "self") == "self" and op.get("op") in ("bp", "sp", "hold", "resist")
        for op in effect.get("do") or []
    )
    return ("unit",) if on_self else ("unit", "vehicle")


_CATS = "WB|ET|OT|MA|DA"
#: a normal operation's whole text that stacks a unit of one's own on it (RS-STACK,
#: RS-STACK-LEAVES, RS-STACK-STAY): the unit chosen (of a category, without a feature), the
#: card placed and the unit stacked on it, what the unit has while stacked, and what becomes
#: of the card when the unit stops being a unit
_STACK = (
    rf"(?:(?:カテゴリに)?(?P<cat>{_CATS})を持つ|(?P<cat2>{_CATS})を持ち、特徴「(?P<nf>[^「」]+)」を持たない|"
    rf"(?P<numbered>ナンバーに数字を持ち、)(?P<cat3>{_CATS})を持つ)?"
    r"自軍(?P<size>[SML])?ユニットを1体選ぶ。そして、このカードを自軍ラッシュエリアに置き、選んだユニットを"
    r"このカードに重ねる。"
    r"(?:このカードに重ねたユニットは、?BP\+(?P<bp>\d+)され、特徴「(?P<f>[^「」]+)」が追加される。"
    r"(?P<also>また、)?)?"
    r"重ねたユニットがユニットでなくなるとき、(?P<leaves>このカードを持ち主の手札に戻す|このカードを捨札"
    r"にしてその場に留める|このカードは捨札になる)。"
    r"(?:このカードに重ねたユニットのナンバーの数字は(?P<down>[1-9])少なくなる。ただし、(?P<floor>[1-9])より"
    r"少なくならない。)?"
    r"(?:(?P<struck>このカードに重ねたユニットがストライクしてダメージを与えたとき、)自軍捨札から(?P<ssize>[SML])"
    r"ユニットのカードを1枚選び、自軍コマンドゾーンにホールド状態で置く。置けなければ手札に加える。)?"
)
#: what becomes of the card, by the words printed (RS-STACK-LEAVES, RS-STACK-STAY)
_LEAVES = {
    "このカードを持ち主の手札に戻す": "hand",
    "このカードを捨札にしてその場に留める": "stay",
    "このカードは捨札になる": "discard",
}


def _stack(m: re.Match[str]) -> Part | None:
    """A normal operation's whole text "[カテゴリにXを持つ|Xを持ち、特徴「Y」を持たない]自軍[S]ユニッ
    トを1体選ぶ。そして、このカードを自軍ラッシュエリアに置き、選んだユニットをこのカードに重ねる。[このカー
    ドに重ねたユニットは、BP+Nされ、特徴「Z」が追加される。[また、]]重ねたユニットがユニットでなくなるとき、
    (このカードを持ち主の手札に戻す|このカードを捨札にしてその場に留める|このカードは捨札になる)。"
    (RS-STACK), or, choosing "ナンバーに数字を持ち、Xを持つ自軍Sユニット", followed by "このカードに重ねた
    ユニットのナンバーの数字はN少なくなる。ただし、Mより少なくならない。" (its combination number lowered
    while stacked): its ``stack`` op; followed by "このカードに重ねたユニットがストライクしてダメージを与え
    たとき、自軍捨札からSユニットのカードを1枚選び、自軍コマンドゾーンにホールド状態で置く。置けなければ手札に
    加える。", an effect of the card's besides (RS-STACK-STRIKE)."""
    sel: dict[str, Any] = {"side": "own", "zone": "field", "count": 1, "type": "unit"}
    if m["size"]:
        sel["size"] = m["size"]
    if m["cat"] or m["cat2"] or m["cat3"]:
        sel["category"] = m["cat"] or m["cat2"] or m["cat3"]
    if m["nf"]:
        sel["no_feature"] = m["nf"]
    if m["numbered"]:
        sel["numbered"] = True  # "ナンバーに数字を持ち": a combination number that is a number
    op: dict[str, Any] = {"op": "stack", "target": sel, "leaves": _LEAVES[m["leaves"]]}
    if m["bp"]:
        op["bp"] = int(m["bp"])
        op["feature"] = m["f"]
    if m["down"]:  # "ナンバーの数字はN少なくなる。ただし、Mより少なくならない。"
        op["number"] = -int(m["down"])
        op["number_min"] = int(m["floor"])
    effect = {"when": "on_use", "do": [op]}
    more: tuple[dict[str, Any], ...] = ()
    if m["struck"]:  # RS-STACK-STRIKE: when the unit stacked strikes and deals damage
        find = {"type": "unit", "size": m["ssize"]}
        taken = {"op": "discard_to_command", "find": find, "if_full": "hand"}
        more = ({"when": "on_strike_damage", "by": "stacked", "do": [taken]},)
    if not all(effects.supported(e) for e in (effect, *more)):
        return None
    return Part(effect=effect, more=more, only=("operation",))


def _count_face_up_power(m: re.Match[str]) -> Part | None:
    """A unit's named effect "オモテ向きの自軍パワーの枚数を数えてもよい。そうしたとき、敵軍バトルエリ
    アから、その数以下の必要パワーの数字を持つ敵軍[S]ユニットをN体選び持ち主のパワーゾーンに送る。", when the
    unit has a Number Combination number → its combination effect, optional (the player may count;
    only if it does, the rest): opposing units of the battle area whose printed required power is no
    more than the face-up cards of the player's power zone, counted as it resolves, go face up into
    their owner's power zone (RS-COUNT-FACE-UP-POWER, RS-POWER-AT-MOST, RS-TO-POWER-ZONE).  The
    catalogue prints one "そうしたき" for "そうしたとき".  With the closing note "(この効果は、ライドオフし
    たときナンバーに関係なく発動する)" it triggers too as the unit rides off (RS-RIDE-OFF-NUMBER)."""
    sel: dict[str, Any] = {
        "side": "opponent",
        "zone": "battle",
        "count": int(m["n"]),
        "type": "unit",
    }
    if m["size"]:
        sel["size"] = m["size"]
    sel["power_max"] = FACE_UP_POWER
    effect = {
        "when": "combination",
        "optional": True,
        "do": [{"op": "to_power_zone", "target": sel}],
    }
    if not effects.supported(effect):
        return None
    return Part(combination=effect, only=("unit",), combo=True, ride_off=m["note"] is not None)


def _chosen_bp_sum(m: re.Match[str]) -> Part:
    """A normal operation's whole text "特徴「X」を持つ自軍ユニットを1体と、特徴「Y」を持つ自軍ユニットを1体選
    び、選んだ2体の本来のBPを合計する。そして、合計したBP以下の敵軍ユニットを1体選び、持ち主のパワーゾーン
    に送る。" (RS-CHOSEN-BP-SUM, :mod:`judge.games.rangers_strike.bp_sum`)."""
    own = {"side": "own", "zone": "field", "count": 1, "type": "unit"}
    foe = {"side": "opponent", "zone": "field", "count": 1, "type": "unit", bp_sum.KEY: True}
    ops = [
        {"op": "choose", "target": {**own, "feature": m["f1"]}},
        {"op": "choose", "target": {**own, "feature": m["f2"]}},
        {"op": "to_power_zone", "target": foe},
    ]
    return Part(effect={"when": "on_use", "do": ops}, only=("operation",))


def _operation(m: re.Match[str]) -> Part | None:
    effect = read_body(m.group(0), "on_use")
    return None if effect is None else Part(effect=effect, only=("operation",))


TEMPLATES: tuple[tr.Template, ...] = (
    tr.template(
        "any_copies", re.escape(tr.normalise(ANY_COPIES)), lambda m: Part(keyword="any_copies")
    ),
    tr.template(
        "resident",
        r"※常駐(?:\(場に配置して、離れるまで効果が有効になる\))?",
        lambda m: Part(keyword="resident", only=("operation",)),
    ),
    tr.template(
        "no_attack",
        r"※これはアタックすることができない。",
        lambda m: Part(rule={"rule": "no_attack"}, only=("unit",)),
    ),
    tr.template(
        "no_attack_on",
        r"※これは(?P<size>[SML])ユニットにアタックすることができない。",
        lambda m: Part(rule={"rule": "no_attack_on", "size": m["size"]}, only=("unit",)),
    ),
    tr.template(
        "no_attack_on_feature",
        r"※これは特徴「(?P<f1>[^「」]+)」(?:または「(?P<f2>[^「」]+)」)?を持つユニットにアタックできない。",
        lambda m: Part(
            rule={"rule": "no_attack_on", "features": [f for f in (m["f1"], m["f2"]) if f]},
            only=("unit",),
        ),
    ),
    tr.template(
        "named_aura_bp",  # RS-AURA-BP
        r"【[^【】]+】これが自軍エリアにある間、ウイングを持たない(?P<size>[SML])ユニットはBP-(?P<n>\d+)される。"
        r"\(BP0以下になったユニットは撃破される\)",
        lambda m: Part(
            rule={
                "rule": aura_bp.NAME,
                "size": m["size"],
                "without": "ウイング",
                "bp": -int(m["n"]),
            },
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "named_escort",  # RS-NOT-ATTACKED-WITH-OWN, RS-NEXT-TO-BP
        r"【[^【】]+】これは自軍(?P<own>[SML])ユニットがあれば、敵軍ユニットにアタックされない。また、このユニット"
        r"と隣り合う(?P<cat>WB|ET|OT|MA|DA)を持つ(?P<size>[SML])ユニットはBP\+(?P<n>\d+)される。",
        lambda m: Part(
            rule={
                "rule": escort.NAME,
                "if_own": m["own"],
                "category": m["cat"],
                "size": m["size"],
                "bp": int(m["n"]),
            },
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "named_rush_guard",
        r"【[^【】]+】これが自軍ラッシュエリアにある間、(?P<cat>WB|ET|OT|MA|DA)を持つ自軍(?P<size>[SML])ユニットは、"
        r"アタックされるときBP\+(?P<n>\d+)される。",
        lambda m: Part(
            rule={
                "rule": rush_guard.NAME,
                "category": m["cat"],
                "size": m["size"],
                "bp": int(m["n"]),
            },
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "not_attacked_while_own_feature",
        r"※(?P<other>これ以外の)?特徴「(?P<f>[^「」]+)」を持つユニットが自軍バトルエリアにあれば、これは敵軍"
        r"(?P<size>[SML])ユニットにアタックされない。",
        lambda m: Part(
            rule={
                "rule": "not_attacked_by",
                "size": m["size"],
                "while_own_battle": {"feature": m["f"], "other": bool(m["other"])},
            },
            only=("unit",),
        ),
    ),
    tr.template(
        "named_on_return_pull",
        r"【[^【】]+】これが自軍バトルエリアからラッシュエリアに戻るとき、敵軍ラッシュエリアから(?P<size>[SML])ユニット"
        r"を1体選び、可能ならバトルエリアに出してもよい。",
        lambda m: Part(effect=unit_return.effect_of(m["size"]), only=("unit",), no_number=True),
    ),
    tr.template(
        "named_return_hold_pull",
        r"【[^【】]+】これが自軍バトルエリアからラッシュエリアに戻ったとき、これをホールドしてもよい。そうしたとき、"
        r"敵軍ラッシュエリアからユニットを1体選び、可能ならバトルエリアに出す。",
        lambda m: Part(effect=unit_return.held_effect(), only=("unit",), no_number=True),
    ),
    tr.template(
        "no_enter",
        r"※これはバトルエリアに出られない。",
        lambda m: Part(rule={"rule": "no_enter"}, only=("unit",)),
    ),
    tr.template(
        "no_enter_own_turn",
        r"※これは自軍ターン中、?バトルエリアに出られない。",
        lambda m: Part(rule={"rule": "no_enter_own_turn"}, only=("unit",)),
    ),
    tr.template(
        "named_bars_rushed",
        r"【[^【】]+】これが自軍エリアにある間、BP(?P<bp>\d+)以下のユニットは次の制限を受ける\s*[⇒→]\s*"
        r"ラッシュしたターンにストライクもアタックもできない。",
        lambda m: Part(
            rule={"rule": rushed_bar.NAME, "bp_max": int(m["bp"])}, only=("unit",), no_number=True
        ),
    ),
    tr.template(
        "battle_category",
        r"※これはバトルエリアにあるとき、カテゴリに(?P<cat>WB|ET|OT|MA|DA)が追加される。",
        lambda m: Part(rule={"rule": "battle_category", "category": m["cat"]}, only=("unit",)),
    ),
    tr.template(
        "no_enter_rush_turn",
        r"※これは、?ラッシュしたターンにバトルエリアに出られない(?: ?\(この制限は自軍ダメージが(?P<n>[1-9])点以上"
        r"あれば無効になる\))?。",
        lambda m: Part(
            rule={
                "rule": "no_enter_rush_turn",
                **({"unless_damage": int(m["n"])} if m["n"] else {}),
            },
            only=("unit",),
        ),
    ),
    tr.template(
        "combine_parts",
        r"合体[―-][^\s【※◎]+",
        lambda m: Part(keyword="combine", only=("unit",)),
    ),
    tr.template(
        "enter_hold",
        r"※これは自軍コマンドを(?P<n>[1-9])つホールドしなければバトルエリアに出られない"
        r"(?P<morph>\(モーフで出るときは除く\))?。",
        lambda m: Part(
            rule={"rule": "enter_hold", "count": int(m["n"]), **_except_morph(m)}, only=("unit",)
        ),
    ),
    tr.template(
        "morph",
        r"※モーフ(?:\(敵軍ユニットがモーフ以外でラッシュされたとき、特徴がこのユニットと完全一致するオモテ向きの"
        r"ユニットカードを自軍ゾーンから1枚選び、これと置き換えてもよい\))?",
        lambda m: Part(rule={"rule": morph.NAME}, only=("unit",)),
    ),
    tr.template(
        "not_attacked_by",
        r"※これは(?:BP(?P<bp>\d+)(?P<dir>以上|以下)の)?(?:敵軍)?(?P<size>[SML])?ユニットに"
        r"アタックされない。",
        _not_attacked_by,
    ),
    tr.template(  # RS-USABLE-AS: the names are read from the text by usable_as.names
        "usable_as",
        usable_as.PATTERN.pattern,
        lambda m: Part(keyword="usable_as", only=("unit",)),
    ),
    tr.template(  # RS-CARD-RESTRICTION: only while it is held
        "not_attacked_held",
        r"※このユニットはホールド状態のとき、敵軍ユニットにアタックされない。",
        lambda m: Part(rule={"rule": "not_attacked_by", "while_held": True}, only=("unit",)),
    ),
    tr.template(
        "rush_held",
        r"※これはラッシュするとき、可能ならホールド状態で置く。",
        lambda m: Part(rule={"rule": "rush_held"}, only=("unit",)),
    ),
    tr.template(
        "must_enter",
        r"※これは毎ターン、可能ならバトルエリア ?に出る。",
        lambda m: Part(rule={"rule": "must_enter"}, only=("unit",)),
    ),
    tr.template(
        "no_strike_while",
        r"※これは、?特徴「(?P<f>[^「」]+)」を持つ敵軍ユニットがあるときストライクできない"
        r"(?:\(この制限は自軍ダメージが(?P<n>[1-9])点以上あれば無効になる\))?。",
        _no_strike_while,
    ),
    tr.template(
        "ridden_by",
        r"※(?:特徴「(?P<f>[^「」]+)」|(?P<cat>WB|ET|OT|MA|DA))を持つ(?:自軍)?(?P<size>[SML])?ユニッ"
        r"トは、(?:自軍コマンドを(?P<hold>[1-9])つホールドすれば、?)?RCを持っていなくても"
        r"このビークルにライドでき(?:る|(?P<only>、それ以外のユニットはライドできない))。",
        _ridden_by,
    ),
    tr.template(
        "rides",
        r"※これは(?:特徴「(?P<f>[^「」]+)」を持つ)?ビークルにライドできる。",
        lambda m: Part(
            rule={"rule": "rides", **({"feature": m["f"]} if m["f"] else {})}, only=("unit",)
        ),
    ),
    tr.template(
        "no_strike_after_ride_off",
        r"※これはライドオフしたときストライクできない。",
        lambda m: Part(rule={"rule": "no_strike_after_ride_off"}, only=("unit",)),
    ),
    tr.template(
        "rider_bp",
        r"※これにライドしているユニットは、?(?P<att>アタックするとき、?)?BP\+(?P<n>\d+)される。",
        lambda m: Part(
            keyword=f"rider_{'attack_' if m['att'] else ''}bp {int(m['n'])}", only=("vehicle",)
        ),
    ),
    tr.template(
        "rider_resist",
        r"【[^【】]+】これにライドしている(?:特徴「(?P<f>[^「」]+)」を持つ)?ユニットは、?次の能力を得る⇒"
        r"「レジスト」",
        lambda m: Part(
            keyword="rider_resist "
            + json.dumps({"feature": m["f"]} if m["f"] else {}, ensure_ascii=False),
            only=("vehicle",),
        ),
    ),
    tr.template(
        "resist",
        r"※レジスト(?:\(これがバトルで撃破されたとき、捨て?札にするかわりにこれをホールドして"
        r"その場に留めてもよい\))?",
        lambda m: Part(keyword="resist", only=("unit",)),
    ),
    tr.template(
        "cross",
        r"※クロス(?P<n>[1-9])",
        lambda m: Part(keyword=f"cross {int(m['n'])}", only=("unit",)),
    ),
    tr.template(
        "wing",  # RS-WING: the bare note (no reminder of it has been checked)
        r"※ウイング",
        lambda m: Part(keyword="wing", only=("unit",)),
    ),
    tr.template(
        "scrum",
        r"※スクラム(?:\(これのCNより1多いCNを持つユニットがこれの次に並んでいる間、これはアタックされ"
        r"ない\))?",
        lambda m: Part(rule={"rule": "scrum"}, only=("unit",)),
    ),
    tr.template(
        "call",
        r"※コール(?P<cat>WB|ET|OT|MA|DA)"
        r"(?:\(このユニットは(?P=cat)のユニットをラッシュするためのコマンドとしてホールドできる\))?",
        lambda m: Part(keyword=f"call {m['cat']}", only=("unit",)),
    ),
    tr.template("taxis", TAXIS.pattern, _taxis),
    tr.template(
        "lead",
        r"※リード(?P<cat>WB|ET|OT|MA|DA)"
        r"(?:\(このユニットは(?P=cat)のオペレーションカードを使用するためのコマンドとしてホールドでき"
        r"る\))?",
        lambda m: Part(keyword=f"lead {m['cat']}", only=("unit",)),
    ),
    tr.template(
        "dies_winning",
        r"※これは(?P<opp>敵軍ターン中、)?(?:特徴「(?P<f>[^「」]+)」を持つユニット|"
        r"「?SP(?P<sp>[1-9])」?以上のユニット)とバトルしたとき、?バトルに勝っても撃破される。",
        _dies_winning,
    ),
    tr.template(
        "destroyed_to_power",
        r"※敵軍ターン中、これが撃破されて捨札になったとき、自軍パワーゾーンに(?:おいて|置いて)もよい。",
        lambda m: Part(effect=dict(TO_POWER), only=("unit",)),
    ),
    tr.template(
        "from_discard_when_destroyed",
        r"(?:※|【[^【】]+】)これが撃破されて捨札になったとき、自軍捨札(?:に「(?P<if>[^「」]+)」のカ"
        r"ードがあれば|から「(?P<from>[^「」]+)」(?:のカード)?を)(?P<n>[1-9])[枚体]選び、自軍ラッシ"
        r"ュエリアに出(?:す|(?P<may>してもよい))。",
        _from_discard,
    ),
    tr.template(
        "either_pile_when_destroyed",
        r"(?:※|【[^【】]+】)これが撃破されて捨札になったとき、自分の手札の「(?P<hand>[^「」]+)」か、自軍捨札"
        r"の「(?P<pile>[^「」]+)」か、どちらか1枚を選び、自軍ラッシュエリアに出す。",
        lambda m: Part(
            effect={
                "when": "on_destroyed",
                "do": [{"op": "from_hand_or_discard", "hand": m["hand"], "discard": m["pile"]}],
            },
            only=("unit",),
        ),
    ),
    tr.template(
        "named_on_enter_to_command_self_toll",
        r"【[^【】]+】自軍ターン中、これがバトルエリアに出たとき、敵軍バトルエリアから、?"
        + _LIMIT
        + r"(?P<size>[SML])?"
        r"ユニットを1体選び、?持ち主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする。そうしたとき、"
        r"このユニットがリリース状態ならホールドし、ホールド状態なら撃破する。",
        _self_toll,
    ),
    tr.template(
        "named_on_enter_vehicle_to_power",
        r"【[^【】]+】自軍ターン中、これがバトルエリアに出たとき、自軍バトルエリアからビークルを1体選んでもよい。"
        r"そうしたとき、選んだビークルにライドしているユニットがあれば、そのユニットをパワーゾーンに送る。その後、"
        r"選んだビークルをパワーゾーンに送る。",
        lambda m: Part(effect=dict(vehicle_power.EFFECT), only=("unit",), no_number=True),
    ),
    tr.template(
        "named_self_cost_to_command",
        r"【[^【】]+】このユニットを捨札にして、次の効果を発動してもよい⇒敵軍バトルエリアから必要パワーの数字が"
        r"(?P<n>[0-9])以下のユニットを1体選び、持ち主のコマンドゾーンにホールド状態で置く。置けなければ敵軍コマンドを1つ"
        r"選び、捨札にしてから置く。",
        lambda m: Part(combination=self_cost.effect_of(int(m["n"])), only=("unit",), combo=True),
    ),
    tr.template(
        "named_on_enter_destroy_lowest",
        r"【[^【】]+】自軍ターン中、これがバトルエリアに出たとき、BPの一番低いユニットを1体選び撃破する。ただし、BPの一番"
        r"低いユニットが自軍と敵軍にある場合は、自軍ユニットの中から選ぶこと。",
        lambda m: Part(effect=dict(bp_lowest.EFFECT), only=("unit",), no_number=True),
    ),
    tr.template(
        "opposing_only_size_sp",
        r"※敵軍ユニットが(?P<size>[SML])ユニットだけなら、これは「SP(?P<sp>[1-9])」になる。",
        lambda m: Part(
            effect={
                "when": "static",
                "do": [
                    {"op": "sp", "value": int(m["sp"]), "while": {"opposing_only_size": m["size"]}}
                ],
            },
            only=("unit",),
        ),
    ),
    tr.template(
        "named_on_enter_soul_nc",
        r"【[^【】]+】自軍ターン中、これがバトルエリアに出たとき、自軍コマンドゾーンから、特徴「(?P<f>[^「」]+)」と"
        r"NCの効果を持つユニットカードを1枚選びホールドしてもよい。そうしたとき、ホールドしたユニットカードのNCの効果を、"
        r"このユニットの効果として発動する。ただしストライクはできない。",
        lambda m: Part(
            effect={
                "when": "on_enter",
                "optional": True,
                "do": [
                    {
                        "op": "as_own",
                        "from": "command",
                        "feature": m["f"],
                        "effect": "nc",
                        "no_strike": True,
                    }
                ],
            },
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "named_as_entering_show",
        r"【[^【】]+】自軍ターン中、これがバトルエリアに出るとき、自分の手札から特徴「(?P<f>[^「」]+)」を持つ、"
        r"追加条件を持たない(?P<size>[SML])ユニットのカードを1枚選び相手に見せてもよい。そうしたとき、"
        r"そのユニット(?:カード)?の効果名を持つ効果を、このユニットの効果として発動する。",
        lambda m: Part(
            effect={
                "when": "on_enter",
                "optional": True,
                "do": [
                    {
                        "op": "as_own",
                        "from": "hand",
                        "feature": m["f"],
                        "size": m["size"],
                        "no_condition": True,
                        "effect": "named",
                    }
                ],
            },
            only=("unit",),
        ),
    ),
    tr.template(
        "named_on_enter_revealed_number",
        r"【[^【】]+】自軍ターン中、これがバトルエリアに出たとき、自軍山札の上から1枚をオモテにする。そして、オモテにした"
        r"カードの必要パワーの数字を見て、その数字が「1」「3」「5」のどれかなら、このターン、これはBP\+(?P<bp>\d+)され、"
        r"「2」「4」「6」のどれかなら、相手は(?P<d>[1-9])枚ドローしてもよい。「(?P<min>[7-9])」以上なら、このターン、これは"
        r"「SP(?P<sp>[1-9])」になる。その後、オモテにしたカードは山札の下に戻す。",
        lambda m: Part(
            effect={
                "when": "on_enter",
                "optional": True,
                "do": [
                    {"op": "reveal"},
                    {
                        "op": top_fortune.OP,
                        "odd": {"bp": int(m["bp"])},
                        "even": {"draw": int(m["d"])},
                        "high": {"min": int(m["min"]), "sp": int(m["sp"])},
                    },
                    {"op": "revealed_to_bottom"},
                ],
            },
            only=("unit",),
        ),
    ),
    tr.template(
        "named_on_enter_reveal_either_deck",
        r"【[^【】]+】自軍ターン中、これがバトルエリアに出たとき、自軍か敵軍の山札の上から(?P<n>[1-9])枚をオモテにしてもよい。"
        r"そうしたとき、オモテにしたカードの中にSPが空欄でないユニットカードがあれば、このターン、これは「SP(?P<sp>[1-9])」"
        r"になる。その後、オモテにしたカードは、その持ち主が相手に見せずに好きな順で山札の上に戻す。",
        lambda m: Part(
            effect={
                "when": "on_enter",
                "optional": True,
                "do": [{"op": top_three.OP, "count": int(m["n"]), "sp": int(m["sp"])}],
            },
            only=("unit",),
        ),
    ),
    tr.template(
        "named_on_enter",
        r"【[^【】]+】自軍ターン中、これがバトルエリアに出たとき、(?P<body>[^※【◎].*)",
        _named_on_enter,
    ),
    tr.template(
        "named_on_rush",
        r"【[^【】]+】(?:これ|このユニット)をラッシュしたとき、(?P<body>[^※【◎].*)",
        _named_on_rush,
    ),
    tr.template(
        "named_on_rush_own_turn",
        r"【[^【】]+】自軍ターン中、これをラッシュしたとき、(?P<body>[^※【◎].*)",
        _named_on_rush_own_turn,
    ),
    tr.template(
        "bp_per_face_up_power",
        r"※これは自軍パワーゾーンのオモテ向きのカード1枚につきBP\+(?P<n>\d+)される。",
        lambda m: Part(
            effect={
                "when": "static",
                "do": [{"op": "bp", "amount": int(m["n"]), "per": {"count": "face_up_power"}}],
            },
            only=("unit",),
        ),
    ),
    tr.template(
        "bp_per_commands_with_feature",
        r"※これは特徴「(?P<f>[^「」]+)」を持つ自軍コマンド1つにつきBP\+(?P<n>\d+)される。",
        lambda m: Part(
            effect={
                "when": "static",
                "do": [
                    {
                        "op": "bp",
                        "amount": int(m["n"]),
                        "per": {"count": "own_commands", "feature": m["f"]},
                    }
                ],
            },
            only=("unit",),
        ),
    ),
    tr.template(
        "named_bp_per_battle_units",
        r"【[^【】]+】(?:このユニット|これ)は、?自軍バトルエリアにある(?:「(?P<cat>WB|ET|OT|MA|DA)」"
        r"の)?(?P<size>[SML])?ユニット1体につきBP\+(?P<n>\d+)される。",
        _bp_per_battle_units,
    ),
    tr.template(
        "named_bp_per_damage_destroyed_at_turn_end",
        r"【[^【】]+】これは自軍ダメージ1点につきBP\+(?P<n>\d+)され、自分がターンを終えるときBP(?P<min>\d+)"
        r"以上なら撃破される。",
        lambda m: Part(
            effect={
                "when": "static",
                "do": [{"op": "bp", "amount": int(m["n"]), "per": {"count": "own_damage"}}],
            },
            rule={"rule": "turn_end_destroy", "bp_min": int(m["min"])},
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "named_sp_and_bp_while",
        r"【[^【】]+】自軍パワーのオモテ向きのカードと自軍コマンドゾーンのカードに(?P<none>WB|ET|OT|MA|DA)を?"
        r"持つカードが1枚もなければ、これは「SP(?P<sp>[1-9])」になる。また、(?P<opp>WB|ET|OT|MA|DA)を持つ"
        r"敵軍ユニットがあれば、これはBP\+(?P<n>\d+)される。",
        _sp_and_bp_while,
    ),
    tr.template(
        "named_sp_next_to",
        r"【[^【】]+】これは、?(?:BP(?P<bp>\d+)以上の、?)?(?:(?P<cat>WB|ET|OT|MA|DA)を持ち特徴「(?P<f>[^「」]+)」を"
        r"持つ|(?P<cat2>WB|ET|OT|MA|DA)を持つ|特徴「(?P<f2>[^「」]+)」を持つ)?(?P<size>[SML])?ユニットと隣り合っ"
        r"ている間、次の能力を得る\s*[⇒→]\s*「?SP(?P<sp>[1-9])」?。?",
        _sp_next_to,
    ),
    tr.template(
        "named_flanked_bp_and_turn_end",
        r"【[^【】]+】このユニットの両隣に特徴「(?P<f>[^「」]+)」を持つ(?P<own>自軍)?ユニットが並んでいる間、"
        r"このユニットはBP\+(?P<n>\d+)され、次の能力を得る\s*[⇒→]\s*自分がターンを終えるとき、"
        r"(?P<body>[^※【◎].*)",
        _flanked,
    ),
    tr.template(
        "attack_bp_note",
        rf"※{_ATTACK_BP}",
        lambda m: Part(effect=_static(m), only=("unit",)),
    ),
    tr.template(
        "named_counter_namesake_search",
        r"【[^【】]+】これが自軍エリアにある間、自分がカウンターを持つオペレーションの効果を発動して、そのカードが捨札"
        r"になったとき、そのカードと同じカード名のカードを、自軍山札を見て1枚選び、相手に見せてから手札に加えてもよ"
        r"い。その後、山札をシャッフルする。",
        lambda m: Part(
            effect={
                "when": counter_search.WHEN,
                "optional": True,
                "do": [
                    {
                        "op": "from_deck",
                        "find": {"name": counter_search.USED},
                        "count": 1,
                        "to": "hand",
                    },
                    {"op": "shuffle"},
                ],
            },
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "named_feature_destroys_draw",
        r"【[^【】]+】これが自軍エリアにある間、特徴「(?P<f>[^「」]+)」を持つユニットがユニットを撃破して捨札にした"
        r"とき、その特徴「(?P=f)」を持つユニットの持ち主は(?P<n>[1-9])枚ドローしてもよい。",
        lambda m: Part(
            effect={
                "when": unit_destroys.WHEN,
                "of": {"feature": m["f"]},
                "optional": True,
                "do": [{"op": "draw", "n": int(m["n"])}],
            },
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "named_strike_sp_retrieved",
        r"【[^【】]+】これはストライクするとき、このターン中に自軍捨札から手札に加えたSユニットのカード1枚につき"
        r"SP\+(?P<n>[1-9])される。",
        lambda m: Part(
            rule={
                "rule": strike_sp.NAME,
                "sp": int(m["n"]),
                "find": {"type": "unit", "size": "S"},
            },
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "command_to_rush_note",
        r"※これが自軍コマンドゾーンにある間、自軍ラッシュフェイズ中、自軍捨札の枚数がこれの必要パワーの数字以上なら、"
        r"これを自軍ラッシュエリアに出してもよい。",
        lambda m: Part(rule={"rule": command_rush.NAME}, only=("unit",)),
    ),
    tr.template(
        "named_attack_rush",
        r"【[^【】]+】これは敵軍ラッシュエリアのユニットにアタックできる。",
        lambda m: Part(rule={"rule": "attack_rush"}, only=("unit",), no_number=True),
    ),
    tr.template(
        "named_attack_bp",
        rf"【[^【】]+】{_ATTACK_BP}",
        lambda m: Part(effect=_static(m), only=("unit",), no_number=True),
    ),
    tr.template(
        "named_attack_bp_size",
        r"【[^【】]+】これは敵軍(?P<size>[SML])ユニットにアタックするとき、BP\+(?P<n>\d+)される。",
        lambda m: Part(
            effect={
                "when": "static",
                "do": [
                    {
                        "op": "bp",
                        "amount": int(m["n"]),
                        "during": "attacking",
                        "against": {"size": m["size"]},
                    }
                ],
            },
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "named_attack_bp_either",
        r"【[^【】]+】これは、(?P<cat>WB|ET|OT|MA|DA)を持つかSPが空欄ではないユニットにアタックするとき、"
        r"BP\+(?P<n>\d+)される。",
        lambda m: Part(effect=_attack_either(m), only=("unit",), no_number=True),
    ),
    tr.template(
        "named_combines_from",
        rf"【[^【】]+】{_FROM}からコンビネーション(?:するとき、|(?P<can>したとき発動できる⇒)\s*)"
        r"(?P<body>[^※【◎].*)",
        _named_from,
    ),
    tr.template(
        "named_watch",
        r"【[^【】]+】これが自軍(?P<area>ラッシュ)?エリアにある間、特徴「(?P<f>[^「」]+)」を持つ"
        r"(?P<own>自軍)?ユニットが(?:(?P<rushed>ラッシュされた)|バトルエリアに出た)とき、"
        r"(?P<body>[^※【◎].*)",
        _named_watch,
    ),
    tr.template(
        "named_activated_search",
        r"【[^【】]+】自軍ラッシュフェイズ中、このユニットを捨札にして次の効果を発動できる\s*⇒\s*自軍山札を見て"
        r"「(?P<a>[^「」]+)」のカードを1枚か、自軍捨札に(?P<held>「[^「」]+」(?:と「[^「」]+」)*)があれば「(?P<d>"
        r"[^「」]+)」のカードを1枚選び、自軍ラッシュエリアに出してもよい。その後、山札をシャッフルする。",
        lambda m: Part(
            effect={
                "when": activated.WHEN,
                "cost": activated.COST,
                "optional": True,
                "do": [
                    {
                        "op": "from_deck",
                        "find": {
                            "name": m["a"],
                            "or": {
                                "name": m["d"],
                                "if_discard": re.findall(r"「([^「」]+)」", m["held"]),
                            },
                        },
                        "count": 1,
                        "to": "rush",
                    },
                    {"op": "shuffle"},
                ],
            },
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "named_activated_to_command",
        r"【[^【】]+】自軍ラッシュフェイズ中、このビークルを捨札にして次の効果を発動できる\s*[⇒→]\s*自軍山札を見て"
        r"オペレーションカードを1枚選び、自軍コマンドゾーンにホールド状態で置く\(置けなければ自軍コマンドを1つ選び、"
        r"捨札にしてから置く\)。その後、山札をシャッフルする。",
        lambda m: Part(
            effect={
                "when": activated.WHEN,
                "cost": activated.COST,
                "do": [dict(activated.TO_COMMAND), {"op": "shuffle"}],
            },
            only=("vehicle",),
        ),
    ),
    tr.template(
        "named_watch_opposing",
        r"【[^【】]+】これが自軍エリアにある間、敵軍ラッシュフェイズ中、特徴「(?P<f>[^「」]+)」を持つ"
        r"敵軍ユニットがラッシュされたとき、(?P<body>[^※【◎].*)",
        _named_watch_opposing,
    ),
    tr.template(  # RS-TURN-END-HELD-DISCARD
        "held_turn_end_discard",
        r"※これが自軍エリアにある間、自分がターンを終えるとき、これがホールド状態なら捨札にする。",
        lambda m: Part(effect=dict(HELD_DISCARD), only=("unit",)),
    ),
    tr.template(
        "named_release_rider",
        r"【[^【】]+】自分がターンを終えるとき、これにライドしているユニットがホールド状態ならば、"
        r"そのユニットをリリースしてもよい。",
        lambda m: Part(effect=dict(RELEASE_RIDER), only=("vehicle",)),
    ),
    tr.template(
        "named_rider_to_hand",
        r"【[^【】]+】これがバトルエリアからラッシュエリアに戻るとき、このビークルにライドしているユニットを手札に"
        r"戻してもよい。",
        lambda m: Part(effect=dict(effects.ON_RETURN), only=("vehicle",)),
    ),
    tr.template(
        "named_opponent_restriction",
        r"【[^【】]+】これが自軍(?P<area>ラッシュ)?エリアにある間、相手は次の制限を受ける\s*[⇒→]\s*"
        r"自分自身のターンを終えるとき、特徴「(?P<f>[^「」]+)」を持つ自分自身のユニットを(?P<n>[1-9])体"
        r"選び、?撃破する。",
        _restriction,
    ),
    tr.template(
        "named_void_must_enter",
        r"【[^【】]+】これが自軍エリアにある間、特徴「(?P<f>[^「」]+)」を持つ自軍ユニットは「これは毎ターン、"
        r"可能ならバトルエリア ?に出る。?」と書かれていても、そのテキストは無効になる。",
        lambda m: Part(
            rule={"rule": "void_must_enter", "of": {"side": "own", "feature": m["f"]}},
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "named_bars_opposing",
        r"【[^【】]+】これが自軍バトルエリアにある間、敵軍バトルフェイズ中、ホールド状態の敵軍コマンドが"
        r"(?P<n>[1-9])つ以上あれば、特徴「(?P<f>[^「」]+)」を持つ敵軍(?P<size>[SML])?ユニットは、?"
        r"次の制限を受ける\s*[⇒→]\s*アタックもストライクもすることができない。",
        lambda m: Part(
            rule={
                "rule": "bars_acting",
                "held": int(m["n"]),
                "of": {
                    "side": "opponent",
                    **({"size": m["size"]} if m["size"] else {}),
                    "feature": m["f"],
                },
                "bars": ["attack", "strike"],
            },
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "named_shields_own",
        r"【[^【】]+】これが自軍バトルエリアにある間、敵軍ターン中、(?:「(?P<not>[^「」]+)」以外の)?"
        r"特徴「(?P<f>[^「」]+)」を持つ自軍(?P<size>[SML])?ユニットはアタックされない。",
        lambda m: Part(
            rule={
                "rule": "shields",
                "of": {
                    "side": "own",
                    **({"size": m["size"]} if m["size"] else {}),
                    "feature": m["f"],
                    **({"not_named": m["not"]} if m["not"] else {}),
                },
            },
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "named_bars_entering",
        r"【[^【】]+】これが自軍バトルエリアにある間、敵軍ターン中、カードに表記された本来のナンバーが自軍バトル"
        r"エリアの「(?P<name>[^「」]+)」の数と同じ敵軍(?P<size>[SML])?ユニットは、?バトルエリアに出られない。",
        lambda m: Part(
            rule={
                "rule": "bars_entering",
                "number_is": {"named": m["name"]},
                "of": {"side": "opponent", **({"size": m["size"]} if m["size"] else {})},
            },
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "named_sp_bp_resist_if_named",
        r"【[^【】]+】これは、?自軍エリアに「(?P<a>[^「」]+)」があれば「SP(?P<sp>[1-9])」になり、"
        r"「(?P<b>[^「」]+)」があればBP\+(?P<n>\d+)され、「(?P<c>[^「」]+)」があればレジストを得る。",
        lambda m: Part(
            effect={
                "when": "static",
                "do": [
                    {"op": "sp", "value": int(m["sp"]), "while": {"own_has": m["a"]}},
                    {"op": "bp", "amount": int(m["n"]), "while": {"own_has": m["b"]}},
                    {"op": "resist", "while": {"own_has": m["c"]}},
                ],
            },
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "named_shields_riders_next_turn",
        r"【[^【】]+】これが自軍エリアにある間、次の敵軍ターン中、ライドしている自軍Sユニットは敵軍ユニットに"
        r"アタックされない。",
        lambda m: Part(
            combination={"when": "combination", "do": [json.loads(json.dumps(area_rules.SHIELD))]},
            only=("unit",),
            combo=True,
        ),
    ),
    tr.template(
        "named_command_features",
        r"【[^【】]+】これは、?自軍コマンドゾーンにあるカードの特徴を見て、それぞれの特徴ごとに次の能力を得る"
        r"\s*[⇒→]\s*特徴「(?P<r>[^「」]+)」があればレジストを得る。特徴「(?P<t>[^「」]+)」があればタクス"
        r"(?P<cat>WB|ET|OT|MA|DA)を得る。特徴「(?P<b>[^「」]+)」があればBP(?P<bp>\d+)になる。特徴"
        r"「(?P<s>[^「」]+)」があれば「?SP(?P<sp>[1-9])」?になる。",
        lambda m: Part(
            effect={
                "when": "static",
                "do": [
                    {"op": "resist", "while": {"command_feature": m["r"]}},
                    {"op": "taxis", "category": m["cat"], "while": {"command_feature": m["t"]}},
                    {"op": "bp_set", "value": int(m["bp"]), "while": {"command_feature": m["b"]}},
                    {"op": "sp", "value": int(m["sp"]), "while": {"command_feature": m["s"]}},
                ],
            },
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "named_destroys_in_battle",
        r"【[^【】]+】これとバトルする敵軍ユニットのBPが本来のBPでなかったなら、そのバトルで敵軍ユニットを"
        r"撃破したとき、相手に(?P<n>[1-9])点ダメージを与える。",
        lambda m: Part(
            effect={
                "when": "on_destroys",
                "foe": {"bp": "not_printed"},
                "do": [{"op": "damage", "n": int(m["n"])}],
            },
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "named_destroys_discard_command",
        r"【[^【】]+】これがバトルで敵軍ユニットを撃破したとき、これが撃破したユニットの必要パワーの数字以下の"
        r"必要パワーの数字を持つ敵軍コマンドを1つ選び、?捨札にしてもよい。"
        r"(?P<note>\s*\(この効果は、?ライドオフしたとき、?ナンバーに関係なく発動する\))?",
        lambda m: Part(
            combination={
                "when": "on_destroys",
                "optional": True,
                "do": [
                    {
                        "op": "discard_command",
                        "target": {
                            "side": "opponent",
                            "zone": "command",
                            "count": 1,
                            "power_max": {"destroyed": "power"},
                        },
                    }
                ],
            },
            only=("unit",),
            combo=True,
            ride_off=m["note"] is not None,
        ),
    ),
    tr.template(
        "named_turn_end_if_destroyed",
        r"【[^【】]+】このターン、特徴「(?P<f>[^「」]+)」を持つ敵軍ユニットを1体以上撃破して捨札にしたなら、"
        r"自分がターンを終えるとき、相手に(?P<n>[1-9])点ダメージを与えてもよい。",
        lambda m: Part(
            combination={
                "when": "turn_end",
                "turn": "own",
                "destroyed": {"side": "opponent", "feature": m["f"]},
                "optional": True,
                "do": [{"op": "damage", "n": int(m["n"])}],
            },
            only=("unit",),
            combo=True,
        ),
    ),
    tr.template(
        "named_count_face_up_power",
        r"【[^【】]+】オモテ向きの自軍パワーの枚数を数えてもよい。(?P<done>そうしたとき|そうしたき)、?"
        r"敵軍バトルエリアから、?その数以下の必要パワーの数字を持つ敵軍(?P<size>[SML])?ユニットを"
        r"(?P<n>[1-9])体選び、?持ち主のパワーゾーンに送る。"
        r"(?P<note>\s*\(この効果は、?ライドオフしたとき、?ナンバーに関係なく発動する\))?",
        _count_face_up_power,
    ),
    tr.template(
        "named_discard_bp_cross",
        r"【[^【】]+】自軍捨札から、?(?P<cat>WB|ET|OT|MA|DA)を持たない(?P<size>[SML])ユニットのカードを1枚選んで"
        r"もよい。そうしたとき、このターン、これは選んだカードのBPが「\+」され、クロス(?P<n>[1-9])を得る。",
        _discard_bp_cross,
    ),
    tr.template(
        "named_attack_again",
        r"【[^【】]+】これがアタックしてバトルに勝つたび、敵軍コマンドを1つ選びホールドしてもよい。そうしたとき、"
        r"これは追加でアタックできる\(ストライクはできない\)。",
        lambda m: Part(
            effect={
                "when": attack_again.WHEN,
                "optional": True,
                "do": [
                    {"op": attack_again.HOLD, "count": 1, "if_done": True},
                    {"op": attack_again.AGAIN},
                ],
            },
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "named_opponent_returns_power",
        r"【[^【】]+】(?:「SP(?P<sp>[1-9])」)?相手は自分自身のパワーゾーンからオモテ向きのカードを1枚選び、?"
        r"手札に戻してもよい。そうしたとき、このターン、これはストライクできない。",
        _opponent_returns_power,
    ),
    tr.template(
        "named_bp_pair_to_command",
        r"【[^【】]+】敵軍バトルエリアと敵軍ラッシュエリアから、?同じBPを持つ(?P<size>[SML])ユニットを1体ずつ"
        r"選んでもよい。そうしたとき、選んだユニットを持ち主のコマンドゾーンにホールド状態で置く。置けなければ"
        r"(?P<full>捨札にする|この効果は発動できない)。",
        lambda m: Part(
            combination={
                "when": "combination",
                "optional": True,
                "do": [
                    {
                        "op": bp_pair.OP,
                        "size": m["size"],
                        "if_full": "discard" if m["full"] == "捨札にする" else "nothing",
                    }
                ],
            },
            only=("unit",),
            combo=True,
        ),
    ),
    tr.template(
        "opponent_rush_discard",
        r"【[^【】]+】これが自軍(?P<rush>ラッシュ)?エリアにある間、相手は次の制限を受ける⇒コマンドをホールドし"
        r"て、特徴「(?P<f1>[^「」]+)」(?:、?または「(?P<f2>[^「」]+)」)?を持つユニットをラッシュしたとき、その"
        r"ホールドしたコマンドを捨札にする。",
        lambda m: Part(
            effect=rush_discard.effect(
                [f for f in (m["f1"], m["f2"]) if f], "rush" if m["rush"] else "field"
            ),
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "opponent_placed_held",
        r"【[^【】]+】これが自軍(?P<rush>ラッシュ)?エリアにある間、相手は次の制限を受ける⇒自分自身のコマンドゾーン"
        r"に(?P<c1>WB|ET|OT|MA|DA)(?:または(?P<c2>WB|ET|OT|MA|DA))?のカードをリリース状態で置いたとき、"
        r"そのカードをホールドする。",
        lambda m: Part(
            effect=placed_held.effect(
                [c for c in (m["c1"], m["c2"]) if c], "rush" if m["rush"] else "field"
            ),
            only=("unit",),
            no_number=True,
        ),
    ),
    tr.template(
        "named_next_combination",
        r"【[^【】]+】このターン、このユニットの次にコンビネーションするCN(?P<n>[1-9])を持つ自軍(?P<size>[SML])ユ"
        r"ニットは、そのNCの効果を発動する。ただし、ストライクはできない。",
        lambda m: Part(
            combination={
                "when": "next_combination",
                "of": {"number": int(m["n"]), "size": m["size"]},
                "do": [{"op": "next_nc", "no_strike": True}],
            },
            only=("unit",),
            combo=True,
        ),
    ),
    tr.template(
        "named_only_size_sp",
        r"【[^【】]+】敵軍バトルエリアのユニットが(?P<size>[SML])ユニットだけなら、このターン、これは「SP(?P<sp>[1-9])」"
        r"になる。",
        lambda m: Part(
            combination={
                "when": "combination",
                "if": {only_size.KEY: m["size"]},
                "do": [{"op": "sp", "value": int(m["sp"]), "until": "turn"}],
            },
            only=("unit",),
            combo=True,
        ),
    ),
    tr.template(
        "named_attack_chosen",
        r"【[^【】]+】SP(?P<sp>[1-9])\s*相手は自分自身のラッシュエリアからユニットを1体選ぶ\(自軍ダメージが"
        r"(?P<d>[1-9])点以上あれば自分が選ぶ\)。このターン、このユニットは、選んだユニットにアタックできる。",
        lambda m: Part(
            combination=attack_chosen.effect(int(m["sp"]), int(m["d"])),
            only=("unit",),
            combo=True,
        ),
    ),
    tr.template(
        "named_resist_to_damage",
        r"【[^【】]+】レジストを持つ敵軍Sユニットを1体選ぶか、レジストを持つ敵軍コマンドを1つ選び、"
        r"持ち主のパワーゾーンにダメージにして置く。",
        lambda m: Part(combination=dict(resist_damage.EFFECT), only=("unit",), combo=True),
    ),
    tr.template(
        "named_added_to_bottom",
        r"【[^【】]+】「SP(?P<sp>[1-9])」\s*カテゴリまたは特徴の追加されている敵軍(?P<size>[SML])?ユニットを"
        r"(?P<n>[1-9])体選び、持ち主の山札の下に戻してもよい。",
        lambda m: Part(
            combination=added_traits.effect(int(m["sp"]), m["size"], int(m["n"])),
            only=("unit",),
            combo=True,
        ),
    ),
    tr.template("named_effect", r"【[^【】]+】(?P<body>[^※【◎].*)", _named),
    tr.template(
        "resident_entered_hand_below",
        r"自軍バトルフェイズ中、特徴「(?P<f>[^「」]+)」を持つ自軍(?P<size>[SML])ユニットがバトルエリアに出たとき、"
        r"次の効果を発動できる\s*⇒\s*バトルエリアに出たユニットの必要パワーの数字よりも、必要パワーの数字が小さい"
        r"(?P<cat>WB|ET|OT|MA|DA)の(?P<hsize>[SML])ユニットのカードを、自分の手札から1枚選び、自軍ラッシュエリアに出す。",
        lambda m: Part(
            effect={
                "when": "on_entered",
                "while": resident_watch.WHILE,
                "of": {"feature": m["f"], "side": "own", "size": m["size"], "phase": "battle"},
                "optional": True,
                "activate": True,
                "do": [
                    {
                        "op": "from_hand",
                        "find": {
                            "type": "unit",
                            "category": m["cat"],
                            "size": m["hsize"],
                            "power_below": resident_watch.ENTERED,
                        },
                        "count": 1,
                        "to": "rush",
                    }
                ],
            },
            only=("operation",),
            resident=True,
        ),
    ),
    tr.template(
        "resident_look_top_category",
        r"自軍ユニットがバトルエリアに出たとき、自軍山札の上から1枚を見る。そのカードのカテゴリが、バトルエリアに出た"
        r"ユニットのカテゴリと同じなら、そのカードを自軍コマンドゾーンにホールド状態で置いてもよい\(コマンドゾーンに"
        r"置けるカードは通常5枚まで\)。そうしないとき、そのカードを山札の上に戻すか下に戻すかを選択する。",
        lambda m: Part(
            effect={
                "when": top_look.WHEN,
                "do": [{"op": top_look.OP, "category": top_look.ENTERED}],
            },
            only=("operation",),
            resident=True,
        ),
    ),
    tr.template(
        "tag",
        re.escape(tag_resident.REMINDER),
        lambda m: Part(keyword="tag", only=("operation",)),
    ),
    tr.template(
        "resident_held_entered_bold_hold",
        r"自軍バトルフェイズ中、ホールド状態の自軍Sユニットがバトルエリアに出たとき、『自軍Sユニットを1体選びホールドす"
        r"る』を実行してもよい。そうしたとき、バトルエリアに出たユニットをリリースする。",
        lambda m: Part(
            effect={
                "when": tag_resident.WHEN,
                "of": {"size": "S"},
                "optional": True,
                "do": [
                    {"op": tag_resident.BOLD, "part": {"op": "hold_own", "size": "S"}},
                    {"op": tag_resident.THEN},
                ],
            },
            only=("operation",),
            resident=True,
        ),
    ),
    tr.template(
        "resident_once_power_to_top_turn_feature",
        r"自軍ラッシュフェイズごとに1度だけ、『オモテ向きの自軍パワーを1枚選び、自軍山札の上に戻す』を実行してもよい。"
        r"そうしたとき、このターン、特徴「(?P<f>[^「」]+)」を持つ自軍ユニットは、「これはバトルエリアに出たとき撃破され"
        r"る」と書かれていても、そのテキストは無効になり、特徴「(?P<g>[^「」]+)」を追加される。",
        lambda m: Part(
            effect={
                "when": tag_activated.WHEN,
                "do": [
                    {"op": tag_resident.BOLD, "part": {"op": "power_to_top"}},
                    {
                        "op": tag_activated.GRANT,
                        "of": m["f"],
                        "feature": m["g"],
                        "void": tag_activated.VOID,
                    },
                ],
            },
            only=("operation",),
            resident=True,
        ),
    ),
    tr.template(
        "resident_rushed_hand_cycle",
        r"自軍ラッシュフェイズ中、自分が特徴「(?P<f>[^「」]+)」を持つユニットをラッシュしたとき、自分の手札からカードを"
        r"好きな枚数選び、自軍山札の下に好きな順で戻してもよい。そうしたとき、戻した枚数と同じ枚数をドローする。",
        lambda m: Part(
            effect={
                "when": hand_cycle.WHEN,
                "of": {"feature": m["f"]},
                "optional": True,
                "do": [{"op": hand_cycle.OP}],
            },
            only=("operation",),
            resident=True,
        ),
    ),
    tr.template(
        "resident_strike_dealt",
        r"カテゴリに(?P<cat>WB|ET|OT|MA|DA)を持つ自軍ユニットがストライクしてダメージを与えたとき、自軍捨札から"
        r"Sユニットのカードを相手に1枚選ばせてもよい。そうしたとき、相手の選んだユニットカードを自分の手札に加える。",
        lambda m: Part(
            effect={
                "when": "on_strike_damage",
                "by": {"category": m["cat"]},
                "optional": True,
                "do": [
                    {
                        "op": "discard_to_hand",
                        "find": {"type": "unit", "size": "S"},
                        "chooser": "opponent",
                    }
                ],
            },
            only=("operation",),
            resident=True,
        ),
    ),
    tr.template(
        "chosen_bp_sum_operation",
        r"特徴「(?P<f1>[^「」]+)」を持つ自軍ユニットを1体と、特徴「(?P<f2>[^「」]+)」を持つ自軍ユニットを1体"
        r"選び、選んだ2体の本来のBPを合計する。そして、合計したBP以下の敵軍ユニットを1体選び、持ち主のパワー"
        r"ゾーンに送る。",
        _chosen_bp_sum,
    ),
    tr.template(
        "resident_gives_scrum",
        r"特徴「(?P<f>[^「」]+)」(?P<more>(?:または「[^「」]+」)*)を持つ自軍ユニットは、次の能力を得る⇒"
        r"スクラム(?:\(これのCNより1多いCNを持つユニットがこれの次に並んでいる間、これはアタックされな"
        r"い\))?",
        lambda m: Part(
            effect={
                "when": "resident",
                "do": [granted.gain_op([m["f"], *re.findall(r"「([^「」]+)」", m["more"])])],
            },
            only=("operation",),
            resident=True,
        ),
    ),
    tr.template(
        "resident_turn_end_held_to_hand",
        r"自分も相手も次の制限を受ける。ターンを終えるときホールド状態のコマンドを1つ選んで手札に戻す。",
        lambda m: Part(effect=dict(held_return.EFFECT), only=("operation",), resident=True),
    ),
    tr.template(
        "resident_namesake_hold",
        r"自分も相手も次の制限を受ける⇒自分自身の捨札にあるユニットカードと同じカード名のユニットカードを、"
        r"コマンドをホールドしてラッシュするとき、コマンドを追加で(?P<n>[1-9])つホールドしなければ、その"
        r"ユニットカードはラッシュできない。",
        lambda m: Part(
            effect={"when": "resident", "do": [{"op": namesake_rush.OP, "n": int(m["n"])}]},
            only=("operation",),
            resident=True,
        ),
    ),
    tr.template("stack_operation", _STACK, _stack),
    tr.template("operation", r"[^※【◎「].*", _operation),
)


@dataclass(frozen=True, slots=True)
class Reading:
    """What the reader made of a card's text: ``effects`` and ``combination`` (its Number
    Combination's effects), read ones when understood, else none (an unsupported card is
    never given a partial reading); ``keywords`` the notes read; ``unread`` (the importer's
    doubts, then every part not read), ``lines`` (``(part, template or None)``) and
    ``restrictions`` (the unit's own printed restrictions, RS-CARD-RESTRICTION)."""

    effects: tuple[dict[str, Any], ...] = ()
    combination: tuple[dict[str, Any], ...] = ()
    keywords: tuple[str, ...] = ()
    unread: tuple[str, ...] = ()
    lines: tuple[tuple[str, str | None], ...] = ()
    restrictions: tuple[dict[str, Any], ...] = ()
    combines_from: dict[str, Any] | None = None
    #: its combination triggers too as it rides off, whatever its number (RS-RIDE-OFF-NUMBER)
    rides_off: bool = False

    @property
    def understood(self) -> bool:
        return not self.unread


def _holds(part: Part, defn: dict[str, Any], combos: int) -> bool:
    kind = str(defn.get("type") or "unit")
    if kind not in part.only:
        return False
    if part.keyword == "any_copies" and not defn.get("any_copies"):
        return False
    if part.keyword == "resident" and defn.get("operation") != "resident":
        return False
    if part.keyword == "tag" and not (defn.get("operation") == "resident" and defn.get("tag")):
        return False  # RS-TAG: a resident's keyword, the importer's ``tag``
    if part.keyword == "combine":  # RS-COMBINE-PARTS: read with its additional condition
        cost = defn.get("cost")
        which = cost.get("discard") if isinstance(cost, dict) else None
        return isinstance(which, dict) and "parts" in which
    if part.resident:  # RS-STRIKE-DEALT: a resident's text while it is in place
        return defn.get("operation") == "resident"
    if part.effect is not None and (defn.get("operation") or "normal") != "normal":
        return False
    if part.effect is not None and _counts_itself(part.effect, defn):
        return False  # RS-BP-PER-UNITS: whether it counts itself the text does not say
    combination = defn.get("combination") or {}
    number = combination.get("number")
    rc = bool(combination.get("rc"))  # its named effect is its rider combination's
    if part.ride_off and not isinstance(number, int):
        return False  # RS-RIDE-OFF-NUMBER: "ナンバーに関係なく", a unit with a number
    if part.combo:
        return (isinstance(number, int) or rc) and combos == 0
    if part.no_number:
        return number is None and not rc and combos == 0
    return True


def _counts_itself(effect: dict[str, Any], defn: dict[str, Any]) -> bool:
    """Whether a unit's continuous BP for each unit of its battle area counts units of the
    unit's own category and size (RS-BP-PER-UNITS: the text does not say whether it counts
    itself, so such a text is not read)."""
    for op in effect.get("do") or ():
        per = op.get("per") if isinstance(op, dict) else None
        if not isinstance(per, dict) or per.get("count") != "own_battle_units":
            continue
        if per.get("category", defn.get("category")) != defn.get("category"):
            continue
        if per.get("size", defn.get("size")) == defn.get("size"):
            return True
    return False


#: "choose one of the following effects and activate it" before its listed effects, each
#: "◎…" (RS-CHOOSE-ONE)
_CHOOSE_ONE = re.compile(r"次の効果から1つ選び発動する[。⇒]")


def _choose_one(ps: list[str], defn: dict[str, Any], doubts: list[str]) -> Reading | None:
    """A normal operation printed "次の効果から1つ選び発動する⇒ ◎… ◎…" (RS-CHOOSE-ONE): one
    effect whose one op is ``modes``, each listed effect read as a body; None when the text is
    not of that shape.  A listed effect not read leaves the card unsupported, that part unread."""
    if (
        len(ps) < 3
        or not _CHOOSE_ONE.fullmatch(ps[0])
        or not all(p.startswith("◎") for p in ps[1:])
        or defn.get("type") != "operation"
        or (defn.get("operation") or "normal") != "normal"
    ):
        return None
    shown: list[tuple[str, str | None]] = [(ps[0], "choose_one")]
    unread = list(doubts)
    listed: list[dict[str, Any]] = []
    for part in ps[1:]:
        body = read_body(part[1:].strip(), "on_use")
        shown.append((part, None if body is None else "choose_one_effect"))
        if body is None:
            unread.append(part)
            continue
        listed.append({"do": body["do"], **({"optional": True} if body.get("optional") else {})})
    effect = {"when": "on_use", "do": [{"op": "modes", "modes": listed}]}
    if unread or not effects.supported(effect):
        return Reading(unread=tuple(unread or ps), lines=tuple(shown))
    return Reading(effects=({**effect, "text": " ".join(ps)},), lines=tuple(shown))


def _second_of_kind(value: Part, rules: list[dict[str, Any]]) -> bool:
    """Whether ``value`` is a second printed restriction of a kind the card has read already
    (two notes ``no_attack_on``, say): the engine looks a card's restriction of a kind up once
    (:func:`judge.games.rangers_strike.restrictions.has`), so it would judge by the first alone
    and let an attack the second forbids pass.  Such a part is left unread (RS-TEXT-UNREAD)
    rather than half obeyed; the same note printed twice is one restriction."""
    rule = value.rule
    return rule is not None and any(r.get("rule") == rule.get("rule") and r != rule for r in rules)


def read_card(defn: dict[str, Any]) -> Reading:
    """Read the printed ``text`` of one definition (module docstring)."""
    text = defn.get("text")
    doubts = [str(why) for why in defn.get("unsupported") or []]
    if not isinstance(text, str) or not text.strip():
        return Reading(unread=tuple(doubts))
    choice = _choose_one(parts(text), defn, doubts)
    if choice is not None:
        return choice
    effects: list[dict[str, Any]] = []
    combination: list[dict[str, Any]] = []
    keywords: list[str] = []
    rules: list[dict[str, Any]] = []
    combines_from: dict[str, Any] | None = None
    rides_off = False
    unread: list[str] = doubts
    shown: list[tuple[str, str | None]] = []
    for part in parts(text):
        got = tr.read_line(part, TEMPLATES)
        value: Part | None = got.value
        if (
            value is None
            or not _holds(value, defn, len(combination))
            or _second_of_kind(value, rules)
        ):
            unread.append(part)
            shown.append((part, None))
            continue
        shown.append((part, got.template))
        if value.keyword is not None and value.keyword not in keywords:
            keywords.append(value.keyword)
        if value.effect is not None:
            effects.append({**value.effect, "text": part})
        effects.extend({**more, "text": part} for more in value.more)
        if value.combination is not None:
            combination.append({**value.combination, "text": part})
            combines_from = value.combines_from
            rides_off = value.ride_off
        if value.rule is not None and value.rule not in rules:
            rules.append(value.rule)
    if unread:
        return Reading(unread=tuple(unread), lines=tuple(shown))
    return Reading(
        tuple(effects),
        tuple(combination),
        tuple(keywords),
        (),
        tuple(shown),
        tuple(rules),
        combines_from,
        rides_off,
    )
