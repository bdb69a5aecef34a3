"""Closing a screen only while it is the one on top, and only once Textual has mounted it.

Textual's `Screen.dismiss` pops whichever screen is on top and calls the dismissed screen's
callback again. Keys that arrive together reach a dialog before the message its first key caused
has closed it (enter on a list posts "selected"; a second enter selects again), and a proof may
finish, or a game's save come back, while help is open over the screen: without this, such a
dismiss closes the screen on top instead (the menu, which ends the app; the help) or answers a
question twice.
"""

from __future__ import annotations

from typing import Any

from textual.await_complete import AwaitComplete
from textual.screen import Screen

from lines_tui.ui.store_thread import still_there


class DismissedOnTop:
    """A mixin for screens: `dismiss` closes the screen only while it is on top. Asked while
    another screen lies over it, the dismiss waits until the screen is on top again; asked once
    the screen has closed, it does nothing (see the module's docstring). Put it first among a
    screen's bases: `class X(DismissedOnTop, ModalScreen[T])`. Not a Textual class itself, so
    the screen keeps its styles (Textual follows the first base that is one for a screen's CSS,
    e.g. ModalScreen's)."""

    _dismissed_once_on_top: tuple[Any] | None = None
    """The result of a dismiss asked while the screen was covered, or not mounted yet (a tuple:
    None is a result)."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        assert isinstance(self, Screen)
        nothing: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
        if not self.is_mounted:
            # Asked before Textual has mounted the screen (a key read with the one that opened
            # it, under load): closed now, its widgets would go while its `on_mount` and other
            # handlers still ran, finding none, and end the app. Its queue runs once it is
            # mounted; meanwhile it is `closing`, so its start-up does not cover it with the
            # enlarge message.
            self._dismissed_once_on_top = (result,)
            self.call_later(self._dismiss_waiting)
            return nothing
        if not self.is_active:
            if self in self.app.screen_stack:
                self._dismissed_once_on_top = (result,)
            return nothing
        done: AwaitComplete = super().dismiss(result)  # type: ignore[misc]
        return done

    @property
    def closing(self) -> bool:
        """A dismiss waits for the screen to be on top again, or mounted: it is as good as
        closed."""
        return self._dismissed_once_on_top is not None

    @property
    def staying(self) -> bool:
        """Whether the screen's start-up work (a dead-end check, a read, a focus) may begin: it
        is not going away (`still_there`: the app may end while it is mounted) nor `closing`
        (one closed before it was mounted is mounted all the same, and would start work only to
        cancel it). Each screen's `on_mount` asks it first: a mixin's handler runs only after
        the screen's own. Not part of `still_there`, which every store answer asks: a screen
        whose dismiss waits under another one still takes its answers (a result filed)."""
        assert isinstance(self, Screen)
        return still_there(self) and not self.closing

    def on_screen_resume(self) -> None:
        # Textual calls this after the screen's own resume handlers (they come first in the
        # MRO), so the screen is as it was when the dismiss it waited for comes.
        self._dismiss_waiting()

    def _dismiss_waiting(self) -> None:
        """The dismiss that waited, if it has not come yet (a screen not mounted when asked
        is resumed, and called back, once it is: whichever comes first)."""
        waiting, self._dismissed_once_on_top = self._dismissed_once_on_top, None
        if waiting is not None:
            self.dismiss(*waiting)
