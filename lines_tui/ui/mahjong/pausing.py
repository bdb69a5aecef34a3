"""Pausing a Mahjong game: the player's pause (p), which hides the board, and the clock's own
pause while another screen is over the board, since the clock counts active play only."""

from __future__ import annotations

from collections.abc import Callable

from textual.screen import Screen

from lines_tui.engine.mahjong.game import MahjongGame


class Pausing:
    """The pauses of `game()` on `screen`, whose class -paused covers the board; `now()` is the
    screen's clock (`GameScreen.now`)."""

    def __init__(
        self, screen: Screen[None], game: Callable[[], MahjongGame], now: Callable[[], float]
    ) -> None:
        self._screen = screen
        self._game = game
        self._now = now

    @property
    def paused(self) -> bool:
        """The player paused (p): the board is hidden. Not the clock's pause while help or a
        dialog is over the board, whose keys go to that screen anyway."""
        return self._screen.has_class("-paused")

    def toggle(self) -> None:
        """Pause, or resume a paused game."""
        now, game = self._now(), self._game()
        paused = not self.paused
        if paused and not game.paused:
            game.pause(now)
        elif not paused and game.paused:
            game.resume(now)
        self._screen.set_class(paused, "-paused")

    def suspend(self) -> None:
        """Help, a dialog or the enlarge cover over the board: the clock stops as in a pause."""
        game = self._game()
        if not game.paused:
            game.pause(self._now())

    def play_on(self) -> None:
        """The board is back (saving or a screen over it paused the clock): the clock runs on,
        unless the player paused, which keeps its cover."""
        game = self._game()
        if game.paused and not self.paused:
            game.resume(self._now())

    def end(self) -> None:
        """The game starts again or another replaces it: no pause of either kind is left."""
        game = self._game()
        if game.paused:
            game.resume(self._now())
        self._screen.set_class(False, "-paused")
