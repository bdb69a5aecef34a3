"""The Footer shows the keys that act now, every one whole at 80 columns: it takes Textual's
compact form by itself while the keys in the normal form are wider than the screen, and the
normal form again once they fit (README, "Keys of every other screen")."""

from __future__ import annotations

from pathlib import Path

from conftest import settle
from test_ui_every_screen import SCREENS, app_with_results, cut_footer_labels
from test_ui_solvable_deals import footer_text
from textual.pilot import Pilot
from textual.widgets import Footer

from lines_tui.ui.menu import MenuScreen

SIZE = (80, 24)

# Keys a review found left out of full Footers, by the README's name of their screen.
KEYS_LEFT_OUT = {
    "Menu": ["i Import"],
    "Lines": ["a Animation", "esc Cancel"],
    "Layout picker": ["s Symbols"],
    "Replay": ["home Start", "end End"],
    "Leaderboards": ["s Symbols"],  # two tables here: ← → show, and s was cut off the edge
}


async def back_to_menu(pilot: Pilot[None]) -> None:
    while not isinstance(pilot.app.screen, MenuScreen):
        pilot.app.pop_screen()
        await settle(pilot)


async def test_full_footers_show_every_key_whole_at_80_columns(tmp_path: Path) -> None:
    app = app_with_results(tmp_path)
    problems = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for name, wanted in KEYS_LEFT_OUT.items():
            await SCREENS[name](pilot)
            shown = await footer_text(pilot)
            problems += [f"{name}: no {key!r} in {shown!r}" for key in wanted if key not in shown]
            problems += [f"{name}: {label!r} is cut" for label in cut_footer_labels(app.screen)]
            await back_to_menu(pilot)
    assert problems == []


async def test_the_footer_is_compact_only_while_its_keys_need_it(tmp_path: Path) -> None:
    app = app_with_results(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(Footer)
        await footer_text(pilot)
        assert footer.compact  # the menu's keys are wider than 80 columns in the normal form
        await pilot.resize_terminal(120, 24)
        await settle(pilot)
        assert not footer.compact
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert footer.compact and cut_footer_labels(app.screen) == []
        await pilot.press("p")  # the players' keys fit in the normal form
        await settle(pilot)
        await footer_text(pilot)
        assert not app.screen.query_one(Footer).compact
        assert cut_footer_labels(app.screen) == []
