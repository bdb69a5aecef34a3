"""Mahjong keys doing what the screen says they do, found by playing at 80 x 24: the hint and `t`,
esc after half a label, the messages of `G` and `S`, the help of `t`, a dead end told again on
undo, the footer of a won game, and the clock while a screen covers the board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import (
    drawn_dialog,
    post_keys_at_once,
    settle,
    turn_down_the_time,
    widget_lines,
)
from test_ui_every_screen import cut_footer_labels
from test_ui_mahjong import (
    LOST_IN_THE_TRAP,
    START,
    Clock,
    game_of,
    make_app,
    notified,
    open_game,
    row_layout,
    settled,
)
from test_ui_solvable_deals import HeldSolver
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from lines_tui.engine.deal_choice import DealChoice, daily
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.geometry import bits
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.engine.mahjong.solver import Pair, SolveResult, Verdict, solve
from lines_tui.store.tables import utc_day
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.app_keys import MAHJONG_SYMBOLS_NOTE
from lines_tui.ui.dialogs import ConfirmScreen
from lines_tui.ui.help import HelpScreen, key_rows
from lines_tui.ui.mahjong import MahjongScreen
from lines_tui.ui.mahjong.screen import NOTHING_TO_REDO, NOTHING_TO_UNDO
from lines_tui.ui.mahjong.status import (
    DEAD_DEAL_LOST,
    DEAD_DEAL_WARNING,
    HINT_WAITS,
    NEVER_CLEARED,
)
from lines_tui.ui.mahjong.tile_text import tile_label
from lines_tui.ui.mahjong.win import NO_CHALLENGE_YET
from lines_tui.ui.menu import MenuScreen
from lines_tui.ui.scores import NameEntryScreen
from lines_tui.ui.size_guard import TooSmallScreen
from lines_tui.ui.status_line import NO_BREAK, StatusLine

TRAP = "d1 b1 b1 d1 dr dr d1 d1"
"""Row one `1D 1B 1B`, row two `1D Rd Rd 1D 1D`: the free 1D's are the first of each row and the
last of row two. The top one pairs with the last (the solver's way, the hint); paired with the
nearer one, the first of row two, the Rd's and the 1D's of row two block each other: a dead end."""


UNDO_SENTENCE = "Undo the last pair (also after a loss)"


async def test_a_hint_costs_30_seconds_once_a_position(tmp_path: Path) -> None:
    """A deal cleared by `i` `t` alone ranked with one cleared by looking, in a race on one
    deal (a player review filled a table of the day that way in four minutes). A hint adds
    30 s to the clock, as in GNOME Mahjongg, shown at once; `i` again on the same position
    shows the same hint for nothing."""
    layout = row_layout(3, 5)
    clock = Clock()
    async with make_app(tmp_path, clock).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, TRAP))
        assert await settled(pilot, screen) == "solvable"
        start = screen.game.elapsed(clock.now)
        await pilot.press("i")
        assert screen.game.elapsed(clock.now) == start + 30
        assert widget_lines(screen.query_one("#clock")) == ["time   0:30"]
        await pilot.press("i")
        assert screen.game.elapsed(clock.now) == start + 30
        told = "Hint: 1D + 1D, on a way to a win: t takes it."
        assert screen.query_one(StatusLine).message == told
        await pilot.press("t", "i")  # another position: another 30 s
        assert screen.game.elapsed(clock.now) == start + 60
        assert screen.query_one(StatusLine).message.startswith("Hint (+30 s): ")


TRAP_LAYOUT = row_layout(3, 5)
TRAP_WAY = ((0, 7), (1, 2), (3, 6), (4, 5))
"""The solver's way through `TRAP`: the top 1D with the last."""


def status_of(screen: MahjongScreen) -> str:
    """What the status line under the board says."""
    return screen.query_one(StatusLine).message


async def open_trap_held(pilot: Pilot[None]) -> MahjongScreen:
    """`TRAP` resumed, its start's check held (`HeldSolver`): the panel says "checking". Not
    `settle` while a check is held: it would wait for the check to fail as hung (25 s)."""
    screen = await open_game(pilot, TRAP_LAYOUT, game_of(TRAP_LAYOUT, TRAP))
    assert screen.status == "checking"
    return screen


def held_trap_app(tmp_path: Path, clock: Clock) -> tuple[LinesTuiApp, HeldSolver]:
    app = make_app(tmp_path, clock)
    solver = HeldSolver()
    app.session.solver = solver
    return app, solver


async def answer_the_check(
    pilot: Pilot[None],
    screen: MahjongScreen,
    solver: HeldSolver,
    verdict: Verdict,
    moves: tuple[Pair, ...] = (),
    error: str = "",
) -> None:
    """The check of the position on the board (the last asked) answers `verdict`, or fails
    with `error`; once the panel shows it."""
    future = solver.requests[-1][2]
    if error:
        future.set_exception(RuntimeError(error))
    else:
        future.set_result(SolveResult(verdict, moves, 5, 0.01))
    for _ in range(200):
        await pilot.pause()
        if screen.status != "checking":
            return
    raise AssertionError("the check's answer never reached the panel")


async def turned_down(pilot: Pilot[None], key: str) -> None:
    """`key`, whose question is answered `n` once it counts (as `answered` does, without
    `settle`, which waits for a held check)."""
    await pilot.press(key)
    await drawn_dialog(pilot)
    question = pilot.app.screen
    assert isinstance(question, ConfirmScreen) and question.typed_from is not None
    post_keys_at_once(pilot.app, "n", read_at=question.typed_from + 0.01)
    for _ in range(200):
        await pilot.pause()
        if not isinstance(pilot.app.screen, ConfirmScreen):
            return
    raise AssertionError("the question stayed")


async def test_a_hint_asked_while_the_position_is_checked_waits_for_the_answer(
    tmp_path: Path,
) -> None:
    """A player review: `i` pressed at once on a game resumed (or after a move), the check not
    answered yet, gave any pair, "not yet checked to lead to a win", for the position's 30 s;
    a second later the check said "solvable", and `i` again gave the pair on a way to a win for
    nothing. The hint waits for the answer, and is then given as `i` gives it after it."""
    clock = Clock()
    app, solver = held_trap_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_trap_held(pilot)
        start = screen.game.elapsed(clock.now)
        await pilot.press("i")
        assert status_of(screen) == HINT_WAITS
        assert not screen.board.hints and screen.game.elapsed(clock.now) == start
        await pilot.press("i")  # again: it still waits, and nothing is paid twice
        assert status_of(screen) == HINT_WAITS
        await answer_the_check(pilot, screen, solver, Verdict.SOLVABLE, TRAP_WAY)
        assert status_of(screen) == "Hint (+30 s): 1D + 1D, on a way to a win: t takes it."
        assert screen.board.hints == {0, 7} and screen.board.cursor == 0
        assert screen.game.elapsed(clock.now) == start + 30
        await pilot.press("i")
        assert status_of(screen) == "Hint: 1D + 1D, on a way to a win: t takes it."
        assert screen.game.elapsed(clock.now) == start + 30


@pytest.mark.parametrize(
    ("verdict", "error", "said"),
    [
        (Verdict.UNSOLVABLE, "", "Hint (+30 s): 1D + 1D (no way from here clears the board)."),
        (Verdict.UNDECIDED, "", "Hint (+30 s): 1D + 1D (not known to lead to a win)."),
        (
            Verdict.UNDECIDED,
            "the solver process ended",
            "Hint (+30 s): 1D + 1D (check failed, next move retries: the solver process ended).",
        ),
    ],
)
async def test_a_hint_waiting_for_the_check_says_what_the_check_found(
    tmp_path: Path, verdict: Verdict, error: str, said: str
) -> None:
    """A dead end, a check that gave up or one that failed: the hint comes with the answer all
    the same, saying what the check found (not "not yet checked", once it has been)."""
    clock = Clock()
    app, solver = held_trap_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_trap_held(pilot)
        start = screen.game.elapsed(clock.now)
        await pilot.press("i")
        await answer_the_check(pilot, screen, solver, verdict, error=error)
        assert status_of(screen) == said
        assert screen.board.hints == {0, 3}  # no way known: the first pair the board offers
        assert screen.game.elapsed(clock.now) == start + 30


async def test_a_hint_waiting_for_the_check_is_dropped_by_undo_esc_a_pause_or_a_question(
    tmp_path: Path,
) -> None:
    """Nothing is paid for a hint the player turned from before it came: the position changed
    (an undo; a redo alike), esc, a pause, a question over the board turned down."""
    clock = Clock()
    app, solver = held_trap_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_trap_held(pilot)
        await answer_the_check(pilot, screen, solver, Verdict.SOLVABLE, TRAP_WAY)
        await pilot.press("i", "t")  # a pair taken: its position is checked
        assert screen.game.history == [(0, 7)] and screen.status == "checking"
        paid = screen.game.elapsed(clock.now)
        for dropping in ("u", "escape", "p"):
            await pilot.press("i", dropping)
            if dropping == "u":
                await pilot.press("U")  # back on the position, checked afresh
            if dropping == "p":
                await pilot.press("p")
            await pilot.pause()
            assert app.screen is screen and screen.status == "checking", dropping
            assert status_of(screen) != HINT_WAITS, dropping
        await pilot.press("i")
        await turned_down(pilot, "R")
        assert app.screen is screen and status_of(screen) != HINT_WAITS
        await answer_the_check(pilot, screen, solver, Verdict.SOLVABLE, TRAP_WAY[1:])
        assert screen.status == "solvable" and not screen.board.hints
        assert not status_of(screen).startswith("Hint")
        assert screen.game.elapsed(clock.now) == paid


@pytest.mark.parametrize(
    "dropping",
    [
        ("right",),
        ("tab",),
        ("1", "d"),
        ("1",),
        ("5", "escape"),
        ("p",),
        ("question_mark", "escape"),
    ],
)
async def test_a_dropped_hint_is_not_given_when_the_check_answers_later(
    tmp_path: Path, dropping: tuple[str, ...]
) -> None:
    """A key that moves the cursor (an arrow, tab, a label begun, forgotten or typed whole), a
    pause or the help drops a hint waiting for the check, unpaid. An arrow got it at once and
    paid 30 s for a pair not known to lead to a win; after the help, "waiting" stayed on the
    line and no hint came; a label's first character left it waiting, paid mid-label once the
    check answered (a review). The check answers after the key, as a drop needs to be shown."""
    clock = Clock()
    app, solver = held_trap_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_trap_held(pilot)
        paid = screen.game.elapsed(clock.now)
        await pilot.press("i")
        assert status_of(screen) == HINT_WAITS
        await pilot.press(*dropping)
        assert app.screen is screen and status_of(screen) != HINT_WAITS
        await answer_the_check(pilot, screen, solver, Verdict.SOLVABLE, TRAP_WAY)
        if screen.paused:  # answered during the pause: the board back, no hint either
            await pilot.press("p")
        assert not screen.board.hints and not status_of(screen).startswith("Hint")
        assert screen.game.elapsed(clock.now) == paid


async def test_a_key_typed_on_after_a_waiting_hint_gets_it_at_once(tmp_path: Path) -> None:
    """`i` `t` in one motion takes the hinted pair, as it always did: a key that takes or
    picks gets the hint first, at once, as `i` gave it before the check answered. Only a
    player who waits gets it checked."""
    clock = Clock()
    app, _ = held_trap_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_trap_held(pilot)
        start = screen.game.elapsed(clock.now)
        await pilot.press("i", "t")
        assert screen.game.history == [(0, 3)]  # the first pair the board offered
        assert screen.game.elapsed(clock.now) == start + 30
        await pilot.press("u")  # the start again, its check stopped by the pair: checked again
        assert screen.status == "checking"
        await pilot.press("i", "enter")  # picks the hinted tile the cursor went to
        assert screen.board.hints == {0, 3} and screen.board.selected == 0


def footer_keys(screen: Screen[object]) -> list[str]:
    """The footer's keys as shown ("c Challenge"), dimmed ones marked "(dim)"."""
    shown = []
    for key in screen.query(FooterKey):
        text = str(key.render()).strip()
        shown.append(f"{text} (dim)" if key.has_class("-disabled") else text)
    return shown


async def test_t_after_a_hint_takes_the_hinted_pair_and_hints_clear_the_board(
    tmp_path: Path,
) -> None:
    layout = row_layout(3, 5)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, TRAP))
        assert await settled(pilot, screen) == "solvable"
        await pilot.press("i")
        assert screen.board.hints == {0, 7} and screen.board.cursor == 0
        # Named, as in a dead end or before the check answers (a player review: only the marks
        # showed it).
        told = "Hint (+30 s): 1D + 1D, on a way to a win: t takes it."
        assert screen.query_one(StatusLine).message == told
        await pilot.press("t")  # not the 1D under it, first in reading order
        assert screen.game.history == [(0, 7)]
        assert await settled(pilot, screen) == "solvable"
        while screen.game.present:  # README: following hints never leads into a dead end
            await pilot.press("i", "t")
            await settled(pilot, screen)
        assert screen.status == "won"


