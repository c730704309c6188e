"""Resolving effects: matching recorded targets to what the text asks, and running it.

A selector takes exactly ``min(count, fitting units)`` targets: when fewer units fit than it
asks for, every fitting unit is named (and none when none fits).  A mismatch is
``RS-EFFECT-TARGETS``.  Targets are matched in the order of the effect's selectors, after the
commands an effect's cost holds, when the log names them (:func:`cost_commands`,
RS-COMMAND-COST).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from judge.core.engine import ordinal
from judge.core.errors import BadLog
from judge.core.timing import PendingEffect
from judge.core.wording import noun_for, plural
from judge.games.rangers_strike import (
    activated,
    added_traits,
    all_to_command,
    area_rules,
    as_own,
    attack_again,
    attack_bp,
    attack_chosen,
    aura_bp,
    bp_highest,
    bp_lowest,
    bp_pair,
    bp_scan,
    bp_sum,
    chosen_vehicle,
    command_cards,
    command_discard,
    command_watch,
    counter_search,
    damage_cards,
    deck_search,
    destroy_within,
    discard_bp_cross,
    discard_namesake,
    discard_return,
    effects,
    either_pile,
    from_discard,
    gather_named,
    hand_cycle,
    held_command,
    held_number,
    held_return,
    keyword_hold,
    keywords,
    modes,
    morph,
    neighbours,
    no_units,
    only_size,
    opponent_power,
    opponent_search,
    own_cards,
    own_commands,
    own_text,
    picks_none,
    placed_watch,
    power_moves,
    quantities,
    release,
    release_count,
    resist,
    resist_damage,
    reveal_return,
    revealed,
    ride,
    rush_waiver,
    self_cost,
    self_toll,
    stacking,
    strike_damage,
    tag_activated,
    tag_resident,
    top_fortune,
    top_look,
    top_three,
    unit_destroys,
    unit_return,
    unpowered,
    vehicle_power,
    watch,
    written,
    zone_conditions,
    zone_moves,
)
from judge.games.rangers_strike.costs import leading
from judge.games.rangers_strike.refs import find_unit
from judge.games.rangers_strike.state import Mod, PowerCard, Unit, remove_unit

if TYPE_CHECKING:
    from collections.abc import Callable

    from judge.games.rangers_strike.engine import RangersStrikeEngine

Problem = tuple[str, str]
#: a unit (or vehicle) chosen: (its player, its area, the unit); a selector of command cards
#: finds (player, "command", the command) alike (RS-COMMAND-TO-POWER, ``command_cards``)
Found = tuple[str, str, Unit]


def owners_of(eng: RangersStrikeEngine, controller: str, sel: dict[str, Any]) -> list[str]:
    """The players whose units a selector takes: the controller's own, the opposing side's
    (敵軍: in tag battle both opposing players), or, when the opponent chooses among its own
    (相手は自分自身の…), the players :meth:`~RangersStrikeEngine.opponent_players` names."""
    if chosen_vehicle.is_selector(sel):  # RS-BP-PER-VEHICLE-POWER: 自軍 in tag battle
        return chosen_vehicle.owners(eng, controller)
    if sel == vehicle_power.TARGET:  # RS-VEHICLE-TO-POWER: 自軍 in tag battle
        return vehicle_power.owners(eng, controller)
    if sel.get("side", "own") == "own":
        return [controller]
    if sel.get("chooser") == "opponent":
        return eng.opponent_players(controller)
    return eng.opponents(controller)


def _category_fits(category: str, wanted: str | list[str]) -> bool:
    """A card's category against a selector's: one, or any of a list ("DAまたはOTを持つ")."""
    return category in wanted if isinstance(wanted, list) else category == wanted


def areas_of(sel: dict[str, Any]) -> tuple[str, ...]:
    """The areas a selector covers (``field``: rush and battle, RS-SELECT-FIELD)."""
    return effects.AREAS_OF[sel.get("zone", "battle")]


def chosen_power(eng: RangersStrikeEngine, chosen: list[Found] | None) -> int | None:
    """RS-CHOOSE-FIRST: the printed required power of the unit an effect's ``choose`` op
    chose (None when none was: then nothing after it happens)."""
    if not chosen:
        return None
    return eng.state.card(chosen[0][2].card).power_number


#: the keys of a selector that :func:`fitting` checks unit by unit, BP's aside (a selector
#: with none of them takes every unit of its areas whose BP fits)
UNIT_KEYS = frozenset(
    ("category", "printed_bp_max", "type", "riding", "size", "feature", "no_feature", "numbered")
    + ("sp_printed", "keyword", written.KEY, "no_number", "power_equal", "number_equal")
    + (reveal_return.KEY, discard_namesake.KEY, added_traits.KEY, "other", "released")
)


def fitting(
    eng: RangersStrikeEngine,
    controller: str,
    sel: dict[str, Any],
    source: Unit | None = None,
    chosen: list[Found] | None = None,
) -> list[Found]:
    """Every unit a selector could take now, in player order, area order (rush, battle) and
    position order.  ``source``: the effect's own unit, which "これ以外の" (``other``) leaves
    out; ``chosen``: the unit the effect's ``choose`` op chose (RS-CHOOSE-FIRST)."""
    st = eng.state
    if command_cards.is_command_selector(sel):  # RS-COMMAND-TO-POWER: cards, not units
        return command_cards.fitting(eng, owners_of(eng, controller, sel), sel)
    if bp_sum.KEY in sel:
        return []  # RS-CHOSEN-BP-SUM: the sum is bound first (bp_sum.bind), else not known
    assert own_commands.PER_HELD not in sel and own_commands.COUNT_RETURNED not in sel, (
        "what counts the commands an effect moved is bound first (own_commands.bound)"
    )
    assert own_cards.SUM not in (sel.get("power_max"), sel.get("power_equal")), (
        "what the cards an effect chose make is bound first (own_cards.bound)"
    )
    assert not held_number.waits(sel), "the number of the command held is bound first"
    assert sel.get(discard_namesake.KEY) != discard_namesake.CHOSEN, (
        "the name of the card chosen in an opposing discard pile is bound first"
    )
    out: list[Found] = []
    # RS-POWER-AT-MOST: a count not known limits nothing (the step is unverifiable)
    if sel.get("power_max") == effects.CHOSEN_POWER:
        power_max = chosen_power(eng, chosen)
        if power_max is None:
            return []  # no unit was chosen: nothing refers to one
    else:
        power_max = quantities.power_limit(eng, controller, sel)[0]
    limit = bp_limit(eng, sel, source)
    if limit is None and sel.get("bp_max_self"):
        return []  # RS-BP-AT-MOST-THIS: the unit's own BP is not known (not guessed)
    by_bp = limit is not None or "bp_equal" in sel
    # no condition the loop below checks unit by unit but BP: the loop without them
    bare = power_max is None and UNIT_KEYS.isdisjoint(sel)
    defs, code_of = st.defs, st.code_of
    known = bp_scan.basis(eng)  # (once for every area walked, not twice an area)
    for pid in owners_of(eng, controller, sel):
        for zone in areas_of(sel):
            bp = bp_scan.reader(eng, pid, zone, known)
            units = st.players[pid].area(zone)
            if by_bp and units:
                eng.ctx.read("bp")  # a "BP N or less" ("BPNの") condition

            def bp_ok(unit: Unit, bp: Callable[[Unit], tuple[int, bool]] = bp) -> bool:
                """The BP condition, read last: a unit's BP costs more than every other
                condition (an area may hold hundreds of units on a long log)."""
                if not by_bp:
                    return True
                value, plain = bp(unit)
                if bp_fits(sel, limit, value):
                    return True
                if plain:
                    return False  # read one way only (bp_team: None)
                team = eng.bp_team(unit)  # the other reading (自軍, RS-NEXT-TO)
                return team is not None and bp_fits(sel, limit, team)  # (rule_on_bp_fit)

            if bare and by_bp:  # a unit (not a vehicle, RS-SELECT-UNIT) by its BP alone
                out += bp_scan.units_by_bp(eng, sel, limit, pid, zone, bp_ok, known)
                continue
            if bare:  # any unit
                out += [(pid, zone, u) for u in units if defs[code_of[u.card]].is_unit]
                continue
            for unit in units:
                if "category" in sel and not any(  # RS-ADD-FEATURE: a category added too
                    _category_fits(c, sel["category"]) for c in st.unit_categories(unit)
                ):
                    continue
                d = st.card(unit.card)
                if "printed_bp_max" in sel and (not d.is_unit or d.bp > sel["printed_bp_max"]):
                    continue  # RS-PRINTED-BP: "本来のBPがN以下の", the unit's printed BP
                if sel.get("type") == "vehicle":  # RS-SELECT-VEHICLE: ridden or not
                    v = d if d.is_vehicle else st.card(unit.vehicle) if unit.vehicle else None
                    if sel.get("unridden") and not d.is_vehicle:
                        continue  # "ライドされていない": no unit rides it
                    if v is not None and "feature" in sel and sel["feature"] not in v.features:
                        continue  # RS-BP-PER-VEHICLE-POWER: "特徴「X」を持つビークル", printed
                    size_fits = v is not None and ("size" not in sel or v.size == sel["size"])
                    if size_fits and bp_ok(unit):
                        out.append((pid, zone, unit))
                    continue
                if not d.is_unit:
                    continue  # a vehicle is never chosen as a unit (RS-VEHICLE, RS-SELECT-UNIT)
                if sel.get("riding") and unit.vehicle is None:
                    continue  # RS-SELECT-RIDING: "ライドしている", a unit riding a vehicle
                if "size" in sel and d.size != sel["size"]:
                    continue  # RS-SELECT-SIZE: the printed "Sユニット"
                if "feature" in sel and sel["feature"] not in st.unit_features(unit):
                    continue  # RS-SELECT-FEATURE: "特徴「X」を持つ", printed or added
                if "no_feature" in sel and sel["no_feature"] in st.unit_features(unit):
                    continue  # RS-STACK: "特徴「X」を持たない", printed or added
                if sel.get("numbered") and d.combination_number is None:
                    continue  # RS-STACK: "ナンバーに数字を持ち", a number printed
                if sel.get("sp_printed") and not sp_printed(d):
                    continue  # RS-SELECT-SIZE: "SPが空欄でない"
                if "keyword" in sel and keywords.has(eng, unit, str(sel["keyword"])) is False:
                    continue  # RS-SELECT-KEYWORD: "ウイングを持つ" (not known: keywords.doubt)
                if written.KEY in sel and written.says(d, str(sel[written.KEY])) is False:
                    continue  # RS-SELECT-WRITTEN: "「…」と書かれた" (not known: it may fit)
                if sel.get("no_number") and d.combination_number is not None:
                    continue  # RS-SELECT-SIZE: "ナンバーを持たない"
                if power_max is not None and d.power_number > power_max:
                    continue  # RS-POWER-AT-MOST: the printed required power
                if "power_equal" in sel and d.power_number != sel["power_equal"]:
                    continue  # RS-CARDS-POWER-SUM: the same printed number
                if "number_equal" in sel and sel["number_equal"] not in held_number.number_now(
                    eng, unit
                ):
                    continue  # RS-HELD-NUMBER: the number of the command held
                if sel.get(reveal_return.KEY) and reveal_return.has_condition(d):
                    continue  # RS-REVEAL-RETURN-TO-HAND: "追加条件を持たない"
                if discard_namesake.KEY in sel and not d.named(str(sel[discard_namesake.KEY])):
                    continue  # RS-DISCARD-NAMESAKE: the card name of the card chosen
                if sel.get(added_traits.KEY) and added_traits.fits(eng, unit) is False:
                    continue  # RS-ADDED-TO-BOTTOM: a category or feature added (not known: fits)
                if sel.get("other") and unit is source:
                    continue  # "これ以外の": not the effect's own unit
                if sel.get("released") and unit.held:
                    continue  # a held unit cannot be held again (RS-IF-DONE)
                if bp_ok(unit):
                    out.append((pid, zone, unit))
    return out


