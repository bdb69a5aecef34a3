"""The exit codes the commands share (README, "Exit codes"). A module of its own that imports
nothing, so that `lines_tui.cli` has the code of a ctrl+c before it loads anything else."""

BAD_INPUT = 2
OUTPUT_FAILED = 4
"""The exit code of a command whose output could not be written (README, "Exit codes")."""
INTERRUPTED = 130
"""The exit code of a program stopped by ctrl+c (128 + SIGINT)."""
