"""``judge demo`` and ``judge serve``, run as the commands they are (subprocesses)."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
JOB_URL = re.compile(r"http://127\.0\.0\.1:(\d+)/v1/replays/([0-9a-f]{32})")
NOTICE = (
    "embedded mode: in-process queue and worker, in-memory store; results are lost when it stops"
)


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "JUDGE_PORT")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def _judge(*args: str) -> list[str]:
    return [sys.executable, "-m", "judge", *args]


class Lines:
    """A running command whose stdout is read line by line, with a timeout per line."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def until(self, pattern: str, timeout: float = 60) -> str:
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"no line matching {pattern!r}; seen: {self.seen}") from None
            if line is None:
                err = self.proc.stderr.read() if self.proc.stderr else ""
                raise AssertionError(f"ended before {pattern!r}; seen: {self.seen}; {err}")
            self.seen.append(line)
            if re.search(pattern, line):
                return line

    def interrupt(self) -> int:
        self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)


def _get(url: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            body = answer.read()
            kind = answer.headers.get("Content-Type", "")
            return answer.status, json.loads(body) if "json" in kind else body
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_demo_exit_prints_the_replay_and_its_urls() -> None:
    done = subprocess.run(
        _judge("demo", "--exit"), capture_output=True, text=True, env=_env(), cwd=ROOT, timeout=120
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith(NOTICE)
    assert "full-game.json" in out and "-> 202" in out and "-> finished" in out
    assert "Replay: union-arena" in out  # the annotated text replay
    assert "UA-WIN-LIFE" in out
    match = JOB_URL.search(out.split("The replay is served at:")[1])
    assert match
    port, job = match.groups()
    base = f"http://127.0.0.1:{port}"
    assert f"{base}/v1/replays/{job}/html" in out
    assert f"{base}/docs" in out
    pages = out.split("The service's pages:")[1]
    assert f"{base}/record " in pages and f"{base}/position " in pages
    assert "Traceback" not in done.stderr


def test_demo_keeps_serving_until_ctrl_c() -> None:
    demo = Lines(_judge("demo"), _env())
    try:
        demo.until("^The replay is served at:")
        line = demo.until(r"/v1/replays/[0-9a-f]{32} ")
        url = JOB_URL.search(line).group(0)
        demo.until("Serving until Ctrl-C")
        status, doc = _get(url)
        assert status == 200 and doc["status"] == "finished"
        assert doc["summary"]["winner"] == "A"
        status, page = _get(url + "/html")
        assert status == 200 and b"<table" in page
        assert demo.interrupt() == 0
    finally:
        demo.close()


def test_serve_says_it_is_embedded_and_serves() -> None:
    serve = Lines(_judge("serve", "--port", "0", "--workers", "1"), _env())
    try:
        assert serve.until("mode") == NOTICE
        line = serve.until("serving the API on")
        base = re.search(r"http://127\.0\.0\.1:\d+", line).group(0)
        assert _get(base + "/healthz") == (200, {"status": "ok"})
        status, ready = _get(base + "/readyz")
        assert status == 200 and ready["workers"] == 1 and ready["mode"] == "embedded"
        assert serve.interrupt() == 0
    finally:
        serve.close()


def test_serve_with_redis_url() -> None:
    """With REDIS_URL the Redis backend serves (here: a Redis that is not there, so the
    API is up and not ready); without that backend installed, exit 2 saying so."""
    env = _env(REDIS_URL="redis://127.0.0.1:1/0")
    try:
        import worker.rqbackend  # noqa: F401
    except ImportError:
        done = subprocess.run(
            _judge("serve", "--port", "0"), capture_output=True, text=True, env=env, timeout=60
        )
        assert done.returncode == 2
        assert "a Redis URL is given but the Redis backend is not available" in done.stderr
        return
    serve = Lines(_judge("serve", "--port", "0"), env)
    try:
        assert serve.until("mode").startswith("redis mode")
        line = serve.until("serving the API on")
        base = re.search(r"http://127\.0\.0\.1:\d+", line).group(0)
        assert _get(base + "/healthz")[0] == 200
        status, problem = _get(base + "/readyz")
        assert status == 503 and problem["ready"] is False and problem["mode"] == "redis"
        assert serve.interrupt() == 0
    finally:
        serve.close()


def test_serve_takes_redis_url_as_judge_worker_does() -> None:
    """`judge serve --redis-url URL` serves on that Redis, with no REDIS_URL in the
    environment (here a Redis that is not there: up, not ready)."""
    pytest.importorskip("worker.rqbackend")
    env = {k: v for k, v in _env().items() if k != "REDIS_URL"}
    serve = Lines(_judge("serve", "--port", "0", "--redis-url", "redis://127.0.0.1:1/0"), env)
    try:
        assert serve.until("mode").startswith("redis mode")
        line = serve.until("serving the API on")
        base = re.search(r"http://127\.0\.0\.1:\d+", line).group(0)
        status, body = _get(base + "/readyz")
        assert status == 503 and body["mode"] == "redis"
        assert serve.interrupt() == 0
    finally:
        serve.close()


@pytest.mark.parametrize("command", ["serve", "demo"])
def test_a_port_in_use_exits_2(command: str) -> None:
    import socket

    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        done = subprocess.run(
            _judge(command, "--port", str(port)),
            capture_output=True,
            text=True,
            env=_env(),
            timeout=60,
        )
    assert done.returncode == 2
    assert "cannot listen" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("command", ["serve", "demo"])
def test_help(command: str) -> None:
    done = subprocess.run(_judge(command, "--help"), capture_output=True, text=True, env=_env())
    assert done.returncode == 0 and "--port" in done.stdout