def sp_printed(d: Any) -> bool:
    """Whether a card's printed SP box is not blank ("SPが空欄でない"): an SP of 1 or more, a
    fraction K/N (RS-SP-FRACTION) or ！ (RS-SP-SPECIAL); the catalogue's "－" is SP 0."""
    return d.sp > 0 or d.sp_at is not None or bool(d.raw.get("sp_special"))


def bp_fits(sel: dict[str, Any], limit: int | None, bp: int) -> bool:
    """Whether a unit of BP ``bp`` fits ``sel``'s BP condition: no more than ``limit`` (its
    :func:`bp_limit`), and exactly its ``bp_equal`` ("BPNの", RS-SELECT-BP-EXACT)."""
    if limit is not None and bp > limit:
        return False
    return "bp_equal" not in sel or bp == int(sel["bp_equal"])


def bp_limit(eng: RangersStrikeEngine, sel: dict[str, Any], source: Unit | None) -> int | None:
    """The most BP a unit ``sel`` takes may have: its "BP N or less", or the effect's own
    unit's BP now ("このユニットのBP以下のBPを持つ", RS-BP-AT-MOST-THIS: None when that unit is in
    no area or its two readings disagree); None when the selector sets no such limit."""
    if "bp_max" in sel:
        return int(sel["bp_max"])
    if not sel.get("bp_max_self") or source is None or eng.state.area_of(source) is None:
        return None
    values = eng.bp_readings(source)
    return values[0] if values[0] == values[1] else None


def bp_unsure(
    eng: RangersStrikeEngine, sel: dict[str, Any], unit: Unit, source: Unit | None = None
) -> tuple[int, int] | None:
    """A unit's BP under its two readings (tag battle's of 自軍, RS-BP-PER-UNITS and its kin;
    RS-NEXT-TO's) when they disagree on whether it fits ``sel``'s BP limit, else None."""
    limit = bp_limit(eng, sel, source)
    if (limit is None and "bp_equal" not in sel) or eng.bp_team(unit) is None:
        return None
    values = eng.bp_readings(unit)
    fits = [bp_fits(sel, limit, v) for v in values]
    return values if fits[0] != fits[1] else None


def rule_on_bp_fit(
    eng: RangersStrikeEngine,
    controller: str,
    effect: dict[str, Any],
    groups: list[list[Found]],
    source: Unit | None,
) -> None:
    """The ruling of a "BP N or less" choice that turns on a unit whose BP is not known (tag
    battle's readings of 自軍 put it on both sides of N: RS-BP-PER-UNITS and its kin): a unit
    so chosen, or fewer units chosen than could have had to be, leaves the step unverifiable;
    the units the log names are taken."""
    for sel, got in zip(effects.selectors(effect), groups, strict=False):
        limit = bp_limit(eng, sel, source)
        if limit is None and "bp_equal" not in sel:
            continue
        cands = fitting(eng, controller, sel, source)
        unsure = [(u, bp_unsure(eng, sel, u, source)) for _pid, _area, u in cands]
        unsure = [(u, v) for u, v in unsure if v is not None]
        if not unsure:
            continue
        chosen = [(u, v) for u, v in unsure if any(g[2] is u for g in got)]
        if not chosen and len(got) >= min(int(sel.get("count", 1)), len(cands)):
            continue  # the units named fit either way, and no more could be taken
        u, values = (chosen or unsure)[0]
        said = own_text.readings_words(eng, u, values, "BP")
        eng.ctx.ruling(
            own_text.rule_of(eng.own_text_of(eng.state.card(u.card)), "bp"),
            f"A unit with BP {limit if limit is not None else sel['bp_equal']}"
            f"{' or less' if limit is not None else ''} may be chosen: {said}, so whether it "
            "fits is not known.",
        )
        eng.ctx.cannot_verify(f"which units fit: {said}")


def rule_on_printed_bp(
    eng: RangersStrikeEngine, effect: dict[str, Any], source: Unit | None = None
) -> None:
    """The ruling of a choice by printed BP ("本来のBPがN以下の", RS-PRINTED-BP), or by the
    effect's own unit's BP ("このユニットのBP以下のBPを持つ", RS-BP-AT-MOST-THIS)."""
    for sel in effects.selectors(effect):
        limit = bp_limit(eng, sel, source) if sel.get("bp_max_self") else None
        if limit is not None and source is not None:
            eng.ctx.ruling(
                "RS-BP-AT-MOST-THIS",
                f"A unit with BP no more than {eng.name(source.card)}'s ({limit}) may be chosen.",
            )
        if "printed_bp_max" in sel:
            eng.ctx.ruling(
                "RS-PRINTED-BP",
                f"A unit whose printed BP is {sel['printed_bp_max']} or less may be chosen (本来の"
                "BP: what effects add or take now does not count).",
            )


def describe(eng: RangersStrikeEngine, controller: str, sel: dict[str, Any]) -> str:
    whose = f"{controller}'s" if sel.get("side", "own") == "own" else "an opposing player's"
    if sel.get("chooser") == "opponent":
        whose = " or ".join(f"{p}'s" for p in owners_of(eng, controller, sel)) or "no player's"
    if command_cards.is_command_selector(sel):  # RS-COMMAND-TO-POWER
        return command_cards.describe(whose, sel)
    zone = sel.get("zone", "battle")
    where = "rush or battle area" if zone == "field" else f"{zone} area"
    bits = [f"a unit in {whose} {where}"]
    if sel.get("other"):
        bits.append("other than this one")
    if sel.get("released"):
        bits.append("that is not held")
    if "bp_max" in sel:
        bits.append(f"with BP {sel['bp_max']} or less")
    if "bp_equal" in sel:  # RS-SELECT-BP-EXACT
        bits.append(f"with BP {sel['bp_equal']} (exactly, now)")
    if "printed_bp_max" in sel:  # RS-PRINTED-BP
        bits.append(f"whose printed BP is {sel['printed_bp_max']} or less")
    if sel.get("bp_max_self"):  # RS-BP-AT-MOST-THIS
        bits.append("with BP no more than the effect's own unit's")
    limit, said = quantities.power_limit(eng, controller, sel)
    if sel.get("power_max") == effects.CHOSEN_POWER:
        bits.append("with required power no more than the unit chosen first prints")
    elif "power_max" in sel:
        most = "an unknown number" if limit is None else limit
        bits.append(f"with required power {most} or less" + (f" ({said})" if said else ""))
    if "power_equal" in sel:  # RS-CARDS-POWER-SUM
        bits.append(f"with required power {sel['power_equal']}")
    if "number_equal" in sel:  # RS-HELD-NUMBER
        bits.append(f"with combination number {sel['number_equal']}")
    if "category" in sel:
        wanted = sel["category"]
        bits.append(f"of category {' or '.join(wanted) if isinstance(wanted, list) else wanted}")
    if sel.get("type") == "vehicle":  # RS-SELECT-VEHICLE
        size = f"a size {sel['size']} vehicle" if "size" in sel else "a vehicle"
        ridden = "no unit rides" if sel.get("unridden") else "ridden or not"
        bits[0] = bits[0].replace("a unit", f"{size} ({ridden})")
    else:
        size = f"a size {sel['size']} unit" if "size" in sel else "a unit"  # never a vehicle
        bits[0] = bits[0].replace("a unit", f"{size} (not a vehicle)")
    if sel.get("no_number"):
        bits.append("without a combination number")
    if sel.get("riding"):  # RS-SELECT-RIDING
        bits.append("riding a vehicle")
    if "feature" in sel:
        bits.append(f"with the feature {sel['feature']}")
    if "no_feature" in sel:
        bits.append(f"without the feature {sel['no_feature']}")
    if sel.get("numbered"):
        bits.append("with a number as its combination number")
    if sel.get("sp_printed"):
        bits.append("whose printed SP is not blank")
    if "keyword" in sel:
        bits.append(f"with {sel['keyword']}")
    if written.KEY in sel:  # RS-SELECT-WRITTEN
        bits.append(written.words(sel))
    if bp_sum.KEY in sel:  # RS-CHOSEN-BP-SUM
        bits.append(bp_sum.words())
    if discard_namesake.KEY in sel:  # RS-DISCARD-NAMESAKE
        bits.append(f"named {sel[discard_namesake.KEY]}")
    if sel.get(added_traits.KEY):  # RS-ADDED-TO-BOTTOM
        bits.append(added_traits.selector_words())
    return " ".join(bits)


#: the commands a cost holds (indexes in the controller's command zone), or None when it
#: cannot be paid; the targets left for the selectors; problems; a doubt to rule
Cost = tuple[list[int] | None, list[Any], list[Problem], str | None]


def cost_commands(
    eng: RangersStrikeEngine, controller: str, effect: dict[str, Any], targets: list[Any]
) -> Cost:
    """RS-COMMAND-COST: the released commands of ``controller``'s own with the cost's category
    that it holds: the ones the log names first in ``targets``, or else the first ones in the
    zone (a doubt when more could be: which ones is not recorded).  Only its own: an ally
    holds a command for another only when a card is used from the hand (seed 002,
    【コマンドゾーン】)."""
    at = effects.cost_at(effect)
    if at is None:
        return [], targets, [], None
    op = effect["do"][at]
    category, n = op["category"], int(op["count"])
    st = eng.state
    ps = st.players[controller]
    free = [
        i for i, c in enumerate(ps.command) if not c.held and st.card(c.card).category == category
    ]
    chosen = [free[k] for k in leading(eng, [ps.command[i].card for i in free], targets, n)]
    pos = len(chosen)
    if len(free) < n:
        have = f"{len(free)} released {category} {noun_for(len(free), 'command')}"
        return (
            None,
            targets,
            [
                (
                    "RS-COMMAND-COST",
                    f"The effect's cost holds {n} released {category} command"
                    f"{'s' if n != 1 else ''} of {controller}'s own; {controller} has {have}.",
                )
            ],
            None,
        )
    if chosen and len(chosen) < n:
        return (
            None,
            targets[pos:],
            [
                (
                    "RS-COMMAND-COST",
                    f"The effect's cost holds {n} {category} commands; the log names "
                    f"{len(chosen)}.",
                )
            ],
            None,
        )
    if chosen:
        return chosen, targets[pos:], [], None
    doubt = (
        f"which {category} {noun_for(n, 'command')} {controller} held for the cost is not recorded"
        if len(free) > n
        else None
    )
    return free[:n], targets, [], doubt


