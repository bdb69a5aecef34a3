"""A game in progress: moves and their refusals, undo/redo, won/lost, the clock, save/resume."""

from __future__ import annotations

import copy
import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lines_tui.engine.mahjong.game import HINT_SECONDS, IllegalMove, MahjongGame, SavedGameError
from lines_tui.engine.mahjong.geometry import Slot
from lines_tui.engine.mahjong.layouts import Layout, builtin_layouts, find_layout
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solver import Verdict, solve
from lines_tui.engine.mahjong.way_back import WayBack, next_to_check


def game_on(tiles: list[tuple[Slot, str]], now: float = 0.0) -> MahjongGame:
    slots = tuple(slot for slot, _ in tiles)
    layout = Layout("test", "Test", slots, source="test.layout")
    return MahjongGame(layout, 7, Position(slots, tuple(face for _, face in tiles)), now)


def row(*faces: str) -> list[tuple[Slot, str]]:
    return [((2 * i, 0, 0), face) for i, face in enumerate(faces)]


def test_a_new_game() -> None:
    turtle = find_layout("turtle")
    game = MahjongGame.new(turtle, 5, now=100.0)
    assert (game.layout, game.seed, game.tiles_left) == (turtle, 5, 144)
    assert game.present == game.position.geometry.all_present
    assert not game.position.removed and game.history == []
    assert not game.won and not game.can_undo and not game.can_redo
    assert game.elapsed(130.0) == 30.0 and game.clock_running
    pairs = game.available_pairs()
    assert pairs == sorted(pairs) and all(a < b for a, b in pairs)
    free = game.free_mask()
    assert all(free >> a & 1 and free >> b & 1 and game.face(a) == game.face(b) for a, b in pairs)


def test_a_game_starts_from_a_full_deal_on_its_layout() -> None:
    lantern = find_layout("lantern")
    dealt = MahjongGame.new(lantern, 1).position
    twin = dealt.faces.index(dealt.faces[0], 1)
    with pytest.raises(ValueError, match="full deal"):
        MahjongGame(lantern, 1, Position(dealt.slots, dealt.faces, frozenset({0, twin})))
    with pytest.raises(ValueError, match="not the layout's"):
        MahjongGame(find_layout("turtle"), 1, dealt)


def test_the_tiles_with_nothing_on_them_follow_the_game() -> None:
    # A B A B in a row, C on the first A, another C alone: only that A lies under a tile.
    game = game_on([*row("A", "B", "A", "B"), ((0, 0, 1), "C"), ((8, 4, 0), "C")])
    assert game.uncovered_mask() == 0b111110
    game.remove(4, 5, 1.0)  # the Cs: the A is uncovered (though blocked on its right)
    assert game.uncovered_mask() == 0b001111
    game.undo(2.0)
    assert game.uncovered_mask() == 0b111110


def test_illegal_moves_say_why_and_change_nothing() -> None:
    # A B A B in a row, C on top of the first A, another C alone.
    game = game_on([*row("A", "B", "A", "B"), ((0, 0, 1), "C"), ((8, 4, 0), "C")])
    before = game.to_json()
    cases = {
        (0, 0): "same-tile",
        (0, 99): "no-such-tile",
        (0, 2): "not-free",  # covered by C
        (1, 3): "not-free",  # B at 1 has tiles on both sides
        (4, 3): "faces-differ",
    }
    for (first, second), reason in cases.items():
        with pytest.raises(IllegalMove) as caught:
            game.remove(first, second, now=1.0)
        assert caught.value.reason == reason, (first, second)
        assert str(caught.value)
    assert game.why_not_free(0) == "covered" and game.why_not_free(1) == "blocked both sides"
    assert game.why_not_free(3) is None and game.why_not_free(4) is None
    with pytest.raises(IllegalMove, match="tile 0 is covered"):
        game.remove(0, 2)
    with pytest.raises(IllegalMove, match="tile 1 is blocked both sides"):
        game.remove(1, 3)
    assert game.to_json() == before
    game.remove(4, 5, now=1.0)
    with pytest.raises(IllegalMove) as caught:
        game.remove(4, 5, now=2.0)
    assert caught.value.reason == "gone"


