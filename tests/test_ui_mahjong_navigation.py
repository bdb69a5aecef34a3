"""Keyboard travel on 3-D layouts: arrows reach every visible tile, tab and m every free one."""

from __future__ import annotations

import itertools
import random

import pytest

from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.geometry import bits
from lines_tui.engine.mahjong.layouts import Layout, builtin_layouts
from lines_tui.ui.mahjong.navigation import (
    DIRECTIONS,
    cycle,
    first_tile,
    settled,
    step,
)
from lines_tui.ui.mahjong.tile_grid import LABEL_COLUMN, TileGrid


def positions_during_play(layout: Layout, seed: int, moves: int) -> list[int]:
    """The present-tile masks of a game played `moves` random pairs deep, start included (deals of
    dealer 1, the positions these tests were written for)."""
    game = MahjongGame.new(layout, seed, dealer=1)
    chooser = random.Random(seed)
    masks = [game.present]
    for _ in range(moves):
        pairs = game.available_pairs()
        if not pairs:
            break
        game.remove(*chooser.choice(pairs))
        masks.append(game.present)
    return masks


def arrow_moves(grid: TileGrid, candidates: int) -> dict[int, set[int]]:
    """Where each arrow key leads from each tile."""
    return {
        here: {there for d in DIRECTIONS if (there := step(grid, candidates, here, d)) is not None}
        for here in bits(candidates)
    }


def reachable(moves: dict[int, set[int]], start: int) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        for there in moves[todo.pop()] - seen:
            seen.add(there)
            todo.append(there)
    return seen


@pytest.mark.parametrize("layout", builtin_layouts(), ids=lambda layout: layout.name)
def test_arrows_reach_every_visible_tile_from_anywhere(layout: Layout) -> None:
    grid = TileGrid(layout.slots)
    for present in positions_during_play(layout, seed=3, moves=40)[::8]:
        visible = layout.geometry.uncovered_mask(present)
        moves = arrow_moves(grid, visible)
        backwards: dict[int, set[int]] = {tile: set() for tile in moves}
        for here, theres in moves.items():
            for there in theres:
                backwards[there].add(here)
        start = next(bits(visible))
        # Every tile reachable from one tile, and that tile from every tile: strongly connected.
        assert reachable(moves, start) == set(moves)
        assert reachable(backwards, start) == set(moves)


@pytest.mark.parametrize("layout", builtin_layouts(), ids=lambda layout: layout.name)
def test_tab_visits_every_free_tile_once_per_round(layout: Layout) -> None:
    grid = TileGrid(layout.slots)
    for present in positions_during_play(layout, seed=4, moves=30)[::10]:
        free = layout.geometry.free_mask(present)
        first = cycle(grid, free, None)
        assert first is not None
        order = [first]
        for _ in range(free.bit_count()):
            nxt = cycle(grid, free, order[-1])
            assert nxt is not None
            order.append(nxt)
        assert order[-1] == first
        assert sorted(order[:-1]) == sorted(bits(free))
        backwards = [cycle(grid, free, tile, forward=False) for tile in order[1:]]
        assert backwards == order[:-1]


def test_arrows_move_to_the_next_tile_on_screen() -> None:
    turtle = next(layout for layout in builtin_layouts() if layout.name == "turtle")
    grid = TileGrid(turtle.slots)
    visible = turtle.geometry.uncovered_mask(turtle.geometry.all_present)
    top_row = sorted(
        (i for i in bits(visible) if turtle.slots[i][1] == 0), key=lambda i: turtle.slots[i][0]
    )
    for left, right in itertools.pairwise(top_row):
        assert step(grid, visible, left, "right") == right
        assert step(grid, visible, right, "left") == left
    assert step(grid, visible, top_row[-1], "right") is not None  # on to the tail, not stuck
    assert step(grid, visible, top_row[0], "up") is None


def test_the_top_tile_of_a_stack_is_drawn_over_the_tiles_below() -> None:
    turtle = next(layout for layout in builtin_layouts() if layout.name == "turtle")
    grid = TileGrid(turtle.slots)
    top = max(range(len(turtle.slots)), key=lambda i: turtle.slots[i][2])
    col, row = grid.origins[top]
    present = turtle.geometry.all_present
    assert grid.tile_at(col + 1, row, present) == top
    assert grid.tile_at(col + 1, row, present & ~(1 << top)) != top


@pytest.mark.parametrize("layout", builtin_layouts(), ids=lambda layout: layout.name)
def test_the_cursor_always_settles_on_a_visible_tile(layout: Layout) -> None:
    """Where the cursor starts is a free tile, and wherever it was, it settles on an uncovered
    tile: the same one while it stays uncovered."""
    grid = TileGrid(layout.slots)
    masks = positions_during_play(layout, seed=5, moves=30)
    for before, after in itertools.pairwise(masks[::6]):
        game_free = layout.geometry.free_mask(after)
        visible = layout.geometry.uncovered_mask(after)
        start = first_tile(grid, game_free, visible)
        assert start is not None and game_free >> start & 1
        for cursor in bits(layout.geometry.uncovered_mask(before)):
            target = settled(grid, cursor, visible, LABEL_COLUMN)
            assert target is not None and visible >> target & 1
            assert target == cursor or not visible >> cursor & 1


@pytest.mark.parametrize("layout", builtin_layouts(), ids=lambda layout: layout.name)
def test_every_uncovered_tile_shows_its_whole_label(layout: Layout) -> None:
    """An upper tile is drawn a little to the right of its place (steps that read as depth), but
    never over the label of a lower tile with nothing on top: a tile the player can see is a
    tile whose face the player can read, on every board of a game."""
    grid = TileGrid(layout.slots)
    for seed in range(4):
        for present in positions_during_play(layout, seed=seed, moves=72):
            for tile in bits(layout.geometry.uncovered_mask(present)):
                col, row = grid.origins[tile]
                label = range(col + LABEL_COLUMN, col + LABEL_COLUMN + 2)
                shown = {grid.tile_at(cell, row, present) for cell in label}
                assert shown == {tile}, (tile, layout.slots[tile])
