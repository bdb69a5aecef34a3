"""Draws that come out the same on every Python (README, "Deals that replay forever"): every draw
that decides something a friend must see the same way, a deal, a Lines ball or a proof that picks
the deal of the day, is made from `random()` alone, the one sequence Python promises."""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lines_tui.engine.daily import SOLVER_NODES
from lines_tui.engine.lines.game import LinesGame
from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.engine.mahjong.solver import RestartSchedule, Verdict, solve
from lines_tui.engine.stable_random import StableRandom

PACKAGE_ROOT = Path(__file__).resolve().parent.parent / "lines_tui"
MAY_IMPORT_RANDOM = {
    "engine/stable_random.py": "the one home of seeded draws",
    "engine/mahjong/deal.py": "dealer 1's shuffle, kept to replay the games it dealt",
    "seeds.py": "fresh seeds from the system's randomness, drawn once and then recorded",
}

UNPROMISED = ("shuffle", "choice", "choices", "randrange", "randint", "sample", "getrandbits")
"""`random.Random`'s draws whose sequences Python does not promise across versions."""


@pytest.fixture
def only_random_promised(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every draw but `random()` raises."""

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a draw whose sequence Python does not promise")

    for name in UNPROMISED:
        monkeypatch.setattr(random.Random, name, refused)
    yield


def test_draws_are_made_from_random_alone() -> None:
    promised = random.Random(7)
    draws = StableRandom(7)
    assert draws.random() == promised.random()
    assert draws.below(10) == int(promised.random() * 10)
    items = ["a", "b", "c", "d", "e"]
    assert draws.choice(items) == items[int(promised.random() * 5)]


def test_the_first_draws_of_a_seed_are_pinned() -> None:
    # A change to these is a change to every solver proof, hence maybe to a deal of the day.
    draws = StableRandom(0)
    assert [draws.below(1000) for _ in range(5)] == [844, 757, 420, 258, 511]
    items = list(range(8))
    StableRandom(0).shuffle(items)
    assert items == [0, 3, 4, 7, 1, 2, 5, 6]


def test_only_the_home_of_draws_imports_random() -> None:
    """Any other module that imports `random` may draw what Python does not promise."""
    importing = set()
    for path in PACKAGE_ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if any(name.split(".")[0] == "random" for name in names):
                importing.add(path.relative_to(PACKAGE_ROOT).as_posix())
    assert importing == set(MAY_IMPORT_RANDOM)


def test_a_draw_at_the_top_of_random_stays_below_its_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(random.Random, "random", lambda self: 1 - 2**-53)
    for bound in (1, 2, 7, 144, 2**53):
        assert StableRandom(0).below(bound) == bound - 1


def test_a_seed_below_zero_is_refused() -> None:
    # random.Random would take it as its absolute value: -3 would search as 3 does.
    with pytest.raises(ValueError, match="seed"):
        RestartSchedule(seed=-3)


@given(st.integers(min_value=0, max_value=2**64), st.lists(st.integers(), max_size=40))
def test_a_shuffle_keeps_every_item(seed: int, items: list[int]) -> None:
    shuffled = list(items)
    StableRandom(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=1, max_value=2**53))
def test_a_draw_below_a_bound_stays_below_it(seed: int, bound: int) -> None:
    assert 0 <= StableRandom(seed).below(bound) < bound


@pytest.mark.usefixtures("only_random_promised")
def test_a_proof_that_restarts_draws_only_from_random() -> None:
    # Deal 30 needs the first playout's repair, the quick phase's random hints and three
    # attempts, the second of them shuffled: every random choice the solver makes.
    result = solve(deal(find_layout("turtle"), 30), node_limit=SOLVER_NODES)
    assert result.verdict is Verdict.SOLVABLE
    assert result.attempts >= 2
    assert result.nodes > 12  # beyond the first playout, its repair and ten quick playouts


@pytest.mark.usefixtures("only_random_promised")
def test_deals_and_lines_games_draw_only_from_random() -> None:
    assert deal(find_layout("turtle"), 5).faces
    game = LinesGame.new(seed=5, size=9)
    assert game.preview
    for _ in range(3):  # moves, each followed by new balls and a new preview
        ball, reachable = game.board.move_choices()[0]
        game.play(ball, reachable[-1])