def test_playing_to_a_win_stops_the_clock_and_keeps_the_win() -> None:
    game = game_on(row("A", "B", "B", "A"), now=10.0)
    assert game.available_pairs() == [(0, 3)]
    game.remove(0, 3, now=12.0)
    assert game.available_pairs() == [(1, 2)]
    game.remove(1, 2, now=15.0)
    assert game.won and not game.lost and game.over and game.tiles_left == 0
    assert game.elapsed(1000.0) == 5.0 and not game.clock_running
    assert not game.can_undo
    with pytest.raises(IllegalMove) as caught:
        game.undo(now=20.0)
    assert caught.value.reason == "won"
    assert game.current_position().removed == frozenset(range(4))


def test_a_loss_stops_the_clock_until_an_undo() -> None:
    game = game_on(row("C", "A", "B", "A", "B", "C"), now=0.0)
    game.remove(0, 5, now=10.0)
    assert game.lost and not game.won and game.available_pairs() == []
    assert game.elapsed(100.0) == 10.0
    assert game.undo(now=50.0) == (0, 5)
    assert not game.lost and game.elapsed(60.0) == 20.0
    assert game.redo(now=70.0) == (0, 5)
    assert game.lost and game.elapsed(1000.0) == 30.0


def test_pause_stops_the_clock_and_refuses_play() -> None:
    game = game_on(row("A", "B", "B", "A"), now=0.0)
    game.pause(now=10.0)
    assert game.paused and not game.clock_running and game.elapsed(50.0) == 10.0
    for action in (
        lambda: game.remove(0, 3, now=20.0),
        lambda: game.undo(now=20.0),
        lambda: game.redo(now=20.0),
    ):
        with pytest.raises(IllegalMove) as caught:
            action()
        assert caught.value.reason == "paused"
    game.resume(now=40.0)
    assert game.elapsed(45.0) == 15.0
    game.remove(0, 3, now=45.0)
    game.remove(1, 2, now=46.0)
    game.pause(now=50.0)
    game.resume(now=60.0)  # a won game's clock stays stopped
    assert game.elapsed(100.0) == 16.0


def test_undo_redo_and_a_new_move_clears_redo() -> None:
    game = game_on([*row("A", "B", "B", "A"), ((0, 4, 0), "D"), ((2, 4, 0), "D")])
    game.remove(0, 3)
    game.remove(4, 5)
    assert game.undo() == (4, 5) and game.undo() == (0, 3)
    assert game.can_redo and game.redo_stack == [(4, 5), (0, 3)]
    assert game.redo() == (0, 3)
    game.remove(1, 2)
    assert not game.can_redo and game.history == [(0, 3), (1, 2)]
    with pytest.raises(IllegalMove) as caught:
        game.redo()
    assert caught.value.reason == "nothing-to-redo"
    game.undo()
    game.undo()
    with pytest.raises(IllegalMove) as caught:
        game.undo()
    assert caught.value.reason == "nothing-to-undo"


def test_restart_deals_the_same_board_with_a_fresh_clock() -> None:
    game = MahjongGame.new(find_layout("lantern"), 3, now=0.0)
    faces = game.position.faces
    game.remove(*game.available_pairs()[0], now=5.0)
    game.undo(now=6.0)
    game.pause(now=7.0)
    game.restart(now=100.0)
    assert game.position.faces == faces and game.tiles_left == 72
    assert game.history == [] and not game.can_redo and not game.paused
    assert game.elapsed(110.0) == 10.0


def test_a_game_is_in_progress_from_its_first_pair_until_it_is_won() -> None:
    game = game_on(row("A", "B", "B", "A"))
    assert not game.played and not game.in_progress
    game.remove(0, 3)
    assert game.played and game.in_progress
    game.undo()
    assert game.played and game.in_progress  # the pair undone can be redone: still in play
    game.redo()
    game.remove(1, 2)
    assert game.won and game.played and not game.in_progress
    game.restart()
    assert not game.played and not game.in_progress


