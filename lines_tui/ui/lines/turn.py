"""One turn of Lines as a short film: the ball travels its path, lines flash, new balls drop in.

The engine has already played the turn; these frames only retell it for the eye, so skipping
them (a key press, or animations off) never changes the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from lines_tui.engine.lines import Board, TurnResult
from lines_tui.ui.lines.board import Cell, Effect

PATH_SECONDS = 0.3  # the whole trip, however long the path
STEP_SECONDS_MAX = 0.045
FLASH_SECONDS = 0.09  # one on or off phase of a cleared line's flash
FLASHES = 3


@dataclass(frozen=True)
class Frame:
    balls: Mapping[Cell, str]
    preview: Mapping[Cell, str]
    effects: Mapping[Cell, tuple[Effect, str | None]] = field(default_factory=dict)
    seconds: float = 0.0  # how long this frame stays before the next one


def turn_frames(before: Board, preview: Mapping[Cell, str], turn: TurnResult) -> list[Frame]:
    """The frames of `turn`, played from the position `before` with its `preview` showing."""
    src, dst = turn.path[0], turn.path[-1]
    colour = before[src]
    assert colour is not None, "a turn starts from a ball"
    balls = dict(before.balls())
    del balls[src]
    frames: list[Frame] = []
    steps = turn.path[1:]
    step_seconds = min(STEP_SECONDS_MAX, PATH_SECONDS / max(1, len(steps)))
    for index, cell in enumerate(steps):
        trail: dict[Cell, tuple[Effect, str | None]] = {c: ("trail", colour) for c in steps[:index]}
        frames.append(Frame({**balls, cell: colour}, preview, trail, step_seconds))
    balls[dst] = colour
    frames.extend(_flash(balls, preview, turn.removed_by_move))
    for cell in turn.removed_by_move:
        del balls[cell]
    for addition in turn.additions:
        balls.update(addition.added)
        frames.extend(_flash(balls, {}, addition.removal.cells))
        for cell in addition.removal.cells:
            del balls[cell]
    return frames


def _flash(
    balls: Mapping[Cell, str], preview: Mapping[Cell, str], cells: frozenset[Cell]
) -> list[Frame]:
    if not cells:
        return []
    flashing: dict[Cell, tuple[Effect, str | None]] = {c: ("flash", balls[c]) for c in cells}
    without = {c: colour for c, colour in balls.items() if c not in cells}
    frames = []
    for _ in range(FLASHES):
        frames.append(Frame(without, preview, flashing, FLASH_SECONDS))
        frames.append(Frame(balls, preview, {}, FLASH_SECONDS))
    return frames
