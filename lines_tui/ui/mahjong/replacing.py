"""Replacing the game on the Mahjong board with a restart or a new deal, once the player agrees to
lose the game in progress or a winning time not saved yet. With "solvable deals only" a new deal
is proved solvable first, in a dialog over the board (`proving`); escape there leaves the current
deal as it was, and so does an esc that reaches the board just after the proof (`ESC_AFTER_PROOF`).
"""

from __future__ import annotations

from collections.abc import Callable
from time import monotonic

from lines_tui.engine.deal_choice import RANDOM
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.layouts import Layout
from lines_tui.engine.mahjong.solvable import DealSearch, ProvedDeal, following
from lines_tui.engine.mahjong.solver import Pair
from lines_tui.engine.mahjong.solver_process import BackgroundSolver
from lines_tui.engine.saved_games import mahjong_summary, pairs
from lines_tui.seeds import fresh_seed
from lines_tui.store.tables import utc_day
from lines_tui.ui.dialogs import after_asking
from lines_tui.ui.game_screen import GameScreen
from lines_tui.ui.mahjong.position_watch import PositionWatch
from lines_tui.ui.mahjong.proving import ProvingScreen
from lines_tui.ui.mahjong.win import WinResults
from lines_tui.ui.sentences import LEAVE_THE_DEAL, replaces_another

ESC_AFTER_PROOF = 0.3
"""Seconds after `N` brought a proved deal to the board during which esc does not leave it: no
one sees a new board and decides to leave it that fast (a reaction alone takes about 0.2 s), so
such an esc was typed at the proving dialog, and reached the app once it had gone."""


def the_pairs(count: int, which: str) -> str:
    """`count` pairs named by `which`: "the pair taken", "the 2 pairs taken"."""
    return f"the pair {which}" if count == 1 else f"the {pairs(count)} {which}"


def play_lost(game: MahjongGame) -> str:
    """What a restart or a new deal throws away ("the 2 pairs taken and the pair you could
    redo (U)"), asked only while there is some (`MahjongGame.in_progress`): after undoing back
    to the start, the pairs that could be redone."""
    taken, undone = len(game.history), len(game.redo_stack)
    lost = [the_pairs(taken, "taken")] if taken else []
    if undone:
        lost.append(the_pairs(undone, "you could redo (U)"))
    return " and ".join(lost)


