"""What the menu resumes is the game saved on disk when `r` / `R` is pressed, not the one it read
when it last came up: another copy of lines-tui on the same data folder, or a hand edit, may have
changed it meanwhile. And a saved game that cannot be resumed is found out when it is first read,
set aside with one notice, and never offered (README, "Saving and resuming")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import (
    FIXED_NOW,
    FaultyFileSystem,
    greedy_move,
    play_lines_by_keys,
    settle,
    widget_lines,
)
from test_ui_app_shell import menu_labels
from textual import events

from lines_tui.engine.daily_seeds import lines_daily_seed
from lines_tui.engine.lines import LinesGame
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.store import open_store
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.dialogs import ConfirmScreen
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.mahjong import MahjongScreen
from lines_tui.ui.menu import MenuScreen
from lines_tui.ui.status_line import StatusLine

SIZE = (80, 24)
PWNED = "\x1b]0;pwned\x07"


class Recording(LinesTuiApp):
    """The app, keeping every notice it gives (a toast or the status line)."""

    told: list[str]

    def notify(self, message: str, **options: Any) -> None:
        self.told.append(message)
        super().notify(message, **options)


def recording_app(data_dir: Path, **options: Any) -> Recording:
    app = Recording(open_store(data_dir), clock=lambda: FIXED_NOW, animations=False, **options)
    app.told = []
    return app


def lines_game(moves: int) -> LinesGame:
    game = LinesGame.new(5, 9, started_at=FIXED_NOW)
    for _ in range(moves):
        game.play(*greedy_move(game.board), now=FIXED_NOW + 60 + len(game.moves))
    return game


def lines_game_with_a_score() -> LinesGame:
    game = lines_game(2)
    while game.score == 0:
        game.play(*greedy_move(game.board), now=FIXED_NOW + 60 + len(game.moves))
    return game


def mahjong_game(pairs: int) -> dict[str, Any]:
    game = MahjongGame.new(find_layout("turtle"), 5, now=FIXED_NOW)
    for _ in range(pairs):
        game.remove(*game.available_pairs()[0], now=FIXED_NOW + 30)
    return game.to_json(now=FIXED_NOW + 30)


async def test_r_resumes_the_lines_game_another_copy_saved_while_the_menu_was_up(
    tmp_path: Path,
) -> None:
    """Copy A's menu lists the game it read; copy B resumes it and plays on to a score. A's `r`
    opens B's game (the entry was stale), which A then saves over as its own."""
    ours = lines_game(2).to_json()
    open_store(tmp_path).save_game("lines", ours)
    app = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "r  Resume Lines (9 x 9, score 0)" in menu_labels(app)
        theirs = lines_game_with_a_score()
        open_store(tmp_path).save_game("lines", theirs.to_json(), known=ours)  # copy B
        await pilot.press("r")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LinesScreen)
        assert (screen.game.score, screen.game.moves) == (theirs.score, theirs.moves)
        assert screen.query_one(StatusLine).message == "Resumed your saved game."
        await play_lines_by_keys(pilot, screen, seed=1, max_moves=1)
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)  # left without "cannot be saved"
        saved = open_store(tmp_path).load_game("lines")
        assert saved is not None and len(saved["moves"]) == len(theirs.moves) + 1
        assert not [told for told in app.told if "Not saved" in told]
        assert f"r  Resume Lines (9 x 9, score {screen.game.score:,})" in menu_labels(app)


