"""No game in progress is thrown away without asking (#12 item 6): a new Mahjong deal (N) or a
restart (R) on a game with pairs taken, another layout (or a seed from the command line) while a
Mahjong game is saved, and a new Lines game while one is saved."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import (
    FIXED_NOW,
    TODAY,
    answered,
    cursor_to,
    make_app,
    save_todays_lines_game,
    save_todays_turtle,
    settle,
    todays_turtle,
    widget_lines,
)
from test_ui_app_shell import save_a_mahjong_game
from test_ui_mahjong import open_game
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import OptionList

from lines_tui.engine.daily_seeds import lines_daily_seed
from lines_tui.engine.deal_choice import CHOSEN, RANDOM, DealChoice, daily
from lines_tui.engine.lines import LinesGame
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.store import open_store
from lines_tui.store.tables import utc_day
from lines_tui.ui.dialogs import ConfirmScreen, ResumeScreen
from lines_tui.ui.direct_start import Start
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.mahjong import LayoutPickerScreen, MahjongScreen
from lines_tui.ui.menu import MenuScreen
from lines_tui.ui.today import TodayScreen


async def test_a_new_deal_or_a_restart_asks_when_pairs_were_taken(tmp_path: Path) -> None:
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("lantern"), seed=1)
        await pilot.press("N")  # nothing taken yet: no question
        await settle(pilot)
        assert pilot.app.screen is screen and screen.game.seed != 1
        for _ in range(2):
            screen.board.cursor = screen.game.available_pairs()[0][0]
            await pilot.press("enter", "m", "enter")
        seed, taken = screen.game.seed, screen.game.history
        assert len(taken) == 2
        for key in ("N", "R"):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(pilot.app.screen, ConfirmScreen)
            await pilot.press("n")  # no: the game goes on as it was
            await settle(pilot)
            assert pilot.app.screen is screen
            assert (screen.game.seed, screen.game.history) == (seed, taken)
        await answered(pilot, "N", "y")
        await settle(pilot)
        assert screen.game.seed != seed and not screen.game.history


@pytest.mark.parametrize("key", ["N", "R"])
async def test_a_deal_abandoned_after_asking_does_not_come_back(tmp_path: Path, key: str) -> None:
    """N or R, yes ("You lose the pair taken"): the new deal, or the deal from its start, has
    no pair taken, so nothing replaced the old game's save, and the next start offered the
    abandoned game to resume. A resumed game's new deal was saved though nothing was taken."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("lantern"), seed=3)
        await pilot.press("i", "t")
        await settle(pilot)
        assert open_store(tmp_path).load_game("mahjong") is not None
        await answered(pilot, key, "y")
        await settle(pilot)
        assert not screen.game.history
        await pilot.press("q")
        await settle(pilot)
    assert open_store(tmp_path).load_game("mahjong") is None
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = MahjongGame.new(find_layout("lantern"), 3, now=FIXED_NOW)
        game.remove(*game.available_pairs()[0], FIXED_NOW)
        screen = await open_game(pilot, find_layout("lantern"), game=game)
        await answered(pilot, key, "y")
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
    assert open_store(tmp_path).load_game("mahjong") is None


async def test_another_layout_from_the_menu_asks_before_replacing_the_saved_game(
    tmp_path: Path,
) -> None:
    saved = save_a_mahjong_game(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, LayoutPickerScreen)
        await pilot.press("down", "enter")  # another layout
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        # The saved game kept, and the picker back as it was left (it was the menu: the
        # layout had to be found again).
        assert isinstance(app.screen, LayoutPickerScreen)
        kept = open_store(tmp_path).load_game("mahjong")
        assert kept is not None and kept["history"] == [list(pair) for pair in saved.history]
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, MahjongScreen)
        assert app.screen.tile_layout.name != "turtle"


async def test_a_seed_on_the_command_line_asks_before_replacing_the_saved_game(
    tmp_path: Path,
) -> None:
    save_a_mahjong_game(tmp_path)
    app = make_app(tmp_path, start="mahjong", layout="lantern", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert open_store(tmp_path).load_game("mahjong") is not None


async def test_a_new_lines_game_from_the_menu_asks_before_replacing_the_saved_one(
    tmp_path: Path,
) -> None:
    saved = LinesGame.new(7, 9, started_at=FIXED_NOW)
    ball = next(cell for cell, _ in saved.board.balls())
    target = next(c for c in saved.board.empty_cells() if saved.board.path(ball, c) is not None)
    saved.play(ball, target)
    open_store(tmp_path).save_game("lines", saved.to_json())
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert open_store(tmp_path).load_game("lines") == saved.to_json()
        await answered(pilot, "l", "y")
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen) and not app.screen.game.moves


