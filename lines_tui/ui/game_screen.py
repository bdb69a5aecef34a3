"""What both game screens share: the session, the clock in the panel, the panel's fields, the
size guard and the symbols setting; and the parts it is made of, each in a module of its own: the
player (`game_player`), the result to beat (`result_to_beat`), keeping the game to resume
(`game_keeper`), leaving it (`game_leaving`) and recording a finished game's result
(`result_filing`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widgets import Static

from lines_tui.engine.saved_games import PLAYER_FIELD
from lines_tui.store import RecordOutcome, Store, TableId, format_clock
from lines_tui.ui.app_keys import says_only
from lines_tui.ui.game_keeper import GameKeeper
from lines_tui.ui.game_leaving import Leaving
from lines_tui.ui.game_player import GamePlayer
from lines_tui.ui.going_back import leaderboard_under, under
from lines_tui.ui.on_top import DismissedOnTop
from lines_tui.ui.pasted_codes import IN_A_GAME, tell_where_codes_go
from lines_tui.ui.result_filing import file_result
from lines_tui.ui.result_to_beat import ResultToBeat
from lines_tui.ui.scores import LeaderboardScreen
from lines_tui.ui.session import SavedGame, SavedGameSlot, Session, SymbolsChanged
from lines_tui.ui.size_guard import game_screen_fits
from lines_tui.ui.status_line import StatusLine
from lines_tui.ui.store_thread import still_there
from lines_tui.ui.typed_ahead import DropsTypedAhead

RESUMED = "Resumed your saved game."
"""What a game's message line first says when it was resumed."""


