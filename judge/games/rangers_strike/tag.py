"""The Rangers Strike tag battle (2 vs 2): :class:`TagBattleEngine`, the team layer.

It changes the 1 vs 1 game (:mod:`judge.games.rangers_strike.engine`) through the small
methods marked *decision point* there, one rule each (``docs/rangers-strike.md``); besides
them it only names its turns after teams, cites RST-PHASES for the first draw and shows
``out`` in the views:

=========================  =====================================  ==========================
method                     1 vs 1                                  tag battle
=========================  =====================================  ==========================
``sides()``                the two players, first player first     the two teams, first first
``phase_order(side)``      start, charge, rush, battle, end        RST-PHASES
``power_of(pid)``          own power zone                          both allies' (RST-POWER)
``command_holders(pid)``   itself                                  itself and ally (RST-LEND-COMMAND)
``unit_lenders(pid)``      nobody                                  the ally (RST-LEND-UNIT)
``target_player(pid)``     the opponent                            same seat opposite (RST-TARGET-PLAYER)
``opponents(pid)``         the opponent                            both opposing players
``combination_offset``     0                                       leader's battle area (RST-COMBINATION)
``damage_limit()``         7 (RS-LOSS-DAMAGE)                      5 per player (RST-OUT)
``reach_limit(pid)``       loses the game                          out; team loss (RST-LOSS)
``damage_side(pid, n)``    the opponent takes it                   the team assigns (RST-STRIKE-ASSIGN)
``counter_players(b)``     the defending player                    the attacked unit's owner / the struck team
``resident_covers(…)``     the owner / the opponent                the owner / the target player
``damage_ends_game(…)``    never                                   lethal with the ally out (RST-LOSS)
``deck_out(pid)``          loses the game (RS-LOSS-DECK)           out (RST-OUT)
``allies(pid)``            itself                                  itself and the ally
``winner_against(pid)``    the other player                        the other team's id
``can_act(pid)``           always                                  not out (RST-OUT)
=========================  =====================================  ==========================
"""

from __future__ import annotations

from typing import Any, ClassVar

from judge.games.rangers_strike import stacking
from judge.games.rangers_strike.engine import PHASES, RangersStrikeEngine
from judge.games.rangers_strike.state import Battle


