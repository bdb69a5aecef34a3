"""Property-based tests of the Lines engine (hypothesis), checked against a plain reference:
a brute-force line finder, a breadth-first search and the points formula written out again."""

from __future__ import annotations

import json
from collections import Counter, deque
from itertools import pairwise
from typing import NamedTuple

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lines_tui.engine.lines import (
    COLOURS,
    PRICES,
    Ball,
    Board,
    Cell,
    IllegalMove,
    Line,
    LinesGame,
    TurnResult,
)

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


# --- the reference ----------------------------------------------------------------------------


def around(r: int, c: int) -> tuple[Cell, ...]:
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def reference_lines(board: Board) -> list[tuple[str, frozenset[Cell]]]:
    """Every maximal run of 5+ of one colour, found cell by cell the slow obvious way."""
    rows = board.to_text().splitlines()
    n = len(rows)

    def colour_at(r: int, c: int) -> str:
        return rows[r][c] if 0 <= r < n and 0 <= c < n else "."

    found = []
    for r in range(n):
        for c in range(n):
            colour = rows[r][c]
            if colour == ".":
                continue
            for dr, dc in DIRECTIONS:
                if colour_at(r - dr, c - dc) == colour:
                    continue  # not the start of its run
                length = 1
                while colour_at(r + length * dr, c + length * dc) == colour:
                    length += 1
                if length >= 5:
                    found.append(
                        (colour, frozenset((r + k * dr, c + k * dc) for k in range(length)))
                    )
    return found


def reference_points(lines: list[tuple[str, frozenset[Cell]]]) -> int:
    by_colour: Counter[str] = Counter()
    for colour, cells in lines:
        by_colour[colour] += len(cells)
    total = 0
    for colour, g in by_colour.items():
        c = PRICES[colour]
        total += c * 4 + c * 2 ** (g - 5) if g < 12 else c * 4 + c * 2**6 + (g - 11) * 1000
    return total


def reference_distance(board: Board, src: Cell, dst: Cell) -> int | None:
    """Steps of the shortest orthogonal route through empty cells, or None."""
    empty = set(board.empty_cells())
    seen = {src: 0}
    queue = deque([src])
    while queue:
        here = queue.popleft()
        for there in around(*here):
            if there in empty and there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen.get(dst)


def cells_of(lines: list[tuple[str, frozenset[Cell]]]) -> frozenset[Cell]:
    return frozenset().union(*(cells for _, cells in lines))


# --- boards -----------------------------------------------------------------------------------


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """Boards crowded with few colours, so that lines (and crossings) are common."""
    size = draw(st.integers(5, 9))
    palette = draw(st.sampled_from([".RB", "..RRB", ".R", "." + COLOURS]))
    chars = draw(st.lists(st.sampled_from(palette), min_size=size * size, max_size=size * size))
    return Board.from_text("\n".join("".join(chars[i : i + size]) for i in range(0, size**2, size)))


