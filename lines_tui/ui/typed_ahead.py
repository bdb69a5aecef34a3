"""Input typed before a screen showed: a dialog that drops it, and what counts as such input.

Keys wait in the app's queue while it is busy: a player who types on as a game ends (`i` `t`
again and again, the last `t` winning) has keys on the way when the name dialog opens, and they
would land in its field ("ititit") though they were typed before the dialog could be seen. Each
event carries the moment it was read from the terminal; a `DropsTypedAhead` dialog drops the
player's input from before it was first shown, as a direct start drops what is typed before its
game shows (`DirectStart`). The priority keys still act (`ctrl+q` quits).

A dialog that a game's own key opens (the name prompt after the winning pair, the end of a Lines
game) drops input for a moment after it is drawn too (`TYPED_ON_GUARD`): the keys typed on with
the last move reach the terminal after the first frame as often as before it, and would edit the
prefilled name or answer the dialog unseen.
"""

from __future__ import annotations

from typing import Any

from textual import _time, events
from textual.app import App
from textual.binding import BindingsMap
from textual.screen import Screen


def typed(app: App[Any], event: events.Event) -> bool:
    """Whether `event` is the player's input (a key, a paste, the mouse) that may be dropped: not
    a key bound with priority (`ctrl+q` still acts), nor an event the app passes on to a widget
    (it is not asked about again)."""
    if not isinstance(event, (events.InputEvent, events.Paste)) or event.is_forwarded:
        return False
    if isinstance(event, events.Key):
        return not bound_with_priority(app, event.key)
    return True


def bound_with_priority(app: App[Any], key: str) -> bool:
    """Whether `key` acts before any screen has it: bound with priority on the screen, or by the
    app. On a dialog `active_bindings` lists the dialog's bindings only (Textual stops at a
    modal screen), a `ctrl+q` it binds to show in its footer not a priority one, or none; the
    app's priority `ctrl+q` quits there all the same."""
    bound = app.active_bindings.get(key)
    if bound is not None and bound.binding.priority:
        return True
    return any(
        binding.priority for binding in BindingsMap(app.BINDINGS).key_to_bindings.get(key, [])
    )


TYPED_ON_GUARD = 0.4
"""Seconds after a dialog opened by a game key is first drawn during which the player's input is
still dropped. A player typing on with the last move (a face letter, `i` `t`) cannot stop the
keys already on the way: it takes a simple reaction time (about 0.2-0.25 s) to see the dialog,
and a fast player's next one or two keys (at 6-8 keys a second, 0.12-0.17 s apart) are out by
then. 0.4 s covers both; a deliberate edit comes later, as the player first reads the dialog and
finds the key (a choice reaction, 0.5 s and more), and one made sooner is simply typed again."""


class DropsTypedAhead:
    """A mixin for dialogs: the player's input typed before the dialog was first shown is
    dropped (see the module's docstring). Put it before the Textual screen among the bases."""

    shown_at: float | None = None
    """When the dialog was first drawn (the clock of `Message.time`); None before that."""
    guard: float = 0.0
    """Seconds after `shown_at` during which input is still dropped (`TYPED_ON_GUARD` for a
    dialog a game key opens; none for one the player asked for, typed into at once)."""

    @property
    def typed_from(self) -> float | None:
        """From when the player's input counts (the clock of `Message.time`); None until the
        dialog has been drawn."""
        return None if self.shown_at is None else self.shown_at + self.guard

    def _on_mount(self, event: events.Mount) -> None:
        # Not the mount: the first frame comes 30-45 ms after it, and keys typed in between
        # were typed before the player could see the dialog.
        assert isinstance(self, Screen)
        if self.shown_at is None:
            self.call_after_refresh(self._first_drawn)

    def _first_drawn(self) -> None:
        self.shown_at = _time.get_time()


def typed_ahead(app: App[Any], event: events.Event) -> bool:
    """Whether `event` is input typed before the dialog on top was shown (or within its guard
    time after that), to be dropped."""
    stack = app.screen_stack
    screen = stack[-1] if stack else None
    if not isinstance(screen, DropsTypedAhead):
        return False
    counts_from = screen.typed_from
    return (counts_from is None or event.time < counts_from) and typed(app, event)
