"""How a game's deal was chosen: at random, as the deal of the day, or by number (typed, given with
--seed, or received as a challenge). It decides the leaderboard table the game plays for (README,
"Which table a game feeds"), so it is kept with a saved game; and, for a deal proved solvable
before play, what was skipped on the way to it."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Any, Literal

from lines_tui.engine.visible_text import columns

ChoiceMode = Literal["random", "daily", "deal"]

FIRST_DEAL = 0
"""The smallest deal number (seed)."""
LAST_DEAL = 2**64 - 1
"""The largest deal number (seed): a leaderboard table and a share code hold 0 to 2**64 - 1."""
DEAL_RANGE = "0 to 2**64 - 1"
"""The deal numbers, as messages about a table or a share code's entry spell them."""
SHOWN_DIGITS = 40
"""The most digits a refused number is repeated with (twice the last deal's): a longer one is
told by how many digits it has, as a screenful of them would bury the reason. Counted in the
columns they take: a wide digit (a fullwidth "１") counts as two, so that a number repeated whole
leaves its reason room on the layout picker's one row, as 40 digits do."""


def said_whole(number: str) -> bool:
    """Whether a refused number (`number`, as typed: digits, a sign before them or not) is
    repeated whole: the one home of the rule, asked by `number_said` and by the command line,
    which must not read a longer one (Python refuses to read more than 4,300 digits)."""
    return columns(_unsigned(number)) <= SHOWN_DIGITS


def typed_number(text: str) -> bool:
    """Whether `text` is a number as typed, which a refusal repeats by `number_said`: digits of
    any script (a fullwidth "１２"), a sign before them or not."""
    return re.fullmatch(r"[-+]?\d+", text) is not None


def number_said(number: str, what: str = "a deal number") -> str:
    """A refused number (`number`, as typed) as its refusal repeats it, wherever it is refused
    (the command line, a table id, the layout picker): whole up to `SHOWN_DIGITS` digits, else
    `what` and its count, with the sign typed: "a deal number of 5,000 digits", "a negative
    deal number of 5,000 digits", "a deal number of 5,000 digits with '+' before it"."""
    if said_whole(number):
        return number
    if number.startswith("-"):
        what = f"a negative {what.removeprefix('an ').removeprefix('a ')}"
    counted = f"{what} of {len(_unsigned(number)):,} digits"
    return f"{counted} with '+' before it" if number.startswith("+") else counted


def _unsigned(number: str) -> str:
    """A number as typed without its sign (one + or -: any other is no sign, and counted)."""
    return number[1:] if number[:1] in ("+", "-") else number


DAY = re.compile(r"\d{4}-\d\d-\d\d", re.ASCII)
FIRST_DAY = dt.date(2000, 1, 1)
END_DAY = dt.date(2100, 1, 1)
"""The days of deals of the day: those of the dates entries keep (UTC, within this century)."""
DAY_RULE = "a date YYYY-MM-DD within 2000-2099"


def is_day(day: str) -> bool:
    """Whether `day` is a day a deal of the day is played on (`DAY_RULE`): the one home of the
    rule, asked by a saved game's deal choice and by a daily table's id."""
    if not DAY.fullmatch(day):
        return False
    try:
        return FIRST_DAY <= dt.date.fromisoformat(day) < END_DAY
    except ValueError:  # "2026-02-30"
        return False


def is_deal_number(seed: int) -> bool:
    """Whether `seed` is a deal number (`FIRST_DEAL` to `LAST_DEAL`): the one home of the rule,
    asked by a game, a table, a table's entries and the seed typed in the layout picker (`--seed`
    takes the same bounds, which click checks and shows in the help)."""
    return FIRST_DEAL <= seed <= LAST_DEAL


@dataclass(frozen=True)
class DealChoice:
    mode: ChoiceMode = "random"
    day: str = ""
    """The UTC date (YYYY-MM-DD) of a deal of the day."""

    def name(self, seed: int, today: str) -> str:
        """The deal `seed`, chosen so, named in a few columns (a game's panel, the menu's resume
        entries): "deal 38", or, for a deal of the day, "today's deal" on its day (`today`: the
        UTC date now) and "deal of 12-02" on a later one: its number has 19 digits, too long for
        them."""
        if self.mode == "daily":
            return "today's deal" if self.day == today else f"deal of {self.day[5:]}"
        return f"deal {seed}"

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "day": self.day}

    @classmethod
    def from_json(cls, data: object) -> DealChoice:
        """What `to_json` wrote; None (games saved before choices were kept) is a random deal.
        ValueError (one line) for anything else."""
        if data is None:
            return RANDOM
        if not (
            isinstance(data, dict)
            and data.keys() == {"mode", "day"}
            and data["mode"] in ("random", "daily", "deal")
            and isinstance(data["day"], str)
            and len(data["day"]) <= 10
        ):
            raise ValueError("'deal_choice' is not {mode: random|daily|deal, day: date}")
        if data["mode"] == "daily" and not is_day(data["day"]):
            raise ValueError(f"'deal_choice' is a deal of the day whose day is not {DAY_RULE}")
        if data["mode"] != "daily" and data["day"]:
            # Choices are compared whole: a day on another kind of deal made another choice.
            raise ValueError("'deal_choice' has a day, but is no deal of the day")
        return cls(data["mode"], data["day"])


RANDOM = DealChoice()
CHOSEN = DealChoice("deal")


def daily(day: str) -> DealChoice:
    return DealChoice("daily", day)


@dataclass(frozen=True)
class Skipped:
    """The deals passed over before the one played: proved dead ends, and undecided deals."""

    dead_ends: int = 0
    undecided: int = 0

    @property
    def total(self) -> int:
        return self.dead_ends + self.undecided

    def said(self) -> str:
        """The deals passed over, and why: "2 dead ends, 1 undecided", "1 dead end" ("" when
        none)."""
        parts = []
        if self.dead_ends:
            parts.append(f"{self.dead_ends} dead end" + ("s" if self.dead_ends > 1 else ""))
        if self.undecided:
            parts.append(f"{self.undecided} undecided")
        return ", ".join(parts)

    def to_json(self) -> dict[str, int]:
        return {"dead_ends": self.dead_ends, "undecided": self.undecided}

    @classmethod
    def from_json(cls, data: object) -> Skipped:
        """What `to_json` wrote; ValueError (one line) for anything else."""
        if not (
            isinstance(data, dict)
            and data.keys() == {"dead_ends", "undecided"}
            and all(type(v) is int and v >= 0 for v in data.values())
        ):
            raise ValueError("'proof' is not {dead_ends: N, undecided: N}")
        return cls(data["dead_ends"], data["undecided"])
