"""Keeping a game to resume: its saves, its saved game removed once it is over or abandoned, and
the panel's "not saved" mark while the store keeps another saved game in its place (README,
"Saving and resuming")."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from textual.screen import Screen

from lines_tui.store import SavedGameKept, StoreError
from lines_tui.ui.session import GAME_NAMES, SavedGame, Session
from lines_tui.ui.status_line import NOT_SAVED_CLASS
from lines_tui.ui.store_thread import still_there, write

NOT_SAVED = "The game could not be saved"
"""The notice of a save the store refused, before its reason."""


class GameKeeper:
    """Keeps the game of `screen` in its saved game of `kind` (`slot`), every change on the
    session's store thread, in the order asked, so a turn never waits for the disk. `finished()`
    says the game is over (nothing is left to resume), `saved_data()` gives it as JSON-ready
    data to resume (None: nothing worth keeping)."""

    def __init__(
        self,
        screen: Screen[Any],
        session: Session,
        kind: SavedGame,
        *,
        finished: Callable[[], bool],
        saved_data: Callable[[], dict[str, Any] | None],
    ) -> None:
        self._screen = screen
        self.io = session.io
        """The store thread every change runs on."""
        self.kind = kind
        self._finished = finished
        self._saved_data = saved_data
        self.slot = session.slot(kind)
        """Where this game keeps itself (on the store thread only)."""
        self._told_kept = False
        """The player was told that this game is not saved over a saved game the store keeps
        (one that could not be read, or another copy's)."""
        self._began_over_unread = kind in session.unread
        """The saved game there could not be read when this game began (which of the two reasons
        `kept_because` gives)."""
        self._told_failure: str | None = None
        """Why the last change failed, told once (None: the last change went through)."""
        self._filing = False
        """A finished game's result is being written: the store thread keeps or removes the
        saved game once it is (`settle_after_filing`), so nothing else changes it meanwhile."""

    @property
    def finished(self) -> bool:
        """The game is over: nothing is left to resume."""
        return self._finished()

    def save(self) -> dict[str, Any] | None:
        """Keep the game for the next start, or clear it once it is over, on the store thread
        (the app waits for it before it exits). What is saved (None: the saved game is cleared,
        or there is nothing worth keeping)."""
        data = self.data_to_save()
        change = self.change_now(data)
        if change is not None:
            self.change(change, NOT_SAVED)
        return data

    def data_to_save(self) -> dict[str, Any] | None:
        """The game to save now (None: it is over, or not worth keeping); a copy, since the game
        goes on changing while the thread writes it."""
        return None if self.finished else copy.deepcopy(self._saved_data())

    def change_now(self, data: dict[str, Any] | None) -> Callable[[], None] | None:
        """What keeps the game now: the save of `data` (`data_to_save`), the saved game's
        removal once it is over, or None when there is nothing worth keeping, or while its
        result is written (the result's filing settles the saved game: `settle_after_filing`)."""
        if self._filing:
            return None
        slot = self.slot
        if self.finished:
            return slot.clear
        if data is None:
            return None
        return lambda: slot.save(data)

    def settle_after_filing(self, settle: Callable[[], None]) -> None:
        """A finished game's result is being written (`file_result`): `settle` keeps or removes
        the saved game on the store thread once it is, and until `filing_answered` no save or
        removal of the game's own changes it (`change_now`)."""
        self._filing = True
        self.change(settle, NOT_SAVED)

    def filing_answered(self) -> None:
        """The result's answer reached the screen: the game's saves go through again."""
        self._filing = False

    def change(self, change: Callable[[], None], failed: str) -> None:
        """`change` (a save or a removal of the saved game) on the store thread. A store that
        fails (a full disk, a locked-out folder) gets a notice, `failed: why`, even after the
        screen is gone, and never ends the game; failing again for the same reason (every move
        on a full disk) it is not told again. A saved game kept because it could not be read
        when this game began, or because another copy saved one (SavedGameKept), is told once.
        Either way the panel marks the game "not saved" (`NotSavedMark`) until a change goes
        through again."""
        app = self._screen.app

        def done(_: None) -> None:
            self._told_kept = False  # refused again later, it is told again
            self._told_failure = None
            self._mark_not_saved(False)

        def refused(error: StoreError) -> None:
            self._mark_not_saved(not self.finished)
            if not isinstance(error, SavedGameKept):
                if str(error) != self._told_failure:
                    self._told_failure = str(error)
                    app.notify(f"{failed}: {error}", severity="error")
                return
            if not self._told_kept:
                self._told_kept = True
                told = (
                    f"This game is not saved: {self.kept_because()} and is kept."
                    if self._began_over_unread
                    # Short enough for Mahjong's status row beside its panel at 80 columns.
                    else "Not saved: another lines-tui saved a "
                    f"{GAME_NAMES[self.kind]} game; it is kept."
                )
                app.notify(told, severity="warning")

        write(app, self.io, change, done, refused)

    def _mark_not_saved(self, shown: bool) -> None:
        """Show or hide the panel's "not saved" mark, while the screen is still there."""
        if still_there(self._screen):
            self._screen.set_class(shown, NOT_SAVED_CLASS)

    def abandon(self) -> None:
        """The player agreed to lose the game in progress (a new game or deal, a restart): its
        save goes now. What replaces it may have nothing worth saving yet (a deal with no pair
        taken), and the old game would come back at the next start. If this fails, the new
        game's first save replaces the old one anyway (unless the saved game could not be read
        when this game began: then neither replaces it)."""
        other = self.slot.other_saved_game()  # asked about (a finished game's new deal)
        if self.data_to_save() is not None:
            self.change(self.slot.clear, "The old game could not be removed")
        if other is not None:
            self.change(self.slot.adopt_saved, "The saved game could not be read")

    def kept_because(self) -> str:
        """Why the store keeps the saved game this one would replace."""
        name = GAME_NAMES[self.kind]
        if self._began_over_unread:
            return f"your saved {name} game could not be read"
        return f"another copy of lines-tui saved a {name} game meanwhile"
