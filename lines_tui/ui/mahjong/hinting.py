"""The hint (i): a pair to take, shown on the board and named on the status line with what the
check knows of it, paid for on the clock once a position. Asked while the position is being
checked, it waits for the check's answer: a quick `i` paid 30 s for a pair not known to lead to
a win, and a second later the check's answer gave the pair on a way to one for nothing."""

from __future__ import annotations

from collections.abc import Callable

from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.ui.mahjong.board import MahjongBoard
from lines_tui.ui.mahjong.position_watch import PositionWatch
from lines_tui.ui.mahjong.status import HINT_WAITS, hint_said


class Hinting:
    """The hints of `game()` on `board()`, by what `watch` knows of the position. `say` puts
    a line in the message line, `loss_line()` is the loss as the screen says it (a lost
    position has no hint), `shown()` redraws the panel's lines about the cursor, and
    `paid()` shows and keeps what a hint added to the clock."""

    def __init__(
        self,
        board: Callable[[], MahjongBoard],
        game: Callable[[], MahjongGame],
        watch: PositionWatch,
        say: Callable[[str], None],
        loss_line: Callable[[], str],
        shown: Callable[[], None],
        paid: Callable[[], None],
    ) -> None:
        self._board = board
        self._game = game
        self._watch = watch
        self._say = say
        self._loss_line = loss_line
        self._shown = shown
        self._paid = paid
        self._waits = False
        """`i` was pressed while the position on the board was being checked: the hint comes
        with the check's answer (`give_waiting`), unless it is dropped first (`drop`)."""

    def ask(self) -> None:
        """The hint key: the hint now, or with the answer of the check still running (`i` again
        only says that it waits, and pays nothing more)."""
        if self._watch.status == "checking":
            self._waits = True
            self._say(HINT_WAITS)
            return
        self._give()

    def give_waiting(self) -> None:
        """The hint waiting, if one does, comes now: the check of the position on the board
        answered (it is given as `i` gives it once the status is known), or a key that acts on
        the hinted pair (t, m, enter) came first (it is given at once, as `i` gave it before the
        check answered: `i` `t` in one motion takes the hinted pair as it always did; only a
        player who waits for the hint gets it checked)."""
        if self._waits:
            self._give()

    def drop(self) -> bool:
        """A hint waiting is not given, nor paid for: the position it was asked of changed, the
        board was covered (paused, or a question or the help over it: given there, it would be
        paid for unseen), the player moved the cursor, or esc dropped it, as it drops a hint
        shown. Whether one waited."""
        waited, self._waits = self._waits, False
        return waited

    def _give(self) -> None:
        """Show the hint of the position as the status field stands, and pay for it."""
        self._waits = False
        game, board, watch = self._game(), self._board(), self._watch
        hint = game.use_hint(watch.dead_end.last_solution)
        if hint is None:
            self._say(self._loss_line())
            return
        pair = hint.pair
        board.hints = pair
        if board.selected not in pair:  # t takes the hinted pair, as the hint says
            board.selected = None
        board.cursor = pair[0]
        self._say(hint_said(game, hint, watch.status, watch.failure))
        self._shown()
        if hint.cost:
            self._paid()
