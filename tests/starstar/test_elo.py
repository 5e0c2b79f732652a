"""The ladder's Elo fit: known win rates give the logistic Elo gap, intervals shrink with games."""

import math

import pytest

from gridlogic.games.starstar.elo import fit, wilson


def results(a: str, b: str, wins: int, games: int) -> list[tuple[str, str, float]]:
    return [(a, b, 1.0 if k < wins else 0.0) for k in range(games)]


def test_three_to_one_is_about_191_elo() -> None:
    (top, bottom) = fit(results("x", "r", 300, 400), anchor="r", prior_draws=0.0)
    assert (top.player, bottom.player) == ("x", "r")
    assert top.elo == pytest.approx(400 * math.log10(3), abs=0.01)
    assert bottom.elo == bottom.low == bottom.high == 0.0
    assert top.low < top.elo < top.high and top.high - top.low < 80
    assert (top.games, top.score) == (400, 300.0)


def test_even_match_and_draws_give_equal_ratings() -> None:
    games = results("a", "b", 10, 20) + [("a", "b", 0.5)] * 4
    ratings = {r.player: r for r in fit(games, anchor="a")}
    assert ratings["b"].elo == pytest.approx(0.0, abs=1e-6)
    assert ratings["b"].low < 0 < ratings["b"].high


def test_a_clean_sweep_stays_finite_and_the_chain_orders_players() -> None:
    games = results("m", "f", 20, 20) + results("f", "r", 18, 20) + results("m", "r", 20, 20)
    ratings = fit(games, anchor="r")
    assert [r.player for r in ratings] == ["m", "f", "r"]
    assert all(math.isfinite(r.elo) and r.low < r.high for r in ratings if r.player != "r")
    more = fit(games * 4, anchor="r")
    assert more[0].high - more[0].low < ratings[0].high - ratings[0].low


def test_unknown_anchor_and_wilson_interval() -> None:
    with pytest.raises(ValueError, match="anchor"):
        fit(results("a", "b", 1, 2), anchor="z")
    with pytest.raises(ValueError, match="no chain of games links c, d"):
        fit(results("a", "b", 1, 2) + results("c", "d", 1, 2), anchor="a")
    low, high = wilson(75, 100)
    assert 0.65 < low < 0.75 < high < 0.83
    assert wilson(0, 0) == (0.0, 1.0)
