"""The dialog at the end of a Lines game: the final score and what became of it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from lines_tui.outside_text import printable
from lines_tui.store.names import same_name
from lines_tui.ui.app_keys import ON_A_DIALOG_ALL_SHOWN
from lines_tui.ui.footer import Footer, keys_that_act
from lines_tui.ui.going_back import MENU, going_back
from lines_tui.ui.held_typing import TakesTypedAhead
from lines_tui.ui.on_top import DismissedOnTop
from lines_tui.ui.result_filing import not_saved
from lines_tui.ui.sentences import ended
from lines_tui.ui.typed_ahead import TYPED_ON_GUARD, TYPED_ON_HINT, DropsTypedAhead

if TYPE_CHECKING:
    from lines_tui.store import RecordOutcome


def outcome_text(outcome: RecordOutcome, table_title: str, owner: str | None = None) -> str:
    """What became of the score, its table named by `table_title` (`Session.table_title`:
    "Lines 9 x 9", not its id "lines-9"), after the word "table": a title such as "Lines 9 x 9,
    deal 3" reads whole there, where "in the Lines 9 x 9, deal 3 table" did not. A game resumed
    of another player's (`owner`) says whom it was saved under."""
    saved = "Saved" if owner is None else f"Saved under {outcome.filed_as or owner}"
    if outcome.saved and outcome.rank is not None:
        return ended(f"{saved}: place {outcome.rank} in the table {table_title}")
    if outcome.saved:  # placed again (`LinesScreen`): an import pushed it out, or `d` removed it
        return ended(f"{saved}, but no longer in the table {table_title}")
    return not_saved(outcome)


CHALLENGE_SENT = "Challenge code, sent to the clipboard (or select it):"
NO_CHALLENGE = "No challenge code"
NO_POINTS_NO_CHALLENGE = f"{NO_CHALLENGE}: a game of no points sets nothing to beat."
UNREPLAYABLE = f"{NO_CHALLENGE}: this game's moves cannot be replayed (a save edited by hand)."
"""What c says when the game has no challenge code (its Footer key shows only when it has)."""
NO_LEADERBOARD = "No leaderboard to show: the score was not saved."
"""What b says when the score is in no table (its Footer key shows only when it is)."""


def copied_from(outcome: RecordOutcome, player: str) -> str | None:
    """Why a game its table holds as another player's sets no challenge, or None: it was typed
    in move for move from theirs (a watched replay), and its code would carry their game under
    `player`'s name, which a friend holding neither would keep in their place."""
    holder = outcome.held_by
    if holder is None or same_name(holder, player):
        return None
    return f"{NO_CHALLENGE}: this game is {printable(holder)}'s, played again move for move."


