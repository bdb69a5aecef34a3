"""One line about each game saved to resume, for the menu's resume entries ("9 x 9, score 40",
"Turtle, deal 5", "Turtle, today's deal": a deal of the day is named as its game's panel names
it, `DealChoice.name`), read from the data the games' `to_json` wrote without loading the game: the
menu is the first frame, and it should not wait for the engines to import. Whether a save can
really be resumed is decided on the same read, off the UI thread, by the engines
(`LinesGame.from_json`, `MahjongGame.from_json`, asked by the menu's read of the saved games).
Read the same way: whether a new game asked for would play the saved game's own deal (`Deal`),
and what a Mahjong game has taken so far.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from lines_tui.engine.deal_choice import RANDOM, DealChoice
from lines_tui.engine.numbers import is_whole_number
from lines_tui.engine.prose import counted
from lines_tui.engine.seconds import is_seconds
from lines_tui.engine.visible_text import TITLE_CHARS, shown_text


def lines_summary(data: object, *, today: str) -> str:
    """Board size and score of a saved Lines game, its deal if it was chosen (a deal of the
    day, one typed or a challenge's), and that the game is over if it is ("9 x 9, today's deal,
    score 40"; "9 x 9, deal 518496, score 45"; "9 x 9, score 35, game over"; `today`: the UTC
    date now); "saved game" if the data lacks them. (A random deal is not named: its number says
    little beside the board, as its game's panel does not show it.)"""
    fields = data if isinstance(data, Mapping) else {}
    size, score = fields.get("size"), fields.get("score")
    if not (is_whole_number(size) and is_whole_number(score)):
        return "saved game"
    choice = _choice(fields)
    # A finished game is saved only while its score waits to be filed (the store failed, or
    # its player was renamed or removed meanwhile).
    over = ", game over" if is_seconds(fields.get("ended_at")) else ""
    seed = fields.get("seed")
    if choice != RANDOM and is_whole_number(seed):  # a deal raced on: "the deal of 12-02", "deal 5"
        return f"{size} x {size}, {choice.name(seed, today)}, score {score}{over}"
    return f"{size} x {size}, score {score}{over}"


def mahjong_summary(data: object, *, today: str) -> str:
    """Layout title and deal of a saved Mahjong game ("Turtle, deal 5"; "Turtle, today's deal":
    `today` is the UTC date now); "saved deal" if the data lacks them."""
    fields = data if isinstance(data, Mapping) else {}
    layout = fields.get("layout")
    title = layout.get("title") if isinstance(layout, Mapping) else None
    seed = fields.get("seed")
    if not (isinstance(title, str) and is_whole_number(seed)):
        return "saved deal"
    # The file is anyone's to edit: its title is shown as a layout's title is, inert and cut.
    title = shown_text(title, TITLE_CHARS)
    deal = _choice(fields).name(seed, today)
    if _won(fields):
        return f"{title}, {deal}, won"
    return f"{title}, {deal}"


def pairs(count: int) -> str:
    """1 pair, 2 pairs: `count` pairs in words."""
    return counted(count, "pair")


PLAYER_FIELD = "player"
"""The saved game's field naming the registered player who played it (absent: a guest, or a
save older than it): resumed, the game is theirs while they are registered."""


CLOCK_FIELD = "clock"
"""The saved game's field of its running clock (a Mahjong game's). Two copies of lines-tui that
show one game each count its time, so saves of one game at one position may differ in it alone:
they are still the same game (`store.game_files.same_game`)."""


def saved_by(data: object) -> str | None:
    """The registered player who played the saved game `data`, as it names them (None: a guest,
    or not said). Anyone may edit the file: the store checks the name against its players."""
    fields = data if isinstance(data, Mapping) else {}
    player = fields.get(PLAYER_FIELD)
    return player if isinstance(player, str) else None


def mahjong_progress(data: object) -> str:
    """What a saved Mahjong game has taken so far ("12 pairs taken"), beside its summary: "" with
    no pair taken, or once it is won (its summary says so)."""
    fields = data if isinstance(data, Mapping) else {}
    history = fields.get("history")
    if not isinstance(history, list) or not history or _won(fields):
        return ""
    return f"{pairs(len(history))} taken"


@dataclass(frozen=True)
class Deal:
    """A deal a new game is asked to play, to tell whether it is the saved game's own: the same
    game on the same `board` (a Lines game's size; a Mahjong layout's name and where it comes
    from), the same number (`seed`; None for a deal of the day yet to be proved, which its day
    and layout make one deal) and chosen the same way, so playing for the same table. A random
    deal is never asked for."""

    kind: Literal["lines", "mahjong"]
    board: tuple[object, ...]
    seed: int | None
    choice: DealChoice

    def is_saved(self, data: object) -> bool:
        """Whether `data`, the saved game of this deal's kind, is this deal."""
        fields = data if isinstance(data, Mapping) else {}
        if self.kind == "lines":
            board: tuple[object, ...] = (fields.get("size"),)
        else:
            layout = fields.get("layout")
            about = layout if isinstance(layout, Mapping) else {}
            board = (about.get("name"), about.get("source"))
        seed = fields.get("seed")
        same_seed = self.seed == seed or (self.seed is None and self.choice.mode == "daily")
        return (
            self.choice.mode != "random"
            and board == self.board
            and is_whole_number(seed)
            and same_seed
            and _choice(fields) == self.choice
        )


def lines_deal(size: int, seed: int, choice: DealChoice) -> Deal:
    return Deal("lines", (size,), seed, choice)


def mahjong_deal(name: str, source: str, seed: int | None, choice: DealChoice) -> Deal:
    """Deal `seed` of the layout `name` from `source` (None: the deal of the day `choice` names)."""
    return Deal("mahjong", (name, source), seed, choice)


def _choice(fields: Mapping[object, object]) -> DealChoice:
    """How the saved deal was chosen; a random deal if the data does not say (the engine refuses
    a save whose choice it cannot read, and the menu never lists it)."""
    try:
        return DealChoice.from_json(fields.get("deal_choice"))
    except ValueError:
        return RANDOM


def _won(fields: Mapping[object, object]) -> bool:
    """Every tile on the board at the start taken: a won game is saved only while its time
    waits for a name."""
    position, history = fields.get("position"), fields.get("history")
    tiles = position.get("tiles") if isinstance(position, Mapping) else None
    removed = position.get("removed", []) if isinstance(position, Mapping) else None
    if not (isinstance(tiles, list) and isinstance(removed, list) and isinstance(history, list)):
        return False
    return bool(history) and 2 * len(history) == len(tiles) - len(removed)
