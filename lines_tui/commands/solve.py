"""`lines-tui solve POSITION.json`."""

from __future__ import annotations

from lines_tui.commands.common import fail


def solve() -> None:
    fail("the solver is not built yet")
