"""The layout picker: choose a layout (built-in or installed), if wanted a deal number, and whether
to play only deals proved solvable (a setting the app remembers)."""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar, NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Label
from textual.worker import Worker, WorkerState

from lines_tui.engine.deal_choice import LAST_DEAL, number_said
from lines_tui.engine.mahjong.layouts import (
    Discovery,
    Layout,
    builtin_layouts,
    discover_layouts,
    layout_reference,
)
from lines_tui.engine.mahjong.layouts.figures import figures_of, summary_line
from lines_tui.engine.numbers import small_number
from lines_tui.engine.prose import listed
from lines_tui.outside_text import inert, printable
from lines_tui.store.paste import find_codes
from lines_tui.ui.app_keys import MAHJONG_SYMBOLS_NOTE, ON_A_DIALOG_ALL_SHOWN
from lines_tui.ui.fitted_text import FittedText, Paragraph
from lines_tui.ui.footer import Footer, least_width
from lines_tui.ui.held_typing import TakesTypedAhead
from lines_tui.ui.lists import RowTable
from lines_tui.ui.on_top import DismissedOnTop
from lines_tui.ui.plain_input import PlainInput, editing_keys, printable_only
from lines_tui.ui.sentences import as_sentence
from lines_tui.ui.size_guard import LaidOutFor80Columns
from lines_tui.ui.store_thread import still_there

SOLVABLE_ON = "Solvable deals only (o): on, each deal is proved before play"
SOLVABLE_OFF = "Solvable deals only (o): off, any deal as dealt"
SOLVABLE_FOR_RUN = "Solvable deals only (o): on for this run (--solvable)"
DISCOVERY = "layout-discovery"
"""The group of the worker that looks for installed layouts."""


class Choice(NamedTuple):
    layout: Layout
    seed: int | None
    """The deal number (None: a random deal)."""
    solvable: bool
    """Only a deal proved solvable: this one if it is, else the next that is."""


def discovery_note(found: Discovery) -> str:
    """The line under the list after the search: no installed layouts, and how many files,
    maps and folders could not be read (one line: `lines-tui layouts` names each with its
    reason)."""
    notes = []
    if not found.layouts:
        notes.append("No installed layouts found.")
    counts = (
        (len(found.problems), "layout file"),
        (len(found.left_out), "map"),
        (len(found.unread_folders), "layout folder"),
    )
    unread = [f"{count} {what}{'' if count == 1 else 's'}" for count, what in counts if count]
    if unread:
        # The command first: a line too long for the picker is cut at its end.
        notes.append(f"Not read (lines-tui layouts says why): {listed(unread)}.")
    return " ".join(notes)


class SeedRefused(ValueError):
    """A deal number the picker refuses: the number as typed, as every refusal of a number
    repeats it (`number_said`: whole up to 40 digits, as `--seed`'s does), what is wrong with
    it and what to do; str() is the whole sentence."""

    def __init__(self, said: str, wrong: str, cure: str) -> None:
        super().__init__(f"{said} {wrong}: {cure}")
        self.said, self.wrong = said, wrong

    def within(self, columns: int) -> str:
        """The sentence on one row of `columns` cells (the picker's error line): without what
        to do when the whole sentence is wider, so the number stays whole and what is wrong in
        sight (a 40-digit number and the last deal's 20 do not fit one row at 80 columns)."""
        whole = str(self)
        return whole if cell_len(whole) <= columns else f"{self.said} {self.wrong}"


def parse_seed(text: str) -> int | None:
    """The deal number typed in the seed field: blank is None (random); SeedRefused otherwise.
    Any number a game shows or `--seed` takes, up to LAST_DEAL (today's deals have 19
    digits)."""
    text = text.strip()
    if not text:
        return None
    if not text.isascii() or not text.isdecimal():
        said = as_sentence(printable(number_said(text, "a number")))
        raise SeedRefused(said, "is not a deal number", "type a whole number like 42")
    seed = small_number(text, LAST_DEAL)
    if seed is None:
        said = as_sentence(number_said(text))
        raise SeedRefused(said, "is too large", f"the last deal is {LAST_DEAL}")
    return seed


