"""The Lines game screen: the board, the score panel, and keys turned into engine moves."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import ActiveBinding, BindingType
from textual.containers import Horizontal
from textual.geometry import Size

from lines_tui.engine.deal_choice import RANDOM
from lines_tui.engine.lines import COLOUR_NAMES, LinesGame, TurnResult
from lines_tui.engine.lines.cell_names import (
    CellTyping,
    cell_name,
    column_letter,
    is_row_digit,
    row_number,
)
from lines_tui.engine.saved_games import lines_summary
from lines_tui.outside_text import inert
from lines_tui.seeds import fresh_seed
from lines_tui.store import Entry, RecordOutcome, TableId, codes, lines_time_problem
from lines_tui.store.names import GUEST_NAME
from lines_tui.store.records import LinesRecord
from lines_tui.store.replay import record_of_lines
from lines_tui.store.sharing import race_over
from lines_tui.store.tables import utc_day
from lines_tui.ui.deal_name import deal_name
from lines_tui.ui.dialogs import after_asking
from lines_tui.ui.footer import Footer, least_width
from lines_tui.ui.game_screen import GameScreen
from lines_tui.ui.going_back import going_back, said_for
from lines_tui.ui.lines.board import Cell, LinesBoard
from lines_tui.ui.lines.cell_shape import board_size_for, largest_scale_within
from lines_tui.ui.lines.film import TurnFilm
from lines_tui.ui.lines.game_over import (
    NO_CHALLENGE,
    NO_POINTS_NO_CHALLENGE,
    UNREPLAYABLE,
    GameOverScreen,
    copied_from,
)
from lines_tui.ui.lines.keys import (
    DIALOG_COMES_NEXT,
    GAME_IS_OVER,
    GAME_OVER_LINE,
    LINES_KEYS,
    MOVES,
    RESULT_BEING_SAVED,
    RESULT_WHEN_OVER,
    keys_now,
)
from lines_tui.ui.lines.panel import (
    DEAL_NAME_HEIGHT,
    SIDE_MIN_HEIGHT,
    SIDE_MIN_WIDTH,
    LinesPanel,
    legend,
    next_balls,
)
from lines_tui.ui.lines.turn import Frame, turn_frames
from lines_tui.ui.sentences import LEAVE_THE_DEAL, ended, replaces_another
from lines_tui.ui.session import Session
from lines_tui.ui.size_guard import FOOTER_HEIGHT
from lines_tui.ui.status_line import StatusLine
from lines_tui.ui.store_thread import keep_preferences, load

INVALID_SECONDS = 0.4
"""How long a target without a free path flashes."""
PLAYER_NOT_READ = "Player not read yet"
"""The panel's player line while the player cannot be read (`GamePlayer.unread`): the game is
not a guest's for that, and its result is filed for the player once read."""


