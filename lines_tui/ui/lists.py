"""The app's list and table widgets: Textual's OptionList and DataTable with only the keys they
honour here, each with a sentence for the help (README, "Help"). Textual's own bindings include
keys that do nothing in a list that never scrolls sideways (left, right, ctrl+pageup) and
describe the rest in a word ("Select", "Top"); enter is left to each screen, whose footer says
what it does there ("Play", "Open")."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import DataTable, OptionList


class KeyList(OptionList, inherit_bindings=False):
    """A list of lines, one highlighted; enter is the screen's."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,j", "cursor_down", "Down", show=False, tooltip="Move the cursor down a line"),
        Binding("up,k", "cursor_up", "Up", show=False, tooltip="Move the cursor up a line"),
        Binding("pagedown", "page_down", "Page down", show=False, tooltip="Move a page down"),
        Binding("pageup", "page_up", "Page up", show=False, tooltip="Move a page up"),
        Binding("home", "first", "First", show=False, tooltip="Move to the first line"),
        Binding("end", "last", "Last", show=False, tooltip="Move to the last line"),
    ]


class RowTable(DataTable[Text | str], inherit_bindings=False):
    """A table with a row cursor; enter is the screen's (left and right are too: a leaderboard
    switches tables with them)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,j", "cursor_down", "Down", show=False, tooltip="Move the cursor down a row"),
        Binding("up,k", "cursor_up", "Up", show=False, tooltip="Move the cursor up a row"),
        Binding("pagedown", "page_down", "Page down", show=False, tooltip="Move a page down"),
        Binding("pageup", "page_up", "Page up", show=False, tooltip="Move a page up"),
        Binding(
            "home,ctrl+home", "scroll_top", "First", show=False, tooltip="Move to the first row"
        ),
        Binding(
            "end,ctrl+end", "scroll_bottom", "Last", show=False, tooltip="Move to the last row"
        ),
    ]


SCROLL = Binding.Group("scroll", compact=True)
"""↑ and ↓ in the Footer as one: "↑↓ scroll"."""


class TextPane(VerticalScroll, inherit_bindings=False):
    """Text that may be longer than the pane's height: then tab reaches the pane and its keys
    scroll it, so no line is out of reach; enter is the screen's. While it has the focus the
    Footer says it scrolls (the view of a whole code did not: a player review)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "down,j",
            "scroll_down",
            "Down",
            key_display="↓",
            group=SCROLL,
            tooltip="Scroll the text down a line",
        ),
        Binding(
            "up,k",
            "scroll_up",
            "Up",
            key_display="↑",
            group=SCROLL,
            tooltip="Scroll the text up a line",
        ),
        Binding("pagedown", "page_down", "Page down", show=False, tooltip="Scroll a page down"),
        Binding("pageup", "page_up", "Page up", show=False, tooltip="Scroll a page up"),
        Binding("home", "scroll_home", "First", show=False, tooltip="Scroll to the first line"),
        Binding("end", "scroll_end", "Last", show=False, tooltip="Scroll to the last line"),
    ]

    def allow_focus(self) -> bool:
        # All in sight, there is nothing to reach: tab goes past it.
        return self.max_scroll_y > 0