# -- properties ----------------------------------------------------------------------------------

Action = tuple[str, int]
actions = st.lists(
    st.tuples(st.sampled_from(["move", "move", "move", "undo", "redo"]), st.integers(0, 10_000)),
    max_size=50,
)


def play(game: MahjongGame, script: list[Action], now: float = 0.0) -> None:
    """Apply the script, skipping whatever is not possible at that point."""
    for action, choice in script:
        if action == "move" and game.available_pairs():
            pairs = game.available_pairs()
            game.remove(*pairs[choice % len(pairs)], now=now)
        elif action == "undo" and game.can_undo:
            game.undo(now=now)
        elif action == "redo" and game.can_redo:
            game.redo(now=now)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(builtin_layouts()), st.integers(0, 10**6), actions, st.integers(1, 10))
def test_undo_then_redo_restores_the_exact_state(
    layout: Layout, seed: int, script: list[Action], steps: int
) -> None:
    game = MahjongGame.new(layout, seed)
    play(game, script)
    snapshots: list[dict[str, Any]] = [game.to_json()]
    undone = 0
    while undone < steps and game.can_undo:
        game.undo()
        undone += 1
        snapshots.append(game.to_json())
    snapshots.pop()
    while undone:
        game.redo()
        undone -= 1
        assert game.to_json() == snapshots.pop()
    assert not snapshots


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(builtin_layouts()), st.integers(0, 10**6), actions, st.booleans())
def test_saved_games_round_trip(
    layout: Layout, seed: int, script: list[Action], paused: bool
) -> None:
    game = MahjongGame.new(layout, seed, now=3.0)
    play(game, script, now=4.0)
    if paused:
        game.pause(now=5.0)
    data = json.loads(json.dumps(game.to_json()))
    resumed = MahjongGame.from_json(data)
    assert resumed.to_json() == game.to_json()
    assert resumed.present == game.present and resumed.layout == game.layout
    assert resumed.elapsed(9.0) == game.elapsed(9.0)
    assert resumed.current_position() == game.current_position()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), actions)
def test_free_tiles_match_the_current_position(seed: int, script: list[Action]) -> None:
    game = MahjongGame.new(find_layout("turtle"), seed)
    play(game, script)
    position = game.current_position()
    assert position.present == game.present
    assert position.geometry.free_mask(position.present) == game.free_mask()
    assert game.lost == (game.tiles_left > 0 and not game.available_pairs())


