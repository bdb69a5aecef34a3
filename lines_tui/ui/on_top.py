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


class DismissedOnTop(Screen[Any]):
    """A screen whose `dismiss` does nothing unless it is on top (see the module's docstring).
    Put it first among a screen's bases: `class X(DismissedOnTop, ModalScreen[T])`."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if not self.is_active:
            nothing: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
            return nothing
        return super().dismiss(result)
