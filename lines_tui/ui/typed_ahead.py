"""Input typed before a screen showed: a dialog that drops it, and what counts as such input.

Keys wait in the app's queue while it is busy: a player who types on as a game ends (`i` `t`
again and again, the last `t` winning) has keys on the way when the name dialog opens, and they
would land in its field ("ititit") though they were typed before the dialog could be seen. Each
event carries the moment it was read from the terminal; a `DropsTypedAhead` dialog drops the
player's input from before it was first shown, as a direct start drops what is typed before its
game shows (`DirectStart`). The priority keys still act (`ctrl+q` quits).
"""

from __future__ import annotations

from typing import Any

from textual import _time, events
from textual.app import App
from textual.screen import Screen


def typed(app: App[Any], event: events.Event) -> bool:
    """Whether `event` is the player's input (a key, a paste, the mouse) that may be dropped: not
    a key bound with priority (`ctrl+q` still acts), nor an event the app passes on to a widget
    (it is not asked about again)."""
    if not isinstance(event, (events.InputEvent, events.Paste)) or event.is_forwarded:
        return False
    if isinstance(event, events.Key):
        bound = app.active_bindings.get(event.key)
        return bound is None or not bound.binding.priority
    return True


class DropsTypedAhead:
    """A mixin for dialogs: the player's input typed before the dialog was first shown is
    dropped (see the module's docstring). Put it before the Textual screen among the bases."""

    shown_at: float | None = None
    """When the dialog was first drawn (the clock of `Message.time`); None before that."""

    def _on_mount(self, event: events.Mount) -> None:
        # Not the mount: the first frame comes 30-45 ms after it, and keys typed in between
        # were typed before the player could see the dialog.
        assert isinstance(self, Screen)
        if self.shown_at is None:
            self.call_after_refresh(self._first_drawn)

    def _first_drawn(self) -> None:
        self.shown_at = _time.get_time()


def typed_ahead(app: App[Any], event: events.Event) -> bool:
    """Whether `event` is input typed before the dialog on top was shown, to be dropped."""
    stack = app.screen_stack
    screen = stack[-1] if stack else None
    if not isinstance(screen, DropsTypedAhead):
        return False
    drawn = screen.shown_at
    return (drawn is None or event.time < drawn) and typed(app, event)
