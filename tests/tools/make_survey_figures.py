"""Survey every built-in layout and write the figures the package ships (the share of solvable
deals the layout picker shows) into lines_tui/engine/mahjong/layouts/survey-figures.json.

Run from the repository root:  .venv/bin/python tests/tools/make_survey_figures.py [--deals N]
It is `lines-tui layouts --survey N` on every built-in layout (every core; ctrl+c stops it and the
same command goes on from where it stopped, the outcomes being kept in --progress-file), then the
figures file. Default: 1000 deals a layout, which takes a few minutes on two cores.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from lines_tui.commands.survey import run_survey
from lines_tui.engine.mahjong.layouts import BUILTIN_NAMES, builtin_layouts, find_layout
from lines_tui.engine.mahjong.layouts.figures import FIGURES_FILE, figures_text
from lines_tui.engine.mahjong.solvable import PROOF_PLAYOUTS
from lines_tui.engine.mahjong.survey import figures

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "lines_tui" / "engine" / "mahjong" / "layouts" / FIGURES_FILE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals of each layout")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--progress-file",
        type=Path,
        default=ROOT / ".survey-progress.jsonl",
        help="where each deal's outcome is kept, so a stopped run goes on",
    )
    options = parser.parse_args()
    outcomes = run_survey(options.deals, builtin_layouts(), options.progress_file, options.workers)
    tiles = {name: len(find_layout(name).slots) for name in BUILTIN_NAMES}
    OUT.write_text(figures_text(figures(outcomes), tiles, PROOF_PLAYOUTS), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