class GameScreen(DismissedOnTop, DropsTypedAhead, Screen[None]):
    """A game screen. Subclasses say which saved game they are (`SAVED_GAME`), where the clock
    shows (`CLOCK_FIELD`, `CLOCK_FORMAT`), and fill in the hooks below; this class runs the clock,
    keeps the screen covered while the terminal is too small and follows the symbols key. Its
    parts keep the game (`GameKeeper`), leave it (`Leaving`), know its player (`GamePlayer`), tell
    the result to beat and file the result; every store call runs on the session's store thread,
    in the order asked, so a turn never waits for the disk.

    Textual calls the Mount, Resize and ScreenResume handlers of every class in the hierarchy, so
    a subclass that handles them too gets both, its own first."""

    SAVED_GAME: ClassVar[SavedGame]
    CLOCK_FIELD: ClassVar[str]
    """The panel field (a selector) that shows the playing time."""
    CLOCK_FORMAT: ClassVar[str]
    """The clock's line, with {} for the time."""
    CLOCK_ROOM: ClassVar[int | None] = None
    """The columns of the clock's field if it has one row (None: it wraps). A line longer than
    that would wrap the time out of sight: the time is shown alone."""
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

    def __init__(
        self, session: Session, saved_by: str | None = None, owner: str | None = None
    ) -> None:
        """`saved_by`: for a game resumed from its save, the player its save names; `owner`:
        that player if not the one who plays, as the menu named them (`resumed_said`)."""
        super().__init__()
        self.session = session
        self._owner = owner
        self._shown: dict[str, str | Text] = {}
        self._player = GamePlayer(session, saved_by)
        self._to_beat = ResultToBeat(
            self,
            session,
            lambda: self.player,
            lambda: self.owner,
            lambda: self.player_known and self.player is None,
            self._resumed_line,
        )
        self._keeper = GameKeeper(
            self,
            session,
            self.SAVED_GAME,
            finished=lambda: self.finished,
            saved_data=self._saved_with_its_player,
        )
        self._leaving = Leaving(self, self._keeper, self.play_on)

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
        """The player has been read, or could not be (`player`): show who plays, where the game
        does."""

    def show_deal_name(self) -> None:
        """Show the deal's name (`deal_name`, which names it as of now), where the game does."""

    def action_leave(self) -> None:
        """Back to the screen under the game (`back_to`), through `leave`."""
        raise NotImplementedError

    # -- shared behaviour -------------------------------------------------------------------

    def on_mount(self) -> None:
        if not self.staying:
            return  # closed at once, or the app ended while it was mounted: nothing to start
        leaderboard = leaderboard_under(self)
        if leaderboard is not None:  # a challenge raced from it
            leaderboard.game_opened_over()
        self.set_interval(1.0, self._each_second)
        # Paused, won or played again, the keys change, and with them the width they need.
        self.bindings_updated_signal.subscribe(self, lambda _: self.refit())
        # The player first: a result written later always finds it read (`GamePlayer.read`).
        self._player.read(self, self.show_player)
        self.tell_what_to_beat()

    @property
    def owner(self) -> str | None:
        """The player this game was resumed as, if not the one who plays (as the menu named
        them); None otherwise."""
        return self._owner

    @property
    def resumed_said(self) -> str:
        """What a resumed game first says: whose saved game it is."""
        return RESUMED if self._owner is None else f"Resumed {self._owner}'s saved game."

    def _resumed_line(self) -> str:
        """The status line while it still says the game was resumed (nothing said since), else
        "": a resumed challenge said only "To beat: ...", the line that it was resumed gone."""
        status = self.query(StatusLine)
        message = status.first().message if status else ""
        return message if message.startswith(self.resumed_said) else ""

    def _saved_with_its_player(self) -> dict[str, Any] | None:
        """The game to save, naming its registered player (`GamePlayer.saved_as`): resumed by
        whoever plays then, it is still theirs."""
        data = self.saved_data()
        player = self._player.saved_as
        if data is not None and player is not None:
            data[PLAYER_FIELD] = player
        return data

    @property
    def back_to(self) -> str:
        """Where leaving the game goes, as its keys and messages say: "the menu", or "the
        leaderboard" a challenge was raced from (`going_back`)."""
        return under(self)

    @property
    def player(self) -> str | None:
        """The registered player of this game (`GamePlayer.name`)."""
        return self._player.name

    def tell_what_to_beat(self) -> None:
        """Say the result to beat on the game's deal's table, if it has one (`ResultToBeat`)."""
        self._to_beat.tell(self.table, lambda: self.over)

    def race_said(self, value: int) -> str:
        """How this game's result `value` fared against the result to beat on its deal's
        table, told as it started (`ResultToBeat.race_said`); "" if there was none."""
        return self._to_beat.race_said(self.table, value)

    @property
    def player_known(self) -> bool:
        """Whether the player has been read (`GamePlayer.known`)."""
        return self._player.known

    @property
    def player_unread(self) -> bool:
        """Whether the player could not be read (`GamePlayer.unread`): the game is not a
        guest's for that."""
        return self._player.unread

    def filing_player(self) -> str | None:
        """On the store thread, as a result is filed (a Mahjong win: as its time is checked, for
        the name prompt): the registered player of this game (`GamePlayer.filing`)."""
        return self._player.filing()

    def on_resize(self, event: events.Resize) -> None:
        self.refit()

    def on_paste(self, event: events.Paste) -> None:
        tell_where_codes_go(self, event.text, IN_A_GAME)

    def on_screen_resume(self) -> None:
        # A screen closed over the game (a leaderboard) may leave its notices behind; they
        # spoke of that screen, and here notices go to the status line, never over the board.
        self.app.clear_notifications()
        self.refit()

    def refit(self) -> None:
        """`fit`, unless the screen is no longer attached (as in `on_mount`): a resume can
        arrive while the app is exiting and has already taken the screen's widgets away (a
        fuzz walk with resizes, seed 23, quit with the game on top)."""
        if still_there(self):
            self.fit()

    def fit(self) -> None:
        """Cover the game with the enlarge message while the terminal is too small for it; not
        a game being left (from that message: it goes once saved)."""
        if not self._leaving.under_way:
            game_screen_fits(self, *self.min_size, self.action_leave)

    def on_symbols_changed(self, message: SymbolsChanged) -> None:
        self.show_symbols(message.symbols)

    def now(self) -> float:
        """Wall-clock epoch seconds now, for the game and its parts: the session's clock (the
        app's `clock`, which tests fix)."""
        return self.session.clock()

    def _each_second(self) -> None:
        """The clock; and the deal's name, which the turn of the UTC day changes ("today's
        deal" becomes "deal of 12-05": its table takes no new results). An unchanged field is
        not redrawn (`show_field`)."""
        self.refresh_clock()
        self.show_deal_name()

    def refresh_clock(self) -> None:
        clock = format_clock(self.elapsed())
        line = self.CLOCK_FORMAT.format(clock)
        if self.CLOCK_ROOM is not None and len(line) > self.CLOCK_ROOM:
            line = clock  # past 100 hours in Mahjong's panel: the time, never cut
        self.show_field(self.CLOCK_FIELD, line)

    def show_field(self, selector: str, content: str | Text) -> None:
        """Put content in a panel field; an unchanged field is not redrawn, so a cursor move
        sends few bytes."""
        if self._shown.get(selector) == content:
            return
        self._shown[selector] = content
        self.query_one(selector, Static).update(content, layout=not self.FIXED_SIZE_PANEL)

    # -- keeping, leaving and recording the game: its parts do it ---------------------------

    @property
    def saved_game(self) -> SavedGameSlot:
        """Where this game keeps itself (on the store thread only)."""
        return self._keeper.slot

    def save_game(self) -> dict[str, Any] | None:
        """Keep the game for the next start, or clear it once it is over (`GameKeeper.save`)."""
        return self._keeper.save()

    def data_to_save(self) -> dict[str, Any] | None:
        """The game to save now (`GameKeeper.data_to_save`)."""
        return self._keeper.data_to_save()

    def abandon_game(self) -> None:
        """The player agreed to lose the game in progress: its save goes now
        (`GameKeeper.abandon`). What replaces it on this screen (a new deal, a restart) is
        whoever plays now's, not the save's player's (`GamePlayer.new_game`)."""
        self._keeper.abandon()
        self._player.new_game(self, self.show_player)
        self._owner = None

    def leave(self, then: Callable[[], object], *, quitting: bool = False) -> None:
        """Save the game, then `then()`, asking first if it cannot be saved (`Leaving.leave`)."""
        self._leaving.leave(then, quitting=quitting)

    def save_unless_left(self) -> None:
        """The screen goes away (the app ends, the connection drops): keep the game, unless
        leaving it has already."""
        self._leaving.save_unless_left()

    def drops_in_turn(self, key: events.Key) -> bool:
        """Every key once leaving has begun (while it waits for the game's save, and after), but
        for those that only show or say something (`says_only`): the keys typed on with q or esc
        (one burst, as SSH sends them) played a move on the game being left, and saved it, or
        abandoned it for a new one (a player's test)."""
        return self._leaving.under_way and not says_only(key.key)

    def play_on(self) -> None:
        """The player chose not to leave a game that cannot be saved: it goes on as it was."""

    def record_result(
        self,
        table: str,
        record: Callable[[Store], RecordOutcome],
        then: Callable[[RecordOutcome], None],
        *,
        kept: dict[str, Any] | None,
    ) -> None:
        """Write a finished game's result to `table`, then `then(outcome)`, and settle the
        saved game (`file_result`)."""
        file_result(self, self.session, self._keeper, table, record, then, kept=kept)

    def show_leaderboard(
        self, outcome: RecordOutcome, then: Callable[[], None] = lambda: None
    ) -> None:
        """The table a result went into, its place under the cursor; `then()` once it closes."""
        self.app.push_screen(
            LeaderboardScreen(self.session, table=outcome.table, highlight_rank=outcome.rank),
            lambda _: then(),
        )
