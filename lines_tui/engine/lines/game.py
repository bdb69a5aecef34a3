"""One game of Lines, driven by one seeded random generator: the turn loop of the README's
"Lines: the rules in short".

A turn: the player moves a ball. If the move removed lines, the player moves again and nothing is
added; otherwise the computer adds the previewed balls, removes any lines they complete (the
player scores them) and draws the next preview on the empty cells left. A board emptied by a
removal gets the next balls at once, since the player has nothing to move.

The preview is drawn right after each addition, on cells empty at that moment, so it always sits
on empty cells while the player thinks. A move may end on a previewed cell; that ball is sent
elsewhere when it is added, not when the player's ball lands: a move that scores clears its own
ball (the line runs through it), so the cell is free again and that ball keeps its place. When
sent elsewhere, it goes to a random empty cell no other ball of this addition is aimed at (the
cell the moved ball left is always one), keeps its colour, and TurnResult.relocated says from
where to where.

The preview always holds min(3, empty cells) balls, which is how a nearly full board is "filled
as far as it goes": drawn on a board with fewer than 3 empty cells it is short, and if a scoring
move then frees cells, the missing balls are drawn at once (on cells not already previewed), so
the player always sees every ball that will come. The game is over when the board is full after
an addition: with an empty cell and a ball somewhere, some ball can always reach some empty cell.

Random choices, in order: the 5 starting balls; after every addition the next preview (a
relocation draws its cell during the addition, before that); after a scoring move that leaves the
preview short of min(3, empty cells), the missing balls.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lines_tui.engine.daily_seeds import lines_daily_seed, not_the_days_deal
from lines_tui.engine.deal_choice import LAST_DEAL, RANDOM, DealChoice, is_deal_number
from lines_tui.engine.lines.board import Board, IllegalMove
from lines_tui.engine.lines.cell_names import cell_name
from lines_tui.engine.lines.chance import Chance
from lines_tui.engine.lines.codec import (
    GameDataError,
    Move,
    read_balls,
    read_board,
    read_int,
    read_mapping,
    read_time,
    write_balls,
    write_board,
)
from lines_tui.engine.lines.geometry import Ball, Cell
from lines_tui.engine.lines.record import GameRecord, StartPosition, check_rules_version
from lines_tui.engine.lines.rules import (
    BALLS_PER_TURN,
    COLOURS,
    DEFAULT_SIZE,
    GAME_SIZES,
    RULES_VERSION,
    START_BALLS,
)
from lines_tui.engine.lines.scoring import Line, Removal


@dataclass(frozen=True)
class Addition:
    """One addition by the computer, in the order the UI should show it."""

    relocated: tuple[tuple[Cell, Cell], ...]  # previewed balls sent elsewhere: (old, new cell)
    added: tuple[Ball, ...]  # where the balls actually went
    removal: Removal  # the lines these balls completed


@dataclass(frozen=True)
class TurnResult:
    """Everything the UI needs to show one turn.

    `additions` is empty when the move scored (unless it emptied the board), usually one
    addition, and more only when an addition itself emptied the board and the next balls came
    at once. The flat properties below sum them up.
    """

    path: list[Cell]
    removed_by_move: frozenset[Cell]
    points_by_move: int
    lines_by_move: tuple[Line, ...]
    additions: tuple[Addition, ...]
    preview: tuple[Ball, ...]  # the preview after this turn
    game_over: bool

    @property
    def added(self) -> tuple[Ball, ...]:
        return tuple(ball for step in self.additions for ball in step.added)

    @property
    def relocated(self) -> tuple[tuple[Cell, Cell], ...]:
        return tuple(move for step in self.additions for move in step.relocated)

    @property
    def removed_by_addition(self) -> frozenset[Cell]:
        return frozenset(cell for step in self.additions for cell in step.removal.cells)

    @property
    def points_by_addition(self) -> int:
        return sum(step.removal.points for step in self.additions)

    @property
    def points(self) -> int:
        return self.points_by_move + self.points_by_addition


def check_seed(seed: int) -> None:
    # random.Random seeds with abs(seed): -7 would silently replay seed 7. A larger seed than
    # a table holds could be played but neither saved nor filed.
    if type(seed) is not int or not is_deal_number(seed):
        raise ValueError(f"a seed is a whole number from 0 to {LAST_DEAL:,}, not {seed!r}")


def check_size(size: int) -> None:
    if size not in GAME_SIZES:
        raise ValueError(f"a game board is {GAME_SIZES[0]} to {GAME_SIZES[-1]} wide, not {size}")


def check_position(board: Board, preview: tuple[Ball, ...], *, finished: bool = False) -> None:
    """Raises ValueError unless this is a position reachable between two turns."""
    check_size(board.size)
    if not board.has_balls():
        raise ValueError("the board has no balls; the computer would have added some")
    if not finished and board.is_full():
        raise ValueError("the board is full, so the game would be over")
    standing = board.lines()
    if standing:
        line = standing[0]
        start = cell_name(line.cells[0])
        raise ValueError(f"the board has a line of {len(line.cells)} from {start}")
    cells = [cell for cell, _ in preview]
    expected = min(BALLS_PER_TURN, len(board.empty_cells()))
    if len(preview) != expected:
        raise ValueError(f"the preview must have {expected} balls, not {len(preview)}")
    for cell, colour in preview:
        if colour not in COLOURS:
            raise ValueError(f"unknown colour {colour!r} in the preview")
        if not board.on_board(cell):
            row, column = cell
            where = f"row {row + 1} column {column + 1}"
            raise ValueError(f"a preview ball is off the board, at {where}")
        if board[cell] is not None:
            raise ValueError(f"the preview cell {cell_name(cell)} is occupied")
        if cells.count(cell) > 1:
            raise ValueError(f"the preview has two balls on {cell_name(cell)}")


class LinesGame:
    """One game in progress. Mutable: `play` changes it. Build one with `new`, `from_position`,
    `replay` or `from_json`."""

    def __init__(
        self,
        *,
        board: Board,
        preview: tuple[Ball, ...],
        chance: Chance,
        seed: int,
        start: StartPosition | None,
        score: int = 0,
        moves: tuple[Move, ...] = (),
        started_at: float = 0.0,
        ended_at: float | None = None,
    ) -> None:
        self.board = board
        self.preview = preview
        self.score = score
        self.seed = seed
        self.size = board.size
        self.moves: list[Move] = list(moves)
        self.started_at = started_at
        self.ended_at = ended_at
        self._chance = chance
        self._start = start
        self.deal_choice: DealChoice = RANDOM
        """How the seed was chosen (the table the game plays for); set by whoever starts it."""

    @classmethod
    def new(cls, seed: int, size: int = DEFAULT_SIZE, started_at: float = 0.0) -> LinesGame:
        """A new game: the computer's first addition (5 balls) is done and the preview drawn."""
        check_seed(seed)
        check_size(size)
        chance = Chance(seed)
        game = cls(
            board=Board(size),
            preview=(),
            chance=chance,
            seed=seed,
            start=None,
            started_at=started_at,
        )
        game._add(chance.balls(game.board, START_BALLS))
        return game

    @classmethod
    def from_position(
        cls, board: Board, preview: tuple[Ball, ...], seed: int, started_at: float = 0.0
    ) -> LinesGame:
        """A game that continues from a given position and preview, its later random choices
        drawn from `seed` (for tests and bug reports). Raises ValueError for a position no game
        can be in between turns: no balls, a full board, a standing line, or a preview that is
        not min(3, empty cells) balls on distinct empty cells."""
        check_seed(seed)
        preview = tuple(((row, col), colour) for (row, col), colour in preview)
        check_position(board, preview)
        return cls(
            board=board,
            preview=preview,
            chance=Chance(seed),
            seed=seed,
            start=StartPosition(board, preview),
            started_at=started_at,
        )

    @property
    def over(self) -> bool:
        return self.board.is_full()

    def play(self, src: Cell, dst: Cell, now: float = 0.0) -> TurnResult:
        """The player moves the ball on `src` to `dst`, then the computer answers (see the module
        notes). `now` (epoch seconds) becomes `ended_at` if the game ends in this turn. Raises
        IllegalMove, changing nothing, if the game is over or the move is not allowed."""
        if self.over:
            raise IllegalMove("the game is over")
        outcome = self.board.move(src, dst)
        self.moves.append(((src[0], src[1]), (dst[0], dst[1])))
        self.board = outcome.board
        self.score += outcome.points
        additions: tuple[Addition, ...] = ()
        if not outcome.removed or not self.board.has_balls():
            additions = self._add(self.preview)
        else:
            self._complete_preview()
        if self.over:
            self.ended_at = now
        return TurnResult(
            path=outcome.path,
            removed_by_move=outcome.removed,
            points_by_move=outcome.points,
            lines_by_move=outcome.lines,
            additions=additions,
            preview=self.preview,
            game_over=self.over,
        )

    def _add(self, balls: tuple[Ball, ...]) -> tuple[Addition, ...]:
        additions = []
        while True:
            relocated, placed = self._relocate(balls)
            self.board, removal = self.board.with_balls(placed).clear_lines()
            self.score += removal.points
            additions.append(Addition(relocated, placed, removal))
            self.preview = self._chance.balls(self.board, BALLS_PER_TURN)
            if self.board.has_balls():
                return tuple(additions)
            balls = self.preview

    def _complete_preview(self) -> None:
        """A preview drawn on a crowded board may hold fewer than 3 balls; once a removal has
        freed cells, it gets the missing ones, so it always shows every ball to come."""
        missing = min(BALLS_PER_TURN, len(self.board.empty_cells())) - len(self.preview)
        if missing > 0:
            around_preview = self.board.with_balls(self.preview)
            self.preview += self._chance.balls(around_preview, missing)

    def _relocate(
        self, balls: tuple[Ball, ...]
    ) -> tuple[tuple[tuple[Cell, Cell], ...], tuple[Ball, ...]]:
        aimed_at = {cell for cell, _ in balls}
        relocated = []
        placed = []
        for cell, colour in balls:
            target = cell
            if self.board[cell] is not None:
                free = [c for c in self.board.empty_cells() if c not in aimed_at]
                target = self._chance.choice(free)
                aimed_at.add(target)
                relocated.append((cell, target))
            placed.append((target, colour))
        return tuple(relocated), tuple(placed)

    def record(self) -> GameRecord:
        return GameRecord(RULES_VERSION, self.size, self.seed, tuple(self.moves), self._start)

    @classmethod
    def replay(cls, record: GameRecord) -> LinesGame:
        """The game the record describes, every move played again. Raises GameDataError if the
        record is of other rules, malformed, or holds a move its game does not allow."""
        check_rules_version(record.rules_version)
        try:
            if record.start is None:
                game = cls.new(record.seed, record.size)
            else:
                game = cls.from_position(record.start.board, record.start.preview, record.seed)
        except ValueError as error:
            raise GameDataError(f"the record cannot start: {error}") from None
        if game.size != record.size:
            raise GameDataError(
                f"the record is for size {record.size} but starts on a {game.size} board"
            )
        for number, (src, dst) in enumerate(record.moves, start=1):
            try:
                game.play(src, dst)
            except IllegalMove as error:
                raise GameDataError(f"move {number}, {src} to {dst}, is illegal: {error}") from None
        return game

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-ready data; `from_json` gives back an identical game that goes
        on exactly as this one would."""
        return {
            **self.record().to_json(),
            "board": write_board(self.board),
            "preview": write_balls(self.preview),
            "score": self.score,
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "random": self._chance.to_json(),
            "deal_choice": self.deal_choice.to_json(),
        }

    @classmethod
    def from_json(cls, data: object) -> LinesGame:
        """Raises GameDataError (one line) for data `to_json` would not have written: among it,
        a game whose board, preview, score or random state its own moves, played again from its
        start (`replay`), do not reach (a score edited by hand was filed, then refuted)."""
        record = GameRecord.from_json(data)
        fields = read_mapping(data, "the saved game")
        board = read_board(fields, "board")
        preview = read_balls(fields, "preview")
        started_at = read_time(fields, "started_at")
        ended_at = read_time(fields, "ended_at")
        try:
            check_seed(record.seed)
            check_position(board, preview, finished=True)
            chance = Chance.from_json(fields.get("random"))
        except ValueError as error:
            raise GameDataError(str(error)) from None
        if board.size != record.size:
            raise GameDataError(f"'size' is {record.size} but the board is {board.size} wide")
        if started_at is None:
            raise GameDataError("'started_at' must be a time in seconds")
        if (ended_at is None) == board.is_full():
            raise GameDataError("'ended_at' must be set exactly when the game is over")
        try:
            choice = DealChoice.from_json(fields.get("deal_choice"))
        except ValueError as error:
            raise GameDataError(str(error)) from None
        not_daily = not_the_days_deal(
            choice, record.seed, lambda day: [lines_daily_seed(record.size, day)]
        )
        if not_daily is not None:
            raise GameDataError(not_daily)
        if record.start is not None and choice != RANDOM:
            # It would play for the deal's table, where friends race (as in Mahjong).
            raise GameDataError("a board set up by hand ('start') is no deal of a table")
        game = cls(
            board=board,
            preview=preview,
            chance=chance,
            seed=record.seed,
            start=record.start,
            score=read_int(fields, "score"),
            moves=record.moves,
            started_at=started_at,
            ended_at=ended_at,
        )
        game.deal_choice = choice
        game._check_replayed(cls.replay(record))
        return game

    def _check_replayed(self, replayed: LinesGame) -> None:
        """GameDataError unless this game, read from a save, stands where its moves lead
        (`replayed`): what the moves decide is never taken from a save on trust. Asked last,
        so that a malformed field is told as such first."""
        if self.score != replayed.score:
            raise GameDataError(f"'score' is {self.score}, but its moves score {replayed.score}")
        if self.board != replayed.board:
            raise GameDataError("'board' is not the board its moves lead to")
        if self.preview != replayed.preview:
            raise GameDataError("'preview' is not the next balls its moves lead to")
        if self._chance.to_json() != replayed._chance.to_json():
            raise GameDataError("'random' is not the random state its moves leave")
