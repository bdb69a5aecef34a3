"""Lines rules on single positions (README, "Lines: the rules in short"): notation, paths, lines,
removal, points."""

from __future__ import annotations

from itertools import pairwise

import pytest

from lines_tui.engine.lines import (
    COLOUR_NAMES,
    COLOURS,
    PRICES,
    Board,
    IllegalMove,
    NotationError,
    points,
)


def board(text: str) -> Board:
    return Board.from_text(text)


# --- points: the seed's formula ---------------------------------------------------------------


def test_the_seeds_own_examples() -> None:
    assert points("N", 5) == 100
    assert points("N", 10) == 720


@pytest.mark.parametrize("balls", range(5, 12))
def test_fewer_than_12_balls_double_per_ball(balls: int) -> None:
    for colour, price in PRICES.items():
        assert points(colour, balls) == price * 4 + price * 2 ** (balls - 5)


@pytest.mark.parametrize("balls", range(12, 20))
def test_12_balls_or_more_add_1000_per_ball_over_11(balls: int) -> None:
    for colour, price in PRICES.items():
        assert points(colour, balls) == price * 4 + price * 64 + (balls - 11) * 1000


def test_the_formula_at_its_switch() -> None:
    assert points("R", 11) == 5 * 4 + 5 * 64  # 340
    assert points("R", 12) == 340 + 1000
    assert points("N", 12) == 80 + 1280 + 1000


def test_prices_and_colours() -> None:
    assert COLOURS == "RBGCVYN"
    assert PRICES == {"R": 5, "B": 7, "G": 9, "C": 11, "V": 13, "Y": 15, "N": 20}
    assert COLOUR_NAMES["C"] == "light blue" and COLOUR_NAMES["N"] == "brown"
    assert set(COLOUR_NAMES) == set(COLOURS)


@pytest.mark.parametrize(("colour", "balls"), [("N", 4), ("N", 0), ("X", 5), ("r", 5)])
def test_points_refuses_what_is_no_removal(colour: str, balls: int) -> None:
    with pytest.raises(ValueError):
        points(colour, balls)


# --- text notation ----------------------------------------------------------------------------


def test_notation_round_trip_and_cells() -> None:
    text = "R....\n.B...\n..G..\n...CV\nYN..."
    b = board(text)
    assert b.size == 5
    assert b.to_text() == text
    assert b[(0, 0)] == "R" and b[(1, 1)] == "B" and b[(3, 4)] == "V" and b[(4, 1)] == "N"
    assert b[(0, 1)] is None
    assert b.ball_count() == 7
    assert b.balls()[:2] == [((0, 0), "R"), ((1, 1), "B")]
    assert len(b.empty_cells()) == 25 - 7
    assert b.empty_cells()[0] == (0, 1)


def test_notation_ignores_indentation_and_blank_lines() -> None:
    assert board("""
        R....
        .....

        .....
        .....
        ....N
    """) == board("R....\n.....\n.....\n.....\n....N")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("R...\n....\n....\n....", "a board has 5 to 15 rows, not 4"),
        ("\n".join(["." * 16] * 16), "a board has 5 to 15 rows, not 16"),
        ("", "not 0"),
        (".....\n.....\n....\n.....\n.....", "row 2 has 4 cells"),
        (".....\n.....\n......\n.....\n.....", "row 2 has 6 cells"),
        (".....\n..X..\n.....\n.....\n.....", "row 1, column 2: 'X'"),
        (".....\n.....\n.....\n.....\nr....", "row 4, column 0: 'r'"),
        (".....\n.....\n.. ..\n.....\n.....", "row 2, column 2: ' '"),
    ],
)
def test_notation_errors_say_where(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message.replace("(", r"\(")) as caught:
        board(text)
    assert "\n" not in str(caught.value)


def test_cells_off_the_board() -> None:
    b = Board(7)
    assert b.size == 7 and b.ball_count() == 0
    with pytest.raises(IndexError, match=r"\(7, 0\) is not on the 7 x 7 board"):
        b[(7, 0)]
    with pytest.raises(IndexError):
        b[(0, -1)]  # no wrapping around like a Python list


@pytest.mark.parametrize("size", [4, 16])
def test_board_sizes(size: int) -> None:
    with pytest.raises(ValueError):
        Board(size)


def test_changes_return_new_boards() -> None:
    b = Board(5)
    added = b.with_balls([((0, 0), "R"), ((4, 4), "N")])
    assert b.ball_count() == 0 and added.ball_count() == 2
    assert added.without_balls([(0, 0)]).balls() == [((4, 4), "N")]
    with pytest.raises(ValueError, match="occupied"):
        added.with_balls([((0, 0), "B")])
    with pytest.raises(ValueError, match="unknown colour"):
        b.with_balls([((0, 0), "X")])


# --- paths ------------------------------------------------------------------------------------


