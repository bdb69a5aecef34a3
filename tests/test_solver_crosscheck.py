"""The crosscheck sample: a CI-sized run of tests/tools/crosscheck_solver.py.

Every built-in layout, fresh deals and mid-game positions the solver was never tuned on: each
"solvable" must come with a sequence that replays under a free-tile rule computed from the
coordinates, and no "unsolvable" may be cleared by the script's independent search. (A dead end
that search cannot confirm within its budget is not a failure: it is not refuted either.)
Deselect with `-m "not crosscheck"` for a quicker run.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tools import crosscheck_solver

SAMPLE = ["--deals", "30", "--midgame", "90", "--start", "7000", "--seconds", "3"]
"""150 deals (30 per layout) and 450 mid-game positions (0 to 59 random moves in, 90 per layout)."""


@pytest.mark.crosscheck
def test_the_crosscheck_sample_finds_no_wrong_verdict(tmp_path: Path) -> None:
    args = crosscheck_solver.parse_args([*SAMPLE, "--wrong-dir", str(tmp_path)])
    tally = crosscheck_solver.crosscheck(args)
    assert tally.wrong == 0, tally.wrong_files
    assert tally.verdicts.get("undecided", 0) == 0
    # Both kinds of verdict were checked, on every layout.
    for layout in crosscheck_solver.MIDGAME_LAYOUTS:
        assert tally.by_group[f"midgame {layout} solvable"] > 0
        assert tally.by_group[f"midgame {layout} unsolvable"] > 0
    assert tally.confirmed > 0.9 * tally.verdicts["unsolvable"]
