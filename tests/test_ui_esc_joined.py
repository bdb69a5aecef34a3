"""An esc typed right before another key is an esc and that key, though the terminal's bytes join
them (README, "Keys typed fast"). A player review found `esc` then `6g` typed at once lost both
the esc and the 6: Textual read ESC and 6 as option+6, "§"; the selection stayed, and the next
cell moved the ball still picked. The re-check found the esc, once split off, acting after the
cell typed behind it: the ball moved, then the esc went to the menu."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from conftest import cursor_to, make_app, open_lines, settle
from test_ui_mahjong import game_of, open_game, row_layout
from textual import events
from textual._xterm_parser import XTermParser
from textual.constants import ESCAPE_DELAY

from lines_tui.engine.lines import LinesGame
from lines_tui.engine.lines.cell_names import cell_name
from lines_tui.ui.esc_joined import esc_joined, read_esc_apart
from lines_tui.ui.scores.name_entry import NameEntryScreen


def read_from_the_terminal(data: str) -> list[events.Key]:
    """The keys the app reads from `data`, one packet of the terminal's bytes (Textual's own
    reader, as the app sets it up: `read_esc_apart`), once its escape delay is over."""
    read_esc_apart()
    reader = XTermParser()
    read = list(reader.feed(data))
    time.sleep(ESCAPE_DELAY + 0.05)
    read += list(reader.tick())
    return [event for event in read if isinstance(event, events.Key)]


def test_esc_and_a_digit_enter_or_space_are_read_as_both_keys_at_once() -> None:
    """Textual read ESC 6 as "§" (option+6 on a Mac), a key a UK or German keyboard types too,
    and ESC enter as enter alone (the code review: esc enter in one burst moved the ball whose
    pick the esc was to drop)."""
    assert [(key.key, key.character) for key in read_from_the_terminal("\x1b6")] == [
        ("escape", None),
        ("6", "6"),
    ]
    assert [key.key for key in read_from_the_terminal("\x1b\r")] == ["escape", "enter"]
    assert [key.key for key in read_from_the_terminal("\x1b ")] == ["escape", "space"]
    (pound,) = read_from_the_terminal("£")
    assert esc_joined(pound) is None  # the code review: it went to the menu as esc 3
    assert [key.key for key in read_from_the_terminal("\x1b[A")] == ["up"]  # still one key
    # Read at once, not left waiting for more: with another ESC behind it in the same burst,
    # Textual turned the esc into a "^" (a player re-check).
    keys = [key.key for key in read_from_the_terminal("\x1b8a\x1b[A")]
    assert keys == ["escape", "8", "a", "up"]


def test_alt_and_a_letter_is_an_esc_and_the_letter_and_a_named_key_stays() -> None:
    split = esc_joined(events.Key("alt+k", "k"))
    assert split is not None and [key.key for key in split] == ["escape", "k"]
    split = esc_joined(events.Key("alt+shift+n", "N"))
    assert split is not None and [key.key for key in split] == ["escape", "N"]
    assert esc_joined(events.Key("alt+up", None)) is None
    assert esc_joined(events.Key("g", "g")) is None


@pytest.mark.parametrize("typed_after", ["a cell", "enter", "a cell and an arrow"])
async def test_esc_and_a_key_typed_at_once_drop_the_pick_then_the_key_acts(
    tmp_path: Path, typed_after: str
) -> None:
    """`esc` `5e` goes to 5e with nothing picked; `esc` enter moves nothing; `esc` `5e` down
    goes on from 5e (a player re-check: that burst moved the ball to 5e)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        game = LinesGame.new(3)
        screen = await open_lines(pilot, game)
        ball = next(cell for cell, _ in game.board.balls())
        # An empty cell the ball could go to: a key acted on before the esc moves it there.
        target = next(c for c in game.board.empty_cells() if game.board.path(ball, c) is not None)
        await cursor_to(pilot, screen, ball)
        await pilot.press("enter")
        assert screen.selected == ball
        if typed_after == "enter":
            await cursor_to(pilot, screen, target)
        keys = "\r" if typed_after == "enter" else cell_name(target)
        cursor = target
        if typed_after == "a cell and an arrow":
            keys += "\x1b[B"  # down: the cursor goes on from the cell
            cursor = ((target[0] + 1) % game.size, target[1])
        for key in read_from_the_terminal("\x1b" + keys):  # one packet
            app.post_message(key)
        await settle(pilot)
        assert app.screen is screen and not game.moves
        assert screen.selected is None and screen.board.cursor == cursor


async def test_mahjong_esc_then_a_label_typed_at_once_drops_the_pick_then_jumps(
    tmp_path: Path,
) -> None:
    layout = row_layout(3, 5)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 b1 b1 d1 dr dr d1 d1"))
        await pilot.press("enter")  # the 1D under the cursor
        assert screen.board.selected == 0
        for key in read_from_the_terminal("\x1b1b"):  # one packet: esc, then 1B's label
            app.post_message(key)
        await settle(pilot)
        assert app.screen is screen and screen.board.selected is None
        assert screen.board.cursor == 2  # the free 1B


async def test_a_pound_sign_typed_in_a_game_leaves_nothing(tmp_path: Path) -> None:
    """The code review: "£" (shift+3 on a UK keyboard) went to the menu, read as esc 3."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, LinesGame.new(3))
        for key in read_from_the_terminal("£§"):
            app.post_message(key)
        await settle(pilot)
        assert app.screen is screen


@pytest.mark.parametrize(
    ("key", "character", "name"),
    [
        # The re-check: in a name field alt+x closed the dialog (the esc) and lost the name.
        ("alt+b", "b", "Bob"),
        ("pound_sign", "£", "Bo£"),
    ],
    ids=["alt+b", "£"],
)
async def test_in_a_name_a_key_read_with_alt_or_as_an_option_character_is_typed(
    tmp_path: Path, key: str, character: str, name: str
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(NameEntryScreen())
        await settle(pilot)
        await pilot.press("B", "o")
        app.post_message(events.Key(key, character))  # read now, after the dialog showed
        await settle(pilot)
        assert isinstance(app.screen, NameEntryScreen)
        assert app.screen.query_one("Input").value == name  # type: ignore[attr-defined]