def match_targets(
    eng: RangersStrikeEngine,
    controller: str,
    effect: dict[str, Any],
    targets: list[Any],
    path: str,
    source: Unit | None = None,
    doubts: dict[int, str] | None = None,
) -> tuple[list[list[Found]], list[Problem]]:
    """Split ``targets`` over the effect's selectors, in order.  ``source``: the effect's own
    unit (for ``other``).  The opponent's choice among its own units (RS-OPPONENT-CHOOSES) is
    never the controller's mistake: when the log leaves it out and more than one unit could
    have been chosen, it is a doubt (``doubts``, by the selector's index; its group is then
    empty), not a problem."""
    st = eng.state
    groups: list[list[Found]] = []
    problems: list[Problem] = []
    if keywords.doubt(eng, effect) is not None:  # RS-SELECT-KEYWORD: not judged
        return [[] for _ in effects.selectors(effect)], []
    if added_traits.doubt(eng, effect, controller) is not None:  # RS-ADDED-TO-BOTTOM: not judged
        return [[] for _ in effects.selectors(effect)], []
    if bp_sum.is_sum(effect) and not bp_sum.possible(
        [fitting(eng, controller, sel, source) for sel in effects.selectors(effect)[:2]]
    ):  # RS-CHOSEN-BP-SUM: the two units cannot be chosen; what then is not known
        return [[] for _ in effects.selectors(effect)], []
    pos = 0
    ops = effect.get("do") or []
    gated = bool(ops) and isinstance(ops[0], dict) and ops[0].get("if_done") is True
    for i, sel in enumerate(effects.selectors(effect)):
        if i > 0 and gated and not groups[0]:
            groups.append([])  # RS-IF-DONE: nothing was done first, so nothing follows
            continue
        if bp_sum.KEY in sel:  # RS-CHOSEN-BP-SUM: by the units chosen before
            made = bp_sum.bind(eng, sel, groups)
            if made is None:  # not two units chosen: not known (run_effect: not guessed)
                pos = min(len(targets), pos + int(sel.get("count", 1)))
                groups.append([])
                continue
            sel = made
        cands = fitting(eng, controller, sel, source, groups[0] if groups else None)
        cands = bp_sum.other_than_first(effect, i, groups, cands)  # "2体": two units
        # a unit whose BP tag battle's readings give on both sides of "BP N or less" may be
        # named, and need not be (rule_on_bp_fit: the step is unverifiable)
        sure = [
            c
            for c in cands
            if bp_unsure(eng, sel, c[2], source) is None and not written.unsure(eng, sel, c[2])
        ]
        most = min(int(sel.get("count", 1)), len(cands))
        need = min(most, len(sure))
        got: list[Found] = []
        theirs = sel.get("chooser") == "opponent"
        if theirs and pos >= len(targets):  # not recorded: forced, or not known
            if len(cands) > need:
                _doubt(doubts, i, "which unit the opponent chose is not recorded")
            else:
                got = list(cands)
            groups.append(got)
            continue
        while len(got) < most and pos < len(targets):
            ref = targets[pos]
            if len(got) >= need and not _names_one(eng, st, ref, cands, sel, controller):
                break  # a unit that may fit is not named: the next selector's, if any
            pos += 1
            found = (
                vehicle_named(eng, cands, ref)
                if sel.get("type") == "vehicle"
                else command_cards.named(eng, cands, ref, f"{path}[{pos - 1}]")
                if command_cards.is_command_selector(sel)
                else find_unit(
                    st,
                    ref,
                    f"{path}[{pos - 1}]",
                    owners_of(eng, controller, sel),
                    areas_of(sel),
                    bp=eng.bp,
                )
            )
            if found is None or not any(c[2] is found[2] for c in cands):
                problems.append(
                    (
                        "RS-EFFECT-TARGETS",
                        f"{ref} does not fit: the effect asks for "
                        f"{describe(eng, controller, sel)}{bp_sum.other_words(effect, i)}.",
                    )
                )
                continue
            if any(g[2] is found[2] for g in got):
                problems.append(("RS-EFFECT-TARGETS", f"{found[2].card} is chosen twice."))
                continue
            got.append(found)
        if len(got) < need and not problems:
            problems.append(
                (
                    "RS-EFFECT-TARGETS",
                    f"The effect takes {plural(need, 'target')} "
                    f"({describe(eng, controller, sel)}); the log names {len(got)}.",
                )
            )
        groups.append(got)
    if pos < len(targets) and not problems:
        problems.append(
            (
                "RS-EFFECT-TARGETS",
                f"The log names {plural(len(targets) - pos, 'target')} more than the effect takes.",
            )
        )
    return groups, problems


def _names_one(
    eng: RangersStrikeEngine,
    st: Any,
    ref: Any,
    cands: list[Found],
    sel: dict[str, Any],
    controller: str,
) -> bool:
    """Whether ``ref`` names one of ``cands`` (a unit of ``sel``'s), read without a problem."""
    if sel.get("type") == "vehicle":
        return vehicle_named(eng, cands, ref) is not None
    try:
        found = find_unit(
            st, ref, "targets", owners_of(eng, controller, sel), areas_of(sel), bp=eng.bp
        )
    except BadLog:  # an ambiguous reference: the selector's loop reports it
        return True
    return found is not None and any(c[2] is found[2] for c in cands)


def vehicle_of(eng: RangersStrikeEngine, unit: Unit) -> str:
    """The vehicle card a vehicle selector's candidate stands for: the unit itself, or the
    vehicle under the unit riding it (RS-SELECT-VEHICLE)."""
    return unit.vehicle if unit.vehicle is not None else unit.card


def vehicle_named(eng: RangersStrikeEngine, cands: list[Found], ref: Any) -> Found | None:
    """The candidate of a vehicle selector whose vehicle ``ref`` names (an instance id, or a
    code: the first such vehicle), or None (RS-SELECT-VEHICLE)."""
    st = eng.state
    for c in cands:
        iid = vehicle_of(eng, c[2])
        if ref == iid or (isinstance(ref, str) and ref == st.code_of.get(iid)):
            return c
    return None


def _doubt(doubts: dict[int, str] | None, index: int, why: str) -> None:
    if doubts is not None:
        doubts[index] = why


def discard_vehicles(eng: RangersStrikeEngine, found: list[Found], what: str) -> None:
    """RS-SELECT-VEHICLE: for each vehicle chosen, the unit riding it is destroyed, then the
    vehicle goes to its owner's discard pile (not destroyed: no when-destroyed effect)."""
    st = eng.state
    for pid, _area, unit in found:
        if st.area_of(unit) is None:
            continue
        vehicle, found_rider = unit.vehicle, unit.card
        if vehicle is not None:
            eng.destroy(pid, unit, what)  # the vehicle stays, alone (RS-RIDER)
            if st.area_of(unit) is not None:  # RS-STACK-STAY: a card kept the rider there
                kept_rider(eng, unit, what)
                continue
            left = st.find_unit(vehicle)
            if left is None:
                continue
            unit = left[2]
        owner, area = st.area_of(unit) or (pid, "battle")
        remove_unit(st.players[owner].area(area), unit)
        if st.entering is unit:
            st.entering = None
        st.players[st.owner_of[unit.card]].discard.append(unit.card)
        eng.event(
            "to_discard",
            f"{eng.name(unit.card)} (a vehicle) goes to the discard pile ({what}).",
            player=pid,
            card=unit.card,
        )
        rider = (
            f"the unit riding it, {eng.name(found_rider)}, was destroyed first; "
            if vehicle is not None
            else ""
        )
        eng.ctx.ruling(
            "RS-SELECT-VEHICLE",
            f"{eng.name(unit.card)} was chosen: {rider}the vehicle goes to the discard pile, "
            "not destroyed.",
        )


def kept_rider(eng: RangersStrikeEngine, unit: Unit, what: str) -> None:
    """RS-SELECT-VEHICLE, RS-STACK-STAY: the unit riding a vehicle chosen was destroyed, and a
    card it is stacked on kept it in place; the vehicle goes to the discard pile all the same
    ("その後、選んだビークルを捨札にする"), but where that leaves the unit the sources do not say:
    the engine leaves it in the vehicle's place, riding nothing, and the step is unverifiable."""
    st = eng.state
    vehicle = unit.vehicle or ""
    unit.vehicle = None
    st.players[st.owner_of[vehicle]].discard.append(vehicle)
    eng.event(
        "to_discard",
        f"{eng.name(vehicle)} (a vehicle) goes to the discard pile ({what}).",
        card=vehicle,
    )
    why = (
        f"{eng.name(unit.card)} stayed in place riding {eng.name(vehicle)}, which goes to the "
        "discard pile: where that leaves the unit the sources do not say; the engine leaves it "
        "in the vehicle's place"
    )
    eng.ctx.ruling("RS-STACK-STAY", f"{why[0].upper()}{why[1:]}.")
    eng.ctx.cannot_verify(why)


def first_targets(
    eng: RangersStrikeEngine, controller: str, effect: dict[str, Any], source: Unit | None = None
) -> list[str]:
    """The first fitting targets for each selector (instance ids), for ``legal_actions``."""
    out: list[str] = []
    first: list[Found] | None = None
    for sel in effects.selectors(effect):
        named = vehicle_of if sel.get("type") == "vehicle" else (lambda eng, u: u.card)
        cands = [
            c for c in fitting(eng, controller, sel, source, first) if named(eng, c[2]) not in out
        ]
        taken = cands[: int(sel.get("count", 1))]
        first = taken if first is None else first
        out += [named(eng, c[2]) for c in taken]
    return out


def named_here(eng: RangersStrikeEngine, pid: str, name: str) -> tuple[bool, bool]:
    """RS-IF-NAMED: whether a card named ``name`` is in ``pid``'s rush or battle area (a unit,
    a vehicle, or the vehicle a unit rides), and whether one there might count as it without
    being so named: its printed text says it may be used as 「name」 (としてつかえる), which the
    engine does not read; or whether one might count: a card so named a unit is stacked on
    (RS-STACK: whether such a card is in the area the sources do not say)."""
    st = eng.state
    found = maybe = False
    for unit in st.players[pid].units():
        for iid in unit.stacked:  # RS-STACK: whether a card under a unit counts, not said
            if st.card(iid).named(name):
                maybe = True
        for iid in unit.cards():
            d = st.card(iid)
            if d.name_match(name) is True:  # RS-USABLE-AS: used as it, not known below
                found = True
            elif f"「{name}」" in str(d.raw.get("text") or "") and "としてつかえる" in str(
                d.raw.get("text") or ""
            ):
                maybe = True
    return found, maybe


