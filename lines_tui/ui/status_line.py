"""The one place a game screen tells the player something: a line of its own beside or below the
board, never over it (README, "The status line"). The leaderboards have one too, under the
table's rows, so that no notice covers the share code a player selects there.

Every notice for a game screen comes here — what a key did, a dead end, a store that failed, the
symbols switch — so notices never stack up as toasts over board rows. The app's `notify` sends a
notice here whenever the screen on top has a status line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar, cast

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import App, ScreenStackError
from textual.css.styles import RulesMap
from textual.geometry import Size
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen
from textual.visual import visualize
from textual.widget import Widget
from textual.widgets import Footer, Label

from lines_tui.outside_text import inert, printable, printable_in_rows

NO_BREAK = "\u00a0"
"""A no-break space: a notice's words on either side of it stay on one row (`unbroken`)."""

WORD = re.compile(r"(?:\S|\u00a0)+[^\S\u00a0]*|[^\S\u00a0]+")
"""A word and the spaces after it, a no-break space within the word: where a notice with one
may wrap (`in_rows`)."""


def unbroken(words: str) -> str:
    """`words` kept on one row of a status line, their spaces made no-break spaces: a key and
    what it does ("c: challenge a friend."), whose key alone ended a row, its meaning beginning
    the next."""
    return words.replace(" ", NO_BREAK)


def in_rows(shown: str, width: int) -> str:
    """`shown` broken into rows of `width` cells where it wraps, never at a no-break space:
    Textual wraps at any white space, that one too. A notice without one is left to Textual."""
    if NO_BREAK not in shown:
        return shown
    rows = [""]
    for word in WORD.findall(shown):
        if rows[-1] and cell_len(rows[-1] + word.rstrip(" ")) > width:
            rows.append("")
        rows[-1] += word
    # A row's trailing spaces would not fit: they are where it breaks.
    return "\n".join([*(row.rstrip(" ") for row in rows[:-1]), rows[-1]])


Room = Callable[[Size], int | None]
"""The most rows a status line may take, given the size Textual measures it in (its container's,
less its own margins): the rows left beside or under the board. None: all the rows its notice
needs."""


class StatusLine(Widget):
    """Shows the latest notice only, as plain text (never markup; control characters spelled
    out, since a notice may carry a path or a name). A line of `height: auto` grows to the rows
    its notice wraps to, up to its `room` (Mahjong's under the board in play: the row of its own
    and the blank rows under the tiles); a notice longer than the rows the line has (its room,
    or the rows its layout gives it) gives up a path's folders first, so that what follows the
    path (the reason an error gives) stays in sight, and only then its end, with an ellipsis.
    `important` (a score, a refusal, a failure) is drawn stronger through the `-important`
    class."""

    DEFAULT_CSS = """
    StatusLine {
        height: auto;
    }
    """
    OF_A_GAME: ClassVar[bool] = True
    """A game's line, where a damaged file set aside is told in a row, the game started afresh
    (`store_notices.set_aside_notice`); not the leaderboard's, where it is told whole."""

    def __init__(self, *, id: str | None = None, room: Room | None = None) -> None:
        super().__init__(id=id)
        self._message = ""
        self._important = False
        self._room = room
        self._leads = False

    @property
    def message(self) -> str:
        return self._message

    @property
    def lead(self) -> str:
        """What the line says, if a damaged file set aside now is told after it rather than
        in its place (`tell(..., leads=True)`: what an import just merged); else ""."""
        return self._message if self._leads else ""

    def say(self, message: str, important: bool = False) -> None:
        self._leads = False
        if (message, important) == (self._message, self._important):
            return  # unchanged: no redraw, so a cursor key sends few bytes
        before, self._message, self._important = self._message, message, important
        self.set_class(important, "-important")
        # A notice on as many rows as the last one: no layout, so a cursor key sends few bytes.
        if self._rows_change(before, message):
            self.refresh(layout=True)
            # Asked again once drawn: a layout asked for as the game screen opens (a notice
            # of the store's first read) was sometimes lost, the line left on one row.
            self.call_after_refresh(self.refresh, layout=True)
        else:
            self.refresh()

    def tell(self, message: str, severity: SeverityLevel, *, leads: bool = False) -> None:
        """A notice (`App.notify`'s severities): anything but information is important.
        `leads`: see `lead`."""
        self.say(message, important=severity != "information")
        self._leads = leads

    def _rows_change(self, before: str, after: str) -> bool:
        """Whether the line takes other rows for `after` than it took for `before`: never for a
        line of a given height, nor when both are longer than the rows it has (cut to them)."""
        height = self.styles.height
        if not (height and height.is_auto):
            return False
        width, rows = self.content_size
        if not width:
            return True
        wanted = self._rows_of(printable(after), width)
        both_cut = wanted > rows and self._rows_of(printable(before), width) > rows
        return wanted != rows and not both_cut

    def _rows_of(self, shown: str, width: int) -> int:
        """The rows the printable `shown` wraps to at `width` cells, as this line draws it."""
        # Textual measures a widget's content so too (`Widget.get_content_height`): its styles
        # stand for the rules mapping (text-wrap, text-overflow) that the stubs ask for.
        rules = cast("RulesMap", self.styles)
        return visualize(self, Text(in_rows(shown, width))).get_height(rules, width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The rows the notice wraps to, up to the line's room (measured whole, never from the
        rows the line had)."""
        wanted = self._rows_of(printable(self._message), width)
        room = self._room(container) if self._room is not None else None
        return wanted if room is None else max(1, min(wanted, room))

    def render(self) -> Text:
        width, rows = self.content_size
        if not width or not rows:
            return inert(self._message)
        fitted = printable_in_rows(
            self._message, width, rows, lambda shown: self._rows_of(shown, width)
        )
        return Text(in_rows(fitted, width))


NOT_SAVED_MARK = "not saved"
"""The game panel's mark while the store keeps another saved game over this one (within the 13
columns of Mahjong's panel)."""


