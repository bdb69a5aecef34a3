"""An esc typed right before another key is an esc and that key, though the terminal's bytes join
them (README, "Keys typed fast"). A player review found `esc` then `6g` typed at once lost both
the esc and the 6: Textual read ESC and 6 as option+6, "§"; the selection stayed, and the next
cell moved the ball still picked."""

from __future__ import annotations

from pathlib import Path

from conftest import cursor_to, make_app, open_lines, settle
from textual import events
from textual._xterm_parser import XTermParser

from lines_tui.engine.lines import LinesGame
from lines_tui.ui.esc_joined import esc_joined
from lines_tui.ui.scores.name_entry import NameEntryScreen


def read_from_the_terminal(data: str) -> list[events.Key]:
    """The keys Textual reads from `data`, as one packet of the terminal's bytes."""
    return [event for event in XTermParser().feed(data) if isinstance(event, events.Key)]


def test_esc_and_a_digit_read_as_one_key_are_split_back() -> None:
    (joined,) = read_from_the_terminal("\x1b6")
    assert joined.key != "escape"  # Textual's reading: the esc is lost
    split = esc_joined(joined, in_text=False)
    assert split is not None
    assert [(key.key, key.character) for key in split] == [("escape", "\x1b"), ("6", "6")]
    assert all(key.time == joined.time for key in split)
    (minus,) = read_from_the_terminal("\x1b-")
    split = esc_joined(minus, in_text=False)
    assert split is not None and split[1].key == "minus"


def test_alt_and_a_letter_is_an_esc_and_the_letter_and_a_named_key_stays() -> None:
    split = esc_joined(events.Key("alt+k", "k"), in_text=False)
    assert split is not None and [key.key for key in split] == ["escape", "k"]
    split = esc_joined(events.Key("alt+shift+n", "N"), in_text=False)
    assert split is not None and [key.key for key in split] == ["escape", "N"]
    assert esc_joined(events.Key("alt+up", None), in_text=False) is None
    assert esc_joined(events.Key("g", "g"), in_text=False) is None


def test_in_a_text_field_a_pound_sign_is_typed_for_itself() -> None:
    assert esc_joined(events.Key("pound_sign", "£"), in_text=True) is None
    assert esc_joined(events.Key("pound_sign", "£"), in_text=False) is not None


async def test_esc_then_a_cell_typed_at_once_cancels_the_pick_and_goes_to_the_cell(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        game = LinesGame.new(3)
        screen = await open_lines(pilot, game)
        ball = next(cell for cell, _ in game.board.balls())
        await cursor_to(pilot, screen, ball)
        await pilot.press("enter")
        assert screen.selected == ball
        for key in read_from_the_terminal("\x1b6g"):
            app.post_message(key)
        await settle(pilot)
        assert screen.selected is None
        assert screen.board.cursor == (5, 6)  # row 6, column g
        await pilot.press("enter")  # picks what is there: the game goes on from the cell typed
        await settle(pilot)
        assert app.screen is screen


async def test_a_pound_sign_in_a_name_stays_in_the_name(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(NameEntryScreen())
        await settle(pilot)
        await pilot.press("A", "n", "n")
        app.post_message(events.Key("pound_sign", "£"))
        await settle(pilot)
        assert isinstance(app.screen, NameEntryScreen)
        assert app.screen.query_one("Input").value == "Ann£"  # type: ignore[attr-defined]
