"""The dead-end check on the Mahjong screen (#12 items 11 and 12): a failed check shows itself and
the next move retries; a hung solver process fails the check and is replaced; one solver process
serves the whole app and ends with it."""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import json
import multiprocessing
import os
import signal
import sys
import warnings
from collections.abc import Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import TextIO

import pytest
from conftest import answered, screen_after, session_of, settle, widget_lines
from test_solver_process import solver_processes, wait_until_no_solver_process
from test_ui_mahjong import game_of, make_app, open_dead_row, open_game, row_layout, settled
from test_ui_notices import status_shown
from test_ui_solvable_deals import HeldSolver, held_app
from textual.pilot import Pilot

from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solver import Pair, SolveResult, Verdict
from lines_tui.engine.mahjong.solver_process import BackgroundSolver
from lines_tui.ui.dialogs import ConfirmScreen
from lines_tui.ui.help import HelpScreen
from lines_tui.ui.mahjong.dead_end import DeadEndCheck
from lines_tui.ui.mahjong.screen import MahjongScreen
from lines_tui.ui.mahjong.status import (
    DEAD_DEAL_WARNING,
    DEAD_END_WARNING,
    NEVER_CLEARED,
    WAY_BACK_NOT_FOUND,
)
from lines_tui.ui.mahjong.tile_text import tile_label
from lines_tui.ui.solving import SolverHung, solve_in_background
from lines_tui.ui.status_line import StatusLine


