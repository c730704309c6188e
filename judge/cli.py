"""The ``judge`` command line: a thin shell around the pure functions of :mod:`judge.core`.

Commands::

    judge replay LOG        judge an action log and print the annotated replay
    judge rules GAME        the rule catalogue of a game (what violations cite)
    judge check-deck FILE   check a deck (or every deck of a log) against deck construction
    judge schema NAME       print a published JSON Schema
    judge canonical LOG     write a log back in canonical form, with checkpoints
    judge legal LOG         what the player to act may record after the log's actions

Exit codes, for every command: ``0`` all good, ``1`` the judge found a problem (an illegal
play, an illegal deck), ``2`` bad input (unreadable file, malformed JSON, a log that is not
the format, an unknown game, rule or card), each problem printed to stderr as
``error: <path>: <message>``, never a traceback.

More commands (a service, a worker) are added with ``@main.command()`` in this module; the
helpers :func:`read_input`, :func:`fail` and :func:`emit` are meant for them too.
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Iterable, Mapping
from importlib import import_module
from pathlib import Path
from typing import Any, NoReturn

import click

from judge import __version__
from judge.core.canonical import canonical_json
from judge.core.errors import BadLog, FieldError

#: Exit codes.
EXIT_OK = 0
EXIT_FOUND = 1
EXIT_BAD_INPUT = 2

#: Deck checkers by game slug, as ``"module:function"`` (imported on first use) or a callable.
#: Each is called as ``check(main, ap, cards)`` and returns objects with ``rule``,
#: ``message``, ``cards`` and ``to_dict()``.
DECK_CHECKERS: dict[str, Any] = {
    "union-arena": "judge.games.union_arena.decks:check_deck",
    "rangers-strike": "judge.games.rangers_strike.decks:check_deck",
}

#: Published schemas by name, as ``"module:function"`` returning a JSON-ready dict.
SCHEMAS: dict[str, str] = {
    "action-log": "schemas.action_log:action_log_json_schema",
}


# --------------------------------------------------------------------------------------
# Helpers shared by the commands


def fail(messages: str | Iterable[str], code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print each message as ``error: …`` on stderr and exit with ``code``."""
    if isinstance(messages, str):
        messages = [messages]
    for message in messages:
        click.echo(f"error: {message}", err=True)
    sys.exit(code)


def fail_bad_log(exc: BadLog) -> NoReturn:
    """Exit 2 listing every :class:`FieldError` of a :class:`BadLog`, one per line."""
    fail([str(e) for e in exc.errors] or [str(exc) or "bad input"])


def read_input(source: str) -> bytes:
    """The bytes of a file, or of stdin for ``-``; an unreadable file exits 2."""
    if source == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(source).read_bytes()
    except OSError as exc:
        fail(f"{source}: cannot read: {exc.strerror or exc}")


def read_json(source: str) -> dict[str, Any]:
    """A JSON object from a file or stdin; not UTF-8, malformed or not an object exits 2."""
    raw = read_input(source)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        fail(f"{source}: not UTF-8 text: {exc.reason} at byte {exc.start}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        fail(f"{source}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}")
    if not isinstance(data, dict):
        fail(f"{source}: expected a JSON object")
    return data


def emit(text: str, output: str | None) -> None:
    """Write ``text`` (ending in one newline) to ``output``, or to stdout when None/``-``."""
    if not text.endswith("\n"):
        text += "\n"
    if output is None or output == "-":
        click.echo(text, nl=False)
        return
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"{output}: cannot write: {exc.strerror or exc}")


def _load(spec: Any) -> Any:
    """A ``"module:attribute"`` spec imported now; a callable is returned as is."""
    if callable(spec):
        return spec
    module, _, name = spec.partition(":")
    return getattr(import_module(module), name)


def _known_games() -> str:
    from judge.games import GAMES, PLANNED

    known = ", ".join(sorted(GAMES))
    planned = ", ".join(p for p in PLANNED if p not in GAMES)
    return f"known games: {known}" + (f" (planned: {planned})" if planned else "")


# --------------------------------------------------------------------------------------
# The group


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="judge")
def main() -> None:
    """Judge trading card game matches from their action logs.

    Every verdict cites a rule by id; `judge rules GAME` prints the rules.
    Exit codes: 0 all good, 1 an illegal play or deck was found, 2 bad input.
    """


# --------------------------------------------------------------------------------------
# judge replay