def test_tiles_match_by_face_every_season_with_every_season() -> None:
    """The one home of the rule: the screen asks `matches` before it takes a pair."""
    game = game_on(row("se", "se", "fl", "b1", "b1", "fl"))
    assert game.matches(0, 1) and game.matches(3, 4) and game.matches(2, 5)
    assert not game.matches(1, 2) and not game.matches(2, 3)
    with pytest.raises(IllegalMove, match="do not match"):
        game.remove(0, 5)  # the row's two free ends


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), actions)
def test_free_matches_reasons_and_hints_agree_with_the_pairs(
    seed: int, script: list[Action]
) -> None:
    game = MahjongGame.new(find_layout("turtle"), seed)
    play(game, script)
    pairs = set(game.available_pairs())
    free = game.free_mask()
    for tile in range(len(game.position.slots)):
        if not game.is_present(tile):
            continue
        assert (game.why_not_free(tile) is None) == bool(free >> tile & 1)
        partners = {
            other
            for other in range(len(game.position.slots))
            if game.free_matches(tile) >> other & 1
        }
        if free >> tile & 1:
            assert partners == {b if a == tile else a for a, b in pairs if tile in (a, b)}
    assert game.hint() == (min(pairs) if pairs else None)
    # A solution's pairs come first while they can still be taken; stale ones are skipped.
    if pairs:
        chosen = max(pairs)
        assert game.hint([chosen]) == chosen
        if game.history:  # a pair already taken is skipped
            assert game.hint([game.history[0], chosen]) == chosen


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), actions, st.integers(1, 4))
def test_a_hint_costs_its_seconds_once_a_position(
    seed: int, script: list[Action], presses: int
) -> None:
    """README, "The rules the engine implements": each position's first hint adds
    HINT_SECONDS to the clock, its hint again nothing, also back there by an undo or a redo (a
    player review: an undo made it cost again); a position with no pair shows none
    and costs nothing; a restart's clock starts afresh, and so does what was paid."""
    game = MahjongGame.new(find_layout("turtle"), seed, now=0.0)
    play(game, script)
    now = 50.0
    before = game.elapsed(now)
    hints = [game.use_hint() for _ in range(presses)]
    if game.hint() is None:
        assert hints == [None] * presses and game.elapsed(now) == before
        return
    assert [hint.cost for hint in hints if hint] == [HINT_SECONDS] + [0.0] * (presses - 1)
    assert all(hint is not None and hint.pair == game.hint() for hint in hints)
    assert game.elapsed(now) == before + HINT_SECONDS
    # Back to a position paid for, by an undo or a redo: its hint is free again.
    first = hints[0]
    assert first is not None
    game.remove(*first.pair, now=now)
    ahead = game.use_hint()  # a position not seen yet: paid, if it has a pair to take
    game.undo(now=now)
    back = game.use_hint()
    game.redo(now=now)
    forward = game.use_hint()
    assert back is not None and back.cost == 0.0
    assert (ahead is None) == (forward is None)
    if ahead is not None and forward is not None:
        assert (ahead.cost, forward.cost) == (HINT_SECONDS, 0.0)
    assert game.elapsed(now) == before + HINT_SECONDS * (1 if ahead is None else 2)
    game.restart(now)
    hint = game.use_hint()
    assert hint is not None and hint.cost == HINT_SECONDS
    assert game.elapsed(now) == HINT_SECONDS


def test_a_paused_game_gives_no_hint() -> None:
    """Paused, the board is hidden and the clock stopped: a hint is refused as a move is, and
    costs nothing."""
    game = MahjongGame.new(find_layout("turtle"), 3, now=0.0)
    game.pause(10.0)
    with pytest.raises(IllegalMove, match="paused"):
        game.use_hint()
    assert game.elapsed(20.0) == 10.0


# -- save and resume -----------------------------------------------------------------------------


def test_a_won_game_keeps_the_moment_it_was_won_through_a_save() -> None:
    """A won game saved while its time waits for a name is resumed later: the time is dated
    when it was won, not when the name was typed."""
    game = MahjongGame.new(find_layout("lantern"), 2, now=0.0)
    result = solve(game.position)
    for number, pair in enumerate(result.moves, start=1):
        assert game.won_at is None
        game.remove(*pair, now=2.0 * number)
    assert game.won_at == 2.0 * len(result.moves)
    resumed = MahjongGame.from_json(game.to_json(), now=5000.0)
    assert resumed.won_at == game.won_at
    resumed.restart(now=6000.0)
    assert resumed.won_at is None


def test_a_won_game_saves_the_same_data_paused_or_not() -> None:
    """A dialog over a won game (its name prompt) pauses it: saved then, it read as another
    game than the one saved at the win, and a copy of lines-tui that resumed it would not
    recognise it (the store files a won game's time only while that game is saved)."""
    game = MahjongGame.new(find_layout("lantern"), 2, now=0.0)
    for number, pair in enumerate(solve(game.position).moves, start=1):
        game.remove(*pair, now=2.0 * number)
    at_the_win = game.to_json(now=500.0)
    game.pause(now=600.0)
    assert game.to_json(now=700.0) == at_the_win
    assert MahjongGame.from_json(at_the_win, now=800.0).to_json(now=900.0) == at_the_win


def test_resuming_does_not_count_the_time_spent_saved() -> None:
    game = MahjongGame.new(find_layout("turtle"), 1, now=10.0)
    data = game.to_json(now=15.0)
    assert data["clock"] == {"played": 5.0, "running_since": 15.0, "paused": False}
    resumed = MahjongGame.from_json(data, now=1000.0)
    assert resumed.elapsed(1003.0) == 8.0
    assert data["layout"] == {
        "name": "turtle",
        "title": "Turtle",
        "source": "built-in",
        "description": game.layout.description,
    }


