"""How a game's deal was chosen: at random, as the deal of the day, or by number (typed, given with
--seed, or received as a challenge). It decides the leaderboard table the game plays for (README,
"Which table a game feeds"), so it is kept with a saved game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

ChoiceMode = Literal["random", "daily", "deal"]


@dataclass(frozen=True)
class DealChoice:
    mode: ChoiceMode = "random"
    day: str = ""
    """The UTC date (YYYY-MM-DD) of a deal of the day."""

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
        return cls(data["mode"], data["day"])


RANDOM = DealChoice()
CHOSEN = DealChoice("deal")


def daily(day: str) -> DealChoice:
    return DealChoice("daily", day)
