"""One board per game in 16 colours and in NO_COLOR (truecolor: test_ui_app_snapshots.py and
test_ui_mahjong_snapshots.py). 16 colours are shown as a TERM=xterm terminal shows them (see
conftest.SixteenColours); NO_COLOR as Textual draws it, in greys.

Update after an intended change of the picture: pytest tests/test_ui_colour_snapshots.py
--snapshot-update, then look at the SVGs under tests/__snapshots__/ before committing them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import make_app, settle
from test_ui_mahjong_snapshots import check_answered
from textual.pilot import Pilot

# Lines: select the ball at the centre (seed 1 has one), the cursor one cell away.
LINES_KEYS = ["5", "e", "right"]


async def mahjong_picked(pilot: Pilot[None]) -> None:
    await settle(pilot)  # a direct start opens the game once the saved games are read
    await pilot.press("tab", "enter", "m")  # a picked tile, the cursor on a partner of it
    await check_answered(pilot)


@pytest.mark.parametrize("colours", ["16-colours", "no-color"])
@pytest.mark.parametrize("game", ["lines", "mahjong"])
def test_board(
    snap_compare: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, colours: str
) -> None:
    if colours == "no-color":
        monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(
        tmp_path, start=game, seed=1, sixteen_colours=colours == "16-colours", few_colours=True
    )
    if game == "lines":
        assert snap_compare(app, run_before=settle, press=LINES_KEYS, terminal_size=(80, 24))
    else:
        assert snap_compare(app, run_before=mahjong_picked, terminal_size=(80, 24))
