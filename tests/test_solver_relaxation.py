"""The look-ahead's question to the relaxation (`relaxation.reaches`): whether it frees every
tile of a goal. It takes the relaxation's moves in another order than `relax` does, so it must
give `relax`'s answer on every board: tiles gone counted as partners or not, under any
commitments, for any goal, with the tiles that may leave at its start found as `relax` finds
them or by a look at every free tile. The playout gives them from what its board keeps
(`PlayoutState.pairable`), which must be what a look at every free tile finds."""

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
from lines_tui.engine.mahjong.solver.playout import PlayoutState
from lines_tui.engine.mahjong.solver.relaxation import partnered, reaches, relax


def may_leave(allowed: list[int], present: int, known: int) -> int:
    """The free tiles of `present` with an allowed partner free or gone, from every one."""
    return sum(1 << tile for tile in bits(known & present) if allowed[tile] & known)


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
        found = partnered(allowed, known & present, known)
        assert reaches(geometry, allowed, present, known, goal, found) == expected
        leaving = may_leave(allowed, present, known)
        assert reaches(geometry, allowed, present, known, goal, leaving) == expected


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_reaches_answers_as_the_relaxation_on_small_positions(rng: random.Random) -> None:
    check_reaches(random_position(rng), rng, 10)


def test_reaches_answers_as_the_relaxation_on_turtle_deals() -> None:
    rng = random.Random(0)
    for seed in range(7000, 7010):
        check_reaches(deal(TURTLE, seed), rng, 100)


def check_pairable(pos: Position, rng: random.Random, playouts: int) -> None:
    """Random games under random commitments, the units whose tiles are all free first (as in
    a playout): at every step, the tiles that may leave at the start of a look-ahead from the
    board and from the board after each move."""
    board = Board(pos, lambda: None)
    pairings = Pairings(board)
    geometry = board.geometry
    for _ in range(playouts):
        pairs = [
            pair
            for tiles in board.type_tiles
            if rng.random() < 0.3
            for pair in random_pairs(rng, pairings, tiles)
        ]
        for pair in pairs:
            pairings.commit(*pair)
        allowed = pairings.allowed
        state = PlayoutState(board, pairings)
        while True:
            while state.ready:
                unit = state.ready.pop()
                free = state.unit_free[unit]
                if free.bit_count() >= 2 and free == state.unit_tiles[unit] & state.present:
                    state.remove(free)
            moves = state.moves()
            if not moves:
                break
            present, known = state.present, state.known
            assert state.pairable == may_leave(allowed, present, known & present)
            for _, a, b, _, _ in moves:
                pair = 1 << a | 1 << b
                after = present & ~pair
                freed = geometry.newly_free(pair, after, known)
                free = known & after | freed
                assert state.pairable_after(pair, free, freed) == may_leave(allowed, after, free)
            _, a, b, _, _ = rng.choice(moves)
            state.remove(1 << a | 1 << b)
        for pair in reversed(pairs):
            pairings.uncommit(*pair)


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_playout_knows_which_tiles_may_leave_on_small_positions(rng: random.Random) -> None:
    check_pairable(random_position(rng), rng, 5)


def test_the_playout_knows_which_tiles_may_leave_on_turtle_deals() -> None:
    rng = random.Random(0)
    for seed in range(7000, 7005):
        check_pairable(deal(TURTLE, seed), rng, 4)