async def test_t_on_a_picked_hinted_tile_takes_the_hinted_pair(tmp_path: Path) -> None:
    layout = row_layout(3, 5)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, TRAP))
        assert await settled(pilot, screen) == "solvable"
        await pilot.press("i", "enter", "t")
        assert screen.game.history == [(0, 7)]


async def test_a_hint_drops_a_pick_outside_its_pair_so_t_takes_the_hinted_pair(
    tmp_path: Path,
) -> None:
    """Player review: with a tile picked (Fl, or a 5B of another pair), `i` then `t` did not take
    the hint the status line offered ("t takes it"): t acted on the pick ("No other free tile
    matches Fl."). The hint drops a pick that is not one of its tiles; one that is stays."""
    layout = row_layout(3, 5)
    for picked in (2, 3):  # the 1B, whose partner is covered; the 1D of another pair
        async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
            screen = await open_game(pilot, layout, game_of(layout, TRAP))
            assert await settled(pilot, screen) == "solvable"
            screen.board.cursor = picked
            await pilot.press("enter")
            assert screen.board.selected == picked
            await pilot.press("i")
            assert screen.board.selected is None and screen.board.hints == {0, 7}
            await pilot.press("t")
            assert screen.game.history == [(0, 7)]
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, TRAP))
        assert await settled(pilot, screen) == "solvable"
        screen.board.cursor = 7
        await pilot.press("enter", "i")
        assert screen.board.selected == 7  # one of the hinted pair: picked still
        await pilot.press("t")
        assert screen.game.history == [(7, 0)]


