"""The shared reading machinery (judge/core/textread.py): normal forms, lines, sentences,
templates and coverage by template."""

from __future__ import annotations

from judge.core import textread as tr


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