def _named_condition(eng: RangersStrikeEngine, pe: PendingEffect) -> tuple[bool | None, str]:
    """RS-IF-NAMED: whether "自軍エリアに「X」があれば" holds for the effect's controller (and, in
    tag battle, for its team: 自軍 may be either), or None when that is not known; in words."""
    name = str(pe.effect["if"]["own_has"])
    own, own_maybe = named_here(eng, pe.controller, name)
    team = own
    team_maybe = own_maybe
    for q in eng.allies(pe.controller):
        if q != pe.controller:
            got, may = named_here(eng, q, name)
            team, team_maybe = team or got, team_maybe or may
    if own != team:
        return None, (
            f"自軍エリア read as {pe.controller}'s areas and as its team's disagree on whether "
            f"「{name}」 is there"
        )
    if not own and (own_maybe or team_maybe):
        return None, (
            f"no card named 「{name}」 is in {pe.controller}'s areas, but a card there whose "
            "text the engine does not read may be used as it, or a unit there is stacked on a "
            "card so named (RS-STACK)"
        )
    where = f"in {pe.controller}'s rush or battle area"
    return (
        own,
        f"a card named 「{name}」 is {where}" if own else f"no card named 「{name}」 is {where}",
    )


def _units_of(eng: RangersStrikeEngine, pids: list[str], size: str | None) -> int:
    """The units of ``pids``' rush and battle areas (of ``size``): units riding vehicles
    included, vehicles not (a vehicle is no unit, RS-VEHICLE)."""
    st = eng.state
    return sum(
        1
        for pid in pids
        for u in st.players[pid].units()
        for c in u.cards()
        if st.card(c).is_unit and (size is None or st.card(c).size == size)
    )


def _outnumbered(eng: RangersStrikeEngine, pe: PendingEffect) -> tuple[bool | None, str]:
    """RS-IF-OUTNUMBERED: whether "敵軍Sユニットの数が自軍Sユニットの数よりN体以上多いとき" holds
    for the effect's controller (敵軍: every opposing player; 自軍: the player, and in tag
    battle its team too), or None when the two readings of 自軍 disagree; in words."""
    cond = pe.effect["if"]
    size, most = cond.get("size"), int(cond["opposing_more"])
    kind = f"size {size} units" if size else "units"
    pid = pe.controller
    theirs = _units_of(eng, eng.opponents(pid), size)
    own = _units_of(eng, [pid], size)
    team = _units_of(eng, eng.allies(pid), size)
    if (theirs - own >= most) != (theirs - team >= most):
        return None, (
            f"自軍{size or ''}ユニット read as {pid}'s ({own}) and as its team's ({team}) "
            f"disagree on whether the opposing side's {theirs} {kind} are {most} or more than "
            "them"
        )
    holds = theirs - own >= most
    return holds, (
        f"the opposing side has {theirs} {kind} and {pid} has {own}: {theirs - own} more "
        f"({most} or more {'needed: it applies' if holds else 'needed: nothing happens'})"
    )


def condition_holds(eng: RangersStrikeEngine, pe: PendingEffect) -> bool | None:
    """Whether the effect's condition holds now (True without one), or None when it is not
    known (RS-IF-UNITS, RS-IF-NAMED, RS-IF-OUTNUMBERED); no ruling."""
    cond = pe.effect.get("if")
    if cond is None:
        return True
    if "rider_held" in cond:
        return True  # RS-RELEASE-RIDER: one player's vehicle, known (checked as it resolves)
    if cond == effects.HELD_SELF:
        return True  # RS-TURN-END-HELD-DISCARD: the unit itself, known (checked as it resolves)
    if "own_has" in cond:
        return _named_condition(eng, pe)[0]
    if "opposing_more" in cond:
        return _outnumbered(eng, pe)[0]
    if zone_conditions.is_condition(cond):  # RS-IF-ZONES-ALL
        return zone_conditions.holds(eng, pe.controller, cond)[0]
    if no_units.is_condition(cond):  # RS-IF-NONE-WITH-FEATURE
        return no_units.holds(eng, pe.controller, cond)[0]
    if only_size.is_condition(cond):  # RS-IF-OPPOSING-ONLY-SIZE
        return only_size.holds(eng, pe.controller, cond)[0]
    if neighbours.is_condition(cond):  # RS-NEXT-TO: the ability it has then
        unit = pe.context.get("unit")
        return None if unit is None else neighbours.at_turn_end(eng, unit, cond)[0]
    own, team, most = units_counted(eng, pe)
    return own <= most if (own <= most) == (team <= most) else None


def held_self(eng: RangersStrikeEngine, pe: PendingEffect, what: str) -> bool:
    """RS-TURN-END-HELD-DISCARD: "これがホールド状態なら": the effect triggered with its unit held;
    still held as it resolves (and still in its area: RS-WHILE-IN-AREA), it goes on; released by
    then, whether the text still discards it (held as its player ended the turn) or does nothing
    (not held as it resolves) the sources do not say: not guessed."""
    unit: Unit | None = pe.context.get("unit")
    if unit is not None and unit.held:
        eng.ctx.ruling(
            "RS-TURN-END-HELD-DISCARD",
            f"{what}: {eng.name(pe.source)} is still held: it goes to the discard pile.",
        )
        return True
    eng.not_guessed(
        pe,
        "RS-TURN-END-HELD-DISCARD",
        f"{eng.name(pe.source)} was held as its player ended its turn and is released now, and "
        "whether これがホールド状態なら is read then or as the text resolves the sources do not say",
        f"{what} is not carried out.",
    )
    return False


def units_counted(eng: RangersStrikeEngine, pe: PendingEffect) -> tuple[int, int, int]:
    """RS-IF-UNITS: the controller's units the effect's condition counts (of its size, in its
    rush and battle areas, units riding vehicles included, vehicles not), its team's (the same
    in 1 vs 1), and the most it allows."""
    cond = pe.effect["if"]
    size = cond.get("size")
    own = _units_of(eng, [pe.controller], size)
    team = _units_of(eng, eng.allies(pe.controller), size)
    return own, team, int(cond["own_units_at_most"])


def condition_known(eng: RangersStrikeEngine, pe: PendingEffect) -> bool:
    """Whether the effect's condition (RS-IF-UNITS, RS-IF-NAMED, RS-IF-OUTNUMBERED), if any,
    reads the same for the player and its team (always in 1 vs 1)."""
    return condition_holds(eng, pe) is not None


def condition_met(eng: RangersStrikeEngine, pe: PendingEffect, what: str) -> bool:
    """RS-IF-UNITS: "自軍[S]ユニットの数がN体以下なら、…": whether the controller has N units (of
    the size) or fewer in its rush and battle areas as the effect resolves.  In tag battle 自軍
    may be the player's or the team's: when the two readings disagree the effect is not carried
    out and the step is unverifiable.  RS-IF-NAMED ("自軍エリアに「X」があれば、…") alike.
    RS-RELEASE-RIDER: whether a held unit rides the vehicle."""
    if "rider_held" in pe.effect["if"]:
        return release.rider_held(eng, pe, what)
    if pe.effect["if"] == effects.HELD_SELF:  # RS-TURN-END-HELD-DISCARD
        return held_self(eng, pe, what)
    if "own_has" in pe.effect["if"]:
        holds, said = _named_condition(eng, pe)
        if holds is None:
            eng.not_guessed(pe, "RS-IF-NAMED", said, f"{what} is not carried out.")
            return False
        eng.ctx.ruling(
            "RS-IF-NAMED",
            f"{what}: {said} ({'it applies' if holds else 'nothing happens'}).",
        )
        return holds
    if "opposing_more" in pe.effect["if"]:
        holds, said = _outnumbered(eng, pe)
        if holds is None:
            eng.not_guessed(pe, "RS-IF-OUTNUMBERED", said, f"{what} is not carried out.")
            return False
        eng.ctx.ruling("RS-IF-OUTNUMBERED", f"{what}: {said}.")
        return holds
    if neighbours.is_condition(pe.effect["if"]):  # RS-NEXT-TO: the ability it has then
        return neighbours.still_has(eng, pe, what)
    if no_units.is_condition(pe.effect["if"]):  # RS-IF-NONE-WITH-FEATURE
        return no_units.met(eng, pe, what)
    if only_size.is_condition(pe.effect["if"]):  # RS-IF-OPPOSING-ONLY-SIZE
        return only_size.met(eng, pe, what)
    if zone_conditions.is_condition(pe.effect["if"]):  # RS-IF-ZONES-ALL
        rule = zone_conditions.rule_of(pe.effect["if"])
        holds, said = zone_conditions.holds(eng, pe.controller, pe.effect["if"])
        if holds is None:
            eng.not_guessed(pe, rule, said, f"{what} is not carried out.")
            return False
        eng.ctx.ruling(rule, f"{what}: {said} ({'it applies' if holds else 'nothing happens'}).")
        return holds
    own, team, most = units_counted(eng, pe)
    size = pe.effect["if"].get("size")
    kind = f"size {size} units" if size else "units"
    if (own <= most) != (team <= most):  # condition_known, on the counts at hand
        why = (
            f"自軍{size or ''}ユニット read as {pe.controller}'s ({own}) and as its team's ({team}) "
            f"disagree on {what}'s condition ({most} or fewer)"
        )
        eng.not_guessed(pe, "RS-IF-UNITS", why, f"{what} is not carried out.")
        return False
    met = own <= most
    eng.ctx.ruling(
        "RS-IF-UNITS",
        f"{what}: {pe.controller} has {own} {kind} ({most} or fewer "
        f"{'needed: it applies' if met else 'needed: nothing happens'}).",
    )
    return met


