"""Keeping a game while its finished result is filed (`GameKeeper.settle_after_filing`): the
filing settles the saved game, and the game's own saves and removals wait for its answer."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from lines_tui.store import open_store
from lines_tui.ui.game_keeper import GameKeeper
from lines_tui.ui.session import Session


async def test_the_games_own_changes_wait_while_its_result_is_filed(tmp_path: Path) -> None:
    session = Session(open_store(tmp_path))
    app: App[None] = App()
    try:
        async with app.run_test():
            keeper = GameKeeper(
                app.screen,
                session,
                "lines",
                finished=lambda: False,
                saved_data=lambda: {"score": 1},
            )
            assert keeper.change_now(keeper.data_to_save()) is not None
            settled: list[str] = []
            keeper.settle_after_filing(lambda: settled.append("settled"))
            assert keeper.change_now(keeper.data_to_save()) is None
            await session.io.idle()
            assert settled == ["settled"]
            keeper.filing_answered()
            assert keeper.change_now(keeper.data_to_save()) is not None
    finally:
        session.io.close()