async def test_resuming_a_lines_game_replays_its_moves_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Decoding a saved Lines game replays every move (0.13 s for a long 15 x 15 game). The
    menu's read decodes it on the store's thread; the resume took the raw save and decoded it
    again, on the UI's thread. Asked for again, the save is decoded afresh: the game handed
    out is played on."""
    saved = lines_game(3)
    open_store(tmp_path).save_game("lines", saved.to_json())
    decoded: list[LinesGame] = []
    decode = LinesGame.from_json.__func__  # type: ignore[attr-defined]

    def counted(cls: type[LinesGame], data: object) -> LinesGame:
        decoded.append(decode(cls, data))
        return decoded[-1]

    monkeypatch.setattr(LinesGame, "from_json", classmethod(counted))
    app = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")  # reads the save again, then resumes what it read
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LinesScreen) and screen.game.moves == saved.moves
        assert len(decoded) == 2 and screen.game is decoded[-1]
        again = app.saved_games.lines()
        assert again is not None and again is not screen.game
        assert again.moves == saved.moves and len(decoded) == 3


EACH_RESUME_KEY = pytest.mark.parametrize(("kind", "key"), [("lines", "r"), ("mahjong", "R")])
"""Each kind of saved game with the menu key that resumes it."""

EACH_SAVE_AND_ITS_KEY = pytest.mark.parametrize(
    ("kind", "key", "saved"),
    [("lines", "r", lines_game(2).to_json()), ("mahjong", "R", mahjong_game(1))],
)
"""Each kind of saved game with the menu key that resumes it, and a game of it to save."""


async def test_shift_r_resumes_the_mahjong_game_saved_when_it_is_pressed(tmp_path: Path) -> None:
    ours = mahjong_game(1)
    open_store(tmp_path).save_game("mahjong", ours)
    app = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        theirs = mahjong_game(3)
        open_store(tmp_path).save_game("mahjong", theirs, known=ours)
        await pilot.press("R")
        await settle(pilot)
        assert isinstance(app.screen, MahjongScreen)
        assert len(app.screen.game.history) == 3


@EACH_SAVE_AND_ITS_KEY
async def test_a_saved_game_gone_under_the_menu_is_said_in_one_line(
    tmp_path: Path, kind: str, key: str, saved: dict[str, Any]
) -> None:
    open_store(tmp_path).save_game(kind, saved)
    app = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert any("Resume" in label for label in menu_labels(app))
        open_store(tmp_path).clear_game(kind)  # another copy finished it
        await pilot.press(key)
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        name = {"lines": "Lines", "mahjong": "Mahjong"}[kind]
        assert app.told == [
            f"The saved {name} game is gone: another lines-tui finished or removed it."
        ]
        assert not any("Resume" in label for label in menu_labels(app))


@EACH_SAVE_AND_ITS_KEY
async def test_r_resumes_a_game_another_copy_saved_after_the_menu_listed_none(
    tmp_path: Path, kind: str, key: str, saved: dict[str, Any]
) -> None:
    """The menu came up with nothing saved; another copy then saved a game (its first move),
    and `r` said "No Lines game is saved to resume.": the key answered from the menu's old
    read. It reads again, as for a listed entry, and opens the game saved now."""
    app = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not any("Resume" in label for label in menu_labels(app))
        open_store(tmp_path).save_game(kind, saved)  # another copy
        await pilot.press(key)
        await settle(pilot)
        assert isinstance(app.screen, {"lines": LinesScreen, "mahjong": MahjongScreen}[kind])
        assert not [told for told in app.told if "saved to resume" in told]


async def test_a_saved_game_edited_to_nonsense_under_the_menu_is_set_aside_when_resumed(
    tmp_path: Path,
) -> None:
    open_store(tmp_path).save_game("lines", lines_game(2).to_json())
    app = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        edited = lines_game(2).to_json()
        edited["board"] = [PWNED]
        open_store(tmp_path).save_game("lines", edited)  # an editor, while the menu is up
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        (aside,) = tmp_path.glob("saved-lines.json.corrupt-*")
        (told,) = app.told  # the set-aside notice, and nothing on the game being gone
        assert told.startswith("saved-lines.json: ")
        assert told.endswith(f"name ending in {aside.name.removeprefix('saved-lines.json')}.")
        assert "\x1b" not in told and "\x07" not in told
        assert not any("Resume" in label for label in menu_labels(app))


def mahjong_game_of_seed(seed: int, *, dealt_from_it: bool) -> dict[str, Any]:
    """A saved Mahjong game of deal `seed`: dealt from it, or deal 5's with only its seed
    edited."""
    game = MahjongGame.new(find_layout("turtle"), seed if dealt_from_it else 5, now=FIXED_NOW)
    game.remove(*game.available_pairs()[0], now=FIXED_NOW + 30)
    return {**game.to_json(now=FIXED_NOW + 30), "seed": seed}


@pytest.mark.parametrize("dealt_from_it", [False, True], ids=["seed-edited", "dealt-from-it"])
async def test_a_mahjong_save_of_a_seed_past_the_last_deal_is_set_aside_when_resumed(
    tmp_path: Path, dealt_from_it: bool
) -> None:
    """A hand-edited save with a seed above 2**64 - 1 was resumed: no table holds such a deal,
    and the won board's `c` crashed looking for one (the Footer's question crashed the screen
    as it came up, for a save whose deal was dealt from that seed). It is set aside as damaged,
    as a Lines save of such a seed is, with the one notice."""
    open_store(tmp_path).save_game("mahjong", mahjong_game(1))
    app = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        edited = mahjong_game_of_seed(2**70, dealt_from_it=dealt_from_it)
        open_store(tmp_path).save_game("mahjong", edited)  # an editor, while the menu is up
        await pilot.press("R")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert not list(app.unexpected_failures())
        (aside,) = tmp_path.glob("saved-mahjong.json.corrupt-*")
        (told,) = app.told
        assert told.startswith("saved-mahjong.json: saved game: 'seed' is not a deal number")
        assert told.endswith(f"name ending in {aside.name.removeprefix('saved-mahjong.json')}.")
        assert not any("Resume" in label for label in menu_labels(app))
    assert open_store(tmp_path).load_game("mahjong") is None


def edited_by_hand(case: str) -> tuple[str, dict[str, Any], str]:
    """The save of `case` edited by hand: its kind, its data, and how the notice that sets it
    aside begins."""
    if case == "lines-score":
        edited = lines_game_with_a_score().to_json()
        scored = edited["score"]
        edited["score"] = 5000
        reason = f"'score' is 5000, but its moves score {scored}"
        return "lines", edited, f"saved-lines.json: {reason}; no Lines game to resume."
    if case.endswith("-daily-label"):
        kind = case.removesuffix("-daily-label")
        edited = lines_game(2).to_json() if kind == "lines" else mahjong_game(1)
        edited["deal_choice"] = {"mode": "daily", "day": "2026-12-05"}
        reason = f"deal {edited['seed']} is not the deal of 2026-12-05"
        said = reason if kind == "lines" else f"saved game: {reason}"
        return kind, edited, f"saved-{kind}.json: {said};"
    if case == "lines-impossible-day":  # that day's seed, but no such day: no table for it
        day = "2026-02-30"
        game = LinesGame.new(lines_daily_seed(9, day), 9, started_at=FIXED_NOW)
        game.play(*greedy_move(game.board), now=FIXED_NOW + 60)
        edited = {**game.to_json(), "deal_choice": {"mode": "daily", "day": day}}
        reason = "'deal_choice' is a deal of the day whose day is not a date YYYY-MM-DD"
        return "lines", edited, f"saved-lines.json: {reason}"
    x = {"mahjong-tile-past-an-index": 10**22, "mahjong-tile-far": 1_000_000}[case]
    edited = mahjong_game(1)
    edited["position"]["tiles"][0][0] = x
    off = f"tile 0 is off the board: x is {x}, not 0 to 1024"
    return "mahjong", edited, f"saved-mahjong.json: saved game: {off};"


@pytest.mark.parametrize(
    "case",
    [
        "mahjong-tile-past-an-index",
        "mahjong-tile-far",
        "lines-score",
        "lines-daily-label",
        "mahjong-daily-label",
        "lines-impossible-day",
    ],
)
async def test_a_save_edited_by_hand_is_set_aside_once_and_never_offered(
    tmp_path: Path, case: str
) -> None:
    """A Mahjong save with a tile at x = 10**22 was offered, and resuming it ended the app
    ("cannot fit 'int' into an index-sized integer" drawing the board); the file stayed, so
    every start offered it and crashed again (x = 1,000,000 took seconds to draw). Its place is
    held to a layout's. A Lines save with its score edited to 5000 was offered ("Resume Lines
    (9 x 9, score 5000)"), and played on its game over filed 5,140 points at place 1 with a
    challenge code, both then refuted by the replay of its moves; its moves are played again
    when it is read. A save of a random deal labelled the deal of the day was resumed as that,
    and its result refuted when filed: its deal is now checked against the day's (and a day
    that is no date, with that day's deal, ended the app at resume). Each is set
    aside as damaged by the first read, said once, and never offered."""
    kind, edited, notice = edited_by_hand(case)
    open_store(tmp_path).save_game(kind, edited)
    for start in (1, 2):
        app = recording_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("r" if kind == "lines" else "R")
            await settle(pilot)
            assert isinstance(app.screen, MenuScreen)
            assert not list(app.unexpected_failures())
            assert not any("Resume" in label for label in menu_labels(app))
        (aside,) = tmp_path.glob(f"saved-{kind}.json.corrupt-*")
        if start == 1:
            told, nothing_saved = app.told
            assert told.startswith(notice)
            assert told.endswith(f"name ending in {aside.name.removeprefix(f'saved-{kind}.json')}.")
        else:
            (nothing_saved,) = app.told  # nothing set aside again
        assert nothing_saved == f"No {kind.title()} game is saved to resume."
    assert open_store(tmp_path).tables() == {}


async def test_the_menu_reads_the_saved_games_again_when_the_terminal_comes_to_the_front(
    tmp_path: Path,
) -> None:
    ours = lines_game(2).to_json()
    open_store(tmp_path).save_game("lines", ours)
    app = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        theirs = lines_game_with_a_score()
        open_store(tmp_path).save_game("lines", theirs.to_json(), known=ours)
        app.post_message(events.AppFocus())
        await settle(pilot)
        assert f"r  Resume Lines (9 x 9, score {theirs.score:,})" in menu_labels(app)


def unresumable(kind: str) -> dict[str, Any]:
    """A saved game whose summary reads well but whose content its engine refuses."""
    if kind == "lines":
        game = lines_game(2).to_json()
        game["board"] = [PWNED]
        return game
    game = mahjong_game(1)
    game["position"]["tiles"] = PWNED
    return game


@pytest.mark.parametrize("kind", ["lines", "mahjong"])
async def test_a_saved_game_that_cannot_be_resumed_is_never_offered(
    tmp_path: Path, kind: str
) -> None:
    open_store(tmp_path).save_game(kind, unresumable(kind))
    saved = (tmp_path / f"saved-{kind}.json").read_bytes()
    app = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert not any("Resume" in label for label in menu_labels(app))
        (aside,) = tmp_path.glob(f"saved-{kind}.json.corrupt-*")
        assert aside.read_bytes() == saved  # kept untouched
        (told,) = app.told
        assert told.startswith(f"saved-{kind}.json: ")
        assert told.endswith(f"name ending in {aside.name.removeprefix(f'saved-{kind}.json')}.")
        # On the menu nothing started afresh ("started afresh" it said): the game is gone.
        assert f"; no {kind.title()} game to resume. The file is kept" in told
        assert "afresh" not in told
        assert "\x1b" not in told
        assert open_store(tmp_path).load_game(kind) is None


async def test_lines_directly_starts_its_game_over_a_save_that_cannot_be_resumed(
    tmp_path: Path,
) -> None:
    """`lines-tui lines` asked "Resume it?", then set the file aside and left the player on the
    menu: now the save is set aside at the first read and the game asked for starts."""
    open_store(tmp_path).save_game("lines", unresumable("lines"))
    app = recording_app(tmp_path, start="lines")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not app.screen.query("ResumeScreen") and not isinstance(app.screen, ConfirmScreen)
        screen = app.screen
        assert isinstance(screen, LinesScreen) and screen.game.moves == []
        (told,) = app.told
        assert told == "saved-lines.json was damaged: kept aside; started afresh."
        assert screen.query_one(StatusLine).message == told
        assert len(list(tmp_path.glob("saved-lines.json.corrupt-*"))) == 1
        await play_lines_by_keys(pilot, screen, seed=1, max_moves=1)
        await settle(pilot)
        assert open_store(tmp_path).load_game("lines") == screen.game.to_json()


@pytest.mark.parametrize("solvable", [False, True], ids=["any-deal", "solvable-only"])
async def test_a_mahjong_game_over_a_damaged_save_tells_it_whole_on_its_status_line(
    tmp_path: Path, solvable: bool
) -> None:
    """Mahjong's status line, one row beside the panel, cut the notice before it said where the
    file went ("saved-mahjong.json: saved game: a tile cannot be paired with …"). With solvable
    deals only, the notice came while the deal was being proved, over that passing dialog, and
    was gone with it: the player was never told."""
    open_store(tmp_path).save_game("mahjong", unresumable("mahjong"))
    app = recording_app(tmp_path, start="mahjong", seed=4, solvable=solvable)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(100):  # the proof runs in the solver's process
            if isinstance(app.screen, MahjongScreen):
                break
            await pilot.pause(0.05)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, MahjongScreen)
        shown = " ".join(widget_lines(screen.query_one(StatusLine))).strip()
        assert shown == "saved-mahjong.json was damaged: kept aside; started afresh."


@EACH_RESUME_KEY
async def test_a_damaged_save_found_by_r_with_nothing_listed_is_told_once(
    tmp_path: Path, kind: str, key: str
) -> None:
    """The menu came up with nothing saved; a save its game cannot resume was then written (a
    hand edit), and `r` read it, set it aside and told so ("... no Lines game to resume. The
    file is kept ..."), then said "No Lines game is saved to resume." as well: two notices of
    one thing. As for a listed entry whose save is set aside, the set-aside notice is all."""
    app = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not any("Resume" in label for label in menu_labels(app))
        open_store(tmp_path).save_game(kind, unresumable(kind))
        await pilot.press(key)
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert len(list(tmp_path.glob(f"saved-{kind}.json.corrupt-*"))) == 1
        (told,) = app.told
        assert told.startswith(f"saved-{kind}.json: ")
        assert f"; no {kind.title()} game to resume. The file is kept" in told


@EACH_RESUME_KEY
async def test_a_damaged_save_that_could_not_be_set_aside_is_said_at_every_press(
    tmp_path: Path, kind: str, key: str
) -> None:
    """A save its game cannot resume, in a folder that will not let it be moved aside: the
    store says once that it is left as it is, and every read finds it damaged again. `r` said
    nothing at all from the second press on (it took the save for one set aside and told)."""
    open_store(tmp_path).save_game(kind, unresumable(kind))
    faults = FaultyFileSystem()
    app = Recording(open_store(tmp_path, fs=faults), clock=lambda: FIXED_NOW, animations=False)
    app.told = []
    faults.fail("replace")
    left = f"The saved {kind.title()} game cannot be resumed: it is damaged, and was left as it is."
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not any("Resume" in label for label in menu_labels(app))
        (warning,) = app.told
        assert warning.startswith(f"saved-{kind}.json could not be read (")
        assert "; it is left as it is (" in warning
        for presses in (1, 2):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, MenuScreen)
            assert app.told[1:] == [left] * presses
    assert (tmp_path / f"saved-{kind}.json").exists()
    assert not list(tmp_path.glob(f"saved-{kind}.json.corrupt-*"))


@pytest.mark.parametrize(("saved", "dimmed"), [((), ["r", "R"]), (("lines",), ["R"])])
async def test_r_and_r_with_nothing_of_their_kind_saved_are_listed_dimmed_and_say_so(
    tmp_path: Path, saved: tuple[str, ...], dimmed: list[str]
) -> None:
    """The help left out r and R while nothing of their kind was saved (R with only Lines
    saved), and pressed they did nothing, silently. Now listed dimmed, out of the Footer as
    before, and pressed they say in one line that nothing is saved."""
    from test_ui_scores import dimmed_keys_of, keys_of

    if "lines" in saved:
        open_store(tmp_path).save_game("lines", lines_game(2).to_json())
    app = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        menu = app.screen
        assert dimmed_keys_of(menu) == dimmed
        assert ("r" in keys_of(menu)) == ("lines" in saved)
        for key in dimmed:
            await pilot.press(key)
            await settle(pilot)
        assert app.screen is menu
        names = {"r": "Lines", "R": "Mahjong"}
        assert app.told == [f"No {names[key]} game is saved to resume." for key in dimmed]