async def test_a_pair_taken_is_named_as_an_undo_names_it(tmp_path: Path) -> None:
    """Player review: taking a pair said nothing, so a `t` pressed again on the tile the cursor
    landed on took a pair the player never saw go (t takes a pair that makes no difference at
    once). The status line names it, as "Undid 1C + 1C." does."""
    layout = row_layout(3, 5)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, TRAP))
        assert await settled(pilot, screen) == "solvable"
        await pilot.press("i", "t")
        assert screen.query_one(StatusLine).message == "Took 1D + 1D."
        screen.board.cursor = 3
        await pilot.press("enter", "m", "enter")  # picked, then its partner chosen
        assert screen.game.history[-1] == (3, 6)
        assert screen.query_one(StatusLine).message == "Took 1D + 1D."


async def test_t_without_a_hint_picks_and_offers_the_partners(tmp_path: Path) -> None:
    """What the help of `t` says: with several partners, t picks the tile and jumps to one, t
    again takes that one, m shows the next."""
    layout = row_layout(3, 5)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, TRAP))
        (sentence,) = [what for keys, what, _ in key_rows(screen) if keys == "t"]
        assert "t again takes that one, m shows the next" in sentence
        await pilot.press("t")
        assert (screen.board.selected, screen.board.cursor) == (0, 3)
        assert notified(pilot.app, "t takes this one, m shows the next.")  # type: ignore[arg-type]
        await pilot.press("m")
        assert screen.board.cursor == 7
        await pilot.press("t")
        assert screen.game.history == [(0, 7)]


