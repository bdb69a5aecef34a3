"""The shortcut that shrinks a probe's nogood faster (`shrinking.relax_after_clearing`): a test
of the shrinking stops as soon as the one type whose rules got tighter can leave, and says
"clears" only where the full relaxation clears, and otherwise ends exactly where it ends."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_solver import TURTLE, random_position

from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.geometry import bits
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solver import Verdict, solve
from lines_tui.engine.mahjong.solver.board import Board
from lines_tui.engine.mahjong.solver.pairings import Pairings
from lines_tui.engine.mahjong.solver.relaxation import ALL_TILES, relax
from lines_tui.engine.mahjong.solver.result import Pair
from lines_tui.engine.mahjong.solver.shrinking import relax_after_clearing


def random_pairs(rng: random.Random, pairings: Pairings, tiles: list[int]) -> list[Pair]:
    """Some pairs of one type, each allowed at the root, no tile in two."""
    rest = list(tiles)
    rng.shuffle(rest)
    pairs: list[Pair] = []
    while rest:
        a = rest.pop()
        partners = [b for b in rest if pairings.root[a] >> b & 1]
        if partners and rng.random() < 0.6:
            b = rng.choice(partners)
            rest.remove(b)
            pairs.append((a, b))
    return pairs


def check_shortcut(pos: Position, rng: random.Random, cases: int) -> None:
    """Commitments under which the relaxation clears the board (pairs of a winning sequence),
    then other rules, as loose or looser except on one type, from the start or a board
    further on: the shortcut and the full relaxation agree."""
    result = solve(pos)
    if result.verdict is not Verdict.SOLVABLE:
        return
    board = Board(pos, lambda: None)
    pairings = Pairings(board)
    geometry = board.geometry
    for _ in range(cases):
        cleared_by = [pair for pair in result.moves if rng.random() < 0.8]
        held_kind = rng.randrange(board.types)
        # Looser: fewer of those pairs, but the held type's tiles paired anew.
        looser = [
            pair
            for pair in cleared_by
            if board.type_of[pair[0]] != held_kind and rng.random() < 0.8
        ]
        looser += random_pairs(rng, pairings, board.type_tiles[held_kind])
        allowed = pairings.under(looser)
        # A board further on: any tiles gone, since removing tiles never hurts the relaxation.
        present = board.present
        for tile in bits(present):
            if rng.random() < 0.1:
                present &= ~(1 << tile)
        known = geometry.free_mask(present) | (pos.present & ~present)
        held = board.type_mask[held_kind]
        fresh = relax(geometry, allowed, present, known)
        quick = relax_after_clearing(geometry, allowed, present, known, ALL_TILES, held)
        if fresh[0]:
            assert quick == fresh
        else:
            assert quick[0] == 0


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_shortcut_answers_as_the_full_relaxation_on_small_positions(
    rng: random.Random,
) -> None:
    check_shortcut(random_position(rng), rng, 10)


def test_the_shortcut_answers_as_the_full_relaxation_on_turtle_deals() -> None:
    rng = random.Random(0)
    for seed in range(7000, 7004):
        check_shortcut(deal(TURTLE, seed), rng, 50)