def run_effect(
    eng: RangersStrikeEngine, pe: PendingEffect, targets: list[Any], use: bool | None
) -> None:
    """Resolve a pending effect with the targets the log recorded (already checked)."""
    st = eng.state
    what = f"{eng.name(pe.source)}'s {pe.trigger.replace('_', ' ')} effect"
    if not eng.supports(pe.effect):
        text = pe.effect.get("text") or "(no text)"
        eng.ctx.ruling(
            "RS-EFFECT-UNSUPPORTED",
            f"{what} is not in the engine's effect vocabulary: {text!r}. The log may record "
            "what it did in an `outcome` right after this step (RS-OUTCOME).",
        )
        eng.ctx.cannot_verify(f"{what} cannot be executed by the engine")
        eng.event("effect_unsupported", f"{what} cannot be executed.", card=pe.source)
        eng.taint_effect(pe, "RS-EFFECT-UNSUPPORTED", effects.scope(pe.effect))
        return
    if morph.is_effect(pe.effect):  # RS-MORPH: the pending choice, its own targets
        morph.resolve(eng, pe, targets, use)
        return
    if pe.effect.get("when") in (tag_resident.WHEN, tag_activated.WHEN):  # RS-TAG: its own targets
        tag_resident.carry_out(eng, pe, targets, use, what)
        return
    if pe.effect.get("when") == top_look.WHEN:  # RS-LOOK-TOP-CATEGORY: its own targets
        if top_look.still_there(eng, pe, what):
            top_look.carry_out(eng, pe, targets, what)
        return
    if pe.effect.get("when") == counter_search.WHEN and not counter_search.still_there(
        eng, pe, what
    ):
        return  # RS-COUNTER-NAMESAKE-SEARCH: its unit has left its area
    if pe.effect.get("when") == hand_cycle.WHEN and not hand_cycle.still_there(eng, pe, what):
        return  # RS-RUSHED-HAND-CYCLE: its resident has left its place
    if pe.effect.get("when") == unit_destroys.WHEN and not unit_destroys.still_there(eng, pe, what):
        return  # RS-FEATURE-DESTROYS-DRAW: its unit has left its area
    if "while" in pe.effect and not watch.still_there(eng, pe, what):
        return  # RS-WHILE-IN-AREA: its card has left the area it applies from
    if pe.effect.get("when") == "turn_end" and watch.added_this_turn(eng, pe, what):
        return  # RS-TURN-END: a feature that ends with the turn, before or after this
    # RS-IF-NONE-WITH-FEATURE: checked though declined, for the shuffle after the search
    asked = use is not False or no_units.is_condition(pe.effect.get("if"))
    if "if" in pe.effect and asked and not condition_met(eng, pe, what):
        return  # RS-IF-UNITS: the condition is not met (or not known); declined, not asked
    doubt = watch.bp_doubt(eng, pe) if pe.effect.get("when") == "turn_end" else None
    if doubt is not None:  # RS-TURN-END, RS-BP-AT-MOST-THIS: which units fit is not known
        eng.not_guessed(pe, watch.TURN_RULE, doubt, f"{what} is not carried out.")
        return
    if resist.is_resist(pe.effect):
        resist.resolve(eng, pe, use is not False)
        return
    if modes.listed(pe.effect) is not None:  # RS-CHOOSE-ONE: the effect chosen, as its own
        sub, use, targets, problem, k = modes.pick(pe.effect, targets)
        if sub is None:
            chosen_unknown(eng, pe, what, problem)
            return
        eng.ctx.ruling(
            modes.RULE,
            f"{pe.controller} chooses the {ordinal(k or 1)} of the effects listed ({what}): only "
            "it is carried out.",
        )
        pe = replace(pe, effect=sub)
    if not picks_none.nothing_chosen(pe.effect):
        own, targets, _, own_doubt = own_commands.named(eng, pe.controller, pe.effect, targets, use)
        if own_commands.op_of(pe.effect) is not None:  # RS-HOLD-OWN-COMMANDS, RS-COMMANDS-TO-HAND
            pe = replace(
                pe, effect=own_commands.bound(pe.effect, None if own is None else len(own))
            )
        # RS-RELEASE-TIMES: the held cards released, and the number of times they make
        times, targets, _, times_doubt = release_count.named(
            eng, pe.controller, pe.effect, targets, use
        )
        if release_count.op_of(pe.effect) is not None:
            pe = replace(
                pe, effect=release_count.bound(pe.effect, None if times is None else len(times))
            )
        cards, targets, _, cards_doubt = own_cards.named(
            eng, pe.controller, pe.effect, targets, use
        )
        if own_cards.op_of(pe.effect) is not None:  # RS-CARDS-POWER-SUM: the number they make
            pe = replace(pe, effect=own_cards.bound(eng, pe.effect, cards))
        # RS-DISCARD-NAMESAKE: the card of an opposing discard pile, and the name it binds
        namesake_card, targets, _, namesake_doubt = discard_namesake.named(
            eng, pe.controller, pe.effect, targets, use
        )
        pe = replace(pe, effect=discard_namesake.bound(pe.effect, namesake_card, eng))
        # RS-BP-PAIR-TO-COMMAND: the two units of one BP
        pair, targets, _, pair_doubt = bp_pair.named(eng, pe.controller, pe.effect, targets, use)
        # RS-REVEAL-EITHER-DECK: the deck and its top cards
        three, targets, _, three_doubt = top_three.named(
            eng, pe.controller, pe.effect, targets, use
        )
    else:  # (picks_none: none of those ops, so each answers "nothing", the effect as it is)
        own, own_doubt, times, times_doubt, cards, cards_doubt = [], None, [], None, [], None
        namesake_card, namesake_doubt, pair, pair_doubt = [], None, [], None
        three, three_doubt = None, None
    ops: list[dict[str, Any]] = pe.effect["do"]
    unknown = keywords.doubt(eng, pe.effect) if use is not False else None
    if unknown is not None:  # RS-SELECT-KEYWORD: a keyword that may have been given or taken
        eng.not_guessed(
            pe,
            keywords.RULE,
            unknown,
            f"{what} is not carried out; the log may record what it did in an `outcome`.",
        )
        return
    added_doubt = added_traits.doubt(eng, pe.effect, pe.controller) if use is not False else None
    if added_doubt is not None:  # RS-ADDED-TO-BOTTOM: the choice not judged, nor carried out
        eng.not_guessed(
            pe,
            added_traits.RULE,
            added_doubt,
            f"{what}'s return to the deck is not carried out (its SP is); the log may record "
            "what it did in an `outcome`.",
        )
        ops = ops[: added_traits.choice_at(pe.effect)]
    at = effects.cost_at(pe.effect)
    if use is False:
        eng.event("effect_declined", f"{pe.controller} does not use {what}.", card=pe.source)
        if pe.effect.get("activate"):
            return  # RS-MAY-ACTIVATE: not activated, nothing of it happens
        if deck_search.op_of(pe.effect) is not None:
            ops = ops[1:]  # RS-SEARCH-DECK: no card is taken; "その後" the deck is shuffled
            # (RS-FROM-HAND: nothing follows)
        elif power_moves.choice_at(pe.effect):  # RS-POWER-TO-HAND: what comes before happens
            ops = ops[: power_moves.choice_at(pe.effect)]
        elif added_traits.choice_at(pe.effect) is not None:  # RS-ADDED-TO-BOTTOM: the SP
            ops = ops[: added_traits.choice_at(pe.effect)]  # either way
        elif top_fortune.op_of(pe.effect) is not None:
            pass  # RS-REVEALED-NUMBER: the opponent's choice; everything else happens
        elif opponent_power.choice_at(pe.effect) is not None:  # RS-OPPONENT-RETURNS-POWER: the
            ops = ops[
                : opponent_power.choice_at(pe.effect)
            ]  # opponent's choice; 「SP1」 either way
        elif not at:
            return
        else:
            ops = ops[:at]  # RS-COMMAND-COST: what comes before the cost happens either way
    if as_own.op_of(pe.effect) is not None:  # RS-HOLD-NAMED-COMMAND, RS-AS-OWN-EFFECT
        used, _, _, used_doubt = as_own.picks(eng, pe.controller, pe.effect, targets, use)
        eng.event("effect", f"{what} resolves.", player=pe.controller, card=pe.source)
        as_own.carry_out(eng, pe, used, used_doubt, what)
        return
    held, rest, _, doubt = (
        cost_commands(eng, pe.controller, pe.effect, targets)
        if use is not False or top_fortune.op_of(pe.effect) is not None  # RS-REVEALED-NUMBER
        else ([], [], [], None)
    )
    number_at = held_number.op_at(pe.effect)
    if number_at is not None and held is not None and use is not False:
        pe = held_number_bound(eng, pe, held, doubt, what)  # RS-HELD-NUMBER
        ops = pe.effect["do"]
    elif number_at is not None:  # not paid: nothing after the cost waits for a number
        pe = replace(pe, effect={**pe.effect, "do": pe.effect["do"][:number_at]})
    if held is None and at is not None:
        ops = ops[:at]  # the cost cannot be paid: what it pays for does not happen
        eng.ctx.ruling(
            "RS-COMMAND-COST",
            f"{pe.controller} cannot pay {what}'s cost (its commands), so what it pays for "
            "does not happen.",
        )
    # (picks_none: none of the pickers below can take anything for most effects, told by their
    # first tests on the effect alone, once an effect; then their answers are "nothing")
    nothing = picks_none.nothing(pe.effect)
    if not nothing:
        taken, rest, _, taken_doubt = from_discard.picks(eng, pe.controller, pe.effect, rest)
        either, rest, _, either_doubt = either_pile.pick(eng, pe.controller, pe.effect, rest)
        searched, rest, _, search_doubt = deck_search.picks(
            eng, pe.controller, pe.effect, rest, use
        )
        # RS-SEARCH-TO-COMMAND: the command discarded first when the command zone is full
        slot, rest, _, slot_doubt = activated.command_pick(
            eng, pe.controller, pe.effect, rest, bool(searched)
        )
        # RS-OPPONENT-SEARCH: the opponent's card from its own deck
        opp_takes, rest, _, search_opp_doubt = opponent_search.picks(
            eng, pe.controller, pe.effect, rest
        )
        # RS-DISCARD-BP-CROSS: the card of the discard pile chosen
        bp_card, rest, _, bp_card_doubt = discard_bp_cross.picks(
            eng, pe.controller, pe.effect, rest, use
        )
        # RS-ATTACK-AGAIN: the opposing command held
        held_opp, rest, _, held_opp_doubt = attack_again.named(eng, pe.controller, pe.effect, rest)
        # RS-DISCARD-HELD-COMMAND: the held commands first, then the top card that follows
        discarded, rest, _, discard_doubt = command_discard.named(
            eng, pe.controller, pe.effect, rest
        )
        # RS-TURN-END-HELD-TO-HAND: the held command returned
        back, rest, _, back_doubt = held_return.named(eng, pe.controller, pe.effect, rest)
        lowest, rest, _, lowest_doubt = bp_lowest.named(
            eng, pe.controller, pe.effect, rest, pe.source
        )
        # RS-RESIST-TO-DAMAGE: the unit or command with resist
        resisting, rest, _, resisting_doubt = resist_damage.named(
            eng, pe.controller, pe.effect, rest
        )
        # RS-SELF-COST-TO-COMMAND: the opposing command discarded first, when the zone is full
        first_cmd, rest, _, first_cmd_doubt = self_cost.named(
            eng, pe.controller, pe.effect, rest, use
        )
        top, rest, _, top_doubt = zone_moves.top_named(eng, pe.controller, pe.effect, rest)
    else:
        taken, taken_doubt, either, either_doubt = [], None, None, None
        searched, search_doubt, slot, slot_doubt = [], None, None, None
        opp_takes, search_opp_doubt, bp_card, bp_card_doubt = [], None, None, None
        held_opp, held_opp_doubt, discarded, discard_doubt = [], None, [], None
        back, back_doubt, lowest, lowest_doubt = [], None, None, None
        resisting, resisting_doubt, first_cmd, first_cmd_doubt = None, None, None, None
        top, top_doubt = None, None
    if use is not False:  # RS-REVEAL-RETURN-TO-HAND: no unit chosen when the card does not fit
        fitted = reveal_return.bound(eng, pe.effect, top)
        if fitted is not pe.effect:  # (the same effect: pe as it is, not a copy of it)
            pe = replace(pe, effect=fitted)
        ops = pe.effect["do"] if reveal_return.uses(pe.effect) else ops
    if not nothing:
        resident, rest, _, resident_doubt = zone_moves.resident_named(
            eng, pe.controller, pe.effect, rest
        )
        released, rest, _, release_doubt = release.commands_named(
            eng, pe.controller, pe.effect, rest
        )
        from_power, rest, _, power_doubt = power_moves.picks(
            eng, pe.controller, pe.effect, rest, use
        )
        opp_chose, rest, _, opp_doubt = strike_damage.picks(eng, pe.controller, pe.effect, rest)
        returned, rest, _, returned_doubt = opponent_power.picks(
            eng, pe.controller, pe.effect, rest, use
        )
        to_command, rest, _, command_doubt = stacking.picks(eng, pe.controller, pe.effect, rest)
        rushed, rest, _, rush_doubt = power_moves.rush_picks(
            eng, pe.controller, pe.effect, rest, use
        )
        # RS-POWER-TO-RUSH-AREA: after the release it follows (none released: it takes nothing)
        put, rest, _, put_doubt = power_moves.put_picks(
            eng, pe.controller, pe.effect, rest, released == []
        )
        damage, rest, _, damage_doubt = damage_cards.picks(eng, pe.controller, pe.effect, rest, use)
        within, rest, _, within_doubt = destroy_within.picks(
            eng, pe.controller, pe.effect, rest, use
        )
        cycled, rest, _, _ = hand_cycle.picks(eng, pe.controller, pe.effect, rest, use)
        gathered, rest, _, gather_doubt = gather_named.picks(
            eng, pe.controller, pe.effect, rest, use
        )
    else:  # (picks_none, as above: no card on top, the same effect)
        resident, resident_doubt, released, release_doubt = None, None, [], None
        from_power, power_doubt, opp_chose, opp_doubt = None, None, [], None
        returned, returned_doubt, to_command, command_doubt = None, None, [], None
        rushed, rush_doubt, put, put_doubt = None, None, None, None
        damage, damage_doubt, within, within_doubt = None, None, None, None
        cycled, gathered, gather_doubt = None, [], None
    unit: Unit | None = pe.context.get("unit")
    if attack_chosen.is_effect(pe.effect):  # RS-ATTACK-CHOSEN: the chooser by the damage now
        tag = attack_chosen.tag_doubt(eng, pe.controller)
        if tag is not None:
            eng.not_guessed(
                pe,
                attack_chosen.RULE,
                tag,
                f"{what}'s choice is not carried out (its SP is); the log may record what it did "
                "in an `outcome`.",
            )
            ops = ops[:1]
        pe = replace(pe, effect=attack_chosen.bound(eng, pe.controller, pe.effect))
        ops = pe.effect["do"][: len(ops)]
    doubts: dict[int, str] = {}
    groups, _ = match_targets(eng, pe.controller, pe.effect, rest, "targets", unit, doubts)
    if bp_sum.is_sum(pe.effect) and use is not False:  # RS-CHOSEN-BP-SUM
        no_sum = bp_sum.doubt(eng, pe.controller, groups)
        if no_sum is not None:
            eng.not_guessed(
                pe,
                bp_sum.RULE,
                no_sum,
                f"{what} is not carried out; the log may record what it did in an `outcome`.",
            )
            return
        pe = replace(pe, effect=bp_sum.bound(eng, pe.effect, groups))
        bp_sum.rule(eng, groups)
    quantities.rule_on_limits(eng, pe.controller, effects.selectors(pe.effect))
    rule_on_bp_fit(eng, pe.controller, pe.effect, groups, unit)
    rule_on_printed_bp(eng, pe.effect, unit)
    for sel, got in zip(effects.selectors(pe.effect), groups, strict=False):
        if written.KEY in sel:  # RS-SELECT-WRITTEN
            written.rule_on_fit(eng, sel, fitting(eng, pe.controller, sel, unit), got)
    eng.event("effect", f"{what} resolves.", player=pe.controller, card=pe.source)
    here = st.area_of(unit) if unit is not None else None
    self_found: list[tuple[str, str, Unit]] = (
        [(here[0], here[1], unit)] if unit is not None and here is not None else []
    )
    chosen = iter(groups)
    picked = -1  # the index of the selector whose units ``found`` holds
    shown: str | None = None  # the card an op revealed (RS-REVEAL-TO-BOTTOM)
    aside: list[str] = []  # the cards a search keeps aside for the top of the deck
    for op in ops:
        name = op["op"]
        target = op.get("target", "self")
        if name == "bp" and op.get("per") == chosen_vehicle.PER:  # RS-BP-PER-VEHICLE-POWER
            sel = ops[0]["target"]
            cands = fitting(eng, pe.controller, sel, unit)
            bound = chosen_vehicle.bound(eng, pe, op, groups[0] if groups else [], cands, what)
            if bound is None:
                break
            op = bound
        if name == hand_cycle.OP:  # RS-RUSHED-HAND-CYCLE
            hand_cycle.carry_out(eng, pe, cycled, what)
            continue
        if name == destroy_within.OP:  # RS-DESTROY-BP-TOTAL
            destroy_within.carry_out(eng, pe, within, within_doubt, what)
            continue
        if name == release_count.OP:  # RS-RELEASE-TIMES: what follows only if done (そうしたとき)
            if not release_count.carry_out(eng, pe, times, times_doubt, what):
                break
            continue
        if name in own_commands.OPS:  # what follows only if one was moved (そうしたとき)
            if not own_commands.carry_out(eng, pe, own, own_doubt, what):
                break
            continue
        if name == own_cards.OP:  # what follows only if one was chosen (そうしたとき)
            if not own_cards.carry_out(eng, pe, cards, cards_doubt, what):
                break
            continue
        if name == self_toll.OP:  # RS-HOLD-OR-DESTROY-SELF: after a unit was moved
            self_toll.carry_out(eng, pe, unit, what)
            continue
        if name == top_three.OP:  # RS-REVEAL-EITHER-DECK
            top_three.carry_out(eng, pe, three, three_doubt, unit, what)
            continue
        if name == bp_pair.OP:  # RS-BP-PAIR-TO-COMMAND
            bp_pair.carry_out(eng, pe, pair, pair_doubt, what)
            continue
        if name == discard_namesake.OP:  # RS-DISCARD-NAMESAKE: only if one was chosen
            if not discard_namesake.carry_out(eng, pe, namesake_card, namesake_doubt, what):
                break
            continue
        if isinstance(target, dict):
            found = next(chosen, [])
            picked += 1
        elif target == "chosen":  # RS-CHOOSE-FIRST: the unit the first op chose
            found = groups[0] if groups else []
            if op.get("if") == "namesake" and not namesake(eng, pe, found, what):
                continue
        else:
            found = self_found
        if picked in doubts and isinstance(target, dict):
            opponent_choice_unknown(eng, pe, what, doubts[picked])
            continue
        if op.get("if_done") and isinstance(target, dict) and not found:
            if_not_done(eng, what, op)
            break  # "…してもよい。そうしたとき": nothing more when it was not done
        if name == "choose":  # RS-CHOOSE-FIRST: chosen only; what follows refers to it
            for _pid, _area, u in found:
                eng.event("choose", f"{pe.controller} chooses {eng.name(u.card)}.", card=u.card)
        elif name == "discard_vehicle":
            discard_vehicles(eng, found, what)
        elif name == all_to_command.OP:  # RS-ALL-TO-COMMAND
            all_to_command.carry_out(eng, pe, op, what)
        elif name == self_cost.OP:  # RS-SELF-COST-TO-COMMAND
            self_cost.carry_out(eng, pe, unit, found, first_cmd, first_cmd_doubt, what)
        elif name == vehicle_power.OP:  # RS-VEHICLE-TO-POWER
            cands = fitting(eng, pe.controller, target, unit)
            vehicle_power.carry_out(eng, pe, found, cands, what)
        elif name == "discard":
            watch.discard_self(eng, found, what)
        elif name == "release_command":
            if not release.release_commands(eng, pe, released, release_doubt, what):
                if released is not None and op.get("if_done"):
                    if_not_done(eng, what, op)  # RS-IF-DONE: none released, nothing follows
                break
        elif name == discard_bp_cross.PICK:  # RS-DISCARD-BP-CROSS: what follows only if chosen
            if not discard_bp_cross.choose(eng, pe, bp_card, bp_card_doubt, what):
                break
        elif name == discard_bp_cross.GAIN:
            discard_bp_cross.gain(eng, pe, bp_card, op, what)
        elif name == command_watch.OP:  # RS-COMMAND-HELD-WATCH: in force for the turn
            command_watch.grant(eng, pe, op, what)
        elif name == placed_watch.OP:  # RS-PLACED-HELD-WATCH: in force for the turn
            placed_watch.grant(eng, pe, what)
        elif name == placed_watch.DISCARD:  # RS-PLACED-HELD-WATCH: the card placed, discarded
            placed_watch.discard(eng, op, what)
        elif name == attack_again.HOLD:  # RS-ATTACK-AGAIN: what follows only if one was held
            if not attack_again.hold(eng, pe, held_opp, held_opp_doubt, what):
                break
        elif name == attack_again.AGAIN:
            attack_again.grant(eng, unit, what)
        elif name == area_rules.SHIELD_OP:  # RS-NEXT-TURN-SHIELD: in force in a turn to come
            area_rules.grant_shield(eng, pe.controller, pe.source, unit, what)
        elif name == opponent_power.OP:  # RS-OPPONENT-RETURNS-POWER: the opponent's choice
            if not opponent_power.carry_out(eng, pe, returned, returned_doubt, what):
                break
        elif name == opponent_power.NO_STRIKE:
            opponent_power.bar_strike(eng, unit, what)
        elif name == bp_lowest.OP:  # RS-BP-LOWEST
            bp_lowest.carry_out(eng, pe, lowest, lowest_doubt, what)
        elif name == resist_damage.OP:  # RS-RESIST-TO-DAMAGE
            resist_damage.carry_out(eng, pe, resisting, resisting_doubt, what)
        elif name == held_return.OP:  # RS-TURN-END-HELD-TO-HAND
            held_return.carry_out(eng, pe, back, back_doubt, what)
        elif name == command_discard.OP:  # what follows only if one was (そうしたとき)
            if not command_discard.carry_out(eng, pe, discarded, discard_doubt, what):
                break
        elif name == "power_card_to_rush":  # RS-POWER-TO-RUSH-AREA
            power_moves.put_to_rush(eng, pe, put, put_doubt, what)
        elif name == "reveal":
            shown = revealed.reveal(eng, pe, top, top_doubt, what)
            if shown is None:
                break  # nothing revealed: nothing follows (そうしたとき)
        elif name == "revealed_to_bottom":
            revealed.to_bottom(eng, pe, shown, what)
        elif name == "heal" and op.get("n") == "all":  # RS-OPPONENT-SEARCH: every one
            opponent_search.heal_all(eng, pe.controller)
        elif name == "opponent_from_deck":  # RS-OPPONENT-SEARCH
            if not opponent_search.search(eng, pe, opp_takes, search_opp_doubt, what):
                break
        elif name == "opponent_shuffle":
            opponent_search.shuffle(eng, pe, what)
        elif name == unpowered.OP:  # RS-DISCARD-UNPOWERED
            unpowered.carry_out(eng, pe, op, what)
        elif name == rush_waiver.OP:  # RS-WAIVE-CONDITION: until the end of the turn
            rush_waiver.grant(eng, pe, op, what)
        elif name == reveal_return.RETURN and op.get("skip"):
            reveal_return.skipped(eng, shown, op, what)
        elif name == reveal_return.RETURN:  # RS-REVEAL-RETURN-TO-HAND
            reveal_return.to_hand(eng, found, shown)
        elif name == top_fortune.OP:  # RS-REVEALED-NUMBER
            top_fortune.carry_out(eng, pe, shown, unit, op, use, what)
        elif name == reveal_return.TO_HAND:
            reveal_return.revealed_to_hand(eng, pe, shown, what)
        elif name == "reveal_opposing_top":  # RS-IF-HELD-FEATURE
            if not held_command.reveal(eng, pe, what):
                break
        elif name == "draw" and "if" in op:  # RS-IF-HELD-FEATURE: the command held
            if not held_command.draw_if(eng, pe, op, what):
                break
        elif name in ("revealed_to_top", "revealed_to_deck"):
            held_command.put_back(eng, pe, op, what)
        elif bp_highest.is_op(op):  # RS-IF-BP-HIGHEST: only with the highest BP (known)
            if bp_highest.holds(eng, pe, found, what):
                made_sp(eng, op, found)
        elif name == "sp" and "if" in op and not revealed.fits(eng, shown, op["if"], what):
            continue  # RS-REVEAL-TO-BOTTOM: not the card asked for
        elif name == "damage_to_hand":
            if not damage_cards.to_hand(eng, pe, damage, damage_doubt, what):
                if damage_doubt is None:
                    if_not_done(eng, what, op)  # RS-IF-DONE: no damage to take
                break
        elif name == "top_to_damage":
            damage_cards.top_to_damage(eng, pe, what)
        elif name == "release_rider":
            release.release_rider(eng, pe, what)
        elif name == "rider_to_hand":
            ride.rider_to_hand(eng, pe, what)
        elif name == "hold" and isinstance(target, dict):
            hold_units(eng, found, pe.controller)
        elif name == "hold":
            if not hold_self(eng, found):
                break  # "…してもよい。そうしたとき": nothing more when it was not held
        elif name == "hold_commands":
            pay_commands(eng, pe, held or [], doubt)
        elif name == "hold_all_commands":
            hold_all_commands(eng, pe.controller)
        elif name == keyword_hold.OP:  # RS-HOLD-KEYWORD
            keyword_hold.carry_out(eng, pe, op, what)
        elif name == aura_bp.HELD_OP:  # RS-HELD-AURA-BP: in force until the end of the turn
            aura_bp.grant(eng, pe, op, what)
        elif name == "from_discard":
            if taken_doubt is not None:
                eng.ctx.ruling("RS-FROM-DISCARD", f"{taken_doubt}.")
                eng.ctx.cannot_verify(taken_doubt)
            from_discard.put(eng, pe.controller, taken, pe.source)
        elif name == "from_hand_or_discard":
            either_pile.carry_out(eng, pe, op, either, either_doubt, what)
        elif name in ("from_deck", "from_hand"):
            if search_doubt is not None:
                deck_search.not_recorded(eng, pe, what, search_doubt)
                break
            if activated.is_command_op(op):  # RS-SEARCH-TO-COMMAND
                activated.to_command(eng, pe, searched, slot, slot_doubt, what)
                if slot_doubt is not None:
                    break
                continue
            aside = deck_search.carry_out(eng, pe.controller, op, searched, what)
        elif name == "top_to_command":
            zone_moves.top_to_command(eng, pe, top, top_doubt, what)
        elif name == "reveal_top":
            zone_moves.reveal_top(eng, pe, top, top_doubt, what, str(op["name"]))
        elif name == "resident_to_deck":
            zone_moves.resident_to_deck(eng, pe, resident, resident_doubt, what)
        elif name == "to_power_self":
            power_moves.put_self(eng, pe, what)
        elif name == "stack":
            stacking.stack(eng, pe, found, what)
        elif name == "discard_to_command":
            stacking.to_command(eng, pe, to_command, command_doubt, what)
        elif name == gather_named.OP:  # RS-GATHER-NAMED
            gather_named.carry_out(eng, pe, gathered, gather_doubt, what)
        elif name == "power_to_rush":  # RS-POWER-TO-RUSH
            power_moves.to_rush(eng, pe, op, rushed, rush_doubt, what)
        elif name == "power_to_hand":
            power_moves.to_hand(eng, pe, from_power, power_doubt, what)
        elif name == "discards_to_decks":
            discard_return.carry_out(eng, pe, what)
        elif name == "shuffle":  # RS-SEARCH-TO-TOP: the card chosen then on top
            deck_search.shuffle(
                eng, pe.controller, what, aside if op.get("chosen_on_top") else None
            )
        elif name == "draw":
            eng.draw(pe.controller, draws(eng, pe.controller, op), why=" (effect)")
        elif name == "bp":
            for _pid, _area, u in found:
                u.mods.append(attack_bp.mod_of(op))
                eng.event(
                    "bp",
                    f"{eng.name(u.card)} gets BP {int(op['amount']):+d}{attack_bp.words(op)} "
                    f"until the end of the {op.get('until', 'turn')} (BP {eng.bp(u)}).",
                    card=u.card,
                    amount=int(op["amount"]),
                )
            if int(op["amount"]) < 0 and "during" not in op:
                bp_zero(eng, found)
        elif name == "to_power":
            to_power(eng, pe.controller, pe.source)
        elif name == "to_damage":
            zone_moves.put_as_damage(eng, found, what)
        elif name == "to_power_zone" and command_cards.is_command_selector(target):
            command_cards.put_into_power(eng, found, what)
        elif name == "discard_to_hand":  # RS-OPPONENT-PICKS-DISCARD
            strike_damage.carry_out(eng, pe, opp_chose, opp_doubt, what)
        elif name == "discard_command":  # RS-DISCARD-COMMAND
            command_cards.put_into_discard(eng, found, what)
        elif name == "to_power_zone":
            zone_moves.put_into_power(eng, found, what)
        elif name == "to_battle":
            zone_moves.put_into_battle(eng, found, what)
        elif name == attack_chosen.OP:  # RS-ATTACK-CHOSEN: the unit may attack the one chosen
            if isinstance(target, dict) and target.get("chooser") == "opponent":
                opponent_chose(eng, pe, found)
            attack_chosen.grant(eng, pe.controller, unit, found, op)
        elif name == added_traits.OP:  # RS-ADDED-TO-BOTTOM: the player's choice
            for _pid, _area, u in found:
                eng.ctx.ruling(
                    added_traits.RULE,
                    f"{eng.name(u.card)} has a category or feature added: it goes to the bottom "
                    "of its owner's deck.",
                )
            zone_moves.to_deck_bottom(eng, pe, found, what, named=True)
        elif name == "to_deck_bottom":  # RS-TO-DECK-BOTTOM: the opponent's choice, its order
            opponent_chose(eng, pe, found)
            zone_moves.to_deck_bottom(eng, pe, found, what, named=bool(rest))
        elif name == "to_command":
            zone_moves.put_into_command(eng, found, what, op["if_full"])
        elif name == "sp":
            made_sp(eng, op, found)
        elif name == "add_feature":
            for _pid, _area, u in found:
                u.mods.append(Mod(0, "turn", features=(str(op["feature"]),)))
                eng.event(
                    "feature",
                    f"{eng.name(u.card)} has the feature {op['feature']} until the end of the "
                    "turn (RS-ADD-FEATURE).",
                    card=u.card,
                )
        elif name == "destroy":
            theirs = isinstance(target, dict) and target.get("chooser") == "opponent"
            if theirs:
                opponent_chose(eng, pe, found)
            for pid, _area, u in found:
                if st.area_of(u) is not None:  # by: who destroyed it (RS-IF-DESTROYED-THIS-TURN)
                    eng.destroy(
                        pid,
                        u,
                        f"{what}",
                        by=None if theirs else pe.controller,
                        killer=None if unit is None else (unit, "effect"),
                    )
        elif name == "return":
            for pid, _area, u in found:
                ps = st.players[pid]
                if any(x is u for x in ps.battle):
                    ps.battle.remove(u)
                    ps.rush.append(u)
                    if st.entering is u:
                        st.entering = None
                    eng.event(
                        "return",
                        f"{eng.name(u.card)} returns from the battle area to the rush area.",
                        player=pid,
                        card=u.card,
                    )
                    unit_return.returned(eng, pid, [u])  # RS-RETURN-PULL: its own text
                    if u.vehicle is not None:
                        ride.returned_by_effect(eng, pe, u)  # RS-RIDER-TO-HAND: not guessed
                        eng.ctx.ruling(
                            "RS-RIDER",
                            f"{eng.name(u.card)} rides {eng.name(u.vehicle)}, which the engine "
                            "returns with it, still ridden; whether an effect's return takes the "
                            "vehicle along is not in the sources.",
                        )
                        eng.ctx.cannot_verify("a unit riding a vehicle returned by an effect")
        elif name == "damage":
            eng.damage_side(pe.controller, int(op.get("n", 1)), "effect")
        elif name == "heal":
            ps = st.players[pe.controller]
            n = int(op.get("n", 1))
            turned = 0
            for pc in reversed(ps.power):
                if turned == n:
                    break
                if not pc.face_up:
                    pc.face_up = True
                    turned += 1
            eng.event(
                "heal",
                f"{pe.controller} turns {turned} face-down power card"
                f"{'s' if turned != 1 else ''} face up ({ps.damage} damage).",
                player=pe.controller,
                n=turned,
            )