def dialog_text(app: App[None]) -> str:
    return " ".join(str(part.render()) for part in app.screen.query(".dialog-text"))


def save_a_lines_game(data_dir: Path) -> None:
    game = LinesGame.new(7, 9, started_at=FIXED_NOW)
    ball = next(cell for cell, _ in game.board.balls())
    target = next(c for c in game.board.empty_cells() if game.board.path(ball, c) is not None)
    game.play(ball, target)
    open_store(data_dir).save_game("lines", game.to_json())


async def answer_resume_question(pilot: Pilot[None], answers: list[str]) -> None:
    """Press `answers` on the resume question: n there asks once more whether to replace."""
    for answer in answers:
        await pilot.press(answer)
        await settle(pilot)
        if answer == "n":
            assert isinstance(pilot.app.screen, ConfirmScreen)
            assert "until your first move in the new game" in dialog_text(pilot.app)


@pytest.mark.parametrize("kind", ["lines", "mahjong"])
async def test_escape_or_no_on_the_resume_question_never_loses_the_saved_game(
    tmp_path: Path, kind: Start
) -> None:
    """`lines-tui lines` / `lines-tui mahjong` with a game saved ask whether to resume it: esc
    closes the question with the saved game kept (the menu offers it); n asks once more, as
    everywhere a new game would replace a saved one, and only y there starts a new game."""
    if kind == "lines":
        save_a_lines_game(tmp_path)
    else:
        save_a_mahjong_game(tmp_path)
    saved = open_store(tmp_path).load_game(kind)
    for answers in (["escape"], ["n", "escape"], ["n", "y"]):
        app = make_app(tmp_path, start=kind)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, ResumeScreen)
            assert "Resume it?" in dialog_text(app)
            await answer_resume_question(pilot, answers)
            if answers[-1] == "escape":
                assert isinstance(app.screen, MenuScreen)
                assert app.screen.check_action("open", (f"resume-{kind}",))  # offered there
                assert open_store(tmp_path).load_game(kind) == saved
            else:
                screen = app.screen
                if isinstance(screen, LinesScreen):
                    assert not screen.game.moves  # a new game
                else:
                    assert isinstance(screen, MahjongScreen) and not screen.game.history


@pytest.mark.parametrize(
    ("kind", "keys_to_start", "leave"),
    [("lines", ["l"], "escape"), ("mahjong", ["m", "enter"], "q")],
)
async def test_the_question_says_when_a_new_game_replaces_the_saved_one_and_it_does(
    tmp_path: Path, kind: str, keys_to_start: list[str], leave: str
) -> None:
    """y on "Replace the saved game?" starts a new game; the question says the saved game stays
    until that game's first move, and it does: the new game left at once leaves the menu
    offering the saved game, untouched, and the next start asks about it again."""
    if kind == "lines":
        save_a_lines_game(tmp_path)
    else:
        save_a_mahjong_game(tmp_path)
    saved = open_store(tmp_path).load_game(kind)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for round_ in range(2):
            for key in keys_to_start:
                await pilot.press(key)
                await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen), round_
            assert "It stays saved until your first move in the new game" in dialog_text(app)
            await pilot.press("y")
            await settle(pilot)
            assert isinstance(app.screen, (LinesScreen, MahjongScreen))
            await pilot.press(leave)
            await settle(pilot)
            assert isinstance(app.screen, MenuScreen)
            labels = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
            assert any(
                label.startswith(f"{'r' if kind == 'lines' else 'R'}  Resume") for label in labels
            )
            assert open_store(tmp_path).load_game(kind) == saved


async def test_a_size_asked_on_the_command_line_is_said_beside_the_saved_game(
    tmp_path: Path,
) -> None:
    """`lines-tui lines --size 7` with a 9 x 9 game saved: the question says both, and n, then
    y on the question that follows, starts the 7 x 7 game asked for; esc keeps the saved one."""
    save_a_lines_game(tmp_path)
    saved = open_store(tmp_path).load_game("lines")
    for answers in (["escape"], ["n", "escape"], ["n", "y"]):
        app = make_app(tmp_path, start="lines", size=7)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, ResumeScreen)
            text = dialog_text(app)
            assert text.startswith("You asked for a 7 x 7 game. A saved Lines game is waiting")
            assert "(9 x 9, score 0): resume it, or start a 7 x 7 game?" in text, text
            assert "n: start a 7 x 7 game (asks first)" in keys_text(app)
            for answer in answers:
                await pilot.press(answer)
                await settle(pilot)
                if answer == "n":
                    assert isinstance(app.screen, ConfirmScreen)
                    text = dialog_text(app)
                    assert "You asked for a 7 x 7 game" in text and "(9 x 9, score" in text
                    assert "until your first move in the new game" in text
            if answers[-1] == "escape":
                assert isinstance(app.screen, MenuScreen)
                assert open_store(tmp_path).load_game("lines") == saved
            else:
                assert isinstance(app.screen, LinesScreen)
                assert app.screen.game.size == 7 and not app.screen.game.moves


