"""Schemathesis against ``/openapi.json``, in-process on the Flask app (embedded backend).

Every operation gets schema-driven requests, valid and invalid (the coverage and fuzzing
phases, a bounded number of examples each), and every answer is checked: never a 5xx, a
status code and content type the document lists, headers and bodies that match their
schemas, invalid input refused.

One check is left out: ``positive_data_acceptance`` ("a request the schema allows is
accepted").  The action log's JSON Schema checks shape only; what needs the whole document
(player ids among ``players``, one deck per player, card codes defined) is checked by the
server and cannot be said in JSON Schema, so schema-valid logs are rightly refused with a
400 naming the field.

Requests on a job (``/v1/replays/{replay_id}…``) are also sent with the id of a real,
finished job, so the random ``perspective``, ``wait``, ``offset`` and ``limit`` reach the
code behind the 404.

The coverage phase is exhaustive, not random: it sends every boundary of every schema, and
the bodies of three operations (a log, a deck, a card set: :data:`THINNED`) make 12,000 of
its 13,600 requests, most of a run's 40-50 s.  Their share is sized by ``JUDGE_TEST_SCALE``
as the random searches are (``tests/scale.py``): at the default scale a fixed two in five
of those cases are sent (chosen by a hash of the request, the same every run), from 2.5
(CI's) every one.

Those cases are made when the test runs, not when it is collected (:class:`DeferredCoverage`):
schemathesis makes them while collecting, 13 s of each process's collection here, and every
process of ``pytest -n`` collects this module though one runs it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")
import hashlib  # noqa: E402

from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import positive_data_acceptance  # noqa: E402

from api import create_app  # noqa: E402
from tests.scale import SCALE, scaled  # noqa: E402
from worker.service import embedded_service  # noqa: E402


class DeferredCoverage(list):
    """One operation's explicit examples, the coverage phase's cases made when Hypothesis
    first reads them (when the test runs) instead of when the test is collected.

    Why: schemathesis makes every coverage case of every operation while pytest collects
    (``add_coverage`` in ``schemathesis.generation.hypothesis.builder``, about 13 s of one
    process here), and under ``pytest -n`` every process collects every test, though one
    runs this module: 13 s of CPU a process, before any of them runs a test.  Deferred,
    the cases are the same cases in the same order (the eager function makes them, on a
    holder, when first read), so what is sent does not change; a schemathesis that no
    longer has ``add_coverage`` with this signature is used as it is (only slower), and
    ``test_the_coverage_cases_are_made_when_the_test_runs`` says so."""

    def __init__(self, before: list[Any], make: Any) -> None:
        super().__init__(before)
        self._make: Any = make

    def _made(self) -> DeferredCoverage:
        if self._make is not None:
            make, self._make = self._make, None
            self.extend(make())
        return self

    def __iter__(self) -> Iterator[Any]:
        return list.__iter__(self._made())

    def __reversed__(self) -> Iterator[Any]:
        return list.__reversed__(self._made())

    def __len__(self) -> int:
        return list.__len__(self._made())

    def __getitem__(self, index: Any) -> Any:
        return list.__getitem__(self._made(), index)

    def release(self) -> None:
        """Drop the cases made, once their test has run: the 13,000 cases and what they
        hold (some 470,000 objects) would otherwise live, and be walked by every full
        garbage collection of the process, until the run ends."""
        if self._make is None:
            list.clear(self)


def _defer_coverage() -> bool:
    """Have schemathesis's coverage cases made when the test runs (:class:`DeferredCoverage`);
    whether it could."""
    import inspect

    from schemathesis.generation.hypothesis import builder

    eager = getattr(builder, "add_coverage", None)
    mark = getattr(builder, "UnserializablePayloadMark", None)
    if eager is None or mark is None:
        return False
    if tuple(inspect.signature(eager).parameters)[:2] != ("test", "operation"):
        return False

    def deferred(test: Any, operation: Any, *args: Any, **kwargs: Any) -> Any:
        def make() -> list[Any]:
            holder = type("Holder", (), {})()  # takes the examples and marks as a test would
            eager(holder, operation, *args, **kwargs)
            unserializable = mark.get(holder)
            if unserializable:
                mark.set(test, unserializable)
            return list(getattr(holder, "hypothesis_explicit_examples", ()))

        before = list(getattr(test, "hypothesis_explicit_examples", ()))
        test.hypothesis_explicit_examples = DeferredCoverage(before, make)
        return test

    builder.add_coverage = deferred
    return True


DEFERRED = _defer_coverage()

# The app is made when the module is imported: schemathesis's pytest integration needs the
# schema then (its lazy loader, ``from_fixture``, does not work with pytest 9.2).
SERVICE = embedded_service(workers=2)
APP = create_app(SERVICE)
schema = schemathesis.openapi.from_wsgi("/openapi.json", APP)


@pytest.fixture(scope="module")
def app_and_job(full_game: dict[str, Any]) -> Iterator[tuple[Any, str]]:
    client = APP.test_client()
    answer = client.post("/v1/replays", data=json.dumps(full_game), content_type="application/json")
    job = answer.get_json()["id"]
    assert client.get(f"/v1/replays/{job}?wait=30").get_json()["status"] == "finished"
    yield APP, job
    SERVICE.runner.shutdown()


@pytest.fixture(autouse=True)
def _release_the_cases(request: pytest.FixtureRequest) -> Iterator[None]:
    """An operation's deferred cases are dropped when its test ends
    (:meth:`DeferredCoverage.release`)."""
    yield
    examples = getattr(getattr(request.node, "obj", None), "hypothesis_explicit_examples", None)
    if isinstance(examples, DeferredCoverage):
        examples.release()


#: the operations whose coverage cases are thinned at a scale under 2.5 (see the docstring)
THINNED = {("POST", "/v1/replays"), ("POST", "/v1/decks/check"), ("POST", "/v1/card-sets")}
#: the share of their coverage cases sent: all from CI's scale (2.5) up
SENT = min(1.0, SCALE / 2.5)


def sent(case: Any) -> bool:
    """Whether ``case`` is sent at this scale: every case but the coverage phase's of the
    :data:`THINNED` operations, and of those a fixed share, by a hash of the request."""
    phase = getattr(getattr(getattr(case, "meta", None), "phase", None), "name", None)
    if SENT >= 1 or phase != "coverage" or (case.method.upper(), case.path) not in THINNED:
        return True
    request = repr((case.method, case.path, case.query, case.headers, case.body))
    digest = int(hashlib.sha256(request.encode("utf-8", "replace")).hexdigest()[:8], 16)
    return digest % 1000 < SENT * 1000


@schema.parametrize()
@settings(
    max_examples=scaled(10),
    deadline=None,
    derandomize=True,  # the same requests every run: a failure here is never a fluke
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_no_server_error_and_answers_match_the_document(
    case: Any, app_and_job: tuple[Any, str]
) -> None:
    if not sent(case):
        return
    case.call_and_validate(excluded_checks=[positive_data_acceptance])
    if case.path_parameters and "replay_id" in case.path_parameters:
        _, job = app_and_job
        case.path_parameters = {**case.path_parameters, "replay_id": job}
        case.call_and_validate(excluded_checks=[positive_data_acceptance])


def test_the_coverage_cases_are_made_when_the_test_runs(request: pytest.FixtureRequest) -> None:
    """Collecting the schemathesis test made none of its coverage cases (so the processes
    of ``pytest -n`` that never run it do not pay for them), and an operation's deferred
    examples, once read, are its coverage phase's cases after its schema's own examples."""
    assert DEFERRED, "schemathesis changed: its coverage cases are made while collecting again"
    module = request.node.parent  # collected again: what every process of ``-n`` does
    made = [
        node
        for node in module.collect()
        if node.name == "test_no_server_error_and_answers_match_the_document"
    ]
    items = [item for node in made for item in node.collect()]
    assert len(items) > 20, items
    lists = {item.name: item.obj.hypothesis_explicit_examples for item in items}
    assert all(isinstance(examples, DeferredCoverage) for examples in lists.values())
    assert all(examples._make is not None for examples in lists.values())  # none made yet
    steps = next(
        examples
        for name, examples in lists.items()
        if name.endswith("[GET /v1/replays/{replay_id}/steps]")
    )
    cases = [example.kwargs["case"] for example in steps]  # read: made now, if not yet
    phases = [case.meta.phase.name.value for case in cases]
    assert phases.count("coverage") > 10, phases
    first = phases.index("coverage")
    assert set(phases[first:]) == {"coverage"}, phases  # attached last: Hypothesis runs them first
    assert {case.path for case in cases} == {"/v1/replays/{replay_id}/steps"}
