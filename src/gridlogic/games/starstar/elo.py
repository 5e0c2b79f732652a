"""Elo from game results: a Bradley-Terry maximum-likelihood fit with 95 % intervals.

Each game gives the first player a score of 1, 0.5 or 0.  P(i beats j) = 1 / (1 + 10^((r_j - r_i)/400)).
One virtual draw between every pair that met (Bayeselo's prior, much smaller than any real match)
keeps a 100 % record finite.  The anchor player is fixed at 0; the intervals are 1.96 standard
errors from the inverse of the observed information (the Hessian of the log-likelihood).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

K = math.log(10) / 400


@dataclass(frozen=True)
class Rating:
    player: str
    elo: float
    low: float
    high: float
    games: int
    score: float


def fit(results: Sequence[tuple[str, str, float]], anchor: str, prior_draws: float = 1.0) -> list[Rating]:
    """Ratings of every player in ``results`` ((a, b, score of a) per game), ``anchor`` at 0."""
    players = sorted({p for a, b, _ in results for p in (a, b)})
    if anchor not in players:
        raise ValueError(f"anchor {anchor!r} played no game")
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    games = np.zeros((n, n))  # games between i and j (both ways)
    points = np.zeros((n, n))  # points of i against j
    for a, b, s in results:
        i, j = index[a], index[b]
        games[i, j] += 1
        games[j, i] += 1
        points[i, j] += s
        points[j, i] += 1 - s
    met = games > 0
    reached, stack = {index[anchor]}, [index[anchor]]
    while stack:
        i = stack.pop()
        for j in map(int, np.flatnonzero(met[i])):
            if j not in reached:
                reached.add(j)
                stack.append(j)
    if len(reached) < n:
        apart = ", ".join(p for p in players if index[p] not in reached)
        raise ValueError(f"no chain of games links {apart} to {anchor!r}")
    games = games + 2 * prior_draws * met
    points = points + prior_draws * met
    free = [i for i in range(n) if players[i] != anchor]
    r = np.zeros(n)
    hessian = np.zeros((n, n))
    for _ in range(100):
        p = 1 / (1 + np.exp(-K * (r[:, None] - r[None, :])))
        grad = K * (points - games * p).sum(axis=1)
        w = K * K * games * p * (1 - p)
        hessian = w - np.diag(w.sum(axis=1))  # d2 logL / dr_i dr_j
        h = hessian[np.ix_(free, free)]
        step = np.linalg.solve(h, -grad[free])
        r[free] += step
        if np.max(np.abs(step)) < 1e-6:
            break
    cov = np.linalg.inv(-hessian[np.ix_(free, free)])
    sigma = np.zeros(n)
    sigma[free] = np.sqrt(np.diag(cov))
    raw_games = np.zeros(n)
    raw_points = np.zeros(n)
    for a, b, s in results:
        raw_games[index[a]] += 1
        raw_games[index[b]] += 1
        raw_points[index[a]] += s
        raw_points[index[b]] += 1 - s
    out = [
        Rating(p, float(r[i]), float(r[i] - 1.96 * sigma[i]), float(r[i] + 1.96 * sigma[i]),
               int(raw_games[i]), float(raw_points[i]))
        for i, p in enumerate(players)
    ]
    return sorted(out, key=lambda x: -x.elo)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    phat = wins / n
    centre = phat + z * z / (2 * n)
    half = z * math.sqrt(phat * (1 - phat) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)
