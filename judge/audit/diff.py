"""Two records of one match compared: where they first disagree, and whether it matters.

In a tournament each player's client may record the match; the two logs should be the same
decisions in the same order.  When they are not, a judge wants the first decision where they
disagree (everything before it is agreed), what differs there field by field, and whether
the difference changes anything the judge rules on: a step's verdict, or the result.  So
:func:`diff` compares the envelopes (game, rules, players, decks, seed), then the actions in
order, and judges both logs (:func:`judge.core.replay.replay`) to compare their verdicts from
the first difference on and their results.

>>> import json, pathlib
>>> a = json.loads(pathlib.Path("examples/union-arena/illegal-line-and-phase.json").read_text())
>>> b = json.loads(json.dumps(a)); b["actions"][13] = {"p": "A", "do": "proceed"}
>>> d = diff(a, b)
>>> d["first_difference"]["index"], d["changes_verdict"], d["changes_result"]
(13, True, False)
>>> same_match(a, b), d["agree"]
(True, False)
"""

from __future__ import annotations

from typing import Any

from judge.core.errors import BadLog
from judge.core.fault import EngineFault
from judge.core.wording import plural

FORMAT = "judge-diff/1"
#: the envelope fields compared (``match`` is compared too, but does not change judging)
ENVELOPE = (
    "format",
    "game",
    "variant",
    "rule_options",
    "match",
    "players",
    "teams",
    "cards",
    "card_sets",
    "decks",
    "start",
    "hidden",
    "checkpoints",
)
#: fields whose difference cannot change a verdict (judging starts over when any other does)
NOT_JUDGED = ("match", "checkpoints")
#: the most field differences listed per place (the rest counted)
MAX_FIELDS = 20
#: the most steps whose verdicts differ that are listed (the rest counted)
MAX_STEPS = 20

_ABSENT = object()


def match_key(log: Any) -> tuple[Any, Any, Any] | None:
    """``(event, round, table)`` of a log's ``match``, or None unless all three are there."""
    match = log.get("match") if isinstance(log, dict) else None
    if not isinstance(match, dict):
        return None
    key = (match.get("event"), match.get("round"), match.get("table"))
    if any(v is None or isinstance(v, dict | list | bool) for v in key):
        return None
    return key


def same_match(a: dict, b: dict) -> bool:
    """Whether two logs record the same match: the same event, round and table, all three
    given (without them nothing says two logs are one match)."""
    key = match_key(a)
    return key is not None and key == match_key(b)


def differences(a: Any, b: Any, path: str = "", limit: int = MAX_FIELDS) -> dict[str, Any]:
    """Where ``a`` and ``b`` differ, leaf by leaf: ``{"fields": [{"path", "a"?, "b"?}],
    "more": n}``; a side without the field has no ``a`` (``b``) key; lists of different
    lengths are compared on their common part and then as ``{"path", "a_length",
    "b_length"}``.

    >>> differences({"p": "A", "card": "X", "to": "hand"}, {"p": "A", "card": "Y"})
    {'fields': [{'path': 'card', 'a': 'X', 'b': 'Y'}, {'path': 'to', 'a': 'hand'}], 'more': 0}
    """
    out: list[dict[str, Any]] = []
    more = [0]

    def add(item: dict[str, Any]) -> None:
        if len(out) < limit:
            out.append(item)
        else:
            more[0] += 1

    def walk(x: Any, y: Any, at: str) -> None:
        if x == y and type(x) is type(y):
            return
        if isinstance(x, dict) and isinstance(y, dict):
            for key in sorted(set(x) | set(y), key=str):
                walk(x.get(key, _ABSENT), y.get(key, _ABSENT), f"{at}.{key}" if at else str(key))
            return
        if isinstance(x, list) and isinstance(y, list):
            for i, (u, v) in enumerate(zip(x, y, strict=False)):
                walk(u, v, f"{at}[{i}]")
            if len(x) != len(y):
                add({"path": at, "a_length": len(x), "b_length": len(y)})
            return
        item: dict[str, Any] = {"path": at}
        if x is not _ABSENT:
            item["a"] = x
        if y is not _ABSENT:
            item["b"] = y
        add(item)

    walk(a, b, path)
    return {"fields": out, "more": more[0]}


