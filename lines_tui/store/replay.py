"""Replaying a game record with the engine, move by move: for checking an entry, and for coding
its moves as their numbers among the legal choices (README, "Share codes, format 2").

A replay is bounded: at most MAX_LINES_MOVES moves, and a caller's `deadline` is asked every
few moves, so a hostile record cannot hang the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from lines_tui.engine.lines import RULES_VERSION, LinesGame
from lines_tui.engine.lines import IllegalMove as LinesIllegalMove
from lines_tui.engine.lines.choices import MoveChoices
from lines_tui.engine.mahjong.deal import DEALERS, deal
from lines_tui.engine.mahjong.faces import face_by_id, is_standard_face
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.layouts import Layout
from lines_tui.engine.mahjong.position import Position
from lines_tui.store.records import (
    MAX_LINES_MOVES,
    Cell,
    LinesMove,
    LinesRecord,
    MahjongRecord,
    Pair,
    record_problem,
)

Deadline = Callable[[], bool]
"""Asked during a replay: True once the time allowed for it is spent."""
CHECK_EVERY = 16


class Refuted(ValueError):
    """The record does not hold up; the message says where, in one line."""


class OutOfTime(Exception):
    """The replay's time ran out before it was finished."""


def no_deadline() -> bool:
    """For replays of one's own records (coding them, watching them): no time limit."""
    return False


def _check_time(move: int, deadline: Deadline) -> None:
    if move % CHECK_EVERY == 0 and deadline():
        raise OutOfTime


class LinesReplay:
    """A Lines game played again from its seed: moves given as moves or as choice numbers."""

    def __init__(self, size: int, seed: int, deadline: Deadline) -> None:
        self.game = LinesGame.new(seed, size)
        self.moves: list[LinesMove] = []
        self._deadline = deadline
        self._choices: MoveChoices | None = None

    def choice_count(self) -> int:
        """How many moves are legal now (0 once the game is over)."""
        if self.game.over:
            return 0
        if self._choices is None:
            self._choices = MoveChoices(self.game.board)
        return self._choices.count

    def number_of(self, move: LinesMove) -> int:
        self.choice_count()
        assert self._choices is not None
        return self._choices.number(move)

    def play_number(self, number: int) -> None:
        self.choice_count()
        assert self._choices is not None
        self.play(self._choices.move(number))

    def play(self, move: LinesMove) -> None:
        count = len(self.moves) + 1
        if len(self.moves) >= MAX_LINES_MOVES:
            raise Refuted(f"more than {MAX_LINES_MOVES} moves")
        _check_time(count, self._deadline)
        if self.game.over:
            raise Refuted(f"move {count} comes after the game ended")
        (r1, c1), (r2, c2) = move
        try:
            self.game.play(move[0], move[1])
        except (LinesIllegalMove, IndexError) as error:
            where = f"row {r1} col {c1} to row {r2} col {c2}"
            raise Refuted(f"move {count}, {where}: {error}") from None
        self.moves.append(move)
        self._choices = None

    @property
    def record(self) -> LinesRecord:
        return LinesRecord(RULES_VERSION, tuple(self.moves))