class GameOverScreen(DismissedOnTop, TakesTypedAhead, DropsTypedAhead, ModalScreen[str | None]):
    """Dismisses with "new", "menu", or None to look at the final board. The leaderboard opens
    over the dialog, so leaving it comes back here (the final board and the challenge code are
    still to be had). Opened by the last move's key: keys typed on with it (enter, a cell's
    `b` or `c`) are dropped for `TYPED_ON_GUARD` after it shows, not taken as answers, and so
    are those that carry on that typing after it, the keys' lines saying so meanwhile
    (`TYPED_ON_HINT`)."""

    guard = TYPED_ON_GUARD
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n,enter", "choose('new')", "New game", tooltip="Start a new Lines game"),
        Binding("b", "leaderboard", "Leaderboard", tooltip="See the table the score went into"),
        Binding("c", "copy_challenge", "Challenge", tooltip="Copy a challenge code of this game"),
        Binding("q", "choose('menu')", "Menu", tooltip="Back to the menu"),
        Binding(
            "escape",
            "choose(None)",
            "Board",
            tooltip="Look at the final board (r there opens this again)",
        ),
        *ON_A_DIALOG_ALL_SHOWN,
    ]

    def __init__(
        self,
        score: int,
        outcome: RecordOutcome,
        challenge: str | None = None,
        show_leaderboard: Callable[[RecordOutcome], object] = lambda _: None,
        *,
        table_title: str,
        why_no_challenge: str = NO_POINTS_NO_CHALLENGE,
        back_to: str = MENU,
        asked: bool = False,
        owner: str | None = None,
        race: str = "",
    ) -> None:
        """`challenge`: the challenge code of this game (a friend plays the same deal), if any,
        else `why_no_challenge` says why there is none (c says it); `show_leaderboard` opens
        the table the score went into, the result's place as the dialog last heard of it
        (`b`, once it is saved; see `show_outcome`), `table_title` its title;
        `back_to`: where `q` goes, the screen under the game (`going_back`); `asked`: opened
        again by the player's own `r`, so no key typed once it shows is dropped; `owner`: the
        game was another player's, resumed (`outcome_text`); `race`: how the score fared against
        the result to beat on the deal's table, if there was one."""
        super().__init__()
        if asked:
            self.guard = 0.0
        self.back_to = back_to
        self.score = score
        self.outcome = outcome
        self.challenge = challenge
        self.why_no_challenge = why_no_challenge
        self._show_leaderboard = show_leaderboard
        self._table_title = table_title
        self._owner = owner
        self._race = race

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="game-over") as dialog:
            dialog.border_title = "Game over"
            yield Static(
                f"The board is full. Final score: {self.score}",
                classes="dialog-text",
                id="game-over-score",
                markup=False,
            )
            if self._race:
                yield Static(self._race, classes="dialog-text", id="game-over-race", markup=False)
            yield Static(
                outcome_text(self.outcome, self._table_title, self._owner),
                classes="dialog-text",
                id="game-over-outcome",
                markup=False,
            )
            # Two lines, each short enough for the dialog at 80 columns: a key never parts from
            # what it does.
            keys = "n: new game"
            if self.outcome.saved:
                keys += "    b: leaderboard"
            if self.back_to == MENU:
                keys += "    q: menu"
            else:
                keys += f"\nq: back to {self.back_to}"
            keys += "\nesc: see the board (r there: this again)"
            if self.challenge:
                keys += "\nc: copy a challenge code for a friend (this deal)"
            yield Static(keys, classes="dialog-keys", id="game-over-keys", markup=False)
            yield Static(TYPED_ON_HINT, classes="dialog-keys typed-on-hint", markup=False)
        yield Footer()

    @property
    def takes_typed_ahead(self) -> bool:
        """Opened again by the player's `r` (no guard), it takes what they typed on with it
        (`rc` in one burst shows the challenge code); opened by the last move, it drops that."""
        return not self.guard

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """Textual's, less c while the game has no challenge code and b while the score is in
        no table (each key still acts, and says why it does nothing), q saying where it goes."""
        acting = keys_that_act(
            super().active_bindings,
            lambda action: (
                (action == "copy_challenge" and self.challenge is None)
                or (action == "leaderboard" and not self.outcome.saved)
            ),
        )
        return going_back(acting, self.back_to)

    def _say_why_not(self, why: str, id: str) -> None:
        """Say in the dialog, once, why a key does nothing: a key pressed in vain said
        nothing at all."""
        if not self.query(f"#{id}"):
            said = Static(why, classes="dialog-text", id=id, markup=False)
            self.query_one("#game-over").mount(said, before="#game-over-keys")

    def action_copy_challenge(self) -> None:
        """Show the challenge code (to select) and send it to the clipboard, or say in the
        dialog why there is none."""
        if self.challenge is None:
            self._say_why_not(self.why_no_challenge, "game-over-no-challenge")
            return
        if not self.query("#game-over-challenge"):
            # Said in the dialog: a toast would cover the board's last rows beside it.
            told = Static(CHALLENGE_SENT, classes="dialog-text", id="game-over-sent", markup=False)
            code = Static(
                self.challenge, classes="dialog-text", id="game-over-challenge", markup=False
            )
            dialog = self.query_one("#game-over")
            dialog.add_class("-code")  # the whole width: selected lines hold only the code
            dialog.mount(told, code, before="#game-over-keys")
        self.app.copy_to_clipboard(self.challenge)

    def action_leaderboard(self) -> None:
        if not self.outcome.saved:
            self._say_why_not(NO_LEADERBOARD, "game-over-no-leaderboard")
            return
        self._show_leaderboard(self.outcome)

    def show_outcome(self, outcome: RecordOutcome) -> None:
        """What became of the score, told again: its place since an import on the leaderboard
        opened from here, or a removal there."""
        self.outcome = outcome
        text = outcome_text(outcome, self._table_title, self._owner)
        self.query_one("#game-over-outcome", Static).update(text)

    def action_choose(self, choice: str | None) -> None:
        self.dismiss(choice)