def _judge(doc: dict[str, Any], on_illegal: str, card_sets: Any) -> dict[str, Any]:
    """One record judged: its verdict and rules per step and its result, or why not."""
    from judge.core.log import parse_log
    from judge.core.replay import replay

    try:
        data = parse_log(doc, card_sets) if card_sets is not None else doc
        r = replay(data, on_illegal=on_illegal)
    except BadLog as exc:
        return {"status": "bad-input", "problems": [e.to_dict() for e in exc.errors]}
    except EngineFault as fault:
        return {"status": "failed", "failure": fault.line()}
    summary = r["summary"]
    return {
        "status": "judged",
        "result": summary.get("result"),
        "illegal_steps": summary.get("illegal_steps", []),
        "steps": [
            (s["verdict"], sorted(str(v.get("rule")) for v in s.get("violations") or ()))
            for s in r["steps"]
        ],
    }


def diff(a: dict, b: dict, *, on_illegal: str = "skip", card_sets: Any = None) -> dict:
    """Two logs of one match compared (``judge-diff/1``; docs/audit.md, "Two records of one
    match"): ``same_match``; ``envelope`` (field differences); ``actions`` (how many each);
    ``first_difference`` (``{"index", "a", "b", "fields", "more"}``: the first action where
    they disagree, None for an action one log lacks, or None when the actions agree);
    ``judged`` (each side's status, illegal steps and result); ``verdicts`` (from where
    judging may differ: the first difference, or step 0 when the envelope differs in what
    is judged; the steps whose verdict or rules differ, a step only one log has counting
    unless it is legal); ``changes_verdict`` and ``changes_result`` (None when a side could
    not be judged); ``agree``.

    ``on_illegal`` and ``card_sets`` (a :class:`~judge.core.cardsets.CardSets`) are as for
    :func:`judge.core.replay.replay`.
    """
    envelope = differences(
        {k: a[k] for k in ENVELOPE if k in a}, {k: b[k] for k in ENVELOPE if k in b}
    )
    judged_fields = [
        f for f in envelope["fields"] if f["path"].split(".")[0].split("[")[0] not in NOT_JUDGED
    ]
    xs = a.get("actions") if isinstance(a.get("actions"), list) else []
    ys = b.get("actions") if isinstance(b.get("actions"), list) else []
    first: dict[str, Any] | None = None
    for i in range(max(len(xs), len(ys))):
        x = xs[i] if i < len(xs) else None
        y = ys[i] if i < len(ys) else None
        if x != y:
            fields = differences(x, y) if x is not None and y is not None else None
            first = {
                "index": i,
                "a": x,
                "b": y,
                "fields": fields["fields"] if fields else [],
                "more": fields["more"] if fields else 0,
            }
            break
    out: dict[str, Any] = {
        "format": FORMAT,
        "same_match": same_match(a, b),
        "match": dict(zip(("event", "round", "table"), match_key(a) or (None,) * 3, strict=True)),
        "envelope": envelope["fields"],
        "envelope_more": envelope["more"],
        "actions": {"a": len(xs), "b": len(ys)},
        "first_difference": first,
        "judged": None,
        "verdicts": None,
        "changes_verdict": False,
        "changes_result": False,
        "agree": first is None and not envelope["fields"],
    }
    if first is None and not judged_fields:
        return out  # the same decisions on the same game: the same verdicts, by determinism
    start = 0 if judged_fields else first["index"]  # type: ignore[index]
    ja, jb = _judge(a, on_illegal, card_sets), _judge(b, on_illegal, card_sets)
    out["judged"] = {
        side: {k: v for k, v in j.items() if k != "steps"} for side, j in (("a", ja), ("b", jb))
    }
    if ja["status"] != "judged" or jb["status"] != "judged":
        out["changes_verdict"] = out["changes_result"] = None
        return out
    sa, sb = ja["steps"], jb["steps"]
    differ: list[dict[str, Any]] = []
    count = 0
    for i in range(start, max(len(sa), len(sb))):
        u = sa[i] if i < len(sa) else None
        v = sb[i] if i < len(sb) else None
        if u == v or (u is None and v[0] == "legal") or (v is None and u[0] == "legal"):
            continue
        count += 1
        if len(differ) < MAX_STEPS:
            differ.append(
                {
                    "step": i,
                    "a": None if u is None else {"verdict": u[0], "rules": u[1]},
                    "b": None if v is None else {"verdict": v[0], "rules": v[1]},
                }
            )
    out["verdicts"] = {"from": start, "differ": differ, "count": count}
    out["changes_verdict"] = count > 0
    out["changes_result"] = ja["result"] != jb["result"]
    return out