@pytest.mark.parametrize(("size_for_run", "menu_lines"), [(True, "7 x 7"), (False, "9 x 9")])
async def test_a_challenges_size_declined_leaves_the_menus_lines_as_it_was(
    tmp_path: Path, size_for_run: bool, menu_lines: str
) -> None:
    """`lines-tui challenge CODE` of a 7 x 7 deal, declined over a saved 9 x 9 game, left the
    menu's Lines at 7 x 7 for the run, as `--size 7` asked does: the challenge's size is its
    deal's, not one the player asked for (`size_for_run`, False for a challenge)."""
    save_a_lines_game(tmp_path)
    app = make_app(
        tmp_path, start="lines", seed=1, size=7, choice=CHOSEN, size_for_run=size_for_run
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)  # replace the saved game?
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        labels = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
        assert f"l  Lines {menu_lines}" in labels, labels


@pytest.mark.parametrize("options", [{}, {"size": 9}])
async def test_the_saved_games_own_size_or_none_asked_is_the_plain_question(
    tmp_path: Path, options: dict[str, object]
) -> None:
    save_a_lines_game(tmp_path)
    app = make_app(tmp_path, start="lines", **options)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        assert dialog_text(app).startswith("You have a saved Lines game (9 x 9, score")
        assert "n: new game (asks first)" in keys_text(app)


@pytest.mark.parametrize("size", [7, 8, 11])
async def test_a_size_and_a_seed_asked_say_the_deal_beside_the_saved_game(
    tmp_path: Path, size: int
) -> None:
    """`lines-tui lines --seed 3 --size 7` over a saved 9 x 9 game asked "You asked for a 7 x 7
    game", as a random 7 x 7 game is asked, not naming the deal, as a Mahjong deal is named."""
    save_a_lines_game(tmp_path)
    app = make_app(tmp_path, start="lines", size=size, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        text = dialog_text(app)
        asked = f"deal 3 of Lines {size} x {size}"
        assert f"You asked for {asked}. A saved Lines game" in text and "(9 x 9, score" in text
        assert text.endswith(f"Start {asked}?")


@pytest.mark.parametrize(
    ("options", "asked"),
    [
        ({"seed": 3}, "deal 3 of Lines 9 x 9"),
        ({"choice": daily(utc_day(FIXED_NOW))}, "today's deal of Lines 9 x 9"),
    ],
)
async def test_a_deal_asked_without_a_size_names_the_size_it_plays_at(
    tmp_path: Path, options: dict[str, object], asked: str
) -> None:
    """`lines-tui lines --daily` (or `--seed 3`) over a saved 7 x 7 game asked "Start a new
    one?", as if for a random game of the saved size; it plays at the menu's size (9 x 9), and
    the question now says so (a player's test over SSH)."""
    game = LinesGame.new(7, 7, started_at=FIXED_NOW)
    ball = next(cell for cell, _ in game.board.balls())
    target = next(c for c in game.board.empty_cells() if game.board.path(ball, c) is not None)
    game.play(ball, target)
    open_store(tmp_path).save_game("lines", game.to_json())
    app = make_app(tmp_path, start="lines", **options)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        text = dialog_text(app)
        assert text.startswith(f"You asked for {asked}. A saved Lines game"), text
        assert "(7 x 7, score" in text and text.endswith(f"Start {asked}?")


async def test_todays_lines_deal_of_another_size_is_named_so(tmp_path: Path) -> None:
    save_a_lines_game(tmp_path)
    choice = daily(utc_day(FIXED_NOW))
    app = make_app(tmp_path, start="lines", size=7, choice=choice)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        text = dialog_text(app)
        assert text.startswith("You asked for today's deal of Lines 7 x 7. A saved Lines game")
        assert text.endswith("Start today's deal of Lines 7 x 7?")


async def test_a_layout_asked_on_the_command_line_is_said_beside_the_saved_game(
    tmp_path: Path,
) -> None:
    """`lines-tui mahjong --layout pagoda` with a Turtle game saved: the question names both;
    n then y plays Pagoda, the layout asked for."""
    save_a_mahjong_game(tmp_path)
    app = make_app(tmp_path, start="mahjong", layout="pagoda")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        text = dialog_text(app)
        assert "You asked for a deal of Pagoda" in text and "(Turtle, deal 5)" in text, text
        assert "n: start a deal of Pagoda (asks first)" in keys_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "You asked for a deal of Pagoda" in dialog_text(app)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, MahjongScreen)
        assert app.screen.tile_layout.name == "pagoda"