class GameReplacing:
    """Replaces `game()`, a game of `layout` on `screen` with the results `results` and followed
    by `watch`; a new deal is proved in `solver`, and `say` puts a line in the message line. Once
    the player has agreed to lose the game, `restarted()` starts it again from the beginning and
    `dealt(game, solution)` puts a new deal on the board (`solution`: how it was proved
    solvable, if it was); `stopped()`: the new deal's proof was stopped,
    and the current deal goes on."""

    def __init__(
        self,
        screen: GameScreen,
        layout: Layout,
        game: Callable[[], MahjongGame],
        results: WinResults,
        watch: PositionWatch,
        solver: BackgroundSolver,
        say: Callable[[str], None],
        *,
        restarted: Callable[[], None],
        dealt: Callable[[MahjongGame, tuple[Pair, ...]], None],
        stopped: Callable[[], None],
    ) -> None:
        self._screen = screen
        self._layout = layout
        self._game = game
        self._results = results
        self._watch = watch
        self._solver = solver
        self._say = say
        self._restarted = restarted
        self._dealt = dealt
        self._stopped = stopped
        self._proved_in_at: float | None = None
        """When the last new deal proved solvable reached the board (`monotonic`)."""

    def restart(self) -> None:
        """Start this deal again, once the player agrees if it loses anything."""
        question = f"Start this deal again from the beginning?{self._what_is_lost()}"
        self._after_asking(question, "start this deal again", "Restart deal", self._restart)

    def new_deal(self) -> None:
        """Deal a new game, once the player agrees if it loses anything, or if it leaves a deal
        of the day or a challenge's: N deals at random, and is the capital of a label's first
        letter (`Nw` typed as the board writes it left a friend's challenge without a word: a
        player review)."""
        game = self._game()
        leaves = game.deal_choice != RANDOM
        if leaves and not game.in_progress:
            question = LEAVE_THE_DEAL
        else:
            new = "a new random one" if leaves else "a new one"
            question = f"Abandon this deal and start {new}?{self._what_is_lost()}"
        self._after_asking(question, "start a new deal", "New deal", self._new_deal, leaves)

    def _what_is_lost(self) -> str:
        """What the question says is lost; first, where the check proved the deal's start a dead
        end, that it can never be cleared (played again, or left for a new one: the warning had
        just offered N, and the question said only what was lost)."""
        game = self._game()
        dead = " It can never be cleared." if game.dead_from_start else ""
        return f"{dead} You lose {play_lost(game)}."

    def esc_for_the_proof(self) -> bool:
        """Whether an esc comes too soon after a proved deal reached the board to be about it:
        it was typed to stop the proof, whose dialog had just gone. Dropped, it leaves the new
        deal on the board rather than the board for the menu."""
        since = self._proved_in_at
        return since is not None and monotonic() - since < ESC_AFTER_PROOF

    def _after_asking(
        self,
        question: str,
        doing: str,
        title: str,
        then: Callable[[], None],
        leaves_the_deal: bool = False,
    ) -> None:
        """`then` at once, or once the player agrees to lose the game in progress, or the
        winning time not saved yet (`doing` what: "start a new deal"), which is turned down, or
        to leave a deal chosen (`leaves_the_deal`: a deal of the day or a challenge's).
        While the time is checked against its table (a key pressed with the winning pair), the
        name prompt comes first."""
        busy = self._results.busy
        if busy:
            self._say(busy)
            return
        pending = self._results.pending_time
        in_progress = self._game().in_progress
        # Finished, the game it would replace is another screen's: a challenge raced from the
        # won deal's leaderboard, saved there (a code review).
        other = self._screen.saved_game.other_saved_game()
        if pending is not None:
            question = f"Your time {pending} is not saved yet. Drop it and {doing}?"
        elif other is not None and not in_progress:
            today = utc_day(self._screen.now())
            saved = mahjong_summary(other, today=today)
            question = replaces_another("Mahjong", saved, f"{doing[:1].upper()}{doing[1:]}")
        ask = in_progress or pending is not None or other is not None or leaves_the_deal
        after_asking(self._screen.app, ask, question, title, then)

    def _give_up_game(self) -> None:
        """The player agreed to lose this game (a restart, a new deal): a won game waiting for
        its name is turned down only now (a new deal stopped while proving keeps the win), and
        its save goes; what replaces it is saved once a pair is taken, as a new deal is
        (`MahjongScreen.saved_data`), resumed or not."""
        self._results.turn_down()
        self._screen.abandon_game()

    def _restart(self) -> None:
        self._give_up_game()
        self._restarted()

    def _new_deal(self) -> None:
        # What was proved about the old deal says nothing about the new one.
        self._watch.stop()
        if self._screen.session.solvable_deals:
            self._prove_new_deal()
            return
        self._deal(MahjongGame.new(self._layout, fresh_seed(), now=self._screen.now()))

    def _prove_new_deal(self) -> None:
        """Solvable deals only: the new deal is proved first (a dialog over the board; escape
        stops it and leaves the current deal as it was)."""

        def proved(deal: ProvedDeal | None) -> None:
            if deal is None:
                self._stopped()
                return
            game = MahjongGame.new(self._layout, deal.seed, now=self._screen.now())
            game.proof = deal.skipped
            self._deal(game, deal.moves)

        search = DealSearch(self._layout, following(fresh_seed()))
        proving = ProvingScreen(self._solver, search, "Solvable deals only")
        self._screen.app.push_screen(proving, proved)

    def _deal(self, game: MahjongGame, solution: tuple[Pair, ...] = ()) -> None:
        self._give_up_game()
        self._proved_in_at = monotonic() if solution else None
        self._dealt(game, solution)