def namesake(eng: RangersStrikeEngine, pe: PendingEffect, found: list[Found], what: str) -> bool:
    """RS-CHOOSE-FIRST: whether another unit of the chosen unit's player's side has its card
    name ("選んだユニットと同じカード名の敵軍ユニットが、選んだユニット以外にあれば").  A unit there whose
    printed text lets it be used as another card (「X」としてつかえる: the same name in the game,
    atwiki renst 1739) is not read by the engine: when no unit is so named but such a unit
    is there, whether one has the name is not known, and the effect is not carried out."""
    st = eng.state
    if not found:
        return False
    owner, _area, unit = found[0]
    name = st.card(unit.card).name
    side = [q for q in st.order if owner in eng.allies(q)] or [owner]
    others = [u for q in side for u in st.players[q].units() if u is not unit]
    same = [u for u in others if st.card(u.card).name_match(name) is True]  # RS-USABLE-AS
    maybe = [
        u
        for u in others
        if "としてつかえる" in str(st.card(u.card).raw.get("text") or "")
        or "としてつかえる" in str(st.card(unit.card).raw.get("text") or "")
    ]
    if not same and maybe:
        eng.not_guessed(
            pe,
            "RS-CHOOSE-FIRST",
            f"no other unit on its side is named {name}, but a card there may be used as "
            "another (としてつかえる), which the engine does not decide here (RS-USABLE-AS)",
            f"{what} is not carried out.",
        )
        return False
    if not same:
        eng.ctx.ruling(
            "RS-CHOOSE-FIRST",
            f"No unit but {eng.name(unit.card)} on its side is named {name}: nothing happens.",
        )
        return False
    eng.ctx.ruling(
        "RS-CHOOSE-FIRST",
        f"{eng.name(same[0].card)} has the card name {name} too: the chosen unit is affected.",
    )
    return True


