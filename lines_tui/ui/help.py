"""The help screen: every key of the screen it was opened from, read from that screen's bindings,
so a key added anywhere shows up here without anyone keeping a second list."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from lines_tui.ui.on_top import DismissedOnTop

# Textual's own screen keys (focus cycling, copying a mouse selection): not part of any game.
SYSTEM_ACTIONS = frozenset({"app.focus_next", "app.focus_previous", "screen.copy_text"})


def key_rows(screen: Screen[object]) -> list[tuple[str, str, bool]]:
    """(keys, what they do, usable now) for every described binding active on `screen`. Keys of
    one binding group ("move") or of one action and description share a row ("↑ ↓ ← → k j h l");
    a binding's tooltip, when it has one, is the sentence shown here (the footer shows the short
    description)."""
    rows: dict[tuple[str, str], tuple[list[str], str, bool]] = {}
    for active in screen.active_bindings.values():
        binding = active.binding
        if not (binding.tooltip or binding.description):
            continue
        if binding.system or binding.action in SYSTEM_ACTIONS:
            continue
        if binding.group is not None:
            row_id = ("group", binding.group.description)
            fallback = binding.group.description
        else:
            row_id = (binding.action, binding.description)
            fallback = binding.description
        keys, sentence, enabled = rows.get(row_id, ([], binding.tooltip or fallback, False))
        display = screen.app.get_key_display(binding)
        if display not in keys:
            keys.append(display)
        rows[row_id] = (keys, sentence, enabled or active.enabled)
    return [
        (" ".join(keys), sentence[:1].upper() + sentence[1:], enabled)
        for keys, sentence, enabled in rows.values()
    ]


class HelpScreen(DismissedOnTop, ModalScreen[None]):
    """Lists the keys of the screen below it; any of escape, q or ? closes it."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"help--key", "help--unavailable"}

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,q,question_mark", "close", "Close help", tooltip="Close this help, go back"
        ),
        Binding("down,j", "scroll('down')", "Scroll", show=False, tooltip="Scroll the help down"),
        Binding("up,k", "scroll('up')", "Scroll", show=False, tooltip="Scroll the help up"),
    ]

    def __init__(self, target: Screen[object], title: str) -> None:
        super().__init__()
        self._rows = key_rows(target)
        self._title = title
        self._intro = getattr(target, "HELP", None) or ""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-panel") as panel:
            panel.border_title = Text(f"Keys: {self._title}")
            if self._intro:
                yield Static(self._intro, id="help-intro", markup=False)
            yield Static(self._table(), id="help-keys", markup=False)
        yield Footer()

    def _table(self) -> Table:
        table = Table.grid(padding=(0, 2))
        table.add_column(no_wrap=True, style=self.get_component_rich_style("help--key"))
        table.add_column()
        unavailable = self.get_component_rich_style("help--unavailable", partial=True)
        for keys, description, enabled in self._rows:
            table.add_row(Text(keys), Text(description, style="" if enabled else unavailable))
        return table

    def action_close(self) -> None:
        self.dismiss()

    def action_scroll(self, direction: str) -> None:
        panel = self.query_one("#help-panel", VerticalScroll)
        if direction == "down":
            panel.scroll_down(animate=False)
        else:
            panel.scroll_up(animate=False)
