"""Proving a deal solvable before play: the deal numbers are proved one after another in the app's
solver process while this dialog says which one, so the UI never waits on the solver.

Used for "solvable deals only" (the next deal number after each dead end or undecided deal) and
for the deal of the day (the day's candidates). escape stops the proof; a failure (the solver
process died or took too long, no deal was proved) stays on screen until the player tries again or
goes back.
"""

from __future__ import annotations

from time import monotonic
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.constants import ESCAPE_DELAY
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from lines_tui.engine.deal_choice import RANDOM, DealChoice, Skipped
from lines_tui.engine.mahjong.solvable import DealSearch, ProvedDeal
from lines_tui.outside_text import inert
from lines_tui.ui.app_keys import NOT_QUIT, SYMBOLS_UNSHOWN
from lines_tui.ui.footer import Footer
from lines_tui.ui.on_top import DismissedOnTop
from lines_tui.ui.sentences import as_sentence
from lines_tui.ui.session import NoticesReleased
from lines_tui.ui.solving import PROOF_WAIT, solve_in_background
from lines_tui.ui.typed_ahead import TYPED_ON_GUARD

if TYPE_CHECKING:
    from textual.worker import Worker

    from lines_tui.engine.mahjong.solver_process import BackgroundSolver

WORKER_GROUP = "mahjong-proving"

SHOWN_AT_LEAST = TYPED_ON_GUARD + ESCAPE_DELAY
"""Seconds the dialog stays up at least, a deal proved sooner waiting for it: an esc typed as the
dialog shows, to stop, reaches the dialog and keeps the deal on the board (a proof of a few
milliseconds had it land on the new deal's board instead, which it left for the menu, the deal
on the board before already given up). As long as a player typing on with the key that asked
is guarded elsewhere (`TYPED_ON_GUARD`), and the time Textual waits after an esc to tell it
from the start of a longer key's sequence (`ESCAPE_DELAY`, 0.1 s): an esc typed 0.36 s in
reached the app after a 0.4 s dialog had gone (a player review). One that comes later still
is dropped by the board (`replacing.ESC_AFTER_PROOF`)."""


def proved_text(deal: str, skipped: Skipped) -> str:
    """What the message line says of a deal proved solvable before play, `deal` named as the
    panel names it: "Deal 38 proved solvable; skipped 1 dead end.", "Today's deal proved
    solvable." (not its number of 19 digits, which the panel does not show either)."""
    why = skipped.said()
    said = f"{as_sentence(deal)} proved solvable"
    return f"{said}; skipped {why}." if why else f"{said}."


def too_late_text(deal: str) -> str:
    """What the message line says when an esc typed to stop the proof reached the board once the
    deal proved had come (`replacing.ESC_AFTER_PROOF`): said nothing, the line left empty, it
    hid which deal was on the board and that the next esc would leave it (a player's test)."""
    return f"Too late to stop: {deal} was proved first. esc again goes to the menu."


