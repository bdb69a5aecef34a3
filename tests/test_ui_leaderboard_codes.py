"""The leaderboard's share code and challenge codes: which keys the Footer offers beside a code
the screen cuts, what the line under a cut code and the keys say, the command offered to print
it, a challenge code that comes late, and the room the code is given (`leaderboard.py`)."""

from __future__ import annotations

import threading
from pathlib import Path

from conftest import (
    played_lines_game,
    settle,
    widget_lines,
)
from test_ui_scores import (
    SIZE,
    START,
    ScreenApp,
    notices_of,
    text_of,
)
from textual.widgets import Static

from lines_tui.store import open_store
from lines_tui.store.replay import record_of_lines
from lines_tui.ui.scores import LeaderboardScreen
from lines_tui.ui.scores.leaderboard import (
    SHARE_CODE_LABEL,
)
from lines_tui.ui.session import Session


def code_lines(screen: LeaderboardScreen) -> tuple[str, str]:
    """The code as drawn (its lines joined), and the note under its cut (its lines joined by
    spaces; "" if it is whole)."""
    lines = widget_lines(screen.query_one("#board-code", Static))
    cut = next((i for i, line in enumerate(lines) if line.startswith(" … cut here: ")), len(lines))
    code = "".join(line.strip() for line in lines[:cut])
    return code, " ".join(line.strip() for line in lines[cut:])


async def test_a_challenge_code_that_comes_after_another_table_is_shown_is_dropped(
    tmp_path: Path,
) -> None:
    """x asks for the challenge code on the store's thread; the player moved to another table
    before it came, and it was shown there, labelled with that table's #1, its command naming
    that table. It is dropped: it no longer describes the rows shown."""
    store = open_store(tmp_path)
    store.add_player("Ann")
    game = played_lines_game(1)
    assert game.ended_at is not None
    store.record_lines(
        "Ann", 9, game.score, 1, game.started_at, game.ended_at, record_of_lines(game)
    )
    store.record_mahjong("Zoë", "turtle", 312.4, 7, START)
    session = Session(store)
    async with ScreenApp(LeaderboardScreen(session, "lines-9")).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, LeaderboardScreen)
        told = notices_of(screen)
        disk = threading.Event()
        session.io.submit(disk.wait)  # the store's thread is held: x's answer waits
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("right")  # Turtle, before the challenge code comes
        await pilot.pause()
        disk.set()
        await settle(pilot)
        assert "Turtle" in " ".join(widget_lines(screen.query_one("#board-heading", Static)))
        label = text_of(screen.query_one("#board-code-label", Static))
        assert label == SHARE_CODE_LABEL
        assert code_lines(screen)[0] == screen.code
        assert pilot.app.clipboard == "" and told == []