def tampered(change: str) -> dict[str, Any]:
    game = game_on(row("A", "B", "B", "A"))
    game.remove(0, 3)
    data = game.to_json()
    bad = copy.deepcopy(data)
    if change == "illegal history":
        bad["history"] = [[1, 2]]
    elif change == "history twice":
        bad["history"] = [[0, 3], [0, 3]]
    elif change == "redo not playable":
        bad["redo"] = [[0, 3]]
    elif change == "version":
        bad["version"] = 99
    elif change == "seed":
        bad["seed"] = -3
    elif change == "seed past the last deal":
        bad["seed"] = 2**64  # the won board's challenge code crashed the app on it
    elif change == "paused":
        bad["clock"]["paused"] = "no"
    elif change == "played":
        bad["clock"]["played"] = float("nan")
    elif change == "dead from start":
        bad["dead_from_start"] = "yes"
    elif change == "played for ever":
        bad["clock"]["played"] = 10**400  # no float holds it: the clock's sums crashed
    elif change == "position":
        bad["position"] = {"tiles": "none"}
    elif change == "tile far off the board":
        bad["position"]["tiles"][0][0] = 10**22  # the board crashed drawing it, at every start
    elif change == "removed in deal":
        bad["position"]["removed"] = [0, 3]
    elif change == "layout":
        bad["layout"] = "turtle"
    elif change == "history shape":
        bad["history"] = [[0, 3, 4]]
    return bad


@pytest.mark.parametrize(
    "change",
    [
        "illegal history",
        "history twice",
        "redo not playable",
        "version",
        "seed",
        "seed past the last deal",
        "paused",
        "played",
        "played for ever",
        "dead from start",
        "position",
        "tile far off the board",
        "removed in deal",
        "layout",
        "history shape",
    ],
)
def test_tampered_saves_are_refused_in_one_line(change: str) -> None:
    with pytest.raises(SavedGameError) as caught:
        MahjongGame.from_json(tampered(change))
    assert str(caught.value).startswith("saved game: ")
    assert "\n" not in str(caught.value)


def test_a_bad_time_of_the_win_is_not_called_the_clocks() -> None:
    """'won_at' sits beside the clock, not in it: the refusal said "the clock's 'won_at'"."""
    game = game_on(row("A", "B", "B", "A"))
    bad = game.to_json()
    bad["won_at"] = "soon"
    with pytest.raises(SavedGameError) as caught:
        MahjongGame.from_json(bad)
    assert str(caught.value).startswith("saved game: 'won_at' is not a number of seconds")
    bad = game.to_json()
    bad["clock"]["played"] = "long"
    with pytest.raises(SavedGameError) as caught:
        MahjongGame.from_json(bad)
    assert str(caught.value).startswith("saved game: the clock's 'played' is not a number")


def test_a_save_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(SavedGameError, match="not a JSON object"):
        MahjongGame.from_json([1, 2])


# -- dead ends: what still helps once the solver proved a position a dead end ------------------

DEAD_ROW = [*row("A", "B", "A", "B"), ((0, 4, 0), "C"), ((2, 4, 0), "C")]
"""A B A B can never be cleared, though the C pair under it can be taken: dead from the start."""


def test_a_dead_end_proved_at_the_start_leaves_only_a_new_deal() -> None:
    game = game_on(DEAD_ROW)
    start = game.present
    verdict = solve(game.current_position()).verdict
    game.learn(start, verdict)
    assert game.dead_from_start and not game.undo_may_help
    game.remove(4, 5)
    assert game.lost and not game.lost_at_start  # the loss can be undone out of...
    assert not game.undo_may_help  # ...but no undo leads to a position that can be cleared
    game.undo()
    assert not game.undo_may_help
    resumed = MahjongGame.from_json(json.loads(json.dumps(game.to_json())))
    assert resumed.dead_from_start and not resumed.undo_may_help


