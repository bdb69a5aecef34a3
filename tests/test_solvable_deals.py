"""Solvable deals only: the first deal number from the seed on that the solver proves solvable,
dead ends and undecided deals skipped and counted; `lines-tui deal --solvable`."""

from __future__ import annotations

import json
import os
import select
import subprocess
from pathlib import Path

import pytest
from tools.pty_terminal import app_environment, lines_tui_command
from typer.testing import CliRunner

from lines_tui.cli import app
from lines_tui.commands import common
from lines_tui.commands.common import progress, progress_line
from lines_tui.engine.daily import SOLVER_NODES, mahjong_daily_seed
from lines_tui.engine.daily_seeds import mahjong_daily_candidates
from lines_tui.engine.deal_choice import LAST_DEAL, Skipped
from lines_tui.engine.mahjong import solvable
from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.game import MahjongGame, SavedGameError
from lines_tui.engine.mahjong.layouts import Layout, find_layout
from lines_tui.engine.mahjong.solvable import (
    DealSearch,
    NoSolvableDeal,
    following,
    solvable_deal,
)
from lines_tui.engine.mahjong.solver import SolveResult, Verdict, replay_error, solve

TURTLE = find_layout("turtle")
DEAD_END = 37
"""Turtle deal 37 is a dead end; deal 38 can be cleared."""


def test_a_solvable_deal_is_taken_as_it_is() -> None:
    proved = solvable_deal(TURTLE, 38)
    assert proved.seed == 38
    assert proved.position == deal(TURTLE, 38)
    assert proved.skipped == Skipped(0, 0)
    assert replay_error(proved.position, proved.moves) is None


def test_a_dead_end_is_skipped_for_the_next_deal_number() -> None:
    assert solve(deal(TURTLE, DEAD_END)).verdict is Verdict.UNSOLVABLE
    proved = solvable_deal(TURTLE, DEAD_END)
    assert (proved.seed, proved.skipped) == (DEAD_END + 1, Skipped(1, 0))


def test_a_deal_the_solver_leaves_undecided_is_skipped_and_counted_apart() -> None:
    # Deal 24 needs dozens of playouts: with a budget of 2 it is undecided.
    assert solve(deal(TURTLE, 24), node_limit=2).verdict is Verdict.UNDECIDED
    proved = solvable_deal(TURTLE, 24, playouts=2)
    assert proved.seed > 24
    assert proved.skipped.undecided >= 1
    assert proved.skipped.total == proved.seed - 24


def test_a_layout_without_solvable_deals_is_refused() -> None:
    stacked = Layout("stack", "Stack", ((0, 0, 0), (0, 0, 1)))
    with pytest.raises(NoSolvableDeal, match=r"none of 5 deals of Stack from deal 0 on"):
        solvable_deal(stacked, 0, max_deals=5)
    # From the last deal number there is one deal to try: it said "none of 1 deals".
    with pytest.raises(NoSolvableDeal) as refused:
        solvable_deal(stacked, LAST_DEAL)
    said = f"deal {LAST_DEAL} of Stack was not proved solvable (1 dead end)"
    assert str(refused.value) == said


def test_deal_solvable_on_the_command_line_names_the_deal_it_proved() -> None:
    result = CliRunner().invoke(app, ["deal", "--seed", str(DEAD_END), "--solvable"])
    assert result.exit_code == 0, result.output
    # "1 dead ends, 0 undecided" before: one dead end, and nothing undecided to name.
    assert "deal 38 — proved solvable (skipped: 1 dead end)\n" in result.stderr
    tiles = json.loads(result.stdout)["tiles"]
    assert [tuple(tile) for tile in tiles] == [
        (*slot, face) for slot, face in zip(TURTLE.slots, deal(TURTLE, 38).faces, strict=True)
    ]


def test_each_deal_is_told_before_its_proof() -> None:
    told: list[tuple[int, Skipped]] = []
    solvable_deal(TURTLE, DEAD_END, proving=lambda number, skipped: told.append((number, skipped)))
    assert told == [(DEAD_END, Skipped(0, 0)), (DEAD_END + 1, Skipped(1, 0))]


def test_ctrl_c_while_deal_solvable_proves_says_where_it_stopped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A proof takes seconds (Turtle deal 351 about 4): ctrl+c ended it with exit code 130 and
    nothing said (a player review). It says which deal it was proving, and what it had skipped."""
    answers = iter([SolveResult(Verdict.UNSOLVABLE, (), 5, 0.01)])

    def solve_here(*_: object) -> SolveResult:
        answer = next(answers, None)
        if answer is None:
            raise KeyboardInterrupt
        return answer

    monkeypatch.setattr(solvable, "solve_here", solve_here)
    result = CliRunner().invoke(app, ["deal", "--seed", "351", "--solvable"])
    assert result.exit_code == 130
    assert result.stderr == (
        "lines-tui: stopped while proving deal 352 of Turtle (skipped: 1 dead end)\n"
    )
    assert result.stdout == ""


def test_a_progress_line_is_covered_with_spaces_not_an_escape_sequence(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`deal --solvable` took its line away with ESC [ K, which `TERM=dumb` shows as it is."""
    monkeypatch.setattr(common, "is_terminal", lambda stream: True)
    with progress_line():
        progress("proving deal 351 of Turtle…")
        progress("proving 352")  # shorter: spaces cover the rest
    written = capsys.readouterr().err
    assert written == (
        "\rproving deal 351 of Turtle…" + "\rproving 352" + " " * 16 + "\r" + " " * 27 + "\r"
    )


