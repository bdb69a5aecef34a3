"""What a won Mahjong game leads to: the name entry when the time makes the top 10, the time
recorded in its table, its save cleared once that is settled, and a challenge code for a friend
(README, "Challenges").
The line that says so is the screen's, since it names the screen's keys."""

from __future__ import annotations

import math
from collections.abc import Callable

from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.store import (
    Entry,
    RecordOutcome,
    TableId,
    clean_name,
    codes,
    format_value,
    tenths,
)
from lines_tui.store.replay import record_of_mahjong
from lines_tui.ui.dialogs import CodeScreen
from lines_tui.ui.game_screen import GUEST_NAME, GameScreen
from lines_tui.ui.scores import NameEntryScreen
from lines_tui.ui.store_thread import load


class WinResults:
    """The results of the game `game()` on `screen`, which plays for the table `table()`."""

    def __init__(
        self,
        screen: GameScreen,
        game: Callable[[], MahjongGame],
        table: Callable[[], TableId],
    ) -> None:
        self._screen = screen
        self._game = game
        self._table = table
        self._won_at: float | None = None
        self._recorded_as: str | None = None
        """The name the time was saved under, if it was."""
        self.pending = False
        """Won, and the time neither saved nor turned down yet: the won game stays saved, so
        quitting at the name prompt (or a dropped connection) loses nothing; resumed, it asks
        again."""

    def _now(self) -> float:
        return self._screen.session.clock()

    def _when(self) -> float:
        """When the game was won: the date of its entry and of its challenge code."""
        return self._now() if self._won_at is None else self._won_at

    def cleared_in(self) -> str:
        """The winning time to the tenth, as its table keeps it (0:30 in one place and 0:31.0
        in another would read as two times)."""
        return format_value(self._table(), tenths(self._game().elapsed(self._when())))

    def celebrate(self) -> None:
        """Ask for a name if the time qualifies; the won game stays saved until that is
        settled."""
        screen = self._screen
        self._won_at, self._recorded_as = self._now(), None
        seconds = self._game().elapsed(self._won_at)
        store, table = screen.session.store, self._table()
        self.pending = True
        screen.refresh_bindings()
        screen.save_game()

        def ask_name(qualifies: bool) -> None:
            if not qualifies:
                screen.notify(f"Cleared in {self.cleared_in()}: not fast enough for the top 10.")
                self._settle()
                return
            screen.app.push_screen(
                NameEntryScreen(default=screen.player or ""),
                callback=lambda name: self._record(name, seconds),
            )

        load(
            screen,
            screen.session.io,
            lambda: store.mahjong_qualifies(table, seconds),
            ask_name,
            lambda error: screen.notify(
                f"The leaderboard could not be read: {error}", severity="error"
            ),
            group="qualifies",
        )

    @property
    def can_challenge(self) -> bool:
        """The game is won and its moves make a record a friend's copy can be checked against."""
        game = self._game()
        return game.won and record_of_mahjong(game) is not None

    def challenge(self) -> None:
        """A challenge code of this win: a friend plays the same deal, for its table, against
        this time. Its entry is the one saved in the table (the name typed, the time of the win),
        so importing it where the result is saved adds nothing."""
        game = self._game()
        record = record_of_mahjong(game)
        if not game.won or record is None:
            return
        screen = self._screen
        seconds = game.elapsed(self._now())
        name = self._recorded_as or screen.player or GUEST_NAME
        entry = Entry(name, tenths(seconds), math.floor(self._when()), game.seed, record)
        code = codes.challenge(self._table(), entry)
        screen.app.copy_to_clipboard(code)
        screen.app.push_screen(
            CodeScreen(
                code,
                "Sent to the clipboard (or select it below). A friend pastes it in Import or runs "
                "lines-tui challenge CODE.",
                "Challenge",
            )
        )

    def _settle(self) -> None:
        """The time is saved or turned down: a won game has nothing left to resume."""
        self.pending = False
        self._screen.save_game()

    def _record(self, name: str | None, seconds: float) -> None:
        screen = self._screen
        if not name:
            screen.notify("The time was not saved.")
            self._settle()
            return
        game = self._game()
        table, seed, when = self._table(), game.seed, self._when()
        record = record_of_mahjong(game)

        def recorded(outcome: RecordOutcome) -> None:
            if outcome.saved:
                self._recorded_as = clean_name(name)  # as the store saved it
                self._settle()
                screen.show_leaderboard(outcome)
            else:  # kept pending: resumed, the game asks again
                screen.notify(f"The time was not saved: {outcome.reason}.")

        screen.record_result(
            str(table),
            lambda store: store.record_mahjong(name, table, seconds, seed, when, record),
            recorded,
        )
