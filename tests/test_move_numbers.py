"""Moves numbered among the legal choices (the coding of share codes, format 2)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from lines_tui.engine.lines import LinesGame
from lines_tui.engine.lines.choices import MoveChoices


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([7, 9, 11]))
def test_move_numbers_are_every_legal_move_in_reading_order(seed: int, size: int) -> None:
    game = LinesGame.new(seed, size)
    chooser = random.Random(seed)
    for _ in range(12):
        if game.over:
            break
        choices = MoveChoices(game.board)
        every = [
            (ball, cell)
            for ball, _ in sorted(game.board.balls())
            for cell in sorted(game.board.reachable(ball))
        ]
        assert choices.count == len(every)
        picked = chooser.randrange(len(every))
        assert choices.move(picked) == every[picked]
        assert choices.number(every[picked]) == picked
        game.play(*every[picked])