async def test_tab_t_takes_the_next_pair_and_tab_t_t_when_there_is_a_partner_to_choose(
    tmp_path: Path,
) -> None:
    """The README's keys: the next pair the board offers takes `tab` `t` when there is nothing to
    choose, and `tab` `t` `t` (its first partner shown) when there is."""
    layout = row_layout(3, 5)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, TRAP))
        await pilot.press("tab", "t")  # the first 1D of row two: the top one and the last free
        # Its first partner in reading order, though the cursor stood past it (on 3): `m`
        # numbers them so ("Partner 2 of 2" next).
        assert screen.game.history == [] and screen.board.selected == 3
        assert screen.board.cursor == 0
        await pilot.press("m")
        assert screen.board.cursor == 7
        assert screen.query_one(StatusLine).message.startswith("Partner 2 of 2: ")
        await pilot.press("t")
        assert screen.game.history == [(3, 7)]
    layout = row_layout(4)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "b1 d1 d1 b1"))
        await pilot.press("tab", "t")  # the two 1B at the row's ends: nothing to choose
        assert screen.game.history == [(3, 0)]  # from the first, tab goes on to the last


async def test_m_says_which_partner_it_shows_while_the_choice_is_open(tmp_path: Path) -> None:
    """`m` moved to the other partner and left the status line blank: the instructions t gave
    ("t takes this one, m shows the next.") were gone while the choice was still open. It now
    says which partner the cursor is on, in reading order, and the keys again."""
    layout = row_layout(3, 5)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, TRAP))
        await pilot.press("t")  # the top 1D picked; its partners: the first and last of row two
        assert (screen.board.selected, screen.board.cursor) == (0, 3)
        for cursor, told in ((7, "Partner 2 of 2"), (3, "Partner 1 of 2")):
            await pilot.press("m")
            assert screen.board.cursor == cursor
            message = screen.query_one(StatusLine).message
            assert message == f"{told}: t takes this one, m shows the next.", message
        await pilot.press("t")
        assert screen.game.history == [(0, 3)]


async def test_escape_forgets_a_half_typed_label_before_it_leaves(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("turtle"))
        await pilot.press("g")
        assert notified(app, "g…: the label's second character.")
        await pilot.press("escape")
        assert app.screen is screen
        assert screen.query_one(StatusLine).message == ""
        await pilot.press("d")  # no longer a label's second character: no key at all
        assert screen.query_one(StatusLine).message == STRAY_D
        await pilot.press("escape")
        assert app.screen is not screen


STRAY_D = "d is no key or label here: ? shows the keys."


@pytest.mark.parametrize("key", ["x", "z", "d", "X"])
async def test_a_letter_that_is_no_key_and_starts_no_label_says_so(
    tmp_path: Path, key: str
) -> None:
    """x or z in a game said nothing, and the line of the key before stayed, where Lines says
    that a letter is no key there (a player's test)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("turtle"))
        await pilot.press("tab")
        await pilot.press(key)
        assert app.screen is screen
        assert screen.query_one(StatusLine).message == STRAY_D.replace("d", key, 1)


@pytest.mark.parametrize(("key", "opens"), [("q", MenuScreen), ("question_mark", HelpScreen)])
async def test_q_and_help_act_after_a_half_typed_label(
    tmp_path: Path, key: str, opens: type[Screen[Any]]
) -> None:
    """w then q said "No tile is labelled wq." and the game stayed, though the Footer says q
    goes to the menu and no label ends in q (a player's test); so did ? for the help."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot, find_layout("turtle"))
        await pilot.press("w", key)
        await settle(pilot)
        assert isinstance(app.screen, opens)


async def test_the_glyph_and_symbol_keys_say_what_they_did(tmp_path: Path) -> None:
    layout = row_layout(6)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "dr d1 b1 d1 b1 dr"))
        assert await settled(pilot, screen) == "dead end"  # its warning is said and done
        await pilot.press("G")
        assert notified(app, "Unicode tiles on; if columns drift, G turns them off.")
        await pilot.press("G")
        assert notified(app, "Letter labels again (G: Unicode tiles).")
        await pilot.press("S")
        assert notified(app, "Symbols on: after a loss every tile shows an x.")
        assert "f" not in MahjongScreen.SYMBOLS_NOTE.split()  # f starts a label here
        await pilot.press("enter", "m", "enter")  # the red dragons: now lost
        board = screen.board
        first = board.tile_region(0)
        assert board.render_line(first.y).text[first.x :].count("x") == 4


async def test_a_label_with_no_tile_left_says_whether_the_deal_ever_had_one(
    tmp_path: Path,
) -> None:
    """Lantern never deals a red dragon, yet typing rd there said "No Rd is left."."""
    layout = row_layout(2, 2)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot, layout, game_of(layout, "d1 d1 b1 b1"))
        await pilot.press("r", "d")
        assert notified(app, "This deal has no Rd.")
        await pilot.press("1", "d", "t")  # the two 1D's: taken
        await pilot.press("1", "d")
        assert notified(app, "All 2 1D are taken.")


async def test_a_label_typed_as_the_board_writes_it_jumps_unless_its_capital_is_a_key(
    tmp_path: Path,
) -> None:
    """The board writes Ew and Ww: typed so (shift+e, w), nothing happened and nothing was said.
    A capital that is a key of its own (R: Restart, G, F, N, S) stays that key."""
    layout = row_layout(2, 2, 2)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 d1 wE wE wW wW"))
        for typed, tiles in ((("E", "w"), (2, 3)), (("W", "W"), (4, 5)), (("e", "W"), (2, 3))):
            await pilot.press(*typed)
            await settle(pilot)
            assert screen.board.cursor in tiles, typed
        await pilot.press("G")  # the glyphs key, not a label's start
        assert notified(app, "Unicode tiles on; if columns drift, G turns them off.")


