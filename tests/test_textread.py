"""The shared reading machinery (judge/core/textread.py): normal forms, lines, sentences,
templates and coverage by template."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.core import textread as tr
from tests.scale import scaled


def test_normal_form_makes_full_width_and_half_width_one() -> None:
    assert (
        tr.normalise("【起】：［エネ２］　このキャラを＋１/−１。")
        == "【起】:[エネ2]このキャラを+1/-1。"
    )
    assert tr.lines("A\r\n\n  B  \n") == ["A", "B"]


def test_sentences_split_outside_quotes_and_brackets_only() -> None:
    assert tr.sentences("Aする。(Bする。)Cする。D") == ["Aする。", "(Bする。)Cする。", "D"]


def test_the_first_template_that_builds_reads_the_line() -> None:
    ts = [
        tr.template("never", r"X(\d+)", lambda m: None),  # the shape, not executable
        tr.template("n", r"X(\d+)", lambda m: int(m.group(1))),
    ]
    got = tr.read_lines("X3\nY", ts)
    assert [(g.line, g.template, g.value, g.read) for g in got] == [
        ("X3", "n", 3, True),
        ("Y", None, None, False),
    ]


def test_unread_groups_most_frequent_first() -> None:
    g = tr.UnreadGroups()
    for code, s in (("A", "X1枚"), ("B", "X2枚"), ("B", "X3枚"), ("C", "「名」Y")):
        g.add(code, s)
    t = g.templates()
    assert [(x["template"], x["sentences"], x["cards"]) for x in t] == [
        ("XN枚", 3, 2),
        ("「…」Y", 1, 1),
    ]
    assert t[0]["codes"] == ["A", "B"] and t[0]["example"] == "X1枚"
    assert tr.percent(1, 3) == 33.3 and tr.percent(0, 0) == 100.0


# -- Union Arena's reader on the shared machinery ---------------------------------------------
# The functions Union Arena's reader had of its own before it moved onto this module, kept
# here as the reference: the move must not change a sentence it splits or a shape it groups.


def _ua_sentences_before(body: str) -> list[str]:
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


def _ua_shape_before(sentence: str) -> str:
    import re

    from judge.games.union_arena import textgrammar as g

    colour = "|".join(g.COLOURS)
    s = re.sub(r"〈[^〈〉]*〉", "〈名〉", sentence)
    s = re.sub(r"\[特徴:[^\[\]]*\]", "[特徴]", s)
    s = re.sub(r"「[^「」]*」", "「…」", s)
    s = re.sub(rf"\[({colour})(×\d+)?\]", r"[色\2]", s)
    s = re.sub(rf"({colour})(?=の|か|×)", "色", s)
    return re.sub(r"\d+", "N", s)


_UA_TEXT = st.text(alphabet="「」。[]〈〉()、 A1赤青の×か特徴:", max_size=40)


@settings(max_examples=scaled(400), deadline=None)
@given(_UA_TEXT)
def test_union_arenas_sentences_are_the_shared_ones_with_its_quotes(body: str) -> None:
    """The same split wherever no closing quote comes before its opening one (a stray 」:
    the shared split counts below zero and still splits there, the old one did not)."""
    from judge.games.union_arena.reader import sentences

    depth, stray = 0, False
    for ch in body:
        depth += (ch == "「") - (ch == "」")
        stray = stray or depth < 0
    if not stray:
        assert sentences(body) == _ua_sentences_before(body)


@settings(max_examples=scaled(400), deadline=None)
@given(_UA_TEXT)
def test_union_arenas_shape_is_the_shared_one_on_top_of_its_own(sentence: str) -> None:
    from judge.games.union_arena.coverage import shape

    assert shape(sentence) == _ua_shape_before(sentence)