class LinesScreen(GameScreen):
    """One game of Lines, saved to the session's store after every turn, so leaving (q),
    quitting (ctrl+q) or a dropped SSH connection all keep it for the next start (one that cannot
    be saved asks before it is left: `leave`); a finished game is cleared."""

    CSS_PATH = Path(__file__).parent / "lines.tcss"
    HELP_TITLE = "Lines"
    SAVED_GAME = "lines"
    CLOCK_FIELD = "#lines-time"
    CLOCK_FORMAT = "Time  {}"
    # Short terminals get the panel without blank lines between its parts.
    # (Textual annotates this as an instance attribute, so no ClassVar here.)
    VERTICAL_BREAKPOINTS = [(0, "-short"), (20, "-tall")]  # noqa: RUF012
    # The clock's rule is said here too: a new player took q (back to the menu, saved) for a
    # pause, and came back to more time.
    HELP = (
        "Select a ball, then an empty cell: the ball travels there if a free path of empty cells "
        "joins them (no diagonal steps). Five or more of one colour in a row, column or diagonal "
        "vanish and score, and you move again; otherwise three new balls drop where the small "
        "ones show. The game ends when the board is full. Quickest: type the ball's cell, then "
        "the target's (3e 7c), as named on the board's edges. The clock is the time since the "
        "first balls, also while the game is saved: a score counts only for a game of at most "
        "24 hours."
    )

    BINDINGS: ClassVar[list[BindingType]] = LINES_KEYS

    def __init__(
        self,
        session: Session,
        game: LinesGame,
        *,
        resumed: bool = False,
        saved_by: str | None = None,
        owner: str | None = None,
    ) -> None:
        """`resumed` from its save, which names `saved_by` as its player (`owner`: as
        `GameScreen`)."""
        super().__init__(session, saved_by, owner)
        self.game = game
        self.selected: Cell | None = None
        self.message = self.resumed_said if resumed else ""
        self.film = TurnFilm(self, self._show_frame, self._film_ended)
        self._game_over_shown = False
        self._show_result: Callable[[], None] | None = None
        """Opens the game-over dialog again (`r` on the final board), once the result is
        settled."""
        self._outcome: RecordOutcome | None = None
        """What became of the result, its place as last read (`_place_again`)."""
        self._filed = False
        """The finished game's result is settled: filed, or refused for itself (not one the
        store could not write, whose game stays saved to file it again once resumed)."""
        self.typing = CellTyping(game.size)
        self._past_the_limit_told = False
        self._passing = ""
        """The last line about where the cursor is or what is typed ("Cursor on 9i.", "Row 3:
        now its column letter…", "No row 10 here…"): it goes, if still shown, once the cursor
        moves or the typed row is dropped (`_say_in_passing`)."""

    @property
    def board(self) -> LinesBoard:
        return self.query_one("#lines-board", LinesBoard)

    def compose(self) -> ComposeResult:
        with Horizontal(id="lines-main"):
            board = LinesBoard(
                self.game.size, few_colours=self.session.few_colours, id="lines-board"
            )
            board.border_title = Text(f"Lines {self.game.size} x {self.game.size}")
            yield board
            yield LinesPanel(id="lines-side")
        yield Footer()

    @property
    def min_size(self) -> tuple[int, int]:
        board = board_size_for(0, self.game.size)
        width = max(board.width + SIDE_MIN_WIDTH, least_width(self))
        side = SIDE_MIN_HEIGHT + (DEAL_NAME_HEIGHT if self._deal_named else 0)
        return width, max(board.height, side) + FOOTER_HEIGHT

    @property
    def _deal_named(self) -> bool:
        """The panel names the deal: one of the day, or one chosen by number (a challenge's)."""
        return self.game.deal_choice.mode != "random"

    def on_mount(self) -> None:
        if not self.staying:
            return  # closed at once, or the app ended while it was mounted: nothing to start
        self.board.set_symbols(self.session.symbols)
        self.set_class(self._deal_named, "-named-deal")
        self._fit_board()
        self._show_position()
        self._refresh_panel()
        self._say(self.message)
        if self.game.over:
            self.call_after_refresh(self._finish_game)

    def fit(self) -> None:
        self._fit_board()
        # The status line's room is measured on the panel as laid out (`LinesPanel.notice_room`):
        # laid out again once the panel has its new size.
        self.call_after_refresh(self.query_one(StatusLine).refresh, layout=True)

    def _fit_board(self) -> None:
        """Pick the largest cells that fit beside the panel; cover the game if nothing fits."""
        width, height = self.app.size
        room = Size(width - SIDE_MIN_WIDTH, height - FOOTER_HEIGHT)
        self.board.set_scale(largest_scale_within(room, self.game.size))
        self.show_field("#lines-legend", self._legend())
        super().fit()

    def _show_position(self) -> None:
        self.board.show(dict(self.game.board.balls()), dict(self.game.preview))

    def show_symbols(self, symbols: bool) -> None:
        self.board.set_symbols(symbols)
        self._refresh_panel()

    def _refresh_panel(self) -> None:
        game = self.game
        self.show_field("#lines-score", f"Score {game.score}")
        self.show_deal_name()
        self.show_field("#lines-player", self._player_line())
        self.refresh_clock()
        self.show_field("#lines-next", next_balls(self.board, self.game.preview))
        self.show_field("#lines-legend", self._legend())

    def show_deal_name(self) -> None:
        game = self.game
        self.show_field("#lines-deal", deal_name(game.deal_choice, game.seed, self.now()))

    def show_player(self) -> None:
        self._refresh_panel()

    def _player_line(self) -> Text | str:
        """Blank until the first read of the player answers (a few milliseconds), so that the
        first frame says neither "Guest" of a player nor that a read failed."""
        player = self.player
        if player:
            return Text("Player ").append_text(inert(player))
        if self.player_known:
            return "Guest: scores are not saved"
        return PLAYER_NOT_READ if self.player_unread else ""

    def elapsed(self) -> float:
        game = self.game
        end = game.ended_at if game.ended_at is not None else self.now()
        return end - game.started_at

    def refresh_clock(self) -> None:
        super().refresh_clock()
        self._tell_past_the_time_limit()

    def _tell_past_the_time_limit(self) -> None:
        """Once a game in progress could no longer be saved as a result (over 24 hours since it
        began: resumed days later, or played on), say so once, while it is played: a player
        review found it told only at the end, after the whole game."""
        game = self.game
        if self._past_the_limit_told or game.over:
            return
        problem = lines_time_problem(game.started_at, self.now())
        if problem is not None:
            self._past_the_limit_told = True
            self._say(f"Its score will not be saved: {problem}.", important=True)

    def _legend(self) -> Text:
        board = self.board
        return legend(
            board, self.app.size.width - board_size_for(board.scale, self.game.size).width
        )

    def _say(self, message: str, important: bool = False) -> None:
        """Tell the player what just happened (`important`: a score, a refusal, the end)."""
        self.message = message
        self.query_one(StatusLine).say(message, important)

    def _show_frame(self, frame: Frame) -> None:
        self.board.show(frame.balls, frame.preview, frame.effects)

    def _film_ended(self) -> None:
        """The turn's film at its end (a key press skips it; the game is there already)."""
        self._show_position()
        if self.game.over:
            self._finish_game()

    @property
    def animating(self) -> bool:
        return self.film.running

    def read_key(self, event: events.Key) -> bool:
        """A column letter after a row number names a cell (the letters are other keys' only
        without a row typed); any other key forgets the row typed so far. `ReadsKeys`: read
        before the bindings, in its turn among the keys typed (`⏎` `1e` in one burst picks the
        ball under the cursor, then moves it). Any key skips the animation of a move. True when
        the key was taken as part of a cell's name (else its binding acts)."""
        self._skip_film()
        key = event.key
        if is_row_digit(key):
            self.action_row_digit(key)
            return True
        if self.typing.pending_row is None:
            self._column_without_row(key)
            return False
        cell = self.typing.column(key)
        self.typing.clear()
        self.board.set_typed_row(None)
        self._drop_passing_line()  # it would ask for the letter of a row no longer typed
        if self.game.over:
            if cell is not None:  # a cell named, not the letter's own key (3a; 3n on 14 x 14)
                self._over_said()
            return cell is not None  # any other key does what it does there: q goes back
        letter = len(key) == 1 and key.isalpha()
        if cell is not None:
            self._go_to(cell)
        elif letter:
            last = column_letter(self.game.size - 1)
            self._say_in_passing(
                f"{key} is no column here: type a row number, then a letter a-{last}."
            )
        elif key == "escape":
            self._say("")
        return letter or key == "escape"  # an arrow, enter, ...: does what it always does

    def _column_without_row(self, key: str) -> None:
        """A column letter that is no key of its own, typed before any row: it used to do
        nothing at all (a player review). On a finished board any such letter says the game is
        over and which key shows its result: `b` and `c`, read in the game-over dialog, did
        nothing there (a player review)."""
        if key in self.active_bindings:
            return
        if self.game.over:
            if len(key) == 1 and key.isalpha():
                self._over_said()
            return
        if self.typing.is_column(key):
            self._say_in_passing(f"Row first, then column: 3{key} is row 3, column {key}.")
        elif len(key) == 1 and key.isalpha():
            # It said nothing, and any line of a key before it stayed (a player's test).
            self._say_in_passing(f"{key} is no key or column here: ? shows the keys.")

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        keys = keys_now(
            super().active_bindings,
            over=self.game.over,
            selected=self.selected is not None,
            kept=not self._filed,
        )
        return going_back(keys, self.back_to)

    def _over_said(self) -> bool:
        """On a finished board, a key that moves or names a cell says so, and does nothing."""
        if self.game.over:
            self._say(said_for(GAME_IS_OVER, self.back_to))
        return self.game.over

    def action_cursor(self, direction: str) -> None:
        self._skip_film()
        if self._over_said():
            return
        row, col = self.board.cursor
        d_row, d_col = MOVES[direction]
        size = self.game.size
        self._drop_passing_line()  # it would be about a cell the cursor has left
        self.board.set_cursor(((row + d_row) % size, (col + d_col) % size))

    def action_row_digit(self, digit: str) -> None:
        self._skip_film()
        # Kept on a finished board too (unlit there), so that a column letter after it names a
        # cell, as always after a row number, and says the game is over instead of acting as
        # a key of its own (`read_key`).
        before = self.typing.pending_row
        self.typing.digit(digit)
        if self._over_said():
            return
        row = self.typing.pending_row
        self.board.set_typed_row(row)
        if row is not None:
            last = column_letter(self.game.size - 1)
            self._say_in_passing(f"Row {row_number(row)}: now its column letter, a-{last}.")
        else:
            typed = ("" if before is None else row_number(before)) + digit
            self._say_in_passing(f"No row {typed} here: the rows are 1 to {self.game.size}.")

    def _say_in_passing(self, line: str) -> None:
        self._passing = line
        self._say(line)

    def _drop_passing_line(self) -> None:
        if self.message == self._passing:
            self._say("")

    def _go_to(self, cell: Cell) -> None:
        """The cursor to a typed cell: select the ball there, or move the selected ball there."""
        self.board.set_cursor(cell)
        colour = self.game.board[cell]
        if colour is not None and self.selected == cell:  # typed again: it stays selected
            # Short: the panel's line is narrow, and the board shows which ball it is.
            self._say_in_passing("Selected already: type where it goes, or enter cancels.")
        elif colour is not None or self.selected is not None:
            self.action_act()
        else:
            self._say_in_passing(cursor_on(cell))

    def _skip_film(self) -> None:
        if self.animating:
            self.film.finish()

    def action_act(self) -> None:
        self._skip_film()
        if self._over_said():
            return
        game = self.game
        cursor = self.board.cursor
        colour = game.board[cursor]
        if colour is not None:
            if self.selected == cursor:
                self._select(None)
                self._say("Selection cancelled.")
            else:
                self._select(cursor)
                ball = f"{COLOUR_NAMES[colour].capitalize()} ball selected"
                if not game.board.reachable(cursor):
                    self._say(f"{ball}, but it is boxed in: no empty cell is beside it.")
                else:
                    self._say(
                        f"{ball}: move the cursor to an empty cell and press enter, or type its "
                        "name (7c)."
                    )
            return
        if self.selected is None:
            self._say("Select a ball first: put the cursor on one and press enter.")
            return
        self._move(self.selected, cursor)

    def _select(self, cell: Cell | None) -> None:
        self.selected = cell
        self.board.set_selected(cell)
        self.refresh_bindings()  # esc shows in the Footer only while there is a ball to cancel

    def _move(self, src: Cell, dst: Cell) -> None:
        game = self.game
        if game.board.path(src, dst) is None:
            self._say("No free path: other balls block the way there.", important=True)
            balls, preview = dict(game.board.balls()), dict(game.preview)
            flash = Frame(balls, preview, {dst: ("invalid", None)}, INVALID_SECONDS)
            self.film.play([flash], animated=True)
            return
        before, preview = game.board, dict(game.preview)
        turn = game.play(src, dst, now=self.now())
        self._select(None)
        self._after_turn(turn)
        self.film.play(turn_frames(before, preview, turn), animated=self.session.animations)

    def _after_turn(self, turn: TurnResult) -> None:
        # The points also show on the board's lower edge, where the eye is after a line clears.
        self.board.border_subtitle = Text(f" +{turn.points} ") if turn.points else ""
        if turn.points_by_move:
            self._say(f"+{turn.points_by_move} points. Lines cleared: move again.", important=True)
        elif turn.points_by_addition:
            self._say(
                f"+{turn.points_by_addition} points: the new balls made a line.", important=True
            )
        elif turn.relocated:
            self._say("A ball due on your cell dropped elsewhere.")
        else:
            self._say("")
        self.save_game()
        self._refresh_panel()

    @property
    def finished(self) -> bool:
        return self.game.over and self._filed

    @property
    def over(self) -> bool:
        return self.game.over

    def saved_data(self) -> dict[str, Any] | None:
        return self.game.to_json() if self.game.moves else None

    @property
    def table(self) -> TableId:
        choice = self.game.deal_choice
        return TableId.lines(self.game.size).for_game(choice.mode, self.game.seed, choice.day)

    def _finish_game(self) -> None:
        if self._game_over_shown:
            return
        self._game_over_shown = True
        game = self.game
        ended_at = game.ended_at
        assert ended_at is not None
        table = self.table
        record = record_of_lines(game)

        def recorded(outcome: RecordOutcome) -> None:
            self._filed = not outcome.may_retry
            self._outcome = outcome
            # The player was read before the result was written (again then, if the first
            # read failed: `filing_player`), so it is known here unless it could not be.
            self.show_player()
            challenge, no_challenge = self._challenge(table, ended_at, record, outcome)

            def chosen(choice: str | None) -> None:
                if choice == "new":
                    self._new_game_asking()
                elif choice == "menu":
                    # Through `leave`, as q on the final board: a result and a game the disk
                    # refused both were dropped here without a question.
                    self.leave(self.dismiss)

            def show_result(asked: bool) -> None:
                dialog = GameOverScreen(
                    game.score,
                    self._outcome or outcome,
                    challenge,
                    lambda shown: self.show_leaderboard(shown, self._place_again),
                    table_title=self.session.table_title(table),
                    why_no_challenge=no_challenge,
                    back_to=self.back_to,
                    asked=asked,
                    owner=self.owner,
                    race=self.race_said(game.score),
                )
                self.app.push_screen(dialog, chosen)

            self._show_result = lambda: show_result(asked=True)
            self.refresh_bindings()  # q and esc say whether the game is kept
            if self.message in (RESULT_BEING_SAVED, DIALOG_COMES_NEXT):
                self._say(GAME_OVER_LINE, important=True)  # no longer true once the dialog shows
            show_result(asked=False)

        self.record_result(
            str(table),
            lambda store: store.record_lines(
                self.filing_player(),
                table,
                game.score,
                game.seed,
                game.started_at,
                ended_at,
                record,
            ),
            recorded,
            kept=self.data_to_save(),
        )
        self._say(GAME_OVER_LINE, important=True)

    def _place_again(self) -> None:
        """Back from the leaderboard opened from the game-over dialog: an import there may have
        moved the result down or out of its table, or `d` removed it. The dialog (and `b`, and
        `r` later) says where it stands now; a read that fails leaves it as it was."""
        outcome = self._outcome
        if outcome is None or not outcome.saved or outcome.game is None:
            return
        game = outcome.game

        def placed(place: int | None) -> None:
            self._outcome = replace(outcome, rank=place)
            # Under the leaderboard again, if b came before the read: b there then opens on it.
            for dialog in self.app.screen_stack:
                if isinstance(dialog, GameOverScreen):
                    dialog.show_outcome(self._outcome)

        read = partial(self.session.store.place_of, outcome.table, game)
        load(self, self.session.io, read, placed, lambda _: None, group="place")

    def _challenge(
        self,
        table: TableId,
        ended_at: float,
        record: LinesRecord | None,
        outcome: RecordOutcome,
    ) -> tuple[str | None, str]:
        """The challenge code of the finished game (None if it has none) and why it has none
        (`c` says it then): a game the rules make no result (`lines_time_problem`: over 24
        hours) sets nothing to beat, as one of no points does not; nor does a deal of the day
        finished after its day (`race_over`: a friend's copy would not play it), nor a game
        its table holds as another player's (`copied_from`)."""
        game = self.game
        no_race = lines_time_problem(game.started_at, ended_at) or race_over(table, ended_at)
        if no_race is not None:
            return None, ended(f"{NO_CHALLENGE}: {no_race}")
        if game.score <= 0:
            return None, NO_POINTS_NO_CHALLENGE
        if record is None:
            return None, UNREPLAYABLE
        name = self.player or GUEST_NAME
        copied = copied_from(outcome, name)
        if copied is not None:
            return None, copied
        entry = Entry(name, game.score, table.entry_date(ended_at), game.seed, record)
        try:
            return codes.challenge(table, entry), UNREPLAYABLE
        except ValueError:  # a game resumed from a save edited by hand may not replay
            return None, UNREPLAYABLE

    def action_cancel(self) -> None:
        self._skip_film()
        if self.selected is not None:
            self._select(None)
            self._say("Selection cancelled.")
        else:
            self.action_leave()

    def action_leave(self) -> None:
        self._skip_film()
        if not self.is_current:
            return  # skipping the animation ended the game: its dialog says where to go
        if self._waits_for_its_dialog():
            return
        self.leave(self.dismiss)

    def action_result(self) -> None:
        """The game-over dialog again, with its leaderboard and challenge code keys: esc there
        shows the final board, and the game's result stays to be had from it."""
        if not self.game.over:
            self._say(RESULT_WHEN_OVER)
        elif self._show_result is None:
            self._say(RESULT_BEING_SAVED)
        else:
            self._show_result()

    def action_toggle_animation(self) -> None:
        session = self.session
        session.animations = not session.animations
        now = "Animations on" if session.animations else "Animations off"
        self._say(f"{now}.")
        keep_preferences(self, session.io, session.store, now, animations=session.animations)

    def action_new_game(self) -> None:
        self._skip_film()
        if not self.is_current:
            return
        if self._waits_for_its_dialog():
            return
        self._new_game_asking()

    def _waits_for_its_dialog(self) -> bool:
        """Whether the game is over and its result is being written (a lock held by another
        copy makes it seconds): then `n`, `q` and esc say that the dialog comes next, and do
        nothing else. An `n` typed on with the last move asked whether to drop a score "not
        saved yet", a question left standing behind the dialog, false once the score was saved;
        a `q` left for the menu before the dialog showed the score's place."""
        if not self.game.over or self._show_result is not None:
            return False
        self._say(DIALOG_COMES_NEXT)
        return True

    def _new_game_asking(self) -> None:
        """A new game, once the player agrees to lose this one: a game in progress, or a
        finished one kept because its score could not be written; or to leave a deal of the
        day or a challenge's not played yet (`n` deals at random)."""
        score = self.game.score
        # A deal of the day or a challenge's is not dealt again: n deals at random.
        chosen = self.game.deal_choice != RANDOM
        new = "a new random" if chosen else "a new"
        kept = self.data_to_save() is not None
        other = self.saved_game.other_saved_game()
        if not kept and other is not None:
            # Finished and filed: the game it would replace is another screen's (a code review:
            # the challenge raced from this game's leaderboard was lost without a word).
            saved = lines_summary(other, today=utc_day(self.now()))
            question = replaces_another("Lines", saved, "Start a new one")
        elif self.game.over:
            question = f"Your score {score} is not saved yet. Drop it and start {new} game?"
        elif kept:
            question = f"Abandon this game (score {score}) and start {new} one?"
        else:
            question = LEAVE_THE_DEAL
        after_asking(
            self.app,
            kept or other is not None or (chosen and not self.game.over),
            question,
            "New game",
            self._replace_with_new_game,
        )

    def _replace_with_new_game(self) -> None:
        session, size = self.session, self.game.size
        self.abandon_game()
        game = LinesGame.new(fresh_seed(), size, started_at=self.now())
        self.dismiss()
        self.app.push_screen(LinesScreen(session, game))


def cursor_on(cell: Cell) -> str:
    """What a typed cell that is neither selected nor moved to says: where the cursor went."""
    return f"Cursor on {cell_name(cell)}."
