"""The app's text fields hold printable text only (README, "Outside text").

Textual's Input draws its value as it is: an ESC pasted from a chat message would reach the
terminal raw, and with it a clipboard write (OSC 52) or a cleared screen. A key never types a
control character, but a paste, a prefill or a value set by the program can carry one; here every
way in drops it (tabs and line breaks become spaces), so nothing in a field steers the terminal.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.widgets import Input


def printable_only(text: str) -> str:
    """`text` without control or invisible characters; whitespace becomes a plain space."""
    return "".join(
        " " if char.isspace() else char for char in text if char.isprintable() or char.isspace()
    )


def editing_keys(field: str, character: str) -> list[Binding]:
    """The few keys that edit a one-line field, each with a sentence for the help that names
    the `field` ("the deal number") and what one `character` is ("digit"): Input's own
    bindings would list scrolling and selecting that such a field has no use for."""
    return [
        Binding("left", "cursor_left", "Left", show=False, tooltip=f"Move left in {field}"),
        Binding("right", "cursor_right", "Right", show=False, tooltip=f"Move right in {field}"),
        Binding("home", "home", "Start", show=False, tooltip=f"To the start of {field}"),
        Binding("end", "end", "End", show=False, tooltip=f"To the end of {field}"),
        Binding(
            "backspace",
            "delete_left",
            "Delete left",
            show=False,
            tooltip=f"Delete the {character} left of the cursor",
        ),
        Binding(
            "delete",
            "delete_right",
            "Delete",
            show=False,
            tooltip=f"Delete the {character} at the cursor",
        ),
        Binding(
            "ctrl+u",
            "delete_left_all",
            "Clear left",
            show=False,
            tooltip="Delete everything left of the cursor (a paste gone wrong)",
        ),
    ]


class PlainInput(Input):
    """An Input whose value never holds a control character, however it got there."""

    def replace(self, text: str, start: int, end: int) -> None:
        """Typing and pasting: the text is cleaned before it goes in, so the cursor lands after
        what was kept."""
        super().replace(printable_only(text), start, end)

    async def _on_key(self, event: events.Key) -> None:
        """The field's own keys (ctrl+u, backspace, ...) act here, in the order typed. Textual
        runs a widget's bindings only once the key has bubbled up to the app, and the keys
        typed after it come straight here: behind a long pasted value, the letters typed after
        ctrl+u went in first and were cleared with it. Any other key goes on to Input's own
        handler (Textual calls each class's in turn)."""
        if event.is_printable:
            return
        active = self.screen.active_bindings.get(event.key)
        if active is not None and active.node is self and active.enabled:
            event.stop()
            event.prevent_default()
            await self.run_action(active.binding.action)

    def _on_paste(self, event: events.Paste) -> None:
        """What `pasted` makes of the paste replaces the selection (or goes in at the cursor)."""
        event.prevent_default()  # Input's own handler would insert the first line again
        event.stop()
        text = self.pasted(event.text)
        if text:
            start, end = sorted(self.selection)
            self.replace(text, start, end)

    def pasted(self, text: str) -> str | None:
        """What a paste puts in the field (None: nothing): here the whole paste, a space for
        each line break (CR LF too) and tab (Input keeps the first line only: a name copied
        across a wrapped line lost its end)."""
        return " ".join(text.splitlines())

    def validate_value(self, value: str) -> str:
        """Whatever sets the value (a prefill, the program) is cleaned too."""
        return printable_only(value)
