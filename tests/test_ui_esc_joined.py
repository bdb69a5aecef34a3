"""An esc typed right before another key is an esc and that key, though the terminal's bytes join
them (README, "Keys typed fast"). A player review found `esc` then `6g` typed at once lost both
the esc and the 6: Textual read ESC and 6 as option+6, "§"; the selection stayed, and the next
cell moved the ball still picked. The re-check found the esc, once split off, acting after the
cell typed behind it: the ball moved, then the esc went to the menu."""

from __future__ import annotations

from pathlib import Path

from conftest import cursor_to, make_app, open_lines, settle
from textual import events
from textual._xterm_parser import XTermParser

from lines_tui.engine.lines import LinesGame
from lines_tui.engine.lines.cell_names import cell_name
from lines_tui.ui.esc_joined import esc_joined
from lines_tui.ui.scores.name_entry import NameEntryScreen


def read_from_the_terminal(data: str) -> list[events.Key]:
    """The keys Textual reads from `data`, as one packet of the terminal's bytes."""
    return [event for event in XTermParser().feed(data) if isinstance(event, events.Key)]


def test_esc_and_a_digit_read_as_one_key_are_split_back() -> None:
    (joined,) = read_from_the_terminal("\x1b6")
    assert joined.key != "escape"  # Textual's reading: the esc is lost
    split = esc_joined(joined)
    assert split is not None
    assert [(key.key, key.character) for key in split] == [("escape", "\x1b"), ("6", "6")]
    assert all(key.time == joined.time for key in split)
    (minus,) = read_from_the_terminal("\x1b-")
    split = esc_joined(minus)
    assert split is not None and split[1].key == "minus"


def test_alt_and_a_letter_is_an_esc_and_the_letter_and_a_named_key_stays() -> None:
    split = esc_joined(events.Key("alt+k", "k"))
    assert split is not None and [key.key for key in split] == ["escape", "k"]
    split = esc_joined(events.Key("alt+shift+n", "N"))
    assert split is not None and [key.key for key in split] == ["escape", "N"]
    assert esc_joined(events.Key("alt+up", None)) is None
    assert esc_joined(events.Key("g", "g")) is None


async def test_esc_then_a_cell_typed_at_once_cancels_the_pick_and_goes_to_the_cell(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        game = LinesGame.new(3)
        screen = await open_lines(pilot, game)
        ball = next(cell for cell, _ in game.board.balls())
        # An empty cell the ball could go to: a cell acted on before the esc moves it there.
        target = next(c for c in game.board.empty_cells() if game.board.path(ball, c) is not None)
        await cursor_to(pilot, screen, ball)
        await pilot.press("enter")
        assert screen.selected == ball
        for key in read_from_the_terminal("\x1b" + cell_name(target)):  # one packet
            app.post_message(key)
        await settle(pilot)
        assert app.screen is screen and not game.moves
        assert screen.selected is None and screen.board.cursor == target


async def test_alt_and_a_letter_in_a_name_is_the_letter(tmp_path: Path) -> None:
    """The re-check: in a name field alt+x closed the dialog (the esc) and lost the name."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(NameEntryScreen())
        await settle(pilot)
        await pilot.press("B", "o")
        app.post_message(events.Key("alt+b", "b"))
        await settle(pilot)
        assert isinstance(app.screen, NameEntryScreen)
        assert app.screen.query_one("Input").value == "Bob"  # type: ignore[attr-defined]


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
