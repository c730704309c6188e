"""The printed-text reader: a card's Japanese effect text read into the engine's effects.

A card definition may carry its printed text (``text``: the official card list's
``effectText``, ``docs/cards.md``).  When it has ``text`` and no ``effects``, the engine
reads the text (:func:`read_card`, through :func:`judge.games.union_arena.cards.card_def`,
once per definition when the log is loaded) and uses what it read.

The text is read line by line (a line is an ability, a keyword, a raid or a "treated as"
statement) and each ability sentence by sentence, with the grammar of
:mod:`judge.games.union_arena.textgrammar`: a timing tag, cost tags, then sentences made of a
selector, a count, a duration and an operation.  A card is **understood** when every line
and every sentence is read into something the engine executes exactly; then its effects
are the ones read.  Otherwise the card is **unsupported** (:attr:`Reading.unread` names each
sentence not read) and never silently vanilla: every ability of the card becomes an effect
with ``text`` only at its timing (the engine cannot execute it: the step where it resolves
is unverifiable, ``UA-EFFECT-UNSUPPORTED``, and the later steps that could depend on it
uncertain), and a line with no timing the reader knows (a continuous ability, a trigger
the vocabulary lacks) becomes such an effect when the card is played: from the moment the
card is on the field the engine's state may be wrong.  Even an ability read in full is not
executed on an unsupported card, since an unread line may change it.  What is kept from an
unsupported card: its keywords, its raid and the names it is also treated as (each read
exactly, and printed on the card rather than an effect).

:mod:`judge.games.union_arena.coverage` counts what is read (``judge cards coverage``) and
groups the unread sentences by template.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from judge.core import textread as tr
from judge.games.union_arena import (
    attack_end,
    bp_per,
    cannot_move,
    counts,
    handenergy,
    nextap,
    once_name,
    raid_only,
    raid_source,
    self_state,
    swap,
    textjoin,
    textmodes,
    textoutside,
    textplay,
    texttimings,
    this_turn,
    trigger_where,
    unchoosable,
)
from judge.games.union_arena import textgrammar as g
from judge.games.union_arena import textunder as under
from judge.games.union_arena.effects import supported
from judge.games.union_arena.raidtext import raid_matches_text
from judge.games.union_arena.textconditions import (
    activation_condition,
    line_clause,
    play_condition,
)
from judge.games.union_arena.textcost import ap_reduction
from judge.games.union_arena.textdeck import read_hand_bottom, read_may_mill, read_mill
from judge.games.union_arena.texthand import (
    discard_card,
    read_draw_up_to,
    read_hand,
    read_may_draw,
    read_retired_to_hand,
    read_retired_to_hand_if_done,
)
from judge.games.union_arena.textlines import (
    CONDITION_START,
    bp_and_grants,
    condition_clause,
    continuous_generation,
    energy_reduction,
    enters_active,
    read_look,
    static_bp,
)
from judge.games.union_arena.textmay import read_may_choose, read_may_rest_after
from judge.games.union_arena.textmove import move_operation, move_reminder, read_may_move_self
from judge.games.union_arena.textstatic import TIER_HEADER, static_ability, static_tiers


@dataclass(frozen=True, slots=True)
class Reading:
    """What the reader made of a card's text.

    ``effects`` are the engine's effects (read ones when understood, else the text-only
    stand-ins described in the module docstring); ``keywords`` the keyword words read from
    keyword lines; ``also_treated_as`` the names read from "このカードは〈X〉としても扱う。";
    ``unread`` every sentence not read, with the timing tag of its ability.
    """

    effects: tuple[dict[str, Any], ...] = ()
    keywords: tuple[str, ...] = ()
    also_treated_as: tuple[str, ...] = ()
    unread: tuple[str, ...] = ()

    @property
    def understood(self) -> bool:
        return not self.unread


#: the brackets a Union Arena sentence nests: quotes only (``「…。」`` quotes an ability
#: given); its tags ``[…]`` and names ``〈…〉`` never hold a ``。`` that ends a sentence
QUOTES = ("「", "」")


def sentences(body: str) -> list[str]:
    """A body split at ``。`` outside quotes, without the stops (the shared
    :func:`judge.core.textread.sentences` with Union Arena's brackets).

    >>> sentences("カードを1枚引く。「このキャラはBP+1000。」を得る。")
    ['カードを1枚引く', '「このキャラはBP+1000。」を得る']
    """
    return tr.sentences(body, QUOTES, keep_stop=False)


def read_card(defn: dict[str, Any]) -> Reading:
    """Read the printed ``text`` of a Union Arena card definition (see the module docstring).

    >>> r = read_card({"type": "character", "text": "[登場時]カードを1枚引く。"})
    >>> r.understood, r.effects
    (True, ({'when': 'on_play', 'do': [{'op': 'draw', 'n': 1}]},))
    >>> r = read_card({"type": "character", "text": "このキャラはBP+1000。"})
    >>> r.unread, r.effects[0]["text"]
    (('このキャラはBP+1000',), 'このキャラはBP+1000。')
    """
    text = defn.get("text") or ""
    given_keywords = [k.strip().lower() for k in defn.get("keywords") or []]
    effects: list[dict[str, Any]] = []
    stand_ins: list[dict[str, Any]] = []
    keywords: list[str] = []
    also: list[str] = []
    # a definition not relied on in full (``unsupported``, an importer's note of a record
    # that disagrees with itself) is unsupported however well its text reads
    unread: list[str] = [str(why) for why in defn.get("unsupported") or []]
    for line, bullets in _with_bullets(g.normalise(text).split("\n")):
        if not line:
            continue
        clean = g.strip_reminders(line)
        if bullets and TIER_HEADER.fullmatch(clean):  # "…により、このキャラは以下の効果を全て得る"
            tiered = static_tiers(defn, clean, bullets)  # UA-EFFECT-STATIC-TIERS
            if tiered is None:
                unread += [
                    clean.rstrip("。"),
                    *(g.strip_reminders(b).rstrip("。") for b in bullets),
                ]
                stand_ins.append({"when": "on_play", "text": line, "continuous": True})
            else:
                effects.append(tiered)
            continue
        tags, rest = g.leading_tags(clean)
        words = [g.keyword(t) for t in tags]
        if tags and not rest and all(words):
            if given_keywords and not set(words) <= set(given_keywords):
                unread.append(clean)  # the text and the definition's keywords disagree
            keywords += [w for w in words if w]
            continue
        if tags[:1] == ["レイド"] and len(tags) == 1:
            if not raid_matches_text(rest, defn.get("raid")):
                unread.append(clean)
            continue
        ability = g.quoted_ability(clean) if not tags and defn.get("type") == "character" else None
        ability = ability or cannot_move.line_keyword(defn, clean)  # "このキャラは移動できない。"
        if ability is not None:  # "このキャラはBP2000以下のキャラにブロックされない。"
            if given_keywords and ability not in given_keywords:
                unread.append(clean)
            keywords.append(ability)
            continue
        # "このカードは〈X〉としても扱う。", also of two names: "〈X〉としても〈Y〉としても扱う。"
        m = re.fullmatch(r"このカードは((?:〈[^〈〉]+〉としても)+)扱う。?", clean)
        if m:
            also += re.findall(r"〈([^〈〉]+)〉", m.group(1))
            continue
        generate = (
            continuous_generation(defn, clean)
            or energy_reduction(clean)
            or handenergy.read(defn, clean)  # "自分の手札にある全ての〈X〉の必要エナジーを…減らす"
            or ap_reduction(clean)  # "…場合、手札にあるこのカードの消費APを-1する" (textcost.py)
            or static_bp(defn, clean)
            or static_ability(defn, clean)  # "[フロントLにある場合]", "同じライン", "…につき"
            or enters_active(defn, clean)
            or play_condition(defn, clean)  # "このカードは…場合のみ使用できる" (UA-PLAY-ONLY-IF)
            or under.static_line(defn, clean)  # "このキャラの下に裏向きのカードがある場合、…"
            or unchoosable.others_line(defn, clean)  # "…以外のキャラは、…選ばれない"
            or raid_only.read_line(defn, clean)  # "このキャラはレイド以外で登場できない"
        )
        if generate is not None:
            if not this_turn.names_itself(defn, generate):
                effects.append(generate)
            else:  # "このターン中に自分が〈X〉を使用している" on a card named X (this_turn.py)
                unread.append(clean.rstrip("。"))
            continue
        milled = texttimings.off_field(tags, rest)  # "このカードが…山札から場外に置かれた時"
        if milled is not None:  # (UA-TRIGGER-OWN-MILLED), on a card of any type
            effects.append(milled)
            continue
        timed = texttimings.leading(tags, rest) if defn.get("type") == "character" else None
        watch = (
            texttimings.watched(tags, rest) if defn.get("type") in ("character", "field") else None
        )
        if watch is not None and watch[0] != texttimings.OWN_WIN_ATTACKING:
            watch = watch if defn.get("type") == "character" else None  # "このキャラと…"
        if timed is not None or watch is not None:
            # "自分のアタックフェイズ終了時、…": a timing in words (texttimings)
            when, clause, body = (timed or watch)[:3]  # type: ignore[index]
            # a watching ability's ``by``: whose win it waits for (UA-TRIGGER-OWN-WIN-ATTACKING)
            by = watch[3] if timed is None and watch is not None else None
            effect, missed = _read_ability(defn, when, tags, body, bullets, by)
            head = "".join(f"[{t}]" for t in tags) + clause
            unread += [head + s for s in missed]
            stand_ins.append({"when": when, "text": "\n".join([line, *bullets])})
            effects += [effect] if effect is not None and not missed else []
            continue
        when = g.TIMINGS.get(tags[0]) if tags else None
        if when is None and not tags and defn.get("type") == "event":
            when = "on_play"  # an event's text is what it does when used
        if when is None:
            unread.append(clean.rstrip("。"))
            stand_ins.append({"when": "on_play", "text": line, "continuous": True})
            continue
        # "[アタック時][ブロック時]…": one ability at each of several triggered timings
        timings = [when]
        while len(timings) < len(tags) and when != "activate_main":
            more = g.TIMINGS.get(tags[len(timings)])
            if more is None or more == "activate_main":
                break
            timings.append(more)
        prefix = "".join(f"[{t}]" for t in tags[: len(timings)]) if tags else ""
        for at in timings:
            effect, missed = _read_ability(defn, at, tags[len(timings) :], rest, bullets)
            if effect is not None and len(timings) > 1 and once_name.KEY in effect:
                missed = [rest]  # one limit shared by two timings: not a form the engine keeps
                effect = None
            if at == timings[0]:
                unread += [prefix + s for s in missed]
            stand_in: dict[str, Any] = {"when": at, "text": "\n".join([line, *bullets])}
            if at == "activate_main":  # the cost tags it can pay, the log records their payment
                paid, once = g.payable_cost(tags[len(timings) :])
                if paid:
                    stand_in["cost"] = paid
                if once:
                    stand_in["once_per_turn"] = True
            stand_ins.append(stand_in)
            if effect is not None and not missed:
                effects.append(effect)
    if unread:
        for s in stand_ins:
            s["unread"] = list(unread)
        return Reading(tuple(stand_ins), tuple(keywords), tuple(also), tuple(unread))
    return Reading(tuple(effects), tuple(keywords), tuple(also), ())


#: "以下から1つ選ぶ。" (choose 1 of the following), ending an ability whose bullets follow
_MODES = re.compile(r"以下から(\d+)つ(まで)?(?:を)?選ぶ")


def _with_bullets(lines: list[str]) -> list[tuple[str, list[str]]]:
    """The lines, each with the bullet lines ("・…") that follow it when it ends in
    "以下からNつ選ぶ。" (the effects it lists) or is "…により、このキャラは以下の効果を全て
    得る。" (the tiers of a count); other bullet lines stay lines of their own."""
    out: list[tuple[str, list[str]]] = []
    for line in lines:
        head = g.strip_reminders(out[-1][0]) if out else ""
        if line.startswith("・") and (_MODES.search(head) or TIER_HEADER.fullmatch(head)):
            out[-1][1].append(line)
        else:
            out.append((line, []))
    return out


#: an activated ability's condition on where its card is
_WHERE = {"フロントLにある場合": "front_line", "エナジーLにある場合": "energy_line"}


def _read_ability(
    defn: dict[str, Any],
    when: str,
    tags: list[str],
    body: str,
    bullets: list[str] | None = None,
    by: dict[str, Any] | None = None,
) -> tuple[dict[str, Any] | None, list[str]]:
    """One ability: its effect (None when a part is not read) and the parts not read.
    ``bullets``: the effects it lists to choose from ("・…"), when it ends "以下から1つ選ぶ";
    ``by``: whose event a watching ability waits for (texttimings.watched)."""
    missed: list[str] = []
    effect: dict[str, Any] = {"when": when}
    if by is not None:
        effect["by"] = by
    if when == "activate_main":
        where = [
            _WHERE[t] for t in tags if t in _WHERE
        ]  # "[フロントLにある場合]" (UA-EFFECT-WHERE)
        paid = g.cost([t for t in tags if t not in _WHERE])
        if paid is None or len(where) > 1:
            missed.append("".join(f"[{t}]" for t in tags))
        else:
            if where:
                effect["where"] = where[0]
            if paid[0]:
                effect["cost"] = paid[0]
            if paid[1]:
                effect["once_per_turn"] = True
    elif tags == ["ターン1"]:  # a triggered ability once per turn (UA-TRIGGER-ONCE)
        effect["once_per_turn"] = True
    elif len(tags) == 1 and tags[0] in _WHERE and when in trigger_where.TIMINGS:
        effect["where"] = _WHERE[tags[0]]  # "[登場時][フロントLにある場合]" (UA-TRIGGER-WHERE)
    elif tags:  # a triggered ability with a condition: not in the vocabulary
        missed.append("".join(f"[{t}]" for t in tags))
    self_ok = (
        defn.get("type") == "character"
        and when in ("on_play", "activate_main", "on_attack", "on_block", *texttimings.ON_FIELD)
        and not effect.get("cost", {}).get("retire_self")
    )
    # "このキャラ"/"このフィールド" until the main phase ends: an activated ability's own card
    self_word = (
        {"character": "キャラ", "field": "フィールド"}.get(defn.get("type") or "")
        if when == "activate_main" and not effect.get("cost", {}).get("retire_self")
        else None
    )
    ops: list[dict[str, Any]] = []
    name, parts = once_name.read(defn, when, sentences(body))  # "〈X〉のこの効果は1ターンに1回…"
    only_if, parts = activation_condition(defn, when, parts)  # UA-EFFECT-ONLY-IF
    effect.update({"only_if": only_if} if only_if is not None else {})
    effect.update({once_name.KEY: name} if name is not None else {})
    if not parts:
        missed.append("(no effect text)")
    pay = re.fullmatch(r"APを(\d+)支払ってもよい", parts[0]) if parts else None
    if (
        pay
        and int(pay.group(1)) >= 1
        and when != "activate_main"
        and tags in ([], ["ターン1"])  # once per turn too (UA-TRIGGER-ONCE-DECLINED if declined)
        and len(parts) > 1
        and parts[1].startswith("そうした場合、")
    ):
        # "APを1支払ってもよい。そうした場合、…": optional, paid as it resolves (UA-EFFECT-COST)
        effect["optional"] = True
        effect["cost"] = {"ap": int(pay.group(1))}
        parts = [parts[1][len("そうした場合、") :], *parts[2:]]
    # "<clause>場合、自分の手札を1枚場外に置いてもよい。そうした場合、…": the choice only if it holds
    lead = re.fullmatch(r"(.+?)場合、(自分の手札.+)", parts[0]) if parts else None
    lead_if = condition_clause(lead.group(1)) if lead else None
    may = (
        re.fullmatch(r"自分の手札(?:の(.+?))?を(\d+)枚場外に置いてもよい", lead.group(2))
        if lead and lead_if is not None
        else re.fullmatch(r"自分の手札(?:の(.+?))?を(\d+)枚場外に置いてもよい", parts[0])
        if parts
        else None
    )
    card = discard_card(may.group(1)) if may and may.group(1) else {}  # "手札の〈X〉を" (texthand)
    if (
        may
        and card is not None
        and int(may.group(2)) >= 1
        and when != "activate_main"
        and tags in ([], ["ターン1"])
        and len(parts) > 1
        and parts[1].startswith("そうした場合、")
    ):
        # "自分の手札を1枚場外に置いてもよい。そうした場合、…": optional; using it discards, and
        # only then the rest happens (UA-EFFECT-MAY-DISCARD; "そうした場合" reads as if_done)
        effect["optional"] = True
        ops.append({"op": "discard", "n": int(may.group(2)), **({"card": card} if card else {})})
        ops[-1].update({"if": lead_if} if lead_if is not None else {})
        parts = parts[1:]
    may_mill = read_may_mill(parts, when, tags, effect, ops) or textoutside.read_may_remove(
        parts, when, tags, effect, ops
    )
    if may_mill is not None:  # "自分の山札の上から1枚を場外に置いてもよい。…" (textdeck.py),
        # "自分の場外にあるカードをN枚リムーブエリアに置いてもよい。…" (textoutside.py)
        effect["optional"], (ops, parts) = True, may_mill
    may_draw = read_may_draw(parts, when, tags, effect, ops)
    if may_draw is not None:  # "カードを1枚引いてもよい。そうした場合、…" (texthand.py)
        effect["optional"], (ops, parts) = True, may_draw
    may_put = under.read_may_put(parts, when, tags, effect, ops)
    if may_put is not None:  # "…裏向きのカードがない場合、…の下に置いてもよい" (textunder.py)
        effect["optional"], ops, parts = True, may_put, []
    may_out = under.read_may_outside(parts, when, tags, effect, ops)
    if may_out is not None:  # "…の下の裏向きのカードを1枚場外に置いてもよい。…" (textunder.py)
        ops, parts = may_out  # activated: a choice of up to one instead of optional
        effect.update({"optional": True} if when != "activate_main" else {})
    may_choose = read_may_choose(parts, when, tags, effect, ops)
    if may_choose is not None:  # "…を1枚退場させてもよい。そうした場合、…" (textmay.py)
        effect["optional"], (ops, parts) = True, may_choose
        back = read_retired_to_hand_if_done(parts[0], when) if len(parts) == 1 else None
        ops, parts = (ops + back, []) if back else (ops, parts)  # "…このカードを手札に加える"
    may_move = read_may_move_self(parts, when, tags, effect, ops)
    if may_move is not None:  # "このキャラを別のラインに移動させてもよい" (textmove.py)
        effect["optional"], ops, parts = True, may_move, []
    pair = swap.read_may_pair(parts, when, tags, effect, ops)
    if pair is not None:  # "…を1枚ずつ選び、それらの位置を入れ替えてもよい" (swap.py)
        effect["optional"], ops, parts = True, pair, []
    up_to = None if bullets else read_draw_up_to(parts, when, tags, effect, ops)
    if up_to is not None:  # "カードを1枚まで引く。", the whole ability (texthand.py)
        effect["optional"], ops, parts = True, up_to, []
    back = None if bullets or ops else read_retired_to_hand(parts, when, tags)
    if back is not None:  # "[退場時]このカードを手札に加える。" (texthand.py)
        ops, parts = back, []
    header = _MODES.fullmatch(parts[-1]) if parts and bullets else None
    if bullets and header is None:
        missed += bullets  # effects listed with no "以下からNつ選ぶ" the reader knows
    # an optional effect declined does nothing, so not what "その後、" says happens anyway
    then_ok = not effect.get("optional")
    read, not_read = _read_parts(
        parts[:-1] if header else parts, self_ok, self_word, ops, then_ok=then_ok
    )
    ops += read
    missed += not_read
    if header:  # "以下から1つ選ぶ。・…・…": a choice among the effects listed (UA-EFFECT-MODES)
        listed = []
        for bullet in bullets or []:
            text = g.strip_reminders(bullet)[1:]
            # "…てもよい。そうした場合、…": the effect listed is optional (textmodes.py)
            first, rest = textmodes.read_may_mode(sentences(text), when, tags)
            mode, mode_missed = _read_parts(
                rest, self_ok, self_word, first, then_ok=then_ok and not first
            )
            listed.append(first + mode)
            missed += [f"・{m}" for m in mode_missed]
        op = {"op": "modes", "n": int(header.group(1)), "modes": listed}
        if header.group(2):
            op["up_to"] = True
        ops.append(op)
    effect["do"] = ops
    if not missed and not (supported(effect) and this_turn.read_on(defn, effect)):
        missed.append(body)
    return (None if missed else effect), missed


def _read_parts(
    parts: list[str],
    self_ok: bool,
    self_word: str | None,
    before: list[dict[str, Any]],
    then_ok: bool = True,
) -> tuple[list[dict[str, Any]], list[str]]:
    """The ops of an ability's sentences, read in order (``before``: the ability's ops read
    before them), and the sentences not read.  ``then_ok``: "その後、<sentence>" may be read
    (not in an optional effect, where declining would skip what it says happens anyway)."""
    ops: list[dict[str, Any]] = []
    missed: list[str] = []
    printed, parts = parts, list(parts)  # "その後、…" is read without it (textjoin.py)
    i = 0
    while i < len(parts):
        then = textjoin.after_that(parts[i], before + ops) if then_ok else None  # UA-EFFECT-THEN
        parts[i] = parts[i] if then is None else then
        replaced = (
            read_replaced_bp(parts[i : i + 2])
            or this_turn.read_bp_range(parts[i : i + 2])  # "…BPの範囲+500" (this_turn.py)
            or read_replaced_op(parts[i : i + 2])
            or textplay.read_replaced_count(parts[i : i + 2])  # "『1枚』まで…『2枚』に代わる"
            or textplay.read_quiet_play(parts[i : i + 2], before + ops)  # "[登場時]は発動しない"
        )
        if replaced is not None:
            ops += replaced
            i += 2
            if i < len(parts) and counts.read_more_bp(ops, parts[i]):  # a second limit
                i += 1
            continue
        may_rest = read_may_rest_after(parts[i : i + 2], before + ops)  # "…レストにしてもよい"
        if may_rest is not None:
            ops += may_rest
            i += 1
            continue
        look = read_look(parts[i : i + 4])
        if look is not None:
            ops += look[0]
            i += look[1]
            continue
        if move_reminder(parts[i], before + ops):  # restates what a full line does: no op
            i += 1
            continue
        read = (
            _read_main_phase_self(parts[i], self_word)
            or counts.read_bp_per(parts[i])  # "[特徴:X]の枚数×1000以下のBPの…"
            or attack_end.read(parts[i], lambda rest: read_sentence(rest, self_ok))
            or textplay.read(parts[i], before + ops)
            or textjoin.more_to_chosen(  # "…場合、さらに…を与える" (UA-EFFECT-IF-MORE-CHOSEN)
                parts[i], before + ops, _condition, _operations
            )
            or read_sentence(parts[i], self_ok)
        )
        done = parts[i].removeprefix("そうした場合、")
        if read is None and done != parts[i]:  # "そうした場合、このキャラは…発生エナジー+[色]"
            then = _read_main_phase_self(done, self_word)
            read = [{**op, "if_done": True} for op in then] if then else None
        lead = re.fullmatch(r"(.+?)場合、(.+)", parts[i]) if read is None else None
        if lead is not None:  # "<clause>場合、このキャラはこのターン中、発生エナジー+[紫]"
            cond = _condition(lead.group(1))
            then = _read_main_phase_self(lead.group(2), self_word) if cond else None
            read = [{**op, "if": cond} for op in then] if then else None
        last = (before + ops)[-1] if before or ops else None
        after_return = last is not None and last["op"] == "to_hand" and last["target"] != "self"
        if read is None or (read[0].get("if_none_before") and not after_return):
            missed.append(printed[i])
        else:
            ops += read
        i += 1
    return ops, missed


def read_sentence(s: str, self_ok: bool) -> list[dict[str, Any]] | None:
    """The ops of one sentence, or None.  ``self_ok``: "このキャラ" (this character) names a
    card on the field when the effect resolves.

    >>> read_sentence("BP3000以下の相手のフロントLのキャラを1枚まで選び、退場させる", False)
    [{'op': 'retire', 'target': {'side': 'opponent', 'zone': 'front_line', 'type': 'character', 'bp_max': 3000, 'count': 1, 'up_to': True}}]
    """
    # the outside area's cards, the hand's, the deck's top card put face down (textunder.py)
    moved = (
        textoutside.read(s)
        or read_hand_bottom(s)
        or under.under_self(s, self_ok)
        or under.read_move(s)
        or under.read_choose_under(s)
        or swap.read(s, self_ok)  # "…このキャラと位置を入れ替える" (swap.py)
        or nextap.read(s)  # "次に手札から使用する…の消費APを-N" (nextap.py)
    )
    if moved is not None:
        return moved
    if CONDITION_START.match(s) or s.startswith(self_state.CLAUSE):
        return read_conditional(s, self_ok)
    m = re.fullmatch(
        r"(.+?)を(\d+枚)(レストにする|アクティブにする|退場させる|自分の山札の下に置く)", s
    )
    if m and m.group(3).startswith("自分") and not m.group(1).startswith("自分"):
        m = None  # "自分の山札の下に置く": only one's own card goes to one's own deck
    if m and g.selector(m.group(1)) is not None and g.count(m.group(2)) is not None:
        # "自分のフロントLのアクティブのキャラを1枚レストにする": a choice the player must make
        sel = g.selector(m.group(1))
        n = g.count(m.group(2))
        assert sel is not None and n is not None
        if sel["zone"] == "ap" and m.group(3) != "アクティブにする":
            return None  # "自分のAPカードを1枚アクティブにする": AP cards are only made active
        return [{"op": _SIMPLE_OPS[m.group(3)], "target": {**sel, "count": n[0], "if_able": True}}]
    if s.startswith("このターンのアタックフェイズ開始時、"):  # set up for later (at_attack_start)
        later = read_sentence(s[len("このターンのアタックフェイズ開始時、") :], False)
        return [{"op": "at_attack_start", "do": later}] if later else None
    if s.startswith("そうした場合、"):  # "if you did": after a choice that chose a card
        then = read_sentence(s[len("そうした場合、") :], self_ok)
        return [{**op, "if_done": True} for op in then] if then else None
    m = re.fullmatch(r"(選んだキャラ|公開したカード)が(.+?)の場合、(さらに)?(.+)", s)
    if m:  # a condition on the card the last choice named (if_chosen)
        cond = g.card_noun(m.group(2), on_field=False)
        if not cond or (m.group(3) and m.group(1) != "選んだキャラ"):
            return None
        if m.group(3):  # "さらにアクティブにする": to the chosen card itself
            op = _operation(m.group(4))
            return [{**op, "target": "chosen", "if_chosen": cond}] if op else None
        then = read_sentence(m.group(4), self_ok)
        return [{**op, "if_chosen": cond} for op in then] if then else None
    if (mill := read_mill(s)) is not None:  # the deck's top cards to the outside area
        return mill
    if (hand := read_hand(s)) is not None:  # "相手はカードを1枚引く" (texthand.py)
        return hand
    m = re.fullmatch(r"カードを(\d+)枚引く", s)
    if m:
        return [{"op": "draw", "n": int(m.group(1))}]
    m = re.fullmatch(r"カードを(\d+)枚引き、自分の手札を(\d+)枚場外に置く", s)
    if m and int(m.group(2)) <= int(m.group(1)):
        return [{"op": "draw", "n": int(m.group(1))}, {"op": "discard", "n": int(m.group(2))}]
    m = re.fullmatch(r"カードを(\d+)枚引き、(このキャラ(?:は|を).+)", s)
    if m and int(m.group(1)) >= 1:  # draw, then something this character does
        then = read_sentence(m.group(2), self_ok)
        return [{"op": "draw", "n": int(m.group(1))}, *then] if then else None
    m = re.fullmatch(r"カードを(\d+)枚引き、(このターン中、次に手札から使用する.+)", s)
    if m and int(m.group(1)) >= 1:  # draw, then a next-card AP reduction (nextap.py)
        less = nextap.read(m.group(2))
        return [{"op": "draw", "n": int(m.group(1))}, *less] if less else None
    m = re.fullmatch(r"(.+?)全て(?:は、(.+)|を(.+))", s)
    if m:  # "自分の場の[特徴:X]全ては、このターン中、BP+500": every card that meets it
        sel = g.selector(m.group(1))
        ops = _operations(m.group(2) or m.group(3))
        if sel is None or sel["zone"] == "ap" or ops is None:
            return None
        sel = {k: v for k, v in sel.items() if k not in ("count", "up_to", "if_able")}
        return [{**op, "target": {**sel, "all": True}} for op in ops]
    m = re.fullmatch(r"(.+?)を(\d+枚(?:まで)?)選び、(.+)", s)
    if m:
        sel = g.selector(m.group(1))
        n = g.count(m.group(2))
        if sel is None or n is None:
            return None
        sel["count"] = n[0]
        sel["up_to" if n[1] else "if_able"] = True
        ops = _operations(m.group(3))
        if ops is None:
            return None
        if sel["zone"] == "ap" and (len(ops) > 1 or ops[0]["op"] != "activate"):
            return None
        whose = "相手" if sel.get("side") == "opponent" else "自分"
        if ops[0]["op"] == "to_deck_bottom" and not m.group(3).startswith(whose):
            return None  # "相手の…を選び、自分の山札の下に置く": not its owner's deck
        # the first names the card; the others give it more ("chosen": the same card)
        return [{**op, "target": sel if i == 0 else "chosen"} for i, op in enumerate(ops)]
    m = re.fullmatch(r"(.+?)を(\d+枚(?:まで)?)手札に戻す", s)
    if m and g.selector(m.group(1)) is not None and g.count(m.group(2)) is not None:
        sel = g.selector(m.group(1))
        n = g.count(m.group(2))
        assert sel is not None and n is not None
        if sel["zone"] == "ap":
            return None
        sel["count"] = n[0]
        sel["up_to" if n[1] else "if_able"] = True
        return [{"op": "to_hand", "target": sel}]
    back = raid_source.read(s)  # "このキャラのレイド元のカードを1枚まで手札に戻す"
    if back is not None:
        return back
    if s == "戻せない場合、このキャラを手札に戻す" and self_ok:
        # "if none could be returned": after a return that chose no card (if_none_before)
        return [{"op": "to_hand", "target": "self", "if_none_before": True}]
    m = re.fullmatch(r"自分の場外から(.+?)を(\d+枚(?:まで)?)手札に加える", s)
    if m:
        noun = textoutside.outside_card(m.group(1))  # {}: any card
        if noun is None:  # "〈X〉か必要エナジーが1以下の〈Y〉"
            noun = textoutside.outside_alternatives(m.group(1))
        n = g.count(m.group(2))
        if noun is None or n is None:
            return None
        sel = {"side": "own", "zone": "outside", **noun, "count": n[0]}
        sel["up_to" if n[1] else "if_able"] = True
        return [{"op": "to_hand", "target": sel}]
    if self_ok:
        m = re.fullmatch(r"このキャラ(?:は|を)(.+)", s)
        if m:
            ops = _operations(m.group(1))
            if ops is not None:
                return [{**op, "target": "self"} for op in ops]
    return None


def _read_main_phase_self(s: str, word: str | None) -> list[dict[str, Any]] | None:
    """An activated ability's own card (``word``: キャラ or フィールド) for the rest of the main
    phase: "このターン中、このキャラの発生エナジー+[紫]" (one more energy this turn),
    "メインフェイズ終了時、このキャラを退場させる" (it retires when the main phase ends), and
    both at once: "このキャラはこのターン中、発生エナジー+[紫]と「メインフェイズ終了時、
    このキャラを退場させる。」を得る"."""
    if word is None:
        return None
    colours = "|".join(g.COLOURS)
    m = re.fullmatch(
        rf"このターン中、この{word}の発生エナジー\+\[({colours})\]", s
    ) or re.fullmatch(rf"この{word}はこのターン中、発生エナジー\+\[({colours})\]", s)
    if m:
        return [_generate(m.group(1))]
    if s == f"メインフェイズ終了時、この{word}を退場させる":
        return [{"op": "retire", "target": "self", "at": "main_phase_end"}]
    m = re.fullmatch(
        rf"この{word}はこのターン中、発生エナジー\+\[({colours})\]と"
        rf"「メインフェイズ終了時、この{word}を退場させる。?」を得る",
        s,
    )
    if m:
        return [
            _generate(m.group(1)),
            {"op": "retire", "target": "self", "at": "main_phase_end"},
        ]
    return None


def _generate(colour_word: str) -> dict[str, Any]:
    return {"op": "generate", "color": g.COLOURS[colour_word], "until": "turn", "target": "self"}


def read_conditional(s: str, self_ok: bool) -> list[dict[str, Any]] | None:
    """ "自分の場に〈X〉がある場合、<sentence>": the sentence's ops, each with the condition
    (``if``), or None.

    >>> read_conditional("自分の場に〈ミラ〉がある場合、カードを1枚引く", False)
    [{'op': 'draw', 'n': 1, 'if': {'side': 'own', 'zone': 'field', 'name': 'ミラ'}}]
    """
    m = re.fullmatch(r"(.+?)場合、(.+)", s)
    # "さらにカードを1枚引く": one more draw, after those before (UA-EFFECT-IF-MORE); another
    # "さらに" may mean the card chosen before, which this does not read
    rest = counts.more_draw(m.group(2)) if m else None
    if not m or rest is None:
        return None
    cond = _condition(m.group(1)) or self_state.clause(m.group(1), self_ok)  # self_state.py
    ops = read_sentence(rest, self_ok) if cond else None
    if not ops:
        return None
    return [{**op, "if": cond} for op in ops]


def _condition(clause: str) -> dict[str, Any] | None:
    """A condition clause (before "場合、") the conditional sentences read."""
    # a card in one line of one's field ("自分のフロントLに…がある場合"), read as it resolves
    return condition_clause(clause) or counts.removal_clause(clause) or line_clause(clause)


def read_replaced_bp(parts: list[str]) -> list[dict[str, Any]] | None:
    """ "『BP3000以下』の<selector>を…。自分の場に〈X〉がある場合、『BP5000以下』に代わる": a
    choice whose BP limit is the second while the condition holds (selector ``instead``)."""
    if len(parts) < 2:
        return None
    m = re.fullmatch(r"『BP(\d+)以下』の(.+)", parts[0])
    r = re.fullmatch(r"(.+?)場合、『BP(\d+)以下』に代わる", parts[1])
    if not m or not r:
        return None
    cond = condition_clause(r.group(1))
    ops = read_sentence(f"BP{m.group(1)}以下の{m.group(2)}", False)
    if cond is None or not ops or len(ops) != 1:
        return None
    target = ops[0].get("target")
    if not isinstance(target, dict) or target.get("bp_max") != int(m.group(1)):
        return None
    target["instead"] = {"if": cond, "bp_max": int(r.group(2))}
    return ops


#: the operations a text may replace with another ("『手札に戻す』…『退場させる』に代わる")
_SWAPPABLE = "退場させる|手札に戻す|レストにする|リムーブエリアに置く"


def read_replaced_op(parts: list[str]) -> list[dict[str, Any]] | None:
    """ "BP5000以下の相手のフロントLのキャラを1枚選び、『手札に戻す』。自分の場に〈X〉がある場合、
    『退場させる』に代わる": a choice whose operation is the second while the condition holds,
    read as it is carried out (the op's ``instead_op``, ``UA-EFFECT-IF``).

    >>> read_replaced_op(["相手のフロントLのキャラを1枚選び、『レストにする』",
    ...                   "自分の場に〈ミラ〉がある場合、『退場させる』に代わる"])[0]["instead_op"]
    {'if': {'side': 'own', 'zone': 'field', 'name': 'ミラ'}, 'op': 'retire'}
    """
    if len(parts) < 2:
        return None
    m = re.fullmatch(rf"(.+?)を(\d+枚(?:まで)?)選び、『({_SWAPPABLE})』", parts[0])
    r = re.fullmatch(rf"(.+?)場合、『({_SWAPPABLE})』に代わる", parts[1])
    if not m or not r or m.group(3) == r.group(2):
        return None
    cond = condition_clause(r.group(1))
    ops = read_sentence(f"{m.group(1)}を{m.group(2)}選び、{m.group(3)}", False)
    if cond is None or not ops or len(ops) != 1 or not isinstance(ops[0].get("target"), dict):
        return None
    ops[0]["instead_op"] = {"if": cond, "op": _SIMPLE_OPS[r.group(2)]}
    return ops


_SIMPLE_OPS = {
    "退場させる": "retire",
    "手札に戻す": "to_hand",
    "レストにする": "rest",
    "アクティブにする": "activate",
    "リムーブエリアに置く": "remove",
    # to its owner's deck bottom; the owner the text names must be the chosen card's
    "相手の山札の下に置く": "to_deck_bottom",
    "自分の山札の下に置く": "to_deck_bottom",
}


def _operation(text: str) -> dict[str, Any] | None:
    """An operation with its duration: ``退場させる``, ``このターン中、BP+1000``,
    ``このターン中、[狙い撃ち]を与える``, …  A BP change or a keyword needs a duration the
    engine knows (one without is continuous, or lasts until a time it does not keep).
    None also for several at once (:func:`_operations`)."""
    ops = _operations(text)
    return ops[0] if ops and len(ops) == 1 else None


def _operations(text: str) -> list[dict[str, Any]] | None:
    """:func:`_operation`, and several keywords given at once ("このターン中、「…」と
    [インパクト(1)]を得る": one ``grant`` each)."""
    moved = move_operation(text) or under.under_operation(text)  # textmove.py, textunder.py
    if moved is not None:
        return [moved]
    per = re.fullmatch(r"自分の(?:場の)?(フロントL|エナジーL|場)のキャラ1枚につき、(.+)", text)
    if per and not per.group(0).startswith("自分の場の場"):  # counted as it resolves (bp_per.py)
        ops = _operations(per.group(2))
        if not ops or len(ops) != 1 or ops[0]["op"] != "bp":
            return None
        zone = bp_per.ZONES[per.group(1)]
        return [{**ops[0], "per": {"side": "own", "zone": zone, "type": "character"}}]
    until, rest = g.duration(text)
    if until is None and rest in _SIMPLE_OPS:
        return [{"op": _SIMPLE_OPS[rest]}]
    if until is None:
        return None
    amount = g.bp_change(rest)
    if amount is not None:
        return [{"op": "bp", "amount": amount, "until": until}]
    combined = bp_and_grants(rest, until)  # "BP+1000と[インパクト(+1)]を与える" (textlines.py)
    if combined is not None:
        return combined
    words = g.granted_keywords(rest)
    if words:
        return [{"op": "grant", "keyword": word, "until": until} for word in words]
    return None
