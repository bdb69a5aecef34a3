"""Closing a screen only while it is the one on top.

Textual's `Screen.dismiss` pops whichever screen is on top and calls the dismissed screen's
callback again. Keys that arrive together reach a dialog before the message its first key caused
has closed it (enter on a list posts "selected"; a second enter selects again), and a proof may
finish while help is open over its dialog: without this, such a second dismiss closes the screen
underneath (the menu, which ends the app) or answers a question twice.
"""

from __future__ import annotations

from typing import Any

from textual.await_complete import AwaitComplete
from textual.screen import Screen


class DismissedOnTop:
    """A mixin for screens: `dismiss` does nothing unless the screen is on top (see the
    module's docstring). Put it first among a screen's bases: `class X(DismissedOnTop,
    ModalScreen[T])`. Not a Textual class itself, so the screen keeps its styles (Textual
    follows the first base that is one for a screen's CSS, e.g. ModalScreen's)."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        assert isinstance(self, Screen)
        if not self.is_active:
            nothing: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
            return nothing
        done: AwaitComplete = super().dismiss(result)  # type: ignore[misc]
        return done
