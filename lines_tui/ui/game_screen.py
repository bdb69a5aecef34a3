"""What both game screens share: the session, the clock in the panel, the panel's fields, saving
with a notice, the size guard, the symbols setting, and recording a finished game's result."""

from __future__ import annotations

import copy
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widgets import Static

from lines_tui.outside_text import printable
from lines_tui.store import (
    Entry,
    RecordOutcome,
    SavedGameKept,
    Store,
    StoreError,
    TableId,
    format_clock,
    format_value,
)
from lines_tui.ui import store_thread
from lines_tui.ui.dialogs import ConfirmScreen
from lines_tui.ui.on_top import DismissedOnTop
from lines_tui.ui.scores import LeaderboardScreen
from lines_tui.ui.session import GAME_NAMES, SavedGame, Session, SymbolsChanged, TablesChanged
from lines_tui.ui.size_guard import game_screen_fits
from lines_tui.ui.status_line import StatusLine
from lines_tui.ui.store_thread import load, still_there, unfinished_save, write

RESUMED = "Resumed your saved game."
"""What a game's message line first says when it was resumed."""
NOT_SAVED = "The game could not be saved"
"""The notice of a save the store refused, before its reason."""
SAVING_SLOWLY = "Saving this game: waiting for the disk…"
"""Told when leaving waits for a save that the disk is slow to answer."""
SLOW_SAVE_AFTER = 0.5
"""Seconds a save that leaving waits for may take before the player is told it is under way."""
RESULT_KEPT = "Your {game} result is not saved: {reason}. Resume the game to try again."
"""Told once a game screen is gone (the player left while its result was written) when the
result could not be written."""
GUEST_NAME = "Guest"
"""Who played a game when no registered player did (a challenge code still names someone)."""


