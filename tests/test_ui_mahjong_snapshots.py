"""Snapshots of the Mahjong screens at 80 x 24: a fixed deal, a fixed clock, the check answered."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from conftest import settle
from test_ui_mahjong import make_app, settled
from textual.pilot import Pilot

from lines_tui.ui.mahjong import LayoutPickerScreen, MahjongScreen


async def check_answered(pilot: Pilot[None]) -> None:
    """The status field must not depend on how fast the solver process is."""
    screen = pilot.app.screen
    assert isinstance(screen, MahjongScreen)
    await settled(pilot, screen)


def test_turtle_with_a_picked_tile(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, start="mahjong", seed=1)

    async def pick_and_wait(pilot: Pilot[None]) -> None:
        await settle(pilot)  # the game opens once the saved games are read
        await pilot.press("tab", "tab", "enter", "m")
        await check_answered(pilot)

    assert snap_compare(app, run_before=pick_and_wait, terminal_size=(80, 24))


def test_turtle_symbols_and_free_tiles(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, start="mahjong", seed=1)

    async def symbols_and_wait(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press("S", "enter")
        await check_answered(pilot)

    assert snap_compare(app, run_before=symbols_and_wait, terminal_size=(80, 24))


def test_layout_picker(snap_compare: Any, tmp_path: Path) -> None:
    installed = tmp_path / "layouts"
    installed.mkdir()
    builtin = resources.files("lines_tui.engine.mahjong.layouts")
    (installed / "little.layout").write_text(
        builtin.joinpath("lantern.layout").read_text(encoding="utf-8"), encoding="utf-8"
    )

    async def open_picker(pilot: Pilot[None]) -> None:
        picker = LayoutPickerScreen(folders=[installed])
        await pilot.app.push_screen(picker)
        await pilot.app.workers.wait_for_complete()
        await pilot.press("down", "tab", *"42")

    assert snap_compare(make_app(tmp_path / "data"), run_before=open_picker, terminal_size=(80, 24))
