"""The reverse proxy of compose.yaml (nginx with ``deploy/nginx.conf.template``) in front of a
real gunicorn API: idle half-sent requests never reach the API, and the proxy's own answers
are problems with the security headers.

Found (issue 19): 2,100 clients that send half a request and then wait exhausted the API
(2 gunicorn processes of 1000 connections each): ``/healthz`` timed out 8 of 8 times over
40 s.  With nginx in front, nginx holds those connections (a request reaches gunicorn only
once it is whole: request buffering), drops them after ``client_header_timeout`` /
``client_body_timeout`` (10 s), and ``/healthz`` through it keeps answering.
``bench/proxy.py`` measures ``/healthz`` during the same attack with and without the proxy.

The file nginx runs is the shipped template with only its three variables filled in
(``envsubst`` as compose.yaml's ``proxy`` does): the API's loopback address, a free port, a
temporary directory.  The probes come from 127.0.0.2.  The attack comes from 40 addresses
(127.0.0.10-49, about 53 connections each: under the proxy's 64 per address, so that what
holds them off is its buffering and its timeouts).  Everything is on loopback, bounded in
count and time, and closed at the end.  Skipped without nginx (``apt-get install nginx``; ``.ci/run`` installs it).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import resource
import select
import shutil
import socket
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from worker.testing import REPO, free_port, wait_until

pytestmark = pytest.mark.redis

NGINX = shutil.which("nginx") or next(
    (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(p, os.X_OK)), None
)
ENVSUBST = shutil.which("envsubst")
TEMPLATE = REPO / "deploy" / "nginx.conf.template"
#: the template's variables: the only parts of the file a deployment (or a test) sets
VARIABLES = ("API_UPSTREAM", "PROXY_PORT", "NGINX_RUN")

#: the attack: idle requests stopped in their bodies (the finding's count; gunicorn itself
#: drops a request stopped in its headers after its 2 s keep-alive timeout)
HALF_SENT = 2100
#: /healthz probes: one every PROBE_EVERY s for PROBE_FOR s (past the proxy's 10 s timeouts)
PROBE_FOR, PROBE_EVERY = 13.0, 0.25
#: seconds a probe may take before it counts as no answer at all
PROBE_TIMEOUT = 5.0
#: where the probes come from (another client address than the attack's 127.0.0.1)
PROBE_ADDRESS = "127.0.0.2"


def require_nginx() -> tuple[str, str]:
    if NGINX is None:
        pytest.skip("nginx is not installed (apt-get install nginx): the proxy tests run it")
    if ENVSUBST is None:
        pytest.skip("envsubst (gettext-base) is not installed: it fills in the nginx template")
    return NGINX, ENVSUBST


def raise_open_files(needed: int) -> None:
    """This process (and what it starts) may open ``needed`` files: the soft limit raised
    towards the hard one; a skip, saying so, when the hard limit is lower."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < needed:
        pytest.skip(f"RLIMIT_NOFILE's hard limit is {hard}: the attack needs {needed} sockets")
    if soft != resource.RLIM_INFINITY and soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


# -- nginx -----------------------------------------------------------------------------------------


class Proxy:
    """nginx running the shipped template in front of ``upstream`` (``host:port``)."""

    def __init__(self, upstream: str) -> None:
        nginx, envsubst = require_nginx()
        # a directory of its own outside pytest's 0700 ones: nginx's workers (nobody, when
        # the tests run as root) write their temporary files there
        self.run = Path(tempfile.mkdtemp(prefix="judge-nginx-"))
        self.run.chmod(0o755)
        self.port = free_port()
        values = {
            "API_UPSTREAM": upstream,
            "PROXY_PORT": str(self.port),
            "NGINX_RUN": str(self.run),
        }
        self.conf = self.run / "nginx.conf"
        self.conf.write_text(
            subprocess.run(
                [envsubst, " ".join(f"${{{name}}}" for name in VARIABLES)],
                input=TEMPLATE.read_text(),
                capture_output=True,
                text=True,
                check=True,
                env={**os.environ, **values},
            ).stdout
        )
        self.log = self.run / "nginx.log"
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [nginx, "-c", str(self.conf), "-p", str(self.run), "-e", "stderr"],
                stdout=out,
                stderr=out,
                start_new_session=True,
            )

        def up() -> bool:
            assert self.proc.poll() is None, f"nginx exited:\n{self.tail()}"
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=1),
            ):
                return True
            return False

        wait_until(up, 15, "nginx accepts connections")

    def tail(self, chars: int = 3000) -> str:
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else ""

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.run, ignore_errors=True)


