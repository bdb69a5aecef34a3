"""What a screen shows instead of a broken picture when the terminal is too small for it: a
game or a replay (their boards and keys, `min_size`), and the menu, leaderboards, players and
import (laid out for 80 columns, `LaidOutFor80Columns`).

The guard is a screen pushed over the game (or other screen), so the game underneath is untouched
and comes back as it was once the terminal is large enough again. A game (or another of these
screens) under a dialog (help, a question) is not covered while the dialog is open (the dialog
stays the player's); the dialog hides the screen instead of dimming it, so its cut picture never
shows, and the guard comes once the screen is on top again.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar, Protocol, runtime_checkable

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from lines_tui.ui.app_keys import symbols_note
from lines_tui.ui.on_top import DismissedOnTop
from lines_tui.ui.store_thread import still_there

FOOTER_HEIGHT = 1
"""The key line under a game's board and panel."""
HIDES_BELOW = "-hides-below"
"""The class of a dialog over a screen the terminal is too small for: its background is opaque
(app.tcss), where a dialog's background lets the screen below show, dimmed."""


@runtime_checkable
class SizedScreen(Protocol):
    """A screen that needs a terminal of at least `min_size` (columns, rows): a game, a replay,
    the screens laid out for 80 columns."""

    @property
    def min_size(self) -> tuple[int, int]: ...


def enlarge_message(min_width: int, min_height: int, width: int, height: int) -> str:
    return f"Please enlarge the terminal to {min_width} x {min_height} (now {width} x {height})."


KEPT_WHOLE = re.compile(r"\(now \d+ x \d+\)\.|\d+ x \d+|(?:Esc|Ctrl\+q) [a-z ]+\.")
"""What a line of the enlarge message never breaks inside: a size ("80 x 18", "(now 49 x
12).") and a key's sentence ("Esc leaves it.", "Ctrl+q quits.")."""
_JOINED = "\u00a0"  # a space textwrap does not break at (it breaks at ASCII whitespace only)