def bp_zero(eng: RangersStrikeEngine, found: list[Found]) -> None:
    """RS-BP-ZERO: a unit an effect brings to BP 0 or less is destroyed by the rule (not by a
    unit or an effect), its when-destroyed effects triggering as any destroyed unit's."""
    st = eng.state
    for pid, _area, u in found:
        if st.area_of(u) is None or not st.card(u.card).is_unit:
            continue
        value = eng.bp(u)
        if value > 0:
            continue
        eng.ctx.ruling(
            "RS-BP-ZERO",
            f"{eng.name(u.card)} has BP {value}: a unit an effect brings to BP 0 or less is "
            "destroyed (by the rule, not by a unit or an effect).",
        )
        eng.destroy(pid, u, "its BP is 0 or less (RS-BP-ZERO)")


def to_power(eng: RangersStrikeEngine, pid: str, iid: str) -> None:
    """RS-DESTROYED-TO-POWER: the destroyed card, still in its owner's discard pile, goes to
    ``pid``'s power zone, face up (rule option ``to_power_face``: ``unverifiable`` leaves the
    step unverifiable)."""
    st = eng.state
    owner = st.owner_of[iid]
    if iid not in st.players[owner].discard:
        eng.event("effect", f"{eng.name(iid)} is no longer in the discard pile.", card=iid)
        return
    st.players[owner].discard.remove(iid)
    st.players[pid].power.append(PowerCard(iid, face_up=True))
    eng.event(
        "to_power",
        f"{eng.name(iid)} goes from the discard pile to {pid}'s power zone, face up.",
        player=pid,
        card=iid,
    )
    if eng.options.get("to_power_face", "up") != "up":
        eng.ctx.ruling(
            "RS-DESTROYED-TO-POWER",
            "Rule option to_power_face unverifiable: the text does not say face up or face "
            "down; the engine put it face up and does not vouch for it.",
        )
        eng.ctx.cannot_verify("which way up a card put into the power zone by an effect goes")


