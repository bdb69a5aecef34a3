"""The result to beat, told as a game on one deal's table starts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen

from lines_tui.outside_text import printable
from lines_tui.store import Entry, TableId, format_value
from lines_tui.ui.session import Session
from lines_tui.ui.store_thread import load


def tell_what_to_beat(
    screen: Screen[Any], session: Session, table: TableId, over: Callable[[], bool]
) -> None:
    """A game on one deal's table (a challenge, a deal chosen by number, the deal of the day)
    says at its start the best result there that holds up by replay, the one to beat
    (README, "Challenges"). The table is replayed on the store's thread; `over()` says the game
    has ended meanwhile."""
    if table.mode == "random":
        return
    store = session.store
    checker = session.checkers().own()

    def read(best: Entry | None) -> None:
        # A game resumed over (a win whose time was filed meanwhile) has its own last word.
        if best is not None and not over():
            value = format_value(table, best.value)
            screen.notify(f"To beat: {value} by {printable(best.name)}.")

    load(
        screen,
        session.io,
        lambda: store.result_to_beat(table, checker),
        read,
        lambda error: screen.notify(
            f"The leaderboard could not be read: {error}", severity="error"
        ),
        group="to-beat",
    )
