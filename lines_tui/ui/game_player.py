"""Who plays a game: the registered player, read as the game starts and again as its result is
filed if that read failed."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from textual.screen import Screen

from lines_tui.store import StoreError
from lines_tui.ui.session import Session
from lines_tui.ui.store_thread import load


class GamePlayer:
    """The registered player of one game, read on the session's store thread."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self._read: Future[str | None] | None = None

    def read(self, screen: Screen[Any], show: Callable[[], None]) -> None:
        """Read the player once, then `show()` it: the player cannot change during a game. Asked
        of the store thread before any result is written there, so a result always finds it
        read (see `name`). A read that fails is told on `screen`, then `show()` shows whom
        `name` names after it."""
        store = self._session.store
        self._read = self._session.io.submit(lambda: store.active_player)

        def failed(error: StoreError) -> None:
            screen.notify(f"The player could not be read: {error}", severity="error")
            show()

        load(screen, self._session.io, self._read.result, lambda _: show(), failed, group="player")

    @property
    def name(self) -> str | None:
        """The registered player of this game; None for a guest, or while the player has not
        been read (it always has been once a result is recorded: `filing`). If the read
        failed, the one who plays this run only, whom the store knows without the file
        (`Store.playing_this_run`), else None."""
        read = self._read
        if read is None or not read.done():
            return None
        if read.exception() is not None:
            return self._session.store.playing_this_run
        return read.result()

    def filing(self) -> str | None:
        """On the store thread, as a result is filed: the registered player of this game (None
        for a guest), read again now if the read at its start failed (a lock held a moment, an
        I/O error): one failed read does not make a registered player's game a guest's.
        StoreError if it fails again (the result is then kept to try again)."""
        read = self._read
        if read is not None and read.done() and read.exception() is None:
            return read.result()
        player = self._session.store.active_player
        known: Future[str | None] = Future()
        known.set_result(player)
        self._read = known  # `name` knows it from now on
        return player