@pytest.fixture
def proxy() -> Iterator[Callable[[str], Proxy]]:
    """``proxy("127.0.0.1:PORT") -> Proxy``: nginx in front of that API, stopped after."""
    started: list[Proxy] = []

    def start(upstream: str) -> Proxy:
        started.append(Proxy(upstream))
        return started[-1]

    yield start
    for one in started:
        one.stop()


# -- clients ---------------------------------------------------------------------------------------


def healthz(port: int, source: str = PROBE_ADDRESS) -> float:
    """Seconds until ``/healthz`` on ``port`` answered 200, from ``source``; ``inf`` when it
    did not within :data:`PROBE_TIMEOUT` (or failed)."""
    clock = time.monotonic()
    conn = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=PROBE_TIMEOUT, source_address=(source, 0)
    )
    try:
        conn.request("GET", "/healthz")
        resp = conn.getresponse()
        resp.read()
        return time.monotonic() - clock if resp.status == 200 else float("inf")
    except (OSError, http.client.HTTPException):
        return float("inf")
    finally:
        conn.close()


def probe_for(port: int, seconds: float, every: float = PROBE_EVERY) -> list[float]:
    times: list[float] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        times.append(healthz(port))
        time.sleep(every)
    return times


def summary(times: list[float]) -> str:
    answered = sorted(t for t in times if t != float("inf"))
    if not answered:
        return f"0 of {len(times)} probes answered"
    return (
        f"{len(answered)} of {len(times)} probes answered; p50 {statistics.median(answered) * 1000:.1f} ms, "
        f"max {answered[-1] * 1000:.1f} ms"
    )


#: a request stopped in its headers (no blank line yet)
HALF_HEADERS = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Waiting: "
#: a request stopped in its body (100,000 bytes promised, 10 sent)
HALF_BODY = (
    "POST /v1/replays HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    'Content-Length: 100000\r\n\r\n{"game": '
)


#: where the attack comes from: 40 addresses, about 53 connections each (under the proxy's
#: 64 per address, so what holds them off is its buffering and timeouts, not that limit)
ATTACK_ADDRESSES = tuple(f"127.0.0.{i}" for i in range(10, 50))


def half_sent(port: int, count: int, kind: str = "bodies") -> list[socket.socket]:
    """``count`` connections to ``port`` from :data:`ATTACK_ADDRESSES` in turn, each having
    sent half a request, then idle: stopped in its body (``bodies``, :data:`HALF_BODY`),
    in its headers (``headers``), or alternately (``mixed``)."""
    heads = {"bodies": [HALF_BODY], "headers": [HALF_HEADERS], "mixed": [HALF_HEADERS, HALF_BODY]}
    socks = []
    try:
        for i in range(count):
            source = ATTACK_ADDRESSES[i % len(ATTACK_ADDRESSES)]
            sock = socket.create_connection(
                ("127.0.0.1", port), timeout=10, source_address=(source, 0)
            )
            socks.append(sock)
            sock.sendall(heads[kind][i % len(heads[kind])].encode())
    except BaseException:
        close_all(socks)
        raise
    return socks


def close_all(socks: list[socket.socket]) -> None:
    for sock in socks:
        with contextlib.suppress(OSError):
            sock.close()


