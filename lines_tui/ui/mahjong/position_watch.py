"""Following the position on the Mahjong board: after every change of position, the panel's counts
and its status field, which says "checking" while the dead-end check runs in the solver process
(`dead_end`) and then what the check found (`status`), while the player plays on; a game won or
lost needs no check."""

from __future__ import annotations

from collections.abc import Callable

from textual.dom import DOMNode

from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.solver import Pair, Verdict
from lines_tui.engine.mahjong.solver_process import BackgroundSolver
from lines_tui.ui.mahjong.dead_end import CheckOutcome, DeadEndCheck
from lines_tui.ui.mahjong.panel import MahjongPanel
from lines_tui.ui.mahjong.status import PositionStatus


class PositionWatch:
    """Follows `game()` for the panel `panel()`; the checks run as workers of `node` (the
    screen) in `solver`, for `time_limit` seconds at most. `say` and `dead_end_warning` are
    those of `PositionStatus`; `answered()` comes once the check of the position on the board
    has answered and its status is shown (not for a position answered at once, which is never
    "checking"). What the checks proved holds for one deal: `new_deal` forgets it."""

    def __init__(
        self,
        node: DOMNode,
        game: Callable[[], MahjongGame],
        panel: Callable[[], MahjongPanel],
        say: Callable[[str], None],
        dead_end_warning: Callable[[], str],
        answered: Callable[[], None],
        solver: BackgroundSolver,
        *,
        time_limit: float,
    ) -> None:
        self._node = node
        self._answered = answered
        self._game = game
        self._panel = panel
        self._status = PositionStatus(
            lambda status: panel().show_status(status), say, dead_end_warning
        )
        self.dead_end = DeadEndCheck(solver, self._on_outcome, time_limit=time_limit)

    @property
    def status(self) -> str:
        """The position's status as the panel shows it ("checking", "solvable", "dead end",
        ...)."""
        return self._status.current

    @property
    def failure(self) -> str:
        """Why the check of the position failed, if it did (`PositionStatus.failure`)."""
        return self._status.failure

    def standing(self) -> str:
        """The line that goes with the status (`PositionStatus.standing`)."""
        return self._status.standing()

    def follow(self) -> None:
        """After every move, undo, redo, restart or deal: the new position's status and counts."""
        game = self._game()
        if game.won or game.lost:
            self.stop()
            self._status.set("won" if game.won else "lost")
        else:
            if game.in_a_known_dead_end:  # after a dead end: it needs no check
                self.dead_end.proved_dead(game.present)
            known = self.dead_end.check(self._node, game.current_position())
            if known is None:
                self._status.set("checking")
            else:
                game.learn(known.present, known.verdict)
                self._status.reached(known)
                self._look_for_the_way_back()
        self._panel().show_counts(game.present.bit_count(), len(game.available_pairs()))

    def proved(self, moves: tuple[Pair, ...]) -> None:
        """The deal on the board was proved solvable from its start by `moves`: its start needs
        no check (the panel says "solvable" at once, and the hint follows `moves`)."""
        start = self._game().position.geometry.all_present
        self.dead_end.proved_solvable(start, moves)

    def stop(self) -> None:
        """Stop the check in progress, if any."""
        self.dead_end.cancel(self._node)

    def new_deal(self) -> None:
        """Another deal is on the board: what was proved about the last says nothing of it (its
        check is stopped: an answer about the last deal's start would read as one about this
        deal's, the same tiles being present)."""
        self.stop()
        check = self.dead_end
        self.dead_end = DeadEndCheck(check.solver, self._on_outcome, time_limit=check.time_limit)

    def _on_outcome(self, outcome: CheckOutcome) -> None:
        """The answer of the check of the board, or of a position played before it while
        looking for where its dead end began (`MahjongGame.way_back_to_check`)."""
        game = self._game()
        if game.won or game.lost:
            return
        game.learn(outcome.present, outcome.verdict)
        on_the_board = outcome.present == game.present
        if on_the_board:
            self._status.show_outcome(outcome)
        elif outcome.verdict is Verdict.UNDECIDED:
            if game.undo_may_help:
                self._status.way_back_not_found()
            return
        self._look_for_the_way_back(learned=not on_the_board)
        if on_the_board:
            self._answered()

    def _look_for_the_way_back(self, *, learned: bool = False) -> None:
        """On a dead end: check the positions played before it, one at a time, until it is
        known where it began (the next move stops that, as it stops any check); then say so,
        once something was `learned` of them."""
        game = self._game()
        while (position := game.way_back_to_check()) is not None:
            known = self.dead_end.check(self._node, position)
            if known is None:
                return  # its answer comes to `_on_outcome`
            game.learn(known.present, known.verdict)
            learned = True
        if learned:
            self._status.way_back_found()
