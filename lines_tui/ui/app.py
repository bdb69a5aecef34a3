"""The Textual app: the shell around the menu, with the app-wide keys, where notices go, and the
end of the app (ctrl+q, SIGTERM, SIGHUP, a terminal gone). The rest is the work of the parts it
composes: the saved games (`saved_games.py`), the Lines and Mahjong starts (`lines_starts.py`,
`mahjong_starts.py`), today's deals and challenges (`deal_offers.py`), the game asked for on the
command line (`direct_start.py`), the score screens (`score_screens.py`) and the store's
warnings told as notices (`store_notices.py`).

The menu is all the first frame shows, so the games' and score screens' modules (and with them
the layouts, the solver and the share codes) are imported when a screen is first opened, in the
method that opens it: a start costs what the menu needs and no more (README, "First frame").
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.actions import ActionParseResult
from textual.app import App
from textual.binding import BindingType
from textual.dom import DOMNode
from textual.driver import Driver
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widget import AwaitMount, Widget
from textual.widgets import Input

from lines_tui.outside_text import printable, printable_lines
from lines_tui.store import Entry, TableId
from lines_tui.ui.app_keys import HELP, NOT_SUSPENDED, QUIT, SYMBOLS, symbols_note
from lines_tui.ui.deal_offers import DealOffers
from lines_tui.ui.direct_start import DirectStart, Start
from lines_tui.ui.esc_joined import esc_joined, read_esc_apart
from lines_tui.ui.hangup import CHECK_SECONDS, HUNG_UP, ending_at_hangup, terminal_gone
from lines_tui.ui.held_typing import HeldTyping
from lines_tui.ui.help import HelpScreen, screen_name
from lines_tui.ui.lines_starts import LinesStarts
from lines_tui.ui.mahjong_starts import MahjongStarts
from lines_tui.ui.menu import MenuScreen
from lines_tui.ui.one_notice import OneNoticeAtATime
from lines_tui.ui.paste_input import guard_pastes
from lines_tui.ui.saved_games import SavedGames, another_lines_size
from lines_tui.ui.score_screens import ScoreScreens
from lines_tui.ui.session import Clock, NoticesReleased, OpenGame, Session, SymbolsChanged
from lines_tui.ui.status_line import NOT_SAVED_CLASS, dialog_message, status_line_on_top
from lines_tui.ui.store_notices import StoreNotices
from lines_tui.ui.store_thread import StoreThread, keep_preferences
from lines_tui.ui.terminal_bytes import read_any_bytes
from lines_tui.ui.toasts import ShownToasts
from lines_tui.ui.typed_ahead import ReadsKeys, TypingWatch, typed_ahead

if TYPE_CHECKING:
    from rich.console import RenderableType

    from lines_tui.engine.deal_choice import DealChoice
    from lines_tui.store import Store
    from lines_tui.ui.mahjong import LayoutPickerScreen
    from lines_tui.ui.scores import LeaderboardScreen

UI_DIR = Path(__file__).parent
FEW_COLOUR_SYSTEMS = (None, "standard", "windows")


class StoreCallDone(Message):
    """A call on the store's thread has ended: the store may have a new warning."""


SYMBOLS_STAY = "Symbols stay on while NO_COLOR is set."
"""Short enough for a game's status line (in Mahjong too, where they are the x after a loss)."""
TERMINATED = 128 + signal.SIGTERM
"""The exit code of an app ended by SIGTERM (`kill PID`), as the shell reports a killed one."""


