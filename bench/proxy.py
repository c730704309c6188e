"""Slow clients with and without the reverse proxy: ``/healthz`` while idle half-sent requests
hold connections, against the API directly and through nginx (``deploy/nginx.conf.template``).

Run: ``python bench/proxy.py`` (``--count 2100 --seconds 40 --kind mixed``).  It starts a
private ``redis-server``, the API under gunicorn as in production (the Dockerfile's command:
``api.serving.GeventWorker``, 2 processes of 1000 connections) and nginx with the shipped
template, all on loopback, then twice (API directly, then through nginx):

1. opens ``--count`` connections from 40 loopback addresses (127.0.0.10-49), each having
   sent half a request and then idle (``--kind``: ``bodies``, stopped in a body of 100,000
   promised bytes; ``headers``, stopped in its headers; ``mixed``, alternately);
2. probes ``/healthz`` from 127.0.0.2 every 0.25 s for ``--seconds`` (each probe given 5 s
   before it counts as unanswered) and prints how many answered and their p50 and max;
3. closes them, waits for ``/healthz`` to answer again.

The figures of docs/service.md ("Deploying") come from it.  The same attack is the test
``tests/system/test_proxy.py::test_healthz_answers_through_the_proxy_while_2100_half_sent_requests_wait``
(through the proxy only; this script shows what it is without).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def _load(name: str, path: Path) -> ModuleType:
    """A test helper module by its path (``tests/`` is not a package)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def attack(port: int, count: int, kind: str, seconds: float, proxy_mod: ModuleType) -> str:
    socks = proxy_mod.half_sent(port, count, kind)
    try:
        times = proxy_mod.probe_for(port, seconds)
    finally:
        proxy_mod.close_all(socks)
    return proxy_mod.summary(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2100)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--kind", choices=("headers", "bodies", "mixed"), default="bodies")
    args = parser.parse_args()

    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    from worker.testing import RedisServer, wait_until

    conftest = _load("system_conftest", REPO / "tests" / "system" / "conftest.py")
    proxy_mod = _load("system_test_proxy", REPO / "tests" / "system" / "test_proxy.py")
    with tempfile.TemporaryDirectory(prefix="bench-proxy-") as tmp:
        directory = Path(tmp)
        (directory / "redis").mkdir()
        redis = RedisServer(directory / "redis").start()
        api = conftest.Api("gunicorn", redis.url, {}, directory / "api.log").start()
        front = proxy_mod.Proxy(f"127.0.0.1:{api.port}")
        try:
            print(
                f"{args.count} idle half-sent requests ({args.kind}), /healthz every 0.25 s "
                f"for {args.seconds:g} s (5 s per probe):"
            )
            for label, port in (("the API directly", api.port), ("through nginx", front.port)):
                result = attack(port, args.count, args.kind, args.seconds, proxy_mod)
                print(f"  {label:17} {result}")
                wait_until(lambda port=port: proxy_mod.healthz(port) < 5, 60, "/healthz again")
                time.sleep(1)
        finally:
            front.stop()
            api.stop()
            redis.stop()


if __name__ == "__main__":
    main()