async def test_after_a_loss_the_footer_leaves_out_the_keys_about_pairs_to_take(
    tmp_path: Path,
) -> None:
    """After a loss the Footer still offered tab, t and i, which can only say there is no pair:
    they are dimmed in the help now, and the Footer shows undo and the new deal."""
    from test_ui_scores import dimmed_keys_of

    layout = row_layout(3, 5)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        # A deal that can be cleared, lost by its trap (on a deal dead from its start the loss
        # offers only a new deal, and says so whenever its check has answered).
        screen = await open_game(pilot, layout, game_of(layout, TRAP))
        for pair in ((0, 3), (1, 2)):  # the nearer 1D, then the 1B's: now lost
            for tile in pair:
                screen.board.cursor = tile
                await pilot.press("enter")
        await settle(pilot)
        assert screen.game.lost
        shown = " ".join(footer_keys(screen))
        assert "Pair" not in shown and "t Take" not in shown and "i Hint" not in shown, shown
        assert "u Undo" in shown and "N New deal" in shown, shown
        assert {"tab", "t", "i"} <= set(dimmed_keys_of(screen))
        lost = screen.query_one(StatusLine).message
        assert lost in LOST_IN_THE_TRAP
        for key in ("tab", "t", "i"):  # one line for all three: what to do now
            await pilot.press(key)
            assert screen.query_one(StatusLine).message == lost, key
        await pilot.press("u")  # undone: a pair to take again
        await settle(pilot)
        assert "i Hint" in " ".join(footer_keys(screen))


async def test_undoing_into_a_known_dead_end_says_so_again(tmp_path: Path) -> None:
    layout = row_layout(4, 2, 2)
    # Row one (1D 1B 1D 1B) can never be cleared; the two pairs below can still be taken.
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 b1 d1 b1 dr dr dw dw"))
        assert await settled(pilot, screen) == "dead end"
        screen.board.cursor = 4
        await pilot.press("t")
        assert screen.game.tiles_left == 6
        assert await settled(pilot, screen) == "dead end"
        # The deal was found dead from its start: no undo leads out, only a new deal (it said
        # "Undo (u)", which cannot help).
        assert notified(app, DEAD_DEAL_WARNING)
        status_line = screen.query_one(StatusLine)
        status_line.say("")
        pair = f"{tile_label(screen.game, 4)} + {tile_label(screen.game, 5)}"
        await pilot.press("u")  # back to the first position, proved a dead end before
        assert screen.status == "dead end"
        assert status_line.message == f"Undid {pair}: {NEVER_CLEARED}"  # the pair named
        status_line.say("")
        await pilot.press("U")
        assert status_line.message == f"Redid {pair}: {NEVER_CLEARED}"


async def test_a_loss_on_a_deal_dead_from_its_start_offers_a_new_deal_only(
    tmp_path: Path,
) -> None:
    """Player review: playing a deal proved dead at its start on to the end said "No pair left
    to take. Undo (u) or start a new deal (N).", though no undo can help there."""
    layout = row_layout(4, 2, 2)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 b1 d1 b1 dr dr dw dw"))
        assert await settled(pilot, screen) == "dead end"
        for tile in (4, 6):
            screen.board.cursor = tile
            await pilot.press("t")
        assert screen.game.lost
        status_line = screen.query_one(StatusLine)
        assert status_line.message == DEAD_DEAL_LOST
        await pilot.press("u", "U")  # the loss again by a redo, the pair named
        pair = f"{tile_label(screen.game, 6)} + {tile_label(screen.game, 7)}"
        assert status_line.message == f"Redid {pair}: no pair left; only a new deal helps (N)."


async def test_undo_shows_in_the_footer_once_there_is_a_pair_to_undo(tmp_path: Path) -> None:
    """u shows while there is a pair to undo, U while there is one to redo (`keys_that_act`);
    the help lists both all the while, dimmed while they have nothing to act on."""
    layout = row_layout(4)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 b1 b1 d1"))
        assert not {"u", "U"} & footer_key_names(screen)
        assert help_row_of(screen, "u") == ("u", UNDO_SENTENCE, False)
        assert help_row_of(screen, "U") == ("U", "Redo the pair undone last", False)
        assert help_row_of(screen, "m") is not None and help_row_of(screen, "R") is not None
        await pilot.press("t")  # the 1D's at both ends
        await pilot.pause()
        assert "u Undo" in footer_keys(screen) and "U" not in footer_key_names(screen)
        assert help_row_of(screen, "u") == ("u", UNDO_SENTENCE, True)
        await pilot.press("u")
        await pilot.pause()
        assert "U Redo" in footer_keys(screen) and "u" not in footer_key_names(screen)


def footer_key_names(screen: Screen[object]) -> set[str]:
    return {key.key for key in screen.query(FooterKey)}


def help_row_of(screen: Screen[object], key: str) -> tuple[str, str, bool] | None:
    """The help's row (keys, sentence, usable now) that lists `key`, if any."""
    return next((row for row in key_rows(screen) if key in row[0].split()), None)


