"""The layers point one way: the core and the games below the schemas, the schemas below the
service (the API and the workers), and the command line above them all.  The core and the schemas ask
the games registry (``judge.games``: its engines, its checkers of documents) for what lies
above them, never import it; nothing below the command line imports it.

Read from the source with ``ast``: every ``import`` and ``from … import`` of a module, at its
top or inside a function (an import deferred to a call still makes the layer depend on the
one it names).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: a package (or module) -> the packages its modules must not import
RULES: dict[str, tuple[str, ...]] = {
    "judge.core": ("schemas", "api", "worker", "judge.cli", "judge.commands"),
    "schemas": ("api", "worker", "judge.cli", "judge.commands"),
    "judge.games": ("schemas", "api", "worker", "judge.cli", "judge.commands"),
    "api": ("judge.cli", "judge.commands"),
    "worker": ("judge.cli", "judge.commands"),
}


def modules_of(package: str) -> list[tuple[str, Path]]:
    base = ROOT.joinpath(*package.split("."))
    found = []
    for path in sorted(base.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found.append((".".join(parts), path))
    return found


def imports_of(module: str, path: Path) -> set[str]:
    """Every module name ``path`` imports (relative imports resolved against ``module``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                stem = ".".join([*base, node.module] if node.module else base)
            else:
                stem = node.module or ""
            names.add(stem)
            names.update(f"{stem}.{alias.name}" for alias in node.names)
    return names


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_imports_of_finds_deferred_and_relative_imports(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text("import os\ndef f():\n    from schemas.api import X\n    from . import y\n")
    names = imports_of("judge.core.m", source)
    assert {"os", "schemas.api", "judge.core.y"} <= names
    assert within("schemas.api", "schemas") and not within("schemasx", "schemas")


@pytest.mark.parametrize("package", sorted(RULES))
def test_no_layer_imports_one_above_it(package: str) -> None:
    modules = modules_of(package)
    assert modules, f"no modules found under {package}"
    wrong = sorted(
        f"{module} imports {name}"
        for module, path in modules
        for name in imports_of(module, path)
        if any(within(name, above) for above in RULES[package])
    )
    assert not wrong, "\n".join(wrong)