def closed_by_peer(sock: socket.socket, timeout: float) -> bool:
    """Whether the other end closed ``sock`` (whatever it said first) within ``timeout`` s."""
    sock.settimeout(timeout)
    try:
        while sock.recv(65536):
            pass
    except TimeoutError:
        return False
    except OSError:  # a reset: closed too
        return True
    return True


# -- the attack --------------------------------------------------------------------------------------


def test_healthz_answers_through_the_proxy_while_2100_half_sent_requests_wait(
    system: Any, proxy: Callable[[str], Proxy]
) -> None:
    """2,100 idle half-sent requests to the proxy in front of the production API (gunicorn,
    2 processes of 1000 connections, on Redis): ``/healthz`` through the proxy answers every
    probe for 13 s, and the proxy has closed every half-sent connection by its 10 s
    timeouts (within a 30 s bound)."""
    raise_open_files(HALF_SENT + 500)
    sys_ = system(workers=0)
    front = proxy(f"127.0.0.1:{sys_.api.port}")
    assert healthz(front.port) < PROBE_TIMEOUT, front.tail()

    opened = time.monotonic()
    attack = half_sent(front.port, HALF_SENT)
    try:
        times = probe_for(front.port, PROBE_FOR)
        print(f"/healthz through the proxy during {HALF_SENT} half-sent requests: {summary(times)}")
        still_open = [
            sock
            for sock in attack
            if not closed_by_peer(sock, max(0.1, opened + 30 - time.monotonic()))
        ]
    finally:
        close_all(attack)
    missed = [t for t in times if t == float("inf")]
    assert not missed, f"{summary(times)}\n{front.tail()}"
    assert not still_open, f"{len(still_open)} half-sent connections still open after 30 s"
    assert healthz(front.port) < PROBE_TIMEOUT


# -- the proxy's own answers ------------------------------------------------------------------------

