"""Sentences made of words told elsewhere within a line: a reason the store gives ("no share code
found ..."), a key's description, set alone on its own line; and sentences ending in such words
(a reason, a table's title), which end in one full stop whatever those words end in."""

from __future__ import annotations

from lines_tui.store.files import TRY_AGAIN


def as_sentence(text: str) -> str:
    """`text`, told within a line elsewhere, alone on its line: its first letter a capital, the
    rest as it was (Import's summary, the Players screen's refusals, the help's rows)."""
    return text[:1].upper() + text[1:]


def ended(sentence: str) -> str:
    """`sentence` with exactly one full stop at its end: words told elsewhere may end in one
    already (a reason, a layout's title read from its file: "Duo."), and "Saved: place 1 in the
    table Duo.." is not a sentence."""
    return sentence.rstrip().rstrip(".") + "."


def reason_alone(reason: str) -> str:
    """A reason the store gives, for a sentence that goes on to say how to try again ("Kept:
    resume it from the menu to try again."): without the reason's own "; try again" (another
    copy holding the lock), which said it twice."""
    return reason.removesuffix(TRY_AGAIN)


PLAYER_UNREAD = "Player not known: the scores could not be read."
"""Who plays when the file that names them could not be read: not a guest (the menu's line, and
the Players screen's, which said "Guest", and the player registered again, refused then)."""

REPLACED_AT_FIRST_MOVE = (
    "It stays saved until your first move in the new game, which replaces it for good."
)
"""When a new game replaces the saved one: at its first move (a new game left before any move
leaves the saved game as it was, offered on the menu)."""


def replaces_another(game: str, saved: str, then: str) -> str:
    """The question before a new game replaces another `game` ("Lines") game this copy saved
    from another screen (a challenge raced from a finished game's leaderboard), `saved` its
    summary as the menu gives it ("Lantern, today's deal"); `then` is what yes does ("Start a
    new one")."""
    return f"You have another saved {game} game ({saved}). {REPLACED_AT_FIRST_MOVE} {then}?"


LEAVE_THE_DEAL = "Leave this deal and start a new random one?"
"""What `n` (Lines) and `N` (Mahjong) ask over a deal of the day or a challenge's with nothing
played yet: they deal at random, and `N` is also the capital of a label's first letter."""
