"""The rewritten test modules made ahead of a parallel run (``tests/bytecode.py``), checked
against pytest's own rewriting: a module it rewrote is fresh, a module changed since is
stale again, and the warm-up leaves every stale module of a run fresh."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.bytecode import AT_LEAST, is_stale, modules_of, rewritten_pyc, warm


def a_module(folder: Path, name: str, body: str = "1 + 1 == 2") -> Path:
    path = folder / f"{name}.py"
    path.write_text(f"def test_it():\n    assert {body}\n", "utf-8")
    return path


def collect(folder: Path, *modules: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0"]
        + ["-p", "no:cacheprovider", *map(str, modules)],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_module_pytest_rewrote_is_fresh_until_it_changes(tmp_path: Path) -> None:
    module = a_module(tmp_path, "test_one")
    assert is_stale(module)
    collect(tmp_path, module)
    assert rewritten_pyc(module).is_file()  # where pytest wrote it
    assert not is_stale(module)
    a_module(tmp_path, "test_one", body="2 + 2 == 4")
    assert is_stale(module)


def test_the_warm_up_leaves_a_runs_stale_modules_fresh_and_then_does_nothing(
    tmp_path: Path,
) -> None:
    modules = [a_module(tmp_path, f"test_m{i}", f"{i} == {i}") for i in range(AT_LEAST)]
    a_module(tmp_path, "helper")  # not a test module: not rewritten, not counted
    assert modules_of([tmp_path]) == sorted(m.resolve() for m in modules)
    assert all(is_stale(m) for m in modules)
    said = warm(tmp_path, [str(tmp_path)])
    assert said is not None and said.startswith(f"{AT_LEAST} test modules rewritten"), said
    assert not [m for m in modules if is_stale(m)]
    assert warm(tmp_path, [str(tmp_path)]) is None  # nothing stale: nothing started


def test_a_run_of_fewer_modules_than_the_bound_is_left_to_its_processes(tmp_path: Path) -> None:
    modules = [a_module(tmp_path, f"test_m{i}") for i in range(AT_LEAST - 1)]
    assert warm(tmp_path, [f"{m}::test_it" for m in modules]) is None
    assert all(is_stale(m) for m in modules)
