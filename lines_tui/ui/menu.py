"""The main menu: start or resume a game, open the score screens, get help, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

if TYPE_CHECKING:
    from lines_tui.ui.app import LinesTuiApp

# (option id, label, key): the key starts the entry directly and is shown beside its label.
ENTRIES: tuple[tuple[str, str, str], ...] = (
    ("resume-lines", "Resume Lines", "r"),
    ("resume-mahjong", "Resume Mahjong", "R"),
    ("lines", "Lines", "l"),
    ("mahjong", "Mahjong solitaire", "m"),
    ("leaderboards", "Leaderboards", "b"),
    ("import", "Import a share code", "i"),
    ("players", "Players", "p"),
    ("help", "Help", "?"),
    ("quit", "Quit", "q"),
)


class MenuScreen(Screen[None]):
    """The first screen; every game and score screen returns here."""

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
        Binding("b", "open('leaderboards')", "Boards"),
        Binding("i", "open('import')", "Import", show=False),
        Binding("p", "open('players')", "Players"),
        Binding("q", "open('quit')", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._saved: dict[str, str | None] = {}

    @property
    def lines_app(self) -> LinesTuiApp:
        from lines_tui.ui.app import LinesTuiApp

        assert isinstance(self.app, LinesTuiApp)
        return self.app

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="menu-panel") as panel:
            panel.border_title = "lines-tui"
            yield Static(id="menu-player")
            yield OptionList(id="menu-options")
        yield Footer()

    def on_screen_resume(self) -> None:
        """Shown for the first time or again: the saved games and the player may have changed."""
        self.refresh_entries()

    def refresh_entries(self) -> None:
        """Rebuild the list: resume entries appear only while a saved game exists, and the
        player line follows the active player. Read from the store here, once per visit: the
        key checks below run on every key press."""
        app = self.lines_app
        self.query_one("#menu-player", Static).update(Text(app.player_line()))
        self._saved = {
            "resume-lines": app.saved_lines_summary(),
            "resume-mahjong": app.saved_mahjong_summary(),
        }
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
        self.refresh_bindings()

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
        self.lines_app.open_entry(entry)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id:
            self.lines_app.open_entry(event.option_id)
