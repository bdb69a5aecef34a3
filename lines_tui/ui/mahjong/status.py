"""The position's status in the panel (checking, solvable, dead end, undecided, check failed, won,
lost) and what a change of it tells the player on the message line."""

from __future__ import annotations

from collections.abc import Callable

from lines_tui.engine.mahjong.solver import Verdict
from lines_tui.ui.mahjong.dead_end import CheckOutcome

STATUS_TEXT = {
    Verdict.SOLVABLE: "solvable",
    Verdict.UNSOLVABLE: "dead end",
    Verdict.UNDECIDED: "undecided",
}
CHECK_FAILED = "check failed"
GOOD_STATUS = {"solvable", "won"}
BAD_STATUS = {"dead end", "lost", CHECK_FAILED}
WAY_BACK_NOT_FOUND = "Dead end; the check could not tell where it began."


class PositionStatus:
    """The status shown (`current`); `show` draws it, `say` puts a line in the message line, and
    `dead_end_warning()` is what it says on entering a dead end (the screen's words, which name
    its keys: undo, or a new deal when there is nothing to undo). `standing()` is the line that
    goes with the status, to say again when the board comes back from a pause."""

    def __init__(
        self,
        show: Callable[[str], None],
        say: Callable[[str], None],
        dead_end_warning: Callable[[], str],
    ) -> None:
        self._show = show
        self._say = say
        self._dead_end_warning = dead_end_warning
        self.current = "checking"
        self._failure = ""
        """Why the check of the position on the board failed, if it did."""
        self._way_back_lost = False
        """Whether the search for where the dead end began gave up (until the next move)."""

    def set(self, status: str) -> None:
        self.current = status
        self._failure = ""
        self._way_back_lost = False
        self._show(status)

    def standing(self) -> str:
        """The line that goes with the status: the dead-end warning (or that the search for
        where it began gave up), why the check failed; "" for the others."""
        if self.current == "dead end":
            return WAY_BACK_NOT_FOUND if self._way_back_lost else self._dead_end_warning()
        if self._failure:
            # What to expect comes first: on the status line of an 80-column terminal (62
            # columns) a long reason is cut, never that.
            return f"Check failed (next move retries): {self._failure}."
        return ""

    def show_outcome(self, outcome: CheckOutcome) -> None:
        """What a dead-end check found; the player is warned on entering a dead end, and told
        when the check failed."""
        status = CHECK_FAILED if outcome.error else STATUS_TEXT[outcome.verdict]
        warn = status == "dead end" and self.current != "dead end"
        self.set(status)
        self._failure = outcome.error
        if warn or self._failure:
            self._say(self.standing())

    def way_back_found(self) -> None:
        """The checks of the positions played before a dead end found where it began: the
        warning, said again, says so."""
        if self.current == "dead end":
            self._way_back_lost = False
            self._say(self.standing())

    def way_back_not_found(self) -> None:
        """A check of a position played before a dead end gave up or failed: where it began
        stays unknown (until the next move looks again)."""
        if self.current == "dead end":
            self._way_back_lost = True
            self._say(self.standing())

    def reached(self, known: CheckOutcome) -> None:
        """A move, undo or redo reached a position checked before: shown as a fresh check's
        answer would be, so a dead end is told again even when the last position was one too."""
        self.current = "checking"
        self.show_outcome(known)
