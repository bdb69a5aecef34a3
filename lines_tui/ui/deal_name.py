"""How a game's panel names its deal in its few columns: "deal 38", or, for a deal of the day,
"today's deal" (its number has 19 digits, which the panel could only show cut: the message line
names it whole) or, resumed on a later day, "deal of 12-02"."""

from __future__ import annotations

from lines_tui.engine.deal_choice import DealChoice
from lines_tui.store.tables import utc_day
from lines_tui.ui.session import Session


def deal_name(seed: int, screen: object) -> str:
    """The deal of the game on `screen` (a game screen, with its `game` and `session`)."""
    choice = getattr(getattr(screen, "game", None), "deal_choice", None)
    session = getattr(screen, "session", None)
    if isinstance(choice, DealChoice) and choice.mode == "daily" and isinstance(session, Session):
        if choice.day == utc_day(session.clock()):
            return "today's deal"
        return f"deal of {choice.day[5:]}"
    return f"deal {seed}"
