"""Small yes/no questions asked over the current screen."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from lines_tui.outside_text import inert
from lines_tui.ui.on_top import DismissedOnTop


class ConfirmScreen(DismissedOnTop, ModalScreen[bool]):
    """Asks one question; y or enter answers yes, n or escape answers no."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", "Yes", tooltip="Yes: do what the question says"),
        Binding("n,escape", "answer(False)", "No", tooltip="No: leave everything as it is"),
    ]

    def __init__(self, question: str, title: str = "Please confirm") -> None:
        super().__init__()
        self._question = question
        self._title = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = inert(self._title)
            yield Static(inert(self._question), classes="dialog-text", markup=False)
            yield Static("y: yes    n: no", classes="dialog-keys", markup=False)
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class CodeScreen(DismissedOnTop, ModalScreen[None]):
    """Shows a code to select and copy (the clipboard may not reach the player's terminal)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "close", "Close", tooltip="Close the code, back to the screen")
    ]

    def __init__(self, code: str, explanation: str, title: str) -> None:
        super().__init__()
        self._code = code
        self._explanation = explanation
        self._title = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = inert(self._title)
            yield Static(inert(self._explanation), classes="dialog-text", markup=False)
            yield Static(inert(self._code), classes="dialog-text", id="code", markup=False)
            yield Static("esc: close", classes="dialog-keys", markup=False)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