def _short(value: Any, width: int = 60) -> str:
    from judge.core.canonical import canonical_json

    text = canonical_json(value)
    return text if len(text) <= width else text[: width - 1] + "…"


def summary_line(d: dict[str, Any]) -> str:
    """A diff in one line: where the records first disagree and what it changes."""
    if d.get("agree"):
        return "the records agree"
    parts = []
    if d.get("envelope"):
        paths = ", ".join(f["path"] for f in d["envelope"][:3])
        more = len(d["envelope"]) - 3 + d.get("envelope_more", 0)
        parts.append(f"the envelopes differ ({paths}{f' and {more} more' if more > 0 else ''})")
    first = d.get("first_difference")
    if first is not None:
        i = first["index"]
        if first["a"] is None:
            parts.append(f"from action {i} only the second record goes on")
        elif first["b"] is None:
            parts.append(f"from action {i} only the first record goes on")
        else:
            said = "; ".join(
                f"{f['path']}: {_short(f.get('a', None)) if 'a' in f else '(absent)'} / "
                f"{_short(f.get('b', None)) if 'b' in f else '(absent)'}"
                for f in first["fields"][:3]
            )
            parts.append(f"first disagree at action {i} ({said})")
    elif d.get("actions") and d["actions"]["a"] == d["actions"]["b"]:
        parts.append("the actions agree")
    if d.get("changes_verdict") is None:
        parts.append("not both could be judged")
    else:
        verdicts = d.get("verdicts")
        if d.get("changes_verdict") and verdicts:
            parts.append(
                f"verdicts differ at {plural(verdicts['count'], 'step')}"
                f", the first at step {verdicts['differ'][0]['step']}"
            )
        else:
            parts.append("no verdict changes")
        if d.get("changes_result"):
            j = d["judged"]
            parts.append(
                f"the result differs ({_short(j['a']['result'])} / {_short(j['b']['result'])})"
            )
        else:
            parts.append("the result is the same")
    return "; ".join(parts)


def render_text(d: dict[str, Any], a_name: str = "A", b_name: str = "B") -> str:
    """A diff for a terminal: the summary line, then each difference on its own line."""
    lines = [f"{a_name} / {b_name}: {summary_line(d)}"]
    if not d["same_match"]:
        lines.append("  note: the logs do not name the same event, round and table")
    for f in d.get("envelope") or ():
        lines.append(f"  envelope {_field(f)}")
    if d.get("envelope_more"):
        lines.append(f"  and {d['envelope_more']} more envelope differences")
    first = d.get("first_difference")
    if first is not None:
        lines.append(f"  action {first['index']}:")
        lines.append(
            f"    {a_name}: {_short(first['a'], 200) if first['a'] is not None else '(none)'}"
        )
        lines.append(
            f"    {b_name}: {_short(first['b'], 200) if first['b'] is not None else '(none)'}"
        )
        for f in first["fields"]:
            lines.append(f"    {_field(f)}")
    judged = d.get("judged") or {}
    for side, name in (("a", a_name), ("b", b_name)):
        j = judged.get(side)
        if j and j["status"] == "bad-input":
            lines.append(
                f"  {name} is bad input: {'; '.join(p['message'] for p in j['problems'][:3])}"
            )
        elif j and j["status"] == "failed":
            lines.append(f"  {name}: {j['failure']}")
    verdicts = d.get("verdicts") or {}
    for s in verdicts.get("differ") or ():
        lines.append(f"  step {s['step']}: {_verdict(s['a'])} / {_verdict(s['b'])}")
    if verdicts.get("count", 0) > len(verdicts.get("differ") or ()):
        lines.append(f"  and {verdicts['count'] - len(verdicts['differ'])} more steps")
    return "\n".join(lines) + "\n"


def _verdict(v: dict[str, Any] | None) -> str:
    if v is None:
        return "(no step)"
    return v["verdict"] + (f" ({', '.join(v['rules'])})" if v["rules"] else "")


def _field(f: dict[str, Any]) -> str:
    if "a_length" in f:
        return f"{f['path'] or '<all>'}: {f['a_length']} entries / {f['b_length']} entries"
    a = _short(f["a"], 80) if "a" in f else "(absent)"
    b = _short(f["b"], 80) if "b" in f else "(absent)"
    return f"{f['path'] or '<all>'}: {a} / {b}"
