"""Another copy of lines-tui, or the command line, writing the scores while a screen shows them:
the screen reads them again (README, "Leaderboards")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen

from lines_tui.store import StoreError
from lines_tui.store.score_file import Stamp
from lines_tui.ui.store_thread import StoreThread, load

LOOK_EVERY = 2.0
"""Seconds between two looks at the scores file (a stat, on the store thread)."""


class OutsideChanges:
    """Looks at the scores file every `LOOK_EVERY` seconds while `screen` is on top, and calls
    `changed()` when it was written since the read the screen shows (`shown`). The screen says
    when it reads (`reading`) and what that read found (`shown`), so that its own reads are
    never taken for a change."""

    def __init__(
        self,
        screen: Screen[Any],
        thread: StoreThread,
        stamp: Callable[[], Stamp],
        changed: Callable[[], None],
    ) -> None:
        self._screen = screen
        self._thread = thread
        self._stamp = stamp
        self._changed = changed
        self._shown: Stamp = None
        self._unshown = False
        """The last read was not shown (the screen changed meanwhile): read again at the next
        look, whatever the stamp."""
        self._read = False
        """A read is shown, its stamp in `_shown` (not while one is under way, nor after one
        failed: what failed to read is not read again every few seconds, each time told)."""

    def watch(self) -> None:
        self._screen.set_interval(LOOK_EVERY, self._look)

    def reading(self) -> None:
        self._read = False

    def shown(self, stamp: Stamp) -> None:
        self._shown = stamp
        self._unshown = False
        self._read = True

    def not_shown(self) -> None:
        """The read that came was dropped: the next look reads again."""
        self._unshown = True
        self._read = True

    def _look(self) -> None:
        if not self._read or not self._screen.is_active:
            return  # a read under way shows what is there; one covered waits to be seen

        def ignored(error: StoreError) -> None:
            """A stamp cannot fail (a file not to be looked at is None); the next look tries
            again."""

        load(self._screen, self._thread, self._stamp, self._compare, ignored, group="outside")

    def _compare(self, stamp: Stamp) -> None:
        if not self._screen.is_active:
            return  # a dialog came over it meanwhile: the next look, once it is gone
        if self._read and (self._unshown or stamp != self._shown):
            self._read = False
            self._changed()