async def test_todays_deal_asked_with_another_layout_is_named_so(tmp_path: Path) -> None:
    """`lines-tui mahjong --daily --layout pagoda` with a Turtle game saved asked "You asked
    for a deal of Pagoda", as for any deal."""
    save_a_mahjong_game(tmp_path)
    choice = daily(utc_day(FIXED_NOW))
    app = make_app(tmp_path, start="mahjong", layout="pagoda", choice=choice)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        text = dialog_text(app)
        assert text.startswith("You asked for today's deal of Pagoda. A saved Mahjong game is")
        assert "(Turtle, deal 5)" in text and text.endswith("Start today's deal of Pagoda?")


@pytest.mark.parametrize("seed", [5, 18446744073709551615])
async def test_a_deal_number_asked_with_another_layout_is_named_in_the_question(
    tmp_path: Path, seed: int
) -> None:
    """`lines-tui mahjong --layout lantern --seed 5` with a Turtle game saved asked "You asked
    for a deal of Lantern … Start a deal of Lantern?": the saved deal's number was named, the
    one asked for not. It is now ("deal 5 of Lantern"), the largest too, within 80 columns."""
    from conftest import widget_lines

    save_a_mahjong_game(tmp_path)
    app = make_app(tmp_path, start="mahjong", layout="lantern", seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        asked = f"deal {seed} of Lantern"
        text = " ".join(dialog_text(app).split())
        assert f"You asked for {asked}. A saved" in text and "(Turtle, deal 5)" in text, text
        if isinstance(app.screen, ResumeScreen):
            assert f"n: start {asked} (asks first)" in keys_text(app)
            await pilot.press("n")
            await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert " ".join(dialog_text(app).split()).endswith(f"Start {asked}?")
        for part in app.screen.query(".dialog-text, .dialog-keys"):
            assert part.region.right <= 80
            assert all(len(line) <= part.region.width for line in widget_lines(part))
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, MahjongScreen)
        assert (app.screen.tile_layout.name, app.screen.game.seed) == ("lantern", seed)


async def test_a_deal_number_asked_without_a_layout_names_the_default_layout(
    tmp_path: Path,
) -> None:
    """`lines-tui mahjong --seed 351` with a Lantern game saved asked only "You have a saved
    Mahjong game (Lantern, …) … Start a new one?", where `--layout turtle --seed 351` said "You
    asked for deal 351 of Turtle" (a player review): a player need not know Turtle is the
    default. Both say it now."""
    game = MahjongGame.new(find_layout("lantern"), 5, now=FIXED_NOW)
    game.remove(*game.available_pairs()[0], now=FIXED_NOW + 30)
    open_store(tmp_path).save_game("mahjong", game.to_json(now=FIXED_NOW + 30))
    app = make_app(tmp_path, start="mahjong", seed=351)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(dialog_text(app).split())
        assert "You asked for deal 351 of Turtle. A saved" in text and "(Lantern, deal 5" in text


def asks_over_the_saved_game(app: App[None], asked: str) -> None:
    """The question over the saved Mahjong game names the deal `asked` for, first and last."""
    text = " ".join(dialog_text(app).split())
    assert text.startswith(f"You asked for {asked}. A saved Mahjong game is waiting"), text
    assert text.endswith(f"Start {asked}?"), text


async def test_a_deal_number_asked_over_the_random_deal_of_that_number_says_which_is_which(
    tmp_path: Path,
) -> None:
    """`lines-tui mahjong --layout turtle --seed 5` with Turtle's random deal 5 saved asked
    "You have a saved Mahjong game (Turtle, deal 5). ... Start a new one?": the player asked for
    deal 5 and was not told why it was not offered to resume. Deal 5 by number is another game,
    on its own table; the question now says so, within 80 columns."""
    from conftest import widget_lines

    save_a_mahjong_game(tmp_path)  # Turtle, a random deal: 5
    app = make_app(tmp_path, start="mahjong", layout="turtle", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        asks_over_the_saved_game(app, "deal 5 of Turtle by number, not your random deal 5")
        for part in app.screen.query(".dialog-text, .dialog-keys"):
            assert part.region.right <= 80
            assert all(len(line) <= part.region.width for line in widget_lines(part))
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, MahjongScreen)
        assert app.screen.game.seed == 5 and app.screen.game.deal_choice.mode == "deal"


