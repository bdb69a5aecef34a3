"""Pure game rules: no Textual, no Rich, deterministic given a seed (see tests/test_purity.py)."""
