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

:func:`shape` abstracts a sentence (numbers, names, traits, colours) so that
``judge cards coverage`` can group the unread sentences by template.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from judge.games.union_arena import textgrammar as g
from judge.games.union_arena import textplay
from judge.games.union_arena.effects import supported
from judge.games.union_arena.raidtext import raid_matches_text
from judge.games.union_arena.textlines import (
    condition_clause,
    continuous_generation,
    energy_reduction,
    enters_active,
    read_look,
    static_bp,
)


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


def sentences(body: str) -> list[str]:
    """A body split at ``。`` outside quotes (``「…。」`` quotes an ability given)."""
    out: list[str] = []
    depth = 0
    cur = ""
    for ch in body:
        depth += (ch == "「") - (ch == "」")
        if ch == "。" and depth == 0:
            if cur:
                out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur:
        out.append(cur)
    return out


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
        if ability is not None:  # "このキャラはBP2000以下のキャラにブロックされない。"
            if given_keywords and ability not in given_keywords:
                unread.append(clean)
            keywords.append(ability)
            continue
        m = re.fullmatch(r"このカードは〈([^〈〉]+)〉としても扱う。?", clean)
        if m:
            also.append(m.group(1))
            continue
        generate = (
            continuous_generation(defn, clean)
            or energy_reduction(clean)
            or static_bp(defn, clean)
            or enters_active(defn, clean)
        )
        if generate is not None:
            effects.append(generate)
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
    "以下からNつ選ぶ。" (the effects it lists); other bullet lines stay lines of their own."""
    out: list[tuple[str, list[str]]] = []
    for line in lines:
        if line.startswith("・") and out and _MODES.search(g.strip_reminders(out[-1][0])):
            out[-1][1].append(line)
        else:
            out.append((line, []))
    return out


#: an activated ability's condition on where its card is
_WHERE = {"フロントLにある場合": "front_line", "エナジーLにある場合": "energy_line"}


def _read_ability(
    defn: dict[str, Any], when: str, tags: list[str], body: str, bullets: list[str] | None = None
) -> tuple[dict[str, Any] | None, list[str]]:
    """One ability: its effect (None when a part is not read) and the parts not read.
    ``bullets``: the effects it lists to choose from ("・…"), when it ends "以下から1つ選ぶ"."""
    missed: list[str] = []
    effect: dict[str, Any] = {"when": when}
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
    elif tags:  # a triggered ability with a condition: not in the vocabulary
        missed.append("".join(f"[{t}]" for t in tags))
    self_ok = (
        defn.get("type") == "character"
        and when in ("on_play", "activate_main", "on_attack", "on_block")
        and not effect.get("cost", {}).get("retire_self")
    )
    # "このキャラ"/"このフィールド" until the main phase ends: an activated ability's own card
    self_word = (
        {"character": "キャラ", "field": "フィールド"}.get(defn.get("type") or "")
        if when == "activate_main" and not effect.get("cost", {}).get("retire_self")
        else None
    )
    ops: list[dict[str, Any]] = []
    parts = sentences(body)
    if not parts:
        missed.append("(no effect text)")
    pay = re.fullmatch(r"APを(\d+)支払ってもよい", parts[0]) if parts else None
    if (
        pay
        and int(pay.group(1)) >= 1
        and when != "activate_main"
        and not tags
        and len(parts) > 1
        and parts[1].startswith("そうした場合、")
    ):
        # "APを1支払ってもよい。そうした場合、…": optional, paid as it resolves (UA-EFFECT-COST)
        effect["optional"] = True
        effect["cost"] = {"ap": int(pay.group(1))}
        parts = [parts[1][len("そうした場合、") :], *parts[2:]]
    may = re.fullmatch(r"自分の手札を(\d+)枚場外に置いてもよい", parts[0]) if parts else None
    if (
        may
        and int(may.group(1)) >= 1
        and when != "activate_main"
        and not tags
        and len(parts) > 1
        and parts[1].startswith("そうした場合、")
    ):
        # "自分の手札を1枚場外に置いてもよい。そうした場合、…": optional; using it discards, and
        # only then the rest happens (UA-EFFECT-MAY-DISCARD; "そうした場合" reads as if_done)
        effect["optional"] = True
        ops.append({"op": "discard", "n": int(may.group(1))})
        parts = parts[1:]
    header = _MODES.fullmatch(parts[-1]) if parts and bullets else None
    if bullets and header is None:
        missed += bullets  # effects listed with no "以下からNつ選ぶ" the reader knows
    read, not_read = _read_parts(parts[:-1] if header else parts, self_ok, self_word, ops)
    ops += read
    missed += not_read
    if header:  # "以下から1つ選ぶ。・…・…": a choice among the effects listed (UA-EFFECT-MODES)
        listed = []
        for bullet in bullets or []:
            text = g.strip_reminders(bullet)[1:]
            mode, mode_missed = _read_parts(sentences(text), self_ok, self_word, [])
            listed.append(mode)
            missed += [f"・{m}" for m in mode_missed]
        op = {"op": "modes", "n": int(header.group(1)), "modes": listed}
        if header.group(2):
            op["up_to"] = True
        ops.append(op)
    effect["do"] = ops
    if not missed and not supported(effect):  # read, but not as the engine executes it
        missed.append(body)
    return (None if missed else effect), missed


def _read_parts(
    parts: list[str], self_ok: bool, self_word: str | None, before: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[str]]:
    """The ops of an ability's sentences, read in order (``before``: the ability's ops read
    before them), and the sentences not read."""
    ops: list[dict[str, Any]] = []
    missed: list[str] = []
    i = 0
    while i < len(parts):
        replaced = read_replaced_bp(parts[i : i + 2])
        if replaced is not None:
            ops += replaced
            i += 2
            continue
        look = read_look(parts[i : i + 4])
        if look is not None:
            ops += look[0]
            i += look[1]
            continue
        read = (
            _read_main_phase_self(parts[i], self_word)
            or textplay.read(parts[i], before + ops)
            or read_sentence(parts[i], self_ok)
        )
        done = parts[i].removeprefix("そうした場合、")
        if read is None and done != parts[i]:  # "そうした場合、このキャラは…発生エナジー+[色]"
            then = _read_main_phase_self(done, self_word)
            read = [{**op, "if_done": True} for op in then] if then else None
        last = (before + ops)[-1] if before or ops else None
        after_return = last is not None and last["op"] == "to_hand" and last["target"] != "self"
        if read is None or (read[0].get("if_none_before") and not after_return):
            missed.append(parts[i])
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
    if re.match(r"(自分の場に|自分の場外にイベントカードが|(自分|相手)のライフが)", s):
        return read_conditional(s, self_ok)
    m = re.fullmatch(r"(.+?)を(\d+枚)(レストにする|アクティブにする|退場させる)", s)
    if m and g.selector(m.group(1)) is not None and g.count(m.group(2)) is not None:
        # "自分のフロントLのアクティブのキャラを1枚レストにする": a choice the player must make
        sel = g.selector(m.group(1))
        n = g.count(m.group(2))
        assert sel is not None and n is not None
        if sel["zone"] == "ap":
            return None
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
    if s == "戻せない場合、このキャラを手札に戻す" and self_ok:
        # "if none could be returned": after a return that chose no card (if_none_before)
        return [{"op": "to_hand", "target": "self", "if_none_before": True}]
    m = re.fullmatch(r"自分の場外から(.+?)を(\d+枚(?:まで)?)手札に加える", s)
    if m:
        noun = g.card_noun(m.group(1), on_field=False)
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
    if not m or m.group(2).startswith("さらに"):
        return None
    cond = condition_clause(m.group(1))
    ops = read_sentence(m.group(2), self_ok) if cond else None
    if not ops:
        return None
    return [{**op, "if": cond} for op in ops]


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
    until, rest = g.duration(text)
    if until is None and rest in _SIMPLE_OPS:
        return [{"op": _SIMPLE_OPS[rest]}]
    if until is None:
        return None
    amount = g.bp_change(rest)
    if amount is not None:
        return [{"op": "bp", "amount": amount, "until": until}]
    words = g.granted_keywords(rest)
    if words:
        return [{"op": "grant", "keyword": word, "until": until} for word in words]
    return None


_COLOUR_WORD = "|".join(g.COLOURS)


def shape(sentence: str) -> str:
    """A sentence's template: numbers ``N``, names ``〈名〉``, traits ``[特徴]``, quoted
    words ``「…」``, colours ``色``.

    >>> shape("[登場時]BP3000以下の相手の〈ミラ〉を1枚選び、退場させる")
    '[登場時]BPN以下の相手の〈名〉をN枚選び、退場させる'
    """
    s = re.sub(r"〈[^〈〉]*〉", "〈名〉", sentence)
    s = re.sub(r"\[特徴:[^\[\]]*\]", "[特徴]", s)
    s = re.sub(r"「[^「」]*」", "「…」", s)
    s = re.sub(rf"\[({_COLOUR_WORD})(×\d+)?\]", r"[色\2]", s)
    s = re.sub(rf"({_COLOUR_WORD})(?=の|か|×)", "色", s)
    return re.sub(r"\d+", "N", s)


@dataclass(frozen=True, slots=True)
class Understanding:
    """How far one definition is understood (:func:`understanding`): ``kind`` is
    ``no_text``, ``effects_given`` (written by hand, executed), ``text_read`` (read in full)
    or ``not_understood``; ``unread`` the sentences not read, after ``doubts`` (why the
    definition is not relied on in full, whatever its text reads), which it begins with."""

    kind: str
    unread: tuple[str, ...] = ()
    doubts: tuple[str, ...] = ()

    @property
    def understood(self) -> bool:
        return self.kind != "not_understood"


def understanding(defn: dict[str, Any]) -> Understanding:
    """Whether one definition is understood, and if not, what was not read and why (what
    :func:`coverage` counts, and ``judge cards show`` prints)."""
    doubts = [str(why) for why in defn.get("unsupported") or []]
    if defn.get("type") == "ap" and defn.get("text"):
        doubts.append("an AP card with printed text (AP cards have none): not read")
    given = defn.get("effects") or []
    if given and not all(isinstance(e, dict) and supported(e) for e in given):
        doubts.append("effects written by hand that the engine cannot execute")
    if not doubts and not defn.get("text"):
        return Understanding("no_text")
    if not doubts and given:
        return Understanding("effects_given")
    if defn.get("text") and not given and defn.get("type") != "ap":
        reading = read_card(defn)  # the definition's own doubts come first
    else:
        reading = Reading(unread=tuple(doubts))
    if reading.understood:
        return Understanding("text_read")
    return Understanding("not_understood", reading.unread, tuple(doubts))


def coverage(cards: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """How much of a card set the reader understands (``judge cards coverage``).

    A card is understood when it has no printed text (vanilla, AP cards), when its text is
    read in full, or when its definition gives ``effects`` (written by hand: the text is
    then not read) that the engine executes.  A definition not relied on in full is not
    understood, and its reason is listed as an unread template: one whose ``unsupported``
    says why (an importer's note of a record that disagrees with itself), an AP card with
    printed text, effects written by hand that the engine cannot execute.  The unread sentences are grouped by :func:`shape`, most frequent first
    (then by shape), each with how many sentences and cards, and up to three card codes.
    """
    groups: dict[str, dict[str, Any]] = {}
    no_text = read_full = by_hand = with_text = flagged = 0
    families: dict[str, list[int]] = {}
    for code in sorted(cards):
        defn = cards[code]
        u = understanding(defn)
        counts = families.setdefault(set_family(code), [0, 0, 0, 0])
        ap = defn.get("type") == "ap"
        counts[0] += 1
        counts[1] += u.understood
        counts[2] += not ap
        counts[3] += u.understood and not ap
        if u.kind == "no_text":
            no_text += 1
            continue
        if u.kind == "effects_given":
            by_hand += 1
            continue
        if u.doubts:  # not relied on in full: not understood, whatever its text reads
            flagged += 1
        if defn.get("text"):
            with_text += 1
        if u.kind == "text_read":
            read_full += 1
            continue
        for sentence in u.unread:
            group = groups.setdefault(
                shape(sentence), {"sentences": 0, "cards": [], "example": sentence}
            )
            group["sentences"] += 1
            if code not in group["cards"]:
                group["cards"].append(code)
    total = len(cards)
    understood = no_text + read_full + by_hand
    templates = [
        {
            "template": key,
            "sentences": group["sentences"],
            "cards": len(group["cards"]),
            "codes": group["cards"][:3],
            "example": group["example"],
        }
        for key, group in groups.items()
    ]
    templates.sort(key=lambda t: (-t["sentences"], -t["cards"], t["template"]))
    return {
        "cards": total,
        "understood": understood,
        "percent": round(100 * understood / total, 1) if total else 100.0,
        "no_text": no_text,
        "not_relied_on": flagged,
        "effects_given": by_hand,
        "with_text": with_text,
        "text_read": read_full,
        "text_percent": round(100 * read_full / with_text, 1) if with_text else 100.0,
        "families": {
            family: {
                "cards": n,
                "understood": ok,
                "percent": _percent(ok, n),
                "cards_not_ap": n_cards,
                "understood_not_ap": ok_cards,
                "percent_not_ap": _percent(ok_cards, n_cards),
            }
            for family, (n, ok, n_cards, ok_cards) in sorted(
                families.items(), key=lambda kv: (FAMILY_ORDER.get(kv[0], 9), kv[0])
            )
        },
        "unread_templates": templates,
    }


def _percent(part: int, whole: int) -> float:
    return round(100 * part / whole, 1) if whole else 100.0


#: set families of the official list, in the order ``judge cards coverage`` prints them
FAMILY_ORDER = {"BT": 0, "ST": 1, "EX": 2, "NC": 3, "PR": 4, "other": 10}


def set_family(code: str) -> str:
    """The family of the product a card code names (the part before ``/``): booster
    ``BT`` (``UA01BT/…``), starter ``ST``, extra booster ``EX`` (``EX01BT/…``), ``NC``,
    promotion ``PR`` (``UAPR/…``), and any other product's two letters (``UAPB/…``: ``PB``);
    ``other`` for a code without a product (hand-written).

    >>> [set_family(c) for c in ("UA01BT/CGH-1-001", "EX03BT/JJK-2-001", "UAPR/X-1-P01", "L-1")]
    ['BT', 'EX', 'PR', 'other']
    """
    product, slash, _ = code.partition("/")
    if not slash:
        return "other"
    if product.startswith("EX"):
        return "EX"
    if "PR" in product:
        return "PR"
    m = re.fullmatch(r"UA\d*([A-Z]{2})", product)  # UA01BT, UA12ST, UA03NC; UAPB
    return m.group(1) if m else "other"
