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
    """The best result that holds up by replay on the deal's table of a game on one deal (a
    challenge, a deal chosen by number, the deal of the day), the one to beat (README,
    "Challenges"), for the game on `screen`. `player()` is the game's player, whose own best
    is "your own", or `owner()`'s ("Ann's own") when the game is another player's, resumed."""

    def __init__(
        self,
        screen: Screen[Any],
        session: Session,
        player: Callable[[], str | None],
        owner: Callable[[], str | None],
        guest: Callable[[], bool],
        resumed_line: Callable[[], str],
    ) -> None:
        """`guest()`: a guest plays, as far as is known, whose Lines score is not saved;
        `resumed_line()`: the status line while it still says the game was resumed, else ""
        (the result to beat follows it rather than taking its place)."""
        self._screen = screen
        self._resumed_line = resumed_line
        self._session = session
        self._player = player
        self._owner = owner
        self._guest = guest
        self._table: TableId | None = None
        self._entry: Entry | None = None

    def tell(self, table: TableId, over: Callable[[], bool]) -> None:
        """Say the result to beat on `table`, once the table is replayed on the store's
        thread; `over()` says the game has ended meanwhile (its own last word stays). Asked
        again (the deal played again from its start, or another deal), it reads the table
        again: the game's own earlier result may be the one to beat now. An answer for a
        table no longer played is dropped (a slow disk, and a new deal meanwhile)."""
        self._table, self._entry = table, None
        if table.mode == "random":
            return
        screen, store = self._screen, self._session.store
        checker = self._session.checkers().own()

        def read(best: Entry | None) -> None:
            if table != self._table:
                return
            self._entry = best
            if best is not None and not over():
                # A challenge started from the command line told a guest only once it ended.
                unsaved = unsaved_for_guest(table, REGISTER_IN_APP) if self._guest() else ""
                told = f"To beat: {self._told(table, best)}.{unsaved}"
                # A guest's line has no room left for it: how to register was cut short.
                resumed = "" if unsaved else self._resumed_line()
                screen.notify(f"{resumed} {told}" if resumed else told)

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
        yet. It weighs the results alone: whether this one is saved, the game says."""
        best = self._entry
        if best is None or table != self._table:
            return ""
        margin = race_margin(table, value, best.value)
        by = format_margin(table, margin)
        value_to_beat = format_value(table, best.value)
        whose = self._whose_own(best)
        if whose is None:
            theirs = f"{printable(best.name)}'s {value_to_beat}"
            ahead, tie, behind = f"You beat {theirs}", f"A tie with {theirs}", f"{theirs} stays"
        else:
            best_of = f"{whose[:1].upper()}{whose[1:]} best, {value_to_beat},"
            ahead, tie = f"{best_of} beaten", f"The same as {whose} best, {value_to_beat}"
            behind = f"{best_of} stays"
        if margin > 0:
            return f"{ahead} by {by}!"
        return f"{tie}." if margin == 0 else f"{behind} ahead, by {by}."

    def _told(self, table: TableId, best: Entry) -> str:
        """The result to beat as the game starts: "2275 by Ann", "your own 2275"."""
        return best_told(table, best, self._whose_own(best))

    def _whose_own(self, best: Entry) -> str | None:
        return whose_own(best, self._player(), self._owner())


REGISTER_IN_APP = "register under Players first"
"""How a guest told that a race's score would not be saved registers, in the app."""


def unsaved_for_guest(table: TableId, register: str) -> str:
    """What a race on `table` (a challenge offered, the result to beat told) adds for a guest,
    told how to `register`: a guest's Lines score is not saved (README, "Players and names"),
    said before the race rather than after it. A guest's Mahjong time is saved under the name
    typed after the win: "" then."""
    if table.kind != "lines":
        return ""
    return f" Playing as a guest, your score would not be saved ({register})."


def whose_own(best: Entry, player: str | None, owner: str | None = None) -> str | None:
    """Whose own result `best` is, if `player`'s: "your", or "Ann's" when the game is `owner`
    Ann's, which another player resumed (it is filed under Ann); None for anyone else's."""
    if player is None or not same_name(best.name, player):
        return None
    return "your" if owner is None else f"{printable(owner)}'s"


def best_told(table: TableId, best: Entry, whose: str | None) -> str:
    """The result to beat on `table`: "2275 by Ann", or "your own 2275" when it is `whose`
    ("your", "Ann's") own."""
    value = format_value(table, best.value)
    return f"{value} by {printable(best.name)}" if whose is None else f"{whose} own {value}"