async def test_a_deal_number_proved_from_is_named_as_where_the_proof_starts(
    tmp_path: Path,
) -> None:
    """With "solvable deals only" kept on, --seed 5 plays the first deal proved from 5: the
    question says so rather than promise deal 5 itself."""
    save_a_mahjong_game(tmp_path)
    open_store(tmp_path).change_preferences(solvable_deals=True)
    app = make_app(tmp_path, start="mahjong", layout="lantern", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "You asked for a solvable deal of Lantern from deal 5. A saved" in " ".join(
            dialog_text(app).split()
        )


@pytest.mark.parametrize("kept", [True, False])
async def test_a_solvable_deal_asked_with_another_layout_is_named_so(
    tmp_path: Path, kept: bool
) -> None:
    """`lines-tui mahjong --layout pagoda --solvable` (or kept on) with a Turtle game saved
    asked "You asked for a deal of Pagoda", where the picker says "a solvable deal of Pagoda"
    (a review)."""
    save_a_mahjong_game(tmp_path)
    if kept:
        open_store(tmp_path).change_preferences(solvable_deals=True)
    app = make_app(tmp_path, start="mahjong", layout="pagoda", solvable=not kept)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(dialog_text(app).split())
        assert "You asked for a solvable deal of Pagoda" in text, text


@pytest.mark.parametrize("kept", [True, False])
async def test_a_deal_proved_from_the_saved_games_own_number_is_named(
    tmp_path: Path, kept: bool
) -> None:
    """`--solvable --seed 5` over Turtle's deal 5 saved asked "You have a saved Mahjong game
    (Turtle, deal 5). ... Start a new one?", not saying what was asked: the deal proved from 5,
    which may be another one. Kept on (`kept`) or asked for the run, the question says so."""
    save_a_mahjong_game(tmp_path)  # Turtle, a random deal: 5
    if kept:
        open_store(tmp_path).change_preferences(solvable_deals=True)
    app = make_app(tmp_path, start="mahjong", layout="turtle", seed=5, solvable=not kept)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        asks_over_the_saved_game(app, "a solvable deal of Turtle from deal 5")


async def test_a_layout_from_a_file_titled_as_the_saved_one_is_named_by_its_file(
    tmp_path: Path,
) -> None:
    """Another Turtle (a file of that name and title) is named by its path, not as "a deal of
    Turtle" beside the saved Turtle game."""
    save_a_mahjong_game(tmp_path)
    copy = tmp_path / "turtle.map"
    copy.write_text(
        '<mahjongg><map name="Turtle" scorename="turtle"><row left="0" right="1" y="0"/></map>'
        "</mahjongg>",
        encoding="utf-8",
    )
    app = make_app(tmp_path, start="mahjong", layout=str(copy))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        assert f"You asked for a deal of {copy}#turtle. A saved" in dialog_text(app)


@pytest.mark.parametrize("options", [{}, {"layout": "turtle"}, {"layout": "Turtle"}])
async def test_the_saved_games_own_layout_or_none_asked_is_the_plain_question(
    tmp_path: Path, options: dict[str, object]
) -> None:
    save_a_mahjong_game(tmp_path)
    app = make_app(tmp_path, start="mahjong", **options)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        assert dialog_text(app) == "You have a saved Mahjong game (Turtle, deal 5). Resume it?"


def keys_text(app: App[None]) -> str:
    return " ".join(str(part.render()) for part in app.screen.query(".dialog-keys"))


@pytest.mark.parametrize(("kind", "keys_to_start"), [("lines", ["l"]), ("mahjong", ["m", "enter"])])
async def test_a_game_saved_behind_the_menus_back_is_asked_about_before_a_new_one(
    tmp_path: Path, kind: str, keys_to_start: list[str]
) -> None:
    """Another copy of lines-tui saved a game after this menu read none: a new game started
    here asked nothing, and was then not saved (the other copy's game was kept). Whether to ask
    is decided from what is saved when the player chooses, read then."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        menu = app.screen
        assert menu.state is not None and menu.state.saved[f"resume-{kind}"] is None
        if kind == "lines":
            save_a_lines_game(tmp_path)
        else:
            save_a_mahjong_game(tmp_path)
        theirs = open_store(tmp_path).load_game(kind)
        for key in keys_to_start:
            await pilot.press(key)
            await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "You have a saved" in dialog_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert open_store(tmp_path).load_game(kind) == theirs
        # Back where the choice was made: the picker as it was left, or the menu.
        if kind == "mahjong":
            assert isinstance(app.screen, LayoutPickerScreen)
        else:
            assert app.screen is menu
        for key in [*keys_to_start[1:], "y"] if kind == "mahjong" else [*keys_to_start, "y"]:
            await pilot.press(key)
            await settle(pilot)
        assert isinstance(app.screen, (LinesScreen, MahjongScreen))
        screen = app.screen
        if isinstance(screen, LinesScreen):  # the first move replaces their game, as asked
            game = screen.game
            ball = next(cell for cell, _ in game.board.balls())
            target = next(
                c for c in game.board.empty_cells() if game.board.path(ball, c) is not None
            )
            await cursor_to(pilot, screen, ball)
            await pilot.press("enter")
            await cursor_to(pilot, screen, target)
            await pilot.press("space")
        else:
            screen.board.cursor = screen.game.available_pairs()[0][0]
            await pilot.press("enter", "m", "enter")
        await settle(pilot)
        assert open_store(tmp_path).load_game(kind) != theirs
        assert open_store(tmp_path).load_game(kind) == screen.saved_data()


# --- the deal asked for is the saved game's own: resuming it is offered first --------------------


TODAYS_QUESTIONS = {
    "lines": "You have this deal saved (9 x 9, today's deal, score 0). Resume it?",
    "mahjong": "You have this deal saved (Turtle, today's deal), 2 pairs taken. Resume it?",
}


@pytest.mark.parametrize(
    ("kind", "keys_to_start"), [("lines", ["t", "enter"]), ("mahjong", ["t", "down", "enter"])]
)
async def test_todays_deal_chosen_while_it_is_saved_offers_to_resume_it(
    tmp_path: Path, kind: str, keys_to_start: list[str]
) -> None:
    """rev9: with today's Turtle saved, Today's deals → Turtle asked only "Start a new one?", and
    y lost the pairs taken and the clock at the first move. The deal asked for is the saved
    game: the question offers to resume it, y or enter (the easy answer) does."""
    saved = save_todays_lines_game(tmp_path) if kind == "lines" else save_todays_turtle(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in keys_to_start:
            await pilot.press(key)
            await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        assert dialog_text(app) == TODAYS_QUESTIONS[kind]
        keys = keys_text(app)
        assert "y: resume it" in keys and "n: start it afresh (asks first)" in keys
        # Asked over Today's deals, where esc goes back (it said "the menu" while it did so).
        assert "esc: back to Today's deals, the game kept" in keys
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, LinesScreen):
            assert isinstance(saved, LinesGame)
            assert screen.game.moves == saved.moves
        else:
            assert isinstance(screen, MahjongScreen) and isinstance(saved, MahjongGame)
            assert screen.game.history == saved.history


async def resume_keys(pilot: Pilot[None]) -> tuple[str, dict[str, str]]:
    """The resume question's Footer as shown, and its help's sentence for each key."""
    from test_ui_solvable_deals import footer_text

    from lines_tui.ui.help import key_rows

    footer = await footer_text(pilot)
    return footer, {keys: sentence for keys, sentence, _ in key_rows(pilot.app.screen)}


@pytest.mark.parametrize("where", ["today", "picker", "command line"])
async def test_the_same_deal_question_names_n_as_starting_it_afresh(
    tmp_path: Path, where: str
) -> None:
    """The same-deal question's Footer said "n New game" and its help "A new game instead",
    where n asks whether to start that very deal afresh: both say so, wherever it was asked."""
    typed = where == "picker"
    seed = 535993 if typed else todays_turtle()
    game = MahjongGame.new(find_layout("turtle"), seed, now=FIXED_NOW)
    game.deal_choice = CHOSEN if typed else daily(TODAY)
    open_store(tmp_path).save_game("mahjong", game.to_json(now=FIXED_NOW))
    options: dict[str, object] = {}
    if where == "command line":
        options = {"start": "mahjong", "choice": daily(TODAY)}
    app = make_app(tmp_path, **options)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        keys = {"today": ["t", "down", "enter"], "picker": ["m", *"535993", "enter"]}
        for key in keys.get(where, []):
            await pilot.press(key)
            await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        assert dialog_text(app).startswith("You have this deal saved")
        footer, help_rows = await resume_keys(pilot)
        assert "n Start afresh" in footer and "New game" not in footer
        assert help_rows["n"].startswith("This deal again from its start (asks first")
        assert help_rows["y ⏎"] == "Resume the saved game"
        await pilot.press("n")  # and n does what they say: asks, then starts the deal again
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)


@pytest.mark.parametrize("asked", [{}, {"layout": "pagoda"}])
async def test_the_resume_question_of_a_new_game_keeps_n_as_a_new_game(
    tmp_path: Path, asked: dict[str, object]
) -> None:
    """`lines-tui mahjong` (of any layout) with a game saved: n there is a new game, and the
    Footer and the help say so."""
    save_a_mahjong_game(tmp_path)
    app = make_app(tmp_path, start="mahjong", **asked)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        footer, help_rows = await resume_keys(pilot)
        assert "n New game" in footer and "afresh" not in footer
        assert help_rows["n"].startswith("A new game instead (asks first")


async def test_todays_deal_saved_can_still_be_started_afresh_after_asking(
    tmp_path: Path,
) -> None:
    """n on "You have this deal saved" asks, as any new game over a saved one, whether to replace
    it; y there starts the deal again from its start, the saved game kept until its first move.
    esc on either question keeps the saved game, and goes back to Today's deals, where the deal
    was picked (it went to the menu)."""
    saved = save_todays_lines_game(tmp_path)
    data = open_store(tmp_path).load_game("lines")
    for answers in (["escape"], ["n", "escape"], ["n", "y"]):
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("t", "enter")
            await settle(pilot)
            assert isinstance(app.screen, ResumeScreen)
            # Where its esc goes, as it does (it said "back to the menu", and "esc Menu").
            assert "esc: back to Today's deals, the game kept" in keys_text(app)
            await answer_resume_question(pilot, answers)
            if answers[-1] == "escape":
                assert isinstance(app.screen, TodayScreen)
            else:
                screen = app.screen
                assert isinstance(screen, LinesScreen)
                assert screen.game.seed == saved.seed and not screen.game.moves
                assert screen.game.deal_choice == daily(TODAY)
            assert open_store(tmp_path).load_game("lines") == data


@pytest.mark.parametrize("kind", ["lines", "mahjong"])
async def test_daily_on_the_command_line_offers_to_resume_todays_deal_saved(
    tmp_path: Path, kind: Start
) -> None:
    """`lines-tui lines --daily` / `lines-tui mahjong --daily` with today's deal saved."""
    saved = save_todays_lines_game(tmp_path) if kind == "lines" else save_todays_turtle(tmp_path)
    options: dict[str, object] = {"choice": daily(TODAY)}
    if kind == "lines":
        options["seed"] = lines_daily_seed(9, TODAY)  # as the command line gives it
    app = make_app(tmp_path, start=kind, **options)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        assert dialog_text(app) == TODAYS_QUESTIONS[kind]
        await pilot.press("y")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, (LinesScreen, MahjongScreen))
        assert screen.game.seed == saved.seed
        assert open_store(tmp_path).load_game(kind) is not None