async def test_undo_and_redo_with_nothing_to_act_on_say_so(tmp_path: Path) -> None:
    """u and U leave the Footer while they have nothing to act on; pressed then, they did
    nothing at all."""
    layout = row_layout(4)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 b1 b1 d1"))
        await pilot.press("u")
        assert notified(app, NOTHING_TO_UNDO)
        await pilot.press("U")
        assert notified(app, NOTHING_TO_REDO)
        assert screen.game.tiles_left == 4


async def test_the_footer_shows_the_keys_that_act_during_play(tmp_path: Path) -> None:
    """U while a pair can be redone, m while the picked tile has several partners, N and R
    during play (R once there is play to lose): they showed only after a win, or never; and
    every key that acts fits 80 columns, all at once too."""
    layout = row_layout(3, 5)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, TRAP))
        await pilot.pause()
        shown = footer_key_names(screen)
        assert "N" in shown and not {"R", "u", "U", "m"} & shown, shown
        await pilot.press("t")  # the top 1D, with two partners: m shows the next
        await pilot.pause()
        assert screen.board.selected is not None and "m" in footer_key_names(screen)
        await pilot.press("t")  # taken
        await pilot.pause()
        shown = footer_key_names(screen)
        assert {"N", "R", "u"} <= shown and not {"U", "m"} & shown, shown
        await pilot.press("u")  # undone: U redoes it
        screen.board.cursor = 0
        await pilot.press("t")  # and picked again
        await pilot.pause()
        shown = footer_key_names(screen)
        assert {"N", "R", "U", "m"} <= shown and "u" not in shown, shown
        assert cut_footer_labels(screen) == []


async def with_a_pair_to_undo_and_one_to_redo(pilot: Pilot[None]) -> MahjongScreen:
    """Turtle deal 3 with two pairs taken by hint and the second undone: u and U both act."""
    screen = await open_game(pilot, find_layout("turtle"), seed=3)
    await pilot.press("i", "t", "i", "t", "u")
    await settle(pilot)
    return screen


async def test_every_mahjong_key_that_acts_at_once_fits_80_columns(tmp_path: Path) -> None:
    """u, U and m acting together with the rest: the widest footer of play."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await with_a_pair_to_undo_and_one_to_redo(pilot)
        game = screen.game
        free = [tile for tile in range(game.present.bit_length()) if game.free_mask() >> tile & 1]
        screen.board.cursor = next(t for t in free if game.free_matches(t).bit_count() >= 2)
        await pilot.press("t")  # picked, with several partners
        await settle(pilot)
        assert {"u", "U", "m", "N", "R", "t", "i", "p", "q"} <= footer_key_names(screen)
        assert cut_footer_labels(screen) == []


async def test_a_wide_terminal_gives_each_mahjong_key_its_own_label(tmp_path: Path) -> None:
    """At 120 columns the Footer kept the labels shared for 80 ("u U Undo", "N R Deal")."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await with_a_pair_to_undo_and_one_to_redo(pilot)
        spelled_out = {"u Undo", "U Redo", "N New deal", "R Restart deal"}
        assert not spelled_out & set(footer_keys(screen))  # u U Undo, N R Deal: shared labels
        await pilot.resize_terminal(140, 40)
        await settle(pilot)
        shown = set(footer_keys(screen))
        assert spelled_out <= shown, shown
        assert cut_footer_labels(screen) == []
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not spelled_out & set(footer_keys(screen))
        assert cut_footer_labels(screen) == []


def one_pair_left(layout_name: str = "lantern", seed: int = 1) -> MahjongGame:
    """A deal with every pair of the solver's winning sequence taken but the last."""
    game = MahjongGame.new(find_layout(layout_name), seed, now=START)
    for pair in solve(game.position).moves[:-1]:
        game.remove(*pair, now=START)
    return game


async def open_one_pair_left(pilot: Pilot[None], choice: DealChoice | None = None) -> MahjongScreen:
    """The game of `one_pair_left` opened, dealt as `choice` (a deal of the day) if given."""
    game = one_pair_left()
    if choice is not None:
        game.deal_choice = choice
    return await open_game(pilot, game.layout, game, seed=game.seed)


async def win_it(pilot: Pilot[None], clock: Clock, screen: MahjongScreen) -> None:
    """Take the last pair of `one_pair_left` 42 s in, and turn its time down at the name prompt
    the win asks with: the won board is on top."""
    clock.now += 42
    await pilot.press("t")  # the last pair: won, and the name entry asks for the time
    await settle(pilot)
    assert isinstance(pilot.app.screen, NameEntryScreen)
    await turn_down_the_time(pilot)
    assert pilot.app.screen is screen and screen.game.won
    await pilot.pause()


async def test_a_won_deal_shows_its_challenge_key_with_help_in_80_columns(tmp_path: Path) -> None:
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_one_pair_left(pilot)
        await win_it(pilot, clock, screen)
        keys = footer_keys(screen)
        assert "c Challenge" in keys and "? Help" in keys
        assert not {"t Take", "i Hint", "p Pause", "u Undo (dim)"} & set(keys)
        assert cut_footer_labels(screen) == []
        await pilot.press("R")  # a won deal is not in progress: no question
        await pilot.pause()
        assert not screen.game.won
        keys = footer_keys(screen)
        assert "c Challenge" not in keys and "t Take" in keys
        await pilot.press("c")
        assert app.screen is screen


