"""Racing on the same deal (README, "Deals of the day" and "Challenges"): daily deals derived
from the date alone, challenge codes, and the table each kind of game plays for."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXED_NOW, checker, greedy_move, played_lines_game, won_mahjong_game
from typer.testing import CliRunner

from lines_tui.cli import app
from lines_tui.commands import challenge, play
from lines_tui.engine.daily import mahjong_daily_search, mahjong_daily_seed
from lines_tui.engine.daily_seeds import candidate, lines_daily_seed
from lines_tui.engine.deal_choice import CHOSEN, DAY_RULE, LAST_DEAL, RANDOM, daily
from lines_tui.engine.lines import Board, GameDataError, LinesGame
from lines_tui.engine.mahjong.deal import DEALER_VERSION, deal
from lines_tui.engine.mahjong.game import MahjongGame, SavedGameError
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.engine.mahjong.solver import SolveResult, Verdict, solve
from lines_tui.seeds import FRESH_SEEDS, seed_and_choice
from lines_tui.store import Entry, Store, StoreError, TableId, codes, open_store
from lines_tui.store.records import MahjongRecord
from lines_tui.store.replay import record_of_lines, record_of_mahjong
from lines_tui.store.schema import ScoreData, dump_scores
from lines_tui.store.sharing import challenge_problem
from lines_tui.store.verify import Checker, verify

DAY = "2026-01-01"  # the day of FIXED_NOW


def test_the_deals_of_a_day_are_derived_from_the_date_alone() -> None:
    assert lines_daily_seed(9, "2026-12-01") == 11587144901934283818
    assert lines_daily_seed(9, "2026-12-02") != lines_daily_seed(9, "2026-12-01")
    assert lines_daily_seed(7, "2026-12-01") != lines_daily_seed(9, "2026-12-01")
    turtle = find_layout("turtle")
    assert mahjong_daily_seed(turtle, "turtle", "2026-12-01") == 9430462548814406983
    assert mahjong_daily_seed(turtle, "meadow", "2026-12-01") != 9430462548814406983


def test_mahjong_plays_the_first_candidate_proven_solvable() -> None:
    turtle = find_layout("turtle")
    search = mahjong_daily_search(turtle, "turtle", DAY)
    assert search.number == candidate("mahjong-turtle", DAY, 0)
    dead_end = SolveResult(Verdict.UNSOLVABLE, (), 1, 0.0)
    assert search.answer(dead_end) is None
    second = candidate("mahjong-turtle", DAY, 1)
    assert search.number == second
    proved = search.answer(SolveResult(Verdict.SOLVABLE, ((0, 1),), 1, 0.0))
    assert proved is not None
    assert proved.seed == second


def test_a_mahjong_daily_entry_must_be_that_days_deal() -> None:
    turtle = find_layout("turtle")
    table = TableId.mahjong("turtle").daily(DAY)
    seed = mahjong_daily_seed(turtle, "turtle", DAY)
    game = won_mahjong_game("turtle", seed)
    entry = Entry("Ann", 1440, int(FIXED_NOW) + 60, seed, record_of_mahjong(game))
    assert verify(table, entry, checker(FIXED_NOW)).status == "verified"
    second = candidate("mahjong-turtle", DAY, 1)
    other = won_mahjong_game("turtle", second)
    sneaky = Entry("Ann", 1440, int(FIXED_NOW) + 60, second, record_of_mahjong(other))
    verdict = verify(table, sneaky, checker(FIXED_NOW))
    assert verdict.reason == f"deal {second} is not the deal of {DAY}"
    # Were the first candidate not solvable, the second would be the deal of the day.
    lenient = Checker(now=FIXED_NOW, proven_solvable=lambda _, s: s != seed)
    assert verify(table, sneaky, lenient).status == "verified"


def test_a_saved_game_labelled_a_deal_of_the_day_must_play_one_of_its_deals() -> None:
    """Read from a save, a game of another deal labelled the deal of `DAY` was resumed as that,
    and its result refuted when filed. A Mahjong save may hold any of the day's candidates
    (which one is the day's, the solver says when the result is filed). A label of a day that
    is no date, with that day's deal, ended the app at resume (its table has no such day)."""
    lines = LinesGame.new(lines_daily_seed(9, DAY), 9, started_at=FIXED_NOW)
    lines.deal_choice = daily(DAY)
    assert LinesGame.from_json(lines.to_json()).deal_choice == daily(DAY)
    other = {**LinesGame.new(5, 9, started_at=FIXED_NOW).to_json(), **daily_label(DAY)}
    with pytest.raises(GameDataError, match=f"^deal 5 is not the deal of {DAY}$"):
        LinesGame.from_json(other)
    turtle = find_layout("turtle")
    for seed in (candidate("mahjong-turtle", DAY, 0), candidate("mahjong-turtle", DAY, 15)):
        mahjong = MahjongGame.new(turtle, seed, now=FIXED_NOW)
        mahjong.deal_choice = daily(DAY)
        assert MahjongGame.from_json(mahjong.to_json(now=FIXED_NOW)).seed == seed
    past = candidate("mahjong-turtle", DAY, 16)
    saved = MahjongGame.new(turtle, past, now=FIXED_NOW).to_json(now=FIXED_NOW)
    with pytest.raises(SavedGameError, match=f"deal {past} is not the deal of {DAY}$"):
        MahjongGame.from_json({**saved, **daily_label(DAY)})
    for day in ("1999-12-31", "2026-02-30", "2026-12-0\x1b"):  # its seeds, but no such day
        lines_of_day = LinesGame.new(lines_daily_seed(9, day), 9, started_at=FIXED_NOW).to_json()
        with pytest.raises(GameDataError, match=f"whose day is not {DAY_RULE}$"):
            LinesGame.from_json({**lines_of_day, **daily_label(day)})
        seed = candidate("mahjong-turtle", day, 0)
        of_day = MahjongGame.new(turtle, seed, now=FIXED_NOW).to_json(now=FIXED_NOW)
        with pytest.raises(SavedGameError, match=f"whose day is not {DAY_RULE}$"):
            MahjongGame.from_json({**of_day, **daily_label(day)})


def test_a_saved_game_plays_the_board_its_deal_deals() -> None:
    """A code review: a save's board was taken on trust, so one set up by hand (every Mahjong
    face the same, a Lines board of four in a row) was resumed as the deal of the day and its
    win filed on the day's table. A random deal's may be any board: its result is kept without
    a record (unverified)."""
    turtle = find_layout("turtle")
    seed = candidate("mahjong-turtle", DAY, 0)
    for choice in (daily(DAY), CHOSEN, RANDOM):
        game = MahjongGame.new(turtle, seed, now=FIXED_NOW)
        game.deal_choice = choice
        saved = game.to_json(now=FIXED_NOW)
        for tile in saved["position"]["tiles"]:
            tile[3] = "d1"
        if choice == RANDOM:
            resumed = MahjongGame.from_json(saved)
            assert resumed.position.faces[0] == "d1" and record_of_mahjong(resumed) is None
            continue
        which = f"the deal of {DAY}" if choice == daily(DAY) else f"deal {seed}"
        with pytest.raises(SavedGameError, match=f"its board is not {which} as dealer 2 deals"):
            MahjongGame.from_json(saved)
    old = MahjongGame.new(turtle, seed, now=FIXED_NOW, dealer=1).to_json(now=FIXED_NOW)
    old["position"] = deal(turtle, seed, DEALER_VERSION).to_json()
    with pytest.raises(SavedGameError, match=f"its board is not the deal of {DAY} as dealer 1 "):
        MahjongGame.from_json({**old, **daily_label(DAY)})
    lines = LinesGame.from_position(
        Board.from_text("\n".join(["RRRR....."] + ["........."] * 8)),
        (((8, 8), "B"), ((8, 7), "B"), ((8, 6), "B")),
        lines_daily_seed(9, DAY),
    )
    assert LinesGame.from_json(lines.to_json()).deal_choice == RANDOM
    with pytest.raises(GameDataError, match=r"^a board set up by hand \('start'\) is no deal"):
        LinesGame.from_json({**lines.to_json(), **daily_label(DAY)})


def test_a_saved_choice_of_another_kind_of_deal_has_no_day() -> None:
    """A code review: {"mode": "random", "day": "junk"} was read as a choice unlike a random
    deal's, whose saved game was then never the one a random deal asks for (choices are
    compared whole)."""
    saved = LinesGame.new(5, 9, started_at=FIXED_NOW).to_json()
    for mode in ("random", "deal"):
        junk = {**saved, "deal_choice": {"mode": mode, "day": "junk"}}
        with pytest.raises(GameDataError, match="'deal_choice' has a day, but is no deal of"):
            LinesGame.from_json(junk)


def daily_label(day: str) -> dict[str, Any]:
    return {"deal_choice": {"mode": "daily", "day": day}}


def test_ten_honest_entries_of_a_day_whose_first_candidate_is_unproven_all_import(
    tmp_path: Path,
) -> None:
    # A proof that fails takes the solver seconds; here it takes 10 ticks of the checker's clock,
    # ten times the whole replay budget. A day's proof is made once and charged to no entry.
    ticks = [0.0]
    proofs: list[int] = []
    first, second = (candidate("mahjong-turtle", DAY, n) for n in (0, 1))

    def slow_proof(_: object, seed: int) -> bool:
        proofs.append(seed)
        ticks[0] += 10.0
        return seed != first

    def clock() -> float:
        ticks[0] += 0.0001  # every replay step costs a little
        return ticks[0]

    record = record_of_mahjong(won_mahjong_game("turtle", second))
    table = TableId.mahjong("turtle").daily(DAY)
    names = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"]
    entries = [
        Entry(name, 1800 + 10 * n, int(FIXED_NOW) + 60 + n, second, record)
        for n, name in enumerate(names)
    ]
    checking = Checker(now=FIXED_NOW, budget=1.0, clock=clock, proven_solvable=slow_proof)
    merged = open_store(tmp_path).import_code(codes.encode(table, entries), checking)
    assert merged.summary() == "10 added"
    assert proofs == [first]


def test_a_chosen_or_daily_game_plays_for_its_own_table() -> None:
    base = TableId.lines(9)
    assert base.for_game("random", 4, "") == base
    assert str(base.for_game("deal", 4, "")) == "lines-9+deal-4"
    assert str(base.for_game("daily", 4, DAY)) == "lines-9+daily-2026-01-01"
    assert TableId.parse("mahjong-turtle+daily-2026-01-01").title == "Turtle, deal of 2026-01-01"


def test_a_new_game_without_a_seed_plays_for_the_random_deals_table() -> None:
    seed, choice = seed_and_choice(None, None)
    assert 0 <= seed < FRESH_SEEDS
    assert choice == RANDOM
    assert seed_and_choice(42, None) == (42, CHOSEN)
    assert seed_and_choice(42, daily(DAY)) == (42, daily(DAY))
    assert seed_and_choice(None, daily(DAY))[1] == daily(DAY)


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The games the commands would open (the app itself is not started)."""
    calls: list[dict[str, Any]] = []

    def fake_run_app(options: object, start: str = "menu", **kwargs: Any) -> None:
        calls.append({"start": start, **kwargs})

    monkeypatch.setattr(play, "run_app", fake_run_app)
    monkeypatch.setattr(challenge, "run_app", fake_run_app)
    monkeypatch.setattr(challenge, "require_terminal", lambda: None)
    return calls


def test_daily_options_open_todays_deal(launched: list[dict[str, Any]], tmp_path: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(app, ["--data-dir", str(tmp_path), "lines", "--daily"]).exit_code == 0
    today = play.today_utc()
    # The app picks the day's deal of the size it plays (the size kept, with no --size; see
    # test_ui_lines_size), as it proves Mahjong's.
    assert launched[-1] == {"start": "lines", "size": None, "choice": daily(today)}
    assert runner.invoke(app, ["--data-dir", str(tmp_path), "mahjong", "--daily"]).exit_code == 0
    # The app proves the day's candidates in its solver process (see test_ui_solvable_deals).
    assert launched[-1] == {"start": "mahjong", "layout": None, "choice": daily(today)}


def anns_lines_game(folder: Path) -> tuple[Store, LinesGame]:
    """Ann registered in `folder`, her game of Lines 7 x 7 deal 1 filed with its moves."""
    store = open_store(folder)
    store.add_player("Ann")
    game = played_lines_game(1, size=7)
    store.record_lines("Ann", 7, game.score, 1, FIXED_NOW, FIXED_NOW + 60, record_of_lines(game))
    return store, game


def test_a_challenge_code_opens_its_deal_and_joins_its_table(
    launched: list[dict[str, Any]], tmp_path: Path
) -> None:
    mine, game = anns_lines_game(tmp_path / "mine")
    code = mine.challenge_code("lines-7", 1, checker=checker())
    friend = tmp_path / "friend"
    result = CliRunner().invoke(
        app, ["--data-dir", str(friend), "challenge", f"beat this: {code}."]
    )
    assert result.exit_code == 0, result.output
    assert f"Challenge: beat {game.score} by Ann on Lines 7 x 7, deal 1." in result.stdout
    # The deal's size is not one asked for: the menu's Lines stays as kept if it is declined.
    asked = {"start": "lines", "seed": 1, "size": 7, "choice": CHOSEN, "size_for_run": False}
    assert launched == [asked]
    assert open_store(friend).table("lines-7+deal-1")[0].recorded


def test_your_own_challenge_on_the_command_line_is_named_your_own(
    launched: list[dict[str, Any]], tmp_path: Path
) -> None:
    """A player review: your own challenge code, imported where you play under the same name,
    said "beat 40 by Ann" to Ann, where the game says "To beat: your own 40."."""
    mine, game = anns_lines_game(tmp_path / "mine")
    code = mine.challenge_code("lines-7", 1, checker=checker())
    other = open_store(tmp_path / "other")
    other.add_player("Ann")
    other.set_active_player("Ann")
    result = CliRunner().invoke(app, ["--data-dir", str(tmp_path / "other"), "challenge", code])
    assert result.exit_code == 0, result.output
    assert f"Challenge: beat your own {game.score} on Lines 7 x 7, deal 1." in result.stdout


def test_a_challenge_refused_by_a_file_left_as_it_is_says_so_once(
    launched: list[dict[str, Any]], tmp_path: Path
) -> None:
    """A code review: with the friend's scores.json damaged behind a link, `challenge` printed
    the file's warning twice, and never that nothing was merged."""
    mine, _ = anns_lines_game(tmp_path / "mine")
    code = mine.challenge_code("lines-7", 1, checker=checker())
    notes = tmp_path / "notes.txt"
    notes.write_text("garbage")
    friend = tmp_path / "friend"
    friend.mkdir()
    (friend / "scores.json").symlink_to(notes)
    result = CliRunner().invoke(app, ["--data-dir", str(friend), "challenge", code])
    assert result.exit_code == 2 and launched == []
    warning, refusal = result.stderr.splitlines()
    assert "it is a symbolic link to" in warning
    assert refusal == "lines-tui: nothing was changed: scores.json is left as it is (said above)"
    assert notes.read_text() == "garbage"


GUEST_NOT_SAVED = (
    "Playing as a guest, your score would not be saved (register first: lines-tui players add "
    "NAME)."
)


@pytest.mark.parametrize(
    ("who", "told"),
    [("guest", True), ("active", False), ("--player", False), ("mahjong guest", False)],
)
def test_a_guest_is_told_before_a_lines_challenge_that_the_score_is_not_saved(
    launched: list[dict[str, Any]], tmp_path: Path, who: str, told: bool
) -> None:
    """A guest raced a Lines challenge, won, and only then read "Not saved: playing as a guest."
    The challenge's line says it first (a guest's Mahjong time is saved under a name typed after
    the win: nothing to say there)."""
    mine = open_store(tmp_path / "mine")
    mine.add_player("Ann")
    if who == "mahjong guest":
        win = record_of_mahjong(won_mahjong_game("turtle", 1))
        mine.record_mahjong("Ann", "turtle", 144.0, 1, FIXED_NOW, win)
        code = mine.challenge_code("mahjong-turtle", 1, checker=checker())
    else:
        game = played_lines_game(1, size=7)
        mine.record_lines("Ann", 7, game.score, 1, FIXED_NOW, FIXED_NOW + 60, record_of_lines(game))
        code = mine.challenge_code("lines-7", 1, checker=checker())
    friend = open_store(tmp_path / "friend")
    friend.add_player("Bob")
    if who == "active":
        friend.set_active_player("Bob")
    player = ["--player", "Bob"] if who == "--player" else []
    result = CliRunner().invoke(
        app, ["--data-dir", str(tmp_path / "friend"), *player, "challenge", code]
    )
    assert result.exit_code == 0, result.output
    # The sentence is the output's last, in lines of at most 80 columns.
    lines = result.stdout.splitlines()
    (start,) = [n for n, line in enumerate(lines) if line.startswith("Challenge: beat")]
    assert max(len(line) for line in lines[start:]) <= 80
    sentence = " ".join(lines[start:])
    assert sentence.endswith(f"deal 1. {GUEST_NOT_SAVED}" if told else "deal 1.")


def test_a_challenge_whose_game_is_here_as_anothers_is_refused(
    launched: list[dict[str, Any]], tmp_path: Path
) -> None:
    """Ann's game, re-encoded under another name: Import rejects it (the table holds that game
    as Ann's) and offers no race, but `lines-tui challenge` named it the result to beat and
    started the game (a player review). Refused in one line now, and nothing is merged."""
    friend, game = anns_lines_game(tmp_path / "friend")
    copy = Entry("Cleo", game.score, int(FIXED_NOW) + 120, 1, record_of_lines(game))
    code = codes.encode(TableId.lines(7).for_deal(1), [copy])
    before = friend.tables()
    result = CliRunner().invoke(app, ["--data-dir", str(tmp_path / "friend"), "challenge", code])
    assert result.exit_code == 2 and launched == []
    (refusal,) = result.stderr.splitlines()
    assert refusal.startswith(
        "lines-tui: no result in this challenge holds up, so there is nothing to beat here "
        "(entry 1: rejected: this game (same deal and moves) is here already"
    )
    assert open_store(tmp_path / "friend").tables() == before


def test_a_table_of_random_deals_is_no_challenge(
    launched: list[dict[str, Any]], tmp_path: Path
) -> None:
    mine, _ = anns_lines_game(tmp_path)
    result = CliRunner().invoke(app, ["challenge", mine.export_code("lines-7", checker=checker())])
    assert result.exit_code == 2 and "not a challenge" in result.stderr
    assert launched == []


def test_a_challenge_of_a_day_gone_by_is_refused_and_merges_nothing(
    launched: list[dict[str, Any]], tmp_path: Path
) -> None:
    seed = lines_daily_seed(7, DAY)
    game = played_lines_game(seed, size=7)
    entry = Entry("Ann", game.score, int(FIXED_NOW), seed, record_of_lines(game))
    code = codes.encode(TableId.lines(7).daily(DAY), [entry])
    friend = tmp_path / "friend"
    result = CliRunner().invoke(app, ["--data-dir", str(friend), "challenge", code])
    assert result.exit_code == 2
    assert f"the deal of {DAY} is over" in result.stderr
    assert open_store(friend).tables() == {}
    assert launched == []


def test_a_random_games_result_counts_on_its_deals_table(tmp_path: Path) -> None:
    """A result of a random deal is also a result on that deal (README, "Challenges"): its
    challenge code imported where it was saved adds nothing, a friend's result on the deal ranks
    below it, and it is the one to beat there."""
    from lines_tui.store.verify import challenge_target

    ann = open_store(tmp_path / "ann")
    ann.add_player("Ann")
    game = played_lines_game(4)
    ann.record_lines("Ann", 9, game.score, 4, FIXED_NOW, FIXED_NOW + 60, record_of_lines(game))
    own_code = ann.challenge_code("lines-9", 1, checker=checker())
    assert ann.import_code(own_code, checker()).summary() == "1 already there"
    bob = open_store(tmp_path / "bob")
    bob.import_code(own_code, checker())
    bob.add_player("Bob")
    short = careless_lines_game(4)  # the same deal, played worse
    deal_table = TableId.lines(9).for_deal(4)
    record = record_of_lines(short)
    bob.record_lines("Bob", deal_table, short.score, 4, FIXED_NOW, FIXED_NOW + 60, record)
    bob_code = bob.challenge_code("lines-9+deal-4", 2, checker=checker())
    assert "1 added" in ann.import_code(bob_code, checker()).summary()
    deal = ann.table("lines-9+deal-4")
    assert [(entry.name, entry.value) for entry in deal] == [
        ("Ann", game.score),
        ("Bob", short.score),
    ]
    target = challenge_target(ann.checked_table("lines-9+deal-4", checker()))
    assert target is not None and target.name == "Ann"


def careless_lines_game(seed: int) -> LinesGame:
    """A whole 9 x 9 game in which every other move is the first one the board offers: far
    fewer points than the greedy player's (seed 4: 155 against 2,275)."""
    game = LinesGame.new(seed, 9, started_at=FIXED_NOW)
    while not game.over:
        if len(game.moves) % 2:
            move = greedy_move(game.board)
        else:
            src, cells = next(iter(game.board.move_choices()))
            move = (src, next(iter(cells)))
        game.play(*move, now=FIXED_NOW + 60 + len(game.moves))
    return game


def test_a_won_random_deals_challenge_code_adds_nothing_where_it_was_won(tmp_path: Path) -> None:
    game = won_mahjong_game("turtle", 1)
    mine = open_store(tmp_path)
    record = record_of_mahjong(game)
    assert mine.record_mahjong("Cleo", "turtle", 144.0, 1, FIXED_NOW, record).saved
    code = mine.challenge_code("mahjong-turtle", 1, checker=checker())
    assert mine.import_code(code, checker()).summary() == "1 already there"
    assert [entry.name for entry in mine.table("mahjong-turtle+deal-1")] == ["Cleo"]


@pytest.mark.parametrize("active", [False, True])
def test_a_challenge_below_your_own_result_on_its_deal_says_which_one_to_beat(
    launched: list[dict[str, Any]], tmp_path: Path, active: bool
) -> None:
    """`lines-tui challenge` names the friend's result and, as the game's "To beat" then does,
    your own better one on the same deal (played as a random deal): as Ann's while someone
    else plays, and as "your own" when Ann does (it said "by Ann" to Ann: a player review)."""
    mine = open_store(tmp_path / "mine")
    mine.add_player("Ann")
    mine.add_player("Cy")
    mine.set_active_player("Ann" if active else "Cy")
    game = played_lines_game(4)
    mine.record_lines("Ann", 9, game.score, 4, FIXED_NOW, FIXED_NOW + 60, record_of_lines(game))
    friend = open_store(tmp_path / "friend")
    friend.add_player("Bob")
    short = careless_lines_game(4)
    deal_table = TableId.lines(9).for_deal(4)
    friend.record_lines(
        "Bob", deal_table, short.score, 4, FIXED_NOW, FIXED_NOW + 60, record_of_lines(short)
    )
    code = friend.challenge_code(deal_table, 1, checker=checker())
    result = CliRunner().invoke(app, ["--data-dir", str(tmp_path / "mine"), "challenge", code])
    assert result.exit_code == 0, result.output
    assert (
        f"Challenge: beat {short.score} by Bob on Lines 9 x 9, deal 4. The deal's table already "
        f"holds {f'your own {game.score}' if active else f'{game.score} by Ann'}, ranked "
        "ahead of it: that is the one to beat."
    ) in " ".join(result.stdout.split())


def test_a_challenge_the_table_has_no_room_for_is_still_a_race(tmp_path: Path) -> None:
    """A code review: the deal's table full of better results (here one, its limit), the
    friend's verified result merged as "not good enough", and the challenge named nothing to
    beat, as if it did not hold up. It is still the challenge; the table's best is the one the
    game names to beat."""
    from lines_tui.store.verify import best_verified

    deal_table = TableId.lines(9).for_deal(4)
    mine = open_store(tmp_path / "mine", table_limit=1)
    mine.add_player("Ann")
    best = played_lines_game(4)
    assert mine.record_lines(
        "Ann", deal_table, best.score, 4, FIXED_NOW, FIXED_NOW + 60, record_of_lines(best)
    ).saved
    short = careless_lines_game(4)
    bobs = Entry("Bob", short.score, int(FIXED_NOW), 4, record_of_lines(short))
    merged = mine.import_code(codes.encode(deal_table, [bobs]), checker())
    assert merged.summary() == "1 not good enough"
    assert best_verified(merged) == bobs


def test_a_fast_keyboard_win_is_saved_verified_and_a_good_challenge(tmp_path: Path) -> None:
    """Two keys a pair (i, then t) cleared Turtle in 34.8 s, under the old floor of 0.5 s a
    pair: the app saved a result its own replay refuted, its challenge code was refused
    everywhere and its table could no longer be shared."""
    mine = open_store(tmp_path / "mine")
    record = record_of_mahjong(won_mahjong_game("turtle", 38))
    assert mine.record_mahjong(
        "Bo", TableId.mahjong("turtle").for_deal(38), 34.8, 38, FIXED_NOW, record
    ).saved
    code = mine.export_code("mahjong-turtle+deal-38", checker=checker())
    assert [v.status for v in codes.read(code, checker()).verdicts] == ["verified"]


def test_a_win_faster_than_anyone_plays_is_not_saved(tmp_path: Path) -> None:
    """A time under the floor (0.1 s a pair) would be refuted by its own replay and block its
    table's code: the app says so instead of saving it."""
    mine = open_store(tmp_path)
    record = record_of_mahjong(won_mahjong_game("turtle", 1))
    outcome = mine.record_mahjong("Bo", "turtle", 7.1, 1, FIXED_NOW, record)
    assert not outcome.saved
    assert outcome.reason == "7.1 s for 72 pairs, under 0.1 s a pair: too fast"
    assert mine.table("mahjong-turtle") == ()
    assert mine.record_mahjong("Bo", "turtle", 7.2, 1, FIXED_NOW, record).saved


def test_a_random_deal_s_table_is_listed_once_two_players_race_on_it(tmp_path: Path) -> None:
    """`scores show mahjong-turtle+deal-1` prints a random deal's results with their code; the
    overview and the app's leaderboards list that table once two players have results there (a
    race), not for one player's random deal (every game won would add a table)."""
    store = open_store(tmp_path)
    record = record_of_mahjong(won_mahjong_game("turtle", 1))
    assert store.record_mahjong("Cleo", "turtle", 144.0, 1, FIXED_NOW, record).saved
    runner = CliRunner()

    def listed() -> list[str]:
        overview = runner.invoke(app, ["--data-dir", str(tmp_path), "scores"])
        assert overview.exit_code == 0, overview.output
        header, *rows = overview.stdout.splitlines()
        assert header.split() == ["TABLE", "ENTRIES", "BEST", "BY"]
        return [line.split()[0] for line in rows]

    assert listed() == ["mahjong-turtle"]
    shown = runner.invoke(
        app, ["--data-dir", str(tmp_path), "scores", "show", "mahjong-turtle+deal-1"]
    )
    assert shown.exit_code == 0, shown.output
    assert "Cleo" in shown.stdout and "share code: LT2-" in shown.stdout
    assert store.record_mahjong("Dev", "turtle", 150.0, 1, FIXED_NOW + 600, record).saved
    assert listed() == ["mahjong-turtle", "mahjong-turtle+deal-1"]
    assert dict(store.tables()) == {
        TableId.mahjong("turtle"): store.table("mahjong-turtle"),
        TableId.mahjong("turtle").for_deal(1): store.table("mahjong-turtle+deal-1"),
    }


# -- a deal's table is the current dealer's deal (README, "Every entry carries its game") ---------

OTHER_BOARD = "dealt by dealer 1, an older shuffle: another board than deal 1 as dealt now"


def older_dealers_win(seed: int = 1) -> MahjongRecord:
    """The record of Turtle's deal `seed` won as dealer 1 dealt it: a game saved before dealer
    2, finished since (it is another board than dealer 2's deal of that number)."""
    turtle = find_layout("turtle")
    assert deal(turtle, seed, 1) != deal(turtle, seed, DEALER_VERSION)
    game = MahjongGame.new(turtle, seed, now=0.0, dealer=1)
    result = solve(game.position)
    assert result.verdict == Verdict.SOLVABLE
    for number, pair in enumerate(result.moves, start=1):
        game.remove(*pair, now=2.0 * number)
    record = record_of_mahjong(game)
    assert record is not None and record.dealer == 1
    return record


def test_a_code_of_an_older_dealers_game_joins_no_deal_s_table(tmp_path: Path) -> None:
    """A dealer-1 win of deal 1 verified by its own replay, and went into Turtle, deal 1 beside
    dealer 2's deal 1, another board; and into the deal of the day of its seed. Both are refused
    with the reason; the random deals' table still takes it, replayed on its own dealer's deal."""
    record = older_dealers_win()
    mallory = Entry("Mallory", 1500, int(FIXED_NOW), 1, record)
    turtle = TableId.mahjong("turtle")
    store = open_store(tmp_path / "data")
    merged = store.import_code(codes.encode(turtle.for_deal(1), [mallory]), checker())
    (result,) = merged.results
    assert (result.status, result.reason) == ("rejected", OTHER_BOARD)
    assert not (tmp_path / "data").exists()  # nothing merged, nothing written
    seed = mahjong_daily_seed(find_layout("turtle"), "turtle", DAY)
    of_the_day = replace(mallory, seed=seed, record=older_dealers_win(seed))
    merged = store.import_code(codes.encode(turtle.daily(DAY), [of_the_day]), checker())
    (result,) = merged.results
    assert result.status == "rejected"
    assert result.reason == OTHER_BOARD.replace("deal 1", f"the deal of {DAY}")
    assert store.import_code(codes.encode(turtle, [mallory]), checker()).summary() == "1 added"
    assert store.table("mahjong-turtle+deal-1") == ()  # not counted on the deal's table


def test_a_random_deals_result_of_an_older_dealer_does_not_count_on_its_deal(
    tmp_path: Path,
) -> None:
    """An old saved game finished since is a result of its random deal, verified there; its deal's
    table, the board friends race on, neither counts it nor lists it as a race."""
    store = open_store(tmp_path)
    assert store.record_mahjong("Old", "turtle", 144.0, 1, FIXED_NOW, older_dealers_win()).saved
    current = record_of_mahjong(won_mahjong_game("turtle", 1))
    assert store.record_mahjong("New", "turtle", 150.0, 1, FIXED_NOW + 600, current).saved
    assert [entry.name for entry in store.table("mahjong-turtle")] == ["Old", "New"]
    assert [entry.name for entry in store.table("mahjong-turtle+deal-1")] == ["New"]
    assert list(store.tables()) == [TableId.mahjong("turtle")]  # one player races there
    target = store.result_to_beat("mahjong-turtle+deal-1", checker())
    assert target is not None and target.name == "New"


def test_a_deal_of_the_day_gone_by_gives_no_challenge_code(tmp_path: Path) -> None:
    """The code was made, and a friend's copy then refused to play it ("the deal of … is
    over"): the day's table takes no new results. Its share code still shares it."""
    seed = lines_daily_seed(7, DAY)
    game = played_lines_game(seed, size=7)
    store = open_store(tmp_path)
    store.add_player("Ann")
    table = TableId.lines(7).daily(DAY)
    end = FIXED_NOW + 60
    assert store.record_lines("Ann", table, game.score, seed, FIXED_NOW, end, record_of_lines(game))
    assert store.challenge_code(table, 1, checker=checker()).startswith("LT2-")  # that day
    over = f"the deal of {DAY} is over; its table takes no new results"
    with pytest.raises(StoreError) as refused:
        store.challenge_code(table, 1, checker=checker(FIXED_NOW + 86_400))
    assert str(refused.value) == f"entry 1 cannot be a challenge: {over}"
    assert store.export_code(table, checker=checker(FIXED_NOW + 86_400)).startswith("LT2-")
    command = ["--data-dir", str(tmp_path), "scores", "export", str(table), "--challenge"]
    result = CliRunner().invoke(app, command)  # today is after DAY
    assert result.exit_code == 2
    assert result.stderr == f"lines-tui: entry 1 cannot be a challenge: {over}\n"


def test_an_older_dealers_result_gives_no_challenge_code(tmp_path: Path) -> None:
    """Its challenge code sent a friend to dealer 2's deal of that number: another board."""
    store = open_store(tmp_path)
    assert store.record_mahjong("Old", "turtle", 144.0, 1, FIXED_NOW, older_dealers_win()).saved
    (verdict,) = store.checked_table("mahjong-turtle", checker()).verdicts
    assert verdict.status == "verified"  # on its own deal: it may be watched and shared
    with pytest.raises(StoreError) as refused:
        store.challenge_code("mahjong-turtle", 1, checker=checker())
    assert str(refused.value) == f"entry 1 cannot be a challenge: it was {OTHER_BOARD}"
    result = CliRunner().invoke(
        app,
        ["--data-dir", str(tmp_path), "scores", "export", "mahjong-turtle", "--challenge"],
    )
    assert result.exit_code == 2
    assert result.stderr == f"lines-tui: entry 1 cannot be a challenge: it was {OTHER_BOARD}\n"
    assert "LT2-" not in result.stdout
    assert store.export_code("mahjong-turtle", checker=checker()).startswith("LT2-")


@pytest.mark.parametrize(
    ("seed", "said"),
    [(LAST_DEAL + 1, str(LAST_DEAL + 1)), (2**70, str(2**70)), (10**400, "a seed of 401 digits")],
    ids=["2**64", "2**70", "10**400"],
)
def test_a_seed_past_the_last_deal_sets_no_challenge_and_raises_nothing(
    seed: int, said: str
) -> None:
    """A Mahjong save edited to a seed past the last deal was resumed and won: `c`, and the
    Footer asking whether to offer it, raised TableIdError from the random deals' table's
    `for_deal`, and the screen crashed. A seed with no deal's table sets no challenge, said."""
    record = record_of_mahjong(won_mahjong_game("turtle", 1))
    why = f"dealt from {said}, which is not a deal number (0 to 2**64 - 1)"
    for table in (TableId.mahjong("turtle"), TableId.lines(9)):
        assert challenge_problem(table, seed, record) == why
        assert challenge_problem(table, -1, None) == why.replace(said, "-1")
    assert challenge_problem(TableId.mahjong("turtle"), LAST_DEAL, record) is None


def test_a_challenge_of_an_older_dealers_game_is_refused_and_merges_nothing(
    launched: list[dict[str, Any]], tmp_path: Path
) -> None:
    entry = Entry("Mallory", 1500, int(FIXED_NOW) - 100, 1, older_dealers_win())
    code = codes.encode(TableId.mahjong("turtle").for_deal(1), [entry])
    friend = tmp_path / "friend"
    result = CliRunner().invoke(app, ["--data-dir", str(friend), "challenge", code])
    assert result.exit_code == 2
    assert result.stderr == (
        "lines-tui: no result in this challenge holds up, so there is nothing to beat "
        f"(entry 1: unchecked: {OTHER_BOARD})\n"
    )
    assert not friend.exists()
    assert launched == []


def test_a_game_an_older_dealer_dealt_never_feeds_a_deal_s_table(tmp_path: Path) -> None:
    """No lines-tui saved a game of an older dealer for a chosen deal or a deal of the day (the
    games knew how their deal was chosen only once dealer 2 dealt every new game), but a save is
    anyone's to edit: its win is not filed there."""
    store = open_store(tmp_path)
    deal_table = TableId.mahjong("turtle").for_deal(1)
    outcome = store.record_mahjong("Old", deal_table, 144.0, 1, FIXED_NOW, older_dealers_win())
    assert (outcome.saved, outcome.reason) == (False, OTHER_BOARD)
    assert store.tables() == {}


def test_an_older_dealers_result_already_in_a_deal_s_table_stays_marked(tmp_path: Path) -> None:
    """An earlier lines-tui put it there (a code merged, or the deal's table written with the
    random deals' results it counted): it stays in the file, shown "unchecked" with the reason,
    never the one to beat, and a new result filed there keeps it."""
    entry = Entry("Old", 1440, int(FIXED_NOW), 1, older_dealers_win())
    (tmp_path / "scores.json").write_text(
        dump_scores(ScoreData(tables={TableId.mahjong("turtle").for_deal(1): [entry]}))
    )
    store = open_store(tmp_path)
    checked = store.checked_table("mahjong-turtle+deal-1", checker())
    assert checked.entries == (entry,)
    assert [verdict.line() for verdict in checked.verdicts] == [f"unchecked: {OTHER_BOARD}"]
    assert store.result_to_beat("mahjong-turtle+deal-1", checker()) is None
    with pytest.raises(StoreError, match=f"it is unchecked: {OTHER_BOARD}"):
        store.challenge_code("mahjong-turtle+deal-1", 1, checker=checker())
    current = record_of_mahjong(won_mahjong_game("turtle", 1))
    deal_table = TableId.mahjong("turtle").for_deal(1)
    assert store.record_mahjong("New", deal_table, 150.0, 1, FIXED_NOW + 600, current).saved
    assert [e.name for e in store.table(deal_table)] == ["Old", "New"]
    target = store.result_to_beat(deal_table, checker())
    assert target is not None and target.name == "New"