@main.command("replay", short_help="Judge an action log; print the annotated replay.")
@click.argument("log", metavar="LOG")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "markdown", "html"]),
    default=None,
    help="Output format (default: text).",
)
@click.option("--json", "as_json", is_flag=True, help="Shorthand for --format json.")
@click.option(
    "--perspective",
    default="judge",
    show_default=True,
    metavar="P",
    help="Whose view of hidden information: judge, public, or a player id.",
)
@click.option(
    "--on-illegal",
    type=click.Choice(["stop", "skip", "apply"]),
    default="skip",
    show_default=True,
    help="On an illegal play: stop the replay there, skip the action, or apply it as played.",
)
@click.option(
    "--states",
    is_flag=True,
    help="Text and Markdown: also show the public state after every step.",
)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Write the replay to FILE instead of stdout.",
)
def replay_command(
    log: str,
    fmt: str | None,
    as_json: bool,
    perspective: str,
    on_illegal: str,
    states: bool,
    output: str | None,
) -> None:
    """Judge the action log LOG (a path, or - for stdin) and print the annotated replay.

    Exits 0 when every step is legal (unverifiable steps are reported but do not fail),
    1 when an illegal play was found, 2 when LOG cannot be read as an action log.
    """
    from judge.core.export import export

    if as_json and fmt not in (None, "json"):
        raise click.UsageError("--json and --format are exclusive", click.get_current_context())
    fmt = "json" if as_json else (fmt or "text")
    raw = read_input(log)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        fail(f"{log}: not UTF-8 text: {exc.reason} at byte {exc.start}")

    engine = import_module("judge.core.replay")
    try:
        result = engine.replay(text, on_illegal=on_illegal, perspective=perspective)
    except BadLog as exc:
        fail_bad_log(exc)
    except ValueError as exc:
        fail(str(exc))

    options: dict[str, Any] = {}
    if fmt in ("text", "markdown") and states:
        options["states"] = True
    emit(export(result, fmt, **options), output)
    illegal = (result.get("summary") or {}).get("illegal_steps") or []
    sys.exit(EXIT_FOUND if illegal else EXIT_OK)


def _decoded(source: str) -> str:
    raw = read_input(source)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        fail(f"{source}: not UTF-8 text: {exc.reason} at byte {exc.start}")


@main.command("canonical", short_help="Write a log back in canonical form.")
@click.argument("log", metavar="LOG")
@click.option(
    "--on-illegal",
    type=click.Choice(["skip", "apply"]),
    default="skip",
    show_default=True,
    help="How illegal actions are replayed while the checkpoints are computed.",
)
@click.option("--output", "-o", metavar="FILE", help="Write to FILE instead of stdout.")
def canonical_command(log: str, on_illegal: str, output: str | None) -> None:
    """Replay LOG and write it back canonically: card definitions inlined, every rule option
    explicit, the replay's state fingerprints as checkpoints (replaying it gives
    fidelity "exact").  Exits 2 for bad input."""
    from judge.core.replay import canonical_log, replay

    try:
        doc = canonical_log(replay(_decoded(log), on_illegal=on_illegal))
    except BadLog as exc:
        fail_bad_log(exc)
    emit(json.dumps(doc, indent=1, ensure_ascii=False, sort_keys=True), output)


@main.command("legal", short_help="What the player to act may record now.")
@click.argument("log", metavar="LOG")
@click.option("--json", "as_json", is_flag=True, help="Print the actions as canonical JSON.")
def legal_command(log: str, as_json: bool) -> None:
    """Replay LOG (illegal actions skipped) and list the decisions the rules now wait for
    and every legal action (cards named by instance id; concede is always legal and not
    listed).  Exits 2 for bad input."""
    from judge.core.replay import position

    try:
        engine = position(_decoded(log))
    except BadLog as exc:
        fail_bad_log(exc)
    actions = engine.legal_actions()
    pending = engine.pending()
    if as_json:
        click.echo(
            canonical_json(
                {"result": engine.result(), "pending": pending, "legal_actions": actions}
            )
        )
        return
    turn, phase = engine.turn_phase()
    result = engine.result()
    click.echo(
        f"Turn {turn}, {phase}" + (f": the game is over ({result['reason']})" if result else "")
    )
    for item in pending:
        click.echo(f"  waiting for {item['text']}")
    for action in actions:
        click.echo("  " + canonical_json(action))


# --------------------------------------------------------------------------------------
# judge rules


