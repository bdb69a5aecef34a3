"""A game record: what makes a game reproducible (rules version, size, seed, the player's moves)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lines_tui.engine.deal_choice import LAST_DEAL
from lines_tui.engine.lines.board import Board
from lines_tui.engine.lines.codec import (
    GameDataError,
    Move,
    read_balls,
    read_board,
    read_int,
    read_mapping,
    read_moves,
    write_balls,
    write_board,
    write_moves,
)
from lines_tui.engine.lines.geometry import Ball
from lines_tui.engine.lines.rules import GAME_SIZES, RULES_VERSION


def check_rules_version(version: int) -> None:
    if version != RULES_VERSION:
        raise GameDataError(
            f"the game follows rules version {version}; this version of lines-tui plays "
            f"version {RULES_VERSION}"
        )


@dataclass(frozen=True)
class StartPosition:
    """The position a game set up by hand began from (instead of the seed's first addition)."""

    board: Board
    preview: tuple[Ball, ...]


@dataclass(frozen=True)
class GameRecord:
    """Replaying a record (LinesGame.replay) gives exactly the same boards, previews and score."""

    rules_version: int
    size: int
    seed: int
    moves: tuple[Move, ...]
    start: StartPosition | None = None

    def to_json(self) -> dict[str, Any]:
        start = None
        if self.start is not None:
            start = {
                "board": write_board(self.start.board),
                "preview": write_balls(self.start.preview),
            }
        return {
            "rules_version": self.rules_version,
            "size": self.size,
            "seed": self.seed,
            "moves": write_moves(self.moves),
            "start": start,
        }

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        """Raises GameDataError (one line) for anything `to_json` would not have written, and for
        a record of other rules than this engine plays."""
        fields = read_mapping(data, "the game record")
        version = read_int(fields, "rules_version")
        check_rules_version(version)
        start = None
        if fields.get("start") is not None:
            start_fields = read_mapping(fields["start"], "'start'")
            start = StartPosition(
                read_board(start_fields, "board"), read_balls(start_fields, "preview")
            )
        return cls(
            rules_version=version,
            size=read_int(fields, "size", GAME_SIZES[0], GAME_SIZES[-1]),
            seed=read_int(fields, "seed", maximum=LAST_DEAL),
            moves=read_moves(fields, "moves"),
            start=start,
        )