def test_a_dead_end_a_move_led_to_can_be_undone_out_of() -> None:
    # Taking the Ds at both ends of row two leaves row one's Ds side by side: a dead end.
    lower = [((2 * i, 4, 0), face) for i, face in enumerate(["D", "R", "R", "D"])]
    game = game_on([*row("D", "D", "B", "B"), *lower])
    game.learn(game.present, solve(game.current_position()).verdict)
    assert not game.dead_from_start and not game.undo_may_help  # nothing to take back yet
    game.remove(4, 7)
    verdict = solve(game.current_position()).verdict
    assert verdict is Verdict.UNSOLVABLE
    game.learn(game.present, verdict)
    assert not game.dead_from_start and game.undo_may_help


def test_the_way_back_out_of_a_dead_end_names_the_pair_that_led_into_it() -> None:
    # As above: taking the Ds at both ends of row two (tiles 4 and 7) is the fatal pair.
    lower = [((2 * i, 4, 0), face) for i, face in enumerate(["D", "R", "R", "D"])]
    apart = [((0, 8, 0), "E"), ((4, 8, 0), "E")]
    game = game_on([*row("D", "D", "B", "B"), *lower, *apart])
    game.remove(8, 9)  # the Es, apart from the rest: harmless
    game.remove(4, 7)
    assert game.way_back() is None and game.way_back_to_check() is None  # nothing proved yet
    checked = []
    game.learn(game.present, solve(game.current_position()).verdict)
    while (position := game.way_back_to_check()) is not None:
        checked.append(len(position.removed) // 2)
        game.learn(position.present, solve(position).verdict)
    assert checked == [1]  # the position before the fatal pair, and nothing more
    assert game.way_back() == WayBack((4, 7), 1)
    game.remove(5, 6)  # a pair taken in the dead end: a dead end too, known without a check
    assert game.in_a_known_dead_end and game.way_back() == WayBack((4, 7), 2)
    game.undo()
    game.undo()
    assert game.way_back() is None and game.way_back_to_check() is None  # no dead end here
    assert not game.in_a_known_dead_end


def test_looking_for_where_a_dead_end_began_starts_from_the_first_one_known() -> None:
    """A dead end found earlier on the line (its own search stopped by a move) is where the
    next search goes back from, one pair first: it went back from the board, by as many pairs
    again, and its first check was the deal's start, the costliest (a code review)."""
    line = [(2 * i, 2 * i + 1) for i in range(40)]
    start = (1 << 80) - 1

    def present_after(taken: int) -> int:
        return start & ~((1 << 2 * taken) - 1)

    verdicts = {present_after(20): Verdict.UNSOLVABLE, present_after(40): Verdict.UNSOLVABLE}
    assert next_to_check(start, line, verdicts) == present_after(20 - 3)  # two known: three back
    verdicts[present_after(17)] = Verdict.UNSOLVABLE
    assert next_to_check(start, line, verdicts) == present_after(17 - 7)  # three: seven back
    verdicts[present_after(10)] = Verdict.SOLVABLE
    assert next_to_check(start, line, verdicts) == present_after(14)  # then halved
    # A start known to be clearable (a deal proved before play) changes none of that.
    assert next_to_check(start, line, {start: Verdict.SOLVABLE, **verdicts}) == present_after(14)
    only_the_board = {start: Verdict.SOLVABLE, present_after(40): Verdict.UNSOLVABLE}
    assert next_to_check(start, line, only_the_board) == present_after(39)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(builtin_layouts()),
    st.integers(0, 10**6),
    st.integers(1, 60),
    st.data(),
)
def test_the_way_back_is_found_in_few_checks_wherever_the_dead_end_began(
    layout: Layout, seed: int, pairs: int, data: st.DataObject
) -> None:
    """Whatever position along the line of play the dead end began at (the solver's verdicts
    stood in for by that truth), and whatever was checked before: the checks asked for find it,
    at most about twice the binary logarithm of the line's length of them, and the way back
    names the pair that led into it (none when the start was a dead end)."""
    game = MahjongGame.new(layout, seed)
    for _ in range(pairs):
        available = game.available_pairs()
        if not available:
            break
        game.remove(*data.draw(st.sampled_from(available)))
    line = game.history
    began = data.draw(st.integers(0, len(line)))  # positions from this one on are dead ends
    start = game.position.geometry.all_present

    def truth(taken: int) -> Verdict:
        return Verdict.UNSOLVABLE if taken >= began else Verdict.SOLVABLE

    def present_after(taken: int) -> int:
        return start & ~sum(1 << a | 1 << b for a, b in line[:taken])

    for taken in data.draw(st.lists(st.integers(0, len(line)), max_size=4)):
        game.learn(present_after(taken), truth(taken))
    game.learn(game.present, truth(len(line)))
    checks = 0
    while (position := game.way_back_to_check()) is not None:
        taken = len(position.removed) // 2
        assert position.present == present_after(taken)
        game.learn(position.present, truth(taken))
        checks += 1
    assert checks <= 2 * math.ceil(math.log2(len(line) + 1)) + 1
    if began == 0:
        assert game.way_back() is None and game.dead_from_start
    else:
        assert game.way_back() == WayBack(line[began - 1], len(line) - began + 1)


