"""The numbers of Lines: colours, prices, sizes and the points formula (README, "Lines: the rules
in short")."""

from __future__ import annotations

# Bumped whenever a change would make an old game record replay differently.
RULES_VERSION = 1

COLOURS = "RBGCVYN"
PRICES: dict[str, int] = {"R": 5, "B": 7, "G": 9, "C": 11, "V": 13, "Y": 15, "N": 20}
COLOUR_NAMES: dict[str, str] = {
    "R": "red",
    "B": "blue",
    "G": "green",
    "C": "light blue",
    "V": "violet",
    "Y": "yellow",
    "N": "brown",
}
EMPTY = "."

MIN_LINE = 5
START_BALLS = 5
BALLS_PER_TURN = 3
DEFAULT_SIZE = 9
GAME_SIZES = range(7, 16)
# Positions in text notation may be smaller than a game board (a line of 5 still fits), so tests
# and bug reports can show a rule on a small board; the upper bound keeps hostile input small.
BOARD_SIZES = range(5, 16)


def points(colour: str, balls: int) -> int:
    """Points for removing `balls` balls of one colour at once (the seed's formula).

    `balls` is the sum of the lengths of all lines of that colour removed together, a crossing
    ball counted in each of its lines.
    """
    if colour not in PRICES:
        raise ValueError(f"unknown colour {colour!r}; the colours are {COLOURS}")
    if balls < MIN_LINE:
        raise ValueError(f"a removal has at least {MIN_LINE} balls, not {balls}")
    price = PRICES[colour]
    if balls < 12:
        return price * 4 + price * (1 << (balls - 5))  # C * 4 + C * 2 ** (G - 5)
    return price * 4 + price * 2**6 + (balls - 11) * 1000
