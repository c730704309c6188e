"""Cards of one's own chosen by an effect, whose printed required power numbers then choose an
opposing unit (RS-CARDS-POWER-SUM): "自軍捨札から特徴「アドベントカード」を持つカードを2枚まで選んでもよい。
そうしたとき選んだカードの必要パワーの数字を合計して、その合計以下の必要パワーの数字を持つ敵軍ユニットを1体
撃破する".

``{"op": "choose_cards", "zone": Z, "count": N, "if_done": true}`` (with ``up_to`` ``true``: "N枚
まで"; ``feature`` X: "特徴「X」を持つカード"; ``then``: what is done to them), the first op of an
optional effect of two.  The player chooses N cards (up to N) of its own:

- ``zone`` ``discard``: of its discard pile, printing the feature (a card that is no unit has only
  its printed features); they are only chosen and stay where they are (the text does nothing to
  them);
- ``zone`` ``power``, ``then`` ``discard``: one card of its power zone, which goes into its
  owner's discard pile, not destroyed ("自軍パワーゾーンからカードを1枚選び捨札にしてもよい",
  RS-POWER-TO-DISCARD).  The text says カード, not オモテ向きのカード: whether a face-down card
  (damage) may be chosen the sources do not say, so a face-down card named is discarded as the log
  says and the step is unverifiable;
- ``zone`` ``hand``, ``then`` ``show``: N cards of its hand, shown to the opponent and kept
  ("自分の手札からカードを2枚選び相手に見せてもよい", RS-SHOW-HAND; or "自分の手札を2枚選び、相手に見せ
  てもよい", RS-SHOWN-NUMBERS-BP below).

Or, a combination's effect of three ops (:func:`shown_numbers_ok`, RS-SHOWN-NUMBERS-BP): two cards
of the hand shown, then the ``hold`` of one released opposing size S unit of the battle area, then
a ``bp`` of the unit itself for the turn with :data:`NUMBERS` ``[A, B]``, kept by :func:`bound`
only when the two cards shown print A and B (in either order) and dropped otherwise.

Only when it chooses one or more does what follows happen (choosing none, or having none to
choose, stops it: RS-IF-DONE, atwiki renst 1869).  What follows is a ``destroy`` or
``to_damage`` of opposing units whose selector has ``power_max`` or ``power_equal`` :data:`SUM`: a
unit whose printed required power is no more than (the same as) the sum of the numbers the cards
chosen print (RS-POWER-AT-MOST); :func:`bound` makes that a number once the cards are known.  A
text that chooses exactly N cards (not "まで") from fewer: whether fewer may be chosen the sources
do not say, so a choice of them is not guessed (declining is always legal).

The log names the cards first in the resolve's ``targets`` (instance ids or codes; observed mode
binds a hidden card of the hand, or of the power zone, that it names), then the units.  For a
hand the first N references are the cards (a hand is hidden: any code may be one of it).  For a
discard pile the references naming fitting cards of the player's, from the first, are the cards;
when codes make another split read as well (fewer cards, the references after them naming as
many fitting units as then fit), where the cards end is not known: not guessed.  For a power
zone a first reference naming one of its cards is the card (a code naming a face-up and a
face-down card alike is not guessed).  Not named, the engine takes cards only when nothing else
could have been done with the effect used (``use: true``; every card it could take taken, with no
choice among them, a hand's or a power zone's cards all known, the latter face up); none when
none can be chosen; otherwise the choice is not guessed (unverifiable, a taint).  In tag battle
自軍捨札 and 自軍パワーゾーン may mean the player's or its team's: a card named in an ally's, or
none named while an ally's holds one that fits, is not guessed either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judge.core.refs import bind, is_instance, ref_code, ref_text
from judge.core.wording import noun_for, plural
from judge.games.rangers_strike.costs import leading, name_distinct, names_card
from judge.games.rangers_strike.refs import ZONE_REFS, Problem

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-CARDS-POWER-SUM"
POWER_RULE = "RS-POWER-TO-DISCARD"
SHOW_RULE = "RS-SHOW-HAND"
OP = "choose_cards"
#: a selector's limit made by the cards the effect chose: the sum of their printed required
#: power numbers, bound to a number by :func:`bound`
SUM = {"cards": "sum"}
#: the limits a selector may take from :data:`SUM`: no more than it, or the same
LIMITS = ("power_max", "power_equal")
#: the zones cards are chosen from, and what is done to them there (None: nothing)
THEN: dict[str, str | None] = {"discard": None, "power": "discard", "hand": "show"}
#: what follows the choice
FOLLOWS = ("destroy", "to_damage")
#: RS-SHOWN-NUMBERS-BP: the key of a ``bp`` op that happens only when the required power numbers
#: of the cards shown are these (in any order)
NUMBERS = "cards_are"
SHOWN_RULE = "RS-SHOWN-NUMBERS-BP"


@dataclass(frozen=True, slots=True)
class Pick:
    """A card chosen: its zone, its position there now, the instance, whether a hidden slot is
    bound to it as it is named, and (a power card) whether it is face down."""

    zone: str
    index: int
    iid: str
    bind: bool = False
    face_down: bool = False


#: the cards chosen (None when not known), the targets left, problems, why it is not known
Picks = tuple[list[Pick] | None, list[Any], list[Problem], str | None]


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``choose_cards`` op, or None."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == OP:
            return op
    return None


def rule_of(op: dict[str, Any]) -> str:
    """The rule of what the op does to the cards it chooses."""
    return {"power": POWER_RULE, "hand": SHOW_RULE}.get(op["zone"], RULE)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def first_ok(op: dict[str, Any]) -> bool:
    """A ``choose_cards`` op the engine executes (module docstring): a discard pile's cards,
    with a feature, N or up to N; one card of the power zone, discarded; N cards of the hand,
    shown."""
    zone = op.get("zone")
    if zone not in THEN or op.get("then") != THEN[zone] or op.get("if_done") is not True:
        return False
    keys = {"op", "zone", "count", "if_done"} | ({"then"} if THEN[zone] else set())
    if zone == "discard":
        keys |= {"up_to", "feature"}
    if set(op) - keys or not {"op", "zone", "count", "if_done"} <= set(op):
        return False
    if not _is_int(op["count"]) or ("up_to" in op and op["up_to"] is not True):
        return False
    if zone == "power" and op["count"] != 1:
        return False
    return "feature" not in op or (isinstance(op["feature"], str) and bool(op["feature"]))


def ok(effect: dict[str, Any]) -> bool:
    """Whether an effect choosing cards of one's own is one the engine executes: optional, two
    ops, the choice (:func:`first_ok`) and a ``destroy`` or ``to_damage`` of opposing units (the
    controller's choice) whose selector has exactly one limit :data:`SUM`; or the shape of
    :func:`shown_numbers_ok` (RS-SHOWN-NUMBERS-BP)."""
    ops = effect.get("do") or []
    if len(ops) == 3:
        return shown_numbers_ok(effect)
    if len(ops) != 2 or effect.get("optional") is not True:
        return False
    first, then = ops
    if not isinstance(first, dict) or first.get("op") != OP or not first_ok(first):
        return False
    if not isinstance(then, dict) or then.get("op") not in FOLLOWS or set(then) != {"op", "target"}:
        return False
    sel = then["target"]
    return (
        isinstance(sel, dict)
        and sel.get("side") == "opponent"
        and sel.get("type") == "unit"
        and "chooser" not in sel
        and [k for k in LIMITS if sel.get(k) == SUM] in (["power_max"], ["power_equal"])
        and not any(k in sel for k in LIMITS if sel.get(k) != SUM)
    )


def shown_numbers_ok(effect: dict[str, Any]) -> bool:
    """RS-SHOWN-NUMBERS-BP: a combination's optional effect, exactly "自分の手札を2枚選び、相手に見せて
    もよい。そうしたとき、敵軍バトルエリアのSユニットを1体選びホールドする。その後、見せたカードの必要パワーの数字が
    「A」と「B」なら、このターン、このユニットのBPを+Nする。": two cards of the hand shown, one
    released opposing unit of the battle area held, then the unit's own BP +N for the turn when the
    numbers the two cards print are A and B."""
    ops = effect.get("do") or []
    if effect.get("when") != "combination" or effect.get("optional") is not True or len(ops) != 3:
        return False
    first, hold, bp = ops
    if not (isinstance(first, dict) and first.get("op") == OP and first_ok(first)):
        return False
    if first.get("zone") != "hand" or first.get("count") != 2:
        return False
    sel = hold.get("target") if isinstance(hold, dict) else None
    if not (
        isinstance(hold, dict)
        and set(hold) == {"op", "target"}
        and hold["op"] == "hold"
        and isinstance(sel, dict)
        and set(sel) == {"side", "zone", "count", "type", "size", "released"}
        and (sel["side"], sel["zone"], sel["count"], sel["type"])
        == ("opponent", "battle", 1, "unit")
        and sel["released"] is True
    ):
        return False
    numbers = bp.get(NUMBERS) if isinstance(bp, dict) else None
    return (
        isinstance(bp, dict)
        and set(bp) == {"op", "amount", "until", NUMBERS}
        and bp["op"] == "bp"
        and bp["until"] == "turn"
        and _is_int(bp["amount"])
        and isinstance(numbers, list)
        and len(numbers) == first["count"]
        and all(isinstance(k, int) and not isinstance(k, bool) and k >= 0 for k in numbers)
    )


def refers_to(first: dict[str, Any], said: dict[str, Any]) -> bool:
    """Whether the words of what follows name the cards the first op chose (the reader's
    check): "選んだカード" those only chosen, "捨札にしたカード" the one discarded, "見せたN枚のカード"
    the N shown; without "合計して" one card only ("見せたカードの必要パワーの数字が「A」と「B」なら":
    every card shown, ``all``, RS-SHOWN-NUMBERS-BP)."""
    if first.get("op") != OP:
        return False
    if said.get("then") != first.get("then"):
        return False
    n = said.get("count")
    if n is not None and (first.get("count") != n or first.get("up_to")):
        return False
    if said.get("all") is True:
        return not first.get("up_to")
    return said.get("sum") is True or (first.get("count") == 1 and not first.get("up_to"))


def words(first: dict[str, Any]) -> str:
    """The number the cards chosen make, in English (``judge cards show``)."""
    what = {None: "chosen", "discard": "discarded", "show": "shown"}.get(first.get("then"), "")
    if first.get("count") == 1 and not first.get("up_to"):
        return f"the required power number of the card so {what}"
    return f"the sum of the required power numbers of the cards so {what}"


def fits(eng: RangersStrikeEngine, iid: str, op: dict[str, Any]) -> bool:
    """Whether the card ``iid`` is one the op may choose: it prints the feature asked (a card
    that is no unit has only its printed features)."""
    return "feature" not in op or op["feature"] in eng.state.card(iid).features


def bound(
    eng: RangersStrikeEngine, effect: dict[str, Any], picks: list[Pick] | None
) -> dict[str, Any]:
    """The effect with :data:`SUM` made the sum of the numbers the ``picks`` print; when none
    was chosen (or which is not known) the effect without what follows, which then does not
    happen.  An effect without a ``choose_cards`` op is returned as it is."""
    if op_of(effect) is None:
        return effect
    if not picks:
        return {**effect, "do": effect["do"][:1]}
    numbers = sorted(eng.state.card(p.iid).power_number for p in picks)
    total = sum(numbers)
    ops = [effect["do"][0]]
    out = dict(effect)
    for op in effect["do"][1:]:
        if NUMBERS in op:  # RS-SHOWN-NUMBERS-BP: only when the numbers are those printed
            out[NUMBERS] = list(op[NUMBERS])  # kept for the ruling (carry_out)
            if sorted(op[NUMBERS]) == numbers:
                ops.append({k: v for k, v in op.items() if k != NUMBERS})
            continue
        target = op.get("target")
        if isinstance(target, dict):
            op = {**op, "target": {k: total if v == SUM else v for k, v in target.items()}}
        ops.append(op)
    out["do"] = ops
    return out


def named(
    eng: RangersStrikeEngine,
    pid: str,
    effect: dict[str, Any],
    targets: list[Any],
    use: bool | None,
) -> Picks:
    """The cards of ``pid``'s the effect's op chooses, ``(picks, targets left, problems,
    doubt)`` (module docstring); picks None when not known (the targets left are then none:
    nothing after the op is judged).  No such op, or not used: ``([], targets, [], None)``."""
    op = op_of(effect)
    if op is None or use is False:
        return [], targets, [], None
    if op["zone"] == "hand":
        return _from_hand(eng, pid, op, targets, use)
    if op["zone"] == "power":
        return _from_power(eng, pid, op, targets, use)
    return _from_discard(eng, pid, effect, op, targets, use)


def _from_discard(
    eng: RangersStrikeEngine,
    pid: str,
    effect: dict[str, Any],
    op: dict[str, Any],
    targets: list[Any],
    use: bool | None,
) -> Picks:
    st = eng.state
    pile = st.players[pid].discard
    fit = [c for c in pile if c is not None and fits(eng, c, op)]
    n, up_to = int(op["count"]), bool(op.get("up_to"))
    got = [fit[k] for k in leading(eng, fit, targets, n)]
    if got:
        if not up_to and len(got) < n:
            if len(got) == len(fit):  # every card it has named, fewer than the text says
                return None, [], [], _short(op, pid, len(fit))
            return None, [], [(RULE, _exactly(op, pid, len(got)))], None
        doubt = _split_doubt(eng, pid, effect, targets, len(got)) if up_to else None
        if doubt is not None:
            return None, [], [], doubt
        return [Pick("discard", pile.index(c), c) for c in got], targets[len(got) :], [], None
    if (
        targets
        and not _names_opposing_unit(eng, pid, targets[0])
        and any(names_card(eng, targets[0], c) for c in pile if c is not None)
    ):
        said = f"{ref_text(targets[0])} in {pid}'s discard pile is not {_wanted(op)}."
        return None, [], [(RULE, said)], None
    ally = _ally_doubt(eng, pid, op)
    if ally is not None:
        return None, [], [], ally
    if not fit:
        return [], targets, [], None  # none can be chosen: nothing is done
    if not up_to and len(fit) < n:
        return (
            ([], targets, [], None)
            if use is not True
            else (None, [], [], _short(op, pid, len(fit)))
        )
    if use is True and len(fit) == (1 if up_to else n):
        return [Pick("discard", pile.index(c), c) for c in fit], targets, [], None
    return None, [], [], f"which of {pid}'s cards ({_wanted(op)}) it chose is not recorded"


def _from_hand(
    eng: RangersStrikeEngine, pid: str, op: dict[str, Any], targets: list[Any], use: bool | None
) -> Picks:
    st = eng.state
    hand = st.players[pid].hand
    n = int(op["count"])
    if not hand or (len(hand) < n and use is not True and not targets):
        return [], targets, [], None  # nothing shown (none to show, or not used)
    if len(hand) < n:
        return None, [], [], _short(op, pid, len(hand))
    if targets:
        if len(targets) < n:
            return None, [], [(SHOW_RULE, _exactly(op, pid, len(targets)))], None
        takes, problems = ZONE_REFS.find_many_in_zone(st, pid, "hand", targets[:n])
        if problems:
            return None, [], problems[:1], None
        return [Pick("hand", t.index, t.iid, t.bind) for t in takes], targets[n:], [], None
    if use is True and len(hand) == n and None not in hand:
        return [Pick("hand", i, c) for i, c in enumerate(hand) if c is not None], [], [], None
    return None, [], [], f"which {n} cards of its hand {pid} showed is not recorded"


def _from_power(
    eng: RangersStrikeEngine, pid: str, op: dict[str, Any], targets: list[Any], use: bool | None
) -> Picks:
    st = eng.state
    ps = st.players[pid]
    allies = [q for q in eng.allies(pid) if q != pid]
    if targets:
        pick, doubt = _power_card(eng, pid, targets[0])
        if doubt is not None:
            return None, [], [], doubt
        if pick is not None:
            return [pick], targets[1:], [], None
        if any(_power_card(eng, q, targets[0]) != (None, None) for q in allies):
            return None, [], [], _team_doubt(pid, f"{ref_text(targets[0])} is in the ally's zone")
    if any(st.players[q].power for q in allies):
        return None, [], [], _team_doubt(pid, "the ally's power zone holds cards too")
    cards = ps.power
    if not cards:
        return [], targets, [], None  # no card to discard: nothing is done
    codes = {st.code_of[p.card] for p in cards if p.card is not None}
    if use is True and all(p.face_up and p.card is not None for p in cards) and len(codes) == 1:
        return [Pick("power", 0, str(cards[0].card))], targets, [], None
    return None, [], [], f"which card of its power zone {pid} discarded is not recorded"


def _power_card(eng: RangersStrikeEngine, pid: str, ref: Any) -> tuple[Pick | None, str | None]:
    """The card of ``pid``'s power zone ``ref`` names (face up or face down), or why which one
    is not known, or ``(None, None)`` when it names none there."""
    st = eng.state
    ps = st.players[pid]
    if is_instance(st, ref):
        for i, p in enumerate(ps.power):
            if p.card == ref:
                return Pick("power", i, ref, face_down=not p.face_up), None
        owned = st.owner_of[ref] == pid and ref in ps.unseen.get(st.code_of[ref], ())
        return _hidden_slot(eng, pid, ref) if owned else (None, None)
    code = ref_code(st, ref)
    known = [
        (i, p) for i, p in enumerate(ps.power) if p.card is not None and st.code_of[p.card] == code
    ]
    if len({p.face_up for _, p in known}) > 1:
        return None, (
            f"{code} names a face-up and a face-down card of {pid}'s power zone, so which was "
            "discarded is not known (name the instance)"
        )
    unseen = ps.unseen.get(code, [])
    if known:
        i, p = known[0]
        others = [q for q in ps.power if q.card is None and q.face_up != p.face_up]
        if unseen and others:
            return None, (
                f"{code} names a {'face-up' if p.face_up else 'face-down'} card of {pid}'s power "
                "zone, and a hidden card there turned the other way may be one too, so which was "
                "discarded is not known (name the instance)"
            )
        return Pick("power", i, str(p.card), face_down=not p.face_up), None
    return _hidden_slot(eng, pid, unseen[0]) if unseen else (None, None)


def _hidden_slot(eng: RangersStrikeEngine, pid: str, iid: str) -> tuple[Pick | None, str | None]:
    """Observed mode: a hidden card of ``pid``'s power zone bound to ``iid`` as it is named."""
    hidden = [(i, p) for i, p in enumerate(eng.state.players[pid].power) if p.card is None]
    if not hidden:
        return None, None
    if len({p.face_up for _, p in hidden}) > 1:
        return None, (
            f"{iid} may be a hidden face-up or a hidden face-down card of {pid}'s power zone, so "
            "which was discarded is not known"
        )
    i, p = hidden[0]
    return Pick("power", i, iid, True, not p.face_up), None


def _short(op: dict[str, Any], pid: str, have: int) -> str:
    """Why a choice of exactly N cards from fewer is not guessed."""
    where = {"discard": "discard pile", "hand": "hand"}[op["zone"]]
    return (
        f"{pid} has {have} of the {op['count']} cards the text chooses in its {where}, and "
        "whether it may choose fewer (and what follows then) the sources do not say"
    )


def _wanted(op: dict[str, Any]) -> str:
    n = int(op["count"])
    what = f"{noun_for(n, 'card')}"
    if "feature" in op:
        what += f" with the feature {op['feature']}"
    return f"{'up to ' if op.get('up_to') else ''}{n} {what}"


def _exactly(op: dict[str, Any], pid: str, named: int) -> str:
    where = {"discard": "discard pile", "hand": "hand"}[op["zone"]]
    return f"The effect chooses exactly {_wanted(op)} of {pid}'s {where}; the log names {named}."


def _team_doubt(pid: str, said: str) -> str:
    return (
        f"自軍パワーゾーン read as {pid}'s own power zone or its team's disagree ({said}): the "
        "sources do not say which"
    )


def _ally_doubt(eng: RangersStrikeEngine, pid: str, op: dict[str, Any]) -> str | None:
    """Tag battle: 自軍捨札 read as the player's or its team's disagree when an ally's discard
    pile holds a card the op could choose."""
    for q in eng.allies(pid):
        if q != pid and any(
            c is not None and fits(eng, c, op) for c in eng.state.players[q].discard
        ):
            return (
                f"{q}, {pid}'s ally, has a card the effect could choose in its discard pile, and "
                f"whether 自軍捨札 means {pid}'s discard pile or its team's the sources do not say"
            )
    return None


def _names_opposing_unit(eng: RangersStrikeEngine, pid: str, ref: Any) -> bool:
    """Whether ``ref`` names a unit in an opposing player's rush or battle area."""
    st = eng.state
    return any(
        names_card(eng, ref, unit.card)
        for q in eng.opponents(pid)
        for unit in st.players[q].units()
    )


def _split_doubt(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], n: int
) -> str | None:
    """Where the ``n`` cards read first end is not known: with fewer (one or more), the
    references after them name distinct units that fit, as many as then fit."""
    from judge.games.rangers_strike.effects import selectors
    from judge.games.rangers_strike.resolve import fitting

    pile = eng.state.players[pid].discard
    for m in range(1, n):
        rest = targets[m:]
        picks = []
        for ref in targets[:m]:
            hit = next(c for c in pile if c is not None and names_card(eng, ref, c))
            picks.append(Pick("discard", pile.index(hit), hit))
        (sel,) = selectors(bound(eng, effect, picks))
        cands = fitting(eng, pid, sel)
        if len(rest) != min(int(sel.get("count", 1)), len(cands)):
            continue
        if name_distinct(eng, rest, cands):
            return (
                f"the references name cards of {pid}'s discard pile and units alike, so where the "
                f"cards end is not known ({n} cards, or {m}; name them by instance id)"
            )
    return None


