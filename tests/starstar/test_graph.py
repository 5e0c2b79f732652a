"""Board graph: counts, degrees, labels, the centre bridge."""

import pytest

from gridlogic.games.starstar.graph import SECTORS, edge_count, node_count, star_graph


@pytest.mark.parametrize("rings", range(2, 13))
def test_counts_and_degrees(rings: int) -> None:
    g = star_graph(rings)
    assert g.size == node_count(rings) == 5 * rings * (rings + 1) // 2
    assert len(g.peries) == 5 * rings
    assert len(g.quarks) == 5
    assert len(g.edges()) == edge_count(rings) == 5 * rings * (3 * rings + 1) // 2
    for node, nbrs in enumerate(g.neighbours):
        _, x, y = g.coords[node]
        assert node not in nbrs
        assert all(node in g.neighbours[b] for b in nbrs)  # symmetric
        if x == rings:
            assert len(nbrs) == (3 if y == 0 else 4), g.labels[node]
            assert g.is_peri[node]
            assert g.is_quark[node] == (y == 0)
        elif x == 1:
            assert len(nbrs) == 7
        else:
            assert len(nbrs) == 6
    assert sum(g.is_peri) == 5 * rings and sum(g.is_quark) == 5


@pytest.mark.parametrize(
    ("rings", "nodes", "peries", "edges"), [(6, 105, 30, 285), (8, 180, 40, 500), (10, 275, 50, 775)]
)
def test_issue_sizes(rings: int, nodes: int, peries: int, edges: int) -> None:
    g = star_graph(rings)
    assert (g.size, len(g.peries), len(g.edges())) == (nodes, peries, edges)


def test_labels_and_edges_on_four_rings() -> None:
    g = star_graph(4)
    assert g.labels[:5] == ("*10", "S10", "T10", "A10", "R10")
    assert [g.labels[p] for p in g.peries][:5] == ["*40", "*41", "*42", "*43", "S40"]
    assert [g.labels[q] for q in g.quarks] == ["*40", "S40", "T40", "A40", "R40"]
    assert g.parse("t43") == g.parse("T43") == g.index(2, 4, 3)
    assert g.label(g.index(4, 3, 2)) == "R32"

    def nb(label: str) -> set[str]:
        return {g.labels[b] for b in g.neighbours[g.parse(label)]}

    assert nb("*40") == {"*41", "R43", "*30"}  # a quark
    assert nb("R43") == {"R42", "*40", "R32", "*30"}  # corner-cross to the next sector
    assert nb("S32") == {"S31", "T30", "S21", "T20", "S42", "S43"}
    assert nb("*10") == {"S10", "T10", "A10", "R10", "*20", "*21", "R21"}  # the centre star
    for bad in ("Q99", "*44", "*50", "", "X", "S4"):
        with pytest.raises(ValueError, match="not a node"):
            g.parse(bad)


def test_ten_and_twelve_ring_labels() -> None:
    g10 = star_graph(10)
    assert g10.labels[g10.peries[0]] == "*00"
    assert g10.label(g10.index(3, 10, 9)) == "A09"
    assert len(set(g10.labels)) == g10.size
    g12 = star_graph(12)
    assert len(set(g12.labels)) == g12.size  # extended labels stay unique
    assert g12.parse("S11.3") == g12.index(1, 11, 3)
    assert SECTORS == "*STAR"


@pytest.mark.parametrize("rings", [1, 0, 20])
def test_bad_ring_counts(rings: int) -> None:
    with pytest.raises(ValueError, match="rings"):
        star_graph(rings)