class FailingFirst(BackgroundSolver):
    """A solver process that fails its first checks: the first cannot even be sent, the second
    comes back with an error (the process died); then it works."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def submit(
        self,
        position: Position,
        previous: Sequence[Pair] | None = None,
        timeout: float | None = 10.0,
        node_limit: int | None = None,
        *,
        queued: bool = False,
    ) -> Future[SolveResult]:
        self.calls += 1
        if self.calls == 1:
            raise OSError("cannot start the solver process")
        if self.calls == 2:
            failed: Future[SolveResult] = Future()
            failed.set_exception(RuntimeError("the solver process ended"))
            return failed
        return super().submit(position, previous, timeout, node_limit, queued=queued)


def shown(screen: MahjongScreen) -> str:
    """The status line under the board as drawn."""
    return "".join(widget_lines(screen.query_one(StatusLine))).strip()


async def test_a_failed_check_says_so_and_the_next_move_checks_again(tmp_path: Path) -> None:
    layout = row_layout(2, 2, 2)
    app = make_app(tmp_path)
    solver = FailingFirst()
    async with app.run_test(size=(80, 24)) as pilot:
        session = dataclasses.replace(session_of(pilot), solver=solver)
        screen = MahjongScreen(session, layout, 1, game=game_of(layout, "d1 d1 b1 b1 dr dr"))
        await app.push_screen(screen)
        assert await settled(pilot, screen) == "check failed"
        # A reason too long for the line is cut, never what the next move does.
        assert shown(screen).startswith("Check failed (next move retries): cannot start")
        await pilot.press("u")  # nothing to undo: no new position, no new check
        screen.board.cursor = 0
        await pilot.press("enter", "m", "enter")  # a pair taken: checked again, fails again
        assert await settled(pilot, screen) == "check failed"
        # The whole notice shows at 80 x 24 (it was cut before "the next move retries.").
        assert shown(screen) == "Check failed (next move retries): the solver process ended."
        await pilot.press("p", "p")  # the board back from a pause: so is the notice
        assert shown(screen) == "Check failed (next move retries): the solver process ended."
        await pilot.press("u")  # back: checked again, and this time it works
        assert await settled(pilot, screen) == "solvable"
    solver.shutdown()


async def test_one_solver_process_serves_every_mahjong_screen_and_ends_with_the_app(
    tmp_path: Path,
) -> None:
    layout = row_layout(4, 2)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        session = session_of(pilot)
        assert session.solver is None  # made on first use, not before
        first = await open_game(pilot, layout, game_of(layout, "d1 b1 b1 d1 dr dr"))
        solver = session.background_solver()
        assert await settled(pilot, first) == "solvable"
        pid = solver.pid
        assert pid is not None
        await pilot.press("q")
        await pilot.pause()
        assert solver.pid == pid  # leaving a game keeps the process for the next one
        second = await open_dead_row(pilot)
        assert await settled(pilot, second) == "dead end"
        assert solver.pid == pid
        assert len(solver_processes()) == 1
    wait_until_no_solver_process()


@pytest.mark.filterwarnings("error::RuntimeWarning")
@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
async def test_a_check_replaced_before_it_starts_leaves_nothing_unawaited(tmp_path: Path) -> None:
    """Two checks asked for in one go (two moves in one burst of keys): the first is replaced
    before its worker ever runs, and must leave no coroutine behind that nobody awaits."""
    layout = row_layout(4, 2)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 b1 b1 d1 dr dr"))
        assert await settled(pilot, screen) == "solvable"
        position = screen.game.position
        fresh = DeadEndCheck(screen.dead_end.solver, lambda outcome: None)
        fresh.check(screen, position)
        fresh.check(screen, position)  # the first check's worker has not started
        await settle(pilot)
        gc.collect()


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs POSIX signals")
async def test_a_hung_solver_process_fails_the_check_and_the_next_move_gets_a_fresh_one(
    tmp_path: Path,
) -> None:
    """The app waited for the solver process without a limit: one that hung (here stopped with
    SIGSTOP) left the panel saying "checking" for good."""
    layout = row_layout(2, 2, 2)
    app = make_app(tmp_path)
    solver = BackgroundSolver()
    hung = None
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            session = dataclasses.replace(session_of(pilot), solver=solver)
            game = game_of(layout, "d1 d1 b1 b1 dr dr")
            screen = MahjongScreen(session, layout, 1, game=game, check_time=0.5)
            await app.push_screen(screen)
            assert await settled(pilot, screen) == "solvable"
            hung = solver.pid
            assert hung is not None
            os.kill(hung, signal.SIGSTOP)
            screen.board.cursor = 0
            await pilot.press("enter", "m", "enter")  # a pair taken: the check never answers
            assert await settled(pilot, screen) == "check failed"
            assert shown(screen) == "Check failed (next move retries): the solver took over 5.5 s."
            for _ in range(1200):  # the hung process is killed, on a thread of its own
                if hung not in {child.pid for child in multiprocessing.active_children()}:
                    break
                await pilot.pause(0.05)
            assert hung not in {child.pid for child in multiprocessing.active_children()}
            screen.board.cursor = 2
            await pilot.press("enter", "m", "enter")  # another pair: checked by a fresh process
            assert await settled(pilot, screen) == "solvable"
            assert solver.pid not in (None, hung)
    finally:
        for child in multiprocessing.active_children():
            if child.pid == hung:
                child.kill()  # a regression must not leave a stopped process behind
        solver.shutdown()


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs POSIX signals")
async def test_a_hung_solver_fails_a_check_even_while_every_move_asks_a_new_one() -> None:
    """Each check waited its own time for an answer and a move cancels the check before it, so
    a player who moved every few seconds never saw a hung solver fail: the panel said
    "checking" for good. The silence is counted from the oldest request the process owes."""
    solver = BackgroundSolver()
    position = deal(find_layout("turtle"), 5)
    try:
        await solve_in_background(solver, position, within=60.0)
        assert solver.pid is not None
        os.kill(solver.pid, signal.SIGSTOP)
        check: asyncio.Future[SolveResult] | None = None
        for _ in range(25):  # a move every 0.4 s, each cancelling the check before it
            if check is not None:
                check.cancel()
            check = asyncio.ensure_future(solve_in_background(solver, position, within=1.0))
            await asyncio.sleep(0.4)
            if check.done():
                break
        assert check is not None and check.done()
        with pytest.raises(SolverHung):
            check.result()
    finally:
        solver.shutdown()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
async def test_a_solver_started_again_writes_nothing_over_the_screen(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """A solver process starts with the real standard error at hand; with multiprocessing's
    resource tracker gone (killed), starting one warned on the terminal, over the board."""
    from multiprocessing import resource_tracker

    position = deal(find_layout("turtle"), 5)
    solver = BackgroundSolver()
    try:
        await solve_in_background(solver, position, within=60.0)
        solver.shutdown()
        tracker = resource_tracker._resource_tracker._pid  # the standard library's own
        assert tracker is not None
        os.kill(tracker, signal.SIGKILL)
        os.waitpid(tracker, 0)
        capfd.readouterr()
        with warnings.catch_warnings():
            # Shown as outside pytest: written to sys.stderr, as the app's warnings are.
            warnings.simplefilter("always")
            warnings.showwarning = shown_on_stderr
            await solve_in_background(solver, position, within=60.0)
        assert capfd.readouterr().err == ""
    finally:
        solver.shutdown()


def shown_on_stderr(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


async def test_a_deal_dead_from_its_start_says_so_though_its_first_check_was_stopped(
    tmp_path: Path,
) -> None:
    """A pair taken before the start's check answered stopped that check: the dead end that
    followed said to undo, though the deal could never be cleared (a player review). Looking
    for where the dead end began checks the start again."""
    layout = row_layout(4, 2, 2)
    # Row one, 1D 1B 1D 1B, can never be cleared; the dragons' pairs apart can be taken.
    game = game_of(layout, "d1 b1 d1 b1 dr dr dg dg")
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game)
        start = solver.requests[-1][0]
        assert start.present == game.position.geometry.all_present
        screen.board.cursor = 4
        await pilot.press("enter")
        screen.board.cursor = 5
        await pilot.press("enter")  # before the start's check answered
        position, _, check = solver.requests[-1]
        assert position.present == screen.game.present
        check.set_result(SolveResult(Verdict.UNSOLVABLE, (), 5, 0.01))
        await pilot.pause()
        await pilot.pause()
        assert screen.status == "dead end"
        assert status_shown(app) == DEAD_END_WARNING  # not yet "undo"
        position, _, check = solver.requests[-1]
        assert position.present == start.present  # the start, checked again
        check.set_result(SolveResult(Verdict.UNSOLVABLE, (), 5, 0.01))
        await pilot.pause()
        await pilot.pause()
        assert screen.game.dead_from_start
        assert status_shown(app) == DEAD_DEAL_WARNING


async def into_a_dead_end(pilot: Pilot[None], solver: HeldSolver) -> MahjongScreen:
    """A game whose red dragons, taken before the start's check answered, lead into a dead end;
    it is told, and the start is checked again to find where it began."""
    layout = row_layout(4, 2, 2)
    screen = await open_game(pilot, layout, game_of(layout, "d1 b1 d1 b1 dr dr dg dg"))
    screen.board.cursor = 4
    await pilot.press("enter")
    screen.board.cursor = 5
    await pilot.press("enter")
    solver.requests[-1][2].set_result(SolveResult(Verdict.UNSOLVABLE, (), 5, 0.01))
    await pilot.pause()
    await pilot.pause()
    assert status_shown(pilot.app) == DEAD_END_WARNING
    return screen


async def test_a_dead_end_whose_beginning_the_check_cannot_find_says_so(tmp_path: Path) -> None:
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_a_dead_end(pilot, solver)
        solver.requests[-1][2].set_exception(RuntimeError("the solver process ended"))
        await pilot.pause()
        await pilot.pause()
        assert screen.status == "dead end" and not screen.game.dead_from_start
        assert status_shown(app) == WAY_BACK_NOT_FOUND
        await pilot.press("p", "p")  # it said "Finding where it began…" again
        assert status_shown(app) == WAY_BACK_NOT_FOUND


async def test_where_a_dead_end_began_found_during_a_pause_is_said_once_the_board_is_back(
    tmp_path: Path,
) -> None:
    """The answer showed under "Paused." over the hidden board (a code review)."""
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_a_dead_end(pilot, solver)
        await pilot.press("p")
        assert screen.paused and status_shown(app) == ""
        assert not screen.query_one("#status").visible  # nor the panel's (a player re-check)
        solver.requests[-1][2].set_result(SolveResult(Verdict.SOLVABLE, (), 5, 0.01))
        await pilot.pause()
        await pilot.pause()
        assert status_shown(app) == ""
        await pilot.press("p")
        assert status_shown(app) == "Dead end since Rd + Rd: undo 1 pair (u) to get back."
        assert screen.query_one("#status").visible


async def found_where_it_began(pilot: Pilot[None], solver: HeldSolver) -> MahjongScreen:
    """`into_a_dead_end`, its start answered as one that can be cleared: the red dragons led
    into the dead end, and the warning says to undo them."""
    screen = await into_a_dead_end(pilot, solver)
    solver.requests[-1][2].set_result(SolveResult(Verdict.SOLVABLE, (), 5, 0.01))
    await pilot.pause()
    await pilot.pause()
    assert status_shown(pilot.app) == WAY_BACK_OF_THE_RED_DRAGONS
    return screen


WAY_BACK_OF_THE_RED_DRAGONS = "Dead end since Rd + Rd: undo 1 pair (u) to get back."
"""The warning of `found_where_it_began`."""


async def test_a_question_over_the_board_turned_down_leaves_the_warning_as_it_was(
    tmp_path: Path,
) -> None:
    """A player review: R or N in a dead end, answered n (or esc), left the line under the
    board empty; the warning came back only with the next move or a pause. The key that asks
    clears the line, as every key does: the board back as it was, the line says again what
    stands on it, as the end of a pause does."""
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await found_where_it_began(pilot, solver)
        for key, answer in (("R", "n"), ("N", "n"), ("R", "escape"), ("N", "escape")):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen), key
            await pilot.press(answer)
            await settle(pilot)
            assert app.screen is screen and screen.game.tiles_left == 6, (key, answer)
            assert status_shown(app) == WAY_BACK_OF_THE_RED_DRAGONS, (key, answer)
        # The help and back never cleared the line: it stays.
        await screen_after(pilot, "question_mark", HelpScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert status_shown(app) == WAY_BACK_OF_THE_RED_DRAGONS
        # Paused, the cover's line stays alone over the hidden board, help or no help.
        await pilot.press("p")
        await screen_after(pilot, "question_mark", HelpScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert screen.paused and status_shown(app) == ""
        await pilot.press("p")
        assert status_shown(app) == WAY_BACK_OF_THE_RED_DRAGONS
        # Answered yes, the new deal's line says nothing of the last deal's dead end.
        await answered(pilot, "N", "y")
        await pilot.pause()
        assert screen.game.tiles_left == 8 and screen.status == "checking"
        assert status_shown(app) == ""


async def test_a_deal_dead_from_its_start_says_so_again_once_its_question_is_turned_down(
    tmp_path: Path,
) -> None:
    """As `test_a_question_over_the_board_turned_down_leaves_the_warning_as_it_was`, on a deal
    whose start is a dead end (Turtle's deal 37 in the player review)."""
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await into_a_dead_end(pilot, solver)
        solver.requests[-1][2].set_result(SolveResult(Verdict.UNSOLVABLE, (), 5, 0.01))
        await pilot.pause()
        await pilot.pause()
        assert status_shown(app) == DEAD_DEAL_WARNING
        await answered(pilot, "R", "n")
        await settle(pilot)
        assert status_shown(app) == DEAD_DEAL_WARNING


TRAP_LAYOUT = row_layout(4, 4, 2, 2)
TRAP_FACES = "d1 d1 b1 b1 d1 dr dr d1 dg dg dw dw"
"""1D + 1D at both ends of row two (tiles 4 and 7) is the fatal pair; then the green and white
dragons, and the red ones it left side by side: row one alone, no pair left."""


async def into_the_trap(
    pilot: Pilot[None], solver: HeldSolver, pairs: Sequence[Pair]
) -> tuple[MahjongScreen, int]:
    """The trap's game opened (its start checked solvable) and `pairs` (tile numbers) taken
    with enter, the fatal pair's check answered "unsolvable"; returns the screen and the
    requests the solver was sent by then."""
    screen = await open_game(pilot, TRAP_LAYOUT, game_of(TRAP_LAYOUT, TRAP_FACES))
    solver.requests[-1][2].set_result(SolveResult(Verdict.SOLVABLE, (), 5, 0.01))
    await pilot.pause()
    asked = 0
    for first, second in pairs:
        screen.board.cursor = first
        await pilot.press("enter")
        screen.board.cursor = second
        await pilot.press("enter")
        if first == 4:  # the fatal pair: its position is checked
            solver.requests[-1][2].set_result(SolveResult(Verdict.UNSOLVABLE, (), 5, 0.01))
            await pilot.pause()
            await pilot.pause()
            asked = len(solver.requests)
    return screen, asked


async def test_pairs_taken_or_undone_after_a_known_dead_end_need_no_check(tmp_path: Path) -> None:
    """Every position after a dead end is one: the positions played past it were checked
    again, and one the solver gave up on showed "undecided" though the app knew (a code
    review)."""
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, asked = await into_the_trap(pilot, solver, ((4, 7), (8, 9), (10, 11)))
        await pilot.press("u")
        await pilot.pause()
        assert len(solver.requests) == asked  # nothing more asked of the solver
        assert screen.status == "dead end"
        white = " + ".join(tile_label(screen.game, tile) for tile in (10, 11))
        assert status_shown(app) == f"Undid {white}: still dead since 1D + 1D; undo 2 more."


async def test_a_check_answered_after_another_key_still_names_the_undo(tmp_path: Path) -> None:
    """The player undid a pair onto a position not checked yet and looked around (an arrow)
    before the check answered: the answer no longer named the pair undone (a code review)."""
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, TRAP_LAYOUT, game_of(TRAP_LAYOUT, TRAP_FACES))
        solver.requests[-1][2].set_result(SolveResult(Verdict.SOLVABLE, (), 5, 0.01))
        await pilot.pause()
        for first, second in ((8, 9), (4, 7)):
            screen.board.cursor = first
            await pilot.press("enter")
            screen.board.cursor = second
            await pilot.press("enter")
        solver.requests[-1][2].set_result(SolveResult(Verdict.UNSOLVABLE, (), 5, 0.01))
        await pilot.pause()
        await pilot.press("u", "right")  # onto the position after Gd + Gd, not checked yet
        waiting = [request for request in solver.requests if not request[2].done()]
        waiting[-1][2].set_result(SolveResult(Verdict.UNSOLVABLE, (), 5, 0.01))
        await settle(pilot)
        green = " + ".join(tile_label(screen.game, tile) for tile in (8, 9))
        assert status_shown(app) == f"Undid 1D + 1D: still dead since {green}; undo 1 more."


