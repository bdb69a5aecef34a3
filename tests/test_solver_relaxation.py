"""The look-ahead's question to the relaxation (`relaxation.reaches`): whether it frees every
tile of a goal. It takes the relaxation's moves in another order than `relax` does, so it must
give `relax`'s answer on every board: tiles gone counted as partners or not, under any
commitments, for any goal."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_solver import TURTLE, random_position
from test_solver_shrinking import random_pairs

from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.geometry import bits
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solver.board import Board
from lines_tui.engine.mahjong.solver.pairings import Pairings
from lines_tui.engine.mahjong.solver.relaxation import reaches, relax


def check_reaches(pos: Position, rng: random.Random, cases: int) -> None:
    board = Board(pos, lambda: None)
    pairings = Pairings(board)
    geometry = board.geometry
    for _ in range(cases):
        pairs = [
            pair
            for tiles in board.type_tiles
            if rng.random() < 0.5
            for pair in random_pairs(rng, pairings, tiles)
        ]
        allowed = pairings.under(pairs)
        present = board.present
        for tile in bits(present):
            if rng.random() < 0.2:
                present &= ~(1 << tile)
        known = geometry.free_mask(present)
        if rng.random() < 0.5:  # tiles gone count as partners (the search's relaxation)
            known |= geometry.all_present & ~present
        tiles = list(bits(present)) or [0]
        goal = 0
        for _ in range(rng.randint(1, 3)):
            goal |= 1 << rng.choice(tiles)
        expected = relax(geometry, allowed, present, known, goal)[1] & goal == goal
        assert reaches(geometry, allowed, present, known, goal) == expected


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_reaches_answers_as_the_relaxation_on_small_positions(rng: random.Random) -> None:
    check_reaches(random_position(rng), rng, 10)


def test_reaches_answers_as_the_relaxation_on_turtle_deals() -> None:
    rng = random.Random(0)
    for seed in range(7000, 7010):
        check_reaches(deal(TURTLE, seed), rng, 100)
