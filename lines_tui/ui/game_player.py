"""Who plays a game: the registered player, read as the game starts, again now and then while
that read fails (another lines-tui holding the folder a while), and as its result is filed."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from textual.screen import Screen

from lines_tui.store import StoreError
from lines_tui.ui.session import Session
from lines_tui.ui.store_thread import load

RETRY_SECONDS = (2.0, 5.0, 10.0, 30.0)
"""How long after a failed read of the player it is read again: after the first failure, the
second, ...; every 30 s from then on, while the game is open."""


class GamePlayer:
    """The registered player of one game, read on the session's store thread: for a game resumed
    from its save, the player who played it (`saved_by`) while they are registered, whoever
    plays now (`Store.player_of_game`)."""

    def __init__(self, session: Session, saved_by: str | None = None) -> None:
        self._session = session
        self._saved_by = saved_by
        self._read: Future[str | None] | None = None
        self._failures = 0

    def read(self, screen: Screen[Any], show: Callable[[], None]) -> None:
        """Read the player, then `show()` it: the player cannot change during a game. Asked
        of the store thread before any result is written there, so a result always finds it
        read (see `name`). The first read that fails is told on `screen`; each failure is
        shown (`show()` shows whom `name` names after it, and `known` says it is not known)
        and read again later, quietly, until a read succeeds or the screen closes."""
        store, saved_by = self._session.store, self._saved_by
        read = self._read = self._session.io.submit(lambda: store.player_of_game(saved_by))

        def failed(error: StoreError) -> None:
            if not self._failures:
                screen.notify(f"The player could not be read: {error}", severity="error")
            delay = RETRY_SECONDS[min(self._failures, len(RETRY_SECONDS) - 1)]
            self._failures += 1
            show()
            screen.set_timer(delay, lambda: self._read_again(read, screen, show))

        load(screen, self._session.io, read.result, lambda _: show(), failed, group="player")

    def _read_again(
        self, failed: Future[str | None], screen: Screen[Any], show: Callable[[], None]
    ) -> None:
        if self._read is failed:  # not read meanwhile, as a result was filed (`filing`)
            self.read(screen, show)

    @property
    def known(self) -> bool:
        """Whether the player has been read: False before the first read has answered and
        while the reads fail."""
        read = self._read
        return read is not None and read.done() and read.exception() is None

    @property
    def unread(self) -> bool:
        """Whether a read has failed and none has succeeded since (before the first read has
        answered, the player is neither known nor unread)."""
        return self._failures > 0 and not self.known

    @property
    def name(self) -> str | None:
        """The registered player of this game; None for a guest. While the player is not
        `known` (it always is once a result is recorded: `filing`), the one who plays this run
        only, whom the store knows without the file (`Store.playing_this_run`), else None: the
        name its save gives is anyone's to edit, shown only once the store has found it."""
        return self._read_or(self._session.store.playing_this_run)

    @property
    def saved_as(self) -> str | None:
        """The player its save names: this game's, once read; until then the one its own save
        named, or who plays this run only (None: a guest, as far as is known)."""
        return self._read_or(self._saved_by or self._session.store.playing_this_run)

    def _read_or(self, unknown: str | None) -> str | None:
        """The player read, or `unknown` while they are not known."""
        read = self._read
        if read is not None and self.known:
            return read.result()
        return unknown

    def new_game(self, screen: Screen[Any], show: Callable[[], None]) -> None:
        """The resumed game was given up for another on the same screen (a new deal, a
        restart): that one is whoever plays now's, not the save's player's. Read again."""
        if self._saved_by is not None:
            self._saved_by = None
            self.read(screen, show)

    def filing(self) -> str | None:
        """On the store thread, as a result is filed: the registered player of this game (None
        for a guest), read again now if the read at its start failed (a lock held a moment, an
        I/O error): one failed read does not make a registered player's game a guest's.
        StoreError if it fails again (the result is then kept to try again)."""
        read = self._read
        if read is not None and read.done() and read.exception() is None:
            return read.result()
        player = self._session.store.player_of_game(self._saved_by)
        known: Future[str | None] = Future()
        known.set_result(player)
        self._read = known  # `name` knows it from now on
        return player