class ProvingScreen(DismissedOnTop, ModalScreen[ProvedDeal | None]):
    """Runs `search` in `solver` until a deal is proved solvable, then dismisses with it; escape
    stops the proof and dismisses with None."""

    HELP_TITLE = "Proving a deal"
    HOLDS_NOTICES = True
    """The store's warnings wait for the screen after it (a damaged save set aside goes to the
    game's status line): told over this passing dialog, they were gone with it."""
    HELP = (
        "The solver is proving that the deal can be cleared before you play it. A deal that is a "
        "dead end, or that the solver cannot decide within its budget, is skipped for the next "
        "one, and counted. esc stops and goes back; after a failure enter tries again."
    )

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "stop", "Stop", tooltip="Stop proving and go back"),
        # The same key once a proof has failed: nothing runs to stop then.
        Binding("escape", "back", "Back", tooltip="Back where the proof was asked for"),
        Binding("enter", "retry", "Try again", tooltip="After a failure: prove again"),
        # The app's own ? does not reach a modal screen.
        Binding(
            "question_mark",
            "app.help",
            "Help",
            key_display="?",
            tooltip="This help: what the dialog is doing and its keys",
        ),
        SYMBOLS_UNSHOWN,
        NOT_QUIT,
    ]

    def __init__(
        self,
        solver: BackgroundSolver,
        search: DealSearch,
        title: str,
        wait: float = PROOF_WAIT,
        choice: DealChoice = RANDOM,
    ) -> None:
        """`wait`: seconds one deal's proof may take before the proof fails (`PROOF_WAIT`).
        `choice`: how the deals proved are chosen, which names them as the panel will: the deal
        of the day "today's deal", not by its candidates' numbers of 19 digits."""
        super().__init__()
        self.solver = solver
        self.search = search
        self._title = title
        self._choice = choice
        self._wait = wait
        self.failure: str | None = None
        """Why the last proof failed (None: none failed)."""
        self.proving = False
        """A proof is under way in the solver process."""
        self._shown_at = monotonic()
        self._deal_since = monotonic()
        """When the proof of the deal being proved began (the dialog counts its seconds)."""
        self._waiting: ProvedDeal | None = None
        """A deal proved before the dialog had been up `SHOWN_AT_LEAST`, dismissed with then."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = Text(self._title)
            yield Static("", id="proving", classes="dialog-text", markup=False)
            yield Static("", id="proving-keys", classes="dialog-keys", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._shown_at = monotonic()
        # A proof may take seconds: the dialog counts them, so it never looks stuck.
        self.set_interval(1.0, self._count_seconds)
        if self.staying:
            self._start()

    def on_unmount(self) -> None:
        self._stop_proving()  # the app closed, or the dialog went, while proving
        self.app.post_message(NoticesReleased())

    def _stop_proving(self) -> None:
        """Stop the proof under way, if any (never a check that came after it)."""
        if self.proving:
            self.proving = False
            self.workers.cancel_group(self, WORKER_GROUP)
            self.solver.cancel()

    def _start(self) -> Worker[None]:
        """The worker that proves. It gets the function, which makes the coroutine when it runs:
        a proof stopped before its worker starts (enter then escape in one burst) leaves none
        behind that nobody awaits."""
        self.failure = None
        self.proving = True
        self.refresh_bindings()
        self._next_deal()
        return self.run_worker(self._prove, name="proving", group=WORKER_GROUP, exclusive=True)

    async def _prove(self) -> None:
        search = self.search
        try:
            while True:
                result = await solve_in_background(
                    self.solver, search.position, within=self._wait, node_limit=search.playouts
                )
                if search.interrupted(result):
                    raise RuntimeError("the proof was stopped before it could finish")
                proved = search.answer(result)
                if proved is not None:
                    # On the screen's own message loop, not inside the worker that dismissing
                    # cancels.
                    self.call_later(self._finish, proved)
                    return
                self._next_deal()
        except Exception as error:  # the solver process failed or hung, or no deal was proved
            self.call_later(self._fail, str(error) or type(error).__name__)

    def _finish(self, proved: ProvedDeal) -> None:
        self.proving = False
        early = SHOWN_AT_LEAST - (monotonic() - self._shown_at)
        if early > 0:
            self._waiting = proved
            self.set_timer(early, self._finish_waiting)
            return
        self.dismiss(proved)  # once help, if open over the dialog, has closed (DismissedOnTop)

    def _finish_waiting(self) -> None:
        """The dialog has been up long enough: the deal proved meanwhile, unless esc stopped."""
        proved, self._waiting = self._waiting, None
        if proved is not None:
            self.dismiss(proved)

    def _next_deal(self) -> None:
        """The proof of `search.number` begins."""
        self._deal_since = monotonic()
        self._show_progress()

    def _count_seconds(self) -> None:
        if self.proving:
            self._show_progress()

    def _show_progress(self) -> None:
        search = self.search
        seconds = int(monotonic() - self._deal_since)
        # Named on the day whose deal is proved: a proof of the day's deal is of today's.
        deal = self._choice.name(search.number, self._choice.day)
        lines = Text.assemble(
            f"Proving {deal} of ",
            inert(search.layout.title),
            " solvable…",
            f" {seconds} s" if seconds else "",
        )
        skipped = search.skipped.said()
        if skipped:
            lines.append(f"\nSkipped so far: {skipped}.")
        self.query_one("#proving", Static).update(lines)
        self.query_one("#proving-keys", Static).update("esc: stop")

    def _fail(self, reason: str) -> None:
        self.proving = False
        self.failure = reason
        self.refresh_bindings()
        self.query_one("#proving", Static).update(inert(f"The proof failed: {reason}."))
        self.query_one("#proving-keys", Static).update("enter: try again    esc: back")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("retry", "back"):
            return self.failure is not None
        if action == "stop":
            return self.failure is None
        return True

    def action_back(self) -> None:
        self.action_stop()

    def action_retry(self) -> None:
        if self.failure is not None:
            self._start()

    def action_stop(self) -> None:
        self._stop_proving()
        self._waiting = None  # a deal proved as esc came is dropped: the player stopped
        self.dismiss(None)
