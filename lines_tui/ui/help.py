"""The help screen: every key of the screen it was opened from, read from that screen's bindings,
so a key added anywhere shows up here without anyone keeping a second list."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from lines_tui.ui.app_keys import NOT_QUIT, SYMBOLS, SYMBOLS_UNSHOWN, symbols_note
from lines_tui.ui.footer import Footer
from lines_tui.ui.lists import SCROLL
from lines_tui.ui.on_top import DismissedOnTop
from lines_tui.ui.sentences import as_sentence

# Textual's own screen keys (focus cycling, copying a mouse selection): not part of any game.
SYSTEM_ACTIONS = frozenset({"app.focus_next", "app.focus_previous", "screen.copy_text"})


GREYED = "Greyed: nothing to act on just now."
"""Under the keys, when some are greyed (`key_rows`: not usable now), what grey means."""


def screen_name(screen: Screen[object]) -> str:
    """A screen's name in words, from its class: LayoutPickerScreen is "Layout picker"."""
    words = re.findall(r"[A-Z][a-z]*", type(screen).__name__.removesuffix("Screen"))
    return " ".join(words).capitalize()


def key_rows(screen: Screen[object]) -> list[tuple[str, str, bool]]:
    """(keys, what they do, usable now) for every described binding active on `screen`. Keys of
    one action and description, or of one binding group ("move") with one sentence, share a row
    ("↑ ↓ ← → k j h l"); a binding's tooltip, when it has one, is the sentence shown here (the
    footer shows the short description). A group's keys that do different things (the previous
    and the next table) keep a row each, each with its own sentence."""
    rows: dict[tuple[str, str], tuple[list[str], str, bool]] = {}
    for active in screen.active_bindings.values():
        binding = active.binding
        if not (binding.tooltip or binding.description):
            continue
        if binding.system or binding.action in SYSTEM_ACTIONS:
            continue
        sentence = binding.tooltip or (
            binding.description if binding.group is None else binding.group.description
        )
        if (binding.action, binding.key) == (SYMBOLS.action, SYMBOLS.key):  # the app's s
            sentence = f"Symbols on or off: {symbols_note(screen)}"
        if binding.group is not None:
            row_id = ("group " + binding.group.description, sentence)
        else:
            row_id = (binding.action, binding.description)
        keys, _, enabled = rows.get(row_id, ([], sentence, False))
        display = screen.app.get_key_display(binding)
        if display not in keys:
            keys.append(display)
        rows[row_id] = (keys, sentence, enabled or active.enabled)
    for binding in everywhere(screen):
        display = screen.app.get_key_display(binding)
        if not any(display in keys for keys, _, _ in rows.values()):
            rows[(binding.action, binding.description)] = ([display], binding.tooltip, True)
    return [
        (" ".join(keys), as_sentence(sentence), enabled)
        for keys, sentence, enabled in rows.values()
    ]


def everywhere(screen: Screen[object]) -> list[Binding]:
    """The app's priority keys (ctrl+q): they act on every screen, a dialog or a text field too
    (Textual looks for them from the app down, past a modal screen), so every screen's help lists
    them, whether or not the screen's own bindings reach the app's."""
    return [
        binding
        for binding in Binding.make_bindings(getattr(screen.app, "BINDINGS", []))
        if binding.priority and binding.tooltip
    ]


class HelpScreen(DismissedOnTop, ModalScreen[None]):
    """Lists the keys of the screen below it; any of escape, q or ? closes it."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"help--key", "help--unavailable", "help--legend"}

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,q,question_mark", "close", "Close help", tooltip="Close this help, go back"
        ),
        # In the Footer: a player review found nothing said that the help scrolls.
        Binding(
            "up", "scroll('up')", "Up", key_display="↑", group=SCROLL, tooltip="Scroll the help up"
        ),
        Binding(
            "down",
            "scroll('down')",
            "Down",
            key_display="↓",
            group=SCROLL,
            tooltip="Scroll the help down",
        ),
        Binding("k", "scroll('up')", "Up", show=False, tooltip="Scroll the help up"),
        Binding("j", "scroll('down')", "Down", show=False, tooltip="Scroll the help down"),
        Binding(
            "pagedown", "scroll('page_down')", "Page", show=False, tooltip="Scroll a page down"
        ),
        Binding("pageup", "scroll('page_up')", "Page", show=False, tooltip="Scroll a page up"),
        Binding("home", "scroll('home')", "Top", show=False, tooltip="Scroll to the top"),
        Binding("end", "scroll('end')", "End", show=False, tooltip="Scroll to the end"),
        # Over Mahjong, whose s is a label's letter, the help lists S for symbols.
        replace(SYMBOLS_UNSHOWN, key="s,S"),
        NOT_QUIT,
    ]

    def __init__(self, target: Screen[object], title: str) -> None:
        super().__init__()
        self._rows = key_rows(target)
        self._title = title
        self._intro = getattr(target, "HELP", None) or ""

    def compose(self) -> ComposeResult:
        # Not focusable: its own keys (sideways scrolling among them) would shadow the ones above.
        with VerticalScroll(id="help-panel", can_focus=False) as panel:
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
        if not all(enabled for _, _, enabled in self._rows):
            legend = self.get_component_rich_style("help--legend", partial=True)
            table.add_row(Text(""), Text(GREYED, style=legend))
        return table

    def action_close(self) -> None:
        self.dismiss()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The scrolling keys, and the Footer's "↑↓ scroll", only while the help has more than
        its box shows (a player review: it was shown over a help that fits)."""
        if action == "scroll":
            panels = self.query("#help-panel")
            return bool(panels) and panels.first(VerticalScroll).max_scroll_y > 0
        return super().check_action(action, parameters)

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_bindings)  # laid out anew: it may fit now, or not

    def action_scroll(self, where: str) -> None:
        panel = self.query_one("#help-panel", VerticalScroll)
        scroll = {
            "down": panel.scroll_down,
            "up": panel.scroll_up,
            "page_down": panel.scroll_page_down,
            "page_up": panel.scroll_page_up,
            "home": panel.scroll_home,
            "end": panel.scroll_end,
        }[where]
        scroll(animate=False)
