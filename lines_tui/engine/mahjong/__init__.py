"""Mahjong solitaire: layered layouts, the free-tile rule, deals, games and the dead-end solver."""