async def test_a_resumed_deal_dead_from_its_start_asks_the_solver_nothing_more(
    tmp_path: Path,
) -> None:
    """A saved game keeps that its deal is dead from the start, not what the checks proved:
    resumed, the search for where its dead end began checked the start again, and a timeout
    there said the check could not tell, in place of "can never be cleared" (a code review)."""
    layout = row_layout(4, 2, 2)
    game = game_of(layout, "d1 b1 d1 b1 dr dr dg dg")
    game.learn(game.present, Verdict.UNSOLVABLE)
    game.remove(4, 5)
    resumed = MahjongGame.from_json(json.loads(json.dumps(game.to_json())))
    assert resumed.dead_from_start
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, resumed)
        await pilot.pause()
        assert solver.requests == [] and screen.status == "dead end"
        assert status_shown(app) == DEAD_DEAL_WARNING
        await pilot.press("u")
        await pilot.pause()
        assert solver.requests == [] and status_shown(app).endswith(NEVER_CLEARED)


async def test_a_loss_in_a_dead_end_keeps_the_way_back_its_warning_gave(tmp_path: Path) -> None:
    """A player review: playing on in a dead end until no pair was left, the last move said
    "Dead end since 1B + 1B: undo 57 pairs (u) to get back.", and the loss only "No pair left to
    take. Undo (u) or start a new deal (N).": how many undos lead out was lost."""
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await into_the_trap(pilot, solver, ((4, 7), (8, 9), (10, 11), (5, 6)))
        assert screen.game.lost
        lost = "No pair left; dead since 1D + 1D: undo 4 (u) or new deal (N)."
        assert status_shown(app) == lost
        await pilot.press("u")
        assert status_shown(app) == "Undid Rd + Rd: still dead since 1D + 1D; undo 3 more."
        await pilot.press("U")  # the loss again by a redo, the pair named
        assert status_shown(app) == "Redid Rd + Rd: no pair left; dead since 1D + 1D: undo 4 (u)."
        await pilot.press("U", "i")  # nothing more to redo; then the loss as it stands
        assert status_shown(app) == lost  # not "Redid Rd + Rd: …" again (a player's test)
        await pilot.press("u", "U")
        await pilot.press("p", "p")  # the board back from a pause: the loss as a move left it
        assert status_shown(app) == lost
        for key in ("tab", "t", "i"):  # the keys about pairs to take say the loss line
            await pilot.press(key)
            assert status_shown(app) == lost, key
        await answered(pilot, "R", "n")  # a question turned down: the loss line again
        await settle(pilot)
        assert app.screen is screen and status_shown(app) == lost
