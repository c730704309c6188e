"""The exporter contract: the three callbacks :func:`~judge.core.export.walk` calls, and
``result``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class Exporter:
    """Base class of every exporter: all three callbacks default to doing nothing.

    Subclasses override what they need and :meth:`result`.  An exporter instance is meant
    for one walk.
    """

    def begin(self, replay: Mapping[str, Any]) -> None:
        """Called once, before the first step, with the whole replay."""

    def step(self, step: Mapping[str, Any]) -> None:
        """Called once per step, in the replay's order."""

    def end(self, replay: Mapping[str, Any]) -> None:
        """Called once, after the last step, with the whole replay."""

    def result(self) -> str:
        """The accumulated output."""
        raise NotImplementedError
