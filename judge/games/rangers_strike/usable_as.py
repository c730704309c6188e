"""A unit's note that it may be used as another card (RS-USABLE-AS): "※これは「X」としてつかえる。"
or "※これは「X」または「Y」としてつかえる。".

The source, fan wiki atwiki renst page 1739 カード名 (FAN): "ゲーム中、同名カードとして扱えますので、追加
条件などの名称を指定したテキストの対象として選ぶことができます。ですが、本来のカード名は異なりますので、デッキ構築の際
は別のカードとして扱います。"; "公開情報であるときはいつでも状態にかかわらず「○○」というカード名として扱ってよい。相手
プレイヤーもその名前で扱って構わない。"; its example: ブレイバックル, which takes 「仮面ライダーブレイド」 from the
hand, may take ディケイド ブレイド, whose text says it may be used as 「仮面ライダーブレイド」.

The names are read from the printed text (the note in the reader's normal form, exactly) whether
or not the rest of the card is read, as a card's name is what *other* cards' texts ask about:
:meth:`judge.games.rangers_strike.cards.CardDef.name_match` is the one comparison of a card's
names, and tells a name it has only by this note (None) from its printed name (True).  Where a
text asks for a card of a name to be *chosen* (a search of the deck or the hand, the discard
pile or the command zone, an additional condition's unit or combination part, a rider, the unit
a combination is made from) the card so usable counts (:meth:`CardDef.named`).  Not guessed (the
sources say "扱ってよい", may: whether it *is* so named when the text does not let its player
choose): a card an effect must take (出す) when only such a card is there and the log does not
name it, a text that excepts the name ("「X」以外"), an outcome that depends on the name of a
revealed card, whether a card of the name is in an area, whether another unit has the same
name, and one card counted as two names at once; and the deck construction's limit counts the
printed name only (the source: 別のカードとして扱います).  The form 「A+B」 (a card as a
combination of two) and "※このビークルは合体ユニットとしてつかえる。" are not read.
"""

from __future__ import annotations

import re

RULE = "RS-USABLE-AS"

#: the note, in the reader's normal form: one name, or two joined by または (no "+" inside:
#: "「A+B」としてつかえる" is another form, not read)
PATTERN = re.compile(r"※これは「(?P<a>[^「」+]+)」(?:または「(?P<b>[^「」+]+)」)?としてつかえる。")


def names(text: object, kind: str) -> tuple[str, ...]:
    """The names a unit's printed ``text`` says it may be used as (RS-USABLE-AS), in print
    order; none for another type of card or another wording.

    >>> names("※これは「Aka」としてつかえる。 ※レジスト", "unit")
    ('Aka',)
    >>> names("※これは「Aka」または「Ao」としてつかえる。", "unit")
    ('Aka', 'Ao')
    >>> names("※これは「Aka+Ao」としてつかえる。", "unit"), names("※これは「Aka」としてつかえる。", "vehicle")
    ((), ())
    """
    if kind != "unit" or not isinstance(text, str) or "としてつかえる" not in text:
        return ()
    from judge.games.rangers_strike.reader import parts

    out: list[str] = []
    for part in parts(text):
        m = PATTERN.fullmatch(part)
        if m is not None:
            out.extend(n for n in (m["a"], m["b"]) if n and n not in out)
    return tuple(out)
