"""Starting a new Lines game or resuming the saved one: the Lines screen opened over the menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lines_tui.engine.deal_choice import DealChoice
from lines_tui.engine.saved_games import lines_deal
from lines_tui.seeds import seed_and_choice
from lines_tui.store.tables import LINES_SIZE
from lines_tui.ui.saved_games import SameDeal

if TYPE_CHECKING:
    from textual.app import App

    from lines_tui.ui.saved_games import SavedGames
    from lines_tui.ui.session import Session


class LinesStarts:
    """Opens the Lines screen on a new game or on the saved one."""

    def __init__(self, app: App[None], session: Session, saved: SavedGames) -> None:
        self.app = app
        self.session = session
        self.saved = saved

    def start(
        self, seed: int | None = None, size: int = LINES_SIZE, choice: DealChoice | None = None
    ) -> None:
        """A new game: a random seed, or the one asked for (which plays for its deal's table,
        or the table `choice` names)."""
        from lines_tui.engine.lines import LinesGame
        from lines_tui.ui.lines.screen import LinesScreen

        seed, choice = seed_and_choice(seed, choice)
        game = LinesGame.new(seed, size, started_at=self.session.clock())
        game.deal_choice = choice
        self.app.push_screen(LinesScreen(self.session, game))

    def same_deal(
        self, size: int, seed: int | None, choice: DealChoice | None, back: str | None = None
    ) -> SameDeal | None:
        """The game `start` would begin, resumed instead if it is the saved game's own deal (None
        for a random one). `back`: where esc on the question goes when not to the menu."""
        if seed is None:
            return None
        return SameDeal(lines_deal(size, *seed_and_choice(seed, choice)), self.resume, back)

    def resume(self) -> None:
        from lines_tui.ui.lines.screen import LinesScreen

        game = self.saved.lines()
        if game is not None:
            saved_by, owner = self.saved.saved_by("lines"), self.saved.owner("lines")
            screen = LinesScreen(self.session, game, resumed=True, saved_by=saved_by, owner=owner)
            self.app.push_screen(screen)

    def board_size(self) -> int:
        """The board size new games from the menu and Today's deals are played on: `--size` or
        the menu's `+` and `-` (`MenuScreen`), else as kept; 9 x 9 until the store is read."""
        size = self.session.lines_size
        return LINES_SIZE if size is None else size