class LinesTuiApp(App[None]):
    """lines-tui. `start` opens a game at once (the menu is underneath it); `clock` gives wall-clock
    epoch seconds (tests pass a fixed one); `animations` turns the Lines move animation on or off;
    `few_colours` says whether the terminal has 16 colours or fewer (None: ask the console);
    `solvable` turns "solvable deals only" on for this run (`--solvable`), whatever is kept."""

    TITLE = "lines-tui"
    # Absolute, so subclasses defined elsewhere (tests) still find the styles. Each game screen
    # brings its own styles when it first opens.
    CSS_PATH: ClassVar[list[str | PurePath]] = [UI_DIR / "app.tcss"]
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        QUIT,
        HELP,
        SYMBOLS,
        NOT_SUSPENDED,
    ]

    symbols_mode: reactive[bool] = reactive(False)

    def __init__(
        self,
        store: Store,
        start: Start = "menu",
        layout: str | None = None,
        seed: int | None = None,
        size: int | None = None,
        *,
        clock: Clock = time.time,
        animations: bool = True,
        few_colours: bool | None = None,
        choice: DealChoice | None = None,
        replay: tuple[TableId, Entry] | None = None,
        solvable: bool = False,
        size_for_run: bool = True,
    ) -> None:
        """`layout`, `size`: as asked on the command line (None: not asked; the menu's new Lines
        games take the size too for this run, whatever is kept, unless not `size_for_run`: the
        size of a challenge's deal, which the player did not ask for); `choice`: how `seed` was
        chosen (default: by number when a seed is given); `replay`: an entry whose game is
        played back first (`lines-tui replay`)."""
        super().__init__()
        read_esc_apart()  # before the terminal is read
        self.replay = replay
        self._toasts = ShownToasts()
        self.ending = False
        """The app was told to end (`exit`)."""
        # NO_COLOR users see no colours at all, so balls and tiles need their symbols from the
        # start, and keep them.
        self.colourless = self.no_color or "NO_COLOR" in os.environ
        symbols = self.colourless
        self.set_reactive(LinesTuiApp.symbols_mode, symbols)
        self._kept_settings_read = False  # symbols and animations, applied at the menu's first read
        self._symbols_pressed = False
        self.session = Session(
            store,
            clock,
            animations=animations,
            symbols=symbols,
            # 16 colours or none: shades of grey merge, so widgets mark things with glyphs.
            few_colours=(
                self.no_color or self.console.color_system in FEW_COLOUR_SYSTEMS
                if few_colours is None
                else few_colours
            ),
            solvable_deals=True if solvable else None,
            solvable_deals_for_run=bool(solvable),
            lines_size=size if size_for_run else None,
            lines_size_for_run=size is not None and size_for_run,
            # Posting is safe from the store's thread; the app tells the warnings on its own.
            io=StoreThread(after_each=lambda: self.post_message(StoreCallDone())),
        )
        self.set_class(self.session.few_colours, "-few-colours")  # app.tcss: the Footer
        self.store_notices = StoreNotices(self, store)
        self.saved_games = SavedGames(self, self.session, self.store_notices.tell_problems)
        self.lines_starts = LinesStarts(self, self.session, self.saved_games)
        self.mahjong_starts = MahjongStarts(self, self.session, self.saved_games)
        self.deal_offers = DealOffers(
            self,
            self.session,
            self.saved_games,
            self.lines_starts,
            self.mahjong_starts,
        )
        self.score_screens = ScoreScreens(self, self.session, self.deal_offers)
        self.direct_start = DirectStart(
            self,
            "menu" if replay is not None else start,
            self.saved_games,
            self.lines_starts,
            self.mahjong_starts,
            layout=layout,
            seed=seed,
            size=size,
            choice=choice,
        )
        self.typing = TypingWatch()
        """When the player's latest key was read: a dialog a game key opens drops the keys that
        carry on the burst of typing it opened in (`DropsTypedAhead`)."""
        self.held_typing = HeldTyping(self)
        """Input typed before a screen the player opened was drawn, held for it
        (`TakesTypedAhead`)."""

    @property
    def store(self) -> Store:
        return self.session.store

    def unexpected_failures(self) -> dict[str, int]:
        """What failed unexpectedly on the store's thread while the app ran, each traceback
        with how many times it came (`Session.unexpected_failures`): the command line tells
        them once the app has ended and the terminal is back."""
        return self.session.unexpected_failures()

    def unfinished_writes(self) -> str | None:
        """Why the app ended without its last store calls, if it did (`Session.unfinished_writes`):
        the command line tells it once the terminal is back."""
        return self.session.unfinished_writes()

    @property
    def few_colours(self) -> bool:
        return self.session.few_colours

    def watch_symbols_mode(self, symbols: bool) -> None:
        self.session.symbols = symbols
        for screen in self.screen_stack:
            screen.post_message(SymbolsChanged(symbols))

    def run(self, *, mouse: bool = False, **options: Any) -> None:
        """Mouse reporting is off: over SSH every mouse motion costs bytes, and nothing needs
        the mouse."""
        return super().run(mouse=mouse, **options)

    def get_default_screen(self) -> MenuScreen:
        """The menu is the bottom screen: every other screen opens over it and returns to it."""
        return MenuScreen(self.saved_games.read, self.session)

    def on_mount(self) -> None:
        self._catch_end_signals(True)
        if not self.is_headless:
            self.set_interval(CHECK_SECONDS, self._check_terminal)
        if self.replay is not None:
            self.score_screens.watch_game(*self.replay, over_menu=True)

    async def on_event(self, event: events.Event) -> None:
        """A screen the player opened holds what is typed before it is drawn (`HeldTyping`). A
        direct start drops what the player types until its game shows (`DirectStart`), a
        new game while it reads whether one is saved (`SavedGames.replacing`), a dialog what
        was typed before it showed, or typed on with the move that opened it (`DropsTypedAhead`;
        every key is noted for that when read, `typing`); a game being left what was typed on
        with the key that leaves it (`HeldTyping.dropped_by_its_screen`). Once the app shuts
        down, the player's input still on its way is dropped too: Textual stops reading the
        terminal then, but a key already read may still be bubbling up to the app, and its
        binding would act on screens being taken down (a test's `run_test` shuts the app down
        while its loop still runs)."""
        if not self.is_running and isinstance(event, (events.InputEvent, events.Paste)):
            return
        joined = self._esc_joined(event)
        if joined is not None:
            for key in joined:
                await self.on_event(key)
            return
        read_now = not self.held_typing.handed_back(event)  # not input held, then handed back
        dropped = (
            self.held_typing.holds(event)  # for now: it comes back once its screen is drawn
            or self.held_typing.dropped_by_its_screen(event)
            or self.held_typing.typed_for_the_screen_under(event)
            or self.direct_start.drops(event)
            or self.saved_games.drops(event)
            # Input held for a screen that takes it was typed for it, whenever that was.
            or (read_now and typed_ahead(self, event))
        )
        if read_now:  # after the dialog on top has judged it against the key before
            self.typing.saw(event)
        if not dropped:
            self.held_typing.sending(event)
            if not self._read_by_the_screen(event):
                await super().on_event(event)

    def _read_by_the_screen(self, event: events.Event) -> bool:
        """Whether the screen on top took a key come back up to the app, before its bindings
        (`ReadsKeys`: a typed cell, a tile's label)."""
        screen = self.screen_stack[-1] if self.screen_stack else None
        return (
            isinstance(event, events.Key)
            and event.is_forwarded
            and isinstance(screen, ReadsKeys)
            and screen.read_key(event)
        )

    def _esc_joined(self, event: events.Event) -> tuple[events.Key, events.Key] | None:
        """An esc and a key typed at once, read as one key (`esc_joined`); not in a text field."""
        if not isinstance(event, events.Key) or event.is_forwarded:
            return None
        return None if isinstance(self.focused, Input) else esc_joined(event)

    async def run_action(
        self,
        action: str | ActionParseResult,
        default_namespace: DOMNode | None = None,
        namespaces: Mapping[str, DOMNode] | None = None,
    ) -> bool:
        """A key runs the bindings of the screen on top once it has bubbled up to the app: one
        pressed on a dialog can come back after the dialog gave way to a game that has not
        composed its board yet. It was meant for the dialog: taken, it does nothing there, nor
        goes on to the app's own binding of the key over the half-built screen."""
        if isinstance(default_namespace, Widget) and not default_namespace.is_mounted:
            return True
        return await super().run_action(action, default_namespace, namespaces)

    def on_menu_screen_state_read(self, message: MenuScreen.StateRead) -> None:
        if not self.screen_stack:
            # The app is ending and its screens are gone: the menu's read answered just before
            # (the full suite once ended a test with "No screens on stack" here).
            return
        self.saved_games.state = message.state
        if not self._kept_settings_read:
            # Symbols as kept at the last start, unless s was pressed since (or NO_COLOR keeps
            # them on): read with the menu's first state, before a direct start's game opens.
            # So are animations kept off (a is a key of the Lines game alone: not pressed yet).
            self._kept_settings_read = True
            if not self._symbols_pressed and not self.colourless:
                self.symbols_mode = message.state.symbols
            self.session.animations = self.session.animations and message.state.animations
        # What could not be read is told once the screen then on top has mounted: when a direct
        # start has just opened its game, on the game's status line, not as a toast that would
        # follow it from the menu over the board.
        problems = message.state.problems

        def tell_problems() -> None:
            self.screen.call_later(self.store_notices.tell_problems, problems)

        self.direct_start.read(tell_problems)

    def on_app_focus(self, _: events.AppFocus) -> None:
        """Back in front: the menu on top shows what is saved now (README, "Saving and
        resuming")."""
        if isinstance(self.screen, MenuScreen):
            self.screen.came_to_front()

    def on_store_call_done(self, _: StoreCallDone) -> None:
        self.store_notices.after_store_call()

    def on_notices_released(self, _: NoticesReleased) -> None:
        self.store_notices.after_store_call()

    def on_menu_screen_read_failed(self, _: MenuScreen.ReadFailed) -> None:
        self.store_notices.tell_warnings()
        self.direct_start.read_failed()

    def on_unmount(self) -> None:
        self._catch_end_signals(False)
        self.session.close()

    def _catch_end_signals(self, catch: bool) -> None:
        """SIGTERM (`kill PID`, a shutdown) and SIGHUP (a dropped connection, a closed tmux
        window) end the app as ctrl+q does, with Textual's clean-up: the open game keeps its
        clock, and a terminal still there gets its screen and cursor back. Python's default would
        end the process at once, the clock since the last move lost and the terminal left in the
        app's screen with no cursor (README, "Saving and resuming"). Where the loop cannot take
        signals (Windows), the defaults stay, and so does an ignored SIGHUP (`nohup`)."""
        try:
            loop = asyncio.get_running_loop()
            for number, code in ((signal.SIGTERM, TERMINATED), (signal.SIGHUP, HUNG_UP)):
                if signal.getsignal(number) is signal.SIG_IGN:
                    continue
                if catch:
                    loop.add_signal_handler(number, self.terminated, code)
                else:
                    loop.remove_signal_handler(number)
        except (AttributeError, NotImplementedError, RuntimeError, ValueError):
            pass

    def terminated(self, return_code: int = TERMINATED) -> None:
        """Keep the open games as they are now (each move has saved them already; this keeps
        their clocks too), without asking anything: nobody may be there to answer. The app
        exits once the store's thread has written them, with `return_code`: 143 (128 + SIGTERM)
        unless told otherwise."""
        for screen in self.screen_stack:
            if isinstance(screen, OpenGame):
                screen.save_unless_left()
        self.exit(return_code=return_code)

    def exit(
        self, result: None = None, return_code: int = 0, message: RenderableType | None = None
    ) -> None:
        """End the app; from now on nothing opens (`push_screen`). A key read just ahead of
        ctrl+q (`t` then ctrl+q in one burst, as a slow connection delivers them) is on its way
        to the menu when ctrl+q ends the app, and its entry would open a screen that Textual's
        shutdown takes apart while it is being put up: the Today dialog's `on_mount` found its
        list gone, and the app ended in a traceback."""
        self.ending = True
        super().exit(result, return_code, message)

    def _check_terminal(self) -> None:
        if terminal_gone(sys.__stdin__):
            self.terminated(HUNG_UP)

    def on_menu_screen_chosen(self, message: MenuScreen.Chosen) -> None:
        """Open the entry, if the menu is still on top: two entry keys in one burst both reach
        the menu before the first one's screen opens, and an entry chosen while the menu was
        reading opens when the read ends; neither may open over another screen, nor while a
        new game chosen first reads whether one is saved (`SavedGames.replacing`)."""
        try:
            if not isinstance(self.screen, MenuScreen) or self.saved_games.reading:
                return
            if message.state is not None:
                self.saved_games.state = message.state
            self.open_entry(message.entry)
        finally:
            message.settled = True
            self.held_typing.opened()  # what the player typed on goes to the screen that opened

    def open_entry(self, entry: str) -> None:
        actions: dict[str, Callable[[], object]] = {
            "resume-lines": self.lines_starts.resume,
            "resume-mahjong": self.mahjong_starts.resume,
            "lines": self._new_lines_game,
            "mahjong": self.mahjong_starts.pick,
            "today": self.deal_offers.today,
            "leaderboards": self.score_screens.open_leaderboards,
            "import": self.score_screens.open_import,
            "players": self.score_screens.open_players,
            "help": self.action_help,
            "quit": self.exit,
        }
        actions[entry]()

    def _new_lines_game(self) -> None:
        """A new Lines game of the size the menu shows; asks first over a saved game, naming the
        size asked for when the saved one has another."""
        size = self.lines_starts.board_size()
        self.saved_games.replacing(
            "lines",
            lambda: self.lines_starts.start(size=size),
            asked=another_lines_size(self.saved_games, size),
        )

    def on_leaderboard_screen_import(self, message: LeaderboardScreen.Import) -> None:
        self.score_screens.open_import(message.show)

    def on_leaderboard_screen_watch(self, message: LeaderboardScreen.Watch) -> None:
        self.score_screens.watch_game(message.table, message.entry)

    def on_layout_picker_screen_solvable_changed(
        self, message: LayoutPickerScreen.SolvableChanged
    ) -> None:
        self.mahjong_starts.keep_solvable_deals(message.solvable)

    async def action_quit(self) -> None:
        """Quit; the open game is kept first, or, if it cannot be, lost only once the player
        agrees (README, "Saving and resuming")."""
        games = [screen for screen in self.screen_stack if isinstance(screen, OpenGame)]
        if games:
            games[-1].leave(self.exit, quitting=True)
        else:
            self.exit()

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            return
        title = getattr(self.screen, "HELP_TITLE", None) or screen_name(self.screen)
        self.push_screen(HelpScreen(self.screen, title))

    def action_help_quit(self) -> None:
        """ctrl+c (Textual's hint that it does not quit): said without Textual's markup, which a
        notice here shows as it is ("Press [b]ctrl+q[/b]"), nor its title, "Do you want to
        quit?": a question nothing answers, read over a real question as part of it."""
        self.notify("ctrl+c does not quit here: ctrl+q quits.")

    def action_no_suspend(self) -> None:
        """ctrl+z: a suspended game's clock would run on while it waits in the background. A
        game that pauses (Mahjong's, until it is won) is told how; a won one has no clock left
        to stop, and p does nothing there; elsewhere what quitting keeps, but of a game whose
        saves are refused (its panel's "not saved"), which quitting asks about first."""
        screen = self._under_dialogs()
        can_pause = getattr(screen, "can_pause", None)  # a game that pauses
        # The way to pause first and short: on one row of Mahjong's line at 80 columns.
        pauses = "p pauses, " if can_pause else ""
        if screen.has_class(NOT_SAVED_CLASS):
            # Why is the panel's "not saved": with it, Mahjong's line took two rows.
            quits = "ctrl+q asks to quit"
        elif can_pause is None:
            quits = "ctrl+q quits, and a game in progress is saved"
        else:
            quits = "ctrl+q quits"
        self.notify(f"ctrl+z does not suspend here: {pauses}{quits}.")

    def _under_dialogs(self) -> Screen[Any]:
        """The screen under any dialogs, which tells what is said of it on its status line if it
        is a game's (a notice there waits for the dialog to close; a toast over a dialog over
        a game covered the board)."""
        return next(
            (shown for shown in reversed(self.screen_stack) if not isinstance(shown, ModalScreen)),
            self.screen,
        )

    def action_toggle_symbols(self) -> None:
        under_dialogs = self._under_dialogs()
        if self.colourless:
            under_dialogs.notify(SYMBOLS_STAY, timeout=2)
            return
        self.symbols_mode = not self.symbols_mode
        self._symbols_pressed = True
        now = "Symbols on" if self.symbols_mode else "Symbols off"
        keep_preferences(self, self.session.io, self.store, now, symbols=self.symbols_mode)
        what = symbols_note(self.screen)
        told = f"Symbols on: {what}." if self.symbols_mode else "Symbols off."
        under_dialogs.notify(told, timeout=2)

    def push_screen(self, screen: Any, *args: Any, **options: Any) -> Any:
        """A dialog (help, a question) opens over the screen: the notices shown on that screen
        are about it, and would cover the dialog's last rows, so they go (a notice the dialog
        itself gives still shows). Nothing opens once the app is ending (`exit`)."""
        if self.ending:
            return AwaitMount(screen, [])
        if isinstance(screen, ModalScreen):
            self.clear_notifications()
        return super().push_screen(screen, *args, **options)

    def pop_screen(self) -> Any:
        """A screen whose notices are about it (`OneNoticeAtATime`: the leaderboards, Players)
        closes: they go with it, as they go when a dialog opens, rather than stay over
        the next screen opened ("Removed …" over the leaderboards)."""
        if isinstance(self.screen, OneNoticeAtATime):
            self.clear_notifications()
        return super().pop_screen()

    def get_driver_class(self) -> type[Driver]:
        driver = super().get_driver_class()
        if driver.__module__ == "textual.drivers.linux_driver":
            from textual.drivers.linux_driver import LinuxDriver

            guard_pastes()  # a paste never presses keys (README, "Outside text")
            read_any_bytes()  # a byte that is not UTF-8 never ends the app
            if issubclass(driver, LinuxDriver):
                return ending_at_hangup(driver, lambda: self.terminated(HUNG_UP))
        return driver

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Every notice of the app passes here (screens' `notify` too). On a game screen (and
        the leaderboards) it goes to the screen's status line, so notices never cover the board
        (the share code); on a dialog, to a line at the end of the dialog, so they never cover
        it (`dialog_message`); elsewhere it is a toast.
        Never read as markup, whatever the caller asks: notices carry names, paths and errors."""
        status = status_line_on_top(self) or dialog_message(self)
        if status is not None:
            status.tell(message, severity)
            return
        if self._toasts.showing((message, title, severity), timeout or self.NOTIFICATION_TIMEOUT):
            return
        super().notify(
            printable_lines(message),
            title=printable(title),
            severity=severity,
            timeout=timeout,
            markup=False,
        )

    def clear_notifications(self) -> None:
        super().clear_notifications()
        self._toasts.forget()