def first_targets(eng: RangersStrikeEngine, pe: Any, effect: dict[str, Any]) -> list[Any]:
    """A legal resolve's targets for ``effect`` (``pe``'s): the first cards the op may choose
    (as many as it takes), then the first units what follows then takes; none when the cards
    cannot be named (a hidden hand)."""
    from judge.games.rangers_strike.resolve import first_targets as units_first

    pid = pe.controller
    op = op_of(effect)
    if op is None:
        return []
    ps = eng.state.players[pid]
    picks: list[Pick]
    if op["zone"] == "hand":
        known = [(i, c) for i, c in enumerate(ps.hand) if c is not None]
        if len(known) < int(op["count"]):
            return []  # a hidden hand: the cards cannot be named here
        picks = [Pick("hand", i, c) for i, c in known[: int(op["count"])]]
    elif op["zone"] == "power":
        known = [(i, p) for i, p in enumerate(ps.power) if p.card is not None]
        known.sort(key=lambda ip: not ip[1].face_up)  # a face-up one first
        picks = [Pick("power", i, str(p.card), face_down=not p.face_up) for i, p in known[:1]]
    else:
        fit = [c for c in ps.discard if c is not None and fits(eng, c, op)]
        picks = [Pick("discard", ps.discard.index(c), c) for c in fit[: int(op["count"])]]
    return [p.iid for p in picks] + units_first(
        eng, pid, bound(eng, effect, picks), pe.context.get("unit")
    )