#: name: (the raw request, the status the proxy answers)
PROXY_ANSWERS = {
    "request line over 8 KiB": ("GET /" + "a" * 9000 + " HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    "a header over 8 KiB": (
        "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + "a" * 9000 + "\r\n\r\n",
        431,
    ),
    "a request line that is not one": ("GARBAGE\r\n\r\n", 400),
    "the proxy's own problem location": ("GET /_problem HTTP/1.1\r\nHost: x\r\n\r\n", 404),
    "a chunk size zz": (
        "POST /v1/replays HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
        400,
    ),
    "a body over JUDGE_MAX_BODY": (
        "POST /v1/replays HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        "Content-Length: 6000000\r\n\r\n{",
        413,
    ),
}


def exchange(
    port: int, raw: str, timeout: float = 10, source: str | None = None
) -> tuple[int, dict[str, str], bytes]:
    """One request's answer; ``source``: the local address to connect from."""
    where = (source, 0) if source else None
    with socket.create_connection(
        ("127.0.0.1", port), timeout=timeout, source_address=where
    ) as sock:
        sock.sendall(raw.encode("latin-1"))
        answer = http.client.HTTPResponse(sock)
        answer.begin()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()


def proxy_problem_failures(answer: tuple[int, dict[str, str], bytes], status: int) -> list[str]:
    """What is wrong with ``answer`` as the proxy's own problem of ``status``."""
    from api.errors import PROBLEM_JSON
    from api.security import HEADERS

    got, headers, body = answer
    wrong = []
    if got != status:
        wrong.append(f"status {got}, not {status}")
    if headers.get("content-type") != PROBLEM_JSON:
        wrong.append(f"content type {headers.get('content-type')}: {body[:200]!r}")
    for name, value in HEADERS.items():
        if headers.get(name.lower()) != value:
            wrong.append(f"{name}: {headers.get(name.lower())!r}, not {value!r}")
    policy = headers.get("content-security-policy", "")
    for directive in ("default-src 'none'", "frame-ancestors 'none'", "base-uri 'none'"):
        if directive not in policy:
            wrong.append(f"policy {policy!r} without {directive}")
    retry = headers.get("retry-after")
    if (retry == "5") != (status in (429, 502, 503, 504)):
        wrong.append(f"Retry-After: {retry!r} on a {status}")
    try:
        problem = json.loads(body)
        if problem.get("status") != status or not problem.get("title"):
            wrong.append(f"problem {problem}")
    except ValueError:
        wrong.append(f"body not JSON: {body[:200]!r}")
    return wrong


def test_the_proxys_own_answers_are_problems_with_the_security_headers(
    api_server: Any, proxy: Callable[[str], Proxy]
) -> None:
    """What nginx answers by itself (414, 431, 400, 413, 429 over the per-address connection
    limit, 502 once the API is gone) is ``application/problem+json`` with the headers of
    ``api/security.py``; what the API answers (a 404) passes through as the API's."""
    from api.security import content_security_policy

    api = api_server(url=None, workers=1)
    front = proxy(f"127.0.0.1:{api.port}")
    wrong = {}
    for name, (raw, status) in PROXY_ANSWERS.items():
        found = proxy_problem_failures(exchange(front.port, raw), status)
        if found:
            wrong[name] = found

    # 64 requests under way from one address (bodies half sent): the 65th is a 429.  From an
    # address of their own (the requests above may still be counted against theirs while
    # nginx finishes them: a 413's lingering close), and opened one at a time: 64 opened at
    # once and then sent had the 64th refused while 63 stood, on nginx 1.22
    one = "127.0.0.5"
    held: list[socket.socket] = []
    try:
        for _ in range(64):
            sock = socket.create_connection(
                ("127.0.0.1", front.port), timeout=10, source_address=(one, 0)
            )
            held.append(sock)
            sock.sendall(HALF_BODY.encode())
            if select.select([sock], [], [], 0.02)[0]:
                wrong["a connection within the limit answered"] = [repr(sock.recv(200))]
        # nginx counts each once it has read its headers, which on a busy machine may take
        # longer than any fixed wait: ask again (an answered probe does not stay open, so it
        # never counts itself) until a 429 comes or 5 s have passed (the held requests'
        # body timeout is 10 s)
        deadline = time.monotonic() + 5
        while True:
            answer = exchange(front.port, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", source=one)
            if answer[0] == 429 or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        found = proxy_problem_failures(answer, 429)
        if found:
            wrong["the 65th connection from one address"] = found
        for sock in held:  # and none of the 64 was refused: the limit is 64, not fewer
            sock.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                wrong["a connection within the limit answered"] = [repr(sock.recv(200))]
    finally:
        close_all(held)

    status, headers, body = exchange(
        front.port, "GET /no-such-path HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    if status != 404 or headers.get("content-security-policy") != content_security_policy():
        wrong["the API's 404 passed through"] = [f"{status} {headers}"]
    if json.loads(body).get("instance") != "/no-such-path":
        wrong["the API's 404 passed through"] = [body.decode(errors="replace")]

    api.stop()
    found = proxy_problem_failures(
        exchange(front.port, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"), 502
    )
    if found:
        wrong["the API gone"] = found
    assert not wrong, f"{json.dumps(wrong, indent=1)}\n{front.tail()}"


# -- the shipped deployment files -------------------------------------------------------------------


def _defaults(text: str) -> str:
    """``text`` as compose interpolates it with nothing set: ``${X:-d}`` is ``d``."""
    return re.sub(r"\$\{[A-Z_]+:-([^}]*)\}", r"\1", text)


def test_compose_is_safe_by_default() -> None:
    """Found (issue 19): no ``restart:`` policies, Redis without a password or ``maxmemory``,
    ``JUDGE_TOKENS`` commented out, port 8000 published on every interface, no proxy.  Now
    each holds in compose.yaml, and the images are pinned by digest."""
    yaml = pytest.importorskip("yaml", reason="PyYAML (schemathesis needs it) reads compose.yaml")
    services = yaml.safe_load((REPO / "compose.yaml").read_text())["services"]
    assert set(services) >= {"redis", "api", "worker", "proxy"}
    for name, service in services.items():
        assert service.get("restart") in ("unless-stopped", "always", "on-failure"), name
        if "image" in service:
            assert re.search(r"@sha256:[0-9a-f]{64}$", service["image"]), service["image"]

    redis_command = " ".join(services["redis"]["command"])
    assert '--requirepass "$$REDIS_PASSWORD"' in redis_command
    assert "--maxmemory-policy noeviction" in redis_command
    assert "--maxmemory " in redis_command and "--appendonly yes" in redis_command
    assert services["redis"]["environment"]["REDIS_PASSWORD"].startswith("${REDIS_PASSWORD:?")

    api = services["api"]
    assert "ports" not in api, "the API is reached through the proxy only"
    assert api["environment"]["JUDGE_TOKENS"].startswith("${JUDGE_TOKENS:?")
    assert api["environment"]["JUDGE_TRUSTED_PROXIES"] == "1"
    for name in ("api", "worker"):
        url = services[name]["environment"]["REDIS_URL"]
        assert url.startswith("redis://:${REDIS_PASSWORD:?") and url.endswith("@redis:6379/0")

    proxy = services["proxy"]
    assert [_defaults(p) for p in proxy["ports"]] == ["127.0.0.1:8000:8080"]
    assert proxy["volumes"] == [
        "./deploy/nginx.conf.template:/etc/nginx/tcg-judge.conf.template:ro"
    ]
    command = " ".join(proxy["command"])
    assert "envsubst '" + " ".join(f"$${{{v}}}" for v in VARIABLES) + "'" in command
    assert proxy["environment"]["PROXY_PORT"] == "8080"


def test_the_image_and_ci_use_the_pins_and_the_problem_worker() -> None:
    """The Dockerfile builds from a digest and with constraints.txt, which CI and the
    README's set-up commands use too; its command is the serving of the system tests."""
    dockerfile = (REPO / "Dockerfile").read_text()
    froms = re.findall(r"^FROM (\S+)", dockerfile, re.M)
    assert froms and all(re.search(r"@sha256:[0-9a-f]{64}$", f) for f in froms), froms
    assert (
        'pip wheel --no-cache-dir --wheel-dir /wheels -c constraints.txt ".[service]"' in dockerfile
    )
    assert (
        "--worker-class api.serving.GeventWorker --workers 2 --worker-connections 1000"
        in dockerfile
    )
    conftest = (REPO / "tests" / "system" / "conftest.py").read_text()
    assert '"--worker-class", "api.serving.GeventWorker"' in conftest
    pinned = "python3 -m pip install -c constraints.txt -e '.[test]' && python3 -m pytest"
    assert pinned in (REPO / ".ci" / "run").read_text()
    setup = (REPO / "README.md").read_text().split("\n\n")[1].splitlines()
    assert setup[1].strip() == pinned and "-c constraints.txt" in setup[0], setup
    constraints = (REPO / "constraints.txt").read_text()
    for name in ("flask", "gunicorn", "gevent", "redis", "rq", "pytest"):
        assert re.search(rf"^{name}==", constraints, re.M | re.I), name


def test_the_proxy_template_agrees_with_the_api() -> None:
    """The proxy's body limit is the API's ``JUDGE_MAX_BODY`` default, and it waits for an
    answer longer than the longest long-poll."""
    from api import DEFAULT_MAX_BODY
    from schemas.api import MAX_WAIT

    template = TEMPLATE.read_text()
    size = re.search(r"^\s*client_max_body_size (\d+)m;", template, re.M)
    assert size and int(size.group(1)) * 1024 * 1024 == DEFAULT_MAX_BODY
    assert f"over the limit of {DEFAULT_MAX_BODY} bytes" in template
    read = re.search(r"^\s*proxy_read_timeout (\d+)s;", template, re.M)
    assert read and int(read.group(1)) > MAX_WAIT
    assert set(re.findall(r"\$\{([A-Z_]+)\}", template)) == set(VARIABLES)
