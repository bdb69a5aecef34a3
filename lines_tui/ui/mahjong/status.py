"""The position's status in the panel (checking, solvable, dead end, undecided, check failed, won,
lost) and what a change of it tells the player on the message line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from lines_tui.engine.mahjong.game import Hint, MahjongGame
from lines_tui.engine.mahjong.solver import Verdict
from lines_tui.engine.saved_games import pairs
from lines_tui.ui.mahjong.dead_end import CheckOutcome
from lines_tui.ui.mahjong.tile_text import tile_label

STATUS_TEXT = {
    Verdict.SOLVABLE: "solvable",
    Verdict.UNSOLVABLE: "dead end",
    Verdict.UNDECIDED: "undecided",
}
CHECK_FAILED = "check failed"
GOOD_STATUS = {"solvable", "won"}
BAD_STATUS = {"dead end", "lost", CHECK_FAILED}
WAY_BACK_NOT_FOUND = "Dead end; the check could not tell where it began."
FINDING = "Finding where it began…"
DEAD_END_WARNING = f"Dead end: no way to clear the board. {FINDING}"
"""The dead-end warning while the checks of the positions played before it look for the pair
that led into it (`MahjongGame.way_back`): then it says how many undos lead out."""
NEVER_CLEARED = "this deal can never be cleared. New deal (N)."
DEAD_DEAL_WARNING = f"Dead end: {NEVER_CLEARED}"
"""The dead-end warning when no undo helps (`MahjongGame.undo_may_help` false): no pair taken
yet, or pairs taken on a deal known dead from its start. No order of moves clears it."""
LOSS_MESSAGE = "No pair left to take. Undo (u) or start a new deal (N)."
DEAD_DEAL_LOSS = "No pair to take in this deal. Start a new deal (N)."
"""The loss with no pair taken: a deal whose free tiles never matched."""
DEAD_DEAL_LOST = f"No pair left: {NEVER_CLEARED}"
"""The loss on a deal known dead from its start, where no undo helps (`DEAD_DEAL_WARNING`)."""


@dataclass(frozen=True)
class Moved:
    """What the undo or redo that brought the position on the board did: a dead end or a loss
    found there names the pair, which the line it replaces named."""

    undone: bool
    """An undo put the pair back (else a redo took it again)."""
    pair: str
    """The pair's labels, "7D + 7D"."""

    def __str__(self) -> str:
        return f"{'Undid' if self.undone else 'Redid'} {self.pair}"


def pair_of(game: MahjongGame, pair: tuple[int, int]) -> str:
    """Two tiles by their labels, "7D + 7D"."""
    first, second = pair
    return f"{tile_label(game, first)} + {tile_label(game, second)}"


def finding_the_way_back(moved: Moved | None) -> str:
    """The dead-end warning while it is not known where the dead end began, after `moved`
    (None after a pair taken)."""
    if moved is None:
        return DEAD_END_WARNING
    still = "still a dead end" if moved.undone else "a dead end"
    return f"{moved}: {still}. {FINDING}"


def the_way_back(moved: Moved | None, since: str, undos: int) -> str:
    """The dead-end warning once taking the pair `since` ("7D + 7D") is known to have led into
    it, `undos` pairs ago, after `moved` (None after a pair taken)."""
    if moved is None:
        return f"Dead end since {since}: undo {pairs(undos)} (u) to get back."
    if moved.undone:
        return f"{moved}: still dead since {since}; undo {undos} more."
    if undos == 1:
        return f"{moved}: a dead end now. Undo (u)."
    return f"{moved}: still dead since {since}; undo {pairs(undos)}."


def dead_end_warning(game: MahjongGame, moved: Moved | None) -> str:
    """The warning on entering a dead end. Reached by an undo or redo, it names the pair put
    back or taken again (`moved`), which it replaces on the message line; after an undo, the
    position undone was a dead end too (every position after a dead end is one)."""
    if not game.undo_may_help:
        return f"{moved}: {NEVER_CLEARED}" if moved else DEAD_DEAL_WARNING
    way_back = game.way_back()
    if way_back is None:
        return finding_the_way_back(moved)
    return the_way_back(moved, pair_of(game, way_back.pair), way_back.undos)