def carry_out(
    eng: RangersStrikeEngine,
    pe: Any,
    picks: list[Pick] | None,
    doubt: str | None,
    what: str,
) -> bool:
    """Choose (and discard, or show) the cards :func:`named` found; whether what follows
    happens (one or more chosen), its number ruled.  Not known: not guessed."""
    op = op_of(pe.effect)
    assert op is not None
    pid = pe.controller
    if picks is None:
        eng.not_guessed(
            pe,
            rule_of(op),
            doubt or "which cards were chosen is not recorded",
            f"{what} is not carried out; the log may name the cards first in the resolve's "
            "targets (or record `use: false`), or record what happened in an `outcome`.",
        )
        return False
    if not picks:
        eng.ctx.ruling(
            RULE,
            f"{pid} chooses no card ({_wanted(op)}) for {what}: nothing is done, so what happens "
            "only when it is (そうしたとき) does not happen.",
        )
        return False
    st = eng.state
    if op["zone"] == "power":
        _discard_power(eng, pid, picks[0], what)
    elif op["zone"] == "hand":
        _show(eng, pid, picks, what)
    else:
        names = " and ".join(eng.name(p.iid) for p in picks)
        eng.event(
            "choose",
            f"{pid} chooses {names} in its discard pile ({what}); they stay there.",
            player=pid,
            cards=[p.iid for p in picks],
        )
    numbers = [st.card(p.iid).power_number for p in picks]
    total = sum(numbers)
    said = " + ".join(f"{eng.name(p.iid)} {k}" for p, k in zip(picks, numbers, strict=True))
    wanted = _shown_numbers(pe)
    if wanted is not None:  # RS-SHOWN-NUMBERS-BP: bound already, the BP kept only when they are
        printed = ", ".join(f"{eng.name(p.iid)} {k}" for p, k in zip(picks, numbers, strict=True))
        same = sorted(numbers) == sorted(wanted)
        eng.ctx.ruling(
            SHOWN_RULE,
            f"The required power numbers of the cards shown: {printed}; the text asks for "
            + " and ".join(f"「{k}」" for k in wanted)
            + (", so the unit's BP is raised for the turn." if same else ", so no BP is given."),
        )
        return True
    follows = pe.effect["do"][1:]  # bound already: the limit is a number
    same = any("power_equal" in (o.get("target") or {}) for o in follows)
    limit = "the same as" if same else "no more than"
    eng.ctx.ruling(
        RULE,
        f"The required power number{'s' if len(picks) > 1 else ''} printed: {said}"
        + (f" = {total}" if len(picks) > 1 else "")
        + f"; what follows takes a unit whose printed required power is {limit} {total}.",
    )
    return True


