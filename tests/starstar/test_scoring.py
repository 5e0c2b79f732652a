"""Scoring: the seed's worked examples, dead stones, enclosed peries, the three scorings agree."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridlogic.games.starstar.examples import EXAMPLE_1_BLUE, EXAMPLE_1_RED, EXAMPLE_2_BLUE, EXAMPLE_2_RED, cells_of
from gridlogic.games.starstar.graph import StarGraph, star_graph
from gridlogic.games.starstar.playout import full_board_outcome, tables
from gridlogic.games.starstar.scoring import SCORINGS, Score, analyse, score

G4 = star_graph(4)


def names(text: str) -> frozenset[str]:
    return frozenset(text.split())


def labels(nodes: tuple[int, ...] | list[int]) -> set[str]:
    return {G4.labels[a] for a in nodes}


def star_table(cells: list[int]) -> set[tuple[int, frozenset[str], frozenset[str]]]:
    """(player, occupied peries, occupied + surrounded peries) for every star."""
    info = analyse(G4, cells)
    rows = set()
    for i, star in enumerate(info.stars):
        owned = set(labels(star.peries))
        for region in info.regions:
            if region.bordering == (i,):
                owned |= {G4.labels[a] for a in region.nodes if G4.is_peri[a]}
        rows.add((star.player, frozenset(labels(star.peries)), frozenset(owned)))
    return rows


def test_example_1() -> None:
    cells = cells_of(EXAMPLE_1_BLUE, EXAMPLE_1_RED)
    assert all(cells)  # a full position
    assert star_table(cells) == {
        (0, names("R43 *40 *41 S41 T41 A40 A41"), names("R43 *40 *41 S41 T41 A40 A41")),
        (1, names("*42 S40 A42 R40 R42"), names("*42 S40 A42 R40 R42 *43 A43 R41")),
        (1, names("S42 T40"), names("S42 T40 S43")),
        (1, names("T42 T43"), names("T42 T43")),
    }
    assert labels(analyse(G4, cells).dead) == {"*43", "S43", "A43", "R41"}
    s = score(G4, cells)
    assert s == Score(peries=(7, 13), quarks=(2, 3), stars=(1, 3))
    assert s.points("conventional") == (11, 10)  # Blue 7 + 4, Red 13 + 1 (quark peri) - 4
    assert s.points("simplified") == (3, 2)  # as the seed: 7 - 4 and 13 - 12 + 1
    # Schmittberger: the seed writes Blue 7 - 11 + (4 - (-4)) = 4, using 11 for Red's peries where
    # its own text gives Red 13 peries + the quark peri = 14.  By the rule's definition Blue has
    # 7 - 14 + 8 = +1 and Red 14 - 7 - 8 = -1: the same winner and margin as the other scorings.
    assert s.points("schmittberger") == (1, -1)
    assert s.result() == "B+1" and s.winner == 0 and s.decided
    assert sum(s.points()) == 5 * 4 + 1


def test_example_2() -> None:
    cells = cells_of(EXAMPLE_2_BLUE, EXAMPLE_2_RED)
    assert all(cells)
    table = star_table(cells)
    assert {(p, occ) for p, occ, _ in table} == {
        (0, names("*43 R40 R41")),
        (0, names("S41 S42 T40 A42")),
        (0, names("T43 A40")),  # the key two-stone star holding the third quark
        (1, names("*41 *42 R42 R43")),
        (1, names("T41 T42 A41")),
        (1, names("S40 A43")),
    }
    owned_blue = set().union(*(owned for p, _, owned in table if p == 0))
    owned_red = set().union(*(owned for p, _, owned in table if p == 1))
    assert owned_blue == names("*43 S41 S42 T40 T43 A40 A42 R40 R41 S43")
    assert owned_red == names("*41 *42 S40 T41 T42 A41 A43 R42 R43 *40")
    info = analyse(G4, cells)
    assert labels(info.dead) == {"*40", "S43"}  # Red's stone on S43 scores nothing
    assert any(len(star.stones) == 2 for star in info.stars)
    s = score(G4, cells)
    assert s == Score(peries=(10, 10), quarks=(3, 2), stars=(3, 3))
    assert s.points() == (11, 10) and s.points("simplified") == (-1, -2)
    assert s.points("schmittberger") == (1, -1)
    assert s.result() == "B+1"


def test_examples_use_the_centre_bridge() -> None:
    for blue, red in ((EXAMPLE_1_BLUE, EXAMPLE_1_RED), (EXAMPLE_2_BLUE, EXAMPLE_2_RED)):
        info = analyse(G4, cells_of(blue, red))
        for player in (0, 1):
            # a star of each colour holds two ring-1 nodes linked only by the centre star
            assert any(
                (b - a) % 5 in (2, 3)
                for star in info.stars
                if star.player == player
                for a in star.stones
                for b in star.stones
                if a < b < 5
            ), player


def test_bridge_lets_both_players_connect_through_the_centre() -> None:
    g = star_graph(3)
    cells = [0] * g.size
    for label in names("*30 *20 *10 T10 T20 T30"):
        cells[g.parse(label)] = 1
    for label in names("S30 S20 S10 A10 A20 A30"):
        cells[g.parse(label)] = 2
    assert g.parse("T10") in g.neighbours[g.parse("*10")]  # across the star, not along ring 1
    assert g.parse("A10") in g.neighbours[g.parse("S10")]
    info = analyse(g, cells)
    assert sorted((s.player, len(s.stones), len(s.peries)) for s in info.stars) == [(0, 6, 2), (1, 6, 2)]
    assert not info.dead


def test_dead_stones_and_enclosed_peries() -> None:
    g = star_graph(3)
    cells = [0] * g.size
    for label in names("*30 *20 *21 *32"):
        cells[g.parse(label)] = 1
    s = score(g, cells)  # one Black star: every region borders only Black
    assert s == Score(peries=(15, 0), quarks=(5, 0), stars=(1, 0))
    cells[g.parse("*31")] = 2  # a lone White stone inside Black's star: dead
    info = analyse(g, cells)
    assert info.dead == (g.parse("*31"),)
    assert score(g, cells) == s
    for label in names("S30 S20 S10 A10 A20 A30"):  # a White star elsewhere
        cells[g.parse(label)] = 2
    s2 = score(g, cells)
    assert s2.stars == (1, 1)
    assert s2.peries[0] == 3  # *30 *32 occupied, *31 enclosed
    assert s2.peries[1] == 2 and s2.neutral_peries == 10 and not s2.decided
    assert s2.points() == (3, 2) and s2.winner == 0


def test_empty_board_is_undecided() -> None:
    s = score(G4, [0] * G4.size)
    assert s == Score((0, 0), (0, 0), (0, 0), neutral_peries=20)
    assert s.winner is None and s.result() == "0"


def check_invariants(rings: int, cells: list[int]) -> Score:
    g = star_graph(rings)
    s = score(g, cells)
    margin = s.margin()
    for name in SCORINGS:
        assert s.margin(name) == margin, name
    black, white = s.points("schmittberger")
    assert black == -white == margin
    if s.decided:
        assert sum(s.points()) == 5 * rings + 1
        assert sum(s.peries) == 5 * rings and sum(s.quarks) == 5
        assert s.winner is not None
    outcome = full_board_outcome(tables(rings), cells)  # the playout scorer agrees
    assert (outcome.margin, outcome.quark_lead, outcome.winner) == (margin, s.quarks[0] - s.quarks[1], s.winner)
    return s


def test_thousands_of_random_full_boards() -> None:
    rng = random.Random(6)
    decided = 0
    for i in range(2000):
        rings = 2 + i % 6
        n = star_graph(rings).size
        cells = [rng.choice((1, 2)) for _ in range(n)]
        decided += check_invariants(rings, cells).decided
    assert decided > 1500  # most random full boards are decided


def full_boards(rings: int) -> st.SearchStrategy[tuple[int, list[int]]]:
    n = star_graph(rings).size
    return st.tuples(st.just(rings), st.lists(st.sampled_from((1, 2)), min_size=n, max_size=n))


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 8).flatmap(full_boards))
def test_invariants_hypothesis(case: tuple[int, list[int]]) -> None:
    check_invariants(*case)


@pytest.mark.parametrize("rings", [3, 5])
def test_partial_boards_agree_across_scorings(rings: int) -> None:
    g = star_graph(rings)
    rng = random.Random(rings)
    for _ in range(200):
        cells = [rng.choice((0, 1, 2)) for _ in range(g.size)]
        s = score(g, cells)
        assert s.margin("simplified") == s.margin() == s.schmittberger(0) == -s.schmittberger(1)
        assert sum(s.peries) + s.neutral_peries == 5 * rings
        if s.decided:  # the seed's invariant holds on any decided board, full or not
            assert sum(s.points()) == 5 * rings + 1


# -- the seed's wording: "a star exists when a connected group of a single color owns at least two
# peries; a peri is owned if it is either directly occupied by that star, or if the peri is enclosed
# by the territory occupied by the star" --------------------------------------------------------------
def ring_wall(rings: int, ring: int) -> list[str]:
    g = star_graph(rings)
    return [g.labels[a] for a, (_, x, _) in enumerate(g.coords) if x == ring]


def test_one_occupied_peri_enclosing_the_other_19_is_a_star() -> None:
    # the board: ring 3 and the peri *40 are one Black group; the other 19 peries are cut off
    cells = [0] * G4.size
    for label in [*ring_wall(4, 3), "*40"]:
        cells[G4.parse(label)] = 1
    for label in ("*10", "T20"):  # White stones inside the wall are not in the cut-off part
        cells[G4.parse(label)] = 2
    info = analyse(G4, cells)
    assert len(info.stars) == 1
    star = info.stars[0]
    assert labels(star.peries) == {"*40"}
    assert len(star.enclosed) == 19 and len(star.owned) == 20
    s = score(G4, cells)
    assert s == Score(peries=(20, 0), quarks=(5, 0), stars=(1, 0))
    assert s.points() == (20 + 1 - 2, 2) and sum(s.points()) == 5 * 4 + 1
    assert s.decided and s.winner == 0


def test_enclosing_alone_makes_a_star() -> None:
    # a group occupying no peri owns every peri it encloses: here the whole perimeter
    cells = [0] * G4.size
    for label in ring_wall(4, 3):
        cells[G4.parse(label)] = 2
    info = analyse(G4, cells)
    assert [(st.player, st.peries, len(st.enclosed)) for st in info.stars] == [(1, (), 20)]
    assert score(G4, cells).points() == (2, 20 + 1 - 2)


def test_a_peri_with_an_enemy_stone_in_its_part_is_not_enclosed() -> None:
    cells = [0] * G4.size
    for label in [*ring_wall(4, 3), "*40"]:
        cells[G4.parse(label)] = 1
    cells[G4.parse("T42")] = 2  # a White stone in the cut-off part: nothing there is enclosed yet
    info = analyse(G4, cells)
    assert not info.stars and labels(info.dead) == {*ring_wall(4, 3), "*40", "T42"}
    assert score(G4, cells).neutral_peries == 20
    for label in ("T41", "T43"):  # Black takes the peries beside it: one star, the White stone dead
        cells[G4.parse(label)] = 1
    info = analyse(G4, cells)
    assert len(info.stars) == 1 and labels(info.dead) == {"T42"}
    s = score(G4, cells)
    assert s.peries == (20, 0) and s.decided


def test_one_peri_alone_is_not_a_star() -> None:
    g = star_graph(3)
    cells = [0] * g.size
    for label in ("S30", "S31", "S32", "T30"):  # a White star of 4 peries
        cells[g.parse(label)] = 2
    cells[g.parse("*30")] = 1  # one peri, nothing cut off
    cells[g.parse("A20")] = 1  # no peri at all
    info = analyse(g, cells)
    assert [st.player for st in info.stars] == [1]
    assert labels_of(g, info.dead) == {"*30", "A20"}


def labels_of(g: StarGraph, nodes: tuple[int, ...]) -> set[str]:
    return {g.labels[a] for a in nodes}


def test_full_boards_stars_are_the_groups_occupying_two_peries() -> None:
    # on a full board every cut-off part holds enemy stones, so enclosure never adds a star there
    rng = random.Random(11)
    for i in range(300):
        rings = 2 + i % 5
        g = star_graph(rings)
        cells = [rng.choice((1, 2)) for _ in range(g.size)]
        for star in analyse(g, cells).stars:
            assert len(star.peries) >= 2 and star.enclosed == ()
