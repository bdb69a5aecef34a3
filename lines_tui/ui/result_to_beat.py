"""The result to beat: told as a game on one deal's table starts, and weighed against the game's
own result at its end."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen

from lines_tui.outside_text import printable
from lines_tui.store import Entry, TableId, format_margin, format_value, race_margin
from lines_tui.store.names import same_name
from lines_tui.ui.session import Session
from lines_tui.ui.store_thread import load


class ResultToBeat:
    """The best result there that holds up by replay on the deal's table of a game on one deal
    (a challenge, a deal chosen by number, the deal of the day), the one to beat (README,
    "Challenges"), for the game on `screen`; `player()` is who plays it (their own best is
    "your own")."""

    def __init__(
        self, screen: Screen[Any], session: Session, player: Callable[[], str | None]
    ) -> None:
        self._screen = screen
        self._session = session
        self._player = player
        self._table: TableId | None = None
        self._entry: Entry | None = None

    def tell(self, table: TableId, over: Callable[[], bool]) -> None:
        """Say the result to beat on `table`, once the table is replayed on the store's
        thread; `over()` says the game has ended meanwhile (its own last word stays). Asked
        again (the deal played again from its start), it reads the table again: the game's
        own earlier result may be the one to beat now."""
        self._table, self._entry = table, None
        if table.mode == "random":
            return
        screen, store = self._screen, self._session.store
        checker = self._session.checkers().own()

        def read(best: Entry | None) -> None:
            self._table, self._entry = table, best
            if best is not None and not over():
                value = format_value(table, best.value)
                told = (
                    f"your own {value}" if self._own(best) else f"{value} by {printable(best.name)}"
                )
                screen.notify(f"To beat: {told}.")

        load(
            screen,
            self._session.io,
            lambda: store.result_to_beat(table, checker),
            read,
            lambda error: screen.notify(
                f"The leaderboard could not be read: {error}", severity="error"
            ),
            group="to-beat",
        )

    def race_said(self, table: TableId, value: int) -> str:
        """How the result `value` of a game on `table` fared against the result to beat there
        ("You beat Ann's 2275 by 120 points!"); "" when there was none, or it is not known
        yet."""
        best = self._entry
        if best is None or table != self._table:
            return ""
        margin = race_margin(table, value, best.value)
        by = format_margin(table, margin)
        theirs = format_value(table, best.value)
        if self._own(best):
            if margin > 0:
                return f"A new best: yours was {theirs}, beaten by {by}!"
            if margin == 0:
                return f"The same as your best, {theirs}."
            return f"Your best, {theirs}, stays ahead, by {by}."
        theirs = f"{printable(best.name)}'s {theirs}"
        if margin > 0:
            return f"You beat {theirs} by {by}!"
        if margin == 0:
            return f"A tie with {theirs}."
        return f"{theirs} stays ahead, by {by}."

    def _own(self, best: Entry) -> bool:
        player = self._player()
        return player is not None and same_name(best.name, player)
