"""Today's deals: the deal of the day (UTC) of Lines and of each built-in Mahjong layout, the same
for everybody, each day its own table (README, "Deals of the day")."""

from __future__ import annotations

from contextlib import suppress
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from lines_tui.engine.mahjong.layouts import builtin_layouts
from lines_tui.ui.app_keys import ON_A_DIALOG_ALL_SHOWN
from lines_tui.ui.footer import Footer
from lines_tui.ui.held_typing import TakesTypedAhead
from lines_tui.ui.lists import KeyList
from lines_tui.ui.on_top import DismissedOnTop
from lines_tui.ui.pasted_codes import ON_TODAYS_DEALS, tell_where_codes_go
from lines_tui.ui.store_thread import load

if TYPE_CHECKING:
    from lines_tui.store import StoreError
    from lines_tui.ui.todays_standings import TodaysStandings

LINES = "lines"
LABEL_WIDTH = len("Mahjong Causeway  ")
"""The deals' names are padded to this, so that what follows them lines up."""


class TodayScreen(DismissedOnTop, TakesTypedAhead, ModalScreen[str | None]):
    """Pick a deal of the day: "lines" or a built-in layout's name; escape leaves. `again`:
    the deal picked last, highlighted when the screen comes back (its proof stopped, or the
    saved game kept); `note`: why it came back, said in the dialog (a notice would cover it);
    `standings`: where each deal stands for the player, said after its name once read."""

    HELP_TITLE = "Today's deals"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "pick", "Play", tooltip="Play the highlighted deal of the day"),
        Binding("escape", "dismiss(None)", "Back", tooltip="Back to the menu, nothing started"),
        *ON_A_DIALOG_ALL_SHOWN,
    ]

    def __init__(
        self,
        day: str,
        lines_size: int,
        again: str | None = None,
        note: str = "",
        standings: TodaysStandings | None = None,
    ) -> None:
        super().__init__()
        self._day = day
        self._again = again
        self._note = note
        self._standings = standings
        self._names = {LINES: f"Lines {lines_size} x {lines_size}"} | {
            layout.name: f"Mahjong {layout.title}" for layout in builtin_layouts()
        }

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = Text(f"Today's deals ({self._day}, UTC)")
            yield KeyList(
                *(Option(Text(name), id=option) for option, name in self._names.items()),
                id="today-options",
            )
            yield Static(
                self._note or "The same deal for everybody today; its own table.",
                id="today-note",
                classes="dialog-keys",
                markup=False,
            )
        yield Footer()

    def on_paste(self, event: events.Paste) -> None:
        tell_where_codes_go(self, event.text, ON_TODAYS_DEALS)

    def on_mount(self) -> None:
        if not self.staying:
            return  # closed at once, or the app ended while it was mounted: nothing to start
        options = self.query_one(KeyList)
        if self._again is not None:
            with suppress(OptionDoesNotExist):
                options.highlighted = options.get_option_index(self._again)
        options.focus()
        standings = self._standings
        if standings is not None:
            io = standings.session.io
            load(self, io, standings.reader(), self._show, self._unread, group="standings")

    def _show(self, standings: dict[str, str]) -> None:
        options = self.query_one(KeyList)
        # One row each, a long name cut ("…"): the list wraps a prompt wider than itself.
        width = options.scrollable_content_region.width
        for option, said in standings.items():
            row = Text(self._names[option].ljust(LABEL_WIDTH) + said)
            if width > LABEL_WIDTH:
                row.truncate(width, overflow="ellipsis")
            options.replace_option_prompt(option, row)

    def _unread(self, error: StoreError) -> None:
        said = f"The leaderboards could not be read: {error}"
        self.query_one("#today-note", Static).update(Text(f"{self._note} {said}".lstrip()))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_id)

    def action_pick(self) -> None:
        options = self.query_one(KeyList)
        option = options.highlighted_option
        self.dismiss(None if option is None else option.id)
