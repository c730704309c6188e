"""The one form in which card names and traits are compared.

A card's name is printed one way and referred to another: Union Arena's official list prints
``月下（藤堂機）`` with full-width parentheses, and the reader reads card text normalised
(NFKC, :func:`judge.games.union_arena.textgrammar.normalise`), so the text's
「〈月下（藤堂機）〉を1枚まで手札に加える」 names ``月下(藤堂機)``.  Compared exactly, that card
is never the card the text names.  Every comparison of a name or a trait (特徴) therefore goes
through :func:`name_key`: the text's name, the definition's name, the names it is also
treated as, a raid's designation, a log's definitions, all alike.  The printed name is kept
for display; only the comparison uses the key.

The key (``docs/cards.md``, "Names compared"):

1. **NFKC** (Unicode compatibility composition): full-width letters, digits and signs become
   ASCII (``（）`` → ``()``, ``＆`` → ``&``, ``！`` → ``!``, ``？`` → ``?``, ``：`` → ``:``,
   ``～`` → ``~``, ``Ｘ`` → ``X``, ``１`` → ``1``), half-width katakana become full-width
   (``ｶ`` → ``カ``, ``･`` → ``・``), the ideographic space becomes a space.
2. **The folds NFKC leaves out** that the same printed mark has under two code points, so a
   list or a log typed on another system writes the other one:

   - ``〜`` (U+301C WAVE DASH) → ``~``: the JIS "wave dash" is mapped to U+301C by JIS
     converters and to U+FF5E (``～``) by Windows code page 932; NFKC folds only the second
     (the official list writes ``円ちゅわ～ん`` with U+FF5E);
   - ``−`` (U+2212 MINUS SIGN) → ``-``: the same JIS/CP932 pair for the minus (``－``
     U+FF0D folds under NFKC, U+2212 does not);
   - ``·`` (U+00B7 MIDDLE DOT) → ``・`` (U+30FB KATAKANA MIDDLE DOT): the dot that joins the
     parts of a foreign name (``ルルーシュ・ランペルージ``), typed as the Latin-1 dot;
   - curly quotes ``“ ” „ ″`` → ``"`` and ``‘ ’ ′`` → ``'``: the list itself writes ``”``
     for an opening quote (``俺達は”ナナシの傭兵”だ！``), so it does not tell them apart.
3. **White space**: runs of spaces collapsed to one, none at either end.  Spaces inside a
   name are kept: every reference read in the official list (``docs/cards.md``, the windows
   measured) is spelt with the space the name has (``〈藤堂 鏡志朗〉``), and dropping them would
   make different spellings one name without evidence.

Nothing else is folded: not case (no reference read differs in case from its name), not the
prolonged sound mark ``ー`` (a letter, not a dash), not ``ヶ``/``ケ``.

>>> name_key("月下（藤堂機）") == name_key("月下(藤堂機)")
True
>>> name_key("玉犬：黒＆白"), name_key("円ちゅわ〜ん") == name_key("円ちゅわ～ん")
('玉犬:黒&白', True)
>>> name_key("藤堂　鏡志朗 ") == name_key("藤堂 鏡志朗"), name_key("藤堂鏡志朗") == name_key("藤堂 鏡志朗")
(True, False)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

#: the folds NFKC leaves out (see the module docstring, 2.)
_FOLDS = str.maketrans(
    {
        "\u301c": "~",  # 〜 WAVE DASH (JIS) — ～ U+FF5E (CP932) folds under NFKC
        "\u2212": "-",  # − MINUS SIGN (JIS) — － U+FF0D (CP932) folds under NFKC
        "\u00b7": "\u30fb",  # · MIDDLE DOT → ・ KATAKANA MIDDLE DOT
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2033": '"',
        "\u2018": "'",
        "\u2019": "'",
        "\u2032": "'",
    }
)


def name_key(text: str) -> str:
    """The form in which names and traits are compared (module docstring): NFKC, the folds
    NFKC leaves out, white space collapsed."""
    folded = unicodedata.normalize("NFKC", text).translate(_FOLDS)
    return " ".join(folded.split())


def same_name(a: str, b: str) -> bool:
    """Whether two spellings name the same card (or trait)."""
    return a == b or name_key(a) == name_key(b)


def has_trait(traits: Iterable[str], trait: str) -> bool:
    """Whether ``trait`` is one of ``traits``, compared as names are."""
    key = name_key(trait)
    return any(t == trait or name_key(t) == key for t in traits)


def name_contains(name: str, part: str) -> bool:
    """Whether ``part`` occurs in ``name`` ("カード名に「X」を含む"), compared as names are."""
    return name_key(part) in name_key(name)
