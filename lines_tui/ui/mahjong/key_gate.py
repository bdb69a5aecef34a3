"""Which of the Mahjong screen's keys act now, and what a key that cannot act says instead.

A key with nothing to act on leaves the Footer and is dimmed in the help (`keys_that_act`): u with
no pair to undo, U with none to redo, m unless the picked tile has several partners to show one
by one, R on a deal not played yet, c before a win, tab, t and i after a loss, and while paused
every key of the screen but p and q. Pressed all the same, paused, a key says it waits for the
board; on a cleared board, a key of the tiles says what is left to do; after a loss, a key about
pairs to take says the loss line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from textual.binding import ActiveBinding

from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.ui.footer import action_name, keys_that_act, restated, room_for
from lines_tui.ui.game_screen import GameScreen
from lines_tui.ui.going_back import going_back, said_for
from lines_tui.ui.mahjong.keys import (
    BOARD_ACTIONS,
    IDLE_AFTER_A_LOSS,
    SHARED_LABELS,
    WAIT_FOR_THE_BOARD,
    WON_CHALLENGE,
    WON_NOTE,
)
from lines_tui.ui.mahjong.win import WinResults

PAUSED_NOTE = "The game is paused: p resumes, q leaves."
"""What a key that waits for the board (esc, u, a label letter, ...) says while paused."""


class KeyGate:
    """The keys of `screen`, playing `game()` with the tile `selected()` picked and the results
    `results`; `paused()` says whether the board is hidden, `say` puts a line in the message
    line, and `loss_line()` is the loss as the screen says it."""

    def __init__(
        self,
        screen: GameScreen,
        game: Callable[[], MahjongGame],
        selected: Callable[[], int | None],
        results: WinResults,
        paused: Callable[[], bool],
        say: Callable[[str], None],
        loss_line: Callable[[], str],
    ) -> None:
        self._screen = screen
        self._game = game
        self._selected = selected
        self._results = results
        self._paused = paused
        self._say = say
        self._loss_line = loss_line
        self._keys_read = 0
        """The keys read on the board so far (`key_read`)."""
        self._missed: tuple[str, int] | None = None
        """What the latest label that found no free tile said, and the number of the key that
        ended it (`miss`)."""

    def shown(self, bindings: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
        """`bindings` (Textual's) less the keys that have nothing to act on now, c shown once
        it has a code to give, the keys that share a label apart where there is room for them,
        and q and esc saying where they go (`going_back`)."""
        acting = keys_that_act(bindings, self.idle)
        if self._results.can_challenge:
            acting = restated(
                acting,
                lambda binding: (
                    replace(binding, show=True) if binding.action == "challenge" else binding
                ),
            )
        apart = restated(
            acting,
            lambda binding: (
                replace(binding, group=None) if binding.group in SHARED_LABELS else binding
            ),
        )
        # Won, the board's keys are gone: there is room for N and R to say what each does, as
        # there is for every key on a wider terminal.
        won = self._game().won
        shown = apart if won or room_for(self._screen, apart) else acting
        return going_back(shown, self._screen.back_to)

    def idle(self, action: str) -> bool:
        """Whether the key of `action` has nothing to act on now."""
        game, name = self._game(), action_name(action)
        if self._paused() and name in WAIT_FOR_THE_BOARD:
            return True
        if game.won and name in BOARD_ACTIONS:
            return True
        if game.lost and name in IDLE_AFTER_A_LOSS:
            return True
        if action == "undo":
            return not game.can_undo
        if action == "redo":
            return not game.can_redo
        if action == "match":
            selected = self._selected()
            return selected is None or game.free_matches(selected).bit_count() < 2
        if action == "restart":
            return not game.played
        if action == "challenge":
            return not self._results.can_challenge
        return False

    def key_read(self) -> None:
        """A key typed on the board comes up to the app, before its binding acts."""
        self._keys_read += 1

    def miss(self, said: str) -> None:
        """A label found no free tile, which `said` tells."""
        self._say(said)
        self._missed = (said, self._keys_read)

    def act(self, taking: str | None = None) -> bool:
        """Every key press starts from a clean message line. Paused, a key that waits for the
        board says so instead, and does nothing: False. So does a key that takes or picks a
        tile (`taking`: what it did not do, "nothing taken") right after a label that found no
        free tile (`miss`): typed in one motion with the label, it acted on whatever tile the
        cursor was on. Pressed again, or after any other key, it acts."""
        if self.waits_for_the_board():
            return False
        if taking is not None and self._missed is not None:
            said, at = self._missed
            if at == self._keys_read - 1:
                self._say(f"{said.removesuffix('.')}: {taking}.")
                return False
        self._say("")
        return True

    def act_on_tiles(self, taking: str | None = None) -> bool:
        """`act` for a key of the tiles (`BOARD_ACTIONS`): on a cleared board it says so
        (`WON_NOTE`, what is left to do) and does nothing: False."""
        if not self.act(taking):
            return False
        won = self._game().won
        if won:
            challenge = WON_CHALLENGE if self._results.can_challenge else ""
            self._say(said_for(WON_NOTE.format(challenge=challenge), self._screen.back_to))
        return not won

    def waits_for_the_board(self) -> bool:
        """Paused: the key pressed waits for the board, and says so (`PAUSED_NOTE`), not what
        it would say of the game behind the cover ("A challenge code comes with a win")."""
        paused = self._paused()
        if paused:
            self._say(PAUSED_NOTE)
        return paused

    def lost_said(self) -> bool:
        """After a loss, the keys about pairs to take (`IDLE_AFTER_A_LOSS`) all say the loss
        line, what to do now, rather than each its own "no pair"."""
        lost = self._game().lost
        if lost:
            self._say(self._loss_line())
        return lost
