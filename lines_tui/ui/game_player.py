"""Who plays a game: the registered player, read as the game starts and again as its result is
filed if that read failed."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from textual.screen import Screen

from lines_tui.ui.session import Session
from lines_tui.ui.store_thread import load

GUEST_NAME = "Guest"
"""Who played a game when no registered player did (a challenge code still names someone)."""


class GamePlayer:
    """The registered player of one game, read on the session's store thread."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self._read: Future[str | None] | None = None

    def read(self, screen: Screen[Any], show: Callable[[], None]) -> None:
        """Read the player once, then `show()` it: the player cannot change during a game. Asked
        of the store thread before any result is written there, so a result always finds it
        read (see `name`). A read that fails is told on `screen`."""
        store = self._session.store
        self._read = self._session.io.submit(lambda: store.active_player)
        load(
            screen,
            self._session.io,
            self._read.result,
            lambda _: show(),
            lambda error: screen.notify(f"The player could not be read: {error}", severity="error"),
            group="player",
        )

    @property
    def name(self) -> str | None:
        """The registered player of this game; None for a guest, or while the player has not
        been read (it always has been once a result is recorded: `filing`), or if it could
        not be."""
        read = self._read
        if read is None or not read.done() or read.exception() is not None:
            return None
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