def held_number_bound(
    eng: RangersStrikeEngine, pe: PendingEffect, held: list[int], doubt: str | None, what: str
) -> PendingEffect:
    """RS-HELD-NUMBER: the effect with the number the command its cost holds prints; without
    what follows the cost when the command prints none, or (not guessed) when the number, or
    which units have it now, is not known."""
    bound, said = held_number.settled(eng, pe.controller, pe.effect, held, doubt)
    at = held_number.op_at(pe.effect) or 0
    if bound is None:
        eng.not_guessed(
            pe,
            held_number.RULE,
            said,
            f"what {what} does after its cost is not carried out; the log may record what it did "
            "in an `outcome`.",
        )
        return replace(pe, effect={**pe.effect, "do": pe.effect["do"][:at]})
    eng.ctx.ruling(held_number.RULE, f"{what}: {said[0].upper()}{said[1:]}.")
    return replace(pe, effect=bound)


def pay_commands(
    eng: RangersStrikeEngine, pe: PendingEffect, held: list[int], doubt: str | None
) -> None:
    """RS-COMMAND-COST: hold the commands the cost takes (:func:`cost_commands`)."""
    if doubt is not None:
        eng.ctx.ruling("RS-COMMAND-COST", f"{eng.name(pe.source)}'s cost: {doubt}.")
        eng.ctx.cannot_verify(doubt)
    for i in held:
        eng.hold_command(pe.controller, i, pe.controller, pe.source)
    eng.ctx.ruling(
        "RS-COMMAND-COST",
        f"{pe.controller} holds {plural(len(held), 'command')} of its own for "
        f"{eng.name(pe.source)}'s "
        "cost: what the effect does after it happens.",
    )


def hold_all_commands(eng: RangersStrikeEngine, controller: str) -> None:
    """RS-HOLD-ALL-COMMANDS: every released command of the opposing side becomes held (in tag
    battle both opposing players': 敵軍 is the opposing team, seed 002)."""
    st = eng.state
    for pid in eng.opponents(controller):
        cards = [c for c in st.players[pid].command if not c.held]
        for c in cards:
            c.held = True
        command_watch.held(eng, [(pid, c.card) for c in cards], "effect")
        names = ", ".join(eng.name(c.card) for c in cards) or "none was released"
        eng.event(
            "hold",
            f"{pid}'s commands are all held ({names}).",
            player=pid,
            cards=[c.card for c in cards],
        )
    eng.ctx.ruling(
        "RS-HOLD-ALL-COMMANDS",
        f"Every released command of {controller}'s opponents is held.",
    )


def hold_self(eng: RangersStrikeEngine, found: list[tuple[str, str, Unit]]) -> bool:
    """RS-HOLD-SELF: hold the unit itself; a unit held already (or gone) cannot be."""
    if not found or found[0][2].held:
        what = eng.name(found[0][2].card) if found else "The unit"
        eng.event("hold", f"{what} cannot be held (it is held already, or gone): no effect.")
        eng.ctx.ruling(
            "RS-HOLD-SELF",
            f"{what} could not be held, so what the effect does when it is held does not happen.",
        )
        return False
    hold_units(eng, found[:1])
    return True


def hold_units(eng: RangersStrikeEngine, found: list[Found], by: str | None = None) -> None:
    """Hold the units of ``found`` (released ones: a held unit cannot be held again): the unit
    itself (RS-HOLD-SELF) or the units chosen, by ``by`` (the effect's controller), its own
    (RS-IF-DONE) or the opposing side's (RS-HOLD-CHOSEN)."""
    for pid, _area, unit in found:
        unit.held = True
        if by is None or by == pid:
            said = f"{pid} holds {eng.name(unit.card)} (a unit)."
        else:
            said = f"{by} holds {pid}'s {eng.name(unit.card)} (a unit)."
            eng.ctx.ruling(
                "RS-HOLD-CHOSEN",
                f"{eng.name(unit.card)} is held: it stays held while it is a unit and can no "
                "longer resist.",
            )
        eng.event("hold", said, player=pid, card=unit.card)


def if_not_done(eng: RangersStrikeEngine, what: str, op: dict[str, Any]) -> None:
    """RS-IF-DONE: the first part of "…してもよい。そうしたとき、…" was not done (no unit could be
    chosen for it), so what follows does not happen."""
    verb = {"hold": " and held", "choose": ""}.get(op["op"], " and destroyed")
    thing = f"unit could be chosen{verb}"
    if op["op"] == "release_command":  # RS-RELEASE-OPPOSING: none is held
        thing = "held command could be released"
    if op["op"] == "damage_to_hand":  # RS-DAMAGE-TO-HAND: no damage
        thing = "face-down power card could be taken"
    eng.ctx.ruling(
        "RS-IF-DONE",
        f"No {thing} for {what}, so what happens only when that is done (そうしたとき) does not "
        "happen.",
    )


def opponent_chose(eng: RangersStrikeEngine, pe: PendingEffect, found: list[Found]) -> None:
    """RS-OPPONENT-CHOOSES: the ruling that names who chose, and what."""
    chosen = ", ".join(f"{u.card} ({eng.name(u.card)})" for _pid, _area, u in found)
    who = " or ".join(eng.opponent_players(pe.controller)) or "no opposing player"
    eng.ctx.ruling(
        "RS-OPPONENT-CHOOSES",
        f"The opponent ({who}) chooses among its own units: {chosen or 'it has none that fit'}.",
    )


def opponent_choice_unknown(
    eng: RangersStrikeEngine, pe: PendingEffect, what: str, why: str
) -> None:
    """RS-OPPONENT-CHOOSES: the opponent's choice is not known, so the engine does not guess
    it: the step is unverifiable and the effect (``what``, in words) noted as not executed (a
    taint) until an ``outcome`` records what it did."""
    eng.not_guessed(
        pe,
        "RS-OPPONENT-CHOOSES",
        why,
        f"{what} is not carried out from here; the log may name the unit in the resolve's "
        "targets, or record what happened in an `outcome`.",
    )


def made_sp(eng: RangersStrikeEngine, op: dict[str, Any], found: list[Found]) -> None:
    """RS-SP-EFFECT: each unit of ``found`` is SP ``value`` until the end of the turn, or, for
    ``"K/N"``, SP K while N-th in its battle area and 0 elsewhere."""
    at = effects.fraction(op["value"])
    for _pid, _area, u in found:
        if at is None:
            u.mods.append(Mod(0, "turn", sp=int(op["value"])))
            eng.event(
                "sp",
                f"{eng.name(u.card)} is SP {int(op['value'])} until the end of the turn "
                "(RS-SP-EFFECT).",
                card=u.card,
                amount=int(op["value"]),
            )
            continue
        u.mods.append(Mod(0, "turn", sp_at=at))
        eng.event(
            "sp",
            f"{eng.name(u.card)} is SP {at[0]}/{at[1]} until the end of the turn: SP {at[0]} "
            f"while it stands {ordinal(at[1])} in its battle area, 0 elsewhere (RS-SP-EFFECT).",
            card=u.card,
            amount=at[0],
        )


def chosen_unknown(
    eng: RangersStrikeEngine, pe: PendingEffect, what: str, problem: tuple[str, str] | None
) -> None:
    """RS-CHOOSE-ONE: no effect listed is carried out, the choice being wrong (``problem``,
    a violation of the step already) or not recorded; then the engine does not guess it: the
    step is unverifiable and the effect noted as not executed (a taint) until an ``outcome``
    records what it did."""
    if problem is not None:
        eng.event("effect", f"No effect of {what} is carried out.", card=pe.source)
        return
    eng.not_guessed(
        pe,
        modes.RULE,
        f"which of the effects listed on {what} {pe.controller} chose is not recorded",
        "none is carried out; the log may record it first in the resolve's targets "
        '(`{"modes": [k]}`), or what happened in an `outcome`.',
    )


def draws(eng: RangersStrikeEngine, pid: str, op: dict[str, Any]) -> int:
    """How many cards a ``draw`` op draws: ``n``, or ``n`` per ``per.units`` units of
    ``pid``'s with the feature (rush and battle area, units riding vehicles included:
    RS-DRAW-PER-UNITS)."""
    n = int(op.get("n", 1))
    per = op.get("per")
    if per is None:
        return n
    st = eng.state
    have = [
        c
        for u in st.players[pid].units()
        for c in u.cards()
        if st.card(c).is_unit and per["feature"] in st.unit_features(u, c)
    ]
    total = n * (len(have) // int(per["units"]))
    eng.ctx.ruling(
        "RS-DRAW-PER-UNITS",
        f"{pid} has {plural(len(have), 'unit')} with the feature {per['feature']}: "
        f"{n} per {per['units']}, {plural(total, 'card')}.",
    )
    return total
