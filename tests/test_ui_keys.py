"""Few keys per move: Lines cells typed by name, Mahjong faces typed by label, `t` for a pair,
`tab` on playable tiles; the scripted players of conftest.py play a short game each (the full
figures come from tests/tools/bench_keys.py). That help and README list every key is checked
for every screen in test_ui_every_screen.py."""

from __future__ import annotations

from pathlib import Path

from conftest import (
    MahjongKeyPlayer,
    game_at,
    make_app,
    open_lines,
    play_lines_by_keys,
    post_keys_at_once,
    settle,
)
from test_ui_app_lines import FOUR_REDS, PREVIEW
from test_ui_mahjong import game_of, open_game, row_layout
from test_ui_mahjong import make_app as make_mahjong_app
from textual.pilot import Pilot

from lines_tui.engine.lines import LinesGame
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.engine.mahjong.solver import Verdict, solve
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.status_line import StatusLine

# --- Lines ---------------------------------------------------------------------------------------


async def test_typing_a_ball_then_a_cell_plays_the_move(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        await pilot.press("3", "e")
        assert screen.selected == (2, 4) and screen.board.cursor == (2, 4)
        await pilot.press("1", "e")  # the fifth red in row 1: a line
        assert screen.game.moves == [((2, 4), (0, 4))]
        assert screen.game.score > 0 and screen.board.cursor == (0, 4)


async def test_the_selected_balls_own_cell_typed_again_says_it_is_selected(tmp_path: Path) -> None:
    """It said "Cursor on 3e.", as of an empty cell, with the ball still selected (a player's
    test)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        await pilot.press("3", "e", "3", "e")
        assert screen.selected == (2, 4) and screen.board.cursor == (2, 4)
        said = screen.query_one(StatusLine).message
        assert said == "Selected already: type where it goes, or enter cancels."
        await pilot.press("enter")
        assert screen.selected is None


async def test_the_cell_a_typed_name_put_the_cursor_on_is_not_named_once_it_moves(
    tmp_path: Path,
) -> None:
    """The line "Cursor on 9i." stayed while the arrows took the cursor elsewhere."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        assert screen.game.board[(8, 8)] is None
        await pilot.press("9", "i")  # an empty cell, no ball selected
        assert screen.query_one(StatusLine).message == "Cursor on 9i."
        await pilot.press("up")
        assert screen.board.cursor == (7, 8)
        assert screen.query_one(StatusLine).message == ""


async def test_enter_then_a_typed_cell_in_one_burst_act_in_the_order_typed(
    tmp_path: Path,
) -> None:
    """`⏎` `1e` in one burst (as SSH bunches keys) moved nothing: the typed cell put the cursor
    on 1e as soon as the screen read it, and enter, acting only once it had gone up to the
    app, then had no ball under the cursor to pick. A typed cell now acts in its turn there."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        screen.board.set_cursor((2, 4))  # on the red at 3e
        post_keys_at_once(app, "enter", "1", "e")  # the fifth red in row 1: a line
        await settle(pilot)
        assert screen.game.moves == [((2, 4), (0, 4))]
        post_keys_at_once(app, "9", "i", "up", "3", "e")
        await settle(pilot)
        assert screen.board.cursor == (2, 4)  # 9i, one up, then 3e: the typed cell last


async def test_a_digit_outside_ascii_types_no_row(tmp_path: Path) -> None:
    """² passed for a row digit and int() refused it: the app crashed."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        await pilot.press("\u00b2", "\u0664", "e")
        assert app.is_running and app.screen is screen
        assert screen.selected is None


async def test_cells_typed_in_one_burst_play_the_move(tmp_path: Path) -> None:
    """A terminal (or ssh, or tmux) delivers a fast typist's keys all at once."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        post_keys_at_once(app, "3", "e", "1", "e")
        await pilot.pause()
        assert screen.game.moves == [((2, 4), (0, 4))]


async def test_letters_after_a_row_are_columns_and_other_keys_forget_the_row(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        animations = screen.session.animations
        await pilot.press("5", "a")  # a is the animation key, but after a row it is column a
        assert screen.board.cursor == (4, 0) and screen.session.animations == animations
        assert screen.selected is None  # an empty cell with nothing selected: only the cursor
        await pilot.press("9", "escape")  # escape forgets the row and stays in the game
        assert app.screen is screen and screen.typing.pending_row is None
        await pilot.press("2", "z")  # no column z on 9 x 9: nothing moves
        assert screen.board.cursor == (4, 0) and "no column" in screen.message
        await pilot.press("7", "right")  # an arrow forgets the row and moves as always
        assert screen.board.cursor == (4, 1) and screen.typing.pending_row is None
        await pilot.press("1", "a", "9", "i")  # the top left red to the far corner
        assert screen.game.moves == [((0, 0), (8, 8))]


async def lines_and_status(pilot: Pilot[None], rows: str) -> tuple[LinesScreen, StatusLine]:
    """A Lines game on the board `rows`, and its status line."""
    screen = await open_lines(pilot, game_at(rows, PREVIEW))
    return screen, screen.query_one(StatusLine)


async def test_a_row_number_dropped_by_another_key_is_no_longer_asked_about(
    tmp_path: Path,
) -> None:
    """An arrow (or any key that is no letter) forgets a row typed; the panel went on asking for
    its column letter, and the next letter did what it does on its own (a: animations)."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen, status = await lines_and_status(pilot, FOUR_REDS)
        await pilot.press("3")
        assert status.message == "Row 3: now its column letter, a-i."
        await pilot.press("left")
        assert screen.typing.pending_row is None and status.message == ""
        await pilot.press("3", "f5")
        assert screen.typing.pending_row is None and status.message == ""


async def test_a_digit_that_makes_no_row_says_so(tmp_path: Path) -> None:
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen, status = await lines_and_status(pilot, FOUR_REDS)
        await pilot.press("0")
        assert status.message == "No row 0 here: the rows are 1 to 9."
        await pilot.press("1", "0")  # past a 9 x 9 board
        assert status.message == "No row 10 here: the rows are 1 to 9."
        assert screen.typing.pending_row is None and screen.board.cursor == (4, 4)
        await pilot.press("right")  # the line stayed while the cursor went on (a player review)
        assert screen.board.cursor == (4, 5) and status.message == ""


async def test_a_column_letter_without_a_row_says_to_type_the_row_first(tmp_path: Path) -> None:
    """`b` alone did nothing; the letters that are keys of their own keep doing their own. A
    letter that is neither (`z` on 9 x 9) said nothing either: it says so."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen, status = await lines_and_status(pilot, FOUR_REDS)
        await pilot.press("b")
        assert status.message == "Row first, then column: 3b is row 3, column b."
        assert screen.board.cursor == (4, 4) and screen.game.moves == []
        await pilot.press("l")  # a key of its own: the cursor goes right, the line goes
        assert screen.board.cursor == (4, 5) and status.message == ""
        await pilot.press("b", "z")  # no column on 9 x 9, and no key
        assert status.message == "z is no key or column here: ? shows the keys."
        await pilot.press("l")
        assert status.message == ""


BOXED_IN = """
RB.......
G........
.........
.........
.........
.........
.........
.........
.........
"""


async def test_a_ball_selected_that_cannot_move_says_it_is_boxed_in(tmp_path: Path) -> None:
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen, status = await lines_and_status(pilot, BOXED_IN)
        await pilot.press("1", "a")
        assert screen.selected == (0, 0)
        assert (
            status.message == "Red ball selected, but it is boxed in: no empty cell is beside it."
        )
        await pilot.press("1", "b")
        assert screen.selected == (0, 1)
        assert status.message.startswith("Blue ball selected: move the cursor to an empty cell")


async def test_the_scripted_lines_player_needs_at_most_five_keys_a_move(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, LinesGame.new(3, size=7))
        moves, keys = await play_lines_by_keys(pilot, screen, seed=3, max_moves=8)
        assert moves == 8 and keys <= 5 * moves


# --- Mahjong -------------------------------------------------------------------------------------


async def test_a_label_jumps_to_its_free_tiles_and_t_takes_the_pair(tmp_path: Path) -> None:
    layout = row_layout(3, 1)  # 0 1 2 on one row (1 blocked), 3 alone
    async with make_mahjong_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "dr d1 d1 dr"))
        assert screen.board.cursor == 0  # the first free tile
        await pilot.press("r", "d")  # the next free red dragon after the cursor
        assert screen.board.cursor == 3
        await pilot.press("R", "D")  # again, in either case: the next one, round the board
        assert screen.board.cursor == 0
        await pilot.press("1", "d")  # the only free 1D; its partner is blocked
        assert screen.board.cursor == 2
        await pilot.press("t")
        assert screen.game.tiles_left == 4
        assert "No other free tile" in screen.query_one(StatusLine).message
        await pilot.press("r", "d", "t")  # one free partner: t takes the pair
        assert screen.game.history == [(0, 3)] or screen.game.history == [(3, 0)]


async def test_a_label_and_t_typed_in_one_burst_take_the_pair(tmp_path: Path) -> None:
    layout = row_layout(3, 1)
    async with make_mahjong_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "dr d1 d1 dr"))
        post_keys_at_once(pilot.app, "1", "d", "r", "d", "t")
        await pilot.pause()
        assert screen.game.history == [(0, 3)] or screen.game.history == [(3, 0)]


async def test_labels_and_t_in_one_burst_act_in_the_order_typed(tmp_path: Path) -> None:
    """A player review: `3bt9c` sent in one read (as SSH bunches keys) took the 9Cs, not the
    3Bs: a label jumped as soon as the screen read it, while the t before it acted only once
    it had gone up to the app. A label now acts in its turn there too."""
    layout = row_layout(2, 2, 2, 2)  # four rows of two free tiles
    async with make_mahjong_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d5 d5 b3 b3 c9 c9 d1 d1"))
        post_keys_at_once(pilot.app, "3", "b", "t", "9", "c", "t", "1", "d")
        await settle(pilot)
        assert screen.game.history == [(2, 3), (4, 5)]
        assert screen.board.cursor in (6, 7)
        assert screen.query_one(StatusLine).message == "1D: 2 free, t takes a pair."


async def test_t_right_after_a_label_that_found_no_free_tile_takes_nothing(
    tmp_path: Path,
) -> None:
    """A player review: `4dt` with no 4D free said "No 4D is free" and took the pair under the
    cursor, one the player never chose. The t says it took nothing; pressed again, or after
    any other key (a re-check: `S` or `p` `p` in between left it refusing), it acts."""
    layout = row_layout(3, 2, 3)  # 0 1 2, 3 4, 5 6 7 (1 and 6 blocked)
    async with make_mahjong_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "dr d4 dr d1 d1 b2 d4 b2"))
        screen.board.cursor = 3  # a pair of 1Ds: t would take it
        post_keys_at_once(pilot.app, "4", "d", "t")
        await settle(pilot)
        assert screen.game.history == []
        message = screen.query_one(StatusLine)
        assert message.message == "No 4D is free (2 on the board): nothing taken."
        await pilot.press("t")
        assert screen.game.history in ([(3, 4)], [(4, 3)])
        post_keys_at_once(pilot.app, "9", "9", "space")
        await settle(pilot)
        assert message.message == "No tile is labelled 99: nothing picked."
        assert screen.board.selected is None
        screen.board.cursor = 5  # a 2B, its partner free
        post_keys_at_once(pilot.app, "9", "9", "S", "p", "p", "enter")
        await settle(pilot)
        assert screen.board.selected == 5
        await pilot.press("r", "d", "t")  # a label that finds its tiles: t acts at once
        assert len(screen.game.history) == 2


async def test_tab_stops_only_on_tiles_with_a_free_partner_and_a_on_every_free_tile(
    tmp_path: Path,
) -> None:
    layout = row_layout(3, 1)
    async with make_mahjong_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "dr d1 d1 dr"))
        seen = set()
        for _ in range(4):
            await pilot.press("tab")
            seen.add(screen.board.cursor)
        assert seen == {0, 3}  # 2 is free, but its partner is not
        for _ in range(4):
            await pilot.press("a")
            seen.add(screen.board.cursor)
        assert seen == {0, 2, 3}


async def test_a_label_typed_with_the_key_that_resumes_the_game_acts_after_it(
    tmp_path: Path,
) -> None:
    """A re-check: paused, `p` `8d` `t` in one burst took the pair under the cursor: the label
    was read, as paused, before the p ahead of it had resumed the game."""
    layout = row_layout(2, 2, 2, 2)
    async with make_mahjong_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d5 d5 b3 b3 c9 c9 d1 d1"))
        await pilot.press("p")
        assert screen.paused
        post_keys_at_once(pilot.app, "p", "9", "c", "t")
        await settle(pilot)
        assert not screen.paused
        assert screen.game.history in ([(4, 5)], [(5, 4)])


async def test_tab_a_enter_and_m_say_what_t_does_there(tmp_path: Path) -> None:
    """A player review: a typed label said what t would do, but tab, `a` and enter said
    nothing, so `tab` `t` might take the pair or only pick the tile. Enter on another face
    said "1D and 1B differ: taking 1B instead.", as if a tile had been taken (it was picked),
    and `m` with nothing picked moved the cursor without a word (a player review)."""
    layout = row_layout(3, 1, 1, 1)  # 0 2 3 4 5 free, 1 blocked
    async with make_mahjong_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 d1 b1 d1 d1 b1"))
        message = screen.query_one(StatusLine)
        screen.board.cursor = 3
        await pilot.press("tab")
        assert screen.board.cursor == 4
        assert message.message == "1D: 3 free, t picks it and shows its partners."
        await pilot.press("tab")
        assert message.message == "1B: 2 free, t takes a pair."
        await pilot.press("enter")
        assert message.message == "1B picked: t takes a pair."
        await pilot.press("enter")
        assert message.message == "1B no longer picked."
        screen.board.cursor = 0
        await pilot.press("enter")
        screen.board.cursor = 5
        await pilot.press("enter")
        assert screen.board.selected == 5 and screen.game.history == []
        assert message.message == "1D and 1B differ, so 1B is picked instead: t takes a pair."
        await pilot.press("enter")  # put back
        screen.board.cursor = 0
        await pilot.press("m")
        assert screen.board.cursor == 3 and screen.board.selected is None
        assert message.message == "1D, 2 of 3 free: t picks it and shows its partners."
        await pilot.press("m", "m")
        assert screen.board.cursor == 0
        assert message.message == "1D, 1 of 3 free: t picks it and shows its partners."


async def test_tab_from_a_shown_partner_moves_on_past_the_picked_tile(tmp_path: Path) -> None:
    """A player's test: with three tiles of a face free, `tab` `t` over and over went back and
    forth: t picked the tile and showed its first partner, which came before it in reading
    order, and tab from there landed on the picked tile again, where t did the same."""
    layout = row_layout(3, 1, 1, 1)  # 0 2 3 4 5 free, 1 blocked
    async with make_mahjong_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 d1 d1 b1 d1 b1"))
        message = screen.query_one(StatusLine)
        screen.board.cursor = 0
        await pilot.press("tab")
        assert screen.board.cursor == 2
        await pilot.press("t")  # picks 2, shows its first partner, 0
        assert screen.board.selected == 2 and screen.board.cursor == 0
        await pilot.press("tab")  # on past the picked tile, to the next face: the pick dropped
        assert screen.board.cursor == 3 and screen.board.selected is None
        assert message.message == "1B: 2 free, t takes a pair."
        await pilot.press("shift+tab")
        assert screen.board.cursor == 2
        await pilot.press("t", "shift+tab")  # from its partner 0 back: round to the last
        assert screen.board.cursor == 5 and screen.board.selected is None
        # A partner the player went to is no partner t showed: shift+tab goes back to the
        # picked tile (a review: it passed over it, and dropped the pick without a word).
        screen.board.cursor = 0
        await pilot.press("enter", "tab", "shift+tab")
        assert screen.board.cursor == 0 and screen.board.selected == 0


async def test_m_after_a_hint_goes_to_its_partner_then_through_every_match(
    tmp_path: Path,
) -> None:
    """A re-check: after a hint, `m` went back and forth between the two hinted tiles, and a
    third free tile of the face, which its line counted ("3 of 3"), was never reached."""
    layout = row_layout(3, 1, 1, 1)  # 0 2 3 4 5 free, 1 blocked
    async with make_mahjong_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 d1 b1 d1 d1 b1"))
        screen.board.hints = {0, 4}
        screen.board.cursor = 0
        visited = []
        for _ in range(4):
            await pilot.press("m")
            visited.append(screen.board.cursor)
        assert visited[0] == 4  # the hinted partner first
        assert set(visited) == {0, 3, 4}


async def test_t_with_partners_to_choose_from_picks_and_shows_them(tmp_path: Path) -> None:
    layout = row_layout(3, 1, 1, 1)  # 0 2 3 4 5 free, 1 blocked
    async with make_mahjong_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 d1 b1 d1 d1 b1"))
        screen.board.cursor = 0
        await pilot.press("t")  # free partners 3 and 4: the choice matters (1 is left behind)
        assert screen.board.selected == 0 and screen.board.cursor == 3
        assert screen.game.history == []
        await pilot.press("m")
        assert screen.board.cursor == 4
        await pilot.press("t")
        assert screen.game.history == [(0, 4)]
        await pilot.press("1", "b", "t")  # both 1Bs free, all of that face: taken
        assert len(screen.game.history) == 2


async def test_a_typed_label_says_what_t_will_do_there(tmp_path: Path) -> None:
    """It said "t takes a pair" with three tiles free, where t only picks the tile."""
    layout = row_layout(3, 1, 1, 1)  # 0 2 3 4 5 free, 1 blocked
    async with make_mahjong_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 d1 b1 d1 d1 b1"))
        message = screen.query_one(StatusLine)
        await pilot.press("1", "d")
        assert message.message == "1D: 3 free, t picks it and shows its partners."
        await pilot.press("1", "b")
        assert message.message == "1B: 2 free, t takes a pair."
        # A tile picked: typing its face goes on to its partners, another face drops it.
        screen.board.cursor = 0
        await pilot.press("enter", "1", "b")
        assert screen.board.selected is None
        assert message.message == "1B: 2 free, t takes a pair."
        screen.board.cursor = 0
        await pilot.press("enter", "1", "d")
        assert screen.board.selected == 0 and screen.board.cursor == 3
        assert message.message == "1D: 3 free, t takes this pair."
        await pilot.press("t")
        assert screen.game.history == [(0, 3)]


async def test_the_scripted_mahjong_player_takes_pairs_with_documented_keys(
    tmp_path: Path,
) -> None:
    layout = find_layout("lantern")
    async with make_mahjong_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, seed=1)
        result = solve(screen.game.position, timeout=30)
        assert result.verdict is Verdict.SOLVABLE
        player = MahjongKeyPlayer(pilot, screen, result.moves)
        await player.play(max_pairs=8)
        assert player.pairs == 8 and len(screen.game.history) == 8
        assert player.keys <= 6 * player.pairs