def test_a_deal_whose_free_tiles_never_match_is_lost_at_its_start() -> None:
    game = game_on(row("A", "B", "A", "B"))
    assert game.lost and game.lost_at_start and not game.undo_may_help
    other = game_on(row("C", "A", "B", "A", "B", "C"))
    other.remove(0, 5)
    assert other.lost and not other.lost_at_start and other.undo_may_help


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(builtin_layouts()),
    st.integers(0, 10**6),
    actions,
    st.integers(0, 2**20),
    st.sampled_from(list(Verdict)),
    st.booleans(),
)
def test_only_a_dead_end_at_the_start_makes_the_deal_dead(
    layout: Layout, seed: int, script: list[Action], tiles: int, verdict: Verdict, paused: bool
) -> None:
    """Whatever was played before: a verdict on any other position, or any other verdict on
    the start, leaves the deal as it was; a dead end at the start makes it dead. Undo may help
    while a pair can be taken back and the deal is not dead; a pause changes none of it."""
    game = MahjongGame.new(layout, seed)
    play(game, script)
    start = game.position.geometry.all_present
    other = start & ~(tiles | 1)  # never the start
    game.learn(other, Verdict.UNSOLVABLE)
    game.learn(start, verdict)
    dead = verdict is Verdict.UNSOLVABLE
    assert game.dead_from_start is dead
    took_back = bool(game.history) and not game.won
    assert game.undo_may_help is (took_back and not dead)
    assert game.lost_at_start is (game.lost and not game.history)
    if paused:
        game.pause(now=1.0)
    assert game.undo_may_help is (took_back and not dead)
    assert game.lost_at_start is (game.lost and not game.history)


small_deals = st.lists(st.sampled_from("ABC"), min_size=1, max_size=4).flatmap(
    lambda kinds: st.permutations(kinds * 2)
)
"""The faces of a row of up to 8 tiles, each face twice (a row is cleared from its ends)."""


@settings(max_examples=80, deadline=None)
@given(small_deals, st.booleans(), actions)
def test_no_undo_leads_out_of_a_deal_dead_from_its_start(
    faces: list[str], layered: bool, script: list[Action]
) -> None:
    """The rule behind `undo_may_help`: every position of a deal dead from its start is a dead
    end (or a loss); and while the start is not dead, undoing every pair leads back to it."""
    tiles = row(*faces)
    if layered:  # the last two tiles on top of the first two
        tiles = [*tiles[:-2], ((0, 0, 1), tiles[-2][1]), ((2, 0, 1), tiles[-1][1])]
    game = game_on(tiles)
    start = game.current_position()
    game.learn(game.present, solve(start).verdict)
    play(game, script)
    game.learn(game.present, solve(game.current_position()).verdict)
    if game.dead_from_start:
        assert not game.undo_may_help
        assert solve(game.current_position()).verdict is not Verdict.SOLVABLE
    elif game.undo_may_help:
        while game.can_undo:
            game.undo()
        assert solve(game.current_position()).verdict is Verdict.SOLVABLE
