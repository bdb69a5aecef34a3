"""The Lines turn loop (README, "Lines: the rules in short"): additions, the preview, relocation,
the emptied board, the end of the game, and reproducibility (records, save and resume)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conftest import greedy_move

from lines_tui.engine.daily_seeds import lines_daily_seed
from lines_tui.engine.deal_choice import CHOSEN, LAST_DEAL, RANDOM, DealChoice, daily
from lines_tui.engine.lines import (
    COLOURS,
    RULES_VERSION,
    Ball,
    Board,
    Cell,
    GameDataError,
    GameRecord,
    IllegalMove,
    LinesGame,
    StartPosition,
    points,
)


def board(text: str) -> Board:
    return Board.from_text(text)


def packed(empty: set[Cell], overrides: dict[Cell, str] | None = None, size: int = 9) -> Board:
    """A board full but for `empty`, coloured so that no two neighbouring balls in any direction
    match (colour index row + 2 * col, mod 7), so no line stands or forms by accident."""
    overrides = overrides or {}
    return board(
        "\n".join(
            "".join(
                "." if (r, c) in empty else overrides.get((r, c), COLOURS[(r + 2 * c) % 7])
                for c in range(size)
            )
            for r in range(size)
        )
    )


def random_move(game: LinesGame, chooser: random.Random) -> tuple[Cell, Cell]:
    movable = [(cell, game.board.reachable(cell)) for cell, _ in game.board.balls()]
    cell, targets = chooser.choice([(c, t) for c, t in movable if t])
    return cell, chooser.choice(sorted(targets))


def play_out(game: LinesGame, chooser_seed: int, limit: int = 10_000) -> None:
    chooser = random.Random(chooser_seed)
    while not game.over and len(game.moves) < limit:
        game.play(*random_move(game, chooser))


def assert_preview_sane(game: LinesGame) -> None:
    cells = [cell for cell, _ in game.preview]
    assert len(set(cells)) == len(cells)
    assert all(game.board[cell] is None for cell in cells)
    assert len(cells) == min(3, len(game.board.empty_cells()))
    assert all(colour in COLOURS for _, colour in game.preview)


# --- a new game -------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [7, 9, 15])
@pytest.mark.parametrize("seed", [0, 1, 2, 99, 2**40])
def test_the_computer_starts_with_five_balls_and_shows_three_next(seed: int, size: int) -> None:
    game = LinesGame.new(seed, size=size, started_at=1234.5)
    assert game.board.size == game.size == size
    assert game.board.ball_count() == 5
    assert len(game.preview) == 3
    assert_preview_sane(game)
    assert game.score == 0 and not game.over and game.moves == []
    assert game.seed == seed and game.started_at == 1234.5 and game.ended_at is None


def test_the_default_board_is_nine_by_nine() -> None:
    assert LinesGame.new(3).size == 9


def test_a_seed_fixes_the_game() -> None:
    assert LinesGame.new(17).to_json() == LinesGame.new(17).to_json()
    firsts = {LinesGame.new(seed).board for seed in range(20)}
    assert len(firsts) == 20


def test_the_first_position_of_seed_1_never_changes() -> None:
    """Old records and share codes replay only while the draws stay the same. If this fails on
    purpose, bump RULES_VERSION."""
    game = LinesGame.new(1)
    assert game.board.to_text() == "\n".join(
        [
            ".......R.",
            ".Y.......",
            ".........",
            ".........",
            "....C....",
            ".......Y.",
            "........B",
            ".........",
            ".........",
        ]
    )
    assert game.preview == (((7, 5), "C"), ((6, 7), "R"), ((3, 7), "Y"))
    assert RULES_VERSION == 1


@pytest.mark.parametrize(
    ("seed", "size", "message"),
    [(-1, 9, "seed"), (LAST_DEAL + 1, 9, "seed"), (1, 6, "7 to 15"), (1, 16, "7 to 15")],
)
def test_new_refuses_bad_seeds_and_sizes(seed: int, size: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        LinesGame.new(seed, size=size)


# --- moves and additions ----------------------------------------------------------------------

OPEN = board("""
    RRRR.....
    .........
    ....R....
    .........
    .........
    .........
    .........
    .........
    ........B
