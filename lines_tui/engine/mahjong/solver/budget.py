"""How long a search may run: a deadline, a number of playouts, a stop signal, and restarts."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


class Stopped(Exception):
    """The budget is spent or the caller asked to stop."""


class Restart(Exception):
    """This attempt has spent its share of playouts."""


@dataclass(frozen=True)
class RestartSchedule:
    """How many playouts each attempt of the search may spend before it starts over.

    Attempts alternate: the even ones (0, 2, 4, ...) follow the search's heuristic and get
    `unit`, then twice, four times ... as many playouts, so one of them eventually runs to the
    end (a dead end's proof needs one long attempt); the odd ones shuffle the search's choices
    and get `unit` playouts each, so an unlucky early choice costs little. Every attempt keeps
    what the earlier ones learned. It also sets the playouts of the quick phase (see `quick`),
    the relaxations of each repair (see `repair`), and the seed of the search's random draws."""

    unit: int = 32
    repair_evaluations: int = 200
    """How many relaxations each repair (see `repair`) may run; 0: no repairs."""
    seed: int = 0
    """The seed of the search's random draws (the quick phase's hints, the repairs' flips, the
    shuffled attempts' order): another seed takes other paths to the same verdict, so the
    benchmark can tell a change's gain from the luck of the draws (README, "How fast")."""

    def __post_init__(self) -> None:
        if self.unit < 1:
            raise ValueError(f"an attempt needs at least one playout, not {self.unit}")
        if self.repair_evaluations < 0:
            raise ValueError(f"a repair cannot run {self.repair_evaluations} relaxations")
        if self.seed < 0:  # random.Random takes a negative seed as its absolute value
            raise ValueError(f"a seed is a whole number >= 0, not {self.seed}")

    def playouts(self, attempt: int) -> int:
        """The playouts attempt number `attempt` (0 first) may spend."""
        if self.shuffles(attempt):
            return self.unit
        return self.unit << min(attempt // 2, _MAX_DOUBLINGS)

    @property
    def quick_playouts(self) -> int:
        """Random-hint playouts before the search branches (see `quick`): a third of `unit`,
        so ten by default, and none when attempts are as short as one or two playouts."""
        return self.unit // 3

    @property
    def evaluations_per_repair(self) -> int:
        """Relaxations each repair may run: none when attempts are as short as one or two
        playouts (as there is no quick phase then), so that such attempts try the search
        alone."""
        return self.repair_evaluations if self.quick_playouts else 0

    @staticmethod
    def shuffles(attempt: int) -> bool:
        return attempt % 2 == 1


_MAX_DOUBLINGS = 40
"""Beyond this the share is larger than any search runs anyway."""


class Budget:
    """Counts playouts against a node limit, a deadline, a stop signal and the current
    attempt's share; raises Stopped or Restart when one is spent."""

    def __init__(
        self,
        deadline: float | None,
        node_limit: int | None,
        should_stop: Callable[[], bool] | None,
    ) -> None:
        self.deadline = deadline
        self.node_limit = node_limit
        self.should_stop = should_stop
        self.nodes = 0
        self.attempt_ends: int | None = None
        """The playout count at which the current attempt restarts (None: it never does)."""

    def start_attempt(self, playouts: int) -> None:
        self.attempt_ends = self.nodes + playouts

    def tick(self) -> None:
        """Count one playout about to run, unless a budget forbids it."""
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise Stopped
        if self.attempt_ends is not None and self.nodes >= self.attempt_ends:
            raise Restart
        self.check()
        self.nodes += 1

    def charge(self) -> None:
        """Count one repair about to run, unless a budget forbids it: like a playout, except
        that it takes nothing from the attempt's share (so the search runs the same playouts
        as without repairs until a repair wins)."""
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise Stopped
        self.check()
        self.nodes += 1
        if self.attempt_ends is not None:
            self.attempt_ends += 1

    def check(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise Stopped
        if self.should_stop is not None and self.should_stop():
            raise Stopped