class TagBattleEngine(RangersStrikeEngine):
    """Tag battle, 2 vs 2: the base game with the seed's team layer (``RST-…``).

    Teams come from the log's ``teams``: the first player listed is the leader (RST-SEATING).
    Only the decision points of the base class are overridden, one rule each.
    """

    variant: ClassVar[str] = "tag"
    COMMAND_RULE: ClassVar[str] = "RST-COMMAND"
    #: a player's view shows whether it is out (RST-OUT)
    VIEW_OUT: ClassVar[bool] = True

    # -- teams ------------------------------------------------------------------------------

    #: each player's team index (:meth:`team_of`), once asked: the teams are set as the
    #: engine starts and never change
    _team_index: dict[str, int] | None = None

    def team_of(self, pid: str) -> int:
        """The index of ``pid``'s team: the first team that has it (read in a dict: asked
        many times an action)."""
        of = self._team_index
        if of is None:
            of = self._team_index = _teams_by_player(self.state.teams)
        got = of.get(pid)
        if got is None:
            raise ValueError(f"{pid} is in no team")
        return got

    #: each player's ally (:meth:`ally`), once asked: the teams are set as the engine starts
    #: and never change
    _ally_of: dict[str, str] | None = None

    def ally(self, pid: str) -> str:
        # (read in a dict, not worked out by team_of: a few times an action)
        of = self._ally_of
        if of is None:
            of = self._ally_of = _allies_by_player(self.state.teams)
        got = of.get(pid)
        if got is not None:
            return got
        leader, supporter = self.state.teams[self.team_of(pid)]  # (in no team: it raises)
        return supporter if pid == leader else leader

    def is_leader(self, pid: str) -> bool:
        # (team_of's kept answer read first: a few times an action)
        of = self._team_index
        got = None if of is None else of.get(pid)
        return self.state.teams[self.team_of(pid) if got is None else got][0] == pid

    def allies(self, pid: str) -> list[str]:
        # (ally written out: a few times an action)
        of = self._ally_of
        got = None if of is None else of.get(pid)
        return [pid, self.ally(pid) if got is None else got]

    def other_team(self, pid: str) -> tuple[str, str]:
        of = self._team_index  # (as in is_leader)
        got = None if of is None else of.get(pid)
        return self.state.teams[1 - (self.team_of(pid) if got is None else got)]

    # -- decision points ----------------------------------------------------------------------

    def sides(self) -> list[tuple[str, ...]]:
        """The two teams take turns; the team of the first player (a leader) goes first."""
        st = self.state
        first = self.team_of(st.first) if st.first else 0
        return [st.teams[first], st.teams[1 - first]]

    def phase_order(self, side: tuple[str, ...]) -> list[tuple[str, str]]:
        """RST-PHASES: leader start, supporter start, then each one's charge to end."""
        leader, supporter = side
        out = [(leader, "start"), (supporter, "start")]
        for who in side:  # (loops, not generators unpacked: once a turn, a few steps each)
            for p in PHASES[1:]:
                out.append((who, p))
        return out

    def power_of(self, pid: str) -> int:
        """RST-POWER: both allies' power zones count."""
        players = self.state.players
        n = 0
        for p in self.allies(pid):  # (a loop, not sum() over a generator)
            n += len(players[p].power)
        return n

    def command_holders(self, pid: str) -> list[str]:
        """RST-LEND-COMMAND: the ally may hold the command (also when out, RST-PASSIVE)."""
        of = self._ally_of  # (allies written out: a few times a rush)
        got = None if of is None else of.get(pid)
        return [pid, self.ally(pid) if got is None else got]

    def unit_lenders(self, pid: str) -> list[str]:
        """RST-LEND-UNIT: the ally's units may meet additional conditions."""
        return [self.ally(pid)]

    def target_player(self, pid: str) -> str:
        """RST-TARGET-PLAYER: leader ↔ opposing leader, supporter ↔ opposing supporter."""
        other = self.other_team(pid)
        return other[0] if self.is_leader(pid) else other[1]

    def opponents(self, pid: str) -> list[str]:
        return list(self.other_team(pid))

    def opponent_players(self, pid: str) -> list[str]:
        """RS-OPPONENT-CHOOSES in tag battle, rule option tag_opponent: the target player
        (``target_player``, the default), or either opposing player (``either``: the opposing
        team chooses a unit of either of them).  The seed names no "相手" beyond the target
        player of an attack: GAP."""
        if self.options.get("tag_opponent", "target_player") == "either":
            return self.opponents(pid)
        return [self.target_player(pid)]

    def combination_offset(self, pid: str) -> tuple[int, str | None]:
        """RST-COMBINATION: the supporter's battle area counts on from the leader's."""
        if self.is_leader(pid):
            return 0, None
        leader = self.ally(pid)
        n = len(self.state.players[leader].battle)
        if not n:
            return 0, None
        units = "unit" if n == 1 else "units"
        return n, f"{leader} has {n} {units} in battle"

    def unit_before(self, pid: str) -> Any:
        """RST-COMBINATION: the supporter's first unit comes directly after the leader's last
        (the two battle areas are treated as one line)."""
        if len(self.state.players[pid].battle) > 1 or self.is_leader(pid):
            return super().unit_before(pid)
        leader = self.state.players[self.ally(pid)].battle
        return leader[-1] if leader else None

    def damage_limit(self) -> int:
        """RST-OUT: 5 damage per player."""
        return 5

    def reach_limit(self, pid: str) -> None:
        """RST-OUT, RST-LOSS: the player is out; the team loses when both are."""
        st = self.state
        ps = st.players[pid]
        self.go_out(pid, f"{pid} has {ps.damage} damage (5 or more)", "damage")

    def deck_out(self, pid: str) -> None:
        """A player who must draw from an empty deck can no longer continue (RS-LOSS-DECK
        read per player, as RST-OUT reads damage per player)."""
        self.ctx.ruling(
            "RS-LOSS-DECK",
            f"{pid} must draw in the start phase but the deck is empty: in tag battle {pid} "
            "can no longer continue play (the team loses when both players cannot).",
        )
        self.go_out(pid, f"{pid} cannot draw", "deck")

    def go_out(self, pid: str, why: str, reason: str) -> None:
        """RST-OUT: ``pid`` can no longer continue play (``reason``: ``damage`` or ``deck``,
        the result's reason if this ends the game).  Its units and vehicles go to the discard
        pile; they are not destroyed (no when-destroyed effects)."""
        st = self.state
        ps = st.players[pid]
        ps.out = True
        gone = ps.units()
        ps.rush, ps.battle = [], []
        for unit in gone:
            stacking.gone(self, unit, f"{pid} can no longer continue play")  # RS-STACK-LEAVES
            for iid in unit.cards():
                st.players[st.owner_of[iid]].discard.append(iid)
            if st.entering is unit:
                st.entering = None
        cards = [iid for u in gone for iid in u.cards()]
        self.ctx.ruling(
            "RST-OUT",
            f"{why}: {pid} can no longer continue play; its units and vehicles go to the "
            "discard pile and its phases are skipped from now on.",
        )
        self.event(
            "out",
            f"{pid} is out" + (f": {', '.join(cards)} go to the discard pile." if cards else "."),
            player=pid,
            cards=cards,
        )
        if st.extra_open and pid in st.extra_open:
            st.extra_open.remove(pid)
        team = st.teams[self.team_of(pid)]
        if all(st.players[p].out for p in team):
            winner = self.winner_against(pid)
            self.end_game(
                winner,
                reason,
                "RST-LOSS",
                f"Both {team[0]} and {team[1]} can no longer continue play: team "
                f"{st.team_ids[self.team_of(pid)]} loses; team {winner} wins.",
            )

    def damage_side(self, by: str, amount: int, source: str) -> None:
        """RST-STRIKE-ASSIGN: the damaged team chooses who takes it."""
        team = self.other_team(by)
        choices = self.assignable(team)
        if not choices:
            return
        if len(choices) == 1:
            # only one player of the team can take it: there is no decision to record
            from judge.games.rangers_strike.damage import _assign

            args = {"team": list(team), "amount": amount, "source": source, "by": by}
            only = choices[0]
            why = f"Only {only} can take it"
            _assign(self, args, only, f"{why}, with no choice")
            # RS-FORCED-DECISION: the team may still record it, as the one way
            self.take_forced(team, "assign_damage", {"to": only}, "RST-STRIKE-ASSIGN", why)
            return
        self.push(
            (
                "wait_assign",
                {
                    "team": list(team),
                    "choices": choices,
                    "amount": amount,
                    "source": source,
                    "by": by,
                },
            )
        )

    def damage_ends_game(self, pid: str, amount: int) -> bool:
        """RST-LOSS: ``amount`` damage to ``pid`` ends the game whichever power cards are
        turned face down — it brings ``pid`` to 5 and its ally can no longer continue play."""
        st = self.state
        ps = st.players[pid]
        if not self.can_act(pid) or any(self.can_act(q) for q in self.allies(pid)[1:]):
            return False
        dealt = min(amount, len(ps.face_up()) + len(ps.deck))
        return ps.damage + dealt >= self.damage_limit()

    def assignable(self, team: tuple[str, str]) -> list[str]:
        """Who of ``team`` may take assigned damage (rule option strike_to_out_player)."""
        if self.options.get("strike_to_out_player"):
            return list(team)
        return [p for p in team if not self.state.players[p].out]

    def counter_players(self, b: Battle) -> list[str]:
        if b.kind == "attack":
            return [b.defender] if b.defender else []
        return list(self.other_team(b.attacker_player))

    def winner_against(self, loser: str) -> str:
        return self.state.team_ids[1 - self.team_of(loser)]

    def first_draw_rule(self) -> str:
        return "RST-PHASES"

    def turn_event(self, side: tuple[str, ...]) -> None:
        st = self.state
        leader, supporter = side
        tid = st.team_ids[self.team_of(leader)]
        self.event(
            "turn",
            f"Turn {st.turn}: team {tid}'s turn (leader {leader}, supporter {supporter}).",
            player=leader,
            team=tid,
            turn=st.turn,
        )
        self.ctx.ruling(
            "RST-PHASES",
            f"Team {tid}'s turn: {leader}'s start phase, {supporter}'s start phase, then "
            f"{leader}'s charge, rush, battle and end phase, then {supporter}'s.",
        )


def _teams_by_player(teams: list[tuple[str, str]]) -> dict[str, int]:
    """Each player's team index, as a walk of ``teams`` finds it: the first team that has the
    player."""
    out: dict[str, int] = {}
    for i, team in enumerate(teams):
        for pid in team:
            out.setdefault(pid, i)
    return out


def _allies_by_player(teams: list[tuple[str, str]]) -> dict[str, str]:
    """Each player's ally, as :meth:`TagBattleEngine.ally` works it out from ``teams``: in the
    first team that has the player, the other one of the two (a team listed twice, or a player
    in two teams: the first team's answer)."""
    out: dict[str, str] = {}
    for leader, supporter in teams:
        out.setdefault(leader, supporter)
        out.setdefault(supporter, leader)
    return out


RangersStrikeEngine.VARIANTS["tag"] = TagBattleEngine
