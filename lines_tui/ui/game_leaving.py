"""Leaving a game: it is saved first, and one that cannot be saved is left only once the player
agrees to lose it (README, "Saving and resuming")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen

from lines_tui.store import SavedGameKept, StoreError
from lines_tui.ui import store_thread
from lines_tui.ui.dialogs import ConfirmScreen, after_asking
from lines_tui.ui.game_keeper import NOT_SAVED, GameKeeper
from lines_tui.ui.store_thread import unfinished_save, write

SAVING_SLOWLY = "Saving this game: waiting for the disk…"
"""Told when leaving waits for a save that the disk is slow to answer."""
SLOW_SAVE_AFTER = 0.5
"""Seconds a save that leaving waits for may take before the player is told it is under way."""


class Leaving:
    """Leaving the game of `screen`, kept by `keeper`: `play_on()` goes on with a game the
    player chose not to leave."""

    def __init__(
        self, screen: Screen[Any], keeper: GameKeeper, play_on: Callable[[], None]
    ) -> None:
        self._screen = screen
        self._keeper = keeper
        self._play_on = play_on
        self.under_way = False
        """Leaving has saved the game (or waits for its save, or the player's answer)."""

    def leave(self, then: Callable[[], object], *, quitting: bool = False) -> None:
        """Save the game, then `then()` (close the screen, or the app when `quitting`). A game
        in progress waits for its save; if the store refuses it (a saved game kept: one that
        could not be read, or another copy's; a lock held, a full or read-only disk), the game
        is left only once the player agrees to lose it, and `n` plays on (`play_on`). A quit
        while that is under way quits at once: the player is being asked already (README,
        "Saving and resuming")."""
        if self.under_way:
            if quitting:
                then()
            return
        self.under_way = True
        keeper, screen = self._keeper, self._screen
        change = keeper.change_now(keeper.data_to_save())
        if change is None or keeper.finished:
            if change is not None:
                keeper.change(change, NOT_SAVED)
            then()
            return

        # The store usually answers at once; a stalled disk must not look like a dead key, and
        # one that does not answer (a hung network folder) must not keep the player for ever.
        slow = screen.set_timer(
            SLOW_SAVE_AFTER, lambda: screen.app.notify(SAVING_SLOWLY, markup=False)
        )
        unfinished = screen.set_timer(
            store_thread.LAST_CALLS_WAIT, lambda: refused(StoreError(unfinished_save()))
        )
        question: ConfirmScreen | None = None

        def saved(_: None) -> None:
            slow.stop()
            unfinished.stop()
            if question is None:
                then()
            elif screen.app.screen is question:
                question.dismiss(True)  # saved after all: nothing is lost, so leave as asked

        def stayed() -> None:
            self.under_way = False
            self._play_on()

        def refused(error: StoreError) -> None:
            nonlocal question
            slow.stop()
            unfinished.stop()
            if question is not None:
                return  # the player is being asked already: the answer decides
            reason = keeper.kept_because() if isinstance(error, SavedGameKept) else str(error)
            verb = "Quit" if quitting else "Leave"
            question = after_asking(
                screen.app,
                True,
                f"This game cannot be saved ({reason}). {verb} and lose it?",
                f"{verb} without saving?",
                then,
                stayed,
            )

        write(screen, keeper.io, change, saved, refused)

    def save_unless_left(self) -> None:
        """The screen goes away (the app ends, the connection drops): keep the game, unless
        leaving it has already."""
        if not self.under_way:
            self.under_way = True
            self._keeper.save()