def assert_free_path(b: Board, path: list[tuple[int, int]]) -> None:
    assert b[path[0]] is not None
    for (r1, c1), (r2, c2) in pairwise(path):
        assert abs(r1 - r2) + abs(c1 - c2) == 1, "steps are orthogonal, one cell at a time"
        assert b[(r2, c2)] is None


def test_shortest_path_around_a_wall() -> None:
    b = board("""
        R.B..
        ..B..
        ..B..
        .....
        .....
    """)
    path = b.path((0, 0), (0, 4))
    assert path is not None
    assert path[0] == (0, 0) and path[-1] == (0, 4)
    assert len(path) == 11  # down to row 3, across, back up: 10 steps
    assert_free_path(b, path)


def test_no_diagonal_steps() -> None:
    b = board("""
        RB...
        B....
        .....
        .....
        .....
    """)
    assert b.path((0, 0), (1, 1)) is None
    assert b.reachable((0, 0)) == frozenset()
    with pytest.raises(IllegalMove, match=r"no free path from \(0, 0\) to \(1, 1\)"):
        b.move((0, 0), (1, 1))


def test_a_blocked_path() -> None:
    b = board("""
        R........
        .........
        ...YYY...
        ...Y.Y...
        ...YYY...
        .........
        .........
        .........
        .........
    """)
    assert b.path((0, 0), (3, 4)) is None
    assert (3, 4) not in b.reachable((0, 0))
    assert b.reachable((0, 0)) == frozenset(b.empty_cells()) - {(3, 4)}
    with pytest.raises(IllegalMove, match="no free path"):
        b.move((0, 0), (3, 4))
    # the enclosed cell is free, so the ring's own balls can still get in
    assert b.path((3, 3), (3, 4)) == [(3, 3), (3, 4)]


def test_path_is_none_for_no_ball_or_taken_target() -> None:
    b = board("R....\nB....\n.....\n.....\n.....")
    assert b.path((2, 2), (3, 3)) is None
    assert b.path((0, 0), (1, 0)) is None
    assert b.reachable((2, 2)) == frozenset()


# --- illegal moves ----------------------------------------------------------------------------

FIVE = board("""
    R.B..
    .....
    .....
    .....
    .....
""")


@pytest.mark.parametrize(
    ("src", "dst", "message"),
    [
        ((1, 1), (2, 2), r"^no ball at \(1, 1\)$"),
        ((0, 0), (0, 2), r"^\(0, 2\) is occupied$"),
        ((0, 0), (0, 0), r"^the ball is already at \(0, 0\)$"),
        ((0, 0), (5, 0), r"^\(5, 0\) is not on the 5 x 5 board$"),
        ((-1, 0), (1, 0), r"^\(-1, 0\) is not on the 5 x 5 board$"),
    ],
)
def test_illegal_moves_say_why(src: tuple[int, int], dst: tuple[int, int], message: str) -> None:
    with pytest.raises(IllegalMove, match=message):
        FIVE.move(src, dst)


def test_illegal_move_is_a_value_error() -> None:
    assert issubclass(IllegalMove, ValueError)


# --- moves, lines and removal -----------------------------------------------------------------


def test_a_move_without_a_line() -> None:
    before = FIVE
    out = before.move((0, 0), (4, 4))
    assert out.board.to_text() == "..B..\n.....\n.....\n.....\n....R"
    assert out.removed == frozenset() and out.points == 0 and out.lines == ()
    assert out.path[0] == (0, 0) and out.path[-1] == (4, 4) and len(out.path) == 9
    assert before == FIVE, "the original board is unchanged"


