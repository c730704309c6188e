"""The printed-text reader of Z/X: a card's Japanese text read into the engine's keywords and
effects (``docs/zx.md``, "Printed text"), on the shared machinery of
:mod:`judge.core.textread`.

The text is read line by line, each line by the first template of :data:`TEMPLATES` that
matches it whole.  A card is **understood** only when every line is read into something the
engine executes exactly (ZX-TEXT-READ); otherwise it is **unsupported**, and
:attr:`Reading.unread` names each line not read: never silently vanilla.

What is read (each keyword as the seed ``003`` defines it, with its reminder when printed):

- ``【常】スタートカード`` → ``start_card`` (ZX-START-CARD);
- ``【特】`` or ``【常】ライフリカバリー`` → ``life_recovery`` (ZX-LIFE-RECOVERY; the seed: every
  ``【常】`` Life Recovery was made ``【特】`` by erratum, B40 / E33), ``ヴォイドブリンガー`` →
  ``void_bringer`` (ZX-VOID-BRINGER) likewise;
- ``【常】レンジN`` / ``【常】レンジ∞`` → ``range N`` / ``range inf`` (ZX-RANGE);
- ``【自】このカードが登場した時、スクエアにあるゼクスを1枚選び、ターン終了時まで、パワーを±Nする。``
  → an ``appear`` effect, op ``power`` on any Z/X on a square (ZX-POWER, ZX-CHOOSE);
- one Z/X chosen, ``…(ノーマル)スクエアにある(相手の|あなたの)(コストN以下の)ゼクスを1枚選び、`` then
  ``Nダメージを与える。`` / ``ターン終了時まで、パワーを±Nする。`` / ``破壊する。``, after the head
  ``【自】このカードが登場した時、`` (``appear``), ``【自】このカードが攻撃した時、`` (``attack``),
  ``【★】`` on an event (``play``) or ``【自】エヴォルシード(reminder)`` (``evol_seed``): ops
  ``damage`` / ``power`` / ``destroy`` with the target's ``side``, ``square`` ``normal``
  (ZX-TARGET-NORMAL-SQUARE) and ``cost_max`` (ZX-TARGET-COST);
- ``【自】このカードが攻撃した時、ターン終了時まで、このカードのパワーを±Nする。`` → an ``attack``
  effect, op ``self_power`` (ZX-SELF-POWER);
- ``【常】あなたのリソースにカードがM枚以上ある場合、このカードのパワーを+Nする。`` → a ``static``
  effect, ``resources_min`` M, op ``self_power`` N (ZX-STATIC-POWER).

Only ``1枚`` is read (the engine's targeted ops choose one Z/X).

>>> read_card({"type": "zx", "text": "【常】レンジ２（このカードは２つ先のスクエアを攻撃できる。）"}).keywords
('range 2',)
>>> read_card({"type": "zx", "text": "【自】このカードが攻撃した時、カードを1枚引く。"}).understood
False
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from judge.core import textread as tr
from judge.games.zx.effects import supported

#: an ability's 【常】 / 【特】 head as transcribed (full-width brackets or square ones)
_ALWAYS = r"[【\[]常[】\]]"
_ALWAYS_OR_SPECIAL = r"[【\[][常特][】\]]"
_FROM_LIFE = "このカードがライフから登場する際、あなたのライフが相手のライフ以下ならば、"


@dataclass(frozen=True, slots=True)
class Line:
    """What a template read a line as: ``keywords`` printed on the card and ``effect`` (one
    of the engine's effects, or None); ``only`` the card types the reading holds for."""

    keywords: tuple[str, ...] = ()
    effect: dict[str, Any] | None = None
    only: tuple[str, ...] = ("zx",)


def _keyword(word: str, only: tuple[str, ...] = ("zx",)) -> Any:
    return lambda m: Line(keywords=(word,), only=only)


def _range(m: re.Match[str]) -> Line | None:
    """Range N with its reminder naming the same N (ZX-RANGE); a mismatch is not read."""
    n, far = m.group("n"), m.group("far")
    if far is not None and far != n:
        return None
    return Line(keywords=(f"range {n}",))


def _appear_power(m: re.Match[str]) -> Line:
    n = int(m.group("n"))
    op = {"op": "power", "n": -n if m.group("sign") == "-" else n, "target": {"side": "any"}}
    return Line(effect={"when": "appear", "do": [op]})


#: the heads of the lines :func:`_choose_one` reads: the effect's ``when``, the card types it
#: is read for, the pattern
_HEADS = (
    ("appear", ("zx",), r"[【\[]自[】\]]このカードが登場した時、"),
    ("attack", ("zx",), r"[【\[]自[】\]]このカードが攻撃した時、"),
    ("play", ("event",), r"(?:[【\[]★[】\]]|★)"),
    (
        "evol_seed",
        ("zx", "event"),
        r"[【\[]自[】\]]エヴォルシード\(このカードがデッキからトラッシュに置かれた時、以下の効果を解決する。\)",
    ),
)
_HEAD = "|".join(f"(?P<{when}>{pattern})" for when, _, pattern in _HEADS)
_SIDE = {None: "any", "相手の": "opponent", "あなたの": "own"}


def _choose_one(m: re.Match[str]) -> Line:
    """One Z/X chosen on a square (a normal square: ZX-TARGET-NORMAL-SQUARE; of the opponent,
    yours or any; of cost N or less: ZX-TARGET-COST), then damage, power ±N until the end of
    the turn, or destroy (ZX-DAMAGE-ZX, ZX-POWER, ZX-DESTROY)."""
    when, only = next((w, o) for w, o, _ in _HEADS if m.group(w) is not None)
    target: dict[str, Any] = {"side": _SIDE[m.group("side")]}
    if m.group("normal"):
        target["square"] = "normal"
    if m.group("cost"):
        target["cost_max"] = int(m.group("cost"))
    if m.group("damage"):
        op: dict[str, Any] = {"op": "damage", "n": int(m.group("damage"))}
    elif m.group("power"):
        n = int(m.group("power"))
        op = {"op": "power", "n": -n if m.group("sign") == "-" else n}
    else:
        op = {"op": "destroy"}
    return Line(effect={"when": when, "do": [{**op, "target": target}]}, only=only)


def _static_power(m: re.Match[str]) -> Line:
    op = {"op": "self_power", "n": int(m.group("n"))}
    return Line(effect={"when": "static", "resources_min": int(m.group("m")), "do": [op]})


def _self_power(m: re.Match[str]) -> Line:
    n = int(m.group("n"))
    op = {"op": "self_power", "n": -n if m.group("sign") == "-" else n}
    return Line(effect={"when": "attack", "do": [op]})


TEMPLATES: tuple[tr.Template, ...] = (
    tr.template(
        "start_card",
        rf"{_ALWAYS}スタートカード(?:\(このカードをプレイヤースクエアに置いてゲームを開始できる。\))?",
        _keyword("start_card"),
    ),
    tr.template(
        "life_recovery",
        rf"{_ALWAYS_OR_SPECIAL}ライフリカバリー(?:\({_FROM_LIFE}1点回復する。\))?",
        _keyword("life_recovery"),
    ),
    tr.template(
        "void_bringer",
        rf"{_ALWAYS_OR_SPECIAL}ヴォイドブリンガー"
        rf"(?:\({_FROM_LIFE}スクエアにあるゼクスを1枚選び、トラッシュに置いてよい。\))?",
        _keyword("void_bringer"),
    ),
    tr.template(
        "range",
        rf"{_ALWAYS}レンジ(?P<n>[2-9])(?:\(このカードは(?P<far>\d)つ先のスクエア[をに]攻撃できる。\))?",
        _range,
    ),
    tr.template(
        "range_inf",
        rf"{_ALWAYS}レンジ∞(?:\(このカードはどのスクエアも攻撃できる。\))?",
        _keyword("range inf"),
    ),
    tr.template(
        "appear_power",
        r"【自】このカードが登場した時、スクエアにあるゼクスを1枚選び、ターン終了時まで、"
        r"パワーを(?P<sign>[+-])(?P<n>\d+)する。",
        _appear_power,
    ),
    tr.template(
        "choose_one",
        rf"(?:{_HEAD})(?P<normal>ノーマル)?スクエアにある(?P<side>相手の|あなたの)?"
        r"(?:コスト(?P<cost>\d+)以下の)?ゼクスを1枚選び、"
        r"(?:(?P<damage>\d+)ダメージを与える|ターン終了時まで、パワーを(?P<sign>[+-])(?P<power>\d+)する"
        r"|(?P<destroy>破壊する))。",
        _choose_one,
    ),
    tr.template(
        "attack_self_power",
        r"[【\[]自[】\]]このカードが攻撃した時、ターン終了時まで、このカードのパワーを"
        r"(?P<sign>[+-])(?P<n>\d+)する。",
        _self_power,
    ),
    tr.template(
        "static_power_resources",
        rf"{_ALWAYS}あなたのリソースにカードが(?P<m>\d+)枚以上ある場合、このカードのパワーを"
        r"\+(?P<n>\d+)する。",
        _static_power,
    ),
)


@dataclass(frozen=True, slots=True)
class Reading:
    """What the reader made of a card's text: ``effects`` and ``keywords`` (read ones when
    understood, else none: an unsupported card is never given a partial reading),
    ``unread`` (the importer's doubts, then every line not read) and ``lines`` (``(line,
    template name or None)`` for each line, for ``judge cards show``)."""

    effects: tuple[dict[str, Any], ...] = ()
    keywords: tuple[str, ...] = ()
    unread: tuple[str, ...] = ()
    lines: tuple[tuple[str, str | None], ...] = ()

    @property
    def understood(self) -> bool:
        return not self.unread


def read_card(defn: dict[str, Any]) -> Reading:
    """Read the printed ``text`` of one definition (module docstring)."""
    kind = str(defn.get("type") or "zx")
    text = defn.get("text")
    doubts = [str(why) for why in defn.get("unsupported") or []]
    if not isinstance(text, str) or not text.strip():
        return Reading(unread=tuple(doubts))
    keywords: list[str] = []
    effects: list[dict[str, Any]] = []
    unread: list[str] = doubts
    shown: list[tuple[str, str | None]] = []
    for lr in tr.read_lines(text, TEMPLATES):
        value: Line | None = lr.value
        if value is None or kind not in value.only:
            unread.append(lr.line)
            shown.append((lr.line, None))
            continue
        shown.append((lr.line, lr.template))
        keywords += [w for w in value.keywords if w not in keywords]
        if value.effect is not None:
            if supported(value.effect):
                effects.append({**value.effect, "text": lr.line})
            else:
                unread.append(lr.line)
    if unread:
        return Reading(unread=tuple(unread), lines=tuple(shown))
    return Reading(tuple(effects), tuple(keywords), (), tuple(shown))