def _shown_numbers(pe: Any) -> list[int] | None:
    """The numbers the cards shown must print for the BP (RS-SHOWN-NUMBERS-BP: the bound
    effect keeps them, :func:`bound`), or None for any other effect."""
    numbers = pe.effect.get(NUMBERS)
    return list(numbers) if isinstance(numbers, list) else None


def _discard_power(eng: RangersStrikeEngine, pid: str, pick: Pick, what: str) -> None:
    """RS-POWER-TO-DISCARD: the card chosen leaves ``pid``'s power zone for its owner's discard
    pile (a face-down one was a point of damage); a face-down one chosen is not in the sources."""
    st = eng.state
    ps = st.players[pid]
    pc = ps.power[pick.index]
    if pick.bind and pc.card is None:
        bind(st, pid, pick.iid)
    ps.power.pop(pick.index)
    st.players[st.owner_of[pick.iid]].discard.append(pick.iid)
    face = "face-down (a point of damage)" if pick.face_down else "face-up"
    eng.event(
        "to_discard",
        f"{pid} puts {eng.name(pick.iid)}, a {face} card of its power zone, into the discard "
        f"pile ({what}).",
        player=pid,
        card=pick.iid,
    )
    eng.ctx.ruling(
        POWER_RULE,
        f"{eng.name(pick.iid)} leaves {pid}'s power zone for its owner's discard pile (not "
        f"destroyed): {pid} has {plural(len(ps.power), 'power card')} and {ps.damage} damage now.",
    )
    if pick.face_down:
        eng.ctx.ruling(
            POWER_RULE,
            f"{eng.name(pick.iid)} was face down, a point of damage: the text says カード (not "
            "オモテ向きのカード), and whether a face-down card may be chosen the sources do not "
            "say; the engine discards it as the log says and does not vouch for it.",
        )
        eng.ctx.cannot_verify("whether a face-down power card may be chosen and discarded")


def _show(eng: RangersStrikeEngine, pid: str, picks: list[Pick], what: str) -> None:
    """RS-SHOW-HAND: the cards chosen are shown to the opponent and stay in ``pid``'s hand
    (observed mode: a hidden card named is bound, seen now)."""
    st = eng.state
    ps = st.players[pid]
    for p in picks:
        if p.bind:
            bind(st, pid, p.iid)
            ps.hand[p.index] = p.iid
    names = " and ".join(eng.name(p.iid) for p in picks)
    eng.event(
        "show",
        f"{pid} shows {names} from its hand to the opponent ({what}); they stay in its hand.",
        player=pid,
        cards=[p.iid for p in picks],
    )
    eng.ctx.ruling(SHOW_RULE, f"{names}, shown, stay in {pid}'s hand: only their numbers count.")