@pytest.mark.parametrize(
    ("saved_choice", "asked", "same"),
    [
        (CHOSEN, {"seed": 5}, True),  # `lines-tui mahjong --seed 5`
        (CHOSEN, {"seed": 5, "choice": CHOSEN}, True),  # `lines-tui challenge` of its table
        (RANDOM, {"seed": 5}, False),  # the random deals' table: another game
        (CHOSEN, {"seed": 6}, False),
        (CHOSEN, {"seed": 5, "layout": "pagoda"}, False),
        (daily("2025-12-31"), {"choice": daily(TODAY)}, False),  # yesterday's deal saved
    ],
)
async def test_only_the_saved_games_own_deal_is_offered_to_resume(
    tmp_path: Path, saved_choice: DealChoice, asked: dict[str, object], same: bool
) -> None:
    """The same deal is the same game, board, number and choice (the table it plays for);
    anything else asks, as before, whether to replace the saved game."""
    seed = todays_turtle(saved_choice.day) if saved_choice.mode == "daily" else 5
    game = MahjongGame.new(find_layout("turtle"), seed, now=FIXED_NOW)
    game.deal_choice = saved_choice
    game.remove(*game.available_pairs()[0], now=FIXED_NOW + 30)
    open_store(tmp_path).save_game("mahjong", game.to_json(now=FIXED_NOW + 30))
    app = make_app(tmp_path, start="mahjong", **asked)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if same:
            assert isinstance(app.screen, ResumeScreen)
            assert dialog_text(app).startswith("You have this deal saved (Turtle, deal 5), 1 pair")
        else:
            assert isinstance(app.screen, ConfirmScreen)
            assert "Start" in dialog_text(app)