def _rule_text(rule: Any) -> list[str]:
    lines = [f"{rule.id}  {rule.title}  [{rule.confidence}]"]
    for para in str(rule.text).split("\n\n"):
        para = " ".join(para.split())
        if para:
            lines.extend(
                textwrap.wrap(para, width=88, initial_indent="    ", subsequent_indent="    ")
            )
    lines.append(f"    Source: {rule.source}")
    return lines


@main.command("rules")
@click.argument("game")
@click.argument("rule_id", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the catalogue as canonical JSON.")
def rules_command(game: str, rule_id: str | None, as_json: bool) -> None:
    """The rule catalogue of GAME, or only the rule RULE_ID.

    Lists every rule by section (id, title, confidence, text, source) and then the rule
    options a log may set, with their defaults.
    """
    from judge.games import GAMES, catalogue

    if game not in GAMES:
        fail(f"unknown game {game!r}; {_known_games()}")
    cat = catalogue(game)

    if rule_id is not None:
        rule = cat.rules.get(rule_id) or cat.rules.get(rule_id.upper())
        if rule is None:
            fail(f"unknown rule {rule_id!r} for {game}; known rules: {', '.join(cat.rules)}")
        if as_json:
            click.echo(canonical_json(rule.to_dict()))
        else:
            click.echo("\n".join(_rule_text(rule)))
        return

    if as_json:
        click.echo(canonical_json(cat.to_dict()))
        return

    lines = [f"Rules of {cat.game} (catalogue version {cat.version})"]
    sections: dict[str, list[Any]] = {}
    for rule in cat.rules.values():  # rulebook order
        sections.setdefault(rule.section or "General", []).append(rule)
    for section, rules in sections.items():
        lines += ["", section, "-" * len(section)]
        for rule in rules:
            lines += _rule_text(rule)
    if cat.options:
        lines += ["", "Rule options", "------------"]
        for opt in cat.options.values():
            choices = ", ".join(json.dumps(c) for c in opt.choices)
            lines.append(
                f"{opt.name} = {json.dumps(opt.default)}  (choices: {choices}; rule {opt.rule})"
            )
            lines.extend(
                textwrap.wrap(
                    " ".join(opt.text.split()),
                    width=88,
                    initial_indent="    ",
                    subsequent_indent="    ",
                )
            )
    click.echo("\n".join(lines))


# --------------------------------------------------------------------------------------
# judge check-deck


def _code_list(value: Any, path: str, errors: list[FieldError]) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        errors.append(FieldError(path, "expected a list of card codes"))
        return []
    return value


def _decks_of(doc: Mapping[str, Any], errors: list[FieldError]) -> list[tuple[Any, str, dict]]:
    """``[(player id or None, path, {"main": [...], "ap": [...]}), …]`` from either shape."""
    if "actions" in doc or "decks" in doc:  # a whole action log
        decks = doc.get("decks")
        if not isinstance(decks, Mapping):
            errors.append(FieldError("decks", "expected an object of decks by player id"))
            return []
        order = [p.get("id") for p in doc.get("players") or () if isinstance(p, Mapping)]
        ids = [p for p in order if p in decks] + sorted(p for p in decks if p not in order)
        out = []
        for pid in ids:
            deck = decks[pid] if isinstance(decks[pid], Mapping) else {}
            if not isinstance(decks[pid], Mapping):
                errors.append(FieldError(f"decks.{pid}", "expected an object with main and ap"))
            out.append((pid, f"decks.{pid}", deck))
        return out
    return [(None, "", doc)]


@main.command("check-deck", short_help="Check deck construction rules.")
@click.argument("file", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print the problems as canonical JSON.")
def check_deck_command(file: str, as_json: bool) -> None:
    """Check deck construction for a deck file or every deck of an action log.

    FILE (a path, or - for stdin) is either a deck file or a whole action log.  A deck file:

    \b
      {"game": "union-arena", "main": [...], "ap": [...],
       "cards": [...definitions, optional], "card_sets": [...names, optional]}

    Card codes are looked up in "cards", then in the built-in "card_sets".

    Exits 0 when every deck is legal, 1 when a deck breaks a construction rule, 2 for bad
    input (including card codes that are not defined).
    """
    from judge.core.cards import card_table

    doc = read_json(file)
    errors: list[FieldError] = []
    game = doc.get("game")
    known = ", ".join(sorted(DECK_CHECKERS))
    if not isinstance(game, str):
        fail(f"game: required, one of the games with deck rules: {known}")
    if game not in DECK_CHECKERS:
        fail(f"game: no deck rules for {game!r}; games with deck rules: {known}")

    log_cards = doc.get("cards", [])
    if not isinstance(log_cards, list) or not all(
        isinstance(c, Mapping) and isinstance(c.get("code"), str) for c in log_cards
    ):
        errors.append(FieldError("cards", "expected a list of card definitions with a code"))
        log_cards = []
    card_sets = doc.get("card_sets", [])
    if not isinstance(card_sets, list) or not all(isinstance(s, str) for s in card_sets):
        errors.append(FieldError("card_sets", "expected a list of card set names"))
        card_sets = []
    try:
        cards = card_table(log_cards, card_sets)
    except KeyError as exc:
        errors.append(FieldError("card_sets", f"unknown card set {exc.args[0]!r}"))
        cards = {}

    checks = []
    for pid, path, deck in _decks_of(doc, errors):
        main_list = _code_list(deck.get("main"), _join(path, "main"), errors)
        ap_list = _code_list(deck.get("ap", []), _join(path, "ap"), errors)
        for part, codes in (("main", main_list), ("ap", ap_list)):
            for i, code in enumerate(codes):
                if code not in cards:
                    errors.append(
                        FieldError(f"{_join(path, part)}[{i}]", f"unknown card code {code!r}")
                    )
        checks.append((pid, main_list, ap_list))
    if errors:
        fail([str(e) for e in sorted(set(errors))])

    try:
        check = _load(DECK_CHECKERS[game])
    except (ImportError, AttributeError) as exc:
        fail(f"deck rules for {game} are not available in this installation: {exc}")
    results = []
    for pid, main_list, ap_list in checks:
        problems = check(main_list, ap_list, cards)
        results.append((pid, problems))

    if as_json:
        doc_out = {
            "game": game,
            "legal": not any(problems for _, problems in results),
            "decks": [
                {"player": pid, "legal": not problems, "problems": [p.to_dict() for p in problems]}
                for pid, problems in results
            ],
        }
        click.echo(canonical_json(doc_out))
    else:
        lines = []
        for pid, problems in results:
            label = "Deck" if pid is None else f"Deck of {pid}"
            if not problems:
                lines.append(f"{label}: legal")
                continue
            n = len(problems)
            lines.append(f"{label}: {n} problem{'s' if n != 1 else ''}")
            for p in problems:
                lines.append(f"  ✗ {p.rule}: {p.message}")
        click.echo("\n".join(lines))
    sys.exit(EXIT_FOUND if any(problems for _, problems in results) else EXIT_OK)


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


# --------------------------------------------------------------------------------------
# judge schema


@main.command("schema")
@click.argument("name", type=click.Choice(sorted(SCHEMAS)))
def schema_command(name: str) -> None:
    """Print the published JSON Schema NAME (indented, keys sorted)."""
    try:
        build = _load(SCHEMAS[name])
    except (ImportError, AttributeError) as exc:
        fail(f"the {name} schema is not available in this installation: {exc}")
    schema = build()
    click.echo(json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False))


# --------------------------------------------------------------------------------------
# judge worker


@main.command("worker", short_help="Run RQ workers that judge queued submissions.")
@click.option("--burst", is_flag=True, help="Quit once the queue is empty.")
@click.option(
    "--workers",
    "-n",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Worker processes to start.",
)
@click.option(
    "--worker-class",
    type=click.Choice(["fork", "simple", "spawn"]),
    default=None,
    help="fork: a process per job (default, or JUDGE_WORKER_CLASS); simple: jobs in the "
    "worker process; spawn: a new interpreter per job.",
)
@click.option("--queue", default=None, help="Queue name (default: JUDGE_QUEUE, else judge).")
@click.option(
    "--redis-url",
    default=None,
    metavar="URL",
    help="Redis (default: REDIS_URL, else redis://127.0.0.1:6379/0).",
)
def worker_command(
    burst: bool, workers: int, worker_class: str | None, queue: str | None, redis_url: str | None
) -> None:
    """Judge the submissions queued on Redis: start N RQ worker processes and watch them.

    This process restarts a worker process that exits, and every JUDGE_REAP_INTERVAL
    seconds settles jobs whose worker died (retried, or failed with the reason).  SIGTERM
    or Ctrl-C lets each worker finish its job and stop; a second one stops them at once.
    Settings come from the environment (JUDGE_JOB_TIMEOUT, JUDGE_JOB_RETRIES, ...; see
    docs/service.md).

    \b
    Worker classes, measured: milliseconds of wall time per job (100 random Union Arena
    games of 150-300 actions; the bare replay takes 8-12 ms; Redis on the same 2-core
    machine; median of 3 rounds; see docs/service.md):
      class    1 worker   2 workers   a job that crashes or is killed
      fork     31-32      26          the worker sees it at once and retries it
      simple   19-20       9          kills the worker: retried after the time limit
      spawn    191-226    191         like fork
    fork is the default: the fastest class that survives a job that crashes, and each
    job's memory goes back to the system when it ends.  simple judges small logs faster
    (JUDGE_WORKER_CLASS=simple) at the price of slow recovery from a crash.

    Exits 2 when the settings are wrong or Redis cannot be reached at start.
    """
    try:
        from worker.config import Settings, SettingsError
        from worker.redis_store import connect
        from worker.rqbackend import supervise
    except ImportError as exc:
        fail(f"the service is not installed ({exc}); pip install 'tcg-judge[service]'")
    try:
        settings = Settings.from_env(redis_url=redis_url, queue=queue, worker_class=worker_class)
    except SettingsError as exc:
        fail(str(exc))
    url = settings.worker_redis_url
    try:
        connect(url).ping()
    except Exception as exc:  # noqa: BLE001 - any failure to answer
        fail(f"cannot reach Redis at {url}: {exc}")
    sys.exit(supervise(settings, workers=workers, burst=burst))


# --------------------------------------------------------------------------------------
# judge serve, judge demo

#: What ``judge serve`` and ``judge demo`` say when they run without Redis.
EMBEDDED_NOTICE = (
    "embedded mode: in-process queue and worker, in-memory store; results are lost when it stops"
)


def _service_modules() -> tuple[Any, Any, Any]:
    """``(create_app, make_server, embedded_service)``, or exit 2 without the service extra."""
    try:
        from werkzeug.serving import make_server

        from api import create_app
        from worker.service import embedded_service
    except ImportError as exc:
        fail(f"the service is not installed ({exc}); pip install 'tcg-judge[service]'")
    return create_app, make_server, embedded_service


def _redacted(url: str) -> str:
    """A Redis URL without its password."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username or ''}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def _stop_service(service: Any) -> None:
    shutdown = getattr(getattr(service, "runner", None), "shutdown", None)
    if callable(shutdown):
        shutdown()


@main.command("serve", short_help="Run the HTTP API (embedded, or on Redis with REDIS_URL).")
@click.option(
    "--host", default="127.0.0.1", show_default=True, envvar="JUDGE_HOST", help="Address."
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    envvar="JUDGE_PORT",
    help="Port (0: any free port).",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=2,
    show_default=True,
    help="Embedded mode: threads that judge submissions.  With REDIS_URL the workers are "
    "`judge worker` processes and this is ignored.",
)
def serve_command(host: str, port: int, workers: int) -> None:
    """Serve the HTTP API (docs at /docs, OpenAPI at /openapi.json) with werkzeug's server.

    Without REDIS_URL the service runs embedded: submissions are queued and judged in this
    process and kept in memory, lost when it stops.  With REDIS_URL they are stored on Redis
    and judged by `judge worker` processes.  For production, run the same app under
    gunicorn: `gunicorn 'api:create_app()'` (see docs/service.md).
    """
    import os

    create_app, make_server, embedded_service = _service_modules()
    url = os.environ.get("REDIS_URL")
    if url:
        try:
            from worker.rqbackend import redis_service
        except ImportError as exc:
            fail(
                f"REDIS_URL is set but the Redis backend is not available ({exc}); "
                "unset REDIS_URL to run embedded"
            )
        service = redis_service(url)
        click.echo(
            f"redis mode: submissions stored and queued on {_redacted(url)}; "
            "judged by `judge worker` processes"
        )
        if click.get_current_context().get_parameter_source("workers").name == "COMMANDLINE":
            click.echo("note: --workers is for the embedded mode; start `judge worker -n N`")
    else:
        service = embedded_service(workers=workers)
        click.echo(EMBEDDED_NOTICE)
    try:
        server = make_server(host, port, create_app(service), threaded=True)
    except (OSError, SystemExit) as exc:  # werkzeug says why, then exits 1: make it 2
        _stop_service(service)
        fail(f"cannot listen on {host}:{port}" + (f": {exc}" if isinstance(exc, OSError) else ""))
    shown = f"[{host}]" if ":" in host else host
    base = f"http://{shown}:{server.server_port}"
    click.echo(f"serving the API on {base}/ (docs: {base}/docs); Ctrl-C stops it")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        _stop_service(service)


def _demo_log() -> tuple[bytes, str]:
    """The example full game (beside the package), else a self-play game of the sample set."""
    import judge

    path = Path(judge.__file__).resolve().parent.parent / "examples/union-arena/full-game.json"
    if path.is_file():
        return path.read_bytes(), "examples/union-arena/full-game.json"
    from judge.core.selfplay import random_game
    from judge.games.union_arena.sample import sample_envelope

    doc = random_game(sample_envelope("demo"), "demo")
    return json.dumps(doc).encode("utf-8"), "a self-play game of the ua-sample card set"


def _http_json(url: str, body: bytes | None = None) -> tuple[int, dict[str, Any]]:
    """One request to the demo's own server; its status and JSON body."""
    from urllib.error import HTTPError
    from urllib.request import Request, urlopen

    headers = {"Content-Type": "application/json"} if body is not None else {}
    request = Request(url, data=body, headers=headers, method="POST" if body else "GET")
    try:
        with urlopen(request, timeout=60) as answer:  # noqa: S310 - 127.0.0.1 only
            return answer.status, json.loads(answer.read())
    except HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


@main.command("demo", short_help="Judge an example game through the HTTP API, embedded.")
@click.option(
    "--port", type=click.IntRange(0, 65535), default=0, help="Port (default: any free port)."
)
@click.option("--exit", "exit_after", is_flag=True, help="Exit once it is shown.")
def demo_command(port: int, exit_after: bool) -> None:
    """Start the service embedded on 127.0.0.1, submit the example Union Arena game over
    HTTP, wait for its replay, print it with the URLs it is served at, and keep serving
    until Ctrl-C (or exit at once with --exit).  Needs no Redis and no network.
    """
    import threading

    from werkzeug.serving import WSGIRequestHandler

    from judge.core.export import export

    create_app, make_server, embedded_service = _service_modules()

    class Quiet(WSGIRequestHandler):
        def log_request(self, *args: Any, **kwargs: Any) -> None:
            pass

    service = embedded_service()
    try:
        server = make_server(
            "127.0.0.1", port, create_app(service), threaded=True, request_handler=Quiet
        )
    except (OSError, SystemExit) as exc:  # werkzeug says why, then exits 1: make it 2
        _stop_service(service)
        fail(
            f"cannot listen on 127.0.0.1:{port}" + (f": {exc}" if isinstance(exc, OSError) else "")
        )
    thread = threading.Thread(target=server.serve_forever, name="judge-demo", daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"

    def stop() -> None:
        server.shutdown()
        server.server_close()
        _stop_service(service)

    click.echo(EMBEDDED_NOTICE)
    log, name = _demo_log()
    status, job = _http_json(f"{base}/v1/replays", log)
    if status not in (200, 202):
        stop()
        fail(f"the service refused {name}: {job.get('detail')}: {job.get('errors')}")
    click.echo(f"POST {base}/v1/replays  ({name}) -> {status}, job {job['id']}")
    doc: dict[str, Any] = {"status": job["status"]}
    while doc["status"] not in ("finished", "failed"):
        _, doc = _http_json(f"{job['url']}?wait=30")
    if doc["status"] == "failed":
        stop()
        fail(f"the job failed: {doc.get('reason')}", EXIT_FOUND)
    click.echo(f"GET  {job['url']}?wait=30 -> {doc['status']}")
    click.echo("")
    click.echo(export(doc["replay"], "text").rstrip("\n"))
    click.echo("")
    click.echo("The replay is served at:")
    places = [
        (job["url"], "the job and its replay (JSON)"),
        (f"{job['url']}/html", "the replay as a page"),
        (f"{job['url']}/steps", "its steps, page by page"),
        (f"{base}/docs", "the API docs"),
    ]
    width = max(len(url) for url, _ in places)
    for url, what in places:
        click.echo(f"  {url.ljust(width)}  {what}")
    if exit_after:
        stop()
        return
    click.echo("Serving until Ctrl-C.")
    try:
        while thread.is_alive():
            thread.join(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        stop()


if __name__ == "__main__":  # pragma: no cover
    main()
