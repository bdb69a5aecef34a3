"""Solvable deals only: the first deal number from the seed on that the solver proves solvable,
dead ends and undecided deals skipped and counted; `lines-tui deal --solvable`."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from lines_tui.cli import app
from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.layouts import Layout, find_layout
from lines_tui.engine.mahjong.solvable import NoSolvableDeal, Skipped, solvable_deal
from lines_tui.engine.mahjong.solver import Verdict, replay_error, solve

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
    # Deal 21 needs hundreds of playouts: with a budget of 2 it is undecided.
    assert solve(deal(TURTLE, 21), node_limit=2).verdict is Verdict.UNDECIDED
    proved = solvable_deal(TURTLE, 21, playouts=2)
    assert proved.seed > 21
    assert proved.skipped.undecided >= 1
    assert proved.skipped.total == proved.seed - 21


def test_a_layout_without_solvable_deals_is_refused() -> None:
    stacked = Layout("stack", "Stack", ((0, 0, 0), (0, 0, 1)))
    with pytest.raises(NoSolvableDeal, match=r"none of 5 deals of Stack from deal 0 on"):
        solvable_deal(stacked, 0, max_deals=5)


def test_deal_solvable_on_the_command_line_names_the_deal_it_proved() -> None:
    result = CliRunner().invoke(app, ["deal", "--seed", str(DEAD_END), "--solvable"])
    assert result.exit_code == 0, result.output
    assert "deal 38 — proved solvable (skipped: 1 dead ends, 0 undecided)" in result.stderr
    tiles = json.loads(result.stdout)["tiles"]
    assert [tuple(tile) for tile in tiles] == [
        (*slot, face) for slot, face in zip(TURTLE.slots, deal(TURTLE, 38).faces, strict=True)
    ]


def test_mahjong_solvable_asks_the_app_for_a_deal_proved_from_the_seed_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started: list[dict[str, object]] = []
    monkeypatch.setattr(
        "lines_tui.commands.play.run_app", lambda options, **game: started.append(game)
    )
    result = CliRunner().invoke(app, ["mahjong", "--seed", str(DEAD_END), "--solvable"])
    assert result.exit_code == 0, result.output
    assert started == [{"start": "mahjong", "layout": "turtle", "seed": DEAD_END, "solvable": True}]