@pytest.mark.parametrize(
    ("text", "src", "dst", "line"),
    [
        (  # horizontal
            """
            NNNN.....
            .........
            ....N....
            .........
            .........
            .........
            .........
            .........
            .........
            """,
            (2, 4),
            (0, 4),
            [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
        ),
        (  # vertical
            """
            ......N..
            ......N..
            .........
            ......N..
            ......N..
            .........
            .........
            .........
            N........
            """,
            (8, 0),
            (2, 6),
            [(0, 6), (1, 6), (2, 6), (3, 6), (4, 6)],
        ),
        (  # diagonal, down to the right
            """
            .........
            .........
            .........
            .........
            .........
            .....N...
            ......N..
            .......N.
            N.......N
            """,
            (8, 0),
            (4, 4),
            [(4, 4), (5, 5), (6, 6), (7, 7), (8, 8)],
        ),
        (  # diagonal, down to the left
            """
            ....N....
            ...N.....
            .........
            .N.......
            N........
            .........
            .........
            .........
            ........N
            """,
            (8, 8),
            (2, 2),
            [(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)],
        ),
    ],
    ids=["horizontal", "vertical", "diagonal-down-right", "diagonal-down-left"],
)
def test_five_brown_in_every_direction_score_100(
    text: str, src: tuple[int, int], dst: tuple[int, int], line: list[tuple[int, int]]
) -> None:
    out = board(text).move(src, dst)
    assert out.removed == frozenset(line)
    assert out.points == 100
    assert out.board.ball_count() == 0
    assert [ln.cells for ln in out.lines] == [tuple(line)]


def test_four_in_a_row_stay() -> None:
    out = board("""
        RRR......
        .........
        ...R.....
        .........
        .........
        .........
        .........
        .........
        .........
    """).move((2, 3), (0, 3))
    assert out.removed == frozenset() and out.points == 0
    assert out.board.ball_count() == 4


@pytest.mark.parametrize("colour", list(COLOURS))
def test_each_colour_scores_its_price(colour: str) -> None:
    b = board(
        f"""
        {colour * 4}.....
        .........
        ....{colour}....
        .........
        .........
        .........
        .........
        .........
        .........
        """
    )
    assert b.move((2, 4), (0, 4)).points == PRICES[colour] * 5


@pytest.mark.parametrize(
    ("row", "length", "expected"),
    [("RRR.RR...", 6, 5 * 4 + 5 * 2), ("RRR.RRR..", 7, 5 * 4 + 5 * 4), ("RRRR.RRRR", 9, 20 + 80)],
)
def test_longer_lines_count_every_ball(row: str, length: int, expected: int) -> None:
    b = board(row + "\n" + "\n".join(["........."] * 7) + "\n...R.....")
    out = b.move((8, 3), (0, row.index(".")))
    assert len(out.removed) == length
    assert out.points == expected
    assert out.board.ball_count() == 0


def test_a_line_of_one_colour_only() -> None:
    out = board("""
        RRBRR....
        .........
        .........
        ..R......
        .........
        .........
        .........
        .........
        .........
    """).move((3, 2), (1, 2))
    assert out.removed == frozenset()


@pytest.mark.parametrize(
    "cells",
    [
        [(0, 6), (0, 7), (0, 8), (1, 0), (1, 1)],  # row 0 running on into row 1
        [(0, 6), (1, 7), (2, 8), (4, 0), (5, 1)],  # down-right, off the right edge
        [(0, 2), (1, 1), (2, 0), (2, 8), (3, 7)],  # down-left, off the left edge
    ],
    ids=["row", "down-right", "down-left"],
)
def test_lines_do_not_wrap_around_the_edge(cells: list[tuple[int, int]]) -> None:
    b = Board(9).with_balls((cell, "R") for cell in cells)
    assert b.lines() == ()
    # the same balls but the last one still to come: moving it in completes nothing
    spare = b.without_balls([cells[-1]]).with_balls([((8, 4), "R")])
    out = spare.move((8, 4), cells[-1])
    assert out.removed == frozenset() and out.board == b


def test_two_crossing_lines_of_five_score_as_ten() -> None:
    b = board("""
        ....N....
        ....N....
        ....N....
        ....N....
        ..NN.NN..
        .........
        .........
        .........
        N........
    """)
    out = b.move((8, 0), (4, 4))
    assert len(out.removed) == 9, "the crossing ball leaves once"
    assert sorted(len(line.cells) for line in out.lines) == [5, 5]
    assert out.points == points("N", 10) == 720
    assert out.board.ball_count() == 0


def test_crossing_diagonals() -> None:
    b = board("""
        .........
        .........
        ..V...V..
        ...V.V...
        .........
        ...V.V...
        ..V...V..
        .........
        V........
    """)
    out = b.move((8, 0), (4, 4))
    assert len(out.removed) == 9
    assert out.points == points("V", 10) == 13 * 4 + 13 * 32


def test_twelve_or_more_by_crossing_lines() -> None:
    b = board("""
        ....N....
        ....N....
        ....N....
        ....N....
        NNNN.NNNN
        .........
        .........
        .........
        N........
    """)
    out = b.move((8, 0), (4, 4))
    assert len(out.removed) == 13
    assert out.points == points("N", 14) == 20 * 4 + 20 * 64 + 3 * 1000


def test_three_lines_through_one_ball() -> None:
    b = board("""
        N...N...N
        .N..N..N.
        ..N.N.N..
        ...NNN...
        .........
        .........
        .........
        .........
        ........N
    """)
    out = b.move((8, 8), (4, 4))
    assert sorted(len(line.cells) for line in out.lines) == [5, 5, 5]
    assert len(out.removed) == 13
    assert out.points == points("N", 15)


def test_lines_lists_standing_lines() -> None:
    b = board("""
        RRRRR
        B....
        B....
        B....
        B....
    """)
    found = {(line.colour, line.cells) for line in b.lines()}
    assert found == {("R", ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)))}
    cleared, removal = b.clear_lines()
    assert cleared.ball_count() == 4 and removal.points == 25
    assert removal.balls_by_colour == {"R": 5}
