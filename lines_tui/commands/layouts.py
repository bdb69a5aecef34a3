"""`lines-tui layouts` and `lines-tui deal`."""

from __future__ import annotations

from lines_tui.commands.common import fail


def list_layouts() -> None:
    fail("layouts are not built yet")


def deal() -> None:
    fail("deals are not built yet")