async def test_c_before_a_win_is_listed_dimmed_and_says_why_there_is_no_code(
    tmp_path: Path,
) -> None:
    """The help never listed c before a win (u, U, m and R were, dimmed), and pressed it did
    nothing. Now dimmed in the help, out of the Footer, and pressed it says why; won, the
    Footer shows "c Challenge" as before."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_one_pair_left(pilot)
        await pilot.pause()
        challenge = "After a win: a challenge code, so a friend plays this very deal"
        assert help_row_of(screen, "c") == ("c", challenge, False)
        assert "c" not in footer_key_names(screen)
        await pilot.press("c")
        assert app.screen is screen and notified(app, NO_CHALLENGE_YET)
        await win_it(pilot, clock, screen)
        assert help_row_of(screen, "c") == ("c", challenge, True)
        assert "c Challenge" in footer_keys(screen)


async def test_c_on_a_deal_of_the_day_won_before_midnight_says_its_day_is_over(
    tmp_path: Path,
) -> None:
    """A deal of the day won at 23:59 and its c pressed after midnight gave a code a friend's
    copy refused to play: the day's table takes no new results. c now leaves the Footer then,
    and says why."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        day = utc_day(START)
        screen = await open_one_pair_left(pilot, daily(day))
        await win_it(pilot, clock, screen)
        assert "c Challenge" in footer_keys(screen)
        clock.now += 86_400
        screen.refresh_bindings()  # the Footer as it is drawn next
        await pilot.pause()
        assert "c Challenge" not in footer_keys(screen)
        await pilot.press("c")
        assert app.screen is screen
        assert notified(app, f"No challenge code for this win: the deal of {day} is over")


async def test_an_open_deal_of_the_day_is_named_for_its_date_once_midnight_passes(
    tmp_path: Path,
) -> None:
    """Played on past midnight (UTC), the panel still said "today's deal" of a deal whose table
    takes no new results, where the menu and a resume said "deal of 01-01"."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_one_pair_left(pilot, daily(utc_day(START)))
        deal = screen.query_one("#deal", Static)
        assert str(deal.render()) == "today's deal"
        clock.now += 86_400
        await pilot.pause(1.2)  # the clock's next second
        assert str(deal.render()) == f"deal of {utc_day(START)[5:]}"


async def test_the_keys_of_the_tiles_on_a_cleared_board_say_it_is_cleared(
    tmp_path: Path,
) -> None:
    """Won, t, u, i, p, the arrows and a label's first letter did nothing and said nothing
    (Lines says its game is over); the help no longer listed them. Now each says what is left
    to do, the help lists them dimmed, and `s` still switches no symbols."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_one_pair_left(pilot)
        await win_it(pilot, clock, screen)
        for key in ("t", "u", "i", "p"):
            row = help_row_of(screen, key)
            assert row is not None and not row[2], key  # listed, dimmed
        symbols = app.symbols_mode
        for key in ("t", "u", "i", "p", "left", "tab", "enter", "s"):
            screen.query_one(StatusLine).say("")
            await pilot.press(key)
            await settle(pilot)
            assert app.screen is screen, key
            said = screen.query_one(StatusLine).message.replace(NO_BREAK, " ")
            assert "This deal is cleared: c challenges a friend, N deals" in said, key
        assert app.symbols_mode == symbols and screen.game.won and not screen.paused
        assert "q goes back to the menu." in said


async def test_the_cleared_boards_note_keeps_each_key_with_its_word(tmp_path: Path) -> None:
    """A helper's test: at 82 columns the cleared board's note ("This deal is cleared: c
    challenges a friend, N deals a new one, …") could end a row with a key alone, its meaning
    beginning the next."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_one_pair_left(pilot)
        await win_it(pilot, clock, screen)
        await pilot.press("t")
        for width in range(80, 121):
            await pilot.resize_terminal(width, 24)
            await settle(pilot)
            rows = [row.rstrip() for row in widget_lines(screen.query_one(StatusLine))]
            assert "".join(rows).replace(" ", "").startswith("Thisdealiscleared:c")
            lone_keys = [row for row in rows if row.split()[-1:] in (["c"], ["N"], ["R"], ["q"])]
            assert not lone_keys, (width, rows)


async def test_the_game_and_its_parts_read_the_apps_clock_through_the_screen(
    tmp_path: Path,
) -> None:
    """`GameScreen.now` is the one clock the screen and its parts read: the app's."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("turtle"))
        clock.now += 42
        assert screen.now() == clock.now
        assert screen.elapsed() == 42


async def test_the_clock_stops_while_help_or_the_enlarge_cover_hides_the_board(
    tmp_path: Path,
) -> None:
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("turtle"))
        clock.now += 30
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        clock.now += 600
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert screen.game.elapsed(clock.now) == 30
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        clock.now += 600
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen is screen
        clock.now += 5
        assert screen.game.elapsed(clock.now) == 35
        assert not screen.has_class("-paused")  # not the player's pause: the board shows


async def test_a_question_over_a_mahjong_game_tells_s_as_mahjong_does(tmp_path: Path) -> None:
    """The dialogs over a Mahjong board (here N's question) described `s` with the Lines
    sentence, "every colour also gets its letter", in their help and their notice."""
    layout = row_layout(4)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot, layout, game_of(layout, "d1 b1 b1 d1"))
        await pilot.press("t", "N")  # a pair taken: N asks first
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        mahjong = f"Symbols on or off: {MAHJONG_SYMBOLS_NOTE}"
        assert help_row_of(app.screen, "s") == ("s", mahjong, True)
        await pilot.press("s")  # told on the game's status line, which the question leaves seen
        await settle(pilot)
        told = app.screen_stack[-2].query_one(StatusLine).message
        assert told == f"Symbols on: {MAHJONG_SYMBOLS_NOTE}."