class LayoutTable(RowTable):
    """Shows its enter key as "Play" in the Footer."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select_cursor", "Play", tooltip="Play the highlighted layout")
    ]


TITLE_COLUMNS = 24
SOURCE_COLUMNS = 17
"""The widest a title and a file name are shown in the list (longer ones end in "…"): with the
figures' columns and the scroll bar of a long list, the list fits the picker at 80 columns, so
no horizontal scroll bar takes one of its six rows (see picker.tcss)."""


class SeedInput(PlainInput, inherit_bindings=False):
    """The deal number: digits, with the few keys that edit a number (each with a sentence in
    the help, where Input's own would list scrolling and selecting that a number has no use for);
    enter is "Play" in the Footer. It takes what a whole number may hold (digits, and a sign, which
    it then refuses in words); every other character (letters, `?`) is the screen's key, and a
    paste gives the one deal number in it (see `_on_paste`)."""

    class Refused(Message):
        """A paste held no deal number, or several: `reason` says so."""

        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Play", tooltip="Play the highlighted layout"),
        *editing_keys("the deal number", "digit"),
    ]

    def check_consume_key(self, key: str, character: str | None) -> bool:
        # What it keeps from the screen's keys: what a number may hold, but the digits. One that
        # comes to the field it takes as it comes (Input's `_on_key`); one that reaches the key
        # bindings while the field has the focus was read in the burst whose digit moved the
        # focus here, so it went to the list: the screen's digit keys put it in, in turn.
        return (
            super().check_consume_key(key, character)
            and _in_a_number(character)
            and not _is_digit(character)
        )

    async def _on_key(self, event: events.Key) -> None:
        # Input takes every printable key (and drops what its type refuses): the others go on
        # up to the screen's and the app's keys instead.
        if event.is_printable and not _in_a_number(event.character):
            event.prevent_default()
        else:
            self.keep_in_view()  # a digit, an editing key: seen where it acts

    def type_digit(self, digit: str) -> None:
        """`digit` typed here, as a key the field gets: in place of a selected number."""
        start, end = sorted(self.selection)
        self.replace(digit, start, end)

    def keep_in_view(self) -> None:
        """Scroll the field into view on a short terminal, once what it read is laid out: a
        terminal shrunk while it had the focus had scrolled it out of sight, and digits typed
        then went in unseen."""
        self.call_after_refresh(self.scroll_visible, animate=False)

    def pasted(self, text: str) -> str | None:
        """A deal number copied with something around it (spaces, "deal 535993", a chat's
        colours) goes in as its number; a paste with none, or several, is refused in words
        (Input's type dropped any paste but bare digits without a word)."""
        if find_codes(text):  # its digits are no deal: Import reads it, and offers its deal
            self.post_message(self.Refused(SHARE_CODE_PASTED))
            return None
        numbers = deal_numbers(text)
        if len(numbers) != 1:
            what = "no deal number" if not numbers else "more than one number"
            self.post_message(self.Refused(f"The paste holds {what}: paste or type one."))
            return None
        return numbers[0]


SHARE_CODE_PASTED = "That is a share code: esc, then i imports it (a challenge's deal too)."
"""Said when a share code is pasted for a deal number (a review pasted a challenge code)."""


def deal_numbers(text: str) -> list[str]:
    """The whole numbers in pasted text, with their signs (a negative one is refused in words
    as a typed one is), its terminal escape sequences (a chat's colours) and then its other
    control characters left out first, so that "\x1b[31m42\x1b[0m" is 42 (not 31, 42 and 0)
    and "4\x1b2" is 42."""
    return re.findall("[-+]?[0-9]+", printable_only(_ESCAPE_SEQUENCE.sub("", text)))


_ESCAPE_SEQUENCE = re.compile(r"\x1b\[[0-9;:?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?")


def _in_a_number(character: str | None) -> bool:
    return character is not None and (character.isdecimal() or character in ("-", "+"))


DIGITS = tuple("0123456789")
"""The keys that type the deal number from the list too (README: digits typed on the list start
a new number there)."""


def _is_digit(character: str | None) -> bool:
    return character is not None and character in DIGITS


class PickerPanel(VerticalScroll, inherit_bindings=False, can_focus=False):
    """The picker's fields, scrolled when the terminal is short of rows (80 x 16 shows the list
    and the description; the deal number and the "solvable deals only" line come into view as
    tab, a digit or o reaches them, and the deal number as it changes, as a key edits it and
    as the terminal changes size while it has the focus). Neither focusable nor with keys of
    its own: the keys are the list's, the field's and the screen's."""


PANEL_WIDTH = 76
"""The picker's width (picker.tcss): the list's columns and scroll bar fill it."""
PANEL_LEAST_HEIGHT = 8
"""The fewest rows the picker works in: its fields scroll, and what a key reaches (the
highlighted layout, the deal number, the "solvable deals only" line) comes into view."""


class LayoutPickerScreen(
    DismissedOnTop, TakesTypedAhead, LaidOutFor80Columns, ModalScreen[Choice | None]
):
    """Lists built-in layouts, then installed ones as they are found; dismisses with the choice.
    Narrower than its panel (or its Footer), it shows the enlarge message instead of a cut list
    and Footer (`LaidOutFor80Columns`, at `min_size`); esc there goes back to the menu."""

    CSS_PATH = "picker.tcss"

    HELP = (
        "Pick the layout to play with the arrows and Enter. Built-in layouts come first, then "
        "any installed by KMahjongg or GNOME Mahjongg. Type a deal number to replay a deal; "
        'leave it blank for a random one. o turns "solvable deals only" on or off: then each '
        "deal is proved solvable before you play it, and a dead end is skipped for the next deal "
        "number. The setting is kept for the next start. The share of solvable deals shown for a "
        "built-in layout comes from a survey of its deals shipped with the game."
    )

    SYMBOLS_NOTE = MAHJONG_SYMBOLS_NOTE
    """What the app's `s` says it turns on here."""
    BINDINGS: ClassVar[list[BindingType]] = [
        # Enter reaches the focused field, which answers through the handlers below; a priority
        # binding would read the deal number before digits typed just ahead of enter arrived.
        Binding("enter", "play", "Play", tooltip="Play the highlighted layout"),
        Binding(
            "tab", "switch_field", "Layouts / deal", tooltip="Go between layouts and deal number"
        ),
        # A priority key, so it works in the deal number field too (which takes digits only).
        Binding(
            "o",
            "toggle_solvable",
            "Solvable only",
            priority=True,
            tooltip="Solvable deals only, on or off: each deal is proved solvable before play "
            "(kept for the next start)",
        ),
        Binding("escape", "cancel", "Back", tooltip="Back to the menu, nothing started"),
        *ON_A_DIALOG_ALL_SHOWN,
        # Bindings, as the list's arrows and tab are: Textual runs a binding once its key has
        # gone up to the app, so a digit read in one burst with arrows before it (SSH bunches
        # keys) waits for them to move the list before it takes the focus to the deal number.
        # A handler of the key on the way up ran first, and the arrows then found the field.
        # Without a sentence, so in neither the Footer nor the help: the README says them.
        *(Binding(digit, f"type_digit('{digit}')", show=False) for digit in DIGITS),
    ]

    class SolvableChanged(Message):
        """The player turned "solvable deals only" on or off (the app remembers it)."""

        def __init__(self, solvable: bool) -> None:
            super().__init__()
            self.solvable = solvable

    def __init__(
        self,
        folders: Sequence[Path] | None = None,
        *,
        solvable: bool = False,
        solvable_for_run: bool = False,
        again: Choice | None = None,
    ) -> None:
        """`folders`: where to look for installed layouts (default: the desktop games' folders);
        `solvable`: whether "solvable deals only" is on at first (`solvable_for_run`: by
        `--solvable`, for this run only, until `o` is pressed); `again`: the choice made last
        time, shown as it was (its layout highlighted, its deal number typed) when the player
        comes back because its proof was stopped or failed."""
        super().__init__()
        self.layouts: list[Layout] = builtin_layouts()
        self._folders = folders
        self.solvable = solvable
        self._solvable_for_run = solvable_for_run
        self._again = again

    @property
    def min_size(self) -> tuple[int, int]:  # type: ignore[override]
        return max(PANEL_WIDTH, least_width(self)), PANEL_LEAST_HEIGHT

    def compose(self) -> ComposeResult:
        with PickerPanel(id="picker-panel") as panel:
            panel.border_title = "Mahjong: choose a layout"
            yield LayoutTable(id="layouts", cursor_type="row", zebra_stripes=True)
            yield FittedText(id="layout-about")
            yield Label("Looking for installed layouts...", id="layout-problems", markup=False)
            # Above the deal number: at 80 x 18 it shows with the highlighted layout, so o's
            # change is seen without the list going out of sight.
            yield Label(self._solvable_text(), id="solvable", markup=False)
            yield Label("Deal number (blank: a random deal)", id="seed-label", markup=False)
            # Selecting on focus would let a burst's second digit replace the first one typed
            # on the list (the focus arrives between them): tab selects the number itself.
            yield SeedInput(placeholder="random", id="seed", type="integer", select_on_focus=False)
            yield Label("", id="seed-error", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        if not self.staying:
            return  # closed at once, or the app ended while it was mounted: nothing to start
        table = self.query_one("#layouts", DataTable)
        table.add_columns("Layout", "Tiles", "Layers", "Solvable", "From")
        for layout in self.layouts:
            self._add_row(table, layout)
        table.focus()
        if self._again is not None and self._again.seed is not None:
            self.query_one("#seed", Input).value = str(self._again.seed)
        self._highlight_again()
        self._find_installed()

    def _highlight_again(self) -> None:
        """Put the cursor on the layout chosen last time, once its row is there (an installed
        layout's row comes when the files have been read)."""
        again = self._again
        if again is None:
            return
        for row, layout in enumerate(self.layouts):
            if (layout.name, layout.source) == (again.layout.name, again.layout.source):
                self.query_one("#layouts", DataTable).move_cursor(row=row, animate=False)
                self._again = None
                self._show_highlighted()
                return

    @staticmethod
    def _add_row(table: DataTable[Text | str], layout: Layout) -> None:
        layers = max(z for _, _, z in layout.slots) + 1
        # The file name, not the whole path: the table stays narrow and the path is in the
        # description line below.
        source = "built-in" if layout.is_builtin else Path(layout.source.split("#")[0]).name
        figures = figures_of(layout)
        share = "" if figures is None else figures.solvable_percent
        # Cut to their columns: a long title or file name would widen the list past the panel
        # and push the other columns out of sight (the description below names both whole).
        table.add_row(
            inert(layout.title, max_width=TITLE_COLUMNS),
            str(len(layout.slots)),
            Text(str(layers)),
            Text(share),
            inert(source, max_width=SOURCE_COLUMNS),
        )

    # A failure is the picker's to say (`_discovery_failed`), not the app's end with a traceback
    # on the terminal (Textual's way with a worker that raises).
    @work(thread=True, exclusive=True, group=DISCOVERY, exit_on_error=False)
    def _find_installed(self) -> None:
        # Reading every installed layout file can take a moment on a slow disk: not on the UI.
        found = discover_layouts(self._folders)
        self.app.call_from_thread(self._show_installed, found)

    @on(Worker.StateChanged)
    def _discovery_failed(self, event: Worker.StateChanged) -> None:
        """Looking for installed layouts failed (no home folder to look under, say): said where
        the search's outcome goes, under the list; the built-in layouts still play."""
        worker = event.worker
        if (
            worker.group != DISCOVERY
            or event.state is not WorkerState.ERROR
            or not still_there(self)
        ):
            return
        reason = str(worker.error) or type(worker.error).__name__
        self.query_one("#layout-problems", Label).update(
            inert(f"Installed layouts not searched: {reason}")
        )

    def _show_installed(self, found: Discovery) -> None:
        if not still_there(self):
            return  # the picker closed while the files were read
        table = self.query_one("#layouts", DataTable)
        for layout in found.layouts:
            self.layouts.append(layout)
            self._add_row(table, layout)
        self._highlight_again()
        self._show_place(table.cursor_row)
        self._show_highlighted()
        self.query_one("#layout-problems", Label).update(inert(discovery_note(found)))

    @on(DataTable.RowHighlighted, "#layouts")
    def _describe(self, event: DataTable.RowHighlighted) -> None:
        layout = self.layouts[event.cursor_row]
        reference = layout_reference(layout, self.layouts[: event.cursor_row])
        # When they do not all fit, the command and the file keep the most rows: they are
        # what a player copies.
        about = [
            Paragraph(summary_line(layout), rank=2),
            Paragraph(layout.description, rank=3),
            Paragraph(f"Start it directly: lines-tui mahjong --layout {shlex.quote(reference)}", 0),
            Paragraph("" if layout.is_builtin else f"From {layout.source}", rank=1),
        ]
        # Each line spelled out alone: a line break in a file's name is shown as \x0a, not
        # taken for the next line (the path then read as two).
        shown = [Paragraph(printable(text), rank) for text, rank in about if text]
        self.query_one("#layout-about", FittedText).show(shown)
        self._show_place(event.cursor_row)
        self._show_highlighted()

    def _show_highlighted(self) -> None:
        """Scroll the highlighted layout into view on a short terminal after its highlight or
        the list changed (the list keeps its cursor row within its own rows: the list whole in
        view is the row in view). Only while the list has the focus: in the deal number field
        the player types, and that field keeps the view; tab back brings the list with it."""
        table = self.query_one("#layouts", DataTable)
        if table.has_focus:
            self.call_after_refresh(table.scroll_visible, animate=False)

    def _show_place(self, row: int) -> None:
        """Where the highlighted layout is in the list, on the panel's bottom edge: the list
        shows a few rows at a time, and its scrollbar is colour alone (blank with NO_COLOR)."""
        self.query_one("#picker-panel").border_subtitle = Text(f"{row + 1} of {len(self.layouts)}")

    @on(Input.Changed, "#seed")
    def _clear_seed_error(self) -> None:
        self.query_one("#seed-error", Label).update("")
        self.query_one("#seed", SeedInput).keep_in_view()  # typed or pasted: seen as it changes

    def on_resize(self, event: events.Resize) -> None:
        """Keep what has the focus in view as the terminal changes size: the deal number being
        typed, or the highlighted layout."""
        seed = self.query_one("#seed", SeedInput)
        if seed.has_focus:
            seed.keep_in_view()
        else:
            self._show_highlighted()

    def on_seed_input_refused(self, message: SeedInput.Refused) -> None:
        self._refuse_seed(message.reason)

    def _refuse_seed(self, reason: str | Text) -> None:
        """Say under the deal number why it is refused, the line in view."""
        error = self.query_one("#seed-error", Label)
        error.update(reason)
        self.call_after_refresh(error.scroll_visible, animate=False)

    def action_type_digit(self, digit: str) -> None:
        """A digit typed on the list starts a new number, as after tab, in the field; one typed
        on (come to the app while the field has the focus) goes on with it there."""
        seed = self.query_one("#seed", SeedInput)
        if self.focused is not seed:
            seed.value = ""
            self.set_focus(seed)  # at once (see `action_switch_field`)
        seed.type_digit(digit)

    def action_switch_field(self) -> None:
        # The focus moves at once, not as `focus()` moves it, once the app's queue comes to it:
        # the keys read with tab are looked up where it put the focus (`has_focus` follows only
        # when the widget hears of it, so the focus is asked of the screen).
        table, seed = self.query_one("#layouts", DataTable), self.query_one("#seed", Input)
        if self.focused is table:
            self.set_focus(seed)
            seed.select_all()  # typing replaces the number
        else:
            self.set_focus(table)

    @on(Input.Submitted, "#seed")
    @on(DataTable.RowSelected, "#layouts")
    def play_on_enter(self, event: Input.Submitted | DataTable.RowSelected) -> None:
        event.stop()
        self.action_play()

    def action_play(self) -> None:
        seed_field = self.query_one("#seed", Input)
        try:
            seed = parse_seed(seed_field.value)
        except SeedRefused as refusal:
            seed_field.focus()
            columns = self.query_one("#seed-error", Label).content_size.width
            self._refuse_seed(inert(refusal.within(columns)))
            return
        row = self.query_one("#layouts", DataTable).cursor_row
        self.dismiss(Choice(self.layouts[row], seed, self.solvable))

    def _solvable_text(self) -> str:
        if self.solvable and self._solvable_for_run:
            return SOLVABLE_FOR_RUN
        return SOLVABLE_ON if self.solvable else SOLVABLE_OFF

    def action_toggle_solvable(self) -> None:
        self.solvable = not self.solvable
        self._solvable_for_run = False  # kept from now on, as `o` sets it
        line = self.query_one("#solvable", Label)
        line.update(self._solvable_text())
        line.scroll_visible(animate=False)  # what o changed, in view on a short terminal
        self._show_highlighted()  # with the layout it is for (both fit at 80 x 18)
        self.post_message(self.SolvableChanged(self.solvable))

    def action_cancel(self) -> None:
        self.dismiss(None)
