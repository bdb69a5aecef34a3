"""`lines-tui` (the menu), `lines-tui lines` and `lines-tui mahjong`: start the Textual app."""

from __future__ import annotations

from lines_tui.commands.common import Settings, fail


def open_menu(settings: Settings) -> None:
    fail("the app is not built yet")


def lines() -> None:
    fail("the app is not built yet")


def mahjong() -> None:
    fail("the app is not built yet")