ALL_KEYS_ROWS = row_layout(2, 2, 2, 2, 2, 2)
ALL_KEYS_FACES = "d1 b1 d1 b1 c1 e1 c1 e1 c1 f1 c1 f1"
"""Six rows of two free tiles: two pairs to take (then undo one: u and U both act), and four
1C's, so a picked 1C has several partners (m acts)."""


async def every_key_acting(pilot: Pilot[None]) -> MahjongScreen:
    """A game where every key of the Footer acts at once: its widest Footer."""
    screen = await open_game(pilot, ALL_KEYS_ROWS, game_of(ALL_KEYS_ROWS, ALL_KEYS_FACES))
    await pilot.press("t", "t", "u")
    screen.board.cursor = next(
        tile for tile in bits(screen.game.present) if screen.game.position.faces[tile] == "c1"
    )
    await pilot.press("enter")
    await pilot.pause()
    return screen


async def test_the_keys_that_act_are_known_with_the_board_gone(tmp_path: Path) -> None:
    """CI on a loaded machine: enter twice at once in the layout picker closed the game as it
    opened, and its Footer, composed then, asked which keys act; `m` asked for the picked tile
    of a board no longer there, and the app ended with NoMatches."""
    layout = row_layout(3, 5)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, TRAP))
        await screen.board.remove()
        acting = {a.binding.action for a in screen.active_bindings.values() if a.enabled}
        assert "match" not in acting and "hint" in acting  # nothing picked: no partner to show


async def test_a_terminal_the_game_fits_shows_every_key_whole(tmp_path: Path) -> None:
    """On a small layout at 60 x 20 the game went on with its Footer cut mid-word ("N R Dea",
    q Menu and ? Help gone) and no "please enlarge": the width the game needs counts its keys."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await every_key_acting(pilot)
        width, height = screen.min_size
        assert width > 60  # the board alone needs 24 + 16 columns
        assert {"u", "U", "m", "R"} <= footer_key_names(screen)
        await pilot.resize_terminal(width, height)
        await settle(pilot)
        assert pilot.app.screen is screen and cut_footer_labels(screen) == []
        await pilot.resize_terminal(width - 1, height)
        await settle(pilot)
        assert isinstance(pilot.app.screen, TooSmallScreen)


async def test_keys_that_come_back_ask_for_their_width_again(tmp_path: Path) -> None:
    """Paused, the game asks only for the width of p, q and ?; unpaused at 77 columns it played
    on with its Footer cut ("? He"), as a won deal played again did at 60 x 18."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await every_key_acting(pilot)
        await pilot.press("p")
        await pilot.resize_terminal(77, 24)
        await settle(pilot)
        assert pilot.app.screen is screen and screen.paused  # its few keys fit
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(pilot.app.screen, TooSmallScreen)
        assert not screen.paused


async def test_leaving_from_the_enlarge_message_leaves_no_message_of_the_game(
    tmp_path: Path,
) -> None:
    """esc on a game's enlarge message left the game, but its message ("79 x 18 ... The game is
    kept") stayed over the menu, even once the terminal fitted the menu."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("turtle"))
        await pilot.resize_terminal(70, 20)
        await settle(pilot)
        guard = app.screen
        assert isinstance(guard, TooSmallScreen)
        assert help_row_of(guard, "s") == ("s", f"Symbols on or off: {MAHJONG_SYMBOLS_NOTE}", True)
        await pilot.press("escape")
        await settle(pilot)
        assert screen not in app.screen_stack
        message = str(app.screen.query_one("#too-small-message").render())
        assert message.startswith("Please enlarge the terminal to 80 x 18 (now 70 x 20).")
        await pilot.resize_terminal(80, 20)
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_undo_and_redo_say_what_they_did_and_what_became_of_the_pick(
    tmp_path: Path,
) -> None:
    """u or U with a tile picked put a pair back (or took it again) and left the status line
    empty, the pick still shown. They now name the pair, and the pick stays while the tile can
    still be taken (saying what t does), or is dropped, saying why."""
    layout = row_layout(3, 5)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, TRAP))
        assert await settled(pilot, screen) == "solvable"
        await pilot.press("t", "m", "t")  # the top 1D with the last of row two
        screen.board.cursor = 1
        await pilot.press("t")  # the two 1B's
        assert screen.game.history == [(0, 7), (1, 2)]
        await settled(pilot, screen)
        screen.board.cursor = 6
        await pilot.press("enter")  # the last 1D of row two, picked
        assert screen.board.selected == 6
        await pilot.press("u")
        assert notified(app, "Undid 1B + 1B; 1D stays picked: t takes a pair.")
        assert screen.board.selected == 6
        await pilot.press("u")  # the last tile of row two back: the picked 1D is blocked
        assert notified(app, "Undid 1D + 1D: 1D is blocked both sides, no longer picked.")
        assert screen.board.selected is None
        await settled(pilot, screen)
        screen.board.cursor = 0
        await pilot.press("enter", "U")  # the picked 1D taken again
        assert notified(app, "Redid 1D + 1D, the picked tile with them.")
        assert screen.board.selected is None
        await settled(pilot, screen)
        await pilot.press("U")
        assert notified(app, "Redid 1B + 1B.")
