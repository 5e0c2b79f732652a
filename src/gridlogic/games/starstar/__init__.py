"""*Star, Ea Ea's connection game: board graph, rules, scoring, MCTS player, GTP engine."""

from gridlogic.games.starstar.graph import SECTORS, StarGraph, star_graph
from gridlogic.games.starstar.scoring import Score, score
from gridlogic.games.starstar.state import BLACK, PASS_LABEL, WHITE, StarState

__all__ = [
    "BLACK",
    "PASS_LABEL",
    "SECTORS",
    "WHITE",
    "Score",
    "StarGraph",
    "StarState",
    "score",
    "star_graph",
]