async def test_the_saved_deal_typed_in_the_picker_is_offered_and_esc_goes_back_there(
    tmp_path: Path,
) -> None:
    """The picker's deal number, the saved game's deal: its question offers to resume it, and
    esc (told as Back, not Menu) goes back to the picker as it was left."""
    from test_ui_solvable_deals import footer_text

    game = MahjongGame.new(find_layout("turtle"), 535993, now=FIXED_NOW)
    game.deal_choice = CHOSEN
    open_store(tmp_path).save_game("mahjong", game.to_json(now=FIXED_NOW))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, LayoutPickerScreen)
        await pilot.press("5", "3", "5", "9", "9", "3", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        assert dialog_text(app) == "You have this deal saved (Turtle, deal 535993). Resume it?"
        assert "esc: back to the picker, the game kept" in keys_text(app)
        assert "esc Back" in await footer_text(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LayoutPickerScreen)


@pytest.mark.parametrize(
    ("keys", "asked"),
    [
        (["t", "enter"], "today's deal of Lines 9 x 9"),
        (["t", "down", "enter"], "today's deal of Turtle"),
    ],
)
async def test_a_question_over_todays_deals_answered_past_midnight_offers_the_new_days(
    tmp_path: Path, keys: list[str], asked: str
) -> None:
    """Today's deals picked at 23:59 over a saved game, and its question answered after
    midnight (UTC): yes started yesterday's deal, whose race is over, as the pick itself no
    longer does. The new day's deals come back, saying so, the saved game kept. The question
    names the deal asked for (it said "Start a new one?")."""
    from test_ui_mahjong import START, Clock
    from test_ui_mahjong import make_app as make_app_on

    save_a_lines_game(tmp_path)
    save_a_mahjong_game(tmp_path)
    saved = {kind: open_store(tmp_path).load_game(kind) for kind in ("lines", "mahjong")}
    clock = Clock()
    clock.now = START + 86_400 - 30  # 23:59:30 UTC
    app = make_app_on(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        question = dialog_text(app)
        assert question.startswith(f"You asked for {asked}. A saved ")
        assert question.endswith(f"Start {asked}?")
        clock.now += 60
        await pilot.press("y")
        await settle(pilot)
        today = app.screen
        assert isinstance(today, TodayScreen)
        note = " ".join(widget_lines(today.query_one("#today-note"))).strip()
        assert note == f"{utc_day(clock.now)} has begun (UTC): these are its deals."
        assert today.query_one(OptionList).highlighted == len(keys) - 2
    assert {kind: open_store(tmp_path).load_game(kind) for kind in saved} == saved


@pytest.mark.parametrize("key", ["N", "R"])
async def test_a_new_deal_or_a_restart_over_a_resumed_game_is_whoever_plays_now(
    tmp_path: Path, key: str
) -> None:
    """Alice's Mahjong game resumed by Bob is hers; N or R then gave Bob a new game on the same
    screen that was still Alice's: saved naming her, its time prefilled with her name."""
    alices_game_saved_bob_plays(tmp_path, "mahjong", save_a_mahjong_game)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("R")  # the menu's resume of Mahjong
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, MahjongScreen) and screen.player == "Alice"
        await pilot.press(key)
        await settle(pilot)
        await pilot.press("y")  # lose the pair taken
        await settle(pilot)
        assert app.screen is screen and screen.player == "Bob"
        await pilot.press("i", "t")  # a hint's pair taken: the new game is saved
        await settle(pilot)
        assert len(screen.game.history) == 1
    saved = open_store(tmp_path).load_game("mahjong")
    assert saved is not None and saved["player"] == "Bob"


async def test_the_questions_over_another_players_saved_game_name_them(tmp_path: Path) -> None:
    """Bob, asked "You have a saved Lines game … Resume it?" of Alice's game, read it as his."""
    alices_game_saved_bob_plays(tmp_path, "lines", save_a_lines_game)
    app = make_app(tmp_path, start="lines")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        assert dialog_text(app) == "Alice has a saved Lines game (9 x 9, score 0). Resume it?"
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert dialog_text(app).startswith("Alice has a saved Lines game (9 x 9, score 0). ")


def alices_game_saved_bob_plays(data_dir: Path, kind: str, save: Callable[[Path], object]) -> None:
    """Alice and Bob registered, Bob the active player, and the game `save` saves of `kind`
    saved naming Alice as its player."""
    store = open_store(data_dir)
    store.add_player("Alice")
    store.add_player("Bob")
    store.set_active_player("Bob")
    save(data_dir)
    data = store.load_game(kind)
    assert data is not None
    store.save_game(kind, {**data, "player": "Alice"})


@pytest.mark.parametrize(
    ("keys", "asked"),
    [
        (["7"], "deal 7 of Turtle"),
        (["o", "7"], "a solvable deal of Turtle from deal 7"),
        (["o"], "a solvable deal of Turtle"),
        ([], None),
    ],
)
async def test_the_pickers_question_names_the_deal_asked_for(
    tmp_path: Path, keys: list[str], asked: str | None
) -> None:
    """A deal typed in the picker, or solvable deals only, over a saved game of the same
    layout: the question names what yes starts, as the command line's does (it asked "Start a
    new one?", the deal typed unsaid). A deal at random is what any new game is: that
    question still says it."""
    save_a_mahjong_game(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, LayoutPickerScreen)
        await pilot.press(*keys, "enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        question = dialog_text(app)
        if asked is None:
            assert question.endswith("Start a new one?")
        else:
            assert question.startswith(f"You asked for {asked}. A saved Mahjong game is waiting")
            assert question.endswith(f"Start {asked}?")
