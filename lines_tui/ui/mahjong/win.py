"""What a won Mahjong game leads to: the name entry when the time makes the top 10, the time
recorded in its table, its save cleared once that is settled, and a challenge code for a friend
(README, "Challenges").
The line that says so is the screen's, since it names the screen's keys."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.store import (
    Entry,
    RecordOutcome,
    Store,
    StoreError,
    TableId,
    codes,
    format_value,
    mahjong_time_problem,
    tenths,
)
from lines_tui.store.names import GUEST_NAME
from lines_tui.store.records import MahjongRecord
from lines_tui.store.replay import record_of_mahjong
from lines_tui.store.sharing import challenge_problem, race_over
from lines_tui.store.tables import FIRST_DATE
from lines_tui.ui.dialogs import CodeScreen, after_asking
from lines_tui.ui.game_screen import GameScreen
from lines_tui.ui.result_filing import not_saved
from lines_tui.ui.scores import NameEntryScreen
from lines_tui.ui.sentences import ended, reason_alone
from lines_tui.ui.store_thread import load
from lines_tui.ui.typed_ahead import TYPED_ON_GUARD

CHECKING_TIME = "Checking your time against the leaderboard…"
SAVING_TIME = "Saving your time…"
PLAYER_NOT_READ = (
    "Your time {time} is not saved yet: the player could not be read ({error})."
    " Kept: resume the game from the menu to try again."
)
"""Told when the player cannot be read as a win's time is checked: no name is asked (a registered
player would be asked to type their own name), and the won game stays saved to ask again."""
ANOTHER_COPY_FILED_IT = "Another lines-tui filed this win already."
"""Told when the won game's time is not filed: another copy resumed the won game and filed
it (its saved game is gone, or another game is saved now)."""

NO_CHALLENGE_YET = "A challenge code comes with a win of this deal."
NO_CHALLENGE_RECORD = (
    "No challenge code for this win: the position was not dealt from its deal number."
)
NO_CHALLENGE_OTHER_BOARD = "No challenge code for this win: it was {why}."
"""c on a win an older dealer dealt (`WinResults.other_board` says why)."""
NO_CHALLENGE_BECAUSE = "No challenge code for this win: {why}."
"""c on a win whose time no table holds (`WinResults.no_result` says why), or whose deal of
the day is over (`WinResults.day_over`)."""


@dataclass(frozen=True)
class Win:
    """A won game's result, fixed at the win: what its time is recorded with, whatever the
    player does next (a key pressed with the last pair may already start a new deal)."""

    table: TableId
    seed: int
    record: MahjongRecord | None
    seconds: float
    at: float
    """When it was won: the date of its entry and of its challenge code."""
    saved: dict[str, Any] | None
    """The won game as this copy saved it when it was won: its time is filed only while that
    game is still saved (`SavedGameSlot.file_win`)."""


class WinResults:
    """The results of the game `game()` on `screen`, which plays for the table `table()`.
    `named()` is called once a name is given for the win's time (the line may name the keys),
    `asking()` as the name prompt opens (the line says the win alone: not "Checking your
    time…", which a key pressed meanwhile said)."""

    def __init__(
        self,
        screen: GameScreen,
        game: Callable[[], MahjongGame],
        table: Callable[[], TableId],
        named: Callable[[], None],
        asking: Callable[[], None],
    ) -> None:
        self._screen = screen
        self._game = game
        self._table = table
        self._named = named
        self._asking = asking
        self._win: Win | None = None
        self._recorded_as: str | None = None
        """The name the time was saved under, if it was."""
        self._celebrated = False
        """The win was celebrated since the game was shown (`shown`)."""
        self.pending = False
        """Won, and the time neither saved nor turned down yet: the won game stays saved, so
        quitting at the name prompt (or a dropped connection) loses nothing; resumed, it asks
        again."""
        self.checking = False
        """The time is being checked against its table; the name prompt comes next."""
        self.writing = False
        """The time is being written to its table (it counts as saved meanwhile; a quit then
        leaves the won game to the write, which removes it with the time filed, or keeps it
        if the time could not be written: `GameScreen.record_result`)."""

    @property
    def pending_time(self) -> str | None:
        """The winning time not saved yet (None: none waits)."""
        return _cleared(self._win) if self.pending and self._win is not None else None

    def shown(self) -> None:
        """The game is shown from scratch (a new deal, a restart, a resumed game): a won game
        is saved only while its time waits for a name, so resumed it asks again."""
        self._celebrated = False

    @property
    def won_in(self) -> int | None:
        """The win's time in tenths of a second, as its table keeps it (None: no win)."""
        return None if self._win is None else tenths(self._win.seconds)

    @property
    def cleared(self) -> str | None:
        """The win's time to the tenth, as its table keeps it (None: no win)."""
        return None if self._win is None else _cleared(self._win)

    def celebrate(self) -> bool:
        """The game is won: ask for a name if the time qualifies, once since the game was
        shown; the won game stays saved until that is settled. False: this win asked already."""
        if self._celebrated:
            return False
        self._celebrated = True
        screen, game, now = self._screen, self._game(), self._screen.now()
        # Resumed, a win keeps the moment it happened (older saves do not know it, and a save
        # edited by hand may not tell a date a table can hold).
        won_at = game.won_at
        at = won_at if won_at is not None and FIRST_DATE <= won_at <= now else now
        self._recorded_as = None
        self.pending = self.checking = True
        saved = screen.save_game()
        win = self._win = Win(
            self._table(), game.seed, record_of_mahjong(game), game.elapsed(now), at, saved
        )
        store = screen.session.store
        screen.refresh_bindings()

        def ask_name(qualifies: bool) -> None:
            if self._win is not win:
                return  # undone and won again: that win asks
            self.checking = False
            if not qualifies:
                no_result = self.no_result  # no table holds its time (`mahjong_qualifies`)
                said = (
                    f"Cleared in {_cleared(win)}: not fast enough for the top 10."
                    if no_result is None
                    else ended(f"Not saved: {no_result}")
                )
                # The race stays said, after the line that replaces the win's.
                race = screen.race_said(tenths(win.seconds))
                screen.notify(f"{said} {race}" if race else said)
                self._settle()
                return
            # Keys of the winning pair typed on must not edit the prefilled name.
            self._asking()
            self._ask_name(win, guard=TYPED_ON_GUARD)

        def check() -> bool:
            # The player first, read again if the game's read failed (a lock held a moment):
            # the prompt is prefilled with them, not left empty as though a guest played.
            screen.filing_player()
            return store.mahjong_qualifies(win.table, win.seconds)

        load(
            screen,
            screen.session.io,
            check,
            ask_name,
            lambda error: self._check_failed(win, error),
            group="qualifies",
        )
        return True

    def _check_failed(self, win: Win, error: StoreError) -> None:
        if self._win is not win:
            return
        self.checking = False  # still pending: N or R asks, a resume checks again
        screen = self._screen
        if screen.player_known:  # read: the table failed (`celebrate` reads the player first)
            screen.notify(f"The leaderboard could not be read: {error}", severity="error")
        else:
            told = PLAYER_NOT_READ.format(time=_cleared(win), error=reason_alone(str(error)))
            screen.notify(told, severity="error")

    @property
    def busy(self) -> str:
        """What the results wait for before the game may be replaced ("" when nothing)."""
        if self.checking:
            return CHECKING_TIME
        return SAVING_TIME if self.writing else ""

    def turn_down(self) -> None:
        """The player leaves the won game (a new deal) before its time is saved: it is not."""
        if self.pending:
            self._screen.notify("The time was not saved.")
            self._settle()

    @property
    def can_challenge(self) -> bool:
        return self.why_no_challenge() is None

    def why_no_challenge(self) -> str | None:
        """Why this game gives no challenge code (what `c` says), or None: it must be won, its
        moves make a record a friend's copy can be checked against (the win's, made once: the
        footer asks at every refresh), on the board its deal's table races on (`other_board`),
        in a time a table holds (`no_result`), while its deal can be raced (`day_over`)."""
        if not self._game().won:
            return NO_CHALLENGE_YET
        if self.other_board is not None:
            return NO_CHALLENGE_OTHER_BOARD.format(why=self.other_board)
        for why in (self.no_result, self.day_over):
            if why is not None:
                return NO_CHALLENGE_BECAUSE.format(why=why)
        win = self._win
        if win is None or win.record is None:
            return NO_CHALLENGE_RECORD
        return None

    @property
    def no_result(self) -> str | None:
        """Why the win is no result, or None: its time is not one a table holds (past
        99:59:59.9: `mahjong_time_problem`). Its time is not saved, and it sets no challenge: a
        friend's copy would read the code's entry as invalid."""
        win = self._win
        return None if win is None else mahjong_time_problem(win.table, win.seconds)

    @property
    def other_board(self) -> str | None:
        """Why the win sets no challenge though its moves make a record, or None: an older
        dealer dealt its game (one saved before dealer 2, finished since), and a friend would
        be dealt another board (`challenge_problem`)."""
        win = self._win
        return None if win is None else challenge_problem(win.table, win.seed, win.record)

    @property
    def day_over(self) -> str | None:
        """Why the win's deal can no longer be raced, or None: a deal of the day won before
        midnight (UTC), looked at after it (`sharing.race_over`)."""
        win = self._win
        return None if win is None else race_over(win.table, self._screen.now())

    def challenge(self) -> None:
        """A challenge code of this win: a friend plays the same deal, for its table, against
        this time. Its entry is the one saved in the table (the name typed, the time of the win),
        so importing it where the result is saved adds nothing."""
        win = self._win
        if not self.can_challenge or win is None:
            return
        screen = self._screen
        name = self._recorded_as or screen.player or GUEST_NAME
        at = win.table.entry_date(win.at)
        entry = Entry(name, tenths(win.seconds), at, win.seed, win.record)
        code = codes.challenge(win.table, entry, screen.session.find_layout)
        screen.app.copy_to_clipboard(code)
        screen.app.push_screen(
            CodeScreen(
                code,
                "Sent to the clipboard (or select it below). A friend pastes it in Import or runs "
                "lines-tui challenge CODE.",
                "Challenge",
            )
        )

    def _settle(self) -> None:
        """The time is saved or turned down: a won game has nothing left to resume."""
        self.pending = False
        self._screen.save_game()

    def _ask_name(self, win: Win, guard: float = 0.0, typed: str | None = None) -> None:
        """The name prompt, prefilled with the player, or with what was `typed` in it before."""
        screen = self._screen
        default = (screen.player or "") if typed is None else typed
        prompt = NameEntryScreen(default=default, guard=guard, kept=screen.player)

        def answered(name: str | None) -> None:
            if name:
                self._record(name, win)
                self._named()
                return
            # esc: one key must not throw the time away unasked.
            after_asking(
                screen.app,
                True,
                f"Your time {_cleared(win)} is not saved yet. Drop it?",
                "Drop your time",
                self.turn_down,
                lambda: self._ask_name(win, typed=prompt.typed),
            )

        screen.app.push_screen(prompt, callback=answered)

    def _record(self, name: str, win: Win) -> None:
        screen = self._screen

        def recorded(outcome: RecordOutcome) -> None:
            if self._win is not win:
                return  # the screen moved on (it waits for the write, so it should not)
            self.writing = False
            if outcome.filed_elsewhere:  # its saved game went with another copy's entry
                screen.notify(ANOTHER_COPY_FILED_IT, severity="warning")
            elif outcome.saved:
                self._recorded_as = outcome.filed_as  # a registered player's spelling, say
                screen.show_leaderboard(outcome)
            else:
                if outcome.may_retry:  # pending again, the won game kept: resumed, it asks again
                    self.pending = True
                # Otherwise refused for good (a time no one plays): a resume would ask in vain.
                screen.notify(not_saved(outcome))

        player = screen.player  # the name it may be, registered before a newer rule

        def file(store: Store) -> RecordOutcome:
            def record(saved: dict[str, Any] | None) -> RecordOutcome:
                return store.record_mahjong(
                    name,
                    win.table,
                    win.seconds,
                    win.seed,
                    win.at,
                    win.record,
                    saved=saved,
                    title=title,
                    kept=player,
                )

            return record(None) if win.saved is None else slot.file_win(win.saved, record)

        slot = screen.saved_game
        title = screen.session.table_title(win.table)  # a layout from a file: its own
        screen.record_result(str(win.table), file, recorded, kept=win.saved)
        self.writing, self.pending = True, False


def _cleared(win: Win) -> str:
    """The winning time to the tenth, as its table keeps it (0:30 in one place and 0:31.0 in
    another would read as two times)."""
    return format_value(win.table, tenths(win.seconds))