""")
OPEN_PREVIEW: tuple[Ball, ...] = (((6, 0), "G"), ((6, 1), "V"), ((7, 7), "Y"))


def test_a_move_that_scores_gives_another_move_without_additions() -> None:
    game = LinesGame.from_position(OPEN, OPEN_PREVIEW, seed=1)
    result = game.play((2, 4), (0, 4))
    assert result.removed_by_move == {(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)}
    assert result.points_by_move == result.points == 25 == game.score
    assert result.additions == () and result.added == () and result.relocated == ()
    assert game.board.balls() == [((8, 8), "B")]
    assert game.preview == result.preview == OPEN_PREVIEW, "the preview waits for the next turn"
    assert result.path == [(2, 4), (1, 4), (0, 4)]


def test_a_move_that_does_not_score_brings_the_previewed_balls() -> None:
    game = LinesGame.from_position(OPEN, OPEN_PREVIEW, seed=1)
    result = game.play((2, 4), (2, 5))
    assert result.points == 0 and result.removed_by_move == frozenset()
    assert result.added == OPEN_PREVIEW and result.relocated == ()
    for cell, colour in OPEN_PREVIEW:
        assert game.board[cell] == colour
    assert game.board.ball_count() == 5 + 1 + 3
    assert result.preview == game.preview != OPEN_PREVIEW
    assert_preview_sane(game)
    assert game.moves == [((2, 4), (2, 5))]


def test_a_ball_moved_onto_a_previewed_cell_sends_that_ball_elsewhere() -> None:
    game = LinesGame.from_position(OPEN, OPEN_PREVIEW, seed=1)
    before = set(game.board.empty_cells())
    result = game.play((2, 4), (7, 7))
    assert game.board[(7, 7)] == "R", "the player's ball stays where it was put"
    ((old, new),) = result.relocated
    assert old == (7, 7)
    assert new in before and new not in {(6, 0), (6, 1), (7, 7)}
    assert game.board[new] == "Y", "same colour, other cell"
    assert set(result.added) == {((6, 0), "G"), ((6, 1), "V"), (new, "Y")}
    assert_preview_sane(game)


def test_on_a_crowded_board_the_relocated_ball_takes_the_cell_the_mover_left() -> None:
    # Only the three previewed cells are empty, so the player must take one of them; then the
    # only cell no new ball is aimed at is the one the moved ball left.
    empty = {(0, 0), (4, 4), (8, 8)}
    preview = (((0, 0), "R"), ((4, 4), "R"), ((8, 8), "R"))
    game = LinesGame.from_position(packed(empty), preview, seed=5)
    result = game.play((4, 5), (4, 4))
    assert result.relocated == (((4, 4), (4, 5)),)
    assert game.board[(4, 5)] == "R"


def test_a_scoring_move_onto_a_previewed_cell_leaves_that_ball_in_place() -> None:
    """The preview is checked when the balls are added: the scoring move cleared its own cell."""
    preview = (((0, 4), "Y"), ((6, 1), "V"), ((7, 7), "G"))
    game = LinesGame.from_position(OPEN, preview, seed=1)
    assert game.play((2, 4), (0, 4)).points == 25
    assert game.preview == preview
    result = game.play((8, 8), (8, 7))
    assert result.relocated == () and game.board[(0, 4)] == "Y"


def test_lines_of_two_colours_completed_by_one_addition_score_per_colour() -> None:
    start = board("""
        RRRR.....
        .........
        BBBB.....
        .........
        .........
        .........
        .........
        .........
        ........N
    """)
    preview = (((0, 4), "R"), ((2, 4), "B"), ((5, 5), "G"))
    game = LinesGame.from_position(start, preview, seed=2)
    result = game.play((8, 8), (8, 7))
    assert result.points_by_move == 0
    assert result.removed_by_addition == {(0, c) for c in range(5)} | {(2, c) for c in range(5)}
    assert result.points_by_addition == points("R", 5) + points("B", 5) == 25 + 35
    assert game.score == 60
    assert game.board.balls() == [((5, 5), "G"), ((8, 7), "N")]
    assert_preview_sane(game)


def test_two_lines_of_one_colour_from_one_addition_add_up_before_scoring() -> None:
    start = board("""
        RRRR.....
        .........
        .........
        .........
        .....R...
        .....R...
        .....R...
        .....R...
        ........N
    """)
    preview = (((0, 4), "R"), ((3, 5), "R"), ((6, 0), "G"))
    game = LinesGame.from_position(start, preview, seed=2)
    result = game.play((8, 8), (8, 7))
    assert len(result.removed_by_addition) == 10
    assert result.points_by_addition == points("R", 10) == 180  # not 25 + 25


def test_an_addition_completing_a_crossing_counts_the_crossing_ball_twice() -> None:
    start = board("""
        ....B....
        ....B....
        ....B....
        ....B....
        BBBB.....
        .........
        .........
        .........
        ........N
    """)
    preview = (((4, 4), "B"), ((7, 0), "G"), ((7, 1), "G"))
    game = LinesGame.from_position(start, preview, seed=2)
    result = game.play((8, 8), (8, 7))
    assert len(result.removed_by_addition) == 9
    assert result.points_by_addition == points("B", 10)


def test_a_move_that_empties_the_board_brings_the_next_balls() -> None:
    start = board("""
        RRRR.....
        .........
        ....R....
        .........
        .........
        .........
        .........
        .........
        .........
    """)
    game = LinesGame.from_position(start, OPEN_PREVIEW, seed=3)
    result = game.play((2, 4), (0, 4))
    assert result.points_by_move == 25
    ((addition,),) = (result.additions,)
    assert addition.added == OPEN_PREVIEW
    assert sorted(game.board.balls()) == sorted(OPEN_PREVIEW)
    assert len(game.preview) == 3 and game.preview != OPEN_PREVIEW
    assert_preview_sane(game)


def test_an_addition_that_empties_the_board_brings_the_next_balls_at_once() -> None:
    start = board("""
        R........
        .........
        .R.......
        .........
        .........
        .........
        .........
        .........
        .........
    """)
    preview = (((0, 2), "R"), ((0, 3), "R"), ((0, 4), "R"))
    game = LinesGame.from_position(start, preview, seed=4)
    result = game.play((2, 1), (0, 1))
    first, second = result.additions
    assert first.added == preview and first.removal.points == 25
    assert second.added != () and sorted(game.board.balls()) == sorted(second.added)
    assert second.removal.points == 0
    assert game.board.ball_count() == 3 and game.score == 25
    assert result.points_by_addition == 25
    assert_preview_sane(game)


def test_the_game_ends_when_an_addition_fills_the_board() -> None:
    empty = {(0, 0), (4, 4), (8, 8)}
    preview = (((0, 0), "B"), ((4, 4), "B"), ((8, 8), "B"))
    game = LinesGame.from_position(packed(empty), preview, seed=6, started_at=100.0)
    assert not game.over
    result = game.play((4, 5), (4, 4), now=250.0)
    assert result.game_over and game.over and game.board.is_full()
    assert game.preview == () == result.preview
    assert game.ended_at == 250.0 and game.started_at == 100.0
    saved = game.to_json()
    with pytest.raises(IllegalMove, match=r"^the game is over$"):
        game.play((0, 0), (0, 1), now=300.0)
    assert game.to_json() == saved


def test_fewer_empty_cells_than_balls_fill_what_fits_and_a_line_keeps_the_game_going() -> None:
    empty = {(0, 4), (8, 8)}
    reds = {(0, c): "R" for c in range(4)}
    start = packed(empty, reds)
    assert start.lines() == ()
    preview = (((0, 4), "R"), ((8, 8), "B"))
    game = LinesGame.from_position(start, preview, seed=7)
    result = game.play((7, 8), (8, 8))
    assert result.relocated == (((8, 8), (7, 8)),)
    assert result.removed_by_addition == {(0, c) for c in range(5)}
    assert result.points == 25 and not result.game_over and not game.over
    assert len(game.board.empty_cells()) == 5
    assert len(game.preview) == 3
    assert_preview_sane(game)


def test_a_short_preview_is_completed_when_a_scoring_move_frees_cells() -> None:
    """Drawn with two empty cells the preview had two balls; the removal frees seven cells, so
    the next addition brings three, and the third shows at once, not only when it lands."""
    reds = {(0, c): "R" for c in range(4)} | {(1, 4): "R"}
    start = packed({(0, 4), (8, 8)}, reds)
    preview = (((0, 4), "B"), ((8, 8), "G"))
    game = LinesGame.from_position(start, preview, seed=8)
    result = game.play((1, 4), (0, 4))
    assert result.points == 25 and result.additions == ()
    assert len(game.board.empty_cells()) == 7
    assert game.preview[:2] == preview and len(game.preview) == 3 == len(result.preview)
    assert_preview_sane(game)
    added = game.play((1, 3), (1, 4)).added
    assert len(added) == 3


def test_an_illegal_move_changes_nothing() -> None:
    game = LinesGame.new(8)
    saved = game.to_json()
    ball = game.board.balls()[0][0]
    empty = game.board.empty_cells()[0]
    for src, dst, message in [
        (empty, ball, "no ball at"),
        (ball, ball, "already"),
        (ball, (9, 9), "not on the 9 x 9 board"),
    ]:
        with pytest.raises(IllegalMove, match=message):
            game.play(src, dst)
        assert game.to_json() == saved


@pytest.mark.parametrize(
    ("start", "preview", "message"),
    [
        (Board(9), (), "no balls"),
        (packed(set()), (), "full"),
        (board("RRRRR....\n" + ".........\n" * 8), (((5, 5), "B"),) * 1, "line of 5 from 1a$"),
        (OPEN, OPEN_PREVIEW[:2], "must have 3 balls, not 2"),
        (OPEN, (*OPEN_PREVIEW, ((5, 5), "B")), "must have 3 balls, not 4"),
        (OPEN, (((0, 0), "B"), *OPEN_PREVIEW[1:]), "the preview cell 1a is occupied"),
        (OPEN, (((6, 1), "B"), *OPEN_PREVIEW[1:]), "two balls on 7b$"),
        (OPEN, (((9, 0), "B"), *OPEN_PREVIEW[1:]), "off the board, at row 10 column 1$"),
        (OPEN, (((6, 2), "X"), *OPEN_PREVIEW[1:]), "unknown colour"),
        (Board(5).with_balls([((0, 0), "R")]), (), "7 to 15"),
    ],
)
def test_from_position_refuses_what_no_game_can_be_in(
    start: Board, preview: tuple[Ball, ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        LinesGame.from_position(start, preview, seed=1)


# --- records and replays ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 12345])
def test_a_record_replays_to_the_same_game(seed: int) -> None:
    game = LinesGame.new(seed)
    play_out(game, chooser_seed=seed)
    assert game.over and game.moves
    record = game.record()
    assert record.rules_version == RULES_VERSION and record.seed == seed and record.size == 9
    assert list(record.moves) == game.moves
    again = LinesGame.replay(record)
    assert again.to_json() == game.to_json()
    assert (
        LinesGame.replay(GameRecord.from_json(json.loads(json.dumps(record.to_json())))).score
        == game.score
    )


def test_every_step_of_a_replay_matches() -> None:
    game = LinesGame.new(21, size=7)
    chooser = random.Random(21)
    boards, previews, scores = [], [], []
    while not game.over:
        game.play(*random_move(game, chooser))
        boards.append(game.board)
        previews.append(game.preview)
        scores.append(game.score)
    again = LinesGame.new(21, size=7)
    for (src, dst), b, p, s in zip(game.moves, boards, previews, scores, strict=True):
        again.play(src, dst)
        assert (again.board, again.preview, again.score) == (b, p, s)


def test_a_game_begun_from_a_position_replays_from_it() -> None:
    game = LinesGame.from_position(OPEN, OPEN_PREVIEW, seed=9)
    play_out(game, chooser_seed=9, limit=15)
    record = game.record()
    assert record.start is not None and record.start.board == OPEN
    restored = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert restored == record
    assert LinesGame.replay(restored).to_json() == game.to_json()


def test_replay_refuses_other_rules_and_illegal_moves() -> None:
    game = LinesGame.new(2)
    play_out(game, chooser_seed=2, limit=5)
    record = game.record()
    with pytest.raises(GameDataError, match="rules version 99"):
        LinesGame.replay(GameRecord(99, 9, 2, record.moves))
    with pytest.raises(GameDataError, match="size 7 but starts on a 9 board"):
        LinesGame.replay(GameRecord(RULES_VERSION, 7, 2, (), StartPosition(OPEN, OPEN_PREVIEW)))
    with pytest.raises(GameDataError, match="cannot start: the board has no balls"):
        LinesGame.replay(GameRecord(RULES_VERSION, 9, 2, (), StartPosition(Board(9), ())))
    bad = (*record.moves[:3], ((0, 0), (0, 0)))
    with pytest.raises(GameDataError, match=r"^move 4, \(0, 0\) to \(0, 0\), is illegal: "):
        LinesGame.replay(GameRecord(RULES_VERSION, 9, 2, bad))


# --- save and resume --------------------------------------------------------------------------


def through_json(game: LinesGame) -> LinesGame:
    return LinesGame.from_json(json.loads(json.dumps(game.to_json())))


def test_a_resumed_game_goes_on_exactly_like_the_original() -> None:
    game = LinesGame.new(31, started_at=1_700_000_000.25)
    play_out(game, chooser_seed=31, limit=12)
    copy = through_json(game)
    assert copy.to_json() == game.to_json()
    assert copy.started_at == 1_700_000_000.25 and copy.ended_at is None
    chooser = random.Random(5)
    while not game.over:
        src, dst = random_move(game, chooser)
        assert copy.play(src, dst, now=2e9) == game.play(src, dst, now=2e9)
        assert copy.to_json() == game.to_json()
    assert copy.ended_at == 2e9
    assert through_json(copy).to_json() == copy.to_json()
    assert LinesGame.replay(copy.record()).score == game.score


@pytest.mark.parametrize("seed", [2**53 + 1, 14_339_459_351_187_313_977, LAST_DEAL])
def test_a_game_of_any_deal_number_resumes(seed: int) -> None:
    """A deal of the day's seed is 8 bytes of a hash, so nearly every one is above 2**53: the
    game was saved, then refused on resuming and set aside as damaged."""
    game = LinesGame.new(seed)
    play_out(game, chooser_seed=3, limit=2)
    assert through_json(game).to_json() == game.to_json()
    record = GameRecord.from_json(json.loads(json.dumps(game.record().to_json())))
    assert LinesGame.replay(record).to_json() == game.to_json()
    with pytest.raises(GameDataError, match="'seed' must be a whole number from 0 to"):
        GameRecord.from_json({**game.record().to_json(), "seed": LAST_DEAL + 1})


def test_the_generator_state_is_part_of_the_save() -> None:
    """A save must not merely restart the generator from the seed: after a few turns it has
    moved on, and the resumed game must draw what the original would have drawn."""
    game = LinesGame.new(40)
    play_out(game, chooser_seed=40, limit=6)
    data = game.to_json()
    fresh = LinesGame.new(40).to_json()["random"]
    assert data["random"] != fresh


def valid_save() -> dict[str, Any]:
    game = LinesGame.new(50)
    play_out(game, chooser_seed=50, limit=4)
    data: dict[str, Any] = json.loads(json.dumps(game.to_json()))
    return data


def broken(**changes: Any) -> dict[str, Any]:
    data = valid_save()
    for key, value in changes.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "not a JSON object"),
        (broken(rules_version=2), "rules version 2"),
        (broken(seed=-3), "'seed'"),
        (broken(score=KeyError), "'score' is missing"),
        (broken(score=1.5), "'score'"),
        (broken(score=True), "'score'"),
        (broken(board=["........."] * 8 + [".....X..."]), "'board': row 8, column 5"),
        (broken(board="RRRR"), "'board' must be a list"),
        (broken(preview=[[0, 0]]), r"'preview': \[0, 0\] is not"),
        (broken(preview=[[1, 1, "R"], [1, 1, "R"], [2, 2, "B"]]), "preview"),
        (broken(moves=[[0, 0, 1]]), "'moves'"),
        (broken(started_at="noon"), "'started_at'"),
        (broken(started_at=None), "'started_at'"),
        # A file edited by hand: each crashed the game's clock when resumed.
        (broken(started_at=float("inf")), "'started_at' must be a time in seconds"),
        (broken(started_at=10**400), "'started_at' must be a time in seconds"),
        (broken(started_at=-1e300), "'started_at' must be a time in seconds"),
        (broken(score=10**400), "'score' must be a whole number from 0 to "),
        (broken(ended_at=5.0), "'ended_at'"),
        (broken(size=11), "'size' is 11"),
        # A player review: it said "from 0 to 9,007,199,254,740,992", where 7 to 15 are boards.
        (broken(size="9"), "'size' must be a whole number from 7 to 15$"),
        (broken(size=99), "'size' must be a whole number from 7 to 15$"),
        (broken(random=[3, [0] * 10, None]), "625"),
        (broken(random=KeyError), "random generator"),
        (broken(start=[]), "'start' is not a JSON object"),
    ],
)
def test_a_corrupt_save_is_refused_in_one_line(data: Any, message: str) -> None:
    with pytest.raises(GameDataError, match=message) as caught:
        LinesGame.from_json(data)
    assert "\n" not in str(caught.value)


def edited(change: str) -> dict[str, Any]:
    """`valid_save` (4 moves, no points yet) with one thing its moves decide changed by hand,
    into something that still reads as a game."""
    data = valid_save()
    if change == "score":
        data["score"] = 5000  # was filed at place 1, then refuted: "the game scores 140 points"
    elif change == "board":
        data["board"][0] = "G........"  # the top row's ball one cell over
    elif change == "preview":
        data["preview"][0][2] = "R" if data["preview"][0][2] != "R" else "B"
    elif change == "random":
        data["random"] = LinesGame.new(50).to_json()["random"]  # the deal's, before any draw
    elif change == "moves":
        data["moves"] = data["moves"][:-1]
    return data


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ("score", "'score' is 5000, but its moves score 0"),
        ("board", "'board' is not the board its moves lead to"),
        ("preview", "'preview' is not the next balls its moves lead to"),
        ("random", "'random' is not the random state its moves leave"),
        ("moves", "'board' is not the board its moves lead to"),
    ],
)
def test_a_save_its_own_moves_do_not_reach_is_refused_in_one_line(change: str, reason: str) -> None:
    """A save with its score edited to 5000 resumed, and the game over filed 5,140 points and
    gave a challenge code, both refuted by the replay of its moves. What the moves decide is
    checked against them: the save is damaged, in one line."""
    with pytest.raises(GameDataError) as caught:
        LinesGame.from_json(edited(change))
    assert str(caught.value) == reason


def test_a_save_of_a_game_set_up_by_hand_is_checked_from_its_start() -> None:
    """A game that began from a position (`from_position`) replays from that position: it
    resumes, and an edited score is refused as for any game."""
    game = LinesGame.from_position(OPEN, OPEN_PREVIEW, seed=8, started_at=1_700_000_000.0)
    game.play((2, 4), (0, 4))  # completes the top row's line
    play_out(game, chooser_seed=8, limit=5)
    assert game.score > 0
    assert through_json(game).to_json() == game.to_json()
    with pytest.raises(GameDataError, match=r"^'score' is 9999, but its moves score "):
        LinesGame.from_json({**game.to_json(), "score": 9999})


@pytest.mark.parametrize(
    "choice", [RANDOM, CHOSEN, daily("2026-01-01")], ids=lambda choice: choice.mode
)
def test_a_game_saved_mid_play_resumes_whatever_chose_its_deal(choice: DealChoice) -> None:
    """A random deal, one chosen by number (a challenge's too) and a deal of the day, saved
    with points in the middle of play: each resumes as it was, its moves checked."""
    seed = lines_daily_seed(9, choice.day) if choice.mode == "daily" else 70
    game = LinesGame.new(seed)
    game.deal_choice = choice
    while game.score == 0:
        game.play(*greedy_move(game.board))
    assert not game.over
    copy = through_json(game)
    assert copy.to_json() == game.to_json() and copy.deal_choice == choice


def test_a_finished_game_round_trips() -> None:
    game = LinesGame.new(60)
    play_out(game, chooser_seed=60)
    copy = through_json(game)
    assert copy.over and copy.to_json() == game.to_json()
