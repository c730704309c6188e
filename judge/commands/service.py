"""``judge worker``, ``judge serve`` and ``judge demo``: the service.

The service packages (Flask, Redis, RQ, the API) are imported inside the commands, never at
module level, so :mod:`judge` runs without them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from judge.commands.common import (
    EXIT_FOUND,
    fail,
)

# --------------------------------------------------------------------------------------
# judge worker


@click.command("worker", short_help="Run RQ workers that judge queued submissions.")
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
    help="simple: jobs in the worker process (default, or JUDGE_WORKER_CLASS); fork: a "
    "process per job; spawn: a new interpreter per job.",
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

    This process restarts a worker process that exits (settling at once the job it was
    running: retried, or failed with the reason), and every JUDGE_REAP_INTERVAL seconds
    settles jobs whose worker died elsewhere.  SIGTERM
    or Ctrl-C lets each worker finish its job and stop; a second one stops them at once.
    Settings come from the environment (JUDGE_JOB_TIMEOUT, JUDGE_JOB_RETRIES, ...; see
    docs/service.md).

    \b
    Worker classes, measured: milliseconds of wall time per job (100 random Union Arena
    games of 150-300 actions; the bare replay takes 11-15 ms; Redis on the same 2-core
    machine; median of 3 rounds; see docs/service.md):
      class    1 worker   2 workers   a job that crashes or is killed
      simple   25         11          the supervisor sees it at once and retries it
      fork     47         22          the worker sees it at once and retries it
      spawn    564        242         like fork
    simple is the default: about twice the throughput of fork, and as safe here (a
    heartbeat thread while a job runs; this supervisor settles a dead worker's job at
    once).  fork gives each job's memory back to the system when it ends.

    Exits 2 when the settings are wrong or Redis cannot be reached at start.
    """
    try:
        from worker.config import Settings, SettingsError, mask_secrets
        from worker.redis_store import connect
        from worker.rqbackend import supervise
    except ImportError as exc:
        fail(f"the service is not installed ({exc}); pip install 'tcg-judge[service]'")
    try:
        settings = Settings.from_env(redis_url=redis_url, queue=queue, worker_class=worker_class)
    except SettingsError as exc:
        fail(mask_secrets(str(exc), redis_url))
    url = settings.worker_redis_url
    try:
        client = connect(url)
        client.ping()
    except Exception as exc:  # noqa: BLE001 - any failure to answer
        fail(f"cannot reach Redis at {mask_secrets(url)}: {mask_secrets(str(exc), url)}")
    _warn_of_redis(client, url)
    sys.exit(supervise(settings, workers=workers, burst=burst))


def _warn_of_redis(client: Any, url: str) -> None:
    """At start, as the API warns under gunicorn: a warning on stderr when the Redis at
    ``url`` keeps nothing on disk (a restart of it then loses the accepted jobs), and one
    when it has no ``maxmemory`` or a policy that may evict queued work (one client's
    submissions can then fill the machine, or jobs vanish), or when either cannot be
    checked."""
    from worker.config import mask_secrets
    from worker.redis_store import memory_problem, persistence_problem

    for problem in (persistence_problem(client), memory_problem(client)):
        if problem:
            click.echo(
                f"warning: Redis at {mask_secrets(url)}: {mask_secrets(problem, url)}", err=True
            )


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


def _stop_service(service: Any) -> None:
    shutdown = getattr(getattr(service, "runner", None), "shutdown", None)
    if callable(shutdown):
        shutdown()


@click.command("serve", short_help="Run the HTTP API (embedded, or on Redis with REDIS_URL).")
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
@click.option(
    "--redis-url",
    default=None,
    metavar="URL",
    help="Redis to store and queue on, as `judge worker --redis-url` (default: REDIS_URL; "
    "neither: embedded).",
)
def serve_command(host: str, port: int, workers: int, redis_url: str | None = None) -> None:
    """Serve the HTTP API (docs at /docs, OpenAPI at /openapi.json, the replay viewer at
    /replays/<id>) with werkzeug's server.

    Without a Redis URL (--redis-url, else REDIS_URL) the service runs embedded:
    submissions are queued and judged in this process and kept in memory, lost when it
    stops.  With one they are stored on Redis and judged by `judge worker` processes.  For
    production, run the same app under gunicorn: `gunicorn 'api:create_app()'` (see
    docs/service.md).
    """
    import os

    create_app, make_server, embedded_service = _service_modules()
    url = redis_url or os.environ.get("REDIS_URL")
    if url:
        try:
            from worker.rqbackend import redis_service
        except ImportError as exc:
            fail(
                f"a Redis URL is given but the Redis backend is not available ({exc}); "
                "give none (unset REDIS_URL) to run embedded"
            )
        from worker.config import SettingsError, mask_secrets

        try:
            service = redis_service(url)
        except (SettingsError, ValueError) as exc:  # a setting, or a URL redis-py refuses
            fail(f"Redis URL {mask_secrets(url)}: {mask_secrets(str(exc), url)}")
        click.echo(
            f"redis mode: submissions stored and queued on {mask_secrets(url)}; "
            "judged by `judge worker` processes"
        )
        if click.get_current_context().get_parameter_source("workers").name == "COMMANDLINE":
            click.echo("note: --workers is for the embedded mode; start `judge worker -n N`")
        _warn_of_redis(service.store.client, url)
    else:
        service = embedded_service(workers=workers)
        click.echo(EMBEDDED_NOTICE)
    try:
        app = create_app(service)
    except ValueError as exc:  # a setting that cannot be used (JUDGE_TOKENS, ...): say which
        _stop_service(service)
        fail(str(exc))
    try:
        from api.serving import ProblemRequestHandler  # its own error answers as problems

        server = make_server(host, port, app, threaded=True, request_handler=ProblemRequestHandler)
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


@click.command("demo", short_help="Judge an example game through the HTTP API, embedded.")
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

    from judge.core.export import export

    create_app, make_server, embedded_service = _service_modules()
    from api.serving import ProblemRequestHandler  # its own error answers as problems

    class Quiet(ProblemRequestHandler):
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
        (f"{base}/replays/{job['id']}", "the replay viewer: the board at every step"),
        (job["url"], "the job and its replay (JSON)"),
        (f"{job['url']}/html", "the replay as a table page"),
        (f"{job['url']}/steps", "its steps, page by page"),
        (f"{base}/docs", "the API docs"),
    ]
    pages = [
        (f"{base}/record", "the scorekeeper's recorder: a match recorded as it is played"),
        (f"{base}/position", "the position editor: a table described, a question asked"),
    ]
    width = max(len(url) for url, _ in places + pages)
    for url, what in places:
        click.echo(f"  {url.ljust(width)}  {what}")
    click.echo("The service's pages:")
    for url, what in pages:
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
