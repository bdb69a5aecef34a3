"""Lines (Color Lines) as a pure, seeded, replayable engine: the rules of the README's
"Lines: the rules in short".

`Board` is an immutable position in text notation (N rows of N characters, "." or a colour letter)
with paths, moves and line removal; `LinesGame` is one game: `LinesGame.new(seed)`, then
`game.play(src, dst, now)` per move, `game.record()` / `LinesGame.replay(record)` and
`game.to_json()` / `LinesGame.from_json(data)` to save and resume.
"""

from lines_tui.engine.lines.board import Board, IllegalMove, MoveOutcome, NotationError
from lines_tui.engine.lines.codec import GameDataError, Move
from lines_tui.engine.lines.game import Addition, LinesGame, TurnResult
from lines_tui.engine.lines.geometry import Ball, Cell
from lines_tui.engine.lines.record import GameRecord, StartPosition
from lines_tui.engine.lines.rules import (
    BALLS_PER_TURN,
    BOARD_SIZES,
    COLOUR_NAMES,
    COLOURS,
    DEFAULT_SIZE,
    GAME_SIZES,
    MIN_LINE,
    PRICES,
    RULES_VERSION,
    START_BALLS,
    points,
)
from lines_tui.engine.lines.scoring import Line, Removal

__all__ = [
    "BALLS_PER_TURN",
    "BOARD_SIZES",
    "COLOURS",
    "COLOUR_NAMES",
    "DEFAULT_SIZE",
    "GAME_SIZES",
    "MIN_LINE",
    "PRICES",
    "RULES_VERSION",
    "START_BALLS",
    "Addition",
    "Ball",
    "Board",
    "Cell",
    "GameDataError",
    "GameRecord",
    "IllegalMove",
    "Line",
    "LinesGame",
    "Move",
    "MoveOutcome",
    "NotationError",
    "Removal",
    "StartPosition",
    "TurnResult",
    "points",
]
