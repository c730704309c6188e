"""The ``judge`` command line: a thin shell around the pure functions of :mod:`judge.core`.

Commands::

    judge replay LOG        judge an action log and print the annotated replay
    judge rules GAME        the rule catalogue of a game (what violations cite)
    judge check-deck FILE   check a deck (or every deck of a log) against deck construction
    judge schema NAME       print a published JSON Schema
    judge canonical LOG     write a log back in canonical form, with checkpoints
    judge legal LOG         what the player to act may record after the log's actions
    judge ask QUESTION      a judge's question about a state (order, damage, legal, ...)
    judge position FILE     check a position (a game at a moment); its cards' ids, who acts
    judge cards check SET   check a card set (cards import FORMAT FILE -o SET: make one)
    judge audit PATH…       judge a whole event's logs; one report ranked by what needs a judge
    judge diff A B          two records of one match: where they first disagree, what changes

Exit codes, for every command: ``0`` all good, ``1`` the judge found a problem (an illegal
play, an illegal deck), ``2`` bad input (unreadable file, malformed JSON, a log that is not
the format, an unknown game, rule or card), each problem printed to stderr as
``error: <path>: <message>``, never a traceback; ``3`` an engine error: the engine failed
judging this input (a bug, not the input's fault), printed to stderr as ``engine error at
step N (action …): <type>: <message>; report id <id>`` (:mod:`judge.core.fault`; step N is
the step's index as the replay shows it, ``actions[N]``).  Every command that judges (replay,
canonical, legal, ask, position, check-deck) raises :class:`~judge.core.fault.EngineFault`
for it, and :class:`JudgeGroup` prints it: one place, so no command can print it as bad
input.

The commands live in :mod:`judge.commands`, one module per concept (judging, catalogue,
service), and are added to :func:`main` here; a new command is a ``@click.command()`` there
plus one ``main.add_command`` line below.  The helpers :func:`read_input`, :func:`fail` and
:func:`emit` (:mod:`judge.commands.common`) are meant for them too.
"""

from __future__ import annotations

from typing import Any

import click

from judge import __version__
from judge.commands.ask import ask_command, position_command
from judge.commands.audit import audit_command, diff_command
from judge.commands.cards import cards_command
from judge.commands.catalogue import (
    DECK_CHECKERS,
    SCHEMAS,
    check_deck_command,
    rules_command,
    schema_command,
)
from judge.commands.common import (
    EXIT_BAD_INPUT,
    EXIT_ENGINE_ERROR,
    EXIT_FOUND,
    EXIT_OK,
    emit,
    fail,
    fail_bad_log,
    fail_engine_fault,
    read_input,
    read_json,
)
from judge.commands.judging import canonical_command, legal_command, replay_command
from judge.commands.service import demo_command, serve_command, worker_command
from judge.core.fault import EngineFault

__all__ = [
    "DECK_CHECKERS",
    "ask_command",
    "audit_command",
    "EXIT_BAD_INPUT",
    "EXIT_ENGINE_ERROR",
    "EXIT_FOUND",
    "EXIT_OK",
    "SCHEMAS",
    "canonical_command",
    "cards_command",
    "check_deck_command",
    "demo_command",
    "diff_command",
    "emit",
    "fail",
    "fail_bad_log",
    "fail_engine_fault",
    "legal_command",
    "JudgeGroup",
    "main",
    "position_command",
    "read_input",
    "read_json",
    "replay_command",
    "rules_command",
    "schema_command",
    "serve_command",
    "worker_command",
]


class JudgeGroup(click.Group):
    """The ``judge`` group: an :class:`~judge.core.fault.EngineFault` raised by any command
    exits 3 with its one line on stderr (:func:`fail_engine_fault`)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except EngineFault as fault:
            fail_engine_fault(fault)


@click.group(cls=JudgeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="judge")
def main() -> None:
    """Judge trading card game matches from their action logs.

    Every verdict cites a rule by id; `judge rules GAME` prints the rules.
    Exit codes: 0 all good, 1 an illegal play or deck was found, 2 bad input,
    3 an engine error (a bug: report it with the printed id).
    """


for command in (
    replay_command,
    canonical_command,
    legal_command,
    ask_command,
    position_command,
    rules_command,
    check_deck_command,
    schema_command,
    worker_command,
    serve_command,
    demo_command,
    cards_command,
    audit_command,
    diff_command,
):
    main.add_command(command)


if __name__ == "__main__":  # pragma: no cover
    main()
