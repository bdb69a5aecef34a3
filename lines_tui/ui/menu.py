"""The main menu: start or resume a game, open the score screens, get help, quit."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from lines_tui.ui.footer import Footer

# (option id, label, key): the key starts the entry directly and is shown beside its label.
ENTRIES: tuple[tuple[str, str, str], ...] = (
    ("resume-lines", "Resume Lines", "r"),
    ("resume-mahjong", "Resume Mahjong", "R"),
    ("lines", "Lines", "l"),
    ("mahjong", "Mahjong solitaire", "m"),
    ("today", "Today's deals", "t"),
    ("leaderboards", "Leaderboards", "b"),
    ("import", "Import a share code", "i"),
    ("players", "Players", "p"),
    ("help", "Help", "?"),
    ("quit", "Quit", "q"),
)


@dataclass(frozen=True)
class MenuState:
    """What the menu shows besides its fixed entries: who plays, and a summary of each saved
    game by its resume entry ("resume-lines": "9 x 9, score 40"; None: nothing saved)."""

    player: str
    saved: Mapping[str, str | None]


class MenuScreen(Screen[None]):
    """The first screen; every game and score screen returns here. `read_state` is asked for the
    player and the saved games each time the menu shows; a chosen entry is posted as `Chosen`."""

    class Chosen(Message):
        """The player picked a menu entry (its option id, e.g. "lines" or "resume-mahjong")."""

        def __init__(self, entry: str) -> None:
            super().__init__()
            self.entry = entry

    HELP = (
        "Lines: move balls along free paths and line up five or more of a colour.\n"
        "Mahjong solitaire: clear the layout pair by pair; a background check warns you\n"
        "as soon as the position can no longer be cleared."
    )

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,j", "move(1)", "Down", show=False),
        Binding("up,k", "move(-1)", "Up", show=False),
        Binding("r", "open('resume-lines')", "Resume Lines", show=False),
        Binding("R", "open('resume-mahjong')", "Resume Mahjong", show=False),
        Binding("l", "open('lines')", "Lines"),
        Binding("m", "open('mahjong')", "Mahjong"),
        Binding("t", "open('today')", "Today"),
        Binding("b", "open('leaderboards')", "Boards"),
        Binding("i", "open('import')", "Import", show=False),
        Binding("p", "open('players')", "Players"),
        Binding("q", "open('quit')", "Quit"),
    ]

    def __init__(self, read_state: Callable[[], MenuState]) -> None:
        super().__init__()
        self._read_state = read_state
        self._saved: Mapping[str, str | None] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-panel") as panel:  # centred by the screen's style
            panel.border_title = "lines-tui"
            yield Static(id="menu-player", markup=False)
            yield OptionList(id="menu-options")
        yield Footer()

    def on_screen_resume(self) -> None:
        """Shown for the first time or again: the saved games and the player may have changed."""
        self.refresh_entries()

    def refresh_entries(self) -> None:
        """Rebuild the list: resume entries appear only while a saved game exists, and the
        player line follows the active player. Read from the store here, once per visit: the
        key checks below run on every key press."""
        state = self._read_state()
        self.query_one("#menu-player", Static).update(Text(state.player))
        self._saved = state.saved
        options = self.query_one("#menu-options", OptionList)
        highlighted = options.highlighted_option.id if options.highlighted_option else None
        options.clear_options()
        for option_id, label, key in ENTRIES:
            if option_id in self._saved:
                summary = self._saved[option_id]
                if summary is None:
                    continue
                label = f"{label} ({summary})"
            options.add_option(Option(Text(f"{key}  {label}"), id=option_id))
        ids = [option.id for option in options.options]
        options.highlighted = ids.index(highlighted) if highlighted in ids else 0
        options.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open" and parameters and str(parameters[0]) in self._saved:
            return self._saved[str(parameters[0])] is not None
        return True

    def action_move(self, step: int) -> None:
        options = self.query_one("#menu-options", OptionList)
        if step > 0:
            options.action_cursor_down()
        else:
            options.action_cursor_up()

    def action_open(self, entry: str) -> None:
        self.post_message(self.Chosen(entry))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id:
            self.post_message(self.Chosen(event.option_id))
