"""The menu's one-line summaries of saved games, read from the saved data without loading it."""

from __future__ import annotations

from conftest import FIXED_NOW, won_mahjong_game

from lines_tui.engine.lines import LinesGame
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.engine.saved_games import lines_summary, mahjong_summary


def test_a_saved_lines_game_is_summed_up_by_its_size_and_score() -> None:
    game = LinesGame.new(3, 7, started_at=FIXED_NOW)
    game.score = 40
    assert lines_summary(game.to_json()) == "7 x 7, score 40"
    assert lines_summary({"size": True, "score": 1}) == "saved game"
    assert lines_summary("not a game") == "saved game"


def test_a_saved_mahjong_game_is_summed_up_by_its_layout_and_deal() -> None:
    game = MahjongGame.new(find_layout("turtle"), 5, now=FIXED_NOW)
    assert mahjong_summary(game.to_json()) == "Turtle, deal 5"
    won = won_mahjong_game("lantern", 2)
    assert mahjong_summary(won.to_json()) == "Lantern, deal 2, won"
    assert mahjong_summary({"layout": {}, "seed": 5}) == "saved deal"
    assert mahjong_summary([1, 2]) == "saved deal"


def test_a_saved_title_edited_by_hand_is_shown_inert_and_cut() -> None:
    """The menu drew the title of the file as it was: an escape in it set the terminal's title,
    a right-to-left override turned the line around."""
    game = MahjongGame.new(find_layout("turtle"), 5, now=FIXED_NOW).to_json()
    game["layout"]["title"] = "T \x1b]0;pwned\x07 \u202eevil"
    assert mahjong_summary(game) == "T \\x1b]0;pwned\\x07 \\u202eevil, deal 5"
    game["layout"]["title"] = "T" * 100
    assert mahjong_summary(game) == "T" * 39 + "…, deal 5"
