"""The Lines screens: the game (board, score panel, turn animation) and the game-over dialog."""