NOT_SAVED_CLASS = "-not-saved"
"""The class of a game screen whose saves are refused: it shows its `NotSavedMark` (app.tcss),
and ctrl+z's notice says quitting asks first."""


class NotSavedMark(Label):
    """The game panel's standing mark that the game is not being saved: a notice on the status
    line gives way to the next one (a dead end), this stays while it holds. Shown while its
    screen has the class `NOT_SAVED_CLASS` (app.tcss, `GameKeeper.change`)."""

    def __init__(self) -> None:
        super().__init__(NOT_SAVED_MARK, markup=False)


class DialogMessage(StatusLine):
    """A dialog's line for the notices raised while it is open (ctrl+c, s, a store warning):
    the last row of its frame, wrapped whole, so that a notice never covers the question
    (README, "Notices"). Added when the first such notice comes (`dialog_message`). Docked at
    the frame's foot: in a frame that scrolls (the help, the whole code), it is in sight wherever
    the frame is scrolled to, and it does not scroll it (a player selecting the code a screen at
    a time keeps their place)."""

    DEFAULT_CSS = """
    DialogMessage {
        height: auto;
        width: 100%;
        /* Padding, not margin: the text a docked frame's foot scrolls under shows through a
           margin. */
        padding-top: 1;
        dock: bottom;
        color: $text-warning;
    }
    """

    def say(self, message: str, important: bool = False) -> None:
        super().say(message, important)
        self.refresh(layout=True)  # grown from one row to the rows the notice takes
        self.call_after_refresh(self._into_sight)

    def on_resize(self, event: events.Resize) -> None:
        self._into_sight()  # grown to the notice's rows, or the terminal resized: all of them

    def _into_sight(self) -> None:
        """What has the focus stays in sight above the rows the notice takes from its frame
        (the picker's deal number being typed). A dialog taller than the terminal (a question
        at 30 x 8: the dialogs stay open at any size, README "Keys of every other screen") is
        scrolled to the end of its frame, where the notice is, so that the notice the player's
        key raised is never below the last row. A dialog the terminal holds does not move."""
        if not self.is_attached:  # the dialog closed before the refresh this waited for
            return
        focused = self.screen.focused
        if focused is not None:
            focused.scroll_visible(animate=False)
        self.screen.scroll_end(animate=False)

    def render(self) -> Text:
        return inert(self.message)


def dialog_message(app: App[Any]) -> StatusLine | None:
    """Where a notice goes while a dialog is on top (a modal screen): the dialog's own message
    line at the end of its frame, added the first time; None when no dialog is on top."""
    try:
        screen = app.screen
    except ScreenStackError:
        return None
    if not isinstance(screen, ModalScreen):
        return None
    frame = next(
        (
            child
            for child in screen.children
            # Not the Footer, nor Textual's own (the toasts' rack, the tooltip).
            if not isinstance(child, Footer) and not child.has_class("-textual-system")
        ),
        None,
    )
    if frame is None:
        return None
    message = DialogMessage()
    frame.mount(message)
    return message


def status_line_on_top(app: App[Any]) -> StatusLine | None:
    """The status line of the screen on top, where the app's notices go; None on a screen
    without one, or while the app has no screen (a store call that ends as it exits)."""
    try:
        lines = app.screen.query(StatusLine)
    except ScreenStackError:
        return None
    return lines.first() if lines else None