class MahjongReplay:
    """A Mahjong deal played again: pairs given as tile numbers or as choice numbers."""

    def __init__(self, layout: Layout, seed: int, dealer: int, deadline: Deadline) -> None:
        if dealer not in DEALERS:
            raise Refuted(f"dealer version {dealer} is unknown here")
        self.game = MahjongGame.new(layout, seed, dealer=dealer)
        self._deadline = deadline

    def choice_count(self) -> int:
        return len(self.game.available_pairs())

    def number_of(self, pair: Pair) -> int:
        try:
            return self.game.available_pairs().index((min(pair), max(pair)))
        except ValueError:
            count = len(self.game.history) + 1
            first, second = sorted(pair)
            raise Refuted(
                f"move {count}: tiles {first} and {second} are not a pair that can be taken"
            ) from None

    def play_number(self, number: int) -> None:
        self.play(self.game.available_pairs()[number])

    def play(self, pair: Pair) -> None:
        count = len(self.game.history) + 1
        _check_time(count, self._deadline)
        if self.game.won:
            raise Refuted(f"move {count} comes after the board was cleared")
        problem = self._problem(pair)
        if problem is not None:
            raise Refuted(f"move {count} {problem}")
        self.game.remove(*pair)

    def _problem(self, pair: Pair) -> str | None:
        game = self.game
        tiles = len(game.position.slots)
        for tile in pair:
            if not 0 <= tile < tiles:
                return f"takes tile {tile}, and the layout has {tiles}"
        first, second = pair
        if first == second:
            return f"pairs tile {first} with itself"
        for tile in pair:
            if not game.is_present(tile):
                return f"takes {self.label(tile)} (tile {tile}), which was already taken"
        for tile in pair:
            if not game.is_free(tile):
                covered = game.position.geometry.covers[tile] & game.present
                why = "covered" if covered else "blocked on both sides"
                return f"takes {self.label(tile)} (tile {tile}), which is {why}"
        if not game.matches(first, second):
            return f"pairs {self.label(first)} with {self.label(second)}"
        return None

    def label(self, tile: int) -> str:
        face = self.game.face(tile)
        return face_by_id(face).label if is_standard_face(face) else face

    @property
    def record(self) -> MahjongRecord:
        return MahjongRecord(self.game.dealer, tuple(self.game.history))


def record_of_lines(game: LinesGame) -> LinesRecord | None:
    """The record an entry keeps of a finished game (None for a game set up by hand, or one of
    more moves than a record holds: its score is kept, unverified)."""
    played = game.record()
    if played.start is not None:
        return None
    record = LinesRecord(played.rules_version, played.moves)
    return None if record_problem(record) else record


def record_of_mahjong(game: MahjongGame) -> MahjongRecord | None:
    """The record an entry keeps of a won game (None for a position not dealt from its seed,
    such as one read from a position file: no replay could find it again)."""
    if deal(game.layout, game.seed, game.dealer) != game.position:
        return None
    return MahjongRecord(game.dealer, tuple(game.history))


def replay_lines(size: int, seed: int, record: LinesRecord, deadline: Deadline) -> LinesReplay:
    """Every move of `record` played again; Refuted at the first one the rules do not allow."""
    if record.rules != RULES_VERSION:
        raise Refuted(f"rules version {record.rules} is not played here")
    replay = LinesReplay(size, seed, deadline)
    for move in record.moves:
        replay.play(move)
    return replay


def replay_mahjong(
    layout: Layout, seed: int, record: MahjongRecord, deadline: Deadline
) -> MahjongReplay:
    """Every pair of `record` taken again; Refuted at the first one the rules do not allow."""
    replay = MahjongReplay(layout, seed, record.dealer, deadline)
    for pair in record.pairs:
        replay.play(pair)
    return replay


# -- watching a game -----------------------------------------------------------------------------


@dataclass(frozen=True)
class LinesFrame:
    """The board after a move (or at the start): balls, the preview, the score so far."""

    balls: dict[Cell, str]
    preview: dict[Cell, str]
    score: int


def lines_frames(size: int, seed: int, record: LinesRecord) -> list[LinesFrame]:
    """The start and the position after every move of a verified record, for a replay viewer."""
    replay = LinesReplay(size, seed, no_deadline)

    def frame() -> LinesFrame:
        game = replay.game
        return LinesFrame(dict(game.board.balls()), dict(game.preview), game.score)

    frames = [frame()]
    for move in record.moves:
        replay.play(move)
        frames.append(frame())
    return frames


def mahjong_frames(layout: Layout, seed: int, record: MahjongRecord) -> tuple[Position, list[int]]:
    """The deal, and the tiles present at the start and after every pair of a verified record."""
    replay = MahjongReplay(layout, seed, record.dealer, no_deadline)
    present = [replay.game.present]
    for pair in record.pairs:
        replay.play(pair)
        present.append(replay.game.present)
    return replay.game.position, present