def wrapped(text: str, width: int) -> str:
    """`text` in lines of at most `width` columns, broken at spaces but never inside what
    KEPT_WHOLE matches (unless that alone is wider). Textual's own wrapping breaks at any space,
    and a narrow terminal read "80 x" on one line and "18" on the next."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        joined = KEPT_WHOLE.sub(lambda kept: kept.group().replace(" ", _JOINED), paragraph)
        broken = textwrap.wrap(joined, max(1, width), break_on_hyphens=False)
        lines += [line.replace(_JOINED, " ").strip() for line in broken] or [""]
    return "\n".join(lines)


GAME_KEPT = "The game is kept and comes back as soon as it fits. Esc leaves it."
SCREEN_KEPT = "It comes back as it was as soon as the terminal is large enough."
MENU_KEPT = f"{SCREEN_KEPT} Ctrl+q quits."
REPLAY_KEPT = f"{SCREEN_KEPT} Esc leaves it."
SCREEN_LEAST = (80, 16)
"""The terminal the screens other than games and replays need (the menu, the leaderboards,
players, import): their tables and Footers are laid out for 80 columns, and their lists scroll
from 16 rows down."""


def game_screen_fits(
    screen: Screen[Any],
    min_width: int,
    min_height: int,
    leave: Callable[[], object] | None,
    kept: str = GAME_KEPT,
) -> bool:
    """The size check a game screen (or another `SizedScreen`) runs on mount, resume and resize
    (only while it is on top):
    if the terminal is smaller than the game needs, cover the game with the enlarge message (it
    comes back intact once the terminal grows; escape there calls `leave`, the game's own way
    out, if it has one; `kept` says so under the message). True if the game fits. A game under
    another screen (help, a dialog) is not covered: the dialogs over it hide it while it does
    not fit, and it checks again when back on top."""
    if screen.app.screen is not screen:
        hide_screens_too_small(screen.app)
        return True
    if isinstance(screen, DismissedOnTop) and screen.closing:
        return True  # left from the enlarge message: it closes, nothing to cover
    width, height = screen.app.size
    if width >= min_width and height >= min_height:
        return True
    if not isinstance(screen.app.screen, TooSmallScreen):
        screen.app.push_screen(TooSmallScreen(min_width, min_height, leave, kept))
    return False


def hide_screens_too_small(app: App[Any]) -> None:
    """Every dialog over a screen the terminal is too small for, or over the enlarge message
    that covers one, hides that screen (`HIDES_BELOW`), and no other does. Run by the screen
    below when it is resized under a dialog: Textual tells it as the terminal's size changes,
    and, if a screen over the dialog hid it meanwhile (a leaderboard), once that screen closes
    and it shows again; and by the enlarge message when a dialog comes over it."""
    below_fits = True
    for screen in app.screen_stack:
        if isinstance(screen, ModalScreen):
            screen.set_class(not below_fits, HIDES_BELOW)
        elif isinstance(screen, SizedScreen):
            least_width, least_height = screen.min_size
            below_fits = app.size.width >= least_width and app.size.height >= least_height
        else:
            # The enlarge message's words would show around the dialog, cut by it.
            below_fits = not isinstance(screen, TooSmallScreen)


class TooSmallScreen(DismissedOnTop, Screen[None]):
    """Covers a screen while the terminal is smaller than the screen needs."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Leave"),
    ]

    def __init__(
        self,
        min_width: int,
        min_height: int,
        leave: Callable[[], object] | None,
        kept: str = GAME_KEPT,
    ) -> None:
        super().__init__()
        self.min_width = min_width
        self.min_height = min_height
        self._leave = leave
        self._kept = kept

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self._message(), id="too-small-message", markup=False)

    def _message(self) -> str:
        """Broken into lines here, to the terminal's width (it is made again on every resize)."""
        width, height = self.app.size
        enlarge = enlarge_message(self.min_width, self.min_height, width, height)
        return wrapped(f"{enlarge}\n{self._kept}", width)

    def fits(self) -> bool:
        width, height = self.app.size
        return width >= self.min_width and height >= self.min_height

    def on_resize(self, event: events.Resize) -> None:
        self._follow_size()

    def on_screen_resume(self) -> None:
        self._follow_size()

    def on_screen_suspend(self) -> None:
        # A question over the message (a new game chosen from a dialog that fits, over a menu
        # that does not: "Replace the saved game?") hides it.
        hide_screens_too_small(self.app)

    def _follow_size(self) -> None:
        """Go once the game fits. Only while on top: `dismiss` pops the top screen, so under a
        help screen (opened with ? while the terminal was small) the guard waits until it is
        back on top instead of closing the help."""
        if self.app.screen is not self:
            return
        if self.fits():
            self.dismiss()
        else:
            self.query_one("#too-small-message", Static).update(self._message())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The first screen (the menu) has nowhere to go: esc is neither shown nor told.
        return action != "leave" or self._leave is not None

    @property
    def SYMBOLS_NOTE(self) -> str | None:  # the app reads it of every screen
        """What symbols show on the screen this covers (Mahjong's over a Mahjong game)."""
        stack = self.app.screen_stack
        below = stack[: stack.index(self)] if self in stack else []
        return symbols_note(below[-1]) if below else None

    def action_leave(self) -> None:
        """Leave the screen below as its own escape does (a game: saved first, or, if it cannot
        be, only once the player agrees; README, "Saving and resuming"). The leaving starts
        before this message goes, so that the screen, back on top, does not cover itself
        again."""
        if self.app.screen is not self or self._leave is None:
            return
        self._leave()
        self.dismiss()


def uncovered(app: App[Any]) -> Screen[Any]:
    """The screen on top, or the one a `TooSmallScreen` on top covers: the screen the player is
    on, whatever the terminal's size (a menu too small for a terminal of 79 columns, back under
    the layout picker that fits it)."""
    stack = app.screen_stack
    if isinstance(stack[-1], TooSmallScreen) and len(stack) > 1:
        return stack[-2]
    return stack[-1]


class LaidOutFor80Columns:
    """A mixin for the screens other than games (the menu, the leaderboards, players, import,
    the layout picker): the enlarge message covers the screen while the terminal is smaller
    than its `min_size`, `SCREEN_LEAST` unless it says otherwise (their tables and keys cut at
    the right edge otherwise). Esc there goes back as the screen's
    own esc does (`GOES_BACK`; the menu has nowhere to go). Put it before the Textual
    screen among the bases."""

    min_size = SCREEN_LEAST
    GOES_BACK = True
    """Whether esc on the enlarge message goes back (the screen closes), as its own esc does."""

    def _fit_room(self) -> None:
        assert isinstance(self, Screen)
        # Under a dialog it is not covered, as a game is not: the dialogs over it hide it while
        # it does not fit (`game_screen_fits`), and it checks again when back on top.
        if still_there(self):
            leave = partial(self.dismiss, None) if self.GOES_BACK else None
            kept = f"{SCREEN_KEPT} Esc goes back." if leave is not None else MENU_KEPT
            game_screen_fits(self, *self.min_size, leave, kept)

    def on_mount(self) -> None:
        self._fit_room()

    def on_resize(self, event: events.Resize) -> None:
        self._fit_room()

    def on_screen_resume(self) -> None:
        self._fit_room()
