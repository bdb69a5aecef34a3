"""The app ends once every screen on its stack is up.

Textual takes the screens' widgets away as the app shuts down, those of a screen still being
put up too: that screen's `on_mount` then finds its own widgets gone, and the app ended in a
traceback. A key typed just ahead of ctrl+q (`t` then ctrl+q in one burst, as a slow connection
delivers them) did that to the Today dialog, in two ways: the dialog was still being put up
when ctrl+q came, or the menu's entry opened it after ctrl+q (the app had already taken the key
on to the menu). So the end waits for a screen being put up, a bounded number of short waits (a
screen that never comes up cannot keep the app from ending), and nothing opens once it is asked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App

MOUNT_CHECK_SECONDS = 0.01
MOUNT_CHECKS = 100
"""At most a second in all: putting a screen up takes a few milliseconds."""


class Ending:
    """Whether the app is ending, and its end put off while a screen is still being put up."""

    def __init__(self, app: App[Any]) -> None:
        self._app = app
        self._checks_left = MOUNT_CHECKS
        self.asked = False
        """The app was told to end: what the player types from then on is not for it."""

    def end(self, exit_now: Callable[[], None]) -> None:
        """Call `exit_now` once every screen on the stack has mounted (or the waits run out)."""
        self.asked = True
        mounting = any(not screen.is_mounted for screen in self._app.screen_stack)
        if mounting and self._checks_left:
            self._checks_left -= 1
            self._app.set_timer(MOUNT_CHECK_SECONDS, lambda: self.end(exit_now))
            return
        exit_now()
