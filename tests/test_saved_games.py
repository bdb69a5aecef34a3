"""The menu's one-line summaries of saved games, read from the saved data without loading it."""

from __future__ import annotations

from conftest import FIXED_NOW, nearly_full_game, won_mahjong_game

from lines_tui.engine.deal_choice import CHOSEN, RANDOM, daily
from lines_tui.engine.lines import LinesGame
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.engine.saved_games import (
    lines_deal,
    lines_summary,
    mahjong_deal,
    mahjong_progress,
    mahjong_summary,
)

TODAY = "2026-01-01"  # FIXED_NOW's UTC date


def test_a_saved_lines_game_is_summed_up_by_its_size_and_score() -> None:
    game = LinesGame.new(3, 7, started_at=FIXED_NOW)
    game.score = 40
    assert lines_summary(game.to_json(), today=TODAY) == "7 x 7, score 40"
    assert lines_summary({"size": True, "score": 1}, today=TODAY) == "saved game"
    assert lines_summary("not a game", today=TODAY) == "saved game"


def test_a_saved_finished_lines_game_says_it_is_over() -> None:
    """A finished game is saved while its score waits to be filed (the store failed, or its
    player was renamed by another copy): "Resume Lines (9 x 9, score 35)" read as a game still
    to play."""
    game = nearly_full_game()
    game.play((1, 0), (0, 0), now=FIXED_NOW)
    assert game.over
    assert lines_summary(game.to_json(), today=TODAY) == "9 x 9, score 0, game over"
    # A code review: JSON's true is no moment the game ended (nor can that file be resumed).
    unfinished = {"size": 9, "score": 0, "ended_at": True}
    assert lines_summary(unfinished, today=TODAY) == "9 x 9, score 0"


def test_a_saved_mahjong_game_is_summed_up_by_its_layout_and_deal() -> None:
    game = MahjongGame.new(find_layout("turtle"), 5, now=FIXED_NOW)
    assert mahjong_summary(game.to_json(), today=TODAY) == "Turtle, deal 5"
    won = won_mahjong_game("lantern", 2)
    assert mahjong_summary(won.to_json(), today=TODAY) == "Lantern, deal 2, won"
    assert mahjong_summary({"layout": {}, "seed": 5}, today=TODAY) == "saved deal"
    assert mahjong_summary([1, 2], today=TODAY) == "saved deal"


def test_a_saved_title_edited_by_hand_is_shown_inert_and_cut() -> None:
    """The menu drew the title of the file as it was: an escape in it set the terminal's title,
    a right-to-left override turned the line around."""
    game = MahjongGame.new(find_layout("turtle"), 5, now=FIXED_NOW).to_json()
    game["layout"]["title"] = "T \x1b]0;pwned\x07 \u202eevil"
    assert mahjong_summary(game, today=TODAY) == "T \\x1b]0;pwned\\x07 \\u202eevil, deal 5"
    game["layout"]["title"] = "T" * 100
    assert mahjong_summary(game, today=TODAY) == "T" * 39 + "…, deal 5"


def test_a_saved_deal_of_the_day_is_named_so_not_by_its_19_digit_number() -> None:
    """rev9: "Resume Mahjong (Turtle, deal 10888706393309550345)" did not say it was today's deal,
    and "Resume Lines (9 x 9, score 0)" said nothing of it. A deal of the day is named as its
    game's panel names it: "today's deal", or "deal of 12-31" once its day is over; any other
    deal keeps its number."""
    game = MahjongGame.new(find_layout("turtle"), 10888706393309550345, now=FIXED_NOW)
    game.deal_choice = daily(TODAY)
    assert mahjong_summary(game.to_json(), today=TODAY) == "Turtle, today's deal"
    assert mahjong_summary(game.to_json(), today="2026-01-02") == "Turtle, deal of 01-01"
    game.deal_choice = CHOSEN
    assert mahjong_summary(game.to_json(), today=TODAY) == "Turtle, deal 10888706393309550345"
    won = won_mahjong_game("lantern", 2)
    won.deal_choice = daily(TODAY)
    assert mahjong_summary(won.to_json(), today=TODAY) == "Lantern, today's deal, won"
    lines = LinesGame.new(14339459351187313977, 9, started_at=FIXED_NOW)
    lines.deal_choice = daily(TODAY)
    assert lines_summary(lines.to_json(), today=TODAY) == "9 x 9, today's deal, score 0"
    assert lines_summary(lines.to_json(), today="2026-01-05") == "9 x 9, deal of 01-01, score 0"
    # A player review: "Resume Lines (9 x 9, score 45)" hid that it was a challenge's deal,
    # which the game's panel names; a random deal's number says little, and its panel hides it.
    lines.deal_choice = CHOSEN
    chosen = "9 x 9, deal 14339459351187313977, score 0"
    assert lines_summary(lines.to_json(), today=TODAY) == chosen
    lines.deal_choice = RANDOM
    assert lines_summary(lines.to_json(), today=TODAY) == "9 x 9, score 0"


def test_a_deal_asked_for_is_the_saved_game_only_if_game_board_number_and_choice_agree() -> None:
    game = MahjongGame.new(find_layout("turtle"), 77, now=FIXED_NOW)
    game.deal_choice = daily(TODAY)
    game.remove(*game.available_pairs()[0], now=FIXED_NOW)
    data = game.to_json()
    turtle = find_layout("turtle")
    assert mahjong_deal(turtle.name, turtle.source, None, daily(TODAY)).is_saved(data)
    assert mahjong_deal(turtle.name, turtle.source, 77, daily(TODAY)).is_saved(data)
    assert not mahjong_deal(turtle.name, turtle.source, 78, daily(TODAY)).is_saved(data)
    assert not mahjong_deal(turtle.name, turtle.source, None, daily("2026-01-02")).is_saved(data)
    assert not mahjong_deal(turtle.name, turtle.source, 77, CHOSEN).is_saved(data)
    assert not mahjong_deal("pagoda", turtle.source, None, daily(TODAY)).is_saved(data)
    assert not lines_deal(9, 77, daily(TODAY)).is_saved(data)
    assert mahjong_progress(data) == "1 pair taken"
    assert mahjong_progress(won_mahjong_game("lantern", 2).to_json()) == ""  # "won" says it
    lines = LinesGame.new(5, 7, started_at=FIXED_NOW)
    lines.deal_choice = CHOSEN
    assert lines_deal(7, 5, CHOSEN).is_saved(lines.to_json())
    assert not lines_deal(9, 5, CHOSEN).is_saved(lines.to_json())
    assert not lines_deal(7, 5, RANDOM).is_saved(LinesGame.new(5, 7, started_at=0).to_json())
