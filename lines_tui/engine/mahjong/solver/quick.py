"""The quick phase: before the search branches, a few playouts with random partner hints.

Most solvable deals are won by the heuristic's playout with one pairing or another; a playout
that prefers a random pairing of every type (see `Player`) lands on a winning one often enough
that a handful of them wins more deals, sooner, than the search's probes and nogoods do on easy
deals. Each is an ordinary playout under no commitments, counted as one, so a win is a winning
sequence like any other; when none wins, the search starts from the first playout (README, "How
it works (short)").
"""

from __future__ import annotations

from lines_tui.engine.mahjong.solver.board import NO_TILE, Board
from lines_tui.engine.mahjong.solver.budget import Budget
from lines_tui.engine.mahjong.solver.playout import Player
from lines_tui.engine.mahjong.solver.result import Pair
from lines_tui.engine.stable_random import StableRandom


def quick_win(
    board: Board, player: Player, budget: Budget, playouts: int, seed: int
) -> list[Pair] | None:
    """A winning sequence from up to `playouts` playouts, each preferring a random pairing of
    every type (drawn from `seed`, so the same position gets the same playouts), or None."""
    rng = StableRandom(seed)
    kept = player.hint
    try:
        for _ in range(playouts):
            budget.tick()
            player.hint = random_hint(board, rng)
            trial = player.play()
            if trial.stuck_at is None and not trial.optimistic:
                return trial.moves
        return None
    finally:
        player.hint = kept


def random_hint(board: Board, rng: StableRandom) -> list[int]:
    """Partners that pair each type's tiles at random (NO_TILE for a tile left over)."""
    hint = [NO_TILE] * len(board.type_of)
    for tiles in board.type_tiles:
        shuffled = list(tiles)
        rng.shuffle(shuffled)
        for a, b in zip(shuffled[0::2], shuffled[1::2], strict=False):
            hint[a], hint[b] = b, a
    return hint