class GameScreen(DismissedOnTop, Screen[None]):
    """A game screen. Subclasses say which saved game they are (`SAVED_GAME`), where the clock
    shows (`CLOCK_FIELD`, `CLOCK_FORMAT`), and fill in the hooks below; this class runs the clock,
    keeps the screen covered while the terminal is too small, follows the symbols key, and saves
    and records the game with a notice when the store fails. Every store call runs on the
    session's store thread, in the order asked, so a turn never waits for the disk.

    Textual calls the Mount, Resize and ScreenResume handlers of every class in the hierarchy, so
    a subclass that handles them too gets both, its own first."""

    SAVED_GAME: ClassVar[SavedGame]
    CLOCK_FIELD: ClassVar[str]
    """The panel field (a selector) that shows the playing time."""
    CLOCK_FORMAT: ClassVar[str]
    """The clock's line, with {} for the time."""
    FIXED_SIZE_PANEL: ClassVar[bool] = False
    """Every panel field has a fixed size in the screen's CSS, so updates need no layout pass."""

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """The game's own notices go to its status line even when a dialog is open over it:
        work that ends then (a leaderboard read, a save) would otherwise toast over the dialog,
        and the player would miss it once the toast is gone."""
        status = self.query(StatusLine)
        if status:
            status.first().tell(message, severity)
            return
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._shown: dict[str, str | Text] = {}
        self._player: Future[str | None] | None = None
        self.saved_game = session.slot(self.SAVED_GAME)
        """Where this game keeps itself (on the store thread only)."""
        self._told_kept = False
        """The player was told that this game is not saved over a saved game the store keeps
        (one that could not be read, or another copy's)."""
        self._began_over_unread = self.SAVED_GAME in session.unread
        """The saved game there could not be read when this game began (which of the two reasons
        `_kept_because` gives)."""
        self._leaving = False
        """Leaving has saved the game (or waits for its save, or the player's answer)."""
        self._filing = False
        """A finished game's result is being written: the store thread keeps or removes the
        saved game once it is (`record_result`), so nothing else changes it meanwhile."""

    # -- hooks for the games ----------------------------------------------------------------

    @property
    def min_size(self) -> tuple[int, int]:
        """The smallest terminal (columns, rows) the game can be played in: its board and
        panel, and every key of its Footer whole (`footer.least_width`)."""
        raise NotImplementedError

    def elapsed(self) -> float:
        """Seconds of play so far."""
        raise NotImplementedError

    def show_symbols(self, symbols: bool) -> None:
        """Draw the board with or without symbols."""
        raise NotImplementedError

    @property
    def finished(self) -> bool:
        """The game is over: nothing is left to resume."""
        raise NotImplementedError

    @property
    def over(self) -> bool:
        """The game has ended (the board full, won, lost): no result is left to beat."""
        raise NotImplementedError

    def saved_data(self) -> dict[str, Any] | None:
        """The game as JSON-ready data to resume, or None when there is nothing worth keeping."""
        raise NotImplementedError

    @property
    def table(self) -> TableId:
        """The leaderboard table this game plays for (README, "Which table a game feeds")."""
        raise NotImplementedError

    def show_player(self) -> None:
        """The player has been read (`player`): show who plays, where the game does."""

    def action_leave(self) -> None:
        """Back to the menu, through `leave`."""
        raise NotImplementedError

    # -- shared behaviour -------------------------------------------------------------------

    def on_mount(self) -> None:
        if not self.is_attached:
            return  # closed by a key that came with the one that opened it
        self.set_interval(1.0, self.refresh_clock)
        # Paused, won or played again, the keys change, and with them the width they need.
        self.bindings_updated_signal.subscribe(self, lambda _: self.refit())
        # Read once: the player cannot change during a game. Asked of the store thread before
        # any result is written there, so a result always finds it read (see `player`).
        store = self.session.store
        self._player = self.session.io.submit(lambda: store.active_player)
        load(
            self,
            self.session.io,
            self._player.result,
            lambda _: self.show_player(),
            lambda error: self.notify(f"The player could not be read: {error}", severity="error"),
            group="player",
        )
        self._tell_what_to_beat()

    def _tell_what_to_beat(self) -> None:
        """A game on one deal's table (a challenge, a deal chosen by number, the deal of the day)
        says at its start the best result there that holds up by replay, the one to beat
        (README, "Challenges"). The table is replayed on the store's thread."""
        table = self.table
        if table.mode == "random":
            return
        store = self.session.store
        checker = self.session.checkers().own()

        def read(best: Entry | None) -> None:
            # A game resumed over (a win whose time was filed meanwhile) has its own last word.
            if best is not None and not self.over:
                value = format_value(table, best.value)
                self.notify(f"To beat: {value} by {printable(best.name)}.")

        load(
            self,
            self.session.io,
            lambda: store.result_to_beat(table, checker),
            read,
            lambda error: self.notify(
                f"The leaderboard could not be read: {error}", severity="error"
            ),
            group="to-beat",
        )

    @property
    def player(self) -> str | None:
        """The registered player of this game; None for a guest, or while the player has not
        been read (it always has been once a result is recorded: `filing_player`), or if it
        could not be."""
        read = self._player
        if read is None or not read.done() or read.exception() is not None:
            return None
        return read.result()

    def on_resize(self, event: events.Resize) -> None:
        self.refit()

    def on_screen_resume(self) -> None:
        # A screen closed over the game (a leaderboard) may leave its notices behind; they
        # spoke of that screen, and here notices go to the status line, never over the board.
        self.app.clear_notifications()
        self.refit()

    def refit(self) -> None:
        """`fit`, unless the screen is no longer attached (as in `on_mount`): a resume can
        arrive while the app is exiting and has already taken the screen's widgets away (a
        fuzz walk with resizes, seed 23, quit with the game on top)."""
        if self.is_attached:
            self.fit()

    def fit(self) -> None:
        """Cover the game with the enlarge message while the terminal is too small for it; not
        a game being left (from that message: it goes once saved)."""
        if not self._leaving:
            game_screen_fits(self, *self.min_size, self.action_leave)

    def on_symbols_changed(self, message: SymbolsChanged) -> None:
        self.show_symbols(message.symbols)

    def refresh_clock(self) -> None:
        self.show_field(self.CLOCK_FIELD, self.CLOCK_FORMAT.format(format_clock(self.elapsed())))

    def show_field(self, selector: str, content: str | Text) -> None:
        """Put content in a panel field; an unchanged field is not redrawn, so a cursor move
        sends few bytes."""
        if self._shown.get(selector) == content:
            return
        self._shown[selector] = content
        self.query_one(selector, Static).update(content, layout=not self.FIXED_SIZE_PANEL)

    def save_game(self) -> dict[str, Any] | None:
        """Keep the game for the next start, or clear it once it is over, on the store thread
        (the app waits for it before it exits). What is saved (None: the saved game is cleared,
        or there is nothing worth keeping)."""
        data = self._data_to_save()
        change = self._saved_game_change(data)
        if change is not None:
            self.change_saved_game(change, NOT_SAVED)
        return data

    def _data_to_save(self) -> dict[str, Any] | None:
        """The game to save now (None: it is over, or not worth keeping); a copy, since the game
        goes on changing while the thread writes it."""
        return None if self.finished else copy.deepcopy(self.saved_data())

    def _saved_game_change(self, data: dict[str, Any] | None) -> Callable[[], None] | None:
        """What keeps the game now: the save of `data` (`_data_to_save`), the saved game's
        removal once it is over, or None when there is nothing worth keeping, or while its
        result is written (the result's filing settles the saved game: `record_result`)."""
        if self._filing:
            return None
        slot = self.saved_game
        if self.finished:
            return slot.clear
        if data is None:
            return None
        return lambda: slot.save(data)

    def leave(self, then: Callable[[], object], *, quitting: bool = False) -> None:
        """Save the game, then `then()` (close the screen, or the app when `quitting`). A game
        in progress waits for its save; if the store refuses it (a saved game kept: one that
        could not be read, or another copy's; a lock held, a full or read-only disk), the game
        is left only once the player agrees to lose it, and `n` plays on (`play_on`). A quit
        while that is under way quits at once: the player is being asked already (README,
        "Saving and resuming")."""
        if self._leaving:
            if quitting:
                then()
            return
        self._leaving = True
        change = self._saved_game_change(self._data_to_save())
        if change is None or self.finished:
            if change is not None:
                self.change_saved_game(change, NOT_SAVED)
            then()
            return

        # The store usually answers at once; a stalled disk must not look like a dead key, and
        # one that does not answer (a hung network folder) must not keep the player for ever.
        slow = self.set_timer(SLOW_SAVE_AFTER, lambda: self.app.notify(SAVING_SLOWLY, markup=False))
        unfinished = self.set_timer(
            store_thread.LAST_CALLS_WAIT, lambda: refused(StoreError(unfinished_save()))
        )
        question: ConfirmScreen | None = None

        def saved(_: None) -> None:
            slow.stop()
            unfinished.stop()
            if question is None:
                then()
            elif self.app.screen is question:
                question.dismiss(True)  # saved after all: nothing is lost, so leave as asked

        def stayed() -> None:
            self._leaving = False
            self.play_on()

        def refused(error: StoreError) -> None:
            nonlocal question
            slow.stop()
            unfinished.stop()
            if question is not None:
                return  # the player is being asked already: the answer decides
            reason = self._kept_because() if isinstance(error, SavedGameKept) else str(error)
            verb = "Quit" if quitting else "Leave"
            question = self.after_asking(
                True,
                f"This game cannot be saved ({reason}). {verb} and lose it?",
                f"{verb} without saving?",
                then,
                otherwise=stayed,
            )

        write(self, self.session.io, change, saved, refused)

    def save_unless_left(self) -> None:
        """The screen goes away (the app ends, the connection drops): keep the game, unless
        leaving it has already."""
        if not self._leaving:
            self._leaving = True
            self.save_game()

    def play_on(self) -> None:
        """The player chose not to leave a game that cannot be saved: it goes on as it was."""

    def change_saved_game(self, change: Callable[[], None], failed: str) -> None:
        """`change` (a save or a removal of the saved game) on the store thread. A store that
        fails (a full disk, a locked-out folder) gets a notice, `failed: why`, even after the
        screen is gone, and never ends the game. A saved game kept because it could not be
        read when this game began, or because another copy saved one (SavedGameKept), is told
        once, and the panel marks the game "not saved" (`NotSavedMark`) until a change goes
        through again: this game is not saved over it."""
        app = self.app

        def done(_: None) -> None:
            self._told_kept = False  # refused again later, it is told again
            self._mark_not_saved(False)

        def refused(error: StoreError) -> None:
            if not isinstance(error, SavedGameKept):
                app.notify(f"{failed}: {error}", severity="error")
                return
            self._mark_not_saved(not self.finished)
            if not self._told_kept:
                self._told_kept = True
                told = (
                    f"This game is not saved: {self._kept_because()} and is kept."
                    if self._began_over_unread
                    # Short enough for Mahjong's status row beside its panel at 80 columns.
                    else "Not saved: another lines-tui saved a "
                    f"{GAME_NAMES[self.SAVED_GAME]} game; it is kept."
                )
                app.notify(told, severity="warning")

        write(app, self.session.io, change, done, refused)

    def _mark_not_saved(self, shown: bool) -> None:
        """Show or hide the panel's "not saved" mark, while this screen is still there."""
        if still_there(self):
            self.set_class(shown, "-not-saved")

    def abandon_game(self) -> None:
        """The player agreed to lose the game in progress (a new game or deal, a restart): its
        save goes now. What replaces it may have nothing worth saving yet (a deal with no pair
        taken), and the old game would come back at the next start. If this fails, the new
        game's first save replaces the old one anyway (unless the saved game could not be read
        when this game began: then neither replaces it)."""
        if self._data_to_save() is not None:
            self.change_saved_game(self.saved_game.clear, "The old game could not be removed")

    def _kept_because(self) -> str:
        """Why the store keeps the saved game this one would replace."""
        name = GAME_NAMES[self.SAVED_GAME]
        if self._began_over_unread:
            return f"your saved {name} game could not be read"
        return f"another copy of lines-tui saved a {name} game meanwhile"

    def record_result(
        self,
        table: str,
        record: Callable[[Store], RecordOutcome],
        then: Callable[[RecordOutcome], None],
        *,
        kept: dict[str, Any] | None,
    ) -> None:
        """Write a finished game's result to `table` on the store thread, then `then(outcome)`;
        a store that fails becomes an outcome that says why (`may_retry`), so the end of a game
        always has one. Right after the result, on the store thread too, the saved game is
        settled, whatever became of this screen meanwhile (left, quit, a dropped connection):
        removed once the result is filed or refused for itself, else `kept` (the finished game
        as saved data) stays saved, so that resumed it files its result again (README, "Saving
        and resuming"). Leaving meanwhile changes nothing saved; a result not written once the
        screen is gone is told by the app."""
        store, slot, app = self.session.store, self.saved_game, self.app
        self._filing = True

        def file() -> RecordOutcome:
            try:
                return record(store)
            except StoreError as error:
                # "cannot write to PATH: reason"
                return RecordOutcome(False, str(error), table, may_retry=True)

        filed = self.session.io.submit(file)

        def settle() -> None:  # after `file`, on the same thread: `filed` is done
            if filed.exception() is None and not filed.result().may_retry:
                slot.clear()
            elif kept is not None:
                slot.keep(kept)

        self.change_saved_game(settle, NOT_SAVED)

        def answered(outcome: RecordOutcome) -> None:
            if outcome.saved:
                for screen in app.screen_stack:
                    screen.post_message(TablesChanged())
            if still_there(self):
                self._filing = False
                then(outcome)
            elif outcome.may_retry:
                game = GAME_NAMES[self.SAVED_GAME]
                told = RESULT_KEPT.format(game=game, reason=outcome.reason)
                app.notify(told, severity="error", markup=False)

        def failed(error: StoreError) -> None:  # a bug in `record` (UnexpectedError)
            answered(RecordOutcome(False, str(error), table, may_retry=True))

        # Answered through the app: an answer that comes once this screen is gone is told.
        write(app, self.session.io, filed.result, answered, failed)

    def filing_player(self) -> str | None:
        """On the store thread, as a result is filed: the registered player of this game (None
        for a guest), read again now if the read at its start failed (a lock held a moment, an
        I/O error): one failed read does not make a registered player's game a guest's.
        StoreError if it fails again (the result is then kept to try again)."""
        read = self._player
        if read is not None and read.done() and read.exception() is None:
            return read.result()
        player = self.session.store.active_player
        known: Future[str | None] = Future()
        known.set_result(player)
        self._player = known  # `player` knows it from now on
        return player

    def after_asking(
        self,
        ask: bool,
        question: str,
        title: str,
        then: Callable[[], object],
        otherwise: Callable[[], None] = lambda: None,
    ) -> ConfirmScreen | None:
        """Run `then` at once when a game would not be lost (`ask` false), else only once the
        player says yes to `question` (the dialog returned); `otherwise` when the player says
        no."""
        if not ask:
            then()
            return None

        def answered(yes: bool | None) -> None:
            (then if yes else otherwise)()

        dialog = ConfirmScreen(question, title=title)
        self.app.push_screen(dialog, answered)
        return dialog

    def show_leaderboard(self, outcome: RecordOutcome) -> None:
        """The table a result went into, its place under the cursor."""
        self.app.push_screen(
            LeaderboardScreen(self.session, table=outcome.table, highlight_rank=outcome.rank)
        )