@settings(max_examples=200, deadline=None)
@given(boards())
def test_lines_and_their_points_match_the_reference(board: Board) -> None:
    expected = reference_lines(board)
    found = board.lines()
    assert Counter((line.colour, frozenset(line.cells)) for line in found) == Counter(expected)
    for line in found:
        steps = {(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(line.cells)}
        assert len(steps) == 1 and steps.pop() in DIRECTIONS, "cells in order along the line"
    cleared, removal = board.clear_lines()
    assert removal.points == reference_points(expected)
    assert removal.cells == cells_of(expected)
    assert cleared == board.without_balls(cells_of(expected))


@settings(max_examples=200, deadline=None)
@given(boards(), st.data())
def test_a_move_is_allowed_exactly_when_a_free_path_exists(
    board: Board, data: st.DataObject
) -> None:
    n = board.size
    cell = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    src, dst = data.draw(cell), data.draw(cell)
    legal = (
        board[src] is not None
        and board[dst] is None
        and reference_distance(board, src, dst) is not None
    )
    if not legal:
        try:
            board.move(src, dst)
        except IllegalMove:
            return
        raise AssertionError(f"{src} -> {dst} was allowed without a free path")
    out = board.move(src, dst)
    assert out.path[0] == src and out.path[-1] == dst
    assert len(out.path) - 1 == reference_distance(board, src, dst), "a shortest route"
    for a, b in pairwise(out.path):
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 and board[b] is None
    moved = board.without_balls([src]).with_balls([(dst, board[src] or "")])
    lines = reference_lines(moved)
    assert out.removed == cells_of(lines)
    assert out.points == reference_points(lines)
    assert out.board == moved.without_balls(out.removed)
    assert dst in board.reachable(src)


# --- whole games ------------------------------------------------------------------------------


class Snapshot(NamedTuple):
    board: Board
    preview: tuple[Ball, ...]
    score: int


def removed_colours(lines: tuple[Line, ...]) -> Counter[str]:
    """Colours of the balls lines took off: a crossing ball is in two lines but leaves once."""
    return Counter({cell: line.colour for line in lines for cell in line.cells}.values())


def check_turn(
    before: Snapshot, after: LinesGame, src: Cell, dst: Cell, result: TurnResult
) -> None:
    """The turn, rebuilt step by step from the result, agrees with the rules and the reference."""
    old = before.board
    # the move had a free path, and the ball kept its colour
    assert reference_distance(old, src, dst) == len(result.path) - 1
    colour = old[src]
    assert colour is not None
    board = old.without_balls([src]).with_balls([(dst, colour)])
    lines = reference_lines(board)
    assert result.removed_by_move == cells_of(lines)
    assert result.points_by_move == reference_points(lines)
    board = board.without_balls(result.removed_by_move)
    # the computer adds exactly when the move scored nothing or emptied the board
    assert bool(result.additions) == (not result.removed_by_move or board.ball_count() == 0)
    for number, step in enumerate(result.additions):
        if number == 0:  # the previewed balls, each where shown unless its cell was taken
            relocated = dict(step.relocated)
            expected = [(relocated.get(cell, cell), c) for cell, c in before.preview]
            assert list(step.added) == expected
            for old_cell, new_cell in step.relocated:
                assert board[old_cell] is not None and board[new_cell] is None
        else:  # an addition emptied the board, so the next balls came at once
            assert board.ball_count() == 0 and step.relocated == ()
        board = board.with_balls(step.added)  # refuses a ball on a taken cell: no duplicates
        lines = reference_lines(board)
        assert step.removal.cells == cells_of(lines)
        assert step.removal.points == reference_points(lines)
        board = board.without_balls(step.removal.cells)
    assert board == after.board
    # balls are never made or lost except by removal, colour by colour
    counted = Counter(c for _, c in old.balls()) + Counter(c for _, c in result.added)
    counted -= removed_colours(result.lines_by_move)
    for step in result.additions:
        counted -= removed_colours(step.removal.lines)
    assert counted == Counter(c for _, c in after.board.balls())
    assert after.board.ball_count() == (
        old.ball_count()
        + len(result.added)
        - len(result.removed_by_move)
        - sum(len(step.removal.cells) for step in result.additions)
    )
    assert after.score == before.score + result.points >= before.score
    assert after.over == after.board.is_full() == result.game_over
    cells = [cell for cell, _ in after.preview]
    assert len(set(cells)) == len(cells) == min(3, len(after.board.empty_cells()))
    assert all(after.board[cell] is None for cell in cells)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    size=st.sampled_from([7, 9, 11]),
    data=st.data(),
)
def test_games_follow_the_rules_turn_by_turn(seed: int, size: int, data: st.DataObject) -> None:
    game = LinesGame.new(seed, size=size)
    turns = data.draw(st.integers(1, 100), label="moves to play at most")
    saved_at = data.draw(st.integers(0, 40), label="save after move")
    saved = game.to_json() if saved_at == 0 else None
    while not game.over and len(game.moves) < turns:
        n = game.size
        empty = set(game.board.empty_cells())
        movable = [cell for cell, _ in game.board.balls() if empty.intersection(around(*cell))]
        src = data.draw(st.sampled_from(movable), label="ball")
        before = Snapshot(game.board, game.preview, game.score)
        if data.draw(st.integers(0, 9), label="try a wild move") == 0:
            dst = data.draw(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)))
            state = game.to_json()
            if game.board.path(src, dst) is None:
                try:
                    game.play(src, dst)
                except IllegalMove:
                    assert game.to_json() == state, "an illegal move changes nothing"
                    continue
                raise AssertionError(f"{src} -> {dst} was allowed without a free path")
        else:
            dst = data.draw(st.sampled_from(sorted(game.board.reachable(src))), label="target")
        result = game.play(src, dst)
        check_turn(before, game, src, dst, result)
        if len(game.moves) == saved_at:
            saved = json.loads(json.dumps(game.to_json()))
    # replaying the record gives the same game
    assert LinesGame.replay(game.record()).to_json() == game.to_json()
    # a game saved halfway and resumed goes on exactly like the original
    if saved is not None:
        resumed = LinesGame.from_json(saved)
        for src, dst in game.moves[len(resumed.moves) :]:
            resumed.play(src, dst)
        assert resumed.to_json() == game.to_json()