def test_a_terminal_of_no_known_width_shows_the_progress_line_at_80_columns(
    tmp_path: Path,
) -> None:
    """A pseudo-terminal whose size was never set (as under `script`) says it is 0 columns
    wide: the count was cut to nothing (a reliability review)."""
    master, slave = os.openpty()  # no TIOCSWINSZ: 0 x 0
    try:
        proving = subprocess.run(
            [*lines_tui_command(), "deal", "--seed", "351", "--solvable"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=slave,
            env=app_environment(tmp_path),
            timeout=120,
            check=False,
        )
        os.close(slave)
        written = b""
        while select.select([master], [], [], 0.5)[0]:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the other side closed: all read
                break
            if not chunk:
                break
            written += chunk
    finally:
        os.close(master)
    assert proving.returncode == 0
    assert b"proving deal 351 of Turtle" in written, written


def test_a_progress_line_wider_than_the_terminal_is_cut_to_one_row(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A review: a line that wrapped left its first rows behind ("\\r" goes back to the start of
    the last row only), and the spaces covering it wrapped in turn. A layout's title is anyone's
    and of any length; standard error that is no real terminal here counts as 80 columns."""
    monkeypatch.setattr(common, "is_terminal", lambda stream: True)
    with progress_line():
        progress("proving deal 1 of " + "x" * 200)
    shown, cover = capsys.readouterr().err.split("\r")[1:3]
    assert len(shown) == 79 and shown.endswith("…")
    assert cover == " " * 79


def test_ctrl_c_while_solve_solves_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It ended with exit code 130 and nothing said, the shell's prompt after the "^C"."""

    def interrupted(*_: object, **__: object) -> SolveResult:
        raise KeyboardInterrupt

    monkeypatch.setattr("lines_tui.engine.mahjong.solver.solve", interrupted)
    position = tmp_path / "p.json"
    position.write_text(CliRunner().invoke(app, ["deal", "--seed", "3"]).stdout)
    result = CliRunner().invoke(app, ["solve", str(position)])
    assert result.exit_code == 130
    assert result.stderr == f"lines-tui: stopped while solving the position of {position}\n"
    assert result.stdout == ""


def test_mahjong_solvable_asks_the_app_for_a_deal_proved_from_the_seed_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started: list[dict[str, object]] = []
    monkeypatch.setattr(
        "lines_tui.commands.play.run_app", lambda options, **game: started.append(game)
    )
    result = CliRunner().invoke(app, ["mahjong", "--seed", str(DEAD_END), "--solvable"])
    assert result.exit_code == 0, result.output
    assert started == [{"start": "mahjong", "layout": None, "seed": DEAD_END, "solvable": True}]


def test_the_search_one_proof_at_a_time_gives_what_solvable_deal_gives() -> None:
    search = DealSearch(TURTLE, following(DEAD_END))
    assert (search.number, search.position) == (DEAD_END, deal(TURTLE, DEAD_END))
    assert search.answer(solve(search.position, node_limit=search.playouts)) is None
    assert search.skipped == Skipped(1, 0)
    proved = search.answer(solve(search.position, node_limit=search.playouts))
    assert proved == solvable_deal(TURTLE, DEAD_END)


def test_a_proof_stopped_before_its_playouts_are_spent_is_no_answer() -> None:
    search = DealSearch(TURTLE, following(24), playouts=50)
    stopped = solve(search.position, should_stop=lambda: True)
    spent = solve(search.position, node_limit=2)
    assert search.interrupted(stopped)
    assert not search.interrupted(SolveResult(Verdict.UNDECIDED, (), 50, 0.1))
    assert not search.interrupted(solve(deal(TURTLE, 38)))
    assert spent.verdict is Verdict.UNDECIDED


def test_a_search_that_runs_out_says_so_each_time_it_is_asked() -> None:
    stacked = Layout("stack", "Stack", ((0, 0, 0), (0, 0, 1)))
    search = DealSearch(stacked, following(0, 2))
    assert search.answer(solve(search.position)) is None
    for _ in range(2):
        with pytest.raises(NoSolvableDeal, match=r"\(2 dead ends\)$"):  # not "0 undecided"
            search.answer(solve(search.position))


def test_the_deal_of_the_day_is_the_first_candidate_the_solver_proves() -> None:
    day = "2026-12-01"
    first_proved = next(
        seed
        for seed in mahjong_daily_candidates("turtle", day)
        if solve(deal(TURTLE, seed), node_limit=SOLVER_NODES).verdict is Verdict.SOLVABLE
    )
    assert mahjong_daily_seed(TURTLE, "turtle", day) == first_proved


def test_a_saved_game_keeps_the_proof_and_older_saves_have_none() -> None:
    game = MahjongGame.new(TURTLE, 38)
    game.proof = Skipped(1, 0)
    data = json.loads(json.dumps(game.to_json()))
    assert MahjongGame.from_json(data).proof == Skipped(1, 0)
    del data["proof"]
    assert MahjongGame.from_json(data).proof is None
    data["proof"] = {"dead_ends": -1, "undecided": 0}
    with pytest.raises(SavedGameError, match="'proof'"):
        MahjongGame.from_json(data)
