"""The dialog at the end of a Lines game: the final score and what became of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

if TYPE_CHECKING:
    from lines_tui.store import RecordOutcome


def outcome_text(outcome: RecordOutcome) -> str:
    if outcome.saved and outcome.rank is not None:
        return f"Saved: place {outcome.rank} in the {outcome.table} table."
    if outcome.saved:
        return "Saved."
    return f"Not saved: {outcome.reason}."


class GameOverScreen(ModalScreen[str | None]):
    """Dismisses with "new", "leaderboard", "menu", or None to look at the final board."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n,enter", "choose('new')", "New game"),
        Binding("b", "choose('leaderboard')", "Leaderboard"),
        Binding("q", "choose('menu')", "Menu"),
        Binding("escape", "choose(None)", "See the board"),
    ]

    def __init__(self, score: int, outcome: RecordOutcome) -> None:
        super().__init__()
        self.score = score
        self.outcome = outcome

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="game-over") as dialog:
            dialog.border_title = "Game over"
            yield Static(
                f"The board is full. Final score: {self.score}",
                classes="dialog-text",
                id="game-over-score",
                markup=False,
            )
            yield Static(
                outcome_text(self.outcome),
                classes="dialog-text",
                id="game-over-outcome",
                markup=False,
            )
            # Two lines, each short enough for the dialog at 80 columns: a key never parts from
            # what it does.
            keys = "n: new game    q: menu\nesc: see the board"
            if self.outcome.saved:
                keys = "n: new game    b: leaderboard    q: menu\nesc: see the board"
            yield Static(keys, classes="dialog-keys", markup=False)
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("leaderboard",):
            return self.outcome.saved
        return True

    def action_choose(self, choice: str | None) -> None:
        self.dismiss(choice)