def the_way_back_lost(moved: Moved | None, since: str, undos: int) -> str:
    """The loss in a dead end that taking the pair `since` ("7D + 7D") is known to have led
    into, `undos` pairs ago, after `moved` (None after a pair taken): the way back its warning
    gave (`the_way_back`) is kept. The number of pairs alone, as an undo's "undo 2 more.": with
    the loss, the new deal and the key, "pairs" took the line past its row."""
    if moved is None:
        # From 100 undos on (an installed layout of 200 tiles or more) the new deal gives way,
        # so the line keeps to its row at 79 columns; N stays in the Footer.
        new_deal = " or new deal (N)" if undos < 100 else ""
        return f"No pair left; dead since {since}: undo {undos} (u){new_deal}."
    return f"{moved}: no pair left; dead since {since}: undo {undos} (u)."


def loss_message(game: MahjongGame, moved: Moved | None) -> str:
    """The loss, naming the pair when a redo led to it ("Redid 8B + 8B: no pair left…"). On a
    deal known dead from its start it offers a new deal only, as its dead-end warning did; in a
    dead end known to have begun with a pair taken, it says which and how many undos lead out,
    as the warning did (a player undoing out of a loss was told only "Undo (u)")."""
    if game.lost_at_start:
        return DEAD_DEAL_LOSS
    if game.dead_from_start:
        return f"{moved}: no pair left; only a new deal helps (N)." if moved else DEAD_DEAL_LOST
    way_back = game.way_back()
    if way_back is not None:
        return the_way_back_lost(moved, pair_of(game, way_back.pair), way_back.undos)
    return f"{moved}: no pair left. Undo (u) or new deal (N)." if moved else LOSS_MESSAGE


HINT_WAITS = "Hint: waiting for the check of this position…"
"""What `i` says while the check of the position runs: the hint comes with its answer."""


def hint_said(game: MahjongGame, hint: Hint, status: str, failure: str = "") -> str:
    """What `hint` says, by the status of the position it is given on (`failure`: why its
    check failed, if it did), and what it cost."""
    label = tile_label(game, hint.pair[0])
    named = f"Hint{f' (+{hint.cost:.0f} s)' if hint.cost else ''}: {label} + {label}"
    if failure:
        # The hint takes the place of the line that said why the check failed (`standing`).
        return f"{named} (check failed, next move retries: {failure})."
    if status == "dead end":
        return f"{named} (no way from here clears the board)."
    if status == "checking":
        return f"{named} (not yet checked to lead to a win)."
    if status != "solvable":  # undecided: it was checked, and said nothing
        return f"{named} (not known to lead to a win)."
    # Named as in the other cases, not left to the marks alone.
    return f"{named}, on a way to a win: t takes it."


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
        self.failure = ""
        """Why the check of the position on the board failed, if it did."""
        self._way_back_lost = False
        """Whether the search for where the dead end began gave up (until the next move)."""

    def set(self, status: str) -> None:
        self.current = status
        self.failure = ""
        self._way_back_lost = False
        self._show(status)

    def standing(self) -> str:
        """The line that goes with the status: the dead-end warning (or that the search for
        where it began gave up), why the check failed; "" for the others."""
        if self.current == "dead end":
            return WAY_BACK_NOT_FOUND if self._way_back_lost else self._dead_end_warning()
        if self.failure:
            # What to expect comes first: on the status line of an 80-column terminal (62
            # columns) a long reason is cut, never that.
            return f"Check failed (next move retries): {self.failure}."
        return ""

    def show_outcome(self, outcome: CheckOutcome) -> None:
        """What a dead-end check found; the player is warned on entering a dead end, and told
        when the check failed."""
        status = CHECK_FAILED if outcome.error else STATUS_TEXT[outcome.verdict]
        warn = status == "dead end" and self.current != "dead end"
        self.set(status)
        self.failure = outcome.error
        if warn or self.failure:
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
