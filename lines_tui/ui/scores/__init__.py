"""The score screens: leaderboards with their share codes, importing a code, players, name entry."""

from lines_tui.ui.scores.import_code import ImportScreen
from lines_tui.ui.scores.leaderboard import LeaderboardScreen
from lines_tui.ui.scores.name_entry import NameEntryScreen
from lines_tui.ui.scores.players import PlayersScreen

__all__ = ["ImportScreen", "LeaderboardScreen", "NameEntryScreen", "PlayersScreen"]
